"""A FastMCP server of Czech court decisions whose tools read their arguments with agent-input.

Run it with `python courts_server.py` (stdio; stdout carries nothing but JSON-RPC). Its two
tools show the whole idiom:

- `search_decisions` (reads): `query`, `court` (the courts vocabulary, as a filter), `date_from`,
  `date_to`, `limit` and `cursor`. A model may send `"4 000"`, `"1. 10. 2026"`,
  `"Nejvyssi soud"`, `"start"` or `null`: each is read, and a note says how.
- `update_decision_notes` (writes): `decision_id`, `notes` and `idempotency_key`; a placeholder
  id such as the documentation's `123e4567-…` asks instead of silently creating a record.

The tools are declared once for every example server in `examples/specs/` over the decisions of
`examples/data/decisions.json` (the Rust and TypeScript servers read the same files); the search
returns `{"matched", "returned", "decisions", "next_cursor"}`. The specs, the data and the
handlers are in `courts.py`; the same tools on the official `mcp` package's `MCPServer` are
`courts_server_official.py`. Cursors are issued with the key in `COURTS_CURSOR_KEY` (a random
key, with a warning on stderr, when it is not set).
"""

from __future__ import annotations

from typing import Any

from fastmcp import FastMCP

from agent_input.mcp import tool
from courts import CODEC, COURTS, DECISIONS, SEARCH, UPDATE, search_decisions, update_decision_notes

__all__ = ["CODEC", "COURTS", "DECISIONS", "SEARCH", "UPDATE", "mcp", "official_server", "search_decisions", "update_decision_notes"]

mcp = FastMCP("courts")
tool(mcp, SEARCH)(search_decisions)
tool(mcp, UPDATE)(update_decision_notes)


def official_server() -> Any:
    """The same two tools on the official `mcp` package's `MCPServer` (its FastMCP)."""
    from courts_server_official import official_server as made

    return made()


if __name__ == "__main__":
    mcp.run(show_banner=False)
