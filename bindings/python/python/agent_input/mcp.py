"""agent-input for MCP servers in Python: one line makes a server lenient.

    from agent_input.mcp import lenient

    mcp = FastMCP("courts")            # fastmcp 4, mcp 2's MCPServer, mcp 1's FastMCP, or a low-level Server

    @mcp.tool
    def search_decisions(query: str, date_from: datetime.date | None = None, limit: int = 20) -> dict: ...

    lenient(mcp, overrides={"search_decisions": {"properties": {"court": {"kind": "vocabulary", ...}}}})

A FastMCP or official-SDK server validates a call's arguments against a pydantic model built
from the function's signature before the function runs, so `"4 000"` for an `int` or
`"1. 10. 2026"` for a `date` is refused before the author's code sees it. `lenient(server)`
reads each tool's arguments with agent-input first, from the JSON Schema the server already
declares for the tool (`agent_input.Tool.from_input_schema`):

- `tools/list` advertises the lenient `inputSchema` (it admits every spelling the reader reads);
- `tools/call` reads the raw arguments before the framework validates them. When they read,
  the author's function runs unchanged, through the framework's own validation, with the
  canonical arguments (`"4 000"` arrives as `4000`, `"1. 10. 2026"` as `2026-10-01`); what the
  schema declares that no kind reads is passed on as sent, so pydantic still enforces it. The
  notes and warnings (when there are any) reach the caller beside the result: one more text
  content block holding `{"notes": [...], "warnings": [...]}` and the same lists in `_meta`
  under `agent-input/notes` and `agent-input/warnings`; the author's `structuredContent` is
  never touched;
- a call that asks (two readings, an invented id on a write, an invalid value) comes back as an
  `isError` result whose first text content is the envelope's JSON, and whose
  `structuredContent` is the envelope too unless the tool declares an `outputSchema`. The
  author's function does not run;
- with `codec=` (a `CursorCodec`, the server's key) and `"answered_by": "user"` on a tool or a
  property, an ambiguous call is asked of the person instead (an MCP 2026-07-28
  `input_required` result with one form elicitation per ambiguous property) when the client
  declared form elicitation on a 2026-07-28 connection; the retry's answers are read, and the
  chosen readings reach the function with a note `reading_chosen_by_person`.

`overrides` maps a tool's name to what its JSON Schema cannot say (the same object may sit in
the schema under `x-agent-input`), or to `False` to leave the tool alone:

    {"search_decisions": {"answered_by": "user",
                          "properties": {"court": {"kind": "vocabulary", "role": "filter", "entries": COURTS},
                                         "raw_filter": False}},
     "legacy_tool": False}

Each tool's reader is built lazily, when a tool is listed or called, from the tool's current
definition (name, description, `inputSchema`, annotations), and cached by name and schema, so
`lenient()` works called before or after the tools are registered, and a tool re-registered with
another signature is read by its new schema. A declaration the core refuses (an override with an
unknown kind, say) raises `agent_input.AgentInputError` on `tools/list` and `tools/call`, which the
framework returns as a JSON-RPC error: it is the server author's to fix, never silently ignored.

How each framework is hooked (public extension points only):

- `fastmcp.FastMCP` (tested with fastmcp 4.1.6): a FastMCP `Middleware` added with
  `server.add_middleware`, overriding `on_list_tools` (each listed tool is a copy whose
  `parameters` are the lenient schema) and `on_call_tool` (the call's `arguments` are replaced
  by the canonical ones before `call_next`, where FastMCP looks the tool up and validates).
  The author's schema is read from `server.get_tool(name)`, which no middleware touches.
- `mcp.server.mcpserver.MCPServer` (the official SDK, tested with mcp 2.3.0): a server
  middleware (`async (ctx, call_next)`) appended to `server.middleware`, which runs inside the
  SDK's request-state boundary and before params validation: `tools/list` results get the
  lenient `inputSchema`; `tools/call` params get the canonical `arguments` (`dataclasses.replace`
  of the context). The author's schema is read from `await server.list_tools()`. A result the
  middleware returns itself (the envelope, `input_required`) is shaped for the connection's
  revision with `mcp_types.methods.serialize_server_result`, as the SDK shapes a handler's.
- the low-level `mcp.server.lowlevel.Server` of mcp 2 (tested with mcp 2.3.0; handlers given
  as `on_list_tools=`/`on_call_tool=`): the same middleware on `server.middleware`; the author's
  schema is what the server's own `tools/list` handler lists, and the canonical arguments reach
  `on_call_tool` as the JSON a canonical client sends (`"2026-10-01"`, not a `date`).
- the low-level `Server` of mcp 1 (tested with mcp 1.2.0 and 1.30.0; handlers registered with
  `@server.list_tools()`/`@server.call_tool()`, as mcp-server-time, -git and -fetch of 2025
  are written): the handlers registered for `ListToolsRequest` and `CallToolRequest` in
  `server.request_handlers` are wrapped, when `lenient()` is called and again when the server
  runs (its `run`, wrapped on the instance), so handlers registered after `lenient()` are
  covered. The author's schema is what the unwrapped `tools/list` handler lists; the call
  handler gets the request with canonical JSON `arguments`, so the SDK's own input validation
  (mcp 1.10+) checks them against the author's schema. mcp 1 has no `input_required`: a call
  that asks is the envelope.
- `mcp.server.fastmcp.FastMCP` of mcp 1 (tested with mcp 1.2.0 and 1.30.0): its low-level
  server (`server._mcp_server`, the one attribute of it used), as above.

`python -m agent_input.run` (`agent_input.run`) makes every server a program builds lenient,
without editing it.

This module also holds the registration of tools declared as agent-input specs (`add_tool`,
`tool`, `mcp_tool`, `run_call`; `agent_input.fastmcp` re-exports them): see `add_tool`.
"""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import functools
import inspect
import json
import logging
import typing
from typing import (
    Any,
    Awaitable,
    Callable,
    Dict,
    List,
    Mapping,
    Optional,
    Protocol,
    Sequence,
    Tuple,
    TypeVar,
    Union,
    cast,
)

from ._agent_input import AgentInputError, CursorCodec, MemoryReceipts, Tool, ToolCall
from .failures import ToolFailure
from ._types import CallToolResultDict

__all__ = [
    "MRTR_VERSION",
    "NOTES_META",
    "WARNINGS_META",
    "Asking",
    "ReceiptStore",
    "add_tool",
    "can_ask",
    "default_receipts",
    "is_lenient",
    "lenient",
    "mcp_tool",
    "run_call",
    "tool",
]

logger = logging.getLogger(__name__)

#: The first MCP revision with `input_required` results (multi round-trip requests).
MRTR_VERSION = "2026-07-28"

#: The `_meta` keys of a lenient call's result that carry the notes and the warnings.
NOTES_META = "agent-input/notes"
WARNINGS_META = "agent-input/warnings"

#: The root override key that lets a property's name imply its kind (`lenient(implied_kinds=True)`).
IMPLIED_KINDS = "implied_kinds"

#: What `overrides` holds per tool: the overrides object, or `False` to leave the tool alone.
ToolOverrides = Union[Mapping[str, Any], bool]


# --- asking a person ---------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Asking:
    """What a call can do about asking a person, and what a retry brings back from one."""

    can_ask: bool = False
    input_responses: Optional[Dict[str, Any]] = None
    request_state: Optional[str] = None


#: A function giving the day relative words are read against, called at each call.
Today = Callable[[], datetime.date]


def _today(today: Optional[Today]) -> Optional[Today]:
    """`today` checked: a function (a date would never change in a long-running server)."""
    if today is not None and not callable(today):
        raise TypeError(f"`today` must be a function returning the day, such as datetime.date.today, found {today!r}")
    return today


def _read_or_ask(
    tool: Tool, arguments: Any, asking: Asking, answered: bool, today: Optional[datetime.date] = None
) -> Tuple[ToolCall, Optional[Dict[str, Any]]]:
    """Reads a call: a retry's answers when `answered`, the arguments otherwise, relative words
    against `today` when given. A call that cannot run asks the person (the `input_required`
    result, second) when the client can and the tool's policy says so, never on a retry."""
    if answered:
        call = tool.read_answers(arguments, asking.input_responses or {}, cast(str, asking.request_state), today=today)
    else:
        call = tool.read(arguments, today=today)
    if not call.ok and asking.can_ask and not answered:
        question = tool.ask_person(call, arguments)
        if question is not None:
            return call, dict(question)
    return call, None


def can_ask(protocol_version: Optional[str], client_capabilities: Any) -> bool:
    """True when a client can ask a person: form elicitation declared on a 2026-07-28 (or
    later) connection. `{}` for elicitation means form, as the spec says."""
    if not protocol_version or protocol_version < MRTR_VERSION:
        return False
    if isinstance(client_capabilities, Mapping):
        elicitation = client_capabilities.get("elicitation")
        if elicitation is None:
            return False
        return isinstance(elicitation, Mapping) and (elicitation.get("form") is not None or elicitation.get("url") is None)
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


# --- lenient(): the framework-free part -------------------------------------------------


@dataclasses.dataclass(frozen=True)
class _Read:
    """What reading one call decided: a result to return instead of running the function, or
    the canonical arguments to run it with and what to tell the caller beside the result."""

    result: Optional[Dict[str, Any]] = None
    arguments: Optional[Dict[str, Any]] = None
    notes: Tuple[Any, ...] = ()
    warnings: Tuple[Any, ...] = ()
    #: True when the call was the retry of a question this module asked.
    answered: bool = False


class _Lenient:
    """The state `lenient()` installs on a server: overrides, the key, and the readers built."""

    def __init__(
        self,
        overrides: Optional[Mapping[str, ToolOverrides]],
        codec: Optional[CursorCodec],
        languages: Optional[Sequence[str]] = None,
        today: Optional[Today] = None,
        implied_kinds: bool = False,
    ) -> None:
        self.today = _today(today)
        if not isinstance(implied_kinds, bool):
            raise TypeError(f"`implied_kinds` must be True or False, found {implied_kinds!r}")
        self.implied_kinds = implied_kinds
        if languages is not None and (isinstance(languages, str) or not all(isinstance(l, str) for l in languages)):
            raise TypeError(f"`languages` must be a list of language tags such as ['cs'], found {languages!r}")
        self.languages = list(languages) if languages is not None else None
        overrides = dict(overrides or {})
        for name, value in overrides.items():
            if not isinstance(name, str):
                raise TypeError(f"`overrides` is keyed by tool names, found {name!r}")
            if value is True:
                overrides[name] = {}
            elif value is not False and not isinstance(value, Mapping):
                raise TypeError(
                    f"`overrides[{name!r}]` must be the tool's overrides object or False (leave the tool alone), "
                    f"found {type(value).__name__}"
                )
        self.overrides: Dict[str, ToolOverrides] = overrides
        self.codec = codec
        # One reader per tool name, with the definition it was built from: a tool registered
        # again with another schema replaces its entry instead of adding one.
        self._built: Dict[str, Tuple[str, Optional[Tool]]] = {}

    def reader(self, definition: Mapping[str, Any]) -> Optional[Tool]:
        """The agent-input tool reading the calls of the tool `definition` describes (an MCP
        tool definition: name, description, inputSchema, annotations), or None when the
        overrides leave it alone."""
        name = str(definition.get("name", ""))
        override = self.overrides.get(name)
        if override is False:
            return None
        key = json.dumps(definition, sort_keys=True, separators=(",", ":"), default=str)
        built = self._built.get(name)
        if built is not None and built[0] == key:
            return built[1]
        made: Optional[Tool]
        given: Optional[Dict[str, Any]] = dict(override) if isinstance(override, Mapping) else None
        if self.languages is not None and (given is None or "languages" not in given):
            given = {**(given or {}), "languages": self.languages}
        if self.implied_kinds and (given is None or IMPLIED_KINDS not in given):
            given = {**(given or {}), IMPLIED_KINDS: True}
        try:
            made = Tool.from_input_schema(dict(definition), given, codec=self.codec)
        except AgentInputError as e:
            try:
                Tool.from_input_schema(dict(definition))
            except AgentInputError:
                # A schema no spec can hold by itself (two properties whose names fold to the
                # same words): the tool stays as the server declares it.
                logger.warning("agent-input leaves the tool %r as the server declares it: %s", name, e)
                made = None
            else:
                # Overrides the core refuses: the framework answers the request with a JSON-RPC
                # error; the reason is the author's to fix.
                logger.error("agent-input cannot read the tool %r with its overrides: %s", name, e)
                raise
        self._built[name] = (key, made)
        return made

    def read(self, tool: Tool, arguments: Any, asking: Asking, output_schema: bool, wire: bool = False) -> _Read:
        """Reads one call's raw arguments. The canonical arguments are Python natives for a
        framework that validates them with pydantic (`datetime.date`, `Decimal`), or, with
        `wire`, the JSON a client sending them canonically would have sent (a low-level server's
        handler receives the parsed JSON)."""
        answered = asking.request_state is not None and self._asked(asking.request_state)
        call, question = _read_or_ask(tool, arguments, asking, answered, self.today() if self.today else None)
        if question is not None:
            return _Read(result=question)
        if not call.ok:
            result: Dict[str, Any] = dict(call.to_call_tool_result())
            if output_schema:
                # A client checks `structuredContent` against the declared output schema; the
                # envelope is in the text content.
                result.pop("structuredContent", None)
            return _Read(result=result)
        sent = json.loads(call.to_json())
        args = sent.get("args") if wire else _json_numbers(call.to_dict().get("args"))
        return _Read(
            arguments=dict(cast(Dict[str, Any], args)) if isinstance(args, dict) else {},
            notes=tuple(sent.get("notes") or ()),
            warnings=tuple(sent.get("warnings") or ()),
            answered=answered,
        )

    def _asked(self, request_state: str) -> bool:
        """True when a retry's `requestState` is one this module issued (agent-input seals it
        with the server key as a `c1.` token); a tool that asks through the SDK itself keeps
        its own retries."""
        return self.codec is not None and request_state.startswith("c1.")


def _json_numbers(value: Any) -> Any:
    """The canonical arguments as a JSON parser gives them to the framework: a decimal that a
    float holds exactly becomes that float (what the framework would have parsed from a client
    that sent it canonically); one a float would round stays a `Decimal`, which pydantic takes
    for `Decimal`, `float` and `int` fields alike."""
    if isinstance(value, decimal.Decimal):
        as_float = float(value)
        return as_float if decimal.Decimal(repr(as_float)) == value else value
    if isinstance(value, dict):
        return {k: _json_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_json_numbers(v) for v in value]
    return value


def _notes_block(read: _Read) -> Optional[Tuple[Dict[str, Any], Dict[str, Any]]]:
    """The text content block and the `_meta` entries carrying a call's notes and warnings,
    or None when there are none."""
    if not read.notes and not read.warnings:
        return None
    notes, warnings = list(read.notes), list(read.warnings)
    text = json.dumps({"notes": notes, "warnings": warnings}, ensure_ascii=False)
    return {"type": "text", "text": text}, {NOTES_META: notes, WARNINGS_META: warnings}


def _dump(model: Any) -> Dict[str, Any]:
    dump = getattr(model, "model_dump", None)
    if dump is not None:
        return cast(Dict[str, Any], dump(by_alias=True, exclude_none=True, mode="json"))
    return dict(model)


def _definition(tool: Mapping[str, Any]) -> Dict[str, Any]:
    """The part of an MCP tool definition a reader is built from."""
    out = {key: tool[key] for key in ("name", "description", "inputSchema", "annotations") if tool.get(key) is not None}
    out.setdefault("inputSchema", {"type": "object", "properties": {}})
    return out


# --- lenient(): FastMCP ------------------------------------------------------------------


def _fastmcp_asking(context: Any) -> Asking:
    """What the current FastMCP request can do about asking a person (`context` is the
    FastMCP `Context`, or None to look it up)."""
    ctx = context
    if ctx is None:
        try:
            from fastmcp.server.dependencies import get_context

            ctx = get_context()
        except (ImportError, LookupError, RuntimeError):
            return Asking()
    try:
        version = getattr(getattr(ctx, "request_context", None), "protocol_version", None)
    except (LookupError, RuntimeError, ValueError):
        version = None
    try:
        capabilities = getattr(getattr(ctx, "session", None), "client_capabilities", None)
    except (LookupError, RuntimeError, ValueError):
        capabilities = None
    return Asking(
        can_ask=can_ask(version, capabilities),
        input_responses=_responses(getattr(ctx, "input_responses", None)),
        request_state=getattr(ctx, "request_state", None),
    )


def _fastmcp_middleware(server: Any, state: _Lenient) -> Any:
    from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
    from fastmcp.tools import InputRequiredToolResult, ToolResult
    from fastmcp.tools import Tool as FastMCPTool
    from mcp_types import CallToolRequestParams, CallToolResult, InputRequiredResult, ListToolsRequest

    class LenientMiddleware(Middleware):
        """agent-input's reader in front of every tool of one FastMCP server (`lenient`)."""

        agent_input_lenient = state

        async def on_list_tools(
            self,
            context: MiddlewareContext[ListToolsRequest],
            call_next: CallNext[ListToolsRequest, typing.Sequence[FastMCPTool]],
        ) -> typing.Sequence[FastMCPTool]:
            tools = await call_next(context)
            out: List[FastMCPTool] = []
            for listed in tools:
                reader = state.reader(_definition(_dump(listed.to_mcp_tool())))
                out.append(listed if reader is None else listed.model_copy(update={"parameters": reader.input_schema()}))
            return out

        async def on_call_tool(
            self,
            context: MiddlewareContext[CallToolRequestParams],
            call_next: CallNext[CallToolRequestParams, ToolResult],
        ) -> ToolResult:
            message = context.message
            found = await server.get_tool(message.name)
            if found is None:
                return await call_next(context)
            reader = state.reader(_definition(_dump(found.to_mcp_tool())))
            if reader is None:
                return await call_next(context)
            asking = _fastmcp_asking(context.fastmcp_context)
            if message.request_state is not None or message.input_responses is not None:
                asking = dataclasses.replace(
                    asking, input_responses=_responses(message.input_responses), request_state=message.request_state
                )
            read = state.read(reader, message.arguments, asking, found.output_schema is not None)
            if read.result is not None:
                if read.result.get("resultType") == "input_required":
                    return InputRequiredToolResult(InputRequiredResult.model_validate(read.result))
                return ToolResult.from_mcp_result(CallToolResult.model_validate(read.result))
            update: Dict[str, Any] = {"arguments": read.arguments}
            if read.answered:
                update.update(input_responses=None, request_state=None)
            result = await call_next(context.copy(message=message.model_copy(update=update)))
            block = _notes_block(read)
            if block is None or not isinstance(result, ToolResult) or isinstance(result, InputRequiredToolResult):
                return result
            content, meta = block
            wire = result.to_mcp_result()
            if isinstance(wire, CallToolResult):
                blocks, structured = list(wire.content), wire.structured_content
                result_meta, is_error = wire.meta, wire.is_error
            else:
                blocks, structured = list(result.content), result.structured_content
                result_meta, is_error = result.meta, result.is_error
            return ToolResult.from_mcp_result(
                CallToolResult.model_validate(
                    {
                        "content": [_dump(b) for b in blocks] + [content],
                        **({"structuredContent": structured} if structured is not None else {}),
                        "isError": is_error,
                        "_meta": {**(result_meta or {}), **meta},
                    }
                )
            )

    return LenientMiddleware()


# --- lenient(): the official SDK's MCPServer ------------------------------------------------


class _MCPServerMiddleware:
    """agent-input's reader in front of every tool of one `MCPServer`, or of one low-level
    `mcp.server.lowlevel.Server` of mcp 2.x (`lenient`): a server middleware,
    `async (ctx, call_next) -> result`. `lowlevel` says where the author's tools are listed:
    `await server.list_tools()` (MCPServer), or the server's own `tools/list` handler."""

    def __init__(self, server: Any, state: _Lenient, lowlevel: bool = False) -> None:
        self.server = server
        self.agent_input_lenient = state
        self.lowlevel = lowlevel

    async def _find(self, ctx: Any, name: Any) -> Optional[Dict[str, Any]]:
        """The author's definition of the tool `name` (an MCP tool as a dict), or None."""
        if not self.lowlevel:
            return next((_dump(t) for t in await self.server.list_tools() if t.name == name), None)
        from mcp_types import PaginatedRequestParams

        entry = self.server.get_request_handler("tools/list")
        if entry is None:
            return None
        async def page(cursor: Optional[str]) -> Dict[str, Any]:
            params = PaginatedRequestParams(cursor=cursor)
            return _dump(await entry.handler(dataclasses.replace(ctx, method="tools/list", params=None), params))

        return await _find_listed(page, name)

    async def __call__(self, ctx: Any, call_next: Callable[[Any], Awaitable[Any]]) -> Any:
        if ctx.method == "tools/list":
            return self._list(await call_next(ctx))
        if ctx.method != "tools/call" or not isinstance(ctx.params, Mapping):
            return await call_next(ctx)
        state = self.agent_input_lenient
        params: Dict[str, Any] = dict(ctx.params)
        found = await self._find(ctx, params.get("name"))
        if found is None:
            return await call_next(ctx)
        reader = state.reader(_definition(found))
        if reader is None:
            return await call_next(ctx)
        session = getattr(ctx, "session", None)
        asking = Asking(
            can_ask=can_ask(ctx.protocol_version, getattr(session, "client_capabilities", None)),
            input_responses=_responses(params.get("inputResponses")),
            request_state=params.get("requestState"),
        )
        read = state.read(reader, params.get("arguments"), asking, found.get("outputSchema") is not None, self.lowlevel)
        if read.result is not None:
            return self._shaped(ctx.protocol_version, read.result)
        params["arguments"] = read.arguments
        if read.answered:
            params.pop("inputResponses", None)
            params.pop("requestState", None)
        result = await call_next(dataclasses.replace(ctx, params=params))
        block = _notes_block(read)
        if block is None or result is None:
            return result
        out = _dump(result)
        if out.get("resultType") == "input_required" or not isinstance(out.get("content"), list):
            return result
        content, meta = block
        out["content"] = [*out["content"], content]
        out["_meta"] = {**(out.get("_meta") or {}), **meta}
        return out

    def _list(self, result: Any) -> Any:
        out = _dump(result)
        tools = out.get("tools")
        if not isinstance(tools, list):
            return result
        listed = []
        for t in tools:
            reader = self.agent_input_lenient.reader(_definition(t)) if isinstance(t, dict) else None
            listed.append(t if reader is None else {**t, "inputSchema": reader.input_schema()})
        out["tools"] = listed
        return out

    @staticmethod
    def _shaped(version: str, result: Dict[str, Any]) -> Dict[str, Any]:
        """A result this middleware returns itself, shaped for the connection's revision as the
        SDK shapes a handler's (`resultType` on 2026-07-28, sieved to the revision's fields)."""
        from mcp_types import CallToolResult, InputRequiredResult
        from mcp_types.methods import serialize_server_result

        model = (
            InputRequiredResult.model_validate(result)
            if result.get("resultType") == "input_required"
            else CallToolResult.model_validate(result)
        )
        return serialize_server_result("tools/call", version, _dump(model))


# --- lenient(): the low-level Server of mcp 1.x (and the FastMCP of mcp 1.x on it) ---------

#: How many pages of `tools/list` a call's tool is looked up in.
_MAX_PAGES = 100

#: The attribute marking a low-level server whose tools are read leniently (the state).
_MARK = "agent_input_lenient"


def _v1_types() -> Any:
    """mcp 1.x's `mcp.types` (typed as Any: the checker sees the installed mcp, maybe 2.x)."""
    import importlib

    return importlib.import_module("mcp.types")


def _v1_wrap(server: Any) -> None:
    """Wraps the `tools/list` and `tools/call` handlers registered on an mcp 1.x low-level
    `Server` (`server.request_handlers`, keyed by request type) with agent-input's reader; a
    handler already wrapped stays as it is. Called by `lenient()` and again each time the server
    runs, so handlers registered after `lenient()` are covered."""
    types = _v1_types()

    handlers = cast(Dict[Any, Any], server.request_handlers)
    listing = handlers.get(types.ListToolsRequest)
    if listing is not None and getattr(listing, "agent_input_wraps", None) is None:
        handlers[types.ListToolsRequest] = _v1_list(server, listing)
    calling = handlers.get(types.CallToolRequest)
    if calling is not None and getattr(calling, "agent_input_wraps", None) is None:
        handlers[types.CallToolRequest] = _v1_call(server, calling)


def _v1_original(handler: Any) -> Any:
    return getattr(handler, "agent_input_wraps", None) or handler


def _v1_list(server: Any, original: Callable[[Any], Awaitable[Any]]) -> Callable[[Any], Awaitable[Any]]:
    types = _v1_types()

    async def list_tools(req: Any) -> Any:
        result = await original(req)
        state: Optional[_Lenient] = getattr(server, _MARK, None)
        # `None` is the SDK refreshing its own cache of the author's tools (input validation).
        root = getattr(result, "root", result)
        if req is None or state is None or not isinstance(root, types.ListToolsResult):
            return result
        listed = []
        for t in root.tools:
            reader = state.reader(_definition(_dump(t)))
            listed.append(t if reader is None else t.model_copy(update={"inputSchema": reader.input_schema()}))
        return types.ServerResult(root.model_copy(update={"tools": listed}))

    setattr(list_tools, "agent_input_wraps", original)
    return list_tools


async def _v1_find(server: Any, name: str) -> Optional[Dict[str, Any]]:
    """The author's definition of the tool `name` on an mcp 1.x low-level server, from its own
    `tools/list` handler (unwrapped), or None."""
    types = _v1_types()

    handler = server.request_handlers.get(types.ListToolsRequest)
    if handler is None:
        return None
    handler = _v1_original(handler)

    async def page(cursor: Optional[str]) -> Dict[str, Any]:
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        request = types.ListToolsRequest(method="tools/list", params=params)
        return _dump(getattr(await handler(request), "root", None) or {})

    return await _find_listed(page, name)


async def _find_listed(
    page: Callable[[Optional[str]], Awaitable[Dict[str, Any]]], name: Any
) -> Optional[Dict[str, Any]]:
    """The tool `name` as a server's own `tools/list` lists it (an MCP tool as a dict), paging
    through at most `_MAX_PAGES` pages; None when no page lists it."""
    cursor: Optional[str] = None
    for _ in range(_MAX_PAGES):
        listed = await page(cursor)
        for t in listed.get("tools") or ():
            if isinstance(t, dict) and t.get("name") == name:
                return t
        cursor = listed.get("nextCursor")
        if not cursor:
            break
    return None


def _v1_call(server: Any, original: Callable[[Any], Awaitable[Any]]) -> Callable[[Any], Awaitable[Any]]:
    types = _v1_types()

    async def call_tool(req: Any) -> Any:
        state: Optional[_Lenient] = getattr(server, _MARK, None)
        params = getattr(req, "params", None)
        if state is None or params is None:
            return await original(req)
        found = await _v1_find(server, params.name)
        reader = state.reader(_definition(found)) if found is not None else None
        if found is None or reader is None:
            return await original(req)
        read = state.read(reader, params.arguments, Asking(), found.get("outputSchema") is not None, wire=True)
        if read.result is not None:
            return types.ServerResult(types.CallToolResult.model_validate(read.result))
        result = await original(req.model_copy(update={"params": params.model_copy(update={"arguments": read.arguments})}))
        block = _notes_block(read)
        root = getattr(result, "root", result)
        if block is None or not isinstance(root, types.CallToolResult):
            return result
        content, meta = block
        out = _dump(root)
        out["content"] = [*(out.get("content") or []), content]
        out["_meta"] = {**(out.get("_meta") or {}), **meta}
        return types.ServerResult(types.CallToolResult.model_validate(out))

    setattr(call_tool, "agent_input_wraps", original)
    return call_tool


def _v1_lenient(server: Any, state: _Lenient) -> None:
    """Makes an mcp 1.x low-level `Server` lenient: its tool handlers wrapped now, and again
    when it runs (its `run`, which every transport of mcp 1.x calls, wrapped on the instance)."""
    setattr(server, _MARK, state)
    _v1_wrap(server)
    if getattr(server.run, "agent_input_runs", False):
        return
    run = server.run

    @functools.wraps(run)
    async def run_lenient(*args: Any, **kwargs: Any) -> Any:
        _v1_wrap(server)
        return await run(*args, **kwargs)

    setattr(run_lenient, "agent_input_runs", True)
    setattr(server, "run", run_lenient)


# --- lenient() ----------------------------------------------------------------------------

_S = TypeVar("_S")

#: The servers `lenient()` takes, as named in its `TypeError`.
SUPPORTED = (
    "fastmcp.FastMCP (fastmcp 4.x)",
    "mcp.server.mcpserver.MCPServer (mcp 2.x)",
    "mcp.server.fastmcp.FastMCP (mcp 1.x)",
    "mcp.server.lowlevel.Server (mcp 1.x and 2.x)",
)


def lenient(
    server: _S,
    overrides: Optional[Mapping[str, ToolOverrides]] = None,
    *,
    codec: Optional[CursorCodec] = None,
    languages: Optional[Sequence[str]] = None,
    today: Optional[Today] = None,
    implied_kinds: bool = False,
) -> _S:
    """Makes `server` read its tools' arguments with agent-input, from the JSON Schema each
    tool already declares; returns the server. `server` is a `fastmcp.FastMCP` (fastmcp 4), an
    `mcp.server.mcpserver.MCPServer` (mcp 2), an `mcp.server.fastmcp.FastMCP` (mcp 1), or a
    low-level `mcp.server.lowlevel.Server` (mcp 1 or 2, its tools registered with
    `@server.list_tools()`/`@server.call_tool()` or `on_list_tools=`/`on_call_tool=`); anything
    else raises `TypeError`. `overrides` maps a tool name to its overrides object (`answered_by`,
    `writes`, `properties` with a declaration or `False` per property) or to `False` to leave the
    tool alone. `codec` is the server key: it seals the cursors of `cursor` properties and the
    state of a question asked of a person (`"answered_by": "user"`). `languages` (BCP 47 tags,
    `["cs"]`) are the languages the server's callers write, given to every tool whose overrides
    name none: a month or yes/no word two languages give different meanings (`listopad`) reads
    as these give it. `today`, a function called at each call (`datetime.date.today` for the
    server's zone), gives the day relative words are read against (`"yesterday"`, `"last
    month"`); without it they ask `relative_date_without_today`, naming the absolute date to
    send. `implied_kinds=True` gives every tool whose overrides do not say otherwise the root
    override `"implied_kinds": true`: a property's name then implies its kind (`date_from` a
    date bound, `language` a locale, `cursor` a cursor) on a schema not written for
    agent-input. Calling it again replaces the previous configuration. See the module's
    documentation."""
    kind, target = _server_kind(server)
    state = _Lenient(overrides, codec, languages, today, implied_kinds)
    if kind == "fastmcp":
        _mark_lowlevel(getattr(server, "_mcp_server", None), state)
        middleware = cast(List[Any], getattr(server, "middleware"))
        made = _fastmcp_middleware(server, state)
        for i, existing in enumerate(middleware):
            if getattr(existing, "agent_input_lenient", None) is not None:
                middleware[i] = made
                return server
        getattr(server, "add_middleware")(made)
        return server
    if kind == "lowlevel1":
        _v1_lenient(target, state)
        return server
    if kind == "mcpserver":
        _mark_lowlevel(getattr(server, "_lowlevel_server", None), state)
    chain = cast(List[Any], getattr(target, "middleware"))
    replacement = _MCPServerMiddleware(target, state, lowlevel=kind == "lowlevel2")
    for i, existing in enumerate(chain):
        if isinstance(existing, _MCPServerMiddleware):
            chain[i] = replacement
            return server
    chain.append(replacement)
    return server


def _mark_lowlevel(lowlevel: Any, state: _Lenient) -> None:
    """Marks the low-level server a framework serves through as lenient (its framework reads
    the calls), so `agent_input.run` does not make it lenient a second time."""
    if lowlevel is not None:
        try:
            setattr(lowlevel, _MARK, state)
        except AttributeError:
            pass


def is_lenient(server: Any) -> bool:
    """True when `lenient()` was called on `server`, or on the framework serving through it
    (a low-level server)."""
    if getattr(server, _MARK, None) is not None:
        return True
    for attribute in ("middleware", "_middleware"):
        chain = getattr(server, attribute, None)
        if isinstance(chain, list) and any(
            isinstance(m, _MCPServerMiddleware) or getattr(m, _MARK, None) is not None for m in chain
        ):
            return True
    return False


def _find_class(module: str, name: str) -> Optional[type]:
    try:
        found = getattr(__import__(module, fromlist=[name]), name, None)
    except ImportError:
        return None
    return found if isinstance(found, type) else None


def _server_kind(server: Any) -> Tuple[str, Any]:
    """Which idiom `server` is, and the object the hook goes on: `fastmcp`, `mcpserver`,
    `lowlevel2` (middleware on the server), or `lowlevel1` (the handlers of an mcp 1.x low-level
    server: the server itself, or an mcp 1.x FastMCP's `_mcp_server`)."""
    loaded = _find_class("fastmcp", "FastMCP")
    if loaded is not None and isinstance(server, loaded) and hasattr(server, "add_middleware"):
        return "fastmcp", server
    loaded = _find_class("mcp.server.mcpserver", "MCPServer")
    if loaded is not None and isinstance(server, loaded):
        return "mcpserver", server
    loaded = _find_class("mcp.server.fastmcp", "FastMCP")
    if loaded is not None and isinstance(server, loaded):
        inner = getattr(server, "_mcp_server", None)
        if inner is not None and isinstance(getattr(inner, "request_handlers", None), dict):
            return "lowlevel1", inner
    loaded = _find_class("mcp.server.lowlevel", "Server")
    if loaded is not None and isinstance(server, loaded):
        if isinstance(getattr(server, "request_handlers", None), dict):
            return "lowlevel1", server
        if isinstance(getattr(server, "middleware", None), list) and hasattr(server, "get_request_handler"):
            return "lowlevel2", server
    cls = type(server)
    raise TypeError(
        "lenient() takes one of " + ", ".join(SUPPORTED) + f"; got {cls.__module__}.{cls.__qualname__}"
        + ("" if loaded is None or not isinstance(server, loaded) else " of an mcp version it does not know")
    )


# --- tools declared as agent-input specs ---------------------------------------------------

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


_R = TypeVar("_R")


def _converting(produce: Callable[[Any], _R], output: Any) -> _R:
    """`produce(output)`; output the binding does not convert (a pydantic model, a datetime, ...)
    goes through pydantic's JSON conversion first (FastMCP and `mcp` depend on pydantic)."""
    try:
        return produce(output)
    except TypeError:
        import pydantic_core

        return produce(pydantic_core.to_jsonable_python(output))


def _result(call: ToolCall, output: Any) -> CallToolResultDict:
    return _converting(call.to_call_tool_result, output)


class ReceiptStore(Protocol):
    """Where receipts of writes are kept, by tool and idempotency key: `agent_input.MemoryReceipts`
    (the default, in memory), or a store of your own over a database. Receipts are JSON dicts;
    either method may be `async`. A receipt past its `expires_at` is not replayed, so a store
    needs no expiry of its own."""

    def get(self, tool: str, key: str) -> Any: ...

    def put(self, tool: str, key: str, receipt: Dict[str, Any]) -> Any: ...


_RECEIPTS: Optional[MemoryReceipts] = None


def default_receipts() -> MemoryReceipts:
    """The process's in-memory receipt store, used by every tool registered without `receipts=`."""
    global _RECEIPTS
    if _RECEIPTS is None:
        _RECEIPTS = MemoryReceipts()
    return _RECEIPTS


async def _maybe(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value


async def _gate(tool: Tool, call: ToolCall, store: ReceiptStore) -> Dict[str, Any]:
    """The contract's step before the handler (`Tool.gate`), with the stored receipt looked up."""
    if not tool.has_contract:
        return {"action": "run", "args": call.args}
    key = tool.receipt_key(call)
    stored = await _maybe(store.get(tool.name, key)) if key is not None else None
    return tool.gate(call, stored)


async def run_call(
    tool: Tool,
    handler: Handler,
    arguments: Optional[Dict[str, Any]],
    asking: Optional[Asking] = None,
    receipts: Optional[ReceiptStore] = None,
    today: Optional[datetime.date] = None,
) -> Dict[str, Any]:
    """Reads `arguments` with `tool` and, when they read, runs `handler` with the canonical
    arguments; returns the MCP `CallToolResult` as a dict (the envelope when they do not read),
    or, when `asking` says the client can ask a person and the tool's policy is the user, the
    `input_required` result (`{"resultType": "input_required", ...}`). A retry's answers in
    `asking` are read first. The tool's contract applies around the handler: a confirmed tool
    previews (`dry_run`) and applies only with its preview's `confirm_token`; a write with an
    idempotency key replays its stored receipt (`receipts`, the process's `MemoryReceipts` by
    default) instead of running again; a handler's `RateLimited` or `UpstreamUnavailable` is
    the envelope the model acts on. `today` is the day relative words are read against
    (`Tool.read`). The framework-free core of the spec glue below."""
    import anyio.to_thread

    asking = asking or Asking()
    call, question = _read_or_ask(tool, arguments, asking, asking.request_state is not None, today)
    if question is not None:
        return question
    if not call.ok:
        return dict(call.to_call_tool_result())
    store = receipts if receipts is not None else default_receipts()
    gate = await _gate(tool, call, store)
    if gate["action"] == "answer":
        return dict(gate["result"])
    kwargs: Dict[str, Any] = dict(gate["args"] or {})
    call_name = _call_parameter(handler)
    if call_name is not None:
        kwargs[call_name] = call
    # A write with a key: marked as running (a retry meanwhile asks), released if it fails.
    pending = (gate.get("run") or {}).get("receipt")
    if pending is not None:
        await _maybe(store.put(tool.name, pending["key"], pending["in_flight"]))
    try:
        if inspect.iscoroutinefunction(handler):
            output = await cast(Callable[..., Awaitable[Any]], handler)(**kwargs)
        else:
            output = await anyio.to_thread.run_sync(functools.partial(handler, **kwargs))
    except BaseException as failure:
        if pending is not None:
            await _maybe(store.put(tool.name, pending["key"], pending["release"]))
        if isinstance(failure, ToolFailure):
            return dict(tool.failure_result(failure.failure()))
        raise
    if not tool.has_contract:
        return dict(_result(call, output))
    finished = _converting(lambda out: tool.finish(call, gate, out), output)
    if finished.get("receipt") is not None:
        await _maybe(store.put(tool.name, finished["key"], finished["receipt"]))
    return dict(finished["result"])


def _fastmcp_tool(
    tool: Tool, handler: Handler, receipts: Optional[ReceiptStore] = None, today: Optional[Today] = None, **fields: Any
) -> Any:
    from fastmcp.tools import Tool as FastMCPTool
    from fastmcp.tools import ToolResult
    from mcp_types import CallToolResult, ToolAnnotations
    from pydantic import PrivateAttr

    class SpecTool(FastMCPTool):
        """A FastMCP tool whose arguments agent-input reads."""

        _spec: Tool = PrivateAttr()
        _handler: Handler = PrivateAttr()

        async def run(self, arguments: Dict[str, Any]) -> Any:
            day = today() if today is not None else None
            result = await run_call(self._spec, self._handler, arguments, _fastmcp_asking(None), receipts, day)
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
        annotations=ToolAnnotations.model_validate(tool.annotations()),
        **fields,
    )
    made._spec = tool
    made._handler = handler
    return made


def add_tool(
    server: Any,
    spec: Union[Tool, Dict[str, Any], str],
    handler: Handler,
    receipts: Optional[ReceiptStore] = None,
    *,
    today: Optional[Today] = None,
    **fields: Any,
) -> Any:
    """Registers `handler` on a `fastmcp.FastMCP` server as the tool `spec` declares (a `Tool`,
    or its spec as a dict or JSON text). `fields` go to FastMCP's tool (`title`, `tags`, ...).
    Returns the registered FastMCP tool.

    FastMCP validates arguments against a pydantic model built from the handler's signature
    before the handler runs; a tool registered here instead advertises the spec's `inputSchema`,
    reads the raw arguments with the spec (the handler receives the canonical arguments as
    Python natives, as keyword arguments; an absent property is left out, so the handler's
    defaults apply), answers an ask with an `isError` result carrying the envelope (text and
    `structuredContent`), and returns a successful result as `structuredContent`
    `{"result": <handler output>, "notes", "warnings"}`. A handler may declare one parameter
    annotated `agent_input.ToolCall` to receive the call (and add a warning to it). A tool or
    property whose spec says `"answered_by": "user"`, built with a server key
    (`Tool.from_spec(spec, codec=...)`), asks the person through `input_required` when the
    client can (form elicitation on a 2026-07-28 connection). The spec's side effects are the
    tool's MCP annotations, and its contract applies around the handler (`run_call`): receipts
    of writes go to `receipts` (the process's `MemoryReceipts` by default). `today`, a function
    called at each call (`datetime.date.today`), gives the day relative words are read against
    (`"yesterday"`, `"last month"`); without it they ask `relative_date_without_today`."""
    return server.add_tool(_fastmcp_tool(_as_tool(spec), handler, receipts, _today(today), **fields))


def tool(
    server: Any,
    spec: Union[Tool, Dict[str, Any], str],
    receipts: Optional[ReceiptStore] = None,
    *,
    today: Optional[Today] = None,
    **fields: Any,
) -> Callable[[_H], _H]:
    """Decorator form of `add_tool`: `@tool(server, SEARCH)` above the handler. The handler is
    returned unchanged, so it stays callable (and testable) as a plain function."""

    def register(handler: _H) -> _H:
        add_tool(server, spec, handler, receipts, today=today, **fields)
        return handler

    return register


def mcp_tool(
    spec: Union[Tool, Dict[str, Any], str],
    handler: Handler,
    receipts: Optional[ReceiptStore] = None,
    *,
    today: Optional[Today] = None,
) -> Any:
    """A tool for the official `mcp` package's `MCPServer` (`MCPServer(..., tools=[...])`),
    with the same behaviour as `add_tool`."""
    from mcp.server.mcpserver.tools.base import Tool as MCPServerTool
    from mcp_types import CallToolResult, ToolAnnotations

    made_from = _as_tool(spec)
    given = _today(today)

    def day() -> Optional[datetime.date]:
        return given() if given is not None else None

    class SpecTool(MCPServerTool):
        """An MCPServer tool whose arguments agent-input reads."""

        async def run(self, arguments: Dict[str, Any], context: Any, convert_result: bool = False) -> Any:
            asking = Asking(
                can_ask=can_ask(getattr(context, "protocol_version", None), getattr(context, "client_capabilities", None)),
                input_responses=_responses(getattr(context, "input_responses", None)),
                request_state=getattr(context, "request_state", None),
            )
            result = await run_call(made_from, handler, arguments, asking, receipts, day())
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
        annotations=ToolAnnotations.model_validate(made_from.annotations()),
    )
    return SpecTool(**fields)


def _placeholder() -> None:
    """Stands in for the handler while MCPServer builds its tool fields."""
