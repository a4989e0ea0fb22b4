// `node tests/register_smoke.mjs COMMAND [ARGS...]`: starts COMMAND (a @modelcontextprotocol/server-memory
// started through agent-input/register, in any of the ways a client config can) in the current
// folder, drives it over stdio with the 1.x SDK's own client, and fails unless a canonical call
// is answered as without the register and a repaired call is read with its note. scripts/test-js
// runs it in a folder where the packed tarball is installed beside the published server.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [command, ...args] = process.argv.slice(2);
const folder = mkdtempSync(join(tmpdir(), "agent-input-smoke-"));
const env = { ...process.env, MEMORY_FILE_PATH: join(folder, "memory.jsonl") };
const client = new Client({ name: "register-smoke", version: "1.0.0" });
try {
  await client.connect(new StdioClientTransport({ command, args, env, stderr: "inherit" }));
  await client.callTool({ name: "create_entities", arguments: { entities: [{ name: "Alice", entityType: "person", observations: [] }, { name: "Bob", entityType: "person", observations: [] }] } });
  const canonical = await client.callTool({ name: "create_relations", arguments: { relations: [{ from: "Alice", to: "Bob", relationType: "knows" }] } });
  assert.deepEqual(canonical.structuredContent, { relations: [{ from: "Alice", to: "Bob", relationType: "knows" }] });
  assert.equal(canonical._meta, undefined, "a canonical call has no notes");
  const repaired = await client.callTool({ name: "open_nodes", arguments: { names: "Alice" } });
  assert.deepEqual(repaired.structuredContent.entities.map((e) => e.name), ["Alice"]);
  assert.deepEqual(repaired._meta?.["agent-input/notes"]?.map((n) => n.code), ["single_value_read_as_list"], JSON.stringify(repaired));
  console.log(`lenient over stdio: ${[command, ...args].join(" ")}`);
} finally {
  await client.close();
  rmSync(folder, { recursive: true, force: true });
}
