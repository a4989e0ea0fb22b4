//! Turns the grammar's readings into one outcome for the role: one day (`1. 10. 2026`), a
//! period's first or last day (`2026-Q3` as a bound), several readings asked about
//! (`01/02/2026`), a two-digit year (`1 Oct 26`), a weekday that settles or mismatches
//! (`pon, 23 lis 2026`, `Friday, 1 October 2026`), an impossible date (`2026-02-30`), a day of
//! no year (`1 Oct`), a sentinel (`0001-01-01`), and the relative spans (`tomorrow`).

use chrono::{Datelike, Days, NaiveDate};
use serde_json::Value;
use smallvec::SmallVec;

use crate::codes::{AskCode, NoteCode};
use crate::input::{json_text, quoted, Input};
use crate::outcome::{Ask, Note, Outcome, Reading};

use super::asks::{ambiguous, last_or_next, span_bound};
use super::holidays::{holiday_day, holiday_name};
use super::options::{in_reach, DateOptions, DateRole};
use super::parsed::{Candidate, HolidayYear, Impossible, Order, Parsed, Span, FIFTH_WEEKDAY};
use super::periods::bounds;
use super::relative::{ago_or_in, relative_day, relative_months, relative_period, relative_weekday, within_reach};
use super::spelled::counted_weekday;
use super::written::{iso_value, month_name, weekday_name, with_iso_text, words};

/// Turns the grammar's readings into one outcome for `role`; `nothing` when it found neither a
/// reading nor an impossible date.
pub(super) fn outcome_of_readings(
    input: &Input<'_>,
    parsed: &Parsed,
    opts: &DateOptions,
    nothing: impl FnOnce() -> Outcome<NaiveDate>,
) -> Outcome<NaiveDate> {
    let candidates = &parsed.candidates;
    let Some(first) = candidates.first() else {
        let Some(imp) = parsed.impossible.first() else { return nothing() };
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
    if candidates.len() > 1 && candidates.iter().all(|c| matches!(c.span, Span::DayMonth(..))) {
        return Outcome::ask(no_year_orders(input, candidates, opts.today));
    }
    if candidates.iter().all(|c| matches!(c.span, Span::Holiday(..))) {
        return holiday(input, parsed, opts);
    }
    if candidates.len() > 1 {
        let (readings, options): (Vec<Reading>, Vec<String>) = candidates.iter().filter_map(choice).unzip();
        return Outcome::ask(ambiguous(input, readings, &options));
    }
    single(input, parsed, *first, opts)
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
                _ => ago_or_in(offset, "day"),
            };
            (word.clone(), word.clone(), quoted(&word))
        }
        Span::RelativeMonths(offset) => {
            let word = ago_or_in(offset, "month");
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
        | Span::WeekdayOfWeek(..)
        | Span::CountedWeekday(..)
        | Span::DayOfRelativeMonth(..)
        | Span::CountedWeekdayOfRelativeMonth(..)
        | Span::Holiday(..)
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
                Some((first, last, name)) => span_bound(input, (first, last, &name), opts.role),
                None => Outcome::ask(impossible(input, Impossible { year: 0, month: 0, day: 0 })),
            }
        }
        Span::Relative(offset) => within_reach(input, relative_day(input, offset, opts.today), opts.today),
        Span::RelativeMonths(months) => within_reach(input, relative_months(input, months, opts.today), opts.today),
        Span::RelativePeriod(unit, offset) => {
            within_reach(input, relative_period(input, unit, offset, opts), opts.today)
        }
        Span::RelativeWeekday(weekday, offset) => {
            within_reach(input, relative_weekday(input, (weekday, offset, true), opts.today), opts.today)
        }
        Span::WeekdayOfWeek(weekday, offset) => {
            within_reach(input, relative_weekday(input, (weekday, offset, false), opts.today), opts.today)
        }
        Span::CountedWeekday(n, weekday, month) => {
            Outcome::ask(counted_no_year(input, (n, weekday, month), opts.today))
        }
        Span::DayOfRelativeMonth(day, offset) => {
            within_reach(input, day_of_relative_month(input, (day, offset), opts.today), opts.today)
        }
        Span::CountedWeekdayOfRelativeMonth(n, weekday, offset) => {
            within_reach(input, counted_of_relative_month(input, (n, weekday, offset), opts.today), opts.today)
        }
        Span::Holiday(..) => holiday(input, parsed, opts),
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
    let [d] = fits.as_slice() else { return Outcome::ask(weekday_no_year(input, (day, month, weekday), today)) };
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

/// The ask of a day and month with a weekday that none of them within a year of today is
/// (`Fri, Jul 18` said in 2013, when 18 July is a Thursday), or two are: `incomplete_date`
/// naming the last such day on or before today that is that weekday and the next one after it,
/// then the last and the next such day of any weekday (the weekday's word may be another's: Scottish
/// Gaelic `Dia`, Thursday, is Portuguese "day" in `dia 15 de Fevereiro`).
fn weekday_no_year(input: &Input<'_>, (day, month, weekday): (u32, u32, u32), today: NaiveDate) -> Ask {
    let what = format!("{} {day} {}", weekday_name(weekday), month_name(month));
    let expected = format!("a date with its year; {} is {what} of no year", input.to_json_text());
    let on = |y: i32| NaiveDate::from_ymd_opt(y, month, day);
    let on_weekday = |y: i32| on(y).filter(|d| d.weekday().number_from_monday() == weekday);
    let mut readings = Vec::new();
    if let Some((last, next)) = last_and_next_within(today, on_weekday, WEEKDAY_CYCLE_YEARS) {
        let said = |d: NaiveDate| format!("{}, a {}", words(d), weekday_name(weekday));
        readings.extend(last_and_next_readings(today, (last, next), said));
    }
    if let Some((last, next)) = last_and_next(today, on) {
        for (d, which) in [(last, "the last one on or before today"), (next, "the next one after today")] {
            let meaning = format!(
                "{}, a {}, {which} ({today}), with the weekday left out",
                words(d),
                weekday_name(d.weekday().number_from_monday())
            );
            if !readings.iter().any(|r| r.value == iso_value(d)) {
                readings.push(Reading { value: iso_value(d), meaning });
            }
        }
    }
    if readings.is_empty() {
        return Ask::new(AskCode::IncompleteDate, input, expected, "set to the full date with its year, as YYYY-MM-DD");
    }
    let options: Vec<String> = readings.iter().map(|r| json_text(&r.value)).collect();
    Ask::new(AskCode::IncompleteDate, input, expected, format!("set to {}", options.join(" or ")))
        .with_readings(readings)
}

/// A holiday by name ([`super::holidays`]): a day its rule gives in the year the spelling
/// names, read with a note naming the holiday; with no year, `incomplete_date` naming the last
/// such day on or before `today` and the next one after it; a name of two rules asks naming
/// each rule's days.
fn holiday(input: &Input<'_>, parsed: &Parsed, opts: &DateOptions) -> Outcome<NaiveDate> {
    let rules: SmallVec<[(u16, HolidayYear); 2]> = parsed
        .candidates
        .iter()
        .filter_map(|c| if let Span::Holiday(rule, year) = c.span { Some((rule, year)) } else { None })
        .collect();
    let said = |rule: u16, d: NaiveDate| format!("{}, {}", holiday_name(rule), words(d));
    let relative = rules.iter().any(|(_, y)| matches!(y, HolidayYear::Nearest(_) | HolidayYear::OfRelativeYear(_)));
    if relative && opts.today.is_none() {
        return super::relative::without_today(input);
    }
    let days_of = |rule: u16, year: HolidayYear| holiday_days(rule, year, opts.today);
    if let [(rule, year)] = rules.as_slice() {
        let days = days_of(*rule, *year);
        match (days.as_slice(), year) {
            ([d], _) => return holiday_read(input, parsed, (*rule, *d), year),
            ([last, next], HolidayYear::None) => {
                let expected =
                    format!("a date with its year; {} is {} of no year", input.to_json_text(), holiday_name(*rule));
                return Outcome::ask(last_or_next(
                    input,
                    expected,
                    "set to ",
                    (*last, format!("{}, the last one on or before today", said(*rule, *last))),
                    (*next, format!("{}, the next one after today", said(*rule, *next))),
                ));
            }
            _ => {}
        }
    }
    let dated: SmallVec<[(u16, HolidayYear, NaiveDate); 4]> =
        rules.iter().flat_map(|(rule, year)| days_of(*rule, *year).into_iter().map(|d| (*rule, *year, d))).collect();
    // Two rules that give one day in the year named (All Saints' Day on the first Sunday of
    // November 2026, which is 1 November): that day.
    if let [(rule, year @ HolidayYear::Of(_), d), rest @ ..] = dated.as_slice() {
        if !rest.is_empty() && rest.iter().all(|(_, _, other)| other == d) {
            return holiday_read(input, parsed, (*rule, *d), year);
        }
    }
    let readings: Vec<Reading> =
        dated.iter().map(|(rule, _, d)| Reading { value: iso_value(*d), meaning: said(*rule, *d) }).collect();
    let names: Vec<&str> = rules.iter().map(|(rule, _)| holiday_name(*rule)).collect();
    let (text, names) = (input.to_json_text(), names.join(" or "));
    let no_year = rules.iter().any(|(_, y)| *y == HolidayYear::None);
    if readings.is_empty() {
        let hint = "set to the full date with its year, as YYYY-MM-DD";
        return Outcome::ask(if no_year {
            Ask::new(
                AskCode::IncompleteDate,
                input,
                format!("a date with its year; {text} is {names} of no year"),
                hint,
            )
        } else {
            let expected = format!(
                "a date; {text} is {names} of a year with no such day from 0002 to 9998, the years this reader writes"
            );
            Ask::new(AskCode::ImpossibleDate, input, expected, hint)
        });
    }
    let expected = format!("a date with one reading and its year; {text} is {names}");
    let passed = rules.iter().any(|(_, y)| *y == HolidayYear::Nearest(0)) && readings.len() > rules.len();
    let expected = if passed { format!("{expected}, and this year's has passed") } else { expected };
    let code = if no_year { AskCode::IncompleteDate } else { AskCode::AmbiguousDate };
    let options: Vec<String> = readings.iter().map(|r| json_text(&r.value)).collect();
    Outcome::ask(Ask::new(code, input, expected, format!("set to {}", options.join(" or "))).with_readings(readings))
}

/// The days of a holiday's rule the spelling names: the year's, this year's (and the next
/// one, once it has passed), the last or the next one from `today`, or, of no year, both.
fn holiday_days(rule: u16, year: HolidayYear, today: Option<NaiveDate>) -> SmallVec<[NaiveDate; 2]> {
    let on = |y: i32| holiday_day(rule, y);
    let nearest = |today: NaiveDate| last_and_next(today, on);
    let days: SmallVec<[NaiveDate; 2]> = match (year, today) {
        (HolidayYear::Of(y), _) => on(y).into_iter().collect(),
        (_, None) => SmallVec::new(),
        (HolidayYear::OfRelativeYear(k), Some(t)) => on(t.year() + i32::from(k)).into_iter().collect(),
        // This year's, or, once it has passed, it and the next one, to ask.
        (HolidayYear::Nearest(0), Some(t)) => match on(t.year()) {
            Some(d) if d < t => [Some(d), nearest(t).map(|(_, n)| n)].into_iter().flatten().collect(),
            d => d.into_iter().collect(),
        },
        (HolidayYear::Nearest(k), Some(t)) => nearest(t).map(|(l, n)| if k < 0 { l } else { n }).into_iter().collect(),
        (HolidayYear::None, Some(t)) => nearest(t).map(|(l, n)| [l, n].into_iter().collect()).unwrap_or_default(),
    };
    days.into_iter().filter(|d| in_reach(*d)).collect()
}

/// The one day a holiday's spelling names, with a note naming the holiday (and, for a day
/// found from today, today), in place of the spelling's own note.
fn holiday_read(
    input: &Input<'_>,
    parsed: &Parsed,
    (rule, d): (u16, NaiveDate),
    year: &HolidayYear,
) -> Outcome<NaiveDate> {
    let mut out = day(input, parsed, d, Order::Fixed);
    let (code, text) = match year {
        HolidayYear::Of(_) | HolidayYear::None => (
            NoteCode::DateSpellingNormalized,
            format!("Read {} as {d}: {}, {}.", input.to_json_text(), holiday_name(rule), words(d)),
        ),
        HolidayYear::Nearest(_) | HolidayYear::OfRelativeYear(_) => (
            NoteCode::RelativeDateResolved,
            format!("Read {} as {d}: {}, {}, counted from today.", input.to_json_text(), holiday_name(rule), words(d)),
        ),
    };
    let note = Note::new(code, text);
    match out.notes.iter_mut().find(|n| n.code == NoteCode::DateSpellingNormalized) {
        Some(spelling) => *spelling = note,
        None => out.notes.push(note),
    }
    out
}

/// A day of the month before, of or after today's (`the 20th of next month`), resolved against
/// `today` with a note; that month's lacking the day asks `impossible_date`, and no `today` asks
/// for it.
fn day_of_relative_month(input: &Input<'_>, (day, offset): (u32, i8), today: Option<NaiveDate>) -> Outcome<NaiveDate> {
    let Some(today) = today else { return super::relative::without_today(input) };
    let (year, month) = month_from(today, offset);
    let Some(d) = NaiveDate::from_ymd_opt(year, month, day) else {
        return Outcome::ask(impossible(input, Impossible { year, month, day }));
    };
    Outcome::ok(d).note(Note::new(
        NoteCode::RelativeDateResolved,
        format!("Read {} as {d}, day {day} of {} {year} (today is {today}).", input.to_json_text(), month_name(month)),
    ))
}

/// The year and month (1-12) `offset` months from today's.
fn month_from(today: NaiveDate, offset: i8) -> (i32, u32) {
    let months = today.year() * 12 + i32::try_from(today.month0()).unwrap_or(0) + i32::from(offset);
    (months.div_euclid(12), u32::try_from(months.rem_euclid(12) + 1).unwrap_or(1))
}

/// A weekday counted in the month before, of or after today's (`the first Monday of next
/// month`), resolved against `today` with a note; that month's lacking it (a fifth Monday) asks
/// `impossible_date`, and no `today` asks for it.
fn counted_of_relative_month(
    input: &Input<'_>,
    (n, weekday, offset): (i8, u8, i8),
    today: Option<NaiveDate>,
) -> Outcome<NaiveDate> {
    let Some(today) = today else { return super::relative::without_today(input) };
    let (year, month) = month_from(today, offset);
    let what = format!("the {} {} of {} {year}", nth_word(n), weekday_name(u32::from(weekday)), month_name(month));
    let Some(d) = counted_weekday(year, (n, weekday, month)) else {
        return Outcome::ask(impossible(input, Impossible { year, month, day: FIFTH_WEEKDAY + u32::from(weekday) }));
    };
    Outcome::ok(d).note(Note::new(
        NoteCode::RelativeDateResolved,
        format!("Read {} as {d}, {what} (today is {today}).", input.to_json_text()),
    ))
}

/// `first` to `fifth`, or `last` (-1): how a weekday's count in a month is named.
fn nth_word(n: i8) -> &'static str {
    match n {
        -1 => "last",
        n => usize::from(n.unsigned_abs())
            .checked_sub(1)
            .and_then(|i| ["first", "second", "third", "fourth", "fifth"].get(i))
            .unwrap_or(&"counted"),
    }
}

/// The ask of a day and month without a year (`1 Oct`). With `today`, its readings are the
/// last such day on or before today and the next one after it (29 February: in leap years).
fn no_year(input: &Input<'_>, day: u32, month: u32, today: Option<NaiveDate>) -> Ask {
    let expected = format!("a date with its year; {} is {day} {} of no year", input.to_json_text(), month_name(month));
    of_no_year(input, expected, today, |y| NaiveDate::from_ymd_opt(y, month, day), words)
}

/// The ask of a weekday counted in a month of no year (`the first Tuesday of October`), as
/// [`no_year`]'s: with `today`, the last such day on or before today and the next one after it.
fn counted_no_year(input: &Input<'_>, (n, weekday, month): (i8, u8, u32), today: Option<NaiveDate>) -> Ask {
    let what = format!("the {} {} of {}", nth_word(n), weekday_name(u32::from(weekday)), month_name(month));
    let expected = format!("a date with its year; {} is {what} of no year", input.to_json_text());
    let on = |y: i32| counted_weekday(y, (n, weekday, month));
    of_no_year(input, expected, today, on, |d| format!("{}, {what} {}", words(d), d.year()))
}

/// `incomplete_date` for a day of no year, `on` giving it in a year: with `today`, naming the
/// last such day on or before today and the next one after it (`said`: how each is named).
fn of_no_year(
    input: &Input<'_>,
    expected: String,
    today: Option<NaiveDate>,
    on: impl Fn(i32) -> Option<NaiveDate>,
    said: impl Fn(NaiveDate) -> String,
) -> Ask {
    let nearest = today.and_then(|t| last_and_next(t, &on).map(|(last, next)| (t, last, next)));
    let Some((today, last, next)) = nearest else {
        return Ask::new(AskCode::IncompleteDate, input, expected, "set to the full date with its year, as YYYY-MM-DD");
    };
    last_or_next(
        input,
        expected,
        "set to ",
        (last, format!("{}, the last one on or before today ({today})", said(last))),
        (next, format!("{}, the next one after today ({today})", said(next))),
    )
}

/// The last day `on` gives (a year's such day) on or before `today` and the next one after it
/// (29 February: in leap years), within the years this reader writes.
fn last_and_next(today: NaiveDate, on: impl Fn(i32) -> Option<NaiveDate>) -> Option<(NaiveDate, NaiveDate)> {
    last_and_next_within(today, on, 8)
}

/// The years [`weekday_no_year`] looks back and ahead: a day and month fall on one weekday
/// again within 28 years (the solar cycle of the Gregorian calendar, outside century years).
const WEEKDAY_CYCLE_YEARS: i32 = 28;

/// The readings of the last such day on or before `today` and the next one after it, each
/// named by `said`.
fn last_and_next_readings(
    today: NaiveDate,
    (last, next): (NaiveDate, NaiveDate),
    said: impl Fn(NaiveDate) -> String,
) -> [Reading; 2] {
    [
        Reading {
            value: iso_value(last),
            meaning: format!("{}, the last one on or before today ({today})", said(last)),
        },
        Reading { value: iso_value(next), meaning: format!("{}, the next one after today ({today})", said(next)) },
    ]
}

/// [`last_and_next`], looking up to `years` years back and ahead.
fn last_and_next_within(
    today: NaiveDate,
    on: impl Fn(i32) -> Option<NaiveDate>,
    years: i32,
) -> Option<(NaiveDate, NaiveDate)> {
    let on = |y: i32| on(y).filter(|d| in_reach(*d));
    let last = (0..=years).filter_map(|k| on(today.year() - k)).find(|d| *d <= today)?;
    let next = (0..=years + 1).filter_map(|k| on(today.year() + k)).find(|d| *d > today)?;
    Some((last, next))
}

/// The ask of several days and months of no year (`3/4`: 3 April day first or 4 March month
/// first; `1 listopad`: 1 November or 1 October): `incomplete_date`, as the year is missing
/// in each (a range's bound is completed from the other bound, as one of no year is), with
/// `today` naming the last such day on or before today and the next one after it of each.
fn no_year_orders(input: &Input<'_>, candidates: &[Candidate], today: Option<NaiveDate>) -> Ask {
    let said = |c: &Candidate| match c.order {
        Order::DayFirst => " (day first)",
        Order::MonthFirst => " (month first)",
        _ => "",
    };
    let days: Vec<(u32, u32, &str)> = candidates
        .iter()
        .filter_map(|c| if let Span::DayMonth(d, m) = c.span { Some((d, m, said(c))) } else { None })
        .collect();
    let names: Vec<String> = days.iter().map(|(d, m, o)| format!("{d} {}{o}", month_name(*m))).collect();
    let expected =
        format!("a date with one reading and its year; {} is {} of no year", input.to_json_text(), names.join(" or "));
    let mut readings = Vec::new();
    for (today, (d, m, o)) in today.iter().flat_map(|t| days.iter().map(move |x| (*t, x))) {
        let Some((last, next)) = last_and_next(today, |y| NaiveDate::from_ymd_opt(y, *m, *d)) else { continue };
        readings.extend(last_and_next_readings(today, (last, next), |d| format!("{}{o}", words(d))));
    }
    if readings.is_empty() {
        return Ask::new(AskCode::IncompleteDate, input, expected, "set to the full date with its year, as YYYY-MM-DD");
    }
    let options: Vec<String> = readings.iter().map(|r| json_text(&r.value)).collect();
    Ask::new(AskCode::IncompleteDate, input, expected, format!("set to {}", options.join(" or ")))
        .with_readings(readings)
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
    if let Some(w) = parsed.weekday {
        let actual = d.weekday().number_from_monday();
        if w != 0 && u32::from(w) != actual {
            return Outcome::ask(weekday_mismatch(input, d, &[u32::from(w)], parsed.counted));
        }
        // A name of several weekdays (`ma`: Monday in Finnish, Tuesday in Malagasy) is none of
        // the date's: the text says something the date does not.
        if w == 0 && parsed.weekdays != 0 && parsed.weekdays & (1 << actual) == 0 {
            let named: SmallVec<[u32; 3]> = (1..=7).filter(|n| parsed.weekdays & (1 << n) != 0).collect();
            return Outcome::ask(weekday_mismatch(input, d, &named, false));
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

fn weekday_mismatch(input: &Input<'_>, d: NaiveDate, written: &[u32], counted: bool) -> Ask {
    let actual = d.weekday().number_from_monday();
    let mut readings = vec![Reading {
        value: iso_value(d),
        meaning: format!("{}, a {}, as the numbers say", words(d), weekday_name(actual)),
    }];
    for &w in written {
        // The nearest day with the written weekday.
        let nearest = (1..=3u64)
            .flat_map(|k| [d.checked_add_days(Days::new(k)), d.checked_sub_days(Days::new(k))])
            .flatten()
            .find(|x| x.weekday().number_from_monday() == w);
        if let Some(n) = nearest {
            readings.push(Reading {
                value: iso_value(n),
                meaning: format!("{} {}, the nearest {}", weekday_name(w), words(n), weekday_name(w)),
            });
        }
        // `1 Tuesday October 2026`: the number may count the weekdays of the month.
        let counted = counted.then(|| nth_of_month(d, w)).flatten();
        if let Some((m, word)) = counted.filter(|(m, _)| readings.iter().all(|r| r.value != iso_value(*m))) {
            readings.push(Reading {
                value: iso_value(m),
                meaning: format!(
                    "{}, the {word} {} of {} {}",
                    words(m),
                    weekday_name(w),
                    month_name(m.month()),
                    m.year()
                ),
            });
        }
    }
    let options: Vec<String> = readings.iter().map(|r| json_text(&r.value)).collect();
    let names: Vec<&str> = written.iter().map(|w| weekday_name(*w)).collect();
    Ask::new(
        AskCode::WeekdayMismatch,
        input,
        format!(
            "a weekday that matches the date; {} is a {}, not a {}",
            words(d),
            weekday_name(actual),
            names.join(" or a ")
        ),
        format!("set to the date you meant, as YYYY-MM-DD: {}", options.join(" or ")),
    )
    .with_readings(readings)
}

/// The weekday `written` (ISO number) counted `d`'s day of the month times within its month
/// (`d` the 1st: the first such weekday), with the ordinal's word; `None` past the fifth.
fn nth_of_month(d: NaiveDate, written: u32) -> Option<(NaiveDate, &'static str)> {
    let word = ["first", "second", "third", "fourth", "fifth"].get(usize::try_from(d.day()).ok()?.checked_sub(1)?)?;
    let weekday = chrono::Weekday::try_from(u8::try_from(written.checked_sub(1)?).ok()?).ok()?;
    Some((NaiveDate::from_weekday_of_month_opt(d.year(), d.month(), weekday, u8::try_from(d.day()).ok()?)?, word))
}

fn impossible(input: &Input<'_>, imp: Impossible) -> Ask {
    let Impossible { year, month, day } = imp;
    let (why, nearest): (String, Vec<NaiveDate>) = if month == 0 || month > 12 {
        (format!("there is no month {month}"), Vec::new())
    } else if day == 0 {
        ("there is no day 0".to_owned(), NaiveDate::from_ymd_opt(year, month, 1).into_iter().collect())
    } else if let Some(weekday) = day.checked_sub(FIFTH_WEEKDAY).and_then(|w| u8::try_from(w).ok()).filter(|w| *w > 0) {
        let name = weekday_name(u32::from(weekday));
        let last = counted_weekday(year, (-1, weekday, month));
        (
            format!(
                "{} {year} has four {name}s, the last on {}",
                month_name(month),
                last.map_or_else(String::new, words)
            ),
            last.into_iter().collect(),
        )
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
