#!/usr/bin/env bash
# Training speed under precision policies against FP32 and AMP: each policy trains the same steps of the same
# synthetic data (same seed), one run after another in alternating rounds, at the defaults a user gets
# (batch 128, tuned paths, channels_last, no environment variables); prints each run's median step time and peak
# memory (host RSS on the CPU, the allocator's on CUDA) from its summary.json, then per image size each policy's
# median (and range) over the rounds, its speed against FP32's run of the same round and its median peak memory.
# Results: docs/BENCHMARKS.md.
#   bash bench/precision_policy_compare.sh [rounds] [steps] [sizes] [policies] [train options]
#   e.g. bash bench/precision_policy_compare.sh 3 40 "28 64" "fp32 amp amp-keep-small-maps-fp32"
#        bash bench/precision_policy_compare.sh 3 20 28 "amp amp-reduced-weights" --stock-libtorch
# A policy named "none" trains FP32 without a policy (`--precision fp32`): what a policy's own scopes cost.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
steps=${2:-40}
sizes=${3:-"28 64"}
policies=${4:-"fp32 amp amp-batchnorm-fp32 amp-keep-small-maps-fp32"}
options=("${@:5}")
cli=${AMPWB_CLI:-build/app/cli/amp-workbench-cli}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results="$work/results.tsv"

for round in $(seq 1 "$rounds"); do
    for size in $sizes; do
        for policy in $policies; do
            name="r$round-$size-$policy"
            precision=(--precision-policy "$policy")
            if [[ "$policy" == none ]]; then precision=(--precision fp32); fi
            "$cli" train --quiet --data synthetic --synthetic-size $((128 * steps)) --image-size "$size" \
                --max-steps "$steps" --no-validation "${precision[@]}" --run-dir "$work" --name "$name" \
                "${options[@]}" >/dev/null
            figures=$(python3 -c 'import json,sys; s = json.load(open(sys.argv[1]))
print(s["median_step_ms"], round(s["peak_memory_bytes"] / 2**20), sep="\t")' "$work/$name/summary.json")
            printf '%s\t%s\t%s\t%s\n' "$round" "$size" "$policy" "$figures" | tee -a "$results"
        done
    done
done

python3 - "$results" <<'EOF'
import collections, statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().splitlines()]
step = {(r, s, p): float(ms) for r, s, p, ms, _ in rows}
peak = {(r, s, p): float(mib) for r, s, p, _, mib in rows}
sizes = sorted({s for _, s, _ in step}, key=int)
policies = list(dict.fromkeys(p for _, _, p in step))
print("\nsize\tpolicy\tmedian step ms (range)\tFP32 step / policy step, median (range)\tpeak MiB, median")
for size in sizes:
    for policy in policies:
        times = [ms for (r, s, p), ms in step.items() if s == size and p == policy]
        ratios = [step[(r, s, "fp32")] / ms for (r, s, p), ms in step.items()
                  if s == size and p == policy and (r, s, "fp32") in step]
        ratio = f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f})" if ratios else "-"
        peaks = [mib for (r, s, p), mib in peak.items() if s == size and p == policy]
        print(f"{size}\t{policy}\t{statistics.median(times):.1f} ({min(times):.1f}-{max(times):.1f})\t{ratio}"
              f"\t{statistics.median(peaks):.0f}")
EOF
