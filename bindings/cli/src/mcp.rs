//! A small MCP client over stdio, for `lint` and `eval`: it starts a server's command, speaks
//! the 2026-07-28 lifecycle (`server/discover`, then self-contained requests whose `_meta`
//! carries the protocol version, client info and capabilities) and falls back to the
//! `initialize` handshake at 2025-11-25 when the server does not speak it.
//!
//! It keeps every message as the server sent it (`serde_json::Value`): a lint must see the
//! wire as it is, including what an SDK client would fill in, drop or refuse (a missing
//! `resultType`, a tool name no SDK accepts), and it must go on talking to a server that breaks
//! the rules. It declares no client capabilities, so a server never elicits from it: an
//! ambiguous value comes back to the caller as the ask a model gets.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The revision spoken first.
pub const MODERN: &str = "2026-07-28";
/// The handshake revision spoken to a server that does not answer `server/discover`.
pub const LEGACY: &str = "2025-11-25";
/// How long a server may take to answer its first request (it may be compiling or importing).
pub const STARTUP_TIMEOUT_SECONDS: u64 = 60;
/// How long any later request may take.
pub const REQUEST_TIMEOUT_SECONDS: u64 = 60;
/// The most pages of `tools/list` read from one server.
pub const MAX_LIST_PAGES: usize = 100;
/// The longest message line read from a server; a longer line ends the session.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024 * 1024;

/// What went wrong speaking to a server: it did not start, went silent, closed, or broke
/// JSON-RPC. Each is a reason the whole command stops (exit 4), not a finding.
#[derive(Debug)]
pub struct ClientError(pub String);

impl std::fmt::Display for ClientError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A response: the `result`, or the JSON-RPC `error` object.
pub type Response = Result<Value, Value>;

/// A session with one server process.
pub struct Session {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<Result<Value, String>>,
    next_id: u64,
    /// The negotiated revision: [`MODERN`] or what the server answered `initialize` with.
    pub version: String,
    /// Every raw message the server sent that was not JSON (stdout must carry JSON-RPC only).
    pub stray_output: Vec<String>,
    /// Where requests of the modern revision carry their context.
    meta: Option<Value>,
    /// The last lines the server wrote to stderr, to say why it stopped.
    stderr_tail: Arc<Mutex<VecDeque<String>>>,
    /// Told when the server's stderr closed (it exited).
    stderr_done: Receiver<()>,
}

impl Session {
    /// Starts `command` through `sh -c` in `cwd` and agrees on a revision.
    pub fn start(command: &str, cwd: Option<&std::path::Path>) -> Result<Session, ClientError> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = cwd {
            cmd.current_dir(dir);
        }
        let mut child = cmd.spawn().map_err(|e| ClientError(format!("cannot start `{command}`: {e}")))?;
        let stdin = child.stdin.take().ok_or_else(|| ClientError("no stdin".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| ClientError("no stdout".into()))?;
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || read_lines(BufReader::new(stdout), &tx));
        let stderr_tail = Arc::new(Mutex::new(VecDeque::new()));
        let (done, stderr_done) = mpsc::channel();
        if let Some(stderr) = child.stderr.take() {
            let tail = Arc::clone(&stderr_tail);
            std::thread::spawn(move || {
                keep_tail(BufReader::new(stderr), &tail);
                let _ = done.send(());
            });
        }
        let mut session = Session {
            child,
            stdin,
            lines,
            next_id: 0,
            version: String::new(),
            stray_output: Vec::new(),
            meta: None,
            stderr_tail,
            stderr_done,
        };
        session.agree(command).map_err(|e| session.with_stderr(e))?;
        Ok(session)
    }

    fn agree(&mut self, command: &str) -> Result<(), ClientError> {
        let meta = json!({
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientInfo": client_info(),
            "io.modelcontextprotocol/clientCapabilities": {},
        });
        let startup = Duration::from_secs(STARTUP_TIMEOUT_SECONDS);
        let discovered = self.request_within("server/discover", json!({"_meta": meta}), startup);
        let discovered = discovered.map_err(|e| ClientError(format!("`{command}`: {e}")))?;
        if let Ok(result) = &discovered {
            let supported = result.get("supportedVersions").and_then(Value::as_array);
            if supported.is_some_and(|v| v.iter().any(|s| s == MODERN)) {
                self.version = MODERN.into();
                self.meta = Some(meta);
                return Ok(());
            }
        }
        let params = json!({"protocolVersion": LEGACY, "capabilities": {}, "clientInfo": client_info()});
        let init = self.request_within("initialize", params, startup);
        match init.map_err(|e| ClientError(format!("`{command}`: {e}")))? {
            Ok(result) => {
                self.version = result.get("protocolVersion").and_then(Value::as_str).unwrap_or(LEGACY).to_string();
                self.notify("notifications/initialized")?;
                Ok(())
            }
            Err(error) => Err(ClientError(format!("`{command}` refused both server/discover and initialize: {error}"))),
        }
    }

    /// Sends a request and waits for its response, answering what the server asks meanwhile.
    pub fn request(&mut self, method: &str, params: Value) -> Result<Response, ClientError> {
        self.request_within(method, params, Duration::from_secs(REQUEST_TIMEOUT_SECONDS))
            .map_err(|e| self.with_stderr(e))
    }

    /// The error with the server's last lines of stderr, which usually say why it stopped.
    fn with_stderr(&self, error: ClientError) -> ClientError {
        // A server that just exited may have lines in the pipe still: wait for its stderr to
        // close (a server still running keeps it open; then the wait is short).
        let _ = self.stderr_done.recv_timeout(Duration::from_secs(STDERR_WAIT_SECONDS));
        let tail = self.stderr_tail.lock().map(|t| t.iter().cloned().collect::<Vec<_>>()).unwrap_or_default();
        if tail.is_empty() {
            return error;
        }
        ClientError(format!("{error}; the server's stderr ended with:\n{}", tail.join("\n")))
    }

    fn request_within(&mut self, method: &str, mut params: Value, limit: Duration) -> Result<Response, ClientError> {
        self.next_id += 1;
        let id = self.next_id;
        if let (Some(meta), Some(object)) = (&self.meta, params.as_object_mut()) {
            let slot = object.entry("_meta").or_insert_with(|| json!({}));
            if let (Some(slot), Some(meta)) = (slot.as_object_mut(), meta.as_object()) {
                for (k, v) in meta {
                    slot.entry(k.clone()).or_insert_with(|| v.clone());
                }
            }
        }
        let request = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send(&request).map_err(|e| ClientError(format!("the server stopped before answering {method} ({e})")))?;
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let message = match self.lines.recv_timeout(left) {
                Ok(Ok(message)) => message,
                Ok(Err(stray)) => {
                    self.stray_output.push(stray);
                    continue;
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError(format!("no answer to {method} within {} s", limit.as_secs())))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ClientError(format!(
                        "the server stopped before answering {method} (it closed its output)"
                    )))
                }
            };
            if message.get("method").is_some() {
                self.answer_server(&message)?;
                continue;
            }
            if message.get("id") == Some(&json!(id)) {
                if let Some(error) = message.get("error") {
                    return Ok(Err(error.clone()));
                }
                return Ok(Ok(message.get("result").cloned().unwrap_or(Value::Null)));
            }
        }
    }

    /// A server's own request gets an answer (a ping an empty result, anything else "method
    /// not found": this client offers no roots, sampling or elicitation); notifications none.
    fn answer_server(&mut self, message: &Value) -> Result<(), ClientError> {
        let Some(id) = message.get("id") else { return Ok(()) };
        let reply = if message["method"] == "ping" {
            json!({"jsonrpc": "2.0", "id": id, "result": {}})
        } else {
            json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "not offered by this client"}})
        };
        self.send(&reply)
    }

    fn notify(&mut self, method: &str) -> Result<(), ClientError> {
        self.send(&json!({"jsonrpc": "2.0", "method": method}))
    }

    fn send(&mut self, message: &Value) -> Result<(), ClientError> {
        let mut line = message.to_string();
        line.push('\n');
        self.stdin
            .write_all(line.as_bytes())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| ClientError(format!("cannot write to the server: {e}")))
    }

    /// Every page of `tools/list`, each result as sent.
    pub fn list_tools(&mut self) -> Result<Vec<Value>, ClientError> {
        let mut pages = Vec::new();
        let mut cursor: Option<Value> = None;
        for _ in 0..MAX_LIST_PAGES {
            let params = match &cursor {
                Some(c) => json!({"cursor": c}),
                None => json!({}),
            };
            let page = match self.request("tools/list", params)? {
                Ok(page) => page,
                Err(error) => return Err(ClientError(format!("tools/list failed: {error}"))),
            };
            cursor = page.get("nextCursor").filter(|c| c.is_string()).cloned();
            pages.push(page);
            if cursor.is_none() {
                break;
            }
        }
        Ok(pages)
    }

    /// Every tool of every page of `tools/list`, in order, beside the pages as sent.
    pub fn list_all_tools(&mut self) -> Result<(Vec<Value>, Vec<Value>), ClientError> {
        let pages = self.list_tools()?;
        Ok((tools_of(&pages), pages))
    }

    /// One `tools/call`.
    pub fn call_tool(&mut self, name: &str, arguments: &Value) -> Result<Response, ClientError> {
        self.request("tools/call", json!({"name": name, "arguments": arguments}))
    }

    /// True when the session speaks the modern revision.
    pub fn modern(&self) -> bool {
        self.meta.is_some()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The tools of a listing's pages, in order.
pub fn tools_of(pages: &[Value]) -> Vec<Value> {
    pages.iter().flat_map(|p| p.get("tools").and_then(Value::as_array).cloned().unwrap_or_default()).collect()
}

fn client_info() -> Value {
    json!({"name": "agent-input", "version": env!("CARGO_PKG_VERSION")})
}

/// How long an error waits for a stopping server's last lines of stderr.
pub const STDERR_WAIT_SECONDS: u64 = 2;
/// The most lines of a server's stderr kept to explain an error.
pub const STDERR_TAIL_LINES: usize = 12;

/// Keeps the last lines of the server's stderr (it is read all along, so that a server that
/// logs much never blocks on a full pipe).
fn keep_tail<R: BufRead>(reader: R, tail: &Mutex<VecDeque<String>>) {
    for line in reader.lines() {
        let Ok(line) = line else { return };
        if let Ok(mut tail) = tail.lock() {
            if tail.len() == STDERR_TAIL_LINES {
                tail.pop_front();
            }
            tail.push_back(line.chars().take(300).collect());
        }
    }
}

/// Reads the server's stdout line by line: a JSON line is a message, anything else is kept as
/// stray output (a server that prints to stdout breaks its transport).
fn read_lines<R: BufRead>(mut reader: R, tx: &mpsc::Sender<Result<Value, String>>) {
    let mut line = Vec::new();
    loop {
        line.clear();
        let limited = std::io::Read::take(&mut reader, MAX_MESSAGE_BYTES as u64 + 1).read_until(b'\n', &mut line);
        match limited {
            Ok(0) | Err(_) => return,
            Ok(n) if n > MAX_MESSAGE_BYTES => {
                let _ = tx.send(Err(format!("a message longer than {MAX_MESSAGE_BYTES} bytes")));
                return;
            }
            Ok(_) => {}
        }
        let text = String::from_utf8_lossy(&line);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        let sent = match serde_json::from_str::<Value>(text) {
            Ok(message) if message.is_object() => tx.send(Ok(message)),
            _ => tx.send(Err(text.chars().take(200).collect())),
        };
        if sent.is_err() {
            return;
        }
    }
}
