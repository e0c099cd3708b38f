#!/usr/bin/env python3
"""/healthz latency of `amp-workbench-cli serve` while clients hold connections without
finishing a request, on loopback. Three loads, each for a few seconds:

  idle       N connections that send nothing;
  trickle    N clients that send a request head one byte every 0.2 s;
  reconnect  N clients that connect, send half a request line, close and reconnect at once.

The load runs in a process of its own. During each load a probe asks GET /healthz once every
0.5 s (a fresh connection, 30 s timeout) and the script prints the median and worst latency, and
how many probes got no 200. Results: docs/BENCHMARKS.md.

    .venv/bin/python bench/serve_idle_load.py URL [--seconds S] [--loads idle:200,trickle:25,reconnect:30]
"""
import argparse
import multiprocessing
import socket
import statistics
import threading
import time
import urllib.parse


def probe(host, port, timeout=30.0):
    """Seconds until a complete 200 answer to GET /healthz, or None."""
    start = time.monotonic()
    try:
        with socket.create_connection((host, port), timeout=timeout) as sock:
            sock.settimeout(timeout)
            sock.sendall(f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\nConnection: close\r\n\r\n".encode())
            answer = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                answer += chunk
        return time.monotonic() - start if answer.startswith(b"HTTP/1.1 200") else None
    except OSError:
        return None


def idle(host, port, stop, clients):
    sockets = []
    for _ in range(clients):
        try:
            sockets.append(socket.create_connection((host, port), timeout=5))
        except OSError:
            pass
    stop.wait()
    for sock in sockets:
        sock.close()


def trickle_one(host, port, stop):
    head = f"GET /healthz HTTP/1.1\r\nHost: {host}:{port}\r\nX-Padding: {'a' * 200}\r\n\r\n".encode()
    while not stop.is_set():
        try:
            with socket.create_connection((host, port), timeout=5) as sock:
                for byte in head:
                    if stop.wait(0.2):
                        return
                    sock.sendall(bytes([byte]))
        except OSError:
            stop.wait(0.05)


def reconnect_one(host, port, stop):
    while not stop.is_set():
        try:
            with socket.create_connection((host, port), timeout=5) as sock:
                sock.sendall(b"GET /hea")
        except OSError:
            stop.wait(0.01)


def load_process(name, host, port, clients, stop):
    """Runs one load in its own process, so that its threads do not slow the probe down."""
    if name == "idle":
        workers = [threading.Thread(target=idle, args=(host, port, stop, clients))]
    else:
        target = trickle_one if name == "trickle" else reconnect_one
        workers = [threading.Thread(target=target, args=(host, port, stop)) for _ in range(clients)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()


def run_load(name, host, port, clients, seconds):
    stop = multiprocessing.Event()
    load = multiprocessing.Process(target=load_process, args=(name, host, port, clients, stop))
    load.start()
    time.sleep(1.0)
    latencies, failures = [], 0
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        latency = probe(host, port)
        if latency is None:
            failures += 1
        else:
            latencies.append(latency)
        time.sleep(0.5)
    stop.set()
    load.join()
    if latencies:
        print(f"{name:9} clients={clients:3}  probes={len(latencies) + failures:2}  "
              f"median={statistics.median(latencies) * 1000:8.1f} ms  worst={max(latencies) * 1000:8.1f} ms  "
              f"failed={failures}")
    else:
        print(f"{name:9} clients={clients:3}  probes={failures:2}  all failed")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--loads", default="idle:200,trickle:25,reconnect:30")
    args = parser.parse_args()
    address = urllib.parse.urlparse(args.url)
    baseline = [probe(address.hostname, address.port) for _ in range(5)]
    print(f"unloaded  median={statistics.median([b for b in baseline if b]) * 1000:.1f} ms")
    for load in args.loads.split(","):
        name, clients = load.split(":")
        run_load(name, address.hostname, address.port, int(clients), args.seconds)
        time.sleep(1.0)


if __name__ == "__main__":
    main()
