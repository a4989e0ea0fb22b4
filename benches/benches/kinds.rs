//! Each kind beside its floor, in the same run: `<kind>/<case>/<subject>`.
//! Every iteration asserts the value it read, so a broken path cannot look fast.

use std::hint::black_box;
use std::str::FromStr;

use agent_input::date::{self, DateOptions};
use agent_input::{boolean, number, uuid, BooleanOptions, NumberOptions};
use chrono::NaiveDate;
use criterion::{criterion_group, criterion_main, Criterion};
use rust_decimal::Decimal;

fn numbers(c: &mut Criterion) {
    let opts = NumberOptions::new();
    let mut g = c.benchmark_group("number");
    g.bench_function("clean/decimal_from_str", |b| {
        b.iter(|| assert_eq!(Decimal::from_str(black_box("4000")).ok(), Some(Decimal::from(4000))));
    });
    g.bench_function("clean/agent_input", |b| {
        b.iter(|| {
            assert_eq!(
                number::read(black_box("4000").into(), &opts).ok().and_then(|o| o.value().copied()),
                Some(Decimal::from(4000))
            )
        });
    });
    g.bench_function("grouped/agent_input", |b| {
        b.iter(|| {
            assert_eq!(
                number::read(black_box("4 000").into(), &opts).ok().and_then(|o| o.value().copied()),
                Some(Decimal::from(4000))
            )
        });
    });
    g.bench_function("decimal_comma/agent_input", |b| {
        b.iter(|| assert!(number::read(black_box("1 234,56").into(), &opts).is_ok_and(|o| o.value().is_some())));
    });
    g.finish();
}

fn booleans(c: &mut Criterion) {
    let opts = BooleanOptions::default();
    let mut g = c.benchmark_group("boolean");
    // The floor: serde_json reading the JSON text of a boolean (`bool::from_str` compiles to a
    // constant comparison and measures nothing but the loop).
    g.bench_function("clean/serde_json_from_str", |b| {
        b.iter(|| assert_eq!(serde_json::from_str::<bool>(black_box("true")).ok(), Some(true)))
    });
    g.bench_function("clean/agent_input", |b| {
        b.iter(|| {
            assert_eq!(boolean::read(black_box("true").into(), &opts).ok().and_then(|o| o.value().copied()), Some(true))
        });
    });
    g.bench_function("word/agent_input", |b| {
        b.iter(|| {
            assert_eq!(boolean::read(black_box("ano").into(), &opts).ok().and_then(|o| o.value().copied()), Some(true))
        });
    });
    g.finish();
}

fn uuids(c: &mut Criterion) {
    let opts = uuid::UuidOptions::default();
    let id = "0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d";
    let mut g = c.benchmark_group("uuid");
    g.bench_function("clean/uuid_parse_str", |b| b.iter(|| assert!(::uuid::Uuid::parse_str(black_box(id)).is_ok())));
    g.bench_function("clean/agent_input", |b| {
        b.iter(|| assert!(uuid::read(black_box(id).into(), &opts).is_ok_and(|o| o.value().is_some())));
    });
    g.bench_function("braced_upper/agent_input", |b| {
        b.iter(|| {
            assert!(uuid::read(black_box("{0B5E2D3C-4F1A-4C2E-9D7B-8E6F5A4B3C2D}").into(), &opts)
                .is_ok_and(|o| o.value().is_some()));
        });
    });
    g.finish();
}

fn dates(c: &mut Criterion) {
    let opts = DateOptions::default();
    let expected = NaiveDate::from_ymd_opt(2026, 10, 1);
    let mut g = c.benchmark_group("date");
    g.bench_function("iso/chrono_from_str", |b| {
        b.iter(|| assert_eq!(NaiveDate::from_str(black_box("2026-10-01")).ok(), expected))
    });
    g.bench_function("iso/agent_input", |b| {
        b.iter(|| {
            assert_eq!(
                date::read(black_box("2026-10-01").into(), &opts).ok().and_then(|o| o.value().copied()),
                expected
            )
        });
    });
    for (case, text) in [
        ("dotted", "1. 10. 2026"),
        ("slashed_one_order", "13/02/2026"),
        ("month_name_cs", "1. října 2026"),
        ("month_name_en", "October 1, 2026"),
        ("datetime", "2026-10-01T10:00:00+02:00"),
    ] {
        g.bench_function(format!("{case}/agent_input"), |b| {
            b.iter(|| assert!(date::read(black_box(text).into(), &opts).is_ok_and(|o| o.value().is_some())));
        });
    }
    g.finish();
}

fn data_kinds(c: &mut Criterion) {
    use agent_input::country::{self, CountryOptions};
    use agent_input::locale::{self, LocaleOptions};
    use agent_input::vocabulary::VocabularyRole;
    use std::collections::HashMap;

    // The floor: one HashMap lookup of a short string key.
    let map: HashMap<String, &str> = country::names().map(|(k, v)| (k.to_owned(), v)).collect();
    let mut g = c.benchmark_group("country");
    g.bench_function("lookup/hashmap", |b| b.iter(|| assert_eq!(map.get(black_box("czechia")).copied(), Some("CZ"))));
    for (case, text) in
        [("code", "CZ"), ("code_lower", "cz"), ("alpha3", "CZE"), ("name_en", "Czech Republic"), ("name_cs", "Česko")]
    {
        g.bench_function(format!("{case}/agent_input"), |b| {
            b.iter(|| {
                assert!(country::read(black_box(text).into(), &CountryOptions::default())
                    .is_ok_and(|o| o.value().is_some()))
            });
        });
    }
    g.finish();

    let mut g = c.benchmark_group("locale");
    g.bench_function("canonical/icu_locale_from_str", |b| {
        b.iter(|| assert!(icu_locale_core::Locale::try_from_str(black_box("cs-CZ")).is_ok()));
    });
    for (case, text) in [("canonical", "cs-CZ"), ("posix", "cs_CZ.UTF-8"), ("deprecated", "iw"), ("name", "čeština")]
    {
        g.bench_function(format!("{case}/agent_input"), |b| {
            b.iter(|| {
                assert!(
                    locale::read(black_box(text).into(), &LocaleOptions::default()).is_ok_and(|o| o.value().is_some())
                )
            });
        });
    }
    g.finish();

    let courts = agent_input_benches::courts();
    let mut g = c.benchmark_group("vocabulary");
    g.bench_function("lookup/hashmap", |b| b.iter(|| assert_eq!(map.get(black_box("cesko")).copied(), Some("CZ"))));
    for &(case, text) in agent_input_benches::VOCABULARY_CASES {
        g.bench_function(format!("{case}/agent_input"), |b| {
            b.iter(|| assert!(courts.read(black_box(text).into(), VocabularyRole::Value).value().is_some()));
        });
    }
    g.finish();
}

fn tool_call(c: &mut Criterion) {
    use agent_input::tool::ToolCall;

    let (spec, canonical, repaired) = agent_input_benches::search_call();
    let mut g = c.benchmark_group("tool");
    g.bench_function("call/serde_json_from_value", |b| {
        b.iter(|| {
            assert!(serde_json::from_value::<agent_input_benches::SearchArgs>(black_box(canonical.clone())).is_ok())
        });
    });
    g.bench_function("call8_canonical/agent_input", |b| {
        b.iter(|| assert!(matches!(spec.read(black_box(&canonical)), ToolCall::Ok { .. })));
    });
    g.bench_function("call8_repaired/agent_input", |b| {
        b.iter(|| assert!(matches!(spec.read(black_box(&repaired)), ToolCall::Ok { .. })));
    });
    g.finish();
}

/// Every `ok` case of the kind vectors (about a thousand model spellings), each through its
/// prepared spec: the mean cost of a read over a realistic mix. Criterion reports it as a
/// throughput (elements per second); BENCHMARKS.md gives nanoseconds per read.
fn mix(c: &mut Criterion) {
    use agent_input::{Input, Kind, Spec};
    use criterion::Throughput;
    use serde_json::Value;

    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors");
    let mut cases: Vec<(Spec, Value)> = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(dir).expect("vectors").filter_map(Result::ok).map(|e| e.path()).collect();
    files.sort();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
        let text = std::fs::read_to_string(path).expect("vector file");
        let Ok(list) = serde_json::from_str::<Vec<Value>>(&text) else { continue };
        for case in list {
            let ok = case.pointer("/expect/status").and_then(Value::as_str) == Some("ok");
            let kind = case.get("kind").and_then(Value::as_str).and_then(|k| k.parse::<Kind>().ok());
            let (Some(kind), Some(input), true) = (kind, case.get("input"), ok) else { continue };
            let options = case.get("options").cloned().unwrap_or(Value::Null);
            if let Ok(spec) = Spec::new(kind, &options) {
                if spec.read(Input::from(input)).value().is_some() {
                    cases.push((spec, input.clone()));
                }
            }
        }
    }
    assert!(cases.len() > 500, "the vectors hold a realistic mix ({} ok cases)", cases.len());
    let mut g = c.benchmark_group("mix");
    g.throughput(Throughput::Elements(cases.len() as u64));
    g.bench_function(format!("vectors_ok_{}/agent_input", cases.len()), |b| {
        b.iter(|| {
            for (spec, input) in &cases {
                black_box(spec.read(Input::from(black_box(input))));
            }
        });
    });
    g.finish();
}

criterion_group!(benches, numbers, booleans, uuids, dates, data_kinds, tool_call, mix);
criterion_main!(benches);
