//! Whether a value is valid against the JSON Schema a server declared for it: the check that
//! lets a call the server already accepts reach its handler unchanged.
//!
//! A property read from a schema somebody else wrote ([`super::ToolSpec::from_input_schema`])
//! keeps that schema (`accepts` in its declaration); a value valid against it is passed on as
//! sent, with no note, before any kind reads it. The check errs on one side only: it may take
//! an invalid value as valid (the server's own validation then refuses it, as it did without
//! agent-input), never a valid one as invalid. So a keyword it does not check (`not`,
//! `patternProperties`, `uniqueItems`, a `pattern` other than a date's, a `format` other than
//! `date` and `uuid`) accepts, `oneOf` is read as `anyOf`, numbers are compared as the nearest
//! doubles with the bounds inclusive (rounding keeps their order, so no valid number is
//! refused), and a schema deeper or larger than the bounds below accepts.
//!
//! `format` is checked for `date` (RFC 3339 `full-date`) and `uuid` (RFC 9562's hyphenated
//! form, either case), as the frameworks that write those formats (pydantic, zod) assert them:
//! those are the formats a kind repairs.

use std::sync::Arc;

use serde_json::{Map, Value};

use crate::date::{is_date_shape, is_full_date};
use crate::limits::{MAX_ACCEPTS_STEPS, MAX_SCHEMA_DEPTH};

/// The anchored patterns of a date alone that zod and others write (`from_schema` maps a string
/// with one of them to the date kind), without their anchors: each matches exactly the strings
/// [`is_full_date`] (the last, zod 4's, with its leap years) or [`is_date_shape`] accepts.
const DATE_PATTERNS: &[&str] = &[
    r"\d{4}-\d{2}-\d{2}",
    r"[0-9]{4}-[0-9]{2}-[0-9]{2}",
    // zod 4's `z.iso.date()`: leap years spelled out.
    r"(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))",
];

/// The place in [`DATE_PATTERNS`] of zod 4's, which spells out the calendar.
const ZOD_DATE: usize = 2;

/// Which of [`DATE_PATTERNS`] an anchored `pattern` (`^…$`) is, if any: a string property with
/// one is read as a date, and checked as the pattern says.
pub(super) fn date_pattern(pattern: &str) -> Option<usize> {
    let anchored = pattern.starts_with('^') && pattern.ends_with('$') && !pattern.ends_with("\\$");
    let bare = pattern.trim_start_matches('^').trim_end_matches('$');
    DATE_PATTERNS.iter().position(|p| *p == bare).filter(|_| anchored)
}

/// A declared schema and the definitions its `$ref`s name (`$defs`, `definitions`), shared by
/// the properties of one tool.
#[derive(Clone, Debug)]
pub(crate) struct Accepts {
    schema: Value,
    defs: Arc<Map<String, Value>>,
}

impl Accepts {
    pub(crate) fn new(schema: Value, defs: Arc<Map<String, Value>>) -> Self {
        Self { schema, defs }
    }

    /// True when `value` may be valid against the schema (never false for a valid one).
    pub(crate) fn accepts(&self, value: &Value) -> bool {
        let mut check = Check { defs: &self.defs, steps: 0 };
        check.valid(&self.schema, value, 0)
    }
}

/// One check's state: the definitions and the steps taken.
struct Check<'d> {
    defs: &'d Map<String, Value>,
    steps: usize,
}

impl<'d> Check<'d> {
    fn valid(&mut self, schema: &Value, value: &Value, depth: usize) -> bool {
        self.steps += 1;
        if self.steps > MAX_ACCEPTS_STEPS || depth > MAX_SCHEMA_DEPTH * 2 {
            return true; // past the bounds: the server's validation decides
        }
        let object = match schema {
            Value::Bool(b) => return *b,
            Value::Object(o) => o,
            _ => return true,
        };
        if let Some(reference) = object.get("$ref").and_then(Value::as_str) {
            if let Some(target) = self.target(reference) {
                if !self.valid(target, value, depth + 1) {
                    return false;
                }
            }
        }
        if value.is_null() && object.get("nullable") == Some(&Value::Bool(true)) {
            return true; // OpenAPI 3.0's null
        }
        if let Some(t) = object.get("type") {
            let ok = match t {
                Value::String(t) => has_type(value, t),
                Value::Array(ts) => ts.iter().any(|t| t.as_str().is_none_or(|t| has_type(value, t))),
                _ => true,
            };
            if !ok {
                return false;
            }
        }
        if let Some(Value::Array(values)) = object.get("enum") {
            if !values.iter().any(|v| same(v, value)) {
                return false;
            }
        }
        if let Some(c) = object.get("const") {
            if !same(c, value) {
                return false;
            }
        }
        let ok = match value {
            Value::Number(_) => numeric(object, value),
            Value::String(s) => string(object, s),
            Value::Array(items) => self.array(object, items, depth),
            Value::Object(map) => self.object(object, map, depth),
            Value::Bool(_) | Value::Null => true,
        };
        if !ok {
            return false;
        }
        if let Some(Value::Array(all)) = object.get("allOf") {
            if !all.iter().all(|s| self.valid(s, value, depth + 1)) {
                return false;
            }
        }
        // `oneOf` as `anyOf`: a value one branch takes may be valid.
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = object.get(key) {
                if !branches.is_empty() && !branches.iter().any(|s| self.valid(s, value, depth + 1)) {
                    return false;
                }
            }
        }
        true
    }

    /// The schema a local reference names; `None` (so accepted) for any other.
    fn target(&self, reference: &str) -> Option<&'d Value> {
        let defs: &'d Map<String, Value> = self.defs;
        let (table, name) = if let Some(n) = reference.strip_prefix("#/$defs/") {
            ("$defs", n)
        } else {
            ("definitions", reference.strip_prefix("#/definitions/")?)
        };
        defs.get(table)?.get(name.replace("~1", "/").replace("~0", "~"))
    }

    fn array(&mut self, object: &Map<String, Value>, items: &[Value], depth: usize) -> bool {
        let count = |key: &str| object.get(key).and_then(Value::as_u64).and_then(|n| usize::try_from(n).ok());
        if count("minItems").is_some_and(|n| items.len() < n) || count("maxItems").is_some_and(|n| items.len() > n) {
            return false;
        }
        // `prefixItems` (2020-12), or `items` as an array (draft 7): each by its place; `items`
        // as a schema then checks the rest.
        let (prefix, rest) = match (object.get("prefixItems"), object.get("items")) {
            (Some(Value::Array(p)), rest) => (p.as_slice(), rest),
            (None, Some(Value::Array(p))) => (p.as_slice(), None),
            (_, rest) => (&[][..], rest),
        };
        for (i, item) in items.iter().enumerate() {
            let schema = match prefix.get(i) {
                Some(s) => s,
                None => match rest {
                    Some(s) => s,
                    None => continue,
                },
            };
            if !self.valid(schema, item, depth + 1) {
                return false;
            }
        }
        true
    }

    fn object(&mut self, object: &Map<String, Value>, map: &Map<String, Value>, depth: usize) -> bool {
        if let Some(Value::Array(required)) = object.get("required") {
            if required.iter().filter_map(Value::as_str).any(|k| !map.contains_key(k)) {
                return false;
            }
        }
        let properties = object.get("properties").and_then(Value::as_object);
        // Keys a pattern may match are not checked as additional ones.
        let patterned = object.get("patternProperties").is_some_and(|p| p.as_object().is_some_and(|o| !o.is_empty()));
        let additional = object.get("additionalProperties");
        for (key, value) in map {
            match properties.and_then(|p| p.get(key)) {
                Some(schema) => {
                    if !self.valid(schema, value, depth + 1) {
                        return false;
                    }
                }
                None if patterned => {}
                None => {
                    if let Some(schema) = additional {
                        if !self.valid(schema, value, depth + 1) {
                            return false;
                        }
                    }
                }
            }
        }
        true
    }
}

/// True when `value` is of the JSON Schema type `t` (an integer is a number without a
/// fraction, `1.0` too).
fn has_type(value: &Value, t: &str) -> bool {
    match (t, value) {
        ("null", Value::Null)
        | ("boolean", Value::Bool(_))
        | ("number", Value::Number(_))
        | ("string", Value::String(_))
        | ("array", Value::Array(_))
        | ("object", Value::Object(_)) => true,
        ("integer", Value::Number(n)) => {
            n.is_i64() || n.is_u64() || n.as_f64().is_none_or(|f| !f.is_finite() || f.fract() == 0.0)
        }
        // A type this check does not know: the server's to say.
        (other, _) => !matches!(other, "null" | "boolean" | "number" | "integer" | "string" | "array" | "object"),
    }
}

/// JSON equality, numbers by their value (`1` is `1.0`), compared as the nearest doubles.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y || !x.is_finite() || !y.is_finite(),
            _ => true,
        },
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
        }
        _ => a == b,
    }
}

/// The numeric keywords, each bound inclusive (an exclusive one too: the nearest doubles of two
/// close numbers may be equal).
fn numeric(object: &Map<String, Value>, value: &Value) -> bool {
    let Some(v) = value.as_f64().filter(|v| v.is_finite()) else { return true };
    let bound = |key: &str| object.get(key).and_then(Value::as_f64).filter(|b| b.is_finite());
    let below = ["minimum", "exclusiveMinimum"].iter().filter_map(|k| bound(k)).any(|b| v < b);
    let above = ["maximum", "exclusiveMaximum"].iter().filter_map(|k| bound(k)).any(|b| v > b);
    !(below || above)
}

/// The string keywords: lengths in characters, the formats of the kinds, the date patterns.
fn string(object: &Map<String, Value>, s: &str) -> bool {
    let length = |key: &str| object.get(key).and_then(Value::as_u64);
    let min = length("minLength");
    let max = length("maxLength");
    if min.is_some() || max.is_some() {
        let chars = s.chars().count() as u64;
        if min.is_some_and(|m| chars < m) || max.is_some_and(|m| chars > m) {
            return false;
        }
    }
    match object.get("format").and_then(Value::as_str) {
        Some("date") if !is_full_date(s) => return false,
        Some("uuid") if !is_uuid_text(s) => return false,
        _ => {}
    }
    match object.get("pattern").and_then(Value::as_str).and_then(date_pattern) {
        Some(ZOD_DATE) => is_full_date(s),
        Some(_) => is_date_shape(s),
        None => true,
    }
}

/// A uuid in its hyphenated text form (8-4-4-4-12 hexadecimal digits, either case).
fn is_uuid_text(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            _ => c.is_ascii_hexdigit(),
        })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn accepts(schema: Value, value: Value) -> bool {
        let defs = schema
            .as_object()
            .map(|o| {
                o.iter()
                    .filter(|(k, _)| *k == "$defs" || *k == "definitions")
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        Accepts::new(schema, Arc::new(defs)).accepts(&value)
    }

    #[test]
    fn types_and_bounds() {
        assert!(accepts(json!({"type": "integer"}), json!(1.0)));
        assert!(!accepts(json!({"type": "integer"}), json!(1.5)));
        assert!(!accepts(json!({"type": "integer"}), json!("1")));
        assert!(accepts(json!({"type": ["string", "null"]}), json!(null)));
        assert!(!accepts(json!({"type": "string"}), json!(null)));
        assert!(accepts(json!({"type": "number", "maximum": 1.7976931348623157e308}), json!(1.7976931348623157e308)));
        assert!(!accepts(json!({"type": "integer", "minimum": 1}), json!(0)));
        // An exclusive bound is checked as inclusive: never refuses a valid number.
        assert!(accepts(json!({"type": "integer", "exclusiveMaximum": 10}), json!(10)));
        assert!(!accepts(json!({"type": "integer", "exclusiveMaximum": 10}), json!(11)));
    }

    #[test]
    fn strings_formats_and_enums() {
        assert!(accepts(json!({"type": "string", "format": "date"}), json!("2024-02-29")));
        assert!(!accepts(json!({"type": "string", "format": "date"}), json!("2026-02-29")));
        assert!(!accepts(json!({"type": "string", "format": "date"}), json!("1. 10. 2026")));
        assert!(accepts(json!({"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}), json!("2026-13-45")));
        assert!(!accepts(json!({"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}), json!("1.10.2026")));
        assert!(accepts(json!({"type": "string", "pattern": "^[a-z]+$"}), json!("ANY")));
        assert!(accepts(json!({"type": "string", "format": "uuid"}), json!("550E8400-E29B-41D4-A716-446655440000")));
        assert!(!accepts(json!({"type": "string", "format": "uuid"}), json!("550e8400e29b41d4a716446655440000")));
        assert!(accepts(json!({"type": "string", "format": "email"}), json!("not an email")));
        assert!(!accepts(json!({"type": "string", "maxLength": 2}), json!("abc")));
        assert!(accepts(json!({"type": "string", "maxLength": 3}), json!("ábč")));
        assert!(accepts(json!({"enum": ["a", 1]}), json!(1.0)));
        assert!(!accepts(json!({"enum": ["a", "b"]}), json!("A")));
    }

    #[test]
    fn containers_refs_and_recursion() {
        let tree = json!({
            "$ref": "#/$defs/Node",
            "$defs": {"Node": {"type": "object", "required": ["v"], "properties": {
                "v": {"type": "integer"},
                "left": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]},
                "right": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}}}}
        });
        assert!(accepts(tree.clone(), json!({"v": 1, "left": {"v": 2, "right": null}, "right": null})));
        assert!(!accepts(tree.clone(), json!({"v": 1, "left": {"v": "2"}})));
        // A reference to itself checks in bounded steps, accepting past them.
        assert!(accepts(
            json!({"$ref": "#/$defs/A", "$defs": {"A": {"anyOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/A"}]}}}),
            json!(1)
        ));
        let closed = json!({"type": "object", "properties": {"a": {"type": "string"}}, "additionalProperties": false});
        assert!(!accepts(closed.clone(), json!({"b": 1})));
        assert!(accepts(closed, json!({"a": "x"})));
        assert!(!accepts(json!({"type": "array", "items": {"type": "string"}, "maxItems": 1}), json!(["a", "b"])));
        assert!(accepts(
            json!({"type": "array", "prefixItems": [{"type": "string"}, {"type": "integer"}]}),
            json!(["a", 1])
        ));
    }
}
