//! `data/lists.rs`: the words CLDR list patterns join items with.

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::source::{locale_dirs, object, package_version, read_json};
use super::write::{header, version_const, write_strings};
use super::Generated;

/// `data/lists.rs`: the text CLDR's "and" list patterns write between two items (`{0}, {1}`,
/// `{0} and {1}`, `{0}, & {1}`, `{0}、{1}`, `{0} و{1}`), of every locale, in the standard, short
/// and narrow widths and their start, middle, end and two-item patterns: what a list formatter
/// (`Intl.ListFormat`, ICU's `ListFormatter`) writes. The plain comma is left out (the list
/// reader splits on it first), and so are joiners of spaces only, with brackets, or a dash (a
/// dash joins a range). "Or" lists (`listPattern-type-or`) are left out: "a or b" names one of
/// them. Source: `cldr-misc-full/main/{lang}/listPatterns.json`.
pub(super) fn lists(dir: &Path) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-misc-full")?;
    let all = locale_dirs(&dir.join("cldr-misc-full/main"))?;
    let mut joiners = std::collections::BTreeSet::new();
    let mut or_words = std::collections::BTreeSet::new();
    for lang in &all {
        let json = read_json(&dir.join(format!("cldr-misc-full/main/{lang}/listPatterns.json")))?;
        let patterns = object(&json, &format!("/main/{lang}/listPatterns"), "listPatterns.json")?;
        for width in ["listPattern-type-or", "listPattern-type-or-short", "listPattern-type-or-narrow"] {
            let Some(parts) = patterns.get(width).and_then(Value::as_object) else { continue };
            for pattern in parts.values().filter_map(Value::as_str) {
                let joiner = pattern.split_once("{0}").and_then(|(_, r)| r.split_once("{1}")).map(|(j, _)| j);
                if let Some(joiner) = joiner.filter(|j| j.chars().any(char::is_alphabetic)) {
                    or_words.insert(joiner.to_owned());
                }
            }
        }
        for width in
            ["listPattern-type-standard", "listPattern-type-standard-short", "listPattern-type-standard-narrow"]
        {
            let Some(parts) = patterns.get(width).and_then(Value::as_object) else { continue };
            for pattern in parts.values().filter_map(Value::as_str) {
                let (Some(a), Some(b)) = (pattern.find("{0}"), pattern.find("{1}")) else {
                    return Err(format!("{lang} {width}: pattern {pattern:?} lacks {{0}} or {{1}}"));
                };
                let joiner = pattern.get(a + 3..b).unwrap_or_default();
                let dash = joiner.trim().chars().all(|c| matches!(c, '-' | '\u{2010}'..='\u{2015}'));
                if joiner.trim().is_empty() || joiner == ", " || dash || joiner.contains(['(', ')']) {
                    continue;
                }
                joiners.insert(joiner.to_owned());
            }
        }
    }
    // A word that one language's "and" list writes and another's "or" list (`u`: Maltese "and",
    // Romansh "or", as Spanish writes `o` before an o-sound; `an`: Nigerian Pidgin and Kurdish)
    // joins no list for certain: it is left out, and such a text does not split there.
    joiners.retain(|j| !or_words.contains(j));
    if !joiners.contains(" and ") || !joiners.contains(" a ") || !joiners.contains("\u{3001}") {
        return Err("listPatterns.json: the English, Czech or Japanese joiner is missing".into());
    }
    let mut sorted: Vec<String> = joiners.into_iter().collect();
    sorted.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    let mut out = String::new();
    header(&mut out, "cldr-misc-full", &version);
    let _ =
        writeln!(out, "//! What CLDR's \"and\" list patterns of the {} locales write between two items, but the words an \"or\" list pattern writes too.", all.len());
    let _ = writeln!(out);
    version_const(&mut out, &version);
    write_strings(
        &mut out,
        &format!(
            "Joiners of list items (`\" and \"`, `\", & \"`, `\"、\"`), spaces kept, longest first ({} entries).",
            sorted.len()
        ),
        "pub static LIST_JOINERS: &[&str] = &",
        &sorted,
    );
    Ok(Generated { path: "agent-input/src/data/lists.rs", text: out })
}
