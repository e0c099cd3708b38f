#!/usr/bin/env bash
# FP32 vs AMP on Fashion-MNIST (28 px, batch 128), with and without channels_last:
# the workbench's `compare` and the equivalent Python loop on the torch wheel (.venv),
# run pair by pair in one session so machine noise hits both. Prints the JSON lines
# and leaves the comparison reports under $OUT (default: bench-results/).
#   bash bench/fashion_mnist_compare.sh [build-dir] [steps]
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
steps=${2:-200}
out=${OUT:-bench-results}/fashion-mnist-$(date +%Y%m%d-%H%M%S)
mkdir -p "$out"
cli="$build/app/cli/amp-workbench-cli"
for layout in "--contiguous" "--channels-last"; do
    name=compare${layout#-}
    "$cli" compare --data fashion-mnist --batch-size 128 --max-steps "$steps" --workers 2 \
        --run-dir "$out" --name "$name" $layout --quiet | tee "$out/$name.txt"
    python_layout=${layout/--contiguous/}  # PyTorch's default is contiguous
    for precision in fp32 amp; do
        .venv/bin/python bench/python_reference_loop.py --data fashion-mnist --batch-size 128 \
            --steps "$steps" --precision "$precision" $python_layout | tee -a "$out/python.jsonl"
    done
done
echo "Results in $out"
