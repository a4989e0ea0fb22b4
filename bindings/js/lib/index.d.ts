/**
 * agent-input: the lenient reader of each value kind, for the tool boundary of MCP servers.
 *
 * Every read goes through the Rust core (compiled to WebAssembly): a spelling with one meaning
 * reads, with a note; a spelling with two meanings asks, naming every reading. Reads never throw
 * on bad input; misuse (an unknown kind, invalid options) throws `AgentInputError` subclasses
 * with the core's message.
 *
 * The kinds, their options, the codes and the per-kind functions (`readNumber`, `readDate`, ...)
 * are generated from the core (`generated.d.ts`, `cargo xtask ts`); this file declares the rest.
 */

import type {
  AskCode,
  CallToolResult,
  Entry,
  EnvelopeCode,
  ErrorCall,
  InputRequired,
  Envelope,
  JsonValue,
  Kind,
  KindValues,
  NoteCode,
  OkCall,
  OptionsArg,
  Outcome,
  SchemaDialect,
  Telemetry,
  ToolCallData,
  ToolDefinition,
  VocabularyRole,
  Warning,
  WarningCode,
} from "./generated.js";

export * from "./generated.js";

// --- start-up ----------------------------------------------------------------------------------

/**
 * Instantiates the WebAssembly module, once. In a browser, call it before the first read: it
 * fetches `agent_input_bg.wasm` beside the package's glue, or uses `source` (a URL, a `Response`,
 * the bytes or a compiled `WebAssembly.Module`). In Node the module is instantiated while the
 * package loads, and this resolves at once.
 */
export declare function init(source?: string | URL | ArrayBuffer | ArrayBufferView | WasmModule | { arrayBuffer(): Promise<ArrayBuffer> }): Promise<void>;

/** Instantiates the WebAssembly module synchronously from its bytes or a compiled module
 * (browsers; in Node it is already done). */
export declare function initSync(options: { module: ArrayBuffer | ArrayBufferView | WasmModule }): void;

/** A compiled `WebAssembly.Module` (typed as an object, so that these types need no DOM library). */
export type WasmModule = object;

/** The module's `WebAssembly.Memory`, for diagnostics (it does not grow across reads). */
export declare function wasmMemory(): { readonly buffer: ArrayBuffer };

// --- errors ------------------------------------------------------------------------------------

/** Misuse of agent-input (never bad input, which reads as an ask); `code` names the misuse. */
export declare class AgentInputError extends Error {
  constructor(message: string, code?: string | null);
  /** `"unknown_kind"`, `"invalid_options"`, or `null` for the base class. */
  readonly code: string | null;
}

/** The kind name is not one of `KINDS`. */
export declare class UnknownKindError extends AgentInputError {
  readonly code: "unknown_kind";
}

/** The options are not valid for the kind: an unknown option, a wrong type, a contradiction, a
 * short cursor key, an invalid tool spec. */
export declare class InvalidOptionsError extends AgentInputError {
  readonly code: "invalid_options";
}

// --- values ------------------------------------------------------------------------------------

/**
 * A JSON number by its exact text (`new JsonNumber("0.10")`, `new JsonNumber("1e400")`): how a
 * caller sends a number that a JavaScript `number` cannot hold. Integers can also be `bigint`s.
 * Throws a `TypeError` for text that is not a JSON number.
 */
export declare class JsonNumber {
  constructor(text: string);
  /** The number's text, exactly as given. */
  readonly text: string;
  toJSON(): string;
}

// --- reads -------------------------------------------------------------------------------------

/**
 * Reads one value of `kind` with its options: `read("number", "4 000")`. Leaving `value` out (or
 * `undefined`) means the property was not sent, which is not `null` (JSON null). Values cross as
 * JSON (`bigint` and `JsonNumber` with every digit). Never throws on bad input: the outcome asks
 * (a lone surrogate anywhere in the value asks `not_unicode`, never read as U+FFFD; arrays and
 * objects nested more than 64 levels, a cycle among them, ask `input_too_long`).
 */
export declare function read<K extends Kind>(kind: K, value?: unknown, ...options: OptionsArg<K>): Outcome<KindValues[K]>;

/**
 * A kind with its options, checked once (an unknown kind or invalid options throw here);
 * `read(value)` then reads many values, the hot path of a server.
 */
export declare class Reader<K extends Kind = Kind> {
  constructor(kind: K, ...options: OptionsArg<K>);
  /** The kind's wire name. */
  readonly kind: K;
  /** Reads one value; leaving it out means the property was not sent. */
  read(value?: unknown): Outcome<KindValues[K]>;
  /** Releases the reader's memory now (otherwise the garbage collector does; `using` works too
   * where `Symbol.dispose` exists). */
  free(): void;
}

/** Reads one batch request line (`{"kind", "input", "options"}` as JSON text), as
 * `agent-input read --batch` does; a malformed line reads as an `invalid_request` ask (a lone
 * surrogate in the line itself is not UTF-8, the byte named). */
export declare function readLine(line: string): Outcome;

/** The `no_hits_filtered` warning for an empty result page under an active filter. */
export declare function noHitsFiltered(property: string, filter: unknown, wouldMatch: readonly unknown[]): Warning;

/** The core's matching key of a text (`"Nájem  Bytu"` → `"najem bytu"`): for a server's own
 * search, so that it matches words the way the readers do. */
export declare function fold(text: string): string;

// --- vocabularies ------------------------------------------------------------------------------

/** A server's stored values (courts, say), indexed once. */
export declare class Vocabulary {
  /** Throws `InvalidOptionsError` for entries the core rejects (empty, clashing names). */
  constructor(entries: readonly Entry[]);
  /** The entries. */
  readonly entries: Entry[];
  /** Reads one value: `role: "value"` (default) asks when it names several entries or none;
   * `role: "filter"` drops it with a warning instead. */
  read(value?: unknown, options?: { role?: VocabularyRole }): Outcome<string>;
  free(): void;
}

// --- cursors -----------------------------------------------------------------------------------

/**
 * Issues and reads opaque, tamper-evident page cursors with one server key (a `Uint8Array`, or a
 * string's UTF-8; at least 16 bytes). The key stays inside the WebAssembly module.
 */
export declare class CursorCodec {
  constructor(key: Uint8Array | string);
  /** A codec keyed by the environment variable `name` (`process.env` in Node). */
  static fromEnv(name: string): CursorCodec;
  /** Issues a cursor carrying `payload` (JSON, or raw bytes), valid for `ttl` seconds or until
   * `expiresAt` (unix seconds) if given, or never. Throws `InvalidOptionsError` for both, for
   * either that is not a whole number of seconds, for a `ttl` of 0 and for an `expiresAt` not in
   * the future (the core's check, as the CLI and Python make it). */
  encode(payload: unknown, options?: { ttl?: number; expiresAt?: number }): string;
  /** Reads a cursor value: ok with its payload, absent for an invented first-call value, an
   * `invalid_cursor` ask for a damaged, forged or expired one. `now` (unix seconds) replaces the
   * clock. */
  read(value?: unknown, options?: { now?: number }): Outcome<JsonValue>;
  /** A page that says what it withheld, its next cursor (carrying `next`) minted with this key. */
  page(request: PageRequest): Page;
  free(): void;
}

/** What a handler knows of its page: its items, how many matched in all (a lower bound with
 * `matchedExact: false`), the order, whether a filter applied, and the next page's payload. */
export interface PageRequest {
  items: unknown[];
  matched: number;
  sort?: string;
  filtered?: boolean;
  next?: unknown;
  offset?: number;
  matchedExact?: boolean;
  ttl?: number;
  now?: number;
}

/** A page as a tool returns it. */
export interface Page {
  items: JsonValue[];
  matched: number;
  returned: number;
  sort: string | null;
  partial: boolean;
  next_cursor: string | null;
  filtered: boolean;
  matched_exact: boolean;
}

// --- the contract around a call ------------------------------------------------------------------

/** Receipts of writes in memory: at most `capacity` (10,000 by default), the oldest dropped first. */
export declare class MemoryReceipts {
  constructor(options?: { capacity?: number });
  get(tool: string, key: string): { [key: string]: JsonValue } | null;
  put(tool: string, key: string, receipt: { [key: string]: JsonValue }): void;
  /** Reserves the key in one atomic step: `null` when reserved, else the live receipt it holds. */
  reserve(tool: string, key: string, inFlight: { [key: string]: JsonValue }): { [key: string]: JsonValue } | null;
  expire(options?: { now?: number }): void;
  readonly size: number;
}

/**
 * Receipts of writes in Redis or Valkey through a connected node-redis or ioredis client, shared
 * with every server (in any runtime) that names the same Redis; each key reserved by one
 * `SET ... NX EX`.
 */
export declare class RedisReceipts {
  constructor(client: { sendCommand(args: string[]): Promise<unknown> } | { call(...args: string[]): Promise<unknown> });
  get(tool: string, key: string): Promise<{ [key: string]: JsonValue } | null>;
  put(tool: string, key: string, receipt: { [key: string]: JsonValue }): Promise<void>;
  reserve(tool: string, key: string, inFlight: { [key: string]: JsonValue }): Promise<{ [key: string]: JsonValue } | null>;
}

/**
 * Receipts of writes in one SQLite file through a better-sqlite3 `Database` or a `node:sqlite`
 * `DatabaseSync` you opened, shared with every process (in any runtime) that opens the same
 * file; each key reserved by one `INSERT ... ON CONFLICT` in an immediate transaction.
 */
export declare class SqliteReceipts {
  constructor(db: { prepare(sql: string): unknown; exec(sql: string): unknown });
  get(tool: string, key: string): { [key: string]: JsonValue } | null;
  put(tool: string, key: string, receipt: { [key: string]: JsonValue }): void;
  reserve(tool: string, key: string, inFlight: { [key: string]: JsonValue }): { [key: string]: JsonValue } | null;
}

/**
 * Receipts of writes in a PostgreSQL table through a `pg` Pool or connected Client, shared with
 * every server (in any runtime) that names the same database; each key reserved by one
 * `INSERT ... ON CONFLICT ... RETURNING`, expired by the server's clock.
 */
export declare class PostgresReceipts {
  constructor(client: { query(text: string, values?: unknown[]): Promise<{ rows: Array<{ [column: string]: unknown }> }> });
  get(tool: string, key: string): Promise<{ [key: string]: JsonValue } | null>;
  put(tool: string, key: string, receipt: { [key: string]: JsonValue }): Promise<void>;
  reserve(tool: string, key: string, inFlight: { [key: string]: JsonValue }): Promise<{ [key: string]: JsonValue } | null>;
}

/** A failure a handler throws that the model can act on. */
export declare class ToolFailure extends Error {
  failure(): { [key: string]: JsonValue };
}

/** The server's rate limit for the tool was reached. */
export declare class RateLimited extends ToolFailure {
  constructor(options: { retryAfterSeconds: number; remainingCalls?: number });
  readonly retryAfterSeconds: number;
  readonly remainingCalls?: number;
}

/** A service the tool depends on did not answer; the same call may be retried. */
export declare class UpstreamUnavailable extends ToolFailure {
  constructor(options?: { upstream?: string; retryAfterSeconds?: number });
  readonly upstream?: string;
  readonly retryAfterSeconds?: number;
}

/** What `Tool.gate` says of a call: answer with `result`, or run the handler with `args`. */
export type Gate =
  | { action: "answer"; result: CallToolResult }
  | { action: "run"; args: { [property: string]: JsonValue }; [key: string]: unknown };

// --- tools -------------------------------------------------------------------------------------

/** One property of a tool spec: a kind with its options (or the kind its name implies), plus
 * `required` and `description` (the README's "Tools"). */
export interface PropertyDecl {
  kind?: Kind | "string_list" | "object" | "union" | "passthrough" | "response_format";
  required?: boolean;
  description?: string;
  [option: string]: unknown;
}

/** What JSON Schema cannot say about a tool (the shape of its schema's `x-agent-input`): who
 * answers its ambiguities, whether it writes, and per property a declaration merged over the
 * mapped one (with `kind`, replacing it) or `false` to leave the property to the server. */
export interface InputSchemaOverrides {
  answered_by?: "model" | "user";
  writes?: boolean;
  destructive?: boolean;
  idempotent?: boolean;
  open_world?: boolean;
  confirm?: boolean;
  /** The tool is versioned out: listed as deprecated, and answered with the `tool_retired`
   * envelope naming the replacement from the removal date on. `true`: neither is known yet. */
  deprecated?: true | { removal?: string; replacement?: string };
  all_or_nothing?: boolean;
  /** The languages the tool's callers write (BCP 47 tags). */
  languages?: string[];
  /** A property's name implies its kind (`from` a date bound, `language` a locale); without it a plain string is passed on as sent. A property's own `implied_kinds` wins. */
  implied_kinds?: boolean;
  properties?: Record<string, (Record<string, unknown> & { implied_kinds?: boolean }) | false>;
}

/** A tool spec: the JSON document `Tool.fromSpec` reads. */
export interface ToolSpec {
  name: string;
  description?: string;
  writes?: boolean;
  /** MCP `destructiveHint`: a tool that writes states it. */
  destructive?: boolean;
  /** MCP `idempotentHint`: a tool that writes states it; `true` needs an idempotency key. */
  idempotent?: boolean;
  /** MCP `openWorldHint`. */
  open_world?: boolean;
  /** A destructive tool previews (`dry_run`) and applies with the preview's `confirm_token`. */
  confirm?: boolean;
  /** The tool is versioned out: listed as deprecated, and answered with the `tool_retired`
   * envelope naming the replacement from the removal date on. `true`: neither is known yet. */
  deprecated?: true | { removal?: string; replacement?: string };
  all_or_nothing?: boolean;
  properties?: { [property: string]: PropertyDecl | null };
}

/** What a tool call offers beside its data. */
export interface ToolCallMethods {
  /** True when every property read (the handler may run). */
  readonly ok: boolean;
  /** The envelope `{code, message, hint, issues}` when the call cannot run, else `null`. */
  readonly envelope: Envelope | null;
  /** Adds a warning (as `noHitsFiltered` returns) that reaches the caller beside the result. */
  addWarning(warning: Warning): void;
  /** The MCP `CallToolResult`: an ok call's `structuredContent` is `{result: output, notes,
   * warnings}` (plus `issues`); a call that cannot run has `isError: true` and the envelope. */
  toCallToolResult(output?: unknown): CallToolResult;
  /** What telemetry may keep of a rejected call (never the values), or `null`. */
  telemetry(): Telemetry | null;
  /** The call as the core's JSON. */
  toJSON(): ToolCallData;
}

/** The result of reading one tool call: its own properties are the core's JSON (`OkCall` or
 * `ErrorCall`, discriminated by `status`), the methods come with it. */
export type ToolCall = ToolCallMethods & (OkCall | ErrorCall);
export declare const ToolCall: abstract new (...args: never[]) => ToolCall;

/** A declared tool: it reads a whole argument object, shapes the error envelope and emits the
 * MCP `inputSchema`. */
export declare class Tool {
  private constructor();
  /** A tool from its spec (an object, or JSON text). Cursor properties without a `key_env` read
   * with `codec`. Throws `InvalidOptionsError` for an invalid spec. */
  static fromSpec(spec: ToolSpec | string, options?: { codec?: CursorCodec }): Tool;
  /** A tool from the JSON Schema a server already declares (an `inputSchema`, or a whole MCP tool
   * definition `{name, description, inputSchema, annotations}`), with `overrides` for what JSON
   * Schema cannot say. Throws `InvalidOptionsError` for a schema or overrides it cannot use. */
  static fromInputSchema(schema: Record<string, unknown>, options?: { overrides?: InputSchemaOverrides; codec?: CursorCodec }): Tool;
  /** The tool spec document `fromInputSchema` builds: what each property was mapped to. */
  static specFromInputSchema(schema: Record<string, unknown>, options?: { overrides?: InputSchemaOverrides }): ToolSpec;
  /** The tool's name. */
  readonly name: string;
  /** True when the tool writes (a placeholder id asks instead of reading as absent). */
  readonly writes: boolean;
  /** True when calls go through `gate` (the tool confirms, or has an idempotency key). */
  readonly hasContract: boolean;
  /** True when the tool previews its changes and applies them with a `confirm_token`. */
  readonly confirms: boolean;
  /** The tool's idempotency key property, or `null`. */
  readonly keyProperty: string | null;
  /** The MCP annotations its side effects declare. */
  annotations(): { [key: string]: JsonValue };
  /** The idempotency key of a call that applies a change, to look its receipt up, or `null`. */
  receiptKey(call: ToolCall): string | null;
  /** The contract's step before the handler. */
  gate(call: ToolCall, stored?: unknown, options?: { codec?: CursorCodec; now?: number }): Gate;
  /** The result of a call the handler ran with `gate`'s run: `{result, receipt?, key?}`. */
  finish(call: ToolCall, run: Gate, output?: unknown, options?: { now?: number }): { result: CallToolResult; receipt?: { [key: string]: JsonValue }; key?: string };
  /** The `CallToolResult` of a handler's failure (`RateLimited`, `UpstreamUnavailable`). */
  failureResult(failure: { [key: string]: JsonValue }): CallToolResult;
  /** Reads a whole argument object (left out, `undefined` or `null`: no arguments). Never throws
   * on bad arguments: a lone surrogate or nesting past 64 levels is the envelope `agent-input
   * call` gives for the same JSON text. `today` (`"YYYY-MM-DD"`, or a `Date` for its local
   * calendar day) is the day relative words are read against where a property names none. */
  read(args?: unknown, options?: { today?: string | Date }): ToolCall;
  /** Reads the raw body of a call (JSON text or its UTF-8 bytes): a key sent twice is read as
   * the last, with a warning; text that is not JSON is the envelope, naming the byte (a lone
   * surrogate in the text itself is not UTF-8). */
  readJson(text: string | Uint8Array, options?: { today?: string | Date }): ToolCall;
  /** The MCP 2026-07-28 `input_required` result asking the person at the client about the call
   * `args` read to (one elicitation form per ambiguous property declared `answered_by: "user"`),
   * or `null` when that call is not such an ask. Sealed with the tool's codec (or `codec`). */
  askPerson(args: unknown, options?: { codec?: CursorCodec; now?: number; today?: string | Date }): InputRequired | null;
  /** Reads the retry of a call `askPerson` answered: the same `args`, the client's
   * `inputResponses` and the echoed `requestState`. */
  readAnswers(args: unknown, inputResponses: unknown, requestState: string, options?: { codec?: CursorCodec; now?: number; today?: string | Date }): ToolCall;
  /** The `inputSchema`, which admits every spelling the reader reads, in a host's dialect
   * (MCP's JSON Schema 2020-12 by default). */
  inputSchema(options?: { dialect?: SchemaDialect }): { [key: string]: JsonValue };
  /** The payload the tool accepts: every required property set to its canonical example. */
  skeleton(): { [key: string]: JsonValue };
  /** The MCP tool definition: `{name, description, inputSchema, annotations}`. */
  definition(): ToolDefinition;
  /** The tool definition in another host's dialect (OpenAI's function tool, Gemini's function
   * declaration, Anthropic's tool). */
  definition(options: { dialect: SchemaDialect }): { [key: string]: JsonValue };
  /** Starts one `tools/call` of this tool through the core's call protocol; the `Call`'s `step`
   * says what to do next. Never throws on bad arguments (they are a step); a `today` that is no
   * day throws `InvalidOptionsError`. Questions and confirm tokens are sealed with the tool's
   * codec. */
  call(params: CallParams, context?: CallContext): Call;
  free(): void;
}

// --- the call protocol (the server adapters' one machine) ----------------------------------------

/** The core's constants of the call protocol, set once the module is instantiated. */
export declare const MRTR_VERSION: "2026-07-28";
/** The `_meta` key of a result that carries a call's notes. */
export declare const NOTES_META: "agent-input/notes";
/** The `_meta` key of a result that carries a call's warnings. */
export declare const WARNINGS_META: "agent-input/warnings";

/** A `tools/call` request's params, as the framework received them. */
export interface CallParams {
  name?: string;
  arguments?: unknown;
  /** The retry's state (2026-07-28): only a state the protocol issued is read as answers. */
  requestState?: string;
  /** The retry's answers (2026-07-28). */
  inputResponses?: unknown;
  [key: string]: unknown;
}

/** What the adapter knows of the connection and the server, each optional. */
export interface CallContext {
  /** The connection's protocol version. */
  protocolVersion?: string;
  /** The client's capabilities (form elicitation lets the protocol ask a person). */
  clientCapabilities?: unknown;
  /** The day relative words are read against (`"YYYY-MM-DD"`, or a `Date` for its local day). */
  today?: string | Date;
  /** The time of the call, unix seconds (default: the clock). */
  now?: number;
  /** Stands for the first two when the framework already knows whether a person can be asked. */
  canAsk?: boolean;
  /** The scopes the request's token grants (absent: no auth context, nothing is checked). */
  scopes?: string[];
  /** The server's read-only scopes: a token of only these reaches no tool that may write. */
  readOnlyScopes?: string[];
}

/** What the adapter does next (the core's `Step`). */
export type Step =
  | { step: "answer"; result: CallToolResult | InputRequired | { [key: string]: JsonValue } }
  | { step: "pass" }
  | { step: "get"; tool: string; key: string }
  | { step: "reserve"; tool: string; key: string; receipt: { [key: string]: JsonValue } }
  | { step: "put"; tool: string; key: string; receipt: { [key: string]: JsonValue } }
  | { step: "run"; arguments: { [property: string]: JsonValue }; answered: boolean }
  | { step: "done" };

/** How the adapter's step went (the core's `Outcome`). */
export type StepOutcome =
  | Record<string, never>
  | { stored: unknown }
  | { output: unknown; warnings?: Warning[] }
  | { result: unknown }
  | { failure: { [key: string]: JsonValue } }
  | { error: string }
  | { cancelled: true };

/** One `tools/call` run by the core's call protocol (`Tool.prototype.call`, `Protocol.call`). */
export declare class Call {
  private constructor();
  /** The current step. */
  readonly step: Step;
  /** The next step from the outcome of the current one; an `{output}` outcome without `warnings`
   * carries those the handler added to `toolCall`. Throws `InvalidOptionsError` for an outcome
   * the step did not ask for. */
  resume(outcome: StepOutcome): Step;
  /** The call as read, for a handler that takes it. */
  readonly toolCall: ToolCall;
  /** The `put` step that releases the call's idempotency key while its handler runs, or `null`. */
  release(): Step | null;
  /** What telemetry keeps of the call (of the whole call once its step is an answer, `pass` or
   * `done`): codes and paths, never a value. */
  record(): CallRecord;
  free(): void;
}

/** How a call ended (`agent_input.outcome`, docs/telemetry.md). */
export type CallOutcome =
  | "ok"
  | "repaired"
  | "asked"
  | "refused"
  | "replayed"
  | "confirmation_required"
  | "previewed"
  | "failed"
  | "passed"
  | "cancelled";

/** What telemetry keeps of one call (`Call.prototype.record`, the core's `protocol::Record`):
 * the span's name and attributes, whether its status is an error, and the metrics' attribute
 * sets. Codes and paths, never a value. */
export interface CallRecord {
  /** The span's name, `execute_tool {tool}`. */
  name: string;
  /** The span's attributes (`gen_ai.tool.name`, `agent_input.outcome`, the code lists, ...);
   * lists are string arrays, empty lists and false booleans are left out. */
  attributes: {
    "gen_ai.operation.name": "execute_tool";
    "gen_ai.tool.name": string;
    "mcp.method.name": "tools/call";
    "agent_input.outcome": CallOutcome;
    "error.type"?: "tool_error";
    "agent_input.envelope.code"?: EnvelopeCode;
    "agent_input.note.codes"?: NoteCode[];
    "agent_input.warning.codes"?: WarningCode[];
    "agent_input.ask.codes"?: AskCode[];
    "agent_input.issue.paths"?: string[];
    "agent_input.ask.person"?: true;
    "agent_input.answered"?: true;
  };
  /** The answer is an `isError` result: the span's status is `ERROR`, with no description. */
  error: boolean;
  /** The attributes of `agent_input.calls` and `agent_input.tool.read_duration`. */
  metric: { "gen_ai.tool.name": string; "agent_input.outcome": CallOutcome };
  /** One attribute set of `agent_input.codes` per note, warning and ask of the call. */
  codes: { "gen_ai.tool.name": string; "agent_input.code.kind": "note" | "warning" | "ask"; "agent_input.code": NoteCode | WarningCode | AskCode }[];
}

/** A tool of a lenient server whose calls the protocol reads. */
export declare class LenientTool {
  private constructor();
  readonly name: string;
  /** True when the tool declares an `outputSchema`. */
  readonly outputSchema: boolean;
  /** The lenient `inputSchema` the protocol advertises. */
  inputSchema(): { [key: string]: JsonValue };
}

/** What the protocol makes of one tool of a lenient server: `tool` `null` when its calls are the
 * framework's (left alone, or a schema no spec can hold); `log`, the line to log the first time a
 * tool is left for the second reason. */
export interface Listed {
  tool: LenientTool | null;
  outputSchema: boolean;
  log: string | null;
}

/** The core's state of one lenient server: its options, its key, and each tool's spec, built once
 * per definition. */
export declare class Protocol {
  constructor(
    options?: { tools?: { [tool: string]: InputSchemaOverrides | boolean }; languages?: string[]; implied_kinds?: boolean },
    codec?: CursorCodec,
  );
  /** The tool an MCP definition describes. Throws the core's error for overrides it refuses. */
  tool(definition: { name: string; [key: string]: unknown }): Listed;
  /** The tool `name` as last built, or `undefined` when not seen since the last `forget`. */
  known(name: string): Listed | undefined;
  /** Forgets every tool built (the server's tools changed). */
  forget(): void;
  /** A `tools/list` result made lenient, and the lines to log. */
  list<R>(result: R): { result: R; log: string[] };
  /** Starts a call of `tool` whose framework runs it. */
  call(tool: LenientTool, params: CallParams, context?: CallContext): Call;
  free(): void;
}

/** True when a client can ask a person (form elicitation on a 2026-07-28 connection), as the core
 * decides. */
export declare function canAsk(version: string | undefined, capabilities: unknown): boolean;

/** A `tools/list` result as the request's token sees it: `context.scopes` the token grants,
 * `context.readOnlyScopes` the server's read-only scopes; every tool the token does not reach
 * left out, the result marked `cacheScope: "private"` when it varies by token. With no `scopes`,
 * the result as it is. */
export declare function granted(listed: unknown, context: { scopes?: string[]; readOnlyScopes?: string[] }): any;

/** The message of a call to a tool a registry does not have, naming those it has. */
export declare function unknownTool(name: string, names: Iterable<string>): string;
