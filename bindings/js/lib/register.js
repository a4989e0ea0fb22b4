/**
 * `node --import agent-input/register SERVER.js [ARGS...]`: every MCP server the process builds
 * with the official TypeScript SDK is made lenient (`lenient(server)` of `agent-input/mcp`) as
 * it connects, without touching its code: an `McpServer` or a low-level `Server`, of
 * `@modelcontextprotocol/sdk` 1.x or `@modelcontextprotocol/server` 2.x, ES module or CommonJS
 * build, whichever copy the server resolves (its own `node_modules`).
 *
 * Options come from the environment: `AGENT_INPUT_OVERRIDES` (the path of a JSON file mapping a
 * tool's name to its overrides or to false), `AGENT_INPUT_LANGUAGES` (`cs,de`),
 * `AGENT_INPUT_TODAY` (`utc`, `local` or `YYYY-MM-DD`), `AGENT_INPUT_IMPLIED_KINDS` (`1`/`true`).
 * A wrong option, or a copy of the SDK it cannot wrap, is one line on stderr and exit code 2.
 * Nothing is written to stdout (the MCP channel of a stdio server).
 *
 * Two hooks find the SDK's classes as their modules load: ES module loader hooks
 * (`register-hooks.js`, through `module.register`) and a wrapper of CommonJS's `Module._load`.
 */

import * as nodeModule from "node:module";
import { readFileSync } from "node:fs";
import { join, sep } from "node:path";

import { checkVersion, fail, patchExports, startRegister } from "./register-runtime.js";

startRegister();

if (typeof nodeModule.register !== "function") {
  fail(`Node ${process.version} has no module.register (loader hooks); agent-input/register needs Node 20.6 or later`);
}
nodeModule.register("./register-hooks.js", {
  parentURL: import.meta.url,
  data: { runtimeUrl: new URL("./register-runtime.js", import.meta.url).href },
});

// CommonJS: the SDK's CommonJS build, required by a CommonJS server.
const Module = nodeModule.createRequire(import.meta.url)("node:module");
const SDK_DIR = /^(.*[\\/]@modelcontextprotocol[\\/](?:sdk|server))[\\/]/;
const checked = new Set();
const load = Module._load;
if (typeof load !== "function" || typeof Module._resolveFilename !== "function") {
  fail(`Node ${process.version} has no Module._load to hook CommonJS modules with`);
}
Module._load = function agentInputLoad(request, parent, isMain) {
  const exports = load.apply(this, arguments);
  if (typeof request !== "string" || !(request.includes("@modelcontextprotocol") || parent?.filename?.includes(`${sep}@modelcontextprotocol${sep}`))) {
    return exports;
  }
  let filename;
  try {
    filename = Module._resolveFilename(request, parent, isMain);
  } catch {
    return exports;
  }
  const m = SDK_DIR.exec(filename);
  if (m === null) return exports;
  const root = m[1];
  if (!checked.has(root)) {
    checked.add(root);
    let pkg;
    try {
      pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    } catch (e) {
      fail(`cannot read the package.json of ${root} (${e.code ?? e.message}), so cannot tell its version`);
    }
    checkVersion(pkg.name, pkg.version, root);
  }
  patchExports(exports, filename);
  return exports;
};
