/**
 * The JavaScript API around the vectors: values per kind, exact decimals, misuse errors, the
 * value that was not sent, the tool factory, cursors (with the host's environment and clock),
 * vocabularies, the generated lists and the wire shapes of every vector outcome.
 */

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as ai from "agent-input";
import {
  AgentInputError,
  CursorCodec,
  InvalidOptionsError,
  JsonNumber,
  Reader,
  Tool,
  ToolCall,
  UnknownKindError,
  Vocabulary,
  read,
  readBoolean,
  readDate,
  readEnum,
  readList,
  readNumber,
  readText,
  readUuid,
} from "agent-input";

import { ROOT, asInput, kindCases, setVectorKey, toolCases } from "./vectors.js";

setVectorKey();
const COURTS = JSON.parse(readFileSync(`${ROOT}/tests/fixtures/czech_courts.json`, "utf8"));

// --- values per kind -----------------------------------------------------------------------------

test("each kind's value", () => {
  const cases = [
    ["number", "4 000", {}, 4000],
    ["number", "1 234,5", {}, 1234.5],
    ["boolean", "ano", {}, true],
    ["enum", "Date Desc", { values: ["date_desc", "relevance"] }, "date_desc"],
    ["filter", "cs", { item: { kind: "locale" } }, "cs"],
    ["filter", "7", { item: { kind: "number" } }, 7],
    ["text", "  Praha ", {}, "Praha"],
    ["list", "cs, DE", { item: { kind: "enum", values: ["cs", "de"] } }, ["cs", "de"]],
    ["list", "2026-01-01, 1. 2. 2026", { item: { kind: "date" } }, ["2026-01-01", "2026-02-01"]],
    ["uuid", "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}", {}, "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01"],
    ["idempotency_key", "order-4711-retry", {}, "order-4711-retry"],
    ["date", "1. října 2026", {}, "2026-10-01"],
    ["date", 2020, { role: "to" }, "2020-12-31"],
    ["date_range", "2020", {}, { from: "2020-01-01", to: "2020-12-31" }],
    ["date_range", { from: "2020-03-01" }, {}, { from: "2020-03-01" }],
    ["country", "Česko", {}, "CZ"],
    ["locale", "cs_CZ.UTF-8", {}, "cs-CZ"],
    ["eli", "Regulation (EU) 2016/679", {}, "http://data.europa.eu/eli/reg/2016/679/oj"],
    ["vocabulary", "Nejvyssi spravni soud", { entries: COURTS }, "NSS"],
  ];
  for (const [kind, value, options, expected] of cases) {
    const out = read(kind, value, options);
    assert.equal(out.status, "ok", `${kind} ${JSON.stringify(value)}`);
    assert.deepStrictEqual(out.value, expected, `${kind} ${JSON.stringify(value)}`);
  }
  const list = read("list", "1,5", { item: { kind: "number" } });
  assert.equal(list.status, "ask");
  assert.equal("value" in list, false);
});

test("outcomes are plain objects, deep-equal to the core's JSON", () => {
  const out = readNumber("1,5");
  assert.deepStrictEqual(out, {
    status: "ok",
    value: 1.5,
    notes: [{ code: "decimal_comma_read", message: 'Read "1,5" as 1.5.' }],
    warnings: [],
  });
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.deepStrictEqual(readNumber("4000"), { status: "ok", value: 4000, notes: [], warnings: [] });
  assert.deepStrictEqual(readDate("2026-10-01"), { status: "ok", value: "2026-10-01", notes: [], warnings: [] });
  assert.deepStrictEqual(readBoolean("true"), { status: "ok", value: true, notes: [], warnings: [] });
  assert.deepStrictEqual(readBoolean(false), { status: "ok", value: false, notes: [], warnings: [] });
  assert.equal(JSON.stringify(readNumber("4000")), '{"status":"ok","value":4000,"notes":[],"warnings":[]}');
});

test("an ask names every reading", () => {
  const out = readNumber("1,234");
  assert.equal(out.status, "ask");
  assert.equal(out.ask.code, "ambiguous_decimal_separator");
  assert.equal(out.ask.received, "1,234");
  assert.deepStrictEqual(out.ask.readings.map((r) => r.value), [1234, 1.234]);
  assert.match(out.ask.hint, /^Call again with the value/);
});

// --- exact decimals ------------------------------------------------------------------------------

test("a number a double cannot hold is its decimal text, with exact: false", () => {
  const big = readNumber("1234567890123456789");
  assert.deepStrictEqual(big, { status: "ok", value: "1234567890123456789", notes: [], warnings: [], exact: false });
  const long = readNumber("0.1234567890123456789");
  assert.equal(long.value, "0.1234567890123456789");
  assert.equal(long.exact, false);
  // 2^53 + 1 is beyond a double; 2^53 is not; 2^60 is held exactly but printed as other digits.
  assert.deepStrictEqual(readNumber(new JsonNumber("9007199254740993")).value, "9007199254740993");
  assert.deepStrictEqual(readNumber(new JsonNumber("9007199254740992")).value, 9007199254740992);
  assert.equal(readNumber(2n ** 60n).value, "1152921504606846976");
  // What a double holds exactly stays a number, however it was spelled.
  assert.deepStrictEqual(readNumber(new JsonNumber("1.50")), { status: "ok", value: 1.5, notes: [], warnings: [] });
  assert.deepStrictEqual(readNumber(0.1), { status: "ok", value: 0.1, notes: [], warnings: [] });
  assert.equal(readNumber("1e21").value, 1e21);
  // bigint crosses with every digit.
  assert.equal(readNumber(12345678901234567891n).value, "12345678901234567891");
  // Inside lists, asks and tool calls too; the flag is on the whole outcome or call.
  const list = readList("12345678901234567891, 2", { item: { kind: "number" } });
  assert.deepStrictEqual([list.value, list.exact], [["12345678901234567891", 2], false]);
  const ask = readNumber(new JsonNumber("1e400"));
  assert.deepStrictEqual([ask.status, ask.ask.received, ask.exact], ["ask", "1e+400", false]);
  const tool = Tool.fromSpec({ name: "pay", properties: { amount: { kind: "number", required: true } } });
  const call = tool.readJson('{"amount": 12345678901234567.89}');
  assert.deepStrictEqual([call.args.amount, call.exact], ["12345678901234567.89", false]);
  // A result's text keeps every digit; its structured content has the text.
  const result = call.toCallToolResult({ paid: 12345678901234567.89, big: 12345678901234567891n });
  assert.match(result.content[0].text, /"big":12345678901234567891/);
  assert.equal(result.structuredContent.result.big, "12345678901234567891");
  assert.equal("exact" in result, false);
});

test("numbers are never decimal text unless the outcome says exact: false", () => {
  for (const { where, case: c } of kindCases()) {
    if (c.kind !== "number") continue;
    const out = read("number", "input" in c ? asInput(c.input) : undefined, asInput(c.options ?? {}));
    if (out.status === "ok" && typeof out.value === "string") assert.equal(out.exact, false, where);
    if (out.exact === undefined && out.status === "ok") assert.equal(typeof out.value, "number", where);
  }
});

// --- not sent, null, and the doors -----------------------------------------------------------------

test("a value that was not sent is not null", () => {
  assert.deepStrictEqual(read("number"), { status: "absent", notes: [], warnings: [] });
  assert.deepStrictEqual(read("number", undefined), read("number"));
  assert.deepStrictEqual(readNumber().notes, []);
  assert.deepStrictEqual(new Reader("number").read().notes, []);
  assert.equal(read("number", null).notes[0].code, "null_read_as_absent");
  assert.equal(readNumber(undefined, { default: 20 }).value, 20);
  // In objects, an `undefined` property is not sent (as JSON.stringify leaves it out).
  const tool = Tool.fromSpec({ name: "t", properties: { q: { kind: "text" } } });
  assert.deepStrictEqual(tool.read({ q: undefined }).args, {});
  assert.equal(tool.read({ q: null }).notes[0].code, "null_read_as_absent");
});

test("a Reader checks its options once and reads many values", () => {
  const limit = new Reader("number", { preset: "limit", max: 50 });
  assert.equal(limit.kind, "number");
  assert.deepStrictEqual(["500", "4 000", 7, null].map((v) => limit.read(v).value), [50, 50, 7, 20]);
  limit.free();
});

test("per-kind functions are the generic door", () => {
  assert.deepStrictEqual(readDate("01/02/2026"), read("date", "01/02/2026"));
  assert.equal(readDate("2020", { role: "from" }).value, "2020-01-01");
  assert.equal(readDate("zítra", { today: "2026-10-01" }).value, "2026-10-02");
  assert.equal(readEnum("newest", { values: ["date_desc"], aliases: { newest: "date_desc" } }).value, "date_desc");
  assert.equal(readUuid("00000000-0000-0000-0000-000000000000", { mode: "write" }).status, "ask");
  // An option left undefined is not sent: the core's default applies.
  assert.equal(readDate("2020", { role: undefined }).status, "ask");
});

test("values cross as their JSON", () => {
  assert.equal(readNumber(1.5).value, 1.5);
  assert.equal(readNumber(1e16).value, 1e16);
  assert.equal(readNumber(true).status, "ask");
  assert.equal(readBoolean(1).value, true);
  assert.deepStrictEqual(readList(["a", "b"]).value, ["a", "b"]);
  // A Date crosses as its toJSON text: the time is dropped, with a note naming the offset.
  const date = readDate(new Date(Date.UTC(2026, 9, 1, 12)));
  assert.deepStrictEqual([date.value, date.notes[0].code], ["2026-10-01", "time_dropped"]);
  // NaN and Infinity cross as their text (JSON has none): NaN is a missing value's
  // placeholder to the number, Infinity no number, so the reader asks about it.
  const nan = readNumber(NaN);
  assert.deepStrictEqual([nan.status, nan.notes[0].code], ["absent", "placeholder_read_as_absent"]);
  assert.ok(nan.notes[0].message.includes('"NaN"'));
  assert.equal(readNumber(-Infinity).ask.received, "-Infinity");
  // -0 keeps its sign on the way in.
  assert.deepStrictEqual(readNumber(-0).value, 0);
  assert.equal(readText(-0).value, "-0");
  // A lone surrogate is not read as U+FFFD, whether the string crosses alone or inside a list:
  // the core asks (the tests below read it everywhere).
  assert.equal(readText("a\ud800b").ask.code, "not_unicode");
  assert.equal(readList(["a\ud800b"]).ask.code, "not_unicode");
  // Object keys in JavaScript's order; functions and symbols are not JSON and are left out.
  assert.deepStrictEqual(readList(["x", () => 1]).value, ["x"]);
  assert.throws(() => new JsonNumber("0x10"), TypeError);
  assert.throws(() => new JsonNumber("NaN"), TypeError);
});

// --- values that cannot cross as sent: the core's asks, never a throw --------------------------------

// The core's asks for a value it cannot read as sent (`Ask::for_json_error`): a lone surrogate,
// and arrays and objects nested past MAX_JSON_DEPTH (64).
const NOT_UNICODE = {
  code: "not_unicode",
  received: null,
  expected: "text of whole Unicode characters",
  hint: "Call again with the value sent as text of whole characters (it holds a lone UTF-16 surrogate, half of a character).",
  readings: [],
};
const notUnicode = { status: "ask", ask: NOT_UNICODE, notes: [], warnings: [] };
const TOOL_Q = { name: "t", properties: { q: { kind: "text" } } };

function nested(levels, inner = []) {
  let value = inner;
  for (let i = 1; i < levels; i++) value = [value];
  return value;
}

function assertTooDeep(out, what) {
  assert.equal(out.status, "ask", what);
  assert.equal(out.ask.code, "input_too_long", what);
  assert.match(out.ask.expected, /at most 64 levels of nested arrays and objects/, what);
}

test("a lone surrogate anywhere in a value asks not_unicode: never U+FFFD, never a throw", () => {
  const lone = ["a\ud800b", "\udc00", "x\ud83d", "\ude00\ud83d"];
  for (const s of lone) {
    assert.deepStrictEqual(read("text", s), notUnicode, JSON.stringify(s));
    assert.deepStrictEqual(readText(s), notUnicode);
    assert.deepStrictEqual(readList([s]), notUnicode);
    assert.deepStrictEqual(readList(["ok", { [s]: 1 }]), notUnicode);
    assert.deepStrictEqual(read("date_range", { from: "2020", to: s }), notUnicode);
    assert.deepStrictEqual(new Reader("text").read(s), notUnicode);
    assert.deepStrictEqual(new Reader("list").read([[s]]), notUnicode);
    assert.deepStrictEqual(new Vocabulary(COURTS).read(s), notUnicode);
    assert.deepStrictEqual(new Vocabulary(COURTS).read([s], { role: "filter" }), notUnicode);
    assert.deepStrictEqual(new CursorCodec("a server key of 16+ bytes").read(s), notUnicode);
    assert.deepStrictEqual(new CursorCodec("a server key of 16+ bytes").read({ after: s }), notUnicode);
  }
  for (const kind of ai.KINDS) {
    const options = { enum: { values: ["a"] }, vocabulary: { entries: COURTS }, cursor: { key_env: "AGENT_INPUT_VECTOR_KEY" } }[kind];
    assert.deepStrictEqual(read(kind, "a\ud800b", options), notUnicode, kind);
  }
  // A batch line holding a lone surrogate itself (not its escape) is not UTF-8, the byte named.
  const line = ai.readLine('{"kind": "text", "input": "a\ud800b"}');
  assert.deepStrictEqual([line.status, line.ask.code], ["ask", "invalid_request"]);
  assert.match(line.ask.hint, /byte 28 is not UTF-8/);
  // A pair is one character, read as itself; well-formed strings keep their fast path.
  assert.deepStrictEqual(readText("\ud83d\ude00"), { status: "ok", value: "\u{1f600}", notes: [], warnings: [] });
});

test("a lone surrogate in a call's arguments is the envelope agent-input call gives for the same JSON text", () => {
  const tool = Tool.fromSpec(TOOL_Q);
  const call = tool.read({ q: "a\ud800b" });
  // `printf '%s' '{"q":"a\ud800b"}' | agent-input call --tool t.json`, byte for byte.
  const cli = {
    status: "error",
    code: "invalid_arguments",
    message: "`t` did not run: the arguments need a fix.",
    hint: "Call `t` again with the arguments as one JSON object.",
    issues: [
      {
        path: "",
        code: "invalid_request",
        received: '{"q":"a\\ud800b"}',
        expected: "the arguments as one JSON object in UTF-8; it holds a lone UTF-16 surrogate (half of a character) before byte 7",
        hint: "Call `t` again with the arguments as one JSON object.",
      },
    ],
    notes: [],
    warnings: [],
  };
  assert.deepStrictEqual(call.toJSON(), cli);
  assert.deepStrictEqual(tool.readJson('{"q":"a\\ud800b"}').toJSON(), cli);
  assert.equal(call.toCallToolResult().isError, true);
  // In a key, deeper in the value, in the arguments of a question to a person and of its answer.
  assert.equal(tool.read({ "\udc00": 1 }).issues[0].code, "invalid_request");
  assert.match(tool.read({ q: ["x", { y: "\ud800" }] }).issues[0].expected, /lone UTF-16 surrogate/);
  const codec = new CursorCodec("a server key of 16+ bytes");
  const asking = Tool.fromSpec({ ...TOOL_Q, answered_by: "user" }, { codec });
  assert.equal(asking.askPerson({ q: "a\ud800b" }), null);
  assert.deepStrictEqual(asking.readAnswers({ q: "a\ud800b" }, {}, "state").toJSON(), cli);
  // A raw body holding a lone surrogate itself (not its escape) is not UTF-8 (its WTF-8 bytes).
  const raw = tool.readJson('{"q":"a\ud800b"}');
  assert.equal(raw.issues[0].code, "invalid_request");
  assert.match(raw.issues[0].expected, /byte 7 is not UTF-8/);
});

test("nesting past 64 levels asks input_too_long at any depth, never a throw", () => {
  for (const levels of [65, 200, 1000, 5000, 100000]) {
    assertTooDeep(readList(nested(levels)), `${levels}`);
    assertTooDeep(read("text", nested(levels, ["x"])), `${levels}`);
    assertTooDeep(new Reader("list").read({ a: nested(levels) }), `${levels}`);
    assertTooDeep(new Vocabulary(COURTS).read(nested(levels)), `${levels}`);
    assertTooDeep(new CursorCodec("a server key of 16+ bytes").read(nested(levels)), `${levels}`);
  }
  // 64 levels read (as whatever the kind makes of them); objects count as arrays do.
  assert.notEqual(readList(nested(64, ["x"])).ask?.code, "input_too_long");
  let deepObject = {};
  for (let i = 0; i < 1000; i++) deepObject = { a: deepObject };
  assertTooDeep(readList(deepObject), "objects");
  // A cycle is nesting without end: too deep, not a stack overflow.
  const cycle = [];
  cycle.push(cycle);
  assertTooDeep(readList(cycle), "a cycle");
});

test("a call nested past 64 levels is the envelope, never a throw", () => {
  const tool = Tool.fromSpec(TOOL_Q);
  for (const [levels, inner, byte] of [[64, [], 69], [64, ["x"], 68], [1000, [], 68], [5000, [{}], 68], [100000, [], 68]]) {
    const call = tool.read({ q: nested(levels, inner) });
    assert.equal(call.status, "error", `${levels}`);
    assert.equal(call.issues[0].code, "invalid_request");
    assert.equal(call.issues[0].path, "");
    // `{"q":` then the arrays: the 64th array is the 65th level, at byte 5 + 63 (the core stops
    // after an empty one's `]`), the byte `agent-input call` names in the whole text.
    const whole = `{"q":${"[".repeat(levels - 1)}${JSON.stringify(inner)}${"]".repeat(levels - 1)}}`;
    assert.equal(call.issues[0].expected, `the arguments as one JSON object in UTF-8; it nests more than 64 levels deep at byte ${byte}`);
    assert.equal(call.issues[0].expected, tool.readJson(whole).issues[0].expected, `${levels}`);
  }
  // An object one level past the bound is refused after its first key; an empty one is read.
  let objects = { k: 1 };
  for (let i = 0; i < 64; i++) objects = { a: objects };
  const whole = JSON.stringify(objects);
  assert.equal(tool.read(objects).issues[0].expected, tool.readJson(whole).issues[0].expected);
  // As the core reads JSON text: an empty object one level past the bound is no deeper, an
  // empty array is.
  assert.doesNotMatch(readList(nested(65, {})).ask?.expected ?? "", /levels of nested/);
  assertTooDeep(readList(nested(65, [])), "an empty array one level past the bound");
  // One level less reads (a list is no text: the property's own ask).
  assert.equal(tool.read({ q: nested(63) }).issues[0].path, "q");
});


// --- misuse throws, with the core's message ----------------------------------------------------------

test("misuse throws typed errors with the core's message", () => {
  assert.throws(() => read("nope", "x"), (e) => e instanceof UnknownKindError && e instanceof AgentInputError && e.code === "unknown_kind" && /^unknown kind `nope`/.test(e.message));
  assert.throws(() => new Reader("number", { maxx: 5 }), (e) => e instanceof InvalidOptionsError && e.code === "invalid_options" && e.message.startsWith("invalid options for kind `number`: unknown option `maxx`"));
  assert.throws(() => readNumber("3", { min: 5, max: 1 }), /`min` 5 is above `max` 1/);
  assert.throws(() => new CursorCodec("short"), (e) => e instanceof InvalidOptionsError && /expected at least 16/.test(e.message));
  assert.throws(() => new Vocabulary([]), /`entries` is empty/);
  assert.throws(() => new Vocabulary([{ id: "A", nmes: ["x"] }]), /invalid options for kind `vocabulary`/);
  assert.throws(() => new Vocabulary(COURTS).read("NS", { role: "both" }), (e) => e instanceof InvalidOptionsError && /vocabulary/.test(e.message));
  assert.throws(() => Tool.fromSpec({ properties: {} }), /a tool spec needs a non-empty string `name`/);
  assert.throws(() => Tool.fromSpec("{nope"), (e) => e instanceof InvalidOptionsError && /not JSON/.test(e.message));
  assert.throws(() => new Tool(), TypeError);
  assert.equal(new AgentInputError("x").code, null);
});

test("bad input never throws", () => {
  const values = ["", " ", "N/A", "{{value}}", "x".repeat(20000), [1, [2]], { a: null }, -0, 10n ** 40n, false, NaN, new JsonNumber("1e400"), undefined, null];
  const options = { enum: { values: ["a"] }, vocabulary: { entries: COURTS }, cursor: { key_env: "AGENT_INPUT_VECTOR_KEY" } };
  for (const value of values) {
    for (const kind of ai.KINDS) {
      const out = read(kind, value, options[kind]);
      assert.ok(["ok", "absent", "ask"].includes(out.status), `${kind} ${String(value)}`);
    }
  }
});

// --- tools ---------------------------------------------------------------------------------------------

const SPEC = {
  name: "search_decisions",
  properties: {
    query: { kind: "text", required: true },
    court: { kind: "vocabulary", entries: COURTS, role: "filter" },
    date_from: {},
    date_to: {},
    limit: { max: 50 },
    cursor: { key_env: "AGENT_INPUT_VECTOR_KEY" },
  },
};

test("a tool reads a call into canonical arguments", () => {
  const codec = new CursorCodec("a server key of 16+ bytes");
  const tool = Tool.fromSpec({ ...SPEC, properties: { ...SPEC.properties, cursor: {} } }, { codec });
  assert.equal(tool.name, "search_decisions");
  assert.equal(tool.writes, false);
  const cursor = codec.encode({ after: 40 });
  const call = tool.read({ query: "nájem", dateFrom: "1. 10. 2026", limit: "500", court: "NS", cursor });
  assert.ok(call instanceof ToolCall);
  assert.equal(call.ok, true);
  assert.equal(call.status, "ok");
  assert.deepStrictEqual(call.args, { query: "nájem", court: "NS", date_from: "2026-10-01", limit: 50, cursor: { after: 40 } });
  assert.deepStrictEqual([call.notes[0].path, call.notes[0].code], ["date_from", "property_name_normalized"]);
  assert.equal(call.envelope, null);
  assert.equal(call.telemetry(), null);
  const result = call.toCallToolResult({ hits: [] });
  assert.equal(result.isError, false);
  assert.deepStrictEqual(result.structuredContent.result, { hits: [] });
  assert.deepStrictEqual(JSON.parse(result.content[0].text), result.structuredContent);
  // The call's own properties are the core's JSON.
  assert.deepStrictEqual(Object.keys(call), ["status", "args", "notes", "warnings"]);
  assert.deepStrictEqual(JSON.parse(JSON.stringify(call)), { ...call });
});

test("a tool's cursors read the key named by key_env and the clock", () => {
  const tool = Tool.fromSpec(SPEC);
  const codec = CursorCodec.fromEnv("AGENT_INPUT_VECTOR_KEY");
  const fresh = codec.encode({ after: 2 }, { ttl: 60 });
  assert.deepStrictEqual(tool.read({ query: "x", cursor: fresh }).args.cursor, { after: 2 });
  // A cursor issued an hour ago for a minute: the host's clock is `Date.now()`.
  const realNow = Date.now;
  Date.now = () => realNow() - 3_600_000;
  let expired;
  try {
    expired = codec.encode({ after: 2 }, { ttl: 60 });
  } finally {
    Date.now = realNow;
  }
  const call = tool.read({ query: "x", cursor: expired });
  assert.equal(call.status, "error");
  assert.match(call.issues[0].expected, /it has expired/);
  // An unset variable is the core's own error.
  assert.throws(() => Tool.fromSpec({ name: "t", properties: { cursor: { key_env: "AGENT_INPUT_JS_NO_SUCH_VAR" } } }), /property `cursor` of tool `t`: invalid cursor key: environment variable `AGENT_INPUT_JS_NO_SUCH_VAR` is not set/);
  process.env.AGENT_INPUT_JS_SHORT_KEY = "short";
  assert.throws(() => Tool.fromSpec({ name: "t", properties: { cursor: { key_env: "AGENT_INPUT_JS_SHORT_KEY" } } }), /property `cursor` of tool `t`: invalid cursor key: `AGENT_INPUT_JS_SHORT_KEY` has fewer than 16 bytes/);
});

test("a tool call that cannot run: the envelope and telemetry", () => {
  const tool = Tool.fromSpec(JSON.stringify(SPEC));
  const call = tool.read({ date_from: "01/02/2026" });
  assert.equal(call.ok, false);
  assert.equal(call.status, "error");
  assert.equal("args" in call, false);
  assert.equal(call.envelope.code, "invalid_arguments");
  assert.deepStrictEqual(call.issues.map((i) => i.path), ["query", "date_from"]);
  assert.deepStrictEqual(call.telemetry(), { tool: "search_decisions", codes: ["missing_required", "ambiguous_date"], paths: ["query", "date_from"] });
  const result = call.toCallToolResult();
  assert.equal(result.isError, true);
  assert.deepStrictEqual(result.structuredContent, call.envelope);
  assert.notEqual(tool.read().envelope, null);
});

test("a handler can add a warning", () => {
  const call = Tool.fromSpec(SPEC).read({ query: "x", court: "NS" });
  call.addWarning(ai.noHitsFiltered("court", "NS", ["NSS"]));
  assert.deepStrictEqual(call.warnings.map((w) => w.code), ["no_hits_filtered"]);
  assert.deepStrictEqual(call.toCallToolResult([]).structuredContent.warnings[0].values, ["NSS"]);
  assert.throws(() => call.addWarning({ code: "nope", message: "x" }), (e) => e instanceof TypeError && /invalid warning/.test(e.message));
});

test("a tool's schema and definition", () => {
  const tool = Tool.fromSpec(SPEC);
  const schema = tool.inputSchema();
  assert.equal(schema.$schema, "https://json-schema.org/draft/2020-12/schema");
  assert.deepStrictEqual(schema.required, ["query"]);
  const definition = tool.definition();
  assert.equal(definition.name, "search_decisions");
  assert.deepStrictEqual(definition.inputSchema, schema);
  assert.deepStrictEqual(definition.annotations, { readOnlyHint: true });
});

// --- cursors -----------------------------------------------------------------------------------------

test("a cursor codec: round trip, expiry and forgery", () => {
  const codec = new CursorCodec(new TextEncoder().encode("a server key of 16+ bytes"));
  const cursor = codec.encode({ after: 40 }, { ttl: 60 });
  assert.ok(cursor.startsWith("c1."));
  assert.deepStrictEqual(codec.read(cursor).value, { after: 40 });
  assert.equal(codec.read("start").status, "absent");
  assert.equal(codec.read(cursor, { now: 2 ** 40 }).status, "ask");
  const fixed = codec.encode({ after: 1 }, { expiresAt: 2 ** 40 });
  assert.deepStrictEqual(codec.read(fixed, { now: 2 ** 40 - 1 }).value, { after: 1 });
  assert.equal(codec.read(fixed, { now: 2 ** 40 }).status, "ask");
  const other = new CursorCodec("another server key of 16+ bytes");
  assert.equal(other.read(cursor).ask.code, "invalid_cursor");
  assert.equal(codec.read(codec.encode(new Uint8Array([0, 1]))).value, "AAE");
  assert.throws(() => codec.read(cursor, { now: -1 }), RangeError);
  // The key never shows.
  assert.equal(String(codec), "CursorCodec(<redacted>)");
  assert.doesNotMatch(JSON.stringify(codec) ?? "", /server key/);
});

test("a cursor's lifetime is checked by the core, as the CLI checks it: a typed error", () => {
  const codec = new CursorCodec("a server key of 16+ bytes");
  const now = Math.floor(Date.now() / 1000);
  const refused = [
    [{ ttl: 0 }, /^invalid cursor expiry: a ttl of 0 would issue an expired cursor/],
    [{ expiresAt: 0 }, /^invalid cursor expiry: expires_at 0 is not in the future \(now is \d+\); a cursor that never expires is issued without it$/],
    [{ expiresAt: now - 1 }, /is not in the future/],
    [{ ttl: 5, expiresAt: now + 10 }, /^invalid cursor expiry: give a ttl or an expiry time \(expires_at\), not both$/],
    [{ ttl: -1 }, /^invalid cursor expiry: `ttl` must be a whole number of seconds, 0 or more, found -1$/],
    [{ ttl: 1.5 }, /`ttl` must be a whole number of seconds, 0 or more, found 1.5/],
    [{ ttl: 1e30 }, /`ttl` must be a whole number of seconds/],
    [{ ttl: Infinity }, /`ttl` must be a whole number of seconds/],
    [{ expiresAt: -5 }, /`expiresAt` must be a whole number of seconds/],
  ];
  for (const [lifetime, message] of refused) {
    for (const payload of [{}, new Uint8Array([1])]) {
      assert.throws(
        () => codec.encode(payload, lifetime),
        (e) => e instanceof InvalidOptionsError && e.code === "invalid_options" && message.test(e.message),
        JSON.stringify(lifetime),
      );
    }
  }
  // What the core issues: never, for a while, until a time to come.
  assert.deepStrictEqual(codec.read(codec.encode({}), { now: 2 ** 52 }).value, {});
  assert.equal(codec.read(codec.encode({}, { ttl: 60 }), { now: now + 120 }).status, "ask");
  assert.deepStrictEqual(codec.read(codec.encode({}, { expiresAt: now + 60 }), { now }).value, {});
});

test("a cursor codec from the environment, and the cursor kind", () => {
  const codec = CursorCodec.fromEnv("AGENT_INPUT_VECTOR_KEY");
  const cursor = codec.encode({ page: 2 });
  assert.deepStrictEqual(ai.readCursor(cursor, { key_env: "AGENT_INPUT_VECTOR_KEY" }).value, { page: 2 });
  assert.deepStrictEqual(new Reader("cursor", { key_env: "AGENT_INPUT_VECTOR_KEY" }).read(cursor).value, { page: 2 });
  // Without `now`, expiry is checked against the clock at each read.
  const short = codec.encode({ page: 3 }, { expiresAt: Math.floor(Date.now() / 1000) + 3600 });
  assert.deepStrictEqual(new Reader("cursor", { key_env: "AGENT_INPUT_VECTOR_KEY" }).read(short).value, { page: 3 });
  assert.throws(() => CursorCodec.fromEnv("AGENT_INPUT_NO_SUCH_VARIABLE"), (e) => e instanceof InvalidOptionsError && /is not set/.test(e.message));
  assert.throws(() => ai.readCursor("x"), /missing option `key_env`/);
});

// --- vocabularies ------------------------------------------------------------------------------------

test("a vocabulary reads with roles", () => {
  const courts = new Vocabulary(COURTS);
  assert.equal(courts.entries.length, COURTS.length);
  assert.equal(courts.entries[0].id, "US");
  const value = courts.read("Nejvyšší správní soud");
  assert.deepStrictEqual([value.value, value.notes[0].code], ["NSS", "vocabulary_value_read"]);
  assert.equal(courts.read("Supreme").status, "ask");
  const dropped = courts.read("Supreme", { role: "filter" });
  assert.deepStrictEqual([dropped.status, dropped.warnings[0].code], ["absent", "filter_value_dropped"]);
  assert.equal(courts.read().status, "absent");
  assert.equal(courts.read("NS").value, "NS");
  courts.free();
});

// --- helpers -----------------------------------------------------------------------------------------

test("batch lines and fold", () => {
  assert.equal(ai.readLine('{"kind": "number", "input": "4 000"}').value, 4000);
  assert.equal(ai.readLine("{not json").ask.code, "invalid_request");
  assert.equal(ai.fold("  Nájem   Bytu "), "najem bytu");
});

// --- generated lists and shapes ------------------------------------------------------------------------

test("every kind has its function, and the lists are frozen", () => {
  for (const kind of ai.KINDS) {
    const name = `read${kind.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("")}`;
    assert.equal(typeof ai[name], "function", name);
  }
  assert.ok(Object.isFrozen(ai.KINDS) && Object.isFrozen(ai.NOTE_CODES));
  assert.ok(ai.ASK_CODES.includes("ambiguous_date") && ai.ENVELOPE_CODES.includes("missing_arguments"));
  assert.ok(ai.WARNING_CODES.includes("no_hits_filtered"));
});

/** The keys each wire shape may have (generated.d.ts), required first. */
const SHAPES = {
  outcome: [["status", "notes", "warnings"], ["value", "ask", "exact"]],
  note: [["code", "message"], ["path"]],
  warning: [["code", "message", "values"], ["path"]],
  ask: [["code", "received", "expected", "hint", "readings"], []],
  reading: [["value", "meaning"], []],
  issue: [["path", "code", "received", "expected", "hint"], ["readings"]],
  okCall: [["status", "args", "notes", "warnings"], ["issues", "exact"]],
  errorCall: [["status", "code", "message", "hint", "issues", "notes", "warnings"], ["exact"]],
  telemetry: [["tool", "codes", "paths"], []],
  result: [["content", "structuredContent", "isError"], []],
};

function checkShape(name, value, where) {
  const [required, optional] = SHAPES[name];
  const keys = Object.keys(value);
  for (const k of required) assert.ok(keys.includes(k), `${where}: ${name} lacks ${k}`);
  for (const k of keys) assert.ok(required.includes(k) || optional.includes(k), `${where}: ${name} has ${k}`);
}

test("the wire shapes cover every vector outcome", () => {
  for (const { where, case: c } of kindCases()) {
    const out = read(c.kind, "input" in c ? asInput(c.input) : undefined, asInput(c.options ?? {}));
    checkShape("outcome", out, where);
    for (const n of out.notes) checkShape("note", n, where);
    for (const w of out.warnings) checkShape("warning", w, where);
    if (out.status === "ask") {
      checkShape("ask", out.ask, where);
      for (const r of out.ask.readings) checkShape("reading", r, where);
    }
  }
  for (const { where, spec, case: c } of toolCases()) {
    if (!("args" in c) && "args_text" in c) continue;
    const call = Tool.fromSpec(asInput(spec)).read(asInput(c.args));
    checkShape(call.ok ? "okCall" : "errorCall", { ...call }, where);
    for (const i of call.issues ?? []) checkShape("issue", i, where);
    const telemetry = call.telemetry();
    if (telemetry !== null) checkShape("telemetry", telemetry, where);
    checkShape("result", call.toCallToolResult(null), where);
  }
});

// --- asking a person -------------------------------------------------------------------------------

test("a tool asks a person, and reads the answer", () => {
  const codec = new CursorCodec("a server key of 16+ bytes");
  const tool = Tool.fromSpec({ name: "hearings", answered_by: "user", properties: { date_to: {} } }, { codec });
  const args = { date_to: "01/02/2026" };
  const question = tool.askPerson(args);
  assert.equal(question.resultType, "input_required");
  assert.deepStrictEqual(Object.keys(question.inputRequests), ["date_to"]);
  const answered = tool.readAnswers(args, { date_to: { action: "accept", content: { value: "2026-01-02" } } }, question.requestState);
  assert.equal(answered.status, "ok");
  assert.equal(answered.args.date_to, "2026-01-02");
  assert.equal(tool.askPerson({ date_to: "2026-01-02" }), null);
  assert.throws(() => Tool.fromSpec({ name: "t", properties: {} }).askPerson({}), (e) => e instanceof InvalidOptionsError && /needs a server key/.test(e.message));
});

test("the package exports exactly what its types declare", async () => {
  const { readFileSync: read_ } = await import("node:fs");
  const declared = new Set();
  for (const file of ["../lib/index.d.ts", "../lib/generated.d.ts"]) {
    const text = read_(new URL(file, import.meta.url), "utf8");
    for (const m of text.matchAll(/^export declare (?:function|class|const) (\w+)/gm)) declared.add(m[1]);
  }
  assert.deepStrictEqual(new Set(Object.keys(ai)), declared);
  const web = await import("agent-input/web");
  assert.deepStrictEqual(new Set(Object.keys(web)), declared);
});

test("a spec given as text holding a key twice is a typed error naming it, never the last", () => {
  const text = '{"name": "t", "properties": {"q": {"kind": "number"}, "q": {"kind": "text"}}}';
  assert.throws(() => Tool.fromSpec(text), (e) => e instanceof InvalidOptionsError && /`properties\.q` twice/.test(e.message));
  assert.equal(Tool.fromSpec('{"name": "t", "properties": {"q": {"kind": "text"}}}').name, "t");
});

test("a call's today reads relative words where a property names none", () => {
  const tool = Tool.fromSpec({ name: "t", properties: { since: { kind: "date" }, period: { kind: "date_range" } } });
  const args = { since: "3 days ago", period: "last month" };
  const asked = tool.read(args);
  assert.equal(asked.ok, false);
  assert.deepEqual(asked.envelope.issues.map((i) => i.code), ["relative_date_without_today", "relative_date_without_today"]);
  const expected = { since: "2026-12-02", period: { from: "2026-11-01", to: "2026-11-30" } };
  // A text, or a Date's local calendar day; through the argument tape and through JSON text.
  for (const today of ["2026-12-05", new Date(2026, 11, 5, 23, 59)]) {
    assert.deepEqual(tool.read(args, { today }).args, expected);
    assert.deepEqual(tool.readJson(JSON.stringify(args), { today }).args, expected);
  }
  const note = tool.read({ since: "yesterday" }, { today: "2026-12-05" }).notes[0];
  assert.deepEqual(note, { code: "relative_date_resolved", message: 'Read "yesterday" as 2026-12-04 (today is 2026-12-05).', path: "since" });
  assert.throws(() => tool.read(args, { today: 20261205 }), TypeError);
  assert.throws(() => tool.read(args, { today: new Date(NaN) }), TypeError);
  assert.throws(() => tool.read(args, { today: "5. 12. 2026" }), InvalidOptionsError);
  assert.throws(() => tool.readJson("{}", { today: "9999-01-01" }), InvalidOptionsError);
});
