"""A plain FastMCP server, written the way a FastMCP author writes one: typed signatures, and
pydantic validating the arguments. One line, `lenient(mcp, ...)` at the end, makes it read the
values models send: `"4 000"` for the page size, `"1. 10. 2026"` for a date, `"Nejvyssi soud"`
for the court, `null` for an unset optional, `dateFrom` for `date_from`. Without that line
pydantic rejects each of them before the function runs.

Run it with `python plain_fastmcp.py` (stdio; stdout carries nothing but JSON-RPC, so the
FastMCP banner is off). The functions behind the tools are `plain_courts.py`'s; the same server
on the official SDK is `plain_mcpserver.py`.
"""

from __future__ import annotations

import datetime
import uuid
from typing import Annotated

from fastmcp import FastMCP
from pydantic import Field

from agent_input.mcp import lenient
from plain_courts import COURTS, SEARCH_DESCRIPTION, UPDATE_DESCRIPTION, Courts, Page, Receipt, cursor_key

courts = Courts(cursor_key())
mcp = FastMCP("courts-plain-fastmcp")


@mcp.tool(description=SEARCH_DESCRIPTION, annotations={"readOnlyHint": True})
def search_decisions(
    query: Annotated[str, Field(description="Words the decision's title contains.")],
    court: Annotated[str | None, Field(description="The court that decided.")] = None,
    date_from: Annotated[datetime.date | None, Field(description="Decided on or after this day.")] = None,
    date_to: Annotated[datetime.date | None, Field(description="Decided on or before this day.")] = None,
    limit: Annotated[int, Field(ge=1, le=50, description="How many decisions one page holds.")] = 20,
    cursor: Annotated[str | None, Field(description="The `next_cursor` of the previous page.")] = None,
) -> Page:
    return courts.search(query, court, date_from, date_to, limit, cursor)


@mcp.tool(description=UPDATE_DESCRIPTION, annotations={"readOnlyHint": False, "idempotentHint": True})
def update_decision_notes(
    notes: Annotated[str, Field(description="The new notes.")],
    idempotency_key: Annotated[str, Field(description="A fresh key for this change, resent unchanged on every retry of it.")],
    decision_id: Annotated[
        uuid.UUID | None,
        Field(description="The decision's id, exactly as search_decisions returned it; leave it out to create a decision."),
    ] = None,
) -> Receipt:
    return courts.update_notes(idempotency_key, notes, None if decision_id is None else str(decision_id))


# The one line: every tool reads leniently; the court is read through the courts vocabulary (a
# filter: an unknown court is dropped with a warning, not an error). This server's author knows
# its `cursor` is a cursor and its `idempotency_key` a key: `implied_kinds=True` lets those
# names say so (`"start"` is then the first page).
lenient(
    mcp,
    overrides={"search_decisions": {"properties": {"court": {"kind": "vocabulary", "role": "filter", "entries": COURTS}}}},
    implied_kinds=True,
)

if __name__ == "__main__":
    mcp.run(show_banner=False)
