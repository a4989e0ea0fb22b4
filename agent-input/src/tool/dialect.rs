//! One tool's `inputSchema` in each host's dialect of JSON Schema ([`Dialect`]): MCP's and
//! Anthropic's JSON Schema 2020-12 (the schema as [`ToolSpec::input_schema`] writes it),
//! OpenAI's strict function calling, and Gemini's function declarations (an OpenAPI 3.0
//! subset). Each is made from the one MCP schema, so the dialects never drift from what the
//! reader reads: the canonical shape stays the first branch of each property (a model copies
//! it), the lenient branches stay where the dialect can say them, and what a dialect cannot say
//! (a keyword it refuses, a branch it cannot type) is said in the property's description
//! (`Not expressed in this schema: …`), never dropped silently.
//!
//! - **OpenAI strict** (as OpenAI documents Structured Outputs): every object lists every
//!   property in `required` and sets `additionalProperties: false`; an optional property admits
//!   `null` (read as absent, as every kind reads null); type arrays become `anyOf` branches of one
//!   type; only the documented keywords stay (`type`, `properties`, `required`,
//!   `additionalProperties`, `items`, `anyOf`, `enum`, `const`, `description`, `title`, `$defs`,
//!   `$ref`, `pattern`, `format` of the documented formats, `minimum`, `maximum`,
//!   `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`, `minItems`, `maxItems`); an array
//!   without `items`, an object without `properties` and a branch of no type are left out and
//!   named in the description.
//! - **Gemini** (the `Schema` of function declarations): one `type` per schema, `nullable`
//!   instead of a `null` type, `enum` of strings (a string `const` is a one-value `enum`),
//!   `format` only `date-time` and `enum` for strings, `float`/`double` for numbers,
//!   `int32`/`int64` for integers; `$ref` inlined (a reference deeper than
//!   [`MAX_SCHEMA_DEPTH`] is left as a string described); no `additionalProperties`.
//! - **MCP** and **Anthropic**: the schema as written, JSON Schema 2020-12.

use serde_json::{json, Map, Value};

use crate::error::Error;
use crate::limits::{MAX_SCHEMA_DEPTH, MAX_SCHEMA_PROPERTIES};

/// A host's dialect of JSON Schema.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// MCP's `inputSchema`: JSON Schema 2020-12 (the default).
    Mcp,
    /// OpenAI function calling in strict mode.
    OpenaiStrict,
    /// Gemini function declarations (an OpenAPI 3.0 subset).
    Gemini,
    /// Anthropic tool use: JSON Schema, as MCP.
    Anthropic,
}

impl Dialect {
    /// Every dialect, in the order the CLI lists them.
    pub const ALL: [Self; 4] = [Self::Mcp, Self::OpenaiStrict, Self::Gemini, Self::Anthropic];

    /// The dialect's name on the command line and in the bindings (`openai-strict`).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Mcp => "mcp",
            Self::OpenaiStrict => "openai-strict",
            Self::Gemini => "gemini",
            Self::Anthropic => "anthropic",
        }
    }
}

impl std::fmt::Display for Dialect {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Dialect {
    type Err = Error;

    /// `mcp`, `openai-strict`, `gemini` or `anthropic` (any case, `_` for `-`).
    fn from_str(s: &str) -> Result<Self, Error> {
        let name = s.trim().to_ascii_lowercase().replace('_', "-");
        Self::ALL.into_iter().find(|d| d.name() == name).ok_or_else(|| {
            Error::options(format!(
                "unknown schema dialect `{s}`, expected one of `mcp`, `openai-strict`, `gemini`, `anthropic`"
            ))
        })
    }
}

/// The input schema `mcp` (as [`ToolSpec::input_schema`](super::ToolSpec::input_schema) writes
/// it, with the names of its required properties) in `dialect`.
pub(super) fn input_schema_in(mcp: Value, dialect: Dialect) -> Value {
    match dialect {
        Dialect::Mcp | Dialect::Anthropic => mcp,
        Dialect::OpenaiStrict => openai_root(mcp),
        Dialect::Gemini => gemini_root(mcp),
    }
}

/// The formats OpenAI's strict mode documents for strings.
const OPENAI_FORMATS: &[&str] = &["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"];

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

/// What a dialect could not say of one property, gathered while its schema is rewritten.
#[derive(Default)]
struct Unsaid(Vec<String>);

impl Unsaid {
    fn add(&mut self, what: String) {
        if !self.0.contains(&what) {
            self.0.push(what);
        }
    }

    /// `description` with what was not said after it.
    fn describe(self, node: &mut Map<String, Value>) {
        if self.0.is_empty() {
            return;
        }
        let said = node.get("description").and_then(Value::as_str).unwrap_or_default().trim_end().to_owned();
        let sep = if said.is_empty() { "" } else { " " };
        node.insert(
            "description".into(),
            Value::String(format!("{said}{sep}Not expressed in this schema: {}.", self.0.join("; "))),
        );
    }
}

/// The keyword and its value, for a description (`maxLength 200`).
fn written(key: &str, value: &Value) -> String {
    match value {
        Value::String(s) => format!("{key} {s}"),
        Value::Object(_) | Value::Array(_) => key.to_owned(),
        other => format!("{key} {other}"),
    }
}

/// The OpenAI strict root: the object schema with every property required and each optional
/// one admitting `null`.
fn openai_root(mut mcp: Value) -> Value {
    if let Value::Object(root) = &mut mcp {
        root.remove("$schema");
        for key in ["$defs", "definitions"] {
            if let Some(Value::Object(defs)) = root.remove(key) {
                let defs: Map<String, Value> = defs.into_iter().map(|(k, v)| (k, openai_property(v, false))).collect();
                root.insert("$defs".into(), Value::Object(defs));
            }
        }
    }
    openai_object(mcp)
}

/// An object schema in strict mode: every property required, none other admitted.
fn openai_object(mut node: Value) -> Value {
    let Value::Object(obj) = &mut node else { return node };
    let required: Vec<String> = obj
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).map(str::to_owned).collect())
        .unwrap_or_default();
    let mut all = Vec::new();
    if let Some(Value::Object(props)) = obj.remove("properties") {
        let props: Map<String, Value> = props
            .into_iter()
            .map(|(k, v)| {
                let optional = !required.contains(&k);
                all.push(Value::String(k.clone()));
                (k, openai_property(v, optional))
            })
            .collect();
        obj.insert("properties".into(), Value::Object(props));
    }
    obj.insert("required".into(), Value::Array(all));
    obj.insert("additionalProperties".into(), Value::Bool(false));
    node
}

/// One property's schema in strict mode, admitting `null` when `optional`.
fn openai_property(node: Value, optional: bool) -> Value {
    let mut unsaid = Unsaid::default();
    let mut out = openai_node(node, &mut unsaid, 0);
    if optional && !admits_null(&out) {
        out = match out {
            Value::Object(mut o) if o.contains_key("anyOf") => {
                if let Some(Value::Array(branches)) = o.get_mut("anyOf") {
                    branches.push(json!({"type": "null"}));
                }
                Value::Object(o)
            }
            other => {
                let description = other.get("description").cloned();
                let mut branch = other;
                if let Value::Object(b) = &mut branch {
                    b.remove("description");
                }
                let mut o = Map::new();
                if let Some(d) = description {
                    o.insert("description".into(), d);
                }
                o.insert("anyOf".into(), json!([branch, {"type": "null"}]));
                Value::Object(o)
            }
        };
    }
    if let Value::Object(o) = &mut out {
        if let Some(Value::String(d)) = o.get_mut("description") {
            // Every property is sent in strict mode: null leaves an optional one out.
            *d = d.replace(super::props::OPTIONAL_SENTENCE, STRICT_OPTIONAL_SENTENCE);
        }
        unsaid.describe(o);
    }
    out
}

/// What an optional property's description says in strict mode.
const STRICT_OPTIONAL_SENTENCE: &str = "Optional: send null to leave it out.";

/// A `oneOf` (a union's members, which exclude each other by their tags' `const`) as `anyOf`,
/// for a dialect without `oneOf`: the members are told apart by their tags all the same.
fn one_of_as_any_of(obj: &mut Map<String, Value>) {
    if !obj.contains_key("anyOf") {
        if let Some(members) = obj.remove("oneOf") {
            obj.insert("anyOf".into(), members);
        }
    }
}

/// True when a schema admits `null` at its top (a `null` type or branch).
fn admits_null(node: &Value) -> bool {
    match node.get("type") {
        Some(Value::String(t)) if t == "null" => return true,
        Some(Value::Array(ts)) if ts.iter().any(|t| t == "null") => return true,
        _ => {}
    }
    node.get("anyOf").and_then(Value::as_array).is_some_and(|b| b.iter().any(admits_null))
}

/// A schema in strict mode, what it cannot say gathered in `unsaid`.
fn openai_node(node: Value, unsaid: &mut Unsaid, depth: usize) -> Value {
    let Value::Object(mut obj) = node else { return node };
    one_of_as_any_of(&mut obj);
    if depth > MAX_SCHEMA_DEPTH {
        unsaid.add("a schema nested deeper than this one".into());
        return json!({"type": "string"});
    }
    // Type arrays become branches of one type each.
    if let Some(Value::Array(types)) = obj.get("type") {
        let branches = one_type_each(types, &obj);
        return openai_node(json!({ "anyOf": branches }), unsaid, depth);
    }
    let keys: Vec<String> = obj.keys().cloned().collect();
    for key in keys {
        let keep = OPENAI_KEYWORDS.contains(&key.as_str())
            && !(key == "format"
                && obj.get("format").and_then(Value::as_str).is_some_and(|f| !OPENAI_FORMATS.contains(&f)));
        if !keep {
            if let Some(v) = obj.remove(&key) {
                // An `x-` extension (SEP-2631's `x-mcp-file`) annotates what the description says.
                if key != "$schema" && key != "default" && !key.starts_with("x-") {
                    unsaid.add(written(&key, &v));
                }
            }
        }
    }
    if let Some(Value::Array(branches)) = obj.remove("anyOf") {
        let mut kept = Vec::new();
        for b in branches {
            let b = openai_node(b, unsaid, depth + 1);
            match untyped(&b) {
                Some(what) => unsaid.add(what),
                None => flatten_into(&mut kept, b),
            }
        }
        obj.insert("anyOf".into(), Value::Array(kept));
    }
    if let Some(items) = obj.remove("items") {
        obj.insert("items".into(), openai_node(items, unsaid, depth + 1));
    }
    let node = Value::Object(obj);
    if node.get("type").and_then(Value::as_str) == Some("object") && node.get("properties").is_some() {
        return openai_object(node);
    }
    node
}

/// One schema per type of a type array (the rest of the schema in `obj`): the type, the
/// description on the first (`Also read leniently: …`), then the keywords that apply to it.
fn one_type_each(types: &[Value], obj: &Map<String, Value>) -> Vec<Value> {
    let description = obj.get("description");
    types
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let ty = t.as_str().unwrap_or_default();
            let mut branch = Map::from_iter([("type".to_owned(), t.clone())]);
            if let (0, Some(d)) = (i, description) {
                branch.insert("description".into(), d.clone());
            }
            let own = obj.iter().filter(|(k, _)| !matches!(k.as_str(), "type" | "description") && applies(k, ty));
            branch.extend(own.map(|(k, v)| (k.clone(), v.clone())));
            Value::Object(branch)
        })
        .collect()
}

/// True when the keyword `key` says something of a value of JSON type `ty` (a type array's
/// branches keep only their own: `format` stays with `string`, `items` with `array`).
fn applies(key: &str, ty: &str) -> bool {
    match key {
        "format" | "pattern" | "minLength" | "maxLength" => ty == "string",
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => {
            matches!(ty, "number" | "integer")
        }
        "items" | "minItems" | "maxItems" | "uniqueItems" | "prefixItems" => ty == "array",
        "properties" | "required" | "additionalProperties" | "minProperties" | "maxProperties" => ty == "object",
        "enum" | "const" => ty != "null",
        _ => true,
    }
}

/// What a branch no strict schema can hold is (an array without `items`, an object without
/// `properties`, a branch of no type), for the description; `None` for a branch strict mode
/// holds.
fn untyped(branch: &Value) -> Option<String> {
    let described = |what: &str| {
        let d = branch.get("description").and_then(Value::as_str).unwrap_or_default();
        if d.is_empty() {
            what.to_owned()
        } else {
            format!("{what} ({})", d.trim_end_matches('.'))
        }
    };
    match branch.get("type").and_then(Value::as_str) {
        Some("array") if branch.get("items").is_none() => Some(described("any JSON array")),
        Some("object") if branch.get("properties").is_none() => Some(described("any JSON object")),
        None if branch.get("anyOf").is_none()
            && branch.get("$ref").is_none()
            && branch.get("enum").is_none()
            && branch.get("const").is_none() =>
        {
            Some(described("any other JSON value"))
        }
        _ => None,
    }
}

/// Adds `branch` to `kept`, or its branches when it is an `anyOf` of its own with nothing else.
fn flatten_into(kept: &mut Vec<Value>, branch: Value) {
    match branch {
        Value::Object(mut o)
            if o.len() <= 2 && o.contains_key("anyOf") && (o.len() == 1 || o.contains_key("description")) =>
        {
            if let Some(Value::Array(inner)) = o.remove("anyOf") {
                kept.extend(inner);
            }
        }
        other => kept.push(other),
    }
}

/// The formats Gemini documents, by type.
fn gemini_format(ty: &str, format: &str) -> bool {
    matches!(
        (ty, format),
        ("string", "date-time" | "enum") | ("number", "float" | "double") | ("integer", "int32" | "int64")
    )
}

/// The keywords Gemini's `Schema` holds.
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

/// The Gemini root: references inlined, each property rewritten.
fn gemini_root(mcp: Value) -> Value {
    let defs = [mcp.get("$defs").cloned(), mcp.get("definitions").cloned()];
    let mut root = match mcp {
        Value::Object(o) => o,
        _ => return json!({"type": "object"}),
    };
    root.remove("$schema");
    root.remove("$defs");
    root.remove("definitions");
    if let Some(Value::Object(props)) = root.remove("properties") {
        // One budget for the whole tool: the references it inlines grow no schema past it.
        let mut walk = Walk::default();
        let props: Map<String, Value> = props
            .into_iter()
            .map(|(k, v)| {
                let mut unsaid = Unsaid::default();
                let mut out = gemini_node(v, &defs, &mut unsaid, &mut walk);
                if let Value::Object(o) = &mut out {
                    unsaid.describe(o);
                }
                (k, out)
            })
            .collect();
        root.insert("properties".into(), Value::Object(props));
    }
    root.remove("additionalProperties");
    Value::Object(root)
}

/// Where the rewriting of one tool's schema is: how deep, how many schemas it wrote (at most
/// [`MAX_SCHEMA_PROPERTIES`]), and the references it is inlining.
#[derive(Default)]
struct Walk {
    depth: usize,
    steps: usize,
    refs: Vec<String>,
}

impl Walk {
    /// `f` one level deeper.
    fn deeper<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> T {
        self.depth += 1;
        let out = f(self);
        self.depth -= 1;
        out
    }
}

/// The schema a `$ref` into `$defs` or `definitions` names.
fn resolved<'d>(reference: &str, defs: &'d [Option<Value>; 2]) -> Option<&'d Value> {
    let (key, name) = reference
        .strip_prefix("#/$defs/")
        .map(|n| (0, n))
        .or_else(|| reference.strip_prefix("#/definitions/").map(|n| (1, n)))?;
    defs.get(key)?.as_ref()?.get(name)
}

/// A schema in Gemini's subset, what it cannot say gathered in `unsaid`.
fn gemini_node(node: Value, defs: &[Option<Value>; 2], unsaid: &mut Unsaid, walk: &mut Walk) -> Value {
    let Value::Object(mut obj) = node else { return node };
    one_of_as_any_of(&mut obj);
    walk.steps += 1;
    if walk.depth > MAX_SCHEMA_DEPTH || walk.steps > MAX_SCHEMA_PROPERTIES {
        unsaid.add("a schema nested deeper than this one".into());
        return json!({"type": "string"});
    }
    if let Some(reference) = obj.remove("$ref") {
        return gemini_ref(obj, &reference, defs, unsaid, walk);
    }
    // A type array: `null` is `nullable`, several others are branches.
    if let Some(Value::Array(types)) = obj.get("type").cloned() {
        obj.remove("type");
        let nullable = types.iter().any(|t| t == "null");
        let others: Vec<Value> = types.into_iter().filter(|t| t != "null").collect();
        match others.as_slice() {
            [one] => {
                obj.insert("type".into(), one.clone());
            }
            [] => {}
            several => {
                obj = Map::from_iter([("anyOf".to_owned(), Value::Array(one_type_each(several, &obj)))]);
            }
        }
        if nullable {
            obj.insert("nullable".into(), Value::Bool(true));
        }
        return gemini_node(Value::Object(obj), defs, unsaid, walk);
    }
    if obj.get("type").and_then(Value::as_str) == Some("null") {
        return json!({"nullable": true});
    }
    gemini_keywords(&mut obj, unsaid);
    if let Some(Value::Array(branches)) = obj.remove("anyOf") {
        let (kept, nullable) = gemini_branches(branches, defs, unsaid, walk);
        obj.insert("anyOf".into(), Value::Array(kept));
        if nullable {
            obj.insert("nullable".into(), Value::Bool(true));
        }
    }
    if let Some(items) = obj.remove("items") {
        obj.insert("items".into(), walk.deeper(|walk| gemini_node(items, defs, unsaid, walk)));
    }
    if let Some(Value::Object(props)) = obj.remove("properties") {
        let props: Map<String, Value> =
            props.into_iter().map(|(k, v)| (k, walk.deeper(|walk| gemini_node(v, defs, unsaid, walk)))).collect();
        obj.insert("properties".into(), Value::Object(props));
    }
    Value::Object(obj)
}

/// A schema with a `$ref` (`obj` without it): the schema referred to, inlined under `obj`'s
/// own keywords; a reference back into a schema being inlined (a tree), or one that names no
/// definition, is said in the description instead.
fn gemini_ref(
    mut obj: Map<String, Value>,
    reference: &Value,
    defs: &[Option<Value>; 2],
    unsaid: &mut Unsaid,
    walk: &mut Walk,
) -> Value {
    let name = reference.as_str().unwrap_or_default().to_owned();
    let target = if walk.refs.contains(&name) { None } else { resolved(&name, defs).cloned() };
    let Some(Value::Object(target)) = target else {
        unsaid.add(written("$ref", reference));
        return json!({"type": "string"});
    };
    for (k, v) in target {
        obj.entry(k).or_insert(v);
    }
    walk.refs.push(name);
    let out = walk.deeper(|walk| gemini_node(Value::Object(obj), defs, unsaid, walk));
    walk.refs.pop();
    out
}

/// A schema's own keywords in Gemini's terms: a string `const` as a one-value `enum`, an enum of
/// other values as strings, and the keywords Gemini does not hold left out and said.
fn gemini_keywords(obj: &mut Map<String, Value>, unsaid: &mut Unsaid) {
    if let Some(c) = obj.remove("const") {
        match c {
            Value::String(_) => {
                obj.insert("enum".into(), json!([c]));
                obj.entry("type").or_insert_with(|| json!("string"));
            }
            other => unsaid.add(written("const", &other)),
        }
    }
    if let Some(Value::Array(values)) = obj.get("enum") {
        if !values.iter().all(Value::is_string) {
            let strings: Vec<Value> =
                values.iter().map(|v| Value::String(v.as_str().map_or_else(|| v.to_string(), str::to_owned))).collect();
            obj.insert("enum".into(), Value::Array(strings));
            obj.insert("type".into(), json!("string"));
        }
    }
    let ty = obj.get("type").and_then(Value::as_str).unwrap_or_default().to_owned();
    let keys: Vec<String> = obj.keys().cloned().collect();
    for key in keys {
        let keep = GEMINI_KEYWORDS.contains(&key.as_str())
            && !(key == "format" && obj.get("format").and_then(Value::as_str).is_some_and(|f| !gemini_format(&ty, f)));
        if !keep {
            if let Some(v) = obj.remove(&key) {
                if !matches!(key.as_str(), "$schema" | "additionalProperties") && !key.starts_with("x-") {
                    unsaid.add(written(&key, &v));
                }
            }
        }
    }
}

/// An `anyOf`'s branches in Gemini's terms, and whether one of them was `null` (Gemini's
/// `nullable`). A branch of branches (a type array made `anyOf`) lends its branches, and its
/// `nullable`, to these; a branch Gemini cannot hold is said instead.
fn gemini_branches(
    branches: Vec<Value>,
    defs: &[Option<Value>; 2],
    unsaid: &mut Unsaid,
    walk: &mut Walk,
) -> (Vec<Value>, bool) {
    let mut kept = Vec::new();
    let mut nullable = false;
    for b in branches {
        let b = walk.deeper(|walk| gemini_node(b, defs, unsaid, walk));
        if b == json!({"nullable": true}) {
            nullable = true;
            continue;
        }
        let b = match b {
            Value::Object(mut o) if o.get("nullable") == Some(&Value::Bool(true)) && o.contains_key("anyOf") => {
                nullable = true;
                o.remove("nullable");
                Value::Object(o)
            }
            other => other,
        };
        match gemini_untyped(&b) {
            Some(what) => unsaid.add(what),
            None => flatten_into(&mut kept, b),
        }
    }
    (kept, nullable)
}

/// What a branch Gemini cannot hold is: as [`untyped`], and an object with no properties.
fn gemini_untyped(branch: &Value) -> Option<String> {
    untyped(branch).or_else(|| {
        (branch.get("type").and_then(Value::as_str) == Some("object")
            && branch.get("properties").and_then(Value::as_object).is_some_and(Map::is_empty))
        .then(|| "any JSON object".to_owned())
    })
}
