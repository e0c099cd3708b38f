#!/usr/bin/python3
"""Data-parallel scaling on this machine: `amp-workbench-cli train --nproc-per-node 2 --threads 1` (two
ranks of one operator thread each, Gloo on loopback) against `amp-workbench-cli train --threads 1` (one
rank), on 64 px synthetic images, batch 64 per rank, in pairs whose order alternates. Everything else is
the default a user gets (loader workers, no environment variables).

The ranks step together (every step ends with the gradients' all-reduce), so the group's images/s is
the world size times rank 0's steady-state images/s (warm-up steps left out, as the engine counts them).

  /usr/bin/python3 bench/data_parallel_scaling.py --build build [--pairs 5] [--steps 30] [--precision fp32]

Prints each pair and the median ratio with its range; writes <out>/data-parallel-<time>/results.jsonl.
"""
import argparse
import datetime
import json
import os
import statistics

from speed_runners import _json_lines, _run, cpu


def train(cli, ranks, steps, precision, folder, name):
    command = [cli, "train", "--json", "--data", "synthetic", "--image-size", "64", "--batch-size", "64",
               "--synthetic-size", "8192", "--max-steps", str(steps), "--epochs", "1000", "--threads", "1",
               "--precision", precision, "--validation-limit", "64", "--run-dir", folder, "--name", name]
    if ranks > 1:
        command += ["--nproc-per-node", str(ranks)]
    output, wall = _run(command)
    finished = next(e for e in _json_lines(output) if e.get("event") == "finished")
    if finished["state"] != "finished":
        raise SystemExit(f"{name} ended {finished['state']}: {finished['message']}")
    return {"ranks": ranks, "images_per_second": ranks * finished["images_per_second"],
            "median_step_ms": finished["median_step_ms"], "wall_s": wall}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--precision", default="fp32", choices=["fp32", "amp"])
    parser.add_argument("--out", default="/tmp/bench-results")
    args = parser.parse_args()
    cli = os.path.abspath(os.path.join(args.build, "app/cli/amp-workbench-cli"))
    folder = os.path.join(args.out, f"data-parallel-{datetime.datetime.now():%Y%m%d-%H%M%S}")
    os.makedirs(folder)
    records = []
    with open(os.path.join(folder, "results.jsonl"), "w") as results:
        for pair in range(args.pairs):
            order = (1, 2) if pair % 2 == 0 else (2, 1)
            for ranks in order:
                record = dict(train(cli, ranks, args.steps, args.precision, folder, f"pair{pair}-ranks{ranks}"),
                              pair=pair)
                records.append(record)
                results.write(json.dumps(record) + "\n")
                print(json.dumps(record), flush=True)

    def of(ranks, field):
        return [r[field] for r in sorted(records, key=lambda r: r["pair"]) if r["ranks"] == ranks]

    ratios = [two / one for one, two in zip(of(1, "images_per_second"), of(2, "images_per_second"))]
    print(f"\n{cpu()}; synthetic 64 px, batch 64 per rank, {args.precision}, {args.steps} steps, "
          f"{args.pairs} pairs (order alternating)\n")
    print("| pair | 1 rank images/s | 2 ranks images/s | 2 ranks / 1 rank | 1 rank step (ms) | 2 ranks step (ms) |")
    print("|---:|---:|---:|---:|---:|---:|")
    for pair, ratio in enumerate(ratios):
        print(f"| {pair} | {of(1, 'images_per_second')[pair]:.1f} | {of(2, 'images_per_second')[pair]:.1f} | "
              f"{ratio:.2f} | {of(1, 'median_step_ms')[pair]:.0f} | {of(2, 'median_step_ms')[pair]:.0f} |")
    print(f"\n2 ranks / 1 rank: median {statistics.median(ratios):.2f}× (range {min(ratios):.2f}–{max(ratios):.2f})")


if __name__ == "__main__":
    main()
