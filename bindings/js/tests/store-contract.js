/**
 * The contract every receipt store keeps, as the core's `agent-input/tests/receipt_stores.rs`
 * and Python's `tests/test_receipt_stores.py` state it: lookups, reservations (one winner among
 * forty at once), receipts kept and replaced, releases, expiry by the clock. `tag` makes the
 * keys the caller's own.
 */

import assert from "node:assert/strict";

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
