//! Reads month and weekday names among a spelling's tokens: a month or weekday written as a
//! word and its number (`tháng 10`, `星期4`, CLDR's root `M10`), a month after Latin `u`
//! (`u listopadu`), a name cut short (`15. maalisk. 2026`), a weekday first or last
//! (`Thursday, 1 October 2026`, `1 Ekim 2026 Perşembe`), and a month's name with its numbers
//! (`October 1, 2026`, `únor 2020`, `1 Oct 26`).

use crate::data::dates::{MONTHS_AFTER_U, MONTHS_EN, MONTH_PREFIXES, MONTH_SUFFIXES, WEEKDAYS_EN, WEEKDAY_PREFIXES};

use super::parsed::{day, fixed, value, year4, Order, Parsed, Span};
use super::tokens::{is_filler, Token, Tokens, DATE_FILLERS};
use super::words::{cjk_unit, lookup, months_of, truncated_month, weekday_of, weekdays_of};

/// A month or weekday written as a word and its number (CLDR's root names `M01`-`M12`; Vietnamese `tháng 11`, every
/// [`MONTH_PREFIXES`] word; Chinese `星期一`, read with its digit as `星期1`, every
/// [`WEEKDAY_PREFIXES`] word, also right after the day's unit: `23日星期一`) becomes the
/// month's or weekday's name, so it reads as a named one.
pub(super) fn name_numbered_words(toks: &mut Tokens<'_>) {
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

/// `text` with a month written as its number and a [`MONTH_SUFFIXES`] suffix (Mongolian
/// `2026 оны 11-р сарын 23`, with the letters a pattern glues on) written as the month's
/// English name; `None` when it has none. Only text beyond ASCII can hold one.
pub(super) fn numbered_month_suffix(text: &str) -> Option<String> {
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
/// the filler words and the separators left at either end; the weekday's ISO number (0 for a
/// name of several), whether its word has three or more letters, and every weekday it names.
pub(super) fn strip_weekday_and_fillers(toks: &mut Tokens<'_>) -> (Option<u8>, bool, u8) {
    let long = |w: &str| w.chars().nth(2).is_some();
    let (mut settles, mut mask) = (false, 0);
    let mut weekday = None;
    // A filler before the weekday is no weekday (`on` is no Scandinavian Wednesday in `on 1
    // October 2026`), nor does it hide one (`on Thursday, 1 October 2026`); with a comma after
    // it, it is (`on, 1. 10. 2026`).
    while matches!(toks.first(), Some(Token::Word(w)) if DATE_FILLERS.contains(&w.as_ref()))
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
                (weekday, settles, mask) = (Some(day), long(w), weekdays_of(w));
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
    drop_leading_separators(toks);
    trim_end(toks);
    // In parentheses last: "2026年11月23日（月）", "23 Nov 2026 (Mon)".
    let last_three = toks.len().checked_sub(3).and_then(|i| toks.get(i..));
    if let (None, Some([Token::Sep('('), Token::Word(w), Token::Sep(')')])) = (weekday, last_three) {
        if let (true, Some(day)) = (months_of(w).is_empty(), weekday_of(w)) {
            (weekday, settles, mask) = (Some(day), long(w), weekdays_of(w));
            toks.truncate(toks.len() - 3);
            trim_end(toks);
        }
    }
    // Set apart by a space or comma: a word right after a number is its unit ("1일", "1日").
    // A word naming different weekdays in different languages is none here (`sha`: Balochi
    // Saturday, Sena Friday, in `12 fevreiro 2005 sha`): it stays, a word beside the date.
    let last_two = toks.len().checked_sub(2).and_then(|i| toks.get(i..));
    if let (None, Some([Token::Sep(_), Token::Word(w)])) = (weekday, last_two) {
        if let (true, Some(day @ 1..)) = (months_of(w).is_empty(), weekday_of(w)) {
            (weekday, settles, mask) = (Some(day), long(w), weekdays_of(w));
            toks.pop();
            trim_end(toks);
        }
    }
    (weekday, settles, mask)
}

/// Separators before the date go, but not a comparison or an approximation (`< 2026-01-01`,
/// `~2026`): those change what the date means, so the spelling reads as nothing.
fn drop_leading_separators(toks: &mut Tokens<'_>) {
    let kept = |c: &char| matches!(c, '<' | '>' | '=' | '~' | '\u{2264}' | '\u{2265}' | '\u{2248}');
    let n = toks.iter().take_while(|t| matches!(t, Token::Sep(c) if !kept(c))).count();
    if n > 0 {
        toks.drain(..n);
    }
}

/// Points, commas and spaces after the date go.
fn trim_end(toks: &mut Tokens<'_>) {
    while matches!(toks.last(), Some(Token::Sep('.' | ',' | ' '))) {
        toks.pop();
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

/// A month name with numbers: `1 October 2026`, `October 1, 2026`, `únor 2020`, `1. října`.
pub(super) fn named_month(parsed: &mut Parsed, month: u32, nums: &[(&str, bool)]) {
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
