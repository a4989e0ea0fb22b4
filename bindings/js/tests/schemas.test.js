/**
 * Schemas of any shape through the JavaScript binding: a recursive zod model (a filter language:
 * `and`/`or` arrays of itself, `not` itself) made lenient with one line lists and answers, a valid
 * call reaches the handler unchanged, and `Tool.fromInputSchema` maps a recursive pydantic tree
 * and a 16-level fan-out of references (which never returned before the mapping was bounded).
 */

import assert from "node:assert/strict";
import { test } from "node:test";

import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport, McpServer } from "@modelcontextprotocol/server";
import { z } from "zod";

import { Tool } from "agent-input";
import { lenient } from "agent-input/mcp";

const Filter = z.lazy(() =>
  z.object({
    field: z.string().optional(),
    equals: z.string().optional(),
    limit: z.number().int().max(50).optional(),
    and: z.array(Filter).optional(),
    or: z.array(Filter).optional(),
    not: Filter.optional(),
  }),
);

// A schema that never maps hangs: each test ends by a timeout (a guard, not a measure; the cost is
// in BENCHMARKS.md, `schema/*`).
const HANG = { timeout: 60_000 };

test("a recursive zod model is listed and read through the one line; a valid call is unchanged", HANG, async () => {
  const server = new McpServer({ name: "filters", version: "1.0.0" });
  const seen = [];
  server.registerTool(
    "find",
    { description: "Finds records matching a filter.", inputSchema: z.object({ filter: Filter, limit: z.number().int().max(50) }) },
    async (args) => {
      seen.push(args);
      return { content: [{ type: "text", text: "ok" }] };
    },
  );
  lenient(server);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const client = new Client({ name: "t", version: "1" });
  await client.connect(b);
  const { tools } = await client.listTools();
  assert.equal(tools[0].name, "find");
  const valid = { filter: { and: [{ field: "N/A", equals: "  spaced  " }, { not: { field: "", equals: "TODO" } }] }, limit: 50 };
  const result = await client.callTool({ name: "find", arguments: valid });
  assert.notEqual(result.isError, true, JSON.stringify(result));
  assert.deepEqual(seen.at(-1), valid, "a valid call reaches the handler as sent");
  assert.equal(result._meta?.["agent-input/notes"], undefined, "no note on a valid call");
  // A number the schema refuses is still read, with a note.
  const repaired = await client.callTool({ name: "find", arguments: { filter: {}, limit: "4 000" } });
  assert.notEqual(repaired.isError, true, JSON.stringify(repaired));
  assert.equal(seen.at(-1).limit, 50);
  await client.close();
});

test("fromInputSchema maps a recursive tree and a fan-out of references", HANG, () => {
  const node = { type: "object", required: ["value"], properties: {
    value: { type: "integer" },
    left: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] },
    right: { anyOf: [{ $ref: "#/$defs/Node" }, { type: "null" }] } } };
  const tree = { type: "object", properties: { root: { $ref: "#/$defs/Node" } }, $defs: { Node: node } };
  const defs = {};
  for (let level = 0; level < 16; level++) {
    const next = { $ref: `#/$defs/L${level + 1}` };
    defs[`L${level}`] = { type: "object", properties: { a: next, b: next, n: { type: "integer" } } };
  }
  defs.L16 = { type: "object", properties: { n: { type: "integer" } } };
  const fan = { type: "object", properties: { top: { $ref: "#/$defs/L0" } }, $defs: defs };
  for (const schema of [tree, fan]) {
    assert.equal(Tool.fromInputSchema(schema).inputSchema().type, "object");
  }
  const tool = Tool.fromInputSchema(tree);
  const sent = { root: { value: 1, left: { value: 2, left: null, right: null }, right: null } };
  const call = tool.read(sent);
  assert.equal(call.ok, true);
  assert.deepEqual(call.args, sent);
  assert.deepEqual(call.notes, []);
  // Read to the value's own depth: a spelling three levels down is repaired at its path.
  const deep = tool.read({ root: { value: 1, left: { value: 2, right: { value: "4 000" } } } });
  assert.equal(deep.ok, true);
  assert.equal(deep.args.root.left.right.value, 4000);
  assert.equal(deep.notes[0].path, "root.left.right.value");
  assert.equal(tool.inputSchema().$defs.Node.type, "object");
});
