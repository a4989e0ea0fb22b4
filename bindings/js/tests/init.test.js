/**
 * The two ways in: Node's synchronous start (a read at module load, no `await`) and the
 * browser's asynchronous `init()`, which fetches the `.wasm` (tested against a local HTTP
 * server, as a browser would load it) or takes its bytes. Each runs in a fresh process, so that
 * the module is instantiated by the path under test.
 */

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createReadStream } from "node:fs";
import { createServer } from "node:http";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(new URL(".", import.meta.url));

function node(source) {
  return execFileSync(process.execPath, ["--input-type=module", "-e", source], { cwd: here, encoding: "utf8" }).trim();
}

test("Node: reads at module load, synchronously", () => {
  const out = node(`import { readNumber } from "agent-input"; console.log(JSON.stringify(readNumber("4 000")));`);
  assert.deepStrictEqual(JSON.parse(out).value, 4000);
});

test("browser entry: init() fetches the .wasm over HTTP", async () => {
  const wasm = fileURLToPath(new URL("../pkg/agent_input_bg.wasm", import.meta.url));
  const server = createServer((req, res) => {
    res.writeHead(200, { "content-type": "application/wasm" });
    createReadStream(wasm).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${server.address().port}/agent_input_bg.wasm`;
  try {
    const out = await new Promise((resolve, reject) => {
      import("node:child_process").then(({ execFile }) =>
        execFile(
          process.execPath,
          ["--input-type=module", "-e", `import { init, readDate } from "agent-input/web"; await init(new URL(${JSON.stringify(url)})); console.log(readDate("1. 10. 2026").value);`],
          { cwd: here, encoding: "utf8" },
          (err, stdout) => (err ? reject(err) : resolve(stdout.trim())),
        ),
      );
    });
    assert.equal(out, "2026-10-01");
  } finally {
    server.close();
  }
});

test("browser entry: init() with the bytes, and initSync() with a compiled module", () => {
  const fromBytes = node(`
    import { readFileSync } from "node:fs";
    import { init, readBoolean } from "agent-input/web";
    await init(readFileSync(new URL("../pkg/agent_input_bg.wasm", import.meta.resolve("agent-input/web"))));
    console.log(readBoolean("ano").value);`);
  assert.equal(fromBytes, "true");
  const fromModule = node(`
    import { readFileSync } from "node:fs";
    import { initSync, readCountry } from "agent-input/web";
    initSync({ module: new WebAssembly.Module(readFileSync(new URL("../pkg/agent_input_bg.wasm", import.meta.resolve("agent-input/web")))) });
    console.log(readCountry("Česko").value);`);
  assert.equal(fromModule, "CZ");
});
