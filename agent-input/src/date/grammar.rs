//! The date grammar: a spelling in, every reading it could carry out (chrono's "collect, then
//! resolve"), e.g. `01/02/2026` in, 1 February and 2 January out. It never decides between
//! readings; [`resolve`](super::resolve) does, and asks when more than one survives.
//!
//! [`parse`] runs the steps in order, each a file of its own: ISO and the other numeric shapes
//! ([`numeric`](super::numeric)), a time of day split off ([`time`](super::time)), relative
//! words (`today`, `last month`: [`relative`](super::relative)), the tokens
//! ([`tokens`](super::tokens)) with month and weekday names settled ([`names`](super::names)),
//! then the shape of numbers and words (a month's name, `Q3`, `H2`: [`periods`](super::periods)).
//! A text that reads as nothing is rewritten and read again: an ISO week with its mark apart
//! (`W48 2026`), a time in a late shape (`10時05分`, `at 10am`), a Unix time, days and years
//! spelled out and a counted weekday ([`spelled`](super::spelled)), then a second look for other
//! scripts ([`other_scripts`](super::other_scripts)).

use chrono::Datelike;
use smallvec::SmallVec;

use super::holidays::holiday;
use super::names::{name_numbered_words, named_month, numbered_month_suffix, strip_weekday_and_fillers};
use super::numeric::{cjk, iso, iso_forms, iso_week, numeric, unix_time};
use super::other_scripts::{bracketed_weekday, buddhist_era};
use super::parsed::{fixed, sentinel_year, Parsed, Span};
use super::periods::{
    decade, half, numbered_half, quarter, quarter_instead, semester_or_quarter, written_week, HALF_WORDS,
};
use super::relative::{
    counted_weekday_of_month, day_of_relative_month, relative_count, relative_words, weekday_after_next,
    weekday_of_week,
};
use super::spelled::{nth_weekday, spelled_out};
use super::time::{early_time, late_time, split_time, without_time_words};
use super::tokens::{numbers_only, tokens, Token};
use super::words::months_of;

/// Reads a whole spelling, already trimmed and with ASCII digits.
pub(crate) fn parse(text: &str) -> Parsed {
    let mut parsed = parse_gregorian(text);
    // The common text is ASCII and reads: one look at its bytes, and nothing else runs.
    if !text.is_ascii() || parsed.candidates.is_empty() && parsed.impossible.is_empty() {
        other_scripts(text, &mut parsed);
    }
    parsed
}

/// What [`parse_gregorian`] leaves to a second look: a weekday in brackets glued to a date
/// that read as nothing ([`bracketed_weekday`]), and the Buddhist era's years of a Thai or Lao
/// text ([`buddhist_era`]).
#[cold]
#[inline(never)]
fn other_scripts(text: &str, parsed: &mut Parsed) {
    if parsed.candidates.is_empty() && parsed.impossible.is_empty() {
        if let Some(at) = text.find(['(', '\u{ff08}']).filter(|at| *at > 0) {
            if let Some(spelled) = bracketed_weekday(text, at, |s| !parse_gregorian(s).candidates.is_empty()) {
                *parsed = parse(&spelled);
                return;
            }
        }
    }
    if text.contains(|c: char| ('\u{e00}'..='\u{eff}').contains(&c)) {
        // The era's own mark (`พ.ศ. 2569`) says what the year's size does.
        let mark = "\u{e1e}.\u{e28}.";
        let marked = text.contains(mark);
        if marked {
            *parsed = parse_gregorian(&text.replace(mark, " "));
        }
        buddhist_era(parsed, marked);
    }
}

/// [`parse`] of the Gregorian calendar's spellings, before the second look.
#[inline]
fn parse_gregorian(text: &str) -> Parsed {
    if text.ends_with(['s', 'S']) {
        if let Some(first) = decade(text) {
            let mut parsed = Parsed::default();
            parsed.candidates.push(fixed(Span::Decade(first)));
            return parsed;
        }
    }
    let parsed = parse_with_time(text);
    let found = |p: &Parsed| !p.candidates.is_empty() || !p.impossible.is_empty();
    if found(&parsed) {
        return parsed;
    }
    if parsed.time_dropped.is_none() {
        // An ISO week written with its mark apart from the year (`W48 2026`, `KW 48/2026`).
        if let Some(week) = written_week(text) {
            let dated = parse_with_time(&week);
            if !dated.candidates.is_empty() {
                return dated;
            }
        }
        // A time in a shape the first pass does not split off (`10時05分`, `at 10am`, `10 h 05`).
        if let Some((date, Some(time))) = late_time(text) {
            let mut dated = parse_with_time(&date);
            if found(&dated) {
                dated.time_dropped = Some(time);
                return dated;
            }
        }
    }
    // A time before the date, after time words or before a preposition of a day (`13h30 samedi
    // 21 septembre`, `alle 19:30 di venerdì 20 settembre`), which the first pass leaves or
    // splits with the preposition kept.
    if let Some((date, Some(time))) = early_time(text) {
        let mut dated = parse_with_time(&date);
        if found(&dated) {
            dated.time_dropped = Some(time);
            return dated;
        }
    }
    if matches!(text.len(), 10 | 13) && text.bytes().all(|b| b.is_ascii_digit()) {
        return unix_time(text).unwrap_or(parsed);
    }
    // Days and years spelled out in words (`October first, 2026`, `1. října roku 2026`).
    match spelled_out(text).map(|numbered| parse(&numbered)) {
        Some(dated) if found(&dated) => dated,
        _ => nth_weekday(text).or_else(|| holiday(text)).unwrap_or(parsed),
    }
}

/// A count of CLDR's relative-time patterns, or else a day of a relative month: `1 bulan lalu`
/// is CLDR's "1 month ago" in Indonesian, whose `bulan lalu` is also "last month"; the count's
/// pattern is the spelling's reading.
fn count_or_day_of_month(parsed: &mut Parsed, text: &str) {
    relative_count(parsed, text);
    if parsed.candidates.is_empty() && !day_of_relative_month(parsed, text) {
        counted_weekday_of_month(parsed, text);
    }
}

/// A text of words only that reads relative to today: a relative day or period (`today`,
/// `last month`, with time words after it), a weekday of a named week, a weekday counted in a
/// relative month, or a weekday after the next. True when it is one.
fn relative_phrase(parsed: &mut Parsed, text: &str) -> bool {
    relative_words(parsed, text)
        || without_time_words(text).is_some_and(|day| relative_words(parsed, day))
        || weekday_of_week(parsed, text)
        || counted_weekday_of_month(parsed, text)
        || weekday_after_next(parsed, text)
}

/// [`parse`] with the times that have a colon or points split off.
fn parse_with_time(text: &str) -> Parsed {
    let mut parsed = Parsed::default();
    if let Some(result) = iso(text) {
        parsed.iso = true;
        match result {
            Ok(d) if sentinel_year(d.year()) => parsed.candidates.push(fixed(Span::Sentinel)),
            Ok(d) => parsed.candidates.push(fixed(Span::Day(d))),
            Err(imp) if imp.year == 0 || imp.year == 9999 => parsed.candidates.push(fixed(Span::Sentinel)),
            Err(imp) => parsed.impossible.push(imp),
        }
        return parsed;
    }
    if let Some(week) = iso_week(text) {
        parsed.candidates.extend(week.map(fixed));
        return parsed;
    }
    if let Some(day) = iso_forms(text) {
        parsed.candidates.extend(day.map(|d| fixed(Span::Day(d))));
        return parsed;
    }
    let (date_text, time) = split_time(text);
    let date_text = &*date_text;
    parsed.time_dropped = time;
    if parsed.time_dropped.is_some() {
        if let Some(result) = iso(date_text) {
            parsed.iso = true;
            match result {
                Ok(d) if sentinel_year(d.year()) => parsed.candidates.push(fixed(Span::Sentinel)),
                Ok(d) => parsed.candidates.push(fixed(Span::Day(d))),
                Err(imp) => parsed.impossible.push(imp),
            }
            return parsed;
        }
    }
    // A relative-day or relative-period word has no digits ("today", "zítra", "last month").
    if !date_text.bytes().any(|b| b.is_ascii_digit()) && relative_phrase(&mut parsed, date_text) {
        return parsed;
    }
    // Numbers and separators only (`1. 10. 2026`, `13/02/2026`): read in one pass, with no
    // word to name, strip or settle.
    if numbers_only(date_text, |nums, seps| numeric(&mut parsed, nums, seps)).is_some() {
        if parsed.candidates.is_empty() && parsed.impossible.is_empty() {
            relative_count(&mut parsed, date_text);
        }
        quarter_instead(&mut parsed, date_text);
        return parsed;
    }
    let suffixed = numbered_month_suffix(date_text);
    let mut toks = tokens(suffixed.as_deref().unwrap_or(date_text));
    name_numbered_words(&mut toks);
    (parsed.weekday, parsed.weekday_settles, parsed.weekdays) = strip_weekday_and_fillers(&mut toks);
    let words: SmallVec<[&String; 4]> =
        toks.iter().filter_map(|t| if let Token::Word(w) = t { Some(w) } else { None }).collect();
    let nums: SmallVec<[(&str, bool); 4]> = toks
        .iter()
        .filter_map(|t| if let Token::Num { digits, ordinal } = t { Some((*digits, *ordinal)) } else { None })
        .collect();
    let seps: SmallVec<[char; 8]> =
        toks.iter().filter_map(|t| if let Token::Sep(c) = t { Some(*c) } else { None }).collect();
    if cjk(&mut parsed, &toks) {
        quarter_instead(&mut parsed, date_text);
        return parsed;
    }
    by_words(&mut parsed, &words, &toks, (&nums, &seps));
    // A weekday names a day: beside a month, quarter or year it is no weekday the reader knows
    // (`mid 2026`: `mid` is a weekday somewhere), and the spelling reads as nothing.
    if parsed.weekday.is_some() {
        parsed.candidates.retain(|c| matches!(c.span, Span::Day(_) | Span::DayMonth(..) | Span::Sentinel));
    }
    if parsed.candidates.is_empty() && parsed.impossible.is_empty() {
        count_or_day_of_month(&mut parsed, date_text);
    }
    quarter_instead(&mut parsed, date_text);
    parsed
}

/// The spans a spelling's words name with its numbers: none (numbers only), `Q`, `H2`, a
/// half's word, a month's name.
fn by_words(parsed: &mut Parsed, words: &[&String], toks: &[Token<'_>], (nums, seps): (&[(&str, bool)], &[char])) {
    match words {
        [] => numeric(parsed, nums, seps),
        [q] if q.as_str() == "q" => quarter(parsed, toks),
        [h] if h.starts_with('h') && h.len() > 1 && h.bytes().skip(1).all(|b| b.is_ascii_digit()) => {
            half(parsed, h, nums);
        }
        [w] if HALF_WORDS.contains(&w.as_str()) => numbered_half(parsed, nums),
        [s] if s.starts_with('s') && s.len() <= 2 && s.bytes().skip(1).all(|b| b.is_ascii_digit()) => {
            semester_or_quarter(parsed, s, nums);
        }
        [w] => {
            for month in months_of(w) {
                named_month(parsed, month, nums);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data::dates::{MONTHS, WEEKDAYS};
    use chrono::NaiveDate;

    fn days(s: &str) -> Vec<String> {
        parse(s)
            .candidates
            .iter()
            .filter_map(|c| if let Span::Day(d) = c.span { Some(d.to_string()) } else { None })
            .collect()
    }

    #[test]
    fn numeric_orders() {
        assert_eq!(days("1. 10. 2026"), ["2026-10-01"]);
        assert_eq!(days("01.10.2026"), ["2026-10-01"]);
        assert_eq!(days("13/02/2026"), ["2026-02-13"]);
        assert_eq!(days("12/31/2025"), ["2025-12-31"]);
        assert_eq!(days("01/02/2026"), ["2026-02-01", "2026-01-02"]);
        assert_eq!(days("05/05/2026"), ["2026-05-05"]);
        assert_eq!(days("2026/10/01"), ["2026-10-01"]);
        assert_eq!(days("20261001"), ["2026-10-01"]);
    }

    /// Every month name of the table, in a day-month-year spelling, reads as its month alone.
    #[test]
    fn every_month_name_reads_as_its_month() {
        let mut failures = Vec::new();
        for (name, month) in MONTHS.entries() {
            let want = NaiveDate::from_ymd_opt(2026, u32::from(month), 1).map(|d| d.to_string());
            for spelled in [format!("1 {name} 2026"), format!("{name} 1, 2026")] {
                let got = days(&spelled);
                if got.len() != 1 || got.first() != want.as_ref() {
                    failures.push(format!("{spelled} -> {got:?}"));
                }
            }
        }
        assert!(failures.is_empty(), "{} failures: {:?}", failures.len(), &failures[..failures.len().min(20)]);
    }

    /// Every weekday name of the table, before a date, is read as its weekday.
    #[test]
    fn every_weekday_name_is_read_before_a_date() {
        let mut failures = Vec::new();
        for (name, weekday) in WEEKDAYS.entries() {
            let spelled = format!("{name}, 1. 10. 2026");
            let parsed = parse(&spelled);
            if parsed.weekday != Some(weekday) || parsed.candidates.len() != 1 {
                failures.push(format!("{spelled} -> {:?}", parsed.weekday));
            }
        }
        assert!(failures.is_empty(), "{} failures: {:?}", failures.len(), &failures[..failures.len().min(20)]);
    }

    #[test]
    fn names() {
        assert_eq!(days("1. října 2026"), ["2026-10-01"]);
        assert_eq!(days("1 Oct 2026"), ["2026-10-01"]);
        assert_eq!(days("October 1, 2026"), ["2026-10-01"]);
        assert_eq!(days("1st October 2026"), ["2026-10-01"]);
        assert_eq!(days("Thursday, 1 October 2026"), ["2026-10-01"]);
        // A weekday last (CLDR's Turkish and Hungarian full formats), and the words CLDR's
        // patterns write around the numbers: a Russian year's "г.", Latvian "gada", an era.
        assert_eq!(days("1 Ekim 2026 Perşembe"), ["2026-10-01"]);
        // A first word that names a month in one language and a weekday in another is the
        // weekday when another word names the month (`lún` is Irish August).
        assert_eq!(days("lun 5 oct 2026"), ["2026-10-05"]);
        assert_eq!(parse("lun 5 oct 2026").weekday, Some(1));
        assert_eq!(parse("lún 2026").candidates.as_slice(), [fixed(Span::Month(2026, 8))]);
        // Folding never merges words of different meanings: `lun` as written is no Irish month.
        assert!(parse("lun 2026").candidates.iter().all(|c| c.span != Span::Month(2026, 8)));
        assert_eq!(days("2026. október 1., csütörtök"), ["2026-10-01"]);
        assert_eq!(parse("1 Ekim 2026 Cuma").weekday, Some(5));
        assert_eq!(days("1 окт. 2026 г."), ["2026-10-01"]);
        assert_eq!(days("2026. gada 1. okt."), ["2026-10-01"]);
        assert_eq!(days("2026 m. spalio 1 d."), ["2026-10-01"]);
        assert_eq!(days("1 Oct 2026 AD"), ["2026-10-01"]);
        // A month or weekday as a word and its number (Vietnamese, Chinese), a weekday glued
        // to the day's unit (Japanese, Chinese) or in parentheses.
        assert_eq!(days("1 thg 10, 2026"), ["2026-10-01"]);
        assert_eq!(days("1 tháng 10 năm 2026"), ["2026-10-01"]);
        assert!(parse("1 thg 13, 2026").candidates.is_empty());
        assert_eq!(days("2026年10月1日木曜日"), ["2026-10-01"]);
        // The grammar reads digits made ASCII: `星期四` arrives as `星期4`.
        assert_eq!(days("2026年10月1日星期4"), ["2026-10-01"]);
        assert_eq!(parse("2026年10月1日星期4").weekday, Some(4));
        assert_eq!(parse("2026年10月1日周5").weekday, Some(5));
        assert_eq!(parse("星期4, 2026年10月1日").weekday, Some(4));
        assert_eq!(parse("1 Oct 2026 (Thu)").weekday, Some(4));
        // Letters a CLDR pattern glues to a month or weekday (Hebrew "in", Basque and Mongolian
        // genitives, Thai "the"), only where the rest is a name; and regional months.
        assert_eq!(days("1 באוקטובר 2026"), ["2026-10-01"]);
        assert_eq!(days("2026(e)ko urriaren 1(a)"), ["2026-10-01"]);
        assert_eq!(days("2026 оны аравдугаар сарын 1"), ["2026-10-01"]);
        assert_eq!(parse("วันพฤหัสบดีที่ 1 ตุลาคม 2026").weekday, Some(4));
        assert!(parse("1 בשבוע 2026").candidates.is_empty());
        assert!(parse("1 ren 2026").candidates.is_empty());
        assert_eq!(days("1. Jänner 2026"), ["2026-01-01"]);
        assert_eq!(days("1 تشرين الأول 2026"), ["2026-10-01"]);
        assert_eq!(days("4. X. 2016"), ["2016-10-04"]);
        assert_eq!(days("1 de octubre de 2026"), ["2026-10-01"]);
        assert_eq!(parse("únor 2020").candidates.as_slice(), [fixed(Span::Month(2020, 2))]);
        assert_eq!(days("2026年10月1日"), ["2026-10-01"]);
        assert_eq!(days("2026년 10월 1일"), ["2026-10-01"]);
        assert_eq!(parse("2026年10月").candidates.as_slice(), [fixed(Span::Month(2026, 10))]);
        assert!(parse("2026年13月1日").candidates.is_empty());
        assert!(parse("10月2026年1日1日").candidates.is_empty());
    }

    /// ISO 8601's other spellings of a day: a date with a zone, week dates, ordinal dates.
    #[test]
    fn iso_week_ordinal_and_zoned_dates() {
        assert_eq!(days("2026-10-01+02:00"), ["2026-10-01"]);
        assert_eq!(days("2026-10-01Z"), ["2026-10-01"]);
        assert_eq!(days("2026-W40-4"), ["2026-10-01"]);
        assert_eq!(days("2026W404"), ["2026-10-01"]);
        assert_eq!(days("2026-274"), ["2026-10-01"]);
        assert_eq!(days("2024-366"), ["2024-12-31"]);
        for none in ["2026-366", "2026-W54-1", "2026-W40-8", "2026-W40-0", "2026-10-01+2", "2026-000"] {
            assert!(parse(none).candidates.is_empty(), "{none}");
        }
    }
}
