/**
 * agent-input's JavaScript package beside what a TypeScript author would otherwise call, in the
 * same run (a script, not a test): each kind's read, and a whole 8-property call beside a zod
 * object schema. It prints the median time per call of each subject and the ratio (how many
 * times agent-input's time is the other's: below 1x agent-input is faster), then what a call
 * into WebAssembly costs by itself.
 *
 *   npm ci --prefix benches/js && node benches/js/bench.mjs        (after `npm run build` in bindings/js)
 *
 * Each subject's result is checked once before it is timed, so a broken path cannot look fast.
 * Every time is the median of 15 batches, each long enough (about 20 ms) to dwarf the clock; the
 * two subjects of a row take their batches in turn, and the ratio is the median of the 15 batch
 * ratios, so a noisy machine's slow moments fall on both alike.
 */

import assert from "node:assert/strict";

import { Reader, Tool, Vocabulary } from "agent-input";
import { z } from "zod";

// The package's WebAssembly glue itself (the same module instance the package uses), for the
// cost of the crossing alone; it is not part of the package's exports.
const wasm = await import(new URL("node_modules/agent-input/pkg/agent_input.js", import.meta.url));

/** How many calls of `f` take about 20 ms: one batch. */
function batch(f) {
  let n = 1;
  for (;;) {
    const t = performance.now();
    for (let i = 0; i < n; i++) f();
    if (performance.now() - t > 20) return n;
    n *= 2;
  }
}

/** Nanoseconds per call of one batch of `n` calls of `f`, divided by `per` (calls per call). */
function once(f, n, per = 1) {
  const t = performance.now();
  for (let i = 0; i < n; i++) f();
  return ((performance.now() - t) * 1e6) / n / per;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Median nanoseconds per call of `f`. */
function time(f) {
  const n = batch(f);
  return median(Array.from({ length: 15 }, () => once(f, n)));
}

/** Both subjects' median times and the median of their ratios, their batches taken in turn so
 * that the machine's slower and faster moments fall on both alike. */
function paired(ours, theirs, per = 1) {
  const [n, m] = [batch(ours), batch(theirs)];
  const a = [];
  const b = [];
  const ratios = [];
  for (let r = 0; r < 15; r++) {
    a.push(once(ours, n));
    b.push(once(theirs, m, per));
    ratios.push(a[r] / b[r]);
  }
  return { ours: median(a), theirs: median(b), ratio: median(ratios) };
}

const rows = [];
/** One comparison: agent-input's read, what it is compared with, and the target if any. */
function compare(name, ours, theirsName, theirs, target = "") {
  rows.push({ name, theirsName, target, ...paired(ours, theirs) });
}

/** As `compare`, against a loop of `per` reads inside the module, timed per read. */
function compareWith(name, ours, { name: theirsName, f, per }, target) {
  rows.push({ name, theirsName, target, ...paired(ours, f, per) });
}

const fmt = (ns) => (ns >= 1000 ? `${(ns / 1000).toFixed(2)} µs` : `${ns.toFixed(0)} ns`);

// --- the readers and what they are compared with ----------------------------------------------

const number = new Reader("number");
const boolean = new Reader("boolean");
const date = new Reader("date");
const uuid = new Reader("uuid");
const locale = new Reader("locale");
const country = new Reader("country");
const sort = new Reader("enum", { values: ["relevance", "date_desc"] });
const text = new Reader("text");
const COURTS = [
  { id: "NS", names: ["Nejvyšší soud", "Supreme Court"] },
  { id: "NSS", names: ["Nejvyšší správní soud", "Supreme Administrative Court"] },
];
const courts = new Vocabulary(COURTS);

const zNumber = z.coerce.number();
const zDate = z.coerce.date();
const zUuid = z.uuid();
const zBool = z.stringbool();
const zSort = z.enum(["relevance", "date_desc"]);
const zText = z.string().trim();
const UUID = "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01";
// What an author without agent-input looks names up in: codes, names, courts.
const COUNTRY_CODES = new Set(["CZ", "SK", "DE", "AT", "PL"]);
const COUNTRY_NAMES = new Map([["česko", "CZ"], ["czechia", "CZ"], ["slovensko", "SK"], ["deutschland", "DE"]]);
const COURT_NAMES = new Map([["nejvyssi soud", "NS"], ["supreme court", "NS"], ["nejvyssi spravni soud", "NSS"]]);

const value = (out) => {
  assert.equal(out.status, "ok");
  return out.value;
};

// Checked once: each subject gives the value the row is about.
assert.equal(value(number.read("4000")), 4000);
assert.equal(Number("4000"), 4000);
assert.equal(zNumber.parse("4000"), 4000);
assert.equal(value(number.read("4 000")), 4000);
assert.equal(value(date.read("2026-10-01")), "2026-10-01");
assert.equal(Date.parse("2026-10-01"), Date.UTC(2026, 9, 1));
assert.equal(zDate.parse("2026-10-01").getTime(), Date.UTC(2026, 9, 1));
assert.equal(value(date.read("1. 10. 2026")), "2026-10-01");
assert.equal(value(boolean.read("true")), true);
assert.equal(zBool.parse("true"), true);
assert.equal(value(uuid.read(UUID)), UUID);
assert.equal(zUuid.parse(UUID), UUID);
assert.equal(value(locale.read("cs-CZ")), "cs-CZ");
assert.equal(new Intl.Locale("cs-CZ").toString(), "cs-CZ");
assert.equal(value(locale.read("cs_CZ.UTF-8")), "cs-CZ");
assert.equal(value(country.read("CZ")), "CZ");
assert.equal(value(country.read("Česko")), "CZ");
assert.equal(value(sort.read("date_desc")), "date_desc");
assert.equal(zSort.parse("date_desc"), "date_desc");
assert.equal(value(text.read("  Praha ")), "Praha");
assert.equal(zText.parse("  Praha "), "Praha");
assert.equal(value(courts.read("Nejvyssi soud")), "NS");

compare('number "4000"', () => number.read("4000"), "Number", () => Number("4000"), "within 3x");
compare('number "4000"', () => number.read("4000"), "z.coerce.number()", () => zNumber.parse("4000"));
compare("number 4000 (a JS number)", () => number.read(4000), "Number", () => Number(4000));
compare('number "4 000" (a note)', () => number.read("4 000"), "z.coerce.number() (NaN: rejects)", () => zNumber.safeParse("4 000"));
compare('date "2026-10-01"', () => date.read("2026-10-01"), "Date.parse", () => Date.parse("2026-10-01"), "within 3x");
compare('date "2026-10-01"', () => date.read("2026-10-01"), "z.coerce.date()", () => zDate.parse("2026-10-01"));
compare('date "1. 10. 2026" (a note)', () => date.read("1. 10. 2026"), "Date.parse (NaN)", () => Date.parse("1. 10. 2026"));
compare('boolean "true"', () => boolean.read("true"), "z.stringbool()", () => zBool.parse("true"));
compare("uuid, canonical", () => uuid.read(UUID), "z.uuid()", () => zUuid.parse(UUID));
compare('locale "cs-CZ"', () => locale.read("cs-CZ"), "new Intl.Locale", () => new Intl.Locale("cs-CZ").toString());
compare('locale "cs_CZ.UTF-8" (a note)', () => locale.read("cs_CZ.UTF-8"), "new Intl.Locale (throws)", () => {
  try {
    return new Intl.Locale("cs_CZ.UTF-8");
  } catch {
    return null;
  }
});
compare('enum "date_desc"', () => sort.read("date_desc"), "z.enum", () => zSort.parse("date_desc"));
compare('text "  Praha "', () => text.read("  Praha "), "z.string().trim()", () => zText.parse("  Praha "));
compare('country "CZ"', () => country.read("CZ"), "a Set lookup", () => COUNTRY_CODES.has("CZ"));
compare('country "Česko" (a note)', () => country.read("Česko"), "a Map lookup", () => COUNTRY_NAMES.get("česko"));
compare('vocabulary "Nejvyssi soud" (a note)', () => courts.read("Nejvyssi soud"), "a Map lookup", () => COURT_NAMES.get("nejvyssi soud"));

// --- a whole call -------------------------------------------------------------------------------

// The core's benchmark call (benches/benches/kinds.rs, `tool`): 8 properties.
const SPEC = {
  name: "search",
  properties: {
    query: { kind: "text", required: true },
    court: { kind: "vocabulary", role: "filter", entries: COURTS },
    date_from: {},
    date_to: {},
    limit: { max: 50 },
    sort: { kind: "enum", values: ["relevance", "date_desc"] },
    country: {},
    include_dissents: { kind: "boolean" },
  },
};
const tool = Tool.fromSpec(SPEC);
const canonical = { query: "nájem", court: "NS", date_from: "2026-01-01", date_to: "2026-06-30", limit: 10, sort: "date_desc", country: "CZ", include_dissents: true };
const repaired = { query: " nájem ", court: "Nejvyssi soud", dateFrom: "1. 1. 2026", date_to: "2026-Q2", limit: "500", sort: "Date Desc", country: "Česko", include_dissents: "ano" };
// What a TypeScript author writes with zod: the same 8 properties, coerced where zod can.
const zCall = z.object({
  query: z.string().trim(),
  court: z.enum(["NS", "NSS"]).optional(),
  date_from: z.coerce.date().optional(),
  date_to: z.coerce.date().optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  sort: z.enum(["relevance", "date_desc"]).optional(),
  country: z.string().length(2).optional(),
  include_dissents: z.boolean().optional(),
});

const REPAIRED_TEXT = JSON.stringify(repaired);
const NOTE_OUTCOME = JSON.stringify(number.read("4 000"));

const ok = tool.read(canonical);
assert.equal(ok.status, "ok");
const fixed = tool.read(repaired);
assert.deepEqual(fixed.args, { query: "nájem", court: "NS", date_from: "2026-01-01", date_to: "2026-06-30", limit: 50, sort: "date_desc", country: "CZ", include_dissents: true });
assert.equal(fixed.notes.length >= 8, true);
assert.equal(zCall.safeParse(canonical).success, true);
assert.equal(zCall.safeParse(repaired).success, false);

// The same tool inside the module, for the core's own read of a call with no crossing at all:
// `bench_read` reads the arguments `N` times in a loop in WebAssembly (an export for this script).
const inner = wasm.Tool.from_spec(JSON.stringify(SPEC));
const N = 100;
const inModule = (args) => {
  const text = JSON.stringify(args);
  assert.equal(inner.bench_read(text, N, 0), N);
  return { name: "the core's read, inside the module", f: () => inner.bench_read(text, N, 0), per: N };
};

compare("8-property call, canonical", () => tool.read(canonical), "zod object", () => zCall.parse(canonical));
compareWith("8-property call, canonical", () => tool.read(canonical), inModule(canonical), "");
compareWith("8-property call, model spellings", () => tool.read(repaired), inModule(repaired), "within 2x");
compare("8-property call, model spellings", () => tool.read(repaired), "zod object (rejects it)", () => zCall.safeParse(repaired), "under 10 µs");
compare("8-property call, model spellings, as JSON text", () => tool.readJson(REPAIRED_TEXT), "JSON.parse + zod object (rejects it)", () => zCall.safeParse(JSON.parse(REPAIRED_TEXT)));

// --- the crossing ------------------------------------------------------------------------------

// The package's own calls into the module, with no reading: the crossing by itself.
const crossing = [
  ["a call with no arguments (take_number)", () => wasm.take_number()],
  ['a 4-byte string in, a boolean out (is_json_number("4000"))', () => wasm.is_json_number("4000")],
  ['a 10-byte string in, a string out (fold("2026-10-01"))', () => wasm.fold("2026-10-01")],
  ["JSON.parse of a one-note outcome (the JSON path's last step)", () => JSON.parse(NOTE_OUTCOME)],
  ["an empty JS function call (the floor)", () => noop()],
].map(([name, f]) => [name, time(f)]);

// --- the report ----------------------------------------------------------------------------------

console.log(`agent-input (WebAssembly) beside the alternatives, Node ${process.version}, median of 15 batches\n`);
console.log("| case | agent-input | vs | theirs | ratio | target |");
console.log("| --- | ---: | --- | ---: | ---: | --- |");
for (const r of rows) {
  console.log(`| ${r.name} | ${fmt(r.ours)} | ${r.theirsName} | ${fmt(r.theirs)} | ${r.ratio.toFixed(2)}x | ${r.target} |`);
}
console.log("\n| crossing into WebAssembly | time |");
console.log("| --- | ---: |");
for (const [name, ns] of crossing) console.log(`| ${name} | ${fmt(ns)} |`);

function noop() {
  return 0;
}
