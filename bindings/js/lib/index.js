/**
 * The browser (and bundler) entry point: call `await init()` once before the first read; it
 * fetches `agent_input_bg.wasm` next to this package's `pkg/agent_input.js` (or the module or URL
 * you pass) and instantiates it. `initSync({ module })` instantiates from bytes or a compiled
 * `WebAssembly.Module` you already have.
 */

import initWasm, { initSync as initWasmSync } from "../pkg/agent_input.js";
import { setWasm } from "./api.js";

let ready = null;

/** Instantiates the WebAssembly module (once): from `source` if given (a URL, a `Response`, bytes
 * or a `WebAssembly.Module`), else by fetching the `.wasm` beside the package's glue. */
export function init(source) {
  ready ??= initWasm(source === undefined ? undefined : { module_or_path: source }).then(setWasm);
  return ready;
}

/** Instantiates the WebAssembly module synchronously from its bytes or a compiled module. */
export function initSync(options) {
  setWasm(initWasmSync(options));
}

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
