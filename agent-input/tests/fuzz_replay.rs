//! Replays, on stable and inside `cargo test`, the fuzz targets' invariants over every seed
//! (generated from the vectors), every committed regression (`fuzz/regressions/<target>/*`) and,
//! when present, the local corpus (`fuzz/corpus/<target>/*`).

#[path = "../../fuzz/src/checks.rs"]
mod checks;

use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn every_seed_keeps_the_invariants() {
    let seeds = checks::seeds(&root().join("tests/vectors"));
    assert!(seeds.len() > 1000, "seeds from the vectors: {}", seeds.len());
    for (target, name, data) in &seeds {
        let result = std::panic::catch_unwind(|| checks::run_target(target, data));
        assert!(result.is_ok(), "{target}/{name} broke an invariant");
    }
}

#[test]
fn every_regression_and_corpus_file_keeps_the_invariants() {
    let mut n = 0;
    for dir in ["fuzz/regressions", "fuzz/corpus"] {
        let Ok(targets) = std::fs::read_dir(root().join(dir)) else { continue };
        for target in targets.flatten().filter(|e| e.path().is_dir()) {
            let name = target.file_name().to_string_lossy().into_owned();
            for file in std::fs::read_dir(target.path()).into_iter().flatten().flatten() {
                // A running fuzzer may replace corpus files while this reads them.
                let Ok(data) = std::fs::read(file.path()) else { continue };
                n += 1;
                let result = std::panic::catch_unwind(|| checks::run_target(&name, &data));
                assert!(result.is_ok(), "{dir}/{name}/{} broke an invariant", file.file_name().to_string_lossy());
            }
        }
    }
    eprintln!("replayed {n} regression and corpus files");
}

#[test]
fn every_fuzz_target_has_a_file() {
    let manifest = std::fs::read_to_string(root().join("fuzz/Cargo.toml")).unwrap();
    for kind in agent_input::Kind::ALL {
        assert!(manifest.contains(&format!("name = \"read_{}\"", kind.name())), "no fuzz target for {kind}");
    }
    for t in ["batch_line", "tool_call", "cursor_decode", "input_schema", "tool_spec_call"] {
        assert!(manifest.contains(&format!("name = \"{t}\"")), "no fuzz target {t}");
    }
}
