"""A FastMCP server of Czech court decisions whose tools read their arguments with agent-input.

Run it with `python courts_server.py` (stdio). Its two tools show the whole idiom:

- `search_decisions` (reads): `query`, `court` (the courts vocabulary, as a filter), `date_from`,
  `date_to`, `limit` and `cursor`. A model may send `"4 000"`, `"1. 10. 2026"`,
  `"Nejvyssi soud"`, `"start"` or `null`: each is read, and a note says how.
- `update_decision_notes` (writes): `decision_id`, `notes` and `idempotency_key`; a placeholder
  id such as the documentation's `123e4567-…` asks instead of silently creating a record.

The tools are declared once for every example server in `examples/specs/` over the decisions of
`examples/data/decisions.json` (the Rust and TypeScript servers read the same files); the search
returns `{"matched", "returned", "decisions", "next_cursor"}`.

The handlers receive canonical Python natives (`int`, `datetime.date`, the court's id, the
cursor's payload) and never parse a value themselves.
"""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path
from typing import Any, Dict, List, Optional

from fastmcp import FastMCP

import agent_input
from agent_input.fastmcp import mcp_tool, tool

ROOT = Path(__file__).resolve().parents[2]
COURTS: List[Dict[str, Any]] = json.loads((ROOT / "tests" / "fixtures" / "czech_courts.json").read_text(encoding="utf-8"))
CURSOR_TTL_SECONDS = 3600

# The server's cursor key: from the environment in production; a fresh random key otherwise
# (cursors then stop working across restarts, which is what a cursor should do anyway).
CODEC = (
    agent_input.CursorCodec.from_env("COURTS_CURSOR_KEY")
    if os.environ.get("COURTS_CURSOR_KEY")
    else agent_input.CursorCodec(os.urandom(32))
)


def _spec(name: str) -> agent_input.Tool:
    """One of the tool specs every example server shares (`examples/specs/`), with the courts
    vocabulary filled in."""
    spec = json.loads((ROOT / "examples" / "specs" / f"{name}.json").read_text(encoding="utf-8"))
    if "court" in spec["properties"]:
        spec["properties"]["court"]["entries"] = COURTS
    return agent_input.Tool.from_spec(spec, codec=CODEC)


SEARCH = _spec("search_decisions")
UPDATE = _spec("update_decision_notes")

DECISIONS: List[Dict[str, Any]] = [
    {**d, "date": datetime.date.fromisoformat(d["date"])}
    for d in json.loads((ROOT / "examples" / "data" / "decisions.json").read_text(encoding="utf-8"))
]

NOTES: Dict[str, str] = {}
RECEIPTS: Dict[str, Dict[str, Any]] = {}

mcp = FastMCP("courts")


def _in_range(d: Dict[str, Any], words: str, date_from: Optional[datetime.date], date_to: Optional[datetime.date]) -> bool:
    return (
        words in agent_input.fold(d["title"])
        and (date_from is None or d["date"] >= date_from)
        and (date_to is None or d["date"] <= date_to)
    )


@tool(mcp, SEARCH)
def search_decisions(
    query: str,
    limit: int,
    call: agent_input.ToolCall,
    court: Optional[str] = None,
    date_from: Optional[datetime.date] = None,
    date_to: Optional[datetime.date] = None,
    cursor: Optional[Dict[str, Any]] = None,
) -> Dict[str, Any]:
    """Search decisions; the arguments arrive canonical (a court id, dates, an int limit, the
    cursor's payload). The result says what it withheld: how many matched, how many returned."""
    words = agent_input.fold(query)
    unfiltered = [d for d in DECISIONS if _in_range(d, words, date_from, date_to)]
    matched = [d for d in unfiltered if court is None or d["court"] == court]
    start = min(int(cursor["after"]) if cursor else 0, len(matched))
    page = matched[start : start + limit]
    after = start + len(page)
    if court is not None and not matched:
        would = sorted({d["court"] for d in unfiltered})
        call.add_warning(agent_input.no_hits_filtered("court", court, would))
    return {
        "matched": len(matched),
        "returned": len(page),
        "decisions": [{"id": d["id"], "court": d["court"], "date": d["date"].isoformat(), "title": d["title"]} for d in page],
        "next_cursor": CODEC.encode({"after": after}, CURSOR_TTL_SECONDS) if after < len(matched) else None,
    }


@tool(mcp, UPDATE)
def update_decision_notes(idempotency_key: str, notes: str, decision_id: Optional[str] = None) -> Dict[str, Any]:
    """Replace a decision's notes (a new decision without an id); a repeated idempotency key
    replays the first result."""
    if idempotency_key in RECEIPTS:
        return {**RECEIPTS[idempotency_key], "replayed": True}
    created = decision_id is None
    decision_id = decision_id or f"created-{len(RECEIPTS) + 1}"
    if not created and not any(d["id"] == decision_id for d in DECISIONS):
        raise ValueError(f"no decision has the id {decision_id}; call `search_decisions` to find the decision's id")
    NOTES[decision_id] = notes
    RECEIPTS[idempotency_key] = {"decision_id": decision_id, "created": created, "replayed": False}
    return RECEIPTS[idempotency_key]


def official_server() -> Any:
    """The same two tools on the official `mcp` package's `MCPServer` (its FastMCP)."""
    from mcp.server.mcpserver import MCPServer

    return MCPServer(
        "courts",
        tools=[mcp_tool(SEARCH, search_decisions), mcp_tool(UPDATE, update_decision_notes)],
    )


if __name__ == "__main__":
    mcp.run()
