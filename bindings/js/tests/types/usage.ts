/**
 * A small typed usage of the package, compiled with `tsc --noEmit` (`npm run test:types`) so
 * that the `.d.ts` stays honest: what should compile compiles, and each `@ts-expect-error` line
 * must be an error (tsc fails if it is not).
 */

import {
  AgentInputError,
  ASK_CODES,
  CursorCodec,
  MemoryReceipts,
  NOTES_META,
  Protocol,
  canAsk,
  InvalidOptionsError,
  JsonNumber,
  KINDS,
  Reader,
  Tool,
  Vocabulary,
  fold,
  noHitsFiltered,
  read,
  readDate,
  readDateRange,
  readEnum,
  readLine,
  readNumber,
  readVocabulary,
  type AskCode,
  type CallOutcome,
  type CallRecord,
  type DateOptions,
  type Kind,
  type Note,
  type Outcome,
  type Spec,
} from "agent-input";
import { checkTools, isLenient, lenient, registerTool, runCall, type LowLevelServer, type LowLevelServerLike, type McpServerLike } from "agent-input/mcp";

// Outcomes are a union discriminated by `status`.
const n = readNumber("4 000");
if (n.status === "ok") {
  const v: number | string = n.value;
  // @ts-expect-error: a number's value may be its decimal text (`exact: false`), not only a number
  const only: number = n.value;
  void [v, only];
} else if (n.status === "ask") {
  const code: AskCode = n.ask.code;
  void code;
}
const notes: Note[] = n.notes;
void notes;

// Each kind's options are their own type.
readDate("2020", { role: "to" });
readDate("zítra", { today: "2026-10-01" });
// @ts-expect-error: `rol` is not an option of dates
readDate("2020", { rol: "to" });
// @ts-expect-error: a role is one of "point", "from", "to"
readDate("2020", { role: "end" });
// @ts-expect-error: booleans have no options
read("boolean", "ano", { max: 1 });
const opts: DateOptions = { role: "from" };
const d: Outcome<string> = readDate("1. 10. 2026", opts);
void d;
readDateRange("2020").status === "ok";
const range = readDateRange("2020");
if (range.status === "ok") void range.value.from;

// Kinds with a required option need their options.
readEnum("Date Desc", { values: ["date_desc", "relevance"] });
// @ts-expect-error: an enum needs its values
readEnum("Date Desc");
// @ts-expect-error: `read("enum", ...)` too
read("enum", "x");
readVocabulary("NS", { entries: [{ id: "NS", names: ["Nejvyšší soud"] }], role: "filter" });

// The generic door and the reader: the kind decides the value's type.
const b = read("boolean", "ano");
if (b.status === "ok") {
  const yes: boolean = b.value;
  void yes;
}
// @ts-expect-error: not a kind
read("nope", "x");
const limit = new Reader("number", { preset: "limit", max: 50 });
const kind: "number" = limit.kind;
void kind;
limit.read("500");
limit.read();
limit.free();
const kinds: readonly Kind[] = KINDS;
void kinds;
void ASK_CODES.includes("ambiguous_date");

// Values cross as JSON; exact numbers too.
readNumber(12345678901234567891n);
readNumber(new JsonNumber("0.10"));
readNumber(null);

// Specs nest.
const item: Spec = { kind: "list", item: { kind: "enum", values: ["cs", "de"] }, max_items: 5 };
void item;
// @ts-expect-error: a list's `item` is a spec with a kind
const bad: Spec = { kind: "list", item: { values: ["cs"] } };
void bad;

// Tools.
const codec = new CursorCodec("a server key of 16+ bytes");
new CursorCodec(new Uint8Array(16));
const tool = Tool.fromSpec({ name: "search", properties: { query: { kind: "text", required: true }, limit: { max: 50 }, cursor: {} } }, { codec });
const call = tool.read({ query: "nájem", limit: "4 000" });
if (call.status === "ok") {
  const args: { [p: string]: unknown } = call.args;
  void args;
} else {
  const hint: string = call.hint;
  void hint;
}
if (call.ok) call.addWarning(noHitsFiltered("court", "NS", ["NSS"]));
const result = call.toCallToolResult({ hits: [] });
const isError: boolean = result.isError;
void isError;
call.telemetry()?.codes;
tool.readJson('{"query": "x"}');
tool.readJson(new Uint8Array());
const schema = tool.inputSchema();
void schema;
const readOnly: boolean = tool.definition().annotations.readOnlyHint;
void readOnly;
codec.encode({ after: 40 }, { ttl: 3600 });
codec.read("start", { now: 0 });
// @ts-expect-error: a ttl is a number of seconds
codec.encode({}, { ttl: "1h" });

const courts = new Vocabulary([{ id: "NS", names: ["Nejvyšší soud"] }]);
courts.read("Nejvyssi soud", { role: "filter" });
readLine('{"kind": "number", "input": "4 000"}');
const folded: string = fold("Nájem");
void folded;

try {
  read("number", "1", { maxx: 5 } as never);
} catch (e) {
  if (e instanceof InvalidOptionsError) {
    const code: "invalid_options" = e.code;
    void code;
  } else if (e instanceof AgentInputError) {
    void e.code;
  }
}

// The MCP helper takes any server with the SDK's low-level methods.
declare const server: LowLevelServer;
registerTool<{ query: string; limit: number }>(server, tool, (args, c) => {
  const q: string = args.query;
  void c.warnings;
  return { q };
});
void runCall(tool, () => 1, {});

// lenient takes an McpServer (anything with the low-level `.server`) and returns it; per-tool
// overrides, or false to leave a tool alone.
declare const mcpServer: McpServerLike & { registerTool(name: string): void };
const same = lenient(mcpServer, {
  tools: { search: { answered_by: "user", properties: { court: { kind: "vocabulary", role: "filter", entries: [] }, raw: false } }, other: false },
  codec: new CursorCodec("a server key of 16+ bytes"),
});
same.registerTool("x");
// @ts-expect-error: a tool's overrides are an object or false
lenient(mcpServer, { tools: { search: true } });
// A low-level Server too; impliedKinds gives every tool the root override implied_kinds.
declare const lowServer: LowLevelServerLike;
lenient(lowServer, { impliedKinds: true, languages: ["cs"], tools: { search: { implied_kinds: false, languages: ["de"] } } });
const checked: boolean = isLenient(lowServer);
void checked;
void checkTools(lowServer).then((c) => c?.unknown.join());
// @ts-expect-error: impliedKinds is a boolean
lenient(lowServer, { impliedKinds: "yes" });

// Asking a person.
const question = tool.askPerson({ date_to: "01/02/2026" }, { now: 1 });
if (question !== null) {
  const state: string = question.requestState;
  tool.readAnswers({ date_to: "01/02/2026" }, {}, state, { codec });
}

// The call protocol: a Call's steps, discriminated by `step`.
const run = tool.call({ name: "search", arguments: { query: "x" } }, { today: new Date(), canAsk: false });
const store = new MemoryReceipts();
for (let step = run.step; ; ) {
  if (step.step === "answer") {
    void step.result;
    break;
  }
  if (step.step === "get") step = run.resume({ stored: store.get(step.tool, step.key) });
  else if (step.step === "put") {
    store.put(step.tool, step.key, step.receipt);
    step = run.resume({});
  } else if (step.step === "run") {
    const canonical: { [property: string]: unknown } = step.arguments;
    step = run.resume({ output: canonical, warnings: run.toolCall.warnings });
  } else break;
}
// @ts-expect-error: an outcome is one of the protocol's shapes
run.resume({ what: 1 });
// What telemetry keeps of a call: codes and paths, typed.
const recorded: CallRecord = run.record();
const outcome: CallOutcome = recorded.attributes["agent_input.outcome"];
const paths: string[] | undefined = recorded.attributes["agent_input.issue.paths"];
void [outcome, paths, recorded.error, recorded.metric["gen_ai.tool.name"], recorded.codes.map((c) => c["agent_input.code"])];
// @ts-expect-error: an outcome is one of the closed set
const invented: CallOutcome = "exploded";
void invented;
const protocol = new Protocol({ tools: { raw: false }, languages: ["cs"] }, codec);
const listed = protocol.tool({ name: "echo", inputSchema: { type: "object" } });
if (listed.tool !== null) void protocol.call(listed.tool, { name: "echo", arguments: {} }).step;
const { result: advertised, log } = protocol.list({ tools: [] as { name: string }[] });
void advertised.tools;
void log.join();
const key: string = NOTES_META;
void key;
void canAsk("2026-07-28", { elicitation: {} });
