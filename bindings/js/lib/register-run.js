#!/usr/bin/env node
/**
 * `agent-input-lenient COMMAND [ARGS...]`: runs a Node MCP server with `agent-input/register`
 * loaded first, for a client config where `node --import agent-input/register` cannot resolve
 * the package (npx installs it in its own cache, which the `--import` of a process started
 * elsewhere does not search):
 *
 *     npx -y -p agent-input -p @modelcontextprotocol/server-memory agent-input-lenient mcp-server-memory
 *
 * COMMAND is a script (`server.js`, `.mjs`, `.cjs`: run with this Node) or a command on PATH
 * whose program is Node (a package's bin: `mcp-server-memory`); either way it runs with
 * `--import=<this package's register.js>` added to `NODE_OPTIONS`, stdio passed through. Its exit
 * code is this one's.
 */

import { spawn } from "node:child_process";

const [command, ...args] = process.argv.slice(2);
if (command === undefined || command === "--help" || command === "-h") {
  process.stderr.write("usage: agent-input-lenient COMMAND [ARGS...]  (a Node MCP server: a script, or a command on PATH)\n");
  process.exit(2);
}

const register = new URL("./register.js", import.meta.url).href;
const env = { ...process.env, NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${register}`].filter((o) => o).join(" ") };
const script = /\.[cm]?js$/.test(command);
const child = script
  ? spawn(process.execPath, [command, ...args], { stdio: "inherit", env })
  : spawn(command, args, { stdio: "inherit", env, shell: process.platform === "win32" });

child.on("error", (e) => {
  process.stderr.write(`agent-input-lenient: cannot run ${command}: ${e.code ?? e.message}\n`);
  process.exit(2);
});
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => {
  if (signal !== null) {
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  } else {
    process.exit(code ?? 1);
  }
});
