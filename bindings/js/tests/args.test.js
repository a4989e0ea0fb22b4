// A call's arguments cross as an argument tape (`argTape` in lib/api.js, src/args.rs), not as
// JSON text: whatever the arguments hold, `Tool.read` answers what the core answers for the
// JSON text of the same object, which `Tool.readJson` reads.

import { test } from "node:test";
import assert from "node:assert/strict";

import { Tool } from "../lib/node.js";

const tool = Tool.fromSpec({
  name: "search",
  properties: {
    query: { kind: "text", required: true },
    limit: { max: 50 },
    tags: { kind: "list", item: { kind: "text" } },
    filter: { kind: "filter" },
    date_from: {},
    "1": { kind: "boolean" },
    __proto__: { kind: "text" },
  },
});

/** The answer a call gives, as JSON text (key order included). */
const answered = (call) => JSON.stringify({ status: call.status, args: call.args, notes: call.notes, warnings: call.warnings, envelope: call.envelope });

/** Reads `args` through the tape and as JSON text; both answers must be the same. */
function same(args, what = JSON.stringify(args)) {
  assert.equal(answered(tool.read(args)), answered(tool.readJson(JSON.stringify(args))), what);
}

// A seeded generator (a linear congruential one), so that a failure repeats.
function random(seed) {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
}

const PIECES = ["a", "nájem", "Česko", "😀", "\u0000", '"', "\\", "\u0301", "\uffff", "1. 10. 2026", " ", "4 000", "𝒳", "\u07ff", "\u0800"];
const KEYS = ["query", "limit", "tags", "filter", "date_from", "dateFrom", "1", "__proto__", "x", "ř", "😀", ""];
const NUMBERS = [0, 1, -1, 10, 50, 1.5, -2.25, 1e21, 1e-7, 5e-324, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53 + 2, 123456789.125];

function value(next, depth) {
  switch (next(depth > 3 ? 5 : 7)) {
    case 0:
      return null;
    case 1:
      return next(2) === 0;
    case 2:
      return NUMBERS[next(NUMBERS.length)];
    case 3:
    case 4: {
      let s = "";
      for (let n = next(6); n > 0; n--) s += PIECES[next(PIECES.length)];
      return s;
    }
    case 5:
      return Array.from({ length: next(4) }, () => value(next, depth + 1));
    default: {
      const o = {};
      for (let n = next(5); n > 0; n--) Object.defineProperty(o, KEYS[next(KEYS.length)], { value: value(next, depth + 1), enumerable: true, configurable: true, writable: true });
      return o;
    }
  }
}

test("generated arguments read through the tape as their JSON text reads", () => {
  const next = random(41);
  for (let i = 0; i < 1500; i++) {
    const args = {};
    for (let n = next(7); n > 0; n--) {
      Object.defineProperty(args, KEYS[next(KEYS.length)], { value: value(next, 1), enumerable: true, configurable: true, writable: true });
    }
    same(args);
  }
});

test("a model's spellings, names by index and keys not declared read as their text", () => {
  same({ query: " nájem ", limit: "4 000", dateFrom: "1. 10. 2026", "1": "ano", tags: "a, b", filter: { court: "NS" } });
  // A declared name nested below the top level is a key as any other.
  same({ query: "x", filter: { query: "y", limit: 3 } });
  // `__proto__` as an own key, and the integer-like key first, as `for...in` and JSON order them.
  same(JSON.parse('{"query": "x", "__proto__": "p", "1": true}'));
  // The root need not be an object.
  for (const args of [null, "text", 4, [1, 2], true]) same(args);
  same(Object.assign(Object.create(null), { query: "no prototype" }));
});

test("numbers keep the digits JavaScript prints", () => {
  for (const limit of NUMBERS) same({ query: "x", limit });
  for (const date_from of NUMBERS) same({ query: "x", date_from });
  // The note names the number as JavaScript prints it.
  const call = tool.read({ query: "x", limit: 1e21 });
  assert.deepEqual(call.args, { query: "x", limit: 50 });
  assert.match(call.notes[0].message, /^Read 1e\+21 as 50/);
});

test("long strings, and strings past the loop's reach, cross whole", () => {
  same({ query: "nájem ".repeat(2000) + "😀".repeat(500) });
  same({ query: "a".repeat(100000) });
  // Many keys and values: the tape's buffers grow.
  const many = { query: "x" };
  for (let i = 0; i < 600; i++) many[`k${i}`] = `v${i} ř 😀`;
  same(many);
});

test("the tape's room grows, is given back, and is viewed again after the memory grows", () => {
  // Past the room the module keeps (ARG_BYTES_KEPT, 1 MiB; ARG_OPS_KEPT, 16,384 numbers):
  // written, read, then given back.
  const tags = Array.from({ length: 1000 }, (_, i) => `${i}` + "ř".repeat(1000));
  const call = tool.read({ query: "x", tags });
  assert.equal(call.status, "ok");
  assert.deepEqual(call.args.tags, tags);
  same({ query: "y", tags });
  const many = Object.fromEntries(Array.from({ length: 9000 }, (_, i) => [`k${i}`, i]));
  same({ query: "z", ...many });
  // The calls after it (the memory grew meanwhile, so every view of it was made again) read as
  // their text does.
  for (let i = 0; i < 50; i++) same({ query: `q${i} nájem`, limit: i, tags: ["a", "ř"] });
});

test("arguments whose getters read calls or grow the module's memory read as their text", () => {
  // A getter that reads another call while this one's tape is being written.
  const nested = {
    query: "outer",
    get tags() {
      return [tool.read({ query: "inner ř", tags: ["a"] }).args.query, "b"];
    },
    limit: 3,
  };
  assert.deepEqual(tool.read(nested).args, { query: "outer", limit: 3, tags: ["inner ř", "b"] });
  // A getter that grows the memory the tape is written in (a 30 MB body passed into the
  // module), before and after the strings it would lose.
  const growing = (first) => ({
    query: first,
    get tags() {
      tool.readJson(new Uint8Array(30_000_000 + first.length));
      return ["ř".repeat(first.length), "x"];
    },
    date_from: "1. 10. 2026",
  });
  for (const first of ["a", "b".repeat(70), "c".repeat(5000)]) {
    const call = tool.read(growing(first));
    assert.equal(call.status, "ok", first);
    assert.deepEqual(call.args.tags, ["ř".repeat(first.length), "x"]);
    assert.equal(call.args.date_from, "2026-10-01");
  }
});

test("values the tape does not carry cross as JSON text, with the answers they always had", () => {
  // A lone surrogate: the envelope `agent-input call` gives for the JSON text, naming the byte.
  const lone = (args) => {
    const call = tool.read(args);
    assert.equal(call.status, "error");
    assert.equal(call.envelope.issues[0].code, "invalid_request");
    return call.envelope.issues[0].expected;
  };
  assert.match(lone({ query: "a\ud800b" }), /lone UTF-16 surrogate .* before byte 11$/);
  assert.match(lone({ query: "ok", tags: ["\udc00"] }), /before byte 23$/);
  // A high surrogate at a string's end does not pair with the next string's low one.
  assert.match(lone({ query: "a\ud83d", x: "\ude00" }), /before byte 11$/);
  // A long string (encoded by `encodeInto`, not the loop) is checked too.
  assert.match(lone({ query: "ř".repeat(100) + "\ud800" }), /before byte 210$/);
  // -0 keeps its sign, NaN and Infinity cross as text, as `jsonText` writes them.
  assert.deepEqual(tool.read({ query: "x", date_from: -0 }).envelope, tool.readJson('{"query": "x", "date_from": -0}').envelope);
  assert.deepEqual(tool.read({ query: "x", limit: NaN }).notes.map((n) => n.code), ["placeholder_read_as_absent", "default_applied"]);
  // toJSON, a Date, a bigint, a class instance.
  assert.deepEqual(tool.read({ query: { toJSON: () => "from toJSON" } }).args, { query: "from toJSON", limit: 20 });
  assert.equal(tool.read({ query: "x", limit: 7n }).args.limit, 7);
  class Box {
    constructor() {
      this.query = "boxed";
    }
  }
  assert.deepEqual(tool.read(new Box()).args, { query: "boxed", limit: 20 });
  // undefined leaves a property out, as in JSON text (the default then applies).
  assert.deepEqual(tool.read({ query: "x", limit: undefined }).args, { query: "x", limit: 20 });
  assert.deepEqual(tool.read(undefined).envelope?.code, tool.read(null).envelope?.code);
});

test("nesting up to the core's bound crosses as a tape, past it as the envelope", () => {
  const nested = (levels) => {
    let v = [];
    for (let i = 1; i < levels; i++) v = [v];
    return v;
  };
  // The arguments object is the first level.
  same({ query: "x", tags: nested(63) });
  const deep = tool.read({ query: "x", tags: nested(64) });
  assert.equal(deep.status, "error");
  assert.equal(deep.envelope.code, "invalid_arguments");
  assert.match(deep.envelope.issues[0].expected, /nests more than 64 levels deep at byte 84$/);
});
