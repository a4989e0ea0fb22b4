//! A tool spec from the JSON Schema a server already declares ([`super::ToolSpec::from_input_schema`]).
//!
//! FastMCP and the official Python SDK write a tool's `inputSchema` from the function's
//! signature (pydantic 2), the TypeScript SDK from zod (`z.toJSONSchema`), rmcp from schemars
//! on `Parameters<T>`. Such a schema was written by somebody else, for a server that already
//! validates it, so the first rule is: **a call valid against the tool's own schema reaches the
//! handler unchanged**. Each mapped property keeps the schema declared for it (`accepts`): a
//! value valid against it is passed on as sent, with no note, before any kind reads it
//! (`tool::accepts`). A kind reads only what the schema refuses. The one exception: a
//! placeholder uuid (nil, a documented example, repeated or counting digits) in a
//! `format: uuid` property of a tool that may write asks `placeholder_on_write`.
//!
//! | the schema says | what it refuses is read as |
//! | --- | --- |
//! | `"type": "integer"` (`minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`) | `number`, `integer`, the bounds (an exclusive bound moved to the next whole number); a page size's name (`limit`, `page_size`, …) clamps with a note, other numbers ask |
//! | `"type": "number"` (the bounds) | `number` with the bounds (an exclusive one as inclusive: the server refuses the bound itself) |
//! | `"type": "boolean"` | `boolean` |
//! | `"type": "string"`, `"format": "date"`, or an anchored date `pattern` (zod's) | `date` (a range bound by its name: `date_from`, `until`) |
//! | `"type": "string"`, `"format": "uuid"` | `uuid` (placeholders ask on a tool that may write) |
//! | `"type": "string"` with `contentEncoding: base64` or `format: byte`/`binary` (`contentMediaType` its `accept`); with SEP-2631's `x-mcp-file` (its `accept` and `maxSize`) | `file`, giving the handler standard base64 (a `data:` URL for `x-mcp-file`): a byte array, a Node `Buffer` or an MCP image block sent for it is read as its bytes |
//! | `"enum"` of strings, `"const"` string (pydantic's `Literal`, zod's `z.enum`) | `enum` of those values |
//! | `"type": "array"` with `items` (`maxItems`) of one of these | `list` of the item's kind; of objects, entries |
//! | `"type": "object"` with `properties` | an object of the mapped properties |
//! | `anyOf`/`oneOf`/a type array with `null` beside one schema | that schema, optional; a null sent for a required one is passed on as null |
//! | `$ref` into `$defs` or `definitions`, `allOf` of one schema | the schema referred to; a `$ref` back into a schema being mapped (a tree) is passed on there |
//! | `"type": "string"` alone (`minLength`, `maxLength`, `pattern`, a description): a plain string | passed on as sent: no trimming, no placeholder words, no cap but the schema's own; `null` for an optional one is absent, a one-item array of a string is the string, one string with no list separator for an array of strings is a one-item array, a number is its digits (each with a note) |
//! | anything else (`format: date-time`, unions of several types, `additionalProperties` maps) | passed on as sent: the server's own validation checks it; a map or tuple sent as JSON text is decoded |
//!
//! A property's name implies a kind only where the schema agrees (a date format or pattern, a
//! uuid format, an enum), or where the author opts in with `implied_kinds` (on the root
//! overrides, or on one property's): then `from`, `to`, `since`, `until`, `start_date`, … read
//! as date bounds, `language`/`locale` as a locale, `country` as a country, `cursor`/
//! `page_token` as a cursor (`"start"` and placeholders are no cursor) and `idempotency_key` as
//! a key, for every value (the author asked for it).
//!
//! Keywords the kinds do not check (`minLength`, `pattern`, `multipleOf`, an exclusive bound of a
//! decimal) stay the server's: the canonical value goes through the server's validation after the
//! read, so nothing is made weaker.
//!
//! What JSON Schema cannot say is declared under `x-agent-input`, on the root or on a property,
//! or given as `overrides` (the root's shape): `{"answered_by": "user", "writes": true,
//! "implied_kinds": true, "properties": {"court": {"kind": "vocabulary", "role": "filter",
//! "entries": […]}}}`. A property's object is merged over what the schema maps to (one with
//! `kind` replaces it, and reads every value); `false` leaves the property to the server.

use std::cell::{Cell, RefCell};

use serde_json::{json, Map, Value};

use super::accepts::date_pattern;
use super::implied::{date_bound, group};
use crate::error::Error;
use crate::limits::{MAX_LIST_ITEMS, MAX_SCHEMA_DEPTH, MAX_SCHEMA_PROPERTIES};
use crate::spelling::fold;

/// The key of what JSON Schema cannot say, on a schema's root or property.
pub const EXTENSION_KEY: &str = "x-agent-input";

/// The override (on the root, or on a property) that lets a property's name imply its kind
/// on a schema not written for agent-input: `from` a date bound, `language` a locale,
/// `cursor` a cursor (the table of `tool::implied`).
pub const IMPLIED_KINDS_KEY: &str = "implied_kinds";

/// The option of a property's declaration holding the schema its server declared: a value
/// valid against it is passed on as sent (`tool::accepts`).
pub(super) const ACCEPTS_KEY: &str = "accepts";

/// The tool spec document (`ToolSpec::from_json`'s shape) of a tool's JSON Schema, with
/// `overrides` merged over the schema's own `x-agent-input`.
pub(super) fn spec_document(schema: &Value, overrides: &Value) -> Result<Value, Error> {
    let object = schema.as_object().ok_or_else(|| Error::options("an input schema must be a JSON object"))?;
    // A whole MCP tool definition, or its input schema alone.
    let (definition, input) = match object.get("inputSchema") {
        Some(input) => (Some(object), input),
        None => (None, schema),
    };
    let input = input.as_object().ok_or_else(|| Error::options("`inputSchema` must be a JSON object"))?;
    let text = |key: &str| definition.and_then(|d| d.get(key)).and_then(Value::as_str);
    let name = text("name").or_else(|| input.get("title").and_then(Value::as_str)).unwrap_or("tool").to_owned();
    let description = text("description").or_else(|| input.get("description").and_then(Value::as_str));
    // A tool that does not say it only reads may write: an invented id asks.
    let mut extension = merge_root(input.get(EXTENSION_KEY), overrides, &name)?;
    let writes = writes_of(&mut extension, definition.and_then(|d| d.get("annotations")), &name)?;
    let mut property_overrides = match extension.remove("properties") {
        Some(Value::Object(o)) => o,
        None => Map::new(),
        Some(other) => {
            return Err(Error::options(format!(
                "`properties` of the overrides of `{name}` must be an object, found `{other}`"
            )))
        }
    };
    let (implied, implied_props) = implied_options(&mut extension, &mut property_overrides, &name)?;
    let mapper = Mapper {
        defs: [input.get("$defs"), input.get("definitions")],
        writes,
        implied,
        implied_props,
        mapped: Cell::new(0),
        active: RefCell::new(Vec::new()),
        recursive: RefCell::new(Vec::new()),
    };
    let root = mapper.inline_refs(&Value::Object(input.clone()), 0);
    let mut properties = mapper.properties(&root, 0);
    for (key, over) in property_overrides {
        let Some(Value::Object(decl)) = properties.get_mut(&key) else {
            return Err(Error::options(format!(
                "the overrides of `{name}` name `{key}`, which its schema does not declare"
            )));
        };
        let declared = root.pointer(&format!("/properties/{}", key.replace('~', "~0").replace('/', "~1")));
        apply_override(decl, &over, &key, declared.unwrap_or(&Value::Null))?;
    }
    let mut doc = json!({"name": name, "writes": writes, "all_or_nothing": true, "properties": {}});
    doc["properties"] = Value::Object(properties);
    let definitions = mapper.definitions();
    if !definitions.is_empty() {
        doc["defs"] = Value::Object(definitions);
    }
    // The server's own annotations stay as declared (their unstated hints are MCP's defaults);
    // the overrides' side effects (`confirm`, `destructive`, ...), copied below, go over them.
    match definition.and_then(|d| d.get("annotations")) {
        Some(Value::Object(a)) => doc["annotations"] = Value::Object(a.clone()),
        _ if writes => doc["annotations"] = json!({}),
        _ => {}
    }
    if let Some(defs) = schema_defs(input) {
        doc["schema_defs"] = defs;
    }
    if let Some(d) = description {
        doc["description"] = Value::String(d.to_owned());
    }
    for (key, value) in extension {
        doc[key] = value;
    }
    Ok(doc)
}

/// Whether a tool read from its server's schema writes: its overrides' `writes`, else unless
/// its annotations say it only reads. Overrides that ask for a confirmation (`"confirm": true`:
/// the protocol previews the call itself, and applies it with the preview's token) make it
/// destructive unless they or its annotations say otherwise (MCP's default for a tool that
/// writes).
fn writes_of(extension: &mut Map<String, Value>, annotations: Option<&Value>, name: &str) -> Result<bool, Error> {
    let read_only = annotations.and_then(|a| a.get("readOnlyHint")).and_then(Value::as_bool);
    let writes = match extension.remove("writes") {
        Some(Value::Bool(b)) => b,
        None => read_only != Some(true),
        Some(other) => {
            return Err(Error::options(format!("`writes` of tool `{name}` must be a boolean, found `{other}`")))
        }
    };
    let stated = annotations.and_then(|a| a.get("destructiveHint")).is_some_and(Value::is_boolean);
    if extension.get("confirm") == Some(&Value::Bool(true)) && !extension.contains_key("destructive") && !stated {
        extension.insert("destructive".into(), Value::Bool(true));
    }
    Ok(writes)
}

/// The definitions (`$defs`, `definitions`) of a schema, advertised beside the properties
/// passed on that refer to them and read by the `accepts` checks; `None` when it has none.
fn schema_defs(input: &Map<String, Value>) -> Option<Value> {
    let defs: Map<String, Value> =
        ["$defs", "definitions"].iter().filter_map(|k| Some(((*k).to_owned(), input.get(*k)?.clone()))).collect();
    (!defs.is_empty()).then_some(Value::Object(defs))
}

/// The tool's `implied_kinds` (taken out of the root overrides) and each property's own
/// (taken out of its override, before the rest is merged over the mapping).
fn implied_options(
    extension: &mut Map<String, Value>,
    property_overrides: &mut Map<String, Value>,
    name: &str,
) -> Result<(bool, Map<String, Value>), Error> {
    let flag = |value: Option<Value>, whose: &str| match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(b)),
        Some(other) => Err(Error::options(format!(
            "`{IMPLIED_KINDS_KEY}` of {whose}tool `{name}` must be a boolean, found `{other}`"
        ))),
    };
    let implied = flag(extension.remove(IMPLIED_KINDS_KEY), "")?.unwrap_or(false);
    let mut implied_props = Map::new();
    for (key, over) in property_overrides.iter_mut() {
        if let Value::Object(o) = over {
            if let Some(b) = flag(o.remove(IMPLIED_KINDS_KEY), &format!("property `{key}` of "))? {
                implied_props.insert(key.clone(), Value::Bool(b));
            }
        }
    }
    Ok((implied, implied_props))
}

/// The root overrides merged over the schema's own extension.
fn merge_root(own: Option<&Value>, overrides: &Value, name: &str) -> Result<Map<String, Value>, Error> {
    let mut extension = match own {
        Some(Value::Object(o)) => o.clone(),
        _ => Map::new(),
    };
    let over = match overrides {
        Value::Null => return Ok(extension),
        Value::Object(o) => o,
        other => return Err(Error::options(format!("the overrides of `{name}` must be an object, found `{other}`"))),
    };
    for (key, value) in over {
        match (key.as_str(), extension.get_mut(key), value) {
            ("properties", Some(Value::Object(mine)), Value::Object(theirs)) => {
                for (k, v) in theirs {
                    mine.insert(k.clone(), v.clone());
                }
            }
            _ => {
                extension.insert(key.clone(), value.clone());
            }
        }
    }
    Ok(extension)
}

/// A property's override: `false` passes it on (advertised as `declared`); an object with
/// `kind` replaces the mapping (keeping `required` and `description`), one without is merged
/// over it.
fn apply_override(decl: &mut Map<String, Value>, over: &Value, key: &str, declared: &Value) -> Result<(), Error> {
    match over {
        Value::Bool(false) => {
            decl.retain(|k, _| k == "required" || k == "description" || k == "nullable");
            decl.extend(passthrough(declared));
        }
        Value::Bool(true) | Value::Null => {}
        Value::Object(o) => {
            if o.contains_key("kind") {
                // The author's kind reads every value, valid against the schema or not.
                decl.retain(|k, _| k == "required" || k == "description" || k == "nullable");
            }
            for (k, v) in o {
                decl.insert(k.clone(), v.clone());
            }
        }
        other => {
            return Err(Error::options(format!("the override of `{key}` must be an object or false, found `{other}`")))
        }
    }
    Ok(())
}

/// Maps schemas to property declarations.
struct Mapper<'a> {
    defs: [Option<&'a Value>; 2],
    writes: bool,
    /// Names imply kinds (`implied_kinds`), for every property.
    implied: bool,
    /// A top-level property's own `implied_kinds`, over the tool's.
    implied_props: Map<String, Value>,
    /// Properties mapped so far ([`MAX_SCHEMA_PROPERTIES`] at most).
    mapped: Cell<usize>,
    /// The references followed into the properties being mapped: one met again refers back
    /// (a tree, a filter language), and is read there through the tool's definition of it.
    active: RefCell<Vec<String>>,
    /// The objects referred back to, as `(definition name, reference)`, each mapped once into
    /// the tool's `defs` ([`Self::definitions`]).
    recursive: RefCell<Vec<(String, String)>>,
}

impl Mapper<'_> {
    /// The schema `$ref` points to, `allOf` of one schema merged into its siblings; the schema
    /// itself otherwise, and for a reference back into a schema being mapped.
    fn inline_refs(&self, schema: &Value, depth: usize) -> Value {
        let Some(object) = schema.as_object() else { return schema.clone() };
        if depth > MAX_SCHEMA_DEPTH {
            return schema.clone();
        }
        let reference = object.get("$ref").and_then(Value::as_str);
        if let Some(target) = reference.and_then(|r| self.target(r)) {
            let reference = reference.unwrap_or_default();
            if self.active.borrow().iter().any(|r| r == reference) {
                return schema.clone(); // recursive: the server's own validation reads it
            }
            self.active.borrow_mut().push(reference.to_owned());
            let mut merged = self.inline_refs(target, depth + 1);
            if let Value::Object(m) = &mut merged {
                for (k, v) in object.iter().filter(|(k, _)| *k != "$ref") {
                    m.insert(k.clone(), v.clone());
                }
            }
            return merged;
        }
        if let Some(Value::Array(all)) = object.get("allOf") {
            if let [one] = all.as_slice() {
                let mut merged = self.inline_refs(one, depth + 1);
                if let Value::Object(m) = &mut merged {
                    for (k, v) in object.iter().filter(|(k, _)| *k != "allOf") {
                        m.insert(k.clone(), v.clone());
                    }
                }
                return merged;
            }
        }
        schema.clone()
    }

    /// A reference back into an object being mapped: the declaration that reads it through the
    /// tool's definition of it (`"kind": "ref"`), recorded to be mapped once. `None` for any
    /// other reference (to a schema no object kind reads: the server's own validation reads it).
    fn referred_back(&self, reference: &str) -> Option<Map<String, Value>> {
        if !self.active.borrow().iter().any(|r| r == reference) {
            return None;
        }
        let target = self.inline_refs(self.target(reference)?, 0);
        if !reads_as_object(&target) {
            return None;
        }
        let name = reference.rsplit('/').next()?.replace("~1", "/").replace("~0", "~");
        let mut recursive = self.recursive.borrow_mut();
        match recursive.iter().find(|(n, _)| *n == name) {
            Some((_, other)) if other != reference => return None, // two definitions of one name
            Some(_) => {}
            None => recursive.push((name.clone(), reference.to_owned())),
        }
        Some(obj(json!({"kind": "ref", "ref": name})))
    }

    /// The tool's definitions: each object referred back to, mapped once with its own
    /// reference active (so that it refers to itself by name), and the ones those refer to.
    fn definitions(&self) -> Map<String, Value> {
        let mut out = Map::new();
        let mut i = 0;
        loop {
            let next = self.recursive.borrow().get(i).cloned();
            let Some((name, reference)) = next else { break };
            i += 1;
            let Some(target) = self.target(&reference) else { continue };
            self.active.borrow_mut().push(reference.clone());
            let target = self.inline_refs(target, 1);
            let decl = self.kind_of(&name, &target, 1, self.implied);
            self.active.borrow_mut().pop();
            // Always an object (`referred_back` saw to it); past the bound of properties, its
            // properties are passed on as sent.
            if let Some(decl) = decl {
                out.insert(name, Value::Object(decl));
            }
        }
        out
    }

    /// The schema a local reference names (`#/$defs/Court`, `#/definitions/Court`).
    fn target(&self, reference: &str) -> Option<&Value> {
        let (table, name) = if let Some(n) = reference.strip_prefix("#/$defs/") {
            (self.defs[0], n)
        } else {
            (self.defs[1], reference.strip_prefix("#/definitions/")?)
        };
        table?.get(name.replace("~1", "/").replace("~0", "~"))
    }

    /// The declarations of an object schema's properties.
    fn properties(&self, object: &Value, depth: usize) -> Map<String, Value> {
        let required: Vec<&str> =
            object.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
        let mut out = Map::new();
        let Some(props) = object.get("properties").and_then(Value::as_object) else { return out };
        for (name, schema) in props {
            let mut decl = self.property(name, schema, depth + 1);
            if required.contains(&name.as_str()) {
                decl.insert("required".into(), Value::Bool(true));
            } else {
                // An optional property that reads as absent is left out: the server's default applies.
                decl.remove("nullable");
            }
            out.insert(name.clone(), Value::Object(decl));
        }
        out
    }

    /// One property's declaration: its kind and options, `description`, `nullable`, and the
    /// schema a value passed on as sent must be valid against (`accepts`).
    fn property(&self, name: &str, schema: &Value, depth: usize) -> Map<String, Value> {
        let count = self.mapped.get() + 1;
        self.mapped.set(count);
        if count > MAX_SCHEMA_PROPERTIES {
            return passthrough(schema);
        }
        let active = self.active.borrow().len();
        let decl = self.property_in(name, schema, depth);
        self.active.borrow_mut().truncate(active);
        decl
    }

    /// [`Self::property`], the references it follows kept as active.
    fn property_in(&self, name: &str, schema: &Value, depth: usize) -> Map<String, Value> {
        let implied = match (depth, self.implied_props.get(name)) {
            (1, Some(Value::Bool(b))) => *b,
            _ => self.implied,
        };
        let inlined = self.inline_refs(schema, depth);
        let (inner, nullable) = self.without_null(&inlined, depth);
        // The kind the schema says (a number, a date format) reads only what the schema refuses;
        // one the name alone implies (`implied_kinds`) reads every value, as the author asked.
        let mut decl = match inner.as_ref().and_then(|s| self.kind_of(name, s, depth, false)) {
            Some(mut decl) => {
                let mut declared = schema.clone();
                if let Value::Object(m) = &mut declared {
                    m.remove(EXTENSION_KEY);
                    m.remove("description");
                }
                decl.insert(ACCEPTS_KEY.into(), declared);
                decl
            }
            None => inner
                .as_ref()
                .filter(|_| implied && names_a_kind(name))
                .and_then(|s| self.kind_of(name, s, depth, true))
                .unwrap_or_else(|| passthrough(schema)),
        };
        if let Some(d) = inlined.get("description").or_else(|| inner.as_ref().and_then(|i| i.get("description"))) {
            if let Some(text) = d.as_str() {
                decl.insert("description".into(), Value::String(text.to_owned()));
            }
        }
        if nullable {
            decl.insert("nullable".into(), Value::Bool(true));
        }
        match inlined.get(EXTENSION_KEY) {
            Some(over) => {
                let mut decl = decl;
                // A malformed extension leaves the property to the server, never weaker.
                if apply_override(&mut decl, over, name, schema).is_err() {
                    return passthrough(schema);
                }
                decl
            }
            None => decl,
        }
    }

    /// The one schema beside `null` in a union (`anyOf`, `oneOf`, a type array), and whether
    /// null was there; the schema itself when it has no null.
    fn without_null(&self, schema: &Value, depth: usize) -> (Option<Value>, bool) {
        let is_null = |s: &Value| s.get("type").and_then(Value::as_str) == Some("null");
        for key in ["anyOf", "oneOf"] {
            if let Some(Value::Array(branches)) = schema.get(key) {
                let rest: Vec<Value> =
                    branches.iter().map(|b| self.inline_refs(b, depth + 1)).filter(|b| !is_null(b)).collect();
                let nullable = rest.len() < branches.len();
                // Documented enum variants (schemars, zod's `z.literal` unions): one `const` each.
                let consts: Option<Vec<&Value>> =
                    rest.iter().map(|b| b.get("const").filter(|c| c.is_string())).collect();
                if let Some(values) = consts.filter(|c| c.len() > 1) {
                    return (Some(json!({"type": "string", "enum": values})), nullable);
                }
                let [one] = rest.as_slice() else { return (None, nullable) };
                let mut one = one.clone();
                if let (Value::Object(m), Some(outer)) = (&mut one, schema.as_object()) {
                    for (k, v) in outer.iter().filter(|(k, _)| *k != key) {
                        m.entry(k.clone()).or_insert_with(|| v.clone());
                    }
                }
                if depth > MAX_SCHEMA_DEPTH {
                    return (None, nullable);
                }
                // The branch may be a union itself (a `$ref` to documented enum variants).
                let (inner, also) = self.without_null(&one, depth + 1);
                return (inner, nullable || also);
            }
        }
        if let Some(Value::Array(types)) = schema.get("type") {
            let rest: Vec<&Value> = types.iter().filter(|t| t.as_str() != Some("null")).collect();
            let nullable = rest.len() < types.len();
            let [one] = rest.as_slice() else { return (None, nullable) };
            let mut single = schema.clone();
            single["type"] = (*one).clone();
            return (Some(single), nullable);
        }
        (Some(schema.clone()), false)
    }

    /// The kind that reads a schema (no null in it), or `None` when no kind reads it as the
    /// schema means.
    fn kind_of(&self, name: &str, schema: &Value, depth: usize, implied: bool) -> Option<Map<String, Value>> {
        if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
            return self.referred_back(reference);
        }
        let words = fold::words(name);
        if let Some(c) = schema.get("const") {
            return Some(obj(json!({"kind": "enum", "values": [c.as_str()?]})));
        }
        if let Some(Value::Array(values)) = schema.get("enum") {
            let values: Option<Vec<&str>> = values.iter().map(Value::as_str).collect();
            let values = values.filter(|v| !v.is_empty())?;
            let decl = json!({"kind": "enum", "values": values});
            // Values the enum kind cannot tell apart (`"a"` and `"A"`, `"_"`): the server's.
            crate::kind::Spec::from_json(&decl).ok()?;
            return Some(obj(decl));
        }
        match schema.get("type").and_then(Value::as_str)? {
            "integer" => Some(number(schema, &words, true)),
            "number" => Some(number(schema, &words, false)),
            "boolean" => Some(obj(json!({"kind": "boolean"}))),
            "string" => self.string(schema, &words, implied),
            "array" => self.array(name, schema, depth, implied),
            "object" if schema.get("properties").is_some_and(Value::is_object) => {
                if !reads_as_object(schema) {
                    return None; // a map of typed values beside the properties
                }
                if depth > MAX_SCHEMA_DEPTH {
                    return None;
                }
                let mut decl = obj(json!({"kind": "object"}));
                decl.insert("properties".into(), Value::Object(self.properties(schema, depth)));
                Some(decl)
            }
            _ => None,
        }
    }

    /// A string's kind: by its format or date pattern; by its name only when names imply
    /// kinds (`implied_kinds`); `None` for a plain string, the author's to read: passed on as
    /// sent.
    fn string(&self, schema: &Value, words: &str, implied: bool) -> Option<Map<String, Value>> {
        let bound = date_bound(words).or_else(|| group(words).filter(|g| *g == "from" || *g == "to"));
        let date = |role: Option<&str>| match role {
            Some(role) => obj(json!({"kind": "date", "role": role})),
            None => obj(json!({"kind": "date"})),
        };
        if let Some(file) = file(schema) {
            return Some(file);
        }
        match schema.get("format").and_then(Value::as_str) {
            Some("date") => return Some(date(bound)),
            Some("uuid") => {
                return Some(obj(json!({"kind": "uuid", "mode": if self.writes { "write" } else { "read" }})));
            }
            Some(_) => return None,
            None => {}
        }
        if let Some(pattern) = schema.get("pattern").and_then(Value::as_str) {
            return date_pattern(pattern).map(|_| date(bound));
        }
        if !implied {
            return None;
        }
        if let Some(b) = bound {
            return Some(date(Some(b)));
        }
        if group(words) == Some("cursor") {
            // The server's own cursors: the first page's words are no cursor, the rest its own.
            return Some(obj(json!({"kind": "cursor", "opaque": true})));
        }
        let kind = match group(words) {
            Some("country") => "country",
            Some("locale") => "locale",
            Some("idempotency key") => "idempotency_key",
            _ => return None,
        };
        Some(obj(json!({"kind": kind})))
    }

    /// An array's kind: a list of its item's kind, or of entries when its items are objects.
    fn array(&self, name: &str, schema: &Value, depth: usize, implied: bool) -> Option<Map<String, Value>> {
        let items = self.inline_refs(schema.get("items")?, depth + 1);
        let (item, nullable) = self.without_null(&items, depth + 1);
        if nullable || depth > MAX_SCHEMA_DEPTH {
            return None;
        }
        let item = self.kind_of(name, &item?, depth + 1, implied)?;
        let is_entry = item.get("kind").and_then(Value::as_str) == Some("object");
        let nested = matches!(item.get("kind").and_then(Value::as_str), Some("list" | "date" | "passthrough"));
        if nested && !is_entry {
            // A list of lists, or of dates (which a list reads as a range) stays the server's.
            return None;
        }
        let mut list = obj(json!({"kind": "list"}));
        list.insert("item".into(), Value::Object(item));
        if let Some(max) = schema.get("maxItems").and_then(Value::as_u64).filter(|m| *m >= 1) {
            let max = usize::try_from(max).unwrap_or(MAX_LIST_ITEMS).min(MAX_LIST_ITEMS);
            list.insert("max_items".into(), json!(max));
        }
        Some(list)
    }
}

/// The `file` kind of a string that holds a file: SEP-2631's `x-mcp-file` (a `data:` URL or a
/// reference URI: the handler gets a `data:` URL), `contentEncoding: base64` or OpenAPI's
/// `format: byte`/`binary` (the handler gets standard base64), the media types from the marker's
/// `accept` or `contentMediaType`, the bound from its `maxSize`. A string the schema takes
/// reaches the handler as sent; the kind reads what it refuses (a byte array, a Node `Buffer`,
/// an MCP image block). `contentMediaType` alone is text in that type, not bytes: no file.
fn file(schema: &Value) -> Option<Map<String, Value>> {
    let marker = schema.get("x-mcp-file");
    let base64 =
        schema.get("contentEncoding").and_then(Value::as_str).is_some_and(|e| e.eq_ignore_ascii_case("base64"))
            || matches!(schema.get("format").and_then(Value::as_str), Some("byte" | "binary"));
    if marker.is_none() && !base64 {
        return None;
    }
    let mut decl = obj(json!({"kind": "file", "output": if marker.is_some() { "data_url" } else { "base64" }}));
    let accept = marker.and_then(|m| m.get("accept")).or_else(|| schema.get("contentMediaType"));
    let accept: Vec<&str> = match accept {
        Some(Value::String(one)) => vec![one.as_str()],
        Some(Value::Array(many)) => many.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    if !accept.is_empty() {
        decl.insert("accept".into(), json!(accept));
    }
    let max = marker.and_then(|m| m.get("maxSize")).and_then(Value::as_u64);
    if let Some(max) = max.and_then(|m| usize::try_from(m).ok()) {
        decl.insert("max_bytes".into(), json!(max.min(crate::limits::MAX_INLINE_FILE_BYTES)));
    }
    // What the kind cannot check (a malformed media type) stays the server's.
    crate::kind::Spec::from_json(&Value::Object(decl.clone())).ok()?;
    Some(decl)
}

/// True when the object kind reads `schema`: an object of declared properties, with no map of
/// typed values beside them.
fn reads_as_object(schema: &Value) -> bool {
    let extra = schema.get("additionalProperties").filter(|a| **a != Value::Bool(false));
    schema.get("type").and_then(Value::as_str) == Some("object")
        && schema.get("properties").is_some_and(Value::is_object)
        && !extra.is_some_and(|a| *a != Value::Bool(true) && *a != json!({}))
}

/// True when a property's name implies a kind (`tool::implied`'s table).
fn names_a_kind(name: &str) -> bool {
    let words = fold::words(name);
    date_bound(&words).is_some() || group(&words).is_some()
}

/// A number's declaration: the bounds, whole or not; a page size's name clamps.
fn number(schema: &Value, words: &str, integer: bool) -> Map<String, Value> {
    let mut decl = obj(json!({"kind": "number"}));
    if integer {
        decl.insert("integer".into(), Value::Bool(true));
    }
    let bound = |key: &str| schema.get(key).filter(|v| v.is_number()).cloned();
    let step = |v: Value, up: bool| -> Option<Value> {
        // An exclusive bound of a whole number is the next whole number inside it.
        let n = v.as_i64()?;
        Some(json!(if up { n.checked_add(1)? } else { n.checked_sub(1)? }))
    };
    // A decimal's exclusive bound is read as inclusive: a value past it asks, and the bound
    // itself is refused by the server's own validation after the read.
    let exclusive = |key: &str, up: bool| bound(key).and_then(|v| if integer { step(v, up) } else { Some(v) });
    let min = bound("minimum").or_else(|| exclusive("exclusiveMinimum", true));
    let max = bound("maximum").or_else(|| exclusive("exclusiveMaximum", false));
    if let Some(min) = min {
        decl.insert("min".into(), min);
    }
    if let Some(max) = max {
        decl.insert("max".into(), max);
    }
    if integer && group(words) == Some("limit") {
        decl.insert("on_out_of_range".into(), json!("clamp"));
    }
    decl
}

/// A property passed on to the server's validation, advertised as declared.
fn passthrough(schema: &Value) -> Map<String, Value> {
    let mut declared = schema.clone();
    if let Value::Object(m) = &mut declared {
        m.remove(EXTENSION_KEY);
    }
    let mut decl = obj(json!({"kind": "passthrough"}));
    decl.insert("schema".into(), declared);
    decl
}

fn obj(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(o) => o,
        _ => Map::new(),
    }
}
