//! The error envelope `{code, message, hint, issues[]}`, its closed codes, and telemetry.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::codes::{AskCode, EnvelopeCode};
use crate::hint::{self, Fix};
use crate::outcome::{Ask, Reading};

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
    /// The corrective part of the hint, as data.
    #[serde(skip)]
    pub(crate) fix: Fix,
}

impl Issue {
    /// An issue at `path`, its hint rendered for a property of `tool`.
    pub(crate) fn new(
        tool: &str,
        path: &str,
        (code, received): (AskCode, Value),
        expected: String,
        fix: Fix,
        entry: bool,
    ) -> Self {
        Self {
            path: path.to_owned(),
            code,
            received,
            expected,
            hint: hint::property(tool, path, &fix),
            readings: Vec::new(),
            entry,
            fix,
        }
    }

    /// An issue from a kind's ask at `path`.
    pub(crate) fn from_ask(tool: &str, path: &str, ask: Ask, entry: bool) -> Self {
        let Ask { code, received, expected, readings, fix, .. } = ask;
        Self { readings, ..Self::new(tool, path, (code, received), expected, fix, entry) }
    }

    /// A required argument that is absent.
    pub(crate) fn missing(tool: &str, path: &str, received: Value, expected: &str) -> Self {
        let required = format!("a value: `{path}` is required");
        Self::new(
            tool,
            path,
            (AskCode::MissingRequired, received),
            required,
            Fix::set(format!("set to {expected}")),
            false,
        )
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
        let message = match issues.as_slice() {
            // The arguments as a whole (not an object): there is no argument to name.
            [only] if only.path.is_empty() => {
                let plural_what =
                    what.replacen("is ", "are ", 1).replacen("has ", "have ", 1).replacen("needs", "need", 1);
                format!("`{tool}` did not run: the arguments {plural_what}.")
            }
            _ => format!("`{tool}` did not run: argument{plural} {} {verb_note}.", paths.join(", ")),
        };
        let hint = hint::envelope(tool, issues.iter().map(|i| (i.path.as_str(), &i.fix)));
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
