//! The census of codes (rustc tidy's stages, adapted): the enums, `docs/codes.md` and the
//! vectors stay in step.

mod common;

use std::collections::BTreeMap;

use agent_input::codes::EnvelopeCode;
use agent_input::{AskCode, NoteCode, WarningCode};
use serde_json::Value;
use strum::IntoEnumIterator;

fn all_codes() -> Vec<(&'static str, Value)> {
    let mut out = Vec::new();
    out.extend(NoteCode::iter().map(|c| (<&str>::from(c), serde_json::to_value(c).unwrap())));
    out.extend(WarningCode::iter().map(|c| (<&str>::from(c), serde_json::to_value(c).unwrap())));
    out.extend(AskCode::iter().map(|c| (<&str>::from(c), serde_json::to_value(c).unwrap())));
    out.extend(EnvelopeCode::iter().map(|c| (<&str>::from(c), serde_json::to_value(c).unwrap())));
    out
}

#[test]
fn serde_and_strum_names_agree() {
    let mut seen = std::collections::HashSet::new();
    for (name, json) in all_codes() {
        assert_eq!(json, Value::String(name.to_owned()));
        assert!(seen.insert(name), "code {name} is in two enums");
        assert!(name.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{name} is not snake_case");
    }
}

/// Code name to (section, first example message), from the vectors in file order.
fn examples() -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for (_, out, _) in common::all_outcomes() {
        for note in out["notes"].as_array().into_iter().flatten() {
            map.entry(note["code"].as_str().unwrap().to_owned())
                .or_insert_with(|| note["message"].as_str().unwrap().to_owned());
        }
        for w in out["warnings"].as_array().into_iter().flatten() {
            map.entry(w["code"].as_str().unwrap().to_owned())
                .or_insert_with(|| w["message"].as_str().unwrap().to_owned());
        }
        let asks = out.get("ask").into_iter().chain(out["issues"].as_array().into_iter().flatten());
        for ask in asks {
            map.entry(ask["code"].as_str().unwrap().to_owned())
                .or_insert_with(|| ask["hint"].as_str().unwrap().to_owned());
        }
        if out["status"] == "error" {
            map.entry(out["code"].as_str().unwrap().to_owned())
                .or_insert_with(|| out["message"].as_str().unwrap().to_owned());
        }
    }
    map
}

#[test]
fn every_code_is_emitted_by_a_vector() {
    let examples = examples();
    let missing: Vec<&str> = all_codes().into_iter().map(|(n, _)| n).filter(|n| !examples.contains_key(*n)).collect();
    assert!(missing.is_empty(), "codes no vector emits (add a vector to tests/vectors/): {missing:?}");
}

#[test]
fn every_ask_has_a_hint_and_echoes_its_input() {
    for (place, out, input) in common::all_outcomes() {
        for issue in out["issues"].as_array().into_iter().flatten() {
            let hint = issue["hint"].as_str().unwrap_or_default();
            assert!(
                hint.starts_with("Call `") && hint.ends_with('.'),
                "{place}: issue hint {hint:?} does not name the next call"
            );
        }
        let Some(ask) = out.get("ask") else { continue };
        let hint = ask["hint"].as_str().unwrap_or_default();
        assert!(hint.ends_with('.') && hint.len() > 20, "{place}: hint {hint:?}");
        assert!(!ask["expected"].as_str().unwrap_or_default().is_empty(), "{place}: empty expected");
        let cut = out["notes"].as_array().into_iter().flatten().any(|n| n["code"] == "received_truncated");
        match input {
            // A value over MAX_RECEIVED_BYTES is quoted by its first bytes, and a note says so.
            Some(serde_json::Value::String(s)) if cut => {
                let quoted = ask["received"].as_str().unwrap_or_default();
                let head = quoted.strip_suffix('…').unwrap_or_default();
                assert!(!head.is_empty() && s.starts_with(head), "{place}: received is not the input's first bytes");
                assert!(quoted.len() <= agent_input::limits::MAX_RECEIVED_BYTES + '…'.len_utf8(), "{place}");
            }
            Some(input) if !cut => assert_eq!(ask["received"], input, "{place}: received is not the input"),
            Some(_) => assert!(ask["received"].as_str().is_some_and(|r| r.ends_with('…')), "{place}: a cut received"),
            None => {}
        }
    }
}

#[test]
fn docs_codes_md_is_fresh() {
    let examples = examples();
    let rendered = agent_input::codes::render_markdown(&|code| examples.get(code).cloned());
    let path = common::vectors_dir().join("../../docs/codes.md");
    if common::generated_fresh(&path, &rendered) || common::blessing() {
        return;
    }
    panic!("docs/codes.md is stale: run `cargo xtask codes` and commit it (off CI it was rewritten)");
}
