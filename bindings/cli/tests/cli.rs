//! End-to-end tests of the `agent-input` binary: the README's main job, batches of JSON lines
//! built from the shared vectors, and misuse.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{json, Value};

/// The key the cursor vectors were issued with (`tests/vectors/README.md`).
const VECTOR_KEY_ENV: &str = "AGENT_INPUT_VECTOR_KEY";
const VECTOR_KEY: &str = "agent-input shared vector key, not a secret";

fn bin() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_agent-input"));
    command.env(VECTOR_KEY_ENV, VECTOR_KEY);
    command
}

fn vectors_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/vectors")
}

/// Runs the binary with `args`, writes `lines` to its stdin, and parses one JSON value per output line.
fn lines_through<S: AsRef<std::ffi::OsStr>>(args: &[S], lines: &[String]) -> Vec<Value> {
    let mut child = bin().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = lines.join("\n") + "\n";
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()).unwrap());
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn batch(lines: &[String]) -> Vec<Value> {
    lines_through(&["read", "--batch"], lines)
}

#[test]
fn readme_example_reads_4_000() {
    let out = bin().args(["read", "number", "4 000"]).output().unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v,
        json!({"status": "ok", "value": 4000, "notes": [{"code": "grouping_removed", "message": "Read \"4 000\" as 4000."}], "warnings": []})
    );
}

#[test]
fn value_is_json_when_it_parses_else_a_string() {
    let read = |args: &[&str]| -> Value {
        let out = bin().args(args).output().unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // `1.234` parses as a JSON number: never ambiguous.
    assert_eq!(read(&["read", "number", "1.234"])["value"], json!(1.234));
    // `"1.234"` parses as a JSON string: ambiguous.
    assert_eq!(read(&["read", "number", "\"1.234\""])["ask"]["code"], "ambiguous_decimal_separator");
    assert_eq!(read(&["read", "number", "null"])["notes"][0]["code"], "null_read_as_absent");
    assert_eq!(read(&["read", "number"])["status"], "absent");
    assert_eq!(read(&["read", "number", "-5"])["value"], json!(-5));
    assert_eq!(
        read(&["read", "enum", "Date Desc", "--option", "values=[\"date_desc\",\"relevance\"]"])["value"],
        "date_desc"
    );
    assert_eq!(read(&["read", "number", "500", "-o", "preset=limit", "-o", "max=50"])["value"], json!(50));
    assert_eq!(
        read(&["read", "list", "cs, de", "--options", r#"{"item": {"kind": "enum", "values": ["cs", "de"]}}"#])
            ["value"],
        json!(["cs", "de"])
    );
}

#[test]
fn misuse_exits_2_with_a_typed_message() {
    let out = bin().args(["read", "number", "4", "--option", "maxx=3"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("unknown option `maxx`"), "{err}");
    let out = bin().args(["read", "colour", "red"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("unknown kind `colour`"));
}

#[test]
fn batch_reads_every_vector_in_order() {
    let mut lines = Vec::new();
    let mut expects = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(vectors_dir()).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files {
        let stem = path.file_stem().unwrap().to_str().unwrap().to_owned();
        if path.extension().is_none_or(|e| e != "json") || stem.parse::<agent_input::Kind>().is_err() {
            continue;
        }
        let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for case in cases {
            let mut request = json!({"kind": case["kind"], "options": case["options"]});
            if let Some(input) = case.get("input") {
                request["input"] = input.clone();
            }
            lines.push(request.to_string());
            expects.push((format!("{stem}/{}", case["name"]), case["expect"].clone()));
        }
    }
    let outs = batch(&lines);
    assert_eq!(outs.len(), lines.len(), "one outcome per line");
    for ((name, expect), got) in expects.iter().zip(&outs) {
        assert_eq!(got, expect, "{name}");
    }
}

#[test]
fn batch_answers_malformed_lines_in_place() {
    let cases: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(vectors_dir().join("batch.json")).unwrap()).unwrap();
    let lines: Vec<String> = cases.iter().map(|c| c["line"].as_str().unwrap().to_owned()).collect();
    let outs = batch(&lines);
    assert_eq!(outs.len(), cases.len());
    for (case, got) in cases.iter().zip(&outs) {
        assert_eq!(got, &case["expect"], "batch/{}", case["name"]);
    }
}

#[test]
fn batch_keeps_one_line_per_line_under_load() {
    let lines: Vec<String> = (0..5000)
        .map(|i| match i % 4 {
            0 => format!(r#"{{"kind": "number", "input": "{} 000"}}"#, i % 997 + 1),
            1 => "not json".to_owned(),
            2 => r#"{"kind": "boolean", "input": "ano"}"#.to_owned(),
            _ => format!(r#"{{"kind": "text", "input": " t{i} "}}"#),
        })
        .collect();
    let outs = batch(&lines);
    assert_eq!(outs.len(), 5000);
    for (i, out) in outs.iter().enumerate() {
        match i % 4 {
            0 => assert_eq!(out["value"].to_string(), format!("{}000", i % 997 + 1)),
            1 => assert_eq!(out["ask"]["code"], "invalid_request"),
            2 => assert_eq!(out["value"], json!(true)),
            _ => assert_eq!(out["value"], json!(format!("t{i}"))),
        }
    }
}

#[test]
fn cursor_encode_then_read_and_the_key_is_never_echoed() {
    let out = bin().args(["cursor", "encode", "--key-env", VECTOR_KEY_ENV, r#"{"after": 40}"#]).output().unwrap();
    assert!(out.status.success());
    let cursor = String::from_utf8(out.stdout).unwrap().trim().to_owned();
    assert!(cursor.starts_with("c1."));
    let option = format!("key_env={VECTOR_KEY_ENV}");
    let read = bin().args(["read", "cursor", &cursor, "--option", &option]).output().unwrap();
    let v: Value = serde_json::from_slice(&read.stdout).unwrap();
    assert_eq!(v["value"], json!({"after": 40}));
    // Batch lines name the variable the same way.
    let line = json!({"kind": "cursor", "input": cursor, "options": {"key_env": VECTOR_KEY_ENV}}).to_string();
    assert_eq!(batch(&[line])[0]["value"], json!({"after": 40}));
    // A tampered cursor asks; nothing printed anywhere carries the key.
    let tampered = format!("{}A", &cursor[..cursor.len() - 1]);
    let read = bin().args(["read", "cursor", &tampered, "--option", &option]).output().unwrap();
    let text = String::from_utf8(read.stdout).unwrap();
    assert!(text.contains("invalid_cursor") || tampered == cursor, "{text}");
    assert!(!text.contains(VECTOR_KEY));
    // A missing variable is a typed error naming the variable only.
    let out = bin().args(["read", "cursor", &cursor, "--option", "key_env=AGENT_INPUT_NO_SUCH_VAR"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("`AGENT_INPUT_NO_SUCH_VAR` is not set"), "{err}");
    let out = bin().args(["cursor", "encode", "--key-env", "AGENT_INPUT_NO_SUCH_VAR", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

fn tool_files() -> Vec<(std::path::PathBuf, Value)> {
    let dir = vectors_dir().join("tools");
    let mut paths: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    paths.sort();
    paths
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let doc: Value = serde_json::from_str(&std::fs::read_to_string(&p).unwrap()).unwrap();
            (p, doc)
        })
        .collect()
}

#[test]
fn call_batch_reads_every_tool_vector() {
    let tmp = std::env::temp_dir().join(format!("agent-input-cli-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    for (path, doc) in tool_files() {
        let spec_path = tmp.join(path.file_name().unwrap());
        std::fs::write(&spec_path, doc["spec"].to_string()).unwrap();
        let cases = doc["cases"].as_array().unwrap();
        // `args_text` is the body exactly as sent (a key twice, bytes that are not JSON).
        let lines: Vec<String> = cases
            .iter()
            .map(|c| match c.get("args_text").and_then(Value::as_str) {
                Some(text) => text.to_owned(),
                None => c.get("args").cloned().unwrap_or(Value::Null).to_string(),
            })
            .collect();
        let args = [std::ffi::OsStr::new("call"), "--batch".as_ref(), "--tool".as_ref(), spec_path.as_os_str()];
        let outs = lines_through(&args, &lines);
        assert_eq!(outs.len(), cases.len());
        for (case, got) in cases.iter().zip(&outs) {
            assert_eq!(got, &case["expect"], "{}/{}", path.display(), case["name"]);
        }
    }
}

#[test]
fn schema_prints_the_input_schema_and_call_reads_stdin() {
    let tmp = std::env::temp_dir().join(format!("agent-input-cli-schema-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let spec = tmp.join("t.json");
    std::fs::write(
        &spec,
        r#"{"name": "t", "properties": {"q": {"kind": "text", "required": true}, "limit": {"max": 50}}}"#,
    )
    .unwrap();
    let out = bin().args(["schema", "--tool"]).arg(&spec).output().unwrap();
    assert!(out.status.success());
    let schema: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(schema["required"], json!(["q"]));
    // Other spellings of the names (`dateFrom`) are read, so the schema does not forbid them.
    assert_eq!(schema.get("additionalProperties"), None);
    assert_eq!(schema["properties"]["limit"]["default"], json!(20));
    let out = bin().args(["schema", "--definition", "--tool"]).arg(&spec).output().unwrap();
    let def: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(def["name"], json!("t"));
    let mut child = bin()
        .args(["call", "--mcp", "--tool"])
        .arg(&spec)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"{\"limit\": \"500\"}").unwrap();
    let out = child.wait_with_output().unwrap();
    let result: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(result["isError"], json!(true));
    assert_eq!(result["structuredContent"]["code"], json!("missing_arguments"));
    let bad = tmp.join("bad.json");
    std::fs::write(&bad, r#"{"name": "t", "properties": {"q": {}}}"#).unwrap();
    let out = bin().args(["schema", "--tool"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("the name implies none"));
}

#[test]
fn read_help_lists_every_kind() {
    let out = bin().args(["read", "--help"]).output().unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    for kind in agent_input::Kind::ALL {
        assert!(help.contains(kind.name()), "`read --help` does not name `{kind}`:\n{help}");
    }
}

/// Runs the binary with `args` and raw `stdin` bytes; returns its output.
fn raw_through(args: &[&str], stdin: &[u8]) -> std::process::Output {
    let mut child =
        bin().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

#[test]
fn invalid_utf8_is_named_by_its_byte_never_replaced() {
    let out = raw_through(
        &["read", "--batch"],
        b"{\"kind\": \"text\", \"input\": \"a\xffb\"}\n{\"kind\": \"text\", \"input\": \"ok\"}\n",
    );
    assert!(out.status.success());
    let lines: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 2, "one outcome per line");
    assert_eq!(lines[0]["ask"]["code"], "invalid_request");
    assert!(lines[0]["ask"]["hint"].as_str().unwrap().contains("byte 28 is not UTF-8"));
    assert_eq!(lines[1]["value"], "ok");
    let dir = std::env::temp_dir().join(format!("agent-input-cli-utf8-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("t.json");
    std::fs::write(&spec, r#"{"name": "t", "properties": {"q": {"kind": "text"}}}"#).unwrap();
    let spec = spec.to_str().unwrap();
    for args in [&["call", "--tool", spec][..], &["call", "--batch", "--tool", spec][..]] {
        let out = raw_through(args, b"{\"q\": \"a\xffb\"}");
        assert!(out.status.success(), "{args:?}");
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["issues"][0]["code"], "invalid_request", "{args:?}");
        assert!(v["issues"][0]["expected"].as_str().unwrap().contains("byte 8 is not UTF-8"), "{v}");
    }
    // A body over the bound is refused by its size, without reading further.
    let big = format!("{{\"q\": \"{}\"}}", "a".repeat(agent_input::limits::MAX_CALL_BYTES)).into_bytes();
    let out = raw_through(&["call", "--tool", spec], &big);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["issues"][0]["expected"].as_str().unwrap().contains("more than the"), "{v}");
}

#[test]
fn a_closed_stdout_is_an_error_exit_not_a_panic() {
    for args in [&["kinds"][..], &["read", "number", "4 000"][..], &["read", "--batch"][..]] {
        // A pipe whose read end is closed before the program starts: every write to stdout
        // fails with a broken pipe, however fast the program writes.
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let mut child = bin().args(args).stdin(Stdio::piped()).stdout(writer).stderr(Stdio::piped()).spawn().unwrap();
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(&br#"{"kind": "number", "input": "1"}"#.repeat(50_000));
        }
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn cursor_expiry_must_be_in_the_future() {
    let out = bin().args(["cursor", "encode", "--key-env", VECTOR_KEY_ENV, "--expires-at", "0", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8(out.stderr).unwrap().contains("is not in the future"));
    let out = bin().args(["cursor", "encode", "--key-env", VECTOR_KEY_ENV, "--ttl", "0", "1"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn batch_key_env_names_only_allowed_variables() {
    let line =
        json!({"kind": "cursor", "input": "start", "options": {"key_env": "OPERATOR_CURSOR_KEY"}}).to_string() + "\n";
    let run = |extra: &[&str]| {
        let mut args = vec!["read", "--batch"];
        args.extend_from_slice(extra);
        let mut command = bin();
        command.env("OPERATOR_CURSOR_KEY", "an operator's key of 32 bytes....");
        let mut child = command.args(&args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(line.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        serde_json::from_slice::<Value>(&out.stdout).unwrap()
    };
    assert_eq!(run(&[])["ask"]["code"], "invalid_request");
    assert_eq!(run(&["--key-env", "OPERATOR_CURSOR_KEY"])["status"], "absent");
}

/// Runs `agent-input call --tool SPEC` with `args` on stdin, without a cursor key in the
/// environment: (exit status, stdout as JSON, stderr).
fn call_spec(spec: &std::path::Path, args: &str) -> (bool, Value, String) {
    let mut child = bin()
        .args(["call", "--tool"])
        .arg(spec)
        .env_remove("AGENT_INPUT_CURSOR_KEY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(args.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or(Value::Null);
    (out.status.success(), json, String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn call_loads_every_shipped_spec_by_itself() {
    let dir = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/specs");
    let mut loaded = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let (ok, out, stderr) = call_spec(&path, "{}");
        assert!(ok, "{} does not load: {stderr}", path.display());
        assert!(out["status"] == "ok" || out["status"] == "error", "{}: {out}", path.display());
        loaded += 1;
    }
    assert!(loaded >= 2, "only {loaded} specs");
    // The courts vocabulary comes from the file the spec names; the cursor reads with a random
    // key, said on stderr.
    let (ok, out, stderr) = call_spec(
        &dir.join("search_decisions.json"),
        r#"{"query": "nájem", "court": "Nejvyssi soud", "cursor": "start"}"#,
    );
    assert!(ok);
    assert_eq!(out["args"], json!({"query": "nájem", "court": "NS", "limit": 20}));
    assert!(stderr.contains("AGENT_INPUT_CURSOR_KEY is unset"), "{stderr}");
}

#[test]
fn spec_from_input_schema_prints_what_each_property_is_read_as() {
    let tmp = std::env::temp_dir().join(format!("agent-input-cli-from-schema-{}", std::process::id()));
    std::fs::create_dir_all(&tmp).unwrap();
    let schema = tmp.join("schema.json");
    std::fs::write(
        &schema,
        r#"{"name": "search", "inputSchema": {"type": "object", "required": ["query"], "properties": {
            "query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "maximum": 50},
            "when": {"type": "string", "format": "date-time"}}}}"#,
    )
    .unwrap();
    let out = bin().args(["spec", "--from-input-schema"]).arg(&schema).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["name"], "search");
    assert_eq!(doc["properties"]["limit"]["kind"], "number");
    assert_eq!(doc["properties"]["limit"]["on_out_of_range"], "clamp");
    assert_eq!(doc["properties"]["when"]["kind"], "passthrough");
    let bad = bin()
        .args(["spec", "--from-input-schema"])
        .arg(&schema)
        .args(["--overrides", r#"{"properties": {"nope": false}}"#])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("`nope`"));
}
