//! `agent-input diff OLD NEW`: reviews a change of a server's tool contract as an API change is
//! reviewed. OLD and NEW are `tools/list` results (saved listings, a JSON-RPC response, an
//! array of tools), tool specs (a file, an array, a directory of them) or live servers
//! (`--old-server`, `--server`). Each change is one closed code of [`rules::RULES`] with a level
//! (`breaking`, `warning`, `info`), the side it affects and a hint naming the migration, and a
//! fingerprint that stays the same while the change does, so that an accepted change stays
//! accepted (`--accept`). Formats: a table, JSON, SARIF 2.1.0, Markdown (a PR comment).

mod render;
pub mod rules;
pub mod schema;
pub mod tools;
mod words;

use std::path::Path;

use chrono::NaiveDate;
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::mcp::{tools_of, Session};
use rules::Level;

/// One change, at one place of one tool.
#[derive(Clone, Debug)]
pub struct Change {
    pub code: &'static str,
    /// The tool, by its name in OLD (a tool gone) or NEW.
    pub tool: String,
    /// A JSON pointer into the tool (`/inputSchema/properties/limit`); empty for the tool.
    pub pointer: String,
    /// What tells this change from another of the same code and place (the enum value, `100 to
    /// 50`); part of the fingerprint.
    pub detail: String,
    pub message: String,
    /// The reason given in `--accept`, when the change is accepted.
    pub accepted: Option<String>,
}

impl Change {
    pub fn new(code: &'static str, tool: &str, pointer: &str, detail: String, message: String) -> Change {
        debug_assert!(rules::RULES.iter().any(|r| r.code == code), "{code} is no diff rule");
        Change { code, tool: tool.to_string(), pointer: pointer.to_string(), detail, message, accepted: None }
    }

    /// 32 hex digits of the SHA-256 of the code, the tool, the pointer and the detail: the same
    /// for the same change in every later diff, whatever else changes around it.
    pub fn fingerprint(&self) -> String {
        let digest = Sha256::digest(format!("{}\n{}\n{}\n{}", self.code, self.tool, self.pointer, self.detail));
        digest.iter().take(16).map(|b| format!("{b:02x}")).collect()
    }

    pub fn level(&self) -> Level {
        rules::rule(self.code).level
    }
}

/// What the diff read and what it found.
pub struct Report {
    pub old: String,
    pub new: String,
    pub tools: (usize, usize),
    pub today: NaiveDate,
    pub changes: Vec<Change>,
}

/// Where one side of the diff comes from.
pub enum Source<'a> {
    File(&'a Path),
    Server(&'a str),
}

/// The options of `agent-input diff`.
pub struct Options<'a> {
    pub old: Option<Source<'a>>,
    pub new: Option<Source<'a>>,
    pub cwd: Option<&'a Path>,
    pub format: &'a str,
    pub fail_on: &'a str,
    pub accept: Option<&'a Path>,
    pub min_notice_days: i64,
    pub today: Option<&'a str>,
    pub unrelated: bool,
}

/// Exit statuses, as `lint`'s: 0 nothing at or above `--fail-on`; 1 warnings; 3 a breaking
/// change; 2 misuse (an option, an unreadable or invalid listing, unrelated listings); 4 a
/// server that could not be spoken to.
pub const EXIT_WARNINGS: u8 = 1;
pub const EXIT_BREAKING: u8 = 3;
pub const EXIT_MISUSE: u8 = 2;
pub const EXIT_UNREACHABLE: u8 = 4;
/// The least notice, in days, a newly announced removal date gives (`--min-notice-days`): the
/// twelve months of the 2026-07-28 revision's lifecycle policy.
pub const MIN_NOTICE_DAYS: i64 = 365;

type Failure = (String, u8);

fn misuse(message: String) -> Failure {
    (format!("agent-input: {message}"), EXIT_MISUSE)
}

/// Runs the diff and prints its report; the exit status by the worst change not accepted.
pub fn run(options: &Options<'_>) -> Result<u8, Failure> {
    let fail_on = match options.fail_on {
        "never" => None,
        level => Some(
            Level::parse(level)
                .ok_or_else(|| misuse(format!("--fail-on takes breaking, warning, info or never, not `{level}`")))?,
        ),
    };
    if !matches!(options.format, "table" | "json" | "sarif" | "markdown") {
        return Err(misuse(format!("--format takes table, json, sarif or markdown, not `{}`", options.format)));
    }
    let today = match options.today {
        Some(day) => NaiveDate::parse_from_str(day, "%Y-%m-%d")
            .map_err(|_| misuse(format!("--today takes YYYY-MM-DD, not `{day}`")))?,
        None => chrono::Utc::now().date_naive(),
    };
    let (Some(old), Some(new)) = (&options.old, &options.new) else {
        return Err(misuse(
            "diff takes OLD and NEW: two files, or a file and --server COMMAND (or --old-server COMMAND)".into(),
        ));
    };
    let (old_name, old_tools) = load(old, options.cwd)?;
    let (new_name, new_tools) = load(new, options.cwd)?;
    let day = tools::Day { today, min_notice_days: options.min_notice_days };
    let mut changes = tools::compare(&old_tools, &new_tools, &day);
    if !options.unrelated && unrelated(&old_tools, &new_tools, &changes) {
        return Err(misuse(format!(
            "{old_name} and {new_name} share no tool, by name or by schema: they look like two different servers (--unrelated compares them anyway)"
        )));
    }
    if let Some(path) = options.accept {
        accept(&mut changes, path)?;
    }
    changes.sort_by(|a, b| {
        (std::cmp::Reverse(a.level()), &a.tool, &a.pointer, a.code).cmp(&(
            std::cmp::Reverse(b.level()),
            &b.tool,
            &b.pointer,
            b.code,
        ))
    });
    let report = Report { old: old_name, new: new_name, tools: (old_tools.len(), new_tools.len()), today, changes };
    println!("{}", render::render(&report, options.format));
    let worst = report.changes.iter().filter(|c| c.accepted.is_none()).map(Change::level).max();
    Ok(match (worst, fail_on) {
        (Some(Level::Breaking), Some(_)) => EXIT_BREAKING,
        (Some(w), Some(level)) if w >= level => EXIT_WARNINGS,
        _ => 0,
    })
}

/// True when both listings have tools and no tool of one is in the other, by name or by a
/// guessed rename.
fn unrelated(old: &[Value], new: &[Value], changes: &[Change]) -> bool {
    let shared = old.iter().any(|o| new.iter().any(|n| tools::name(o) == tools::name(n)));
    !old.is_empty() && !new.is_empty() && !shared && !changes.iter().any(|c| c.code == "tool_renamed")
}

/// One side's tools, checked to be an MCP listing: every tool an object with a name of its own
/// and an object `inputSchema`.
pub fn load(source: &Source<'_>, cwd: Option<&Path>) -> Result<(String, Vec<Value>), Failure> {
    let (name, tools) = match source {
        Source::Server(command) => {
            let mut session =
                Session::start(command, cwd).map_err(|e| (format!("agent-input: {e}"), EXIT_UNREACHABLE))?;
            let (tools, _) = session.list_all_tools().map_err(|e| (format!("agent-input: {e}"), EXIT_UNREACHABLE))?;
            ((*command).to_string(), tools)
        }
        Source::File(path) => (path.display().to_string(), from_path(path)?),
    };
    let mut seen = std::collections::HashSet::new();
    for (i, tool) in tools.iter().enumerate() {
        let Some(n) = tool.get("name").and_then(Value::as_str) else {
            return Err(misuse(format!("{name}: tool {i} has no name: not an MCP tools/list")));
        };
        if !tool.get("inputSchema").is_some_and(Value::is_object) {
            return Err(misuse(format!("{name}: tool `{n}` has no inputSchema object: not an MCP tools/list")));
        }
        if !seen.insert(n) {
            return Err(misuse(format!("{name}: two tools are named `{n}`: not an MCP tools/list")));
        }
    }
    Ok((name, tools))
}

/// A file or directory: a `tools/list` result, a JSON-RPC response holding one, an array of
/// tools, one tool, or tool specs (one, an array, or a directory of `*.json` files).
fn from_path(path: &Path) -> Result<Vec<Value>, Failure> {
    if path.is_dir() {
        let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(path)
            .map_err(|e| misuse(format!("cannot read {}: {e}", path.display())))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        let mut tools = Vec::new();
        for file in files {
            tools.extend(from_path(&file)?);
        }
        return Ok(tools);
    }
    let value = crate::read_json_file(path).map_err(|e| (e, EXIT_MISUSE))?;
    let listing = value.get("result").cloned().unwrap_or(value);
    let base = path.parent().unwrap_or_else(|| Path::new("."));
    let one = |v: &Value| -> Result<Value, Failure> {
        if v.get("inputSchema").is_some() || !v.is_object() {
            Ok(v.clone())
        } else {
            let spec = crate::tool_from_json(v.clone(), base).map_err(|e| (e, EXIT_MISUSE))?;
            Ok(spec.definition())
        }
    };
    match &listing {
        Value::Object(o) if o.get("tools").is_some_and(Value::is_array) => Ok(tools_of(std::slice::from_ref(&listing))),
        Value::Array(items) => items.iter().map(one).collect(),
        Value::Object(o) if o.contains_key("name") => Ok(vec![one(&listing)?]),
        _ => Err(misuse(format!("{} holds no tools/list result, tool or tool spec", path.display()))),
    }
}

/// Marks the changes a file accepts: `[{"fingerprint", "reason"}]` (one change), or
/// `[{"code", "tool"?, "pointer"?, "reason"}]` (every change of the code, tool and pointer
/// given). A reason is required.
fn accept(changes: &mut [Change], path: &Path) -> Result<(), Failure> {
    let value = crate::read_json_file(path).map_err(|e| (e, EXIT_MISUSE))?;
    let entries = value.as_array().ok_or_else(|| misuse(format!("{} is not an array", path.display())))?;
    for (n, entry) in entries.iter().enumerate() {
        let field = |k: &str| entry.get(k).and_then(Value::as_str);
        let Some(reason) = field("reason").filter(|r| !r.trim().is_empty()) else {
            return Err(misuse(format!("{} entry {n} needs a `reason`", path.display())));
        };
        if field("fingerprint").is_none() && field("code").is_none() {
            return Err(misuse(format!("{} entry {n} needs a `fingerprint` or a `code`", path.display())));
        }
        if let Some(code) = field("code").filter(|c| !rules::RULES.iter().any(|r| r.code == *c)) {
            return Err(misuse(format!("{} entry {n}: `{code}` is no diff code", path.display())));
        }
        for c in changes.iter_mut() {
            let fingerprint_ok = field("fingerprint").is_none_or(|f| c.fingerprint() == f);
            let code_ok = field("code").is_none_or(|k| c.code == k);
            let tool_ok = field("tool").is_none_or(|t| c.tool == t);
            let pointer_ok = field("pointer").is_none_or(|p| c.pointer == p);
            if fingerprint_ok && code_ok && tool_ok && pointer_ok {
                c.accepted = Some(reason.to_string());
            }
        }
    }
    Ok(())
}
