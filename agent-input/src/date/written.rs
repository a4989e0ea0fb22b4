//! Reads nothing: how the reader writes a day back, in values (`2026-10-01`) and in the words
//! of notes and asks (`1 October 2026`, `October 2026`, `Q2 2026`, `Thursday`).

use chrono::{Datelike, NaiveDate};
use serde_json::Value;

use crate::data::dates::MONTHS_EN;

/// "1 October 2026".
pub(super) fn words(d: NaiveDate) -> String {
    format!("{} {} {}", d.day(), month_name(d.month()), d.year())
}

pub(super) fn month_name(m: u32) -> &'static str {
    usize::try_from(m).ok().and_then(|m| m.checked_sub(1)).and_then(|i| MONTHS_EN.get(i)).copied().unwrap_or("?")
}

pub(super) fn weekday_name(n: u32) -> &'static str {
    ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
        .get(usize::try_from(n.saturating_sub(1)).unwrap_or(0))
        .copied()
        .unwrap_or("?")
}

#[inline]
pub(super) fn iso_value(d: NaiveDate) -> Value {
    Value::String(iso_text(d))
}

/// `YYYY-MM-DD`, written digit by digit (chrono's `Display` goes through the formatter, several
/// times slower, and this runs for every value and note); other years through chrono.
#[inline]
pub(crate) fn iso_text(d: NaiveDate) -> String {
    let Some(bytes) = iso_bytes(d) else { return d.to_string() };
    // Character by character: ASCII, so no check of the bytes as UTF-8 is needed.
    let mut text = String::with_capacity(bytes.len());
    text.extend(bytes.iter().map(|&b| char::from(b)));
    text
}

/// Calls `f` with `YYYY-MM-DD` written on the stack (years 0-9999; others through chrono).
#[inline]
pub(crate) fn with_iso_text<T>(d: NaiveDate, f: impl FnOnce(&str) -> T) -> T {
    let Some(bytes) = iso_bytes(d) else { return f(&d.to_string()) };
    f(std::str::from_utf8(&bytes).unwrap_or_default())
}

/// The ASCII bytes of `YYYY-MM-DD` for a year from 0 to 9999.
#[inline]
fn iso_bytes(d: NaiveDate) -> Option<[u8; 10]> {
    let year = u32::try_from(d.year()).ok().filter(|y| *y <= 9999)?;
    let digit = |n: u32| b'0' + u8::try_from(n % 10).unwrap_or(0);
    let (m, day) = (d.month(), d.day());
    Some([
        digit(year / 1000),
        digit(year / 100),
        digit(year / 10),
        digit(year),
        b'-',
        digit(m / 10),
        digit(m),
        b'-',
        digit(day / 10),
        digit(day),
    ])
}

/// `<head> <year>` (`October 2026`, `Q2 2026`), or the year alone for an empty head; years
/// 1000-9999 written digit by digit, others through the formatter.
pub(super) fn span_name(head: &str, y: i32) -> String {
    let mut name = String::with_capacity(head.len() + 6);
    if !head.is_empty() {
        name.push_str(head);
        name.push(' ');
    }
    match u32::try_from(y).ok().filter(|y| (1000..=9999).contains(y)) {
        Some(y) => {
            name.extend([y / 1000, y / 100, y / 10, y].map(|n| char::from(b'0' + u8::try_from(n % 10).unwrap_or(0))))
        }
        None => name.push_str(&y.to_string()),
    }
    name
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    /// The digit-by-digit texts are chrono's, in every year the fast path writes and past it.
    #[test]
    fn iso_texts_are_chronos() {
        let years = (0..=10_000).step_by(7).chain([0, 1, 999, 1000, 9999, 10_000, -1, 262_142]);
        for (i, year) in years.enumerate() {
            let Some(d) =
                NaiveDate::from_ymd_opt(year, u32::try_from(i % 12).unwrap() + 1, u32::try_from(i % 28).unwrap() + 1)
            else {
                continue;
            };
            assert_eq!(super::iso_text(d), d.to_string(), "{d:?}");
            assert_eq!(super::with_iso_text(d, str::to_owned), d.to_string(), "{d:?}");
        }
    }
}
