/**
 * `RedisReceipts` against a real `redis-server` on loopback (one the test starts on a free
 * port; `scripts/test` installs Debian's and sets AGENT_INPUT_REQUIRE_REDIS=1, under which a
 * missing server fails): the contract every store keeps (the core's
 * `agent-input/tests/receipt_stores.rs`), the core's key spelling (so servers in every runtime
 * share a Redis), and twenty calls of one slow write at once running it once.
 */

import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:net";
import { after, before, test } from "node:test";

import * as ai from "agent-input";
import { runCall } from "agent-input/mcp";
import { contract, oneWriteOnce } from "./store-contract.js";
import { createClient } from "redis";

const REQUIRED = process.env.AGENT_INPUT_REQUIRE_REDIS !== undefined;
const installed = spawnSync("redis-server", ["--version"]).status === 0;
let server = null;
let client = null;

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

before(async () => {
  if (!installed) {
    if (REQUIRED) throw new Error("redis-server is required (AGENT_INPUT_REQUIRE_REDIS) but is not installed");
    return;
  }
  const port = await freePort();
  server = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: "ignore" });
  for (let i = 0; i < 100; i++) {
    try {
      client = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
      client.on("error", () => {});
      await client.connect();
      return;
    } catch {
      client = null;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`redis-server on ${port} did not answer within 5 s`);
});

after(async () => {
  await client?.quit().catch(() => {});
  server?.kill();
});

const skip = (t) => {
  if (client === null) t.skip("no redis-server here; scripts/test installs it and requires it");
  return client === null;
};


test("RedisReceipts keeps the stores' contract", async (t) => {
  if (skip(t)) return;
  const store = new ai.RedisReceipts(client);
  await contract(store, "js");
  // The core's key spelling: a server in Rust or Python on the same Redis finds it.
  assert.ok((await client.get("agent-input:receipt:4:race:js-one")) !== null);
  assert.ok((await client.get("agent-input:receipt:4:pays:x")) === null);
  await client.set("agent-input:receipt:3:pay:js-bad", "not json");
  assert.ok((await store.get("pay", "js-bad")).store_unavailable, "a value that is not JSON is no receipt");
  assert.throws(() => new ai.RedisReceipts({}), TypeError);
});

test("twenty calls of one slow write at once through RedisReceipts run it once", async (t) => {
  if (skip(t)) return;
  await oneWriteOnce(new ai.RedisReceipts(client), "js-delete-note-0001");
});

test("a Redis that does not answer refuses the write: upstream_unavailable", async (t) => {
  if (skip(t)) return;
  const broken = { sendCommand: async () => { throw new Error("connection refused"); } };
  const tool = ai.Tool.fromSpec({
    name: "pay", writes: true, destructive: false, idempotent: true,
    properties: { amount: { kind: "number", required: true }, idempotency_key: { required: true } },
  });
  let ran = 0;
  const result = await runCall(tool, () => { ran += 1; return {}; }, { amount: 1, idempotency_key: "js-pay-key-0001" }, undefined, { receipts: new ai.RedisReceipts(broken) });
  assert.equal(result.structuredContent.code, "upstream_unavailable");
  assert.equal(ran, 0);
});

test("MemoryReceipts keeps the stores' contract", async () => {
  await contract(new ai.MemoryReceipts(), "js-memory");
});
