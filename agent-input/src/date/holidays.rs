//! Holidays by name (`Christmas Day 2026`, `Karfreitag 2027`, `Рождество Христово`), from
//! [`HOLIDAYS`]: a fixed day of the year, a day counted from Easter Sunday (Western or
//! Orthodox), a fixed day of the Julian calendar, or a weekday counted in a month. With a year
//! the name is that year's day; without one it asks, as a day of no year does; a name two rules
//! give (`Uskrs`: Western or Orthodox Easter; `Thanksgiving`: the United States' or Canada's)
//! asks naming each.

use chrono::{Datelike, Days, NaiveDate};

use smallvec::SmallVec;

use crate::data::dates::{
    HOLIDAYS, HOLIDAY_MODIFIERS, HOLIDAY_NAMES_EN, RELATIVE_DAYS, RELATIVE_PERIODS, RELATIVE_WEEKS,
};

use super::parsed::{fixed, HolidayYear, Parsed, Span};
use super::words::word_key;

/// The rules of [`HOLIDAYS`] near 10 100 count days from Western Easter Sunday (10 100).
const EASTER: u16 = 10_100;
/// The rules near 20 100 count days from Orthodox Easter Sunday (20 100).
const ORTHODOX_EASTER: u16 = 20_100;
/// The rules above 30 000 are `MMDD` of the Julian calendar.
const JULIAN: u16 = 30_000;
/// The rules above 40 000 are a weekday counted in a month: the month times 100, the count
/// times 10 and the weekday (1 Monday to 7 Sunday); 41 144 is the fourth Thursday in November.
const COUNTED: u16 = 40_000;
/// The most days a rule counts from Easter, either way ([`HOLIDAYS`] holds -48 to 60).
const MAX_EASTER_OFFSET: u16 = 100;

/// The most words a modifier or a year's words around a holiday's name hold (Hausa's `din da ta
/// gabata`, "last").
const MAX_AROUND_WORDS: usize = 4;

/// A holiday's name (`Christmas Day`), alone or with the year it is of: four digits before or
/// after it (`Christmas Day 2026`, `2026 Christmas Day`, `Weihnachten, 2026`), a word of
/// [`HOLIDAY_MODIFIERS`] (`next Easter`, `Noël prochain`), or the words of the year before,
/// of or after today's, after it, with a short joining word between (`Christmas Day of next
/// year`, `Weihnachten nächstes Jahr`): a candidate per rule the name has.
#[cold]
#[inline(never)]
pub(super) fn holiday(text: &str) -> Option<Parsed> {
    let text = trim(text);
    // A name has letters: the numbers a range's bounds are tried as (`1.`, `31. 10. 2026`) pay
    // nothing more.
    if !text.chars().any(char::is_alphabetic) {
        return None;
    }
    // Another table's phrase is that table's: Estonian `järgmine nädal` (next week) is no
    // `next Nadal` (Catalan Christmas, folded).
    let key = word_key(text);
    if RELATIVE_WEEKS.get(&key).is_some() || RELATIVE_PERIODS.get(&key).is_some() || RELATIVE_DAYS.get(&key).is_some() {
        return None;
    }
    let (codes, year) = named_year(text).or_else(|| around(text))?;
    let mut parsed = Parsed::default();
    for code in rules(codes) {
        parsed.candidates.push(fixed(Span::Holiday(code, year)));
    }
    Some(parsed)
}

/// The [`HOLIDAYS`] value of a name with four digits before or after it, or with none, and
/// the year.
fn named_year(text: &str) -> Option<(u32, HolidayYear)> {
    let year_of =
        |t: &str| (t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit())).then(|| t.parse::<i32>().ok()).flatten();
    let (name, year) = match (text.rsplit_once(char::is_whitespace), text.split_once(char::is_whitespace)) {
        (Some((name, y)), _) if year_of(y).is_some() => (trim(name), year_of(y)),
        (_, Some((y, name))) if year_of(trim(y)).is_some() => (trim(name), year_of(trim(y))),
        _ => (text, None),
    };
    Some((HOLIDAYS.get(&word_key(name))?, year.map_or(HolidayYear::None, HolidayYear::Of)))
}

/// The [`HOLIDAYS`] value of a name with a modifier or a relative year's words around it, and
/// the year.
fn around(text: &str) -> Option<(u32, HolidayYear)> {
    let spaces: SmallVec<[usize; 8]> = text.match_indices(char::is_whitespace).map(|(i, _)| i).collect();
    // A modifier before the name (`next Easter`).
    for &at in spaces.iter().take(MAX_AROUND_WORDS) {
        let (word, name) = (text.get(..at)?, trim(text.get(at..)?));
        if let Some(v @ 0..=2) = HOLIDAY_MODIFIERS.get(&word_key(word)) {
            if let Some(codes) = HOLIDAYS.get(&word_key(name)) {
                return Some((codes, HolidayYear::Nearest(v - 1)));
            }
        }
    }
    // A modifier or a year's words after it (`Noël prochain`, `Christmas Day of next year`).
    for &at in spaces.iter().rev().take(MAX_AROUND_WORDS) {
        let (name, words) = (trim(text.get(..at)?), trim(text.get(at..)?));
        let Some(codes) = HOLIDAYS.get(&word_key(name)) else { continue };
        if let Some(v @ 3..=5) = HOLIDAY_MODIFIERS.get(&word_key(words)) {
            return Some((codes, HolidayYear::Nearest(v - 4)));
        }
        let joined = words.split_once(char::is_whitespace).filter(|(j, _)| j.chars().count() <= 3).map(|(_, w)| w);
        for words in [Some(words), joined].into_iter().flatten() {
            // `RELATIVE_PERIODS` writes the year before, of and after today's as 40, 41 and 42.
            if let Some(v @ 40..=42) = RELATIVE_PERIODS.get(&word_key(words)) {
                return Some((codes, HolidayYear::OfRelativeYear(v - 41)));
            }
        }
    }
    None
}

/// The text without the spaces and commas around it.
fn trim(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_whitespace() || c == ',')
}

/// The one or two rules a [`HOLIDAYS`] value packs (the second in the high 16 bits).
fn rules(codes: u32) -> impl Iterator<Item = u16> {
    [codes & 0xffff, codes >> 16].into_iter().filter_map(|c| u16::try_from(c).ok()).filter(|c| *c != 0)
}

/// The day a holiday's rule gives in `year`, `None` where the year has none (29 February in
/// most years, a year outside the calendar's reach).
pub(super) fn holiday_day(rule: u16, year: i32) -> Option<NaiveDate> {
    let easter = |base: u16, sunday: Option<NaiveDate>| {
        let offset = i64::from(rule) - i64::from(base);
        let sunday = sunday?;
        match u64::try_from(offset) {
            Ok(after) => sunday.checked_add_days(Days::new(after)),
            Err(_) => sunday.checked_sub_days(Days::new(offset.unsigned_abs())),
        }
    };
    let near = |base: u16| rule.abs_diff(base) <= MAX_EASTER_OFFSET;
    match rule {
        r if r < 1300 => NaiveDate::from_ymd_opt(year, u32::from(r / 100), u32::from(r % 100)),
        _ if near(EASTER) => {
            let sunday = computus::gregorian(year).ok().and_then(|d| NaiveDate::from_ymd_opt(d.year, d.month, d.day));
            easter(EASTER, sunday)
        }
        _ if near(ORTHODOX_EASTER) => {
            let sunday = computus::julian(year).ok().and_then(|d| julian_day(d.year, d.month, d.day));
            easter(ORTHODOX_EASTER, sunday)
        }
        r if r > COUNTED => counted(year, r - COUNTED),
        r if r > JULIAN => {
            // The day in the Gregorian year named: the Julian 25 December of 2025 is 7 January
            // 2026, Orthodox Christmas 2026.
            let (month, day) = (u32::from((r - JULIAN) / 100), u32::from((r - JULIAN) % 100));
            [year, year - 1].into_iter().filter_map(|y| julian_day(y, month, day)).find(|d| d.year() == year)
        }
        _ => None,
    }
}

/// The day of a [`COUNTED`] rule in `year`: the `n`th weekday of the month.
fn counted(year: i32, rule: u16) -> Option<NaiveDate> {
    let (month, n, weekday) = (u32::from(rule / 100), u32::from(rule / 10 % 10), u32::from(rule % 10));
    let first = NaiveDate::from_ymd_opt(year, month, 1)?;
    let to_weekday = (weekday + 7 - first.weekday().number_from_monday()) % 7;
    let d = first.checked_add_days(Days::new(u64::from(to_weekday + 7 * n.checked_sub(1)?)))?;
    (d.month() == month).then_some(d)
}

/// The Gregorian day of a day of the Julian calendar, by its Julian day number.
fn julian_day(year: i32, month: u32, day: u32) -> Option<NaiveDate> {
    if !(1..=12).contains(&month) || !(1..=julian_month_length(year, month)).contains(&day) {
        return None;
    }
    let a = (14 - i64::from(month)) / 12;
    let y = i64::from(year) + 4800 - a;
    let m = i64::from(month) + 12 * a - 3;
    let jdn = i64::from(day) + (153 * m + 2) / 5 + 365 * y + y / 4 - 32_083;
    // The Julian day number of 1 January of the year 1 (proleptic Gregorian) is 1 721 426.
    NaiveDate::from_num_days_from_ce_opt(i32::try_from(jdn - 1_721_425).ok()?)
}

/// The days of a Julian month: February has 29 in every fourth year.
fn julian_month_length(year: i32, month: u32) -> u32 {
    match month {
        2 if year.rem_euclid(4) == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A rule's English name (`Good Friday`, `Orthodox Christmas`).
pub(super) fn holiday_name(rule: u16) -> &'static str {
    HOLIDAY_NAMES_EN
        .binary_search_by_key(&u32::from(rule), |(code, _)| *code)
        .ok()
        .and_then(|i| HOLIDAY_NAMES_EN.get(i))
        .map_or("the holiday", |(_, name)| name)
}
