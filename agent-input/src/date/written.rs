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
    with_iso_text(d, str::to_owned)
}

/// Calls `f` with `YYYY-MM-DD` written on the stack (years 0-9999; others through chrono).
#[inline]
pub(crate) fn with_iso_text<T>(d: NaiveDate, f: impl FnOnce(&str) -> T) -> T {
    let Some(year) = u32::try_from(d.year()).ok().filter(|y| *y <= 9999) else { return f(&d.to_string()) };
    let digit = |n: u32| b'0' + u8::try_from(n % 10).unwrap_or(0);
    let (m, day) = (d.month(), d.day());
    let text = [
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
    ];
    f(std::str::from_utf8(&text).unwrap_or_default())
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
