// Outcomes and calls cross as a tape (src/tape.rs) that `fromTape` in lib/api.js decodes: the
// decoded objects are the core's, whatever the strings hold (surrogate pairs, combining marks,
// quotes) and whatever the numbers (an inexact one as its text, with `exact: false`).

import { test } from "node:test";
import assert from "node:assert/strict";

import { Reader, Tool, read } from "../lib/node.js";

test("strings of every width cross as sent", () => {
  const out = new Reader("text").read("  😀 nájem \u0301\"\\ ");
  assert.equal(out.status, "ok");
  assert.equal(out.value, "😀 nájem \u0301\"\\");
  assert.equal(out.notes.length, 1);
  assert.equal(out.notes[0].code, "whitespace_trimmed");
  assert.match(out.notes[0].message, /😀 nájem/);
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

test("a number a double cannot hold crosses as its text, flagged", () => {
  const out = read("number", "12345678901234567891");
  assert.equal(out.value, "12345678901234567891");
  assert.equal(out.exact, false);
  assert.equal(read("number", "4 000").exact, undefined);
});
