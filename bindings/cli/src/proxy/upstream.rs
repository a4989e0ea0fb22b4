//! The server behind the proxy over Streamable HTTP (`--upstream URL`): each message the relay
//! sends is POSTed, and what the server answers (one JSON message, or an event stream of
//! several) goes back to the relay as the server's.
//!
//! A client's credentials never reach the upstream: the specification forbids passing a token
//! through, so the proxy sends its own (`--upstream-token-env NAME`, the bearer token in that
//! variable of the proxy's environment) or none. The upstream's session (`Mcp-Session-Id`, in
//! the 2025-11-25 revision) is the proxy's, one per client session, ended with a `DELETE` when
//! the client's ends.

use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

use futures_util::StreamExt;
use reqwest::header::{HeaderValue, ACCEPT, CONTENT_TYPE};
use serde_json::Value;
use tokio::runtime::Handle;
use tokio::sync::mpsc;

use super::frame::MAX_MESSAGE_BYTES;
use super::relay::{code, error, log, Out, Relay};

/// The header naming a 2025-11-25 session.
pub const SESSION_HEADER: &str = "mcp-session-id";
/// The header naming the protocol revision a request speaks.
pub const VERSION_HEADER: &str = "mcp-protocol-version";
/// The header mirroring a 2026-07-28 request's method.
pub const METHOD_HEADER: &str = "mcp-method";
/// The header mirroring the name (or URI) a 2026-07-28 request is about.
pub const NAME_HEADER: &str = "mcp-name";
/// The `_meta` key of a 2026-07-28 request's revision.
const META_VERSION: &str = "io.modelcontextprotocol/protocolVersion";

/// The parameter each method that names something names it in, mirrored in [`NAME_HEADER`].
pub fn name_param(method: &str) -> Option<&'static str> {
    match method {
        "tools/call" | "prompts/get" => Some("name"),
        "resources/read" => Some("uri"),
        _ => None,
    }
}

/// A value as a header carries it (2026-07-28): plain printable ASCII as it is, anything else
/// as `=?base64?…?=`.
pub fn header_value(value: &str) -> String {
    use base64::Engine as _;
    let plain = !value.is_empty()
        && value.bytes().all(|b| (0x20..0x7f).contains(&b))
        && value.trim() == value
        && !(value.starts_with("=?base64?") && value.ends_with("?="));
    if plain {
        return value.to_owned();
    }
    format!("=?base64?{}?=", base64::engine::general_purpose::STANDARD.encode(value))
}

/// The headers a 2026-07-28 request mirrors from its body: its revision, method and name.
fn mirrored(message: &Value) -> Vec<(&'static str, String)> {
    let Some(version) = message.get("params").and_then(|p| p.get("_meta")?.get(META_VERSION)?.as_str()) else {
        return Vec::new();
    };
    let mut headers = vec![(VERSION_HEADER, version.to_owned())];
    if let Some(method) = message.get("method").and_then(Value::as_str) {
        headers.push((METHOD_HEADER, method.to_owned()));
        let name = name_param(method).and_then(|p| message.get("params")?.get(p)?.as_str());
        if let Some(name) = name {
            headers.push((NAME_HEADER, header_value(name)));
        }
    }
    headers
}

/// An upstream server: its address, and the proxy's own credential for it.
pub struct Target {
    client: reqwest::Client,
    url: reqwest::Url,
    token: Option<String>,
}

impl Target {
    /// The server at `url` (`http` or `https`), with the bearer token in the variable
    /// `token_env` names, if any.
    ///
    /// # Errors
    /// A URL that is not one, or a variable named and unset.
    pub fn new(url: &str, token_env: Option<&str>) -> Result<Self, String> {
        let url = reqwest::Url::parse(url).map_err(|e| format!("`{url}` is not a URL: {e}"))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(format!("`{url}`: the upstream is an http:// or https:// URL"));
        }
        let token = match token_env {
            None => None,
            Some(name) => Some(std::env::var(name).map_err(|e| format!("--upstream-token-env {name}: {e}"))?),
        };
        let client = reqwest::Client::builder().build().map_err(|e| format!("no HTTP client: {e}"))?;
        Ok(Self { client, url, token })
    }
}

/// One client session's connection to the upstream.
pub struct Connection(Arc<Inner>);

struct Inner {
    target: Arc<Target>,
    runtime: Handle,
    session: Mutex<Option<String>>,
    version: Mutex<Option<String>>,
    relay: OnceLock<Weak<Relay>>,
    listening: std::sync::atomic::AtomicBool,
}

/// The relay's server side: messages queued in order to the connection's sender.
pub struct Poster(mpsc::UnboundedSender<Vec<u8>>);

impl Out for Poster {
    fn send(&self, message: &[u8]) -> bool {
        self.0.send(message.to_vec()).is_ok()
    }
}

impl Connection {
    /// A connection to `target`, its requests made on `runtime`.
    pub fn new(target: Arc<Target>, runtime: Handle) -> Self {
        Self(Arc::new(Inner {
            target,
            runtime,
            session: Mutex::new(None),
            version: Mutex::new(None),
            relay: OnceLock::new(),
            listening: std::sync::atomic::AtomicBool::new(false),
        }))
    }

    /// The relay's server side. Messages are sent in the order given: a notification or a
    /// response is delivered before the next message is posted (so `notifications/initialized`
    /// precedes what follows it), a request is posted and the next one goes on without waiting
    /// for its answer.
    pub fn out(&self) -> Poster {
        let (tx, mut rx) = mpsc::unbounded_channel::<Vec<u8>>();
        let inner = Arc::clone(&self.0);
        self.0.runtime.spawn(async move {
            while let Some(body) = rx.recv().await {
                let message = serde_json::from_slice::<Value>(&body).unwrap_or(Value::Null);
                match message.get("method").is_some() && message.get("id").is_some() {
                    true => drop(tokio::spawn(Arc::clone(&inner).post(body, message))),
                    false => Arc::clone(&inner).post(body, message).await,
                }
            }
        });
        Poster(tx)
    }

    /// Gives the connection the relay its answers go to.
    pub fn attach(&self, relay: &Arc<Relay>) {
        let _ = self.0.relay.set(Arc::downgrade(relay));
    }

    /// Ends the upstream's session, if it gave one.
    pub async fn end(&self) {
        let session = self.0.session.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(session) = session {
            let request = self.0.authorized(self.0.target.client.delete(self.0.target.url.clone()));
            let _ = request.header(SESSION_HEADER, session).send().await;
        }
    }
}

impl Inner {
    fn authorized(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.target.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    /// Posts one message (`body`, parsed as `message`); what the upstream answers goes to the
    /// relay.
    async fn post(self: Arc<Self>, body: Vec<u8>, message: Value) {
        let id = message.get("method").and(message.get("id")).cloned();
        let mirrored = mirrored(&message);
        let version = match mirrored.is_empty() {
            true => self.version.lock().unwrap_or_else(PoisonError::into_inner).clone(),
            false => None,
        };
        let mut request = self
            .authorized(self.target.client.post(self.target.url.clone()))
            .header(CONTENT_TYPE, "application/json")
            .header(ACCEPT, "application/json, text/event-stream");
        if let Some(session) = self.session.lock().unwrap_or_else(PoisonError::into_inner).clone() {
            request = request.header(SESSION_HEADER, session);
        }
        if let Some(version) = version {
            request = request.header(VERSION_HEADER, version);
        }
        for (name, value) in mirrored {
            request = request.header(name, value);
        }
        let response = match request.body(body).send().await {
            Ok(response) => response,
            Err(e) => return self.failed(id, &format!("the upstream {} did not answer: {e}", self.target.url)),
        };
        if let Some(session) = response.headers().get(SESSION_HEADER).and_then(|v| v.to_str().ok()) {
            *self.session.lock().unwrap_or_else(PoisonError::into_inner) = Some(session.to_owned());
        }
        self.answer(response, id).await;
    }

    /// What the upstream answered a POST (or the session's GET) with.
    async fn answer(self: &Arc<Self>, response: reqwest::Response, id: Option<Value>) {
        let status = response.status();
        let kind = response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
        if status == reqwest::StatusCode::ACCEPTED {
            return;
        }
        if kind.starts_with("text/event-stream") {
            return self.events(response, id).await;
        }
        if kind.starts_with("application/json") {
            return match body_within(response).await {
                Ok(body) => self.deliver(body).await,
                Err(why) => self.failed(id, &why),
            };
        }
        let why = if status.is_success() {
            format!("the upstream answered HTTP {status} with neither JSON nor an event stream (`{kind}`)")
        } else {
            format!("the upstream answered HTTP {status}")
        };
        self.failed(id, &why);
    }

    /// An event stream's messages, in order; a stream that ends before the answer to `id`
    /// answers it with an error.
    async fn events(self: &Arc<Self>, response: reqwest::Response, id: Option<Value>) {
        let mut events = sse_stream::SseStream::from_bytes_stream(bounded_events(response.bytes_stream()));
        let mut answered = id.is_none();
        while let Some(event) = events.next().await {
            let Ok(event) = event else { break };
            let Some(data) = event.data.filter(|d| !d.trim().is_empty()) else { continue };
            let data = data.to_string();
            if !answered {
                answered = serde_json::from_str::<Value>(&data)
                    .is_ok_and(|m| m.get("method").is_none() && m.get("id") == id.as_ref());
            }
            self.deliver(data.into_bytes()).await;
        }
        if !answered {
            self.failed(id, "the upstream's event stream ended before its answer");
        }
    }

    /// One message of the server's, to the relay.
    async fn deliver(self: &Arc<Self>, body: Vec<u8>) {
        if let Ok(message) = serde_json::from_slice::<Value>(&body) {
            let version = message
                .get("result")
                .filter(|r| r.get("serverInfo").is_some())
                .and_then(|r| r.get("protocolVersion").and_then(Value::as_str));
            if let Some(version) = version {
                *self.version.lock().unwrap_or_else(PoisonError::into_inner) = Some(version.to_owned());
                self.listen();
            }
        }
        let Some(relay) = self.relay.get().and_then(Weak::upgrade) else { return };
        // The relay may keep a receipt (blocking I/O): off the runtime's workers.
        let _ = tokio::task::spawn_blocking(move || relay.server_line(&body)).await;
    }

    /// The answer to `id` is an error saying `why` (the relay passes it on).
    fn failed(self: &Arc<Self>, id: Option<Value>, why: &str) {
        log(why);
        let Some(id) = id else { return };
        let body = error(&id, code::INTERNAL_ERROR, why).to_string().into_bytes();
        let inner = Arc::clone(self);
        self.runtime.spawn(async move { inner.deliver(body).await });
    }

    /// Opens the session's stream of messages of the server's own (2025-11-25), once, when the
    /// upstream gave a session; a server that offers none answers 405 and none is kept.
    fn listen(self: &Arc<Self>) {
        let Some(session) = self.session.lock().unwrap_or_else(PoisonError::into_inner).clone() else { return };
        if self.listening.swap(true, std::sync::atomic::Ordering::SeqCst) {
            return;
        }
        let inner = Arc::clone(self);
        self.runtime.spawn(async move {
            let version = inner.version.lock().unwrap_or_else(PoisonError::into_inner).clone();
            let mut request = inner
                .authorized(inner.target.client.get(inner.target.url.clone()))
                .header(ACCEPT, "text/event-stream")
                .header(SESSION_HEADER, session);
            if let Some(version) = version.and_then(|v| HeaderValue::from_str(&v).ok()) {
                request = request.header(VERSION_HEADER, version);
            }
            if let Ok(response) = request.send().await {
                if response.status().is_success() {
                    inner.answer(response, None).await;
                }
            }
        });
    }
}

/// An event stream's bytes, cut with an error when one event runs past [`MAX_MESSAGE_BYTES`]
/// (the parser would otherwise hold it whole).
fn bounded_events(
    bytes: impl futures_util::Stream<Item = reqwest::Result<bytes::Bytes>>,
) -> impl futures_util::Stream<Item = Result<bytes::Bytes, std::io::Error>> {
    let mut since_event = 0usize;
    bytes.map(move |chunk| {
        let chunk = chunk.map_err(std::io::Error::other)?;
        // An event ends at a blank line: `\n\n`, or `\r\n\r\n` (whose last three bytes are `\n\r\n`).
        let lf = chunk.windows(2).rposition(|w| w == b"\n\n").map(|i| i + 2);
        let crlf = chunk.windows(3).rposition(|w| w == b"\n\r\n").map(|i| i + 3);
        let end = lf.max(crlf);
        since_event = match end {
            Some(end) => chunk.len() - end,
            None => since_event + chunk.len(),
        };
        if since_event > MAX_MESSAGE_BYTES {
            return Err(std::io::Error::other(format!(
                "the upstream sent an event of more than MAX_MESSAGE_BYTES ({MAX_MESSAGE_BYTES})"
            )));
        }
        Ok(chunk)
    })
}

/// A JSON body, read up to [`MAX_MESSAGE_BYTES`].
async fn body_within(response: reqwest::Response) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    let mut chunks = response.bytes_stream();
    while let Some(chunk) = chunks.next().await {
        let chunk = chunk.map_err(|e| format!("the upstream's answer broke off: {e}"))?;
        if body.len() + chunk.len() > MAX_MESSAGE_BYTES {
            return Err(format!(
                "the upstream sent a message of more than MAX_MESSAGE_BYTES ({MAX_MESSAGE_BYTES}); it was not passed on"
            ));
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}
