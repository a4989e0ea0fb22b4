//! One tool's schema, old beside new: an `inputSchema` (what the model sends, where a change
//! that refuses an old call breaks) or an `outputSchema` (what it reads back, where a field gone
//! or a value it never saw breaks). Walks both trees together through `properties`, `items` and
//! `anyOf`/`oneOf` branches, following local `$ref`s (a pair of references is compared once, so
//! a recursive schema ends) to [`MAX_SCHEMA_DEPTH`].

use std::collections::{BTreeSet, HashSet};

use serde_json::{Map, Value};

use super::rules::Side;
use super::{words, Change};
use crate::lint::rules::MAX_SCHEMA_DEPTH;

/// The most `$ref` hops followed from one schema to the one it names.
const MAX_REF_HOPS: usize = 16;

/// Where in the tool the walk is: a JSON pointer into the tool and the property path a person
/// reads (`filters.court`, `items[]`).
#[derive(Clone)]
pub struct At {
    pub pointer: String,
    pub name: String,
}

impl At {
    pub fn root(pointer: &str) -> At {
        At { pointer: pointer.to_string(), name: String::new() }
    }

    fn prop(&self, key: &str) -> At {
        let name = if self.name.is_empty() { key.to_string() } else { format!("{}.{key}", self.name) };
        At { pointer: format!("{}/properties/{}", self.pointer, crate::lint::rules::pointer_escape(key)), name }
    }

    fn items(&self) -> At {
        At { pointer: format!("{}/items", self.pointer), name: format!("{}[]", self.name) }
    }

    fn branch(&self, keyword: &str, i: usize) -> At {
        At { pointer: format!("{}/{keyword}/{i}", self.pointer), name: self.name.clone() }
    }

    fn key(&self) -> &str {
        self.name.rsplit('.').next().unwrap_or_default()
    }
}

/// The walk of one schema pair; its changes end in `changes`.
pub struct Walk<'a> {
    side: Side,
    tool: &'a str,
    old_root: &'a Value,
    new_root: &'a Value,
    seen: HashSet<(String, String)>,
    too_deep: bool,
    pub changes: Vec<Change>,
}

impl<'a> Walk<'a> {
    pub fn new(side: Side, tool: &'a str, old_root: &'a Value, new_root: &'a Value) -> Self {
        Walk { side, tool, old_root, new_root, seen: HashSet::new(), too_deep: false, changes: Vec::new() }
    }

    /// Compares the two roots.
    pub fn run(mut self, at: &At) -> Vec<Change> {
        self.node(self.old_root, self.new_root, at, 0);
        self.changes
    }

    fn push(&mut self, code: &'static str, at: &At, detail: String, message: String) {
        let label = self.label(at);
        self.changes.push(Change::new(code, self.tool, &at.pointer, detail, format!("{label}: {message}")));
    }

    fn label(&self, at: &At) -> String {
        match (at.name.is_empty(), self.side) {
            (true, Side::Request) => "the arguments".into(),
            (true, Side::Response) => "the result".into(),
            _ => format!("`{}`", at.name),
        }
    }

    fn request(&self) -> bool {
        self.side == Side::Request
    }

    fn node(&mut self, old: &'a Value, new: &'a Value, at: &At, depth: usize) {
        let (old, old_ref) = resolve(self.old_root, old);
        let (new, new_ref) = resolve(self.new_root, new);
        if old_ref.is_some() || new_ref.is_some() {
            let pair = (old_ref.unwrap_or_default(), new_ref.unwrap_or_default());
            if !self.seen.insert(pair) {
                return;
            }
        }
        if old == new || !old.is_object() || !new.is_object() {
            return;
        }
        if depth > MAX_SCHEMA_DEPTH {
            if !self.too_deep {
                self.too_deep = true;
                let code = if self.request() { "request_schema_too_deep" } else { "response_schema_too_deep" };
                self.push(
                    code,
                    at,
                    String::new(),
                    format!("nested deeper than {MAX_SCHEMA_DEPTH} levels; not compared past it"),
                );
            }
            return;
        }
        self.types(old, new, at);
        self.values(old, new, at);
        if self.request() {
            self.bounds(old, new, at);
            self.defaults(old, new, at);
            self.deprecated(old, new, at);
        }
        self.strings(old, new, at);
        self.description(old, new, at);
        self.object(old, new, at, depth);
        if let (Some(o), Some(n)) =
            (old.get("items").filter(|v| v.is_object()), new.get("items").filter(|v| v.is_object()))
        {
            self.node(o, n, &at.items(), depth + 1);
        }
        self.branches(old, new, at, depth);
    }

    fn types(&mut self, old: &Value, new: &Value, at: &At) {
        let (o, n) = (type_set(old), type_set(new));
        let shown = |s: &Option<BTreeSet<String>>| match s {
            Some(s) => s.iter().cloned().collect::<Vec<_>>().join(" | "),
            None => "any".into(),
        };
        let detail = format!("{} to {}", shown(&o), shown(&n));
        let lost = match (&o, &n) {
            (Some(o), Some(n)) => o.iter().any(|t| !covers(n, t)),
            (None, Some(_)) => true,
            _ => false,
        };
        let gained = match (&o, &n) {
            (Some(o), Some(n)) => n.iter().any(|t| !covers(o, t)),
            (Some(_), None) => true,
            _ => false,
        };
        let disjoint = match (&o, &n) {
            (Some(o), Some(n)) => !n.iter().any(|t| covers(o, t)) && !o.iter().any(|t| covers(n, t)),
            _ => false,
        };
        let code = match (self.side, disjoint, lost, gained) {
            (Side::Request, true, _, _) => "request_type_changed",
            (Side::Request, false, true, _) => "request_type_narrowed",
            (Side::Request, false, false, true) => "request_type_widened",
            (Side::Response, true, _, _) => "response_type_changed",
            (Side::Response, false, _, true) => "response_type_widened",
            (Side::Response, false, true, false) => "response_type_narrowed",
            _ => return,
        };
        let message = format!("the type was {}, is now {}", shown(&o), shown(&n));
        self.push(code, at, detail, message);
    }

    /// `enum` and `const`. An output property named as a code (`code`, `error_code`) is the
    /// server's code set, compared as codes by the tool's rules, not here.
    fn values(&mut self, old: &Value, new: &Value, at: &At) {
        let (o, n) = (old.get("enum").and_then(Value::as_array), new.get("enum").and_then(Value::as_array));
        match (o, n, self.side) {
            (Some(o), Some(n), Side::Request) => {
                for v in o.iter().filter(|v| !n.contains(v)) {
                    self.push("request_enum_value_removed", at, v.to_string(), format!("the value {v} was removed"));
                }
                for v in n.iter().filter(|v| !o.contains(v)) {
                    self.push("request_enum_value_added", at, v.to_string(), format!("the value {v} was added"));
                }
            }
            (Some(o), Some(n), Side::Response) if !code_named(at.key()) => {
                for v in n.iter().filter(|v| !o.contains(v)) {
                    self.push("response_enum_value_added", at, v.to_string(), format!("may now be {v}"));
                }
                for v in o.iter().filter(|v| !n.contains(v)) {
                    self.push("response_enum_value_removed", at, v.to_string(), format!("is no longer {v}"));
                }
            }
            (None, Some(n), Side::Request) => {
                let values = Value::Array(n.clone()).to_string();
                self.push("request_enum_added", at, values.clone(), format!("now takes only {values}"));
            }
            (Some(_), None, Side::Request) => {
                self.push("request_enum_removed", at, String::new(), "takes any value of its type now".into())
            }
            _ => {}
        }
        if self.request() && new.get("const").is_some() && old.get("const") != new.get("const") {
            let (o, n) = (shown(old.get("const")), shown(new.get("const")));
            self.push("request_const_changed", at, format!("{o} to {n}"), format!("`const` {o} to {n}"));
        }
    }

    fn bounds(&mut self, old: &Value, new: &Value, at: &At) {
        for &(keyword, upper, tightened, loosened) in BOUNDS {
            let (o, n) = (old.get(keyword).and_then(Value::as_f64), new.get(keyword).and_then(Value::as_f64));
            let tighter = |a: f64, b: f64| if upper { b < a } else { b > a };
            let code = match (o, n) {
                (None, Some(_)) => Some(tightened),
                (Some(a), Some(b)) if tighter(a, b) => Some(tightened),
                (Some(a), Some(b)) if tighter(b, a) => loosened,
                (Some(_), None) => loosened,
                _ => None,
            };
            if let Some(code) = code {
                let (o, n) = (shown(old.get(keyword)), shown(new.get(keyword)));
                self.push(code, at, format!("{o} to {n}"), format!("`{keyword}` {o} to {n}"));
            }
        }
        if new.get("multipleOf").is_some() && old.get("multipleOf") != new.get("multipleOf") {
            let (o, n) = (shown(old.get("multipleOf")), shown(new.get("multipleOf")));
            self.push("request_multiple_of_changed", at, format!("{o} to {n}"), format!("`multipleOf` {o} to {n}"));
        }
        if new.get("uniqueItems") == Some(&Value::Bool(true)) && old.get("uniqueItems") != Some(&Value::Bool(true)) {
            self.push("request_unique_items_added", at, String::new(), "items must now be unique".into());
        }
    }

    fn defaults(&mut self, old: &Value, new: &Value, at: &At) {
        let code = match (old.get("default"), new.get("default")) {
            (Some(a), Some(b)) if a != b => "request_default_changed",
            (None, Some(_)) => "request_default_added",
            (Some(_), None) => "request_default_removed",
            _ => return,
        };
        let (o, n) = (shown(old.get("default")), shown(new.get("default")));
        self.push(code, at, format!("{o} to {n}"), format!("the default was {o}, is now {n}"));
    }

    fn deprecated(&mut self, old: &Value, new: &Value, at: &At) {
        if new.get("deprecated") == Some(&Value::Bool(true)) && old.get("deprecated") != Some(&Value::Bool(true)) {
            self.push("request_property_deprecated", at, String::new(), "is now marked deprecated".into());
        }
    }

    fn strings(&mut self, old: &Value, new: &Value, at: &At) {
        let text = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).map(str::to_string);
        let (of, nf) = (text(old, "format"), text(new, "format"));
        let code = match (&of, &nf, self.side) {
            (None, Some(_), Side::Request) => Some("request_format_added"),
            (Some(a), Some(b), Side::Request) if a != b => Some("request_format_changed"),
            (Some(_), None, Side::Request) => Some("request_format_removed"),
            (Some(a), Some(b), Side::Response) if a != b => Some("response_format_changed"),
            (Some(_), None, Side::Response) => Some("response_format_changed"),
            _ => None,
        };
        let name = |f: &Option<String>| f.clone().unwrap_or_else(|| "none".into());
        if let Some(code) = code {
            let detail = format!("{} to {}", name(&of), name(&nf));
            self.push(code, at, detail.clone(), format!("`format` {detail}"));
        }
        if !self.request() {
            return;
        }
        let (op, np) = (text(old, "pattern"), text(new, "pattern"));
        let code = match (&op, &np) {
            (None, Some(_)) => "request_pattern_added",
            (Some(a), Some(b)) if a != b => "request_pattern_changed",
            (Some(_), None) => "request_pattern_removed",
            _ => return,
        };
        let detail = format!("{} to {}", name(&op), name(&np));
        self.push(code, at, detail.clone(), format!("`pattern` {detail}"));
    }

    fn description(&mut self, old: &Value, new: &Value, at: &At) {
        let text = |v: &Value| v.get("description").and_then(Value::as_str).unwrap_or_default().to_string();
        let (o, n) = (text(old), text(new));
        if o == n {
            return;
        }
        let reading = words::compare(&o, &n);
        let request = self.request();
        let mut said = false;
        let mut say = |walk: &mut Self, code: &'static str, what: &str, changed: &words::Changed| {
            said = true;
            walk.push(code, at, changed.describe(), format!("the description's {what}: {}", changed.describe()));
        };
        if let Some(c) = &reading.unit {
            say(
                self,
                if request { "description_unit_changed" } else { "response_description_unit_changed" },
                "unit",
                c,
            );
        }
        if let Some(c) = &reading.zone {
            let code = if request { "description_time_zone_changed" } else { "response_description_time_zone_changed" };
            say(self, code, "time zone", c);
        }
        if let (Some(c), true) = (&reading.omission, request) {
            say(self, "description_omission_changed", "omission rule", c);
        }
        if !said && request && !at.name.is_empty() {
            self.push("property_description_changed", at, String::new(), "the description changed".into());
        }
    }
}

/// `(keyword, an upper bound, the code when it tightens, the code when it loosens)`.
const BOUNDS: &[(&str, bool, &str, Option<&str>)] = &[
    ("maximum", true, "request_maximum_lowered", Some("request_maximum_raised")),
    ("exclusiveMaximum", true, "request_exclusive_maximum_lowered", Some("request_exclusive_maximum_raised")),
    ("minimum", false, "request_minimum_raised", Some("request_minimum_lowered")),
    ("exclusiveMinimum", false, "request_exclusive_minimum_raised", Some("request_exclusive_minimum_lowered")),
    ("maxLength", true, "request_max_length_lowered", Some("request_max_length_raised")),
    ("minLength", false, "request_min_length_raised", Some("request_min_length_lowered")),
    ("maxItems", true, "request_max_items_lowered", Some("request_max_items_raised")),
    ("minItems", false, "request_min_items_raised", Some("request_min_items_lowered")),
    ("maxProperties", true, "request_max_properties_lowered", None),
    ("minProperties", false, "request_min_properties_raised", None),
];

fn shown(value: Option<&Value>) -> String {
    value.map_or_else(|| "none".into(), Value::to_string)
}

/// True for a property named as a code (`code`, `error_code`, `errorCode`, `status_code`).
pub fn code_named(key: &str) -> bool {
    let words = crate::lint::rules::words(key);
    words.last().is_some_and(|w| w == "code")
}

/// The schema a local `$ref` names (followed up to [`MAX_REF_HOPS`]), and the last reference.
fn resolve<'v>(root: &'v Value, mut schema: &'v Value) -> (&'v Value, Option<String>) {
    let mut last = None;
    for _ in 0..MAX_REF_HOPS {
        let Some(target) = schema.get("$ref").and_then(Value::as_str) else { break };
        let Some(found) = target.strip_prefix('#').and_then(|p| root.pointer(p)) else { break };
        last = Some(target.to_string());
        schema = found;
    }
    (schema, last)
}

/// The JSON types a schema takes: its `type`, or the union of its branches' when it has none
/// and every branch has one; `None` for any.
fn type_set(schema: &Value) -> Option<BTreeSet<String>> {
    let of = |v: &Value| -> Option<BTreeSet<String>> {
        match v.get("type")? {
            Value::String(t) => Some(BTreeSet::from([t.clone()])),
            Value::Array(ts) => Some(ts.iter().filter_map(Value::as_str).map(str::to_string).collect()),
            _ => None,
        }
    };
    if let Some(types) = of(schema) {
        return Some(types);
    }
    let branches = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array)?;
    branches.iter().map(of).collect::<Option<Vec<_>>>().map(|sets| sets.into_iter().flatten().collect())
}

fn covers(set: &BTreeSet<String>, t: &str) -> bool {
    set.contains(t) || (t == "integer" && set.contains("number"))
}

/// A branch without the words around it: two branches that differ only in `description`,
/// `title`, `default` or `examples` are the same branch.
fn bare(branch: &Value) -> Value {
    let mut b = branch.clone();
    if let Some(o) = b.as_object_mut() {
        for k in ["description", "title", "default", "examples"] {
            o.remove(k);
        }
    }
    b
}

/// Folds a name to its words (`refund_id`, `refundId`, `Refund-ID` all fold to `refundid`).
pub fn fold(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).flat_map(|c| c.to_lowercase()).collect()
}

impl<'a> Walk<'a> {
    fn object(&mut self, old: &'a Value, new: &'a Value, at: &At, depth: usize) {
        if self.request() {
            self.closed(old, new, at);
        }
        static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
        let empty = EMPTY.get_or_init(Map::new);
        let Some(new_props) = new.get("properties").and_then(Value::as_object) else { return };
        let old_props = old.get("properties").and_then(Value::as_object).unwrap_or(empty);
        let required = |v: &Value| -> HashSet<String> {
            v.get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        };
        let (old_req, new_req) = (required(old), required(new));
        let gone: Vec<&str> = old_props.keys().map(String::as_str).filter(|k| !new_props.contains_key(*k)).collect();
        let came: Vec<&str> = new_props.keys().map(String::as_str).filter(|k| !old_props.contains_key(*k)).collect();
        let renamed = renames(&gone, &came, |name, old| {
            let schema = bare(if old { &old_props[name] } else { &new_props[name] });
            (!schema.as_object().is_some_and(Map::is_empty)).then_some(schema)
        });
        for g in &gone {
            let into = renamed.iter().find(|(from, _)| from == *g).map(|(_, to)| to.clone());
            let (code, detail, message) = match (&into, self.side) {
                (Some(to), Side::Request) => {
                    ("request_property_renamed", format!("{g} to {to}"), format!("renamed `{to}`"))
                }
                (Some(to), Side::Response) => {
                    ("response_property_renamed", format!("{g} to {to}"), format!("renamed `{to}`"))
                }
                (None, Side::Request) => ("request_property_removed", (*g).to_owned(), "removed".to_string()),
                (None, Side::Response) => ("response_property_removed", (*g).to_owned(), "removed".to_string()),
            };
            self.push(code, &at.prop(g), detail, message);
        }
        for c in came.iter().filter(|c| !renamed.iter().any(|(_, to)| to == **c)) {
            let (code, message) = match (self.side, new_req.contains(*c)) {
                (Side::Request, true) => ("request_required_added", "added, required"),
                (Side::Request, false) => ("request_optional_added", "added, optional"),
                (Side::Response, _) => ("response_property_added", "added"),
            };
            self.push(code, &at.prop(c), (*c).to_owned(), message.into());
        }
        for (key, o) in old_props {
            let Some(n) = new_props.get(key) else { continue };
            let child = at.prop(key);
            let code = match (self.side, old_req.contains(key), new_req.contains(key)) {
                (Side::Request, false, true) => Some(("request_property_became_required", "is now required")),
                (Side::Request, true, false) => Some(("request_property_became_optional", "is now optional")),
                (Side::Response, true, false) => Some(("response_property_became_optional", "may now be missing")),
                _ => None,
            };
            if let Some((code, message)) = code {
                self.push(code, &child, String::new(), message.into());
            }
            self.node(o, n, &child, depth + 1);
        }
    }

    fn closed(&mut self, old: &Value, new: &Value, at: &At) {
        let shut = |v: &Value| v.get("additionalProperties") == Some(&Value::Bool(false));
        match (shut(old), shut(new)) {
            (false, true) if new.get("properties").is_some() || new.get("type") == Some(&Value::from("object")) => self
                .push(
                    "request_additional_properties_closed",
                    at,
                    String::new(),
                    "now refuses properties it does not declare".into(),
                ),
            (true, false) => self.push(
                "request_additional_properties_opened",
                at,
                String::new(),
                "now lets undeclared properties through".into(),
            ),
            _ => {}
        }
        let deps = |v: &Value| v.get("dependentRequired").and_then(Value::as_object).cloned().unwrap_or_default();
        let (o, n) = (deps(old), deps(new));
        for (key, needs) in &n {
            let before: Vec<&Value> =
                o.get(key).and_then(Value::as_array).map(|a| a.iter().collect()).unwrap_or_default();
            let added: Vec<String> =
                needs.as_array().into_iter().flatten().filter(|v| !before.contains(v)).map(Value::to_string).collect();
            if !added.is_empty() {
                let detail = format!("{key}: {}", added.join(", "));
                self.push(
                    "request_dependent_required_added",
                    at,
                    detail.clone(),
                    format!("`dependentRequired` {detail}"),
                );
            }
        }
    }

    fn branches(&mut self, old: &'a Value, new: &'a Value, at: &At, depth: usize) {
        for keyword in ["anyOf", "oneOf"] {
            let (Some(o), Some(n)) =
                (old.get(keyword).and_then(Value::as_array), new.get(keyword).and_then(Value::as_array))
            else {
                continue;
            };
            if o.len() == n.len() {
                for (i, (a, b)) in o.iter().zip(n).enumerate() {
                    self.node(a, b, &at.branch(keyword, i), depth + 1);
                }
                continue;
            }
            let (ob, nb): (Vec<Value>, Vec<Value>) = (o.iter().map(bare).collect(), n.iter().map(bare).collect());
            for (i, b) in ob.iter().enumerate().filter(|(_, b)| !nb.contains(b)) {
                if self.request() {
                    self.push(
                        "request_branch_removed",
                        &at.branch(keyword, i),
                        b.to_string(),
                        format!("the branch {b} of `{keyword}` was removed"),
                    );
                }
            }
            for (i, b) in nb.iter().enumerate().filter(|(_, b)| !ob.contains(b)) {
                let code = if self.request() { "request_branch_added" } else { "response_branch_added" };
                self.push(
                    code,
                    &at.branch(keyword, i),
                    b.to_string(),
                    format!("the branch {b} of `{keyword}` was added"),
                );
            }
        }
    }
}

/// The renames guessed among names gone and come (properties, tools): first the same words in
/// another spelling (`refund_id`, `refundId`), then the only name come whose shape is the very
/// shape of the only one gone with it. `shape` gives a name's shape on its side (`true` for the
/// old one), `None` for a shape too bare to tell anything apart (an empty schema).
pub fn renames(gone: &[&str], came: &[&str], shape: impl Fn(&str, bool) -> Option<Value>) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let taken = |c: &str, out: &Vec<(String, String)>| out.iter().any(|(_, to)| to == c);
    for g in gone {
        if let Some(c) = came.iter().find(|c| fold(c) == fold(g) && !taken(c, &out)) {
            out.push(((*g).to_owned(), (*c).to_owned()));
        }
    }
    for g in gone {
        if out.iter().any(|(from, _)| from == g) {
            continue;
        }
        let Some(s) = shape(g, true) else { continue };
        let same_gone = gone.iter().filter(|o| shape(o, true).as_ref() == Some(&s)).count();
        let same_came: Vec<&&str> = came.iter().filter(|c| shape(c, false).as_ref() == Some(&s)).collect();
        if same_gone == 1 && same_came.len() == 1 && !taken(same_came[0], &out) {
            out.push(((*g).to_owned(), (*same_came[0]).to_owned()));
        }
    }
    out
}
