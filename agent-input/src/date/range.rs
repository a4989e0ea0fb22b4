//! The date range kind and range bounds read in pairs: `{"from", "to"}`, `[from, to]`, an ISO
//! interval, "… to …", or one span (`"2020"`, `"únor 2020"`) that is both bounds.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::{read_prepared, DateOptions, DateRole, TYPE_WORDS};
use crate::absent;
use crate::hint::At;
use crate::input::Input;
use crate::limits::MAX_SCALAR_CHARS;
use crate::outcome::{Ask, Outcome, Status};
use crate::spelling;

/// Options of the date range kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DateRangeOptions {
    /// Today's date, which relative words resolve against.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub today: Option<NaiveDate>,
}

/// A range of days; either bound may be open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateRange {
    /// The first day, or `None` for no lower bound.
    pub from: Option<NaiveDate>,
    /// The last day, or `None` for no upper bound.
    pub to: Option<NaiveDate>,
}

/// Reads a date-range bound pair: `from` with role from, `to` with role to.
///
/// # Outcome
/// - ok: the range (a bound is `None` when it is open or absent); the notes of both bounds are
///   kept, with the path `from` or `to`;
/// - absent: both bounds are absent;
/// - ask: a bound asks, or `from` is after `to` (`range_reversed`, naming both).
///
/// # Example
/// ```
/// use agent_input::date::{self, DateRangeOptions};
/// let out = date::read_range("2020".into(), "únor 2020".into(), &DateRangeOptions::default());
/// let range = out.value().unwrap();
/// assert_eq!(range.from.map(|d| d.to_string()).as_deref(), Some("2020-01-01"));
/// assert_eq!(range.to.map(|d| d.to_string()).as_deref(), Some("2020-02-29"));
/// ```
pub fn read_range(from: Input<'_>, to: Input<'_>, options: &DateRangeOptions) -> Outcome<DateRange> {
    let from_opts = DateOptions { role: DateRole::From, today: options.today };
    let to_opts = DateOptions { role: DateRole::To, today: options.today };
    let a = read_prepared(from, &from_opts);
    let b = read_prepared(to, &to_opts);
    combine(a, b, None)
}

/// Combines two bound outcomes. `whole` is the input both came from, when there was one.
fn combine(a: Outcome<NaiveDate>, b: Outcome<NaiveDate>, whole: Option<&Input<'_>>) -> Outcome<DateRange> {
    let mut notes = Vec::new();
    let mut warnings = Vec::new();
    for (path, out) in [("from", &a), ("to", &b)] {
        notes.extend(out.notes.iter().cloned().map(|mut n| {
            n.path = Some(path.to_owned());
            n
        }));
        warnings.extend(out.warnings.iter().cloned());
    }
    for (part, out) in [("from", &a), ("to", &b)] {
        if let Status::Ask { ask } = &out.status {
            let mut ask = ask.as_ref().clone().within(part);
            if let Some(whole) = whole {
                (ask.received, ask.cut_from) = whole.received();
            }
            return Outcome { status: Status::Ask { ask: Box::new(ask) }, notes, warnings };
        }
    }
    let (from, to) = (a.value().copied(), b.value().copied());
    if let (Some(f), Some(t)) = (from, to) {
        if f > t {
            let (f, t) = (f.to_string(), t.to_string());
            let received = whole.map_or_else(|| json!({"from": f, "to": t}), |w| w.received().0);
            let ask = Ask::range_reversed(
                received,
                ("from", At::Part("from".to_owned())),
                ("to", At::Part("to".to_owned())),
                (&f, &t),
            );
            return Outcome { status: Status::Ask { ask: Box::new(ask) }, notes, warnings };
        }
    }
    let status =
        if from.is_none() && to.is_none() { Status::Absent } else { Status::Ok { value: DateRange { from, to } } };
    Outcome { status, notes, warnings }
}

/// Separators between the two bounds of a range written as one string.
const RANGE_SEPARATORS: &[&str] =
    &[" to ", " - ", " \u{2013} ", " \u{2014} ", "..", " až ", " bis ", " until ", " au ", " al "];

/// Reads a whole range: `{"from": …, "to": …}`, `[from, to]`, `"2026-01-01/2026-06-30"`,
/// `"2026-01-01 to 2026-06-30"`, or one span (`"2020"`, `"únor 2020"`, `"2026-Q3"`) that is
/// both bounds.
pub(crate) fn read_range_prepared(input: Input<'_>, options: &DateRangeOptions) -> Outcome<DateRange> {
    let from_opts = DateOptions { role: DateRole::From, today: options.today };
    let to_opts = DateOptions { role: DateRole::To, today: options.today };
    match input {
        Input::Object(map) if map.keys().all(|k| k == "from" || k == "to") => {
            let a = read_prepared(Input::from(map.get("from")), &from_opts);
            let b = read_prepared(Input::from(map.get("to")), &to_opts);
            combine(a, b, Some(&input))
        }
        Input::Array([f, t]) => {
            combine(read_prepared(Input::from(f), &from_opts), read_prepared(Input::from(t), &to_opts), Some(&input))
        }
        Input::Number(_) => combine(read_prepared(input, &from_opts), read_prepared(input, &to_opts), Some(&input)),
        Input::String(s) => {
            if spelling::longer_than(s, 2 * MAX_SCALAR_CHARS) {
                return Outcome::ask(Ask::too_long(&input, 2 * MAX_SCALAR_CHARS));
            }
            if let Some(reason) = absent::check(&input, TYPE_WORDS) {
                return absent::outcome(&input, reason);
            }
            let trimmed = spelling::trim(s);
            let split =
                RANGE_SEPARATORS.iter().find_map(|sep| trimmed.split_once(sep)).or_else(|| iso_interval(trimmed));
            match split {
                Some((f, t)) => combine(
                    read_prepared(Input::String(f), &from_opts),
                    read_prepared(Input::String(t), &to_opts),
                    Some(&input),
                ),
                None => combine(read_prepared(input, &from_opts), read_prepared(input, &to_opts), Some(&input)),
            }
        }
        Input::Missing | Input::Null => {
            absent::check(&input, &[]).map_or_else(Outcome::absent, |r| absent::outcome(&input, r))
        }
        _ => Outcome::ask(Ask::unexpected_type(
            &input,
            "a range as {\"from\": …, \"to\": …}",
            "set to {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"}",
        )),
    }
}

/// `A/B` where both sides start with a four-digit year (ISO 8601 interval).
fn iso_interval(s: &str) -> Option<(&str, &str)> {
    let (a, b) = s.split_once('/')?;
    let year_first = |x: &str| x.len() >= 4 && x.bytes().take(4).all(|c| c.is_ascii_digit()) && !x.contains('/');
    (year_first(a) && year_first(b)).then_some((a, b))
}
