"""The Python API around the vectors: natives per kind, misuse errors, the missing value, the
tool factory, cursors, vocabularies, the generated types and the coverage of every kind."""

from __future__ import annotations

import datetime
import inspect
import json
import threading
import typing
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, List

import pytest

import agent_input
from agent_input import _types
from vectors import ROOT, kind_cases, set_vector_key, tool_cases

set_vector_key()
COURTS: List[Dict[str, Any]] = json.loads((ROOT / "tests" / "fixtures" / "czech_courts.json").read_text(encoding="utf-8"))


# --- natives: `.value` types per kind ------------------------------------------------------


@pytest.mark.parametrize(
    "kind, value, options, native",
    [
        ("number", "4 000", {}, 4000),
        ("number", "1 234,5", {}, Decimal("1234.5")),
        ("number", 12345678901234567890, {}, 12345678901234567890),
        ("number", Decimal("0.10"), {}, Decimal("0.10")),
        ("boolean", "ano", {}, True),
        ("enum", "Date Desc", {"values": ["date_desc", "relevance"]}, "date_desc"),
        ("filter", "cs", {"item": {"kind": "locale"}}, "cs"),
        ("filter", "7", {"item": {"kind": "number"}}, 7),
        ("text", "  Praha ", {}, "Praha"),
        ("list", "1,5", {"item": {"kind": "number"}}, None),
        ("list", "cs, DE", {"item": {"kind": "enum", "values": ["cs", "de"]}}, ["cs", "de"]),
        ("list", "2026-01-01, 1. 2. 2026", {"item": {"kind": "date"}}, [datetime.date(2026, 1, 1), datetime.date(2026, 2, 1)]),
        ("uuid", "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}", {}, "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01"),
        ("idempotency_key", "order-4711-retry", {}, "order-4711-retry"),
        ("date", "1. října 2026", {}, datetime.date(2026, 10, 1)),
        ("date", 2020, {"role": "to"}, datetime.date(2020, 12, 31)),
        ("date_range", "2020", {}, (datetime.date(2020, 1, 1), datetime.date(2020, 12, 31))),
        ("date_range", {"from": "2020-03-01"}, {}, (datetime.date(2020, 3, 1), None)),
        ("country", "Česko", {}, "CZ"),
        ("locale", "cs_CZ.UTF-8", {}, "cs-CZ"),
        ("eli", "Regulation (EU) 2016/679", {}, "http://data.europa.eu/eli/reg/2016/679/oj"),
        ("vocabulary", "Nejvyssi spravni soud", {"entries": COURTS}, "NSS"),
    ],
)
def test_value_natives(kind: str, value: Any, options: Dict[str, Any], native: Any) -> None:
    out = agent_input.read(kind, value, **options)
    if native is None:  # "1, 5" for numbers has two meanings: an ask, and no value
        assert out.status == "ask" and out.value is None and not out
        return
    assert out.status == "ok" and bool(out) is True
    assert out.value == native
    assert type(out.value) is type(native)
    if isinstance(native, (list, tuple)):
        assert [type(v) for v in out.value] == [type(v) for v in native]


def test_numbers_are_never_floats() -> None:
    for case_id, case, _ in kind_cases():
        if case["kind"] == "number":
            out = agent_input.read("number", *([case["input"]] if "input" in case else []), **(case.get("options") or {}))
            assert not isinstance(out.value, float), case_id
            assert "float" not in repr(type(out.to_dict().get("value"))), case_id


def test_to_dict_is_the_json_with_exact_numbers() -> None:
    out = agent_input.read_number("1,5")
    assert out.to_dict() == {
        "status": "ok",
        "value": Decimal("1.5"),
        "notes": [{"code": "decimal_comma_read", "message": 'Read "1,5" as 1.5.'}],
        "warnings": [],
    }
    assert isinstance(out.to_dict()["value"], Decimal)
    assert json.loads(out.to_json()) == json.loads(json.dumps({**out.to_dict(), "value": 1.5}))


def test_an_ask_names_every_reading() -> None:
    out = agent_input.read_number("1,234")
    assert out.status == "ask" and out.value is None
    ask = out.ask
    assert ask is not None
    assert ask["code"] == "ambiguous_decimal_separator" and ask["received"] == "1,234"
    assert [r["value"] for r in ask["readings"]] == [1234, Decimal("1.234")]
    assert ask["hint"].startswith("Call again with the value")


# --- the missing value, None, and the doors ---------------------------------------------------


def test_missing_is_not_none() -> None:
    assert agent_input.read("number").to_json() == '{"status":"absent","notes":[],"warnings":[]}'
    assert agent_input.read("number", agent_input.MISSING).to_json() == agent_input.read("number").to_json()
    assert agent_input.read_number().notes == []
    assert agent_input.Reader("number").read().notes == []
    assert agent_input.read("number", None).notes[0]["code"] == "null_read_as_absent"
    assert agent_input.read_number(default=20).value == 20
    assert repr(agent_input.MISSING) == "MISSING" and not agent_input.MISSING


def test_reader_checks_options_once_and_reads_many() -> None:
    limit = agent_input.Reader("number", preset="limit", max=50)
    assert limit.kind == "number" and repr(limit) == 'Reader("number")'
    assert [limit.read(v).value for v in ["500", "4 000", 7, None]] == [50, 50, 7, 20]


def test_per_kind_functions_match_the_generic_door() -> None:
    assert agent_input.read_date("01/02/2026").to_json() == agent_input.read("date", "01/02/2026").to_json()
    assert agent_input.read_date("2020", role="from").value == datetime.date(2020, 1, 1)
    assert agent_input.read_date("zítra", today=datetime.date(2026, 10, 1)).value == datetime.date(2026, 10, 2)
    assert agent_input.read_enum("newest", values=["date_desc"], aliases={"newest": "date_desc"}).value == "date_desc"
    assert agent_input.read_uuid("00000000-0000-0000-0000-000000000000", mode="write").status == "ask"


def test_values_cross_as_their_json() -> None:
    assert agent_input.read_number(1.5).value == Decimal("1.5")
    assert agent_input.read_number(1e16).value == 10**16
    assert agent_input.read_number(True).status == "ask"
    assert agent_input.read_boolean(1).value is True
    assert agent_input.read_list(("a", "b")).value == ["a", "b"]
    assert agent_input.read_date(datetime.date(2026, 10, 1)).value == datetime.date(2026, 10, 1)
    # NaN crosses as its text, which the number reads as a missing value's placeholder.
    nan = agent_input.read_number(float("nan"))
    assert nan.status == "absent" and nan.notes[0]["code"] == "placeholder_read_as_absent"
    assert '"nan"' in nan.notes[0]["message"]
    assert agent_input.read_number(float("inf")).status == "ask"


def test_non_json_values_raise_type_error() -> None:
    with pytest.raises(TypeError, match="expected a JSON value"):
        agent_input.read_text(object())
    with pytest.raises(TypeError, match="str keys"):
        agent_input.read("text", {1: "a"})
    with pytest.raises(TypeError):
        agent_input.read_date(datetime.datetime(2026, 10, 1, 12, 0))
    # Nesting is no misuse: past 64 levels the read asks (test_promises.py).
    deep: Any = []
    for _ in range(1100):
        deep = [deep]
    assert agent_input.read_list(deep).ask["code"] == "input_too_long"  # type: ignore[index]


# --- misuse raises, with the core's message ----------------------------------------------------


def test_misuse_raises_typed_errors_with_the_cores_message() -> None:
    with pytest.raises(agent_input.UnknownKindError, match="unknown kind `nope`") as unknown:
        agent_input.read("nope", "x")
    assert unknown.value.code == "unknown_kind" and isinstance(unknown.value, ValueError)
    with pytest.raises(agent_input.InvalidOptionsError) as bad:
        agent_input.Reader("number", maxx=5)
    assert str(bad.value).startswith("invalid options for kind `number`: unknown option `maxx`")
    assert bad.value.code == "invalid_options"
    with pytest.raises(agent_input.InvalidOptionsError, match="`min` 5 is above `max` 1"):
        agent_input.read_number("3", min=5, max=1)
    with pytest.raises(agent_input.InvalidOptionsError, match="expected at least 16"):
        agent_input.CursorCodec(b"short")
    with pytest.raises(agent_input.InvalidOptionsError, match="`entries` is empty"):
        agent_input.Vocabulary([])
    with pytest.raises(agent_input.InvalidOptionsError, match="invalid options for kind `vocabulary`"):
        agent_input.Vocabulary([{"id": "A", "nmes": ["x"]}])
    with pytest.raises(agent_input.InvalidOptionsError, match="vocabulary"):
        agent_input.Vocabulary(COURTS).read("NS", role="both")
    with pytest.raises(agent_input.InvalidOptionsError, match="a tool spec needs a non-empty string `name`"):
        agent_input.Tool.from_spec({"properties": {}})
    with pytest.raises(agent_input.InvalidOptionsError, match="not JSON"):
        agent_input.Tool.from_spec("{nope")
    assert agent_input.AgentInputError.code is None
    assert agent_input.UnknownKindError.code == "unknown_kind"


def test_bad_input_never_raises() -> None:
    for value in ["", " ", "N/A", "{{value}}", "x" * 20000, [1, [2]], {"a": None}, -0, 10**40, False]:
        for kind in agent_input.KINDS:
            options: Dict[str, Any] = {
                "enum": {"values": ["a"]},
                "vocabulary": {"entries": COURTS},
                "cursor": {"key_env": "AGENT_INPUT_VECTOR_KEY"},
            }.get(kind, {})
            out = agent_input.read(kind, value, **options)
            assert out.status in ("ok", "absent", "ask")


# --- long inputs release the GIL ----------------------------------------------------------------


def test_long_reads_release_the_gil_and_give_the_same_outcome() -> None:
    long_text = "  " + "Praha " * 1500
    expect = agent_input.read_text(long_text).to_json()
    results: List[str] = []
    threads = [threading.Thread(target=lambda: results.append(agent_input.read_text(long_text).to_json())) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expect] * 4
    assert agent_input.read_list(["x"] * 2000, max_items=5).status == "ask"


# --- tools ---------------------------------------------------------------------------------


SPEC: Dict[str, Any] = {
    "name": "search_decisions",
    "properties": {
        "query": {"kind": "text", "required": True},
        "court": {"kind": "vocabulary", "entries": COURTS, "role": "filter"},
        "date_from": {},
        "date_to": {},
        "limit": {"max": 50},
        "cursor": {"key_env": "AGENT_INPUT_VECTOR_KEY"},
    },
}


def test_tool_reads_a_call_into_natives() -> None:
    codec = agent_input.CursorCodec(b"a server key of 16+ bytes")
    tool = agent_input.Tool.from_spec({**SPEC, "properties": {**SPEC["properties"], "cursor": {}}}, codec=codec)
    assert tool.name == "search_decisions" and tool.writes is False
    cursor = codec.encode({"after": 40})
    call = tool.read({"query": "nájem", "dateFrom": "1. 10. 2026", "limit": "500", "court": "NS", "cursor": cursor})
    assert call.ok and call and call.status == "ok"
    assert call.args == {
        "query": "nájem",
        "court": "NS",
        "date_from": datetime.date(2026, 10, 1),
        "limit": 50,
        "cursor": {"after": 40},
    }
    assert [(n["path"], n["code"]) for n in call.notes][0] == ("date_from", "property_name_normalized")
    assert call.envelope is None and call.telemetry() is None and call.issues == []
    result = call.to_call_tool_result({"hits": []})
    assert result["isError"] is False
    assert result["structuredContent"]["result"] == {"hits": []}
    assert json.loads(result["content"][0]["text"]) == result["structuredContent"]


def test_tool_error_envelope_and_telemetry() -> None:
    tool = agent_input.Tool.from_spec(json.dumps(SPEC))
    call = tool.read({"date_from": "01/02/2026"})
    assert not call.ok and call.status == "error" and call.args is None
    envelope = call.envelope
    assert envelope is not None
    assert envelope["code"] == "invalid_arguments"
    assert [i["path"] for i in call.issues] == ["query", "date_from"]
    assert call.telemetry() == {"tool": "search_decisions", "codes": ["missing_required", "ambiguous_date"], "paths": ["query", "date_from"]}
    result = call.to_call_tool_result()
    assert result["isError"] is True and result["structuredContent"] == envelope
    assert tool.read().envelope is not None


def test_a_handler_can_add_a_warning() -> None:
    call = agent_input.Tool.from_spec(SPEC).read({"query": "x", "court": "NS"})
    call.add_warning(agent_input.no_hits_filtered("court", "NS", ["NSS"]))
    assert [w["code"] for w in call.warnings] == ["no_hits_filtered"]
    assert call.to_call_tool_result([])["structuredContent"]["warnings"][0]["values"] == ["NSS"]
    with pytest.raises(ValueError, match="invalid warning"):
        call.add_warning({"code": "nope", "message": "x"})


def test_tool_schema_and_definition() -> None:
    tool = agent_input.Tool.from_spec(SPEC)
    schema = tool.input_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["required"] == ["query"]
    definition = tool.definition()
    assert definition["name"] == "search_decisions" and definition["inputSchema"] == schema
    assert definition["annotations"] == {"readOnlyHint": True}


def _natives(value: Any) -> List[type]:
    """Every leaf type of a native value."""
    if isinstance(value, dict):
        return [t for v in value.values() for t in _natives(v)]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _natives(v)]
    return [type(value)]


def test_tool_args_are_natives_for_every_ok_tool_vector() -> None:
    allowed = {str, int, Decimal, bool, datetime.date, type(None)}
    seen = set()
    for where, spec, case, _ in tool_cases():
        call = agent_input.Tool.from_spec(spec).read(case.get("args"))
        if call.ok:
            assert isinstance(call.args, dict), where
            leaves = set(_natives(call.args))
            assert leaves <= allowed, f"{where}: {leaves - allowed}"
            seen |= leaves
    assert {int, str, datetime.date} <= seen


def test_tool_args_keys_are_the_declared_names_made_once() -> None:
    """The args dict holds the declared names in declared order, whatever order the call sent
    them in; its keys, and the notes' paths and codes, are strings made once, the same objects
    call after call."""
    tool = agent_input.Tool.from_spec({"name": "t", "properties": {
        "query": {"kind": "text"}, "since": {"kind": "date"}, "limit": {"kind": "number"},
        "filter": {"kind": "object", "properties": {"country": {"kind": "country"}}}}})
    first = tool.read({"filter": {"country": "Česko"}, "limit": "4 000", "since": "1. 10. 2026", "query": "x"}).args
    assert list(first) == ["query", "since", "limit", "filter"]
    assert first == {"query": "x", "since": datetime.date(2026, 10, 1), "limit": 4000, "filter": {"country": "CZ"}}
    second = tool.read({"since": "2026-10-02"}).args
    assert list(second) == ["since"] and second["since"] == datetime.date(2026, 10, 2)
    assert next(iter(second)) is list(first)[1], "the key is the tool's interned name"
    notes = tool.read({"since": "1. 10. 2026"}).notes
    again = tool.read({"since": "2. 10. 2026"}).notes
    assert [(n["code"], n["path"]) for n in notes] == [("date_spelling_normalized", "since")]
    assert notes[0]["path"] is list(first)[1], "a note's path is the property's own string"
    assert notes[0]["code"] is again[0]["code"], "a code is one string, made once"


def _everything(call: Any) -> Any:
    return (call.to_json(), call.args, call.notes, call.warnings)


class _Str(str):
    pass


def test_a_tool_reads_each_call_as_its_own_whatever_came_before() -> None:
    """A tool keeps its last call's arguments for the next call with the same keys: each call
    of every tool vector, read by one tool after all the others (forwards and backwards), is
    what a tool made for it alone reads; so is each of a sequence of the same keys with other
    values, other orders, fewer and more keys, nested values, a `str` subclass, a lone
    surrogate and a call past what is kept."""
    by_spec: Dict[str, List[Any]] = {}
    for _, spec, case, _ in tool_cases():
        by_spec.setdefault(json.dumps(spec, sort_keys=True), []).append(case.get("args"))
    for text, calls in by_spec.items():
        shared = agent_input.Tool.from_spec(json.loads(text))
        for args in calls + calls[::-1]:
            alone = agent_input.Tool.from_spec(json.loads(text)).read(args)
            assert _everything(shared.read(args)) == _everything(alone), args
    spec = {"name": "t", "properties": {
        "query": {"kind": "text"}, "since": {"kind": "date"}, "limit": {"kind": "number"},
        "filter": {"kind": "object", "properties": {"country": {"kind": "country"}}}}}
    tool = agent_input.Tool.from_spec(spec)
    sequence: List[Any] = [
        {"query": "a", "since": "1. 10. 2026", "limit": "4 000"},
        {"query": "a longer query than before", "since": "2026-10-02", "limit": 5},
        {"query": "b", "since": "2026-10-03", "limit": "5"},
        {"query": 7, "since": None, "limit": "6"},
        {"query": "c", "since": "2026-10-04", "limit": "7"},
        {"since": "2026-10-04", "query": "c", "limit": "7"},
        {"query": "c", "since": "2026-10-04"},
        {"query": "c", "since": "2026-10-04", "limit": "7", "filter": {"country": "Česko"}},
        {"query": "c", "since": "2026-10-04", "limit": "7", "filter": {"country": "cz"}},
        {"query": _Str("d"), "since": "2026-10-04", "limit": "7", "filter": {"country": "cz"}},
        {"query": "e\ud800", "since": "2026-10-04", "limit": "7", "filter": {"country": "cz"}},
        {"query": "f", "since": "2026-10-04", "limit": "7", "filter": {"country": "cz"}},
        {"query": "g" * 70_000, "since": "2026-10-04", "limit": "7", "filter": {"country": "cz"}},
        {"query": "h", "since": "2026-10-04", "limit": "7", "filter": {"country": "cz"}},
        {"query": "h", "since": "2026-10-04", "limit": "7", "other": "x"},
        None,
        {},
        {"query": "i", "since": "2026-10-04", "limit": "7", "other": "x"},
    ]
    for args in sequence:
        alone = agent_input.Tool.from_spec(spec).read(args)
        assert _everything(tool.read(args)) == _everything(alone), args


# --- cursors ---------------------------------------------------------------------------------


def test_cursor_codec_round_trip_expiry_and_forgery() -> None:
    codec = agent_input.CursorCodec(b"a server key of 16+ bytes")
    cursor = codec.encode({"after": 40}, ttl=60)
    assert cursor.startswith("c1.")
    assert codec.read(cursor).value == {"after": 40}
    assert codec.read("start").status == "absent"
    assert codec.read(cursor, now=2**40).ask is not None
    fixed = codec.encode({"after": 1}, expires_at=2**40)
    assert codec.read(fixed, now=2**40 - 1).value == {"after": 1}
    assert codec.read(fixed, now=2**40).status == "ask"
    other = agent_input.CursorCodec(b"another server key of 16+ bytes")
    assert other.read(cursor).ask is not None and other.read(cursor).ask["code"] == "invalid_cursor"  # type: ignore[index]
    assert codec.read(codec.encode(b"\x00\x01")).value == "AAE"
    assert codec.encode({"a": 1}, datetime.timedelta(minutes=1)).startswith("c1.")
    assert "redacted" in repr(codec) and "server key" not in repr(codec)
    with pytest.raises(agent_input.InvalidOptionsError, match="not both"):
        codec.encode({"a": 1}, ttl=5, expires_at=2**40)


def test_cursor_from_env_and_as_a_kind() -> None:
    codec = agent_input.CursorCodec.from_env("AGENT_INPUT_VECTOR_KEY")
    cursor = codec.encode({"page": 2})
    assert agent_input.read_cursor(cursor, key_env="AGENT_INPUT_VECTOR_KEY").value == {"page": 2}
    with pytest.raises(agent_input.InvalidOptionsError, match="is not set"):
        agent_input.CursorCodec.from_env("AGENT_INPUT_NO_SUCH_VARIABLE")


# --- vocabularies ------------------------------------------------------------------------------


def test_vocabulary_reads_roles() -> None:
    courts = agent_input.Vocabulary(COURTS)
    assert len(courts.entries) == len(COURTS) and courts.entries[0]["id"] == "US"
    value = courts.read("Nejvyšší správní soud")
    assert value.value == "NSS" and value.notes[0]["code"] == "vocabulary_value_read"
    assert courts.read("Supreme").status == "ask"
    dropped = courts.read("Supreme", role="filter")
    assert dropped.status == "absent" and dropped.warnings[0]["code"] == "filter_value_dropped"
    assert courts.read().status == "absent"


# --- batch lines -------------------------------------------------------------------------------


def test_read_line() -> None:
    assert agent_input.read_line('{"kind": "number", "input": "4 000"}').value == 4000
    assert agent_input.read_line("{not json").ask is not None


# --- generated types and coverage --------------------------------------------------------------


def test_every_kind_has_its_function() -> None:
    for kind in agent_input.KINDS:
        fn = getattr(agent_input, f"read_{kind}")
        assert fn.__doc__ and f"kind `{kind}`" in fn.__doc__
        params = list(inspect.signature(fn).parameters.values())
        assert params[0].kind is inspect.Parameter.POSITIONAL_ONLY
        assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:])


def test_code_literals_equal_the_cores_codes() -> None:
    assert typing.get_args(_types.Kind) == agent_input.KINDS
    assert typing.get_args(_types.NoteCode) == agent_input.NOTE_CODES
    assert typing.get_args(_types.WarningCode) == agent_input.WARNING_CODES
    assert typing.get_args(_types.AskCode) == agent_input.ASK_CODES
    assert typing.get_args(_types.EnvelopeCode) == agent_input.ENVELOPE_CODES


def _check_shape(shape: Any, value: Dict[str, Any], where: str) -> None:
    keys = set(value)
    assert shape.__required_keys__ <= keys, f"{where}: {shape.__name__} lacks {shape.__required_keys__ - keys}"
    assert keys <= shape.__required_keys__ | shape.__optional_keys__, f"{where}: {shape.__name__} has {keys}"


def test_wire_shapes_cover_every_vector_outcome() -> None:
    """The TypedDicts of the wire shapes (listed once in the generator) against every outcome and
    tool call the vectors produce: every required key present, no undeclared key."""
    for where, case, _ in kind_cases():
        out = agent_input.read(case["kind"], *([case["input"]] if "input" in case else []), **(case.get("options") or {}))
        for note in out.notes:
            _check_shape(_types.NoteDict, note, where)
        for warning in out.warnings:
            _check_shape(_types.WarningDict, warning, where)
        if out.ask is not None:
            _check_shape(_types.AskDict, out.ask, where)
            for reading in out.ask["readings"]:
                _check_shape(_types.ReadingDict, reading, where)
    for where, spec, case, _ in tool_cases():
        call = agent_input.Tool.from_spec(spec).read(case.get("args"))
        for issue in call.issues:
            _check_shape(_types.IssueDict, issue, where)
        if call.envelope is not None:
            _check_shape(_types.EnvelopeDict, call.envelope, where)
            telemetry = call.telemetry()
            assert telemetry is not None
            _check_shape(_types.TelemetryDict, telemetry, where)
        _check_shape(_types.CallToolResultDict, call.to_call_tool_result(None), where)


def test_every_public_name_has_a_docstring() -> None:
    for name in agent_input.__all__:
        obj = getattr(agent_input, name)
        if inspect.isclass(obj) or inspect.isroutine(obj):
            assert obj.__doc__, name
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if not attr.startswith("_") and (inspect.isroutine(member) or inspect.isdatadescriptor(member)):
                    assert member.__doc__, f"{name}.{attr}"


def test_generated_files_carry_their_header() -> None:
    here = Path(agent_input.__file__).parent
    for name in ["_types.py", "_kinds.py"]:
        assert (here / name).read_text(encoding="utf-8").startswith("# @generated by `cargo xtask stubs`")


def test_fold_is_the_cores_matching_key() -> None:
    assert agent_input.fold("  Nájem\u200b  Bytu ") == "najem bytu"
    assert agent_input.fold("ÚSTAVNÍ") == agent_input.fold("ustavni")


def test_a_person_is_asked_and_the_answer_read() -> None:
    codec = agent_input.CursorCodec(b"a server key of 16+ bytes")
    tool = agent_input.Tool.from_spec(
        {"name": "hearings", "answered_by": "user", "properties": {"date_to": {}}}, codec=codec
    )
    args = {"date_to": "01/02/2026"}
    question = tool.ask_person(tool.read(args), args, now=1_800_000_000)
    assert question is not None and question["resultType"] == "input_required"
    offered = question["inputRequests"]["date_to"]["params"]["requestedSchema"]["properties"]["value"]["oneOf"]
    assert [o["const"] for o in offered] == ["2026-02-01", "2026-01-02"]
    answers = {"date_to": {"action": "accept", "content": {"value": "2026-01-02"}}}
    call = tool.read_answers(args, answers, question["requestState"], now=1_800_000_100)
    assert call.ok and call.args == {"date_to": datetime.date(2026, 1, 2)}
    assert [n["code"] for n in call.notes] == ["reading_chosen_by_person"]
    assert tool.answered_by("date_to") == "user"
    with pytest.raises(agent_input.InvalidOptionsError):
        agent_input.Tool.from_spec({"name": "t", "properties": {}}).ask_person(tool.read(args), args)


@pytest.mark.parametrize("text", ["2026-10-01", "1. 10. 2026", "0002-01-01", "9998-12-31", "29. 2. 2024", "October 1, 2026"])
def test_a_date_value_is_the_date_its_json_names(text: str) -> None:
    out = agent_input.Reader("date").read(text)
    assert type(out.value) is datetime.date
    assert out.value == datetime.date.fromisoformat(json.loads(out.to_json())["value"])


def test_a_calls_today_reads_relative_words() -> None:
    tool = agent_input.Tool.from_spec({"name": "t", "properties": {"since": {"kind": "date"}, "period": {"kind": "date_range"}}})
    args = {"since": "3 days ago", "period": "last month"}
    asked = tool.read(args)
    assert not asked.ok and [i["code"] for i in asked.envelope["issues"]] == ["relative_date_without_today"] * 2
    for today in (datetime.date(2026, 12, 5), "2026-12-05", datetime.datetime(2026, 12, 5, 23, 59)):
        call = tool.read(args, today=today)
        assert call.ok and call.args == {
            "since": datetime.date(2026, 12, 2),
            "period": (datetime.date(2026, 11, 1), datetime.date(2026, 11, 30)),
        }
    assert tool.read_json('{"since": "yesterday"}', today="2026-12-05").args == {"since": datetime.date(2026, 12, 4)}
    with pytest.raises(TypeError):
        tool.read(args, today=20261205)
    with pytest.raises(agent_input.InvalidOptionsError):
        tool.read(args, today="5. 12. 2026")
    with pytest.raises(agent_input.InvalidOptionsError):
        tool.read(args, today="9999-01-01")


def test_dates_are_made_through_the_checked_c_api_on_cpython() -> None:
    # The datetime module's `Date_FromDate` is used only after the binding checked it against
    # `datetime.date` and `date.fromisoformat`; on CPython that check passes, so a change that
    # loses it (and dates cost several times more) fails here.
    import platform

    from agent_input import _agent_input

    expected = "c_api" if platform.python_implementation() == "CPython" else "fromisoformat"
    assert _agent_input._date_constructor() == expected
    tool = agent_input.Tool.from_spec({"name": "t", "properties": {"d": {"kind": "date"}, "r": {"kind": "date_range"}}})
    args = tool.read({"d": "31. 12. 2026", "r": "2026-Q2"}).args
    assert args == {"d": datetime.date(2026, 12, 31), "r": (datetime.date(2026, 4, 1), datetime.date(2026, 6, 30))}
    assert type(args["d"]) is datetime.date and all(type(d) is datetime.date for d in args["r"])


def test_importing_the_package_leaves_typing_unloaded() -> None:
    # `import agent_input` stays within its 10 ms by not importing `typing` (several ms):
    # the generated types load on first use, and no module imports it eagerly.
    import subprocess
    import sys

    code = (
        "import sys; before = set(sys.modules); import agent_input; "
        "print(sorted(m for m in ('typing', 'agent_input._types') if m in set(sys.modules) - before))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
