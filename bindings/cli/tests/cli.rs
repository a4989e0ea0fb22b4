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
    let mut command = bin();
    command.args(args);
    fed(&mut command, stdin)
}

/// Runs `command` with `stdin` written to it from another thread (so a large input cannot
/// block on a full pipe); returns its output.
fn fed(command: &mut Command, stdin: &[u8]) -> std::process::Output {
    let mut child = command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
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

/// A temporary directory of this test process, `name` inside it.
fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("agent-input-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_key_twice_in_value_is_answered_as_the_batch_line_is() {
    // Issue 35: `read date_range` read `from` as the last of two, silently.
    let cases = [
        ("date_range", r#"{"from":"2020-01-01","from":"2021-01-01","to":"2022-01-01"}"#, None),
        ("number", r#"[{"a": 1, "a": 2}]"#, None),
        ("list", r#"{"x": {"y": 1, "y": 2}}"#, Some(r#"{"item": {"kind": "number"}}"#)),
    ];
    for (kind, value, options) in cases {
        let mut args = vec!["read", kind, value];
        let mut line = format!(r#"{{"kind": "{kind}", "input": {value}"#);
        if let Some(options) = options {
            args.extend(["--options", options]);
            line.push_str(&format!(r#", "options": {options}"#));
        }
        line.push('}');
        let out = bin().args(&args).output().unwrap();
        assert!(out.status.success(), "{args:?}");
        let read: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(read, batch(&[line])[0], "{args:?}");
        assert_eq!(read["ask"]["code"], "invalid_request", "{args:?}");
    }
    let out = bin().args(["read", "date_range", cases[0].1]).output().unwrap();
    let hint = serde_json::from_slice::<Value>(&out.stdout).unwrap()["ask"]["hint"].clone();
    assert!(hint.as_str().unwrap().contains("`input.from`"), "{hint}");
    // The same value with the key once reads.
    let once = r#"{"from":"2021-01-01","to":"2022-01-01"}"#;
    let out = bin().args(["read", "date_range", once]).output().unwrap();
    assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap()["status"], "ok");
}

/// Asserts that `out` is a refusal (exit 2, nothing on stdout) whose one line of stderr names
/// `key`.
fn assert_refused(out: &std::process::Output, key: &str, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{what}: {err}");
    assert!(out.stdout.is_empty(), "{what}");
    assert!(err.contains(&format!("`{key}` ")), "{what}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{what}: {err}");
}

#[test]
fn a_key_twice_in_options_is_a_typed_error_naming_it() {
    let run = |args: &[&str]| bin().args(args).output().unwrap();
    let out = run(&["read", "number", "500", "--options", r#"{"max": 50, "max": 1000}"#]);
    assert_refused(&out, "max", "--options");
    let out = run(&["read", "list", "1", "-o", r#"item={"kind": "enum", "values": ["a"], "kind": "number"}"#]);
    assert_refused(&out, "item.kind", "--option item");
    let out = run(&["read", "number", "500", "-o", "max=50", "-o", "max=1000"]);
    assert_refused(&out, "max", "--option twice");
    let out =
        run(&["read", "list", "1", "--options", r#"{"item": {"kind": "enum", "values": ["a"], "values": ["b"]}}"#]);
    assert_refused(&out, "item.values", "nested in --options");
    // `--option` still overrides `--options` (they are two sources, merged).
    let out =
        run(&["read", "number", "500", "--options", r#"{"max": 1000}"#, "-o", "max=50", "-o", "on_out_of_range=clamp"]);
    assert_eq!(serde_json::from_slice::<Value>(&out.stdout).unwrap()["value"], json!(50));
    // A cursor's payload is the programmer's too.
    let out = run(&["cursor", "encode", "--key-env", VECTOR_KEY_ENV, r#"{"after": 1, "after": 2}"#]);
    assert_refused(&out, "after", "cursor payload");
}

#[test]
fn a_key_twice_in_a_spec_or_schema_is_a_typed_error_naming_it() {
    let dir = temp_dir("twice");
    let spec = dir.join("spec.json");
    std::fs::write(&spec, r#"{"name": "t", "properties": {"q": {"kind": "text"}, "q": {"kind": "number"}}}"#).unwrap();
    let spec = spec.to_str().unwrap();
    for args in [&["call", "--tool", spec][..], &["call", "--batch", "--tool", spec], &["schema", "--tool", spec]] {
        assert_refused(&raw_through(args, b"{}\n"), "properties.q", &format!("{args:?}"));
    }
    let entries = dir.join("courts.json");
    std::fs::write(&entries, r#"[{"id": "NS", "names": ["Nejvyšší soud"], "id": "NSS"}]"#).unwrap();
    let with_entries = dir.join("with_entries.json");
    std::fs::write(
        &with_entries,
        r#"{"name": "t", "properties": {"court": {"kind": "vocabulary", "entries": "courts.json"}}}"#,
    )
    .unwrap();
    assert_refused(&raw_through(&["call", "--tool", with_entries.to_str().unwrap()], b"{}"), "[0].id", "entries file");
    let schema = dir.join("schema.json");
    std::fs::write(
        &schema,
        r#"{"type": "object", "properties": {"a": {"type": "string"}, "b": {"type": "integer", "maximum": 5, "maximum": 50}}}"#,
    )
    .unwrap();
    let out = bin().args(["spec", "--from-input-schema"]).arg(&schema).output().unwrap();
    assert_refused(&out, "properties.b.maximum", "schema");
    let good = dir.join("good.json");
    std::fs::write(&good, r#"{"type": "object", "properties": {"a": {"type": "string"}}}"#).unwrap();
    let out = bin()
        .args(["spec", "--from-input-schema"])
        .arg(&good)
        .args(["--overrides", r#"{"properties": {"a": false, "a": {"kind": "text"}}}"#])
        .output()
        .unwrap();
    assert_refused(&out, "properties.a", "--overrides");
}

/// Runs the binary through `sh` with `redirect` applied to its stdout (`>&-` closes it) and
/// `stdin` written to it.
#[cfg(unix)]
fn with_stdout(redirect: &str, args: &[&str], stdin: &[u8]) -> std::process::Output {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(r#"exec "$0" "$@" {redirect}"#))
        .arg(env!("CARGO_BIN_EXE_agent-input"))
        .args(args)
        .env(VECTOR_KEY_ENV, VECTOR_KEY);
    fed(&mut command, stdin)
}

#[cfg(unix)]
#[test]
fn output_that_cannot_be_written_is_an_error_exit() {
    // Issue 35: with stdout closed (`>&-`) every command exited 0 and the output was lost: Rust's
    // runtime reopens a closed stdout on /dev/null before main. /dev/full fails each write
    // with "no space left".
    let dir = temp_dir("unwritable");
    let spec = dir.join("t.json");
    std::fs::write(&spec, r#"{"name": "t", "properties": {"q": {"kind": "text"}}}"#).unwrap();
    let schema = dir.join("schema.json");
    std::fs::write(&schema, r#"{"type": "object", "properties": {"q": {"type": "string"}}}"#).unwrap();
    let (spec, schema) = (spec.to_str().unwrap(), schema.to_str().unwrap());
    let runs: [(&[&str], &[u8]); 8] = [
        (&["kinds"], b""),
        (&["read", "number", "4 000"], b""),
        (&["read", "--batch"], b"{\"kind\": \"number\", \"input\": \"4 000\"}\n"),
        (&["call", "--tool", spec], b"{\"q\": \"x\"}"),
        (&["call", "--batch", "--tool", spec], b"{\"q\": \"x\"}\n{\"q\": \"y\"}\n"),
        (&["schema", "--tool", spec], b""),
        (&["spec", "--from-input-schema", schema], b""),
        (&["cursor", "encode", "--key-env", VECTOR_KEY_ENV, "1"], b""),
    ];
    let redirects: &[&str] = if std::path::Path::new("/dev/full").exists() { &[">&-", ">/dev/full"] } else { &[">&-"] };
    for redirect in redirects {
        for (args, stdin) in &runs {
            let out = with_stdout(redirect, args, stdin);
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?} {redirect}: {err}");
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?} {redirect}: {err}");
            assert!(err.starts_with("agent-input: cannot write the output: "), "{args:?} {redirect}: {err}");
        }
    }
    // Stdout open on /dev/null is written to, as asked.
    let out = with_stdout(">/dev/null", &["read", "number", "4"], b"");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// The batch line `{"kind": "text", "input": "a…a"}` of exactly `len` bytes.
fn text_line(len: usize) -> Vec<u8> {
    let (head, tail) = (br#"{"kind": "text", "input": ""#.as_slice(), br#""}"#.as_slice());
    let mut line = head.to_vec();
    line.resize(len - tail.len(), b'a');
    line.extend_from_slice(tail);
    line
}

#[test]
fn batch_lines_around_the_bound_are_answered_as_the_core_answers_them_whole() {
    use agent_input::batch::{read_line_bytes, Policy};
    use agent_input::limits::MAX_BATCH_LINE_BYTES as MAX;
    let sizes = [MAX - 1, MAX, MAX + 1, MAX + 2, MAX + 3, 3 * MAX + 5];
    let mut input = Vec::new();
    let mut expect = Vec::new();
    for (i, len) in sizes.iter().enumerate() {
        let line = text_line(*len);
        expect.push(read_line_bytes(&line, &Policy::default()).to_json());
        input.extend_from_slice(&line);
        // Every other line ends with CRLF; the count leaves the `\r` out.
        input.extend_from_slice(if i % 2 == 0 { b"\n" } else { b"\r\n" });
    }
    // A short line after them, and a long last line without a newline.
    input.extend_from_slice(b"{\"kind\": \"number\", \"input\": \"4 000\"}\n");
    expect.push(json!({"status": "ok", "value": 4000, "notes": [{"code": "grouping_removed", "message": "Read \"4 000\" as 4000."}], "warnings": []}));
    let last = text_line(2 * MAX + 7);
    expect.push(read_line_bytes(&last, &Policy::default()).to_json());
    input.extend_from_slice(&last);
    let out = raw_through(&["read", "--batch"], &input);
    assert!(out.status.success());
    let got: Vec<Value> =
        String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(got, expect);
    assert!(got[5]["ask"]["hint"].as_str().unwrap().contains(&format!("it has {} bytes", 3 * MAX + 5)), "{}", got[5]);
}

/// Spawns the binary with `args` and streams `first` then `second` (each a line) to its stdin;
/// once it has read them all, while it waits for more, reads its peak resident memory
/// (`VmHWM`, in KiB), then closes its stdin. Returns the output lines and the peak.
#[cfg(target_os = "linux")]
fn peak_memory_of(args: &[&str], first: std::sync::Arc<Vec<u8>>, second: &[u8]) -> (Vec<Value>, u64) {
    let mut child = bin().args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut text).unwrap();
        text
    });
    let second = second.to_vec();
    let writer = std::thread::spawn(move || {
        for chunk in first.chunks(1 << 20) {
            stdin.write_all(chunk).unwrap();
        }
        stdin.write_all(b"\n").unwrap();
        stdin.write_all(&second).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin
    });
    let stdin = writer.join().unwrap();
    // Every byte is in the pipe or read; wait until the child has read them all. It then waits
    // for more input, alive, and its peak is the peak of reading both lines.
    while unread(&stdin) > 0 {
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let peak = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).unwrap().trim().trim_end_matches(" kB");
    let peak: u64 = peak.trim().parse().unwrap();
    drop(stdin);
    let text = reader.join().unwrap();
    assert!(child.wait().unwrap().success(), "{args:?} exits 0");
    (text.lines().map(|l| serde_json::from_str(l).unwrap()).collect(), peak)
}

/// The bytes written to `pipe` that its reader has not read yet.
#[cfg(target_os = "linux")]
#[allow(unsafe_code, reason = "ioctl is a C function; std has no FIONREAD")]
fn unread(pipe: &std::process::ChildStdin) -> libc::c_int {
    use std::os::fd::AsRawFd;
    let mut bytes: libc::c_int = 0;
    // SAFETY: FIONREAD writes one c_int, to a live local; the descriptor is open (borrowed).
    let done = unsafe { libc::ioctl(pipe.as_raw_fd(), libc::FIONREAD, &mut bytes) };
    assert_eq!(done, 0, "FIONREAD: {}", std::io::Error::last_os_error());
    bytes
}

#[cfg(target_os = "linux")]
#[test]
fn an_oversized_batch_line_is_counted_not_kept() {
    // Issue 35: a 500 MB batch line took 493 MB of memory. 64 MiB here; the peak stays far below.
    const LINE: usize = 64 << 20;
    const PEAK_KIB: u64 = 40 * 1024;
    let line = std::sync::Arc::new(text_line(LINE));
    let expect = agent_input::batch::read_line_bytes(&line, &agent_input::batch::Policy::default()).to_json();
    let next = br#"{"kind": "number", "input": "4 000"}"#;
    let (got, peak) = peak_memory_of(&["read", "--batch"], line, next);
    assert_eq!(got.len(), 2);
    assert_eq!(got[0], expect);
    assert!(got[0]["ask"]["hint"].as_str().unwrap().contains(&format!("it has {LINE} bytes")), "{}", got[0]);
    assert_eq!(got[1]["value"], json!(4000));
    assert!(peak < PEAK_KIB, "read --batch peaked at {peak} KiB for a line of {LINE} bytes");

    // `call --batch`: each line a call's body, answered as `call` answers that body.
    let dir = temp_dir("memory");
    let spec = dir.join("t.json");
    std::fs::write(&spec, r#"{"name": "t", "properties": {"q": {"kind": "text"}}}"#).unwrap();
    let spec = spec.to_str().unwrap();
    let mut body = br#"{"q": ""#.to_vec();
    body.resize(LINE - 2, b'a');
    body.extend_from_slice(br#""}"#);
    let body = std::sync::Arc::new(body);
    let alone =
        |body: &[u8]| serde_json::from_slice::<Value>(&raw_through(&["call", "--tool", spec], body).stdout).unwrap();
    let (expect, next) = (alone(&body), br#"{"q": " Praha "}"#);
    let (got, peak) = peak_memory_of(&["call", "--batch", "--tool", spec], body, next);
    assert_eq!(got, [expect, alone(next)]);
    assert_eq!(got[0]["issues"][0]["code"], "invalid_request");
    // Both name the body's real size, though neither kept it.
    let expected = got[0]["issues"][0]["expected"].as_str().unwrap();
    assert!(expected.contains(&format!("it has {LINE} bytes")), "{expected}");
    assert_eq!(got[1]["args"]["q"], "Praha");
    assert!(peak < PEAK_KIB, "call --batch peaked at {peak} KiB for a line of {LINE} bytes");
}

#[test]
fn schema_writes_each_dialect_and_the_skeleton_as_the_core_does() {
    let specs = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/specs");
    let spec = specs.join("update_decision_notes.json");
    for dialect in ["mcp", "openai-strict", "gemini", "anthropic"] {
        let out = bin().args(["schema", "--definition", "--dialect", dialect, "--tool"]).arg(&spec).output().unwrap();
        assert!(out.status.success(), "{dialect}: {}", String::from_utf8_lossy(&out.stderr));
        let written: Value = serde_json::from_slice(&out.stdout).unwrap();
        let golden =
            std::fs::read_to_string(specs.join(format!("dialects/update_decision_notes.{dialect}.json"))).unwrap();
        assert_eq!(written, serde_json::from_str::<Value>(&golden).unwrap(), "{dialect}");
    }
    let out = bin().args(["schema", "--dialect", "openai", "--tool"]).arg(&spec).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`openai-strict`"));
    let out = bin().args(["schema", "--skeleton", "--tool"]).arg(&spec).output().unwrap();
    let skeleton: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(skeleton, json!({"notes": "text", "idempotency_key": "5d8f2a61-3c9e-4b17-8a40-e2c6b91f7d53"}));
}

#[test]
fn call_reads_relative_words_against_today() {
    let dir = std::env::temp_dir().join(format!("agent-input-today-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("t.json");
    std::fs::write(&spec, r#"{"name": "t", "properties": {"since": {"kind": "date"}}}"#).unwrap();
    let args = [String::from(r#"{"since": "yesterday"}"#)];
    let path = spec.to_str().unwrap();
    let with = lines_through(&["call", "--tool", path, "--batch", "--today", "2026-12-05"], &args);
    assert_eq!(with[0]["args"], json!({"since": "2026-12-04"}), "{}", with[0]);
    let without = lines_through(&["call", "--tool", path, "--batch"], &args);
    assert_eq!(without[0]["issues"][0]["code"], "relative_date_without_today", "{}", without[0]);
    for bad in ["5. 12. 2026", "9999-01-01"] {
        let out = bin().args(["call", "--tool", path, "--today", bad]).stdin(Stdio::null()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("--today"), "{bad}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
