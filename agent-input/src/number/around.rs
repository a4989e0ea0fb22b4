//! What the number's grammar does not read, read around: a number beside a scale word
//! (`4 tisíce`, `3 Mio.`), a percent sign, a dash, a comparison (`at most 50`), a fraction
//! (`1/2`); and, where no number reads, the ask that names the number inside the text
//! (`5 km`, `$5`, `(5)`, `5-10`, `five`), never applying it.
//!
//! [`Grammar::nothing`](crate::reader::Grammar::nothing) of the number calls these in that
//! order; each returns `None` for a text that is none of its shapes.

#![allow(clippy::wildcard_imports)]

use super::*;

/// The ask of a text that is no number. A number with a unit or currency beside it (`5 km`,
/// `$5`, `1 234 Kč`, `EUR 12.50`) names the number without it as its reading: the property's
/// unit is not the text's to say, so the reading is offered, never applied. A scale letter or
/// word that is also a unit (`4k`, `3M`) names both ([`unit_or_scale`]).
#[cold]
pub(super) fn not_a_number(input: &Input<'_>, text: &str, in_parts: bool) -> Ask {
    let plain = || {
        Ask::new(
            AskCode::NotANumber,
            input,
            "a number, such as 4000 or 1.5",
            "set to a JSON number: ASCII digits, a point for decimals, no grouping (e.g. 1234.5)",
        )
    };
    let special = || {
        qualified(input, text)
            .or_else(|| two_numbers(input, text, in_parts))
            .or_else(|| super::words::number_word(input, text))
            .or_else(|| remarked(input, text))
    };
    let signs = || bracketed(input, text).or_else(|| trailing_minus(input, text));
    if let Some(ask) = signs().or_else(special).or_else(|| unit_or_scale(input, text)) {
        return ask;
    }
    let Some((head, unit)) = unit_apart(text) else { return plain() };
    // Before the number stand currency signs and codes (`$5`, `EUR 12.50`); another word
    // there may be a sign (`negativo 1`): no reading, as its sign is not the text's to drop.
    let code = unit.len() == 3 && unit.bytes().all(|b| b.is_ascii_uppercase());
    let sign = unit.chars().any(|c| !c.is_alphabetic() && !c.is_whitespace() && c != '.');
    if spelling::clean_edges(text).0.starts_with(unit) && !code && !sign {
        return plain();
    }
    // A scale word between the number and the unit is the number's (`3 Mio. Euro` is 3000000
    // euros, `10 tisíc Kč` 10000 crowns).
    let (mut values, mut unit) = (None, unit);
    if let Some((word, rest)) = unit.split_once(' ') {
        let with_scale = format!("{head} {word}");
        match scaled(input, &with_scale, &NumberOptions::default()).map(|out| out.status) {
            Some(Status::Ok { value }) => {
                (values, unit) = (Some(smallvec::smallvec![(value, String::new())]), rest.trim_start())
            }
            // A scale of two powers (`2 billion USD`), or a unit's letters (`1,5 mil. Kč`):
            // its own ask, naming each.
            Some(Status::Ask { ask }) => return *ask,
            _ => {
                if let Some(ask) = unit_or_scale(input, &with_scale) {
                    return ask;
                }
            }
        }
    }
    let Some(values) = values.or_else(|| values_of(parse_text(head))) else { return plain() };
    let unit = quoted(unit);
    naming(
        input,
        values,
        |options| {
            (
                format!("a number without a unit or currency; {} writes {unit} beside it", input.to_json_text()),
                format!(
                    "set to the number alone ({options}) if the property counts in {unit}, or to the number in the property's unit"
                ),
            )
        },
        |v| format!("{v}, the number without {unit}"),
    )
}

/// Scale words that are also accounting's marks: `CR` (credit, beside `DR`, debit) is en-IN's
/// crore (10^7) too, so `1,234.56 CR` asks as `4k` does ([`unit_or_scale`]). Grammar, beside
/// the generated [`UNIT_SCALES`].
pub(super) const MARK_SCALES: &[(&str, &str)] = &[("cr", "7")];

/// A number with a word or letter after it that CLDR's compact numbers write for a power of
/// ten and its units for a unit (`4k`, `1.5M`, `2B`, `2,5 mln`, `4 mille`: [`UNIT_SCALES`]):
/// `not_a_number` naming the number times each power and the number without the word, as the
/// property does not say which it counts. `None` for any other text.
#[cold]
pub(super) fn unit_or_scale(input: &Input<'_>, text: &str) -> Option<Ask> {
    let (text, _) = spelling::clean_edges(text);
    let (_, end) = digits_span(text)?;
    let (head, word) = (text.get(..end)?, text.get(end..)?);
    let key = word_key(word);
    let mark = MARK_SCALES.iter().find(|(k, _)| *k == key);
    let powers = UNIT_SCALES.iter().find(|(k, _)| *k == key).or(mark)?.1;
    let Parsed::One { value, .. } = parse_text(head) else { return None };
    let word = quoted(word.trim());
    let mut readings = Vec::new();
    for power in powers.split(' ').filter_map(|p| p.parse::<u8>().ok()) {
        let scaled = normalized(times_ten_to(value, power)?);
        readings.push(Reading {
            value: decimal_value(scaled),
            meaning: format!("{scaled}: {word} as 10^{power}, as compact numbers write it"),
        });
    }
    let options: Vec<String> = readings.iter().map(|r| r.value.to_string()).collect();
    let value = normalized(value);
    let what = if mark.is_some() { "accounting's mark of a credit" } else { "a unit" };
    readings
        .push(Reading { value: decimal_value(value), meaning: format!("{value}, the number without {word}, {what}") });
    Some(
        Ask::new(
            AskCode::NotANumber,
            input,
            format!("a number without a scale or unit; {word} may stand for a power of ten or for a unit"),
            format!(
                "set to the number written out ({}) if {word} is a power of ten, or to {value} converted to the property's unit if it is a unit",
                options.join(" or ")
            ),
        )
        .with_readings(readings),
    )
}

/// The `not_a_number` ask naming each of `values` (a number's readings, each with what its
/// separator does: [`values_of`]): `said` gives the expected text and the hint from the values
/// joined with "or", `meaning` the start of each reading's meaning.
pub(super) fn naming(
    input: &Input<'_>,
    values: SmallVec<[(Decimal, String); 2]>,
    said: impl FnOnce(&str) -> (String, String),
    meaning: impl Fn(Decimal) -> String,
) -> Ask {
    let options: Vec<String> = values.iter().map(|(v, _)| v.to_string()).collect();
    let (expected, hint) = said(&options.join(" or "));
    Ask::new(AskCode::NotANumber, input, expected, hint).with_readings(
        values
            .into_iter()
            .map(|(v, how)| Reading { value: decimal_value(v), meaning: format!("{}{how}", meaning(v)) })
            .collect(),
    )
}

/// The values of a number's text, each with what its separator does when it has two readings
/// (`1,234`: ", the comma grouping thousands" or ", the comma the decimal separator");
/// `None` when the text is no number or beyond the bounds.
pub(super) fn values_of(parsed: Parsed) -> Option<SmallVec<[(Decimal, String); 2]>> {
    match parsed {
        Parsed::One { value, .. } => Some(smallvec::smallvec![(normalized(value), String::new())]),
        Parsed::Two { grouping, decimal, separator } => {
            let name = if separator == ',' { "comma" } else { "point" };
            Some(smallvec::smallvec![
                (normalized(grouping), format!(", the {name} grouping thousands")),
                (normalized(decimal), format!(", the {name} the decimal separator"))
            ])
        }
        Parsed::OutOfBounds | Parsed::Invalid => None,
    }
}

/// A number in round brackets (`(1,234.56)`, `(5)`), as accounting formats write a negative
/// amount (CLDR's accounting patterns: `#,##0.00;(#,##0.00)`): the negative amount, or the
/// number itself in brackets; both are readings. `None` for any other text.
pub(super) fn bracketed(input: &Input<'_>, text: &str) -> Option<Ask> {
    let (text, _) = spelling::clean_edges(text);
    let inner = spelling::trim(text.strip_prefix('(')?.strip_suffix(')')?);
    let value = match parse_text(inner) {
        Parsed::One { value, .. } if value > Decimal::ZERO => normalized(value),
        _ => return None,
    };
    Some(negative_or_number(
        input,
        value,
        format!("a number with its sign; {} is how accounting writes a negative amount", input.to_json_text()),
        ("the brackets mark a negative amount", "the brackets mark a negative amount, as accounting writes one"),
        "the number in brackets",
    ))
}

/// The `not_a_number` ask of a positive `value` written with a mark that may make it negative:
/// its readings the negative amount and the number, the hint offering the negative amount `if`
/// the mark makes it one (`if_negative`: the hint's condition, then the negative reading's
/// meaning) and the number otherwise (`number`: its reading's meaning).
pub(super) fn negative_or_number(
    input: &Input<'_>,
    value: Decimal,
    expected: String,
    (if_negative, negative_meaning): (&str, &str),
    number: &str,
) -> Ask {
    let negative = -value;
    Ask::new(AskCode::NotANumber, input, expected, format!("set to {negative} if {if_negative}, or to {value}"))
        .with_readings(vec![
            Reading { value: decimal_value(negative), meaning: format!("{negative}: {negative_meaning}") },
            Reading { value: decimal_value(value), meaning: format!("{value}: {number}") },
        ])
}

/// A number with a minus after it (`1,234.56-`, `500-`), as SAP and COBOL reports write a
/// negative amount: the negative amount, or the number with a dash after it (a range left
/// open, a price written `500,-`'s way); both are readings. `None` unless the rest is a
/// positive number of one reading.
pub(super) fn trailing_minus(input: &Input<'_>, text: &str) -> Option<Ask> {
    let (text, _) = spelling::clean_edges(text);
    let inner = spelling::trim(text.strip_suffix(['-', '\u{2212}'])?);
    let value = match parse_text(inner) {
        Parsed::One { value, .. } if value > Decimal::ZERO && inner.ends_with(|c: char| c.is_ascii_digit()) => {
            normalized(value)
        }
        _ => return None,
    };
    Some(negative_or_number(
        input,
        value,
        format!("a number with its sign before it; {} writes a minus after the number", input.to_json_text()),
        (
            "the minus after it makes it negative",
            "the minus after the number makes it negative, as accounting reports write one",
        ),
        "the number, the dash after it no sign",
    ))
}

/// What a comparison of code before a number says (`>5`, `>= 5`, `<=5`), in
/// [`NUMBER_QUALIFIERS`]' numbering (4: more than, 5: less than).
pub(super) const COMPARISONS: &[(&str, u8)] = &[(">=", 2), ("=>", 2), ("<=", 3), ("=<", 3), (">", 4), ("<", 5)];

/// A number CLDR's number patterns mark as approximate, a least or a greatest value (`~5`,
/// `≈ 5`, `ca. 5`, `5+`, `≥5`, `≤ 5`, `au moins 5`: [`NUMBER_QUALIFIERS`]), or after a
/// comparison of code (`>5`, `>= 5`, `<5`): `not_a_number` naming the number (each, when its
/// separator has two readings). `None` for any other text.
pub(super) fn qualified(input: &Input<'_>, text: &str) -> Option<Ask> {
    let (text, _) = spelling::clean_edges(text);
    let (mut first, last) = digits_span(text)?;
    if let Some(minus) = text.get(..first).and_then(|b| b.chars().next_back()).filter(|c| matches!(c, '-' | '\u{2212}'))
    {
        first -= minus.len_utf8();
    }
    let (before, number, after) = (text.get(..first)?, text.get(first..last)?, text.get(last..)?);
    let key = format!("{}#{}", word_key(before), word_key(after));
    let code = COMPARISONS.iter().find(|(c, _)| key == format!("{c}#")).map(|(_, m)| *m);
    let meaning = code.or_else(|| NUMBER_QUALIFIERS.get(&key))?;
    let what = match meaning {
        1 => "about",
        2 => "at least",
        3 => "at most",
        4 => "more than",
        _ => "less than",
    };
    let values = values_of(parse_text(number))?;
    let received = input.to_json_text();
    Some(naming(
        input,
        values,
        |options| {
            (
                format!("one number; {received} says {what} {options}"),
                format!("set to the number itself ({options}) if the property takes that number"),
            )
        },
        |v| format!("{v}, the number of {received} ({what} {v})"),
    ))
}

/// A number with a remark in brackets after it (`20 (default)`, `10 (ten)`, `5 (in
/// thousands)`): `not_a_number` naming the number, never applied, as a remark may change what
/// the number means. `None` for any other text.
pub(super) fn remarked(input: &Input<'_>, text: &str) -> Option<Ask> {
    let (text, _) = spelling::clean_edges(text);
    let (head, remark) = text.strip_suffix(')')?.split_once('(')?;
    if remark.contains(['(', ')']) || remark.trim().is_empty() {
        return None;
    }
    let values = values_of(parse_text(spelling::trim(head)))?;
    let remark = quoted(remark.trim());
    Some(naming(
        input,
        values,
        |options| {
            (
                format!("a number alone; {} writes the remark {remark} after it", input.to_json_text()),
                format!("set to the number alone ({options}) if the remark does not change it"),
            )
        },
        |v| format!("{v}, the number without the remark {remark}"),
    ))
}

/// Two numbers sent for one: a range (`5-10`, `5–10`, `5 ~ 10`: [`NUMBER_RANGE_JOINERS`], and
/// `5 to 10`) or two values (`5 or 6`, `5 and 6`): `not_a_number` naming each. `None` for any
/// other text, and inside a list or a range (`in_parts`: they split such a
/// text themselves).
pub(super) fn two_numbers(input: &Input<'_>, text: &str, in_parts: bool) -> Option<Ask> {
    if in_parts {
        return None;
    }
    let (text, _) = spelling::clean_edges(text);
    let words = [(" to ", true), (" or ", false), (" and ", false)];
    let joiners = NUMBER_RANGE_JOINERS.iter().map(|j| (*j, true)).chain(words);
    let one = |part: &str| match parse_text(spelling::trim(part)) {
        Parsed::One { value, .. } => Some(normalized(value)),
        _ => None,
    };
    let (left, right, range) = joiners.into_iter().find_map(|(joiner, range)| {
        // A joiner at the start is a minus sign.
        text.match_indices(joiner).filter(|(i, _)| *i > 0).find_map(|(i, j)| {
            let (left, right) = (one(text.get(..i)?)?, one(text.get(i + j.len()..)?)?);
            Some((left, right, range))
        })
    })?;
    let received = input.to_json_text();
    let (what, first, second) = if range {
        (format!("a range from {left} to {right}"), "the range's first end", "its last end")
    } else {
        (format!("two numbers, {left} and {right}"), "the first number sent", "the second")
    };
    Some(
        Ask::new(
            AskCode::NotANumber,
            input,
            format!("one number; {received} is {what}"),
            format!("set to the one number you meant: {left} or {right} (the property takes one)"),
        )
        .with_readings(if left == right {
            vec![Reading { value: decimal_value(left), meaning: format!("{left}, both numbers sent") }]
        } else {
            vec![
                Reading { value: decimal_value(left), meaning: format!("{left}, {first}") },
                Reading { value: decimal_value(right), meaning: format!("{right}, {second}") },
            ]
        }),
    )
}

/// The byte range from a text's first digit to the end of its last (digits of any script);
/// `None` without a digit.
pub(super) fn digits_span(text: &str) -> Option<(usize, usize)> {
    let first = text.find(char::is_numeric)?;
    let last = text.char_indices().rfind(|(_, c)| c.is_numeric()).map(|(i, c)| i + c.len_utf8())?;
    Some((first, last))
}

/// A number's text and the unit or currency written before or after it (`5 km`, `$5`, `1 234
/// Kč`, `EUR 12.50`): letters, currency signs and the marks units are written with, apart from
/// the digits on one side. `None` for any other text, for a lone letter (a scale's, maybe) and
/// for English's ordinal endings (`5th`: a place, not a unit).
pub(super) fn unit_apart(text: &str) -> Option<(&str, &str)> {
    let (text, _) = spelling::clean_edges(text);
    let currency = |c: char| matches!(c, '$' | '\u{a2}'..='\u{a5}' | '\u{20a0}'..='\u{20cf}');
    let unit_char =
        |c: char| c.is_alphabetic() || currency(c) || matches!(c, '/' | '\u{b0}' | '\u{b2}' | '\u{b3}' | '.');
    let (first, last) = digits_span(text)?;
    let (before, number, after) = (text.get(..first)?, text.get(first..last)?, text.get(last..)?);
    let (unit, head) = match (before.trim(), after.trim()) {
        ("", unit) | (unit, "") => (unit, number),
        _ => return None,
    };
    let lone_letter = unit.chars().count() == 1 && unit.chars().all(char::is_alphabetic);
    let ordinal = ORDINAL_ENDINGS.iter().any(|o| unit.eq_ignore_ascii_case(o));
    let fits = !unit.is_empty() && unit.chars().count() <= 16 && unit.chars().all(|c| unit_char(c) || c == ' ');
    if !fits || lone_letter || ordinal || !unit.chars().any(|c| c.is_alphabetic() || currency(c)) {
        return None;
    }
    Some((head, unit))
}

/// Words asking a page size for as many as it allows (`max`, `all`, `unlimited`, `∞`), folded;
/// the filter kind's words for "everything" count too.
pub(super) const MOST_WORDS: &[&str] = &[
    "max",
    "maximum",
    "max.",
    "unlimited",
    "no limit",
    "infinity",
    "inf",
    "\u{221e}",
    "as many as possible",
    "maximal",
    "neomezene",
    "bez omezeni", // cs
    "unbegrenzt",
    "unbeschrankt", // de
    "illimite",
    "sans limite", // fr
    "ilimitado",
    "sin limite", // es
];

/// The `limit` preset's largest value for a word asking for as many as it allows (`"all"`,
/// `"max"`, `"unlimited"`), with the clamp's note; `None` for any other text or options.
#[cold]
pub(super) fn most(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    let max = opts.max.filter(|_| opts.preset == Some(Preset::Limit))?;
    let key = spelling::fold::fold(spelling::clean_edges(text).0);
    // A dash means "everything" to a filter, and nothing to a number.
    let everything = key.chars().any(char::is_alphabetic) && crate::absent::means_everything(text);
    if !MOST_WORDS.contains(&key.as_str()) && !everything {
        return None;
    }
    let message =
        with_decimal_text(max, |m| format!("Read {} as {m}: the largest allowed value is {m}.", input.to_json_text()));
    Some(Outcome::ok(max).note(Note::new(NoteCode::OutOfRangeClamped, message)))
}

/// A number written with a fraction: a vulgar fraction character alone or after a whole
/// number (`½`, `1½`, `1 ¾`, `⅛`) or digits around the fraction slash (`3⁄4`), as Unicode
/// decomposes them. A fraction whose decimals end reads with `number_spelling_normalized`
/// (`1 ½`: 1.5); one whose decimals repeat (`⅓`) asks `not_a_number` naming it to six decimal
/// places. `None` for any other text.
#[cold]
#[inline(never)]
pub(super) fn fraction(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    use unicode_normalization::UnicodeNormalization;
    let (clean, _) = spelling::clean_edges(text);
    let vulgar = |c: char| matches!(c, '\u{bc}'..='\u{be}' | '\u{2150}'..='\u{215f}' | '\u{2189}');
    if !clean.contains(|c: char| vulgar(c) || c == '\u{2044}') {
        return slashed(input, clean);
    }
    // The whole number before the fraction, and the fraction's numerator and denominator.
    let (whole, num, den): (&str, String, String) = match clean.char_indices().find(|(_, c)| vulgar(*c)) {
        Some((at, c)) => {
            if clean.get(at + c.len_utf8()..).is_some_and(|rest| !rest.trim().is_empty()) {
                return None;
            }
            let plain: String = c.nfkd().collect();
            let (num, den) = plain.split_once('\u{2044}')?;
            (clean.get(..at)?.trim(), num.to_owned(), den.to_owned())
        }
        None => {
            let (head, den) = clean.split_once('\u{2044}')?;
            let (whole, num) = head.trim().rsplit_once(' ').unwrap_or(("", head.trim()));
            (whole.trim(), num.to_owned(), den.trim().to_owned())
        }
    };
    let digits = |s: &str| !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit());
    let (negative, whole) = whole.strip_prefix(['-', '\u{2212}']).map_or((false, whole), |w| (true, w.trim()));
    if !digits(&num) || !digits(&den) || !(whole.is_empty() || digits(whole)) {
        return None;
    }
    let (num, den) = (num.parse::<u64>().ok()?, den.parse::<u64>().ok()?);
    let whole = if whole.is_empty() { Decimal::ZERO } else { Decimal::from(whole.parse::<u64>().ok()?) };
    let value = whole.checked_add(Decimal::from(num).checked_div(Decimal::from(den))?)?;
    let value = if negative { -value } else { value };
    // A denominator of only twos and fives ends; any other repeats.
    let mut rest = den;
    for p in [2, 5] {
        while rest > 1 && rest % p == 0 {
            rest /= p;
        }
    }
    if rest == 1 || num == 0 {
        let mut repairs = Repairs::default();
        repairs.push(Repair::Spelling);
        return Some(one_reading(input, value, repairs, opts));
    }
    let rounded = normalized(value.round_dp(6));
    Some(Outcome::ask(
        Ask::new(
            AskCode::NotANumber,
            input,
            format!("a number in decimals; {} is a fraction whose decimals repeat", input.to_json_text()),
            format!("set to the number in decimals, to the places the property needs (e.g. {rounded})"),
        )
        .with_readings(vec![Reading {
            value: decimal_value(rounded),
            meaning: format!("{rounded}, {} to six decimal places", input.to_json_text()),
        }]),
    ))
}

/// Digits around a solidus (`1/5`, `20/100`, `1 1/2`, `٧٧/١٠٠`): a fraction, but a solidus also
/// writes a date (`1/5`, the first of May or January the fifth), a count of a total (1 of 5) or
/// a score, so it asks `not_a_number` naming the quotient (to six decimal places), never read.
/// `None` for any other text.
fn slashed(input: &Input<'_>, clean: &str) -> Option<Outcome<Decimal>> {
    let ascii: String = clean.chars().map(|c| crate::spelling::digits::ascii_digit(c).unwrap_or(c)).collect();
    let (head, den) = ascii.split_once('/')?;
    let (head, den) = (head.trim(), den.trim());
    let (negative, head) = head.strip_prefix(['-', '\u{2212}']).map_or((false, head), |h| (true, h.trim()));
    let (whole, num) = head.rsplit_once(' ').map_or(("", head), |(w, n)| (w.trim(), n));
    let digits = |s: &str| !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(num) || !digits(den) || !(whole.is_empty() || digits(whole)) {
        return None;
    }
    let (num, den) = (num.parse::<u64>().ok()?, den.parse::<u64>().ok().filter(|d| *d > 0)?);
    let whole = if whole.is_empty() { Decimal::ZERO } else { Decimal::from(whole.parse::<u64>().ok()?) };
    let value = whole.checked_add(Decimal::from(num).checked_div(Decimal::from(den))?)?;
    let value = normalized(if negative { -value } else { value }.round_dp(6));
    let received = input.to_json_text();
    Some(Outcome::ask(
        Ask::new(
            AskCode::NotANumber,
            input,
            format!("a number in decimals; {received} divides with a slash, as a fraction, a date or a count of a total writes it"),
            format!("set to the number in decimals ({value} if the slash divides)"),
        )
        .with_readings(vec![Reading { value: decimal_value(value), meaning: format!("{value}, {received} as a fraction") }]),
    ))
}

/// `value` times ten to `power` (a scale word's), or `None` past the decimal's range.
pub(super) fn times_ten_to(value: Decimal, power: u8) -> Option<Decimal> {
    value.checked_mul(Decimal::from_i128_with_scale(10i128.checked_pow(u32::from(power))?, 0))
}

/// A number with the scale word of CLDR's compact formats after it (`3 Mio.`, `1,5 tis.`,
/// `2.5 million`, `3 Mrd.`, `5万`, `12 lakh`): the number, read as any other, times the power
/// of ten the word stands for ([`SCALES`]). A word of several powers in different languages
/// (`billion`, `bn`) asks `ambiguous_scale` with every reading. Words that are also a unit's
/// symbol (`k`, `M`, `km`, `mil`) are not in the tables: the text asks `not_a_number`, as a
/// unit does. `None` when the text has no such word after a number.
#[cold]
#[inline(never)]
pub(super) fn scaled(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    let (text, _) = spelling::clean_edges(text);
    let (start, end) = digits_span(text)?;
    if start > 0 && text.get(end..).is_some_and(|rest| rest.trim().is_empty()) {
        return scaled_before(input, text.split_at(start), opts);
    }
    let (head, word) = text.split_at(end);
    let key = word_key(word);
    if MARK_SCALES.iter().any(|(k, _)| *k == key) {
        return None; // a mark as much as a scale: the ask names both
    }
    let ambiguous = || AMBIGUOUS_SCALES.iter().find(|(k, _)| *k == key).map(|(_, p)| *p);
    let powers: SmallVec<[u8; 3]> = match (SCALES.get(&key), ambiguous()) {
        (Some(power), _) => smallvec::smallvec![power],
        (None, Some(powers)) => powers.split(' ').filter_map(|p| p.parse().ok()).collect(),
        // A scale word of spelled numbers after digits (`3 hundred`, `3 honderd`, `3 sute`).
        (None, None) => smallvec::smallvec![super::words::scale_after_digits(&key)?],
    };
    let out_of_bounds = || Outcome::ask(out_of_bounds(input));
    let readings: SmallVec<[(Decimal, u8); 6]> = match parse_text(head) {
        Parsed::One { value, mut repairs } if powers.len() == 1 => {
            let power = powers.first().copied().unwrap_or(0);
            repairs.push(Repair::Scale);
            return Some(
                times_ten_to(value, power).map_or_else(out_of_bounds, |v| one_reading(input, v, repairs, opts)),
            );
        }
        Parsed::Two { grouping, decimal, separator } if powers.len() == 1 => {
            let power = powers.first().copied().unwrap_or(0);
            let (Some(g), Some(d)) = (times_ten_to(grouping, power), times_ten_to(decimal, power)) else {
                return Some(out_of_bounds());
            };
            return Some(two_readings(input, (normalized(g), normalized(d)), separator, opts));
        }
        Parsed::One { value, .. } => powers.iter().map(|p| (value, *p)).collect(),
        Parsed::Two { grouping, decimal, .. } => powers.iter().flat_map(|p| [(grouping, *p), (decimal, *p)]).collect(),
        Parsed::OutOfBounds => return Some(out_of_bounds()),
        Parsed::Invalid => return None,
    };
    let mut values = Vec::new();
    for (value, power) in readings {
        let Some(v) = times_ten_to(value, power) else { return Some(out_of_bounds()) };
        values.push((normalized(v), power));
    }
    let options: Vec<String> = values.iter().map(|(v, _)| v.to_string()).collect();
    Some(Outcome::ask(
        Ask::new(
            AskCode::AmbiguousScale,
            input,
            format!(
                "a number whose scale has one meaning; {} stands for different powers of ten in different languages",
                quoted(word.trim())
            ),
            format!("set to the number you meant, written out: {}", options.join(" or ")),
        )
        .with_readings(
            values
                .iter()
                .map(|(v, p)| Reading {
                    value: decimal_value(*v),
                    meaning: format!("{v}: {} as 10^{p}", quoted(word.trim())),
                })
                .collect(),
        ),
    ))
}

/// A number with a scale word before it, as Swahili, Hausa and Sinhala write compact numbers
/// (`elfu 4`, four thousand; `Dubu 4`; `දහස 4`: [`SCALES_BEFORE`]). `None` for any other word.
pub(super) fn scaled_before(
    input: &Input<'_>,
    (word, number): (&str, &str),
    opts: &NumberOptions,
) -> Option<Outcome<Decimal>> {
    static BEFORE: crate::data::Index = crate::data::Index::new(SCALES_BEFORE);
    let power: u8 = BEFORE.get(&word_key(word))?.parse().ok()?;
    match parse_text(number) {
        // Noted as a spelling rewritten (the scale's own note speaks of a word after the number).
        Parsed::One { value, mut repairs } => {
            repairs.push(Repair::Spelling);
            Some(
                times_ten_to(value, power)
                    .map_or_else(|| Outcome::ask(out_of_bounds(input)), |v| one_reading(input, v, repairs, opts)),
            )
        }
        _ => None,
    }
}

/// A number with a percent or per-mille sign or word before or after it (`45%`, `45 %`,
/// `%45`, `45٪`, `4,5 ‰`, `45 percent`, `45 procent`, `yüzde 45`: [`PERCENT_WORDS`]): the
/// number of percent, or that many hundredths (thousandths), as the property does not say
/// which. Both readings ask `ambiguous_scale`; when the options allow only one (an integer, a
/// range), that one reads with a note. `None` when the text has no such sign or word.
#[cold]
#[inline(never)]
pub(super) fn percent(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    let (text, _) = spelling::clean_edges(text);
    let numeric = |c: char| c.is_numeric() || matches!(c, '+' | '-' | '\u{2212}' | '.' | ',');
    let (_, end) = digits_span(text)?;
    let start = text.find(numeric)?;
    let word_of = |w: &str| {
        let key = spelling::fold::fold(
            w.trim_matches(|c: char| c.is_whitespace() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{61c}')),
        );
        PERCENT_WORDS.get(key.trim_end_matches('.'))
    };
    let (head, sign, power) = match (text.get(end..)?, text.get(..start)?) {
        (after, "") if !after.trim().is_empty() => (text.get(..end)?, after.trim(), word_of(after)?),
        ("", before) if !before.trim().is_empty() => (text.get(start..)?, before.trim(), word_of(before)?),
        _ => return None,
    };
    let parsed = parse_text(head.trim());
    if parsed == Parsed::OutOfBounds {
        return Some(Outcome::ask(out_of_bounds(input)));
    }
    let values = values_of(parsed)?;
    let unit = if power == 3 { "per mille" } else { "percent" };
    let mut readings = Vec::new();
    for (v, how) in values {
        let part = normalized(v.checked_div(Decimal::from(10u32.pow(u32::from(power))))?);
        readings.push((v, format!("{v}: the number of {unit}{how}")));
        readings.push((part, format!("{part}: {v} {unit} as a fraction of one{how}")));
    }
    let allowed_readings: Vec<&(Decimal, String)> = readings.iter().filter(|(v, _)| allowed(*v, opts)).collect();
    if let [(value, meaning)] = allowed_readings.as_slice() {
        let why = range_text(opts);
        let note = Note::new(
            NoteCode::ReadingChosenByOptions,
            format!("Read {} as {meaning}, because the other readings are not {why}.", input.to_json_text()),
        );
        return Some(constrain(input, *value, opts).with_notes(vec![note]));
    }
    let options: Vec<String> = readings.iter().map(|(v, _)| v.to_string()).collect();
    Some(Outcome::ask(
        Ask::new(
            AskCode::AmbiguousScale,
            input,
            format!("a number without {}; it may count {unit} or be a fraction of one", quoted(sign)),
            format!("set to the number you meant, without the sign: {}", options.join(" or ")),
        )
        .with_readings(readings.into_iter().map(|(v, meaning)| Reading { value: decimal_value(v), meaning }).collect()),
    ))
}

/// A whole amount written as prices are in Czech, Slovak, German and Swiss usage, with a dash
/// for the decimals (`1 500,-`, `12.-`, `12,–`): the number before the separator and dash.
#[cold]
#[inline(never)]
pub(super) fn without_dash(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    let (text, _) = spelling::clean_edges(text);
    let dashes = [",-", ".-", ",\u{2013}", ".\u{2013}", ",\u{2014}"];
    let (head, decimal) = dashes.iter().find_map(|d| Some((text.strip_suffix(d)?, d.chars().next()?)))?;
    match parse_text(head) {
        Parsed::One { value, mut repairs } if value.is_integer() => {
            repairs.push(Repair::Spelling);
            Some(one_reading(input, value, repairs, opts))
        }
        // `1.500,-`: the comma before the dash is the decimal separator, so the point groups.
        Parsed::Two { grouping, separator, .. } if separator != decimal => {
            let mut repairs = Repairs::default();
            repairs.push(Repair::Grouping);
            repairs.push(Repair::Spelling);
            Some(one_reading(input, grouping, repairs, opts))
        }
        _ => None,
    }
}
