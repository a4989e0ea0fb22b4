//! `data/locale_syntax.rs`: the separators, brackets and keywords of locale display names and
//! BCP 47 `-u-` extensions.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::source::{locale_dirs, package_version, read_json};
use super::write::{header, version_const, write_pairs_owned, write_strings, Pairs};
use super::Generated;

/// `data/locale_syntax.rs`: what a locale's spelling writes beside its subtags, whatever the
/// name tables hold: CLDR's locale separators and brackets (display names), and ICU's locale
/// keywords (cldr-bcp47). Shared by the full and the `small-names` builds.
pub(super) fn locale_syntax(dir: &Path) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-localenames-full")?;
    let mut out = String::new();
    header(&mut out, "cldr-localenames-full and cldr-bcp47", &version);
    let _ = writeln!(out, "//! What a locale's spelling writes beside its subtags: display names' separators and brackets, and ICU's keywords.");
    let _ = writeln!(out);
    version_const(&mut out, &version);
    let (separators, brackets) = locale_patterns(dir)?;
    write_strings(
        &mut out,
        &format!("What CLDR's locales write between a display name's script and region (`Chinese (Traditional, Taiwan)`, `中国語 (繁体字、台湾)`, `الصينية (التقليدية، تايوان)`), without spaces, of every locale's `localeSeparator` but words ({} entries).", separators.len()),
        "pub static LOCALE_SEPARATORS: &[&str] = &",
        &separators,
    );
    write_pairs_owned(
        &mut out,
        "LOCALE_BRACKETS",
        "The brackets CLDR's locales write a display name's qualifiers in (`English (United States)`, `中文（台灣）`): the opening one to the closing one, of every locale's `localePattern`",
        &brackets,
    );
    let (icu_keys, icu_values) = icu_keywords(dir)?;
    write_pairs_owned(
        &mut out,
        "ICU_KEYWORD_KEYS",
        "The keys of ICU's locale keywords (`collation`, `calendar`, `currency`, `co`), lower-cased, to BCP 47's `u` extension key (cldr-bcp47)",
        &icu_keys,
    );
    write_pairs_owned(
        &mut out,
        "ICU_KEYWORD_VALUES",
        "The values of ICU's locale keywords by `key-value` (`co-phonebook`, `ca-gregorian`, `tz-europe/prague`), lower-cased, to the `u` extension's value (`phonebk`, `gregory`, `czprg`), a deprecated value to its preferred one (cldr-bcp47)",
        &icu_values,
    );
    Ok(Generated { path: "agent-input/src/data/locale_syntax.rs", text: out })
}

/// Every locale's `localeDisplayPattern`: what its `localeSeparator` writes between two
/// qualifiers (trimmed; a word, Colognian `uß`, left out) and the brackets its `localePattern`
/// puts around them (`{0} ({1})`, `{0}（{1}）`; a pattern of words, `{0} en {1}`, left out).
fn locale_patterns(dir: &Path) -> Result<(Vec<String>, Pairs), String> {
    let (mut separators, mut brackets) = (std::collections::BTreeSet::new(), BTreeMap::new());
    for lang in locale_dirs(&dir.join("cldr-localenames-full/main"))? {
        let path = dir.join(format!("cldr-localenames-full/main/{lang}/localeDisplayNames.json"));
        let json = read_json(&path)?;
        let Some(pattern) = json.pointer(&format!("/main/{lang}/localeDisplayNames/localeDisplayPattern")) else {
            continue;
        };
        let between = |key: &str| {
            let text = pattern.get(key).and_then(Value::as_str)?;
            let (_, rest) = text.split_once("{0}")?;
            let (mid, end) = rest.split_once("{1}")?;
            Some((mid.trim().to_owned(), end.trim().to_owned()))
        };
        if let Some((separator, _)) = between("localeSeparator") {
            if !separator.is_empty() && !separator.chars().any(char::is_alphabetic) {
                separators.insert(separator);
            }
        }
        if let Some((open, close)) = between("localePattern") {
            let one = |t: &str| t.chars().count() == 1 && !t.chars().any(char::is_alphanumeric);
            if one(&open) && one(&close) {
                brackets.insert(open, close);
            }
        }
    }
    if !separators.contains(",") || brackets.get("(").map(String::as_str) != Some(")") {
        return Err("localeDisplayNames.json: the English separator or brackets are missing".into());
    }
    Ok((separators.into_iter().collect(), brackets.into_iter().collect()))
}

/// ICU's locale keywords (`de_DE@collation=phonebook;currency=EUR`) as BCP 47's `u` extension,
/// from `cldr-bcp47`: each key's ICU name (`collation`) and its own (`co`) to the key, and each
/// `key-value` (the value's ICU alias, `phonebook`, or its own, `phonebk`, lower-cased) to the
/// extension's value, a deprecated value to its preferred one. Keys whose values are a type
/// (`REORDER_CODE`, `CODEPOINTS`) and not a list keep no values: such a keyword asks.
fn icu_keywords(dir: &Path) -> Result<(Pairs, Pairs), String> {
    let (mut keys, mut values) = (BTreeMap::new(), BTreeMap::new());
    let base = dir.join("cldr-bcp47/bcp47");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&base)
        .map_err(|e| format!("{}: {e}", base.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    for file in files {
        let json = read_json(&file)?;
        let Some(u) = json.pointer("/keyword/u").and_then(Value::as_object) else { continue };
        for (key, body) in u {
            let Some(body) = body.as_object() else { continue };
            keys.insert(key.clone(), key.clone());
            if let Some(alias) = body.get("_alias").and_then(Value::as_str) {
                keys.insert(alias.to_lowercase(), key.clone());
            }
            for (value, about) in body.iter().filter(|(v, _)| !v.starts_with('_') && *v == &v.to_lowercase()) {
                let target = about.get("_preferred").and_then(Value::as_str).unwrap_or(value).to_owned();
                let aliases = about.get("_alias").and_then(Value::as_str).unwrap_or_default();
                for name in std::iter::once(value.as_str()).chain(aliases.split(' ').filter(|a| !a.is_empty())) {
                    values.insert(format!("{key}-{}", name.to_lowercase()), target.clone());
                }
            }
        }
    }
    Ok((keys.into_iter().collect(), values.into_iter().collect()))
}

/// `language[-Script][-REGION]`, the tag shapes display names are given for.
pub(super) fn is_plain_tag(tag: &str) -> bool {
    let mut parts = tag.split('-');
    let lang = parts.next().unwrap_or_default();
    let lang_ok = (2..=3).contains(&lang.len()) && lang.bytes().all(|b| b.is_ascii_lowercase());
    lang_ok
        && parts.all(|p| {
            (p.len() == 4 && p.bytes().next().is_some_and(|b| b.is_ascii_uppercase()))
                || (p.len() == 2 && p.bytes().all(|b| b.is_ascii_uppercase()))
                || (p.len() == 3 && p.bytes().all(|b| b.is_ascii_digit()))
        })
}
