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
declares for the tool:

- `tools/list` advertises the lenient `inputSchema` (it admits every spelling the reader reads);
- `tools/call` is read before the framework validates it; the author's function runs
  unchanged, through the framework's own validation, with the canonical arguments (`"4 000"`
  arrives as `4000`, `"1. 10. 2026"` as `2026-10-01`), and the notes and warnings reach the
  caller beside its result (one more text content, and `_meta` under `agent-input/notes` and
  `agent-input/warnings`);
- a call that cannot run is the envelope, as an `isError` result; with `codec=` (the server's
  `CursorCodec`) and `"answered_by": "user"`, a client that can ask a person gets an MCP
  2026-07-28 `input_required` question instead, and its answers are read;
- a tool whose schema has an `idempotency_key` (or `idempotencyKey`) property replays the
  receipt of a retry from `receipts=` (the process's `MemoryReceipts` by default) instead of
  running again, and a `RateLimited` or `UpstreamUnavailable` its function raises is the
  envelope the model acts on.

Every rule of this (when a call is read, the notes block, the envelope or the question, whose
`requestState` it is, the contract's receipts, confirmations and throttles, a failing handler)
is the core's call protocol (`agent_input.Protocol`, `Tool.call`; the Rust module
`agent_input::protocol`). This module only moves its steps: it looks receipts up and stores
them, runs the handler or the framework's own call with the canonical arguments, and converts
results to and from the framework's types.

`overrides` maps a tool's name to what its JSON Schema cannot say (the same object may sit in
the schema under `x-agent-input`), or to `False` to leave the tool alone:

    {"search_decisions": {"answered_by": "user",
                          "properties": {"court": {"kind": "vocabulary", "role": "filter", "entries": COURTS},
                                         "raw_filter": False}},
     "legacy_tool": False}

Each tool's spec is built when the tool is listed or called, from its current definition, and
kept per name and definition (a FastMCP tool object found again is its spec without a look at
its schema), so `lenient()` works called before or after the tools are registered, and a tool
registered again with another signature is read by its new schema. A declaration the core
refuses (an override with an unknown kind, say) raises `agent_input.AgentInputError` on
`tools/list` and `tools/call`, which the framework returns as a JSON-RPC error.

How each framework is hooked (public extension points only):

- `fastmcp.FastMCP` (tested with fastmcp 4.1.6): a FastMCP `Middleware` (`server.add_middleware`)
  whose `on_list_tools` lists copies with the lenient `parameters`, and whose `on_call_tool`
  hands `call_next` the canonical `arguments`; the author's tool is `server.get_tool(name)`.
- `mcp.server.mcpserver.MCPServer` (mcp 2.3.0) and the low-level `mcp.server.lowlevel.Server`
  of mcp 2 (`on_list_tools=`/`on_call_tool=`): a server middleware (`async (ctx, call_next)`)
  appended to `server.middleware`; the author's tool is what `await server.list_tools()` (or
  the server's own `tools/list` handler) lists; a result the middleware makes itself is shaped
  for the connection's revision (`mcp_types.methods.serialize_server_result`). A low-level
  server's handler gets the arguments as JSON (`"2026-10-01"`, not a `date`).
- the low-level `Server` of mcp 1 (mcp 1.2.0 and 1.30.0; `@server.list_tools()` and
  `@server.call_tool()`), and mcp 1's `FastMCP` through its `_mcp_server`: the handlers of
  `ListToolsRequest` and `CallToolRequest` in `server.request_handlers` are wrapped, when
  `lenient()` is called and again when the server runs (its `run`, wrapped on the instance).
  mcp 1 has no `input_required`: a call that asks is the envelope.

`python -m agent_input.run` (`agent_input.run`) makes every server a program builds lenient,
without editing it.

This module also holds the registration of tools declared as agent-input specs (`add_tool`,
`tool`, `mcp_tool`, `run_call`; `agent_input.fastmcp` re-exports them): see `add_tool`.
"""

from __future__ import annotations

import dataclasses
import datetime
import functools
import inspect
import logging
import typing
from typing import Any, Awaitable, Callable, Dict, List, Mapping, Optional, Protocol, Sequence, Tuple, TypeVar, Union, cast

from ._agent_input import (
    MRTR_VERSION,
    NOTES_META,
    WARNINGS_META,
    AgentInputError,
    Call,
    CursorCodec,
    InvalidOptionsError,
    MemoryReceipts,
    PostgresReceipts,
    RedisReceipts,
    SqliteReceipts,
    Tool,
    ToolCall,
)
from ._agent_input import Protocol as _Protocol
from ._agent_input import can_ask as _can_ask
from ._agent_input import granted as _granted
from ._agent_input import SCOPES_META
from . import _telemetry
from .failures import RAISED, ToolFailure

__all__ = [
    "MRTR_VERSION",
    "NOTES_META",
    "WARNINGS_META",
    "Asking",
    "ReceiptStore",
    "add_tool",
    "can_ask",
    "default_receipts",
    "receipt_store",
    "is_lenient",
    "lenient",
    "mcp_tool",
    "run_call",
    "tool",
]

logger = logging.getLogger(__name__)

#: What `overrides` holds per tool: the overrides object, or `False` to leave the tool alone.
ToolOverrides = Union[Mapping[str, Any], bool]

#: A function giving the day relative words are read against, called at each call.
Today = Callable[[], datetime.date]

Handler = Callable[..., Any]
_H = TypeVar("_H", bound=Handler)
_S = TypeVar("_S")

#: What running a call's handler gave: the outcome for the protocol, and what it raised, raised
#: again when the protocol has nothing to answer.
_Ran = Tuple[Dict[str, Any], Optional[BaseException]]


@dataclasses.dataclass(frozen=True)
class Asking:
    """What a call can do about asking a person, and what a retry brings back from one."""

    can_ask: bool = False
    input_responses: Optional[Dict[str, Any]] = None
    request_state: Optional[str] = None


#: A call that cannot ask, and brings no answers.
_NOT_ASKING = Asking()


def can_ask(protocol_version: Optional[str], client_capabilities: Any) -> bool:
    """True when a client can ask a person: form elicitation declared on a 2026-07-28 (or
    later) connection (the core's `can_ask`; the capabilities as a dict or an SDK's model)."""
    return _can_ask(protocol_version, _dump(client_capabilities))


class ReceiptStore(Protocol):
    """Where receipts of writes are kept, by tool and idempotency key: `agent_input.MemoryReceipts`
    (the default, in memory), or a store of your own over a database. Receipts are JSON dicts;
    either method may be `async`. A receipt past its `expires_at` is not replayed, so a store
    needs no expiry of its own. A store that can reserve a key in one atomic step also has
    `reserve(tool, key, in_flight)`: it stores `in_flight` and returns None when the key holds
    no live receipt, else returns that receipt (`MemoryReceipts` has it). Without `reserve` a key
    is reserved by `get` then `put`, which two calls at the same instant can both pass."""

    def get(self, tool: str, key: str) -> Any: ...

    def put(self, tool: str, key: str, receipt: Dict[str, Any]) -> Any: ...


_RECEIPTS: Optional[MemoryReceipts] = None


def default_receipts() -> MemoryReceipts:
    """The process's in-memory receipt store, used by every tool and lenient server given no
    `receipts=`."""
    global _RECEIPTS
    if _RECEIPTS is None:
        _RECEIPTS = MemoryReceipts()
    return _RECEIPTS


#: A receipt store, or the text naming one: "memory" (the process's), "sqlite:PATH",
#: "redis://HOST:PORT", "postgres://USER@HOST:PORT/DB".
Receipts = Union[ReceiptStore, str, None]

_SHARED: Dict[str, ReceiptStore] = {}


def receipt_store(receipts: Receipts = None) -> ReceiptStore:
    """The store `receipts` names: a store object as it is; None or "memory" the process's
    `MemoryReceipts` (`default_receipts()`); "sqlite:PATH" a `SqliteReceipts` on that file
    (every process of the machine that opens it shares it); "redis://HOST:PORT" a
    `RedisReceipts` on that server, "postgres://USER@HOST:PORT/DB" a `PostgresReceipts` on that
    database (every process on every machine that names either shares it);
    one store per text in the process, each key reserved by one sharer at a time. Other text
    raises `InvalidOptionsError`, as does a store that cannot be opened."""
    if receipts is None or receipts == "memory":
        return default_receipts()
    if not isinstance(receipts, str):
        return receipts
    store = _SHARED.get(receipts)
    if store is None:
        kind, _, rest = receipts.partition(":")
        if kind == "sqlite" and rest:
            store = SqliteReceipts(rest)
        elif kind in ("redis", "rediss") and rest:
            store = RedisReceipts(receipts)
        elif kind in ("postgres", "postgresql") and rest:
            store = PostgresReceipts(receipts)
        else:
            raise InvalidOptionsError(
                f'receipts: "memory", "sqlite:PATH", "redis://HOST:PORT" or "postgres://USER@HOST:PORT/DB", '
                f"or a store object; got {receipts!r}"
            )
        _SHARED[receipts] = store
    return store


# --- the steps of one call ------------------------------------------------------------------


async def _maybe(value: Any) -> Any:
    return await value if inspect.isawaitable(value) else value


async def _steps(call: Call, store: ReceiptStore, run: Callable[[], Awaitable[_Ran]]) -> Optional[Dict[str, Any]]:
    """Does `call`'s steps: receipts against `store`, the run step by `run`. Returns the answer's
    result, or None to hand the request to the framework as it came; raises again what the run
    raised when the protocol has nothing to answer."""
    kind, raised = call.kind, None
    while True:
        # The run step's arguments are the handler's to take (`call.args`): no dict made for it.
        step: Dict[str, Any] = {} if kind == "run" else call.step
        if kind == "answer":
            return cast(Dict[str, Any], step["result"])
        if kind == "get":
            outcome: Dict[str, Any] = {"stored": await _maybe(store.get(step["tool"], step["key"]))}
        elif kind == "reserve":
            reserve = getattr(store, "reserve", None)
            if reserve is not None:
                outcome = {"stored": await _maybe(reserve(step["tool"], step["key"], step["receipt"]))}
            else:  # a store of `get` and `put` only: the protocol puts the mark itself
                outcome = {"stored": await _maybe(store.get(step["tool"], step["key"])), "atomic": False}
        elif kind == "put":
            await _maybe(store.put(step["tool"], step["key"], step["receipt"]))
            outcome = {}
        elif kind == "run":
            outcome, raised = await run()
        elif raised is not None:
            raise raised
        else:
            return None
        kind = _resume(call, outcome)["step"]


def _resume(call: Call, outcome: Dict[str, Any]) -> Dict[str, Any]:
    """`call.resume(outcome)`; an output the binding does not convert (a pydantic model, a
    datetime) goes through pydantic's JSON conversion first, and one that has no JSON form is
    the handler's error."""
    try:
        return call.resume(outcome)
    except TypeError as error:
        if "output" not in outcome:
            raise
        try:
            import pydantic_core

            return call.resume({"output": pydantic_core.to_jsonable_python(outcome["output"])})
        except Exception:  # noqa: BLE001 - no JSON form: the handler's error, answered as one
            return call.resume({"error": f"its output is no JSON value: {error}"})


async def _run_handler(call: Call, handler: Handler) -> _Ran:
    """Runs an own tool's handler with the run step's arguments as Python natives (a sync one in
    a worker thread), and the call when it takes one."""
    import anyio.to_thread

    kwargs = call.args or {}
    taken = _call_parameter(handler)
    if taken is not None:
        kwargs[taken] = call.tool_call
    try:
        if inspect.iscoroutinefunction(handler):
            output = await cast(Callable[..., Awaitable[Any]], handler)(**kwargs)
        else:
            output = await anyio.to_thread.run_sync(functools.partial(handler, **kwargs))
    except ToolFailure as failure:
        return {"failure": failure.failure()}, None
    except Exception as error:  # noqa: BLE001 - the handler's failure is the caller's result
        logger.warning("agent-input: the handler of %r raised", call, exc_info=True)
        return {"error": str(error)}, None
    except BaseException as cancelled:
        return {"cancelled": True}, cancelled
    return {"output": output}, None


async def _forwarded(run: Callable[[], Awaitable[Dict[str, Any]]]) -> _Ran:
    """Runs a forwarded tool's framework call, catching the failures its function makes
    (`ToolFailure`, which the framework turns into its own error): the last one made is the
    outcome, whatever the framework did with it."""
    made: List[ToolFailure] = []
    token = RAISED.set(made)
    try:
        result = await run()
    except Exception as error:
        return ({"failure": made[-1].failure()} if made else {"error": str(error)}), error
    except BaseException as cancelled:
        return {"cancelled": True}, cancelled
    finally:
        RAISED.reset(token)
    # A failure made while the framework answered an error is that error's cause.
    failed = isinstance(result, Mapping) and result.get("isError") is True
    return ({"failure": made[-1].failure()} if made and failed else {"result": result}), None


def _dump(model: Any) -> Any:
    """An SDK's model as JSON (a dict), a mapping as a dict; None as None."""
    if model is None:
        return None
    dump = getattr(model, "model_dump", None)
    if dump is not None:
        return dump(by_alias=True, exclude_none=True, mode="json")
    return dict(model)


def _responses(responses: Optional[Mapping[str, Any]]) -> Optional[Dict[str, Any]]:
    """The input responses as plain JSON dicts (the SDKs hand typed models)."""
    if responses is None:
        return None
    return {key: _dump(value) if hasattr(value, "model_dump") else value for key, value in responses.items()}


def _today(today: Optional[Today]) -> Optional[Today]:
    """`today` checked: a function (a date would never change in a long-running server)."""
    if today is not None and not callable(today):
        raise TypeError(f"`today` must be a function returning the day, such as datetime.date.today, found {today!r}")
    return today


# --- lenient(): the framework-free part -------------------------------------------------

_R = TypeVar("_R")


def _logged(made: Callable[[Any], _R], definition: Any) -> _R:
    """`made(definition)`; overrides the core refuses are logged too (the framework answers the
    request with a JSON-RPC error, which the server's author may not see)."""
    try:
        return made(definition)
    except AgentInputError as e:
        logger.error("agent-input cannot read a tool with its overrides: %s", e)
        raise



class _Lenient:
    """What `lenient()` installs on a server: the protocol's state, the day, the receipt store,
    and the tools found by identity."""

    def __init__(
        self,
        overrides: Optional[Mapping[str, ToolOverrides]],
        codec: Optional[CursorCodec],
        languages: Optional[Sequence[str]] = None,
        today: Optional[Today] = None,
        implied_kinds: bool = False,
        receipts: Receipts = None,
        values_in_text: bool = True,
        read_only_scopes: Optional[Sequence[str]] = None,
    ) -> None:
        self.today = _today(today)
        self.read_only_scopes = list(read_only_scopes or [])
        self.options = {
            "tools": None if overrides is None else dict(overrides),
            "languages": languages,
            "implied_kinds": implied_kinds,
            "values_in_text": values_in_text,
        }
        self.protocol = _Protocol(self.options, codec=codec)
        self.receipts = receipt_store(receipts)
        # Per tool name, the framework's tool object last seen and its spec.
        self._found: Dict[str, Tuple[Any, Tuple[Optional[Tool], bool]]] = {}

    def spec(self, name: str, definition: Callable[[], Any], found: Any = None) -> Tuple[Optional[Tool], bool]:
        """The spec reading the tool `name` (None when it is left as declared) and whether it
        declares an output schema: the spec of `found` (the framework's tool object) when it is
        the object last seen, else what the protocol makes of `definition()`."""
        known = self._found.get(name)
        if found is not None and known is not None and known[0] is found:
            return known[1]
        tool, output_schema, log = _logged(self.protocol.tool, definition())
        if log is not None:
            logger.warning("%s", log)
        if found is not None:
            self._found[name] = (found, (tool, output_schema))
        return tool, output_schema

    def list(self, result: Dict[str, Any]) -> Dict[str, Any]:
        """A `tools/list` result (JSON) made lenient, as the request's token sees it."""
        listed, log = _logged(self.protocol.list, result)
        for line in log:
            logger.warning("%s", line)
        return _granted(listed, self.auth({}))

    def auth(self, context: Dict[str, Any]) -> Dict[str, Any]:
        """`context` with the scopes the request's token grants (`_granted_scopes`) and the
        server's read-only scopes: the protocol's to check, nothing when there is no token."""
        scopes = _granted_scopes()
        if scopes is not None:
            context.update(scopes=scopes, readOnlyScopes=self.read_only_scopes)
        return context

    async def serve(
        self,
        read: Tuple[Optional[Tool], bool],
        params: Dict[str, Any],
        context: Dict[str, Any],
        framework: Callable[[Optional[Call]], Awaitable[Any]],
        dump: Callable[[Any], Dict[str, Any]],
        convert: Callable[[Dict[str, Any]], Any],
    ) -> Any:
        """One `tools/call` of the tool `read` (`spec()`'s pair): `framework(call)` is the
        framework's own call, with the run step's arguments, or (`None`) as the request came;
        `dump` its result as JSON, `convert` a result of the protocol's as the framework's."""
        tool, output_schema = read
        if tool is None:
            return await framework(None)
        context["today"] = self.today() if self.today is not None else None
        self.auth(context)
        with _telemetry.observe(tool.name, context) as seen:
            call = self.protocol.call(tool, params, context, output_schema=output_schema, floats=True)
            seen.read(call)
            sent: List[Any] = []

            async def forward() -> Dict[str, Any]:
                result = await framework(call)
                sent[:] = [result, dump(result)]
                return cast(Dict[str, Any], sent[1])

            answer = await _steps(call, self.receipts, lambda: _forwarded(forward))
            if answer is None:
                return await framework(None)
            return sent[0] if sent and answer == sent[1] else convert(answer)


# --- lenient(): FastMCP ------------------------------------------------------------------


def _scoped(overrides: Optional[Mapping[str, Any]], read_only: Optional[Sequence[str]]) -> bool:
    """True when the listing varies by token: read-only scopes, or a tool's overrides name scopes."""
    return bool(read_only) or any(isinstance(o, Mapping) and o.get("scopes") for o in (overrides or {}).values())


def _private_listing(lowlevel: Any, scoped: bool) -> None:
    """A listing that varies by token is never cached for every token: when tools are scoped,
    a `public` cache hint the author gave `tools/list` becomes `private` (FastMCP's middleware
    returns tools, not the result its hint goes on)."""
    hints = getattr(lowlevel, "cache_hints", None)
    if not scoped or not isinstance(hints, dict):
        return
    hint = hints.get("tools/list")
    if hint is not None and getattr(hint, "scope", None) == "public":
        hints["tools/list"] = dataclasses.replace(hint, scope="private")


def _fastmcp_granted(tools: typing.Sequence[Any], context: Dict[str, Any]) -> List[Any]:
    """The FastMCP tools a request's token reaches (`context` as a call's): the protocol's
    `granted` decides from each one's listing, its scopes and annotations."""
    listing = {"tools": [_dump(t.to_mcp_tool()) for t in tools]}
    kept = {t["name"] for t in _granted(listing, context)["tools"]}
    return [t for t in tools if t.name in kept]


def _granted_scopes() -> Optional[List[str]]:
    """The scopes the current request's bearer token grants, as the framework's token verifier
    checked it (FastMCP's `get_access_token`, else the official SDK's auth context); None when
    the request carries no token (stdio, a server without auth): nothing is filtered then."""
    getters: List[Callable[[], Any]] = []
    try:
        from fastmcp.server.dependencies import get_access_token as fastmcp_token

        getters.append(fastmcp_token)
    except ImportError:
        pass
    try:
        from mcp.server.auth.middleware.auth_context import get_access_token as sdk_token

        getters.append(sdk_token)
    except ImportError:
        pass
    for get in getters:
        try:
            token = get()
        except (LookupError, RuntimeError, TypeError):
            continue
        if token is not None:
            return [str(scope) for scope in (getattr(token, "scopes", None) or [])]
    return None


def _attribute(obj: Any, *names: str) -> Any:
    """`obj.name1.name2...`, or None where one is missing or cannot be read outside a request."""
    try:
        for name in names:
            obj = getattr(obj, name, None)
        return obj
    except (LookupError, RuntimeError, ValueError):
        return None


def _fastmcp_request(ctx: Any, arguments: Any) -> Tuple[Dict[str, Any], Dict[str, Any]]:
    """The protocol's params and context of the current FastMCP request (`ctx` is the FastMCP
    `Context`, or None to look it up)."""
    if ctx is None:
        try:
            from fastmcp.server.dependencies import get_context

            ctx = get_context()
        except (ImportError, LookupError, RuntimeError):
            pass
    params = {
        "arguments": arguments,
        "requestState": _attribute(ctx, "request_state"),
        "inputResponses": _responses(_attribute(ctx, "input_responses")),
    }
    context = {
        "protocolVersion": _attribute(ctx, "request_context", "protocol_version"),
        "clientCapabilities": _dump(_attribute(ctx, "session", "client_capabilities")),
    }
    return params, context


def _fastmcp_dump(result: Any) -> Dict[str, Any]:
    """A FastMCP tool result as the result it sends."""
    asked = getattr(result, "input_required", None)
    if asked is not None:
        return cast(Dict[str, Any], _dump(asked))
    out = {"content": [_dump(block) for block in result.content], "isError": result.is_error}
    if result.structured_content is not None:
        out["structuredContent"] = result.structured_content
    if result.meta is not None:
        out["_meta"] = result.meta
    return out


def _fastmcp_result(result: Dict[str, Any]) -> Any:
    """A result as FastMCP's tool result."""
    from fastmcp.tools import InputRequiredToolResult, ToolResult
    from mcp_types import CallToolResult, InputRequiredResult

    if result.get("resultType") == "input_required":
        return InputRequiredToolResult(InputRequiredResult.model_validate(result))
    return ToolResult.from_mcp_result(CallToolResult.model_validate(result))


def _fastmcp_middleware(server: Any, state: _Lenient) -> Any:
    from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
    from fastmcp.tools import Tool as FastMCPTool
    from fastmcp.tools import ToolResult
    from mcp_types import CallToolRequestParams, ListToolsRequest

    def spec(found: FastMCPTool) -> Tuple[Optional[Tool], bool]:
        return state.spec(found.name, lambda: _dump(found.to_mcp_tool()), found)

    class LenientMiddleware(Middleware):
        """agent-input's reader in front of every tool of one FastMCP server (`lenient`)."""

        agent_input_lenient = state

        async def on_list_tools(
            self,
            context: MiddlewareContext[ListToolsRequest],
            call_next: CallNext[ListToolsRequest, typing.Sequence[FastMCPTool]],
        ) -> typing.Sequence[FastMCPTool]:
            out: List[FastMCPTool] = []
            for listed in await call_next(context):
                tool, _ = spec(listed)
                if tool is None:
                    out.append(listed)
                    continue
                update: Dict[str, Any] = {"parameters": tool.input_schema()}
                deprecated = tool.listed_fields(listed.description or "")
                if deprecated is not None:
                    meta = dict(listed.meta or {})
                    meta.update(cast(Dict[str, Any], deprecated["_meta"]))
                    update.update(description=deprecated["description"], meta=meta)
                if tool.scopes():
                    update["meta"] = {**(update.get("meta") or listed.meta or {}), SCOPES_META: tool.scopes()}
                out.append(listed.model_copy(update=update))
            return _fastmcp_granted(out, state.auth({}))

        async def on_call_tool(
            self,
            context: MiddlewareContext[CallToolRequestParams],
            call_next: CallNext[CallToolRequestParams, ToolResult],
        ) -> ToolResult:
            message = context.message
            found = await server.get_tool(message.name)
            params, ctx = _fastmcp_request(context.fastmcp_context, message.arguments)
            if message.request_state is not None or message.input_responses is not None:
                params.update(requestState=message.request_state, inputResponses=_responses(message.input_responses))

            async def framework(call: Optional[Call]) -> ToolResult:
                if call is None:
                    return await call_next(context)
                update: Dict[str, Any] = {"arguments": call.arguments()}
                if call.step["answered"]:
                    update.update(input_responses=None, request_state=None)
                return await call_next(context.copy(message=message.model_copy(update=update)))

            read = spec(found) if found is not None else (None, False)
            return cast(ToolResult, await state.serve(read, params, ctx, framework, _fastmcp_dump, _fastmcp_result))

    return LenientMiddleware()


# --- lenient(): the official SDK's MCPServer, and mcp 2's low-level Server ---------------------


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
            return cast(Dict[str, Any], _dump(await entry.handler(dataclasses.replace(ctx, method="tools/list", params=None), params)))

        return await _find_listed(page, name)

    async def __call__(self, ctx: Any, call_next: Callable[[Any], Awaitable[Any]]) -> Any:
        state = self.agent_input_lenient
        if ctx.method == "tools/list":
            return state.list(_dump(await call_next(ctx)))
        if ctx.method != "tools/call" or not isinstance(ctx.params, Mapping):
            return await call_next(ctx)
        params: Dict[str, Any] = dict(ctx.params)
        found = await self._find(ctx, params.get("name"))
        read = state.spec(str(params.get("name")), lambda: found) if found is not None else (None, False)
        context = {"protocolVersion": ctx.protocol_version, "clientCapabilities": _dump(_attribute(ctx, "session", "client_capabilities"))}

        async def framework(call: Optional[Call]) -> Any:
            if call is None:
                return await call_next(ctx)
            forwarded = {**params, "arguments": call.arguments(wire=self.lowlevel)}
            if call.step["answered"]:
                forwarded.pop("inputResponses", None)
                forwarded.pop("requestState", None)
            return await call_next(dataclasses.replace(ctx, params=forwarded))

        asked = {**params, "inputResponses": _responses(params.get("inputResponses"))}
        return await state.serve(read, asked, context, framework, _dump, functools.partial(self._shaped, ctx.protocol_version))

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
    `Server` (`server.request_handlers`, keyed by request type); a handler already wrapped stays
    as it is. Called by `lenient()` and again each time the server runs, so handlers registered
    after `lenient()` are covered."""
    types = _v1_types()
    handlers = cast(Dict[Any, Any], server.request_handlers)
    for request, wrap in ((types.ListToolsRequest, _v1_list), (types.CallToolRequest, _v1_call)):
        handler = handlers.get(request)
        if handler is not None and getattr(handler, "agent_input_wraps", None) is None:
            wrapped = wrap(server, handler)
            setattr(wrapped, "agent_input_wraps", handler)
            handlers[request] = wrapped


def _v1_list(server: Any, original: Callable[[Any], Awaitable[Any]]) -> Callable[[Any], Awaitable[Any]]:
    types = _v1_types()

    async def list_tools(req: Any) -> Any:
        result = await original(req)
        state: Optional[_Lenient] = getattr(server, _MARK, None)
        # `None` is the SDK refreshing its own cache of the author's tools (input validation).
        root = getattr(result, "root", result)
        if req is None or state is None or not isinstance(root, types.ListToolsResult):
            return result
        return types.ServerResult(types.ListToolsResult.model_validate(state.list(_dump(root))))

    return list_tools


async def _v1_find(server: Any, name: str) -> Optional[Dict[str, Any]]:
    """The author's definition of the tool `name` on an mcp 1.x low-level server, from its own
    `tools/list` handler (unwrapped), or None."""
    types = _v1_types()
    handler = server.request_handlers.get(types.ListToolsRequest)
    if handler is None:
        return None
    handler = getattr(handler, "agent_input_wraps", None) or handler

    async def page(cursor: Optional[str]) -> Dict[str, Any]:
        params = types.PaginatedRequestParams(cursor=cursor) if cursor else None
        request = types.ListToolsRequest(method="tools/list", params=params)
        return cast(Dict[str, Any], _dump(getattr(await handler(request), "root", None) or {}))

    return await _find_listed(page, name)


async def _find_listed(page: Callable[[Optional[str]], Awaitable[Dict[str, Any]]], name: Any) -> Optional[Dict[str, Any]]:
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
        read = state.spec(params.name, lambda: found) if found is not None else (None, False)

        async def framework(call: Optional[Call]) -> Any:
            if call is None:
                return await original(req)
            arguments = params.model_copy(update={"arguments": call.arguments(wire=True)})
            return await original(req.model_copy(update={"params": arguments}))

        def dump(result: Any) -> Dict[str, Any]:
            return cast(Dict[str, Any], _dump(getattr(result, "root", result)))

        def convert(result: Dict[str, Any]) -> Any:
            return types.ServerResult(types.CallToolResult.model_validate(result))

        # mcp 1 has no `input_required`: its clients cannot be asked.
        return await state.serve(read, {"arguments": params.arguments}, {"canAsk": False}, framework, dump, convert)

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
    receipts: Receipts = None,
    values_in_text: bool = True,
    read_only_scopes: Optional[Sequence[str]] = None,
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
    agent-input. `receipts` keeps the receipts of the tools with an idempotency key (the
    process's `MemoryReceipts` by default). `values_in_text=False` keeps the values received,
    the readings and the hints that name them out of an envelope's text content (they stay in
    its `structuredContent`): for a framework that copies a failed result's text into its own
    telemetry (docs/telemetry.md). Over HTTP with the framework's token verifier, a tool whose
    overrides name `"scopes"` is listed and run only for a token that grants them all (a call
    of it otherwise answers `insufficient_scope`, naming every missing scope), and a token that
    grants only `read_only_scopes` sees no tool whose annotations do not say `readOnlyHint`;
    over stdio (no token) nothing is filtered. Options of another shape raise
    `agent_input.InvalidOptionsError`. Calling it again replaces the previous configuration. See
    the module's documentation."""
    kind, target = _server_kind(server)
    state = _Lenient(overrides, codec, languages, today, implied_kinds, receipts, values_in_text, read_only_scopes)
    if kind == "fastmcp":
        _mark_lowlevel(getattr(server, "_mcp_server", None), state)
        _private_listing(getattr(server, "_mcp_server", None), _scoped(overrides, read_only_scopes))
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


def _call_parameter(handler: Handler) -> Optional[str]:
    """The name of the handler's parameter annotated `ToolCall`, if any (found once per handler)."""
    try:
        return _call_parameter_of(handler)
    except TypeError:  # a handler that cannot be hashed
        return _call_parameter_of.__wrapped__(handler)


@functools.lru_cache(maxsize=1024)
def _call_parameter_of(handler: Handler) -> Optional[str]:
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


async def _own(
    tool: Tool,
    handler: Handler,
    params: Dict[str, Any],
    context: Optional[Dict[str, Any]],
    receipts: Receipts,
    read_only: Sequence[str] = (),
) -> Dict[str, Any]:
    """The result of one call of a tool declared as a spec (`Tool.call`'s steps); a spec's
    `scopes` (and the server's read-only scopes) are checked against the request's token, when
    it has one."""
    scopes = _granted_scopes()
    if scopes is not None:
        context = {**(context or {}), "scopes": scopes, "readOnlyScopes": list(read_only)}
    with _telemetry.observe(tool.name, context) as seen:
        call = tool.call(params, context, floats=True)
        seen.read(call)
        store = receipt_store(receipts)
        return cast(Dict[str, Any], await _steps(call, store, lambda: _run_handler(call, handler)))


async def run_call(
    tool: Tool,
    handler: Handler,
    arguments: Optional[Dict[str, Any]],
    asking: Optional[Asking] = None,
    receipts: Receipts = None,
    today: Optional[datetime.date] = None,
) -> Dict[str, Any]:
    """Reads `arguments` with `tool` and, when they read, runs `handler` with the canonical
    arguments; returns the MCP `CallToolResult` as a dict (the envelope when they do not read),
    or, when `asking` says the client can ask a person and the tool's policy is the user, the
    `input_required` result (`{"resultType": "input_required", ...}`); a retry's answers in
    `asking` are read first. The tool's contract applies around the handler: a confirmed tool
    previews (`dry_run`) and applies only with its preview's `confirm_token`; a write with an
    idempotency key replays its stored receipt (`receipts`, the process's `MemoryReceipts` by
    default) instead of running again; a handler's `RateLimited` or `UpstreamUnavailable` is
    the envelope the model acts on, and any other exception an `isError` result naming the
    tool (a cancellation is raised again). `today` is the day relative words are read against
    (`Tool.read`). The framework-free core of the spec glue below."""
    asking = asking or _NOT_ASKING
    params = {"arguments": arguments, "requestState": asking.request_state, "inputResponses": asking.input_responses}
    context = {"canAsk": asking.can_ask, "today": today} if asking.can_ask or today is not None else None
    return await _own(tool, handler, params, context, receipts)


def _fastmcp_tool(
    tool: Tool,
    handler: Handler,
    receipts: Receipts = None,
    today: Optional[Today] = None,
    read_only: Sequence[str] = (),
    **fields: Any,
) -> Any:
    from fastmcp.tools import Tool as FastMCPTool
    from mcp_types import ToolAnnotations
    from pydantic import PrivateAttr

    class SpecTool(FastMCPTool):
        """A FastMCP tool whose arguments agent-input reads."""

        _spec: Tool = PrivateAttr()
        _handler: Handler = PrivateAttr()

        async def run(self, arguments: Dict[str, Any]) -> Any:
            params, context = _fastmcp_request(None, arguments)
            context["today"] = today() if today is not None else None
            return _fastmcp_result(await _own(self._spec, self._handler, params, context, receipts, read_only))

    definition = tool.definition()
    if "_meta" in definition and "meta" not in fields:
        fields["meta"] = definition["_meta"]  # a deprecated tool's `agent-input/deprecated`
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


def _scoped_listing(server: Any, read_only: Sequence[str]) -> Sequence[str]:
    """Spec tools with scopes on a FastMCP server: once per server, a middleware that leaves out
    of `tools/list` every tool the request's token does not reach (the protocol's `granted`,
    from each tool's `_meta` scopes and annotations), and a `public` cache hint made `private`.
    Returns the server's read-only scopes: every registration's, together."""
    known: List[str] = getattr(server, "_agent_input_read_only_scopes", None) or []
    known.extend(s for s in read_only if s not in known)
    if getattr(server, "_agent_input_read_only_scopes", None) is not None:
        return known
    server._agent_input_read_only_scopes = known
    from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
    from fastmcp.tools import Tool as FastMCPTool
    from mcp_types import ListToolsRequest

    class ScopedListing(Middleware):
        """The tools the request's token reaches (`add_tool` with scopes)."""

        async def on_list_tools(
            self,
            context: MiddlewareContext[ListToolsRequest],
            call_next: CallNext[ListToolsRequest, typing.Sequence[FastMCPTool]],
        ) -> typing.Sequence[FastMCPTool]:
            out = await call_next(context)
            scopes = _granted_scopes()
            if scopes is None:
                return out
            return _fastmcp_granted(out, {"scopes": scopes, "readOnlyScopes": known})

    _private_listing(getattr(server, "_mcp_server", None), True)
    server.add_middleware(ScopedListing())
    return known


def add_tool(
    server: Any,
    spec: Union[Tool, Dict[str, Any], str],
    handler: Handler,
    receipts: Receipts = None,
    *,
    today: Optional[Today] = None,
    read_only_scopes: Optional[Sequence[str]] = None,
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
    of writes go to `receipts` (the process's `MemoryReceipts` by default); a handler's
    exception is an `isError` result naming the tool. `today`, a function called at each call
    (`datetime.date.today`), gives the day relative words are read against (`"yesterday"`,
    `"last month"`); without it they ask `relative_date_without_today`.

    Over HTTP with the server's token verifier, a spec's `scopes` decide who lists and calls the
    tool: `tools/list` leaves it out for a token that does not grant them all, and a call answers
    the `insufficient_scope` envelope; a token granting only `read_only_scopes` (the server's,
    every registration's together) sees no tool that may write. Over stdio nothing is filtered."""
    made = _as_tool(spec)
    read_only: Sequence[str] = list(read_only_scopes or ())
    if made.scopes() or read_only:
        read_only = _scoped_listing(server, read_only)
    return server.add_tool(_fastmcp_tool(made, handler, receipt_store(receipts), _today(today), read_only, **fields))


def tool(
    server: Any,
    spec: Union[Tool, Dict[str, Any], str],
    receipts: Receipts = None,
    *,
    today: Optional[Today] = None,
    read_only_scopes: Optional[Sequence[str]] = None,
    **fields: Any,
) -> Callable[[_H], _H]:
    """Decorator form of `add_tool`: `@tool(server, SEARCH)` above the handler. The handler is
    returned unchanged, so it stays callable (and testable) as a plain function."""

    def register(handler: _H) -> _H:
        add_tool(server, spec, handler, receipts, today=today, read_only_scopes=read_only_scopes, **fields)
        return handler

    return register


def mcp_tool(
    spec: Union[Tool, Dict[str, Any], str],
    handler: Handler,
    receipts: Receipts = None,
    *,
    today: Optional[Today] = None,
    read_only_scopes: Optional[Sequence[str]] = None,
) -> Any:
    """A tool for the official `mcp` package's `MCPServer` (`MCPServer(..., tools=[...])`),
    with the same behaviour as `add_tool`. Its calls check the spec's `scopes` and
    `read_only_scopes` against the request's token; its listing follows the token when the
    server is made `lenient()` (with the same `read_only_scopes`), which filters every tool."""
    from mcp.server.mcpserver.tools.base import Tool as MCPServerTool
    from mcp_types import CallToolResult, InputRequiredResult, ToolAnnotations

    made_from = _as_tool(spec)
    read_only = list(read_only_scopes or ())
    given = _today(today)
    store = receipt_store(receipts)

    class SpecTool(MCPServerTool):
        """An MCPServer tool whose arguments agent-input reads."""

        async def run(self, arguments: Dict[str, Any], context: Any, convert_result: bool = False) -> Any:
            params = {
                "arguments": arguments,
                "requestState": getattr(context, "request_state", None),
                "inputResponses": _responses(getattr(context, "input_responses", None)),
            }
            request = {
                "protocolVersion": getattr(context, "protocol_version", None),
                "clientCapabilities": _dump(getattr(context, "client_capabilities", None)),
                "today": given() if given is not None else None,
            }
            result = await _own(made_from, handler, params, request, store, read_only)
            if result.get("resultType") == "input_required":
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
    meta = made_from.definition().get("_meta")
    if meta is not None:
        fields["meta"] = meta  # a deprecated tool's `agent-input/deprecated`
    return SpecTool(**fields)


def _placeholder() -> None:
    """Stands in for the handler while MCPServer builds its tool fields."""
