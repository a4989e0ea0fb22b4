//! The error envelope `{code, message, hint, issues[]}`, its closed codes, and telemetry.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::codes::AskCode;
use crate::outcome::{Ask, Reading};

/// Codes of the error envelope: why a call cannot run, as a whole.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    strum::EnumIter,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
#[non_exhaustive]
pub enum EnvelopeCode {
    /// One or more arguments cannot be read.
    InvalidArguments,
    /// Every issue is a value with two or more meanings; the readings are named.
    AmbiguousArguments,
    /// Every issue is a required argument that was not sent (or was a placeholder).
    MissingArguments,
    /// The tool applies all entries or none, and some entries cannot be read.
    InvalidEntries,
}

impl EnvelopeCode {
    /// What the code means; the source of `docs/codes.md`.
    pub const fn meaning(self) -> &'static str {
        match self {
            Self::InvalidArguments => "One or more arguments cannot be read; each issue names its path and the fix.",
            Self::AmbiguousArguments => {
                "Every issue is a value with two or more meanings; each issue names every reading."
            }
            Self::MissingArguments => "Every issue is a required argument that was not sent, or was a placeholder.",
            Self::InvalidEntries => {
                "The tool applies all entries or none, and some entries of a collection cannot be read."
            }
        }
    }

    /// The corrective action; the source of `docs/codes.md`.
    pub const fn action(self) -> &'static str {
        match self {
            Self::InvalidArguments => "Call the tool again with each named argument fixed as its issue says.",
            Self::AmbiguousArguments => "Call the tool again with the reading you meant for each named argument.",
            Self::MissingArguments => "Call the tool again with the named arguments.",
            Self::InvalidEntries => "Call the tool again with the named entries fixed and the others unchanged.",
        }
    }
}

/// One argument (or one entry of a collection) that could not be read.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Issue {
    /// The property path (`date_from`, `entries[2].amount`).
    pub path: String,
    /// The closed code of what went wrong.
    pub code: AskCode,
    /// The value as received (absent for a missing argument).
    pub received: Value,
    /// What the property accepts.
    pub expected: String,
    /// The corrective action, naming the tool and the property.
    pub hint: String,
    /// Every reading, when the value carried two or more meanings.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<Reading>,
    /// True for an entry of a collection (best effort), false for an argument.
    #[serde(skip)]
    pub(crate) entry: bool,
    /// The corrective part of the hint.
    #[serde(skip)]
    pub(crate) fix: String,
}

impl Issue {
    /// An issue from a kind's ask at `path`.
    pub(crate) fn from_ask(tool: &str, path: &str, mut ask: Ask, entry: bool) -> Self {
        ask.retarget(tool, path);
        Self {
            path: path.to_owned(),
            code: ask.code,
            received: ask.received,
            expected: ask.expected,
            hint: ask.hint,
            readings: ask.readings,
            entry,
            fix: ask.fix,
        }
    }

    /// A required argument that is absent.
    pub(crate) fn missing(tool: &str, path: &str, received: Value, expected: &str) -> Self {
        let fix = format!("set to {expected}");
        Self {
            path: path.to_owned(),
            code: AskCode::MissingRequired,
            received,
            expected: format!("a value: `{path}` is required"),
            hint: format!("Call `{tool}` again with `{path}` {fix}."),
            readings: Vec::new(),
            entry: false,
            fix,
        }
    }
}

/// The error envelope.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope {
    /// Why the call cannot run.
    pub code: EnvelopeCode,
    /// One sentence naming the tool and the arguments at fault.
    pub message: String,
    /// The next call, with every fix.
    pub hint: String,
    /// Every argument or entry at fault.
    pub issues: Vec<Issue>,
}

impl Envelope {
    pub(crate) fn new(tool: &str, issues: Vec<Issue>, all_or_nothing: bool) -> Self {
        let code = if issues.iter().all(|i| i.code == AskCode::MissingRequired) {
            EnvelopeCode::MissingArguments
        } else if issues.iter().all(|i| !i.readings.is_empty()) {
            EnvelopeCode::AmbiguousArguments
        } else if all_or_nothing && issues.iter().all(|i| i.entry) {
            EnvelopeCode::InvalidEntries
        } else {
            EnvelopeCode::InvalidArguments
        };
        let paths: Vec<String> = issues.iter().map(|i| format!("`{}`", i.path)).collect();
        let what = match code {
            EnvelopeCode::MissingArguments => "is missing",
            EnvelopeCode::AmbiguousArguments => "has two or more meanings",
            EnvelopeCode::InvalidEntries => "cannot be read, and the tool applies all entries or none",
            EnvelopeCode::InvalidArguments => "needs a fix",
        };
        let plural = if issues.len() == 1 { "" } else { "s" };
        let verb_note = if issues.len() == 1 {
            what.to_owned()
        } else {
            what.replacen("is ", "are ", 1).replacen("has ", "have ", 1).replacen("needs", "need", 1)
        };
        let message = format!("`{tool}` did not run: argument{plural} {} {verb_note}.", paths.join(", "));
        let fixes: Vec<String> = issues.iter().map(|i| format!("`{}` {}", i.path, i.fix)).collect();
        let hint = format!("Call `{tool}` again with {}.", fixes.join(", and "));
        Self { code, message, hint, issues }
    }
}

/// What telemetry may keep of a rejected call: never the payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Telemetry {
    /// The tool's name.
    pub tool: String,
    /// The issue codes, in order.
    pub codes: Vec<AskCode>,
    /// The issue paths, in order.
    pub paths: Vec<String>,
}

impl Telemetry {
    pub(crate) fn new(tool: &str, issues: &[Issue]) -> Self {
        Self {
            tool: tool.to_owned(),
            codes: issues.iter().map(|i| i.code).collect(),
            paths: issues.iter().map(|i| i.path.clone()).collect(),
        }
    }
}
