"""The call protocol through Python: every case of `tests/vectors/protocol/` run step by step as
the Rust runner (`agent-input/tests/protocol.rs`) runs it, through `Tool.call` and `Protocol`,
the store's steps done against one fresh `MemoryReceipts` per case, and the whole list of steps
compared exactly (number texts included); then the binding's own surface of the protocol."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any, Dict, List, Tuple

import pytest

import agent_input
from vectors import VECTORS, VECTOR_KEY, exact_natives, parse_exact, parse_input, same

#: The `now` of a call whose context does not fix one.
NOW = 1_800_000_000
#: The prefix of the states the protocol issues, as the files spell them normalised (`$state`).
STATE_PREFIX = "agent-input:"
CODEC = agent_input.CursorCodec(VECTOR_KEY.encode())


def _files() -> List[Tuple[str, Any, Any]]:
    out = []
    for path in sorted((VECTORS / "protocol").glob("*.json")):
        text = path.read_text(encoding="utf-8")
        out.append((path.stem, parse_input(text), parse_exact(text)))
    return out


FILES = _files()
CASES = [(f"{stem}/{case['name']}", doc["tool"], case, exact) for stem, doc, whole in FILES for case, exact in zip(doc["cases"], whole["cases"])]


def normalised(value: Any) -> Any:
    """A state this protocol issued, as the files spell it: sealed states differ at each run."""
    if isinstance(value, str) and value.startswith(STATE_PREFIX):
        return "$state"
    if isinstance(value, list):
        return [normalised(v) for v in value]
    if isinstance(value, dict):
        return {k: normalised(v) for k, v in value.items()}
    return value


def run_call(tool: Dict[str, Any], call: Dict[str, Any], store: agent_input.MemoryReceipts, state: List[str]) -> List[Any]:
    """The steps of one call of the file's tool."""
    context = dict(call.get("context") or {})
    context.setdefault("now", NOW)
    params = dict(call.get("params") or {})
    if params.get("requestState") == "$state":
        params["requestState"] = state[0]
    if "spec" in tool:
        machine = agent_input.Tool.from_spec(tool["spec"], codec=CODEC).call(params, context)
    else:
        protocol = agent_input.Protocol(tool["options"], codec=CODEC)
        read, output_schema, _ = protocol.tool(tool["definition"])
        if read is None:
            return [{"step": "pass"}]
        machine = protocol.call(read, params, context, output_schema=output_schema)
    steps = []
    step = machine.step
    while True:
        if step["step"] == "answer" and isinstance(step["result"].get("requestState"), str):
            state[0] = step["result"]["requestState"]
        steps.append(normalised(step))
        if step["step"] in ("answer", "pass", "done"):
            return steps
        if step["step"] == "get":
            outcome: Dict[str, Any] = {"stored": store.get(step["tool"], step["key"])}
        elif step["step"] == "reserve":
            outcome = {"stored": store.reserve(step["tool"], step["key"], step["receipt"])}
        elif step["step"] == "put":
            store.put(step["tool"], step["key"], step["receipt"])
            outcome = {}
        else:
            outcome = call["ran"]
        step = machine.resume(outcome)


@pytest.mark.parametrize("where, tool, case, exact", CASES, ids=[c[0] for c in CASES])
def test_protocol_vector(where: str, tool: Dict[str, Any], case: Dict[str, Any], exact: Dict[str, Any]) -> None:
    assert isinstance(case.get("comment"), str), f"{where}: a case needs a comment"
    store = agent_input.MemoryReceipts()
    state = [""]
    for i, (call, expected) in enumerate(zip(case["calls"], exact["calls"])):
        got = run_call(tool, call, store, state)
        assert same(exact_natives(got), expected["expect"]), f"{where}/{i}\n  expect: {expected['expect']}\n  got:    {got}"


def test_every_protocol_file_is_run() -> None:
    assert sum(len(c["calls"]) for _, _, c, _ in CASES) >= 20
    assert {p.stem for p in (VECTORS / "protocol").glob("*.json")} == {stem for stem, _, _ in FILES}


# --- the binding's surface -----------------------------------------------------------------

SPEC = {
    "name": "search_hearings",
    "properties": {"query": {"kind": "text", "required": True}, "date_from": {}, "amount": {"kind": "number"}},
}


def test_the_run_step_gives_natives_and_the_json_a_framework_parses() -> None:
    tool = agent_input.Tool.from_spec(SPEC)
    call = tool.call({"name": "search_hearings", "arguments": {"query": "x", "date_from": "1. 10. 2026", "amount": "1 234,50"}})
    assert call.step["step"] == call.kind == "run" and call.step["answered"] is False
    assert repr(call) == "Call(\"search_hearings\", step='run')"
    assert call.step["arguments"]["amount"] == Decimal("1234.50")
    assert call.args == {"query": "x", "date_from": datetime.date(2026, 10, 1), "amount": Decimal("1234.50")}
    # As pydantic frameworks get them (a float that is the same number), and as a JSON parser does.
    assert call.arguments() == {"query": "x", "date_from": "2026-10-01", "amount": 1234.5}
    assert type(call.arguments()["amount"]) is float and type(call.arguments(wire=True)["amount"]) is float
    exact = tool.call({"arguments": {"query": "x", "amount": "0.12345678901234567890"}})
    assert exact.arguments()["amount"] == Decimal("0.12345678901234567890")
    assert isinstance(exact.arguments(wire=True)["amount"], float)
    answer = call.resume({"output": {"total": Decimal("0.1")}})
    assert answer is call.step and answer["step"] == "answer"
    assert answer["result"]["structuredContent"]["result"] == {"total": Decimal("0.1")}
    floats = tool.call({"arguments": {"query": "x"}}, floats=True)
    assert floats.resume({"output": {"total": 0.1}})["result"]["structuredContent"]["result"]["total"] == 0.1
    assert call.args is None and call.arguments() is None and call.release() is None


def test_warnings_a_handler_adds_to_the_call_reach_the_result() -> None:
    tool = agent_input.Tool.from_spec(SPEC)
    call = tool.call({"arguments": {"query": "x"}})
    assert call.tool_call is call.tool_call and call.tool_call.ok
    call.tool_call.add_warning(agent_input.no_hits_filtered("query", "x", ["y"]))
    result = call.resume({"output": []})["result"]
    assert [w["code"] for w in result["structuredContent"]["warnings"]] == ["no_hits_filtered"]


def test_misuse_raises_and_bad_input_never_does() -> None:
    tool = agent_input.Tool.from_spec(SPEC)
    for params in ({"arguments": "x"}, {"arguments": [1]}, {}, {"arguments": {"query": None}}):
        assert tool.call(params).step["step"] == "answer", params
    # A lone surrogate is no Unicode text: the call answers the envelope `Tool.read` answers
    # (naming the byte of the JSON text), rather than crossing it changed; and never raises.
    for arguments in ({"query": "\ud800"}, [{"query": "\ud800"}]):
        step = tool.call({"arguments": arguments}).step
        assert step["step"] == "answer", arguments
        read = tool.read(arguments)
        assert step["result"]["structuredContent"] == read.to_call_tool_result(None)["structuredContent"]
    issue = tool.call({"arguments": {"query": "\ud800"}}).step["result"]["structuredContent"]["issues"][0]
    assert issue["code"] == "invalid_request" and "lone UTF-16 surrogate" in issue["expected"]
    call = tool.call({"arguments": {"query": "x"}})
    with pytest.raises(agent_input.InvalidOptionsError):
        call.resume({"result": {"content": []}})
    with pytest.raises(agent_input.InvalidOptionsError):
        call.resume({"what": 1})
    call.resume({"output": None})
    with pytest.raises(agent_input.InvalidOptionsError):
        call.resume({})
    with pytest.raises(agent_input.InvalidOptionsError):
        tool.call({"arguments": {}}, {"today": "2026-1-1"})
    with pytest.raises(agent_input.InvalidOptionsError):
        tool.call("not params")  # type: ignore[arg-type]
    with pytest.raises(agent_input.InvalidOptionsError, match="languages"):
        agent_input.Protocol({"languages": "cs"})
    with pytest.raises(agent_input.InvalidOptionsError, match="overrides of `t`"):
        agent_input.Protocol({"tools": {"t": "yes"}})


def test_a_protocol_builds_a_tool_once_and_lists_it() -> None:
    protocol = agent_input.Protocol({"tools": {"left": False}})
    definition = {"name": "find", "inputSchema": {"type": "object", "properties": {"limit": {"type": "integer"}}}}
    tool, output_schema, log = protocol.tool(definition)
    assert isinstance(tool, agent_input.Tool) and (output_schema, log) == (False, None)
    assert protocol.tool(dict(definition))[0] is tool and protocol.known("find") == (tool, False, None)
    assert protocol.tool({"name": "left"}) == (None, False, None) and protocol.known("nothing") is None
    listed, lines = protocol.list({"tools": [definition, {"name": "left", "inputSchema": {"type": "object"}}]})
    assert listed["tools"][0]["inputSchema"] == tool.input_schema() and listed["tools"][1]["inputSchema"] == {"type": "object"}
    assert lines == []
    folded = {"name": "twice", "inputSchema": {"type": "object", "properties": {"date_from": {}, "dateFrom": {}}}}
    made, _, line = protocol.tool(folded)
    assert made is None and line is not None and "twice" in line
    assert protocol.tool(folded) == (None, False, None), "the log line is given once"
    protocol.forget()
    assert protocol.known("find") is None
    call = protocol.call(tool, {"arguments": {"limit": "4 000"}})
    assert call.step == {"step": "run", "arguments": {"limit": 4000}, "answered": False}


def test_the_cores_constants_and_can_ask() -> None:
    assert (agent_input.NOTES_META, agent_input.WARNINGS_META) == ("agent-input/notes", "agent-input/warnings")
    assert agent_input.MRTR_VERSION == "2026-07-28"
    assert agent_input.can_ask("2026-07-28", {"elicitation": {}})
    assert not agent_input.can_ask("2025-11-25", {"elicitation": {}}) and not agent_input.can_ask(None, None)
    from agent_input.mcp import can_ask

    assert can_ask("2026-07-28", {"elicitation": {"form": {}}}) and not can_ask("2026-07-28", {"elicitation": {"url": {}}})


def test_a_recursive_schema_is_read_to_the_values_depth() -> None:
    node = {"type": "object", "required": ["value"], "properties": {
        "value": {"type": "integer"},
        "left": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}], "default": None},
        "right": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}], "default": None}}}
    tree = agent_input.Tool.from_input_schema(
        {"type": "object", "properties": {"root": {"$ref": "#/$defs/Node"}}, "$defs": {"Node": node}}
    )
    sent = {"root": {"value": 1, "left": {"value": 2, "left": None, "right": None}, "right": None}}
    assert tree.read(sent).args == sent and tree.read(sent).notes == []
    deep = tree.read({"root": {"value": 1, "left": {"value": 2, "right": {"value": "4 000"}}}})
    assert deep.ok and deep.args["root"]["left"]["right"]["value"] == 4000
    assert deep.notes[0]["path"] == "root.left.right.value"
    assert tree.input_schema()["$defs"]["Node"]["type"] == "object"
