//! `agent-input lint`: checks an MCP server's tool contract, live over stdio (`--server`) or
//! from a saved `tools/list` result (`--tools`), and reports one finding per rule broken, each
//! with a closed code, the tool, a JSON pointer into the listing and a hint naming the fix.
//! Rules: [`rules::RULES`]; formats: a table, JSON, SARIF 2.1.0.

mod bytes;
mod implied;
mod lenient;
mod pin;
pub mod rules;
pub(crate) mod sarif;

use serde::Serialize;
use serde_json::{json, Value};

use crate::mcp::{tools_of, ClientError, Session};

/// How much a finding matters; SARIF's levels by the same names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }

    pub fn parse(text: &str) -> Option<Severity> {
        match text {
            "note" => Some(Severity::Note),
            "warning" => Some(Severity::Warning),
            "error" => Some(Severity::Error),
            _ => None,
        }
    }
}

/// One rule broken at one place.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub tool: Option<String>,
    /// A JSON pointer into the `tools/list` result (`/tools/0/inputSchema/properties/limit`).
    pub path: String,
    pub message: String,
    /// The reason given in `--accept`, when the finding is accepted.
    pub accepted: Option<String>,
}

/// What the lint read: where from, on which revision, the tools, and what it found.
pub struct Report {
    pub source: String,
    pub protocol: Option<String>,
    pub tools: usize,
    pub findings: Vec<Finding>,
}

/// The options of `agent-input lint`.
pub struct Options<'a> {
    pub server: Option<&'a str>,
    pub tools: Option<&'a std::path::Path>,
    pub cwd: Option<&'a std::path::Path>,
    pub format: &'a str,
    pub fail_on: &'a str,
    pub accept: Option<&'a std::path::Path>,
    pub calls: bool,
    /// `--pin FILE`: record the tools there (the first run), else report changes against it.
    pub pin: Option<&'a std::path::Path>,
    /// `--pin-update`: rewrite the pin with the tools as they are now.
    pub pin_update: bool,
}

/// Exit statuses: 0 nothing at or above `--fail-on`; 1 warnings (or notes, as asked); 3 an
/// error; 2 misuse (an option, an unreadable file); 4 a server that could not be spoken to.
pub const EXIT_WARNINGS: u8 = 1;
pub const EXIT_ERRORS: u8 = 3;
pub const EXIT_MISUSE: u8 = 2;
pub const EXIT_UNREACHABLE: u8 = 4;

/// Runs the lint and prints its report; the exit status by the worst finding not accepted.
pub fn run(options: &Options<'_>) -> Result<u8, (String, u8)> {
    let fail_on = match options.fail_on {
        "never" => None,
        level => Some(Severity::parse(level).ok_or_else(|| {
            (format!("agent-input: --fail-on takes error, warning, note or never, not `{level}`"), EXIT_MISUSE)
        })?),
    };
    if !matches!(options.format, "table" | "json" | "sarif") {
        return Err((
            format!("agent-input: --format takes table, json or sarif, not `{}`", options.format),
            EXIT_MISUSE,
        ));
    }
    let (mut report, tools) = match (options.server, options.tools) {
        (Some(command), None) => {
            live(command, options.cwd, options.calls).map_err(|e| (format!("agent-input: {e}"), EXIT_UNREACHABLE))?
        }
        (None, Some(path)) => saved(path).map_err(|e| (e, EXIT_MISUSE))?,
        _ => return Err(("agent-input: lint takes one of --server COMMAND or --tools FILE".into(), EXIT_MISUSE)),
    };
    match (options.pin, options.pin_update) {
        (Some(path), update) if update || !path.exists() => pin::write(path, &tools).map_err(|e| (e, EXIT_MISUSE))?,
        (Some(path), _) => pin::check(path, &tools, &mut report.findings).map_err(|e| (e, EXIT_MISUSE))?,
        (None, true) => return Err(("agent-input: --pin-update needs --pin FILE".into(), EXIT_MISUSE)),
        (None, false) => {}
    }
    if let Some(path) = options.accept {
        accept(&mut report.findings, path).map_err(|e| (e, EXIT_MISUSE))?;
    }
    report.findings.sort_by_key(|f| (std::cmp::Reverse(rules::severity(f.code)), f.path.clone(), f.code));
    cap_findings(&mut report.findings);
    let text = match options.format {
        "json" => serde_json::to_string_pretty(&json_report(&report)).unwrap_or_default(),
        "sarif" => serde_json::to_string_pretty(&sarif::log(&report)).unwrap_or_default(),
        _ => table(&report),
    };
    println!("{text}");
    let worst = report.findings.iter().filter(|f| f.accepted.is_none()).map(|f| rules::severity(f.code)).max();
    Ok(match (worst, fail_on) {
        (Some(w), Some(level)) if w >= level => {
            if w == Severity::Error {
                EXIT_ERRORS
            } else {
                EXIT_WARNINGS
            }
        }
        _ => 0,
    })
}

fn live(command: &str, cwd: Option<&std::path::Path>, calls: bool) -> Result<(Report, Vec<Value>), ClientError> {
    let mut session = Session::start(command, cwd)?;
    let (tools, pages) = session.list_all_tools()?;
    let (again, _) = session.list_all_tools()?;
    let mut findings = Vec::new();
    check(&tools, &mut findings);
    rules::order(&tools, &again, &mut findings);
    rules::list_pages(&pages, session.modern(), &mut findings);
    if calls {
        probe(&mut session, &tools, &mut findings)?;
    }
    rules::stray(&session.stray_output, &mut findings);
    if let Some(cut) = session.listing_cut() {
        findings.push(rules::finding("listing_cut", None, "/tools".into(), cut.message()));
    }
    let report =
        Report { source: command.to_string(), protocol: Some(session.version.clone()), tools: tools.len(), findings };
    Ok((report, tools))
}

/// Calls each tool that says it only reads and needs no argument, with `{}`, to see its result.
/// No other tool is called: the lint never writes.
fn probe(session: &mut Session, tools: &[Value], findings: &mut Vec<Finding>) -> Result<(), ClientError> {
    for (i, tool) in tools.iter().enumerate() {
        let read_only = tool.pointer("/annotations/readOnlyHint") == Some(&Value::Bool(true));
        let needs = tool.pointer("/inputSchema/required").and_then(Value::as_array).is_some_and(|r| !r.is_empty());
        let Some(name) = tool.get("name").and_then(Value::as_str) else { continue };
        if !read_only || needs {
            continue;
        }
        if let Ok(result) = session.call_tool(name, &json!({}))? {
            rules::call_result(i, name, &result, session.modern(), findings);
        }
    }
    Ok(())
}

/// A saved `tools/list`: the result (`{"tools": [...]}`), a JSON-RPC response holding it, or the
/// bare array of tools. Protocol rules need the live wire and are not run.
fn saved(path: &std::path::Path) -> Result<(Report, Vec<Value>), String> {
    let value = crate::read_json_file(path)?;
    let listing = value.get("result").cloned().unwrap_or(value);
    let tools = match &listing {
        Value::Array(tools) => tools.clone(),
        Value::Object(o) if o.get("tools").is_some_and(Value::is_array) => tools_of(std::slice::from_ref(&listing)),
        _ => return Err(format!("agent-input: {} holds no tools/list result", path.display())),
    };
    let mut findings = Vec::new();
    check(&tools, &mut findings);
    Ok((Report { source: path.display().to_string(), protocol: None, tools: tools.len(), findings }, tools))
}

/// The rules over the listing itself.
pub fn check(tools: &[Value], findings: &mut Vec<Finding>) {
    rules::names(tools, findings);
    rules::versions(tools, findings);
    for (i, tool) in tools.iter().enumerate() {
        rules::tool(i, tool, findings);
    }
}

/// Marks the findings a file accepts: `[{"code", "tool"?, "path"?, "reason"}]`, each matching
/// the findings of its code (and tool and path, when given). A reason is required.
fn accept(findings: &mut [Finding], path: &std::path::Path) -> Result<(), String> {
    let value = crate::read_json_file(path)?;
    let entries = value.as_array().ok_or_else(|| format!("agent-input: {} is not an array", path.display()))?;
    for (n, entry) in entries.iter().enumerate() {
        let field = |k: &str| entry.get(k).and_then(Value::as_str);
        let (Some(code), Some(reason)) = (field("code"), field("reason").filter(|r| !r.trim().is_empty())) else {
            return Err(format!("agent-input: {} entry {n} needs a `code` and a `reason`", path.display()));
        };
        if !rules::RULES.iter().any(|r| r.code == code) {
            return Err(format!("agent-input: {} entry {n}: `{code}` is no lint code", path.display()));
        }
        for f in findings.iter_mut().filter(|f| f.code == code) {
            let tool_ok = field("tool").is_none_or(|t| f.tool.as_deref() == Some(t));
            let path_ok = field("path").is_none_or(|p| f.path == p);
            if tool_ok && path_ok {
                f.accepted = Some(reason.to_string());
            }
        }
    }
    Ok(())
}

/// The rules as JSON: `[{"code", "severity", "summary", "hint"}]`.
pub fn rules_json() -> String {
    let rules: Vec<Value> = rules::RULES
        .iter()
        .map(|r| json!({"code": r.code, "severity": r.severity, "summary": r.summary, "hint": r.hint}))
        .collect();
    serde_json::to_string_pretty(&rules).unwrap_or_default()
}

fn counts(report: &Report) -> Value {
    let open =
        |s: Severity| report.findings.iter().filter(|f| f.accepted.is_none() && rules::severity(f.code) == s).count();
    let accepted = report.findings.iter().filter(|f| f.accepted.is_some()).count();
    json!({"error": open(Severity::Error), "warning": open(Severity::Warning), "note": open(Severity::Note), "accepted": accepted})
}

fn json_report(report: &Report) -> Value {
    let findings: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            let rule = rules::rule(f.code);
            // `gen_ai.tool.name` beside `tool`: production telemetry's name (docs/telemetry.md).
            json!({"code": f.code, "severity": rule.severity, "tool": f.tool, "gen_ai.tool.name": f.tool,
                   "path": f.path, "message": f.message, "hint": rule.hint, "accepted": f.accepted})
        })
        .collect();
    json!({"source": report.source, "protocol": report.protocol, "mcp.protocol.version": report.protocol,
           "tools": report.tools, "summary": counts(report), "findings": findings})
}

/// The most findings of one rule a report lists; the last one listed counts the rest.
pub const MAX_FINDINGS_PER_RULE: usize = 100;

/// Keeps the first [`MAX_FINDINGS_PER_RULE`] findings of each rule (in report order); the last
/// kept one of a rule with more says how many more there were.
fn cap_findings(findings: &mut Vec<Finding>) {
    use std::collections::HashMap;
    let mut total: HashMap<&'static str, usize> = HashMap::new();
    for f in findings.iter() {
        *total.entry(f.code).or_default() += 1;
    }
    let mut listed: HashMap<&'static str, usize> = HashMap::new();
    findings.retain_mut(|f| {
        let n = listed.entry(f.code).or_default();
        *n += 1;
        let all = total.get(f.code).copied().unwrap_or_default();
        if all > MAX_FINDINGS_PER_RULE && *n == MAX_FINDINGS_PER_RULE {
            f.message.push_str(&format!(
                " ({} more `{}` findings are not listed: `MAX_FINDINGS_PER_RULE` is {MAX_FINDINGS_PER_RULE}.)",
                all - MAX_FINDINGS_PER_RULE,
                f.code
            ));
        }
        *n <= MAX_FINDINGS_PER_RULE
    });
}

fn table(report: &Report) -> String {
    let report = &visible_report(report);
    let mut out = format!(
        "agent-input lint: {} ({} tools{})\n",
        report.source,
        report.tools,
        report.protocol.as_deref().map(|p| format!(", protocol {p}")).unwrap_or_default()
    );
    if report.findings.is_empty() {
        out.push_str("no findings\n");
    }
    let mut reasons_given: Vec<&str> = Vec::new();
    for f in &report.findings {
        let rule = rules::rule(f.code);
        let tool = f.tool.as_deref().unwrap_or("-");
        out.push_str(&format!("{:<8} {:<28} {:<24} {}\n", rule.severity.name(), f.code, tool, f.path));
        out.push_str(&format!("         {}\n", f.message));
        match &f.accepted {
            Some(reason) if reasons_given.contains(&reason.as_str()) => out.push_str("         accepted: as above\n"),
            Some(reason) => {
                reasons_given.push(reason);
                out.push_str(&format!("         accepted: {reason}\n"));
            }
            None => out.push_str(&format!("         fix: {}\n", rule.hint)),
        }
    }
    let c = counts(report);
    out.push_str(&format!(
        "{} errors, {} warnings, {} notes, {} accepted",
        c["error"], c["warning"], c["note"], c["accepted"]
    ));
    out
}

/// The report with every text a server may write (tool names, paths, messages) as
/// [`crate::terminal::visible`] shows it: a table is read on a terminal.
fn visible_report(report: &Report) -> Report {
    let shown = |t: &str| crate::terminal::visible(t).into_owned();
    Report {
        source: shown(&report.source),
        protocol: report.protocol.as_deref().map(shown),
        tools: report.tools,
        findings: report
            .findings
            .iter()
            .map(|f| Finding {
                code: f.code,
                tool: f.tool.as_deref().map(shown),
                path: shown(&f.path),
                message: shown(&f.message),
                accepted: f.accepted.as_deref().map(shown),
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_lists_at_most_its_cap_the_last_counting_the_rest() {
        let mut findings: Vec<Finding> = (0..MAX_FINDINGS_PER_RULE + 7)
            .map(|i| rules::finding("type_array", None, format!("/tools/{i}"), "m".into()))
            .collect();
        findings.push(rules::finding("type_missing", None, "/tools/0".into(), "m".into()));
        cap_findings(&mut findings);
        let arrays: Vec<&Finding> = findings.iter().filter(|f| f.code == "type_array").collect();
        assert_eq!(arrays.len(), MAX_FINDINGS_PER_RULE);
        assert!(arrays.last().is_some_and(|f| f.message.contains("7 more `type_array` findings")));
        assert_eq!(findings.iter().filter(|f| f.code == "type_missing").count(), 1);
    }
}
