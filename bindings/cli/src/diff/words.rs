//! What a description states that a schema cannot: its unit, its time zone, and what leaving a
//! value out does. A change of those words is a change of the contract no schema diff shows
//! (`description_unit_changed`, `description_time_zone_changed`,
//! `description_omission_changed`); the words come from the lint's lists, so both read a
//! description alike.

use std::collections::BTreeSet;

use crate::lint::rules::{OMISSION_WORDS, UNITS, ZONE_WORDS};

/// Unit words too short or too general to say which unit a text means.
const NOT_A_UNIT: &[&str] = &[
    "s",
    "m",
    "h",
    "g",
    "pt",
    "mi",
    "min",
    "iso",
    "unit",
    "units",
    "items",
    "entries",
    "lines",
    "rows",
    "words",
    "characters",
    "chars",
    "tokens",
    "currency",
    "day",
    "week",
];

/// Zone words that say a zone matters, not which one.
const NOT_A_ZONE: &[&str] =
    &["time zone", "timezone", "offset", "iana", "europe/", "america/", "asia/", "africa/", "australia/"];

/// Omission words of the lint's list too common to mark a sentence as an omission rule.
const NOT_AN_OMISSION: &[&str] = &["all ", "every ", "any ", "unless", "otherwise"];

/// The words that changed between two descriptions, as the message quotes them.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Changed {
    pub gone: Vec<String>,
    pub came: Vec<String>,
}

impl Changed {
    fn of(old: &BTreeSet<String>, new: &BTreeSet<String>) -> Option<Changed> {
        if old.is_empty() || old == new {
            return None;
        }
        Some(Changed { gone: old.difference(new).cloned().collect(), came: new.difference(old).cloned().collect() })
    }

    /// "`seconds` to `milliseconds`", or "`seconds` no longer said".
    pub fn describe(&self) -> String {
        let list = |w: &[String]| w.iter().map(|w| format!("`{w}`")).collect::<Vec<_>>().join(", ");
        match (self.gone.is_empty(), self.came.is_empty()) {
            (false, false) => format!("{} to {}", list(&self.gone), list(&self.came)),
            (false, true) => format!("{} no longer said", list(&self.gone)),
            _ => format!("now also {}", list(&self.came)),
        }
    }
}

fn tokens(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !(c.is_alphanumeric() || c == '%' || c == '°'))
        .filter(|t| !t.is_empty())
        .map(str::to_lowercase)
}

fn units(text: &str) -> BTreeSet<String> {
    tokens(text).filter(|t| UNITS.contains(&t.as_str()) && !NOT_A_UNIT.contains(&t.as_str())).collect()
}

/// The zones a text names: UTC, GMT, local time..., IANA names (`Europe/Prague`) and offsets
/// (`+01:00`).
fn zones(text: &str) -> BTreeSet<String> {
    let lower = text.to_lowercase();
    let mut out: BTreeSet<String> = ZONE_WORDS
        .iter()
        .filter(|w| !NOT_A_ZONE.contains(w) && lower.contains(**w))
        .map(|w| (*w).to_string())
        .collect();
    for word in text.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '"' | '`')) {
        let word = word.trim_end_matches(['.', ':']);
        let iana = word.split_once('/').is_some_and(|(area, city)| {
            area.len() > 2
                && area.chars().next().is_some_and(char::is_uppercase)
                && city.chars().next().is_some_and(char::is_uppercase)
                && word.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '+'))
        });
        let offset = (word.starts_with('+') || word.starts_with('-'))
            && word.len() == 6
            && word[1..].chars().enumerate().all(|(i, c)| if i == 2 { c == ':' } else { c.is_ascii_digit() });
        if iana || offset {
            out.insert(word.to_string());
        }
    }
    out
}

/// The words of the sentences that say what leaving a value out does.
fn omission(text: &str) -> BTreeSet<String> {
    let lower = text.to_lowercase();
    lower
        .split(['.', ';', '\n'])
        .filter(|s| {
            let s = format!("{s} ");
            OMISSION_WORDS.iter().any(|w| !NOT_AN_OMISSION.contains(w) && s.contains(w))
        })
        .flat_map(|s| tokens(s).collect::<Vec<_>>())
        .collect()
}

/// What changed between two descriptions: the unit, the time zone, the omission rule (each
/// `None` when it did not, or when the old text stated none).
pub struct Reading {
    pub unit: Option<Changed>,
    pub zone: Option<Changed>,
    pub omission: Option<Changed>,
}

pub fn compare(old: &str, new: &str) -> Reading {
    Reading {
        unit: Changed::of(&units(old), &units(new)),
        zone: Changed::of(&zones(old), &zones(new)),
        omission: Changed::of(&omission(old), &omission(new)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_unit_a_zone_and_an_omission_rule_are_read_and_compared() {
        let r = compare("Timeout in seconds.", "Timeout in milliseconds.");
        assert_eq!(r.unit.map(|c| c.describe()).as_deref(), Some("`seconds` to `milliseconds`"));
        let r = compare("The time, in UTC.", "The time, in Europe/Prague.");
        assert_eq!(r.zone.map(|c| c.describe()).as_deref(), Some("`utc` to `Europe/Prague`"));
        let r = compare("The court. Omit it to search every court.", "The court. Omit it to search the supreme court.");
        let changed = r.omission.expect("the omission rule changed");
        assert!(changed.gone.contains(&"every".to_string()) && changed.came.contains(&"supreme".to_string()));
        // Rewording outside those words changes none of them; a text that stated none is no change.
        let r = compare("Timeout in seconds. Omit it for 30.", "How long to wait, in seconds. Omit it for 30.");
        assert!(r.unit.is_none() && r.zone.is_none() && r.omission.is_none());
        assert!(compare("A court.", "A court, in seconds, UTC, omit it for all.").unit.is_none());
    }
}
