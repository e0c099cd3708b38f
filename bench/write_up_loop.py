#!/usr/bin/env python3
"""The original write-up's AMP training script, run as its users run it, on the workbench's default data.

Kept as the write-up has it: torchvision's resnet18 with a new `fc`, DataLoader(batch_size=64, shuffle=True,
num_workers=4), SGD(lr=0.01, momentum=0.9), StepLR(30, 0.1), `torch.cuda.amp.autocast()` around the forward
pass and a `torch.cuda.amp.GradScaler` (both switch themselves off, with a warning, on a machine without CUDA,
so there it trains in FP32), and `loss.item()` every step. Changed only to read the workbench's default
data: Fashion-MNIST from Debian's dataset-fashion-mnist at its own 28 px (grey turned to 3 channels,
ImageNet normalisation, as the workbench does), 10 classes, random weights (as the workbench's default run),
and stopped after --steps steps. No environment variables, no thread settings: what a user gets.

Prints one JSON object: images/s over the steady steps (first 10 % left out, as the workbench counts),
the whole steps' wall time, and the thread counts the process used.

  .venv/bin/python bench/write_up_loop.py --steps 60
"""
import argparse
import json
import statistics
import time
import warnings

import torch
import torch.nn as nn
import torch.optim as optim
from torch.cuda.amp import GradScaler, autocast
from torch.utils.data import DataLoader
from torchvision import models, transforms

from python_reference_loop import FashionMnist

FASHION_MNIST = "/usr/share/datasets/fashion-mnist"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=60)
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message=".*CUDA is not available.*")

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    model = models.resnet18(num_classes=1000)
    model.fc = nn.Linear(512, 10)
    model.to(device)
    train_dataset = FashionMnist(FASHION_MNIST, 28, augment=False)
    train_loader = DataLoader(train_dataset, batch_size=64, shuffle=True, num_workers=4)
    criterion = nn.CrossEntropyLoss()
    optimizer = optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    scheduler = optim.lr_scheduler.StepLR(optimizer, step_size=30, gamma=0.1)
    scaler = GradScaler()

    model.train()
    step_seconds = []
    running_loss = 0.0
    started = time.perf_counter()
    for i, (inputs, labels) in enumerate(train_loader):
        step_start = time.perf_counter()
        inputs, labels = inputs.to(device), labels.to(device)
        optimizer.zero_grad()
        with autocast():
            outputs = model(inputs)
            loss = criterion(outputs, labels)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        running_loss += loss.item()
        step_seconds.append(time.perf_counter() - step_start)
        if len(step_seconds) == args.steps:
            break
    scheduler.step()
    wall = time.perf_counter() - started

    warmup = min(max(args.steps // 10, 1 if args.steps > 1 else 0), 20)
    steady = step_seconds[warmup:]
    print(json.dumps({
        "runner": "write-up",
        "threads": torch.get_num_threads(),
        "loader_workers": train_loader.num_workers,
        "batch_size": train_loader.batch_size,
        "amp_active": torch.is_autocast_enabled() or scaler.is_enabled(),
        "steps": len(step_seconds),
        "images_per_second": train_loader.batch_size * len(steady) / sum(steady),
        "median_step_ms": statistics.median(step_seconds) * 1000,
        "steps_wall_s": wall,
        "final_loss": loss.item(),
    }))


if __name__ == "__main__":
    main()
