use agent_input::codes::{AskCode, EnvelopeCode, NoteCode, WarningCode};
use agent_input::tool::ToolCall;
use agent_input::{Outcome, Status};
use serde_json::{json, Map, Value};
use strum::IntoEnumIterator;

use super::*;
use crate::convert;

/// The strings of a table, as `lib/api.js` holds them.
fn table(t: usize) -> Vec<String> {
    fn names<E: IntoEnumIterator + Into<&'static str>>() -> Vec<String> {
        E::iter().map(|e| e.into().to_owned()).collect()
    }
    match t {
        0 => KEYS.iter().map(|k| (*k).to_owned()).collect(),
        1 => names::<NoteCode>(),
        2 => names::<WarningCode>(),
        3 => names::<AskCode>(),
        _ => names::<EnvelopeCode>(),
    }
}

/// The value a tape stands for, decoded as `fromTape` in `lib/api.js` decodes it.
fn decode(parts: &Parts) -> Value {
    decode_named(parts, &[])
}

/// [`decode`] of a call's tape, its tool's property names the table [`NAMES_TABLE`].
fn decode_named(parts: &Parts, names: &[String]) -> Value {
    struct Reader<'a> {
        names: &'a [String],
        parts: &'a Parts,
        units: Vec<u16>,
        i: usize,
        at: usize,
        wide_at: usize,
        n: usize,
        kept: Vec<String>,
    }
    impl Reader<'_> {
        fn node(&mut self) -> Value {
            let op = self.parts.ops[self.i];
            self.i += 1;
            let arg = (op >> 3) as usize;
            match op & 7 {
                0 => [Value::Null, Value::Bool(false), Value::Bool(true)][arg].clone(),
                1 => {
                    self.n += 1;
                    json!(self.parts.nums[self.n - 1])
                }
                2 | 3 => {
                    let at = if arg & 1 == 0 { &mut self.at } else { &mut self.wide_at };
                    let s = String::from_utf16(&self.units[*at..*at + (arg >> 1)]).unwrap();
                    *at += arg >> 1;
                    if op & 7 == 3 {
                        self.kept.push(s.clone());
                    }
                    Value::String(s)
                }
                4 => Value::String(self.kept[arg].clone()),
                5 => Value::Array((0..arg).map(|_| self.node()).collect()),
                6 => {
                    let mut map = Map::new();
                    for _ in 0..arg {
                        let Value::String(key) = self.node() else { panic!("a key that is not a string") };
                        map.insert(key, self.node());
                    }
                    Value::Object(map)
                }
                _ if arg & 7 == NAMES_TABLE => Value::String(self.names[arg >> 3].clone()),
                _ => Value::String(table(arg & 7)[arg >> 3].clone()),
            }
        }
    }
    let units = parts.text.encode_utf16().collect();
    assert!(parts.text.get(..parts.ascii).is_some_and(|a| a.is_ascii()), "the ASCII part");
    let mut reader = Reader { names, parts, units, i: 0, at: 0, wide_at: parts.ascii, n: 0, kept: Vec::new() };
    let value = reader.node();
    assert_eq!(reader.i, parts.ops.len(), "every op read");
    assert_eq!(reader.at, parts.ascii, "every unit of the ASCII part read");
    assert_eq!(reader.wide_at, reader.units.len(), "every unit of the text read");
    assert_eq!(reader.n, parts.nums.len(), "every number read");
    value
}

fn tape_of<T: Serialize>(value: &T) -> Parts {
    let mut parts = Parts::default();
    write(value, &mut parts).unwrap();
    parts
}

/// The JSON text path's value, numbers as doubles (what `JSON.parse` gives).
fn parsed(text: &str) -> Value {
    fn doubles(v: Value) -> Value {
        match v {
            Value::Number(n) => json!(n.as_str().parse::<f64>().unwrap()),
            Value::Array(a) => Value::Array(a.into_iter().map(doubles).collect()),
            Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, doubles(v))).collect()),
            v => v,
        }
    }
    doubles(serde_json::from_str(text).unwrap())
}

fn tool() -> agent_input::tool::ToolSpec {
    agent_input::tool::ToolSpec::from_json(&json!({
        "name": "search",
        "properties": {
            "query": {"kind": "text", "required": true},
            "limit": {"max": 50},
            "country": {},
            "date_from": {},
            "tags": {"kind": "list", "item": {"kind": "country"}},
            "extra": {"kind": "text"},
        },
    }))
    .unwrap()
}

#[test]
fn utf16_units_are_javascripts_length() {
    let mut texts = vec![String::new(), "a".repeat(17), "ř".repeat(9), "😀".repeat(5), "€ř😀a".repeat(7)];
    // Every offset of each width in and across words of eight bytes.
    for pad in 0..9 {
        for c in ['a', 'ř', '€', '😀', '\u{7f}', '\u{80}', '\u{7ff}', '\u{800}', '\u{ffff}', '\u{10000}', '\u{10ffff}']
        {
            texts.push(format!("{}{c}{}", "x".repeat(pad), "é".repeat(pad)));
        }
    }
    for text in texts {
        assert_eq!(utf16_units(&text), text.encode_utf16().count(), "{text:?}");
    }
}

/// Outcomes of every kind: ok with notes, absent, asks, an inexact number.
fn outcomes() -> Vec<Outcome<Value>> {
    [
        ("number", json!("4 000")),
        ("number", json!("4000")),
        ("number", json!(null)),
        ("number", json!("1,234")),
        ("number", json!("12345678901234567891")),
        ("date", json!("1. 10. 2026")),
        ("date", json!("01/02/2026")),
        ("date_range", json!("1.–31. 10. 2026")),
        ("locale", json!("cs_CZ.UTF-8")),
        ("uuid", json!("00000000-0000-0000-0000-000000000000")),
        ("boolean", json!("ano")),
        ("country", json!("Česko")),
        ("country", json!("Narnia")),
        ("list", json!("a, b,, c")),
        ("text", json!(" \u{0}\"x\\ ")),
    ]
    .into_iter()
    .map(|(kind, input)| {
        let spec = agent_input::Spec::new(kind.parse().unwrap(), &Value::Null).unwrap();
        spec.read(agent_input::Input::from(&input))
    })
    .collect()
}

#[test]
fn outcomes_of_every_kind_decode_to_their_json_text() {
    for outcome in outcomes() {
        let text = convert::outcome_text(outcome.clone());
        assert_eq!(decode(&tape_of(&outcome)), parsed(&text), "{text}");
    }
}

#[test]
fn an_inexact_number_crosses_as_text_and_flags_the_root() {
    let value: Value = serde_json::from_str(r#"{"a": [1, 12345678901234567891, 0.1], "b": "x"}"#).unwrap();
    let want = json!({"a": [1.0, "12345678901234567891", 0.1], "b": "x", "exact": false});
    assert_eq!(decode(&tape_of(&value)), want);
    // A Rust integer (a count in a struct) reads as `JSON.parse` reads the digits of it.
    assert_eq!(decode(&tape_of(&(12_345_678_901_234_567_891_u64, 7_u8))), json!([1.234_567_890_123_456_7e19, 7.0]));
}

/// Calls of every shape through one tool: ok with notes (with paths), warnings and issues, and
/// errors whose issues have readings; each value a string, a number or a list.
fn calls() -> Vec<Value> {
    vec![
        json!({"query": "nájem", "limit": 10, "country": "CZ"}),
        json!({"query": " nájem 😀 ", "limit": "500", "country": "Česko", "dateFrom": "1. 1. 2026"}),
        json!({"query": "a", "tags": "CZ, SK, Narnia", "extra": "\u{0}\"\\\n"}),
        json!({"query": "a", "tags": ["CZ", "Narnia", "SK"]}),
        json!({"query": "ok", "extra": "query", "limit": "4,5"}),
        json!({"query": " x ", "querry": "y", "limit": "0"}),
        json!({"query": null, "country": "01/02"}),
        json!({"query": "a", "date_from": "01/02/2026"}),
    ]
}

/// Calls [`calls`] leaves out: a number past a double, a value that is an object (whose keys
/// are data, crossing as text), arguments that are no object.
fn odd_calls() -> Vec<Value> {
    vec![
        json!({"query": "x", "limit": 12_345_678_901_234_567_891_u64}),
        json!({"query": "x", "__proto__": 1, "constructor": {"a": [1.5, -0.0, 1e300]}}),
        json!([]),
    ]
}

#[test]
fn calls_of_every_shape_decode_to_their_json_text_with_names_or_without() {
    let spec = tool();
    let names = Names::new(spec.property_names().map(str::to_owned).collect());
    let mut parts = Parts::default();
    let mut shapes = std::collections::BTreeSet::new();
    for args in calls().into_iter().chain(odd_calls()) {
        let call = spec.read(&args);
        if let ToolCall::Ok { notes, warnings, issues, .. } = &call {
            shapes.insert((notes.is_empty(), warnings.is_empty(), issues.is_empty()));
        }
        let want = parsed(&convert::call_text(call.clone()));
        write_named(&call, &names, &mut parts).unwrap();
        assert_eq!(decode_named(&parts, names.list()), want, "{args}");
        write(&call, &mut parts).unwrap();
        assert_eq!(decode(&parts), want, "{args}");
    }
    // Calls with notes and a warning, and one with issues.
    assert!(shapes.contains(&(false, false, true)) && shapes.iter().any(|s| !s.2), "{shapes:?}");
}

/// The op of every key of every object in a tape, in order.
fn key_ops(ops: &[u32]) -> Vec<u32> {
    fn node(ops: &[u32], i: &mut usize, keys: &mut Vec<u32>) {
        let op = ops[*i];
        *i += 1;
        let arg = (op >> 3) as usize;
        match op & 7 {
            ARRAY => (0..arg).for_each(|_| node(ops, i, keys)),
            OBJECT => {
                for _ in 0..arg {
                    keys.push(ops[*i]);
                    *i += 1;
                    node(ops, i, keys);
                }
            }
            _ => {}
        }
    }
    let (mut i, mut keys) = (0, Vec::new());
    node(ops, &mut i, &mut keys);
    assert_eq!(i, ops.len(), "every op read");
    keys
}

/// The envelopes of calls the server refuses (a rate limit, an upstream that did not answer),
/// which carry the keys no read writes.
fn refusals() -> Vec<ToolCall> {
    [
        agent_input::tool::Envelope::rate_limited("search", 30, Some(2)),
        agent_input::tool::Envelope::upstream_unavailable("search", Some("the registry"), Some(5), None),
        agent_input::tool::Envelope::insufficient_scope(
            "search",
            &agent_input::tool::scopes::OutOfScope { missing: vec!["files:write".into()], read_only: false },
        ),
    ]
    .into_iter()
    .map(|envelope| ToolCall::Error { envelope, notes: Vec::new(), warnings: Vec::new() })
    .collect()
}

#[test]
fn every_key_the_core_writes_crosses_as_a_number() {
    // Each wire object's keys are in `KEYS` (table 0); the arguments' keys are the tool's
    // property names (table 5). The samples hold no object a value brings (a date range's
    // value, a received object), whose keys are data and cross as text.
    let spec = tool();
    let names = Names::new(spec.property_names().map(str::to_owned).collect());
    let mut parts = Parts::default();
    let mut seen = std::collections::BTreeSet::new();
    let mut check = |parts: &Parts, what: &str| {
        for op in key_ops(&parts.ops) {
            let table = (op >> 3) & 7;
            assert!(op & 7 == TABLE && (table == 0 || table == NAMES_TABLE as u32), "{what}: a key crosses as text");
            if table == 0 {
                seen.insert(KEYS[(op >> 6) as usize]);
            }
        }
    };
    for args in calls() {
        let call = spec.read(&args);
        write_named(&call, &names, &mut parts).unwrap();
        check(&parts, &args.to_string());
    }
    for call in refusals() {
        write_named(&call, &names, &mut parts).unwrap();
        check(&parts, &convert::call_text(call.clone()));
        assert_eq!(decode_named(&parts, names.list()), parsed(&convert::call_text(call)));
    }
    // (A date range's value is an object; `exact`, the binding's own flag, is no key of the core.)
    let plain = |o: &Outcome<Value>| {
        !matches!(&o.status, Status::Ok { value } if value.is_object())
            && !convert::outcome_text(o.clone()).contains("\"exact\"")
    };
    for outcome in outcomes().into_iter().filter(plain) {
        write(&outcome, &mut parts).unwrap();
        check(&parts, &convert::outcome_text(outcome));
    }
    // The samples reach every key of the table.
    assert_eq!(seen.len(), KEYS.len(), "{seen:?}");
}

/// Spellings a model sends, and a few that are no value at all.
const SPELLINGS: &[&str] = &[
    "4 000",
    "1,234",
    "٤٠٠٠",
    "1. 10. 2026",
    "01/02/2026",
    "2026-Q2",
    "yesterday",
    "Česko",
    "cz",
    "CZE",
    "Narnia",
    "ano",
    "yes",
    "null",
    "",
    " x ",
    "cs_CZ.UTF-8",
    "00000000-0000-0000-0000-000000000000",
    "CZ, SK, Narnia",
    "12345678901234567891",
    "\u{0}\"\\\n",
    "😀 nájem",
    "query",
    "ok",
];

/// A JSON value as a model sends one: a spelling, any short string, a number, a boolean,
/// null, or a list or object of them.
fn model_value() -> impl proptest::strategy::Strategy<Value = Value> {
    use proptest::prelude::*;
    let leaf = prop_oneof![
        proptest::sample::select(SPELLINGS).prop_map(Value::from),
        ".{0,12}".prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|x| serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)),
        any::<bool>().prop_map(Value::from),
        Just(Value::Null),
    ];
    leaf.prop_recursive(2, 12, 4, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            proptest::collection::vec(("[a-z]{1,4}", inner), 0..4)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

proptest::proptest! {
    /// Any call and any outcome: its tape decodes to the value of its JSON text.
    #[test]
    fn any_call_or_outcome_decodes_to_its_json_text(
        entries in proptest::collection::vec((proptest::sample::select(&[
            "query", "limit", "country", "date_from", "dateFrom", "tags", "extra", "querry", "__proto__", "x",
        ][..]), model_value()), 0..8),
        kind in proptest::sample::select(&[
            "number", "boolean", "date", "date_range", "country", "locale", "uuid", "list", "text", "eli",
        ][..]),
        input in model_value(),
    ) {
        let mut parts = Parts::default();
        let spec = tool();
        let names = Names::new(spec.property_names().map(str::to_owned).collect());
        let args: Map<String, Value> = entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
        let call = spec.read(&Value::Object(args));
        write_named(&call, &names, &mut parts).unwrap();
        proptest::prop_assert_eq!(decode_named(&parts, names.list()), parsed(&convert::call_text(call)));
        let reader = agent_input::Spec::new(kind.parse().unwrap(), &Value::Null).unwrap();
        let outcome = reader.read(agent_input::Input::from(&input));
        write(&outcome, &mut parts).unwrap();
        proptest::prop_assert_eq!(decode(&parts), parsed(&convert::outcome_text(outcome)));
    }
}

#[test]
fn keys_and_codes_cross_as_numbers() {
    let call = tool().read(&json!({"query": " a ", "limit": "1 000", "country": "cz"}));
    let parts = tape_of(&call);
    assert!(!parts.text.contains("message"), "{}", parts.text);
    assert!(!parts.text.contains("whitespace_trimmed"), "{}", parts.text);
    assert_eq!(decode(&parts), parsed(&convert::call_text(call)));
}

#[test]
fn a_calls_property_names_cross_as_their_index() {
    let spec = agent_input::tool::ToolSpec::from_json(&json!({"name": "t", "properties": {
        "1": {"kind": "text"}, "__proto__": {"kind": "text"}, "b": {"kind": "number"}, "a": {"kind": "date"}}}))
    .unwrap();
    let names: Vec<String> = spec.property_names().map(str::to_owned).collect();
    // A value spelled as a property name ("b") is that name's string too.
    let call = spec.read(&json!({"a": "1. 10. 2026", "1": " b ", "__proto__": " y ", "b": "4 000"}));
    let mut parts = Parts::default();
    write_named(&call, &Names::new(names.clone()), &mut parts).unwrap();
    let named = parts.ops.iter().filter(|&&op| op & 7 == TABLE && (op >> 3) & 7 == NAMES_TABLE as u32).count();
    // Four keys of the args, four notes' paths, and the value "b".
    assert_eq!(named, 9, "{:?}", parts.ops);
    assert_eq!(decode_named(&parts, &names), parsed(&convert::call_text(call.clone())));
    // Without names every string crosses as text, to the same value.
    assert_eq!(decode(&tape_of(&call)), parsed(&convert::call_text(call.clone())));
    // Nor does a tool of more than MAX_NAMED names name any.
    let many: Vec<String> = names.iter().cloned().chain((0..MAX_NAMED).map(|i| format!("p{i}"))).collect();
    write_named(&call, &Names::new(many.clone()), &mut parts).unwrap();
    assert!(parts.ops.iter().all(|&op| op & 7 != TABLE || (op >> 3) & 7 != NAMES_TABLE as u32));
    assert_eq!(decode_named(&parts, &many), parsed(&convert::call_text(call)));
    // Every one of MAX_NAMED names is named, those that share a slot too.
    let props: serde_json::Map<String, Value> =
        (0..MAX_NAMED).map(|i| (format!("p{}", i * 7), json!({"kind": "text"}))).collect();
    let spec = agent_input::tool::ToolSpec::from_json(&json!({"name": "t", "properties": props})).unwrap();
    let names: Vec<String> = spec.property_names().map(str::to_owned).collect();
    let slots = name_slots(&names);
    assert!(slots.contains(&SHARED_SLOT), "some names share a slot");
    let args: serde_json::Map<String, Value> = names.iter().map(|n| (n.clone(), json!("x"))).collect();
    let call = spec.read(&Value::Object(args));
    write_named(&call, &Names::new(names.clone()), &mut parts).unwrap();
    let named = parts.ops.iter().filter(|&&op| op & 7 == TABLE && (op >> 3) & 7 == NAMES_TABLE as u32).count();
    assert_eq!(named, MAX_NAMED, "each key of the args");
    assert_eq!(decode_named(&parts, &names), parsed(&convert::call_text(call)));
    // Names of 63 bytes and more are named too.
    let (long, longer) = ("x".repeat(63), "y".repeat(70));
    let spec = agent_input::tool::ToolSpec::from_json(&json!({"name": "t", "properties": {
        long.as_str(): {"kind": "text"}, longer.as_str(): {"kind": "text"}}}))
    .unwrap();
    let names: Vec<String> = spec.property_names().map(str::to_owned).collect();
    let call = spec.read(&json!({long.as_str(): " a ", longer.as_str(): " b "}));
    write_named(&call, &Names::new(names.clone()), &mut parts).unwrap();
    let named = parts.ops.iter().filter(|&&op| op & 7 == TABLE && (op >> 3) & 7 == NAMES_TABLE as u32).count();
    assert_eq!(named, 4, "two keys and two notes' paths: {:?}", parts.ops);
    assert_eq!(decode_named(&parts, &names), parsed(&convert::call_text(call)));
}

#[test]
fn a_huge_answer_does_not_keep_its_memory() {
    let mut parts = Parts::default();
    write(&"x".repeat(4 * MAX_RETAINED_BYTES), &mut parts).unwrap();
    assert!(parts.text.capacity() >= 4 * MAX_RETAINED_BYTES);
    write(&"y", &mut parts).unwrap();
    assert!(parts.text.capacity() <= MAX_RETAINED_BYTES);
    assert_eq!(decode(&parts), json!("y"));
}

#[test]
fn every_code_crosses_as_its_name() {
    for (t, names) in (1..=4).map(|t| (t, table(t))) {
        for (i, name) in names.iter().enumerate() {
            let value = match t {
                1 => serde_json::to_value(NoteCode::iter().nth(i)).unwrap(),
                2 => serde_json::to_value(WarningCode::iter().nth(i)).unwrap(),
                3 => serde_json::to_value(AskCode::iter().nth(i)).unwrap(),
                _ => serde_json::to_value(EnvelopeCode::iter().nth(i)).unwrap(),
            };
            assert_eq!(value, json!(name), "serde and strum spell each code alike");
        }
    }
    let parts = tape_of(&(NoteCode::iter().next_back(), AskCode::iter().next_back(), EnvelopeCode::iter().next_back()));
    assert_eq!(parts.ops.len(), 4);
    assert_eq!(decode(&parts), json!([table(1).last(), table(3).last(), table(4).last()]));
}
