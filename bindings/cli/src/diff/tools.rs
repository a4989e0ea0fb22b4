//! Two listings, tool by tool: what is gone (removed, renamed, or retired after its announced
//! date), what came (a tool, a new version of one), and for each tool in both its deprecation,
//! annotations, title and description, its input and output schemas ([`super::schema`]), the
//! kinds agent-input reads its properties as, and its documented codes.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde_json::{json, Value};

use super::rules::Side;
use super::schema::{self, At, Walk};
use super::{words, Change};
use agent_input::tool::Deprecation;

/// The day the diff is made on, and the least notice a removal date must give.
pub struct Day {
    pub today: NaiveDate,
    pub min_notice_days: i64,
}

/// A tool's deprecation, as its listing says it: `_meta` `agent-input/deprecated` (`{"removal":
/// "YYYY-MM-DD", "replacement": "tool_v2"}`, as [`Deprecation::mark`] writes it), or a
/// description that starts with "Deprecated" (a date in its first sentence is the removal date).
/// A listing is another's: a value of another shape is read as far as it goes, never refused.
pub fn deprecation(tool: &Value) -> Option<Deprecation> {
    if let Some(meta) = tool.get("_meta").and_then(|m| m.get(agent_input::tool::DEPRECATED_META)) {
        let text = |k: &str| meta.get(k).and_then(Value::as_str);
        return Some(Deprecation {
            removal: text("removal").and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()),
            replacement: text("replacement").map(str::to_string),
        });
    }
    let description = tool.get("description").and_then(Value::as_str)?.trim_start();
    if !description.get(..10).is_some_and(|w| w.eq_ignore_ascii_case("deprecated")) {
        return None;
    }
    let first = description.split(". ").next().unwrap_or(description);
    let removal = first
        .char_indices()
        .filter_map(|(i, _)| first.get(i..i + 10))
        .find_map(|w| NaiveDate::parse_from_str(w, "%Y-%m-%d").ok());
    Some(Deprecation { removal, replacement: None })
}

pub fn name(tool: &Value) -> &str {
    tool.get("name").and_then(Value::as_str).unwrap_or_default()
}

/// The names a versioned name (`export_v2`, `export-v3`, `exportV2`) follows: its base and the
/// version before it; empty for a name without a version suffix (a `v` after a separator, or a
/// capital `V` after a small letter: `ipv4` has none).
pub fn predecessors(name: &str) -> Vec<String> {
    let stem = name.trim_end_matches(|c: char| c.is_ascii_digit());
    let Ok(n) = name[stem.len()..].parse::<u32>() else { return Vec::new() };
    let (base, v) = match stem.char_indices().last() {
        Some((i, v @ ('v' | 'V'))) => (&stem[..i], v),
        _ => return Vec::new(),
    };
    let separated = base.ends_with(['_', '-', '.']);
    let camel = v == 'V' && base.chars().last().is_some_and(char::is_lowercase);
    let bare = base.trim_end_matches(['_', '-', '.']);
    if !(separated || camel) || bare.is_empty() {
        return Vec::new();
    }
    let mut out = vec![bare.to_string()];
    if n > 1 {
        out.push(format!("{base}{v}{}", n - 1));
    }
    out
}

/// Every change between two listings.
pub fn compare(old: &[Value], new: &[Value], day: &Day) -> Vec<Change> {
    let old_by: BTreeMap<&str, &Value> = old.iter().map(|t| (name(t), t)).collect();
    let new_by: BTreeMap<&str, &Value> = new.iter().map(|t| (name(t), t)).collect();
    let gone: Vec<&str> = old.iter().map(name).filter(|n| !new_by.contains_key(n)).collect();
    let came: Vec<&str> = new.iter().map(name).filter(|n| !old_by.contains_key(n)).collect();
    // A deprecated tool that is gone is retired, not renamed; tools are told apart by their
    // schemas when the input takes some property.
    let retiring: Vec<&str> = gone.iter().copied().filter(|g| deprecation(old_by[g]).is_none()).collect();
    let renamed = schema::renames(&retiring, &came, |name, old| {
        let tool = if old { old_by[name] } else { new_by[name] };
        let props = tool.pointer("/inputSchema/properties").and_then(Value::as_object);
        props.is_some_and(|p| !p.is_empty()).then(|| json!([tool.get("inputSchema"), tool.get("outputSchema")]))
    });
    let mut out = Vec::new();
    for g in &gone {
        if let Some((_, to)) = renamed.iter().find(|(from, _)| from == g) {
            out.push(Change::new("tool_renamed", g, "", format!("{g} to {to}"), format!("`{g}` is now `{to}`")));
            continue;
        }
        let (code, message) = match deprecation(old_by[g]) {
            Some(Deprecation { removal: Some(d), .. }) if day.today >= d => {
                ("tool_removed_after_date", format!("removed on or after its announced removal date {d}"))
            }
            Some(Deprecation { removal: Some(d), .. }) => {
                ("tool_removed_before_date", format!("removed before its announced removal date {d}"))
            }
            _ => ("tool_removed", "removed without a deprecation that announced a removal date".to_string()),
        };
        out.push(Change::new(code, g, "", String::new(), format!("`{g}`: {message}")));
    }
    for c in came.iter().filter(|c| !renamed.iter().any(|(_, to)| to == *c)) {
        let before = predecessors(c).into_iter().find(|p| new_by.contains_key(p.as_str()));
        let (code, message) = match &before {
            Some(p) => ("tool_version_added", format!("`{c}` is a new version served beside `{p}`")),
            None => ("tool_added", format!("`{c}` was added")),
        };
        out.push(Change::new(code, c, "", String::new(), message));
    }
    for (n, o) in &old_by {
        if let Some(t) = new_by.get(n) {
            tool(o, t, &new_by, day, &mut out);
        }
    }
    out
}

fn tool(old: &Value, new: &Value, names: &BTreeMap<&str, &Value>, day: &Day, out: &mut Vec<Change>) {
    let n = name(new);
    deprecations(old, new, names, day, out);
    annotations(old, new, out);
    let title = |t: &Value| t.get("title").or_else(|| t.pointer("/annotations/title")).cloned();
    if title(old) != title(new) {
        out.push(Change::new("tool_title_changed", n, "/title", String::new(), format!("`{n}`: the title changed")));
    }
    description(old, new, out);
    let empty = Value::Object(serde_json::Map::new());
    let input = |t: &'_ Value| t.get("inputSchema").filter(|s| s.is_object()).cloned().unwrap_or_else(|| empty.clone());
    let (oi, ni) = (input(old), input(new));
    out.extend(Walk::new(Side::Request, n, &oi, &ni).run(&At::root("/inputSchema")));
    kinds(n, &oi, &ni, out);
    match (old.get("outputSchema").filter(|s| s.is_object()), new.get("outputSchema").filter(|s| s.is_object())) {
        (Some(_), None) => out.push(Change::new(
            "response_output_schema_removed",
            n,
            "/outputSchema",
            String::new(),
            format!("`{n}`: no longer declares an outputSchema"),
        )),
        (None, Some(_)) => out.push(Change::new(
            "response_output_schema_added",
            n,
            "/outputSchema",
            String::new(),
            format!("`{n}`: now declares an outputSchema"),
        )),
        (Some(o), Some(s)) => out.extend(Walk::new(Side::Response, n, o, s).run(&At::root("/outputSchema"))),
        (None, None) => {}
    }
    codes(n, old, new, out);
}

fn deprecations(old: &Value, new: &Value, names: &BTreeMap<&str, &Value>, day: &Day, out: &mut Vec<Change>) {
    let n = name(new);
    let pointer = format!("/_meta/{}", crate::lint::rules::pointer_escape(agent_input::tool::DEPRECATED_META));
    let (o, d) = (deprecation(old), deprecation(new));
    let date = |d: &Deprecation| d.removal.map_or_else(|| "no date".to_string(), |r| r.to_string());
    match (&o, &d) {
        (None, Some(d)) => {
            out.push(Change::new(
                "tool_deprecated",
                n,
                &pointer,
                date(d),
                format!("`{n}` is deprecated (removal {})", date(d)),
            ));
            if let Some(removal) = d.removal {
                let notice = (removal - day.today).num_days();
                if notice < day.min_notice_days {
                    let message = format!(
                        "`{n}`: removal {removal} is {notice} days after {}, less than the {} days of notice",
                        day.today, day.min_notice_days
                    );
                    out.push(Change::new("deprecation_notice_short", n, &pointer, removal.to_string(), message));
                }
            }
        }
        (Some(_), None) => out.push(Change::new(
            "deprecation_withdrawn",
            n,
            &pointer,
            String::new(),
            format!("`{n}` is no longer deprecated"),
        )),
        (Some(o), Some(d)) if matches!((o.removal, d.removal), (Some(a), Some(b)) if b < a) => {
            let detail = format!("{} to {}", date(o), date(d));
            out.push(Change::new(
                "deprecation_removal_earlier",
                n,
                &pointer,
                detail.clone(),
                format!("`{n}`: removal {detail}"),
            ));
        }
        _ => {}
    }
    if let Some(replacement) = d.as_ref().and_then(|d| d.replacement.as_deref()) {
        let changed = o.as_ref().is_none_or(|o| o.replacement.as_deref() != Some(replacement));
        if changed && !names.contains_key(replacement) {
            let message = format!("`{n}`: its replacement `{replacement}` is not in the listing");
            out.push(Change::new("deprecation_replacement_unknown", n, &pointer, replacement.to_string(), message));
        }
    }
}

/// MCP's annotations with their defaults: read-only false, destructive true (for a tool that
/// writes), idempotent false, open world true.
struct Effects {
    read_only: bool,
    destructive: bool,
    idempotent: bool,
    open_world: bool,
}

impl Effects {
    fn of(tool: &Value) -> Effects {
        let hint = |k: &str| tool.pointer(&format!("/annotations/{k}")).and_then(Value::as_bool);
        let read_only = hint("readOnlyHint") == Some(true);
        Effects {
            read_only,
            destructive: !read_only && hint("destructiveHint") != Some(false),
            idempotent: read_only || hint("idempotentHint") == Some(true),
            open_world: hint("openWorldHint") != Some(false),
        }
    }
}

fn annotations(old: &Value, new: &Value, out: &mut Vec<Change>) {
    let n = name(new);
    let (o, e) = (Effects::of(old), Effects::of(new));
    let mut push = |code: &'static str, key: &str, message: &str| {
        out.push(Change::new(code, n, &format!("/annotations/{key}"), String::new(), format!("`{n}`: {message}")));
    };
    if o.read_only && !e.read_only {
        push("annotation_read_only_removed", "readOnlyHint", "no longer says it only reads");
    } else {
        if !o.destructive && e.destructive {
            push("annotation_destructive_added", "destructiveHint", "now says it may destroy");
        }
        if o.idempotent && !e.idempotent {
            push("annotation_idempotent_removed", "idempotentHint", "no longer says a repeated call is harmless");
        }
    }
    if !o.open_world && e.open_world {
        push("annotation_open_world_added", "openWorldHint", "now reaches the open world");
    }
    let safer: Vec<&str> = [
        (!o.read_only && e.read_only, "read-only"),
        (o.destructive && !e.destructive, "not destructive"),
        (!o.idempotent && e.idempotent, "idempotent"),
        (o.open_world && !e.open_world, "closed world"),
    ]
    .iter()
    .filter(|(b, _)| *b)
    .map(|(_, w)| *w)
    .collect();
    if !safer.is_empty() {
        let message = format!("`{n}`: now says it is {}", safer.join(", "));
        out.push(Change::new("annotation_made_safer", n, "/annotations", safer.join(", "), message));
    }
}

fn description(old: &Value, new: &Value, out: &mut Vec<Change>) {
    let n = name(new);
    let text = |t: &Value| t.get("description").and_then(Value::as_str).unwrap_or_default().to_string();
    let (o, d) = (text(old), text(new));
    if o == d {
        return;
    }
    let reading = words::compare(&o, &d);
    let said: Vec<(&'static str, &str, &words::Changed)> = [
        ("description_unit_changed", "unit", reading.unit.as_ref()),
        ("description_time_zone_changed", "time zone", reading.zone.as_ref()),
        ("description_omission_changed", "omission rule", reading.omission.as_ref()),
    ]
    .into_iter()
    .filter_map(|(code, what, c)| c.map(|c| (code, what, c)))
    .collect();
    for (code, what, c) in &said {
        let message = format!("`{n}`: the description's {what}: {}", c.describe());
        out.push(Change::new(code, n, "/description", c.describe(), message));
    }
    if said.is_empty() {
        out.push(Change::new(
            "tool_description_changed",
            n,
            "/description",
            String::new(),
            format!("`{n}`: the description changed"),
        ));
    }
}

/// The kind agent-input's drop-in reads each property of a schema as (`text`, `date`,
/// `number`...), by [`agent_input::tool::ToolSpec::document_from_input_schema`].
fn kinds_of(schema: &Value) -> BTreeMap<String, String> {
    let Ok(doc) = agent_input::tool::ToolSpec::document_from_input_schema(schema, &Value::Null) else {
        return BTreeMap::new();
    };
    doc.get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(k, p)| Some((k.clone(), p.get("kind")?.as_str()?.to_string())))
        .collect()
}

fn kinds(tool: &str, old: &Value, new: &Value, out: &mut Vec<Change>) {
    if old == new {
        return;
    }
    let (o, n) = (kinds_of(old), kinds_of(new));
    for (key, before) in &o {
        if let Some(after) = n.get(key).filter(|after| *after != before) {
            let pointer = format!("/inputSchema/properties/{}", crate::lint::rules::pointer_escape(key));
            let message = format!("`{key}`: agent-input read it as {before}, reads it as {after} now");
            out.push(Change::new("request_kind_changed", tool, &pointer, format!("{before} to {after}"), message));
        }
    }
}

/// The codes a tool documents: `_meta` `agent-input/codes` (an object of code to meaning, or
/// an array of codes or of `{"code", "meaning"}`), and the `enum` of every output property named
/// as a code (`code`, `error_code`), with the pointer where each was found.
pub fn declared_codes(tool: &Value) -> BTreeMap<String, (String, String)> {
    let mut out = BTreeMap::new();
    let meta_pointer = format!("/_meta/{}", crate::lint::rules::pointer_escape(CODES_META));
    match tool.get("_meta").and_then(|m| m.get(CODES_META)) {
        Some(Value::Object(codes)) => {
            for (code, meaning) in codes {
                out.insert(code.clone(), (meaning.as_str().unwrap_or_default().to_string(), meta_pointer.clone()));
            }
        }
        Some(Value::Array(codes)) => {
            for c in codes {
                let (code, meaning) = match c {
                    Value::String(code) => (Some(code.as_str()), ""),
                    _ => (
                        c.get("code").and_then(Value::as_str),
                        c.get("meaning").and_then(Value::as_str).unwrap_or_default(),
                    ),
                };
                if let Some(code) = code {
                    out.insert(code.to_string(), (meaning.to_string(), meta_pointer.clone()));
                }
            }
        }
        _ => {}
    }
    if let Some(output) = tool.get("outputSchema") {
        output_codes(output, output, "/outputSchema", 0, &mut out);
    }
    out
}

/// `_meta` key of a tool's documented codes.
pub const CODES_META: &str = "agent-input/codes";

fn output_codes(
    root: &Value,
    schema: &Value,
    pointer: &str,
    depth: usize,
    out: &mut BTreeMap<String, (String, String)>,
) {
    let mut followed = std::collections::HashSet::new();
    output_codes_in(root, schema, pointer, depth, &mut followed, out);
}

/// [`output_codes`]'s walk: each local `$ref` is followed once (a recursive schema ends, and a
/// wide one costs each definition once), to [`MAX_SCHEMA_DEPTH`](crate::lint::rules::MAX_SCHEMA_DEPTH).
fn output_codes_in<'v>(
    root: &'v Value,
    schema: &'v Value,
    pointer: &str,
    depth: usize,
    followed: &mut std::collections::HashSet<&'v str>,
    out: &mut BTreeMap<String, (String, String)>,
) {
    if depth > crate::lint::rules::MAX_SCHEMA_DEPTH {
        return;
    }
    let schema = match schema.get("$ref").and_then(Value::as_str) {
        Some(target) if !followed.insert(target) => return,
        Some(target) => match target.strip_prefix('#').and_then(|t| root.pointer(t)) {
            Some(found) => found,
            None => return,
        },
        None => schema,
    };
    for (key, prop) in schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
        let at = format!("{pointer}/properties/{}", crate::lint::rules::pointer_escape(key));
        if schema::code_named(key) {
            for code in prop.get("enum").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
                out.entry(code.to_string()).or_insert_with(|| (String::new(), at.clone()));
            }
        }
        output_codes_in(root, prop, &at, depth + 1, followed, out);
    }
    for keyword in ["items", "anyOf", "oneOf"] {
        match schema.get(keyword) {
            Some(Value::Array(branches)) => {
                for (i, b) in branches.iter().enumerate() {
                    output_codes_in(root, b, &format!("{pointer}/{keyword}/{i}"), depth + 1, followed, out);
                }
            }
            Some(items @ Value::Object(_)) => {
                output_codes_in(root, items, &format!("{pointer}/{keyword}"), depth + 1, followed, out);
            }
            _ => {}
        }
    }
}

fn codes(tool: &str, old: &Value, new: &Value, out: &mut Vec<Change>) {
    let (o, n) = (declared_codes(old), declared_codes(new));
    let came: Vec<&String> = n.keys().filter(|c| !o.contains_key(*c)).collect();
    let mut renamed: Vec<&String> = Vec::new();
    for (code, (meaning, pointer)) in o.iter().filter(|(c, _)| !n.contains_key(*c)) {
        let same = came.iter().find(|c| {
            !renamed.contains(c)
                && (schema::fold(c) == schema::fold(code) || (!meaning.is_empty() && n[**c].0 == *meaning))
        });
        match same {
            Some(to) => {
                renamed.push(to);
                let message = format!("`{tool}`: the code `{code}` is now `{to}`");
                out.push(Change::new("response_code_renamed", tool, pointer, format!("{code} to {to}"), message));
            }
            None => {
                let message = format!("`{tool}`: the code `{code}` is no longer documented");
                out.push(Change::new("response_code_removed", tool, pointer, code.clone(), message));
            }
        }
    }
    for code in came.iter().filter(|c| !renamed.contains(c)) {
        let message = format!("`{tool}`: the code `{code}` is new");
        out.push(Change::new("response_code_added", tool, &n[*code].1, (*code).clone(), message));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_versioned_name_follows_its_base_and_the_version_before() {
        assert_eq!(predecessors("DATA_EXPORT_v2"), vec!["DATA_EXPORT", "DATA_EXPORT_v1"]);
        assert_eq!(predecessors("export-v3"), vec!["export", "export-v2"]);
        assert_eq!(predecessors("searchV2"), vec!["search", "searchV1"]);
        assert!(predecessors("get_weather").is_empty());
        assert!(predecessors("v2").is_empty());
        assert!(predecessors("ipv4").is_empty());
        assert_eq!(predecessors("export_v1"), vec!["export"]);
    }
}
