"""Published MCP servers other people wrote, driven over stdio by the official MCP Python SDK
client, plainly, through agent-input's one line, and behind `agent-input proxy` (issue 62: on a
schema somebody else wrote, every call valid against the tool's own `inputSchema` reaches the
handler unchanged; issue 65: the proxy, which changes nothing in the server, keeps the same
rule and repairs the same spellings). Both tests run once per way (`via`: `line`, `proxy`, `proxy-http`).

For each server of servers.py:

- test_valid_calls_unchanged: its documented example calls, then calls drawn from each tool's
  own `inputSchema` (closed to its declared properties), made in order on a fresh plain instance
  and on a fresh lenient instance, each in the same freshly laid folder: every `tools/call`
  result (the JSON the server wrote) and everything the server stored must be byte-identical.
- test_model_spellings_repaired: model spellings of its typed parameters. The plain server
  refuses each; the lenient one answers exactly what the plain server answers for the canonical
  call, plus a note; what it stores is byte-identical to what the plain server stores for the
  canonical calls.

A changed valid call is written to /tmp/helper-suite-findings.md (AGENT_INPUT_FINDINGS) too.
"""

from __future__ import annotations

import copy
import functools
import http.server
import json
import os
import threading
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import servers as S
from generate import bounded, close, draw, fixed, unroll
from harness import NOTES_META, WARNINGS_META, Answer, Call, Run, canonical, fresh_dir, run_server
from results import STATS, finding

SERVERS = {s.name: s for s in S.ALL}


# --- the page mcp-server-fetch fetches -----------------------------------------------------------

PAGE_HTML = (
    "<!doctype html><html><head><title>Published-server suite</title></head><body>"
    "<main><h1>A page served on 127.0.0.1</h1>"
    + "".join(f"<p>Paragraph {i}: the quick brown fox jumps over the lazy dog, {i * 7} times.</p>" for i in range(60))
    + "<ul><li>one</li><li>two</li></ul><a href='/other'>other</a></main></body></html>"
)


class _Page(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path == "/page.html":
            body = PAGE_HTML.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
        else:
            body = b"not here"
            self.send_response(404)
            self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture(scope="session", autouse=True)
def page() -> Any:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    S.PAGE["url"] = f"http://127.0.0.1:{server.server_address[1]}/page.html"
    yield S.PAGE["url"]
    server.shutdown()


# --- the one line is there --------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _wrap_missing(runtime: str, python: str) -> Optional[str]:
    """Why the one line cannot be applied from outside to a `runtime` server (run by `python`)
    here, or None."""
    import subprocess

    if runtime == "python":
        probe = subprocess.run([python, "-c", "import agent_input.run"], capture_output=True, text=True)
        if probe.returncode:
            return f"`{python} -c 'import agent_input.run'` failed: {probe.stderr.strip().splitlines()[-1:]}"
        return None
    probe = subprocess.run(["node", *S.JS_WRAP, "-e", "0"], cwd=S.NPM_DIR, capture_output=True, text=True)
    if probe.returncode:
        return f"`node {' '.join(S.JS_WRAP)}` failed in {S.NPM_DIR}: {probe.stderr.strip().splitlines()[-1:]}"
    return None


def _lenient_or_skip(server: S.Server, via: str = "line") -> None:
    if via.startswith("proxy"):
        if S.AGENT_INPUT_BIN.is_file():
            return
        why = f"{S.AGENT_INPUT_BIN} is not built (cargo build -p agent-input-cli)"
        if os.environ.get("AGENT_INPUT_PUBLISHED_REQUIRE") == "1":
            pytest.fail(f"the proxy is required (AGENT_INPUT_PUBLISHED_REQUIRE=1): {why}")
        pytest.skip(why)
    why = _wrap_missing(server.runtime, str(server.python))
    if why is None:
        return
    if os.environ.get("AGENT_INPUT_PUBLISHED_REQUIRE") == "1":
        pytest.fail(f"the one line is required (AGENT_INPUT_PUBLISHED_REQUIRE=1) but cannot be applied: {why}")
    pytest.skip(f"the one line is not available from outside yet: {why}")


# --- running ----------------------------------------------------------------------------------


def _run(server: S.Server, argv: List[str], calls: List[Call]) -> Run:
    work = fresh_dir(server.work(), server.layout)
    return run_server(argv, calls, server.cwd(), server.env(work), lambda: server.snapshot(work))


def _started(run: Run) -> Run:
    assert run.error is None, run.describe()
    return run


@functools.lru_cache(maxsize=None)
def _tools(name: str) -> Tuple[Dict[str, Any], ...]:
    """The server's own tools as its plain instance lists them."""
    server = SERVERS[name]
    return tuple(_started(_run(server, server.plain(), [])).tools)


def _generated(server: S.Server) -> Tuple[List[Call], List[str]]:
    """Calls drawn from each tool's own inputSchema (closed), and the tools left out."""
    fixes = server.fixed(server.work())
    calls: List[Call] = []
    left_out: List[str] = []
    for tool in _tools(server.name):
        name = tool["name"]
        if name in server.skip:
            left_out.append(name)
            continue
        pins = {**fixes.get("*", {}), **fixes.get(name, {})}
        schema = fixed(close(unroll(copy.deepcopy(tool["inputSchema"]))), pins)
        if server.max_number is not None:
            schema = bounded(schema, server.max_number)
        calls.extend(Call(name, arguments) for arguments in draw(schema, server.per_tool))
    return calls, left_out


def canonical_sorted(answer: Answer) -> str:
    return json.dumps({"result": answer.result, "error": answer.error}, ensure_ascii=False, sort_keys=True)


def _strip_notes(answer: Answer) -> Tuple[Answer, List[Any]]:
    """The answer without agent-input's notes (the `_meta` entries and the extra text block),
    and the notes."""
    if answer.result is None:
        return answer, []
    result = copy.deepcopy(answer.result)
    meta = result.get("_meta")
    notes: List[Any] = []
    if isinstance(meta, dict):
        notes = list(meta.pop(NOTES_META, []) or [])
        meta.pop(WARNINGS_META, None)
        if not meta:
            result.pop("_meta")
    content = result.get("content")
    if notes and isinstance(content, list) and content and content[-1].get("type") == "text":
        try:
            block = json.loads(content[-1]["text"])
        except (ValueError, TypeError):
            block = None
        if isinstance(block, dict) and "notes" in block:
            content.pop()
    return Answer(result=result), notes


# --- (a) valid calls reach the handler unchanged ---------------------------------------------------


#: How the server is made lenient: its one line from outside, or `agent-input proxy` in front
#: (over stdio, and serving Streamable HTTP).
VIAS = ("line", "proxy", "proxy-http")


@pytest.mark.parametrize("via", VIAS)
@pytest.mark.parametrize("name", list(SERVERS))
def test_valid_calls_unchanged(name: str, via: str) -> None:
    server = SERVERS[name]
    examples = server.examples(server.work())
    generated, left_out = _generated(server)
    # RESULTS.md counts the one line's runs; the proxy's must agree with them call for call.
    stats = STATS.setdefault(name, {}) if via == "line" else {}
    stats.update(
        package=server.package,
        framework=server.framework,
        tools=len(_tools(name)),
        examples=len(examples),
        generated=len(generated),
        left_out=left_out,
    )
    calls = examples + generated
    plain = _started(_run(server, server.plain(), calls))
    refused = sum(a.refused for a in plain.answers)
    stats["plain_refused"] = refused
    _lenient_or_skip(server, via)
    lenient = _started(_run(server, server.via(via), calls))
    changed = []
    for call, p, l in zip(calls, plain.answers, lenient.answers):
        if p.text != l.text:
            changed.append((call, p, l))
    stats["changed"] = len(changed)
    for call, p, l in changed:
        finding(name, f"valid call changed ({via})", call, p.text, l.text, server.via(via))
    stored_differs = plain.stored != lenient.stored
    if stored_differs:
        keys = sorted(k for k in set(plain.stored) | set(lenient.stored) if plain.stored.get(k) != lenient.stored.get(k))
        finding(name, f"stored data differs after the valid calls ({via})", Call("(sequence)", {"differing": keys[:20]}), "", "", server.via(via))
    assert not changed, (
        f"{len(changed)} of {len(calls)} valid calls answered differently through the line; first: "
        f"{changed[0][0].label()}\nplain:   {changed[0][1].text[:2000]}\nlenient: {changed[0][2].text[:2000]}"
    )
    assert not stored_differs, f"what the server stored differs: {keys[:20]}"
    assert len(lenient.answers) == len(calls)


# --- (b), (c) model spellings are repaired, with a note, and store the same ---------------------------


@pytest.mark.parametrize("via", VIAS)
@pytest.mark.parametrize("name", list(SERVERS))
def test_model_spellings_repaired(name: str, via: str) -> None:
    server = SERVERS[name]
    pairs = server.spellings(server.work())
    assert pairs, f"{name}: no model spelling declared"
    spelled = [s for s, _ in pairs]
    canonical_calls = [c for _, c in pairs]
    stats = STATS.setdefault(name, {}) if via == "line" else {}
    plain_spelled = _started(_run(server, server.plain(), spelled))
    plain_canonical = _started(_run(server, server.plain(), canonical_calls))
    for (s, c), refused, answered in zip(pairs, plain_spelled.answers, plain_canonical.answers):
        assert not answered.refused, f"the canonical call {c.label()} is refused by the plain server: {answered.text[:1500]}"
        if s.arguments != c.arguments:
            assert refused.refused, f"the plain server accepts the model spelling {s.label()}: {refused.text[:1500]}"
    _lenient_or_skip(server, via)
    lenient = _started(_run(server, server.via(via), spelled))
    repaired = 0
    problems = []
    for (s, c), want, got in zip(pairs, plain_canonical.answers, lenient.answers):
        stripped, notes = _strip_notes(got)
        if s.arguments == c.arguments:
            if got.text != want.text:
                problems.append(f"{s.label()}: a canonical call in the sequence answered differently\n  plain:   {want.text[:1500]}\n  lenient: {got.text[:1500]}")
            continue
        # A result that carries notes is the plain one plus the notes; the wrapper may write its
        # keys in another order, so it is compared as JSON values here (byte for byte above).
        if canonical_sorted(stripped) != canonical_sorted(want):
            problems.append(f"{s.label()} (meaning {c.label()}):\n  plain canonical: {want.text[:1500]}\n  lenient spelled: {got.text[:1500]}")
        elif not notes:
            problems.append(f"{s.label()}: repaired without a note: {got.text[:1500]}")
        else:
            repaired += 1
    stats["spellings"] = len([1 for s, c in pairs if s.arguments != c.arguments])
    stats["repaired"] = repaired
    for p in problems:
        finding(name, f"model spelling not repaired to the canonical result ({via})", Call("(see text)", {}), p, "", server.via(via))
    assert not problems, "\n".join(problems)
    assert lenient.stored == plain_canonical.stored, (
        "what the lenient server stored for the spelled calls differs from what the plain server stored for the canonical ones: "
        + str(sorted(k for k in set(lenient.stored) | set(plain_canonical.stored) if lenient.stored.get(k) != plain_canonical.stored.get(k))[:20])
    )
