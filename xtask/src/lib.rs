//! The generators behind `cargo xtask`, as a library so that `tests/generated.rs` can rerun
//! them in memory and compare with the committed files.

use std::path::{Path, PathBuf};

pub mod cldr;

/// The workspace root (the parent of this crate's folder).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().map_or_else(|| here.to_path_buf(), Path::to_path_buf)
}
