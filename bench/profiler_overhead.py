#!/usr/bin/env python3
"""What the X-ray's operator profile costs: the steps it records, and the runs it does not record.

1. Off (the default): bench/named_scope_cost counts the named scopes one training step opens and times one
   that nothing records; their cost per step is set against the step time.
2. On: `amp-workbench-cli train --profile-steps 11:20 --max-steps 30`; the profiled steps' median step_ms
   against the median of steps 21-30 (not profiled) of the same run, R runs per case.
Cases: the README's default run (Fashion-MNIST, 28 px, batch 128) and 64 px batch 64 (synthetic), FP32 and AMP,
the defaults a user gets (no environment variables). Prints a Markdown table with the CPU.

  .venv/bin/python bench/profiler_overhead.py --build build [--rounds R] [--out DIR]
"""
import argparse
import datetime
import json
import os
import statistics
import subprocess
import tempfile

import speed_runners

CASES = {
    "28 px, batch 128, FP32 (the default run)": ["--data", "fashion-mnist"],
    "28 px, batch 128, AMP": ["--data", "fashion-mnist", "--precision", "amp"],
    "64 px, batch 64, FP32": ["--data", "synthetic", "--image-size", "64", "--synthetic-size", "1024",
                              "--no-augment", "--batch-size", "64"],
    "64 px, batch 64, AMP": ["--data", "synthetic", "--image-size", "64", "--synthetic-size", "1024",
                             "--no-augment", "--batch-size", "64", "--precision", "amp"],
}


def step_times(cli, case_args, run_dir, name):
    command = [cli, "train", "--json", "--epochs", "1000", "--max-steps", "30", "--profile-steps", "11:20",
               "--validation-limit", "128", *case_args, "--run-dir", run_dir, "--name", name]
    output, _ = speed_runners._run(command)
    steps = {e["step"]: e["step_ms"] for e in speed_runners._json_lines(output) if e.get("event") == "step"}
    profiled = statistics.median(steps[s] for s in range(11, 21))
    plain = statistics.median(steps[s] for s in range(21, 31))
    return profiled, plain


def describe(values):
    return f"{statistics.median(values):.2f} ({min(values):.2f}–{max(values):.2f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default=tempfile.gettempdir())
    arguments = parser.parse_args()
    cli = os.path.join(arguments.build, "app", "cli", "amp-workbench-cli")
    print(f"CPU: {speed_runners.cpu()}")

    off = json.loads(subprocess.run([os.path.join(arguments.build, "bench", "named_scope_cost")], check=True,
                                    capture_output=True, text=True).stdout.strip().splitlines()[-1])
    print(f"Profiler off: {off['scopes_per_step']} named scopes per step ({off['operators_per_step']} operators), "
          f"{off['inactive_scope_ns']:.1f} ns each when nothing records = {off['cost_per_step_us']:.2f} µs per step")

    run_dir = os.path.join(arguments.out, "profiler-overhead-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
    results = {case: [] for case in CASES}
    for round_number in range(arguments.rounds):
        for index, (case, case_args) in enumerate(CASES.items()):
            results[case].append(step_times(cli, case_args, run_dir, f"r{round_number}-c{index}"))
    print("| case | median step, not profiled (ms) | profiled (ms) | profiled ÷ not | off: scopes' share of a step |")
    print("|---|---:|---:|---:|---:|")
    for case, pairs in results.items():
        plain = [p for _, p in pairs]
        profiled = [q for q, _ in pairs]
        ratios = [q / p for q, p in pairs]
        share = off["cost_per_step_us"] / 1000.0 / statistics.median(plain)
        print(f"| {case} | {describe(plain)} | {describe(profiled)} | {describe(ratios)} | {share * 100:.4f} % |")


if __name__ == "__main__":
    main()
