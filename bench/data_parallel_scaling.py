#!/usr/bin/env python3
"""Data-parallel training on this machine, in pairs whose order alternates, on 64 px synthetic images,
batch 64 per rank, two ranks of one operator thread each (Gloo on loopback):

- against one rank (--against one-rank, the default): `amp-workbench-cli train --nproc-per-node 2
  --threads 1` against `amp-workbench-cli train --threads 1`: the scaling;
- against Python DDP (--against python-ddp): the same two engine ranks against Debian's
  `torchrun --standalone --nproc_per_node 2 bench/python_reference_loop.py` (torchvision's resnet18 in
  DistributedDataParallel, a DistributedSampler, the same SGD, bf16 autocast for AMP; torchrun gives
  each worker one thread);
- against two lone ranks (--against two-alone): the same two engine ranks against two `amp-workbench-cli
  train --threads 1` started together in no group, their images/s summed: what communicating and stepping
  together cost, apart from what two processes sharing this machine cost each other.

Both sides read 1,024 ready synthetic images without augmentation and do not validate; everything else
is the default a user gets (2 loader workers per rank, no environment variables). The ranks step together
(each step ends with the gradients' all-reduce), so a group's images/s is the world size times rank 0's
steady-state images/s (warm-up steps left out). For the engine's two ranks the medians of ranks.csv's
all-reduce time and its exposed part (what backward did not hide) are printed too.

  .venv/bin/python bench/data_parallel_scaling.py --build build [--against one-rank|python-ddp|two-alone]
      [--pairs 5] [--steps 30] [--precision fp32|amp]

Prints each pair and the median ratio with its range; writes <out>/data-parallel-<time>/results.jsonl.
"""
import argparse
import csv
import datetime
import json
import os
import statistics
import subprocess
import time

from speed_runners import _json_lines, _run, cpu

HERE = os.path.dirname(os.path.abspath(__file__))


def engine_command(cli, ranks, steps, precision, folder, name):
    command = [cli, "train", "--json", "--data", "synthetic", "--image-size", "64", "--batch-size", "64",
               "--synthetic-size", "1024", "--no-augment", "--no-validation", "--max-steps", str(steps),
               "--epochs", "1000", "--threads", "1", "--precision", precision, "--run-dir", folder, "--name", name]
    if ranks > 1:
        command += ["--nproc-per-node", str(ranks)]
    return command


def finished_event(output, name):
    finished = next(e for e in _json_lines(output) if e.get("event") == "finished")
    if finished["state"] != "finished":
        raise SystemExit(f"{name} ended {finished['state']}: {finished['message']}")
    return finished


def engine(cli, ranks, steps, precision, folder, name):
    output, wall = _run(engine_command(cli, ranks, steps, precision, folder, name))
    finished = finished_event(output, name)
    record = {"runner": f"engine, {ranks} rank{'s' if ranks > 1 else ''}", "ranks": ranks,
              "images_per_second": ranks * finished["images_per_second"],
              "median_step_ms": finished["median_step_ms"], "wall_s": wall}
    if ranks > 1:
        with open(os.path.join(folder, name, "ranks.csv")) as file:
            rows = [row for row in csv.DictReader(file) if int(row["step"]) > 1]
        record["allreduce_ms"] = statistics.median(float(row["allreduce_ms"]) for row in rows)
        record["allreduce_exposed_ms"] = statistics.median(float(row["allreduce_exposed_ms"]) for row in rows)
    return record


def two_alone(cli, steps, precision, folder, name):
    """Two one-rank runs started together, in no group: what two ranks get from this machine when
    nothing is communicated (the sum of their images/s; the step time is the slower one's)."""
    start = time.perf_counter()
    names = [f"{name}-{index}" for index in range(2)]
    processes = [subprocess.Popen(engine_command(cli, 1, steps, precision, folder, run), stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for run in names]
    outputs = [process.communicate() for process in processes]
    wall = time.perf_counter() - start
    for process, (stdout, stderr), run in zip(processes, outputs, names):
        if process.returncode != 0:
            raise SystemExit(f"{run} failed ({process.returncode}): {stderr[-2000:]}")
    finished = [finished_event(stdout, run) for (stdout, _), run in zip(outputs, names)]
    return {"runner": "2 lone ranks at once", "ranks": 2,
            "images_per_second": sum(event["images_per_second"] for event in finished),
            "median_step_ms": max(event["median_step_ms"] for event in finished), "wall_s": wall}


def python_ddp(steps, precision):
    torchrun = os.path.join(os.path.dirname(HERE), ".venv", "bin", "torchrun")
    if not os.access(torchrun, os.X_OK):
        raise SystemExit("torchrun is not installed in .venv (run installer/install-build-deps.sh)")
    command = [torchrun, "--redirects", "1", "--tee", "1", "--standalone", "--nproc_per_node", "2",
               os.path.join(HERE, "python_reference_loop.py"), "--data", "synthetic", "--image-size", "64",
               "--batch-size", "64", "--steps", str(steps), "--precision", precision]
    output, wall = _run(command)
    result = json.loads(next(line.split(":", 1)[1] for line in output.splitlines()
                             if line.startswith("[default0]:{")))
    return {"runner": "Python DDP, 2 ranks", "ranks": 2, "images_per_second": result["global_images_per_second"],
            "median_step_ms": result["median_step_ms"], "wall_s": wall}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--against", default="one-rank", choices=["one-rank", "python-ddp", "two-alone"])
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--precision", default="fp32", choices=["fp32", "amp"])
    parser.add_argument("--out", default="/tmp/bench-results")
    args = parser.parse_args()
    cli = os.path.abspath(os.path.join(args.build, "app/cli/amp-workbench-cli"))
    folder = os.path.join(args.out, f"data-parallel-{datetime.datetime.now():%Y%m%d-%H%M%S}")
    os.makedirs(folder)

    def peer(pair):
        if args.against == "python-ddp":
            return python_ddp(args.steps, args.precision)
        if args.against == "two-alone":
            return two_alone(cli, args.steps, args.precision, folder, f"pair{pair}-alone")
        return engine(cli, 1, args.steps, args.precision, folder, f"pair{pair}-one")

    pairs = []
    with open(os.path.join(folder, "results.jsonl"), "w") as results:
        for pair in range(args.pairs):
            runs = {}
            for side in (("engine", "peer") if pair % 2 == 0 else ("peer", "engine")):
                runs[side] = (engine(cli, 2, args.steps, args.precision, folder, f"pair{pair}-two")
                              if side == "engine" else peer(pair))
                record = dict(runs[side], pair=pair, precision=args.precision)
                results.write(json.dumps(record) + "\n")
                print(json.dumps(record), flush=True)
            pairs.append(runs)

    ratios = [runs["engine"]["images_per_second"] / runs["peer"]["images_per_second"] for runs in pairs]
    peer_name = pairs[0]["peer"]["runner"]
    print(f"\n{cpu()}; synthetic 64 px, batch 64 per rank, {args.precision}, {args.steps} steps, "
          f"{args.pairs} pairs (order alternating)\n")
    print(f"| pair | {peer_name} images/s | engine, 2 ranks images/s | engine / {peer_name} | {peer_name} step (ms) "
          "| engine step (ms) | all-reduce (ms) | not hidden (ms) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for pair, (runs, ratio) in enumerate(zip(pairs, ratios)):
        mine, other = runs["engine"], runs["peer"]
        print(f"| {pair} | {other['images_per_second']:.1f} | {mine['images_per_second']:.1f} | {ratio:.2f} | "
              f"{other['median_step_ms']:.0f} | {mine['median_step_ms']:.0f} | {mine['allreduce_ms']:.0f} | "
              f"{mine['allreduce_exposed_ms']:.0f} |")
    print(f"\nengine, 2 ranks / {peer_name}: median {statistics.median(ratios):.2f}× "
          f"(range {min(ratios):.2f}–{max(ratios):.2f})")


if __name__ == "__main__":
    main()
