"""What `agent-input proxy` adds to a call over stdio, measured beside the direct connection in
the same run (a benchmark, not a test).

The server is tests/proxy/bare_server.py (no SDK: its own cost is small and the same in both
runs). One client writes a `tools/call` line and waits for its answer, `--calls` times per case,
alternating the direct server and the proxied one in rounds so both see the same machine load.
It prints, per case, the p50 and p99 round trip of each and what the proxy adds, and the proxy's
resident memory (VmRSS) at rest after the calls. Then writes with an idempotency key (each with
a key of its own, so each is reserved, run and stored) through a proxy keeping receipts in
memory and one keeping them in a SQLite file: what each store adds per write.

    cargo build --release -p agent-input-cli
    python3 benches/proxy_latency.py [--calls 2000] [--binary target/release/agent-input] [--redis redis://127.0.0.1:6390/]
        [--postgres postgres://agent_input@127.0.0.1:PORT/agent_input]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVER = [sys.executable, str(ROOT / "tests" / "proxy" / "bare_server.py")]
CASES = {
    "canonical": {"query": "x", "limit": 7, "date_from": "2026-10-01"},
    "model-spelled": {"query": "x", "limit": "4 000", "date_from": "1. 10. 2026"},
}


class Session:
    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.next = 0
        init = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}
        self.request("initialize", init)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        self.request("tools/list", {})

    def send(self, message: dict) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()

    def request(self, method: str, params: dict) -> dict:
        self.next += 1
        self.send({"jsonrpc": "2.0", "id": self.next, "method": method, "params": params})
        assert self.proc.stdout is not None
        while True:
            answer = json.loads(self.proc.stdout.readline())
            if answer.get("id") == self.next:
                return answer

    def timed_call(self, arguments: dict, tool: str = "search") -> float:
        start = time.perf_counter_ns()
        answer = self.request("tools/call", {"name": tool, "arguments": arguments})
        elapsed = (time.perf_counter_ns() - start) / 1e6
        assert "result" in answer, answer
        return elapsed

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--binary", default=str(ROOT / "target" / "release" / "agent-input"))
    parser.add_argument("--redis", help="a Redis server's URL: the writes through a proxy keeping receipts there too")
    parser.add_argument("--postgres", help="a PostgreSQL database's URL (scripts/postgres start DIR prints one): the same")
    args = parser.parse_args()
    direct = Session(SERVER)
    proxied = Session([args.binary, "proxy", "--", *SERVER])
    times: dict[tuple[str, str], list[float]] = {(c, w): [] for c in CASES for w in ("direct", "proxy")}
    rounds = 20
    for _ in range(rounds):
        for case, arguments in CASES.items():
            for way, session in (("direct", direct), ("proxy", proxied)):
                for _ in range(args.calls // rounds):
                    times[(case, way)].append(session.timed_call(arguments))
    print(f"{args.calls} calls per case and way, alternating in {rounds} rounds\n")
    print("| case | direct p50 | proxy p50 | added p50 | direct p99 | proxy p99 | added p99 |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for case in CASES:
        d, p = times[(case, "direct")], times[(case, "proxy")]
        d50, p50, d99, p99 = percentile(d, 50), percentile(p, 50), percentile(d, 99), percentile(p, 99)
        print(f"| {case} | {d50:.3f} ms | {p50:.3f} ms | {p50 - d50:+.3f} ms | {d99:.3f} ms | {p99:.3f} ms | {p99 - d99:+.3f} ms |")
    print(f"\nproxy resident memory after the calls: {rss_kib(proxied.proc.pid) / 1024:.1f} MiB")
    print(f"means: " + ", ".join(f"{c}/{w} {statistics.fmean(v):.3f} ms" for (c, w), v in times.items()))
    direct.close()
    proxied.close()
    writes(args)


def writes(args: argparse.Namespace) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as work:
        ways = {
            "direct": Session(SERVER),
            "memory": Session([args.binary, "proxy", "--receipts", "memory", "--", *SERVER]),
            "sqlite": Session([args.binary, "proxy", "--receipts", f"sqlite:{work}/receipts.db", "--", *SERVER]),
        }
        if args.redis:
            ways["redis"] = Session([args.binary, "proxy", "--receipts", args.redis, "--", *SERVER])
        if args.postgres:
            ways["postgres"] = Session([args.binary, "proxy", "--receipts", args.postgres, "--", *SERVER])
        times: dict[str, list[float]] = {w: [] for w in ways}
        n = 0
        for _ in range(20):
            for way, session in ways.items():
                for _ in range(args.calls // 20):
                    n += 1
                    times[way].append(session.timed_call({"title": "T", "idempotency_key": f"bench-key-{n:08d}"}, "write"))
        print("\n| write with a fresh key | p50 | p99 | added p50 over direct |")
        print("| --- | ---: | ---: | ---: |")
        d50 = percentile(times["direct"], 50)
        for way, t in times.items():
            print(f"| {way} | {percentile(t, 50):.3f} ms | {percentile(t, 99):.3f} ms | {percentile(t, 50) - d50:+.3f} ms |")
        for session in ways.values():
            session.close()


if __name__ == "__main__":
    main()
