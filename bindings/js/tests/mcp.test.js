/**
 * `agent-input/mcp` on both majors of the official MCP TypeScript SDK, driven through each SDK's
 * own client over its in-memory transport: `lenient(server)` on an `McpServer` with tools
 * registered by `registerTool` and zod (a shape on 1.x `@modelcontextprotocol/sdk` 1.32.2, a
 * `z.object` on 2.x `@modelcontextprotocol/server` 2.4.0), and `registerTool` from a spec on
 * each major's low-level `Server`. The 2.x person channel (`input_required`, protocol
 * 2026-07-28) runs through the 2.x client's own multi round-trip driver.
 */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemory1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServer1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Server as Server1 } from "@modelcontextprotocol/sdk/server/index.js";
import { Client as Client2 } from "@modelcontextprotocol/client";
import { InMemoryTransport as InMemory2, McpServer as McpServer2, Server as Server2 } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

import { CursorCodec, Tool } from "agent-input";
import { lenient, NOTES_META_KEY, registerTool, WARNINGS_META_KEY } from "agent-input/mcp";

const COURTS = [
  { id: "NS", names: ["Nejvyšší soud", "Supreme Court"] },
  { id: "NSS", names: ["Nejvyšší správní soud", "Supreme Administrative Court"] },
];
const OVERRIDES = { search: { properties: { court: { kind: "vocabulary", role: "filter", entries: COURTS } } } };
const KEY = "mcp glue test key, 32 bytes long";

/** The search tool's fields, as zod. */
const fields = () => ({
  query: z.string(),
  court: z.string().optional(),
  date_from: z.iso.date().optional(),
  date_to: z.iso.date().optional(),
  limit: z.number().int().min(1).max(50).default(20),
  code: z.string().regex(/^[A-Z]{3}$/).optional(),
});

const MAJORS = {
  1: {
    McpServer: McpServer1,
    /** 1.x takes a zod shape. */
    schema: (shape) => shape,
    async connect(server, { clientOptions } = {}) {
      const [clientSide, serverSide] = InMemory1.createLinkedPair();
      await server.connect(serverSide);
      const client = new Client1({ name: "test", version: "1.0.0" }, clientOptions);
      await client.connect(clientSide);
      return client;
    },
  },
  2: {
    McpServer: McpServer2,
    /** 2.x takes a z.object. */
    schema: (shape) => z.object(shape),
    async connect(server, { clientOptions, modern = false, onElicit } = {}) {
      const [clientSide, serverSide] = InMemory2.createLinkedPair();
      if (modern) {
        // serveStdio's era decision works on any transport: the opening message picks 2026-07-28.
        serveStdio(() => server, { transport: serverSide });
      } else {
        await server.connect(serverSide);
      }
      const client = new Client2(
        { name: "test", version: "1.0.0" },
        { ...clientOptions, ...(modern && { versionNegotiation: { mode: { pin: "2026-07-28" } } }) },
      );
      if (onElicit) client.setRequestHandler("elicitation/create", onElicit);
      await client.connect(clientSide);
      return client;
    },
  },
};

/**
 * An McpServer of one major with the search tool; `calls` records what its function received.
 * `when`: lenient "before" or "after" the tools are registered, or "never".
 */
function plainServer(major, { when = "after", options, serverOptions, outputSchema = false } = {}) {
  const { McpServer, schema } = MAJORS[major];
  const server = new McpServer({ name: "plain", version: "1.0.0" }, serverOptions);
  const calls = [];
  if (when === "before") lenient(server, { tools: OVERRIDES, ...options });
  server.registerTool(
    "search",
    {
      description: "Search decisions.",
      inputSchema: schema(fields()),
      ...(outputSchema && { outputSchema: schema({ count: z.number() }) }),
    },
    async (args) => {
      calls.push(args);
      const out = { count: 1, seen: args };
      return outputSchema ? { content: [{ type: "text", text: "1" }], structuredContent: { count: 1 } } : { content: [{ type: "text", text: JSON.stringify(out) }], structuredContent: out };
    },
  );
  server.registerTool("echo", { description: "Echo.", inputSchema: schema({ limit: z.number().int().max(50) }) }, async (args) => ({
    content: [{ type: "text", text: JSON.stringify(args) }],
  }));
  if (when === "after") lenient(server, { tools: OVERRIDES, ...options });
  return { server, calls };
}

/** The JSON of a result's last text block when it is the notes block, else null. */
function notesBlock(result) {
  const last = result.content.at(-1);
  if (last?.type !== "text") return null;
  try {
    const parsed = JSON.parse(last.text);
    return Object.keys(parsed).sort().join() === "notes,warnings" ? parsed : null;
  } catch {
    return null;
  }
}

const codes = (items, path) => items.filter((n) => n.path === path).map((n) => n.code);

for (const major of [1, 2]) {
  const { connect, McpServer, schema } = MAJORS[major];

  describe(`SDK ${major}.x McpServer`, () => {
    test("the SDK keeps what lenient relies on: _toolHandlersInitialized and setToolRequestHandlers", () => {
      // lenient called after the tools are registered removes the SDK's tools handlers and has the
      // McpServer set them again (through its wrapper); an SDK that renames these fails here.
      const server = new McpServer({ name: "x", version: "1" });
      assert.equal(server._toolHandlersInitialized, false);
      assert.equal(typeof server.setToolRequestHandlers, "function");
      server.registerTool("t", { inputSchema: schema({ a: z.string() }) }, async () => ({ content: [] }));
      assert.equal(server._toolHandlersInitialized, true);
    });

    test("without lenient, zod rejects what a model sends", async () => {
      const { server, calls } = plainServer(major, { when: "never" });
      const client = await connect(server);
      const result = await client.callTool({ name: "search", arguments: { query: "nájem", limit: "4 000" } });
      assert.equal(result.isError, true);
      assert.match(result.content[0].text, /Input validation error/);
      assert.deepEqual(calls, []);
    });

    test("a tool whose schema JSON Schema cannot hold leaves every call to the SDK, as without lenient", async () => {
      // `z.coerce.date()` makes the SDK's own tools/list fail; lenient reads each call's tool from
      // that list, so it cannot read any call: the SDK answers them as it does without lenient.
      const made = (withLenient) => {
        const server = new McpServer({ name: "dates", version: "1.0.0" });
        const calls = [];
        server.registerTool("when", { inputSchema: schema({ at: z.coerce.date() }) }, async () => ({ content: [] }));
        server.registerTool("echo", { inputSchema: schema({ limit: z.number().int().max(50) }) }, async (args) => {
          calls.push(args);
          return { content: [{ type: "text", text: JSON.stringify(args) }] };
        });
        if (withLenient) lenient(server);
        return { server, calls };
      };
      const errors = [];
      const logged = console.error;
      console.error = (...a) => errors.push(a.join(" "));
      try {
        for (const withLenient of [false, true]) {
          const { server, calls } = made(withLenient);
          const client = await connect(server);
          await assert.rejects(client.listTools(), /cannot be represented/);
          const ok = await client.callTool({ name: "echo", arguments: { limit: 5 } });
          assert.equal(ok.isError ?? false, false, JSON.stringify(ok));
          assert.deepEqual(calls, [{ limit: 5 }]);
          const refused = await client.callTool({ name: "echo", arguments: { limit: "5" } });
          assert.equal(refused.isError, true);
          assert.match(refused.content[0].text, /Input validation error/);
          await client.callTool({ name: "echo", arguments: { limit: 6 } });
        }
      } finally {
        console.error = logged;
      }
      // Said once per server, on the first call.
      assert.equal(errors.filter((e) => e.includes("tools/list fails")).length, 1, errors.join("\n"));
    });

    test("the server's day, asked for at each call, reads relative words", async () => {
      const days = ["2026-12-05", new Date(2026, 11, 6, 12, 0)];
      const { server, calls } = plainServer(major, { options: { today: () => days.shift() } });
      const client = await connect(server);
      for (const expected of [["2026-12-02", "2026-12-04"], ["2026-12-03", "2026-12-05"]]) {
        const result = await client.callTool({ name: "search", arguments: { query: "nájem", date_from: "3 days ago", date_to: "yesterday" } });
        assert.equal(result.isError ?? false, false, JSON.stringify(result));
        assert.deepEqual([calls.at(-1).date_from, calls.at(-1).date_to], expected);
        assert.deepEqual(codes(notesBlock(result).notes, "date_to"), ["relative_date_resolved"]);
      }
      // Without it the words ask, and the function does not run.
      const { server: bare, calls: bareCalls } = plainServer(major);
      const asked = await (await connect(bare)).callTool({ name: "search", arguments: { query: "nájem", date_to: "yesterday" } });
      assert.equal(asked.isError, true);
      assert.equal(JSON.parse(asked.content[0].text).issues[0].code, "relative_date_without_today");
      assert.deepEqual(bareCalls, []);
      assert.throws(() => lenient(new McpServer({ name: "x", version: "1" }), { today: "2026-12-05" }), /function returning the day/);
    });

    test("the server's languages settle a month two languages give different meanings", async () => {
      // `listopad` is November in Czech and Polish, October in Croatian.
      const { server, calls } = plainServer(major, { options: { languages: ["cs"] } });
      const client = await connect(server);
      const result = await client.callTool({ name: "search", arguments: { query: "nájem", date_from: "1. listopad 2026" } });
      assert.equal(result.isError ?? false, false, JSON.stringify(result));
      assert.equal(calls.at(-1).date_from, "2026-11-01");
      assert.deepEqual(codes(notesBlock(result).notes, "date_from"), ["word_read_in_language", "date_spelling_normalized"]);
      // A tool's own overrides win over the server's languages.
      const { server: hr, calls: hrCalls } = plainServer(major, {
        options: { languages: ["cs"], tools: { search: { ...OVERRIDES.search, languages: ["hr"] } } },
      });
      const hrClient = await connect(hr);
      await hrClient.callTool({ name: "search", arguments: { query: "nájem", date_from: "1. listopad 2026" } });
      assert.equal(hrCalls.at(-1).date_from, "2026-10-01");
      // Without languages the word asks, and the function does not run.
      const { server: bare, calls: bareCalls } = plainServer(major);
      const asked = await (await connect(bare)).callTool({ name: "search", arguments: { query: "nájem", date_from: "1. listopad 2026" } });
      assert.equal(asked.isError, true);
      assert.deepEqual(bareCalls, []);
      assert.throws(() => lenient(new McpServer({ name: "x", version: "1" }), { languages: "cs" }), /language tags/);
    });

    for (const when of ["before", "after"]) {
      test(`lenient ${when} registerTool: the lenient schema is advertised and the function gets canonical values`, async () => {
        const { server, calls } = plainServer(major, { when });
        const client = await connect(server);
        const bare = await connect(plainServer(major, { when: "never" }).server);
        const sdkDefinition = (await bare.listTools()).tools.find((t) => t.name === "search");
        const listed = (await client.listTools()).tools.find((t) => t.name === "search");
        const expected = Tool.fromInputSchema(sdkDefinition, { overrides: OVERRIDES.search }).inputSchema();
        assert.deepEqual(listed.inputSchema, expected);
        assert.notDeepEqual(listed.inputSchema, sdkDefinition.inputSchema);
        assert.equal(listed.description, "Search decisions.");

        const result = await client.callTool({
          name: "search",
          arguments: { query: "nájem", limit: "4 000", date_from: "1. 10. 2026", date_to: null, court: "Nejvyssi soud" },
        });
        assert.equal(result.isError ?? false, false, JSON.stringify(result));
        assert.deepEqual(calls, [{ query: "nájem", limit: 50, date_from: "2026-10-01", court: "NS" }]);
        // The author's result is untouched; the notes come beside it.
        assert.deepEqual(result.structuredContent, { count: 1, seen: calls[0] });
        assert.deepEqual(JSON.parse(result.content[0].text), { count: 1, seen: calls[0] });
        const block = notesBlock(result);
        assert.ok(block, "a last text block with the notes");
        assert.equal(result.content.length, 2);
        assert.deepEqual(codes(block.notes, "limit"), ["grouping_removed", "out_of_range_clamped"]);
        assert.deepEqual(codes(block.notes, "date_from"), ["date_spelling_normalized"]);
        assert.deepEqual(codes(block.notes, "date_to"), ["null_read_as_absent"]);
        assert.deepEqual(codes(block.notes, "court"), ["vocabulary_value_read"]);
        assert.deepEqual(result._meta[NOTES_META_KEY], block.notes);
        assert.deepEqual(result._meta[WARNINGS_META_KEY], block.warnings);
      });
    }

    test("tools declared at construction (handlers set at once) are made lenient too", async () => {
      const { server, calls } = plainServer(major, { when: "after", serverOptions: { capabilities: { tools: {} } } });
      const client = await connect(server);
      const result = await client.callTool({ name: "echo", arguments: { limit: "4 000" } });
      assert.equal(result.isError ?? false, false);
      assert.deepEqual(JSON.parse(result.content[0].text), { limit: 50 });
      assert.deepEqual(calls, []);
    });

    test("a call with nothing to repair comes back exactly as the SDK made it", async () => {
      const { server } = plainServer(major);
      const client = await connect(server);
      const result = await client.callTool({ name: "echo", arguments: { limit: 5 } });
      assert.deepEqual(result.content, [{ type: "text", text: '{"limit":5}' }]);
      assert.equal(result._meta?.[NOTES_META_KEY], undefined);
    });

    test("a tool left alone (false) is the SDK's: its schema, and zod's rejection", async () => {
      const { server } = plainServer(major, { options: { tools: { ...OVERRIDES, echo: false } } });
      const client = await connect(server);
      const bare = await connect(plainServer(major, { when: "never" }).server);
      const sdkEcho = (await bare.listTools()).tools.find((t) => t.name === "echo");
      const echo = (await client.listTools()).tools.find((t) => t.name === "echo");
      assert.deepEqual(echo.inputSchema, sdkEcho.inputSchema);
      const result = await client.callTool({ name: "echo", arguments: { limit: "4 000" } });
      assert.equal(result.isError, true);
      assert.match(result.content[0].text, /Input validation error/);
    });

    test("zod still validates what the spec passed on unchanged (a pattern)", async () => {
      const { server, calls } = plainServer(major);
      const client = await connect(server);
      const result = await client.callTool({ name: "search", arguments: { query: "x", code: "abc" } });
      assert.equal(result.isError, true);
      assert.match(result.content[0].text, /Input validation error/);
      assert.deepEqual(calls, []);
    });

    test("an ask is the envelope, and the author's function does not run", async () => {
      const { server, calls } = plainServer(major);
      const client = await connect(server);
      const result = await client.callTool({ name: "search", arguments: { query: "nájem", date_to: "01/02/2026" } });
      assert.equal(result.isError, true);
      const envelope = JSON.parse(result.content[0].text);
      assert.equal(envelope.code, "ambiguous_arguments");
      assert.deepEqual(envelope.issues[0].readings.map((r) => r.value), ["2026-02-01", "2026-01-02"]);
      assert.deepEqual(result.structuredContent, envelope);
      assert.deepEqual(calls, []);
      const missing = await client.callTool({ name: "search", arguments: { limit: 5 } });
      assert.equal(JSON.parse(missing.content[0].text).code, "missing_arguments");
    });

    test("with an outputSchema, the envelope leaves structuredContent out and a result still validates", async () => {
      const { server } = plainServer(major, { outputSchema: true });
      const client = await connect(server);
      await client.listTools();
      const asked = await client.callTool({ name: "search", arguments: { query: "x", date_to: "01/02/2026" } });
      assert.equal(asked.isError, true);
      assert.equal(asked.structuredContent, undefined);
      assert.equal(JSON.parse(asked.content[0].text).code, "ambiguous_arguments");
      const ok = await client.callTool({ name: "search", arguments: { query: "x", limit: "4 000" } });
      assert.deepEqual(ok.structuredContent, { count: 1 });
      assert.deepEqual(codes(notesBlock(ok).notes, "limit"), ["grouping_removed", "out_of_range_clamped"]);
    });

    test("what JSON Schema cannot say may sit in the zod schema itself, under x-agent-input", async () => {
      const server = new McpServer({ name: "meta", version: "1.0.0" });
      const seen = [];
      server.registerTool(
        "find",
        { inputSchema: schema({ court: z.string().meta({ "x-agent-input": { kind: "vocabulary", role: "filter", entries: COURTS } }) }) },
        async (args) => {
          seen.push(args);
          return { content: [{ type: "text", text: "ok" }] };
        },
      );
      lenient(server);
      const client = await connect(server);
      const result = await client.callTool({ name: "find", arguments: { court: "Nejvyssi spravni soud" } });
      assert.equal(result.isError ?? false, false, JSON.stringify(result));
      assert.deepEqual(seen, [{ court: "NSS" }]);
      assert.deepEqual(codes(result._meta[NOTES_META_KEY], "court"), ["vocabulary_value_read"]);
    });

    test("lenient refuses a connected server and a second call", async () => {
      const { server } = plainServer(major);
      assert.throws(() => lenient(server), /lenient already/);
      const other = plainServer(major, { when: "never" }).server;
      await connect(other);
      assert.throws(() => lenient(other), /before the server is connected/);
    });

    test(`registerTool from a spec on the ${major}.x low-level Server`, async () => {
      const Server = major === 1 ? Server1 : Server2;
      const server = new Server({ name: "spec", version: "1.0.0" });
      const seen = [];
      registerTool(server, { name: "find", properties: { query: { kind: "text", required: true }, limit: { max: 10 } } }, (args) => {
        seen.push(args);
        return { hits: [] };
      });
      const client = await connect(server);
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((t) => t.name), ["find"]);
      const result = await client.callTool({ name: "find", arguments: { query: "x", limit: "1 000" } });
      assert.deepEqual(seen, [{ query: "x", limit: 10 }]);
      assert.deepEqual(result.structuredContent.result, { hits: [] });
      assert.deepEqual(codes(result.structuredContent.notes, "limit"), ["grouping_removed", "out_of_range_clamped"]);
      await assert.rejects(client.callTool({ name: "nope", arguments: {} }), /unknown tool `nope`/);
    });

    test(`registerTool lists a deprecated spec as one and retires it on its date (${major}.x)`, async () => {
      const Server = major === 1 ? Server1 : Server2;
      const deprecated = { removal: "2027-01-01", replacement: "since_v2" };
      const spec = { name: "since", description: "Since a day.", deprecated, properties: { since: { kind: "date", required: true } } };
      const serve = async (day) => {
        const server = new Server({ name: "spec", version: "1.0.0" });
        const seen = [];
        registerTool(server, spec, (args) => seen.push(args.since) && {}, { today: () => day });
        return { client: await connect(server), seen };
      };
      const before = await serve("2026-12-31");
      const [since] = (await before.client.listTools()).tools;
      assert.equal(since.description, "Deprecated: removed on 2027-01-01; call `since_v2` instead. Since a day.");
      assert.deepEqual(since._meta["agent-input/deprecated"], deprecated);
      const served = await before.client.callTool({ name: "since", arguments: { since: "2026-12-01" } });
      assert.equal(served.isError ?? false, false, JSON.stringify(served));
      const after = await serve("2027-01-01");
      const retired = await after.client.callTool({ name: "since", arguments: { since: "2026-12-01" } });
      assert.equal(retired.structuredContent.code, "tool_retired");
      assert.deepEqual([before.seen, after.seen], [["2026-12-01"], []]);
    });

    test(`registerTool takes the server's day on the ${major}.x low-level Server`, async () => {
      const Server = major === 1 ? Server1 : Server2;
      const server = new Server({ name: "spec", version: "1.0.0" });
      const seen = [];
      const spec = { name: "since", properties: { since: { kind: "date", required: true } } };
      assert.throws(() => registerTool(server, spec, () => ({}), { today: "2026-12-05" }), /function returning the day/);
      registerTool(server, spec, (args) => seen.push(args.since) && {}, { today: () => "2026-12-05" });
      const client = await connect(server);
      const result = await client.callTool({ name: "since", arguments: { since: "yesterday" } });
      assert.equal(result.isError ?? false, false, JSON.stringify(result));
      assert.deepEqual(seen, ["2026-12-04"]);
    });
  });
}

describe("SDK 2.x: the person channel (input_required, protocol 2026-07-28)", () => {
  const { connect } = MAJORS[2];
  const userAnswers = (options) => plainServer(2, { options: { tools: { search: { ...OVERRIDES.search, answered_by: "user" } }, codec: new CursorCodec(KEY), ...options } });

  test("a person picks a reading: two round trips, the chosen date reaches the function with a note", async () => {
    const { server, calls } = userAnswers();
    const asked = [];
    const client = await connect(server, {
      modern: true,
      clientOptions: { capabilities: { elicitation: { form: {} } } },
      onElicit: async (request) => {
        asked.push(request.params);
        return { action: "accept", content: { value: "2026-01-02" } };
      },
    });
    const result = await client.callTool({ name: "search", arguments: { query: "nájem", date_to: "01/02/2026" } });
    assert.equal(result.isError ?? false, false, JSON.stringify(result));
    assert.equal(asked.length, 1);
    assert.equal(asked[0].mode, "form");
    assert.deepEqual(asked[0].requestedSchema.properties.value.oneOf.map((o) => o.const), ["2026-02-01", "2026-01-02"]);
    assert.deepEqual(calls, [{ query: "nájem", date_to: "2026-01-02", limit: 20 }]);
    assert.deepEqual(codes(notesBlock(result).notes, "date_to"), ["reading_chosen_by_person"]);
  });

  test("a declined question comes back to the model as the envelope", async () => {
    const { server, calls } = userAnswers();
    const client = await connect(server, {
      modern: true,
      clientOptions: { capabilities: { elicitation: { form: {} } } },
      onElicit: async () => ({ action: "decline" }),
    });
    const result = await client.callTool({ name: "search", arguments: { query: "nájem", date_to: "01/02/2026" } });
    assert.equal(result.isError, true);
    assert.equal(JSON.parse(result.content[0].text).issues[0].code, "answer_declined");
    assert.deepEqual(calls, []);
  });

  test("a client without form elicitation, or on a 2025 revision, gets the envelope", async () => {
    for (const modern of [true, false]) {
      const { server } = userAnswers();
      const client = await connect(server, { modern });
      const result = await client.callTool({ name: "search", arguments: { query: "nájem", date_to: "01/02/2026" } });
      assert.equal(result.isError, true, `modern: ${modern}`);
      assert.equal(JSON.parse(result.content[0].text).code, "ambiguous_arguments");
    }
  });

  test("without a codec to seal the question, the person is not asked: the envelope", async () => {
    const { server } = plainServer(2, { options: { tools: { search: { ...OVERRIDES.search, answered_by: "user" } } } });
    const client = await connect(server, {
      modern: true,
      clientOptions: { capabilities: { elicitation: { form: {} } } },
      onElicit: async () => assert.fail("no question without a codec"),
    });
    const result = await client.callTool({ name: "search", arguments: { query: "nájem", date_to: "01/02/2026" } });
    assert.equal(result.isError, true);
    assert.equal(JSON.parse(result.content[0].text).code, "ambiguous_arguments");
  });

  test("an author's own input_required round passes through untouched", async () => {
    const server = new McpServer2({ name: "own", version: "1.0.0" });
    lenient(server, { codec: new CursorCodec(KEY) });
    server.registerTool("confirm", { inputSchema: z.object({ limit: z.number().int().max(50) }) }, async (args, ctx) => {
      const answer = ctx.mcpReq.inputResponses?.ok;
      if (answer === undefined) {
        return {
          resultType: "input_required",
          inputRequests: { ok: { method: "elicitation/create", params: { mode: "form", message: "Sure?", requestedSchema: { type: "object", properties: { yes: { type: "boolean" } } } } } },
          requestState: "author-state",
        };
      }
      return { content: [{ type: "text", text: JSON.stringify({ limit: args.limit, state: ctx.mcpReq.requestState(), yes: answer.content.yes }) }] };
    });
    const client = await connect(server, {
      modern: true,
      clientOptions: { capabilities: { elicitation: { form: {} } } },
      onElicit: async () => ({ action: "accept", content: { yes: true } }),
    });
    const result = await client.callTool({ name: "confirm", arguments: { limit: "4 000" } });
    assert.deepEqual(JSON.parse(result.content[0].text), { limit: 50, state: "author-state", yes: true });
  });
});
