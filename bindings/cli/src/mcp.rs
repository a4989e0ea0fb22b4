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

//!
//! Every server is bounded in memory and time, however it behaves: a message line is kept up
//! to [`MAX_MESSAGE_BYTES`], stderr as a tail of [`STDERR_TAIL_BYTES`] bytes in any encoding,
//! lines that are not JSON-RPC, notifications and the server's own requests are counted and
//! capped (each answered as it comes, never queued), a write the server does not read within
//! [`WRITE_TIMEOUT_SECONDS`] ends the session, a listing keeps at most [`MAX_LIST_TOOLS`] tools
//! of [`MAX_LIST_PAGES`] pages and [`MAX_LIST_BYTES`] bytes (and says when it was cut), and the
//! server's whole process group is ended with the session.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::terminal::visible;

/// The revision spoken first.
pub const MODERN: &str = "2026-07-28";
/// The handshake revision spoken to a server that does not answer `server/discover`.
pub const LEGACY: &str = "2025-11-25";
/// How long a server may take to answer its first request (it may be compiling or importing).
pub const STARTUP_TIMEOUT_SECONDS: u64 = 60;
/// How long any later request may take.
pub const REQUEST_TIMEOUT_SECONDS: u64 = 60;
/// How long one line written to the server (a request, or the answer to its own request) may
/// wait for the server to read it; a server that reads nothing fills the pipe, and the session
/// ends after this long instead of blocking for ever.
pub const WRITE_TIMEOUT_SECONDS: u64 = 10;
/// The most pages of `tools/list` read from one server; a listing with more is cut.
pub const MAX_LIST_PAGES: usize = 100;
/// The most tools kept of one listing, all pages together; the rest are counted, not kept, and
/// the listing is cut (see [`Session::listing_cut`]).
pub const MAX_LIST_TOOLS: usize = 2_000;
/// The most bytes of message lines read for one listing, all pages together; no further page
/// is asked for once they are reached, and the listing is cut.
pub const MAX_LIST_BYTES: usize = 32 * 1024 * 1024;
/// The longest message line read from a server; a longer line ends the session.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024 * 1024;
/// The most stdout lines that are not JSON-RPC (blank ones included) a session takes; one
/// more ends it. Each is kept cut to [`STRAY_LINE_CHARS`] characters.
pub const MAX_STRAY_LINES: usize = 1_000;
/// The characters of a stdout line that is not JSON-RPC kept to report it.
pub const STRAY_LINE_CHARS: usize = 200;
/// The most notifications (and responses to no request of this client) a session takes; one
/// more ends it. None is kept.
pub const MAX_NOTIFICATIONS: usize = 10_000;
/// The most requests of the server's own (`ping`, `roots/list`, ...) a session answers; one
/// more ends it.
pub const MAX_SERVER_REQUESTS: usize = 1_000;
/// How long an error waits for a stopping server's last lines of stderr.
pub const STDERR_WAIT_SECONDS: u64 = 2;
/// The bytes of a server's stderr kept, the last ones, to explain an error: stderr is read all
/// along in any encoding (a server that logs much never blocks on a full pipe), and only this
/// tail is held.
pub const STDERR_TAIL_BYTES: usize = 4_096;
/// The most lines of the stderr tail quoted in an error.
pub const STDERR_TAIL_LINES: usize = 12;
/// Seconds a server is given to exit once its input is closed at the session's end (the MCP
/// stdio transport's shutdown: close the input, wait, then end the process), so that it can
/// finish what it writes on the way out (its telemetry, a proxy's export); then its process group
/// is ended.
pub const EXIT_GRACE_SECONDS: u64 = 2;
/// Messages read ahead of the session: the stdout reader waits (and so does the server) while
/// this many are unread.
const READ_AHEAD: usize = 2;

/// What went wrong speaking to a server: it did not start, went silent, closed, or broke
/// JSON-RPC. Each is a reason the whole command stops (exit 4), not a finding.
#[derive(Debug)]
pub struct ClientError(pub String);

impl std::fmt::Display for ClientError {
    /// The message with terminal controls escaped, line by line (it may quote a server).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let lines: Vec<_> = self.0.split('\n').map(visible).collect();
        f.write_str(&lines.join("\n"))
    }
}

/// A response: the `result`, or the JSON-RPC `error` object.
pub type Response = Result<Value, Value>;

/// A listing cut short by a bound: what was kept and what the bound is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListingCut {
    /// The constant that cut it: `MAX_LIST_TOOLS`, `MAX_LIST_PAGES` or `MAX_LIST_BYTES`.
    pub bound: &'static str,
    /// The tools kept (and linted).
    pub kept: usize,
    /// The tools on the pages read that were not kept (pages not asked for are not counted).
    pub dropped: usize,
    /// The pages read.
    pub pages: usize,
    /// True when the server offered a further page that was not asked for.
    pub more_pages: bool,
}

impl ListingCut {
    /// One sentence naming the bound and the counts.
    pub fn message(&self) -> String {
        let value = match self.bound {
            "MAX_LIST_PAGES" => MAX_LIST_PAGES.to_string(),
            "MAX_LIST_BYTES" => format!("{} bytes", MAX_LIST_BYTES),
            _ => MAX_LIST_TOOLS.to_string(),
        };
        let more = if self.more_pages { " and a further page offered" } else { "" };
        format!(
            "tools/list was cut at `{}` ({value}): {} tools kept of {} on {} page(s) read{more}",
            self.bound,
            self.kept,
            self.kept + self.dropped,
            self.pages
        )
    }
}

/// What the stdout reader hands the session.
enum Incoming {
    /// A response, the bytes of its line, and the tools of its `result.tools` not kept (past
    /// [`MAX_LIST_TOOLS`]).
    Response(Value, usize, usize),
    /// A request of the server's own, to answer.
    Request(Value),
    /// A line that is not JSON-RPC, cut to [`STRAY_LINE_CHARS`].
    Stray(String),
    /// The end of the server's output: why (it closed it, or passed a bound).
    End(String),
}

/// A child started in a process group of its own, the whole group ended when this is dropped:
/// a server started through `sh -c`, and anything it started, never outlives the command.
pub(crate) struct Group(Child);

impl Group {
    /// Spawns `cmd` as the leader of a new process group.
    pub(crate) fn spawn(cmd: &mut Command) -> std::io::Result<Group> {
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(cmd, 0);
        cmd.spawn().map(Group)
    }

    pub(crate) fn child(&mut self) -> &mut Child {
        &mut self.0
    }

    /// Waits for the leader to exit until `deadline`; `None` when it is still running then.
    pub(crate) fn wait_until(&mut self, deadline: Instant) -> Option<std::process::ExitStatus> {
        loop {
            match self.0.try_wait() {
                Ok(Some(status)) => return Some(status),
                Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
                _ => return None,
            }
        }
    }
}

impl Group {
    /// Ends the whole group now and reaps the leader.
    pub(crate) fn kill(&mut self) {
        kill_group(self.0.id());
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Sends SIGKILL to the process group led by `pid`. The leader is not reaped before this (or
/// its group still has members, which keeps the id from being reused), so the group is ours.
#[cfg(unix)]
#[allow(unsafe_code, reason = "killpg is a C function; std kills one process, not a group")]
fn kill_group(pid: u32) {
    let Ok(pgid) = libc::pid_t::try_from(pid) else { return };
    // SAFETY: killpg takes two integers and touches no memory of ours; a group already gone
    // gives ESRCH, which is ignored.
    unsafe {
        libc::killpg(pgid, libc::SIGKILL);
    }
}

#[cfg(not(unix))]
fn kill_group(_pid: u32) {}

/// Writes lines to the server from a thread of its own, so that a server that does not read
/// blocks that thread, never the session.
struct Writer {
    lines: SyncSender<Vec<u8>>,
    written: Receiver<std::io::Result<()>>,
    /// Why writing stopped for good (a write that timed out is still blocked).
    broken: Option<String>,
}

impl Writer {
    fn start(mut stdin: ChildStdin) -> Writer {
        let (lines, to_write) = mpsc::sync_channel::<Vec<u8>>(1);
        let (done, written) = mpsc::channel();
        std::thread::spawn(move || {
            for line in to_write {
                let result = stdin.write_all(&line).and_then(|()| stdin.flush());
                let failed = result.is_err();
                if done.send(result).is_err() || failed {
                    return;
                }
            }
        });
        Writer { lines, written, broken: None }
    }

    /// Writes one line, waiting at most [`WRITE_TIMEOUT_SECONDS`] for the server to take it.
    fn write(&mut self, line: Vec<u8>) -> Result<(), ClientError> {
        if let Some(why) = &self.broken {
            return Err(ClientError(why.clone()));
        }
        let broken = match self.lines.try_send(line) {
            Ok(()) => match self.written.recv_timeout(Duration::from_secs(WRITE_TIMEOUT_SECONDS)) {
                Ok(Ok(())) => return Ok(()),
                Ok(Err(e)) => format!("cannot write to the server: {e}"),
                Err(RecvTimeoutError::Timeout) => format!(
                    "the server read none of its input for {WRITE_TIMEOUT_SECONDS} s \
                     (`WRITE_TIMEOUT_SECONDS`): a write to it is still blocked"
                ),
                Err(RecvTimeoutError::Disconnected) => "cannot write to the server: it closed its input".into(),
            },
            Err(TrySendError::Full(_)) => "a write to the server is still blocked".into(),
            Err(TrySendError::Disconnected(_)) => "cannot write to the server: it closed its input".into(),
        };
        self.broken = Some(broken.clone());
        Err(ClientError(broken))
    }
}

/// A session with one server process.
pub struct Session {
    writer: Writer,
    incoming: Receiver<Incoming>,
    next_id: u64,
    /// The negotiated revision: [`MODERN`] or what the server answered `initialize` with.
    pub version: String,
    /// The stdout lines the server sent that were not JSON (stdout must carry JSON-RPC only),
    /// each cut to [`STRAY_LINE_CHARS`]; at most [`MAX_STRAY_LINES`].
    pub stray_output: Vec<String>,
    /// Where requests of the modern revision carry their context.
    meta: Option<Value>,
    /// The last bytes the server wrote to stderr, to say why it stopped, and whether older
    /// ones were dropped.
    stderr_tail: Arc<Mutex<(VecDeque<u8>, bool)>>,
    /// Told when the server's stderr closed (it exited).
    stderr_done: Receiver<()>,
    /// Why the server's output ended, once it has.
    ended: Option<String>,
    /// Responses to no request of ours, counted against [`MAX_NOTIFICATIONS`].
    unsolicited: usize,
    /// The server's own requests answered, counted against [`MAX_SERVER_REQUESTS`].
    server_requests: usize,
    /// The bytes of the last response's line.
    last_bytes: usize,
    /// The tools of the last response's `result.tools` dropped as it was read.
    last_dropped: usize,
    /// The first listing of this session that a bound cut.
    cut: Option<ListingCut>,
    /// Last, so that the group is ended after the pipes' ends are dropped.
    _group: Group,
}

impl Drop for Session {
    /// Closes the server's input and waits up to [`EXIT_GRACE_SECONDS`] for it to exit; the
    /// process group is ended after (`Group`'s drop), whatever it did.
    fn drop(&mut self) {
        let (closed, _) = mpsc::sync_channel(0);
        drop(std::mem::replace(&mut self.writer.lines, closed));
        let _ = self._group.wait_until(Instant::now() + Duration::from_secs(EXIT_GRACE_SECONDS));
    }
}

impl Session {
    /// Starts `command` through `sh -c` in `cwd`, in a process group of its own, and agrees on
    /// a revision.
    pub fn start(command: &str, cwd: Option<&std::path::Path>) -> Result<Session, ClientError> {
        let mut cmd = Command::new("sh");
        cmd.arg("-c").arg(command).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
        if let Some(dir) = cwd {
            cmd.current_dir(dir);
        }
        let mut group = Group::spawn(&mut cmd).map_err(|e| ClientError(format!("cannot start `{command}`: {e}")))?;
        let child = group.child();
        let stdin = child.stdin.take().ok_or_else(|| ClientError("no stdin".into()))?;
        let stdout = child.stdout.take().ok_or_else(|| ClientError("no stdout".into()))?;
        let (tx, incoming) = mpsc::sync_channel(READ_AHEAD);
        std::thread::spawn(move || read_lines(BufReader::new(stdout), &tx));
        let stderr_tail = Arc::new(Mutex::new((VecDeque::new(), false)));
        let (done, stderr_done) = mpsc::channel();
        if let Some(stderr) = child.stderr.take() {
            let tail = Arc::clone(&stderr_tail);
            std::thread::spawn(move || {
                keep_tail(stderr, &tail, false);
                let _ = done.send(());
            });
        }
        let mut session = Session {
            writer: Writer::start(stdin),
            incoming,
            next_id: 0,
            version: String::new(),
            stray_output: Vec::new(),
            meta: None,
            stderr_tail,
            stderr_done,
            ended: None,
            unsolicited: 0,
            server_requests: 0,
            last_bytes: 0,
            last_dropped: 0,
            cut: None,
            _group: group,
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
        let discovered = discovered.map_err(|e| ClientError(format!("`{command}`: {}", e.0)))?;
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
        match init.map_err(|e| ClientError(format!("`{command}`: {}", e.0)))? {
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
        // A server that just exited may have bytes in the pipe still: wait for its stderr to
        // close (a server still running keeps it open; then the wait is short).
        let _ = self.stderr_done.recv_timeout(Duration::from_secs(STDERR_WAIT_SECONDS));
        let tail = match self.stderr_tail.lock() {
            Ok(tail) => tail_lines(&tail.0, tail.1),
            Err(_) => Vec::new(),
        };
        if tail.is_empty() {
            return error;
        }
        ClientError(format!("{}; the server's stderr ended with:\n{}", error.0, tail.join("\n")))
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
        self.send(&request)
            .map_err(|e| ClientError(format!("the server stopped before answering {method} ({})", e.0)))?;
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let stopped = |why: &str| ClientError(format!("the server stopped before answering {method} ({why})"));
            match self.incoming.recv_timeout(left) {
                Ok(Incoming::Response(message, bytes, dropped)) if message.get("id") == Some(&json!(id)) => {
                    self.last_bytes = bytes;
                    self.last_dropped = dropped;
                    if let Some(error) = message.get("error") {
                        return Ok(Err(error.clone()));
                    }
                    return Ok(Ok(message.get("result").cloned().unwrap_or(Value::Null)));
                }
                Ok(Incoming::Response(..)) => self.unsolicited(method)?,
                Ok(Incoming::Request(message)) => self.answer_server(&message, method)?,
                Ok(Incoming::Stray(line)) => self.stray_output.push(line),
                Ok(Incoming::End(why)) => {
                    self.ended = Some(why.clone());
                    return Err(stopped(&why));
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ClientError(format!("no answer to {method} within {} s", limit.as_secs())))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(stopped(self.ended.as_deref().unwrap_or("it closed its output")))
                }
            }
        }
    }

    /// Counts a response to no request of ours against [`MAX_NOTIFICATIONS`].
    fn unsolicited(&mut self, method: &str) -> Result<(), ClientError> {
        self.unsolicited += 1;
        if self.unsolicited > MAX_NOTIFICATIONS {
            return Err(ClientError(format!(
                "the server sent more than {MAX_NOTIFICATIONS} responses to no request \
                 (`MAX_NOTIFICATIONS`) while {method} was waiting"
            )));
        }
        Ok(())
    }

    /// A server's own request gets an answer at once, never queued (a ping an empty result,
    /// anything else "method not found": this client offers no roots, sampling or
    /// elicitation), up to [`MAX_SERVER_REQUESTS`] of them.
    fn answer_server(&mut self, message: &Value, waiting: &str) -> Result<(), ClientError> {
        self.server_requests += 1;
        if self.server_requests > MAX_SERVER_REQUESTS {
            return Err(ClientError(format!(
                "the server sent more than {MAX_SERVER_REQUESTS} requests of its own \
                 (`MAX_SERVER_REQUESTS`) while {waiting} was waiting"
            )));
        }
        let id = &message["id"];
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
        let mut line = message.to_string().into_bytes();
        line.push(b'\n');
        self.writer.write(line)
    }

    /// Every tool of every page of `tools/list`, in order, beside the pages as sent without
    /// their `tools` (which the first holds). At most [`MAX_LIST_TOOLS`] tools of
    /// [`MAX_LIST_PAGES`] pages and [`MAX_LIST_BYTES`] bytes are read: a page's tools past the
    /// bound are dropped as soon as it is read, and the cut is kept for
    /// [`Session::listing_cut`].
    pub fn list_all_tools(&mut self) -> Result<(Vec<Value>, Vec<Value>), ClientError> {
        let (mut tools, mut pages) = (Vec::new(), Vec::new());
        let (mut bytes, mut dropped) = (0, 0);
        let mut cursor: Option<Value> = None;
        let bound = loop {
            let params = cursor.take().map_or_else(|| json!({}), |c| json!({"cursor": c}));
            let mut page = match self.request("tools/list", params)? {
                Ok(page) => page,
                Err(error) => return Err(ClientError(format!("tools/list failed: {error}"))),
            };
            bytes += self.last_bytes;
            dropped += self.last_dropped;
            cursor = page.get("nextCursor").filter(|c| c.is_string()).cloned();
            if let Some(Value::Array(listed)) = page.as_object_mut().and_then(|p| p.shift_remove("tools")) {
                let room = MAX_LIST_TOOLS - tools.len();
                dropped += listed.len().saturating_sub(room);
                tools.extend(listed.into_iter().take(room));
            }
            pages.push(page);
            if dropped > 0 || (tools.len() == MAX_LIST_TOOLS && cursor.is_some()) {
                break Some("MAX_LIST_TOOLS");
            } else if cursor.is_none() {
                break None;
            } else if pages.len() == MAX_LIST_PAGES {
                break Some("MAX_LIST_PAGES");
            } else if bytes >= MAX_LIST_BYTES {
                break Some("MAX_LIST_BYTES");
            }
        };
        if let (Some(bound), None) = (bound, &self.cut) {
            let (kept, pages) = (tools.len(), pages.len());
            self.cut = Some(ListingCut { bound, kept, dropped, pages, more_pages: cursor.is_some() });
        }
        Ok((tools, pages))
    }

    /// The first listing of this session that a bound cut ([`MAX_LIST_TOOLS`],
    /// [`MAX_LIST_PAGES`] or [`MAX_LIST_BYTES`]): what was kept and the bound; `None` when every
    /// listing was read whole.
    pub fn listing_cut(&self) -> Option<&ListingCut> {
        self.cut.as_ref()
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

/// The tools of a listing's pages, in order.
pub fn tools_of(pages: &[Value]) -> Vec<Value> {
    pages.iter().flat_map(|p| p.get("tools").and_then(Value::as_array).cloned().unwrap_or_default()).collect()
}

fn client_info() -> Value {
    json!({"name": "agent-input", "version": env!("CARGO_PKG_VERSION")})
}

/// Keeps the last [`STDERR_TAIL_BYTES`] bytes of the server's stderr, and whether older ones
/// were dropped, passing every byte on to this process's stderr too when `pass_on` is set (the
/// proxy's). It reads bytes, not lines: no encoding and no line length stops it.
pub(crate) fn keep_tail<R: Read>(mut reader: R, tail: &Mutex<(VecDeque<u8>, bool)>, pass_on: bool) {
    let mut buffer = [0u8; 8192];
    loop {
        let n = match reader.read(&mut buffer) {
            Ok(0) => return,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return,
        };
        if pass_on {
            let _ = std::io::Write::write_all(&mut std::io::stderr(), &buffer[..n]);
        }
        keep_in_tail(tail, &buffer[..n]);
    }
}

/// Adds `chunk` to a stderr tail, keeping its last [`STDERR_TAIL_BYTES`] bytes.
fn keep_in_tail(tail: &Mutex<(VecDeque<u8>, bool)>, chunk: &[u8]) {
    let Ok(mut tail) = tail.lock() else { return };
    let (bytes, cut) = &mut *tail;
    bytes.extend(chunk);
    if bytes.len() > STDERR_TAIL_BYTES {
        bytes.drain(..bytes.len() - STDERR_TAIL_BYTES);
        *cut = true;
    }
}

/// The last [`STDERR_TAIL_LINES`] lines of a stderr tail, read as UTF-8 where they are (other
/// bytes as U+FFFD), each cut to 300 characters; `…` marks a first line whose start was dropped.
pub(crate) fn tail_lines(bytes: &VecDeque<u8>, cut: bool) -> Vec<String> {
    let bytes: Vec<u8> = bytes.iter().copied().collect();
    let text = String::from_utf8_lossy(&bytes);
    let lines: Vec<&str> = text.lines().collect();
    let skip = lines.len().saturating_sub(STDERR_TAIL_LINES);
    let mut out: Vec<String> = lines[skip..].iter().map(|l| l.chars().take(300).collect()).collect();
    if let (true, 0, Some(first)) = (cut, skip, out.first_mut()) {
        first.insert(0, '…');
    }
    out
}

/// Reads the server's stdout line by line: a response or a request of the server's own goes to
/// the session; a notification is counted and dropped; anything else is stray output (a server
/// that prints to stdout breaks its transport). It ends with why the output ended.
fn read_lines<R: BufRead>(mut reader: R, tx: &SyncSender<Incoming>) {
    let (mut stray, mut notifications) = (0, 0);
    let mut line = Vec::new();
    let why = loop {
        line.clear();
        let limited = Read::take(&mut reader, MAX_MESSAGE_BYTES as u64 + 1).read_until(b'\n', &mut line);
        match limited {
            Ok(0) => break "it closed its output".to_string(),
            Err(e) => break format!("its output could not be read: {e}"),
            Ok(n) if n > MAX_MESSAGE_BYTES => {
                break format!("it sent a message line longer than {MAX_MESSAGE_BYTES} bytes (`MAX_MESSAGE_BYTES`)")
            }
            Ok(_) => {}
        }
        let dropped = std::cell::Cell::new(0);
        let incoming = match parse(&line, &dropped) {
            Ok(message) if message.is_object() && message.get("method").is_some() && message.get("id").is_none() => {
                notifications += 1;
                if notifications > MAX_NOTIFICATIONS {
                    break format!("it sent more than {MAX_NOTIFICATIONS} notifications (`MAX_NOTIFICATIONS`)");
                }
                continue;
            }
            Ok(message) if message.is_object() && message.get("method").is_some() => Incoming::Request(message),
            Ok(message) if message.is_object() => Incoming::Response(message, line.len(), dropped.get()),
            _ => {
                stray += 1;
                if stray > MAX_STRAY_LINES {
                    break format!(
                        "it wrote more than {MAX_STRAY_LINES} lines to stdout that are not JSON-RPC (`MAX_STRAY_LINES`)"
                    );
                }
                let text = String::from_utf8_lossy(&line);
                let text = text.trim();
                if text.is_empty() {
                    continue;
                }
                Incoming::Stray(text.chars().take(STRAY_LINE_CHARS).collect())
            }
        };
        if tx.send(incoming).is_err() {
            return;
        }
    };
    let _ = tx.send(Incoming::End(why));
}

/// One message line, with at most [`MAX_LIST_TOOLS`] items of its `result.tools` kept: the rest
/// are skipped as they are read (never built) and counted in `dropped`, so that a listing of
/// any length costs the memory of the tools kept.
fn parse(line: &[u8], dropped: &std::cell::Cell<usize>) -> serde_json::Result<Value> {
    let mut reader = serde_json::Deserializer::from_slice(line);
    let message = serde::de::DeserializeSeed::deserialize(Capped { place: Place::Top, dropped }, &mut reader)?;
    reader.end()?;
    Ok(message)
}

/// Where in a message a value is: the message, its `result`, the result's `tools`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Top,
    Result,
    Tools,
}

/// Reads a value as `serde_json::Value` does, but for the items of `result.tools` past
/// [`MAX_LIST_TOOLS`].
struct Capped<'a> {
    place: Place,
    dropped: &'a std::cell::Cell<usize>,
}

/// The key under which `serde_json` (`arbitrary_precision`) hands a number to a visitor.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

impl<'de> serde::de::DeserializeSeed<'de> for Capped<'_> {
    type Value = Value;

    fn deserialize<D: serde::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for Capped<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        let keep = if self.place == Place::Tools { MAX_LIST_TOOLS } else { usize::MAX };
        while items.len() < keep {
            match seq.next_element::<Value>()? {
                Some(item) => items.push(item),
                None => return Ok(Value::Array(items)),
            }
        }
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
            self.dropped.set(self.dropped.get() + 1);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = serde_json::Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let inner = match (self.place, key.as_str()) {
                (_, NUMBER_TOKEN) if object.is_empty() => {
                    let digits = map.next_value::<String>()?;
                    return serde_json::from_str(&digits).map_err(serde::de::Error::custom);
                }
                (Place::Top, "result") => Some(Place::Result),
                (Place::Result, "tools") => Some(Place::Tools),
                _ => None,
            };
            let value = match inner {
                Some(place) => map.next_value_seed(Capped { place, dropped: self.dropped })?,
                None => map.next_value::<Value>()?,
            };
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_parses_as_serde_json_does_but_for_the_tools_past_the_bound() {
        let plain = r#"{"jsonrpc": "2.0", "id": 7, "result": {"n": [1.50, -0, 123456789012345678901234567890, null, true],
            "o": {"result": {"tools": [1, 2]}}, "s": "é\u0000", "tools": {"a": 1e400}}}"#;
        let dropped = std::cell::Cell::new(0);
        let expected: Value = serde_json::from_str(plain).unwrap();
        assert_eq!(parse(plain.as_bytes(), &dropped).unwrap(), expected);
        assert_eq!(parse(b"12", &dropped).unwrap(), json!(12));
        assert_eq!(parse(br#"[{"result": 1}]"#, &dropped).unwrap(), json!([{"result": 1}]));
        assert!(parse(b"{} x", &dropped).is_err() && parse(b"{", &dropped).is_err());
        assert_eq!(dropped.get(), 0);
        let tools: Vec<Value> =
            (0..MAX_LIST_TOOLS + 5).map(|i| json!({"name": format!("t{i}"), "x": [i, {"y": i}]})).collect();
        let listing = json!({"jsonrpc": "2.0", "id": 1, "result": {"tools": tools, "nextCursor": "c"}});
        let parsed = parse(listing.to_string().as_bytes(), &dropped).unwrap();
        assert_eq!(parsed["result"]["tools"].as_array().unwrap()[..], tools[..MAX_LIST_TOOLS]);
        assert_eq!((parsed["result"]["nextCursor"].as_str(), dropped.get()), (Some("c"), 5));
    }

    #[test]
    fn the_stderr_tail_is_bytes_in_any_encoding() {
        let tail = Mutex::new((VecDeque::new(), false));
        let mut bytes = vec![b'x'; 3 * STDERR_TAIL_BYTES];
        bytes.extend_from_slice(b"\nbad \xff\xfe\nlast\n");
        keep_tail(&bytes[..], &tail, false);
        let tail = tail.lock().unwrap();
        assert_eq!(tail.0.len(), STDERR_TAIL_BYTES);
        let lines = tail_lines(&tail.0, tail.1);
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with('…') && lines[0].chars().count() == 301, "{}", lines[0]);
        assert_eq!(lines[1..], ["bad \u{fffd}\u{fffd}", "last"]);
    }
}
