"""`agent_input.mcp.lenient` on every Python MCP server idiom, and `python -m agent_input.run`,
each server a real subprocess driven over stdio by the official `mcp` client of the installed
SDK (`mcp.client.stdio.stdio_client` + `ClientSession`).

The idioms this virtualenv can run are tested here: with mcp 2.x and fastmcp 4 (the project's
main virtualenv) `fastmcp`, `mcpserver` and the mcp 2.x low-level `Server`; with mcp 1.x (the
second virtualenv `scripts/test-python` makes) the mcp 1.x `FastMCP` and low-level `Server`. An
idiom whose package is not installed here is not collected (it runs in the other virtualenv).
"""

from __future__ import annotations

import datetime
import importlib.util
import inspect
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

if sys.version_info < (3, 10):
    pytest.skip("the MCP SDKs need Python 3.10+", allow_module_level=True)

import anyio

from agent_input.mcp import NOTES_META, lenient

HERE = Path(__file__).resolve().parent
SERVERS = HERE / "idiom_servers.py"


def _mcp_major() -> int:
    from importlib.metadata import version

    return int(version("mcp").split(".")[0])


MCP_MAJOR = _mcp_major()
HAS_FASTMCP = importlib.util.find_spec("fastmcp") is not None and MCP_MAJOR >= 2

IDIOMS: List[str] = (["fastmcp"] if HAS_FASTMCP else []) + (["mcpserver", "lowlevel"] if MCP_MAJOR >= 2 else ["fastmcp1", "lowlevel"])


def _env(**extra: str) -> Dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AGENT_INPUT_")}
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    env.update(extra)
    return env


async def _session(args: List[str], calls: List[Tuple[str, Dict[str, Any]]], env: Optional[Dict[str, str]] = None) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
    """Starts `python ARGS...` as a stdio server, lists its tools and makes `calls`; the tools
    and the results as wire JSON (camelCase keys, `_meta`), whichever SDK version."""
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client

    params = StdioServerParameters(command=sys.executable, args=args, env=env or _env())
    with open(os.devnull, "w") as errlog:
        # The server's stderr (logs) kept out of pytest's output, where the SDK takes `errlog`.
        quiet = {"errlog": errlog} if "errlog" in inspect.signature(stdio_client).parameters else {}
        async with stdio_client(params, **quiet) as (read, write):
            async with ClientSession(read, write) as session:
                await session.initialize()
                listed = await session.list_tools()
                tools = [t.model_dump(by_alias=True, mode="json", exclude_none=True) for t in listed.tools]
                results = []
                for name, arguments in calls:
                    result = await session.call_tool(name, arguments)
                    results.append(result.model_dump(by_alias=True, mode="json", exclude_none=True))
    return tools, results


def _drive(args: List[str], calls: List[Tuple[str, Dict[str, Any]]], env: Optional[Dict[str, str]] = None) -> Tuple[List[Dict[str, Any]], List[Dict[str, Any]]]:
    out: Dict[str, Any] = {}

    async def main() -> None:
        with anyio.fail_after(60):
            out["v"] = await _session(args, calls, env)

    anyio.run(main)
    return out["v"]  # type: ignore[no-any-return]


def _received(result: Dict[str, Any]) -> Dict[str, Any]:
    """What the tool's function received (the first text content: its JSON)."""
    assert not result.get("isError"), result
    return json.loads(result["content"][0]["text"])  # type: ignore[no-any-return]


REPAIRED = {"n": "4 000", "day": "1. 10. 2026"}
CANONICAL = {"n": 7, "day": "2026-10-01"}


def _assert_lenient(tools: List[Dict[str, Any]], results: List[Dict[str, Any]]) -> None:
    """The lenient schema listed; a repaired call reaches the function canonical with notes in
    `_meta`; a canonical call reaches it unchanged, without notes."""
    (count,) = [t for t in tools if t["name"] == "count"]
    listed_n = count["inputSchema"]["properties"]["n"]
    # The lenient schema admits the spellings the reader reads (a string beside the integer).
    assert "anyOf" in listed_n or listed_n.get("type") != "integer", listed_n
    repaired, canonical = results
    got = _received(repaired)
    assert got["n"] == 4000 and got["type"] == "int" and got["day"] == "2026-10-01", got
    notes = repaired["_meta"][NOTES_META]
    assert [n["path"] for n in notes if "path" in n] or notes, notes
    assert any("4 000" in json.dumps(n, ensure_ascii=False) for n in notes), notes
    assert json.loads(repaired["content"][-1]["text"])["notes"] == notes
    got = _received(canonical)
    assert got == {"n": 7, "type": "int", "day": "2026-10-01", "note": None}, got
    assert NOTES_META not in (canonical.get("_meta") or {}), canonical
    assert len(canonical["content"]) == 1, canonical


def _assert_plain(results: List[Dict[str, Any]]) -> None:
    """The server as its author wrote it: `"4 000"` for an `int` is refused."""
    repaired = results[0]
    assert repaired.get("isError") or "error" in json.dumps(repaired).lower(), repaired


CALLS = [("count", REPAIRED), ("count", CANONICAL)]


@pytest.mark.parametrize("idiom", IDIOMS)
def test_lenient_in_process_over_stdio(idiom: str) -> None:
    tools, results = _drive([str(SERVERS), idiom, "--lenient"], CALLS)
    _assert_lenient(tools, results)


@pytest.mark.parametrize("idiom", IDIOMS)
def test_agent_input_run_script_over_stdio(idiom: str) -> None:
    tools, results = _drive(["-m", "agent_input.run", str(SERVERS), idiom], CALLS)
    _assert_lenient(tools, results)


@pytest.mark.parametrize("idiom", IDIOMS)
def test_plain_server_refuses_without_the_line(idiom: str) -> None:
    """The control: the same server, not made lenient, refuses `"4 000"` (so the tests above
    see the reader's work, not the framework's own coercion)."""
    _, results = _drive([str(SERVERS), idiom], CALLS[:1])
    _assert_plain(results)


@pytest.mark.parametrize("idiom", IDIOMS)
def test_lenient_twice_reads_once(idiom: str) -> None:
    """`lenient()` called in the server and again by `agent_input.run` (its constructor patch,
    its `run` patch): the call is read once, so its notes are the reader's, not empty."""
    tools, results = _drive(["-m", "agent_input.run", str(SERVERS), idiom, "--lenient"], CALLS)
    _assert_lenient(tools, results)


PAYMENT = {"amount": "1 250", "idempotency_key": "pay-2026-12-03-000173"}
CONTRACT = [("pay", PAYMENT), ("pay", PAYMENT), ("pay", {**PAYMENT, "amount": 99}), ("throttled", {"query": "x"})]


def _assert_contract(results: List[Dict[str, Any]]) -> None:
    """A tool with an idempotency key ran once: the retry replays its receipt with a note, and
    the same key with other arguments asks; a `RateLimited` its function raised is the envelope."""
    first, again, reused, throttled = results
    assert json.loads(first["content"][0]["text"]) == {"payment": "P-1", "amount": 1250}, first
    assert again["content"][0] == first["content"][0], again
    assert [n["code"] for n in again["_meta"][NOTES_META]] == ["grouping_removed", "receipt_replayed"], again
    assert reused["isError"] is True and json.loads(reused["content"][0]["text"])["issues"][0]["code"] == "idempotency_key_reused"
    envelope = json.loads(throttled["content"][0]["text"])
    assert throttled["isError"] is True and envelope["code"] == "rate_limited", throttled
    assert (envelope["retry_after_seconds"], envelope["remaining_calls"]) == (30, 0)


@pytest.mark.parametrize("idiom", IDIOMS)
def test_a_lenient_server_replays_a_receipt_and_answers_a_throttle_over_stdio(idiom: str) -> None:
    _, results = _drive([str(SERVERS), idiom, "--lenient"], CONTRACT)
    _assert_contract(results)


def test_agent_input_run_carries_the_contract_too() -> None:
    _, results = _drive(["-m", "agent_input.run", str(SERVERS), IDIOMS[0]], CONTRACT)
    _assert_contract(results)


COUNT_READERS = textwrap.dedent(
    """
    import json, sys
    from agent_input import run
    from agent_input.mcp import _MCPServerMiddleware, is_lenient

    patches = run.install({})
    import idiom_servers

    def readers(server):
        inner = getattr(server, "_lowlevel_server", None) or getattr(server, "_mcp_server", None) or server
        count = 0
        chains = [getattr(holder, "middleware", None) or [] for holder in (server, inner)]
        for chain in {id(chain): chain for chain in chains}.values():  # MCPServer's is its low-level server's
            for m in chain:
                count += isinstance(m, _MCPServerMiddleware) or getattr(m, "agent_input_lenient", None) is not None
        handlers = getattr(inner, "request_handlers", None)
        if isinstance(handlers, dict):
            for handler in handlers.values():
                while getattr(handler, "agent_input_wraps", None) is not None:
                    count += 1
                    handler = handler.agent_input_wraps
        return count, is_lenient(inner)

    out = {}
    for idiom in sys.argv[1:]:
        out[idiom] = [readers(idiom_servers.build(idiom, False, {})), readers(idiom_servers.build(idiom, True, {}))]
    out["made"] = patches.made
    print(json.dumps(out))
    """
)


def test_agent_input_run_installs_one_reader_per_server() -> None:
    """Under `agent_input.run`, each server built has exactly one reader (one middleware, or one
    wrapper on each of `tools/list` and `tools/call` of mcp 1.x), also when the server calls
    `lenient()` itself; and the low-level server it serves through counts as lenient, so the
    low-level `run` adds none. Counted in a fresh interpreter: `install()` patches classes."""
    done = subprocess.run(
        [sys.executable, "-c", COUNT_READERS, *IDIOMS], env=_env(), capture_output=True, text=True, timeout=60, check=True
    )
    out = json.loads(done.stdout)
    # [readers, lenient] of the server as its author left it, then of one calling lenient() itself.
    expected = {
        "fastmcp": [[1, True], [1, True]],
        "mcpserver": [[1, True], [1, True]],
        # the SDK's handlers of `tools/list` and `tools/call`, each wrapped once
        "fastmcp1": [[2, True], [2, True]],
        # no constructor patch: the low-level server is made lenient when it runs (its `run`),
        # and one calling lenient() itself has its reader (mcp 2: a middleware; mcp 1: the
        # handlers registered by then, none yet here: they are wrapped when it runs)
        "lowlevel": [[0, False], [1 if MCP_MAJOR >= 2 else 0, True]],
    }
    assert out == {**{i: expected[i] for i in IDIOMS}, "made": 2 * sum(1 for i in IDIOMS if i != "lowlevel")}, out


def test_agent_input_run_module_and_entry_point() -> None:
    """`-m MODULE` runs the module as `__main__`; `-c module:function` calls the function,
    with `sys.argv` as the server expects it (`[ENTRY, ARGS...]`)."""
    idiom = IDIOMS[-1]
    _assert_lenient(*_drive(["-m", "agent_input.run", "-m", "idiom_servers", idiom], CALLS))
    _assert_lenient(*_drive(["-m", "agent_input.run", "-c", "idiom_servers:main", idiom], CALLS))


def test_agent_input_run_options_from_environment(tmp_path: Path) -> None:
    """`AGENT_INPUT_OVERRIDES` (a file) leaves a tool alone: `false` for `count` serves it as its
    author declared it, so `"4 000"` is refused again."""
    overrides = tmp_path / "overrides.json"
    overrides.write_text(json.dumps({"count": False}))
    idiom = IDIOMS[-1]
    env = _env(AGENT_INPUT_OVERRIDES=str(overrides), AGENT_INPUT_LANGUAGES="cs", AGENT_INPUT_TODAY="utc")
    _, results = _drive(["-m", "agent_input.run", str(SERVERS), idiom], CALLS[:1], env)
    _assert_plain(results)
    # The same through the option: the option is read, not only the variable.
    _, results = _drive(["-m", "agent_input.run", "--overrides", str(overrides), str(SERVERS), idiom], CALLS[:1])
    _assert_plain(results)


# --- the TypeError ------------------------------------------------------------------------


class FastMCP:
    """Not any SDK's FastMCP: a class of the same name in another module."""


def test_lenient_type_error_names_what_it_takes_and_what_it_got() -> None:
    for wrong, got in ((object(), "builtins.object"), (FastMCP(), f"{__name__}.FastMCP"), ("server", "builtins.str")):
        with pytest.raises(TypeError) as raised:
            lenient(wrong)
        message = str(raised.value)
        for supported in ("fastmcp.FastMCP", "mcp.server.mcpserver.MCPServer", "mcp.server.fastmcp.FastMCP", "mcp.server.lowlevel.Server"):
            assert supported in message, message
        assert message.endswith(f"got {got}"), message


# --- implied_kinds ------------------------------------------------------------------------


def test_implied_kinds_reaches_the_protocol() -> None:
    """`implied_kinds=True` gives every tool whose overrides do not set it the root override
    `"implied_kinds": true` (as `languages` is given), and only then; an override's own value
    wins. Seen in what a call's run step hands the function."""
    import agent_input
    import agent_input.mcp as mcp_module

    definition = {"name": "t", "inputSchema": {"type": "object", "properties": {"date_from": {"type": "string"}}}}

    def reads(state: Any, value: str) -> Any:
        tool, _ = state.spec("t", lambda: definition)
        return tool.call({"arguments": {"date_from": value}}).args["date_from"]

    assert reads(mcp_module._Lenient(None, None, implied_kinds=True), "1. 10. 2026") == datetime.date(2026, 10, 1)
    assert reads(mcp_module._Lenient({"t": {"implied_kinds": False}}, None, implied_kinds=True), "1. 10. 2026") == "1. 10. 2026"
    assert reads(mcp_module._Lenient({"t": {"properties": {}}}, None, ["cs"], implied_kinds=True), "1. listopad 2026") == datetime.date(2026, 11, 1)
    assert reads(mcp_module._Lenient(None, None), "1. 10. 2026") == "1. 10. 2026"
    with pytest.raises(agent_input.InvalidOptionsError, match="implied_kinds"):
        mcp_module._Lenient(None, None, implied_kinds="yes")  # type: ignore[arg-type]


def test_implied_kinds_option_of_lenient_and_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """`lenient(..., implied_kinds=True)` and `agent_input.run --implied-kinds` /
    `AGENT_INPUT_IMPLIED_KINDS=1` set it."""
    from agent_input import run

    options, form, entry, args = run.parse(["--implied-kinds", "-m", "srv", "--x"], {})
    assert options == {"implied_kinds": True} and (form, entry, args) == ("module", "srv", ["--x"])
    options, *_ = run.parse(["srv.py"], {"AGENT_INPUT_IMPLIED_KINDS": "true"})
    assert options["implied_kinds"] is True
    options, *_ = run.parse(["srv.py"], {})
    assert options["implied_kinds"] is False
    options, form, entry, args = run.parse(["--languages", "cs, de", "--today=2026-01-02", "-c", "mcp-server-git", "-r", "."], {})
    assert options["languages"] == ["cs", "de"] and options["today"]() == datetime.date(2026, 1, 2)
    assert (form, entry, args) == ("entry", "mcp-server-git", ["-r", "."])


def test_receipts_option_of_run(tmp_path: Path) -> None:
    """`agent_input.run --receipts sqlite:PATH` / `AGENT_INPUT_RECEIPTS` name the store every
    server it makes lenient keeps its receipts in; anything else is a usage error."""
    from agent_input import SqliteReceipts, run
    from agent_input.mcp import default_receipts

    path = str(tmp_path / "receipts.db")
    options, *_ = run.parse(["--receipts", f"sqlite:{path}", "srv.py"], {})
    assert isinstance(options["receipts"], SqliteReceipts)
    options, *_ = run.parse(["srv.py"], {"AGENT_INPUT_RECEIPTS": "memory"})
    assert options["receipts"] is default_receipts()
    with pytest.raises(run._Usage, match="--receipts"):
        run.parse(["--receipts=redis://here", "srv.py"], {})


# --- agent_input.run's own errors: one line, exit code 2, nothing on stdout -----------------


def _run_fails(args: List[str], tmp_path: Path, env: Optional[Dict[str, str]] = None) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "agent_input.run", *args],
        cwd=str(tmp_path), env=env or _env(), capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stdout == "", done.stdout
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("agent_input.run: "), done.stderr
    return lines[0]


def test_agent_input_run_errors(tmp_path: Path) -> None:
    script = tmp_path / "no_server.py"
    script.write_text("import sys\nsys.stderr.write('')\n")
    assert "no_server.py built no MCP server agent-input supports" in _run_fails([str(script)], tmp_path)
    exits = tmp_path / "exits.py"
    exits.write_text("raise SystemExit(0)\n")
    assert "built no MCP server" in _run_fails([str(exits)], tmp_path)
    assert "no module named 'no_such_server_module'" in _run_fails(["-m", "no_such_server_module"], tmp_path)
    assert "no console script named 'no-such-server'" in _run_fails(["-c", "no-such-server"], tmp_path)
    assert "--today takes utc, local or a date" in _run_fails(["--today", "tomorrow", str(script)], tmp_path)
    assert "no server to run" in _run_fails([], tmp_path)
    assert "unknown option '--bogus'" in _run_fails(["--bogus", str(script)], tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_text("[1]")
    assert "must hold an object" in _run_fails(["--overrides", str(bad), str(script)], tmp_path)
    env = _env(AGENT_INPUT_IMPLIED_KINDS="maybe")
    assert "AGENT_INPUT_IMPLIED_KINDS" in _run_fails([str(script)], tmp_path, env)


def test_agent_input_run_unknown_server_version(tmp_path: Path) -> None:
    """A low-level server lacking both the mcp 1.x handler table and the mcp 2.x middleware (a
    version agent-input does not know): one line and exit 2 when it starts serving, never a
    server running without the reader."""
    script = tmp_path / "odd.py"
    script.write_text(
        textwrap.dedent(
            """
            import anyio
            from mcp.server.lowlevel import Server

            class Odd(Server):
                def __getattribute__(self, name):
                    if name in ("request_handlers", "middleware"):
                        raise AttributeError(name)
                    return super().__getattribute__(name)

            server = Odd("odd")

            async def main():
                await server.run(None, None, None)

            anyio.run(main)
            """
        )
    )
    line = _run_fails([str(script)], tmp_path)
    assert "cannot make the __main__.Odd server lenient" in line and "of an mcp version it does not know" in line, line
