#!/usr/bin/env python3
"""torch.amp.GradScaler("cpu") with fp16 CPU autocast, the reference for GradScalerTest.

Usage: grad_scaler_reference.py OUT_DIR [--steps N] [--init-scale X] [--growth-interval N]

Builds torchvision's resnet18(num_classes=10) from seed 0 and writes its state dict to
OUT_DIR/weights.pth, then trains it N steps with SGD (lr 0.01, momentum 0.9) on batches of 8
random 32 px images, batch k drawn by a generator seeded 1000 + k (so libtorch draws the same
ones), under torch.autocast("cpu", torch.float16) with torch.amp.GradScaler("cpu"). Writes the
first batch to OUT_DIR/first-batch.pth and, to OUT_DIR/scales.json, the scale each step's
backward used and whether its optimizer step was skipped.
"""
import argparse
import json
import os

import torch
import torch.nn.functional as F
import torchvision


def batch(step):
    generator = torch.Generator().manual_seed(1000 + step)
    images = torch.randn(8, 3, 32, 32, generator=generator)
    labels = torch.randint(0, 10, (8,), generator=generator)
    return images, labels


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--init-scale", type=float, default=2.0**24)
    parser.add_argument("--growth-interval", type=int, default=5)
    arguments = parser.parse_args()

    torch.set_num_threads(1)
    torch.manual_seed(0)
    model = torchvision.models.resnet18(num_classes=10)
    torch.save(model.state_dict(), os.path.join(arguments.out, "weights.pth"))
    images, labels = batch(0)
    torch.save({"images": images, "labels": labels}, os.path.join(arguments.out, "first-batch.pth"))

    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    scaler = torch.amp.GradScaler("cpu", init_scale=arguments.init_scale, growth_interval=arguments.growth_interval)
    model.train()
    steps = []
    for step in range(arguments.steps):
        images, labels = batch(step)
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.float16):
            loss = F.cross_entropy(model(images), labels)
        scale = scaler.get_scale()
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        skipped = sum(v.item() for v in scaler._found_inf_per_device(optimizer).values()) > 0
        scaler.update()
        steps.append({"scale": scale, "skipped": bool(skipped), "loss": loss.item()})
    with open(os.path.join(arguments.out, "scales.json"), "w") as out:
        json.dump(steps, out)


if __name__ == "__main__":
    main()
