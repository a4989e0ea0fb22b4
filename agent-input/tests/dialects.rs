//! Each host's dialect of a tool's input schema (`ToolSpec::input_schema_for`), checked by the
//! rules each host documents: OpenAI's strict mode (every object closed and wholly required,
//! the documented keywords and formats only, arrays with `items`), Gemini's function
//! declarations (one type per schema, `nullable`, string enums, the documented formats, no
//! references), MCP's and Anthropic's JSON Schema 2020-12. Every vector's canonical value
//! validates against its kind's property in every dialect, an optional property's `null` (what
//! strict mode sends for it) reads as absent, and the dialects of the example specs are golden
//! files (`examples/specs/dialects/`), which the Python binding's tests give to the hosts' own
//! libraries.

mod common;

use agent_input::tool::{Dialect, ToolCall, ToolSpec};
use serde_json::{json, Map, Value};

/// The keywords OpenAI's strict mode documents.
const OPENAI_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "anyOf",
    "enum",
    "const",
    "description",
    "title",
    "$defs",
    "$ref",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
];

/// The keywords Gemini's `Schema` documents.
const GEMINI_KEYWORDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "items",
    "minItems",
    "maxItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "minimum",
    "maximum",
    "anyOf",
    "default",
    "example",
    "propertyOrdering",
];

/// Every rule of OpenAI's strict mode a schema breaks, with its path.
fn openai_faults(node: &Value, path: &str, out: &mut Vec<String>) {
    let Some(obj) = node.as_object() else {
        out.push(format!("{path}: not a schema object"));
        return;
    };
    for key in obj.keys() {
        if !OPENAI_KEYWORDS.contains(&key.as_str()) {
            out.push(format!("{path}: keyword `{key}`"));
        }
    }
    if let Some(f) = obj.get("format").and_then(Value::as_str) {
        let documented = ["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];
        if !documented.contains(&f) {
            out.push(format!("{path}: format `{f}`"));
        }
    }
    match obj.get("type") {
        Some(Value::String(t)) if t == "array" && !obj.contains_key("items") => {
            out.push(format!("{path}: array without items"))
        }
        Some(Value::String(t)) if t == "object" => {
            let props = obj.get("properties").and_then(Value::as_object);
            let Some(props) = props else {
                out.push(format!("{path}: object without properties"));
                return;
            };
            let required: Vec<&str> =
                obj.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
            if props.keys().any(|k| !required.contains(&k.as_str())) || required.len() != props.len() {
                out.push(format!("{path}: not every property is required"));
            }
            if obj.get("additionalProperties") != Some(&Value::Bool(false)) {
                out.push(format!("{path}: additionalProperties is not false"));
            }
            for (k, v) in props {
                openai_faults(v, &format!("{path}/{k}"), out);
            }
        }
        Some(Value::String(_)) => {}
        Some(other) => out.push(format!("{path}: type {other}")),
        None if !obj.contains_key("anyOf")
            && !obj.contains_key("$ref")
            && !obj.contains_key("enum")
            && !obj.contains_key("const") =>
        {
            out.push(format!("{path}: a schema of no type"));
        }
        None => {}
    }
    for (i, b) in obj.get("anyOf").and_then(Value::as_array).into_iter().flatten().enumerate() {
        openai_faults(b, &format!("{path}/anyOf/{i}"), out);
    }
    if let Some(items) = obj.get("items") {
        openai_faults(items, &format!("{path}/items"), out);
    }
    for (k, v) in obj.get("$defs").and_then(Value::as_object).into_iter().flatten() {
        openai_faults(v, &format!("{path}/$defs/{k}"), out);
    }
}

/// Every rule of Gemini's function declarations a schema breaks, with its path.
fn gemini_faults(node: &Value, path: &str, out: &mut Vec<String>) {
    let Some(obj) = node.as_object() else {
        out.push(format!("{path}: not a schema object"));
        return;
    };
    for key in obj.keys() {
        if !GEMINI_KEYWORDS.contains(&key.as_str()) {
            out.push(format!("{path}: keyword `{key}`"));
        }
    }
    let ty = match obj.get("type") {
        Some(Value::String(t))
            if ["string", "number", "integer", "boolean", "array", "object"].contains(&t.as_str()) =>
        {
            t.as_str()
        }
        Some(other) => {
            out.push(format!("{path}: type {other}"));
            ""
        }
        None => "",
    };
    if ty.is_empty() && !obj.contains_key("anyOf") {
        out.push(format!("{path}: a schema of no type"));
    }
    if let Some(f) = obj.get("format").and_then(Value::as_str) {
        let documented = matches!(
            (ty, f),
            ("string", "date-time" | "enum") | ("number", "float" | "double") | ("integer", "int32" | "int64")
        );
        if !documented {
            out.push(format!("{path}: format `{f}` for type `{ty}`"));
        }
    }
    if let Some(values) = obj.get("enum").and_then(Value::as_array) {
        if !values.iter().all(Value::is_string) {
            out.push(format!("{path}: an enum of non-strings"));
        }
    }
    if ty == "array" && !obj.contains_key("items") {
        out.push(format!("{path}: array without items"));
    }
    if ty == "object" && obj.get("properties").and_then(Value::as_object).is_none_or(Map::is_empty) {
        out.push(format!("{path}: object without properties"));
    }
    for (k, v) in obj.get("properties").and_then(Value::as_object).into_iter().flatten() {
        gemini_faults(v, &format!("{path}/{k}"), out);
    }
    for (i, b) in obj.get("anyOf").and_then(Value::as_array).into_iter().flatten().enumerate() {
        gemini_faults(b, &format!("{path}/anyOf/{i}"), out);
    }
    if let Some(items) = obj.get("items") {
        gemini_faults(items, &format!("{path}/items"), out);
    }
}

/// A Gemini schema as JSON Schema (`nullable` as a `null` branch), to validate values with.
fn gemini_as_json_schema(node: &Value) -> Value {
    let Value::Object(obj) = node else { return node.clone() };
    let mut out = Map::new();
    for (k, v) in obj {
        match k.as_str() {
            "nullable" | "propertyOrdering" | "example" => {}
            "properties" => {
                let props: Map<String, Value> =
                    v.as_object().into_iter().flatten().map(|(k, v)| (k.clone(), gemini_as_json_schema(v))).collect();
                out.insert(k.clone(), Value::Object(props));
            }
            "items" => {
                out.insert(k.clone(), gemini_as_json_schema(v));
            }
            "anyOf" => {
                out.insert(k.clone(), v.as_array().into_iter().flatten().map(gemini_as_json_schema).collect());
            }
            _ => {
                out.insert(k.clone(), v.clone());
            }
        }
    }
    if obj.get("nullable") == Some(&Value::Bool(true)) {
        return json!({"anyOf": [Value::Object(out), {"type": "null"}]});
    }
    Value::Object(out)
}

/// The tool specs the dialects are checked on: every tool vector's and every example spec.
fn specs() -> Vec<(String, Value)> {
    let mut out: Vec<(String, Value)> = common::tool_files().into_iter().map(|f| (f.file, f.spec)).collect();
    out.extend(example_specs());
    out
}

/// The example specs (`examples/specs/*.json`), by file name, their vocabularies' `entries`
/// files read (as `agent-input schema --tool` reads them).
fn example_specs() -> Vec<(String, Value)> {
    let dir = common::vectors_dir().join("../../examples/specs");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for decl in doc["properties"].as_object_mut().into_iter().flat_map(|p| p.values_mut()) {
                if let Some(file) = decl.get("entries").and_then(Value::as_str) {
                    let entries = std::fs::read_to_string(dir.join(file)).unwrap();
                    decl["entries"] = serde_json::from_str(&entries).unwrap();
                }
            }
            out.push((name, doc));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// A spec, its unkeyed cursors read with a test key (as a server gives its own).
fn spec_of(doc: &Value) -> ToolSpec {
    let codec = agent_input::cursor::CursorCodec::new(b"a dialect test key, 32 bytes....").unwrap();
    ToolSpec::from_json_with_codec(doc, &codec).unwrap()
}

#[test]
fn every_spec_keeps_each_hosts_rules() {
    let mut faults = Vec::new();
    for (name, doc) in specs() {
        let spec = spec_of(&doc);
        let strict = spec.input_schema_for(Dialect::OpenaiStrict);
        if strict.get("anyOf").is_some() || strict["type"] != "object" {
            faults.push(format!("{name}: the strict root is no plain object"));
        }
        openai_faults(&strict, &format!("{name} (openai-strict)"), &mut faults);
        let gemini = spec.input_schema_for(Dialect::Gemini);
        gemini_faults(&gemini, &format!("{name} (gemini)"), &mut faults);
        assert!(!gemini.to_string().contains("\"$ref\""), "{name}: Gemini has no references");
        for dialect in [Dialect::Mcp, Dialect::Anthropic] {
            let schema = spec.input_schema_for(dialect);
            assert_eq!(schema, spec.input_schema(), "{name}: {dialect} is JSON Schema as written");
            jsonschema::meta::validate(&schema).unwrap_or_else(|e| panic!("{name} ({dialect}): {e}"));
        }
    }
    assert!(faults.is_empty(), "{} faults:\n{}", faults.len(), faults.join("\n"));
}

#[test]
fn what_a_dialect_cannot_say_is_said_in_the_description() {
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": {
        "query": {"kind": "text", "max_length": 200, "required": true},
        "when": {"kind": "date"}}}))
    .unwrap();
    let strict = spec.input_schema_for(Dialect::OpenaiStrict);
    let query = strict["properties"]["query"]["description"].as_str().unwrap();
    assert!(query.contains("Not expressed in this schema:") && query.contains("any JSON array"), "{query}");
    let when = &strict["properties"]["when"];
    assert!(when["description"].as_str().unwrap().contains("Optional: send null to leave it out."), "{when}");
    assert_eq!(when["anyOf"][0], json!({"type": "string", "format": "date"}), "the canonical shape first");
    let gemini = spec.input_schema_for(Dialect::Gemini);
    let when = gemini["properties"]["when"]["description"].as_str().unwrap();
    assert!(when.contains("format date"), "Gemini has no date format: {when}");
    assert!("OPENAI-STRICT".parse::<Dialect>().is_ok() && "openai_strict".parse::<Dialect>().is_ok());
    let err = "openai".parse::<Dialect>().unwrap_err();
    assert!(err.to_string().contains("`openai-strict`"), "{err}");
}

#[test]
fn every_canonical_value_validates_in_every_dialect() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in common::cases() {
        let (Some(value), "ok") = (case.expect.get("value"), case.expect["status"].as_str().unwrap_or_default()) else {
            continue;
        };
        if case.kind == "cursor" {
            continue;
        }
        let mut decl = case.options.as_object().cloned().unwrap_or_default();
        decl.insert("kind".into(), Value::String(case.kind.clone()));
        for required in [true, false] {
            decl.insert("required".into(), Value::Bool(required));
            let Ok(spec) = ToolSpec::from_json(&json!({"name": "t", "properties": {"v": decl.clone()}})) else {
                continue;
            };
            for dialect in Dialect::ALL {
                let schema = spec.input_schema_for(dialect);
                let property = match dialect {
                    Dialect::Gemini => gemini_as_json_schema(&schema["properties"]["v"]),
                    _ => schema["properties"]["v"].clone(),
                };
                let mut with_defs = property.clone();
                if let (Some(defs), Value::Object(p)) = (schema.get("$defs"), &mut with_defs) {
                    p.insert("$defs".into(), defs.clone());
                }
                let validator = jsonschema::validator_for(&with_defs).unwrap();
                checked += 1;
                // Strict mode writes every property of an object: an open bound as null.
                let value = if dialect == Dialect::OpenaiStrict { as_strict(value, &property) } else { value.clone() };
                if !validator.is_valid(&value) {
                    failures.push(format!("{}/{} ({dialect}): {value} rejected by {property}", case.file, case.name));
                }
                if !required && dialect != Dialect::Mcp && !validator.is_valid(&Value::Null) {
                    failures.push(format!(
                        "{}/{} ({dialect}): null refused for an optional property",
                        case.file, case.name
                    ));
                }
            }
        }
    }
    assert!(checked > 2000, "only {checked} checked");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn the_nulls_strict_mode_sends_for_optional_properties_read_as_absent() {
    for (name, doc) in example_specs() {
        let spec = spec_of(&doc);
        let strict = spec.input_schema_for(Dialect::OpenaiStrict);
        let mcp = spec.input_schema();
        let required: Vec<&str> = mcp["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        let ToolCall::Ok { args: plain, .. } = spec.read(&skeleton_of(&spec.input_schema(), &required)) else {
            panic!("{name}: the required properties alone read")
        };
        // Strict mode sends every property: the optional ones as null.
        let mut all = skeleton_of(&spec.input_schema(), &required);
        for key in strict["properties"].as_object().unwrap().keys() {
            all.as_object_mut().unwrap().entry(key.clone()).or_insert(Value::Null);
        }
        let ToolCall::Ok { args, notes, .. } = spec.read(&all) else { panic!("{name}: {all} reads") };
        assert_eq!(args, plain, "{name}: null reads as leaving the property out");
        let read_as_absent = |n: &agent_input::Note| {
            matches!(n.code, agent_input::NoteCode::NullReadAsAbsent | agent_input::NoteCode::DefaultApplied)
        };
        assert!(notes.iter().all(read_as_absent), "{name}: {notes:?}");
    }
}

/// `value` as strict mode writes it: an object's properties it leaves out (an open bound) as
/// `null`, by the first object branch of `schema` that declares every key the value has.
fn as_strict(value: &Value, schema: &Value) -> Value {
    let fits = |b: &Value| {
        b["type"] == "object" && value.as_object().is_some_and(|o| o.keys().all(|k| b["properties"].get(k).is_some()))
    };
    let object = schema["anyOf"].as_array().into_iter().flatten().chain([schema]).find(|b| fits(b));
    match (value, object) {
        (Value::Object(o), Some(object)) => {
            let mut out = o.clone();
            for key in object["properties"].as_object().into_iter().flatten().map(|(k, _)| k) {
                out.entry(key.clone()).or_insert(Value::Null);
            }
            Value::Object(out)
        }
        _ => value.clone(),
    }
}

/// A call with each required property set to an example of its canonical branch.
fn skeleton_of(schema: &Value, required: &[&str]) -> Value {
    let mut out = Map::new();
    for name in required {
        let canonical = &schema["properties"][name]["anyOf"][0];
        let value = match (canonical["type"].as_str(), canonical["format"].as_str()) {
            (Some("string"), Some("date")) => json!("2026-10-01"),
            (Some("string"), Some("uuid")) => json!("0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d"),
            (Some("string"), _) => canonical["enum"].get(0).cloned().unwrap_or(json!("example-0001")),
            (Some("integer" | "number"), _) => json!(1),
            (Some("boolean"), _) => json!(true),
            _ => json!("words"),
        };
        out.insert((*name).to_owned(), value);
    }
    Value::Object(out)
}

#[test]
fn the_example_specs_dialects_match_their_golden_files() {
    let dir = common::vectors_dir().join("../../examples/specs/dialects");
    let mut stale = Vec::new();
    for (name, doc) in example_specs() {
        let spec = spec_of(&doc);
        for dialect in Dialect::ALL {
            let text = serde_json::to_string_pretty(&spec.definition_for(dialect)).unwrap() + "\n";
            let path = dir.join(format!("{name}.{dialect}.json"));
            let committed = std::fs::read_to_string(&path).unwrap_or_default().replace("\r\n", "\n");
            if committed != text {
                stale.push(format!("{name}.{dialect}"));
                if std::env::var_os("CI").is_none() {
                    std::fs::create_dir_all(&dir).unwrap();
                    std::fs::write(&path, text).unwrap();
                }
            }
        }
    }
    assert!(
        stale.is_empty(),
        "dialect golden files changed: {stale:?}; review and commit examples/specs/dialects/ (off CI they were rewritten)"
    );
}
