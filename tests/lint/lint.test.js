// `agent-input lint` and `agent-input eval` against every example server of
// examples/servers.json, over real stdio, as scripts/test-conformance runs them:
//
// - lint: every server lints with no finding left open (each accepted one has its reason in
//   examples/lint-accepted.json), and its SARIF validates against the SARIF 2.1.0 schema (the
//   OASIS schema `sarif-2.1.0-rtm.5.json`, as Microsoft's SARIF SDK ships it, with Ajv's
//   draft-04 validator); a server that breaks rules gives SARIF that validates too;
// - eval: the recorded scenarios of examples/eval/scenarios.jsonl against plain_mcpserver.py
//   with its one line taken out (examples/eval/strict_mcpserver.py: the baseline) and then as
//   written (--baseline), and against every server: none fails a step.
//
// The binary is target/debug/agent-input (cargo build --workspace --bins); Python servers run
// with the test virtualenv's `python` first on PATH, as the conformance harnesses do.

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv-draft-04";
import addFormats from "ajv-formats";

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const binary = path.join(root, "target/debug/agent-input");
const servers = JSON.parse(readFileSync(path.join(root, "examples/servers.json"), "utf8"));
const accepted = path.join(root, "examples/lint-accepted.json");
const scenarios = path.join(root, "examples/eval/scenarios.jsonl");
const sarifSchema = require("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json");
// The schema's `language` pattern is not valid under JavaScript's `u` flag (a lone `]`): it is
// compiled without it, as the schema's authors' own validators read it.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validateSarif = ajv.compile(sarifSchema);

const env = {
  ...process.env,
  PATH: `${path.join(root, "target/python-venv/bin")}:${process.env.PATH}`,
  COURTS_CURSOR_KEY: "conformance cursor key of 32 bytes",
};

function run(args, cwd = root) {
  const out = spawnSync(binary, args, { cwd, env, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (out.error) throw out.error;
  return out;
}

function assertValidSarif(text, label) {
  const log = JSON.parse(text);
  const valid = validateSarif(log);
  assert.ok(valid, `${label}: SARIF 2.1.0 schema: ${JSON.stringify(validateSarif.errors?.slice(0, 5), null, 1)}`);
  assert.equal(log.version, "2.1.0");
  return log;
}

for (const server of servers) {
  test(`lint ${server.name}: no finding left open, SARIF 2.1.0 valid`, () => {
    const cwd = path.join(root, server.cwd);
    const sarif = run(["lint", "--server", server.command, "--format", "sarif", "--accept", accepted], cwd);
    assert.equal(sarif.status, 0, `${server.name}: ${sarif.stderr}\n${sarif.stdout.slice(0, 3000)}`);
    const log = assertValidSarif(sarif.stdout, server.name);
    for (const result of log.runs[0].results) {
      assert.ok(result.suppressions?.[0]?.justification, `${server.name}: ${result.ruleId} is accepted with a reason`);
      assert.notEqual(result.level, "error", `${server.name}: ${result.ruleId}`);
    }
    // The report a person reads: the same findings, each accepted with its reason.
    const table = run(["lint", "--server", server.command, "--accept", accepted], cwd);
    assert.equal(table.status, 0, table.stderr);
    assert.match(table.stdout, /0 errors, 0 warnings, 0 notes, \d+ accepted$/m);
    assert.match(table.stdout, /protocol 20\d\d-\d\d-\d\d/);
  });
}

test("lint: the SARIF of a server that breaks rules validates, accepted or not", () => {
  const cwd = path.join(root, "bindings/cli/tests/servers");
  for (const fixture of ["name_invalid", "exclusive_optionals", "cache_hints_missing", "prose_result"]) {
    const out = run(["lint", "--server", `python3 fixture_server.py lint/${fixture}.json`, "--format", "sarif", "--fail-on", "note"], cwd);
    assert.notEqual(out.status, 0, fixture);
    const log = assertValidSarif(out.stdout, fixture);
    assert.ok(log.runs[0].results.some((r) => r.ruleId === fixture), fixture);
  }
});

test("eval: the scenarios before and after the one line, side by side", () => {
  const cwd = path.join(root, "examples/python");
  const dir = mkdtempSync(path.join(tmpdir(), "agent-input-eval-"));
  const before = path.join(dir, "before.json");
  const after = path.join(dir, "after.json");
  const strict = run(
    ["eval", "--server", "python ../eval/strict_mcpserver.py", "--scenarios", scenarios, "--output", before, "--fail-on", "never"],
    cwd,
  );
  assert.equal(strict.status, 0, strict.stderr);
  const lenient = run(["eval", "--server", "python plain_mcpserver.py", "--scenarios", scenarios, "--output", after, "--baseline", before], cwd);
  assert.equal(lenient.status, 0, `${lenient.stderr}\n${lenient.stdout}`);
  console.log(lenient.stdout);
  assert.match(lenient.stdout, /before +after/);
  const [b, a] = [before, after].map((p) => JSON.parse(readFileSync(p, "utf8")));
  assert.ok(b.summary.failed >= 4, `the strict server fails the model's spellings: ${JSON.stringify(b.summary)}`);
  assert.equal(a.summary.failed, 0, JSON.stringify(a.summary));
  assert.equal(a.summary.steps, b.summary.steps);
  // The run keeps every refused payload: the strict server's refusals with their arguments.
  const refused = b.scenarios.flatMap((s) => s.steps).flatMap((s) => s.attempts).filter((t) => !t.ran);
  assert.ok(refused.length >= 4 && refused.every((t) => t.arguments && typeof t.arguments === "object"));
  // The ambiguous date is recovered with its first reading; the invented id is asked about.
  const step = (run, name) => run.scenarios.find((s) => s.name === name).steps[0];
  const date = step(a, "an ambiguous date, the first reading taken");
  assert.equal(date.outcome, "recovered");
  assert.equal(date.attempts[1].arguments.date_to, "2027-02-01");
  assert.equal(step(a, "notes on the all-zero id a model invents").outcome, "asked");
});

for (const server of servers) {
  test(`eval ${server.name}: no step of the scenarios fails`, () => {
    const out = run(["eval", "--server", server.command, "--scenarios", scenarios, "--format", "json"], path.join(root, server.cwd));
    assert.equal(out.status, 0, `${server.name}: ${out.stderr}\n${out.stdout.slice(0, 2000)}`);
    const result = JSON.parse(out.stdout);
    assert.equal(result.summary.failed, 0, `${server.name}: ${JSON.stringify(result.summary)}`);
  });
}

// `agent-input diff`: its SARIF validates as lint's does, for every rule's fixture pair (open
// and accepted), and every example server, started twice, lists the same contract.
const diffPairs = JSON.parse(readFileSync(path.join(root, "bindings/cli/tests/diff/rules.json"), "utf8"));

test("diff: the SARIF of every rule's fixture pair validates, open and accepted", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-input-diff-"));
  const [oldFile, newFile, acceptFile] = ["old.json", "new.json", "accept.json"].map((f) => path.join(dir, f));
  const codes = Object.keys(diffPairs);
  assert.ok(codes.length > 60, `${codes.length} rules`);
  for (const code of codes) {
    writeFileSync(oldFile, JSON.stringify(diffPairs[code].old));
    writeFileSync(newFile, JSON.stringify(diffPairs[code].new));
    const out = run(["diff", oldFile, newFile, "--format", "sarif", "--today", "2026-12-06", "--fail-on", "never"]);
    assert.equal(out.status, 0, `${code}: ${out.stderr}`);
    const log = assertValidSarif(out.stdout, code);
    const result = log.runs[0].results.find((r) => r.ruleId === code);
    assert.ok(result, `${code}: ${out.stdout.slice(0, 500)}`);
    writeFileSync(acceptFile, JSON.stringify([{ fingerprint: result.partialFingerprints["agentInputChange/v1"], reason: "reviewed" }]));
    const accepted = run(["diff", oldFile, newFile, "--format", "sarif", "--today", "2026-12-06", "--accept", acceptFile, "--fail-on", "never"]);
    const again = assertValidSarif(accepted.stdout, `${code} accepted`).runs[0].results.find((r) => r.ruleId === code);
    assert.deepEqual(again.suppressions, [{ kind: "external", justification: "reviewed" }], code);
  }
});

for (const server of servers) {
  test(`diff ${server.name}: the live server against itself is no change`, () => {
    const out = run(["diff", "--old-server", server.command, "--server", server.command, "--format", "json", "--fail-on", "info"], path.join(root, server.cwd));
    assert.equal(out.status, 0, `${server.name}: ${out.stderr}\n${out.stdout.slice(0, 2000)}`);
    const report = JSON.parse(out.stdout);
    assert.ok(report.tools.new > 0, JSON.stringify(report.tools));
    assert.deepEqual(report.changes, []);
  });
}
