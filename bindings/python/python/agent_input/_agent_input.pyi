"""Type stubs of the native module `agent_input._agent_input` (checked by `mypy.stubtest`).

The types that mirror the core's Rust types (kinds, codes, option values, specs, wire shapes)
are generated into `_types.py` by `cargo xtask stubs`; this file types the binding's own
surface: its classes and functions.
"""

import datetime
import os
from typing import Any, ClassVar, Dict, Generic, List, Mapping, Optional, Sequence, Tuple, TypeVar, Union, final

from ._types import (
    AskDict,
    CallToolResultDict,
    EnvelopeDict,
    IssueDict,
    Json,
    JsonValue,
    Kind,
    NoteDict,
    SchemaDialect,
    TelemetryDict,
    VocabularyRole,
    WarningDict,
)

_T_co = TypeVar("_T_co", covariant=True)

__all__ = [
    "ASK_CODES",
    "AgentInputError",
    "Call",
    "CursorCodec",
    "ENVELOPE_CODES",
    "InvalidOptionsError",
    "KINDS",
    "MISSING",
    "MRTR_VERSION",
    "MemoryReceipts",
    "Missing",
    "NOTES_META",
    "SCOPES_META",
    "NOTE_CODES",
    "Outcome",
    "Protocol",
    "Reader",
    "PostgresReceipts",
    "RedisReceipts",
    "SqliteReceipts",
    "Tool",
    "ToolCall",
    "UnknownKindError",
    "Vocabulary",
    "WARNINGS_META",
    "can_ask",
    "granted",
    "fold",
    "WARNING_CODES",
    "_date_constructor",
    "no_hits_filtered",
    "read",
    "read_line",
]

KINDS: Tuple[Kind, ...]
NOTE_CODES: Tuple[str, ...]
WARNING_CODES: Tuple[str, ...]
ASK_CODES: Tuple[str, ...]
ENVELOPE_CODES: Tuple[str, ...]
MISSING: Missing
#: The first MCP revision with `input_required` results (multi round-trip requests).
MRTR_VERSION: str
#: The `_meta` keys of a result that carry the call's notes and warnings.
NOTES_META: str
SCOPES_META: str
WARNINGS_META: str

@final
class Missing:
    """The value of a property that was not sent (different from `None`, which is JSON `null`)."""

    def __bool__(self) -> bool: ...

class AgentInputError(ValueError):
    """Misuse of agent-input (never bad input, which reads as an ask)."""

    code: ClassVar[Optional[str]]

class UnknownKindError(AgentInputError):
    """The kind name is not one of `agent_input.KINDS` (code `unknown_kind`)."""

class InvalidOptionsError(AgentInputError):
    """Invalid options: unknown, wrong type, contradictory, or a short cursor key (code `invalid_options`)."""

@final
class Outcome(Generic[_T_co]):
    """The outcome of one read; true when ok. `to_json()` is the core's own JSON text."""

    @property
    def status(self) -> str:
        """`"ok"`, `"absent"` or `"ask"`."""
    @property
    def value(self) -> Optional[_T_co]:
        """The value as Python natives when the read is ok, else `None`."""
    @property
    def notes(self) -> List[NoteDict]:
        """The repairs applied."""
    @property
    def warnings(self) -> List[WarningDict]:
        """What the caller probably meant."""
    @property
    def ask(self) -> Optional[AskDict]:
        """The ask when the status is `"ask"`, else `None`."""
    def to_json(self) -> str:
        """The outcome as the JSON text the Rust core serialises."""
    def to_dict(self) -> Dict[str, Json]:
        """The outcome's JSON as Python objects (numbers as `int` or `Decimal`)."""
    def __bool__(self) -> bool: ...
    def __class_getitem__(cls, key: Any) -> Any:
        """`Outcome[int]`: the class, parametrised for annotations."""

def read(kind: str, value: Union[JsonValue, Missing] = ..., /, **options: Any) -> Outcome[Any]:
    """Reads one value of `kind` with its options; leaving `value` out means it was not sent.
    Never raises on bad input: a lone surrogate anywhere in the value asks `not_unicode`, lists
    and dicts nested more than 64 levels ask `input_too_long`."""

@final
class Reader:
    """A kind with its options, checked once; `.read(value)` reads many values."""

    def __new__(cls, kind: str, /, **options: Any) -> "Reader": ...
    def read(self, value: Union[JsonValue, Missing] = ..., /) -> Outcome[Any]:
        """Reads one value; leaving it out means the property was not sent."""
    @property
    def kind(self) -> Kind:
        """The kind's wire name."""

def read_line(line: str) -> Outcome[Json]:
    """Reads one batch request line (`{"kind", "input", "options"}` as JSON text); a malformed
    line (a lone surrogate in the text itself among them) reads as an `invalid_request` ask."""

def fold(text: str) -> str:
    """The core's matching key of a text: case, diacritics, width and spacing folded."""

def _date_constructor() -> str:
    """For the tests: ``"c_api"`` or ``"fromisoformat"``, how dates are made."""

def no_hits_filtered(property: str, filter: JsonValue, would_match: Sequence[JsonValue]) -> WarningDict:
    """The `no_hits_filtered` warning for an empty result page under an active filter."""

@final
class Vocabulary:
    """A server's stored values, indexed once."""

    def __new__(cls, entries: Any) -> "Vocabulary": ...
    def read(self, value: Union[JsonValue, Missing] = ..., /, role: VocabularyRole = "value") -> Outcome[str]:
        """Reads one value; `role="filter"` drops an unclear value with a warning instead of asking."""
    @property
    def entries(self) -> List[Dict[str, Json]]:
        """The entries, as dicts."""

@final
class CursorCodec:
    """Issues and reads tamper-evident page cursors with one server key (at least 16 bytes)."""

    def __new__(cls, key: bytes) -> "CursorCodec": ...
    @staticmethod
    def from_env(name: str) -> "CursorCodec":
        """A codec keyed by the environment variable `name`."""
    def encode(
        self,
        payload: Union[JsonValue, bytes],
        /,
        ttl: Union[int, datetime.timedelta, None] = None,
        *,
        expires_at: Optional[int] = None,
    ) -> str:
        """Issues a cursor carrying `payload`, valid for `ttl` or until `expires_at`, or never.
        Raises `InvalidOptionsError` for both, for either that is not a whole number of seconds,
        for a `ttl` of 0 and for an `expires_at` not in the future (the core's check)."""
    def read(self, value: Union[JsonValue, Missing] = ..., /, *, now: Optional[int] = None) -> Outcome[Json]:
        """Reads a cursor value: its payload, absent for an invented one, or an `invalid_cursor` ask."""
    def page(
        self,
        items: JsonValue,
        /,
        matched: int,
        *,
        sort: Optional[str] = None,
        filtered: bool = False,
        next: Optional[JsonValue] = None,
        offset: Optional[int] = None,
        matched_exact: bool = True,
        ttl: Union[int, datetime.timedelta, None] = None,
        now: Optional[int] = None,
    ) -> Dict[str, Json]:
        """A page that says what it withheld: `{"items", "matched", "returned", "sort", "partial",
        "next_cursor", "filtered", "matched_exact"}`, its next cursor minted with this key."""

@final
class PostgresReceipts:
    """Receipts of writes in a PostgreSQL table, shared by every process on every machine that
    names the same database; each key reserved by one of them at a time."""

    def __new__(cls, url: str) -> "PostgresReceipts": ...
    def get(self, tool: str, key: str) -> Optional[Dict[str, Json]]:
        """The receipt stored for `tool` and `key`, or `None`."""
    def put(self, tool: str, key: str, receipt: Mapping[str, Any]) -> None:
        """Stores `receipt` for `tool` and `key`."""
    def reserve(self, tool: str, key: str, in_flight: Mapping[str, Any]) -> Optional[Dict[str, Json]]:
        """Reserves the key in one atomic step: None when reserved, else the live receipt it holds."""

@final
class RedisReceipts:
    """Receipts of writes in Redis or Valkey, shared by every process on every machine that names
    the same server; each key reserved by one of them at a time."""

    def __new__(cls, url: str) -> "RedisReceipts": ...
    def get(self, tool: str, key: str) -> Optional[Dict[str, Json]]:
        """The receipt stored for `tool` and `key`, or `None`."""
    def put(self, tool: str, key: str, receipt: Mapping[str, Any]) -> None:
        """Stores `receipt` for `tool` and `key`."""
    def reserve(self, tool: str, key: str, in_flight: Mapping[str, Any]) -> Optional[Dict[str, Json]]:
        """Reserves the key in one atomic step: None when reserved, else the live receipt it holds."""

@final
class SqliteReceipts:
    """Receipts of writes in a SQLite file, shared by every process that opens it; each key
    reserved by one of them at a time."""

    def __new__(cls, path: Union[str, "os.PathLike[str]"]) -> "SqliteReceipts": ...
    def get(self, tool: str, key: str) -> Optional[Dict[str, Json]]:
        """The receipt stored for `tool` and `key`, or `None`."""
    def put(self, tool: str, key: str, receipt: Mapping[str, Any]) -> None:
        """Stores `receipt` for `tool` and `key`."""
    def reserve(self, tool: str, key: str, in_flight: Mapping[str, Any]) -> Optional[Dict[str, Json]]:
        """Reserves the key in one atomic step: None when reserved, else the live receipt it holds."""
    def __len__(self) -> int: ...

@final
class MemoryReceipts:
    """Receipts of writes in memory: at most `capacity`, the oldest dropped first."""

    def __new__(cls, capacity: Optional[int] = None) -> "MemoryReceipts": ...
    def get(self, tool: str, key: str) -> Optional[Dict[str, Json]]:
        """The receipt stored for `tool` and `key`, or `None`."""
    def put(self, tool: str, key: str, receipt: Mapping[str, Any]) -> None:
        """Stores `receipt` for `tool` and `key`."""
    def reserve(self, tool: str, key: str, in_flight: Mapping[str, Any]) -> Optional[Dict[str, Json]]:
        """Reserves the key in one atomic step: None when reserved, else the live receipt it holds."""
    def expire(self, now: Optional[int] = None) -> None:
        """Drops the receipts expired at `now` (default: the clock)."""
    def __len__(self) -> int: ...

@final
class Tool:
    """A declared tool: reads a whole argument object, shapes the envelope, emits the schema."""

    @staticmethod
    def from_spec(spec: Union[Mapping[str, Any], str], /, *, codec: Optional[CursorCodec] = None) -> "Tool":
        """Builds a tool from its spec (a dict or JSON text)."""
    @staticmethod
    def from_input_schema(
        schema: Mapping[str, Any], overrides: Optional[Mapping[str, Any]] = None, /, *, codec: Optional[CursorCodec] = None
    ) -> "Tool":
        """A tool from the JSON Schema a server already declares: an `inputSchema`, or a whole MCP
        tool definition, with `overrides` for what JSON Schema cannot say."""
    @staticmethod
    def spec_from_input_schema(schema: Mapping[str, Any], overrides: Optional[Mapping[str, Any]] = None, /) -> Dict[str, Json]:
        """The tool spec document `from_input_schema` builds: what each property was mapped to."""
    def read(self, args: Optional[JsonValue] = None, /, *, today: Union[datetime.date, str, None] = None) -> ToolCall:
        """Reads a whole argument object. Never raises on bad arguments: a lone surrogate or
        nesting past 64 levels is the envelope `agent-input call` gives for the same JSON text.
        `today` (a date or "YYYY-MM-DD") is the day relative words are read against where a
        property's own `today` option is unset."""
    def read_json(self, text: Union[str, bytes], /, *, today: Union[datetime.date, str, None] = None) -> ToolCall:
        """Reads the raw body of a call (JSON text as a client sent it; a lone surrogate in a
        `str` is not UTF-8, and the envelope names its byte); `today` as for `read`."""
    def _bench_read(self, args: Mapping[str, Any], n: int, /) -> int:
        """For the benchmark: `n` reads of `args` inside the extension, no crossing back."""
    def call(self, params: Mapping[str, Any], context: Optional[Mapping[str, Any]] = None, *, floats: bool = False) -> Call:
        """A call of this tool through the protocol: `params` as the `tools/call` request's,
        `context` as `{"protocolVersion", "clientCapabilities", "today", "now", "canAsk"}`;
        with `floats`, the steps' numbers as `json.loads` gives them."""
    def answered_by(self, path: str) -> str:
        """Who answers an ambiguity at the top-level property `path`: `"model"` or `"user"`."""
    def ask_person(
        self,
        call: ToolCall,
        args: Optional[JsonValue] = None,
        /,
        *,
        codec: Optional[CursorCodec] = None,
        now: Optional[int] = None,
    ) -> Optional[Dict[str, Json]]:
        """The MCP `input_required` result asking the person which reading they meant, or `None`."""
    def read_answers(
        self,
        args: Optional[JsonValue],
        input_responses: Optional[JsonValue],
        request_state: str,
        /,
        *,
        codec: Optional[CursorCodec] = None,
        now: Optional[int] = None,
        today: Union[datetime.date, str, None] = None,
    ) -> ToolCall:
        """Reads the retry of a call `ask_person` answered."""
    @property
    def name(self) -> str:
        """The tool's name."""
    @property
    def writes(self) -> bool:
        """True when the tool writes."""
    @property
    def has_contract(self) -> bool:
        """True when calls go through `gate` (the tool confirms, or has an idempotency key)."""
    @property
    def confirms(self) -> bool:
        """True when the tool previews its changes and applies them with a `confirm_token`."""
    @property
    def key_property(self) -> Optional[str]:
        """The tool's idempotency key property, or `None`."""
    def annotations(self) -> Dict[str, Json]:
        """The MCP annotations its side effects declare."""
    def receipt_key(self, call: ToolCall) -> Optional[str]:
        """The idempotency key of a call that applies a change, to look its receipt up."""
    def gate(
        self,
        call: ToolCall,
        stored: Optional[Mapping[str, Any]] = None,
        /,
        *,
        codec: Optional[CursorCodec] = None,
        now: Optional[int] = None,
    ) -> Dict[str, Any]:
        """`{"action": "answer", "result"}` (return it) or `{"action": "run", "args", ...}` (run
        the handler with `args`, then `finish`)."""
    def finish(
        self, call: ToolCall, run: Mapping[str, Any], output: Optional[JsonValue] = None, /, *, now: Optional[int] = None
    ) -> Dict[str, Any]:
        """`{"result", "receipt"?, "key"?}` of a call the handler ran."""
    def failure_result(self, failure: Mapping[str, Any]) -> Dict[str, Json]:
        """The `CallToolResult` of a handler's `RateLimited` or `UpstreamUnavailable`."""
    def input_schema(self, dialect: SchemaDialect = "mcp") -> Dict[str, Json]:
        """The tool's `inputSchema` in a host's dialect (MCP's JSON Schema by default)."""
    def definition(self, dialect: SchemaDialect = "mcp") -> Dict[str, Json]:
        """The tool definition in a host's dialect (MCP's by default)."""
    def scopes(self) -> List[str]:
        """The OAuth scopes a caller's token must grant to see and call the tool."""
    def listed_fields(self, description: str) -> Optional[Dict[str, Json]]:
        """`{"description", "_meta"}` a deprecated tool is listed with; `None` when not deprecated."""
    def skeleton(self) -> Dict[str, Json]:
        """The payload the tool accepts: every required property set to its canonical example."""

@final
class ToolCall:
    """The result of reading one tool call; true when ok."""

    @property
    def ok(self) -> bool:
        """True when every property read."""
    @property
    def status(self) -> str:
        """`"ok"` or `"error"`."""
    @property
    def args(self) -> Optional[Dict[str, Any]]:
        """The canonical arguments as Python natives when ok, else `None`."""
    @property
    def notes(self) -> List[NoteDict]:
        """The repairs applied, each with its property `path`."""
    @property
    def warnings(self) -> List[WarningDict]:
        """The warnings."""
    @property
    def issues(self) -> List[IssueDict]:
        """Entries left out of an ok call, or the envelope's issues."""
    @property
    def envelope(self) -> Optional[EnvelopeDict]:
        """The error envelope when the call cannot run, else `None`."""
    def add_warning(self, warning: WarningDict) -> None:
        """Adds a warning that reaches the caller beside the result."""
    def to_call_tool_result(self, output: JsonValue = None, /) -> CallToolResultDict:
        """The MCP `CallToolResult` as a dict."""
    def telemetry(self) -> Optional[TelemetryDict]:
        """What telemetry may keep of a rejected call, or `None`."""
    def to_json(self) -> str:
        """The call as the JSON text the Rust core serialises."""
    def to_dict(self) -> Dict[str, Json]:
        """The call's JSON as Python objects."""
    def __bool__(self) -> bool: ...

@final
class Call:
    """One `tools/call` between its request and its answer: `.step` is the step to do."""

    @property
    def step(self) -> Dict[str, Any]:
        """The step to do: `{"step": "answer" | "pass" | "get" | "reserve" | "put" | "run" | "done", ...}`."""
    @property
    def kind(self) -> str:
        """The step's name (`step["step"]`), without making the dict."""
    def resume(self, outcome: Mapping[str, Any]) -> Dict[str, Any]:
        """The next step, from the outcome of this one (also `.step` from now on)."""
    @property
    def args(self) -> Optional[Dict[str, Any]]:
        """The run step's arguments as Python natives (as `ToolCall.args`), else `None`."""
    def arguments(self, *, wire: bool = False) -> Optional[Dict[str, Any]]:
        """The run step's arguments as a JSON parser gives them to a framework, else `None`."""
    @property
    def tool_call(self) -> ToolCall:
        """The call as read, for a handler that takes it; warnings it adds reach the caller."""
    def release(self) -> Optional[Dict[str, Any]]:
        """The put step that releases the call's idempotency key, or `None`."""
    def record(self) -> Dict[str, Any]:
        """What telemetry keeps of the call: `{"name", "attributes", "error", "metric", "codes"}`,
        codes and paths, never a value."""

@final
class Protocol:
    """The state of one lenient server: overrides, the key, each tool's spec built once."""

    def __new__(cls, options: Optional[Mapping[str, Any]] = None, *, codec: Optional[CursorCodec] = None) -> "Protocol": ...
    def tool(self, definition: Mapping[str, Any]) -> Tuple[Optional[Tool], bool, Optional[str]]:
        """`(Tool or None, output_schema, log line or None)` of an MCP tool definition."""
    def known(self, name: str) -> Optional[Tuple[Optional[Tool], bool, Optional[str]]]:
        """`tool()`'s triple for the tool as last built, or `None`."""
    def forget(self) -> None:
        """Forgets every spec built."""
    def list(self, result: Mapping[str, Any]) -> Tuple[Dict[str, Any], List[str]]:
        """A `tools/list` result made lenient, and the log lines of tools left as declared."""
    def call(
        self,
        tool: Tool,
        params: Mapping[str, Any],
        context: Optional[Mapping[str, Any]] = None,
        *,
        output_schema: bool = False,
        floats: bool = False,
    ) -> Call:
        """A call of a tool of a server somebody else wrote."""

def can_ask(version: Optional[str], capabilities: Optional[Mapping[str, Any]]) -> bool:
    """True when a client can ask a person: form elicitation on a 2026-07-28 connection."""

def granted(listed: Mapping[str, Any], context: Mapping[str, Any]) -> Dict[str, Any]:
    """A `tools/list` result as the request's token sees it: `context["scopes"]` the token
    grants, `context["readOnlyScopes"]` the server's read-only scopes; every tool the token does
    not reach left out, the result marked `cacheScope: "private"` when it varies by token. With
    no `"scopes"`, the result as it is."""
