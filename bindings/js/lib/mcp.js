/**
 * agent-input on the official MCP TypeScript SDK: both majors, the 1.x `@modelcontextprotocol/sdk`
 * (tested with 1.32.2) and the 2.x split packages `@modelcontextprotocol/server` (tested with
 * 2.4.0). Both are optional peer dependencies: nothing of the 2.x SDK is imported here, and the
 * 1.x SDK's request schemas are loaded only when it is installed (`registerTool` on a 1.x
 * `Server` needs them).
 *
 * An adapter, no more: every rule of a `tools/list` and a `tools/call` (when a call is read, the
 * notes block, the envelope, a question to a person and its answers, receipts, a handler's
 * failure) is the core's call protocol (`agent_input::protocol`, through `Call` and `Protocol`).
 * This file takes the request from the SDK, runs the steps the protocol gives (look a receipt
 * up, store one, run the handler or the SDK's own with the canonical arguments) and sends the
 * answer.
 *
 * - `lenient(server, { tools, codec, languages, impliedKinds, today, receipts })` makes an
 *   `McpServer` (tools registered with `registerTool` and zod) or a low-level `Server` (its
 *   author sets the `tools/list` and `tools/call` handlers) lenient as it is, before or after its
 *   tools are registered or its handlers set (before `connect`). Each tool's spec is made from
 *   the JSON Schema the server's own `tools/list` produces, once per listing: the definitions of
 *   the last listing are kept (a call of a tool not listed yet lists once), and forgotten when
 *   the server says its tools changed (`sendToolListChanged`). A tool whose schema has an
 *   idempotency key stores its receipts in `receipts` (the process's `MemoryReceipts` by
 *   default); a `RateLimited` or `UpstreamUnavailable` thrown by the author's function is its
 *   envelope. Over HTTP behind the SDK's bearer check, a tool whose overrides name `scopes` is
 *   listed and run only for a token (`authInfo`) that grants them all (`insufficient_scope`
 *   otherwise), and a token of `readOnlyScopes` only sees no tool that may write.
 * - `registerTool(server, spec, handler)` registers a tool from an agent-input spec on the SDK's
 *   low-level `Server` (either major; an `McpServer`'s `.server` works too): the spec's
 *   definition is advertised, the handler receives the canonical arguments and the call, and a
 *   successful result is `structuredContent` `{result, notes, warnings}`.
 */

import { canAsk, granted, MemoryReceipts, Protocol, Tool, ToolFailure, unknownTool } from "agent-input";
import { observe } from "./telemetry.js";

/** The core's constants: the first MCP revision with `input_required` results, and the `_meta`
 * keys of a result that carry a call's notes and warnings. */
export { MRTR_VERSION, NOTES_META as NOTES_META_KEY, WARNINGS_META as WARNINGS_META_KEY } from "agent-input";
/** Where the 2.x SDK's request context carries the connection's protocol version and the
 * client's capabilities. */
const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
/** Pages of `tools/list` read to find one tool (a server that pages its tools). */
const MAX_LIST_PAGES = 100;

/** The 1.x SDK's request schemas, which its `setRequestHandler` takes (the 2.x SDK takes method
 * names); loaded only when that SDK is installed. */
let v1Types = null;
try {
  v1Types = await import("@modelcontextprotocol/sdk/types.js");
} catch {
  // Not installed: only 2.x servers can be given to registerTool.
}

/** The `ToolFailure`s made while a forwarded call runs (each call its own list), heard through
 * the hook every copy of agent-input's `ToolFailure` calls. Node only: elsewhere a drop-in's
 * failures stay the framework's errors. */
let failuresSeen = null;
try {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  failuresSeen = new AsyncLocalStorage();
  const hooks = (globalThis[Symbol.for("agent-input.tool-failure-hooks")] ??= new Set());
  hooks.add((failure) => failuresSeen.getStore()?.push(failure));
} catch {
  // No node:async_hooks (a browser): nothing to hear with.
}

/** The method a `setRequestHandler` call names: a string on 2.x, a request schema on 1.x. */
function methodOf(schemaOrMethod) {
  if (typeof schemaOrMethod === "string") return schemaOrMethod;
  const literal = schemaOrMethod?.shape?.method;
  const value = literal?.value ?? literal?._def?.value ?? literal?.def?.values?.[0];
  return typeof value === "string" ? value : undefined;
}

/** True for the 2.x SDK's low-level server (its public `projectCallToolResult` is new in 2.x). */
function isV2(server) {
  return typeof server.projectCallToolResult === "function";
}

/** The classes `lenient` and `registerTool` take, as an error names them. */
const SUPPORTED =
  "an McpServer or a low-level Server of @modelcontextprotocol/sdk 1.x (\"@modelcontextprotocol/sdk/server/mcp.js\", \"@modelcontextprotocol/sdk/server/index.js\") or of @modelcontextprotocol/server 2.x";

/** What a value is, for an error: its constructor's name, or its type. */
export function describeValue(value) {
  if (value === null) return "null";
  if (typeof value === "function") return `the function ${value.name || "(anonymous)"}, not an instance of it`;
  if (typeof value !== "object") return `${typeof value} ${JSON.stringify(value) ?? String(value)}`.slice(0, 80);
  const name = value.constructor?.name;
  return name ? `an instance of ${name}` : "an object without a constructor";
}

/** True for an object with the low-level server's request-handler API. */
function isLowLevel(value) {
  return (
    value !== null &&
    typeof value === "object" &&
    typeof value.setRequestHandler === "function" &&
    typeof value.registerCapabilities === "function" &&
    typeof value.getClientCapabilities === "function"
  );
}

/** The low-level server behind a `Server` or an `McpServer` (its `.server`). */
function lowLevel(server, who) {
  const target = isLowLevel(server) ? server : isLowLevel(server?.server) ? server.server : null;
  if (target === null) throw new TypeError(`${who}: expected ${SUPPORTED}; got ${describeValue(server)}`);
  return target;
}

/** Installs `handler` for `method` on a low-level server of either major. */
function setHandler(server, method, handler) {
  if (isV2(server)) return server.setRequestHandler(method, handler);
  if (v1Types === null) {
    throw new TypeError("agent-input/mcp: this server is not the 2.x SDK's, and @modelcontextprotocol/sdk (1.x) is not installed");
  }
  const schema = method === "tools/list" ? v1Types.ListToolsRequestSchema : v1Types.CallToolRequestSchema;
  return server.setRequestHandler(schema, handler);
}

/** An MCP protocol error (`InvalidParams`) either major sends as a JSON-RPC error. */
function invalidParams(message) {
  const error = new Error(message);
  error.code = -32602;
  return error;
}

/** What the SDK's request context says of the connection (2.x; the 1.x SDK speaks no 2026-07-28,
 * so its requests say nothing): the protocol's context, with the server's day, and the scopes the
 * request's token grants as the SDK's bearer check verified them (`authInfo`: the 1.x SDK's
 * `extra.authInfo`, the 2.x SDK's `ctx.http.authInfo`) with the server's read-only scopes; none
 * over stdio. */
function contextOf(extra, today, readOnlyScopes) {
  const envelope = extra?.mcpReq?.envelope;
  const context = { protocolVersion: envelope?.[PROTOCOL_VERSION_KEY], clientCapabilities: envelope?.[CLIENT_CAPABILITIES_KEY], today };
  const scopes = (extra?.http?.authInfo ?? extra?.authInfo)?.scopes;
  if (Array.isArray(scopes)) Object.assign(context, { scopes, readOnlyScopes: readOnlyScopes ?? [] });
  return context;
}

/** The request's params with the retry's answers and state, which the 2.x SDK hands the
 * handler through its context. */
function paramsOf(params, extra) {
  const req = extra?.mcpReq;
  const state = typeof req?.requestState === "function" ? req.requestState() : undefined;
  return { ...params, requestState: typeof state === "string" ? state : params?.requestState, inputResponses: req?.inputResponses ?? params?.inputResponses };
}

/**
 * What a request's context says about asking a person: `canAsk` (the core's rule over the
 * connection's protocol version and the client's capabilities), and the retry's
 * `inputResponses` and `requestState`.
 */
export function asking(extra) {
  const { protocolVersion, clientCapabilities } = contextOf(extra);
  const { inputResponses, requestState } = paramsOf({}, extra);
  return { canAsk: canAsk(protocolVersion, clientCapabilities), inputResponses, requestState };
}

/** The context without the retry's answers, once they are read: the handler sees a plain call. */
function withoutAnswers(extra) {
  if (extra?.mcpReq === undefined) return extra;
  return { ...extra, mcpReq: { ...extra.mcpReq, inputResponses: undefined, requestState: () => undefined } };
}

/** A thrown value's message, for the `{error}` outcome. */
function messageOf(e) {
  return e instanceof Error ? e.message : String(e);
}

/** The `{failure}` outcome of a thrown `ToolFailure` (of any copy of agent-input), else null. */
function failureOf(e) {
  return e instanceof ToolFailure || (e instanceof Error && typeof e.failure === "function") ? { failure: e.failure() } : null;
}

/**
 * Runs `call`'s steps: the store's against `store`, a `run` step through `run(step)` (which
 * returns its outcome). Returns the result of an `answer` step, or the `pass` or `done` step,
 * which the caller answers. The call's span (`seen`, telemetry.js) ends, then the call is freed.
 */
async function drive(call, store, run, seen) {
  try {
    for (let step = call.step; ; ) {
      if (step.step === "answer") return { result: step.result };
      if (step.step === "get") {
        step = call.resume({ stored: (await store.get(step.tool, step.key)) ?? null });
      } else if (step.step === "reserve") {
        // A store of `get` and `put` only: what `get` holds, and the protocol puts the mark itself.
        step = typeof store.reserve === "function"
          ? call.resume({ stored: (await store.reserve(step.tool, step.key, step.receipt)) ?? null })
          : call.resume({ stored: (await store.get(step.tool, step.key)) ?? null, atomic: false });
      } else if (step.step === "put") {
        await store.put(step.tool, step.key, step.receipt);
        step = call.resume({});
      } else if (step.step === "run") {
        step = call.resume(await run(step));
      } else {
        return { step };
      }
    }
  } finally {
    seen.end(call);
    call.free();
  }
}

// --- registerTool: tools from agent-input specs --------------------------------------------------

const registries = new WeakMap();

let processReceipts = null;

/** The process's in-memory receipt store, used by every tool registered without `receipts`. */
export function defaultReceipts() {
  processReceipts ??= new MemoryReceipts();
  return processReceipts;
}

/**
 * Runs one call of `tool` through the core's call protocol: `handler(args, call, extra)` runs
 * with the canonical arguments when the protocol says so; returns the MCP `CallToolResult` (the
 * envelope, a replayed receipt, a handler's failure as `isError`), or on a 2.x request whose
 * client can ask a person the `input_required` result. `today` is the day relative words are read
 * against (`"YYYY-MM-DD"` or a `Date`). The framework-free core of `registerTool`.
 */
export async function runCall(tool, handler, args, extra, { receipts, today, readOnlyScopes } = {}) {
  const context = contextOf(extra, today, readOnlyScopes), seen = observe(tool.name, context.protocolVersion);
  const call = seen.read(() => tool.call(paramsOf({ name: tool.name, arguments: args }, extra), context));
  const { result } = await seen.run(() => drive(call, receipts ?? defaultReceipts(), async ({ arguments: canonical, answered }) => {
    try {
      return { output: await handler(canonical, call.toolCall, answered ? withoutAnswers(extra) : extra) };
    } catch (e) {
      return failureOf(e) ?? { error: messageOf(e) };
    }
  }, seen));
  return result;
}

/** A `today` option of `registerTool` or `lenient`: a function called at each call (a day given
 * once would never change in a long-running server). */
function checkToday(caller, today) {
  if (today !== undefined && typeof today !== "function") {
    throw new TypeError(`${caller}: \`today\` must be a function returning the day, such as () => new Date()`);
  }
}

/**
 * Registers `handler` on `server` as the tool `spec` declares (a `Tool`, or its spec as an object
 * or JSON text); returns the `Tool`. The first registration on a server installs its `tools/list`
 * and `tools/call` handlers and the `tools` capability, so register before `connect`, and do not
 * mix with `McpServer.registerTool` on the same server (the SDK refuses a second `tools/list`
 * handler). Works on the low-level `Server` of the 1.x and the 2.x SDK. `today`, a function called
 * at each call, gives the day relative words are read against (as `lenient`'s).
 */
export function registerTool(server, spec, handler, { receipts, today, readOnlyScopes } = {}) {
  checkToday("registerTool", today);
  const target = lowLevel(server, "registerTool");
  let tools = registries.get(target);
  if (tools === undefined) {
    target.assertCanSetRequestHandler?.("tools/list");
    target.assertCanSetRequestHandler?.("tools/call");
    target.registerCapabilities({ tools: {} });
    tools = new Map();
    registries.set(target, tools);
    const entries = tools;
    // The tools the request's token reaches (the core's rule over each spec's `scopes`).
    const readOnly = () => [...entries.values()].flatMap((e) => e.readOnlyScopes ?? []);
    setHandler(target, "tools/list", (request, extra) =>
      granted({ tools: [...entries.values()].map((e) => e.definition) }, contextOf(extra, undefined, readOnly())),
    );
    setHandler(target, "tools/call", (request, extra) => {
      const entry = entries.get(request.params.name);
      if (entry === undefined) throw invalidParams(unknownTool(request.params.name, entries.keys()));
      return runCall(entry.tool, entry.handler, request.params.arguments, extra, {
        receipts: entry.receipts,
        today: entry.today?.(),
        readOnlyScopes: entry.readOnlyScopes,
      });
    });
  }
  const tool = spec instanceof Tool ? spec : Tool.fromSpec(spec);
  if (tools.has(tool.name)) throw new Error(`registerTool: a tool named \`${tool.name}\` is already registered`);
  tools.set(tool.name, { tool, handler, receipts, today, readOnlyScopes, definition: tool.definition() });
  return tool;
}

// --- lenient: the server an author already has (McpServer or low-level Server) -----------------

/** Each lenient low-level server's state: the core's `Protocol`, the tools of the last listing by
 * name, the store, the day, and the SDK's own tools/list handler. */
const lenientServers = new WeakMap();

/** True when `lenient` was called on `server` (an `McpServer` or a low-level `Server`, of either
 * major); false for anything else. */
export function isLenient(server) {
  const low = isLowLevel(server) ? server : isLowLevel(server?.server) ? server.server : null;
  return low !== null && lenientServers.has(low);
}

/**
 * Builds the lenient spec of every tool a lenient server lists now (through the SDK's own
 * `tools/list` handler, called as a client would), so overrides the core refuses throw here rather
 * than at the first call. Returns the names listed, and the names in `tools` that match no listed
 * tool (registered later, or misspelt). `undefined` when the server's `tools/list` cannot be
 * called before a client connects (its handler needs the connection), or has none yet.
 */
export async function checkTools(server) {
  const low = lowLevel(server, "checkTools");
  const state = lenientServers.get(low);
  if (state === undefined) throw new Error("checkTools: this server is not lenient; call lenient(server) first");
  if (state.list === null) return undefined;
  let listed;
  try {
    listed = await state.list({ method: "tools/list", params: {} }, {});
  } catch {
    return undefined;
  }
  if (!Array.isArray(listed?.tools)) return undefined;
  for (const definition of listed.tools) remember(state, definition.name, state.protocol.tool(definition));
  const names = listed.tools.map((t) => t.name);
  return { tools: names, unknown: Object.keys(state.overrides).filter((n) => !names.includes(n)) };
}

/**
 * Makes the tools of an SDK server lenient; returns `server`. It takes an `McpServer` or a
 * low-level `Server`, of the 1.x `@modelcontextprotocol/sdk` or of the 2.x
 * `@modelcontextprotocol/server` (anything else throws a `TypeError` naming what it got). `tools`
 * maps a tool's name to its overrides (`{answered_by, writes, properties: {court: {kind:
 * "vocabulary", ...}, other: false}}`) or to `false`, which leaves that tool alone; `codec` (a
 * `CursorCodec`) reads cursor properties and seals questions to a person; `languages` (BCP 47
 * tags, `["cs"]`) are the languages the server's callers write, given to every tool whose
 * overrides name none; `impliedKinds: true` lets every tool's property names imply their kinds
 * where its overrides do not say; `today`, a function called at each call and returning the day
 * (`"YYYY-MM-DD"` or a `Date`, for its local calendar day), is the day relative words are read
 * against; `receipts` (a `MemoryReceipts` or a store of your own) keeps the receipts of the
 * tools whose schema has an idempotency key (default: `defaultReceipts()`). Call it once, before
 * `connect`; the `tools/list` and `tools/call` handlers set before or after it (by
 * `McpServer.registerTool` or by the author's `setRequestHandler`) are both read leniently.
 * `valuesInText: false` keeps the values received, the readings and the hints that name them out
 * of an envelope's text content (they stay in its `structuredContent`, or its `_meta`
 * `"agent-input/envelope"`): for a client that copies a failed result's text into its telemetry
 * (docs/telemetry.md).
 */
export function lenient(server, options = {}) {
  const { tools = {}, codec, languages, today, impliedKinds = false, receipts, valuesInText = true, readOnlyScopes = [] } = options ?? {};
  for (const [name, value] of [["impliedKinds", impliedKinds], ["valuesInText", valuesInText]]) {
    if (typeof value !== "boolean") throw new TypeError(`lenient: \`${name}\` must be true or false; got ${describeValue(value)}`);
  }
  checkToday("lenient", today);
  const low = lowLevel(server, "lenient");
  const mcp = low === server ? null : server;
  if (lenientServers.has(low)) throw new Error("lenient: this server is lenient already");
  if (registries.has(low)) {
    throw new Error("lenient: this server's tools are registered with agent-input's registerTool, which reads their calls leniently already");
  }
  if (low.transport !== undefined) throw new Error("lenient: call it before the server is connected");

  const setAlready = ["tools/list", "tools/call"].filter((method) => handlerSet(low, method));
  const viaMcp = mcp !== null && typeof mcp.setToolRequestHandlers === "function" && typeof mcp._toolHandlersInitialized === "boolean";
  const handlers = low._requestHandlers;
  if (setAlready.length > 0 && !viaMcp && !(handlers instanceof Map && setAlready.every((m) => typeof handlers.get(m) === "function"))) {
    throw new TypeError(
      `lenient: the server's ${setAlready.join(" and ")} handlers are set already, and this SDK version (${describeValue(low)}) keeps them where lenient cannot wrap them; call lenient(server) before they are set`,
    );
  }

  const protocol = new Protocol({ tools, languages, implied_kinds: impliedKinds, values_in_text: valuesInText }, codec);
  const state = { protocol, overrides: tools ?? {}, receipts: receipts ?? defaultReceipts(), today, readOnlyScopes, list: null, tools: new Map(), complete: false, listFailed: false };
  lenientServers.set(low, state);
  // The server's tools changed: the definitions of the last listing are forgotten.
  for (const target of mcp === null ? [low] : [low, mcp]) {
    const send = target.sendToolListChanged;
    if (typeof send !== "function") continue;
    target.sendToolListChanged = function sendToolListChanged(...args) {
      forget(state);
      return send.apply(this, args);
    };
  }
  const install = low.setRequestHandler;
  // Every tools/list and tools/call handler set from now on is wrapped: the SDK sets them when the
  // first tool is registered, or at construction when the tools capability is given; a low-level
  // server's author sets them.
  low.setRequestHandler = function setRequestHandler(schemaOrMethod, handler, ...rest) {
    const method = methodOf(schemaOrMethod);
    if (typeof handler === "function" && rest.length === 0) {
      if (method === "tools/list") {
        state.list = handler;
        forget(state);
        return install.call(this, schemaOrMethod, listHandler(state, handler));
      }
      if (method === "tools/call") return install.call(this, schemaOrMethod, callHandler(state, handler));
    }
    return install.call(this, schemaOrMethod, handler, ...rest);
  };

  if (setAlready.length > 0 && viaMcp) {
    // Set already by the McpServer: it sets them again, through the wrapper. Both majors keep
    // this flag (`_toolHandlersInitialized`) and `setToolRequestHandlers`; the tests pin it.
    low.removeRequestHandler("tools/list");
    low.removeRequestHandler("tools/call");
    mcp._toolHandlersInitialized = false;
    mcp.setToolRequestHandlers();
  } else if (setAlready.length > 0) {
    // Set already by the author of a low-level server: the handler the server keeps for the
    // method (its `_requestHandlers`, a Map in both majors, which the tests pin) is wrapped in
    // place. It takes the request as sent and validates it itself, so the canonical arguments go
    // through the SDK's own checks, as for a handler set later.
    if (setAlready.includes("tools/list")) {
      state.list = handlers.get("tools/list");
      handlers.set("tools/list", listHandler(state, state.list));
    }
    if (setAlready.includes("tools/call")) handlers.set("tools/call", callHandler(state, handlers.get("tools/call")));
  }
  return server;
}

/** True when the server has a handler for `method` (its public `assertCanSetRequestHandler`
 * throws then). */
function handlerSet(low, method) {
  if (typeof low.assertCanSetRequestHandler !== "function") return low._requestHandlers?.has?.(method) === true;
  try {
    low.assertCanSetRequestHandler(method);
    return false;
  } catch {
    return true;
  }
}

/** Forgets the tools of the last listing (the server's tools changed). */
function forget(state) {
  state.protocol.forget();
  state.tools.clear();
  state.complete = false;
  state.listFailed = false;
}

/** Keeps what the protocol says of the tool `name` (logging its line, the first time). */
function remember(state, name, listed) {
  if (listed === undefined) return;
  if (listed.log !== null) console.error(listed.log);
  state.tools.set(name, listed.tool);
}

function listHandler(state, sdkList) {
  return async (request, extra) => {
    const { result, log } = state.protocol.list(await sdkList(request, extra));
    for (const line of log) console.error(line);
    for (const { name } of Array.isArray(result?.tools) ? result.tools : []) remember(state, name, state.protocol.known(name));
    // The tools the request's token reaches (the core's rule; all of them with no token).
    return granted(result, contextOf(extra, undefined, state.readOnlyScopes));
  };
}

/** The tool a call names, as the protocol made it at the last listing (`null`: the SDK's to
 * answer). A tool not listed since the tools last changed is looked for in one listing, through
 * the SDK's own tools/list handler. */
async function toolOf(state, name, extra) {
  if (typeof name !== "string") return null;
  let cursor;
  for (let page = 0; page < MAX_LIST_PAGES && !state.tools.has(name) && !state.complete && !state.listFailed && state.list !== null; page++) {
    let result;
    try {
      result = await state.list({ method: "tools/list", params: cursor === undefined ? {} : { cursor } }, extra);
    } catch (e) {
      // The SDK's own tools/list fails (one tool's zod schema JSON Schema cannot hold, such as
      // `z.coerce.date()`): every call is the SDK's to answer, as it is without lenient.
      state.listFailed = true;
      console.error(`agent-input: the server's tools/list fails, so its calls are left to the SDK: ${messageOf(e)}`);
      break;
    }
    for (const definition of Array.isArray(result?.tools) ? result.tools : []) remember(state, definition.name, state.protocol.tool(definition));
    cursor = result?.nextCursor;
    state.complete = typeof cursor !== "string";
  }
  return state.tools.get(name) ?? null;
}

function callHandler(state, sdkCall) {
  return async (request, extra) => {
    const tool = await toolOf(state, request?.params?.name, extra);
    if (tool === null) return sdkCall(request, extra);
    const context = contextOf(extra, state.today?.(), state.readOnlyScopes), seen = observe(tool.name, context.protocolVersion);
    const call = seen.read(() => state.protocol.call(tool, paramsOf(request.params, extra), context));
    let raised = null;
    const { result, step } = await seen.run(() => drive(call, state.receipts, async ({ arguments: args, answered }) => {
      const params = { ...request.params, arguments: args };
      if (answered) {
        delete params.requestState;
        delete params.inputResponses;
      }
      const failures = [];
      const forward = () => sdkCall({ ...request, params }, answered ? withoutAnswers(extra) : extra);
      try {
        const result = await (failuresSeen === null ? forward() : failuresSeen.run(failures, forward));
        // The author's function threw a ToolFailure, which the SDK answered as an error.
        return result?.isError === true && failures.length > 0 ? { failure: failures.at(-1).failure() } : { result };
      } catch (e) {
        raised = e;
        return failureOf(e) ?? (failures.length > 0 ? { failure: failures.at(-1).failure() } : { error: messageOf(e) });
      }
    }, seen));
    if (step === undefined) return result;
    if (step.step === "pass") return sdkCall(request, extra);
    // Done: the SDK's own exception goes on, as without lenient.
    throw raised;
  };
}
