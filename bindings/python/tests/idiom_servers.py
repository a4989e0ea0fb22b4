"""Plain MCP servers, one per Python idiom, each with the same tool written the idiom's way, run
over stdio by `test_mcp_idioms.py`:

    python idiom_servers.py IDIOM [--lenient] [--implied-kinds]

IDIOM is `fastmcp` (fastmcp 4), `mcpserver` (mcp 2), `fastmcp1` (mcp 1's FastMCP) or `lowlevel`
(the low-level `Server` of the installed mcp, 1.x or 2.x). With `--lenient` the server calls
`agent_input.mcp.lenient(server)` itself (after its tools are registered for the frameworks,
before for the low-level server); without it the server is the author's, untouched, for
`python -m agent_input.run`.

The tool `count(n: int, day: date | None, note: str | None)` answers with the JSON of what its
function received (`n` and its Python type, `day`, `note`), so a test sees what arrived. Two more
tools carry the contract into a server made lenient: `pay(amount: int, idempotency_key: str)`
answers with how many times its function ran (a retry with the same key replays the first
answer), and `throttled(query: str)` raises `agent_input.RateLimited`.
"""

from __future__ import annotations

import datetime
import json
import sys
from typing import Any, Dict, List, Optional

NAME = "count"
SCHEMA: Dict[str, Any] = {
    "type": "object",
    "properties": {
        "n": {"type": "integer", "description": "How many."},
        "day": {"type": "string", "format": "date"},
        "note": {"type": "string"},
    },
    "required": ["n"],
}


PAY_SCHEMA: Dict[str, Any] = {
    "type": "object",
    "properties": {"amount": {"type": "integer"}, "idempotency_key": {"type": "string"}},
    "required": ["amount", "idempotency_key"],
}
THROTTLED_SCHEMA: Dict[str, Any] = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
RUNS: List[int] = []


def pay(amount: int, idempotency_key: str) -> str:
    """Pays."""
    RUNS.append(amount)
    return json.dumps({"payment": f"P-{len(RUNS)}", "amount": amount})


def throttled(query: str) -> str:
    """Is rate limited."""
    from agent_input import RateLimited

    raise RateLimited(retry_after_seconds=30, remaining_calls=0)


def received(n: Any, day: Any = None, note: Optional[str] = None) -> str:
    return json.dumps({"n": n, "type": type(n).__name__, "day": None if day is None else str(day), "note": note})


def count(n: int, day: Optional[datetime.date] = None, note: Optional[str] = None) -> str:
    """Counts."""
    return received(n, day, note)


def build(idiom: str, wrap: bool, options: Dict[str, Any]) -> Any:
    from agent_input.mcp import lenient

    if idiom == "fastmcp":
        from fastmcp import FastMCP

        server: Any = FastMCP("idiom")
        for function in (count, pay, throttled):
            server.tool(function, output_schema=None)
    elif idiom == "mcpserver":
        from mcp.server.mcpserver import MCPServer

        server = MCPServer("idiom")
        for function in (count, pay, throttled):
            server.tool(structured_output=False)(function)
    elif idiom == "fastmcp1":
        from mcp.server.fastmcp import FastMCP as FastMCP1

        server = FastMCP1("idiom")
        for function in (count, pay, throttled):
            server.tool()(function)
    else:
        return lowlevel(wrap, options)
    if wrap:
        lenient(server, **options)
    return server


def lowlevel(wrap: bool, options: Dict[str, Any]) -> Any:
    """The low-level server, as mcp-server-time and mcp-server-git (mcp 1.x) write it: `lenient()`
    is called before the handlers are registered, so the wrapping at `run` is what covers them."""
    from agent_input.mcp import lenient
    from mcp.server.lowlevel import Server

    def text(name: str, arguments: Dict[str, Any]) -> str:
        if name == "pay":
            return pay(arguments["amount"], arguments["idempotency_key"])
        if name == "throttled":
            return throttled(arguments["query"])
        return received(arguments.get("n"), arguments.get("day"), arguments.get("note"))

    declared = [(NAME, "Counts.", SCHEMA), ("pay", "Pays.", PAY_SCHEMA), ("throttled", "Is rate limited.", THROTTLED_SCHEMA)]

    if hasattr(Server, "list_tools") and hasattr(Server, "call_tool"):  # mcp 1.x: decorators
        from mcp import types

        server: Any = Server("idiom")
        if wrap:
            lenient(server, **options)

        @server.list_tools()
        async def list_tools() -> List[Any]:
            return [types.Tool(name=name, description=about, inputSchema=schema) for name, about, schema in declared]

        @server.call_tool()
        async def call_tool(name: str, arguments: Dict[str, Any]) -> List[Any]:
            return [types.TextContent(type="text", text=text(name, arguments))]

        return server

    import mcp_types

    async def on_list_tools(ctx: Any, params: Any) -> Any:
        tools = [mcp_types.Tool(name=name, description=about, input_schema=schema) for name, about, schema in declared]
        return mcp_types.ListToolsResult(tools=tools)

    async def on_call_tool(ctx: Any, params: Any) -> Any:
        try:
            answer = text(params.name, params.arguments or {})
        except Exception as e:  # noqa: BLE001 - as the SDK's decorators answer a tool's error
            return mcp_types.CallToolResult(content=[mcp_types.TextContent(type="text", text=str(e))], is_error=True)
        return mcp_types.CallToolResult(content=[mcp_types.TextContent(type="text", text=answer)])

    server = Server("idiom", on_list_tools=on_list_tools, on_call_tool=on_call_tool)
    if wrap:
        lenient(server, **options)
    return server


async def serve_lowlevel(server: Any) -> None:
    from mcp.server.stdio import stdio_server

    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


def main(argv: Optional[List[str]] = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    idiom = args[0]
    options: Dict[str, Any] = {"implied_kinds": True} if "--implied-kinds" in args else {}
    server = build(idiom, "--lenient" in args, options)
    if idiom == "fastmcp":
        server.run(show_banner=False)
    elif idiom == "lowlevel":
        import anyio

        anyio.run(serve_lowlevel, server)
    else:
        server.run()


if __name__ == "__main__":
    main()
