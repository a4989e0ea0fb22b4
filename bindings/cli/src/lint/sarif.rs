//! The lint report as a SARIF 2.1.0 log, for code scanning in CI: one run, the rules as the
//! driver's `rules` (id, short description, help, default level), one result per finding with
//! its level, message (the finding and its fix), a logical location (the tool, the JSON
//! pointer) and a physical one (the listing's source), and accepted findings as external
//! suppressions carrying their reason. The pieces ([`descriptor`], [`result`], [`run_log`],
//! [`artifact`]) make `agent-input diff`'s log too.

use serde_json::{json, Value};

use super::{rules, Report};

const SCHEMA: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// The rules' documentation, under the workspace's `repository`.
const INFORMATION_URI: &str = concat!(env!("CARGO_PKG_REPOSITORY"), "/blob/main/docs/lint.md");

pub fn log(report: &Report) -> Value {
    let descriptors: Vec<Value> = rules::RULES
        .iter()
        .map(|r| descriptor(INFORMATION_URI, r.code, r.summary, r.hint, r.severity.name()))
        .collect();
    let uri = artifact(&report.source);
    let results: Vec<Value> = report
        .findings
        .iter()
        .map(|f| {
            let rule = rules::rule(f.code);
            result(&Place {
                rule_id: f.code,
                rule_index: rules::RULES.iter().position(|r| r.code == f.code).unwrap_or(0),
                level: rule.severity.name(),
                text: format!("{}. Fix: {}", f.message, rule.hint),
                uri: &uri,
                name: f.tool.as_deref().unwrap_or("tools/list"),
                qualified: format!("{}{}", f.tool.as_deref().unwrap_or_default(), f.path),
                fingerprint: ("agentInputFinding/v1", format!("{}:{}", f.code, f.path)),
                accepted: f.accepted.as_deref(),
            })
        })
        .collect();
    let properties = json!({"protocol": report.protocol, "tools": report.tools});
    run_log("agent-input lint", INFORMATION_URI, descriptors, results, properties)
}

/// A rule as the driver lists it, its help under `information_uri#code`.
pub(crate) fn descriptor(information_uri: &str, code: &str, summary: &str, hint: &str, level: &str) -> Value {
    json!({
        "id": code,
        "name": code,
        "shortDescription": {"text": summary},
        "help": {"text": hint},
        "helpUri": format!("{information_uri}#{code}"),
        "defaultConfiguration": {"level": level},
    })
}

/// Where one result is and what it says.
pub(crate) struct Place<'a> {
    pub rule_id: &'a str,
    pub rule_index: usize,
    pub level: &'a str,
    pub text: String,
    /// The artifact's URI ([`artifact`]).
    pub uri: &'a str,
    /// The logical location's name (the tool) and fully qualified name (the tool and pointer).
    pub name: &'a str,
    pub qualified: String,
    /// The partial fingerprint's key and value.
    pub fingerprint: (&'a str, String),
    /// The reason it was accepted: an external suppression.
    pub accepted: Option<&'a str>,
}

/// One result.
pub(crate) fn result(p: &Place<'_>) -> Value {
    let mut result = json!({
        "ruleId": p.rule_id,
        "ruleIndex": p.rule_index,
        "level": p.level,
        "message": {"text": p.text},
        "locations": [{
            "physicalLocation": {"artifactLocation": {"uri": p.uri}},
            "logicalLocations": [{"name": p.name, "fullyQualifiedName": p.qualified, "kind": "member"}],
        }],
        "partialFingerprints": {p.fingerprint.0: p.fingerprint.1},
    });
    if let Some(reason) = p.accepted {
        result["suppressions"] = json!([{"kind": "external", "justification": reason}]);
    }
    result
}

/// The log of one run of `driver`.
pub(crate) fn run_log(
    driver: &str,
    information_uri: &str,
    rules: Vec<Value>,
    results: Vec<Value>,
    properties: Value,
) -> Value {
    json!({
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": driver,
                "semanticVersion": env!("CARGO_PKG_VERSION"),
                "informationUri": information_uri,
                "rules": rules,
            }},
            "results": results,
            "properties": properties,
        }],
    })
}

/// A relative URI for the artifact: the listing's file, or for a live server `tools/list`.
pub(crate) fn artifact(source: &str) -> String {
    let path = std::path::Path::new(source);
    if path.extension().is_some_and(|e| e == "json") {
        source.replace('\\', "/").replace(' ', "%20")
    } else {
        "tools/list".into()
    }
}
