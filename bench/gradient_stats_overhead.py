#!/usr/bin/env python3
"""What recording gradient ranges (gradstats.csv) costs a training run.

Runs `amp-workbench-cli train` R times in each setting, the settings' order rotating round by round:
  - off (`--grad-stats-every 0`),
  - the default (every 100 steps, and at step 1),
  - every step (`--grad-stats-every 1`), to time one measurement: (wall(every step) - wall(off)) / steps.
The step times the engine reports leave the measurement out, so the whole command's wall time is
compared. Cases: the README's default run (Fashion-MNIST, 28 px, batch 128, FP32) and 64 px batch 64 AMP
(synthetic). Prints a table with the CPU, the medians and ranges of wall(default) / wall(off), and the
cost of one measurement against the median step time.

  .venv/bin/python bench/gradient_stats_overhead.py --build build [--rounds R] [--steps N] [--out DIR]
"""
import argparse
import datetime
import os
import statistics
import tempfile

import speed_runners

CASES = {
    "28 px, batch 128, FP32 (the default run)": [],
    "64 px, batch 64, AMP": ["--data", "synthetic", "--image-size", "64", "--synthetic-size", "1024", "--no-augment",
                             "--batch-size", "64", "--precision", "amp"],
}
SETTINGS = {"off": "0", "default (100)": None, "every step": "1"}


def run(cli, case_args, every, steps, run_dir, name):
    # Enough epochs that the step limit ends the run (the synthetic set is only 16 batches of 64).
    command = [cli, "train", "--json", "--epochs", "1000", "--max-steps", str(steps), "--validation-limit", "128",
               *case_args,
               "--run-dir", run_dir, "--name", name]
    if every is not None:
        command += ["--grad-stats-every", every]
    output, wall = speed_runners._run(command)
    finished = next(e for e in speed_runners._json_lines(output) if e.get("event") == "finished")
    if finished["state"] != "finished":
        raise SystemExit(f"{name} ended {finished['state']}: {finished['message']}")
    return wall, finished["median_step_ms"]


def describe(values):
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--out", default=tempfile.gettempdir())
    arguments = parser.parse_args()
    cli = os.path.join(arguments.build, "app", "cli", "amp-workbench-cli")
    run_dir = os.path.join(arguments.out, "gradient-stats-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S"))
    print(f"CPU: {speed_runners.cpu()}; {arguments.steps} steps, {arguments.rounds} rounds, {run_dir}")
    print("| case | wall default ÷ off | wall every step ÷ off | one measurement | median step | default's share |")
    print("|---|---:|---:|---:|---:|---:|")
    for case, case_args in CASES.items():
        walls = {setting: [] for setting in SETTINGS}
        steps_ms = []
        names = list(SETTINGS)
        for round_index in range(arguments.rounds):
            order = names[round_index % len(names):] + names[:round_index % len(names)]
            for setting in order:
                name = f"{len(steps_ms)}-{round_index}-{names.index(setting)}"
                wall, step_ms = run(cli, case_args, SETTINGS[setting], arguments.steps, run_dir, name)
                walls[setting].append(wall)
                steps_ms.append(step_ms)
        default_ratio = [d / o for d, o in zip(walls["default (100)"], walls["off"])]
        every_ratio = [e / o for e, o in zip(walls["every step"], walls["off"])]
        per_measurement_ms = statistics.median(
            (e - o) * 1000.0 / arguments.steps for e, o in zip(walls["every step"], walls["off"]))
        step_ms = statistics.median(steps_ms)
        share = per_measurement_ms / (100 * step_ms) * 100.0
        print(f"| {case} | {describe(default_ratio)} | {describe(every_ratio)} | {per_measurement_ms:.0f} ms "
              f"| {step_ms:.0f} ms | {share:.2f} % |")


if __name__ == "__main__":
    main()
