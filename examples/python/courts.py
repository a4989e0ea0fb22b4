"""The court-decisions tools every Python example server shares, with no MCP framework in them:
the tool specs (`examples/specs/`, with the courts vocabulary filled in), the decisions
(`examples/data/decisions.json`), the server's cursor key and the two handlers.

`courts_server.py` registers the handlers on FastMCP, `courts_server_official.py` on the
official `mcp` package's `MCPServer`; both through `agent_input.mcp`'s spec glue. The handlers
receive canonical Python natives (`int`, `datetime.date`, the court's id, the cursor's payload)
and never parse a value themselves.
"""

from __future__ import annotations

import datetime
import json
import os
import sys
from pathlib import Path
from typing import Any, Dict, List, Optional

import agent_input

ROOT = Path(__file__).resolve().parents[2]
COURTS: List[Dict[str, Any]] = json.loads((ROOT / "tests" / "fixtures" / "czech_courts.json").read_text(encoding="utf-8"))
CURSOR_TTL_SECONDS = 3600


def cursor_codec(variable: str = "COURTS_CURSOR_KEY") -> agent_input.CursorCodec:
    """The server's cursor key: from the environment in production; a fresh random key
    otherwise, with a warning on stderr (stdout is the JSON-RPC stream). Cursors issued under a
    random key stop working when the server restarts, which is what a cursor should do anyway."""
    if os.environ.get(variable):
        return agent_input.CursorCodec.from_env(variable)
    print(
        f"warning: {variable} is not set; cursors are issued with a random key and stop working when the server restarts",
        file=sys.stderr,
    )
    return agent_input.CursorCodec(os.urandom(32))


CODEC = cursor_codec()


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


def _in_range(d: Dict[str, Any], words: str, date_from: Optional[datetime.date], date_to: Optional[datetime.date]) -> bool:
    return (
        words in agent_input.fold(d["title"])
        and (date_from is None or d["date"] >= date_from)
        and (date_to is None or d["date"] <= date_to)
    )


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
    cursor's payload). The result is a page that says what it withheld: `{"items", "matched",
    "returned", "sort", "partial", "next_cursor", "filtered", "matched_exact"}`."""
    words = agent_input.fold(query)
    unfiltered = [d for d in DECISIONS if _in_range(d, words, date_from, date_to)]
    matched = [d for d in unfiltered if court is None or d["court"] == court]
    start = min(int(cursor["after"]) if cursor else 0, len(matched))
    page = matched[start : start + limit]
    after = start + len(page)
    if court is not None and not matched:
        would = sorted({d["court"] for d in unfiltered})
        call.add_warning(agent_input.no_hits_filtered("court", court, would))
    # The page says what it withheld: how many matched, the order, the filter, and the cursor.
    return CODEC.page(
        [{"id": d["id"], "court": d["court"], "date": d["date"].isoformat(), "title": d["title"]} for d in page],
        matched=len(matched),
        offset=start,
        sort="date asc",
        filtered=court is not None,
        next={"after": after} if after < len(matched) else None,
        ttl=CURSOR_TTL_SECONDS,
    )


def update_decision_notes(
    notes: str, dry_run: bool, idempotency_key: str, decision_id: Optional[str] = None
) -> Dict[str, Any]:
    """Replace a decision's notes (a new decision without an id). agent-input runs the contract
    around it: a call is a preview (`dry_run` true) until the model sends the preview's
    `confirm_token`, and a retry with the same `idempotency_key` replays the stored receipt
    without calling this again (the key is here for a handler that records it)."""
    created = decision_id is None
    decision_id = decision_id or f"created-{len(NOTES) + 1}"
    if not created and not any(d["id"] == decision_id for d in DECISIONS):
        raise ValueError(f"no decision has the id {decision_id}; call `search_decisions` to find the decision's id")
    if dry_run:
        return {"decision_id": decision_id, "created": created, "notes_before": NOTES.get(decision_id), "notes_after": notes}
    NOTES[decision_id] = notes
    return {"decision_id": decision_id, "created": created}
