// @ts-check
/**
 * The courts server driven through the MCP TypeScript SDK's own client (2.x,
 * `@modelcontextprotocol/client`) over its in-memory transport, with the spellings a model sends:
 * "4 000", "1. 10. 2026", "Nejvyssi soud", "start", null, and a documentation example uuid on the
 * write; and a person answering an ambiguous date on the 2026-07-28 revision.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client, InMemoryTransport } from "@modelcontextprotocol/client";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { CursorCodec, readNumber } from "agent-input";

import { courtsServer, spec } from "../courts_server.js";

const KEY = "example server test key, 32 bytes";

/**
 * A client connected to a fresh server: on a 2025 revision, or with `modern` on 2026-07-28 (served
 * as `node courts_server.js` serves it, by serveStdio, here over the in-memory transport).
 * @param {{ modern?: boolean, elicit?: (request: any) => Promise<any> }} [options]
 */
async function connect({ modern = false, elicit } = {}) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = courtsServer(new CursorCodec(KEY));
  if (modern) serveStdio(() => server, { transport: /** @type {any} */ (serverSide) });
  else await server.connect(/** @type {any} */ (serverSide));
  const client = new Client(
    { name: "test", version: "1.0.0" },
    {
      ...(elicit && { capabilities: { elicitation: { form: {} } } }),
      ...(modern && { versionNegotiation: { mode: { pin: "2026-07-28" } } }),
    },
  );
  if (elicit) client.setRequestHandler("elicitation/create", elicit);
  await client.connect(clientSide);
  return client;
}

/**
 * Calls a tool: `[isError, structuredContent, text]`.
 * @param {Client} client
 * @param {string} name
 * @param {Record<string, unknown>} args
 * @returns {Promise<[boolean, any, string]>}
 */
async function call(client, name, args) {
  const result = await client.callTool({ name, arguments: args });
  const content = /** @type {{ type: string, text?: string }[]} */ (result.content);
  return [Boolean(result.isError), result.structuredContent, content[0]?.text ?? ""];
}

/**
 * The codes of the notes or warnings at `path`.
 * @param {{ code: string, path?: string }[]} items
 * @param {string} path
 */
const codes = (items, path) => items.filter((n) => n.path === path).map((n) => n.code);

test("tools/list advertises the specs", async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name), ["search_decisions", "update_decision_notes"]);
  const codec = new CursorCodec(KEY);
  for (const t of tools) {
    assert.deepEqual(t.inputSchema, spec(t.name, codec).inputSchema(), t.name);
    assert.equal(t.annotations?.readOnlyHint, t.name === "search_decisions");
    if (t.name === "update_decision_notes") {
      assert.deepEqual(t.annotations, { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false });
    }
  }
  // The advertised schema accepts what the reader reads: `limit` as a string too.
  const limit = /** @type {any} */ (tools[0].inputSchema.properties)?.limit;
  assert.ok(limit.anyOf[1].type.includes("string"));
});

test("model spellings are repaired with notes", async () => {
  const client = await connect();
  const [isError, result, text] = await call(client, "search_decisions", {
    query: "nájem",
    limit: "4 000",
    date_from: "1. 10. 2026",
    date_to: null,
    court: "Nejvyssi soud",
    cursor: "start",
  });
  assert.equal(isError, false);
  assert.deepEqual(JSON.parse(text), result, "the text content carries the same JSON");
  const notes = result.notes;
  assert.deepEqual(codes(notes, "limit"), ["grouping_removed", "out_of_range_clamped"]);
  assert.equal(notes.find((/** @type {any} */ n) => n.path === "limit").message, 'Read "4 000" as 4000.');
  assert.deepEqual(codes(notes, "date_from"), ["date_spelling_normalized"]);
  assert.deepEqual(codes(notes, "date_to"), ["null_read_as_absent"]);
  assert.deepEqual(codes(notes, "court"), ["vocabulary_value_read"]);
  assert.deepEqual(codes(notes, "cursor"), ["invented_cursor_read_as_absent"]);
  // The handler got NS (Nejvyšší soud), 2026-10-01 and the first page.
  const page = result.result;
  assert.deepEqual(
    page.items.map((/** @type {any} */ d) => [d.court, d.date]),
    [["NS", "2026-10-02"], ["NS", "2026-11-03"], ["NS", "2026-11-18"]],
  );
  assert.deepEqual([page.matched, page.returned, page.next_cursor], [3, 3, null]);
  // The page says what it withheld: nothing (all 3 returned), in date order, filtered by court.
  assert.deepEqual([page.partial, page.sort, page.filtered], [false, "date asc", true]);
  assert.deepEqual(result.warnings, []);
});

test("null is absent and the cursor pages; a damaged cursor names the restart", async () => {
  const client = await connect();
  const [, first] = await call(client, "search_decisions", { query: "nájem", court: null, limit: 2 });
  assert.deepEqual(codes(first.notes, "court"), ["null_read_as_absent"]);
  assert.deepEqual([first.result.matched, first.result.returned], [4, 2]);
  const cursor = first.result.next_cursor;
  assert.ok(cursor.startsWith("c1."));
  const [isError, second] = await call(client, "search_decisions", { query: "nájem", limit: 2, cursor });
  assert.equal(isError, false);
  assert.deepEqual(second.notes, []);
  const ids = (/** @type {any} */ p) => new Set(p.result.items.map((/** @type {any} */ d) => d.id));
  assert.equal([...ids(second)].filter((id) => ids(first).has(id)).length, 0);
  assert.equal(second.result.returned, 2);
  const [damagedIsError, envelope] = await call(client, "search_decisions", { query: "nájem", cursor: cursor.slice(0, -2) + "xx" });
  assert.equal(damagedIsError, true);
  assert.equal(envelope.issues[0].code, "invalid_cursor");
  assert.match(envelope.issues[0].hint, /`cursor` left out to start again at page one/);
});

test("a date with two meanings is an error result naming the next call", async () => {
  const client = await connect();
  const [isError, envelope, text] = await call(client, "search_decisions", { query: "nájem", date_to: "01/02/2026" });
  assert.equal(isError, true);
  assert.deepEqual(JSON.parse(text), envelope);
  assert.equal(envelope.code, "ambiguous_arguments");
  assert.equal(
    envelope.hint,
    'Call `search_decisions` again with `date_to` set to "2026-02-01" (1 February) or "2026-01-02" (2 January).',
  );
  assert.deepEqual(envelope.issues[0].readings.map((/** @type {any} */ r) => r.value), ["2026-02-01", "2026-01-02"]);
});

test("a missing query is asked for", async () => {
  const client = await connect();
  const [isError, envelope] = await call(client, "search_decisions", { limit: 5 });
  assert.equal(isError, true);
  assert.equal(envelope.code, "missing_arguments");
  assert.equal(envelope.issues[0].path, "query");
});

test("an empty page under a court filter warns with the courts that match", async () => {
  const client = await connect();
  const [isError, result] = await call(client, "search_decisions", { query: "daň", court: "Ústavní soud" });
  assert.equal(isError, false);
  assert.deepEqual([result.result.items, result.result.matched], [[], 0]);
  assert.deepEqual(result.warnings.map((/** @type {any} */ w) => w.code), ["no_hits_filtered"]);
  assert.deepEqual(result.warnings[0].values, ["NSS"]);
});

test("an example uuid on a write is asked about", async () => {
  const client = await connect();
  const [isError, envelope] = await call(client, "update_decision_notes", {
    decision_id: "123e4567-e89b-12d3-a456-426614174000",
    idempotency_key: "notes-2026-10-01-a",
    notes: "x",
  });
  assert.equal(isError, true);
  assert.equal(envelope.issues[0].path, "decision_id");
  assert.equal(envelope.issues[0].code, "placeholder_on_write");
  assert.ok(envelope.hint.startsWith("Call `update_decision_notes` again with `decision_id` set to the real id"));
});

test("a write is previewed, applied with its preview's token, and replayed once", async () => {
  const client = await connect();
  const args = { decision_id: "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}", idempotency_key: "notes-js-1", notes: "  Precedent. " };
  const decision = "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01";
  // `dry_run` left out: a preview, which changes nothing and carries the token.
  const [isError, preview] = await call(client, "update_decision_notes", args);
  assert.equal(isError, false);
  assert.deepEqual(preview.result, { decision_id: decision, created: false, notes_before: null, notes_after: "Precedent." });
  assert.deepEqual(codes(preview.notes, "decision_id"), ["uuid_spelling_normalized"]);
  assert.deepEqual(codes(preview.notes, "dry_run"), ["dry_run_preview"]);
  const token = preview.confirmation.confirm_token;
  // A token the model invents is refused, naming the preview call.
  const [refused, envelope] = await call(client, "update_decision_notes", { ...args, dry_run: false, confirm_token: "yes" });
  assert.equal(refused, true);
  assert.equal(envelope.code, "confirmation_required");
  assert.equal(envelope.issues[0].code, "confirm_token_missing");
  // The preview's token applies it once; the retry replays the receipt.
  const [, applied] = await call(client, "update_decision_notes", { ...args, dry_run: false, confirm_token: token });
  assert.deepEqual(applied.result, { decision_id: decision, created: false });
  const [, again] = await call(client, "update_decision_notes", { ...args, dry_run: false, confirm_token: token });
  assert.deepEqual(again.result, applied.result);
  assert.deepEqual(codes(again.notes, "idempotency_key"), ["receipt_replayed"]);
});

test("a handler that throws is an error result; an unknown tool is a protocol error", async () => {
  const client = await connect();
  const [isError, , text] = await call(client, "update_decision_notes", {
    decision_id: "7f3c9a2e-4b1d-4e8f-a6c5-0d9b8e7f6a11",
    idempotency_key: "notes-js-2",
    notes: "x",
  });
  assert.equal(isError, true);
  assert.match(text, /^`update_decision_notes` failed: no decision has the id 7f3c9a2e-4b1d-4e8f-a6c5-0d9b8e7f6a11/);
  await assert.rejects(client.callTool({ name: "delete_everything", arguments: {} }), /unknown tool `delete_everything`/);
});

test("handlers stay plain functions over canonical arguments", () => {
  const call = spec("search_decisions", new CursorCodec(KEY)).read({ query: "nájem", date_from: "2026-10-03" });
  assert.ok(call.status === "ok");
  assert.deepEqual(call.args, { query: "nájem", date_from: "2026-10-03", limit: 20 });
  const limit = readNumber("4 000");
  assert.ok(limit.status === "ok" && typeof limit.value === "number");
});

test("on 2026-07-28 a person answers an ambiguous date; the handler gets the choice, with a note", async () => {
  /** @type {any[]} */
  const asked = [];
  const client = await connect({
    modern: true,
    elicit: async (request) => {
      asked.push(request.params);
      return { action: "accept", content: { value: "2026-11-01" } };
    },
  });
  const [isError, result] = await call(client, "search_decisions", { query: "nájem", date_to: "01/11/2026" });
  assert.equal(isError, false);
  assert.equal(asked.length, 1);
  assert.deepEqual(asked[0].requestedSchema.properties.value.oneOf.map((/** @type {any} */ o) => o.const), ["2026-11-01", "2026-01-11"]);
  assert.deepEqual(codes(result.notes, "date_to"), ["reading_chosen_by_person"]);
  assert.deepEqual(result.result.items.map((/** @type {any} */ d) => d.date), ["2026-09-14", "2026-10-02"]);
});

test("a client that cannot ask a person gets the envelope naming the readings", async () => {
  for (const options of [{ modern: true }, { elicit: async () => ({ action: "accept", content: { value: "2026-11-01" } }) }]) {
    const client = await connect(options);
    const [isError, envelope] = await call(client, "search_decisions", { query: "nájem", date_to: "01/11/2026" });
    assert.equal(isError, true);
    assert.equal(envelope.code, "ambiguous_arguments");
  }
});
