"""Registering agent-input tools on FastMCP servers.

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

import dataclasses
import functools
import inspect
import typing
from typing import Any, Awaitable, Callable, Dict, Mapping, Optional, TypeVar, Union, cast

import anyio.to_thread

from ._agent_input import Tool, ToolCall
from ._types import CallToolResultDict

__all__ = ["Asking", "add_tool", "can_ask", "mcp_tool", "run_call", "tool"]

#: The first MCP revision with `input_required` results (multi round-trip requests).
MRTR_VERSION = "2026-07-28"


@dataclasses.dataclass(frozen=True)
class Asking:
    """What a call can do about asking a person, and what a retry brings back from one."""

    can_ask: bool = False
    input_responses: Optional[Dict[str, Any]] = None
    request_state: Optional[str] = None


def can_ask(protocol_version: Optional[str], client_capabilities: Any) -> bool:
    """True when a client can ask a person: form elicitation declared on a 2026-07-28 (or
    later) connection. `{}` for elicitation means form, as the spec says."""
    if not protocol_version or protocol_version < MRTR_VERSION:
        return False
    elicitation = getattr(client_capabilities, "elicitation", None)
    if elicitation is None:
        return False
    return getattr(elicitation, "form", None) is not None or getattr(elicitation, "url", None) is None


def _responses(responses: Optional[Mapping[str, Any]]) -> Optional[Dict[str, Any]]:
    """The input responses as plain JSON dicts (the SDKs hand typed models)."""
    if responses is None:
        return None
    out: Dict[str, Any] = {}
    for key, value in responses.items():
        dump = getattr(value, "model_dump", None)
        out[key] = dump(by_alias=True, exclude_none=True, mode="json") if dump is not None else value
    return out

Handler = Callable[..., Any]
_H = TypeVar("_H", bound=Handler)


def _call_parameter(handler: Handler) -> Optional[str]:
    """The name of the handler's parameter annotated `ToolCall`, if any."""
    try:
        hints = typing.get_type_hints(handler)
    except (NameError, TypeError):
        hints = {}
    for name, annotation in hints.items():
        if annotation is ToolCall and name != "return":
            return name
    return None


def _as_tool(spec: Union[Tool, Dict[str, Any], str]) -> Tool:
    return spec if isinstance(spec, Tool) else Tool.from_spec(spec)


def _result(call: ToolCall, output: Any) -> CallToolResultDict:
    try:
        return call.to_call_tool_result(output)
    except TypeError:
        # Output the binding does not convert (a pydantic model, a datetime, ...) goes through
        # pydantic's JSON conversion first; FastMCP depends on pydantic.
        import pydantic_core

        return call.to_call_tool_result(pydantic_core.to_jsonable_python(output))


async def run_call(
    tool: Tool, handler: Handler, arguments: Optional[Dict[str, Any]], asking: Optional[Asking] = None
) -> Dict[str, Any]:
    """Reads `arguments` with `tool` and, when they read, runs `handler` with the canonical
    arguments; returns the MCP `CallToolResult` as a dict (the envelope when they do not read),
    or, when `asking` says the client can ask a person and the tool's policy is the user, the
    `input_required` result (`{"resultType": "input_required", ...}`). A retry's answers in
    `asking` are read first. The framework-free core of the glue below."""
    asking = asking or Asking()
    retry = asking.request_state is not None
    if retry:
        call = tool.read_answers(arguments, asking.input_responses or {}, cast(str, asking.request_state))
    else:
        call = tool.read(arguments)
    if not call.ok:
        if asking.can_ask and not retry:
            question = tool.ask_person(call, arguments)
            if question is not None:
                return question
        return dict(call.to_call_tool_result())
    kwargs: Dict[str, Any] = dict(call.args or {})
    call_name = _call_parameter(handler)
    if call_name is not None:
        kwargs[call_name] = call
    if inspect.iscoroutinefunction(handler):
        output = await cast(Callable[..., Awaitable[Any]], handler)(**kwargs)
    else:
        output = await anyio.to_thread.run_sync(functools.partial(handler, **kwargs))
    return dict(_result(call, output))


def _fastmcp_asking() -> Asking:
    """What the current FastMCP request can do about asking a person."""
    try:
        from fastmcp.server.dependencies import get_context

        ctx = get_context()
    except (ImportError, LookupError, RuntimeError):
        return Asking()
    version = getattr(getattr(ctx, "request_context", None), "protocol_version", None)
    capabilities = getattr(getattr(ctx, "session", None), "client_capabilities", None)
    return Asking(
        can_ask=can_ask(version, capabilities),
        input_responses=_responses(getattr(ctx, "input_responses", None)),
        request_state=getattr(ctx, "request_state", None),
    )


def _fastmcp_tool(tool: Tool, handler: Handler, **fields: Any) -> Any:
    from fastmcp.tools import Tool as FastMCPTool
    from fastmcp.tools import ToolResult
    from mcp_types import CallToolResult, ToolAnnotations
    from pydantic import PrivateAttr

    class SpecTool(FastMCPTool):
        """A FastMCP tool whose arguments agent-input reads."""

        _spec: Tool = PrivateAttr()
        _handler: Handler = PrivateAttr()

        async def run(self, arguments: Dict[str, Any]) -> Any:
            result = await run_call(self._spec, self._handler, arguments, _fastmcp_asking())
            if result.get("resultType") == "input_required":
                from fastmcp.tools import InputRequiredToolResult
                from mcp_types import InputRequiredResult

                return InputRequiredToolResult(InputRequiredResult.model_validate(result))
            return ToolResult.from_mcp_result(CallToolResult.model_validate(result))

    definition = tool.definition()
    made = SpecTool(
        name=tool.name,
        description=str(fields.pop("description", None) or definition.get("description") or handler.__doc__ or ""),
        parameters=tool.input_schema(),
        annotations=ToolAnnotations(read_only_hint=not tool.writes),
        **fields,
    )
    made._spec = tool
    made._handler = handler
    return made


def add_tool(server: Any, spec: Union[Tool, Dict[str, Any], str], handler: Handler, **fields: Any) -> Any:
    """Registers `handler` on a `fastmcp.FastMCP` server as the tool `spec` declares (a `Tool`,
    or its spec as a dict or JSON text). `fields` go to FastMCP's tool (`title`, `tags`, ...).
    Returns the registered FastMCP tool."""
    return server.add_tool(_fastmcp_tool(_as_tool(spec), handler, **fields))


def tool(server: Any, spec: Union[Tool, Dict[str, Any], str], **fields: Any) -> Callable[[_H], _H]:
    """Decorator form of `add_tool`: `@tool(server, SEARCH)` above the handler. The handler is
    returned unchanged, so it stays callable (and testable) as a plain function."""

    def register(handler: _H) -> _H:
        add_tool(server, spec, handler, **fields)
        return handler

    return register


def mcp_tool(spec: Union[Tool, Dict[str, Any], str], handler: Handler) -> Any:
    """A tool for the official `mcp` package's `MCPServer` (`MCPServer(..., tools=[...])`),
    with the same behaviour as `add_tool`."""
    from mcp.server.mcpserver.tools.base import Tool as MCPServerTool
    from mcp_types import CallToolResult, ToolAnnotations

    made_from = _as_tool(spec)

    class SpecTool(MCPServerTool):
        """An MCPServer tool whose arguments agent-input reads."""

        async def run(self, arguments: Dict[str, Any], context: Any, convert_result: bool = False) -> Any:
            asking = Asking(
                can_ask=can_ask(getattr(context, "protocol_version", None), getattr(context, "client_capabilities", None)),
                input_responses=_responses(getattr(context, "input_responses", None)),
                request_state=getattr(context, "request_state", None),
            )
            result = await run_call(made_from, handler, arguments, asking)
            if result.get("resultType") == "input_required":
                from mcp_types import InputRequiredResult

                return InputRequiredResult.model_validate(result)
            return CallToolResult.model_validate(result)

    # `Tool.from_function` fills MCPServer's required fields; the schema and `run` are replaced.
    base = MCPServerTool.from_function(
        _placeholder,
        name=made_from.name,
        description=str(made_from.definition().get("description") or ""),
        structured_output=False,
    )
    fields = {name: getattr(base, name) for name in type(base).model_fields}
    fields.update(
        fn=handler,
        parameters=made_from.input_schema(),
        annotations=ToolAnnotations(read_only_hint=not made_from.writes),
    )
    return SpecTool(**fields)


def _placeholder() -> None:
    """Stands in for the handler while MCPServer builds its tool fields."""
