//! Asks a person answers: an ambiguity as an MCP `input_required` result (the 2026-07-28
//! revision's multi round-trip requests), and the retry that carries the person's choice.
//!
//! A tool (or one property) declares who answers its ambiguities: `"answered_by": "model"` (the
//! default: the error envelope names the readings, the model calls again) or `"user"`: when every
//! issue of a call is a value with two or more readings under the user policy, the server can
//! answer `tools/call` with [`ToolSpec::ask_person`]'s result, one elicitation form per
//! ambiguous property (key = the property path), each a single choice among exactly the
//! readings. The client asks the person and retries the same call with `inputResponses` and the
//! echoed `requestState`; [`ToolSpec::read_answers`] reads it: the chosen reading replaces the
//! ambiguous value, with a note saying the person chose it. The state is sealed with a key
//! derived from the server's cursor key and binds the question to a digest of the arguments, so
//! an answer to a question never asked, or to other arguments, is refused.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest, Sha256};

use super::envelope::{Envelope, Issue};
use super::{ToolCall, ToolSpec};
use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, Host, System};
use crate::cursor::{CursorCodec, Payload};
use crate::hint::Fix;
use crate::input::{quoted, Input};
use crate::outcome::{Note, Reading};

/// Who answers a tool's (or a property's) ambiguities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AnsweredBy {
    /// The model: the error envelope names every reading (the default).
    #[default]
    Model,
    /// The person at the client, through an `input_required` result, when the client can ask
    /// them (it declared form elicitation on a 2026-07-28 connection); otherwise the model.
    User,
}

/// How long a question's state stays valid: a person may take a while to answer.
pub const ASK_TTL_SECONDS: u64 = 15 * 60;

/// The purpose label of the key that seals a question's state.
const STATE_KEY_LABEL: &str = "agent-input input_required state v1";

/// A short digest of the arguments a question was asked about: SHA-256 over their JSON text
/// with object keys sorted, so the same arguments give the same digest whatever their order.
pub(super) fn digest(args: &Value) -> String {
    digest_after(b"", args)
}

/// [`digest`] of `value` with `prefix` hashed before its JSON text (a tool's name, to bind the
/// digest to it): the first 16 bytes of the SHA-256, in hex.
pub(super) fn digest_after(prefix: &[u8], value: &Value) -> String {
    let mut hasher = Sha256::new();
    hasher.update(prefix);
    hasher.update(canonical_text(value).as_bytes());
    hasher.finalize().iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// The JSON text of `value` with every object's keys sorted: equal for equal values.
pub(super) fn canonical_text(value: &Value) -> String {
    fn canonical(v: &Value, out: &mut String) {
        match v {
            Value::Object(o) => {
                let sorted: BTreeMap<&String, &Value> = o.iter().collect();
                out.push('{');
                for (i, (k, v)) in sorted.into_iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    out.push_str(&crate::input::json_text(&Value::String(k.clone())));
                    out.push(':');
                    canonical(v, out);
                }
                out.push('}');
            }
            Value::Array(a) => {
                out.push('[');
                for (i, v) in a.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    canonical(v, out);
                }
                out.push(']');
            }
            other => out.push_str(&crate::input::json_text(other)),
        }
    }
    let mut text = String::new();
    canonical(value, &mut text);
    text
}

/// A reading's value as the form offers it: text as itself, other JSON as its JSON text
/// (elicitation's single-select offers strings).
fn choice_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => crate::input::json_text(other),
    }
}

/// A property path as a person reads it: `date_to` is "date to".
fn label(path: &str) -> String {
    path.replace(['_', '.'], " ")
}

/// The elicitation request of one ambiguous property.
fn question(path: &str, received: &Value, readings: &[Reading]) -> Value {
    let meanings: Vec<&str> = readings.iter().map(|r| r.meaning.as_str()).collect();
    let listed = match meanings.split_last() {
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    };
    let shown = match received {
        Value::String(s) => quoted(s),
        other => crate::input::json_text(other),
    };
    let message = format!("{shown} ({}) can mean {listed}. Which did you mean?", label(path));
    let one_of: Vec<Value> =
        readings.iter().map(|r| json!({"const": choice_text(&r.value), "title": r.meaning})).collect();
    json!({
        "method": "elicitation/create",
        "params": {
            "mode": "form",
            "message": message,
            "requestedSchema": {
                "type": "object",
                "properties": {"value": {"type": "string", "title": label(path), "oneOf": one_of}},
                "required": ["value"],
            },
        },
    })
}

impl ToolSpec {
    /// Who answers an ambiguity at `path` (a top-level property): the property's own policy,
    /// else the tool's.
    pub fn answered_by(&self, path: &str) -> AnsweredBy {
        self.properties.answered_by(path).unwrap_or(self.answered_by)
    }

    /// The MCP `input_required` result that asks the person which reading they meant, for a
    /// call whose every issue is a value with two or more readings at a top-level property
    /// answered by the user. `None` otherwise (the envelope goes to the model as usual): a call
    /// with an issue the model must fix, or no ambiguity under the user policy.
    ///
    /// The glue sends it only when the client can ask a person (form elicitation on a
    /// 2026-07-28 connection); `codec` is the server's cursor key, `now` unix seconds.
    ///
    /// ```
    /// use agent_input::cursor::CursorCodec;
    /// use agent_input::tool::ToolSpec;
    /// let codec = CursorCodec::new(b"a server key of 16+ bytes")?;
    /// let spec = ToolSpec::from_json(&serde_json::json!({
    ///     "name": "hearings", "answered_by": "user", "properties": {"date_to": {}}}))?;
    /// let args = serde_json::json!({"date_to": "01/02/2026"});
    /// let asked = spec.ask_person(&spec.read(&args), &args, &codec, 1_800_000_000).unwrap();
    /// assert_eq!(asked["resultType"], "input_required");
    /// let form = &asked["inputRequests"]["date_to"]["params"]["requestedSchema"]["properties"]["value"];
    /// assert_eq!(form["oneOf"][0]["const"], "2026-02-01");
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn ask_person(&self, call: &ToolCall, args: &Value, codec: &CursorCodec, now: u64) -> Option<Value> {
        let ToolCall::Error { envelope, .. } = call else { return None };
        let askable = |i: &Issue| {
            i.readings.len() >= 2
                && !i.entry
                && !i.path.contains(['.', '['])
                && !i.path.is_empty()
                && self.answered_by(&i.path) == AnsweredBy::User
        };
        if envelope.issues.is_empty() || !envelope.issues.iter().all(askable) {
            return None;
        }
        let mut requests = Map::new();
        let mut asked = Map::new();
        for issue in &envelope.issues {
            requests.insert(issue.path.clone(), question(&issue.path, &issue.received, &issue.readings));
            asked.insert(issue.path.clone(), Value::Array(issue.readings.iter().map(|r| r.value.clone()).collect()));
        }
        let state = json!({"t": "ask", "tool": self.name, "args": digest(args), "asked": asked});
        let sealed = codec.derive(STATE_KEY_LABEL).encode_json(&state, Some(now + ASK_TTL_SECONDS)).ok()?;
        Some(json!({"resultType": "input_required", "inputRequests": requests, "requestState": sealed}))
    }

    /// Reads the retry of a call that [`ask_person`](Self::ask_person) answered: the original
    /// `args`, the client's `inputResponses` (one elicitation result per asked property) and
    /// the echoed `requestState`. Each accepted choice replaces its ambiguous value and adds a
    /// `reading_chosen_by_person` note; a declined or cancelled question (`answer_declined`), a
    /// choice not offered (`answer_not_offered`), an answer for a property not asked about
    /// (`answer_not_asked`), and a state that is forged, expired or about other arguments
    /// (`answer_out_of_date`) each come back in the envelope.
    pub fn read_answers(
        &self,
        args: &Value,
        responses: &Value,
        request_state: &str,
        codec: &CursorCodec,
        now: u64,
    ) -> ToolCall {
        self.read_answers_in(args, responses, request_state, codec, now, &System)
    }

    /// [`Self::read_answers`] with the arguments read on `host` (its clock for cursor
    /// properties), each read in a fresh context as there; `now` still dates the sealed state.
    pub fn read_answers_in(
        &self,
        args: &Value,
        responses: &Value,
        request_state: &str,
        codec: &CursorCodec,
        now: u64,
        host: &dyn Host,
    ) -> ToolCall {
        self.read_answers_with(args, responses, request_state, codec, now, &Context::new(host))
    }

    /// [`Self::read_answers`] with the arguments read as in `cx`: on its host and against its
    /// day ([`Context::with_today`]), each read in a fresh context of the same; `now` still
    /// dates the sealed state.
    pub fn read_answers_with(
        &self,
        args: &Value,
        responses: &Value,
        request_state: &str,
        codec: &CursorCodec,
        now: u64,
        cx: &Context<'_>,
    ) -> ToolCall {
        let asked = match self.open_state(args, request_state, codec, now) {
            Ok(asked) => asked,
            Err(issue) => return self.refuse(vec![*issue]),
        };
        let empty = Map::new();
        let responses = responses.as_object().unwrap_or(&empty);
        let original = self.read_in(args, &cx.fresh());
        let mut issues = Vec::new();
        let mut chosen: Vec<(String, Value, String)> = Vec::new();
        for key in responses.keys().filter(|k| !asked.contains_key(*k)) {
            issues.push(self.answer_issue(key, AskCode::AnswerNotAsked, "no question was asked about it"));
        }
        for (path, readings) in &asked {
            match answer(responses.get(path), readings) {
                Answer::Chosen(value) => {
                    let meaning = reading_meaning(&original, path, &value);
                    chosen.push((path.clone(), value, meaning));
                }
                Answer::NotOffered(text) => {
                    let why = format!("{} is not one of the readings offered", quoted(&text));
                    issues.push(self.answer_issue(path, AskCode::AnswerNotOffered, &why));
                }
                Answer::Declined(action) => issues.push(declined(&original, &self.name, path, &action)),
            }
        }
        if !issues.is_empty() {
            return self.refuse(issues);
        }
        let answered = self.properties.with_values(args, &chosen);
        let mut call = self.read_in(&answered, &cx.fresh());
        let notes = match &mut call {
            ToolCall::Ok { notes, .. } | ToolCall::Error { notes, .. } => notes,
        };
        for (path, value, meaning) in chosen.iter().rev() {
            let shown = crate::input::json_text(value);
            let mut note = Note::new(
                NoteCode::ReadingChosenByPerson,
                format!("The person chose {shown} ({meaning}) for `{path}`."),
            );
            note.path = Some(path.clone());
            notes.insert(0, note);
        }
        call
    }

    /// The questions a sealed state asked, by path, with their readings; or the issue that
    /// refuses it.
    fn open_state(
        &self,
        args: &Value,
        state: &str,
        codec: &CursorCodec,
        now: u64,
    ) -> Result<BTreeMap<String, Vec<Value>>, Box<Issue>> {
        let out_of_date = |why: &str| Box::new(self.answer_issue("", AskCode::AnswerOutOfDate, why));
        let payload = match codec.derive(STATE_KEY_LABEL).decode(state, now) {
            Ok(Payload::Json(v)) => v,
            Ok(Payload::Bytes(_)) => return Err(out_of_date("the requestState is not one this server issued")),
            Err(e) => return Err(out_of_date(&format!("the requestState cannot be used: {e}"))),
        };
        if payload["t"] != "ask" || payload["tool"] != self.name.as_str() {
            return Err(out_of_date("the requestState was issued for another question"));
        }
        if payload["args"] != digest(args).as_str() {
            return Err(out_of_date("the arguments changed since the question was asked"));
        }
        let asked = payload["asked"].as_object().cloned().unwrap_or_default();
        Ok(asked.into_iter().map(|(k, v)| (k, v.as_array().cloned().unwrap_or_default())).collect())
    }

    /// An issue about an answer, at `path` (`""`: the whole call).
    fn answer_issue(&self, path: &str, code: AskCode, why: &str) -> Issue {
        let expected = format!("an answer to the question this server asked; {why}");
        let fix = Fix::set("as before, without inputResponses and requestState, to be asked again");
        Issue::new(&self.name, path, (code, &Input::Missing), expected, fix, false)
    }

    fn refuse(&self, issues: Vec<Issue>) -> ToolCall {
        ToolCall::Error { envelope: Envelope::new(&self.name, issues, false), notes: Vec::new(), warnings: Vec::new() }
    }
}

/// What a person answered to one question.
enum Answer {
    Chosen(Value),
    NotOffered(String),
    Declined(String),
}

/// Reads one elicitation result against the readings it offered.
fn answer(response: Option<&Value>, readings: &[Value]) -> Answer {
    let Some(response) = response else { return Answer::Declined("gave no answer".to_owned()) };
    let action = response.get("action").and_then(Value::as_str).unwrap_or("gave no answer");
    if action != "accept" {
        return Answer::Declined(match action {
            "decline" => "declined to choose".to_owned(),
            "cancel" => "cancelled the question".to_owned(),
            other => format!("answered `{other}`"),
        });
    }
    let chosen = response.pointer("/content/value");
    let text = match chosen {
        Some(Value::String(s)) => s.clone(),
        Some(other) => crate::input::json_text(other),
        None => return Answer::NotOffered(String::new()),
    };
    match readings.iter().find(|r| choice_text(r) == text) {
        Some(r) => Answer::Chosen(r.clone()),
        None => Answer::NotOffered(text),
    }
}

/// The meaning the original ask gave `value` at `path` ("1 February 2026 (day first)").
fn reading_meaning(original: &ToolCall, path: &str, value: &Value) -> String {
    original
        .envelope()
        .and_then(|e| e.issues.iter().find(|i| i.path == path))
        .and_then(|i| i.readings.iter().find(|r| r.value == *value))
        .map_or_else(String::new, |r| r.meaning.clone())
}

/// The original ambiguity at `path`, with the code saying the person did not choose.
fn declined(original: &ToolCall, tool: &str, path: &str, action: &str) -> Issue {
    match original.envelope().and_then(|e| e.issues.iter().find(|i| i.path == path)) {
        Some(issue) => {
            let mut issue = issue.clone();
            issue.code = AskCode::AnswerDeclined;
            issue.expected = format!("one reading; the person was asked which they meant and {action}");
            issue
        }
        None => {
            let expected = format!("an answer to the question this server asked; the person {action}");
            let fix = Fix::set("as before, without inputResponses and requestState");
            Issue::new(tool, path, (AskCode::AnswerDeclined, &Input::Missing), expected, fix, false)
        }
    }
}
