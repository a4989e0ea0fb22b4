//! One read, repeated: the subject of the instruction counts in BENCHMARKS.md.
//!
//! `per_read <case> <n>` reads the case `n` times through `Spec::read` (or `ToolSpec::read`
//! for a call). `benches/instructions.py` runs it under `valgrind --tool=callgrind` with
//! `n = 1001` and `n = 1` and reports the difference over 1,000: instructions per read, free of
//! start-up and of the machine's load.
//!
//! `typed_<group>_<case>` runs a read of a criterion group as the group reads it (the typed
//! value, no JSON), and `floor_<group>` runs the floor the criterion group of the same name compares its reads with
//! (`benches/kinds.rs`), so a read's instructions stand beside its floor's.

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

/// The groups of `benches/kinds.rs` whose floor `floor` runs.
const FLOORS: &[&str] = &["number", "boolean", "uuid", "date", "country", "locale", "vocabulary"];

/// Runs the floor of a criterion group `n` times, as `benches/kinds.rs` does; `false` for a
/// group it does not know.
fn floor(group: &str, n: usize) -> bool {
    use std::collections::HashMap;
    use std::str::FromStr as _;
    let names = || -> HashMap<String, &str> { agent_input::country::names().map(|(k, v)| (k.to_owned(), v)).collect() };
    match group {
        "number" => (0..n).for_each(|_| assert!(rust_decimal::Decimal::from_str(black_box("4000")).is_ok())),
        "boolean" => (0..n).for_each(|_| assert!(serde_json::from_str::<bool>(black_box("true")).is_ok_and(|b| b))),
        "uuid" => (0..n).for_each(|_| {
            assert!(uuid::Uuid::parse_str(black_box("0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d")).is_ok());
        }),
        "date" => (0..n).for_each(|_| assert!(chrono::NaiveDate::from_str(black_box("2026-10-01")).is_ok())),
        "locale" => (0..n).for_each(|_| assert!(icu_locale_core::Locale::try_from_str(black_box("cs-CZ")).is_ok())),
        "country" | "vocabulary" => {
            let (map, key) = (names(), if group == "country" { "czechia" } else { "cesko" });
            (0..n).for_each(|_| assert_eq!(map.get(black_box(key)).copied(), Some("CZ")));
        }
        _ => return false,
    }
    true
}

/// Prints every case's name.
fn list() {
    for (case, _, _) in cases() {
        println!("{case}");
    }
    for (group, case, _) in agent_input_benches::TYPED_CASES {
        println!("typed_{group}_{case}");
    }
    for floor in FLOORS {
        println!("floor_{floor}");
    }
    println!("call_canonical\ncall_repaired\ncall_typed\ncall_protocol\ncall_traced\ncall_exported\nsearch_floor\nsearch_canonical\nsearch_repaired\nsearch_repaired_text");
    for (case, _) in agent_input_benches::VOCABULARY_CASES {
        println!("vocabulary_{case}");
    }
}

/// Runs the typed read `<group>_<case>` of [`agent_input_benches::TYPED_CASES`] `n` times;
/// `false` for a case it does not know.
fn typed(which: &str, n: usize) -> bool {
    let found = agent_input_benches::TYPED_CASES.iter().find(|(g, c, _)| which == format!("{g}_{c}"));
    let Some((read, text)) = found.and_then(|(g, _, t)| Some((agent_input_benches::typed_reader(g)?, *t))) else {
        return false;
    };
    for _ in 0..n {
        assert!(read(black_box(text)), "typed_{which}");
    }
    true
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (Some(name), Some(n)) = (args.next(), args.next().and_then(|n| n.parse::<usize>().ok())) else {
        eprintln!("usage: per_read <case|call_*|search_*|vocabulary_*|list> <n>");
        std::process::exit(2);
    };
    if name == "list" {
        list();
        return;
    }
    if let Some(which) = name.strip_prefix("typed_") {
        if !typed(which, n) {
            eprintln!("unknown case {name}");
            std::process::exit(2);
        }
        return;
    }
    if let Some(which) = name.strip_prefix("floor_") {
        if !floor(which, n) {
            eprintln!("unknown floor {name}");
            std::process::exit(2);
        }
        return;
    }
    if let Some(which) = name.strip_prefix("vocabulary_") {
        use agent_input::vocabulary::VocabularyRole;
        let courts = agent_input_benches::courts();
        let Some((_, value)) = agent_input_benches::VOCABULARY_CASES.iter().find(|(case, _)| *case == which) else {
            eprintln!("unknown case {name}");
            std::process::exit(2);
        };
        for _ in 0..n {
            assert!(courts.read(black_box(*value).into(), VocabularyRole::Value).value().is_some(), "{name}");
        }
        return;
    }
    if let Some(which) = name.strip_prefix("search_") {
        let (spec, canonical, repaired) = agent_input_benches::search_call();
        // The repaired call as JSON text, read as the CLI and the JavaScript binding read it.
        let text = repaired.to_string();
        for _ in 0..n {
            match which {
                "floor" => assert!(serde_json::from_value::<agent_input_benches::SearchArgs>(black_box(
                    canonical.clone()
                ))
                .is_ok()),
                "canonical" => assert!(spec.read(black_box(&canonical)).envelope().is_none()),
                "repaired_text" => {
                    assert!(spec.read_json(black_box(text.as_bytes())).envelope().is_none(), "{name}: the call reads");
                }
                _ => assert!(spec.read(black_box(&repaired)).envelope().is_none(), "{name}: the call reads"),
            }
        }
        return;
    }
    if let Some(which) = name.strip_prefix("call_") {
        run_call(which, &name, n);
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

/// The `call_*` cases: the 8-property call read canonical or repaired, or its canonical args
/// typed (`call_typed`), `n` times.
fn run_call(which: &str, name: &str, n: usize) {
    let (spec, canonical, repaired) = call();
    if which == "typed" {
        // The typed values of the canonical call (what a binding hands its natives from).
        for _ in 0..n {
            assert!(matches!(spec.typed_args(black_box(&canonical)), agent_input::TypedValue::Object(_)));
        }
        return;
    }
    if which == "protocol" || which == "traced" {
        return protocol_calls(spec, repaired, which == "traced", n);
    }
    if which == "exported" {
        return exported_calls(spec, repaired, n);
    }
    let args = if which == "canonical" { canonical } else { repaired };
    for _ in 0..n {
        let out = spec.read(black_box(&args));
        assert!(out.envelope().is_none(), "{name}: the call reads");
    }
}

/// `call_protocol`: the repaired 8-property call through the call protocol as an adapter runs it
/// (`Call::own`, the handler's output, the answer), `n` times; `call_traced`: the same inside
/// the Rust adapters' telemetry (`CallSpan`, its stopwatch and its end) with no `tracing`
/// subscriber, the cost of telemetry nobody exports.
fn protocol_calls(spec: agent_input::tool::ToolSpec, args: serde_json::Value, traced: bool, n: usize) {
    use agent_input::protocol::{Call, Outcome, Request, Step};
    let spec = std::sync::Arc::new(spec);
    let request = Request { arguments: args, now: Some(1_800_000_000), ..Request::default() };
    for _ in 0..n {
        let span = traced.then(|| agent_input::telemetry::CallSpan::start("search", Some("2025-11-25")));
        let watch = traced.then(agent_input::context::Stopwatch::start);
        let (mut call, step) = Call::own(std::sync::Arc::clone(&spec), None, black_box(&request));
        let span = span.map(|mut s| {
            s.read(watch.map_or(0.0, |w| w.seconds()));
            s
        });
        assert!(matches!(step, Step::Run { .. }), "call_protocol: the call reads");
        let answer = call.resume(Outcome::Output(serde_json::json!({"hits": []}), Vec::new())).expect("an outcome");
        assert!(matches!(answer, Step::Answer { .. }));
        if let Some(span) = span {
            span.end(&call);
        }
        black_box(answer);
    }
}

/// `call_exported`: `call_traced` with a subscriber that exports the spans and metric events to
/// the OpenTelemetry SDK's in-memory exporters (`tracing-opentelemetry`, a simple span
/// processor): what a call costs when an operator exports it.
fn exported_calls(spec: agent_input::tool::ToolSpec, args: serde_json::Value, n: usize) {
    use opentelemetry::trace::TracerProvider as _;
    use tracing_subscriber::layer::SubscriberExt as _;
    let spans = opentelemetry_sdk::trace::InMemorySpanExporter::default();
    let tracer_provider = opentelemetry_sdk::trace::SdkTracerProvider::builder().with_simple_exporter(spans).build();
    let metrics = opentelemetry_sdk::metrics::InMemoryMetricExporter::default();
    let reader = opentelemetry_sdk::metrics::PeriodicReader::builder(metrics).build();
    let meter_provider = opentelemetry_sdk::metrics::SdkMeterProvider::builder().with_reader(reader).build();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_opentelemetry::layer().with_tracer(tracer_provider.tracer("agent-input")))
        .with(tracing_opentelemetry::MetricsLayer::new(meter_provider));
    tracing::subscriber::with_default(subscriber, || protocol_calls(spec, args, true, n));
}
