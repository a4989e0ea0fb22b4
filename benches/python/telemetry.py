"""What telemetry costs a call of the Python adapters (docs/telemetry.md), in one run.

A script, not a test: the repaired 8-property call (BENCHMARKS.md's) through
`agent_input.mcp.run_call`, the spec servers' path, in four setups taken in turn, median time
per call of each and its ratio to the first:

- `absent`: as without `opentelemetry-api` installed (the module's `_trace` set to None);
- `api`: the API with no SDK registered (its no-op tracer and meter);
- `sdk`: the SDK with in-memory exporters (a `SimpleSpanProcessor`, an in-memory metric reader);
- `sdk_batch`: the SDK with a `BatchSpanProcessor`, as production runs it.

    python benches/python/telemetry.py      # needs agent-input, opentelemetry-api and -sdk
"""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any, Callable, Dict, List

import agent_input
from agent_input import _telemetry, mcp

CALLS = 2_000
RUNS = 9

SPEC = {
    "name": "search",
    "properties": {
        "query": {"kind": "text", "required": True},
        "limit": {"kind": "number", "min": 1, "max": 100},
        "exact": {"kind": "boolean"},
        "id": {"kind": "uuid"},
        "since": {"kind": "date"},
        "country": {"kind": "country"},
        "locale": {"kind": "locale"},
        "tags": {"kind": "list", "item": {"kind": "text"}},
    },
}
REPAIRED = {
    "query": "soud", "limit": "20", "exact": "ano", "id": "{c2a7f5e1-8d3b-4e6a-9f01-5b7d2e4a8c93}",
    "since": "1. 10. 2026", "country": "Česko", "locale": "cs_CZ", "tags": "a, b",
}


async def _calls(tool: Any, n: int) -> None:
    async def handler(**kwargs: Any) -> Any:
        return {"hits": []}

    for _ in range(n):
        await mcp.run_call(tool, handler, REPAIRED)


def _timed(setup: Callable[[], None], tool: Any) -> float:
    setup()
    started = time.perf_counter()
    asyncio.run(_calls(tool, CALLS))
    return (time.perf_counter() - started) / CALLS * 1e9


def main() -> None:
    from opentelemetry import metrics, trace
    from opentelemetry.sdk.metrics import MeterProvider
    from opentelemetry.sdk.metrics.export import InMemoryMetricReader
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    tool = agent_input.Tool.from_spec(SPEC)
    kept_trace = _telemetry._trace
    exporter = InMemorySpanExporter()
    simple, batch = TracerProvider(), TracerProvider()
    simple.add_span_processor(SimpleSpanProcessor(exporter))
    batch.add_span_processor(BatchSpanProcessor(exporter))
    meter = MeterProvider(metric_readers=[InMemoryMetricReader()])

    def use(tracer: Any, with_api: bool, metered: bool) -> Callable[[], None]:
        def setup() -> None:
            _telemetry._trace = kept_trace if with_api else None
            _telemetry._made = None
            exporter.clear()
            # The global providers can be set once: the benchmark sets the API's globals itself
            # (None: no SDK registered).
            trace._TRACER_PROVIDER = tracer  # type: ignore[attr-defined]
            metrics._internal._METER_PROVIDER = meter if metered else None  # type: ignore[attr-defined]

        return setup

    setups: Dict[str, Callable[[], None]] = {
        "absent": use(None, False, False),
        "api": use(None, True, False),
        "sdk": use(simple, True, True),
        "sdk_batch": use(batch, True, True),
    }
    times: Dict[str, List[float]] = {name: [] for name in setups}
    for _ in range(RUNS):
        for name, setup in setups.items():
            times[name].append(_timed(setup, tool))
    base = statistics.median(times["absent"])
    print(f"{'setup':<10} {'ns/call':>10} {'ratio':>7}")
    for name, runs in times.items():
        median = statistics.median(runs)
        print(f"{name:<10} {median:>10,.0f} {median / base:>7.3f}")


if __name__ == "__main__":
    main()
