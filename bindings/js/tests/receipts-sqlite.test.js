/**
 * `SqliteReceipts` over a better-sqlite3 database: the contract every store keeps
 * (`store-contract.js`), the core's table (so servers in every runtime share a file), a row that
 * is not JSON, twenty calls of one slow write at once running it once, and four processes
 * reserving one key at the same instant: exactly one does.
 */

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";

import Database from "better-sqlite3";
import * as ai from "agent-input";
import { contract, mark, oneWriteOnce } from "./store-contract.js";

const dir = mkdtempSync(join(tmpdir(), "agent-input-js-sqlite-"));
after(() => rmSync(dir, { recursive: true, force: true }));

test("SqliteReceipts keeps the stores' contract, in the core's table", async () => {
  const db = new Database(join(dir, "contract.db"));
  const store = new ai.SqliteReceipts(db);
  await contract(store, "js");
  const row = db.prepare("SELECT tool, key, digest, expires_at FROM agent_input_receipts WHERE tool = 'race' AND key = 'js-one'").get();
  assert.equal(row.digest, "d");
  assert.equal(db.pragma("journal_mode", { simple: true }), "wal");
  db.prepare("INSERT INTO agent_input_receipts VALUES ('pay', 'js-bad', 'd', 'not json', 9999999999)").run();
  assert.ok(store.get("pay", "js-bad").store_unavailable, "a row that is not JSON is no receipt");
  assert.ok(store.reserve("pay", "js-bad", mark(1, 300)).store_unavailable);
  assert.throws(() => new ai.SqliteReceipts({}), TypeError);
  db.close();
});

test("twenty calls of one slow write at once through SqliteReceipts run it once", async () => {
  await oneWriteOnce(new ai.SqliteReceipts(new Database(join(dir, "calls.db"))), "js-sqlite-delete-0001");
});

test("four processes reserving one key at the same instant: one does", async () => {
  const file = join(dir, "processes.db");
  new ai.SqliteReceipts(new Database(file)); // the table exists before the race
  const start = Date.now() + 1500;
  const script = `
    import Database from "better-sqlite3";
    import { SqliteReceipts } from "agent-input";
    const store = new SqliteReceipts(new Database(${JSON.stringify(file)}));
    while (Date.now() < ${start}) {}
    const at = Math.floor(Date.now() / 1000);
    const held = store.reserve("race", "one", { digest: "d", in_flight: true, stored_at: at, expires_at: at + 300 });
    process.stdout.write(held === null ? "reserved" : "held");`;
  const run = () =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd() });
      let out = "";
      child.stdout.on("data", (d) => (out += d));
      child.on("close", () => resolve(out));
    });
  const said = await Promise.all([run(), run(), run(), run()]);
  assert.deepEqual(said.sort(), ["held", "held", "held", "reserved"], said.join(","));
});
