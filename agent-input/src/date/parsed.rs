//! What the grammar reads a spelling as: every reading it could carry ([`Candidate`]: a span
//! and the order of fields that gave it), the field triples that name no day ([`Impossible`]),
//! and what was dropped or written beside the date ([`Parsed`]); e.g. `01/02/2026` gives two
//! day candidates (day first, month first), `2026-02-30` one impossible triple.

use chrono::{Datelike, NaiveDate};
use smallvec::SmallVec;

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
    /// A weekday (1 Monday to 7 Sunday) of a week named by its words, before (-1), of (0) or
    /// after (1) today's (`Wednesday of next week`, `deze week maandag`).
    WeekdayOfWeek(u8, i8),
    /// A day and month without a year.
    DayMonth(u32, u32),
    /// A day (1-31) of the month before (-1), of (0) or after (1) today's, named by its words
    /// (`the 20th of next month`).
    DayOfRelativeMonth(u32, i8),
    /// A weekday (1 Monday to 7 Sunday) counted in a month (1-12) without a year: the first
    /// (1) to fifth (5), or the last (-1) (`the first Tuesday of October`).
    CountedWeekday(i8, u8, u32),
    /// A weekday (1 Monday to 7 Sunday) counted in the month before (-1), of (0) or after (1)
    /// today's, named by its words: the first (1) to fifth (5), or the last (-1) (`the first
    /// Monday of next month`).
    CountedWeekdayOfRelativeMonth(i8, u8, i8),
    /// A holiday's day by one of its rules (`crate::data::dates::HOLIDAYS`), in the year
    /// the spelling names or of none (`Christmas Day 2026`, `next Easter Monday`, `Karfreitag`).
    Holiday(u16, HolidayYear),
    /// A far-past or far-future sentinel (`0001-01-01`, `9999-12-31`, `0000-00-00`).
    Sentinel,
}

/// Which of a holiday's days a spelling names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HolidayYear {
    /// The one of a year (`Christmas Day 2026`).
    Of(i32),
    /// None: the spelling has no year (`Christmas Day`).
    None,
    /// The last one on or before today (-1), this year's (0) or the next one after today (1)
    /// (`last Easter`, `this Christmas Day`, `next Good Friday`).
    Nearest(i8),
    /// The one of the year before (-1), of (0) or after (1) today's (`Christmas Day of next
    /// year`, `Weihnachten nächstes Jahr`).
    OfRelativeYear(i8),
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

/// The day of an [`Impossible`] fifth weekday of a month that has four: this plus the weekday's
/// ISO number (`the fifth Monday of March 2013`: 33).
pub(crate) const FIFTH_WEEKDAY: u32 = 32;

/// A field triple that names no day, kept to explain why; a day past [`FIFTH_WEEKDAY`] is a
/// fifth weekday the month lacks.
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
    /// The weekdays an ambiguous weekday name (`weekday` 0) names in some language, bit `n` for
    /// ISO weekday `n` (`ma`: Monday in Finnish, Tuesday in Malagasy): a date that is none of
    /// them asks, as a date beside a weekday it is not does.
    pub weekdays: u8,
    /// The weekday's word has three or more letters: long enough to choose between readings
    /// (two-letter abbreviations such as `Ne` name other days in languages CLDR lacks).
    pub weekday_settles: bool,
    /// The spelling is exactly `YYYY-MM-DD`.
    pub iso: bool,
    /// The day's number stood before the weekday's name, as a count of weekdays would (`1
    /// Tuesday October 2026`): a mismatch also names that weekday of the month.
    pub counted: bool,
}

/// True for a far-past or far-future sentinel year.
pub(crate) const fn sentinel_year(year: i32) -> bool {
    year <= 1 || year >= 9999
}

/// A candidate in the only order the spelling allows. A span in a sentinel year
/// (`0001-01`, `9999-Q4`, `0001-011`) is the sentinel itself: it names no real bound.
pub(super) fn fixed(span: Span) -> Candidate {
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

/// The number of at most four digits.
#[inline]
pub(super) fn value(digits: &str) -> Option<u32> {
    if digits.len() > 4 {
        return None;
    }
    digits.parse().ok()
}

/// A year written with four digits.
#[inline]
pub(super) fn year4(digits: &str) -> Option<i32> {
    (digits.len() == 4).then(|| digits.parse().ok()).flatten()
}

/// Adds the day (y, m, d) as a candidate with `order`, or records why it is impossible.
#[inline]
pub(super) fn day(parsed: &mut Parsed, year: i32, month: u32, dd: u32, order: Order) {
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

/// The number of a Han numeral character of at most ten (`一`, `〇`, `零`, `两`, `十`), as
/// cldr-rbnf's number words give it.
pub(super) fn han_digit(c: char) -> Option<u32> {
    // The script first: a text of no Han character never expands the number words' table.
    if c != '\u{3007}' && !crate::spelling::is_han(c) {
        return None;
    }
    let mut buf = [0u8; 4];
    crate::data::scales::NUMBER_WORDS.get(c.encode_utf8(&mut buf)).filter(|n| *n <= 10)
}

/// The number a run of Han numerals writes: below a hundred (`三`, `十五`, `二十一`), or digit
/// by digit with `by_digit` (`二〇一五`, a year). `None` for any other run.
pub(super) fn han_value(run: &str, by_digit: bool) -> Option<u32> {
    let values: Option<Vec<u32>> = run.chars().map(han_digit).collect();
    match values?.as_slice() {
        [d] => Some(*d),
        digits if by_digit && digits.len() >= 2 && digits.iter().all(|d| *d <= 9) => {
            digits.iter().try_fold(0u32, |n, d| n.checked_mul(10)?.checked_add(*d))
        }
        [10, u] if (1..=9).contains(u) => Some(10 + u),
        [t, 10] if (2..=9).contains(t) => Some(t * 10),
        [t, 10, u] if (2..=9).contains(t) && (1..=9).contains(u) => Some(t * 10 + u),
        _ => None,
    }
}
