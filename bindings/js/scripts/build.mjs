#!/usr/bin/env node
// `npm run build`: the package's WebAssembly module and its glue, from a clean checkout.
//
// 1. the `wasm32-unknown-unknown` target (`rustup target add` when it is missing);
// 2. the `wasm-bindgen` CLI at exactly the version of the `wasm-bindgen` crate in the workspace's
//    Cargo.lock (`cargo install wasm-bindgen-cli --version X` when `wasm-bindgen --version`
//    differs; it lands in ~/.cargo/bin, which CI may keep as a cache, and takes about 4 minutes);
// 3. `cargo build --profile wasm-release --target wasm32-unknown-unknown -p agent-input-js`;
// 4. `wasm-bindgen --target web` into `pkg/` (or `pkg-small/` with `--small-names`);
// 5. `wasm-opt -Oz` (the `binaryen` npm package), then the raw and gzipped sizes.
//
// Options: `--small-names` builds the core's `small-names` feature (fewer name languages, for
// browsers) into `pkg-small/`, with `opt-level = "z"` (size before speed); `--skip-opt` leaves
// wasm-opt out (a faster local build).

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const here = dirname(fileURLToPath(import.meta.url));
const pkgRoot = resolve(here, "..");
const root = resolve(pkgRoot, "../..");
const args = new Set(process.argv.slice(2));
const small = args.has("--small-names");
const outDir = join(pkgRoot, small ? "pkg-small" : "pkg");
const TARGET = "wasm32-unknown-unknown";

function run(cmd, argv, options = {}) {
  console.error(`$ ${cmd} ${argv.join(" ")}`);
  const r = spawnSync(cmd, argv, { stdio: "inherit", cwd: root, ...options });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`${cmd} exited with ${r.status}`);
}

function output(cmd, argv) {
  const r = spawnSync(cmd, argv, { encoding: "utf8", cwd: root });
  return r.status === 0 ? r.stdout.trim() : null;
}

function lockedVersion(name) {
  const lock = readFileSync(join(root, "Cargo.lock"), "utf8");
  const m = lock.match(new RegExp(`\\[\\[package\\]\\]\\nname = "${name}"\\nversion = "([^"]+)"`));
  if (!m) throw new Error(`Cargo.lock has no package ${name}`);
  return m[1];
}

// 1. The target.
const installed = output("rustup", ["target", "list", "--installed"]);
if (installed === null) {
  console.error("rustup not found: assuming the toolchain has the wasm32-unknown-unknown target");
} else if (!installed.split("\n").includes(TARGET)) {
  run("rustup", ["target", "add", TARGET]);
}

// 2. The CLI at the crate's version.
const version = lockedVersion("wasm-bindgen");
const have = output("wasm-bindgen", ["--version"]);
if (have !== `wasm-bindgen ${version}`) {
  console.error(`wasm-bindgen ${version} is needed (found: ${have ?? "none"}); installing it (about 4 minutes)`);
  // Without --locked: the CLI's own lock file does not build with this toolchain. --force: cargo
  // skips a version it thinks is installed even when the binary is gone.
  run("cargo", ["install", "--force", "wasm-bindgen-cli", "--version", version]);
  const now = output("wasm-bindgen", ["--version"]);
  if (now !== `wasm-bindgen ${version}`) {
    throw new Error(`wasm-bindgen ${version} is not on PATH after installing it (found: ${now ?? "none"}); add ~/.cargo/bin to PATH`);
  }
}

// 3. The module.
const cargoArgs = ["build", "--profile", "wasm-release", "--target", TARGET, "-p", "agent-input-js", "--message-format", "json-render-diagnostics"];
if (small) cargoArgs.push("--features", "small-names");
console.error(`$ cargo ${cargoArgs.join(" ")}`);
const env = small ? { ...process.env, CARGO_PROFILE_WASM_RELEASE_OPT_LEVEL: "z" } : process.env;
const built = spawnSync("cargo", cargoArgs, { cwd: root, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 28 });
if (built.status !== 0) throw new Error(`cargo build exited with ${built.status}`);
let wasm = null;
for (const line of built.stdout.split("\n")) {
  if (!line.startsWith("{")) continue;
  const m = JSON.parse(line);
  if (m.reason === "compiler-artifact" && m.target?.name === "agent_input_js") {
    wasm = m.filenames.find((f) => f.endsWith(".wasm")) ?? wasm;
  }
}
if (wasm === null) throw new Error("cargo built no agent_input_js.wasm");

// 4. The glue.
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
run("wasm-bindgen", ["--target", "web", "--no-typescript", "--out-dir", outDir, "--out-name", "agent_input", wasm]);
const module = join(outDir, "agent_input_bg.wasm");

// 5. Smaller.
if (!args.has("--skip-opt")) {
  const wasmOpt = join(pkgRoot, "node_modules", ".bin", process.platform === "win32" ? "wasm-opt.cmd" : "wasm-opt");
  if (!existsSync(wasmOpt)) throw new Error("wasm-opt not found: run `npm ci` in bindings/js first (it installs binaryen)");
  const features = ["bulk-memory", "nontrapping-float-to-int", "sign-ext", "mutable-globals", "reference-types", "multivalue"];
  run(wasmOpt, ["-Oz", ...features.map((f) => `--enable-${f}`), "--strip-debug", "--strip-producers", module, "-o", module]);
}

// The licences of the data the module carries (CLDR: Unicode-3.0; ISO 3166 names: LGPL-2.1).
mkdirSync(join(outDir, "LICENSES"), { recursive: true });
for (const name of ["Unicode-3.0.txt", "LGPL-2.1.txt"]) copyFileSync(join(root, "LICENSES", name), join(outDir, "LICENSES", name));

const raw = statSync(module).size;
const gzipped = gzipSync(readFileSync(module), { level: 9 }).length;
const sizes = { features: small ? ["small-names"] : [], raw, gzipped, wasmBindgen: version };
writeFileSync(join(outDir, "size.json"), JSON.stringify(sizes, null, 2) + "\n");
const mib = (n) => `${(n / 1048576).toFixed(2)} MiB`;
console.error(`${module}: ${raw} bytes (${mib(raw)}), ${gzipped} gzipped (${mib(gzipped)})`);
