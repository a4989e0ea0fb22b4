//! The date range kind and range bounds read in pairs: `{"from", "to"}`, `[from, to]`, an ISO
//! interval, "… to …", or one span (`"2020"`, `"únor 2020"`) that is both bounds.
//!
//! A range written as one string may also be written with words (`from … until …`, `between
//! … and …`, `od … do …`, `vom … bis …`, `du … au …`, `… through …`, `… → …`; one bound:
//! `since 2020`, `until 2026-06-30`, `no later than …`, `2020 onwards`, `2026-01-01 and
//! later`, `2020 and earlier`, `until the end of 2026`, `before 2026` and `prior to 2026` (end
//! 2025-12-31), `after 2026-01-01` (starts 2026-01-02)): [`range_words`](super::range_words);
//! with two days joined by a hyphen beside a month's name (`1-5 October 2026`, `October 1-5,
//! 2026`), or as CLDR's interval formats write it, each bound leaving out what the other says
//! (`Jan 1 – 31, 2026`, `1–31 January 2026`, `1.–31.1.2026`, `2026 Nov 23 – Dec 5`,
//! `January–March 2026`, `2020-2022`, `2020–22` (not `2020–12`, which is also December 2020),
//! `Jan-Mar 2026`): [`range_pair`](super::range_pair). A period after a word for "in" or
//! "during" is that period (`in October 2026`, `during 2025`, `v říjnu 2026`, `w październiku
//! 2026`, `в октябре 2026`: a Slavic month's locative is read as the month). Both bounds share
//! one order of day and month: `23/11/2026 – 5/12/2026` reads the second day first, as the
//! first proves (`date_order_inferred`).
//!
//! An ISO 8601 interval may leave one end open (`2026-01-01/..`, `../2026-03-31`, or empty:
//! `2026-01-01/`, `/2026-03-31`): that bound is absent (`open_bound_read_as_absent`). An
//! object with keys other than `from` and `to` asks (`unexpected_type`).
//!
//! With the `today` option, a text no date reads may name a range around today
//! ([`relative`](super::relative)): a period so far (`year to date`) reads; `last week` and `last
//! 30 days` ask, naming each range they mean to someone. A month or quarter of no year
//! (`October`, `říjen`, `Q3`) asks `incomplete_date`, naming it in the last year it began on or
//! before today and the year after (without `today`, naming none); a numbered week and a season
//! ask too ([`periods`](super::periods)).

use crate::absent;
use crate::codes::AskCode;
use crate::input::Input;
use crate::limits::MAX_SCALAR_CHARS;
use crate::outcome::{Ask, Outcome, Status};
use crate::spelling;

use super::options::{DateOptions, DateRole};
use super::periods::{period_range, WEEK_WORDS};
use super::range::{ambiguous_ranges, combine, range_reading, DateRange, DateRangeOptions};
use super::range_pair::{
    abbreviated_end, combine_read, completed_end_note, day_dash, days_of_no_year, letter_dash, open_interval, pair,
    split_range,
};
use super::range_words::{glued_words, worded};
use super::read::{ascii_digits, read_prepared, TYPE_WORDS};
use super::relative::{range_around_today, week_starts};
use super::tokens::is_filler;
use super::words::{after_word, word_key};

/// The options a bound of a range is read with.
fn bound_options(role: DateRole, options: &DateRangeOptions) -> DateOptions {
    DateOptions { role, today: options.today, languages: options.languages.clone(), part: true }
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
    let from_opts = bound_options(DateRole::From, options);
    let to_opts = bound_options(DateRole::To, options);
    let a = read_prepared(from, &from_opts);
    let b = read_prepared(to, &to_opts);
    combine(a, b, None)
}

/// Reads a whole range: `{"from": …, "to": …}`, `[from, to]`, `"2026-01-01/2026-06-30"`,
/// `"2026-01-01 to 2026-06-30"`, or one span (`"2020"`, `"únor 2020"`, `"2026-Q3"`) that is
/// both bounds.
pub(crate) fn read_range_prepared(input: Input<'_>, options: &DateRangeOptions) -> Outcome<DateRange> {
    read_range_parts(input, options)
}

/// [`read_range_prepared`], its bounds read as parts of the range (`part` in their options).
fn read_range_parts(input: Input<'_>, options: &DateRangeOptions) -> Outcome<DateRange> {
    let from_opts = bound_options(DateRole::From, options);
    let to_opts = bound_options(DateRole::To, options);
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
/// Russian, Ukrainian, Croatian, Serbian, Dutch): grammar, like `OPENERS` (`range_words`). The
/// longer phrase first. Latin `u` (Croatian, Serbian) is left out: `u listopadu` is October in Croatian, and
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
    if spelling::longer_than(s, 2 * MAX_SCALAR_CHARS) {
        return Outcome::ask(Ask::too_long(&input, 2 * MAX_SCALAR_CHARS));
    }
    if let Some(reason) = absent::check(&input, TYPE_WORDS) {
        return absent::outcome(&input, reason);
    }
    let from_opts = bound_options(DateRole::From, options);
    let to_opts = bound_options(DateRole::To, options);
    // Unicode digits as ASCII first (`٢٣–٢٥ تشرين الثاني ٢٠٢٦`): the splits and completions
    // below find a bound's fields by its digits.
    let mapped = ascii_digits(spelling::trim(s), false);
    let trimmed: &str = without_plural_years(&mapped);
    // `last week`, `last 30 days`, `year to date`, `od začátku roku`: read around today
    // when no date is.
    let or_around_today = |out: Outcome<DateRange>| match out.as_ask().map(|a| a.code) {
        Some(AskCode::NotADate | AskCode::IncompleteDate) => period_range(&input, trimmed, options.today)
            .or_else(|| range_around_today(&input, trimmed, options.today))
            .or_else(|| week_of_day(&input, trimmed, &bound_options(DateRole::Point, options)))
            .unwrap_or(out),
        _ => out,
    };
    if let Some(out) = worded(&input, trimmed, (&from_opts, &to_opts)) {
        return or_around_today(out);
    }
    if let Some(out) = glued_words(&input, trimmed, (&from_opts, &to_opts)) {
        return or_around_today(out);
    }
    if let Some(out) = open_interval(&input, trimmed, (&from_opts, &to_opts)) {
        return out;
    }
    if let Some((start, end, written)) = abbreviated_end(trimmed) {
        let out = pair(&input, (start, &end), (&from_opts, &to_opts));
        let read = out.value().is_some();
        return or_around_today(if read { out.note(completed_end_note(written, &end)) } else { out });
    }
    let whole =
        || or_around_today(combine(read_prepared(input, &from_opts), read_prepared(input, &to_opts), Some(&input)));
    match split_range(trimmed) {
        Some((f, t)) => or_around_today(pair(&input, (f.trim(), t.trim()), (&from_opts, &to_opts))),
        // `Jan-Mar 2026`: a hyphen between two words, when both bounds read.
        None => match letter_dash(trimmed)
            .or_else(|| day_dash(trimmed))
            .map(|(f, t)| pair(&input, (f, t), (&from_opts, &to_opts)))
        {
            Some(out) if out.value().is_some() => out,
            dashed => {
                let out = whole();
                // `July 13-15`: days of one month of no year, not July 13 of a year `15`.
                let days = dashed.filter(|d| days_of_no_year(d).is_some());
                match (out.as_ask().map(|a| a.code), days) {
                    // `September 1-8`: `1-8` is no day and month beside a month's name.
                    (Some(AskCode::NotADate), Some(days)) => days,
                    (Some(AskCode::NotADate), None) => {
                        hyphen_joined(&input, trimmed, (&from_opts, &to_opts)).unwrap_or(out)
                    }
                    (Some(AskCode::TwoDigitYear), Some(days)) => days,
                    _ => out,
                }
            }
        },
    }
}

/// Abbreviations of "years" after a range of them, as Russian, Ukrainian and Belarusian write
/// it (`2026–2027 гг.`, `23 листопада 2026 – 5 січня 2027 рр.`): grammar, like `OPENERS`
/// (`range_words`).
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

/// The week holding a day (`the week of 6 October 2014`, `week of October 6th, 2014`, `la
/// semaine du 6 octobre 2014`): a week word ([`WEEK_WORDS`]) with only fillers before it and
/// after it, then a text that reads as one day. `ambiguous_date` naming the week from Monday
/// and the week from Sunday that hold it, as `last week` names both. `None` for any other text.
#[cold]
fn week_of_day(input: &Input<'_>, text: &str, opts: &DateOptions) -> Option<Outcome<DateRange>> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words.iter().position(|w| WEEK_WORDS.contains(&word_key(w).as_str()))?;
    if !words.get(..at)?.iter().all(|w| is_filler(&word_key(w))) {
        return None;
    }
    let rest = words.get(at + 1..)?;
    let skip = rest.iter().take_while(|w| is_filler(&word_key(w))).count();
    let day_text = rest.get(skip..)?.join(" ");
    if day_text.is_empty() {
        return None;
    }
    let day = *read_prepared(Input::String(&day_text), opts).value()?;
    let (monday, sunday) = week_starts(day)?;
    let six = chrono::Days::new(6);
    let readings = vec![
        range_reading(monday, monday.checked_add_days(six)?, format!("the week from Monday holding {day}")),
        range_reading(sunday, sunday.checked_add_days(six)?, format!("the week from Sunday holding {day}")),
    ];
    Some(ambiguous_ranges(input, readings))
}
