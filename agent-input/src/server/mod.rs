//! [`ToolServer`]: tool specs and their handlers behind rmcp's [`ServerHandler`], so a Rust MCP
//! server on the official SDK writes only its handlers (feature `rmcp`).
//!
//! rmcp's typed `Parameters<T>` deserialises the arguments before a handler runs, so `"4 000"`
//! for an integer is refused before any lenient reader sees it. A `ToolServer` routes
//! `tools/list` and `tools/call` itself:
//!
//! - `tools/list` advertises each spec's [`ToolSpec::definition`]: the `inputSchema` that
//!   accepts every spelling the reader reads, and the annotations its side effects declare
//!   (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`);
//! - the contract around a call ([`ToolSpec::gate`]): a destructive tool declared
//!   `"confirm": true` previews (`dry_run`) and applies only with its preview's `confirm_token`
//!   (sealed with [`ToolServer::key`]); a write with an idempotency key replays its stored
//!   receipt ([`ToolServer::receipts`]) on a retry; a handler's
//!   [`HandlerError::rate_limited`] or [`HandlerError::upstream_unavailable`] is the envelope
//!   the model acts on;
//! - `tools/call` reads the raw arguments through the spec. An ask or an envelope comes back
//!   as an `isError` result carrying the envelope (text and `structuredContent`) and the
//!   handler does not run; otherwise the handler gets the canonical arguments ([`ToolArgs`],
//!   typed with [`ToolArgs::parse`]) and its output goes back with the notes and warnings
//!   beside it ([`ToolCall::to_call_tool_result`]).
//! - asks a person answers: with a key ([`ToolServer::person_key`]), a tool (or property)
//!   declared `"answered_by": "user"` answers an ambiguous call with an `input_required`
//!   result (MCP 2026-07-28) when the client declared form elicitation on a 2026-07-28
//!   connection, and reads the retry's answers ([`ToolSpec::read_answers`]); otherwise, and
//!   for older clients, the envelope goes to the model as always.
//!
//! ```no_run
//! # // no_run: serving needs a transport; tests drive a ToolServer over an in-memory duplex.
//! use agent_input::server::{HandlerError, ToolArgs, ToolServer};
//! use agent_input::tool::ToolSpec;
//! use rmcp::ServiceExt;
//!
//! #[derive(serde::Deserialize)]
//! struct Search { query: String, limit: u32 }
//!
//! # async fn run(transport: tokio::io::DuplexStream) -> Result<(), Box<dyn std::error::Error>> {
//! let spec = ToolSpec::from_json(&serde_json::json!({"name": "search",
//!     "properties": {"query": {"kind": "text", "required": true}, "limit": {"max": 50}}}))?;
//! let server = ToolServer::new("courts", "1.0.0").tool(spec, |args: ToolArgs| async move {
//!     let search: Search = args.parse()?; // "4 000" arrived as 50, with a note
//!     Ok::<_, HandlerError>(serde_json::json!({"query": search.query, "limit": search.limit}))
//! });
//! server.serve(transport).await?.waiting().await?;
//! # Ok(()) }
//! ```

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

mod lenient;

pub use lenient::Lenient;

use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, CallToolResult, ErrorData, Implementation, InputRequests,
    InputRequiredResult, JsonObject, ListToolsResult, PaginatedRequestParams, ResultType, ServerCapabilities,
    ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{RoleServer, ServerHandler};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};

use tracing::Instrument as _;

use crate::context::Stopwatch;
use crate::cursor::CursorCodec;
use crate::outcome::{Note, Warning};
use crate::protocol::{handler_failed, Call, Outcome, Request, Step, FAILURE_KEY};
use crate::telemetry::CallSpan;
use crate::tool::scopes::Grants;
use crate::tool::{Failure, MemoryReceipts, ReceiptStore, ToolCall, ToolSpec};

/// The canonical arguments of a call, handed to its handler.
#[derive(Clone, Debug)]
pub struct ToolArgs {
    args: Value,
    notes: Vec<Note>,
}

impl ToolArgs {
    /// The canonical arguments as JSON (`{"limit": 50, "date_from": "2026-10-01"}`).
    pub fn json(&self) -> &Value {
        &self.args
    }

    /// The canonical arguments as a typed struct, through serde: the values are canonical, so
    /// a struct with the kinds' Rust types (`u32`, `chrono::NaiveDate`, `String`) reads them
    /// without any leniency of its own.
    ///
    /// # Errors
    /// The struct does not match the spec (a programmer error), as a [`HandlerError`].
    pub fn parse<T: DeserializeOwned>(&self) -> Result<T, HandlerError> {
        serde_json::from_value(self.args.clone())
            .map_err(|e| HandlerError::new(format!("the arguments do not fit the handler's type: {e}")))
    }

    /// The notes of the repairs the reader made (each with its path).
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }
}

/// A failure of the handler itself (not of the caller's input): the call returns an
/// `isError` result with this message, or, for a throttle or an upstream that did not answer,
/// the envelope `rate_limited` or `upstream_unavailable` saying when to retry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandlerError {
    message: String,
    failure: Option<Failure>,
}

impl HandlerError {
    /// A failure with a message for the caller.
    pub fn new(message: impl Into<String>) -> Self {
        Self { message: message.into(), failure: None }
    }

    /// The server's rate limit for the tool was reached: the model is told to call again after
    /// `retry_after_seconds`, and how many calls are left in the window when given.
    pub fn rate_limited(retry_after_seconds: u64, remaining_calls: Option<u64>) -> Self {
        Self {
            message: format!("rate limited; retry after {retry_after_seconds} s"),
            failure: Some(Failure::RateLimited { retry_after_seconds, remaining_calls }),
        }
    }

    /// A service the tool depends on (`upstream`, named for the model) did not answer: the
    /// model is told to retry the same call (with the same idempotency key), after
    /// `retry_after_seconds` when given.
    pub fn upstream_unavailable(upstream: Option<&str>, retry_after_seconds: Option<u64>) -> Self {
        Self {
            message: format!("{} did not answer", upstream.unwrap_or("a service the tool depends on")),
            failure: Some(Failure::UpstreamUnavailable { upstream: upstream.map(str::to_owned), retry_after_seconds }),
        }
    }

    /// The throttle or upstream failure this error carries, if any.
    pub const fn failure(&self) -> Option<&Failure> {
        self.failure.as_ref()
    }
}

impl std::fmt::Display for HandlerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for HandlerError {}

/// A handler's error as rmcp's, for a tool of an rmcp server (`#[tool]`) made lenient by
/// [`Lenient`]: a throttle or an upstream failure travels in its `data` under
/// [`FAILURE_KEY`], and `Lenient` answers it with its envelope.
impl From<HandlerError> for ErrorData {
    fn from(e: HandlerError) -> Self {
        let data = e.failure.as_ref().and_then(|f| serde_json::to_value(f).ok()).map(|f| json!({FAILURE_KEY: f}));
        Self::internal_error(e.message, data)
    }
}

/// What a handler returns: its output, and warnings it adds (`no_hits_filtered` on an empty
/// filtered page).
#[derive(Clone, Debug, PartialEq)]
pub struct Reply {
    output: Value,
    warnings: Vec<Warning>,
}

impl Reply {
    /// The handler's output.
    pub fn new(output: Value) -> Self {
        Self { output, warnings: Vec::new() }
    }

    /// Adds a warning beside the output.
    #[must_use]
    pub fn warning(mut self, warning: Warning) -> Self {
        self.warnings.push(warning);
        self
    }
}

impl From<Value> for Reply {
    fn from(output: Value) -> Self {
        Self::new(output)
    }
}

type BoxFuture = Pin<Box<dyn Future<Output = Result<Reply, HandlerError>> + Send>>;
type Handler = Arc<dyn Fn(ToolArgs) -> BoxFuture + Send + Sync>;

/// Tool specs with their handlers: an rmcp [`ServerHandler`].
#[derive(Clone)]
pub struct ToolServer {
    info: Implementation,
    instructions: Option<String>,
    tools: Vec<(Arc<ToolSpec>, Handler)>,
    person_key: Option<CursorCodec>,
    receipts: Arc<dyn ReceiptStore>,
    today: Option<Today>,
    read_only_scopes: Vec<String>,
}

/// The OAuth scopes a request's bearer token grants, as the server's HTTP middleware verified
/// them: inserted into the HTTP request's extensions (axum's
/// `request.extensions_mut().insert(GrantedScopes(scopes))`), it makes a [`ToolServer`] or
/// [`Lenient`] list only the tools the token reaches (`cacheScope: "private"`) and answer a call
/// of any other with the `insufficient_scope` envelope ([`crate::tool::scopes`]). Over stdio, or
/// with no middleware, nothing is filtered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GrantedScopes(pub Vec<String>);

/// The grants of a request: the [`GrantedScopes`] its HTTP request carries (rmcp's Streamable
/// HTTP server keeps the request's parts in the context), or the context's own; `None` without.
pub(crate) fn grants(context: &RequestContext<RoleServer>, read_only_scopes: &[String]) -> Option<Grants> {
    let from_http = context.extensions.get::<http::request::Parts>().and_then(|p| p.extensions.get::<GrantedScopes>());
    let granted = from_http.or_else(|| context.extensions.get::<GrantedScopes>())?;
    Some(Grants::new(&granted.0, read_only_scopes))
}

/// A listing as a request with `grants` sees it ([`crate::tool::scopes::granted_list`]): the
/// tools it does not reach left out, marked private when it varies by token.
pub(crate) fn granted_tools(mut listed: ListToolsResult, grants: Option<&Grants>) -> ListToolsResult {
    let Some(grants) = grants else { return listed };
    let as_json = serde_json::json!({"tools": serde_json::to_value(&listed.tools).unwrap_or(Value::Null)});
    let kept = crate::tool::scopes::granted_list(&as_json, grants);
    let names: Vec<&str> =
        kept["tools"].as_array().into_iter().flatten().filter_map(|t| t.get("name").and_then(Value::as_str)).collect();
    listed.tools.retain(|t| names.contains(&t.name.as_ref()));
    if kept.get("cacheScope").and_then(Value::as_str) == Some("private") {
        listed.cache_scope = Some(CacheScope::Private);
    }
    listed
}

/// The day a server reads each call's relative words against ([`ToolServer::today`],
/// [`Lenient::today`]), asked for at each call.
pub type Today = Arc<dyn Fn() -> chrono::NaiveDate + Send + Sync>;

/// What a call can do about asking a person, and what it brings back from one.
#[derive(Clone, Debug, Default)]
pub struct Asking {
    /// The client can ask a person: form elicitation on a 2026-07-28 connection.
    pub can_ask: bool,
    /// A retry's `inputResponses`.
    pub input_responses: Option<Value>,
    /// A retry's `requestState`.
    pub request_state: Option<String>,
    /// The connection's MCP revision, for telemetry (`mcp.protocol.version`).
    pub protocol_version: Option<String>,
    /// What the request's token grants (`None`: no auth context, nothing is checked).
    pub grants: Option<Grants>,
}

/// The answer to a `tools/call`.
#[derive(Clone, Debug, PartialEq)]
pub enum Response {
    /// A `CallToolResult`, as JSON.
    Result(Value),
    /// An `input_required` result asking the person (`{"resultType", "inputRequests", "requestState"}`).
    InputRequired(Value),
}

impl std::fmt::Debug for ToolServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.tools.iter().map(|(s, _)| s.name()).collect();
        f.debug_struct("ToolServer").field("name", &self.info.name).field("tools", &names).finish()
    }
}

impl ToolServer {
    /// A server with this name and version, and no tools yet.
    pub fn new(name: &str, version: &str) -> Self {
        Self {
            info: Implementation::new(name, version),
            instructions: None,
            tools: Vec::new(),
            person_key: None,
            receipts: Arc::new(MemoryReceipts::default()),
            today: None,
            read_only_scopes: Vec::new(),
        }
    }

    /// The scopes that grant reading only: a token that grants only these sees no tool that may
    /// write, and a call of one answers `insufficient_scope` ([`GrantedScopes`]).
    #[must_use]
    pub fn read_only_scopes(mut self, scopes: &[&str]) -> Self {
        self.read_only_scopes = scopes.iter().map(|s| (*s).to_owned()).collect();
        self
    }

    /// The day each call's relative words are read against (`"yesterday"`, `"last month"`),
    /// asked for at each call: `|| chrono::Utc::now().date_naive()` for UTC's, or the server's
    /// zone's. Without it such words ask `relative_date_without_today`, naming the absolute
    /// date to send. A property's own `today` option still wins, and a day outside the years
    /// dates are written in (0002 to 9998) is ignored.
    #[must_use]
    pub fn today(mut self, today: impl Fn() -> chrono::NaiveDate + Send + Sync + 'static) -> Self {
        self.today = Some(Arc::new(today));
        self
    }

    /// The server's instructions for the model.
    #[must_use]
    pub fn instructions(mut self, text: &str) -> Self {
        self.instructions = Some(text.to_owned());
        self
    }

    /// The key that seals questions to a person (usually the server's cursor codec): with it,
    /// tools declared `"answered_by": "user"` ask the person when the client can.
    #[must_use]
    pub fn person_key(mut self, codec: CursorCodec) -> Self {
        self.person_key = Some(codec);
        self
    }

    /// The server's key (usually its cursor codec): it seals questions to a person and the
    /// `confirm_token`s of destructive tools declared `"confirm": true` (which need it).
    #[must_use]
    pub fn key(self, codec: CursorCodec) -> Self {
        self.person_key(codec)
    }

    /// Where receipts of writes are kept (a tool with an idempotency key property replays a
    /// retry's stored result): [`MemoryReceipts`] by default; a server with several processes
    /// or restarts plugs its database in through [`ReceiptStore`].
    #[must_use]
    pub fn receipts(mut self, store: Arc<dyn ReceiptStore>) -> Self {
        self.receipts = store;
        self
    }

    /// Adds a tool: its spec and the handler that runs with its canonical arguments.
    #[must_use]
    pub fn tool<F, Fut, R>(mut self, spec: ToolSpec, handler: F) -> Self
    where
        F: Fn(ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<R, HandlerError>> + Send + 'static,
        R: Into<Reply>,
    {
        let handler: Handler = Arc::new(move |args| {
            let fut = handler(args);
            Box::pin(async move { fut.await.map(Into::into) })
        });
        self.tools.push((Arc::new(spec), handler));
        self
    }

    /// The MCP definitions of the tools, as `tools/list` advertises them.
    pub fn definitions(&self) -> Vec<Value> {
        self.tools.iter().map(|(spec, _)| spec.definition()).collect()
    }

    /// Reads a call through its tool's spec and runs the handler when the arguments read:
    /// the MCP `CallToolResult` as JSON. `None` for an unknown tool.
    pub async fn call(&self, name: &str, arguments: Value) -> Option<Value> {
        match self.respond(name, arguments, &Asking::default()).await? {
            Response::Result(result) | Response::InputRequired(result) => Some(result),
        }
    }

    /// [`call`](Self::call), with what the client can do about asking a person: an ambiguous
    /// call under the user policy asks the person when `asking.can_ask`; a retry's answers are
    /// read. `None` for an unknown tool. The rules are the protocol's ([`crate::protocol`]):
    /// this only runs its steps.
    pub async fn respond(&self, name: &str, arguments: Value, asking: &Asking) -> Option<Response> {
        let (spec, handler) = self.tools.iter().find(|(s, _)| s.name() == name)?;
        let request = asking.request(arguments, self.today.as_ref());
        let mut span = CallSpan::start(name, asking.protocol_version.as_deref());
        let watch = Stopwatch::start();
        let (mut call, step) = Call::own(Arc::clone(spec), self.person_key.as_ref(), &request);
        span.read(watch.seconds());
        let response = self.steps(&mut call, step, handler).instrument(span.span().clone()).await;
        span.end(&call);
        response
    }

    /// The steps of `call` from `step`, its handler `handler`.
    async fn steps(&self, call: &mut Call, mut step: Step, handler: &Handler) -> Option<Response> {
        let name = call.spec().name().to_owned();
        loop {
            let outcome = match step {
                Step::Answer { result } => return Some(Response::of(result)),
                Step::Pass | Step::Done => return None,
                store @ (Step::Get { .. } | Step::Reserve { .. } | Step::Put { .. }) => store.done_in(&*self.receipts),
                Step::Run { arguments, .. } => {
                    // A handler dropped mid-call (its request cancelled) releases its key.
                    let guard = Release::new(&*self.receipts, call.release());
                    let notes = call_notes(call.tool_call());
                    let ran = handler(ToolArgs { args: arguments, notes }).await;
                    guard.disarm();
                    match ran {
                        Ok(reply) => Outcome::Output(reply.output, reply.warnings),
                        Err(e) => {
                            e.failure().map_or_else(|| Outcome::Error(e.to_string()), |f| Outcome::Failure(f.clone()))
                        }
                    }
                }
            };
            step =
                call.resume(outcome).unwrap_or_else(|e| Step::Answer { result: handler_failed(&name, &e.to_string()) });
        }
    }

    fn tool_list(&self) -> Vec<Tool> {
        self.tools
            .iter()
            .map(|(spec, _)| {
                let definition = spec.definition();
                let schema: JsonObject = match definition.get("inputSchema") {
                    Some(Value::Object(o)) => o.clone(),
                    _ => JsonObject::new(),
                };
                let description = definition["description"].as_str().unwrap_or_default().to_owned();
                let annotations: ToolAnnotations =
                    serde_json::from_value(spec.annotations()).unwrap_or_else(|_| ToolAnnotations::new());
                let tool = Tool::new(spec.name().to_owned(), description, schema).with_annotations(annotations);
                match definition.get("_meta").cloned().map(serde_json::from_value) {
                    Some(Ok(meta)) => tool.with_meta(meta),
                    _ => tool,
                }
            })
            .collect()
    }
}

impl ServerHandler for ToolServer {
    fn get_info(&self) -> ServerConfig {
        let mut config =
            ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_server_info(self.info.clone());
        config.instructions.clone_from(&self.instructions);
        config
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let grants = grants(&context, &self.read_only_scopes);
        Ok(granted_tools(ListToolsResult::with_all_items(self.tool_list()), grants.as_ref()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut asking = asking(&request, &context);
        asking.grants = grants(&context, &self.read_only_scopes);
        let arguments = request.arguments.map_or(Value::Null, Value::Object);
        let Some(response) = self.respond(&request.name, arguments, &asking).await else {
            let names: Vec<&str> = self.tools.iter().map(|(s, _)| s.name()).collect();
            return Err(ErrorData::invalid_params(crate::protocol::unknown_tool(&request.name, &names), None));
        };
        to_rmcp(response)
    }
}

/// The notes of a call that read.
fn call_notes(call: &ToolCall) -> Vec<Note> {
    match call {
        ToolCall::Ok { notes, .. } | ToolCall::Error { notes, .. } => notes.clone(),
    }
}

/// Puts a key's release receipt when dropped armed: a handler whose request was cancelled
/// (its future dropped) leaves its key free for the retry.
pub(crate) struct Release<'a> {
    store: &'a dyn ReceiptStore,
    put: Option<(String, String, Value)>,
}

impl<'a> Release<'a> {
    pub(crate) fn new(store: &'a dyn ReceiptStore, put: Option<Step>) -> Self {
        let put = match put {
            Some(Step::Put { tool, key, receipt }) => Some((tool, key, receipt)),
            _ => None,
        };
        Self { store, put }
    }

    pub(crate) fn disarm(mut self) {
        self.put = None;
    }
}

impl Drop for Release<'_> {
    fn drop(&mut self) {
        if let Some((tool, key, receipt)) = self.put.take() {
            self.store.put(&tool, &key, receipt);
        }
    }
}

impl Asking {
    /// The protocol's request of a call with these arguments, read against the server's day.
    pub(crate) fn request(&self, arguments: Value, today: Option<&Today>) -> Request {
        Request {
            arguments,
            arguments_text: None,
            request_state: self.request_state.clone(),
            input_responses: self.input_responses.clone(),
            can_ask: self.can_ask,
            today: today.map(|today| today()),
            now: None,
            grants: self.grants.clone(),
        }
    }
}

impl Response {
    /// The response of a result the protocol answered: a question or a `CallToolResult`.
    pub(crate) fn of(result: Value) -> Self {
        if result.get("resultType").is_some_and(|t| t == "input_required") {
            Self::InputRequired(result)
        } else {
            Self::Result(result)
        }
    }
}

/// What the client of a request can do about asking a person, and the answers it brings.
pub(crate) fn asking(request: &CallToolRequestParams, context: &RequestContext<RoleServer>) -> Asking {
    let version = context.protocol_version().and_then(|v| serde_json::to_value(v).ok());
    let capabilities = context.client_capabilities().and_then(|c| serde_json::to_value(c).ok()).unwrap_or(Value::Null);
    Asking {
        can_ask: crate::protocol::can_ask(version.as_ref().and_then(Value::as_str), &capabilities),
        input_responses: request.input_responses.clone().map(|r| serde_json::to_value(r).unwrap_or(Value::Null)),
        request_state: request.request_state.clone(),
        protocol_version: version.as_ref().and_then(Value::as_str).map(str::to_owned),
        grants: None,
    }
}

/// A [`Response`] as rmcp's: a complete result carries `resultType: "complete"` (MCP
/// 2026-07-28 requires it, and rmcp takes it away for older peers), a question is an
/// `input_required` result.
pub(crate) fn to_rmcp(response: Response) -> Result<CallToolResponse, ErrorData> {
    match response {
        Response::Result(result) => Ok(complete(result)?.into()),
        Response::InputRequired(question) => {
            let requests: InputRequests = serde_json::from_value(question["inputRequests"].clone())
                .map_err(|e| ErrorData::internal_error(format!("a question rmcp cannot send: {e}"), None))?;
            let state = question["requestState"].as_str().map(str::to_owned);
            Ok(CallToolResponse::InputRequired(InputRequiredResult::new(Some(requests), state)))
        }
    }
}

/// A `CallToolResult` from its JSON, marked complete.
pub(crate) fn complete(result: Value) -> Result<CallToolResult, ErrorData> {
    let mut result: CallToolResult = serde_json::from_value(result)
        .map_err(|e| ErrorData::internal_error(format!("a result that is not a CallToolResult: {e}"), None))?;
    result.result_type = Some(ResultType::COMPLETE);
    Ok(result)
}
