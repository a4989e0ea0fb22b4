//! Tables generated from Unicode CLDR by `cargo xtask cldr` (see `tools/cldr`). Every file here
//! but this one is generated; the Unicode licence notice is in `LICENSES/Unicode-3.0.txt`.

use std::collections::HashMap;
use std::sync::OnceLock;

// Generated files are written exactly as the generator emits them; rustfmt leaves them alone.
#[rustfmt::skip]
pub mod countries;
#[rustfmt::skip]
pub mod dates;
#[rustfmt::skip]
pub mod digits;
#[rustfmt::skip]
pub mod languages;

/// A hash index over a generated `(key, value)` table, built once on first use.
pub(crate) struct Index<V: 'static> {
    table: &'static [(&'static str, V)],
    map: OnceLock<HashMap<&'static str, V>>,
}

impl<V: Copy + Send + Sync + 'static> Index<V> {
    pub(crate) const fn new(table: &'static [(&'static str, V)]) -> Self {
        Self { table, map: OnceLock::new() }
    }

    /// The value of `key`, if the table has it.
    pub(crate) fn get(&self, key: &str) -> Option<V> {
        self.map.get_or_init(|| self.table.iter().copied().collect()).get(key).copied()
    }

    /// Every entry.
    pub(crate) fn entries(&self) -> &'static [(&'static str, V)] {
        self.table
    }
}
