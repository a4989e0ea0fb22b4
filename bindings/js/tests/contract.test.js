/**
 * The contract around a call, through the package: every case of `tests/vectors/contract/`
 * (confirm tokens, receipts, throttles) run as the server glue runs it, the page vectors, and the
 * glue's `runCall` end to end with a handler (a preview, an invented token, the token that
 * applies, the replayed receipt, a throttle the handler throws, a store of one's own).
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import * as ai from "agent-input";
import { runCall } from "agent-input/mcp";

import { VECTOR_KEY, asExpected, asInput, contractCases, pageCases } from "./vectors.js";

const PREVIEW_TOKEN = "$preview_token";
const withToken = (v, token) =>
  v === PREVIEW_TOKEN ? token : v !== null && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withToken(x, token)])) : v;

/** Each step as a server glue runs it, against a fresh store. */
function run(tool, steps) {
  const store = new ai.MemoryReceipts();
  let token = "";
  const out = [];
  for (const step of steps) {
    const now = Number(step.now.text);
    const call = tool.read(withToken(asInput(step.args), token));
    const key = tool.receiptKey(call);
    const stored = key === null ? null : store.get(tool.name, key);
    const gate = tool.gate(call, stored, { now });
    if (gate.action === "answer") {
      out.push({ ran: false, result: gate.result });
      continue;
    }
    if (gate.receipt !== undefined) store.put(tool.name, gate.receipt.key, gate.receipt.in_flight);
    if (step.holds === true) {
      out.push({ ran: true, handler_args: gate.args, held: true });
      continue;
    }
    let result;
    if ("failure" in step) {
      if (gate.receipt !== undefined) store.put(tool.name, gate.receipt.key, gate.receipt.release);
      result = tool.failureResult(asInput(step.failure));
    } else {
      const finished = tool.finish(call, gate, asInput(step.output), { now });
      if (finished.receipt !== undefined) store.put(tool.name, finished.key, finished.receipt);
      result = finished.result;
    }
    token = result.structuredContent?.confirmation?.confirm_token ?? token;
    out.push({ ran: true, handler_args: gate.args, result });
  }
  return out;
}

test("contract vectors", async (t) => {
  const cases = contractCases();
  assert.ok(cases.length >= 20);
  const codec = new ai.CursorCodec(VECTOR_KEY);
  for (const { where, spec, case: c } of cases) {
    await t.test(where, () => {
      const tool = ai.Tool.fromSpec(asInput(spec), { codec });
      const got = run(tool, c.steps);
      c.steps.forEach((step, i) => assert.deepStrictEqual(got[i], asExpected(step.expect), `${where}/${i}`));
    });
  }
});

test("page vectors", () => {
  const codec = new ai.CursorCodec(VECTOR_KEY);
  for (const c of pageCases()) {
    const { items, matched, sort, filtered, next, offset, matched_exact: matchedExact, ...rest } = asInput(c.page);
    assert.deepEqual(rest, {}, "every page field is passed");
    const got = codec.page({ items, matched, sort, filtered, next, offset, matchedExact, now: Number(c.now.text) });
    assert.deepStrictEqual(got, asExpected(c.expect), c.name);
  }
});

const SPEC = {
  name: "delete_note",
  description: "Delete a note.",
  writes: true,
  destructive: true,
  idempotent: true,
  confirm: true,
  properties: { note_id: { kind: "uuid", required: true }, idempotency_key: { required: true } },
};
const NOTE = "5d7c2a9e-8b1f-4c3d-a6e2-71f0b9d4c802";

function glue(tool, receipts) {
  const ran = [];
  const handler = ({ note_id, dry_run }) => {
    ran.push({ note_id, dry_run });
    return dry_run ? { would_delete: note_id } : { deleted: note_id };
  };
  return [(args) => runCall(tool, handler, args, undefined, { receipts }), ran];
}

test("runCall previews, refuses an invented token, applies with the preview's and replays", async () => {
  const tool = ai.Tool.fromSpec(SPEC, { codec: new ai.CursorCodec("a server key of 16+ bytes") });
  const [call, ran] = glue(tool, new ai.MemoryReceipts());
  const args = { note_id: NOTE, idempotency_key: "delete-note-0001" };
  const preview = await call(args);
  assert.deepEqual(preview.structuredContent.result, { would_delete: NOTE });
  const token = preview.structuredContent.confirmation.confirm_token;
  const invented = await call({ ...args, dry_run: false, confirm_token: "confirm" });
  assert.equal(invented.isError, true);
  assert.equal(invented.structuredContent.code, "confirmation_required");
  const applied = await call({ ...args, dry_run: false, confirm_token: token });
  assert.deepEqual(applied.structuredContent.result, { deleted: NOTE });
  const again = await call({ ...args, dry_run: false, confirm_token: token });
  assert.deepEqual(again.structuredContent.result, { deleted: NOTE });
  assert.deepEqual(again.structuredContent.notes.map((n) => n.code), ["receipt_replayed"]);
  assert.deepEqual(ran, [{ note_id: NOTE, dry_run: true }, { note_id: NOTE, dry_run: false }]);
  assert.deepEqual(tool.annotations(), { readOnlyHint: false, destructiveHint: true, idempotentHint: true });
});

test("runCall uses a store of one's own (async, JSON text as a database keeps it)", async () => {
  const rows = new Map();
  const store = {
    get: async (tool, key) => (rows.has(`${tool}/${key}`) ? JSON.parse(rows.get(`${tool}/${key}`)) : null),
    put: async (tool, key, receipt) => void rows.set(`${tool}/${key}`, JSON.stringify(receipt)),
  };
  const tool = ai.Tool.fromSpec({ ...SPEC, confirm: false, destructive: false });
  const [call, ran] = glue(tool, store);
  const args = { note_id: NOTE, idempotency_key: "delete-note-0002" };
  const first = await call(args);
  assert.ok(rows.has("delete_note/delete-note-0002"));
  const second = await call(args);
  assert.deepEqual(second.structuredContent.result, first.structuredContent.result);
  assert.equal(ran.length, 1);
  const other = await call({ ...args, note_id: "e7b4c1a8-3d9f-4b2e-9c6a-5f8d2e1b7a05" });
  assert.equal(other.structuredContent.issues[0].code, "idempotency_key_reused");
});

test("a store's reserve is used when it has one, and a store that cannot answer refuses the write", async () => {
  const memory = new ai.MemoryReceipts();
  const reserved = [];
  const store = {
    get: (tool, key) => memory.get(tool, key),
    put: (tool, key, receipt) => memory.put(tool, key, receipt),
    reserve: async (tool, key, inFlight) => {
      reserved.push(key);
      return memory.reserve(tool, key, inFlight);
    },
  };
  const tool = ai.Tool.fromSpec({ ...SPEC, confirm: false, destructive: false });
  const [call, ran] = glue(tool, store);
  const args = { note_id: NOTE, idempotency_key: "delete-note-0005" };
  await call(args);
  await call(args);
  assert.deepEqual(reserved, ["delete-note-0005"], "reserved once; the retry replayed at the lookup");
  assert.equal(ran.length, 1);
  const down = { get: () => null, put: () => {}, reserve: () => ({ store_unavailable: "database is locked" }) };
  const [refused, ranDown] = glue(tool, down);
  const result = await refused({ ...args, idempotency_key: "delete-note-0006" });
  assert.equal(result.structuredContent.code, "upstream_unavailable");
  assert.equal(result.structuredContent.retry_after_seconds, 5);
  assert.equal(ranDown.length, 0, "the write never runs unreserved");
});

test("a handler's throttle or upstream failure is the envelope", async () => {
  const tool = ai.Tool.fromSpec({ name: "search", properties: { query: { kind: "text", required: true } } });
  const limited = await runCall(tool, () => {
    throw new ai.RateLimited({ retryAfterSeconds: 30, remainingCalls: 4 });
  }, { query: "lease" });
  assert.equal(limited.isError, true);
  assert.equal(limited.structuredContent.code, "rate_limited");
  assert.deepEqual([limited.structuredContent.retry_after_seconds, limited.structuredContent.remaining_calls], [30, 4]);
  const down = await runCall(tool, () => {
    throw new ai.UpstreamUnavailable({ upstream: "the court registry", retryAfterSeconds: 5 });
  }, { query: "lease" });
  assert.equal(down.structuredContent.code, "upstream_unavailable");
  assert.equal(down.structuredContent.hint, "Call `search` again after 5 seconds with the same arguments.");
});

test("misuse is a typed error", () => {
  assert.throws(() => ai.Tool.fromSpec({ name: "t", writes: true, properties: { note: { kind: "text" } } }), ai.InvalidOptionsError);
  const tool = ai.Tool.fromSpec(SPEC);
  assert.throws(() => tool.gate(tool.read({ note_id: NOTE, idempotency_key: "delete-note-0003" })), /need the server's key/);
});

test("a retry while the write runs asks instead of running it twice; a failure releases the key", async () => {
  const tool = ai.Tool.fromSpec({ ...SPEC, confirm: false, destructive: false });
  const store = new ai.MemoryReceipts();
  const args = { note_id: NOTE, idempotency_key: "delete-note-0005" };
  let release;
  const released = new Promise((resolve) => (release = resolve));
  const ran = [];
  const slow = async ({ note_id }) => {
    ran.push(note_id);
    await released;
    return { deleted: note_id };
  };
  const first = runCall(tool, slow, args, undefined, { receipts: store });
  while (ran.length === 0) await new Promise((resolve) => setImmediate(resolve));
  const retry = await runCall(tool, slow, args, undefined, { receipts: store });
  assert.equal(retry.structuredContent.code, "call_in_progress");
  assert.equal(retry.structuredContent.issues[0].code, "idempotency_key_in_flight");
  release();
  assert.deepEqual((await first).structuredContent.result, { deleted: NOTE });
  assert.deepEqual((await runCall(tool, slow, args, undefined, { receipts: store })).structuredContent.result, { deleted: NOTE });
  assert.deepEqual(ran, [NOTE]);

  const other = { note_id: NOTE, idempotency_key: "delete-note-0006" };
  let calls = 0;
  const flaky = ({ note_id }) => {
    calls += 1;
    if (calls === 1) throw new Error("the disk is full");
    return { deleted: note_id };
  };
  assert.equal((await runCall(tool, flaky, other, undefined, { receipts: store })).isError, true);
  assert.deepEqual((await runCall(tool, flaky, other, undefined, { receipts: store })).structuredContent.result, { deleted: NOTE });
  assert.equal(calls, 2);
});
