#!/usr/bin/env node
// `npm run build`: the package's WebAssembly module and its glue, from a clean checkout.
//
// 1. the `wasm32-unknown-unknown` target (`rustup target add` when it is missing);
// 2. the `wasm-bindgen` CLI at exactly the version of the `wasm-bindgen` crate in the workspace's
//    Cargo.lock (`cargo install wasm-bindgen-cli --version X` when `wasm-bindgen --version`
//    differs; it lands in ~/.cargo/bin, which CI may keep as a cache, and takes about 4 minutes);
// 3. `cargo build --profile wasm-release --target wasm32-unknown-unknown -p agent-input-js`, each
//    dependency's source folder remapped (`--remap-path-prefix`: the same bytes on any machine);
// 4. `wasm-bindgen --target web` into `pkg/` (or `pkg-small/` with `--small-names`);
// 5. `wasm-opt -Oz` (the `binaryen` npm package), then the raw and gzipped sizes.
//
// Options: `--small-names` builds the core's `small-names` feature (fewer name languages, for
// browsers) into `pkg-small/`, with `opt-level = "z"` (size before speed); `--skip-opt` leaves
// wasm-opt out (a faster local build).

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
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

/** The rustflags the caller set in the environment (cargo reads `CARGO_ENCODED_RUSTFLAGS` before
 * `RUSTFLAGS`, and either before a config file's `rustflags`, which the module's build so leaves
 * out: a host's `target-cpu` is no flag for WebAssembly). */
function givenRustflags() {
  const encoded = process.env.CARGO_ENCODED_RUSTFLAGS;
  if (encoded !== undefined) return encoded === "" ? [] : encoded.split("\x1f");
  return (process.env.RUSTFLAGS ?? "").split(/\s+/).filter((f) => f !== "");
}

/** `--remap-path-prefix=<folder>/=` for the folder holding each dependency's source (a registry's
 * or a git checkout's), as `cargo metadata` resolves them for the target; the workspace's own
 * crates are compiled from relative paths already. */
function remapFlags() {
  const r = spawnSync("cargo", ["metadata", "--format-version", "1", "--filter-platform", TARGET], { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`cargo metadata exited with ${r.status}: ${r.stderr}`);
  const folders = new Set();
  for (const p of JSON.parse(r.stdout).packages) {
    if (p.source !== null) folders.add(dirname(dirname(p.manifest_path)));
  }
  return [...folders].sort().map((folder) => `--remap-path-prefix=${folder}${sep}=`);
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

// 3. The module. Its source paths (the panic locations it carries) are remapped without the
// builder's directories: a dependency's file is `name-version/src/...`, not a path under this
// machine's cargo home, so the module is the same bytes on any machine with the same toolchain.
const cargoArgs = ["build", "--profile", "wasm-release", "--target", TARGET, "-p", "agent-input-js", "--message-format", "json-render-diagnostics"];
if (small) cargoArgs.push("--features", "small-names");
const rustflags = [...givenRustflags(), ...remapFlags()];
console.error(`$ cargo ${cargoArgs.join(" ")} (${rustflags.length} rustflags: --remap-path-prefix of each dependency's folder)`);
const env = { ...process.env, CARGO_ENCODED_RUSTFLAGS: rustflags.join("\x1f") };
if (small) env.CARGO_PROFILE_WASM_RELEASE_OPT_LEVEL = "z";
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

// The licences of the data the module carries (CLDR: Unicode-3.0; ISO 3166 names: LGPL-2.1;
// to-words' number words: MIT).
mkdirSync(join(outDir, "LICENSES"), { recursive: true });
for (const name of ["Unicode-3.0.txt", "LGPL-2.1.txt", "MIT.txt"]) copyFileSync(join(root, "LICENSES", name), join(outDir, "LICENSES", name));

const raw = statSync(module).size;
const gzipped = gzipSync(readFileSync(module), { level: 9 }).length;
const sizes = { features: small ? ["small-names"] : [], raw, gzipped, wasmBindgen: version };
writeFileSync(join(outDir, "size.json"), JSON.stringify(sizes, null, 2) + "\n");
const mib = (n) => `${(n / 1048576).toFixed(2)} MiB`;
console.error(`${module}: ${raw} bytes (${mib(raw)}), ${gzipped} gzipped (${mib(gzipped)})`);
