//! The relay between one client and one server: every message passes as it came but for the
//! few the drop-ins rewrite. A client's `tools/list` result is made lenient
//! ([`Lenient::list`]); a client's `tools/call` of a tool read leniently runs the core's call
//! protocol ([`protocol::Call`]): answered by the proxy (an ask, a replayed receipt), passed on
//! as it came, or sent to the server with the canonical arguments and its result given back with
//! the notes beside it. No rule of a call is decided here.

use std::collections::HashMap;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use agent_input::context::Stopwatch;
use agent_input::protocol::{self, Lenient, Listed, Outcome, Request, Step, FAILURE_KEY};
use agent_input::telemetry::CallSpan;
use agent_input::tool::ReceiptStore;
use serde_json::{json, Map, Value};

use crate::mcp::{MAX_LIST_PAGES, REQUEST_TIMEOUT_SECONDS};

/// JSON-RPC's error codes the proxy answers with.
pub mod code {
    /// Invalid JSON.
    pub const PARSE_ERROR: i64 = -32700;
    /// Not a request the proxy takes (a batch, a message of no shape, one over the size bound,
    /// a request before the handshake).
    pub const INVALID_REQUEST: i64 = -32600;
    /// The server stopped before answering, or the proxy failed a step.
    pub const INTERNAL_ERROR: i64 = -32603;
}

/// The `_meta` keys of a 2026-07-28 request that carry its context.
const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";
const META_CAPABILITIES: &str = "io.modelcontextprotocol/clientCapabilities";
const META_PREFIX: &str = "io.modelcontextprotocol/";

/// The prefix of the ids of the proxy's own requests to the server.
const OWN_ID_PREFIX: &str = "agent-input-proxy/";

/// Which day relative words are read against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Today {
    /// None: a relative word asks, as the drop-ins do by default.
    Unset,
    /// The UTC calendar's day at each call.
    Utc,
    /// The local calendar's day at each call.
    Local,
    /// This day.
    Day(chrono::NaiveDate),
}

impl Today {
    /// `utc`, `local` or a `YYYY-MM-DD` day.
    ///
    /// # Errors
    /// Anything else.
    pub fn parse(text: &str) -> Result<Self, String> {
        match text {
            "utc" => Ok(Self::Utc),
            "local" => Ok(Self::Local),
            day => day
                .parse::<chrono::NaiveDate>()
                .ok()
                .filter(|_| day.len() == 10)
                .map(Self::Day)
                .ok_or_else(|| format!("--today takes utc, local or a day as YYYY-MM-DD; got `{day}`")),
        }
    }

    fn day(&self) -> Option<String> {
        match self {
            Self::Unset => None,
            Self::Utc => Some(chrono::Utc::now().date_naive().to_string()),
            Self::Local => Some(chrono::Local::now().date_naive().to_string()),
            Self::Day(day) => Some(day.to_string()),
        }
    }
}

/// A client's request in flight at the server.
enum Pending {
    /// A `tools/list`, whose result is made lenient (and, for a request whose token was
    /// checked, left with the tools it reaches: the context it was sent in).
    List(Option<Value>),
    /// A `tools/call` the protocol sent on, waiting for the server's result; true when the call
    /// speaks 2026-07-28 or later.
    Call(Box<Traced>, bool),
    /// Anything else, answered as the server answers it.
    Other,
}

/// A call and its telemetry span, from its read to its answer.
struct Traced {
    call: protocol::Call,
    span: CallSpan,
}

impl Traced {
    /// The call is over: its span ends with what the protocol's record keeps.
    fn end(self) {
        self.span.end(&self.call);
    }
}

/// What the client said about itself at the handshake (2025-11-25).
#[derive(Default)]
struct Handshake {
    initialized: bool,
    version: Option<String>,
    capabilities: Value,
}

/// Where the relay's messages go: a pipe of JSON lines (stdio), or the proxy's HTTP side (to a
/// client's response stream, or posted to an upstream server).
pub trait Out: Send + Sync {
    /// Sends one message (JSON text); false when the other side no longer takes messages.
    fn send(&self, message: &[u8]) -> bool;
}

impl<T: Out + ?Sized> Out for Arc<T> {
    fn send(&self, message: &[u8]) -> bool {
        (**self).send(message)
    }
}

/// One message per line on a byte stream: a process's stdout, a child's stdin.
pub struct Pipe(Mutex<Box<dyn Write + Send>>);

impl Pipe {
    /// A pipe writing to `out`.
    pub fn new(out: Box<dyn Write + Send>) -> Self {
        Self(Mutex::new(out))
    }
}

impl Out for Pipe {
    fn send(&self, message: &[u8]) -> bool {
        let mut out = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        out.write_all(message).and_then(|()| out.write_all(b"\n")).and_then(|()| out.flush()).is_ok()
    }
}

/// The state of one proxied session.
pub struct Relay {
    lenient: Arc<Lenient>,
    receipts: Arc<dyn ReceiptStore>,
    today: Today,
    client: Box<dyn Out>,
    server: Mutex<Option<Box<dyn Out>>>,
    pending: Mutex<HashMap<String, (Value, Pending)>>,
    own: Mutex<HashMap<String, mpsc::Sender<Value>>>,
    next_own: AtomicU64,
    handshake: Mutex<Handshake>,
    /// The scopes `--read-only-scopes` names.
    read_only_scopes: Arc<[String]>,
    /// Each tool as last listed, after the drop-in's rewrite: what a call passed on as listed is
    /// checked against for a request whose token was checked.
    definitions: Mutex<HashMap<String, Value>>,
}

/// True when a call's context speaks 2026-07-28 or later (its results carry `resultType`).
fn is_modern(context: &Value) -> bool {
    context["protocolVersion"].as_str().is_some_and(|v| v >= protocol::MRTR_VERSION)
}

/// The key of an id in the maps: its JSON text.
fn key_of(id: &Value) -> String {
    id.to_string()
}

/// A JSON-RPC error response.
pub fn error(id: &Value, code: i64, message: &str) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "error": {"code": code, "message": message}})
}

fn response(id: &Value, result: Value) -> Value {
    json!({"jsonrpc": "2.0", "id": id, "result": result})
}

/// Logs one line to the proxy's stderr.
pub fn log(line: &str) {
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "agent-input proxy: {line}");
}

impl Relay {
    /// A relay writing to `client` and `server`.
    pub fn new(
        lenient: Arc<Lenient>,
        receipts: Arc<dyn ReceiptStore>,
        today: Today,
        client: Box<dyn Out>,
        server: Box<dyn Out>,
        read_only_scopes: Arc<[String]>,
    ) -> Self {
        Self {
            read_only_scopes,
            definitions: Mutex::new(HashMap::new()),
            lenient,
            receipts,
            today,
            client,
            server: Mutex::new(Some(server)),
            pending: Mutex::new(HashMap::new()),
            own: Mutex::new(HashMap::new()),
            next_own: AtomicU64::new(0),
            handshake: Mutex::new(Handshake::default()),
        }
    }

    /// Sends one message to the client.
    pub fn to_client(&self, message: &Value) {
        self.to_client_raw(message.to_string().as_bytes());
    }

    fn to_client_raw(&self, bytes: &[u8]) {
        // A client gone is seen by the reader of its input, which ends the session.
        let _ = self.client.send(bytes);
    }

    fn to_server_raw(&self, bytes: &[u8]) -> bool {
        let server = self.server.lock().unwrap_or_else(PoisonError::into_inner);
        server.as_ref().is_some_and(|s| s.send(bytes))
    }

    /// Closes the server's input (the client is gone: a stdio server exits on it).
    pub fn close_server(&self) {
        self.server.lock().unwrap_or_else(PoisonError::into_inner).take();
    }

    /// One message line from the client, which presented no token (stdio).
    pub fn client_line(&self, line: &[u8]) {
        self.client_line_as(line, None);
    }

    /// One message line from the client, with the scopes its checked token grants (`None`:
    /// no token was checked, and nothing is filtered).
    pub fn client_line_as(&self, line: &[u8], grants: Option<&[String]>) {
        let message: Value = match serde_json::from_slice(line) {
            Ok(message) => message,
            Err(e) => {
                return self.to_client(&error(&Value::Null, code::PARSE_ERROR, &format!("Parse error: {e}")));
            }
        };
        let Value::Object(object) = &message else {
            let why = if message.is_array() {
                "Invalid Request: a batch (JSON-RPC batches are not part of MCP); send each message on its own line"
            } else {
                "Invalid Request: a message is a JSON object"
            };
            return self.to_client(&error(&Value::Null, code::INVALID_REQUEST, why));
        };
        let (Some(method), Some(id)) = (object.get("method").and_then(Value::as_str), object.get("id")) else {
            if object.get("method").and_then(Value::as_str) == Some("notifications/cancelled") {
                self.cancelled(&message);
            }
            // A notification, or the client's answer to a request of the server's: as it came.
            self.to_server_raw(line);
            return;
        };
        let params = object.get("params").unwrap_or(&Value::Null);
        if let Some(refused) = self.before_handshake(method, params) {
            return self.to_client(&error(id, code::INVALID_REQUEST, &refused));
        }
        match method {
            "tools/call" => self.call(id, line, &message, grants),
            "tools/list" => self.forward(id, line, Pending::List(grants.map(|g| self.scoped(json!({}), g)))),
            _ => self.forward(id, line, Pending::Other),
        }
    }

    /// Records the handshake; the refusal of a request sent before any (2025-11-25), or `None`.
    fn before_handshake(&self, method: &str, params: &Value) -> Option<String> {
        let mut handshake = self.handshake.lock().unwrap_or_else(PoisonError::into_inner);
        if method == "initialize" {
            handshake.initialized = true;
            handshake.version = params.get("protocolVersion").and_then(Value::as_str).map(str::to_owned);
            handshake.capabilities = params.get("capabilities").cloned().unwrap_or(Value::Null);
            return None;
        }
        let modern = params.get("_meta").and_then(|m| m.get(META_VERSION)).is_some();
        if handshake.initialized || modern || matches!(method, "ping" | "server/discover") {
            return None;
        }
        Some(format!(
            "Invalid Request: `{method}` before the session began: send `initialize` first (2025-11-25), \
             or name the revision in the request's `_meta` (`{META_VERSION}`, 2026-07-28)"
        ))
    }

    fn forward(&self, id: &Value, line: &[u8], pending: Pending) {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner).insert(key_of(id), (id.clone(), pending));
        if !self.to_server_raw(line) {
            self.take_pending(id);
            self.to_client(&error(id, code::INTERNAL_ERROR, "the server no longer reads its input"));
        }
    }

    fn take_pending(&self, id: &Value) -> Option<Pending> {
        self.pending.lock().unwrap_or_else(PoisonError::into_inner).remove(&key_of(id)).map(|(_, p)| p)
    }

    /// The context the protocol reads a call in: the revision and capabilities (the request's
    /// own `_meta`, 2026-07-28, or the handshake's), and the day.
    fn context(&self, params: &Value) -> Value {
        let meta = params.get("_meta");
        let handshake = self.handshake.lock().unwrap_or_else(PoisonError::into_inner);
        let version = meta
            .and_then(|m| m.get(META_VERSION))
            .cloned()
            .unwrap_or_else(|| handshake.version.clone().map_or(Value::Null, Value::String));
        let capabilities = meta.and_then(|m| m.get(META_CAPABILITIES)).unwrap_or(&handshake.capabilities).clone();
        json!({"protocolVersion": version, "clientCapabilities": capabilities, "today": self.today.day()})
    }

    /// `context` with the scopes a request's checked token grants, and the read-only ones.
    fn scoped(&self, mut context: Value, grants: &[String]) -> Value {
        context["scopes"] = json!(grants);
        context["readOnlyScopes"] = json!(&*self.read_only_scopes);
        context
    }

    /// A client's `tools/call`.
    fn call(&self, id: &Value, line: &[u8], message: &Value, grants: Option<&[String]>) {
        let params = message.get("params").unwrap_or(&Value::Null);
        let name = params.get("name").and_then(Value::as_str).unwrap_or_default();
        let mut context = self.context(params);
        if let Some(grants) = grants {
            context = self.scoped(context, grants);
        }
        let Some(Listed::Read { spec, output_schema }) = self.listed(name, params) else {
            return self.pass_on(id, line, name, &context);
        };
        let request = match Request::from_json(params, &context) {
            Ok(request) => request,
            Err(e) => return self.to_client(&error(id, code::INTERNAL_ERROR, &format!("agent-input: {e}"))),
        };
        let modern = is_modern(&context);
        let mut span = CallSpan::start(spec.name(), context["protocolVersion"].as_str());
        let watch = Stopwatch::start();
        let (call, step) = self.lenient.call(spec, output_schema, &request);
        span.read(watch.seconds());
        self.drive(Turn { id, request: Some((line, message)), done: None, modern }, Traced { call, span }, step);
    }

    /// A call of a tool no spec reads, passed on as it came, unless the request's token does not
    /// reach the tool as it was listed.
    fn pass_on(&self, id: &Value, line: &[u8], name: &str, context: &Value) {
        let definition = self.definitions.lock().unwrap_or_else(PoisonError::into_inner).get(name).cloned();
        match definition.map(|d| protocol::out_of_reach(name, &d, context)) {
            Some(Ok(Some(result))) => self.to_client(&response(id, complete(result, is_modern(context)))),
            Some(Err(e)) => self.to_client(&error(id, code::INTERNAL_ERROR, &format!("agent-input: {e}"))),
            Some(Ok(None)) | None => self.forward(id, line, Pending::Other),
        }
    }

    /// Keeps each tool of a listing made lenient, as the token checks read it.
    fn keep_definitions(&self, listed: &Value) {
        let mut definitions = self.definitions.lock().unwrap_or_else(PoisonError::into_inner);
        for tool in listed.get("tools").and_then(Value::as_array).into_iter().flatten() {
            if let Some(name) = tool.get("name").and_then(Value::as_str) {
                definitions.insert(name.to_owned(), tool.clone());
            }
        }
    }

    /// Runs the protocol's steps until one needs the server or ends the call.
    fn drive(&self, turn: Turn<'_>, mut traced: Traced, mut step: Step) {
        let Turn { id, request, done, modern } = turn;
        loop {
            let outcome = match step {
                Step::Answer { result } => {
                    traced.end();
                    return self.to_client(&response(id, complete(result, modern)));
                }
                Step::Done => {
                    traced.end();
                    return done.into_iter().for_each(|d| self.to_client_raw(d));
                }
                Step::Pass => {
                    traced.end();
                    return match request {
                        Some((line, _)) => self.forward(id, line, Pending::Other),
                        None => done.into_iter().for_each(|d| self.to_client_raw(d)),
                    };
                }
                store @ (Step::Get { .. } | Step::Reserve { .. } | Step::Put { .. }) => store.done_in(&*self.receipts),
                Step::Run { arguments, answered } => {
                    let Some((line, message)) = request else { return };
                    let sent = forwarded(message, arguments, answered);
                    let pending = Pending::Call(Box::new(traced), modern);
                    self.pending
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .insert(key_of(id), (id.clone(), pending));
                    if !self.to_server_raw(sent.as_deref().unwrap_or(line)) {
                        if let Some(Pending::Call(call, _)) = self.take_pending(id) {
                            self.abandon(*call);
                        }
                        self.to_client(&error(id, code::INTERNAL_ERROR, "the server no longer reads its input"));
                    }
                    return;
                }
            };
            step = match traced.call.resume(outcome) {
                Ok(step) => step,
                Err(e) => {
                    traced.end();
                    return self.to_client(&error(id, code::INTERNAL_ERROR, &format!("agent-input: {e}")));
                }
            };
        }
    }

    /// A call the server will not answer: its receipt released.
    fn abandon(&self, mut traced: Traced) {
        let mut step = traced.call.resume(Outcome::Cancelled);
        while let Ok(put @ Step::Put { .. }) = step {
            step = traced.call.resume(put.done_in(&*self.receipts));
        }
        traced.end();
    }

    /// The client of request `id` went away before its answer (a 2026-07-28 response stream
    /// closed, which that revision reads as cancelling it). A call holding an idempotency key
    /// runs on, so that its receipt records what the server did and the client's retry is
    /// answered from it; any other request is cancelled at the server.
    pub fn disconnected(&self, id: &Value) {
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        match pending.get(&key_of(id)) {
            Some((_, Pending::Call(traced, _))) if traced.call.release().is_some() => return,
            Some(_) => {}
            None => return,
        }
        pending.remove(&key_of(id));
        drop(pending);
        let cancel = json!({"jsonrpc": "2.0", "method": "notifications/cancelled",
            "params": {"requestId": id, "reason": "the client closed the response stream"}});
        self.to_server_raw(cancel.to_string().as_bytes());
    }

    /// The client cancelled a request: a call in flight releases its receipt.
    fn cancelled(&self, message: &Value) {
        let Some(id) = message.get("params").and_then(|p| p.get("requestId")) else { return };
        let mut pending = self.pending.lock().unwrap_or_else(PoisonError::into_inner);
        if matches!(pending.get(&key_of(id)), Some((_, Pending::Call(..)))) {
            if let Some((_, Pending::Call(call, _))) = pending.remove(&key_of(id)) {
                drop(pending);
                self.abandon(*call);
            }
        }
    }

    /// One message line from the server.
    pub fn server_line(&self, line: &[u8]) {
        let message: Value = match serde_json::from_slice(line) {
            Ok(Value::Object(o)) => Value::Object(o),
            _ => {
                let text = String::from_utf8_lossy(line);
                let shown: String = text.chars().take(crate::mcp::STRAY_LINE_CHARS).collect();
                return log(&format!(
                    "the server wrote a line that is not JSON-RPC to stdout (not passed on): {shown}"
                ));
            }
        };
        let method = message.get("method").and_then(Value::as_str);
        if method == Some("notifications/tools/list_changed") {
            self.lenient.forget();
        }
        let id = match (method, message.get("id")) {
            (None, Some(id)) => id.clone(),
            // A notification or a request of the server's own: as it came.
            _ => return self.to_client_raw(line),
        };
        if let Some(own) = id.as_str().filter(|i| i.starts_with(OWN_ID_PREFIX)) {
            let waiting = self.own.lock().unwrap_or_else(PoisonError::into_inner).remove(own);
            if let Some(waiting) = waiting {
                let _ = waiting.send(message);
            }
            return;
        }
        match self.take_pending(&id) {
            Some(Pending::List(context)) => self.listed_result(&id, line, &message, context.as_ref()),
            Some(Pending::Call(call, modern)) => {
                let outcome = match (message.get("result"), message.get("error")) {
                    (Some(result), _) => Outcome::Result(result.clone()),
                    (None, error) => match error.and_then(|e| e.get("data")).and_then(|d| d.get(FAILURE_KEY)) {
                        Some(failure) => serde_json::from_value(failure.clone())
                            .map_or_else(|_| Outcome::Error(String::new()), Outcome::Failure),
                        None => Outcome::Error(String::new()),
                    },
                };
                let mut traced = *call;
                match traced.call.resume(outcome) {
                    Ok(step) => self.drive(Turn { id: &id, request: None, done: Some(line), modern }, traced, step),
                    Err(e) => {
                        traced.end();
                        self.to_client(&error(&id, code::INTERNAL_ERROR, &format!("agent-input: {e}")));
                    }
                }
            }
            Some(Pending::Other) | None => self.to_client_raw(line),
        }
    }

    /// A `tools/list` result made lenient.
    fn listed_result(&self, id: &Value, line: &[u8], message: &Value, context: Option<&Value>) {
        let Some(result) = message.get("result") else { return self.to_client_raw(line) };
        match self.lenient.list(result) {
            Ok((result, lines)) => {
                lines.iter().for_each(|l| log(l));
                self.keep_definitions(&result);
                match context.map(|c| protocol::granted(&result, c)) {
                    None => self.to_client(&response(id, result)),
                    Some(Ok(granted)) => self.to_client(&response(id, granted)),
                    Some(Err(e)) => self.to_client(&error(id, code::INTERNAL_ERROR, &format!("agent-input: {e}"))),
                }
            }
            Err(e) => {
                log(&format!("tools/list passed on as the server sent it: {e}"));
                self.to_client_raw(line);
            }
        }
    }

    /// How the tool `name` is read: as last listed, or listed now from the server (the client
    /// called it before listing, or the server's tools changed since).
    fn listed(&self, name: &str, params: &Value) -> Option<Listed> {
        if let Some(listed) = self.lenient.known(name) {
            return Some(listed);
        }
        let meta: Map<String, Value> = params
            .get("_meta")
            .and_then(Value::as_object)
            .map(|m| {
                m.iter().filter(|(k, _)| k.starts_with(META_PREFIX)).map(|(k, v)| (k.clone(), v.clone())).collect()
            })
            .unwrap_or_default();
        let mut cursor: Option<Value> = None;
        for _ in 0..MAX_LIST_PAGES {
            let mut list_params = json!({});
            if !meta.is_empty() {
                list_params["_meta"] = Value::Object(meta.clone());
            }
            if let Some(cursor) = cursor.take() {
                list_params["cursor"] = cursor;
            }
            let result = self.own_request("tools/list", list_params)?;
            match self.lenient.list(&result) {
                Ok((listed, lines)) => {
                    lines.iter().for_each(|l| log(l));
                    self.keep_definitions(&listed);
                }
                Err(e) => log(&format!("tools/list: {e}")),
            }
            match result.get("nextCursor") {
                Some(next) if !next.is_null() => cursor = Some(next.clone()),
                _ => break,
            }
            if self.lenient.known(name).is_some() {
                break;
            }
        }
        self.lenient.known(name)
    }

    /// A request of the proxy's own to the server; its result, or `None` (an error, no answer
    /// within `REQUEST_TIMEOUT_SECONDS`, the server gone).
    fn own_request(&self, method: &str, params: Value) -> Option<Value> {
        let id = format!("{OWN_ID_PREFIX}{}", self.next_own.fetch_add(1, Ordering::Relaxed));
        let (tx, rx) = mpsc::channel();
        self.own.lock().unwrap_or_else(PoisonError::into_inner).insert(id.clone(), tx);
        let request = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        if !self.to_server_raw(request.to_string().as_bytes()) {
            return None;
        }
        let answer = rx.recv_timeout(Duration::from_secs(REQUEST_TIMEOUT_SECONDS));
        self.own.lock().unwrap_or_else(PoisonError::into_inner).remove(&id);
        answer.ok()?.get("result").cloned()
    }

    /// The server's answer to `id` could not be passed on: the client gets `message` instead.
    pub fn answer_instead(&self, id: &Value, message: &str) {
        match self.take_pending(id) {
            Some(Pending::Call(call, _)) => self.abandon(*call),
            Some(_) => {}
            None => return,
        }
        self.to_client(&error(id, code::INTERNAL_ERROR, message));
    }

    /// The server is gone: every request in flight is answered with `message`, a call's receipt
    /// released.
    pub fn server_gone(&self, message: &str) {
        let pending: Vec<(Value, Pending)> =
            self.pending.lock().unwrap_or_else(PoisonError::into_inner).drain().map(|(_, p)| p).collect();
        for (id, pending) in pending {
            if let Pending::Call(call, _) = pending {
                self.abandon(*call);
            }
            self.to_client(&error(&id, code::INTERNAL_ERROR, message));
        }
        self.own.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }
}

/// One call's place in the relay, for [`Relay::drive`]: its id; the client's call (for a step
/// that passes it on or runs it); the server's answer to send when the protocol has nothing to
/// say (its error); whether the call speaks 2026-07-28 or later.
struct Turn<'a> {
    id: &'a Value,
    request: Option<(&'a [u8], &'a Value)>,
    done: Option<&'a [u8]>,
    modern: bool,
}

/// A result the proxy answers itself, as its revision writes it: on 2026-07-28 and later a
/// complete result says so (`"resultType": "complete"`), as a framework's would.
fn complete(mut result: Value, modern: bool) -> Value {
    if let (true, Some(o)) = (modern, result.as_object_mut()) {
        o.entry("resultType").or_insert_with(|| Value::String("complete".into()));
    }
    result
}

/// The client's call with the canonical `arguments` (and, when a person's answers were read,
/// without `requestState` and `inputResponses`), or `None` when that is the line as it came.
fn forwarded(message: &Value, arguments: Value, answered: bool) -> Option<Vec<u8>> {
    let params = message.get("params");
    if !answered && params.and_then(|p| p.get("arguments")).unwrap_or(&Value::Null) == &arguments {
        return None;
    }
    let mut message = message.clone();
    if let Some(params) = message.get_mut("params").and_then(Value::as_object_mut) {
        params.insert("arguments".into(), arguments);
        if answered {
            params.remove("requestState");
            params.remove("inputResponses");
        }
    }
    Some(message.to_string().into_bytes())
}
