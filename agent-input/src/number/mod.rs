//! The number kind: exact decimals from every spelling with one meaning.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `4000`, `1.5`, `-0.25` (JSON number or string) | itself | none |
//! | `"4 000"`, `"4 000"` (no-break), `"4'000"`, `"4_000"`, `"1,234,567"`, `"1.234.567"`, `"12,34,567"` | 4000, 1234567 | `grouping_removed` |
//! | `"1,5"`, `"0,125"`, `"1.234,56"`, `"1 234,567"` | 1.5, 0.125, 1234.56, 1234.567 | `decimal_comma_read` |
//! | `"４０００"`, `"٤٠٠٠"` | 4000 | `unicode_digits_read` |
//! | `"−5"` (U+2212), `"–5"` | -5 | `unicode_minus_read` |
//! | `"+5"`, `"007"`, `".5"`, `"5."`, `"1e3"` | 5, 7, 0.5, 5, 1000 | `number_spelling_normalized` |
//! | `"½"`, `"1 ½"`, `"2¾"`, `"3⁄8"` (a vulgar fraction, or the fraction slash, whose decimals end; `"⅓"` asks naming 0.333333) | 0.5, 1.5, 2.75, 0.375 | `number_spelling_normalized` |
//! | `" 42 "`, `"\"42\""` | 42 | `whitespace_trimmed`, `quotes_removed` |
//! | `"1 500,-"`, `"1.500,-"`, `"12.-"` (a whole amount with a dash for its decimals, as prices are written) | 1500, 1500, 12 | `number_spelling_normalized` |
//! | `"3 Mio."`, `"1,5 tis."`, `"2.5 million"`, `"5万"`, `"12 lakh"` (a scale word of CLDR's compact formats, in any locale) | 3000000, 1500, 2500000, 50000, 1200000 | `number_spelling_normalized` |
//! | `"all"`, `"max"`, `"unlimited"`, `"∞"`, `"vše"` for the `limit` preset (as many as it allows) | its `max` | `out_of_range_clamped` |
//!
//! Spellings that ask:
//! - a lone comma or point followed by exactly three digits, after one to three digits that do
//!   not start with 0 (`"1,234"`, `"1.234"`, `"-12.345"`): it groups thousands or marks
//!   decimals, so `ambiguous_decimal_separator` names both readings. A JSON number is never
//!   ambiguous: `1.234` sent as a number is 1.234;
//! - a scale word of two powers of ten in different languages (`"2 billion"`: 10^9 in English,
//!   10^12 in German), with every reading (`ambiguous_scale`); a scale word or letter that is
//!   also a unit's symbol (`"4k"`, `"1.5M"`, `"2,5 mln"`) asks `not_a_number` naming the
//!   number times each power of ten the modern locales give it and the number without it;
//! - a percent or per-mille sign or word before or after the number (`"45%"`, `"%45"`,
//!   `"45 procent"`, `"4,5 ‰"`: CLDR's percent units, every modern locale): the number of
//!   percent or a fraction of one, so `ambiguous_scale` names both (45 and 0.45); when the
//!   options allow only one (an integer, `max: 1`), it reads with `reading_chosen_by_options`;
//! - a number in round brackets (`"(1,234.56)"`, CLDR's accounting negative) or with a minus
//!   after it (`"1,234.56-"`, as SAP and COBOL reports write one): `not_a_number` naming the
//!   negative amount and the number;
//! - a number marked approximate, a least or a greatest value (`"~5"`, `"ca. 5"`, `"5+"`,
//!   `"≥5"`, `"≤ 5"`: CLDR's number `miscPatterns` of every locale; `">5"`, `">= 5"`), a range
//!   (`"5-10"`, `"5–10"`: CLDR's range patterns; `"5 to 10"`) or two numbers (`"5 or 6"`):
//!   `not_a_number` naming each number;
//! - a whole number written as words (`"four thousand"`, `"dvacet pět"`, `"einundzwanzig"`:
//!   every cardinal spelling of the modern locales' cldr-rbnf, 0 to 100, the hundreds, a
//!   thousand, a million, with a scale word after): `not_a_number` naming the number (each, for
//!   a word of two: `"tres"`, `"once"`), never applied, as a word of one language may be
//!   another word in another (`"elf"`, `"set"`);
//! - a number with a unit or currency beside it (`"5 km"`, `"$5"`, `"1 234 Kč"`, `"EUR 12.50"`):
//!   `not_a_number`, the number alone named as the reading (never applied: the unit is the
//!   property's to say);
//! - an exponent beyond ±[`crate::limits::MAX_EXPONENT`] or more precision than
//!   28 decimal places (`number_out_of_bounds`); anything else (`not_a_number`).
//!
//! A string that is already the canonical JSON text of its number (`"42"`) reads with no note:
//! some MCP clients send every argument as a string, and the value is the same.

mod grammar;

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::codes::{AskCode, NoteCode};
use crate::error::Error;
use crate::input::Input;
use crate::limits::{MAX_EXPONENT, MAX_SCALAR_CHARS};
use crate::opening::{self, Door, Scalar};
use crate::outcome::{Ask, Note, Outcome, Reading, Status};

use grammar::{parse_json_number, parse_text, Parsed, Repair, Repairs};
use smallvec::SmallVec;

use crate::data::scales::{
    AMBIGUOUS_NUMBER_WORDS, AMBIGUOUS_SCALES, NUMBER_QUALIFIERS, NUMBER_RANGE_JOINERS, NUMBER_WORDS, PERCENT_WORDS,
    SCALES, SCALES_BEFORE, UNIT_SCALES,
};
use crate::input::{quoted, ORDINAL_ENDINGS};
use crate::spelling;
use crate::spelling::key::word_key;

/// What a number outside `min`..`max` does.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum OnOutOfRange {
    /// Ask for a value inside the range (the default).
    #[default]
    Ask,
    /// Clamp to the nearest bound, with a note.
    Clamp,
}

/// Ready-made option sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// A page size: an integer from 1 (or `min`) to `max` (default 100), clamped with a note,
    /// defaulting to `default` (20, or `max` when smaller).
    Limit,
}

/// The largest page size of the `limit` preset when `max` is not given.
pub const LIMIT_DEFAULT_MAX: u32 = 100;
/// The default page size of the `limit` preset when `default` is not given.
pub const LIMIT_DEFAULT: u32 = 20;

/// Options of the number kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields, rename_all = "snake_case")]
pub struct NumberOptions {
    /// The smallest allowed value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<Decimal>,
    /// The largest allowed value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<Decimal>,
    /// Only whole numbers are allowed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub integer: bool,
    /// What a value outside the range does.
    #[serde(default)]
    pub on_out_of_range: OnOutOfRange,
    /// The value used when the input is absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<Decimal>,
    /// A ready-made option set; explicit options override it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preset: Option<Preset>,
}

impl NumberOptions {
    /// No constraints.
    pub const fn new() -> Self {
        Self { min: None, max: None, integer: false, on_out_of_range: OnOutOfRange::Ask, default: None, preset: None }
    }

    /// The page-size preset: an integer from 1 to `max`, clamped with a note, defaulting to `default`.
    pub fn limit(max: u32, default: u32) -> Self {
        Self { max: Some(max.into()), default: Some(default.into()), preset: Some(Preset::Limit), ..Self::new() }
    }

    /// Only whole numbers.
    #[must_use]
    pub const fn integer(mut self) -> Self {
        self.integer = true;
        self
    }

    /// Values from `min` to `max`, inclusive.
    #[must_use]
    pub fn range(mut self, min: impl Into<Decimal>, max: impl Into<Decimal>) -> Self {
        self.min = Some(min.into());
        self.max = Some(max.into());
        self
    }

    /// Clamp out-of-range values with a note instead of asking.
    #[must_use]
    pub const fn clamp(mut self) -> Self {
        self.on_out_of_range = OnOutOfRange::Clamp;
        self
    }

    /// The options with the preset applied, checked for contradictions.
    pub fn effective(&self) -> Result<Self, Error> {
        let mut eff = self.clone();
        if eff.preset == Some(Preset::Limit) {
            eff.integer = true;
            eff.on_out_of_range = OnOutOfRange::Clamp;
            let min = *eff.min.get_or_insert(Decimal::ONE);
            let max = *eff.max.get_or_insert(LIMIT_DEFAULT_MAX.into());
            eff.default.get_or_insert(Decimal::from(LIMIT_DEFAULT).min(max).max(min));
        }
        eff.validate()?;
        Ok(eff)
    }

    /// Checks the options (as they are, preset not applied) for contradictions.
    fn validate(&self) -> Result<(), Error> {
        if self.min.is_none() && self.max.is_none() && self.default.is_none() {
            return Ok(());
        }
        let eff = self;
        if let (Some(min), Some(max)) = (eff.min, eff.max) {
            if min > max {
                return Err(Error::options(format!(
                    "invalid options for kind `number`: `min` {min} is above `max` {max}"
                )));
            }
        }
        if let Some(default) = eff.default {
            if eff.integer && !default.is_integer() {
                return Err(Error::options(format!(
                    "invalid options for kind `number`: `default` {default} is not an integer, but `integer` is set"
                )));
            }
            if eff.min.is_some_and(|m| default < m) || eff.max.is_some_and(|m| default > m) {
                return Err(Error::options(format!(
                    "invalid options for kind `number`: `default` {default} is outside `min`..`max`"
                )));
            }
        }
        Ok(())
    }
}

/// Reads a number.
///
/// JSON numbers read exactly as sent; strings are repaired through grouping, decimal commas,
/// Unicode digits and minus signs, each repair with a note. The range and integer options
/// apply after the spelling is read.
///
/// # Outcome
/// - ok: the value, normalised (no trailing zeros), as an exact [`Decimal`];
/// - absent: missing, null, blank or a placeholder, unless `default` is set (then ok with it);
/// - ask: not a number, an ambiguous separator, beyond the bounds, not an integer, or out of
///   range with `on_out_of_range = "ask"`.
///
/// # Errors
/// Contradictory options (`min` above `max`, a default outside the range).
///
/// # Example
/// ```
/// use agent_input::{number, NumberOptions};
/// let out = number::read("4 000".into(), &NumberOptions::new())?;
/// assert_eq!(out.value().map(ToString::to_string).as_deref(), Some("4000"));
/// assert_eq!(out.notes[0].message, "Read \"4 000\" as 4000.");
/// # Ok::<(), agent_input::Error>(())
/// ```
///
/// # Example: a spelling with two meanings
/// ```
/// use agent_input::{number, NumberOptions};
/// let out = number::read("1,234".into(), &NumberOptions::new())?;
/// let ask = out.as_ask().expect("1,234 asks");
/// let readings: Vec<String> = ask.readings.iter().map(|r| r.value.to_string()).collect();
/// assert_eq!(readings, ["1234", "1.234"]);
/// # Ok::<(), agent_input::Error>(())
/// ```
#[inline]
pub fn read(input: Input<'_>, options: &NumberOptions) -> Result<Outcome<Decimal>, Error> {
    if options.preset.is_none() {
        // Without a preset the options are already effective: validate them, no copy.
        options.validate()?;
        return Ok(read_prepared(input, options));
    }
    let eff = options.effective()?;
    Ok(read_prepared(input, &eff))
}

/// Type names that read as placeholders for a number, and what spreadsheets and data frames
/// write in a number's place when it is missing: IEEE's `NaN` (pandas, JavaScript), R's `NA`,
/// Excel's `#N/A`. Folded. Only the number's: `nan` is Min Nan's language code, `NA` Namibia.
/// A dash alone still asks: an empty cell to some, "any" or "no limit" to others.
const TYPE_WORDS: &[&str] = &["number", "integer", "int", "float", "double", "decimal", "nan", "na", "#n/a"];

/// Reads with options already passed through [`NumberOptions::effective`].
#[inline]
pub(crate) fn read_prepared(input: Input<'_>, opts: &NumberOptions) -> Outcome<Decimal> {
    // Fast path: the canonical text of a number, as a string, parses strictly with no repair.
    if let Input::String(s) | Input::Number(s) = input {
        if let Some(value) = fast_canonical(s, matches!(input, Input::Number(_))) {
            let value = normalized(value);
            return constrain(&input, value, opts);
        }
    }
    // Fast path: digits grouped by spaces, the commonest repaired spelling ("4 000", "1 234,5").
    if let Input::String(s) = input {
        if let Some((value, repairs)) = fast_grouped(s) {
            return one_reading(&input, value, repairs, opts);
        }
    }
    read_general(input, opts)
}

/// `d.normalize()`, without its work for a whole number that is not zero (a zero may be
/// negative).
fn normalized(d: Decimal) -> Decimal {
    if d.scale() == 0 && !d.is_zero() {
        d
    } else {
        d.normalize()
    }
}

/// A value read with its repairs: the notes, then the options' checks.
fn one_reading(input: &Input<'_>, value: Decimal, repairs: Repairs, opts: &NumberOptions) -> Outcome<Decimal> {
    let value = normalized(value);
    let notes = with_decimal_text(value, |text| repair_notes(input, text, repairs));
    constrain(input, value, opts).with_notes(notes)
}

/// Every spelling, through the opening and the grammar.
fn read_general(input: Input<'_>, opts: &NumberOptions) -> Outcome<Decimal> {
    let door = Door::strings(MAX_SCALAR_CHARS).numbers();
    let (parsed, text) = match opening::open(&input, door, |inner| read_prepared(inner, opts), unexpected_type) {
        Ok(Scalar::Number(text)) => (parse_json_number(text), ""),
        Ok(scalar) => (parse_text(scalar.text()), scalar.text()),
        Err(out) => return with_default(&input, out, opts),
    };
    if parsed == Parsed::Invalid {
        if let Some(out) = opening::placeholder(&input, TYPE_WORDS) {
            return with_default(&input, out, opts);
        }
        let special = || without_dash(&input, text, opts).or_else(|| percent(&input, text, opts));
        if let Some(out) = scaled(&input, text, opts).or_else(special) {
            return out;
        }
        if let Some(out) = most(&input, text, opts).or_else(|| fraction(&input, text, opts)) {
            return out;
        }
    }
    match parsed {
        Parsed::One { value, repairs } => one_reading(&input, value, repairs, opts),
        Parsed::Two { grouping, decimal, separator } => two_readings(&input, (grouping, decimal), separator, opts),
        Parsed::OutOfBounds => Outcome::ask(out_of_bounds(&input)),
        Parsed::Invalid => Outcome::ask(not_a_number(&input, text)),
    }
}

/// The ask of a text that is no number. A number with a unit or currency beside it (`5 km`,
/// `$5`, `1 234 Kč`, `EUR 12.50`) names the number without it as its reading: the property's
/// unit is not the text's to say, so the reading is offered, never applied. A scale letter or
/// word that is also a unit (`4k`, `3M`) names both ([`unit_or_scale`]).
#[cold]
fn not_a_number(input: &Input<'_>, text: &str) -> Ask {
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
            .or_else(|| two_numbers(input, text))
            .or_else(|| number_word(input, text))
            .or_else(|| remarked(input, text))
    };
    let signs = || bracketed(input, text).or_else(|| trailing_minus(input, text));
    if let Some(ask) = signs().or_else(special).or_else(|| unit_or_scale(input, text)) {
        return ask;
    }
    let Some((head, unit)) = unit_apart(text) else { return plain() };
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
const MARK_SCALES: &[(&str, &str)] = &[("cr", "7")];

/// A number with a word or letter after it that CLDR's compact numbers write for a power of
/// ten and its units for a unit (`4k`, `1.5M`, `2B`, `2,5 mln`, `4 mille`: [`UNIT_SCALES`]):
/// `not_a_number` naming the number times each power and the number without the word, as the
/// property does not say which it counts. `None` for any other text.
#[cold]
fn unit_or_scale(input: &Input<'_>, text: &str) -> Option<Ask> {
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
fn naming(
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
fn values_of(parsed: Parsed) -> Option<SmallVec<[(Decimal, String); 2]>> {
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
fn bracketed(input: &Input<'_>, text: &str) -> Option<Ask> {
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
fn negative_or_number(
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
fn trailing_minus(input: &Input<'_>, text: &str) -> Option<Ask> {
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
const COMPARISONS: &[(&str, u8)] = &[(">=", 2), ("=>", 2), ("<=", 3), ("=<", 3), (">", 4), ("<", 5)];

/// A number CLDR's number patterns mark as approximate, a least or a greatest value (`~5`,
/// `≈ 5`, `ca. 5`, `5+`, `≥5`, `≤ 5`, `au moins 5`: [`NUMBER_QUALIFIERS`]), or after a
/// comparison of code (`>5`, `>= 5`, `<5`): `not_a_number` naming the number (each, when its
/// separator has two readings). `None` for any other text.
fn qualified(input: &Input<'_>, text: &str) -> Option<Ask> {
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
fn remarked(input: &Input<'_>, text: &str) -> Option<Ask> {
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
/// other text, and inside a list or a range ([`crate::several::in_parts`]: they split such a
/// text themselves).
fn two_numbers(input: &Input<'_>, text: &str) -> Option<Ask> {
    if crate::several::in_parts() {
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
fn digits_span(text: &str) -> Option<(usize, usize)> {
    let first = text.find(char::is_numeric)?;
    let last = text.char_indices().rfind(|(_, c)| c.is_numeric()).map(|(i, c)| i + c.len_utf8())?;
    Some((first, last))
}

/// A number's text and the unit or currency written before or after it (`5 km`, `$5`, `1 234
/// Kč`, `EUR 12.50`): letters, currency signs and the marks units are written with, apart from
/// the digits on one side. `None` for any other text, for a lone letter (a scale's, maybe) and
/// for English's ordinal endings (`5th`: a place, not a unit).
fn unit_apart(text: &str) -> Option<(&str, &str)> {
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
const MOST_WORDS: &[&str] = &[
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
fn most(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
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
fn fraction(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    use unicode_normalization::UnicodeNormalization;
    let (clean, _) = spelling::clean_edges(text);
    let vulgar = |c: char| matches!(c, '\u{bc}'..='\u{be}' | '\u{2150}'..='\u{215f}' | '\u{2189}');
    if !clean.contains(|c: char| vulgar(c) || c == '\u{2044}') {
        return None;
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

/// The number a word stands for ([`NUMBER_WORDS`]: `twenty-one`, `dvacet`, `zehn`, `vingt et
/// un`), or with the scale word of one power after it (`five thousand`, `dva miliony`);
/// `Err` with every number of a word two languages spell for different numbers (`tres`: three
/// in Spanish, sixty in Danish).
fn word_value(text: &str) -> Option<Result<Decimal, SmallVec<[Decimal; 2]>>> {
    let key = word_key(text);
    if let Some(n) = NUMBER_WORDS.get(&key) {
        return Some(Ok(Decimal::from(n)));
    }
    if let Some((_, numbers)) = AMBIGUOUS_NUMBER_WORDS.iter().find(|(k, _)| *k == key) {
        return Some(Err(numbers.split(' ').filter_map(|n| n.parse::<u32>().ok()).map(Decimal::from).collect()));
    }
    let (head, scale) = key.rsplit_once(' ')?;
    let (n, power) = (NUMBER_WORDS.get(head.trim())?, SCALES.get(scale)?);
    times_ten_to(Decimal::from(n), power).map(Ok)
}

/// `value` times ten to `power` (a scale word's), or `None` past the decimal's range.
fn times_ten_to(value: Decimal, power: u8) -> Option<Decimal> {
    value.checked_mul(Decimal::from_i128_with_scale(10i128.checked_pow(u32::from(power))?, 0))
}

/// A whole number written as words in some modern locale's spelling (`twenty-one`, `five
/// thousand`, `dvacet`, `zehn`: [`word_value`]) asks `not_a_number` naming the number (or each
/// number of a word two languages spell for different ones): the tables match whole words of a
/// hundred languages and cannot know every other word they are in some language (`elf`, `set`,
/// `hat` are German eleven, Catalan seven, Hungarian six), so the reading is offered, never
/// applied. `None` for any other text.
#[cold]
#[inline(never)]
fn number_word(input: &Input<'_>, text: &str) -> Option<Ask> {
    let (clean, _) = spelling::clean_edges(text);
    if !clean.chars().any(char::is_alphabetic) || clean.chars().count() > 64 {
        return None;
    }
    let values: SmallVec<[(Decimal, String); 2]> = match word_value(clean)? {
        Ok(one) => smallvec::smallvec![(one, String::new())],
        Err(several) => several.into_iter().map(|v| (v, String::new())).collect(),
    };
    let word = quoted(clean);
    let (what, how) = if values.len() > 1 {
        ("a number word for different numbers in different languages", "the number you meant")
    } else {
        ("a number word", "the number it spells")
    };
    Some(naming(
        input,
        values,
        |options| (format!("a number in digits; {word} is {what}"), format!("set to {how}, in digits: {options}")),
        |v| format!("{v}: {word} as a number word"),
    ))
}

/// A number with the scale word of CLDR's compact formats after it (`3 Mio.`, `1,5 tis.`,
/// `2.5 million`, `3 Mrd.`, `5万`, `12 lakh`): the number, read as any other, times the power
/// of ten the word stands for ([`SCALES`]). A word of several powers in different languages
/// (`billion`, `bn`) asks `ambiguous_scale` with every reading. Words that are also a unit's
/// symbol (`k`, `M`, `km`, `mil`) are not in the tables: the text asks `not_a_number`, as a
/// unit does. `None` when the text has no such word after a number.
#[cold]
#[inline(never)]
fn scaled(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
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
    let powers: SmallVec<[u8; 3]> = match SCALES.get(&key) {
        Some(power) => smallvec::smallvec![power],
        None => AMBIGUOUS_SCALES.iter().find(|(k, _)| *k == key)?.1.split(' ').filter_map(|p| p.parse().ok()).collect(),
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
fn scaled_before(input: &Input<'_>, (word, number): (&str, &str), opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    static BEFORE: crate::data::Index<&str> = crate::data::Index::new(SCALES_BEFORE);
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
fn percent(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
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
fn without_dash(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
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

fn out_of_bounds(input: &Input<'_>) -> Ask {
    Ask::new(
        AskCode::NumberOutOfBounds,
        input,
        format!(
            "a number with an exponent from -{MAX_EXPONENT} to {MAX_EXPONENT}, at most 28 decimal places and at most 28 digits in all"
        ),
        "set to a number within those bounds, written in plain digits",
    )
}

fn unexpected_type(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(input, "a number", "set to a JSON number such as 1234.5")
}

/// An absent read becomes the `default`, when there is one: the absent rule's note, then the
/// default's (none when nothing was sent).
fn with_default(input: &Input<'_>, out: Outcome<Decimal>, opts: &NumberOptions) -> Outcome<Decimal> {
    match opts.default {
        Some(default) if out.is_absent() => {
            let mut ok = Outcome::ok(default).with_notes(out.notes);
            if !matches!(input, Input::Missing) {
                ok.notes.push(Note::new(
                    NoteCode::DefaultApplied,
                    format!("Used the default {default} in place of {}.", input.to_json_text()),
                ));
            }
            ok
        }
        _ => out,
    }
}

/// Range and integer checks on a read value.
#[inline]
fn constrain(input: &Input<'_>, value: Decimal, opts: &NumberOptions) -> Outcome<Decimal> {
    if opts.integer && !value.is_integer() {
        let (floor, ceil) = (value.floor(), value.ceil());
        return Outcome::ask(Ask::new(
            AskCode::NotAnInteger,
            input,
            "a whole number",
            format!("set to a whole number, such as {floor} or {ceil}"),
        ));
    }
    let below = opts.min.filter(|m| before(value, *m));
    let above = opts.max.filter(|m| before(*m, value));
    let Some(bound) = below.or(above) else { return Outcome::ok(value) };
    match opts.on_out_of_range {
        OnOutOfRange::Clamp => {
            let which =
                if below.is_some() { ": the smallest allowed value is " } else { ": the largest allowed value is " };
            // `Read <input> as <bound>: the <which> allowed value is <bound>.`, without the formatter.
            let message = with_decimal_text(bound, |bound| {
                let mut m = String::with_capacity(8 + input.json_len_hint() + 2 * bound.len() + which.len());
                m.push_str("Read ");
                input.push_json_text(&mut m);
                m.push_str(" as ");
                m.push_str(bound);
                m.push_str(which);
                m.push_str(bound);
                m.push('.');
                m
            });
            Outcome::ok(bound).note(Note::new(NoteCode::OutOfRangeClamped, message))
        }
        OnOutOfRange::Ask => {
            Outcome::ask(Ask::new(AskCode::OutOfRange, input, range_text(opts), format!("set to {}", range_text(opts))))
        }
    }
}

/// `a < b`, comparing the mantissas when the scales agree (a whole number against a whole
/// bound: the common case) instead of the general comparison, which aligns the scales.
#[inline]
fn before(a: Decimal, b: Decimal) -> bool {
    if a.scale() == b.scale() {
        a.mantissa() < b.mantissa()
    } else {
        a < b
    }
}

/// True when the options allow `value` (a value out of range that would be clamped is allowed).
fn allowed(value: Decimal, opts: &NumberOptions) -> bool {
    let in_range = opts.min.is_none_or(|m| value >= m) && opts.max.is_none_or(|m| value <= m);
    (!opts.integer || value.is_integer()) && (in_range || opts.on_out_of_range == OnOutOfRange::Clamp)
}

/// `1,234` or `1.234`: both readings are asked about, unless the options allow only one (a
/// whole number, a range), which is then read with a note saying why.
fn two_readings(
    input: &Input<'_>,
    readings: (Decimal, Decimal),
    separator: char,
    opts: &NumberOptions,
) -> Outcome<Decimal> {
    let (grouping, decimal) = readings;
    let name = if separator == ',' { "comma" } else { "point" };
    let why = range_text(opts);
    match (allowed(grouping, opts), allowed(decimal, opts)) {
        (true, true) => Outcome::ask(ambiguous(input, grouping, decimal, separator)),
        (true, false) | (false, true) => {
            let (value, other) = if allowed(grouping, opts) { (grouping, decimal) } else { (decimal, grouping) };
            let role = if value == grouping { "groups thousands" } else { "is the decimal separator" };
            let note = Note::new(
                NoteCode::ReadingChosenByOptions,
                format!(
                    "Read {} as {value}: the {name} {role}, because the other reading, {other}, is not {why}.",
                    input.to_json_text()
                ),
            );
            constrain(input, value, opts).with_notes(vec![note])
        }
        (false, false) => Outcome::ask(Ask::new(
            AskCode::AmbiguousDecimalSeparator,
            input,
            format!("{why}; neither reading of {} ({grouping} or {decimal}) is", input.to_json_text()),
            format!("set to {why}"),
        )),
    }
}

fn range_text(opts: &NumberOptions) -> String {
    let noun = if opts.integer { "a whole number" } else { "a number" };
    match (opts.min, opts.max) {
        (Some(min), Some(max)) => format!("{noun} from {min} to {max}"),
        (Some(min), None) => format!("{noun} of at least {min}"),
        (None, Some(max)) => format!("{noun} of at most {max}"),
        (None, None) => noun.to_owned(),
    }
}

fn ambiguous(input: &Input<'_>, grouping: Decimal, decimal: Decimal, separator: char) -> Ask {
    let name = if separator == ',' { "comma" } else { "point" };
    Ask::new(
        AskCode::AmbiguousDecimalSeparator,
        input,
        "a number whose separator has one meaning: no grouping, a point for decimals",
        format!(
            "set to {grouping} if the {name} groups thousands, or to {decimal} if the {name} is the decimal separator"
        ),
    )
    .with_readings(vec![
        Reading { value: decimal_value(grouping), meaning: format!("{grouping}: the {name} groups thousands") },
        Reading { value: decimal_value(decimal), meaning: format!("{decimal}: the {name} is the decimal separator") },
    ])
}

/// The value of a canonical number text (a JSON number this crate wrote), exactly.
pub(crate) fn canonical(text: &str) -> Option<Decimal> {
    match parse_json_number(text) {
        Parsed::One { value, .. } => Some(value),
        _ => None,
    }
}

/// The text of a decimal, as `Display` writes it: whole numbers that fit an `i64` digit by digit
/// (the formatter is several times slower, and this runs for every value and note).
pub(crate) fn decimal_text(d: Decimal) -> String {
    with_decimal_text(d, str::to_owned)
}

/// Calls `f` with the text of a decimal (its `Display`); one whose mantissa fits an `i64` is
/// written on the stack, digit by digit with the point placed by its scale (a note quotes it
/// without a string of its own; a test compares it with `Display`).
pub(crate) fn with_decimal_text<T>(d: Decimal, f: impl FnOnce(&str) -> T) -> T {
    let scale = d.scale() as usize;
    if !(d.is_zero() && d.is_sign_negative()) && scale <= 18 {
        if let Ok(n) = i64::try_from(d.mantissa()) {
            // 19 digits, a point, leading zeros up to 18 places and a sign fit in 40 bytes.
            let mut text = [0u8; 40];
            let mut at = text.len();
            let mut rest = n.unsigned_abs();
            let mut written = 0usize;
            // Digits from the last, with the point after `scale` of them and at least one
            // digit before it ("0.05").
            while rest > 0 || written <= scale {
                if written == scale && scale > 0 {
                    at -= 1;
                    if let Some(slot) = text.get_mut(at) {
                        *slot = b'.';
                    }
                }
                at -= 1;
                if let Some(slot) = text.get_mut(at) {
                    *slot = b'0' + u8::try_from(rest % 10).unwrap_or(0);
                }
                rest /= 10;
                written += 1;
            }
            if n < 0 {
                at -= 1;
                if let Some(slot) = text.get_mut(at) {
                    *slot = b'-';
                }
            }
            if let Ok(text) = std::str::from_utf8(text.get(at..).unwrap_or_default()) {
                return f(text);
            }
        }
    }
    f(&d.to_string())
}

/// A decimal as an exact JSON number.
pub(crate) fn decimal_value(d: Decimal) -> serde_json::Value {
    serde_json::Value::Number(serde_json::Number::from_string_unchecked(decimal_text(normalized(d))))
}

/// One note per repair class: the first says "Read X as Y.", the others add their clause.
fn repair_notes(input: &Input<'_>, canonical: &str, repairs: Repairs) -> Vec<Note> {
    let mut notes = Vec::with_capacity(repairs.iter().count());
    for (i, r) in repairs.iter().enumerate() {
        notes.push(if i == 0 {
            Note::read_as(r.code(), input, canonical, "")
        } else {
            Note::new(r.code(), r.clause().to_owned())
        });
    }
    notes
}

/// One pass over digits grouped in threes by one kind of space (`-?[1-9][0-9]{0,2}( [0-9]{3})+`,
/// the space ASCII, no-break or narrow no-break), with an optional decimal comma and digits
/// (`,[0-9]+`), at most 18 digits: the value and the repairs the grammar finds in the same
/// text (a test compares every such spelling with the general reader). `None` sends the text
/// through the general reader.
#[inline]
fn fast_grouped(s: &str) -> Option<(Decimal, Repairs)> {
    let bytes = s.as_bytes();
    let negative = bytes.first() == Some(&b'-');
    let mut at = usize::from(negative);
    let (mut mantissa, mut digits) = (0i64, 0usize);
    // The digits of the group being read, the groups closed so far, the separator's bytes.
    let (mut group, mut groups) = (0usize, 0usize);
    let mut separator: &[u8] = &[];
    let mut fraction: Option<u32> = None;
    while let Some(&b) = bytes.get(at) {
        if b.is_ascii_digit() {
            if digits >= 18 || (b == b'0' && group == 0 && groups == 0 && fraction.is_none()) {
                return None;
            }
            mantissa = mantissa * 10 + i64::from(b - b'0');
            digits += 1;
            group += 1;
            at += 1;
            continue;
        }
        let closes = if groups == 0 { (1..=3).contains(&group) } else { group == 3 };
        if fraction.is_some() || !closes {
            return None;
        }
        let rest = bytes.get(at..).unwrap_or_default();
        if b == b',' && groups > 0 {
            fraction = Some(0);
            group = 0;
            at += 1;
            continue;
        }
        let len = match b {
            b' ' => 1,
            0xc2 if rest.starts_with("\u{a0}".as_bytes()) => 2,
            0xe2 if rest.starts_with("\u{202f}".as_bytes()) => 3,
            _ => return None,
        };
        let this = rest.get(..len).unwrap_or_default();
        if groups > 0 && this != separator {
            return None;
        }
        separator = this;
        groups += 1;
        group = 0;
        at += len;
    }
    let mut repairs = Repairs::default();
    let scale = match fraction {
        Some(_) if group == 0 => return None,
        Some(_) => {
            repairs.push(Repair::DecimalComma);
            u32::try_from(group).ok()?
        }
        None if groups == 0 || group != 3 => return None,
        None => 0,
    };
    repairs.push(Repair::Grouping);
    let signed = if negative { -mantissa } else { mantissa };
    Some((Decimal::new(signed, scale), repairs))
}

/// One pass over a short canonical text (`-?(0|[1-9][0-9]*)(\.[0-9]+)?`, at most 18 digits,
/// and in a string not `1.234`-shaped): its exact value, without the general grammar. `None` sends the text
/// through the full reader, which gives the same value for every canonical text.
#[inline]
fn fast_canonical(s: &str, json: bool) -> Option<Decimal> {
    let bytes = s.as_bytes();
    let (negative, digits) = match bytes.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, bytes),
    };
    let mut mantissa: i64 = 0;
    let mut int_len = 0usize;
    let mut frac_len: Option<u32> = None;
    for &b in digits {
        match b {
            b'0'..=b'9' => {
                // At most 18 digits, so the mantissa never overflows.
                if int_len + frac_len.map_or(0, |f| f as usize) >= 18 {
                    return None;
                }
                mantissa = mantissa * 10 + i64::from(b - b'0');
                match frac_len.as_mut() {
                    Some(f) => *f += 1,
                    None => int_len += 1,
                }
            }
            b'.' if frac_len.is_none() && int_len > 0 => frac_len = Some(0),
            _ => return None,
        }
    }
    let leading_zero = int_len > 1 && digits.first() == Some(&b'0');
    // In a string, `1.234` may group thousands; a JSON number has one meaning.
    let grouped_shape = !json && frac_len == Some(3) && (1..=3).contains(&int_len) && digits.first() != Some(&b'0');
    if int_len == 0 || frac_len == Some(0) || leading_zero || grouped_shape {
        return None;
    }
    let signed = if negative { -mantissa } else { mantissa };
    Some(match frac_len {
        None => Decimal::from(signed),
        Some(scale) => Decimal::new(signed, scale),
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The fast path's outcome is the general reader's, JSON for JSON, under plain options and
    /// options that check the value.
    fn same_as_general(text: &str) -> Result<(), TestCaseError> {
        let plain = NumberOptions::default();
        let integer: NumberOptions = serde_json::from_value(serde_json::json!({"integer": true, "max": 5000})).unwrap();
        for opts in [&plain, &integer] {
            let fast = read_prepared(Input::String(text), opts);
            let general = read_general(Input::String(text), opts);
            prop_assert_eq!(fast.to_json(), general.to_json(), "{:?}", text);
        }
        Ok(())
    }

    #[test]
    fn grouped_spellings_read_as_the_general_reader_reads_them() {
        for text in [
            "4 000",
            "-4 000",
            "1 234,56",
            "1\u{a0}234\u{a0}567",
            "12\u{202f}345,0",
            "999 999 999 999 999 999",
            "1 234,5678",
        ] {
            assert!(fast_grouped(text).is_some(), "{text:?} takes the fast path");
            same_as_general(text).unwrap();
        }
        for text in [
            "4000",
            "04 000",
            "4 00",
            "4  000",
            "4 000,",
            "4 000.5",
            "1 234 567 890 123 456 789",
            "4 000 ",
            "4\u{a0}000 000",
        ] {
            assert!(fast_grouped(text).is_none(), "{text:?} takes the general path");
            same_as_general(text).unwrap();
        }
    }

    #[test]
    fn decimal_text_is_display() {
        for d in [
            "0",
            "-1",
            "0.05",
            "-0.5",
            "1234.56",
            "1.50",
            "0.00",
            "9223372036854775807",
            "-9223372036854775808",
            "0.000000000000000001",
            "123456789012345678.9",
            "1e-28",
            "79228162514264337593543950335",
            "-0",
        ] {
            let d: Decimal = d.parse().or_else(|_| Decimal::from_scientific(d)).unwrap();
            assert_eq!(with_decimal_text(d, str::to_owned), d.to_string(), "{d:?}");
        }
    }

    proptest! {
        #[test]
        fn normalized_is_normalize(m in any::<i64>(), scale in 0u32..=28, negative_zero in any::<bool>()) {
            let mut d = Decimal::new(if negative_zero { 0 } else { m }, scale);
            if negative_zero {
                d.set_sign_negative(true);
            }
            prop_assert_eq!(normalized(d).to_string(), d.normalize().to_string());
            prop_assert_eq!(normalized(d).scale(), d.normalize().scale());
            prop_assert_eq!(normalized(d).is_sign_negative(), d.normalize().is_sign_negative());
        }

        #[test]
        fn any_decimal_text_is_display(m in any::<i64>(), scale in 0u32..=28) {
            let d = Decimal::new(m, scale);
            prop_assert_eq!(with_decimal_text(d, str::to_owned), d.to_string());
            let n = d.normalize();
            prop_assert_eq!(with_decimal_text(n, str::to_owned), n.to_string());
        }

        #[test]
        fn any_grouped_spelling_reads_as_the_general_reader_reads_it(
            text in r"-?[0-9]{0,4}([ \u{a0}\u{202f},.x][0-9]{0,4}){0,6}(,[0-9]{0,5})? ?"
        ) {
            same_as_general(&text)?;
        }

        #[test]
        fn every_well_grouped_spelling_takes_the_fast_path_and_reads_the_same(
            sign in "-?", head in "[1-9][0-9]{0,2}", groups in proptest::collection::vec("[0-9]{3}", 1..6),
            separator in prop_oneof![Just(' '), Just('\u{a0}'), Just('\u{202f}')], fraction in "(,[0-9]{1,4})?"
        ) {
            let text = format!("{sign}{head}{separator}{}{fraction}", groups.join(&separator.to_string()));
            prop_assert_eq!(fast_grouped(&text).is_some(), text.chars().filter(char::is_ascii_digit).count() <= 18);
            same_as_general(&text)?;
        }
    }
}
