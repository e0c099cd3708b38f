#!/usr/bin/python3
"""The fine-tuning loop of the original write-up, in torchvision, for the fine-tuning suite
(run with Debian's /usr/bin/python3).

Subcommands:

  folder OUT_DIR --classes K --side P IMAGE...
      Writes an ImageFolder of P x P PNG files (lossless, so every decoder reads the same pixels):
      OUT_DIR/train/class-k/ holds the images k, k + K, k + 2K, ... and OUT_DIR/val/class-k/
      the same images mirrored. At P = 256 the eval transform at 224 px (Resize(256) +
      CenterCrop(224)) and at P = 64 the one at 64 px (Resize(64) + CenterCrop(64)) leave the
      pixels as they are, so both loops see the same input bit for bit.

  sgd-losses MODEL.pth --classes N --folder DIR --steps S --lr X --momentum M
             --weight-decay W [--image-size P] [--amp] --out OUT.json
      Loads MODEL.pth into torchvision.models.resnet18(num_classes=N) (strict), then takes S
      full-batch SGD steps (torch.optim.SGD) on DIR/train in training mode, without
      augmentation: each image through the eval transform on its uint8 tensor, Resize(256) +
      CenterCrop(224) + Normalize at the default 224 px (at P px: Resize(round(P * 256 / 224)),
      or Resize(P) for P <= 64, then CenterCrop(P)). With --amp the forward and the loss run
      under CPU bf16 autocast. Writes {"losses": [...]}, the loss of each step before its update.
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
    resize = round(size * 256 / 224) if size > 64 else size
    pixels = F.pil_to_tensor(Image.open(path).convert("RGB"))
    pixels = F.center_crop(F.resize(pixels, resize, antialias=True), size)
    return F.normalize(pixels.float() / 255.0, MEAN, STD)


def training_batch(folder, size):
    images, labels = [], []
    root = os.path.join(folder, "train")
    for label, name in enumerate(sorted(os.listdir(root))):
        for file in sorted(os.listdir(os.path.join(root, name))):
            images.append(eval_input(os.path.join(root, name, file), size))
            labels.append(label)
    return torch.stack(images), torch.tensor(labels)


def sgd_losses_command(arguments):
    model = torchvision.models.resnet18(weights=None, num_classes=arguments.classes)
    model.load_state_dict(torch.load(arguments.model), strict=True)
    model.train()
    optimizer = torch.optim.SGD(model.parameters(), lr=arguments.lr, momentum=arguments.momentum,
                                weight_decay=arguments.weight_decay)
    images, labels = training_batch(arguments.folder, arguments.image_size)
    losses = []
    for _ in range(arguments.steps):
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=arguments.amp):
            loss = torch.nn.functional.cross_entropy(model(images), labels)
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
    losses.add_argument("--out", required=True)
    arguments = parser.parse_args()
    {"folder": folder_command, "sgd-losses": sgd_losses_command}[arguments.command](arguments)


if __name__ == "__main__":
    sys.exit(main())
