"""Time ResNet-18's stem operators after the first convolution (batch norm, ReLU, 3x3 max pool and their
gradients) alone, unprofiled, on the bf16 channels_last tensor AMP gives them, beside a plain copy of that
tensor (what moving its bytes once costs). Each operator writes into memory the previous round freed, as in
the engine's training, whose malloc settings (engine/system/HostMemoryReuse.cpp) the script takes first;
--fresh-pages leaves glibc's defaults, under which each large result comes in newly mapped pages.

    .venv/bin/python bench/stem_operators.py --image-size 224 --batch-size 32

Compare the sum with the X-ray's batch norm, ReLU and pooling rows of the stem (bn1, relu, maxpool) for the
same size and batch."""
import argparse
import ctypes
import time

import torch


def reuse_freed_memory():
    """The engine's reuseFreedHostMemory: no per-block mappings, no automatic trim."""
    libc = ctypes.CDLL("libc.so.6")
    m_trim_threshold, m_mmap_max = -1, -4  # glibc's <malloc.h>
    libc.mallopt(m_mmap_max, 0)
    libc.mallopt(m_trim_threshold, 1 << 30)
    libc.malloc_trim(0)


def milliseconds(work, rounds):
    for _ in range(3):
        work()
    start = time.perf_counter()
    for _ in range(rounds):
        work()
    return (time.perf_counter() - start) / rounds * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--image-size", type=int, default=224)
    parser.add_argument("--batch-size", type=int, default=32)
    parser.add_argument("--threads", type=int, default=2, help="operator threads (the engine's policy: one per core)")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--fresh-pages", action="store_true", help="keep glibc's defaults (as a Python loop has them)")
    args = parser.parse_args()
    if not args.fresh_pages:
        reuse_freed_memory()
    torch.set_num_threads(args.threads)

    side = args.image_size // 2  # the stem convolution's stride
    pooled = (side - 1) // 2 + 1
    bf16_last = dict(dtype=torch.bfloat16, memory_format=torch.channels_last)
    x = torch.randn(args.batch_size, 64, side, side).to(**bf16_last)
    pooled_grad = torch.randn(args.batch_size, 64, pooled, pooled).to(**bf16_last)
    weight, bias = torch.ones(64), torch.zeros(64)
    running_mean, running_var = torch.zeros(64), torch.ones(64)
    kept = {}

    def norm():
        kept["y"], kept["mean"], kept["invstd"] = torch.ops.aten.native_batch_norm(
            x, weight, bias, running_mean, running_var, True, 0.1, 1e-5)

    def relu():
        torch.relu_(kept["y"])

    def pool():
        kept["indices"] = torch.ops.aten.max_pool2d_with_indices(kept["y"], [3, 3], [2, 2], [1, 1])[1]

    def pool_gradient():
        kept["grad"] = torch.ops.aten.max_pool2d_with_indices_backward(
            pooled_grad, kept["y"], [3, 3], [2, 2], [1, 1], [1, 1], False, kept["indices"])

    def relu_gradient():
        kept["grad"] = torch.ops.aten.threshold_backward(kept["grad"], kept["y"], 0)

    def norm_gradient():
        torch.ops.aten.native_batch_norm_backward(kept["grad"], x, weight, running_mean, running_var,
                                                  kept["mean"], kept["invstd"], True, 1e-5, [True, True, True])

    steps = [("batch norm", norm), ("ReLU (in place)", relu), ("max pool", pool),
             ("max-pool gradient", pool_gradient), ("ReLU gradient", relu_gradient),
             ("batch-norm gradient", norm_gradient)]
    for _, work in steps:
        work()
    memory = "glibc's defaults" if args.fresh_pages else "the engine's malloc settings"
    print(f"stem tensor {tuple(x.shape)} bf16 channels_last, {x.numel() * 2 / 1e6:.1f} MB, "
          f"{args.threads} operator threads, mean of {args.rounds} rounds each, "
          f"{memory}")
    total = 0.0
    for name, work in steps:
        ms = milliseconds(work, args.rounds)
        total += ms
        print(f"  {name:<22}{ms:8.2f} ms")
    print(f"  {'sum':<22}{total:8.2f} ms")
    copy_target = torch.empty_like(x)
    print(f"  {'a copy of the tensor':<22}{milliseconds(lambda: copy_target.copy_(x), args.rounds):8.2f} ms")


if __name__ == "__main__":
    main()
