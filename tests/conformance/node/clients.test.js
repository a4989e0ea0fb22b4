/**
 * The cross-client conformance test, TypeScript side: every example server of
 * `examples/servers.json` is started over real stdio (`sh -c <command>` in its `cwd`, after its
 * `setup`) and driven by the official MCP TypeScript SDK's clients, which this project did not
 * write: the 1.x `@modelcontextprotocol/sdk` Client (1.32.2, protocol 2025-11-25) and the 2.x
 * `@modelcontextprotocol/client` Client (2.4.0, version negotiation `auto`: 2026-07-28 where the
 * server speaks it). Each runs the shared cases of `tests/conformance/cases.json` and compares
 * the normalised notes, envelope and output with the case's expectation.
 *
 * Every raw result is validated as well: with the 1.x client against the 1.x SDK's own
 * `CallToolResultSchema`/`ListToolsResultSchema`; with the 2.x client on 2026-07-28 by the client's
 * own wire decoding of that revision (which refuses a result without `resultType`; a fixture
 * server without it is run to prove it), plus the public `specTypeSchemas`. The person channel
 * (`input_required`) is run with the 2.x client on 2026-07-28 against every spec server
 * (`courts-*`): a form is asked, the person picks a reading, the retry reads it.
 *
 * A server whose prerequisites are missing (its `cwd` or its program is not there, or it does
 * not start and names a `setup` to run first) fails when `AGENT_INPUT_CONFORMANCE_REQUIRE=1` (as
 * `scripts/test-conformance` runs it, after building what the servers need) and is skipped with
 * the reason otherwise. Other variables:
 * - `AGENT_INPUT_CONFORMANCE_SERVERS=path`: another server list to run (the same format);
 * - `AGENT_INPUT_CONFORMANCE_ONLY=a,b`: only the servers of these names;
 * - `AGENT_INPUT_CONFORMANCE_SETUP=1`: run each server's `setup` first (once per directory and
 *   command).
 *
 * `PATH` gets `target/python-venv/bin` first, so that `python` is the test virtualenv's.
 */

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { delimiter, resolve } from "node:path";
import { describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as Stdio1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { CallToolResultSchema as CallToolResult1, ListToolsResultSchema as ListToolsResult1 } from "@modelcontextprotocol/sdk/types.js";
import { Client as Client2, specTypeSchemas } from "@modelcontextprotocol/client";
import { StdioClientTransport as Stdio2 } from "@modelcontextprotocol/client/stdio";
import { StreamableHTTPClientTransport as Http1 } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StreamableHTTPClientTransport as Http2 } from "@modelcontextprotocol/client";
import { createConnection, createServer } from "node:net";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const REQUIRE = process.env.AGENT_INPUT_CONFORMANCE_REQUIRE === "1";
const RUN_SETUP = process.env.AGENT_INPUT_CONFORMANCE_SETUP === "1";
const ONLY = process.env.AGENT_INPUT_CONFORMANCE_ONLY ? new Set(process.env.AGENT_INPUT_CONFORMANCE_ONLY.split(",")) : null;
const SERVERS_FILE = process.env.AGENT_INPUT_CONFORMANCE_SERVERS || "examples/servers.json";
const MODERN = "2026-07-28";
/** The servers that speak no 2026-07-28 (the 1.x TypeScript SDK's); the 2.x client negotiates it
 * with every other one. */
const LEGACY_ONLY = new Set(["plain-ts-sdk1"]);
const NOTES_META_KEY = "agent-input/notes";
const WARNINGS_META_KEY = "agent-input/warnings";
/** A fixed cursor key, so that no server warns about a random one. */
const CURSOR_KEY = "conformance cursor key, 32 bytes";
const TIMEOUT = 180_000;

const readJson = (path) => JSON.parse(readFileSync(resolve(ROOT, path), "utf8"));

/** The servers, as `examples/servers.json` (or the list named instead) lists them. */
const SERVERS = readJson(SERVERS_FILE);
/** The shared cases (an array, or `{cases: [...]}`). */
const CASES = (() => {
  const doc = readJson("tests/conformance/cases.json");
  return Array.isArray(doc) ? doc : doc.cases;
})();

/** The environment every server starts in: the test virtualenv first on PATH. */
const ENV = {
  ...process.env,
  PATH: [resolve(ROOT, "target/python-venv/bin"), process.env.PATH ?? ""].join(delimiter),
  COURTS_CURSOR_KEY: CURSOR_KEY,
};

// --- prerequisites -------------------------------------------------------------------------------

/** Runs a shell command to its end: `{status, output}` (stdout and stderr together). */
function sh(command, cwd, timeoutMs = 30 * 60_000) {
  return new Promise((done) => {
    const child = spawn("sh", ["-c", command], { cwd, env: ENV, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (d) => (output += d));
    child.stderr.setEncoding("utf8").on("data", (d) => (output += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      done({ status: -1, output: String(e) });
    });
    child.on("close", (status) => {
      clearTimeout(timer);
      done({ status, output });
    });
  });
}

const tail = (text, n = 1500) => (text.length > n ? `…${text.slice(-n)}` : text);

/** The first word of a command that is not a variable assignment: the program it runs. */
function program(command) {
  return command.trim().split(/\s+/).find((w) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(w)) ?? "";
}

const prerequisiteChecks = new Map();
/** Setups already run, by directory and command (the JS servers share one, say). */
const setups = new Map();

/** Runs `setup` in `cwd` once per harness run. */
function runSetup(setup, cwd) {
  const key = `${cwd}\u0000${setup}`;
  if (!setups.has(key)) setups.set(key, sh(setup, cwd));
  return setups.get(key);
}

/** Why `server` cannot start here (its cwd or program missing, or, with `setup`, its setup
 * failing), or null. */
async function prerequisiteProblem(server, { setup = RUN_SETUP } = {}) {
  const cwd = resolve(ROOT, server.cwd);
  if (!existsSync(cwd)) return `its directory ${server.cwd} does not exist`;
  if (server.setup && setup) {
    const r = await runSetup(server.setup, cwd);
    if (r.status !== 0) return `its setup \`${server.setup}\` failed (exit ${r.status}):\n${tail(r.output)}`;
  }
  const exe = program(server.command);
  const found = await sh(`command -v '${exe.replaceAll("'", "'\\''")}'`, cwd, 10_000);
  if (found.status !== 0) {
    const setupHint = server.setup ? `; run \`${server.setup}\` in ${server.cwd} first` : "";
    return `\`${exe}\` is not on PATH (target/python-venv/bin first; scripts/test-python makes the virtualenv)${setupHint}`;
  }
  return null;
}

/** `prerequisiteProblem`, once per server. */
function missingPrerequisite(server) {
  if (!prerequisiteChecks.has(server.name)) prerequisiteChecks.set(server.name, prerequisiteProblem(server));
  return prerequisiteChecks.get(server.name);
}

/** Skips the test with the reason, or fails it under AGENT_INPUT_CONFORMANCE_REQUIRE=1. */
function unavailable(t, message) {
  if (REQUIRE) assert.fail(`${message} (AGENT_INPUT_CONFORMANCE_REQUIRE=1)`);
  t.skip(message);
}

/** True when `server` can start here; else skips (or fails) the test with the reason. */
async function requirePrerequisites(t, server) {
  const reason = await missingPrerequisite(server);
  if (reason === null) return true;
  unavailable(t, `${server.name}: ${reason}`);
  return false;
}

/** Connects as `connect` does; a server that does not start and names a setup is unavailable. */
async function connectOrSkip(t, server, major, options) {
  try {
    return await connect(server, major, options);
  } catch (e) {
    if (e.unavailable === undefined) throw e;
    unavailable(t, e.unavailable);
    return null;
  }
}

// --- clients -------------------------------------------------------------------------------------

/**
 * Starts `server` over stdio and connects a client of SDK `major` to it. Returns the client, the
 * raw JSON-RPC responses it received since (`responses`), and the server's stderr so far.
 */
async function connect(server, major, { elicit } = {}) {
  const started = await startServer(server);
  let stderr = "";
  let transport;
  if (started.url) {
    transport = major === 1 ? new Http1(new URL(started.url)) : new Http2(new URL(started.url));
  } else {
    const params = { command: "sh", args: ["-c", started.command], cwd: resolve(ROOT, server.cwd), env: ENV, stderr: "pipe" };
    transport = major === 1 ? new Stdio1(params) : new Stdio2(params);
    transport.stderr?.setEncoding("utf8").on("data", (d) => (stderr += d));
  }
  const client =
    major === 1
      ? new Client1({ name: "agent-input-conformance", version: "1.0.0" })
      : new Client2(
          { name: "agent-input-conformance", version: "1.0.0" },
          { versionNegotiation: { mode: "auto" }, ...(elicit && { capabilities: { elicitation: { form: {} } } }) },
        );
  if (elicit) client.setRequestHandler("elicitation/create", elicit);
  // What the client reports as an error (a 1.x client: a line it cannot parse, too) is collected.
  const errors = [];
  client.onerror = (e) => errors.push(String(e?.message ?? e));
  // The server's stdout, as it wrote it: the 2.x client skips a line that is not JSON, so the
  // harness reads the stream itself (the transport's `_process`, tapped as it is spawned).
  const chunks = [];
  const start = transport.start.bind(transport);
  transport.start = () => {
    const started = start();
    transport._process?.stdout?.on("data", (d) => chunks.push(Buffer.from(d)));
    return started;
  };
  const noise = () =>
    Buffer.concat(chunks)
      .toString("utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .filter((line) => {
        try {
          return JSON.parse(line)?.jsonrpc !== "2.0";
        } catch {
          return true;
        }
      });
  try {
    await client.connect(transport);
  } catch (e) {
    started.stop();
    const error = new Error(`${server.name} did not start with the ${major}.x client: ${e?.message ?? e}\nstderr:\n${tail(stderr + started.stderr())}`);
    // Most likely its setup was not run (packages not installed, nothing built).
    if (server.setup) error.unavailable = `${server.name} did not start; run \`${server.setup}\` in ${server.cwd} first? (${e?.message ?? e})`;
    throw error;
  }
  const responses = [];
  const deliver = transport.onmessage;
  transport.onmessage = (message, extra) => {
    if (message && "id" in message && ("result" in message || "error" in message)) responses.push(message);
    deliver?.call(transport, message, extra);
  };
  const close = async () => {
    await client.close();
    started.stop();
  };
  return { client, responses, errors, noise, close, stderr: () => stderr + started.stderr() };
}

/** Seconds a server over HTTP (and its upstream) may take to start listening. */
const HTTP_START_MS = 60_000;

/** A free port on loopback. */
function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once("error", fail);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** Starts `command` through `sh` in `cwd` (a process group of its own); `{child, output}`. */
function background(command, cwd) {
  const child = spawn("sh", ["-c", `exec ${command}`], { cwd, env: ENV, stdio: ["ignore", "ignore", "pipe"], detached: true });
  const state = { child, output: "" };
  child.stderr.setEncoding("utf8").on("data", (d) => (state.output += d));
  return state;
}

const ended = (state) => {
  try {
    process.kill(-state.child.pid, "SIGTERM");
  } catch {}
};

/** Waits until `check()` is true, polling; fails after HTTP_START_MS naming `what`. */
async function until(check, what) {
  const deadline = Date.now() + HTTP_START_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${HTTP_START_MS} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** True when something listens on 127.0.0.1:`port`. */
const listening = (port) =>
  new Promise((done) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => {
      socket.end();
      done(true);
    });
    socket.once("error", () => done(false));
  });

/**
 * What `connect` speaks to: a server entry's `upstream` (if any) started on a free port (`{port}`
 * in both commands); with `"transport": "http"`, the entry's command started too and its URL
 * read from the line `serving Streamable HTTP at URL` on its stderr. `{url?, command, stop,
 * stderr}`.
 */
async function startServer(server) {
  const cwd = resolve(ROOT, server.cwd);
  const started = [];
  const stop = () => started.forEach(ended);
  const stderr = () => started.map((s) => s.output).join("");
  try {
    let command = server.command;
    if (server.upstream) {
      const port = await freePort();
      const upstream = background(server.upstream.replaceAll("{port}", String(port)), cwd);
      started.push(upstream);
      await until(async () => upstream.child.exitCode === null && (await listening(port)), `${server.name}'s upstream did not listen`);
      command = command.replaceAll("{port}", String(port));
    }
    if (server.transport !== "http") return { command, stop, stderr };
    const proxy = background(command, cwd);
    started.push(proxy);
    let url = null;
    await until(() => {
      if (proxy.child.exitCode !== null) throw new Error(`${server.name} exited (${proxy.child.exitCode}) before serving:\n${tail(proxy.output)}`);
      url = /serving Streamable HTTP at (http:\/\/\S+)/.exec(proxy.output)?.[1] ?? null;
      return url !== null;
    }, `${server.name} did not serve`);
    return { url, command, stop, stderr };
  } catch (e) {
    stop();
    throw e;
  }
}

/** Calls a tool and returns `[result, raw]`: the client's result and every raw JSON-RPC
 * response of the call (more than one for a multi round-trip call). */
async function callTool(session, name, args, requestState) {
  const start = session.responses.length;
  let result;
  try {
    result = await session.client.callTool({ name, arguments: args, ...(requestState !== undefined && { requestState }) });
  } catch (e) {
    throw new Error(`tools/call ${name} failed: ${e?.message ?? e}\nstderr:\n${tail(session.stderr())}`);
  }
  return [result, session.responses.slice(start)];
}

/** Validates raw `tools/call` responses with the client SDK's own schemas for the negotiated
 * revision. */
function validateCallResults(major, version, raws) {
  assert.ok(raws.length > 0, "the call's raw response was seen");
  for (const raw of raws) {
    assert.equal(raw.error, undefined, `a JSON-RPC error: ${JSON.stringify(raw.error)}`);
    if (major === 1) {
      const parsed = CallToolResult1.safeParse(raw.result);
      assert.ok(parsed.success, `CallToolResult (1.x SDK): ${parsed.error}`);
      continue;
    }
    if (version === MODERN) {
      // The client's own 2026-07-28 decoding refused the call already if this were missing.
      assert.equal(typeof raw.result.resultType, "string", `2026-07-28 results carry resultType: ${JSON.stringify(raw.result).slice(0, 300)}`);
      if (raw.result.resultType === "input_required") continue;
      assert.equal(raw.result.resultType, "complete");
    }
    const checked = specTypeSchemas.CallToolResult["~standard"].validate(raw.result);
    assert.equal(checked.issues, undefined, `CallToolResult (2.x SDK): ${JSON.stringify(checked.issues)}`);
  }
}

// --- normalisation (tests/conformance/README.md) -----------------------------------------------

/** A spec server's result: `structuredContent` `{result, notes, warnings}`. */
const isSpecResult = (s) => s !== null && typeof s === "object" && !Array.isArray(s) && "result" in s && "notes" in s;

/** The result as the cases compare it: `is_error`, `notes` and `warnings` (the items), the
 * `envelope` (the first text content's JSON, on an error), the `output`. A spec server's notes
 * are in its `structuredContent`, a lenient plain server's in `_meta`. */
function normalise(result) {
  const structured = result.structuredContent;
  const spec = isSpecResult(structured);
  const meta = result._meta ?? {};
  const notes = (spec ? structured.notes : meta[NOTES_META_KEY]) ?? [];
  const warnings = (spec ? structured.warnings : meta[WARNINGS_META_KEY]) ?? [];
  const out = { is_error: Boolean(result.isError), notes, warnings, envelope: null, output: null };
  if (out.is_error) {
    const first = result.content?.[0];
    try {
      out.envelope = first?.type === "text" ? JSON.parse(first.text) : null;
    } catch {
      out.envelope = null;
    }
  } else {
    out.output = spec ? structured.result : structured;
  }
  return out;
}

/** Items (notes, warnings, issues) as sorted `[path, code]` pairs. */
const pairs = (items) =>
  (items ?? [])
    .map((i) => [i.path ?? null, i.code ?? null])
    .sort((a, b) => (String(a[0]) === String(b[0]) ? String(a[1]).localeCompare(String(b[1])) : String(a[0]).localeCompare(String(b[0]))));

/** The output as the cases compare it: the decisions (or a page's items) by id, without the
 * cursor (each server seals its own). */
function outputView(output) {
  if (output === null || typeof output !== "object" || Array.isArray(output)) return { value: output };
  const { decisions, items, next_cursor: _cursor, ...rest } = output;
  const listed = decisions ?? items;
  return Array.isArray(listed) ? { ...rest, ids: listed.map((d) => d.id) } : rest;
}

/** What the page helper adds to a search's output beyond what every server returns: left out of
 * the agreement between spec servers and wrapped plain servers (a case of the spec servers
 * checks it). */
const PAGE_ONLY = ["sort", "partial", "filtered", "matched_exact"];

/** The string a case's arguments use for the `confirm_token` of the last preview on the server. */
const PREVIEW_TOKEN = "$preview_token";

/** The arguments with `$preview_token` replaced by `token`. */
const withToken = (args, token) => Object.fromEntries(Object.entries(args).map(([k, v]) => [k, v === PREVIEW_TOKEN ? token : v]));

/** The `confirm_token` a preview result carries, if any. */
const previewToken = (result) => result?.structuredContent?.confirmation?.confirm_token;

/** Checks a result against what a case expects. */
function compare(expect, result, where) {
  const got = normalise(result);
  const context = `${where}: ${JSON.stringify(result).slice(0, 1500)}`;
  assert.equal(got.is_error, expect.is_error, `isError, ${context}`);
  if (expect.is_error && "text" in expect) {
    // A handler that failed: its message, not an envelope.
    assert.equal(result.content?.[0]?.text, expect.text, `the failed handler's text, ${context}`);
    return;
  }
  if (expect.is_error) {
    assert.ok(got.envelope !== null && typeof got.envelope === "object", `the first content block is a JSON envelope, ${context}`);
    assert.equal(got.envelope.code, expect.envelope.code, `envelope code, ${context}`);
    if ("issues" in expect.envelope) assert.deepEqual(pairs(got.envelope.issues), expect.envelope.issues, `envelope issues, ${context}`);
    if (result.structuredContent !== undefined) assert.deepEqual(result.structuredContent, got.envelope, `structuredContent is the envelope, ${context}`);
    return;
  }
  assert.deepEqual(pairs(got.notes), expect.notes ?? [], `notes, ${context}`);
  assert.deepEqual(pairs(got.warnings), expect.warnings ?? [], `warnings, ${context}`);
  if ("output" in expect) {
    const out = outputView(got.output);
    for (const [key, value] of Object.entries(expect.output)) assert.deepEqual(out[key], value, `output.${key}, ${context}`);
  }
}

/** A lenient plain server carries its notes and warnings beside the author's result: one last
 * text block `{"notes", "warnings"}` and the same lists in `_meta`, only when there are any. */
function checkCarrier(result, where) {
  if (result.isError || isSpecResult(result.structuredContent)) return;
  const meta = result._meta ?? {};
  const notes = meta[NOTES_META_KEY];
  const warnings = meta[WARNINGS_META_KEY];
  const last = result.content?.at(-1);
  let carried = null;
  try {
    carried = last?.type === "text" ? JSON.parse(last.text) : null;
  } catch {
    carried = null;
  }
  const carries = carried !== null && typeof carried === "object" && Object.keys(carried).sort().join() === "notes,warnings";
  if (!notes?.length && !warnings?.length) {
    assert.ok(notes === undefined && warnings === undefined && !carries, `${where}: a call without notes or warnings carries no agent-input block or _meta`);
    return;
  }
  assert.ok(carries, `${where}: the last text block carries the notes`);
  assert.deepEqual(carried, { notes: notes ?? [], warnings: warnings ?? [] }, `${where}: the block and _meta agree`);
}

/** What every server must say alike about one case: notes and warnings with their messages, the
 * whole envelope, the output without cursors. */
function agreed(result) {
  const got = normalise(result);
  const key = (i) => `${i.path}\u0000${i.code}\u0000${i.message}`;
  const sorted = (items) => [...items].sort((a, b) => key(a).localeCompare(key(b)));
  return {
    is_error: got.is_error,
    notes: sorted(got.notes),
    warnings: sorted(got.warnings),
    envelope: got.envelope,
    output: got.output === null ? null : Object.fromEntries(Object.entries(outputView(got.output)).filter(([k]) => !PAGE_ONLY.includes(k))),
  };
}

/** Per case, what each server and client said (`agreed`), for the final comparison. */
const said = new Map();

/** The server whose cases a server answers: its own name, or the one its `as` names (a plain
 * server made lenient by `agent-input proxy` answers as the same server with its one line). */
const answersAs = (server) => server.as ?? server.name;
const casesFor = (server) => CASES.filter((c) => c.servers === undefined || c.servers.includes("*") || c.servers.includes(answersAs(server)));

// --- the tests -----------------------------------------------------------------------------------

for (const server of SERVERS.filter((s) => ONLY === null || ONLY.has(s.name))) {
  describe(server.name, { timeout: TIMEOUT }, () => {
    for (const major of [1, 2]) {
      test(`the ${major}.x SDK client over ${server.transport === "http" ? "Streamable HTTP" : "stdio"}: tools/list and the shared cases`, { timeout: TIMEOUT }, async (t) => {
        if (!(await requirePrerequisites(t, server))) return;
        const session = await connectOrSkip(t, server, major);
        if (session === null) return;
        try {
          const version = major === 1 ? undefined : session.client.getNegotiatedProtocolVersion();
          t.diagnostic(`protocol ${major === 1 ? "(2025 era, 1.x client)" : version}`);
          if (major === 2) assert.equal(version === MODERN, !LEGACY_ONLY.has(answersAs(server)), `the 2.x client negotiated ${version}`);
          const start = session.responses.length;
          const { tools } = await session.client.listTools();
          assert.deepEqual(tools.map((tool) => tool.name).sort(), ["search_decisions", "update_decision_notes"]);
          for (const raw of session.responses.slice(start)) {
            if (major === 1) assert.ok(ListToolsResult1.safeParse(raw.result).success, "ListToolsResult (1.x SDK)");
            else if (version === MODERN) assert.equal(raw.result.resultType, "complete");
          }
          // The advertised schema admits what the reader reads: a page size as a string.
          const search = tools.find((tool) => tool.name === "search_decisions");
          assert.match(JSON.stringify(search.inputSchema.properties.limit), /"string"/, "limit admits a string");
          let token = "";
          for (const c of casesFor(server)) {
            await t.test(c.name, async () => {
              const [result, raws] = await callTool(session, c.tool, withToken(c.arguments, token), c.request_state);
              token = previewToken(result) ?? token;
              validateCallResults(major, version, raws);
              const where = `${server.name}, ${major}.x client`;
              compare(c.expect, result, where);
              checkCarrier(result, where);
              if (!said.has(c.name)) said.set(c.name, new Map());
              said.get(c.name).set(where, agreed(result));
            });
          }
          assert.deepEqual(session.noise(), [], "nothing but JSON-RPC on stdout");
          assert.deepEqual(session.errors, [], "no protocol errors");
        } finally {
          await session.close();
        }
      });
    }

    if (server.name.startsWith("courts-")) {
      test("the 2.x SDK client on 2026-07-28: a person answers an ambiguous date (input_required)", { timeout: TIMEOUT }, async (t) => {
        if (!(await requirePrerequisites(t, server))) return;
        const asked = [];
        const session = await connectOrSkip(t, server, 2, {
          elicit: async (request) => {
            asked.push(request.params);
            return { action: "accept", content: { value: "2026-11-01" } };
          },
        });
        if (session === null) return;
        try {
          assert.equal(session.client.getNegotiatedProtocolVersion(), MODERN);
          const [result, raws] = await callTool(session, "search_decisions", { query: "nájem", date_to: "01/11/2026" });
          validateCallResults(2, MODERN, raws);
          assert.deepEqual(
            raws.map((r) => r.result.resultType),
            ["input_required", "complete"],
            "two round trips: the question, then the result",
          );
          assert.equal(asked.length, 1);
          assert.equal(asked[0].mode, "form");
          assert.deepEqual(asked[0].requestedSchema.properties.value.oneOf.map((o) => o.const), ["2026-11-01", "2026-01-11"]);
          compare(
            {
              is_error: false,
              notes: [["date_to", "reading_chosen_by_person"]],
              output: { matched: 2, returned: 2, ids: ["0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01", "5d7c2a9e-8b1f-4c3d-a6e2-71f0b9d4c802"] },
            },
            result,
            server.name,
          );
        } finally {
          await session.close();
        }
      });
    }
  });
}

describe("the servers agree", () => {
  // Runs after every server's tests (node:test runs these suites in order).
  for (const c of CASES) {
    test(c.name, (t) => {
      const views = said.get(c.name);
      if (views === undefined && SERVERS_FILE !== "examples/servers.json") {
        t.skip(`no server of ${SERVERS_FILE} takes this case (its cases name other servers)`);
        return;
      }
      if (views === undefined || views.size < 2) {
        if (REQUIRE) assert.fail(`fewer than two servers answered "${c.name}"`);
        t.skip("fewer than two servers ran this case");
        return;
      }
      const [[firstWhere, first], ...rest] = views;
      for (const [where, view] of rest) assert.deepEqual(view, first, `${where} differs from ${firstWhere}`);
    });
  }
});

describe("the harness", () => {
  test("examples/servers.json lists every example server, each with a name, cwd and command", (t) => {
    if (SERVERS_FILE !== "examples/servers.json") return t.skip(`another server list: ${SERVERS_FILE}`);
    const names = SERVERS.map((s) => s.name).sort();
    assert.deepEqual(names, [
      "courts-fastmcp",
      "courts-mcp",
      "courts-rust",
      "courts-ts",
      "plain-fastmcp",
      "plain-mcp",
      "plain-rmcp",
      "plain-ts-sdk1",
      "plain-ts-sdk2",
    ]);
    for (const s of SERVERS) {
      assert.equal(typeof s.cwd, "string", s.name);
      assert.equal(typeof s.command, "string", s.name);
      assert.ok(s.setup === undefined || typeof s.setup === "string", s.name);
      assert.deepEqual(Object.keys(s).filter((k) => !["name", "cwd", "setup", "command"].includes(k)), [], s.name);
    }
  });

  test("the cases name only known servers", (t) => {
    if (SERVERS_FILE !== "examples/servers.json") return t.skip(`another server list: ${SERVERS_FILE}`);
    const names = new Set(SERVERS.map((s) => s.name));
    for (const c of CASES) for (const s of c.servers ?? []) assert.ok(s === "*" || names.has(s), `${c.name}: ${s}`);
  });

  test("a server whose prerequisites are missing is named with the reason (skipped, or failed under REQUIRE)", async () => {
    assert.match(await prerequisiteProblem({ name: "gone", cwd: "examples/no-such-dir", command: "node x.js" }), /examples\/no-such-dir does not exist/);
    assert.match(
      await prerequisiteProblem({ name: "no-program", cwd: "examples", setup: "make it", command: "X=1 no-such-program-4711 --stdio" }),
      /`no-such-program-4711` is not on PATH .*; run `make it` in examples first/,
    );
    const failing = { name: "bad-setup", cwd: "examples", setup: "echo broken >&2; exit 3", command: "node x.js" };
    assert.match(await prerequisiteProblem(failing, { setup: true }), /setup `echo broken >&2; exit 3` failed \(exit 3\):\nbroken/);
    assert.equal(await prerequisiteProblem(failing, { setup: false }), null);
  });

  test("a line on stdout that is not JSON-RPC is caught", async () => {
    const fixture = { name: "noise", cwd: "tests/conformance/node", command: `'${process.execPath}' fixtures/no_result_type.js --noise` };
    for (const major of [1, 2]) {
      const session = await connect(fixture, major);
      try {
        await session.client.listTools();
        assert.deepEqual(session.noise(), ["> courts@1.0.0 start"], `the ${major}.x client's server wrote a stray line`);
      } finally {
        await session.close();
      }
    }
  });

  test("a 2026-07-28 result without resultType fails the 2.x client; the 1.x client takes it on 2025", async () => {
    const fixture = { name: "no-result-type", cwd: "tests/conformance/node", command: `'${process.execPath}' fixtures/no_result_type.js` };
    const modern = await connect(fixture, 2);
    try {
      assert.equal(modern.client.getNegotiatedProtocolVersion(), MODERN);
      await assert.rejects(modern.client.callTool({ name: "echo", arguments: {} }), /missing required resultType/);
    } finally {
      await modern.close();
    }
    const legacy = await connect(fixture, 1);
    try {
      const [result, raws] = await callTool(legacy, "echo", {});
      validateCallResults(1, undefined, raws);
      assert.deepEqual(result.content, [{ type: "text", text: "echo" }]);
    } finally {
      await legacy.close();
    }
  });
});
