//! The read path of one date, e.g. `"1. 10. 2026"` in, 2026-10-01 out: the fast path
//! (`2026-10-01` as itself), the opening (a JSON string or number, its edges and quotes),
//! Unicode digits made ASCII, the placeholder check (`YYYY-MM-DD`), the grammar, and the
//! resolution; then the second look at a text the grammar reads as nothing: words naming a
//! period's first or last day (`end of October 2026`, `konec měsíce`), a weekday alone
//! (`Friday`), a month or quarter of no year (`October`), several dates (`2026-01-01,
//! 2026-02-01`). Also a range bound read in the order of day and month its other bound proves.

use chrono::{Datelike, Days, NaiveDate};
use serde_json::Value;

use crate::codes::{AskCode, NoteCode};
use crate::error::Error;
use crate::input::{quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{self, Door};
use crate::outcome::{Ask, Note, Outcome, Reading};
use crate::spelling;

use super::asks::last_or_next;
use super::grammar::parse;
use super::numeric::iso;
use super::options::{in_reach, today_error, DateOptions, DateRole};
use super::parsed::{sentinel_year, Order, Parsed, Span};
use super::periods::{yearless, Yearless};
use super::resolve::outcome_of_readings;
use super::words::{after_word, settled_in_languages, word_key};
use super::written::{iso_text, iso_value, weekday_name, words};

/// Type names and format templates that read as placeholders for a date.
pub(super) const TYPE_WORDS: &[&str] =
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
    if let Some(message) = crate::spelling::languages::languages_error(&options.languages) {
        return Err(Error::options(message));
    }
    Ok(read_prepared(input, options))
}

/// [`read_prepared`] as its JSON value: a canonical `YYYY-MM-DD` is its own text (copied, not
/// written again from the date).
pub(crate) fn read_value(input: Input<'_>, opts: &DateOptions) -> Outcome<Value> {
    if let Input::String(s) = input {
        if let Some(Ok(d)) = iso(s) {
            if !sentinel_year(d.year()) {
                return Outcome::ok(Value::String(s.to_owned()));
            }
        }
    }
    read_prepared(input, opts).map(iso_value)
}

pub(crate) fn read_prepared(input: Input<'_>, opts: &DateOptions) -> Outcome<NaiveDate> {
    // Fast path: canonical ISO, no allocation.
    if let Input::String(s) = input {
        if let Some(Ok(d)) = iso(s) {
            if !sentinel_year(d.year()) {
                return Outcome::ok(d);
            }
        }
    }
    let door = Door::strings(MAX_SCALAR_CHARS).numbers();
    let cx = super::options::scope(opts);
    let text = match opening::open(&cx, &input, door, |inner| read_prepared(inner, opts), unexpected) {
        Ok(scalar) => scalar.text(),
        Err(out) => return out,
    };
    let mut normalized = normalize(text);
    // The words the `languages` option settles (`listopad` in Czech), as their English names.
    let settled = settled_in_languages(&normalized, &opts.languages);
    let notes = settled.as_ref().map(|(_, n)| n.clone()).unwrap_or_default();
    if let Some((text, _)) = settled {
        normalized = std::borrow::Cow::Owned(text);
    }
    // Before the grammar (the opening's written exception): format templates such as
    // "YYYY-MM-DD" would otherwise read as broken dates. A spelling with digits is a
    // placeholder only when the grammar finds no date in it, so it is checked after.
    let has_digits = normalized.bytes().any(|b| b.is_ascii_digit());
    if !has_digits {
        if let Some(out) = opening::placeholder(&input, TYPE_WORDS) {
            return out;
        }
    }
    let mut parsed = parse(&normalized);
    if has_digits && parsed.candidates.is_empty() && parsed.impossible.is_empty() {
        parsed = han_numerals_as_words(text).unwrap_or(parsed);
    }
    if has_digits && parsed.candidates.is_empty() && parsed.impossible.is_empty() {
        if let Some(out) = opening::placeholder(&input, TYPE_WORDS) {
            return out;
        }
    }
    // ISO only after repairs (edges, quotes, digits) is a repaired spelling, and says so.
    parsed.iso &= normalized == text;
    let out = outcome_of_readings(&input, &parsed, opts, || not_a_date(&input, opts));
    if notes.is_empty() || out.value().is_none() {
        return out;
    }
    out.with_notes(notes)
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
    outcome_of_readings(&input, &parsed, opts, || not_a_date(&input, opts)).note(Note::new(
        NoteCode::DateOrderInferred,
        format!("Read {which}, as the range's other bound is written (there only {which} names a date)."),
    ))
}

/// The grammar's readings of one bound of a range, its invisible marks and fullwidth forms
/// read plain first (`23\u{200f}/11\u{200f}/2026`), as the opening reads them.
fn parse_plain(text: &str) -> Parsed {
    let plain = spelling::plain(text).map(|p| p.text);
    parse(&normalize(plain.as_deref().unwrap_or(text)))
}

/// Edges, quotes, Unicode digits and dashes.
fn normalize(text: &str) -> std::borrow::Cow<'_, str> {
    let (inner, _) = spelling::clean_edges(text);
    match han_numerals_as_digits(inner) {
        Some(digits) => std::borrow::Cow::Owned(ascii_digits(&digits, true).into_owned()),
        None => ascii_digits(inner, true),
    }
}

/// The readings of a text whose Han numerals are words, not digits (`上周二`, CLDR's Chinese
/// "last Tuesday"; `今四半期`), when it reads as such; `None` for a text without them.
#[cold]
fn han_numerals_as_words(text: &str) -> Option<Parsed> {
    use super::parsed::han_digit;
    let inner = spelling::clean_edges(text).0;
    if inner.is_ascii() || !inner.chars().any(|c| han_digit(c).is_some()) {
        return None;
    }
    Some(parse(inner)).filter(|p| !p.candidates.is_empty() || !p.impossible.is_empty())
}

/// A date written with Han numerals before its units (`二月十五号`, `二〇一五年三月三號`,
/// `2013年二月十五日`): each run of Han numerals right before `年`, `月`, `日`, `号` or `號` as
/// ASCII digits, a year digit by digit (`二〇一五`) or as the number it spells, a month or day
/// as the number it spells (`十五`). `None` when the text has no such run.
fn han_numerals_as_digits(text: &str) -> Option<String> {
    use super::parsed::{han_digit, han_value};
    if text.is_ascii() || !text.chars().any(|c| han_digit(c).is_some()) {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut run = String::new();
    let mut changed = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if han_digit(c).is_some() {
            run.push(c);
            continue;
        }
        // A month's name standing as a word (`1 十月 2002`: CLDR's Chinese month names) is
        // read as a name, not as the month of a date written with its units.
        let word_start = out.chars().next_back().is_none_or(char::is_whitespace);
        let word_end = chars.peek().is_none_or(|n| n.is_whitespace() || matches!(n, ',' | '.'));
        let name = c == '月' && word_start && word_end;
        let unit = matches!(c, '年' | '月' | '日' | '号' | '號') && !name;
        match han_value(&run, c == '年').filter(|_| unit && !run.is_empty()) {
            Some(n) => {
                out.push_str(&n.to_string());
                changed = true;
            }
            None => out.push_str(&run),
        }
        run.clear();
        out.push(c);
    }
    out.push_str(&run);
    changed.then_some(out)
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

/// The ask of a text that names no date; a text of several dates (`2026-01-01, 2026-02-01`)
/// names each ([`crate::several`]; a range's bounds are parts of it, and ask as they are).
#[cold]
fn not_a_date(input: &Input<'_>, opts: &DateOptions) -> Outcome<NaiveDate> {
    if let Input::String(text) = input {
        let text = spelling::clean_edges(text).0;
        let alone = || {
            lone_weekday(input, text, opts)
                .or_else(|| lone_day(input, text, opts))
                // A day written as an ordinal word (`on the first`, `Den femtende`).
                .or_else(|| {
                    let day = super::time::after_date_preposition(text).unwrap_or(text);
                    super::spelled::spelled_out(day).and_then(|t| lone_day(input, &t, opts))
                })
                .or_else(|| bound_of_no_year(input, text, opts))
        };
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
    let cx = super::options::scope(opts);
    let part = DateOptions { part: true, ..opts.clone() };
    let out = without_unknown_word(input, out, &part);
    crate::several::or_each(&cx, input, out, |p| read_prepared(p, &part), |d| iso_value(*d))
}

/// The most words a text may have for [`without_unknown_word`] to read it without its first or
/// last word (a date with its weekday and words around it has fewer).
const MAX_WORDS_BESIDE_UNKNOWN: usize = 8;

/// A word the reader does not know first or last beside a date (`xq 16 January 2015`): the
/// text says something the date does not, so it asks, naming the date read without that word
/// as its reading (never read alone: the word may be a weekday or a negation of a language
/// the tables lack).
#[cold]
fn without_unknown_word(input: &Input<'_>, out: Outcome<NaiveDate>, part: &DateOptions) -> Outcome<NaiveDate> {
    let Input::String(text) = input else { return out };
    let text = spelling::clean_edges(text).0;
    let parts: Vec<&str> = text.split_whitespace().collect();
    let is_word = |w: &&&str| w.chars().any(char::is_alphabetic) && !w.chars().any(|c| c.is_ascii_digit());
    if parts.len() < 3 || parts.len() > MAX_WORDS_BESIDE_UNKNOWN {
        return out;
    }
    let (first, last) = (parts.first().filter(is_word), parts.last().filter(is_word));
    let rest = |skip: usize, take: usize| parts.iter().skip(skip).take(take).copied().collect::<Vec<_>>().join(" ");
    let tries = [first.map(|w| (*w, rest(1, parts.len() - 1))), last.map(|w| (*w, rest(0, parts.len() - 1)))];
    let readings: Vec<Reading> = tries
        .into_iter()
        .flatten()
        .filter_map(|(word, rest)| {
            let d = *read_prepared(Input::String(&rest), part).value()?;
            Some(Reading { value: iso_value(d), meaning: format!("{}, the date without {}", words(d), quoted(word)) })
        })
        .collect();
    match (out.as_ask(), readings.as_slice()) {
        (Some(ask), [_]) => Outcome::ask(ask.clone().with_readings(readings)),
        _ => out,
    }
}

/// Words before a period that name its first or last day whatever the role (`the end of
/// 2026`: 2026-12-31; `first day of October 2026`: 2026-10-01; `konec roku 2026`).
const PERIOD_ENDS: &[(&str, DateRole)] = &[
    ("the last day of", DateRole::To),
    ("last day of", DateRole::To),
    ("the last day in", DateRole::To),
    ("last day in", DateRole::To),
    ("the first day of", DateRole::From),
    ("first day of", DateRole::From),
    ("the first day in", DateRole::From),
    ("first day in", DateRole::From),
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

/// The first or last day of a period named after words that say which (`end of October
/// 2026`, `the first day of 2026`, `end of next month`, `end of the month` with `today`:
/// [`PERIOD_ENDS`]), with `bound_expanded`; `None` for any other text, or when the period
/// does not read.
#[cold]
fn period_end(input: &Input<'_>, text: &str, opts: &DateOptions) -> Option<Outcome<NaiveDate>> {
    let (rest, role) = period_end_words(text)?;
    let this = this_period(rest);
    let inner = read_prepared(
        Input::String(this),
        &DateOptions { role, today: opts.today, languages: opts.languages.clone(), part: opts.part },
    );
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
    match word_key(text).as_str() {
        "month" | "the month" | "mesice" | "des monats" => "this month",
        "year" | "the year" | "roku" | "des jahres" => "this year",
        _ => text,
    }
}

/// A weekday alone (`Friday`, `on Friday`, `pátek`, `Monday morning`, `Thursday 8:00`): with `today`, `incomplete_date` naming
/// the last one on or before today and the next one after it; without, `incomplete_date`
/// asking for the date. `None` for any other text.
#[cold]
fn lone_weekday(input: &Input<'_>, text: &str, opts: &DateOptions) -> Option<Outcome<NaiveDate>> {
    // With a time after it (`Thursday 8:00`, `Thursday 8:00 GMT`, `Saturday at 9am`) or before
    // it (`at 9am on Saturday`): the weekday beside it, as a date with a time is read without it.
    // A weekday's name has letters: the numbers a range's bounds try pay nothing here.
    if !text.chars().any(char::is_alphabetic) {
        return None;
    }
    let beside_time = |split: Option<(std::borrow::Cow<'_, str>, Option<String>)>| {
        let (date, _) = split.filter(|(_, time)| time.is_some())?;
        weekday_alone(date.trim_end_matches(|c: char| c == ',' || c.is_whitespace()))
    };
    let weekday = beside_time(Some(super::time::split_time(text)))
        .or_else(|| weekday_alone(text))
        .or_else(|| beside_time(super::time::late_time(text)))
        .or_else(|| beside_time(super::time::early_time(text)))?;
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

/// The ISO number of a weekday's name alone, after a preposition of a day (`on Friday`) or
/// before day-period or time words (`Monday morning`, `pátek odpoledne`).
fn weekday_alone(text: &str) -> Option<u32> {
    let text = super::time::after_date_preposition(text).unwrap_or(text);
    let text = super::time::without_time_words(text).unwrap_or(text);
    let key = word_key(text);
    crate::data::dates::WEEKDAYS.get(&key).map(u32::from).or_else(|| numbered_weekday(&key))
}

/// A weekday written as CLDR's Chinese names write it, a [`WEEKDAY_PREFIXES`] word and the
/// weekday's number as a Han digit (`星期四`, `周一`, `週六`: 1 is Monday), as its ISO number.
///
/// [`WEEKDAY_PREFIXES`]: crate::data::dates::WEEKDAY_PREFIXES
fn numbered_weekday(key: &str) -> Option<u32> {
    let rest = crate::data::dates::WEEKDAY_PREFIXES.iter().find_map(|p| key.strip_prefix(p))?;
    let mut chars = rest.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return None };
    let n = crate::data::scales::NUMBER_WORDS.get(rest).filter(|n| (1..=6).contains(n))?;
    (!c.is_ascii()).then_some(n)
}

/// A day of the month alone (`the 24th`, `on the 15th`, `24th`, `the 24`, `le 24`, `Den 15.`, `på den 15`), or with
/// its weekday (`Tuesday the 19th`, `Thu 15th`: the days that weekday only): with
/// `today`, `incomplete_date` naming the last such day on or before today and the next one
/// after it; without, `incomplete_date` asking for the month and year. A bare number (`24`)
/// is none: it needs an ordinal ending or a filler word before it. `None` for any other text.
#[cold]
fn lone_day(input: &Input<'_>, text: &str, opts: &DateOptions) -> Option<Outcome<NaiveDate>> {
    use super::time::is_date_preposition;
    use super::tokens::{tokens, Token, DATE_FILLERS};
    let (mut fillers, mut day, mut weekday) = (0, None, None);
    let toks = tokens(text);
    for (i, token) in toks.iter().enumerate() {
        match token {
            Token::Word(w) if DATE_FILLERS.contains(&word_key(w).as_str()) || is_date_preposition(w) => fillers += 1,
            // A weekday beside it (`Tuesday the 19th`), of three letters or more: the days named
            // are those that weekday.
            Token::Word(w) if weekday.is_none() && w.chars().nth(2).is_some() => {
                weekday = Some(super::words::weekday_of(w).filter(|d| *d != 0)?);
            }
            Token::Sep(' ' | ',') => {}
            // The point of an ordinal number, as Danish, German and Norwegian write a day (`den 15.`).
            Token::Sep('.') if i > 0 && matches!(toks.get(i - 1), Some(Token::Num { .. })) && i + 1 == toks.len() => {
                if let Some((_, ordinal)) = day.as_mut() {
                    *ordinal = true;
                }
            }
            Token::Num { digits, ordinal } if day.is_none() && digits.len() <= 2 => day = Some((*digits, *ordinal)),
            _ => return None,
        }
    }
    let (digits, ordinal) = day?;
    let n: u32 =
        digits.parse().ok().filter(|n| (1..=31).contains(n) && (ordinal || fillers > 0 || weekday.is_some()))?;
    let expected = format!("a date with its month and year; {} is a day of no month", input.to_json_text());
    let Some(today) = opts.today else {
        return Some(Outcome::ask(Ask::new(
            AskCode::IncompleteDate,
            input,
            expected,
            "set to the date you meant, as YYYY-MM-DD",
        )));
    };
    // The day `n` of the month `k` months from today's, where that month has it.
    let of = |k: i32| {
        let months = today.year().checked_mul(12)? + i32::try_from(today.month0()).ok()? + k;
        let month = u32::try_from(months.rem_euclid(12)).ok()? + 1;
        NaiveDate::from_ymd_opt(months.div_euclid(12), month, n).filter(|d| in_reach(*d))
    };
    // A day of the month falls on each weekday within 14 months.
    let named = |d: &NaiveDate| weekday.is_none_or(|w| d.weekday().number_from_monday() == u32::from(w));
    let last = (0..=14).filter_map(|k| of(-k)).find(|d| *d <= today && named(d))?;
    let next = (0..=14).filter_map(of).find(|d| *d > today && named(d))?;
    Some(Outcome::ask(last_or_next(
        input,
        expected,
        "set to the day you meant, as YYYY-MM-DD: ",
        (last, format!("{}, the last one on or before today ({today})", words(last))),
        (next, format!("{}, the next one after today", words(next))),
    )))
}

/// A month or quarter of no year (`October`, `Q3`: [`yearless`]): `incomplete_date`; for
/// a range's bound with `today`, naming its first (role `from`) or last (role `to`) day in the
/// last year it began on or before today and in the year after. `None` for any other text.
#[cold]
fn bound_of_no_year(input: &Input<'_>, text: &str, opts: &DateOptions) -> Option<Outcome<NaiveDate>> {
    let Yearless { name, month, spans } = yearless(&word_key(text), opts.today)?;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::numeric::canonical;
    use crate::date::range::DateRangeOptions;

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

    fn ok(s: &str, role: DateRole) -> String {
        let out = read_prepared(s.into(), &DateOptions::role(role));
        out.value().map(ToString::to_string).unwrap_or_else(|| format!("{:?}", out.to_json()))
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
