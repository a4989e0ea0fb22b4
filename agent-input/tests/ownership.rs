//! Ownership rows: each kind's strict parser is called from its owner module only, so a new
//! call site cannot grow a second reader of a kind (two lenient readers disagree).

use std::path::{Path, PathBuf};

/// (what a second reader would call, the only files allowed to call it).
const ROWS: &[(&str, &[&str])] = &[
    ("Uuid::", &["agent-input/src/uuid.rs"]),
    ("Uuid::parse_str", &["agent-input/src/uuid.rs"]),
    ("Decimal::from_str", &["agent-input/src/number/mod.rs", "agent-input/src/number/grammar.rs"]),
    ("from_scientific", &["agent-input/src/number/mod.rs", "agent-input/src/number/grammar.rs"]),
    ("Hmac::", &["agent-input/src/cursor.rs"]),
    ("URL_SAFE_NO_PAD", &["agent-input/src/cursor.rs"]),
    // The generator reads the hand lists only to find the CLDR words that collide with them.
    ("TRUE_WORDS", &["agent-input/src/boolean.rs", "xtask/src/cldr/booleans.rs"]),
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if !path.ends_with("target") && !path.ends_with("node_modules") && !path.ends_with("tests") {
                sources(&path, out);
            }
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn each_kind_is_parsed_by_its_owner_only() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for dir in ["agent-input/src", "bindings", "xtask/src"] {
        if root.join(dir).exists() {
            sources(&root.join(dir), &mut files);
        }
    }
    assert!(files.len() > 10, "the scan found the sources");
    let mut offenders = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(file).unwrap();
        for (needle, owners) in ROWS {
            if text.contains(needle) && !owners.contains(&rel.as_str()) {
                offenders.push(format!("{rel} calls `{needle}`, which only {owners:?} may call"));
            }
        }
    }
    assert!(offenders.is_empty(), "a second reader of a kind:\n{}", offenders.join("\n"));
}

#[test]
fn every_id_kind_reads_through_the_uuid_owner() {
    // The idempotency key reads uuid-shaped keys through the uuid kind: the same placeholder
    // decisions, the same canonical spelling.
    let id = serde_json::json!("{0B5E2D3C-4F1A-4C2E-9D7B-8E6F5A4B3C2D}");
    let via_uuid =
        agent_input::read(agent_input::Kind::Uuid, (&id).into(), &serde_json::json!({"mode": "write"})).unwrap();
    let via_key = agent_input::read(agent_input::Kind::IdempotencyKey, (&id).into(), &serde_json::json!({})).unwrap();
    assert_eq!(via_uuid.to_json(), via_key.to_json());
    for placeholder in agent_input::uuid::EXAMPLES {
        let v = serde_json::json!(placeholder);
        let out = agent_input::read(agent_input::Kind::IdempotencyKey, (&v).into(), &serde_json::json!({})).unwrap();
        assert_eq!(out.as_ask().map(|a| a.code), Some(agent_input::AskCode::PlaceholderOnWrite), "{placeholder}");
    }
}
