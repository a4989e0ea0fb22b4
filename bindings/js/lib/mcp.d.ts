/**
 * agent-input on the official MCP TypeScript SDK, both majors (the 1.x
 * `@modelcontextprotocol/sdk` and the 2.x `@modelcontextprotocol/server`):
 *
 * - `lenient(server, { tools, codec, languages, impliedKinds, today })` makes an `McpServer` (tools
 *   registered by `registerTool` and zod) or a low-level `Server` (tools handlers set by its
 *   author with `setRequestHandler`, before or after) lenient as it is: the advertised
 *   `inputSchema` becomes the lenient one, arguments are read before the SDK validates them, the
 *   author's function receives canonical values, notes and warnings reach the caller beside the
 *   result, asks come back as the envelope (or, on 2.x with a client that can ask a person, as
 *   `input_required`). `node --import agent-input/register server.js` does the same for every
 *   server a process builds, with the options from the environment.
 *   A tool whose schema has an idempotency key replays its receipts; a `RateLimited` or
 *   `UpstreamUnavailable` its function throws is the envelope.
 * - `registerTool(server, spec, handler)` registers a tool from an agent-input spec on the
 *   SDK's low-level `Server`.
 *
 * Every rule is the core's call protocol (`Call`, `Protocol` of `agent-input`); see `mcp.js`.
 */

import type { CallToolResult, CursorCodec, InputRequired, InputSchemaOverrides, JsonValue, MemoryReceipts, Tool, ToolCall, ToolSpec } from "./index.js";

/** Where receipts of writes are kept, by tool and idempotency key: `MemoryReceipts` (the
 * default, in memory), or a store of your own over a database; either method may be async. */
export interface ReceiptStore {
  get(tool: string, key: string): unknown;
  put(tool: string, key: string, receipt: { [key: string]: JsonValue }): unknown;
}

/** The process's in-memory receipt store, used by every tool registered without `receipts`. */
export declare function defaultReceipts(): MemoryReceipts;

/** The first MCP revision with `input_required` results (multi round-trip requests). */
export declare const MRTR_VERSION: "2026-07-28";
/** The `_meta` key of a result that carries a call's notes (when it has any). */
export declare const NOTES_META_KEY: "agent-input/notes";
/** The `_meta` key of a result that carries a call's warnings (when it has any). */
export declare const WARNINGS_META_KEY: "agent-input/warnings";

/** What `registerTool` and `lenient` need of the SDK's low-level `Server` (structurally, so that
 * any 1.x or 2.x version's server fits). */
export interface LowLevelServer {
  registerCapabilities(capabilities: { tools?: object }): void;
  setRequestHandler(schemaOrMethod: any, handler: (request: any, extra: any) => unknown): void;
  assertCanSetRequestHandler?(method: string): void;
}

/** What `lenient` needs of the SDK's low-level `Server` (1.x `@modelcontextprotocol/sdk/server/index.js`,
 * 2.x `Server` of `@modelcontextprotocol/server`): a server, not a client. */
export interface LowLevelServerLike extends LowLevelServer {
  getClientCapabilities(): unknown;
}

/** What `lenient` needs of an SDK `McpServer` (1.x or 2.x). */
export interface McpServerLike {
  readonly server: LowLevelServer;
}

/** A tool's handler: the canonical arguments (typed by you, as they arrive after reading), the
 * call (to add a warning), and the SDK's request extra (1.x) or context (2.x). Its return value
 * is the result. */
export type ToolHandler<A = { [property: string]: JsonValue }> = (args: A, call: ToolCall, extra: unknown) => unknown;

/** Registers `handler` as the tool `spec` declares on an SDK `Server` or `McpServer` (its
 * `.server`), 1.x or 2.x; returns the `Tool`. Register before `connect`. */
export declare function registerTool<A = { [property: string]: JsonValue }>(
  server: LowLevelServer | { server: LowLevelServer },
  spec: Tool | ToolSpec | string,
  handler: ToolHandler<A>,
  options?: { receipts?: ReceiptStore; today?: () => string | Date; readOnlyScopes?: string[] },
): Tool;

/** Reads `args` with `tool` and runs `handler` when they read: the MCP `CallToolResult`, or on a
 * 2.x request whose client can ask a person, the `input_required` result. */
export declare function runCall<A = { [property: string]: JsonValue }>(
  tool: Tool,
  handler: ToolHandler<A>,
  args: unknown,
  extra?: unknown,
  options?: { receipts?: ReceiptStore; today?: string | Date; readOnlyScopes?: string[] },
): Promise<CallToolResult | InputRequired>;

/** What a request's context says about asking a person (2.x, protocol 2026-07-28). */
export declare function asking(extra: unknown): { canAsk: boolean; inputResponses?: unknown; requestState?: string };

/** A tool's overrides as `lenient` takes them: `InputSchemaOverrides`, and the root keys the
 * server-wide options set where a tool's own overrides do not (`languages`, `implied_kinds`). */
export type LenientToolOverrides = InputSchemaOverrides & {
  /** The languages this tool's callers write (BCP 47 tags); over the server's `languages`. */
  languages?: string[];
  /** Whether a property's name implies its kind; over the server's `impliedKinds`. */
  implied_kinds?: boolean;
};

/** The options of `lenient`. */
export interface LenientOptions {
  /** Per tool: its overrides (what JSON Schema cannot say: a vocabulary, a filter role, who
   * answers its ambiguities), or `false` to leave the tool alone. Tools not named are made
   * lenient from their schema alone. */
  tools?: { [tool: string]: LenientToolOverrides | false };
  /** Reads cursor properties and seals the questions asked of a person. */
  codec?: CursorCodec;
  /** The languages the server's callers write (BCP 47 tags, `["cs"]`), for every tool whose
   * overrides name none. */
  languages?: string[];
  /** Called at each call: the day relative words are read against (`"YYYY-MM-DD"`, or a `Date`
   * for its local calendar day). Without it they ask `relative_date_without_today`. */
  today?: () => string | Date;
  /** Gives every tool whose overrides do not set it the root override `"implied_kinds": true`
   * (merged as `languages` is): a property's name then implies its kind. Default false. */
  impliedKinds?: boolean;
  /** Where the receipts of tools whose schema has an idempotency key (`idempotency_key`,
   * `idempotencyKey`) are kept: a retry replays the stored result. Default: `defaultReceipts()`. */
  receipts?: ReceiptStore;
  /** False keeps the values received, the readings and the hints that name them out of an
   * envelope's text content (they stay in `structuredContent`, or `_meta`
   * `"agent-input/envelope"`), for clients that copy a failed result's text into their telemetry
   * (docs/telemetry.md). Default true. */
  valuesInText?: boolean;
  /** The scopes that grant reading only: a token (the SDK's verified `authInfo`) that grants only
   * these sees no tool whose annotations do not say `readOnlyHint: true`. Each tool's own scopes
   * are its overrides' `scopes`. Over stdio (no token) nothing is filtered. */
  readOnlyScopes?: string[];
}

/** Makes the tools of an SDK `McpServer` or low-level `Server` (1.x or 2.x) lenient, whether its
 * tools handlers are set before or after; call it once, before `connect`. Returns `server`.
 * Throws a `TypeError` naming the supported classes and what it got for anything else. */
export declare function lenient<S extends McpServerLike | LowLevelServerLike>(server: S, options?: LenientOptions): S;

/** True when `lenient` was called on `server`. */
export declare function isLenient(server: unknown): boolean;

/** Builds the lenient spec of every tool a lenient server lists now, throwing the core's error for
 * overrides it refuses; the names listed, and the names of `tools` overrides that match none.
 * `undefined` when the server's tools/list cannot be called before a client connects. */
export declare function checkTools(server: McpServerLike | LowLevelServerLike): Promise<{ tools: string[]; unknown: string[] } | undefined>;

/** What a value is, for an error message: its constructor's name, or its type. */
export declare function describeValue(value: unknown): string;
