//! Reads what the Gregorian grammar leaves to a second look: a weekday in brackets glued to a
//! date (`2026年10月1日(木)`, `2026. 10. 1.(목)`), written again with the weekday's whole name,
//! and the Buddhist era's years of a Thai or Lao date (`1 ตุลาคม 2569`: 1 October 2026).

use chrono::{Datelike, NaiveDate};
use smallvec::SmallVec;

use super::parsed::{Candidate, Order, Parsed, Span};
use super::words::{weekday_of, word_key};

/// A weekday in brackets after the date (`2026年10月1日(木)`, `2026/10/01（木）`, `2026. 10. 1.(목)`,
/// as Japanese, Chinese and Korean write it): the text with the weekday's whole name set apart
/// by a space, as it reads; its one character (`木`, `四`, `목`) is short for `木曜日`, `星期四`,
/// `목요일`, the first whole name with which the text `reads`. `None` for any other bracket.
#[cold]
pub(super) fn bracketed_weekday(text: &str, at: usize, reads: impl Fn(&str) -> bool) -> Option<String> {
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
        return names.iter().map(|w| spelled(w)).find(|s| reads(s));
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
pub(super) fn buddhist_era(parsed: &mut Parsed, marked: bool) {
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
