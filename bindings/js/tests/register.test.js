/**
 * `node --import agent-input/register SERVER.js`: servers with no agent-input in their code, made
 * lenient as they connect, each started as its own process and driven over a real stdio transport
 * by the SDK's own `Client` and `StdioClientTransport`: the published
 * `@modelcontextprotocol/server-memory` and `@modelcontextprotocol/server-everything` (2026.8.31,
 * on `McpServer` of @modelcontextprotocol/sdk 1.32.2, ES modules), and fixtures on the low-level
 * `Server` of 2.x (ES modules) and 1.x (CommonJS) and on `McpServer` of 2.x (CommonJS). Then the
 * options from the environment, the `agent-input-lenient` command, and every way the register
 * refuses to start (one line on stderr, exit code 2, nothing on stdout).
 */

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport as Stdio1 } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Client as Client2 } from "@modelcontextprotocol/client";
import { StdioClientTransport as Stdio2 } from "@modelcontextprotocol/client/stdio";

import { ENV, optionsFromEnv } from "../lib/register-runtime.js";

const PKG = dirname(dirname(fileURLToPath(import.meta.url)));
const FIXTURES = join(PKG, "tests", "fixtures", "register");
const MODULES = join(PKG, "node_modules");
const MEMORY = join(MODULES, "@modelcontextprotocol", "server-memory", "dist", "index.js");
const EVERYTHING = join(MODULES, "@modelcontextprotocol", "server-everything", "dist", "index.js");
const REGISTER = ["--import", "agent-input/register"];
const NOTES = "agent-input/notes";

const scratch = mkdtempSync(join(tmpdir(), "agent-input-register-"));
after(() => rmSync(scratch, { recursive: true, force: true }));
let files = 0;
const scratchFile = (name) => join(scratch, `${files++}-${name}`);

/** The environment of a server process: this one's, without the register's own variables. */
function baseEnv(extra = {}) {
  const env = { ...process.env };
  for (const name of Object.values(ENV)) delete env[name];
  delete env.NODE_OPTIONS;
  return { ...env, ...extra };
}

const clients = [];
after(async () => {
  for (const client of clients) await client.close().catch(() => {});
});

/** A client of `major` connected over stdio to `command args` (run in the package's folder, where
 * `agent-input/register` resolves to this package). */
async function start(args, { major = 1, env = {}, command = process.execPath } = {}) {
  const [Client, Stdio] = major === 1 ? [Client1, Stdio1] : [Client2, Stdio2];
  const transport = new Stdio({ command, args, cwd: PKG, env: baseEnv(env), stderr: "pipe" });
  const client = new Client({ name: "register-test", version: "1.0.0" });
  await client.connect(transport);
  clients.push(client);
  return client;
}

/** Runs `node args` to its end (a server that refuses to start). */
function run(args, { env = {}, cwd = PKG, command = process.execPath } = {}) {
  return spawnSync(command, args, { cwd, env: baseEnv(env), encoding: "utf8", input: "", timeout: 60_000 });
}

/** One stderr line naming the register, exit code 2, nothing on stdout. */
function assertRefused(r, pattern) {
  assert.equal(r.status, 2, `exit code ${r.status}; stderr: ${r.stderr}`);
  assert.equal(r.stdout, "", "nothing on stdout (the MCP channel)");
  const lines = r.stderr.split("\n").filter((l) => l !== "");
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /^agent-input\/register: /);
  assert.match(lines[0], pattern);
}

const text = (result) => result.content.map((c) => c.text);
const noteCodes = (result) => (result._meta?.[NOTES] ?? []).map((n) => `${n.path}:${n.code}`);

describe("a published server started with node --import agent-input/register", () => {
  test("server-memory: a canonical call is answered byte for byte as without the register", async () => {
    const answers = [];
    for (const args of [[MEMORY], [...REGISTER, MEMORY]]) {
      const client = await start(args, { env: { MEMORY_FILE_PATH: scratchFile("memory.jsonl") } });
      const entities = await client.callTool({
        name: "create_entities",
        arguments: { entities: [{ name: "Alice", entityType: "person", observations: ["writes"] }, { name: "Bob", entityType: "person", observations: [] }] },
      });
      const relations = await client.callTool({ name: "create_relations", arguments: { relations: [{ from: "Alice", to: "Bob", relationType: "knows" }] } });
      const graph = await client.callTool({ name: "read_graph", arguments: {} });
      answers.push([entities, relations, graph].map((r) => JSON.stringify(r)));
    }
    assert.deepEqual(answers[1], answers[0]);
    assert.match(answers[0][1], /"from":"Alice","to":"Bob","relationType":"knows"/);
  });

  test("server-memory: misspelt names, one value for a list and a list as JSON text are read, with notes", async () => {
    const client = await start([...REGISTER, MEMORY], { env: { MEMORY_FILE_PATH: scratchFile("memory.jsonl") } });
    const schema = (await client.listTools()).tools.find((t) => t.name === "create_relations").inputSchema;
    assert.ok(schema.properties.relations.anyOf, "the lenient schema is listed");
    await client.callTool({ name: "create_entities", arguments: { entities: [{ name: "Alice", entityType: "person", observations: [] }, { name: "Bob", entityType: "person", observations: [] }] } });
    const misspelt = await client.callTool({ name: "create_relations", arguments: { relations: [{ From: "Alice", to: "Bob", relation_type: "knows" }] } });
    assert.equal(misspelt.isError ?? false, false, JSON.stringify(misspelt));
    assert.deepEqual(misspelt.structuredContent, { relations: [{ from: "Alice", to: "Bob", relationType: "knows" }] });
    assert.deepEqual(noteCodes(misspelt), ["relations[0].from:property_name_normalized", "relations[0].relationType:property_name_normalized"]);
    const asText = await client.callTool({ name: "create_relations", arguments: { relations: JSON.stringify([{ from: "Bob", to: "Alice", relationType: "knows" }]) } });
    assert.deepEqual(noteCodes(asText), ["relations:json_array_decoded"]);
    const one = await client.callTool({ name: "open_nodes", arguments: { names: "Alice" } });
    assert.deepEqual(noteCodes(one), ["names:single_value_read_as_list"]);
    assert.deepEqual(one.structuredContent.entities.map((e) => e.name), ["Alice"]);
    // Without the register, the SDK's zod refuses the same call.
    const bare = await start([MEMORY], { env: { MEMORY_FILE_PATH: scratchFile("memory.jsonl") } });
    const refused = await bare.callTool({ name: "create_relations", arguments: { relations: [{ From: "Alice", to: "Bob", relation_type: "knows" }] } });
    assert.equal(refused.isError, true);
  });

  test("server-everything: a number sent as \"4 000\" is read as 4000, with a note; without the register zod refuses it", async () => {
    const client = await start([...REGISTER, EVERYTHING, "stdio"]);
    const repaired = await client.callTool({ name: "get-sum", arguments: { a: "4 000", b: 1 } });
    assert.equal(repaired.isError ?? false, false, JSON.stringify(repaired));
    assert.equal(text(repaired)[0], "The sum of 4000 and 1 is 4001.");
    assert.deepEqual(noteCodes(repaired), ["a:grouping_removed"]);
    assert.deepEqual(JSON.parse(text(repaired)[1]).notes, repaired._meta[NOTES]);
    const canonical = JSON.stringify(await client.callTool({ name: "get-sum", arguments: { a: 4000, b: 1 } }));

    const bare = await start([EVERYTHING, "stdio"]);
    const refused = await bare.callTool({ name: "get-sum", arguments: { a: "4 000", b: 1 } });
    assert.equal(refused.isError, true);
    assert.match(text(refused)[0], /Input validation error/);
    assert.equal(JSON.stringify(await bare.callTool({ name: "get-sum", arguments: { a: 4000, b: 1 } })), canonical);
  });
});

describe("servers of each SDK major and module format, made lenient by the register", () => {
  const servers = [
    ["the 2.x low-level Server, ES modules", "lowlevel_v2.mjs", 2],
    ["the 1.x low-level Server, CommonJS", "lowlevel_v1.cjs", 1],
    ["the 2.x McpServer, CommonJS", "mcp_v2.cjs", 2],
  ];
  for (const [what, file, major] of servers) {
    test(`${what}: a repaired call reaches the handler canonical, with notes`, async () => {
      const client = await start([...REGISTER, join(FIXTURES, file)], { major });
      const result = await client.callTool({ name: "count", arguments: { n: "4 000", when: "1. 10. 2026", open: "yes" } });
      assert.equal(result.isError ?? false, false, JSON.stringify(result));
      assert.deepEqual(JSON.parse(text(result)[0]), { n: 4000, when: "2026-10-01", open: true });
      assert.deepEqual(noteCodes(result).sort(), ["n:grouping_removed", "open:boolean_word_read", "when:date_spelling_normalized"].sort());
      const bare = await start([join(FIXTURES, file)], { major });
      const canonical = { name: "count", arguments: { n: 4000, when: "2026-10-01", open: true } };
      assert.equal(JSON.stringify(await client.callTool(canonical)), JSON.stringify(await bare.callTool(canonical)));
    });
  }
});

describe("the options, from the environment", () => {
  const V2 = join(FIXTURES, "mcp_v2.cjs");

  test("AGENT_INPUT_TODAY, AGENT_INPUT_LANGUAGES and AGENT_INPUT_OVERRIDES reach the server's tools", async () => {
    const client = await start([...REGISTER, V2], { major: 2, env: { [ENV.today]: "2026-12-05", [ENV.languages]: "cs" } });
    const yesterday = await client.callTool({ name: "count", arguments: { n: 1, when: "yesterday" } });
    assert.deepEqual(JSON.parse(text(yesterday)[0]), { n: 1, when: "2026-12-04" });
    const month = await client.callTool({ name: "count", arguments: { n: 1, when: "1. listopad 2026" } });
    assert.deepEqual(JSON.parse(text(month)[0]), { n: 1, when: "2026-11-01" });

    const overrides = scratchFile("overrides.json");
    writeFileSync(overrides, JSON.stringify({ count: false }));
    const alone = await start([...REGISTER, V2], { major: 2, env: { [ENV.overrides]: overrides } });
    const refused = await alone.callTool({ name: "count", arguments: { n: "4 000" } });
    assert.equal(refused.isError, true, "a tool mapped to false is the SDK's");
  });

  test("AGENT_INPUT_IMPLIED_KINDS=1 (behavioural: what the core does with implied_kinds)", async () => {
    // The register only passes `implied_kinds: true` on (the unit test below and lowlevel.test.js
    // show it reaches the core); this asserts the core's reading, which the core defines: with it
    // a plain string named `country` reads as a country, without it passes as sent.
    const fixture = join(FIXTURES, "lowlevel_v2.mjs");
    const implied = await start([...REGISTER, fixture], { major: 2, env: { [ENV.impliedKinds]: "1" } });
    const plain = await start([...REGISTER, fixture], { major: 2 });
    const withKinds = await implied.callTool({ name: "place", arguments: { country: "Czechia" } });
    const without = await plain.callTool({ name: "place", arguments: { country: "Czechia" } });
    assert.deepEqual(JSON.parse(text(without)[0]), { country: "Czechia" });
    assert.deepEqual(JSON.parse(text(withKinds)[0]), { country: "CZ" });
  });

  test("overrides naming a tool the server does not list: one warning on stderr, and the server serves", () => {
    const overrides = scratchFile("overrides.json");
    writeFileSync(overrides, JSON.stringify({ serch_nodes: { properties: {} } }));
    // Its stdin closed at once, the server stops by itself (exit 0) after connecting.
    const r = run([...REGISTER, MEMORY], { env: { [ENV.overrides]: overrides, MEMORY_FILE_PATH: scratchFile("memory.jsonl") } });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, "");
    assert.match(r.stderr, /^agent-input\/register: AGENT_INPUT_OVERRIDES names `serch_nodes`, which the server does not list \(yet\); its tools: create_entities, .*search_nodes/m);
    assert.match(r.stderr, /Knowledge Graph MCP Server running on stdio/);
  });

  test("optionsFromEnv reads each variable as the Python side does", () => {
    const overrides = scratchFile("overrides.json");
    writeFileSync(overrides, JSON.stringify({ a: { properties: {} }, b: false }));
    const options = optionsFromEnv({ [ENV.overrides]: overrides, [ENV.languages]: "cs, de", [ENV.today]: "2026-02-28", [ENV.impliedKinds]: "true" });
    assert.deepEqual(options.tools, { a: { properties: {} }, b: false });
    assert.deepEqual(options.languages, ["cs", "de"]);
    assert.equal(options.today(), "2026-02-28");
    assert.equal(options.impliedKinds, true);
    assert.equal(optionsFromEnv({ [ENV.impliedKinds]: "1" }).impliedKinds, true);
    assert.equal(optionsFromEnv({ [ENV.impliedKinds]: "0" }).impliedKinds, false);
    assert.match(optionsFromEnv({ [ENV.today]: "UTC" }).today(), /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(optionsFromEnv({ [ENV.today]: "local" }).today() instanceof Date);
    assert.deepEqual(optionsFromEnv({}), {});
    assert.throws(() => optionsFromEnv({ [ENV.today]: "2026-02-30" }), /AGENT_INPUT_TODAY=2026-02-30: expected utc, local or a day as YYYY-MM-DD/);
  });
});

describe("the register refuses to start: one line on stderr, exit code 2", () => {
  const wrong = [
    [{ [ENV.languages]: "c s" }, /AGENT_INPUT_LANGUAGES=c s: `c s` is no language tag/],
    [{ [ENV.today]: "tomorrow" }, /AGENT_INPUT_TODAY=tomorrow: expected utc, local or a day as YYYY-MM-DD/],
    [{ [ENV.impliedKinds]: "maybe" }, /AGENT_INPUT_IMPLIED_KINDS=maybe: expected 1, true, 0 or false/],
    [{ [ENV.overrides]: "/nonexistent/overrides.json" }, /AGENT_INPUT_OVERRIDES=\/nonexistent\/overrides.json: the file cannot be read \(ENOENT\)/],
  ];
  for (const [env, pattern] of wrong) {
    test(`a wrong option: ${Object.entries(env)[0].join("=")}`, () => {
      assertRefused(run([...REGISTER, MEMORY], { env }), pattern);
    });
  }

  test("overrides that are not JSON, or not objects, or that the core refuses", () => {
    const notJson = scratchFile("overrides.json");
    writeFileSync(notJson, "{ create_relations: false");
    assertRefused(run([...REGISTER, MEMORY], { env: { [ENV.overrides]: notJson } }), /: not JSON/);
    const notObject = scratchFile("overrides.json");
    writeFileSync(notObject, JSON.stringify({ create_relations: "yes" }));
    assertRefused(run([...REGISTER, MEMORY], { env: { [ENV.overrides]: notObject } }), /the tool `create_relations` maps to "yes"; expected its overrides \(an object\) or false/);
    // The core refuses these when the server connects: the tools are built then, before it serves.
    const refused = scratchFile("overrides.json");
    writeFileSync(refused, JSON.stringify({ search_nodes: { properties: { query: { kind: "no such kind" } } } }));
    const r = run([...REGISTER, MEMORY], { env: { [ENV.overrides]: refused, MEMORY_FILE_PATH: scratchFile("memory.jsonl") } });
    assertRefused(r, /the server's tools cannot be read with these options \(AGENT_INPUT_OVERRIDES, AGENT_INPUT_LANGUAGES\): property `query` of tool `search_nodes`: unknown kind `no such kind`/);
    const language = run([...REGISTER, MEMORY], { env: { [ENV.languages]: "qq", MEMORY_FILE_PATH: scratchFile("memory.jsonl") } });
    assertRefused(language, /cannot be read with these options .*no language is known as "qq"/);
  });

  /** A folder with a fake copy of the SDK at `version` (an ES module and a CommonJS entry), and a
   * server that imports or requires it. */
  function fakeSdk(version) {
    const root = join(scratch, `fake-${files++}`);
    const sdk = join(root, "node_modules", "@modelcontextprotocol", "sdk");
    mkdirSync(join(sdk, "server"), { recursive: true });
    writeFileSync(
      join(sdk, "package.json"),
      JSON.stringify({ name: "@modelcontextprotocol/sdk", version, exports: { "./server/index.js": { import: "./server/index.mjs", require: "./server/index.cjs" } } }),
    );
    writeFileSync(join(sdk, "server", "index.mjs"), "export class Server { connect() {} }\n");
    writeFileSync(join(sdk, "server", "index.cjs"), "exports.Server = class Server { connect() {} };\n");
    writeFileSync(join(root, "server.mjs"), 'import { Server } from "@modelcontextprotocol/sdk/server/index.js";\nnew Server().connect();\nconsole.log("served");\n');
    writeFileSync(join(root, "server.cjs"), 'const { Server } = require("@modelcontextprotocol/sdk/server/index.js");\nnew Server().connect();\nconsole.log("served");\n');
    return root;
  }

  test("a copy of the SDK of a major it does not wrap, imported (ES module) or required (CommonJS)", () => {
    const root = fakeSdk("3.0.0");
    const register = join(PKG, "lib", "register.js");
    for (const server of ["server.mjs", "server.cjs"]) {
      const r = run(["--import", register, join(root, server)], { cwd: root });
      assertRefused(r, /@modelcontextprotocol\/sdk 3\.0\.0 \(.*\) is not a version agent-input\/register wraps: it wraps @modelcontextprotocol\/sdk 1\.x and @modelcontextprotocol\/server 2\.x/);
    }
  });

  test("a Server class of a supported major that is not the low-level server lenient knows", () => {
    const root = fakeSdk("1.99.0");
    const register = join(PKG, "lib", "register.js");
    for (const server of ["server.mjs", "server.cjs"]) {
      const r = run(["--import", register, join(root, server)], { cwd: root });
      assertRefused(r, /the Server of .* is not the low-level server lenient knows: this SDK version cannot be made lenient/);
    }
  });
});

describe("agent-input-lenient COMMAND: the register for a command npx puts on PATH", () => {
  const BIN = join(PKG, "lib", "register-run.js");

  test("a script, and a package's bin found on PATH, are made lenient", async () => {
    const bins = join(MODULES, ".bin");
    for (const [args, env] of [
      [[BIN, MEMORY], {}],
      [[BIN, "mcp-server-memory"], { PATH: `${bins}:${process.env.PATH}` }],
    ]) {
      const client = await start(args, { env: { ...env, MEMORY_FILE_PATH: scratchFile("memory.jsonl") } });
      const one = await client.callTool({ name: "open_nodes", arguments: { names: "Alice" } });
      assert.deepEqual(noteCodes(one), ["names:single_value_read_as_list"], args.join(" "));
    }
  });

  test("its errors: no command, a command not found, the server's own exit 2", () => {
    const usage = run([BIN]);
    assert.equal(usage.status, 2);
    assert.match(usage.stderr, /^usage: agent-input-lenient COMMAND/);
    const missing = run([BIN, "no-such-command-agent-input"]);
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /agent-input-lenient: cannot run no-such-command-agent-input: ENOENT/);
    assertRefused(run([BIN, MEMORY], { env: { [ENV.today]: "someday" } }), /AGENT_INPUT_TODAY=someday/);
    assert.equal(readFileSync(BIN, "utf8").split("\n")[0], "#!/usr/bin/env node");
  });
});
