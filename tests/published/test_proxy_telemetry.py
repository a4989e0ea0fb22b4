"""The proxy's telemetry, exported by OpenTelemetry's own OTLP exporter: `agent-input proxy` in
front of the published @modelcontextprotocol/server-memory over stdio, driven by the official
MCP Python SDK client, with `OTEL_EXPORTER_OTLP_ENDPOINT` naming a collector this test runs
(OTLP/HTTP with JSON bodies, `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`). The spans and metrics it
receives, without their ids, times and durations, must equal the committed trace
`fixtures/proxy_trace.json` (`AGENT_INPUT_BLESS=1` writes it), and no argument text of the
calls may occur in anything it received.
"""

from __future__ import annotations

import http.server
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any, Dict, List, Tuple


from harness import NPM_DIR, Call, missing, run_server
from servers import AGENT_INPUT_BIN

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "proxy_trace.json"


class _Collector(http.server.ThreadingHTTPServer):
    """An OTLP/HTTP receiver of JSON bodies: every request kept as (path, body)."""

    def __init__(self) -> None:
        self.received: List[Tuple[str, Any]] = []
        super().__init__(("127.0.0.1", 0), _Handler)


class _Handler(http.server.BaseHTTPRequestHandler):
    server: _Collector

    def do_POST(self) -> None:  # noqa: N802 - the standard library's name
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        self.server.received.append((self.path, json.loads(body)))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args: Any) -> None:
        pass


def _value(v: Dict[str, Any]) -> Any:
    """An OTLP AnyValue as JSON."""
    if "arrayValue" in v:
        return [_value(x) for x in v["arrayValue"].get("values", [])]
    for key in ("stringValue", "boolValue", "intValue", "doubleValue"):
        if key in v:
            return v[key]
    return None


def _attributes(items: List[Dict[str, Any]]) -> Dict[str, Any]:
    out = {a["key"]: _value(a["value"]) for a in items}
    if "agent_input.tool.read_duration" in out:
        out["agent_input.tool.read_duration"] = "<seconds>"
    return out


def _normalised(received: List[Tuple[str, Any]]) -> Dict[str, Any]:
    """The spans (name, kind, scope, status, attributes) and the metrics (name, unit, each data
    point's attributes), in a stable order; ids, times and measured values left out."""
    spans, metrics = [], {}
    for path, body in received:
        if path.endswith("/v1/traces"):
            for rs in body.get("resourceSpans", []):
                for ss in rs.get("scopeSpans", []):
                    for span in ss.get("spans", []):
                        spans.append(
                            {
                                "name": span["name"],
                                "kind": span.get("kind"),
                                "scope": ss["scope"]["name"],
                                "status": span.get("status", {}).get("code", 0),
                                "status_message": span.get("status", {}).get("message", ""),
                                "attributes": _attributes(span.get("attributes", [])),
                            }
                        )
        elif path.endswith("/v1/metrics"):
            for rm in body.get("resourceMetrics", []):
                for sm in rm.get("scopeMetrics", []):
                    for metric in sm.get("metrics", []):
                        data = metric.get("sum") or metric.get("histogram") or {}
                        points = [_attributes(p.get("attributes", [])) for p in data.get("dataPoints", [])]
                        kept = metrics.setdefault(metric["name"], [])
                        for point in points:
                            if point not in kept:
                                kept.append(point)
    for points in metrics.values():
        points.sort(key=lambda p: json.dumps(p, sort_keys=True))
    return {"spans": spans, "metrics": dict(sorted(metrics.items()))}


def test_the_proxy_exports_its_spans_and_metrics_over_otlp() -> None:
    if not AGENT_INPUT_BIN.is_file() or not (NPM_DIR / "node_modules" / "@modelcontextprotocol" / "server-memory").is_dir():
        missing("agent-input or the pinned server-memory is not built (scripts/test-published builds both)")
    collector = _Collector()
    thread = threading.Thread(target=collector.serve_forever, daemon=True)
    thread.start()
    try:
        with tempfile.TemporaryDirectory() as work:
            env = {
                "MEMORY_FILE_PATH": str(Path(work) / "memory.jsonl"),
                "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{collector.server_address[1]}",
                "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json",
                "OTEL_SERVICE_NAME": "memory-proxy",
            }
            entities = [{"name": "Květa Nováková", "entityType": "person", "observations": ["sent 4 000 CZK"]}]
            calls = [
                Call("create_entities", {"entities": json.dumps(entities)}),  # a model's JSON text: repaired
                Call("open_nodes", {"names": ["Květa Nováková"]}),  # valid as it is
                Call("create_entities", {"entities": "[{\"name\": \"Květa"}),  # cut JSON text: asks
            ]
            server = NPM_DIR / "node_modules" / "@modelcontextprotocol" / "server-memory" / "dist" / "index.js"
            run = run_server([str(AGENT_INPUT_BIN), "proxy", "--", "node", str(server)], calls, NPM_DIR, env)
            assert run.error is None, run.describe()
    finally:
        collector.shutdown()
    got = _normalised(collector.received)
    if os.environ.get("AGENT_INPUT_BLESS") == "1":
        FIXTURE.parent.mkdir(exist_ok=True)
        FIXTURE.write_text(json.dumps(got, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    assert got == json.loads(FIXTURE.read_text(encoding="utf-8"))
    everything = json.dumps(collector.received, ensure_ascii=False)
    for text in ("Květa", "Nováková", "4 000", "wrote", "person", "sent"):
        assert text not in everything, text


CHART = Path(__file__).resolve().parents[2] / "examples" / "telemetry" / "asks_by_code.svg"
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
VENV_PYTHON = Path(__file__).resolve().parents[2] / "target" / "python-venv" / "bin" / "python"


def test_an_eval_run_through_the_proxy_draws_the_committed_chart(tmp_path: Path) -> None:
    """`agent-input eval` of the README's scenarios against the strict example server behind
    `agent-input proxy`, whose OTLP export this test collects; examples/telemetry/asks_by_code.py
    draws the asks and repairs by code from that export, which must be the committed chart. The
    eval run's own `telemetry` (the same names) names the same codes."""
    import subprocess
    import sys

    if not AGENT_INPUT_BIN.is_file() or not VENV_PYTHON.is_file():
        missing("agent-input or the Python binding's virtualenv is not built (scripts/test-published builds both)")
    collector = _Collector()
    threading.Thread(target=collector.serve_forever, daemon=True).start()
    run_json = tmp_path / "run.json"
    try:
        env = dict(os.environ)
        env.update(
            {
                "OTEL_EXPORTER_OTLP_ENDPOINT": f"http://127.0.0.1:{collector.server_address[1]}",
                "OTEL_EXPORTER_OTLP_PROTOCOL": "http/json",
            }
        )
        server = f"{AGENT_INPUT_BIN} proxy -- {VENV_PYTHON} ../eval/strict_mcpserver.py"
        scenarios = "../eval/scenarios.jsonl"
        argv = [str(AGENT_INPUT_BIN), "eval", "--server", server, "--scenarios", scenarios, "--output", str(run_json)]
        done = subprocess.run(argv + ["--fail-on", "never"], cwd=EXAMPLES / "python", env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
    finally:
        collector.shutdown()
    metrics = tmp_path / "metrics.jsonl"
    metrics.write_text("".join(json.dumps(body) + "\n" for path, body in collector.received if path.endswith("/v1/metrics")), encoding="utf-8")
    chart = tmp_path / "asks_by_code.svg"
    script = EXAMPLES / "telemetry" / "asks_by_code.py"
    drawn = subprocess.run([sys.executable, str(script), str(metrics), "-o", str(chart), "--title", "Asks and repairs by code: examples/eval/scenarios.jsonl through agent-input proxy"], capture_output=True, text=True)
    assert drawn.returncode == 0, drawn.stderr
    if os.environ.get("AGENT_INPUT_BLESS") == "1":
        CHART.write_text(chart.read_text(encoding="utf-8"), encoding="utf-8")
    assert chart.read_text(encoding="utf-8") == CHART.read_text(encoding="utf-8")
    sys.path.insert(0, str(script.parent))
    import asks_by_code  # type: ignore[import-not-found]

    exported = asks_by_code.counts_from_otlp(metrics.read_text(encoding="utf-8").splitlines())
    from_eval = asks_by_code.counts_from_eval(json.loads(run_json.read_text(encoding="utf-8")))
    assert {k for k, n in exported.items() if k[0] == "ask"} == {k for k in from_eval if k[0] == "ask"}
    assert {k for k, n in exported.items() if k[0] == "note"} == {k for k in from_eval if k[0] == "note"}
