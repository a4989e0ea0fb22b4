"""Drives a published MCP server over stdio (or behind `agent-input proxy --listen`, over
Streamable HTTP) with the official MCP Python SDK client, and records
what it answered, byte for byte, and what it stored.

A server runs as a subprocess started from an argv (its own command, or the same command behind
agent-input's one line: `python -m agent_input.run ...` or `node --import agent-input/register
...`). Every JSON-RPC message the server sends is kept as it arrived, so a `tools/call` result is
compared as the JSON the server wrote (`Answer.text`), never as the client's model of it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any, AsyncIterator, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

import anyio
import pytest

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
#: Where scripts/test-published installs the servers (never committed: target/ is ignored).
PUBLISHED = Path(os.environ.get("AGENT_INPUT_PUBLISHED_DIR", ROOT / "target" / "published"))
SERVERS_VENV = PUBLISHED / "servers-venv"
SERVERS_PYTHON = SERVERS_VENV / "bin" / "python"
#: The servers written on the official SDK's 1.x (`mcp<2`): their own virtualenv
#: (tests/published/requirements-mcp1.txt); the client driving them stays the mcp 2.x one above.
SERVERS_VENV_MCP1 = PUBLISHED / "servers-venv-mcp1"
SERVERS_PYTHON_MCP1 = SERVERS_VENV_MCP1 / "bin" / "python"
NPM_DIR = PUBLISHED / "npm"
#: Seconds one server run (start, every call, stop) may take.
RUN_TIMEOUT = float(os.environ.get("AGENT_INPUT_PUBLISHED_TIMEOUT", "240"))

#: Seconds one call may take.
CALL_TIMEOUT = float(os.environ.get("AGENT_INPUT_PUBLISHED_CALL_TIMEOUT", "30"))

def missing(why: str) -> None:
    """A test's prerequisite is not there: a failure where the suite is required
    (AGENT_INPUT_PUBLISHED_REQUIRE=1, as scripts/test-published runs it), a skip elsewhere."""
    if os.environ.get("AGENT_INPUT_PUBLISHED_REQUIRE") == "1":
        pytest.fail(why)
    pytest.skip(why)


def free_port() -> int:
    """A loopback port free now, for a server a test starts."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_listening(port: int, process: "subprocess.Popen[bytes]", what: str) -> None:
    """Waits up to 30 s for `process` to accept connections on `port`; fails naming `what` (and
    its stderr, when piped) if it exits first or never listens."""
    deadline = time.monotonic() + 30
    while True:
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        if process.poll() is not None:
            said = process.stderr.read().decode(errors="replace") if process.stderr else ""
            raise AssertionError(f"{what} exited ({process.returncode}) {said}".rstrip())
        assert time.monotonic() < deadline, f"{what} does not listen on {port}"
        time.sleep(0.05)


NOTES_META = "agent-input/notes"
WARNINGS_META = "agent-input/warnings"


def canonical(value: Any) -> str:
    """The JSON text a result is compared by: the keys as the server sent them, no re-sorting."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


@dataclasses.dataclass
class Call:
    tool: str
    arguments: Dict[str, Any]

    def label(self) -> str:
        return f"{self.tool}({canonical(self.arguments)})"


@dataclasses.dataclass
class Answer:
    """What the server sent for one call: the JSON-RPC `result`, or its `error`."""

    result: Optional[Dict[str, Any]] = None
    error: Optional[Dict[str, Any]] = None

    @property
    def text(self) -> str:
        return canonical({"result": self.result} if self.error is None else {"error": self.error})

    @property
    def refused(self) -> bool:
        """The server did not run the call: a JSON-RPC error or an `isError` result."""
        return self.error is not None or bool(self.result and self.result.get("isError"))


@dataclasses.dataclass
class Run:
    argv: List[str]
    answers: List[Answer] = dataclasses.field(default_factory=list)
    tools: List[Dict[str, Any]] = dataclasses.field(default_factory=list)
    stored: Dict[str, str] = dataclasses.field(default_factory=dict)
    stderr: str = ""
    error: Optional[str] = None

    def describe(self) -> str:
        return f"`{' '.join(self.argv)}`: {self.error}\n--- stderr ---\n{self.stderr[-4000:]}"


def _env(extra: Mapping[str, str]) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.lower().endswith("_proxy")}
    env.pop("PYTHONPATH", None)
    env.pop("NODE_OPTIONS", None)
    env.update(extra)
    return env


#: Seconds `agent-input proxy --listen` may take to serve.
SERVE_TIMEOUT = 60
#: The line the proxy writes to stderr once it serves.
SERVING = re.compile(r"serving Streamable HTTP at (http://\S+)")


@contextlib.asynccontextmanager
async def _served(argv: Sequence[str], cwd: Path, env: Dict[str, str], errlog: Any) -> AsyncIterator[str]:
    """`argv` serving Streamable HTTP (`agent-input proxy --listen`): started, its URL read from
    its stderr; stopped (its process group) after."""
    from mcp.client.stdio import get_default_environment

    # The environment as the SDK's stdio client gives a server (its defaults first), so that a
    # server that reports its environment answers the same as over stdio.
    env = get_default_environment() | env
    mark = errlog.tell()
    process = subprocess.Popen(list(argv), cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=errlog, start_new_session=True)
    try:
        with anyio.fail_after(SERVE_TIMEOUT):
            while True:
                errlog.seek(mark)
                found = SERVING.search(errlog.read())
                errlog.seek(0, os.SEEK_END)
                if found:
                    break
                if process.poll() is not None:
                    raise RuntimeError(f"the proxy exited ({process.returncode}) before serving")
                await anyio.sleep(0.05)
        yield found.group(1)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@contextlib.asynccontextmanager
async def _transport(argv: Sequence[str], cwd: Path, env: Dict[str, str], errlog: Any) -> AsyncIterator[Any]:
    """The official SDK's transport: stdio, or Streamable HTTP when `argv` serves it."""
    if "--listen" in argv:
        from mcp.client.streamable_http import streamable_http_client

        async with _served(argv, cwd, env, errlog) as url, streamable_http_client(url) as streams:
            yield streams[0], streams[1]
        return
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=argv[0], args=list(argv[1:]), cwd=cwd, env=env)
    async with stdio_client(params, errlog=errlog) as (read, write):
        yield read, write


@contextlib.asynccontextmanager
async def _recording(argv: Sequence[str], cwd: Path, env: Dict[str, str], received: List[Dict[str, Any]], errlog: Any) -> AsyncIterator[Any]:
    """The official SDK's transport, with every message the server sent copied into
    `received` as its JSON."""
    async with _transport(argv, cwd, env, errlog) as (read, write):
        to_client, from_server = anyio.create_memory_object_stream[Any](0)

        async def inbound() -> None:
            async with to_client:
                async for item in read:
                    if not isinstance(item, Exception):
                        inner = getattr(item, "message", item)
                        received.append(inner.model_dump(by_alias=True, mode="json", exclude_unset=True))
                    await to_client.send(item)

        async with anyio.create_task_group() as tg:
            tg.start_soon(inbound)
            try:
                yield from_server, write
            finally:
                tg.cancel_scope.cancel()


async def _drive(argv: Sequence[str], cwd: Path, env: Dict[str, str], calls: Sequence[Call], run: Run, errlog: Any) -> None:
    from mcp import Client

    received: List[Dict[str, Any]] = []
    client = Client(_recording(argv, cwd, env, received, errlog), mode="auto", cache=None)
    async with client:
        listed = await client.list_tools()
        run.tools = [t.model_dump(by_alias=True, mode="json", exclude_none=True) for t in listed.tools]
        for call in calls:
            before = len(received)
            try:
                with anyio.fail_after(CALL_TIMEOUT):
                    await client.call_tool(call.tool, call.arguments)
            except TimeoutError:
                raise RuntimeError(f"no answer within {CALL_TIMEOUT} s for {call.label()[:500]}") from None
            except Exception:  # noqa: BLE001 - a JSON-RPC error is an answer; the wire holds it
                pass
            answers = [m for m in received[before:] if "id" in m and ("result" in m or "error" in m)]
            if not answers:
                raise RuntimeError(f"no answer on the wire for {call.label()}")
            last = answers[-1]
            run.answers.append(Answer(result=last.get("result"), error=last.get("error")))


def run_server(
    argv: Sequence[str],
    calls: Sequence[Call],
    cwd: Path,
    env: Optional[Mapping[str, str]] = None,
    snapshot: Optional[Callable[[], Dict[str, str]]] = None,
) -> Run:
    """Starts `argv` in `cwd`, lists its tools, makes `calls` in order on that one instance, stops
    it, then takes `snapshot()` of what it stored."""
    run = Run(list(argv))
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as errlog:
        try:
            anyio.run(_drive_timed, argv, cwd, _env(env or {}), calls, run, errlog)
        except BaseException as e:  # noqa: BLE001 - a server's failure is the test's finding
            if isinstance(e, KeyboardInterrupt):
                raise
            run.error = "".join(traceback.format_exception_only(type(e), e)).strip()
            for inner in getattr(e, "exceptions", ()):
                run.error += "\n" + traceback.format_exception_only(type(inner), inner)[-1].strip()
        errlog.seek(0)
        run.stderr = errlog.read()
    if snapshot is not None:
        run.stored = snapshot()
    return run


async def _drive_timed(argv: Sequence[str], cwd: Path, env: Dict[str, str], calls: Sequence[Call], run: Run, errlog: Any) -> None:
    with anyio.fail_after(RUN_TIMEOUT):
        await _drive(argv, cwd, env, calls, run, errlog)


# --- what a run stored -----------------------------------------------------------------------


def files_under(root: Path, skip: Sequence[str] = ()) -> Dict[str, str]:
    """Every file under `root` (relative path -> its bytes as hex), every directory as `dir`,
    symlinks as their target; `skip` names top-level entries left out."""
    out: Dict[str, str] = {}
    if not root.exists():
        return out
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if rel.split("/")[0] in skip:
            continue
        if path.is_symlink():
            out[rel] = "symlink:" + os.readlink(path)
        elif path.is_dir():
            out[rel] = "dir"
        else:
            out[rel] = path.read_bytes().hex()
    return out


def zip_members(files: Dict[str, str]) -> Dict[str, str]:
    """`files` (from files_under) with each zip file (a .docx) as its members' names and bytes:
    a zip's own bytes hold the time each member was written, which no two runs share."""
    import io
    import zipfile

    out: Dict[str, str] = {}
    for name, value in files.items():
        data = bytes.fromhex(value) if value not in ("dir",) and not value.startswith("symlink:") else b""
        if data[:2] == b"PK":
            try:
                with zipfile.ZipFile(io.BytesIO(data)) as z:
                    for member in sorted(z.namelist()):
                        out[f"{name}!{member}"] = z.read(member).hex()
                continue
            except zipfile.BadZipFile:
                pass
        out[name] = value
    return out


def git_state(repo: Path) -> Dict[str, str]:
    """A git repository as stored: every ref and the objects it reaches (commits in full, with
    author, committer and dates; trees; blobs), HEAD, the index's entries (path, mode, blob;
    not its stat cache) and the work tree's files."""

    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, check=False).stdout

    out = {
        "HEAD": git("symbolic-ref", "-q", "HEAD") or git("rev-parse", "HEAD"),
        "refs": git("for-each-ref", "--format=%(refname) %(objectname)"),
        "objects": git("log", "--all", "--format=raw", "--raw", "--no-abbrev"),
        "index": git("ls-files", "--stage"),
        "status": git("status", "--porcelain=v1", "--untracked-files=all"),
    }
    out.update({"worktree/" + k: v for k, v in files_under(repo, skip=(".git",)).items()})
    return out


def fresh_dir(path: Path, make: Callable[[Path], None]) -> Path:
    """`path` emptied and laid anew by `make` (the same bytes at the same path for each run)."""
    if path.exists():
        shutil.rmtree(path)
    path.mkdir(parents=True)
    make(path)
    return path
