#!/usr/bin/env python3
"""torchvision's resnet18 timed like bench/classify_latency.cpp: median milliseconds per
forward pass under torch.inference_mode, after warm-up, fp32 and bf16 (CPU autocast),
batch 1 and 16, 224 px, with the same thread count; wall-clock and process CPU time.
--jit times the model as torch.jit.optimize_for_inference makes it (scripted, frozen,
conv+BN folded; fp32 only). Run with the torch wheel's interpreter, .venv/bin/python.

Usage: classify_latency.py [--threads N] [--repeats N] [--batches 1,16] [--precisions fp32,bf16]
                           [--channels-last] [--jit]
"""
import argparse
import statistics
import time

import torch
import torchvision


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=30)
    parser.add_argument("--batches", default="1,16")
    parser.add_argument("--precisions", default="fp32,bf16")
    parser.add_argument("--size", type=int, default=224)
    parser.add_argument("--channels-last", action="store_true")
    parser.add_argument("--jit", action="store_true")
    arguments = parser.parse_args()
    if arguments.jit and arguments.precisions != "fp32":
        parser.error("--jit times fp32 only")
    if arguments.threads > 0:
        torch.set_num_threads(arguments.threads)
    torch.manual_seed(0)
    model = torchvision.models.resnet18(weights=None).eval()
    layout = torch.channels_last if arguments.channels_last else torch.contiguous_format
    model = model.to(memory_format=layout)
    if arguments.jit:
        model = torch.jit.optimize_for_inference(torch.jit.script(model))
    print(f"Python torchvision resnet18 ({'optimize_for_inference' if arguments.jit else 'inference_mode'}, "
          f"{'channels-last' if arguments.channels_last else 'NCHW'}), "
          f"{torch.get_num_threads()} threads, {arguments.size} px")
    print("precision  batch  median ms/batch  median ms/image  median CPU ms/image  repeats")
    for precision in arguments.precisions.split(","):
        for batch in (int(b) for b in arguments.batches.split(",")):
            images = torch.randn(batch, 3, arguments.size, arguments.size).to(memory_format=layout)
            with torch.inference_mode(), torch.autocast("cpu", dtype=torch.bfloat16, enabled=precision == "bf16"):
                for _ in range(3):
                    model(images)
                milliseconds = []
                cpu = []
                for _ in range(arguments.repeats):
                    start = time.perf_counter()
                    cpu_start = time.process_time()
                    model(images)
                    cpu.append((time.process_time() - cpu_start) * 1000.0)
                    milliseconds.append((time.perf_counter() - start) * 1000.0)
            per_batch = statistics.median(milliseconds)
            print(f"{precision:<9}  {batch:5d}  {per_batch:15.2f}  {per_batch / batch:15.2f}  "
                  f"{statistics.median(cpu) / batch:18.2f}  {arguments.repeats:7d}")


if __name__ == "__main__":
    main()
