//! One `tools/call` as a state machine: [`Call::own`] or [`Call::forward`] gives the first
//! [`Step`], [`Call::resume`] each next one from the outcome of the step before.

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use super::record::{envelope_of, Record, Verdict};
use super::{handler_failed, with_notes, STATE_PREFIX};
use crate::context::{Context, Host, System};
use crate::cursor::CursorCodec;
use crate::error::Error;
use crate::outcome::{Note, Warning};
use crate::tool::{Failure, Gate, ReceiptStore, Run, ToolCall, ToolSpec, STORE_RETRY_SECONDS, STORE_UNAVAILABLE};

/// What the protocol needs of one `tools/call` request: its parameters and what the
/// connection says about asking a person, all passed in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    /// The call's `arguments` as sent (`Value::Null` when absent).
    pub arguments: Value,
    /// The arguments as JSON text instead, when the adapter holds a value no JSON value can
    /// (a string with a lone surrogate, written as its `\ud800` escape): read from the text,
    /// so the read asks about that property rather than crossing it changed.
    pub arguments_text: Option<String>,
    /// The retry's `requestState`.
    pub request_state: Option<String>,
    /// The retry's `inputResponses`.
    pub input_responses: Option<Value>,
    /// The client can ask a person ([`can_ask`](super::can_ask)).
    pub can_ask: bool,
    /// The day relative words are read against (the server's `today` function, called now).
    pub today: Option<chrono::NaiveDate>,
    /// The time of the call, unix seconds (`None`: the system clock's): it dates receipts,
    /// confirm tokens and questions. Tests and vectors fix it.
    pub now: Option<u64>,
    /// What the request's token grants (`None`: no auth context, nothing is checked).
    pub grants: Option<crate::tool::scopes::Grants>,
}

impl Request {
    /// The request from the JSON an adapter holds: `params` as the `tools/call` request's
    /// (`{"name", "arguments", "requestState", "inputResponses"}`), and `context` as
    /// `{"protocolVersion", "clientCapabilities", "today": "YYYY-MM-DD", "now": unix seconds}`
    /// (each optional; `"canAsk": true|false` stands for the first two when the framework
    /// already knows), with `"scopes"` the request's token grants and the server's
    /// `"readOnlyScopes"` ([`Grants::from_context`](crate::tool::scopes::Grants::from_context)).
    ///
    /// # Errors
    /// A `today` that is no `YYYY-MM-DD` date, scopes that are no list of OAuth scopes (the
    /// server's programmer's to fix).
    pub fn from_json(params: &Value, context: &Value) -> Result<Self, Error> {
        let today = match context.get("today") {
            None | Some(Value::Null) => None,
            Some(Value::String(day)) if crate::date::is_full_date(day) => day.parse::<chrono::NaiveDate>().ok(),
            Some(other) => {
                return Err(Error::options(format!(
                    "`today` must give the day as YYYY-MM-DD (a date of the server's calendar); it gave {other}"
                )))
            }
        };
        let can_ask = match context.get("canAsk") {
            Some(Value::Bool(given)) => *given,
            _ => super::can_ask(
                context.get("protocolVersion").and_then(Value::as_str),
                context.get("clientCapabilities").unwrap_or(&Value::Null),
            ),
        };
        Ok(Self {
            arguments: params.get("arguments").cloned().unwrap_or(Value::Null),
            arguments_text: None,
            request_state: params.get("requestState").and_then(Value::as_str).map(str::to_owned),
            input_responses: params.get("inputResponses").filter(|r| !r.is_null()).cloned(),
            can_ask,
            today,
            now: context.get("now").and_then(Value::as_u64),
            grants: crate::tool::scopes::Grants::from_context(context)?,
        })
    }
}

/// What the adapter does next.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// Answer the request with this result: a `CallToolResult`, or an `input_required` result
    /// (`"resultType": "input_required"`). The call is over.
    Answer {
        /// The result, as JSON.
        result: Value,
    },
    /// Hand the request to the framework exactly as it came: agent-input has nothing to say
    /// about it (arguments that are no object, on a forwarded tool). The call is over.
    Pass,
    /// Look the receipt of `tool` and `key` up in the server's store, then
    /// [`Outcome::Stored`].
    Get {
        /// The tool's name.
        tool: String,
        /// The idempotency key.
        key: String,
    },
    /// Reserve `tool` and `key` for the write about to run, in one atomic step
    /// ([`ReceiptStore::reserve`](crate::tool::ReceiptStore::reserve)): store `receipt` (the
    /// `in_flight` mark) unless the key holds a live receipt, then [`Outcome::Stored`] with
    /// that live receipt, or `None` when the key was reserved.
    Reserve {
        /// The tool's name.
        tool: String,
        /// The idempotency key.
        key: String,
        /// The `in_flight` receipt, as JSON.
        receipt: Value,
    },
    /// Store `receipt` under `tool` and `key`, then [`Outcome::Nothing`].
    Put {
        /// The tool's name.
        tool: String,
        /// The idempotency key.
        key: String,
        /// The receipt, as JSON.
        receipt: Value,
    },
    /// Run the handler (an own tool's) or the framework's call (a forwarded tool's) with these
    /// canonical arguments, then [`Outcome::Output`] / [`Outcome::Result`], or how it failed.
    Run {
        /// The canonical arguments.
        arguments: Value,
        /// The retry's answers were read: the framework sees a plain call (no `requestState`
        /// or `inputResponses`).
        answered: bool,
    },
    /// Nothing to answer: the handler was cancelled, or a forwarded tool's framework raised;
    /// the adapter lets that go on as it would without agent-input. The call is over.
    Done,
}

/// How the adapter's step went.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// A `Put` was done.
    Nothing,
    /// What the store holds under the key of a `Get` (`None` for nothing), or what a `Reserve`
    /// found (`None`: the key is reserved).
    Stored(Option<Value>),
    /// The answer to a `Reserve` from a store that cannot reserve (it has only `get` and
    /// `put`): what its `get` gave. The protocol then puts the `in_flight` receipt itself, as
    /// a `Put` step, when nothing live is held: not atomic.
    Unreserved(Option<Value>),
    /// An own tool's handler returned this output, adding these warnings.
    Output(Value, Vec<Warning>),
    /// A forwarded tool's framework answered with this `CallToolResult`.
    Result(Value),
    /// The handler raised a throttle or an upstream failure.
    Failure(Failure),
    /// The handler (or the framework, for a forwarded tool) raised this error.
    Error(String),
    /// The handler was cancelled.
    Cancelled,
}

impl Step {
    /// A store's step (`Get`, `Reserve`, `Put`) done against `store`, and its outcome, for an
    /// adapter whose store is a Rust [`ReceiptStore`]. Any other step is no store's: it gives
    /// [`Outcome::Nothing`], which [`Call::resume`] refuses as an outcome it did not ask for.
    pub fn done_in(self, store: &dyn ReceiptStore) -> Outcome {
        match self {
            Self::Get { tool, key } => Outcome::Stored(store.get(&tool, &key)),
            Self::Reserve { tool, key, receipt } => Outcome::Stored(store.reserve(&tool, &key, receipt)),
            Self::Put { tool, key, receipt } => {
                store.put(&tool, &key, receipt);
                Outcome::Nothing
            }
            Self::Answer { .. } | Self::Pass | Self::Run { .. } | Self::Done => Outcome::Nothing,
        }
    }
}

impl Outcome {
    /// An outcome from its JSON: `{}` (a put done), `{"stored": receipt|null}` (`"atomic":
    /// false` beside it: a `get`'s answer to a `Reserve`, from a store that cannot reserve), `{"output":
    /// value, "warnings": [...]}`, `{"result": CallToolResult}`, `{"failure": {"code":
    /// "rate_limited", ...}}`, `{"error": "message"}`, `{"cancelled": true}`.
    ///
    /// # Errors
    /// Any other shape (the adapter's programmer's error).
    pub fn from_json(outcome: &Value) -> Result<Self, Error> {
        Self::from_value(outcome.clone())
    }

    /// [`Self::from_json`] of an outcome the adapter owns: its output or result is moved, not
    /// copied.
    ///
    /// # Errors
    /// As [`Self::from_json`].
    pub fn from_value(outcome: Value) -> Result<Self, Error> {
        let bad = |why: String| Error::options(format!("an outcome {why}"));
        let Value::Object(mut o) = outcome else {
            return Err(Error::options(format!("an outcome must be a JSON object, got {outcome}")));
        };
        if let Some(stored) = o.remove("stored") {
            let stored = Some(stored).filter(|s| !s.is_null());
            return Ok(match o.get("atomic") {
                Some(Value::Bool(false)) => Self::Unreserved(stored),
                _ => Self::Stored(stored),
            });
        }
        if let Some(output) = o.remove("output") {
            let warnings = match o.remove("warnings") {
                None | Some(Value::Null) => Vec::new(),
                Some(w) => {
                    serde_json::from_value(w).map_err(|e| bad(format!("with warnings that are no warnings: {e}")))?
                }
            };
            return Ok(Self::Output(output, warnings));
        }
        if let Some(result) = o.remove("result") {
            return Ok(Self::Result(result));
        }
        if let Some(failure) = o.remove("failure") {
            let failure =
                serde_json::from_value(failure).map_err(|e| bad(format!("with a failure that is none: {e}")))?;
            return Ok(Self::Failure(failure));
        }
        if let Some(error) = o.remove("error") {
            return Ok(Self::Error(match error {
                Value::String(message) => message,
                other => other.to_string(),
            }));
        }
        if o.get("cancelled").is_some_and(|c| c == true) {
            return Ok(Self::Cancelled);
        }
        if o.is_empty() {
            return Ok(Self::Nothing);
        }
        Err(bad(format!(
            "with none of the keys stored, output, result, failure, error, cancelled: {}",
            Value::Object(o)
        )))
    }
}

/// Where a call stands between steps.
#[derive(Clone, Debug)]
enum Phase {
    /// A `Get` was asked for: the stored receipt comes next.
    Looking,
    /// The key is being reserved: the handler runs next, unless another call holds it.
    Reserving,
    /// The in-flight receipt is being put (a store that cannot reserve): the handler runs next.
    Marking,
    /// The handler runs.
    Running,
    /// A receipt is being put: then this answer (or nothing, after a cancel).
    Storing(Option<Value>),
    /// The call is over.
    Over,
}

/// One `tools/call` between its request and its answer.
#[derive(Clone, Debug)]
pub struct Call {
    spec: Arc<ToolSpec>,
    /// `Some(declares an outputSchema)` for a forwarded tool.
    forward: Option<bool>,
    key: Option<CursorCodec>,
    now: u64,
    read: ToolCall,
    answered: bool,
    run: Option<Run>,
    phase: Phase,
    /// How the call ended, so far ([`Call::record`]).
    verdict: Verdict,
    /// The question went to the person.
    asked_person: bool,
    /// The envelope and asks of an answer the contract gave (the read's own are in `read`).
    refusal: Option<(&'static str, Vec<(&'static str, String)>)>,
    /// An envelope's text content names no value ([`Lenient::values_in_text`](super::Lenient::values_in_text)).
    values_out_of_text: bool,
    /// The note codes the answer carries (the read's and the contract's: a replay, a preview),
    /// when it carries a list of them.
    answered_notes: Option<Vec<&'static str>>,
}

impl Call {
    /// A call of a tool declared as an agent-input spec, whose handler gets the canonical
    /// arguments; `key` is the server's (it seals questions and confirm tokens). Returns the
    /// call and its first step.
    pub fn own(spec: Arc<ToolSpec>, key: Option<&CursorCodec>, request: &Request) -> (Self, Step) {
        Self::start(spec, None, key, request, &System)
    }

    /// As [`Call::own`], the call read on `host` (its clock, its environment).
    pub fn own_in(spec: Arc<ToolSpec>, key: Option<&CursorCodec>, request: &Request, host: &dyn Host) -> (Self, Step) {
        Self::start(spec, None, key, request, host)
    }

    /// A call of a tool of a server somebody else wrote, made lenient: its framework's own
    /// handler runs with the canonical arguments. `output_schema` is true when the tool
    /// declares one (the envelope then goes as text only).
    pub fn forward(
        spec: Arc<ToolSpec>,
        output_schema: bool,
        key: Option<&CursorCodec>,
        request: &Request,
    ) -> (Self, Step) {
        Self::start(spec, Some(output_schema), key, request, &System)
    }

    /// As [`Call::forward`], the call read on `host`.
    pub fn forward_in(
        spec: Arc<ToolSpec>,
        output_schema: bool,
        key: Option<&CursorCodec>,
        request: &Request,
        host: &dyn Host,
    ) -> (Self, Step) {
        Self::start(spec, Some(output_schema), key, request, host)
    }

    /// The call as read (its notes, and warnings a handler may add to): for the handler.
    /// While a call without a contract runs, its `args` are null here: the run step holds
    /// them ([`Call::tool_call_at`] puts them back).
    pub const fn tool_call(&self) -> &ToolCall {
        &self.read
    }

    /// The call as read, with the arguments `step` holds when it is this call's run step: what
    /// a handler that takes the whole call gets.
    pub fn tool_call_at(&self, step: &Step) -> ToolCall {
        let mut read = self.read.clone();
        if let (ToolCall::Ok { args, .. }, Step::Run { arguments, .. }, None) = (&mut read, step, &self.run) {
            if args.is_null() {
                args.clone_from(arguments);
            }
        }
        read
    }

    /// The step that releases the call's idempotency key while its handler runs (`None`
    /// without one): for an adapter whose handler can be dropped mid-call, as a cancelled
    /// request's future is, to put when that happens.
    pub fn release(&self) -> Option<Step> {
        let pending = self.run.as_ref()?.receipt.as_ref()?;
        Some(Step::Put {
            tool: self.spec.name().to_owned(),
            key: pending.key.clone(),
            receipt: pending.release.clone(),
        })
    }

    /// The tool's spec.
    pub fn spec(&self) -> &ToolSpec {
        &self.spec
    }

    fn start(
        spec: Arc<ToolSpec>,
        forward: Option<bool>,
        key: Option<&CursorCodec>,
        request: &Request,
        host: &dyn Host,
    ) -> (Self, Step) {
        let now = request.now.unwrap_or_else(|| host.now());
        let args = &request.arguments;
        let mut call = Self {
            spec,
            forward,
            key: key.cloned(),
            now,
            read: ToolCall::Ok { args: Value::Null, notes: Vec::new(), warnings: Vec::new(), issues: Vec::new() },
            answered: false,
            run: None,
            phase: Phase::Over,
            verdict: Verdict::Passed,
            asked_person: false,
            refusal: None,
            values_out_of_text: false,
            answered_notes: None,
        };
        if forward.is_some() && !(args.is_null() || args.is_object()) {
            // The framework refuses arguments that are no object, as it does without us.
            return (call, Step::Pass);
        }
        if let Some(step) = call.retired(request).or_else(|| call.out_of_scope(request)) {
            return (call, step);
        }
        let state = request.request_state.as_deref().and_then(|s| s.strip_prefix(STATE_PREFIX));
        let cx = Context::new(host).with_today(request.today);
        call.read = match (key, state) {
            (Some(key), Some(state)) => {
                call.answered = true;
                let responses = request.input_responses.clone().unwrap_or(Value::Null);
                call.spec.read_answers_with(args, &responses, state, key, now, &cx)
            }
            _ => match &request.arguments_text {
                Some(text) => call.spec.read_json_in(text.as_bytes(), &cx),
                None => call.spec.read_in(args, &cx),
            },
        };
        if !matches!(call.read, ToolCall::Ok { .. }) {
            let step = call.refused(request);
            return (call, step);
        }
        if !call.spec.has_contract() {
            let step = call.running();
            return (call, step);
        }
        match call.spec.receipt_key(&call.read) {
            Some(key) => {
                call.phase = Phase::Looking;
                let tool = call.spec.name().to_owned();
                (call, Step::Get { tool, key })
            }
            None => {
                let step = call.gate(None);
                (call, step)
            }
        }
    }

    /// The answer to a call of a tool past its removal date: the `tool_retired` envelope, on
    /// the server's day (its `today`, else the UTC date of the call's `now`).
    fn retired(&mut self, request: &Request) -> Option<Step> {
        let deprecation = self.spec.deprecation()?;
        let today = request
            .today
            .or_else(|| chrono::DateTime::from_timestamp(i64::try_from(self.now).ok()?, 0).map(|t| t.date_naive()))?;
        if !deprecation.retired_on(today) {
            return None;
        }
        self.verdict = Verdict::Refused;
        let envelope = crate::tool::Envelope::tool_retired(self.spec.name(), deprecation);
        self.read = ToolCall::Error { envelope, notes: Vec::new(), warnings: Vec::new() };
        let result = self.envelope_result();
        Some(self.answer(result))
    }

    /// The answer to a call of a tool the request's token does not reach: the
    /// `insufficient_scope` envelope, naming every missing scope.
    fn out_of_scope(&mut self, request: &Request) -> Option<Step> {
        let out = self.spec.out_of_scope(request.grants.as_ref()?)?;
        self.verdict = Verdict::Refused;
        let envelope = crate::tool::Envelope::insufficient_scope(self.spec.name(), &out);
        self.read = ToolCall::Error { envelope, notes: Vec::new(), warnings: Vec::new() };
        let result = self.envelope_result();
        Some(self.answer(result))
    }

    /// The step of a call that did not read: a question to the person when the client can ask
    /// one and the tool's policy says so (never on a retry), the envelope otherwise.
    fn refused(&mut self, request: &Request) -> Step {
        self.verdict = Verdict::Asked;
        if let (Some(key), true, false) = (&self.key, request.can_ask, self.answered) {
            if let Some(mut question) = self.spec.ask_person(&self.read, &request.arguments, key, self.now) {
                self.asked_person = true;
                if let Some(Value::String(state)) = question.get_mut("requestState") {
                    state.insert_str(0, STATE_PREFIX);
                }
                return Step::Answer { result: question };
            }
        }
        Step::Answer { result: self.envelope_result() }
    }

    /// The result of the call's envelope ([`ToolCall::Error`]). A client checks a forwarded
    /// tool's `structuredContent` against its declared output schema: the envelope is then in
    /// the text content only.
    fn envelope_result(&self) -> Value {
        super::envelope_result(&self.read, self.forward == Some(true))
    }

    /// The contract's step with the receipt stored under the call's key.
    fn gate(&mut self, stored: Option<&Value>) -> Step {
        if self.forward.is_some() {
            // A drop-in's stored result is its server's own: the note goes beside it.
            if let Some((result, note)) = self.spec.replay(&self.read, stored, self.now) {
                self.verdict = Verdict::Replayed;
                let result = self.beside(result, [note]);
                return self.answer(result);
            }
        }
        match self.spec.gate(&self.read, stored, self.key.as_ref(), self.now) {
            Ok(Gate::Answer { result }) => {
                self.refusal = envelope_of(&result);
                self.verdict = match &self.refusal {
                    Some(("confirmation_required", _)) => Verdict::ConfirmationRequired,
                    Some(_) => Verdict::Refused,
                    None => Verdict::Replayed,
                };
                self.answer(result)
            }
            // A drop-in's own function takes no `dry_run`: the protocol previews the call itself.
            Ok(Gate::Run(run)) if self.forward.is_some() && run.preview.is_some() => {
                self.verdict = Verdict::Previewed;
                let result = self.previewed(&run);
                self.answer(result)
            }
            Ok(Gate::Run(run)) => {
                let reserve = run.receipt.as_ref().map(|p| (p.key.clone(), p.in_flight.clone()));
                self.run = Some(*run);
                match reserve {
                    // A retry that arrives while this runs asks instead of running the write twice.
                    Some((key, receipt)) => {
                        self.phase = Phase::Reserving;
                        Step::Reserve { tool: self.spec.name().to_owned(), key, receipt }
                    }
                    None => self.running(),
                }
            }
            Err(e) => {
                self.verdict = Verdict::Failed;
                self.answer(handler_failed(self.spec.name(), &format!("the server is misconfigured: {e}")))
            }
        }
    }

    /// The step after a reservation found `held` under the key: the gate's answer from it. A
    /// store that gives back a receipt no longer live did not reserve the key either: the call
    /// answers as one in progress rather than run the write unreserved.
    fn held(&mut self, held: &Value) -> Step {
        let held = if crate::tool::is_live(held, self.now) {
            held.clone()
        } else {
            let mut in_flight = held.clone();
            if let Some(o) = in_flight.as_object_mut() {
                o.insert("in_flight".into(), Value::Bool(true));
                o.insert("expires_at".into(), Value::from(self.now + 1));
            }
            in_flight
        };
        match self.gate(Some(&held)) {
            Step::Reserve { .. } | Step::Run { .. } => {
                self.verdict = Verdict::Failed;
                let name = self.spec.name().to_owned();
                self.answer(handler_failed(
                    &name,
                    "the receipt store neither reserved the key nor holds a receipt for it",
                ))
            }
            step => step,
        }
    }

    /// The store could not answer: `upstream_unavailable`, and the write does not run.
    fn store_unavailable(&mut self) -> Step {
        let failure = Failure::UpstreamUnavailable {
            upstream: Some("the receipt store".into()),
            retry_after_seconds: Some(STORE_RETRY_SECONDS),
        };
        let result = self.spec.failure_result(&failure);
        self.refusal = envelope_of(&result);
        self.verdict = Verdict::Refused;
        self.answer(result)
    }

    /// A store that cannot reserve gave `held` for the key: the gate's answer from a live
    /// receipt, else a `Put` of the `in_flight` one (two calls at the same instant can both
    /// pass: said in [`Outcome::Unreserved`]).
    fn mark(&mut self, held: Option<&Value>) -> Step {
        if let Some(held) = held.filter(|h| crate::tool::is_live(h, self.now)) {
            return self.held(&held.clone());
        }
        let pending = self.run.as_ref().and_then(|r| r.receipt.as_ref());
        match pending.map(|p| (p.key.clone(), p.in_flight.clone())) {
            Some((key, receipt)) => {
                self.phase = Phase::Marking;
                Step::Put { tool: self.spec.name().to_owned(), key, receipt }
            }
            None => self.running(),
        }
    }

    fn running(&mut self) -> Step {
        self.phase = Phase::Running;
        let mut arguments = self.canonical();
        if self.forward.is_some() && self.spec.confirms() {
            // Applied with its preview's token: the server's own function takes no `dry_run`.
            if let Value::Object(o) = &mut arguments {
                o.remove(crate::tool::DRY_RUN);
            }
        }
        Step::Run { arguments, answered: self.answered }
    }

    /// The preview of a confirmed drop-in tool's call, answered by the protocol: the canonical
    /// arguments the call would apply and the `confirmation` whose token applies them, with
    /// the `dry_run_preview` note beside it. Nothing runs.
    fn previewed(&self, run: &Run) -> Value {
        let mut arguments = run.args.clone();
        if let Value::Object(o) = &mut arguments {
            o.remove(crate::tool::DRY_RUN);
        }
        let confirmation = run.preview.as_ref().map_or(Value::Null, crate::tool::confirmation);
        let structured = serde_json::json!({
            "preview": {"tool": self.spec.name(), "arguments": arguments},
            "confirmation": confirmation,
        });
        let mut result = serde_json::json!({
            "content": [{"type": "text", "text": crate::input::json_text(&structured)}],
            "structuredContent": structured,
            "isError": false,
        });
        if self.forward == Some(true) {
            if let Value::Object(o) = &mut result {
                o.remove("structuredContent");
            }
        }
        self.beside(result, run.notes.iter().cloned().chain([self.spec.preview_note()]))
    }

    /// A forwarded tool's `result` with the call's notes block: `extra` notes (the contract's,
    /// a replay's, a preview's) after the call's own.
    fn beside(&self, result: Value, extra: impl IntoIterator<Item = Note>) -> Value {
        let mut extra = extra.into_iter().peekable();
        if extra.peek().is_none() {
            return with_notes(result, &self.read);
        }
        let mut read = self.read.clone();
        if let ToolCall::Ok { notes, .. } = &mut read {
            notes.extend(extra);
        }
        with_notes(result, &read)
    }

    /// The arguments the handler gets: the contract's (with `dry_run` on a confirmed tool), or
    /// the canonical ones, taken out of the read rather than copied (without a contract nothing
    /// reads them again; [`Call::tool_call_at`] gives them back to a handler that takes the
    /// whole call).
    fn canonical(&mut self) -> Value {
        match (&self.run, &mut self.read) {
            (Some(run), _) => run.args.clone(),
            (None, ToolCall::Ok { args, .. }) => std::mem::take(args),
            (None, ToolCall::Error { .. }) => Value::Null,
        }
    }

    fn answer(&mut self, mut result: Value) -> Step {
        self.phase = Phase::Over;
        if self.values_out_of_text && self.envelope_of_its_own() {
            super::values_out_of_text(&mut result);
        }
        if self.run.is_some() || matches!(self.verdict, Verdict::Replayed | Verdict::Previewed) {
            // The contract adds notes of its own (a replay, a preview, a token left out).
            self.answered_notes = super::record::notes_of(&result);
        }
        Step::Answer { result }
    }

    /// The call's answer is an envelope the protocol made (a read that asks, a refusal of the
    /// contract, a handler's throttle), not a result of the server's own.
    const fn envelope_of_its_own(&self) -> bool {
        matches!(self.verdict, Verdict::Asked | Verdict::Refused | Verdict::ConfirmationRequired)
    }

    /// The call with its envelopes' text content naming no value, from its first `step` on.
    pub(super) fn values_out_of_text(mut self, out: bool, step: Step) -> (Self, Step) {
        self.values_out_of_text = out;
        let step = match step {
            Step::Answer { mut result } if out && self.envelope_of_its_own() => {
                super::values_out_of_text(&mut result);
                Step::Answer { result }
            }
            step => step,
        };
        (self, step)
    }

    /// The next step, from the outcome of the one before.
    ///
    /// # Errors
    /// An outcome the step did not ask for (a `Result` for an own tool's `Run`, an outcome
    /// after the call is over): the adapter's programmer's error.
    pub fn resume(&mut self, outcome: Outcome) -> Result<Step, Error> {
        match (std::mem::replace(&mut self.phase, Phase::Over), outcome) {
            (Phase::Looking | Phase::Reserving, Outcome::Stored(Some(held)) | Outcome::Unreserved(Some(held)))
                if held.get(STORE_UNAVAILABLE).is_some() =>
            {
                Ok(self.store_unavailable())
            }
            (Phase::Looking, Outcome::Stored(stored)) => Ok(self.gate(stored.as_ref())),
            (Phase::Reserving, Outcome::Stored(None)) => Ok(self.running()),
            // Another call holds the key (it reserved it first, or it has been applied since):
            // the gate answers from what it holds (in progress, replayed, or reused).
            (Phase::Reserving, Outcome::Stored(Some(held))) => Ok(self.held(&held)),
            (Phase::Reserving, Outcome::Unreserved(held)) => Ok(self.mark(held.as_ref())),
            (Phase::Marking, Outcome::Nothing) => Ok(self.running()),
            (Phase::Storing(Some(result)), Outcome::Nothing) => Ok(Step::Answer { result }),
            (Phase::Storing(None), Outcome::Nothing) => Ok(Step::Done),
            (Phase::Running, outcome) => self.ran(outcome),
            (phase, outcome) => Err(Error::options(format!(
                "the call of `{}` did not ask for {outcome:?} ({phase:?})",
                self.spec.name()
            ))),
        }
    }

    /// The step after the handler ran.
    fn ran(&mut self, outcome: Outcome) -> Result<Step, Error> {
        let name = self.spec.name().to_owned();
        let answer = match (self.forward, outcome) {
            (None, Outcome::Output(output, warnings)) => return Ok(self.finished(&output, warnings)),
            (Some(_), Outcome::Result(result)) => return Ok(self.forwarded(result)),
            (_, Outcome::Failure(failure)) => {
                let result = self.spec.failure_result(&failure);
                self.refusal = envelope_of(&result);
                self.verdict = Verdict::Refused;
                Some(result)
            }
            (None, Outcome::Error(message)) => {
                self.verdict = Verdict::Failed;
                Some(handler_failed(&name, &message))
            }
            (Some(_), Outcome::Error(_)) => {
                self.verdict = Verdict::Failed;
                None
            }
            (_, Outcome::Cancelled) => {
                self.verdict = Verdict::Cancelled;
                None
            }
            (_, outcome) => {
                self.phase = Phase::Running;
                return Err(Error::options(format!("the handler of `{name}` ran; {outcome:?} is no outcome of it")));
            }
        };
        // The handler failed: its write did not apply, so the key is released for the retry.
        Ok(self.store_then(|p| Some(p.release.clone()), answer))
    }

    /// Puts the receipt `pick` gives (when the call has a key), then answers `answer`.
    fn store_then(&mut self, pick: impl FnOnce(&crate::tool::Pending) -> Option<Value>, answer: Option<Value>) -> Step {
        let pending = self.run.as_ref().and_then(|r| r.receipt.as_ref());
        match pending.and_then(|p| pick(p).map(|receipt| (p.key.clone(), receipt))) {
            Some((key, receipt)) => {
                self.phase = Phase::Storing(answer);
                Step::Put { tool: self.spec.name().to_owned(), key, receipt }
            }
            None => match answer {
                Some(result) => self.answer(result),
                None => Step::Done,
            },
        }
    }

    /// An own tool's handler returned `output`.
    fn finished(&mut self, output: &Value, added: Vec<Warning>) -> Step {
        if let ToolCall::Ok { warnings, .. } = &mut self.read {
            warnings.extend(added);
        }
        self.verdict = self.ran_verdict(false);
        if self.run.as_ref().is_some_and(|r| r.preview.is_some()) {
            self.verdict = Verdict::Previewed;
        }
        let Some(run) = &self.run else {
            let result = self.read.to_call_tool_result(output);
            return self.answer(result);
        };
        let finished = self.spec.finish(&self.read, run, output, self.now);
        let receipt = finished.receipt;
        self.store_then(|_| receipt, Some(finished.result))
    }

    /// A forwarded tool's framework answered `result`: the notes block is added, and a write
    /// with a key stores it as its receipt (an `isError` result releases the key instead).
    fn forwarded(&mut self, result: Value) -> Step {
        // A failed call applied nothing, and a question is no result: the key is released.
        let is_error = result.get("isError").is_some_and(|e| e == true);
        let question = result.get("resultType").is_some_and(|t| t == "input_required");
        let failed = is_error || result.get("resultType").is_some_and(|t| t != "complete");
        self.verdict = if question { Verdict::Asked } else { self.ran_verdict(is_error) };
        self.asked_person |= question;
        // The receipt keeps the server's result as it gave it (a replay adds its own notes);
        // it is made only for a write with a key.
        let pending = self.run.as_ref().and_then(|r| r.receipt.as_ref());
        let receipt =
            pending.map(|p| if failed { p.release.clone() } else { crate::tool::receipt(p, &result, self.now) });
        let answer = self.beside(result, self.run.iter().flat_map(|r| r.notes.iter().cloned()));
        self.store_then(|_| receipt, Some(answer))
    }

    /// How a call whose handler answered ended: `failed` for an `isError` result, else
    /// `repaired` when the read made repairs, `ok` when it made none.
    fn ran_verdict(&self, is_error: bool) -> Verdict {
        match &self.read {
            _ if is_error => Verdict::Failed,
            ToolCall::Ok { notes, .. } if !notes.is_empty() => Verdict::Repaired,
            _ => Verdict::Ok,
        }
    }

    /// What telemetry keeps of the call so far (once its step is an answer, `Pass` or `Done`:
    /// of the whole call): the tool, how it ended, the codes and paths. Never a value.
    pub fn record(&self) -> Record {
        let mut record = Record::of(self.spec.name(), &self.read, self.verdict);
        if let Some(notes) = &self.answered_notes {
            record.notes.clone_from(notes);
        }
        record.answered = self.answered;
        if self.asked_person {
            record.asked_person = true;
            record.is_error = false;
            record.envelope = None;
        }
        if let Some((code, issues)) = &self.refusal {
            record.envelope = Some(*code);
            record.is_error = true;
            record.take_issues(issues.iter().map(|(c, p)| (*c, p.as_str())));
        }
        if self.verdict == Verdict::Failed {
            record.is_error = true;
        }
        record
    }
}
