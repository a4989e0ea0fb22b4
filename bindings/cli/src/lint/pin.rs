//! `agent-input lint --pin FILE`: a tool that changes after review is seen. The first run
//! records the server's tools in FILE (each tool's name, title, description, schemas and
//! annotations, with the SHA-256 of their canonical JSON); every later run reports each tool
//! that differs from its pin (`pinned_tool_changed`, naming what changed by `agent-input
//! diff`'s codes), each tool added (`pinned_tool_added`) and each removed
//! (`pinned_tool_removed`), until the change is accepted (`--accept`) or the pin is rewritten
//! after review (`--pin-update`), as Invariant's mcp-scan pins tools against a "rug pull".

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

use super::rules::finding;
use super::Finding;

/// The fields of a tool a pin holds: what a model reads, and what a host decides by.
const PINNED: &[&str] = &["name", "title", "description", "inputSchema", "outputSchema", "annotations"];

/// A value with its objects' keys sorted, so that one tool always hashes alike.
fn canonical(value: &Value) -> Value {
    match value {
        Value::Object(o) => {
            let sorted: BTreeMap<&String, Value> = o.iter().map(|(k, v)| (k, canonical(v))).collect();
            Value::Object(sorted.into_iter().map(|(k, v)| (k.clone(), v)).collect())
        }
        Value::Array(a) => Value::Array(a.iter().map(canonical).collect()),
        other => other.clone(),
    }
}

/// The pinned part of a tool, canonical.
fn pinned(tool: &Value) -> Value {
    let fields: Map<String, Value> =
        PINNED.iter().filter_map(|k| Some(((*k).to_string(), tool.get(*k)?.clone()))).collect();
    canonical(&Value::Object(fields))
}

fn sha256(value: &Value) -> String {
    Sha256::digest(value.to_string()).iter().map(|b| format!("{b:02x}")).collect()
}

/// The pin file of a listing: `{"pinned_by", "tools": {name: {"sha256", "tool"}}}`.
pub fn record(tools: &[Value]) -> Value {
    let entries: BTreeMap<String, Value> = tools
        .iter()
        .filter_map(|t| {
            let name = t.get("name")?.as_str()?.to_string();
            let tool = pinned(t);
            Some((name, json!({"sha256": sha256(&tool), "tool": tool})))
        })
        .collect();
    json!({"pinned_by": "agent-input lint --pin", "tools": entries})
}

/// Writes the pin of `tools` to `path`.
pub fn write(path: &Path, tools: &[Value]) -> Result<(), String> {
    let text = serde_json::to_string_pretty(&record(tools)).unwrap_or_default() + "\n";
    std::fs::write(path, text).map_err(|e| format!("agent-input: cannot write the pin {}: {e}", path.display()))
}

/// The findings of `tools` against the pin at `path`.
pub fn check(path: &Path, tools: &[Value], findings: &mut Vec<Finding>) -> Result<(), String> {
    let pin = crate::read_json_file(path)?;
    let Some(entries) = pin.get("tools").and_then(Value::as_object) else {
        return Err(format!("agent-input: {} is no pin: it has no `tools` object", path.display()));
    };
    let today = chrono::Utc::now().date_naive();
    let day = crate::diff::tools::Day { today, min_notice_days: crate::diff::MIN_NOTICE_DAYS };
    for (i, tool) in tools.iter().enumerate() {
        let Some(name) = tool.get("name").and_then(Value::as_str) else { continue };
        let at = format!("/tools/{i}");
        let Some(entry) = entries.get(name) else {
            findings.push(finding(
                "pinned_tool_added",
                Some(name),
                at,
                format!("`{name}` is not in the pin {}", path.display()),
            ));
            continue;
        };
        let now = pinned(tool);
        if entry.get("sha256").and_then(Value::as_str) == Some(sha256(&now).as_str()) {
            continue;
        }
        let was = entry.get("tool").cloned().unwrap_or(Value::Null);
        let fields: Vec<&str> = PINNED.iter().copied().filter(|k| was.get(*k) != now.get(*k)).collect();
        let mut codes: Vec<&str> = crate::diff::tools::compare(&[was], &[now], &day).iter().map(|c| c.code).collect();
        codes.sort_unstable();
        codes.dedup();
        let how = if codes.is_empty() { String::new() } else { format!(" (agent-input diff: {})", codes.join(", ")) };
        let what = if fields.is_empty() { "its pinned hash".to_string() } else { fields.join(", ") };
        let message = format!("`{name}` changed since it was pinned: {what}{how}");
        findings.push(finding("pinned_tool_changed", Some(name), at, message));
    }
    let listed: Vec<&str> = tools.iter().filter_map(|t| t.get("name").and_then(Value::as_str)).collect();
    for name in entries.keys().filter(|n| !listed.contains(&n.as_str())) {
        let message = format!("`{name}` is pinned and the server no longer lists it");
        findings.push(finding("pinned_tool_removed", Some(name), "/tools".into(), message));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_hashes_alike_whatever_its_key_order_and_fields_outside_the_pin() {
        let a = json!({"name": "t", "inputSchema": {"type": "object", "properties": {"a": {}, "b": {}}}, "_meta": {"x": 1}});
        let b = json!({"inputSchema": {"properties": {"b": {}, "a": {}}, "type": "object"}, "name": "t"});
        assert_eq!(record(std::slice::from_ref(&a)), record(&[b]));
        let c = json!({"name": "t", "description": "now longer", "inputSchema": {"type": "object"}});
        assert_ne!(record(&[a])["tools"]["t"]["sha256"], record(&[c])["tools"]["t"]["sha256"]);
    }
}
