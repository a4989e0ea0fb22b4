//! Bounded work for hostile input (issue 14's reproductions): each bound is asserted by
//! counting what a call did (suggestion comparisons, output bytes, values read), never by
//! timing.

mod common;

use agent_input::context::{Context, System};
use agent_input::limits::{MAX_ISSUES, MAX_NOTES, MAX_SUGGESTION_WORK, MAX_VALUES_PER_CALL, MAX_WARNINGS};
use agent_input::tool::{ToolCall, ToolSpec};
use agent_input::{Input, Kind, Spec};
use serde_json::{json, Value};

/// Characters that fold to many letters (U+FDFA: 18; ligatures; compatibility forms).
const EXPANDING: &[char] = &['\u{fdfa}', '\u{fdfb}', '\u{3250}', '\u{33ff}', '\u{fb03}', '\u{2474}'];

fn many_values(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("value_{i:04}_of_a_long_enum")).collect()
}

fn output_bytes(value: &Value) -> usize {
    serde_json::to_vec(value).map_or(0, |v| v.len())
}

#[test]
fn an_expanding_spelling_is_not_compared_past_the_bound() {
    let spec = Spec::new(Kind::Enum, &json!({"values": many_values(1000)})).unwrap();
    for c in EXPANDING {
        // 63 bytes of the character: under the 64-byte check before folding, far over it after.
        let text: String = std::iter::repeat_n(*c, 63 / c.len_utf8()).collect();
        let cx = Context::new(&System);
        let out = spec.read_in(Input::String(&text), &cx);
        assert!(out.as_ask().is_some(), "{c:?} asks");
        assert_eq!(cx.suggestion_work(), 0, "{c:?}: no suggestion work for a spelling over the bound");
    }
}

#[test]
fn one_read_spends_at_most_the_suggestion_budget() {
    let spec = Spec::new(Kind::Enum, &json!({"values": many_values(1000)})).unwrap();
    let cx = Context::new(&System);
    let _ = spec.read_in(Input::String("value_zzzz_of_a_long_enum_x"), &cx);
    let spent = cx.suggestion_work();
    assert!(spent > 0 && spent <= MAX_SUGGESTION_WORK, "{spent}");
}

#[test]
fn a_list_of_a_thousand_unknown_values_shares_one_budget() {
    // The batch line of the issue: 1,000 unknown country names in one list.
    let items: Vec<String> = (0..1000).map(|i| format!("Narnia Republic {i}")).collect();
    let spec = Spec::new(Kind::List, &json!({"item": {"kind": "country"}})).unwrap();
    let cx = Context::new(&System);
    let input = json!(items);
    let out = spec.read_in(Input::from(&input), &cx);
    assert!(out.as_ask().is_some());
    assert!(cx.suggestion_work() <= MAX_SUGGESTION_WORK);
    // The ask describes ten items and counts the rest: output does not grow with the list.
    assert!(output_bytes(&out.to_json()) < 8 * 1024, "{}", output_bytes(&out.to_json()));
}

#[test]
fn a_list_text_spends_no_suggestion_work_on_its_whole_reading() {
    // "CZ; SK" is read split and also whole (one country?); the whole reading's ask is never
    // shown, so it compares nothing: before, it scanned every country name (about 55 µs).
    let spec = Spec::new(Kind::List, &json!({"item": {"kind": "country"}})).unwrap();
    let cx = Context::new(&System);
    let out = spec.read_in(Input::String("CZ; SK; CZ"), &cx);
    assert_eq!(out.value(), Some(&json!(["CZ", "SK"])));
    assert_eq!(cx.suggestion_work(), 0);
    // An item that asks still names its nearest value.
    let out = spec.read_in(Input::String("CZ; Czechai"), &cx);
    assert!(out.as_ask().is_some_and(|a| a.hint.contains("Czechia")), "{}", out.to_json());
    assert!(cx.suggestion_work() > 0);
}

fn bounded_spec() -> ToolSpec {
    ToolSpec::from_json(&json!({"name": "import", "properties": {
        "countries": {"kind": "list", "item": {"kind": "country"}},
        "entries": {"kind": "list", "item": {"kind": "object", "properties": {
            "country": {"kind": "country", "required": true},
            "tags": {"kind": "list", "item": {"kind": "country"}}}}}}}))
    .unwrap()
}

#[test]
fn a_call_of_many_entries_stops_at_its_budget_of_values() {
    // The call of the issue: entries of 1,000 country items each.
    let entry = json!({"country": "Narnia", "tags": vec!["Narnia"; 1000]});
    let args = json!({"entries": vec![entry; 40]});
    let cx = Context::new(&System);
    let call = bounded_spec().read_in(&args, &cx);
    assert!(cx.suggestion_work() <= MAX_SUGGESTION_WORK);
    let ToolCall::Error { envelope, notes, warnings } = &call else { panic!("over the budget of values") };
    let over: Vec<_> = envelope.issues.iter().filter(|i| i.expected.contains("values in one call")).collect();
    assert_eq!(over.len(), 1, "one issue says the call holds too many values");
    assert!(over[0].expected.contains(&MAX_VALUES_PER_CALL.to_string()));
    assert!(envelope.issues.len() <= MAX_ISSUES && notes.len() <= MAX_NOTES && warnings.len() <= MAX_WARNINGS);
    let input = output_bytes(&args);
    let output = output_bytes(&call.to_json());
    assert!(output < 64 * 1024, "output {output} for input {input}");
}

#[test]
fn unknown_properties_do_not_multiply_the_output() {
    // 1.68 MB of unknown properties once gave 36 MB of output.
    let mut props = serde_json::Map::new();
    for i in 0..30 {
        props.insert(format!("declared_{i}"), json!({"kind": "text"}));
    }
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": props})).unwrap();
    let mut args = serde_json::Map::new();
    for i in 0..20_000 {
        args.insert(format!("unknown_{i}"), json!(i));
    }
    let args = Value::Object(args);
    let call = spec.read(&args);
    let ToolCall::Ok { warnings, .. } = &call else { panic!() };
    assert_eq!(warnings.len(), MAX_WARNINGS);
    assert_eq!(warnings.last().map(|w| w.code), Some(agent_input::WarningCode::WarningsTruncated));
    assert!(output_bytes(&call.to_json()) < output_bytes(&args), "the output is smaller than the input");
}

#[test]
fn a_long_value_is_not_echoed_whole() {
    let long = "x".repeat(5 << 20);
    let spec = Spec::new(Kind::Text, &json!({})).unwrap();
    let out = spec.read(Input::String(&long));
    assert!(output_bytes(&out.to_json()) < 4 * 1024);
    let codes: Vec<_> = out.notes.iter().map(|n| n.code).collect();
    assert_eq!(codes, [agent_input::NoteCode::ReceivedTruncated]);
}

#[test]
fn json_numbers_obey_text_bounds() {
    let spec = Spec::new(Kind::Text, &json!({"max_length": 5})).unwrap();
    let number = json!(123_456);
    assert_eq!(spec.read(Input::from(&number)).as_ask().map(|a| a.code), Some(agent_input::AskCode::InputTooLong));
    // A 20,000-digit JSON number is not text of 10,000 characters.
    let digits: Value = serde_json::from_str(&"7".repeat(20_000)).unwrap();
    for kind in [Kind::Text, Kind::Number, Kind::Enum, Kind::Country, Kind::Date] {
        let spec = Spec::new(kind, &common::sample_options(kind)).unwrap();
        let out = spec.read(Input::from(&digits));
        assert_eq!(out.as_ask().map(|a| a.code), Some(agent_input::AskCode::InputTooLong), "{kind}");
    }
}

#[test]
fn invalid_utf8_and_duplicate_keys_are_never_read_silently() {
    let line = b"{\"kind\": \"text\", \"input\": \"a\xffb\"}";
    let out = agent_input::batch::read_line_bytes(line, &agent_input::batch::Policy::default());
    let ask = out.as_ask().expect("asks");
    assert_eq!(ask.code, agent_input::AskCode::InvalidRequest);
    assert!(ask.hint.contains("byte 28 is not UTF-8"), "{}", ask.hint);
    let call = bounded_spec().read_json(b"{\"countries\": [\"CZ\"], \"countries\": [\"DE\"]}");
    let ToolCall::Ok { args, warnings, .. } = call else { panic!() };
    assert_eq!(args["countries"], json!(["DE"]));
    assert_eq!(warnings[0].values, [json!(["CZ"]), json!(["DE"])]);
    let bad = bounded_spec().read_json(b"{\"countries\": \"\xc3\x28\"}");
    assert!(bad.envelope().unwrap().issues[0].expected.contains("byte 15 is not UTF-8"));
}

#[test]
fn key_env_is_limited_to_allowed_names_with_one_answer() {
    use agent_input::batch::{read_line_bytes, Policy};
    std::env::set_var("AGENT_INPUT_TEST_SHORT_KEY", "short");
    std::env::set_var("NOT_ALLOWED_BUT_LONG_ENOUGH", "a key that is long enough 0123456789");
    let hint = |var: &str, policy: &Policy| {
        let line = format!(r#"{{"kind": "cursor", "input": "start", "options": {{"key_env": "{var}"}}}}"#);
        read_line_bytes(line.as_bytes(), policy).as_ask().map(|a| a.hint.clone())
    };
    let default = Policy::default();
    let refused = hint("NOT_ALLOWED_BUT_LONG_ENOUGH", &default).expect("not allowed");
    assert_eq!(hint("AGENT_INPUT_TEST_SHORT_KEY", &default).as_deref(), Some(refused.as_str()));
    assert_eq!(hint("AGENT_INPUT_TEST_NO_SUCH_VARIABLE", &default).as_deref(), Some(refused.as_str()));
    assert_eq!(hint("PATH", &default).as_deref(), Some(refused.as_str()));
    // The operator may allow a variable by name.
    assert_eq!(hint("NOT_ALLOWED_BUT_LONG_ENOUGH", &default.allow_key_env("NOT_ALLOWED_BUT_LONG_ENOUGH")), None);
}

#[test]
fn every_bound_is_in_the_table_of_bounds() {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let limits = std::fs::read_to_string(root.join("agent-input/src/limits.rs")).unwrap();
    let readme = std::fs::read_to_string(root.join("docs/bounds.md")).unwrap();
    for line in limits.lines().filter(|l| l.starts_with("pub const ")) {
        let name = line["pub const ".len()..].split(':').next().unwrap();
        assert!(readme.contains(&format!("| `{name}` |")), "docs/bounds.md's table lacks `{name}`");
    }
    // The bounds two kinds keep beside their code.
    for file in ["agent-input/src/cursor.rs", "agent-input/src/idempotency_key.rs"] {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        for line in text.lines().filter(|l| l.starts_with("pub const MAX_") || l.starts_with("pub const MIN_")) {
            let name = line["pub const ".len()..].split(':').next().unwrap();
            assert!(readme.contains(&format!("| `{name}` |")), "docs/bounds.md's table lacks `{name}` ({file})");
        }
    }
    assert_eq!(agent_input::cursor::MAX_CURSOR_CHARS, 2_794, "docs/bounds.md states 2,794");
}

/// 256 U+FDFA: the scalar bound in characters, 4,608 letters once folded.
fn worst_scalar() -> String {
    std::iter::repeat_n('\u{fdfa}', agent_input::limits::MAX_SCALAR_CHARS).collect()
}

/// The folding work one worst item may add past the bound (the item that crosses it is read
/// whole): a value of 256 characters outside ASCII, each costing `FOLD_COST_PER_CHAR`.
const ONE_ITEM_FOLDING: u64 = 256 * agent_input::limits::FOLD_COST_PER_CHAR as u64;

/// The work one worst item may add past the bound: a number read past its grammar, its 768
/// bytes (three each) at `SPELLED_NUMBER_COST_PER_BYTE`; a date range, its folding and bytes
/// `MAX_RANGE_READINGS` times.
const ONE_ITEM_WORK: u64 = {
    use agent_input::limits::{MAX_RANGE_READINGS, SPELLED_NUMBER_COST_PER_BYTE};
    let number = ONE_ITEM_FOLDING + 768 * SPELLED_NUMBER_COST_PER_BYTE as u64;
    let range = (ONE_ITEM_FOLDING + 768) * MAX_RANGE_READINGS as u64;
    if number > range {
        number
    } else {
        range
    }
};

#[test]
fn a_list_of_worst_items_stops_at_the_folding_bound() {
    use agent_input::limits::MAX_FOLD_WORK;
    let items = json!(vec![worst_scalar(); 1000]);
    let one = Spec::new(Kind::DateRange, &json!({})).unwrap();
    let cx = Context::new(&System);
    let _ = one.read_in(Input::String(&worst_scalar()), &cx);
    assert!(cx.fold_work() <= ONE_ITEM_WORK, "one item: {}", cx.fold_work());
    let entries: Vec<Value> =
        (0..50).map(|i| json!({"id": format!("C{i}"), "names": [format!("Krajský soud {i}")]})).collect();
    for item in [
        json!({"kind": "date_range"}),
        json!({"kind": "date"}),
        json!({"kind": "enum", "values": many_values(1000)}),
        json!({"kind": "country"}),
        json!({"kind": "locale"}),
        json!({"kind": "eli"}),
        json!({"kind": "uuid"}),
        json!({"kind": "boolean"}),
        json!({"kind": "number"}),
        json!({"kind": "vocabulary", "entries": entries}),
    ] {
        let list = Spec::new(Kind::List, &json!({ "item": item })).unwrap();
        let cx = Context::new(&System);
        let out = list.read_in(Input::from(&items), &cx);
        let spent = cx.fold_work();
        assert!(spent <= MAX_FOLD_WORK + ONE_ITEM_WORK, "{item}: folded {spent} bytes");
        assert!(out.as_ask().is_some(), "{item}: asks");
    }
    // A list that folds past the bound says from which item on it was not read.
    let list = Spec::new(Kind::List, &json!({"item": {"kind": "date_range"}})).unwrap();
    let ask = list.read(Input::from(&items)).as_ask().cloned().unwrap();
    assert_eq!(ask.code, agent_input::AskCode::InputTooLong);
    assert!(ask.expected.contains(&MAX_FOLD_WORK.to_string()), "{}", ask.expected);
}

#[test]
fn a_call_of_many_date_ranges_stops_at_the_folding_bound() {
    use agent_input::limits::MAX_FOLD_WORK;
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": {"entries": {"kind": "list", "item": {
        "kind": "object", "properties": {"a": {"kind": "date_range"}, "b": {"kind": "date_range"},
        "c": {"kind": "date_range"}, "d": {"kind": "date_range"}, "e": {"kind": "date_range"}}}}}}))
    .unwrap();
    let e: String = std::iter::repeat_n('\u{fdfa}', 60).collect();
    let entry = json!({"a": e, "b": e, "c": e, "d": e, "e": e});
    let args = json!({"entries": vec![entry; 1000]});
    let cx = Context::new(&System);
    let call = spec.read_in(&args, &cx);
    let spent = cx.fold_work();
    assert!(spent <= MAX_FOLD_WORK + ONE_ITEM_WORK, "folded {spent} bytes");
    let envelope = serde_json::to_value(call.envelope()).unwrap();
    let text = envelope.to_string();
    assert!(text.contains("input_too_long") && text.contains("were not read"), "{text}");
}

#[test]
fn a_vocabulary_ask_names_at_most_the_listed_matches() {
    use agent_input::limits::MAX_LISTED;
    let entries: Vec<Value> =
        (0..20_000).map(|i| json!({"id": format!("C{i}"), "names": [format!("Krajský soud číslo {i}")]})).collect();
    let spec = Spec::new(Kind::Vocabulary, &json!({ "entries": entries })).unwrap();
    let ask = spec.read(Input::String("soud")).as_ask().cloned().unwrap();
    assert_eq!(ask.code, agent_input::AskCode::AmbiguousVocabularyValue);
    assert_eq!(ask.readings.len(), MAX_LISTED);
    assert!(ask.expected.contains(&format!("more than {MAX_LISTED}")), "{}", ask.expected);
    // A whole name, inflected, still names its one entry among 20,000 sharing its words.
    assert_eq!(spec.read(Input::String("Krajského soudu číslo 7")).value(), Some(&json!("C7")));
    // 50 items of it in a call: the output stays small (it was 64.8 MB).
    let tool = ToolSpec::from_json(&json!({"name": "t", "properties": {"courts": {"kind": "list",
        "item": {"kind": "vocabulary", "entries": (0..20_000).map(|i| json!({"id": format!("C{i}"),
        "names": [format!("Krajský soud číslo {i}")]})).collect::<Vec<_>>()}}}}))
    .unwrap();
    let envelope = serde_json::to_value(tool.read(&json!({"courts": vec!["soud"; 50]})).envelope()).unwrap();
    assert!(output_bytes(&envelope) < 200_000, "{} bytes", output_bytes(&envelope));
}

#[test]
fn a_list_read_alone_keeps_at_most_the_notes_a_call_keeps() {
    let spec = Spec::new(Kind::List, &json!({"item": {"kind": "eli"}})).unwrap();
    let items = json!(vec!["GDPR"; 1000]);
    let out = spec.read(Input::from(&items));
    assert!(out.value().is_some());
    assert_eq!(out.notes.len(), MAX_NOTES);
    assert_eq!(out.notes.last().map(|n| n.code), Some(agent_input::NoteCode::NotesTruncated));
    // Output within a constant times the input (it was 44 times: 8 KB in, 307 KB out).
    assert!(output_bytes(&out.to_json()) < 16 * output_bytes(&items), "{}", output_bytes(&out.to_json()));
    let line = json!({"kind": "list", "input": vec!["cz"; 1000], "options": {"item": {"kind": "country"}}});
    let out = agent_input::batch::read_line(&line.to_string()).to_json();
    assert!(output_bytes(&out) < 4 * output_bytes(&line), "{} bytes", output_bytes(&out));
}

#[test]
fn a_canonical_locale_obeys_the_scalar_bound() {
    let tag = format!("en-x-{}", vec!["abcdefgh"; 40].join("-"));
    assert!(tag.len() > agent_input::limits::MAX_SCALAR_CHARS);
    let spec = Spec::new(Kind::Locale, &json!({})).unwrap();
    assert_eq!(spec.read(Input::String(&tag)).as_ask().map(|a| a.code), Some(agent_input::AskCode::InputTooLong));
    let short = format!("en-x-{}", ["abcdefgh"; 4].join("-"));
    assert_eq!(spec.read(Input::String(&short)).value(), Some(&json!(short)));
}

#[test]
fn asks_past_the_issue_cap_spend_no_suggestion_work() {
    let values: Vec<String> = (0..20).map(|i| format!("status_{i:02}")).collect();
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": {
        "statuses": {"kind": "list", "item": {"kind": "enum", "values": values}}}}))
    .unwrap();
    let spent = |n: usize| {
        let items: Vec<String> = (0..n).map(|i| format!("statux_{:02}", i % 20)).collect();
        let cx = Context::new(&System);
        let call = spec.read_in(&json!({ "statuses": items }), &cx).to_json();
        // Best effort: the bad items are issues, the last of them counting the rest.
        assert_eq!(call["issues"].as_array().map(Vec::len), Some(n.min(MAX_ISSUES)), "{call}");
        cx.suggestion_work()
    };
    let at_cap = spent(MAX_ISSUES);
    assert!(at_cap > 0, "the listed asks name their nearest values");
    assert_eq!(spent(4 * MAX_ISSUES), at_cap, "asks only counted compare nothing");
}

#[test]
fn a_call_with_a_list_of_worst_items_stops_at_the_folding_bound() {
    use agent_input::limits::MAX_FOLD_WORK;
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": {
        "periods": {"kind": "list", "item": {"kind": "date_range"}}}}))
    .unwrap();
    let cx = Context::new(&System);
    let call = spec.read_in(&json!({ "periods": vec![worst_scalar(); 1000] }), &cx).to_json();
    let spent = cx.fold_work();
    assert!(spent <= MAX_FOLD_WORK + ONE_ITEM_WORK, "folded {spent} bytes");
    let text = call.to_string();
    assert!(text.contains("input_too_long") && text.contains("were not read"), "{text}");
}

/// A union of `n` variants, each requiring `shared` beside a property of its own.
fn union_spec(n: usize) -> Value {
    let variants: serde_json::Map<String, Value> = (0..n)
        .map(|i| {
            let props = json!({"shared": {"kind": "text", "required": true}, format!("own_{i}"): {"kind": "text"}});
            (format!("v{i}"), json!({"properties": props}))
        })
        .collect();
    json!({"name": "u", "properties": {"source": {"kind": "union", "required": true, "variants": variants}}})
}

#[test]
fn a_union_holds_at_most_its_bound_of_variants() {
    use agent_input::limits::{MAX_LISTED, MAX_UNION_VARIANTS};
    let refused = ToolSpec::from_json(&union_spec(MAX_UNION_VARIANTS + 1)).err().map(|e| e.to_string());
    assert!(refused.is_some_and(|m| m.contains(&MAX_UNION_VARIANTS.to_string())));
    // A member that fits every variant asks naming at most `MAX_LISTED` of them, with as many
    // readings: the output does not grow with the variants.
    let spec = ToolSpec::from_json(&union_spec(MAX_UNION_VARIANTS)).unwrap();
    let member = json!({"source": {"shared": "x".repeat(2_000)}});
    let asked = spec.read(&member);
    let env = asked.envelope().expect("asks");
    assert!(env.issues[0].readings.len() <= MAX_LISTED, "{}", env.issues[0].readings.len());
    assert!(
        env.issues[0].hint.contains(&format!("{} more", MAX_UNION_VARIANTS - MAX_LISTED)),
        "{}",
        env.issues[0].hint
    );
    let out = output_bytes(&asked.to_json());
    assert!(out < 64 * 1024 + 4 * output_bytes(&member), "{out} bytes");
}

#[test]
fn a_flat_union_call_of_many_unknown_keys_is_read_once_per_key() {
    use agent_input::limits::{MAX_ISSUES, MAX_UNION_VARIANTS};
    let spec = ToolSpec::from_json(&union_spec(MAX_UNION_VARIANTS)).unwrap();
    let mut call: serde_json::Map<String, Value> = (0..100_000).map(|i| (format!("k{i}"), json!(1))).collect();
    call.insert("type".into(), json!("v1"));
    call.insert("shared".into(), json!("x"));
    let read = spec.read(&Value::Object(call));
    // Read (unknown keys warn, bounded), not an ask per key.
    let out = read.to_json();
    assert!(output_bytes(&out) < 64 * 1024, "{} bytes", output_bytes(&out));
    assert!(read.envelope().is_none_or(|e| e.issues.len() <= MAX_ISSUES));
}

#[test]
fn spelled_numbers_are_charged_to_the_fold_budget_ascii_too() {
    use agent_input::limits::{MAX_FOLD_WORK, SPELLED_NUMBER_COST_PER_BYTE};
    // Words a segmentation may read many ways, a thousand times: each value costs its bytes.
    let spec =
        ToolSpec::from_json(&json!({"name": "n", "properties": {"n": {"kind": "list", "item": {"kind": "number"}}}}))
            .unwrap();
    let word = "tres".repeat(25);
    let sent = json!({ "n": vec![word.clone(); 1000] });
    let read = spec.read(&sent);
    let env = read.envelope().expect("asks");
    let per_value = u64::try_from(word.len() * SPELLED_NUMBER_COST_PER_BYTE).unwrap();
    let described = serde_json::to_string(&read.to_json()).unwrap();
    // The budget stops the list before its end, and the ask says so.
    assert!(1000 * per_value > MAX_FOLD_WORK);
    assert!(env.issues.iter().any(|i| <&str>::from(i.code) == "input_too_long"), "{described}");
}

/// The worst call of the last round: 308 entries of five date ranges, each 256 U+FDFA (a 1 MB
/// call). Every reading of a range is charged, so the call stops at the fold budget.
#[test]
fn entries_of_worst_date_ranges_stop_at_the_fold_budget() {
    use agent_input::limits::MAX_FOLD_WORK;
    let item = json!({"kind": "object", "properties": {
        "a": {"kind": "date_range"}, "b": {"kind": "date_range"}, "c": {"kind": "date_range"},
        "d": {"kind": "date_range"}, "e": {"kind": "date_range"}}});
    let spec =
        ToolSpec::from_json(&json!({"name": "ranges", "properties": {"periods": {"kind": "list", "item": item}}}))
            .unwrap();
    let worst = worst_scalar();
    let entry = json!({"a": worst, "b": worst, "c": worst, "d": worst, "e": worst});
    let call = json!({ "periods": vec![entry; 308] });
    let cx = Context::new(&System);
    let read = spec.read_in(&call, &cx);
    assert!(cx.fold_work() <= MAX_FOLD_WORK + ONE_ITEM_WORK, "{}", cx.fold_work());
    let env = read.envelope().expect("asks");
    assert!(env.issues.iter().any(|i| <&str>::from(i.code) == "input_too_long"));
}
