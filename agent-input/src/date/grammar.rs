//! The date grammar: a spelling in, every reading it could carry out (chrono's "collect, then
//! resolve"). It never decides between readings; `super` does, and asks when more than one
//! survives.

use chrono::{Datelike, NaiveDate};
use nom::bytes::complete::{take_while, take_while_m_n};
use nom::character::complete::char;
use nom::combinator::opt;
use nom::sequence::preceded;
use smallvec::SmallVec;
use unicode_normalization::char::is_combining_mark;

use crate::data::dates::{
    AMBIGUOUS_MONTHS, AMBIGUOUS_RELATIVE_DAYS, AMBIGUOUS_WEEKDAYS, COUNT_WORDS, GLUED_MONTH_PREFIXES,
    GLUED_MONTH_SUFFIXES, GLUED_WEEKDAY_SUFFIXES, MONTHS, MONTHS_AFTER_U, MONTHS_EN, MONTH_PREFIXES, MONTH_SUFFIXES,
    ORDINAL_WORDS, PATTERN_WORDS, QUARTERS, RELATIVE_COUNTS, RELATIVE_DAYS, RELATIVE_ONES, RELATIVE_PERIODS,
    TIME_WORDS, WEEKDAYS, WEEKDAYS_EN, WEEKDAY_PREFIXES, YEAR_WORDS,
};

use crate::input::{ordinal_ending, ORDINAL_ENDINGS};
use crate::spelling::{self, step};

/// A span of time a spelling names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Span {
    /// One day.
    Day(NaiveDate),
    /// A whole month.
    Month(i32, u32),
    /// A whole quarter (1-4).
    Quarter(i32, u32),
    /// A whole ISO 8601 week (1-53), Monday to Sunday.
    Week(i32, u32),
    /// A whole half-year (1-2).
    Half(i32, u32),
    /// A whole year.
    Year(i32),
    /// The ten years from a year that ends in 0 (`the 1990s`).
    Decade(i32),
    /// Days from today.
    Relative(i64),
    /// Months from today (`3 months ago`, `in 2 years`).
    RelativeMonths(i64),
    /// The month (3), year (4) or quarter (5) before (-1), of (0) or after (1) today's
    /// (`last month`, `this year`).
    RelativePeriod(u8, i8),
    /// A weekday (1 Monday to 7 Sunday) of the week before (-1), of (0) or after (1) today's
    /// (`last Monday`, `next Friday`).
    RelativeWeekday(u8, i8),
    /// A day and month without a year.
    DayMonth(u32, u32),
    /// A far-past or far-future sentinel (`0001-01-01`, `9999-12-31`, `0000-00-00`).
    Sentinel,
}

/// Which field order produced a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// The only order the spelling allows (ISO, month names, dots).
    Fixed,
    /// Day first (`01/02/2026` as 1 February).
    DayFirst,
    /// Month first (`01/02/2026` as 2 January).
    MonthFirst,
    /// The year of the Buddhist era, less 543 (`1 ตุลาคม 2569` as 1 October 2026).
    BuddhistEra,
    /// A two-digit year first (`26. 10. 25.` as 25 October 2026, as Korean writes it).
    YearFirst,
}

/// A reading of the spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Candidate {
    pub span: Span,
    pub order: Order,
}

/// A field triple that names no day, kept to explain why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Impossible {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

/// Everything the grammar found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Parsed {
    pub candidates: SmallVec<[Candidate; 4]>,
    pub impossible: SmallVec<[Impossible; 2]>,
    /// The year was written with two digits: every century is a reading.
    pub two_digit_year: bool,
    /// A time of day was dropped; the text says in which offset the date was taken.
    pub time_dropped: Option<String>,
    /// A weekday was written beside the date (ISO number, 0 when the name is ambiguous).
    pub weekday: Option<u8>,
    /// The weekday's word has three or more letters: long enough to choose between readings
    /// (two-letter abbreviations such as `Ne` name other days in languages CLDR lacks).
    pub weekday_settles: bool,
    /// The spelling is exactly `YYYY-MM-DD`.
    pub iso: bool,
    /// The day's number stood before the weekday's name, as a count of weekdays would (`1
    /// Tuesday October 2026`): a mismatch also names that weekday of the month.
    pub counted: bool,
}

/// `YYYY-MM-DD` exactly: the fast path, no allocation.
#[inline]
pub(crate) fn iso(s: &str) -> Option<Result<NaiveDate, Impossible>> {
    let b = s.as_bytes();
    if b.len() != 10 || b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        b.get(r)?.iter().try_fold(0u32, |acc, &c| c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0')))
    };
    let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
    let year = i32::try_from(year).ok()?;
    Some(NaiveDate::from_ymd_opt(year, month, day).ok_or(Impossible { year, month, day }))
}

/// The other ISO 8601 spellings of a day: with a zone and no time (`2026-11-23+01:00`, as XML
/// Schema writes a date), a week date (`2026-W48-1`, `2026W481`) and an ordinal date
/// (`2026-327`). `Some(None)` for such a spelling of no day (week 54).
fn iso_forms(s: &str) -> Option<Option<NaiveDate>> {
    let b = s.as_bytes();
    // Every such spelling is 8, 10, 11 or 16 bytes and starts with the year's four digits.
    if !matches!(b.len(), 8 | 10 | 11 | 16) || !b.get(..4).is_some_and(|y| y.iter().all(u8::is_ascii_digit)) {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        let digits = b.get(r)?;
        digits.iter().try_fold(0u32, |acc, &c| c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0')))
    };
    let year = i32::try_from(num(0..4)?).ok()?;
    if let (Some(Ok(d)), Some(zone)) = (s.get(..10).and_then(iso), s.get(10..)) {
        let offset = zone.len() == 6
            && zone.starts_with(['+', '-'])
            && zone.get(3..4) == Some(":")
            && num(11..13).is_some()
            && num(14..16).is_some();
        return (zone == "Z" || offset).then_some(Some(d));
    }
    let week = |w: usize, d: usize| {
        let weekday = chrono::Weekday::try_from(u8::try_from(num(d..d + 1)?.checked_sub(1)?).ok()?).ok()?;
        Some(NaiveDate::from_isoywd_opt(year, num(w..w + 2)?, weekday))
    };
    match b {
        [_, _, _, _, b'-', b'W', _, _, b'-', _] => week(6, 9),
        [_, _, _, _, b'W', _, _, _] => week(5, 7),
        [_, _, _, _, b'-', _, _, _] => Some(NaiveDate::from_yo_opt(year, num(5..8)?)),
        _ => None,
    }
}

/// An ISO 8601 week without its day (`2026-W48`, `2026W48`): the whole week, `Some(None)` for
/// a week the year does not have (week 53 of 2026).
fn iso_week(s: &str) -> Option<Option<Span>> {
    let (year, week) = match s.as_bytes() {
        [_, _, _, _, b'-', b'W', _, _] => (s.get(..4)?, s.get(6..)?),
        [_, _, _, _, b'W', _, _] => (s.get(..4)?, s.get(5..)?),
        _ => return None,
    };
    if !year.bytes().chain(week.bytes()).all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (year, week) = (year.parse().ok()?, week.parse().ok()?);
    Some(NaiveDate::from_isoywd_opt(year, week, chrono::Weekday::Mon).map(|_| Span::Week(year, week)))
}

/// True for a far-past or far-future sentinel year.
pub(crate) const fn sentinel_year(year: i32) -> bool {
    year <= 1 || year >= 9999
}

/// A token of a spelling.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token<'a> {
    Num { digits: &'a str, ordinal: bool },
    Word(String),
    Sep(char),
}

/// Words that carry no date meaning between the parts ("1 de octubre de 2026", "the 1st of").
const FILLERS: &[&str] = &["de", "del", "of", "the", "le", "den", "dne", "am", "el", "il", "on", "der", "du", "van"];

/// A word with no date meaning: a [`FILLERS`] word, or one the CLDR date patterns write
/// around the numbers (`г.` after a Russian year, `gada`, the era `n. Chr.`).
fn is_filler(word: &str) -> bool {
    FILLERS.contains(&word) || PATTERN_WORDS.get(word).is_some()
}

/// Ordinal suffixes after a day number.
const ORDINALS: &[&str] = &["st", "nd", "rd", "th", "er", "e", "eme", "o", "a", "\u{ba}", "\u{aa}", "\u{b0}"];

/// The tokens of a spelling: a date has a handful, kept on the stack.
type Tokens<'a> = SmallVec<[Token<'a>; 12]>;

/// `char::is_alphabetic`, with Latin-1 and Latin Extended-A and B answered without the
/// Unicode tables (a test compares every character below U+0800).
fn is_letter(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' => true,
        '\0'..='\u{7f}' => false,
        '\u{c0}'..='\u{24f}' => c != '\u{d7}' && c != '\u{f7}',
        _ => c.is_alphabetic(),
    }
}

fn tokens(text: &str) -> Tokens<'_> {
    let mut out = Tokens::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_digit() {
            let end = rest.bytes().position(|b| !b.is_ascii_digit()).unwrap_or(rest.len());
            let (digits, after) = rest.split_at(end);
            // An ordinal suffix directly after the digits: 1st, 2nd, 1er, 1º, 1°.
            let suffix_len = after
                .char_indices()
                .find(|(_, c)| !(is_letter(*c) || matches!(c, '\u{ba}' | '\u{aa}' | '\u{b0}')))
                .map_or(after.len(), |(i, _)| i);
            let suffix = after.get(..suffix_len).unwrap_or_default();
            let ordinal = !suffix.is_empty()
                && if suffix.is_ascii() {
                    ORDINALS.iter().any(|o| o.eq_ignore_ascii_case(suffix))
                } else {
                    ORDINALS.contains(&suffix.to_lowercase().as_str())
                };
            rest = if ordinal { after.get(suffix_len..).unwrap_or_default() } else { after };
            out.push(Token::Num { digits, ordinal });
        } else if is_letter(c) {
            // Letters and their marks (the Devanagari nukta), apostrophes, and hyphens between
            // letters ("segunda-feira").
            let mut end = rest.len();
            let mut chars = rest.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                let in_word = is_letter(c)
                    || is_combining_mark(c)
                    || matches!(c, '\'' | '\u{2019}' | '\u{5f3}' | '\u{5f4}' | '\u{200c}' | '\u{200d}')
                    || (c == '-' && chars.peek().is_some_and(|(_, n)| is_letter(*n)));
                if !in_word {
                    end = i;
                    break;
                }
            }
            let (word, after) = rest.split_at(end);
            out.push(Token::Word(word_key(word)));
            rest = after;
        } else {
            if c.is_whitespace() {
                if !matches!(out.last(), Some(Token::Sep(_))) {
                    out.push(Token::Sep(' '));
                }
            } else {
                // A separator after a space replaces it: "1 . 10" reads like "1.10".
                if matches!(out.last(), Some(Token::Sep(' '))) {
                    out.pop();
                }
                out.push(Token::Sep(c));
            }
            rest = rest.get(c.len_utf8()..).unwrap_or_default();
        }
    }
    join_names(out)
}

/// The most words a month or weekday name has ("ojo aje", "dydd llun").
const MAX_NAME_WORDS: usize = 4;

/// Joins words that together are one month or weekday name (Yoruba "ojo aje", Welsh
/// "dydd llun", Thai "พ.ค."): the longest run of words, separated by single spaces or points,
/// whose key a table has.
fn join_names(tokens: Tokens<'_>) -> Tokens<'_> {
    let joinable = tokens.windows(3).any(|w| matches!(w, [Token::Word(_), Token::Sep(' ' | '.'), Token::Word(_)]));
    if !joinable {
        return tokens;
    }
    let mut out = Tokens::new();
    let mut i = 0;
    while let Some(token) = tokens.get(i) {
        let mut best: Option<(String, usize)> = None;
        if let Token::Word(first) = token {
            let mut key = first.clone();
            let mut j = i;
            for _ in 1..MAX_NAME_WORDS {
                let (Some(Token::Sep(sep @ (' ' | '.'))), Some(Token::Word(next))) =
                    (tokens.get(j + 1), tokens.get(j + 2))
                else {
                    break;
                };
                key.push(*sep);
                key.push_str(next);
                j += 2;
                if !months_of(&key).is_empty() || weekday_of(&key).is_some() {
                    best = Some((key.clone(), j));
                }
            }
        }
        match best {
            Some((name, last)) => {
                out.push(Token::Word(name));
                i = last + 1;
            }
            None => {
                out.push(token.clone());
                i += 1;
            }
        }
    }
    out
}

/// The matching key of a word: the crate's fold, without trailing dots (and the Devanagari
/// abbreviation sign), with straight apostrophes.
pub(super) fn word_key(word: &str) -> String {
    // U+2019's first UTF-8 byte first: most words have none, and no string search runs.
    let mut folded = if word.as_bytes().contains(&0xe2) && word.contains('\u{2019}') {
        spelling::fold::fold(&word.replace('\u{2019}', "'"))
    } else {
        spelling::fold::fold(word)
    };
    let kept = folded.trim_end_matches(['.', '\u{970}']).len();
    folded.truncate(kept);
    folded
}

fn lookup<V: Copy>(table: &[(&str, V)], key: &str) -> Option<V> {
    table.binary_search_by(|(k, _)| (*k).cmp(key)).ok().and_then(|i| table.get(i)).map(|(_, v)| *v)
}

fn roman_month(key: &str) -> Option<u32> {
    const ROMAN: [&str; 12] = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];
    ROMAN.iter().position(|r| *r == key).and_then(|p| u32::try_from(p + 1).ok())
}

/// The values a word names in a table of words that name two or more ("10 11").
fn several<T: std::str::FromStr>(table: &[(&str, &str)], key: &str) -> Vec<T> {
    lookup(table, key).map(|list| list.split(' ').filter_map(|v| v.parse().ok()).collect()).unwrap_or_default()
}

/// The months a word names, in any modern CLDR language or as a Roman numeral: one, or several
/// when languages disagree (`listopad` is November in Czech and October in Croatian); with the
/// letters a CLDR date pattern glues to a month's name (Hebrew `בנובמבר`, Basque `azaroaren`).
fn months_of(key: &str) -> SmallVec<[u32; 4]> {
    let months = month_names(key);
    if !months.is_empty() {
        return months;
    }
    let stems = GLUED_MONTH_PREFIXES
        .iter()
        .filter_map(|p| key.strip_prefix(p))
        .chain(GLUED_MONTH_SUFFIXES.iter().filter_map(|s| key.strip_suffix(s)));
    stems.filter(|stem| !stem.is_empty()).map(month_names).find(|m| !m.is_empty()).unwrap_or_default()
}

/// The month whose name a word cut short begins (Finnish `maalisk` of older CLDR data,
/// `marrask`; `novem`, `octob`): four letters or more that begin the names of one month only,
/// in every language of the tables. Words that begin names of several months (`list`: Czech
/// `listopad` is November, Croatian October) name none.
#[cold]
fn truncated_month(key: &str) -> Option<u32> {
    if key.chars().nth(3).is_none() || !key.chars().all(char::is_alphabetic) {
        return None;
    }
    let mut month = None;
    let mut one = true;
    let mut see = |m: u32| {
        one &= month.is_none_or(|seen| seen == m);
        month = Some(m);
    };
    MONTHS.with_prefix(key, |m| see(u32::from(m)));
    let from = AMBIGUOUS_MONTHS.partition_point(|(k, _)| *k < key);
    for (k, list) in AMBIGUOUS_MONTHS.get(from..).unwrap_or_default() {
        if !k.starts_with(key) {
            break;
        }
        list.split(' ').filter_map(|m| m.parse().ok()).for_each(&mut see);
    }
    month.filter(|_| one)
}

/// A word that names nothing, cut short with a point (`15. maalisk. 2026`, `5 Novem. 2026`),
/// that begins the names of one month ([`truncated_month`]) becomes that month's English name.
/// Only before a point: whole words that begin a month's name in some language (`winter`,
/// Alemannic `Wintermonat`) keep their own meaning.
fn truncated_months(toks: &mut Tokens<'_>) {
    for i in 0..toks.len() {
        let Some(Token::Word(w)) = toks.get(i) else { continue };
        if !matches!(toks.get(i + 1), Some(Token::Sep('.'))) || !months_of(w).is_empty() || weekday_of(w).is_some() {
            continue;
        }
        let name = truncated_month(w).and_then(|m| MONTHS_EN.get(usize::try_from(m).ok()?.checked_sub(1)?));
        if let (Some(name), Some(Token::Word(w))) = (name, toks.get_mut(i)) {
            *w = name.to_lowercase();
        }
    }
}

/// The months a word names, as it is.
fn month_names(key: &str) -> SmallVec<[u32; 4]> {
    if let Some(m) = MONTHS.get(key).map(u32::from).or_else(|| roman_month(key)) {
        return smallvec::smallvec![m];
    }
    several::<u32>(AMBIGUOUS_MONTHS, key).into_iter().collect()
}

/// The ISO weekday a word names; 0 when languages disagree; with the letters a CLDR date
/// pattern glues to a weekday's name (Thai `วันจันทร์ที่`).
fn weekday_of(key: &str) -> Option<u8> {
    let named = |key: &str| WEEKDAYS.get(key).or_else(|| lookup(AMBIGUOUS_WEEKDAYS, key).map(|_| 0));
    named(key).or_else(|| {
        GLUED_WEEKDAY_SUFFIXES.iter().filter_map(|s| key.strip_suffix(s)).filter(|k| !k.is_empty()).find_map(named)
    })
}

/// A time of day: a suffix (` 10:00`, `T10:00:00.5+02:00`, ` 10:00 Z`, ` 10:00 pm`,
/// ` 10:00:00 GMT+0100 (Central European Standard Time)`, as JavaScript writes it), or before
/// the year, as C's `asctime` and `date` write it (`Mon Nov 23 10:00:00 UTC 2026`).
fn split_time(text: &str) -> (std::borrow::Cow<'_, str>, Option<String>) {
    let bytes = text.as_bytes();
    let Some(colon) = text.find(':') else {
        if has_dotted_clock(bytes) {
            return dotted_time(text).unwrap_or((text.into(), None));
        }
        if matches!(bytes.get(8), Some(b'T' | b't')) || matches!(bytes.get(10), Some(b'T' | b't')) {
            if let Some(split) = basic_time(text) {
                return split;
            }
        }
        // Times without a colon in other shapes are tried only when the date does not read
        // ([`late_time`]): the common spellings pay nothing for them.
        return (text.into(), None);
    };
    // The time starts at the digits before the first colon.
    let mut start = colon;
    while start > 0 && bytes.get(start - 1).is_some_and(u8::is_ascii_digit) {
        start -= 1;
    }
    if colon - start == 4 && start > 0 {
        if let Some(split) = year_then_time(text, colon) {
            return split;
        }
    }
    if start == colon || colon - start > 2 {
        return (text.into(), None);
    }
    if start == 0 {
        return time_first(text).unwrap_or((text.into(), None));
    }
    let Some(head) = time_head(&text[..start]) else { return (text.into(), None) };
    let time = &text[start..];
    // The zone before the time, as CLDR's Chinese, Korean and Burmese full formats write it
    // (`2026年10月1日 UTC 10:05:00`): UTC or GMT alone, after the date.
    let zone_first = ["UTC", "GMT"].iter().find_map(|z| {
        let date = head.strip_suffix(z)?;
        date.ends_with(char::is_whitespace).then(|| (date.trim_end_matches(is_date_time_glue), *z))
    });
    if let Some((date, zone)) = zone_first.filter(|_| valid_time(time) && no_zone(time_rest(time))) {
        return (date.into(), Some(offset_words(&format!("{time} {zone}"))));
    }
    if valid_time(time) {
        return (head.into(), Some(offset_words(time)));
    }
    // A year after the time: the date is the head and the year.
    let Some((time, year)) = time.rsplit_once(' ') else { return (text.into(), None) };
    if year.len() != 4 || !year.bytes().all(|b| b.is_ascii_digit()) || !valid_time(time) {
        return (text.into(), None);
    }
    (format!("{head} {year}").into(), Some(offset_words(time)))
}

/// A time of day before the date, as Vietnamese and Quechua write them (`10:05:00 23 thg 11,
/// 2026`, `10:05 a.m. UTC 23 Noviembre 2026`): the clock, then up to three day-period, time or
/// zone words, then a date with at least one digit.
fn time_first(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    let (mut tail, _) = clock(text)?;
    for _ in 0..3 {
        let word = tail.trim_start();
        let word = word.get(..word.find(char::is_whitespace).unwrap_or(word.len()))?;
        let digits = word.bytes().any(|b| b.is_ascii_digit());
        if word.is_empty() || !(is_zone(word) || !digits && is_time_word(word)) {
            break;
        }
        tail = tail.trim_start().get(word.len()..)?;
    }
    let time = text.get(..text.len() - tail.len())?;
    let date = tail.trim_start_matches(is_date_time_glue);
    let dated = date.bytes().any(|b| b.is_ascii_digit());
    (dated && valid_time(time)).then(|| (date.into(), Some(offset_words(time))))
}

/// The date before a time of day, from the text before the time's first digit: the time must
/// be set apart by a space of any width (Czech `date` writes no-break spaces), `T`, a comma, or
/// a day period (`2026. 10. 1. PM 10:30`, `2026/10/01 上午10:30`); the comma, the day period
/// and a word such as Danish `kl.` are not part of the date.
fn time_head(before: &str) -> Option<&str> {
    let last = before.chars().next_back()?;
    let head = if last.is_whitespace() || matches!(last, 'T' | 't' | ',') {
        &before[..before.len() - last.len_utf8()]
    } else if let Some(h) =
        ["AM", "PM", "am", "pm"].iter().find_map(|p| before.strip_suffix(p)).filter(|h| h.ends_with(' '))
    {
        // `AM10:00:00`, as glibc's Tagalog and Filipino formats write it.
        h
    } else if last.is_alphabetic() && !last.is_ascii() {
        // A day period glued to the time (Chinese, Japanese): one of the table's words ends it.
        let glued = TIME_WORDS.iter().filter(|w| before.ends_with(**w)).map(|w| w.len()).max()?;
        &before[..before.len() - glued]
    } else {
        return None;
    };
    let head = head.trim_end_matches(is_date_time_glue);
    Some(without_time_word_last(head).trim_end_matches(is_date_time_glue))
}

/// What stands between a date and its time: spaces, commas (the Arabic comma too).
fn is_date_time_glue(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | '\u{60c}' | '\u{3001}' | '\u{ff0c}')
}

/// The text before a day period or time word (`PM`, `kl.`) that ends it, when what is left
/// ends with a number's digit or its point (the end of a date).
fn without_time_word_last(head: &str) -> &str {
    let mut end = head.len();
    for _ in 0..3 {
        let Some(start) = head.get(..end).and_then(|h| h.rfind(char::is_whitespace)) else { break };
        let (date, word) = head.split_at(start);
        let date = date.trim_end_matches(is_date_time_glue);
        // A digit, a point, a weekday in parentheses (`23일 (월)`) or a day's unit (`23日`).
        let date_end = date.ends_with(|c: char| c.is_ascii_digit() || matches!(c, '.' | ')' | '\u{ff09}'))
            || date.chars().next_back().is_some_and(|c| cjk_unit(c.encode_utf8(&mut [0; 4])) == Some(2));
        if date_end && !word.bytes().any(|b| b.is_ascii_digit()) && is_time_word(word) {
            return date;
        }
        end = start;
    }
    head
}

/// A relative day with day-period or time words after it (`yesterday morning`, `today at` of
/// `today at 10:00`, `zítra odpoledne`, `tomorrow in the evening`): the text before them.
/// `None` when no word is left before them or none follows.
#[cold]
fn without_time_words(text: &str) -> Option<&str> {
    let mut end = text.len();
    for _ in 0..4 {
        let head = text.get(..end)?.trim_end();
        // The longest run of last words (up to three) that is one time word, or one word.
        let cut = head
            .char_indices()
            .filter(|(i, c)| c.is_whitespace() && *i > 0)
            .map(|(i, _)| i)
            .rev()
            .take(3)
            .filter(|i| head.get(*i..).is_some_and(is_time_word))
            .last()?;
        end = cut;
        let day = text.get(..end)?.trim_end();
        if day.is_empty() {
            return None;
        }
        if !day.contains(char::is_whitespace) || RELATIVE_DAYS.get(&word_key(day)).is_some() {
            return Some(day);
        }
    }
    None
}

/// A day period or a word of the time patterns (`a. m.`, `Uhr`, `ص`): [`TIME_WORDS`].
fn is_time_word(text: &str) -> bool {
    TIME_WORDS.binary_search(&word_key(text).as_str()).is_ok()
}

/// Whether the text has what [`dotted_time`] reads, cheaply: one or two digits after a space
/// or comma, a point, two digits, and no digit after them (`23.11.2026 10.05`; not
/// `1. 10. 2026`).
#[inline]
fn has_dotted_clock(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().filter(|(_, b)| **b == b'.').any(|(p, _)| {
        let minutes = bytes.get(p + 1..p + 3).is_some_and(|m| m.iter().all(u8::is_ascii_digit));
        let end = !bytes.get(p + 3).is_some_and(u8::is_ascii_digit);
        let run = bytes.get(..p).map_or(0, |h| h.iter().rev().take_while(|b| b.is_ascii_digit()).count());
        let set_apart = p > run && matches!(bytes.get(p - run - 1), Some(b' ' | b',' | 0xa0 | 0xaf));
        minutes && end && (1..=2).contains(&run) && set_apart
    })
}

/// A time of day written with points (`10.05`, `22.30.00`: Danish, Finnish, Indonesian) after a
/// date with a four-digit year and one more part: `(date, time)` with the time's points made
/// colons, for [`valid_time`] and the note.
fn dotted_time(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    // The last run of digits and points set apart by a space or comma.
    let starts = text.char_indices().filter(|(_, c)| c.is_whitespace() || *c == ',').map(|(i, c)| i + c.len_utf8());
    let starts: SmallVec<[usize; 8]> = starts.collect();
    for start in starts.iter().rev().take(4) {
        let rest = &text[*start..];
        let end = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(rest.len());
        let (clock, after) = rest.split_at(end);
        let clock = clock.trim_end_matches('.');
        let parts: SmallVec<[&str; 3]> = clock.split('.').collect();
        let shaped = matches!(parts.as_slice(), [h, m] | [h, m, _] if (1..=2).contains(&h.len()) && m.len() == 2)
            && parts.iter().skip(1).all(|p| p.len() == 2);
        if !shaped {
            continue;
        }
        let head = time_head(&text[..*start])?;
        let year = head.split(|c: char| !c.is_ascii_digit()).any(|n| n.len() == 4);
        let pieces = head.split(|c: char| c.is_whitespace() || matches!(c, '.' | '/' | '-' | ','));
        if !year || pieces.filter(|p| !p.is_empty()).count() < 2 {
            return None;
        }
        let time = format!("{}{}", clock.replace('.', ":"), after.trim_start_matches('.'));
        return valid_time(&time).then(|| (head.into(), Some(offset_words(&time))));
    }
    None
}

/// ISO 8601's basic time after a date (`20261123T100000Z`, as iCalendar writes it;
/// `2026-11-23T1000+0100`, `2026-11-23T10Z`): hours, then minutes and seconds if written, each
/// two digits, a fraction, then a zone: `(date, time)` with the time written with colons.
fn basic_time(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    let at = text.find(['T', 't'])?;
    let date = text.get(..at)?;
    let iso_date = |d: &str| match d.len() {
        8 => d.bytes().all(|b| b.is_ascii_digit()),
        10 => iso(d).is_some(),
        _ => false,
    };
    if !iso_date(date) {
        return None;
    }
    let rest = text.get(at + 1..)?;
    let digits = leading_digits(rest);
    if !matches!(digits, 2 | 4 | 6) {
        return None;
    }
    let (clock, zone) = rest.split_at(digits);
    let zone = zone.strip_prefix('.').map_or(zone, |f| f.trim_start_matches(|c: char| c.is_ascii_digit()));
    let mut time = String::with_capacity(16);
    for (i, pair) in [(0, 2), (2, 4), (4, 6)].iter().filter_map(|(a, b)| clock.get(*a..*b)).enumerate() {
        time.push_str(if i == 0 { "" } else { ":" });
        time.push_str(pair);
    }
    if digits == 2 {
        time.push_str(":00");
    }
    time.push_str(zone);
    valid_time(&time).then(|| (date.into(), Some(offset_words(&time))))
}

/// How many ASCII digits `t` starts with (bytes).
fn leading_digits(t: &str) -> usize {
    t.bytes().take_while(u8::is_ascii_digit).count()
}

/// A time without a colon after the date, in the shapes tried only when the whole text reads
/// as no date: with the units of Chinese, Japanese and Korean, an hour with a day period, an
/// hour and minutes with `h` between them.
#[cold]
#[inline(never)]
fn late_time(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    if text.contains(':') {
        return None;
    }
    // The units' first UTF-8 bytes (`時` E6, `点` E7, `點` E9, `시` EC).
    let bytes = text.as_bytes();
    if !text.is_ascii() && bytes.iter().any(|b| matches!(b, 0xe6 | 0xe7 | 0xe9 | 0xec)) {
        if let Some(split) = unit_time(text) {
            return Some(split);
        }
    }
    if bytes.last().is_some_and(|b| matches!(b, b'm' | b'M' | b'.')) {
        if let Some(split) = hour_with_period(text) {
            return Some(split);
        }
    }
    hour_h_time(text)
}

/// A year the time follows after a colon, as web servers log it (`23/Nov/2026:10:00:00
/// +0100`, the Common Log Format): `(date, time)`.
#[cold]
#[inline(never)]
fn year_then_time(text: &str, colon: usize) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    let time = text.get(colon + 1..)?;
    valid_time(time).then(|| (text.get(..colon).unwrap_or_default().into(), Some(offset_words(time))))
}

/// The characters that end an hour written with its unit: Japanese and Traditional Chinese
/// `時`, Simplified `时`, `點`/`点`, Korean `시`.
const HOUR_UNITS: [char; 5] = ['\u{6642}', '\u{65f6}', '\u{9ede}', '\u{70b9}', '\u{c2dc}'];

/// A time written with the units of Chinese, Japanese and Korean (`10時05分`, `10时05分00秒`,
/// `오전 10시 05분 00초`), as their `strftime` and CLDR's long times write it, after the date:
/// `(date, time)` with the time written with colons, for [`valid_time`] and the note.
#[cold]
#[inline(never)]
fn unit_time(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    let at = text.find(HOUR_UNITS)?;
    let before = text.get(..at)?;
    let start = before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    // The hour, then the minutes and seconds, each digits and a unit, spaces between them.
    let mut parts: SmallVec<[&str; 3]> = smallvec::smallvec![before.get(start..)?];
    let unit = text.get(at..)?.chars().next()?;
    let mut rest = text.get(at + unit.len_utf8()..)?;
    for units in [&['\u{5206}', '\u{bd84}'], &['\u{79d2}', '\u{cd08}']] {
        let t = rest.trim_start();
        let digits = leading_digits(t);
        let Some(unit) = t.get(digits..).and_then(|u| u.chars().next()).filter(|u| units.contains(u)) else { break };
        parts.push(t.get(..digits)?);
        rest = t.get(digits + unit.len_utf8()..)?;
    }
    let shaped = parts.len() >= 2 && parts.iter().all(|p| (1..=2).contains(&p.len()));
    if !shaped || !rest.trim().is_empty() {
        return None;
    }
    let mut time = String::new();
    for (i, p) in parts.iter().enumerate() {
        let sep = if i == 0 { "" } else { ":" };
        time.push_str(&format!("{sep}{p:0>2}"));
    }
    let head = time_head(text.get(..start)?)?;
    valid_time(&time).then(|| (head.into(), Some(offset_words(&time))))
}

/// An hour with a day period and no minutes, as English writes it (`November 23, 2026 at
/// 10am`, `23 Nov 2026 10 a.m.`, `2026-11-23 3 PM`): `(date, time)` with the hour written
/// `10:00 am`.
#[cold]
#[inline(never)]
fn hour_with_period(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    let period_at = ["am", "pm", "a.m.", "p.m."]
        .iter()
        .find(|p| text.len() > p.len() && text.get(text.len() - p.len()..).is_some_and(|t| t.eq_ignore_ascii_case(p)))
        .map(|p| text.len() - p.len())?;
    let before = text.get(..period_at)?.trim_end();
    let start = before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let hour = before.get(start..)?;
    let h: u32 = hour.parse().ok().filter(|h| (1..=12).contains(h) && hour.len() <= 2)?;
    let head = time_head(before.get(..start)?)?;
    let time = format!("{h}:00 {}", text.get(period_at..)?.to_ascii_lowercase());
    Some((head.into(), Some(offset_words(&time))))
}

/// A time written with `h` between the hours and the minutes, as French, Occitan and Breton
/// write it (`1 octobre 2026 à 10 h 05`, `10h05`, `10 h 05 min 00 s TU`, CLDR's Canadian French
/// times): `(date, time)` with the time written with colons, for [`valid_time`] and the note.
#[cold]
#[inline(never)]
fn hour_h_time(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    for (at, _) in text.match_indices('h') {
        let before = text.get(..at)?.trim_end();
        let start = before.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let hour = before.get(start..)?;
        let after = text.get(at + 1..)?.trim_start();
        let minutes = after.get(..leading_digits(after))?;
        if !(1..=2).contains(&hour.len()) || minutes.len() != 2 {
            continue;
        }
        // Then `min`, seconds and `s`, a zone or a time word, as `valid_time` reads them.
        let rest = after.get(2..)?.trim_start();
        let rest = rest.strip_prefix("min").map_or(rest, str::trim_start);
        let (seconds, rest) = match rest.get(..leading_digits(rest)).filter(|s| s.len() == 2) {
            Some(s) => (Some(s), rest.get(2..)?.trim_start()),
            None => (None, rest),
        };
        let rest = if seconds.is_some() { rest.strip_prefix('s').map_or(rest, str::trim_start) } else { rest };
        let time = match seconds {
            Some(s) => format!("{hour}:{minutes}:{s} {rest}"),
            None => format!("{hour}:{minutes} {rest}"),
        };
        let head = time_head(text.get(..start)?)?;
        return valid_time(time.trim_end()).then(|| (head.into(), Some(offset_words(time.trim_end()))));
    }
    None
}

/// The digits of a time of day.
struct Clock<'a> {
    hour: &'a str,
    minute: &'a str,
    second: Option<&'a str>,
}

/// `H[H]:MM[:SS[.fff]]`: hour, colon, minute, optional seconds and fraction, each one step;
/// the rest of the text after it.
fn clock(t: &str) -> Option<(&str, Clock<'_>)> {
    let digit = |c: char| c.is_ascii_digit();
    let (i, hour) = step(take_while_m_n(1, 2, digit), t)?;
    let (i, minute) = step(preceded(char(':'), take_while_m_n(2, 2, digit)), i)?;
    let (i, second) = step(opt(preceded(char(':'), take_while_m_n(2, 2, digit))), i)?;
    let (i, _) = match second {
        Some(_) => step(opt(preceded(char('.'), take_while(|c: char| digit(c) || c == '.'))), i)?,
        None => (i, None),
    };
    // A fraction after a comma, as ISO 8601 allows and Python's logging writes it (`10:30:00,123`).
    let i = match second {
        Some(_) if i.starts_with(',') && i.as_bytes().get(1).is_some_and(u8::is_ascii_digit) => {
            i.trim_start_matches(',').trim_start_matches(digit)
        }
        _ => i,
    };
    Some((i, Clock { hour, minute, second }))
}

/// `HH:MM[:SS[.fff]][ ][Z|±HH[:MM]|am|pm]`: a clock, then a zone.
fn valid_time(t: &str) -> bool {
    let Some((rest, Clock { hour, minute, second })) = clock(t.trim()) else { return false };
    let ok_clock = hour.parse::<u32>().is_ok_and(|h| h <= 24)
        && minute.parse::<u32>().is_ok_and(|m| m < 60)
        && second.is_none_or(|s| s.parse::<u32>().is_ok_and(|s| s <= 60));
    // A comma may stand before the zone (`10:00:00, CET`, Italian `date`).
    let rest = rest.trim();
    ok_clock && valid_zone(rest.strip_prefix(',').map_or(rest, str::trim_start))
}

/// Nothing, or a day period alone (`AM`, `上午`): no zone.
fn no_zone(rest: &str) -> bool {
    rest.is_empty() || is_time_word(rest)
}

/// What follows the clock of a valid time (`""` of `10:05:00`, `PM` of `10:05 PM`).
fn time_rest(t: &str) -> &str {
    clock(t.trim()).map_or("", |(rest, _)| rest.trim())
}

/// What may follow a clock: nothing, `am`/`pm`, then a zone: `Z`, `±HH[:MM]`, `UTC` or `GMT`
/// with an offset (`GMT+0100`), or an abbreviation (`CET`), with its name in parentheses after
/// it, as JavaScript writes it (`GMT+0100 (Central European Standard Time)`).
fn valid_zone(rest: &str) -> bool {
    let rest = without_zone_name(rest);
    if is_zone(rest) || is_zone_name(rest) {
        return true;
    }
    time_word_tails(rest).into_iter().any(|z| is_zone(z) || is_zone_name(z))
}

/// What follows a day period or a time word that opens `rest` (`a. m.`, `π.μ.`, `ص`, `Uhr`, as
/// CLDR writes them, of up to three words), the longest first; empty when the whole is one.
fn time_word_tails(rest: &str) -> SmallVec<[&str; 3]> {
    let ends = rest.char_indices().filter(|(_, c)| c.is_whitespace()).map(|(i, _)| i).chain([rest.len()]);
    let ends: SmallVec<[usize; 8]> = ends.filter(|e| *e > 0).take(3).collect();
    ends.iter().rev().filter(|e| is_time_word(&rest[..**e])).map(|e| rest[*e..].trim()).collect()
}

/// A zone's name in words after a time, as CLDR's full time formats write it (`Coordinated
/// Universal Time`, `Koordinierte Weltzeit`, `(tiempo universal coordinado)`, `UTC-yleisaika`):
/// letters and the marks between words, no digit, two to six words (one in brackets or with a
/// hyphen). The date is read as
/// written, in its own zone, so the name says nothing the date needs.
fn is_zone_name(rest: &str) -> bool {
    let rest = rest.trim_start_matches(',').trim_start();
    // In brackets, both of them (`(tiempo universal coordinado)`).
    let Some(inner) = rest.strip_prefix('(').map_or(Some(rest), |r| r.strip_suffix(')')) else { return false };
    let inner = inner.trim();
    let words = inner.split_whitespace().count();
    let mark = |c: char| c.is_whitespace() || matches!(c, '-' | '.' | '\'' | '\u{2019}' | ',');
    // A name of one word is set apart by brackets, joined by a hyphen (`UTC-yleisaika`) or of a
    // script without spaces (`協定世界時`): a lone word after a time (`10:00 xyz`) is no zone's name.
    let one_word = rest.starts_with('(') || inner.contains('-') || inner.chars().any(unspaced_script);
    (2..=6).contains(&words) | (words == 1 && one_word)
        && inner.chars().filter(|c| c.is_alphabetic()).nth(1).is_some()
        && inner.chars().all(|c| c.is_alphabetic() || mark(c))
}

/// Whether a character is of a script written without spaces between words (Han, kana,
/// Hangul, Thai), whose words a range glues to its bounds and a zone's name is one of.
pub(super) fn unspaced_script(c: char) -> bool {
    matches!(c, '\u{3040}'..='\u{30ff}' | '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{ac00}'..='\u{d7af}' | '\u{f900}'..='\u{faff}' | '\u{e00}'..='\u{eff}')
}

/// A zone after a time, or nothing: `Z`, `±HH[:MM]`, `UTC` or `GMT` with an offset, or an
/// abbreviation (`CET`, also `AM` and `PM`).
fn is_zone(rest: &str) -> bool {
    let offset = |r: &str| {
        r.starts_with(['+', '-'])
            && r.len() <= 6
            && r.get(1..).is_some_and(|r| r.chars().all(|c| c.is_ascii_digit() || c == ':'))
    };
    let named = |r: &str| ["UTC", "GMT"].iter().any(|z| r.strip_prefix(z).is_some_and(|o| o.is_empty() || offset(o)));
    // An offset and the zone's abbreviation, as Go's `time.String` writes them (`+0100 CET`).
    let offset_named = || rest.split_once(' ').is_some_and(|(o, z)| offset(o) && is_zone_abbreviation(z));
    rest.is_empty()
        || matches!(rest, "Z" | "z" | "utc")
        || offset(rest)
        || named(rest)
        || is_zone_abbreviation(rest)
        || offset_named()
}

/// A zone without its name in parentheses after it (JavaScript's `GMT+0100 (Central European
/// Standard Time)`): the name says nothing the zone does not.
fn without_zone_name(t: &str) -> &str {
    // RFC 9557's annotations after an offset (`+01:00[Europe/Prague]`, Java's and Temporal's
    // date-times): the zone's name and keys such as `[u-ca=gregory]`; the offset says the day.
    let mut t = t;
    while let Some(inner) = t.ends_with(']').then(|| t.get(..t.len() - 1)?.rsplit_once('[')).flatten() {
        let annotation = inner.1;
        if annotation.is_empty() || !annotation.chars().all(|c| c.is_ascii_alphanumeric() || "/_-+=!".contains(c)) {
            break;
        }
        t = inner.0.trim_end();
    }
    match t.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) {
        Some((zone, name)) if !name.contains(['(', ')']) => zone.trim_end(),
        _ => t,
    }
}

/// A zone's abbreviation: two to five capital letters (`CET`, `AEST`).
fn is_zone_abbreviation(z: &str) -> bool {
    (2..=5).contains(&z.len()) && z.bytes().all(|b| b.is_ascii_uppercase())
}

/// How a note names the offset a date was taken in.
fn offset_words(time: &str) -> String {
    let t = without_zone_name(time.trim());
    if t.ends_with(['Z', 'z']) || t.ends_with("UTC") || t.ends_with("GMT") {
        return "UTC".to_owned();
    }
    if let Some(i) = t.rfind(['+', '-']) {
        if i > 2 {
            let offset = &t[i..];
            return format!("offset {}", offset.split(' ').next().unwrap_or(offset));
        }
    }
    match t.rsplit_once(char::is_whitespace) {
        Some((_, zone)) if is_zone_abbreviation(zone) && !matches!(zone, "AM" | "PM") => {
            format!("time zone {zone}")
        }
        _ => {
            // A zone's name in words after the clock (`14:30:00 Koordinierte Weltzeit`).
            let named = clock(t).map(|(rest, _)| rest.trim()).filter(|rest| {
                is_zone_name(rest) && !is_time_word(rest) || time_word_tails(rest).into_iter().any(is_zone_name)
            });
            match named {
                Some(_) => "the zone the time names".to_owned(),
                None => "the time as written (no offset)".to_owned(),
            }
        }
    }
}

/// A letter glued to a number that is one word with it: CLDR's root month names (`M01`-`M12`,
/// which locales without month names of their own write: `5 M03, 2026`, `M10 1, 2026`) become
/// the month's name; any other one letter but the quarter's `Q` becomes one word with its
/// number (`H2`, `2H`: `h2`, a half-year; `S2`: `s2`, no date), so that the letter, also a word
/// CLDR's date patterns write, is not dropped as one (`2026-H2` is no February).
/// The place to go on from, when the word at `i` was one.
fn glued_letter(toks: &mut Tokens<'_>, i: usize) -> Option<usize> {
    let Some(Token::Word(w)) = toks.get(i) else { return None };
    let root_month = match (w.as_str(), toks.get(i + 1)) {
        ("m", Some(Token::Num { digits, ordinal: false })) if digits.len() == 2 => {
            value(digits).and_then(|m| MONTHS_EN.get(usize::try_from(m).ok()?.checked_sub(1)?))
        }
        _ => None,
    };
    if let Some(name) = root_month {
        toks.remove(i + 1);
        *toks.get_mut(i)? = Token::Word(name.to_lowercase());
        return Some(i + 1);
    }
    // Any other letter glued to a number is part of a code too (`S2`, `T3`, `2026-d2`), never a
    // pattern's word to drop; only the quarter's `Q` is read as one.
    if w.len() != 1 || !w.is_ascii() || w == "q" {
        return None;
    }
    let (first, last, digits) = match (i.checked_sub(1).and_then(|p| toks.get(p)), toks.get(i + 1)) {
        (_, Some(Token::Num { digits, ordinal: false })) => (i, i + 1, *digits),
        (Some(Token::Num { digits, ordinal: false }), _) => (i - 1, i, *digits),
        _ => return None,
    };
    let word = Token::Word(format!("{w}{digits}"));
    toks.drain(first + 1..=last);
    *toks.get_mut(first)? = word;
    Some(first + 1)
}

/// A month or weekday written as a word and its number (CLDR's root names `M01`-`M12`; Vietnamese `tháng 11`, every
/// [`MONTH_PREFIXES`] word; Chinese `星期一`, read with its digit as `星期1`, every
/// [`WEEKDAY_PREFIXES`] word, also right after the day's unit: `23日星期一`) becomes the
/// month's or weekday's name, so it reads as a named one.
fn name_numbered_words(toks: &mut Tokens<'_>) {
    let mut i = 0;
    // Only words can start one: spellings of numbers alone are passed over in one scan.
    while let Some(found) = toks.get(i..).and_then(|rest| rest.iter().position(|t| matches!(t, Token::Word(_)))) {
        i += found;
        if let Some(next) = glued_letter(toks, i) {
            i = next;
            continue;
        }
        // The names of the numbers, and the day's unit written before the word.
        let (names, unit): (&[&str], Option<char>) = match toks.get(i) {
            Some(Token::Word(w)) if MONTH_PREFIXES.contains(&w.as_str()) => (&MONTHS_EN, None),
            Some(Token::Word(w)) if WEEKDAY_PREFIXES.contains(&w.as_str()) => (&WEEKDAYS_EN[..6], None),
            Some(Token::Word(w)) => match w.chars().next() {
                // The table first: the unit check composes a string.
                Some(c)
                    if w.get(c.len_utf8()..).is_some_and(|rest| WEEKDAY_PREFIXES.contains(&rest))
                        && cjk_unit(c.encode_utf8(&mut [0; 4])) == Some(2) =>
                {
                    (&WEEKDAYS_EN[..6], Some(c))
                }
                _ => (&[], None),
            },
            _ => (&[], None),
        };
        if names.is_empty() {
            i += 1;
            continue;
        }
        let at = if matches!(toks.get(i + 1), Some(Token::Sep(' '))) { i + 2 } else { i + 1 };
        let name = match toks.get(at) {
            Some(Token::Num { digits, ordinal: false }) => {
                value(digits).and_then(|n| names.get(usize::try_from(n).ok()?.checked_sub(1)?))
            }
            _ => None,
        };
        if let Some(name) = name {
            toks.drain(i + 1..=at);
            let word = Token::Word(name.to_lowercase());
            match unit {
                Some(unit) => {
                    if let Some(slot) = toks.get_mut(i) {
                        *slot = Token::Word(unit.to_string());
                    }
                    toks.insert(i + 1, Token::Sep(' '));
                    toks.insert(i + 2, word);
                    i += 2;
                }
                None => {
                    if let Some(slot) = toks.get_mut(i) {
                        *slot = word;
                    }
                }
            }
        }
        i += 1;
    }
}

/// Month words that other words settle: a locative after Latin `u`, a name cut short.
fn settle_month_words(toks: &mut Tokens<'_>) {
    months_after_u(toks);
    truncated_months(toks);
}

/// A month word after Latin `u` ("in") that is a Croatian, Bosnian or Serbian locative of
/// another month than other languages' same word ([`MONTHS_AFTER_U`]): `u listopadu` is
/// October, where Czech `listopadu` is November. The word becomes that month's English name.
fn months_after_u(toks: &mut Tokens<'_>) {
    if !toks.iter().any(|t| matches!(t, Token::Word(w) if w == "u")) {
        return;
    }
    let mut after_u = false;
    for tok in toks.iter_mut() {
        match tok {
            Token::Sep(' ') => continue,
            Token::Word(w) => {
                let month =
                    lookup(MONTHS_AFTER_U, w).and_then(|m| MONTHS_EN.get(m.parse::<usize>().ok()?.checked_sub(1)?));
                match month {
                    Some(name) if after_u => *w = name.to_lowercase(),
                    _ => after_u = w == "u",
                }
                continue;
            }
            _ => {}
        }
        after_u = false;
    }
}

/// `text` with a month written as its number and a [`MONTH_SUFFIXES`] suffix (Mongolian
/// `2026 оны 11-р сарын 23`, with the letters a pattern glues on) written as the month's
/// English name; `None` when it has none. Only text beyond ASCII can hold one.
fn numbered_month_suffix(text: &str) -> Option<String> {
    if text.is_ascii() {
        return None;
    }
    // As CLDR writes it, in lower case: searched for in place, with nothing made for a text
    // that has none.
    // A suffix's first character first: most texts have none, and no substring search runs.
    let has_first = |s: &str| s.chars().next().is_some_and(|c| text.contains(c));
    let (at, suffix) = MONTH_SUFFIXES.iter().filter(|s| has_first(s)).find_map(|s| Some((text.find(s)?, *s)))?;
    let head = text.get(..at)?;
    let digits = head.len() - head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let month: usize = head.get(head.len() - digits..)?.parse().ok()?;
    let name = MONTHS_EN.get(month.checked_sub(1)?)?;
    let rest = text.get(at + suffix.len()..)?;
    let glued = rest.find(|c: char| !c.is_alphabetic()).unwrap_or(rest.len());
    let tail = rest.get(glued..)?;
    Some(format!("{}{}{tail}", head.get(..head.len() - digits)?, name.to_lowercase()))
}

/// Takes a weekday written first ("Thursday, 1 October 2026") or last ("23 Kasım 2026
/// Pazartesi", as CLDR's full formats of Turkish or Hungarian write it) out of the tokens, with
/// the filler words and the separators left at either end; the weekday's ISO number, and
/// whether its word has three or more letters.
fn strip_weekday_and_fillers(toks: &mut Tokens<'_>) -> (Option<u8>, bool) {
    let long = |w: &str| w.chars().nth(2).is_some();
    let mut settles = false;
    let mut weekday = None;
    // A filler before the weekday is no weekday (`on` is no Scandinavian Wednesday in `on 1
    // October 2026`), nor does it hide one (`on Thursday, 1 October 2026`); with a comma after
    // it, it is (`on, 1. 10. 2026`).
    while matches!(toks.first(), Some(Token::Word(w)) if FILLERS.contains(&w.as_ref()))
        && !matches!(toks.get(1), Some(Token::Sep(',')))
    {
        toks.remove(0);
        while matches!(toks.first(), Some(Token::Sep(' '))) {
            toks.remove(0);
        }
    }
    if let Some(Token::Word(w)) = toks.first() {
        // A first word that also names a month (`lun` is Irish August, French Monday) is the
        // weekday when a comma follows it or another word names the month (`lun 23 nov 2026`).
        // Or three numbers follow, a whole date with its month (`Sat 01/10/2026`: `sat` is also
        // a month's abbreviation).
        let weekday_first = || {
            matches!(toks.get(1), Some(Token::Sep(',')))
                || toks.iter().skip(1).any(|t| matches!(t, Token::Word(m) if !months_of(m).is_empty()))
                || toks.iter().filter(|t| matches!(t, Token::Num { .. })).count() >= 3
        };
        if months_of(w).is_empty() || weekday_first() {
            if let Some(day) = weekday_of(w) {
                weekday = Some(day);
                settles = long(w);
                toks.remove(0);
            }
        }
    }
    // An abbreviation of one letter and a point that starts the date is no pattern's word to
    // drop: `c. 2026` is circa 2026 (CLDR's patterns write such letters after a number, `2026
    // m. spalio 1 d.`; glibc's Estonian weekdays, `E 23 nov 2026`, have no point).
    let abbreviation = matches!(
        (toks.first(), toks.get(1)),
        (Some(Token::Word(w)), Some(Token::Sep('.'))) if w.len() == 1 && w.is_ascii()
    );
    let kept = if abbreviation { Some(toks.remove(0)) } else { None };
    settle_month_words(toks);
    toks.retain(|t| !matches!(t, Token::Word(w) if is_filler(w)));
    if let Some(first) = kept {
        toks.insert(0, first);
    }
    // Separators before the date go, but not a comparison or an approximation (`< 2026-01-01`,
    // `~2026`): those change what the date means, so the spelling reads as nothing.
    while matches!(toks.first(), Some(Token::Sep(c)) if !matches!(c, '<' | '>' | '=' | '~' | '\u{2264}' | '\u{2265}' | '\u{2248}'))
    {
        toks.remove(0);
    }
    let trim_end = |toks: &mut Tokens<'_>| {
        while matches!(toks.last(), Some(Token::Sep('.' | ',' | ' '))) {
            toks.pop();
        }
    };
    trim_end(toks);
    // In parentheses last: "2026年11月23日（月）", "23 Nov 2026 (Mon)".
    let last_three = toks.len().checked_sub(3).and_then(|i| toks.get(i..));
    if let (None, Some([Token::Sep('('), Token::Word(w), Token::Sep(')')])) = (weekday, last_three) {
        if let (true, Some(day)) = (months_of(w).is_empty(), weekday_of(w)) {
            weekday = Some(day);
            settles = long(w);
            toks.truncate(toks.len() - 3);
            trim_end(toks);
        }
    }
    // Set apart by a space or comma: a word right after a number is its unit ("1일", "1日").
    let last_two = toks.len().checked_sub(2).and_then(|i| toks.get(i..));
    if let (None, Some([Token::Sep(_), Token::Word(w)])) = (weekday, last_two) {
        if let (true, Some(day)) = (months_of(w).is_empty(), weekday_of(w)) {
            weekday = Some(day);
            settles = long(w);
            toks.pop();
            trim_end(toks);
        }
    }
    (weekday, settles)
}

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
            if let Some(spelled) = bracketed_weekday(text, at) {
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

/// A weekday in brackets after the date (`2026年10月1日(木)`, `2026/10/01（木）`, `2026. 10. 1.(목)`,
/// as Japanese, Chinese and Korean write it): the text with the weekday's whole name set apart
/// by a space, as it reads; its one character (`木`, `四`, `목`) is short for `木曜日`, `星期四`,
/// `목요일`. `None` for any other bracket.
#[cold]
fn bracketed_weekday(text: &str, at: usize) -> Option<String> {
    let (date, bracket) = text.split_at(at);
    let inner = bracket.trim_start_matches(['(', '\u{ff08}']).trim_end_matches([')', '\u{ff09}']).trim();
    if inner.is_empty() || inner.len() == bracket.len() {
        return None;
    }
    let spelled = |whole: &str| format!("{} ({whole})", date.trim_end());
    if inner.chars().count() == 1 {
        // The whole name that reads beside the date: Chinese weekdays are words of two
        // tokens (`星期` and `四`), so the check is a read, not a lookup.
        let names = [
            format!("{inner}\u{66dc}\u{65e5}"),
            format!("\u{661f}\u{671f}{inner}"),
            format!("{inner}\u{c694}\u{c77c}"),
        ];
        return names.iter().map(|w| spelled(w)).find(|s| !parse_gregorian(s).candidates.is_empty());
    }
    weekday_of(&word_key(inner))?;
    (!date.ends_with(char::is_whitespace)).then(|| spelled(inner))
}

/// The years of the Buddhist era Thai and Lao dates write (`1 ตุลาคม 2569` is 1 October 2026),
/// from 2400 (1857) to 2800, in a text in the Thai or Lao script: each day read in such a year
/// is also read less 543, that reading first. A Thai date of CLDR's Gregorian calendar writes
/// the common era's year, so both are named (the ask), unless a weekday settles one or the
/// era's mark (`marked`) says which.
#[cold]
#[inline(never)]
fn buddhist_era(parsed: &mut Parsed, marked: bool) {
    const OFFSET: i32 = 543;
    let era = |y: i32| (2400..=2800).contains(&y);
    let mut converted: SmallVec<[Candidate; 4]> = SmallVec::new();
    for c in &parsed.candidates {
        let span = match c.span {
            Span::Day(d) if era(d.year()) => match NaiveDate::from_ymd_opt(d.year() - OFFSET, d.month(), d.day()) {
                Some(day) => Span::Day(day),
                None => continue,
            },
            Span::Month(y, m) if era(y) => Span::Month(y - OFFSET, m),
            Span::Quarter(y, q) if era(y) => Span::Quarter(y - OFFSET, q),
            Span::Half(y, h) if era(y) => Span::Half(y - OFFSET, h),
            Span::Year(y) if era(y) => Span::Year(y - OFFSET),
            _ => continue,
        };
        converted.push(Candidate { span, order: Order::BuddhistEra });
    }
    if !converted.is_empty() {
        if !marked {
            converted.extend(parsed.candidates.drain(..));
        }
        parsed.candidates = converted;
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
    if matches!(text.len(), 10 | 13) && text.bytes().all(|b| b.is_ascii_digit()) {
        return unix_time(text).unwrap_or(parsed);
    }
    // Days and years spelled out in words (`October first, 2026`, `1. října roku 2026`).
    match spelled_out(text).map(|numbered| parse(&numbered)) {
        Some(dated) if found(&dated) => dated,
        _ => nth_weekday(text).unwrap_or(parsed),
    }
}

/// A weekday counted within a month (`the first Monday of October 2026`, `2nd Tuesday in
/// March 2026`, `last Friday of October 2026`, `le premier lundi d'octobre 2026`): an ordinal
/// (a word of [`ORDINAL_WORDS`] or a number with its ending, one to five) or English's `last`,
/// a weekday's name, a month's name and the year, other words only fillers. That one day; a
/// fifth weekday the month lacks is impossible. `None` for any other text.
#[cold]
fn nth_weekday(text: &str) -> Option<Parsed> {
    let (mut nth, mut weekday, mut month, mut year) = (None, None, None, None);
    let (mut rest, mut bare, mut settles) = (text, false, false);
    for (start, end) in word_spans(text) {
        // The numbers between the words: a year, or an ordinal (`2nd` is a number and a word,
        // `1.` a number and its point). A bare digit is as much the day of the month with a
        // weekday beside it (`1 Tuesday October 2026`): that reading, whose weekday is checked.
        let digits = text.get(text.len() - rest.len()..start)?;
        let mut needs_ending = false;
        for number in digits.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()) {
            match number.len() {
                4 => year = year.or(number.parse::<i32>().ok()),
                1 => {
                    let after = number.as_ptr() as usize - digits.as_ptr() as usize + 1;
                    match digits.as_bytes().get(after) {
                        Some(b'.') => {}
                        None => needs_ending = true,
                        Some(_) => bare = true,
                    }
                    nth = nth.or(number.parse::<i8>().ok());
                }
                _ => return None,
            }
        }
        rest = text.get(end..)?;
        let key = word_key(text.get(start..end)?);
        // Glued to the digit, any language's ordinal ending counts (`1er`, `2e`, `2º`).
        let is_number_ending = start > 0
            && (ORDINAL_ENDINGS.contains(&key.as_str()) || (needs_ending && ORDINALS.contains(&key.as_str())));
        bare |= needs_ending && !is_number_ending;
        // "in" before the month, as English, Czech, German, French and Polish write it.
        if is_number_ending || is_filler(&key) || ["in", "v", "im", "en", "w"].contains(&key.as_str()) {
            continue;
        }
        if let (Some(w), true) = (weekday_of(&key).filter(|w| *w != 0), weekday.is_none()) {
            weekday = Some(w);
            settles = key.chars().nth(2).is_some();
        } else if let ([m], true) = (months_of(&key).as_slice(), month.is_none()) {
            month = Some(*m);
        } else if key == "last" {
            nth = Some(-1);
        } else {
            nth = Some(i8::try_from(ORDINAL_WORDS.get(&key).filter(|n| (1..=5).contains(n))?).ok()?);
        }
    }
    if let Some(y) = rest.split(|c: char| !c.is_ascii_digit()).find(|n| n.len() == 4) {
        year = year.or(y.parse().ok());
    }
    let (n, w, m, y) = (nth?, weekday?, month?, year?);
    let mut parsed = Parsed::default();
    if bare {
        let day = u32::try_from(n).ok()?;
        match NaiveDate::from_ymd_opt(y, m, day) {
            Some(d) => parsed.candidates.push(fixed(Span::Day(d))),
            None => parsed.impossible.push(Impossible { year: y, month: m, day }),
        }
        (parsed.weekday, parsed.weekday_settles, parsed.counted) = (Some(w), settles, true);
        return Some(parsed);
    }
    let wd = chrono::Weekday::try_from(w.checked_sub(1)?).ok()?;
    let day = if n > 0 {
        NaiveDate::from_weekday_of_month_opt(y, m, wd, u8::try_from(n).ok()?)
    } else {
        let last = NaiveDate::from_ymd_opt(y, m, 1)?.checked_add_months(chrono::Months::new(1))?.pred_opt()?;
        let back = (7 + last.weekday().num_days_from_monday() - wd.num_days_from_monday()) % 7;
        last.checked_sub_days(chrono::Days::new(u64::from(back)))
    };
    match day {
        Some(d) => parsed.candidates.push(fixed(Span::Day(d))),
        None => parsed.impossible.push(Impossible { year: y, month: m, day: 32 }),
    }
    Some(parsed)
}

/// `text` with its days written as ordinal words written as numbers ([`day_words`]) and its
/// words for "year" beside the year's digits left out ([`without_year_words`]); `None` when
/// neither changes it. Only for a text the grammar found nothing in: the common spellings
/// never pay for these.
#[cold]
fn spelled_out(text: &str) -> Option<String> {
    let days = day_words(text);
    without_year_words(days.as_deref().unwrap_or(text)).or(days)
}

/// The seasons' words (folded) of the languages the range reader's other words cover, and the
/// season: 1 spring, 2 summer, 3 autumn, 4 winter.
pub(super) const SEASONS: &[(&str, u8)] = &[
    ("spring", 1),
    ("summer", 2),
    ("autumn", 3),
    ("fall", 3),
    ("winter", 4), // en
    ("jaro", 1),
    ("leto", 2),
    ("podzim", 3),
    ("zima", 4), // cs (and pl's, sk's winter)
    ("jar", 1),
    ("jesen", 3), // sk
    ("fruhling", 1),
    ("fruhjahr", 1),
    ("sommer", 2),
    ("herbst", 3), // de
    ("printemps", 1),
    ("ete", 2),
    ("automne", 3),
    ("hiver", 4), // fr
    ("primavera", 1),
    ("verano", 2),
    ("otono", 3),
    ("invierno", 4), // es
    ("estate", 2),
    ("autunno", 3),
    ("inverno", 4), // it, pt
    ("verao", 2),
    ("outono", 3), // pt
    ("wiosna", 1),
    ("lato", 2),
    ("jesien", 3), // pl
];

/// `text` without its words for "year" ([`YEAR_WORDS`]: CLDR's `duration-year` unit words)
/// right after a year's four digits (and a point) or right before them, with the space between
/// (`1 października 2026 roku`, `1. listopada 2026. godine`, `1. října roku 2026`, `1 жовтня
/// 2026 року`); `None` when it has none.
fn without_year_words(text: &str) -> Option<String> {
    let four_digits = |s: &str| s.len() == 4 && s.bytes().all(|b| b.is_ascii_digit());
    let mut out = String::new();
    let mut last = 0;
    for (start, end) in word_spans(text) {
        let (before, after) = (text.get(..start)?, text.get(end..)?);
        let gap_before = before.len() - before.trim_end_matches(' ').trim_end_matches('.').len();
        let year_before = before.get(..before.len() - gap_before).map(|b| {
            let digits = b.len() - b.trim_end_matches(|c: char| c.is_ascii_digit()).len();
            four_digits(b.get(b.len() - digits..).unwrap_or_default())
        });
        let gap_after = after.len() - after.trim_start_matches(' ').len();
        let digits_after =
            after.get(gap_after..).map_or(0, |a| a.len() - a.trim_start_matches(|c: char| c.is_ascii_digit()).len());
        let year_after =
            gap_after > 0 && four_digits(after.get(gap_after..gap_after + digits_after).unwrap_or_default());
        let cut = match (year_before == Some(true) && gap_before > 0, year_after) {
            (true, _) => (start - gap_before, end),
            (false, true) => (start, end + gap_after),
            _ => continue,
        };
        let key = word_key(text.get(start..end)?);
        // A season's word that is a year's elsewhere (`léto`, Czech summer; Slovenian `leto`,
        // year) is no year word here: the range reader names both.
        if start < last || YEAR_WORDS.get(&key).is_none() || SEASONS.iter().any(|(s, _)| *s == key) {
            continue;
        }
        // A point after the year stays out with the word (`2026. godine`: `2026`).
        out.push_str(text.get(last..cut.0)?);
        last = cut.1;
    }
    if last == 0 {
        return None;
    }
    out.push_str(text.get(last..)?);
    Some(out)
}

/// The most words a day written as an ordinal word has (`vigésimo primeiro`, `twenty first`).
const MAX_DAY_WORDS: usize = 3;

/// `text` with each day written as an ordinal word ([`ORDINAL_WORDS`]: `October first, 2026`,
/// `the twenty-first of October`, `am ersten Oktober`, `первого октября`) written as its
/// number with English's ordinal suffix (`October 1st, 2026`, `2nd quarter 2026`); `None`
/// when it has none, or when it names a weekday (`second Friday of October` is not the 2nd:
/// [`nth_weekday`] reads it).
/// A month's or weekday's name is never read as a day.
#[cold]
fn day_words(text: &str) -> Option<String> {
    let words = word_spans(text);
    let mut out = String::with_capacity(text.len());
    let (mut last, mut i) = (0, 0);
    while let Some(&(start, _)) = words.get(i) {
        let found = (1..=MAX_DAY_WORDS).rev().find_map(|k| {
            let run = words.get(i..i + k)?;
            let end = run.last()?.1;
            if run.windows(2).any(|w| text.get(w[0].1..w[1].0) != Some(" ")) {
                return None;
            }
            let key = word_key(text.get(start..end)?);
            if !months_of(&key).is_empty() || weekday_of(&key).is_some() {
                return None;
            }
            ORDINAL_WORDS.get(&key).map(|n| (k, end, n))
        });
        match found {
            Some((k, end, n)) => {
                out.push_str(text.get(last..start)?);
                out.push_str(&n.to_string());
                // English's suffix, which CLDR's quarter names write too (`1st quarter`).
                out.push_str(ordinal_ending(usize::from(n)));
                (last, i) = (end, i + k);
            }
            None => {
                let (a, b) = words.get(i)?;
                if weekday_of(&word_key(text.get(*a..*b)?)).is_some() {
                    return None;
                }
                i += 1;
            }
        }
    }
    if last == 0 {
        return None;
    }
    out.push_str(text.get(last..)?);
    Some(out)
}

/// The byte spans of the words of `text`: letters and their marks, with apostrophes and
/// hyphens between letters, as [`tokens`] reads a word.
fn word_spans(text: &str) -> SmallVec<[(usize, usize); 8]> {
    let mut spans = SmallVec::new();
    let mut start = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next_is_letter = chars.peek().is_some_and(|(_, n)| is_letter(*n));
        let in_word = is_letter(c)
            || (start.is_some() && (is_combining_mark(c) || (matches!(c, '-' | '\'' | '\u{2019}') && next_is_letter)));
        match (in_word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, text.len()));
    }
    spans
}

/// An ISO 8601 week written as people write it, the mark apart from the year: `W48 2026`,
/// `2026 W48`, `W48/2026`, and German's and English's calendar-week marks, which count weeks as
/// ISO 8601 does (`KW 48 2026`, `KW48/2026`, `CW 48 2026`). The ISO spelling (`2026-W48`);
/// `None` for any other text (a bare `week 48` is left alone: weeks are numbered otherwise in
/// some regions).
fn written_week(text: &str) -> Option<String> {
    let upper = text.trim().to_ascii_uppercase();
    let parts: Vec<&str> = upper.split([' ', '/', '-', ',', '.']).filter(|p| !p.is_empty()).collect();
    fn marked(p: &str) -> Option<&str> {
        ["KW", "CW", "W"].iter().find_map(|m| p.strip_prefix(m))
    }
    let (week, year) = match parts.as_slice() {
        [m, y] if marked(m).is_some_and(|w| !w.is_empty()) => (marked(m)?, *y),
        [m, w, y] if marked(m) == Some("") => (*w, *y),
        [y, m] if marked(m).is_some_and(|w| !w.is_empty()) => (marked(m)?, *y),
        [y, m, w] if marked(m) == Some("") => (*w, *y),
        _ => return None,
    };
    let digits =
        |x: &str, n: std::ops::RangeInclusive<usize>| n.contains(&x.len()) && x.bytes().all(|b| b.is_ascii_digit());
    (digits(week, 1..=2) && digits(year, 4..=4)).then(|| format!("{year}-W{week:0>2}"))
}

/// English's words of the day before, of and after today, which `the day before …` and `the day
/// after …` count from.
const RELATIVE_DAYS_EN: [(&str, i8); 3] = [("yesterday", -1), ("today", 0), ("tomorrow", 1)];

/// A relative-day word (`today`, `zítra`, `明日`) or a period before, of or after today's
/// (`last month`): its candidates, and true when the text is one.
fn relative_words(parsed: &mut Parsed, text: &str) -> bool {
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
    if !date_text.bytes().any(|b| b.is_ascii_digit())
        && (relative_words(&mut parsed, date_text)
            || without_time_words(date_text).is_some_and(|day| relative_words(&mut parsed, day)))
    {
        return parsed;
    }
    let suffixed = numbered_month_suffix(date_text);
    let mut toks = tokens(suffixed.as_deref().unwrap_or(date_text));
    name_numbered_words(&mut toks);
    (parsed.weekday, parsed.weekday_settles) = strip_weekday_and_fillers(&mut toks);
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
        relative_count(&mut parsed, date_text);
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

/// A Unix time (seconds since 1970, ten digits; milliseconds, thirteen), as APIs and logs
/// write a moment: its day in UTC, the time dropped with a note saying so; all zeros (an unset
/// moment) is the sentinel. `None` when the first eight digits are also a day written
/// `YYYYMMDD` (`2026100110`), which is left unread, or the first digit is 0.
#[cold]
fn unix_time(digits: &str) -> Option<Parsed> {
    let compact = digits.get(..8).and_then(|d| {
        let (y, m, day) = (d.get(..4)?.parse().ok()?, d.get(4..6)?.parse().ok()?, d.get(6..8)?.parse().ok()?);
        (1900..=2100).contains(&y).then(|| NaiveDate::from_ymd_opt(y, m, day)).flatten()
    });
    let mut parsed = Parsed::default();
    if digits.bytes().all(|b| b == b'0') {
        // Unix time 0 is how an unset moment is stored: no bound on a range, a placeholder
        // elsewhere, as `0001-01-01` is.
        parsed.candidates.push(fixed(Span::Sentinel));
        return Some(parsed);
    }
    if compact.is_some() || digits.starts_with('0') {
        return None;
    }
    let n: i64 = digits.parse().ok()?;
    let (seconds, unit) = if digits.len() == 13 { (n / 1000, "milliseconds") } else { (n, "seconds") };
    let moment = chrono::DateTime::from_timestamp(seconds, 0)?;
    parsed.candidates.push(fixed(Span::Day(moment.date_naive())));
    parsed.time_dropped = Some(format!("UTC, the Unix time {digits} counting {unit} since 1970-01-01"));
    Some(parsed)
}

/// The first year of a decade written as English writes one (`1990s`, `the 2020s`, `2020's`):
/// four digits that end in 0, then `s`.
#[cold]
fn decade(text: &str) -> Option<i32> {
    let lower = text.trim().to_ascii_lowercase();
    let body = lower.strip_prefix("the ").unwrap_or(&lower).strip_suffix('s')?;
    let digits = body.strip_suffix(['\'', '\u{2019}']).unwrap_or(body);
    let year: i32 =
        (digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok())??;
    (year % 10 == 0).then_some(year)
}

/// A quarter's name ([`named_quarter`]) read in place of what the grammar found, when that is
/// no day (`2026 IV k.`: the Roman IV is no month there) and the text has letters.
#[inline]
fn quarter_instead(parsed: &mut Parsed, text: &str) {
    // A day found (the usual case): one comparison, and nothing else runs.
    if !matches!(parsed.candidates.first().map(|c| &c.span), Some(Span::Day(_))) {
        quarter_instead_cold(parsed, text);
    }
}

#[cold]
#[inline(never)]
fn quarter_instead_cold(parsed: &mut Parsed, text: &str) {
    let no_day = parsed.candidates.iter().all(|c| matches!(c.span, Span::Month(..) | Span::Year(_)));
    if no_day && parsed.impossible.is_empty() && text.chars().any(char::is_alphabetic) {
        if let Some((year, quarter)) = named_quarter(text) {
            parsed.candidates.clear();
            parsed.candidates.push(fixed(Span::Quarter(year, quarter)));
        }
    }
}

/// A quarter as CLDR's `QQQ y` and `QQQQ y` formats of the modern locales write it (`1st
/// quarter 2026`, `T1 2026`, `1. čtvrtletí 2026`, `I kwartał 2026`, `1.er trimestre de 2026`,
/// `1-й кв. 2026 г.`, `2026年第1四半期`): the text's one four-digit year, and the rest, without
/// the patterns' words around the year ([`is_filler`]: `de`, `г`; `年`, `년` glued to it), one
/// of [`QUARTERS`].
#[cold]
#[inline(never)]
fn named_quarter(text: &str) -> Option<(i32, u32)> {
    let bytes = text.as_bytes();
    let mut year_at = None;
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i - start == 4 && year_at.replace(start).is_some() {
            return None; // two years
        }
        i = if i == start { start + 1 } else { i };
    }
    let at = year_at?;
    let year: i32 = text.get(at..at + 4)?.parse().ok()?;
    let before = text.get(..at)?.trim_end().trim_end_matches(['年', '년']);
    let after = text.get(at + 4..)?.trim_start().trim_start_matches(['年', '년', '.']);
    let key = word_key(spelling::trim(&format!("{before} {after}")));
    if let Some(q) = QUARTERS.get(&key) {
        return Some((year, u32::from(q)));
    }
    // A quarter's Roman number (`III. čtvrtletí 2026`, `III trimestre 2026`), as the ordinal
    // CLDR writes in digits (`3. čtvrtletí`, `3 trimestre`).
    if let Some(q) = roman_quarter(&key) {
        return Some((year, q));
    }
    // Without the patterns' words and the commas after words (`1-се кв., 2026 й.`).
    let kept: Vec<&str> = key
        .split(' ')
        .map(|w| w.trim_end_matches(','))
        .filter(|w| !w.is_empty() && !is_filler(w.trim_end_matches('.')))
        .collect();
    let kept = kept.join(" ");
    let kept = kept.trim_end_matches(['.', ',']);
    let q = QUARTERS.get(kept).map(u32::from).or_else(|| roman_quarter(kept))?;
    Some((year, q))
}

/// The quarter of a key that opens with its Roman number (`iii. ctvrtleti`, `iiie trimestre`,
/// `q iii`), read as the digits CLDR writes (`3. ctvrtleti`, `3e trimestre`, `q3`) are: the
/// number and the table agree.
fn roman_quarter(key: &str) -> Option<u32> {
    let (roman, rest) = key.split_once(' ')?;
    let number = |r: &str| ["i", "ii", "iii", "iv"].iter().position(|x| *x == r).map(|p| p + 1);
    if roman == "q" {
        return number(rest).and_then(|n| u32::try_from(n).ok());
    }
    // The letters languages write after an ordinal's digits (`3e`, `3.er`, `3º`, `3rd`, `3-й`);
    // a Roman number may carry them too (`IIIe`), or none where the digits do (`III trimestre`).
    const ORDINAL: &[&str] =
        &["", ".", "er", ".er", "e", "o", "\u{ba}", "\u{b0}", "st", "nd", "rd", "th", "-\u{439}", "-\u{438}"];
    let roman = roman.trim_end_matches('.');
    let n = ORDINAL.iter().find_map(|s| number(roman.strip_suffix(s)?))?;
    let keys = ORDINAL.iter().flat_map(|s| [format!("{n}{s} {rest}"), format!("{n}{s}{rest}")]);
    let q = u32::from(keys.into_iter().find_map(|k| QUARTERS.get(&k))?);
    (q == u32::try_from(n).ok()?).then_some(q)
}

/// A count of days, weeks, months or years from today, as CLDR's relative-time patterns of
/// every modern locale write it (`3 days ago`, `in 2 weeks`, `před 3 dny`, `vor 2 Monaten`,
/// `hace 1 año`, `3日前`): [`RELATIVE_COUNTS`], keyed by the words before and after the one
/// number. Tried only when nothing else read (a rare path: out of line).
#[cold]
#[inline(never)]
fn relative_count(parsed: &mut Parsed, text: &str) {
    // English's `3 days from now` is CLDR's `in 3 days`.
    let lower = text.trim_end().to_ascii_lowercase();
    if let Some(head) = lower.strip_suffix(" from now").filter(|h| !h.trim().is_empty()) {
        let len = head.len();
        return relative_count(parsed, &format!("in {}", text.get(..len).unwrap_or(head)));
    }
    let Some((code, n)) = counted(text).or_else(|| counted_in_words(text)).or_else(|| counted_one(text)) else {
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

/// The key of [`RELATIVE_COUNTS`] for the words before and after a count (`#days ago`).
fn count_key(before: &str, after: &str) -> String {
    format!("{}#{}", word_key(before), word_key(after))
}

/// The unit code and the count of a relative-time pattern written with digits (`3 days ago`).
fn counted(text: &str) -> Option<(i8, i64)> {
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
fn counted_in_words(text: &str) -> Option<(i8, i64)> {
    let mut found = None;
    let mut at = 0;
    for word in text.split(' ') {
        let start = at;
        at += word.len() + 1;
        let n = match word.to_ascii_lowercase().as_str() {
            "a" | "an" => 1,
            _ => match COUNT_WORDS.get(&word_key(word)) {
                Some(n) => i64::from(n),
                None => continue,
            },
        };
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
fn counted_one(text: &str) -> Option<(i8, i64)> {
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

/// A candidate in the only order the spelling allows. A span in a sentinel year
/// (`0001-01`, `9999-Q4`, `0001-011`) is the sentinel itself: it names no real bound.
fn fixed(span: Span) -> Candidate {
    let span = match span {
        Span::Month(y, _) | Span::Quarter(y, _) | Span::Week(y, _) | Span::Half(y, _) | Span::Year(y)
            if sentinel_year(y) =>
        {
            Span::Sentinel
        }
        // A day in a sentinel year, however spelled (`0001-011`, ISO's ordinal date), is the
        // sentinel too, as `0001-01-11` is: the value read back must read the same.
        Span::Day(d) if sentinel_year(d.year()) => Span::Sentinel,
        // A decade with a sentinel year in it (`9990s`, `0000s`): its bound in that year reads
        // back as the sentinel.
        Span::Decade(y) if sentinel_year(y) || sentinel_year(y.saturating_add(9)) => Span::Sentinel,
        other => other,
    };
    Candidate { span, order: Order::Fixed }
}

fn value(digits: &str) -> Option<u32> {
    if digits.len() > 4 {
        return None;
    }
    digits.parse().ok()
}

/// A year written with four digits.
fn year4(digits: &str) -> Option<i32> {
    (digits.len() == 4).then(|| digits.parse().ok()).flatten()
}

/// Adds the day (y, m, d) as a candidate with `order`, or records why it is impossible.
fn day(parsed: &mut Parsed, year: i32, month: u32, dd: u32, order: Order) {
    if sentinel_year(year) {
        if !parsed.candidates.iter().any(|x| x.span == Span::Sentinel) {
            parsed.candidates.push(Candidate { span: Span::Sentinel, order });
        }
        return;
    }
    match NaiveDate::from_ymd_opt(year, month, dd) {
        Some(d) => match parsed.candidates.iter_mut().find(|x| x.span == Span::Day(d)) {
            // Both orders name the same day (05/05/2026): the order does not matter.
            Some(existing) if existing.order != order => existing.order = Order::Fixed,
            Some(_) => {}
            None => parsed.candidates.push(Candidate { span: Span::Day(d), order }),
        },
        None => parsed.impossible.push(Impossible { year, month, day: dd }),
    }
}

/// Dates without words: `1. 10. 2026`, `13/02/2026`, `2026/10/01`, `20261001`, `2020-02`, `2026`.
fn numeric(parsed: &mut Parsed, nums: &[(&str, bool)], seps: &[char]) {
    let dots = !seps.is_empty() && seps.iter().all(|c| *c == '.');
    match nums {
        [(only, _)] if only.len() == 8 => {
            let (a, b, c) = (&only[..4], &only[4..6], &only[6..]);
            if let (Some(y), Some(m), Some(d)) = (year4(a), value(b), value(c)) {
                day(parsed, y, m, d, Order::Fixed);
            }
            // DDMMYYYY and MMDDYYYY, when they also read as a day.
            let (p, q, y) = (&only[..2], &only[2..4], &only[4..]);
            if let (Some(p), Some(q), Some(y)) = (value(p), value(q), year4(y)) {
                if (1..=12).contains(&q) && NaiveDate::from_ymd_opt(y, q, p).is_some() {
                    day(parsed, y, q, p, Order::DayFirst);
                }
                if (1..=12).contains(&p) && NaiveDate::from_ymd_opt(y, p, q).is_some() {
                    day(parsed, y, p, q, Order::MonthFirst);
                }
            }
        }
        [(only, _)] => {
            if let Some(y) = year4(only) {
                parsed.candidates.push(fixed(if sentinel_year(y) { Span::Sentinel } else { Span::Year(y) }));
            }
        }
        [(a, _), (b, _)] if seps.len() == 1 && seps.iter().all(|c| matches!(c, '-' | '/' | '.')) => {
            let (year, month) = match (year4(a), year4(b)) {
                (Some(y), None) => (y, value(b)),
                (None, Some(y)) => (y, value(a)),
                // `1. 10.`: a day and month with dots, of no year (asked for).
                (None, None) if dots && a.len() <= 2 && b.len() <= 2 => {
                    if let (Some(d), Some(m)) = (value(a), value(b)) {
                        if (1..=12).contains(&m) && NaiveDate::from_ymd_opt(2024, m, d).is_some() {
                            parsed.candidates.push(fixed(Span::DayMonth(d, m)));
                        }
                    }
                    return;
                }
                _ => return,
            };
            if let Some(m) = month.filter(|m| (1..=12).contains(m)) {
                parsed.candidates.push(fixed(Span::Month(year, m)));
            }
        }
        [a, b, c] if seps.len() == 2 && seps.iter().all(|s| matches!(s, '-' | '/' | '.' | ' ')) => {
            three_numbers(parsed, [*a, *b, *c], dots);
        }
        _ => {}
    }
}

/// Three numbers (`1. 10. 2026`, `01/10/2026`, `26. 10. 25.`): a year of four digits first or
/// last, or two digits last (or first, when the first number is no month); each order of day
/// and month the separators leave open.
fn three_numbers(parsed: &mut Parsed, [(a, oa), (b, ob), (c, _)]: [(&str, bool); 3], dots: bool) {
    let (Some(x), Some(y), Some(z)) = (value(a), value(b), value(c)) else { return };
    // A number written as an ordinal (`23 2nd 2026`, Arabic `الثاني` read as `2nd`) is a
    // day, never the month.
    let (a_month, b_month) = (!oa, !ob);
    let day = |parsed: &mut Parsed, month_may_be: bool, (year, month, d), order| {
        if month_may_be {
            day(parsed, year, month, d, order);
        }
    };
    if let Some(year) = year4(a) {
        day(parsed, b_month, (year, y, z), Order::Fixed);
    } else if let Some(year) = year4(c) {
        if dots {
            day(parsed, b_month, (year, y, x), Order::Fixed);
        } else {
            day(parsed, b_month, (year, y, x), Order::DayFirst);
            day(parsed, a_month, (year, x, y), Order::MonthFirst);
        }
    } else if (c.len() == 2 || x > 12) && a.len() <= 2 && b.len() <= 2 && c.len() <= 2 {
        parsed.two_digit_year = true;
        for century in [2000, 1900] {
            let year = century + i32::try_from(z).unwrap_or(0);
            if c.len() == 2 && dots {
                day(parsed, b_month, (year, y, x), if x > 12 { Order::DayFirst } else { Order::Fixed });
            } else if c.len() == 2 {
                day(parsed, b_month, (year, y, x), Order::DayFirst);
                day(parsed, a_month, (year, x, y), Order::MonthFirst);
            }
            // The year first, as Korean, Chinese, Hungarian and Swedish short dates write
            // it (`26. 10. 25.`, `26/3/4`, `26-10-25`), when the first number is no month
            // (a year of this century's first twelve is rare beside a day first).
            if x > 12 {
                day(parsed, b_month, (century + i32::try_from(x).unwrap_or(0), y, z), Order::YearFirst);
            }
        }
    }
}

/// The field a Chinese, Japanese or Korean unit word after a number names.
fn cjk_unit(word: &str) -> Option<usize> {
    // Words are folded, and folding decomposes Hangul syllables: compose them again.
    let composed: String = unicode_normalization::UnicodeNormalization::nfc(word.chars()).collect();
    match composed.as_str() {
        "年" | "년" => Some(0),
        "月" | "월" => Some(1),
        "日" | "일" | "号" | "號" => Some(2),
        _ => None,
    }
}

/// The day's unit with the weekday written right after it (`日月曜日`, `日星期一`): the day's
/// field and the weekday.
fn day_and_weekday(word: &str) -> Option<(usize, Option<u8>)> {
    let first = word.chars().next()?;
    let rest = word.get(first.len_utf8()..)?;
    let day = weekday_of(rest).filter(|d| *d > 0)?;
    cjk_unit(first.encode_utf8(&mut [0; 4])).filter(|f| *f == 2).map(|field| (field, Some(day)))
}

/// `2026年10月1日`, `2026년 10월 1일`, `2026年10月`: each number followed by its unit, so the
/// order is fixed. True when the spelling has that shape (then it is read here, or not at all).
fn cjk(parsed: &mut Parsed, toks: &[Token]) -> bool {
    let mut fields: [Option<u32>; 3] = [None; 3];
    let mut rest = toks.iter().filter(|t| !matches!(t, Token::Sep(' ')));
    let mut any = false;
    while let Some(token) = rest.next() {
        let Token::Num { digits, .. } = token else { return false };
        let Some(Token::Word(unit)) = rest.next() else { return false };
        let Some((field, weekday)) = cjk_unit(unit).map(|f| (f, None)).or_else(|| day_and_weekday(unit)) else {
            return false;
        };
        if weekday.is_some() {
            parsed.weekday = weekday;
            parsed.weekday_settles = true;
        }
        let Some(slot) = fields.get_mut(field).filter(|f| f.is_none()) else { return false };
        *slot = value(digits);
        any = true;
    }
    if !any {
        return false;
    }
    match fields {
        [Some(y), Some(m), Some(d)] if y >= 1000 => day(parsed, i32::try_from(y).unwrap_or(0), m, d, Order::Fixed),
        [Some(y), Some(m), None] if y >= 1000 && (1..=12).contains(&m) => {
            parsed.candidates.push(fixed(Span::Month(i32::try_from(y).unwrap_or(0), m)));
        }
        [None, Some(m), Some(d)] if (1..=12).contains(&m) && (1..=31).contains(&d) => {
            parsed.candidates.push(fixed(Span::DayMonth(d, m)));
        }
        [Some(y), None, None] if y >= 1000 => parsed.candidates.push(fixed(Span::Year(i32::try_from(y).unwrap_or(0)))),
        _ => {}
    }
    true
}

/// `H2 2026`, `2026-H2`, `2H 2026`: a half-year (the word is `h` and the half's number).
fn half(parsed: &mut Parsed, word: &str, nums: &[(&str, bool)]) {
    let h = word.get(1..).and_then(value);
    if let (Some(h @ 1..=2), [(year, _)]) = (h, nums) {
        if let Some(y) = year4(year) {
            parsed.candidates.push(fixed(Span::Half(y, h)));
        }
    }
}

/// Words for a half-year after its ordinal number (`1st half of 2026`, `2. pololetí 2026`,
/// `1. Halbjahr 2026`, `1er semestre 2026`), folded: grammar, like the fillers.
const HALF_WORDS: &[&str] = &["half", "pololeti", "polrok", "halbjahr", "semestre", "polrocze"];

/// `1st half of 2026`, `2. pololetí 2026`: a half-year by its ordinal number and the year.
fn numbered_half(parsed: &mut Parsed, nums: &[(&str, bool)]) {
    // The number's ordinal mark is a suffix (`1st`) or a point (`1.`, which the tokens keep
    // apart), so the number itself is read.
    let ordinal = |(digits, _): (&str, bool)| value(digits).filter(|h| (1..=2).contains(h));
    if let [first, (year, false)] = nums {
        if let (Some(h), Some(y)) = (ordinal(*first), year4(year)) {
            parsed.candidates.push(fixed(Span::Half(y, h)));
        }
    }
}

/// `S1 2026`, `S2/2026`, `1S 2026`: a semester (half-year) as French, Spanish, Italian and
/// Portuguese abbreviate one, and a quarter as Malay does (`S1` is its `suku pertama`): the
/// first two name both (they ask), `S3` and `S4` the quarter only.
fn semester_or_quarter(parsed: &mut Parsed, word: &str, nums: &[(&str, bool)]) {
    let (n, y) = match nums {
        [(y, _)] if word.len() == 2 => (word.get(1..).and_then(value), year4(y).unwrap_or(0)),
        [(a, _), (b, _)] if word.len() == 1 => match (year4(a), year4(b)) {
            (None, Some(y)) => (value(a), y),
            (Some(y), None) => (value(b), y),
            _ => return,
        },
        _ => return,
    };
    match n.filter(|_| y > 0) {
        Some(h @ 1..=2) => {
            parsed.candidates.push(fixed(Span::Half(y, h)));
            parsed.candidates.push(fixed(Span::Quarter(y, h)));
        }
        Some(q @ 3..=4) => parsed.candidates.push(fixed(Span::Quarter(y, q))),
        _ => {}
    }
}

/// `2026-Q3`, `Q3 2026`, `Q3/2026`, `3Q2026`.
fn quarter(parsed: &mut Parsed, toks: &[Token]) {
    let nums: SmallVec<[&str; 4]> =
        toks.iter().filter_map(|t| if let Token::Num { digits, .. } = t { Some(*digits) } else { None }).collect();
    let (year, q) = match nums.as_slice() {
        [a, b] => match (year4(a), year4(b)) {
            (Some(y), None) => (y, value(b)),
            (None, Some(y)) => (y, value(a)),
            _ => return,
        },
        [one] if one.len() == 5 => {
            // "32026" from "3Q2026" cannot happen (the Q splits it); "Q32026" gives "32026".
            (one.get(1..).and_then(|y| y.parse().ok()).unwrap_or(0), one.get(..1).and_then(|q| q.parse().ok()))
        }
        _ => return,
    };
    if let Some(q) = q.filter(|q| (1..=4).contains(q)) {
        if year > 0 {
            parsed.candidates.push(fixed(Span::Quarter(year, q)));
        }
    }
}

/// A month name with numbers: `1 October 2026`, `October 1, 2026`, `únor 2020`, `1. října`.
fn named_month(parsed: &mut Parsed, month: u32, nums: &[(&str, bool)]) {
    match nums {
        [(n, _)] => match year4(n) {
            Some(y) => parsed.candidates.push(fixed(Span::Month(y, month))),
            None => {
                if let Some(d) = value(n).filter(|d| (1..=31).contains(d)) {
                    parsed.candidates.push(fixed(Span::DayMonth(d, month)));
                }
            }
        },
        [(a, _), (b, _)] => {
            let (d, y) = match (year4(a), year4(b)) {
                (None, Some(y)) => (value(a), y),
                (Some(y), None) => (value(b), y),
                _ if b.len() == 2 && a.len() <= 2 => {
                    // "1 Oct 26": the year has two digits.
                    parsed.two_digit_year = true;
                    let (Some(d), Some(yy)) = (value(a), value(b)) else { return };
                    for century in [2000, 1900] {
                        day(parsed, century + i32::try_from(yy).unwrap_or(0), month, d, Order::Fixed);
                    }
                    return;
                }
                _ => return,
            };
            if let Some(d) = d {
                day(parsed, y, month, d, Order::Fixed);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_the_alphabetic_characters() {
        for c in ('\0'..'\u{800}').chain(['\u{1e9e}', '\u{3042}', '\u{ff21}', '\u{10400}']) {
            assert_eq!(is_letter(c), c.is_alphabetic(), "{c:?}");
        }
    }

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
        // weekday when another word names the month (`lun` is Irish August).
        assert_eq!(days("lun 5 oct 2026"), ["2026-10-05"]);
        assert_eq!(parse("lun 5 oct 2026").weekday, Some(1));
        assert_eq!(parse("lun 2026").candidates.as_slice(), [fixed(Span::Month(2026, 8))]);
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

    /// A time split off in the first pass, or else in the late one ([`late_time`]).
    fn split(text: &str) -> (std::borrow::Cow<'_, str>, Option<String>) {
        match split_time(text) {
            (_, None) => late_time(text).unwrap_or((text.into(), None)),
            done => done,
        }
    }

    #[test]
    fn times() {
        assert_eq!(split_time("2026-10-01T10:00:00Z"), ("2026-10-01".into(), Some("UTC".into())));
        assert_eq!(
            split_time("1. 10. 2026 10:30"),
            ("1. 10. 2026".into(), Some("the time as written (no offset)".into()))
        );
        assert_eq!(split_time("2026-10-01T10:00:00.123+02:00").1, Some("offset +02:00".into()));
        assert_eq!(split_time("2026-10-01"), ("2026-10-01".into(), None));
        // JavaScript's Date.toString, C's asctime and `date`, a zone abbreviation.
        let js = "Thu Oct 01 2026 10:00:00 GMT+0200 (Central European Summer Time)";
        assert_eq!(split_time(js), ("Thu Oct 01 2026".into(), Some("offset +0200".into())));
        assert_eq!(split_time("Thu Oct  1 10:00:00 2026").0, "Thu Oct  1 2026");
        assert_eq!(split_time("Thu Oct 1 10:00:00 UTC 2026"), ("Thu Oct 1 2026".into(), Some("UTC".into())));
        assert_eq!(split_time("2026-10-01 10:00 CEST").1, Some("time zone CEST".into()));
        assert_eq!(split_time("10/01/2026 10:00 PM").1, Some("the time as written (no offset)".into()));
        assert_eq!(split_time("1 Oct 10:00 2026x").1, None);
        assert_eq!(split_time("2026-10-01 10:00 (zone").1, None);
        // CLDR's day periods and time words after the time, before it, or glued to it; the
        // words that join a date and a time; any space, and the Arabic comma, between them.
        assert_eq!(
            split_time("1 oct 2026, 10:00:00\u{202f}a.\u{202f}m. UTC"),
            ("1 oct 2026".into(), Some("UTC".into()))
        );
        assert_eq!(split_time("1/10/2026، 10:00 ص").0, "1/10/2026");
        assert_eq!(split_time("1.10.2026, 10:00 Uhr").0, "1.10.2026");
        assert_eq!(split_time("2026. 10. 1. PM 10:30").0, "2026. 10. 1.");
        assert_eq!(split_time("2026/10/01 上午10:30").0, "2026/10/01");
        assert_eq!(split_time("October 1, 2026 at 10:00 AM").0, "October 1, 2026");
        assert_eq!(split_time("1 de octubre de 2026 a las 10:00").0, "1 de octubre de 2026");
        assert_eq!(split_time("Čt\u{a0}1.\u{a0}října\u{a0}2026,\u{a0}10:00\u{a0}CET").1, Some("time zone CET".into()));
        assert_eq!(split_time("1 Oct 2026 10:00 xyz").1, None);
        assert_eq!(split_time("1 Oct 2026 xyz10:00").1, None);
        // A time with points after a date with a four-digit year and one more part.
        assert_eq!(split_time("1.10.2026 10.05"), ("1.10.2026".into(), Some("the time as written (no offset)".into())));
        assert_eq!(split_time("1. okt. 2026 kl. 10.05.00").0, "1. okt. 2026");
        assert_eq!(split_time("to 1.10.2026 10.00.00 +0300").1, Some("offset +0300".into()));
        assert_eq!(split_time("2026 10.05").1, None);
        assert_eq!(split_time("1. 10. 2026").1, None);
        assert_eq!(split_time("1.10.2026 25.05").1, None);
        assert_eq!(split_time("1.10.2026 12.10.2026").1, None);
        assert!(!has_dotted_clock(b"1. 10. 2026") && has_dotted_clock(b"1.10.2026 10.05"));
        // Chinese, Japanese and Korean times with their units; an hour with a day period; Go's
        // offset and zone; RFC 9557's annotations; the Common Log Format's year and time.
        assert_eq!(split("2026年11月23日 午前10時05分").0, "2026年11月23日");
        assert_eq!(split("2026年11月23日 10点5分").0, "2026年11月23日");
        assert_eq!(split("2026년 11월 23일 (월) 오후 10시 00분 00초").0, "2026년 11월 23일 (월)");
        assert_eq!(split("2026年11月23日 10時").1, None);
        assert_eq!(split("2026年11月23日 25時00分").1, None);
        assert_eq!(split("2026年11月23日 10時00分 xyz").1, None);
        assert_eq!(split("November 23, 2026 at 10am").0, "November 23, 2026");
        assert_eq!(split("23 Nov 2026 3 P.M.").0, "23 Nov 2026");
        assert_eq!(split("23 Nov 2026 13pm").1, None);
        assert_eq!(split("23 Nov 2026 am").1, None);
        assert_eq!(split("Nov 2026pm").1, None);
        assert_eq!(split_time("2026-11-23 10:00:00 +0100 CET").1, Some("offset +0100".into()));
        assert_eq!(split_time("2026-11-23 10:00:00 +0100 cet").1, None);
        assert_eq!(split_time("2026-11-23T10:00+01:00[Europe/Prague][u-ca=gregory]").1, Some("offset +01:00".into()));
        assert_eq!(split_time("2026-11-23T10:00+01:00[Europe Prague]").1, None);
        assert_eq!(split_time("23/Nov/2026:10:00:00 +0100"), ("23/Nov/2026".into(), Some("offset +0100".into())));
        assert_eq!(split_time("23/Nov/2026:99:00:00").1, None);
        assert_eq!(split_time("Monday, November 23, 2026 AM10:00:00").0, "Monday, November 23, 2026");
        // ISO 8601's basic time.
        assert_eq!(split_time("20261123T100000Z"), ("20261123".into(), Some("UTC".into())));
        assert_eq!(split_time("2026-11-23T1000+0100").1, Some("offset +0100".into()));
        assert_eq!(split_time("20261123T10000Z").1, None);
        assert_eq!(split_time("20261123T2500Z").1, None);
        // Hours and minutes with `h` between them (French).
        assert_eq!(split("1 octobre 2026 à 10 h 05").0, "1 octobre 2026");
        assert_eq!(
            split("1 octobre 2026, 10 h 05 min 00 s TU"),
            ("1 octobre 2026".into(), Some("time zone TU".into()))
        );
        assert_eq!(split("1.10.2026 10h05").0, "1.10.2026");
        assert_eq!(split("1 march 2026").1, None);
        assert_eq!(split_time("1.10.2026 25h05").1, None);
        assert_eq!(split("1.10.2026 10h05 xyz").1, None);
        // A time before the date (Vietnamese, Quechua).
        assert_eq!(
            split_time("10:05:00 1 thg 10, 2026"),
            ("1 thg 10, 2026".into(), Some("the time as written (no offset)".into()))
        );
        assert_eq!(
            split_time("10:05:00\u{202f}a.m. UTC 1 Octubre 2026"),
            ("1 Octubre 2026".into(), Some("UTC".into()))
        );
        assert_eq!(split_time("10:05 1/10/2026").0, "1/10/2026");
        assert_eq!(split_time("10:05 pm").1, None);
        assert_eq!(split_time("10:65 1/10/2026").1, None);
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
