//! The call protocol (`tests/vectors/protocol/`): each case's calls run through
//! [`agent_input::protocol`] step by step, the store's steps done against one fresh
//! [`MemoryReceipts`] per case, and the whole list of steps compared. Python and JavaScript run
//! the same files through their bindings. `AGENT_INPUT_BLESS=1` writes what the core computes
//! into the files' `expect`, to add cases.

mod common;

use std::sync::Arc;

use agent_input::cursor::CursorCodec;
use agent_input::protocol::{Call, Lenient, Listed, Outcome, Request, Step, STATE_PREFIX};
use agent_input::tool::{MemoryReceipts, ReceiptStore, ToolSpec};
use serde_json::{json, Value};

/// The `now` of a call whose context does not fix one.
const NOW: u64 = 1_800_000_000;

fn bless() -> bool {
    std::env::var_os("AGENT_INPUT_BLESS").is_some()
}

/// A state this protocol issued, as the files spell it: sealed states differ at each run.
fn normalised(value: Value) -> Value {
    match value {
        Value::String(s) if s.starts_with(STATE_PREFIX) => Value::String("$state".into()),
        Value::Array(items) => Value::Array(items.into_iter().map(normalised).collect()),
        Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, normalised(v))).collect()),
        other => other,
    }
}

/// The steps of one call of the file's tool.
fn run_call(tool: &Value, call: &Value, store: &MemoryReceipts, codec: &CursorCodec, state: &mut String) -> Vec<Value> {
    let mut context = call.get("context").cloned().unwrap_or_else(|| json!({}));
    if context.get("now").is_none() {
        context["now"] = json!(NOW);
    }
    let mut params = call.get("params").cloned().unwrap_or_else(|| json!({}));
    if params.get("requestState").is_some_and(|s| s == "$state") {
        // The state the case's last question issued.
        params["requestState"] = json!(state);
    }
    let request = Request::from_json(&params, &context).unwrap();
    let (mut machine, mut step) = if let Some(spec) = tool.get("spec") {
        let spec = ToolSpec::from_json_with_codec(spec, codec).unwrap();
        Call::own(Arc::new(spec), Some(codec), &request)
    } else {
        let lenient = Lenient::from_options(&tool["options"], Some(codec.clone())).unwrap();
        match lenient.spec(&tool["definition"]).unwrap() {
            Listed::Read { spec, output_schema } => lenient.call(spec, output_schema, &request),
            Listed::Left | Listed::AsDeclared(_) => return vec![json!({"step": "pass"})],
        }
    };
    let mut steps = Vec::new();
    loop {
        if let Step::Answer { result } = &step {
            if let Some(issued) = result.get("requestState").and_then(Value::as_str) {
                state.clone_from(&issued.to_owned());
            }
        }
        steps.push(normalised(serde_json::to_value(&step).unwrap()));
        let outcome = match &step {
            Step::Answer { .. } | Step::Pass | Step::Done => return steps,
            Step::Get { tool, key } => Outcome::Stored(store.get(tool, key)),
            Step::Put { tool, key, receipt } => {
                store.put(tool, key, receipt.clone());
                Outcome::Nothing
            }
            Step::Run { .. } => Outcome::from_json(&call["ran"]).unwrap_or_else(|e| panic!("{e}: {call}")),
        };
        step = machine.resume(outcome).unwrap();
    }
}

#[test]
fn every_protocol_vector_steps_as_expected() {
    let codec = CursorCodec::new(common::VECTOR_KEY.as_bytes()).unwrap();
    let dir = common::vectors_dir().join("protocol");
    let mut failures = Vec::new();
    let mut n = 0;
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files.iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
        let mut doc: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        let file = path.file_stem().unwrap().to_string_lossy().into_owned();
        let cases = doc["cases"].as_array().unwrap().clone();
        for (i, case) in cases.iter().enumerate() {
            assert!(case["comment"].is_string(), "protocol/{file}/{}: a case needs a comment", case["name"]);
            let store = MemoryReceipts::default();
            let mut state = String::new();
            for (j, call) in case["calls"].as_array().unwrap().iter().enumerate() {
                n += 1;
                let got = Value::Array(run_call(&doc["tool"], call, &store, &codec, &mut state));
                if bless() {
                    doc["cases"][i]["calls"][j]["expect"] = got;
                } else if call["expect"] != got {
                    failures.push(format!(
                        "protocol/{file}/{}/{j}:\n  expect: {}\n  got:    {got}",
                        case["name"], call["expect"]
                    ));
                }
            }
        }
        if bless() {
            std::fs::write(path, format!("{}\n", serde_json::to_string_pretty(&doc).unwrap())).unwrap();
        }
    }
    assert!(n >= 20, "only {n} protocol calls");
    assert!(failures.is_empty(), "{} protocol calls failed:\n{}", failures.len(), failures.join("\n"));
}

/// An outcome the step did not ask for is the adapter's error, typed, never a panic.
#[test]
fn an_outcome_out_of_turn_is_a_typed_error() {
    let spec = Arc::new(ToolSpec::from_json(&json!({"name": "t", "properties": {"limit": {}}})).unwrap());
    let request = Request::from_json(&json!({"arguments": {"limit": "4 000"}}), &json!({})).unwrap();
    let (mut call, step) = Call::own(spec, None, &request);
    assert!(matches!(step, Step::Run { .. }), "{step:?}");
    assert!(call.resume(Outcome::Result(json!({"content": []}))).is_err());
    let answer = call.resume(Outcome::Output(json!({"hits": 0}), Vec::new())).unwrap();
    let Step::Answer { result } = answer else { panic!("{answer:?}") };
    assert_eq!(result["structuredContent"]["result"], json!({"hits": 0}));
    assert!(call.resume(Outcome::Nothing).is_err(), "the call is over");
    assert!(Request::from_json(&json!({}), &json!({"today": "2026-1-1"})).is_err());
    assert!(Outcome::from_json(&json!({"what": 1})).is_err());
}
