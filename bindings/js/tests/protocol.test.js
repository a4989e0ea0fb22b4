/**
 * The call protocol through the package (`Tool.prototype.call`, `Protocol`, `Call`): every case
 * of `tests/vectors/protocol/` stepped as `agent-input/tests/protocol.rs` steps it (one fresh
 * `MemoryReceipts` per case, the vector key, `now` 1800000000 unless the call gives one, the
 * store's steps done against the store, `ran` as the outcome of a run step, each state the
 * protocol issued written `$state`), and the whole list of steps compared exactly; then the
 * binding's own surface: misuse is a typed error, bad input never throws.
 */

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import * as ai from "agent-input";

import { VECTORS, VECTOR_KEY } from "./vectors.js";

const NOW = 1_800_000_000;
/** How the vectors spell a state the protocol issued (sealed states differ at each run). */
const ISSUED = "agent-input:";

const normalised = (value) => {
  if (typeof value === "string") return value.startsWith(ISSUED) ? "$state" : value;
  if (Array.isArray(value)) return value.map(normalised);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalised(v)]));
  return value;
};

/** The steps of one call of the file's tool. */
function runCall(tool, call, store, codec, state) {
  const context = { ...call.context };
  context.now ??= NOW;
  const params = { ...call.params };
  if (params.requestState === "$state") params.requestState = state.issued;
  let machine;
  if (tool.spec !== undefined) {
    machine = ai.Tool.fromSpec(tool.spec, { codec }).call(params, context);
  } else {
    const protocol = new ai.Protocol(tool.options, codec);
    const listed = protocol.tool(tool.definition);
    if (listed.tool === null) return [{ step: "pass" }];
    machine = protocol.call(listed.tool, params, context);
  }
  const steps = [];
  for (let step = machine.step; ; ) {
    if (step.step === "answer" && typeof step.result.requestState === "string") state.issued = step.result.requestState;
    steps.push(normalised(step));
    let outcome;
    switch (step.step) {
      case "get":
        outcome = { stored: store.get(step.tool, step.key) };
        break;
      case "reserve":
        outcome = { stored: store.reserve(step.tool, step.key, step.receipt) };
        break;
      case "put":
        store.put(step.tool, step.key, step.receipt);
        outcome = {};
        break;
      case "run":
        outcome = call.ran;
        break;
      default:
        return steps;
    }
    step = machine.resume(outcome);
  }
}

test("every protocol vector steps as expected", async (t) => {
  const dir = join(VECTORS, "protocol");
  const files = readdirSync(dir).filter((f) => f.endsWith(".json")).sort();
  const codec = new ai.CursorCodec(VECTOR_KEY);
  let n = 0;
  for (const file of files) {
    const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
    for (const c of doc.cases) {
      await t.test(`${file}/${c.name}`, () => {
        const store = new ai.MemoryReceipts();
        const state = { issued: "" };
        c.calls.forEach((call, j) => {
          n++;
          assert.deepStrictEqual(runCall(doc.tool, call, store, codec, state), call.expect, `${file}/${c.name}/${j}`);
        });
      });
    }
  }
  assert.ok(n >= 20, `only ${n} protocol calls`);
});

const SEARCH = { name: "search", properties: { query: { kind: "text", required: true }, limit: { max: 50 } } };

test("a Call's outcome out of turn, or of no shape, is a typed error; bad arguments are a step", () => {
  const tool = ai.Tool.fromSpec(SEARCH);
  const call = tool.call({ name: "search", arguments: { query: "x", limit: "4 000" } });
  assert.equal(call.step.step, "run");
  assert.deepEqual(call.step.arguments, { query: "x", limit: 50 });
  assert.throws(() => call.resume({ result: { content: [] } }), ai.InvalidOptionsError);
  assert.throws(() => call.resume({ what: 1 }), ai.InvalidOptionsError);
  const answer = call.resume({ output: { hits: 0 } });
  assert.equal(answer.step, "answer");
  assert.deepEqual(answer.result.structuredContent.result, { hits: 0 });
  assert.throws(() => call.resume({}), ai.InvalidOptionsError, "the call is over");
  assert.throws(() => tool.call({ name: "search" }, { today: "2026-1-1" }), ai.InvalidOptionsError);
  assert.throws(() => tool.call({ name: "search" }, { now: "soon" }), TypeError);
  // Bad input never throws: each shape is a step.
  for (const args of [undefined, null, [1], "query=x", { query: "\ud800" }, { query: 10n ** 30n }]) {
    const step = tool.call({ name: "search", arguments: args }).step;
    assert.ok(["answer", "run"].includes(step.step), JSON.stringify(step));
  }
});

test("a lone surrogate in a call's arguments answers the envelope read answers, naming the byte", () => {
  const tool = ai.Tool.fromSpec(SEARCH);
  for (const args of [{ query: "\ud800" }, [{ query: "\ud800" }], { query: "x", limit: ["\udc00"] }]) {
    const step = tool.call({ name: "search", arguments: args }).step;
    assert.equal(step.step, "answer", JSON.stringify(args));
    assert.deepEqual(step.result.structuredContent, tool.read(args).toCallToolResult().structuredContent);
  }
  const issue = tool.call({ name: "search", arguments: { query: "\ud800" } }).step.result.structuredContent.issues[0];
  assert.equal(issue.code, "invalid_request");
  assert.match(issue.expected, /lone UTF-16 surrogate/);
  // Through a lenient server's protocol too.
  const protocol = new ai.Protocol();
  const echo = protocol.tool({ name: "echo", inputSchema: { type: "object", properties: { q: { type: "string" } } } });
  const lenient = protocol.call(echo.tool, { name: "echo", arguments: { q: "\ud800" } }).step;
  assert.equal(lenient.step, "answer");
  assert.match(JSON.stringify(lenient.result), /lone UTF-16 surrogate/);
});

test("a handler's output that JSON cannot write is null, and warnings added to toolCall reach the result", () => {
  const tool = ai.Tool.fromSpec(SEARCH);
  const call = tool.call({ name: "search", arguments: { query: "x" } });
  assert.deepEqual(call.resume({ output: undefined }).result.structuredContent.result, null);
  const warned = tool.call({ name: "search", arguments: { query: "x" } });
  warned.toolCall.addWarning(ai.noHitsFiltered("court", "NS", ["NSS"]));
  const result = warned.resume({ output: [] }).result;
  assert.deepEqual(result.structuredContent.warnings.map((w) => w.code), ["no_hits_filtered"]);
});

test("Protocol: tool, known, list and forget", () => {
  const definition = { name: "echo", inputSchema: { type: "object", properties: { n: { type: "integer", maximum: 5 } } } };
  const left = { name: "raw", inputSchema: { type: "object", properties: { n: { type: "integer" } } } };
  const protocol = new ai.Protocol({ tools: { raw: false } });
  assert.equal(protocol.known("echo"), undefined);
  const { result, log } = protocol.list({ tools: [definition, left], nextCursor: "2" });
  assert.deepEqual(log, []);
  assert.equal(result.nextCursor, "2");
  const echo = protocol.known("echo");
  assert.ok(echo.tool instanceof ai.LenientTool);
  assert.equal(echo.outputSchema, false);
  assert.deepEqual(result.tools[0].inputSchema, echo.tool.inputSchema());
  assert.deepEqual(result.tools[1], left);
  assert.deepEqual(protocol.known("raw"), { tool: null, outputSchema: false, log: null });
  protocol.forget();
  assert.equal(protocol.known("echo"), undefined);
  assert.throws(() => new ai.Protocol({ tools: [] }), ai.InvalidOptionsError);
  assert.throws(() => new ai.Protocol({ tools: { echo: { properties: { n: { kind: "no such kind" } } } } }).tool(definition), ai.AgentInputError);
  assert.throws(() => protocol.call({}, { name: "echo" }), TypeError);
});

test("canAsk, unknownTool and the constants are the core's", () => {
  assert.equal(ai.canAsk("2026-07-28", { elicitation: {} }), true);
  assert.equal(ai.canAsk("2025-11-25", { elicitation: {} }), false);
  assert.equal(ai.canAsk("2026-07-28", { elicitation: { url: {} } }), false);
  assert.equal(ai.canAsk(undefined, undefined), false);
  assert.equal(ai.unknownTool("nope", ["a", "b"]), "unknown tool `nope`, expected one of `a`, `b`");
  assert.deepEqual([ai.MRTR_VERSION, ai.NOTES_META, ai.WARNINGS_META], ["2026-07-28", "agent-input/notes", "agent-input/warnings"]);
});

test(
  "a cursor property read through a Call reads on the JavaScript host",
  () => {
    const codec = new ai.CursorCodec("a server key of 16+ bytes");
    const tool = ai.Tool.fromSpec({ name: "list", properties: { cursor: { kind: "cursor" } } }, { codec });
    const cursor = codec.encode({ page: 2 }, { ttl: 60 });
    assert.deepEqual(tool.call({ name: "list", arguments: { cursor } }).step, { step: "run", arguments: { cursor: { page: 2 } }, answered: false });
  },
);
