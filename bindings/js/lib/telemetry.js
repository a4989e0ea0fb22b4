/**
 * The call protocol's telemetry through `@opentelemetry/api` (docs/telemetry.md), for
 * `agent-input/mcp`.
 *
 * `@opentelemetry/api` is an optional peer dependency, loaded once here: without it `observe`
 * returns `UNOBSERVED` and nothing else runs. With it, each call of a tool agent-input reads is
 * one span `execute_tool {tool}` (kind INTERNAL; the active span, such as a framework's server
 * span, is its parent), from before the read until the answer, and three metrics
 * (`agent_input.calls`, `agent_input.codes`, `agent_input.tool.read_duration`), all set from the
 * core's record of the call (`Call.prototype.record`), which holds codes and paths, never a
 * value. This file adds only the read's duration (measured around the `tool.call(...)` or
 * `protocol.call(...)` that reads) and `mcp.protocol.version` when the connection's revision is
 * known. Every call into the API is guarded: a throwing SDK, processor or exporter never fails a
 * call (it can only cost the time the API call itself takes: use a batch span processor).
 *
 * The tracer and the instruments are made at the first call, and again only when the global
 * provider changes (an application that registers its SDK after importing agent-input, a test
 * that swaps providers): with no SDK registered, the API's no-op ones.
 */

/** The instrumentation scope's name (tracer and meter). */
export const SCOPE = "agent-input";
/** The package's version, the scope's (tests/telemetry.test.js checks it against package.json). */
export const VERSION = "0.1.0";

const READ_DURATION = "agent_input.tool.read_duration";
const PROTOCOL_VERSION = "mcp.protocol.version";
/** The longest tool name a record keeps, in characters (the core's `MAX_RECORDED_NAME_CHARS`). */
const MAX_NAME_CHARS = 128;
/** Bucket boundaries (seconds) advised for the read's duration: a read takes microseconds to
 * milliseconds, below the SDK's default boundaries (0, 5, 10, ... meant for milliseconds). */
const READ_BUCKETS = [0.00001, 0.000025, 0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1];

let api = null;
try {
  api = await import("@opentelemetry/api");
} catch {
  // Not installed: no span, no metric, no call into anything.
}

/** The observation of a call when `@opentelemetry/api` is not installed: it only runs what it is
 * given. */
export const UNOBSERVED = Object.freeze({ read: (make) => make(), run: (fn) => fn(), end() {} });

let traced = { provider: undefined, tracer: null };
let metered = { provider: undefined, calls: null, codes: null, readDuration: null, noop: false };

/** The tracer of the global provider (made again when the provider changes). */
function tracer() {
  const provider = api.trace.getTracerProvider();
  if (traced.provider !== provider) traced = { provider, tracer: provider.getTracer(SCOPE, VERSION) };
  return traced.tracer;
}

/** The three instruments of the global meter provider (made again when the provider changes);
 * `noop` when they are the API's no-op ones (no SDK registered). */
function instruments() {
  const provider = api.metrics.getMeterProvider();
  if (metered.provider !== provider) {
    const meter = provider.getMeter(SCOPE, VERSION);
    const calls = meter.createCounter("agent_input.calls", { unit: "{call}", description: "Tool calls agent-input read, by tool and outcome." });
    metered = {
      provider,
      noop: typeof api.createNoopMeter === "function" && calls instanceof api.createNoopMeter().createCounter("noop").constructor,
      calls,
      codes: meter.createCounter("agent_input.codes", { unit: "{code}", description: "Notes, warnings and asks of tool calls, by tool, kind and code." }),
      readDuration: meter.createHistogram(READ_DURATION, {
        unit: "s",
        description: "The time a tool call's read took.",
        advice: { explicitBucketBoundaries: READ_BUCKETS },
      }),
    };
  }
  return metered;
}

/** A tool's name as a record keeps it (the core's `recorded_name`): at most 128 characters,
 * control characters replaced by U+FFFD. */
function recordedName(name) {
  return Array.from(String(name)).slice(0, MAX_NAME_CHARS).join("").replace(/\p{Cc}/gu, "\uFFFD");
}

/** One call's span and clock, from before its read until its answer. */
class Observed {
  #span;
  #name;
  #version;
  #seconds = null;
  #ended = false;

  constructor(span, name, version) {
    this.#span = span;
    this.#name = name;
    this.#version = version;
  }

  /** Runs `make` (the read: it returns the `Call`), timing it. A read that throws ends the span. */
  read(make) {
    const started = performance.now();
    try {
      return make();
    } catch (e) {
      this.end(undefined);
      throw e;
    } finally {
      this.#seconds = (performance.now() - started) / 1000;
    }
  }

  /** Runs `fn` with the call's span active, so the spans made while it runs (the handler's, a
   * receipt store's) are its children; as it is when the API fails. Returns what `fn` returns. */
  run(fn) {
    let active;
    try {
      active = api.trace.setSpan(api.context.active(), this.#span);
    } catch {
      return fn();
    }
    let ran = false;
    let out;
    let thrown = null;
    try {
      api.context.with(active, () => {
        ran = true;
        try {
          out = fn();
        } catch (e) {
          thrown = { e };
        }
      });
    } catch {
      // The context manager failed around `fn`: what `fn` gave stands.
    }
    if (!ran) return fn();
    if (thrown !== null) throw thrown.e;
    return out;
  }

  /** Ends the span with `call`'s record (none when the read threw) and adds to the metrics, once;
   * never throws. The record is not made when nothing would keep it (a span that does not
   * record, the API's no-op meter: no SDK registered). */
  end(call) {
    if (this.#ended) return;
    this.#ended = true;
    const span = this.#span;
    let record = null;
    try {
      if (call !== undefined && (span.isRecording() || !instruments().noop)) record = call.record();
    } catch {
      // No record: the span ends bare.
    }
    try {
      if (record !== null && span.isRecording()) {
        const attributes = { ...record.attributes };
        if (this.#version !== undefined) attributes[PROTOCOL_VERSION] = this.#version;
        if (this.#seconds !== null) attributes[READ_DURATION] = this.#seconds;
        span.setAttributes(attributes);
        if (record.name !== this.#name) span.updateName(record.name);
        // No description: a description would be a message, and messages name values.
        if (record.error) span.setStatus({ code: api.SpanStatusCode.ERROR });
      }
    } catch {
      // A broken SDK: the span ends as it is.
    }
    try {
      span.end();
    } catch {
      // A span processor or exporter that throws at the span's end.
    }
    if (record === null) return;
    try {
      const { calls, codes, readDuration } = instruments();
      calls.add(1, record.metric);
      for (const counted of record.codes) codes.add(1, counted);
      if (this.#seconds !== null) readDuration.record(this.#seconds, record.metric);
    } catch {
      // A broken meter: the call goes on.
    }
  }
}

/**
 * Starts observing a call of the tool `tool` on a connection of MCP revision `protocolVersion`
 * (when known): its span starts now. Returns `{read(make), run(fn), end(call)}`: `read` runs and
 * times the read that makes the `Call`, `run` runs the rest of the call in the span's context,
 * `end(call)` (before the call is freed) ends the span with the call's record and adds to the
 * metrics. Without `@opentelemetry/api`, or when the API fails to start a span, `UNOBSERVED`.
 */
export function observe(tool, protocolVersion) {
  if (api === null) return UNOBSERVED;
  try {
    const name = `execute_tool ${recordedName(tool)}`;
    const span = tracer().startSpan(name, { kind: api.SpanKind.INTERNAL });
    return new Observed(span, name, typeof protocolVersion === "string" ? protocolVersion : undefined);
  } catch {
    return UNOBSERVED;
  }
}
