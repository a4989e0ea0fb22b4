//! `agent-input eval` over real stdio against `tests/servers/eval.json` (served by
//! `fixture_server.py`): each score (ok, recovered, asked, failed), the replay model's first
//! reading, a recorded retry, `$prev` substitution, `check`, a model command
//! (`examples/eval/replay_model.py`), the baseline table and its regression exit, the run file
//! with every refused payload, and misuse.

use std::path::PathBuf;
use std::process::{Command, Output};

use serde_json::{json, Value};

fn servers() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/servers")
}

const SERVER: &str = "python3 fixture_server.py eval.json";

struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = std::env::temp_dir().join(format!("agent-input-eval-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn write(&self, name: &str, lines: &[Value]) -> String {
        let text: Vec<String> = lines.iter().map(Value::to_string).collect();
        let path = self.0.join(name);
        std::fs::write(&path, text.join("\n") + "\n").unwrap();
        path.to_str().unwrap().to_string()
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn eval(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_agent-input")).arg("eval").args(args).current_dir(servers()).output().unwrap()
}

fn eval_json(scenarios: &str, extra: &[&str]) -> (Value, i32) {
    let mut args = vec!["--server", SERVER, "--scenarios", scenarios, "--format", "json"];
    args.extend_from_slice(extra);
    let out = eval(&args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let run = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}; stderr: {stderr}"));
    (run, out.status.code().unwrap_or(-1))
}

fn step<'a>(run: &'a Value, scenario: &str, n: usize) -> &'a Value {
    let s = run["scenarios"].as_array().unwrap().iter().find(|s| s["name"] == scenario).unwrap();
    &s["steps"][n]
}

fn recorded() -> Vec<Value> {
    vec![
        json!({"name": "plain", "steps": [{"tool": "search_cases", "arguments": {"query": "rent"}}]}),
        json!({"name": "ambiguous date", "steps": [{"tool": "search_cases", "arguments": {"query": "rent", "date_to": "01/02/2027"}}]}),
        json!({"name": "invented id", "steps": [{"tool": "update_case_notes", "arguments": {"case_id": "00000000-0000-0000-0000-000000000000", "notes": "x"}}]}),
        json!({"name": "strict refusal", "steps": [{"tool": "strict_search", "arguments": {"q": "rent"}}]}),
        json!({"name": "recorded retry", "steps": [{"tool": "update_case_notes", "arguments": {"case_id": "00000000-0000-0000-0000-000000000000"}, "retry": {"case_id": "5d7c2a9e-8b1f-4c3d-a6e2-71f0b9d4c802"}}]}),
        json!({"name": "chained", "steps": [
            {"tool": "search_cases", "arguments": {"query": "rent", "cursor": "c2"}},
            {"tool": "search_cases", "arguments": {"query": "$prev.query", "cursor": "$prev.cursor"}, "check": {"/cursor": "c2"}}]}),
        json!({"name": "check fails", "steps": [{"tool": "search_cases", "arguments": {"query": "rent"}, "check": {"/query": "lease"}}]}),
    ]
}

#[test]
fn each_step_is_scored_and_every_refused_payload_kept() {
    let dir = Dir::new("scores");
    let scenarios = dir.write("scenarios.jsonl", &recorded());
    let (run, status) = eval_json(&scenarios, &["--fail-on", "never", "--output", &dir.path("run.json")]);
    assert_eq!(status, 0);
    assert_eq!(run["protocol"], "2026-07-28");
    assert_eq!(step(&run, "plain", 0)["outcome"], "ok");
    // The replay model takes the ask's first reading, at the path.
    let date = step(&run, "ambiguous date", 0);
    assert_eq!(date["outcome"], "recovered");
    assert_eq!(date["attempts"][1]["arguments"], json!({"query": "rent", "date_to": "2027-02-01"}));
    assert_eq!(date["attempts"][0]["codes"], json!(["ambiguous_arguments", "ambiguous_value"]));
    // An ask with no reading to take, and nothing recorded: asked.
    assert_eq!(step(&run, "invented id", 0)["outcome"], "asked");
    assert_eq!(step(&run, "invented id", 0)["attempts"].as_array().unwrap().len(), 1);
    // Prose refusal, no reading: failed, its payload and answer kept.
    let strict = step(&run, "strict refusal", 0);
    assert_eq!(strict["outcome"], "failed");
    assert_eq!(strict["attempts"][0]["arguments"], json!({"q": "rent"}));
    assert_eq!(strict["attempts"][0]["codes"], json!(["prose_error"]));
    // The recorded retry is the model's second attempt.
    let retried = step(&run, "recorded retry", 0);
    assert_eq!(retried["outcome"], "recovered");
    assert_eq!(retried["attempts"][1]["arguments"]["case_id"], "5d7c2a9e-8b1f-4c3d-a6e2-71f0b9d4c802");
    // `$prev.x` reads the previous step's structured result; `check` holds there.
    assert_eq!(step(&run, "chained", 1)["attempts"][0]["arguments"], json!({"query": "rent", "cursor": "c2"}));
    assert_eq!(step(&run, "chained", 1)["outcome"], "ok");
    // A call that ran and answered something else than the check wants is failed.
    assert_eq!(step(&run, "check fails", 0)["outcome"], "failed");
    assert_eq!(run["summary"], json!({"ok": 3, "recovered": 2, "asked": 1, "failed": 2, "steps": 8}));
    // The run file is the same run.
    let saved: Value = serde_json::from_str(&std::fs::read_to_string(dir.path("run.json")).unwrap()).unwrap();
    assert_eq!(saved, run);
}

#[test]
fn fail_on_sets_the_exit_status() {
    let dir = Dir::new("fail-on");
    let scenarios = dir.write("scenarios.jsonl", &recorded()[..3]);
    assert_eq!(eval_json(&scenarios, &[]).1, 0, "ok, recovered and asked do not fail by default");
    assert_eq!(eval_json(&scenarios, &["--fail-on", "asked"]).1, 1);
    let failing = dir.write("failing.jsonl", &recorded()[3..4]);
    assert_eq!(eval_json(&failing, &[]).1, 1);
    assert_eq!(eval_json(&failing, &["--fail-on", "never"]).1, 0);
}

#[test]
fn a_model_command_plays_and_its_retry_belongs_to_the_step() {
    let dir = Dir::new("model");
    let model = format!(
        "python3 {}",
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/eval/replay_model.py").display()
    );
    let scenario = json!({"name": "played", "model": model, "goal": "find rent cases", "calls": [
        {"tool": "search_cases", "arguments": {"query": "rent"}},
        {"tool": "search_cases", "arguments": {"query": "rent", "date_to": "01/02/2027"}},
        {"tool": "strict_search", "arguments": {"q": "rent"}},
    ]});
    let scenarios = dir.write("scenarios.jsonl", &[scenario]);
    let (run, _) = eval_json(&scenarios, &["--fail-on", "never"]);
    let steps = run["scenarios"][0]["steps"].as_array().unwrap();
    let outcomes: Vec<&str> = steps.iter().map(|s| s["outcome"].as_str().unwrap()).collect();
    assert_eq!(outcomes, ["ok", "recovered", "failed"], "{run:#}");
    assert_eq!(steps[1]["attempts"][1]["arguments"]["date_to"], "2027-02-01");
}

#[test]
fn a_baseline_prints_before_and_after_and_a_worse_step_fails() {
    let dir = Dir::new("baseline");
    let scenarios = dir.write("scenarios.jsonl", &recorded()[..3]);
    let (mut before, _) = eval_json(&scenarios, &["--output", &dir.path("before.json")]);
    let out = eval(&["--server", SERVER, "--scenarios", &scenarios, "--baseline", &dir.path("before.json")]);
    assert_eq!(out.status.code(), Some(0));
    let table = String::from_utf8(out.stdout).unwrap();
    assert!(table.contains("before     after"), "{table}");
    assert!(table.contains("recovered  recovered"), "{table}");
    assert!(table.contains("before: 1 ok, 1 recovered, 1 asked, 0 failed of 3 steps"), "{table}");
    assert!(table.contains("after:  1 ok, 1 recovered, 1 asked, 0 failed of 3 steps"), "{table}");
    // A baseline in which the ambiguous date ran at once: this run is worse there.
    before["scenarios"][1]["steps"][0]["outcome"] = json!("ok");
    std::fs::write(dir.path("better.json"), before.to_string()).unwrap();
    let out = eval(&["--server", SERVER, "--scenarios", &scenarios, "--baseline", &dir.path("better.json")]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stdout).unwrap().contains("ok         recovered"));
}

#[test]
fn misuse_and_unreachable_servers_have_their_own_exits() {
    let dir = Dir::new("misuse");
    let no_name = dir.write("a.jsonl", &[json!({"steps": []})]);
    let out = eval(&["--server", SERVER, "--scenarios", &no_name]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a `name` and either `steps` or `model`"));
    let bad_step = dir.write("b.jsonl", &[json!({"name": "x", "steps": [{"tool": "search_cases"}]})]);
    assert_eq!(eval(&["--server", SERVER, "--scenarios", &bad_step]).status.code(), Some(2));
    let good = dir.write("c.jsonl", &recorded()[..1]);
    assert_eq!(eval(&["--server", SERVER, "--scenarios", &good, "--fail-on", "sometimes"]).status.code(), Some(2));
    let out = eval(&["--server", "exit 1", "--scenarios", &good]);
    assert_eq!(out.status.code(), Some(4));
}
