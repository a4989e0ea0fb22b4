//! Benchmarks live in `benches/kinds.rs`; run them with `cargo bench -p agent-input-benches`.
//!
//! The library holds the cases the criterion benches and `per_read` (instruction counts) share,
//! so both measure the same reads.

use agent_input::tool::ToolSpec;
use agent_input::vocabulary::{Entry, Vocabulary};
use serde_json::{json, Value};

/// The 8-property `search` call of the `tool` group: its spec, and its arguments as the
/// schema writes them and as a model spells them.
///
/// # Panics
/// If the spec does not build (it is fixed, so a test run finds it).
#[must_use]
pub fn search_call() -> (ToolSpec, Value, Value) {
    let spec = ToolSpec::from_json(&json!({"name": "search", "properties": {
        "query": {"kind": "text", "required": true},
        "court": {"kind": "vocabulary", "role": "filter", "entries": [
            {"id": "NS", "names": ["Nejvyšší soud", "Supreme Court"]},
            {"id": "NSS", "names": ["Nejvyšší správní soud", "Supreme Administrative Court"]}]},
        "date_from": {}, "date_to": {}, "limit": {"max": 50},
        "sort": {"kind": "enum", "values": ["relevance", "date_desc"]},
        "country": {}, "include_dissents": {"kind": "boolean"}}}))
    .expect("the search call's spec is valid");
    let canonical = json!({"query": "nájem", "court": "NS", "date_from": "2026-01-01", "date_to": "2026-06-30",
                           "limit": 10, "sort": "date_desc", "country": "CZ", "include_dissents": true});
    let repaired = json!({"query": " nájem ", "court": "Nejvyssi soud", "dateFrom": "1. 1. 2026", "date_to": "2026-Q2",
                          "limit": "500", "sort": "Date Desc", "country": "Česko", "include_dissents": "ano"});
    (spec, canonical, repaired)
}

/// The struct the `tool` group's floor deserialises the canonical `search` call into
/// (`serde_json::from_value`).
#[derive(serde::Deserialize)]
#[allow(dead_code, reason = "the floor only deserialises")]
pub struct SearchArgs {
    query: String,
    court: Option<String>,
    date_from: Option<String>,
    date_to: Option<String>,
    limit: Option<u32>,
    sort: Option<String>,
    country: Option<String>,
    include_dissents: Option<bool>,
}

/// The `vocabulary` group's spellings, each with its case name.
pub const VOCABULARY_CASES: &[(&str, &str)] = &[
    ("id", "NSS"),
    ("name_folded", "Nejvyssi spravni soud"),
    ("english", "Supreme Administrative Court"),
    ("inflected", "Krajského soudu v Brně"),
];

/// The courts of `tests/fixtures/czech_courts.json`, the vocabulary the group reads in.
///
/// # Panics
/// If the fixture is missing or not a vocabulary.
#[must_use]
pub fn courts() -> Vocabulary {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/czech_courts.json");
    let text = std::fs::read_to_string(path).expect("the courts fixture");
    Vocabulary::new(serde_json::from_str::<Vec<Entry>>(&text).expect("entries")).expect("vocabulary")
}

/// The typed reads of the criterion groups `number`, `boolean`, `uuid`, `date`, `country` and
/// `locale` (`benches/kinds.rs`): group, case and the text read. `per_read typed_<group>_<case>`
/// runs the same read, so its instructions stand beside its group's floor (`floor_<group>`).
pub const TYPED_CASES: &[(&str, &str, &str)] = &[
    ("number", "clean", "4000"),
    ("number", "grouped", "4 000"),
    ("number", "decimal_comma", "1 234,56"),
    ("boolean", "clean", "true"),
    ("boolean", "word", "ano"),
    ("uuid", "clean", "0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d"),
    ("uuid", "braced_upper", "{0B5E2D3C-4F1A-4C2E-9D7B-8E6F5A4B3C2D}"),
    ("date", "iso", "2026-10-01"),
    ("date", "dotted", "1. 10. 2026"),
    ("date", "slashed_one_order", "13/02/2026"),
    ("date", "month_name_cs", "1. října 2026"),
    ("date", "month_name_en", "October 1, 2026"),
    ("date", "datetime", "2026-10-01T10:00:00+02:00"),
    ("country", "code", "CZ"),
    ("country", "code_lower", "cz"),
    ("country", "alpha3", "CZE"),
    ("country", "name_en", "Czech Republic"),
    ("country", "name_cs", "Česko"),
    ("locale", "canonical", "cs-CZ"),
    ("locale", "posix", "cs_CZ.UTF-8"),
    ("locale", "deprecated", "iw"),
    ("locale", "name", "čeština"),
];

/// The typed read of a group of [`TYPED_CASES`], with its default options: `true` when it
/// reads a value. `None` for a group it does not know.
#[must_use]
pub fn typed_reader(group: &str) -> Option<fn(&str) -> bool> {
    use agent_input::{boolean, country, date, locale, number, uuid};
    Some(match group {
        "number" => |t| number::read(t.into(), &agent_input::NumberOptions::new()).is_ok_and(|o| o.value().is_some()),
        "boolean" => {
            |t| boolean::read(t.into(), &agent_input::BooleanOptions::default()).is_ok_and(|o| o.value().is_some())
        }
        "uuid" => |t| uuid::read(t.into(), &uuid::UuidOptions::default()).is_ok_and(|o| o.value().is_some()),
        "date" => |t| date::read(t.into(), &date::DateOptions::default()).is_ok_and(|o| o.value().is_some()),
        "country" => {
            |t| country::read(t.into(), &country::CountryOptions::default()).is_ok_and(|o| o.value().is_some())
        }
        "locale" => |t| locale::read(t.into(), &locale::LocaleOptions::default()).is_ok_and(|o| o.value().is_some()),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::{typed_reader, TYPED_CASES};

    #[test]
    fn every_typed_case_reads_a_value_and_is_a_criterion_case() {
        let kinds = include_str!("../benches/kinds.rs");
        for (group, case, text) in TYPED_CASES {
            let read = typed_reader(group).unwrap_or_else(|| panic!("no reader for {group}"));
            assert!(read(text), "{group}/{case}: {text:?} reads no value");
            // The criterion group reads the same text, so the two measure one read.
            assert!(kinds.contains(&format!("{text:?}")), "{group}/{case}: {text:?} is not in benches/kinds.rs");
            assert!(kinds.contains(&format!("\"{case}")), "{group}/{case}: no such case in benches/kinds.rs");
        }
        assert!(typed_reader("vocabulary").is_none());
    }
}
