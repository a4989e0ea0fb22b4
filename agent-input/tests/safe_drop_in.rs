//! A schema somebody else wrote (`ToolSpec::from_input_schema`, every drop-in): a call valid
//! against the tool's own `inputSchema` reads `ok`, with exactly the values sent and no note.
//! The one exception is an invented id (a placeholder uuid) in a `format: uuid` property of a
//! tool that may write, which asks. Plain strings are the author's; a name implies a kind only
//! where the schema agrees, or where the author opts in (`implied_kinds`). Calls the schema
//! refuses are still repaired, with notes.

mod common;

use std::time::{Duration, Instant};

use agent_input::tool::{ToolCall, ToolSpec};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

fn spec(schema: Value, read_only: bool) -> ToolSpec {
    let definition = json!({"name": "t", "inputSchema": schema, "annotations": {"readOnlyHint": read_only}});
    ToolSpec::from_input_schema(&definition).unwrap_or_else(|e| panic!("{e}"))
}

/// The arguments and the notes' (path, code) of a call that reads; panics with the envelope
/// of one that asks.
fn read(spec: &ToolSpec, args: &Value) -> (Value, Vec<(String, String)>) {
    common::read_call(spec, args)
}

/// Asserts the call reaches the handler unchanged, with no note.
fn unchanged(spec: &ToolSpec, args: &Value) {
    let (read, notes) = read(spec, args);
    assert_eq!(read, *args, "changed");
    assert!(notes.is_empty(), "notes on a valid call: {notes:?}");
}

#[test]
fn the_reference_servers_calls_reach_the_handler_unchanged() {
    // @modelcontextprotocol/server-memory: `from`/`to` are entity names, observations free text.
    let memory = spec(
        json!({"type": "object", "required": ["relations"], "properties": {"relations": {"type": "array", "items": {
            "type": "object", "required": ["from", "to", "relationType"], "properties": {
                "from": {"type": "string", "description": "The name of the entity where the relation starts"},
                "to": {"type": "string", "description": "The name of the entity where the relation ends"},
                "relationType": {"type": "string"}}}}}}),
        false,
    );
    unchanged(&memory, &json!({"relations": [{"from": "Alice", "to": "Bob", "relationType": "knows"}]}));
    unchanged(&memory, &json!({"relations": [{"from": "1984", "to": "2001", "relationType": "before"}]}));
    let observations = spec(
        json!({"type": "object", "properties": {"observations": {"type": "array", "items": {"type": "string"}}}}),
        false,
    );
    unchanged(&observations, &json!({"observations": ["N/A", "TBD", "", "  spaced  ", "Example", "null"]}));
    // server-filesystem: content byte for byte, of any length.
    let write = spec(
        json!({"type": "object", "required": ["path", "content"], "properties": {
            "path": {"type": "string"}, "content": {"type": "string"}}}),
        false,
    );
    for content in ["line\n", "", "TODO", "\u{0}\t\r\n e\u{301} ", &"x".repeat(100_000)] {
        unchanged(&write, &json!({"path": "/tmp/a.txt", "content": content}));
    }
    // Plain strings any name: an address, a code language, a currency, a cursor word.
    let other = spec(
        json!({"type": "object", "properties": {
            "to": {"type": "string"}, "language": {"type": "string"}, "from": {"type": "string"},
            "cursor": {"type": "string"}, "country": {"type": "string"}, "since": {"type": "string", "format": "date-time"},
            "id": {"type": "string"}, "idempotency_key": {"type": "string"}}}),
        false,
    );
    unchanged(
        &other,
        &json!({"to": "bob@example.com", "language": "python", "from": "EUR", "cursor": "start", "country": "Narnia",
                "since": "2026-10-01T12:30:00Z", "id": "00000000-0000-0000-0000-000000000000", "idempotency_key": "x"}),
    );
    // The advertised schema of a plain string is the author's, description and all.
    let advertised = memory.input_schema();
    let from = &advertised["properties"]["relations"];
    assert!(!from.to_string().contains("first day"), "{from}");
}

#[test]
fn numbers_booleans_enums_and_nulls_the_schema_takes_are_sent_as_they_are() {
    let tool = spec(
        json!({"type": "object", "properties": {
            "n": {"type": "number"}, "i": {"type": "integer", "minimum": 1, "maximum": 50},
            "limit": {"type": "integer", "minimum": 1, "maximum": 50},
            "flag": {"type": "boolean"}, "order": {"enum": ["asc", "desc"]},
            "maybe": {"anyOf": [{"type": "string"}, {"type": "null"}], "default": "x"},
            "when": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]}}}),
        true,
    );
    for args in [
        json!({"n": 1.7976931348623157e308, "i": 50, "limit": 1, "flag": false, "order": "desc"}),
        json!({"n": -0.0, "i": 1.0, "maybe": null, "when": null}),
        json!({"n": 1e-300, "when": "2024-02-29"}),
        json!({"n": 12345678901234567890123456789u128}),
    ] {
        unchanged(&tool, &args);
    }
}

#[test]
fn what_the_schema_refuses_is_still_repaired_with_a_note() {
    let tool = spec(
        json!({"type": "object", "properties": {
            "i": {"type": "integer", "minimum": 1}, "flag": {"type": "boolean"},
            "order": {"enum": ["asc", "desc"]}, "when": {"type": "string", "format": "date"},
            "name": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}},
            "note": {"type": "string"}}}),
        true,
    );
    let (args, notes) = read(
        &tool,
        &json!({"i": "4 000", "flag": "ano", "order": "DESC", "when": "1. 10. 2026", "name": ["Alice"], "tags": "solo",
                "note": null}),
    );
    assert_eq!(
        args,
        json!({"i": 4000, "flag": true, "order": "desc", "when": "2026-10-01", "name": "Alice", "tags": ["solo"]})
    );
    for path in ["i", "flag", "order", "when", "name", "tags", "note"] {
        assert!(notes.iter().any(|(p, _)| p == path), "no note at {path}: {notes:?}");
    }
    // A string that may hold several items is not split: the server's to refuse.
    let (args, _) = read(&tool, &json!({"tags": "a, b"}));
    assert_eq!(args, json!({"tags": "a, b"}));
    // An ambiguous date still asks, never a guess.
    assert!(tool.read(&json!({"when": "01/02/2026"})).envelope().is_some());
}

#[test]
fn an_invented_id_on_a_tool_that_may_write_is_the_one_exception() {
    let schema = json!({"type": "object", "properties": {"id": {"type": "string", "format": "uuid"},
        "owner": {"type": "object", "properties": {"id": {"type": "string", "format": "uuid"}}}}});
    let write = spec(schema.clone(), false);
    for args in [
        json!({"id": "00000000-0000-0000-0000-000000000000"}),
        json!({"owner": {"id": "11111111-1111-1111-1111-111111111111"}}),
    ] {
        let asked = write.read(&args);
        let code = asked.envelope().map(|e| <&str>::from(e.issues[0].code).to_owned());
        assert_eq!(code.as_deref(), Some("placeholder_on_write"), "{args}");
    }
    unchanged(&write, &json!({"id": "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01"}));
    unchanged(&spec(schema, true), &json!({"id": "00000000-0000-0000-0000-000000000000"}));
}

#[test]
fn names_imply_kinds_only_when_the_author_opts_in() {
    let schema = json!({"name": "t", "annotations": {"readOnlyHint": true}, "inputSchema": {"type": "object", "properties": {
        "from": {"type": "string"}, "to": {"type": "string"}, "language": {"type": "string"}, "query": {"type": "string"}}}});
    let plain = ToolSpec::from_input_schema(&schema).unwrap();
    let (args, _) = read(&plain, &json!({"from": "1. 10. 2026", "language": "cs_CZ"}));
    assert_eq!(args, json!({"from": "1. 10. 2026", "language": "cs_CZ"}));
    // The whole tool.
    let opted = ToolSpec::from_input_schema_with(&schema, &json!({"implied_kinds": true}), None).unwrap();
    let (args, notes) =
        read(&opted, &json!({"from": "1. 10. 2026", "to": "2026", "language": "cs_CZ", "query": " x "}));
    assert_eq!(args, json!({"from": "2026-10-01", "to": "2026-12-31", "language": "cs-CZ", "query": " x "}));
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(opted.read(&json!({"from": "Alice"})).envelope().is_some(), "a name that is no date asks");
    // One property, and a property's own `false` over the tool's `true`.
    let one = ToolSpec::from_input_schema_with(
        &schema,
        &json!({"implied_kinds": true, "properties": {"to": {"implied_kinds": false}}}),
        None,
    )
    .unwrap();
    let (args, _) = read(&one, &json!({"from": "2026", "to": "2026"}));
    assert_eq!(args, json!({"from": "2026-01-01", "to": "2026"}));
    let only =
        ToolSpec::from_input_schema_with(&schema, &json!({"properties": {"language": {"implied_kinds": true}}}), None)
            .unwrap();
    let (args, _) = read(&only, &json!({"from": "2026", "language": "cs_CZ"}));
    assert_eq!(args, json!({"from": "2026", "language": "cs-CZ"}));
    let wrong = ToolSpec::from_input_schema_with(&schema, &json!({"implied_kinds": "yes"}), None);
    assert!(wrong.is_err());
}

#[test]
fn a_reversed_range_the_schema_takes_is_the_servers_to_judge() {
    let tool = spec(
        json!({"type": "object", "properties": {"start_date": {"type": "string", "format": "date"},
            "end_date": {"type": "string", "format": "date"}}}),
        true,
    );
    unchanged(&tool, &json!({"start_date": "2026-05-01", "end_date": "2026-01-01"}));
}

/// A recursive pydantic model, a filter language and a chain of two references a level map in
/// bounded time; the recursive parts are read to the value's own depth (each object referred
/// back to is one of the tool's definitions), and what is valid is passed on as sent.
#[test]
fn schemas_of_any_shape_map_in_bounded_time() {
    let tree = json!({"type": "object", "required": ["root"], "properties": {"root": {"$ref": "#/$defs/Node"}},
        "$defs": {"Node": {"type": "object", "required": ["value"], "properties": {
            "value": {"type": "integer"},
            "left": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}], "default": null},
            "right": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}], "default": null}}}}});
    let filter = json!({"type": "object", "properties": {"filter": {"$ref": "#/$defs/Filter"}},
        "$defs": {"Filter": {"type": "object", "properties": {
            "field": {"type": "string"}, "equals": {"type": "string"},
            "and": {"type": "array", "items": {"$ref": "#/$defs/Filter"}},
            "or": {"type": "array", "items": {"$ref": "#/$defs/Filter"}},
            "not": {"$ref": "#/$defs/Filter"}}}}});
    let mut defs = Map::new();
    for level in 0..24 {
        let next = |side: &str| json!({"$ref": format!("#/$defs/L{}", level + 1), "description": side});
        defs.insert(
            format!("L{level}"),
            json!({"type": "object", "properties": {"a": next("a"), "b": next("b"), "n": {"type": "integer"}}}),
        );
    }
    defs.insert("L24".into(), json!({"type": "object", "properties": {"n": {"type": "integer"}}}));
    let chain = json!({"type": "object", "properties": {"top": {"$ref": "#/$defs/L0"}}, "$defs": defs});
    for schema in [tree.clone(), filter.clone(), chain] {
        let started = Instant::now();
        let tool = spec(schema, true);
        for dialect in agent_input::tool::Dialect::ALL {
            let written = tool.input_schema_for(dialect).to_string();
            assert!(written.len() < 4 << 20, "{dialect}: {} bytes", written.len());
        }
        assert!(started.elapsed() < Duration::from_secs(20), "mapping took {:?}", started.elapsed());
    }
    let tree = spec(tree, true);
    let sent = json!({"root": {"value": 1, "left": {"value": 2, "left": null, "right": {"value": 3}}, "right": null}});
    unchanged(&tree, &sent);
    let (args, notes) = read(&tree, &json!({"root": {"value": "4 000"}}));
    assert_eq!((args, notes.len()), (json!({"root": {"value": 4000}}), 1));
    // Deep in the tree, a model's spelling is repaired where it stands, with its path.
    let (args, notes) = read(&tree, &json!({"root": {"value": 1, "left": {"value": 2, "right": {"value": "4 000"}}}}));
    assert_eq!(args["root"]["left"]["right"]["value"], 4000);
    assert_eq!(notes[0].0, "root.left.right.value", "{notes:?}");
    // The advertised schema refers to the definition: linear in the schema, not in its depth.
    let advertised = tree.input_schema();
    assert_eq!(advertised["$defs"]["Node"]["type"], "object", "{advertised}");
    assert!(advertised.to_string().contains("#/$defs/Node"));
    let filter = spec(filter, true);
    unchanged(
        &filter,
        &json!({"filter": {"and": [{"field": "a", "equals": "N/A"}, {"not": {"field": "b", "equals": ""}}]}}),
    );
    // A clause three levels down is read as the top one is: its unknown key warned of, never
    // applied; a clause that is no object asks at its path.
    let issues = |sent: Value| match filter.read(&sent) {
        ToolCall::Error { envelope, .. } => envelope.issues.iter().map(|i| i.path.clone()).collect::<Vec<_>>(),
        ok => panic!("{ok:?}"),
    };
    assert_eq!(issues(json!({"filter": {"and": [{"or": [{"not": 7}]}]}})), vec!["filter.and[0].or[0].not"]);
}

/// Strings a model or a person sends that a careless reader changes: placeholders, blanks,
/// whitespace, controls, decomposed accents, date and id look-alikes, a cursor word.
const TRAP_STRINGS: &[&str] = &[
    "",
    " ",
    "  hi  ",
    "N/A",
    "TBD",
    "TODO",
    "null",
    "None",
    "Example",
    "start",
    "first",
    "1984",
    "EUR",
    "python",
    "cs_CZ",
    "yes",
    "ano",
    "1. 10. 2026",
    "01/02/2026",
    "4 000",
    "1,234",
    "bob@example.com",
    "\u{0}\u{7}\t\r\n",
    "e\u{301}",
    "\u{feff}x",
    "00000000-0000-0000-0000-000000000000",
    "2026-10-01",
    "{\"a\": 1}",
    "[1, 2]",
    "Alice",
];

/// Property names of every group a name implies a kind by, and plain ones.
const NAMES: &[&str] = &[
    "from",
    "to",
    "since",
    "until",
    "start_date",
    "date_to",
    "language",
    "lang",
    "locale",
    "country",
    "cursor",
    "page_token",
    "idempotency_key",
    "limit",
    "page_size",
    "id",
    "user_id",
    "query",
    "content",
    "text",
    "name",
    "response_format",
    "q",
    "arguments",
];

/// A JSON Schema and a strategy for its valid instances.
#[derive(Clone, Debug)]
enum Shape {
    Str { max: Option<usize>, min: Option<usize> },
    Date,
    Uuid,
    Enum(Vec<String>),
    Int { min: i64, max: i64 },
    Num,
    Bool,
    Nullable(Box<Shape>),
    Array(Box<Shape>, Option<usize>),
    Object(Vec<(String, Shape, bool)>),
}

impl Shape {
    fn schema(&self) -> Value {
        match self {
            Self::Str { max, min } => {
                let mut s = json!({"type": "string"});
                if let Some(m) = max {
                    s["maxLength"] = json!(m);
                }
                if let Some(m) = min {
                    s["minLength"] = json!(m);
                }
                s
            }
            Self::Date => json!({"type": "string", "format": "date"}),
            Self::Uuid => json!({"type": "string", "format": "uuid"}),
            Self::Enum(values) => json!({"type": "string", "enum": values}),
            Self::Int { min, max } => json!({"type": "integer", "minimum": min, "maximum": max}),
            Self::Num => json!({"type": "number"}),
            Self::Bool => json!({"type": "boolean"}),
            Self::Nullable(inner) => json!({"anyOf": [inner.schema(), {"type": "null"}], "default": null}),
            Self::Array(item, max) => {
                let mut s = json!({"type": "array", "items": item.schema()});
                if let Some(m) = max {
                    s["maxItems"] = json!(m);
                }
                s
            }
            Self::Object(props) => {
                let properties: Map<String, Value> = props.iter().map(|(n, s, _)| (n.clone(), s.schema())).collect();
                let required: Vec<&str> = props.iter().filter(|(_, _, r)| *r).map(|(n, _, _)| n.as_str()).collect();
                json!({"type": "object", "properties": properties, "required": required})
            }
        }
    }

    fn instance(&self) -> BoxedStrategy<Value> {
        match self {
            Self::Str { max, min } => {
                let (min, max) = (min.unwrap_or(0), max.unwrap_or(usize::MAX));
                let fits = move |s: &String| (min..=max).contains(&s.chars().count());
                prop_oneof![
                    proptest::sample::select(TRAP_STRINGS).prop_map(str::to_owned),
                    any::<String>(),
                    "[ -~]{0,40}",
                ]
                .prop_filter("length", fits)
                .prop_map(Value::String)
                .boxed()
            }
            Self::Date => (1i32..9999, 1u32..13, 1u32..32)
                .prop_filter_map("a day", |(y, m, d)| chrono::NaiveDate::from_ymd_opt(y, m, d))
                .prop_map(|d| json!(d.format("%Y-%m-%d").to_string()))
                .boxed(),
            // Random ids (never a placeholder: `0b5e…` is no repeated or counting digit).
            Self::Uuid => (any::<u128>(), any::<bool>())
                .prop_map(|(v, upper)| {
                    let id = uuid::Uuid::from_u128(v | 1 << 127).hyphenated().to_string();
                    json!(if upper { id.to_uppercase() } else { id })
                })
                .boxed(),
            Self::Enum(values) => proptest::sample::select(values.clone()).prop_map(Value::String).boxed(),
            Self::Int { min, max } => {
                let (min, max) = (*min, *max);
                prop_oneof![
                    (min..=max).prop_map(|n| json!(n)),
                    Just(json!(min)),
                    Just(json!(max)),
                    (min..=max).prop_map(|n| serde_json::from_str::<Value>(&format!("{n}.0")).unwrap_or(json!(n)))
                ]
                .boxed()
            }
            Self::Num => prop_oneof![
                any::<f64>().prop_filter("finite", |f| f.is_finite()).prop_map(|f| json!(f)),
                Just(json!(1.7976931348623157e308)),
                Just(json!(-0.0)),
                Just(json!(5e-324)),
                Just(serde_json::from_str::<Value>("9007199254740993").unwrap_or(Value::Null)),
                Just(serde_json::from_str::<Value>("1e400").unwrap_or(Value::Null)),
                Just(serde_json::from_str::<Value>("0.1000000000000000000000000000001").unwrap_or(Value::Null)),
            ]
            .boxed(),
            Self::Bool => any::<bool>().prop_map(Value::Bool).boxed(),
            Self::Nullable(inner) => prop_oneof![Just(Value::Null), inner.instance()].boxed(),
            Self::Array(item, max) => {
                proptest::collection::vec(item.instance(), 0..=max.unwrap_or(4).min(4)).prop_map(Value::Array).boxed()
            }
            Self::Object(props) => {
                let fields: Vec<BoxedStrategy<Option<(String, Value)>>> = props
                    .iter()
                    .map(|(name, shape, required)| {
                        let name = name.clone();
                        let value = shape.instance().prop_map(move |v| Some((name.clone(), v)));
                        if *required {
                            value.boxed()
                        } else {
                            prop_oneof![Just(None), value].boxed()
                        }
                    })
                    .collect();
                fields.prop_map(|fields| Value::Object(fields.into_iter().flatten().collect())).boxed()
            }
        }
    }
}

fn leaf() -> impl Strategy<Value = Shape> {
    prop_oneof![
        (proptest::option::of(1usize..30), proptest::option::of(0usize..2))
            .prop_map(|(max, min)| Shape::Str { max, min }),
        Just(Shape::Str { max: None, min: None }),
        Just(Shape::Date),
        Just(Shape::Uuid),
        proptest::collection::vec("[a-zA-Z_ ]{1,8}", 1..5).prop_map(|mut v| {
            v.sort();
            v.dedup();
            Shape::Enum(v)
        }),
        (-1000i64..1000, 0i64..1000).prop_map(|(min, span)| Shape::Int { min, max: min + span }),
        Just(Shape::Int { min: i64::MIN + 1, max: i64::MAX }),
        Just(Shape::Num),
        Just(Shape::Bool),
    ]
}

fn shape() -> impl Strategy<Value = Shape> {
    leaf().prop_recursive(3, 24, 5, |inner| {
        prop_oneof![
            inner.clone().prop_map(|s| Shape::Nullable(Box::new(s))),
            (inner.clone(), proptest::option::of(1usize..6)).prop_map(|(s, max)| Shape::Array(Box::new(s), max)),
            object(inner),
        ]
    })
}

fn object(inner: impl Strategy<Value = Shape>) -> impl Strategy<Value = Shape> {
    proptest::collection::vec((proptest::sample::select(NAMES), inner, any::<bool>()), 1..5).prop_map(|props| {
        let mut seen = std::collections::HashSet::new();
        // Names that fold to the same words are a schema no spec holds (left as declared).
        Shape::Object(
            props.into_iter().filter(|(n, _, _)| seen.insert(*n)).map(|(n, s, r)| (n.to_owned(), s, r)).collect(),
        )
    })
}

fn tool_and_call() -> impl Strategy<Value = (Value, bool, Value)> {
    (object(shape()), any::<bool>()).prop_flat_map(|(root, read_only)| {
        let schema = root.schema();
        root.instance().prop_map(move |call| (schema.clone(), read_only, call))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Rule 1 of the drop-in, for arbitrary schemas and their valid instances.
    #[test]
    fn a_call_valid_against_its_schema_reads_unchanged((schema, read_only, call) in tool_and_call()) {
        // The generator's instances are valid, by a validator of its own.
        let validator = jsonschema::validator_for(&schema).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(validator.is_valid(&call), "{} invalid for {}", call, schema);
        let tool = spec(schema.clone(), read_only);
        match tool.read(&call) {
            ToolCall::Ok { args, notes, .. } => {
                prop_assert_eq!(&args, &call, "schema {}", schema);
                prop_assert!(notes.is_empty(), "notes {:?} on {} for {}", notes, call, schema);
            }
            asked @ ToolCall::Error { .. } => prop_assert!(false, "asked {} on {} for {}", asked.to_json(), call, schema),
        }
    }
}
