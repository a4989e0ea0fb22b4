"""A server written on the official SDK's 1.x (`mcp.server.fastmcp.FastMCP`, mcp 1.30) over
Streamable HTTP behind the SDK's own bearer check (its `TokenVerifier` and `AuthSettings`), made
lenient with each tool's scopes (`test_scopes_mcp1.py` starts it on the mcp 1.x virtualenv:
`python scoped_mcp1_server.py PORT`)."""

from __future__ import annotations

import sys
from typing import Any, Dict, List, Optional

from mcp.server.auth.provider import AccessToken, TokenVerifier
from mcp.server.auth.settings import AuthSettings
from mcp.server.fastmcp import FastMCP
from mcp.types import ToolAnnotations

from agent_input.mcp import lenient

TOKENS: Dict[str, List[str]] = {
    "reader-token": ["decisions:read"],
    "writer-token": ["decisions:read", "decisions:write"],
}


class Verifier(TokenVerifier):
    """The author's token check: a token this server issued, with its scopes."""

    async def verify_token(self, token: str) -> Optional[AccessToken]:
        scopes = TOKENS.get(token)
        return None if scopes is None else AccessToken(token=token, client_id=token, scopes=scopes)


def main(port: int) -> None:
    mcp = FastMCP(
        "courts",
        token_verifier=Verifier(),
        auth=AuthSettings(issuer_url="https://auth.example.org", resource_server_url=f"http://127.0.0.1:{port}/mcp"),
        host="127.0.0.1",
        port=port,
        stateless_http=True,
    )

    @mcp.tool(annotations=ToolAnnotations(readOnlyHint=True))
    def search_decisions(query: str, limit: int = 20) -> Dict[str, Any]:
        """Search decisions by words of their title."""
        return {"query": query, "limit": limit}

    @mcp.tool(annotations=ToolAnnotations(readOnlyHint=False, destructiveHint=False))
    def update_notes(decision_id: str, notes: str) -> Dict[str, Any]:
        """Replace a decision's notes."""
        return {"updated": decision_id}

    lenient(
        mcp,
        {"search_decisions": {"scopes": ["decisions:read"]}, "update_notes": {"scopes": ["decisions:write"]}},
        read_only_scopes=["decisions:read"],
    )
    mcp.run(transport="streamable-http")


if __name__ == "__main__":
    main(int(sys.argv[1]))
