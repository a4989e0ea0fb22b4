"""OURS, not a published server: a tiny FastMCP server whose tool takes a RECURSIVE pydantic model
(a filter language: `all`/`any` of filters, `not` a filter, or one condition on a field), so
its `inputSchema` holds `$ref` recursion through `$defs`.

No published server pinned in tests/published has such a schema (mcp-server-time, -git, -fetch,
server-memory, -filesystem, -everything, office-word-mcp-server and excel-mcp-server were
searched: excel's `$defs` are not recursive), so the suite carries this one, written the way a
FastMCP author writes it, and drives it like the others.
"""

from __future__ import annotations

import datetime
from typing import List, Literal, Optional, Union

from fastmcp import FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("recursive-filter (agent-input test server)")

BOOKS = [
    {"title": "Babička", "author": "Božena Němcová", "year": 1855, "pages": 320, "language": "cs", "available": True, "added": "2024-03-01"},
    {"title": "R.U.R.", "author": "Karel Čapek", "year": 1920, "pages": 112, "language": "cs", "available": False, "added": "2023-11-15"},
    {"title": "Válka s mloky", "author": "Karel Čapek", "year": 1936, "pages": 348, "language": "cs", "available": True, "added": "2025-01-20"},
    {"title": "The Trial", "author": "Franz Kafka", "year": 1925, "pages": 255, "language": "de", "available": True, "added": "2022-06-30"},
    {"title": "Nesnesitelná lehkost bytí", "author": "Milan Kundera", "year": 1984, "pages": 314, "language": "cs", "available": True, "added": "2025-09-09"},
    {"title": "Moby-Dick", "author": "Herman Melville", "year": 1851, "pages": 635, "language": "en", "available": False, "added": "2021-02-02"},
]


class Condition(BaseModel):
    """One condition on one field of a book."""

    field: Literal["title", "author", "year", "pages", "language", "available", "added"]
    op: Literal["eq", "ne", "lt", "lte", "gt", "gte", "contains"]
    value: Union[int, bool, datetime.date, str] = Field(description="Compared with the field's value")


class All(BaseModel):
    all: List["Filter"] = Field(description="Every filter holds")


class AnyOf(BaseModel):
    any: List["Filter"] = Field(description="At least one filter holds")


class Not(BaseModel):
    not_: "Filter" = Field(alias="not", description="The filter does not hold")


Filter = Union[Condition, All, AnyOf, Not]
All.model_rebuild()
AnyOf.model_rebuild()
Not.model_rebuild()


def _holds(f: Filter, book: dict) -> bool:
    if isinstance(f, All):
        return all(_holds(g, book) for g in f.all)
    if isinstance(f, AnyOf):
        return any(_holds(g, book) for g in f.any)
    if isinstance(f, Not):
        return not _holds(f.not_, book)
    have = book[f.field]
    want = f.value.isoformat() if isinstance(f.value, datetime.date) else f.value
    if f.op == "contains":
        return str(want).casefold() in str(have).casefold()
    if type(have) is not type(want):
        return f.op == "ne"
    return {
        "eq": have == want,
        "ne": have != want,
        "lt": have < want,
        "lte": have <= want,
        "gt": have > want,
        "gte": have >= want,
    }[f.op]


@mcp.tool
def search_books(
    filter: Filter,
    limit: int = Field(default=10, ge=1, le=50, description="At most this many books"),
    sort_by: Literal["title", "year", "pages"] = "title",
    descending: bool = False,
    published_after: Optional[datetime.date] = None,
) -> dict:
    """Books of the library that match `filter`, a tree of `all`/`any`/`not` over conditions."""
    found = [b for b in BOOKS if _holds(filter, b)]
    if published_after is not None:
        found = [b for b in found if b["year"] > published_after.year]
    found.sort(key=lambda b: b[sort_by], reverse=descending)
    return {"count": len(found), "books": [b["title"] for b in found[:limit]]}


if __name__ == "__main__":
    mcp.run(show_banner=False)
