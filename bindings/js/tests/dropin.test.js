/**
 * The one-line drop-in carries the contract (`lenient(server)` on an `McpServer` of both SDK
 * majors, through each SDK's own client over its in-memory transport): a tool whose schema has an
 * `idempotency_key` replays its receipt from the store instead of running the author's function
 * again, a `RateLimited` or `UpstreamUnavailable` the author's function throws is the envelope,
 * and a call does not run the SDK's tools/list once the tools are listed (a tool not listed yet
 * is looked for in one listing; a change of the tools forgets them).
 */

import assert from "node:assert/strict";
import { describe, test } from "node:test";

import { Client as Client1 } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport as InMemory1 } from "@modelcontextprotocol/sdk/inMemory.js";
import { McpServer as McpServer1 } from "@modelcontextprotocol/sdk/server/mcp.js";
import { Client as Client2 } from "@modelcontextprotocol/client";
import { InMemoryTransport as InMemory2, McpServer as McpServer2 } from "@modelcontextprotocol/server";
import { z } from "zod";

import { MemoryReceipts, RateLimited, UpstreamUnavailable } from "agent-input";
import { defaultReceipts, lenient } from "agent-input/mcp";

const MAJORS = {
  1: { McpServer: McpServer1, Client: Client1, pair: () => InMemory1.createLinkedPair(), schema: (shape) => shape },
  2: { McpServer: McpServer2, Client: Client2, pair: () => InMemory2.createLinkedPair(), schema: (shape) => z.object(shape) },
};

async function connect(major, server) {
  const { Client, pair } = MAJORS[major];
  const [clientSide, serverSide] = pair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

/** An McpServer whose SDK tools/list runs are counted (its registered tools are listed through
 * `Object.entries`, in both majors). */
function countedServer(major) {
  const server = new MAJORS[major].McpServer({ name: "dropin", version: "1.0.0" });
  const listed = { count: 0 };
  server._registeredTools = new Proxy(server._registeredTools, {
    ownKeys(target) {
      listed.count++;
      return Reflect.ownKeys(target);
    },
  });
  return { server, listed };
}

const notes = (result) => (result._meta?.["agent-input/notes"] ?? []).map((n) => n.code);
const envelope = (result) => JSON.parse(result.content[0].text);

for (const major of [1, 2]) {
  const { schema } = MAJORS[major];

  describe(`SDK ${major}.x McpServer made lenient`, () => {
    test("a tool the overrides deprecate says so in the listing and is retired on its date", async () => {
      const deprecated = { removal: "2027-01-01", replacement: "search_v2" };
      const make = (day) => {
        const server = new MAJORS[major].McpServer({ name: "search", version: "1.0.0" });
        const ran = [];
        server.registerTool(
          "search",
          { description: "Search the items.", inputSchema: schema({ query: z.string() }), annotations: { readOnlyHint: true } },
          async ({ query }) => {
            ran.push(query);
            return { content: [{ type: "text", text: "[]" }] };
          },
        );
        lenient(server, { tools: { search: { deprecated } }, today: () => day });
        return { server, ran };
      };
      const before = make(new Date("2026-12-31T12:00:00Z"));
      const client = await connect(major, before.server);
      const { tools } = await client.listTools();
      const search = tools.find((t) => t.name === "search");
      assert.equal(search.description, "Deprecated: removed on 2027-01-01; call `search_v2` instead. Search the items.");
      assert.deepEqual(search._meta["agent-input/deprecated"], deprecated);
      const served = await client.callTool({ name: "search", arguments: { query: "x" } });
      assert.equal(served.isError ?? false, false, JSON.stringify(served));
      assert.deepEqual(before.ran, ["x"]);
      const after = make(new Date("2027-01-01T12:00:00Z"));
      const retired = await (await connect(major, after.server)).callTool({ name: "search", arguments: { query: "x" } });
      assert.equal(retired.isError, true);
      assert.equal(envelope(retired).code, "tool_retired");
      assert.match(envelope(retired).hint, /Call `search_v2` instead/);
      assert.deepEqual(after.ran, [], "a retired tool's function does not run");
    });

    test("a tool with an idempotency_key replays its receipt: the author's function runs once", async () => {
      const server = new MAJORS[major].McpServer({ name: "pay", version: "1.0.0" });
      const paid = [];
      server.registerTool(
        "record_payment",
        { description: "Record a payment.", inputSchema: schema({ amount: z.number(), idempotency_key: z.string() }) },
        async ({ amount }) => {
          paid.push(amount);
          return { content: [{ type: "text", text: `P-${paid.length}` }], structuredContent: { payment: `P-${paid.length}` } };
        },
      );
      const receipts = new MemoryReceipts();
      lenient(server, { receipts });
      const client = await connect(major, server);
      const args = { amount: "1 250", idempotency_key: "pay-2026-12-03-000173" };
      const first = await client.callTool({ name: "record_payment", arguments: args });
      assert.equal(first.isError ?? false, false, JSON.stringify(first));
      assert.deepEqual(first.structuredContent, { payment: "P-1" });
      assert.equal(receipts.size, 1);
      const again = await client.callTool({ name: "record_payment", arguments: args });
      assert.deepEqual(again.structuredContent, { payment: "P-1" });
      assert.ok(notes(again).includes("receipt_replayed"), JSON.stringify(again));
      assert.deepEqual(paid, [1250]);
      const other = await client.callTool({ name: "record_payment", arguments: { ...args, amount: 99 } });
      assert.equal(other.isError, true);
      assert.equal(envelope(other).issues[0].code, "idempotency_key_reused");
      assert.deepEqual(paid, [1250]);
    });

    test("the process's store by default", async () => {
      const server = new MAJORS[major].McpServer({ name: "pay", version: "1.0.0" });
      let ran = 0;
      server.registerTool("pay", { inputSchema: schema({ idempotencyKey: z.string() }) }, async () => ({ content: [{ type: "text", text: String(++ran) }] }));
      lenient(server);
      const client = await connect(major, server);
      const before = defaultReceipts().size;
      const key = `pay-default-${major}-0001`;
      await client.callTool({ name: "pay", arguments: { idempotencyKey: key } });
      const again = await client.callTool({ name: "pay", arguments: { idempotencyKey: key } });
      assert.equal(ran, 1);
      assert.equal(again.content[0].text, "1");
      assert.equal(defaultReceipts().size, before + 1);
    });

    test("a ToolFailure the author's function throws is its envelope", async () => {
      const server = new MAJORS[major].McpServer({ name: "limited", version: "1.0.0" });
      server.registerTool("search", { inputSchema: schema({ query: z.string() }) }, async ({ query }) => {
        if (query === "down") throw new UpstreamUnavailable({ upstream: "the court registry", retryAfterSeconds: 5 });
        throw new RateLimited({ retryAfterSeconds: 30, remainingCalls: 0 });
      });
      lenient(server);
      const client = await connect(major, server);
      const limited = await client.callTool({ name: "search", arguments: { query: "x" } });
      assert.equal(limited.isError, true);
      assert.equal(envelope(limited).code, "rate_limited");
      assert.equal(envelope(limited).retry_after_seconds, 30);
      assert.deepEqual(limited.structuredContent, envelope(limited));
      const down = await client.callTool({ name: "search", arguments: { query: "down" } });
      assert.equal(envelope(down).code, "upstream_unavailable");
      assert.equal(envelope(down).hint, "Call `search` again after 5 seconds with the same arguments.");
    });

    test("valuesInText: false keeps the values out of the envelope's text, structuredContent keeps them", async () => {
      const server = new MAJORS[major].McpServer({ name: "pay", version: "1.0.0" });
      server.registerTool("pay", { inputSchema: schema({ amount: z.number() }) }, async ({ amount }) => ({
        content: [{ type: "text", text: String(amount) }],
      }));
      lenient(server, { valuesInText: false });
      const client = await connect(major, server);
      const asked = await client.callTool({ name: "pay", arguments: { amount: "1,234" } });
      assert.equal(asked.isError, true);
      assert.ok(!asked.content[0].text.includes("1,234"), asked.content[0].text);
      assert.deepEqual(envelope(asked).issues, [{ path: "amount", code: "ambiguous_decimal_separator" }]);
      assert.equal(asked.structuredContent.issues[0].received, "1,234");
      assert.equal(asked.structuredContent.issues[0].readings.length, 2);
      const paid = await client.callTool({ name: "pay", arguments: { amount: "1 234" } });
      assert.equal(paid.content[0].text, "1234");
      assert.throws(() => lenient(new MAJORS[major].McpServer({ name: "x", version: "1" }), { valuesInText: "no" }), /valuesInText/);
    });

    test("another error of the author's function is the SDK's to answer, as without lenient", async () => {
      const server = new MAJORS[major].McpServer({ name: "failing", version: "1.0.0" });
      server.registerTool("search", { inputSchema: schema({ limit: z.number().max(50) }) }, async () => {
        throw new Error("the database is down");
      });
      lenient(server);
      const client = await connect(major, server);
      const result = await client.callTool({ name: "search", arguments: { limit: "40" } });
      assert.equal(result.isError, true);
      assert.match(result.content[0].text, /the database is down/);
    });

    test("a call does not run the SDK's tools/list once the tools are listed; a change of them lists once", async () => {
      const { server, listed } = countedServer(major);
      lenient(server);
      server.registerTool("echo", { inputSchema: schema({ limit: z.number().int().max(50) }) }, async (args) => ({
        content: [{ type: "text", text: JSON.stringify(args) }],
      }));
      const client = await connect(major, server);
      await client.listTools();
      const afterListing = listed.count;
      for (let i = 0; i < 3; i++) {
        const result = await client.callTool({ name: "echo", arguments: { limit: "4 000" } });
        assert.deepEqual(JSON.parse(result.content[0].text), { limit: 50 });
      }
      assert.equal(listed.count, afterListing, "no tools/list per call");
      // A tool registered now: the server says its tools changed, the next call lists once.
      server.registerTool("echo2", { inputSchema: schema({ n: z.number().int().max(5) }) }, async (args) => ({
        content: [{ type: "text", text: JSON.stringify(args) }],
      }));
      for (let i = 0; i < 3; i++) {
        const result = await client.callTool({ name: "echo2", arguments: { n: "4" } });
        assert.deepEqual(JSON.parse(result.content[0].text), { n: 4 });
      }
      assert.equal(listed.count, afterListing + 1, "one listing after the change");
      // An unknown tool, once the tools are listed, lists no more.
      for (let i = 0; i < 2; i++) await client.callTool({ name: "nope", arguments: {} }).catch(() => undefined);
      assert.equal(listed.count, afterListing + 1);
    });

    test("without a listing first, the first call lists once and the next calls none", async () => {
      const { server, listed } = countedServer(major);
      server.registerTool("echo", { inputSchema: schema({ limit: z.number().int().max(50) }) }, async (args) => ({
        content: [{ type: "text", text: JSON.stringify(args) }],
      }));
      lenient(server);
      const client = await connect(major, server);
      const before = listed.count;
      for (let i = 0; i < 3; i++) await client.callTool({ name: "echo", arguments: { limit: "4 000" } });
      assert.equal(listed.count, before + 1);
    });
  });
}

describe("a low-level Server made lenient: the author's handler throws", () => {
  test("a ToolFailure is its envelope; any other error is the SDK's, as without lenient", async () => {
    const { Server } = await import("@modelcontextprotocol/server");
    const server = new Server({ name: "low", version: "1.0.0" }, { capabilities: { tools: {} } });
    lenient(server);
    server.setRequestHandler("tools/list", () => ({ tools: [{ name: "search", inputSchema: { type: "object", properties: { query: { type: "string" } } } }] }));
    server.setRequestHandler("tools/call", (request) => {
      if (request.params.arguments.query === "limited") throw new RateLimited({ retryAfterSeconds: 7 });
      throw new Error("the database is down");
    });
    const client = await connect(2, server);
    const limited = await client.callTool({ name: "search", arguments: { query: "limited" } });
    assert.equal(envelope(limited).code, "rate_limited");
    await assert.rejects(client.callTool({ name: "search", arguments: { query: "x" } }), /the database is down/);
  });
});
