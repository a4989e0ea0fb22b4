# The setting the Python samples of the docs run in (tools/docs/samples.py puts it before a
# sample marked `run after docs/samples/courts.py`): the court-decisions example's specs and
# handlers (examples/python/courts.py), a FastMCP server `mcp` with the tools a sample names, the
# courts vocabulary, and the names the samples use as given.
import datetime
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any, Dict, List

ROOT = Path(os.environ["AGENT_INPUT_ROOT"])
sys.path.insert(0, str(ROOT / "examples" / "python"))
os.environ.setdefault("SERVER_KEY", "a server key of at least 16 bytes")
os.environ.setdefault("CURSOR_KEY", "a server key of at least 16 bytes")
os.environ.setdefault("COURTS_CURSOR_KEY", "a server key of at least 16 bytes")

import agent_input  # noqa: E402
from agent_input import CursorCodec  # noqa: E402
from agent_input.mcp import lenient, tool  # noqa: E402,F401
from fastmcp import FastMCP  # noqa: E402
from pydantic import BaseModel, Field  # noqa: E402

from courts import COURTS, SEARCH, UPDATE, search_decisions, update_decision_notes  # noqa: E402,F401

entries = COURTS
spec = json.loads((ROOT / "examples" / "specs" / "search_decisions.json").read_text(encoding="utf-8"))
spec["properties"]["court"]["entries"] = COURTS


class Page(BaseModel):
    hits: List[Dict[str, Any]] = []


mcp = FastMCP("courts")


@mcp.tool(name="search_decisions")
def _search(query: str, court: str | None = None, date_from: datetime.date | None = None, limit: int = 20) -> dict:
    return {"query": query, "court": court, "date_from": date_from, "limit": limit}


@mcp.tool(name="admin_reset")
def _reset() -> str:
    return "reset"
