//! The lint report as a SARIF 2.1.0 log, for code scanning in CI: one run, the rules as the
//! driver's `rules` (id, short description, help, default level), one result per finding with
//! its level, message (the finding and its fix), a logical location (the tool, the JSON
//! pointer) and a physical one (the listing's source), and accepted findings as external
//! suppressions carrying their reason.

use serde_json::{json, Value};

use super::{rules, Report};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// The rules' documentation, under the workspace's `repository`.
const INFORMATION_URI: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/lint.md");

pub fn log(report: &Report) -> Value {
    let descriptors: Vec<Value> = rules::RULES
        .iter()
        .map(|r| {
            json!({
                "id": r.code,
                "name": r.code,
                "shortDescription": {"text": r.summary},
                "help": {"text": r.hint},
                "helpUri": format!("{INFORMATION_URI}#{}", r.code),
                "defaultConfiguration": {"level": r.severity.name()},
            })
        })
        .collect();
    let uri = artifact(&report.source);
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            let rule = rules::rule(f.code);
            let index = rules::RULES.iter().position(|r| r.code == f.code).unwrap_or(0);
            let logical = match &f.tool {
                Some(tool) => format!("{tool}{}", f.path),
                None => f.path.clone(),
            };
            let mut result = json!({
                "ruleId": f.code,
                "ruleIndex": index,
                "level": rule.severity.name(),
                "message": {"text": format!("{}. Fix: {}", f.message, rule.hint)},
                "locations": [{
                    "physicalLocation": {"artifactLocation": {"uri": uri}},
                    "logicalLocations": [{"name": f.tool.clone().unwrap_or_else(|| "tools/list".into()),
                                          "fullyQualifiedName": logical, "kind": "member"}],
                }],
                "partialFingerprints": {"agentInputFinding/v1": format!("{}:{}", f.code, f.path)},
            });
            if let Some(reason) = &f.accepted {
                result["suppressions"] = json!([{"kind": "external", "justification": reason}]);
            }
            result
        })
        .collect();
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "agent-input lint",
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": INFORMATION_URI,
                "rules": descriptors,
            }},
            "results": results,
            "properties": {"protocol": report.protocol, "tools": report.tools},
        }],
    })
}

/// A relative URI for the artifact: the listing's file, or for a live server `tools/list`.
fn artifact(source: &str) -> String {
    let path = std::path::Path::new(source);
    if path.extension().is_some_and(|e| e == "json") {
        source.replace('\\', "/").replace(' ', "%20")
    } else {
        "tools/list".into()
    }
}
