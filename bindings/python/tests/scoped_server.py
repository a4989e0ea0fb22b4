"""A FastMCP server over Streamable HTTP behind FastMCP's own token verifier, made lenient with
each tool's scopes (`test_scopes_http.py` starts it: `python scoped_server.py PORT [own]`).
With `own`, the same tools declared as specs (`add_tool`, `@tool`) with their scopes, and no
`lenient()`."""

from __future__ import annotations

import sys
from typing import Any, Dict

from agent_input.mcp import add_tool, lenient, tool

TOKENS: Dict[str, Any] = {
    "reader-token": {"client_id": "reader", "scopes": ["decisions:read"]},
    "writer-token": {"client_id": "writer", "scopes": ["decisions:read", "decisions:write"]},
    "empty-token": {"client_id": "nobody", "scopes": []},
}
OVERRIDES: Dict[str, Any] = {
    "search_decisions": {"scopes": ["decisions:read"]},
    "update_notes": {"scopes": ["decisions:write"]},
}


def fastmcp_server(port: int) -> None:
    from fastmcp import FastMCP
    from fastmcp.server.auth.providers.jwt import StaticTokenVerifier

    mcp = FastMCP("courts", auth=StaticTokenVerifier(tokens=TOKENS))

    @mcp.tool(annotations={"readOnlyHint": True})
    def search_decisions(query: str, limit: int = 20) -> Dict[str, Any]:
        """Search decisions by words of their title."""
        return {"query": query, "limit": limit}

    @mcp.tool(annotations={"readOnlyHint": False, "destructiveHint": False})
    def update_notes(decision_id: str, notes: str) -> Dict[str, Any]:
        """Replace a decision's notes."""
        return {"updated": decision_id}

    lenient(mcp, OVERRIDES, read_only_scopes=["decisions:read"])
    mcp.run(transport="http", host="127.0.0.1", port=port, show_banner=False)


SEARCH = {
    "name": "search_decisions", "description": "Search decisions by words of their title.",
    "writes": False, "scopes": ["decisions:read"],
    "properties": {"query": {"kind": "text", "required": True}, "limit": {"kind": "number", "integer": True}},
}
UPDATE = {
    "name": "update_notes", "description": "Replace a decision's notes.",
    "writes": True, "destructive": False, "idempotent": False, "scopes": ["decisions:write"],
    "properties": {"decision_id": {"kind": "text", "required": True}, "notes": {"kind": "text", "required": True}},
}


def own_server(port: int) -> None:
    from fastmcp import FastMCP
    from fastmcp.server.auth.providers.jwt import StaticTokenVerifier

    mcp = FastMCP("courts", auth=StaticTokenVerifier(tokens=TOKENS))

    @tool(mcp, SEARCH, read_only_scopes=["decisions:read"])
    def search_decisions(query: str, limit: int = 20) -> Dict[str, Any]:
        return {"query": query, "limit": limit}

    def update_notes(decision_id: str, notes: str) -> Dict[str, Any]:
        return {"updated": decision_id}

    add_tool(mcp, UPDATE, update_notes)
    mcp.run(transport="http", host="127.0.0.1", port=port, show_banner=False)


if __name__ == "__main__":
    if sys.argv[2:] == ["own"]:
        own_server(int(sys.argv[1]))
    else:
        fastmcp_server(int(sys.argv[1]))
