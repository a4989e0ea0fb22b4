//! Reads nothing itself: the date range value (`{"from": "2026-01-01", "to": "2026-06-30"}`),
//! its options, how two bounds' outcomes combine into one (notes kept with their path, a
//! bound's ask about the whole range, `range_reversed`), and the ask naming several ranges
//! (`last week`: weeks from Monday and from Sunday).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::codes::AskCode;
use crate::hint::At;
use crate::input::Input;
use crate::outcome::{Ask, Outcome, Reading, Status};

use super::written::{iso_text, words};

/// Options of the date range kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DateRangeOptions {
    /// Today's date, which relative words resolve against: a date from 0002-01-01 to
    /// 9998-12-31 (the years this reader writes).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::options::today_option")]
    pub today: Option<NaiveDate>,
    /// The languages the callers write (BCP 47 tags, `["cs"]`), as the date kind takes them: a
    /// month or weekday name two languages give different meanings (`listopad`) reads as these
    /// give it, with a note. At most `limits::MAX_LANGUAGES` (32), each a language CLDR knows.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::spelling::languages::languages_option"
    )]
    pub languages: Vec<String>,
}

/// A range of days; either bound may be open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DateRange {
    /// The first day, or `None` for no lower bound.
    pub from: Option<NaiveDate>,
    /// The last day, or `None` for no upper bound.
    pub to: Option<NaiveDate>,
}

/// Combines two bound outcomes. `whole` is the input both came from, when there was one.
pub(super) fn combine(a: Outcome<NaiveDate>, b: Outcome<NaiveDate>, whole: Option<&Input<'_>>) -> Outcome<DateRange> {
    let mut notes = Vec::new();
    let mut warnings = Vec::new();
    for (path, out) in [("from", &a), ("to", &b)] {
        notes.extend(out.notes.iter().cloned().map(|mut n| {
            n.path = Some(path.to_owned());
            n
        }));
        warnings.extend(out.warnings.iter().cloned());
    }
    for (part, out, other) in [("from", &a, &b), ("to", &b, &a)] {
        if let Status::Ask { ask } = &out.status {
            let mut ask = ask.as_ref().clone().within(part);
            ask.readings = whole_readings(part, ask.code, std::mem::take(&mut ask.readings), other);
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

/// A bound's readings as readings of the whole range: the bound `part` set to each, the other
/// bound as it read (left out when open). When the other bound asks too, with the same
/// readings, both bounds were read from one text (`S1 2026`, a month of two eras): each
/// reading is a spelling of the whole range. When it asks otherwise (two dates, each of two
/// orders), no one value reads, and the hint says what to send.
fn whole_readings(part: &str, code: AskCode, readings: Vec<Reading>, other: &Outcome<NaiveDate>) -> Vec<Reading> {
    let other_bound = match &other.status {
        Status::Ok { value } => Some(Value::String(value.to_string())),
        Status::Absent => None,
        Status::Ask { ask } => {
            let same = ask.readings.len() == readings.len()
                && ask.readings.iter().zip(&readings).all(|(a, b)| a.value == b.value);
            let yearless = code == AskCode::IncompleteDate && ask.code == AskCode::IncompleteDate;
            return match (same, yearless) {
                (true, _) => readings,
                (false, true) => paired(part, &readings, &ask.readings),
                (false, false) => Vec::new(),
            };
        }
    };
    let other_part = if part == "from" { "to" } else { "from" };
    readings
        .into_iter()
        .map(|r| {
            let mut range = serde_json::Map::new();
            range.insert(part.to_owned(), r.value);
            if let Some(bound) = &other_bound {
                range.insert(other_part.to_owned(), bound.clone());
            }
            Reading { value: Value::Object(range), meaning: format!("`{part}`: {}", r.meaning) }
        })
        .collect()
}

/// Two bounds that each name two days (`Aug 8 - Aug 12` of no year: the last and the next of
/// each): each start named with the first end named on or after it, less than a year later, as
/// the ranges they read. Empty when a bound names other readings or `part` is not the start.
fn paired(part: &str, starts: &[Reading], ends: &[Reading]) -> Vec<Reading> {
    let day = |r: &Reading| r.value.as_str().and_then(|s| s.parse::<NaiveDate>().ok());
    let (Some(starts), Some(ends)) =
        (starts.iter().map(day).collect::<Option<Vec<_>>>(), ends.iter().map(day).collect::<Option<Vec<_>>>())
    else {
        return Vec::new();
    };
    // Two days each, the last and the next of one day of the year: more are readings of other
    // orders of day and month, which one start and one end must share.
    if part != "from" || starts.len() != 2 || ends.len() != 2 {
        return Vec::new();
    }
    let mut out: Vec<Reading> = Vec::new();
    for from in starts {
        let to = ends.iter().filter(|t| **t >= from && (**t - from).num_days() < 366).min();
        if let Some(to) = to {
            let (_, _, reading) = range_reading(from, *to, "the days of the year each names".to_owned());
            if !out.iter().any(|r| r.value == reading.value) {
                out.push(reading);
            }
        }
    }
    out
}

/// One reading: a range and what it means.
pub(super) fn range_reading(from: NaiveDate, to: NaiveDate, meaning: String) -> (NaiveDate, NaiveDate, Reading) {
    let value = json!({"from": iso_text(from), "to": iso_text(to)});
    (from, to, Reading { value, meaning: format!("{} to {}: {meaning}", words(from), words(to)) })
}

/// The ask naming every reading; the hint names each range to send.
pub(super) fn ambiguous_ranges(
    input: &Input<'_>,
    readings: Vec<(NaiveDate, NaiveDate, Reading)>,
) -> Outcome<DateRange> {
    let expected = "a range with one reading, as {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"}";
    ranges_ask(input, AskCode::AmbiguousDate, expected.to_owned(), readings)
}

/// The ask of `code` naming every reading; the hint names each range to send.
pub(super) fn ranges_ask(
    input: &Input<'_>,
    code: AskCode,
    expected: String,
    readings: Vec<(NaiveDate, NaiveDate, Reading)>,
) -> Outcome<DateRange> {
    let options: Vec<String> = readings
        .iter()
        .map(|(f, t, _)| format!("{{\"from\": \"{}\", \"to\": \"{}\"}}", iso_text(*f), iso_text(*t)))
        .collect();
    let ask = Ask::new(code, input, expected, format!("set to {}", options.join(" or ")))
        .with_readings(readings.into_iter().map(|(_, _, r)| r).collect());
    Outcome::ask(ask)
}
