// @ts-check
/**
 * An MCP server of Czech court decisions, on the official MCP TypeScript SDK (the 2.x
 * `@modelcontextprotocol/server`), whose tools read their arguments with agent-input.
 *
 * Run it with `node courts_server.js` (stdio, served by the SDK's `serveStdio`, which speaks the
 * 2026-07-28 revision and the 2025 ones; stdout carries nothing but JSON-RPC, so start it with
 * `node`, not `npm start`, whose banner would go to stdout). Its two tools show the whole idiom:
 *
 * - `search_decisions` (reads): `query`, `court` (the courts vocabulary, as a filter),
 *   `date_from`, `date_to`, `limit` and `cursor`. A model may send `"4 000"`, `"1. 10. 2026"`,
 *   `"Nejvyssi soud"`, `"start"` or `null`: each is read, and a note says how.
 * - `update_decision_notes` (writes, destructive): `decision_id`, `notes` and `idempotency_key`;
 *   a placeholder id such as the documentation's `123e4567-…` asks instead of silently creating
 *   a record. Its spec says `"confirm": true`: a call is a preview (`dry_run` true) that returns
 *   a `confirm_token`, and only a call with `dry_run: false` and that token applies the change;
 *   a retry with the same `idempotency_key` replays the stored receipt (the library's).
 *
 * The tools are declared once for every example server in `examples/specs/` over the decisions
 * of `examples/data/decisions.json` (the Rust and Python servers read the same files); the search
 * returns a page that says what it withheld: `{items, matched, returned, sort, partial,
 * next_cursor, filtered, matched_exact}`.
 *
 * The handlers receive canonical arguments (a number, ISO dates, the court's id, the cursor's
 * payload) and never parse a value themselves. The search is answered by the user
 * (`answered_by: "user"` in its spec): a client that can ask a person (form elicitation on a
 * 2026-07-28 connection) is sent an `input_required` result for an ambiguous date, and the
 * person's choice reaches the handler; other clients get the envelope naming the readings.
 */

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

import { Server } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { CursorCodec, fold, noHitsFiltered, Tool } from "agent-input";
import { registerTool } from "agent-input/mcp";

const ROOT = new URL("../../", import.meta.url);
/** @param {string} path */
const readJson = (path) => JSON.parse(readFileSync(new URL(path, ROOT), "utf8"));

/** @type {import("agent-input").Entry[]} */
const COURTS = readJson("tests/fixtures/czech_courts.json");
const CURSOR_TTL_SECONDS = 3600;

/**
 * @typedef {{ id: string, court: string, date: string, title: string }} Decision
 * @typedef {{ query: string, limit: number, court?: string, date_from?: string, date_to?: string, cursor?: { after: number } }} Search
 * @typedef {{ idempotency_key: string, notes: string, dry_run: boolean, decision_id?: string }} Update
 */

/** @type {Decision[]} */
const DECISIONS = readJson("examples/data/decisions.json");

/**
 * The server's cursor key (it also seals the questions asked of a person): from the environment
 * in production; a fresh random key otherwise, with a warning on stderr (cursors then stop
 * working across restarts).
 */
export function cursorCodec() {
  if (process.env.COURTS_CURSOR_KEY) return CursorCodec.fromEnv("COURTS_CURSOR_KEY");
  process.stderr.write("warning: COURTS_CURSOR_KEY is not set; page cursors are signed with a random key and stop working when the server restarts\n");
  return new CursorCodec(randomBytes(32));
}

/**
 * One of the tool specs every example server shares (`examples/specs/`), with the courts
 * vocabulary filled in.
 * @param {string} name
 * @param {CursorCodec} codec
 */
export function spec(name, codec) {
  const json = readJson(`examples/specs/${name}.json`);
  if (json.properties.court) json.properties.court.entries = COURTS;
  return Tool.fromSpec(json, { codec });
}

/**
 * The courts server: both tools on a fresh SDK `Server` (the 2.x SDK's low-level server), cursors
 * issued and questions sealed with `codec`.
 * @param {CursorCodec} [codec]
 */
export function courtsServer(codec = cursorCodec()) {
  /** @type {Map<string, string>} */
  const notesById = new Map();
  const server = new Server({ name: "courts", version: "1.0.0" }, { instructions: "Search Czech court decisions and keep notes on them." });

  registerTool(server, spec("search_decisions", codec), /** @param {Search} s */ (s, call) => {
    // Arguments arrive canonical: "4 000" as 50, "1. 10. 2026" as "2026-10-01", "Nejvyssi soud"
    // as "NS", "start" as no cursor at all.
    const words = fold(s.query);
    /** @param {Decision} d */
    const inRange = (d) =>
      fold(d.title).includes(words) && (s.date_from === undefined || d.date >= s.date_from) && (s.date_to === undefined || d.date <= s.date_to);
    const unfiltered = DECISIONS.filter(inRange);
    const matched = unfiltered.filter((d) => s.court === undefined || d.court === s.court);
    const start = Math.min(s.cursor ? s.cursor.after : 0, matched.length);
    const page = matched.slice(start, start + s.limit);
    const after = start + page.length;
    if (s.court !== undefined && matched.length === 0) {
      const would = [...new Set(unfiltered.map((d) => d.court))].sort();
      call.addWarning(noHitsFiltered("court", s.court, would));
    }
    // The page says what it withheld: how many matched, the order, the filter, and the cursor.
    return codec.page({
      items: page.map(({ id, court, date, title }) => ({ id, court, date, title })),
      matched: matched.length,
      offset: start,
      sort: "date asc",
      filtered: s.court !== undefined,
      next: after < matched.length ? { after } : undefined,
      ttl: CURSOR_TTL_SECONDS,
    });
  });

  // The library runs the contract around this handler: it is called with `dry_run: true` for a
  // preview until the model sends the preview's `confirm_token`, and not at all for a retry with
  // the same `idempotency_key` (the stored receipt is returned).
  registerTool(server, spec("update_decision_notes", codec), /** @param {Update} u */ (u) => {
    const created = u.decision_id === undefined;
    const id = u.decision_id ?? `created-${notesById.size + 1}`;
    if (!created && !DECISIONS.some((d) => d.id === id)) {
      throw new Error(`no decision has the id ${id}; call \`search_decisions\` to find the decision's id`);
    }
    if (u.dry_run) return { decision_id: id, created, notes_before: notesById.get(id) ?? null, notes_after: u.notes };
    notesById.set(id, u.notes);
    return { decision_id: id, created };
  });

  return server;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  // serveStdio may build a server twice while it learns the client's protocol revision; both
  // share the one key.
  const codec = cursorCodec();
  serveStdio(() => courtsServer(codec));
}
