#!/usr/bin/env bash
# Fine-tuning, measured (docs/fine-tuning.md and docs/BENCHMARKS.md):
#  1. The example: pretrain on Fashion-MNIST's five clothes classes (one epoch, 32 px, cosine schedule
#     so that the weights are not taken in the middle of a loss spike), then fine-tune on only PER_CLASS
#     (each count in turn) labelled images of each of four other classes (a new head), from random
#     weights and from the pretrained run, in FP32 and in AMP, with the same steps, once per seed in SEEDS; prints the
#     validation top-1 of each and their mean.
#  2. Step time of a frozen backbone (--freeze-backbone) against full fine-tuning at 224 px on
#     opencv-doc's photos, in PAIRS alternating pairs; prints each pair's median step time.
#   bash bench/fine_tuning.sh [build-dir]      (PER_CLASS="5 20" STEPS=100 SEEDS="0 1 2" PAIRS=5 PARTS="1 2" by default)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
per_class=${PER_CLASS:-5 20}
steps=${STEPS:-100}
seeds=${SEEDS:-0 1 2}
pairs=${PAIRS:-5}
parts=${PARTS:-1 2}
cli="$build/app/cli/amp-workbench-cli"
out=${OUT:-bench-results}/fine-tuning-$(date +%Y%m%d-%H%M%S)
runs="$out/runs"
mkdir -p "$runs"
summary() { .venv/bin/python -c 'import json, sys; s = json.load(open(sys.argv[1] + "/summary.json")); print(s[sys.argv[2]])' "$@"; }

echo "CPU: $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1); flags:" \
    "$(grep -o -w -E 'avx512_bf16|amx_bf16|amx_tile' /proc/cpuinfo | sort -u | tr '\n' ' ')"
.venv/bin/python bench/fashion_mnist_split.py "$out/data" --per-class "${per_class// /,}" --val-per-class 200 >/dev/null

if [[ " $parts " == *" 1 "* ]]; then
echo "== 1. Pretraining on the five clothes classes (30,000 images, one epoch, 32 px)"
"$cli" train --data "$out/data/clothes" --image-size 32 --batch-size 128 --epochs 1 --lr 0.1 --schedule cosine \
    --run-dir "$runs" --name pretrained --quiet
echo "pretrained: top-1 $(summary "$runs/pretrained" final_top1) on the clothes' validation images"

echo "== Fine-tuning on a few images per class of four other classes ($steps steps, batch 20, 32 px)"
echo "| labelled images per class | precision | start | steps | validation top-1, seed by seed | mean |"
echo "|---:|---|---|---:|---|---:|"
for count in $per_class; do
for precision in fp32 amp; do
    for start in random pretrained; do
        init=()
        [ "$start" = pretrained ] && init=(--init-weights "$runs/pretrained")
        top1=()
        for seed in $seeds; do
            name=$count-$start-$precision-seed$seed
            "$cli" train --data "$out/data/others-$count" --image-size 32 --batch-size 20 --epochs 1000 \
                --max-steps "$steps" --lr 0.01 --schedule constant --precision "$precision" --seed "$seed" \
                "${init[@]}" --run-dir "$runs" --name "$name" --quiet >/dev/null
            top1+=("$(summary "$runs/$name" final_top1)")
        done
        mean=$(.venv/bin/python -c 'import sys; v = [float(x) for x in sys.argv[1:]]; print(f"{sum(v) / len(v):.3f}")' "${top1[@]}")
        echo "| $count | $precision | $start | $steps | ${top1[*]} | $mean |"
    done
done
done

fi

if [[ " $parts " == *" 2 "* ]]; then
[ -d "$runs/pretrained" ] || "$cli" train --data "$out/data/clothes" --image-size 32 --max-steps 1 --run-dir "$runs" \
    --name pretrained --quiet >/dev/null
echo "== 2. Step time at 224 px, batch 16, FP32: frozen backbone vs full fine-tuning ($pairs alternating pairs)"
.venv/bin/python -c 'import sys; sys.path.insert(0, "bench"); import photo_folder; photo_folder.build(sys.argv[1])' \
    "$out/photos"
echo "| pair | full: median step ms | frozen: median step ms | frozen / full |"
echo "|---:|---:|---:|---:|"
for pair in $(seq 1 "$pairs"); do
    for mode in full frozen; do
        freeze=()
        [ "$mode" = frozen ] && freeze=(--freeze-backbone)
        "$cli" train --data "$out/photos" --image-size 224 --batch-size 16 --max-steps 12 --init-weights "$runs/pretrained" \
            "${freeze[@]}" --run-dir "$runs" --name "$mode-$pair" --quiet >/dev/null
    done
    full=$(summary "$runs/full-$pair" median_step_ms)
    frozen=$(summary "$runs/frozen-$pair" median_step_ms)
    echo "| $pair | $full | $frozen | $(.venv/bin/python -c "print(f'{$frozen / $full:.3f}')") |"
done
fi
echo "Runs in $runs"
