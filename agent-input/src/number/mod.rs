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
//! | `"fourteen"`, `"Catorze"`, `"two thousand five hundred and six"`, `"tři sta dvacet"`, `"zweitausendfünfhundert"` (a whole number spelled in words of any modern locale, as cldr-rbnf spells it, up to 2^64 - 1: `number/words.rs`) | 14, 14, 2506, 320, 2500 | `number_spelling_normalized` |
//! | `"a million"`, `"um milhão"`, `"ni tusen"` (a word of one or two letters or an article right before a scale word), `"two dozen"`, `"สองโหล"` (twelve times the number before a dozen's word), `"పదిహేను"` (the languages cldr-rbnf does not spell, from `to-words`) | 1000000, 1000000, 9000, 24, 24, 15 | `number_spelling_normalized` |
//! | `"1 point 5"`, `"1 Komma 25"`, `"2 čárka 5"`, `"one point two five"`, `"一点二三"`, `"один точка один"` (cldr-rbnf's decimal words and the point's spoken names; digit words together after a tight one) | 1.5, 1.25, 2.5, 1.25, 1.23, 1.1 | `number_spelling_normalized` |
//! | `"minus 5"`, `"мінус 1200000"`, `"menos dos"` (cldr-rbnf's minus words before any number that reads) | -5, -1200000, -2 | `number_spelling_normalized` |
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
//! - a number spelled in words whose words mean different numbers in different languages
//!   (`"tres"`: 3 in Spanish, 60 in Danish; `"once"`; `"two billion"`: 10^9 or 10^12):
//!   `not_a_number` naming each; a minus word before a number that asks names each reading
//!   negated, never a positive one (`"minus 1,234"`: -1234 or -1.234);
//! - a number with a unit or currency beside it (`"5 km"`, `"$5"`, `"1 234 Kč"`, `"EUR 12.50"`):
//!   `not_a_number`, the number alone named as the reading (never applied: the unit is the
//!   property's to say); a word before the number other than a currency's sign or code
//!   (`"negativo 1"`) names none, as it may be a sign;
//! - an exponent beyond ±[`crate::limits::MAX_EXPONENT`] or more precision than
//!   28 decimal places (`number_out_of_bounds`); anything else (`not_a_number`).
//!
//! A string that is already the canonical JSON text of its number (`"42"`) reads with no note:
//! some MCP clients send every argument as a string, and the value is the same.

mod around;
mod grammar;
mod words;

/// Every whole number a text spelled in words reads as, in any language (empty for none; more
/// than one when its words mean different numbers in different languages): the number kind's
/// reading of words, for a kind that reads a count or a day written in words.
pub(crate) fn spelled_values(text: &str) -> smallvec::SmallVec<[u64; 4]> {
    words::spelled_values(text)
}

use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, System};
use crate::error::Error;
use crate::input::Input;
use crate::limits::{MAX_EXPONENT, MAX_SCALAR_CHARS, SPELLED_NUMBER_COST_PER_BYTE};
use crate::opening::{Door, Scalar};
use crate::outcome::{Ask, Note, Outcome, Reading, Status};
use crate::reader::{self, Grammar, Placeholders, Reader};

use around::{fraction, most, not_a_number, percent, scaled, without_dash};
use grammar::{parse_json_number, parse_text, Parsed, Repair, Repairs};
use smallvec::SmallVec;

use crate::data::scales::{
    AMBIGUOUS_NUMBER_WORDS, AMBIGUOUS_SCALES, NUMBER_QUALIFIERS, NUMBER_RANGE_JOINERS, NUMBER_WORDS, PERCENT_WORDS,
    SCALES, SCALES_BEFORE, UNIT_SCALES,
};
use crate::input::quoted;
use crate::spelling::key::word_key;
use crate::spelling::{self, ORDINAL_ENDINGS};

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
    /// The languages the callers write (BCP 47 tags, `["es"]`): a number word two languages
    /// give different numbers (`tres`: three in Spanish, sixty in Danish; `billion`: 10^9 in
    /// English, 10^12 in Danish) reads as these languages give it, with a note. At most
    /// `limits::MAX_LANGUAGES` (32), each a language CLDR knows.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "crate::spelling::languages::languages_option"
    )]
    pub languages: Vec<String>,
}

impl NumberOptions {
    /// No constraints.
    pub const fn new() -> Self {
        Self {
            min: None,
            max: None,
            integer: false,
            on_out_of_range: OnOutOfRange::Ask,
            default: None,
            preset: None,
            languages: Vec::new(),
        }
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

    /// The languages the callers write (BCP 47 tags): a number word two languages give
    /// different numbers reads as these give it (`tres` with `["es"]` is 3).
    #[must_use]
    pub fn languages(mut self, languages: &[&str]) -> Self {
        self.languages = languages.iter().map(|l| (*l).to_owned()).collect();
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
        return Ok(options.read(input, &Context::new(&System)));
    }
    let eff = options.effective()?;
    Ok(eff.read(input, &Context::new(&System)))
}

/// Type names that read as placeholders for a number, and what spreadsheets and data frames
/// write in a number's place when it is missing: IEEE's `NaN` (pandas, JavaScript), R's `NA`,
/// Excel's `#N/A`. Folded. Only the number's: `nan` is Min Nan's language code, `NA` Namibia.
/// A dash alone still asks: an empty cell to some, "any" or "no limit" to others.
const TYPE_WORDS: &[&str] = &["number", "integer", "int", "float", "double", "decimal", "nan", "na", "#n/a"];

/// Reads with options already passed through [`NumberOptions::effective`].
impl Reader for NumberOptions {
    type Value = Decimal;
    const CONSTRAINED: bool = true;

    #[inline]
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Decimal> {
        reader::drive(self, input, cx)
    }

    fn to_json(&self, value: Decimal) -> serde_json::Value {
        decimal_value(value)
    }

    fn schema(&self) -> serde_json::Value {
        schema_of(self)
    }
}

impl Grammar for NumberOptions {
    /// A text of two numbers asks naming each, by the number's own rule ([`two_numbers`]).
    const SEVERAL: bool = false;

    fn door(&self) -> Door {
        Door::strings(MAX_SCALAR_CHARS).numbers()
    }

    fn placeholders(&self) -> Placeholders {
        Placeholders::WhenNothing(TYPE_WORDS)
    }

    /// The canonical text of a number, as a string, parses strictly with no repair; digits
    /// grouped by spaces, the commonest repaired spelling (`4 000`, `1 234,5`).
    #[inline]
    fn fast(&self, input: &Input<'_>) -> Option<Outcome<Decimal>> {
        if let Input::String(s) | Input::Number(s) = *input {
            if let Some(value) = fast_canonical(s, matches!(input, Input::Number(_))) {
                return Some(constrain(input, normalized(value), self));
            }
        }
        if let Input::String(s) = *input {
            if let Some((value, repairs)) = fast_grouped(s) {
                return Some(one_reading(input, value, repairs, self));
            }
        }
        None
    }

    fn grammar(&self, scalar: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Option<Outcome<Decimal>> {
        let parsed = match scalar {
            Scalar::Number(text) => parse_json_number(text),
            other => parse_text(other.text()),
        };
        match parsed {
            Parsed::One { value, repairs } => Some(one_reading(input, value, repairs, self)),
            Parsed::Two { grouping, decimal, separator } => {
                Some(two_readings(input, (grouping, decimal), separator, self))
            }
            Parsed::OutOfBounds => Some(Outcome::ask(out_of_bounds(input))),
            Parsed::Invalid => None,
        }
    }

    /// A number beside a scale word, a dash, a percent sign, a comparison or a fraction; else
    /// the ask.
    fn nothing(&self, scalar: Scalar<'_>, input: &Input<'_>, cx: &Context<'_>) -> Outcome<Decimal> {
        let text = match scalar {
            Scalar::Number(_) => "",
            other => other.text(),
        };
        // Reading words segments the text: charged before it runs, so a call of many such
        // values stops at the fold budget (ASCII is free to fold, not to segment).
        cx.spend_folding(text.len().saturating_mul(SPELLED_NUMBER_COST_PER_BYTE));
        let worded = || words::minus_word(input, text, self, cx).or_else(|| words::decimal_word(input, text, self));
        if let Some(out) = worded().or_else(|| words::spelled(input, text, self)) {
            return out;
        }
        let special = || without_dash(input, text, self).or_else(|| percent(input, text, self));
        if let Some(out) = scaled(input, text, self).or_else(special) {
            return out;
        }
        if let Some(out) = most(input, text, self).or_else(|| fraction(input, text, self)) {
            return out;
        }
        Outcome::ask(not_a_number(input, text, cx.in_parts()))
    }

    fn unexpected(&self, input: &Input<'_>) -> Ask {
        unexpected_type(input)
    }

    /// The `default` in place of an absent value.
    fn finish(&self, input: &Input<'_>, out: Outcome<Decimal>) -> Outcome<Decimal> {
        with_default(input, out, self)
    }
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
    whole_i64(text).map(Decimal::from).or_else(|| canonical_by_grammar(text))
}

/// [`canonical`] through the number grammar, for any JSON number text.
fn canonical_by_grammar(text: &str) -> Option<Decimal> {
    match parse_json_number(text) {
        Parsed::One { value, .. } => Some(value),
        _ => None,
    }
}

/// The value of `-?[1-9][0-9]{0,17}` or `0`, the text of nearly every number a read gives (a
/// limit, a count, a year): its digits summed, without the grammar (a tenth of the cost; a test
/// compares the two). `None` for any other text, `-0` included.
fn whole_i64(text: &str) -> Option<i64> {
    let (negative, digits) = match text.as_bytes() {
        [b'-', rest @ ..] => (true, rest),
        all => (false, all),
    };
    let first = *digits.first()?;
    if digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) || (first == b'0' && (negative || digits.len() > 1))
    {
        return None;
    }
    let n = digits.iter().fold(0i64, |n, &d| n * 10 + i64::from(d - b'0'));
    Some(if negative { -n } else { n })
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

/// The number's JSON Schema fragment.
fn schema_of(o: &NumberOptions) -> serde_json::Value {
    let integer = o.integer;
    let mut canonical = serde_json::json!({"type": if integer { "integer" } else { "number" }});
    let range = match (o.min, o.max) {
        (Some(a), Some(b)) => format!(" from {a} to {b}"),
        (Some(a), None) => format!(" of at least {a}"),
        (None, Some(b)) => format!(" of at most {b}"),
        (None, None) => String::new(),
    };
    if o.on_out_of_range == OnOutOfRange::Ask {
        if let Some(min) = o.min {
            canonical["minimum"] = decimal_value(min);
        }
        if let Some(max) = o.max {
            canonical["maximum"] = decimal_value(max);
        }
    }
    let clamp = if o.on_out_of_range == OnOutOfRange::Clamp && !range.is_empty() {
        " Values outside the range are clamped to its nearest bound, with a note."
    } else {
        ""
    };
    let default = o.default.map(|d| format!(" Omitted, it is {d}.")).unwrap_or_default();
    let noun = if integer { "A whole number" } else { "A number" };
    let mut f = crate::reader::fragment(
            format!("{noun}{range}, as a JSON number.{clamp}{default}"),
            canonical,
            &["number", "string", "array", "null"],
            "grouped digits (\"4 000\", \"1,234,567\"), a decimal comma (\"1,5\"), Unicode digits and minus signs. A lone comma or point before three digits (\"1,234\") is asked about.",
        );
    if let Some(d) = o.default {
        f["default"] = decimal_value(d);
    }
    f
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
            let cx = Context::new(&System);
            let fast = opts.read(Input::String(text), &cx);
            let general = reader::drive_opened(opts, Input::String(text), &cx);
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

    /// The same decimal: value, scale and sign.
    fn same_decimal(a: Option<Decimal>, b: Option<Decimal>) -> bool {
        let parts = |d: Option<Decimal>| d.map(|d| (d.mantissa(), d.scale(), d.is_sign_negative()));
        parts(a) == parts(b)
    }

    #[test]
    fn whole_numbers_are_read_as_the_grammar_reads_them() {
        for text in ["0", "7", "-7", "4000", "999999999999999999", "-999999999999999999"] {
            assert!(whole_i64(text).is_some(), "{text}");
            assert!(same_decimal(canonical(text), canonical_by_grammar(text)), "{text}");
        }
        // Past 18 digits, a negative zero, leading zeros, a point, an exponent: the grammar's.
        for text in ["1000000000000000000", "-0", "007", "-01", "4.0", "4e3", "", "-", "+4", "4 000"] {
            assert_eq!(whole_i64(text), None, "{text}");
            assert!(same_decimal(canonical(text), canonical_by_grammar(text)), "{text}");
        }
    }

    proptest! {
        #[test]
        fn any_whole_number_text_is_read_as_the_grammar_reads_it(text in r"-?[0-9]{0,20}") {
            prop_assert!(same_decimal(canonical(&text), canonical_by_grammar(&text)), "{:?}", text);
        }

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
