"""Every shared vector, through Python: kinds (through `read`, `Reader` and `read_<kind>`),
batch lines, helpers, cursors (with the vector key) and whole tool calls. Each asserts the whole
expected outcome, number texts included. No case is skipped."""

from __future__ import annotations

from typing import Any, Dict

import pytest

import agent_input
from vectors import (
    exact_natives,
    kind_cases,
    kind_files,
    parse_exact,
    same,
    set_vector_key,
    simple_cases,
    tool_cases,
)

set_vector_key()

KIND_CASES = kind_cases()
BATCH_CASES = simple_cases("batch.json")
HELPER_CASES = simple_cases("helpers.json")
TOOL_CASES = tool_cases()


def check(where: str, got_json: str, expect: Any) -> None:
    got = parse_exact(got_json)
    assert same(got, expect), f"{where}\n  expect: {expect}\n  got:    {got_json}"


@pytest.mark.parametrize("where, case, exact", KIND_CASES, ids=[c[0] for c in KIND_CASES])
def test_kind_vector(where: str, case: Dict[str, Any], exact: Dict[str, Any]) -> None:
    kind, options = case["kind"], case.get("options") or {}
    args = (case["input"],) if "input" in case else ()
    expect = exact["expect"]
    check(f"{where} (read)", agent_input.read(kind, *args, **options).to_json(), expect)
    check(f"{where} (Reader)", agent_input.Reader(kind, **options).read(*args).to_json(), expect)
    # Every kind has its function; an alias (`string_list` for `list`) has none of its own.
    if kind in agent_input.KINDS:
        per_kind = getattr(agent_input, f"read_{kind}")
        check(f"{where} (read_{kind})", per_kind(*args, **options).to_json(), expect)


@pytest.mark.parametrize("where, case, exact", BATCH_CASES, ids=[c[0] for c in BATCH_CASES])
def test_batch_vector(where: str, case: Dict[str, Any], exact: Dict[str, Any]) -> None:
    check(where, agent_input.read_line(case["line"]).to_json(), exact["expect"])


@pytest.mark.parametrize("where, case, exact", HELPER_CASES, ids=[c[0] for c in HELPER_CASES])
def test_helper_vector(where: str, case: Dict[str, Any], exact: Dict[str, Any]) -> None:
    assert case["helper"] == "no_hits_filtered", f"{where}: unknown helper {case['helper']}"
    args = case["args"]
    warning = agent_input.no_hits_filtered(args["property"], args["filter"], args["would_match"])
    assert same(exact_natives(warning), exact["expect"]), f"{where}\n  expect: {exact['expect']}\n  got:    {warning}"


@pytest.mark.parametrize("where, spec, case, exact", TOOL_CASES, ids=[c[0] for c in TOOL_CASES])
def test_tool_vector(where: str, spec: Any, case: Dict[str, Any], exact: Dict[str, Any]) -> None:
    tool = agent_input.Tool.from_spec(spec)
    if "args_text" in case:
        # The raw body as sent (a key twice, bytes that are not JSON): a JSON parser would lose
        # what the case is about, so the text crosses as it is.
        text = case["args_text"]
        check(f"{where} (str)", tool.read_json(text).to_json(), exact["expect"])
        check(f"{where} (bytes)", tool.read_json(text.encode()).to_json(), exact["expect"])
        return
    call = tool.read(case["args"]) if "args" in case else tool.read()
    check(where, call.to_json(), exact["expect"])
    if "now" in case:
        # A case that asks a person: the question at `now` with the vector key, and the retry.
        from vectors import VECTOR_KEY

        codec = agent_input.CursorCodec(VECTOR_KEY.encode())
        question = tool.ask_person(call, case.get("args"), codec=codec, now=case["now"])
        assert question == case["question"], f"{where} question\n  expect: {case['question']}\n  got:    {question}"
        if "answers" in case:
            answers = case["answers"]
            state = answers.get("request_state") or (question or {}).get("requestState", "")
            answered = tool.read_answers(
                case.get("args"), answers.get("input_responses"), state, codec=codec, now=case["now"]
            )
            check(f"{where} answered", answered.to_json(), exact["answered"])


def test_every_vector_file_is_run() -> None:
    """Every kind has a vector file, and every file in tests/vectors is one this runner runs."""
    from vectors import VECTORS

    run = {p.name for p in kind_files()} | {"batch.json", "helpers.json"}
    assert {p.name for p in VECTORS.glob("*.json")} == run
    assert {f"{k}.json" for k in agent_input.KINDS} <= run
    assert len(TOOL_CASES) > 0 and len(KIND_CASES) >= 40 * len(agent_input.KINDS)
