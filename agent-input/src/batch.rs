//! Batch requests: one JSON line `{"kind": ..., "input": ..., "options": {...}}` per read.
//!
//! [`read_line`] never fails: a line that is not a valid request reads as an ask with code
//! `invalid_request`, so a batch prints exactly one outcome per input line, in order.

use serde_json::Value;

use crate::codes::AskCode;
use crate::input::Input;
use crate::kind::{Kind, Spec};
use crate::limits::MAX_BATCH_LINE_BYTES;
use crate::outcome::{Ask, Outcome};

/// The keys a request line may have.
const KEYS: &[&str] = &["kind", "input", "options"];

/// Reads one request line. A malformed line gives an `invalid_request` ask.
///
/// # Example
/// ```
/// let out = agent_input::batch::read_line(r#"{"kind": "number", "input": "4 000"}"#);
/// assert_eq!(out.to_json()["value"], serde_json::json!(4000));
/// let bad = agent_input::batch::read_line("{not json");
/// assert_eq!(bad.to_json()["ask"]["code"], "invalid_request");
/// ```
pub fn read_line(line: &str) -> Outcome<Value> {
    if line.len() > MAX_BATCH_LINE_BYTES {
        let received = Value::String(format!("({} bytes)", line.len()));
        return invalid(
            &received,
            &format!("the line has {} bytes, more than the bound {MAX_BATCH_LINE_BYTES}", line.len()),
        );
    }
    let request: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => return invalid(&Value::String(line.to_owned()), &format!("the line is not JSON ({e})")),
    };
    let Some(object) = request.as_object() else {
        return invalid(&request, "the line is not a JSON object");
    };
    if let Some(unknown) = object.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return invalid(&request, &format!("unknown key `{unknown}`, expected `kind`, `input` and `options`"));
    }
    let Some(kind_name) = object.get("kind").and_then(Value::as_str) else {
        return invalid(&request, "the line has no string `kind`");
    };
    let kind: Kind = match kind_name.parse() {
        Ok(k) => k,
        Err(e) => return invalid(&request, &e.to_string()),
    };
    let options = object.get("options").unwrap_or(&Value::Null);
    match Spec::new(kind, options) {
        Ok(spec) => spec.read(Input::from(object.get("input"))),
        Err(e) => invalid(&request, &e.to_string()),
    }
}

fn invalid(received: &Value, why: &str) -> Outcome<Value> {
    Outcome::ask(Ask::for_line(
        AskCode::InvalidRequest,
        &Input::from(received),
        "one JSON object per line: {\"kind\": <kind>, \"input\": <any JSON>, \"options\": {...}}",
        format!("fixed: {why}"),
    ))
}
