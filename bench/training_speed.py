#!/usr/bin/env python3
"""Training speed of the workbench engine against the Python PyTorch loop (same libtorch),
measured pair by pair in one session so that machine noise hits both runners alike.

Default run (about 20 minutes on a 2-core machine):
  1. this machine's peak GFLOP/s (GEMM and 3x3 convolution, fp32 and bf16, one thread);
  2. training images/s, FP32 and AMP (CPU bf16), contiguous and channels_last, at 28 px batch 128
     (Fashion-MNIST), 64 px batch 64 and 224 px batch 32 (synthetic): for each image size, R rounds
     of engine/Python pairs whose order alternates; also the time each step waited for its batch;
  3. the data pipeline on an ImageFolder of real JPEG photos (built under the output folder):
     the engine's loader against torchvision's ImageFolder + DataLoader at 0, 1 and 2 workers.
--quick is a smoke run of every case kind (2-3 minutes; numbers too short to quote).
--epoch instead times one Fashion-MNIST epoch end to end, engine against the Python script.
--defaults instead runs what users start, as they start it: `amp-workbench-cli train` with only a step
limit (the README's default run) against the original write-up's script (bench/write_up_loop.py) on the
same images, R alternating pairs (default 5), no environment variables; it reports each program's
operator and loader thread counts and the median and range of the ratio.
--layouts instead runs the default run, FP32 and AMP, in its default layout (channels_last) against the
same run with --contiguous, R alternating pairs (default 5), and reports the ratio's median and range.
--repeats instead runs the default comparison (`amp-workbench-cli compare`, nothing else set: one
Fashion-MNIST epoch of FP32 and of AMP, in turns step by step on a CPU) R times (default 5) and reports
AMP / FP32 in each, with its margin and verdict, and the spread of the ratios around their median
(with --order interleave or one-after-the-other: `compare` with that option).

Results: <out>/training-speed-<time>/results.jsonl (one record per measurement) and
table.md (medians and ratios), also printed.

  .venv/bin/python bench/training_speed.py --build build [--quick | --epoch | --defaults | --layouts] [--sizes 28,64,224]
                                           [--repeats [--order O]] [--rounds R] [--out DIR]
"""
import argparse
import datetime
import json
import os
import sys

import torch

import flop_rates
import photo_folder
import speed_report
import speed_runners

CASES = [
    {"size": 28, "batch": 128, "data": "fashion-mnist"},
    {"size": 64, "batch": 64, "data": "synthetic"},
    {"size": 224, "batch": 32, "data": "synthetic"},
]
# Steps per training run (default, --quick); the first 10 % (at least 1) are warm-up.
STEPS = {28: (20, 5), 64: (10, 4), 224: (3, 2)}
ROUNDS = {28: 3, 64: 3, 224: 2}
LOADER_WORKERS = (0, 1, 2)
TRAINING_WORKERS = 2
EPOCH_STEPS = 60000 // 128  # one Fashion-MNIST epoch at batch 128, last partial batch dropped
DEFAULTS_STEPS = 30  # engine steps of 128 images per run; the write-up's script takes as many images in 64s
DEFAULTS_ROUNDS = 5
REPEATS = 5


class Session:
    """The session's measurements, each appended to results.jsonl (and printed) as it arrives."""

    def __init__(self, folder):
        self.folder = folder
        self.records = []
        os.makedirs(folder, exist_ok=True)

    def add(self, record):
        self.records.append(record)
        with open(os.path.join(self.folder, "results.jsonl"), "a") as out:
            out.write(json.dumps(record) + "\n")
        print(json.dumps(record), flush=True)


def pair_order(index):
    return ("engine", "python") if index % 2 == 0 else ("python", "engine")


def measure_training(session, cli, cases, rounds, quick):
    for case in cases:
        size = case["size"]
        steps = STEPS[size][1 if quick else 0]
        configs = [(layout, precision) for layout in ("contiguous", "channels_last") for precision in ("fp32", "amp")]
        if quick:  # every code path once: channels_last, both precisions (AMP only at 224 px)
            configs = [("channels_last", "amp")] if size == 224 else configs[2:]
        for round_index in range(1 if quick else rounds or ROUNDS[size]):
            for config_index, (layout, precision) in enumerate(configs):
                for runner in pair_order(round_index + config_index):
                    channels_last = layout == "channels_last"
                    if runner == "engine":
                        name = f"{size}px-{layout}-{precision}-r{round_index}"
                        result = speed_runners.engine_training(cli, case, precision, channels_last, steps,
                                                               TRAINING_WORKERS, os.path.join(session.folder, "runs"),
                                                               name)
                    else:
                        result = speed_runners.python_training(case, precision, channels_last, steps,
                                                               TRAINING_WORKERS)
                    session.add({"kind": "training", "runner": runner, **case, "layout": layout,
                                 "precision": precision, "round": round_index, **result})


def measure_loader(session, loader_binary, out, rounds, quick):
    folder = photo_folder.build(os.path.join(out, "photo-folder"))
    epochs = 1 if quick else 3
    worker_counts = (0, 2) if quick else LOADER_WORKERS
    for round_index in range(1 if quick else rounds or 3):
        for workers in worker_counts:
            for runner in pair_order(round_index + workers):
                if runner == "engine":
                    result = speed_runners.engine_loader(loader_binary, folder, workers, epochs)
                else:
                    result = speed_runners.python_loader(folder, workers, epochs)
                session.add({"kind": "loader", **result, "round": round_index})
    return worker_counts


def measure_epoch(session, cli):
    case = CASES[0]
    for index, precision in enumerate(("fp32", "amp")):
        for runner in pair_order(index):
            if runner == "engine":
                result = speed_runners.engine_training(cli, case, precision, False, 0, TRAINING_WORKERS,
                                                       os.path.join(session.folder, "runs"), f"epoch-{precision}",
                                                       epochs=1)
            else:
                result = speed_runners.python_training(case, precision, False, EPOCH_STEPS, TRAINING_WORKERS)
            session.add({"kind": "epoch", "runner": runner, **case, "layout": "contiguous", "precision": precision,
                         "round": 0, **result})


def measure_defaults(session, cli, rounds):
    for round_index in range(rounds or DEFAULTS_ROUNDS):
        for runner in pair_order(round_index):
            if runner == "engine":
                result = speed_runners.engine_defaults(cli, DEFAULTS_STEPS, os.path.join(session.folder, "runs"),
                                                       f"defaults-r{round_index}")
            else:
                result = speed_runners.write_up_defaults(DEFAULTS_STEPS * 2)
            session.add({**result, "kind": "defaults", "runner": runner, "round": round_index})


def measure_layouts(session, cli, rounds):
    for round_index in range(rounds or DEFAULTS_ROUNDS):
        for precision in ("fp32", "amp"):
            layouts = ("channels_last", "contiguous") if round_index % 2 == 0 else ("contiguous", "channels_last")
            for layout in layouts:
                options = ["--precision", precision] + (["--contiguous"] if layout == "contiguous" else [])
                result = speed_runners.engine_defaults(cli, DEFAULTS_STEPS, os.path.join(session.folder, "runs"),
                                                       f"layout-{precision}-{layout}-r{round_index}", options)
                if result["channels_last"] != (layout == "channels_last"):
                    sys.exit(f"the run recorded channels_last={result['channels_last']}, not the {layout} layout")
                session.add({**result, "kind": "layout", "precision": precision, "layout": layout,
                             "round": round_index})


def measure_repeats(session, cli, rounds, order):
    options = [] if order == "default" else [f"--{order}"]
    for round_index in range(rounds or REPEATS):
        result = speed_runners.engine_compare(cli, os.path.join(session.folder, "runs"), f"compare-r{round_index}",
                                              options)
        session.add({**result, "kind": "repeat", "round": round_index, "order": order})


def machine_line():
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{speed_runners.cpu()}; torch {torch.__version__} with {torch.get_num_threads()} intra-op "
            f"thread(s); load average at the end {load}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build", help="the build folder (configured with -DAMPWB_BUILD_BENCH=ON)")
    parser.add_argument("--out", default="bench-results")
    parser.add_argument("--sizes", default="28,64,224", help="training cases to run, by image size")
    parser.add_argument("--rounds", type=int, default=0,
                        help="engine/Python pairs per case (default: 3 at 28 and 64 px, 2 at 224 px)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", action="store_true", help="a short smoke run of every case kind")
    mode.add_argument("--epoch", action="store_true", help="only one Fashion-MNIST epoch, end to end")
    mode.add_argument("--defaults", action="store_true",
                      help="only the default run against the write-up's script, as users start them")
    mode.add_argument("--layouts", action="store_true",
                      help="only the default run in its default layout against --contiguous, FP32 and AMP")
    mode.add_argument("--repeats", action="store_true", help="only repeats of the default comparison")
    parser.add_argument("--order", choices=["default", "interleave", "one-after-the-other"], default="default",
                        help="with --repeats: the comparison's order option (default: none given)")
    args = parser.parse_args()

    cli = os.path.join(args.build, "app", "cli", "amp-workbench-cli")
    loader_binary = os.path.join(args.build, "bench", "loader_throughput")
    for binary in (cli,) if args.epoch or args.defaults or args.layouts or args.repeats else (cli, loader_binary):
        if not os.access(binary, os.X_OK):
            sys.exit(f"{binary} is missing: build with -DAMPWB_BUILD_BENCH=ON "
                     f"(ninja -C {args.build} amp-workbench-cli loader_throughput)")
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    suffix = next((f"-{mode}" for mode in ("epoch", "defaults", "layouts", "repeats") if getattr(args, mode)), "")
    session = Session(os.path.join(args.out, f"training-speed-{stamp}{suffix}"))
    started = datetime.datetime.now(datetime.timezone.utc)

    lines = []
    if args.repeats:
        measure_repeats(session, cli, args.rounds, args.order)
        given = "" if args.order == "default" else f" with --{args.order}"
        lines += [f"The default comparison{given}, repeated:", "",
                  *speed_report.repeats_table(session.records)]
    elif args.defaults:
        measure_defaults(session, cli, args.rounds)
        lines += ["The default run against the write-up's script, as users start them:", "",
                  *speed_report.defaults_table(session.records)]
    elif args.layouts:
        measure_layouts(session, cli, args.rounds)
        lines += ["The default run in its default layout (channels_last) against --contiguous:", "",
                  *speed_report.layouts_table(session.records)]
    elif args.epoch:
        measure_epoch(session, cli)
        lines += ["One Fashion-MNIST epoch (468 steps of 128, contiguous, 2 workers), end to end:", "",
                  *speed_report.epoch_table(session.records)]
    else:
        peaks = {threads: flop_rates.measured_peaks(1.0 if args.quick else 3.0, threads)
                 for threads in sorted({1, torch.get_num_threads(), speed_runners.physical_cores()})}
        for threads, rates in peaks.items():
            session.add({"kind": "peak", "threads": threads, **rates})
        flops = {case["size"]: flop_rates.training_flops_per_image(case["size"]) for case in CASES}
        session.add({"kind": "flops_per_image", **{str(size): value for size, value in flops.items()}})
        sizes = {int(size) for size in args.sizes.split(",") if size}
        cases = [case for case in CASES if case["size"] in sizes]
        measure_training(session, cli, cases, args.rounds, args.quick)
        worker_counts = measure_loader(session, loader_binary, args.out, args.rounds, args.quick)
        lines += ["Measured peak (torch), at each thread count the programs use:", "",
                  *speed_report.peak_table(peaks), "",
                  "ResNet-18 training GFLOP per image: "
                  + ", ".join(f"{size} px {value / 1e9:.3f}" for size, value in flops.items()), "",
                  "Training throughput (medians):", "",
                  *speed_report.training_table(session.records, cases, flops, peaks), "",
                  "AMP (bf16) over FP32, per runner:", "", *speed_report.amp_table(session.records, cases), "",
                  "Data pipeline, ImageFolder of 256 JPEG photos, RandomResizedCrop(224) + flip, batch 32:", "",
                  *speed_report.loader_table(session.records, worker_counts)]
    minutes = (datetime.datetime.now(datetime.timezone.utc) - started).total_seconds() / 60
    header = [f"Machine: {machine_line()}.",
              f"Session: {started:%Y-%m-%d %H:%M} UTC, {minutes:.1f} min{' (--quick)' if args.quick else ''}.", ""]
    text = "\n".join(header + lines) + "\n"
    with open(os.path.join(session.folder, "table.md"), "w") as out:
        out.write(text)
    print("\n" + text + f"\nResults in {session.folder}")


if __name__ == "__main__":
    main()
