"""`agent_input.mcp.lenient`: plain servers of both Python SDKs, their tools written as typed
functions, made lenient by one call, driven through each SDK's own in-memory client.

Every behaviour runs on a `fastmcp.FastMCP` (fastmcp 4.1.6, through `fastmcp.Client`) and on
the official SDK's `MCPServer` (mcp 2.3.0, through `mcp.Client`), with `lenient()` called
before the tools are registered and after.
"""


import datetime
import json
import sys
import uuid
from decimal import Decimal
from typing import Annotated, Any, Awaitable, Callable, Dict, List, Optional

import pytest

if sys.version_info < (3, 10):
    pytest.skip("fastmcp 4 and mcp 2 need Python 3.10+", allow_module_level=True)

import anyio
from pydantic import Field
from typing_extensions import TypedDict

import agent_input
from agent_input.mcp import NOTES_META, WARNINGS_META, lenient

COURTS = [
    {"id": "NS", "names": ["Nejvyšší soud", "Supreme Court"], "abbreviations": ["NS"]},
    {"id": "NSS", "names": ["Nejvyšší správní soud", "Supreme Administrative Court"], "abbreviations": ["NSS"]},
]
KEY = b"lenient test cursor key, 32 bytes"
FRAMEWORKS = ("fastmcp", "mcpserver")
ORDERS = ("before", "after")


class Found(TypedDict):
    query: str
    limit: int
    date_from: Optional[str]
    active: Optional[bool]
    court: Optional[str]


class Server:
    """A plain server with three typed tools, the calls its functions received, and a way to
    call it through its SDK's client."""

    def __init__(self, framework: str, order: str = "after", *, wrap: bool = True, limit_max: int = 50, **options: Any) -> None:
        self.framework = framework
        self.calls: List[Dict[str, Any]] = []
        self.server: Any = None
        if framework == "fastmcp":
            from fastmcp import FastMCP

            self.server = FastMCP("plain")
        else:
            from mcp.server.mcpserver import MCPServer

            self.server = MCPServer("plain")
        if wrap and order == "before":
            lenient(self.server, **options)
        self.register(limit_max)
        if wrap and order == "after":
            lenient(self.server, **options)

    def register(self, limit_max: int) -> None:
        calls = self.calls

        def find(
            query: Annotated[str, Field(description="Words to look for.")],
            limit: Annotated[int, Field(ge=1, le=limit_max)] = 20,
            date_from: datetime.date | None = None,
            active: bool | None = None,
            court: str | None = None,
        ) -> Found:
            """Find things."""
            calls.append({"tool": "find", "query": query, "limit": limit, "date_from": date_from, "active": active, "court": court})
            return {
                "query": query,
                "limit": limit,
                "date_from": None if date_from is None else date_from.isoformat(),
                "active": active,
                "court": court,
            }

        def save(note: str, record_id: uuid.UUID | None = None) -> str:
            """Save a note (no output schema: the result is text)."""
            calls.append({"tool": "save", "note": note, "record_id": record_id})
            return f"saved {record_id}"

        def tag(code: Annotated[str, Field(pattern="^[A-Z]{3}$")], count: int = 1) -> str:
            """A code no kind reads: pydantic still checks its pattern."""
            calls.append({"tool": "tag", "code": code, "count": count})
            return f"{code} x{count}"

        def weigh(amount: float, extra: dict[str, Any] | None = None) -> str:
            """A number, and an object no kind reads (passed on as sent)."""
            calls.append({"tool": "weigh", "amount": amount, "extra": extra})
            return f"{amount}"

        if self.framework == "fastmcp":
            self.server.tool(find, annotations={"readOnlyHint": True})
            self.server.tool(save, output_schema=None, annotations={"readOnlyHint": False})
            self.server.tool(tag, output_schema=None, annotations={"readOnlyHint": True})
            self.server.tool(weigh, output_schema=None, annotations={"readOnlyHint": True})
        else:
            from mcp_types import ToolAnnotations

            self.server.tool(annotations=ToolAnnotations(read_only_hint=True))(find)
            self.server.tool(structured_output=False, annotations=ToolAnnotations(read_only_hint=False))(save)
            self.server.tool(structured_output=False, annotations=ToolAnnotations(read_only_hint=True))(tag)
            self.server.tool(structured_output=False, annotations=ToolAnnotations(read_only_hint=True))(weigh)

    def replace_find(self, limit_max: int) -> None:
        """Registers `find` again with another bound on `limit`."""
        if self.framework == "fastmcp":
            self.server.local_provider.remove_tool("find")
        else:
            self.server.remove_tool("find")
        for name in ("save", "tag", "weigh"):
            if self.framework == "fastmcp":
                self.server.local_provider.remove_tool(name)
            else:
                self.server.remove_tool(name)
        self.register(limit_max)

    def run(self, scenario: Callable[["Session"], Awaitable[None]], **client_options: Any) -> None:
        async def main() -> None:
            if self.framework == "fastmcp":
                from fastmcp import Client as FastMCPClient

                async with FastMCPClient(self.server, **client_options) as fclient:
                    await scenario(Session(self.framework, fclient))
            else:
                from mcp import Client

                async with Client(self.server, **client_options) as client:
                    await scenario(Session(self.framework, client))

        anyio.run(main)


class Session:
    """One connected client, answering with plain JSON dicts."""

    def __init__(self, framework: str, client: Any) -> None:
        self.framework = framework
        self.client = client

    async def call(self, name: str, args: Dict[str, Any]) -> Dict[str, Any]:
        if self.framework == "fastmcp":
            result = await self.client.call_tool_mcp(name, args)
        else:
            result = await self.client.call_tool(name, args)
        return dict(result.model_dump(by_alias=True, mode="json", exclude_none=True))

    async def tools(self) -> Dict[str, Dict[str, Any]]:
        if self.framework == "fastmcp":
            listed = await self.client.list_tools()
        else:
            listed = (await self.client.list_tools()).tools
        return {t.name: dict(t.model_dump(by_alias=True, mode="json", exclude_none=True)) for t in listed}

    @property
    def protocol_version(self) -> Optional[str]:
        version = getattr(self.client, "protocol_version", None)
        if version is None:
            session = getattr(self.client, "session", None)
            version = getattr(session, "protocol_version", None)
        return None if version is None else str(version)


def codes(items: List[Dict[str, Any]], path: str) -> List[str]:
    return [i["code"] for i in items if i.get("path") == path]


def carried(result: Dict[str, Any]) -> Dict[str, Any]:
    """The agent-input block: the last text content, checked against `_meta`."""
    block = json.loads(result["content"][-1]["text"])
    meta = result.get("_meta") or {}
    assert block == {"notes": meta[NOTES_META], "warnings": meta[WARNINGS_META]}
    return dict(block)


def envelope(result: Dict[str, Any]) -> Dict[str, Any]:
    return dict(json.loads(result["content"][0]["text"]))


# --- reading -------------------------------------------------------------------------------


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_model_spellings_reach_the_function_as_natives_with_notes_beside_the_result(framework: str, order: str) -> None:
    server = Server(framework, order)

    async def scenario(s: Session) -> None:
        result = await s.call("find", {"query": " nájem ", "limit": "4 000", "date_from": "1. 10. 2026", "active": "ano"})
        assert not result.get("isError"), result
        # The function ran once, with Python natives, through the framework's own validation;
        # the plain string is the author's, as sent (spaces and all).
        assert server.calls == [
            {"tool": "find", "query": " nájem ", "limit": 50, "date_from": datetime.date(2026, 10, 1), "active": True, "court": None}
        ]
        # The author's structured result is untouched: no notes in it.
        assert result["structuredContent"] == {"query": " nájem ", "limit": 50, "date_from": "2026-10-01", "active": True, "court": None}
        assert json.loads(result["content"][0]["text"]) == result["structuredContent"]
        # The notes ride beside it: one more text block and `_meta`.
        assert len(result["content"]) == 2
        notes = carried(result)["notes"]
        assert codes(notes, "limit") == ["grouping_removed", "out_of_range_clamped"]
        assert codes(notes, "date_from") == ["date_spelling_normalized"]
        assert codes(notes, "active") == ["boolean_word_read"]
        assert codes(notes, "query") == []
        assert [n["message"] for n in notes if n["path"] == "limit"][0] == 'Read "4 000" as 4000.'

    server.run(scenario)


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_without_lenient_the_framework_refuses_the_same_call(framework: str) -> None:
    """The control: the plain server itself rejects what `lenient` reads."""
    server = Server(framework, wrap=False)

    async def scenario(s: Session) -> None:
        result = await s.call("find", {"query": "nájem", "limit": "4 000", "date_from": "1. 10. 2026"})
        assert result.get("isError") is True
        assert server.calls == []
        assert "agent-input" not in json.dumps(result.get("_meta") or {})

    server.run(scenario)


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_canonical_call_carries_nothing_more(framework: str) -> None:
    server = Server(framework)

    async def scenario(s: Session) -> None:
        result = await s.call("find", {"query": "nájem", "limit": 5, "date_from": "2026-10-01"})
        assert not result.get("isError")
        assert len(result["content"]) == 1
        assert NOTES_META not in (result.get("_meta") or {}) and WARNINGS_META not in (result.get("_meta") or {})
        assert server.calls[0]["limit"] == 5 and server.calls[0]["date_from"] == datetime.date(2026, 10, 1)

    server.run(scenario)


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_tools_list_advertises_the_lenient_schema_built_from_the_servers_own(framework: str, order: str) -> None:
    strict: Dict[str, Dict[str, Any]] = {}

    async def read_strict(s: Session) -> None:
        strict.update(await s.tools())

    Server(framework, wrap=False).run(read_strict)

    async def scenario(s: Session) -> None:
        tools = await s.tools()
        assert sorted(tools) == ["find", "save", "tag", "weigh"]
        for name, listed in tools.items():
            definition = {k: strict[name][k] for k in ("name", "description", "inputSchema", "annotations") if k in strict[name]}
            assert listed["inputSchema"] == agent_input.Tool.from_input_schema(definition).input_schema()
            assert listed["inputSchema"] != strict[name]["inputSchema"]
            # Everything but the input schema is the author's.
            assert {k: v for k, v in listed.items() if k != "inputSchema"} == {k: v for k, v in strict[name].items() if k != "inputSchema"}
        limit = tools["find"]["inputSchema"]["properties"]["limit"]
        assert strict["find"]["inputSchema"]["properties"]["limit"]["type"] == "integer"
        assert "string" in json.dumps(limit["anyOf"]), "the lenient schema admits a spelled number"
        # What no kind reads is advertised as the author declared it.
        assert tools["tag"]["inputSchema"]["properties"]["code"]["pattern"] == "^[A-Z]{3}$"

    Server(framework, order).run(scenario)


# --- asking ----------------------------------------------------------------------------------


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_an_ambiguous_value_is_the_envelope_and_the_function_does_not_run(framework: str) -> None:
    server = Server(framework)

    async def scenario(s: Session) -> None:
        result = await s.call("find", {"query": "nájem", "date_from": "01/02/2026"})
        assert result["isError"] is True
        asked = envelope(result)
        assert asked["code"] == "ambiguous_arguments"
        assert [(i["path"], i["code"]) for i in asked["issues"]] == [("date_from", "ambiguous_date")]
        assert [r["value"] for r in asked["issues"][0]["readings"]] == ["2026-02-01", "2026-01-02"]
        # `find` declares an output schema: the envelope is not offered as its structured result.
        assert "structuredContent" not in result
        assert server.calls == []

    server.run(scenario)


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_an_invented_id_on_a_write_asks_with_the_envelope_as_structured_content(framework: str) -> None:
    server = Server(framework)

    async def scenario(s: Session) -> None:
        result = await s.call("save", {"note": "x", "record_id": "123e4567-e89b-12d3-a456-426614174000"})
        assert result["isError"] is True
        asked = envelope(result)
        assert result["structuredContent"] == asked, "a tool with no output schema gets the envelope as structuredContent too"
        assert [(i["path"], i["code"]) for i in asked["issues"]] == [("record_id", "placeholder_on_write")]
        assert server.calls == []
        # A real id in another spelling reads, and reaches the function as a UUID.
        ok = await s.call("save", {"note": "x", "record_id": "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}"})
        assert not ok.get("isError"), ok
        assert server.calls == [{"tool": "save", "note": "x", "record_id": uuid.UUID("0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01")}]
        assert codes(carried(ok)["notes"], "record_id") == ["uuid_spelling_normalized"]

    server.run(scenario)


# --- what is not read ----------------------------------------------------------------------


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_what_no_kind_reads_is_still_validated_by_the_framework(framework: str) -> None:
    server = Server(framework)

    async def scenario(s: Session) -> None:
        refused = await s.call("tag", {"code": "abc", "count": "3"})
        assert refused["isError"] is True and server.calls == []
        assert "pattern" in refused["content"][0]["text"] or "match" in refused["content"][0]["text"]
        ok = await s.call("tag", {"code": "ABC", "count": " 3 "})
        assert not ok.get("isError"), ok
        assert server.calls == [{"tool": "tag", "code": "ABC", "count": 3}]

    server.run(scenario)


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_numbers_arrive_as_a_json_parser_gives_them(framework: str) -> None:
    """A decimal a float holds exactly arrives as that float (an object no kind reads keeps its
    floats, not `Decimal`s); one a float would round stays exact for a `Decimal` field."""
    server = Server(framework)

    async def scenario(s: Session) -> None:
        result = await s.call("weigh", {"amount": "1 234,5", "extra": {"ratio": 0.25, "n": 2, "tags": ["a"]}})
        assert not result.get("isError"), result
        assert server.calls == [{"tool": "weigh", "amount": 1234.5, "extra": {"ratio": 0.25, "n": 2, "tags": ["a"]}}]
        assert type(server.calls[0]["extra"]["ratio"]) is float and type(server.calls[0]["amount"]) is float
        assert sorted(codes(carried(result)["notes"], "amount")) == ["decimal_comma_read", "grouping_removed"]

    server.run(scenario)

    # The conversion itself (`Call.arguments`): a float where it is the same number.
    tool = agent_input.Tool.from_spec({"name": "t", "properties": {"a": {"kind": "list", "item": {"kind": "number"}}, "b": {"kind": "number"}, "c": {"kind": "number"}}})
    call = tool.call({"arguments": {"a": ["0.1"], "b": "12345678901234567890.123", "c": 3}})
    assert call.arguments() == {"a": [0.1], "b": Decimal("12345678901234567890.123"), "c": 3}


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_overrides_declare_a_vocabulary_and_leave_a_property_or_a_tool_alone(framework: str) -> None:
    overrides = {
        "find": {"properties": {"court": {"kind": "vocabulary", "role": "filter", "entries": COURTS}, "limit": False}},
        "tag": False,
    }
    server = Server(framework, overrides=overrides)

    async def scenario(s: Session) -> None:
        read = await s.call("find", {"query": "nájem", "court": "Nejvyssi spravni soud", "dateFrom": "2026-10-01"})
        assert not read.get("isError"), read
        assert server.calls[-1]["court"] == "NSS" and server.calls[-1]["date_from"] == datetime.date(2026, 10, 1)
        notes = carried(read)["notes"]
        assert codes(notes, "court") == ["vocabulary_value_read"]
        assert codes(notes, "date_from") == ["property_name_normalized"]
        # An unknown court in a filter is dropped with a warning that reaches the caller.
        dropped = await s.call("find", {"query": "nájem", "court": "Atlantis"})
        assert server.calls[-1]["court"] is None
        assert codes(carried(dropped)["warnings"], "court") == ["filter_value_dropped"]
        # `limit: False`: left to pydantic, which refuses a spelled number.
        before = len(server.calls)
        refused = await s.call("find", {"query": "nájem", "limit": "4 000"})
        assert refused["isError"] is True and len(server.calls) == before
        # `tag: False`: the tool is the author's, schema and all.
        tools = await s.tools()
        assert tools["tag"]["inputSchema"]["properties"]["count"]["type"] == "integer"
        assert "anyOf" not in tools["tag"]["inputSchema"]["properties"]["count"]
        assert (await s.call("tag", {"code": "ABC", "count": "4 000"}))["isError"] is True
        assert tools["find"]["inputSchema"]["properties"]["limit"]["type"] == "integer"
        assert "NSS" in json.dumps(tools["find"]["inputSchema"]["properties"]["court"])

    server.run(scenario)


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_the_servers_languages_settle_a_word_of_two_languages(framework: str) -> None:
    # `listopad` is November in Czech and Polish, October in Croatian; `jo` yes in Lower
    # Sorbian, no in Albanian. The server's languages reach every tool.
    server = Server(framework, languages=["cs"])

    async def scenario(s: Session) -> None:
        read = await s.call("find", {"query": "nájem", "date_from": "1. listopad 2026"})
        assert not read.get("isError"), read
        assert server.calls[-1]["date_from"] == datetime.date(2026, 11, 1)
        assert codes(carried(read)["notes"], "date_from") == ["word_read_in_language", "date_spelling_normalized"]
        # Czech gives `jo` no meaning in CLDR: it still asks, and the function does not run.
        before = len(server.calls)
        asked = await s.call("find", {"query": "nájem", "active": "jo"})
        assert asked["isError"] is True and len(server.calls) == before
        assert envelope(asked)["issues"][0]["code"] == "ambiguous_boolean"

    server.run(scenario)
    unset = Server(framework)

    async def without(s: Session) -> None:
        asked = await s.call("find", {"query": "nájem", "date_from": "1. listopad 2026"})
        assert asked["isError"] is True and envelope(asked)["issues"][0]["code"] == "ambiguous_date"

    unset.run(without)
    with pytest.raises(agent_input.InvalidOptionsError, match="language tags"):
        lenient(Server(framework, wrap=False).server, languages="cs")


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_the_servers_day_reads_relative_words(framework: str) -> None:
    # `today` is called at each call: the day moves with the clock it reads.
    days = iter([datetime.date(2026, 12, 5), datetime.date(2026, 12, 6)])
    server = Server(framework, today=lambda: next(days))

    async def scenario(s: Session) -> None:
        for expected in (datetime.date(2026, 12, 4), datetime.date(2026, 12, 5)):
            read = await s.call("find", {"query": "nájem", "date_from": "yesterday"})
            assert not read.get("isError"), read
            assert server.calls[-1]["date_from"] == expected
            assert codes(carried(read)["notes"], "date_from") != []

    server.run(scenario)
    unset = Server(framework)

    async def without(s: Session) -> None:
        asked = await s.call("find", {"query": "nájem", "date_from": "yesterday"})
        assert asked["isError"] is True and envelope(asked)["issues"][0]["code"] == "relative_date_without_today"

    unset.run(without)
    with pytest.raises(TypeError, match="function returning the day"):
        lenient(Server(framework, wrap=False).server, today=datetime.date(2026, 12, 5))  # type: ignore[arg-type]


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_spec_tool_takes_the_servers_day_too(framework: str) -> None:
    from agent_input.mcp import add_tool, mcp_tool

    spec = {"name": "since", "properties": {"since": {"kind": "date", "required": True}}}
    seen: List[Any] = []

    def handler(since: datetime.date) -> str:
        seen.append(since)
        return since.isoformat()

    server = Server(framework, wrap=False)
    with pytest.raises(TypeError, match="function returning the day"):
        add_tool(server.server, spec, handler, today=datetime.date(2026, 12, 5))  # type: ignore[arg-type]
    if framework == "fastmcp":
        add_tool(server.server, spec, handler, today=lambda: datetime.date(2026, 12, 5))
    else:
        from mcp.server.mcpserver import MCPServer

        server.server = MCPServer("spec", tools=[mcp_tool(spec, handler, today=lambda: datetime.date(2026, 12, 5))])

    async def scenario(s: Session) -> None:
        read = await s.call("since", {"since": "yesterday"})
        assert not read.get("isError"), read
        assert seen == [datetime.date(2026, 12, 4)]

    server.run(scenario)


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_x_agent_input_in_the_schema_declares_what_json_schema_cannot(framework: str) -> None:
    """The same declaration as an override, written by the author in the signature."""
    if framework == "fastmcp":
        from fastmcp import FastMCP

        server: Any = FastMCP("plain")
    else:
        from mcp.server.mcpserver import MCPServer

        server = MCPServer("plain")
    got: List[Optional[str]] = []

    @server.tool()
    def by_court(
        court: Annotated[str, Field(json_schema_extra={"x-agent-input": {"kind": "vocabulary", "entries": COURTS}})],
    ) -> str:
        got.append(court)
        return court

    lenient(server)

    async def main() -> None:
        if framework == "fastmcp":
            from fastmcp import Client as FastMCPClient

            async with FastMCPClient(server) as fclient:
                result = (await fclient.call_tool_mcp("by_court", {"court": "Supreme Administrative Court"})).model_dump(by_alias=True)
        else:
            from mcp import Client

            async with Client(server) as client:
                result = (await client.call_tool("by_court", {"court": "Supreme Administrative Court"})).model_dump(by_alias=True)
        assert not result.get("isError"), result
        assert codes(carried(result)["notes"], "court") == ["vocabulary_value_read"]

    anyio.run(main)
    assert got == ["NSS"]


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_tool_registered_again_is_read_by_its_new_schema(framework: str) -> None:
    server = Server(framework)

    async def scenario(s: Session) -> None:
        first = await s.call("find", {"query": "x", "limit": "4 000"})
        assert first["structuredContent"]["limit"] == 50
        server.replace_find(limit_max=10)
        tools = await s.tools()
        assert "10" in json.dumps(tools["find"]["inputSchema"]["properties"]["limit"])
        second = await s.call("find", {"query": "x", "limit": "4 000"})
        assert second["structuredContent"]["limit"] == 10
        assert [n["message"] for n in carried(second)["notes"] if n["code"] == "out_of_range_clamped"] == [
            'Read "4 000" as 10: the largest allowed value is 10.'
        ]

    server.run(scenario)


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_declaration_the_core_refuses_is_an_error_not_silence(framework: str, caplog: pytest.LogCaptureFixture) -> None:
    """An override the core refuses fails `tools/list` and `tools/call` (a JSON-RPC error),
    and the server's log says why; the tool never silently stays strict."""
    server = Server(framework, overrides={"find": {"properties": {"limit": {"kind": "no_such_kind"}}}})

    async def scenario(s: Session) -> None:
        with pytest.raises(Exception):
            await s.tools()
        with pytest.raises(Exception):
            if (await s.call("find", {"query": "x"})).get("isError"):
                raise RuntimeError("an error result")
        assert server.calls == []

    with caplog.at_level("ERROR", logger="agent_input.mcp"):
        server.run(scenario)
    logged = [r.getMessage() for r in caplog.records if r.name == "agent_input.mcp"]
    assert logged and all("`find`" in m and "no_such_kind" in m for m in logged), logged


def test_lenient_takes_only_the_two_servers_and_a_second_call_replaces_the_first() -> None:
    with pytest.raises(TypeError, match="FastMCP"):
        lenient(object())
    from fastmcp import FastMCP
    from mcp.server.mcpserver import MCPServer

    with pytest.raises(agent_input.InvalidOptionsError, match="overrides"):
        lenient(FastMCP("x"), overrides={"find": "yes"})
    fast = FastMCP("x")
    assert lenient(lenient(fast), overrides={"find": False}) is fast
    ours = [m for m in fast.middleware if getattr(m, "agent_input_lenient", None) is not None]
    assert len(ours) == 1 and ours[0].agent_input_lenient.options["tools"] == {"find": False}
    official = MCPServer("x")
    before = len(official.middleware)
    lenient(official)
    lenient(official, overrides={"find": False})
    assert len(official.middleware) == before + 1
    assert official.middleware[-1].agent_input_lenient.options["tools"] == {"find": False}


# --- the person channel ----------------------------------------------------------------------


def _person(framework: str, answers: List[Any]) -> Dict[str, Any]:
    """Client options whose elicitation handler picks the second reading offered."""
    from mcp_types import ElicitResult

    def answer(message: str, schema: Dict[str, Any]) -> Any:
        answers.append(message)
        return ElicitResult(action="accept", content={"value": schema["properties"]["value"]["oneOf"][1]["const"]})

    if framework == "fastmcp":

        async def handler(message: str, response_type: Any, params: Any, context: Any) -> Any:
            return answer(message, params.requested_schema)

        return {"elicitation_handler": handler}

    async def callback(context: Any, params: Any) -> Any:
        return answer(params.message, params.requested_schema)

    return {"elicitation_callback": callback}


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_an_ambiguous_value_the_person_answers_is_asked_of_the_person(framework: str) -> None:
    server = Server(framework, "before", overrides={"find": {"answered_by": "user"}}, codec=agent_input.CursorCodec(KEY))
    answers: List[Any] = []

    async def scenario(s: Session) -> None:
        assert s.protocol_version in (None, "2026-07-28")
        result = await s.call("find", {"query": "nájem", "date_from": "01/02/2026"})
        assert not result.get("isError"), result
        # The person chose the second reading, 2 January 2026; the function got it.
        assert server.calls == [
            {"tool": "find", "query": "nájem", "limit": 20, "date_from": datetime.date(2026, 1, 2), "active": None, "court": None}
        ]
        assert codes(carried(result)["notes"], "date_from") == ["reading_chosen_by_person"]

    server.run(scenario, **_person(framework, answers))
    assert len(answers) == 1 and answers[0].startswith('"01/02/2026" (date from) can mean 1 February 2026 (day first)')


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_client_that_cannot_ask_gets_the_envelope(framework: str) -> None:
    server = Server(framework, overrides={"find": {"answered_by": "user"}}, codec=agent_input.CursorCodec(KEY))

    async def scenario(s: Session) -> None:
        result = await s.call("find", {"query": "nájem", "date_from": "01/02/2026"})
        assert result["isError"] is True and envelope(result)["code"] == "ambiguous_arguments"
        assert server.calls == []

    server.run(scenario)


def test_a_legacy_connection_gets_the_envelope_even_with_elicitation() -> None:
    """The 2025-11-25 handshake has no `input_required`: the model gets the envelope; and a
    result the middleware shapes itself is a valid result of that revision."""
    from mcp_types.methods import validate_server_result

    server = Server("mcpserver", overrides={"find": {"answered_by": "user"}}, codec=agent_input.CursorCodec(KEY))
    answers: List[Any] = []

    async def scenario(s: Session) -> None:
        assert s.protocol_version == "2025-11-25"
        result = await s.call("find", {"query": "nájem", "date_from": "01/02/2026"})
        assert result["isError"] is True and envelope(result)["code"] == "ambiguous_arguments"
        validate_server_result("tools/call", "2025-11-25", result)
        read = await s.call("find", {"query": "nájem", "limit": "4 000"})
        assert codes(carried(read)["notes"], "limit") == ["grouping_removed", "out_of_range_clamped"]

    server.run(scenario, mode="legacy", **_person("mcpserver", answers))
    assert answers == []


def test_the_middleware_shapes_its_own_results_for_2026_07_28() -> None:
    """An envelope the middleware returns without running the tool carries `resultType` on
    2026-07-28, as the SDK's own results do, and none on the handshake revision."""
    from mcp_types.methods import validate_server_result

    from agent_input.mcp import _MCPServerMiddleware

    asked = agent_input.Tool.from_spec({"name": "t", "properties": {"d": {"kind": "date"}}}).read({"d": "01/02/2026"})
    modern = _MCPServerMiddleware._shaped("2026-07-28", dict(asked.to_call_tool_result()))
    assert modern["resultType"] == "complete" and modern["isError"] is True
    validate_server_result("tools/call", "2026-07-28", modern)
    legacy = _MCPServerMiddleware._shaped("2025-11-25", dict(asked.to_call_tool_result()))
    assert "resultType" not in legacy and legacy["content"] == modern["content"]

    server = Server("mcpserver")

    async def scenario(s: Session) -> None:
        assert s.protocol_version == "2026-07-28"
        result = await s.call("find", {"query": "nájem", "date_from": "01/02/2026"})
        assert result["isError"] is True and result["resultType"] == "complete"
        validate_server_result("tools/call", "2026-07-28", result)

    server.run(scenario)


# --- the contract ------------------------------------------------------------------------------


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_tool_with_an_idempotency_key_keeps_its_receipts_in_the_store_given(framework: str) -> None:
    """`lenient(server, receipts=...)`: a retry is replayed from the store, the function ran once;
    a function's own exception is answered by the framework, as without agent-input."""
    store = agent_input.MemoryReceipts()
    server = Server(framework, wrap=False)
    runs: List[int] = []

    def pay(amount: int, idempotency_key: str) -> str:
        """Pay."""
        runs.append(amount)
        return f"P-{len(runs)}"

    def boom(n: int) -> str:
        """Fail."""
        raise ValueError("boom")

    for function in (pay, boom):
        if framework == "fastmcp":
            server.server.tool(function, output_schema=None)
        else:
            server.server.tool(structured_output=False)(function)
    lenient(server.server, receipts=store)

    async def scenario(s: Session) -> None:
        args = {"amount": "1 250", "idempotency_key": "pay-0001"}
        first, again = await s.call("pay", args), await s.call("pay", args)
        assert first["content"][0]["text"] == again["content"][0]["text"] == "P-1", (first, again)
        assert "receipt_replayed" in [n["code"] for n in carried(again)["notes"]]
        failed = await s.call("boom", {"n": "4 000"})
        assert failed["isError"] is True and "`boom` failed" not in failed["content"][0]["text"], failed

    server.run(scenario)
    assert runs == [1250] and len(store) == 1


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_tool_the_overrides_deprecate_says_so_and_is_retired_on_its_date(framework: str) -> None:
    deprecated = {"removal": "2027-01-01", "replacement": "find_v2"}
    tools = {"find": {"deprecated": deprecated}}
    before = Server(framework, overrides=tools, today=lambda: datetime.date(2026, 12, 31))

    async def listed_and_served(s: Session) -> None:
        find = (await s.tools())["find"]
        assert find["description"] == "Deprecated: removed on 2027-01-01; call `find_v2` instead. Find things.", find
        assert find["_meta"]["agent-input/deprecated"] == deprecated, find
        read = await s.call("find", {"query": "nájem"})
        assert not read.get("isError"), read
        assert before.calls[-1]["query"] == "nájem"

    before.run(listed_and_served)
    after = Server(framework, overrides=tools, today=lambda: datetime.date(2027, 1, 1))

    async def retired(s: Session) -> None:
        result = await s.call("find", {"query": "nájem"})
        assert result["isError"] is True, result
        answer = envelope(result)
        assert answer["code"] == "tool_retired", answer
        assert "Call `find_v2` instead" in answer["hint"], answer

    after.run(retired)
    assert after.calls == [], "a retired tool's function does not run"


@pytest.mark.parametrize("framework", FRAMEWORKS)
def test_a_deprecated_spec_tool_is_listed_as_one_and_retired_past_its_date(framework: str) -> None:
    from agent_input.mcp import add_tool, mcp_tool

    deprecated = {"removal": "2027-01-01", "replacement": "since_v2"}
    spec = {"name": "since", "description": "Since a day.", "deprecated": deprecated, "properties": {"since": {"kind": "date", "required": True}}}
    seen: List[Any] = []

    def handler(since: datetime.date) -> str:
        seen.append(since)
        return since.isoformat()

    def serve(day: datetime.date) -> Server:
        server = Server(framework, wrap=False)
        if framework == "fastmcp":
            server.server.local_provider.remove_tool("find")
            add_tool(server.server, spec, handler, today=lambda: day)
        else:
            from mcp.server.mcpserver import MCPServer

            server.server = MCPServer("spec", tools=[mcp_tool(spec, handler, today=lambda: day)])
        return server

    async def listed_and_served(s: Session) -> None:
        since = (await s.tools())["since"]
        assert since["description"] == "Deprecated: removed on 2027-01-01; call `since_v2` instead. Since a day.", since
        assert since["_meta"]["agent-input/deprecated"] == deprecated, since
        read = await s.call("since", {"since": "2026-12-01"})
        assert not read.get("isError"), read

    serve(datetime.date(2026, 12, 31)).run(listed_and_served)
    assert seen == [datetime.date(2026, 12, 1)]

    async def retired(s: Session) -> None:
        result = await s.call("since", {"since": "2026-12-01"})
        assert result["isError"] is True and envelope(result)["code"] == "tool_retired", result

    serve(datetime.date(2027, 1, 1)).run(retired)
    assert seen == [datetime.date(2026, 12, 1)], "a retired tool's handler does not run"
