"""Registering agent-input tools on FastMCP servers (kept for existing imports: the code lives
in `agent_input.mcp`, which also makes a server whose tools are plain functions lenient with
one line, `lenient(server)`).

FastMCP validates arguments against a pydantic model built from the handler's signature before
the handler runs, so `"4 000"` for an `int` is rejected before any lenient reader sees it. A
tool registered here instead:

- advertises the spec's `inputSchema` (which admits every spelling the reader reads);
- reads the raw arguments with the spec (`agent_input.Tool.read`), so the handler receives the
  canonical arguments as Python natives (`int`, `Decimal`, `datetime.date`, ...), as keyword
  arguments; a property that was absent is left out, so the handler's defaults apply;
- answers an ask or a missing argument with an `isError` result carrying the envelope (text and
  `structuredContent`), naming the next call, without running the handler;
- returns a successful result as `structuredContent` `{"result": <handler output>, "notes",
  "warnings"}`, so the repairs reach the caller beside the result.

A handler may declare one parameter annotated `agent_input.ToolCall`; it then also receives the
call, and can add a warning to it (`call.add_warning(agent_input.no_hits_filtered(...))`).
Sync handlers run in a worker thread, as FastMCP runs them.

Asks a person answers: a tool (or property) whose spec says `"answered_by": "user"`, built
with a server key (`Tool.from_spec(spec, codec=...)`), answers an ambiguous call with an MCP
`input_required` result when the client can ask a person (form elicitation on a 2026-07-28
connection): one question per ambiguous property, offering exactly its readings. The retry's
answers are read (`Tool.read_answers`): the chosen reading replaces the value, with a note; a
declined question comes back to the model as the envelope. Clients that cannot ask get the
envelope, as always.

Two servers are supported:

- the `fastmcp` package's `FastMCP` (tested with fastmcp 4.1.6): `add_tool(server, tool, handler)`
  or the decorator `@tool(server, spec)`;
- the official `mcp` package's `MCPServer` (its FastMCP, renamed in mcp 2; tested with mcp
  2.3.0), which takes prebuilt tools only when it is constructed:
  `MCPServer("name", tools=[mcp_tool(tool, handler)])`.
"""

from __future__ import annotations

from .mcp import MRTR_VERSION, Asking, add_tool, can_ask, mcp_tool, run_call, tool

__all__ = ["MRTR_VERSION", "Asking", "add_tool", "can_ask", "mcp_tool", "run_call", "tool"]
