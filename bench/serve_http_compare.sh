#!/usr/bin/env bash
# Two builds of `amp-workbench-cli serve` side by side on loopback, in alternating rounds: trivial
# requests (wrk, GET /healthz) at 1 and 8 connections, kept alive and one per request, then /healthz
# latency while 200 idle connections and 25 byte-by-byte clients are held (bench/serve_idle_load.py).
# Each round starts each server afresh with the same model; about three minutes a round. Results:
# docs/BENCHMARKS.md.
#   bash bench/serve_http_compare.sh CLI_A CLI_B [rounds] [seconds-per-load]
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 CLI_A CLI_B [rounds] [seconds]" >&2; exit 2; }
clis=("$1" "$2")
rounds=${3:-3}
seconds=${4:-8}
work=$(mktemp -d)
server=
stop_server() {
    if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    server=
}
trap 'stop_server; rm -rf "$work"' EXIT

model="$work/resnet18-random.pth"
.venv/bin/python tests/python/classify_reference.py state-dict "$model" --classes 10 >/dev/null

one_server() {
    local cli=$1
    "$cli" serve --model "$model" --port 0 >"$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 1 600); do
        grep -q "Serving on" "$work/serve.log" && break
        kill -0 "$server" 2>/dev/null || { cat "$work/serve.log"; exit 1; }
        sleep 0.2
    done
    local url
    url=$(grep -o "http://[0-9.:]*/" "$work/serve.log" | head -1)
    wrk -t 1 -c 1 -d 1s "${url}healthz" >/dev/null # warm-up
    # Kept-alive connections (wrk's way, and a browser's), then a connection per request.
    for run in "1 keep-alive" "8 keep-alive" "1 close" "8 close"; do
        local connections=${run% *} header=()
        local threads=$(( connections < 2 ? 1 : 2 ))
        [ "${run#* }" = close ] && header=(-H "Connection: close")
        wrk -t "$threads" -c "$connections" -d "${seconds}s" --latency "${header[@]}" "${url}healthz" >"$work/wrk.txt"
        echo "  wrk /healthz c=$connections ${run#* }: $(grep "Requests/sec" "$work/wrk.txt" | tr -s ' ')," \
             "p50 $(grep " 50%" "$work/wrk.txt" | tr -s ' ' | cut -d' ' -f3), p99 $(grep " 99%" "$work/wrk.txt" | tr -s ' ' | cut -d' ' -f3)"
    done
    /usr/bin/python3 bench/serve_idle_load.py "$url" --seconds "$seconds" --loads idle:200,trickle:25 | sed 's/^/  /'
    stop_server
}

echo "Machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs; load average $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq 1 "$rounds"); do
    # The order alternates, so neither build always runs first.
    if (( round % 2 )); then order=(0 1); else order=(1 0); fi
    for i in "${order[@]}"; do
        echo "round $round, ${clis[$i]}:"
        one_server "${clis[$i]}"
    done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
