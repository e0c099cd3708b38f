#!/usr/bin/env bash
# The suggested precision policy against FP32 and AMP, per image size and seed: `precision suggest` measures
# this machine on the data and writes a policy, then `compare --precision-policy` trains FP32, AMP and that
# policy for the same steps with the same seed and data order (in turns on the CPU), at the defaults a user
# gets (batch 128, no environment variables). Prints each run's median step time and final top-1 from its
# summary.json, then per image size the median (and range) over the seeds of each run's step time, its speed
# against FP32 and against the faster of FP32 and AMP, and its top-1. Results: docs/BENCHMARKS.md.
#   bash bench/suggested_policy_compare.sh [seeds] [steps] [sizes] [data] [validation images]
#   e.g. bash bench/suggested_policy_compare.sh "0 1 2" 300 "28 64" fashion-mnist
# The validation images default to the whole set; fewer keep 64 px runs short where AMP's steps are slow.
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-"0 1 2"}
steps=${2:-300}
sizes=${3:-"28 64"}
data=${4:-fashion-mnist}
validation=()
if [[ -n "${5:-}" ]]; then validation=(--validation-limit "$5"); fi
cli=${AMPWB_CLI:-build/app/cli/amp-workbench-cli}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
results="$work/results.tsv"

for size in $sizes; do
    for seed in $seeds; do
        policy="$work/suggested-$size-$seed.json"
        "$cli" precision suggest --quiet --data "$data" --image-size "$size" --seed "$seed" --steps 5 \
            --run-dir "$work" --name "suggest-$size-$seed" --output "$policy" >/dev/null
        "$cli" compare --quiet --data "$data" --image-size "$size" --seed "$seed" --max-steps "$steps" "${validation[@]}" \
            --precision-policy "$policy" --run-dir "$work" --name "compare-$size-$seed" >/dev/null
        for run in "$work/compare-$size-$seed"/*/; do
            python3 - "$size" "$seed" "$run" <<'EOF' | tee -a "$results"
import json, os, sys
size, seed, run = sys.argv[1:]
summary = json.load(open(os.path.join(run, "summary.json")))
kind = os.path.basename(os.path.normpath(run)).split("-")[0]
print(f"{size}\t{seed}\t{kind}\t{summary['median_step_ms']}\t{summary['final_top1']}")
EOF
        done
    done
done

python3 - "$results" <<'EOF'
import statistics, sys
rows = [line.split("\t") for line in open(sys.argv[1]).read().splitlines()]
step = {(size, seed, kind): float(ms) for size, seed, kind, ms, _ in rows}
top1 = {(size, seed, kind): float(t) for size, seed, kind, _, t in rows}
def spread(values, unit=""):
    return f"{statistics.median(values):.2f}{unit} ({min(values):.2f}-{max(values):.2f})"
print("\nsize\trun\tstep ms\tFP32 / run\tfaster of FP32, AMP / run\ttop-1 %")
for size in sorted({s for s, _, _ in step}, key=int):
    seeds = sorted({seed for s, seed, _ in step if s == size})
    for kind in ("fp32", "amp", "policy"):
        times = [step[(size, seed, kind)] for seed in seeds]
        against_fp32 = [step[(size, seed, "fp32")] / step[(size, seed, kind)] for seed in seeds]
        against_best = [min(step[(size, seed, "fp32")], step[(size, seed, "amp")]) / step[(size, seed, kind)]
                        for seed in seeds]
        accuracy = [100 * top1[(size, seed, kind)] for seed in seeds]
        print(f"{size}\t{kind}\t{spread(times)}\t{spread(against_fp32, 'x')}\t{spread(against_best, 'x')}"
              f"\t{spread(accuracy)}")
EOF
