// @ts-check
/**
 * The plain servers (an `McpServer` with `registerTool` and zod, made lenient by one line) driven
 * through each SDK's own client over its in-memory transport: the 1.x server through the 1.x
 * client, the 2.x server through the 2.x client on a 2025 revision and on 2026-07-28. They give the
 * spec server's output for the same call, and the repairs come beside the result. Then every
 * example started as `node <file>`: nothing but JSON-RPC on stdout, and a warning on stderr when
 * `COURTS_CURSOR_KEY` is missing.
 */

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemory1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client as Client2, InMemoryTransport as InMemory2 } from "@modelcontextprotocol/client";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { CursorCodec } from "agent-input";

import { courtsServer } from "../courts_server.js";
import { courtsTools } from "../plain_courts.js";
import { plainServer as plainServer1 } from "../plain_server_v1.js";
import { plainServer as plainServer2 } from "../plain_server_v2.js";

const KEY = Buffer.from("plain server test key, 32 bytes!");
const NOTES = "agent-input/notes";
const WARNINGS = "agent-input/warnings";

/** @typedef {{ callTool(params: { name: string, arguments: Record<string, unknown> }): Promise<any>, listTools(): Promise<any> }} AnyClient */

/** @type {Record<string, () => Promise<AnyClient>>} */
const CLIENTS = {
  async "1.x server, 1.x client"() {
    const [clientSide, serverSide] = InMemory1.createLinkedPair();
    await plainServer1(courtsTools(KEY)).connect(serverSide);
    const client = new Client1({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    return client;
  },
  async "2.x server, 2.x client (2025 revision)"() {
    const [clientSide, serverSide] = InMemory2.createLinkedPair();
    await plainServer2(courtsTools(KEY)).connect(/** @type {any} */ (serverSide));
    const client = new Client2({ name: "test", version: "1.0.0" });
    await client.connect(clientSide);
    return client;
  },
  async "2.x server, 2.x client (2026-07-28)"() {
    const [clientSide, serverSide] = InMemory2.createLinkedPair();
    const tools = courtsTools(KEY);
    serveStdio(() => plainServer2(tools), { transport: /** @type {any} */ (serverSide) });
    const client = new Client2({ name: "test", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(clientSide);
    return client;
  },
};

/**
 * The spec server's answer to the same call (`structuredContent.result`).
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
async function specAnswer(name, args) {
  const [clientSide, serverSide] = InMemory2.createLinkedPair();
  await courtsServer(new CursorCodec("spec server key for the comparison")).connect(/** @type {any} */ (serverSide));
  const client = new Client2({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return /** @type {any} */ (await client.callTool({ name, arguments: args })).structuredContent;
}

/**
 * The codes of the notes or warnings at `path`.
 * @param {{ code: string, path?: string }[]} items
 * @param {string} path
 */
const codes = (items, path) => items.filter((n) => n.path === path).map((n) => n.code);

/** @param {any} page */
const summary = (page) => ({ matched: page.matched, returned: page.returned, ids: (page.decisions ?? page.items).map((/** @type {any} */ d) => d.id) });

for (const [label, connect] of Object.entries(CLIENTS)) {
  describe(label, () => {
    test("the advertised schema is the lenient one: limit admits a string", async () => {
      const client = await connect();
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((/** @type {any} */ t) => t.name).sort(), ["search_decisions", "update_decision_notes"]);
      const search = tools.find((/** @type {any} */ t) => t.name === "search_decisions");
      const limit = JSON.stringify(search.inputSchema.properties.limit);
      assert.match(limit, /"string"/, limit);
      assert.equal(search.annotations?.readOnlyHint, true);
    });

    test("model spellings reach the author's function canonical; the output is the spec server's", async () => {
      const client = await connect();
      const args = { query: "nájem", limit: "4 000", date_from: "1. 10. 2026", date_to: null, court: "Nejvyssi soud" };
      const result = await client.callTool({ name: "search_decisions", arguments: args });
      assert.equal(result.isError ?? false, false, JSON.stringify(result));
      const page = result.structuredContent;
      assert.deepEqual(page.decisions.map((/** @type {any} */ d) => [d.court, d.date]), [["NS", "2026-10-02"], ["NS", "2026-11-03"], ["NS", "2026-11-18"]]);
      assert.deepEqual(summary(page), summary((await specAnswer("search_decisions", args)).result));
      assert.equal(page.next_cursor, null);
      const notes = result._meta[NOTES];
      assert.deepEqual(codes(notes, "limit"), ["grouping_removed", "out_of_range_clamped"]);
      assert.deepEqual(codes(notes, "date_from"), ["date_spelling_normalized"]);
      assert.deepEqual(codes(notes, "date_to"), ["null_read_as_absent"]);
      assert.deepEqual(codes(notes, "court"), ["vocabulary_value_read"]);
      assert.deepEqual(JSON.parse(result.content.at(-1).text), { notes, warnings: result._meta[WARNINGS] });
    });

    test("the server's own cursor pages; an unknown court is dropped with a warning", async () => {
      const client = await connect();
      const first = await client.callTool({ name: "search_decisions", arguments: { query: "nájem", limit: "2" } });
      assert.deepEqual([first.structuredContent.matched, first.structuredContent.returned], [4, 2]);
      const cursor = first.structuredContent.next_cursor;
      const second = await client.callTool({ name: "search_decisions", arguments: { query: "nájem", limit: 2, cursor } });
      assert.deepEqual(second.structuredContent.returned, 2);
      const ids = (/** @type {any} */ r) => r.structuredContent.decisions.map((/** @type {any} */ d) => d.id);
      assert.equal(ids(second).filter((/** @type {string} */ id) => ids(first).includes(id)).length, 0);
      const unknown = await client.callTool({ name: "search_decisions", arguments: { query: "nájem", court: "Bundesgerichtshof" } });
      assert.equal(unknown.isError ?? false, false);
      assert.equal(unknown.structuredContent.matched, 4);
      assert.deepEqual(codes(unknown._meta[WARNINGS], "court"), ["filter_value_dropped"]);
    });

    test("a date with two meanings is the envelope naming the next call", async () => {
      const client = await connect();
      const result = await client.callTool({ name: "search_decisions", arguments: { query: "nájem", date_to: "01/02/2026" } });
      assert.equal(result.isError, true);
      const envelope = JSON.parse(result.content[0].text);
      assert.deepEqual(result.structuredContent, envelope);
      assert.equal(envelope.code, "ambiguous_arguments");
      assert.deepEqual(envelope.issues[0].readings.map((/** @type {any} */ r) => r.value), ["2026-02-01", "2026-01-02"]);
    });

    test("a write: an example uuid asks; a real id in braces is read and written once per key", async () => {
      const client = await connect();
      const placeholder = await client.callTool({
        name: "update_decision_notes",
        arguments: { decision_id: "123e4567-e89b-12d3-a456-426614174000", idempotency_key: "notes-2026-10-01-a", notes: "x" },
      });
      assert.equal(placeholder.isError, true);
      assert.equal(JSON.parse(placeholder.content[0].text).issues[0].code, "placeholder_on_write");
      const args = { decision_id: "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}", idempotency_key: "notes-js-1", notes: "  Precedent. " };
      const first = await client.callTool({ name: "update_decision_notes", arguments: args });
      assert.deepEqual(first.structuredContent, { decision_id: "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01", created: false, replayed: false });
      assert.deepEqual(codes(first._meta[NOTES], "decision_id"), ["uuid_spelling_normalized"]);
      const again = await client.callTool({ name: "update_decision_notes", arguments: args });
      // The drop-in carries the contract: the receipt is replayed, the author's function does not run again.
      assert.deepEqual(again.structuredContent, first.structuredContent);
      assert.deepEqual(codes(again._meta[NOTES], "idempotency_key"), ["receipt_replayed"]);
    });
  });
}

/**
 * Starts `node <file>` without COURTS_CURSOR_KEY, sends initialize and tools/list, and returns
 * every stdout line and the stderr text.
 * @param {string} file
 */
async function runStdio(file) {
  const env = { ...process.env };
  delete env.COURTS_CURSOR_KEY;
  const child = spawn(process.execPath, [fileURLToPath(new URL(`../${file}`, import.meta.url))], { env, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d) => (stderr += d));
  const send = (/** @type {object} */ m) => child.stdin.write(JSON.stringify(m) + "\n");
  send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  const deadline = Date.now() + 20000;
  const has = (/** @type {number} */ id) => stdout.split("\n").some((l) => l.includes(`"id":${id}`));
  while (!has(1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  send({ jsonrpc: "2.0", method: "notifications/initialized" });
  send({ jsonrpc: "2.0", id: 2, method: "tools/list", params: {} });
  while (!has(2) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  child.stdin.end();
  await new Promise((r) => child.once("exit", r));
  return { lines: stdout.split("\n").filter((l) => l !== ""), stderr };
}

for (const file of ["courts_server.js", "plain_server_v1.js", "plain_server_v2.js"]) {
  test(`node ${file}: nothing but JSON-RPC on stdout; a missing cursor key is a warning on stderr`, async () => {
    const { lines, stderr } = await runStdio(file);
    assert.ok(lines.length >= 2, `stdout: ${lines.join("\n")}\nstderr: ${stderr}`);
    for (const line of lines) assert.equal(JSON.parse(line).jsonrpc, "2.0", line);
    const list = JSON.parse(/** @type {string} */ (lines.find((l) => JSON.parse(l).id === 2)));
    assert.deepEqual(list.result.tools.map((/** @type {any} */ t) => t.name).sort(), ["search_decisions", "update_decision_notes"]);
    assert.match(stderr, /COURTS_CURSOR_KEY is not set/);
  });
}
