/**
 * The Node entry point (`import ... from "agent-input"` in Node 20+): the WebAssembly module is
 * compiled and instantiated synchronously while this module loads, so a server can read at its
 * own module load. `init()` is here too (already done), so code written for browsers runs as is.
 */

import { readFileSync } from "node:fs";

import { initSync as instantiate } from "../pkg/agent_input.js";
import { setWasm } from "./api.js";

setWasm(instantiate({ module: readFileSync(new URL("../pkg/agent_input_bg.wasm", import.meta.url)) }));

/** Already initialised in Node; resolves at once. */
export async function init() {}

/** Already initialised in Node; does nothing. */
export function initSync() {}

export {
  AgentInputError,
  Call,
  CursorCodec,
  InvalidOptionsError,
  JsonNumber,
  LenientTool,
  MemoryReceipts,
  PostgresReceipts,
  RedisReceipts,
  SqliteReceipts,
  MRTR_VERSION,
  NOTES_META,
  Protocol,
  RateLimited,
  Reader,
  Tool,
  ToolCall,
  ToolFailure,
  UnknownKindError,
  UpstreamUnavailable,
  Vocabulary,
  WARNINGS_META,
  canAsk,
  granted,
  fold,
  noHitsFiltered,
  read,
  readLine,
  unknownTool,
  wasmMemory,
} from "./api.js";
export * from "./generated.js";
