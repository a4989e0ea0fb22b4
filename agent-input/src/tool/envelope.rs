//! The error envelope `{code, message, hint, issues[]}`, its closed codes, and telemetry.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::codes::{AskCode, EnvelopeCode};
use crate::hint::{self, Fix};
use crate::input::Input;
use crate::limits::MAX_ISSUES;
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
    /// The length in bytes of a `received` that was cut to its first bytes.
    #[serde(skip)]
    pub(crate) cut_from: Option<usize>,
}

impl Issue {
    /// An issue at `path`, its hint rendered for a property of `tool`.
    pub(crate) fn new(
        tool: &str,
        path: &str,
        (code, received): (AskCode, &Input<'_>),
        expected: String,
        fix: Fix,
        entry: bool,
    ) -> Self {
        let (received, cut_from) = received.received();
        Self {
            path: path.to_owned(),
            code,
            received,
            expected,
            hint: hint::property(tool, path, &fix),
            readings: Vec::new(),
            entry,
            fix,
            cut_from,
        }
    }

    /// An issue from a kind's ask at `path`.
    pub(crate) fn from_ask(tool: &str, path: &str, ask: Ask, entry: bool) -> Self {
        // The ask's outcome already carries the note of a cut `received`.
        let Ask { code, received, expected, readings, fix, .. } = ask;
        let hint = hint::property(tool, path, &fix);
        Self { path: path.to_owned(), code, received, expected, hint, readings, entry, fix, cut_from: None }
    }

    /// A required argument that is absent.
    pub(crate) fn missing(tool: &str, path: &str, received: &Input<'_>, expected: &str) -> Self {
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
    /// When to call again, in seconds (`rate_limited`, `upstream_unavailable`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<u64>,
    /// How many calls are left in the rate limit's window (`rate_limited`), when the server says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining_calls: Option<u64>,
    /// Every scope the tool needs that the caller's token does not grant (`insufficient_scope`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required_scopes: Option<Vec<String>>,
}

impl Envelope {
    pub(crate) fn new(tool: &str, issues: Vec<Issue>, all_or_nothing: bool) -> Self {
        // The last issue may count those not listed (limits::MAX_ISSUES); it names no argument.
        let listed: Vec<&Issue> = issues.iter().filter(|i| i.code != AskCode::IssuesTruncated).collect();
        let more = issues.len() - listed.len();
        let confirm = |c: AskCode| {
            matches!(
                c,
                AskCode::ConfirmTokenMissing
                    | AskCode::ConfirmTokenNotIssued
                    | AskCode::ConfirmTokenExpired
                    | AskCode::ConfirmTokenOtherArguments
            )
        };
        let code = if !listed.is_empty() && listed.iter().all(|i| confirm(i.code)) {
            EnvelopeCode::ConfirmationRequired
        } else if !listed.is_empty() && listed.iter().all(|i| i.code == AskCode::IdempotencyKeyInFlight) {
            EnvelopeCode::CallInProgress
        } else if listed.iter().all(|i| i.code == AskCode::MissingRequired) {
            EnvelopeCode::MissingArguments
        } else if listed.iter().all(|i| !i.readings.is_empty()) {
            EnvelopeCode::AmbiguousArguments
        } else if all_or_nothing && listed.iter().all(|i| i.entry) {
            EnvelopeCode::InvalidEntries
        } else {
            EnvelopeCode::InvalidArguments
        };
        let (one, many) = match code {
            EnvelopeCode::MissingArguments => ("is missing", "are missing"),
            EnvelopeCode::AmbiguousArguments => ("has two or more meanings", "have two or more meanings"),
            EnvelopeCode::InvalidEntries => (
                "cannot be read, and the tool applies all entries or none",
                "cannot be read, and the tool applies all entries or none",
            ),
            EnvelopeCode::ConfirmationRequired => ("needs a confirmation", "need a confirmation"),
            _ => ("needs a fix", "need a fix"),
        };
        let paths: Vec<String> = listed.iter().map(|i| format!("`{}`", i.path)).collect();
        let also = if more > 0 { ", and more not listed," } else { "" };
        let message = match listed.as_slice() {
            _ if code == EnvelopeCode::ConfirmationRequired => format!(
                "`{tool}` did not run: the change needs the `confirm_token` of a preview of these same arguments."
            ),
            _ if code == EnvelopeCode::CallInProgress => format!(
                "`{tool}` did not run again: a call with the same idempotency key and arguments is still running."
            ),
            // The arguments as a whole (not an object): there is no argument to name.
            [only] if only.path.is_empty() => format!("`{tool}` did not run: the arguments {many}."),
            [_] if more == 0 => format!("`{tool}` did not run: argument {} {one}.", paths.join(", ")),
            _ => format!("`{tool}` did not run: arguments {}{also} {many}.", paths.join(", ")),
        };
        let hint = hint::envelope(tool, listed.iter().map(|i| (i.path.as_str(), &i.fix)));
        Self { code, message, hint, issues, retry_after_seconds: None, remaining_calls: None, required_scopes: None }
    }

    /// The envelope of a call refused by the server's rate limit: call again after
    /// `retry_after_seconds`; `remaining_calls` left in the window when the server knows.
    pub fn rate_limited(tool: &str, retry_after_seconds: u64, remaining_calls: Option<u64>) -> Self {
        let left = match remaining_calls {
            Some(1) => "; 1 call is left in this window".to_owned(),
            Some(n) => format!("; {n} calls are left in this window"),
            None => String::new(),
        };
        Self {
            code: EnvelopeCode::RateLimited,
            message: format!(
                "`{tool}` did not run: the server's rate limit for it was reached; retry after {}{left}.",
                seconds(retry_after_seconds)
            ),
            hint: format!(
                "Call `{tool}` again with the same arguments after {}; a call sooner is refused again.",
                seconds(retry_after_seconds)
            ),
            issues: Vec::new(),
            retry_after_seconds: Some(retry_after_seconds),
            remaining_calls,
            required_scopes: None,
        }
    }

    /// The envelope of a call of a tool the caller's token does not reach ([`super::scopes`]):
    /// nothing ran; every missing scope is named at once, and a read-only token is told so.
    pub fn insufficient_scope(tool: &str, out: &super::scopes::OutOfScope) -> Self {
        let names: Vec<String> = out.missing.iter().map(|s| format!("`{s}`")).collect();
        let scopes = match names.as_slice() {
            [] => String::new(),
            [one] => format!("the scope {one}"),
            [rest @ .., last] => format!("the scopes {} and {last}", rest.join(", ")),
        };
        let why = match (out.read_only, scopes.is_empty()) {
            (true, true) => "it may change data, and the caller's token grants read-only scopes only".to_owned(),
            (true, false) => {
                format!("it needs {scopes}, and may change data, where the caller's token grants read-only scopes only")
            }
            _ => format!("it needs {scopes}, which the caller's token does not grant"),
        };
        let grant = if scopes.is_empty() { "a scope that allows changes".to_owned() } else { scopes };
        Self {
            code: EnvelopeCode::InsufficientScope,
            message: format!("`{tool}` did not run: {why}."),
            hint: format!(
                "Ask the user to authorize {grant} (a new token), then call `{tool}` again with the same arguments; the tools this token can call are the ones tools/list returns."
            ),
            issues: Vec::new(),
            retry_after_seconds: None,
            remaining_calls: None,
            required_scopes: Some(out.missing.clone()),
        }
    }

    /// The envelope of a call of a tool past its removal date (`deprecated`): nothing ran; the
    /// hint names the replacement, when the deprecation names one.
    pub fn tool_retired(tool: &str, deprecation: &super::Deprecation) -> Self {
        let when = deprecation.removal.map(|d| format!(" on {d}")).unwrap_or_default();
        let hint = match &deprecation.replacement {
            Some(r) => format!(
                "Call `{r}` instead, with this call's arguments where `{r}`'s input schema takes them; `{tool}` is no longer served."
            ),
            None => format!("`{tool}` is no longer served and names no replacement; list the tools and choose another."),
        };
        Self {
            code: EnvelopeCode::ToolRetired,
            message: format!("`{tool}` did not run: it was deprecated and removed{when}."),
            hint,
            issues: Vec::new(),
            retry_after_seconds: None,
            remaining_calls: None,
            required_scopes: None,
        }
    }

    /// The envelope of a call whose `upstream` (a service the tool depends on, named for the
    /// model) did not answer: nothing was applied; the same call may be retried, after
    /// `retry_after_seconds` when given, with the same idempotency key (`key`: the tool's
    /// idempotency key property).
    pub fn upstream_unavailable(
        tool: &str,
        upstream: Option<&str>,
        retry_after_seconds: Option<u64>,
        key: Option<&str>,
    ) -> Self {
        let who =
            upstream.map_or_else(|| "a service it depends on".to_owned(), |u| format!("{u}, which it depends on,"));
        let after = retry_after_seconds.map(|s| format!(" after {}", seconds(s))).unwrap_or_default();
        let same_key =
            key.map(|k| format!(" and the same `{k}`, so that the change is applied once")).unwrap_or_default();
        Self {
            code: EnvelopeCode::UpstreamUnavailable,
            message: format!("`{tool}` did not run: {who} did not answer; nothing was applied."),
            hint: format!("Call `{tool}` again{after} with the same arguments{same_key}."),
            issues: Vec::new(),
            retry_after_seconds,
            remaining_calls: None,
            required_scopes: None,
        }
    }
}

/// `30 seconds`, `1 second`, `2 minutes`.
fn seconds(n: u64) -> String {
    match n {
        1 => "1 second".to_owned(),
        60 => "1 minute".to_owned(),
        n if n >= 120 && n % 60 == 0 => format!("{} minutes", n / 60),
        n => format!("{n} seconds"),
    }
}

impl Issue {
    /// The last issue of a call with more than [`MAX_ISSUES`]: it counts the `rest`, the
    /// first of which is at `first`.
    pub(crate) fn more(tool: &str, rest: usize, first: &str, entry: bool) -> Self {
        Self {
            path: first.to_owned(),
            code: AskCode::IssuesTruncated,
            received: Value::Null,
            expected: format!("at most {MAX_ISSUES} issues are listed; {rest} more were found, from `{first}` on"),
            hint: hint::more(tool, rest),
            readings: Vec::new(),
            entry,
            fix: Fix::default(),
            cut_from: None,
        }
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
