/**
 * Loading the shared vectors (`tests/vectors/`, format in its README) for the JavaScript runner.
 *
 * Numbers stay exact. The files are parsed with a small text-preserving JSON parser (below), so
 * every number keeps its text (`1e400`, `1.50`, `-0`, `999999999999999999999`):
 *
 * - an input, option or argument number whose text JavaScript prints back unchanged
 *   (`String(Number(text)) === text`) is sent as a `number`; any other (`1e3`, `1.50`, `1e400`,
 *   integers beyond 2^53) as a `JsonNumber` of its exact text, so the core reads the very number
 *   the vector holds;
 * - an expected outcome is turned into the package's documented representation: a number that a
 *   double holds exactly (JavaScript prints it as the same decimal) is a `number`, any other is its
 *   decimal text, and the outcome then has `exact: false` (see the README's "Exact decimals").
 *   The core reads JSON with serde_json, which writes an exponent as `e+400` or `e-5` whatever
 *   the spelling it read (`1e400`, `1E+400`); such a text is compared in that spelling (the Rust
 *   runner's numbers went through the same parser; the Python runner cannot tell them apart).
 */

import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { JsonNumber, KINDS } from "agent-input";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const VECTORS = join(ROOT, "tests", "vectors");

/** The key the cursor vectors were issued with (tests/vectors/README.md). */
export const VECTOR_KEY_ENV = "AGENT_INPUT_VECTOR_KEY";
export const VECTOR_KEY = "agent-input shared vector key, not a secret";

/** Sets the cursor vectors' key before any read, as every runner does. */
export function setVectorKey() {
  process.env[VECTOR_KEY_ENV] = VECTOR_KEY;
}

/** A JSON number as its text. */
export class Num {
  constructor(text) {
    this.text = text;
  }
}

/** JSON with every number as a `Num` that keeps its text. */
export function parseExact(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = (what) => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  const value = () => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const out = {};
      ws();
      if (text[i] === "}") {
        i++;
        return out;
      }
      for (;;) {
        ws();
        const key = string();
        ws();
        if (text[i++] !== ":") fail("expected ':'");
        out[key] = value();
        ws();
        const d = text[i++];
        if (d === "}") return out;
        if (d !== ",") fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const out = [];
      ws();
      if (text[i] === "]") {
        i++;
        return out;
      }
      for (;;) {
        out.push(value());
        ws();
        const d = text[i++];
        if (d === "]") return out;
        if (d !== ",") fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [["true", true], ["false", false], ["null", null]]) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return v;
      }
    }
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail("unexpected character");
    i += m[0].length;
    return new Num(m[0]);
  };
  const string = () => {
    if (text[i] !== '"') fail("expected a string");
    let j = i + 1;
    while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    const s = JSON.parse(text.slice(i, j + 1));
    i = j + 1;
    return s;
  };
  const out = value();
  ws();
  if (i !== text.length) fail("trailing text");
  return out;
}

/** A decimal's value as (sign, digits, exponent), zero as one key: the test's own oracle of
 * "JavaScript prints this double back as the same decimal". */
function decimalKey(text) {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return null;
  let digits = m[2] + (m[3] ?? "");
  let exponent = BigInt(m[4] ?? 0) - BigInt((m[3] ?? "").length);
  const trimmed = digits.replace(/0+$/, "");
  exponent += BigInt(digits.length - trimmed.length);
  digits = trimmed.replace(/^0+/, "");
  if (digits === "") return "0";
  return `${m[1]}${digits}e${exponent}`;
}

/** True when a double holds the number exactly (JavaScript prints it as the same decimal). */
export function isExact(text) {
  const x = Number(text);
  return Number.isFinite(x) && decimalKey(String(x)) === decimalKey(text);
}

/** A parsed vector value as a caller sends it. */
export function asInput(v) {
  if (v instanceof Num) return String(Number(v.text)) === v.text ? Number(v.text) : new JsonNumber(v.text);
  if (Array.isArray(v)) return v.map(asInput);
  if (v !== null && typeof v === "object") return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asInput(x)]));
  return v;
}

/** A parsed expected outcome in the package's representation (numbers a double cannot hold as
 * their text, and `exact: false` on the whole then). */
export function asExpected(v) {
  let exact = true;
  const walk = (x) => {
    if (x instanceof Num) {
      if (isExact(x.text)) return Number(x.text);
      exact = false;
      return x.text.replace(/[eE]\+?(?=\d)/, "e+").replace(/E-/, "e-");
    }
    if (Array.isArray(x)) return x.map(walk);
    if (x !== null && typeof x === "object") return Object.fromEntries(Object.entries(x).map(([k, y]) => [k, walk(y)]));
    return x;
  };
  const out = walk(v);
  if (!exact && out !== null && typeof out === "object" && !Array.isArray(out)) out.exact = false;
  return out;
}

function cases(path) {
  const doc = parseExact(readFileSync(path, "utf8"));
  return Array.isArray(doc) ? doc : doc.cases;
}

/** Every `<kind>.json` (a file named after a kind; batch, helpers and tools have their own shapes). */
export function kindFiles() {
  return readdirSync(VECTORS)
    .filter((f) => f.endsWith(".json") && KINDS.includes(f.slice(0, -5)))
    .sort();
}

/** `{where, case}` of every kind file. */
export function kindCases() {
  const out = [];
  for (const file of kindFiles()) {
    const names = new Set();
    for (const c of cases(join(VECTORS, file))) {
      if (names.has(c.name)) throw new Error(`${file}: duplicate name ${c.name}`);
      names.add(c.name);
      out.push({ where: `${file.slice(0, -5)}/${c.name}`, case: c });
    }
  }
  return out;
}

/** The cases of `batch.json` or `helpers.json`. */
export function simpleCases(file) {
  return cases(join(VECTORS, file)).map((c) => ({ where: `${file.slice(0, -5)}/${c.name}`, case: c }));
}

/** `{where, spec, case}` of every whole-call file in `tools/`. */
export function toolCases() {
  const out = [];
  const dir = join(VECTORS, "tools");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
    const doc = parseExact(readFileSync(join(dir, file), "utf8"));
    for (const c of doc.cases) out.push({ where: `tools/${file.slice(0, -5)}/${c.name}`, spec: doc.spec, case: c });
  }
  return out;
}

/** `{where, spec, case}` of every contract file in `contract/` (not `page.json`). */
export function contractCases() {
  const out = [];
  const dir = join(VECTORS, "contract");
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json") && f !== "page.json").sort()) {
    const doc = parseExact(readFileSync(join(dir, file), "utf8"));
    for (const c of doc.cases) out.push({ where: `contract/${file.slice(0, -5)}/${c.name}`, spec: doc.spec, case: c });
  }
  return out;
}

/** The cases of `contract/page.json`. */
export function pageCases() {
  return parseExact(readFileSync(join(VECTORS, "contract", "page.json"), "utf8")).cases;
}
