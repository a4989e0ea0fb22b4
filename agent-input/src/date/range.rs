//! The date range kind and range bounds read in pairs: `{"from", "to"}`, `[from, to]`, an ISO
//! interval, "… to …", or one span (`"2020"`, `"únor 2020"`) that is both bounds.
//!
//! A range written as one string may also be written with words (`from … until …`, `between
//! … and …`, `od … do …`, `vom … bis …`, `du … au …`, `… through …`, `… → …`; one bound:
//! `since 2020`, `until 2026-06-30`, `no later than …`, `2020 onwards`, `2026-01-01 and
//! later`, `2020 and earlier`, `until the end of 2026`, `before 2026` and `prior to 2026` (end
//! 2025-12-31), `after 2026-01-01` (starts 2026-01-02)), with two days joined by a hyphen
//! beside a month's name (`1-5 October 2026`, `October 1-5, 2026`), or as
//! CLDR's interval formats write it, each bound leaving out what the other says (`Jan 1 – 31,
//! 2026`, `1–31 January 2026`, `1.–31.1.2026`, `2026 Nov 23 – Dec 5`, `January–March 2026`,
//! `2020-2022`, `2020–22` (not `2020–12`, which is also December 2020), `Jan-Mar 2026`). A period after a word for "in" or
//! "during" is that period (`in October 2026`, `during 2025`, `v říjnu 2026`, `w październiku
//! 2026`, `в октябре 2026`: a Slavic month's locative is read as the month). Both bounds share one order of day and month:
//! `23/11/2026 – 5/12/2026` reads the second day first, as the first proves
//! (`date_order_inferred`).
//!
//! An ISO 8601 interval may leave one end open (`2026-01-01/..`, `../2026-03-31`, or empty:
//! `2026-01-01/`, `/2026-03-31`): that bound is absent (`open_bound_read_as_absent`). An
//! object with keys other than `from` and `to` asks (`unexpected_type`).
//!
//! With the `today` option, a text no date reads may name a range around today
//! ([`recent`](super::recent)): a period so far (`year to date`) reads; `last week` and `last 30
//! days` ask, naming each range they mean to someone; a month or quarter of no year (`October`,
//! `říjen`, `Q3`) asks `incomplete_date`, naming it in the last year it began on or before today
//! and the year after (without `today`, naming none).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use super::grammar::unspaced_script;
use super::{after_word, read_prepared, recent, DateOptions, DateRole, TYPE_WORDS};
use crate::absent;
use crate::codes::{AskCode, NoteCode};
use crate::data::dates::INTERVAL_JOINERS;
use crate::hint::At;
use crate::input::{quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::outcome::{Ask, Note, Outcome, Reading, Status};
use crate::spelling;

/// Options of the date range kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DateRangeOptions {
    /// Today's date, which relative words resolve against: a date from 0002-01-01 to
    /// 9998-12-31 (the years this reader writes).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "super::today_option")]
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
    let from_opts = DateOptions { role: DateRole::From, today: options.today, part: true };
    let to_opts = DateOptions { role: DateRole::To, today: options.today, part: true };
    let a = read_prepared(from, &from_opts);
    let b = read_prepared(to, &to_opts);
    combine(a, b, None)
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
            ask.readings = whole_readings(part, std::mem::take(&mut ask.readings), other);
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
fn whole_readings(part: &str, readings: Vec<Reading>, other: &Outcome<NaiveDate>) -> Vec<Reading> {
    let other_bound = match &other.status {
        Status::Ok { value } => Some(Value::String(value.to_string())),
        Status::Absent => None,
        Status::Ask { ask } => {
            let same = ask.readings.len() == readings.len()
                && ask.readings.iter().zip(&readings).all(|(a, b)| a.value == b.value);
            return if same { readings } else { Vec::new() };
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

/// [`combine`] of the bounds `a` and `b` read from `f` and `t`. When they are reversed and name
/// periods (`Oct 2026 – Sep 2026`, `2027 - 2026`), the swapped reading is each period read in
/// the other's role (2026-09-01 to 2026-10-31), not the two days read (2026-09-30 to
/// 2026-10-01).
fn combine_read(
    (a, b): (Outcome<NaiveDate>, Outcome<NaiveDate>),
    (f, t): (Input<'_>, Input<'_>),
    whole: &Input<'_>,
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Outcome<DateRange> {
    let read = (a.value().copied(), b.value().copied());
    let out = combine(a, b, Some(whole));
    let (Status::Ask { ask }, (Some(read_f), Some(read_t))) = (&out.status, read) else { return out };
    if ask.code != AskCode::RangeReversed {
        return out;
    }
    let (swapped_a, swapped_b) = (read_prepared(t, from_opts), read_prepared(f, to_opts));
    let (Some(&from), Some(&to)) = (swapped_a.value(), swapped_b.value()) else { return out };
    if (from, to) == (read_t, read_f) || from > to {
        return out;
    }
    let ask = Ask::range_reversed_as(
        ask.received.clone(),
        ("from", At::Part("from".to_owned())),
        ("to", At::Part("to".to_owned())),
        (&read_f.to_string(), &read_t.to_string()),
        (&from.to_string(), &to.to_string()),
    );
    Outcome { status: Status::Ask { ask: Box::new(ask) }, notes: out.notes, warnings: out.warnings }
}

/// Separators between the two bounds of a range written as one string.
const RANGE_SEPARATORS: &[&str] = &[
    " to ",
    " - ",
    " \u{2013} ",
    " \u{2014} ",
    "..",
    " až ",
    " bis ",
    " until ",
    " through ",
    " thru ",
    " till ",
    " \u{2192} ",
    " -> ",
    " au ",
    " al ",
];

/// Reads a whole range: `{"from": …, "to": …}`, `[from, to]`, `"2026-01-01/2026-06-30"`,
/// `"2026-01-01 to 2026-06-30"`, or one span (`"2020"`, `"únor 2020"`, `"2026-Q3"`) that is
/// both bounds.
pub(crate) fn read_range_prepared(input: Input<'_>, options: &DateRangeOptions) -> Outcome<DateRange> {
    read_range_parts(input, options)
}

/// [`read_range_prepared`], its bounds read as parts of the range (`part` in their options).
fn read_range_parts(input: Input<'_>, options: &DateRangeOptions) -> Outcome<DateRange> {
    let from_opts = DateOptions { role: DateRole::From, today: options.today, part: true };
    let to_opts = DateOptions { role: DateRole::To, today: options.today, part: true };
    match input {
        Input::Object(map) if map.keys().all(|k| k == "from" || k == "to") => {
            let (f, t) = (Input::from(map.get("from")), Input::from(map.get("to")));
            let read = (read_prepared(f, &from_opts), read_prepared(t, &to_opts));
            combine_read(read, (f, t), &input, (&from_opts, &to_opts))
        }
        Input::Array([f, t]) => {
            let (f, t) = (Input::from(f), Input::from(t));
            let read = (read_prepared(f, &from_opts), read_prepared(t, &to_opts));
            combine_read(read, (f, t), &input, (&from_opts, &to_opts))
        }
        Input::Number(_) => combine(read_prepared(input, &from_opts), read_prepared(input, &to_opts), Some(&input)),
        Input::String(s) => {
            let out = read_range_text(s, options);
            match out.as_ask().map(|a| a.code) {
                Some(AskCode::NotADate) => during(s, options).unwrap_or(out),
                _ => out,
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

/// Words for "in" or "during" before a period (`in October 2026`, `during 2025`, `v říjnu
/// 2026`, `im Oktober 2026`, `en octobre 2026`, `w październiku 2026`, `в октябре 2026`), by
/// language (English, Czech, Slovak, Polish, German, French, Spanish, Italian, Portuguese,
/// Russian, Ukrainian, Croatian, Serbian, Dutch): grammar, like [`OPENERS`]. The longer phrase
/// first. Latin `u` (Croatian, Serbian) is left out: `u listopadu` is October in Croatian, and
/// `listopadu` November in Czech.
const DURING: &[&str] = &[
    "in the course of",
    "in",
    "during",
    "throughout",
    "within",
    "for",
    "v průběhu",
    "během",
    "v",
    "ve",
    "za",
    "počas",
    "vo",
    "podczas",
    "w",
    "we",
    "im",
    "während",
    "innerhalb",
    "au cours de",
    "pendant",
    "durant",
    "en",
    "a lo largo de",
    "durante",
    "nel corso del",
    "nel",
    "ao longo de",
    "em",
    "в течение",
    "в",
    "во",
    "у",
    "протягом",
    "tijekom",
    "tokom",
    "tijdens",
    "gedurende",
];

/// A period after a word for "in" or "during" ([`DURING`]): read as the period is, when it
/// reads or asks for more than `not_a_date` (`in October` asks which year); `None` otherwise,
/// so a count after the word (`in 3 days`, read before this) keeps its own reading.
#[cold]
fn during(text: &str, options: &DateRangeOptions) -> Option<Outcome<DateRange>> {
    let rest = after_word(spelling::trim(text), DURING)?;
    let mut out = read_range_text(rest, options);
    if let Status::Ask { ask } = &mut out.status {
        if ask.code == AskCode::NotADate {
            return None;
        }
        // The ask quotes what was sent, the word too.
        (ask.received, ask.cut_from) = Input::String(text).received();
    }
    Some(out)
}

/// [`read_range_parts`] of a text.
fn read_range_text(s: &str, options: &DateRangeOptions) -> Outcome<DateRange> {
    let input = Input::String(s);
    let from_opts = DateOptions { role: DateRole::From, today: options.today, part: true };
    let to_opts = DateOptions { role: DateRole::To, today: options.today, part: true };
    if spelling::longer_than(s, 2 * MAX_SCALAR_CHARS) {
        return Outcome::ask(Ask::too_long(&input, 2 * MAX_SCALAR_CHARS));
    }
    if let Some(reason) = absent::check(&input, TYPE_WORDS) {
        return absent::outcome(&input, reason);
    }
    // Unicode digits as ASCII first (`٢٣–٢٥ تشرين الثاني ٢٠٢٦`): the splits and completions
    // below find a bound's fields by its digits.
    let mapped = super::ascii_digits(spelling::trim(s), false);
    let trimmed: &str = without_plural_years(&mapped);
    // `last week`, `last 30 days`, `year to date`, `od začátku roku`: read around today
    // when no date is.
    let or_recent = |out: Outcome<DateRange>| match out.as_ask().map(|a| a.code) {
        Some(AskCode::NotADate | AskCode::IncompleteDate) => {
            recent::read(&input, trimmed, options.today).unwrap_or(out)
        }
        _ => out,
    };
    if let Some(out) = worded(&input, trimmed, (&from_opts, &to_opts)) {
        return or_recent(out);
    }
    if let Some(out) = glued_words(&input, trimmed, (&from_opts, &to_opts)) {
        return or_recent(out);
    }
    if let Some(out) = open_interval(&input, trimmed, (&from_opts, &to_opts)) {
        return out;
    }
    if let Some((start, end, written)) = abbreviated_end(trimmed) {
        let out = pair(&input, (start, &end), (&from_opts, &to_opts));
        let read = out.value().is_some();
        return or_recent(if read { out.note(completed_end_note(written, &end)) } else { out });
    }
    let whole = || or_recent(combine(read_prepared(input, &from_opts), read_prepared(input, &to_opts), Some(&input)));
    match split_range(trimmed) {
        Some((f, t)) => or_recent(pair(&input, (f.trim(), t.trim()), (&from_opts, &to_opts))),
        // `Jan-Mar 2026`: a hyphen between two words, when both bounds read.
        None => match letter_dash(trimmed)
            .or_else(|| day_dash(trimmed))
            .map(|(f, t)| pair(&input, (f, t), (&from_opts, &to_opts)))
        {
            Some(out) if out.value().is_some() => out,
            _ => {
                let out = whole();
                match out.as_ask().map(|a| a.code) {
                    Some(AskCode::NotADate) => hyphen_joined(&input, trimmed, (&from_opts, &to_opts)).unwrap_or(out),
                    _ => out,
                }
            }
        },
    }
}

/// Abbreviations of "years" after a range of them, as Russian, Ukrainian and Belarusian write
/// it (`2026–2027 гг.`, `23 листопада 2026 – 5 січня 2027 рр.`): grammar, like [`OPENERS`].
const PLURAL_YEARS: &[&str] = &["гг.", "гг", "рр.", "рр"];

/// `text` without a [`PLURAL_YEARS`] word after its last digit.
fn without_plural_years(text: &str) -> &str {
    PLURAL_YEARS
        .iter()
        .find_map(|w| {
            let head = text.strip_suffix(w)?;
            head.trim_end().ends_with(|c: char| c.is_ascii_digit()).then(|| head.trim_end())
        })
        .unwrap_or(text)
}

/// Words for "now" as a range's last bound (`2026-10-01 to present`, `od 1. 10. 2026 do
/// dneška`, `seit 2020 bis heute`): grammar, like [`OPENERS`]; read as `today`, so they need
/// the `today` option as it does. Lower case.
const PRESENT: &[&str] = &[
    "present",
    "the present",
    "date",
    "the present day",
    "current",
    "dneška",
    "dnešku",
    "současnosti",
    "teď",
    "heute",
    "jetzt",
    "aujourd'hui",
    "hoy",
    "oggi",
    "hoje",
    "dzisiaj",
    "dziś",
    "teraz",
];

/// Most places a text is split at: a bound on the reading work of a text no date reads.
const MAX_HYPHEN_SPLITS: usize = 8;

/// Two dates joined by a hyphen or a dash without spaces (`01.10.2026-31.10.2026`,
/// `2026-10-01-2026-10-31`, `20261001-20261031`, `01.10.-31.10.2026`, `2026-10-01—2026-10-31`),
/// for a text no date reads as a whole: the first hyphen (of the first [`MAX_HYPHEN_SPLITS`])
/// at which both sides read as one range; else the first at which they ask for a choice
/// between readings (`01/02/2026-05/02/2026` names both orders, `31.10.2026-01.10.2026` is
/// reversed); `None` when neither.
#[cold]
fn hyphen_joined(input: &Input<'_>, text: &str, opts: (&DateOptions, &DateOptions)) -> Option<Outcome<DateRange>> {
    let dash = |c: char| matches!(c, '-' | '\u{2014}' | '\u{2010}' | '\u{2011}');
    let mut asked = None;
    for (i, d) in text.match_indices(dash).take(MAX_HYPHEN_SPLITS) {
        let f = text.get(..i).unwrap_or_default().trim_end_matches(dash).trim();
        let t = text.get(i + d.len()..).unwrap_or_default().trim_start_matches(dash).trim();
        if f.is_empty() || t.is_empty() {
            continue;
        }
        let out = pair(input, (f, t), opts);
        match out.as_ask().map(|a| a.code) {
            None if out.value().is_some() => return Some(out),
            Some(AskCode::AmbiguousDate | AskCode::RangeReversed) if asked.is_none() => asked = Some(out),
            _ => {}
        }
    }
    asked
}

/// The words a range is written with, by language (English, Czech, Slovak, Polish, German,
/// French, Spanish, Italian, Portuguese): grammar, like the date reader's fillers, not data.
/// Each pair is the word before the first bound and the words between the bounds (`from … to
/// …`, `between … and …`, `od … do …`, `vom … bis …`, `du … au …`, `del … al …`).
const OPENERS: &[(&str, &[&str])] = &[
    ("from", &["to", "until", "till", "through", "thru"]),
    ("between", &["and"]),
    ("od", &["do"]),
    ("von", &["bis"]),
    ("vom", &["bis", "bis zum"]),
    ("du", &["au"]),
    ("desde", &["hasta", "até"]),
    ("del", &["al"]),
    ("dal", &["al"]),
    ("\u{441}", &["\u{43f}\u{43e}", "\u{434}\u{43e}"]),
    ("\u{437}", &["\u{43f}\u{43e}", "\u{434}\u{43e}"]),
];

/// Words before one bound only: the first day on (`since 2020`, `od 1. 1. 2026`, `ab März`) or
/// the last day up to (`until 2026-06-30`, `do konce`, `bis`), both inclusive.
const SINCE: &[&str] = &[
    "since",
    "from",
    "starting",
    "starting from",
    "beginning",
    "as of",
    "no earlier than",
    "not earlier than",
    "od",
    "seit dem",
    "seit",
    "ab dem",
    "ab",
    "depuis le",
    "depuis",
    "à partir du",
    "à partir de",
    "a partir du",
    "dès le",
    "desde el",
    "desde",
    "dal",
    "a partir de",
    "\u{441}",
    "\u{43d}\u{430}\u{447}\u{438}\u{43d}\u{430}\u{44f} \u{441}",
];
const UNTIL: &[&str] = &[
    "until",
    "till",
    "through",
    "up to",
    "up until",
    "ending",
    "no later than",
    "not later than",
    "to",
    "do",
    "bis zum",
    "bis",
    "jusqu'au",
    "hasta el",
    "hasta",
    "fino al",
    "até",
    "\u{43f}\u{43e}",
];

/// Words after one bound that open the range on its other side, inclusive: the first day on
/// (`2020 onwards`, `2026-01-01 and later`) or the last day up to (`2020 and earlier`).
const ONWARDS: &[&str] = &[" onwards", " onward", " and later", " or later", " and after", " or after", " and beyond"];
const AND_EARLIER: &[&str] = &[" and earlier", " or earlier", " and before", " or before"];

/// Words before one bound that leave it out: `before 2026` ends on 2025-12-31, `after
/// 2026-01-01` starts on 2026-01-02.
const BEFORE: &[&str] = &["before", "prior to", "earlier than", "p\u{159}ed", "vor", "avant", "antes de", "prima del"];
const AFTER: &[&str] = &["after", "later than", "nach", "apr\u{e8}s", "despu\u{e9}s de", "dopo"];

/// A range written with words (`from 2026-01-01 to 2026-01-31`, `between … and …`, `od … do
/// …`, `since 2020`, `until 2026-06-30`, `before 2026`, `after 2026-01-01`): `None` when the
/// text has none of the words, so the other spellings are tried.
#[cold]
#[inline(never)]
fn worded(
    input: &Input<'_>,
    text: &str,
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<Outcome<DateRange>> {
    for (opener, joiners) in OPENERS {
        let Some(rest) = after_word(text, &[opener]) else { continue };
        // Joiners are matched in any ASCII case (ASCII lower-casing keeps every byte's place).
        let lower = rest.to_ascii_lowercase();
        for joiner in *joiners {
            let at = lower.find(&format!(" {joiner} "));
            if let Some((f, t)) = at.and_then(|i| Some((rest.get(..i)?, rest.get(i + joiner.len() + 2..)?))) {
                // As an interval format writes it: a bound may leave out what the other says
                // (`between 1 and 5 October 2026`).
                return Some(pair(input, (f.trim(), t.trim()), (from_opts, to_opts)));
            }
        }
    }
    // Comparisons: `>= 2026-01-01` and `<= …` include the day, `> 2026` and `< …` leave it out.
    let compared = [
        (">=", "since"),
        ("\u{2265}", "since"),
        ("<=", "until"),
        ("\u{2264}", "until"),
        (">", "after"),
        ("<", "before"),
    ]
    .iter()
    .find_map(|(op, word)| Some((text.strip_prefix(op)?.trim_start(), *word)))
    .filter(|(rest, _)| !rest.is_empty());
    if let Some((rest, word)) = compared {
        return worded(input, &format!("{word} {rest}"), (from_opts, to_opts));
    }
    open_ended(input, text, (from_opts, to_opts))
}

/// The words of a range in the scripts written without spaces, glued to the bounds (Chinese,
/// Japanese, Korean): grammar, like [`OPENERS`]. A word before the first bound (`从`, `自`:
/// "from"), the words between the bounds, longer first (`から`, `부터`, `到`, `至`), and the
/// words after one bound: the last day up to (`まで`, `为止`, `까지`) or the first day on
/// (`から`, `以降`, `起`, `以来`, `부터`), both inclusive.
const GLUED_OPENERS: &[&str] = &["\u{4ece}", "\u{5f9e}", "\u{81ea}"];
const GLUED_JOINERS: &[&str] =
    &["\u{304b}\u{3089}", "\u{bd80}\u{d130}", "\u{8d77}\u{81f3}", "\u{8d77}\u{5230}", "\u{5230}", "\u{81f3}"];
const GLUED_UNTIL: &[&str] = &["\u{307e}\u{3067}", "\u{4e3a}\u{6b62}", "\u{70ba}\u{6b62}", "\u{ae4c}\u{c9c0}"];
const GLUED_UP_TO: &[&str] = &["\u{622a}\u{81f3}", "\u{622a}\u{6b62}", "\u{76f4}\u{81f3}", "\u{76f4}\u{5230}"];
const GLUED_SINCE: &[&str] =
    &["\u{304b}\u{3089}", "\u{4ee5}\u{964d}", "\u{8d77}", "\u{4ee5}\u{6765}", "\u{4ee5}\u{4f86}", "\u{bd80}\u{d130}"];

/// A range written with the words of a script without spaces ([`GLUED_JOINERS`]):
/// `2026年10月1日から2026年10月31日まで`, `从2026年10月1日到2026年10月31日`, `2026년 10월 1일부터
/// 10월 31일까지`, `2026年10月1日以降`. `None` when the text has none of them.
#[cold]
#[inline(never)]
fn glued_words(
    input: &Input<'_>,
    text: &str,
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<Outcome<DateRange>> {
    if text.is_ascii() || !text.chars().any(unspaced_script) {
        return None;
    }
    let opened = GLUED_OPENERS.iter().find_map(|w| text.strip_prefix(w));
    let text = opened.unwrap_or(text).trim();
    let bound = |text: &str, opts: &DateOptions| read_prepared(Input::String(text), opts);
    let until = GLUED_UNTIL.iter().find_map(|w| text.strip_suffix(w));
    // `截至2026年10月31日`: a word for "up to" before the one bound.
    if let Some(rest) = GLUED_UP_TO.iter().find_map(|w| text.strip_prefix(w)) {
        let rest = GLUED_UNTIL.iter().find_map(|w| rest.strip_suffix(w)).unwrap_or(rest).trim();
        return (!rest.is_empty()).then(|| combine(Outcome::absent(), bound(rest, to_opts), Some(input)));
    }
    let body = until.unwrap_or(text).trim_end();
    let split = GLUED_JOINERS.iter().find_map(|w| {
        let (f, t) = body.split_once(w)?;
        Some((f.trim(), t.trim())).filter(|(f, t)| !f.is_empty() && !t.is_empty())
    });
    if let Some((f, t)) = split {
        return Some(pair(input, (f, t), (from_opts, to_opts)));
    }
    if until.is_some() && !body.is_empty() {
        return Some(combine(Outcome::absent(), bound(body, to_opts), Some(input)));
    }
    let since = GLUED_SINCE.iter().find_map(|w| text.strip_suffix(w)).map(str::trim_end);
    match since.or(opened.map(|_| text)) {
        Some(rest) if !rest.is_empty() => Some(combine(bound(rest, from_opts), Outcome::absent(), Some(input))),
        _ => None,
    }
}

/// A range with one bound, written with words (`since 2020`, `2020 onwards`, `until the end of
/// 2026`, `before 2026`, `after 2026-01-01`, `2026 and earlier`); `None` without such words.
fn open_ended(
    input: &Input<'_>,
    text: &str,
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<Outcome<DateRange>> {
    let bound = |rest: &str, opts: &DateOptions| {
        // `until the end of 2026`: the date reader reads the period's end whatever the role.
        read_prepared(Input::String(rest), opts)
    };
    let open_side = |which: &str| {
        let side = if which == "upper" { "after" } else { "before" };
        let message = format!("Read the dash with no date {side} it as no {which} bound.");
        Outcome::absent().note(Note::new(NoteCode::OpenBoundReadAsAbsent, message))
    };
    let suffix = |words: &[&str]| {
        let lower = text.to_ascii_lowercase();
        words.iter().find_map(|w| lower.ends_with(w).then(|| text.get(..text.len() - w.len())).flatten())
    };
    // A dash with nothing after it (`2026-10-01–`, `1. 10. 2026 -`) or before it (`– 2026-10-31`):
    // the range is open on that side, as a table's "from – to" column writes it.
    let dash = ['-', '\u{2013}', '\u{2014}'];
    if let Some(rest) = text.strip_suffix(dash).map(str::trim_end).filter(|r| !r.is_empty() && !r.ends_with(dash)) {
        let out = bound(rest, from_opts);
        if out.value().is_some() {
            return Some(combine(out, open_side("upper"), Some(input)));
        }
    }
    if let Some(rest) = text.strip_prefix(dash).map(str::trim_start).filter(|r| !r.is_empty() && !r.starts_with(dash)) {
        let out = bound(rest, to_opts);
        if out.value().is_some() {
            return Some(combine(open_side("lower"), out, Some(input)));
        }
    }
    if let Some(rest) = suffix(ONWARDS).map(|r| after_word(r, SINCE).unwrap_or(r)).filter(|r| !r.trim().is_empty()) {
        return Some(combine(bound(rest.trim(), from_opts), Outcome::absent(), Some(input)));
    }
    if let Some(rest) = suffix(AND_EARLIER).filter(|r| !r.trim().is_empty()) {
        return Some(combine(Outcome::absent(), bound(rest.trim(), to_opts), Some(input)));
    }
    if let Some(rest) = after_word(text, SINCE) {
        // `from 2026-01-01 - 2026-01-31`: a range after the word, split as any other.
        if let Some((f, t)) = split_range(rest) {
            return Some(pair(input, (f.trim(), t.trim()), (from_opts, to_opts)));
        }
        return Some(combine(bound(rest, from_opts), Outcome::absent(), Some(input)));
    }
    if let Some(rest) = after_word(text, UNTIL) {
        return Some(combine(Outcome::absent(), bound(rest, to_opts), Some(input)));
    }
    if let Some(rest) = after_word(text, BEFORE) {
        // The day before the first day the bound names.
        let first = read_prepared(Input::String(rest), from_opts);
        let day = first.value().and_then(|d| d.pred_opt());
        return Some(combine(Outcome::absent(), shifted(input, first, day, "before"), Some(input)));
    }
    if let Some(rest) = after_word(text, AFTER) {
        let last = read_prepared(Input::String(rest), to_opts);
        let day = last.value().and_then(|d| d.succ_opt());
        return Some(combine(shifted(input, last, day, "after"), Outcome::absent(), Some(input)));
    }
    None
}

/// A bound one day beside the day `out` read (`before`, `after`), with a note saying so; `out`
/// itself when it did not read a day.
fn shifted(input: &Input<'_>, out: Outcome<NaiveDate>, day: Option<NaiveDate>, which: &str) -> Outcome<NaiveDate> {
    let (Some(read), Some(day)) = (out.value().copied(), day) else { return out };
    let note =
        Note::new(NoteCode::BoundExpanded, format!("Read {} as {day}, the day {which} {read}.", input.to_json_text()));
    Outcome::ok(day).note(note)
}

/// Two dates joined as the modern locales' interval formats join them ([`INTERVAL_JOINERS`]):
/// an en dash, `至`, `～` or `~` with or without spaces (`1–31 January 2026`,
/// `2026年11月23日～25日`), a word (`a el`, `تا`, `al`) or a hyphen with spaces of any width
/// around it (CLDR writes thin spaces: `Jan 1\u{2009}–\u{2009}31, 2026`).
fn joined(s: &str) -> Option<(&str, &str)> {
    for joiner in INTERVAL_JOINERS {
        let spaced_only = *joiner == "-" || joiner.chars().all(|c| c.is_alphabetic() && !unspaced_script(c));
        for (i, _) in s.match_indices(joiner) {
            let (before, after) = (s.get(..i)?, s.get(i + joiner.len()..)?);
            let spaced = before.ends_with(char::is_whitespace) && after.starts_with(char::is_whitespace);
            if (spaced || !spaced_only) && !before.trim().is_empty() && !after.trim().is_empty() {
                return Some((before.trim(), after.trim()));
            }
        }
    }
    None
}

/// Two words joined by a hyphen without spaces (`Jan-Mar 2026`, `January-March`): letters on
/// both sides of the first such hyphen.
fn letter_dash(s: &str) -> Option<(&str, &str)> {
    let at = s.char_indices().find_map(|(i, c)| {
        let before = s.get(..i)?.chars().next_back()?;
        let after = s.get(i + 1..)?.chars().next()?;
        (c == '-' && before.is_alphabetic() && after.is_alphabetic()).then_some(i)
    })?;
    Some((s.get(..at)?, s.get(at + 1..)?))
}

/// Two days joined by a hyphen without spaces, in a text with a month's name (`1-5 October
/// 2026`, `October 1-5, 2026`, `1.-5. října 2026`): the text's one hyphen, with one or two
/// digits (and a point) before it and one or two digits after it.
fn day_dash(s: &str) -> Option<(&str, &str)> {
    let (a, b) = s.split_once('-')?;
    if b.contains('-') || !s.chars().any(char::is_alphabetic) {
        return None;
    }
    let head = a.trim_end_matches('.');
    let before = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let after = b.len() - b.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let apart = head.get(..head.len() - before).is_some_and(|h| h.is_empty() || h.ends_with(char::is_whitespace));
    ((1..=2).contains(&before) && (1..=2).contains(&after) && apart).then_some((a, b))
}

/// `YYYY-YYYY` with a hyphen and no spaces (`2020-2022`; a hyphen elsewhere is a date's own).
fn unspaced_dash(s: &str) -> Option<(&str, &str)> {
    let (a, b) = s.split_once('-')?;
    let year = |x: &str| x.len() == 4 && x.bytes().all(|c| c.is_ascii_digit());
    (year(a) && year(b)).then_some((a, b))
}

/// Two bounds written as one range, the fields one leaves out taken from the other, as CLDR's
/// interval formats write them: `Jan 1 – 31, 2026` (the month from the first, the year from
/// the second), `1–31 January 2026`, `1.–31.1.2026`, `January–March 2026`.
fn pair(
    input: &Input<'_>,
    (f, t): (&str, &str),
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Outcome<DateRange> {
    let read = |text: &str, opts: &DateOptions| read_prepared(Input::String(text), opts);
    // `2020–22`: the one year of the century from the first on that ends in the two digits.
    let full_year = two_digit_end(f, t);
    let t = full_year.as_deref().unwrap_or(t);
    // `… to present`, `… do dneška`: today, as a bound's word for it.
    let present = t.chars().any(char::is_alphabetic) && PRESENT.contains(&t.to_lowercase().as_str());
    let t = if present { "today" } else { t };
    let (mut a, mut b) = (read(f, from_opts), read(t, to_opts));
    // One order of day and month for both bounds: the bound that proves it settles the other.
    match (a.value().is_some(), b.value().is_some()) {
        (true, false) => {
            if let Some(order) = super::proven_order(f) {
                b = super::read_in_order(t, to_opts, order);
            }
        }
        (false, true) => {
            if let Some(order) = super::proven_order(t) {
                a = super::read_in_order(f, from_opts, order);
            }
        }
        _ => {}
    }
    if a.value().is_some() && b.value().is_some() || a.is_absent() || b.is_absent() {
        return combine_read((a, b), (Input::String(f), Input::String(t)), input, (from_opts, to_opts));
    }
    // A bound that reads as something, but not without more (`now` without today): its own ask,
    // not a piece of the other bound (`2026-10-` and `now` are no date).
    let incomplete = |o: &Outcome<NaiveDate>| {
        o.value().is_some() || matches!(o.as_ask().map(|k| k.code), Some(AskCode::NotADate | AskCode::IncompleteDate))
    };
    if incomplete(&a) && a.value().is_none() && matches!(b.as_ask().map(|k| k.code), Some(AskCode::AmbiguousDate)) {
        // `23/11 – 5/12/2026`: the start, completed with the end's year, proves the order of
        // day and month that the end alone leaves open.
        if let Some(out) = start_settles_end(input, (f, t), (from_opts, to_opts)) {
            return out;
        }
    }
    if !incomplete(&a) || !incomplete(&b) {
        return combine(a, b, Some(input));
    }
    let Some(b2) = completed_end((f, t), &b, to_opts) else {
        return combine(a, b, Some(input));
    };
    if let Some(start) = a.value().copied() {
        // An end that took the start's year and falls before it is in the next year.
        return combine(a, next_year_end((f, t), to_opts, start, b2), Some(input));
    }
    // The first bound with what follows one of the second bound's numbers or words, the fewest
    // fields first (`1` + ` January 2026`; `Jan 1` + `, 2026` of `Feb 3, 2026`).
    let ends = field_ends(t);
    // The first bound names what the second does: a period beside a period (`tháng 10 – tháng 11
    // năm 2026` is no day 11 of October), a day beside a day.
    let period = |o: &Outcome<NaiveDate>| o.notes.iter().any(|n| n.code == NoteCode::BoundExpanded);
    // A completion that puts the bounds in order before one that reverses them (`Mi., 4. – Mo.,
    // 9. März 2026`: `Mi., 4., 9. März 2026` reads a later Wednesday, `Mi., 4. März 2026` the 4th).
    let mut reversed = None;
    for end in ends.take(4) {
        let first = format!("{}{}", f.trim_end_matches('.'), t.get(end..).unwrap_or_default());
        let a2 = read(&first, from_opts);
        if a2.value().is_some() && period(&a2) == period(&b2) {
            if a2.value() <= b2.value() {
                return combine(a2, b2, Some(input));
            }
            reversed.get_or_insert(a2);
        }
    }
    match reversed {
        Some(a2) => combine(a2, b2, Some(input)),
        None => combine(a, b, Some(input)),
    }
}

/// Where each number or word of `t` ends, but at its end: the places a bound is completed from
/// (`1` + ` January 2026` of `31 January 2026`). Letters with their marks (Tamil's virama) and
/// Hebrew's geresh (`דצמ׳`) are a word's.
fn field_ends(t: &str) -> impl Iterator<Item = usize> + '_ {
    let word = |x: char| {
        x.is_ascii_digit()
            || x.is_alphabetic()
            || unicode_normalization::char::is_combining_mark(x)
            || matches!(x, '\u{5f3}' | '\u{5f4}')
    };
    t.char_indices()
        .zip(t.chars().skip(1))
        .filter(move |&((_, c), next)| word(c) && !word(next))
        .map(|((i, c), _)| i + c.len_utf8())
}

/// A start that reads only with the end's last fields (`23/11` + `/2026`) and so proves an order
/// of day and month, with the end read in that order (`5/12/2026` alone is 5 December or 12 May);
/// or, when the start so completed has both orders too, its ask.
#[cold]
fn start_settles_end(
    input: &Input<'_>,
    (f, t): (&str, &str),
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<Outcome<DateRange>> {
    // A start completed so that it too has two orders (`01/11 – 05/12/2026`): its ask.
    let mut both_open = None;
    let settled = field_ends(t).take(4).find_map(|end| {
        let first = format!("{}{}", f.trim_end_matches('.'), t.get(end..)?);
        let a = read_prepared(Input::String(&first), from_opts);
        let Some(order) = super::proven_order(&first) else {
            if both_open.is_none() && matches!(a.as_ask().map(|k| k.code), Some(AskCode::AmbiguousDate)) {
                both_open = Some(a);
            }
            return None;
        };
        let b = super::read_in_order(t, to_opts, order);
        (a.value().is_some() && b.value().is_some()).then(|| combine(a, b, Some(input)))
    });
    settled.or_else(|| {
        let b = read_prepared(Input::String(t), to_opts);
        both_open.map(|a| combine(a, b, Some(input)))
    })
}

/// The second bound of [`pair`] completed with what the first says and it leaves out: the words
/// before the first bound's last number (`Jan ` + `31, 2026`), or the first bound's year when it
/// leads (`2026 Nov 23 – Dec 5`, `2026年10月1日から10月31日`, `2026. 10. 25. – 11. 07.`: the same
/// order of month and day as the first bound's). `b` is the second bound read alone.
fn completed_end((f, t): (&str, &str), b: &Outcome<NaiveDate>, to_opts: &DateOptions) -> Option<Outcome<NaiveDate>> {
    let last_number = f.rfind(|c: char| c.is_ascii_digit()).and_then(|end| f.get(..=end));
    let head = last_number.and_then(|upto| f.get(..upto.trim_end_matches(|c: char| c.is_ascii_digit()).len()));
    let digits = f.get(..4).is_some_and(|y| y.bytes().all(|c| c.is_ascii_digit()));
    let year = [". ", ", ", "\u{60c} ", " ", ".", "/", "-", "\u{5e74}", "\u{b144}"]
        .iter()
        .find_map(|unit| f.get(..4 + unit.len()).filter(|y| digits && y.ends_with(unit)));
    // The first bound's year last, where the second has none (`23 নৱেম্বৰ ২০২৬ – ৫ ডিচেম্বৰ`).
    let four = |x: &str| x.len() == 4 && x.bytes().all(|c| c.is_ascii_digit());
    let last_year = f
        .rsplit([' ', ','])
        .next()
        .filter(|y| four(y) && f.trim() != *y && !t.split(|c: char| !c.is_ascii_digit()).any(four))
        .map(|y| format!("{t} {y}"));
    let seconds = match (b.value(), head.filter(|h| !h.trim().is_empty())) {
        (None, Some(head)) => [Some(format!("{head}{t}")), year.map(|y| format!("{y}{t}")), last_year],
        (None, None) => [year.map(|y| format!("{y}{t}")), last_year, None],
        _ => [Some(t.to_owned()), None, None],
    };
    let read = |text: &str| read_prepared(Input::String(text), to_opts);
    let mut b2 = seconds.into_iter().flatten().map(|s| read(&s)).find(|out| out.value().is_some())?;
    if let Some(d) = b2.value().copied().filter(|_| b2.notes.is_empty()) {
        // Completed to an ISO date (`2026-10-25 – 11-07`): the note says what was taken.
        b2.notes.push(completed_end_note(t, d));
    }
    Some(b2)
}

/// `end`, or, when it falls before `start`, writes no year, and the start writes one, the end
/// read in the year after the start's (`23 December 2026 – 5 January`: 5 January 2027) where
/// that reads on or after `start`.
#[cold]
fn next_year_end(
    (f, t): (&str, &str),
    to_opts: &DateOptions,
    start: NaiveDate,
    end: Outcome<NaiveDate>,
) -> Outcome<NaiveDate> {
    let four = |x: &str| x.len() == 4 && x.bytes().all(|c| c.is_ascii_digit());
    if end.value().is_none_or(|e| *e >= start) || t.split(|c: char| !c.is_ascii_digit()).any(four) {
        return end;
    }
    let next = f.split([' ', ',', '.']).rfind(|w| four(w)).and_then(|y| y.parse::<i32>().ok()).map(|y| y + 1);
    let Some(next) = next else { return end };
    let later = [format!("{t} {next}"), format!("{next} {t}")].into_iter().find_map(|text| {
        let out = read_prepared(Input::String(&text), to_opts);
        out.value().is_some_and(|e| *e >= start).then_some(out)
    });
    later.unwrap_or(end)
}

/// The note of a range's end written without what it shares with the start (`10-31` of
/// `2026-10-01/10-31`, `11-07` of `2026-10-25 – 11-07`), read as `end` (written out).
fn completed_end_note(written: &str, end: impl std::fmt::Display) -> Note {
    let message = format!("Read the end {} as {end}, with the start's fields it leaves out.", quoted(written));
    Note::new(NoteCode::DateSpellingNormalized, message)
}

/// The second year of `2020–22` or `1995–00` written out (`2022`, `2000`): a later year of the
/// same century, or of the next one after a year in the nineties. `None` unless `f` is a
/// four-digit year and `t` two digits that so name a year and no month: `2020–12` and
/// `1998–02` are a month to some (December 2020, February 1998) and years to others, so they
/// are read as written and ask.
fn two_digit_end(f: &str, t: &str) -> Option<String> {
    let digits = |x: &str, n: usize| x.len() == n && x.bytes().all(|c| c.is_ascii_digit());
    if !digits(f, 4) || !digits(t, 2) {
        return None;
    }
    let (first, end) = (f.parse::<u32>().ok()?, t.parse::<u32>().ok()?);
    if (1..=12).contains(&end) {
        return None;
    }
    let (century, within) = (first - first % 100, first % 100);
    let year = if end > within {
        century + end
    } else if within >= 90 && end < 10 {
        century + 100 + end
    } else {
        return None;
    };
    Some(year.to_string())
}

/// The two bounds of a range written as one string, split where a separator stands.
fn split_range(s: &str) -> Option<(&str, &str)> {
    RANGE_SEPARATORS
        .iter()
        .find_map(|sep| s.split_once(sep))
        .or_else(|| iso_interval(s))
        .or_else(|| joined(s))
        .or_else(|| unspaced_dash(s))
}

/// An ISO 8601 interval with an open end (`2026-01-01/..`, `../2026-03-31`, and with the open
/// side left empty: `2026-01-01/`, `/2026-03-31`): the one bound it has, the other absent
/// with a note. `None` for any other text.
fn open_interval(
    input: &Input<'_>,
    text: &str,
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<Outcome<DateRange>> {
    let (a, b) = text.split_once('/')?;
    let (a, b) = (a.trim(), b.trim());
    let open = |x: &str| x.is_empty() || x == "..";
    let none = |side: &str, which: &str| {
        let side =
            if side.is_empty() { format!("the empty {which} side of {}", input.to_json_text()) } else { quoted(side) };
        Outcome::absent().note(Note::new(NoteCode::OpenBoundReadAsAbsent, format!("Read {side} as no {which} bound.")))
    };
    match (open(a), open(b)) {
        (true, false) if year_first(b) => {
            Some(combine(none(a, "lower"), read_prepared(Input::String(b), to_opts), Some(input)))
        }
        (false, true) if year_first(a) => {
            Some(combine(read_prepared(Input::String(a), from_opts), none(b, "upper"), Some(input)))
        }
        _ => None,
    }
}

/// The end of an ISO 8601 interval that leaves out what it shares with the start, written out
/// (`2026-10-01/10-31` ends on `2026-10-31`, `2026-10-01/31` too, `2026-10-01T10:00/12:00` on
/// `2026-10-01T12:00`: ISO 8601-1, 5.5.2): the end's digits and separators in the shape of the
/// start's last ones, from one of its fields on. The start, the end written out and the end as
/// written; `None` for any other text.
fn abbreviated_end(s: &str) -> Option<(&str, String, &str)> {
    let (a, b) = s.split_once('/')?;
    let (a, b) = (a.trim(), b.trim());
    if !year_first(a) || year_first(b) || b.is_empty() || b.len() >= a.len() || !a.is_ascii() || !b.is_ascii() {
        return None;
    }
    let head = a.get(..a.len() - b.len())?;
    let shape = |x: &str| x.bytes().map(|c| if c.is_ascii_digit() { b'0' } else { c }).collect::<Vec<u8>>();
    let at_field = head.ends_with(|c: char| !c.is_ascii_digit()) && b.starts_with(|c: char| c.is_ascii_digit());
    (at_field && shape(b) == shape(a.get(head.len()..)?)).then(|| (a, format!("{head}{b}"), b))
}

/// One side of an ISO 8601 interval: a four-digit year first, and no second slash.
fn year_first(x: &str) -> bool {
    x.len() >= 4 && x.bytes().take(4).all(|c| c.is_ascii_digit()) && !x.contains('/')
}

/// `A/B` where both sides start with a four-digit year (ISO 8601 interval).
fn iso_interval(s: &str) -> Option<(&str, &str)> {
    let (a, b) = s.split_once('/')?;
    (year_first(a) && year_first(b)).then_some((a, b))
}
