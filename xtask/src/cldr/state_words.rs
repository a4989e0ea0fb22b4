//! The words of a state's official name that its short name lacks (`Socialist Republic of`,
//! `Commonwealth of`, `SAR`), for `data/countries.rs`: `STATE_WORDS` and `STATE_REQUIRED`.
//!
//! A state word is a word of an official name (iso-codes' ISO 3166-1 `official_name`, in English
//! and in the iso-codes translations of the modern languages) or of CLDR's English long name
//! (`Hong Kong SAR China` beside its `-alt-short` `Hong Kong`) that the same source's short and
//! common names lack. A word that three or more countries' names add (`republic`, `kingdom`,
//! `commonwealth`, `of`, `república`) is general; any other (`oriental` of Uruguay's Spanish
//! name, `sar` of Hong Kong's and Macao's) belongs to the countries whose names add it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use super::source::{iso_translations, object, read_json};

/// A word three or more countries' official names add is general: any name may carry it.
const GENERAL_AT: usize = 3;

/// The words of a name as the reader keys it (`agent_input::fold_name`).
fn words(name: &str) -> Vec<String> {
    agent_input::fold_name(name).split(' ').filter(|w| !w.is_empty()).map(str::to_owned).collect()
}

/// The words `long` adds to every name of `short`.
fn added(long: &str, short: &[&str]) -> Vec<String> {
    let known: BTreeSet<String> = short.iter().flat_map(|s| words(s)).collect();
    words(long).into_iter().filter(|w| !known.contains(w)).collect()
}

/// The state words and, by country, the general words (longer than three letters: `of`, `the`,
/// `de` join, they do not tell states apart) that its English official name adds.
pub(super) struct StateWords {
    /// Each word to `*` (general) or the codes of the countries whose names add it.
    pub(super) words: Vec<(String, String)>,
    /// Each country with an English official name, to the general words it adds (sorted,
    /// separated by spaces; empty when it adds none: `Hungary`).
    pub(super) required: Vec<(String, String)>,
}

/// One official name: its country, the name, the short and common names in its language, and
/// whether it is English.
type Official = (String, String, Vec<String>, bool);

/// iso-codes' official names with their short and common names, in English and in every
/// translation.
fn official_names(iso: &Path, modern: &[String]) -> Result<Vec<Official>, String> {
    let iso1 = read_json(&iso.join("databases/iso3166-1.json"))?;
    let entries = iso1.get("3166-1").and_then(Value::as_array).ok_or("iso3166-1.json has no 3166-1")?;
    let translations = iso_translations(iso, "iso3166-1", modern)?;
    let mut out = Vec::new();
    for e in entries {
        let field = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_owned);
        let (Some(code), Some(official)) = (field("alpha_2"), field("official_name")) else { continue };
        let short: Vec<String> = ["name", "common_name"].iter().filter_map(|k| field(k)).collect();
        out.push((code.clone(), official.clone(), short.clone(), true));
        for (_, t) in &translations {
            let Some(translated) = t.get(&official) else { continue };
            let short: Vec<String> = short.iter().filter_map(|s| t.get(s).cloned()).collect();
            if !short.is_empty() {
                out.push((code.clone(), translated.clone(), short, false));
            }
        }
    }
    Ok(out)
}

pub(super) fn state_words(dir: &Path, iso: &Path, modern: &[String]) -> Result<StateWords, String> {
    let mut by_word: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut english: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (code, official, short, is_english) in official_names(iso, modern)? {
        let short: Vec<&str> = short.iter().map(String::as_str).collect();
        let add = added(&official, &short);
        for w in &add {
            by_word.entry(w.clone()).or_default().insert(code.clone());
        }
        if is_english {
            english.insert(code, add);
        }
    }
    // CLDR's English long names beside their short ones (`Hong Kong SAR China`, `Hong Kong`).
    let en = read_json(&dir.join("cldr-localenames-full/main/en/territories.json"))?;
    let en = object(&en, "/main/en/localeDisplayNames/territories", "en")?;
    for (key, short) in en {
        let (Some(code), Some(short)) = (key.strip_suffix("-alt-short"), short.as_str()) else { continue };
        let Some(long) = en.get(code).and_then(Value::as_str) else { continue };
        for w in added(long, &[short]) {
            by_word.entry(w).or_default().insert(code.to_owned());
        }
    }
    let general = |w: &str| by_word.get(w).is_some_and(|c| c.len() >= GENERAL_AT);
    let required = english
        .iter()
        .map(|(code, add)| {
            let set: BTreeSet<&str> =
                add.iter().map(String::as_str).filter(|w| w.chars().count() > 3 && general(w)).collect();
            (code.clone(), set.into_iter().collect::<Vec<_>>().join(" "))
        })
        .collect();
    let words = by_word
        .iter()
        .map(|(w, codes)| {
            let value = if codes.len() >= GENERAL_AT {
                "*".to_owned()
            } else {
                codes.iter().cloned().collect::<Vec<_>>().join(" ")
            };
            (w.clone(), value)
        })
        .collect();
    Ok(StateWords { words, required })
}
