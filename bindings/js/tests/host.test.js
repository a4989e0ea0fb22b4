/**
 * The host the WebAssembly module reads from (src/host.rs): a cursor's `key_env` is looked up in
 * `process.env` and expiry is checked against `Date.now()`, wherever the cursor is declared (a
 * batch line, a list's item, a tool's property or a list item of it), never against the Rust
 * standard library's, which has no environment and no clock in WebAssembly. And misuse crosses
 * the boundary as a structured value (src/errors.rs), which the package throws as its classes.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import * as ai from "agent-input";
import { CursorCodec, InvalidOptionsError, Reader, Tool, UnknownKindError, read, readLine } from "agent-input";
import * as wasm from "../pkg/agent_input.js";

const KEY_ENV = "AGENT_INPUT_TEST_KEY";
process.env[KEY_ENV] = "the host test's key, 16+ bytes";
const codec = CursorCodec.fromEnv(KEY_ENV);

/** Runs `f` with `Date.now()` moved by `ms`. */
function shifted(ms, f) {
  const realNow = Date.now;
  Date.now = () => realNow() + ms;
  try {
    return f();
  } finally {
    Date.now = realNow;
  }
}

const HOUR = 3_600_000;

test("a batch line's key_env reads the key from process.env", () => {
  const cursor = codec.encode({ page: 2 });
  const line = JSON.stringify({ kind: "cursor", input: cursor, options: { key_env: KEY_ENV } });
  assert.deepStrictEqual(readLine(line), { status: "ok", value: { page: 2 }, notes: [], warnings: [] });
  // A key of another server: the line reads the variable, not some fixed key.
  const forged = new CursorCodec("another server's key, 16+ bytes").encode({ page: 2 });
  const other = readLine(JSON.stringify({ kind: "cursor", input: forged, options: { key_env: KEY_ENV } }));
  assert.equal(other.ask.code, "invalid_cursor");
  // An unset variable is the core's refusal of the line, never a key read as empty.
  const unset = readLine(JSON.stringify({ kind: "cursor", input: cursor, options: { key_env: "AGENT_INPUT_TEST_UNSET" } }));
  assert.equal(unset.ask.code, "invalid_request");
});

test("a list item's cursor key_env reads the key from process.env", () => {
  const [a, b] = [codec.encode({ page: 1 }), codec.encode({ page: 2 })];
  const options = { item: { kind: "cursor", key_env: KEY_ENV } };
  assert.deepStrictEqual(read("list", [a, b], options).value, [{ page: 1 }, { page: 2 }]);
  assert.deepStrictEqual(new Reader("list", options).read([a]).value, [{ page: 1 }]);
  // In a batch line, and in a tool's list property (an item, not a property: no tool codec).
  const line = JSON.stringify({ kind: "list", input: [a, b], options });
  assert.deepStrictEqual(readLine(line).value, [{ page: 1 }, { page: 2 }]);
  const tool = Tool.fromSpec({ name: "pages", properties: { pages: { kind: "list", item: { kind: "cursor", key_env: KEY_ENV } } } });
  const call = tool.read({ pages: [a, b] });
  assert.equal(call.status, "ok", JSON.stringify(call));
  assert.deepStrictEqual(call.args.pages, [{ page: 1 }, { page: 2 }]);
  // The same in a tool built with a codec of another key: the item's own `key_env` reads.
  const withCodec = Tool.fromSpec(
    { name: "pages", properties: { cursor: {}, pages: { kind: "list", item: { kind: "cursor", key_env: KEY_ENV } } } },
    { codec: new CursorCodec("the server's own key, 16+ bytes") },
  );
  assert.deepStrictEqual(withCodec.read({ pages: [a] }).args.pages, [{ page: 1 }]);
  // A variable that is not set: the core's error, naming the variable.
  assert.throws(() => read("list", [a], { item: { kind: "cursor", key_env: "AGENT_INPUT_TEST_UNSET" } }), (e) => e instanceof InvalidOptionsError && /`AGENT_INPUT_TEST_UNSET` is not set/.test(e.message));
});

test("cursor expiry is checked against the JavaScript clock", () => {
  const cursor = codec.encode({ page: 1 }, { ttl: 60 });
  const options = { key_env: KEY_ENV };
  const list = { item: { kind: "cursor", key_env: KEY_ENV } };
  const line = JSON.stringify({ kind: "cursor", input: cursor, options });
  const listLine = JSON.stringify({ kind: "list", input: [cursor], options: list });
  const tool = Tool.fromSpec({ name: "t", properties: { cursor: options, pages: { kind: "list", item: { kind: "cursor", key_env: KEY_ENV } } } });
  const reads = {
    read: () => read("cursor", cursor, options),
    Reader: () => new Reader("cursor", options).read(cursor),
    CursorCodec: () => codec.read(cursor),
    "a batch line": () => readLine(line),
    "a batch line's list item": () => readLine(listLine),
    "a list item": () => read("list", [cursor], list),
    "a tool's property": () => tool.read({ cursor }),
    "a tool's list item": () => tool.read({ pages: [cursor] }),
  };
  for (const [where, f] of Object.entries(reads)) {
    const now = f();
    assert.equal(now.status, "ok", `${where}: reads now`);
    assert.doesNotMatch(JSON.stringify(now), /expired/, where);
    // An hour later by `Date.now()` alone: expired, in every place a cursor is read (an ask, the
    // envelope, or a tool's list item dropped with its issue).
    const later = JSON.stringify(shifted(HOUR, f));
    assert.match(later, /"code":"invalid_(cursor|list_items)"/, `${where}: ${later}`);
    assert.match(later, /it has expired/, where);
  }
  // Issued by `Date.now()` too: a cursor issued an hour ago for a minute has expired now.
  const old = shifted(-HOUR, () => codec.encode({ page: 1 }, { ttl: 60 }));
  assert.match(JSON.stringify(readLine(JSON.stringify({ kind: "cursor", input: old, options }))), /it has expired/);
});

test("asking a person about a tool with a cursor reads on the JavaScript host", () => {
  const spec = { name: "hearings", answered_by: "user", properties: { date_to: {}, cursor: { key_env: KEY_ENV } } };
  const tool = Tool.fromSpec(spec, { codec });
  const args = { date_to: "01/02/2026", cursor: codec.encode({ page: 1 }, { ttl: 60 }) };
  const question = tool.askPerson(args);
  assert.equal(question.resultType, "input_required");
  const choice = question.inputRequests.date_to.params.requestedSchema.properties.value.oneOf[0].const;
  const answered = tool.readAnswers(args, { date_to: { action: "accept", content: { value: choice } } }, question.requestState);
  assert.equal(answered.status, "ok", JSON.stringify(answered));
  assert.deepStrictEqual(answered.args.cursor, { page: 1 });
  // An hour later the cursor has expired by the JavaScript clock (the state itself is dated by
  // `now`, given here as the time of the question).
  const now = Math.floor(Date.now() / 1000);
  const late = shifted(HOUR, () => tool.readAnswers(args, { date_to: { action: "accept", content: { value: choice } } }, question.requestState, { now }));
  assert.match(JSON.stringify(late), /it has expired/);
});

test("misuse crosses as a structured value, thrown as the package's classes", () => {
  // The module's own throw: an object with `code` and `message`, not a "code:message" string.
  let raw;
  try {
    wasm.read_str("nope", undefined, "x");
  } catch (e) {
    raw = e;
  }
  assert.equal(typeof raw, "object");
  assert.deepStrictEqual([raw.code, raw[Symbol.for("agent-input.misuse")]], ["unknown_kind", true]);
  assert.match(raw.message, /^unknown kind `nope`/);
  // A message holding a colon keeps it whole.
  assert.throws(() => read("nope:x", "x"), (e) => e instanceof UnknownKindError && e.code === "unknown_kind" && /^unknown kind `nope:x`/.test(e.message));
  assert.throws(() => new Reader("number", { maxx: 5 }), (e) => e instanceof ai.AgentInputError && e.code === "invalid_options" && e.message.startsWith("invalid options for kind `number`: unknown option `maxx`"));
  assert.throws(() => codec.read("x", { now: -1 }), (e) => e instanceof RangeError && /`now` must be a whole number/.test(e.message));
});

test("a clean outcome is the core's JSON, key for key and in its order", () => {
  const [ok, absent] = JSON.parse(wasm.clean_outcomes());
  const clean = {
    "the input string": [read("text", "nájem"), "nájem"],
    "a number": [read("number", 4000), 4000],
    "true": [read("boolean", "true"), true],
    "false": [read("boolean", false), false],
  };
  for (const [what, [out, value]] of Object.entries(clean)) {
    assert.equal(JSON.stringify(out), JSON.stringify({ ...ok, value }), what);
  }
  assert.equal(JSON.stringify(read("number", undefined)), JSON.stringify(absent));
  assert.equal(JSON.stringify(new Reader("enum", { values: ["date_desc"] }).read("date_desc")), JSON.stringify({ ...ok, value: "date_desc" }));
  // Each outcome has arrays of its own.
  const [a, b] = [read("boolean", true), read("boolean", true)];
  a.notes.push("x");
  assert.deepStrictEqual(b.notes, []);
});
