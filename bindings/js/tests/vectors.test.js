/**
 * Every shared vector through the package: kinds (through `read`, `Reader` and the per-kind
 * function), batch lines, helpers, cursors (with the vector key) and every whole-call file of
 * `tests/vectors/tools/` (`args` through `Tool.read`, `args_text` through `Tool.readJson` as a
 * string and as bytes; a case with `now` also asks a person, `Tool.askPerson`, and reads the
 * answers, `Tool.readAnswers`, with a codec of the vector key). Each asserts deep equality with
 * the whole expected outcome, in the package's representation of exact decimals
 * (tests/vectors.js). No case is skipped.
 */

import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { test } from "node:test";

import * as ai from "agent-input";

import { VECTORS, VECTOR_KEY, asExpected, asInput, kindCases, kindFiles, setVectorKey, simpleCases, toolCases } from "./vectors.js";

setVectorKey();

const KIND_CASES = kindCases();
const BATCH_CASES = simpleCases("batch.json");
const HELPER_CASES = simpleCases("helpers.json");
const TOOL_CASES = toolCases();

/** `readDateRange` for `date_range`. */
const perKind = (kind) => ai[`read${kind.split("_").map((w) => w[0].toUpperCase() + w.slice(1)).join("")}`];

test("kind vectors", async (t) => {
  for (const { where, case: c } of KIND_CASES) {
    await t.test(where, () => {
      const options = asInput(c.options ?? {});
      const expect = asExpected(c.expect);
      // A case without `input` is a property that was not sent: the value is left out.
      const args = "input" in c ? [asInput(c.input)] : [];
      assert.deepStrictEqual(ai.read(c.kind, ...(args.length ? args : [undefined]), options), expect, `${where} (read)`);
      assert.deepStrictEqual(new ai.Reader(c.kind, options).read(...args), expect, `${where} (Reader)`);
      // Every kind has its function; an alias (`string_list` for `list`) has none of its own.
      if (ai.KINDS.includes(c.kind)) {
        assert.deepStrictEqual(perKind(c.kind)(...(args.length ? args : [undefined]), options), expect, `${where} (per kind)`);
      }
    });
  }
});

test("batch vectors", async (t) => {
  for (const { where, case: c } of BATCH_CASES) {
    await t.test(where, () => assert.deepStrictEqual(ai.readLine(c.line), asExpected(c.expect)));
  }
});

test("helper vectors", async (t) => {
  for (const { where, case: c } of HELPER_CASES) {
    await t.test(where, () => {
      assert.equal(c.helper, "no_hits_filtered", `${where}: unknown helper`);
      const a = asInput(c.args);
      assert.deepStrictEqual(ai.noHitsFiltered(a.property, a.filter, a.would_match), asExpected(c.expect));
    });
  }
});

test("tool vectors", async (t) => {
  for (const { where, spec, case: c } of TOOL_CASES) {
    await t.test(where, () => {
      const tool = ai.Tool.fromSpec(asInput(spec));
      const expect = asExpected(c.expect);
      if ("args_text" in c) {
        // The raw body as sent (a key twice, bytes that are not JSON): a JSON parser would lose
        // what the case is about, so the text crosses as it is.
        assert.deepStrictEqual({ ...tool.readJson(c.args_text) }, expect, `${where} (string)`);
        assert.deepStrictEqual({ ...tool.readJson(new TextEncoder().encode(c.args_text)) }, expect, `${where} (bytes)`);
        return;
      }
      const args = "args" in c ? asInput(c.args) : undefined;
      const call = tool.read(args);
      assert.deepStrictEqual({ ...call }, expect);
      assert.deepStrictEqual(JSON.parse(JSON.stringify(call)), JSON.parse(JSON.stringify(expect)), `${where} (JSON)`);
      if ("now" in c) {
        // Asking a person: the question at `now` with the vector key, and the retry's reading.
        const codec = new ai.CursorCodec(VECTOR_KEY);
        const now = Number(c.now.text);
        const question = tool.askPerson(args, { codec, now });
        assert.deepStrictEqual(question, asExpected(c.question), `${where} (question)`);
        if ("answers" in c) {
          const answers = asInput(c.answers);
          const state = answers.request_state ?? question?.requestState ?? "";
          const answered = tool.readAnswers(args, answers.input_responses, state, { codec, now });
          assert.deepStrictEqual({ ...answered }, asExpected(c.answered), `${where} (answered)`);
        }
      }
    });
  }
});

test("every vector file is run", () => {
  const run = new Set([...kindFiles(), "batch.json", "helpers.json"]);
  const files = readdirSync(VECTORS).filter((f) => f.endsWith(".json"));
  assert.deepStrictEqual(new Set(files), run);
  for (const k of ai.KINDS) assert.ok(run.has(`${k}.json`), `no vector file for ${k}`);
  assert.ok(TOOL_CASES.length > 0 && KIND_CASES.length >= 40 * ai.KINDS.length);
  console.log(`vectors run: ${KIND_CASES.length} kind cases (x3 doors), ${BATCH_CASES.length} batch lines, ${HELPER_CASES.length} helpers, ${TOOL_CASES.length} tool calls`);
});
