//! Reads the time of day written beside a date, so that it is split off and dropped (the
//! date is the one in the time's offset, which the note names): after the date
//! (`2026-10-01T10:00:00Z`, `1. 10. 2026 10:30`, `1.10.2026 kl. 10.00`, `October 1, 2026 at
//! 10am`, `1 octobre 2026 à 10 h 05`, `2026年10月1日 10時00分`), before it (`10:05:00 1 thg 10,
//! 2026`), before the year (`Thu Oct  1 10:00:00 UTC 2026`), with its zone (`GMT+0200 (…)`,
//! `CEST`, `[Europe/Prague]`); and the day-period and time words after a relative day
//! (`yesterday morning`).

use nom::bytes::complete::{take_while, take_while_m_n};
use nom::character::complete::char;
use nom::combinator::opt;
use nom::sequence::preceded;
use smallvec::SmallVec;

use crate::data::dates::{RELATIVE_DAYS, TIME_WORDS, ZONE_ABBREVIATIONS};
use crate::spelling::step;

use super::numeric::iso;
use super::words::{cjk_unit, months_of, weekday_of, word_key};

/// A time of day: a suffix (` 10:00`, `T10:00:00.5+02:00`, ` 10:00 Z`, ` 10:00 pm`,
/// ` 10:00:00 GMT+0100 (Central European Standard Time)`, as JavaScript writes it), or before
/// the year, as C's `asctime` and `date` write it (`Mon Nov 23 10:00:00 UTC 2026`).
pub(super) fn split_time(text: &str) -> (std::borrow::Cow<'_, str>, Option<String>) {
    let bytes = text.as_bytes();
    let Some(colon) = bytes.iter().position(|&b| b == b':') else {
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
    // A number's end first (`… de 2026` of `… de 2026 a las`), then a name's (`20 settembre` of
    // `20 settembre alle`).
    for name_end in [false, true] {
        let mut end = head.len();
        for _ in 0..3 {
            let Some(start) = head.get(..end).and_then(|h| h.rfind(char::is_whitespace)) else { break };
            let (date, word) = head.split_at(start);
            let date = date.trim_end_matches(is_date_time_glue);
            // A digit, a point, a weekday in parentheses (`23일 (월)`), a day's unit (`23日`);
            // or a letter, a month's or weekday's name (`20 settembre alle 19:30`).
            let date_end = date.ends_with(|c: char| c.is_ascii_digit() || matches!(c, '.' | ')' | '\u{ff09}'))
                || date.chars().next_back().is_some_and(|c| cjk_unit(c.encode_utf8(&mut [0; 4])) == Some(2))
                || name_end && date.ends_with(char::is_alphabetic);
            if date_end && !word.bytes().any(|b| b.is_ascii_digit()) && is_time_word(word) {
                return date;
            }
            end = start;
        }
    }
    head
}

/// A relative day with day-period or time words after it (`yesterday morning`, `today at` of
/// `today at 10:00`, `zítra odpoledne`, `tomorrow in the evening`): the text before them.
/// `None` when no word is left before them or none follows.
#[cold]
pub(super) fn without_time_words(text: &str) -> Option<&str> {
    let mut end = text.len();
    for _ in 0..4 {
        let head = text.get(..end)?.trim_end();
        let cut = last_time_word(head)?;
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

/// Where the longest run of `text`'s last words (up to three, after a space) that is one time
/// word starts (`di sera` of `… alle 10 di sera`), or `None`.
fn last_time_word(text: &str) -> Option<usize> {
    text.char_indices()
        .filter(|(i, c)| c.is_whitespace() && *i > 0)
        .map(|(i, _)| i)
        .rev()
        .take(3)
        .filter(|i| text.get(*i..).is_some_and(|w| is_time_word(w.trim_start())))
        .last()
}

/// A day period or a word of the time patterns (`a. m.`, `Uhr`, `ص`): [`TIME_WORDS`], and
/// [`CLOCK_WORDS`].
fn is_time_word(text: &str) -> bool {
    let key = word_key(text);
    TIME_WORDS.binary_search(&key.as_str()).is_ok() || CLOCK_WORDS.contains(&key.as_str())
}

/// Whether the text has what [`dotted_time`] reads, cheaply: one or two digits after a space
/// or comma, a point, two digits, and no digit after them (`23.11.2026 10.05`; not
/// `1. 10. 2026`).
#[inline]
fn has_dotted_clock(bytes: &[u8]) -> bool {
    bytes.iter().enumerate().filter(|(_, b)| **b == b'.').any(|(p, _)| {
        // Two digits after the point and no third, checked first: most points have none.
        let minutes = bytes.get(p + 1..p + 3).is_some_and(|m| m.iter().all(u8::is_ascii_digit));
        if !minutes || bytes.get(p + 3).is_some_and(u8::is_ascii_digit) {
            return false;
        }
        let run = bytes.get(..p).map_or(0, |h| h.iter().rev().take_while(|b| b.is_ascii_digit()).count());
        let set_apart = p > run && matches!(bytes.get(p - run - 1), Some(b' ' | b',' | 0xa0 | 0xaf));
        (1..=2).contains(&run) && set_apart
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
pub(super) fn leading_digits(t: &str) -> usize {
    t.bytes().take_while(u8::is_ascii_digit).count()
}

/// A time without a colon after the date, in the shapes tried only when the whole text reads
/// as no date: with the units of Chinese, Japanese and Korean, an hour with a day period, an
/// hour and minutes with `h` between them.
#[cold]
#[inline(never)]
pub(super) fn late_time(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    if text.contains(':') {
        return None;
    }
    // A zone's abbreviation after the hour (`8h PST`, `9 am (BST)`): the hour's shapes before it.
    if let Some((head, zone)) = text.trim_end().rsplit_once(char::is_whitespace) {
        let bare = zone.strip_prefix('(').and_then(|z| z.strip_suffix(')')).unwrap_or(zone);
        if let Some(words) = abbreviation_words(bare) {
            if let Some((date, Some(_))) = late_hour(head.trim_end()) {
                return Some((date, Some(words)));
            }
        }
    }
    late_hour(text)
}

/// Words, folded as [`word_key`] writes them, that join a time of day written first to the date
/// after it and are no time word (CLDR's joiners of a date and a time are [`TIME_WORDS`]): the
/// prepositions of a day English `on`, German `am`, Dutch `op`, Danish, Norwegian and Swedish
/// `på`, French `le`, Spanish `el`, Italian `di`, Czech `v`, Greek `την`.
const DATE_PREPOSITIONS: [&str; 9] = ["on", "am", "op", "pa", "le", "el", "di", "v", "\u{3c4}\u{3b7}\u{3bd}"];

/// The text after a first word of [`DATE_PREPOSITIONS`] (`on Friday`, `på mandag`, `την
/// Παρασκευή`: the weekday), or `None`.
pub(super) fn after_date_preposition(text: &str) -> Option<&str> {
    let (first, rest) = text.trim_start().split_once(char::is_whitespace)?;
    is_date_preposition(first).then(|| rest.trim_start())
}

/// Whether a word is one of [`DATE_PREPOSITIONS`] (`on`, `på`, `την`), in any case.
pub(super) fn is_date_preposition(word: &str) -> bool {
    DATE_PREPOSITIONS.contains(&word_key(word).as_str())
}

/// The words CLDR's Danish, Norwegian and Swedish `kl.` abbreviates ("o'clock": Den Danske
/// Ordbog, Bokmålsordboka, Svensk ordbok), read as it is.
const CLOCK_WORDS: [&str; 3] = ["klokken", "klokka", "klockan"];

/// A time word ([`is_time_word`]) or one written without its points (`μμ` of CLDR's `μ.μ.`,
/// `pm`): the words after a time written first. Scans the time words: a cold path, after a time.
fn is_time_word_loose(word: &str) -> bool {
    if is_time_word(word) {
        return true;
    }
    let key = word_key(word).replace('.', "");
    TIME_WORDS.iter().any(|t| t.contains('.') && t.replace('.', "") == key)
}

/// English's day periods after an hour with no minutes (`10am`, `9 p.m.`).
const DAY_PERIODS_EN: [&str; 4] = ["am", "pm", "a.m.", "p.m."];

/// The most time words read before a time written first ([`early_time`]: `at`, `kl.`).
const MAX_LEADING_TIME_WORDS: usize = 2;

/// A time of day written before the date, after up to [`MAX_LEADING_TIME_WORDS`] time words
/// (`at 9am on Saturday`, `13h30 samedi 21 septembre`, `alle 19:30 di venerdì 20 settembre`,
/// `klokken 9 på lørdag`): a clock (`19:30`), an hour with `h` (`13h30`, `15h`) or with a day
/// period (`9am`, `9 p.m.`), or an hour alone after a time word and before a joining word; then
/// up to three time words (`di`, `μμ`) and one preposition of a day ([`DATE_PREPOSITIONS`]).
/// `(date, time)` with the time written with a colon; tried only when the whole text reads as no
/// date, and the date must read without the time.
#[cold]
#[inline(never)]
pub(super) fn early_time(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    let words: SmallVec<[&str; 8]> = text.split_whitespace().collect();
    let starts_digit = |w: &str| w.bytes().next().is_some_and(|b| b.is_ascii_digit());
    let led = words.iter().take(MAX_LEADING_TIME_WORDS).take_while(|w| !starts_digit(w) && is_time_word(w)).count();
    let (time, taken, strong) = leading_time(words.get(led..)?, led > 0)?;
    let mut at = led + taken;
    let mut joined = false;
    for _ in 0..3 {
        match words.get(at) {
            Some(w) if !w.bytes().any(|b| b.is_ascii_digit()) && is_time_word_loose(w) => joined = true,
            _ => break,
        }
        at += 1;
    }
    if words.get(at).is_some_and(|w| is_date_preposition(w)) {
        joined = true;
        at += 1;
    }
    let first = words.get(at)?;
    let start = (first.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
    let date = text.get(start..)?.trim_start_matches(is_date_time_glue);
    (valid_time(&time) && (strong || joined) && !date.is_empty()).then(|| (date.into(), Some(offset_words(&time))))
}

/// The time of day the first words write ([`early_time`]): `(time with a colon, words taken,
/// whether its shape says it is a time)`. An hour alone is one only after a time word (`led`).
fn leading_time(words: &[&str], led: bool) -> Option<(String, usize, bool)> {
    let word = *words.first()?;
    let hour_len = leading_digits(word);
    let hour = word.get(..hour_len).filter(|_| (1..=2).contains(&hour_len))?;
    let rest = word.get(hour_len..)?;
    let period = |p: &str| DAY_PERIODS_EN.iter().any(|x| x.eq_ignore_ascii_case(p));
    if rest.starts_with(':') {
        return clock(word).map(|_| (word.to_owned(), 1, true));
    }
    if let Some(minutes) = rest.strip_prefix(['h', 'H']) {
        let minutes = if minutes.is_empty() { "00" } else { minutes };
        return (minutes.len() == 2 && minutes.bytes().all(|b| b.is_ascii_digit()))
            .then(|| (format!("{hour}:{minutes}"), 1, true));
    }
    let twelve = hour.parse::<u32>().is_ok_and(|h| (1..=12).contains(&h));
    if period(rest) && twelve {
        return Some((format!("{hour}:00 {}", rest.to_ascii_lowercase()), 1, true));
    }
    if !rest.is_empty() {
        return None;
    }
    match words.get(1) {
        Some(p) if period(p) && twelve => Some((format!("{hour}:00 {}", p.to_ascii_lowercase()), 2, true)),
        _ => led.then(|| (format!("{hour}:00"), 1, false)),
    }
}

/// [`late_time`]'s shapes of a time with no zone after it.
fn late_hour(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
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
    hour_h_time(text).or_else(|| hour_with_words(text))
}

/// The most time words read after an hour with no minutes ([`hour_with_words`]).
const MAX_HOUR_WORDS: usize = 3;

/// An hour with no minutes and the words CLDR writes after one, its hour literals and day
/// periods in every modern locale (`1. Oktober 2026 um 10 Uhr abends`, `1 октября 2026 в 10
/// утра`, `1 ottobre 2026 alle 10 di sera`): `(date, time)` with the hour written `10:00`.
#[cold]
#[inline(never)]
fn hour_with_words(text: &str) -> Option<(std::borrow::Cow<'_, str>, Option<String>)> {
    let mut rest = text.trim_end();
    let mut words = 0;
    while words < MAX_HOUR_WORDS {
        let Some(cut) = last_time_word(rest) else { break };
        rest = rest.get(..cut)?.trim_end();
        words += 1;
    }
    let start = rest.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    let hour = rest.get(start..)?;
    let h: u32 = hour.parse().ok().filter(|h| *h <= 23 && (1..=2).contains(&hour.len()))?;
    let before = rest.get(..start)?;
    // With no word after the hour, a joining word before it (`Thursday at 8`, `sabato alle 9`)
    // that names no month or weekday (Cornish `Du`, November, is French's `du` of `du matin`).
    let joined = words == 0
        && last_time_word(before.trim_end()).is_some_and(|cut| {
            let word = word_key(before.trim_end().get(cut..).unwrap_or_default().trim());
            cut > 0 && months_of(&word).is_empty() && weekday_of(&word).is_none()
        });
    if words == 0 && !joined {
        return None;
    }
    let head = time_head(before)?;
    let time = format!("{h:02}:00");
    valid_time(&time).then(|| (head.into(), Some(offset_words(&time))))
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
    let period_at = DAY_PERIODS_EN
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
/// write it (`1 octobre 2026 à 10 h 05`, `10h05`, the hour alone `à 15h`, `10 h 05 min 00 s TU`, CLDR's Canadian French
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
        // The hour alone at the end (`à 15h`, `à 15 h`: CLDR's French hour skeleton `HH 'h'`).
        if (1..=2).contains(&hour.len()) && after.is_empty() {
            let time = format!("{hour}:00");
            let head = time_head(text.get(..start)?)?;
            return valid_time(&time).then(|| (head.into(), Some(offset_words(&time))));
        }
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

/// A zone's abbreviation: two to five capital letters (`CET`, `AEST`), or one of CLDR's in any
/// case ([`ZONE_ABBREVIATIONS`]: `gmt`, `pst`, `Cest`).
fn is_zone_abbreviation(z: &str) -> bool {
    let letters = (2..=5).contains(&z.len()) && z.bytes().all(|b| b.is_ascii_alphabetic());
    letters
        && (z.bytes().all(|b| b.is_ascii_uppercase())
            || ZONE_ABBREVIATIONS.binary_search(&z.to_ascii_lowercase().as_str()).is_ok())
}

/// How a note names the zone of an abbreviation ([`is_zone_abbreviation`], not `AM` or `PM`):
/// `UTC` for UTC and GMT, `time zone CET` for the others, in capitals.
fn abbreviation_words(zone: &str) -> Option<String> {
    if !is_zone_abbreviation(zone) || matches!(zone, "AM" | "PM") {
        return None;
    }
    let zone = zone.to_ascii_uppercase();
    Some(if matches!(zone.as_str(), "UTC" | "GMT") { "UTC".to_owned() } else { format!("time zone {zone}") })
}

/// How a note names the offset a date was taken in.
fn offset_words(time: &str) -> String {
    let t = without_zone_name(time.trim());
    let last3 = t.get(t.len().saturating_sub(3)..).unwrap_or_default();
    if t.ends_with(['Z', 'z']) || last3.eq_ignore_ascii_case("UTC") || last3.eq_ignore_ascii_case("GMT") {
        return "UTC".to_owned();
    }
    if let Some(i) = t.rfind(['+', '-']) {
        if i > 2 {
            let offset = &t[i..];
            return format!("offset {}", offset.split(' ').next().unwrap_or(offset));
        }
    }
    match t.rsplit_once(char::is_whitespace).and_then(|(_, zone)| abbreviation_words(zone)) {
        Some(words) => words,
        None => {
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

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    /// Times in the shapes tried late, with their zones, and times before the date.
    #[test]
    fn times_of_other_shapes() {
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
        assert_eq!(split_time("2026-11-23 10:00:00 +0100 cet").1, Some("offset +0100".into()));
        assert_eq!(split_time("2026-11-23 10:00:00 +0100 xyz").1, None);
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
}
