//! Loading the shared vectors (`tests/vectors/*.json`; the format is in `tests/vectors/README.md`).

#![allow(dead_code, reason = "each test binary uses part of this module")]

use std::path::PathBuf;

use agent_input::Outcome;
use serde_json::Value;

/// One vector case.
#[derive(Clone)]
pub struct Case {
    pub file: String,
    pub name: String,
    pub kind: String,
    pub input: Option<Value>,
    pub options: Value,
    pub expect: Value,
}

pub fn vectors_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors")
}

/// Every case of every kind file (`<kind>.json`; `batch.json` and `tools/` have their own shapes).
pub fn cases() -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(vectors_dir())
        .expect("tests/vectors exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .filter(|p| p.file_stem().is_some_and(|s| s.to_str().is_some_and(|s| s.parse::<agent_input::Kind>().is_ok())))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let file = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let cases: Vec<Value> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}.json: {e}"));
        let mut names = std::collections::HashSet::new();
        for case in cases {
            let name = case["name"].as_str().unwrap_or_else(|| panic!("{file}.json: a case has no name")).to_owned();
            assert!(names.insert(name.clone()), "{file}.json: duplicate name {name}");
            let object = case.as_object().unwrap();
            for key in object.keys() {
                assert!(
                    ["name", "comment", "kind", "input", "options", "expect"].contains(&key.as_str()),
                    "{file}.json/{name}: unknown key {key}"
                );
            }
            out.push(Case {
                file: file.clone(),
                kind: case["kind"].as_str().unwrap().to_owned(),
                input: object.get("input").cloned(),
                options: object.get("options").cloned().unwrap_or(Value::Null),
                expect: case["expect"].clone(),
                name,
            });
        }
    }
    out
}

/// The key the cursor vectors were issued with (`tests/vectors/README.md`).
pub const VECTOR_KEY_ENV: &str = "AGENT_INPUT_VECTOR_KEY";
pub const VECTOR_KEY: &str = "agent-input shared vector key, not a secret";

/// Sets the cursor vectors' key once, before any read.
pub fn set_vector_key() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::env::set_var(VECTOR_KEY_ENV, VECTOR_KEY));
}

/// Runs one case through the generic door.
pub fn run(case: &Case) -> Outcome<Value> {
    set_vector_key();
    let kind = case.kind.parse().unwrap_or_else(|e| panic!("{}/{}: {e}", case.file, case.name));
    agent_input::read(kind, case.input.as_ref().into(), &case.options)
        .unwrap_or_else(|e| panic!("{}/{}: {e}", case.file, case.name))
}

/// One batch-line case of `tests/vectors/batch.json`.
pub struct LineCase {
    pub name: String,
    pub line: String,
    pub expect: Value,
}

pub fn line_cases() -> Vec<LineCase> {
    let text = std::fs::read_to_string(vectors_dir().join("batch.json")).expect("tests/vectors/batch.json");
    let cases: Vec<Value> = serde_json::from_str(&text).expect("batch.json parses");
    cases
        .into_iter()
        .map(|c| LineCase {
            name: c["name"].as_str().unwrap().to_owned(),
            line: c["line"].as_str().unwrap().to_owned(),
            expect: c["expect"].clone(),
        })
        .collect()
}

/// One case of `tests/vectors/helpers.json`: a helper function's arguments and its result.
pub struct HelperCase {
    pub name: String,
    pub helper: String,
    pub args: Value,
    pub expect: Value,
}

pub fn helper_cases() -> Vec<HelperCase> {
    let text = std::fs::read_to_string(vectors_dir().join("helpers.json")).expect("tests/vectors/helpers.json");
    let cases: Vec<Value> = serde_json::from_str(&text).expect("helpers.json parses");
    cases
        .into_iter()
        .map(|c| HelperCase {
            name: c["name"].as_str().unwrap().to_owned(),
            helper: c["helper"].as_str().unwrap().to_owned(),
            args: c["args"].clone(),
            expect: c["expect"].clone(),
        })
        .collect()
}

/// Runs one helper case.
pub fn run_helper(case: &HelperCase) -> Value {
    match case.helper.as_str() {
        "no_hits_filtered" => {
            let would: Vec<Value> = case.args["would_match"].as_array().cloned().unwrap_or_default();
            let w = agent_input::vocabulary::no_hits_filtered(
                case.args["property"].as_str().unwrap(),
                &case.args["filter"],
                &would,
            );
            serde_json::to_value(w).unwrap()
        }
        other => panic!("helpers/{}: unknown helper {other}", case.name),
    }
}

/// One tool vector file: the spec and its cases `(name, args, expect)`.
pub struct ToolFile {
    pub file: String,
    pub spec: Value,
    /// Cases whose arguments are JSON (`args`): `(name, args, expect)`.
    pub cases: Vec<(String, Value, Value)>,
    /// Cases whose arguments are the raw text of the body (`args_text`), read with
    /// `ToolSpec::read_json`: `(name, text, expect)`.
    pub texts: Vec<(String, String, Value)>,
    /// Cases that ask a person (`now`): the question and, with `answers`, the retry.
    pub questions: Vec<QuestionCase>,
}

/// A tool case about asking a person: `ToolSpec::ask_person` at `now` gives `question`; the
/// retry with `answers` (`input_responses`, and `request_state`, or the question's own when it
/// is absent) gives `answered`.
pub struct QuestionCase {
    pub name: String,
    pub args: Value,
    pub now: u64,
    pub question: Value,
    pub answers: Option<Value>,
    pub answered: Value,
}

impl QuestionCase {
    /// `(question, answered)` as the core computes them, with the vector key.
    pub fn run(&self, spec: &agent_input::tool::ToolSpec) -> (Value, Value) {
        let codec = agent_input::cursor::CursorCodec::new(VECTOR_KEY.as_bytes()).expect("the vector key");
        let call = spec.read(&self.args);
        let question = spec.ask_person(&call, &self.args, &codec, self.now).unwrap_or(Value::Null);
        let answered = match &self.answers {
            None => Value::Null,
            Some(a) => {
                let state = a
                    .get("request_state")
                    .and_then(Value::as_str)
                    .or_else(|| question.get("requestState").and_then(Value::as_str))
                    .unwrap_or_default();
                let responses = a.get("input_responses").cloned().unwrap_or(Value::Null);
                spec.read_answers(&self.args, &responses, state, &codec, self.now).to_json()
            }
        };
        (question, answered)
    }
}

/// The JSON files of `tests/vectors/<sub>/`, in name order.
fn json_files(sub: &str) -> Vec<PathBuf> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(vectors_dir().join(sub))
        .unwrap_or_else(|e| panic!("tests/vectors/{sub}: {e}"))
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    paths
}

pub fn tool_files() -> Vec<ToolFile> {
    set_vector_key();
    json_files("tools")
        .into_iter()
        .map(|path| {
            let file = path.file_stem().unwrap().to_string_lossy().into_owned();
            let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let mut names = std::collections::HashSet::new();
            let (mut cases, mut texts, mut questions) = (Vec::new(), Vec::new(), Vec::new());
            for c in doc["cases"].as_array().unwrap_or_else(|| panic!("tools/{file}.json has no cases")) {
                let name = c["name"].as_str().unwrap().to_owned();
                assert!(names.insert(name.clone()), "tools/{file}.json: duplicate name {name}");
                if let Some(now) = c.get("now").and_then(Value::as_u64) {
                    questions.push(QuestionCase {
                        name: name.clone(),
                        args: c.get("args").cloned().unwrap_or(Value::Null),
                        now,
                        question: c.get("question").cloned().unwrap_or(Value::Null),
                        answers: c.get("answers").cloned(),
                        answered: c.get("answered").cloned().unwrap_or(Value::Null),
                    });
                }
                match c.get("args_text").and_then(Value::as_str) {
                    Some(text) => texts.push((name, text.to_owned(), c["expect"].clone())),
                    None => cases.push((name, c.get("args").cloned().unwrap_or(Value::Null), c["expect"].clone())),
                }
            }
            ToolFile { file, spec: doc["spec"].clone(), cases, texts, questions }
        })
        .collect()
}

/// Every outcome the vectors produce, with where it came from, in file order.
pub fn all_outcomes() -> Vec<(String, Value, Option<Value>)> {
    let mut out: Vec<(String, Value, Option<Value>)> = cases()
        .iter()
        .map(|c| (format!("{}/{}", c.file, c.name), run(c).to_json(), Some(c.input.clone().unwrap_or(Value::Null))))
        .collect();
    out.extend(
        line_cases()
            .into_iter()
            .map(|c| (format!("batch/{}", c.name), agent_input::batch::read_line(&c.line).to_json(), None)),
    );
    out.extend(
        helper_cases().iter().map(|c| {
            (format!("helpers/{}", c.name), serde_json::json!({"notes": [], "warnings": [run_helper(c)]}), None)
        }),
    );
    for file in tool_files() {
        let spec = agent_input::tool::ToolSpec::from_json(&file.spec).unwrap();
        for (name, args, _) in file.cases {
            out.push((format!("tools/{}/{name}", file.file), spec.read(&args).to_json(), None));
        }
        for (name, text, _) in file.texts {
            out.push((format!("tools/{}/{name}", file.file), spec.read_json(text.as_bytes()).to_json(), None));
        }
        for q in &file.questions {
            let (_, answered) = q.run(&spec);
            if !answered.is_null() {
                out.push((format!("tools/{}/{}/answered", file.file, q.name), answered, None));
            }
        }
    }
    for file in contract_files() {
        let spec = agent_input::tool::ToolSpec::from_json(&file.spec).unwrap();
        for (name, steps) in &file.cases {
            for (i, step) in run_contract_case(&spec, steps).iter().enumerate() {
                out.push((format!("contract/{}/{name}/{i}", file.file), contract_outcome(step), None));
            }
        }
    }
    out.extend(protocol_envelopes());
    out
}

/// The envelopes the protocol vectors' calls answer (`tests/protocol.rs` checks each answer is
/// the one the core computes), as error outcomes: the protocol's own codes (`tool_retired`).
fn protocol_envelopes() -> Vec<(String, Value, Option<Value>)> {
    let mut out = Vec::new();
    let mut files: Vec<_> =
        std::fs::read_dir(vectors_dir().join("protocol")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files {
        let file: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        for case in file["cases"].as_array().into_iter().flatten() {
            let calls = case["calls"].as_array().into_iter().flatten();
            let answers =
                calls.flat_map(|c| c["expect"].as_array().into_iter().flatten()).filter(|s| s["step"] == "answer");
            for (i, answer) in answers.enumerate() {
                let text = answer.pointer("/result/content/0/text").and_then(Value::as_str).unwrap_or_default();
                let Ok(envelope) = serde_json::from_str::<Value>(text) else { continue };
                if answer["result"]["isError"] == true && envelope["code"].is_string() {
                    let mut outcome = envelope;
                    outcome["status"] = Value::String("error".into());
                    out.push((
                        format!("protocol/{stem}/{}/{i}", case["name"].as_str().unwrap_or_default()),
                        outcome,
                        None,
                    ));
                }
            }
        }
    }
    out
}

/// Valid options for every kind, for tests that range over all kinds.
pub fn sample_options(kind: agent_input::Kind) -> Value {
    set_vector_key();
    match kind {
        agent_input::Kind::Enum => serde_json::json!({"values": ["a", "b", "date_desc"]}),
        agent_input::Kind::Cursor => serde_json::json!({"key_env": VECTOR_KEY_ENV}),
        agent_input::Kind::Vocabulary => serde_json::json!({"entries": [
            {"id": "NS", "names": ["Nejvyšší soud", "Supreme Court"]},
            {"id": "NSS", "names": ["Nejvyšší správní soud", "Supreme Administrative Court"]}
        ]}),
        _ => serde_json::json!({}),
    }
}

/// One file of `tests/vectors/contract/` (not `page.json`): a spec and cases of steps.
pub struct ContractFile {
    pub file: String,
    pub spec: Value,
    /// `(name, steps)`.
    pub cases: Vec<(String, Vec<Value>)>,
}

/// Every contract file, in name order.
pub fn contract_files() -> Vec<ContractFile> {
    json_files("contract")
        .into_iter()
        .filter(|p| !p.ends_with("page.json"))
        .map(|path| {
            let file = path.file_stem().unwrap().to_string_lossy().into_owned();
            let doc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let cases = doc["cases"]
                .as_array()
                .unwrap_or_else(|| panic!("contract/{file}.json has no cases"))
                .iter()
                .map(|c| (c["name"].as_str().unwrap().to_owned(), c["steps"].as_array().unwrap().clone()))
                .collect();
            ContractFile { file, spec: doc["spec"].clone(), cases }
        })
        .collect()
}

/// The string a step's arguments use for the `confirm_token` of the case's last preview.
pub const PREVIEW_TOKEN: &str = "$preview_token";

/// `args` with every string `$preview_token` replaced by `token`.
pub fn with_token(args: &Value, token: &str) -> Value {
    match args {
        Value::String(s) if s == PREVIEW_TOKEN => Value::String(token.to_owned()),
        Value::Object(o) => Value::Object(o.iter().map(|(k, v)| (k.clone(), with_token(v, token))).collect()),
        other => other.clone(),
    }
}

/// Runs a case's steps as a server glue does, against a fresh in-memory receipt store and the
/// vector key: each step's `{"ran", "handler_args"?, "result"}`.
pub fn run_contract_case(spec: &agent_input::tool::ToolSpec, steps: &[Value]) -> Vec<Value> {
    use agent_input::tool::{Failure, Gate, MemoryReceipts, ReceiptStore};
    let codec = agent_input::cursor::CursorCodec::new(VECTOR_KEY.as_bytes()).expect("the vector key");
    let store = MemoryReceipts::default();
    let mut token = String::new();
    let mut out = Vec::new();
    for step in steps {
        let now = step["now"].as_u64().expect("a step has `now`");
        let args = with_token(step.get("args").unwrap_or(&Value::Null), &token);
        let call = spec.read(&args);
        let stored = spec.receipt_key(&call).and_then(|k| store.get(spec.name(), &k));
        let gate = spec.gate(&call, stored.as_ref(), Some(&codec), now).expect("the spec's gate");
        let run = match gate {
            Gate::Answer { result } => {
                out.push(serde_json::json!({"ran": false, "result": result}));
                continue;
            }
            Gate::Run(run) => run,
        };
        if let Some(p) = &run.receipt {
            store.put(spec.name(), &p.key, p.in_flight.clone());
        }
        if step.get("holds") == Some(&Value::Bool(true)) {
            // The handler is still running when the next step arrives.
            out.push(serde_json::json!({"ran": true, "handler_args": run.args, "held": true}));
            continue;
        }
        let result = if let Some(failure) = step.get("failure") {
            let failure: Failure = serde_json::from_value(failure.clone()).expect("a failure");
            if let Some(p) = &run.receipt {
                store.put(spec.name(), &p.key, p.release.clone());
            }
            spec.failure_result(&failure)
        } else {
            let finished = spec.finish(&call, &run, step.get("output").unwrap_or(&Value::Null), now);
            if let (Some(key), Some(receipt)) = (&finished.key, &finished.receipt) {
                store.put(spec.name(), key, receipt.clone());
            }
            finished.result
        };
        if let Some(t) = result["structuredContent"]["confirmation"]["confirm_token"].as_str() {
            token = t.to_owned();
        }
        out.push(serde_json::json!({"ran": true, "handler_args": run.args, "result": result}));
    }
    out
}

/// What the census reads of a step's result: its notes, warnings, issues and envelope code.
pub fn contract_outcome(step: &Value) -> Value {
    let s = &step["result"]["structuredContent"];
    if step["result"]["isError"] == true {
        serde_json::json!({"status": "error", "code": s["code"], "message": s["message"], "issues": s["issues"],
                           "notes": [], "warnings": []})
    } else {
        serde_json::json!({"notes": s["notes"], "warnings": s["warnings"]})
    }
}

/// The arguments and the notes' (path, code) of a call that reads; panics with the envelope of
/// one that asks.
pub fn read_call(spec: &agent_input::tool::ToolSpec, args: &Value) -> (Value, Vec<(String, String)>) {
    match spec.read(args) {
        agent_input::tool::ToolCall::Ok { args, notes, .. } => {
            let notes =
                notes.iter().map(|n| (n.path.clone().unwrap_or_default(), <&str>::from(n.code).to_owned())).collect();
            (args, notes)
        }
        call @ agent_input::tool::ToolCall::Error { .. } => panic!("asked: {}", call.to_json()),
    }
}

/// True when `AGENT_INPUT_BLESS` is set: a generated file a test finds stale is rewritten and the
/// test passes.
pub fn blessing() -> bool {
    std::env::var_os("AGENT_INPUT_BLESS").is_some()
}

/// Whether the generated file at `path` holds `rendered`. A stale one is rewritten when blessing
/// or off CI (the test then fails once, so the change is seen and committed); on CI it is left.
pub fn generated_fresh(path: &std::path::Path, rendered: &str) -> bool {
    let committed = std::fs::read_to_string(path).unwrap_or_default().replace("\r\n", "\n");
    if committed == rendered {
        return true;
    }
    if blessing() || std::env::var_os("CI").is_none() {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).expect("the generated file's folder");
        }
        std::fs::write(path, rendered).expect("write the generated file");
    }
    false
}
