"""Telemetry never carries the payload (docs/telemetry.md).

Every tool vector, contract vector, protocol vector and kind vector (each kind case as a call of
a tool with one property of that kind) runs through the adapters' own paths (`run_call` and the
spec servers' `_own`, the drop-in's `_Lenient.serve`), with OpenTelemetry's SDK set up with its
in-memory span exporter, metric reader and log exporter (a `LoggingHandler` on the root logger,
so the package's log records are exported too). Then no input string of 3 characters or more
(every string of the arguments, answers, outputs and failures) may occur in any exported string:
span names, attribute keys and values, event names and attributes, status descriptions, metric
names and data points' attributes, log bodies and attributes. A string that is also a word of
the schema (a tool or property name, a code, an attribute name) is not payload and is not looked
for; the test counts how many it checked.
"""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any, Dict, Iterator, List, Optional, Set, Tuple

import pytest

from opentelemetry import metrics, trace  # noqa: E402
from opentelemetry.sdk._logs import LoggerProvider, LoggingHandler  # noqa: E402
from opentelemetry.sdk._logs.export import InMemoryLogRecordExporter, SimpleLogRecordProcessor  # noqa: E402
from opentelemetry.sdk.metrics import MeterProvider  # noqa: E402
from opentelemetry.sdk.metrics.export import InMemoryMetricReader  # noqa: E402
from opentelemetry.sdk.trace import TracerProvider  # noqa: E402
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExporter, SpanExportResult  # noqa: E402
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter  # noqa: E402

import agent_input  # noqa: E402
from agent_input import mcp  # noqa: E402
from agent_input.failures import ToolFailure  # noqa: E402
from vectors import VECTORS, VECTOR_KEY, kind_cases, parse_input, set_vector_key  # noqa: E402

NOW = 1_800_000_000
CODEC = agent_input.CursorCodec(VECTOR_KEY.encode())

SPANS = InMemorySpanExporter()
READER = InMemoryMetricReader()
LOGS = InMemoryLogRecordExporter()


class _Failing(SpanExporter):
    """An exporter that throws at every export."""

    def export(self, spans: Any) -> SpanExportResult:
        raise RuntimeError("the collector is down")

    def shutdown(self) -> None:
        pass


def _setup() -> None:
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(SPANS))
    trace.set_tracer_provider(provider)
    metrics.set_meter_provider(MeterProvider(metric_readers=[READER]))
    logs = LoggerProvider()
    logs.add_log_record_processor(SimpleLogRecordProcessor(LOGS))
    logging.getLogger().addHandler(LoggingHandler(level=logging.DEBUG, logger_provider=logs))


_setup()


class _Given(ToolFailure):
    """A handler's failure as a vector gives it."""

    def __init__(self, failure: Dict[str, Any]) -> None:
        super().__init__(failure.get("code"))
        self._failure = failure

    def failure(self) -> Dict[str, Any]:
        return self._failure


def _handler(ran: Dict[str, Any]) -> Any:
    async def handler(**_: Any) -> Any:
        if "failure" in ran:
            raise _Given(ran["failure"])
        if "error" in ran:
            raise RuntimeError(ran["error"])
        if ran.get("cancelled"):
            raise asyncio.CancelledError()
        return ran.get("output", {})

    return handler


def _strings(value: Any, out: Set[str]) -> None:
    """Every string in `value`, keys too (a key the model invented is payload)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, list):
        for v in value:
            _strings(v, out)
    elif isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            _strings(v, out)


def _names(spec: Any, out: Set[str]) -> None:
    """The tool's and every property's name of a spec or definition, at any depth."""
    if isinstance(spec, dict):
        if isinstance(spec.get("name"), str):
            out.add(spec["name"])
        for key, sub in spec.items():
            if key in ("properties", "variants") and isinstance(sub, dict):
                out.update(sub.keys())
            _names(sub, out)
    elif isinstance(spec, list):
        for s in spec:
            _names(s, out)


def _docs(folder: str) -> Iterator[Tuple[str, Any]]:
    for path in sorted((VECTORS / folder).glob("*.json")):
        yield path.stem, parse_input(path.read_text(encoding="utf-8"))


async def _run_every_vector(inputs: Set[str], specs: List[Any]) -> int:
    set_vector_key()
    calls = 0
    for _, doc in _docs("tools"):
        tool = agent_input.Tool.from_spec(doc["spec"], codec=CODEC)
        specs.append(doc["spec"])
        for case in doc["cases"]:
            if "args_text" in case:
                # A framework parses the body before any adapter sees it: the text is no call of
                # an adapter's (the Rust runner reads it through `read_json`).
                try:
                    args = json.loads(case["args_text"])
                except ValueError:
                    continue
            else:
                args = case.get("args")
            _strings(args, inputs)
            await mcp.run_call(tool, _handler({"output": {"done": True}}), args)
            calls += 1
    for stem, doc in _docs("contract"):
        if stem == "page":
            continue  # page helper cases, no call (tests/vectors/README.md)
        tool = agent_input.Tool.from_spec(doc["spec"], codec=CODEC)
        specs.append(doc["spec"])
        for case in doc["cases"]:
            store = agent_input.MemoryReceipts()
            for step in case["steps"]:
                for key in ("args", "output", "failure"):
                    _strings(step.get(key), inputs)
                ran = {"failure": step["failure"]} if "failure" in step else {"output": step.get("output", {})}
                params = {"arguments": step.get("args")}
                await mcp._own(tool, _handler(ran), params, {"now": step["now"]}, store)
                calls += 1
    for _, doc in _docs("protocol"):
        declared = doc["tool"].get("spec") or doc["tool"]["definition"]
        specs.append(declared)
        for case in doc["cases"]:
            store = agent_input.MemoryReceipts()
            for call in case["calls"]:
                _strings(call.get("params"), inputs)
                for key in ("output", "result", "failure"):
                    _strings((call.get("ran") or {}).get(key), inputs)
                calls += await _protocol_call(doc["tool"], call, store)
    set_vector_key()
    for _, case, _ in kind_cases():
        if "input" not in case:
            continue
        options = dict(case.get("options") or {})
        options["kind"] = case["kind"]
        spec = {"name": f"read_{case['kind']}", "properties": {"value": options}}
        try:
            tool = agent_input.Tool.from_spec(spec, codec=CODEC)
        except agent_input.AgentInputError:
            continue
        specs.append(spec)
        _strings(case["input"], inputs)
        await mcp._own(tool, _handler({"output": {}}), {"arguments": {"value": case["input"]}}, {"now": NOW}, None)
        calls += 1
    return calls


async def _protocol_call(tool: Dict[str, Any], call: Dict[str, Any], store: Any) -> int:
    context = dict(call.get("context") or {})
    context.setdefault("now", NOW)
    params = dict(call.get("params") or {})
    if params.get("requestState") == "$state":
        params.pop("requestState")
    ran = call.get("ran") or {}
    try:
        if "spec" in tool:
            own = agent_input.Tool.from_spec(tool["spec"], codec=CODEC)
            await mcp._own(own, _handler(ran), params, context, store)
            return 1
        state = mcp._Lenient(None, CODEC, receipts=store)
        state.protocol = agent_input.Protocol(tool["options"], codec=CODEC)
        read = state.spec(tool["definition"]["name"], lambda: tool["definition"])

        async def framework(made: Optional[Any]) -> Any:
            if "error" in ran:
                raise RuntimeError(ran["error"])
            if ran.get("cancelled"):
                raise asyncio.CancelledError()
            return ran.get("result", {"content": [], "isError": False})

        await state.serve(read, params, context, framework, lambda r: r, lambda r: r)
        return 1 if read[0] is not None else 0
    except (RuntimeError, asyncio.CancelledError):
        return 1


def _exported() -> Tuple[Set[str], int, int]:
    """Every string exported (spans, metrics, logs), the number of spans, of metric points."""
    out: Set[str] = set()
    spans = SPANS.get_finished_spans()
    for span in spans:
        out.add(span.name)
        _strings(dict(span.attributes or {}), out)
        for event in span.events:
            out.add(event.name)
            _strings(dict(event.attributes or {}), out)
        if span.status.description:
            out.add(span.status.description)
    points = 0
    data = READER.get_metrics_data()
    for rm in data.resource_metrics if data else []:
        for sm in rm.scope_metrics:
            for metric in sm.metrics:
                out.update([metric.name, metric.description or "", metric.unit or ""])
                for point in metric.data.data_points:
                    points += 1
                    _strings(dict(point.attributes or {}), out)
    for record in LOGS.get_finished_logs():
        if not record.instrumentation_scope.name.startswith("agent_input"):
            continue  # the library's own scope: its loggers are `agent_input.*`
        log = record.log_record
        if log.body is not None:
            _strings(log.body if isinstance(log.body, (dict, list)) else str(log.body), out)
        _strings(dict(log.attributes or {}), out)
    return out, len(spans), points


def _schema_words(specs: List[Any]) -> str:
    names: Set[str] = set()
    for spec in specs:
        _names(spec, names)
    words = sorted(names)
    words.append(
        "execute_tool tools/call tool_error gen_ai.tool.name gen_ai.operation.name mcp.method.name "
        "mcp.protocol.version error.type agent_input.outcome agent_input.envelope.code agent_input.note.codes "
        "agent_input.warning.codes agent_input.ask.codes agent_input.issue.paths agent_input.ask.person "
        "agent_input.answered agent_input.tool.read_duration agent_input.code.kind agent_input.code "
        "agent_input.calls agent_input.codes {call} {code} note warning ask ok repaired asked refused "
        "replayed confirmation_required previewed failed passed cancelled"
    )
    return "\n".join(words)


def test_no_input_string_reaches_the_exporters() -> None:
    SPANS.clear()
    inputs: Set[str] = set()
    specs: List[Any] = []
    calls = asyncio.run(_run_every_vector(inputs, specs))
    exported, spans, points = _exported()
    assert calls > 1000, f"only {calls} calls ran"
    assert spans >= calls, f"{spans} spans for {calls} calls"
    assert points > 0, "no metric points"
    words = _schema_words(specs) + "\n" + _codes_text()
    checked, leaked = 0, []
    for text in sorted(inputs):
        if len(text.strip()) < 3 or text in words:
            continue
        checked += 1
        found = next((s for s in exported if text in s), None)
        if found is not None:
            leaked.append(f"{text!r} in {found!r}")
    assert checked > 1000, f"only {checked} input strings checked"
    assert not leaked, f"{len(leaked)} input strings exported:\n" + "\n".join(leaked)


def _codes_text() -> str:
    """Every code name (the closed sets), from the codes page the core renders."""
    from pathlib import Path

    return (Path(__file__).resolve().parents[3] / "docs" / "codes.md").read_text(encoding="utf-8")


def _span(name: str) -> List[Any]:
    return [s for s in SPANS.get_finished_spans() if s.name == name]


def test_a_repaired_call_and_an_ask_are_recorded_by_their_codes() -> None:
    SPANS.clear()
    tool = agent_input.Tool.from_spec({"name": "list_invoices_t", "properties": {"limit": {}, "dateFrom": {}}})

    async def handler(**_: Any) -> Any:
        return {"hits": []}

    async def calls() -> None:
        await mcp.run_call(tool, handler, {"limit": "4 000"})
        await mcp.run_call(tool, handler, {"limit": "4,000"})
        await mcp.run_call(tool, handler, {"limit": 12})

    asyncio.run(calls())
    spans = _span("execute_tool list_invoices_t")
    assert [s.attributes["agent_input.outcome"] for s in spans] == ["repaired", "asked", "ok"]
    for span in spans:
        assert span.kind == trace.SpanKind.INTERNAL
        assert span.instrumentation_scope.name == "agent-input"
        assert span.attributes["gen_ai.tool.name"] == "list_invoices_t"
        assert span.attributes["gen_ai.operation.name"] == "execute_tool"
        assert span.attributes["mcp.method.name"] == "tools/call"
        assert span.attributes["agent_input.tool.read_duration"] >= 0
    repaired, asked, ok = spans
    assert "grouping_removed" in repaired.attributes["agent_input.note.codes"]
    assert "error.type" not in repaired.attributes
    assert asked.attributes["error.type"] == "tool_error"
    assert asked.attributes["agent_input.envelope.code"] == "ambiguous_arguments"
    assert list(asked.attributes["agent_input.ask.codes"]) == ["ambiguous_decimal_separator"]
    assert list(asked.attributes["agent_input.issue.paths"]) == ["/limit"]
    assert asked.status.status_code == trace.StatusCode.ERROR and not asked.status.description
    assert "agent_input.note.codes" not in ok.attributes
    data = READER.get_metrics_data()
    names = {m.name for rm in data.resource_metrics for sm in rm.scope_metrics for m in sm.metrics}
    assert {"agent_input.calls", "agent_input.codes", "agent_input.tool.read_duration"} <= names


def test_a_failing_exporter_and_processor_fail_no_call() -> None:
    """An exporter that throws at every span and a processor whose end throws are added to the
    provider: the calls answer as without telemetry."""

    class Throwing(SimpleSpanProcessor):
        def on_end(self, span: Any) -> None:
            raise RuntimeError("a broken processor")

    provider: Any = trace.get_tracer_provider()
    active = provider._active_span_processor  # the SDK's own: restored below for the other tests
    kept = active._span_processors
    provider.add_span_processor(SimpleSpanProcessor(_Failing()))
    provider.add_span_processor(Throwing(SPANS))
    tool = agent_input.Tool.from_spec({"name": "t_failing", "properties": {"amount": {"kind": "number"}}})

    async def handler(**kwargs: Any) -> Any:
        return kwargs

    try:
        result = asyncio.run(mcp.run_call(tool, handler, {"amount": "4 000"}))
    finally:
        active._span_processors = kept
    assert result["isError"] is False
    assert result["structuredContent"]["result"] == {"amount": 4000}


def _fastmcp_server(values_in_text: bool) -> Any:
    from fastmcp import FastMCP

    server = FastMCP("invoices")

    @server.tool
    def list_invoices(customer: str, amount: float) -> Dict[str, Any]:
        """List a customer's invoices over an amount."""
        return {"customer": customer, "amount": amount}

    return mcp.lenient(server, values_in_text=values_in_text)


async def _fastmcp_ask(server: Any) -> Any:
    from fastmcp import Client

    async with Client(server) as client:
        return await client.call_tool("list_invoices", {"customer": "Kovařík Zdeněk", "amount": "1,234"}, raise_on_error=False)


@pytest.mark.parametrize("values_in_text", [True, False])
def test_fastmcps_own_spans_carry_argument_text_unless_the_values_stay_out_of_the_text(values_in_text: bool) -> None:
    """FastMCP's client copies a failed result's first text into its span's status (measured
    here): the envelope's text names `"1,234"`, so with the default the argument reaches
    FastMCP's telemetry. With `values_in_text=False` no span of any scope (FastMCP's server and
    client spans, the SDK's, the library's) holds it, and the envelope in `structuredContent`
    still names the value and both readings."""
    SPANS.clear()
    result = asyncio.run(_fastmcp_ask(_fastmcp_server(values_in_text)))
    assert result.is_error
    # The tool declares an output schema (FastMCP makes one for a `dict` result), which the
    # envelope would not match: it travels in the text, or whole in `_meta` when the text names
    # no value.
    text = result.content[0].text
    envelope = json.loads(text) if values_in_text else (result.meta or {})["agent-input/envelope"]
    assert envelope["code"] == "ambiguous_arguments"
    assert envelope["issues"][0]["received"] == "1,234"
    assert len(envelope["issues"][0]["readings"]) == 2
    everything: Set[str] = set()
    for span in SPANS.get_finished_spans():
        everything.add(span.name)
        _strings(dict(span.attributes or {}), everything)
        for event in span.events:
            _strings(dict(event.attributes or {}), everything)
        if span.status.description:
            everything.add(span.status.description)
    scopes = {s.instrumentation_scope.name for s in SPANS.get_finished_spans()}
    assert "agent-input" in scopes and any(s.startswith("fastmcp") for s in scopes), scopes
    leaked = [s for s in everything if "1,234" in s]
    if values_in_text:
        assert "1,234" in text
        assert leaked, "FastMCP no longer copies the result's text into its spans: update docs/telemetry.md"
    else:
        assert "1,234" not in text
        assert json.loads(text)["issues"] == [{"path": "amount", "code": "ambiguous_decimal_separator"}]
        assert not leaked, leaked


def test_without_the_api_nothing_is_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without `opentelemetry-api` (the mcp 1.x virtualenvs of scripts/test-python have none)
    the adapter opens no span and answers as with it."""
    from agent_input import _telemetry

    monkeypatch.setattr(_telemetry, "_trace", None)
    SPANS.clear()
    tool = agent_input.Tool.from_spec({"name": "t_without", "properties": {"amount": {"kind": "number"}}})

    async def handler(**kwargs: Any) -> Any:
        return kwargs

    result = asyncio.run(mcp.run_call(tool, handler, {"amount": "4 000"}))
    assert result["structuredContent"]["result"] == {"amount": 4000}
    assert _telemetry.start("t_without") is None
    assert not SPANS.get_finished_spans()
