//! `agent-input proxy -- COMMAND [ARGS...]`: any MCP server made lenient from the client's
//! configuration, with nothing changed in the server. The proxy starts the server as a child
//! (in a process group of its own, [`child`]), speaks MCP to the client on its own stdin and
//! stdout and to the server on the child's, and relays every message as it came but for what
//! the one-line drop-ins rewrite ([`relay`]). `--listen [HOST:]PORT` serves the client over
//! Streamable HTTP instead ([`http`]); `--upstream URL` speaks to a server over Streamable HTTP
//! instead of starting one ([`upstream`]).
//!
//! Over stdio its life is the session's: when the client closes the proxy's input, the
//! server's input is closed, the server given [`SHUTDOWN_GRACE_MS`] to exit, then its whole
//! group ended; when the server exits, every request in flight is answered with a JSON-RPC
//! error naming the exit status and the last lines of its stderr, and the proxy exits with
//! status 1 (a client that starts servers starts the proxy again, as it would the server). The
//! server's stderr is passed on to the proxy's.

mod auth;
mod child;
mod frame;
mod http;
mod relay;
mod telemetry;
mod upstream;

use std::io::BufReader;
use std::sync::Arc;

use agent_input::cursor::CursorCodec;
use agent_input::protocol::Lenient;
use agent_input::tool::{MemoryReceipts, PostgresReceipts, ReceiptStore, RedisReceipts, SqliteReceipts};
use serde_json::{json, Value};

use frame::Line;
pub use frame::MAX_MESSAGE_BYTES;
pub use relay::Today;
use relay::{code, error, log, Out, Pipe, Relay};

/// How long a server whose input was closed may take to exit before its group is ended.
pub const SHUTDOWN_GRACE_MS: u64 = 2_000;

/// What `agent-input proxy` was given.
pub struct Options<'a> {
    /// The server's program and its arguments (empty with `upstream`).
    pub command: &'a [String],
    /// `--upstream URL`: an MCP server over Streamable HTTP instead of a command.
    pub upstream: Option<&'a str>,
    /// `--upstream-token-env NAME`: the variable holding the proxy's own bearer token for the
    /// upstream (a client's token is never passed on).
    pub upstream_token_env: Option<&'a str>,
    /// `--listen [HOST:]PORT`: serve Streamable HTTP there instead of stdio.
    pub listen: Option<&'a str>,
    /// `--allow-origin ORIGIN`: browser origins served beside the loopback ones.
    pub allow_origins: &'a [String],
    /// A JSON file of per-tool overrides, as the drop-ins take them: `{tool: overrides | false}`.
    pub overrides: Option<&'a std::path::Path>,
    /// The languages the callers write (`--languages cs,de`).
    pub languages: &'a [String],
    /// `--today`.
    pub today: Option<&'a str>,
    /// Names imply kinds.
    pub implied_kinds: bool,
    /// `--receipts`: `memory`, `sqlite:PATH`, `redis://HOST:PORT` or `postgres://USER@HOST:PORT/DB`.
    pub receipts: &'a str,
    /// The environment variable holding the server key (sealed questions and confirm tokens);
    /// without it, or when it is unset, a random key for this process.
    pub server_key_env: Option<&'a str>,
    /// How a client's token is checked at `--listen` ([`auth`]).
    pub auth: auth::AuthOptions<'a>,
}

pub use auth::AuthOptions;

/// The lenient options the drop-ins take, from the proxy's, and the overrides per tool.
fn lenient_options(o: &Options<'_>) -> Result<(Lenient, Value), String> {
    let tools = match o.overrides {
        None => Value::Null,
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("--overrides {}: {e}", path.display()))?;
            serde_json::from_str(&text).map_err(|e| format!("--overrides {}: not JSON: {e}", path.display()))?
        }
    };
    let languages = flag_list(o.languages);
    let options = json!({"tools": tools, "languages": languages, "implied_kinds": o.implied_kinds});
    let lenient = Lenient::from_options(&options, Some(server_key(o.server_key_env)?))
        .map_err(|e| format!("--overrides: {e}"))?;
    Ok((lenient, tools))
}

/// The items a repeatable flag gives, each flag also a comma-separated list (`--languages
/// cs,de --languages pl`).
fn flag_list(values: &[String]) -> Vec<&str> {
    values.iter().flat_map(|v| v.split(',')).map(str::trim).filter(|v| !v.is_empty()).collect()
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
/// on the machine that names it shares), `redis://HOST:PORT` or `postgres://USER@HOST:PORT/DB`
/// (a server every proxy on every machine that names it shares); in the shared ones each key is
/// reserved by one proxy at a time.
fn receipts(spec: &str) -> Result<Arc<dyn ReceiptStore>, String> {
    let shared: Result<Arc<dyn ReceiptStore>, agent_input::Error> = match spec.split_once(':') {
        None if spec == "memory" => return Ok(Arc::new(MemoryReceipts::default())),
        Some(("sqlite", path)) if !path.is_empty() => SqliteReceipts::open(path).map(|s| Arc::new(s) as _),
        Some(("redis" | "rediss", _)) => RedisReceipts::open(spec).map(|s| Arc::new(s) as _),
        Some(("postgres" | "postgresql", _)) => PostgresReceipts::open(spec).map(|s| Arc::new(s) as _),
        _ => {
            return Err(format!(
                "--receipts takes `memory`, `sqlite:PATH`, `redis://HOST:PORT` or `postgres://USER@HOST:PORT/DB`; \
                 got `{spec}`"
            ))
        }
    };
    shared.map_err(|e| format!("--receipts: {e}"))
}

/// What every session of the proxy shares: how tools are read, where receipts are kept, the day.
#[derive(Clone)]
pub struct Shared {
    lenient: Arc<Lenient>,
    receipts: Arc<dyn ReceiptStore>,
    today: Today,
    /// How a client's token is checked (`--listen` with `--auth-tokens` or `--auth-introspect`).
    auth: Option<Arc<auth::Auth>>,
}

impl Shared {
    /// A relay between `client` and `server`.
    fn relay(&self, client: Box<dyn Out>, server: Box<dyn Out>) -> Arc<Relay> {
        let read_only: Arc<[String]> =
            self.auth.as_ref().map_or_else(|| Arc::from(Vec::new()), |a| a.read_only_scopes().into());
        Arc::new(Relay::new(
            Arc::clone(&self.lenient),
            Arc::clone(&self.receipts),
            self.today.clone(),
            client,
            server,
            read_only,
        ))
    }
}

/// The server behind the proxy.
#[derive(Clone)]
pub enum Server {
    /// A command started as a child for each session, spoken to over its stdin and stdout.
    Command(Vec<String>),
    /// An MCP server over Streamable HTTP.
    Upstream(Arc<upstream::Target>),
}

/// Runs the proxy until the client or the server ends the session (over stdio), or until it is
/// stopped (over HTTP). `Ok` holds the exit status; `Err` a reason and its status (2: the
/// options, 4: the server did not start).
///
/// # Errors
/// As above.
pub fn run(o: &Options<'_>) -> Result<u8, (String, u8)> {
    telemetry::install().map_err(|e| (format!("proxy: {e}"), 2))?;
    let ran = serve(o);
    telemetry::flush();
    ran
}

/// [`run`], its telemetry installed.
fn serve(o: &Options<'_>) -> Result<u8, (String, u8)> {
    let (lenient, tools) = lenient_options(o).map_err(|e| (e, 2))?;
    let today = o.today.map(Today::parse).transpose().map_err(|e| (e, 2))?.unwrap_or(Today::Unset);
    let receipts = receipts(o.receipts).map_err(|e| (e, 2))?;
    let auth = auth::Auth::new(&o.auth, &tools).map_err(|e| (format!("proxy: {e}"), 2))?;
    if auth.is_some() && o.listen.is_none() {
        let why = "proxy: --auth-tokens and --auth-introspect check the tokens of clients over HTTP: add --listen \
                   [HOST:]PORT (over stdio the client's credentials are its environment's)";
        return Err((why.into(), 2));
    }
    let shared = Shared { lenient: Arc::new(lenient), receipts, today, auth: auth.map(Arc::new) };
    let server = match (o.upstream, o.command.is_empty()) {
        (Some(_), false) => {
            return Err(("proxy: name either the server's command after `--` or --upstream URL, not both".into(), 2))
        }
        (None, true) => return Err(("proxy: name the server's command after `--`, or --upstream URL".into(), 2)),
        (Some(url), true) => Server::Upstream(Arc::new(
            upstream::Target::new(url, o.upstream_token_env).map_err(|e| (format!("--upstream: {e}"), 2))?,
        )),
        (None, false) => Server::Command(o.command.to_vec()),
    };
    match o.listen {
        Some(listen) => {
            let listen = http::Listen::parse(listen, o.allow_origins).map_err(|e| (format!("--listen: {e}"), 2))?;
            http::serve(&listen, &shared, server)
        }
        None => stdio(&shared, &server),
    }
}

/// The client on the proxy's stdin and stdout, for as long as it keeps its input open.
fn stdio(shared: &Shared, server: &Server) -> Result<u8, (String, u8)> {
    let client = || -> Box<dyn Out> { Box::new(Pipe::new(Box::new(std::io::stdout()))) };
    match server {
        Server::Command(command) => {
            // A server that exits ends the session: a client that starts servers starts the
            // proxy again, as it would the server.
            let on_exit: child::OnExit = Box::new(|_| {
                telemetry::flush();
                std::process::exit(1)
            });
            let child =
                child::Child::start(command, |server| shared.relay(client(), server), on_exit).map_err(|e| (e, 4))?;
            read_client(&child.relay);
            // The client is gone: the server's input is closed, then the group ended.
            child.end();
        }
        Server::Upstream(target) => {
            let runtime = http::runtime().map_err(|e| (e, 4))?;
            let connection = upstream::Connection::new(Arc::clone(target), runtime.handle().clone());
            let relay = shared.relay(client(), Box::new(connection.out()));
            connection.attach(&relay);
            read_client(&relay);
            runtime.block_on(connection.end());
        }
    }
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
            Ok(Line::TooLong(bytes, id)) => {
                relay.to_client(&error(&id.unwrap_or(Value::Null), code::INVALID_REQUEST, &too_long(bytes)))
            }
            Ok(Line::End) | Err(_) => return,
        }
    }
}

/// The refusal of a client's message over [`MAX_MESSAGE_BYTES`].
fn too_long(bytes: usize) -> String {
    format!(
        "Invalid Request: the message is {bytes} bytes, more than MAX_MESSAGE_BYTES ({MAX_MESSAGE_BYTES}); it was \
         not passed on"
    )
}
