"""Tools by authorization on a server written on the official SDK's 1.x (mcp 1.30's FastMCP,
`scoped_mcp1_server.py`, run on the mcp 1.x virtualenv) behind the SDK's own bearer check, made
lenient with each tool's scopes, driven over Streamable HTTP by FastMCP's client with two
tokens: the lists differ, and a write the reader's token does not reach answers
`insufficient_scope` without running."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any, Iterator, List, Tuple

import anyio
import pytest

from harness import SERVERS_PYTHON_MCP1, free_port, missing, wait_listening

HERE = Path(__file__).parent


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    if not SERVERS_PYTHON_MCP1.is_file():
        missing("the mcp 1.x virtualenv is not installed (scripts/test-published installs it)")
    port = free_port()
    process = subprocess.Popen([str(SERVERS_PYTHON_MCP1), str(HERE / "scoped_mcp1_server.py"), str(port)],
                               stderr=subprocess.PIPE)
    wait_listening(port, process, "the mcp 1.x server")
    try:
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(timeout=10)


async def _session(url: str, token: str) -> Tuple[List[str], Any, Any]:
    from fastmcp import Client

    async with Client(url, auth=token) as client:
        names = [t.name for t in await client.list_tools()]
        search = await client.call_tool_mcp("search_decisions", {"query": "nájem", "limit": "4 000"})
        update = await client.call_tool_mcp("update_notes", {"decision_id": "d1", "notes": "n"})
        return names, search, update


def test_each_token_lists_and_calls_only_what_its_scopes_reach(server: str) -> None:
    names, search, update = anyio.run(_session, server, "reader-token")
    assert names == ["search_decisions"]
    # The server's own output (its text: mcp 1.x wraps a dict's structured content in `result`).
    assert search.is_error is False and json.loads(search.content[0].text)["limit"] == 4000, search
    envelope = json.loads(update.content[0].text)
    assert update.is_error is True and envelope["code"] == "insufficient_scope", update
    assert envelope["required_scopes"] == ["decisions:write"]
    names, _, update = anyio.run(_session, server, "writer-token")
    assert names == ["search_decisions", "update_notes"]
    assert update.is_error is False and json.loads(update.content[0].text) == {"updated": "d1"}, update


def test_a_token_the_sdk_refuses_never_reaches_mcp(server: str) -> None:
    import httpx

    refused = httpx.post(server, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                         headers={"Authorization": "Bearer forged", "Accept": "application/json, text/event-stream"})
    assert refused.status_code == 401
    assert "invalid_token" in refused.headers.get("www-authenticate", "")
