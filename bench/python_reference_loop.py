#!/usr/bin/env python3
"""The training loop a user would write in Python, timed the way the workbench times its own.

Same model (torchvision resnet18), optimizer (SGD momentum 0.9, weight decay 5e-4), loss,
precision handling (CPU: bf16 autocast; CUDA: fp16 autocast + GradScaler) and memory format as
`amp-workbench-cli train`. Step time covers zero_grad, forward, backward and the optimizer step,
with the device synchronised before the clock is read; the first 10 % of steps (at most 20)
are warm-up and excluded from images/s. Prints one JSON object.

Under torchrun (WORLD_SIZE > 1) it trains data-parallel as a PyTorch user would: gloo's process group
from torchrun's environment, the model in DistributedDataParallel (default settings), each rank's
shard from a DistributedSampler; rank 0 alone prints, with the group's images/s (world size × its
own, the ranks stepping together) in "global_images_per_second".

Run with the torch wheel's interpreter: .venv/bin/python bench/python_reference_loop.py --help
"""
import argparse
import gzip
import json
import statistics
import time

import os

import numpy as np
import torch
import torch.distributed as dist
import torchvision
from torch.nn.parallel import DistributedDataParallel
from torch.utils.data.distributed import DistributedSampler
from torch.utils.data import DataLoader, Dataset
from torchvision import transforms

MEAN = (0.485, 0.456, 0.406)
STD = (0.229, 0.224, 0.225)


def read_idx(path):
    with gzip.open(path, "rb") as f:
        data = f.read()
    dims = data[3]
    shape = [int.from_bytes(data[4 + 4 * i:8 + 4 * i], "big") for i in range(dims)]
    return np.frombuffer(data, dtype=np.uint8, offset=4 + 4 * dims).reshape(shape)


class FashionMnist(Dataset):
    def __init__(self, folder, size, augment):
        self.images = read_idx(f"{folder}/train-images-idx3-ubyte.gz")
        self.labels = read_idx(f"{folder}/train-labels-idx1-ubyte.gz").astype(np.int64)
        steps = [transforms.ToPILImage(), transforms.Grayscale(3)]
        if size != 28:
            steps.append(transforms.Resize(size))
        if augment:
            steps += [transforms.RandomCrop(size, padding=size // 8), transforms.RandomHorizontalFlip()]
        steps += [transforms.ToTensor(), transforms.Normalize(MEAN, STD)]
        self.transform = transforms.Compose(steps)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.transform(self.images[i]), self.labels[i]


class Synthetic(Dataset):
    def __init__(self, count, size):
        g = torch.Generator().manual_seed(0)
        self.images = torch.randn(count, 3, size, size, generator=g)
        self.labels = torch.randint(0, 10, (count,), generator=g)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        return self.images[i], self.labels[i]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", default="fashion-mnist", choices=["fashion-mnist", "synthetic"])
    parser.add_argument("--precision", default="fp32", choices=["fp32", "amp"])
    parser.add_argument("--channels-last", action="store_true")
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--batch-size", type=int, default=128)
    parser.add_argument("--image-size", type=int, default=28)
    parser.add_argument("--lr", type=float, default=0.1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--profile-from", type=int, default=0,
                        help="record the autograd profiler from this step on and print each operator's "
                             "self time per step (JSON lines), as bench/train_profile does for the engine")
    args = parser.parse_args()
    if args.profile_from and not 2 <= args.profile_from <= args.steps:
        parser.error("--profile-from must be between 2 and --steps")

    world_size = int(os.environ.get("WORLD_SIZE", "1"))
    if world_size > 1:
        dist.init_process_group("gloo")
    rank = dist.get_rank() if world_size > 1 else 0

    torch.manual_seed(args.seed)
    device = torch.device(args.device)
    if args.data == "fashion-mnist":
        dataset = FashionMnist("/usr/share/datasets/fashion-mnist", args.image_size, True)
    else:
        dataset = Synthetic(max(args.batch_size * 8, 1024), args.image_size)
    sampler = DistributedSampler(dataset, seed=args.seed, drop_last=True) if world_size > 1 else None
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=sampler is None, sampler=sampler,
                        drop_last=True, num_workers=args.workers, persistent_workers=args.workers > 0)
    memory_format = torch.channels_last if args.channels_last else torch.contiguous_format
    model = torchvision.models.resnet18(num_classes=10).to(device, memory_format=memory_format)
    if world_size > 1:
        model = DistributedDataParallel(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, weight_decay=5e-4)
    amp = args.precision == "amp"
    scaler = torch.amp.GradScaler("cuda", enabled=amp and device.type == "cuda")
    low_precision = torch.float16 if device.type == "cuda" else torch.bfloat16
    criterion = torch.nn.CrossEntropyLoss()

    def sync():
        if device.type == "cuda":
            torch.cuda.synchronize()

    step_seconds, losses, waits = [], [], []
    profile = torch.autograd.profiler.profile(use_kineto=False, record_shapes=True)
    model.train()
    done = 0
    epoch = 0
    while done < args.steps:
        if sampler is not None:
            sampler.set_epoch(epoch)
        epoch += 1
        fetch_start = time.perf_counter()
        for images, labels in loader:
            waits.append(time.perf_counter() - fetch_start)
            images = images.to(device, memory_format=memory_format)
            labels = labels.to(device)
            sync()
            start = time.perf_counter()
            optimizer.zero_grad(set_to_none=True)
            with torch.autocast(device.type, dtype=low_precision, enabled=amp):
                loss = criterion(model(images), labels)
            scaler.scale(loss).backward()
            scaler.step(optimizer)
            scaler.update()
            losses.append(loss.item())
            sync()
            step_seconds.append(time.perf_counter() - start)
            done += 1
            if done == args.profile_from - 1:
                profile.__enter__()
            if done >= args.steps:
                break
            fetch_start = time.perf_counter()

    if args.profile_from > 1:
        profile.__exit__(None, None, None)
        profiled_steps = args.steps - args.profile_from + 1
        for op in sorted(profile.key_averages(group_by_input_shape=True), key=lambda op: -op.self_cpu_time_total):
            print(json.dumps({"runner": "python", "op": op.key, "shapes": str(op.input_shapes),
                              "self_ms_per_step": round(op.self_cpu_time_total / 1000 / profiled_steps, 3),
                              "calls_per_step": op.count / profiled_steps}))
    warmup = min(max(args.steps // 10, 1 if args.steps > 1 else 0), 20)
    steady = step_seconds[warmup:]
    if world_size > 1:
        dist.destroy_process_group()
    if rank != 0:
        return
    print(json.dumps({
        "runner": "python",
        "torch": torch.__version__,
        "threads": torch.get_num_threads(),
        "precision": args.precision,
        "channels_last": args.channels_last,
        "image_size": args.image_size,
        "batch_size": args.batch_size,
        "steps": len(step_seconds),
        "images_per_second": args.batch_size * len(steady) / sum(steady),
        "world_size": world_size,
        "global_images_per_second": world_size * args.batch_size * len(steady) / sum(steady),
        "median_step_ms": statistics.median(step_seconds) * 1000,
        "mean_data_wait_ms": statistics.mean(waits[warmup:]) * 1000,
        "final_loss": losses[-1],
    }))


if __name__ == "__main__":
    main()
