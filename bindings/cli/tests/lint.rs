//! `agent-input lint` over real stdio: every rule has a server that breaks it
//! (`tests/servers/lint/<code>.json`, served by `tests/servers/fixture_server.py`) and fires on
//! it, and only there; a server that breaks none gets no finding, on both revisions; saved
//! listings, accepted findings, formats, exit statuses and misuse.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::{json, Value};

fn servers() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/servers")
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_agent-input"))
}

/// The command that starts the fixture server of one lint fixture.
fn fixture(name: &str) -> String {
    format!("python3 fixture_server.py lint/{name}.json")
}

fn lint(args: &[&str]) -> Output {
    bin().arg("lint").args(args).current_dir(servers()).output().expect("agent-input runs")
}

fn lint_json(server: &str, extra: &[&str]) -> (Value, i32) {
    let mut args = vec!["--server", server, "--format", "json"];
    args.extend_from_slice(extra);
    let out = lint(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{server}: {e}; stderr: {stderr}"));
    (report, out.status.code().unwrap_or(-1))
}

fn codes(report: &Value) -> Vec<String> {
    let mut codes: Vec<String> =
        report["findings"].as_array().unwrap().iter().map(|f| f["code"].as_str().unwrap().to_string()).collect();
    codes.sort();
    codes.dedup();
    codes
}

fn rules() -> Vec<Value> {
    let out = lint(&["--rules"]);
    assert!(out.status.success());
    serde_json::from_slice::<Value>(&out.stdout).unwrap().as_array().unwrap().clone()
}

#[test]
fn every_rule_fires_on_the_server_that_breaks_it_and_nothing_else_does() {
    let rules = rules();
    assert!(rules.len() >= 25, "{} rules", rules.len());
    for rule in &rules {
        let code = rule["code"].as_str().unwrap();
        let path = servers().join(format!("lint/{code}.json"));
        assert!(path.exists(), "no server breaks `{code}`: add tests/servers/lint/{code}.json");
        let declared: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut expected: Vec<String> = vec![code.to_string()];
        expected.extend(declared["also"].as_array().into_iter().flatten().map(|c| c.as_str().unwrap().to_string()));
        expected.sort();
        let (report, status) = lint_json(&fixture(code), &["--fail-on", "note"]);
        assert_eq!(codes(&report), expected, "{code}: {report:#}");
        // Every finding names the fix and where: a hint, and a JSON pointer into the listing.
        for finding in report["findings"].as_array().unwrap() {
            assert!(finding["path"].as_str().unwrap().starts_with('/'), "{finding}");
            assert!(!finding["hint"].as_str().unwrap().is_empty(), "{finding}");
            assert!(!finding["message"].as_str().unwrap().is_empty(), "{finding}");
        }
        // With --fail-on note, any finding fails: 3 for an error, 1 for a warning or a note.
        let want = if rule["severity"] == "error" { 3 } else { 1 };
        assert_eq!(status, want, "{code}: the exit status of a {} finding", rule["severity"]);
    }
}

#[test]
fn a_server_that_breaks_no_rule_lints_clean_on_both_revisions() {
    let (modern, status) = lint_json(&fixture("clean"), &["--fail-on", "note"]);
    assert_eq!((modern["findings"].clone(), status), (json!([]), 0));
    assert_eq!(modern["protocol"], "2026-07-28");
    assert_eq!(modern["tools"], 3);
    // A server that answers server/discover with "method not found" is spoken to at 2025-11-25.
    let (legacy, status) = lint_json(&fixture("clean_legacy"), &["--fail-on", "note"]);
    assert_eq!((legacy["findings"].clone(), status), (json!([]), 0));
    assert_eq!(legacy["protocol"], "2025-11-25");
    let table = String::from_utf8(lint(&["--server", &fixture("clean")]).stdout).unwrap();
    assert!(table.contains("no findings"), "{table}");
}

#[test]
fn exit_status_follows_the_worst_finding_and_fail_on() {
    // type_array is a note: it fails only --fail-on note.
    assert_eq!(lint_json(&fixture("type_array"), &[]).1, 0);
    assert_eq!(lint_json(&fixture("type_array"), &["--fail-on", "note"]).1, 1);
    // id_untyped is a warning.
    assert_eq!(lint_json(&fixture("id_untyped"), &[]).1, 1);
    assert_eq!(lint_json(&fixture("id_untyped"), &["--fail-on", "error"]).1, 0);
    // name_invalid is an error.
    assert_eq!(lint_json(&fixture("name_invalid"), &["--fail-on", "error"]).1, 3);
    assert_eq!(lint_json(&fixture("name_invalid"), &["--fail-on", "never"]).1, 0);
}

#[test]
fn a_saved_listing_is_linted_without_the_protocol_rules() {
    let dir = std::env::temp_dir().join(format!("agent-input-lint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken: Value =
        serde_json::from_str(&std::fs::read_to_string(servers().join("lint/result_type_missing.json")).unwrap())
            .unwrap();
    let invalid: Value =
        serde_json::from_str(&std::fs::read_to_string(servers().join("lint/name_invalid.json")).unwrap()).unwrap();
    // The three shapes a saved listing comes in: the result, a JSON-RPC response, the array.
    let shapes = [
        ("result.json", json!({"tools": broken["tools"]}), vec![]),
        (
            "response.json",
            json!({"jsonrpc": "2.0", "id": 2, "result": {"tools": invalid["tools"]}}),
            vec!["name_invalid"],
        ),
        ("array.json", invalid["tools"].clone(), vec!["name_invalid"]),
    ];
    for (name, listing, want) in shapes {
        let path = dir.join(name);
        std::fs::write(&path, listing.to_string()).unwrap();
        let out = lint(&["--tools", path.to_str().unwrap(), "--format", "json"]);
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(codes(&report), want, "{name}");
        assert_eq!(report["protocol"], Value::Null);
    }
    let path = dir.join("nothing.json");
    std::fs::write(&path, r#"{"prompts": []}"#).unwrap();
    let out = lint(&["--tools", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds no tools/list result"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn accepted_findings_carry_their_reason_and_do_not_fail() {
    let dir = std::env::temp_dir().join(format!("agent-input-accept-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let accept = dir.join("accepted.json");
    let reason = "The id is an upstream registry's, which has no fixed shape.";
    std::fs::write(
        &accept,
        json!([{"code": "id_untyped", "tool": "update_decision_notes", "reason": reason}]).to_string(),
    )
    .unwrap();
    let (report, status) = lint_json(&fixture("id_untyped"), &["--accept", accept.to_str().unwrap()]);
    assert_eq!(status, 0);
    assert_eq!(report["findings"][0]["accepted"], reason);
    assert_eq!(report["summary"], json!({"error": 0, "warning": 0, "note": 0, "accepted": 1}));
    // In SARIF, an accepted finding is an external suppression with its justification.
    let out = lint(&["--server", &fixture("id_untyped"), "--format", "sarif", "--accept", accept.to_str().unwrap()]);
    let sarif: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(sarif["runs"][0]["results"][0]["suppressions"], json!([{"kind": "external", "justification": reason}]));
    // Another tool's finding of the same code is not accepted by it.
    std::fs::write(&accept, json!([{"code": "id_untyped", "tool": "other_tool", "reason": reason}]).to_string())
        .unwrap();
    assert_eq!(lint_json(&fixture("id_untyped"), &["--accept", accept.to_str().unwrap()]).1, 1);
    // An entry without a reason, or with a code the lint does not have, is misuse.
    for entries in [json!([{"code": "id_untyped"}]), json!([{"code": "no_such_rule", "reason": "x"}])] {
        std::fs::write(&accept, entries.to_string()).unwrap();
        let out = lint(&["--server", &fixture("clean"), "--accept", accept.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{entries}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sarif_names_every_rule_and_places_every_result() {
    let out = lint(&["--server", &fixture("exclusive_optionals"), "--format", "sarif"]);
    assert_eq!(out.status.code(), Some(1));
    let sarif: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    let run = &sarif["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    assert_eq!(rules.len(), self::rules().len());
    let result = &run["results"][0];
    let index = result["ruleIndex"].as_u64().unwrap() as usize;
    assert_eq!(rules[index]["id"], result["ruleId"]);
    assert_eq!(result["ruleId"], "exclusive_optionals");
    assert_eq!(result["level"], "warning");
    let logical = &result["locations"][0]["logicalLocations"][0];
    assert_eq!(logical["name"], "search_decisions");
    assert_eq!(logical["fullyQualifiedName"], "search_decisions/tools/0/inputSchema/properties/decided_on");
    assert!(result["message"]["text"].as_str().unwrap().contains("not both"));
}

#[test]
fn the_table_names_each_finding_and_its_fix() {
    let out = lint(&["--server", &fixture("destructive_unconfirmed")]);
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("warning  destructive_unconfirmed"), "{table}");
    assert!(table.contains("fix: Add a preview step"), "{table}");
    assert!(table.ends_with("0 errors, 1 warnings, 0 notes, 0 accepted\n"), "{table}");
}

#[test]
fn a_server_that_cannot_be_spoken_to_is_exit_4_with_its_stderr() {
    let out = lint(&["--server", "echo starting >&2; echo 'not json'; exit 3"]);
    assert_eq!(out.status.code(), Some(4));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the server stopped before answering server/discover"), "{stderr}");
    assert!(stderr.contains("starting"), "the server's own stderr is shown: {stderr}");
    let out = lint(&["--server", "python3 fixture_server.py lint/clean.json", "--format", "yaml"]);
    assert_eq!(out.status.code(), Some(2));
    let out = lint(&["--server", "x", "--tools", "y"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn docs_lint_md_documents_every_rule_with_an_example() {
    let doc = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/lint.md")).unwrap();
    for rule in rules() {
        let code = rule["code"].as_str().unwrap();
        let heading = format!("### `{code}`");
        let at = doc.find(&heading).unwrap_or_else(|| panic!("docs/lint.md has no section {heading}"));
        let section = &doc[at + heading.len()..];
        let section = &section[..section.find("\n### ").unwrap_or(section.len())];
        assert!(section.contains(rule["severity"].as_str().unwrap()), "{code}: severity");
        assert!(section.contains("```"), "{code}: an example");
        assert!(section.contains(&format!("tests/servers/lint/{code}.json")), "{code}: its test server");
    }
}

#[test]
fn a_count_of_things_needs_no_unit_and_a_unit_in_the_name_or_text_is_enough() {
    let dir = std::env::temp_dir().join(format!("agent-input-units-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let clean: Value =
        serde_json::from_str(&std::fs::read_to_string(servers().join("lint/clean.json")).unwrap()).unwrap();
    let mut tools = clean["tools"].clone();
    let props = tools[0]["inputSchema"]["properties"].as_object_mut().unwrap();
    for (name, description) in [
        ("page_size", "How many decisions one page holds; left out, 20."),
        ("timeout_ms", "How long to wait for the registry; left out, 5000."),
        ("max_length", "The longest summary, in characters; left out, 500."),
        ("fee", "The court fee, in CZK; left out, any fee."),
    ] {
        props.insert(name.into(), json!({"type": "integer", "description": description}));
    }
    let path = dir.join("tools.json");
    std::fs::write(&path, json!({"tools": tools}).to_string()).unwrap();
    let out = lint(&["--tools", path.to_str().unwrap(), "--format", "json", "--fail-on", "note"]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["findings"], json!([]), "{report:#}");
    std::fs::remove_dir_all(&dir).unwrap();
}
