//! Reads nothing: the options a date read takes (its role, and the `today` relative words
//! resolve against) and the years this reader writes (0002-01-01 to 9998-12-31), e.g. a
//! `{"role": "from", "today": "2026-10-01"}` option, or `today` set to `0001-12-31` refused.

use crate::context::{Context, System};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// What a date is read for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DateRole {
    /// One day (the default): a month or a year asks.
    #[default]
    Point,
    /// The lower bound of a range: a month or a year reads as its first day.
    From,
    /// The upper bound of a range: a month or a year reads as its last day.
    To,
}

/// Options of the date kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct DateOptions {
    /// Point (default), from or to.
    #[serde(default)]
    pub role: DateRole,
    /// Today's date, which relative words resolve against. The library never reads the clock.
    /// A date from 0002-01-01 to 9998-12-31 (the years this reader writes).
    #[serde(default, skip_serializing_if = "Option::is_none", deserialize_with = "today_option")]
    pub today: Option<NaiveDate>,
    /// The languages the callers write (BCP 47 tags, `["cs"]`): a month or weekday name two
    /// languages give different meanings (`listopad`) reads as these languages give it, with a
    /// note; the order of day and month is never settled by it. At most
    /// `limits::MAX_LANGUAGES` (32), each a language CLDR knows.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::spelling::languages::languages_option"
    )]
    pub languages: Vec<String>,
    /// Read as a part of a list or a range (never set by JSON): a text of several dates asks
    /// as it is, with no reading of its own, as the list splits it and the range reads its
    /// bounds ([`crate::context::Context::as_parts`]).
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    pub(crate) part: bool,
}

/// The first and last day this reader writes and reads back: years 0001 and 9999 are the
/// open-bound sentinels, and other years have no four-digit spelling.
pub(super) const REACH: (NaiveDate, NaiveDate) = (
    match NaiveDate::from_ymd_opt(2, 1, 1) {
        Some(d) => d,
        None => NaiveDate::MIN,
    },
    match NaiveDate::from_ymd_opt(9998, 12, 31) {
        Some(d) => d,
        None => NaiveDate::MAX,
    },
);

/// True for a day within [`REACH`].
pub(super) fn in_reach(d: NaiveDate) -> bool {
    (REACH.0..=REACH.1).contains(&d)
}

/// The misuse of a `today` option outside [`REACH`], or `None`.
pub(crate) fn today_error(today: Option<NaiveDate>) -> Option<String> {
    today.filter(|t| !in_reach(*t)).map(|t| {
        format!(
            "the `today` option must be a date from {} to {}, the years this reader writes; got {t}",
            REACH.0, REACH.1
        )
    })
}

/// `Ok` for a day relative words may be read against (the `today` option, or a call's day,
/// [`crate::context::Context::with_today`]); the typed error naming the years dates are written
/// in otherwise.
///
/// # Errors
/// `today` before 0002-01-01 or after 9998-12-31 (`invalid_options`).
pub fn check_today(today: NaiveDate) -> Result<(), crate::error::Error> {
    today_error(Some(today)).map_or(Ok(()), |message| Err(crate::error::Error::options(message)))
}

/// Four ASCII digits, `-`, two, `-`, two.
pub(crate) fn is_date_shape(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10 && b.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() })
}

/// RFC 3339's `full-date`: `YYYY-MM-DD`, a day of the calendar.
pub(crate) fn is_full_date(s: &str) -> bool {
    if !is_date_shape(s) {
        return false;
    }
    let part = |r: std::ops::Range<usize>| s.get(r).and_then(|p| p.parse::<u32>().ok());
    match (part(0..4), part(5..7), part(8..10)) {
        (Some(y), Some(m), Some(d)) => i32::try_from(y).ok().and_then(|y| NaiveDate::from_ymd_opt(y, m, d)).is_some(),
        _ => false,
    }
}

/// A day given as text (`--today`, a binding's `today` argument) as [`check_today`] takes it:
/// `YYYY-MM-DD`, through the parser the `today` option's own JSON goes through.
///
/// ```
/// use agent_input::date::parse_today;
/// assert!(parse_today("2026-01-01").is_ok());
/// assert!(parse_today("2026-1-1").is_err(), "the message says YYYY-MM-DD");
/// ```
///
/// # Errors
/// A text that is no such date, or a day [`check_today`] refuses (`invalid_options`).
pub fn parse_today(text: &str) -> Result<NaiveDate, crate::error::Error> {
    // Exactly YYYY-MM-DD, as the message says (chrono's parser also takes `2026-1-1`).
    let day = Some(text)
        .filter(|t| is_full_date(t))
        .and_then(|t| t.parse::<NaiveDate>().ok())
        .ok_or_else(|| crate::error::Error::options(format!("`today` must be a date as YYYY-MM-DD, got {text:?}")))?;
    check_today(day)?;
    Ok(day)
}

/// The day a read with the `today` option `own` reads relative words against in `cx`: its own,
/// else the context's ([`crate::context::Context::with_today`]) when it is one such words may be
/// read against.
pub(crate) fn today_in(own: Option<NaiveDate>, cx: &crate::context::Context<'_>) -> Option<NaiveDate> {
    own.or_else(|| cx.today().filter(|d| in_reach(*d)))
}

/// Deserialises a `today` option, refusing a day outside [`REACH`] (relative words would
/// resolve to days that do not read back).
pub(super) fn today_option<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<NaiveDate>, D::Error> {
    let today = Option::<NaiveDate>::deserialize(d)?;
    match today_error(today) {
        Some(message) => Err(serde::de::Error::custom(message)),
        None => Ok(today),
    }
}

impl DateOptions {
    /// Options for one role.
    pub const fn role(role: DateRole) -> Self {
        Self { role, today: None, languages: Vec::new(), part: false }
    }

    /// The same options with `languages` set (misuse is refused by [`crate::date::read`]).
    #[must_use]
    pub fn languages(mut self, languages: &[&str]) -> Self {
        self.languages = languages.iter().map(|l| (*l).to_owned()).collect();
        self
    }

    /// The same options with `today` set.
    #[must_use]
    pub const fn today(mut self, today: NaiveDate) -> Self {
        self.today = Some(today);
        self
    }
}

/// The date reader compares no suggestions and reads no clock: a context of its own holds the
/// several-values rule's scope (a bound of a range, an item of a list reads as a part).
#[inline]
pub(super) fn scope(opts: &DateOptions) -> Context<'static> {
    let cx = Context::new(&System);
    if opts.part {
        cx.of_parts()
    } else {
        cx
    }
}
