//! The example servers over real stdio, driven by rmcp's own client: every case of
//! `tests/conformance/cases.json` (the file the Python and TypeScript clients run too), once
//! with the 2026-07-28 lifecycle (`server/discover`, falling back to `initialize` for servers
//! that do not speak it) and once with the legacy `initialize` handshake.
//!
//! By default the two Rust servers of `examples/servers.json` run (their binaries are built
//! with this test). `scripts/test-conformance` sets `AGENT_INPUT_CONFORMANCE_REQUIRE=1`: then
//! every listed server runs, started by its `command` in its `cwd`, and one that does not start
//! fails the test.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use rmcp::model::{CallToolRequestParams, CallToolResult, ProtocolVersion, ResultType};
use rmcp::service::{serve_client_with_lifecycle, ClientLifecycleMode, RunningService};
use rmcp::transport::TokioChildProcess;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The command that starts a listed server: the Rust ones by the binaries cargo built for this
/// test, the others by their `command` through a shell.
fn command(server: &Value) -> tokio::process::Command {
    let name = server["name"].as_str().unwrap_or_default();
    let binary = match name {
        "courts-rust" => Some(env!("CARGO_BIN_EXE_courts-server")),
        "plain-rmcp" => Some(env!("CARGO_BIN_EXE_plain-courts-server")),
        _ => None,
    };
    let mut cmd = match binary {
        Some(path) => tokio::process::Command::new(path),
        None => {
            let mut sh = tokio::process::Command::new("sh");
            sh.arg("-c").arg(server["command"].as_str().unwrap_or_default());
            sh
        }
    };
    cmd.current_dir(root().join(server["cwd"].as_str().unwrap_or(".")));
    // The test virtualenv's `python` first, as scripts/test-conformance sets it up.
    let venv = root().join("target/python-venv/bin");
    let path = std::env::var("PATH").unwrap_or_default();
    cmd.env("PATH", format!("{}:{path}", venv.display()));
    cmd.env("COURTS_CURSOR_KEY", "conformance cursor key of 32 bytes");
    cmd.stderr(Stdio::null());
    cmd
}

fn servers() -> Vec<Value> {
    let all = std::env::var("AGENT_INPUT_CONFORMANCE_REQUIRE").is_ok_and(|v| v == "1");
    let listed = load("examples/servers.json");
    listed
        .as_array()
        .expect("examples/servers.json is an array")
        .iter()
        .filter(|s| all || matches!(s["name"].as_str(), Some("courts-rust" | "plain-rmcp")))
        .cloned()
        .collect()
}

/// A result as the cases compare it: `{is_error, notes, envelope, output}`.
fn normalise(result: &CallToolResult) -> Value {
    let is_error = result.is_error == Some(true);
    let structured = result.structured_content.clone().unwrap_or(Value::Null);
    let spec_shaped = structured.get("result").is_some() && structured.get("notes").is_some();
    let notes = if spec_shaped {
        structured["notes"].clone()
    } else {
        result.meta.as_ref().and_then(|m| m.0.get("agent-input/notes").cloned()).unwrap_or(json!([]))
    };
    let mut pairs: Vec<(String, String)> = notes
        .as_array()
        .into_iter()
        .flatten()
        .map(|n| (n["path"].as_str().unwrap_or("").to_owned(), n["code"].as_str().unwrap_or("").to_owned()))
        .collect();
    pairs.sort();
    let text = result.content.first().and_then(|c| c.as_text()).map(|t| t.text.clone()).unwrap_or_default();
    let envelope = if is_error {
        let env: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        let issues: Vec<(String, String)> = env["issues"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|i| (i["path"].as_str().unwrap_or("").to_owned(), i["code"].as_str().unwrap_or("").to_owned()))
            .collect();
        json!({"code": env["code"], "issues": issues})
    } else {
        Value::Null
    };
    let mut output = match structured {
        _ if spec_shaped => structured["result"].clone(),
        Value::Null => serde_json::from_str(&text).unwrap_or(Value::Null),
        other => other,
    };
    let listed = output.get("decisions").or_else(|| output.get("items")).cloned().unwrap_or(Value::Null);
    let ids: Vec<Value> = listed.as_array().into_iter().flatten().map(|d| d["id"].clone()).collect();
    if let Value::Object(o) = &mut output {
        o.insert("ids".into(), Value::Array(ids));
    }
    json!({"is_error": is_error, "notes": pairs, "envelope": envelope, "output": output, "text": text})
}

async fn connect(server: &Value, modern: bool) -> RunningService<RoleClient, ()> {
    let name = server["name"].as_str().unwrap_or_default();
    let transport = TokioChildProcess::new(command(server)).unwrap_or_else(|e| panic!("{name} does not start: {e}"));
    let client = if modern {
        let lifecycle = ClientLifecycleMode::Auto {
            preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            legacy_version: Some(ProtocolVersion::V_2025_11_25),
        };
        serve_client_with_lifecycle((), transport, lifecycle).await
    } else {
        ().serve(transport).await
    };
    client.unwrap_or_else(|e| panic!("{name}: no MCP session over stdio: {e}"))
}

fn expected_in(case: &Value, got: &Value) -> Result<(), String> {
    let expect = &case["expect"];
    if got["is_error"] != expect["is_error"] {
        return Err(format!("is_error {} (want {})", got["is_error"], expect["is_error"]));
    }
    if let Some(notes) = expect.get("notes") {
        if got["notes"] != *notes {
            return Err(format!("notes {} (want {notes})", got["notes"]));
        }
    }
    if let Some(text) = expect.get("text") {
        // A handler that failed: its message, not an envelope.
        if got["text"] != *text {
            return Err(format!("text {} (want {text})", got["text"]));
        }
    }
    if let Some(env) = expect.get("envelope") {
        if got["envelope"]["code"] != env["code"] || got["envelope"]["issues"] != env["issues"] {
            return Err(format!("envelope {} (want {env})", got["envelope"]));
        }
    }
    if let Some(output) = expect.get("output").and_then(Value::as_object) {
        for (k, v) in output {
            if got["output"][k] != *v {
                return Err(format!("output.{k} {} (want {v})", got["output"][k]));
            }
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_server_answers_every_case_alike_over_stdio() {
    let cases = load("tests/conformance/cases.json");
    let cases = cases.as_array().expect("cases.json is an array").clone();
    let mut failures = Vec::new();
    let mut checked = 0;
    let mut modern_sessions = 0;
    for server in servers() {
        let name = server["name"].as_str().unwrap_or_default().to_owned();
        for modern in [true, false] {
            let client = connect(&server, modern).await;
            let negotiated = client.peer_info().map(|p| p.protocol_version.clone());
            let requires_result_type = negotiated.as_ref().is_some_and(|v| v.as_str() >= "2026-07-28");
            modern_sessions += usize::from(requires_result_type);
            let tools = client.list_all_tools().await.unwrap_or_else(|e| panic!("{name}: tools/list: {e}"));
            for tool in &tools {
                // The advertised schema is the lenient one: `limit` admits text.
                if tool.name == "search_decisions" {
                    let limit = serde_json::to_string(&tool.input_schema["properties"]["limit"]).unwrap_or_default();
                    if !limit.contains("\"string\"") {
                        failures.push(format!("{name}: the advertised `limit` takes no text: {limit}"));
                    }
                }
            }
            // The confirm token of the last preview, for arguments that say `$preview_token`.
            let mut token = Value::Null;
            for case in &cases {
                let listed = case["servers"].as_array().is_none_or(|s| s.iter().any(|n| n == "*" || *n == name));
                if !listed {
                    continue;
                }
                let Value::Object(mut args) = case["arguments"].clone() else { panic!("arguments are an object") };
                for value in args.values_mut().filter(|v| *v == "$preview_token") {
                    value.clone_from(&token);
                }
                let tool = case["tool"].as_str().unwrap_or_default().to_owned();
                let mut params = CallToolRequestParams::new(tool).with_arguments(args);
                params.request_state = case["request_state"].as_str().map(str::to_owned);
                let result = client.call_tool(params).await;
                let label = format!("{name} ({}) {}", if modern { "2026-07-28" } else { "legacy" }, case["name"]);
                match result {
                    Ok(result) => {
                        checked += 1;
                        if let Some(t) =
                            result.structured_content.as_ref().and_then(|s| s.pointer("/confirmation/confirm_token"))
                        {
                            token = t.clone();
                        }
                        // MCP 2026-07-28: a complete result says so (the rmcp server once sent none).
                        if requires_result_type && result.result_type != Some(ResultType::COMPLETE) {
                            failures.push(format!("{label}: resultType {:?} on 2026-07-28", result.result_type));
                        }
                        if let Err(why) = expected_in(case, &normalise(&result)) {
                            failures.push(format!("{label}: {why}"));
                        }
                    }
                    Err(e) => failures.push(format!("{label}: {e}")),
                }
            }
            let _ = client.cancel().await;
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
    assert!(checked >= 8, "only {checked} calls checked");
    assert!(modern_sessions > 0, "no server was spoken to on 2026-07-28");
}
