//! The MCP tool protocol around the readers, without I/O: every rule of a `tools/list` and a
//! `tools/call` lives here once, and each server adapter (Rust `server`, feature `rmcp`;
//! Python `agent_input.mcp`, JavaScript `agent-input/mcp`) only moves JSON between its framework
//! and this module.
//!
//! The shape is a sans-I/O state machine, as h11 keeps HTTP free of sockets: the adapter gives
//! a request, the protocol answers with the next [`Step`] (answer now, look a receipt up, store
//! one, run the handler with these canonical arguments), the adapter does that step's I/O and
//! hands its outcome back ([`Call::resume`]), until the step is an answer. What a step needs
//! (the client's capabilities, the day, the stored receipt, the handler's outcome) is passed
//! in, never found.
//!
//! Two kinds of tool run the same machine:
//!
//! - a tool declared as an agent-input spec ([`Call::own`]): the handler gets the canonical
//!   arguments and its output is the result's `structuredContent.result`, with the notes and
//!   warnings beside it;
//! - a tool of a server somebody else wrote, made lenient ([`Lenient`], [`Call::forward`]):
//!   the framework's own handler runs with the canonical arguments, and its result goes back
//!   with the notes block ([`with_notes`]) added.
//!
//! The eight rules, each decided once:
//!
//! 1. `tools/list`: each listed tool's `inputSchema` is replaced by its lenient one
//!    ([`Lenient::list`]); a tool left alone, or whose schema no spec can hold, is listed as
//!    declared.
//! 2. When a call is read: always, before the handler; arguments that are no JSON object are
//!    the framework's to refuse on a forwarded tool ([`Step::Pass`]).
//! 3. The notes block: one more text content `{"notes", "warnings"}` (and `"issues"` when
//!    entries of a collection were left out), and `_meta` keys [`NOTES_META`] and
//!    [`WARNINGS_META`]; nothing when all three are empty.
//! 4. A call that cannot run: the envelope as an `isError` result (its `structuredContent`
//!    left out when the tool declares an `outputSchema` the envelope would not match).
//! 5. Asking a person: an `input_required` result when the client can ([`can_ask`]), the tool
//!    has a key and its policy names the user; never on a retry.
//! 6. The `requestState` marker: a state this module issues starts with [`STATE_PREFIX`]; any
//!    other state is somebody else's (the framework's own `input_required` rounds) and is passed
//!    on untouched, the call read as a fresh one.
//! 7. The tool's day: the adapter passes the day its server's `today` function gives, as a
//!    `YYYY-MM-DD` text ([`Request::today`]).
//! 8. A handler that fails: a throttle or an upstream failure ([`Failure`](crate::tool::Failure)) is its envelope;
//!    any other error of an own tool is an `isError` result naming the tool and the message; a
//!    forwarded tool's error is the framework's to answer ([`Step::Done`]); a cancelled handler
//!    releases its receipt and answers nothing.

mod call;
mod lenient;
pub mod record;

pub use call::{Call, Outcome, Request, Step};
pub use lenient::{Lenient, Listed};
pub use record::{json_pointer, AttributeValue, Record, Verdict};

use serde_json::{json, Value};

use crate::tool::ToolCall;

/// The first MCP revision with `input_required` results (multi round-trip requests).
pub const MRTR_VERSION: &str = "2026-07-28";

/// The prefix of every `requestState` this module issues: a retry whose state starts with it
/// carries a person's answers to read; any other state belongs to somebody else.
pub const STATE_PREFIX: &str = "agent-input:";

/// The `_meta` key of a result that carries the call's notes.
pub const NOTES_META: &str = "agent-input/notes";

/// The `_meta` key of a result that carries the call's warnings.
pub const WARNINGS_META: &str = "agent-input/warnings";

/// The key a handler's failure travels under where a framework turns errors into data (rmcp's
/// `ErrorData::data`): `{"agent-input/failure": {"code": "rate_limited", ...}}`.
pub const FAILURE_KEY: &str = "agent-input/failure";

/// True when a client can ask a person: form elicitation declared (`{}` means form, as the
/// specification says) on a 2026-07-28 (or later) connection.
///
/// ```
/// use agent_input::protocol::can_ask;
/// let caps = serde_json::json!({"elicitation": {}});
/// assert!(can_ask(Some("2026-07-28"), &caps));
/// assert!(!can_ask(Some("2025-11-25"), &caps));
/// assert!(!can_ask(Some("2026-07-28"), &serde_json::json!({"elicitation": {"url": {}}})));
/// ```
pub fn can_ask(protocol_version: Option<&str>, client_capabilities: &Value) -> bool {
    let Some(version) = protocol_version else { return false };
    if version < MRTR_VERSION {
        return false;
    }
    match client_capabilities.get("elicitation") {
        Some(Value::Object(e)) => {
            e.get("form").is_some_and(|f| !f.is_null()) || e.get("url").is_none_or(Value::is_null)
        }
        _ => false,
    }
}

/// A `tools/list` result as the request's token sees it: `context` as a call's
/// ([`Request::from_json`]: `"scopes"` the token grants, the server's `"readOnlyScopes"`); with
/// no `"scopes"` (stdio, no auth context) the result as it is, else every tool the token does
/// not reach left out and the result marked `cacheScope: "private"` when it varies by token
/// ([`crate::tool::scopes::granted_list`]). Each listed tool's scopes are in its `_meta`
/// ([`crate::tool::scopes::SCOPES_META`]), as [`Lenient::list`] and `ToolSpec::definition` write.
///
/// # Errors
/// Scopes that are no list of OAuth scopes (the adapter's to fix).
pub fn granted(listed: &Value, context: &Value) -> Result<Value, crate::error::Error> {
    Ok(match crate::tool::scopes::Grants::from_context(context)? {
        Some(grants) => crate::tool::scopes::granted_list(listed, &grants),
        None => listed.clone(),
    })
}

/// The answer to a call of a tool passed on as its server listed it (no spec reads it), when
/// the request's token does not reach it: the `insufficient_scope` envelope as a
/// `CallToolResult` (its text content only when the tool declares an output schema). The tool's
/// scopes are its listing's [`crate::tool::scopes::SCOPES_META`], and it may write unless its
/// annotations say `readOnlyHint: true`, as [`granted`] lists it. `None` when the token reaches
/// it, or `context` names no `"scopes"`.
///
/// # Errors
/// Scopes that are no list of OAuth scopes (the adapter's to fix).
pub fn out_of_reach(name: &str, definition: &Value, context: &Value) -> Result<Option<Value>, crate::error::Error> {
    let Some(grants) = crate::tool::scopes::Grants::from_context(context)? else { return Ok(None) };
    let (scopes, writes) = crate::tool::scopes::listed_needs(definition);
    let Some(out) = grants.out_of_scope(&scopes, writes) else { return Ok(None) };
    let envelope = crate::tool::Envelope::insufficient_scope(name, &out);
    let call = ToolCall::Error { envelope, notes: Vec::new(), warnings: Vec::new() };
    let declares_output = definition.get("outputSchema").is_some_and(Value::is_object);
    Ok(Some(envelope_result(&call, declares_output)))
}

/// The `CallToolResult` of an envelope ([`ToolCall::Error`]). A client checks the
/// `structuredContent` of a tool that declares an output schema against that schema: the
/// envelope then travels in the text content only.
fn envelope_result(call: &ToolCall, declares_output: bool) -> Value {
    let mut result = call.to_call_tool_result(&Value::Null);
    if declares_output {
        if let Value::Object(o) = &mut result {
            o.remove("structuredContent");
        }
    }
    result
}

/// The message of a call to a tool a server does not have, naming those it has (sent as the
/// JSON-RPC error `-32602`, invalid params).
pub fn unknown_tool(name: &str, names: &[&str]) -> String {
    let listed: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
    format!("unknown tool `{name}`, expected one of {}", listed.join(", "))
}

/// The `isError` result of a handler that failed with `message`.
pub fn handler_failed(tool: &str, message: &str) -> Value {
    json!({"content": [{"type": "text", "text": format!("`{tool}` failed: {message}")}], "isError": true})
}

/// A forwarded tool's result with the call's notes block: one more text content holding
/// `{"notes", "warnings"}` (and `"issues"` when entries were left out) and the `_meta` keys
/// [`NOTES_META`] and [`WARNINGS_META`]. Nothing is added when there is nothing to say, or to
/// a result that is no complete `CallToolResult` (an `input_required` or a task result).
pub fn with_notes(mut result: Value, call: &ToolCall) -> Value {
    let ToolCall::Ok { notes, warnings, issues, .. } = call else { return result };
    if notes.is_empty() && warnings.is_empty() && issues.is_empty() {
        return result;
    }
    let Value::Object(o) = &mut result else { return result };
    let complete = o.get("resultType").is_none_or(|t| t == "complete");
    let content_ok = match o.get("content") {
        Some(c) => c.is_array(),
        None => o.get("task").is_none(),
    };
    if !complete || !content_ok {
        return result;
    }
    let mut block = json!({"notes": as_json(notes), "warnings": as_json(warnings)});
    if !issues.is_empty() {
        block["issues"] = as_json(issues);
    }
    let text = json!({"type": "text", "text": crate::input::json_text(&block)});
    if let Value::Array(content) = o.entry("content").or_insert_with(|| Value::Array(Vec::new())) {
        content.push(text);
    }
    let meta = o.entry("_meta").or_insert_with(|| json!({}));
    if !meta.is_object() {
        *meta = json!({});
    }
    if let Value::Object(meta) = meta {
        meta.insert(NOTES_META.into(), block["notes"].clone());
        meta.insert(WARNINGS_META.into(), block["warnings"].clone());
    }
    result
}

/// The `_meta` key that keeps a whole envelope when its text content names no value and its
/// `structuredContent` is left out (a tool whose output schema the envelope would not match).
pub const ENVELOPE_META: &str = "agent-input/envelope";

/// The hint of an envelope's text content that names no value.
pub const VALUES_OUT_OF_TEXT_HINT: &str = "The values received, what each argument accepts and the readings to choose \
from are in this result's structuredContent (or its _meta \"agent-input/envelope\"); call again with each issue's \
path set as the hint there says.";

/// An envelope result's text content rewritten to name no value: `{code, message, hint, issues:
/// [{path, code}]}`, the hint [`VALUES_OUT_OF_TEXT_HINT`]. The envelope itself stays in
/// `structuredContent`, or goes to `_meta` [`ENVELOPE_META`] when that was left out. Any other
/// result is left as it is.
pub fn values_out_of_text(result: &mut Value) {
    let Value::Object(o) = result else { return };
    if o.get("isError") != Some(&Value::Bool(true)) {
        return;
    }
    let envelope = match o.get("structuredContent") {
        Some(structured) => structured.clone(),
        None => match text_envelope(o.get("content")) {
            Some(envelope) => {
                let meta = o.entry("_meta").or_insert_with(|| Value::Object(serde_json::Map::new()));
                if let Value::Object(meta) = meta {
                    meta.insert(ENVELOPE_META.into(), envelope.clone());
                }
                envelope
            }
            None => return,
        },
    };
    let (Some(code), Some(message)) = (envelope.get("code"), envelope.get("message")) else { return };
    // Written as text directly: the envelope's own keys, each value as JSON.
    let quoted = |v: Option<&Value>| serde_json::to_string(&v).unwrap_or_default();
    let issues: Vec<String> = envelope
        .get("issues")
        .and_then(Value::as_array)
        .map(|issues| {
            let issue =
                |i: &Value| format!("{{\"path\":{},\"code\":{}}}", quoted(i.get("path")), quoted(i.get("code")));
            issues.iter().map(issue).collect()
        })
        .unwrap_or_default();
    let hint = Value::from(VALUES_OUT_OF_TEXT_HINT);
    let text = format!(
        "{{\"code\":{},\"message\":{},\"hint\":{},\"issues\":[{}]}}",
        quoted(Some(code)),
        quoted(Some(message)),
        quoted(Some(&hint)),
        issues.join(",")
    );
    if let Some(first) = o.get_mut("content").and_then(|c| c.get_mut(0)).and_then(Value::as_object_mut) {
        first.insert("text".into(), Value::String(text));
    }
}

/// The envelope a result's first text content holds, if it is one (`code` and `message`).
fn text_envelope(content: Option<&Value>) -> Option<Value> {
    let text = content?.get(0)?.get("text")?.as_str()?;
    let envelope: Value = serde_json::from_str(text).ok()?;
    (envelope.get("code").is_some() && envelope.get("message").is_some()).then_some(envelope)
}

/// A list of notes, warnings or issues as JSON.
fn as_json<T: serde::Serialize>(items: &[T]) -> Value {
    serde_json::to_value(items).unwrap_or(Value::Null)
}
