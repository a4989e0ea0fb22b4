/**
 * The contract every receipt store keeps, as the core's `agent-input/tests/receipt_stores.rs`
 * and Python's `tests/test_receipt_stores.py` state it: lookups, reservations (one winner among
 * forty at once), receipts kept and replaced, releases, expiry by the clock. `tag` makes the
 * keys the caller's own.
 */

import assert from "node:assert/strict";

import * as ai from "agent-input";
import { runCall } from "agent-input/mcp";

const now = () => Math.floor(Date.now() / 1000);
export const mark = (at, ttl) => ({ digest: "d", args: {}, in_flight: true, stored_at: at, expires_at: at + ttl });

export async function contract(store, tag) {
  const key = (k) => `${tag}-${k}`;
  const t0 = now();
  assert.equal(await store.get("pay", key("a")), null, "nothing yet");
  assert.equal(await store.reserve("pay", key("a"), mark(t0, 300)), null, "reserved");
  assert.deepEqual(await store.reserve("pay", key("a"), mark(t0, 300)), mark(t0, 300), "held");
  assert.equal(await store.reserve("other", key("a"), mark(t0, 300)), null, "per tool");
  const done = { digest: "d", args: {}, result: { paid: 1 }, stored_at: t0, expires_at: t0 + 600 };
  await store.put("pay", key("a"), done);
  assert.deepEqual(await store.get("pay", key("a")), done, "the receipt kept");
  assert.deepEqual(await store.reserve("pay", key("a"), mark(t0, 300)), done, "an applied write is held");
  await store.put("pay", key("b"), mark(t0, 300));
  await store.put("pay", key("b"), { digest: "d", released: true, expires_at: 0 });
  assert.equal(await store.reserve("pay", key("b"), mark(t0, 300)), null, "released, reserved again");
  assert.equal(await store.reserve("pay", key("c"), mark(t0, 1)), null);
  await new Promise((r) => setTimeout(r, 2100));
  assert.equal(await store.reserve("pay", key("c"), mark(now(), 300)), null, "expired, reserved again");
  const results = await Promise.all(Array.from({ length: 40 }, () => store.reserve("race", key("one"), mark(now(), 300))));
  assert.equal(results.filter((r) => r === null).length, 1, "one reservation among forty at once");
}

/** Twenty calls of one slow write with one key at once through `receipts`: the handler runs
 * once, nineteen are told `call_in_progress`, and a retry replays the result. `key` is the
 * idempotency key (each store's own). */
export async function oneWriteOnce(receipts, key) {
  const tool = ai.Tool.fromSpec({
    name: "delete_note",
    writes: true,
    destructive: false,
    idempotent: true,
    properties: { note_id: { kind: "uuid", required: true }, idempotency_key: { required: true } },
  });
  let ran = 0;
  const handler = async ({ note_id }) => {
    ran += 1;
    await new Promise((r) => setTimeout(r, 300));
    return { deleted: note_id };
  };
  const args = { note_id: "5d7c2a9e-8b1f-4c3d-a6e2-71f0b9d4c802", idempotency_key: key };
  const results = await Promise.all(Array.from({ length: 20 }, () => runCall(tool, handler, args, undefined, { receipts })));
  assert.equal(ran, 1);
  const codes = results.map((r) => r.structuredContent.code ?? "ran");
  assert.equal(codes.filter((c) => c === "ran").length, 1, codes.join(","));
  assert.equal(codes.filter((c) => c === "call_in_progress").length, 19, codes.join(","));
  const again = await runCall(tool, handler, args, undefined, { receipts });
  assert.deepEqual(again.structuredContent.result, { deleted: args.note_id });
  assert.equal(ran, 1, "the retry replayed");
}
