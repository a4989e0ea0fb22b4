//! One read, repeated: the subject of the instruction counts in BENCHMARKS.md.
//!
//! `per_read <case> <n>` reads the case `n` times through `Spec::read` (or `ToolSpec::read`
//! for a call). `benches/instructions.py` runs it under `valgrind --tool=callgrind` with
//! `n = 1001` and `n = 1` and reports the difference over 1,000: instructions per read, free of
//! start-up and of the machine's load.

use std::hint::black_box;

use agent_input::tool::ToolSpec;
use agent_input::{Input, Kind, Spec};
use serde_json::{json, Value};

/// The cases: a name, the kind and options, and the value sent.
fn cases() -> Vec<(&'static str, Value, Value)> {
    let date = json!({"kind": "date"});
    let country = json!({"kind": "country"});
    vec![
        ("number_grouped", json!({"kind": "number"}), json!("4 000")),
        ("number_clean", json!({"kind": "number"}), json!("4000")),
        ("boolean_word", json!({"kind": "boolean"}), json!("ano")),
        ("uuid_braced", json!({"kind": "uuid"}), json!("{c2a7f5e1-8d3b-4e6a-9f01-5b7d2e4a8c93}")),
        ("date_dotted", date.clone(), json!("1. 10. 2026")),
        ("date_month_word", date.clone(), json!("1. října 2026")),
        ("date_english", date.clone(), json!("October 1, 2026")),
        ("date_slashed", date.clone(), json!("13/02/2026")),
        ("date_iso", date, json!("2026-10-01")),
        ("date_range", json!({"kind": "date_range"}), json!("1.–31. 10. 2026")),
        ("country_code", country.clone(), json!("cz")),
        ("country_name", country.clone(), json!("Česko")),
        ("country_english", country, json!("Czech Republic")),
        ("locale_posix", json!({"kind": "locale"}), json!("cs_CZ.UTF-8")),
        ("list_numbers", json!({"kind": "list", "item": {"kind": "number"}}), json!("1, 2, 3")),
        ("enum_alias", json!({"kind": "enum", "values": ["open", "closed"]}), json!("Closed")),
    ]
}

/// The 8-property call of `benches/kinds.rs`, canonical and repaired.
fn call() -> (ToolSpec, Value, Value) {
    let spec = ToolSpec::from_json(&json!({
        "name": "search",
        "properties": {
            "query": {"kind": "text"},
            "limit": {"kind": "number", "integer": true, "min": 1, "max": 100},
            "exact": {"kind": "boolean"},
            "id": {"kind": "uuid"},
            "since": {"kind": "date"},
            "country": {"kind": "country"},
            "locale": {"kind": "locale"},
            "tags": {"kind": "list", "item": {"kind": "text"}}
        }
    }))
    .expect("the call's spec is valid");
    let canonical = json!({"query": "soud", "limit": 20, "exact": true,
        "id": "c2a7f5e1-8d3b-4e6a-9f01-5b7d2e4a8c93", "since": "2026-10-01", "country": "CZ",
        "locale": "cs-CZ", "tags": ["a", "b"]});
    let repaired = json!({"query": "soud", "limit": "20", "exact": "ano",
        "id": "{c2a7f5e1-8d3b-4e6a-9f01-5b7d2e4a8c93}", "since": "1. 10. 2026", "country": "Česko",
        "locale": "cs_CZ", "tags": "a, b"});
    (spec, canonical, repaired)
}

/// The 8-property call of `benches/kinds.rs` (group `tool`), canonical and repaired, and the
/// `serde_json::from_value` floor it is compared with.
fn search() -> (ToolSpec, Value, Value) {
    let spec = ToolSpec::from_json(&json!({"name": "search", "properties": {
        "query": {"kind": "text", "required": true},
        "court": {"kind": "vocabulary", "role": "filter", "entries": [
            {"id": "NS", "names": ["Nejvyšší soud", "Supreme Court"]},
            {"id": "NSS", "names": ["Nejvyšší správní soud", "Supreme Administrative Court"]}]},
        "date_from": {}, "date_to": {}, "limit": {"max": 50},
        "sort": {"kind": "enum", "values": ["relevance", "date_desc"]},
        "country": {}, "include_dissents": {"kind": "boolean"}}}))
    .expect("the call's spec is valid");
    let canonical = json!({"query": "nájem", "court": "NS", "date_from": "2026-01-01", "date_to": "2026-06-30",
                           "limit": 10, "sort": "date_desc", "country": "CZ", "include_dissents": true});
    let repaired = json!({"query": " nájem ", "court": "Nejvyssi soud", "dateFrom": "1. 1. 2026", "date_to": "2026-Q2",
                          "limit": "500", "sort": "Date Desc", "country": "Česko", "include_dissents": "ano"});
    (spec, canonical, repaired)
}

/// The vocabulary cases of `benches/kinds.rs` (group `vocabulary`), read in the courts fixture.
const VOCABULARY: &[(&str, &str)] = &[
    ("id", "NSS"),
    ("name_folded", "Nejvyssi spravni soud"),
    ("english", "Supreme Administrative Court"),
    ("inflected", "Krajského soudu v Brně"),
];

/// The struct the floor deserialises the canonical `search` call into.
#[derive(serde::Deserialize)]
#[allow(dead_code, reason = "the floor only deserialises")]
struct SearchArgs {
    query: String,
    court: Option<String>,
    date_from: Option<String>,
    date_to: Option<String>,
    limit: Option<u32>,
    sort: Option<String>,
    country: Option<String>,
    include_dissents: Option<bool>,
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(name), Some(n)) = (args.next(), args.next().and_then(|n| n.parse::<usize>().ok())) else {
        eprintln!("usage: per_read <case|call_*|search_*|vocabulary_*|list> <n>");
        std::process::exit(2);
    };
    if name == "list" {
        for (case, _, _) in cases() {
            println!("{case}");
        }
        println!("call_canonical\ncall_repaired\nsearch_floor\nsearch_canonical\nsearch_repaired");
        for (case, _) in VOCABULARY {
            println!("vocabulary_{case}");
        }
        return;
    }
    if let Some(which) = name.strip_prefix("vocabulary_") {
        use agent_input::vocabulary::{Entry, Vocabulary, VocabularyRole};
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/czech_courts.json");
        let text = std::fs::read_to_string(path).expect("the courts fixture");
        let courts = Vocabulary::new(serde_json::from_str::<Vec<Entry>>(&text).expect("entries")).expect("vocabulary");
        let Some((_, value)) = VOCABULARY.iter().find(|(case, _)| *case == which) else {
            eprintln!("unknown case {name}");
            std::process::exit(2);
        };
        for _ in 0..n {
            assert!(courts.read(black_box(*value).into(), VocabularyRole::Value).value().is_some(), "{name}");
        }
        return;
    }
    if let Some(which) = name.strip_prefix("search_") {
        let (spec, canonical, repaired) = search();
        for _ in 0..n {
            match which {
                "floor" => assert!(serde_json::from_value::<SearchArgs>(black_box(canonical.clone())).is_ok()),
                "canonical" => assert!(spec.read(black_box(&canonical)).envelope().is_none()),
                _ => assert!(spec.read(black_box(&repaired)).envelope().is_none(), "{name}: the call reads"),
            }
        }
        return;
    }
    if let Some(which) = name.strip_prefix("call_") {
        let (spec, canonical, repaired) = call();
        let args = if which == "canonical" { canonical } else { repaired };
        for _ in 0..n {
            let out = spec.read(black_box(&args));
            assert!(out.envelope().is_none(), "{name}: the call reads");
        }
        return;
    }
    let Some((_, spec, value)) = cases().into_iter().find(|(c, _, _)| *c == name) else {
        eprintln!("unknown case {name}");
        std::process::exit(2);
    };
    let spec = Spec::from_json(&spec).expect("the case's spec is valid");
    let kind: Kind = spec.kind();
    for _ in 0..n {
        let out = spec.read(black_box(Input::from(&value)));
        assert!(out.value().is_some(), "{kind} {value}: {}", out.to_json());
    }
}
