//! [`Lenient`]: any rmcp [`ServerHandler`] made lenient, its tools unchanged.
//!
//! A `#[tool_router]` server types its arguments with `Parameters<T>`, and serde refuses
//! `"4 000"` for a `u32` before the tool runs. Wrapped in `Lenient`, the same server:
//!
//! - advertises, in `tools/list`, the lenient `inputSchema` of each tool, made from the schema
//!   schemars wrote for it ([`ToolSpec::from_input_schema`]: the mapping table is there);
//! - reads each `tools/call`'s arguments through that spec before the tool sees them: when they
//!   read, the wrapped server runs with the canonical arguments (its own `Parameters<T>` still
//!   checks what no kind reads); the notes and warnings reach the caller beside the result, as
//!   one more text content (`{"notes": […], "warnings": […]}`) and in `_meta` under
//!   `agent-input/notes` and `agent-input/warnings`; the result's `structuredContent` is the
//!   tool's own;
//! - answers a call that does not read with the envelope (`isError`, the envelope as text, and
//!   as `structuredContent` unless the tool declares an `outputSchema`), or, for a tool whose
//!   overrides say `"answered_by": "user"` and a server key ([`Lenient::person_key`]), with an
//!   `input_required` question to the person when the client can ask one.
//!
//! Every other request goes to the wrapped server unchanged.
//!
//! ```no_run
//! # // no_run: serving needs a transport; the example server's tests drive one over stdio.
//! use agent_input::server::Lenient;
//! use rmcp::ServiceExt;
//! # #[derive(Clone)] struct Courts;
//! # impl rmcp::ServerHandler for Courts {}
//! # async fn run(transport: tokio::io::DuplexStream) -> Result<(), Box<dyn std::error::Error>> {
//! let courts = serde_json::json!([{"id": "NS", "names": ["Nejvyšší soud"]}]);
//! let server = Lenient::new(Courts)
//!     .tool("search_decisions", serde_json::json!({"properties": {"court": {"kind": "vocabulary", "entries": courts}}}))
//!     .leave("admin_reset");
//! server.serve(transport).await?.waiting().await?; // rmcp::transport::stdio() in a binary
//! # Ok(()) }
//! ```

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam, CompleteRequestParams,
    CompleteResult, CustomNotification, CustomRequest, CustomResult, DiscoverResult, ErrorData, GetPromptRequestParams,
    GetPromptResponse, GetSkillRequestParams, GetSkillResult, GetTaskParams, GetTaskResult, InitializeRequestParams,
    InitializeResult, JsonObject, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult,
    ListSkillsResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ProtocolVersion,
    ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult, ReadResourceRequestParams, ReadResourceResponse,
    ServerConfig, SubscribeRequestParams, SubscriptionFilter, Tool, UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{RoleServer, ServerHandler};
use serde_json::Value;

use tracing::Instrument as _;

use super::{asking, granted_tools, grants, to_rmcp, Release, Response, Today};
use crate::context::Stopwatch;
use crate::cursor::CursorCodec;
use crate::protocol::{Call, Listed, Outcome, Step, FAILURE_KEY};
use crate::telemetry::CallSpan;
use crate::tool::{MemoryReceipts, ReceiptStore, ToolSpec};

/// An rmcp server whose tools read their arguments leniently: see the module doc.
pub struct Lenient<H> {
    inner: H,
    protocol: crate::protocol::Lenient,
    /// Per tool, the schema its spec was last found for: the same `Arc` again is the same
    /// schema, found without comparing or serialising it.
    seen: Mutex<HashMap<String, Arc<JsonObject>>>,
    receipts: Arc<dyn ReceiptStore>,
    today: Option<Today>,
    read_only_scopes: Vec<String>,
}

impl<H: std::fmt::Debug> std::fmt::Debug for Lenient<H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lenient").field("inner", &self.inner).field("protocol", &self.protocol).finish_non_exhaustive()
    }
}

impl<H: ServerHandler> Lenient<H> {
    /// `inner` with every tool read leniently.
    pub fn new(inner: H) -> Self {
        Self {
            inner,
            protocol: crate::protocol::Lenient::new(),
            seen: Mutex::new(HashMap::new()),
            receipts: Arc::new(MemoryReceipts::default()),
            today: None,
            read_only_scopes: Vec::new(),
        }
    }

    /// The scopes that grant reading only: a token that grants only these sees no tool whose
    /// annotations do not say `readOnlyHint: true` ([`super::GrantedScopes`]; each tool's own
    /// scopes come from its overrides' `"scopes"`).
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

    /// The languages the server's callers write (BCP 47 tags, `&["cs"]`), given to every tool
    /// whose overrides name none: a month, weekday or yes/no word two languages give different
    /// meanings (`listopad`, `jo`) reads as these give it. An unknown language makes each tool's
    /// `tools/list` and `tools/call` answer with the error, as other refused overrides do.
    #[must_use]
    pub fn languages(mut self, languages: &[&str]) -> Self {
        self.protocol = self.protocol.languages(languages);
        self
    }

    /// Lets a property's name imply its kind on every tool whose overrides do not say
    /// (`"implied_kinds"`): a plain string named `from` reads as a date bound, `language` as a
    /// locale, `cursor` as a cursor. Without it a plain string is passed on as sent, and a call
    /// valid against the tool's own schema reaches it unchanged.
    #[must_use]
    pub fn implied_kinds(mut self, implied: bool) -> Self {
        self.protocol = self.protocol.implied_kinds(implied);
        self
    }

    /// With `false`, an envelope's text content names no value (the values stay in its
    /// `structuredContent`): [`protocol::Lenient::values_in_text`](crate::protocol::Lenient::values_in_text).
    #[must_use]
    pub fn values_in_text(mut self, values_in_text: bool) -> Self {
        self.protocol = self.protocol.values_in_text(values_in_text);
        self
    }

    /// What JSON Schema cannot say about one tool (the shape of its schema's `x-agent-input`:
    /// `{"answered_by": "user", "properties": {"court": {"kind": "vocabulary", "entries": […]}}}`).
    #[must_use]
    pub fn tool(mut self, name: &str, overrides: Value) -> Self {
        self.protocol = self.protocol.tool(name, overrides);
        self
    }

    /// Leaves one tool as it is: its schema advertised and its arguments read by the server.
    #[must_use]
    pub fn leave(mut self, name: &str) -> Self {
        self.protocol = self.protocol.tool(name, Value::Bool(false));
        self
    }

    /// The server key: cursor properties read with it, and it seals questions to a person for
    /// the tools whose overrides say `"answered_by": "user"`.
    #[must_use]
    pub fn person_key(mut self, codec: CursorCodec) -> Self {
        self.protocol = self.protocol.key(codec);
        self
    }

    /// Where receipts of writes are kept: a tool whose schema has an idempotency key property
    /// (`idempotency_key`, `idempotencyKey`) replays a retry's stored result instead of calling
    /// the server's tool again. [`MemoryReceipts`] by default.
    #[must_use]
    pub fn receipts(mut self, store: Arc<dyn ReceiptStore>) -> Self {
        self.receipts = store;
        self
    }

    /// The wrapped server.
    pub const fn inner(&self) -> &H {
        &self.inner
    }

    /// The lenient spec of a tool as the wrapped server declares it; `None` for a tool left
    /// alone, or one whose own schema no spec can hold (two properties whose names fold to the
    /// same words): it then stays as the server declares it, and stderr says why.
    ///
    /// # Errors
    /// Overrides the core refuses (an unknown kind, a property the schema does not declare):
    /// the server author's to fix, so `tools/list` and `tools/call` answer with the error
    /// rather than serving the tool otherwise than declared.
    pub fn spec(&self, tool: &Tool) -> Result<Option<Arc<ToolSpec>>, crate::error::Error> {
        Ok(match self.listed(tool)? {
            Listed::Read { spec, .. } => Some(spec),
            Listed::Left | Listed::AsDeclared(_) => None,
        })
    }

    /// What the protocol makes of `tool`: found by its schema's identity when seen before.
    fn listed(&self, tool: &Tool) -> Result<Listed, crate::error::Error> {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.get(tool.name.as_ref()).is_some_and(|s| Arc::ptr_eq(s, &tool.input_schema)) {
            if let Some(listed) = self.protocol.known(&tool.name) {
                return Ok(listed);
            }
        }
        let listed = self.protocol.spec(&serde_json::to_value(tool).unwrap_or(Value::Null))?;
        if let Listed::AsDeclared(Some(line)) = &listed {
            eprintln!("{line}");
        }
        seen.insert(tool.name.to_string(), Arc::clone(&tool.input_schema));
        Ok(listed)
    }

    /// The tool a call names, as the wrapped server declares it.
    async fn declared(&self, name: &str, context: &RequestContext<RoleServer>) -> Option<Tool> {
        if let Some(tool) = self.inner.get_tool(name) {
            return Some(tool);
        }
        let listed = self.inner.list_tools(None, context.clone()).await.ok()?;
        listed.tools.into_iter().find(|t| t.name == name)
    }

    /// Runs the protocol's steps of one call of `tool`, whose spec is `spec`.
    async fn run(
        &self,
        (spec, output_schema): (Arc<ToolSpec>, bool),
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut asking = asking(&request, &context);
        asking.grants = grants(&context, &self.read_only_scopes);
        let arguments = request.arguments.clone().map_or(Value::Null, Value::Object);
        let mut span = CallSpan::start(spec.name(), asking.protocol_version.as_deref());
        let watch = Stopwatch::start();
        let (mut call, step) = self.protocol.call(spec, output_schema, &asking.request(arguments, self.today.as_ref()));
        span.read(watch.seconds());
        let response = self.steps(&mut call, step, request, context).instrument(span.span().clone()).await;
        span.end(&call);
        response
    }

    /// The steps of `call` from `step`, for the wrapped server's `request`.
    async fn steps(
        &self,
        call: &mut Call,
        mut step: Step,
        mut request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let mut raised = None;
        let mut own = None;
        loop {
            let outcome = match step {
                Step::Answer { result } => return own.map_or_else(|| to_rmcp(Response::of(result)), Ok),
                Step::Pass => return self.inner.call_tool(request, context).await,
                Step::Done => return Err(raised.unwrap_or_else(|| ErrorData::internal_error("cancelled", None))),
                store @ (Step::Get { .. } | Step::Reserve { .. } | Step::Put { .. }) => store.done_in(&*self.receipts),
                Step::Run { arguments, answered } => {
                    request.arguments = match arguments {
                        Value::Object(o) => Some(o),
                        _ => None,
                    };
                    if answered {
                        // The answers were read: the wrapped server sees a plain call.
                        request.input_responses = None;
                        request.request_state = None;
                    }
                    let guard = Release::new(&*self.receipts, call.release());
                    let ran = self.inner.call_tool(request.clone(), context.clone()).await;
                    guard.disarm();
                    match ran {
                        Ok(CallToolResponse::Complete(result)) => {
                            Outcome::Result(serde_json::to_value(result).unwrap_or(Value::Null))
                        }
                        Ok(other) => {
                            // The wrapped server's own question or task: answered as it is.
                            let kind =
                                if matches!(other, CallToolResponse::Task(_)) { "task" } else { "input_required" };
                            own = Some(other);
                            Outcome::Result(serde_json::json!({"resultType": kind}))
                        }
                        Err(e) => {
                            let failure = e.data.as_ref().and_then(|d| d.get(FAILURE_KEY)).cloned();
                            raised = Some(e);
                            match failure.and_then(|f| serde_json::from_value(f).ok()) {
                                Some(failure) => Outcome::Failure(failure),
                                None => Outcome::Error(String::new()),
                            }
                        }
                    }
                }
            };
            step = call.resume(outcome).map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        }
    }
}

/// A listed tool the overrides deprecate, marked as [`crate::tool::Deprecation::mark`] marks it.
fn deprecated(tool: &mut Tool, deprecation: &crate::tool::Deprecation) {
    let mut value = serde_json::to_value(&*tool).unwrap_or(Value::Null);
    deprecation.mark(&mut value);
    if let Ok(marked) = serde_json::from_value::<Tool>(value) {
        *tool = marked;
    }
}

/// A listed tool with the scopes its overrides name in its `_meta` ([`crate::tool::scopes::mark`]).
fn scoped(tool: &mut Tool, scopes: &[String]) {
    if scopes.is_empty() {
        return;
    }
    let mut value = serde_json::to_value(&*tool).unwrap_or(Value::Null);
    crate::tool::scopes::mark(&mut value, scopes);
    if let Ok(marked) = serde_json::from_value::<Tool>(value) {
        *tool = marked;
    }
}

/// The error of overrides the core refuses, as the protocol's.
fn misuse(e: crate::error::Error) -> ErrorData {
    ErrorData::internal_error(format!("agent-input: {e}"), None)
}

impl<H: ServerHandler> ServerHandler for Lenient<H> {
    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let grants = grants(&context, &self.read_only_scopes);
        let mut listed = self.inner.list_tools(request, context).await?;
        for tool in &mut listed.tools {
            if let Some(spec) = self.spec(tool).map_err(misuse)? {
                if let Value::Object(schema) = spec.input_schema() {
                    tool.input_schema = Arc::new(schema);
                }
                if let Some(d) = spec.deprecation() {
                    deprecated(tool, d);
                }
                scoped(tool, spec.scopes());
            }
        }
        Ok(granted_tools(listed, grants.as_ref()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        let mut tool = self.inner.get_tool(name)?;
        if let Some(spec) = self.spec(&tool).ok().flatten() {
            if let Value::Object(schema) = spec.input_schema() {
                tool.input_schema = Arc::new(schema);
            }
            if let Some(d) = spec.deprecation() {
                deprecated(&mut tool, d);
            }
        }
        Some(tool)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(tool) = self.declared(&request.name, &context).await else {
            return self.inner.call_tool(request, context).await;
        };
        match self.listed(&tool).map_err(misuse)? {
            Listed::Read { spec, output_schema } => self.run((spec, output_schema), request, context).await,
            Listed::Left | Listed::AsDeclared(_) => self.inner.call_tool(request, context).await,
        }
    }

    fn get_info(&self) -> ServerConfig {
        self.inner.get_info()
    }

    fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<InitializeResult, ErrorData>> + Send + '_ {
        self.inner.initialize(request, context)
    }

    fn negotiate_initialize(&self, request: &InitializeRequestParams) -> Result<InitializeResult, ErrorData> {
        self.inner.negotiate_initialize(request)
    }

    fn supported_protocol_versions(&self) -> std::borrow::Cow<'static, [ProtocolVersion]> {
        self.inner.supported_protocol_versions()
    }

    fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CompleteResult, ErrorData>> + Send + '_ {
        self.inner.complete(request, context)
    }

    #[allow(deprecated)] // forwarded as the wrapped server answers it
    fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        self.inner.set_level(request, context)
    }

    fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetPromptResponse, ErrorData>> + Send + '_ {
        self.inner.get_prompt(request, context)
    }

    fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListPromptsResult, ErrorData>> + Send + '_ {
        self.inner.list_prompts(request, context)
    }

    fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListResourcesResult, ErrorData>> + Send + '_ {
        self.inner.list_resources(request, context)
    }

    fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListResourceTemplatesResult, ErrorData>> + Send + '_ {
        self.inner.list_resource_templates(request, context)
    }

    fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ReadResourceResponse, ErrorData>> + Send + '_ {
        self.inner.read_resource(request, context)
    }

    #[allow(deprecated)] // forwarded as the wrapped server answers it
    fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        self.inner.subscribe(request, context)
    }

    #[allow(deprecated)] // forwarded as the wrapped server answers it
    fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        self.inner.unsubscribe(request, context)
    }

    fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.inner.on_cancelled(notification, context)
    }

    fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.inner.on_progress(notification, context)
    }

    fn on_initialized(&self, context: NotificationContext<RoleServer>) -> impl Future<Output = ()> + Send + '_ {
        self.inner.on_initialized(context)
    }

    fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) -> impl Future<Output = ()> + Send + '_ {
        self.inner.on_roots_list_changed(context)
    }

    fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<DiscoverResult, ErrorData>> + Send + '_ {
        self.inner.discover(context)
    }

    fn accepted_subscription_filter(&self, requested: &SubscriptionFilter) -> Option<SubscriptionFilter> {
        self.inner.accepted_subscription_filter(requested)
    }

    fn listen(&self, context: SubscriptionContext) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        self.inner.listen(context)
    }

    fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CustomResult, ErrorData>> + Send + '_ {
        self.inner.on_custom_request(request, context)
    }

    fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) -> impl Future<Output = ()> + Send + '_ {
        self.inner.on_custom_notification(notification, context)
    }

    fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetTaskResult, ErrorData>> + Send + '_ {
        self.inner.get_task(request, context)
    }

    fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        self.inner.update_task(request, context)
    }

    fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        self.inner.cancel_task(request, context)
    }

    fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListSkillsResult, ErrorData>> + Send + '_ {
        self.inner.list_skills(request, context)
    }

    fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetSkillResult, ErrorData>> + Send + '_ {
        self.inner.get_skill(request, context)
    }

    fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ReadResourceDirectoryResult, ErrorData>> + Send + '_ {
        self.inner.read_resource_directory(request, context)
    }
}
