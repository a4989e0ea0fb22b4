// Tools by authorization over real Streamable HTTP: an McpServer of the 1.x SDK behind the SDK's
// own bearer check (`requireBearerAuth` with a token verifier), and one of the 2.x SDK behind its
// fetch-shaped gate and `createMcpHandler`, each made lenient with each tool's scopes and driven
// by its SDK's own HTTP client with tokens of different scopes. The lists differ,
// a tool a token does not reach answers `insufficient_scope` naming every missing scope, and a
// token the verifier refuses never reaches MCP.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";

import express from "express";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { InvalidTokenError } from "@modelcontextprotocol/sdk/server/auth/errors.js";
import { requireBearerAuth } from "@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { z } from "zod";
import { createServer } from "node:http";
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from "@modelcontextprotocol/client";
import { createMcpHandler, McpServer as McpServer2, OAuthError, OAuthErrorCode, requireBearerAuth as bearerGate } from "@modelcontextprotocol/server";

import { lenient } from "agent-input/mcp";

const TOKENS = {
  "reader-token": ["decisions:read"],
  "writer-token": ["decisions:read", "decisions:write"],
  "empty-token": [],
};

/** The server author's token check, as the SDK's `requireBearerAuth` takes it. */
const verifier = {
  async verifyAccessToken(token) {
    const scopes = TOKENS[token];
    if (scopes === undefined) throw new InvalidTokenError("a token this server did not issue");
    return { token, clientId: token, scopes, expiresAt: Math.floor(Date.now() / 1000) + 3600 };
  },
};

/** The author's server, made lenient with each tool's scopes. */
function courts() {
  const server = new McpServer({ name: "courts", version: "1.0.0" });
  server.registerTool(
    "search_decisions",
    { description: "Search decisions.", inputSchema: { query: z.string(), limit: z.number().int().default(20) }, annotations: { readOnlyHint: true } },
    async ({ query, limit }) => ({ content: [{ type: "text", text: JSON.stringify({ query, limit }) }] }),
  );
  server.registerTool(
    "update_notes",
    { description: "Replace a decision's notes.", inputSchema: { decision_id: z.string(), notes: z.string() }, annotations: { readOnlyHint: false } },
    async ({ decision_id }) => ({ content: [{ type: "text", text: `updated ${decision_id}` }] }),
  );
  return lenient(server, {
    tools: { search_decisions: { scopes: ["decisions:read"] }, update_notes: { scopes: ["decisions:write"] } },
    readOnlyScopes: ["decisions:read"],
  });
}

let listener;
let url;

before(async () => {
  const app = express();
  app.use(express.json());
  app.post("/mcp", requireBearerAuth({ verifier }), async (req, res) => {
    const server = courts();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => {
      transport.close();
      server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  await new Promise((resolve) => {
    listener = app.listen(0, "127.0.0.1", resolve);
  });
  url = new URL(`http://127.0.0.1:${listener.address().port}/mcp`);
});

after(() => listener.close());

/** One client session with `token`: the 1.x SDK's client at the 1.x server unless told otherwise. */
async function session(token, work, { at = url, Client: Made = Client, Transport = StreamableHTTPClientTransport } = {}) {
  const client = new Made({ name: "scopes-test", version: "1.0.0" });
  await client.connect(new Transport(at, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

const envelopeOf = (result) => result.structuredContent ?? JSON.parse(result.content[0].text);

test("each token lists and calls only the tools its scopes reach", async () => {
  await session("reader-token", async (client) => {
    const listed = await client.listTools();
    assert.deepEqual(listed.tools.map((t) => t.name), ["search_decisions"]);
    assert.deepEqual(listed.tools[0]._meta?.["agent-input/scopes"], ["decisions:read"]);
    // Filtered by the token: no shared cache may serve it to another.
    assert.equal(listed.cacheScope, "private", JSON.stringify(listed));
    // Read leniently, as on stdio.
    const found = await client.callTool({ name: "search_decisions", arguments: { query: "nájem", limit: "4 000" } });
    assert.notEqual(found.isError, true, JSON.stringify(found));
    // The write it does not see: every missing scope at once, and that it reads only.
    const refused = await client.callTool({ name: "update_notes", arguments: { decision_id: "d1", notes: "n" } });
    assert.equal(refused.isError, true);
    const envelope = envelopeOf(refused);
    assert.equal(envelope.code, "insufficient_scope");
    assert.deepEqual(envelope.required_scopes, ["decisions:write"]);
    assert.match(envelope.message, /read-only scopes only/);
  });
  await session("writer-token", async (client) => {
    const listed = await client.listTools();
    assert.deepEqual(listed.tools.map((t) => t.name), ["search_decisions", "update_notes"]);
    const updated = await client.callTool({ name: "update_notes", arguments: { decision_id: "d1", notes: "n" } });
    assert.equal(updated.content[0].text, "updated d1");
  });
  await session("empty-token", async (client) => {
    assert.deepEqual((await client.listTools()).tools, []);
    const refused = await client.callTool({ name: "search_decisions", arguments: { query: "x" } });
    assert.deepEqual(envelopeOf(refused).required_scopes, ["decisions:read"]);
  });
});

test("a token the verifier refuses never reaches MCP", async () => {
  const response = await fetch(url, {
    method: "POST",
    headers: { Authorization: "Bearer forged", "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
  });
  assert.equal(response.status, 401);
  assert.match(response.headers.get("www-authenticate") ?? "", /invalid_token/);
});

// --- SDK 2.x: `createMcpHandler` behind `requireBearerAuth`'s fetch gate -------------------------

/** The 2.x verifier: an unknown token is the SDK's own `invalid_token`. */
const verifier2 = {
  async verifyAccessToken(token) {
    const scopes = TOKENS[token];
    if (scopes === undefined) throw new OAuthError(OAuthErrorCode.InvalidToken, "a token this server did not issue");
    return { token, clientId: token, scopes, expiresAt: Math.floor(Date.now() / 1000) + 3600 };
  },
};

/** The same courts on a 2.x McpServer (a z.object per tool), made lenient the same way. */
function courts2() {
  const server = new McpServer2({ name: "courts", version: "2.0.0" });
  server.registerTool(
    "search_decisions",
    { description: "Search decisions.", inputSchema: z.object({ query: z.string(), limit: z.number().int().default(20) }), annotations: { readOnlyHint: true } },
    async ({ query, limit }) => ({ content: [{ type: "text", text: JSON.stringify({ query, limit }) }] }),
  );
  server.registerTool(
    "update_notes",
    { description: "Replace a decision's notes.", inputSchema: z.object({ decision_id: z.string(), notes: z.string() }), annotations: { readOnlyHint: false } },
    async ({ decision_id }) => ({ content: [{ type: "text", text: `updated ${decision_id}` }] }),
  );
  return lenient(server, {
    tools: { search_decisions: { scopes: ["decisions:read"] }, update_notes: { scopes: ["decisions:write"] } },
    readOnlyScopes: ["decisions:read"],
  });
}

/** Node's HTTP server in front of a fetch handler: the 2.x SDK's serving face, as a host runs it. */
function serveFetch(handle) {
  return createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
    const body = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
    const response = await handle(new Request(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body }));
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) for await (const chunk of response.body) res.write(chunk);
    res.end();
  });
}

test("SDK 2.x: each token lists and calls only the tools its scopes reach", async () => {
  const handler = createMcpHandler(() => courts2());
  const gate = bearerGate({ verifier: verifier2 });
  const listener2 = serveFetch(async (request) => {
    const auth = await gate(request);
    return auth instanceof Response ? auth : handler.fetch(request, { authInfo: auth });
  });
  await new Promise((resolve) => listener2.listen(0, "127.0.0.1", resolve));
  const url2 = new URL(`http://127.0.0.1:${listener2.address().port}/mcp`);
  const session2 = (token, work) => session(token, work, { at: url2, Client: Client2, Transport: Transport2 });
  try {
    await session2("reader-token", async (client) => {
      const listed = await client.listTools();
      assert.deepEqual(listed.tools.map((t) => t.name), ["search_decisions"]);
      assert.equal(listed.cacheScope, "private", JSON.stringify(listed));
      const found = await client.callTool({ name: "search_decisions", arguments: { query: "nájem", limit: "4 000" } });
      assert.notEqual(found.isError, true, JSON.stringify(found));
      assert.deepEqual(JSON.parse(found.content[0].text), { query: "nájem", limit: 4000 });
      const refused = await client.callTool({ name: "update_notes", arguments: { decision_id: "d1", notes: "n" } });
      assert.equal(refused.isError, true);
      assert.equal(envelopeOf(refused).code, "insufficient_scope");
      assert.deepEqual(envelopeOf(refused).required_scopes, ["decisions:write"]);
    });
    await session2("writer-token", async (client) => {
      assert.deepEqual((await client.listTools()).tools.map((t) => t.name), ["search_decisions", "update_notes"]);
      const updated = await client.callTool({ name: "update_notes", arguments: { decision_id: "d1", notes: "n" } });
      assert.equal(updated.content[0].text, "updated d1");
    });
    const forged = await fetch(url2, {
      method: "POST",
      headers: { Authorization: "Bearer forged", "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    assert.equal(forged.status, 401);
  } finally {
    listener2.close();
  }
});
