"""FLOP arithmetic for the training benchmark: the machine's measured peak (GEMM and 3x3
convolution through torch, fp32 and bf16, at a given operator thread count) and the FLOPs
ResNet-18 needs to train on one image.

Training FLOPs are counted from the layer shapes (torch 1.13 has no flop counter): a forward
pass through every convolution and the linear layer (2 x multiply-accumulates), plus the
backward pass's weight gradients (the same count again) and input gradients (the same count
again, less the first convolution, whose input needs no gradient). Batch norm, ReLU, pooling,
the loss and the optimizer are left out: they are memory-bound and under 1 % of the FLOPs."""
import time

import torch
import torchvision


def training_flops_per_image(image_size, classes=10):
    model = torchvision.models.resnet18(num_classes=classes)
    forward = []

    def count(module, inputs, output):
        if isinstance(module, torch.nn.Conv2d):
            per_output = module.in_channels // module.groups * module.kernel_size[0] * module.kernel_size[1]
            forward.append(2 * output[0].numel() * per_output)
        else:
            forward.append(2 * module.in_features * module.out_features)

    for module in model.modules():
        if isinstance(module, (torch.nn.Conv2d, torch.nn.Linear)):
            module.register_forward_hook(count)
    with torch.no_grad():
        model.eval()(torch.zeros(1, 3, image_size, image_size))
    first_conv = forward[0]
    return 3 * sum(forward) - first_conv


def _best_rate(run, flops, seconds):
    """The highest FLOP/s of `run` over repeated calls for about `seconds` (after one warm-up call)."""
    run()
    best = 0.0
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        start = time.perf_counter()
        run()
        best = max(best, flops / (time.perf_counter() - start))
    return best


def measured_peaks(seconds=2.0, threads=1):
    """GFLOP/s of a 1024^3 GEMM and a 3x3 convolution (batch 32, 128 -> 128 channels, 28x28,
    channels_last, forward), fp32 and bf16, on `threads` operator threads (restored afterwards)."""
    previous = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        peaks = {}
        n = 1024
        for name, dtype in (("fp32", torch.float32), ("bf16", torch.bfloat16)):
            a = torch.randn(n, n).to(dtype)
            b = torch.randn(n, n).to(dtype)
            peaks[f"gemm_{name}"] = _best_rate(lambda: torch.mm(a, b), 2 * n ** 3, seconds) / 1e9
            x = torch.randn(32, 128, 28, 28).to(dtype).contiguous(memory_format=torch.channels_last)
            w = torch.randn(128, 128, 3, 3).to(dtype).contiguous(memory_format=torch.channels_last)
            conv_flops = 2 * 32 * 128 * 28 * 28 * 128 * 9
            with torch.no_grad():
                peaks[f"conv3x3_{name}"] = _best_rate(
                    lambda: torch.nn.functional.conv2d(x, w, padding=1), conv_flops, seconds) / 1e9
        return peaks
    finally:
        torch.set_num_threads(previous)
