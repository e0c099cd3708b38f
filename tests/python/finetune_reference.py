#!/usr/bin/env python3
"""The fine-tuning loop of the original write-up, in torchvision, for the fine-tuning suite
(run with the torch wheel's interpreter, .venv/bin/python).

Subcommands:

  folder OUT_DIR --classes K --side P IMAGE...
      Writes an ImageFolder of P x P PNG files (lossless, so every decoder reads the same pixels):
      OUT_DIR/train/class-k/ holds the images k, k + K, k + 2K, ... and OUT_DIR/val/class-k/
      the same images mirrored. At P = 256 the eval transform at 224 px (Resize(256) +
      CenterCrop(224)) and at P = 64 the one at 64 px (Resize(64) + CenterCrop(64)) leave the
      pixels as they are, so both loops see the same input bit for bit.

  sgd-losses MODEL.pth --classes N --folder DIR --steps S --lr X --momentum M
             --weight-decay W [--image-size P] [--amp] [--threads T] [--orders ORDERS]
             --out OUT.json
      Loads MODEL.pth into torchvision.models.resnet18(num_classes=N) (strict), then takes S
      full-batch SGD steps (torch.optim.SGD) on DIR/train in training mode, without
      augmentation: each image through the eval transform on its uint8 tensor, Resize(256) +
      CenterCrop(224) + normalisation at the default 224 px (at P px: Resize(round(P * 256 / 224)),
      or Resize(P) for P <= 64, then CenterCrop(P)). With --amp the forward and the loss run
      under CPU bf16 autocast; --threads sets torch's operator threads. ORDERS gives the order of
      the images in each step's batch, "i,j,...;k,l,...;..." (indices into the files sorted by
      class, then name; the last order repeats), so that batch norm sums in the order the engine
      does. Writes {"losses": [...]}, the loss of each step before its update.
"""
import argparse
import json
import os
import sys

import torch
import torchvision
from PIL import Image
from torchvision.transforms import functional as F

MEAN = [0.485, 0.456, 0.406]
STD = [0.229, 0.224, 0.225]


def folder_command(arguments):
    for index, path in enumerate(arguments.images):
        image = Image.open(path).convert("RGB").resize((arguments.side, arguments.side), Image.Resampling.BICUBIC)
        label = f"class-{index % arguments.classes}"
        for split, picture in (("train", image), ("val", image.transpose(Image.Transpose.FLIP_LEFT_RIGHT))):
            directory = os.path.join(arguments.output, split, label)
            os.makedirs(directory, exist_ok=True)
            picture.save(os.path.join(directory, f"image-{index}.png"))


def eval_input(path, size):
    """The eval transform, normalising as the engine does: (p - 255 mean) * (1 / (255 std)) in
    float32. That equals Normalize's (p / 255 - mean) / std up to the last bit, but a last-bit
    difference in the input grows to 2.6e-4 of the loss by the second step and 5 % by the
    tenth, so both loops must take the same bits."""
    resize = round(size * 256 / 224) if size > 64 else size
    pixels = F.pil_to_tensor(Image.open(path).convert("RGB"))
    pixels = F.center_crop(F.resize(pixels, resize, antialias=True), size)
    scaled_mean = torch.tensor(MEAN, dtype=torch.float32) * 255.0
    inverse_scaled_std = 1.0 / (torch.tensor(STD, dtype=torch.float32) * 255.0)
    return (pixels.float() - scaled_mean[:, None, None]) * inverse_scaled_std[:, None, None]


def training_batch(folder, size):
    images, labels = [], []
    root = os.path.join(folder, "train")
    for label, name in enumerate(sorted(os.listdir(root))):
        for file in sorted(os.listdir(os.path.join(root, name))):
            images.append(eval_input(os.path.join(root, name, file), size))
            labels.append(label)
    return torch.stack(images), torch.tensor(labels)


def sgd_losses_command(arguments):
    if arguments.threads:
        torch.set_num_threads(arguments.threads)
    model = torchvision.models.resnet18(weights=None, num_classes=arguments.classes)
    model.load_state_dict(torch.load(arguments.model), strict=True)
    model.train()
    layout = torch.channels_last if arguments.channels_last else torch.contiguous_format
    model.to(memory_format=layout)
    optimizer = torch.optim.SGD(model.parameters(), lr=arguments.lr, momentum=arguments.momentum,
                                weight_decay=arguments.weight_decay)
    images, labels = training_batch(arguments.folder, arguments.image_size)
    images = images.contiguous(memory_format=layout)
    orders = [[int(i) for i in order.split(",")] for order in arguments.orders.split(";")] if arguments.orders else [
        list(range(len(labels)))]
    losses = []
    for step in range(arguments.steps):
        order = torch.tensor(orders[min(step, len(orders) - 1)])
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=arguments.amp):
            loss = torch.nn.functional.cross_entropy(model(images[order]), labels[order])
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    with open(arguments.out, "w") as out:
        json.dump({"losses": losses}, out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    folder = commands.add_parser("folder")
    folder.add_argument("output")
    folder.add_argument("--classes", type=int, required=True)
    folder.add_argument("--side", type=int, required=True)
    folder.add_argument("images", nargs="+")
    losses = commands.add_parser("sgd-losses")
    losses.add_argument("model")
    losses.add_argument("--classes", type=int, required=True)
    losses.add_argument("--folder", required=True)
    losses.add_argument("--steps", type=int, required=True)
    losses.add_argument("--lr", type=float, required=True)
    losses.add_argument("--momentum", type=float, required=True)
    losses.add_argument("--weight-decay", type=float, required=True)
    losses.add_argument("--image-size", type=int, default=224)
    losses.add_argument("--amp", action="store_true")
    losses.add_argument("--channels-last", action="store_true")
    losses.add_argument("--threads", type=int, default=0)
    losses.add_argument("--orders", default="")
    losses.add_argument("--out", required=True)
    arguments = parser.parse_args()
    {"folder": folder_command, "sgd-losses": sgd_losses_command}[arguments.command](arguments)


if __name__ == "__main__":
    sys.exit(main())
