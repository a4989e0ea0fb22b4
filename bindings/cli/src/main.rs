//! `agent-input`: the command line over the agent-input core.
//!
//! - `agent-input read KIND [VALUE] [--option key=value]... [--options JSON]` prints one outcome.
//!   VALUE is taken as JSON when it parses as JSON, else as a string; without VALUE the input
//!   is missing. Option values likewise.
//! - `agent-input read --batch` reads JSON lines `{"kind", "input", "options"}` from stdin and
//!   prints one outcome line per input line, in order.
//! - `agent-input cursor encode --key-env VAR PAYLOAD [--expires-at T | --ttl S]` issues a cursor;
//!   `agent-input read cursor VALUE --option key_env=VAR` reads one.
//! - `agent-input schema --tool spec.json` prints a tool's inputSchema; `agent-input call --tool
//!   spec.json` reads one argument object from stdin (JSON lines with `--batch`) and prints the
//!   result or the error envelope (`--mcp`: as a CallToolResult).
//! - `agent-input kinds` lists the kinds.
//!
//! The CLI holds no parsing logic of values: it passes JSON to the core and prints the outcome.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use agent_input::{Input, Kind};
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
        /// Print the whole MCP tool definition (name, description, inputSchema, annotations).
        #[arg(long)]
        definition: bool,
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
        /// Print the error envelope as an MCP CallToolResult (isError, structuredContent, content).
        #[arg(long)]
        mcp: bool,
    },
    /// List the kinds.
    Kinds,
}

/// The help of the KIND argument, from the one list of kinds.
fn kind_help() -> String {
    let names: Vec<&str> = Kind::ALL.iter().map(|k| k.name()).collect();
    format!("The kind: {}", names.join(", "))
}

fn load_tool(path: &std::path::Path) -> Result<agent_input::tool::ToolSpec, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("agent-input: cannot read {}: {e}", path.display()))?;
    let json: Value =
        serde_json::from_str(&text).map_err(|e| format!("agent-input: {} is not JSON: {e}", path.display()))?;
    agent_input::tool::ToolSpec::from_json(&json).map_err(|e| format!("agent-input: {e}"))
}

fn call_line(spec: &agent_input::tool::ToolSpec, text: &str, mcp: bool) -> Value {
    let args = serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()));
    let call = spec.read(&args);
    match (mcp, call.call_tool_result()) {
        (true, Some(result)) => result,
        _ => call.to_json(),
    }
}

fn call(path: &std::path::Path, batch: bool, mcp: bool) -> ExitCode {
    let spec = match load_tool(path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    if batch {
        for line in std::io::stdin().lock().split(b'\n') {
            let Ok(bytes) = line else { break };
            let text = String::from_utf8_lossy(&bytes);
            let text = text.trim_end_matches('\r');
            if serde_json::to_writer(&mut out, &call_line(&spec, text, mcp)).is_err() || out.write_all(b"\n").is_err() {
                return ExitCode::FAILURE;
            }
        }
    } else {
        let mut text = String::new();
        if std::io::Read::read_to_string(&mut std::io::stdin(), &mut text).is_err() {
            eprintln!("agent-input: stdin is not UTF-8");
            return ExitCode::from(2);
        }
        if serde_json::to_writer(&mut out, &call_line(&spec, text.trim(), mcp)).is_err()
            || out.write_all(b"\n").is_err()
        {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
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
        Err(e) => {
            eprintln!("agent-input: {e}");
            return ExitCode::from(2);
        }
    };
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let expires_at = expires_at.or_else(|| ttl.map(|t| now.saturating_add(t)));
    match codec.encode_json(&json_or_string(payload), expires_at) {
        Ok(cursor) => {
            println!("{cursor}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("agent-input: {e}");
            ExitCode::from(2)
        }
    }
}

/// JSON when the text parses as JSON, else the text as a string.
fn json_or_string(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()))
}

fn options_object(pairs: &[String], json: Option<&str>) -> Result<Value, String> {
    let mut map = match json.map(serde_json::from_str::<Value>) {
        None => Map::new(),
        Some(Ok(Value::Object(m))) => m,
        Some(_) => return Err("--options must be a JSON object".into()),
    };
    for pair in pairs {
        let (key, value) = pair.split_once('=').ok_or_else(|| format!("--option `{pair}` is not key=value"))?;
        map.insert(key.to_owned(), json_or_string(value));
    }
    Ok(Value::Object(map))
}

fn batch() -> ExitCode {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    for line in stdin.split(b'\n') {
        let Ok(mut bytes) = line else { break };
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        let text = String::from_utf8_lossy(&bytes);
        let outcome = agent_input::batch::read_line(&text);
        if serde_json::to_writer(&mut out, &outcome).is_err() || out.write_all(b"\n").is_err() {
            return ExitCode::FAILURE;
        }
    }
    if out.flush().is_err() {
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Kinds => {
            for kind in Kind::ALL {
                println!("{kind}");
            }
            ExitCode::SUCCESS
        }
        Command::Cursor { command: CursorCommand::Encode { key_env, payload, expires_at, ttl } } => {
            encode_cursor(&key_env, &payload, expires_at, ttl)
        }
        Command::Schema { tool, definition } => match load_tool(&tool) {
            Ok(spec) => {
                let v = if definition { spec.definition() } else { spec.input_schema() };
                println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{e}");
                ExitCode::from(2)
            }
        },
        Command::Call { tool, batch, mcp } => call(&tool, batch, mcp),
        Command::Read { batch: true, .. } => batch(),
        Command::Read { kind, value, option, options, .. } => {
            let result =
                options_object(&option, options.as_deref()).map_err(|e| format!("agent-input: {e}")).and_then(|opts| {
                    let kind: Kind = kind.unwrap_or_default().parse().map_err(|e| format!("agent-input: {e}"))?;
                    let value = value.as_deref().map(json_or_string);
                    agent_input::read(kind, Input::from(value.as_ref()), &opts).map_err(|e| format!("agent-input: {e}"))
                });
            match result {
                Ok(outcome) => {
                    println!("{}", outcome.to_json());
                    ExitCode::SUCCESS
                }
                Err(message) => {
                    eprintln!("{message}");
                    ExitCode::from(2)
                }
            }
        }
    }
}
