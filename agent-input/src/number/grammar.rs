//! The lenient number grammar, as steps: edges and quotes, character folding, then sign,
//! mantissa (digit groups and separators), exponent; the groups resolve to one reading, two,
//! or none.

use nom::character::complete::{anychar, digit1, one_of};
use nom::combinator::{map_opt, opt, rest};
use nom::multi::fold_many0;
use nom::sequence::{pair, preceded};
use nom::{IResult, Parser};
use rust_decimal::Decimal;

use crate::codes::NoteCode;
use crate::limits::MAX_EXPONENT;
use crate::spelling::{self, step};

/// A repair class, in the order notes are emitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Repair {
    DecimalComma,
    Grouping,
    UnicodeDigits,
    UnicodeMinus,
    Spelling,
    Quotes,
    Whitespace,
    /// A scale word after the number (`3 Mio.`, `1,5 tis.`) was multiplied out.
    Scale,
}

impl Repair {
    pub(super) const fn code(self) -> NoteCode {
        match self {
            Self::DecimalComma => NoteCode::DecimalCommaRead,
            Self::Grouping => NoteCode::GroupingRemoved,
            Self::UnicodeDigits => NoteCode::UnicodeDigitsRead,
            Self::UnicodeMinus => NoteCode::UnicodeMinusRead,
            Self::Spelling => NoteCode::NumberSpellingNormalized,
            Self::Quotes => NoteCode::QuotesRemoved,
            Self::Whitespace => NoteCode::WhitespaceTrimmed,
            Self::Scale => NoteCode::NumberSpellingNormalized,
        }
    }

    /// The sentence a repair adds after the first note's "Read X as Y.".
    pub(super) const fn clause(self) -> &'static str {
        match self {
            Self::DecimalComma => "The comma is the decimal separator.",
            Self::Grouping => "The thousands grouping was removed.",
            Self::UnicodeDigits => "Non-ASCII digits were read as ASCII digits.",
            Self::UnicodeMinus => "The dash was read as a minus sign.",
            Self::Spelling => "The number was rewritten in plain decimal form.",
            Self::Quotes => "The quotation marks were removed.",
            Self::Whitespace => "The surrounding whitespace was removed.",
            Self::Scale => "The scale word after the number (tis., Mio., million) was multiplied out.",
        }
    }
}

/// The repairs a reading made: a set, iterated in note order (no allocation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Repairs(u8);

impl Repairs {
    const ALL: [Repair; 8] = [
        Repair::DecimalComma,
        Repair::Grouping,
        Repair::UnicodeDigits,
        Repair::UnicodeMinus,
        Repair::Spelling,
        Repair::Quotes,
        Repair::Whitespace,
        Repair::Scale,
    ];

    pub(super) fn push(&mut self, r: Repair) {
        self.0 |= 1 << (r as u8);
    }

    /// The repairs in note order, each once.
    pub(super) fn iter(self) -> impl Iterator<Item = Repair> {
        Self::ALL.into_iter().filter(move |r| self.0 & (1 << (*r as u8)) != 0)
    }
}

/// What the grammar made of a spelling.
#[derive(Debug, PartialEq)]
pub(super) enum Parsed {
    One { value: Decimal, repairs: Repairs },
    Two { grouping: Decimal, decimal: Decimal, separator: char },
    OutOfBounds,
    Invalid,
}

/// A JSON number's text: exact, never ambiguous, never repaired.
pub(super) fn parse_json_number(text: &str) -> Parsed {
    let (mantissa, exponent) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], Some(&text[i + 1..])),
        None => (text, None),
    };
    let (negative, digits) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    build(negative, &[int], frac, exponent, Repairs::default())
}

/// True for `-?(0|[1-9][0-9]*)(\.[0-9]+)?`: the canonical text of a JSON number without exponent.
fn is_canonical(s: &str) -> bool {
    let body = s.strip_prefix('-').unwrap_or(s);
    let (int, frac) = match body.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (body, None),
    };
    let int_ok = !int.is_empty() && int.bytes().all(|b| b.is_ascii_digit()) && (int == "0" || !int.starts_with('0'));
    int_ok && frac.is_none_or(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit()))
}

/// True for a canonical text whose point could also group thousands: one to three digits not
/// starting with 0, a point, exactly three digits (`1.234`, `-12.345`).
fn looks_grouped(s: &str) -> bool {
    let body = s.strip_prefix('-').unwrap_or(s);
    body.split_once('.')
        .is_some_and(|(int, frac)| (1..=3).contains(&int.len()) && !int.starts_with('0') && frac.len() == 3)
}

/// Separator classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sep {
    Point,
    Comma,
    Space,
    Apostrophe,
    Underscore,
}

impl Sep {
    fn of(c: char) -> Option<Self> {
        match c {
            '.' => Some(Self::Point),
            ',' => Some(Self::Comma),
            // Group-only signs: apostrophes, the Arabic thousands separator and the reversed
            // comma of CLDR's Adlam locales (`4⹁000`); no locale writes decimals with them.
            '\'' | '\u{2019}' | '\u{02bc}' | '\u{066c}' | '\u{2e41}' => Some(Self::Apostrophe),
            '_' => Some(Self::Underscore),
            c if c.is_whitespace() => Some(Self::Space),
            _ => None,
        }
    }

    const fn can_be_decimal(self) -> bool {
        matches!(self, Self::Point | Self::Comma)
    }
}

/// The lenient grammar for a string.
pub(super) fn parse_text(raw: &str) -> Parsed {
    if is_canonical(raw) && !looks_grouped(raw) {
        return match Decimal::from_str_exact(raw) {
            Ok(value) => Parsed::One { value, repairs: Repairs::default() },
            Err(_) => Parsed::OutOfBounds,
        };
    }
    let mut repairs = Repairs::default();
    let (text, edges) = spelling::clean_edges(raw);
    if edges.trimmed {
        repairs.push(Repair::Whitespace);
    }
    if edges.unquoted {
        repairs.push(Repair::Quotes);
    }
    if text.is_ascii() {
        if is_canonical(text) && !looks_grouped(text) {
            return match Decimal::from_str_exact(text) {
                Ok(value) => Parsed::One { value, repairs },
                Err(_) => Parsed::OutOfBounds,
            };
        }
        return grammar(text, repairs);
    }
    // Fold characters: digits to ASCII, minus signs, fullwidth and Arabic separators.
    let mut folded = String::with_capacity(text.len());
    for c in text.chars() {
        let mapped = match c {
            '\u{ff0e}' => '.',
            '\u{ff0c}' | '\u{060c}' => ',',
            '\u{066b}' => {
                // The Arabic decimal separator is a decimal point, not a comma.
                folded.push('.');
                continue;
            }
            '\u{ff0b}' => '+',
            c if spelling::digits::is_unicode_minus(c) => {
                repairs.push(Repair::UnicodeMinus);
                '-'
            }
            c if !c.is_ascii_digit() => match spelling::digits::ascii_digit(c) {
                Some(d) => {
                    repairs.push(Repair::UnicodeDigits);
                    d
                }
                None => c,
            },
            c => c,
        };
        folded.push(mapped);
    }
    if is_canonical(&folded) && !looks_grouped(&folded) {
        return match Decimal::from_str_exact(&folded) {
            Ok(value) => Parsed::One { value, repairs },
            Err(_) => Parsed::OutOfBounds,
        };
    }
    grammar(&folded, repairs)
}

/// Digit groups of a spelling: a thousands-grouped number up to 10^21 stays on the stack.
type Groups<'a> = smallvec::SmallVec<[&'a str; 8]>;
/// The separators between the groups.
type Seps = smallvec::SmallVec<[(Sep, char); 8]>;

/// The parts of a spelling: sign, digit groups with the separators between them, exponent.
struct Shape<'a> {
    negative: bool,
    /// Digit runs; the first is empty when the spelling starts with a separator (`.5`).
    groups: Groups<'a>,
    /// The separator after each group but the last.
    seps: Seps,
    exponent: Option<&'a str>,
}

/// One separator character and its class.
fn separator(i: &str) -> IResult<&str, (Sep, char), ()> {
    map_opt(anychar, |c| Sep::of(c).map(|sep| (sep, c))).parse(i)
}

/// Sign, spaces after it, an optional leading separator, digit groups joined by single
/// separators, an optional trailing separator, an optional exponent, the end: each step one line.
fn shape<'a>(s: &'a str, repairs: &mut Repairs) -> Option<Shape<'a>> {
    let (after_sign, sign) = step(opt(one_of("+-")), s)?;
    let spaced = after_sign.trim_start();
    let (i, lead) = step(opt(separator), spaced)?;
    let (i, first) = step(digit1, i)?;
    // Room for a thousands-grouped number of up to 10^15 without growing.
    let (mut groups, mut seps) = (Groups::new(), Seps::new());
    if let Some(lead) = lead {
        groups.push("");
        seps.push(lead);
    }
    groups.push(first);
    let mut start = Some((groups, seps));
    let init = move || start.take().unwrap_or_default();
    let (i, (groups, seps)) = step(fold_many0(pair(separator, digit1), init, push_group), i)?;
    let (i, trail) = step(opt(separator), i)?;
    let (i, exponent) = step(opt(preceded(one_of("eE"), rest)), i)?;
    if !i.is_empty() {
        return None;
    }
    if sign == Some('+') || spaced.len() != after_sign.len() {
        repairs.push(Repair::Spelling);
    }
    if exponent.is_some() {
        repairs.push(Repair::Spelling);
    }
    // A trailing separator: only "5." reads (as 5).
    match trail {
        Some((Sep::Point, _)) => repairs.push(Repair::Spelling),
        Some(_) => return None,
        None => {}
    }
    Some(Shape { negative: sign == Some('-'), groups, seps, exponent })
}

/// Adds one separator and the digit group after it.
fn push_group<'a>(
    (mut groups, mut seps): (Groups<'a>, Seps),
    (sep, digits): ((Sep, char), &'a str),
) -> (Groups<'a>, Seps) {
    seps.push(sep);
    groups.push(digits);
    (groups, seps)
}

/// Sign, mantissa with separators, optional exponent: one reading, two, or none.
fn grammar(s: &str, mut repairs: Repairs) -> Parsed {
    match shape(s, &mut repairs) {
        Some(shape) => readings_of_shape(&shape, repairs),
        None => Parsed::Invalid,
    }
}

/// Valid thousands grouping: a head of 1-3 digits not starting with 0, then groups of 3;
/// or the Indian form (head 1-2, then 2s, then a final 3).
fn valid_grouping(groups: &[&str]) -> bool {
    let Some((head, tail)) = groups.split_first() else { return false };
    if head.is_empty() || head.starts_with('0') || tail.is_empty() {
        return false;
    }
    let western = head.len() <= 3 && tail.iter().all(|g| g.len() == 3);
    let indian = head.len() <= 2
        && tail.len() >= 2
        && tail.split_last().is_some_and(|(last, mid)| last.len() == 3 && mid.iter().all(|g| g.len() == 2));
    western || indian
}

/// The readings of a shape: every separator groups thousands, or the last one is the decimal
/// separator (and any others group). One reading is read, two are both named.
fn readings_of_shape(shape: &Shape<'_>, repairs: Repairs) -> Parsed {
    let Shape { negative, ref groups, ref seps, exponent } = *shape;
    if seps.is_empty() {
        let int = groups.first().copied().unwrap_or_default();
        let mut repairs = repairs;
        if int.len() > 1 && int.starts_with('0') {
            repairs.push(Repair::Spelling);
        }
        return build(negative, &[int], "", exponent, repairs);
    }
    if groups.first().is_some_and(|g| g.is_empty()) {
        return leading_separator(shape, repairs);
    }
    match (as_grouping(groups, seps), as_decimal(groups, seps)) {
        (true, None) => {
            let mut repairs = repairs;
            repairs.push(Repair::Grouping);
            build(negative, groups, "", exponent, repairs)
        }
        (false, Some(decimal)) => {
            let mut repairs = repairs;
            if decimal.grouped {
                repairs.push(Repair::Grouping);
            }
            if decimal.separator == ',' {
                repairs.push(Repair::DecimalComma);
            }
            if decimal.int.len() == 1 && decimal.int.first().is_some_and(|g| g.len() > 1 && g.starts_with('0')) {
                repairs.push(Repair::Spelling);
            }
            build(negative, decimal.int, decimal.frac, exponent, repairs)
        }
        (true, Some(decimal)) => {
            let a = build(negative, groups, "", exponent, Repairs::default());
            let b = build(negative, decimal.int, decimal.frac, exponent, Repairs::default());
            match (a, b) {
                (Parsed::One { value: grouping, .. }, Parsed::One { value: dec, .. }) => Parsed::Two {
                    grouping: grouping.normalize(),
                    decimal: dec.normalize(),
                    separator: decimal.separator,
                },
                _ => Parsed::OutOfBounds,
            }
        }
        (false, None) => Parsed::Invalid,
    }
}

/// `.5` or `,5`: a decimal with no integer part.
fn leading_separator(shape: &Shape<'_>, mut repairs: Repairs) -> Parsed {
    match (shape.seps.as_slice(), shape.groups.as_slice()) {
        ([(sep, c)], [_, frac]) if sep.can_be_decimal() => {
            repairs.push(Repair::Spelling);
            if *c == ',' {
                repairs.push(Repair::DecimalComma);
            }
            build(shape.negative, &["0"], frac, shape.exponent, repairs)
        }
        _ => Parsed::Invalid,
    }
}

/// Reading A: every separator groups thousands (the groups are the integer's digits).
fn as_grouping(groups: &[&str], seps: &[(Sep, char)]) -> bool {
    let first_class = seps.first().map(|s| s.0);
    seps.iter().all(|s| Some(s.0) == first_class) && valid_grouping(groups)
}

/// Reading B of a spelling: the last separator marks decimals.
struct AsDecimal<'s, 'a> {
    int: &'s [&'a str],
    frac: &'a str,
    separator: char,
    /// Other separators grouped the integer part.
    grouped: bool,
}

/// Reading B: the last separator is the decimal separator, and any others (all of one other
/// class) group the integer part validly.
fn as_decimal<'s, 'a>(groups: &'s [&'a str], seps: &[(Sep, char)]) -> Option<AsDecimal<'s, 'a>> {
    let ((last, c), others) = seps.split_last()?;
    if !last.can_be_decimal() || others.iter().any(|s| s.0 == *last) {
        return None;
    }
    let (frac, int_groups) = groups.split_last()?;
    let other_class = others.first().map(|s| s.0);
    if !others.iter().all(|s| Some(s.0) == other_class) || (!others.is_empty() && !valid_grouping(int_groups)) {
        return None;
    }
    Some(AsDecimal { int: int_groups, frac, separator: *c, grouped: !others.is_empty() })
}

/// The most significant digits a `Decimal` holds (a 96-bit mantissa).
const MAX_DIGITS: usize = 28;

/// Builds the exact decimal from the integer's digit groups, the fraction's digits and an
/// optional exponent text, digit by digit (no text is assembled).
fn build(negative: bool, int: &[&str], frac: &str, exponent: Option<&str>, repairs: Repairs) -> Parsed {
    let digits = |g: &str| g.bytes().all(|b| b.is_ascii_digit());
    if int.iter().all(|g| g.is_empty()) || !int.iter().all(|g| digits(g)) || !digits(frac) {
        return Parsed::Invalid;
    }
    let exp = match exponent.map(parse_exponent) {
        None => 0,
        Some(Some(e)) => e,
        Some(None) => return Parsed::Invalid,
    };
    if exp.abs() > MAX_EXPONENT {
        return Parsed::OutOfBounds;
    }
    // Leading zeros carry nothing; trailing fraction digits do (they set the scale).
    let mut significant = int.iter().flat_map(|g| g.bytes()).skip_while(|b| *b == b'0').chain(frac.bytes());
    let mut mantissa: i128 = 0;
    let mut count = 0usize;
    for b in significant.by_ref() {
        count += 1;
        if count > MAX_DIGITS + 1 {
            return Parsed::OutOfBounds;
        }
        mantissa = mantissa * 10 + i128::from(b - b'0');
    }
    let Ok(scale) = u32::try_from(frac.len()) else { return Parsed::OutOfBounds };
    let mantissa = if negative { -mantissa } else { mantissa };
    let Ok(value) = Decimal::try_from_i128_with_scale(mantissa, scale) else { return Parsed::OutOfBounds };
    match apply_exponent(value, exp) {
        Some(value) => Parsed::One { value, repairs },
        None => Parsed::OutOfBounds,
    }
}

/// An exponent's digits, saturating far beyond any bound (so `1e999999999999` stays cheap).
fn parse_exponent(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let magnitude = digits.bytes().fold(0i64, |acc, b| acc.saturating_mul(10).saturating_add(i64::from(b - b'0')));
    Some(if negative { -magnitude } else { magnitude })
}

/// Multiplies by 10^exp exactly, or `None` when the result does not fit.
fn apply_exponent(mantissa: Decimal, exp: i64) -> Option<Decimal> {
    let mut value = mantissa;
    let scale = i64::from(value.scale());
    if exp <= scale {
        let new_scale = u32::try_from(scale - exp).ok()?;
        if new_scale > Decimal::MAX_SCALE {
            value = value.normalize();
            let normalized_scale = i64::from(value.scale()) - exp;
            value.set_scale(u32::try_from(normalized_scale).ok()?).ok()?;
            return Some(value);
        }
        value.set_scale(new_scale).ok()?;
        return Some(value);
    }
    value.set_scale(0).ok()?;
    let mut remaining = exp - scale;
    while remaining > 0 {
        value = value.checked_mul(Decimal::TEN)?;
        remaining -= 1;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(s: &str) -> String {
        match parse_text(s) {
            Parsed::One { value, .. } => value.normalize().to_string(),
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn single_meaning_spellings() {
        assert_eq!(one("4 000"), "4000");
        assert_eq!(one("4\u{a0}000"), "4000");
        assert_eq!(one("4\u{202f}000"), "4000");
        assert_eq!(one("4\u{2e41}000"), "4000");
        assert_eq!(one("-1\u{2e41}234.5"), "-1234.5");
        assert_eq!(one("1,234,567"), "1234567");
        assert_eq!(one("1.234.567"), "1234567");
        assert_eq!(one("1.234,56"), "1234.56");
        assert_eq!(one("1,234.56"), "1234.56");
        assert_eq!(one("1 234,567"), "1234.567");
        assert_eq!(one("1,5"), "1.5");
        assert_eq!(one("0,125"), "0.125");
        assert_eq!(one("12,34,567"), "1234567");
        assert_eq!(one("1'234'567.5"), "1234567.5");
        assert_eq!(one("−5"), "-5");
        assert_eq!(one("٤٠٠٠"), "4000");
        assert_eq!(one("１２３４"), "1234");
        assert_eq!(one("+5"), "5");
        assert_eq!(one(".5"), "0.5");
        assert_eq!(one("5."), "5");
        assert_eq!(one("1e3"), "1000");
        assert_eq!(one("1.5E-3"), "0.0015");
        assert_eq!(one("007"), "7");
        assert_eq!(one("1234.567"), "1234.567");
    }

    #[test]
    fn two_meanings() {
        assert!(matches!(parse_text("1,234"), Parsed::Two { .. }));
        assert!(matches!(parse_text("1.234"), Parsed::Two { .. }));
        assert!(matches!(parse_text("-12.345"), Parsed::Two { .. }));
        assert!(matches!(parse_text("999,999"), Parsed::Two { .. }));
    }

    #[test]
    fn invalid_and_bounds() {
        assert_eq!(parse_text("1,23,4"), Parsed::Invalid);
        assert_eq!(parse_text("12 34"), Parsed::Invalid);
        assert_eq!(parse_text("abc"), Parsed::Invalid);
        assert_eq!(parse_text("1..5"), Parsed::Invalid);
        assert_eq!(parse_text("1e999999"), Parsed::OutOfBounds);
        assert_eq!(parse_text("1e99999999999999999999999"), Parsed::OutOfBounds);
        assert_eq!(parse_json_number("1e-29"), Parsed::OutOfBounds);
        assert_eq!(parse_text("99999999999999999999999999999999"), Parsed::OutOfBounds);
    }
}
