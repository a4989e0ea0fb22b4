//! `agent-input`: the command line over the agent-input core.
//!
//! - `agent-input read KIND [VALUE] [--option key=value]... [--options JSON]` prints one outcome.
//!   VALUE is taken as JSON when it parses as JSON, else as a string; without VALUE the input
//!   is missing. Option values likewise.
//! - `agent-input read --batch` reads JSON lines `{"kind", "input", "options"}` from stdin and
//!   prints one outcome line per input line, in order.
//! - `agent-input cursor encode --key-env VAR PAYLOAD [--expires-at T | --ttl S]` issues a cursor;
//!   `agent-input read cursor VALUE --option key_env=VAR` reads one.
//! - `agent-input schema --tool spec.json [--dialect mcp|openai-strict|gemini|anthropic]` prints a
//!   tool's inputSchema in a host's dialect; `agent-input call --tool
//!   spec.json` reads one argument object from stdin (JSON lines with `--batch`) and prints the
//!   result or the error envelope (`--mcp`: as a CallToolResult). A vocabulary's `entries` may
//!   be the path of a JSON file, relative to the spec; cursor properties without `key_env` read
//!   with the key in `AGENT_INPUT_CURSOR_KEY` (a random key, with a warning, when it is unset).
//! - `agent-input spec --from-input-schema schema.json` prints the tool spec the core makes of a
//!   JSON Schema (an `inputSchema` or a whole MCP tool definition): what each property is read
//!   as, to check or to save and edit.
//! - `agent-input kinds` lists the kinds.
//! - `agent-input lint (--server "COMMAND" | --tools FILE)` checks an MCP server's tool contract
//!   (`lint`, docs/lint.md); `agent-input eval --server "COMMAND" --scenarios FILE.jsonl` drives
//!   it through scenarios and scores each step (`eval`). Both speak MCP over stdio (`mcp`).
//! - `agent-input diff OLD NEW` reviews a change of a tool contract as an API change: every
//!   change a closed code with a level, a side and the migration (`diff`, docs/diff.md).
//!
//! The CLI holds no parsing logic of values: it passes JSON to the core and prints the outcome.
//!
//! A key held twice is never read as the last: in VALUE, the ask the batch line
//! `{"kind": KIND, "input": VALUE}` gets (`invalid_request`); in options, a spec, a schema,
//! overrides or a cursor's payload (all written by the programmer), an error naming the key's
//! path (exit 2). A batch line is kept in memory up to its bound only (the rest of a longer line
//! is counted, not kept), and output that cannot be written (stdout closed, a broken pipe, a
//! full disk) is an error exit (1).

mod diff;
mod eval;
mod lint;
mod mcp;
mod proxy;
mod terminal;

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use agent_input::{Input, Kind, Spec};
use chrono::NaiveDate;
use clap::{Parser, Subcommand};
use serde_json::{Map, Value};

#[derive(Parser)]
#[command(name = "agent-input", version, about = "Read the values language models send to tools.")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Read one value (or JSON lines with --batch) and print the outcome as JSON.
    Read {
        #[arg(required_unless_present = "batch", help = kind_help())]
        kind: Option<String>,
        /// The value: JSON when it parses as JSON, else a string. Omit it for a missing value.
        #[arg(allow_hyphen_values = true)]
        value: Option<String>,
        /// One option, `key=value` (value as JSON when it parses, else a string). Repeatable.
        #[arg(long = "option", short = 'o', value_name = "KEY=VALUE")]
        option: Vec<String>,
        /// All options as one JSON object (merged under --option).
        #[arg(long, value_name = "JSON")]
        options: Option<String>,
        /// Read JSON lines {"kind", "input", "options"} from stdin, one outcome per line.
        #[arg(long, conflicts_with_all = ["kind", "value", "option", "options"])]
        batch: bool,
        /// With --batch: an environment variable lines may name as a cursor's `key_env`, beside
        /// those starting with `AGENT_INPUT_`. Repeatable.
        #[arg(long = "key-env", value_name = "VAR", requires = "batch")]
        key_env: Vec<String>,
    },
    /// Issue cursors with a server key (see `agent_input::cursor`).
    Cursor {
        #[command(subcommand)]
        command: CursorCommand,
    },
    /// Print the inputSchema of a tool spec (JSON file).
    Schema {
        /// The tool spec: {"name", "description", "writes", "properties": {...}}.
        #[arg(long, value_name = "SPEC.json")]
        tool: std::path::PathBuf,
        /// Print the whole tool definition (MCP: name, description, inputSchema, annotations;
        /// or the host's shape of the --dialect).
        #[arg(long)]
        definition: bool,
        /// The host's dialect of JSON Schema: mcp (the default), openai-strict, gemini or
        /// anthropic.
        #[arg(long, value_name = "DIALECT", default_value = "mcp")]
        dialect: String,
        /// Print the payload the tool accepts instead: every required property set to its
        /// canonical example (`ToolSpec::skeleton`).
        #[arg(long, conflicts_with_all = ["definition"])]
        skeleton: bool,
    },
    /// Read one JSON argument object from stdin (or JSON lines with --batch) through a tool spec,
    /// and print the result or the error envelope.
    Call {
        /// The tool spec (JSON file).
        #[arg(long, value_name = "SPEC.json")]
        tool: std::path::PathBuf,
        /// Read one argument object per line; print one result per line.
        #[arg(long)]
        batch: bool,
        /// Print the result as an MCP CallToolResult (structuredContent and text; isError for an envelope).
        #[arg(long)]
        mcp: bool,
        /// The day relative words ("yesterday", "last month") are read against where a property
        /// names none (YYYY-MM-DD); without it they ask relative_date_without_today.
        #[arg(long, value_name = "YYYY-MM-DD")]
        today: Option<String>,
    },
    /// Print the tool spec made of a JSON Schema: an `inputSchema`, or a whole MCP tool
    /// definition, as pydantic, zod or schemars write it.
    Spec {
        /// The JSON Schema (JSON file).
        #[arg(long = "from-input-schema", value_name = "SCHEMA.json")]
        from_input_schema: std::path::PathBuf,
        /// Overrides for what JSON Schema cannot say, as a JSON object (the shape of `x-agent-input`).
        #[arg(long, value_name = "JSON")]
        overrides: Option<String>,
    },
    /// List the kinds.
    Kinds,
    /// Check an MCP server's tool contract: live over stdio (--server) or a saved tools/list
    /// (--tools). One finding per rule broken, each with a closed code and the fix
    /// (docs/lint.md).
    Lint {
        /// The command that starts the server on stdio (run through `sh -c`).
        #[arg(long, value_name = "COMMAND", required_unless_present_any = ["tools", "rules"], conflicts_with = "tools")]
        server: Option<String>,
        /// A saved tools/list result (or a JSON-RPC response holding it, or an array of tools).
        #[arg(long, value_name = "FILE")]
        tools: Option<std::path::PathBuf>,
        /// The directory the server command runs in.
        #[arg(long, value_name = "DIR")]
        cwd: Option<std::path::PathBuf>,
        /// table (for a person), json, or sarif (SARIF 2.1.0, for code scanning).
        #[arg(long, default_value = "table", value_name = "FORMAT")]
        format: String,
        /// The least severity that fails the run: error, warning, note or never.
        #[arg(long = "fail-on", default_value = "warning", value_name = "LEVEL")]
        fail_on: String,
        /// Findings accepted with a reason: [{"code", "tool"?, "path"?, "reason"}].
        #[arg(long, value_name = "FILE")]
        accept: Option<std::path::PathBuf>,
        /// Call no tool (by default the read-only tools that need no argument are called with {}).
        #[arg(long = "no-calls")]
        no_calls: bool,
        /// Record the server's tools in FILE (when it does not exist yet) and report every
        /// later change of them as a finding until accepted or re-pinned.
        #[arg(long, value_name = "FILE")]
        pin: Option<std::path::PathBuf>,
        /// Rewrite the --pin file with the tools as they are now (after review).
        #[arg(long = "pin-update", requires = "pin")]
        pin_update: bool,
        /// Print the rules (code, severity, summary, hint) as JSON and lint nothing.
        #[arg(long, conflicts_with_all = ["server", "tools"])]
        rules: bool,
    },
    /// Review a change of a tool contract as an API change: OLD and NEW are tools/list results,
    /// tool specs (a file, an array or a directory of them) or live servers; one finding per
    /// change, each with a closed code, a level, the side it affects and the migration
    /// (docs/diff.md).
    Diff(DiffArgs),
    /// Drive an MCP server through scenarios and score every step (ok, recovered, asked,
    /// failed); with --baseline, before and after side by side.
    Eval {
        /// The command that starts the server on stdio (run through `sh -c`).
        #[arg(long, value_name = "COMMAND")]
        server: String,
        /// The scenarios, one JSON object per line.
        #[arg(long, value_name = "FILE.jsonl")]
        scenarios: std::path::PathBuf,
        /// The directory the server (and a model command) runs in.
        #[arg(long, value_name = "DIR")]
        cwd: Option<std::path::PathBuf>,
        /// An earlier run (--output of another eval) to print beside this one.
        #[arg(long, value_name = "RUN.json")]
        baseline: Option<std::path::PathBuf>,
        /// Write the run, with every refused payload, to this file.
        #[arg(long, value_name = "RUN.json")]
        output: Option<std::path::PathBuf>,
        /// table or json (the run).
        #[arg(long, default_value = "table", value_name = "FORMAT")]
        format: String,
        /// The outcome at or below which the run fails: failed, asked, recovered or never.
        #[arg(long = "fail-on", default_value = "failed", value_name = "OUTCOME")]
        fail_on: String,
        /// Seconds a model command may take for one turn (its process group is ended then).
        #[arg(long = "model-timeout", default_value_t = eval::MODEL_TIMEOUT_SECONDS, value_name = "SECONDS")]
        model_timeout: u64,
    },
    /// Make any MCP server lenient from the client's configuration: start it as a child (or
    /// reach it at --upstream URL) and relay MCP over stdio (or serve it over Streamable HTTP
    /// with --listen), reading tool calls as the one-line drop-ins do.
    Proxy(ProxyArgs),
}

/// `agent-input diff`'s options.
#[derive(clap::Args)]
struct DiffArgs {
    /// The old listing or spec(s) (or --old-server).
    #[arg(value_name = "OLD", required_unless_present_any = ["old_server", "rules"])]
    old: Option<std::path::PathBuf>,
    /// The new listing or spec(s) (or --server).
    #[arg(value_name = "NEW", required_unless_present_any = ["server", "old_server", "rules"])]
    new: Option<std::path::PathBuf>,
    /// The command that starts the old server on stdio (run through `sh -c`).
    #[arg(long = "old-server", value_name = "COMMAND")]
    old_server: Option<String>,
    /// The command that starts the new server on stdio (run through `sh -c`).
    #[arg(long, value_name = "COMMAND")]
    server: Option<String>,
    /// The directory the server commands run in.
    #[arg(long, value_name = "DIR")]
    cwd: Option<std::path::PathBuf>,
    /// table (for a person), json, sarif (SARIF 2.1.0, for code scanning) or markdown (a
    /// pull-request comment).
    #[arg(long, default_value = "table", value_name = "FORMAT")]
    format: String,
    /// The least level that fails the run: breaking, warning, info or never.
    #[arg(long = "fail-on", default_value = "breaking", value_name = "LEVEL")]
    fail_on: String,
    /// Changes accepted with a reason: [{"fingerprint", "reason"}] or [{"code", "tool"?,
    /// "pointer"?, "reason"}].
    #[arg(long, value_name = "FILE")]
    accept: Option<std::path::PathBuf>,
    /// The least notice a newly announced removal date gives, in days.
    #[arg(long = "min-notice-days", default_value_t = diff::MIN_NOTICE_DAYS, value_name = "DAYS")]
    min_notice_days: i64,
    /// The day of the diff (YYYY-MM-DD; the UTC date by default), against which removal
    /// dates are read.
    #[arg(long, value_name = "YYYY-MM-DD")]
    today: Option<String>,
    /// Compare listings that share no tool (by default that is taken for two servers).
    #[arg(long)]
    unrelated: bool,
    /// Print the rules (code, level, side, summary, hint) as JSON and compare nothing.
    #[arg(long, conflicts_with_all = ["old", "new", "server", "old_server"])]
    rules: bool,
}

/// `agent-input proxy`'s options.
#[derive(clap::Args)]
struct ProxyArgs {
    /// Per-tool overrides as the drop-ins take them: {"tool": {overrides} | false}.
    #[arg(long, value_name = "FILE")]
    overrides: Option<std::path::PathBuf>,
    /// The languages the callers write, e.g. cs,de (repeatable).
    #[arg(long, value_name = "TAGS")]
    languages: Vec<String>,
    /// The day relative words are read against: utc, local or YYYY-MM-DD (unset: they ask).
    #[arg(long, value_name = "DAY")]
    today: Option<String>,
    /// Let names imply kinds (`cursor`, `idempotency_key`, `date_from`, ...).
    #[arg(long = "implied-kinds")]
    implied_kinds: bool,
    /// Where receipts of writes with an idempotency key are kept: memory, sqlite:PATH (a
    /// file shared by every proxy that names it), redis://HOST:PORT or
    /// postgres://USER@HOST:PORT/DB (a server shared by every proxy on every machine that
    /// names it).
    #[arg(long, default_value = "memory", value_name = "STORE")]
    receipts: String,
    /// The environment variable holding the server key that seals questions and tokens.
    #[arg(long = "server-key-env", value_name = "NAME")]
    server_key_env: Option<String>,
    /// Serve Streamable HTTP at http://HOST:PORT/mcp instead of stdio (a PORT alone binds
    /// 127.0.0.1).
    #[arg(long, value_name = "[HOST:]PORT")]
    listen: Option<String>,
    /// A browser origin served beside the loopback ones (repeatable); others get 403.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// The server is this Streamable HTTP endpoint instead of a command.
    #[arg(long, value_name = "URL")]
    upstream: Option<String>,
    /// The environment variable holding the proxy's own bearer token for --upstream (a
    /// client's token is never passed on).
    #[arg(long = "upstream-token-env", value_name = "NAME")]
    upstream_token_env: Option<String>,
    /// Check each client's bearer token at --listen against this file: {"tokens":
    /// [{"sha256": HEX | "token_env": NAME, "scopes": [...]}]}.
    #[arg(long = "auth-tokens", value_name = "FILE")]
    auth_tokens: Option<std::path::PathBuf>,
    /// Check each client's bearer token at --listen with this introspection endpoint (RFC 7662).
    #[arg(long = "auth-introspect", value_name = "URL")]
    auth_introspect: Option<String>,
    /// The environment variable holding the proxy's credentials at --auth-introspect:
    /// ID:SECRET (HTTP Basic) or a bearer token.
    #[arg(long = "auth-introspect-credentials-env", value_name = "NAME")]
    auth_introspect_credentials_env: Option<String>,
    /// The resource a token must be issued for (its `aud`), named in the resource metadata.
    #[arg(long = "auth-audience", value_name = "URI")]
    auth_audience: Option<String>,
    /// An authorization server that issues tokens for the proxy, named in its resource
    /// metadata (RFC 9728; repeatable).
    #[arg(long = "authorization-server", value_name = "URL")]
    authorization_server: Vec<String>,
    /// Scopes that grant reading only: a token granting only these sees no tool that may
    /// write (e.g. notes:read; repeatable or comma-separated).
    #[arg(long = "read-only-scopes", value_name = "SCOPES")]
    read_only_scopes: Vec<String>,
    /// The server's command and its arguments, after `--` (or --upstream).
    #[arg(last = true, value_name = "COMMAND")]
    command: Vec<String>,
}

/// Runs `agent-input diff`: OLD alone beside `--server` is the old side, and NEW alone beside
/// `--old-server` the new one.
fn diff_run(a: &DiffArgs) -> Result<u8, (String, u8)> {
    fn side<'a>(path: Option<&'a std::path::PathBuf>, command: Option<&'a String>) -> Option<diff::Source<'a>> {
        match (path, command) {
            (Some(p), _) => Some(diff::Source::File(p)),
            (None, Some(c)) => Some(diff::Source::Server(c)),
            _ => None,
        }
    }
    let (old, new) = match (&a.old, &a.new, &a.old_server) {
        (Some(_), None, None) => (a.old.as_ref(), None),
        (Some(_), None, Some(_)) => (None, a.old.as_ref()),
        _ => (a.old.as_ref(), a.new.as_ref()),
    };
    diff::run(&diff::Options {
        old: side(old, a.old_server.as_ref()),
        new: side(new, a.server.as_ref()),
        cwd: a.cwd.as_deref(),
        format: &a.format,
        fail_on: &a.fail_on,
        accept: a.accept.as_deref(),
        min_notice_days: a.min_notice_days,
        today: a.today.as_deref(),
        unrelated: a.unrelated,
    })
}

/// Runs `agent-input proxy`.
fn proxy_run(a: &ProxyArgs) -> Result<u8, (String, u8)> {
    proxy::run(&proxy::Options {
        command: &a.command,
        upstream: a.upstream.as_deref(),
        upstream_token_env: a.upstream_token_env.as_deref(),
        listen: a.listen.as_deref(),
        allow_origins: &a.allow_origin,
        overrides: a.overrides.as_deref(),
        languages: &a.languages,
        today: a.today.as_deref(),
        implied_kinds: a.implied_kinds,
        receipts: &a.receipts,
        server_key_env: a.server_key_env.as_deref(),
        auth: proxy::AuthOptions {
            tokens: a.auth_tokens.as_deref(),
            introspect: a.auth_introspect.as_deref(),
            introspect_credentials_env: a.auth_introspect_credentials_env.as_deref(),
            audience: a.auth_audience.as_deref(),
            authorization_servers: &a.authorization_server,
            read_only_scopes: &a.read_only_scopes,
        },
    })
}

fn exit_of(result: Result<u8, (String, u8)>) -> ExitCode {
    match result {
        Ok(code) => ExitCode::from(code),
        Err((message, code)) => fail(&message, code),
    }
}

fn spec_from_schema(path: &std::path::Path, overrides: Option<&str>) -> ExitCode {
    let made = (|| -> Result<Value, String> {
        let text =
            std::fs::read_to_string(path).map_err(|e| format!("agent-input: cannot read {}: {e}", path.display()))?;
        let schema: Value =
            serde_json::from_str(&text).map_err(|e| format!("agent-input: {} is not JSON: {e}", path.display()))?;
        once_each(&text, &path.display().to_string(), "")?;
        let overrides: Value = match overrides {
            Some(o) => {
                let value =
                    serde_json::from_str(o).map_err(|e| format!("agent-input: --overrides is not JSON: {e}"))?;
                once_each(o, "--overrides", "")?;
                value
            }
            None => Value::Null,
        };
        let doc = agent_input::tool::ToolSpec::document_from_input_schema(&schema, &overrides)
            .map_err(|e| format!("agent-input: {e}"))?;
        // Made only to check the properties' options: an invalid override fails here.
        agent_input::tool::ToolSpec::from_json(&doc).map_err(|e| format!("agent-input: {e}"))?;
        Ok(doc)
    })();
    match made {
        Ok(doc) => print(&serde_json::to_string_pretty(&doc).unwrap_or_default()),
        Err(e) => fail(&e, 2),
    }
}

/// A JSON file `lint` and `eval` read (a saved listing, accepted findings, a baseline run).
fn read_json_file(path: &std::path::Path) -> Result<Value, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("agent-input: cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("agent-input: {} is not JSON: {e}", path.display()))
}

/// The help of the KIND argument, from the one list of kinds.
fn kind_help() -> String {
    let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
    format!("The kind: {}", names.join(", "))
}

/// The variable `call` and `schema` read a server key from, for cursor properties that name no
/// `key_env` of their own (a server passes its codec instead).
const CURSOR_KEY_ENV: &str = "AGENT_INPUT_CURSOR_KEY";

fn load_tool(path: &std::path::Path) -> Result<agent_input::tool::ToolSpec, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("agent-input: cannot read {}: {e}", path.display()))?;
    let json: Value =
        serde_json::from_str(&text).map_err(|e| format!("agent-input: {} is not JSON: {e}", path.display()))?;
    once_each(&text, &path.display().to_string(), "")?;
    let base = path.parent().unwrap_or_else(|| std::path::Path::new("."));
    tool_from_json(json, base)
}

/// A tool spec from its JSON: a vocabulary's `entries` given as a file are read relative to
/// `base`; an unkeyed cursor reads with the key in [`CURSOR_KEY_ENV`].
fn tool_from_json(mut json: Value, base: &std::path::Path) -> Result<agent_input::tool::ToolSpec, String> {
    if let Some(Value::Object(props)) = json.get_mut("properties") {
        entries_from_files(props, base)?;
    }
    let codec = if unkeyed_cursor(&json) { Some(server_codec()?) } else { None };
    let spec = match &codec {
        Some(codec) => agent_input::tool::ToolSpec::from_json_with_codec(&json, codec),
        None => agent_input::tool::ToolSpec::from_json(&json),
    };
    spec.map_err(|e| format!("agent-input: {e}"))
}

/// A vocabulary's `entries` given as the path of a JSON file (relative to the spec) are read
/// from it, in the properties of the tool and of its objects and entries.
fn entries_from_files(props: &mut Map<String, Value>, base: &std::path::Path) -> Result<(), String> {
    for decl in props.values_mut() {
        let Value::Object(decl) = decl else { continue };
        if let Some(Value::String(file)) = decl.get("entries") {
            let file = base.join(file);
            let text = std::fs::read_to_string(&file)
                .map_err(|e| format!("agent-input: cannot read the entries {}: {e}", file.display()))?;
            let entries: Value = serde_json::from_str(&text)
                .map_err(|e| format!("agent-input: the entries {} are not JSON: {e}", file.display()))?;
            once_each(&text, &format!("the entries {}", file.display()), "")?;
            decl.insert("entries".into(), entries);
        }
        if let Some(Value::Object(inner)) = decl.get_mut("properties") {
            entries_from_files(inner, base)?;
        }
        if let Some(Value::Object(inner)) = decl.get_mut("item").and_then(|i| i.get_mut("properties")) {
            entries_from_files(inner, base)?;
        }
    }
    Ok(())
}

/// True when a top-level property reads cursors and names no `key_env`: it reads with the
/// server's key.
fn unkeyed_cursor(spec: &Value) -> bool {
    let writes = spec.get("writes").and_then(Value::as_bool).unwrap_or(false);
    let props = spec.get("properties").and_then(Value::as_object);
    props.into_iter().flatten().any(|(name, decl)| {
        let kind = decl
            .get("kind")
            .cloned()
            .or_else(|| agent_input::tool::implied::implied(name, writes)?.get("kind").cloned());
        kind.as_ref().and_then(Value::as_str) == Some("cursor") && decl.get("key_env").is_none()
    })
}

/// The server key of `AGENT_INPUT_CURSOR_KEY`; when it is unset, a fresh random key, with a
/// warning on stderr (cursors read then are only those of this process: none).
fn server_codec() -> Result<agent_input::cursor::CursorCodec, String> {
    if std::env::var_os(CURSOR_KEY_ENV).is_some() {
        return agent_input::cursor::CursorCodec::from_env(CURSOR_KEY_ENV).map_err(|e| format!("agent-input: {e}"));
    }
    let _ = writeln!(
        std::io::stderr(),
        "agent-input: warning: the spec reads cursors and {CURSOR_KEY_ENV} is unset; using a random key, so no cursor a server issued reads"
    );
    let mut key = [0u8; 32];
    getrandom::fill(&mut key).map_err(|e| format!("agent-input: no random key: {e}"))?;
    agent_input::cursor::CursorCodec::new(&key).map_err(|e| format!("agent-input: {e}"))
}

/// The answer to a call body of `total` bytes, of which `text` was kept.
fn call_line(
    spec: &agent_input::tool::ToolSpec,
    text: &[u8],
    total: usize,
    mcp: bool,
    today: Option<NaiveDate>,
) -> Value {
    let cx = agent_input::context::Context::new(&agent_input::context::System).with_today(today);
    let call = spec.read_json_kept_in(text, total, &cx);
    if mcp {
        call.to_call_tool_result(&Value::Null)
    } else {
        call.to_json()
    }
}

fn call(path: &std::path::Path, batch: bool, mcp: bool, today: Option<&str>) -> ExitCode {
    let spec = match load_tool(path) {
        Ok(s) => s,
        Err(e) => return fail(&e, 2),
    };
    let today = match today.map(agent_input::date::parse_today).transpose() {
        Ok(day) => day,
        Err(e) => return fail(&format!("agent-input: --today: {e}"), 2),
    };
    let mut out = BufWriter::new(stdout());
    if batch {
        // Each line is a call's body: kept up to one byte past its bound, as `call` keeps it.
        let max = agent_input::limits::MAX_CALL_BYTES;
        let mut stdin = std::io::stdin().lock();
        let mut line = Vec::new();
        loop {
            let total = match next_line(&mut stdin, &mut line, max) {
                Ok(Some(total)) => total,
                Ok(None) => break,
                Err(_) => return fail("agent-input: cannot read stdin", 1),
            };
            let kept = line.get(..=max).unwrap_or(&line);
            if let Err(e) = write_line(&mut out, &call_line(&spec, kept, total, mcp, today)) {
                return write_failed(&e);
            }
        }
    } else {
        // Read at most one byte past the bound: the core then names the size in the envelope.
        // The rest of a longer body is counted, not kept, so the envelope names its size.
        let mut bytes = Vec::new();
        let limit = u64::try_from(agent_input::limits::MAX_CALL_BYTES + 1).unwrap_or(u64::MAX);
        let mut stdin = std::io::stdin().lock();
        if std::io::Read::read_to_end(&mut std::io::Read::take(&mut stdin, limit), &mut bytes).is_err() {
            return fail("agent-input: cannot read stdin", 1);
        }
        let Ok(rest) = std::io::copy(&mut stdin, &mut std::io::sink()) else {
            return fail("agent-input: cannot read stdin", 1);
        };
        let total = bytes.len().saturating_add(usize::try_from(rest).unwrap_or(usize::MAX));
        let text = bytes.trim_ascii();
        let total = if rest == 0 { text.len() } else { total };
        if let Err(e) = write_line(&mut out, &call_line(&spec, text, total, mcp, today)) {
            return write_failed(&e);
        }
    }
    finish(out)
}

/// Reads the next line of `input` into `line`, without its `\n` (and a `\r` before it), and
/// returns the line's length in bytes, or `None` at the end of the input. At most `max + 2`
/// bytes of a line are kept in `line`: the rest of a longer line is read and counted, never
/// kept, so a line of any size takes the memory of its bound.
fn next_line(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> std::io::Result<Option<usize>> {
    line.clear();
    // `max + 1` bytes show a line over the bound; one more holds the newline of such a line.
    let keep = max.saturating_add(2);
    let mut kept = std::io::Read::take(&mut *input, u64::try_from(keep).unwrap_or(u64::MAX));
    if kept.read_until(b'\n', line)? == 0 {
        return Ok(None);
    }
    if line.last() == Some(&b'\n') || line.len() < keep {
        if line.last() == Some(&b'\n') {
            line.pop();
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        return Ok(Some(line.len()));
    }
    let (mut len, mut last) = (line.len(), line.last().copied());
    loop {
        let buf = match input.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            break;
        }
        let end = buf.iter().position(|&b| b == b'\n');
        let used = end.unwrap_or(buf.len());
        if let Some(i) = used.checked_sub(1) {
            last = buf.get(i).copied();
        }
        len += used;
        input.consume(used + usize::from(end.is_some()));
        if end.is_some() {
            break;
        }
    }
    Ok(Some(len - usize::from(last == Some(b'\r'))))
}

/// Writes one JSON value and a newline.
fn write_line(out: &mut impl Write, value: &impl serde::Serialize) -> std::io::Result<()> {
    serde_json::to_writer(&mut *out, value).map_err(std::io::Error::other)?;
    out.write_all(b"\n")
}

/// Standard output, written only through `Write` calls whose errors end the run: never
/// `println!`, which panics on a write error. A stdout that was closed when the program started
/// refuses every write (see [`closed_at_start`]).
struct Stdout(std::io::StdoutLock<'static>);

fn stdout() -> Stdout {
    Stdout(std::io::stdout().lock())
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if closed_at_start::stdout() {
            return Err(closed_at_start::error());
        }
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Whether standard output was closed when the process started (`agent-input ... >&-`).
///
/// Rust's runtime reopens a closed stdout on `/dev/null` before `main` runs, so every write
/// would then succeed and the output be lost with exit 0. Where the platform has a list of
/// initialisers that run before the runtime starts, a function in it looks at descriptor 1
/// first; elsewhere a closed stdout is not told apart from an open one.
mod closed_at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    /// Set by `look`, before `main`, when descriptor 1 was closed.
    static STDOUT: AtomicBool = AtomicBool::new(false);

    #[cfg(any(
        target_os = "linux",
        target_os = "android",
        target_os = "freebsd",
        target_os = "netbsd",
        target_os = "openbsd",
        target_os = "dragonfly",
        target_os = "illumos",
        target_os = "solaris",
        target_vendor = "apple"
    ))]
    mod look {
        use std::sync::atomic::Ordering;

        #[allow(unsafe_code, reason = "fcntl is a C function")]
        extern "C" fn look() {
            // SAFETY: F_GETFD reads a descriptor's flags and nothing else; a closed descriptor
            // gives -1 (EBADF).
            let flags = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) };
            super::STDOUT.store(flags == -1, Ordering::Relaxed);
        }

        /// `look`, in the initialisers the loader runs before the Rust runtime starts.
        #[allow(unsafe_code, reason = "a function placed in the initialisers' section runs before main")]
        #[used]
        #[cfg_attr(not(target_vendor = "apple"), link_section = ".init_array")]
        #[cfg_attr(target_vendor = "apple", link_section = "__DATA,__mod_init_func")]
        static LOOK: extern "C" fn() = look;
    }

    /// True when descriptor 1 was closed when the process started.
    pub fn stdout() -> bool {
        STDOUT.load(Ordering::Relaxed)
    }

    /// The error of a write to it: what the write would have met (EBADF).
    pub fn error() -> std::io::Error {
        #[cfg(unix)]
        return std::io::Error::from_raw_os_error(libc::EBADF);
        #[cfg(not(unix))]
        return std::io::Error::other("standard output is closed");
    }
}

/// Flushes the output; a closed or broken stdout is an error exit, never a panic.
fn finish(mut out: impl Write) -> ExitCode {
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => write_failed(&e),
    }
}

/// The exit of a run whose output could not be written (stdout closed: `| head -c 1`).
fn write_failed(e: &std::io::Error) -> ExitCode {
    fail(&format!("agent-input: cannot write the output: {e}"), 1)
}

/// Says why on stderr (if stderr is there) and exits with `code`.
fn fail(message: &str, code: u8) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "{message}");
    ExitCode::from(code)
}

#[derive(Subcommand)]
enum CursorCommand {
    /// Print a cursor carrying PAYLOAD (JSON when it parses as JSON, else a string).
    Encode {
        /// The environment variable that holds the key (at least 16 bytes); never printed.
        #[arg(long, value_name = "VAR")]
        key_env: String,
        /// The payload.
        payload: String,
        /// The cursor expires at this unix time (seconds).
        #[arg(long, value_name = "UNIX_SECONDS", conflicts_with = "ttl")]
        expires_at: Option<u64>,
        /// The cursor expires this many seconds from now.
        #[arg(long, value_name = "SECONDS")]
        ttl: Option<u64>,
    },
}

fn encode_cursor(key_env: &str, payload: &str, expires_at: Option<u64>, ttl: Option<u64>) -> ExitCode {
    let codec = match agent_input::cursor::CursorCodec::from_env(key_env) {
        Ok(c) => c,
        Err(e) => return fail(&format!("agent-input: {e}"), 2),
    };
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    // The core's one check of a cursor's lifetime (the bindings call it too).
    let expires_at = match agent_input::cursor::expiry(ttl, expires_at, now) {
        Ok(at) => at,
        Err(e) => return fail(&format!("agent-input: {e}"), 2),
    };
    if let Err(e) = once_each(payload, "the payload", "") {
        return fail(&e, 2);
    }
    match codec.encode_json(&json_or_string(payload), expires_at) {
        Ok(cursor) => print(&cursor),
        Err(e) => fail(&format!("agent-input: {e}"), 2),
    }
}

/// JSON when the text parses as JSON, else the text as a string.
fn json_or_string(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()))
}

/// JSON text the programmer wrote (options, a spec, a schema, overrides, a payload) holding a
/// key twice is an error naming the key's path (`prefix` before it), as an invalid option is:
/// serde_json would keep the last and say nothing. Text that is not JSON, or nests deeper than
/// the bound of values a model sends, is left to the caller's own reading.
fn once_each(text: &str, what: &str, prefix: &str) -> Result<(), String> {
    let Ok(parsed) = agent_input::json::parse(text.as_bytes(), usize::MAX) else { return Ok(()) };
    match parsed.duplicates.first() {
        Some(d) => Err(format!("agent-input: {what} holds the key `{}` twice; give it once", joined(prefix, &d.path))),
        None => Ok(()),
    }
}

/// The path `path` inside the value at `prefix`: `item.kind`, `input[0].a`.
fn joined(prefix: &str, path: &str) -> String {
    if prefix.is_empty() {
        path.to_owned()
    } else if path.starts_with('[') {
        format!("{prefix}{path}")
    } else {
        format!("{prefix}.{path}")
    }
}

fn options_object(pairs: &[String], json: Option<&str>) -> Result<Value, String> {
    let mut map = match json.map(|text| (text, serde_json::from_str::<Value>(text))) {
        None => Map::new(),
        Some((text, Ok(Value::Object(m)))) => {
            once_each(text, "--options", "")?;
            m
        }
        Some(_) => return Err("agent-input: --options must be a JSON object".into()),
    };
    let mut given = std::collections::HashSet::new();
    for pair in pairs {
        let (key, value) =
            pair.split_once('=').ok_or_else(|| format!("agent-input: --option `{pair}` is not key=value"))?;
        if !given.insert(key) {
            return Err(format!("agent-input: --option `{key}` is given twice; give it once"));
        }
        once_each(value, &format!("--option `{key}`"), key)?;
        map.insert(key.to_owned(), json_or_string(value));
    }
    Ok(Value::Object(map))
}

/// `read KIND [VALUE]`: one outcome. A VALUE holding a key twice is answered as the batch line
/// `{"kind": KIND, "input": VALUE}` (with its `options`) is: an `invalid_request` ask naming the
/// key, never read as the last.
fn read_one(kind: &str, value: Option<&str>, pairs: &[String], options: Option<&str>) -> ExitCode {
    let result = options_object(pairs, options).and_then(|opts| {
        let parsed: Kind = kind.parse().map_err(|e| format!("agent-input: {e}"))?;
        let spec = Spec::new(parsed, &opts).map_err(|e| format!("agent-input: {e}"))?;
        let (value, duplicates) = match value {
            Some(text) => match agent_input::json::parse(text.as_bytes(), usize::MAX) {
                Ok(p) => (Some(p.value), p.duplicates),
                Err(_) => (Some(json_or_string(text)), Vec::new()),
            },
            None => (None, Vec::new()),
        };
        Ok(match duplicates.first() {
            Some(d) => {
                let mut request = Map::new();
                request.insert("kind".into(), Value::String(kind.to_owned()));
                request.insert("input".into(), value.unwrap_or_default());
                if opts.as_object().is_some_and(|o| !o.is_empty()) {
                    request.insert("options".into(), opts);
                }
                agent_input::batch::duplicate_key(&Value::Object(request), &joined("input", &d.path))
            }
            None => spec.read(Input::from(value.as_ref())),
        })
    });
    match result {
        Ok(outcome) => print(&outcome.to_json().to_string()),
        Err(message) => fail(&message, 2),
    }
}

fn batch(key_envs: &[String]) -> ExitCode {
    let policy = key_envs.iter().fold(agent_input::batch::Policy::default(), |p, name| p.allow_key_env(name));
    let mut reader = agent_input::batch::Batch::new(policy);
    let mut stdin = std::io::stdin().lock();
    let mut out = BufWriter::with_capacity(1 << 16, stdout());
    let mut line = Vec::new();
    loop {
        let len = match next_line(&mut stdin, &mut line, agent_input::limits::MAX_BATCH_LINE_BYTES) {
            Ok(Some(len)) => len,
            Ok(None) => break,
            Err(_) => return fail("agent-input: cannot read stdin", 1),
        };
        // A line longer than what was kept of it is answered by its size alone.
        let outcome = if len == line.len() { reader.read(&line) } else { agent_input::batch::too_large(len) };
        if let Err(e) = write_line(&mut out, &outcome) {
            return write_failed(&e);
        }
    }
    finish(out)
}

/// Prints text and a newline, then flushes.
fn print(text: &str) -> ExitCode {
    let mut out = stdout();
    match writeln!(out, "{text}") {
        Ok(()) => finish(out),
        Err(e) => write_failed(&e),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Spec { from_input_schema, overrides } => spec_from_schema(&from_input_schema, overrides.as_deref()),
        Command::Kinds => {
            let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
            print(&names.join("\n"))
        }
        Command::Cursor { command: CursorCommand::Encode { key_env, payload, expires_at, ttl } } => {
            encode_cursor(&key_env, &payload, expires_at, ttl)
        }
        Command::Schema { tool, definition, dialect, skeleton } => {
            let dialect = match dialect.parse::<agent_input::tool::Dialect>() {
                Ok(d) => d,
                Err(e) => return fail(&e.to_string(), 2),
            };
            match load_tool(&tool) {
                Ok(spec) => {
                    let v = if skeleton {
                        spec.skeleton()
                    } else if definition {
                        spec.definition_for(dialect)
                    } else {
                        spec.input_schema_for(dialect)
                    };
                    print(&serde_json::to_string_pretty(&v).unwrap_or_default())
                }
                Err(e) => fail(&e, 2),
            }
        }
        Command::Call { tool, batch, mcp, today } => call(&tool, batch, mcp, today.as_deref()),
        Command::Lint { rules: true, .. } => print(&lint::rules_json()),
        Command::Lint { server, tools, cwd, format, fail_on, accept, no_calls, pin, pin_update, .. } => {
            exit_of(lint::run(&lint::Options {
                server: server.as_deref(),
                tools: tools.as_deref(),
                cwd: cwd.as_deref(),
                format: &format,
                fail_on: &fail_on,
                accept: accept.as_deref(),
                calls: !no_calls,
                pin: pin.as_deref(),
                pin_update,
            }))
        }
        Command::Diff(DiffArgs { rules: true, .. }) => print(&diff::rules::rules_json()),
        Command::Diff(args) => exit_of(diff_run(&args)),
        Command::Eval { server, scenarios, cwd, baseline, output, format, fail_on, model_timeout } => {
            exit_of(eval::run(&eval::Options {
                server: &server,
                cwd: cwd.as_deref(),
                scenarios: &scenarios,
                baseline: baseline.as_deref(),
                output: output.as_deref(),
                format: &format,
                fail_on: &fail_on,
                model_timeout: std::time::Duration::from_secs(model_timeout),
            }))
        }
        Command::Proxy(args) => exit_of(proxy_run(&args)),
        Command::Read { batch: true, key_env, .. } => batch(&key_env),
        Command::Read { kind, value, option, options, .. } => {
            read_one(&kind.unwrap_or_default(), value.as_deref(), &option, options.as_deref())
        }
    }
}
