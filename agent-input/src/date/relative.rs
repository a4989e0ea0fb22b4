//! Reads dates and ranges relative to today, resolved against the `today` option and asked
//! about without it (the library never reads the clock):
//! - a relative day (`today`, `včera`, `demain`, `the day after tomorrow`) and a period or
//!   weekday before, of or after today's (`last month`, `next quarter`, `next Friday`);
//! - a count from today (`3 days ago`, `in 2 weeks`, `před 3 dny`, `vor zwei Tagen`, `a week
//!   ago`, `3日前`, `3 days from now`), as CLDR's relative-time patterns write it;
//! - for a range, the week before, of or after today's (`last week`, `příští týden`), a count
//!   of days, weeks, months or years back (`last 30 days`, `posledních 30 dní`, `les 30
//!   derniers jours`) and a period so far (`year to date`, `YTD`, `od začátku roku`).
//!
//! A period so far has one meaning (its first day to today) and reads. The other ranges do
//! not: a week starts on Monday in some regions and on Sunday in others, and "the last 30 days"
//! is the 30 days before today to some analytics tools, the 30 days up to and with today to
//! others, and everything since the same day 30 days ago to a query that subtracts 30 days.
//! Those ask `ambiguous_date` naming every reading as a `{"from", "to"}` range, never a guess.
//!
//! The words around a range's count (`last`, `posledních`, `derniers`, `Tage`) are grammar of
//! the languages the range reader's other words cover (English, Czech, Slovak, German, French,
//! Spanish, Italian, Portuguese, Polish), as its `from … to …` words are; CLDR writes no such
//! phrase.

use chrono::{Datelike, Days, Months, NaiveDate};
use serde_json::Value;

use crate::codes::{AskCode, NoteCode};
use crate::data::dates::{
    AMBIGUOUS_RELATIVE_DAYS, COUNT_WORDS, ORDINAL_WORDS, RELATIVE_COUNTS, RELATIVE_DAYS, RELATIVE_ONES,
    RELATIVE_PERIODS, RELATIVE_WEEKS,
};
use crate::input::{quoted, Input};
use crate::outcome::{Ask, Note, Outcome, Reading, Status};

use super::asks::{ambiguous, out_of_reach, span_bound};
use super::numeric::canonical;
use super::options::{in_reach, DateOptions};
use super::parsed::{fixed, Parsed, Span};
use super::periods::bounds;
use super::range::{ambiguous_ranges, combine, range_reading, DateRange};
use super::spelled::MAX_DAY_WORDS;
use super::time::leading_digits;
use super::tokens::{is_filler, tokens, word_spans, Token, MONTH_PREPOSITIONS};
use super::words::{several, weekday_of, word_key};
use super::written::{iso_value, month_name, weekday_name, words};

/// English's words of the day before, of and after today, which `the day before …` and `the day
/// after …` count from.
const RELATIVE_DAYS_EN: [(&str, i8); 3] = [("yesterday", -1), ("today", 0), ("tomorrow", 1)];

/// A relative-day word (`today`, `zítra`, `明日`) or a period before, of or after today's
/// (`last month`): its candidates, and true when the text is one.
pub(super) fn relative_words(parsed: &mut Parsed, text: &str) -> bool {
    let key = word_key(text);
    let offsets = RELATIVE_DAYS.get(&key).map_or_else(|| several::<i8>(AMBIGUOUS_RELATIVE_DAYS, &key), |o| vec![o]);
    if offsets.is_empty() && key.contains("day ") {
        // English writes no one word for two days away (CLDR's `en` has none): `the day before
        // yesterday`, `the day after tomorrow`, a day beside an English relative day.
        let beside =
            [("the day before ", -1i8), ("day before ", -1), ("the day after ", 1), ("day after ", 1)].iter().find_map(
                |(head, by)| Some((RELATIVE_DAYS_EN.iter().find(|(w, _)| Some(*w) == key.strip_prefix(head))?.1, by)),
            );
        if let Some((offset, by)) = beside {
            parsed.candidates.push(fixed(Span::Relative(i64::from(offset + by))));
            return true;
        }
    }
    if !offsets.is_empty() {
        parsed.candidates.extend(offsets.into_iter().map(|o| fixed(Span::Relative(i64::from(o)))));
        return true;
    }
    let Some(code) = RELATIVE_PERIODS.get(&key) else { return false };
    let (unit, offset) = (code / 10, code % 10 - 1);
    let span = match unit.unsigned_abs() {
        weekday @ 6..=12 => Span::RelativeWeekday(weekday - 5, offset),
        unit => Span::RelativePeriod(unit, offset),
    };
    parsed.candidates.push(fixed(span));
    true
}

/// The most words a weekday of a named week is read in (`el miércoles de la próxima semana`).
const MAX_WEEKDAY_OF_WEEK_WORDS: usize = 8;

/// A weekday of a week named by CLDR's words of the week before, of or after today's
/// ([`RELATIVE_WEEKS`]: `next week`, `nächste Woche`, `deze week`) on one side of a weekday's
/// name, the other side only fillers (`Wednesday of next week`, `Mittwoch nächste Woche`,
/// `deze week maandag`, `last week Friday`): its candidate, and true when the text is one.
/// A weekday's name of two languages' weekdays or of two letters, or two such readings, read
/// nothing.
pub(super) fn weekday_of_week(parsed: &mut Parsed, text: &str) -> bool {
    let spans = word_spans(text);
    if spans.len() < 2 || spans.len() > MAX_WEEKDAY_OF_WEEK_WORDS {
        return false;
    }
    let key_of = |(s, e): (usize, usize)| text.get(s..e).map(word_key).unwrap_or_default();
    let mut found = None;
    for (i, span) in spans.iter().enumerate() {
        // A weekday's name of three or more letters: two-letter ones are other languages'
        // articles and words (`la próxima semana`: Finnish `la` is Saturday).
        let key = key_of(*span);
        let Some(weekday) = weekday_of(&key).filter(|w| *w != 0 && key.chars().nth(2).is_some()) else { continue };
        let (before, after) = (spans.get(..i).unwrap_or_default(), spans.get(i + 1..).unwrap_or_default());
        let fillers = |side: &[(usize, usize)]| side.iter().all(|s| is_filler(&key_of(*s)));
        let week = |side: &[(usize, usize)], other: &[(usize, usize)]| {
            if side.is_empty() || !fillers(other) {
                return None;
            }
            // The phrase itself, or within fillers (`of next week`, `de la próxima semana`).
            (0..side.len()).flat_map(|a| (a + 1..=side.len()).rev().map(move |b| (a, b))).find_map(|(a, b)| {
                let (head, phrase, tail) = (side.get(..a)?, side.get(a..b)?, side.get(b..)?);
                if !fillers(head) || !fillers(tail) {
                    return None;
                }
                RELATIVE_WEEKS.get(&word_key(text.get(phrase.first()?.0..phrase.last()?.1)?))
            })
        };
        if let Some(offset) = week(after, before).or_else(|| week(before, after)) {
            if found.replace((weekday, offset)).is_some_and(|f| f != (weekday, offset)) {
                return false;
            }
        }
    }
    let Some((weekday, offset)) = found else { return false };
    parsed.candidates.push(fixed(Span::WeekdayOfWeek(weekday, offset)));
    true
}

/// The words that say a weekday's second coming (a week after `next Friday`), folded as
/// [`word_key`] writes them: English `Friday after next` (OED, "after next") and German
/// `übernächsten Freitag` (Duden, "übernächst"), each with the article it may take.
const AFTER_NEXT: [(&str, bool); 6] = [
    (" after next", false),
    ("ubernachsten ", true),
    ("ubernachster ", true),
    ("ubernachste ", true),
    ("am ubernachsten ", true),
    ("den ubernachsten ", true),
];

/// A weekday's name with words saying the one after the next ([`AFTER_NEXT`]: `Friday after
/// next`, `the Wednesday after next`, `übernächsten Freitag`): read as `next Friday` is, a week
/// later, so each reading of `next Friday` gives one. Its candidate, and true when the text is
/// one.
pub(super) fn weekday_after_next(parsed: &mut Parsed, text: &str) -> bool {
    let key = word_key(text);
    let key = key.strip_prefix("the ").unwrap_or(&key);
    let named = AFTER_NEXT.iter().find_map(|(words, before)| match before {
        true => key.strip_prefix(words),
        false => key.strip_suffix(words),
    });
    let Some(weekday) = named.and_then(weekday_of).filter(|d| *d != 0) else { return false };
    parsed.candidates.push(fixed(Span::RelativeWeekday(weekday, 2)));
    true
}

/// The most words a weekday counted in a relative month is read in (`le premier mercredi du
/// mois prochain`).
const MAX_COUNTED_WEEKDAY_WORDS: usize = 8;

/// A weekday counted in the month before, of or after today's, that month named by CLDR's
/// words ([`RELATIVE_PERIODS`]: `next month`, `le mois prochain`) after the weekday's name, with
/// fillers between: the count before the name is an ordinal word of the first to the fifth
/// (every modern locale's, [`ORDINAL_WORDS`]), an ordinal number (`2nd`, `1er`, `2.`) or
/// English `last` (`the first Monday of next month`, `last Friday of this month`, `premier
/// mercredi du mois prochain`): its candidate, and true when the text is one.
#[cold]
#[inline(never)]
pub(super) fn counted_weekday_of_month(parsed: &mut Parsed, text: &str) -> bool {
    let (mut nth, mut weekday, mut after) = (None, None, Vec::new());
    let toks = tokens(text);
    for (i, token) in toks.iter().enumerate() {
        let point_after = matches!(toks.get(i + 1), Some(Token::Sep('.')));
        match token {
            Token::Word(w) if weekday.is_some() => after.push(word_key(w)),
            Token::Num { digits, ordinal } if nth.is_none() && (*ordinal || point_after) => {
                nth = digits.parse::<i8>().ok().filter(|n| (1..=5).contains(n));
                if nth.is_none() {
                    return false;
                }
            }
            Token::Word(w) => {
                let key = word_key(w);
                let named = weekday_of(&key).filter(|d| *d != 0 && key.chars().nth(2).is_some());
                let counted = || {
                    if key == "last" {
                        return Some(-1);
                    }
                    i8::try_from(ORDINAL_WORDS.get(&key).filter(|n| (1..=5).contains(n))?).ok()
                };
                match (named, nth) {
                    (Some(d), Some(_)) => weekday = Some(d),
                    (None, None) if counted().is_some() => nth = counted(),
                    _ if is_filler(&key) => {}
                    _ => return false,
                }
            }
            Token::Sep(' ') => {}
            Token::Sep('.') if i > 0 && matches!(toks.get(i - 1), Some(Token::Num { .. })) => {}
            _ => return false,
        }
    }
    let (Some(n), Some(w)) = (nth, weekday) else { return false };
    if after.len() > MAX_COUNTED_WEEKDAY_WORDS {
        return false;
    }
    let between = |w: &str| is_filler(w) || MONTH_PREPOSITIONS.contains(&w);
    let Some(offset) = relative_month(&after, between) else { return false };
    parsed.candidates.push(fixed(Span::CountedWeekdayOfRelativeMonth(n, w, offset)));
    true
}

/// The offset (-1, 0, 1) of the month CLDR's words at the end of `words` name
/// ([`RELATIVE_PERIODS`]: `next month`, `le mois prochain`), every word before them one that
/// `between` allows (`of`, `the`); `None` when the words name no month so.
fn relative_month<S: AsRef<str>>(words: &[S], between: impl Fn(&str) -> bool) -> Option<i8> {
    for start in 0..words.len() {
        if !words.get(..start)?.iter().all(|w| between(w.as_ref())) {
            return None;
        }
        let phrase = words.get(start..)?.iter().map(AsRef::as_ref).collect::<Vec<&str>>().join(" ");
        // A month's code in RELATIVE_PERIODS: 3 tens, and the offset plus one.
        if let Some(code) = RELATIVE_PERIODS.get(&phrase).filter(|c| c / 10 == 3) {
            return Some(code % 10 - 1);
        }
    }
    None
}

/// A day of a month named by CLDR's words of the month before, of or after today's
/// ([`RELATIVE_PERIODS`]: `next month`, `this month`, `le mois prochain`) after the day's
/// number and its ordinal ending, with fillers between or before (`the 20th of next month`, `20
/// of this month`, `on the 3rd of last month`): its candidate, and true when the text is one.
#[cold]
#[inline(never)]
pub(super) fn day_of_relative_month(parsed: &mut Parsed, text: &str) -> bool {
    // The day's number with its ordinal ending or point, as the tokens read it (`20th`, `20.`,
    // `20-go`), fillers before it, and every word after it.
    let (mut day, mut after) = (None, Vec::new());
    let toks = tokens(text);
    for (i, token) in toks.iter().enumerate() {
        match token {
            Token::Num { digits, .. } if day.is_none() && digits.len() <= 2 => day = digits.parse::<u32>().ok(),
            Token::Word(w) if day.is_some() => after.push(w.as_str()),
            Token::Word(w) if is_filler(w) => {}
            Token::Sep(' ') => {}
            Token::Sep('.') if i > 0 && matches!(toks.get(i - 1), Some(Token::Num { .. })) => {}
            _ => return false,
        }
    }
    let Some(day) = day.filter(|d| (1..=31).contains(d)) else { return false };
    let Some(offset) = relative_month(&after, is_filler) else { return false };
    parsed.candidates.push(fixed(Span::DayOfRelativeMonth(day, offset)));
    true
}

/// A count of days, weeks, months or years from today, as CLDR's relative-time patterns of
/// every modern locale write it (`3 days ago`, `in 2 weeks`, `před 3 dny`, `vor 2 Monaten`,
/// `hace 1 año`, `3日前`): [`RELATIVE_COUNTS`], keyed by the words before and after the one
/// number. Tried only when nothing else read (a rare path: out of line).
#[cold]
#[inline(never)]
pub(super) fn relative_count(parsed: &mut Parsed, text: &str) {
    // English's `3 days from now`, `from today` and `hence` (the *Oxford English Dictionary*'s
    // "from this time") are CLDR's `in 3 days`.
    let lower = text.trim_end().to_ascii_lowercase();
    let after_now = [" from now", " from today", " hence"].iter().find_map(|s| lower.strip_suffix(s));
    if let Some(head) = after_now.filter(|h| !h.trim().is_empty()) {
        let len = head.len();
        return relative_count(parsed, &format!("in {}", text.get(..len).unwrap_or(head)));
    }
    if let Some(weeks) = fortnights(&lower) {
        return relative_count(parsed, &weeks);
    }
    let Some((code, n)) = count_in_digits(text).or_else(|| count_in_words(text)).or_else(|| count_of_one(text)) else {
        return;
    };
    let n = n * i64::from(code.signum());
    let span = match code.abs() {
        1 => Span::Relative(n),
        2 => Span::Relative(7 * n),
        3 => Span::RelativeMonths(n),
        _ => Span::RelativeMonths(12 * n),
    };
    parsed.candidates.push(fixed(span));
}

/// English's fortnight, two weeks (*Oxford English Dictionary*), written as weeks: the count
/// before it (digits, `a`, `an`, or a number word of [`COUNT_WORDS`]) doubled (`a fortnight
/// ago`, `in 3 fortnights`: `2 weeks ago`, `in 6 weeks`). `None` for a text of no fortnight.
fn fortnights(lower: &str) -> Option<String> {
    let words: Vec<&str> = lower.split(' ').collect();
    let at = words.iter().position(|w| matches!(*w, "fortnight" | "fortnights"))?;
    let count = match *words.get(at.checked_sub(1)?)? {
        w if !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()) && w.len() <= 4 => w.parse::<i64>().ok()?,
        w => count_word(w)?,
    };
    let (before, after) = (words.get(..at - 1)?.join(" "), words.get(at + 1..)?.join(" "));
    Some(format!("{before} {} weeks {after}", count * 2).trim().to_owned())
}

/// A count written as a word: one to twelve in a modern locale's words ([`COUNT_WORDS`]: `two`,
/// `zwei`) or English's article (`a`, `an`: one).
fn count_word(word: &str) -> Option<i64> {
    match word.to_ascii_lowercase().as_str() {
        "a" | "an" => Some(1),
        _ => COUNT_WORDS.get(&word_key(word)).map(i64::from),
    }
}

/// The key of [`RELATIVE_COUNTS`] for the words before and after a count (`#days ago`).
fn count_key(before: &str, after: &str) -> String {
    format!("{}#{}", word_key(before), word_key(after))
}

/// The unit code and the count of a relative-time pattern written with digits (`3 days ago`).
fn count_in_digits(text: &str) -> Option<(i8, i64)> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let (before, rest) = text.split_at(start);
    let digits = leading_digits(rest);
    let (number, after) = rest.split_at(digits);
    if digits > 5 || after.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((RELATIVE_COUNTS.get(&count_key(before, after))?, number.parse::<i64>().ok()?))
}

/// The unit code and the count of a relative-time pattern whose count is a word: one to twelve
/// in a modern locale's words ([`COUNT_WORDS`]: `two days ago`, `vor zwei Tagen`) or
/// English's article (`a week ago`, `in a month`). The one word whose place leaves a known
/// pattern around it; `None` when no word does, or two give different counts.
fn count_in_words(text: &str) -> Option<(i8, i64)> {
    let mut found = None;
    let mut at = 0;
    for word in text.split(' ') {
        let start = at;
        at += word.len() + 1;
        let Some(n) = count_word(word) else { continue };
        let (before, after) = (text.get(..start)?, text.get(start + word.len()..)?);
        if let Some(code) = RELATIVE_COUNTS.get(&count_key(before, after)) {
            if found.replace((code, n)).is_some_and(|f| f != (code, n)) {
                return None;
            }
        }
    }
    found
}

/// The unit code of a relative-time pattern of the count one written without its number, its
/// words saying one (`před týdnem`, `tydzień temu`, `неделю назад`: [`RELATIVE_ONES`]), and
/// the count 1. `None` for any other text, or two places that give different units.
fn count_of_one(text: &str) -> Option<(i8, i64)> {
    if text.bytes().any(|b| b.is_ascii_digit()) || text.split(' ').nth(MAX_DAY_WORDS).is_some() {
        return None;
    }
    let gaps = std::iter::once(0).chain(text.match_indices(' ').map(|(i, _)| i)).chain(std::iter::once(text.len()));
    let mut found = None;
    for at in gaps {
        let (before, after) = (text.get(..at)?, text.get(at..)?);
        if let Some(code) = RELATIVE_ONES.get(&count_key(before, after)) {
            if found.replace(code).is_some_and(|f| f != code) {
                return None;
            }
        }
    }
    // The count two written in words is ten times over the unit (`خلال يومين`, in two days).
    found.map(|code| (code % 10, i64::from(code.abs() / 10) + 1))
}

/// Today, yesterday, tomorrow: resolved against `today`, asked about without it.
pub(super) fn relative_day(input: &Input<'_>, offset: i64, today: Option<NaiveDate>) -> Outcome<NaiveDate> {
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

/// `3 months ago`, `in 2 years`: resolved against `today` (the same day of the month, or the
/// month's last day when it has no such day, which the note says), asked about without it.
pub(super) fn relative_months(input: &Input<'_>, months: i64, today: Option<NaiveDate>) -> Outcome<NaiveDate> {
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
pub(super) fn relative_period(input: &Input<'_>, unit: u8, offset: i8, opts: &DateOptions) -> Outcome<NaiveDate> {
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
    let out = span_bound(input, (first, last, &name), opts.role);
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
/// others (`nearest`: the first such weekday after, before or from today is a reading; "this
/// Tuesday" said on a Tuesday is today or the coming one), and a
/// week starts on Monday in some regions and on Sunday in others: every day those readings
/// give is a reading, so one day reads (with a note of today) and several ask `ambiguous_date`
/// with each. A weekday of a week named by its words (`Friday of next week`) is not `nearest`:
/// only the two starts of a week are readings. Asked about without `today`.
pub(super) fn relative_weekday(
    input: &Input<'_>,
    (weekday, offset, nearest): (u8, i8, bool),
    today: Option<NaiveDate>,
) -> Outcome<NaiveDate> {
    let Some(today) = today else { return without_today(input) };
    // After next (2): each day `next` (1) names, a week later.
    let (offset, later) = if offset == 2 { (1, 7) } else { (offset, 0) };
    let (wanted, now) = (i64::from(weekday) - 1, i64::from(today.weekday().num_days_from_monday()));
    // Days from today: the weekday in the week `offset` weeks away, weeks from Monday and from
    // Sunday; then the nearest such weekday after (next), before (last) or from (this) today.
    let mut days: Vec<i64> = [0, 6]
        .iter()
        .map(|start| (wanted - start).rem_euclid(7) - (now - start).rem_euclid(7) + 7 * i64::from(offset))
        .collect();
    let ahead = (wanted - now).rem_euclid(7);
    if nearest {
        days.push(match offset {
            1 if ahead == 0 => 7,
            -1 => ahead - 7,
            _ => ahead,
        });
        // `this Tuesday` said on a Tuesday: today, or the coming one.
        if offset == 0 && ahead == 0 {
            days.push(7);
        }
    }
    if nearest {
        days.sort_unstable();
    }
    days.dedup();
    let dated: Vec<NaiveDate> =
        days.iter().filter_map(|&n| today.checked_add_signed(chrono::TimeDelta::days(n + later))).collect();
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
                        "{} {}, {} ({today}){}",
                        weekday_name(d.weekday().number_from_monday()),
                        words(*d),
                        days_before_or_after(*d - today),
                        week_start(nearest, (*d - today).num_days(), &days)
                    ),
                })
                .collect();
            let options: Vec<String> = several.iter().map(|d| quoted(&d.to_string())).collect();
            Outcome::ask(ambiguous(input, readings, &options))
        }
    }
}

/// The week start a reading of a weekday of a named week (not `nearest`) counts from: of two
/// `days` (days from today), the first is the one of weeks from Monday, the second from Sunday.
fn week_start(nearest: bool, day: i64, days: &[i64]) -> &'static str {
    match (nearest, days) {
        (false, [monday, _]) if day == *monday => ", in weeks from Monday (ISO 8601)",
        (false, [_, _]) => ", in weeks from Sunday",
        _ => "",
    }
}

/// `3 days after today`, `1 day before today`, `today`: how far a day is from today, in a
/// meaning's words.
fn days_before_or_after(delta: chrono::TimeDelta) -> String {
    let n = delta.num_days();
    let side = if n < 0 { "before" } else { "after" };
    match n.unsigned_abs() {
        0 => "today".to_owned(),
        1 => format!("1 day {side} today"),
        n => format!("{n} days {side} today"),
    }
}

/// `3 days ago`, `in 2 months`: a count of a unit from today, in English.
pub(super) fn ago_or_in(offset: i64, unit: &str) -> String {
    let n = offset.unsigned_abs();
    let plural = if n == 1 { "" } else { "s" };
    if offset < 0 {
        format!("{n} {unit}{plural} ago")
    } else {
        format!("in {n} {unit}{plural}")
    }
}

/// A relative spelling read without the `today` option: the reader never reads the clock.
pub(super) fn without_today(input: &Input<'_>) -> Outcome<NaiveDate> {
    Outcome::ask(Ask::new(
        AskCode::RelativeDateWithoutToday,
        input,
        "an absolute date, as YYYY-MM-DD; this reader does not know today's date",
        "set to the absolute date as YYYY-MM-DD",
    ))
}

/// A date resolved against today, kept within [`REACH`](super::options::REACH): a value or a
/// reading outside it (`in 9000 years`, or a `today` set near the calendar's ends) asks, as it
/// would not read back.
pub(super) fn within_reach(input: &Input<'_>, out: Outcome<NaiveDate>, today: Option<NaiveDate>) -> Outcome<NaiveDate> {
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

/// The range `text` names around today (`last week`, `last 30 days`, `year to date`); `None`
/// for any other text (the caller keeps its own ask). `text` is trimmed.
pub(super) fn range_around_today(
    input: &Input<'_>,
    text: &str,
    today: Option<NaiveDate>,
) -> Option<Outcome<DateRange>> {
    let key = word_key(text);
    let what = if let Some(offset) = RELATIVE_WEEKS.get(&key) {
        What::Week(offset)
    } else if let Some((_, unit)) = SO_FAR.iter().find(|(k, _)| *k == key) {
        What::SoFar(*unit)
    } else {
        match counted(&key)? {
            (count, unit, false) => What::Last(count, unit),
            (count, unit, true) => What::Next(count, unit),
        }
    };
    let Some(today) = today else {
        let ask = Ask::new(
            AskCode::RelativeDateWithoutToday,
            input,
            "an absolute range, as {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"}; this reader does not know today's date",
            "set to {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"} with absolute dates",
        );
        return Some(Outcome::ask(ask));
    };
    if !in_reach(today) {
        return Some(Outcome::ask(out_of_reach(input, Some(today))));
    }
    let readings = match what {
        What::SoFar(unit) => return so_far(input, unit, today),
        What::Week(offset) => weeks(offset, today)?,
        What::Last(count, 1) => last_days(count, today)?,
        What::Last(1, 2) => {
            // One week back (`the past week`, `previous week`) is also the week before today's.
            let mut readings = last_days(7, today)?;
            readings.extend(weeks(-1, today)?);
            readings
        }
        What::Last(count, 2) => last_days(count.checked_mul(7)?, today)?,
        What::Last(count, 3) => last_months(count, today)?,
        What::Last(count, _) => last_years(count, today)?,
        What::Next(count, 1) => next_days(count, today)?,
        What::Next(1, 2) => {
            // One week ahead (`the next week`) is also the week after today's.
            let mut readings = next_days(7, today)?;
            readings.extend(weeks(1, today)?);
            readings
        }
        What::Next(count, 2) => next_days(count.checked_mul(7)?, today)?,
        What::Next(count, 3) => next_whole(count, 1, today)?,
        What::Next(count, _) => next_whole(count, 12, today)?,
    };
    if readings.iter().any(|(from, to, _)| !in_reach(*from) || !in_reach(*to)) {
        return Some(Outcome::ask(out_of_reach(input, Some(today))));
    }
    Some(ambiguous_ranges(input, readings))
}

/// What a text names.
enum What {
    /// The week before (-1), of (0) or after (1) today's.
    Week(i8),
    /// The month (3), year (4) or quarter (5) so far.
    SoFar(u8),
    /// A count of days (1), weeks (2), months (3) or years (4) back from today.
    Last(u32, u8),
    /// A count of days, weeks, months or years ahead of today (`next 3 days`).
    Next(u32, u8),
}

/// Words that say "the next" before or after a count (folded), in the languages of [`LAST`].
const NEXT: &[&str] = &[
    "next",
    "coming",
    "following",
    "upcoming", // en
    "pristich",
    "nasledujicich", // cs
    "nasledujucich",
    "buducich", // sk
    "nachsten",
    "kommenden", // de
    "prochains",
    "prochaines", // fr
    "proximos",
    "proximas",
    "siguientes", // es, pt
    "prossimi",
    "prossime", // it
    "nastepnych",
    "najblizszych",
    "kolejnych", // pl
];

/// Words that say "the last" before or after a count (folded: no case, no diacritics).
const LAST: &[&str] = &[
    "last",
    "past",
    "previous", // en
    "poslednich",
    "poslednim",
    "minulych",
    "uplynulych", // cs
    "poslednych", // sk
    "letzten",
    "letzte",
    "vergangenen",
    "vergangene", // de
    "derniers",
    "dernieres", // fr
    "ultimos",
    "ultimas",
    "pasados", // es, pt
    "ultimi",
    "ultime",
    "scorsi",
    "scorse", // it
    "ostatnie",
    "ostatnich", // pl
];

/// Words that may stand around the phrase and add nothing (`in the last 30 days`, `během
/// posledních 30 dní`, `au cours des 30 derniers jours`, `w ciągu ostatnich 30 dni`).
const RANGE_FILLERS: &[&str] = &[
    "the",
    "in",
    "over",
    "during",
    "within",
    "for", // en
    "za",
    "v",
    "behem", // cs, sk
    "die",
    "der",
    "den",
    "innerhalb",
    "wahrend", // de
    "les",
    "des",
    "au",
    "cours",
    "durant",
    "pendant",
    "dans", // fr
    "los",
    "las",
    "en",
    "durante", // es
    "gli",
    "le",
    "negli",
    "nelle",
    "nei", // it
    "os",
    "as",
    "nos",
    "nas", // pt
    "w",
    "ciagu",
    "przez", // pl
];

/// Unit words, folded, and their unit: 1 day, 2 week, 3 month, 4 year.
const UNITS: &[(&str, u8)] = &[
    ("day", 1),
    ("days", 1),
    ("week", 2),
    ("weeks", 2),
    ("month", 3),
    ("months", 3),
    ("year", 4),
    ("years", 4),
    ("den", 1),
    ("dny", 1),
    ("dni", 1),
    ("dnu", 1),
    ("tyden", 2),
    ("tydny", 2),
    ("tydnu", 2), // cs
    ("mesic", 3),
    ("mesice", 3),
    ("mesicu", 3),
    ("rok", 4),
    ("roky", 4),
    ("let", 4),
    ("roku", 4),
    ("dnoch", 1),
    ("tyzden", 2),
    ("tyzdne", 2),
    ("tyzdnov", 2),
    ("mesiac", 3),
    ("mesiace", 3), // sk
    ("mesiacov", 3),
    ("rokov", 4),
    ("tag", 1),
    ("tage", 1),
    ("tagen", 1),
    ("woche", 2),
    ("wochen", 2),
    ("monat", 3),
    ("monate", 3), // de
    ("monaten", 3),
    ("jahr", 4),
    ("jahre", 4),
    ("jahren", 4),
    ("jour", 1),
    ("jours", 1),
    ("semaine", 2),
    ("semaines", 2),
    ("mois", 3),
    ("an", 4),
    ("ans", 4), // fr
    ("annee", 4),
    ("annees", 4),
    ("dia", 1),
    ("dias", 1),
    ("semana", 2),
    ("semanas", 2),
    ("mes", 3),
    ("meses", 3),
    ("ano", 4), // es, pt
    ("anos", 4),
    ("giorno", 1),
    ("giorni", 1),
    ("settimana", 2),
    ("settimane", 2),
    ("mese", 3),
    ("mesi", 3), // it
    ("anno", 4),
    ("anni", 4),
    ("dzien", 1),
    ("tydzien", 2),
    ("tygodnie", 2),
    ("tygodni", 2),
    ("miesiac", 3),
    ("miesiace", 3), // pl
    ("miesiecy", 3),
    ("lata", 4),
    ("lat", 4),
];

/// The unit words of [`UNITS`] in the singular, which count one without a number.
const ONE: &[&str] = &[
    "day",
    "week",
    "month",
    "year",
    "den",
    "tyden",
    "mesic",
    "rok",
    "tyzden",
    "mesiac",
    "tag",
    "woche",
    "monat",
    "jahr",
    "jour",
    "semaine",
    "mois",
    "an",
    "annee",
    "dia",
    "semana",
    "mes",
    "ano",
    "giorno",
    "settimana",
    "mese",
    "anno",
    "dzien",
    "tydzien",
    "miesiac",
];

/// A period so far, folded, and its unit: 3 month, 4 year, 5 quarter.
const SO_FAR: &[(&str, u8)] = &[
    ("ytd", 4),
    ("year to date", 4),
    ("year-to-date", 4),
    ("so far this year", 4),
    ("this year so far", 4),
    ("mtd", 3),
    ("month to date", 3),
    ("month-to-date", 3),
    ("so far this month", 3),
    ("this month so far", 3),
    ("qtd", 5),
    ("quarter to date", 5),
    ("quarter-to-date", 5),
    ("so far this quarter", 5),
    ("od zacatku roku", 4),
    ("od zaciatku roka", 4),
    ("od zacatku mesice", 3),
    ("od zaciatku mesiaca", 3),
    ("seit jahresbeginn", 4),
    ("seit jahresanfang", 4),
    ("seit anfang des jahres", 4),
    ("seit monatsbeginn", 3),
    ("seit monatsanfang", 3),
    ("seit anfang des monats", 3),
    ("depuis le debut de l'annee", 4),
    ("depuis le debut de l'annee en cours", 4),
    ("depuis le debut du mois", 3),
    ("en lo que va del ano", 4),
    ("en lo que va de ano", 4),
    ("en lo que va del mes", 3),
    ("desde principios de ano", 4),
    ("da inizio anno", 4),
    ("dall'inizio dell'anno", 4),
    ("da inizio mese", 3),
    ("dall'inizio del mese", 3),
    ("desde o inicio do ano", 4),
    ("desde o inicio do mes", 3),
    ("od poczatku roku", 4),
    ("od poczatku miesiaca", 3),
];

/// The most days, weeks, months or years a count may name (a longer span is no "last …").
const MAX_COUNT: u32 = 10_000;
/// The count and unit of `last 30 days` and its kin (a folded key), or of a count ahead (`next
/// 3 days`, `příštích 30 dní`, `les 3 prochains jours`: [`NEXT`]), with whether it is ahead:
/// exactly one "last" or "next" word before or after the count, the unit word last (German's
/// filler `den` is also Czech's day), fillers anywhere before it.
fn counted(key: &str) -> Option<(u32, u8, bool)> {
    let (rest, word) = key.rsplit_once(' ')?;
    let unit = UNITS.iter().find(|(w, _)| *w == word)?.1;
    let rest: Vec<&str> = rest.split(' ').filter(|w| !w.is_empty() && !RANGE_FILLERS.contains(w)).collect();
    let side = |w: &&str| match (LAST.contains(w), NEXT.contains(w)) {
        (true, false) => Some(false),
        (false, true) => Some(true),
        _ => None,
    };
    let (count, next) = match rest.as_slice() {
        [w, n] | [n, w] if side(w).is_some() => (count_of_word(n)?, side(w)?),
        // No count before a unit in the singular: one (`the past month`, `previous week`,
        // `over the past year`). CLDR's own words (`last month`, `letzte Woche`, `next
        // month`) are read before this, as the period before or after today's.
        [w] if ONE.contains(&word) => (1, side(w)?),
        _ => return None,
    };
    (1..=MAX_COUNT).contains(&count).then_some((count, unit, next))
}

/// A count in digits or in a modern locale's words (one to twelve).
fn count_of_word(word: &str) -> Option<u32> {
    if word.bytes().all(|b| b.is_ascii_digit()) && word.len() <= 5 {
        return word.parse().ok();
    }
    COUNT_WORDS.get(word).map(u32::from)
}

/// The first days of the weeks holding `day`: the week from Monday (ISO 8601) and the week
/// from Sunday.
pub(super) fn week_starts(day: NaiveDate) -> Option<(NaiveDate, NaiveDate)> {
    let back = |n: u32| day.checked_sub_days(Days::new(u64::from(n)));
    Some((back(day.weekday().num_days_from_monday())?, back(day.weekday().num_days_from_sunday())?))
}

/// The week before, of or after today's, weeks from Monday (ISO 8601) and from Sunday.
fn weeks(offset: i8, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let shift = chrono::TimeDelta::days(7 * i64::from(offset));
    let (monday, sunday) = week_starts(today)?;
    let (monday, sunday) = (monday + shift, sunday + shift);
    let which = ["the week before today's", "today's week", "the week after today's"];
    let which = which.get(usize::try_from(offset + 1).ok()?)?;
    Some(vec![
        range_reading(
            monday,
            monday + Days::new(6),
            format!("{which}, weeks from Monday (ISO 8601; today is {today})"),
        ),
        range_reading(sunday, sunday + Days::new(6), format!("{which}, weeks from Sunday (today is {today})")),
    ])
}

/// `last N days`: since the same day N days ago with today, the N days before today, and the
/// N days up to and with today.
fn last_days(n: u32, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let back = |d: u32| today.checked_sub_days(Days::new(u64::from(d)));
    let yesterday = back(1)?;
    let (days, back_by) =
        if n == 1 { ("day".to_owned(), "a day".to_owned()) } else { (format!("{n} days"), format!("{n} days")) };
    Some(vec![
        range_reading(back(n)?, today, format!("since the same day {back_by} before today ({today}), today included")),
        range_reading(back(n)?, yesterday, format!("the {days} before today ({today}), today left out")),
        match n {
            1 => range_reading(today, today, format!("today ({today}) alone")),
            _ => range_reading(back(n - 1)?, today, format!("the {days} up to today ({today}), today counted as one")),
        },
    ])
}

/// `last N months`: since the same day N months ago with today, and the N whole months before
/// today's.
fn last_months(n: u32, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let since = today.checked_sub_months(Months::new(n))?;
    let this_month = today.with_day(1)?;
    let first = this_month.checked_sub_months(Months::new(n))?;
    let (whole, back) = whole_and_back(n, "month");
    let whole = format!("{whole} before {} {}", month_name(today.month()), today.year());
    Some(vec![
        range_reading(since, today, format!("since the same day {back} before today ({today}), today included")),
        range_reading(first, this_month.pred_opt()?, whole),
    ])
}

/// `last N years`: since the same day N years ago with today, and the N whole years before
/// today's.
fn last_years(n: u32, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let since = today.checked_sub_months(Months::new(n.checked_mul(12)?))?;
    let this_year = today.with_day(1)?.with_month(1)?;
    let first = this_year.with_year(today.year().checked_sub(i32::try_from(n).ok()?)?)?;
    let (whole, back) = whole_and_back(n, "year");
    let whole = format!("{whole} before {}", today.year());
    Some(vec![
        range_reading(since, today, format!("since the same day {back} before today ({today}), today included")),
        range_reading(first, this_year.pred_opt()?, whole),
    ])
}

/// `next N days`: the N days after today, the N days from today (today counted as one), and
/// until the same day N days after today with today.
fn next_days(n: u32, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let ahead = |d: u32| today.checked_add_days(Days::new(u64::from(d)));
    let (days, by) =
        if n == 1 { ("day".to_owned(), "a day".to_owned()) } else { (format!("{n} days"), format!("{n} days")) };
    Some(vec![
        range_reading(ahead(1)?, ahead(n)?, format!("the {days} after today ({today}), today left out")),
        match n {
            1 => range_reading(today, today, format!("today ({today}) alone")),
            _ => range_reading(today, ahead(n - 1)?, format!("the {days} from today ({today}), today counted as one")),
        },
        range_reading(today, ahead(n)?, format!("until the same day {by} after today ({today}), today included")),
    ])
}

/// `next N months` (`months` 1) or `next N years` (12): until the same day N units after
/// today with today, and the N whole units after today's.
fn next_whole(n: u32, months: u32, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let until = today.checked_add_months(Months::new(n.checked_mul(months)?))?;
    let this = if months == 12 { today.with_day(1)?.with_month(1)? } else { today.with_day(1)? };
    let first = this.checked_add_months(Months::new(months))?;
    let end = first.checked_add_months(Months::new(n.checked_mul(months)?))?.pred_opt()?;
    let unit = if months == 12 { "year" } else { "month" };
    let (whole, by) = whole_and_back(n, unit);
    let now =
        if months == 12 { today.year().to_string() } else { format!("{} {}", month_name(today.month()), today.year()) };
    Some(vec![
        range_reading(today, until, format!("until the same day {by} after today ({today}), today included")),
        range_reading(first, end, format!("{whole} after {now}")),
    ])
}

/// The words of `n` whole units (`the whole month`, `the 3 whole months`) and of `n` units
/// back (`a month`, `3 months`).
fn whole_and_back(n: u32, unit: &str) -> (String, String) {
    match n {
        1 => (format!("the whole {unit}"), format!("a {unit}")),
        n => (format!("the {n} whole {unit}s"), format!("{n} {unit}s")),
    }
}

/// The month, year or quarter so far: its first day to today, each bound with a note.
fn so_far(input: &Input<'_>, unit: u8, today: NaiveDate) -> Option<Outcome<DateRange>> {
    let month0 = today.month0();
    let (first, name) = match unit {
        3 => (today.with_day(1)?, format!("{} {}", month_name(today.month()), today.year())),
        5 => (today.with_day(1)?.with_month0(month0 - month0 % 3)?, format!("Q{} {}", month0 / 3 + 1, today.year())),
        _ => (today.with_day(1)?.with_month(1)?, today.year().to_string()),
    };
    let text = input.to_json_text();
    let from = Outcome::ok(first).note(Note::new(
        NoteCode::RelativeDateResolved,
        format!("Read {text} as {first}, the first day of {name} (today is {today})."),
    ));
    let to =
        Outcome::ok(today).note(Note::new(NoteCode::RelativeDateResolved, format!("Read {text} as {today}, today.")));
    Some(combine(from, to, Some(input)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_weekdays_name_that_weekday_in_the_week_asked_for() {
        let monday = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        for start in 0..7u64 {
            let today = monday + Days::new(start);
            for weekday in 1..=7u8 {
                for offset in -1i8..=1 {
                    let out = relative_weekday(&Input::String("x"), (weekday, offset, true), Some(today));
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
                            // `this Tuesday` on a Tuesday: today or the coming one.
                            _ if gap == 7 => assert_eq!(today.weekday().number_from_monday(), u32::from(weekday)),
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

    /// English's `hence`, `from now` and `from today` after a count read as `in` before it, and
    /// a fortnight as two weeks, whatever the count's spelling and unit.
    #[test]
    fn hence_and_fortnights_are_counts_from_today() {
        for unit in ["days", "weeks", "months", "years"] {
            for count in ["3", "three"] {
                let want = relative_spans(&format!("in {count} {unit}"));
                assert!(!want.is_empty(), "in {count} {unit}");
                for suffix in ["hence", "from now", "from today"] {
                    assert_eq!(relative_spans(&format!("{count} {unit} {suffix}")), want, "{count} {unit} {suffix}");
                }
            }
        }
        for (text, weeks) in
            [("a fortnight ago", "2 weeks ago"), ("in 3 fortnights", "in 6 weeks"), ("a fortnight hence", "in 2 weeks")]
        {
            assert_eq!(relative_spans(text), relative_spans(weeks), "{text}");
            assert!(!relative_spans(text).is_empty(), "{text}");
        }
        assert!(relative_spans("fortnight").is_empty() && relative_spans("hence").is_empty());
    }

    fn relative_spans(text: &str) -> Vec<String> {
        let mut parsed = Parsed::default();
        relative_count(&mut parsed, text);
        parsed.candidates.iter().map(|c| format!("{c:?}")).collect()
    }

    /// Every word of the grammar tables is written as the reader folds it, so none is dead, and
    /// no "last" word is also a filler or a unit (a unit is only ever the last word).
    #[test]
    fn table_words_are_folded_and_have_one_role() {
        let words =
            LAST.iter().chain(RANGE_FILLERS).chain(UNITS.iter().map(|(w, _)| w)).chain(SO_FAR.iter().map(|(w, _)| w));
        for w in words {
            assert_eq!(word_key(w), *w, "{w} is not folded");
        }
        for w in LAST {
            assert!(!RANGE_FILLERS.contains(w) && UNITS.iter().all(|(u, _)| u != w), "{w} is two things");
        }
    }

    /// On every weekday, each week reading is seven days from a Monday or a Sunday, and today's
    /// week holds today.
    #[test]
    fn week_readings_are_weeks_from_monday_and_sunday() {
        let first = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        for day in 0..7 {
            let today = first + Days::new(day);
            for offset in -1i8..=1 {
                let readings = weeks(offset, today).unwrap();
                let starts: Vec<_> = readings.iter().map(|(f, _, _)| f.weekday()).collect();
                assert_eq!(starts, [chrono::Weekday::Mon, chrono::Weekday::Sun]);
                for (f, t, _) in &readings {
                    assert_eq!(*t - *f, chrono::TimeDelta::days(6));
                    let held = *f <= today && today <= *t;
                    assert_eq!(held, offset == 0, "{today} offset {offset}: {f}..{t}");
                }
            }
        }
    }

    /// The readings of `last N days` differ only in whether today is in, and each names its
    /// count of days.
    #[test]
    fn last_days_readings() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        let r = last_days(30, today).unwrap();
        let spans: Vec<(i64, NaiveDate)> = r.iter().map(|(f, t, _)| ((*t - *f).num_days() + 1, *t)).collect();
        assert_eq!(spans, [(31, today), (30, today.pred_opt().unwrap()), (30, today)]);
        assert_eq!(counted("in the last 30 days"), Some((30, 1, false)));
        assert_eq!(counted("les 30 derniers jours"), Some((30, 1, false)));
        assert_eq!(counted("last past 30 days"), None);
        assert_eq!(counted("the past month"), Some((1, 3, false)));
        assert_eq!(counted("over the past year"), Some((1, 4, false)));
        assert_eq!(counted("past months"), None);
        assert_eq!(counted("30 days"), None);
        assert_eq!(counted("last 10001 days"), None);
    }

    #[test]
    fn next_counts_mirror_the_last_ones() {
        let today = NaiveDate::from_ymd_opt(2013, 2, 12).unwrap();
        assert_eq!(counted("next 3 days"), Some((3, 1, true)));
        assert_eq!(counted("les 3 prochains jours"), Some((3, 1, true)));
        assert_eq!(counted("the next month"), Some((1, 3, true)));
        assert_eq!(counted("in the last 30 days"), Some((30, 1, false)));
        assert_eq!(counted("next last 3 days"), None);
        let day = |m: u32, d: u32| NaiveDate::from_ymd_opt(2013, m, d).unwrap();
        let spans: Vec<(NaiveDate, NaiveDate)> =
            next_days(3, today).unwrap().iter().map(|(f, t, _)| (*f, *t)).collect();
        assert_eq!(spans, [(day(2, 13), day(2, 15)), (today, day(2, 14)), (today, day(2, 15))]);
        let spans: Vec<(NaiveDate, NaiveDate)> =
            next_whole(3, 1, today).unwrap().iter().map(|(f, t, _)| (*f, *t)).collect();
        assert_eq!(spans, [(today, day(5, 12)), (day(3, 1), day(5, 31))]);
        let spans: Vec<(NaiveDate, NaiveDate)> =
            next_whole(3, 12, today).unwrap().iter().map(|(f, t, _)| (*f, *t)).collect();
        let years = (NaiveDate::from_ymd_opt(2014, 1, 1).unwrap(), NaiveDate::from_ymd_opt(2016, 12, 31).unwrap());
        assert_eq!(spans, [(today, NaiveDate::from_ymd_opt(2016, 2, 12).unwrap()), years]);
    }
}
