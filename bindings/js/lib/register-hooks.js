/**
 * The ES module loader hooks of `agent-input/register` (`module.register`; they run on the
 * loader's own thread). When a module of a copy of the MCP TypeScript SDK loads (1.x
 * `@modelcontextprotocol/sdk`, 2.x `@modelcontextprotocol/server`, wherever the server resolves
 * it), its `package.json` is checked once per copy, and an entry module exporting `Server` or
 * `McpServer` gets two lines appended: it imports its own namespace and hands it to
 * `patchExports` (`register-runtime.js`, on the server's thread), which wraps the classes'
 * `connect`. A copy of a major the register does not wrap gets a first line that stops the
 * process (exit 2) before the module runs.
 */

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

let runtimeUrl = null;

export function initialize(data) {
  runtimeUrl = data?.runtimeUrl ?? null;
}

/** `…/@modelcontextprotocol/sdk/…` or `…/@modelcontextprotocol/server/…`: the copy's root and
 * package name. */
const SDK_PATH = /^(.*\/(@modelcontextprotocol\/(?:sdk|server)))\/(.+)$/;
/** A module that exports `Server` or `McpServer` by those names (an entry module; the bundled
 * chunks of 2.x export them under short names, and are reached through the entry). */
const EXPORTS_SERVER = /export\s+class\s+(?:Mcp)?Server\b|export\s*\{[^}]*(?:^|[\s,])(?:Mcp)?Server(?:\s*,|\s*\}|\s+as\b|\s*$)/m;

/** The copies seen: root -> the failure message, or null for a supported one. */
const copies = new Map();

function versionProblem(root, name) {
  if (copies.has(root)) return copies.get(root);
  let problem = null;
  try {
    const pkg = JSON.parse(readFileSync(fileURLToPath(`${root}/package.json`), "utf8"));
    const major = Number.parseInt(String(pkg.version).split(".")[0], 10);
    const wanted = { "@modelcontextprotocol/sdk": 1, "@modelcontextprotocol/server": 2 }[pkg.name ?? name];
    if (wanted !== major) {
      problem = `${pkg.name ?? name} ${pkg.version} (${fileURLToPath(root)}) is not a version agent-input/register wraps: it wraps @modelcontextprotocol/sdk 1.x and @modelcontextprotocol/server 2.x`;
    }
  } catch (e) {
    problem = `cannot read the package.json of ${fileURLToPath(root)} (${e.code ?? e.message}), so cannot tell its version`;
  }
  copies.set(root, problem);
  return problem;
}

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (runtimeUrl === null || !url.startsWith("file:") || result.format !== "module") return result;
  const m = SDK_PATH.exec(url.split(/[?#]/)[0]);
  if (m === null) return result;
  const [, root, name] = m;
  const source = typeof result.source === "string" ? result.source : new TextDecoder().decode(result.source);
  const runtime = JSON.stringify(runtimeUrl);
  const problem = versionProblem(root, name);
  if (problem !== null) {
    const stop = `import { fail as __agentInputFail } from ${runtime}; __agentInputFail(${JSON.stringify(problem)});\n`;
    return { ...result, source: stop + source };
  }
  if (!EXPORTS_SERVER.test(source)) return result;
  const where = JSON.stringify(fileURLToPath(url.split(/[?#]/)[0]));
  const patch =
    `\n;import * as __agentInputSelf from ${JSON.stringify(url)};\n` +
    `import { patchExports as __agentInputPatch } from ${runtime};\n` +
    `__agentInputPatch(__agentInputSelf, ${where});\n`;
  return { ...result, source: source + patch };
}
