//! Reads the numeric shapes of a date: ISO 8601 (`2026-10-01`, the fast path; `2026-W40-4`,
//! `2026-274`, `2026-10-01+02:00`, `2026-W48`), numbers with dots, slashes or hyphens and the
//! orders of day and month they leave open (`1. 10. 2026`, `13/02/2026`, `01/02/2026`,
//! `20261001`, `26. 10. 25.`, `2020-02`, `2026`), numbers with their Chinese, Japanese or
//! Korean units (`2026年10月1日`, `2026년 10월 1일`), and a Unix time (`1790000000`).

use chrono::NaiveDate;

use super::parsed::{day, fixed, sentinel_year, value, year4, Candidate, Impossible, Order, Parsed, Span};
use super::tokens::Token;
use super::words::{cjk_unit, weekday_of};

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

/// The day of a canonical date text (`YYYY-MM-DD`, as this crate writes it).
pub(crate) fn canonical(s: &str) -> Option<NaiveDate> {
    iso(s).and_then(Result::ok)
}

/// The other ISO 8601 spellings of a day: with a zone and no time (`2026-11-23+01:00`, as XML
/// Schema writes a date), a week date (`2026-W48-1`, `2026W481`) and an ordinal date
/// (`2026-327`). `Some(None)` for such a spelling of no day (week 54).
pub(super) fn iso_forms(s: &str) -> Option<Option<NaiveDate>> {
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
pub(super) fn iso_week(s: &str) -> Option<Option<Span>> {
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

/// Dates without words: `1. 10. 2026`, `13/02/2026`, `2026/10/01`, `20261001`, `2020-02`, `2026`.
pub(super) fn numeric(parsed: &mut Parsed, nums: &[(&str, bool)], seps: &[char]) {
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
            year_between(parsed, only);
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
                // `1. 10.`, `10/10`: a day and month of no year (asked for).
                (None, None) if a.len() <= 2 && b.len() <= 2 => {
                    day_month(parsed, (value(a), value(b)), dots);
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

/// Two numbers of no year: with dots, day and month (`1. 10.`); with a slash or a hyphen
/// (`10/10`, `15-2`, `3/4`), each order that names a day of some year (29 February
/// included), both when both do.
fn day_month(parsed: &mut Parsed, (a, b): (Option<u32>, Option<u32>), dots: bool) {
    let (Some(a), Some(b)) = (a, b) else { return };
    let is_day = |d: u32, m: u32| (1..=12).contains(&m) && NaiveDate::from_ymd_opt(2024, m, d).is_some();
    if dots || a == b {
        if is_day(a, b) {
            parsed.candidates.push(fixed(Span::DayMonth(a, b)));
        }
        return;
    }
    for (d, m, order) in [(a, b, Order::DayFirst), (b, a, Order::MonthFirst)] {
        if is_day(d, m) {
            parsed.candidates.push(Candidate { span: Span::DayMonth(d, m), order });
        }
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

/// `2026年10月1日`, `2026년 10월 1일`, `2026年10月`: each number followed by its unit, so the
/// order is fixed. True when the spelling has that shape (then it is read here, or not at all).
pub(super) fn cjk(parsed: &mut Parsed, toks: &[Token]) -> bool {
    let mut fields: [Option<u32>; 3] = [None; 3];
    let mut rest = toks.iter().filter(|t| !matches!(t, Token::Sep(' ')));
    let mut any = false;
    while let Some(token) = rest.next() {
        let Token::Num { digits, .. } = token else {
            // A particle after the last unit, spaced (`2013年3月25日 に`).
            if matches!(token, Token::Word(w) if particle(w)) && rest.next().is_none() && any {
                break;
            }
            return false;
        };
        let Some(Token::Word(unit)) = rest.next() else { return false };
        let unit = without_particle(unit);
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

/// Particles Japanese and Korean write after a date, which say nothing of the day: `に` and
/// `에` (on), `は`, `은`, `는` (as for), `の`, `의` (of), `ごろ`, `頃`, `쯤` (around), `には`, `에는`.
/// Grammar, as the date fillers are: CLDR's patterns write none of them.
const CJK_PARTICLES: &[&str] = &["に", "には", "は", "の", "ごろ", "頃", "에", "에는", "은", "는", "의", "쯤"];

/// True for a word (a key: Hangul decomposed) that is one of [`CJK_PARTICLES`].
fn particle(word: &str) -> bool {
    if word.is_ascii() || word.len() > 24 {
        return false;
    }
    let composed: String = unicode_normalization::UnicodeNormalization::nfc(word.chars()).collect();
    CJK_PARTICLES.contains(&composed.as_str())
}

/// A unit word without the particle glued after it (`日に` is `日`).
fn without_particle(unit: &str) -> &str {
    if unit.is_ascii() {
        return unit;
    }
    let mut cut = unit.char_indices().skip(1);
    cut.find(|(i, _)| particle(unit.get(*i..).unwrap_or_default())).map_or(unit, |(i, _)| unit.get(..i).unwrap_or(unit))
}

/// Eight digits read as a day and month around a year (`12201511`) also read with the year
/// between them (MMYYYYDD, DDYYYYMM: 12/2015/11), when that year has four digits of its own and
/// the day exists: a reading of the ask, never a day read alone (no order writes it), so a run of
/// digits that two orders read as days asks rather than taking one.
fn year_between(parsed: &mut Parsed, only: &str) {
    let read = parsed.candidates.iter().any(|c| matches!(c.order, Order::DayFirst | Order::MonthFirst));
    let (Some(p), Some(y), Some(q)) = (value(&only[..2]), year4(&only[2..6]), value(&only[6..])) else { return };
    if !read || only.as_bytes()[2] == b'0' {
        return;
    }
    for (m, d) in [(p, q), (q, p)] {
        let fresh = NaiveDate::from_ymd_opt(y, m, d)
            .filter(|x| !parsed.candidates.iter().any(|c| c.span == Span::Day(*x)) && !sentinel_year(y));
        if fresh.is_some() {
            day(parsed, y, m, d, Order::Fixed);
        }
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

/// A Unix time (seconds since 1970, ten digits; milliseconds, thirteen), as APIs and logs
/// write a moment: its day in UTC, the time dropped with a note saying so; all zeros (an unset
/// moment) is the sentinel. `None` when the first eight digits are also a day written
/// `YYYYMMDD` (`2026100110`), which is left unread, or the first digit is 0.
#[cold]
pub(super) fn unix_time(digits: &str) -> Option<Parsed> {
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
