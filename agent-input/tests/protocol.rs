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
            Step::Get { .. } | Step::Reserve { .. } | Step::Put { .. } => step.clone().done_in(store),
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

/// A write tool with an idempotency key, and one call of it at [`NOW`].
fn payment() -> (Arc<ToolSpec>, Request) {
    let spec = ToolSpec::from_json(
        &json!({"name": "pay", "writes": true, "destructive": false, "idempotent": true, "properties": {
        "amount": {"kind": "number", "required": true}, "idempotency_key": {"required": true}}}),
    )
    .unwrap();
    let args = json!({"arguments": {"amount": "4 000", "idempotency_key": "pay-key-0001"}});
    (Arc::new(spec), Request::from_json(&args, &json!({"now": NOW})).unwrap())
}

/// The step after the store's steps of `call` are done against `store`, up to its run (or its
/// answer): `reserve` as the store does it, or, with `atomic` false, as a store of `get` and
/// `put` only answers it.
fn to_run(call: &mut Call, mut step: Step, store: &MemoryReceipts, atomic: bool) -> Step {
    loop {
        let outcome = match &step {
            Step::Get { tool, key } => Outcome::Stored(store.get(tool, key)),
            Step::Reserve { tool, key, receipt } if atomic => {
                Outcome::Stored(store.reserve(tool, key, receipt.clone()))
            }
            Step::Reserve { tool, key, .. } => Outcome::Unreserved(store.get(tool, key)),
            Step::Put { tool, key, receipt } => {
                store.put(tool, key, receipt.clone());
                Outcome::Nothing
            }
            _ => return step,
        };
        step = call.resume(outcome).unwrap();
    }
}

fn code_of(step: &Step) -> Value {
    match step {
        Step::Answer { result } => result["structuredContent"]["issues"][0]["code"].clone(),
        other => panic!("not an answer: {other:?}"),
    }
}

/// Two identical calls whose lookups both find nothing (they arrived together): the
/// reservation lets one run and answers the other `idempotency_key_in_flight`; a store of
/// `get` and `put` only lets both run, as its documentation says.
#[test]
fn two_calls_arriving_together_run_the_write_once() {
    let (spec, request) = payment();
    let store = MemoryReceipts::default();
    let (mut a, step_a) = Call::own(Arc::clone(&spec), None, &request);
    let (mut b, step_b) = Call::own(Arc::clone(&spec), None, &request);
    let (Step::Get { tool, key }, Step::Get { .. }) = (&step_a, &step_b) else { panic!("{step_a:?}") };
    let (found_a, found_b) = (store.get(tool, key), store.get(tool, key));
    let reserve_a = a.resume(Outcome::Stored(found_a)).unwrap();
    let reserve_b = b.resume(Outcome::Stored(found_b)).unwrap();
    assert!(matches!(reserve_a, Step::Reserve { .. }), "{reserve_a:?}");
    assert!(matches!(to_run(&mut a, reserve_a, &store, true), Step::Run { .. }));
    let refused = to_run(&mut b, reserve_b, &store, true);
    assert_eq!(code_of(&refused), "idempotency_key_in_flight");

    // Without `reserve`, the interleaving above runs both: the race the reservation closes.
    let plain = MemoryReceipts::default();
    let (mut a, step_a) = Call::own(Arc::clone(&spec), None, &request);
    let (mut b, step_b) = Call::own(Arc::clone(&spec), None, &request);
    let (Step::Get { tool, key }, Step::Get { .. }) = (&step_a, &step_b) else { panic!("{step_a:?}") };
    let (found_a, found_b) = (plain.get(tool, key), plain.get(tool, key));
    let (reserve_a, reserve_b) =
        (a.resume(Outcome::Stored(found_a)).unwrap(), b.resume(Outcome::Stored(found_b)).unwrap());
    assert!(matches!((&reserve_a, &reserve_b), (Step::Reserve { .. }, Step::Reserve { .. })));
    // Each store's `get` for its `Reserve` before either puts its mark.
    let put_a = a.resume(Outcome::Unreserved(plain.get(tool, key))).unwrap();
    let put_b = b.resume(Outcome::Unreserved(plain.get(tool, key))).unwrap();
    let ran_a = to_run(&mut a, put_a, &plain, false);
    let ran_b = to_run(&mut b, put_b, &plain, false);
    assert!(matches!((&ran_a, &ran_b), (Step::Run { .. }, Step::Run { .. })), "{ran_a:?} {ran_b:?}");
    // A later call through the same store finds the mark and does not run.
    let (mut c, step_c) = Call::own(Arc::clone(&spec), None, &request);
    assert_eq!(code_of(&to_run(&mut c, step_c, &plain, false)), "idempotency_key_in_flight");
}

/// A reservation that finds the write applied replays it; a store that answers a `Reserve`
/// with a receipt no longer live reserved nothing either, and the call does not run.
#[test]
fn a_reservation_that_finds_a_receipt_answers_from_it() {
    let (spec, request) = payment();
    let store = MemoryReceipts::default();
    let (mut first, step) = Call::own(Arc::clone(&spec), None, &request);
    let Step::Run { .. } = to_run(&mut first, step, &store, true) else { panic!("not run") };
    let Step::Put { tool, key, receipt } = first.resume(Outcome::Output(json!({"paid": 1}), Vec::new())).unwrap()
    else {
        panic!("no receipt")
    };
    store.put(&tool, &key, receipt.clone());
    // A call that looked before the first stored its receipt, and reserves after.
    let (mut late, _) = Call::own(Arc::clone(&spec), None, &request);
    let reserve = late.resume(Outcome::Stored(None)).unwrap();
    let replayed = to_run(&mut late, reserve, &store, true);
    let Step::Answer { result } = &replayed else { panic!("{replayed:?}") };
    assert_eq!(result["structuredContent"]["result"], json!({"paid": 1}), "{result}");
    // A store that gives back an expired receipt from `reserve`.
    let (mut odd, _) = Call::own(spec, None, &request);
    let Step::Reserve { .. } = odd.resume(Outcome::Stored(None)).unwrap() else { panic!("no reserve") };
    let mut expired = receipt;
    expired["expires_at"] = json!(NOW - 1);
    let answer = odd.resume(Outcome::Stored(Some(expired))).unwrap();
    assert!(matches!(answer, Step::Answer { .. }), "{answer:?}");
}

/// A store that cannot answer (its database unreachable) refuses the call with
/// `upstream_unavailable` and a retry time, at the lookup or at the reservation: the write
/// never runs unreserved.
#[test]
fn a_store_that_cannot_answer_is_upstream_unavailable_never_a_run() {
    let (spec, request) = payment();
    let down = agent_input::tool::store_unavailable("database is locked");
    for at_reserve in [false, true] {
        let (mut call, step) = Call::own(Arc::clone(&spec), None, &request);
        assert!(matches!(step, Step::Get { .. }));
        let step = if at_reserve {
            let reserve = call.resume(Outcome::Stored(None)).unwrap();
            assert!(matches!(reserve, Step::Reserve { .. }));
            call.resume(Outcome::Stored(Some(down.clone()))).unwrap()
        } else {
            call.resume(Outcome::Stored(Some(down.clone()))).unwrap()
        };
        let Step::Answer { result } = &step else { panic!("{step:?}") };
        assert_eq!(result["structuredContent"]["code"], "upstream_unavailable", "{result}");
        assert_eq!(result["structuredContent"]["retry_after_seconds"], agent_input::tool::STORE_RETRY_SECONDS);
    }
}

/// What a receipt keeps: a digest of each argument, never its value; a result over
/// `MAX_RECEIPT_RESULT_BYTES` as its size only, its replay saying the change was applied
/// without returning it.
#[test]
fn a_receipt_keeps_digests_and_a_huge_result_as_its_size() {
    let (spec, request) = payment();
    let store = MemoryReceipts::default();
    let (mut call, step) = Call::own(Arc::clone(&spec), None, &request);
    let Step::Run { .. } = to_run(&mut call, step, &store, true) else { panic!("not run") };
    let huge = json!({"report": "x".repeat(agent_input::limits::MAX_RECEIPT_RESULT_BYTES)});
    let Step::Put { tool, key, receipt } = call.resume(Outcome::Output(huge, Vec::new())).unwrap() else {
        panic!("no receipt")
    };
    assert!(receipt.get("result").is_none(), "the result is not kept");
    assert!(receipt["result_bytes"].as_u64().unwrap() > agent_input::limits::MAX_RECEIPT_RESULT_BYTES as u64);
    assert!(!receipt.to_string().contains("4000"), "no argument's value is kept: {receipt}");
    assert_eq!(receipt["args"]["amount"].as_str().map(str::len), Some(32), "a digest per argument");
    store.put(&tool, &key, receipt);
    let (mut retry, step) = Call::own(spec, None, &request);
    let replayed = to_run(&mut retry, step, &store, true);
    let Step::Answer { result } = &replayed else { panic!("{replayed:?}") };
    assert_eq!(result["structuredContent"]["result"], Value::Null);
    let note = &result["structuredContent"]["notes"].as_array().unwrap().last().unwrap()["message"];
    assert!(note.as_str().unwrap().contains("was not kept"), "{note}");
}

/// `values_in_text: false`: an envelope's text names no value; `structuredContent` keeps the
/// whole envelope, or `_meta` does when the tool's output schema keeps it out of
/// `structuredContent`. A server's own error result is left as it is.
#[test]
fn values_stay_out_of_the_text_when_asked() {
    let definition =
        json!({"name": "pay", "inputSchema": {"type": "object", "properties": {"amount": {"type": "number"}}}});
    let request = Request::from_json(&json!({"arguments": {"amount": "1,234"}}), &json!({"now": NOW})).unwrap();
    for output_schema in [false, true] {
        let lenient = Lenient::from_options(&json!({"values_in_text": false}), None).unwrap();
        let Listed::Read { spec, .. } = lenient.spec(&definition).unwrap() else { panic!("read") };
        let (_, step) = lenient.call(spec, output_schema, &request);
        let Step::Answer { result } = step else { panic!("an answer") };
        let text = result["content"][0]["text"].as_str().unwrap();
        assert!(!text.contains("1,234"), "{text}");
        let shown: Value = serde_json::from_str(text).unwrap();
        assert_eq!(shown["issues"], json!([{"path": "amount", "code": "ambiguous_decimal_separator"}]));
        assert_eq!(shown["hint"], agent_input::protocol::VALUES_OUT_OF_TEXT_HINT);
        let kept = if output_schema {
            &result["_meta"][agent_input::protocol::ENVELOPE_META]
        } else {
            &result["structuredContent"]
        };
        assert_eq!(kept["issues"][0]["received"], "1,234", "{result}");
        assert_eq!(kept["issues"][0]["readings"].as_array().unwrap().len(), 2);
    }
    // The server's own error, on a call that read, is its own.
    let lenient = Lenient::from_options(&json!({"values_in_text": false}), None).unwrap();
    let Listed::Read { spec, .. } = lenient.spec(&definition).unwrap() else { panic!("read") };
    let ok = Request::from_json(&json!({"arguments": {"amount": 5}}), &json!({"now": NOW})).unwrap();
    let (mut call, step) = lenient.call(spec, false, &ok);
    assert!(matches!(step, Step::Run { .. }));
    let own = json!({"content": [{"type": "text", "text": "{\"code\":\"invalid_arguments\",\"message\":\"no such payee 5\"}"}], "isError": true});
    let Step::Answer { result } = call.resume(Outcome::Result(own.clone())).unwrap() else { panic!("an answer") };
    assert_eq!(result, own);
    assert!(Lenient::from_options(&json!({"values_in_text": "no"}), None).is_err());
}

#[test]
fn a_deprecated_tool_is_listed_as_one_by_its_spec_its_overrides_or_its_schema() {
    use agent_input::tool::{Dialect, ToolSpec};
    let deprecated = json!({"removal": "2027-12-31", "replacement": "search_v2"});
    let said = "Deprecated: removed on 2027-12-31; call `search_v2` instead. Search the items.";
    let spec =
        ToolSpec::from_json(&json!({"name": "search", "description": "Search the items.", "deprecated": deprecated,
                                          "properties": {"query": {"kind": "text"}}}))
        .unwrap();
    let definition = spec.definition();
    assert_eq!(definition["description"], said);
    assert_eq!(definition["_meta"]["agent-input/deprecated"], deprecated);
    assert_eq!(spec.definition_for(Dialect::OpenaiStrict)["description"], said);
    // A drop-in's overrides, and a schema's own `x-agent-input`, deprecate a server's tool.
    let tool = json!({"name": "search", "description": "Search the items.", "_meta": {"other": 1},
                      "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}}});
    let by_overrides = Lenient::from_options(&json!({"tools": {"search": {"deprecated": deprecated}}}), None).unwrap();
    let mut marked = tool.clone();
    marked["inputSchema"]["x-agent-input"] = json!({"deprecated": deprecated});
    for (lenient, listed) in [(by_overrides, tool.clone()), (Lenient::new(), marked)] {
        let (out, _) = lenient.list(&json!({"tools": [listed]})).unwrap();
        let listed = &out["tools"][0];
        assert_eq!(listed["description"], said, "{listed}");
        assert_eq!(listed["_meta"], json!({"other": 1, "agent-input/deprecated": deprecated}), "{listed}");
    }
    // A spec that says it wrong is the programmer's error.
    let bad = ToolSpec::from_json(&json!({"name": "search", "deprecated": {"removal": "soon"}}));
    assert!(bad.unwrap_err().to_string().contains("`deprecated` of tool `search` has the removal date `soon`"));
}
