//! `data/digits.rs`: the decimal digits of every numeric CLDR numbering system.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::source::{package_version, read_json};
use super::write::{header, version_const};
use super::Generated;

/// `data/digits.rs`: every decimal digit of every numeric numbering system CLDR knows,
/// mapped to its ASCII value. Source: `cldr-core/supplemental/numberingSystems.json`.
pub(super) fn digits(dir: &Path) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-core")?;
    let json = read_json(&dir.join("cldr-core/supplemental/numberingSystems.json"))?;
    let systems = json
        .pointer("/supplemental/numberingSystems")
        .and_then(Value::as_object)
        .ok_or("numberingSystems.json has no supplemental.numberingSystems")?;
    let mut table: BTreeMap<char, (u8, String)> = BTreeMap::new();
    for (name, system) in systems {
        if system.get("_type").and_then(Value::as_str) != Some("numeric") {
            continue;
        }
        let Some(digits) = system.get("_digits").and_then(Value::as_str) else { continue };
        let chars: Vec<char> = digits.chars().collect();
        if chars.len() != 10 {
            return Err(format!("numbering system {name} has {} digits, expected 10", chars.len()));
        }
        for (value, c) in (0u8..).zip(chars) {
            if c.is_ascii_digit() {
                continue;
            }
            if let Some((old, other)) = table.get(&c) {
                if *old != value {
                    return Err(format!("digit {c:?} is {old} in {other} but {value} in {name}"));
                }
                continue;
            }
            table.insert(c, (value, name.clone()));
        }
    }
    let mut out = String::new();
    header(&mut out, "cldr-core", &version);
    let _ = writeln!(out, "//! Decimal digits of every numeric CLDR numbering system except ASCII.");
    let _ = writeln!(out);
    version_const(&mut out, &version);
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "/// Non-ASCII decimal digits and their values, sorted by character for binary search \
         ({} entries, {} bytes).",
        table.len(),
        table.len() * 8
    );
    let _ = writeln!(out, "pub static DIGITS: &[(char, u8)] = &[");
    let mut current = "";
    for (c, (value, system)) in &table {
        if system != current {
            let _ = writeln!(out, "    // {system}");
            current = system;
        }
        let _ = writeln!(out, "    ('\\u{{{:x}}}', {value}),", u32::from(*c));
    }
    let _ = writeln!(out, "];");
    Ok(Generated { path: "agent-input/src/data/digits.rs", text: out })
}
