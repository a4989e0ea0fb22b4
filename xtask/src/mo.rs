//! Reads gettext `.mo` catalogs (the iso-codes translations): message id to translation.
//!
//! The format: a magic number (which also gives the byte order), a revision, the number of
//! strings, and two tables of (length, offset) pairs, one for the original strings and one for
//! their translations (GNU gettext manual, "The Format of GNU MO Files").

use std::collections::BTreeMap;
use std::path::Path;

/// The translations of a `.mo` file, by message id (plural and context entries are skipped).
pub fn read(path: &Path) -> Result<BTreeMap<String, String>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let word = |at: usize, little: bool| -> Result<usize, String> {
        let b: [u8; 4] = bytes
            .get(at..at + 4)
            .and_then(|s| s.try_into().ok())
            .ok_or_else(|| format!("{}: truncated at {at}", path.display()))?;
        let n = if little { u32::from_le_bytes(b) } else { u32::from_be_bytes(b) };
        usize::try_from(n).map_err(|e| e.to_string())
    };
    let little = match word(0, true)? {
        0x9504_12de => true,
        0xde12_0495 => false,
        other => return Err(format!("{}: not a .mo file (magic {other:#x})", path.display())),
    };
    let count = word(8, little)?;
    let (originals, translations) = (word(12, little)?, word(16, little)?);
    let string = |table: usize, i: usize| -> Result<String, String> {
        let len = word(table + 8 * i, little)?;
        let at = word(table + 8 * i + 4, little)?;
        let raw = bytes.get(at..at + len).ok_or_else(|| format!("{}: string {i} out of bounds", path.display()))?;
        String::from_utf8(raw.to_vec()).map_err(|e| format!("{}: string {i}: {e}", path.display()))
    };
    let mut out = BTreeMap::new();
    for i in 0..count {
        let id = string(originals, i)?;
        let text = string(translations, i)?;
        if id.is_empty() || id.contains('\u{0}') || id.contains('\u{4}') || text.is_empty() {
            continue; // the header, plural forms, contexts
        }
        out.insert(id, text);
    }
    Ok(out)
}
