-- wrk script for bench/serve_load.sh: POSTs one real JPEG (SERVE_IMAGE) to /v1/classify
-- and prints one line: requests/s, p50/p99 latency, non-2xx and 503 counts.
local image = assert(io.open(os.getenv("SERVE_IMAGE"), "rb"))
wrk.method = "POST"
wrk.path = "/v1/classify"
wrk.body = image:read("*a")
wrk.headers["Content-Type"] = "image/jpeg"
image:close()

local threads = {}

function setup(thread)
    table.insert(threads, thread)
end

busy = 0

function response(status, headers, body)
    if status == 503 then
        busy = busy + 1
    end
end

function done(summary, latency, requests)
    local refused = 0
    for _, thread in ipairs(threads) do
        refused = refused + thread:get("busy")
    end
    local seconds = summary.duration / 1e6
    io.write(string.format("requests=%d req/s=%.1f p50_ms=%.1f p99_ms=%.1f non2xx=%d busy503=%d "
                               .. "socket_errors=%d\n",
                           summary.requests, summary.requests / seconds,
                           latency:percentile(50) / 1000, latency:percentile(99) / 1000, summary.errors.status,
                           refused, summary.errors.connect + summary.errors.read + summary.errors.write
                               + summary.errors.timeout))
end
