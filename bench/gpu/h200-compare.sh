#!/usr/bin/env bash
# The CUDA check, run in one call on the device machine (NVIDIA H200, PyTorch wheel with
# CUDA, no Qt, no OpenCV, no network) from the repository root:
#   bash bench/gpu/h200-compare.sh            (writes under $OUT)
# 1. builds the engine and CLI (no Qt) against the wheel's libtorch;
# 2. FP32 vs AMP (fp16 autocast + dynamic loss scaling) on synthetic 224 px, batch 256,
#    with and without channels_last: images/s, peak allocated/reserved memory, scale trace;
# 3. the same loop in Python (bench/python_reference_loop.py) for the speed ratio.
# Headers the machine may lack travel in .gpu-deps (ignored by git; name it in `carry`):
#   mkdir -p .gpu-deps/include && cp -r /usr/include/nlohmann /usr/include/zlib.h /usr/include/zconf.h .gpu-deps/include/
set -euo pipefail
out=${OUT:-/tmp/ampwb-gpu}
mkdir -p "$out"
steps=${STEPS:-120}
prefix=$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')
nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee "$out/gpu.txt"
python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)' | tee -a "$out/gpu.txt"

cmake -S . -B build-cuda -G Ninja -DCMAKE_BUILD_TYPE=Release -DAMPWB_BUILD_GUI=OFF -DAMPWB_BUILD_TESTS=OFF \
    -DCMAKE_PREFIX_PATH="$prefix;$PWD/.gpu-deps" \
    > "$out/configure.log" 2>&1 || { tail -40 "$out/configure.log"; exit 1; }
ninja -C build-cuda amp-workbench-cli > "$out/build.log" 2>&1 || { tail -60 "$out/build.log"; exit 1; }
cli=build-cuda/app/cli/amp-workbench-cli
$cli --version | tee -a "$out/gpu.txt"

common=(--device cuda --data synthetic --image-size 224 --batch-size 256 --synthetic-size $((256 * steps))
        --no-augment --max-steps "$steps" --workers 12 --validation-limit 2048)
for layout in "" "--channels-last"; do
    name=compare${layout:+-channels-last}
    $cli compare "${common[@]}" $layout --run-dir "$out/runs" --name "$name" --json > "$out/$name.jsonl"
    cat "$out/runs/$name/report.md"
    for precision in fp32 amp; do
        python3 bench/python_reference_loop.py --device cuda --data synthetic --image-size 224 --batch-size 256 \
            --steps "$steps" --precision "$precision" --workers 0 $layout | tee -a "$out/python.jsonl"
    done
done
