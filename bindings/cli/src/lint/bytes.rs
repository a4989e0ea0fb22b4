//! The rules of what stays out of the model: inline bytes with no stated bound
//! (`inline_bytes_unbounded`), and references a tool returns with no stated lifetime
//! (`handle_lifetime_unstated`).

use serde_json::Value;

use super::rules::{finding, pointer_escape, words};
use super::Finding;

/// True when a property holds a file's bytes as text: `contentEncoding: base64`, OpenAPI's
/// `format: byte`/`binary`, SEP-2631's `x-mcp-file`, or base64 named by its name or description.
fn holds_bytes(key: &str, prop: &Value) -> bool {
    let branches = super::rules::with_branches(prop);
    let marked = branches.into_iter().any(|b| {
        b.get("contentEncoding").and_then(Value::as_str).is_some_and(|e| e.eq_ignore_ascii_case("base64"))
            || matches!(b.get("format").and_then(Value::as_str), Some("byte" | "binary"))
            || b.get("x-mcp-file").is_some()
    });
    let text = prop.get("description").and_then(Value::as_str).unwrap_or_default().to_lowercase();
    marked || words(key).iter().any(|w| w == "base64") || text.contains("base64")
}

/// True when a property states how many bytes it takes: `maxLength` (on it or a branch), the
/// marker's `maxSize`, or a size in its description (`at most 5 MB`, `1 MiB`, `4096 bytes`).
fn bounded(prop: &Value) -> bool {
    let stated = super::rules::with_branches(prop)
        .into_iter()
        .any(|b| b.get("maxLength").is_some() || b.get("x-mcp-file").and_then(|m| m.get("maxSize")).is_some());
    let text = prop.get("description").and_then(Value::as_str).unwrap_or_default().to_lowercase();
    stated || states_size(&text)
}

/// A number followed by a unit of bytes.
fn states_size(text: &str) -> bool {
    let tokens: Vec<&str> = text.split(|c: char| c.is_whitespace() || c == '(' || c == ')').collect();
    tokens.windows(2).any(|w| {
        let number = w[0].trim_start_matches(['~', '<', '≤']).replace([',', '.', '_'], "");
        let unit = w[1].trim_end_matches(['.', ',', ';', ':']);
        !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit())
            && matches!(unit, "b" | "byte" | "bytes" | "kb" | "kib" | "mb" | "mib" | "gb" | "gib")
    }) || tokens.iter().any(|t| {
        let t = t.trim_end_matches(['.', ',', ';', ':']);
        let digits = t.trim_end_matches(char::is_alphabetic);
        !digits.is_empty()
            && digits.chars().all(|c| c.is_ascii_digit() || c == '.')
            && matches!(&t[digits.len()..], "kb" | "kib" | "mb" | "mib" | "gb" | "gib")
    })
}

/// `inline_bytes_unbounded` for one property of a tool's input.
pub fn inline_bytes(tool: &str, key: &str, path: &str, prop: &Value, out: &mut Vec<Finding>) {
    if holds_bytes(key, prop) && !bounded(prop) {
        let message = format!("`{key}` takes a file's bytes inline and states no bound");
        out.push(finding("inline_bytes_unbounded", Some(tool), path.to_string(), message));
    }
}

/// Words of an output property's name that make it a reference the caller uses later.
const HANDLE_WORDS: &[&str] = &["uri", "url", "handle", "reference", "ref", "link", "href"];

/// Words that state how long a reference lives.
const LIFETIME_WORDS: &[&str] = &[
    "expire",
    "expires",
    "expiry",
    "expiration",
    "valid for",
    "valid until",
    "lives",
    "kept for",
    "deleted after",
    "ttl",
    "permanent",
    "permanently",
    "never expire",
    "until",
    "for the session",
    "hours",
    "minutes",
    "days",
];

/// The output properties (top level, and one level into objects) that hold a reference: a
/// `format: uri` string, or a name ending in one of [`HANDLE_WORDS`] (`download_url`, `file_id`
/// of an upload).
fn handles(schema: &Value, base: &str, out: &mut Vec<(String, String)>, depth: usize) {
    for (key, prop) in schema.get("properties").and_then(Value::as_object).into_iter().flatten() {
        let path = format!("{base}/properties/{}", pointer_escape(key));
        let w = words(key);
        let uri = prop.get("format").and_then(Value::as_str) == Some("uri");
        let named = w.last().is_some_and(|l| HANDLE_WORDS.contains(&l.as_str()))
            || (w.last().is_some_and(|l| l == "id") && w.iter().any(|x| x == "file" || x == "upload"));
        if (uri || named) && !w.iter().any(|x| x == "cursor") {
            out.push((key.clone(), path));
        } else if depth == 0 && prop.get("type").and_then(Value::as_str) == Some("object") {
            handles(prop, &path, out, depth + 1);
        }
    }
}

fn states_lifetime(text: &str) -> bool {
    let text = text.to_lowercase();
    LIFETIME_WORDS.iter().any(|w| text.contains(w))
}

/// `handle_lifetime_unstated` for one tool: a reference it returns whose lifetime neither the
/// tool's description nor the property's says.
pub fn handle_lifetime(tool: &Value, base: &str, out: &mut Vec<Finding>) {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or("");
    let Some(output) = tool.get("outputSchema") else { return };
    let mut found = Vec::new();
    handles(output, &format!("{base}/outputSchema"), &mut found, 0);
    let description = tool.get("description").and_then(Value::as_str).unwrap_or("");
    for (key, path) in found {
        let prop = output.pointer(path.trim_start_matches(&format!("{base}/outputSchema"))).unwrap_or(&Value::Null);
        let own = prop.get("description").and_then(Value::as_str).unwrap_or("");
        if !states_lifetime(description) && !states_lifetime(own) {
            let message = format!("`{name}` returns `{key}`, a reference, and says not how long it lives");
            out.push(finding("handle_lifetime_unstated", Some(name), path, message));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_in_words() {
        for yes in ["at most 5 mb", "up to 1 mib of bytes", "4096 bytes", "limit 10mb.", "(≤2 mb)"] {
            assert!(states_size(yes), "{yes}");
        }
        for no in ["a pdf file", "the file's bytes, base64", "5 files"] {
            assert!(!states_size(no), "{no}");
        }
    }
}
