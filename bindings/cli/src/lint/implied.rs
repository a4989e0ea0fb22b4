//! `name_implies_kind`: the one-line drop-in's naming trap. A server made lenient reads a plain
//! string property (`"type": "string"`, no `format`, `pattern`, `enum` or `const`) as sent,
//! unless its author turns on `implied_kinds`: then the property's name decides its kind
//! (`agent_input::tool::implied`), and `from` is read as a date bound whatever it holds, which
//! on server-memory's `create_relations` is an entity's name. The rule names each such
//! property, nested ones too (`implied_kinds` on a tool reaches them), so the author says what
//! the string is before turning the option on, or leaves it off for that property.
//!
//! Ids (`*_id`) are not reported: a plain string id stays a string under `implied_kinds` too
//! (an id reads as a uuid only with `format: uuid`), and `id_untyped` already names it.
//! Numbers (`limit`) are not either: the drop-in reads them by their schema, not their name.

use serde_json::Value;

use super::rules::{finding, pointer_escape, MAX_SCHEMA_DEPTH};
use super::Finding;

/// The key of agent-input's extension on a schema (`x-agent-input`), where `implied_kinds` is
/// set or a property's own override is given.
const EXTENSION_KEY: &str = "x-agent-input";

/// The rule over one tool's input schema. A tool whose root `x-agent-input` sets
/// `implied_kinds` (either way) has decided, and gets no finding.
pub fn name_implies_kind(tool: &str, schema: &Value, base: &str, out: &mut Vec<Finding>) {
    if schema.get(EXTENSION_KEY).and_then(|x| x.get("implied_kinds")).is_some() {
        return;
    }
    walk(tool, schema, &format!("{base}/inputSchema"), 0, out);
}

/// The properties of an object schema, then their objects' (array items', nullable branches').
fn walk(tool: &str, schema: &Value, path: &str, depth: usize, out: &mut Vec<Finding>) {
    if depth > MAX_SCHEMA_DEPTH {
        return;
    }
    let Some(props) = schema.get("properties").and_then(Value::as_object) else { return };
    for (key, prop) in props {
        let at = format!("{path}/properties/{}", pointer_escape(key));
        if prop.get(EXTENSION_KEY).is_some() {
            continue; // the author's own declaration of this property
        }
        if let Some((kind, reading)) = plain_string(prop).and_then(|_| kind_of(key)) {
            let message = format!(
                "`{key}` is a plain string, read as sent; with implied_kinds on, its name makes it {kind}: {reading}"
            );
            out.push(finding("name_implies_kind", Some(tool), at.clone(), message));
        }
        for (suffix, inner) in nested(prop) {
            walk(tool, inner, &format!("{at}{suffix}"), depth + 1, out);
        }
    }
}

/// The object schemas inside a property, each with its pointer below the property: the
/// property itself, its array's items, its `anyOf`/`oneOf` branches.
fn nested(prop: &Value) -> Vec<(String, &Value)> {
    let mut out = vec![(String::new(), prop)];
    if let Some(items) = prop.get("items").filter(|i| i.is_object()) {
        out.push(("/items".into(), items));
    }
    for key in ["anyOf", "oneOf"] {
        for (n, branch) in prop.get(key).and_then(Value::as_array).into_iter().flatten().enumerate() {
            out.push((format!("/{key}/{n}"), branch));
            if let Some(items) = branch.get("items").filter(|i| i.is_object()) {
                out.push((format!("/{key}/{n}/items"), items));
            }
        }
    }
    out
}

/// The string schema of a plain string property, alone or beside `null` (pydantic's
/// `Optional[str]`, a `["string", "null"]` type array); `None` for any other property.
fn plain_string(prop: &Value) -> Option<&Value> {
    let is_null = |s: &Value| s.get("type").and_then(Value::as_str) == Some("null");
    let branches: Vec<&Value> = ["anyOf", "oneOf"]
        .iter()
        .filter_map(|k| prop.get(*k).and_then(Value::as_array))
        .flatten()
        .filter(|b| !is_null(b))
        .collect();
    let schema = match branches.as_slice() {
        [] => prop,
        [one] => one,
        _ => return None,
    };
    let string = match schema.get("type") {
        Some(Value::String(t)) => t == "string",
        Some(Value::Array(t)) => {
            let named: Vec<&str> = t.iter().filter_map(Value::as_str).filter(|t| *t != "null").collect();
            named == ["string"]
        }
        _ => false,
    };
    let constrained =
        ["format", "pattern", "enum", "const"].iter().any(|k| schema.get(*k).is_some() || prop.get(*k).is_some());
    (string && !constrained).then_some(schema)
}

/// What the name makes a plain string under `implied_kinds`, and how that kind reads it; `None`
/// for a name that implies no kind of a string (ids, page sizes, `response_format`).
fn kind_of(name: &str) -> Option<(&'static str, &'static str)> {
    // Whether the tool writes changes only an id's reading, which is not reported.
    let implied = agent_input::tool::implied::implied(name, true)?;
    let kind = implied.get("kind").and_then(Value::as_str)?;
    let role = implied.get("role").and_then(Value::as_str);
    Some(match (kind, role) {
        ("date", Some("from")) => (
            "a date range's lower bound",
            "a year or month reads as its first day, and a value that is no date is refused",
        ),
        ("date", Some("to")) => (
            "a date range's upper bound",
            "a year or month reads as its last day, and a value that is no date is refused",
        ),
        ("date", _) => ("a date", "a value that is no date is refused"),
        ("cursor", _) => ("a cursor", "a first-page word (\"start\") or a placeholder reads as no cursor"),
        ("locale", _) => ("a language", "it is read as a BCP 47 tag, and a value that is no language is refused"),
        ("country", _) => ("a country", "it is read as an ISO 3166-1 code, and a value that is no country is refused"),
        ("idempotency_key", _) => ("an idempotency key", "a placeholder key is asked about"),
        _ => return None,
    })
}
