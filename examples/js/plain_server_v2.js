// @ts-check
/**
 * A plain MCP server on the 2.x TypeScript SDK (`@modelcontextprotocol/server`): `McpServer`,
 * `registerTool` and a zod `z.object`, as a server author already writes it. One line,
 * `lenient(server, ...)`, makes it read the values models send: `"4 000"` for the page size,
 * `"1. 10. 2026"` for a date, `"Nejvyssi soud"` for the court, `null` for an unset optional.
 * Without that line zod rejects each of them before the tool runs.
 *
 * Run it with `node plain_server_v2.js` (stdio, served by the SDK's `serveStdio`, which speaks
 * the 2026-07-28 revision and the 2025 ones; stdout carries nothing but JSON-RPC).
 */

import { pathToFileURL } from "node:url";

import { McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { lenient } from "agent-input/mcp";
import * as z from "zod";

import { COURTS, courtsTools, cursorKey, jsonResult, SEARCH_DESCRIPTION, UPDATE_DESCRIPTION } from "./plain_courts.js";

/** What the zod schemas cannot say: the court is read through the courts vocabulary (a filter: an
 * unknown court is dropped with a warning, not an error). */
export const OVERRIDES = { search_decisions: { properties: { court: { kind: "vocabulary", role: "filter", entries: COURTS } } } };

/**
 * The plain server, made lenient.
 * @param {ReturnType<typeof courtsTools>} tools the tools' functions
 * @param {import("agent-input/mcp").LenientOptions["tools"]} overrides what the schemas cannot say
 *   (`false` for a tool leaves it as declared: the schema fixtures are listed so)
 */
export function plainServer(tools = courtsTools(cursorKey()), overrides = OVERRIDES) {
  const { search, updateNotes } = tools;
  const server = new McpServer({ name: "courts-plain-sdk2", version: "1.0.0" });

  // The one line (before the tools here; after them works as well): every tool reads leniently;
  // the court is read through the courts vocabulary (a filter: an unknown court is dropped with a
  // warning, not an error). This server's author knows its `cursor` is a cursor and its
  // `idempotency_key` a key: `impliedKinds` lets those names say so (`"start"` is the first page).
  lenient(server, { tools: overrides, impliedKinds: true });

  server.registerTool(
    "search_decisions",
    {
      description: SEARCH_DESCRIPTION,
      inputSchema: z.object({
        query: z.string().describe("Words the decision's title contains."),
        court: z.string().optional().describe("The court that decided."),
        date_from: z.iso.date().optional().describe("Decided on or after this day."),
        date_to: z.iso.date().optional().describe("Decided on or before this day."),
        limit: z.number().int().min(1).max(50).default(20).describe("How many decisions one page holds."),
        cursor: z.string().optional().describe("The `next_cursor` of the previous page."),
      }),
      annotations: { readOnlyHint: true },
    },
    async (args) => jsonResult(search(args)),
  );

  server.registerTool(
    "update_decision_notes",
    {
      description: UPDATE_DESCRIPTION,
      inputSchema: z.object({
        decision_id: z.uuid().optional().describe("The decision's id, exactly as search_decisions returned it; leave it out to create a decision."),
        notes: z.string().describe("The new notes."),
        idempotency_key: z.string().describe("A fresh key for this change, resent unchanged on every retry of it."),
      }),
      annotations: { readOnlyHint: false, idempotentHint: true },
    },
    async (args) => jsonResult(updateNotes(args)),
  );

  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // One set of tool functions (and receipts) for the connection; serveStdio may build a server
  // twice while it learns the client's protocol revision.
  const tools = courtsTools(cursorKey());
  serveStdio(() => plainServer(tools));
}
