//! Tables generated from Unicode CLDR by `cargo xtask cldr` (see `tools/cldr`). Every file here
//! but this one is generated; the Unicode licence notice is in `LICENSES/Unicode-3.0.txt`.

pub mod dates;
pub mod digits;
