//! The worst case of each kind and of a whole call, at 1x, 10x and 100x the input size, in the
//! same run: `worst/<case>/<size>`; and every kind's read of a model spelling repeated to 10,
//! 100 and 1,000 characters: `length/<kind>/<chars>` (scalars stop at their bound, 256
//! characters, with an ask that says so). `python3 benches/ratios.py` prints each case's growth
//! (time at 10x and 100x over time at 1x): linear work reads about 10 and 100, and a scalar past
//! its bound less.

use std::hint::black_box;

use agent_input::tool::ToolSpec;
use agent_input::{Input, Kind, Spec};
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::{json, Value};

/// U+FDFA folds to 18 letters: the spelling that once made suggestions quadratic.
const EXPANDING: char = '\u{fdfa}';

fn values(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("value_{i:04}_of_a_long_enum")).collect()
}

fn kinds(c: &mut Criterion) {
    let mut g = c.benchmark_group("worst");
    let enum_spec = Spec::new(Kind::Enum, &json!({"values": values(1000)})).expect("spec");
    let country = Spec::new(Kind::Country, &json!({})).expect("spec");
    let text = Spec::new(Kind::Text, &json!({})).expect("spec");
    let list = Spec::new(Kind::List, &json!({"item": {"kind": "country"}})).expect("spec");
    for (size, label) in [(1, "1x"), (10, "10x"), (100, "100x")] {
        // An unknown enum value that expands when folded, against 1,000 values (2 to 200 chars).
        let expanding: String = std::iter::repeat_n(EXPANDING, 2 * size).collect();
        g.bench_function(format!("enum_expanding/{label}"), |b| {
            b.iter(|| assert!(enum_spec.read(Input::String(black_box(&expanding))).as_ask().is_some()));
        });
        // An unknown country name near many names (2 to 200 chars).
        let unknown: String = "Zqxv Republic of ".repeat(size).chars().take(2 * size).collect();
        g.bench_function(format!("country_unknown/{label}"), |b| {
            b.iter(|| assert!(country.read(Input::String(black_box(&unknown))).as_ask().is_some()));
        });
        // A text of 100 to 10,000 characters with whitespace to trim.
        let long = format!(" {} ", "é".repeat(100 * size - 2));
        g.bench_function(format!("text_trim/{label}"), |b| {
            b.iter(|| assert!(text.read(Input::String(black_box(&long))).value().is_some()));
        });
        // A list of 10 to 1,000 unknown countries.
        let items = json!(vec!["Narnia"; 10 * size]);
        g.bench_function(format!("list_unknown_countries/{label}"), |b| {
            b.iter(|| assert!(list.read(Input::from(black_box(&items))).as_ask().is_some()));
        });
    }
    g.finish();
}

fn calls(c: &mut Criterion) {
    let mut g = c.benchmark_group("worst");
    let spec = ToolSpec::from_json(&json!({"name": "import", "properties": {
        "entries": {"kind": "list", "item": {"kind": "object", "properties": {
            "country": {"kind": "country", "required": true}, "amount": {"kind": "number"},
            "tags": {"kind": "list", "item": {"kind": "country"}}}}}}}))
    .expect("spec");
    for (size, label) in [(1, "1x"), (10, "10x"), (100, "100x")] {
        // 10 to 1,000 entries, each with an unknown country, an ambiguous number and 10 tags.
        let entry = json!({"country": "Narnia", "amount": "1,234", "tags": vec!["Narnia"; 10]});
        let body = json!({"entries": vec![entry; 10 * size]}).to_string();
        g.bench_function(format!("call_bad_entries/{label}"), |b| {
            b.iter(|| assert!(spec.read_json(black_box(body.as_bytes())).to_json() != Value::Null));
        });
        // 100 to 10,000 unknown properties.
        let unknown: serde_json::Map<String, Value> =
            (0..100 * size).map(|i| (format!("unknown_{i}"), json!(i))).collect();
        let body = Value::Object(unknown).to_string();
        g.bench_function(format!("call_unknown_properties/{label}"), |b| {
            b.iter(|| assert!(spec.read_json(black_box(body.as_bytes())).to_json() != Value::Null));
        });
    }
    g.finish();
}

/// The worst scalar: 256 characters (the bound) of U+FDFA, 4,608 letters once folded.
fn worst_scalar() -> String {
    std::iter::repeat_n(EXPANDING, agent_input::limits::MAX_SCALAR_CHARS).collect()
}

/// Lists of 10, 100 and 1,000 worst items of every kind a list holds, and collections whose
/// entries hold the costliest kinds: each reads at most `MAX_FOLD_WORK` of folding, so growth
/// flattens once a list or call reaches it.
fn worst_lists(c: &mut Criterion) {
    let mut g = c.benchmark_group("worst");
    let courts: Vec<Value> =
        (0..20_000).map(|i| json!({"id": format!("C{i}"), "names": [format!("Krajský soud číslo {i}")]})).collect();
    let items: [(&str, Value); 10] = [
        ("number", json!({"kind": "number"})),
        ("boolean", json!({"kind": "boolean"})),
        ("uuid", json!({"kind": "uuid"})),
        ("date", json!({"kind": "date"})),
        ("date_range", json!({"kind": "date_range"})),
        ("country", json!({"kind": "country"})),
        ("locale", json!({"kind": "locale"})),
        ("eli", json!({"kind": "eli"})),
        ("enum", json!({"kind": "enum", "values": values(1000)})),
        ("vocabulary", json!({"kind": "vocabulary", "entries": courts.clone()})),
    ];
    for (name, item) in items {
        let list = Spec::new(Kind::List, &json!({ "item": item })).expect("spec");
        for (size, label) in [(10, "1x"), (100, "10x"), (1000, "100x")] {
            let input = json!(vec![worst_scalar(); size]);
            g.bench_function(format!("list_{name}/{label}"), |b| {
                b.iter(|| black_box(list.read(Input::from(black_box(&input)))));
            });
        }
    }
    // Collections: entries of five date ranges, a vocabulary list of "soud" (20,000 courts
    // share the word), and enum lists of the worst item.
    let ranges = ToolSpec::from_json(&json!({"name": "ranges", "properties": {"entries": {"kind": "list",
        "item": {"kind": "object", "properties": {"a": {"kind": "date_range"}, "b": {"kind": "date_range"},
        "c": {"kind": "date_range"}, "d": {"kind": "date_range"}, "e": {"kind": "date_range"}}}}}}))
    .expect("spec");
    let courts = ToolSpec::from_json(&json!({"name": "courts", "properties": {"courts": {"kind": "list",
        "item": {"kind": "vocabulary", "entries": courts}}}}))
    .expect("spec");
    let statuses = ToolSpec::from_json(&json!({"name": "statuses", "properties": {"entries": {"kind": "list",
        "item": {"kind": "object", "properties": {"status": {"kind": "enum", "values": values(1000)}}}}}}))
    .expect("spec");
    let numbers = ToolSpec::from_json(&json!({"name": "numbers", "properties": {"entries": {"kind": "list",
        "item": {"kind": "object", "properties": {"n": {"kind": "number"}}}}}}))
    .expect("spec");
    // ASCII words a segmentation reads many ways (`tres` is three in three languages).
    let tres = "tres".repeat(25);
    let sixty: String = std::iter::repeat_n(EXPANDING, 60).collect();
    for (size, label) in [(10, "1x"), (100, "10x"), (1000, "100x")] {
        let body = json!({ "entries": vec![json!({"n": tres}); size] }).to_string();
        g.bench_function(format!("call_spelled_numbers/{label}"), |b| {
            b.iter(|| black_box(numbers.read_json(black_box(body.as_bytes()))));
        });
        let entry = json!({"a": sixty, "b": sixty, "c": sixty, "d": sixty, "e": sixty});
        let body = json!({ "entries": vec![entry; size] }).to_string();
        g.bench_function(format!("call_date_ranges/{label}"), |b| {
            b.iter(|| black_box(ranges.read_json(black_box(body.as_bytes()))));
        });
        let body = json!({ "courts": vec!["soud"; size] }).to_string();
        g.bench_function(format!("call_vocabulary/{label}"), |b| {
            b.iter(|| black_box(courts.read_json(black_box(body.as_bytes()))));
        });
        let body = json!({ "entries": vec![json!({"status": worst_scalar()}); size] }).to_string();
        g.bench_function(format!("call_enums/{label}"), |b| {
            b.iter(|| black_box(statuses.read_json(black_box(body.as_bytes()))));
        });
    }
    g.finish();
}

/// A vocabulary read as the vocabulary grows from 100 to 100,000 entries that all share a
/// word: one whole name, inflected, and the shared word alone (an ask), beside the floor of a
/// hash-map lookup of an id among 100,000.
fn vocabulary_size(c: &mut Criterion) {
    let mut g = c.benchmark_group("vocabulary_size");
    let ids: std::collections::HashMap<String, usize> = (0..100_000).map(|i| (format!("C{i}"), i)).collect();
    g.bench_function("lookup/hashmap", |b| b.iter(|| black_box(ids.get(black_box("C777")))));
    for n in [100, 1_000, 10_000, 100_000] {
        let entries: Vec<Value> =
            (0..n).map(|i| json!({"id": format!("C{i}"), "names": [format!("Krajský soud číslo {i}")]})).collect();
        let spec = Spec::new(Kind::Vocabulary, &json!({ "entries": entries })).expect("spec");
        g.bench_function(format!("whole_name/{n}"), |b| {
            b.iter(|| assert!(spec.read(Input::String(black_box("Krajského soudu číslo 7"))).value().is_some()));
        });
        g.bench_function(format!("shared_word/{n}"), |b| {
            b.iter(|| assert!(spec.read(Input::String(black_box("soud"))).as_ask().is_some()));
        });
    }
    g.finish();
}

/// Each kind's model spelling, repeated to `chars` characters.
fn repeated(unit: &str, chars: usize) -> String {
    unit.chars().cycle().take(chars).collect()
}

fn lengths(c: &mut Criterion) {
    let mut g = c.benchmark_group("length");
    let courts = json!({"entries": [
        {"id": "NS", "names": ["Nejvyšší soud", "Supreme Court"]},
        {"id": "NSS", "names": ["Nejvyšší správní soud", "Supreme Administrative Court"]}]});
    let cases: [(&str, Kind, Value, &str); 12] = [
        ("number", Kind::Number, json!({}), "4 000 "),
        ("boolean", Kind::Boolean, json!({}), "ano "),
        ("uuid", Kind::Uuid, json!({}), "{0B5E2D3C-4F1A-4C2E-9D7B-8E6F5A4B3C2D}"),
        ("date", Kind::Date, json!({}), "1. října 2026 "),
        ("country", Kind::Country, json!({}), "Česko "),
        ("locale", Kind::Locale, json!({}), "cs_CZ.UTF-8 "),
        ("eli", Kind::Eli, json!({}), "Regulation (EU) 2016/679 "),
        ("vocabulary", Kind::Vocabulary, courts, "Nejvyssi soud "),
        ("enum", Kind::Enum, json!({"values": ["relevance", "date_desc"]}), "Date Desc "),
        ("text", Kind::Text, json!({}), " Praha "),
        ("filter", Kind::Filter, json!({}), "- "),
        ("list", Kind::List, json!({"item": {"kind": "country"}}), "CZ; SK; "),
    ];
    for (name, kind, options, unit) in cases {
        let spec = Spec::new(kind, &options).expect("spec");
        for chars in [10, 100, 1000] {
            let text = repeated(unit, chars);
            g.bench_function(format!("{name}/{chars}"), |b| {
                b.iter(|| black_box(spec.read(Input::String(black_box(&text)))));
            });
        }
    }
    g.finish();
}

/// The schemas that once never mapped (`schema/<shape>`): a recursive pydantic tree, a filter
/// language (`and`/`or` as arrays of references, `not` a reference) and two references a level
/// over 16 levels, each mapped (`from_input_schema`) and written in every dialect; beside them
/// the same tree without recursion, one level, as the floor.
fn schemas(c: &mut Criterion) {
    let mut g = c.benchmark_group("schema");
    let node = |left: Value| {
        json!({"type": "object", "required": ["value"], "properties": {"value": {"type": "integer"},
            "left": {"anyOf": [left.clone(), {"type": "null"}]}, "right": {"anyOf": [left, {"type": "null"}]}}})
    };
    let tree = json!({"type": "object", "properties": {"root": {"$ref": "#/$defs/Node"}},
        "$defs": {"Node": node(json!({"$ref": "#/$defs/Node"}))}});
    let floor = json!({"type": "object", "properties": {"root": node(json!({"type": "object"}))}});
    let filter = json!({"type": "object", "properties": {"filter": {"$ref": "#/$defs/F"}}, "$defs": {"F": {
        "type": "object", "properties": {"field": {"type": "string"}, "equals": {"type": "string"},
        "and": {"type": "array", "items": {"$ref": "#/$defs/F"}}, "or": {"type": "array", "items": {"$ref": "#/$defs/F"}},
        "not": {"$ref": "#/$defs/F"}}}}});
    let mut defs = serde_json::Map::new();
    for level in 0..16 {
        let next = json!({"$ref": format!("#/$defs/L{}", level + 1)});
        defs.insert(
            format!("L{level}"),
            json!({"type": "object", "properties": {"a": next, "b": next, "n": {"type": "integer"}}}),
        );
    }
    defs.insert("L16".into(), json!({"type": "object", "properties": {"n": {"type": "integer"}}}));
    let fan_out = json!({"type": "object", "properties": {"top": {"$ref": "#/$defs/L0"}}, "$defs": defs});
    for (name, schema) in [("floor_one_level", floor), ("tree", tree), ("filter", filter), ("fan_out_16", fan_out)] {
        g.bench_function(format!("{name}/map"), |b| {
            b.iter(|| ToolSpec::from_input_schema(black_box(&schema)).expect("maps"));
        });
        let spec = ToolSpec::from_input_schema(&schema).expect("maps");
        g.bench_function(format!("{name}/dialects"), |b| {
            b.iter(|| {
                for d in agent_input::tool::Dialect::ALL {
                    black_box(spec.input_schema_for(d));
                }
            });
        });
    }
    g.finish();
}

criterion_group!(benches, kinds, calls, worst_lists, vocabulary_size, lengths, schemas);
criterion_main!(benches);
