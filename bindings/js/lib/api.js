/**
 * The typed API of agent-input over its WebAssembly module. Thin by rule: every read goes
 * through the core; this file only moves values across the boundary and wraps the results.
 *
 * What crosses (the Rust side is `src/convert.rs`):
 * - in: a well-formed string as itself, a safe integer as a number, every other value to read
 *   as JSON text written by `jsonText` below (`bigint` and `JsonNumber` keep all their digits,
 *   `-0` its sign, and `NaN` or `Infinity` cross as their text, which the reader reads: `NaN` as
 *   a missing value's placeholder, `Infinity` as no number, an ask). A lone surrogate crosses as
 *   its `\udXXX` escape and nesting stops one level past the core's bound: the core asks
 *   (`not_unicode`, `input_too_long`). The program's own data (options, specs, payloads,
 *   outputs) crosses as `dataText`;
 * - out: a code per read; the clean paths (no note, no warning) build the outcome in the shape
 *   the core gives once (`cleanShapes`) with the value the code points at; every other outcome,
 *   and every tool call, crosses as structured data (a tape of `u32`s and the one text of its
 *   strings, `fromTape`), never as JSON text to parse. A number that a double cannot hold
 *   exactly arrives as its decimal text, and the outcome says `exact: false`.
 */

import * as w from "../pkg/agent_input.js";
import { ASK_CODES, ENVELOPE_CODES, NOTE_CODES, WARNING_CODES, WIRE_KEYS } from "./generated.js";

// The answers of a read (`code` in src/convert.rs).
const OK_SAME = 0;
const OK_NUMBER = 1;
const OK_TRUE = 2;
const OK_FALSE = 3;
const OK_TEXT = 4;
const ABSENT = 5;
const TAPE = 7;

let exportsOfWasm = null;

/** Called by the entry points once the module is instantiated. @internal */
export function setWasm(instanceExports) {
  exportsOfWasm = instanceExports;
  [MRTR_VERSION, NOTES_META, WARNINGS_META] = JSON.parse(w.protocol_constants());
}

// The core's constants of the call protocol (`agent_input::protocol`), set once the module is
// instantiated (live bindings: an importer sees them from then on).
/** The first MCP revision with `input_required` results (multi round-trip requests). */
export let MRTR_VERSION;
/** The `_meta` key of a result that carries a call's notes. */
export let NOTES_META;
/** The `_meta` key of a result that carries a call's warnings. */
export let WARNINGS_META;

/** The module's memory (for diagnostics, such as checking that it does not grow). */
export function wasmMemory() {
  if (exportsOfWasm === null) throw new Error("agent-input: the WebAssembly module is not initialised; call `await init()` first");
  return exportsOfWasm.memory;
}

// --- errors ------------------------------------------------------------------------------------

/** Misuse of agent-input (never bad input, which reads as an ask); `.code` names the misuse. */
export class AgentInputError extends Error {
  constructor(message, code = null) {
    super(message);
    this.name = "AgentInputError";
    this.code = code;
  }
}

/** The kind name is not one of `KINDS` (code `unknown_kind`). */
export class UnknownKindError extends AgentInputError {
  constructor(message) {
    super(message, "unknown_kind");
    this.name = "UnknownKindError";
  }
}

/** The options are not valid for the kind: an unknown option, a wrong type, a contradiction, a
 * short cursor key (code `invalid_options`). */
export class InvalidOptionsError extends AgentInputError {
  constructor(message) {
    super(message, "invalid_options");
    this.name = "InvalidOptionsError";
  }
}

/** Marks the structured value a misuse crosses as (`{code, message}`, src/errors.rs). */
const MISUSE = Symbol.for("agent-input.misuse");

/** The error a WebAssembly call threw (a misuse's `{code, message}`, src/errors.rs) as its JS
 * class; anything else (a wasm trap) as it is. */
function typed(e) {
  if (e === null || typeof e !== "object" || e[MISUSE] !== true) return e;
  const { code, message } = e;
  switch (code) {
    case "unknown_kind":
      return new UnknownKindError(message);
    case "invalid_options":
      return new InvalidOptionsError(message);
    case "type":
      return new TypeError(message);
    case "range":
      return new RangeError(message);
    default:
      return new AgentInputError(message, code);
  }
}

function guard(f) {
  try {
    return f();
  } catch (e) {
    throw typed(e);
  }
}

// --- values in ---------------------------------------------------------------------------------

/**
 * A JSON number given by its exact text (`new JsonNumber("0.10")`, `new JsonNumber("1e400")`):
 * how a caller sends a number that a JavaScript `number` cannot hold. Integers can also be sent
 * as `bigint`.
 */
export class JsonNumber {
  #text;
  constructor(text) {
    if (typeof text !== "string" || !w.is_json_number(text)) {
      throw new TypeError(`JsonNumber: ${JSON.stringify(String(text))} is not a JSON number`);
    }
    this.#text = text;
  }

  /** The number's text, exactly as given. */
  get text() {
    return this.#text;
  }

  toString() {
    return this.#text;
  }

  toJSON() {
    return this.#text;
  }
}

// The most levels of nested arrays and objects the core reads in a value (its `MAX_JSON_DEPTH`,
// asked of the module at the first write, once it is instantiated).
let maxJsonDepth = 0;

function readDepth() {
  if (maxJsonDepth === 0) maxJsonDepth = w.max_json_depth();
  return maxJsonDepth;
}

// The most levels of the program's own data (options, specs, outputs) that cross: serde_json's
// bound in the module.
const DATA_DEPTH = 128;

/** A string as it is written (`read`: a lone surrogate kept, as `JSON.stringify` writes it, a
 * `\udXXX` escape the core asks about; else well-formed, a lone surrogate as U+FFFD). */
function stringText(s, read) {
  return JSON.stringify(read ? s : wellFormed(s));
}

/**
 * A value to read as the JSON text the core reads, as `JSON.stringify` would write it (`toJSON`
 * honoured, `undefined` and functions left out of objects and `null` in arrays) except that
 * numbers keep what a caller meant: `bigint` and `JsonNumber` all their digits, `-0` its sign,
 * and `NaN`/`Infinity` cross as strings (the reader then reads them as text). A lone surrogate
 * is written as its `\udXXX` escape, which the core reads as the ask `not_unicode`; an array or
 * object nested past the core's bound (`MAX_JSON_DEPTH`, 64) is written no further than the
 * core reads it (`pastBound`), which the core reads as the ask `input_too_long`, so that a value
 * of any depth (a cycle too) never overflows the stack. Returns `undefined` for a value that is
 * not sent at all.
 */
export function jsonText(value) {
  const max = readDepth();
  return isPlain(value, 0, max, true) ? JSON.stringify(value) : writeJson(value, 0, max, true);
}

// --- arguments in ------------------------------------------------------------------------------

// The argument tape (`src/args.rs` reads it; the tags are its constants): a plain argument
// object walked once into numbers (tags, counts, safe integers, the strings' lengths) and the
// UTF-8 bytes of its strings, instead of JSON text the module would parse again.
const ARG_NULL = 0;
const ARG_FALSE = 1;
const ARG_TRUE = 2;
const ARG_INTEGER = 3;
const ARG_NUMBER = 4;
const ARG_STRING = 5;
const ARG_ARRAY = 6;
const ARG_OBJECT = 7;

// The room the module keeps for the tape (`arg_room`), viewed in its memory: the tape is written
// in place, so nothing is copied or allocated to pass it. The views are made again when the
// memory grew (its old buffer is then empty) or the room was resized.
let argOps = new Float64Array(0);
let argCount = 0;
let argBytes = new Uint8Array(0);
let argLength = 0;
// The room the module keeps between calls (numbers, bytes): after a call that needed more, the
// room is given back, so one huge call does not hold its memory.
const ARG_OPS_KEPT = 1 << 14;
const ARG_BYTES_KEPT = 1 << 20;
const ARG_OPS_FIRST = 256;
const ARG_BYTES_FIRST = 4096;
// The tool's property names by index (a `Map`), during `argTape`: the top-level keys equal to
// one cross as `-1 - index`, not as bytes.
let argNames = null;
const argEncoder = new TextEncoder();
// Strings at least this long are encoded by `TextEncoder.encodeInto` (after a check that they
// hold no lone surrogate): a call of it costs about what the loop in `argString` spends on 40
// characters, and it is many times faster per character.
const ENCODE_INTO_FROM = 64;
// A tape is being written. Reading the arguments can run code (a getter, a proxy's trap): a call
// read meanwhile crosses as JSON text. A module call meanwhile may grow the memory, which leaves
// the views empty: each write of a number or string checks its room first, so it views the room
// again; an object's count is stored without that check, so a tape whose views went empty
// after its last write crosses as JSON text too.
let argBusy = false;

/**
 * `args` as an argument tape: its numbers (`argOps` up to `argCount`) and its strings' bytes
 * (`argBytes` up to `argLength`), valid until the next call. False when it is not plain in
 * `isPlain`'s sense for a read (a lone surrogate, `-0`, a non-finite number, a `bigint`, a
 * `toJSON`, nesting at the core's bound, ...): such a value crosses as `jsonText`, whose text
 * gives the answers those values have always had.
 */
function argTape(args, names) {
  if (argBusy) return false;
  argBusy = true;
  try {
    argCount = 0;
    argLength = 0;
    // Views of no room yet, or left empty by the memory's growth: the room is viewed afresh.
    if (argBytes.buffer !== wasmMemory().buffer) argRoom(ARG_OPS_FIRST, ARG_BYTES_FIRST);
    argNames = names;
    const plain = argValue(args, 0, readDepth());
    return plain && argBytes.buffer === wasmMemory().buffer && argCount <= argOps.length && argLength <= argBytes.length;
  } finally {
    argNames = null;
    argBusy = false;
  }
}

/** Resizes the module's room for the tape (what is written within it is kept) and views it. */
function argRoom(ops, bytes) {
  const at = w.arg_room(ops, bytes);
  const buffer = wasmMemory().buffer;
  const view = new Uint32Array(buffer, at, 4);
  argOps = new Float64Array(buffer, view[0], view[1]);
  argBytes = new Uint8Array(buffer, view[2], view[3]);
}

/** Reads the tape written (`read_args` of a module's `Tool`), then gives back room past what a
 * module keeps. Errors are typed as `guard` types them, without its closure on this hot path. */
function readArgTape(tool, today) {
  try {
    return tool.read_args(argCount, argLength, today);
  } catch (e) {
    throw typed(e);
  } finally {
    if (argOps.length > ARG_OPS_KEPT || argBytes.length > ARG_BYTES_KEPT) argRoom(ARG_OPS_FIRST, ARG_BYTES_FIRST);
  }
}

/** One number of the tape. */
function argOp(x) {
  if (argCount >= argOps.length) argRoom(Math.max(2 * argCount, ARG_OPS_FIRST), Math.max(argBytes.length, argLength));
  argOps[argCount++] = x;
}

/** Writes one value; false when it is not plain (the tape is then dropped). */
function argValue(value, depth, max) {
  switch (typeof value) {
    case "string":
      argOp(ARG_STRING);
      return argString(value);
    case "number":
      if (Number.isSafeInteger(value)) {
        if (value === 0 && 1 / value < 0) return false;
        argOp(ARG_INTEGER);
        argOp(value);
        return true;
      }
      if (!Number.isFinite(value)) return false;
      argOp(ARG_NUMBER);
      return argString(String(value));
    case "boolean":
      argOp(value ? ARG_TRUE : ARG_FALSE);
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (value === null) {
    argOp(ARG_NULL);
    return true;
  }
  if (depth >= max) return false;
  if (Array.isArray(value)) {
    argOp(ARG_ARRAY);
    argOp(value.length);
    for (let i = 0; i < value.length; i++) if (!argValue(value[i], depth + 1, max)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  argOp(ARG_OBJECT);
  const countAt = argCount;
  argOp(0);
  let count = 0;
  const names = depth === 0 ? argNames : null;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    const named = names === null ? undefined : names.get(key);
    if (named !== undefined) argOp(-1 - named);
    else if (!argString(key)) return false;
    if (!argValue(value[key], depth + 1, max)) return false;
    count++;
  }
  argOps[countAt] = count;
  return true;
}

/** Writes a string's UTF-8 length (a number) and bytes; false when it holds a lone surrogate,
 * which the core answers for from the escape `JSON.stringify` writes for it. Short strings (most
 * of a call's) are encoded by a loop, which costs less than a call of `encodeInto`. */
function argString(s) {
  const n = s.length;
  if (argLength + 3 * n > argBytes.length) argRoom(Math.max(argOps.length, argCount), Math.max(2 * argLength, argLength + 3 * n, ARG_BYTES_FIRST));
  const start = argLength;
  let at = start;
  if (n >= ENCODE_INTO_FROM) {
    if (!s.isWellFormed()) return false;
    at += argEncoder.encodeInto(s, argBytes.subarray(start)).written;
  } else {
    const bytes = argBytes;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        bytes[at++] = c;
      } else if (c < 0x800) {
        bytes[at++] = 0xc0 | (c >> 6);
        bytes[at++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        bytes[at++] = 0xe0 | (c >> 12);
        bytes[at++] = 0x80 | ((c >> 6) & 0x3f);
        bytes[at++] = 0x80 | (c & 0x3f);
      } else {
        const d = s.charCodeAt(i + 1);
        if (c > 0xdbff || !(d >= 0xdc00 && d <= 0xdfff)) return false;
        const p = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        bytes[at++] = 0xf0 | (p >> 18);
        bytes[at++] = 0x80 | ((p >> 12) & 0x3f);
        bytes[at++] = 0x80 | ((p >> 6) & 0x3f);
        bytes[at++] = 0x80 | (p & 0x3f);
        i++;
      }
    }
  }
  argOp(at - start);
  argLength = at;
  return true;
}

/** The program's own data (options, a spec, entries, a payload, an output) as JSON text: as
 * `jsonText`, but a lone surrogate becomes U+FFFD (as UTF-8 on the wire would have it), and
 * nesting deeper than the module reads throws a `RangeError`. */
function dataText(value) {
  return isPlain(value, 0, DATA_DEPTH, false) ? JSON.stringify(value) : writeJson(value, 0, DATA_DEPTH, false);
}

/** True when `JSON.stringify` writes the value as the core should read it: strings (only
 * well-formed ones unless `read`), finite numbers other than `-0`, booleans, `null`, and plain
 * arrays and objects of them below `max` levels (the common case, which then takes the engine's
 * own serializer). */
function isPlain(value, depth, max, read) {
  switch (typeof value) {
    case "string":
      return read || value.isWellFormed();
    case "number":
      return Number.isFinite(value) && !Object.is(value, -0);
    case "boolean":
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth >= max) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isPlain(value[i], depth + 1, max, read)) return false;
    return true;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) return false;
    if (!(read || key.isWellFormed()) || !isPlain(value[key], depth + 1, max, read)) return false;
  }
  return true;
}

/** `jsonText` (`read`) or `dataText` for values `JSON.stringify` would change or could not
 * write; `toJSON` is called once per value, as `JSON.stringify` calls it. */
function writeJson(value, depth, max, read) {
  value = afterToJSON(value);
  switch (typeof value) {
    case "string":
      return stringText(value, read);
    case "number":
      if (Number.isFinite(value)) return Object.is(value, -0) ? "-0" : String(value);
      return stringText(String(value), read);
    case "boolean":
      return value ? "true" : "false";
    case "bigint":
      return value.toString();
    case "object":
      break;
    default:
      return undefined;
  }
  if (value === null) return "null";
  if (value instanceof JsonNumber) return value.text;
  if (depth >= max) {
    if (read) return pastBound(value);
    throw new RangeError(`the value cannot cross into WebAssembly: it nests deeper than ${max} levels`);
  }
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ",";
      out += writeJson(value[i], depth + 1, max, read) ?? "null";
    }
    return out + "]";
  }
  let out = "{";
  let first = true;
  for (const key of Object.keys(value)) {
    const text = writeJson(value[key], depth + 1, max, read);
    if (text === undefined) continue;
    if (!first) out += ",";
    out += stringText(key, read) + ":" + text;
    first = false;
  }
  return out + "}";
}

/** An array or object one level past the core's bound, written as far as the core reads it
 * before it refuses the whole value, and no further: an array as `[]` or `[0]`, an object as
 * `{}` (an empty object is no deeper: the core reads it) or as its first key with `0`. The core
 * then stops at the byte where it stops in the whole value's text, so a call's envelope names
 * the same byte as `agent-input call` does for that text. */
function pastBound(value) {
  if (Array.isArray(value)) return value.length === 0 ? "[]" : "[0]";
  for (const key of Object.keys(value)) {
    if (isSent(value[key])) return "{" + JSON.stringify(key) + ":0}";
  }
  return "{}";
}

/** True when `JSON.stringify` writes a property holding `value` (not `undefined`, a function or
 * a symbol, after `toJSON`). */
function isSent(value) {
  value = afterToJSON(value);
  return value !== undefined && typeof value !== "function" && typeof value !== "symbol";
}

/** A value as `JSON.stringify` writes it: through its own `toJSON` when it has one (a
 * `JsonNumber` is written by `writeJson` itself, all its digits). */
function afterToJSON(value) {
  const own = typeof value === "object" && value !== null && !(value instanceof JsonNumber) && typeof value.toJSON === "function";
  return own ? value.toJSON() : value;
}

/** The UTF-8 bytes of a call's body. A lone surrogate has none: it is written as the three
 * bytes WTF-8 gives it (`ED A0 80` for U+D800), which the core refuses as not UTF-8, naming the
 * byte (as Python's `surrogatepass` writes it), where `TextEncoder` would write U+FFFD. */
function bodyBytes(text) {
  const encoder = new TextEncoder();
  if (text.isWellFormed()) return encoder.encode(text);
  const parts = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      i++;
      continue;
    }
    parts.push(encoder.encode(text.slice(start, i)), Uint8Array.of(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)));
    start = i + 1;
  }
  parts.push(encoder.encode(text.slice(start)));
  const bytes = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.length;
  }
  return bytes;
}

// --- outcomes out ------------------------------------------------------------------------------

/** Builds an outcome in the shape of the core's `template` (its keys in its order): `value` in
 * place of the template's, a fresh array for each of its arrays (the notes and warnings). */
function shaped(template) {
  const arrays = Object.keys(template).filter((key) => Array.isArray(template[key]));
  const hasValue = Object.hasOwn(template, "value");
  return (value) => {
    const out = hasValue ? { ...template, value } : { ...template };
    for (let i = 0; i < arrays.length; i++) out[arrays[i]] = [];
    return out;
  };
}

/** `build`, a literal the engine allocates faster than `shaped` builds, when it writes exactly
 * the core's `template` (keys, order and values, checked once); else `shaped(template)`. */
function fastest(template, build) {
  return JSON.stringify(build(null)) === JSON.stringify(template) ? build : shaped(template);
}

// The outcomes a code alone stands for, in the core's shape (`clean_outcomes` in src/lib.rs),
// asked of the module at the first read, once it is instantiated.
let okOf = null;
let absentOf = null;

function cleanShapes() {
  const [ok, absent] = JSON.parse(w.clean_outcomes());
  okOf = fastest(ok, (value) => ({ status: "ok", value, notes: [], warnings: [] }));
  absentOf = fastest(absent, () => ({ status: "absent", notes: [], warnings: [] }));
}

/** The outcome a read's answer stands for; `input` is the string that was read, if any. Every
 * outcome is the core's: its JSON text, or for the clean paths (no note, no warning) its shape
 * (`cleanShapes`) with the value the code points at. */
function answer(code, input) {
  if (okOf === null) cleanShapes();
  switch (code) {
    case OK_SAME:
      return okOf(input);
    case OK_NUMBER:
      return okOf(w.take_number());
    case OK_TRUE:
      return okOf(true);
    case OK_FALSE:
      return okOf(false);
    case OK_TEXT:
      return okOf(w.take_text());
    case ABSENT:
      return absentOf(null);
    default:
      return structured(code);
  }
}

/** The outcome or call a `TAPE` or `JSON` answer left in the module; `names`, a call's tool's
 * property names (`internedNames`), which its tape names by index. */
function structured(code, names) {
  return code === TAPE ? fromTape(names) : JSON.parse(w.take_text());
}

// The strings a tape names by table and index (`src/tape.rs`): the wire's keys and the code
// lists, each generated from the core (`generated.js`, `cargo xtask ts`, which writes the
// module's `src/keys.rs` from the same list). Each key is made a property name once, so the
// engine holds it as it holds a literal's keys.
let tables = null;
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true, fatal: true });

// The module's memory viewed whole as `u32`s and `f64`s, for `fromTape`: viewed again only when
// the memory grew (its buffer is then another), not for each answer.
let tapeBuffer = null;
let words = new Uint32Array(0);
let doubles = new Float64Array(0);

function tapeTables() {
  return [interned(WIRE_KEYS), NOTE_CODES, WARNING_CODES, ASK_CODES, ENVELOPE_CODES];
}

/** `names` in their order, each made a property name once (as a literal's keys are): an object
 * built with them as keys needs no lookup of their text. One object per name, so that names such
 * as `"1"` keep their place (an object lists integer keys first). */
function interned(names) {
  return names.map((name) => Object.keys({ [name]: 0 })[0]);
}

/** `interned` of the strings of a JSON array. */
function internedNames(text) {
  return interned(JSON.parse(text));
}

// The table of a call's tape that holds its tool's property names (`src/tape.rs`).
const NAMES_TABLE = 5;

// A key of the wire's table as its tape op (`tag 7`, table 0: `7 | index << 6`), for the keys
// of the objects `fromTape` builds as literals. A key the table lacks would cross as text: its
// op here is then negative, which no op of a tape equals, and its objects are built key by key.
// (`generated.js` imports this module, and is evaluated first, as the package's entry points
// import this module before it: `WIRE_KEYS` is set when these are.)
const keyOp = (key) => 7 | (WIRE_KEYS.indexOf(key) << 6);
const K_STATUS = keyOp("status");
const K_VALUE = keyOp("value");
const K_NOTES = keyOp("notes");
const K_WARNINGS = keyOp("warnings");
const K_CODE = keyOp("code");
const K_MESSAGE = keyOp("message");
const K_PATH = keyOp("path");
const K_ARGS = keyOp("args");

/** True for an op that is a whole node (not an array or object, whose children follow it). */
function leaf(op) {
  const tag = op & 7;
  return tag !== 5 && tag !== 6;
}

/** Defines `key` on `o` as `JSON.parse` does, as an own property even when it is `__proto__`. */
function own(o, key, value) {
  Object.defineProperty(o, key, { value, writable: true, enumerable: true, configurable: true });
}

/** The value of the tape the last answer left in the module's memory (`src/tape.rs` writes it
 * and says how): its ops, numbers and text viewed in place, the text decoded once, and the
 * objects, arrays and strings built directly, each string sliced from that text. */
function fromTape(names) {
  tables ??= tapeTables();
  const buffer = wasmMemory().buffer;
  if (buffer !== tapeBuffer) {
    tapeBuffer = buffer;
    words = new Uint32Array(buffer);
    doubles = new Float64Array(buffer);
  }
  // The tape's seven words: its ops' address and length, its numbers' and its text's, and
  // where the text's strings beyond ASCII start. Ops and numbers are read where they lie, by
  // their index in the whole memory (a `u32`'s and an `f64`'s address are aligned to it).
  const view = w.tape_view() >>> 2;
  tapeText = utf8.decode(new Uint8Array(buffer, words[view + 4], words[view + 5]));
  tapeNames = names;
  tapeKept = null;
  tapeOp = words[view] >>> 2;
  tapeNumber = words[view + 2] >>> 3;
  tapeAt = 0;
  tapeWideAt = words[view + 6];
  const value = tapeNode();
  tapeText = "";
  tapeNames = tapeKept = null;
  return value;
}

// The tape `fromTape` is decoding: one at a time, as decoding runs none of the program's code.
// Its text and the tool's property names; the strings kept so far; the index of the next op
// and the next number in `words` and `doubles`; where the next string of ASCII and the next of
// any other text start (the text holds the first kind, then the second: `src/tape.rs`).
let tapeText = "";
let tapeNames = null;
let tapeKept = null;
let tapeOp = 0;
let tapeNumber = 0;
let tapeAt = 0;
let tapeWideAt = 0;

/** The next string of the tape's text, of `arg`'s length and part. */
function tapeString(arg) {
  return (arg & 1) === 0 ? tapeText.slice(tapeAt, (tapeAt += arg >>> 1)) : tapeText.slice(tapeWideAt, (tapeWideAt += arg >>> 1));
}

/** The next node of the tape, and those inside it. */
function tapeNode() {
  const op = words[tapeOp++];
  const arg = op >>> 3;
  switch (op & 7) {
    case 0:
      return arg === 0 ? null : arg === 2;
    case 1:
      return doubles[tapeNumber++];
    case 2:
      return tapeString(arg);
    case 3: {
      const s = tapeString(arg);
      (tapeKept ??= []).push(s);
      return s;
    }
    case 4:
      return tapeKept[arg];
    case 5: {
      const a = [];
      for (let k = 0; k < arg; k++) a.push(tapeNode());
      return a;
    }
    case 6:
      return tapeObject(arg);
    default:
      return (arg & 7) === NAMES_TABLE ? tapeNames[arg >>> 3] : tables[arg & 7][arg >>> 3];
  }
}

// The wire's commonest objects (a note, an outcome or call) are built as literals when their
// keys come in the order the core writes them: each literal has one shape the engine makes at
// once, where storing keys one by one into `{}` costs a lookup per key (a call's nine notes
// took a sixth of the call's instructions so). Their keys are the table's, so never
// `__proto__`. Any other object is built key by key.
function tapeObject(entries) {
  const ops = words;
  const i = tapeOp;
  if (entries === 3 && ops[i] === K_CODE && ops[i + 2] === K_MESSAGE && ops[i + 4] === K_PATH && leaf(ops[i + 1]) && leaf(ops[i + 3]) && leaf(ops[i + 5])) {
    tapeOp++;
    const code = tapeNode();
    tapeOp++;
    const message = tapeNode();
    tapeOp++;
    return { code, message, path: tapeNode() };
  }
  if (entries === 2 && ops[i] === K_CODE && ops[i + 2] === K_MESSAGE && leaf(ops[i + 1]) && leaf(ops[i + 3])) {
    tapeOp++;
    const code = tapeNode();
    tapeOp++;
    return { code, message: tapeNode() };
  }
  if (entries === 4 && ops[i] === K_STATUS && leaf(ops[i + 1]) && (ops[i + 2] === K_ARGS || ops[i + 2] === K_VALUE)) {
    tapeOp++;
    const status = tapeNode();
    const second = ops[tapeOp++];
    const held = tapeNode();
    if (ops[tapeOp] === K_NOTES) {
      tapeOp++;
      const notes = tapeNode();
      if (ops[tapeOp] === K_WARNINGS) {
        tapeOp++;
        const warnings = tapeNode();
        return second === K_ARGS ? { status, args: held, notes, warnings } : { status, value: held, notes, warnings };
      }
      return tapeRest(second === K_ARGS ? { status, args: held, notes } : { status, value: held, notes }, 1);
    }
    return tapeRest(second === K_ARGS ? { status, args: held } : { status, value: held }, 2);
  }
  return tapeRest({}, entries);
}

/** The next `entries` keys and values, stored into `o` one by one. */
function tapeRest(o, entries) {
  for (let k = 0; k < entries; k++) {
    const key = tapeNode();
    const value = tapeNode();
    if (key === "__proto__") own(o, key, value);
    else o[key] = value;
  }
  return o;
}

/** A string of the program's own data as it crosses: well-formed (a lone surrogate becomes
 * U+FFFD, as UTF-8 has none). A string to read never is: it crosses as JSON text instead. */
function wellFormed(s) {
  return s.isWellFormed() ? s : s.toWellFormed();
}

/** True for a number that crosses as itself (JavaScript prints it as its decimal digits). */
function isPlainInteger(value) {
  return Number.isSafeInteger(value) && !Object.is(value, -0);
}

function optionsText(options) {
  return options === undefined || options === null ? undefined : dataText(options);
}

/**
 * Reads one value of `kind` with its options: `read("number", "4 000")`. Leaving `value` out
 * (or `undefined`) means the property was not sent, which is not `null` (JSON null). Never throws
 * on bad input (the outcome asks: a lone surrogate anywhere in the value `not_unicode`, nesting
 * past 64 levels `input_too_long`); an unknown kind or invalid options throw.
 */
export function read(kind, value, options) {
  const opts = optionsText(options);
  if (typeof value === "string") {
    // A string with a lone surrogate crosses as JSON text (its `\udXXX` escape): the core asks.
    if (value.isWellFormed()) return answer(guard(() => w.read_str(kind, opts, value)), value);
    return answer(guard(() => w.read_json(kind, opts, JSON.stringify(value))));
  }
  if (typeof value === "number" && isPlainInteger(value)) return answer(guard(() => w.read_int(kind, opts, value)));
  return answer(guard(() => w.read_json(kind, opts, jsonText(value))));
}

const dispose = Symbol.dispose ?? Symbol.for("Symbol.dispose");

/**
 * A kind with its options, checked once (an unknown kind or invalid options throw here);
 * `.read(value)` then reads many values, the hot path of a server. `free()` releases it at once
 * (otherwise the garbage collector does).
 */
export class Reader {
  #r;
  constructor(kind, options) {
    this.#r = guard(() => new w.Reader(kind, optionsText(options)));
  }

  /** The kind's wire name. */
  get kind() {
    return this.#r.kind;
  }

  /** Reads one value; leaving it out means the property was not sent. */
  read(value) {
    const r = this.#r;
    if (typeof value === "string") {
      if (value.isWellFormed()) return answer(r.read_str(value), value);
      return answer(guard(() => r.read_json(JSON.stringify(value))));
    }
    if (typeof value === "number" && isPlainInteger(value)) return answer(r.read_int(value));
    return answer(guard(() => r.read_json(jsonText(value))));
  }

  free() {
    this.#r.free();
  }

  [dispose]() {
    this.free();
  }
}

// --- vocabularies ------------------------------------------------------------------------------

/**
 * A server's stored values (courts, say), indexed once; `.read(value, {role})` reads one through
 * case, diacritics, abbreviations, other-language names and inflection.
 */
export class Vocabulary {
  #v;
  constructor(entries) {
    this.#v = guard(() => new w.Vocabulary(dataText(entries) ?? "null"));
  }

  /** The entries. */
  get entries() {
    return JSON.parse(this.#v.entries());
  }

  /** Reads one value; `role: "value"` (default) asks when a value names several entries or
   * none, `role: "filter"` drops it with a warning instead. */
  read(value, { role = "value" } = {}) {
    const v = this.#v;
    if (typeof value === "string" && value.isWellFormed()) return answer(guard(() => v.read_str(value, role)), value);
    return answer(guard(() => v.read_json(jsonText(value), role)));
  }

  free() {
    this.#v.free();
  }

  [dispose]() {
    this.free();
  }
}

// --- cursors -----------------------------------------------------------------------------------

const codecs = new WeakMap();

function seconds(value) {
  return value === undefined || value === null ? NaN : value;
}

/** A `today` option as the module takes it: `"YYYY-MM-DD"` as given (the module checks it), a
 * `Date` as its calendar day in the local zone, nothing as `undefined`. */
function dayText(today) {
  if (today === undefined || today === null) return undefined;
  if (typeof today === "string") return today;
  if (today instanceof Date && !Number.isNaN(today.getTime())) {
    const two = (n) => String(n).padStart(2, "0");
    return `${String(today.getFullYear()).padStart(4, "0")}-${two(today.getMonth() + 1)}-${two(today.getDate())}`;
  }
  throw new TypeError('today: expected a "YYYY-MM-DD" string or a valid Date');
}

/**
 * Issues and reads opaque, tamper-evident page cursors with one server key (a `Uint8Array` or a
 * string's UTF-8, at least 16 bytes). The key stays inside the WebAssembly module: no output,
 * message or inspection shows it.
 */
export class CursorCodec {
  constructor(key) {
    const bytes = typeof key === "string" ? new TextEncoder().encode(key) : key;
    if (!(bytes instanceof Uint8Array)) throw new TypeError("CursorCodec: the key must be a Uint8Array or a string");
    codecs.set(this, guard(() => new w.CursorCodec(bytes)));
  }

  /** A codec keyed by the environment variable `name` (`process.env` in Node). */
  static fromEnv(name) {
    const codec = Object.create(CursorCodec.prototype);
    codecs.set(codec, guard(() => w.CursorCodec.from_env(name)));
    return codec;
  }

  /** Issues a cursor carrying `payload` (JSON, or a `Uint8Array`), valid for `ttl` seconds or
   * until `expiresAt` (unix seconds) if given, or never. Throws `InvalidOptionsError` for both,
   * for either that is not a whole number of seconds, for a `ttl` of 0 and for an `expiresAt`
   * not in the future: the core's check, as the CLI and Python make it. */
  encode(payload, { ttl, expiresAt } = {}) {
    const c = codecs.get(this);
    if (payload instanceof Uint8Array) return guard(() => c.encode_bytes(payload, seconds(ttl), seconds(expiresAt)));
    return guard(() => c.encode_json(dataText(payload) ?? "null", seconds(ttl), seconds(expiresAt)));
  }

  /** Reads a cursor value: ok with its payload, absent for an invented first-call value
   * (`"start"`, `"0"`, `""`), an `invalid_cursor` ask for a damaged, forged or expired one.
   * `now` (unix seconds) replaces the clock. */
  read(value, { now } = {}) {
    const c = codecs.get(this);
    if (typeof value === "string" && value.isWellFormed()) return answer(guard(() => c.read_str(value, seconds(now))), value);
    return answer(guard(() => c.read_json(jsonText(value), seconds(now))));
  }

  /** A page that says what it withheld: `{items, matched, returned, sort, partial, next_cursor,
   * filtered, matched_exact}`, its next cursor (carrying `next`) minted with this key, valid
   * `ttl` seconds (an hour by default). `matched` is how many matched in all (a lower bound with
   * `matchedExact: false`); `offset` the position of the first item. Throws
   * `InvalidOptionsError` for a page that contradicts itself. */
  page({ items, matched, sort, filtered = false, next, offset, matchedExact = true, ttl, now } = {}) {
    const c = codecs.get(this);
    const request = { items, matched, sort: sort ?? null, filtered, next: next ?? null, offset: offset ?? null,
      matched_exact: matchedExact, ttl_seconds: ttl ?? null };
    return JSON.parse(guard(() => c.page(dataText(request), seconds(now))));
  }

  free() {
    codecs.get(this).free();
  }

  [dispose]() {
    this.free();
  }

  toString() {
    return "CursorCodec(<redacted>)";
  }

  [Symbol.for("nodejs.util.inspect.custom")]() {
    return "CursorCodec(<redacted>)";
  }
}

// --- tools -------------------------------------------------------------------------------------

/**
 * The result of reading one tool call. Its own properties are exactly the core's JSON
 * (`{status: "ok", args, notes, warnings, issues?}` or the envelope `{status: "error", code,
 * message, hint, issues, notes, warnings}`); the methods are on the prototype.
 */
export class ToolCall {
  #tool;
  constructor(data, tool) {
    Object.assign(this, data);
    this.#tool = tool;
  }

  /** True when every property read (the handler may run). */
  get ok() {
    return this.status === "ok";
  }

  /** The envelope `{code, message, hint, issues}` when the call cannot run, else `null`. */
  get envelope() {
    if (this.status !== "error") return null;
    return { code: this.code, message: this.message, hint: this.hint, issues: this.issues };
  }

  /** Adds a warning (as `noHitsFiltered` returns) that reaches the caller beside the result. */
  addWarning(warning) {
    this.warnings.push(JSON.parse(guard(() => w.check_warning(dataText(warning) ?? "null"))));
  }

  /** The MCP `CallToolResult`: for an ok call `isError: false` and `structuredContent`
   * `{result: output, notes, warnings}` (plus `issues`); for a call that cannot run `isError:
   * true` and the envelope. The text content is the same JSON. */
  toCallToolResult(output) {
    return JSON.parse(guard(() => w.call_tool_result(dataText(this), output === undefined ? undefined : dataText(output))));
  }

  /** What telemetry may keep of a rejected call (`{tool, codes, paths}`, never the values), or
   * `null` for an ok call without issues. */
  telemetry() {
    const text = guard(() => w.call_telemetry(dataText(this), this.#tool));
    return text === undefined ? null : JSON.parse(text);
  }

  /** The call as the core's JSON (a plain object). */
  toJSON() {
    return { ...this };
  }
}

/**
 * A declared tool (the JSON document of the README's "Tools"): it reads a whole argument object,
 * shapes the error envelope and emits the MCP `inputSchema`.
 */
export class Tool {
  #t;
  #name;
  #names;
  #nameIndex;
  #codec;
  constructor(inner, codec) {
    if (!(inner instanceof w.Tool)) throw new TypeError("use Tool.fromSpec(spec)");
    this.#t = inner;
    this.#name = inner.name;
    this.#names = internedNames(inner.property_names);
    this.#nameIndex = new Map(this.#names.map((name, i) => [name, i]));
    this.#codec = codec;
  }

  /** A tool from its spec (an object, or JSON text). Cursor properties without a `key_env` read
   * with `codec`. Throws `InvalidOptionsError` for an invalid spec. */
  static fromSpec(spec, { codec } = {}) {
    const text = typeof spec === "string" ? spec : (dataText(spec) ?? "null");
    if (codec === undefined || codec === null) return new Tool(guard(() => w.Tool.from_spec(text)));
    const inner = codecs.get(codec);
    if (inner === undefined) throw new TypeError("Tool.fromSpec: `codec` must be a CursorCodec");
    return new Tool(guard(() => w.Tool.from_spec_with_codec(text, inner)), inner);
  }

  /** A tool from the JSON Schema a server already declares: a tool's `inputSchema`, or its whole
   * MCP definition (`{name, description, inputSchema, annotations}`), as zod, pydantic or
   * schemars write it, with `overrides` for what JSON Schema cannot say (`{answered_by: "user",
   * properties: {court: {kind: "vocabulary", entries: [...]}, raw: false}}`). Cursor properties
   * read with `codec`. Throws `InvalidOptionsError` for a schema or overrides it cannot use. */
  static fromInputSchema(schema, { overrides, codec } = {}) {
    const text = dataText(schema) ?? "null";
    const over = overrides === undefined ? "null" : (dataText(overrides) ?? "null");
    if (codec === undefined || codec === null) return new Tool(guard(() => w.Tool.from_input_schema(text, over)));
    const inner = codecs.get(codec);
    if (inner === undefined) throw new TypeError("Tool.fromInputSchema: `codec` must be a CursorCodec");
    return new Tool(guard(() => w.Tool.from_input_schema_with_codec(text, over, inner)), inner);
  }

  /** The tool spec document `fromInputSchema` builds from a schema: what each property was
   * mapped to. */
  static specFromInputSchema(schema, { overrides } = {}) {
    const text = dataText(schema) ?? "null";
    const over = overrides === undefined ? "null" : (dataText(overrides) ?? "null");
    return JSON.parse(guard(() => w.Tool.spec_from_input_schema(text, over)));
  }

  /** The tool's name. */
  get name() {
    return this.#name;
  }

  /** True when the tool writes (a placeholder id asks instead of reading as absent). */
  get writes() {
    return this.#t.writes;
  }

  /** Reads a whole argument object (leaving it out, `undefined` or `null`: no arguments). Never
   * throws on bad arguments: a lone surrogate or nesting past 64 levels is the envelope
   * `agent-input call` gives for the same JSON text. `today` (`"YYYY-MM-DD"`, or a `Date` for
   * its local calendar day) is the day relative words are read against (`"yesterday"`, `"last
   * month"`) where a property's own `today` option is unset; without it they ask
   * `relative_date_without_today`. */
  read(args, options) {
    const day = options === undefined ? undefined : dayText(options.today);
    // `undefined` is no arguments at all, which only `jsonText` says (as `undefined`).
    const answer =
      args !== undefined && argTape(args, this.#nameIndex)
        ? readArgTape(this.#t, day)
        : guard(() => this.#t.read(jsonText(args), day));
    return new ToolCall(structured(answer, this.#names), this.#name);
  }

  /** Reads the raw body of a call as a client sent it (JSON text, or its UTF-8 bytes): a key
   * sent twice is read as the last, with a warning; text that is not JSON is the envelope (a
   * lone surrogate in the text itself is not UTF-8, naming the byte); `today` as for `read`. */
  readJson(text, { today } = {}) {
    const day = dayText(today);
    const bytes = typeof text === "string" ? bodyBytes(text) : text;
    if (!(bytes instanceof Uint8Array)) throw new TypeError("Tool.readJson: expected a string or a Uint8Array");
    return new ToolCall(structured(guard(() => this.#t.read_body(bytes, day)), this.#names), this.#name);
  }

  /** The key that seals a question to a person: the codec given, else the tool's own. */
  #personKey(codec) {
    const inner = codec === undefined || codec === null ? this.#codec : codecs.get(codec);
    if (inner === undefined) {
      throw new InvalidOptionsError("asking a person needs a server key: build the tool with Tool.fromSpec(spec, { codec }) or pass { codec }");
    }
    return inner;
  }

  /** The MCP 2026-07-28 `input_required` result asking the person at the client about the
   * call `args` read to (one elicitation form per ambiguous property the spec lets the user
   * answer, `answered_by: "user"`), or `null` when that call is not such an ask. */
  askPerson(args, { codec, now, today } = {}) {
    const key = this.#personKey(codec);
    const day = dayText(today);
    const text = guard(() => this.#t.ask_person(jsonText(args), key, seconds(now), day));
    return text === undefined ? null : JSON.parse(text);
  }

  /** Reads the retry of a call `askPerson` answered: the same `args`, the client's
   * `inputResponses` and the echoed `requestState`. A chosen reading replaces its value, with a
   * note; a declined, cancelled, unoffered or out-of-date answer is the envelope. */
  readAnswers(args, inputResponses, requestState, { codec, now, today } = {}) {
    const key = this.#personKey(codec);
    const day = dayText(today);
    const text = guard(() => this.#t.read_answers(jsonText(args), dataText(inputResponses), String(requestState ?? ""), key, seconds(now), day));
    return new ToolCall(JSON.parse(text), this.#name);
  }

  /** Starts one `tools/call` of this tool through the core's call protocol: `params` as the
   * request's (`{name, arguments, requestState, inputResponses}`), `context` as the protocol
   * takes it (`{protocolVersion, clientCapabilities, today, now, canAsk}`, each optional; `today`
   * a `"YYYY-MM-DD"` day or a `Date` for its local calendar day, `now` unix seconds, the clock
   * by default). Returns the `Call`, whose `step` says what to do next. Never throws on bad
   * arguments (they are a step); a `today` that is no day throws `InvalidOptionsError`. Questions
   * and confirm tokens are sealed with the tool's codec. */
  call(params, context) {
    const [p, a] = callTexts(params);
    const c = contextText(context);
    const codec = this.#codec;
    return new Call(guard(() => (codec === undefined ? this.#t.call(p, c, a) : this.#t.call_with_codec(p, c, codec, a))), this.#name);
  }

  /** True when calls go through `gate`: the tool confirms its changes or has an idempotency key. */
  get hasContract() {
    return this.#t.has_contract;
  }

  /** True when the tool previews its changes (`dry_run`) and applies them with a `confirm_token`. */
  get confirms() {
    return this.#t.confirms;
  }

  /** The tool's idempotency key property, or `null`. */
  get keyProperty() {
    return this.#t.key_property ?? null;
  }

  /** The MCP annotations its side effects declare (`readOnlyHint`, `destructiveHint`, ...). */
  annotations() {
    return JSON.parse(this.#t.annotations());
  }

  /** The idempotency key of a call that applies a change, to look its receipt up, or `null`. */
  receiptKey(call) {
    return guard(() => this.#t.receipt_key(dataText(call))) ?? null;
  }

  /** The contract's step before the handler: `{action: "answer", result}` (return it: a refusal
   * or a replayed receipt) or `{action: "run", args, ...}` (run the handler with `args`, then
   * `finish`). `stored` is the receipt the store holds under `receiptKey(call)`. Confirm tokens
   * are sealed with `codec`, or the tool's own. */
  gate(call, stored, { codec, now } = {}) {
    const text = dataText(call);
    const held = stored === undefined || stored === null ? undefined : dataText(stored);
    const inner = codec === undefined || codec === null ? this.#codec : codecs.get(codec);
    if (inner === undefined) return JSON.parse(guard(() => this.#t.gate(text, held, seconds(now))));
    return JSON.parse(guard(() => this.#t.gate_with_codec(text, held, inner, seconds(now))));
  }

  /** The result of a call the handler ran with `gate`'s `run`: `{result, receipt?, key?}`;
   * store `receipt` under `key` when given. */
  finish(call, run, output, { now } = {}) {
    const out = output === undefined ? undefined : dataText(output);
    return JSON.parse(guard(() => this.#t.finish(dataText(call), dataText(run), out, seconds(now))));
  }

  /** The `CallToolResult` of a handler's `RateLimited` or `UpstreamUnavailable` (its
   * `failure()`): the envelope the model acts on. */
  failureResult(failure) {
    return JSON.parse(guard(() => this.#t.failure_result(dataText(failure))));
  }

  /** The tool's `inputSchema`, which admits every spelling the reader reads, in a host's
   * dialect: `"mcp"` (JSON Schema 2020-12, the default), `"openai-strict"`, `"gemini"` or
   * `"anthropic"`. Throws `InvalidOptionsError` for another dialect. */
  inputSchema({ dialect = "mcp" } = {}) {
    return JSON.parse(guard(() => this.#t.input_schema(String(dialect))));
  }

  /** The payload the tool accepts, to echo as the next call: every required property set to its
   * kind's canonical example, the optional ones left out; it reads back as itself with no note. */
  skeleton() {
    return JSON.parse(this.#t.skeleton());
  }

  /** The tool definition in a host's dialect: MCP's `{name, description, inputSchema,
   * annotations}` (the default), OpenAI's function tool, Gemini's function declaration or
   * Anthropic's tool. */
  definition({ dialect = "mcp" } = {}) {
    return JSON.parse(guard(() => this.#t.definition(String(dialect))));
  }

  free() {
    this.#t.free();
  }

  [dispose]() {
    this.free();
  }
}

// --- the contract around a call -----------------------------------------------------------------

const receiptStores = new WeakMap();

/** The key of a receipt in Redis, as every runtime spells it (the tool's UTF-8 length first,
 * as the core's `RedisReceipts` does, so servers in Rust, Python and JavaScript share keys). */
function redisKey(tool, key) {
  return `agent-input:receipt:${new TextEncoder().encode(tool).length}:${tool}:${key}`;
}

/** The seconds a receipt stays live from its `stored_at` (0: already past). */
function receiptTtl(receipt) {
  const expires = Number(receipt?.expires_at ?? 0);
  const stored = Number(receipt?.stored_at ?? 0);
  return Math.max(0, Math.floor(expires - stored));
}

/** A stored value's receipt, or `{store_unavailable}` for one that is not JSON. */
function storedReceipt(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    return { store_unavailable: `a stored receipt is not JSON: ${e.message}` };
  }
}

/**
 * Receipts of writes in Redis or Valkey, through a client you made and connected: node-redis
 * (`createClient()`, its `sendCommand`) or ioredis (its `call`). Every server that names the
 * same Redis shares them, in Rust, Python or JavaScript (the keys are the core's
 * `RedisReceipts`'): a key is reserved by one `SET ... NX EX` (one reservation among all of
 * them), a receipt expires by the server's clock. A command that fails answers
 * `{store_unavailable}`, so the call answers `upstream_unavailable` and its write does not run.
 */
export class RedisReceipts {
  #send;
  constructor(client) {
    if (typeof client?.sendCommand === "function") this.#send = (args) => client.sendCommand(args.map(String));
    else if (typeof client?.call === "function") this.#send = (args) => client.call(...args.map(String));
    else throw new TypeError("RedisReceipts: pass a connected node-redis client (sendCommand) or an ioredis client (call)");
  }

  /** The receipt stored for `tool` and `key`, or `null`. */
  async get(tool, key) {
    try {
      const text = await this.#send(["GET", redisKey(String(tool), String(key))]);
      return text === null || text === undefined ? null : storedReceipt(text);
    } catch (e) {
      return { store_unavailable: String(e?.message ?? e) };
    }
  }

  /** Stores `receipt` for `tool` and `key`, to expire when it does (a receipt already past is
   * deleted: a released key). */
  async put(tool, key, receipt) {
    const name = redisKey(String(tool), String(key));
    const ttl = receiptTtl(receipt);
    await (ttl === 0 ? this.#send(["DEL", name]) : this.#send(["SET", name, dataText(receipt) ?? "null", "EX", ttl]));
  }

  /** Reserves `tool` and `key` in one atomic step: `null` when reserved, else the live receipt. */
  async reserve(tool, key, inFlight) {
    const name = redisKey(String(tool), String(key));
    const text = dataText(inFlight) ?? "null";
    const ttl = Math.max(1, receiptTtl(inFlight));
    try {
      // Twice at most: a key that expires between the two commands is reserved the next time.
      for (let i = 0; i < 2; i++) {
        if ((await this.#send(["SET", name, text, "NX", "EX", ttl])) !== null) return null;
        const held = await this.#send(["GET", name]);
        if (held !== null && held !== undefined) return storedReceipt(held);
      }
      return { store_unavailable: "the key was neither reserved nor held" };
    } catch (e) {
      return { store_unavailable: String(e?.message ?? e) };
    }
  }
}

/** The table every runtime's SQLite store keeps receipts in (the core's `SqliteReceipts`'). */
const SQLITE_SCHEMA = `
  PRAGMA journal_mode = WAL;
  PRAGMA synchronous = NORMAL;
  CREATE TABLE IF NOT EXISTS agent_input_receipts (
    tool TEXT NOT NULL, key TEXT NOT NULL, digest TEXT NOT NULL, receipt TEXT NOT NULL,
    expires_at INTEGER NOT NULL, PRIMARY KEY (tool, key)) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS agent_input_receipts_expiry ON agent_input_receipts (expires_at)`;
const SQLITE_UPSERT = `INSERT INTO agent_input_receipts (tool, key, digest, receipt, expires_at) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (tool, key) DO UPDATE SET digest = excluded.digest, receipt = excluded.receipt,
  expires_at = excluded.expires_at`;
/** How long a statement waits for another process's write lock (the core's
 * `SQLITE_BUSY_TIMEOUT_MS`). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/**
 * Receipts of writes in one SQLite file, through a database you opened: better-sqlite3's
 * `Database` or Node's `node:sqlite` `DatabaseSync` (22.5 and later). Every process of the
 * machine that opens the same file shares them, in Rust, Python or JavaScript (the core's
 * `SqliteReceipts`' table and statements, WAL mode): a key is reserved by one `INSERT ... ON
 * CONFLICT DO UPDATE ... WHERE expires_at <= now` in an immediate transaction, so of several
 * processes at once exactly one does. A statement that fails (a lock held past
 * `SQLITE_BUSY_TIMEOUT_MS`, a row that is not JSON) answers `{store_unavailable}`, so the call
 * answers `upstream_unavailable` and its write does not run.
 */
export class SqliteReceipts {
  #db;
  constructor(db) {
    if (typeof db?.prepare !== "function" || typeof db?.exec !== "function") {
      throw new TypeError("SqliteReceipts: pass a better-sqlite3 Database or a node:sqlite DatabaseSync");
    }
    this.#db = db;
    db.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    db.exec(SQLITE_SCHEMA);
  }

  /** The receipt stored for `tool` and `key`, or `null`. */
  get(tool, key) {
    try {
      const row = this.#db.prepare("SELECT receipt FROM agent_input_receipts WHERE tool = ? AND key = ?").get(String(tool), String(key));
      return row === undefined ? null : storedReceipt(row.receipt);
    } catch (e) {
      return { store_unavailable: String(e?.message ?? e) };
    }
  }

  /** Stores `receipt` for `tool` and `key`. */
  put(tool, key, receipt) {
    const expires = Math.min(Number(receipt?.expires_at ?? 0), Number.MAX_SAFE_INTEGER);
    this.#db.prepare(SQLITE_UPSERT).run(String(tool), String(key), String(receipt?.digest ?? ""), dataText(receipt) ?? "null", expires);
  }

  /** Reserves `tool` and `key` in one atomic step, across processes: `null` when reserved, else
   * the live receipt. */
  reserve(tool, key, inFlight) {
    const now = Number(inFlight?.stored_at ?? 0);
    const values = [String(tool), String(key), String(inFlight?.digest ?? ""), dataText(inFlight) ?? "null", Number(inFlight?.expires_at ?? 0)];
    try {
      this.#db.exec("BEGIN IMMEDIATE");
      try {
        const changed = this.#db.prepare(`${SQLITE_UPSERT} WHERE agent_input_receipts.expires_at <= ?`).run(...values, now).changes;
        const held = Number(changed) === 1 ? null : this.#db.prepare("SELECT receipt FROM agent_input_receipts WHERE tool = ? AND key = ?").get(values[0], values[1]);
        this.#db.exec("COMMIT");
        if (Number(changed) === 1) return null;
        return held === undefined ? { store_unavailable: "the key was neither reserved nor held" } : storedReceipt(held.receipt);
      } catch (e) {
        this.#db.exec("ROLLBACK");
        throw e;
      }
    } catch (e) {
      return { store_unavailable: String(e?.message ?? e) };
    }
  }
}

/** The table every runtime's PostgreSQL store keeps receipts in (the core's
 * `PostgresReceipts`'), created when missing. */
const PG_SCHEMA = `
  CREATE TABLE IF NOT EXISTS agent_input_receipts (
    tool TEXT NOT NULL, key TEXT NOT NULL, receipt TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (tool, key));
  CREATE INDEX IF NOT EXISTS agent_input_receipts_expires ON agent_input_receipts (expires)`;
const PG_LIVE = "SELECT receipt FROM agent_input_receipts WHERE tool = $1 AND key = $2 AND expires > now()";
const PG_RESERVE = `INSERT INTO agent_input_receipts (tool, key, receipt, expires)
  VALUES ($1, $2, $3, now() + make_interval(secs => $4))
  ON CONFLICT (tool, key) DO UPDATE SET receipt = excluded.receipt, expires = excluded.expires
  WHERE agent_input_receipts.expires <= now() RETURNING 1`;
const PG_PUT = `INSERT INTO agent_input_receipts (tool, key, receipt, expires)
  VALUES ($1, $2, $3, now() + make_interval(secs => $4))
  ON CONFLICT (tool, key) DO UPDATE SET receipt = excluded.receipt, expires = excluded.expires`;

/**
 * Receipts of writes in a PostgreSQL table, through a client you made: a `pg` `Pool` or a
 * connected `Client` (anything with `query(text, values)` giving `{rows}`). Every server that
 * names the same database shares them, in Rust, Python or JavaScript (the core's
 * `PostgresReceipts`' table and statements): a key is reserved by one `INSERT ... ON CONFLICT
 * DO UPDATE ... WHERE expires <= now() RETURNING` (one reservation among all of them), a receipt
 * expires by the server's clock. A statement that fails answers `{store_unavailable}`, so the
 * call answers `upstream_unavailable` and its write does not run.
 */
export class PostgresReceipts {
  #query;
  #ready = null;
  constructor(client) {
    if (typeof client?.query !== "function") throw new TypeError("PostgresReceipts: pass a pg Pool or a connected pg Client (query)");
    this.#query = (text, values) => client.query(text, values);
  }

  /** The table, created once (again after a failure). */
  #schema() {
    this.#ready ??= Promise.resolve(this.#query(PG_SCHEMA)).catch((e) => {
      this.#ready = null;
      throw e;
    });
    return this.#ready;
  }

  /** The receipt stored for `tool` and `key`, or `null`. */
  async get(tool, key) {
    try {
      await this.#schema();
      const { rows } = await this.#query(PG_LIVE, [String(tool), String(key)]);
      return rows.length === 0 ? null : storedReceipt(rows[0].receipt);
    } catch (e) {
      return { store_unavailable: String(e?.message ?? e) };
    }
  }

  /** Stores `receipt` for `tool` and `key`, to expire when it does (a receipt already past is
   * deleted: a released key). */
  async put(tool, key, receipt) {
    await this.#schema();
    const ttl = receiptTtl(receipt);
    if (ttl === 0) await this.#query("DELETE FROM agent_input_receipts WHERE tool = $1 AND key = $2", [String(tool), String(key)]);
    else await this.#query(PG_PUT, [String(tool), String(key), dataText(receipt) ?? "null", ttl]);
  }

  /** Reserves `tool` and `key` in one atomic step: `null` when reserved, else the live receipt. */
  async reserve(tool, key, inFlight) {
    const values = [String(tool), String(key), dataText(inFlight) ?? "null", Math.max(1, receiptTtl(inFlight))];
    try {
      await this.#schema();
      // Twice at most: a row that expires between the two statements is reserved the next time.
      for (let i = 0; i < 2; i++) {
        if ((await this.#query(PG_RESERVE, values)).rows.length > 0) return null;
        const { rows } = await this.#query(PG_LIVE, values.slice(0, 2));
        if (rows.length > 0) return storedReceipt(rows[0].receipt);
      }
      return { store_unavailable: "the key was neither reserved nor held" };
    } catch (e) {
      return { store_unavailable: String(e?.message ?? e) };
    }
  }
}

/**
 * Receipts of writes in memory (the default store of the server glue): at most `capacity`
 * (10,000 by default), the oldest dropped first; a receipt past its `expires_at` is not replayed.
 * A store of your own has the same methods, `get(tool, key)` and `put(tool, key, receipt)`
 * (plain or async), over receipts that are plain objects, and `reserve(tool, key, inFlight)` when
 * it can reserve a key in one atomic step (without it, the glue reserves by `get` then `put`,
 * which two calls at the same instant can both pass).
 */
export class MemoryReceipts {
  constructor({ capacity = 0 } = {}) {
    receiptStores.set(this, new w.MemoryReceipts(capacity));
  }

  /** The receipt stored for `tool` and `key`, or `null`. */
  get(tool, key) {
    const text = receiptStores.get(this).get(String(tool), String(key));
    return text === undefined ? null : JSON.parse(text);
  }

  /** Stores `receipt` for `tool` and `key`. */
  put(tool, key, receipt) {
    guard(() => receiptStores.get(this).put(String(tool), String(key), dataText(receipt) ?? "null"));
  }

  /** Reserves `tool` and `key` in one atomic step: stores `inFlight` and returns `null` when the
   * key holds no live receipt, else returns that receipt, unchanged. */
  reserve(tool, key, inFlight) {
    const text = guard(() => receiptStores.get(this).reserve(String(tool), String(key), dataText(inFlight) ?? "null"));
    return text === undefined ? null : JSON.parse(text);
  }

  /** Drops the receipts expired at `now` (unix seconds; default: the clock). */
  expire({ now } = {}) {
    guard(() => receiptStores.get(this).expire(seconds(now)));
  }

  /** How many receipts are kept. */
  get size() {
    return receiptStores.get(this).size;
  }
}

/** Where the package's MCP adapters (any copy of it in the process) hear of each `ToolFailure`
 * made: a drop-in's author's function throws one inside the framework, which answers it as an
 * error; the adapter that forwarded the call makes it the envelope (`lib/mcp.js`). */
const FAILURE_HOOKS = Symbol.for("agent-input.tool-failure-hooks");

/** A failure a handler throws that the model can act on; `failure()` is its JSON form. */
export class ToolFailure extends Error {
  constructor(message) {
    super(message);
    const hooks = globalThis[FAILURE_HOOKS];
    if (hooks !== undefined) for (const hook of hooks) hook(this);
  }
}

/** The server's rate limit for the tool was reached: call again after `retryAfterSeconds`;
 * `remainingCalls` are left in the window, when the server knows. */
export class RateLimited extends ToolFailure {
  constructor({ retryAfterSeconds, remainingCalls } = {}) {
    super(`rate limited; retry after ${retryAfterSeconds} s`);
    this.name = "RateLimited";
    this.retryAfterSeconds = retryAfterSeconds;
    this.remainingCalls = remainingCalls;
  }

  failure() {
    return { code: "rate_limited", retry_after_seconds: this.retryAfterSeconds,
      ...(this.remainingCalls !== undefined && this.remainingCalls !== null && { remaining_calls: this.remainingCalls }) };
  }
}

/** A service the tool depends on (`upstream`, named for the model) did not answer; nothing was
 * applied, and the same call may be retried, after `retryAfterSeconds` when given. */
export class UpstreamUnavailable extends ToolFailure {
  constructor({ upstream, retryAfterSeconds } = {}) {
    super(`${upstream ?? "a service the tool depends on"} did not answer`);
    this.name = "UpstreamUnavailable";
    this.upstream = upstream;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  failure() {
    return { code: "upstream_unavailable",
      ...(this.upstream !== undefined && this.upstream !== null && { upstream: this.upstream }),
      ...(this.retryAfterSeconds !== undefined && this.retryAfterSeconds !== null && { retry_after_seconds: this.retryAfterSeconds }) };
  }
}

// --- the call protocol (the server adapters' one machine) ----------------------------------------

/** A call's params as they cross: the program's data (a lone surrogate becomes U+FFFD, as UTF-8
 * on the wire has it). */
function paramsText(params) {
  return dataText(params ?? {}) ?? "{}";
}

/** A call's params as they cross (`paramsText`), and its arguments as `read` takes them (a lone
 * surrogate kept, for the core to name) when crossing as the program's data would change them:
 * `[params, arguments]`, `arguments` `undefined` in the common case (plain params, one walk). */
function callTexts(params) {
  params ??= {};
  if (isPlain(params, 0, DATA_DEPTH, false)) return [JSON.stringify(params), undefined];
  const args = params.arguments;
  const keep = args !== null && typeof args === "object" && !isPlain(args, 0, DATA_DEPTH, false);
  return [paramsText(params), keep ? jsonText(args) : undefined];
}

/** A call's context as it crosses: `today` as the module takes a day. */
function contextText(context) {
  if (context === undefined || context === null) return undefined;
  const today = context.today;
  const text = today === undefined || today === null || typeof today === "string" ? context : { ...context, today: dayText(today) };
  return dataText(text);
}

/** An outcome as it crosses: a handler's output that JSON cannot write (`undefined`, a
 * function) is `null`, as a handler that returns nothing. */
function outcomeText(outcome) {
  const held = outcome !== null && typeof outcome === "object" && Object.hasOwn(outcome, "output") && !isSent(outcome.output);
  return dataText(held ? { ...outcome, output: null } : outcome) ?? "null";
}

/**
 * One `tools/call` run by the core's call protocol (sans I/O): `step` is what the adapter does
 * next, as a plain object, one of `{step: "answer", result}` (send `result`; over), `{step:
 * "pass"}` (hand the request to the framework as it came; over), `{step: "get", tool, key}`
 * (look the receipt up, then `resume({stored})`), `{step: "reserve", tool, key, receipt}`
 * (reserve the key in one step, then `resume({stored})` with what it holds, or `null` when
 * reserved; a store that cannot: `resume({stored: <what get gives>, atomic: false})`),
 * `{step: "put", tool, key, receipt}` (store
 * it, then `resume({})`), `{step: "run", arguments, answered}` (run the handler with these
 * canonical arguments, then `resume({output})`, `{result}`, `{failure}`, `{error}` or
 * `{cancelled: true}`), `{step: "done"}` (nothing to answer: rethrow what was caught; over).
 * A misused outcome throws `InvalidOptionsError`.
 */
export class Call {
  #c;
  #name;
  #step = null;
  #toolCall = null;
  #warningsAt = 0;
  constructor(inner, name) {
    if (!(inner instanceof w.Call)) throw new TypeError("use tool.call(params) or protocol.call(tool, params)");
    this.#c = inner;
    this.#name = name;
  }

  /** The current step. */
  get step() {
    return (this.#step ??= JSON.parse(this.#c.step()));
  }

  /** The next step from the outcome of the current one. An `{output}` outcome without
   * `warnings` carries those the handler added to `toolCall`. */
  resume(outcome) {
    let given = outcome;
    if (this.#toolCall !== null && given !== null && typeof given === "object" && Object.hasOwn(given, "output") && given.warnings === undefined) {
      given = { ...given, warnings: this.#toolCall.warnings.slice(this.#warningsAt) };
    }
    this.#step = JSON.parse(guard(() => this.#c.resume(outcomeText(given))));
    return this.#step;
  }

  /** The call as read (a `ToolCall`), for a handler that takes it: warnings it adds reach the
   * result. */
  get toolCall() {
    if (this.#toolCall === null) {
      this.#toolCall = new ToolCall(JSON.parse(this.#c.tool_call()), this.#name);
      this.#warningsAt = this.#toolCall.warnings.length;
    }
    return this.#toolCall;
  }

  /** The `put` step that releases the call's idempotency key while its handler runs, or `null`:
   * for an adapter whose handler is abandoned mid-call. */
  release() {
    const text = this.#c.release();
    return text === undefined ? null : JSON.parse(text);
  }

  /** What telemetry keeps of the call (once its step is an answer, `pass` or `done`: of the whole
   * call): `{name, attributes, error, metric, codes}`, codes and paths, never a value
   * (docs/telemetry.md). */
  record() {
    return JSON.parse(this.#c.record());
  }

  free() {
    this.#c.free();
  }

  [dispose]() {
    this.free();
  }
}

const lenientTools = new WeakMap();

/** A tool of a lenient server whose calls the protocol reads (`Protocol.tool`). */
export class LenientTool {
  #name;
  constructor(inner, name) {
    if (!(inner instanceof w.LenientTool)) throw new TypeError("use protocol.tool(definition)");
    lenientTools.set(this, inner);
    this.#name = name;
  }

  /** The tool's name. */
  get name() {
    return this.#name;
  }

  /** True when the tool declares an `outputSchema`. */
  get outputSchema() {
    return lenientTools.get(this).output_schema;
  }

  /** The lenient `inputSchema` the protocol advertises for it. */
  inputSchema() {
    return JSON.parse(lenientTools.get(this).input_schema());
  }
}

/** What `Protocol.tool` and `Protocol.known` say of one tool: `tool` the `LenientTool` whose calls
 * are read, or `null` when its calls are the framework's (left alone by the overrides, or a schema
 * no spec can hold); `log` the line to log the first time a tool is left for that reason. */
function listed(inner, name) {
  const read = inner.read;
  const out = { tool: read ? new LenientTool(inner, name) : null, outputSchema: inner.output_schema, log: inner.log ?? null };
  if (!read) inner.free();
  return out;
}

/**
 * The core's state of one lenient server (`agent_input::protocol::Lenient`): its options
 * (`{tools, languages, implied_kinds}`, as JSON: `tools` maps a name to overrides or `false`),
 * its key (`codec`, a `CursorCodec`), and each tool's spec, built once per definition. Throws
 * `InvalidOptionsError` for options of another shape.
 */
export class Protocol {
  #p;
  constructor(options, codec) {
    const text = optionsText(options);
    if (codec === undefined || codec === null) {
      this.#p = guard(() => new w.Protocol(text));
    } else {
      const inner = codecs.get(codec);
      if (inner === undefined) throw new TypeError("Protocol: `codec` must be a CursorCodec");
      this.#p = guard(() => w.Protocol.with_codec(text, inner));
    }
  }

  /** The tool an MCP definition (as the framework lists it) describes: `{tool, outputSchema,
   * log}`, `tool` `null` when its calls are the framework's. Throws the core's error for
   * overrides it refuses. */
  tool(definition) {
    return listed(guard(() => this.#p.tool(dataText(definition) ?? "null")), String(definition?.name ?? ""));
  }

  /** The tool `name` as last built (by `tool` or `list`), as `tool` says it; `undefined` when no
   * definition of it was seen since the last `forget`. */
  known(name) {
    const inner = this.#p.known(String(name));
    return inner === undefined ? undefined : listed(inner, String(name));
  }

  /** Forgets every tool built: the server's tools changed. */
  forget() {
    this.#p.forget();
  }

  /** A `tools/list` result as the framework gave it, made lenient: `{result, log}`, `log` the
   * lines to log (each once). */
  list(result) {
    return JSON.parse(guard(() => this.#p.list(dataText(result) ?? "null")));
  }

  /** Starts a call of `tool` (a `LenientTool`) whose framework runs it: `params` and `context`
   * as `Tool.prototype.call` takes them. */
  call(tool, params, context) {
    const inner = lenientTools.get(tool);
    if (inner === undefined) throw new TypeError("Protocol.call: `tool` must be the LenientTool that protocol.tool(definition) gave");
    const [p, a] = callTexts(params);
    const c = contextText(context);
    return new Call(guard(() => this.#p.call(inner, p, c, a)), tool.name);
  }

  free() {
    this.#p.free();
  }

  [dispose]() {
    this.free();
  }
}

/** True when a client can ask a person: form elicitation declared on a connection of `version`
 * (`"2026-07-28"` or later), as the core decides. */
export function canAsk(version, capabilities) {
  return guard(() => w.can_ask(typeof version === "string" ? version : undefined, optionsText(capabilities)));
}

/** A `tools/list` result as the request's token sees it: `context.scopes` the token grants,
 * `context.readOnlyScopes` the server's read-only scopes; every tool the token does not reach
 * left out, the result marked `cacheScope: "private"` when it varies by token (the core's rule).
 * With no `scopes`, the result as it is. */
export function granted(listed, context) {
  return guard(() => JSON.parse(w.granted(JSON.stringify(listed ?? {}), JSON.stringify(context ?? {}))));
}

/** The message of a call to a tool a registry does not have, naming those it has (the core's). */
export function unknownTool(name, names) {
  return guard(() => w.unknown_tool(String(name), dataText([...names].map(String))));
}

// --- helpers -----------------------------------------------------------------------------------

/** Reads one batch request line (`{"kind", "input", "options"}` as JSON text), as
 * `agent-input read --batch` does; a malformed line reads as an `invalid_request` ask (a lone
 * surrogate in the text itself is not UTF-8, the byte named, as in `Tool.readJson`). */
export function readLine(line) {
  if (typeof line === "string" && !line.isWellFormed()) return JSON.parse(w.read_line_bytes(bodyBytes(line)));
  return JSON.parse(w.read_line(line));
}

/** The `no_hits_filtered` warning for an empty result page under an active filter: it names the
 * filter and the values that would have matched without it. */
export function noHitsFiltered(property, filter, wouldMatch) {
  return JSON.parse(guard(() => w.no_hits_filtered(property, dataText(filter) ?? "null", dataText(wouldMatch) ?? "null")));
}

/** The core's matching key of a text (`"Nájem  Bytu"` → `"najem bytu"`): for a server's own
 * search, so that it matches words the way the readers do. */
export function fold(text) {
  return w.fold(text);
}
