"""One measurement each: a training run or a loader run, by the workbench engine or by the
Python peer, as a child process; returns a flat dict for the results file."""
import json
import os
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
# The torch wheel's interpreter (installer/install-build-deps.sh), whose libtorch the engine is built on.
PYTHON = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), ".venv", "bin", "python")


def warmup_steps(steps):
    """Steps left out of images/s as warm-up, as both the engine and the Python loop count them."""
    return min(max(steps // 10, 1 if steps > 1 else 0), 20)


def cpu():
    """The CPU model with its family and model numbers (virtual machines often name only the vendor's
    line), its count and its bf16/AMX-relevant flags, for the tables."""
    fields = {}
    for line in open("/proc/cpuinfo"):
        name, _, value = line.partition(":")
        fields.setdefault(name.strip(), value.strip())
    model = fields.get("model name", "unknown CPU")
    if "cpu family" in fields and "model" in fields:
        model += f" (family {fields['cpu family']} model {fields['model']})"
    flags = fields.get("flags", "").split()
    units = [flag for flag in flags if flag in ("avx512f", "avx512_bf16", "avx512_fp16", "amx_tile", "amx_bf16", "amx_fp16")] or ["no avx512/amx"]
    return f"{model}, {os.cpu_count()} CPUs, {' '.join(units)}"


def physical_cores():
    """Cores this process may run on, hardware threads of one core counted once: the engine's
    default operator thread count (engine/system/ThreadPolicy)."""
    cores = set()
    for cpu_index in os.sched_getaffinity(0):
        topology = f"/sys/devices/system/cpu/cpu{cpu_index}/topology"
        try:
            with open(f"{topology}/physical_package_id") as package, open(f"{topology}/core_id") as core:
                cores.add((package.read().strip(), core.read().strip()))
        except OSError:
            cores.add(("cpu", str(cpu_index)))
    return len(cores)


def _run(command):
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - start
    if done.returncode != 0:
        sys.stderr.write(done.stdout[-2000:] + done.stderr[-4000:])
        raise SystemExit(f"failed ({done.returncode}): {' '.join(command)}")
    return done.stdout, wall


def _json_lines(text):
    return [json.loads(line) for line in text.splitlines() if line.startswith("{")]


def _run_config(run_dir, name):
    """The config.json an engine run wrote (its settings and the environment it recorded)."""
    with open(os.path.join(run_dir, name, "config.json")) as file:
        return json.load(file)


def _data_args(case):
    if case["data"] == "fashion-mnist":
        return ["--data", "fashion-mnist"]
    return ["--data", "synthetic", "--image-size", str(case["size"])]


def _engine_synthetic_args(case):
    # The Python loop's synthetic set is 1,024 ready tensors; the engine's makes its pixels per
    # sample and is left unaugmented (only cropped), so neither loader takes CPU time from the
    # training step being timed.
    return ["--synthetic-size", "1024", "--no-augment"] if case["data"] == "synthetic" else []


def engine_training(cli, case, precision, channels_last, steps, workers, run_dir, name, epochs=0):
    """`amp-workbench-cli train --json`: steady-state images/s from the summary, data wait per step."""
    command = [cli, "train", "--json", *_data_args(case), *_engine_synthetic_args(case), "--batch-size", str(case["batch"]),
               "--precision", precision, "--workers", str(workers), "--validation-limit", str(case["batch"]),
               "--run-dir", run_dir, "--name", name]
    command += ["--epochs", str(epochs)] if epochs else ["--max-steps", str(steps)]
    command.append("--channels-last" if channels_last else "--contiguous")
    output, wall = _run(command)
    events = _json_lines(output)
    finished = next(e for e in events if e.get("event") == "finished")
    if finished["state"] != "finished":
        raise SystemExit(f"engine run {name} ended {finished['state']}: {finished['message']}")
    step_events = [e for e in events if e.get("event") == "step"]
    waits = [e["data_wait_ms"] for e in step_events][warmup_steps(len(step_events)):]
    threads = _run_config(run_dir, name)["environment"]["cpu_threads"]
    return {"images_per_second": finished["images_per_second"], "median_step_ms": finished["median_step_ms"],
            "data_wait_ms": sum(waits) / len(waits) if waits else 0.0, "steps": finished["steps"], "wall_s": wall,
            "threads": threads}


def engine_defaults(cli, steps, run_dir, name, options=()):
    """`amp-workbench-cli train` with nothing but a step limit (the README's default run: Fashion-MNIST,
    28 px, batch 128, FP32, default workers and threads) and `options`, and the thread counts it recorded."""
    output, wall = _run([cli, "train", "--json", "--max-steps", str(steps), *options, "--run-dir", run_dir,
                         "--name", name])
    finished = next(e for e in _json_lines(output) if e.get("event") == "finished")
    config = _run_config(run_dir, name)
    environment = config["environment"]
    return {"images_per_second": finished["images_per_second"], "median_step_ms": finished["median_step_ms"],
            "steps": finished["steps"], "batch_size": config["batch_size"], "channels_last": config["channels_last"],
            "wall_s": wall,
            "threads": environment["cpu_threads"], "threads_chosen_by": environment["cpu_threads_chosen_by"],
            "loader_workers": config["workers"], "loader_worker_threads": environment["loader_worker_threads"]}


def engine_compare(cli, run_dir, name, order_options=()):
    """`amp-workbench-cli compare` with nothing but where to write and `order_options` (the default
    comparison: one Fashion-MNIST epoch of FP32 and of AMP, in turns on a CPU): each run's steady
    images/s with its 95 % margin, whether they took turns, and the verdict that report.md ends with."""
    _, wall = _run([cli, "compare", "--quiet", "--run-dir", run_dir, "--name", name, *order_options])
    folder = os.path.join(run_dir, name)
    result = {"wall_s": wall}
    for precision in ("fp32", "amp"):
        with open(os.path.join(folder, precision, "summary.json")) as file:
            summary = json.load(file)
        result[f"{precision}_images_per_second"] = summary["images_per_second"]
        result[f"{precision}_relative_error"] = summary["images_per_second_relative_error"]
        result[f"{precision}_median_step_ms"] = summary["median_step_ms"]
        result["interleaved"] = summary["interleaved"]
    with open(os.path.join(folder, "report.md")) as file:
        result["verdict"] = [line for line in file.read().splitlines() if line.strip()][-1]
    return result


def write_up_defaults(steps):
    """bench/write_up_loop.py: the write-up's script as its users run it, on the same data."""
    output, wall = _run([PYTHON, os.path.join(BENCH, "write_up_loop.py"), "--steps", str(steps)])
    result = _json_lines(output)[-1]
    return {**result, "wall_s": wall, "loader_worker_threads": 1}


def python_training(case, precision, channels_last, steps, workers):
    """bench/python_reference_loop.py: the loop a user would write, timed the engine's way."""
    command = [PYTHON, os.path.join(BENCH, "python_reference_loop.py"), *_data_args(case),
               "--batch-size", str(case["batch"]), "--precision", precision, "--steps", str(steps),
               "--workers", str(workers)]
    if channels_last:
        command.append("--channels-last")
    output, wall = _run(command)
    result = _json_lines(output)[-1]
    return {"images_per_second": result["images_per_second"], "median_step_ms": result["median_step_ms"],
            "data_wait_ms": result["mean_data_wait_ms"], "steps": result["steps"], "wall_s": wall,
            "threads": result["threads"]}


def engine_loader(binary, folder, workers, epochs):
    output, wall = _run([binary, "--folder", folder, "--workers", str(workers), "--epochs", str(epochs)])
    return {**_json_lines(output)[-1], "wall_s": wall}


def python_loader(folder, workers, epochs):
    output, wall = _run([PYTHON, os.path.join(BENCH, "loader_throughput.py"), "--folder", folder,
                         "--workers", str(workers), "--epochs", str(epochs)])
    return {**_json_lines(output)[-1], "wall_s": wall}
