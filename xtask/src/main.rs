//! `cargo xtask <command>`: the generators of agent-input.
//!
//! - `cargo xtask cldr [DIR]`: reads the CLDR JSON packages and the IANA language subtag
//!   registry pinned in `tools/cldr` (installed with `npm ci --prefix tools/cldr`; DIR defaults
//!   to `tools/cldr/node_modules`), the iso-codes data pinned in `tools/iso-codes` (fetched with
//!   `tools/iso-codes/fetch`) and the `deunicode` crate's Latin table, and writes the generated
//!   tables in `agent-input/src/data/` (the list is in `xtask::cldr`).
//! - `cargo xtask codes`: rewrites `docs/codes.md` from the code enums and the vectors (it runs
//!   the census test in bless mode, so there is one renderer).
//! - `cargo xtask codes-lock`: writes `codes.lock.json` (every code of every closed set with its
//!   meaning line) by running `bindings/cli/tests/codes_lock.rs` with `AGENT_INPUT_LOCK_CODES=1`:
//!   new codes are added and meaning changes with a dated entry in its `changes` applied; a
//!   removed or renamed code, or a meaning changed without a dated entry, still fails.
//! - `cargo xtask stubs`: writes the Python binding's generated types and per-kind functions
//!   (`bindings/python/python/agent_input/_types.py`, `_kinds.py`) from the core's options
//!   schema and code enums.
//! - `cargo xtask ts`: writes the JavaScript/TypeScript binding's generated kinds, codes,
//!   per-kind functions and types (`bindings/js/lib/generated.js`, `generated.d.ts`) from the
//!   same sources, and the wire's keys, found through the core's serde derives, for both sides
//!   of its tape (`WIRE_KEYS` in `generated.js`, `bindings/js/src/keys.rs`).
//! - `cargo xtask fuzz-seeds`: writes `fuzz/corpus/<target>/` seeds from the vectors.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let root = xtask::workspace_root();
    match args.first().map(String::as_str) {
        Some("cldr") => {
            let dir = args.get(1).map_or_else(|| root.join("tools/cldr/node_modules"), PathBuf::from);
            match xtask::cldr::write_all(&dir, &root) {
                Ok(written) => {
                    for path in written {
                        println!("wrote {}", path.display());
                    }
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("xtask cldr: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("kinds") => cargo_test(
            &root,
            &["-p", "agent-input", "--test", "kind_pages", "--", "every_kind_has_its_page_of_spellings"],
            "AGENT_INPUT_BLESS",
        ),
        Some("codes") => cargo_test(
            &root,
            &["-p", "agent-input", "--test", "census", "--", "docs_codes_md_is_fresh"],
            "AGENT_INPUT_BLESS",
        ),
        Some("codes-lock") => {
            cargo_test(&root, &["-p", "agent-input-cli", "--test", "codes_lock"], "AGENT_INPUT_LOCK_CODES")
        }
        Some("stubs") => match xtask::stubs::write_all(&root) {
            Ok(written) => {
                for path in written {
                    println!("wrote {path}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("xtask stubs: {e}");
                ExitCode::FAILURE
            }
        },
        Some("ts") => match xtask::ts::write_all(&root) {
            Ok(written) => {
                for path in written {
                    println!("wrote {path}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("xtask ts: {e}");
                ExitCode::FAILURE
            }
        },
        Some("fuzz-seeds") => match xtask::write_fuzz_seeds(&root) {
            Ok(n) => {
                println!("wrote {n} seeds under fuzz/corpus/");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("xtask fuzz-seeds: {e}");
                ExitCode::FAILURE
            }
        },
        _ => {
            eprintln!(
                "usage: cargo xtask cldr [DIR] | cargo xtask codes | cargo xtask kinds | cargo xtask codes-lock | cargo xtask stubs | \
                 cargo xtask ts | cargo xtask fuzz-seeds"
            );
            ExitCode::from(2)
        }
    }
}

/// Runs `cargo test -q ARGS` at the root with `env` set to 1: a test that writes what it checks.
fn cargo_test(root: &Path, args: &[&str], env: &str) -> ExitCode {
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["test", "-q"])
        .args(args)
        .env(env, "1")
        .current_dir(root)
        .status();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}
