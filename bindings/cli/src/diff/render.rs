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

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
const INFORMATION_URI: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/diff.md");

fn sarif(report: &Report) -> Value {
    let descriptors: Vec<Value> = rules::RULES
        .iter()
        .map(|r| {
            json!({"id": r.code, "name": r.code, "shortDescription": {"text": r.summary}, "help": {"text": r.hint},
                   "helpUri": format!("{INFORMATION_URI}#{}", r.code),
                   "defaultConfiguration": {"level": r.level.sarif()},
                   "properties": {"level": r.level.name(), "side": r.side.name()}})
        })
        .collect();
    let uri = if report.new.ends_with(".json") {
        report.new.replace('\\', "/").replace(' ', "%20")
    } else {
        "tools/list".into()
    };
    let results: Vec<Value> = report
        .changes
        .iter()
        .map(|c| {
            let rule = rules::rule(c.code);
            let index = rules::RULES.iter().position(|r| r.code == c.code).unwrap_or(0);
            let mut result = json!({
                "ruleId": c.code,
                "ruleIndex": index,
                "level": rule.level.sarif(),
                "message": {"text": format!("{}. Migrate: {}", c.message, rule.hint)},
                "locations": [{
                    "physicalLocation": {"artifactLocation": {"uri": uri}},
                    "logicalLocations": [{"name": c.tool, "fullyQualifiedName": format!("{}{}", c.tool, c.pointer), "kind": "member"}],
                }],
                "partialFingerprints": {"agentInputChange/v1": c.fingerprint()},
            });
            if let Some(reason) = &c.accepted {
                result["suppressions"] = json!([{"kind": "external", "justification": reason}]);
            }
            result
        })
        .collect();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "agent-input diff", "semanticVersion": env!("CARGO_PKG_VERSION"),
                                "informationUri": INFORMATION_URI, "rules": descriptors}},
            "results": results,
            "properties": {"old": report.old, "new": report.new, "today": report.today.to_string()},
        }],
    })
}
