/**
 * `PostgresReceipts` against a real PostgreSQL server on loopback (one the test starts with
 * `scripts/postgres` in a temporary directory; `scripts/test` sets
 * AGENT_INPUT_REQUIRE_POSTGRES=1, under which a server that cannot start fails): the contract
 * every store keeps (the core's `agent-input/tests/receipt_stores.rs`), the core's table (so
 * servers in every runtime share a database), a row that is not JSON, and twenty calls of one
 * slow write at once running it once.
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, test } from "node:test";

import * as ai from "agent-input";
import { runCall } from "agent-input/mcp";
import { contract, oneWriteOnce } from "./store-contract.js";
import pg from "pg";

const REQUIRED = process.env.AGENT_INPUT_REQUIRE_POSTGRES !== undefined;
const SCRIPT = fileURLToPath(new URL("../../../scripts/postgres", import.meta.url));
let dir = null;
let pool = null;

before(() => {
  // A directory of its own under the temporary one (whose parents the server's user can enter).
  dir = join(tmpdir(), `agent-input-js-pg-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const started = spawnSync(SCRIPT, ["start", dir], { encoding: "utf8" });
  if (started.status !== 0) {
    if (REQUIRED) throw new Error(`PostgreSQL is required (AGENT_INPUT_REQUIRE_POSTGRES) but does not start: ${started.stderr}`);
    return;
  }
  pool = new pg.Pool({ connectionString: started.stdout.trim(), max: 8 });
});

after(async () => {
  await pool?.end().catch(() => {});
  if (dir !== null) {
    spawnSync(SCRIPT, ["stop", dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

const skip = (t) => {
  if (pool === null) t.skip("no PostgreSQL here; scripts/test requires it");
  return pool === null;
};


test("PostgresReceipts keeps the stores' contract", async (t) => {
  if (skip(t)) return;
  const store = new ai.PostgresReceipts(pool);
  await contract(store, "js");
  // The core's table: a server in Rust or Python on the same database finds it.
  const { rows } = await pool.query("SELECT receipt FROM agent_input_receipts WHERE tool = 'race' AND key = 'js-one'");
  assert.equal(rows.length, 1);
  await pool.query("INSERT INTO agent_input_receipts VALUES ('pay', 'js-bad', 'not json', now() + interval '1 hour')");
  assert.ok((await store.get("pay", "js-bad")).store_unavailable, "a row that is not JSON is no receipt");
  assert.throws(() => new ai.PostgresReceipts({}), TypeError);
});

test("twenty calls of one slow write at once through PostgresReceipts run it once", async (t) => {
  if (skip(t)) return;
  await oneWriteOnce(new ai.PostgresReceipts(pool), "js-pg-delete-note-0001");
});

test("a PostgreSQL that does not answer refuses the write: upstream_unavailable", async () => {
  const broken = { query: async () => { throw new Error("connection refused"); } };
  const tool = ai.Tool.fromSpec({
    name: "pay", writes: true, destructive: false, idempotent: true,
    properties: { amount: { kind: "number", required: true }, idempotency_key: { required: true } },
  });
  let ran = 0;
  const result = await runCall(tool, () => { ran += 1; return {}; }, { amount: 1, idempotency_key: "js-pg-pay-key-0001" }, undefined, { receipts: new ai.PostgresReceipts(broken) });
  assert.equal(result.structuredContent.code, "upstream_unavailable");
  assert.equal(ran, 0);
});
