//! The tool factory: every tool vector reads as expected; the read-back fixed point; telemetry
//! and MCP glue keep their promises.

mod common;

use agent_input::tool::{ToolCall, ToolSpec};
use proptest::prelude::*;
use serde_json::{json, Value};

#[test]
fn every_tool_vector_reads_as_expected() {
    let files = common::tool_files();
    let mut n = 0;
    let mut failures = Vec::new();
    for file in &files {
        let spec = ToolSpec::from_json(&file.spec).unwrap_or_else(|e| panic!("tools/{}: {e}", file.file));
        let read = file.cases.iter().map(|(name, args, expect)| (name, spec.read(args), expect));
        let read_text = file.texts.iter().map(|(name, text, expect)| (name, spec.read_json(text.as_bytes()), expect));
        for (name, call, expect) in read.chain(read_text) {
            n += 1;
            let got = call.to_json();
            if &got != expect {
                failures.push(format!("tools/{}/{name}:\n  expect: {expect}\n  got:    {got}", file.file));
            }
        }
    }
    assert!(n >= 60, "only {n} tool vectors");
    assert!(failures.is_empty(), "{} tool vectors failed:\n{}", failures.len(), failures.join("\n"));
}

/// Every case that asks a person: the question (or none), and the retry with the answers.
/// `AGENT_INPUT_BLESS=1` prints what the core computes, to write new cases.
#[test]
fn every_question_vector_asks_and_reads_the_answers_as_expected() {
    let bless = std::env::var_os("AGENT_INPUT_BLESS").is_some();
    let mut n = 0;
    let mut failures = Vec::new();
    for file in common::tool_files() {
        let spec = ToolSpec::from_json(&file.spec).unwrap();
        for q in &file.questions {
            n += 1;
            let (question, answered) = q.run(&spec);
            if bless {
                println!(
                    "BLESS {}/{}\t{}\t{}\t{}",
                    file.file,
                    q.name,
                    question,
                    answered,
                    spec.read(&q.args).to_json()
                );
            }
            if question != q.question {
                failures.push(format!(
                    "tools/{}/{} question:\n  expect: {}\n  got:    {question}",
                    file.file, q.name, q.question
                ));
            }
            if answered != q.answered {
                failures.push(format!(
                    "tools/{}/{} answered:\n  expect: {}\n  got:    {answered}",
                    file.file, q.name, q.answered
                ));
            }
        }
    }
    assert!(n >= 10, "only {n} question vectors");
    assert!(failures.is_empty(), "{} question vectors failed:\n{}", failures.len(), failures.join("\n"));
}

/// Feeding the canonical args of every ok vector back reads the same args, with no notes and no
/// warnings. (The cursor's canonical value is the decoded payload, which is server-side state,
/// not a cursor: tools with a cursor are left out, as documented in `tool/implied.rs`.)
#[test]
fn canonical_args_are_a_fixed_point() {
    for file in common::tool_files() {
        if file.spec.to_string().contains("\"cursor\"") {
            continue;
        }
        let spec = ToolSpec::from_json(&file.spec).unwrap();
        for (name, args, _) in &file.cases {
            let ToolCall::Ok { args: canonical, .. } = spec.read(args) else { continue };
            let again = spec.read(&canonical);
            let ToolCall::Ok { args: twice, notes, warnings, issues } = again else {
                panic!("tools/{}/{name}: canonical args did not read: {canonical}", file.file)
            };
            assert_eq!(twice, canonical, "tools/{}/{name}", file.file);
            assert!(
                notes.is_empty() && warnings.is_empty() && issues.is_empty(),
                "tools/{}/{name}: {notes:?} {warnings:?}",
                file.file
            );
        }
    }
}

#[test]
fn telemetry_never_carries_the_payload() {
    for file in common::tool_files() {
        let spec = ToolSpec::from_json(&file.spec).unwrap();
        for (name, args, _) in &file.cases {
            let call = spec.read(args);
            let Some(t) = call.telemetry(spec.name()) else { continue };
            let text = serde_json::to_string(&t).unwrap();
            assert_eq!(t.tool, spec.name());
            for issue in call.envelope().map(|e| e.issues.clone()).unwrap_or_default() {
                if let Value::String(s) = &issue.received {
                    if s.len() > 3 {
                        assert!(!text.contains(s.as_str()), "tools/{}/{name}: telemetry leaks {s}", file.file);
                    }
                }
            }
            assert!(!text.contains("received"), "{text}");
        }
    }
}

#[test]
fn call_tool_result_is_the_mcp_shape() {
    let spec =
        ToolSpec::from_json(&json!({"name": "t", "properties": {"q": {"kind": "text", "required": true}}})).unwrap();
    let result = spec.read(&json!({})).call_tool_result().unwrap();
    assert_eq!(result["isError"], json!(true));
    assert_eq!(result["structuredContent"]["code"], json!("missing_arguments"));
    assert_eq!(result["content"][0]["type"], json!("text"));
    assert!(result["content"][0]["text"].as_str().unwrap().contains("Call `t` again with `q`"));
    assert!(spec.read(&json!({"q": "x"})).call_tool_result().is_none());
}

#[test]
fn spec_misuse_is_a_typed_error() {
    let cases = [
        (json!({"properties": {}}), "non-empty string `name`"),
        (json!({"name": "t", "propertys": {}}), "unknown key `propertys`"),
        (json!({"name": "t", "properties": {"q": {}}}), "the name implies none"),
        (json!({"name": "t", "properties": {"q": {"kind": "text", "maxx": 1}}}), "unknown option `maxx`"),
        (
            json!({"name": "t", "properties": {"date_from": {}, "dateFrom": {"kind": "date"}}}),
            "folds to the same words",
        ),
        (json!({"name": "t", "properties": {"cursor": {}}}), "missing option `key_env`"),
        (
            json!({"name": "t", "properties": {"date_from": {"today": "9999-12-31"}}}),
            "the `today` option must be a date from 0002-01-01 to 9998-12-31",
        ),
        (json!({"name": "t", "writes": "yes", "properties": {}}), "must be a boolean"),
        (json!({"name": "t", "languages": ["cz"], "properties": {}}), "no language is known as \"cz\""),
        (json!({"name": "t", "languages": "cs", "properties": {}}), "must be an array of language tags"),
        (json!({"name": "t", "languages": [1], "properties": {}}), "must be an array of language tags"),
        (
            json!({"name": "t", "properties": {"public": {"kind": "boolean", "languages": ["xx-yy-zz"]}}}),
            "no language is known as \"xx-yy-zz\"",
        ),
        (
            json!({"name": "t", "languages": vec!["cs"; agent_input::limits::MAX_LANGUAGES + 1], "properties": {}}),
            "names at most 32 languages",
        ),
    ];
    for (spec, message) in cases {
        let err = ToolSpec::from_json(&spec).expect_err(message);
        assert_eq!(err.kind(), agent_input::ErrorKind::InvalidOptions);
        assert!(err.to_string().contains(message), "{err} should contain {message}");
    }
}

fn search_spec() -> ToolSpec {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors/tools/search_decisions.json");
    let doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    ToolSpec::from_json(&doc["spec"]).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Over generated calls of many spellings: whatever reads ok reads back to itself.
    #[test]
    fn generated_calls_read_back_unchanged(
        query in prop::sample::select(vec!["nájem", " nájem ", "Praha, Brno", "x"]),
        court in prop::option::of(prop::sample::select(vec!["NS", "nss", "Nejvyssi spravni soud", "Supreme", "all", "ÚS"])),
        date_from in prop::option::of(prop::sample::select(vec!["2026-01-01", "1. 10. 2026", "2020", "únor 2020", "13/02/2026", "01/02/2026", "0001-01-01"])),
        date_to in prop::option::of(prop::sample::select(vec!["2026-12-31", "31. 12. 2026", "2026", "2026-Q3"])),
        limit in prop::option::of(prop::sample::select(vec![json!(10), json!("500"), json!("4 000"), json!(null), json!(0)])),
        camel in any::<bool>(),
    ) {
        let spec = search_spec();
        let mut args = serde_json::Map::new();
        args.insert("query".into(), json!(query));
        if let Some(c) = court { args.insert("court".into(), json!(c)); }
        if let Some(d) = date_from { args.insert(if camel { "dateFrom" } else { "date_from" }.into(), json!(d)); }
        if let Some(d) = date_to { args.insert("date_to".into(), json!(d)); }
        if let Some(l) = limit { args.insert("limit".into(), l); }
        if let ToolCall::Ok { args: canonical, .. } = spec.read(&Value::Object(args)) {
            let again = spec.read(&canonical);
            let ToolCall::Ok { args: twice, notes, warnings, .. } = again else {
                return Err(TestCaseError::fail(format!("canonical args did not read: {canonical}")));
            };
            prop_assert_eq!(twice, canonical);
            prop_assert!(notes.is_empty() && warnings.is_empty());
        }
    }
}

#[test]
fn the_rust_builder_declares_what_the_json_declares() {
    use agent_input::cursor::{CursorCodec, CursorOptions};
    use agent_input::tool::Property;
    use agent_input::{Spec, TextOptions};
    let codec = CursorCodec::new(b"builder test key 0123456789").unwrap();
    let cursor = codec.encode_json(&json!({"after": 5}), None).unwrap();
    let built = ToolSpec::builder("search")
        .description("Search.")
        .property("query", Property::of(Spec::Text(TextOptions::default())).required().description("The query."))
        .property("limit", Property::implied().option("max", json!(50)))
        .property("date_from", Property::implied())
        .property("cursor", Property::of(Spec::Cursor(CursorOptions::with_codec(codec))))
        .build()
        .unwrap();
    let from_json = ToolSpec::from_json(&json!({"name": "search", "description": "Search.", "properties": {
        "query": {"kind": "text", "required": true, "description": "The query."},
        "limit": {"max": 50}, "date_from": {}, "cursor": {"kind": "text"}}}))
    .unwrap();
    let args = json!({"query": " x ", "limit": "500", "dateFrom": "2020"});
    assert_eq!(built.read(&args), from_json.read(&args));
    assert_eq!(built.input_schema()["properties"]["limit"], from_json.input_schema()["properties"]["limit"]);
    let ToolCall::Ok { args, .. } = built.read(&json!({"query": "x", "cursor": cursor})) else { panic!("reads") };
    assert_eq!(args["cursor"], json!({"after": 5}));
}

/// Any ask with readings, under the user policy: answering the question with each reading in
/// turn reads ok, with that reading's value and no ask (one retry closes every ambiguity).
mod asking_a_person {
    use agent_input::cursor::CursorCodec;
    use agent_input::tool::{ToolCall, ToolSpec};
    use proptest::prelude::*;
    use serde_json::{json, Value};

    fn ambiguous() -> impl Strategy<Value = (&'static str, String)> {
        prop_oneof![
            (1u32..=12, 1u32..=12, 2000i32..2100)
                .prop_filter("two different days", |(a, b, _)| a != b)
                .prop_map(|(a, b, y)| ("when", format!("{a:02}/{b:02}/{y}"))),
            (1u32..=999, 0u32..=999).prop_map(|(a, b)| ("amount", format!("{a},{b:03}"))),
            (1u32..=999, 0u32..=999).prop_map(|(a, b)| ("amount", format!("{a}.{b:03}"))),
            prop::sample::select(vec!["Congo", "Korea", "Guiana", "Virgin Islands", "Czechoslovakia"])
                .prop_map(|c| ("country", c.to_owned())),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn each_reading_answered_reads_ok_with_that_value((path, value) in ambiguous()) {
            let spec = ToolSpec::from_json(&json!({"name": "t", "answered_by": "user", "properties": {
                "when": {"kind": "date"}, "amount": {"kind": "number"}, "country": {"kind": "country"}}})).unwrap();
            let codec = CursorCodec::new(b"a server key of 16+ bytes").unwrap();
            let args = json!({path: value});
            let call = spec.read(&args);
            let question = spec.ask_person(&call, &args, &codec, 1_800_000_000);
            let readings = call.envelope().map(|e| e.issues[0].readings.clone()).unwrap_or_default();
            prop_assert!(readings.len() >= 2, "{value} asks with readings");
            let question = question.expect("a question for every ambiguity under the user policy");
            let state = question["requestState"].as_str().unwrap();
            let offered = question["inputRequests"][path]["params"]["requestedSchema"]["properties"]["value"]["oneOf"]
                .as_array().unwrap().clone();
            prop_assert_eq!(offered.len(), readings.len());
            for (choice, reading) in offered.iter().zip(&readings) {
                let responses = json!({path: {"action": "accept", "content": {"value": choice["const"]}}});
                let answered = spec.read_answers(&args, &responses, state, &codec, 1_800_000_100);
                let ToolCall::Ok { args: read, notes, .. } = answered else {
                    return Err(TestCaseError::fail(format!("{value}: {choice} did not read")));
                };
                prop_assert_eq!(&read[path], &reading.value, "{}", value);
                prop_assert!(notes.iter().any(|n| n.code == agent_input::NoteCode::ReadingChosenByPerson));
            }
        }
    }

    #[test]
    fn the_answer_key_is_not_the_cursor_key() {
        // A state is sealed with a key derived from the cursor key: a cursor is no state.
        let spec =
            ToolSpec::from_json(&json!({"name": "t", "answered_by": "user", "properties": {"when": {"kind": "date"}}}))
                .unwrap();
        let codec = CursorCodec::new(b"a server key of 16+ bytes").unwrap();
        let args = json!({"when": "01/02/2026"});
        let cursor = codec.encode_json(&json!({"t": "ask", "tool": "t"}), None).unwrap();
        let answered = spec.read_answers(&args, &json!({}), &cursor, &codec, 1_800_000_000);
        let codes: Vec<Value> =
            answered.to_json()["issues"].as_array().unwrap().iter().map(|i| i["code"].clone()).collect();
        assert_eq!(codes, [json!("answer_out_of_date")]);
    }
}

#[test]
fn a_tools_languages_reach_its_properties_from_json_and_from_rust() {
    use agent_input::date::DateOptions;
    use agent_input::tool::Property;
    use agent_input::Spec;
    let args = json!({"date_from": "1 listopad 2026", "when": "2 listopad 2026", "public": "jo"});
    let from_json = ToolSpec::from_json(&json!({"name": "t", "languages": ["hr"], "properties": {
        "date_from": {}, "when": {"kind": "date", "languages": ["cs"]}, "public": {"kind": "boolean"}}}))
    .unwrap();
    let from_rust = ToolSpec::builder("t")
        .languages(&["hr"])
        .property("date_from", Property::implied())
        .property("when", Property::of(Spec::Date(DateOptions::default().languages(&["cs"]))))
        .property("public", Property::of(Spec::Boolean(agent_input::BooleanOptions::default())))
        .build()
        .unwrap();
    for spec in [from_json, from_rust] {
        // `public: jo` asks: Croatian gives `jo` no meaning.
        let ToolCall::Error { envelope, .. } = spec.read(&args) else { panic!("jo asks") };
        assert_eq!(envelope.issues.len(), 1, "{envelope:?}");
        assert_eq!(envelope.issues[0].path, "public");
        let ToolCall::Ok { args, notes, .. } =
            spec.read(&json!({"date_from": "1 listopad 2026", "when": "2 listopad 2026"}))
        else {
            panic!("reads")
        };
        assert_eq!(args, json!({"date_from": "2026-10-01", "when": "2026-11-02"}));
        assert!(notes.iter().any(|n| n.code == agent_input::NoteCode::WordReadInLanguage), "{notes:?}");
    }
    let err = agent_input::date::read("1 listopad 2026".into(), &DateOptions::default().languages(&["cz"]))
        .expect_err("an unknown language is misuse");
    assert_eq!(err.kind(), agent_input::ErrorKind::InvalidOptions);
}

#[test]
fn the_skeleton_reads_back_as_itself_with_no_note() {
    let mut specs: Vec<(String, Value)> =
        common::tool_files().into_iter().map(|f| (format!("tools/{}", f.file), f.spec)).collect();
    // One required property of every kind and options a vector reads with.
    for case in common::cases() {
        if case.kind == "cursor" || case.expect["status"] != "ok" {
            continue;
        }
        let mut decl = case.options.as_object().cloned().unwrap_or_default();
        decl.insert("kind".into(), Value::String(case.kind.clone()));
        decl.insert("required".into(), Value::Bool(true));
        specs.push((format!("{}/{}", case.file, case.name), json!({"name": "t", "properties": {"v": decl}})));
    }
    let mut checked = 0;
    for (name, doc) in specs {
        let Ok(spec) = ToolSpec::from_json(&doc) else { continue };
        let skeleton = spec.skeleton();
        let required = spec.input_schema()["required"].as_array().map_or(0, Vec::len);
        match spec.read(&skeleton) {
            ToolCall::Ok { args, notes, warnings, .. } => {
                // The args are the skeleton, and the defaults of the properties left out.
                for (key, value) in skeleton.as_object().into_iter().flatten() {
                    assert_eq!(args.get(key), Some(value), "{name}: `{key}` reads as itself");
                }
                assert!(notes.is_empty() && warnings.is_empty(), "{name}: {notes:?} {warnings:?}");
            }
            other => panic!("{name}: the skeleton {skeleton} does not read: {}", other.to_json()),
        }
        assert_eq!(
            skeleton.as_object().map_or(0, serde_json::Map::len),
            required,
            "{name}: every required property, only those"
        );
        checked += 1;
    }
    assert!(checked > 500, "only {checked} specs checked");
}

/// The typed args of a call are the same whatever order its keys come in: the read's own args
/// (declared order, matched in one pass) and the same map reversed (each key looked up).
#[test]
fn typed_args_do_not_depend_on_the_keys_order() {
    use agent_input::TypedValue;
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": {
        "query": {"kind": "text"}, "since": {"kind": "date"}, "limit": {"kind": "number"},
        "extra": {"kind": "boolean"}, "filter": {"kind": "object", "properties": {"country": {"kind": "country"}, "on": {"kind": "date"}}}}}))
    .expect("spec");
    let ToolCall::Ok { args: Value::Object(args), .. } =
        spec.read(&json!({"query": "x", "since": "1. 10. 2026", "filter": {"on": "2026-10-02", "country": "Česko"}}))
    else {
        panic!("the call reads to an object");
    };
    let typed = spec.typed_args(&Value::Object(args.clone()));
    let TypedValue::Object(fields) = &typed else { panic!("an object: {typed:?}") };
    let names: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(names, ["query", "since", "filter"]);
    assert_eq!(fields[1].1, TypedValue::Date(chrono::NaiveDate::from_ymd_opt(2026, 10, 1).expect("date")));
    let reversed = |o: &serde_json::Map<String, Value>| o.iter().rev().map(|(k, v)| (k.clone(), v.clone())).collect();
    let mut shuffled: serde_json::Map<String, Value> = reversed(&args);
    if let Some(Value::Object(filter)) = shuffled.get_mut("filter") {
        *filter = reversed(filter);
    }
    assert_ne!(shuffled.keys().collect::<Vec<_>>(), args.keys().collect::<Vec<_>>());
    assert_eq!(spec.typed_args(&Value::Object(shuffled)), typed);
    let mut unknown = args.clone();
    unknown.shift_insert(0, "unknown".into(), json!(1));
    assert_eq!(spec.typed_args(&Value::Object(unknown.clone())), typed, "a key of no property is left out");
    // Each typed value by its property's index, a string borrowed: the same values.
    for object in [args, shuffled_again(&unknown)] {
        let mut each = Vec::new();
        assert!(spec.typed_args_each(&Value::Object(object), |i, t| each.push((i, t.into_owned()))));
        let by_index: Vec<(String, TypedValue)> =
            each.into_iter().map(|(i, t)| (spec.property_names().nth(i).expect("an index").to_owned(), t)).collect();
        assert_eq!(TypedValue::Object(by_index), typed);
    }
    assert!(!spec.typed_args_each(&json!("text"), |_, _| panic!("no value of a string")));
}

/// `object`'s keys in the reverse order.
fn shuffled_again(object: &serde_json::Map<String, Value>) -> serde_json::Map<String, Value> {
    object.iter().rev().map(|(k, v)| (k.clone(), v.clone())).collect()
}

#[test]
fn an_authors_description_ends_as_a_sentence_before_the_kinds_own() {
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": {
        "query": {"kind": "text", "required": true, "description": "Free text"},
        "since": {"kind": "date", "description": "Orders placed on or after."},
        "note": {"kind": "text", "description": "Anything?  "},
        "tag": {"kind": "text", "description": "自由文本。"}}}))
    .unwrap();
    let schema = spec.input_schema();
    let said = |name: &str| schema["properties"][name]["description"].as_str().unwrap().to_owned();
    assert!(said("query").starts_with("Free text. Text, at most"), "{}", said("query"));
    assert!(said("since").starts_with("Orders placed on or after. A date"), "{}", said("since"));
    assert!(said("note").starts_with("Anything? Text"), "{}", said("note"));
    assert!(said("tag").starts_with("自由文本。 Text"), "{}", said("tag"));
}

#[test]
fn a_calls_today_reads_relative_words_where_a_property_names_none() {
    use agent_input::context::{Context, System};
    let spec = ToolSpec::from_json(&json!({"name": "orders", "properties": {
        "since": {"kind": "date"},
        "due": {"kind": "date", "today": "2026-01-15"},
        "period": {"kind": "date_range"},
        "date_from": {}, "date_to": {}}}))
    .unwrap();
    let args = json!({"since": "yesterday", "due": "tomorrow", "period": "last month", "range": "last month"});
    // Without a day, each relative word asks (the property's own `today` still reads).
    let ToolCall::Error { envelope, .. } = spec.read(&args) else { panic!("relative words without today must ask") };
    let codes: Vec<(&str, &str)> = envelope.issues.iter().map(|i| (i.path.as_str(), i.code.into())).collect();
    assert_eq!(
        codes,
        [
            ("range", "relative_date_without_today"),
            ("since", "relative_date_without_today"),
            ("period", "relative_date_without_today")
        ]
    );
    let today = chrono::NaiveDate::from_ymd_opt(2026, 12, 5).unwrap();
    let cx = Context::new(&System).with_today(today);
    assert_eq!(cx.today(), Some(today));
    let call = spec.read_in(&args, &cx);
    let ToolCall::Ok { args: read, notes, .. } = &call else { panic!("{}", call.to_json()) };
    assert_eq!(
        read.clone(),
        json!({"since": "2026-12-04", "due": "2026-01-16", "period": {"from": "2026-11-01", "to": "2026-11-30"},
               "date_from": "2026-11-01", "date_to": "2026-11-30"})
    );
    assert!(notes.iter().any(|n| n.path.as_deref() == Some("since") && n.message.contains("yesterday")), "{notes:?}");
    // A canonical date reads as itself with a day given too.
    let ToolCall::Ok { args: read, notes, .. } = spec.read_in(&json!({"since": "2026-10-01"}), &cx) else { panic!() };
    assert_eq!((read["since"].as_str(), notes.len()), (Some("2026-10-01"), 0));
    // A day outside the years dates are written in is a typed error where it is checked, and
    // a context holding one reads as without a day.
    let far = chrono::NaiveDate::from_ymd_opt(9999, 1, 1).unwrap();
    assert_eq!(agent_input::date::check_today(far).unwrap_err().kind(), agent_input::ErrorKind::InvalidOptions);
    assert!(agent_input::date::check_today(today).is_ok());
    let ToolCall::Error { envelope, .. } = spec.read_in(&args, &Context::new(&System).with_today(far)) else {
        panic!()
    };
    assert_eq!(envelope.issues.len(), 3);
}
