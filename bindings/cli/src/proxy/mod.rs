//! `agent-input proxy -- COMMAND [ARGS...]`: any MCP server made lenient from the client's
//! configuration, with nothing changed in the server. The proxy starts the server as a child
//! (in a process group of its own), speaks MCP to the client on its own stdin and stdout and to
//! the server on the child's, and relays every message as it came but for what the one-line
//! drop-ins rewrite ([`relay`]).
//!
//! Its life is the session's: when the client closes the proxy's input, the server's input is
//! closed, the server given [`SHUTDOWN_GRACE_MS`] to exit, then its whole group ended; when the
//! server exits, every request in flight is answered with a JSON-RPC error naming the exit
//! status and the last lines of its stderr, and the proxy exits with status 1 (a client that
//! starts servers starts the proxy again, as it would the server). The server's stderr is passed
//! on to the proxy's.

mod frame;
mod relay;

use std::collections::VecDeque;
use std::io::{BufReader, Read};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agent_input::cursor::CursorCodec;
use agent_input::protocol::Lenient;
use agent_input::tool::{MemoryReceipts, ReceiptStore, RedisReceipts, SqliteReceipts};
use serde_json::{json, Value};

use frame::Line;
pub use frame::MAX_MESSAGE_BYTES;
pub use relay::Today;
use relay::{code, error, log, Relay};

/// How long a server whose input was closed may take to exit before its group is ended.
pub const SHUTDOWN_GRACE_MS: u64 = 2_000;

/// What `agent-input proxy` was given.
pub struct Options<'a> {
    /// The server's program and its arguments.
    pub command: &'a [String],
    /// A JSON file of per-tool overrides, as the drop-ins take them: `{tool: overrides | false}`.
    pub overrides: Option<&'a std::path::Path>,
    /// The languages the callers write (`--languages cs,de`).
    pub languages: &'a [String],
    /// `--today`.
    pub today: Option<&'a str>,
    /// Names imply kinds.
    pub implied_kinds: bool,
    /// `--receipts`: `memory`, `sqlite:PATH` or `redis://HOST:PORT`.
    pub receipts: &'a str,
    /// The environment variable holding the server key (sealed questions and confirm tokens);
    /// without it, or when it is unset, a random key for this process.
    pub server_key_env: Option<&'a str>,
}

/// The lenient options the drop-ins take, from the proxy's.
fn lenient_options(o: &Options<'_>) -> Result<Lenient, String> {
    let tools = match o.overrides {
        None => Value::Null,
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--overrides {}: {e}", path.display()))?;
            serde_json::from_str(&text).map_err(|e| format!("--overrides {}: not JSON: {e}", path.display()))?
        }
    };
    let languages: Vec<&str> =
        o.languages.iter().flat_map(|l| l.split(',')).map(str::trim).filter(|l| !l.is_empty()).collect();
    let options = json!({"tools": tools, "languages": languages, "implied_kinds": o.implied_kinds});
    Lenient::from_options(&options, Some(server_key(o.server_key_env)?)).map_err(|e| format!("--overrides: {e}"))
}

/// The key that seals questions to a person and confirm tokens: the one in the variable
/// `--server-key-env` names, else a random one for this process (with a warning when the
/// variable was named: its questions and tokens then end with the proxy, as a drop-in's do).
fn server_key(env: Option<&str>) -> Result<CursorCodec, String> {
    if let Some(name) = env {
        match CursorCodec::from_env(name) {
            Ok(codec) => return Ok(codec),
            Err(e) => log(&format!(
                "warning: --server-key-env {name}: {e}; using a random key, so questions and confirm tokens \
                 end with this process"
            )),
        }
    }
    let mut key = [0u8; 32];
    getrandom::fill(&mut key).map_err(|e| format!("no system randomness for a server key: {e}"))?;
    CursorCodec::new(&key).map_err(|e| e.to_string())
}

/// The store `--receipts` names: `memory` (this process's), `sqlite:PATH` (a file every proxy
/// on the machine that names it shares), or `redis://HOST:PORT` (a server every proxy on every
/// machine that names it shares); in the two shared ones each key is reserved by one proxy at
/// a time.
fn receipts(spec: &str) -> Result<Arc<dyn ReceiptStore>, String> {
    let shared: Result<Arc<dyn ReceiptStore>, agent_input::Error> = match spec.split_once(':') {
        None if spec == "memory" => return Ok(Arc::new(MemoryReceipts::default())),
        Some(("sqlite", path)) if !path.is_empty() => SqliteReceipts::open(path).map(|s| Arc::new(s) as _),
        Some(("redis" | "rediss", _)) => RedisReceipts::open(spec).map(|s| Arc::new(s) as _),
        _ => return Err(format!("--receipts takes `memory`, `sqlite:PATH` or `redis://HOST:PORT`; got `{spec}`")),
    };
    shared.map_err(|e| format!("--receipts: {e}"))
}

/// Runs the proxy until the client or the server ends the session. `Ok` holds the exit status;
/// `Err` a reason and its status (2: the options, 4: the server did not start).
///
/// # Errors
/// As above.
pub fn run(o: &Options<'_>) -> Result<u8, (String, u8)> {
    let lenient = lenient_options(o).map_err(|e| (e, 2))?;
    let today = o.today.map(Today::parse).transpose().map_err(|e| (e, 2))?.unwrap_or(Today::Unset);
    let receipts = receipts(o.receipts).map_err(|e| (e, 2))?;
    let Some((program, args)) = o.command.split_first() else {
        return Err(("proxy: name the server's command after `--`".into(), 2));
    };
    let mut cmd = Command::new(program);
    cmd.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    let shown = o.command.join(" ");
    let mut group = crate::mcp::Group::spawn(&mut cmd).map_err(|e| (format!("cannot start `{shown}`: {e}"), 4))?;
    let child = group.child();
    let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Err((format!("`{shown}`: no pipes to the server"), 4));
    };
    let tail = Arc::new(Mutex::new((VecDeque::new(), false)));
    let stderr_done = {
        let tail = Arc::clone(&tail);
        std::thread::spawn(move || crate::mcp::keep_tail(stderr, &tail, true))
    };
    let relay = Arc::new(Relay::new(lenient, receipts, today, Box::new(std::io::stdout()), Box::new(stdin)));
    let server = {
        let relay = Arc::clone(&relay);
        std::thread::spawn(move || read_server(stdout, &relay))
    };
    let group = Arc::new(Mutex::new(group));
    let closing = Arc::new(AtomicBool::new(false));
    {
        // The server's output ended: it exited (or closed it). Answer what is in flight, then
        // end the session.
        let relay = Arc::clone(&relay);
        let group = Arc::clone(&group);
        let closing = Arc::clone(&closing);
        std::thread::spawn(move || {
            let _ = server.join();
            if closing.load(Ordering::SeqCst) {
                return;
            }
            let status = wait_for(&group, Duration::from_millis(SHUTDOWN_GRACE_MS));
            let _ = stderr_done.join();
            let message = stopped_message(&shown, status, &tail);
            log(&message);
            relay.server_gone(&message);
            drop(group.lock().map(|mut g| g.kill()));
            std::process::exit(1);
        });
    }
    read_client(&relay);
    // The client is gone: the server's input is closed, then the group ended after the grace.
    closing.store(true, Ordering::SeqCst);
    relay.close_server();
    let _ = wait_for(&group, Duration::from_millis(SHUTDOWN_GRACE_MS));
    drop(group.lock().map(|mut g| g.kill()));
    Ok(0)
}

/// Reads the client's messages until its input ends.
fn read_client(relay: &Relay) {
    let mut reader = BufReader::new(std::io::stdin().lock());
    let mut line = Vec::new();
    loop {
        match frame::read_line(&mut reader, &mut line) {
            Ok(Line::Message) if line.iter().all(u8::is_ascii_whitespace) => {}
            Ok(Line::Message) => relay.client_line(&line),
            Ok(Line::TooLong(bytes, id)) => relay.to_client(&error(
                &id.unwrap_or(Value::Null),
                code::INVALID_REQUEST,
                &format!(
                    "Invalid Request: the message is {bytes} bytes, more than MAX_MESSAGE_BYTES \
                     ({MAX_MESSAGE_BYTES}); it was not passed on"
                ),
            )),
            Ok(Line::End) | Err(_) => return,
        }
    }
}

/// Reads the server's messages until its output ends.
fn read_server(stdout: impl Read, relay: &Relay) {
    let mut reader = BufReader::new(stdout);
    let mut line = Vec::new();
    loop {
        match frame::read_line(&mut reader, &mut line) {
            Ok(Line::Message) if line.iter().all(u8::is_ascii_whitespace) => {}
            Ok(Line::Message) => relay.server_line(&line),
            Ok(Line::TooLong(bytes, id)) => {
                let message = format!(
                    "the server sent a message of {bytes} bytes, more than MAX_MESSAGE_BYTES ({MAX_MESSAGE_BYTES}); \
                     it was not passed on"
                );
                log(&message);
                if let Some(id) = id {
                    relay.answer_instead(&id, &message);
                }
            }
            Ok(Line::End) | Err(_) => return,
        }
    }
}

/// Waits at most `grace` for the server to exit; its status, or `None`.
fn wait_for(group: &Mutex<crate::mcp::Group>, grace: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + grace;
    let mut group = group.lock().ok()?;
    group.wait_until(deadline)
}

/// What the client is told of a server that stopped.
fn stopped_message(
    command: &str,
    status: Option<std::process::ExitStatus>,
    tail: &Mutex<(VecDeque<u8>, bool)>,
) -> String {
    let status = status.map_or_else(|| "closed its output".to_string(), |s| format!("exited ({s})"));
    let lines = tail.lock().map(|t| crate::mcp::tail_lines(&t.0, t.1)).unwrap_or_default();
    if lines.is_empty() {
        return format!("the server `{command}` {status} before answering; it wrote nothing to stderr");
    }
    format!("the server `{command}` {status} before answering; its stderr ended with:\n{}", lines.join("\n"))
}
