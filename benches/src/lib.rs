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
