//! The date kind and date-range bounds: every spelling a model uses, and never a wrong day.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `2026-10-01` | itself | none |
//! | `2026-10-01T10:00:00Z`, `2026-10-01T23:30:00+02:00`, `1. 10. 2026 10:30`, `2026-10-01 10:00 CEST`, `Thu Oct 01 2026 10:00:00 GMT+0200 (…)` (JavaScript), `Thu Oct  1 10:00:00 UTC 2026` (C's `asctime`, `date`); CLDR's date-times: `October 1, 2026 at 10:00 AM`, `1 oct 2026, 10:00 a. m.`, `1.10.2026 um 10:00 Uhr`, `1.10.2026 kl. 10.00` (a time with points), `2026. 10. 1. PM 10:30`, `2026/10/01 上午10:30`, a time first (`10:00:00 1 thg 10, 2026`); times with units (`2026年10月1日 10時00分`, `2026년 10월 1일 오전 10시 00분`), an hour with a day period (`October 1, 2026 at 10am`), French hours with `h` (`1 octobre 2026 à 10 h 05`), Go's `2026-10-01 10:00:00 +0200 CEST`, RFC 9557's `2026-10-01T10:00+02:00[Europe/Prague]`, web servers' `01/Oct/2026:10:00:00 +0200` | the date as written | `time_dropped` (names the offset or zone) |
//! | `1790000000`, `1790000000000` (a Unix time in seconds or milliseconds, as text or a JSON number; not when its first eight digits are a `YYYYMMDD` day) | its day in UTC | `time_dropped` |
//! | `2026-10-01+02:00`, `2026-W40-4`, `2026W404`, `2026-274` (ISO 8601: a date with a zone, week and ordinal dates) | 2026-10-01 | `date_spelling_normalized` |
//! | `1. 10. 2026`, `1.10.2026`, `01.10.2026` (dots: always day-month-year) | 2026-10-01 | `date_spelling_normalized` |
//! | `2026/10/01`, `20261001`, `2026-1-5` (year first) | 2026-10-01 | `date_spelling_normalized` |
//! | `13/02/2026`, `12/31/2025`, `31-12-2025` (one order is a date) | that date | `date_spelling_normalized`, `date_order_inferred` |
//! | `05/05/2026` (both orders give one day) | 2026-05-05 | `date_spelling_normalized` |
//! | `1. října 2026`, `1 Oct 2026`, `October 1, 2026`, `1st October 2026`, `Thursday, 1 October 2026`, `1 de octubre de 2026`, `4. X. 2016` | that date | `date_spelling_normalized` |
//! | `October first, 2026`, `the twenty-first of October 2026`, `am ersten Oktober 2026`, `le premier octobre 2026`, `первого октября 2026` (a day as an ordinal word of CLDR's rule-based spellings, every modern locale) | that date | `date_spelling_normalized` |
//! | `the first Monday of October 2026`, `2nd Tuesday in March 2026`, `last Friday of October 2026`, `zweiter Montag im Oktober 2026` (a weekday counted in a month: an ordinal word or number, or `last`; a fifth weekday the month lacks asks `impossible_date`) | that day | `date_spelling_normalized` |
//! | `1 października 2026 roku`, `1 октября 2026 года`, `1. октобар 2026. године`, `1. října roku 2026`, `1. 10. 2026 r.` (a word for "year" beside the year's four digits: CLDR's `duration-year` unit words of every modern locale, each count and case) | 2026-10-01 | `date_spelling_normalized` |
//! | CLDR's formats of every modern locale, regional ones included: `1 окт. 2026 г.`, `2026. gada 1. okt.`, `1 Ekim 2026 Perşembe`, `1 thg 10, 2026`, `2026年10月1日木曜日`, `2026年10月1日星期四`, `23\u{200f}/11\u{200f}/2026` (direction marks), `1. Jänner 2026`, `1 تشرين الأول 2026`, letters glued to a month or weekday (`1 באוקטובר 2026`, `2026(e)ko urriaren 1(a)`, `วันพฤหัสบดีที่ 1 ตุลาคม 2026`), CLDR's root month names of locales without their own (`5 M03, 2026`) | that date | `date_spelling_normalized` (`invisible_characters_removed` for the marks) |
//! | `today`, `včera`, `morgen`, `demain`, `pasado mañana`, `now`, `jetzt` (with the `today` option) | today ± days | `relative_date_resolved` |
//! | `next Monday`, `last Friday`, `this Friday`, `příští pondělí`, `el viernes pasado` (CLDR's words of every modern locale, with the `today` option) | that weekday in the week after, before or of today's, when every reading gives one day; `next Friday` said on a Tuesday (this week's or next week's Friday) and weeks that start on Sunday ask `ambiguous_date` with each day | `relative_date_resolved` |
//! | `yesterday morning`, `today at 10:00`, `zítra odpoledne` (a relative day with CLDR's day-period and time words after it), English's `the day before yesterday` and `the day after tomorrow` (with the `today` option) | that day | `relative_date_resolved` |
//! | `3 days ago`, `in 2 weeks`, `před 3 dny`, `vor 2 Monaten`, `hace 1 año`, `3日前` (CLDR's relative-time patterns of every modern locale, with the `today` option), the count also as a word (`two days ago`, `vor zwei Tagen`, `a week ago`: CLDR's number words one to twelve) and English's `3 days from now` | today ± days, weeks, months, years (a month without today's day: its last day, said in the note) | `relative_date_resolved` |
//! | `Sun 01/02/2026`, `pon, 23 lis 2026`, `Mon 23 Nov 26` (readings of which one only is the weekday written, in a word of three or more letters) | that day | `date_spelling_normalized` (a second note names the other readings) |
//! | `2020`, `2020-02`, `February 2020`, `únor 2020`, `2026-Q3`, `Q3 2026`, CLDR's quarter names of every modern locale (`3rd quarter 2026`, `3. čtvrtletí 2026`, `T3 2026`, `III kwartał 2026`, `2026年第3四半期`), decades (`1990s`, `the 2020s`), `second quarter of 2026` (an ordinal word), `2026-H2`, `H1 2026`, `1st half of 2026`, `2. pololetí 2026`, `1. Halbjahr 2026`, `primer semestre de 2026`, `2026-W48`, `W48 2026`, `KW 48/2026`, `CW 48 2026` (ISO weeks; a bare `week 48 of 2026` is not read, as some regions number weeks otherwise: a date range asks `ambiguous_date` naming the ISO week and the week counted from 1 January) (role `from` / `to`) | its first / last day | `bound_expanded` |
//! | `last month`, `this year`, `next quarter`, `minulý měsíc`, `letztes Jahr`, `上个月` (CLDR's words of every modern locale, with the `today` option; role `from` / `to`; weeks are not read, as where a week starts differs by region) | the period's first / last day | `bound_expanded`, `relative_date_resolved` |
//! | `the last day of October 2026`, `end of October 2026`, `first day of next month`, `start of 2026`, `end of the month` (with `today`), `konec října 2026`, `konec měsíce`, `začátek roku 2026`, `Ende Oktober 2026` (words naming a period's first or last day, any role) | that day | `bound_expanded` |
//! | `0001-01-01`, `9999-12-31`, `0000-00-00` | absent (no bound) | `open_bound_read_as_absent` |
//!
//! Spellings that ask, never guess:
//! - `01/02/2026`: both orders are dates, so `ambiguous_date` names 2026-02-01 and 2026-01-02;
//! - `01.10.26`, `1 Oct 26`: a two-digit year (`two_digit_year`) names every century;
//! - `2026-02-30`, `31. 4. 2026`: `impossible_date` says why ("April 2026 has 30 days") and
//!   hints the nearest dates that exist; there is no silent roll-over;
//! - `Friday, 1 October 2026` (a Thursday): `weekday_mismatch` names both readings;
//! - a month, quarter, ISO week or year for a single day, or a day without a year (`1 Oct`,
//!   `1. 10.`: `incomplete_date`; with `today`, a day without a year names the last such day
//!   on or before today and the next one after it, and one with a weekday (`Mon 30 Nov`)
//!   reads as the one such day within a year of today that is that weekday); a weekday alone
//!   (`Friday`, `on Friday`, `v pátek`) too: with `today`, it names the last one on or before
//!   today and the next one after it; a month or quarter of no year (`October`, `Q3`) asks too,
//!   and for a range's bound with `today` names its first or last day in the last year it
//!   began on or before today and the year after;
//! - a relative word without the `today` option (`relative_date_without_today`): the library
//!   never reads the clock.
//!
//! Month, weekday and relative-day words come from CLDR (`data::dates`) for every locale of
//! CLDR's modern coverage, regional ones included (and, where their words are new, the
//! basic-level script variants of the modern languages and the wide month and weekday names
//! of every other locale CLDR has), in wide and abbreviated, format (genitive)
//! and stand-alone (nominative) forms; so do the words the date patterns write around the
//! numbers (`г.`, `gada`, eras such as `n. Chr.`), which are skipped, the words that name a
//! month or weekday by its number (`tháng`, `星期`), the letters a pattern glues to a month or
//! weekday (Hebrew `ב`, Basque `-ren`, Thai `ที่`), and the words written beside a time: day
//! periods, time-pattern words and the words joining a date and a time (`a. m.`, `Uhr`, `at`).

mod grammar;
mod range;
mod recent;

pub(crate) use range::read_range_prepared;
pub use range::{read_range, DateRange, DateRangeOptions};

use chrono::{Datelike, Days, NaiveDate};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, System};
use crate::data::dates::MONTHS_EN;
use crate::error::Error;
use crate::input::{json_text, quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{self, Door};
use crate::outcome::{Ask, Note, Outcome, Reading, Status};
use crate::reader::Reader;
use crate::spelling;
use grammar::{Candidate, Impossible, Order, Parsed, Span};

/// What a date is read for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DateRole {
    /// One day (the default): a month or a year asks.
    #[default]
    Point,
    /// The lower bound of a range: a month or a year reads as its first day.
    From,
    /// The upper bound of a range: a month or a year reads as its last day.
    To,
}

/// Options of the date kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DateOptions {
    /// Point (default), from or to.
    #[serde(default)]
    pub role: DateRole,
    /// Today's date, which relative words resolve against. The library never reads the clock.
    /// A date from 0002-01-01 to 9998-12-31 (the years this reader writes).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "today_option")]
    pub today: Option<NaiveDate>,
    /// Read as a part of a list or a range (never set by JSON): a text of several dates asks
    /// as it is, with no reading of its own, as the list splits it and the range reads its
    /// bounds ([`crate::context::Context::as_parts`]).
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    pub(crate) part: bool,
}

/// The first and last day this reader writes and reads back: years 0001 and 9999 are the
/// open-bound sentinels, and other years have no four-digit spelling.
const REACH: (NaiveDate, NaiveDate) = (
    match NaiveDate::from_ymd_opt(2, 1, 1) {
        Some(d) => d,
        None => NaiveDate::MIN,
    },
    match NaiveDate::from_ymd_opt(9998, 12, 31) {
        Some(d) => d,
        None => NaiveDate::MAX,
    },
);

/// True for a day within [`REACH`].
pub(super) fn in_reach(d: NaiveDate) -> bool {
    (REACH.0..=REACH.1).contains(&d)
}

/// The misuse of a `today` option outside [`REACH`], or `None`.
pub(crate) fn today_error(today: Option<NaiveDate>) -> Option<String> {
    today.filter(|t| !in_reach(*t)).map(|t| {
        format!(
            "the `today` option must be a date from {} to {}, the years this reader writes; got {t}",
            REACH.0, REACH.1
        )
    })
}

/// Deserialises a `today` option, refusing a day outside [`REACH`] (relative words would
/// resolve to days that do not read back).
pub(super) fn today_option<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<NaiveDate>, D::Error> {
    let today = Option::<NaiveDate>::deserialize(d)?;
    match today_error(today) {
        Some(message) => Err(serde::de::Error::custom(message)),
        None => Ok(today),
    }
}

impl DateOptions {
    /// Options for one role.
    pub const fn role(role: DateRole) -> Self {
        Self { role, today: None, part: false }
    }

    /// The same options with `today` set.
    #[must_use]
    pub const fn today(mut self, today: NaiveDate) -> Self {
        self.today = Some(today);
        self
    }
}

/// The day of a canonical date text (`YYYY-MM-DD`, as this crate writes it).
pub(crate) fn canonical(s: &str) -> Option<NaiveDate> {
    grammar::iso(s).and_then(Result::ok)
}

/// Type names and format templates that read as placeholders for a date.
const TYPE_WORDS: &[&str] =
    &["date", "datetime", "yyyy-mm-dd", "dd.mm.yyyy", "mm/dd/yyyy", "dd/mm/yyyy", "yyyy/mm/dd", "iso date", "iso 8601"];

/// Reads a date.
///
/// # Outcome
/// - ok: the day;
/// - absent: missing, null, blank, a placeholder, or a sentinel (`0001-01-01`, `9999-12-31`);
/// - ask: two readings, a two-digit year, an impossible date, a weekday that does not match,
///   an incomplete date, or a relative word without `today`.
///
/// # Errors
/// A `today` option outside 0002-01-01 to 9998-12-31 (deserialised options refuse it too).
///
/// # Example
/// ```
/// use agent_input::date::{self, DateOptions};
/// let out = date::read("1. 10. 2026".into(), &DateOptions::default())?;
/// assert_eq!(out.value().map(ToString::to_string).as_deref(), Some("2026-10-01"));
/// assert_eq!(out.notes[0].message, "Read \"1. 10. 2026\" as 2026-10-01.");
/// # Ok::<(), agent_input::Error>(())
/// ```
///
/// # Example: a spelling with two meanings
/// ```
/// use agent_input::date::{self, DateOptions};
/// let out = date::read("01/02/2026".into(), &DateOptions::default())?;
/// let readings: Vec<String> = out.as_ask().unwrap().readings.iter().map(|r| r.value.to_string()).collect();
/// assert_eq!(readings, ["\"2026-02-01\"", "\"2026-01-02\""]);
/// # Ok::<(), agent_input::Error>(())
/// ```
#[inline]
pub fn read(input: Input<'_>, options: &DateOptions) -> Result<Outcome<NaiveDate>, Error> {
    if let Some(message) = today_error(options.today) {
        return Err(Error::options(message));
    }
    Ok(read_prepared(input, options))
}

/// [`read_prepared`] as its JSON value: a canonical `YYYY-MM-DD` is its own text (copied, not
/// written again from the date).
pub(crate) fn read_value(input: Input<'_>, opts: &DateOptions) -> Outcome<Value> {
    if let Input::String(s) = input {
        if let Some(Ok(d)) = grammar::iso(s) {
            if !grammar::sentinel_year(d.year()) {
                return Outcome::ok(Value::String(s.to_owned()));
            }
        }
    }
    read_prepared(input, opts).map(iso_value)
}

pub(crate) fn read_prepared(input: Input<'_>, opts: &DateOptions) -> Outcome<NaiveDate> {
    // Fast path: canonical ISO, no allocation.
    if let Input::String(s) = input {
        if let Some(Ok(d)) = grammar::iso(s) {
            if !grammar::sentinel_year(d.year()) {
                return Outcome::ok(d);
            }
        }
    }
    let door = Door::strings(MAX_SCALAR_CHARS).numbers();
    let cx = scope(opts);
    let text = match opening::open(&cx, &input, door, |inner| read_prepared(inner, opts), unexpected) {
        Ok(scalar) => scalar.text(),
        Err(out) => return out,
    };
    let normalized = normalize(text);
    // Before the grammar (the opening's written exception): format templates such as
    // "YYYY-MM-DD" would otherwise read as broken dates. A spelling with digits is a
    // placeholder only when the grammar finds no date in it, so it is checked after.
    let has_digits = normalized.bytes().any(|b| b.is_ascii_digit());
    if !has_digits {
        if let Some(out) = opening::placeholder(&input, TYPE_WORDS) {
            return out;
        }
    }
    let mut parsed = grammar::parse(&normalized);
    if has_digits && parsed.candidates.is_empty() && parsed.impossible.is_empty() {
        if let Some(out) = opening::placeholder(&input, TYPE_WORDS) {
            return out;
        }
    }
    // ISO only after repairs (edges, quotes, digits) is a repaired spelling, and says so.
    parsed.iso &= normalized == text;
    resolve(&input, &parsed, opts)
}

/// The order of day and month a spelling proves: its one reading is day first (`23/11/2026`)
/// or month first (`11/23/2026`).
pub(super) fn proven_order(text: &str) -> Option<Order> {
    match parse_plain(text).candidates.as_slice() {
        [c] if matches!(c.order, Order::DayFirst | Order::MonthFirst) => Some(c.order),
        _ => None,
    }
}

/// Reads a spelling of two orders (`5/12/2026`) in `order`, the one the other bound of its
/// range proves (`23/11/2026 – 5/12/2026`: both bounds are written one way), with a note;
/// any other spelling as [`read_prepared`] reads it.
pub(super) fn read_in_order(text: &str, opts: &DateOptions, order: Order) -> Outcome<NaiveDate> {
    let input = Input::String(text);
    let mut parsed = parse_plain(text);
    let two = parsed.candidates.len() == 2
        && parsed.candidates.iter().all(|c| matches!(c.span, Span::Day(_)) && c.order != Order::Fixed);
    if !two || parsed.two_digit_year || parsed.weekday.is_some() {
        return read_prepared(input, opts);
    }
    parsed.candidates.retain(|c| c.order == order);
    let Some(c) = parsed.candidates.first_mut() else { return read_prepared(input, opts) };
    c.order = Order::Fixed;
    let which = if order == Order::DayFirst { "day first" } else { "month first" };
    resolve(&input, &parsed, opts).note(Note::new(
        NoteCode::DateOrderInferred,
        format!("Read {which}, as the range's other bound is written (there only {which} names a date)."),
    ))
}

/// The grammar's readings of one bound of a range, its invisible marks and fullwidth forms
/// read plain first (`23\u{200f}/11\u{200f}/2026`), as the opening reads them.
fn parse_plain(text: &str) -> Parsed {
    let plain = spelling::plain(text).map(|p| p.text);
    grammar::parse(&normalize(plain.as_deref().unwrap_or(text)))
}

/// Edges, quotes, Unicode digits and dashes.
fn normalize(text: &str) -> std::borrow::Cow<'_, str> {
    let (inner, _) = spelling::clean_edges(text);
    ascii_digits(inner, true)
}

/// Unicode digits as ASCII ones, and minus signs (the dashes a number's sign is written with)
/// as a hyphen when `minus`.
pub(super) fn ascii_digits(text: &str, minus: bool) -> std::borrow::Cow<'_, str> {
    // Nothing to map below U+0660: the minus signs and digits it maps are above (a test checks).
    if text.is_ascii() || text.chars().all(|c| c < '\u{660}') {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if minus && spelling::digits::is_unicode_minus(c) {
                '-'
            } else {
                spelling::digits::ascii_digit(c).unwrap_or(c)
            }
        })
        .collect::<String>()
        .into()
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(input, "a date as a JSON string (YYYY-MM-DD)", "set to the date as a string, YYYY-MM-DD")
}

/// "1 October 2026".
fn words(d: NaiveDate) -> String {
    format!("{} {} {}", d.day(), month_name(d.month()), d.year())
}

fn month_name(m: u32) -> &'static str {
    usize::try_from(m).ok().and_then(|m| m.checked_sub(1)).and_then(|i| MONTHS_EN.get(i)).copied().unwrap_or("?")
}

fn weekday_name(n: u32) -> &'static str {
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        .get(usize::try_from(n.saturating_sub(1)).unwrap_or(0))
        .copied()
        .unwrap_or("?")
}

fn iso_value(d: NaiveDate) -> Value {
    Value::String(iso_text(d))
}

/// `YYYY-MM-DD`, written digit by digit (chrono's `Display` goes through the formatter, several
/// times slower, and this runs for every value and note); other years through chrono.
pub(crate) fn iso_text(d: NaiveDate) -> String {
    with_iso_text(d, str::to_owned)
}

/// Calls `f` with `YYYY-MM-DD` written on the stack (years 0-9999; others through chrono).
pub(crate) fn with_iso_text<T>(d: NaiveDate, f: impl FnOnce(&str) -> T) -> T {
    let Some(year) = u32::try_from(d.year()).ok().filter(|y| *y <= 9999) else { return f(&d.to_string()) };
    let digit = |n: u32| b'0' + u8::try_from(n % 10).unwrap_or(0);
    let (m, day) = (d.month(), d.day());
    let text = [
        digit(year / 1000),
        digit(year / 100),
        digit(year / 10),
        digit(year),
        b'-',
        digit(m / 10),
        digit(m),
        b'-',
        digit(day / 10),
        digit(day),
    ];
    f(std::str::from_utf8(&text).unwrap_or_default())
}

/// `<head> <year>` (`October 2026`, `Q2 2026`), or the year alone for an empty head; years
/// 1000-9999 written digit by digit, others through the formatter.
fn span_name(head: &str, y: i32) -> String {
    let mut name = String::with_capacity(head.len() + 6);
    if !head.is_empty() {
        name.push_str(head);
        name.push(' ');
    }
    match u32::try_from(y).ok().filter(|y| (1000..=9999).contains(y)) {
        Some(y) => {
            name.extend([y / 1000, y / 100, y / 10, y].map(|n| char::from(b'0' + u8::try_from(n % 10).unwrap_or(0))))
        }
        None => name.push_str(&y.to_string()),
    }
    name
}

/// First and last day of a month, quarter or year.
fn bounds(span: Span) -> Option<(NaiveDate, NaiveDate, String)> {
    let (first, last_exclusive, name) = match span {
        Span::Month(y, m) => {
            let first = NaiveDate::from_ymd_opt(y, m, 1)?;
            (first, first.checked_add_months(chrono::Months::new(1))?, span_name(month_name(m), y))
        }
        Span::Quarter(y, q) => {
            let first = NaiveDate::from_ymd_opt(y, 3 * q - 2, 1)?;
            let quarter = ["Q1", "Q2", "Q3", "Q4"].get(usize::try_from(q).ok()?.checked_sub(1)?)?;
            (first, first.checked_add_months(chrono::Months::new(3))?, span_name(quarter, y))
        }
        Span::Year(y) => (NaiveDate::from_ymd_opt(y, 1, 1)?, NaiveDate::from_ymd_opt(y + 1, 1, 1)?, span_name("", y)),
        Span::Decade(y) => {
            (NaiveDate::from_ymd_opt(y, 1, 1)?, NaiveDate::from_ymd_opt(y.checked_add(10)?, 1, 1)?, format!("the {y}s"))
        }
        Span::Half(y, h) => {
            let first = NaiveDate::from_ymd_opt(y, 6 * h - 5, 1)?;
            let half = ["H1", "H2"].get(usize::try_from(h).ok()?.checked_sub(1)?)?;
            (first, first.checked_add_months(chrono::Months::new(6))?, span_name(half, y))
        }
        Span::Week(y, w) => {
            let first = NaiveDate::from_isoywd_opt(y, w, chrono::Weekday::Mon)?;
            (first, first.checked_add_days(Days::new(7))?, format!("ISO week {w} of {y}"))
        }
        _ => return None,
    };
    Some((first, last_exclusive.pred_opt()?, name))
}

/// Turns the grammar's readings into one outcome for `role`.
fn resolve(input: &Input<'_>, parsed: &Parsed, opts: &DateOptions) -> Outcome<NaiveDate> {
    let candidates = &parsed.candidates;
    let Some(first) = candidates.first() else {
        let Some(imp) = parsed.impossible.first() else { return not_a_date(input, opts) };
        return Outcome::ask(impossible(input, *imp));
    };
    if candidates.len() > 1 {
        if let Some(out) = settled_by_weekday(input, parsed) {
            return out;
        }
    }
    if parsed.two_digit_year {
        // Every day the spelling can name, each with its meaning.
        let days: Vec<(NaiveDate, Reading)> = candidates
            .iter()
            .filter_map(|c| match c.span {
                Span::Day(d) => Some((d, Reading { value: iso_value(d), meaning: meaning(d, c.order) })),
                _ => None,
            })
            .collect();
        let options: Vec<String> = days.iter().map(|(d, _)| quoted(&d.to_string())).collect();
        return Outcome::ask(
            Ask::new(
                AskCode::TwoDigitYear,
                input,
                "a date with a four-digit year",
                format!("set to the date you meant with its four-digit year: {}", options.join(" or ")),
            )
            .with_readings(days.into_iter().map(|(_, r)| r).collect()),
        );
    }
    if candidates.len() > 1 {
        let (readings, options): (Vec<Reading>, Vec<String>) = candidates.iter().filter_map(choice).unzip();
        return Outcome::ask(ambiguous(input, readings, &options));
    }
    single(input, parsed, *first, opts)
}

/// The `ambiguous_date` ask of a spelling with several readings, each offered in the hint as
/// `options` writes it.
fn ambiguous(input: &Input<'_>, readings: Vec<Reading>, options: &[String]) -> Ask {
    Ask::new(
        AskCode::AmbiguousDate,
        input,
        "a date with one reading, as YYYY-MM-DD",
        format!("set to {}", options.join(" or ")),
    )
    .with_readings(readings)
}

/// Several days (two orders, a month word of two languages, two centuries) of which exactly
/// one is the weekday the text also names (`pon, 23 lis 2026`: 23 October or 23 November, and
/// only 23 November 2026 is a Monday): that day, with a note naming the readings it was chosen
/// from. The text carries one meaning; every other case still asks.
#[cold]
#[inline(never)]
fn settled_by_weekday(input: &Input<'_>, parsed: &Parsed) -> Option<Outcome<NaiveDate>> {
    let written = u32::from(parsed.weekday.filter(|w| *w != 0 && parsed.weekday_settles)?);
    let days: Vec<NaiveDate> = parsed
        .candidates
        .iter()
        .map(|c| if let Span::Day(d) = c.span { Some(d) } else { None })
        .collect::<Option<_>>()?;
    let mut matching = days.iter().filter(|d| d.weekday().number_from_monday() == written);
    let (Some(&d), None) = (matching.next(), matching.next()) else { return None };
    let others: Vec<String> = days.iter().filter(|x| **x != d).map(|x| words(*x)).collect();
    let out = day(input, parsed, d, Order::Fixed);
    Some(out.note(Note::new(
        NoteCode::DateSpellingNormalized,
        format!(
            "The text also reads as {}, but only {} is a {}, the weekday it names.",
            others.join(" or "),
            words(d),
            weekday_name(written)
        ),
    )))
}

/// A reading of one candidate among several, and how the hint offers it.
fn choice(c: &Candidate) -> Option<(Reading, String)> {
    let (value, meaning, label) = match c.span {
        Span::Day(d) => {
            let label = format!("{} ({} {})", quoted(&d.to_string()), d.day(), month_name(d.month()));
            (d.to_string(), meaning(d, c.order), label)
        }
        Span::Month(y, m) => {
            let value = format!("{y:04}-{m:02}");
            let label = format!("{} ({} {y})", quoted(&value), month_name(m));
            (value, format!("the whole of {} {y}", month_name(m)), label)
        }
        Span::DayMonth(d, m) => {
            let value = format!("{d} {}", month_name(m));
            (
                value.clone(),
                format!("{value}, with its year still to add"),
                format!("{d} {} with its year", month_name(m)),
            )
        }
        Span::Relative(offset) => {
            let word = match offset {
                -2 => "the day before yesterday".to_owned(),
                -1 => "yesterday".to_owned(),
                0 => "today".to_owned(),
                1 => "tomorrow".to_owned(),
                2 => "the day after tomorrow".to_owned(),
                _ => counted(offset, "day"),
            };
            (word.clone(), word.clone(), quoted(&word))
        }
        Span::RelativeMonths(offset) => {
            let word = counted(offset, "month");
            (word.clone(), word.clone(), quoted(&word))
        }
        Span::Quarter(y, n) | Span::Half(y, n) => {
            // Written as the reader reads the span back (`2026-Q1`, `2026-H1`).
            let (letter, kind) = if matches!(c.span, Span::Quarter(..)) { ('Q', "quarter") } else { ('H', "half") };
            let (first, last, name) = bounds(c.span)?;
            let value = format!("{y:04}-{letter}{n}");
            let meaning = format!("{name}, the {kind} from {} to {}", words(first), words(last));
            return Some((Reading { value: Value::String(value.clone()), meaning }, quoted(&value)));
        }
        Span::Week(..)
        | Span::Year(_)
        | Span::Decade(_)
        | Span::RelativePeriod(..)
        | Span::RelativeWeekday(..)
        | Span::Sentinel => return None,
    };
    Some((Reading { value: Value::String(value), meaning }, label))
}

fn meaning(d: NaiveDate, order: Order) -> String {
    match order {
        Order::Fixed => words(d),
        Order::DayFirst => format!("{} (day first)", words(d)),
        Order::MonthFirst => format!("{} (month first)", words(d)),
        Order::YearFirst => format!("{} (year first)", words(d)),
        Order::BuddhistEra => {
            format!("{} (the year {} of the Buddhist era, as Thai dates count years)", words(d), d.year() + 543)
        }
    }
}

/// The outcome of the one candidate a spelling names, for the role.
fn single(input: &Input<'_>, parsed: &Parsed, candidate: Candidate, opts: &DateOptions) -> Outcome<NaiveDate> {
    match candidate.span {
        Span::Sentinel => sentinel(&input.to_json_text(), opts.role),
        Span::Day(d) => day(input, parsed, d, candidate.order),
        Span::Month(..) | Span::Quarter(..) | Span::Half(..) | Span::Week(..) | Span::Year(_) | Span::Decade(_) => {
            match bounds(candidate.span) {
                Some((first, last, name)) => span(input, (first, last, &name), opts.role),
                None => Outcome::ask(impossible(input, Impossible { year: 0, month: 0, day: 0 })),
            }
        }
        Span::Relative(offset) => within_reach(input, relative(input, offset, opts.today), opts.today),
        Span::RelativeMonths(months) => within_reach(input, relative_months(input, months, opts.today), opts.today),
        Span::RelativePeriod(unit, offset) => {
            within_reach(input, relative_period(input, unit, offset, opts), opts.today)
        }
        Span::RelativeWeekday(weekday, offset) => {
            within_reach(input, relative_weekday(input, weekday, offset, opts.today), opts.today)
        }
        Span::DayMonth(day, month) => {
            let weekday = parsed.weekday.filter(|w| *w != 0).map(u32::from);
            match (weekday, opts.today) {
                (Some(w), Some(today)) => weekday_year(input, (day, month, w), today),
                _ => Outcome::ask(no_year(input, day, month, opts.today)),
            }
        }
    }
}

/// A day and month with a weekday and no year (`Mon 30 Nov`, as short date formats without a
/// year write one), with `today`: the one such day within a year of today that is that weekday,
/// read with a note; no such day, or two, ask as a day without a year does.
fn weekday_year(input: &Input<'_>, (day, month, weekday): (u32, u32, u32), today: NaiveDate) -> Outcome<NaiveDate> {
    let fits: Vec<NaiveDate> = (-1..=1)
        .filter_map(|k| NaiveDate::from_ymd_opt(today.year() + k, month, day).filter(|d| in_reach(*d)))
        .filter(|d| d.weekday().number_from_monday() == weekday && (*d - today).num_days().abs() <= 366)
        .collect();
    let [d] = fits.as_slice() else { return Outcome::ask(no_year(input, day, month, Some(today))) };
    Outcome::ok(*d).note(Note::new(
        NoteCode::RelativeDateResolved,
        format!(
            "Read {} as {d}: the {day} {} within a year of today ({today}) that is a {}.",
            input.to_json_text(),
            month_name(month),
            weekday_name(weekday)
        ),
    ))
}

/// The ask of a day and month without a year (`1 Oct`). With `today`, its readings are the
/// last such day on or before today and the next one after it (29 February: in leap years).
fn no_year(input: &Input<'_>, day: u32, month: u32, today: Option<NaiveDate>) -> Ask {
    let expected = format!("a date with its year; {} is {day} {} of no year", input.to_json_text(), month_name(month));
    let on = |y: i32| NaiveDate::from_ymd_opt(y, month, day).filter(|d| in_reach(*d));
    let nearest = today.and_then(|t| {
        let last = (0..8).filter_map(|k| on(t.year() - k)).find(|d| *d <= t)?;
        let next = (0..9).filter_map(|k| on(t.year() + k)).find(|d| *d > t)?;
        Some((t, last, next))
    });
    let Some((today, last, next)) = nearest else {
        return Ask::new(AskCode::IncompleteDate, input, expected, "set to the full date with its year, as YYYY-MM-DD");
    };
    last_or_next(
        input,
        expected,
        "set to ",
        (last, format!("{}, the last one on or before today ({today})", words(last))),
        (next, format!("{}, the next one after today ({today})", words(next))),
    )
}

/// The `incomplete_date` ask naming two days, each with its meaning (the last such day and
/// the next one), the hint `lead` followed by both.
fn last_or_next(
    input: &Input<'_>,
    expected: String,
    lead: &str,
    (last, last_meaning): (NaiveDate, String),
    (next, next_meaning): (NaiveDate, String),
) -> Ask {
    let hint = format!("{lead}{} or {}", quoted(&iso_text(last)), quoted(&iso_text(next)));
    Ask::new(AskCode::IncompleteDate, input, expected, hint).with_readings(vec![
        Reading { value: iso_value(last), meaning: last_meaning },
        Reading { value: iso_value(next), meaning: next_meaning },
    ])
}

/// `0001-01-01`, `9999-12-31`: no bound on a range, a placeholder elsewhere.
fn sentinel(received: &str, role: DateRole) -> Outcome<NaiveDate> {
    match role {
        DateRole::From | DateRole::To => {
            let which = if role == DateRole::From { "lower" } else { "upper" };
            Outcome::absent()
                .note(Note::new(NoteCode::OpenBoundReadAsAbsent, format!("Read {received} as no {which} bound.")))
        }
        DateRole::Point => Outcome::absent().note(Note::new(
            NoteCode::PlaceholderReadAsAbsent,
            format!("Read {received} as absent: it is a placeholder date, not a value."),
        )),
    }
}

/// One day: its weekday checked, its repairs noted.
fn day(input: &Input<'_>, parsed: &Parsed, d: NaiveDate, order: Order) -> Outcome<NaiveDate> {
    if let Some(w) = parsed.weekday.filter(|w| *w != 0) {
        if u32::from(w) != d.weekday().number_from_monday() {
            return Outcome::ask(weekday_mismatch(input, d, u32::from(w), parsed.counted));
        }
    }
    let mut notes = Vec::new();
    match (&parsed.time_dropped, parsed.iso) {
        (Some(offset), _) => notes.push(Note::new(
            NoteCode::TimeDropped,
            format!("Read {} as {d}: the time was dropped; the date is the one in {offset}.", input.to_json_text()),
        )),
        (None, true) => {}
        (None, false) => {
            notes.push(with_iso_text(d, |t| Note::read_as(NoteCode::DateSpellingNormalized, input, t, "")));
        }
    }
    if !parsed.iso && parsed.time_dropped.is_some() {
        notes.push(Note::new(NoteCode::DateSpellingNormalized, "The date was written in another spelling.".into()));
    }
    let inferred = match order {
        Order::DayFirst => Some("day-first"),
        Order::MonthFirst => Some("month-first"),
        Order::Fixed | Order::YearFirst => None,
        Order::BuddhistEra => {
            notes.push(Note::new(
                NoteCode::DateSpellingNormalized,
                format!("The year {} is of the Buddhist era, as Thai dates count years: {}.", d.year() + 543, d.year()),
            ));
            None
        }
    };
    if let Some(which) = inferred {
        notes.push(Note::new(
            NoteCode::DateOrderInferred,
            format!("Only the {which} order of day and month names a date that exists."),
        ));
    }
    Outcome::ok(d).with_notes(notes)
}

/// `Read <input> as <day>, the <which> day of <name>.`, without the formatter (a test compares
/// it with `format!`).
fn bound_note(input: &Input<'_>, day: NaiveDate, which: &str, name: &str) -> Note {
    let mut m = String::with_capacity(40 + input.json_len_hint() + name.len());
    m.push_str("Read ");
    input.push_json_text(&mut m);
    m.push_str(" as ");
    with_iso_text(day, |t| m.push_str(t));
    m.push_str(", the ");
    m.push_str(which);
    m.push_str(" day of ");
    m.push_str(name);
    m.push('.');
    Note::new(NoteCode::BoundExpanded, m)
}

/// A month, quarter or year: its first or last day as a range bound; one day is asked for.
fn span(input: &Input<'_>, (first, last, name): (NaiveDate, NaiveDate, &str), role: DateRole) -> Outcome<NaiveDate> {
    match role {
        DateRole::From => Outcome::ok(first).note(bound_note(input, first, "first", name)),
        DateRole::To => Outcome::ok(last).note(bound_note(input, last, "last", name)),
        DateRole::Point => Outcome::ask(
            Ask::new(
                AskCode::IncompleteDate,
                input,
                format!("one day; {} is the whole of {name}", input.to_json_text()),
                format!(
                    "set to one day, such as {} (its first day) or {} (its last day), or use a date range",
                    quoted(&first.to_string()),
                    quoted(&last.to_string())
                ),
            )
            .with_readings(vec![
                Reading { value: iso_value(first), meaning: format!("the first day of {name}") },
                Reading { value: iso_value(last), meaning: format!("the last day of {name}") },
            ]),
        ),
    }
}

/// `3 days ago`, `in 2 months`: a count of a unit from today, in English.
fn counted(offset: i64, unit: &str) -> String {
    let n = offset.unsigned_abs();
    let plural = if n == 1 { "" } else { "s" };
    if offset < 0 {
        format!("{n} {unit}{plural} ago")
    } else {
        format!("in {n} {unit}{plural}")
    }
}

/// `3 months ago`, `in 2 years`: resolved against `today` (the same day of the month, or the
/// month's last day when it has no such day, which the note says), asked about without it.
fn relative_months(input: &Input<'_>, months: i64, today: Option<NaiveDate>) -> Outcome<NaiveDate> {
    let Some(today) = today else { return without_today(input) };
    let by = chrono::Months::new(u32::try_from(months.unsigned_abs()).unwrap_or(u32::MAX));
    let day = if months >= 0 { today.checked_add_months(by) } else { today.checked_sub_months(by) };
    let Some(d) = day else { return Outcome::ask(out_of_reach(input, Some(today))) };
    let clamped = if d.day() == today.day() {
        String::new()
    } else {
        format!("; {} {} has no day {}, so its last day", month_name(d.month()), d.year(), today.day())
    };
    Outcome::ok(d).note(Note::new(
        NoteCode::RelativeDateResolved,
        format!("Read {} as {d} (today is {today}{clamped}).", input.to_json_text()),
    ))
}

/// `last month`, `this year`, `next quarter`: the period before, of or after today's, read as
/// that month, quarter or year is (a range bound is its first or last day), with a note of
/// today; asked about without `today`.
fn relative_period(input: &Input<'_>, unit: u8, offset: i8, opts: &DateOptions) -> Outcome<NaiveDate> {
    let Some(today) = opts.today else { return without_today(input) };
    let months = today.year() * 12 + i32::try_from(today.month0()).unwrap_or(0);
    let period = match unit {
        3 => {
            let m = months + i32::from(offset);
            Span::Month(m.div_euclid(12), u32::try_from(m.rem_euclid(12) + 1).unwrap_or(1))
        }
        5 => {
            let q = months.div_euclid(3) + i32::from(offset);
            Span::Quarter(q.div_euclid(4), u32::try_from(q.rem_euclid(4) + 1).unwrap_or(1))
        }
        _ => Span::Year(today.year() + i32::from(offset)),
    };
    let Some((first, last, name)) = bounds(period) else {
        return Outcome::ask(out_of_reach(input, Some(today)));
    };
    let out = span(input, (first, last, &name), opts.role);
    if out.value().is_none() {
        return out; // one day was asked for: the ask names the period's first and last day
    }
    out.note(Note::new(
        NoteCode::RelativeDateResolved,
        format!("Read {} as {name} (today is {today}).", input.to_json_text()),
    ))
}

/// `next Friday`, `last Monday`, `this Sunday`: that weekday in the week after, before or of
/// today's. Said on a Tuesday, "next Friday" is this week's Friday to some and next week's to
/// others, and a week starts on Monday in some regions and on Sunday in others: every day
/// those readings give is a reading, so one day reads (with a note of today) and several ask
/// `ambiguous_date` with each. Asked about without `today`.
fn relative_weekday(input: &Input<'_>, weekday: u8, offset: i8, today: Option<NaiveDate>) -> Outcome<NaiveDate> {
    let Some(today) = today else { return without_today(input) };
    let (wanted, now) = (i64::from(weekday) - 1, i64::from(today.weekday().num_days_from_monday()));
    // Days from today: the weekday in the week `offset` weeks away, weeks from Monday and from
    // Sunday; then the nearest such weekday after (next), before (last) or from (this) today.
    let mut days: Vec<i64> = [0, 6]
        .iter()
        .map(|start| (wanted - start).rem_euclid(7) - (now - start).rem_euclid(7) + 7 * i64::from(offset))
        .collect();
    let ahead = (wanted - now).rem_euclid(7);
    days.push(match offset {
        1 if ahead == 0 => 7,
        -1 => ahead - 7,
        _ => ahead,
    });
    days.sort_unstable();
    days.dedup();
    let dated: Vec<NaiveDate> =
        days.iter().filter_map(|&n| today.checked_add_signed(chrono::TimeDelta::days(n))).collect();
    match dated.as_slice() {
        [d] => Outcome::ok(*d).note(Note::new(
            NoteCode::RelativeDateResolved,
            format!(
                "Read {} as {d} (today is {today}, a {}).",
                input.to_json_text(),
                weekday_name(today.weekday().number_from_monday())
            ),
        )),
        [] => Outcome::ask(out_of_reach(input, Some(today))),
        several => {
            let readings: Vec<Reading> = several
                .iter()
                .map(|d| Reading {
                    value: iso_value(*d),
                    meaning: format!(
                        "{} {}, {} today ({today})",
                        weekday_name(d.weekday().number_from_monday()),
                        words(*d),
                        counted_days(*d - today)
                    ),
                })
                .collect();
            let options: Vec<String> = several.iter().map(|d| quoted(&d.to_string())).collect();
            Outcome::ask(ambiguous(input, readings, &options))
        }
    }
}

/// `3 days after`, `1 day before`: how far a day is from today, in a meaning's words.
fn counted_days(delta: chrono::TimeDelta) -> String {
    let n = delta.num_days();
    let side = if n < 0 { "before" } else { "after" };
    match n.unsigned_abs() {
        1 => format!("1 day {side}"),
        n => format!("{n} days {side}"),
    }
}

/// A relative spelling read without the `today` option: the reader never reads the clock.
fn without_today(input: &Input<'_>) -> Outcome<NaiveDate> {
    Outcome::ask(Ask::new(
        AskCode::RelativeDateWithoutToday,
        input,
        "an absolute date, as YYYY-MM-DD; this reader does not know today's date",
        "set to the absolute date as YYYY-MM-DD",
    ))
}

/// Today, yesterday, tomorrow: resolved against `today`, asked about without it.
fn relative(input: &Input<'_>, offset: i64, today: Option<NaiveDate>) -> Outcome<NaiveDate> {
    let Some(today) = today else { return without_today(input) };
    let day = if offset >= 0 {
        today.checked_add_days(Days::new(offset.unsigned_abs()))
    } else {
        today.checked_sub_days(Days::new(offset.unsigned_abs()))
    };
    match day {
        Some(d) => Outcome::ok(d).note(Note::new(
            NoteCode::RelativeDateResolved,
            format!("Read {} as {d} (today is {today}).", input.to_json_text()),
        )),
        None => Outcome::ask(out_of_reach(input, Some(today))),
    }
}

/// A date resolved against today, kept within [`REACH`]: a value or a reading outside it (`in
/// 9000 years`, or a `today` set near the calendar's ends) asks, as it would not read back.
fn within_reach(input: &Input<'_>, out: Outcome<NaiveDate>, today: Option<NaiveDate>) -> Outcome<NaiveDate> {
    let outside = match &out.status {
        Status::Ok { value } => !in_reach(*value),
        Status::Ask { ask } => {
            ask.readings.iter().any(|r| !matches!(&r.value, Value::String(s) if canonical(s).is_some_and(in_reach)))
        }
        Status::Absent => false,
    };
    if outside {
        Outcome::ask(out_of_reach(input, today))
    } else {
        out
    }
}

/// The ask of a relative word that resolves outside [`REACH`].
pub(super) fn out_of_reach(input: &Input<'_>, today: Option<NaiveDate>) -> Ask {
    let from = today.map_or_else(String::new, |t| format!(", from today ({t}),"));
    Ask::new(
        AskCode::ImpossibleDate,
        input,
        format!(
            "a date from {} to {}, the years this reader writes; {}{from} falls outside them",
            REACH.0,
            REACH.1,
            input.to_json_text()
        ),
        "set to an absolute date within those years, as YYYY-MM-DD",
    )
}

/// The ask of a text that names no date; a text of several dates (`2026-01-01, 2026-02-01`)
/// names each ([`crate::several`]; a range's bounds are parts of it, and ask as they are).
#[cold]
fn not_a_date(input: &Input<'_>, opts: &DateOptions) -> Outcome<NaiveDate> {
    if let Input::String(text) = input {
        let text = spelling::clean_edges(text).0;
        let alone = || lone_weekday(input, text, opts).or_else(|| bound_of_no_year(input, text, opts));
        if let Some(out) = period_end(input, text, opts).or_else(alone) {
            return out;
        }
    }
    let out = Outcome::ask(Ask::new(
        AskCode::NotADate,
        input,
        "a date, as YYYY-MM-DD (day-month-year with dots, and month names, also read)",
        "set to the date as YYYY-MM-DD",
    ));
    if opts.part {
        return out;
    }
    let cx = scope(opts);
    let part = DateOptions { part: true, ..opts.clone() };
    crate::several::or_each(&cx, input, out, |p| read_prepared(p, &part), |d| iso_value(*d))
}

/// Words before a period that name its first or last day whatever the role (`the end of
/// 2026`: 2026-12-31; `first day of October 2026`: 2026-10-01; `konec roku 2026`).
const PERIOD_ENDS: &[(&str, DateRole)] = &[
    ("the last day of", DateRole::To),
    ("last day of", DateRole::To),
    ("the first day of", DateRole::From),
    ("first day of", DateRole::From),
    ("the end of", DateRole::To),
    ("end of", DateRole::To),
    ("the start of", DateRole::From),
    ("start of", DateRole::From),
    ("the beginning of", DateRole::From),
    ("beginning of", DateRole::From),
    ("posledn\u{ed} den", DateRole::To),
    ("prvn\u{ed} den", DateRole::From),
    ("konec", DateRole::To),
    ("konce", DateRole::To),
    ("za\u{10d}\u{e1}tek", DateRole::From),
    ("Ende", DateRole::To),
    ("Anfang", DateRole::From),
];

/// The text after a leading word of `words` (any case, a space after it), if it starts so.
pub(super) fn after_word<'t>(text: &'t str, words: &[&str]) -> Option<&'t str> {
    words.iter().find_map(|w| {
        let head = text.get(..w.len())?;
        let rest = text.get(w.len()..)?;
        (head.eq_ignore_ascii_case(w) || head.to_lowercase() == w.to_lowercase())
            .then(|| rest.strip_prefix(' '))
            .flatten()
            .map(str::trim_start)
            .filter(|r| !r.is_empty())
    })
}

/// The first or last day of a period named after words that say which (`end of October
/// 2026`, `the first day of 2026`, `end of next month`, `end of the month` with `today`:
/// [`PERIOD_ENDS`]), with `bound_expanded`; `None` for any other text, or when the period
/// does not read.
#[cold]
fn period_end(input: &Input<'_>, text: &str, opts: &DateOptions) -> Option<Outcome<NaiveDate>> {
    let (rest, role) = period_end_words(text)?;
    let this = this_period(rest);
    let inner = read_prepared(Input::String(this), &DateOptions { role, today: opts.today, part: opts.part });
    let Some(&day) = inner.value() else {
        // The period's own ask (no today, two orders), about the whole text.
        let mut ask = inner.as_ask().filter(|a| a.code != AskCode::NotADate)?.clone();
        (ask.received, ask.cut_from) = input.received();
        return Some(Outcome::ask(ask));
    };
    // The period's note says the whole text was read (`Read "end of October 2026" as
    // 2026-10-31, the last day of October 2026.`); a day read as itself gets one.
    let (inner_text, outer_text) = (Input::String(this).to_json_text(), input.to_json_text());
    let mut notes: Vec<Note> = inner.notes;
    if this != rest {
        // The period word the text wrote (`měsíce`), not the one it was read as (`this month`).
        let written = Input::String(rest).to_json_text();
        for note in notes.iter_mut().filter(|n| n.code != NoteCode::BoundExpanded) {
            note.message = note.message.replacen(&inner_text, &written, 1);
        }
    }
    let expanded = notes.iter_mut().find(|n| n.code == NoteCode::BoundExpanded);
    match expanded {
        Some(note) => note.message = note.message.replacen(&inner_text, &outer_text, 1),
        None => notes.push(Note::new(
            NoteCode::BoundExpanded,
            format!("Read {outer_text} as {}, the day {} names.", iso_text(day), quoted(rest)),
        )),
    }
    Some(Outcome::ok(day).with_notes(notes))
}

/// The period after words naming its first or last day ([`PERIOD_ENDS`]) and that day's role.
fn period_end_words(text: &str) -> Option<(&str, DateRole)> {
    PERIOD_ENDS.iter().find_map(|(words, role)| Some((after_word(text, &[words])?, *role)))
}

/// A period word after [`PERIOD_ENDS`] that means the one today is in (`end of the month`,
/// `konec měsíce`, `Ende des Jahres`), as the relative words write it; any other text as it is.
fn this_period(text: &str) -> &str {
    match grammar::word_key(text).as_str() {
        "month" | "the month" | "mesice" | "des monats" => "this month",
        "year" | "the year" | "roku" | "des jahres" => "this year",
        _ => text,
    }
}

/// A weekday alone (`Friday`, `on Friday`, `pátek`): with `today`, `incomplete_date` naming
/// the last one on or before today and the next one after it; without, `incomplete_date`
/// asking for the date. `None` for any other text.
#[cold]
fn lone_weekday(input: &Input<'_>, text: &str, opts: &DateOptions) -> Option<Outcome<NaiveDate>> {
    let text = after_word(text, &["on", "v", "am", "le", "el"]).unwrap_or(text);
    let weekday = crate::data::dates::WEEKDAYS.get(&grammar::word_key(text)).map(u32::from)?;
    let name = weekday_name(weekday);
    let expected = format!("a date; {} is a weekday of no week", input.to_json_text());
    let Some(today) = opts.today else {
        return Some(Outcome::ask(Ask::new(
            AskCode::IncompleteDate,
            input,
            expected,
            format!("set to the {name} you meant, as YYYY-MM-DD"),
        )));
    };
    let nth = |back: bool| {
        (0..=7u64)
            .filter_map(|k| {
                if back {
                    today.checked_sub_days(Days::new(k))
                } else {
                    today.checked_add_days(Days::new(k + 1))
                }
            })
            .find(|d| d.weekday().number_from_monday() == weekday)
            .filter(|d| in_reach(*d))
    };
    let (last, next) = (nth(true)?, nth(false)?);
    Some(Outcome::ask(last_or_next(
        input,
        expected,
        &format!("set to the {name} you meant, as YYYY-MM-DD: "),
        (last, format!("{name} {}, the last one on or before today ({today})", words(last))),
        (next, format!("{name} {}, the next one after today", words(next))),
    )))
}

/// A month or quarter of no year (`October`, `Q3`: [`recent::yearless`]): `incomplete_date`; for
/// a range's bound with `today`, naming its first (role `from`) or last (role `to`) day in the
/// last year it began on or before today and in the year after. `None` for any other text.
#[cold]
fn bound_of_no_year(input: &Input<'_>, text: &str, opts: &DateOptions) -> Option<Outcome<NaiveDate>> {
    let recent::Yearless { name, month, spans } = recent::yearless(&grammar::word_key(text), opts.today)?;
    let expected = format!("a date with its year; {} is {name} of no year", input.to_json_text());
    let bound = |(first, last, _): (NaiveDate, NaiveDate, i32)| if opts.role == DateRole::To { last } else { first };
    let (Some([a, b]), false) = (spans, opts.role == DateRole::Point) else {
        let fix = format!("set to the date you meant in {name} of the year you meant, as YYYY-{month:02}-DD");
        return Some(Outcome::ask(Ask::new(AskCode::IncompleteDate, input, expected, fix)));
    };
    let side = if opts.role == DateRole::To { "last" } else { "first" };
    Some(Outcome::ask(last_or_next(
        input,
        expected,
        "set to ",
        (bound(a), format!("the {side} day of {name} {}, the last one begun on or before today", a.2)),
        (bound(b), format!("the {side} day of {name} {}, the next one", b.2)),
    )))
}

/// The weekday `written` (ISO number) counted `d`'s day of the month times within its month
/// (`d` the 1st: the first such weekday), with the ordinal's word; `None` past the fifth.
fn nth_of_month(d: NaiveDate, written: u32) -> Option<(NaiveDate, &'static str)> {
    let word = ["first", "second", "third", "fourth", "fifth"].get(usize::try_from(d.day()).ok()?.checked_sub(1)?)?;
    let weekday = chrono::Weekday::try_from(u8::try_from(written.checked_sub(1)?).ok()?).ok()?;
    Some((NaiveDate::from_weekday_of_month_opt(d.year(), d.month(), weekday, u8::try_from(d.day()).ok()?)?, word))
}

fn weekday_mismatch(input: &Input<'_>, d: NaiveDate, written: u32, counted: bool) -> Ask {
    let actual = d.weekday().number_from_monday();
    // The nearest day with the written weekday.
    let nearest = (1..=3u64)
        .flat_map(|k| [d.checked_add_days(Days::new(k)), d.checked_sub_days(Days::new(k))])
        .flatten()
        .find(|x| x.weekday().number_from_monday() == written);
    let mut readings = vec![Reading {
        value: iso_value(d),
        meaning: format!("{}, a {}, as the numbers say", words(d), weekday_name(actual)),
    }];
    if let Some(n) = nearest {
        readings.push(Reading {
            value: iso_value(n),
            meaning: format!("{} {}, the nearest {}", weekday_name(written), words(n), weekday_name(written)),
        });
    }
    // `1 Tuesday October 2026`: the number may count the weekdays of the month.
    if let Some((m, word)) = counted.then(|| nth_of_month(d, written)).flatten().filter(|(m, _)| Some(*m) != nearest) {
        readings.push(Reading {
            value: iso_value(m),
            meaning: format!(
                "{}, the {word} {} of {} {}",
                words(m),
                weekday_name(written),
                month_name(m.month()),
                m.year()
            ),
        });
    }
    let options: Vec<String> = readings.iter().map(|r| json_text(&r.value)).collect();
    Ask::new(
        AskCode::WeekdayMismatch,
        input,
        format!(
            "a weekday that matches the date; {} is a {}, not a {}",
            words(d),
            weekday_name(actual),
            weekday_name(written)
        ),
        format!("set to the date you meant, as YYYY-MM-DD: {}", options.join(" or ")),
    )
    .with_readings(readings)
}

fn impossible(input: &Input<'_>, imp: Impossible) -> Ask {
    let Impossible { year, month, day } = imp;
    let (why, nearest): (String, Vec<NaiveDate>) = if month == 0 || month > 12 {
        (format!("there is no month {month}"), Vec::new())
    } else if day == 0 {
        ("there is no day 0".to_owned(), NaiveDate::from_ymd_opt(year, month, 1).into_iter().collect())
    } else if let Some(first) = NaiveDate::from_ymd_opt(year, month, 1) {
        let next = first.checked_add_months(chrono::Months::new(1));
        let last = next.and_then(|n| n.pred_opt());
        let days = last.map_or(0, |l| l.day());
        let leap = if month == 2 && day == 29 { format!(" ({year} is not a leap year)") } else { String::new() };
        (format!("{} {year} has {days} days{leap}", month_name(month)), last.into_iter().chain(next).collect())
    } else {
        ("the date is outside the calendar this reader knows".to_owned(), Vec::new())
    };
    let fix = match nearest.as_slice() {
        [a, b] => format!(
            "set to a date that exists, such as {} or {}, the nearest ones",
            quoted(&a.to_string()),
            quoted(&b.to_string())
        ),
        [a] => format!("set to a date that exists, such as {}", quoted(&a.to_string())),
        _ => "set to a date that exists, as YYYY-MM-DD".to_owned(),
    };
    Ask::new(AskCode::ImpossibleDate, input, format!("a date that exists; {why}"), fix)
}

/// The date reader compares no suggestions and reads no clock: a context of its own holds the
/// several-values rule's scope (a bound of a range, an item of a list reads as a part).
fn scope(opts: &DateOptions) -> Context<'static> {
    let cx = Context::new(&System);
    if opts.part {
        cx.of_parts()
    } else {
        cx
    }
}

impl Reader for DateOptions {
    type Value = NaiveDate;
    const CONSTRAINED: bool = true;
    const SET_LIKE: bool = true;

    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<NaiveDate> {
        if let Input::String(s) = input {
            cx.spend_folding(crate::reader::fold_cost(s));
        }
        if cx.in_parts() && !self.part {
            return read_prepared(input, &Self { part: true, ..self.clone() });
        }
        read_prepared(input, self)
    }

    fn to_json(&self, value: NaiveDate) -> Value {
        iso_value(value)
    }

    fn schema(&self) -> serde_json::Value {
        schema_of(self.role)
    }

    /// A canonical `YYYY-MM-DD` is its own text, copied ([`read_value`]).
    fn read_json(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Value> {
        match input {
            Input::String(s) if !cx.in_parts() || self.part => {
                cx.spend_folding(crate::reader::fold_cost(s));
                read_value(input, self)
            }
            _ => self.read(input, cx).map(iso_value),
        }
    }
}

impl Reader for DateRangeOptions {
    type Value = DateRange;

    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<DateRange> {
        if let Input::String(s) = input {
            cx.spend_folding(crate::reader::fold_cost(s));
        }
        read_range_prepared(input, self)
    }

    /// An open bound is left out, so the canonical range reads back with no note.
    fn to_json(&self, value: DateRange) -> Value {
        let mut range = serde_json::Map::new();
        if let Some(from) = value.from {
            range.insert("from".into(), Value::String(iso_text(from)));
        }
        if let Some(to) = value.to {
            range.insert("to".into(), Value::String(iso_text(to)));
        }
        Value::Object(range)
    }

    fn schema(&self) -> serde_json::Value {
        crate::reader::fragment(
            "A date range: {\"from\": YYYY-MM-DD, \"to\": YYYY-MM-DD}, either bound optional.".into(),
            serde_json::json!({"type": "object", "properties": {"from": {"type": ["string", "null"], "format": "date"}, "to": {"type": ["string", "null"], "format": "date"}}, "additionalProperties": false}),
            &["object", "array", "string", "number", "null"],
            "[from, to], \"2020\" or \"únor 2020\" (the whole span), \"2026-01-01/2026-06-30\", \"from … to …\", and, when the server knows today, \"last month\" and \"year to date\"; \"last week\" and \"last 30 days\" are asked about.",
        )
    }
}

/// The date's JSON Schema fragment.
fn schema_of(role: DateRole) -> serde_json::Value {
    let role = match role {
        DateRole::Point => "A date",
        DateRole::From => "The first day of the range (inclusive); a year or month means its first day",
        DateRole::To => "The last day of the range (inclusive); a year or month means its last day",
    };
    crate::reader::fragment(
        format!("{role}, as YYYY-MM-DD."),
        serde_json::json!({"type": "string", "format": "date"}),
        &["string", "number", "array", "null"],
        "datetimes (the time is dropped), 1. 10. 2026 (day first with dots), month and weekday names of every major language, relative words (today, 3 days ago, last month) when the server knows today. 01/02/2026 and two-digit years are asked about.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Near the ends of the years this reader writes, every relative spelling's value and
    /// readings read back as themselves; a `today` outside them is a typed misuse.
    #[test]
    fn relative_words_near_the_calendar_ends_read_back_or_ask() {
        let words =
            ["tomorrow", "yesterday", "in 3 years", "3 days ago", "next Friday", "last year", "31 Dec", "Mon 3 Jan"];
        let ends = [(2, 1, 1), (2, 1, 5), (9998, 12, 28), (9998, 12, 31)];
        for (y, m, d) in ends {
            let today = NaiveDate::from_ymd_opt(y, m, d).unwrap();
            for role in [DateRole::Point, DateRole::From, DateRole::To] {
                let opts = DateOptions::role(role).today(today);
                for w in words {
                    let out = read(Input::String(w), &opts).unwrap();
                    let mut days: Vec<NaiveDate> = out.value().copied().into_iter().collect();
                    if let Some(ask) = out.as_ask() {
                        days.extend(ask.readings.iter().map(|r| canonical(r.value.as_str().unwrap()).unwrap()));
                    }
                    for day in days {
                        let back = read(Input::String(&day.to_string()), &DateOptions::role(role)).unwrap();
                        assert_eq!(back.value(), Some(&day), "{w} from {today} ({role:?})");
                    }
                }
            }
        }
        for bad in [(1, 12, 31), (9999, 1, 1), (-26, 11, 29)] {
            let today = NaiveDate::from_ymd_opt(bad.0, bad.1, bad.2).unwrap();
            let err = read(Input::String("today"), &DateOptions::default().today(today)).unwrap_err();
            assert!(err.to_string().contains("must be a date from 0002-01-01 to 9998-12-31"), "{err}");
            let json = serde_json::json!({"today": today.to_string()});
            assert!(serde_json::from_value::<DateOptions>(json.clone()).is_err());
            assert!(serde_json::from_value::<DateRangeOptions>(json).is_err());
        }
    }

    #[test]
    fn relative_weekdays_name_that_weekday_in_the_week_asked_for() {
        let monday = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        for start in 0..7u64 {
            let today = monday + Days::new(start);
            for weekday in 1..=7u8 {
                for offset in -1i8..=1 {
                    let out = relative_weekday(&Input::String("x"), weekday, offset, Some(today));
                    let days: Vec<NaiveDate> = match (&out.status, out.value()) {
                        (_, Some(d)) => vec![*d],
                        (crate::outcome::Status::Ask { ask }, None) => ask
                            .readings
                            .iter()
                            .map(|r| r.value.as_str().unwrap().parse::<NaiveDate>().unwrap())
                            .collect(),
                        _ => panic!("{today} {weekday} {offset}: {:?}", out.to_json()),
                    };
                    assert!((1..=3).contains(&days.len()), "{today} {weekday} {offset}");
                    for d in &days {
                        assert_eq!(d.weekday().number_from_monday(), u32::from(weekday));
                        let gap = (*d - today).num_days();
                        match offset {
                            1 => assert!((1..=13).contains(&gap), "next: {today} {d}"),
                            -1 => assert!((-13..=-1).contains(&gap), "last: {today} {d}"),
                            _ => assert!((-6..=6).contains(&gap), "this: {today} {d}"),
                        }
                    }
                    // "Next" reads as one day only when every reading is the first such
                    // weekday after today, at most a week ahead.
                    if offset == 1 && days.len() == 1 {
                        assert!((*days.first().unwrap() - today).num_days() <= 7);
                    }
                }
            }
        }
    }

    fn ok(s: &str, role: DateRole) -> String {
        let out = read_prepared(s.into(), &DateOptions::role(role));
        out.value().map(ToString::to_string).unwrap_or_else(|| format!("{:?}", out.to_json()))
    }

    /// The names and notes written without the formatter say what `format!` said.
    #[test]
    fn span_names_and_bound_notes_are_the_formatted_text() {
        for y in [-44, 0, 7, 999, 1000, 2026, 9999, 10_000, 262_143] {
            assert_eq!(span_name("", y), y.to_string());
            assert_eq!(span_name("Q2", y), format!("Q2 {y}"));
            assert_eq!(span_name("October", y), format!("October {y}"));
        }
        let day = NaiveDate::from_ymd_opt(2026, 6, 30).unwrap();
        for input in [Input::from("2026-Q2"), Input::from("a \"quoted\" text"), Input::Number("2026")] {
            let note = bound_note(&input, day, "last", "Q2 2026");
            let said = format!("Read {} as {day}, the last day of Q2 2026.", input.to_json_text());
            assert_eq!(note.message, said);
        }
    }

    /// `read_value`'s shortcut (a canonical date is its own text) gives what the reader and
    /// `iso_text` give, for every `YYYY-MM-DD` shape: valid, impossible, sentinel and
    /// short-year dates.
    #[test]
    fn read_value_is_read_prepared_as_iso_text() {
        let opts = DateOptions::role(DateRole::To);
        let years = [0, 1, 2, 999, 1000, 1900, 2024, 2026, 9998, 9999];
        for (y, m, d) in
            years.iter().flat_map(|&y| (0..=13).flat_map(move |m| [0, 1, 28, 29, 30, 31, 32].map(|d| (y, m, d))))
        {
            let s = format!("{y:04}-{m:02}-{d:02}");
            let shortcut = read_value(Input::from(s.as_str()), &opts);
            let full = read_prepared(Input::from(s.as_str()), &opts).map(iso_value);
            assert_eq!(shortcut.to_json(), full.to_json(), "{s}");
        }
    }

    #[test]
    fn bounds_of_spans() {
        assert_eq!(ok("2020", DateRole::From), "2020-01-01");
        assert_eq!(ok("2020", DateRole::To), "2020-12-31");
        assert_eq!(ok("2020-02", DateRole::To), "2020-02-29");
        assert_eq!(ok("únor 2021", DateRole::To), "2021-02-28");
        assert_eq!(ok("2026-Q3", DateRole::From), "2026-07-01");
        assert_eq!(ok("Q3 2026", DateRole::To), "2026-09-30");
    }
}
