"""Cross-client conformance over real stdio, driven by the official MCP Python SDK's client.

Every server of `examples/servers.json` is started as a subprocess (its `command` through a
shell, in its `cwd`, with this virtualenv's `bin` first on PATH) and driven by `mcp.Client`
(mcp 2.3.0) twice: once negotiating as a modern client does (`mode="auto"`: the 2026-07-28
revision when the server speaks it) and once with the legacy `initialize` handshake
(2025-11-25). Each of `cases.json`'s cases is called on each server it names, its result
normalised (README.md in this directory) and checked against the case's expectations; then all
servers must agree on the same case, message for message. Every raw JSON-RPC result the server
sent is validated against the SDK's own wire models for the negotiated revision
(`mcp_types.methods.validate_server_result`), so a result that a lenient client would accept
but the revision forbids (a `tools/call` result without `resultType` on 2026-07-28) fails.
Nothing but JSON-RPC may appear on a server's stdout.

A server whose prerequisites are missing (its program is not there, or it does not start and
names a `setup` to run first) fails when `AGENT_INPUT_CONFORMANCE_REQUIRE=1` (as
`scripts/test-conformance` runs it) and is skipped with the reason otherwise.
`AGENT_INPUT_CONFORMANCE_SERVERS` names another server list to run (the same format).
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import json
import os
import shlex
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Dict, List, Optional, Tuple

import anyio
import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SERVERS_FILE = Path(os.environ.get("AGENT_INPUT_CONFORMANCE_SERVERS") or ROOT / "examples" / "servers.json")
CASES: List[Dict[str, Any]] = json.loads((HERE / "cases.json").read_text(encoding="utf-8"))
REQUIRE = os.environ.get("AGENT_INPUT_CONFORMANCE_REQUIRE") == "1"
KEY = "conformance cursor key, 32 bytes"

#: Every server the issue asks for; `examples/servers.json` must list each.
EXPECTED_SERVERS = (
    "courts-rust",
    "courts-fastmcp",
    "courts-mcp",
    "courts-ts",
    "plain-fastmcp",
    "plain-mcp",
    "plain-ts-sdk1",
    "plain-ts-sdk2",
    "plain-rmcp",
)
#: Servers on the TypeScript SDK 1.x (`@modelcontextprotocol/sdk`), which speaks no 2026-07-28:
#: a modern client falls back to the handshake with them. Every other server must negotiate
#: 2026-07-28 with a client that offers it.
LEGACY_ONLY = frozenset({"plain-ts-sdk1"})
#: The revision of each run: "modern" is what `mode="auto"` negotiates, "legacy" the handshake's.
MODES = ("modern", "legacy")
MODERN = "2026-07-28"
LEGACY = "2025-11-25"
#: Seconds one server may take to start and answer every case.
TIMEOUT = 90


def _servers() -> List[Dict[str, Any]]:
    if not SERVERS_FILE.exists():
        return []
    servers = json.loads(SERVERS_FILE.read_text(encoding="utf-8"))
    assert isinstance(servers, list), f"{SERVERS_FILE} holds a JSON array of servers"
    return servers


SERVERS = _servers()
NAMES = [s["name"] for s in SERVERS]
#: The server whose cases each server answers: its own name, or the one its `as` names (a plain
#: server made lenient by `agent-input proxy` answers as the same server with its one line).
AS = {s["name"]: s.get("as", s["name"]) for s in SERVERS}


def _unavailable(reason: str) -> None:
    """A prerequisite is missing: a failure when the run requires every server, else a skip."""
    if REQUIRE:
        pytest.fail(f"{reason} (AGENT_INPUT_CONFORMANCE_REQUIRE=1: every server must run)", pytrace=False)
    pytest.skip(reason)


# --- starting a server and recording its wire -------------------------------------------


def _env(with_key: bool = True) -> Dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("COURTS_CURSOR_KEY", None)
    if with_key:
        env["COURTS_CURSOR_KEY"] = KEY
    # The servers' own settings, not the test's, decide what they print.
    for name in ("PYTHONWARNINGS", "FASTMCP_SHOW_SERVER_BANNER"):
        env.pop(name, None)
    return env


def _missing_program(server: Dict[str, Any]) -> Optional[str]:
    """Why `server`'s command cannot start (its program is not there), or None."""
    cwd = ROOT / server["cwd"]
    if not cwd.is_dir():
        return f"{server['name']}: its cwd {server['cwd']} does not exist"
    try:
        words = shlex.split(server["command"])
    except ValueError as e:
        return f"{server['name']}: its command does not parse ({e})"
    words = [w for w in words if "=" not in w.split("/")[0]] or words  # VAR=value before the program
    program = words[0]
    if "/" in program:
        found = (cwd / program).exists()
    else:
        found = shutil.which(program, path=_env()["PATH"]) is not None
    if not found:
        setup = f"; run `{server['setup']}` in {server['cwd']} first" if server.get("setup") else ""
        return f"{server['name']}: `{program}` is not there (command `{server['command']}` in {server['cwd']}){setup}"
    return None


@dataclasses.dataclass
class Wire:
    """Every JSON-RPC message one connection carried, as JSON, and what was not JSON-RPC."""

    sent: List[Dict[str, Any]] = dataclasses.field(default_factory=list)
    received: List[Dict[str, Any]] = dataclasses.field(default_factory=list)
    noise: List[str] = dataclasses.field(default_factory=list)

    def results(self) -> List[Tuple[str, Dict[str, Any]]]:
        """Each result the server sent, with the method of the request it answers."""
        methods = {m["id"]: m["method"] for m in self.sent if "method" in m and "id" in m}
        return [(methods[m["id"]], m["result"]) for m in self.received if "result" in m and m.get("id") in methods]


def _json(message: Any) -> Dict[str, Any]:
    inner = getattr(message, "message", message)
    return dict(inner.model_dump(by_alias=True, mode="json", exclude_unset=True))


#: Seconds a server over HTTP (and its upstream) may take to start listening.
HTTP_START_SECONDS = 60
#: The line `agent-input proxy --listen` writes to stderr once it serves.
SERVING = re.compile(r"serving Streamable HTTP at (http://\S+)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(command: str, cwd: Path, env: Dict[str, str], errlog: Any) -> "subprocess.Popen[bytes]":
    return subprocess.Popen(
        ["sh", "-c", "exec " + command], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL, stderr=errlog, start_new_session=True,
    )


def _stop(process: "subprocess.Popen[bytes]") -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


@contextlib.asynccontextmanager
async def _upstream(server: Dict[str, Any], errlog: Any, env: Dict[str, str]) -> AsyncIterator[str]:
    """The entry's command; with an `upstream`, that command is started first on a free port
    (`{port}` in both commands, filled in) and stopped after."""
    if not server.get("upstream"):
        yield server["command"]
        return
    port = _free_port()
    process = _start(server["upstream"].replace("{port}", str(port)), ROOT / server["cwd"], env, errlog)
    try:
        with anyio.fail_after(HTTP_START_SECONDS):
            while True:
                with contextlib.suppress(OSError):
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                if process.poll() is not None:
                    raise RuntimeError(f"{server['name']}'s upstream exited ({process.returncode}) before listening")
                await anyio.sleep(0.1)
        yield server["command"].replace("{port}", str(port))
    finally:
        _stop(process)


@contextlib.asynccontextmanager
async def _served(server: Dict[str, Any], errlog: Any, env: Dict[str, str]) -> AsyncIterator[str]:
    """An entry with `"transport": "http"`: its command (after its upstream, if any), which
    writes `serving Streamable HTTP at URL` to stderr once it serves; yields the URL."""
    async with _upstream(server, errlog, env) as command:
        mark = errlog.tell()
        process = _start(command, ROOT / server["cwd"], env, errlog)
        try:
            with anyio.fail_after(HTTP_START_SECONDS):
                while True:
                    errlog.seek(mark)
                    found = SERVING.search(errlog.read())
                    errlog.seek(0, os.SEEK_END)
                    if found:
                        break
                    if process.poll() is not None:
                        raise RuntimeError(f"{server['name']} exited ({process.returncode}) before serving")
                    await anyio.sleep(0.05)
            yield found.group(1)
        finally:
            _stop(process)


@contextlib.asynccontextmanager
async def _transport(server: Dict[str, Any], errlog: Any, env: Dict[str, str]) -> AsyncIterator[Any]:
    """The official SDK's transport to `server`: stdio (its command started by the SDK), or
    Streamable HTTP (`"transport": "http"`, started by `_served`)."""
    if server.get("transport") == "http":
        from mcp.client.streamable_http import streamable_http_client

        async with _served(server, errlog, env) as url, streamable_http_client(url) as streams:
            yield streams[0], streams[1]
        return
    from mcp.client.stdio import StdioServerParameters, stdio_client

    async with _upstream(server, errlog, env) as command:
        params = StdioServerParameters(command="sh", args=["-c", command], cwd=ROOT / server["cwd"], env=env)
        async with stdio_client(params, errlog=errlog) as (read, write):
            yield read, write


@contextlib.asynccontextmanager
async def _recording(server: Dict[str, Any], wire: Wire, errlog: Any, env: Dict[str, str]) -> AsyncIterator[Any]:
    """The official SDK's transport (stdio, or Streamable HTTP), with every message in both
    directions copied into `wire` (a line that is not JSON-RPC arrives as an exception: it is
    noise)."""
    async with _transport(server, errlog, env) as (read, write):
        to_client, from_server = anyio.create_memory_object_stream[Any](0)
        to_server, from_client = anyio.create_memory_object_stream[Any](0)

        async def inbound() -> None:
            async with to_client:
                async for item in read:
                    if isinstance(item, Exception):
                        wire.noise.append(repr(item))
                    else:
                        wire.received.append(_json(item))
                    await to_client.send(item)

        async def outbound() -> None:
            async with from_client:
                async for item in from_client:
                    wire.sent.append(_json(item))
                    await write.send(item)

        async with anyio.create_task_group() as tg:
            tg.start_soon(inbound)
            tg.start_soon(outbound)
            try:
                yield from_server, to_server
            finally:
                tg.cancel_scope.cancel()


@dataclasses.dataclass
class Run:
    """One server driven through one revision: what it negotiated, what each case returned."""

    server: str
    mode: str
    version: Optional[str] = None
    results: Dict[str, Dict[str, Any]] = dataclasses.field(default_factory=dict)
    wire: Wire = dataclasses.field(default_factory=Wire)
    error: Optional[str] = None
    stderr: str = ""
    #: The prerequisite that is missing, when the server could not be started for want of it.
    missing: Optional[str] = None


def _cases_for(server: str) -> List[Dict[str, Any]]:
    return [c for c in CASES if c["servers"] == ["*"] or AS.get(server, server) in c["servers"]]


@contextlib.asynccontextmanager
async def _client(
    server: Dict[str, Any], mode: str, wire: Wire, errlog: Any, env: Dict[str, str], **options: Any
) -> AsyncIterator[Any]:
    from mcp import Client

    # No response cache: every call must reach the server.
    client = Client(_recording(server, wire, errlog, env), mode="auto" if mode == "modern" else "legacy", cache=None, **options)
    async with client:
        yield client


async def _drive(server: Dict[str, Any], mode: str) -> Run:
    run = Run(server["name"], mode)
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errlog:
        try:
            with anyio.fail_after(TIMEOUT):
                async with _client(server, mode, run.wire, errlog, _env()) as client:
                    run.version = client.protocol_version
                    token = ""
                    for case in _cases_for(server["name"]):
                        arguments = with_token(case["arguments"], token)
                        raw = await _call_raw(client, run.wire, case["tool"], arguments, case.get("request_state"))
                        run.results[case["name"]] = raw
                        token = preview_token(raw) or token
        except BaseException as e:  # noqa: BLE001 - a server's failure is the test's finding
            if isinstance(e, (KeyboardInterrupt, SystemExit)):
                raise
            run.error = "".join(traceback.format_exception_only(type(e), e)).strip()
            for inner in getattr(e, "exceptions", ()):
                run.error += "\n" + traceback.format_exception_only(type(inner), inner)[-1].strip()
        errlog.seek(0)
        run.stderr = errlog.read()
    if run.error is not None and run.version is None and server.get("setup"):
        # It never answered: most likely its setup was not run (packages not installed).
        run.missing = f"{server['name']} did not start; run `{server['setup']}` in {server['cwd']} first? ({run.error})"
    return run


#: The string a case's arguments use for the `confirm_token` of the last preview on the server.
PREVIEW_TOKEN = "$preview_token"


def with_token(arguments: Dict[str, Any], token: str) -> Dict[str, Any]:
    """The arguments with `$preview_token` replaced by the token of the last preview."""
    return {k: token if v == PREVIEW_TOKEN else v for k, v in arguments.items()}


def preview_token(raw: Dict[str, Any]) -> Optional[str]:
    """The `confirm_token` a preview result carries (`structuredContent.confirmation`), if any."""
    structured = raw.get("structuredContent")
    confirmation = structured.get("confirmation") if isinstance(structured, dict) else None
    return confirmation.get("confirm_token") if isinstance(confirmation, dict) else None


async def _call_raw(
    client: Any, wire: Wire, tool: str, arguments: Dict[str, Any], request_state: Optional[str] = None
) -> Dict[str, Any]:
    """Calls a tool (with a `requestState` when given) and returns the raw JSON result the
    server sent for it (the last `tools/call` response on the wire)."""
    if request_state is None:
        await client.call_tool(tool, arguments)
    else:
        await client.call_tool(tool, arguments, request_state=request_state)
    calls = [result for method, result in wire.results() if method == "tools/call"]
    return calls[-1]


@functools.lru_cache(maxsize=None)
def _run(name: str, mode: str) -> Run:
    server = next(s for s in SERVERS if s["name"] == name)
    missing = _missing_program(server)
    if missing is not None:
        return Run(name, mode, missing=missing)
    return anyio.run(_drive, server, mode)


def _ran(name: str, mode: str) -> Run:
    """The run, or a skip/failure when the server could not be started for want of a prerequisite."""
    run = _run(name, mode)
    if run.missing is not None:
        _unavailable(run.missing + (f"\nstderr:\n{run.stderr[-2000:]}" if run.stderr else ""))
    return run


# --- what a result says -------------------------------------------------------------------


def normalise(raw: Dict[str, Any]) -> Dict[str, Any]:
    """A `tools/call` result as the cases compare it (README.md: "Normalising a result")."""
    is_error = bool(raw.get("isError"))
    structured = raw.get("structuredContent")
    content = raw.get("content") or []
    meta = raw.get("_meta") or {}
    spec = isinstance(structured, dict) and "result" in structured and "notes" in structured
    if spec:
        notes, warnings = structured.get("notes") or [], structured.get("warnings") or []
    else:
        notes, warnings = meta.get("agent-input/notes") or [], meta.get("agent-input/warnings") or []
    envelope = None
    text = content[0].get("text") if content and content[0].get("type") == "text" else None
    if is_error and text is not None:
        try:
            envelope = json.loads(text)
        except ValueError:
            envelope = None  # a failed handler's message, not an envelope
    output = None
    if not is_error:
        output = structured["result"] if spec else structured
    return {"is_error": is_error, "notes": notes, "warnings": warnings, "envelope": envelope, "output": output, "text": text}


def _pairs(items: List[Dict[str, Any]]) -> List[List[Any]]:
    return sorted(([i.get("path"), i.get("code")] for i in items), key=lambda p: (str(p[0]), str(p[1])))


def _output(output: Any) -> Dict[str, Any]:
    """The output as the cases compare it: the decisions (or a page's items) by id, without the
    cursor (each server seals its own)."""
    if not isinstance(output, dict):
        return {"value": output}
    out = {k: v for k, v in output.items() if k not in ("decisions", "items", "next_cursor")}
    listed = output.get("decisions", output.get("items"))
    if isinstance(listed, list):
        out["ids"] = [d.get("id") for d in listed]
    return out


#: What the page helper adds to a search's output beyond what every server returns: the
#: agreement between spec servers and wrapped plain servers leaves it out (a case of the spec
#: servers checks it).
PAGE_ONLY = ("sort", "partial", "filtered", "matched_exact")


def check(case: Dict[str, Any], raw: Dict[str, Any]) -> List[str]:
    """What in `raw` differs from the case's expectations (empty when it meets them)."""
    expect, got = case["expect"], normalise(raw)
    problems: List[str] = []
    if got["is_error"] != expect["is_error"]:
        problems.append(f"isError is {got['is_error']}, expected {expect['is_error']}: {json.dumps(raw, ensure_ascii=False)[:1500]}")
        return problems
    if expect["is_error"] and "text" in expect:
        if got["text"] != expect["text"]:
            problems.append(f"text {got['text']!r}, expected {expect['text']!r}")
    elif expect["is_error"]:
        envelope = got["envelope"]
        if not isinstance(envelope, dict):
            return problems + [f"the first content block is no JSON envelope: {raw.get('content')}"]
        want = expect["envelope"]
        if envelope.get("code") != want["code"]:
            problems.append(f"envelope code {envelope.get('code')!r}, expected {want['code']!r}")
        if "issues" in want and _pairs(envelope.get("issues") or []) != want["issues"]:
            problems.append(f"envelope issues {_pairs(envelope.get('issues') or [])}, expected {want['issues']}")
        structured = raw.get("structuredContent")
        if structured is not None and structured != envelope:
            problems.append("structuredContent of an error result is not the envelope of its text")
    else:
        for key in ("notes", "warnings"):
            if _pairs(got[key]) != expect.get(key, []):
                problems.append(f"{key} {_pairs(got[key])}, expected {expect.get(key, [])}")
        if "output" in expect:
            out = _output(got["output"])
            wrong = {k: out.get(k) for k in expect["output"] if out.get(k) != expect["output"][k]}
            if wrong:
                want = {k: expect["output"][k] for k in wrong}
                problems.append(f"output {wrong}, expected {want}")
    return problems


def check_lenient_carrier(raw: Dict[str, Any]) -> List[str]:
    """A wrapped plain server carries its notes and warnings beside the author's result: one
    last text block `{"notes", "warnings"}` and the same lists in `_meta`, only when any."""
    structured = raw.get("structuredContent")
    if raw.get("isError") or (isinstance(structured, dict) and "result" in structured and "notes" in structured):
        return []
    meta = raw.get("_meta") or {}
    notes, warnings = meta.get("agent-input/notes"), meta.get("agent-input/warnings")
    content = raw.get("content") or []
    last = content[-1].get("text") if content and content[-1].get("type") == "text" else None
    try:
        carried = json.loads(last) if last is not None else None
    except ValueError:
        carried = None
    carries = isinstance(carried, dict) and set(carried) == {"notes", "warnings"}
    if not notes and not warnings:
        if notes is not None or warnings is not None or carries:
            return ["a call with no notes or warnings carries an agent-input block or _meta entries"]
        return []
    if not carries or carried != {"notes": notes or [], "warnings": warnings or []}:
        return [f"the last text block does not carry the _meta notes and warnings: {last!r}"]
    return []


def validate_wire(run: Run) -> List[str]:
    """Every result on the wire, checked against the SDK's models of the negotiated revision."""
    from mcp_types.methods import validate_server_result
    from pydantic import ValidationError

    problems: List[str] = []
    for method, result in run.wire.results():
        version = run.version or ""
        if method == "server/discover":
            version = MODERN  # the probe speaks the modern revision, whatever is negotiated after it
        try:
            validate_server_result(method, version, result)
        except ValidationError as e:
            problems.append(f"{method} result is not a valid {version} result: {e}\n{json.dumps(result, ensure_ascii=False)[:800]}")
        except KeyError:
            problems.append(f"{method} has no result in revision {version}")
    return problems


# --- the checks can fail ----------------------------------------------------------------------


def test_the_wire_check_refuses_a_2026_07_28_result_without_result_type() -> None:
    """What the rmcp servers once sent: a complete result with no `resultType`."""
    run = Run("any", "modern", version=MODERN)
    run.wire.sent.append({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t"}})
    result = {"content": [{"type": "text", "text": "{}"}], "isError": False}
    run.wire.received.append({"jsonrpc": "2.0", "id": 1, "result": result})
    assert validate_wire(run) and "resultType" in validate_wire(run)[0]
    result["resultType"] = "complete"
    assert validate_wire(run) == []
    # The handshake revision has no `resultType`: the same result is valid there without it.
    del result["resultType"]
    run.version = LEGACY
    assert validate_wire(run) == []


def test_the_case_check_and_the_carrier_check_find_differences() -> None:
    case = next(c for c in CASES if c["name"] == "a camelCase property name is read as the declared one")
    notes = [{"code": "property_name_normalized", "message": "m", "path": "date_from"}]
    output = {"matched": 2, "returned": 2, "decisions": [{"id": i} for i in case["expect"]["output"]["ids"]], "next_cursor": None}
    good = {
        "content": [{"type": "text", "text": json.dumps(output)}, {"type": "text", "text": json.dumps({"notes": notes, "warnings": []})}],
        "structuredContent": output,
        "_meta": {"agent-input/notes": notes, "agent-input/warnings": []},
    }
    assert check(case, good) == [] and check_lenient_carrier(good) == []
    wrong_note = json.loads(json.dumps(good))
    wrong_note["_meta"]["agent-input/notes"][0]["code"] = "whitespace_trimmed"
    assert check(case, wrong_note) and check_lenient_carrier(wrong_note)
    no_block = {**good, "content": good["content"][:1]}
    assert check(case, no_block) == [] and check_lenient_carrier(no_block)
    wrong_page = {**good, "structuredContent": {**output, "returned": 1}}
    assert check(case, wrong_page)
    spec = {"content": [], "structuredContent": {"result": output, "notes": notes, "warnings": []}}
    assert check(case, spec) == [] and check_lenient_carrier(spec) == []


# --- the tests ------------------------------------------------------------------------------


def test_every_expected_server_is_listed() -> None:
    if not SERVERS_FILE.exists():
        _unavailable(f"{SERVERS_FILE} does not exist")
    for s in SERVERS:
        assert set(s) <= {"name", "cwd", "setup", "command", "as", "transport", "upstream"} and {"name", "cwd", "command"} <= set(s), s
        assert s.get("as", s["name"]) in EXPECTED_SERVERS, f"{s['name']} answers as no known server"
    if SERVERS_FILE.resolve() == (ROOT / "examples" / "servers.json").resolve():
        missing = [n for n in EXPECTED_SERVERS if n not in NAMES]
        assert not missing, f"{SERVERS_FILE} does not list {missing}"
    assert len(set(NAMES)) == len(NAMES), "two servers share a name"


def test_cases_name_listed_servers_and_are_well_formed() -> None:
    names = {c["name"] for c in CASES}
    assert len(names) == len(CASES), "two cases share a name"
    for case in CASES:
        assert set(case) - {"request_state"} == {"name", "servers", "tool", "arguments", "expect"}, case["name"]
        unknown = [s for s in case["servers"] if s != "*" and s not in EXPECTED_SERVERS]
        assert not unknown, f"{case['name']}: unknown servers {unknown}"
        expect = case["expect"]
        assert set(expect) <= {"is_error", "notes", "warnings", "envelope", "output", "text"}, case["name"]
        assert ("envelope" in expect or "text" in expect) == expect["is_error"], (
            f"{case['name']}: an error case (only) names its envelope, or the text of a failed handler"
        )
        for key in ("notes", "warnings"):
            if key in expect:
                assert expect[key] == _pairs([{"path": p, "code": c} for p, c in expect[key]]), f"{case['name']}: {key} unsorted"


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", NAMES)
def test_server_meets_every_case(name: str, mode: str) -> None:
    run = _ran(name, mode)
    assert run.error is None, f"{name} ({mode}) failed: {run.error}\nstderr:\n{run.stderr[-3000:]}"
    assert not run.wire.noise, f"{name} wrote something other than JSON-RPC on stdout: {run.wire.noise[:3]}"
    expected = LEGACY if mode == "legacy" or AS[name] in LEGACY_ONLY else MODERN
    assert run.version == expected, f"{name} negotiated {run.version} with a {mode} client, expected {expected}"
    problems = validate_wire(run)
    for case in _cases_for(name):
        raw = run.results[case["name"]]
        problems += [f"{case['name']}: {p}" for p in check(case, raw) + check_lenient_carrier(raw)]
    assert not problems, f"{name} ({mode} client, {run.version}):\n- " + "\n- ".join(problems)


def _agreed(result: Dict[str, Any]) -> Dict[str, Any]:
    """What every server must say alike about one case: the notes and warnings with their
    messages, the whole envelope, the output without cursors."""
    got = normalise(result)
    key = lambda i: (str(i.get("path")), str(i.get("code")), str(i.get("message")))  # noqa: E731
    return {
        "is_error": got["is_error"],
        "notes": sorted(got["notes"], key=key),
        "warnings": sorted(got["warnings"], key=key),
        "envelope": got["envelope"],
        "output": None if got["output"] is None else {k: v for k, v in _output(got["output"]).items() if k not in PAGE_ONLY},
    }


@pytest.mark.parametrize("case", [c["name"] for c in CASES])
def test_servers_agree(case: str) -> None:
    """The same call gives the same notes (message for message), warnings, envelope and output
    through every server and both revisions."""
    spec = next(c for c in CASES if c["name"] == case)
    said: Dict[str, Dict[str, Any]] = {}
    for name in NAMES:
        if spec["servers"] != ["*"] and AS[name] not in spec["servers"]:
            continue
        for mode in MODES:
            run = _run(name, mode)
            if run.missing is not None and not REQUIRE:
                continue
            assert run.error is None and run.missing is None, f"{name} ({mode}) did not run: {run.missing or run.error}"
            said[f"{name} ({mode})"] = _agreed(run.results[case])
    if not said and SERVERS_FILE.resolve() != (ROOT / "examples" / "servers.json").resolve():
        pytest.skip(f"no server of {SERVERS_FILE} takes `{case}` (its cases name other servers)")
    if len(said) < 2:
        _unavailable(f"fewer than two servers ran `{case}`")
    first_name, first = next(iter(said.items()))
    differ = {name: value for name, value in said.items() if value != first}
    assert not differ, (
        f"{first_name} says {json.dumps(first, ensure_ascii=False)}\n"
        + "\n".join(f"{name} says {json.dumps(value, ensure_ascii=False)}" for name, value in differ.items())
    )


#: The rmcp servers of the list (and those answering as one: a plain rmcp server behind the
#: proxy); the default list names both, which `test_every_expected_server_is_listed` checks.
RMCP_SERVERS = [n for n in NAMES if AS[n] in ("courts-rust", "plain-rmcp")]


@pytest.mark.parametrize("name", RMCP_SERVERS)
def test_regression_rmcp_tools_call_result_carries_result_type(name: str) -> None:
    """Regression (issue 34): the rmcp servers' complete `tools/call` results carried no
    `resultType`, so on 2026-07-28 the official Python SDK rejected every call
    (`CallToolResult.resultType Field required`). Every result on the wire must carry it."""
    run = _ran(name, "modern")
    calls = [result for method, result in run.wire.results() if method == "tools/call"]
    assert run.version == MODERN, f"{name} negotiated {run.version}: {run.error}"
    assert calls, f"{name} answered no tools/call: {run.error}"
    without = [r for r in calls if r.get("resultType") != "complete"]
    assert not without, f"{name}: {len(without)} of {len(calls)} tools/call results have no resultType 'complete': {without[0]}"
    assert run.error is None, run.error


# --- the person channel -----------------------------------------------------------------------

PERSON_ARGS = {"query": "nájem", "date_to": "01/02/2027"}
SPEC_SERVERS = [n for n in NAMES if n.startswith("courts-")]


async def _ask_person(server: Dict[str, Any], mode: str) -> Tuple[Run, List[Any]]:
    from mcp_types import ElicitResult

    asked: List[Any] = []

    async def choose(context: Any, params: Any) -> Any:
        asked.append(params)
        offered = params.requested_schema["properties"]["value"]["oneOf"]
        return ElicitResult(action="accept", content={"value": offered[1]["const"]})

    run = Run(server["name"], mode)
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errlog:
        try:
            with anyio.fail_after(TIMEOUT):
                async with _client(server, mode, run.wire, errlog, _env(), elicitation_callback=choose) as client:
                    run.version = client.protocol_version
                    run.results["person"] = await _call_raw(client, run.wire, "search_decisions", PERSON_ARGS)
        except Exception as e:  # noqa: BLE001
            run.error = "".join(traceback.format_exception_only(type(e), e)).strip()
        errlog.seek(0)
        run.stderr = errlog.read()
    return run, asked


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("name", SPEC_SERVERS)
def test_person_channel_round_trip(name: str, mode: str) -> None:
    """`search_decisions` says `"answered_by": "user"`: an ambiguous date is asked of the person
    (one form elicitation offering both readings; the person picks the second, 2 January 2027)
    when the connection speaks 2026-07-28, and the call completes with the chosen date and a
    note. On a handshake revision the model gets the envelope instead, and nobody is asked."""
    server = next(s for s in SERVERS if s["name"] == name)
    missing = _missing_program(server)
    if missing is not None:
        _unavailable(missing)
    run, asked = anyio.run(_ask_person, server, mode)
    if run.version is None and server.get("setup"):
        _unavailable(f"{name} did not start; run `{server['setup']}` in {server['cwd']} first? ({run.error})")
    assert run.error is None, f"{name}: {run.error}\nstderr:\n{run.stderr[-3000:]}"
    assert not validate_wire(run), validate_wire(run)
    got = normalise(run.results["person"])
    if run.version == MODERN:
        assert len(asked) == 1, f"{name} asked {len(asked)} questions"
        assert asked[0].message.startswith('"01/02/2027" (date to) can mean 1 February 2027 (day first)')
        assert not got["is_error"], got
        assert _pairs(got["notes"]) == [["date_to", "reading_chosen_by_person"]]
        # Every decision matching "nájem" is before 2 January 2027.
        assert _output(got["output"])["matched"] == 4
        rounds = [m for m in run.wire.results() if m[0] == "tools/call"]
        assert [r.get("resultType") for _, r in rounds] == ["input_required", "complete"]
    else:
        assert asked == [], f"{name} asked the person on {run.version}"
        assert got["is_error"] and got["envelope"]["code"] == "ambiguous_arguments", got


# --- the cursor key ---------------------------------------------------------------------------


async def _without_key(server: Dict[str, Any]) -> Tuple[Optional[str], List[str], str]:
    wire = Wire()
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errlog:
        error = None
        names: List[str] = []
        try:
            with anyio.fail_after(TIMEOUT):
                async with _client(server, "legacy", wire, errlog, _env(with_key=False)) as client:
                    names = sorted(t.name for t in (await client.list_tools()).tools)
                    await client.call_tool("search_decisions", {"query": "nájem", "limit": 1})
        except Exception as e:  # noqa: BLE001
            error = "".join(traceback.format_exception_only(type(e), e)).strip()
        errlog.seek(0)
        stderr = errlog.read()
    return error, names, stderr


@pytest.mark.parametrize("name", NAMES)
def test_a_missing_cursor_key_gives_a_random_one_with_a_warning_on_stderr(name: str) -> None:
    server = next(s for s in SERVERS if s["name"] == name)
    missing = _missing_program(server)
    if missing is not None:
        _unavailable(missing)
    error, names, stderr = anyio.run(_without_key, server)
    assert error is None, f"{name} without COURTS_CURSOR_KEY: {error}\nstderr:\n{stderr[-2000:]}"
    assert names == ["search_decisions", "update_decision_notes"]
    assert "COURTS_CURSOR_KEY" in stderr, f"{name} gave no warning naming COURTS_CURSOR_KEY on stderr: {stderr[-1000:]!r}"
