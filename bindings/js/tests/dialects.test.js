/**
 * Each host's dialect of a tool's input schema through the JavaScript binding: the same
 * definitions as the core's golden files of the example specs (`examples/specs/dialects/`),
 * byte for byte, and an unknown dialect is the typed error.
 */

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

import { CursorCodec, InvalidOptionsError, SCHEMA_DIALECTS, Tool } from "agent-input";

const specs = new URL("../../../examples/specs/", import.meta.url);
const json = (url) => JSON.parse(readFileSync(url, "utf8"));

/** An example spec, its vocabularies' `entries` files read (as `agent-input schema` does). */
function spec(name) {
  const doc = json(new URL(`${name}.json`, specs));
  for (const decl of Object.values(doc.properties)) {
    if (typeof decl.entries === "string") decl.entries = json(new URL(decl.entries, specs));
  }
  return doc;
}

const names = readdirSync(specs).filter((f) => f.endsWith(".json")).map((f) => f.slice(0, -5)).sort();

test("the dialects are the four the core writes", () => {
  assert.deepEqual([...SCHEMA_DIALECTS], ["mcp", "openai-strict", "gemini", "anthropic"]);
});

for (const name of names) {
  test(`${name}: every dialect is the golden file`, () => {
    const tool = Tool.fromSpec(spec(name), { codec: new CursorCodec("a dialect test key, 32 bytes....") });
    for (const dialect of SCHEMA_DIALECTS) {
      const golden = json(new URL(`dialects/${name}.${dialect}.json`, specs));
      assert.deepEqual(tool.definition({ dialect }), golden, dialect);
      const key = { mcp: "inputSchema", "openai-strict": "parameters", gemini: "parameters", anthropic: "input_schema" }[dialect];
      assert.deepEqual(tool.inputSchema({ dialect }), golden[key], dialect);
    }
    assert.deepEqual(tool.inputSchema(), tool.inputSchema({ dialect: "mcp" }));
    assert.deepEqual(tool.definition(), tool.definition({ dialect: "mcp" }));
  });
}

test("an unknown dialect is InvalidOptionsError", () => {
  const tool = Tool.fromSpec({ name: "t", properties: { limit: {} } });
  assert.throws(() => tool.inputSchema({ dialect: "openai" }), (e) => e instanceof InvalidOptionsError && /openai-strict/.test(e.message));
  assert.deepEqual(tool.inputSchema({ dialect: "openai-strict" }).required, ["limit"]);
});

test("the skeleton is the payload the tool accepts, read back with no note", () => {
  const tool = Tool.fromSpec(spec("update_decision_notes"));
  const skeleton = tool.skeleton();
  assert.deepEqual(skeleton, { notes: "text", idempotency_key: "5d8f2a61-3c9e-4b17-8a40-e2c6b91f7d53" });
  const read = tool.read(skeleton);
  assert.equal(read.status, "ok");
  assert.deepEqual(read.notes, []);
});
