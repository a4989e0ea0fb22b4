//! `agent-input proxy --listen [HOST:]PORT`: the proxy served over Streamable HTTP (axum on
//! hyper), at `/mcp`.
//!
//! - **2026-07-28** requests carry no session: each POST is one request and its answer (JSON,
//!   or an event stream when the server sends a notification for it first). They share one
//!   server (one child, started at the first request and again after it exits, or one
//!   connection to the upstream). `GET` and `DELETE` without a session are 405. A response
//!   stream the client closes cancels the request at the server, but for a call holding an
//!   idempotency key, which runs on so that its receipt answers the client's retry.
//! - **2025-11-25** sessions begin with `initialize`, which starts a server for the session
//!   alone and answers with its `Mcp-Session-Id`; `GET` opens the session's stream of the
//!   server's own messages, `DELETE` ends the session and its server.
//!
//! Every request's id is the proxy's own at the server (clients sharing a server may use the
//! same ids), and given back as the client sent it. The proxy binds loopback unless told
//! otherwise, answers a browser's request from an origin that is not loopback (nor named with
//! `--allow-origin`) with 403, and a `Host` that is not the address it serves (DNS rebinding)
//! with 403 too.

use std::collections::{HashMap, VecDeque};
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::stream::{self, Stream};
use serde_json::Value;
use tokio::sync::mpsc;

use super::auth::{self, Auth};
use super::child::Child;
use super::frame::MAX_MESSAGE_BYTES;
use super::relay::{code, error, log, Out, Relay};
use super::upstream::{name_param, Connection, METHOD_HEADER, NAME_HEADER, SESSION_HEADER, VERSION_HEADER};
use super::{Server, Shared};

/// The most 2025-11-25 sessions served at once (each has a server of its own); one more is
/// answered 503 until one ends.
pub const MAX_HTTP_SESSIONS: usize = 256;
/// Messages of a server's own kept for a session whose client has no stream open; the oldest
/// is dropped (and logged) beyond it.
pub const MAX_SESSION_BACKLOG: usize = 1_000;
/// Seconds between the comments that keep an idle event stream open.
pub const SSE_KEEP_ALIVE_SECONDS: u64 = 15;
/// Seconds a 2025-11-25 session may go without a request while no stream of it is open before
/// it is ended with its server (a client that went away without `DELETE`).
pub const SESSION_IDLE_SECONDS: u64 = 1_800;
/// The prefix of the ids the proxy gives clients' requests at the server.
const HTTP_ID_PREFIX: &str = "agent-input-http/";
/// JSON-RPC's error for a transport header that does not match the body (2026-07-28).
const HEADER_MISMATCH: i64 = -32020;
/// The `_meta` key of a 2026-07-28 request's revision.
const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";

/// Where the proxy listens, and the browser origins it serves.
pub struct Listen {
    addr: SocketAddr,
    origins: Vec<String>,
}

impl Listen {
    /// `PORT` (on 127.0.0.1) or `HOST:PORT`, and the origins of `--allow-origin`.
    ///
    /// # Errors
    /// Anything else.
    pub fn parse(text: &str, origins: &[String]) -> Result<Self, String> {
        let addr = match text.parse::<u16>() {
            Ok(port) => SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), port),
            Err(_) => text
                .parse::<SocketAddr>()
                .map_err(|_| format!("takes PORT or HOST:PORT (an IP address); got `{text}`"))?,
        };
        if !addr.ip().is_loopback() {
            log(&format!("listening on {addr}, which is not loopback: put the proxy behind authentication"));
        }
        let origins = origins.iter().map(|o| o.trim_end_matches('/').to_ascii_lowercase()).collect();
        Ok(Self { addr, origins })
    }
}

/// The runtime the HTTP sides run on: two workers, as the proxy is one process among others.
///
/// # Errors
/// The runtime could not be made.
pub fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("no async runtime: {e}"))
}

/// Serves until the process is interrupted or terminated.
///
/// # Errors
/// The address could not be bound (status 4).
pub fn serve(listen: &Listen, shared: &Shared, server: Server) -> Result<u8, (String, u8)> {
    let runtime = runtime().map_err(|e| (e, 4))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen.addr)
            .await
            .map_err(|e| (format!("--listen {}: {e}", listen.addr), 4))?;
        let local = listener.local_addr().map_err(|e| (e.to_string(), 4))?;
        let hub = Arc::new(Hub {
            shared: shared.clone(),
            server,
            local,
            origins: listen.origins.clone(),
            sessions: Mutex::new(HashMap::new()),
            stateless: tokio::sync::Mutex::new(None),
            next: AtomicU64::new(0),
        });
        let app = axum::Router::new()
            .route("/mcp", post(on_post).get(on_get).delete(on_delete))
            .route(auth::METADATA_PATH, get(on_metadata))
            .route(&format!("{}/mcp", auth::METADATA_PATH), get(on_metadata))
            .layer(DefaultBodyLimit::max(MAX_MESSAGE_BYTES))
            .with_state(Arc::clone(&hub));
        tokio::spawn(reap(Arc::downgrade(&hub)));
        log(&format!("serving Streamable HTTP at http://{local}/mcp"));
        let served = axum::serve(listener, app).with_graceful_shutdown(stopped()).await;
        hub.end_all().await;
        served.map(|()| 0).map_err(|e| (format!("--listen {local}: {e}"), 1))
    })
}

/// Ends idle 2025-11-25 sessions ([`Session::idle`]), checking every tenth of
/// [`SESSION_IDLE_SECONDS`].
async fn reap(hub: Weak<Hub>) {
    loop {
        tokio::time::sleep(Duration::from_secs(SESSION_IDLE_SECONDS / 10)).await;
        let Some(hub) = hub.upgrade() else { return };
        let idle: Vec<Arc<Session>> = {
            let mut sessions = hub.sessions.lock().unwrap_or_else(PoisonError::into_inner);
            let keys: Vec<String> = sessions.iter().filter(|(_, s)| s.idle()).map(|(k, _)| k.clone()).collect();
            keys.iter().filter_map(|k| sessions.remove(k)).collect()
        };
        for session in idle {
            log(&format!("a session unused for SESSION_IDLE_SECONDS ({SESSION_IDLE_SECONDS}) was ended"));
            session.end().await;
        }
    }
}

/// Resolves on SIGINT or SIGTERM.
async fn stopped() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let (Ok(mut int), Ok(mut term)) = (signal(SignalKind::interrupt()), signal(SignalKind::terminate())) {
            tokio::select! { _ = int.recv() => {}, _ = term.recv() => {} }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// The proxy's sessions.
struct Hub {
    shared: Shared,
    server: Server,
    local: SocketAddr,
    origins: Vec<String>,
    sessions: Mutex<HashMap<String, Arc<Session>>>,
    stateless: tokio::sync::Mutex<Option<Arc<Session>>>,
    next: AtomicU64,
}

/// One server and the relay to it: a 2025-11-25 session's own (with its id), or the one
/// 2026-07-28 requests share.
struct Session {
    id: Option<String>,
    /// When it was last asked something.
    used: Mutex<std::time::Instant>,
    relay: Arc<Relay>,
    routes: Arc<Routes>,
    end: Ender,
    gone: Arc<AtomicBool>,
}

enum Ender {
    Child(Child),
    Upstream(Connection),
}

impl Session {
    fn touch(&self) {
        *self.used.lock().unwrap_or_else(PoisonError::into_inner) = std::time::Instant::now();
    }

    /// Unused for [`SESSION_IDLE_SECONDS`], with no request waiting and no stream open.
    fn idle(&self) -> bool {
        let quiet = self.used.lock().unwrap_or_else(PoisonError::into_inner).elapsed()
            >= Duration::from_secs(SESSION_IDLE_SECONDS);
        let waiting = !self.routes.waiting.lock().unwrap_or_else(PoisonError::into_inner).is_empty();
        let streaming =
            self.routes.stream.lock().unwrap_or_else(PoisonError::into_inner).as_ref().is_some_and(|s| !s.is_closed());
        quiet && !waiting && !streaming
    }

    async fn end(self: Arc<Self>) {
        self.gone.store(true, Ordering::SeqCst);
        match &self.end {
            Ender::Child(_) => {
                let session = Arc::clone(&self);
                let _ = tokio::task::spawn_blocking(move || {
                    if let Ender::Child(child) = &session.end {
                        child.end();
                    }
                })
                .await;
            }
            Ender::Upstream(connection) => connection.end().await,
        }
    }
}

/// A client's request waiting for its answer: its id as the client sent it, its progress
/// token, and where its messages go.
struct Waiter {
    id: Value,
    progress: Option<Value>,
    tx: mpsc::UnboundedSender<Value>,
}

/// The relay's client side over HTTP: each message to the request it answers or reports the
/// progress of, else to the session's stream (the one request open, or kept until a stream
/// opens).
#[derive(Default)]
struct Routes {
    waiting: Mutex<HashMap<String, Waiter>>,
    stream: Mutex<Option<mpsc::UnboundedSender<Value>>>,
    backlog: Mutex<VecDeque<Value>>,
    /// A 2025-11-25 session's, which keeps its server's own messages for a stream to come; the
    /// shared 2026-07-28 server's has no such stream and keeps none.
    keeps: bool,
}

impl Out for Routes {
    fn send(&self, message: &[u8]) -> bool {
        let Ok(mut message) = serde_json::from_slice::<Value>(message) else { return true };
        let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        let answered = message.get("method").is_none().then(|| message.get("id").and_then(Value::as_str)).flatten();
        if let Some(waiter) = answered.and_then(|key| waiting.remove(key)) {
            message["id"] = waiter.id;
            let _ = waiter.tx.send(message);
            return true;
        }
        let token = message.get("params").and_then(|p| p.get("progressToken")).and_then(Value::as_str);
        if let Some(waiter) = token.and_then(|key| waiting.get(key)) {
            message["params"]["progressToken"] = waiter.progress.clone().unwrap_or(Value::Null);
            let _ = waiter.tx.send(message);
            return true;
        }
        if message.get("method").is_none() {
            // The answer to a request whose client went away.
            return true;
        }
        drop(waiting);
        self.to_stream(message)
    }
}

impl Routes {
    fn to_stream(&self, message: Value) -> bool {
        let mut stream = self.stream.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(tx) = stream.as_ref() {
            match tx.send(message) {
                Ok(()) => return true,
                Err(mpsc::error::SendError(back)) => {
                    *stream = None;
                    return self.to_stream_or_keep(back);
                }
            }
        }
        drop(stream);
        self.to_stream_or_keep(message)
    }

    /// The one request open takes a message of the server's own; else it is kept.
    fn to_stream_or_keep(&self, message: Value) -> bool {
        {
            let waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
            if waiting.len() == 1 {
                if let Some(waiter) = waiting.values().next() {
                    let _ = waiter.tx.send(message);
                    return true;
                }
            }
        }
        if !self.keeps {
            return true;
        }
        let mut backlog = self.backlog.lock().unwrap_or_else(PoisonError::into_inner);
        if backlog.len() >= MAX_SESSION_BACKLOG {
            backlog.pop_front();
            log(&format!(
                "a message of the server's own was dropped: no stream open and MAX_SESSION_BACKLOG \
                 ({MAX_SESSION_BACKLOG}) kept"
            ));
        }
        backlog.push_back(message);
        true
    }
}

/// A JSON-RPC error answered with an HTTP status.
fn refused(status: StatusCode, id: &Value, code: i64, message: &str) -> Response {
    (status, [(header::CONTENT_TYPE, "application/json")], error(id, code, message).to_string()).into_response()
}

impl Hub {
    /// The 403 of a request from an origin or to a host the proxy does not serve.
    fn guard(&self, headers: &HeaderMap) -> Option<Response> {
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("").trim_end_matches('/').to_ascii_lowercase();
            let host = origin.split_once("://").map_or("", |(_, rest)| rest);
            let host =
                host.rsplit_once(':').filter(|(_, p)| p.bytes().all(|b| b.is_ascii_digit())).map_or(host, |(h, _)| h);
            if !loopback_name(host) && !self.origins.contains(&origin) {
                let why = format!(
                    "Forbidden: the origin `{origin}` is not served (only loopback origins and those named with \
                     --allow-origin)"
                );
                return Some(refused(StatusCode::FORBIDDEN, &Value::Null, code::INVALID_REQUEST, &why));
            }
        }
        if self.local.ip().is_loopback() {
            let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).unwrap_or("");
            let name =
                host.rsplit_once(':').filter(|(_, p)| p.bytes().all(|b| b.is_ascii_digit())).map_or(host, |(h, _)| h);
            if !host.is_empty() && !loopback_name(name) {
                return Some(refused(
                    StatusCode::FORBIDDEN,
                    &Value::Null,
                    code::INVALID_REQUEST,
                    &format!("Forbidden: the Host `{host}` is not this proxy's loopback address"),
                ));
            }
        }
        None
    }

    /// A new session's server and relay; `id` names a 2025-11-25 session.
    async fn start(self: &Arc<Self>, id: Option<String>) -> Result<Arc<Session>, String> {
        let routes = Arc::new(Routes { keeps: id.is_some(), ..Routes::default() });
        let gone = Arc::new(AtomicBool::new(false));
        match &self.server {
            Server::Command(command) => {
                let on_exit = exited(Arc::downgrade(self), id.clone(), Arc::clone(&gone));
                let (shared, command, client) = (self.shared.clone(), command.clone(), Arc::clone(&routes));
                let child = tokio::task::spawn_blocking(move || {
                    Child::start(&command, |server| shared.relay(Box::new(client), server), on_exit)
                })
                .await
                .map_err(|e| e.to_string())??;
                let relay = Arc::clone(&child.relay);
                Ok(Arc::new(Session {
                    id,
                    used: Mutex::new(std::time::Instant::now()),
                    relay,
                    routes,
                    end: Ender::Child(child),
                    gone,
                }))
            }
            Server::Upstream(target) => {
                let connection = Connection::new(Arc::clone(target), tokio::runtime::Handle::current());
                let relay = self.shared.relay(Box::new(Arc::clone(&routes)), Box::new(connection.out()));
                connection.attach(&relay);
                Ok(Arc::new(Session {
                    id,
                    used: Mutex::new(std::time::Instant::now()),
                    relay,
                    routes,
                    end: Ender::Upstream(connection),
                    gone,
                }))
            }
        }
    }

    /// The server 2026-07-28 requests share: the running one, or a new one.
    async fn stateless(self: &Arc<Self>) -> Result<Arc<Session>, String> {
        let mut slot = self.stateless.lock().await;
        if let Some(session) = slot.as_ref().filter(|s| !s.gone.load(Ordering::SeqCst)) {
            return Ok(Arc::clone(session));
        }
        let session = self.start(None).await?;
        *slot = Some(Arc::clone(&session));
        Ok(session)
    }

    async fn end_all(&self) {
        let sessions: Vec<_> =
            self.sessions.lock().unwrap_or_else(PoisonError::into_inner).drain().map(|(_, s)| s).collect();
        let stateless = self.stateless.lock().await.take();
        for session in sessions.into_iter().chain(stateless) {
            session.end().await;
        }
    }
}

/// What a session's server exiting on its own does: the session ends (2025-11-25: its id is
/// then unknown; 2026-07-28: the next request starts a new server).
fn exited(hub: Weak<Hub>, id: Option<String>, gone: Arc<AtomicBool>) -> super::child::OnExit {
    Box::new(move |_| {
        gone.store(true, Ordering::SeqCst);
        let Some(hub) = hub.upgrade() else { return };
        match id {
            Some(id) => drop(hub.sessions.lock().unwrap_or_else(PoisonError::into_inner).remove(&id)),
            None => log("the shared server exited; the next request starts it again"),
        }
    })
}

fn loopback_name(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost") || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn session_of(headers: &HeaderMap) -> Option<&str> {
    headers.get(SESSION_HEADER).and_then(|v| v.to_str().ok())
}

impl Hub {
    /// The address a client reached the proxy at: its `Host`, else the one it listens on.
    fn reached(&self, headers: &HeaderMap) -> String {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok()).filter(|h| !h.is_empty());
        format!("http://{}", host.map_or_else(|| self.local.to_string(), str::to_owned))
    }

    /// Whether a request is let in ([`Self::guard`], then its token when tokens are checked):
    /// the scopes its token grants (`None` when no token is checked), or the refusal.
    async fn admit(&self, headers: &HeaderMap) -> Result<Option<Vec<String>>, Response> {
        if let Some(refusal) = self.guard(headers) {
            return Err(refusal);
        }
        let Some(auth) = &self.shared.auth else { return Ok(None) };
        match auth.verify(headers).await {
            Ok(granted) => Ok(Some(granted)),
            Err(denied) => {
                let metadata = format!("{}{}/mcp", self.reached(headers), auth::METADATA_PATH);
                Err(Auth::challenge(&denied, &metadata))
            }
        }
    }
}

/// A GET of the protected resource's metadata (RFC 9728): 404 when no token is checked.
async fn on_metadata(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Response {
    if let Some(refusal) = hub.guard(&headers) {
        return refusal;
    }
    match &hub.shared.auth {
        Some(auth) => {
            let body = auth.metadata(&format!("{}/mcp", hub.reached(&headers)));
            ([(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response()
        }
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// A POST: one JSON-RPC message.
async fn on_post(State(hub): State<Arc<Hub>>, headers: HeaderMap, body: Bytes) -> Response {
    let grants = match hub.admit(&headers).await {
        Ok(grants) => grants,
        Err(refusal) => return refusal,
    };
    let kind = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    if !kind.to_ascii_lowercase().starts_with("application/json") {
        return refused(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            &Value::Null,
            code::INVALID_REQUEST,
            "Unsupported Media Type: a message is posted as application/json",
        );
    }
    let message: Value = match serde_json::from_slice(&body) {
        Ok(Value::Object(o)) => Value::Object(o),
        Ok(Value::Array(_)) => {
            return refused(
                StatusCode::BAD_REQUEST,
                &Value::Null,
                code::INVALID_REQUEST,
                "Invalid Request: a batch (JSON-RPC batches are not part of MCP); post each message on its own",
            )
        }
        Ok(_) => {
            return refused(
                StatusCode::BAD_REQUEST,
                &Value::Null,
                code::INVALID_REQUEST,
                "Invalid Request: a message is a JSON object",
            )
        }
        Err(e) => {
            return refused(StatusCode::BAD_REQUEST, &Value::Null, code::PARSE_ERROR, &format!("Parse error: {e}"))
        }
    };
    let id = message.get("method").and(message.get("id")).cloned();
    let session = match hub.session_for(&headers, &message, id.as_ref()).await {
        Ok(session) => session,
        Err(refusal) => return refusal,
    };
    session.touch();
    match id {
        None => {
            let message = client_ids(&session.routes, message);
            let relay = Arc::clone(&session.relay);
            let _ = tokio::task::spawn_blocking(move || {
                relay.client_line_as(message.to_string().as_bytes(), grants.as_deref());
            })
            .await;
            StatusCode::ACCEPTED.into_response()
        }
        Some(id) => request(&hub, session, message, id, grants).await,
    }
}

impl Hub {
    /// The session a POST belongs to: the one its `Mcp-Session-Id` names (404 when unknown), a
    /// new one for an `initialize` without it (503 beyond [`MAX_HTTP_SESSIONS`]), else the
    /// server 2026-07-28 requests share (their headers checked first).
    async fn session_for(
        self: &Arc<Self>,
        headers: &HeaderMap,
        message: &Value,
        id: Option<&Value>,
    ) -> Result<Arc<Session>, Response> {
        let id = id.unwrap_or(&Value::Null);
        let failed = |e: String| refused(StatusCode::BAD_GATEWAY, id, code::INTERNAL_ERROR, &e);
        if let Some(key) = session_of(headers) {
            let known = self.sessions.lock().unwrap_or_else(PoisonError::into_inner).get(key).cloned();
            return known.ok_or_else(|| {
                let why = "the session is not known (ended, or its server exited): send `initialize` again \
                           without Mcp-Session-Id";
                refused(StatusCode::NOT_FOUND, id, code::INVALID_REQUEST, why)
            });
        }
        if message.get("method").and_then(Value::as_str) == Some("initialize") {
            if self.sessions.lock().unwrap_or_else(PoisonError::into_inner).len() >= MAX_HTTP_SESSIONS {
                let why = format!(
                    "the proxy serves MAX_HTTP_SESSIONS ({MAX_HTTP_SESSIONS}) sessions: end one (DELETE) or retry later"
                );
                return Err(refused(StatusCode::SERVICE_UNAVAILABLE, id, code::INTERNAL_ERROR, &why));
            }
            return self.start(Some(new_session_id())).await.map_err(failed);
        }
        if let Some(refusal) = header_mismatch(headers, message, Some(id)) {
            return Err(refusal);
        }
        self.stateless().await.map_err(failed)
    }
}

/// A header's value as `upstream::header_value` wrote it: as it is, or a `=?base64?…?=` one decoded
/// (`None` when that is not base64 of UTF-8).
fn decoded(value: &str) -> Option<String> {
    use base64::Engine as _;
    let Some(inner) = value.strip_prefix("=?base64?").and_then(|v| v.strip_suffix("?=")) else {
        return Some(value.to_owned());
    };
    let bytes = base64::engine::general_purpose::STANDARD.decode(inner).ok()?;
    String::from_utf8(bytes).ok()
}

/// A 2026-07-28 request whose headers do not mirror its body (`MCP-Protocol-Version` its
/// `_meta` revision, `Mcp-Method` its method, `Mcp-Name` the name it is about): 400, as the
/// revision requires; `None` when they agree or the request names no revision.
fn header_mismatch(headers: &HeaderMap, message: &Value, id: Option<&Value>) -> Option<Response> {
    let meta = message.get("params")?.get("_meta")?.get(META_VERSION)?;
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let method = message.get("method").and_then(Value::as_str);
    let name = method.and_then(name_param).and_then(|p| message.get("params")?.get(p)?.as_str());
    let why = if header(VERSION_HEADER) != meta.as_str() {
        format!(
            "the MCP-Protocol-Version header ({}) does not match the request's _meta version ({meta})",
            header(VERSION_HEADER).unwrap_or("absent")
        )
    } else if method.is_some() && header(METHOD_HEADER) != method {
        format!(
            "the Mcp-Method header ({}) does not match the request's method",
            header(METHOD_HEADER).unwrap_or("absent")
        )
    } else if let Some(name) = name.filter(|n| header(NAME_HEADER).is_some_and(|h| decoded(h).as_deref() != Some(*n))) {
        format!("the Mcp-Name header does not match the request's `{name}`")
    } else {
        return None;
    };
    Some(refused(StatusCode::BAD_REQUEST, id.unwrap_or(&Value::Null), HEADER_MISMATCH, &why))
}

/// A client's notification or response, with a cancellation's request id made the proxy's.
fn client_ids(routes: &Routes, mut message: Value) -> Value {
    if message.get("method").and_then(Value::as_str) != Some("notifications/cancelled") {
        return message;
    }
    let Some(asked) = message.get("params").and_then(|p| p.get("requestId")).cloned() else { return message };
    let waiting = routes.waiting.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((key, _)) = waiting.iter().find(|(_, w)| w.id == asked) {
        message["params"]["requestId"] = Value::String(key.clone());
    }
    message
}

fn new_session_id() -> String {
    let mut bytes = [0u8; 16];
    let _ = getrandom::fill(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The client's request `id` to its session's server; its answer as JSON, or as an event
/// stream when a message for it comes first.
async fn request(
    hub: &Arc<Hub>,
    session: Arc<Session>,
    mut message: Value,
    id: Value,
    grants: Option<Vec<String>>,
) -> Response {
    let key = format!("{HTTP_ID_PREFIX}{}", hub.next.fetch_add(1, Ordering::Relaxed));
    let (tx, mut rx) = mpsc::unbounded_channel();
    let progress = message.get("params").and_then(|p| p.get("_meta")).and_then(|m| m.get("progressToken")).cloned();
    message["id"] = Value::String(key.clone());
    if progress.is_some() {
        message["params"]["_meta"]["progressToken"] = Value::String(key.clone());
    }
    let initialize = message.get("method").and_then(Value::as_str) == Some("initialize");
    let modern = session.id.is_none();
    session
        .routes
        .waiting
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(key.clone(), Waiter { id, progress, tx });
    let relay = Arc::clone(&session.relay);
    let sent =
        tokio::task::spawn_blocking(move || relay.client_line_as(message.to_string().as_bytes(), grants.as_deref()));
    let mut guard = Pending { session: Arc::clone(&session), key, modern, answered: false, sent: Some(sent) };
    let Some(first) = rx.recv().await else {
        guard.answered = true;
        return refused(StatusCode::BAD_GATEWAY, &Value::Null, code::INTERNAL_ERROR, "the server went away");
    };
    if first.get("method").is_none() {
        guard.answered = true;
        if initialize {
            return hub.begun(&session, first).await;
        }
        let status = if modern { status_of(&first) } else { StatusCode::OK };
        return (status, [(header::CONTENT_TYPE, "application/json")], first.to_string()).into_response();
    }
    let events = stream::unfold((Some(first), rx, guard), |(next, mut rx, mut guard)| async move {
        if guard.answered {
            return None;
        }
        let message = match next {
            Some(message) => message,
            None => rx.recv().await?,
        };
        guard.answered = message.get("method").is_none();
        Some((
            Ok::<_, std::convert::Infallible>(Event::default().event("message").data(message.to_string())),
            (None, rx, guard),
        ))
    });
    sse(events)
}

impl Hub {
    /// The answer to a 2025-11-25 `initialize`: a session that began is kept under its id (sent
    /// in `Mcp-Session-Id`); one the server refused is ended.
    async fn begun(&self, session: &Arc<Session>, answer: Value) -> Response {
        let id = session.id.clone().unwrap_or_default();
        if answer.get("result").is_none() {
            Arc::clone(session).end().await;
            return (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], answer.to_string()).into_response();
        }
        self.sessions.lock().unwrap_or_else(PoisonError::into_inner).insert(id.clone(), Arc::clone(session));
        let mut response =
            (StatusCode::OK, [(header::CONTENT_TYPE, "application/json")], answer.to_string()).into_response();
        if let Ok(value) = HeaderValue::from_str(&id) {
            response.headers_mut().insert(SESSION_HEADER, value);
        }
        response
    }
}

/// The HTTP status of a 2026-07-28 answer: 400 for an error of the request's shape or
/// headers, 404 for an unknown method, else 200.
fn status_of(answer: &Value) -> StatusCode {
    match answer.get("error").and_then(|e| e.get("code")).and_then(Value::as_i64) {
        Some(-32700 | -32600 | -32602 | -32020 | -32021 | -32022) => StatusCode::BAD_REQUEST,
        Some(-32601) => StatusCode::NOT_FOUND,
        _ => StatusCode::OK,
    }
}

fn sse<S>(events: S) -> Response
where
    S: Stream<Item = Result<Event, std::convert::Infallible>> + Send + 'static,
{
    Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(SSE_KEEP_ALIVE_SECONDS))).into_response()
}

/// A request waiting for its answer; dropped unanswered (the client closed the stream), it
/// stops waiting, and a 2026-07-28 request is cancelled at the server ([`Relay::disconnected`]).
struct Pending {
    session: Arc<Session>,
    key: String,
    modern: bool,
    answered: bool,
    /// The relay's taking of the request: a cancellation follows it, never precedes it.
    sent: Option<tokio::task::JoinHandle<()>>,
}

impl Drop for Pending {
    fn drop(&mut self) {
        if self.answered {
            return;
        }
        self.session.routes.waiting.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.key);
        if self.modern {
            let relay = Arc::clone(&self.session.relay);
            let key = Value::String(std::mem::take(&mut self.key));
            let sent = self.sent.take();
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(async move {
                    if let Some(sent) = sent {
                        let _ = sent.await;
                    }
                    let _ = tokio::task::spawn_blocking(move || relay.disconnected(&key)).await;
                });
            }
        }
    }
}

/// A GET: a 2025-11-25 session's stream of the server's own messages.
async fn on_get(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Response {
    if let Err(refusal) = hub.admit(&headers).await {
        return refusal;
    }
    let Some(key) = session_of(&headers) else {
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "POST")]).into_response();
    };
    let Some(session) = hub.sessions.lock().unwrap_or_else(PoisonError::into_inner).get(key).cloned() else {
        return refused(StatusCode::NOT_FOUND, &Value::Null, code::INVALID_REQUEST, "the session is not known");
    };
    let (tx, rx) = mpsc::unbounded_channel();
    {
        let mut backlog = session.routes.backlog.lock().unwrap_or_else(PoisonError::into_inner);
        backlog.drain(..).for_each(|m| drop(tx.send(m)));
    }
    *session.routes.stream.lock().unwrap_or_else(PoisonError::into_inner) = Some(tx);
    let events = stream::unfold(rx, |mut rx| async move {
        let message = rx.recv().await?;
        Some((Ok(Event::default().event("message").data(message.to_string())), rx))
    });
    sse(events)
}

/// A DELETE: a 2025-11-25 session ended, and its server.
async fn on_delete(State(hub): State<Arc<Hub>>, headers: HeaderMap) -> Response {
    if let Err(refusal) = hub.admit(&headers).await {
        return refusal;
    }
    let Some(key) = session_of(&headers) else {
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "POST")]).into_response();
    };
    let session = hub.sessions.lock().unwrap_or_else(PoisonError::into_inner).remove(key);
    match session {
        Some(session) => {
            session.end().await;
            StatusCode::NO_CONTENT.into_response()
        }
        None => refused(StatusCode::NOT_FOUND, &Value::Null, code::INVALID_REQUEST, "the session is not known"),
    }
}
