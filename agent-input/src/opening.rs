//! The opening of every scalar read: the steps each kind takes before its own grammar, in one
//! order, written once.
//!
//! A kind's read goes top to bottom: **fast path** (its canonical spelling, allocation-free),
//! **opening** ([`open`]), normalise, grammar, resolve. The opening takes the input through:
//!
//! 1. **type dispatch**: a JSON string is the text to read. A JSON number or boolean is handed
//!    on as a [`Scalar`] when the kind's [`Door`] reads it (a numeric country code, an enum
//!    value `true`), and is otherwise an `unexpected_type` ask, as an object is;
//! 2. **the one-item array**: `["x"]` sent for a scalar reads as its item, with the note
//!    `single_item_unwrapped` (an ask of the item echoes the whole array); so does a string
//!    that is such an array's JSON text (`"[4000]"`, a value encoded twice); any other array
//!    is an `unexpected_type` ask;
//! 3. **missing and null**: absent, with the absent rule's note ([`crate::absent`]);
//! 4. **the length bound**: a string, or a JSON number's text, over the door's bound asks
//!    `input_too_long`, stating it;
//! 5. **plain characters**: invisible characters inside a value (zero-width spaces, joiners,
//!    soft hyphens, direction marks), fullwidth letters and decomposed letters carry no meaning in a code, a
//!    number, a date or a name: the value is read again in its plain spelling, with a note per
//!    repair (`invisible_characters_removed`, `compatibility_characters_read`,
//!    `unicode_normalized`). Free text keeps them (a zero-width joiner is part of an emoji).
//!
//! and hands back the [`Scalar`] to read, or the finished outcome.
//!
//! Placeholders (`"N/A"`, `"<uuid>"`, `"string"`) are deliberately *not* an opening step: a
//! kind's own values beat them (an enum with the value `"none"`, the boolean word `"nil"`),
//! so each kind asks the absent rule where its own reading found nothing ([`placeholder`]).
//! The written-down exceptions:
//! - `text` owns no values, so it asks the absent rule first; it bounds its canonical (NFC)
//!   value rather than the raw string ([`Bound::Canonical`]);
//! - `date` asks the absent rule before its grammar, because format templates
//!   (`"YYYY-MM-DD"`, `"dd.mm.yyyy"`) would otherwise read as broken dates;
//! - `number` applies its `default` to an absent input;
//! - `uuid` and `idempotency_key` ask, on a write, about a placeholder that stands for a value
//!   (`"<uuid>"`), while the null words (`"null"`, `"N/A"`) stay absent.

use serde_json::Value;

use crate::absent::{self, AbsentReason};
use crate::codes::NoteCode;
use crate::context::Context;
use crate::input::Input;
use crate::limits::MAX_NUMBER_CHARS;
use crate::outcome::{Ask, Note, Outcome};
use crate::spelling::{self, Plain};

/// The JSON scalar a kind reads, once the opening is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar<'a> {
    /// A JSON string, as sent (edges not yet trimmed).
    Str(&'a str),
    /// A JSON number, as its exact text.
    Number(&'a str),
    /// A JSON boolean.
    Bool(bool),
}

impl<'a> Scalar<'a> {
    /// The scalar as text: the string, or the JSON text of a number or boolean.
    pub(crate) const fn text(self) -> &'a str {
        match self {
            Self::Str(s) | Self::Number(s) => s,
            Self::Bool(true) => "true",
            Self::Bool(false) => "false",
        }
    }
}

/// Where a kind's length bound applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// At most this many characters of the string as sent.
    Chars(usize),
    /// The kind bounds its canonical value itself (`text`, after NFC).
    Canonical,
}

/// What a kind's opening lets through.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Door {
    /// The length bound.
    pub bound: Bound,
    /// JSON numbers are read (as their text).
    pub numbers: bool,
    /// JSON booleans are read.
    pub booleans: bool,
}

impl Door {
    /// A door for JSON strings only, bounded at `max` characters.
    pub(crate) const fn strings(max: usize) -> Self {
        Self { bound: Bound::Chars(max), numbers: false, booleans: false }
    }

    /// Also read JSON numbers.
    pub(crate) const fn numbers(mut self) -> Self {
        self.numbers = true;
        self
    }

    /// Also read JSON booleans.
    pub(crate) const fn booleans(mut self) -> Self {
        self.booleans = true;
        self
    }
}

/// The opening steps (module doc): the scalar to read, or the finished outcome.
///
/// `item` is the kind's own read, applied to the item of a one-item array; `unexpected` builds
/// the kind's ask for a JSON type it does not read.
#[inline]
pub(crate) fn open<'a, T: serde::Serialize>(
    cx: &Context<'_>,
    input: &Input<'a>,
    door: Door,
    item: impl Fn(Input<'_>) -> Outcome<T>,
    unexpected: impl FnOnce(&Input<'_>) -> Ask,
) -> Result<Scalar<'a>, Outcome<T>> {
    match *input {
        Input::String(s) => match door.bound {
            Bound::Chars(max) if spelling::longer_than(s, max) => Err(Outcome::ask(Ask::too_long(input, max))),
            Bound::Chars(_) if may_be_array_text(s) => match one_item_text(s) {
                Some(value) => Err(read_item(input, &value, item)),
                None => plain_or(input, s, item),
            },
            Bound::Chars(_) => plain_or(input, s, item),
            Bound::Canonical => Ok(Scalar::Str(s)),
        },
        Input::Number(n) if door.numbers => match door.bound {
            // A JSON number obeys the bound its text would (a 20,000-digit number is no text).
            Bound::Chars(max) if spelling::longer_than(n, max.min(MAX_NUMBER_CHARS)) => {
                Err(Outcome::ask(Ask::too_long(input, max.min(MAX_NUMBER_CHARS))))
            }
            _ => Ok(Scalar::Number(n)),
        },
        Input::Bool(b) if door.booleans => Ok(Scalar::Bool(b)),
        Input::Array(_) => {
            Err(unwrap_single(input, &item).unwrap_or_else(|| several_items(cx, input, &item, unexpected)))
        }
        Input::Missing => Err(Outcome::absent()),
        Input::Null => Err(absent::outcome(input, AbsentReason::Null)),
        Input::Number(_) | Input::Bool(_) | Input::Object(_) => Err(Outcome::ask(unexpected(input))),
    }
}

/// The absent rule where a kind's own reading found nothing: blank strings and placeholders
/// read as absent, with their note. `type_words` are the kind's own type names (`"number"`),
/// also placeholders.
#[inline]
pub(crate) fn placeholder<T>(input: &Input<'_>, type_words: &[&str]) -> Option<Outcome<T>> {
    absent::check(input, type_words).map(|reason| absent::outcome(input, reason))
}

/// A value with invisible characters inside, fullwidth letters or decomposed letters reads as
/// its plain spelling, with a note per repair; an ask echoes the value as received.
fn reread<T>(input: &Input<'_>, plain: &Plain, read: impl FnOnce(Input<'_>) -> Outcome<T>) -> Outcome<T> {
    let mut inner = read(Input::String(&plain.text)).quoting(input);
    let quoted = input.to_json_text();
    let plain_text = Input::String(&plain.text).to_json_text();
    let mut notes = Vec::with_capacity(inner.notes.len() + 3);
    if plain.invisible {
        notes.push(Note::new(
            NoteCode::InvisibleCharactersRemoved,
            format!("Removed the invisible characters (zero-width spaces, joiners, soft hyphens) inside {quoted}."),
        ));
    } else if plain.marks {
        notes.push(Note::new(
            NoteCode::InvisibleCharactersRemoved,
            format!("Removed the invisible direction marks (right-to-left and left-to-right marks) inside {quoted}."),
        ));
    }
    if plain.fullwidth {
        notes.push(Note::new(
            NoteCode::CompatibilityCharactersRead,
            format!("Read the fullwidth characters of {quoted} as {plain_text}."),
        ));
    }
    if plain.composed {
        notes.push(Note::new(
            NoteCode::UnicodeNormalized,
            format!("Composed the decomposed letters of {quoted} (Unicode NFC)."),
        ));
    }
    notes.append(&mut inner.notes);
    Outcome { notes, ..inner }
}

/// The string to read, or its plain spelling read ([`reread`]).
#[inline]
fn plain_or<'a, T>(
    input: &Input<'_>,
    s: &'a str,
    item: impl Fn(Input<'_>) -> Outcome<T>,
) -> Result<Scalar<'a>, Outcome<T>> {
    match spelling::plain(s) {
        Some(plain) => Err(reread(input, &plain, item)),
        None => Ok(Scalar::Str(s)),
    }
}

/// True when the first byte after ASCII spaces opens a JSON array: the one look most strings
/// pay for [`one_item_text`].
#[inline]
fn may_be_array_text(s: &str) -> bool {
    s.bytes().find(|b| !b.is_ascii_whitespace()) == Some(b'[')
}

/// The item of a string that is the JSON text of a one-item array of a scalar (`"[4000]"`,
/// `"[\"relevance\"]"`: a value encoded twice); `None` for any other string.
#[cold]
fn one_item_text(s: &str) -> Option<Value> {
    let t = s.trim();
    if !(t.starts_with('[') && t.ends_with(']')) {
        return None;
    }
    match serde_json::from_str::<Value>(t).ok()? {
        Value::Array(mut items)
            if items.len() == 1 && !matches!(items.first(), Some(Value::Array(_) | Value::Object(_))) =>
        {
            items.pop()
        }
        _ => None,
    }
}

/// The single item of `input` (a one-item array, or a string that is one's JSON text) read as
/// the value, with a note first; an ask echoes `input`.
#[cold]
fn read_item<T>(input: &Input<'_>, item: &Value, read: impl FnOnce(Input<'_>) -> Outcome<T>) -> Outcome<T> {
    let inner = read(Input::from(item)).quoting(input);
    let note = Note::new(
        NoteCode::SingleItemUnwrapped,
        format!("Read {} as its single item {}.", input.to_json_text(), Input::from(item).to_json_text()),
    );
    Outcome { notes: std::iter::once(note).chain(inner.notes).collect(), ..inner }
}

/// An array of several values sent for a property of one: the kind's `unexpected_type` ask,
/// naming each item as a reading when each reads alone (`["civil", "criminal"]`), as a text of
/// several values does ([`crate::several::or_each`]).
#[cold]
fn several_items<T: serde::Serialize>(
    cx: &Context<'_>,
    input: &Input<'_>,
    item: &impl Fn(Input<'_>) -> Outcome<T>,
    unexpected: impl FnOnce(&Input<'_>) -> Ask,
) -> Outcome<T> {
    let out = Outcome::ask(unexpected(input));
    crate::several::or_each(cx, input, out, item, |v| serde_json::to_value(v).unwrap_or(Value::Null))
}

/// A one-item array sent for a scalar reads as its item, with a note. `None` for other arrays.
fn unwrap_single<T>(input: &Input<'_>, read: impl FnOnce(Input<'_>) -> Outcome<T>) -> Option<Outcome<T>> {
    let Input::Array([item]) = input else { return None };
    if matches!(item, Value::Array(_) | Value::Object(_)) {
        return None;
    }
    Some(read_item(input, item, read))
}
