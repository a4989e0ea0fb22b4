"""The court-decisions server of `courts_server.py` on the official `mcp` package's `MCPServer`
(the SDK's FastMCP, renamed in mcp 2), without the `fastmcp` package.

Run it with `python courts_server_official.py` (stdio; stdout carries nothing but JSON-RPC).
The tool specs, the data and the handlers are `courts.py`'s; `MCPServer` takes prebuilt tools
only when it is constructed, so the tools are `agent_input.mcp.mcp_tool(spec, handler)`.
Cursors are issued with the key in `COURTS_CURSOR_KEY` (a random key, with a warning on
stderr, when it is not set).
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

from agent_input.mcp import mcp_tool
from courts import SEARCH, UPDATE, search_decisions, update_decision_notes


def official_server() -> MCPServer:
    """A new `MCPServer` with the two tools."""
    return MCPServer(
        "courts",
        tools=[mcp_tool(SEARCH, search_decisions), mcp_tool(UPDATE, update_decision_notes)],
    )


if __name__ == "__main__":
    official_server().run()
