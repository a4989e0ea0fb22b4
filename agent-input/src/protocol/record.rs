//! What telemetry keeps of one call ([`Record`]): the tool, how the call ended, the codes of
//! its notes, warnings and asks, and the paths of its issues. Never the payload: no argument
//! value, received spelling, reading, receipt or token text is in a record, so no adapter can
//! export one.
//!
//! Every runtime's adapter emits the same span and metrics from it, through its ecosystem's
//! own API (Rust `tracing`, Python `opentelemetry-api`, JavaScript `@opentelemetry/api`): the
//! names are written here once ([`Record::to_json`] gives them ready to set).

use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::codes::{self, AskCode, EnvelopeCode, NoteCode, WarningCode};
use crate::limits::MAX_ISSUES;
use crate::tool::ToolCall;

/// `gen_ai.operation.name` of a tool call, and the first word of its span's name
/// (`execute_tool {tool}`), as OpenTelemetry's generative-AI conventions name it.
pub const OPERATION: &str = "execute_tool";

/// The instrumentation scope every runtime's adapter exports under (its tracer and meter name).
pub const SCOPE: &str = "agent-input";

/// The counter of calls, by `gen_ai.tool.name` and `agent_input.outcome`.
pub const METRIC_CALLS: &str = "agent_input.calls";

/// The counter of the codes calls met, by `gen_ai.tool.name`, `agent_input.code.kind` (`note`,
/// `warning`, `ask`) and `agent_input.code`: which spellings models send, which asks they hit.
pub const METRIC_CODES: &str = "agent_input.codes";

/// The histogram of the time a call's read took (seconds), by `gen_ai.tool.name` and
/// `agent_input.outcome`; the same name is the span's attribute.
pub const METRIC_READ_DURATION: &str = "agent_input.tool.read_duration";

/// The longest tool name a record keeps, in characters; a longer one is cut (a tool name is
/// the server's, but a metric's attribute value should stay short).
pub const MAX_RECORDED_NAME_CHARS: usize = 128;

/// The attributes, each name once: OpenTelemetry's conventions where they have one, the
/// library's own `agent_input.*` namespace where they have none.
pub mod attr {
    /// The tool's name (OpenTelemetry generative-AI conventions).
    pub const TOOL_NAME: &str = "gen_ai.tool.name";
    /// Always [`super::OPERATION`].
    pub const OPERATION_NAME: &str = "gen_ai.operation.name";
    /// Always `tools/call` (OpenTelemetry MCP conventions).
    pub const METHOD_NAME: &str = "mcp.method.name";
    /// The connection's MCP revision, when the adapter knows it.
    pub const PROTOCOL_VERSION: &str = "mcp.protocol.version";
    /// `tool_error` when the result is an `isError` result (OpenTelemetry MCP conventions).
    pub const ERROR_TYPE: &str = "error.type";
    /// How the call ended ([`super::Verdict`]).
    pub const OUTCOME: &str = "agent_input.outcome";
    /// The envelope's code, when the answer is one.
    pub const ENVELOPE_CODE: &str = "agent_input.envelope.code";
    /// The codes of the call's notes (repairs), each once, in order.
    pub const NOTE_CODES: &str = "agent_input.note.codes";
    /// The codes of the call's warnings, each once, in order.
    pub const WARNING_CODES: &str = "agent_input.warning.codes";
    /// The codes of the call's asks (its issues), each once, in order.
    pub const ASK_CODES: &str = "agent_input.ask.codes";
    /// The paths of the call's issues as JSON pointers (`/entries/2/amount`), at most
    /// `MAX_ISSUES`; on spans only, never on metrics.
    pub const ISSUE_PATHS: &str = "agent_input.issue.paths";
    /// True when the call went to the person as an `input_required` question.
    pub const ASKED_PERSON: &str = "agent_input.ask.person";
    /// True when the call carried a person's answers to an earlier question.
    pub const ANSWERED: &str = "agent_input.answered";
    /// The time the call's read took, seconds (set by the adapter, which has the clock).
    pub const READ_DURATION: &str = super::METRIC_READ_DURATION;
    /// On [`super::METRIC_CODES`]: `note`, `warning` or `ask`.
    pub const CODE_KIND: &str = "agent_input.code.kind";
    /// On [`super::METRIC_CODES`]: the code.
    pub const CODE: &str = "agent_input.code";
}

/// How a call ended: `agent_input.outcome`, a closed set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Read as sent; the handler ran and answered.
    Ok,
    /// Read with one or more repairs (notes); the handler ran and answered.
    Repaired,
    /// The arguments did not read: the envelope names what to send, or the person was asked.
    Asked,
    /// The contract refused the call (a key reused or in flight, a throttle, an unavailable
    /// upstream or receipt store).
    Refused,
    /// A stored receipt answered: the write did not run again.
    Replayed,
    /// A destructive change came without a valid `confirm_token`.
    ConfirmationRequired,
    /// A destructive change was previewed (`dry_run`) and its token issued.
    Previewed,
    /// The handler (or the framework's call) failed.
    Failed,
    /// Nothing was read: the request went to the framework as it came.
    #[default]
    Passed,
    /// The handler was cancelled.
    Cancelled,
}

impl Verdict {
    /// The wire name (`repaired`).
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::Repaired => "repaired",
            Self::Asked => "asked",
            Self::Refused => "refused",
            Self::Replayed => "replayed",
            Self::ConfirmationRequired => "confirmation_required",
            Self::Previewed => "previewed",
            Self::Failed => "failed",
            Self::Passed => "passed",
            Self::Cancelled => "cancelled",
        }
    }

    /// Every verdict, in the order of the docs' table.
    pub const ALL: [Self; 10] = [
        Self::Ok,
        Self::Repaired,
        Self::Asked,
        Self::Refused,
        Self::Replayed,
        Self::ConfirmationRequired,
        Self::Previewed,
        Self::Failed,
        Self::Passed,
        Self::Cancelled,
    ];
}

/// What telemetry keeps of one call: codes and paths, never values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The tool's name, cut to [`MAX_RECORDED_NAME_CHARS`] with control characters replaced.
    pub tool: String,
    /// How the call ended.
    pub verdict: Verdict,
    /// The envelope's code, when the answer is one.
    pub envelope: Option<&'static str>,
    /// The answer is an `isError` result.
    pub is_error: bool,
    /// The call went to the person as a question.
    pub asked_person: bool,
    /// The call carried a person's answers.
    pub answered: bool,
    /// The notes' codes, one per note.
    pub notes: Vec<&'static str>,
    /// The warnings' codes, one per warning.
    pub warnings: Vec<&'static str>,
    /// The asks' codes, one per issue.
    pub asks: Vec<&'static str>,
    /// The issues' paths, as JSON pointers, at most [`MAX_ISSUES`].
    pub paths: Vec<String>,
}

impl Record {
    /// The record of a call of `tool` read as `read`, ended as `verdict`.
    pub(crate) fn of(tool: &str, read: &ToolCall, verdict: Verdict) -> Self {
        let (notes, warnings, issues, envelope) = match read {
            ToolCall::Ok { notes, warnings, issues, .. } => (notes, warnings, issues, None),
            ToolCall::Error { envelope, notes, warnings } => (notes, warnings, &envelope.issues, Some(envelope.code)),
        };
        let mut record = Self {
            tool: recorded_name(tool),
            verdict,
            envelope: envelope.map(codes::name),
            is_error: envelope.is_some(),
            notes: notes.iter().map(|n| codes::name(n.code)).collect(),
            warnings: warnings.iter().map(|w| codes::name(w.code)).collect(),
            ..Self::default()
        };
        record.take_issues(issues.iter().map(|i| (codes::name(i.code), i.path.as_str())));
        record
    }

    /// What a client can tell of a call of `tool` from its `CallToolResult` alone (`agent-input
    /// eval`, a dashboard over recorded results): the same outcome, envelope, codes and paths
    /// the server's own record gives for an answer, without `cancelled` or `passed` (which have
    /// no result) and without `answered` (which is in the request).
    ///
    /// ```
    /// use agent_input::protocol::{Record, Verdict};
    /// let asked = serde_json::json!({"isError": true, "content": [], "structuredContent":
    ///     {"code": "ambiguous_arguments", "message": "m", "hint": "h",
    ///      "issues": [{"path": "entries[0].amount", "code": "ambiguous_decimal_separator"}]}});
    /// let record = Record::from_result("import", &asked);
    /// assert_eq!(record.verdict, Verdict::Asked);
    /// assert_eq!(record.paths, ["/entries/0/amount"]);
    /// ```
    pub fn from_result(tool: &str, result: &Value) -> Self {
        let mut record = Self { tool: recorded_name(tool), ..Self::default() };
        record.is_error = result.get("isError") == Some(&Value::Bool(true));
        let structured = result.get("structuredContent");
        let meta = result.get("_meta");
        let warnings =
            structured.and_then(|s| s.get("warnings")).or_else(|| meta.and_then(|m| m.get(super::WARNINGS_META)));
        record.notes = notes_of(result).unwrap_or_default();
        record.warnings = codes_in::<WarningCode>(warnings);
        if result.get("resultType").and_then(Value::as_str) == Some("input_required") {
            // A question names the properties it asks about, not the asks' codes.
            record.verdict = Verdict::Asked;
            record.asked_person = true;
            if let Some(Value::Object(asked)) = result.get("inputRequests") {
                record.paths = asked.keys().take(MAX_ISSUES).map(|k| json_pointer(k)).collect();
            }
            return record;
        }
        let envelope = structured
            .filter(|s| s.get("code").is_some())
            .cloned()
            .or_else(|| meta.and_then(|m| m.get(super::ENVELOPE_META)).cloned())
            .or_else(|| result.get("content").and_then(|c| c.get(0)?.get("text")?.as_str()?.parse::<Value>().ok()));
        let envelope = envelope.filter(|_| record.is_error).and_then(|e| envelope_in(&e));
        record.verdict = match (&envelope, record.is_error) {
            (Some((code, asks)), _) => {
                let contract = asks.iter().any(|(a, _)| a.starts_with("idempotency_key_"));
                match *code {
                    "confirmation_required" => Verdict::ConfirmationRequired,
                    "rate_limited"
                    | "upstream_unavailable"
                    | "call_in_progress"
                    | "tool_retired"
                    | "insufficient_scope" => Verdict::Refused,
                    _ if contract => Verdict::Refused,
                    _ => Verdict::Asked,
                }
            }
            (None, true) => Verdict::Failed,
            (None, false) if record.notes.contains(&"receipt_replayed") => Verdict::Replayed,
            (None, false) if record.notes.contains(&"dry_run_preview") => Verdict::Previewed,
            (None, false) if record.notes.is_empty() => Verdict::Ok,
            (None, false) => Verdict::Repaired,
        };
        if let Some((code, asks)) = envelope {
            record.envelope = Some(code);
            record.take_issues(asks.iter().map(|(c, p)| (*c, p.as_str())));
        } else {
            // Entries of a collection left out of a call that ran.
            let left_out = issues_of(structured.and_then(|s| s.get("issues")));
            record.take_issues(left_out.iter().map(|(c, p)| (*c, p.as_str())));
        }
        record
    }

    /// Adds the asks of `issues` (code and path).
    pub(crate) fn take_issues<'a>(&mut self, issues: impl Iterator<Item = (&'static str, &'a str)>) {
        for (code, path) in issues {
            self.asks.push(code);
            if self.paths.len() < MAX_ISSUES {
                self.paths.push(json_pointer(path));
            }
        }
    }

    /// The span's name: `execute_tool {tool}`.
    pub fn span_name(&self) -> String {
        format!("{OPERATION} {}", self.tool)
    }

    /// The span's attributes (without the read's duration, which the adapter measures), named
    /// as the table in the README says, borrowed: what every adapter sets. Lists are arrays of
    /// strings; empty lists and false booleans are left out.
    pub fn attribute_pairs(&self) -> Vec<(&'static str, AttributeValue<'_>)> {
        use AttributeValue::{Bool, Str, Strs};
        let mut a = vec![
            (attr::OPERATION_NAME, Str(OPERATION)),
            (attr::METHOD_NAME, Str("tools/call")),
            (attr::TOOL_NAME, Str(&self.tool)),
            (attr::OUTCOME, Str(self.verdict.as_str())),
        ];
        if self.is_error {
            a.push((attr::ERROR_TYPE, Str("tool_error")));
        }
        if let Some(code) = self.envelope {
            a.push((attr::ENVELOPE_CODE, Str(code)));
        }
        let lists = [
            (attr::NOTE_CODES, distinct(self.notes.iter().copied())),
            (attr::WARNING_CODES, distinct(self.warnings.iter().copied())),
            (attr::ASK_CODES, distinct(self.asks.iter().copied())),
            (attr::ISSUE_PATHS, self.paths.iter().map(String::as_str).collect()),
        ];
        for (name, list) in lists {
            if !list.is_empty() {
                a.push((name, Strs(list)));
            }
        }
        if self.asked_person {
            a.push((attr::ASKED_PERSON, Bool(true)));
        }
        if self.answered {
            a.push((attr::ANSWERED, Bool(true)));
        }
        a
    }

    /// [`Record::attribute_pairs`] as a JSON object.
    pub fn attributes(&self) -> Map<String, Value> {
        self.attribute_pairs().into_iter().map(|(k, v)| (k.to_owned(), v.to_json())).collect()
    }

    /// The attributes of [`METRIC_CALLS`] and [`METRIC_READ_DURATION`]: the tool and the
    /// outcome (bounded: the tools a server lists, ten outcomes).
    pub fn metric_attributes(&self) -> Map<String, Value> {
        let mut a = Map::new();
        a.insert(attr::TOOL_NAME.into(), self.tool.clone().into());
        a.insert(attr::OUTCOME.into(), self.verdict.as_str().into());
        a
    }

    /// One attribute set of [`METRIC_CODES`] per note, warning and ask of the call (a code
    /// met twice counts twice).
    pub fn code_counts(&self) -> Vec<Map<String, Value>> {
        self.counted()
            .map(|(kind, code)| {
                let mut a = Map::new();
                a.insert(attr::TOOL_NAME.into(), self.tool.clone().into());
                a.insert(attr::CODE_KIND.into(), kind.into());
                a.insert(attr::CODE.into(), code.into());
                a
            })
            .collect()
    }

    /// Each note's, warning's and ask's code with its kind (`note`, `warning`, `ask`).
    pub fn counted(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        let notes = self.notes.iter().map(|c| ("note", *c));
        notes.chain(self.warnings.iter().map(|c| ("warning", *c))).chain(self.asks.iter().map(|c| ("ask", *c)))
    }

    /// Everything an adapter emits, as JSON text, written directly ([`Record::to_json`]'s
    /// shape): what the JavaScript binding hands over.
    pub fn to_json_text(&self) -> String {
        let mut out = String::with_capacity(512);
        let quote = |out: &mut String, s: &str| {
            out.push_str(&serde_json::to_string(s).unwrap_or_else(|_| "\"\"".into()));
        };
        out.push_str("{\"name\":");
        quote(&mut out, &self.span_name());
        out.push_str(",\"attributes\":{");
        for (i, (key, value)) in self.attribute_pairs().iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            quote(&mut out, key);
            out.push(':');
            match value {
                AttributeValue::Str(s) => quote(&mut out, s),
                AttributeValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                AttributeValue::Strs(items) => {
                    out.push('[');
                    for (j, item) in items.iter().enumerate() {
                        if j > 0 {
                            out.push(',');
                        }
                        quote(&mut out, item);
                    }
                    out.push(']');
                }
            }
        }
        out.push_str("},\"error\":");
        out.push_str(if self.is_error { "true" } else { "false" });
        let tool = serde_json::to_string(&self.tool).unwrap_or_else(|_| "\"\"".into());
        out.push_str(&format!(
            ",\"metric\":{{\"{}\":{tool},\"{}\":\"{}\"}},\"codes\":[",
            attr::TOOL_NAME,
            attr::OUTCOME,
            self.verdict.as_str()
        ));
        for (i, (kind, code)) in self.counted().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&format!(
                "{{\"{}\":{tool},\"{}\":\"{kind}\",\"{}\":\"{code}\"}}",
                attr::TOOL_NAME,
                attr::CODE_KIND,
                attr::CODE
            ));
        }
        out.push_str("]}");
        out
    }

    /// Everything an adapter emits, as JSON: `{"name": span name, "attributes": {...},
    /// "error": bool, "metric": {...}, "codes": [{...}, ...]}`.
    pub fn to_json(&self) -> Value {
        json!({
            "name": self.span_name(),
            "attributes": self.attributes(),
            "error": self.is_error,
            "metric": self.metric_attributes(),
            "codes": self.code_counts(),
        })
    }
}

/// An attribute's value: a string, a list of strings, or a boolean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AttributeValue<'a> {
    /// A string.
    Str(&'a str),
    /// A list of strings.
    Strs(Vec<&'a str>),
    /// A boolean.
    Bool(bool),
}

impl AttributeValue<'_> {
    /// The value as JSON.
    pub fn to_json(&self) -> Value {
        match self {
            Self::Str(s) => Value::from(*s),
            Self::Strs(items) => Value::from(items.clone()),
            Self::Bool(b) => Value::Bool(*b),
        }
    }
}

/// Each item once, in the order first met.
fn distinct<'a>(items: impl Iterator<Item = &'a str>) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// The code `name` of a closed set `C` (its wire name, as a `&'static str`), when it is one.
pub(crate) fn code_named<C>(name: &str) -> Option<&'static str>
where
    C: strum::IntoEnumIterator + Into<&'static str>,
{
    C::iter().map(Into::into).find(|n: &&'static str| *n == name)
}

/// The envelope code and the issues' codes and paths of a `CallToolResult` that carries an
/// envelope (its `structuredContent`); `None` for any other result.
pub(crate) fn envelope_of(result: &Value) -> Option<(&'static str, Vec<(&'static str, String)>)> {
    envelope_in(result.get("structuredContent")?)
}

/// The envelope code and the issues' codes and paths of an envelope (`{code, issues, ...}`).
fn envelope_in(envelope: &Value) -> Option<(&'static str, Vec<(&'static str, String)>)> {
    let code = code_named::<EnvelopeCode>(envelope.get("code")?.as_str()?)?;
    Some((code, issues_of(envelope.get("issues"))))
}

/// The codes and paths of a list of issues (`[{"path", "code", ...}, ...]`).
fn issues_of(issues: Option<&Value>) -> Vec<(&'static str, String)> {
    let issues = issues.and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    issues
        .iter()
        .filter_map(|i| {
            let code = code_named::<AskCode>(i.get("code")?.as_str()?)?;
            Some((code, i.get("path").and_then(Value::as_str).unwrap_or_default().to_owned()))
        })
        .collect()
}

/// The note codes a `CallToolResult` carries (`structuredContent.notes`, or `_meta`'s
/// [`NOTES_META`](super::NOTES_META)), when it carries a list of them.
pub(crate) fn notes_of(result: &Value) -> Option<Vec<&'static str>> {
    let structured = result.get("structuredContent").and_then(|s| s.get("notes"));
    let notes = structured.or_else(|| result.get("_meta")?.get(super::NOTES_META)).filter(|n| n.is_array())?;
    Some(codes_in::<NoteCode>(Some(notes)))
}

/// The codes of a list of notes or warnings (`[{"code": ...}, ...]`) that are codes of `C`.
fn codes_in<C>(list: Option<&Value>) -> Vec<&'static str>
where
    C: strum::IntoEnumIterator + Into<&'static str>,
{
    let items = list.and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    items.iter().filter_map(|n| code_named::<C>(n.get("code")?.as_str()?)).collect()
}

/// A tool name as a record keeps it: at most [`MAX_RECORDED_NAME_CHARS`] characters, control
/// characters replaced by U+FFFD.
pub fn recorded_name(name: &str) -> String {
    name.chars().take(MAX_RECORDED_NAME_CHARS).map(|c| if c.is_control() { '\u{FFFD}' } else { c }).collect()
}

/// An issue's path (`entries[2].amount`) as a JSON pointer (`/entries/2/amount`); the call's
/// own path (`""`) is `""`.
///
/// ```
/// use agent_input::protocol::json_pointer;
/// assert_eq!(json_pointer("entries[2].amount"), "/entries/2/amount");
/// assert_eq!(json_pointer("a/b~c"), "/a~1b~0c");
/// assert_eq!(json_pointer(""), "");
/// ```
pub fn json_pointer(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 4);
    let mut segment = String::new();
    let push = |segment: &mut String, out: &mut String| {
        out.push('/');
        out.push_str(&segment.replace('~', "~0").replace('/', "~1"));
        segment.clear();
    };
    let mut pending = false;
    for c in path.chars() {
        match c {
            '.' | '[' => {
                if pending {
                    push(&mut segment, &mut out);
                }
                pending = c == '.';
            }
            ']' => {
                push(&mut segment, &mut out);
                pending = false;
            }
            c => {
                segment.push(c);
                pending = true;
            }
        }
    }
    if pending {
        push(&mut segment, &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_of_nested_paths() {
        assert_eq!(json_pointer("limit"), "/limit");
        assert_eq!(json_pointer("a.b[10].c"), "/a/b/10/c");
        assert_eq!(json_pointer("[3]"), "/3");
        assert_eq!(json_pointer("x[0][1]"), "/x/0/1");
    }

    #[test]
    fn the_text_is_the_json() {
        let record = Record {
            tool: "t\"x".into(),
            verdict: Verdict::Asked,
            envelope: Some("ambiguous_arguments"),
            is_error: true,
            answered: true,
            notes: vec!["grouping_removed", "grouping_removed"],
            asks: vec!["ambiguous_date"],
            paths: vec!["/a~1b".into()],
            ..Record::default()
        };
        let text: Value = serde_json::from_str(&record.to_json_text()).unwrap();
        assert_eq!(text, record.to_json());
        assert_eq!(text["codes"].as_array().unwrap().len(), 3);
    }

    #[test]
    fn names_are_cut_and_cleaned() {
        assert_eq!(recorded_name("a\u{0}b\nc"), "a\u{FFFD}b\u{FFFD}c");
        assert_eq!(recorded_name(&"x".repeat(500)).chars().count(), MAX_RECORDED_NAME_CHARS);
    }
}
