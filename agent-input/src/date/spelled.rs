//! Reads days and years spelled out in words, by writing them as numbers and reading again:
//! a day as an ordinal word (`October first, 2026`, `the twenty-first of October 2026`, `am
//! ersten Oktober 2026`), a word for "year" beside the year (`1 października 2026 roku`,
//! `1. října roku 2026`), and a weekday counted in a month (`the first Monday of October 2026`,
//! `last Friday of October 2026`, `zweiter Montag im Oktober 2026`).

use chrono::{Datelike, NaiveDate};
use smallvec::SmallVec;

use crate::data::dates::{MONTHS_AFTER_U, ORDINAL_WORDS, YEAR_WORDS};
use crate::spelling::{ordinal_ending, ORDINAL_ENDINGS};

use super::parsed::{fixed, Impossible, Parsed, Span, FIFTH_WEEKDAY};
use super::periods::SEASONS;
use super::tokens::{is_filler, word_spans, MONTH_PREPOSITIONS, ORDINALS};
use super::words::{lookup, months_of, weekday_of, word_key};

/// `text` with its days written as ordinal words written as numbers ([`day_words`]) and its
/// words for "year" beside the year's digits left out ([`without_year_words`]); `None` when
/// neither changes it. Only for a text the grammar found nothing in: the common spellings
/// never pay for these.
#[cold]
pub(super) fn spelled_out(text: &str) -> Option<String> {
    let days = day_words(text);
    without_year_words(days.as_deref().unwrap_or(text)).or(days)
}

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
pub(super) const MAX_DAY_WORDS: usize = 3;

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
            match ORDINAL_WORDS.get(&key) {
                Some(n) => Some((k, end, n, true)),
                None => cardinal_day(text, &words, i + k, &key).map(|n| (k, end, n, false)),
            }
        });
        match found {
            Some((k, end, n, ordinal)) => {
                out.push_str(text.get(last..start)?);
                out.push_str(&n.to_string());
                // English's suffix, which CLDR's quarter names write too (`1st quarter`).
                if ordinal {
                    out.push_str(ordinal_ending(usize::from(n)));
                }
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

/// A day of the month written as a cardinal number's words right before its month's name, or
/// before one filler and the name, as Spanish, Portuguese, French and Italian write a day (`cinco
/// de mayo`, `quatro de julho`, `vingt et un mai`, `tre maggio`): its number, when the words read
/// as one number of 1 to 31 in the languages that spell them (the number kind's reading of
/// words; a reading past 31 is no day), the month's name being the word at `next` of `words`, or
/// the one after.
fn cardinal_day(text: &str, words: &[(usize, usize)], next: usize, key: &str) -> Option<u8> {
    let word = |i: usize| words.get(i).and_then(|(a, b)| text.get(*a..*b)).map(word_key);
    let month_at = |i: usize| word(i).is_some_and(|w| !months_of(&w).is_empty());
    if !(month_at(next) || word(next).is_some_and(|w| is_filler(&w)) && month_at(next + 1)) {
        return None;
    }
    // A word other languages give another number stays a day where only one is a day (`tres`,
    // Spanish 3 and 60 elsewhere).
    let days: SmallVec<[u64; 2]> =
        crate::number::spelled_values(key).into_iter().filter(|n| (1..=31).contains(n)).collect();
    match days.as_slice() {
        [n] => u8::try_from(*n).ok(),
        _ => None,
    }
}

/// The month a Croatian, Bosnian or Serbian locative after `u` ("in") names (`u listopadu` is
/// October, where Czech `listopadu` is November; as `names::months_after_u` reads it), when the
/// word before it (`after_u`, then set for the next word) was `u`.
fn locative_month(after_u: &mut bool, key: &str) -> Option<u32> {
    let was = std::mem::replace(after_u, key == "u");
    if was {
        lookup(MONTHS_AFTER_U, key)?.parse().ok()
    } else {
        None
    }
}

/// A weekday counted within a month (`the first Monday of October 2026`, `2nd Tuesday in
/// March 2026`, `last Friday of October 2026`, `le premier lundi d'octobre 2026`): an ordinal
/// (a word of [`ORDINAL_WORDS`] or a number with its ending, one to five) or English's `last`,
/// a weekday's name, a month's name and the year, other words only fillers. That one day; a
/// fifth weekday the month lacks is impossible. `None` for any other text.
#[cold]
pub(super) fn nth_weekday(text: &str) -> Option<Parsed> {
    let (mut nth, mut weekday, mut month, mut year) = (None, None, None, None);
    let (mut rest, mut bare, mut settles, mut after_u) = (text, false, false, false);
    // A month's word another language spells for another month (`listopadu`): no day of no
    // year is read from it.
    let mut two_languages = false;
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
        // A locative after `u` ("in"): `u listopadu` is Croatian October ([`locative_month`]).
        if let (Some(m), None) = (locative_month(&mut after_u, &key), month) {
            month = Some(m);
            continue;
        }
        // "in" before the month, as English, Czech, German, French and Polish write it.
        if key == "u" || is_number_ending || is_filler(&key) || MONTH_PREPOSITIONS.contains(&key.as_str()) {
            continue;
        }
        if let (Some(w), true) = (weekday_of(&key).filter(|w| *w != 0), weekday.is_none()) {
            weekday = Some(w);
            settles = key.chars().nth(2).is_some();
        } else if let ([m], true) = (months_of(&key).as_slice(), month.is_none()) {
            month = Some(*m);
            two_languages = lookup(MONTHS_AFTER_U, &key).is_some();
        } else if key == "last" {
            nth = Some(-1);
        } else {
            nth = Some(i8::try_from(ORDINAL_WORDS.get(&key).filter(|n| (1..=5).contains(n))?).ok()?);
        }
    }
    if let Some(y) = rest.split(|c: char| !c.is_ascii_digit()).find(|n| n.len() == 4) {
        year = year.or(y.parse().ok());
    }
    let (n, w, m) = (nth?, weekday?, month?);
    let mut parsed = Parsed::default();
    let Some(y) = year else {
        // `the first Tuesday of October`: that day of no year, asked for as `1 October` is.
        let counts = !bare && !two_languages && (n == -1 || (1..=5).contains(&n));
        counts.then(|| parsed.candidates.push(fixed(Span::CountedWeekday(n, w, m))));
        return counts.then_some(parsed);
    };
    if bare {
        let day = u32::try_from(n).ok()?;
        match NaiveDate::from_ymd_opt(y, m, day) {
            Some(d) => parsed.candidates.push(fixed(Span::Day(d))),
            None => parsed.impossible.push(Impossible { year: y, month: m, day }),
        }
        (parsed.weekday, parsed.weekday_settles, parsed.counted) = (Some(w), settles, true);
        return Some(parsed);
    }
    match counted_weekday(y, (n, w, m)) {
        Some(d) => parsed.candidates.push(fixed(Span::Day(d))),
        None => parsed.impossible.push(Impossible { year: y, month: m, day: FIFTH_WEEKDAY + u32::from(w) }),
    }
    Some(parsed)
}

/// The `n`th weekday `w` (ISO number) of month `m` of year `y` (`n` -1: the last); `None` when
/// the month has no such day (a fifth Monday) or the year is outside the calendar.
pub(super) fn counted_weekday(y: i32, (n, w, m): (i8, u8, u32)) -> Option<NaiveDate> {
    let wd = chrono::Weekday::try_from(w.checked_sub(1)?).ok()?;
    if n > 0 {
        return NaiveDate::from_weekday_of_month_opt(y, m, wd, u8::try_from(n).ok()?);
    }
    let last = NaiveDate::from_ymd_opt(y, m, 1)?.checked_add_months(chrono::Months::new(1))?.pred_opt()?;
    let back = (7 + last.weekday().num_days_from_monday() - wd.num_days_from_monday()) % 7;
    last.checked_sub_days(chrono::Days::new(u64::from(back)))
}
