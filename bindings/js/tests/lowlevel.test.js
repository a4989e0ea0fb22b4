/**
 * `lenient(server)` on the low-level `Server` of both SDK majors (1.x
 * `@modelcontextprotocol/sdk/server/index.js` 1.32.2, 2.x `@modelcontextprotocol/server` 2.4.0),
 * whose author sets the `tools/list` and `tools/call` handlers with `setRequestHandler`, before or
 * after `lenient`; the `TypeError` for what it cannot wrap; and the `impliedKinds` option, which
 * only passes the root override `implied_kinds: true` on to the core. Driven through each SDK's own
 * client over its in-memory transport.
 */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemory1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServer1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server as Server1 } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { Client as Client2 } from "@modelcontextprotocol/client";
import { InMemoryTransport as InMemory2, McpServer as McpServer2, Server as Server2 } from "@modelcontextprotocol/server";
import { z } from "zod";

import { Tool } from "agent-input";
import { checkTools, isLenient, lenient, NOTES_META_KEY, registerTool } from "agent-input/mcp";

/** The tool as a low-level server's author declares it: JSON Schema written by hand. */
const SEARCH = {
  name: "search",
  description: "Search decisions.",
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string" },
      limit: { type: "integer", minimum: 1, maximum: 50 },
      date_from: { type: "string", format: "date" },
      open: { type: "boolean" },
    },
    required: ["query"],
  },
};
const ECHO = { name: "echo", inputSchema: { type: "object", properties: { n: { type: "number" } } } };

const MAJORS = {
  1: {
    Server: Server1,
    McpServer: McpServer1,
    Client: Client1,
    list: ListToolsRequestSchema,
    call: CallToolRequestSchema,
    pair: () => InMemory1.createLinkedPair(),
  },
  2: {
    Server: Server2,
    McpServer: McpServer2,
    Client: Client2,
    list: "tools/list",
    call: "tools/call",
    pair: () => InMemory2.createLinkedPair(),
  },
};

/**
 * A low-level server of one major with two tools; `calls` records the arguments its tools/call
 * handler received. `when`: lenient "before" or "after" the handlers are set, or "never".
 */
function lowServer(major, { when = "after", options } = {}) {
  const { Server, list, call } = MAJORS[major];
  const server = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
  const calls = [];
  if (when === "before") lenient(server, options);
  server.setRequestHandler(list, () => ({ tools: [SEARCH, ECHO] }));
  server.setRequestHandler(call, (request) => {
    const args = request.params.arguments ?? {};
    calls.push({ name: request.params.name, args });
    if (request.params.name === "nope") return { content: [{ type: "text", text: "no such tool" }], isError: true };
    return { content: [{ type: "text", text: JSON.stringify(args) }] };
  });
  if (when === "after") lenient(server, options);
  return { server, calls };
}

async function connect(major, server) {
  const { Client, pair } = MAJORS[major];
  const [clientSide, serverSide] = pair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

const codes = (notes, path) => notes.filter((n) => n.path === path).map((n) => n.code);

for (const major of [1, 2]) {
  const { Server, McpServer, Client } = MAJORS[major];

  describe(`SDK ${major}.x low-level Server`, () => {
    test("the SDK keeps what lenient relies on for handlers set before it: _requestHandlers, a Map", () => {
      // A handler set before lenient is wrapped where the server keeps it; an SDK that moves it
      // fails here (and lenient throws its TypeError instead of running without the line).
      const { server } = lowServer(major, { when: "never" });
      assert.ok(server._requestHandlers instanceof Map);
      assert.equal(typeof server._requestHandlers.get("tools/call"), "function");
      assert.equal(typeof server._requestHandlers.get("tools/list"), "function");
    });

    for (const when of ["before", "after"]) {
      test(`lenient ${when} setRequestHandler: the lenient schema is listed and the handler gets canonical values`, async () => {
        const { server, calls } = lowServer(major, { when });
        assert.equal(isLenient(server), true);
        const client = await connect(major, server);
        const { tools } = await client.listTools();
        assert.deepEqual(
          tools.find((t) => t.name === "search").inputSchema,
          Tool.fromInputSchema(SEARCH).inputSchema(),
        );
        assert.equal(tools.find((t) => t.name === "search").description, "Search decisions.");

        const result = await client.callTool({ name: "search", arguments: { query: "nájem", limit: "4 000", date_from: "1. 10. 2026", open: "yes" } });
        assert.equal(result.isError ?? false, false, JSON.stringify(result));
        assert.deepEqual(calls, [{ name: "search", args: { query: "nájem", limit: 50, date_from: "2026-10-01", open: true } }]);
        const notes = result._meta[NOTES_META_KEY];
        assert.deepEqual(codes(notes, "limit"), ["grouping_removed", "out_of_range_clamped"]);
        assert.deepEqual(codes(notes, "date_from"), ["date_spelling_normalized"]);
        assert.ok(codes(notes, "open").length > 0, JSON.stringify(notes));
        assert.deepEqual(JSON.parse(result.content.at(-1).text).notes, notes);
        assert.deepEqual(JSON.parse(result.content[0].text), calls[0].args);
      });
    }

    test("a canonical call is answered byte for byte as without lenient", async () => {
      const args = { query: "nájem", limit: 5, date_from: "2026-10-01", open: false };
      const answers = [];
      for (const when of ["never", "before", "after"]) {
        const client = await connect(major, lowServer(major, { when }).server);
        answers.push(JSON.stringify(await client.callTool({ name: "search", arguments: args })));
      }
      assert.equal(answers[1], answers[0]);
      assert.equal(answers[2], answers[0]);
    });

    test("an ask is the envelope and the handler does not run; an unknown tool is the author's", async () => {
      const { server, calls } = lowServer(major);
      const client = await connect(major, server);
      const asked = await client.callTool({ name: "search", arguments: { query: "x", date_from: "01/02/2026" } });
      assert.equal(asked.isError, true);
      assert.equal(JSON.parse(asked.content[0].text).code, "ambiguous_arguments");
      const missing = await client.callTool({ name: "search", arguments: { limit: 3 } });
      assert.equal(JSON.parse(missing.content[0].text).code, "missing_arguments");
      assert.deepEqual(calls, []);
      const unknown = await client.callTool({ name: "nope", arguments: { limit: "4 000" } });
      assert.deepEqual(unknown.content, [{ type: "text", text: "no such tool" }]);
      assert.deepEqual(calls, [{ name: "nope", args: { limit: "4 000" } }]);
    });

    test("the options reach the tools: overrides, false, languages and the day", async () => {
      const options = { tools: { echo: false }, languages: ["cs"], today: () => "2026-12-05" };
      const { server, calls } = lowServer(major, { when: "before", options });
      const client = await connect(major, server);
      const echo = (await client.listTools()).tools.find((t) => t.name === "echo");
      assert.deepEqual(echo.inputSchema, ECHO.inputSchema);
      await client.callTool({ name: "echo", arguments: { n: "4 000" } });
      assert.deepEqual(calls.at(-1).args, { n: "4 000" });
      const result = await client.callTool({ name: "search", arguments: { query: "x", date_from: "1. listopad 2026" } });
      assert.equal(result.isError ?? false, false, JSON.stringify(result));
      assert.equal(calls.at(-1).args.date_from, "2026-11-01");
      await client.callTool({ name: "search", arguments: { query: "x", date_from: "yesterday" } });
      assert.equal(calls.at(-1).args.date_from, "2026-12-04");
    });

    test("checkTools builds every listed tool's spec and names overrides that match no tool", async () => {
      const { server } = lowServer(major, { options: { tools: { serch: { properties: {} } } } });
      assert.deepEqual(await checkTools(server), { tools: ["search", "echo"], unknown: ["serch"] });
      const { server: bad } = lowServer(major, { options: { tools: { search: { properties: { limit: { kind: "no such kind" } } } } } });
      await assert.rejects(checkTools(bad));
      await assert.rejects(checkTools(new Server({ name: "x", version: "1" })), /not lenient/);
    });

    test("a server whose tools come from agent-input's registerTool is refused, with the reason", () => {
      const server = new Server({ name: "low", version: "1.0.0" });
      registerTool(server, { name: "find", properties: { query: { kind: "text" } } }, () => ({}));
      assert.throws(() => lenient(server), /registered with agent-input's registerTool, which reads their calls leniently already/);
    });

    test("handlers kept where lenient cannot wrap them: a TypeError naming the SDK version's class", () => {
      const { server } = lowServer(major, { when: "never" });
      const kept = server._requestHandlers;
      server._requestHandlers = undefined;
      try {
        assert.throws(() => lenient(server), (e) => e instanceof TypeError && /tools\/list and tools\/call handlers are set already, and this SDK version \(an instance of Server\)/.test(e.message));
      } finally {
        server._requestHandlers = kept;
      }
      assert.equal(isLenient(server), false);
    });

    test("an object lenient cannot wrap is a TypeError naming the supported classes and what it got", () => {
      const client = new Client({ name: "c", version: "1" });
      const cases = [
        [client, "an instance of Client"],
        [{}, "an instance of Object"],
        [null, "null"],
        [Server, "the function Server, not an instance of it"],
        [McpServer, "the function McpServer, not an instance of it"],
        [Object.create(null), "an object without a constructor"],
        ["server", 'string "server"'],
      ];
      for (const [value, got] of cases) {
        assert.throws(
          () => lenient(value),
          (e) =>
            e instanceof TypeError &&
            e.message.includes("expected an McpServer or a low-level Server of @modelcontextprotocol/sdk 1.x") &&
            e.message.includes("@modelcontextprotocol/server 2.x") &&
            e.message.includes(`; got ${got}`),
          `lenient(${String(got)})`,
        );
      }
      // Both classes of the major are taken.
      lenient(new McpServer({ name: "m", version: "1" }));
      lenient(new Server({ name: "s", version: "1" }));
    });

    test("impliedKinds and languages reach each tool's spec as root overrides, a tool's own winning", async () => {
      // The options only pass the keys on; what the core does with them is the core's (tested there).
      const PLACE = { name: "place", inputSchema: { type: "object", properties: { country: { type: "string" }, from: { type: "string" } } } };
      const listedBy = async (options) => {
        const server = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
        server.setRequestHandler(MAJORS[major].list, () => ({ tools: [PLACE, ECHO] }));
        lenient(server, options);
        return (await (await connect(major, server)).listTools()).tools;
      };
      const made = (definition, overrides) => Tool.fromInputSchema(definition, { overrides }).inputSchema();
      const implied = await listedBy({ impliedKinds: true, languages: ["cs"], tools: { echo: { implied_kinds: false } } });
      assert.deepEqual(implied[0].inputSchema, made(PLACE, { languages: ["cs"], implied_kinds: true }));
      assert.notDeepEqual(implied[0].inputSchema, made(PLACE, undefined));
      assert.deepEqual(implied[1].inputSchema, made(ECHO, { implied_kinds: false, languages: ["cs"] }));
      const plain = await listedBy({});
      assert.deepEqual(plain[0].inputSchema, made(PLACE, undefined));
      assert.throws(() => lenient(new Server({ name: "s", version: "1" }), { impliedKinds: "yes" }), /`impliedKinds` must be true or false; got string "yes"/);
    });
  });
}

test("McpServer of both majors: impliedKinds reaches every tool's spec", async () => {
  for (const [McpServer, schema, Client, pair] of [
    [McpServer1, (s) => s, Client1, () => InMemory1.createLinkedPair()],
    [McpServer2, (s) => z.object(s), Client2, () => InMemory2.createLinkedPair()],
  ]) {
    const listed = async (options) => {
      const server = new McpServer({ name: "m", version: "1" });
      server.registerTool("t", { inputSchema: schema({ country: z.string() }) }, async () => ({ content: [] }));
      const bare = await (async () => {
        const [c, s] = pair();
        const plain = new McpServer({ name: "m", version: "1" });
        plain.registerTool("t", { inputSchema: schema({ country: z.string() }) }, async () => ({ content: [] }));
        await plain.connect(s);
        const client = new Client({ name: "c", version: "1" });
        await client.connect(c);
        return (await client.listTools()).tools[0];
      })();
      lenient(server, options);
      const [c, s] = pair();
      await server.connect(s);
      const client = new Client({ name: "c", version: "1" });
      await client.connect(c);
      return [(await client.listTools()).tools[0].inputSchema, bare];
    };
    const [implied, bare] = await listed({ impliedKinds: true });
    assert.deepEqual(implied, Tool.fromInputSchema(bare, { overrides: { implied_kinds: true } }).inputSchema());
    const [plain] = await listed({});
    assert.deepEqual(plain, Tool.fromInputSchema(bare).inputSchema());
  }
});
