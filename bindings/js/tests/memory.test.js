/**
 * WebAssembly memory does not grow across a million reads: every read frees what it allocated
 * (outcomes are plain JavaScript objects; nothing stays in the module), and objects that hold
 * memory in the module (Reader, Vocabulary, CursorCodec, Tool) give it back with `free()`.
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { CursorCodec, JsonNumber, Reader, Tool, Vocabulary, read, readNumber, wasmMemory } from "agent-input";

const bytes = () => wasmMemory().buffer.byteLength;

test("a million reads do not grow the module's memory", () => {
  const limit = new Reader("number", { preset: "limit", max: 50 });
  const date = new Reader("date");
  const list = new Reader("list", { item: { kind: "enum", values: ["cs", "de"] } });
  const courts = new Vocabulary([{ id: "NS", names: ["Nejvyšší soud", "Supreme Court"] }, { id: "NSS", names: ["Nejvyšší správní soud"] }]);
  const codec = new CursorCodec("a server key of 16+ bytes");
  const cursor = codec.encode({ after: 40 });
  const tool = Tool.fromSpec({ name: "t", properties: { query: { kind: "text", required: true }, limit: { max: 50 }, date_from: {}, cursor: {} } }, { codec });
  // The clean reads a server makes most, every round; the repaired spellings, asks, JSON values
  // and whole calls every fiftieth round (they take microseconds, the clean ones a fraction).
  const clean = [
    () => limit.read("10"),
    () => limit.read(7),
    () => limit.read(null),
    () => date.read("2026-10-01"),
    () => courts.read("NS"),
    () => codec.read("start"),
    () => read("boolean", "true"),
    () => read("uuid", "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01"),
  ];
  const repaired = [
    () => limit.read("4 000"),
    () => date.read("1. 10. 2026"),
    () => date.read("01/02/2026"),
    () => list.read("cs, DE"),
    () => list.read(["cs", "xx"]),
    () => courts.read("Nejvyssi soud"),
    () => courts.read("Supreme", { role: "filter" }),
    () => codec.read(cursor),
    () => codec.read("c1.AAAA"),
    () => readNumber(new JsonNumber("12345678901234567891")),
    () => read("country", "Česko"),
    () => tool.read({ query: "nájem", limit: "500", dateFrom: "1. 10. 2026", cursor }),
  ];
  let reads = 0;
  const round = (i) => {
    for (const r of clean) assert.notEqual(r().status, undefined);
    reads += clean.length;
    if (i % 50 === 0) {
      for (const r of repaired) assert.notEqual(r().status, undefined);
      reads += repaired.length;
    }
  };
  for (let i = 0; i < 2000; i++) round(i);
  const before = bytes();
  reads = 0;
  for (let i = 0; reads < 1_000_000; i++) round(i);
  assert.equal(bytes(), before, `memory grew from ${before} to ${bytes()} bytes over ${reads} reads`);
  for (const o of [limit, date, list, courts, codec, tool]) o.free();
});

test("objects freed give their memory back", () => {
  const entries = Array.from({ length: 500 }, (_, i) => ({ id: `E${i}`, names: [`entry number ${i}`, `položka ${i}`] }));
  const make = () => {
    const v = new Vocabulary(entries);
    v.read("entry number 7");
    v.free();
    const t = Tool.fromSpec({ name: "t", properties: { court: { kind: "vocabulary", entries } } });
    t.read({ court: "položka 3" });
    t.free();
  };
  for (let i = 0; i < 20; i++) make();
  const before = bytes();
  for (let i = 0; i < 500; i++) make();
  assert.equal(bytes(), before);
});
