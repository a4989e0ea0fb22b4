"""Tools by authorization over real Streamable HTTP: a FastMCP server behind FastMCP's own token
verifier (`scoped_server.py`), made lenient with each tool's scopes, driven by FastMCP's client
with two bearer tokens of different scopes. The lists differ, a tool a token does not reach
answers `insufficient_scope` naming every missing scope, and a token the verifier refuses is
refused before MCP."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator, List, Tuple

import pytest

HERE = Path(__file__).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module", params=["lenient", "own"])
def server(request: pytest.FixtureRequest) -> Iterator[str]:
    """The server made lenient with overrides, and the same tools declared as specs."""
    port = _free_port()
    argv = [sys.executable, str(HERE / "scoped_server.py"), str(port), *(["own"] if request.param == "own" else [])]
    process = subprocess.Popen(argv, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            if process.poll() is not None:
                raise RuntimeError(process.stderr.read().decode() if process.stderr else "the server exited")
            time.sleep(0.1)
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


def _session(url: str, token: str) -> Tuple[List[str], Any, Any, Any]:
    from fastmcp import Client

    async def run() -> Tuple[List[str], Any, Any, Any]:
        async with Client(url, auth=token) as client:
            listed = await client.list_tools_mcp()
            search = await client.call_tool_mcp("search_decisions", {"query": "nájem", "limit": "4 000"})
            update = await client.call_tool_mcp("update_notes", {"decision_id": "d1", "notes": "n"})
            return [t.name for t in listed.tools], listed, search, update

    return asyncio.run(run())


def _payload(result: Any) -> Any:
    """The handler's output: as the tool returned it (lenient), or under `result` (a spec tool's
    `{"result", "notes", "warnings"}`)."""
    content = result.structured_content
    return content["result"] if "notes" in content else content


def test_each_token_lists_and_calls_only_what_its_scopes_reach(server: str) -> None:
    names, listed, search, update = _session(server, "reader-token")
    assert names == ["search_decisions"]
    # The reader's own call reads leniently, as on stdio.
    assert search.is_error is False and _payload(search)["limit"] == 4000, search
    # The write it does not see: every missing scope named at once, and that it reads only. (The
    # tool declares an output schema, so the envelope travels as the text content.)
    envelope = json.loads(update.content[0].text)
    assert update.is_error is True and envelope["code"] == "insufficient_scope", update
    assert envelope["required_scopes"] == ["decisions:write"]
    assert "read-only scopes only" in envelope["message"]

    names, listed, search, update = _session(server, "writer-token")
    assert names == ["search_decisions", "update_notes"]
    assert update.is_error is False and _payload(update) == {"updated": "d1"}, update
    # The listing says what each tool needs.
    scopes = {t.name: (t.meta or {}).get("agent-input/scopes") for t in listed.tools}
    assert scopes == {"search_decisions": ["decisions:read"], "update_notes": ["decisions:write"]}

    names, _, search, _ = _session(server, "empty-token")
    assert names == []
    assert json.loads(search.content[0].text)["required_scopes"] == ["decisions:read"]


def test_a_token_the_verifier_refuses_never_reaches_mcp(server: str) -> None:
    import urllib.error
    import urllib.request

    request = urllib.request.Request(
        server,
        data=b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        headers={"Authorization": "Bearer forged", "Content-Type": "application/json", "Accept": "application/json, text/event-stream"},
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 401
    assert "invalid_token" in refused.value.headers.get("WWW-Authenticate", "")
