#!/usr/bin/env python3
"""torchvision's data pipeline on an ImageFolder, timed as bench/loader_throughput.cpp times the
engine's: ImageFolder (PIL decoding) + DataLoader (batch 32, shuffled, drop_last, persistent
workers), transforms RandomResizedCrop(224) + RandomHorizontalFlip (or, with --eval,
Resize(256) + CenterCrop(224)) + ToTensor + Normalize. One untimed epoch first, then each
timed epoch from the iterator's creation to its last batch. Prints one JSON line.

Run with the torch wheel's interpreter: .venv/bin/python bench/loader_throughput.py --folder DIR
"""
import argparse
import json
import time

import torch
from torch.utils.data import DataLoader
from torchvision import datasets, transforms

MEAN = (0.485, 0.456, 0.406)
STD = (0.229, 0.224, 0.225)


def pipeline(size, training):
    if training:
        steps = [transforms.RandomResizedCrop(size), transforms.RandomHorizontalFlip()]
    else:
        steps = [transforms.Resize(size * 256 // 224), transforms.CenterCrop(size)]
    return transforms.Compose(steps + [transforms.ToTensor(), transforms.Normalize(MEAN, STD)])


def read_epoch(loader):
    return sum(len(labels) for _, labels in loader)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--folder", required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--size", type=int, default=224)
    parser.add_argument("--epochs", type=int, default=2)
    parser.add_argument("--eval", action="store_true")
    args = parser.parse_args()

    torch.manual_seed(0)
    dataset = datasets.ImageFolder(args.folder, pipeline(args.size, not args.eval))
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True, drop_last=True,
                        num_workers=args.workers, persistent_workers=args.workers > 0)
    read_epoch(loader)
    start = time.perf_counter()
    images = sum(read_epoch(loader) for _ in range(args.epochs))
    seconds = time.perf_counter() - start
    print(json.dumps({
        "runner": "python",
        "workers": args.workers,
        "transform": "eval" if args.eval else "train",
        "files": len(dataset),
        "images": images,
        "seconds": round(seconds, 4),
        "images_per_second": round(images / seconds, 2),
        "threads": torch.get_num_threads(),
    }))


if __name__ == "__main__":
    main()
