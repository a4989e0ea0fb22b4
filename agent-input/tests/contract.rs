//! The contract around a call (`tests/vectors/contract/`): confirm tokens, receipts, throttles
//! and pages, run as a server glue runs them. `AGENT_INPUT_BLESS=1` writes what the core computes
//! into the files' `expect`, to add cases.

mod common;

use agent_input::cursor::CursorCodec;
use agent_input::tool::{Gate, MemoryReceipts, Page, ReceiptStore, ToolSpec};
use serde_json::{json, Value};

fn bless() -> bool {
    std::env::var_os("AGENT_INPUT_BLESS").is_some()
}

/// A vector file as one line per case.
fn write_file(path: &std::path::Path, head: &[(&str, &Value)], cases: &[Value]) {
    let mut text = String::from("{");
    for (key, value) in head {
        text.push_str(&format!("\n  {}: {},", json!(key), serde_json::to_string(value).unwrap()));
    }
    text.push_str("\n  \"cases\": [\n");
    let lines: Vec<String> = cases.iter().map(|c| format!("    {}", serde_json::to_string(c).unwrap())).collect();
    text.push_str(&lines.join(",\n"));
    text.push_str("\n  ]\n}\n");
    std::fs::write(path, text).unwrap();
}

#[test]
fn every_contract_vector_runs_as_expected() {
    let mut failures = Vec::new();
    let mut n = 0;
    for file in common::contract_files() {
        let spec = ToolSpec::from_json(&file.spec).unwrap_or_else(|e| panic!("contract/{}: {e}", file.file));
        let path = common::vectors_dir().join("contract").join(format!("{}.json", file.file));
        let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for (i, (name, steps)) in file.cases.iter().enumerate() {
            for (j, (step, got)) in steps.iter().zip(common::run_contract_case(&spec, steps)).enumerate() {
                n += 1;
                if bless() {
                    doc["cases"][i]["steps"][j]["expect"] = got;
                } else if step["expect"] != got {
                    failures.push(format!(
                        "contract/{}/{name}/{j}:\n  expect: {}\n  got:    {got}",
                        file.file, step["expect"]
                    ));
                }
            }
        }
        if bless() {
            let cases = doc["cases"].as_array().unwrap().clone();
            write_file(&path, &[("comment", &doc["comment"]), ("spec", &doc["spec"])], &cases);
        }
    }
    assert!(n >= 30, "only {n} contract steps");
    assert!(failures.is_empty(), "{} contract steps failed:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_page_vector_pages_as_expected() {
    let codec = CursorCodec::new(common::VECTOR_KEY.as_bytes()).unwrap();
    let path = common::vectors_dir().join("contract").join("page.json");
    let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let mut failures = Vec::new();
    let cases = doc["cases"].as_array().unwrap().clone();
    for (i, case) in cases.iter().enumerate() {
        let page = Page::from_json(&case["page"]).unwrap();
        let got = page.to_json(&codec, case["now"].as_u64().unwrap()).unwrap();
        if bless() {
            doc["cases"][i]["expect"] = got;
        } else if case["expect"] != got {
            failures.push(format!("page/{}:\n  expect: {}\n  got:    {got}", case["name"], case["expect"]));
        }
    }
    if bless() {
        let cases = doc["cases"].as_array().unwrap().clone();
        write_file(&path, &[("comment", &doc["comment"])], &cases);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_page_cursor_reads_back_as_its_payload() {
    let codec = CursorCodec::new(b"a server key of 16+ bytes").unwrap();
    let page = Page { items: vec![json!(1)], matched: 3, next: Some(json!({"after": 1})), ..Page::default() };
    let out = page.to_json(&codec, 1_800_000_000).unwrap();
    let cursor = out["next_cursor"].as_str().unwrap();
    assert_eq!(codec.read_at(cursor.into(), 1_800_000_001).value(), Some(&json!({"after": 1})));
    // Valid an hour by default, then it asks.
    assert!(codec.read_at(cursor.into(), 1_800_003_600).value().is_none());
}

#[test]
fn a_page_that_contradicts_itself_is_a_typed_error() {
    let codec = CursorCodec::new(b"a server key of 16+ bytes").unwrap();
    let page = Page { items: vec![json!(1), json!(2)], matched: 1, ..Page::default() };
    assert!(page.to_json(&codec, 0).unwrap_err().to_string().contains("`matched` is 1"));
    assert!(Page::from_json(&json!({"items": [], "matched": 1, "total": 3})).is_err());
}

/// The rules of declared side effects: each is a typed error naming the fix.
#[test]
fn side_effects_are_declared_on_purpose() {
    let spec = |extra: Value| {
        let mut doc = json!({"name": "t", "properties": {"note": {"kind": "text"}}});
        doc.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        ToolSpec::from_json(&doc).map(|s| s.definition()["annotations"].clone()).map_err(|e| e.to_string())
    };
    let err = spec(json!({"writes": true})).unwrap_err();
    assert!(err.contains("`destructive`, `idempotent`"), "{err}");
    let err = spec(json!({"writes": true, "destructive": false})).unwrap_err();
    assert!(err.contains("missing: `idempotent`"), "{err}");
    let err = spec(json!({"writes": true, "destructive": false, "idempotent": true})).unwrap_err();
    assert!(err.contains("no idempotency key property"), "{err}");
    let err = spec(json!({"writes": true, "destructive": false, "idempotent": false, "confirm": true})).unwrap_err();
    assert!(err.contains("not `destructive: true`"), "{err}");
    let err = spec(json!({"destructive": true})).unwrap_err();
    assert!(err.contains("does not write"), "{err}");
    assert_eq!(
        spec(json!({"writes": true, "destructive": true, "idempotent": false, "open_world": false})).unwrap(),
        json!({"readOnlyHint": false, "destructiveHint": true, "idempotentHint": false, "openWorldHint": false})
    );
    assert_eq!(spec(json!({})).unwrap(), json!({"readOnlyHint": true}));
}

/// A server's own annotations (a drop-in) are kept as declared, title included; what they leave
/// out stays MCP's default, with no error.
#[test]
fn a_definitions_annotations_are_kept() {
    let definition = json!({"name": "delete_note", "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}},
                            "annotations": {"title": "Delete a note", "destructiveHint": true}});
    let spec = ToolSpec::from_input_schema(&definition).unwrap();
    assert_eq!(spec.annotations(), json!({"title": "Delete a note", "readOnlyHint": false, "destructiveHint": true}));
    // A wrapped tool may confirm: the protocol previews it, and its schema gains the two
    // properties; one that declares its own `dry_run` is refused with `confirm`.
    let wrapped = ToolSpec::from_input_schema_with(&definition, &json!({"confirm": true}), None).unwrap();
    assert!(wrapped.confirms());
    assert!(wrapped.input_schema()["properties"]["confirm_token"].is_object());
    let own = json!({"name": "delete_note", "inputSchema": {"type": "object", "properties": {"dry_run": {"type": "boolean"}}}});
    let err = ToolSpec::from_input_schema_with(&own, &json!({"confirm": true}), None).unwrap_err();
    assert!(err.to_string().contains("`dry_run`"), "{err}");
    // Its annotations saying it is not destructive, `confirm` is refused as for a spec.
    let mild = json!({"name": "rename", "inputSchema": {"type": "object"}, "annotations": {"destructiveHint": false}});
    assert!(ToolSpec::from_input_schema_with(&mild, &json!({"confirm": true}), None).is_err());
    let mut doc = ToolSpec::document_from_input_schema(&definition, &Value::Null).unwrap();
    doc["confirm"] = json!(true);
    let confirmed = ToolSpec::from_json(&doc).unwrap();
    assert!(confirmed.confirms());
    assert!(confirmed.input_schema()["properties"]["dry_run"].is_object());
    assert_eq!(confirmed.annotations()["title"], "Delete a note");
}

#[test]
fn a_confirmed_tool_needs_the_server_key() {
    let spec = ToolSpec::from_json(&json!({"name": "wipe", "writes": true, "destructive": true, "idempotent": false,
                                           "confirm": true, "properties": {"what": {"kind": "text"}}}))
    .unwrap();
    let call = spec.read(&json!({"what": "all"}));
    let err = spec.gate(&call, None, None, 0).unwrap_err().to_string();
    assert!(err.contains("need the server's key"), "{err}");
    assert!(ToolSpec::from_json(&json!({"name": "wipe", "writes": true, "destructive": true, "idempotent": false,
                                        "confirm": true, "properties": {"dry_run": {"kind": "boolean"}}}))
    .unwrap_err()
    .to_string()
    .contains("declares `dry_run`"));
}

/// A confirm token is sealed with a key derived from the server's: a cursor of the same key,
/// with the same bytes, is no token.
#[test]
fn a_cursor_is_no_confirm_token() {
    let codec = CursorCodec::new(common::VECTOR_KEY.as_bytes()).unwrap();
    let file = common::contract_files().into_iter().find(|f| f.file == "replace_notes").unwrap();
    let spec = ToolSpec::from_json(&file.spec).unwrap();
    let args = json!({"decision_id": "1b4e28ba-2fa1-11d2-883f-0016d3cca427", "notes": "x", "idempotency_key": "key-0001-abcd"});
    let Gate::Run(preview) = spec.gate(&spec.read(&args), None, Some(&codec), 100).unwrap() else {
        panic!("a preview runs")
    };
    let token = preview.preview.unwrap().confirm_token;
    let body = token.strip_prefix("c1.").unwrap();
    let cursor = codec.encode_bytes(body.as_bytes(), Some(700)).unwrap();
    let mut apply = args.clone();
    apply["dry_run"] = json!(false);
    apply["confirm_token"] = json!(cursor);
    let Gate::Answer { result } = spec.gate(&spec.read(&apply), None, Some(&codec), 200).unwrap() else {
        panic!("refused")
    };
    assert_eq!(result["structuredContent"]["issues"][0]["code"], "confirm_token_not_issued");
    apply["confirm_token"] = json!(token);
    assert!(matches!(spec.gate(&spec.read(&apply), None, Some(&codec), 200).unwrap(), Gate::Run(_)));
}

#[test]
fn receipts_are_kept_per_tool() {
    let store = MemoryReceipts::new(1);
    store.put("a", "k", json!({"expires_at": 9}));
    assert!(store.get("b", "k").is_none());
    store.put("b", "k", json!({"expires_at": 9}));
    assert!(store.get("a", "k").is_none(), "capacity 1 drops the oldest");
}
