// Outcomes and calls cross as a tape (src/tape.rs) that `fromTape` in lib/api.js decodes: the
// decoded objects are the core's, whatever the strings hold (surrogate pairs, combining marks,
// quotes) and whatever the numbers (an inexact one as its text, with `exact: false`).

import { test } from "node:test";
import assert from "node:assert/strict";

import { Reader, Tool, WIRE_KEYS, read } from "../lib/node.js";

test("strings of every width cross as sent", () => {
  const out = new Reader("text").read("  😀 nájem \u0301\"\\ ");
  assert.equal(out.status, "ok");
  assert.equal(out.value, "😀 nájem \u0301\"\\");
  assert.equal(out.notes.length, 1);
  assert.equal(out.notes[0].code, "whitespace_trimmed");
  assert.match(out.notes[0].message, /😀 nájem/);
  // The outcome and its note are built as literals (`fromTape`), keys in the core's order.
  assert.deepEqual(Object.keys(out), ["status", "value", "notes", "warnings"]);
  assert.deepEqual(Object.keys(out.notes[0]), ["code", "message"]);
  const asked = new Reader("date").read("01/02/2026");
  assert.deepEqual(Object.keys(asked), ["status", "ask", "notes", "warnings"]);
});

test("a call's keys, codes and numbers cross as the core gives them", () => {
  const tool = Tool.fromSpec({ name: "search", properties: { query: { kind: "text", required: true }, limit: { max: 50 }, "😀": { kind: "boolean" } } });
  const call = tool.read({ query: " a ", limit: "1 000", "😀": "ano" });
  assert.equal(call.status, "ok");
  assert.deepEqual(call.args, { query: "a", limit: 50, "😀": true });
  assert.deepEqual(
    call.notes.map((n) => [n.path, n.code]),
    [["query", "whitespace_trimmed"], ["limit", "grouping_removed"], ["limit", "out_of_range_clamped"], ["😀", "boolean_word_read"]],
  );
  assert.deepEqual(Object.keys(call.notes[0]), ["code", "message", "path"]);
  const failed = tool.read({ limit: "1,5" });
  assert.equal(failed.status, "error");
  assert.equal(failed.envelope.code, "invalid_arguments");
  assert.deepEqual(failed.envelope.issues.map((i) => i.code).sort(), ["missing_required", "not_an_integer"]);
});

test("a call's property names cross by index, in their place, whatever they are", () => {
  // Names an object lists out of order ("1") or that a plain store would not make its own key
  // ("__proto__"); a value spelled as a name ("b") is that string.
  const tool = Tool.fromSpec(JSON.parse('{"name": "t", "properties": {"1": {"kind": "text"}, "__proto__": {"kind": "text"}, "b": {"kind": "number"}, "a": {"kind": "date"}}}'));
  const args = JSON.parse('{"a": "1. 10. 2026", "1": " b ", "__proto__": " y ", "b": "4 000"}');
  for (const call of [tool.read(args), tool.readJson(JSON.stringify(args))]) {
    assert.equal(call.status, "ok");
    assert.deepEqual(call.args, JSON.parse('{"1": "b", "__proto__": "y", "b": 4000, "a": "2026-10-01"}'));
    assert.ok(Object.hasOwn(call.args, "__proto__"));
    assert.equal(Object.getPrototypeOf(call.args), Object.prototype);
    assert.deepEqual(Object.keys(call.args), ["1", "__proto__", "b", "a"]);
    assert.deepEqual(call.notes.map((n) => n.path).sort(), ["1", "__proto__", "a", "b"]);
    assert.deepEqual(call.notes.map((n) => Object.keys(n)), call.notes.map(() => ["code", "message", "path"]));
  }
  // Two tools hold their own names: a call of one never names the other's.
  const other = Tool.fromSpec({ name: "u", properties: { x: { kind: "number" }, a: { kind: "text" } } });
  assert.deepEqual(other.read({ a: " q ", x: "1 000" }).args, { x: 1000, a: "q" });
  assert.deepEqual(tool.read({ b: "2" }).args, { b: 2 });
});

test("a number a double cannot hold crosses as its text, flagged", () => {
  const out = read("number", "12345678901234567891");
  assert.equal(out.value, "12345678901234567891");
  assert.equal(out.exact, false);
  assert.equal(read("number", "4 000").exact, undefined);
});

test("the wire's keys are one generated list, holding every key an outcome or a call has", () => {
  // `WIRE_KEYS` (generated.js) and the module's `KEYS` (src/keys.rs) are written by one
  // generator from the core's serde derives; a key crosses as its index in them.
  assert.ok(Object.isFrozen(WIRE_KEYS));
  assert.equal(new Set(WIRE_KEYS).size, WIRE_KEYS.length);
  const keysOf = (value, into = new Set()) => {
    if (Array.isArray(value)) for (const v of value) keysOf(v, into);
    else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        into.add(k);
        if (k !== "args" && k !== "value" && k !== "received") keysOf(v, into);
      }
    }
    return into;
  };
  const tool = Tool.fromSpec({ name: "t", properties: { q: { kind: "text", required: true }, d: { kind: "date" }, n: { kind: "number" } } });
  const values = [
    read("number", "4 000"),
    read("number", null),
    read("date", "01/02/2026"),
    read("list", "CZ, CZ", { item: { kind: "country" } }),
    { ...tool.read({ q: " a ", n: "1 000", x: 1 }) },
    { ...tool.read({ d: "01/02/2026" }) },
  ];
  for (const value of values) {
    for (const key of keysOf(value)) assert.ok(WIRE_KEYS.includes(key), `${key} of ${JSON.stringify(value)}`);
  }
});
