/**
 * Registering agent-input tools on the official MCP TypeScript SDK's server
 * (`@modelcontextprotocol/sdk`, tested with 1.32.2).
 *
 * The SDK's high-level `McpServer.registerTool` validates arguments with zod before the handler
 * runs, so `"4 000"` for a number is rejected before any lenient reader sees it, and it takes no
 * JSON Schema. A tool registered here goes through the SDK's lower-level request handlers
 * (`tools/list`, `tools/call`) instead:
 *
 * - `tools/list` advertises the spec's definition: its `inputSchema` (which admits every spelling
 *   the reader reads), its description and `readOnlyHint`;
 * - `tools/call` reads the raw arguments with the spec (`Tool.read`), so the handler receives the
 *   canonical arguments (`"4 000"` arrives as 50, `"1. 10. 2026"` as `"2026-10-01"`, a court's
 *   name as its id); a property that was absent is left out;
 * - an ask or a missing argument comes back as an `isError` result carrying the envelope (text
 *   content and `structuredContent`), naming the next call, and the handler does not run;
 * - a successful result is `structuredContent` `{result: <handler output>, notes, warnings}` with
 *   the same JSON as text, so the repairs reach the caller beside the result;
 * - a handler that throws gives an `isError` result naming the tool and the error's message; an
 *   unknown tool name is a protocol error (`InvalidParams`).
 */

import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { Tool } from "agent-input";

const registries = new WeakMap();

/** The low-level server behind a `Server` or an `McpServer` (its `.server`). */
function lowLevel(server) {
  const target = typeof server?.setRequestHandler === "function" ? server : server?.server;
  if (typeof target?.setRequestHandler !== "function") {
    throw new TypeError("registerTool: expected the SDK's Server, or an McpServer (whose .server is used)");
  }
  return target;
}

/**
 * Reads `args` with `tool` and, when they read, runs `handler(args, call, extra)` with the
 * canonical arguments; returns the MCP `CallToolResult` (the envelope when they do not read). The
 * framework-free core of `registerTool`.
 */
export async function runCall(tool, handler, args, extra) {
  const call = tool.read(args);
  if (!call.ok) return call.toCallToolResult();
  let output;
  try {
    output = await handler(call.args, call, extra);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return { content: [{ type: "text", text: `\`${tool.name}\` failed: ${message}` }], isError: true };
  }
  return call.toCallToolResult(output);
}

/**
 * Registers `handler` on `server` as the tool `spec` declares (a `Tool`, or its spec as an object
 * or JSON text); returns the `Tool`. The first registration on a server installs its `tools/list`
 * and `tools/call` handlers and the `tools` capability, so register before `connect`, and do not
 * mix with `McpServer.registerTool` on the same server (the SDK refuses a second `tools/list`
 * handler).
 */
export function registerTool(server, spec, handler) {
  const target = lowLevel(server);
  let tools = registries.get(target);
  if (tools === undefined) {
    target.assertCanSetRequestHandler?.(ListToolsRequestSchema.shape.method.value);
    target.assertCanSetRequestHandler?.(CallToolRequestSchema.shape.method.value);
    target.registerCapabilities({ tools: {} });
    tools = new Map();
    registries.set(target, tools);
    const entries = tools;
    target.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...entries.values()].map((e) => e.definition) }));
    target.setRequestHandler(CallToolRequestSchema, (request, extra) => {
      const entry = entries.get(request.params.name);
      if (entry === undefined) {
        const names = [...entries.keys()].map((n) => `\`${n}\``).join(", ");
        throw new McpError(ErrorCode.InvalidParams, `unknown tool \`${request.params.name}\`, expected one of ${names}`);
      }
      return runCall(entry.tool, entry.handler, request.params.arguments, extra);
    });
  }
  const tool = spec instanceof Tool ? spec : Tool.fromSpec(spec);
  if (tools.has(tool.name)) throw new Error(`registerTool: a tool named \`${tool.name}\` is already registered`);
  tools.set(tool.name, { tool, handler, definition: tool.definition() });
  return tool;
}
