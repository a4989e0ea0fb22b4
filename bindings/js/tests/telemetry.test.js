/**
 * Telemetry (docs/telemetry.md) through the real adapter paths of `agent-input/mcp`: `runCall`
 * (what `registerTool` runs) and the `tools/call` handler `lenient` installs, with the
 * OpenTelemetry SDK registered (a `BasicTracerProvider` with an in-memory span exporter, a
 * `MeterProvider` with a metric reader, the async-hooks context manager).
 *
 * - Never the payload: every case of `tests/vectors/tools/`, `contract/`, `protocol/` and every
 *   kind vector (as a tool of one property of that kind) runs through an adapter; everything
 *   exported (spans with their attributes, events and status, metric data points with their
 *   attributes) is written to one text, in which no string of the calls (arguments, raw argument
 *   texts, a person's answers, sealed states, confirm tokens, handlers' outputs and error
 *   messages) of 3 characters or more occurs, the tool's and its properties' names aside (they
 *   are the schema). Numbers exported (counts, durations) are checked by type, not by text.
 * - The contract's names: span `execute_tool {tool}`, kind INTERNAL, scope `agent-input` at the
 *   package's version, status ERROR with no description on an `isError` answer; exact attributes
 *   of an ok, a repaired and an asked call; the three instruments and their units.
 * - A throwing exporter or span processor never changes an answer; neither does the API with no
 *   SDK registered, nor the package missing (a child process that cannot resolve it).
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { Client as Client2 } from "@modelcontextprotocol/client";
import { InMemoryTransport as InMemory2, McpServer as McpServer2, Server as Server2 } from "@modelcontextprotocol/server";
import { context, metrics, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { MeterProvider, MetricReader } from "@opentelemetry/sdk-metrics";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { z } from "zod";

import * as ai from "agent-input";
import { lenient, registerTool, runCall } from "agent-input/mcp";

import { SCOPE, VERSION } from "../lib/telemetry.js";
import { Num, VECTORS, VECTOR_KEY, asInput, contractCases, kindCases, parseExact, setVectorKey, toolCases } from "./vectors.js";

setVectorKey();
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
const NOW = 1_800_000_000;
const PERSON = { protocolVersion: ai.MRTR_VERSION, clientCapabilities: { elicitation: {} } };

/** A metric reader the test collects from when it wants. */
class Reader extends MetricReader {
  async onForceFlush() {}
  async onShutdown() {}
}

/** Registers fresh global SDK providers (span processors `processors`, by default one simple
 * processor into an in-memory exporter); returns the exporter and the metric reader. */
function install(processors) {
  trace.disable();
  metrics.disable();
  const exporter = new InMemorySpanExporter();
  trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: processors ?? [new SimpleSpanProcessor(exporter)] }));
  const reader = new Reader();
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
  return { exporter, reader };
}

function uninstall() {
  trace.disable();
  metrics.disable();
}

/** Runs `fn` with the clock (`Date.now`, which the core's clock reads) at `seconds`. */
async function at(seconds, fn) {
  const real = Date.now;
  Date.now = () => seconds * 1000;
  try {
    return await fn();
  } finally {
    Date.now = real;
  }
}

/** A 2.x SDK request context saying what the connection says (or nothing). */
function extraOf({ protocolVersion, clientCapabilities, inputResponses, requestState } = {}) {
  const envelope = { [PROTOCOL_VERSION_KEY]: protocolVersion, [CLIENT_CAPABILITIES_KEY]: clientCapabilities };
  return { mcpReq: { envelope, inputResponses, requestState: () => requestState } };
}

/** What a handler throws for a vector's `failure`. */
function failing(failure) {
  return Object.assign(new Error("a failure the handler reports"), { failure: () => failure });
}

// --- what the calls carry -----------------------------------------------------------------------

/** Every string of `value` (recursively, object values and array items) of 3 characters or more. */
function strings(value, into = []) {
  if (typeof value === "string") {
    if ([...value].length >= 3) into.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) strings(v, into);
  } else if (value !== null && typeof value === "object" && !(value instanceof Num)) {
    for (const v of Object.values(value)) strings(v, into);
  }
  return into;
}

/** The strings of a raw argument text: those of its parse, and every quoted string in it (a key
 * sent twice keeps both values; a text that is no JSON still has its strings). */
function textStrings(text, into = []) {
  try {
    strings(parseExact(text), into);
  } catch {
    // No JSON: the quoted strings below.
  }
  for (const m of text.matchAll(/"((?:[^"\\]|\\.)*)"/g)) {
    let s;
    try {
      s = JSON.parse(`"${m[1]}"`);
    } catch {
      s = m[1];
    }
    strings(s, into);
  }
  return into;
}

/** The names a schema gives (a tool's, its properties' at any depth, a union's tag, the
 * properties a confirming tool adds): schema, not payload. */
function schemaNames(node, into = new Set()) {
  if (Array.isArray(node)) {
    for (const n of node) schemaNames(n, into);
  } else if (node !== null && typeof node === "object" && !(node instanceof Num)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === "properties" && v !== null && typeof v === "object") for (const name of Object.keys(v)) into.add(name);
      // The tool's name, a union's tag property, and the two properties a tool that confirms has.
      if ((k === "name" || k === "tag") && typeof v === "string") into.add(v);
      if (k === "confirm" && v === true) for (const name of ["confirm_token", "dry_run"]) into.add(name);
      schemaNames(v, into);
    }
  }
  return into;
}

/** The payload of every call run: each string once, with where it was first sent. */
class Payload {
  strings = new Map();
  /** Every tool's and property's name of the calls run. */
  names = new Set();
  calls = 0;
  add(where, schema, found) {
    for (const name of schema) this.names.add(name);
    for (const s of found) if (!schema.has(s) && !this.strings.has(s)) this.strings.set(s, where);
  }
}

// --- running the vectors through the adapters ---------------------------------------------------

/** A handler that answers with what it received (the result is the model's; never telemetry's). */
const echo = (args) => ({ echoed: args });

async function runToolVectors(payload) {
  const codec = new ai.CursorCodec(VECTOR_KEY);
  const tools = new Map();
  for (const { where, spec, case: c } of toolCases()) {
    const schema = schemaNames(spec);
    if (!tools.has(where.split("/")[1])) tools.set(where.split("/")[1], ai.Tool.fromSpec(asInput(spec), { codec }));
    const tool = tools.get(where.split("/")[1]);
    let args;
    if (c.args_text !== undefined) {
      payload.add(where, schema, textStrings(c.args_text));
      try {
        args = asInput(parseExact(c.args_text));
      } catch {
        args = c.args_text;
      }
    } else {
      payload.add(where, schema, strings(c.args));
      args = c.args === undefined ? undefined : asInput(c.args);
    }
    const now = c.now === undefined ? NOW : Number(c.now.text);
    await at(now, () => runCall(tool, echo, args, undefined));
    payload.calls++;
    if (c.now === undefined) continue;
    // The person's channel: the question, then the retry with the person's answers.
    const asked = await at(now, () => runCall(tool, echo, args, extraOf(PERSON)));
    payload.calls++;
    if (c.answers === undefined) continue;
    const answers = asInput(c.answers);
    const requestState = answers.request_state ?? asked.requestState;
    payload.add(where, schema, strings([answers, requestState]));
    await at(now, () => runCall(tool, echo, args, extraOf({ ...PERSON, inputResponses: answers.input_responses, requestState })));
    payload.calls++;
  }
}

const PREVIEW_TOKEN = "$preview_token";
const withToken = (v, token) =>
  v === PREVIEW_TOKEN ? token : v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withToken(x, token)])) : v;

/** The contract vectors, step by step as `contract.test.js` runs them, through `runCall`: one
 * store per case, the clock at each step's `now`, a `holds` step's handler still running when
 * the next step arrives, a `failure` thrown by the handler. */
async function runContractVectors(payload) {
  const codec = new ai.CursorCodec(VECTOR_KEY);
  for (const { where, spec, case: c } of contractCases()) {
    const schema = schemaNames(spec);
    const tool = ai.Tool.fromSpec(asInput(spec), { codec });
    const receipts = new ai.MemoryReceipts();
    const held = [];
    let token = "";
    for (const step of c.steps) {
      const args = withToken(asInput(step.args), token);
      payload.add(where, schema, strings([args, step.output]));
      let entered;
      const running = new Promise((resolve) => (entered = resolve));
      let release;
      const released = new Promise((resolve) => (release = resolve));
      const handler = async () => {
        entered();
        if (step.holds === true) await released;
        if (step.failure !== undefined) throw failing(asInput(step.failure));
        return asInput(step.output);
      };
      const result = at(Number(step.now.text), () => runCall(tool, handler, args, undefined, { receipts }));
      payload.calls++;
      if (step.holds === true) {
        await running;
        held.push({ release, result });
        continue;
      }
      token = (await result).structuredContent?.confirmation?.confirm_token ?? token;
    }
    for (const { release, result } of held) {
      release();
      await result;
    }
  }
}

/** The store as the protocol vectors step it: one per case. */
async function runProtocolVectors(payload) {
  const dir = join(VECTORS, "protocol");
  const codec = new ai.CursorCodec(VECTOR_KEY);
  const skipped = [];
  let unread = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
    const schema = schemaNames(doc.tool);
    for (const c of doc.cases) {
      const where = `protocol/${file}/${c.name}`;
      const receipts = new ai.MemoryReceipts();
      let issued = "";
      // A drop-in's tool: a server of the SDK's low-level shape made lenient, whose author's
      // tools/call handler gives the vector's `ran`.
      let callTool = null;
      let ran = null;
      if (doc.tool.definition !== undefined) {
        const handlers = new Map();
        const server = {
          setRequestHandler: (method, handler) => void handlers.set(method, handler),
          registerCapabilities() {},
          getClientCapabilities() {},
        };
        const { tools, languages, implied_kinds: impliedKinds = false } = doc.tool.options ?? {};
        lenient(server, { tools, languages, impliedKinds, codec, receipts });
        server.setRequestHandler("tools/list", () => ({ tools: [doc.tool.definition] }));
        server.setRequestHandler("tools/call", async () => {
          if (ran?.error !== undefined) throw new Error(ran.error);
          if (ran?.failure !== undefined) throw failing(ran.failure);
          return ran?.result ?? { content: [] };
        });
        callTool = handlers.get("tools/call");
      }
      const tool = doc.tool.spec === undefined ? null : ai.Tool.fromSpec(doc.tool.spec, { codec });
      // A drop-in's tool its options leave alone is the framework's: no read, no span.
      const leftAlone = tool === null && new ai.Protocol(doc.tool.options, codec).tool(doc.tool.definition).tool === null;
      for (const call of c.calls) {
        if (call.ran?.cancelled === true) {
          // The adapters have no way to cancel a handler: `cancelled` is the protocol's alone.
          skipped.push(where);
          continue;
        }
        ran = call.ran ?? null;
        const params = { ...call.params };
        if (params.requestState === "$state") params.requestState = issued;
        payload.add(where, schema, strings([params.arguments, params.inputResponses, params.requestState, ran?.output, ran?.result, ran?.error, ran?.warnings]));
        const extra = extraOf({ ...call.context, inputResponses: params.inputResponses, requestState: params.requestState });
        const handler = (_args, toolCall) => {
          if (ran?.error !== undefined) throw new Error(ran.error);
          if (ran?.failure !== undefined) throw failing(ran.failure);
          for (const w of ran?.warnings ?? []) toolCall.addWarning(w);
          return ran?.output ?? null;
        };
        // A drop-in whose framework's call throws throws it on (the SDK answers a JSON-RPC error).
        const result = await at(call.context?.now ?? NOW, () =>
          tool === null ? callTool({ method: "tools/call", params }, extra).catch((e) => ({ thrown: e.message })) : runCall(tool, handler, params.arguments, extra, { receipts }),
        );
        payload.calls++;
        if (leftAlone) unread++;
        if (typeof result?.requestState === "string") issued = result.requestState;
      }
    }
  }
  return { skipped, unread };
}

/** Every kind vector as a call of a tool with one property, `value`, of that kind and its
 * options (a missing input: no `value` at all). */
async function runKindVectors(payload) {
  const codec = new ai.CursorCodec(VECTOR_KEY);
  const tools = new Map();
  for (const { where, case: c } of kindCases()) {
    const kind = c.kind;
    const { now, today, ...options } = asInput(c.options ?? {});
    const spec = { name: `read_${kind}`, properties: { value: { kind, ...options } } };
    const key = JSON.stringify(spec);
    if (!tools.has(key)) tools.set(key, ai.Tool.fromSpec(spec, { codec }));
    const args = "input" in c ? { value: asInput(c.input) } : {};
    payload.add(where, new Set(["read_" + kind, "value"]), strings(c.input));
    await at(now ?? NOW, () => runCall(tools.get(key), echo, args, undefined, { today }));
    payload.calls++;
  }
}

// --- what was exported ------------------------------------------------------------------------

const OUTCOMES = ["ok", "repaired", "asked", "refused", "replayed", "confirmation_required", "previewed", "failed", "passed", "cancelled"];
const CODES = new Set([...ai.NOTE_CODES, ...ai.WARNING_CODES, ...ai.ASK_CODES]);
const oneOf = (list) => (v) => list.includes(v);
const codesOf = (list) => (v) => Array.isArray(v) && v.length > 0 && v.every((c) => list.includes(c)) && new Set(v).size === v.length;
/** Every attribute the contract names (docs/telemetry.md), with what its value may be; a tool's
 * name and an issue's path are checked against the schema, below. */
const SPAN_ATTRIBUTES = {
  "gen_ai.operation.name": oneOf(["execute_tool"]),
  "gen_ai.tool.name": null,
  "mcp.method.name": oneOf(["tools/call"]),
  "mcp.protocol.version": (v) => /^\d{4}-\d{2}-\d{2}$/.test(v),
  "error.type": oneOf(["tool_error"]),
  "agent_input.outcome": oneOf(OUTCOMES),
  "agent_input.envelope.code": oneOf(ai.ENVELOPE_CODES),
  "agent_input.note.codes": codesOf(ai.NOTE_CODES),
  "agent_input.warning.codes": codesOf(ai.WARNING_CODES),
  "agent_input.ask.codes": codesOf(ai.ASK_CODES),
  "agent_input.issue.paths": null,
  "agent_input.ask.person": (v) => v === true,
  "agent_input.answered": (v) => v === true,
  "agent_input.tool.read_duration": (v) => typeof v === "number" && Number.isFinite(v) && v >= 0 && v < 10,
};
const METRICS = { "agent_input.calls": "{call}", "agent_input.codes": "{code}", "agent_input.tool.read_duration": "s" };
/** What a checked value is written as: one character, which no string of 3 or more matches. */
const CHECKED = "\u241f";
const METRIC_ATTRIBUTES = {
  "gen_ai.tool.name": null,
  "agent_input.outcome": oneOf(OUTCOMES),
  "agent_input.code.kind": oneOf(["note", "warning", "ask"]),
  "agent_input.code": (v) => CODES.has(v),
};

/**
 * Everything exported, as one text: spans (name, kind, scope, attributes, events, links, status)
 * and metric data points (name, unit, attributes, value). Each attribute is one the contract
 * names, and each value one its attribute may hold: a closed set's member (an outcome, a code,
 * a constant), a number of the right type (a count, a duration), `true`; the attributes' names
 * are left out, and the checked values, the scope and the tool's name (`tools`: schema) are
 * written as one character (`CHECKED`); an issue's path keeps only its segments that are neither
 * a property's name (`names`) nor an index. So the text holds what no closed set explains, and a
 * string sent found in it is a leak.
 */
async function exported(exporter, reader, tools, names) {
  const spans = exporter.getFinishedSpans();
  const { resourceMetrics, errors } = await reader.collect();
  assert.deepEqual(errors, []);
  const tool = (v) => {
    assert.ok(tools.has(v), `a tool's name: ${v}`);
    return CHECKED;
  };
  const path = (v) => {
    assert.ok(v === "" || v.startsWith("/"), `a JSON pointer: ${v}`);
    return v
      .split("/")
      .map((seg) => seg.replaceAll("~1", "/").replaceAll("~0", "~"))
      .map((seg) => (seg === "" || /^\d+$/.test(seg) || names.has(seg) ? CHECKED : seg))
      .join("/");
  };
  // The attributes' names are the contract's (checked), so only their values are written.
  const attributes = (attrs, allowed) =>
    Object.entries(attrs ?? {}).map(([k, v]) => {
      assert.ok(Object.hasOwn(allowed, k), `an attribute the contract names: ${k}`);
      if (k === "gen_ai.tool.name") return tool(v);
      if (k === "agent_input.issue.paths") {
        assert.ok(Array.isArray(v) && v.length > 0 && v.length <= 50, `paths: ${v}`);
        return v.map(path);
      }
      assert.ok(allowed[k](v), `${k}: ${JSON.stringify(v)}`);
      return CHECKED;
    });
  const scope = (s) => {
    assert.deepEqual([s.name, s.version], [SCOPE, VERSION]);
    return CHECKED;
  };
  const spanText = spans.map((s) => {
    const name = s.attributes["gen_ai.tool.name"];
    assert.equal(s.name, `execute_tool ${name}`);
    assert.equal(s.kind, SpanKind.INTERNAL);
    assert.ok([SpanStatusCode.UNSET, SpanStatusCode.ERROR].includes(s.status.code));
    // As an array: no key of the text's own can look like a string sent.
    return JSON.stringify([
      `execute_tool ${tool(name)}`,
      scope(s.instrumentationScope),
      attributes(s.attributes, SPAN_ATTRIBUTES),
      s.events.map((e) => [e.name, e.attributes]),
      s.links.map((l) => l.attributes),
      [s.status.message].filter((m) => m !== undefined),
    ]);
  });
  const points = resourceMetrics.scopeMetrics.flatMap((sm) =>
    sm.metrics.map((m) => ({ scope: sm.scope, name: m.descriptor.name, unit: m.descriptor.unit, points: m.dataPoints })),
  );
  const metricText = JSON.stringify(
    points.map((m) => {
      assert.ok(METRICS[m.name] === m.unit, `a metric of the contract: ${m.name} (${m.unit})`);
      return [
        scope(m.scope),
        m.points.map((p) => {
          const value = typeof p.value === "number" ? p.value : p.value.count;
          assert.ok(Number.isInteger(value) && value > 0, `a count: ${JSON.stringify(p.value)}`);
          if (typeof p.value !== "number") assert.ok(p.value.sum >= 0 && p.value.sum < 100, `a duration: ${p.value.sum}`);
          return attributes(p.attributes, METRIC_ATTRIBUTES);
        }),
      ];
    }),
  );
  return { spans, points, text: [...spanText, metricText].join("\n") };
}

test("the check finds what it is for: a value in a path, a status description, an attribute of no contract", async () => {
  const names = new Set(["search", "limit"]);
  const planted = async (fn, tool = "search") => {
    const { exporter, reader } = install();
    const span = trace.getTracer(SCOPE, VERSION).startSpan(`execute_tool ${tool}`, { kind: SpanKind.INTERNAL });
    span.setAttributes({ "gen_ai.tool.name": tool, "agent_input.outcome": "asked" });
    fn(span);
    span.end();
    uninstall();
    return exported(exporter, reader, names, names);
  };
  assert.ok((await planted((s) => s.setAttribute("agent_input.issue.paths", ["/limit", "/secret-value/2"]))).text.includes("secret-value"));
  assert.ok((await planted((s) => s.setStatus({ code: SpanStatusCode.ERROR, message: "read secret-value" }))).text.includes("secret-value"));
  assert.ok((await planted((s) => s.addEvent("secret-value"))).text.includes("secret-value"));
  await assert.rejects(planted((s) => s.setAttribute("agent_input.received", "secret-value")), /an attribute the contract names/);
  await assert.rejects(planted((s) => s.setAttribute("agent_input.outcome", "secret-value")), /agent_input.outcome/);
  await assert.rejects(planted(() => {}, "secret-value"), /a tool's name/);
  assert.equal((await planted(() => {})).text, JSON.stringify(["execute_tool " + CHECKED, CHECKED, [CHECKED, CHECKED], [], [], []]) + "\n[]");
});

// --- the tests ----------------------------------------------------------------------------------

test("the scope's version is the package's", () => {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  assert.equal(VERSION, pkg.version);
  assert.equal(SCOPE, "agent-input");
});

test("no string sent in any vector's call reaches a span or a metric", async (t) => {
  const { exporter, reader } = install();
  const payload = new Payload();
  await runToolVectors(payload);
  const toolCalls = payload.calls;
  await runContractVectors(payload);
  const contractCalls = payload.calls - toolCalls;
  const { skipped, unread } = await runProtocolVectors(payload);
  const protocolCalls = payload.calls - toolCalls - contractCalls;
  await runKindVectors(payload);
  const kindCalls = payload.calls - toolCalls - contractCalls - protocolCalls;
  uninstall();

  const { spans, points, text } = await exported(exporter, reader, payload.names, payload.names);
  const counts = { toolCalls, contractCalls, protocolCalls, kindCalls, unread, spans: spans.length, strings: payload.strings.size, skipped };
  t.diagnostic(`telemetry privacy: ${JSON.stringify(counts)}`);
  assert.ok(toolCalls >= 150 && contractCalls >= 40 && protocolCalls >= 40 && kindCalls >= 2000, JSON.stringify(counts));
  assert.equal(skipped.length, 2, "the two cancelled handlers");
  assert.ok(payload.strings.size >= 1000, `${payload.strings.size} strings`);
  // One span per call the adapters read.
  assert.equal(spans.length, payload.calls - unread);
  for (const span of spans) {
    assert.match(span.name, /^execute_tool \S/);
    assert.equal(span.name, `execute_tool ${span.attributes["gen_ai.tool.name"]}`);
    assert.equal(span.kind, SpanKind.INTERNAL);
    assert.deepEqual([span.instrumentationScope.name, span.instrumentationScope.version], [SCOPE, VERSION]);
    assert.equal(span.status.message, undefined, "no description");
    assert.equal(span.events.length, 0);
  }
  const outcomes = new Set(spans.map((s) => s.attributes["agent_input.outcome"]));
  for (const o of ["ok", "repaired", "asked", "refused", "replayed", "confirmation_required", "previewed", "failed", "passed"]) assert.ok(outcomes.has(o), `an outcome ${o}`);
  assert.deepEqual(points.map((m) => [m.name, m.unit]).sort(), [["agent_input.calls", "{call}"], ["agent_input.codes", "{code}"], ["agent_input.tool.read_duration", "s"]]);
  const calls = points.find((m) => m.name === "agent_input.calls").points.reduce((n, p) => n + p.value, 0);
  assert.equal(calls, spans.length);

  const leaks = [...payload.strings].filter(([s]) => text.includes(s));
  assert.deepEqual(leaks, [], "strings of the calls found in the exported telemetry");
});

const SEARCH = { name: "search", properties: { query: { kind: "text", required: true }, limit: { max: 50 } } };

test("an ok, a repaired and an asked call: the exact span and metrics", async () => {
  const { exporter, reader } = install();
  const tool = ai.Tool.fromSpec(SEARCH);
  const ok = await runCall(tool, echo, { query: "lease", limit: 10 });
  const repaired = await runCall(tool, echo, { query: "lease", limit: "4 000" });
  const asked = await runCall(tool, echo, { query: "lease", limit: "many" });
  assert.equal(ok.isError ?? false, false);
  assert.equal(repaired.isError ?? false, false);
  assert.equal(asked.isError, true);
  const [okSpan, repairedSpan, askedSpan] = exporter.getFinishedSpans();
  const base = { "gen_ai.operation.name": "execute_tool", "gen_ai.tool.name": "search", "mcp.method.name": "tools/call" };
  const without = (span) => {
    const { "agent_input.tool.read_duration": seconds, ...rest } = span.attributes;
    assert.ok(typeof seconds === "number" && seconds > 0 && seconds < 1, `read_duration ${seconds}`);
    return rest;
  };
  assert.equal(okSpan.name, "execute_tool search");
  assert.deepEqual(without(okSpan), { ...base, "agent_input.outcome": "ok" });
  assert.deepEqual(okSpan.status, { code: SpanStatusCode.UNSET });
  assert.deepEqual(without(repairedSpan), { ...base, "agent_input.outcome": "repaired", "agent_input.note.codes": ["grouping_removed", "out_of_range_clamped"] });
  assert.deepEqual(repairedSpan.status, { code: SpanStatusCode.UNSET });
  assert.deepEqual(without(askedSpan), {
    ...base,
    "agent_input.outcome": "asked",
    "error.type": "tool_error",
    "agent_input.envelope.code": "invalid_arguments",
    "agent_input.ask.codes": ["not_a_number"],
    "agent_input.issue.paths": ["/limit"],
  });
  assert.deepEqual(askedSpan.status, { code: SpanStatusCode.ERROR }, "ERROR, with no message");

  const { resourceMetrics } = await reader.collect();
  const [scope] = resourceMetrics.scopeMetrics;
  assert.deepEqual([scope.scope.name, scope.scope.version], [SCOPE, VERSION]);
  const metric = (name) => scope.metrics.find((m) => m.descriptor.name === name);
  const byOutcome = (p) => p.attributes["agent_input.outcome"];
  assert.deepEqual(
    metric("agent_input.calls").dataPoints.map((p) => [p.attributes, p.value]).sort((a, b) => byOutcome({ attributes: a[0] }).localeCompare(byOutcome({ attributes: b[0] }))),
    ["asked", "ok", "repaired"].map((o) => [{ "gen_ai.tool.name": "search", "agent_input.outcome": o }, 1]),
  );
  assert.deepEqual(
    metric("agent_input.codes").dataPoints.map((p) => [p.attributes, p.value]),
    [
      [{ "gen_ai.tool.name": "search", "agent_input.code.kind": "note", "agent_input.code": "grouping_removed" }, 1],
      [{ "gen_ai.tool.name": "search", "agent_input.code.kind": "note", "agent_input.code": "out_of_range_clamped" }, 1],
      [{ "gen_ai.tool.name": "search", "agent_input.code.kind": "ask", "agent_input.code": "not_a_number" }, 1],
    ],
  );
  const durations = metric("agent_input.tool.read_duration");
  assert.equal(durations.descriptor.unit, "s");
  assert.deepEqual(durations.dataPoints.map((p) => [byOutcome(p), p.value.count]).sort(), [["asked", 1], ["ok", 1], ["repaired", 1]]);
  assert.ok(durations.dataPoints.every((p) => p.value.sum > 0 && p.value.sum < 1));
  uninstall();
});

test("the person's channel: asked of the person, then answered", async () => {
  const { exporter } = install();
  const tool = ai.Tool.fromSpec({ ...SEARCH, answered_by: "user", properties: { ...SEARCH.properties, date_to: {} } }, { codec: new ai.CursorCodec(VECTOR_KEY) });
  const args = { query: "lease", date_to: "01/02/2026" };
  const question = await runCall(tool, echo, args, extraOf(PERSON));
  assert.equal(question.resultType, "input_required");
  const inputResponses = { date_to: { action: "accept", content: { value: "2026-02-01" } } };
  await runCall(tool, echo, args, extraOf({ ...PERSON, inputResponses, requestState: question.requestState }));
  const [asked, answered] = exporter.getFinishedSpans().map((s) => s.attributes);
  assert.equal(asked["agent_input.outcome"], "asked");
  assert.equal(asked["agent_input.ask.person"], true);
  assert.equal(asked["error.type"], undefined, "a question is no error");
  assert.deepEqual(asked["agent_input.issue.paths"], ["/date_to"]);
  assert.equal(asked["mcp.protocol.version"], ai.MRTR_VERSION);
  assert.equal(answered["agent_input.answered"], true);
  assert.deepEqual(answered["agent_input.note.codes"], ["reading_chosen_by_person"]);
  uninstall();
});

/** Both server paths over the 2.x SDK's in-memory client: a spec tool registered by
 * `registerTool`, and an McpServer made lenient. The author's spans are the call span's children
 * (with `authorSpans: false` the author makes none: a broken SDK fails an author's own spans). */
async function serverCalls({ authorSpans = true } = {}) {
  const tracer = authorSpans ? trace.getTracer("the author") : { startActiveSpan: (_name, fn) => fn({ end() {} }) };
  const low = new Server2({ name: "spec", version: "1.0.0" }, { capabilities: {} });
  registerTool(low, SEARCH, (args) => tracer.startActiveSpan("author work", (span) => (span.end(), { hits: [], args })));
  const mcp = new McpServer2({ name: "plain", version: "1.0.0" });
  mcp.registerTool("echo", { inputSchema: z.object({ limit: z.number().int().max(50) }) }, async (args) =>
    tracer.startActiveSpan("author echo", (span) => (span.end(), { content: [{ type: "text", text: JSON.stringify(args) }] })),
  );
  lenient(mcp);
  const out = [];
  for (const [server, name, argsList] of [
    [low, "search", [{ query: "lease", limit: "4 000" }, { query: "lease", limit: "many" }]],
    [mcp, "echo", [{ limit: "4 000" }, { limit: "lots" }]],
  ]) {
    const [clientSide, serverSide] = InMemory2.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client2({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    for (const args of argsList) out.push(await client.callTool({ name, arguments: args }));
    await client.close();
  }
  return out;
}

test("registerTool and lenient servers over the SDK: one span per call, the author's spans its children", async () => {
  const { exporter } = install();
  await serverCalls();
  const spans = exporter.getFinishedSpans();
  const calls = spans.filter((s) => s.name.startsWith("execute_tool "));
  assert.deepEqual(
    calls.map((s) => [s.name, s.attributes["agent_input.outcome"]]),
    [["execute_tool search", "repaired"], ["execute_tool search", "asked"], ["execute_tool echo", "repaired"], ["execute_tool echo", "asked"]],
  );
  const authors = spans.filter((s) => s.name.startsWith("author "));
  assert.equal(authors.length, 2, "the author's function runs for the two repaired calls");
  for (const a of authors) {
    const parent = calls.find((c) => c.spanContext().spanId === a.parentSpanContext?.spanId);
    assert.ok(parent !== undefined, `${a.name} is a child of a call span`);
    assert.equal(parent.spanContext().traceId, a.spanContext().traceId);
  }
  uninstall();
});

/** The answers of a few calls through both paths: ok, repaired, asked, arguments of no object,
 * none, a handler's error and throttle, and the SDK servers' calls. */
async function answers() {
  const out = [];
  const tool = ai.Tool.fromSpec(SEARCH);
  for (const args of [{ query: "lease", limit: 10 }, { query: "lease", limit: "4 000" }, { query: "lease", limit: "many" }, "query=lease", undefined]) {
    out.push(await runCall(tool, echo, args));
  }
  out.push(await runCall(tool, () => {
    throw new Error("the database is down");
  }, { query: "lease" }));
  out.push(await runCall(tool, () => {
    throw new ai.RateLimited({ retryAfterSeconds: 30 });
  }, { query: "lease" }));
  out.push(...(await serverCalls({ authorSpans: false })));
  return JSON.parse(JSON.stringify(out));
}

test("a throwing exporter or span processor, or no SDK at all, never changes an answer", async () => {
  uninstall();
  // With no SDK registered, nothing would keep a record: none is made.
  const record = ai.Call.prototype.record;
  let records = 0;
  ai.Call.prototype.record = function counted() {
    records++;
    return record.call(this);
  };
  let expected;
  try {
    expected = await answers();
    assert.equal(records, 0, "no record without an SDK");
    install();
    assert.deepEqual(await answers(), expected);
    assert.equal(records, expected.length, "one record per call with the SDK");
  } finally {
    ai.Call.prototype.record = record;
  }
  assert.equal(expected.length, 11);

  const throwingExporter = {
    export() {
      throw new Error("the exporter is broken");
    },
    shutdown: async () => {},
  };
  const throwingProcessor = {
    onStart() {},
    onEnd() {
      throw new Error("the processor is broken");
    },
    forceFlush: async () => {},
    shutdown: async () => {},
  };
  const throwingAtStart = { ...throwingProcessor, onStart() {
    throw new Error("the processor is broken at the start");
  } };
  for (const processors of [[new SimpleSpanProcessor(throwingExporter)], [throwingProcessor], [throwingAtStart]]) {
    install(processors);
    assert.deepEqual(await answers(), expected);
  }
  // A meter that throws at every add.
  trace.disable();
  metrics.disable();
  const broken = () => {
    throw new Error("the meter is broken");
  };
  metrics.setGlobalMeterProvider({ getMeter: () => ({ createCounter: () => ({ add: broken }), createHistogram: () => ({ record: broken }) }) });
  assert.deepEqual(await answers(), expected);
  metrics.setGlobalMeterProvider({ getMeter: broken });
  assert.deepEqual(await answers(), expected);
  uninstall();
});

test("without @opentelemetry/api installed, agent-input/mcp loads it never and answers as before", () => {
  const hook = `export async function resolve(specifier, context, next) {
    if (specifier.startsWith("@opentelemetry/")) throw Object.assign(new Error("not installed: " + specifier), { code: "ERR_MODULE_NOT_FOUND" });
    return next(specifier, context);
  }`;
  const register = `import { register } from "node:module"; register("data:text/javascript,${encodeURIComponent(hook)}");`;
  const script = `
    import { Tool } from "agent-input";
    import { runCall } from "agent-input/mcp";
    const tool = Tool.fromSpec({ name: "search", properties: { query: { kind: "text", required: true }, limit: { max: 50 } } });
    const result = await runCall(tool, (args) => args, { query: "lease", limit: "4 000" });
    let loaded = true;
    try { await import("@opentelemetry/api"); } catch { loaded = false; }
    console.log(JSON.stringify({ result: result.structuredContent.result, loaded }));`;
  const child = spawnSync(process.execPath, ["--import", `data:text/javascript,${encodeURIComponent(register)}`, "--input-type=module", "-e", script], {
    cwd: new URL("..", import.meta.url),
    encoding: "utf8",
  });
  assert.equal(child.status, 0, child.stderr);
  assert.deepEqual(JSON.parse(child.stdout), { result: { query: "lease", limit: 50 }, loaded: false });
});
