// @ts-check
/**
 * `tests/fixtures/schemas/ts-sdk1.tools.json` and `ts-sdk2.tools.json`: the plain court tools as
 * the TypeScript SDK 1.x and 2.x (zod 4) declare them, listed with both tools left alone
 * (`lenient(server, { tools: { ...: false } })` advertises exactly what the SDK writes). The
 * core's `from_input_schema` tests read them beside the pydantic and schemars fixtures; this test
 * keeps them what the libraries write (off CI a stale file is rewritten, on CI it fails).
 */

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { test } from "node:test";

import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemory1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client as Client2, InMemoryTransport as InMemory2 } from "@modelcontextprotocol/client";

import { courtsTools } from "../plain_courts.js";
import { plainServer as plainServer1 } from "../plain_server_v1.js";
import { plainServer as plainServer2 } from "../plain_server_v2.js";

const KEY = Buffer.from("schema fixture test key 32 bytes");
/** @type {{ [tool: string]: false }} */
const LEFT_ALONE = { search_decisions: false, update_decision_notes: false };

/** @param {string} name @param {unknown[]} tools */
function compare(name, tools) {
  const url = new URL(`../../../tests/fixtures/schemas/${name}.tools.json`, import.meta.url);
  const text = `${JSON.stringify(tools, null, 2)}\n`;
  let committed = "";
  try {
    committed = readFileSync(url, "utf8");
  } catch {
    committed = "";
  }
  if (committed !== text && !process.env.CI) writeFileSync(url, text);
  assert.equal(committed, text, `${name}.tools.json is stale (off CI it was rewritten)`);
}

test("the 1.x fixture is what the 1.x SDK writes", async () => {
  const [clientSide, serverSide] = InMemory1.createLinkedPair();
  await plainServer1(courtsTools(KEY), LEFT_ALONE).connect(serverSide);
  const client = new Client1({ name: "fixtures", version: "1.0.0" });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((/** @type {{ name: string }} */ t) => t.name), ["search_decisions", "update_decision_notes"]);
  compare("ts-sdk1", tools);
  await client.close();
});

test("the 2.x fixture is what the 2.x SDK writes", async () => {
  const [clientSide, serverSide] = InMemory2.createLinkedPair();
  await plainServer2(courtsTools(KEY), LEFT_ALONE).connect(serverSide);
  const client = new Client2({ name: "fixtures", version: "1.0.0" });
  await client.connect(clientSide);
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((/** @type {{ name: string }} */ t) => t.name), ["search_decisions", "update_decision_notes"]);
  compare("ts-sdk2", tools);
  await client.close();
});
