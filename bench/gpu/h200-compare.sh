#!/usr/bin/env bash
# The CUDA check, run in one call on the device machine (NVIDIA H100/H200, PyTorch's CUDA wheel, no Qt,
# no OpenCV, no network) from the repository root, with .gpu-deps carried (bench/gpu/carry-deps.sh makes it):
#   bash bench/gpu/h200-compare.sh            (writes under $OUT)
# 0. says what the machine has (compiler, cmake, ninja, torch, GPU); takes cmake and ninja from the carried
#    wheels where it has none, and the engine's other libraries from the carried Debian packages;
# 1. builds the engine and CLI (no Qt, no OpenCV, no tests) against the machine's own torch;
# 2. CudaPartTest's checks through the CLI: --version, then FP32 vs AMP (fp16 autocast + dynamic loss scaling)
#    on synthetic 224 px, batch 256, with and without channels_last: images/s, peak allocated/reserved memory,
#    scale trace;
# 3. the same loop in Python (bench/python_reference_loop.py) for the speed ratio;
# 4. the X-ray of 3 steps of each precision, each operator timed on the GPU by CUDA events (profile.json's
#    "clock" says "cuda-events"; on the dry run's CPU, "host").
# DRY_RUN=1 runs every step on this machine's CPU instead (tiny runs, build-gpu-dry/, no nvidia-smi), as
# the project's own machines do before a device is spent on it.
set -euo pipefail
out=${OUT:-/tmp/ampwb-gpu}
mkdir -p "$out"
dry=${DRY_RUN:-0}
python=${PYTHON:-python3}
deps=$PWD/.gpu-deps

# 0. What the machine has; the carried tools and libraries where it lacks them.
{
    uname -srm
    for tool in g++ cmake ninja; do printf '%s: %s\n' "$tool" "$(command -v $tool > /dev/null && $tool --version | head -1 || echo missing)"; done
    "$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)'
} | tee "$out/machine.txt"
if ! command -v cmake > /dev/null || ! command -v ninja > /dev/null; then
    "$python" -m pip install --quiet --no-index --target "$deps/tools" "$deps"/wheels/*.whl
    export PATH="$PATH:$deps/tools/bin" PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$deps/tools"
fi
if [ -d "$deps/root/usr" ]; then
    export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:+$LD_LIBRARY_PATH:}$deps/root/usr/lib/x86_64-linux-gnu"
fi
if [ "$dry" = 1 ]; then
    build=build-gpu-dry device=cpu size=32 batch=16 steps=${STEPS:-4} workers=1
else
    build=build-cuda device=cuda size=224 batch=256 steps=${STEPS:-120} workers=12
    nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv | tee -a "$out/machine.txt"
fi
prefix=$("$python" -c 'import torch; print(torch.utils.cmake_prefix_path)')

# 1. The engine and CLI, as a machine without Qt and OpenCV builds them.
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DAMPWB_BUILD_GUI=OFF -DAMPWB_BUILD_TESTS=OFF \
    -DCMAKE_DISABLE_FIND_PACKAGE_OpenCV=ON -DAMPWB_PYTHON="$(command -v "$python")" \
    -DCMAKE_PREFIX_PATH="$prefix;$deps/root/usr" \
    > "$out/configure.log" 2>&1 || { tail -40 "$out/configure.log"; exit 1; }
ninja -C "$build" amp-workbench-cli > "$out/build.log" 2>&1 || { tail -60 "$out/build.log"; exit 1; }
cli=$build/app/cli/amp-workbench-cli
$cli --version | tee -a "$out/machine.txt"

# 2. and 3. FP32 against AMP in the engine, then the same loop in Python.
common=(--device "$device" --data synthetic --image-size "$size" --batch-size "$batch"
        --synthetic-size $((batch * steps)) --no-augment --max-steps "$steps" --workers "$workers"
        --validation-limit $((batch * 8)) --one-after-the-other)
for layout in --contiguous --channels-last; do
    name=compare-${layout#--}
    $cli compare "${common[@]}" $layout --run-dir "$out/runs" --name "$name" --json > "$out/$name.jsonl"
    cat "$out/runs/$name/report.md"
    for precision in fp32 amp; do
        "$python" bench/python_reference_loop.py --device "$device" --data synthetic --image-size "$size" \
            --batch-size "$batch" --steps "$steps" --precision "$precision" --workers 0 \
            $([ "$layout" = --channels-last ] && echo --channels-last) | tee -a "$out/python.jsonl"
    done
done

# 4. The X-ray on the device.
$cli profile --device "$device" --data synthetic --image-size "$size" --batch-size "$batch" \
    --synthetic-size $((batch * 8)) --no-augment --steps 3 --workers "$workers" --run-dir "$out/runs" --name xray
grep -h '"clock"' "$out"/runs/xray/*/profile/*/profile.json
