"""The call protocol's telemetry through `opentelemetry-api` (docs/telemetry.md).

`opentelemetry-api` is optional (`pip install agent-input[otel]`): without it nothing here runs
beyond one `None` check per call. With it, each call of a tool agent-input reads is one span
`execute_tool {tool}` (kind INTERNAL; the framework's own span, where it has one, is its
parent) and three metrics, all set from the core's record of the call (`Call.record()`), which
holds codes and paths, never a value. Every call into the API is guarded: a broken SDK or
exporter never fails a call.
"""

from __future__ import annotations

import time
from typing import Any, Dict, Optional

try:  # the optional dependency
    from opentelemetry import metrics as _metrics
    from opentelemetry import trace as _trace
    from opentelemetry.metrics import _internal as _metrics_internal
except ImportError:  # pragma: no cover - exercised by the test without the package
    _metrics = None  # type: ignore[assignment]
    _trace = None  # type: ignore[assignment]
    _metrics_internal = None  # type: ignore[assignment]

SCOPE = "agent-input"
"""The instrumentation scope (tracer and meter name)."""


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("agent-input")
    except Exception:  # noqa: BLE001 - a source checkout has no distribution metadata
        return "0"


class _Instruments:
    """The tracer and the three instruments, made at the first call (after the application
    had its chance to set the global providers)."""

    def __init__(self) -> None:
        assert _trace is not None and _metrics is not None
        version = _version()
        self.tracer = _trace.get_tracer(SCOPE, version)
        meter = _metrics.get_meter(SCOPE, version)
        self.calls = meter.create_counter("agent_input.calls", unit="{call}", description="Tool calls, by outcome.")
        self.codes = meter.create_counter(
            "agent_input.codes", unit="{code}", description="Notes, warnings and asks of tool calls, by code."
        )
        self.read_duration = meter.create_histogram(
            "agent_input.tool.read_duration", unit="s", description="The time a tool call's read took."
        )


_made: Optional[_Instruments] = None


def _instruments() -> _Instruments:
    global _made
    if _made is None:
        _made = _Instruments()
    return _made


class Traced:
    """One call's span, from before its read until its answer."""

    __slots__ = ("span", "_used", "_started", "read_seconds", "version", "call")

    def __init__(self, span: Any, version: Optional[str]) -> None:
        self.span = span
        self.version = version
        self._started = time.perf_counter()
        self.read_seconds: Optional[float] = None
        self.call: Any = None
        assert _trace is not None
        self._used: Any = _trace.use_span(span, end_on_exit=False)
        self._used.__enter__()

    def read(self, call: Any) -> None:
        """`call` was read: the read's duration is now."""
        self.read_seconds = time.perf_counter() - self._started
        self.call = call

    def end(self) -> None:
        """Ends the span with the call's record (when it was read) and adds to the metrics;
        never raises."""
        try:
            self._used.__exit__(None, None, None)
        except Exception:  # noqa: BLE001 - a context the framework already left
            pass
        try:
            _end(self, self.call.record() if self.call is not None else None)
        except Exception:  # noqa: BLE001 - telemetry never fails a call
            pass

    def __enter__(self) -> "Traced":
        return self

    def __exit__(self, *_: Any) -> None:
        self.end()


class _Unobserved:
    """A call nobody observes (no `opentelemetry-api`, or no SDK registered): each step does
    nothing."""

    def read(self, call: Any) -> None:
        pass

    def __enter__(self) -> "_Unobserved":
        return self

    def __exit__(self, *_: Any) -> None:
        pass


UNOBSERVED = _Unobserved()


def observe(tool: str, context: Optional[Dict[str, Any]] = None) -> Any:
    """A context manager for one call of `tool`: `start`'s span, ended at its exit, or
    `UNOBSERVED` when `start` opens none. `read(call)` marks the read done."""
    return start(tool, context) or UNOBSERVED


_MISSING = object()


def _unconfigured() -> bool:
    """True while no SDK is registered: the API's own default providers answer, which keep
    nothing, so the call is not observed at all (no span, no context, no record). The API's
    module globals are read directly (the public getters read the environment each time, about
    2 µs a call); an API without them takes the getters."""
    assert _trace is not None and _metrics is not None
    tracers = getattr(_trace, "_TRACER_PROVIDER", _MISSING)
    meters = getattr(_metrics_internal, "_METER_PROVIDER", _MISSING)
    if tracers is not _MISSING and meters is not _MISSING:
        return tracers is None and meters is None
    return isinstance(_trace.get_tracer_provider(), _DEFAULT_TRACERS) and isinstance(
        _metrics.get_meter_provider(), _DEFAULT_METERS
    )


def _defaults() -> Any:
    """The API's default provider classes (its proxies and no-ops), as far as this version has them."""
    if _trace is None or _metrics is None:
        return (), ()
    tracers = tuple(c for c in (getattr(_trace, "ProxyTracerProvider", None), getattr(_trace, "NoOpTracerProvider", None)) if c)
    meters = tuple(
        c
        for c in (getattr(_metrics_internal, "_ProxyMeterProvider", None), getattr(_metrics, "NoOpMeterProvider", None))
        if c
    )
    return tracers, meters


_DEFAULT_TRACERS, _DEFAULT_METERS = _defaults()


def start(tool: str, context: Optional[Dict[str, Any]] = None) -> Optional[Traced]:
    """The span of a call of `tool` (None without `opentelemetry-api`, with no SDK registered,
    or when the API fails)."""
    if _trace is None:
        return None
    try:
        if _unconfigured():
            return None
        span = _instruments().tracer.start_span(f"execute_tool {tool}", kind=_trace.SpanKind.INTERNAL)
        version = (context or {}).get("protocolVersion")
        return Traced(span, version if isinstance(version, str) else None)
    except Exception:  # noqa: BLE001 - telemetry never fails a call
        return None


def _end(traced: Traced, record: Optional[Dict[str, Any]]) -> None:
    span = traced.span
    made = _instruments()
    if record is not None:
        if span.is_recording():
            attributes = dict(record["attributes"])
            if traced.version is not None:
                attributes["mcp.protocol.version"] = traced.version
            if traced.read_seconds is not None:
                attributes["agent_input.tool.read_duration"] = traced.read_seconds
            span.set_attributes(attributes)
            if record["error"]:
                assert _trace is not None
                span.set_status(_trace.StatusCode.ERROR)
        made.calls.add(1, record["metric"])
        for counted in record["codes"]:
            made.codes.add(1, counted)
        if traced.read_seconds is not None:
            made.read_duration.record(traced.read_seconds, record["metric"])
    span.end()
