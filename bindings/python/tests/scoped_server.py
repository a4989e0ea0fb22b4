"""A FastMCP server over Streamable HTTP behind FastMCP's own token verifier, made lenient with
each tool's scopes (`test_scopes_http.py` starts it: `python scoped_server.py PORT [mcp]`).
With `mcp`, the same tools on the official SDK's `MCPServer` with its `TokenVerifier`."""

from __future__ import annotations

import sys
from typing import Any, Dict

from agent_input.mcp import lenient

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


if __name__ == "__main__":
    fastmcp_server(int(sys.argv[1]))
