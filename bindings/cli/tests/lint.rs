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
    assert!(rules.len() >= 33, "{} rules", rules.len());
    for rule in &rules {
        let code = rule["code"].as_str().unwrap();
        let path = servers().join(format!("lint/{code}.json"));
        assert!(path.exists(), "no server breaks `{code}`: add tests/servers/lint/{code}.json");
        let declared: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let mut expected: Vec<String> = vec![code.to_string()];
        expected.extend(declared["also"].as_array().into_iter().flatten().map(|c| c.as_str().unwrap().to_string()));
        expected.sort();
        // A fixture may need options of its own (`lint_args`: the pin it is checked against).
        let mut args = vec!["--fail-on", "note"];
        args.extend(declared["lint_args"].as_array().into_iter().flatten().map(|a| a.as_str().unwrap()));
        let (report, status) = lint_json(&fixture(code), &args);
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

/// Lints a listing given as JSON (`{"tools": [...]}`) from a saved file, every finding shown.
fn lint_listing(label: &str, listing: &Value) -> Value {
    let dir = std::env::temp_dir().join(format!("agent-input-lint-{label}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tools.json");
    std::fs::write(&path, listing.to_string()).unwrap();
    let out = lint(&["--tools", path.to_str().unwrap(), "--format", "json", "--fail-on", "never"]);
    std::fs::remove_dir_all(&dir).unwrap();
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{label}: {e}"))
}

/// The findings of a report as `code path` lines, sorted.
fn found(report: &Value) -> Vec<String> {
    let mut lines: Vec<String> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| format!("{} {}", f["code"].as_str().unwrap(), f["path"].as_str().unwrap()))
        .collect();
    lines.sort();
    lines
}

fn reference(name: &str) -> Value {
    let path = servers().join(format!("lint/reference/{name}.json"));
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

#[test]
fn reference_servers_lint_without_the_false_positives_found_on_them() {
    // server-filesystem: write_file sets a file's content and create_directory names its
    // directory, so both are idempotent by nature (no idempotent_without_key); edit_file has a
    // dryRun. What is left is true: no property descriptions, no outputSchema, and write_file
    // overwrites with no preview.
    let report = lint_listing("filesystem", &reference("filesystem"));
    assert_eq!(
        found(&report),
        [
            "destructive_unconfirmed /tools/0/annotations",
            "property_description_missing /tools/0/inputSchema/properties/content",
            "property_description_missing /tools/0/inputSchema/properties/path",
            "property_description_missing /tools/1/inputSchema/properties/edits",
            "property_description_missing /tools/1/inputSchema/properties/path",
            "property_description_missing /tools/2/inputSchema/properties/path",
            "prose_result /tools/0/outputSchema",
            "prose_result /tools/1/outputSchema",
            "prose_result /tools/2/outputSchema",
        ],
        "{report:#}"
    );
    // server-memory: delete_entities deletes by name (idempotent by nature); create_relations'
    // `from` and `to` are entity names that implied kinds would read as date bounds.
    let report = lint_listing("memory", &reference("memory"));
    let relation = "/tools/0/inputSchema/properties/relations/items/properties";
    assert_eq!(
        found(&report),
        [
            "destructive_unconfirmed /tools/1/annotations".to_string(),
            format!("name_implies_kind {relation}/from"),
            format!("name_implies_kind {relation}/to"),
            "property_description_missing /tools/0/inputSchema/properties/relations".to_string(),
        ],
        "{report:#}"
    );
    let message = report["findings"].as_array().unwrap().iter().find(|f| f["code"] == "name_implies_kind").unwrap();
    assert!(message["message"].as_str().unwrap().contains("date range's lower bound"), "{message}");
    assert_eq!(message["severity"], "note");
    // mcp-server-git: git_add stages the files it names.
    let report = lint_listing("git", &reference("git"));
    assert!(!codes(&report).contains(&"idempotent_without_key".to_string()), "{report:#}");
    // mcp-server-time: the zones are examples ("e.g., 'America/New_York', 'Europe/London'"), and
    // `time` is in the zone `source_timezone` names.
    let report = lint_listing("time", &reference("time"));
    assert_eq!(found(&report), ["prose_result /tools/0/outputSchema", "prose_result /tools/1/outputSchema"]);
}

#[test]
fn a_write_that_makes_something_new_still_needs_its_key() {
    let mut listing = reference("filesystem");
    let tool = json!({
        "name": "send_message", "description": "Sends a message to a channel.",
        "annotations": {"readOnlyHint": false, "destructiveHint": false, "idempotentHint": true},
        "inputSchema": {"type": "object", "properties": {
            "channel": {"type": "string", "description": "The channel."},
            "text": {"type": "string", "description": "The message."}},
            "required": ["channel", "text"], "additionalProperties": false},
        "outputSchema": {"type": "object"}
    });
    listing["tools"] = json!([tool]);
    assert_eq!(found(&lint_listing("send", &listing)), ["idempotent_without_key /tools/0/annotations/idempotentHint"]);
    // A message is new whatever names it; a created record is new unless an argument names it.
    for (name, property, fires) in [
        ("send_file", "file_path", true),
        ("create_issue", "title", true),
        ("upload_file", "path", false),
        ("set_topic", "topic", false),
        ("remove_member", "member", false),
    ] {
        let mut tool = listing["tools"][0].clone();
        tool["name"] = json!(name);
        tool["inputSchema"]["properties"] = json!({property: {"type": "string", "description": "What it is."}});
        tool["inputSchema"]["required"] = json!([property]);
        let report = lint_listing(name, &json!({"tools": [tool]}));
        assert_eq!(codes(&report).contains(&"idempotent_without_key".to_string()), fires, "{name}: {report:#}");
    }
    // A tool with no annotation at all is told so once, not also as destructive_unconfirmed.
    listing["tools"][0].as_object_mut().unwrap().remove("annotations");
    assert_eq!(found(&lint_listing("bare", &listing)), ["annotations_default /tools/0/annotations"]);
}

#[test]
fn examples_are_no_closed_set_of_values() {
    let described = |description: &str| {
        json!({"tools": [{"name": "search_files", "description": "Searches files by name.",
            "annotations": {"readOnlyHint": true},
            "inputSchema": {"type": "object", "properties": {"pattern": {"type": "string", "description": description}},
                "required": ["pattern"], "additionalProperties": false},
            "outputSchema": {"type": "object"}}]})
    };
    for examples in [
        "A glob, e.g. '*.js', '**/*.ts'.",
        "A glob, for example: '*.js', '*.ts' or 'src/**'.",
        "A glob such as `*.js`, `*.ts`.",
        "The format (e.g. json/yaml). Matched case-insensitively.",
    ] {
        assert_eq!(found(&lint_listing("examples", &described(examples))), Vec::<String>::new(), "{examples}");
    }
    // A closed set after an example in another sentence is still one.
    let listed = described("A glob, e.g. '*.js'. The order: either 'asc' or 'desc'.");
    assert_eq!(
        found(&lint_listing("listed", &listed)),
        ["enum_in_description /tools/0/inputSchema/properties/pattern"]
    );
}

#[test]
fn name_implies_kind_names_plain_strings_only_and_matches_by_words() {
    let tool = |properties: Value, extension: Option<Value>| {
        let mut schema = json!({"type": "object", "properties": properties, "additionalProperties": false});
        if let Some(x) = extension {
            schema["x-agent-input"] = x;
        }
        json!({"tools": [{"name": "search_decisions", "description": "Searches decisions.",
            "annotations": {"readOnlyHint": true}, "inputSchema": schema, "outputSchema": {"type": "object"}}]})
    };
    let said = |d: &str| json!({"type": "string", "description": format!("{d}; left out, any.")});
    let properties = json!({
        "dateFrom": said("The first day"), "page-token": said("The page"), "until": said("The last day"),
        "locale": {"anyOf": [{"type": "string"}, {"type": "null"}], "description": "The language; left out, any."},
        "country": {"type": ["string", "null"], "description": "The country; left out, any."},
        "idempotency_key": said("A key"),
        // Not reported: a declared shape, an id, a name that implies no kind of a string.
        "since": {"type": "string", "format": "date", "description": "The first day; left out, any."},
        "lang": {"type": "string", "enum": ["cs", "en"], "description": "The language; left out, any."},
        "court_id": {"type": "string", "format": "uuid", "description": "The court; left out, any."},
        "to_address": said("The address"),
        "from_x": {"type": "string", "pattern": "^[a-z]+$", "description": "A name; left out, any."},
        "cursor": {"type": "string", "description": "The page; left out, the first.", "x-agent-input": {"implied_kinds": false}}
    });
    let implied = |report: &Value| -> Vec<String> {
        found(report).into_iter().filter(|f| f.starts_with("name_implies_kind")).collect()
    };
    let report = lint_listing("implied", &tool(properties.clone(), None));
    let at = |k: &str| format!("name_implies_kind /tools/0/inputSchema/properties/{k}");
    let mut want: Vec<String> =
        ["country", "dateFrom", "idempotency_key", "locale", "page-token", "until"].map(at).to_vec();
    want.sort();
    assert_eq!(implied(&report), want, "{report:#}");
    // The rest of the listing is clean but for the author's own type array (`country`).
    assert_eq!(found(&report).len(), want.len() + 1, "{report:#}");
    // A tool whose x-agent-input sets implied_kinds, either way, has decided.
    for decided in [true, false] {
        let report = lint_listing("decided", &tool(properties.clone(), Some(json!({"implied_kinds": decided}))));
        assert_eq!(implied(&report), Vec::<String>::new(), "{report:#}");
    }
}

/// Runs the CLI with the test cursor key set (a spec with a cursor needs one).
fn cli(args: &[&str]) -> Vec<u8> {
    let out = bin().args(args).env("AGENT_INPUT_CURSOR_KEY", "a test cursor key of 32 bytes!!!").output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// The tool definition a lenient agent-input server advertises for a tool its author wrote:
/// `agent-input spec --from-input-schema`, then `agent-input schema --definition`.
fn lenient_definition(dir: &std::path::Path, tool: &Value) -> Value {
    let name = tool["name"].as_str().unwrap();
    let source = dir.join(format!("{name}.json"));
    std::fs::write(&source, tool.to_string()).unwrap();
    let spec = dir.join(format!("{name}.spec.json"));
    std::fs::write(&spec, cli(&["spec", "--from-input-schema", source.to_str().unwrap()])).unwrap();
    let mut definition: Value =
        serde_json::from_slice(&cli(&["schema", "--tool", spec.to_str().unwrap(), "--definition"])).unwrap();
    definition["outputSchema"] = tool.get("outputSchema").cloned().unwrap_or(json!({"type": "object"}));
    definition
}

#[test]
fn a_lenient_servers_own_descriptions_and_branches_are_not_the_authors() {
    let dir = std::env::temp_dir().join(format!("agent-input-lenient-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let edit_file = reference("filesystem")["tools"][1].clone();
    let create_relations = reference("memory")["tools"][0].clone();
    let search = json!({"name": "search_decisions", "description": "Searches decisions.",
        "annotations": {"readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false},
        "inputSchema": {"type": "object", "properties": {
            "query": {"type": "string", "description": "Words of the title."},
            "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 20},
            "decided_after": {"type": "string", "format": "date"},
            "newest_first": {"type": "boolean", "description": "Newest first; left out, oldest first"},
            "sort": {"type": "string", "enum": ["newest", "oldest"], "description": "The order; left out, newest."}},
            "required": ["query"]}});
    let tools: Vec<Value> = [edit_file, create_relations, search].iter().map(|t| lenient_definition(&dir, t)).collect();
    std::fs::remove_dir_all(&dir).unwrap();
    // The listing is agent-input's: type arrays in "Also read" branches, kind texts appended.
    let text = serde_json::to_string(&tools).unwrap();
    assert!(text.contains("Also read") && text.contains("Optional: omit it rather than sending null"), "{text}");
    let report = lint_listing("lenient", &json!({"tools": tools}));
    let missing: Vec<String> =
        found(&report).into_iter().filter(|f| f.starts_with("property_description_missing")).collect();
    let prop = |t: usize, k: &str| format!("property_description_missing /tools/{t}/inputSchema/properties/{k}");
    // Only the words before the kind's text are the author's: `limit` and `decided_after` have
    // none; `dryRun`, `newest_first` and `sort` keep theirs.
    assert_eq!(
        missing,
        [prop(0, "edits"), prop(0, "path"), prop(1, "relations"), prop(2, "decided_after"), prop(2, "limit")],
        "{report:#}"
    );
    // One type_array note per tool, at its inputSchema, naming the dialects.
    let arrays: Vec<&Value> =
        report["findings"].as_array().unwrap().iter().filter(|f| f["code"] == "type_array").collect();
    let paths: Vec<&str> = arrays.iter().map(|f| f["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["/tools/0/inputSchema", "/tools/1/inputSchema", "/tools/2/inputSchema"], "{report:#}");
    assert!(arrays.iter().all(|f| f["message"].as_str().unwrap().contains("--dialect")));
    // The memory server's trap is still named through the lenient schema's branches.
    assert!(codes(&report).contains(&"name_implies_kind".to_string()), "{report:#}");
}

#[test]
fn every_kinds_generated_description_is_recognised() {
    let kinds = json!({
        "boolean": {"kind": "boolean"}, "idempotency_key": {"kind": "idempotency_key"},
        "country": {"kind": "country"}, "locale": {"kind": "locale"}, "date": {"kind": "date"},
        "date_from": {"kind": "date", "role": "from"}, "date_to": {"kind": "date", "role": "to"},
        "date_range": {"kind": "date_range"}, "number": {"kind": "number"},
        "whole": {"kind": "number", "integer": true, "min": 1, "max": 9},
        "list": {"kind": "list", "item": {"kind": "text"}}, "text": {"kind": "text"},
        "uuid_write": {"kind": "uuid", "mode": "write"}, "uuid_read": {"kind": "uuid", "mode": "read"},
        "cursor": {"kind": "cursor", "opaque": true}, "enum": {"kind": "enum", "values": ["a", "b"]},
        "eli": {"kind": "eli"}
    });
    let mut properties = serde_json::Map::new();
    for (name, decl) in kinds.as_object().unwrap() {
        properties.insert(format!("{name}_bare"), decl.clone());
        let mut described = decl.clone();
        described["description"] = json!("What the author says of it");
        described["required"] = json!(true);
        properties.insert(format!("{name}_said"), described);
    }
    let spec = json!({"name": "t", "description": "d", "writes": true, "destructive": false, "idempotent": true,
        "properties": properties});
    let dir = std::env::temp_dir().join(format!("agent-input-kinds-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("spec.json");
    std::fs::write(&path, spec.to_string()).unwrap();
    let definition: Value =
        serde_json::from_slice(&cli(&["schema", "--tool", path.to_str().unwrap(), "--definition"])).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let report = lint_listing("kinds", &json!({"tools": [definition]}));
    let missing: Vec<String> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["code"] == "property_description_missing")
        .map(|f| f["path"].as_str().unwrap().rsplit('/').next().unwrap().to_string())
        .collect();
    let mut want: Vec<String> = kinds.as_object().unwrap().keys().map(|k| format!("{k}_bare")).collect();
    want.sort();
    let mut missing = missing;
    missing.sort();
    assert_eq!(missing, want, "every bare property lacks a description, every described one has it: {report:#}");
}

#[test]
fn docs_lint_md_lists_every_rule_with_its_summary() {
    let doc = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/lint.md")).unwrap();
    for rule in rules() {
        let (code, severity, summary) =
            (rule["code"].as_str().unwrap(), rule["severity"].as_str().unwrap(), rule["summary"].as_str().unwrap());
        let row = format!("| [`{code}`](#{code}) | {severity} | {summary} |");
        assert!(doc.contains(&row), "docs/lint.md's table lacks the row {row}");
    }
}

#[test]
fn the_table_shows_what_a_server_sends_as_visible_escapes() {
    let dir = std::env::temp_dir().join(format!("agent-input-lint-escapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let clean: Value =
        serde_json::from_str(&std::fs::read_to_string(servers().join("lint/clean.json")).unwrap()).unwrap();
    let mut tools = clean["tools"].clone();
    // A name that would set the window title, return the carriage and reverse the text.
    tools[0]["name"] = json!("search\u{1b}]0;pwned\u{7}\r\u{202e}ok");
    let path = dir.join("tools.json");
    std::fs::write(&path, serde_json::to_vec(&json!({ "tools": tools })).unwrap()).unwrap();
    let table = String::from_utf8(lint(&["--tools", path.to_str().unwrap()]).stdout).unwrap();
    assert!(!table.contains('\u{1b}') && !table.contains('\r') && !table.contains('\u{202e}'), "{table:?}");
    assert!(table.contains("\\u{1b}") && table.contains("\\u{202e}"), "{table}");
    // The JSON report keeps the name exact.
    let json = lint(&["--tools", path.to_str().unwrap(), "--format", "json"]).stdout;
    assert!(String::from_utf8(json).unwrap().contains("\\u001b]0;pwned"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_pin_records_the_tools_then_reports_each_change_until_accepted_or_repinned() {
    let dir = std::env::temp_dir().join(format!("agent-input-pin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pin = dir.join("pin.json");
    let pin_arg = pin.to_str().unwrap();
    // The first run records the pin and reports nothing of it.
    let (report, status) = lint_json(&fixture("clean"), &["--pin", pin_arg]);
    assert_eq!((report["findings"].clone(), status), (json!([]), 0));
    let recorded: Value = serde_json::from_str(&std::fs::read_to_string(&pin).unwrap()).unwrap();
    assert_eq!(recorded["tools"].as_object().unwrap().len(), 3);
    assert_eq!(recorded["tools"]["search_decisions"]["sha256"].as_str().unwrap().len(), 64);
    // The same tools again: nothing.
    let (report, status) = lint_json(&fixture("clean"), &["--pin", pin_arg]);
    assert_eq!((report["findings"].clone(), status), (json!([]), 0));
    // A description changed after review: an error naming what changed, until accepted...
    let (report, status) = lint_json(&fixture("pinned_tool_changed"), &["--pin", pin_arg]);
    assert_eq!((codes(&report), status), (vec!["pinned_tool_changed".to_string()], 3));
    let message = report["findings"][0]["message"].as_str().unwrap();
    assert!(message.contains("description") && message.contains("tool_description_changed"), "{message}");
    let accept = dir.join("accept.json");
    std::fs::write(&accept, r#"[{"code": "pinned_tool_changed", "tool": "search_decisions", "reason": "reviewed"}]"#)
        .unwrap();
    let (_, status) =
        lint_json(&fixture("pinned_tool_changed"), &["--pin", pin_arg, "--accept", accept.to_str().unwrap()]);
    assert_eq!(status, 0);
    // ...or re-pinned after review: then the new description is the pinned one.
    let (_, status) = lint_json(&fixture("pinned_tool_changed"), &["--pin", pin_arg, "--pin-update"]);
    assert_eq!(status, 0);
    let (report, status) = lint_json(&fixture("pinned_tool_changed"), &["--pin", pin_arg]);
    assert_eq!((report["findings"].clone(), status), (json!([]), 0));
    let (report, _) = lint_json(&fixture("clean"), &["--pin", pin_arg]);
    assert_eq!(codes(&report), ["pinned_tool_changed"]);
    // A file that is no pin is misuse, as is --pin-update alone.
    std::fs::write(&pin, "[1, 2]").unwrap();
    assert_eq!(lint(&["--server", &fixture("clean"), "--pin", pin_arg]).status.code(), Some(2));
    assert_eq!(lint(&["--server", &fixture("clean"), "--pin-update"]).status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}
