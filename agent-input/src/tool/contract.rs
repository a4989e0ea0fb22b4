//! The contract around a call that read: a destructive tool's preview and confirmation, a
//! write's receipt replayed on a retry, and a handler's failures the model can act on.
//!
//! A server glue runs a call in four steps, the same in every runtime:
//!
//! 1. [`ToolSpec::read`] the arguments;
//! 2. [`ToolSpec::receipt_key`]: the idempotency key of a write, to look its receipt up in the
//!    server's [`ReceiptStore`](super::ReceiptStore);
//! 3. [`ToolSpec::gate`] with that receipt: [`Gate::Answer`] (a refusal, or the replayed
//!    result) or [`Gate::Run`] with the arguments the handler gets;
//! 4. the handler, then [`ToolSpec::finish`]: the `CallToolResult` (a preview carries its
//!    `confirm_token`) and the receipt to store. A handler's throttle or upstream failure is
//!    [`ToolSpec::failure_result`].
//!
//! A confirm token is sealed with a key derived from the server's key (as a question's state
//! is): it binds the tool, a digest of the canonical arguments other than `dry_run`,
//! `confirm_token` and the idempotency key, and an expiry ([`CONFIRM_TTL_SECONDS`]). It is
//! stateless: any token a preview issued for the same arguments applies them until it expires.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use super::effects::{CONFIRM_TOKEN, DRY_RUN};
use super::envelope::{Envelope, Issue};
use super::person::digest_after;
use super::{ToolCall, ToolSpec};
use crate::codes::{AskCode, NoteCode};
use crate::cursor::{CursorCodec, DecodeError, Payload};
use crate::error::Error;
use crate::hint::{At, Fix};
use crate::input::{json_text, quoted, Input};
use crate::limits::{CONFIRM_TTL_SECONDS, IN_FLIGHT_TTL_SECONDS, MAX_RECEIPT_RESULT_BYTES, RECEIPT_TTL_SECONDS};
use crate::outcome::Note;

/// The label of the key confirm tokens are sealed with (derived from the server's key).
const CONFIRM_KEY_LABEL: &str = "agent-input confirm token v1";

/// What to do with a call that read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Gate {
    /// Run the handler, then [`ToolSpec::finish`].
    Run(Box<Run>),
    /// Do not run the handler: answer with this `CallToolResult` (a refusal, or a replayed
    /// receipt).
    Answer {
        /// The `CallToolResult`.
        result: Value,
    },
}

/// A call the handler runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// The arguments the handler gets: the canonical arguments, with `dry_run` set (true on a
    /// preview) and `confirm_token` left out on a confirmed tool.
    pub args: Value,
    /// A preview of a destructive change: the token that applies it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview: Option<Preview>,
    /// A write whose receipt is stored once it succeeds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt: Option<Pending>,
    /// Notes of the contract (a token sent with a preview, left out).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
}

/// The confirm token of a preview.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preview {
    /// The token that applies the previewed change.
    pub confirm_token: String,
    /// When it expires (unix seconds).
    pub expires_at: u64,
}

/// A write with an idempotency key: what the store holds under the key while the handler runs,
/// and after it failed; [`ToolSpec::finish`] gives the receipt of its success.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    /// The idempotency key.
    pub key: String,
    /// The digest of the arguments the key covers.
    pub digest: String,
    /// A digest of each of those arguments, by name (to name what differs when the key comes
    /// back with others): a receipt keeps no argument's value, only these (a payload may carry
    /// personal data; a store keeps codes, paths and digests).
    pub args: Value,
    /// Put under the key before the handler runs: a retry that arrives meanwhile asks
    /// `idempotency_key_in_flight` instead of running the write twice (valid
    /// [`IN_FLIGHT_TTL_SECONDS`], in case the server stops mid-call).
    pub in_flight: Value,
    /// Put under the key when the handler fails: it has expired, so the retry runs.
    pub release: Value,
}

/// What [`ToolSpec::finish`] gives: the result, and the receipt to store under the key.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    /// The `CallToolResult`.
    pub result: Value,
    /// The receipt to store (`ReceiptStore::put(tool, key, receipt)`), for a write with a key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt: Option<Value>,
    /// The key to store it under.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
}

/// A failure a handler raises that the model can act on: the envelope codes `rate_limited`
/// and `upstream_unavailable`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case", deny_unknown_fields)]
pub enum Failure {
    /// The server's rate limit for the tool was reached.
    RateLimited {
        /// When to call again, in seconds.
        retry_after_seconds: u64,
        /// How many calls are left in the window, when the server knows.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remaining_calls: Option<u64>,
    },
    /// A service the tool depends on did not answer; nothing was applied.
    UpstreamUnavailable {
        /// The service, named for the model (`"the court registry"`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        upstream: Option<String>,
        /// When to call again, in seconds, when the server knows.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        retry_after_seconds: Option<u64>,
    },
}

impl ToolSpec {
    /// True when the tool's calls go through [`Self::gate`]: it confirms, or it has an
    /// idempotency key property.
    pub fn has_contract(&self) -> bool {
        self.effects.confirm || self.key_property().is_some()
    }

    /// True when the tool previews its changes and applies them with a `confirm_token`.
    pub const fn confirms(&self) -> bool {
        self.effects.confirm
    }

    /// The tool's top-level idempotency key property, if it has one.
    pub fn key_property(&self) -> Option<&str> {
        self.properties.key_property()
    }

    /// The idempotency key of a call that read and applies a change (not a preview), to look
    /// its receipt up: `None` when the tool has no key property, the key was not sent, the
    /// call did not read, or it is a preview.
    pub fn receipt_key(&self, call: &ToolCall) -> Option<String> {
        let ToolCall::Ok { args, .. } = call else { return None };
        if self.effects.confirm && is_preview(args) {
            return None;
        }
        args.get(self.key_property()?)?.as_str().map(str::to_owned)
    }

    /// What to do with a call: answer it (a refusal, or the result `stored` under its key,
    /// replayed) or run the handler. `stored` is what the receipt store holds under
    /// [`Self::receipt_key`]; `codec` is the server's key (a confirmed tool needs it); `now`
    /// is unix seconds.
    ///
    /// # Errors
    /// The tool confirms and no codec was given (a programmer error).
    pub fn gate(
        &self,
        call: &ToolCall,
        stored: Option<&Value>,
        codec: Option<&CursorCodec>,
        now: u64,
    ) -> Result<Gate, Error> {
        let ToolCall::Ok { args, notes, warnings, .. } = call else {
            return Ok(Gate::Answer { result: call.to_call_tool_result(&Value::Null) });
        };
        let refuse = |issue: Issue| Gate::Answer {
            result: ToolCall::Error {
                envelope: Envelope::new(&self.name, vec![issue], false),
                notes: notes.clone(),
                warnings: warnings.clone(),
            }
            .to_call_tool_result(&Value::Null),
        };
        let mut run = Run { args: args.clone(), preview: None, receipt: None, notes: Vec::new() };
        // One digest of the covered arguments serves the receipt and the token.
        let covered = self.covered(args);
        let digest = self.args_digest(&covered);
        // A retry of a write that was applied replays first: its token may have expired since.
        if let Some(key) = self.receipt_key(call) {
            match stored.filter(|r| r["expires_at"].as_u64().is_some_and(|e| e > now)) {
                Some(receipt) if receipt["digest"] != digest.as_str() => {
                    return Ok(refuse(self.reused(&key, receipt, &covered)));
                }
                Some(receipt) if receipt["in_flight"] == true => return Ok(refuse(self.in_flight(&key))),
                Some(receipt) => return Ok(Gate::Answer { result: self.replayed(receipt, &key) }),
                None => {
                    let digests = arg_digests(&covered);
                    let in_flight = json!({"digest": digest, "args": digests, "in_flight": true, "stored_at": now,
                                           "expires_at": now + IN_FLIGHT_TTL_SECONDS});
                    let release = json!({"digest": digest, "released": true, "expires_at": 0});
                    run.receipt = Some(Pending { key, digest: digest.clone(), args: digests, in_flight, release });
                }
            }
        }
        if self.effects.confirm {
            let codec = codec.ok_or_else(|| {
                Error::options(format!(
                    "tool `{}` has `confirm: true`: its calls need the server's key (a cursor codec) to issue and check confirm tokens",
                    self.name
                ))
            })?;
            match self.confirm_step(args, &digest, codec, now) {
                Confirm::Preview(preview, ignored) => {
                    run.preview = Some(preview);
                    run.notes.extend(ignored);
                }
                Confirm::Apply => {}
                Confirm::Refuse(issue) => return Ok(refuse(*issue)),
            }
            if let Value::Object(o) = &mut run.args {
                o.insert(DRY_RUN.into(), Value::Bool(run.preview.is_some()));
                o.remove(CONFIRM_TOKEN);
            }
        }
        Ok(Gate::Run(Box::new(run)))
    }

    /// The `CallToolResult` of a call the handler ran (`output`), and the receipt to store:
    /// a preview carries `confirmation: {confirm_token, expires_at}` and a `dry_run_preview`
    /// note; a write with a key gives its receipt (valid [`RECEIPT_TTL_SECONDS`]).
    pub fn finish(&self, call: &ToolCall, run: &Run, output: &Value, now: u64) -> Finished {
        let ToolCall::Ok { notes, warnings, issues, .. } = call else {
            return Finished { result: call.to_call_tool_result(output), receipt: None, key: None };
        };
        let mut notes = notes.clone();
        notes.extend(run.notes.iter().cloned());
        if run.preview.is_some() {
            notes.push(self.preview_note());
        }
        let done = ToolCall::Ok { args: run.args.clone(), notes, warnings: warnings.clone(), issues: issues.clone() };
        let mut result = done.to_call_tool_result(output);
        if let Some(preview) = &run.preview {
            let confirmation = confirmation(preview);
            set_structured(&mut result, |s| {
                s.insert("confirmation".into(), confirmation);
            });
        }
        let receipt = run.receipt.as_ref().map(|p| receipt(p, &result, now));
        Finished { result, receipt, key: run.receipt.as_ref().map(|p| p.key.clone()) }
    }

    /// The note of a preview: nothing was changed, and how to apply it.
    pub fn preview_note(&self) -> Note {
        let mut note = Note::new(
            NoteCode::DryRunPreview,
            format!(
                "Nothing was changed: this was a preview. To apply it, call `{}` again within {} minutes with the same arguments, `dry_run` false and the `confirm_token` of this result's `confirmation`.",
                self.name,
                CONFIRM_TTL_SECONDS / 60
            ),
        );
        note.path = Some(DRY_RUN.to_owned());
        note
    }

    /// The `CallToolResult` of a handler's [`Failure`]: the envelope `rate_limited` or
    /// `upstream_unavailable`, its message and hint naming the tool, when to retry, and (for an
    /// upstream failure of a tool with a key) that the same idempotency key goes with the retry.
    pub fn failure_result(&self, failure: &Failure) -> Value {
        let envelope = match failure {
            Failure::RateLimited { retry_after_seconds, remaining_calls } => {
                Envelope::rate_limited(&self.name, *retry_after_seconds, *remaining_calls)
            }
            Failure::UpstreamUnavailable { upstream, retry_after_seconds } => Envelope::upstream_unavailable(
                &self.name,
                upstream.as_deref(),
                *retry_after_seconds,
                self.key_property(),
            ),
        };
        ToolCall::Error { envelope, notes: Vec::new(), warnings: Vec::new() }.to_call_tool_result(&Value::Null)
    }

    /// The arguments a token or a receipt covers: all but `dry_run`, `confirm_token` and the
    /// idempotency key.
    fn covered(&self, args: &Value) -> Value {
        let mut covered = args.as_object().cloned().unwrap_or_default();
        covered.remove(DRY_RUN);
        covered.remove(CONFIRM_TOKEN);
        if let Some(key) = self.key_property() {
            covered.remove(key);
        }
        covered.retain(|_, v| !v.is_null());
        Value::Object(covered)
    }

    /// A digest of `covered` for this tool (hex).
    fn args_digest(&self, covered: &Value) -> String {
        digest_after(format!("{}\0", self.name).as_bytes(), covered)
    }

    /// The confirmation of a call whose covered arguments have `digest`.
    fn confirm_step(&self, args: &Value, digest: &str, codec: &CursorCodec, now: u64) -> Confirm {
        let sent = args.get(CONFIRM_TOKEN).filter(|v| !v.is_null());
        let sealer = codec.derive(CONFIRM_KEY_LABEL);
        if is_preview(args) {
            let expires_at = now + CONFIRM_TTL_SECONDS;
            let token = sealer.encode_bytes(digest.as_bytes(), Some(expires_at)).unwrap_or_default();
            let ignored = sent.map(|v| {
                let mut note = Note::new(
                    NoteCode::ConfirmTokenIgnored,
                    format!("The `confirm_token` {} was left out: a preview issues its own token.", json_text(v)),
                );
                note.path = Some(CONFIRM_TOKEN.to_owned());
                note
            });
            return Confirm::Preview(Preview { confirm_token: token, expires_at }, ignored);
        }
        let Some(token) = sent.and_then(Value::as_str) else {
            return self.token_issue(AskCode::ConfirmTokenMissing, args, "no confirm_token was sent");
        };
        // Not the shape of any token (`"confirm"`, `"yes"`, a uuid): a placeholder, not a forgery.
        if !token.trim().starts_with(crate::cursor::PREFIX) {
            return self.token_issue(
                AskCode::ConfirmTokenMissing,
                args,
                &format!("{} is a placeholder, not a token a preview returned", quoted(token)),
            );
        }
        match sealer.decode(token.trim(), now) {
            Ok(Payload::Bytes(b)) if b == digest.as_bytes() => Confirm::Apply,
            Ok(_) => self.token_issue(
                AskCode::ConfirmTokenOtherArguments,
                args,
                "the token's preview had other arguments, or was of another tool",
            ),
            Err(DecodeError::Expired) => self.token_issue(
                AskCode::ConfirmTokenExpired,
                args,
                &format!("the token's preview is more than {} minutes old", CONFIRM_TTL_SECONDS / 60),
            ),
            Err(_) => self.token_issue(AskCode::ConfirmTokenNotIssued, args, "this server issued no such token"),
        }
    }

    fn token_issue(&self, code: AskCode, args: &Value, why: &str) -> Confirm {
        let minutes = CONFIRM_TTL_SECONDS / 60;
        let expected = format!(
            "the `confirm_token` of a preview of these arguments from the last {minutes} minutes, unchanged; {why}"
        );
        let fix = Fix::set("left out").and(
            At::Path(DRY_RUN.to_owned()),
            "set to true for a preview, which returns a fresh `confirm_token`; then call it with `dry_run` false and that token",
        );
        let received = Input::from(args.get(CONFIRM_TOKEN));
        Confirm::Refuse(Box::new(Issue::new(&self.name, CONFIRM_TOKEN, (code, &received), expected, fix, false)))
    }

    /// The stored result of a retried write, with a note saying so.
    fn replayed(&self, receipt: &Value, key: &str) -> Value {
        let mut result = match receipt.get("result") {
            Some(result) => result.clone(),
            None => json!({"content": [], "structuredContent": {"result": null, "notes": [], "warnings": []},
                           "isError": false}),
        };
        let note = serde_json::to_value(self.replay_note(key, receipt)).unwrap_or(Value::Null);
        set_structured(&mut result, |s| match s.get_mut("notes") {
            Some(Value::Array(notes)) => notes.push(note),
            _ => {
                s.insert("notes".into(), Value::Array(vec![note]));
            }
        });
        result
    }

    /// The note of a replayed receipt (saying so when its result was too large to keep).
    fn replay_note(&self, key: &str, receipt: &Value) -> Note {
        let path = self.key_property().unwrap_or("idempotency_key");
        let message = match receipt["result_bytes"].as_u64() {
            Some(bytes) => format!(
                "`{path}` {} was used before with these same arguments: the change was not applied again; that call's result ({bytes} bytes, more than MAX_RECEIPT_RESULT_BYTES) was not kept, so it is not returned.",
                quoted(key)
            ),
            None => format!(
                "`{path}` {} was used before with these same arguments: that call's result is returned, and the change was not applied again.",
                quoted(key)
            ),
        };
        let mut note = Note::new(NoteCode::ReceiptReplayed, message);
        note.path = Some(path.to_owned());
        note
    }

    /// The result a retry replays, as stored, and the note saying so: for a tool whose result
    /// is its server's own (a drop-in's), where the note goes beside the result, not into it.
    /// `None` unless `stored` is a live receipt of these same arguments ([`Self::gate`] then
    /// decides: it runs, or asks).
    pub fn replay(&self, call: &ToolCall, stored: Option<&Value>, now: u64) -> Option<(Value, Note)> {
        let ToolCall::Ok { args, .. } = call else { return None };
        let key = self.receipt_key(call)?;
        let receipt = stored.filter(|r| r["expires_at"].as_u64().is_some_and(|e| e > now))?;
        let digest = self.args_digest(&self.covered(args));
        if receipt["in_flight"] == true || receipt["digest"] != digest.as_str() {
            return None;
        }
        let result = receipt.get("result").cloned().unwrap_or_else(|| json!({"content": [], "isError": false}));
        Some((result, self.replay_note(&key, receipt)))
    }

    /// The issue of a key whose first call is still running.
    fn in_flight(&self, key: &str) -> Issue {
        let path = self.key_property().unwrap_or("idempotency_key");
        let expected =
            format!("the first call's result: a call with {} and these same arguments is still running", quoted(key));
        let fix = Fix::set("unchanged and the same arguments in a few seconds, to get the first call's result");
        Issue::new(&self.name, path, (AskCode::IdempotencyKeyInFlight, &Input::String(key)), expected, fix, false)
    }

    /// The issue of a key used before with other arguments, naming those that differ.
    fn reused(&self, key: &str, receipt: &Value, covered: &Value) -> Issue {
        let empty = Map::new();
        let now = arg_digests(covered);
        let (before, now) = (receipt["args"].as_object().unwrap_or(&empty), now.as_object().unwrap_or(&empty));
        let mut differ: Vec<&str> =
            before.keys().chain(now.keys()).filter(|k| before.get(*k) != now.get(*k)).map(String::as_str).collect();
        differ.sort_unstable();
        differ.dedup();
        let named = if differ.is_empty() {
            "other arguments".to_owned()
        } else {
            let list: Vec<String> = differ.iter().map(|k| format!("`{k}`")).collect();
            let verb = if list.len() == 1 { "differs" } else { "differ" };
            format!("other arguments ({} {verb})", list.join(", "))
        };
        let path = self.key_property().unwrap_or("idempotency_key");
        let expected = format!("a fresh key for this change: {} was used before with {named}", quoted(key));
        let fix = Fix::set("set to a fresh key for this change (a new uuid), resent unchanged on every retry of it")
            .otherwise("with the first call's arguments to get its result");
        Issue::new(&self.name, path, (AskCode::IdempotencyKeyReused, &Input::String(key)), expected, fix, false)
    }
}

/// A digest of each argument's canonical value, by name: what a receipt keeps of the arguments.
fn arg_digests(covered: &Value) -> Value {
    match covered {
        Value::Object(o) => {
            Value::Object(o.iter().map(|(k, v)| (k.clone(), Value::String(digest_after(b"arg\0", v)))).collect())
        }
        _ => Value::Object(Map::new()),
    }
}

/// What the confirmation step says of a call.
enum Confirm {
    Preview(Preview, Option<Note>),
    Apply,
    Refuse(Box<Issue>),
}

/// True unless the call says `dry_run: false`.
fn is_preview(args: &Value) -> bool {
    args.get(DRY_RUN) != Some(&Value::Bool(false))
}

/// Unix seconds as RFC 3339 UTC (`2026-12-03T16:10:00Z`).
/// A preview's `confirmation`: `{"confirm_token", "expires_at"}` (an RFC 3339 time).
pub fn confirmation(preview: &Preview) -> Value {
    json!({"confirm_token": preview.confirm_token, "expires_at": timestamp(preview.expires_at)})
}

/// The receipt of a write with a key whose call answered `result` (valid
/// [`RECEIPT_TTL_SECONDS`] from `now`).
/// A result larger than [`MAX_RECEIPT_RESULT_BYTES`] is kept as its size only
/// (`"result_bytes"`): its replay says the change was applied, without it.
pub fn receipt(pending: &Pending, result: &Value, now: u64) -> Value {
    let bytes = json_text(result).len();
    if bytes > MAX_RECEIPT_RESULT_BYTES {
        return json!({"digest": pending.digest, "args": pending.args, "result_bytes": bytes, "stored_at": now,
                      "expires_at": now + RECEIPT_TTL_SECONDS});
    }
    json!({"digest": pending.digest, "args": pending.args, "result": result, "stored_at": now,
           "expires_at": now + RECEIPT_TTL_SECONDS})
}

pub(crate) fn timestamp(seconds: u64) -> String {
    i64::try_from(seconds)
        .ok()
        .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        .map_or_else(|| seconds.to_string(), |t| t.format("%Y-%m-%dT%H:%M:%SZ").to_string())
}

/// Changes a result's `structuredContent` and writes its text content again from it.
fn set_structured(result: &mut Value, change: impl FnOnce(&mut Map<String, Value>)) {
    let Some(Value::Object(structured)) = result.get_mut("structuredContent") else { return };
    change(structured);
    let text = json_text(&Value::Object(structured.clone()));
    result["content"] = json!([{"type": "text", "text": text}]);
}
