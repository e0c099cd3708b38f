#!/usr/bin/env python3
"""Batch-1 CPU latency of the workbench's Classifier against Debian's PyTorch, in one session.

Each round runs every variant once, back to back, so machine noise hits all of them:
  workbench fp32 and bf16 (bench/classify_latency), torchvision eager fp32 and bf16
  (NCHW and channels-last), and torch.jit.optimize_for_inference fp32.
Prints the median over rounds of each variant's median wall and CPU milliseconds per image,
and the issue's two targets as ratios: workbench fp32 / optimized TorchScript fp32 (target
<= 1) and workbench bf16 / eager fp32 (target <= 0.5).

Usage: classify_latency_compare.py CLASSIFY_LATENCY_BINARY [--rounds N] [--repeats N] [--threads N]
"""
import argparse
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run(command):
    """{precision: (wall ms/image, CPU ms/image)} from one run of a latency program."""
    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    figures = {}
    for line in output.splitlines():
        cells = line.split()
        if len(cells) == 6 and cells[0] in ("fp32", "bf16"):
            figures[cells[0]] = (float(cells[3]), float(cells[4]))
    return figures


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--threads", type=int, default=1)
    arguments = parser.parse_args()
    common = ["--threads", str(arguments.threads), "--repeats", str(arguments.repeats), "--batches", "1"]
    python = [sys.executable, os.path.join(HERE, "classify_latency.py")] + common
    variants = {
        "workbench": [arguments.binary] + common,
        "torchvision eager NCHW": python,
        "torchvision eager channels-last": python + ["--channels-last"],
        "torchvision optimize_for_inference": python + ["--jit", "--precisions", "fp32"],
    }
    samples = {}
    for round_number in range(1, arguments.rounds + 1):
        for name, command in variants.items():
            for precision, figures in run(command).items():
                samples.setdefault((name, precision), []).append(figures)
        print(f"round {round_number} of {arguments.rounds} done", file=sys.stderr)

    medians = {key: (statistics.median(w for w, _ in values), statistics.median(c for _, c in values))
               for key, values in samples.items()}
    print(f"batch 1, 224 px, {arguments.threads} thread(s), {arguments.rounds} rounds of "
          f"{arguments.repeats} passes; medians of the rounds' medians, ms per image")
    print(f"{'variant':<38} {'precision':<9} {'wall ms':>8} {'CPU ms':>8}")
    for (name, precision), (wall, cpu) in medians.items():
        print(f"{name:<38} {precision:<9} {wall:8.2f} {cpu:8.2f}")

    def ratio(numerator, denominator):
        (wall_a, cpu_a), (wall_b, cpu_b) = medians[numerator], medians[denominator]
        return f"wall {wall_a / wall_b:.2f}, CPU {cpu_a / cpu_b:.2f}"

    print("targets:")
    print("  workbench fp32 / optimize_for_inference fp32 (<= 1): "
          + ratio(("workbench", "fp32"), ("torchvision optimize_for_inference", "fp32")))
    for eager in ("torchvision eager NCHW", "torchvision eager channels-last", "workbench"):
        print(f"  workbench bf16 / {eager} fp32 (<= 0.5): " + ratio(("workbench", "bf16"), (eager, "fp32")))


if __name__ == "__main__":
    main()
