// @ts-check
/**
 * The court-decisions tools as a plain server author writes them, with no agent-input in them:
 * the data, the search, the receipts of the writing tool and the server's own page cursors (an
 * HMAC over the offset, keyed by `COURTS_CURSOR_KEY`). `plain_server_v1.js` and
 * `plain_server_v2.js` register these functions with the SDK's `McpServer.registerTool` and zod,
 * then make the server lenient with one line.
 *
 * Same data and output as the spec servers (`courts_server.js`, the Python and Rust examples):
 * the search returns `{matched, returned, decisions, next_cursor}`, the write a receipt
 * `{decision_id, created, replayed}`.
 */

import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";

const ROOT = new URL("../../", import.meta.url);
/** @param {string} path */
const readJson = (path) => JSON.parse(readFileSync(new URL(path, ROOT), "utf8"));

/** @type {import("agent-input").Entry[]} The courts vocabulary (ids NS, NSS, US, ...). */
export const COURTS = readJson("tests/fixtures/czech_courts.json");

/**
 * @typedef {{ id: string, court: string, date: string, title: string }} Decision
 * @typedef {{ query: string, limit: number, court?: string, date_from?: string, date_to?: string, cursor?: string }} Search
 * @typedef {{ idempotency_key: string, notes: string, decision_id?: string }} Update
 * @typedef {{ decision_id: string, created: boolean, replayed: boolean }} Receipt
 * @typedef {{ matched: number, returned: number, decisions: Decision[], next_cursor: string | null }} Page
 */

/** @type {Decision[]} */
export const DECISIONS = readJson("examples/data/decisions.json");

/**
 * The key that signs page cursors: `COURTS_CURSOR_KEY`, or a random one with a warning on stderr
 * (stdout is the JSON-RPC stream), so that cursors then work until the server restarts.
 */
export function cursorKey() {
  const key = process.env.COURTS_CURSOR_KEY;
  if (key) return Buffer.from(key, "utf8");
  process.stderr.write("warning: COURTS_CURSOR_KEY is not set; page cursors are signed with a random key and stop working when the server restarts\n");
  return randomBytes(32);
}

/** The words of a text as the search compares them: lower case, without diacritics. */
const words = (/** @type {string} */ text) => text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();

/**
 * The tools' functions over one key and one store of receipts.
 * @param {Buffer} key
 */
export function courtsTools(key) {
  /** @type {Map<string, Receipt>} */
  const receipts = new Map();
  /** @type {Map<string, string>} */
  const notesById = new Map();
  const sign = (/** @type {string} */ payload) => createHmac("sha256", key).update(payload).digest("base64url");

  /** @param {number} after */
  const encodeCursor = (after) => {
    const payload = Buffer.from(JSON.stringify({ after })).toString("base64url");
    return `${payload}.${sign(payload)}`;
  };
  /** @param {string} cursor @returns {number} */
  const decodeCursor = (cursor) => {
    const [payload, mac] = cursor.split(".");
    const expected = Buffer.from(sign(payload ?? ""));
    const given = Buffer.from(mac ?? "");
    if (payload === undefined || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new Error("invalid cursor: send the previous page's next_cursor unchanged, or leave cursor out to start again at page one");
    }
    return JSON.parse(Buffer.from(payload, "base64url").toString("utf8")).after;
  };

  /** @param {Search} s @returns {Page} */
  const search = (s) => {
    const query = words(s.query);
    const matched = DECISIONS.filter(
      (d) =>
        words(d.title).includes(query) &&
        (s.court === undefined || d.court === s.court) &&
        (s.date_from === undefined || d.date >= s.date_from) &&
        (s.date_to === undefined || d.date <= s.date_to),
    );
    const start = Math.min(s.cursor === undefined ? 0 : decodeCursor(s.cursor), matched.length);
    const page = matched.slice(start, start + s.limit);
    const after = start + page.length;
    return {
      matched: matched.length,
      returned: page.length,
      decisions: page.map(({ id, court, date, title }) => ({ id, court, date, title })),
      next_cursor: after < matched.length ? encodeCursor(after) : null,
    };
  };

  /** @param {Update} u @returns {Receipt} */
  const updateNotes = (u) => {
    const first = receipts.get(u.idempotency_key);
    if (first !== undefined) return { ...first, replayed: true };
    const created = u.decision_id === undefined;
    const id = u.decision_id ?? `created-${receipts.size + 1}`;
    if (!created && !DECISIONS.some((d) => d.id === id)) {
      throw new Error(`no decision has the id ${id}; call \`search_decisions\` to find the decision's id`);
    }
    notesById.set(id, u.notes);
    /** @type {Receipt} */
    const receipt = { decision_id: id, created, replayed: false };
    receipts.set(u.idempotency_key, receipt);
    return receipt;
  };

  return { search, updateNotes };
}

/**
 * A tool result carrying `value` as structured content and as its JSON text.
 * @param {Record<string, unknown>} value
 */
export function jsonResult(value) {
  return { content: [{ type: /** @type {const} */ ("text"), text: JSON.stringify(value) }], structuredContent: value };
}

export const SEARCH_DESCRIPTION =
  "Search Czech court decisions by words of their title, the court and the decision date. Pages with `cursor`: send the previous result's `next_cursor` unchanged, or leave it out for the first page.";
export const UPDATE_DESCRIPTION =
  "Replace the notes of one decision, or create a decision when `decision_id` is left out. A retry with the same `idempotency_key` replays the first result.";
