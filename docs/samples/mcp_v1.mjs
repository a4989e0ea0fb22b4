// The setting the JavaScript samples of the docs run in (tools/docs/samples.py puts it before a
// sample marked `run after docs/samples/mcp_v1.mjs`): an McpServer of the 1.x SDK `server` with
// the tools a sample names, the courts vocabulary `COURTS` and a `codec`. Everything is imported
// under a name of its own, so a sample imports what it shows.
const { McpServer: PreludeServer } = await import("@modelcontextprotocol/sdk/server/mcp.js");
const { z: preludeZ } = await import("zod");
const { CursorCodec: PreludeCodec } = await import("agent-input");
const preludeFs = await import("node:fs");

const COURTS = JSON.parse(preludeFs.readFileSync(`${process.env.AGENT_INPUT_ROOT}/tests/fixtures/czech_courts.json`, "utf8"));
const codec = new PreludeCodec("a server key of at least 16 bytes");
const server = new PreludeServer({ name: "courts", version: "1.0.0" });
server.registerTool(
  "search_decisions",
  { inputSchema: { query: preludeZ.string(), court: preludeZ.string().optional(), limit: preludeZ.number().int().default(20) } },
  async (args) => ({ content: [{ type: "text", text: JSON.stringify(args) }] }),
);
server.registerTool("admin_reset", { inputSchema: {} }, async () => ({ content: [{ type: "text", text: "reset" }] }));
