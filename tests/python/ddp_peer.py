#!/usr/bin/env python3
"""A plain PyTorch rank of a data-parallel group, for DistributedDataParallelTest.

Usage: ddp_peer.py PARAMETERS_OUT STEPS BATCH_SIZE IMAGE_SIZE TIMEOUT_SECONDS fp32|amp

Joins the group that RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT describe (env://, gloo), trains
torchvision.models.resnet18(num_classes=10) under DistributedDataParallel with SGD (lr 0.1,
momentum 0.9) and cross-entropy for STEPS steps (with amp: forward and loss under CPU autocast,
bfloat16, without loss scaling, as the workbench trains AMP on the CPU), and writes every parameter, then every batch-norm running
mean and variance, flattened in the order of model.parameters() and model.buffers(), as raw
little-endian float32 to PARAMETERS_OUT.

Each rank's model starts from torch.manual_seed(RANK) (so the ranks start different and DDP must
copy rank 0's), and its batches come from torch.manual_seed(1000 + RANK): torch.randn(STEPS,
BATCH_SIZE, 3, IMAGE_SIZE, IMAGE_SIZE), then torch.randint(0, 10, (STEPS, BATCH_SIZE)). A
workbench rank draws its batches the same way.
"""
import datetime
import os
import sys

import torch
import torch.distributed as dist
import torch.nn.functional as F
import torchvision
from torch.nn.parallel import DistributedDataParallel


def main():
    output, steps, batch_size, image_size, timeout, precision = sys.argv[1:7]
    steps, batch_size, image_size = int(steps), int(batch_size), int(image_size)
    rank = int(os.environ["RANK"])
    torch.set_num_threads(1)

    dist.init_process_group("gloo", timeout=datetime.timedelta(seconds=float(timeout)))
    torch.manual_seed(rank)
    model = DistributedDataParallel(torchvision.models.resnet18(num_classes=10))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

    torch.manual_seed(1000 + rank)
    images = torch.randn(steps, batch_size, 3, image_size, image_size)
    labels = torch.randint(0, 10, (steps, batch_size))
    for step in range(steps):
        optimizer.zero_grad()
        with torch.autocast("cpu", enabled=precision == "amp"):
            loss = F.cross_entropy(model(images[step]), labels[step])
        loss.backward()
        optimizer.step()

    tensors = list(model.module.parameters()) + [b for b in model.module.buffers() if b.is_floating_point()]
    flat = torch.cat([tensor.detach().reshape(-1) for tensor in tensors])
    flat.numpy().astype("<f4").tofile(output)
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
