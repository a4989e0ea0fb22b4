//! The diff's report: a table for a person, JSON, SARIF 2.1.0 for code scanning (as `lint`'s,
//! with each change's fingerprint as its partial fingerprint and an accepted change as an
//! external suppression), and Markdown for a pull-request comment.

use serde_json::{json, Value};

use super::rules::{self, Level};
use super::{Change, Report};

pub fn render(report: &Report, format: &str) -> String {
    match format {
        "json" => serde_json::to_string_pretty(&json_report(report)).unwrap_or_default(),
        "sarif" => serde_json::to_string_pretty(&sarif(report)).unwrap_or_default(),
        "markdown" => markdown(report),
        _ => table(report),
    }
}

fn counts(report: &Report) -> Value {
    let open = |l: Level| report.changes.iter().filter(|c| c.accepted.is_none() && c.level() == l).count();
    let accepted = report.changes.iter().filter(|c| c.accepted.is_some()).count();
    json!({"breaking": open(Level::Breaking), "warning": open(Level::Warning), "info": open(Level::Info), "accepted": accepted})
}

fn change_json(c: &Change) -> Value {
    let rule = rules::rule(c.code);
    json!({"code": c.code, "level": rule.level, "side": rule.side, "tool": c.tool, "gen_ai.tool.name": c.tool,
           "pointer": c.pointer, "detail": c.detail, "message": c.message, "hint": rule.hint,
           "fingerprint": c.fingerprint(), "accepted": c.accepted})
}

fn json_report(report: &Report) -> Value {
    json!({"old": report.old, "new": report.new, "tools": {"old": report.tools.0, "new": report.tools.1},
           "today": report.today.to_string(), "summary": counts(report),
           "changes": report.changes.iter().map(change_json).collect::<Vec<_>>()})
}

fn summary_line(report: &Report) -> String {
    let c = counts(report);
    format!("{} breaking, {} warnings, {} info, {} accepted", c["breaking"], c["warning"], c["info"], c["accepted"])
}

fn table(report: &Report) -> String {
    let shown = |t: &str| crate::terminal::visible(t).into_owned();
    let mut out = format!(
        "agent-input diff: {} ({} tools) -> {} ({} tools)\n",
        shown(&report.old),
        report.tools.0,
        shown(&report.new),
        report.tools.1
    );
    if report.changes.is_empty() {
        out.push_str("no changes\n");
    }
    for c in &report.changes {
        let rule = rules::rule(c.code);
        out.push_str(&format!(
            "{:<8} {:<8} {:<36} {} {}\n",
            rule.level.name(),
            rule.side.name(),
            c.code,
            shown(&c.tool),
            shown(&c.pointer)
        ));
        out.push_str(&format!("         {}\n", shown(&c.message)));
        match &c.accepted {
            Some(reason) => out.push_str(&format!("         accepted: {}\n", shown(reason))),
            None => out.push_str(&format!("         migrate: {}\n", rule.hint)),
        }
        out.push_str(&format!("         fingerprint: {}\n", c.fingerprint()));
    }
    out.push_str(&summary_line(report));
    out
}

/// Markdown for a pull-request comment: the summary, then one table per level (breaking
/// first), every cell escaped so that a tool name cannot break the table or inject markup.
fn markdown(report: &Report) -> String {
    let cell = |t: &str| {
        crate::terminal::visible(t)
            .replace('\\', "\\\\")
            .replace('|', "\\|")
            .replace('<', "&lt;")
            .replace(['\n', '\r'], " ")
    };
    let mut out = format!(
        "### agent-input diff\n\n`{}` → `{}`: {}\n",
        cell(&report.old),
        cell(&report.new),
        summary_line(report)
    );
    if report.changes.is_empty() {
        out.push_str("\nNo change to the tool contract.\n");
        return out;
    }
    for level in [Level::Breaking, Level::Warning, Level::Info] {
        let of: Vec<&Change> = report.changes.iter().filter(|c| c.level() == level).collect();
        if of.is_empty() {
            continue;
        }
        out.push_str(&format!("\n#### {} ({})\n\n", level.name(), of.len()));
        out.push_str(
            "| code | side | tool | change | migration | fingerprint |\n| --- | --- | --- | --- | --- | --- |\n",
        );
        for c in of {
            let rule = rules::rule(c.code);
            let migration = match &c.accepted {
                Some(reason) => format!("accepted: {}", cell(reason)),
                None => cell(rule.hint),
            };
            out.push_str(&format!(
                "| `{}` | {} | `{}` | {} | {} | `{}` |\n",
                c.code,
                rule.side.name(),
                cell(&c.tool),
                cell(&c.message),
                migration,
                c.fingerprint()
            ));
        }
    }
    out
}

const INFORMATION_URI: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/diff.md");

fn sarif(report: &Report) -> Value {
    use crate::lint::sarif::{artifact, descriptor, result, run_log, Place};
    let descriptors: Vec<Value> = rules::RULES
        .iter()
        .map(|r| {
            let mut d = descriptor(INFORMATION_URI, r.code, r.summary, r.hint, r.level.sarif());
            d["properties"] = json!({"level": r.level.name(), "side": r.side.name()});
            d
        })
        .collect();
    let uri = artifact(&report.new);
    let results: Vec<Value> = report
        .changes
        .iter()
        .map(|c| {
            let rule = rules::rule(c.code);
            result(&Place {
                rule_id: c.code,
                rule_index: rules::RULES.iter().position(|r| r.code == c.code).unwrap_or(0),
                level: rule.level.sarif(),
                text: format!("{}. Migrate: {}", c.message, rule.hint),
                uri: &uri,
                name: &c.tool,
                qualified: format!("{}{}", c.tool, c.pointer),
                fingerprint: ("agentInputChange/v1", c.fingerprint()),
                accepted: c.accepted.as_deref(),
            })
        })
        .collect();
    let properties = json!({"old": report.old, "new": report.new, "today": report.today.to_string()});
    run_log("agent-input diff", INFORMATION_URI, descriptors, results, properties)
}
