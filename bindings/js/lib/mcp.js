/**
 * agent-input on the official MCP TypeScript SDK: both majors, the 1.x `@modelcontextprotocol/sdk`
 * (tested with 1.32.2) and the 2.x split packages `@modelcontextprotocol/server` (tested with
 * 2.4.0). Both are optional peer dependencies: nothing of the 2.x SDK is imported here, and the
 * 1.x SDK's request schemas are loaded only when it is installed (`registerTool` on a 1.x
 * `Server` needs them).
 *
 * Two ways in:
 *
 * - `lenient(server, { tools, codec, languages, impliedKinds, today })` makes an `McpServer` whose
 *   tools are registered with `registerTool` and zod, or a low-level `Server` whose author sets
 *   its `tools/list` and `tools/call` handlers, lenient as it is, before or after its tools are
 *   registered or its handlers set (before `connect`). Each tool's spec is made from the JSON
 *   Schema the server's own `tools/list` produces (`Tool.fromInputSchema`), so the SDK's zod
 *   converter (or the author's schema) is the source, and one code path reads a call on both
 *   classes (`listHandler`, `callHandler`):
 *   - `tools/list` advertises the lenient `inputSchema` (it admits every spelling the reader
 *     reads); everything else of the definition is the SDK's;
 *   - `tools/call` reads the raw arguments with the spec before zod sees them; when they read, the
 *     SDK's own handler runs with the canonical arguments (zod still validates what the spec left
 *     unmapped, and the author's function runs unchanged); notes and warnings, when there are
 *     any, reach the caller beside the result as one more text content block, the JSON
 *     `{"notes": [...], "warnings": [...]}`, and in `_meta["agent-input/notes"]` and
 *     `_meta["agent-input/warnings"]` (the author's `structuredContent` is never touched);
 *   - a call that cannot run (an ask, a missing argument) is an `isError` result with the
 *     envelope as its first text content and as `structuredContent` (left out when the tool
 *     declares an `outputSchema`, which the envelope would not match); the author's function does
 *     not run;
 *   - on the 2.x SDK, when the client can ask a person (form elicitation on a 2026-07-28
 *     request), a tool declared `answered_by: "user"` and a `codec` to seal the question with, an
 *     ambiguous call is answered with an `input_required` result asking the person; the retry's
 *     answers are read (`Tool.readAnswers`) and the chosen readings reach the author's function.
 * - `registerTool(server, spec, handler)` registers a tool from an agent-input spec on the
 *   SDK's low-level `Server` (either major; an `McpServer`'s `.server` works too): the spec's
 *   definition is advertised, the handler receives the canonical arguments and the call, and a
 *   successful result is `structuredContent` `{result, notes, warnings}`. On a 2.x server built
 *   with a codec in the spec's `Tool`, an ambiguous call of a tool answered by the user asks the
 *   person in the same way.
 */

import { MemoryReceipts, Tool, ToolFailure } from "agent-input";

/** The first MCP revision with `input_required` results (multi round-trip requests). */
export const MRTR_VERSION = "2026-07-28";
const PROTOCOL_VERSION_KEY = "io.modelcontextprotocol/protocolVersion";
const CLIENT_CAPABILITIES_KEY = "io.modelcontextprotocol/clientCapabilities";
/** The `_meta` keys of a result that carry a call's notes and warnings. */
export const NOTES_META_KEY = "agent-input/notes";
export const WARNINGS_META_KEY = "agent-input/warnings";
/** Marks a `requestState` that `lenient` issued, so that an author's own `input_required`
 * rounds pass through untouched. */
const STATE_PREFIX = "agent-input:";
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

/**
 * What a request's context says about asking a person: `canAsk` when the request was sent on
 * 2026-07-28 (or later) by a client that declared form elicitation (`{}` means form, as the spec
 * says), and the retry's `inputResponses` and `requestState`. The 1.x SDK speaks no 2026-07-28,
 * so its requests never can.
 */
export function asking(extra) {
  const req = extra?.mcpReq;
  const envelope = req?.envelope;
  const version = envelope?.[PROTOCOL_VERSION_KEY];
  const elicitation = envelope?.[CLIENT_CAPABILITIES_KEY]?.elicitation;
  const canAsk =
    typeof version === "string" &&
    version >= MRTR_VERSION &&
    elicitation !== undefined &&
    elicitation !== null &&
    (elicitation.form !== undefined || elicitation.url === undefined);
  const state = typeof req?.requestState === "function" ? req.requestState() : undefined;
  return { canAsk, inputResponses: req?.inputResponses, requestState: typeof state === "string" ? state : undefined };
}

/** The context without the retry's answers, once they are read: the author's function sees a
 * plain call. */
function withoutAnswers(extra) {
  if (extra?.mcpReq === undefined) return extra;
  return { ...extra, mcpReq: { ...extra.mcpReq, inputResponses: undefined, requestState: () => undefined } };
}

// --- registerTool: tools from agent-input specs --------------------------------------------------

const registries = new WeakMap();

/**
 * Reads `args` with `tool` and, when they read, runs `handler(args, call, extra)` with the
 * canonical arguments; returns the MCP `CallToolResult` (the envelope when they do not read). When
 * `extra` is a 2.x request context whose client can ask a person and the tool lets the user
 * answer, an ambiguous call returns the `input_required` result instead, and a retry's answers
 * are read. The framework-free core of `registerTool`.
 */
export async function runCall(tool, handler, args, extra, { receipts, today } = {}) {
  const { canAsk, inputResponses, requestState } = asking(extra);
  const retry = requestState !== undefined;
  const call = retry ? tool.readAnswers(args, inputResponses ?? {}, requestState, { today }) : tool.read(args, { today });
  if (!call.ok) {
    if (canAsk && !retry) {
      const question = askPersonOrNull(tool, args, today);
      if (question !== null) return question;
    }
    return call.toCallToolResult();
  }
  let run = null;
  const store = receipts ?? defaultReceipts();
  if (tool.hasContract) {
    const key = tool.receiptKey(call);
    const stored = key === null ? null : await store.get(tool.name, key);
    const gate = tool.gate(call, stored);
    if (gate.action === "answer") return gate.result;
    run = gate;
  }
  // A write with a key: marked as running (a retry meanwhile asks), released if it fails.
  const pending = run?.receipt;
  if (pending !== undefined) await store.put(tool.name, pending.key, pending.in_flight);
  let output;
  try {
    output = await handler(run === null ? call.args : run.args, call, retry ? withoutAnswers(extra) : extra);
  } catch (e) {
    if (pending !== undefined) await store.put(tool.name, pending.key, pending.release);
    if (e instanceof ToolFailure) return tool.failureResult(e.failure());
    const message = e instanceof Error ? e.message : String(e);
    return { content: [{ type: "text", text: `\`${tool.name}\` failed: ${message}` }], isError: true };
  }
  if (run === null) return call.toCallToolResult(output);
  const finished = tool.finish(call, run, output);
  if (finished.receipt !== undefined && finished.receipt !== null) await store.put(tool.name, finished.key, finished.receipt);
  return finished.result;
}

let processReceipts = null;

/** The process's in-memory receipt store, used by every tool registered without `receipts`. */
export function defaultReceipts() {
  processReceipts ??= new MemoryReceipts();
  return processReceipts;
}

/** The `input_required` result asking the person about `args`, or `null` when the call is no such
 * ask or the tool has no key to seal the question with (then the model gets the envelope). */
function askPersonOrNull(tool, args, today) {
  try {
    return tool.askPerson(args, { today });
  } catch (e) {
    if (e?.code === "invalid_options") return null;
    throw e;
  }
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
export function registerTool(server, spec, handler, { receipts, today } = {}) {
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
    setHandler(target, "tools/list", () => ({ tools: [...entries.values()].map((e) => e.definition) }));
    setHandler(target, "tools/call", (request, extra) => {
      const entry = entries.get(request.params.name);
      if (entry === undefined) {
        const names = [...entries.keys()].map((n) => `\`${n}\``).join(", ");
        throw invalidParams(`unknown tool \`${request.params.name}\`, expected one of ${names}`);
      }
      const day = entry.today === undefined ? undefined : entry.today();
      return runCall(entry.tool, entry.handler, request.params.arguments, extra, { receipts: entry.receipts, today: day });
    });
  }
  const tool = spec instanceof Tool ? spec : Tool.fromSpec(spec);
  if (tools.has(tool.name)) throw new Error(`registerTool: a tool named \`${tool.name}\` is already registered`);
  tools.set(tool.name, { tool, handler, receipts, today, definition: tool.definition() });
  return tool;
}

// --- lenient: the server an author already has (McpServer or low-level Server) -----------------

/** Each lenient low-level server's state (its options, its tools' specs, the SDK's tools/list). */
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
  for (const definition of listed.tools) specOf(state, definition);
  const names = listed.tools.map((t) => t.name);
  return { tools: names, unknown: Object.keys(state.tools).filter((n) => !names.includes(n)) };
}

/**
 * Makes the tools of an SDK server lenient; returns `server`. It takes an `McpServer` or a
 * low-level `Server`, of the 1.x `@modelcontextprotocol/sdk` or of the 2.x
 * `@modelcontextprotocol/server` (anything else throws a `TypeError` naming what it got). `tools`
 * maps a tool's name to its overrides (`{answered_by, writes, properties: {court: {kind:
 * "vocabulary", ...}, other: false}}`) or to `false`, which leaves that tool alone; `codec` (a
 * `CursorCodec`) reads cursor properties and seals questions to a person; `languages` (BCP 47
 * tags, `["cs"]`) are the languages the server's callers write, given to every tool whose
 * overrides name none (a month or yes/no word two languages give different meanings, `listopad`,
 * reads as these give it); `impliedKinds: true` gives every tool whose overrides do not set it
 * the root override `"implied_kinds": true` (a property's name implies its kind); `today`, a
 * function called at each call and returning the day (`"YYYY-MM-DD"` or a `Date`, for its local
 * calendar day), is the day relative words are read against (`"yesterday"`, `"last month"`:
 * without it they ask `relative_date_without_today`, naming the absolute date to send). Call it
 * once, before `connect`; the `tools/list` and `tools/call` handlers set before or after it (by
 * `McpServer.registerTool` or by the author's `setRequestHandler`) are both read leniently.
 */
export function lenient(server, options = {}) {
  const { tools = {}, codec, languages, today, impliedKinds = false } = options ?? {};
  if (typeof Tool.fromInputSchema !== "function") {
    throw new TypeError("lenient: this build of agent-input has no Tool.fromInputSchema");
  }
  if (tools === null || typeof tools !== "object" || Array.isArray(tools)) {
    throw new TypeError("lenient: `tools` must map tool names to overrides or to false");
  }
  if (languages !== undefined && (!Array.isArray(languages) || !languages.every((l) => typeof l === "string"))) {
    throw new TypeError("lenient: `languages` must be an array of language tags such as [\"cs\"]");
  }
  if (typeof impliedKinds !== "boolean") {
    throw new TypeError(`lenient: \`impliedKinds\` must be true or false; got ${describeValue(impliedKinds)}`);
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

  const state = { tools, codec, languages, impliedKinds, today, specs: new Map(), list: null, listFailed: false };
  lenientServers.set(low, state);
  const install = low.setRequestHandler;
  // Every tools/list and tools/call handler set from now on is wrapped: the SDK sets them when the
  // first tool is registered, or at construction when the tools capability is given; a low-level
  // server's author sets them.
  low.setRequestHandler = function setRequestHandler(schemaOrMethod, handler, ...rest) {
    const method = methodOf(schemaOrMethod);
    if (typeof handler === "function" && rest.length === 0) {
      if (method === "tools/list") {
        state.list = handler;
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

/** A tool's overrides with the server-wide options merged in: `languages` and `implied_kinds`,
 * each where the tool's own overrides do not set it. */
export function withServerOptions({ languages, impliedKinds }, overrides) {
  let merged = overrides;
  if (languages !== undefined && (merged == null || merged.languages === undefined)) {
    merged = { ...(merged ?? {}), languages };
  }
  if (impliedKinds === true && (merged == null || merged.implied_kinds === undefined)) {
    merged = { ...(merged ?? {}), implied_kinds: true };
  }
  return merged;
}

/** The lenient `Tool` of one listed definition, or `null` when it is left alone. Built once per
 * name and schema. */
function specOf(state, definition) {
  let overrides = Object.hasOwn(state.tools, definition.name) ? state.tools[definition.name] : undefined;
  if (overrides === false) return null;
  overrides = withServerOptions(state, overrides);
  const key = `${definition.name}\u0000${JSON.stringify(definition.inputSchema ?? null)}`;
  let entry = state.specs.get(key);
  if (entry === undefined) {
    const { name, description, inputSchema, annotations } = definition;
    const declared = { name, ...(description !== undefined && { description }), inputSchema: inputSchema ?? { type: "object" }, ...(annotations != null && { annotations }) };
    try {
      const tool = Tool.fromInputSchema(declared, { ...(overrides != null && { overrides }), ...(state.codec != null && { codec: state.codec }) });
      entry = { tool, inputSchema: tool.inputSchema() };
    } catch (e) {
      // A schema no spec can hold by itself (two properties whose names fold to the same words)
      // leaves the tool as the server declares it; overrides the core refuses are the author's
      // error, answered as the protocol's.
      try {
        Tool.fromInputSchema(declared);
      } catch {
        console.error(`agent-input: \`${name}\` is left as the server declares it: ${e instanceof Error ? e.message : e}`);
        state.specs.set(key, null);
        return null;
      }
      throw e;
    }
    state.specs.set(key, entry);
  }
  return entry;
}

function listHandler(state, sdkList) {
  return async (request, extra) => {
    const result = await sdkList(request, extra);
    if (!Array.isArray(result?.tools)) return result;
    return {
      ...result,
      tools: result.tools.map((definition) => {
        const entry = specOf(state, definition);
        return entry === null ? definition : { ...definition, inputSchema: entry.inputSchema };
      }),
    };
  };
}

/** The definition of tool `name` as the SDK's own tools/list handler gives it now, or undefined. */
async function listedDefinition(state, name, extra) {
  if (state.list === null) return undefined;
  let cursor;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const params = cursor === undefined ? {} : { cursor };
    const result = await state.list({ method: "tools/list", params }, extra);
    const found = result?.tools?.find((t) => t.name === name);
    if (found !== undefined || typeof result?.nextCursor !== "string") return found;
    cursor = result.nextCursor;
  }
  return undefined;
}

function callHandler(state, sdkCall) {
  return async (request, extra) => {
    const name = request?.params?.name;
    let definition;
    try {
      definition = typeof name === "string" ? await listedDefinition(state, name, extra) : undefined;
    } catch (e) {
      // The SDK's own tools/list fails (one tool's zod schema JSON Schema cannot hold, such as
      // `z.coerce.date()`): every call is the SDK's to answer, as it is without lenient.
      if (!state.listFailed) {
        state.listFailed = true;
        console.error(`agent-input: the server's tools/list fails, so its calls are left to the SDK: ${e instanceof Error ? e.message : e}`);
      }
      return sdkCall(request, extra);
    }
    // An unknown or disabled tool, or one left alone: the SDK answers as always.
    const entry = definition === undefined ? null : specOf(state, definition);
    if (entry === null) return sdkCall(request, extra);
    const { tool } = entry;
    const args = request.params.arguments;
    // Arguments that are no object at all are the SDK's to refuse (a handler kept by a low-level
    // server sees the request before the SDK has validated it).
    if (args !== undefined && (args === null || typeof args !== "object" || Array.isArray(args))) return sdkCall(request, extra);
    const { canAsk, inputResponses, requestState } = asking(extra);
    const ours = requestState?.startsWith(STATE_PREFIX) === true;
    const day = state.today === undefined ? undefined : state.today();
    const call = ours
      ? tool.readAnswers(args, inputResponses ?? {}, requestState.slice(STATE_PREFIX.length), { today: day })
      : tool.read(args, { today: day });
    if (!call.ok) {
      if (canAsk && !ours) {
        const question = askPersonOrNull(tool, args, day);
        if (question !== null) return { ...question, requestState: STATE_PREFIX + question.requestState };
      }
      const result = call.toCallToolResult();
      if (definition.outputSchema !== undefined) delete result.structuredContent;
      return result;
    }
    const canonical = { ...request, params: { ...request.params, arguments: call.args } };
    const result = await sdkCall(canonical, ours ? withoutAnswers(extra) : extra);
    return withNotes(result, call);
  };
}

/** The SDK's result with the call's notes and warnings beside it (when there are any): one more
 * text content block and two `_meta` keys. An `input_required` or task result is left as it is. */
function withNotes(result, call) {
  const notes = call.notes ?? [];
  const warnings = call.warnings ?? [];
  if (notes.length === 0 && warnings.length === 0) return result;
  if (result === null || typeof result !== "object" || result.resultType === "input_required" || !Array.isArray(result.content ?? [])) return result;
  if (result.content === undefined && result.task !== undefined) return result;
  return {
    ...result,
    content: [...(result.content ?? []), { type: "text", text: JSON.stringify({ notes, warnings }) }],
    _meta: { ...result._meta, [NOTES_META_KEY]: notes, [WARNINGS_META_KEY]: warnings },
  };
}
