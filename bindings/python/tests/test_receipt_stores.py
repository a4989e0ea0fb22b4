"""One contract for every receipt store Python ships, the same as the core's
(`agent-input/tests/receipt_stores.rs`) and JavaScript's: `MemoryReceipts`, `SqliteReceipts`,
`RedisReceipts` against a `redis-server` the test starts on a free loopback port, and
`PostgresReceipts` against a PostgreSQL the test starts with `scripts/postgres`. Lookups,
reservations (one winner among threads), receipts kept and replaced, releases, expiry by the
clock, a stored value that is not JSON. `scripts/test` installs both servers and sets
AGENT_INPUT_REQUIRE_REDIS=1 and AGENT_INPUT_REQUIRE_POSTGRES=1, under which one that cannot
start fails; elsewhere its store is skipped with the reason."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator

import pytest

import agent_input

SCRIPTS = Path(__file__).resolve().parents[3] / "scripts"


def _unavailable(variable: str, why: str) -> None:
    if os.environ.get(variable):
        pytest.fail(f"{why} ({variable} requires it)")
    pytest.skip(why)


def _redis(tmp_path: Path) -> Iterator[Any]:
    if shutil.which("redis-server") is None:
        _unavailable("AGENT_INPUT_REQUIRE_REDIS", "no redis-server here")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                yield agent_input.RedisReceipts(f"redis://127.0.0.1:{port}/")
                return
            except agent_input.InvalidOptionsError:
                time.sleep(0.05)
        pytest.fail(f"redis-server on {port} did not answer within 5 s")
    finally:
        server.kill()
        server.wait()


def _postgres(tmp_path: Path) -> Iterator[Any]:
    server = Path("/tmp") / f"agent-input-py-pg-contract-{os.getpid()}"
    shutil.rmtree(server, ignore_errors=True)
    started = subprocess.run([str(SCRIPTS / "postgres"), "start", str(server)], capture_output=True, text=True)
    if started.returncode != 0:
        _unavailable("AGENT_INPUT_REQUIRE_POSTGRES", f"no PostgreSQL here: {started.stderr.strip()}")
    try:
        yield agent_input.PostgresReceipts(started.stdout.strip())
    finally:
        subprocess.run([str(SCRIPTS / "postgres"), "stop", str(server)], capture_output=True)
        shutil.rmtree(server, ignore_errors=True)


def _memory(tmp_path: Path) -> Iterator[Any]:
    yield agent_input.MemoryReceipts()


def _sqlite(tmp_path: Path) -> Iterator[Any]:
    yield agent_input.SqliteReceipts(str(tmp_path / "receipts.db"))


STORES: Dict[str, Callable[[Path], Iterator[Any]]] = {
    "memory": _memory,
    "sqlite": _sqlite,
    "redis": _redis,
    "postgres": _postgres,
}


@pytest.fixture(params=list(STORES))
def store(request: Any, tmp_path: Path) -> Iterator[Any]:
    yield from STORES[request.param](tmp_path)


def mark(at: int, ttl: int) -> Dict[str, Any]:
    return {"digest": "d", "args": {}, "in_flight": True, "stored_at": at, "expires_at": at + ttl}


def test_every_store_keeps_the_contract(store: Any) -> None:
    t = int(time.time())
    assert store.get("pay", "a") is None, "nothing yet"
    assert store.reserve("pay", "a", mark(t, 300)) is None, "reserved"
    assert store.reserve("pay", "a", mark(t, 300)) == mark(t, 300), "held, unchanged"
    assert store.reserve("other", "a", mark(t, 300)) is None, "per tool"
    done = {"digest": "d", "args": {}, "result": {"paid": 1}, "stored_at": t, "expires_at": t + 600}
    store.put("pay", "a", done)
    assert store.get("pay", "a") == done, "the receipt kept"
    assert store.reserve("pay", "a", mark(t, 300)) == done, "an applied write is held"
    # A release (a receipt already expired) frees the key for the retry.
    store.put("pay", "b", mark(t, 300))
    store.put("pay", "b", {"digest": "d", "released": True, "expires_at": 0})
    assert store.reserve("pay", "b", mark(t, 300)) is None, "released, reserved again"
    # A mark that expires (a process that died mid-write) frees the key once its time is past.
    assert store.reserve("pay", "c", mark(t, 1)) is None
    time.sleep(2.1)
    assert store.reserve("pay", "c", mark(int(time.time()), 300)) is None, "expired, reserved again"
    # Eight threads, fifty keys: each key reserved exactly once.
    t = int(time.time())
    won = [0] * 8

    def race(i: int) -> None:
        won[i] = sum(store.reserve("race", f"k{n}", mark(t, 300)) is None for n in range(50))

    threads = [threading.Thread(target=race, args=(i,)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(won) == 50, won


def test_a_store_that_cannot_answer_says_so_and_refuses_bad_input(tmp_path: Path) -> None:
    """A Redis or PostgreSQL that does not answer is no store (`InvalidOptionsError` at open), and
    a URL that is not one is refused the same way."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    for make, url in (
        (agent_input.RedisReceipts, f"redis://127.0.0.1:{closed}/"),
        (agent_input.PostgresReceipts, f"postgres://agent_input@127.0.0.1:{closed}/agent_input"),
        (agent_input.PostgresReceipts, "not a url"),
    ):
        with pytest.raises(agent_input.InvalidOptionsError):
            make(url)
