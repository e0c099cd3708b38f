#!/usr/bin/env python3
"""`amp-workbench-cli train` in several variants on the same synthetic images, R rounds whose order
rotates, defaults otherwise (no environment variables); prints each run's median step and, per image
size, each variant's speed against its baseline (baseline step time ÷ variant step time) as the median
and range over the rounds.

Variant sets (--set):
  dtypes  FP32, AMP bf16 and AMP fp16 (with dynamic loss scaling); baseline FP32: what each AMP type
          costs or buys on this CPU.
  paths   FP32 and AMP (bf16) each on the workbench's tuned paths and on stock libtorch
          (--stock-libtorch); baseline: the same precision on stock libtorch, so the ratio is what the
          tuned paths are worth.
  each-path-fp32, each-path-amp
          in one precision: all tuned paths, stock libtorch, and all tuned paths but one
          (--without-tuned-path); baseline: all tuned paths, so a variant's ratio below 1 is what the
          path it leaves out is worth.

  .venv/bin/python bench/train_variants.py --build build --set SET [--sizes 28,64,224] [--rounds 5] [--steps 30]
"""
import argparse
import json
import os
import statistics
import subprocess
import tempfile

import speed_runners

SETS = {
    "dtypes": {
        "fp32": (["--precision", "fp32"], "fp32"),
        "amp-bf16": (["--precision", "amp", "--amp-dtype", "bfloat16"], "fp32"),
        "amp-fp16": (["--precision", "amp", "--amp-dtype", "float16"], "fp32"),
    },
    "paths": {
        "fp32-stock": (["--precision", "fp32", "--stock-libtorch"], "fp32-stock"),
        "fp32-tuned": (["--precision", "fp32"], "fp32-stock"),
        "amp-stock": (["--precision", "amp", "--amp-dtype", "bfloat16", "--stock-libtorch"], "amp-stock"),
        "amp-tuned": (["--precision", "amp", "--amp-dtype", "bfloat16"], "amp-stock"),
    },
}
TUNED_PATHS = ["small-map-convolutions", "one-pass-sgd", "kept-freed-memory"]


def each_path(precision):
    """All tuned paths, stock libtorch, and all tuned paths but one, in `precision`; baseline: all tuned."""
    base = ["--precision", "fp32"] if precision == "fp32" else ["--precision", "amp", "--amp-dtype", "bfloat16"]
    variants = {"tuned": (base, "tuned"), "stock": (base + ["--stock-libtorch"], "tuned")}
    for path in TUNED_PATHS:
        variants["without-" + path] = (base + ["--without-tuned-path", path], "tuned")
    return variants


SETS["each-path-fp32"] = each_path("fp32")
SETS["each-path-amp"] = each_path("amp")
BATCH = {28: 128, 64: 64, 224: 32}


def median_step(cli, size, steps, arguments, folder):
    command = [cli, "train", "--data", "synthetic", "--image-size", str(size), "--batch-size", str(BATCH[size]),
               "--synthetic-size", str(BATCH[size] * steps), "--no-augment", "--no-validation",
               "--max-steps", str(steps), "--run-dir", folder, "--json", *arguments]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    finished = [json.loads(line) for line in done.stdout.splitlines() if '"finished"' in line]
    return finished[-1]["median_step_ms"]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--set", choices=sorted(SETS), default="dtypes")
    parser.add_argument("--sizes", default="28,64")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--steps", type=int, default=30)
    arguments = parser.parse_args()
    cli = os.path.join(arguments.build, "app", "cli", "amp-workbench-cli")
    variants = SETS[arguments.set]
    names = list(variants)
    print(f"CPU: {speed_runners.cpu()}")
    for size in (int(s) for s in arguments.sizes.split(",")):
        steps = {name: [] for name in names}
        with tempfile.TemporaryDirectory() as folder:
            for round_index in range(arguments.rounds):
                shift = round_index % len(names)
                for name in names[shift:] + names[:shift]:
                    steps[name].append(median_step(cli, size, arguments.steps, variants[name][0], folder))
                print(json.dumps({"size": size, "round": round_index, **{n: steps[n][-1] for n in names}}),
                      flush=True)
        for name in names:
            baseline = variants[name][1]
            ratios = [b / v for b, v in zip(steps[baseline], steps[name])]
            print(f"{size} px, batch {BATCH[size]}, {name}: median step {statistics.median(steps[name]):.1f} ms, "
                  f"speed ÷ {baseline} {statistics.median(ratios):.2f}× ({min(ratios):.2f}–{max(ratios):.2f})",
                  flush=True)


if __name__ == "__main__":
    main()
