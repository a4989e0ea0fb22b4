"""What `agent-input proxy` adds over Streamable HTTP, measured beside the direct connection in
the same run (a benchmark, not a test), and the proxy under 100 concurrent HTTP clients.

The server is tests/proxy/bare_server.py (no SDK), over HTTP (`--http PORT`) or stdio. Each
client keeps one HTTP/1.1 connection and sends 2026-07-28 requests (no session; the headers
that mirror the body), waiting for each answer. Measured, alternating in rounds so that every
way sees the same load:

- `http upstream`: the server over HTTP directly, and through `agent-input proxy --listen 0
  --upstream URL`;
- `http child`: `agent-input proxy --listen 0 -- python3 bare_server.py` (the stdio server served
  over HTTP), beside the same server spoken to directly over stdio: what a client pays for
  reaching a stdio server over HTTP through the proxy (the HTTP client's own cost included).

Then two load runs: `--clients` clients (100) for `--seconds` (30) or `--max-calls` each,
whichever ends first, against `agent-input proxy --listen 0 -- python3 bare_server.py`. In the
first each client sends model-spelled searches; in the second, writes with an idempotency key of
its own, re-sending every write once (a retry; the receipts are the proxy's in memory, bounded
by `MAX_RECEIPTS`);
at the end every acknowledged key must have been applied exactly once by the server (no write
lost, none duplicated). The proxy's resident memory (VmRSS) is sampled at rest before, during
(the peak) and after.

    cargo build --release -p agent-input-cli
    python3 benches/proxy_http.py [--calls 2000] [--clients 100] [--seconds 30] [--binary target/release/agent-input]
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from proxy_latency import CASES, SERVER, Session, percentile, rss_kib  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MODERN = "2026-07-28"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_listening(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


def serve_proxy(argv: list[str], env: dict[str, str] | None = None) -> tuple[subprocess.Popen[bytes], int]:
    """`agent-input proxy --listen 127.0.0.1:0 ...`; the process and its port."""
    proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    assert proc.stderr is not None
    for line in proc.stderr:
        found = re.search(rb"serving Streamable HTTP at http://127\.0\.0\.1:(\d+)/mcp", line)
        if found:
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return proc, int(found.group(1))
    raise RuntimeError("the proxy did not serve")


class HttpClient:
    """One kept-alive connection sending 2026-07-28 requests."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.next = 0

    def request(self, method: str, params: dict) -> dict:
        self.next += 1
        params = {**params, "_meta": {"io.modelcontextprotocol/protocolVersion": MODERN,
                                      "io.modelcontextprotocol/clientCapabilities": {}}}
        body = json.dumps({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params})
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "MCP-Protocol-Version": MODERN, "Mcp-Method": method}
        if method == "tools/call":
            headers["Mcp-Name"] = params["name"]
        self.conn.request("POST", "/mcp", body, headers)
        response = self.conn.getresponse()
        text = response.read().decode()
        if response.getheader("Content-Type", "").startswith("text/event-stream"):
            text = [line[5:] for line in text.splitlines() if line.startswith("data:")][-1]
        return json.loads(text)

    def timed_call(self, arguments: dict, tool: str = "search") -> float:
        start = time.perf_counter_ns()
        answer = self.request("tools/call", {"name": tool, "arguments": arguments})
        elapsed = (time.perf_counter_ns() - start) / 1e6
        assert "result" in answer, answer
        return elapsed


def latency(args: argparse.Namespace) -> None:
    upstream_port = free_port()
    upstream = subprocess.Popen([*SERVER, "--http", str(upstream_port)], stderr=subprocess.DEVNULL)
    wait_listening(upstream_port)
    via_upstream, up_port = serve_proxy([args.binary, "proxy", "--listen", "127.0.0.1:0", "--upstream",
                                         f"http://127.0.0.1:{upstream_port}/mcp"])
    via_child, child_port = serve_proxy([args.binary, "proxy", "--listen", "127.0.0.1:0", "--", *SERVER])
    ways = {
        "http direct": HttpClient(upstream_port),
        "http upstream proxy": HttpClient(up_port),
        "stdio direct": Session(SERVER),
        "http child proxy": HttpClient(child_port),
    }
    for client in ways.values():
        client.request("tools/list", {}) if isinstance(client, HttpClient) else None
    times = {(c, w): [] for c in CASES for w in ways}
    rounds = 20
    for _ in range(rounds):
        for case, arguments in CASES.items():
            for way, client in ways.items():
                for _ in range(args.calls // rounds):
                    times[(case, way)].append(client.timed_call(arguments))
    print(f"{args.calls} calls per case and way, alternating in {rounds} rounds\n")
    print("| case | way | direct p50 | proxy p50 | added p50 | direct p99 | proxy p99 | added p99 |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for case in CASES:
        for label, direct, proxied in (("HTTP in front of HTTP", "http direct", "http upstream proxy"),
                                       ("HTTP in front of stdio", "stdio direct", "http child proxy")):
            d, p = times[(case, direct)], times[(case, proxied)]
            d50, p50, d99, p99 = percentile(d, 50), percentile(p, 50), percentile(d, 99), percentile(p, 99)
            print(f"| {case} | {label} | {d50:.3f} ms | {p50:.3f} ms | {p50 - d50:+.3f} ms | {d99:.3f} ms | {p99:.3f} ms | {p99 - d99:+.3f} ms |")
    print(f"\nproxy resident memory after the calls: upstream {rss_kib(via_upstream.pid) / 1024:.1f} MiB, "
          f"child {rss_kib(via_child.pid) / 1024:.1f} MiB")
    for proc in (via_upstream, via_child, upstream):
        proc.terminate()
        proc.wait(timeout=10)
    ways["stdio direct"].close()


def load(args: argparse.Namespace, writes: bool) -> None:
    with tempfile.TemporaryDirectory() as work:
        log = Path(work) / "calls.jsonl"
        env = {**os.environ, "BARE_SERVER_LOG": str(log)}
        proxy, port = serve_proxy([args.binary, "proxy", "--listen", "127.0.0.1:0", "--", *SERVER], env)
        time.sleep(0.5)
        at_rest = rss_kib(proxy.pid)
        stop_at = time.monotonic() + args.seconds
        acknowledged: list[set[str]] = [set() for _ in range(args.clients)]
        failures: list[str] = []
        peak = [at_rest]
        calls = [0] * args.clients

        def client(i: int) -> None:
            c = HttpClient(port)
            n = 0
            while time.monotonic() < stop_at and n < args.max_calls:
                n += 1
                if not writes:
                    answer = c.request("tools/call", {"name": "search", "arguments": CASES["model-spelled"]})
                    calls[i] += 1
                    if "result" not in answer or answer["result"].get("isError"):
                        failures.append(json.dumps(answer)[:300])
                    continue
                key = f"load-{i}-{n}"
                for attempt in range(2):
                    answer = c.request("tools/call", {"name": "write", "arguments": {"title": "T", "idempotency_key": key}})
                    calls[i] += 1
                    result = answer.get("result") or {}
                    if result.get("isError"):
                        failures.append(f"{key} attempt {attempt}: {json.dumps(result)[:300]}")
                    else:
                        acknowledged[i].add(key)

        def sample() -> None:
            while time.monotonic() < stop_at + 1:
                peak[0] = max(peak[0], rss_kib(proxy.pid))
                time.sleep(0.2)

        threads = [threading.Thread(target=client, args=(i,)) for i in range(args.clients)]
        sampler = threading.Thread(target=sample)
        started = time.monotonic()
        sampler.start()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - started
        sampler.join()
        # Idle threads of the blocking pool end after 10 s; what stays is the proxy's.
        time.sleep(15)
        after = rss_kib(proxy.pid)
        proxy.terminate()
        proxy.wait(timeout=10)
        applied: dict[str, int] = {}
        for line in log.read_text().splitlines():
            entry = json.loads(line)
            if entry.get("tool") == "write":
                key = entry["arguments"]["idempotency_key"]
                applied[key] = applied.get(key, 0) + 1
        keys = set().union(*acknowledged)
        lost = sorted(keys - set(applied))
        duplicated = sorted(k for k, n in applied.items() if n > 1)
        what = "writes, each sent twice" if writes else "model-spelled searches"
        print(f"\n{args.clients} clients for {elapsed:.1f} s, {what}: {sum(calls)} calls ({sum(calls) / elapsed:.0f}/s), "
              f"{len(keys)} writes acknowledged, {len(applied)} applied by the server")
        print(f"lost writes: {len(lost)}, duplicated writes: {len(duplicated)}, refused calls: {len(failures)}")
        print(f"proxy resident memory: at rest {at_rest / 1024:.1f} MiB, peak under load {peak[0] / 1024:.1f} MiB, "
              f"15 s after {after / 1024:.1f} MiB")
        if failures:
            print("first refused:", failures[0])
        if lost or duplicated:
            raise SystemExit(f"lost {lost[:5]} duplicated {duplicated[:5]}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--max-calls", type=int, default=2000, help="writes per client at most")
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "agent-input"))
    args = parser.parse_args()
    latency(args)
    load(args, writes=False)
    load(args, writes=True)


if __name__ == "__main__":
    main()
