/**
 * The part of `agent-input/register` that runs in the server's own thread: the options read from
 * the environment, and the patch that makes every SDK server lenient as it connects. The loader
 * hooks (`register-hooks.js`, ES modules) and the `require` hook (`register.js`, CommonJS) call
 * `patchExports` with each SDK entry module's exports as it loads, whichever copy of the SDK the
 * server resolves.
 */

import { readFileSync, writeSync } from "node:fs";

import { checkTools, describeValue, isLenient, lenient } from "./mcp.js";

/** The environment variables the options come from (the same names as the Python side's). */
export const ENV = {
  overrides: "AGENT_INPUT_OVERRIDES",
  languages: "AGENT_INPUT_LANGUAGES",
  today: "AGENT_INPUT_TODAY",
  impliedKinds: "AGENT_INPUT_IMPLIED_KINDS",
};

/** The SDK packages and majors the register wraps (tested: 1.32.2 and 2.4.0). */
export const SUPPORTED_SDKS = { "@modelcontextprotocol/sdk": 1, "@modelcontextprotocol/server": 2 };

/** One line on stderr (stdout is the MCP channel), then exit code 2: the server never runs
 * without the line it was started with. */
export function fail(message) {
  try {
    writeSync(2, `agent-input/register: ${message.replace(/\s*\n\s*/g, " ")}\n`);
  } finally {
    process.exit(2);
  }
}

const warned = new Set();

/** One line on stderr, once per process (a server built per request would repeat it); the server
 * runs on. */
function warn(message) {
  if (warned.has(message)) return;
  warned.add(message);
  writeSync(2, `agent-input/register: ${message}\n`);
}

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The options of `lenient` that the environment gives; throws an `Error` naming the variable for
 * a value it cannot use.
 */
export function optionsFromEnv(env = process.env) {
  const options = {};
  const path = env[ENV.overrides];
  if (path !== undefined && path !== "") {
    let text;
    try {
      text = readFileSync(path, "utf8");
    } catch (e) {
      throw new Error(`${ENV.overrides}=${path}: the file cannot be read (${e.code ?? e.message})`);
    }
    let tools;
    try {
      tools = JSON.parse(text);
    } catch (e) {
      throw new Error(`${ENV.overrides}=${path}: not JSON (${e.message})`);
    }
    if (tools === null || typeof tools !== "object" || Array.isArray(tools)) {
      throw new Error(`${ENV.overrides}=${path}: expected an object mapping tool names to overrides or to false; got ${Array.isArray(tools) ? "an array" : JSON.stringify(tools)}`);
    }
    for (const [name, value] of Object.entries(tools)) {
      if (value !== false && (value === null || typeof value !== "object" || Array.isArray(value))) {
        throw new Error(`${ENV.overrides}=${path}: the tool \`${name}\` maps to ${JSON.stringify(value)}; expected its overrides (an object) or false`);
      }
    }
    options.tools = tools;
  }
  const languages = env[ENV.languages];
  if (languages !== undefined && languages.trim() !== "") {
    const tags = languages.split(",").map((t) => t.trim());
    const bad = tags.find((t) => !LANGUAGE_TAG.test(t));
    if (bad !== undefined) throw new Error(`${ENV.languages}=${languages}: \`${bad}\` is no language tag; expected tags separated by commas, such as cs,de`);
    options.languages = tags;
  }
  const today = env[ENV.today];
  if (today !== undefined && today !== "") {
    const lower = today.toLowerCase();
    if (lower === "utc") options.today = () => new Date().toISOString().slice(0, 10);
    else if (lower === "local") options.today = () => new Date();
    else {
      const m = DAY.exec(today);
      const day = m === null ? null : new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
      if (day === null || day.toISOString().slice(0, 10) !== today) {
        throw new Error(`${ENV.today}=${today}: expected utc, local or a day as YYYY-MM-DD`);
      }
      options.today = () => today;
    }
  }
  const implied = env[ENV.impliedKinds];
  if (implied !== undefined && implied !== "") {
    const lower = implied.toLowerCase();
    if (lower === "1" || lower === "true") options.impliedKinds = true;
    else if (lower === "0" || lower === "false") options.impliedKinds = false;
    else throw new Error(`${ENV.impliedKinds}=${implied}: expected 1, true, 0 or false`);
  }
  return options;
}

let options = null;

/** Reads the options from the environment once, failing (exit 2) on a wrong one. */
export function startRegister() {
  if (options !== null) return;
  try {
    options = optionsFromEnv();
  } catch (e) {
    fail(e.message);
  }
}

const PATCHED = Symbol.for("agent-input/register.patched");

/**
 * Makes `server` lenient with the environment's options, unless its author did already; then
 * builds every listed tool's spec, so overrides the core refuses stop the server at once.
 */
async function makeLenient(server) {
  if (isLenient(server)) return;
  try {
    lenient(server, options ?? {});
  } catch (e) {
    fail(`cannot make ${describeValue(server)} lenient: ${e instanceof Error ? e.message : e}`);
  }
  let checked;
  try {
    checked = await checkTools(server);
  } catch (e) {
    fail(`the server's tools cannot be read with these options (${ENV.overrides}, ${ENV.languages}): ${e instanceof Error ? e.message : e}`);
  }
  if (checked !== undefined && checked.unknown.length > 0) {
    warn(`${ENV.overrides} names ${checked.unknown.map((n) => `\`${n}\``).join(", ")}, which the server does not list (yet); its tools: ${checked.tools.join(", ")}`);
  }
}

/** Wraps `connect` of a server class: the server is made lenient before it serves. */
function patchConnect(cls, what, where) {
  const proto = cls?.prototype;
  if (typeof proto?.connect !== "function") fail(`${what} of ${where} has no connect method: this SDK version cannot be made lenient`);
  if (Object.hasOwn(proto, PATCHED)) return;
  const connect = proto.connect;
  Object.defineProperty(proto, PATCHED, { value: true });
  proto.connect = async function connectLenient(...args) {
    await makeLenient(this);
    return connect.apply(this, args);
  };
}

/**
 * Patches the `Server` and `McpServer` classes an SDK entry module exports (its namespace or its
 * CommonJS exports); `where` names the module for an error.
 */
export function patchExports(exports, where) {
  startRegister();
  if (exports === null || (typeof exports !== "object" && typeof exports !== "function")) return;
  let server;
  let mcpServer;
  try {
    server = exports.Server;
    mcpServer = exports.McpServer;
  } catch {
    return; // Not initialised yet (a cycle): the module patches itself when it has run.
  }
  if (server !== undefined) {
    const proto = server.prototype;
    if (typeof proto?.setRequestHandler !== "function" || typeof proto?.getClientCapabilities !== "function") {
      fail(`the Server of ${where} is not the low-level server lenient knows: this SDK version cannot be made lenient`);
    }
    patchConnect(server, "the Server", where);
  }
  if (mcpServer !== undefined) patchConnect(mcpServer, "the McpServer", where);
}

/** The error for a copy of the SDK whose version the register does not wrap. */
export function unsupportedVersion(name, version, where) {
  return `${name} ${version} (${where}) is not a version agent-input/register wraps: it wraps ${Object.entries(SUPPORTED_SDKS)
    .map(([n, major]) => `${n} ${major}.x`)
    .join(" and ")}`;
}

/** Checks the `package.json` of a copy of the SDK (its name and version), failing for a major
 * the register does not wrap. */
export function checkVersion(name, version, where) {
  const major = Number.parseInt(String(version).split(".")[0], 10);
  if (SUPPORTED_SDKS[name] !== major) fail(unsupportedVersion(name, version, where));
}
