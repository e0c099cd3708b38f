#!/usr/bin/env python3
"""What one data-parallel step's gradient all-reduce costs over Gloo on this machine, by element type:
two processes of the torch wheel's Python (one operator thread each, Gloo over loopback, as the engine's
`train --nproc-per-node 2 --threads 1` ranks) all-reduce ResNet-18's 11,181,642 gradients (10 classes)
as FP32 (what DDP sends by default, 44.7 MB), as FP16 (what DDP's fp16 compression hook sends, half the
bytes) and as BF16. Each round runs every type once, the order rotating from round to round; each run
times `--repeats` all-reduces after a barrier, and rank 0 reports their median wall and CPU time.

  .venv/bin/python bench/gloo_all_reduce.py [--rounds 4] [--repeats 6]

Prints one line per run and, per type, the median over rounds with its range.
"""
import argparse
import socket
import statistics
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

from speed_runners import cpu

GRADIENTS = 11_181_642
TYPES = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def rank_main(rank, port, type_name, repeats, results):
    torch.set_num_threads(1)
    dist.init_process_group("gloo", init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=2)
    gradients = torch.randn(GRADIENTS).to(TYPES[type_name])
    walls, cpus = [], []
    try:
        for _ in range(repeats + 1):  # the first all-reduce warms the connection up
            dist.barrier()
            wall, used = time.perf_counter(), time.process_time()
            dist.all_reduce(gradients)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - used)
        if rank == 0:
            results.put((statistics.median(walls[1:]) * 1000, statistics.median(cpus[1:]) * 1000))
    except RuntimeError as error:
        if rank == 0:
            results.put(str(error).splitlines()[0])
    dist.destroy_process_group()


def measure(type_name, repeats):
    results = mp.get_context("spawn").SimpleQueue()
    mp.spawn(rank_main, args=(free_port(), type_name, repeats, results), nprocs=2)
    return results.get()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=6)
    args = parser.parse_args()

    names = list(TYPES)
    medians = {name: [] for name in names}
    for round_number in range(args.rounds):
        shift = round_number % len(names)
        for name in names[shift:] + names[:shift]:
            result = measure(name, args.repeats)
            if isinstance(result, str):
                print(f"round {round_number} {name}: refused by Gloo: {result}", flush=True)
                continue
            wall, used = result
            medians[name].append((wall, used))
            print(f"round {round_number} {name}: wall {wall:.0f} ms, CPU {used:.0f} ms (rank 0)", flush=True)

    print(f"\n{cpu()}; torch {torch.__version__}, Gloo over loopback, 2 ranks × 1 thread, "
          f"{GRADIENTS:,} gradients, {args.rounds} rounds of {args.repeats} all-reduces\n")
    print("| type | bytes | all-reduce wall (ms) | CPU of rank 0 (ms) |")
    print("|---|---:|---|---|")
    for name in names:
        runs = medians[name]
        size = GRADIENTS * torch.empty(0, dtype=TYPES[name]).element_size() / 1e6
        if not runs:
            print(f"| {name} | {size:.1f} MB | refused | refused |")
            continue
        walls = [wall for wall, _ in runs]
        cpus = [used for _, used in runs]
        print(f"| {name} | {size:.1f} MB | {statistics.median(walls):.0f} ({min(walls):.0f}–{max(walls):.0f}) "
              f"| {statistics.median(cpus):.0f} ({min(cpus):.0f}–{max(cpus):.0f}) |")


if __name__ == "__main__":
    main()
