//! `agent-input diff`: every rule has a fixture pair (`tests/diff/rules.json`: the old and new
//! tools, and the companion codes the same change also fires) and fires on it, with nothing
//! else; a listing diffed with itself reports nothing; fingerprints stay while a change stays,
//! and an accepted change stays accepted; formats, exit statuses, live servers, spec files, the
//! example specs at two commits of this repository, and bad input (exit 2, never a panic).
//! `docs/diff.md`'s list of rules is rendered from the rules and these fixtures.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{json, Map, Value};

/// The day every diff of these tests is made on.
const TODAY: &str = "2026-12-06";

fn here() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn diff(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_agent-input"))
        .arg("diff")
        .args(args)
        .current_dir(here().join("tests/servers"))
        .env("AGENT_INPUT_CURSOR_KEY", "a cursor key of thirty-two bytes")
        .output()
        .expect("agent-input runs")
}

/// A file of its own for each value a test writes.
fn file(value: &Value) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!("agent-input-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{}.json", N.fetch_add(1, Ordering::Relaxed)));
    std::fs::write(&path, serde_json::to_vec(value).unwrap()).unwrap();
    path
}

fn report(old: &Value, new: &Value, extra: &[&str]) -> (Value, i32) {
    let (o, n) = (file(old), file(new));
    let mut args = vec![o.to_str().unwrap(), n.to_str().unwrap(), "--format", "json", "--today", TODAY];
    args.extend_from_slice(extra);
    let out = diff(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let report = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}; stderr: {stderr}"));
    (report, out.status.code().unwrap_or(-1))
}

fn codes(report: &Value) -> Vec<String> {
    let mut codes: Vec<String> =
        report["changes"].as_array().unwrap().iter().map(|c| c["code"].as_str().unwrap().to_string()).collect();
    codes.sort();
    codes.dedup();
    codes
}

fn rules() -> Vec<Value> {
    let out = diff(&["--rules"]);
    assert!(out.status.success());
    serde_json::from_slice::<Value>(&out.stdout).unwrap().as_array().unwrap().clone()
}

fn fixtures() -> Map<String, Value> {
    let text = std::fs::read_to_string(here().join("tests/diff/rules.json")).unwrap();
    serde_json::from_str::<Value>(&text).unwrap().as_object().unwrap().clone()
}

#[test]
fn every_rule_fires_on_its_fixture_pair_and_nothing_else_does() {
    let rules = rules();
    assert!(rules.len() > 60, "{} rules", rules.len());
    let fixtures = fixtures();
    for rule in &rules {
        let code = rule["code"].as_str().unwrap();
        let pair = fixtures
            .get(code)
            .unwrap_or_else(|| panic!("no fixture pair fires `{code}`: add it to tests/diff/rules.json"));
        let (report, _) = report(&pair["old"], &pair["new"], &["--fail-on", "never"]);
        let mut expected: Vec<String> = vec![code.to_string()];
        expected.extend(pair["also"].as_array().into_iter().flatten().map(|c| c.as_str().unwrap().to_string()));
        expected.sort();
        assert_eq!(codes(&report), expected, "{code}: {report:#}");
        for change in report["changes"].as_array().unwrap() {
            assert!(!change["message"].as_str().unwrap().is_empty() && change["hint"].is_string(), "{change}");
            assert_eq!(change["fingerprint"].as_str().unwrap().len(), 32, "{change}");
        }
    }
    for code in fixtures.keys() {
        assert!(rules.iter().any(|r| r["code"] == code.as_str()), "a fixture for `{code}`, no rule of that code");
    }
    let levels: Vec<&str> = rules.iter().map(|r| r["level"].as_str().unwrap()).collect();
    for level in ["breaking", "warning", "info"] {
        assert!(levels.contains(&level), "no {level} rule");
    }
}

#[test]
fn a_listing_diffed_with_itself_reports_nothing() {
    for (code, pair) in fixtures() {
        for side in ["old", "new"] {
            let (report, status) = report(&pair[side], &pair[side], &["--fail-on", "info"]);
            assert_eq!(report["changes"], json!([]), "{code} {side}");
            assert_eq!(status, 0, "{code} {side}");
        }
    }
}

fn tool(props: Value) -> Value {
    json!({"name": "search_items", "description": "Search the items.", "annotations": {"readOnlyHint": true},
           "inputSchema": {"type": "object", "properties": props}})
}

#[test]
fn a_fingerprint_stays_while_its_change_does_and_an_accepted_change_stays_accepted() {
    let old = json!([tool(json!({"limit": {"type": "integer", "maximum": 100}}))]);
    let new = json!([tool(json!({"limit": {"type": "integer", "maximum": 50}}))]);
    let (first, status) = report(&old, &new, &[]);
    assert_eq!(status, 3, "a breaking change fails by default: {first}");
    let change = &first["changes"][0];
    assert_eq!(change["code"], "request_maximum_lowered");
    assert_eq!(change["side"], "request");
    assert_eq!(change["level"], "breaking");
    let fingerprint = change["fingerprint"].as_str().unwrap();
    // A later commit adds a tool and a property: the same change keeps its fingerprint.
    let mut later = new.clone();
    later[0]["inputSchema"]["properties"]["query"] = json!({"type": "string"});
    later.as_array_mut().unwrap().push(json!({"name": "get_item", "inputSchema": {"type": "object"}}));
    let (second, _) = report(&old, &later, &["--fail-on", "never"]);
    let same = second["changes"].as_array().unwrap().iter().find(|c| c["code"] == "request_maximum_lowered").unwrap();
    assert_eq!(same["fingerprint"], fingerprint);
    // Accepted by its fingerprint: the run passes, the change is still reported with its reason.
    let accept = file(&json!([{"fingerprint": fingerprint, "reason": "limit 50 agreed with every consumer"}]));
    let (accepted, status) = report(&old, &later, &["--accept", accept.to_str().unwrap(), "--fail-on", "breaking"]);
    assert_eq!(status, 0, "{accepted}");
    assert_eq!(accepted["summary"]["accepted"], 1);
    // The bound lowered again is another change: the acceptance does not carry over.
    let lower = json!([tool(json!({"limit": {"type": "integer", "maximum": 20}}))]);
    let (again, status) = report(&old, &lower, &["--accept", accept.to_str().unwrap()]);
    assert_eq!((status, again["summary"]["accepted"].clone()), (3, json!(0)), "{again}");
    // By code (and tool), for every change of it.
    let by_code = file(&json!([{"code": "request_maximum_lowered", "tool": "search_items", "reason": "agreed"}]));
    let (_, status) = report(&old, &lower, &["--accept", by_code.to_str().unwrap()]);
    assert_eq!(status, 0);
    for bad in [
        json!([{"fingerprint": fingerprint}]),
        json!([{"code": "no_such_rule", "reason": "r"}]),
        json!({"a": 1}),
        json!([{"reason": "r"}]),
    ] {
        let path = file(&bad);
        let out =
            diff(&[file(&old).to_str().unwrap(), file(&new).to_str().unwrap(), "--accept", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
    }
}

#[test]
fn the_exit_status_follows_fail_on() {
    let old = json!([tool(json!({"q": {"type": "string", "description": "Timeout in seconds."}}))]);
    let warn = json!([tool(json!({"q": {"type": "string", "description": "Timeout in milliseconds."}}))]);
    let info = json!([tool(
        json!({"q": {"type": "string", "description": "Timeout in seconds."}, "limit": {"type": "integer"}})
    )]);
    for (new, fail_on, status) in
        [(&warn, "breaking", 0), (&warn, "warning", 1), (&warn, "never", 0), (&info, "warning", 0), (&info, "info", 1)]
    {
        let (report, got) = report(&old, new, &["--fail-on", fail_on]);
        assert_eq!(got, status, "--fail-on {fail_on}: {report}");
    }
    let out = diff(&[file(&old).to_str().unwrap(), file(&warn).to_str().unwrap(), "--fail-on", "error"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_formats_table_markdown_and_sarif() {
    let old = json!([tool(json!({"sort": {"type": "string", "enum": ["a|b", "c"]}}))]);
    let new = json!([tool(json!({"sort": {"type": "string", "enum": ["c"]}}))]);
    let (o, n) = (file(&old), file(&new));
    let run = |format: &str| diff(&[o.to_str().unwrap(), n.to_str().unwrap(), "--format", format, "--today", TODAY]);
    let table = String::from_utf8(run("table").stdout).unwrap();
    assert!(table.contains("breaking request  request_enum_value_removed"), "{table}");
    assert!(table.contains("migrate: Keep the value"), "{table}");
    assert!(table.ends_with("1 breaking, 0 warnings, 0 info, 0 accepted\n"), "{table}");
    let markdown = String::from_utf8(run("markdown").stdout).unwrap();
    assert!(markdown.contains("#### breaking (1)"), "{markdown}");
    assert!(markdown.contains("\"a\\|b\""), "a `|` in a value is escaped in its cell: {markdown}");
    let sarif: Value = serde_json::from_slice(&run("sarif").stdout).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
    let driver = &sarif["runs"][0]["tool"]["driver"];
    assert_eq!(driver["rules"].as_array().unwrap().len(), rules().len());
    let result = &sarif["runs"][0]["results"][0];
    assert_eq!(driver["rules"][result["ruleIndex"].as_u64().unwrap() as usize]["id"], result["ruleId"]);
    assert_eq!(result["level"], "error");
    assert_eq!(result["partialFingerprints"]["agentInputChange/v1"].as_str().unwrap().len(), 32);
    assert_eq!(
        result["locations"][0]["logicalLocations"][0]["fullyQualifiedName"],
        "search_items/inputSchema/properties/sort"
    );
    assert_eq!(run("yaml").status.code(), Some(2));
}

#[test]
fn bad_input_is_exit_2_with_the_reason_and_a_recursive_schema_ends() {
    let good = json!([tool(json!({}))]);
    for (bad, says) in [
        (json!({"not": "a listing"}), "holds no tools/list result"),
        (json!([{"description": "no name", "inputSchema": {}}]), "has no name"),
        (json!([{"name": "a", "inputSchema": "x"}]), "has no inputSchema object"),
        (json!([{"name": "a", "inputSchema": {}}, {"name": "a", "inputSchema": {}}]), "two tools are named `a`"),
    ] {
        let out = diff(&[file(&good).to_str().unwrap(), file(&bad).to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains(says), "{bad}: {}", String::from_utf8_lossy(&out.stderr));
    }
    let not_json = std::env::temp_dir().join(format!("agent-input-diff-{}-not.json", std::process::id()));
    std::fs::write(&not_json, "{").unwrap();
    assert_eq!(diff(&[not_json.to_str().unwrap(), file(&good).to_str().unwrap()]).status.code(), Some(2));
    // Two servers: no tool shared by name or by schema.
    let other =
        json!([{"name": "send_mail", "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}}}}]);
    let out = diff(&[file(&good).to_str().unwrap(), file(&other).to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("two different servers"));
    let (both, _) = report(&good, &other, &["--unrelated", "--fail-on", "never"]);
    assert_eq!(codes(&both), ["tool_added", "tool_removed"]);
    // A schema that refers to itself: compared once per pair of references, and it ends.
    let tree = |leaf: &str| {
        json!([{"name": "search_items", "inputSchema": {"type": "object", "properties": {"filter": {"$ref": "#/$defs/node"}},
            "$defs": {"node": {"type": "object", "properties": {"field": {"type": leaf}, "and": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}}}}])
    };
    let (recursive, _) = report(&tree("string"), &tree("integer"), &["--fail-on", "never"]);
    assert!(codes(&recursive).contains(&"request_type_changed".to_string()), "{recursive}");
    // A wide recursive output schema (each node two children of its own kind), its codes
    // documented at every level: each definition is read once, and the diff ends.
    let wide = |codes: Value| {
        json!([{"name": "search_items", "inputSchema": {"type": "object"},
            "outputSchema": {"type": "object", "properties": {"root": {"$ref": "#/$defs/node"}},
                "$defs": {"node": {"type": "object", "properties": {"code": {"type": "string", "enum": codes},
                    "left": {"$ref": "#/$defs/node"}, "right": {"$ref": "#/$defs/node"}}}}}}])
    };
    let (report, _) = report(&wide(json!(["ok", "gone"])), &wide(json!(["ok"])), &["--fail-on", "never"]);
    assert_eq!(codes(&report), ["response_code_removed"], "{report}");
}

#[test]
fn a_live_server_diffs_against_a_saved_listing() {
    let server = "python3 fixture_server.py lint/clean.json";
    let out = diff(&["lint/clean.json", "--server", server, "--format", "json"]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((out.status.code(), report["changes"].clone()), (Some(0), json!([])), "{report}");
    let mut listing: Value =
        serde_json::from_str(&std::fs::read_to_string(here().join("tests/servers/lint/clean.json")).unwrap()).unwrap();
    listing["tools"][0]["annotations"]["readOnlyHint"] = json!(false);
    let saved = file(&listing);
    let out = diff(&["--old-server", server, saved.to_str().unwrap(), "--format", "json"]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(codes(&report), ["annotation_read_only_removed"], "{report}");
    assert_eq!(out.status.code(), Some(3));
    let out = diff(&["lint/clean.json", "--server", "echo 'not json'; exit 3"]);
    assert_eq!(out.status.code(), Some(4));
}

#[test]
fn the_example_specs_at_two_commits_diff_as_expected() {
    // The listing `agent-input schema --definition` makes of examples/specs as it was at the
    // parent of 97ba3cb ("Example search tool states open_world: false"), beside the specs now.
    let old = here().join("tests/diff/examples/specs_97ba3cb_parent.json");
    let specs = here().join("../../examples/specs");
    let out = diff(&[old.to_str().unwrap(), specs.to_str().unwrap(), "--format", "json", "--today", TODAY]);
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{report}");
    let changes: Vec<(String, String, String)> = report["changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["code"].as_str().unwrap().into(),
                c["tool"].as_str().unwrap().into(),
                c["detail"].as_str().unwrap().into(),
            )
        })
        .collect();
    assert_eq!(changes, [("annotation_made_safer".into(), "search_decisions".into(), "closed world".into())]);
    // The spec directory reads as the listing its specs make: itself against itself is nothing.
    let out = diff(&[specs.to_str().unwrap(), specs.to_str().unwrap(), "--fail-on", "info"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
}

/// The rules part of docs/diff.md, between its markers: one section per rule with its level,
/// side, what it detects, the migration, and the example of its fixture pair (the part of the
/// tool that changed, before and after, and the message).
fn rules_markdown() -> String {
    let fixtures = fixtures();
    let mut out = String::from("| code | level | side |\n| --- | --- | --- |\n");
    let rules = rules();
    for r in &rules {
        out.push_str(&format!(
            "| [`{0}`](#{0}) | {1} | {2} |\n",
            r["code"].as_str().unwrap(),
            r["level"].as_str().unwrap(),
            r["side"].as_str().unwrap()
        ));
    }
    for r in &rules {
        let code = r["code"].as_str().unwrap();
        let pair = &fixtures[code];
        let (report, _) = report(&pair["old"], &pair["new"], &["--fail-on", "never"]);
        let change = report["changes"].as_array().unwrap().iter().find(|c| c["code"] == code).unwrap().clone();
        out.push_str(&format!(
            "\n### {code}\n\n**{}**, {} side. {}\n\nMigration: {}\n\n",
            r["level"].as_str().unwrap(),
            r["side"].as_str().unwrap(),
            r["summary"].as_str().unwrap(),
            r["hint"].as_str().unwrap()
        ));
        out.push_str(&format!("Example: {}\n", example(pair, &change)));
        out.push_str(&format!("\n> `{}`\n", change["message"].as_str().unwrap().replace('`', "")));
    }
    out
}

/// What changed in a fixture pair, as the docs show it: the tool names for a tool gone or come,
/// else the part at the change's pointer (or the tool), before and after, in compact JSON.
fn example(pair: &Value, change: &Value) -> String {
    let names = |side: &str| {
        pair[side]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let pointer = change["pointer"].as_str().unwrap();
    let tool = change["tool"].as_str().unwrap();
    let find = |side: &str| pair[side].as_array().unwrap().iter().find(|t| t["name"] == tool).cloned();
    match (find("old"), find("new")) {
        (Some(o), Some(n)) if !pointer.is_empty() => {
            let part = |t: &Value| {
                let mut p = pointer;
                loop {
                    if let Some(v) = t.pointer(p) {
                        return (p.to_string(), v.to_string());
                    }
                    match p.rfind('/') {
                        Some(i) if i > 0 => p = &p[..i],
                        _ => return (String::new(), "(none)".into()),
                    }
                }
            };
            let ((po, vo), (_, vn)) = (part(&o), part(&n));
            format!("tool `{tool}`, at `{po}`: `{}` → `{}`", clip(&vo), clip(&vn))
        }
        _ => format!("tools `{}` → `{}`", names("old"), names("new")),
    }
}

fn clip(text: &str) -> String {
    let text = text.replace('`', "'");
    match text.char_indices().nth(160) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text,
    }
}

const BEGIN: &str =
    "<!-- rules: generated by bindings/cli/tests/diff.rs from the rules and tests/diff/rules.json. -->\n";
const END: &str = "<!-- end of rules -->\n";

#[test]
fn docs_diff_md_lists_every_rule_with_its_example() {
    let path = here().join("../../docs/diff.md");
    let doc = std::fs::read_to_string(&path).unwrap().replace("\r\n", "\n");
    let (Some(start), Some(end)) = (doc.find(BEGIN), doc.find(END)) else {
        panic!("docs/diff.md has no rules markers");
    };
    let fresh = format!("{}{BEGIN}{}{}", &doc[..start], rules_markdown(), &doc[end..]);
    if fresh == doc {
        return;
    }
    if std::env::var_os("CI").is_none() {
        std::fs::write(&path, &fresh).unwrap();
    }
    panic!("docs/diff.md is stale: run `cargo test -p agent-input-cli --test diff` off CI and commit it");
}

/// Runs `git` in `dir`, as a committer of its own.
fn git(dir: &std::path::Path, args: &[&str]) {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=agent-input tests",
            "-c",
            "user.email=tests@agent-input.invalid",
            "-c",
            "init.defaultBranch=main",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

#[test]
fn the_contract_diff_example_compares_a_base_ref_with_the_change() {
    // A repository of two commits: the main branch's contract, then a change of it.
    let repo = std::env::temp_dir().join(format!("agent-input-contract-diff-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&repo);
    std::fs::create_dir_all(repo.join("server")).unwrap();
    let clean = here().join("tests/servers/lint/clean.json");
    let mut listing: Value = serde_json::from_str(&std::fs::read_to_string(&clean).unwrap()).unwrap();
    std::fs::copy(here().join("tests/servers/fixture_server.py"), repo.join("server/fixture_server.py")).unwrap();
    std::fs::write(repo.join("server/tools.json"), serde_json::to_vec_pretty(&listing).unwrap()).unwrap();
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-q", "-m", "the contract on main"]);
    listing["tools"][0]["annotations"]["readOnlyHint"] = json!(false);
    std::fs::write(repo.join("server/tools.json"), serde_json::to_vec_pretty(&listing).unwrap()).unwrap();
    git(&repo, &["commit", "-q", "-am", "a change of it"]);
    let script = here().join("../../examples/contract-diff/contract-diff.sh");
    let run = |args: &[&str]| {
        Command::new("bash")
            .arg(&script)
            .args(args)
            .current_dir(repo.join("server"))
            .env("AGENT_INPUT", env!("CARGO_BIN_EXE_agent-input"))
            .output()
            .expect("the script runs")
    };
    // The contract as a file: the base's copy against the working tree's.
    let out = run(&["HEAD~1", "tools.json", "--format", "markdown"]);
    let report = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{report}{}", String::from_utf8_lossy(&out.stderr));
    assert!(report.contains("`annotation_read_only_removed`") && report.contains("#### breaking (1)"), "{report}");
    // The server itself, started in a worktree of the base and in the working tree.
    let out = run(&["HEAD~1", "--server", "python3 fixture_server.py tools.json", "--format", "json"]);
    let report: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(codes(&report), ["annotation_read_only_removed"], "{report}");
    // Against itself, nothing; and the worktree is gone afterwards.
    let out = run(&["HEAD", "tools.json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stdout));
    let worktrees = Command::new("git").args(["worktree", "list"]).current_dir(&repo).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&worktrees.stdout).lines().count(), 1);
    std::fs::remove_dir_all(&repo).unwrap();
}
