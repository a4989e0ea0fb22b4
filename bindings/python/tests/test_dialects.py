"""Each host's dialect of a tool's input schema, given to the host's own library: the golden
files of the example specs (`examples/specs/dialects/`, written by the core's tests) are what
`Tool.definition(dialect=...)` returns here, OpenAI's strict schemas are fixed points of the
`openai` package's own strict-schema helper, Gemini's declarations validate as the `google-genai`
package's `FunctionDeclaration`, and MCP's and Anthropic's schemas are JSON Schema 2020-12 (MCP's
as the SDK's `Tool`)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any, Dict, List, Tuple

import jsonschema
import mcp.types
import pytest
from google.genai import types as genai
from openai.lib._pydantic import _ensure_strict_json_schema

import agent_input

ROOT = Path(__file__).resolve().parents[3]
SPECS = ROOT / "examples" / "specs"
DIALECTS = ("mcp", "openai-strict", "gemini", "anthropic")


def _spec(name: str) -> Dict[str, Any]:
    """An example spec, its vocabularies' `entries` files read (as `agent-input schema` does)."""
    spec: Dict[str, Any] = json.loads((SPECS / f"{name}.json").read_text(encoding="utf-8"))
    for decl in spec["properties"].values():
        if isinstance(decl.get("entries"), str):
            decl["entries"] = json.loads((SPECS / decl["entries"]).read_text(encoding="utf-8"))
    return spec


def _golden() -> List[Tuple[str, str]]:
    names = sorted(p.stem for p in SPECS.glob("*.json"))
    return [(n, d) for n in names for d in DIALECTS]


@pytest.mark.parametrize("name,dialect", _golden())
def test_the_binding_writes_each_dialect_as_the_golden_file(name: str, dialect: str) -> None:
    tool = agent_input.Tool.from_spec(_spec(name), codec=agent_input.CursorCodec(b"a dialect test key, 32 bytes...."))
    golden = json.loads((SPECS / "dialects" / f"{name}.{dialect}.json").read_text(encoding="utf-8"))
    assert tool.definition(dialect=dialect) == golden  # type: ignore[arg-type]
    schema = tool.input_schema(dialect=dialect)  # type: ignore[arg-type]
    key = {"mcp": "inputSchema", "openai-strict": "parameters", "gemini": "parameters", "anthropic": "input_schema"}[dialect]
    assert schema == golden[key]


@pytest.mark.parametrize("name", sorted(p.stem for p in SPECS.glob("*.json")))
def test_each_host_library_takes_its_dialect(name: str) -> None:
    load = lambda d: json.loads((SPECS / "dialects" / f"{name}.{d}.json").read_text(encoding="utf-8"))  # noqa: E731
    # MCP: JSON Schema 2020-12, and the SDK's Tool model.
    definition = load("mcp")
    jsonschema.Draft202012Validator.check_schema(definition["inputSchema"])
    mcp.types.Tool.model_validate(definition)
    # Anthropic: JSON Schema, an object at the root.
    anthropic = load("anthropic")
    jsonschema.Draft202012Validator.check_schema(anthropic["input_schema"])
    assert anthropic["input_schema"]["type"] == "object" and set(anthropic) == {"name", "description", "input_schema"}
    # OpenAI strict: the openai package's own helper leaves the schema as it is.
    strict = load("openai-strict")
    assert strict["strict"] is True and strict["type"] == "function"
    parameters = strict["parameters"]
    made_strict = copy.deepcopy(parameters)
    assert _ensure_strict_json_schema(made_strict, path=(), root=made_strict) == parameters
    jsonschema.Draft202012Validator.check_schema(parameters)
    # Gemini: google-genai's FunctionDeclaration (its Schema refuses type arrays and unknown keys).
    declaration = genai.FunctionDeclaration.model_validate(load("gemini"))
    assert declaration.parameters is not None and declaration.parameters.properties


def test_an_unknown_dialect_is_a_typed_error() -> None:
    tool = agent_input.Tool.from_spec({"name": "t", "properties": {"limit": {}}})
    with pytest.raises(agent_input.InvalidOptionsError, match="openai-strict"):
        tool.input_schema(dialect="openai")  # type: ignore[arg-type]
    assert tool.input_schema() == tool.input_schema(dialect="mcp")
    assert tool.input_schema(dialect="openai-strict")["required"] == ["limit"]


def test_a_strict_hosts_nulls_read_as_absent() -> None:
    # Strict mode sends every property: the optional ones as null, which read as left out.
    tool = agent_input.Tool.from_spec(_spec("search_decisions"), codec=agent_input.CursorCodec(b"a dialect test key, 32 bytes...."))
    strict = tool.input_schema(dialect="openai-strict")
    call: Dict[str, Any] = {key: None for key in strict["properties"]}  # type: ignore[union-attr]
    call["query"] = "nájem"
    read = tool.read(call)
    assert read.args == tool.read({"query": "nájem"}).args


def test_the_skeleton_is_the_payload_the_tool_accepts() -> None:
    tool = agent_input.Tool.from_spec(_spec("update_decision_notes"))
    skeleton = tool.skeleton()
    assert skeleton == {"notes": "text", "idempotency_key": "5d8f2a61-3c9e-4b17-8a40-e2c6b91f7d53"}
    read = tool.read(skeleton)
    assert read and read.notes == [] and read.warnings == []
