//! Reads a range written as one string into its two bounds, each leaving out what the other
//! says, as CLDR's interval formats write them: split at a separator (`2026-01-01 to
//! 2026-06-30`, `2026-01-01/2026-06-30`, `1–31 January 2026`, `2020-2022`), then completed
//! (`Jan 1 – 31, 2026`: the month from the first, the year from the second; `2020–22`;
//! `23 December 2026 – 5 January`), an ISO interval with an open or abbreviated end
//! (`2026-01-01/..`, `2026-10-01/10-31`), and a reversed pair of periods.

use chrono::{Datelike, NaiveDate};

use crate::codes::{AskCode, NoteCode};
use crate::data::dates::INTERVAL_JOINERS;
use crate::hint::At;
use crate::input::{quoted, Input};
use crate::outcome::{Ask, Note, Outcome, Status};

use super::options::DateOptions;
use super::range::{combine, DateRange};
use super::read::{proven_order, read_in_order, read_prepared};
use super::time::unspaced_script;

/// Two bounds written as one range, the fields one leaves out taken from the other, as CLDR's
/// interval formats write them: `Jan 1 – 31, 2026` (the month from the first, the year from
/// the second), `1–31 January 2026`, `1.–31.1.2026`, `January–March 2026`.
pub(super) fn pair(
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
            if let Some(order) = proven_order(f) {
                b = read_in_order(t, to_opts, order);
            }
        }
        (false, true) => {
            if let Some(order) = proven_order(t) {
                a = read_in_order(f, from_opts, order);
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
        return match no_year_pair((f, t), (&a, &b), (from_opts, to_opts)) {
            Some((a2, b2)) => combine(a2, b2, Some(input)),
            None => combine(a, b, Some(input)),
        };
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

/// Words for "now" as a range's last bound (`2026-10-01 to present`, `od 1. 10. 2026 do
/// dneška`, `seit 2020 bis heute`): grammar, like `OPENERS` (`range_words`); read as `today`,
/// so they need the `today` option as it does. Lower case.
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

/// [`combine`] of the bounds `a` and `b` read from `f` and `t`. When they are reversed and name
/// periods (`Oct 2026 – Sep 2026`, `2027 - 2026`), the swapped reading is each period read in
/// the other's role (2026-09-01 to 2026-10-31), not the two days read (2026-09-30 to
/// 2026-10-01).
pub(super) fn combine_read(
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
        let Some(order) = proven_order(&first) else {
            if both_open.is_none() && matches!(a.as_ask().map(|k| k.code), Some(AskCode::AmbiguousDate)) {
                both_open = Some(a);
            }
            return None;
        };
        let b = read_in_order(t, to_opts, order);
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
    let head = around_last_number(f).map(|(head, _)| head);
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

/// The text of `f` before its last run of ASCII digits and the text after it (`July 13`: `July `
/// and ``); `None` when it has no digit.
fn around_last_number(f: &str) -> Option<(&str, &str)> {
    let end = f.rfind(|c: char| c.is_ascii_digit())?;
    let upto = f.get(..=end)?;
    Some((f.get(..upto.trim_end_matches(|c: char| c.is_ascii_digit()).len())?, f.get(end + 1..)?))
}

/// How many readings an `incomplete_date` ask of days of no year names (the last and the
/// next such day or range); `None` for any other outcome.
pub(super) fn days_of_no_year<T>(o: &Outcome<T>) -> Option<usize> {
    o.as_ask().filter(|k| k.code == AskCode::IncompleteDate && !k.readings.is_empty()).map(|k| k.readings.len())
}

/// Two bounds of no year, one completed with the other's fields as a bound with a year is
/// (`13th to 15th July`: `13th July`; `July 13 – 15`: `July 15`), when both then name the same
/// number of days of no year (the last and the next): the pair to combine, which asks naming
/// each such range. `None` when no completion does.
fn no_year_pair(
    (f, t): (&str, &str),
    (a, b): (&Outcome<NaiveDate>, &Outcome<NaiveDate>),
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<(Outcome<NaiveDate>, Outcome<NaiveDate>)> {
    let days = days_of_no_year::<NaiveDate>;
    let read = |text: &str, opts: &DateOptions| read_prepared(Input::String(text), opts);
    // The end names a day of no year (`15th July`), not a day of no month (`29th`).
    if let Some(n) = days(b).filter(|_| one_day_of_the_year(b)) {
        for end in field_ends(t).take(4) {
            let first = format!("{}{}", f.trim_end_matches('.'), t.get(end..).unwrap_or_default());
            let a2 = read(&first, from_opts);
            if days(&a2) == Some(n) && first.trim() != t.trim() {
                return Some((a2, b.clone()));
            }
        }
    }
    let n = days(a)?;
    let (head, tail) = around_last_number(f)?;
    // `July 13-15`: `July 15`; `August 27th - 29th`: `August 29th`, the end's own ending kept.
    [format!("{head}{t}{tail}"), format!("{head}{t}")].into_iter().find_map(|second| {
        let b2 = read(&second, to_opts);
        (days(&b2) == Some(n) && !head.trim().is_empty()).then(|| (a.clone(), b2))
    })
}

/// Whether an ask's readings are one day of the year in different years (`15 July`: the last
/// and the next), not different days (`29th`: the 29th of two months).
fn one_day_of_the_year(o: &Outcome<NaiveDate>) -> bool {
    let days = o
        .as_ask()
        .into_iter()
        .flat_map(|k| &k.readings)
        .map(|r| r.value.as_str().and_then(|v| v.parse::<NaiveDate>().ok()).map(|d| (d.month(), d.day())));
    let days: Vec<Option<(u32, u32)>> = days.collect();
    days.first().is_some_and(|first| first.is_some() && days.iter().all(|d| d == first))
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
pub(super) fn completed_end_note(written: &str, end: impl std::fmt::Display) -> Note {
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

/// The two bounds of a range written as one string, split where a separator stands.
pub(super) fn split_range(s: &str) -> Option<(&str, &str)> {
    // In any case of ASCII letters (`19th To 21st August`): the offsets of the lower-cased
    // text are the text's own.
    let lower: std::borrow::Cow<'_, str> =
        if s.bytes().any(|b| b.is_ascii_uppercase()) { s.to_ascii_lowercase().into() } else { s.into() };
    RANGE_SEPARATORS
        .iter()
        .find_map(|sep| {
            let i = crate::spelling::match_offsets(&lower, sep).next()?;
            Some((s.get(..i)?, s.get(i + sep.len()..)?))
        })
        .or_else(|| iso_interval(s))
        .or_else(|| joined(s))
        .or_else(|| unspaced_dash(s))
}

/// Two dates joined as the modern locales' interval formats join them ([`INTERVAL_JOINERS`]):
/// an en dash, `至`, `～` or `~` with or without spaces (`1–31 January 2026`,
/// `2026年11月23日～25日`), a word (`a el`, `تا`, `al`) or a hyphen with spaces of any width
/// around it (CLDR writes thin spaces: `Jan 1\u{2009}–\u{2009}31, 2026`).
fn joined(s: &str) -> Option<(&str, &str)> {
    for joiner in INTERVAL_JOINERS {
        let spaced_only = *joiner == "-" || joiner.chars().all(|c| c.is_alphabetic() && !unspaced_script(c));
        for i in crate::spelling::match_offsets(s, joiner) {
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
pub(super) fn letter_dash(s: &str) -> Option<(&str, &str)> {
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
pub(super) fn day_dash(s: &str) -> Option<(&str, &str)> {
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

/// `A/B` where both sides start with a four-digit year (ISO 8601 interval).
fn iso_interval(s: &str) -> Option<(&str, &str)> {
    let (a, b) = s.split_once('/')?;
    (year_first(a) && year_first(b)).then_some((a, b))
}

/// One side of an ISO 8601 interval: a four-digit year first, and no second slash.
fn year_first(x: &str) -> bool {
    x.len() >= 4 && x.bytes().take(4).all(|c| c.is_ascii_digit()) && !x.contains('/')
}

/// An ISO 8601 interval with an open end (`2026-01-01/..`, `../2026-03-31`, and with the open
/// side left empty: `2026-01-01/`, `/2026-03-31`): the one bound it has, the other absent
/// with a note. `None` for any other text.
pub(super) fn open_interval(
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
pub(super) fn abbreviated_end(s: &str) -> Option<(&str, String, &str)> {
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
