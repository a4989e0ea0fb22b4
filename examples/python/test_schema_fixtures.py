"""`tests/fixtures/schemas/fastmcp.tools.json` and `mcp.tools.json`: the plain court tools as
FastMCP and the official SDK (pydantic) declare them, before any leniency. The core's
`from_input_schema` tests read them beside the zod and schemars fixtures; this test keeps them
what the libraries write (off CI a stale file is rewritten, on CI it fails)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Dict, List

import anyio
import pytest

import plain_fastmcp
import plain_mcpserver

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "schemas"


async def _fastmcp() -> List[Dict[str, Any]]:
    tools = [await plain_fastmcp.mcp.get_tool(name) for name in ("search_decisions", "update_decision_notes")]
    return [t.to_mcp_tool().model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools if t is not None]


async def _mcp() -> List[Dict[str, Any]]:
    tools = await plain_mcpserver.mcp.list_tools()
    return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in tools]


@pytest.mark.parametrize("library", ["fastmcp", "mcp"])
def test_the_pydantic_fixtures_are_what_the_libraries_write(library: str) -> None:
    declared = anyio.run(_fastmcp if library == "fastmcp" else _mcp)
    assert [t["name"] for t in declared] == ["search_decisions", "update_decision_notes"]
    text = json.dumps(declared, indent=2, ensure_ascii=False) + "\n"
    path = FIXTURES / f"{library}.tools.json"
    committed = path.read_text(encoding="utf-8") if path.exists() else ""
    if committed != text and not os.environ.get("CI"):
        path.write_text(text, encoding="utf-8")
    assert committed == text, f"{path.name} is stale (off CI it was rewritten)"
