#!/usr/bin/env bash
# Load test of `amp-workbench-cli serve` on loopback: wrk POSTs a real JPEG to
# /v1/classify for DURATION seconds at 1, 2 and 8 connections and prints, per level,
# requests/s, p50/p99 latency, non-2xx responses and how many of them were 503
# back-pressure. Starts and stops the server itself; about a minute in all.
#   bash bench/serve_load.sh [build-dir] [duration-seconds] [serve options...]
# MODEL (default: an ImageNet-shaped ResNet-18 with random weights, written by the
# torchvision reference script) and IMAGE (default: opencv-doc's fruits.jpg) may be set.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
duration=${2:-15}
shift $(( $# > 2 ? 2 : $# ))
cli="$build/app/cli/amp-workbench-cli"
image=${IMAGE:-/usr/share/doc/opencv-doc/examples/data/fruits.jpg}
work=$(mktemp -d)
server=
cleanup() {
    if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

model=${MODEL:-}
if [ -z "$model" ]; then
    model="$work/resnet18-random.pth"
    .venv/bin/python tests/python/classify_reference.py state-dict "$model" --classes 1000 >/dev/null
fi

"$cli" serve --model "$model" --port 0 "$@" >"$work/serve.log" 2>&1 &
server=$!
for _ in $(seq 1 600); do
    grep -q "Serving on" "$work/serve.log" && break
    kill -0 "$server" 2>/dev/null || { cat "$work/serve.log"; exit 1; }
    sleep 0.2
done
url=$(grep -o "http://[0-9.:]*/" "$work/serve.log" | head -1)
[ -n "$url" ] || { cat "$work/serve.log"; exit 1; }
head -2 "$work/serve.log"
echo "Image: $image ($(stat -c %s "$image") bytes), ${duration} s per level"

export SERVE_IMAGE="$image"
wrk -t 1 -c 1 -d 2s -s bench/serve_post.lua "$url" >/dev/null # warm-up
for connections in 1 2 8; do
    threads=$(( connections < 2 ? connections : 2 ))
    echo "connections=$connections $(wrk -t "$threads" -c "$connections" -d "${duration}s" --timeout 10s \
        -s bench/serve_post.lua "$url" | tail -1)"
done
