//! The generators behind `cargo xtask`, as a library so that `tests/generated.rs` can rerun
//! them in memory and compare with the committed files.

use std::path::{Path, PathBuf};

pub mod cldr;
pub mod mo;
pub mod stubs;
pub mod ts;
pub mod wire;

/// The workspace root (the parent of this crate's folder).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().map_or_else(|| here.to_path_buf(), Path::to_path_buf)
}

/// The fuzz targets' checks and seed generator (shared with the fuzz crate and the replay test).
#[path = "../../fuzz/src/checks.rs"]
pub mod fuzz_checks;

/// Writes `fuzz/corpus/<target>/<name>` seeds from the vectors; returns how many.
pub fn write_fuzz_seeds(root: &Path) -> Result<usize, String> {
    let seeds = fuzz_checks::seeds(&root.join("tests/vectors"));
    for (target, name, data) in &seeds {
        let dir = root.join("fuzz/corpus").join(target);
        std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let file: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
        std::fs::write(dir.join(format!("seed_{file}")), data).map_err(|e| format!("cannot write seed {name}: {e}"))?;
    }
    Ok(seeds.len())
}
