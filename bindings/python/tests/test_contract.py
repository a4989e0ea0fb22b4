"""The contract around a call, through Python: every case of `tests/vectors/contract/` (confirm
tokens, receipts, throttles) run as the server glue runs it, the page vectors, and the glue's
`run_call` end to end with a handler (a preview, an invented token, the token that applies, the
replayed receipt, a throttle raised by the handler, a store of one's own)."""

from __future__ import annotations

import asyncio
import json
from typing import Any, Dict, List, Optional, Tuple, cast

import pytest

import agent_input
from agent_input.mcp import run_call
from vectors import VECTORS, VECTOR_KEY, exact_natives, parse_exact, parse_input, same

PREVIEW_TOKEN = "$preview_token"
CODEC = agent_input.CursorCodec(VECTOR_KEY.encode())


def _files() -> List[Tuple[str, Any, Any]]:
    out = []
    for path in sorted((VECTORS / "contract").glob("*.json")):
        if path.name == "page.json":
            continue
        text = path.read_text(encoding="utf-8")
        out.append((path.stem, parse_input(text), parse_exact(text)))
    return out


FILES = _files()
CASES = [(f"{stem}/{c['name']}", doc["spec"], c, e) for stem, doc, exact in FILES for c, e in zip(doc["cases"], exact["cases"])]


def _with_token(args: Any, token: str) -> Any:
    if args == PREVIEW_TOKEN:
        return token
    if isinstance(args, dict):
        return {k: _with_token(v, token) for k, v in args.items()}
    return args


def _run(tool: agent_input.Tool, steps: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Each step as a server glue runs it, against a fresh store."""
    store = agent_input.MemoryReceipts()
    token = ""
    out = []
    for step in steps:
        now = step["now"]
        call = tool.read(_with_token(step.get("args"), token))
        key = tool.receipt_key(call)
        stored = store.get(tool.name, key) if key is not None else None
        gate = tool.gate(call, stored, now=now)
        if gate["action"] == "answer":
            out.append({"ran": False, "result": gate["result"]})
            continue
        pending = gate["run"].get("receipt")
        if pending is not None:
            store.put(tool.name, pending["key"], pending["in_flight"])
        if step.get("holds"):
            out.append({"ran": True, "handler_args": gate["args"], "held": True})
            continue
        if "failure" in step:
            if pending is not None:
                store.put(tool.name, pending["key"], pending["release"])
            result = tool.failure_result(step["failure"])
        else:
            finished = tool.finish(call, gate, step.get("output"), now=now)
            if finished.get("receipt") is not None:
                store.put(tool.name, finished["key"], finished["receipt"])
            result = finished["result"]
        confirmation = (result.get("structuredContent") or {}).get("confirmation")
        if confirmation:
            token = confirmation["confirm_token"]
        out.append({"ran": True, "handler_args": gate["args"], "result": result})
    return out


@pytest.mark.parametrize("where, spec, case, exact", CASES, ids=[c[0] for c in CASES])
def test_contract_vector(where: str, spec: Any, case: Dict[str, Any], exact: Dict[str, Any]) -> None:
    tool = agent_input.Tool.from_spec(spec, codec=CODEC)
    for i, (got, step) in enumerate(zip(_run(tool, case["steps"]), exact["steps"])):
        assert same(exact_natives(got), step["expect"]), f"{where}/{i}\n  expect: {step['expect']}\n  got:    {got}"


PAGE_DOC = parse_input((VECTORS / "contract" / "page.json").read_text(encoding="utf-8"))
PAGE_EXACT = parse_exact((VECTORS / "contract" / "page.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case, exact", list(zip(PAGE_DOC["cases"], PAGE_EXACT["cases"])), ids=[c["name"] for c in PAGE_DOC["cases"]])
def test_page_vector(case: Dict[str, Any], exact: Dict[str, Any]) -> None:
    page = dict(case["page"])
    got = CODEC.page(
        page.pop("items"),
        matched=page.pop("matched"),
        sort=page.pop("sort", None),
        filtered=page.pop("filtered", False),
        next=page.pop("next", None),
        offset=page.pop("offset", None),
        matched_exact=page.pop("matched_exact", True),
        now=case["now"],
    )
    assert not page, f"a page field the runner does not pass: {page}"
    assert same(exact_natives(got), exact["expect"]), f"{case['name']}: {got}"


def test_every_contract_file_is_run() -> None:
    assert len(CASES) >= 20
    assert {p.name for p in (VECTORS / "contract").glob("*.json")} == {f"{s}.json" for s, _, _ in FILES} | {"page.json"}


# --- the glue, end to end -------------------------------------------------------------------

SPEC = {
    "name": "delete_note",
    "description": "Delete a note.",
    "writes": True,
    "destructive": True,
    "idempotent": True,
    "confirm": True,
    "properties": {"note_id": {"kind": "uuid", "required": True}, "idempotency_key": {"required": True}},
}
NOTE = "5d7c2a9e-8b1f-4c3d-a6e2-71f0b9d4c802"


def _glue(tool: agent_input.Tool, receipts: Any = None) -> Tuple[Any, List[Dict[str, Any]]]:
    ran: List[Dict[str, Any]] = []

    def delete_note(note_id: str, idempotency_key: str, dry_run: bool = False) -> Dict[str, Any]:
        ran.append({"note_id": note_id, "dry_run": dry_run})
        return {"would_delete" if dry_run else "deleted": note_id}

    async def call(args: Dict[str, Any]) -> Dict[str, Any]:
        return await run_call(tool, delete_note, args, receipts=receipts)

    return call, ran


def test_run_call_previews_refuses_applies_and_replays() -> None:
    tool = agent_input.Tool.from_spec(SPEC, codec=agent_input.CursorCodec(b"a server key of 16+ bytes"))
    call, ran = _glue(tool, receipts=agent_input.MemoryReceipts())
    args = {"note_id": NOTE, "idempotency_key": "delete-note-0001"}
    preview = asyncio.run(call(args))
    assert preview["structuredContent"]["result"] == {"would_delete": NOTE}
    token = preview["structuredContent"]["confirmation"]["confirm_token"]
    invented = asyncio.run(call({**args, "dry_run": False, "confirm_token": "yes"}))
    assert invented["isError"] and invented["structuredContent"]["code"] == "confirmation_required"
    applied = asyncio.run(call({**args, "dry_run": False, "confirm_token": token}))
    assert applied["structuredContent"]["result"] == {"deleted": NOTE}
    again = asyncio.run(call({**args, "dry_run": False, "confirm_token": token}))
    assert again["structuredContent"]["result"] == {"deleted": NOTE}
    assert [n["code"] for n in again["structuredContent"]["notes"]] == ["receipt_replayed"]
    assert ran == [{"note_id": NOTE, "dry_run": True}, {"note_id": NOTE, "dry_run": False}]
    assert tool.annotations() == {"readOnlyHint": False, "destructiveHint": True, "idempotentHint": True}


class DictStore:
    """A store of one's own: async methods over JSON text, as a database would keep it."""

    def __init__(self) -> None:
        self.rows: Dict[Tuple[str, str], str] = {}

    async def get(self, tool: str, key: str) -> Optional[Dict[str, Any]]:
        row = self.rows.get((tool, key))
        return None if row is None else json.loads(row)

    async def put(self, tool: str, key: str, receipt: Dict[str, Any]) -> None:
        self.rows[(tool, key)] = json.dumps(receipt, default=str)


def test_run_call_uses_a_store_of_ones_own() -> None:
    spec = {**SPEC, "confirm": False, "destructive": False}
    tool = agent_input.Tool.from_spec(spec)
    store = DictStore()
    call, ran = _glue(tool, receipts=store)
    args = {"note_id": NOTE, "idempotency_key": "delete-note-0002"}
    first = asyncio.run(call(args))
    assert ("delete_note", "delete-note-0002") in store.rows
    second = asyncio.run(call(args))
    assert second["structuredContent"]["result"] == first["structuredContent"]["result"]
    assert len(ran) == 1
    other = asyncio.run(call({**args, "note_id": "e7b4c1a8-3d9f-4b2e-9c6a-5f8d2e1b7a05"}))
    assert other["structuredContent"]["issues"][0]["code"] == "idempotency_key_reused"


class ReservingStore(DictStore):
    """A store that can reserve a key in one step (here a dict, under the GIL), counting how
    often it is asked to."""

    def __init__(self) -> None:
        super().__init__()
        self.reserved: List[str] = []

    def reserve(self, tool: str, key: str, in_flight: Dict[str, Any]) -> Optional[Dict[str, Any]]:
        self.reserved.append(key)
        row = self.rows.get((tool, key))
        held = None if row is None else json.loads(row)
        if held is not None and held.get("expires_at", 0) > in_flight["stored_at"]:
            return cast(Dict[str, Any], held)
        self.rows[(tool, key)] = json.dumps(in_flight)
        return None


def test_a_stores_reserve_is_used_and_a_store_that_cannot_answer_refuses_the_write() -> None:
    spec = {**SPEC, "confirm": False, "destructive": False}
    store = ReservingStore()
    call, ran = _glue(agent_input.Tool.from_spec(spec), receipts=store)
    args = {"note_id": NOTE, "idempotency_key": "delete-note-0005"}
    asyncio.run(call(args))
    asyncio.run(call(args))
    assert store.reserved == ["delete-note-0005"], "reserved once; the retry replayed at the lookup"
    assert len(ran) == 1

    class Down(DictStore):
        def reserve(self, tool: str, key: str, in_flight: Dict[str, Any]) -> Dict[str, Any]:
            return {"store_unavailable": "database is locked"}

    refused, ran_down = _glue(agent_input.Tool.from_spec(spec), receipts=Down())
    result = asyncio.run(refused({**args, "idempotency_key": "delete-note-0006"}))
    assert result["structuredContent"]["code"] == "upstream_unavailable"
    assert result["structuredContent"]["retry_after_seconds"] == 5
    assert ran_down == [], "the write never runs unreserved"


def test_a_handlers_throttle_is_the_envelope() -> None:
    tool = agent_input.Tool.from_spec({"name": "search", "properties": {"query": {"kind": "text", "required": True}}})

    def search(query: str) -> Dict[str, Any]:
        raise agent_input.RateLimited(retry_after_seconds=30, remaining_calls=4)

    result = asyncio.run(run_call(tool, search, {"query": "lease"}))
    envelope = result["structuredContent"]
    assert result["isError"] and envelope["code"] == "rate_limited"
    assert (envelope["retry_after_seconds"], envelope["remaining_calls"]) == (30, 4)
    assert "retry after 30 seconds; 4 calls are left" in envelope["message"]

    def flaky(query: str) -> Dict[str, Any]:
        raise agent_input.UpstreamUnavailable(upstream="the court registry", retry_after_seconds=5)

    result = asyncio.run(run_call(tool, flaky, {"query": "lease"}))
    assert result["structuredContent"]["code"] == "upstream_unavailable"
    assert result["structuredContent"]["hint"] == "Call `search` again after 5 seconds with the same arguments."


def test_a_confirmed_tool_without_a_key_is_a_typed_error() -> None:
    tool = agent_input.Tool.from_spec(SPEC)
    with pytest.raises(agent_input.InvalidOptionsError, match="need the server's key"):
        tool.gate(tool.read({"note_id": NOTE, "idempotency_key": "delete-note-0003"}))


def test_a_spec_that_writes_states_its_side_effects() -> None:
    with pytest.raises(agent_input.InvalidOptionsError, match="`destructive`, `idempotent`"):
        agent_input.Tool.from_spec({"name": "t", "writes": True, "properties": {"note": {"kind": "text"}}})


class SqliteReceipts:
    """The README's store over SQLite (the README's code, as written there)."""

    def __init__(self, path: str) -> None:
        import sqlite3

        self.db = sqlite3.connect(path, check_same_thread=False)
        self.db.execute("CREATE TABLE IF NOT EXISTS receipts (tool TEXT, key TEXT, receipt TEXT, PRIMARY KEY (tool, key))")

    def get(self, tool: str, key: str) -> Any:
        row = self.db.execute("SELECT receipt FROM receipts WHERE tool = ? AND key = ?", (tool, key)).fetchone()
        return None if row is None else json.loads(row[0])

    def put(self, tool: str, key: str, receipt: Dict[str, Any]) -> None:
        self.db.execute("INSERT OR REPLACE INTO receipts VALUES (?, ?, ?)", (tool, key, json.dumps(receipt, default=str)))
        self.db.commit()


def test_receipts_kept_in_sqlite_survive_the_process_state(tmp_path: Any) -> None:
    """Receipts in a database replay across store objects (a restarted server) and tools."""
    spec = {**SPEC, "confirm": False, "destructive": False}
    path = str(tmp_path / "receipts.db")
    args = {"note_id": NOTE, "idempotency_key": "delete-note-0004"}
    call, ran = _glue(agent_input.Tool.from_spec(spec), receipts=SqliteReceipts(path))
    first = asyncio.run(call(args))
    restarted, ran_again = _glue(agent_input.Tool.from_spec(spec), receipts=SqliteReceipts(path))
    replayed = asyncio.run(restarted(args))
    assert replayed["structuredContent"]["result"] == first["structuredContent"]["result"]
    assert (len(ran), len(ran_again)) == (1, 0)
    assert [n["code"] for n in replayed["structuredContent"]["notes"]] == ["receipt_replayed"]


def test_a_confirmed_handler_gets_typed_arguments() -> None:
    """The gate's arguments are the call's natives (a `date`, not its text), `dry_run` set."""
    import datetime

    spec = {
        "name": "cancel_hearing",
        "writes": True,
        "destructive": True,
        "idempotent": False,
        "confirm": True,
        "properties": {"on": {"kind": "date", "required": True}},
    }
    tool = agent_input.Tool.from_spec(spec, codec=agent_input.CursorCodec(b"a server key of 16+ bytes"))
    got: List[Any] = []

    def cancel_hearing(on: datetime.date, dry_run: bool) -> Dict[str, Any]:
        got.append((on, dry_run))
        return {"on": on.isoformat()}

    result = asyncio.run(run_call(tool, cancel_hearing, {"on": "1. 10. 2026"}))
    assert got == [(datetime.date(2026, 10, 1), True)]
    assert result["structuredContent"]["result"] == {"on": "2026-10-01"}


def test_a_retry_while_the_write_runs_asks_instead_of_running_twice() -> None:
    """A broken stream re-issued: the retry arrives before the first call answered."""
    spec = {**SPEC, "confirm": False, "destructive": False}
    tool = agent_input.Tool.from_spec(spec)
    store = agent_input.MemoryReceipts()
    args = {"note_id": NOTE, "idempotency_key": "delete-note-0005"}
    ran: List[str] = []

    async def scenario() -> Tuple[Dict[str, Any], Dict[str, Any], Dict[str, Any]]:
        release = asyncio.Event()

        async def delete_note(note_id: str, idempotency_key: str) -> Dict[str, Any]:
            ran.append(note_id)
            await release.wait()
            return {"deleted": note_id}

        first = asyncio.ensure_future(run_call(tool, delete_note, args, receipts=store))
        while not ran:
            await asyncio.sleep(0)
        retry = await run_call(tool, delete_note, args, receipts=store)
        release.set()
        done = await first
        again = await run_call(tool, delete_note, args, receipts=store)
        return retry, done, again

    retry, done, again = asyncio.run(scenario())
    assert retry["structuredContent"]["code"] == "call_in_progress"
    assert retry["structuredContent"]["issues"][0]["code"] == "idempotency_key_in_flight"
    assert done["structuredContent"]["result"] == {"deleted": NOTE}
    assert again["structuredContent"]["result"] == {"deleted": NOTE}
    assert ran == [NOTE], "the write ran once"


def test_a_failed_write_releases_its_key() -> None:
    spec = {**SPEC, "confirm": False, "destructive": False}
    tool = agent_input.Tool.from_spec(spec)
    store = agent_input.MemoryReceipts()
    calls: List[int] = []

    def delete_note(note_id: str, idempotency_key: str) -> Dict[str, Any]:
        calls.append(1)
        if len(calls) == 1:
            raise ValueError("the disk is full")
        return {"deleted": note_id}

    args = {"note_id": NOTE, "idempotency_key": "delete-note-0006"}
    # A handler's exception is an `isError` result naming the tool, as in every runtime.
    failed = asyncio.run(run_call(tool, delete_note, args, receipts=store))
    assert failed == {"content": [{"type": "text", "text": "`delete_note` failed: the disk is full"}], "isError": True}
    assert asyncio.run(run_call(tool, delete_note, args, receipts=store))["structuredContent"]["result"] == {"deleted": NOTE}
    assert len(calls) == 2


def test_a_cancelled_handler_releases_its_key_and_the_cancellation_goes_on() -> None:
    spec = {**SPEC, "confirm": False, "destructive": False}
    tool = agent_input.Tool.from_spec(spec)
    store = agent_input.MemoryReceipts()
    args = {"note_id": NOTE, "idempotency_key": "delete-note-0007"}

    async def hangs(note_id: str, idempotency_key: str) -> Dict[str, Any]:
        await asyncio.sleep(3600)
        return {}

    async def scenario() -> None:
        task = asyncio.ensure_future(run_call(tool, hangs, args, receipts=store))
        await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(scenario())

    async def done(note_id: str, idempotency_key: str) -> Dict[str, Any]:
        return {"deleted": note_id}

    assert asyncio.run(run_call(tool, done, args, receipts=store))["structuredContent"]["result"] == {"deleted": NOTE}


#: One process of `test_processes_sharing_a_sqlite_store_run_a_write_once`: waits for the start
#: time, calls the slow write once with `receipts="sqlite:PATH"`, prints the result's code.
_WRITER = """
import asyncio, json, sys, time
import agent_input
from agent_input.mcp import run_call

path, ran, start = sys.argv[1], sys.argv[2], float(sys.argv[3])
spec = {"name": "delete_note", "writes": True, "destructive": False, "idempotent": True,
        "properties": {"note_id": {"kind": "uuid", "required": True}, "idempotency_key": {"required": True}}}

def delete_note(note_id, idempotency_key):
    with open(ran, "a") as f:
        f.write("ran\\n")
    time.sleep(0.5)
    return {"deleted": note_id}

tool = agent_input.Tool.from_spec(spec)
args = {"note_id": "%s", "idempotency_key": "delete-note-shared-01"}
while time.time() < start:
    time.sleep(0.001)
result = asyncio.run(run_call(tool, delete_note, args, receipts="sqlite:" + path))
print(json.dumps(result["structuredContent"].get("code") or result["structuredContent"]["result"]))
""" % NOTE


def test_processes_sharing_a_sqlite_store_run_a_write_once(tmp_path: Any) -> None:
    """Six processes, one SQLite file, the same slow write with the same key started at the
    same instant: its handler runs once; every other call is told it is in progress."""
    import subprocess
    import sys
    import time

    path, ran = str(tmp_path / "receipts.db"), str(tmp_path / "ran.txt")
    agent_input.SqliteReceipts(path)  # the table exists before the race
    start = time.time() + 1.5
    procs = [
        subprocess.Popen([sys.executable, "-c", _WRITER, path, ran, str(start)], stdout=subprocess.PIPE, text=True)
        for _ in range(6)
    ]
    said = [json.loads(p.communicate(timeout=60)[0]) for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert open(ran).read().count("ran") == 1, said
    assert said.count({"deleted": NOTE}) == 1 and said.count("call_in_progress") == 5, said


def test_receipts_name_their_store() -> None:
    from agent_input.mcp import default_receipts, receipt_store

    assert receipt_store(None) is default_receipts() and receipt_store("memory") is default_receipts()
    store = DictStore()
    assert receipt_store(store) is store
    for bad in ("sqlite:", "mysql://x", "sqlite"):
        with pytest.raises(agent_input.InvalidOptionsError, match="memory"):
            receipt_store(bad)
    with pytest.raises(agent_input.InvalidOptionsError):
        agent_input.SqliteReceipts("/nonexistent-dir/receipts.db")


def test_processes_sharing_a_redis_store_run_a_write_once(tmp_path: Any) -> None:
    """The same race as above through one Redis server (a `redis-server` of the test's own on a
    free loopback port; `scripts/test` installs it and requires it with
    AGENT_INPUT_REQUIRE_REDIS=1)."""
    import os
    import shutil
    import socket
    import subprocess
    import sys
    import time

    if shutil.which("redis-server") is None:
        if os.environ.get("AGENT_INPUT_REQUIRE_REDIS"):
            pytest.fail("redis-server is required (AGENT_INPUT_REQUIRE_REDIS) but is not installed")
        pytest.skip("no redis-server here; scripts/test installs it and requires it")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        url = f"redis://127.0.0.1:{port}/"
        for _ in range(100):
            try:
                agent_input.RedisReceipts(url)
                break
            except agent_input.InvalidOptionsError:
                time.sleep(0.05)
        ran = str(tmp_path / "ran.txt")
        writer = _WRITER.replace('receipts="sqlite:" + path', "receipts=path")
        start = time.time() + 1.5
        procs = [
            subprocess.Popen([sys.executable, "-c", writer, url, ran, str(start)], stdout=subprocess.PIPE, text=True)
            for _ in range(6)
        ]
        said = [json.loads(p.communicate(timeout=60)[0]) for p in procs]
        assert open(ran).read().count("ran") == 1, said
        assert said.count({"deleted": NOTE}) == 1 and said.count("call_in_progress") == 5, said
    finally:
        server.kill()
        server.wait()


def test_processes_sharing_a_postgres_store_run_a_write_once(tmp_path: Any) -> None:
    """The same race through one PostgreSQL database (a server of the test's own, started by
    `scripts/postgres` on a free loopback port; `scripts/test` requires it with
    AGENT_INPUT_REQUIRE_POSTGRES=1), and the store's contract from Python: a receipt kept, a row
    that is not JSON answered as the store unavailable."""
    import os
    import subprocess
    import sys
    import time
    from pathlib import Path

    script = Path(__file__).resolve().parents[3] / "scripts" / "postgres"
    server = Path("/tmp") / f"agent-input-py-pg-{os.getpid()}"
    subprocess.run([str(script), "stop", str(server)], capture_output=True)
    subprocess.run(["rm", "-rf", str(server)], check=True)
    started = subprocess.run([str(script), "start", str(server)], capture_output=True, text=True)
    if started.returncode != 0:
        if os.environ.get("AGENT_INPUT_REQUIRE_POSTGRES"):
            pytest.fail(f"PostgreSQL is required (AGENT_INPUT_REQUIRE_POSTGRES) but does not start: {started.stderr}")
        pytest.skip(f"no PostgreSQL here ({started.stderr.strip()}); scripts/test requires it")
    try:
        url = started.stdout.strip()
        store = agent_input.PostgresReceipts(url)
        now = int(time.time())
        mark = {"digest": "d", "args": {}, "in_flight": True, "stored_at": now, "expires_at": now + 300}
        assert store.reserve("pay", "py-a", mark) is None
        assert store.reserve("pay", "py-a", mark) == mark
        done = {"digest": "d", "args": {}, "result": {"paid": 1}, "stored_at": now, "expires_at": now + 600}
        store.put("pay", "py-a", done)
        assert store.get("pay", "py-a") == done
        from agent_input.mcp import receipt_store

        assert isinstance(receipt_store(url), agent_input.PostgresReceipts)
        ran = str(tmp_path / "ran.txt")
        writer = _WRITER.replace('receipts="sqlite:" + path', "receipts=path")
        start = time.time() + 1.5
        procs = [
            subprocess.Popen([sys.executable, "-c", writer, url, ran, str(start)], stdout=subprocess.PIPE, text=True)
            for _ in range(6)
        ]
        said = [json.loads(p.communicate(timeout=60)[0]) for p in procs]
        assert open(ran).read().count("ran") == 1, said
        assert said.count({"deleted": NOTE}) == 1 and said.count("call_in_progress") == 5, said
    finally:
        subprocess.run([str(script), "stop", str(server)], capture_output=True)
        subprocess.run(["rm", "-rf", str(server)])
