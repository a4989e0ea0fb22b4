//! The lint's rules: one closed code each, its severity, what it checks and the fix its hint
//! names. Each rule reads a `tools/list` as it came over the wire (`serde_json::Value`), so it
//! serves a server in any language. `docs/lint.md` documents every rule with an example; the
//! CLI's tests hold a server that breaks each one.

use serde_json::Value;

use super::{Finding, Severity};

/// More tools than this on one server is a finding: a model picks worse among many.
pub const MAX_TOOLS: usize = 20;
/// The longest tool name MCP allows.
pub const MAX_NAME_CHARS: usize = 128;
/// How deep the lint follows nested schemas (`properties`, `items`, `anyOf`...).
pub const MAX_SCHEMA_DEPTH: usize = 32;

/// A rule: its code, severity, a line of what it checks, and the fix.
pub struct Rule {
    pub code: &'static str,
    pub severity: Severity,
    pub summary: &'static str,
    pub hint: &'static str,
}

use Severity::{Error, Note, Warning};

/// Every rule, in the order of the report.
pub const RULES: &[Rule] = &[
    Rule { code: "name_invalid", severity: Error, summary: "A tool name is not 1-128 characters of A-Z, a-z, 0-9, `_`, `-` and `.`.", hint: "Rename the tool with letters, digits, `_`, `-` and `.` only, at most 128 characters (MCP's rule; clients refuse other names)." },
    Rule { code: "name_duplicate", severity: Error, summary: "Two tools share a name.", hint: "Give each tool its own name; a client keeps one of them and the model cannot call the other." },
    Rule { code: "order_unstable", severity: Warning, summary: "Two listings of the same server list the tools in different orders.", hint: "List the tools in a fixed order (registration or name order), so that prompt caches and the model's choices hold between sessions." },
    Rule { code: "name_not_verb_object", severity: Warning, summary: "A tool name reads as no English verb and object (`cxdd`, `weather`).", hint: "Name the tool by what it does to what: a verb and an object, such as `search_decisions` or `get_weather`." },
    Rule { code: "name_prefix_missing", severity: Warning, summary: "Several services share the server and a tool's name carries none of their prefixes.", hint: "Start the name with its service or resource prefix, as the other tools do (`github_create_issue`, `slack_post_message`)." },
    Rule { code: "tool_description_missing", severity: Error, summary: "A tool has no description.", hint: "Describe what the tool does, when to call it and what it returns; the model chooses tools by their descriptions." },
    Rule { code: "property_description_missing", severity: Warning, summary: "An input property has no description (the text a lenient agent-input server adds, the kind's and \"Required.\"/\"Optional: omit it…\", is not the author's).", hint: "Describe the property: what it means, its unit or format, and what leaving it out does." },
    Rule { code: "unit_unstated", severity: Warning, summary: "A quantity (a timeout, size, price, distance...) states no unit in its name or description.", hint: "State the unit in the description (\"in seconds\", \"in CZK\") or the name (`timeout_seconds`)." },
    Rule { code: "time_zone_unstated", severity: Warning, summary: "A date-time or time property states no time zone, and no sibling property names one (`timezone`, `tz`, `source_timezone`).", hint: "Say which time zone the value is in (\"UTC\", \"the user's local time\", \"an RFC 3339 offset is required\")." },
    Rule { code: "omitted_optional_unstated", severity: Note, summary: "An optional property has no default and its description does not say what leaving it out does.", hint: "Say what an omitted value means (\"left out: every court\"), or declare a `default`." },
    Rule { code: "enum_in_description", severity: Warning, summary: "A free-text string's description lists the values it takes (examples after \"e.g.\", \"for example\", \"such as\" are no closed set).", hint: "Declare the values as an `enum` (a model then picks one of them and a client can check it)." },
    Rule { code: "id_untyped", severity: Warning, summary: "An id is a free string: no `format: uuid`, `pattern` or `enum`.", hint: "Declare the id's shape (`format: uuid`, or a `pattern`), so that an invented or misspelt id is refused by the schema and not by the database." },
    Rule { code: "name_implies_kind", severity: Note, summary: "A plain string property (no `format`, `pattern` or `enum`) is named as a kind (`from`, `until`, `language`, `country`, `cursor`, `idempotency_key`...): the drop-in reads it as sent, but with `implied_kinds` on it would read it as that kind.", hint: "Say what the string is: `format: date` for a date bound, an `enum` or `pattern` for a language or country code; if the name means something else (an entity's name, a path), keep `implied_kinds` off or set `{\"implied_kinds\": false}` on that property's overrides or `x-agent-input`." },
    Rule { code: "exclusive_optionals", severity: Warning, summary: "Optionals that exclude each other (\"A or B, not both\") are stated in prose.", hint: "Make one discriminator of them (a `mode` enum, or `oneOf` branches), so that the schema says which combination is allowed." },
    Rule { code: "parameterless_open", severity: Warning, summary: "A tool without parameters does not set `additionalProperties: false`.", hint: "Set `\"additionalProperties\": false` on the empty input schema, so that invented arguments are refused rather than ignored." },
    Rule { code: "too_many_tools", severity: Warning, summary: "The server lists more than 20 tools.", hint: "Split the server by service, or merge tools that differ by one argument, to 20 tools or fewer." },
    Rule { code: "type_array", severity: Note, summary: "A schema's `type` is an array, which OpenAI's strict mode and Gemini do not take (a lenient agent-input server's \"Also read\" branches: one note per tool).", hint: "Serve one type per schema to those hosts (`agent-input schema --dialect openai-strict|gemini` writes it), or keep it for MCP clients, which take JSON Schema 2020-12." },
    Rule { code: "type_missing", severity: Warning, summary: "A property's schema validates nothing: no `type`, `enum`, `const` or branches (or an array without `items`).", hint: "Declare the type (and an array's `items`): Gemini refuses an untyped property and other hosts let any value through." },
    Rule { code: "inline_bytes_unbounded", severity: Warning, summary: "A property takes a file's bytes inline (`contentEncoding: base64`, `format: byte`/`binary`, `x-mcp-file`, or base64 by its name or description) and states no bound (`maxLength`, the marker's `maxSize`, or a size in its description).", hint: "State the bound, derived from the request frame (agent-input's `file` kind states `MAX_INLINE_FILE_BYTES`, 2.95 MiB decoded, or your `max_bytes`), and offer a reference form (a resource URI from an upload tool, an `mcp-file:` URI) for larger files." },
    Rule { code: "handle_lifetime_unstated", severity: Warning, summary: "A tool returns a reference (a `format: uri` output property, or one named `…_url`, `…_uri`, `…_handle`, `file_id`) and neither the tool's description nor the property's says how long it lives.", hint: "Say how long the reference stays valid (\"expires after 48 hours\", \"kept until the session ends\", \"permanent\"), so that a model does not pass a dead handle to the next call." },
    Rule { code: "keyword_unsupported", severity: Note, summary: "A schema uses a keyword OpenAI's strict mode or Gemini drops (`allOf`, `not`, `if`, `patternProperties`...).", hint: "Express it with `anyOf`, `enum` and plain properties, or state it in the description; `agent-input schema --dialect` shows what each host keeps." },
    Rule { code: "annotations_default", severity: Warning, summary: "A tool leaves its annotations at MCP's pessimistic defaults (not read-only, destructive, not idempotent, open world); reported once, not again as `destructive_unconfirmed`.", hint: "Declare `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint`, so that clients can run reads without asking and warn before writes." },
    Rule { code: "destructive_unconfirmed", severity: Warning, summary: "A tool that declares it may destroy (`readOnlyHint` not true, `destructiveHint` not false) has no confirmation step (`dry_run`, `confirm_token`...).", hint: "Add a preview step: a `dry_run` that returns what would change and a `confirm_token` the real call must send back (agent-input's `\"confirm\": true`)." },
    Rule { code: "idempotent_without_key", severity: Warning, summary: "A write that creates records (`create_`, `add_`, `send_`, `post_`...: its verb makes something new) says `idempotentHint: true` but takes no idempotency key and no argument naming what it creates (`path`, `name`, `key`); writes that set a state (`write_file`, `update_`, `delete_`) are idempotent by nature.", hint: "Take an `idempotency_key` property and replay the stored result for a repeated key, or drop `idempotentHint`." },
    Rule { code: "deprecated_without_date", severity: Warning, summary: "A deprecated tool (`_meta` `agent-input/deprecated`, or a description that starts with \"Deprecated\") announces no removal date.", hint: "Give the removal date, at least twelve months out (`\"deprecated\": {\"removal\": \"YYYY-MM-DD\", \"replacement\": ...}` in the spec or overrides), so that agents and `agent-input diff` know how long it is served." },
    Rule { code: "deprecated_without_replacement", severity: Warning, summary: "A deprecated tool names no replacement, or one the server does not list.", hint: "Name the tool to call instead (`\"replacement\": \"tool_v2\"`), and serve it beside the old one until the removal date." },
    Rule { code: "version_suffix_without_predecessor", severity: Note, summary: "A tool's name carries a version (`export_v2`, `searchV3`) and neither its base name nor the version before it is listed.", hint: "Serve the old version beside the new one, deprecated with a removal date, until agents moved over; or drop the suffix if there never was another version." },
    Rule { code: "pinned_tool_changed", severity: Error, summary: "With `--pin FILE`: a tool's name, title, description, schemas or annotations differ from the pinned ones (what changed is named by `agent-input diff`'s codes).", hint: "Review the change (`agent-input diff`); when it is meant, rewrite the pin with `--pin-update` (or accept it with `--accept`), so that a tool that changes after review is never taken unseen." },
    Rule { code: "pinned_tool_added", severity: Warning, summary: "With `--pin FILE`: the server lists a tool the pin does not hold.", hint: "Review the new tool; when it is meant, rewrite the pin with `--pin-update`." },
    Rule { code: "pinned_tool_removed", severity: Warning, summary: "With `--pin FILE`: a pinned tool is no longer listed.", hint: "Check that the removal is meant (`agent-input diff` says whether it was announced); then rewrite the pin with `--pin-update`." },
    Rule { code: "result_type_missing", severity: Error, summary: "A result on 2026-07-28 carries no `resultType`.", hint: "Upgrade the server's SDK, or set `resultType: \"complete\"` on every result; 2026-07-28 clients refuse a result without it." },
    Rule { code: "cache_hints_missing", severity: Error, summary: "A `tools/list` result on 2026-07-28 lacks `ttlMs` or `cacheScope`.", hint: "Set `ttlMs` (0 when the list may change at any time) and `cacheScope` (`private` or `public`) on every list result." },
    Rule { code: "prose_result", severity: Note, summary: "A tool returns prose where structured content fits (no `outputSchema`, or a result with text only).", hint: "Declare an `outputSchema` and return `structuredContent`, so that the model and the client read fields rather than parse sentences." },
    Rule { code: "listing_cut", severity: Warning, summary: "The server's `tools/list` is longer than the lint reads (`MAX_LIST_TOOLS` tools, `MAX_LIST_PAGES` pages, `MAX_LIST_BYTES`): the tools past the bound are not checked.", hint: "Split the server by service so that each lists fewer tools; no model can choose well among thousands of tools either." },
    Rule { code: "stdout_not_jsonrpc", severity: Error, summary: "The server wrote something other than JSON-RPC to stdout.", hint: "Log to stderr; on stdio, stdout carries nothing but JSON-RPC messages." },
];

/// The rule of a code.
pub fn rule(code: &str) -> &'static Rule {
    RULES.iter().find(|r| r.code == code).unwrap_or(&RULES[0])
}

pub(crate) fn finding(code: &'static str, tool: Option<&str>, path: String, message: String) -> Finding {
    Finding { code, tool: tool.map(str::to_string), path, message, accepted: None }
}

/// The words a tool name's verb may be. Tool names use a small set of verbs; a name none of
/// whose words is one of them reads as no action.
const VERBS: &[&str] = &[
    "add",
    "aggregate",
    "analyse",
    "analyze",
    "annotate",
    "answer",
    "append",
    "apply",
    "approve",
    "archive",
    "ask",
    "assign",
    "book",
    "browse",
    "build",
    "calculate",
    "call",
    "cancel",
    "capture",
    "chart",
    "chat",
    "check",
    "checkout",
    "classify",
    "clear",
    "click",
    "clone",
    "close",
    "comment",
    "commit",
    "compare",
    "compress",
    "compute",
    "confirm",
    "convert",
    "copy",
    "count",
    "crawl",
    "create",
    "decode",
    "decompress",
    "decrypt",
    "delete",
    "deploy",
    "describe",
    "diff",
    "disable",
    "downgrade",
    "download",
    "drag",
    "draw",
    "echo",
    "edit",
    "embed",
    "enable",
    "encode",
    "encrypt",
    "estimate",
    "evaluate",
    "execute",
    "explain",
    "export",
    "extract",
    "fetch",
    "fill",
    "filter",
    "find",
    "fix",
    "follow",
    "forget",
    "fork",
    "format",
    "generate",
    "get",
    "go",
    "grant",
    "group",
    "gzip",
    "hash",
    "hover",
    "import",
    "insert",
    "inspect",
    "install",
    "invite",
    "join",
    "label",
    "lint",
    "list",
    "listen",
    "load",
    "lock",
    "log",
    "look",
    "lookup",
    "mark",
    "match",
    "merge",
    "modify",
    "monitor",
    "move",
    "navigate",
    "notify",
    "open",
    "parse",
    "patch",
    "pause",
    "ping",
    "plan",
    "plot",
    "post",
    "predict",
    "press",
    "preview",
    "print",
    "publish",
    "pull",
    "push",
    "put",
    "query",
    "rank",
    "read",
    "recall",
    "record",
    "refactor",
    "refresh",
    "register",
    "reject",
    "release",
    "reload",
    "remember",
    "remove",
    "rename",
    "render",
    "replace",
    "reply",
    "request",
    "reserve",
    "reset",
    "resolve",
    "restore",
    "resume",
    "retrieve",
    "revert",
    "review",
    "revoke",
    "rollback",
    "run",
    "save",
    "scan",
    "schedule",
    "scrape",
    "screenshot",
    "scroll",
    "search",
    "select",
    "send",
    "set",
    "share",
    "show",
    "sign",
    "simulate",
    "sleep",
    "sort",
    "speak",
    "split",
    "start",
    "stash",
    "stop",
    "store",
    "submit",
    "subscribe",
    "sum",
    "summarise",
    "summarize",
    "sync",
    "tag",
    "test",
    "toggle",
    "tokenize",
    "trace",
    "track",
    "transcribe",
    "transfer",
    "translate",
    "trigger",
    "type",
    "unlock",
    "unsubscribe",
    "unzip",
    "update",
    "upgrade",
    "upload",
    "upsert",
    "validate",
    "verify",
    "view",
    "visit",
    "wait",
    "watch",
    "write",
    "zip",
];

/// A name's words: split at `_`, `-`, `.`, spaces and lower-to-upper case changes, lowercased.
pub fn words(name: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut prev_lower = false;
    for c in name.chars() {
        let boundary = matches!(c, '_' | '-' | '.' | ' ' | '/');
        if (boundary || (c.is_uppercase() && prev_lower)) && !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
        if !boundary {
            current.extend(c.to_lowercase());
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn is_verb(word: &str) -> bool {
    VERBS.contains(&word)
}

/// The rules of versioned tools: a deprecation without a date or a replacement, a version
/// served without the one it follows.
pub fn versions(tools: &[Value], out: &mut Vec<Finding>) {
    use crate::diff::tools::{deprecation, predecessors};
    let names: Vec<&str> = tools.iter().filter_map(|t| t.get("name").and_then(Value::as_str)).collect();
    for (i, tool) in tools.iter().enumerate() {
        let Some(name) = tool.get("name").and_then(Value::as_str) else { continue };
        if let Some(d) = deprecation(tool) {
            let at = format!("/tools/{i}/_meta/{}", pointer_escape(agent_input::tool::DEPRECATED_META));
            if d.removal.is_none() {
                out.push(finding(
                    "deprecated_without_date",
                    Some(name),
                    at.clone(),
                    format!("`{name}` is deprecated with no removal date"),
                ));
            }
            match d.replacement.as_deref() {
                None => out.push(finding(
                    "deprecated_without_replacement",
                    Some(name),
                    at,
                    format!("`{name}` is deprecated and names no replacement"),
                )),
                Some(r) if !names.contains(&r) => out.push(finding(
                    "deprecated_without_replacement",
                    Some(name),
                    at,
                    format!("`{name}` names the replacement `{r}`, which the server does not list"),
                )),
                Some(_) => {}
            }
        }
        let before = predecessors(name);
        if !before.is_empty() && !before.iter().any(|p| names.contains(&p.as_str())) {
            let message = format!(
                "`{name}` is a versioned name and none of {} is listed",
                before.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")
            );
            out.push(finding("version_suffix_without_predecessor", Some(name), format!("/tools/{i}/name"), message));
        }
    }
}

/// The rules over the names of the whole listing.
pub fn names(tools: &[Value], out: &mut Vec<Finding>) {
    let mut seen = std::collections::HashSet::new();
    for (i, tool) in tools.iter().enumerate() {
        let name = tool.get("name").and_then(Value::as_str).unwrap_or("");
        let path = format!("/tools/{i}/name");
        let valid = (1..=MAX_NAME_CHARS).contains(&name.chars().count())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
        if !valid {
            out.push(finding("name_invalid", Some(name), path.clone(), format!("`{name}` is not a valid tool name")));
        }
        if !seen.insert(name) {
            out.push(finding("name_duplicate", Some(name), path.clone(), format!("`{name}` is listed more than once")));
        }
        let w = words(name);
        if w.len() < 2 || !w.iter().any(|w| is_verb(w)) {
            let message = format!("`{name}` names no action on an object");
            out.push(finding("name_not_verb_object", Some(name), path, message));
        }
    }
    prefixes(tools, out);
    if tools.len() > MAX_TOOLS {
        let message = format!("{} tools, more than {MAX_TOOLS}", tools.len());
        out.push(finding("too_many_tools", None, "/tools".into(), message));
    }
}

/// Services share a server when two or more name prefixes (a first word that is no verb) each
/// lead two or more tools; a tool then needs one of them.
fn prefixes(tools: &[Value], out: &mut Vec<Finding>) {
    let firsts: Vec<Option<String>> =
        tools.iter().map(|t| words(t.get("name").and_then(Value::as_str).unwrap_or("")).into_iter().next()).collect();
    let mut counts = std::collections::BTreeMap::new();
    for first in firsts.iter().flatten().filter(|w| !is_verb(w)) {
        *counts.entry(first.clone()).or_insert(0usize) += 1;
    }
    let services: Vec<&String> = counts.iter().filter(|(_, n)| **n >= 2).map(|(w, _)| w).collect();
    if services.len() < 2 {
        return;
    }
    for (i, (tool, first)) in tools.iter().zip(&firsts).enumerate() {
        if first.as_ref().is_some_and(|f| services.contains(&f)) {
            continue;
        }
        let name = tool.get("name").and_then(Value::as_str).unwrap_or("");
        let listed: Vec<&str> = services.iter().map(|s| s.as_str()).collect();
        let message = format!("`{name}` carries none of the prefixes {}", listed.join(", "));
        out.push(finding("name_prefix_missing", Some(name), format!("/tools/{i}/name"), message));
    }
}

/// The rules over one tool's description, input schema and annotations.
pub fn tool(i: usize, tool: &Value, out: &mut Vec<Finding>) {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or("");
    let base = format!("/tools/{i}");
    let description = tool.get("description").and_then(Value::as_str).unwrap_or("").trim();
    if description.is_empty() {
        out.push(finding(
            "tool_description_missing",
            Some(name),
            format!("{base}/description"),
            format!("`{name}` has no description"),
        ));
    }
    let schema = tool.get("inputSchema").cloned().unwrap_or(Value::Null);
    let props = schema.get("properties").and_then(Value::as_object);
    if props.is_none_or(|p| p.is_empty()) && schema.get("additionalProperties") != Some(&Value::Bool(false)) {
        let message = format!("`{name}` takes no parameters and accepts any");
        out.push(finding("parameterless_open", Some(name), format!("{base}/inputSchema"), message));
    }
    if let Some(sentence) = exclusive(description) {
        let message = format!("the description says \"{sentence}\"");
        out.push(finding("exclusive_optionals", Some(name), format!("{base}/description"), message));
    }
    let required: Vec<&str> =
        schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
    let properties: Vec<&str> = props.into_iter().flatten().map(|(k, _)| k.as_str()).collect();
    for (key, prop) in props.into_iter().flatten() {
        let path = format!("{base}/inputSchema/properties/{}", pointer_escape(key));
        let optional = !required.contains(&key.as_str());
        property(&Place { tool: name, key, path: &path, optional, properties: &properties }, prop, out);
    }
    let mut generated = 0;
    keywords(name, &schema, &format!("{base}/inputSchema"), 0, &mut generated, out);
    lenient_type_arrays(name, &base, generated, out);
    super::implied::name_implies_kind(name, &schema, &base, out);
    super::bytes::handle_lifetime(tool, &base, out);
    effects(name, tool, &base, props, out);
    if tool.get("outputSchema").is_none() {
        let message = format!("`{name}` declares no outputSchema");
        out.push(finding("prose_result", Some(name), format!("{base}/outputSchema"), message));
    }
}

pub(crate) fn pointer_escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn text_of(prop: &Value) -> String {
    let d = prop.get("description").and_then(Value::as_str).unwrap_or("");
    let t = prop.get("title").and_then(Value::as_str).unwrap_or("");
    format!("{d} {t}").to_lowercase()
}

/// A property's own schema and its branches' `type`s, as one list.
fn types(prop: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for t in with_branches(prop).filter_map(|b| b.get("type")) {
        match t {
            Value::String(s) => out.push(s.clone()),
            Value::Array(a) => out.extend(a.iter().filter_map(Value::as_str).map(str::to_string)),
            _ => {}
        }
    }
    out
}

/// A property's schema, then its `anyOf` and `oneOf` branches.
pub(crate) fn with_branches(prop: &Value) -> impl Iterator<Item = &Value> {
    let branches = ["anyOf", "oneOf"].into_iter().filter_map(|k| prop.get(k).and_then(Value::as_array)).flatten();
    std::iter::once(prop).chain(branches)
}

/// The type a property is declared as first: its own `type`, or its first branch's (the
/// branches after it may be a lenient server's "also read" branch).
fn primary(prop: &Value) -> Vec<String> {
    let first =
        prop.get("type").or_else(|| ["anyOf", "oneOf"].iter().find_map(|k| prop.pointer(&format!("/{k}/0/type"))));
    match first {
        Some(Value::String(s)) => vec![s.clone()],
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).map(str::to_string).collect(),
        _ => Vec::new(),
    }
}

struct Place<'a> {
    tool: &'a str,
    key: &'a str,
    path: &'a str,
    optional: bool,
    properties: &'a [&'a str],
}

fn property(at: &Place<'_>, prop: &Value, out: &mut Vec<Finding>) {
    let Place { tool, key, path, optional, properties } = *at;
    let text = text_of(prop);
    // The author's words only: a lenient server's kind text and presence sentence are its own.
    let has_description = !super::lenient::author_description(prop).is_empty();
    let mut push = |code, message: String| out.push(finding(code, Some(tool), path.to_string(), message));
    if !has_description {
        push("property_description_missing", format!("`{key}` has no description"));
    }
    let types = types(prop);
    let w = words(key);
    if types.iter().any(|t| t == "number" || t == "integer") && quantity(&w) && !unit_stated(&w, &text) {
        push("unit_unstated", format!("`{key}` is a quantity with no unit"));
    }
    if timed(prop, &w) && !zone_stated(&text) && !zone_sibling(key, properties) {
        push("time_zone_unstated", format!("`{key}` is a time with no time zone"));
    }
    if optional && prop.get("default").is_none() && !omission_stated(&text) {
        push("omitted_optional_unstated", format!("`{key}` is optional and nothing says what leaving it out does"));
    }
    let constrained = ["enum", "const", "format", "pattern"].iter().any(|k| has_in_branches(prop, k));
    let string = primary(prop).iter().any(|t| t == "string");
    if string && !constrained && lists_values(&text, properties) {
        push("enum_in_description", format!("`{key}` lists its values in prose"));
    }
    if string && !constrained && w.last().is_some_and(|l| matches!(l.as_str(), "id" | "uuid" | "guid")) {
        push("id_untyped", format!("`{key}` is an id of any string"));
    }
    if let Some(sentence) = exclusive(prop.get("description").and_then(Value::as_str).unwrap_or("")) {
        push("exclusive_optionals", format!("`{key}`'s description says \"{sentence}\""));
    }
    if untyped(prop) {
        push("type_missing", format!("`{key}` has no type"));
    }
    super::bytes::inline_bytes(tool, key, path, prop, out);
}

fn has_in_branches(prop: &Value, key: &str) -> bool {
    let items = prop.get("items").filter(|i| i.is_object());
    with_branches(prop).chain(items).any(|b| b.get(key).is_some())
}

fn untyped(prop: &Value) -> bool {
    let declared = ["type", "enum", "const", "anyOf", "oneOf", "allOf", "$ref"].iter().any(|k| prop.get(*k).is_some());
    let array_without_items = prop.get("type") == Some(&Value::String("array".into())) && prop.get("items").is_none();
    !declared || array_without_items
}

const QUANTITIES: &[&str] = &[
    "timeout",
    "duration",
    "delay",
    "interval",
    "ttl",
    "age",
    "period",
    "wait",
    "size",
    "length",
    "width",
    "height",
    "depth",
    "distance",
    "radius",
    "weight",
    "mass",
    "price",
    "cost",
    "amount",
    "fee",
    "salary",
    "budget",
    "temperature",
    "speed",
    "memory",
    "bandwidth",
    "elevation",
    "altitude",
    "volume",
    "elapsed",
    "expiry",
    "lifetime",
];
/// Unit words (also read by `diff`'s `description_unit_changed`).
pub(crate) const UNITS: &[&str] = &[
    "ms",
    "millis",
    "milliseconds",
    "millisecond",
    "s",
    "sec",
    "secs",
    "second",
    "seconds",
    "min",
    "mins",
    "minute",
    "minutes",
    "h",
    "hr",
    "hrs",
    "hour",
    "hours",
    "day",
    "days",
    "week",
    "weeks",
    "bytes",
    "byte",
    "kb",
    "kib",
    "mb",
    "mib",
    "gb",
    "gib",
    "px",
    "pixels",
    "pt",
    "m",
    "meter",
    "meters",
    "metre",
    "metres",
    "km",
    "kilometers",
    "kilometres",
    "mi",
    "miles",
    "ft",
    "feet",
    "cm",
    "mm",
    "kg",
    "g",
    "grams",
    "lb",
    "lbs",
    "cents",
    "usd",
    "eur",
    "czk",
    "gbp",
    "currency",
    "celsius",
    "fahrenheit",
    "kelvin",
    "°c",
    "°f",
    "percent",
    "%",
    "pct",
    "knots",
    "kmh",
    "mph",
    "iso",
    "units",
    "unit",
    "characters",
    "chars",
    "tokens",
    "words",
    "items",
    "entries",
    "lines",
    "rows",
];

/// Words that make a quantity word a count of things (`page_size`, `batch_size`), which needs
/// no unit.
const COUNTED: &[&str] = &["page", "batch", "sample", "group", "team", "result", "results", "list"];

fn quantity(words: &[String]) -> bool {
    words.iter().any(|w| QUANTITIES.contains(&w.as_str())) && !words.iter().any(|w| COUNTED.contains(&w.as_str()))
}

fn unit_stated(words: &[String], text: &str) -> bool {
    words.iter().any(|w| UNITS.contains(&w.as_str()))
        || text.split(|c: char| !(c.is_alphanumeric() || c == '%' || c == '°')).any(|t| UNITS.contains(&t))
}

fn timed(prop: &Value, words: &[String]) -> bool {
    let format =
        with_branches(prop).any(|b| matches!(b.get("format").and_then(Value::as_str), Some("date-time" | "time")));
    let named = words.last().is_some_and(|l| matches!(l.as_str(), "at" | "time" | "timestamp" | "datetime"));
    format || (named && types(prop).iter().any(|t| t == "string"))
}

/// True when another property of the tool names the time zone (`timezone`, `time_zone`, `tz`,
/// `source_timezone`, `utc_offset`): the time is in the zone it gives.
fn zone_sibling(key: &str, properties: &[&str]) -> bool {
    properties
        .iter()
        .filter(|p| **p != key)
        .any(|p| words(p).iter().any(|w| matches!(w.as_str(), "timezone" | "tz" | "zone" | "offset" | "tzid")))
}

/// Words that state a time zone (also read by `diff`'s `description_time_zone_changed`).
pub(crate) const ZONE_WORDS: &[&str] = &[
    "utc",
    "time zone",
    "timezone",
    "offset",
    "gmt",
    "local time",
    "z suffix",
    "rfc 3339",
    "rfc3339",
    "zulu",
    "europe/",
    "america/",
    "asia/",
    "africa/",
    "australia/",
    "iana",
];

fn zone_stated(text: &str) -> bool {
    ZONE_WORDS.iter().any(|w| text.contains(w))
}

/// Words that say what leaving a value out does (also read by `diff`'s
/// `description_omission_changed`).
pub(crate) const OMISSION_WORDS: &[&str] = &[
    "default",
    "omit",
    "left out",
    "leave out",
    "leave it out",
    "not given",
    "not set",
    "absent",
    "unless",
    "otherwise",
    "if empty",
    "when empty",
    "missing",
    "without it",
    "if none",
    "all ",
    "every ",
    "any ",
];

fn omission_stated(text: &str) -> bool {
    OMISSION_WORDS.iter().any(|w| text.contains(w))
}

/// True when prose lists the values a string takes: "one of", "possible values", two or more
/// quoted values in a row (`'asc' or 'desc'`, not examples: "such as", "e.g.", and not the
/// names of the tool's properties), or `a|b`, `(a/b/c)` alternatives.
fn lists_values(text: &str, properties: &[&str]) -> bool {
    const LISTS: &[&str] = &["one of", "possible values", "allowed values", "valid values", "accepted values"];
    // "e.g." and "i.e." end no sentence; what follows an example marker is examples.
    let text = text.replace("e.g.", "e.g ").replace("i.e.", "i.e ");
    let text = without_examples(&text);
    if LISTS.iter().any(|l| text.contains(l)) {
        return true;
    }
    if quoted_run(&text, properties) {
        return true;
    }
    text.split_whitespace().any(|t| {
        let t = t.trim_matches(|c: char| matches!(c, '(' | ')' | ',' | '.' | ':' | ';'));
        let parts: Vec<&str> = t.split(['|', '/']).collect();
        parts.len() >= 2
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.len() <= 20 && p.chars().all(|c| c.is_alphanumeric() || c == '_'))
            && !parts.iter().all(|p| p.chars().all(|c| c.is_ascii_digit()))
    })
}

/// The text with what follows an example marker ("e.g.", "for example", "such as", "for
/// instance") cut from each sentence: examples are no closed set of values.
fn without_examples(text: &str) -> String {
    const MARKERS: &[&str] = &["e.g", "eg.", "for example", "for instance", "such as", "examples:", "example:"];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        // A sentence ends at a `.` or `;` before a space (not in `*.js`), or at a line's end.
        let end = rest
            .char_indices()
            .find(|&(i, c)| c == '\n' || matches!(c, '.' | ';') && rest[i + 1..].starts_with(char::is_whitespace))
            .map_or(rest.len(), |(i, c)| i + c.len_utf8());
        let sentence = &rest[..end];
        match MARKERS.iter().filter_map(|m| sentence.find(m)).min() {
            // The sentence's end stays, so that the next sentence stays apart.
            Some(at) => {
                out.push_str(&sentence[..at]);
                out.push_str(if sentence.ends_with(['.', ';', '\n']) { ". " } else { " " });
            }
            None => out.push_str(sentence),
        }
        rest = &rest[end..];
    }
    out
}

/// Two or more quoted tokens in a row, joined by a comma, "or" or a bar, that are no
/// property's name, in a sentence that constrains ("either", "must be", "one of"...) or right
/// after a colon or comma, and after no example marker ("such as", "e.g.").
fn quoted_run(text: &str, properties: &[&str]) -> bool {
    const EXAMPLES: &[&str] = &["e.g", "such as", "for example", "like", "invented", "example", "i.e"];
    const CUES: &[&str] = &[
        "either",
        "must be",
        "can be",
        "may be",
        "should be",
        "accepts",
        "values",
        "options",
        "choose",
        "set to",
        "supported",
        "allowed",
    ];
    let mut tokens: Vec<(usize, usize, &str)> = Vec::new();
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut i = 0;
    while i < bytes.len() {
        let (start, q) = bytes[i];
        if matches!(q, '\'' | '"' | '`') {
            if let Some(j) = (i + 1..bytes.len()).find(|&j| bytes[j].1 == q) {
                let inner = &text[start + q.len_utf8()..bytes[j].0];
                if !inner.is_empty() && inner.len() <= 30 && !inner.contains(' ') {
                    tokens.push((start, bytes[j].0 + q.len_utf8(), inner));
                }
                i = j + 1;
                continue;
            }
        }
        i += 1;
    }
    let joined = |gap: &str| matches!(gap.trim(), "," | "or" | ", or" | "|" | "/");
    let mut run = 1;
    for pair in tokens.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        run = if joined(&text[a.1..b.0]) { run + 1 } else { 1 };
        if run >= 2 {
            let named = properties.contains(&a.2) || properties.contains(&b.2);
            let sentence_start = text[..a.0].rfind(['.', ';', '\n']).map_or(0, |s| s + 1);
            let before = &text[sentence_start..a.0];
            let example = EXAMPLES.iter().any(|e| before.contains(e));
            let cued = CUES.iter().any(|c| before.contains(c)) || before.trim_end().ends_with([':', ',']);
            if !named && !example && cued {
                return true;
            }
        }
    }
    false
}

/// The sentence of prose that makes optionals exclusive, if any.
fn exclusive(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    const PHRASES: &[&str] = &[
        "not both",
        "mutually exclusive",
        "only one of",
        "exactly one of",
        "cannot be combined",
        "can't be combined",
        "cannot be used together",
        "can't be used together",
        "cannot be used with",
        "can't be used with",
    ];
    let at = PHRASES.iter().filter_map(|p| lower.find(p)).min()?;
    let start = lower[..at].rfind(['.', '\n']).map_or(0, |s| s + 1);
    let end = lower[at..].find(['.', '\n']).map_or(lower.len(), |e| at + e);
    Some(text.get(start..end).unwrap_or("").trim().to_string())
}

/// Keywords OpenAI's strict mode or Gemini drop, and type arrays, anywhere in a schema but in
/// a lenient agent-input server's "Also read" branches, whose type arrays are counted in
/// `generated` (one note per tool, `lenient_type_arrays`).
fn keywords(tool: &str, schema: &Value, path: &str, depth: usize, generated: &mut usize, out: &mut Vec<Finding>) {
    const DROPPED: &[&str] = &[
        "allOf",
        "not",
        "if",
        "then",
        "else",
        "patternProperties",
        "dependentRequired",
        "dependentSchemas",
        "unevaluatedProperties",
        "unevaluatedItems",
        "prefixItems",
        "contains",
        "propertyNames",
    ];
    let Some(object) = schema.as_object() else { return };
    if depth > MAX_SCHEMA_DEPTH {
        return;
    }
    if let Some(Value::Array(t)) = object.get("type") {
        let listed: Vec<&str> = t.iter().filter_map(Value::as_str).collect();
        let message = format!("`type` is [{}]", listed.join(", "));
        out.push(finding("type_array", Some(tool), format!("{path}/type"), message));
    }
    for key in DROPPED.iter().filter(|k| object.contains_key(**k)) {
        let message = format!("`{key}` is dropped by OpenAI's strict mode or Gemini");
        out.push(finding("keyword_unsupported", Some(tool), format!("{path}/{key}"), message));
    }
    for (key, value) in object {
        match (key.as_str(), value) {
            ("properties" | "$defs" | "definitions", Value::Object(children)) => {
                for (name, child) in children {
                    let child_path = format!("{path}/{key}/{}", pointer_escape(name));
                    keywords(tool, child, &child_path, depth + 1, generated, out);
                }
            }
            ("items" | "additionalProperties", child @ Value::Object(_)) => {
                keywords(tool, child, &format!("{path}/{key}"), depth + 1, generated, out)
            }
            ("anyOf" | "oneOf" | "allOf", Value::Array(branches)) => {
                for (n, branch) in branches.iter().enumerate() {
                    if super::lenient::is_lenient_branch(branch) {
                        *generated += type_arrays(branch, depth + 1);
                    } else {
                        keywords(tool, branch, &format!("{path}/{key}/{n}"), depth + 1, generated, out);
                    }
                }
            }
            _ => {}
        }
    }
}

/// The type arrays in a schema and the schemas below it.
fn type_arrays(schema: &Value, depth: usize) -> usize {
    if depth > MAX_SCHEMA_DEPTH {
        return 0;
    }
    let own = usize::from(schema.get("type").is_some_and(Value::is_array));
    let below: usize = match schema {
        Value::Object(o) => o.values().map(|v| type_arrays(v, depth + 1)).sum(),
        Value::Array(a) => a.iter().map(|v| type_arrays(v, depth + 1)).sum(),
        _ => 0,
    };
    own + below
}

/// One `type_array` note for the type arrays of a tool's lenient branches: they are what a
/// lenient agent-input server adds on purpose, and `--dialect` serves the hosts that refuse
/// them.
fn lenient_type_arrays(tool: &str, base: &str, generated: usize, out: &mut Vec<Finding>) {
    if generated > 0 {
        let message = format!(
            "`{tool}` is served by a lenient agent-input server: its \"Also read\" branches hold {generated} type \
             array(s), the spellings models send, for MCP clients; hosts that take one type per schema get \
             `agent-input schema --dialect openai-strict|gemini`"
        );
        out.push(finding("type_array", Some(tool), format!("{base}/inputSchema"), message));
    }
}

const CONFIRMATIONS: &[&str] =
    &["dry_run", "dryRun", "confirm", "confirmed", "confirm_token", "confirmToken", "confirmation", "preview"];
const KEYS: &[&str] = &[
    "idempotency_key",
    "idempotencyKey",
    "idempotency_token",
    "request_id",
    "requestId",
    "client_token",
    "clientToken",
    "dedupe_key",
    "dedup_key",
    "client_request_id",
];

fn effects(
    name: &str,
    tool: &Value,
    base: &str,
    props: Option<&serde_json::Map<String, Value>>,
    out: &mut Vec<Finding>,
) {
    let annotations = tool.get("annotations").filter(|a| a.is_object());
    let hint = |key: &str| annotations.and_then(|a| a.get(key)).and_then(Value::as_bool);
    let path = format!("{base}/annotations");
    let declared =
        ["readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"].iter().any(|k| hint(k).is_some());
    if !declared {
        let message = format!("`{name}` declares none of readOnlyHint, destructiveHint, idempotentHint, openWorldHint");
        out.push(finding("annotations_default", Some(name), path.clone(), message));
    }
    let has = |names: &[&str]| props.is_some_and(|p| p.keys().any(|k| names.contains(&k.as_str())));
    let writes = hint("readOnlyHint") != Some(true);
    // A tool that declares no annotation is destructive by MCP's default: `annotations_default`
    // says so once, and the fix (declaring them) may make it no destructive tool at all.
    if declared && writes && hint("destructiveHint") != Some(false) && !has(CONFIRMATIONS) {
        let message = format!("`{name}` may destroy data and takes no dry_run or confirm_token");
        out.push(finding("destructive_unconfirmed", Some(name), path.clone(), message));
    }
    if writes && hint("idempotentHint") == Some(true) && !has(KEYS) && creates_records(name, props) {
        let message = format!("`{name}` says it is idempotent and takes no idempotency key");
        out.push(finding("idempotent_without_key", Some(name), format!("{path}/idempotentHint"), message));
    }
}

/// Verbs whose write makes something new at each call, whatever its arguments (a message, a
/// payment, a booking): a retry without a key makes it twice.
const ALWAYS_NEW: &[&str] = &[
    "append", "book", "charge", "comment", "enqueue", "invite", "log", "notify", "order", "pay", "post", "publish",
    "record", "reply", "reserve", "schedule", "send", "submit", "transfer",
];

/// Verbs whose write makes something that its arguments may name (`create_directory`'s
/// `path`): new at each call (a record with a server-assigned id) unless they do.
const CREATING: &[&str] =
    &["add", "clone", "copy", "create", "fork", "generate", "import", "insert", "make", "new", "register", "upload"];

/// The last words of a property that names what a creating write makes (`create_directory`'s
/// `path`, `git_add`'s `files`): the same arguments make the same thing, not a second one.
const TARGETS: &[&str] = &[
    "path",
    "paths",
    "file",
    "files",
    "filename",
    "filenames",
    "filepath",
    "directory",
    "dir",
    "name",
    "names",
    "key",
    "slug",
];

/// True when a write that says it is idempotent may not be: its verb (the first of the name's
/// words that is one) makes something new at each call (`ALWAYS_NEW`), or makes something
/// (`CREATING`) and no argument names what, or it has no verb the lint knows. A write that sets a state (`write_file`, `set_`, `update_`, `delete_`,
/// `remove_`) is idempotent by nature: the same arguments leave the same state.
fn creates_records(name: &str, props: Option<&serde_json::Map<String, Value>>) -> bool {
    let new = |w: &str| ALWAYS_NEW.contains(&w) || CREATING.contains(&w);
    let Some(verb) = words(name).into_iter().find(|w| is_verb(w) || new(w)) else { return true };
    if ALWAYS_NEW.contains(&verb.as_str()) {
        return true;
    }
    if !CREATING.contains(&verb.as_str()) {
        return false;
    }
    let named =
        props.into_iter().flatten().any(|(k, _)| words(k).last().is_some_and(|l| TARGETS.contains(&l.as_str())));
    !named
}

/// The rules over the results themselves, on the negotiated revision: `resultType` and the
/// cache hints of 2026-07-28 on every `tools/list` page.
pub fn list_pages(pages: &[Value], modern: bool, out: &mut Vec<Finding>) {
    if !modern {
        return;
    }
    for (n, page) in pages.iter().enumerate() {
        let at = if pages.len() > 1 { format!(" (page {})", n + 1) } else { String::new() };
        if page.get("resultType").and_then(Value::as_str).is_none() {
            out.push(finding(
                "result_type_missing",
                None,
                "/resultType".into(),
                format!("tools/list{at} has no resultType"),
            ));
        }
        let ttl = page.get("ttlMs").and_then(Value::as_u64);
        let scope = page.get("cacheScope").and_then(Value::as_str).filter(|s| matches!(*s, "public" | "private"));
        if ttl.is_none() || scope.is_none() {
            let missing: Vec<&str> = [("ttlMs", ttl.is_none()), ("cacheScope", scope.is_none())]
                .iter()
                .filter(|m| m.1)
                .map(|m| m.0)
                .collect();
            let message = format!("tools/list{at} lacks {}", missing.join(" and "));
            out.push(finding("cache_hints_missing", None, "/".into(), message));
        }
    }
}

/// The rules over one tool's call result (a probe of a read-only tool that needs no
/// arguments).
pub fn call_result(i: usize, name: &str, result: &Value, modern: bool, out: &mut Vec<Finding>) {
    let path = format!("/tools/{i}");
    if modern && result.get("resultType").and_then(Value::as_str).is_none() {
        out.push(finding(
            "result_type_missing",
            Some(name),
            path.clone(),
            format!("tools/call of `{name}` has no resultType"),
        ));
    }
    let structured = result.get("structuredContent").is_some_and(|s| !s.is_null());
    let texts: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|b| b.get("type") == Some(&Value::String("text".into())))
        .filter_map(|b| b.get("text").and_then(Value::as_str))
        .collect();
    let prose = texts.iter().any(|t| serde_json::from_str::<Value>(t).is_err());
    if !structured && prose {
        out.push(finding(
            "prose_result",
            Some(name),
            path,
            format!("`{name}` answered with prose and no structuredContent"),
        ));
    }
}

/// Two listings of one server must agree on the order.
pub fn order(first: &[Value], second: &[Value], out: &mut Vec<Finding>) {
    let names = |l: &[Value]| -> Vec<String> {
        l.iter().map(|t| t.get("name").and_then(Value::as_str).unwrap_or("").to_string()).collect()
    };
    let (a, b) = (names(first), names(second));
    if a != b {
        let message = format!("first listing [{}], second [{}]", a.join(", "), b.join(", "));
        out.push(finding("order_unstable", None, "/tools".into(), message));
    }
}

/// Output that is not JSON-RPC on stdout.
pub fn stray(lines: &[String], out: &mut Vec<Finding>) {
    if let Some(first) = lines.first() {
        let message = format!("{} line(s) that are not JSON-RPC, the first: {first}", lines.len());
        out.push(finding("stdout_not_jsonrpc", None, "/".into(), message));
    }
}

/// The severity of a code.
pub fn severity(code: &str) -> Severity {
    rule(code).severity
}
