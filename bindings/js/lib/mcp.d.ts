/**
 * Registering agent-input tools on the official MCP TypeScript SDK's server through its
 * lower-level request handlers: the spec's `inputSchema` is advertised, the handler receives the
 * canonical arguments, an ask comes back as an `isError` result with the envelope, and notes and
 * warnings reach the caller beside a successful result. See `mcp.js`.
 */

import type { CallToolResult, JsonValue, Tool, ToolCall, ToolSpec } from "./index.js";

/** What `registerTool` needs of the SDK's low-level `Server` (structurally, so that any 1.x
 * version's server fits). */
export interface LowLevelServer {
  registerCapabilities(capabilities: { tools?: object }): void;
  setRequestHandler(schema: any, handler: (request: any, extra: any) => unknown): void;
  assertCanSetRequestHandler?(method: string): void;
}

/** A tool's handler: the canonical arguments (typed by you, as they arrive after reading), the
 * call (to add a warning), and the SDK's request extra. Its return value is the result. */
export type ToolHandler<A = { [property: string]: JsonValue }> = (args: A, call: ToolCall, extra: unknown) => unknown;

/** Registers `handler` as the tool `spec` declares on an SDK `Server` or `McpServer` (its
 * `.server`); returns the `Tool`. Register before `connect`. */
export declare function registerTool<A = { [property: string]: JsonValue }>(
  server: LowLevelServer | { server: LowLevelServer },
  spec: Tool | ToolSpec | string,
  handler: ToolHandler<A>,
): Tool;

/** Reads `args` with `tool` and runs `handler` when they read: the MCP `CallToolResult`. */
export declare function runCall<A = { [property: string]: JsonValue }>(
  tool: Tool,
  handler: ToolHandler<A>,
  args: unknown,
  extra?: unknown,
): Promise<CallToolResult>;
