//! The outcome of one read: the contract every binding speaks.
//!
//! ```text
//! {"status": "ok",     "value": V,     "notes": [...], "warnings": [...]}
//! {"status": "absent",                 "notes": [...], "warnings": [...]}
//! {"status": "ask",    "ask": {...},   "notes": [...], "warnings": [...]}
//! note    = {"code": C, "message": "Read \"4 000\" as 4000."}
//! warning = {"code": C, "message": "...", "values": [...]}
//! ask     = {"code": C, "received": <raw input>, "expected": "...", "hint": "...",
//!            "readings": [{"value": V, "meaning": "..."}]}
//! ```
//!
//! An outcome is a value, never an error: a read of bad input returns an [`Ask`] that names
//! the next call, and a spelling with two meanings returns every [`Reading`].

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::codes::{AskCode, NoteCode, WarningCode};
use crate::hint::{self, At, Fix};
use crate::input::{quoted, Input};
use crate::json::JsonError;
use crate::limits::MAX_RECEIVED_BYTES;

/// The result of reading one value, with the notes and warnings gathered on the way.
///
/// Deserialising goes through a plain wire struct rather than `#[serde(flatten)]`, because
/// flattening buffers numbers as floats and would blur exact decimals (`1e-29`, `0.1`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "WireOutcome<T>", bound(deserialize = "T: Deserialize<'de>"))]
pub struct Outcome<T> {
    /// What the read produced: a value, absence, or an ask.
    #[serde(flatten)]
    pub status: Status<T>,
    /// One note per repair that was applied ("Read \"4 000\" as 4000.").
    #[serde(default)]
    pub notes: Vec<Note>,
    /// What the caller probably meant but did not say; closed codes.
    #[serde(default)]
    pub warnings: Vec<Warning>,
}

/// The wire shape an [`Outcome`] deserialises from.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WireOutcome<T> {
    status: String,
    #[serde(default = "Option::default")]
    value: Option<T>,
    #[serde(default)]
    ask: Option<Box<Ask>>,
    #[serde(default)]
    notes: Vec<Note>,
    #[serde(default)]
    warnings: Vec<Warning>,
}

impl<T> TryFrom<WireOutcome<T>> for Outcome<T> {
    type Error = String;

    fn try_from(w: WireOutcome<T>) -> Result<Self, String> {
        let status = match (w.status.as_str(), w.value, w.ask) {
            ("ok", Some(value), None) => Status::Ok { value },
            ("absent", None, None) => Status::Absent,
            ("ask", None, Some(ask)) => Status::Ask { ask },
            (s, _, _) => return Err(format!("invalid outcome: status `{s}` with the wrong fields")),
        };
        Ok(Self { status, notes: w.notes, warnings: w.warnings })
    }
}

/// The three ways a read ends.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Status<T> {
    /// The input carried one meaning; `value` is its canonical form.
    Ok {
        /// The canonical value.
        value: T,
    },
    /// The input means "no value" (missing, null, blank, or a placeholder).
    Absent,
    /// The input carried no meaning or more than one; the caller must say which.
    Ask {
        /// What to ask the caller (boxed: it keeps every outcome small, so the clean path
        /// moves a few words, not the whole ask).
        ask: Box<Ask>,
    },
}

/// A repair the reader applied, said in one sentence.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Note {
    /// The closed code of the repair.
    pub code: NoteCode,
    /// A full sentence for the model, quoting what was received.
    pub message: String,
    /// The property path the note belongs to, set by the tool factory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

/// Something the caller probably meant, with the values it concerns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Warning {
    /// The closed code of the warning.
    pub code: WarningCode,
    /// A full sentence for the model.
    pub message: String,
    /// The values the warning names.
    #[serde(default)]
    pub values: Vec<Value>,
    /// The property path the warning belongs to, set by the tool factory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

/// A request to the caller for a value with one meaning.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Ask {
    /// The closed code of what went wrong.
    pub code: AskCode,
    /// The raw input, exactly as received.
    pub received: Value,
    /// What the reader accepts, in words.
    pub expected: String,
    /// The corrective action, naming the next call.
    pub hint: String,
    /// Every reading of the input when it carried more than one meaning; empty otherwise.
    #[serde(default)]
    pub readings: Vec<Reading>,
    /// The corrective part of the hint, as data: the tool factory renders it again for a
    /// property (naming the tool and the path), a list for its item.
    #[serde(skip)]
    pub(crate) fix: Fix,
    /// The length in bytes of a `received` that was cut to its first bytes.
    #[serde(skip)]
    pub(crate) cut_from: Option<usize>,
}

/// One meaning a spelling can carry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reading {
    /// The canonical value of this reading.
    pub value: Value,
    /// What the spelling means under this reading.
    pub meaning: String,
}

impl Note {
    /// A note with its code and message.
    pub(crate) fn new(code: NoteCode, message: String) -> Self {
        Self { code, message, path: None }
    }

    /// `Read <received> as <canonical><detail>.`: the one sentence shape of a repair.
    pub(crate) fn read_as(code: NoteCode, received: &Input<'_>, canonical: &str, detail: &str) -> Self {
        let mut message = String::with_capacity(16 + received.json_len_hint() + canonical.len() + detail.len());
        message.push_str("Read ");
        received.push_json_text(&mut message);
        message.push_str(" as ");
        message.push_str(canonical);
        message.push_str(detail);
        message.push('.');
        Self::new(code, message)
    }

    /// `Read <received> as "<canonical>"<detail>.`: [`read_as`](Self::read_as) with the
    /// canonical text quoted, without a string for the quotes.
    pub(crate) fn read_as_quoted(code: NoteCode, received: &Input<'_>, canonical: &str, detail: &str) -> Self {
        Self::read_as_quoted_named(code, received, canonical, detail, "")
    }

    /// [`read_as_quoted`](Self::read_as_quoted) with a name in parentheses after the value:
    /// `Read "Česko" as "CZ" (Czechia).`
    pub(crate) fn read_as_named(code: NoteCode, received: &Input<'_>, canonical: &str, name: &str) -> Self {
        Self::read_as_quoted_named(code, received, canonical, "", name)
    }

    fn read_as_quoted_named(code: NoteCode, received: &Input<'_>, canonical: &str, detail: &str, name: &str) -> Self {
        if crate::spelling::bytes::has_json_escape(canonical.as_bytes()) {
            let detail = if name.is_empty() { detail.to_owned() } else { format!("{detail} ({name})") };
            return Self::read_as(code, received, &crate::input::quoted(canonical), &detail);
        }
        let size = 21 + received.json_len_hint() + canonical.len() + detail.len() + name.len();
        let mut message = String::with_capacity(size);
        message.push_str("Read ");
        received.push_json_text(&mut message);
        message.push_str(" as \"");
        message.push_str(canonical);
        message.push('"');
        message.push_str(detail);
        if !name.is_empty() {
            message.push_str(" (");
            message.push_str(name);
            message.push(')');
        }
        message.push('.');
        Self::new(code, message)
    }

    /// The property path this note belongs to.
    pub fn path(&self) -> Option<&str> {
        self.path.as_deref()
    }
}

impl Warning {
    /// A warning with its code, message and the values it names.
    pub(crate) fn new(code: WarningCode, message: String, values: Vec<Value>) -> Self {
        Self { code, message, values, path: None }
    }
}

impl Ask {
    /// An ask whose hint is rendered from `fix` for a bare read ("Call again with the value …").
    pub(crate) fn new(code: AskCode, received: &Input<'_>, expected: impl Into<String>, fix: impl Into<Fix>) -> Self {
        let fix = fix.into();
        let (received, cut_from) = received.received();
        Self { code, received, expected: expected.into(), hint: hint::read(&fix), readings: Vec::new(), fix, cut_from }
    }

    /// An ask about a whole line of a batch: "Send the line again, {fix}.".
    pub(crate) fn for_line(code: AskCode, received: &Input<'_>, expected: &str, fix: impl Into<Fix>) -> Self {
        let mut ask = Self::new(code, received, expected, fix);
        ask.hint = hint::line(&ask.fix);
        ask
    }

    /// An ask among named choices: each `(value, meaning, label)` is a reading, and the hint
    /// offers the labels: "Call again with the value set to A or B.".
    pub(crate) fn choices(
        code: AskCode,
        received: &Input<'_>,
        expected: impl Into<String>,
        choices: Vec<(String, String, String)>,
    ) -> Self {
        let labels: Vec<&str> = choices.iter().map(|(_, _, label)| label.as_str()).collect();
        let fix = format!("set to {}", labels.join(" or "));
        let readings =
            choices.into_iter().map(|(value, meaning, _)| Reading { value: Value::String(value), meaning }).collect();
        Self::new(code, received, expected, fix).with_readings(readings)
    }

    /// The ask for a JSON type the kind cannot read: `expected` names the kind's shape ("a uuid
    /// as a JSON string"), `fix` the corrective value.
    pub(crate) fn unexpected_type(received: &Input<'_>, expected: &str, fix: impl Into<Fix>) -> Self {
        Self::new(AskCode::UnexpectedType, received, format!("{expected}, not {}", received.type_name()), fix)
    }

    /// The ask for an input over `max` characters, stating the bound.
    pub(crate) fn too_long(received: &Input<'_>, max: usize) -> Self {
        let len = match received {
            Input::String(s) => s.chars().count(),
            _ => received.json_chars(),
        };
        Self::too_long_value(received, max, len)
    }

    /// The ask for a text holding a lone UTF-16 surrogate (half of a character): a binding
    /// whose strings can hold one (JavaScript, Python) returns it rather than a replacement
    /// character or an exception. `received` is what can be shown of the value (nothing, or the
    /// text with U+FFFD in place of each surrogate).
    #[must_use]
    pub fn not_unicode(received: &Input<'_>) -> Self {
        Self::new(
            AskCode::NotUnicode,
            received,
            "text of whole Unicode characters",
            "sent as text of whole characters (it holds a lone UTF-16 surrogate, half of a character)",
        )
    }

    /// The ask a read returns for a value that cannot be read as sent ([`JsonError`]): a lone
    /// surrogate or bytes that are not UTF-8 ask `not_unicode`, a value too large or too deep
    /// asks `input_too_long` with the bound. `None` for text that is not JSON at all (a
    /// programmer's error: a binding's own serializer wrote it).
    #[must_use]
    pub fn for_json_error(error: &JsonError) -> Option<Self> {
        match *error {
            JsonError::LoneSurrogate { .. } | JsonError::NotUtf8 { .. } => Some(Self::not_unicode(&Input::Missing)),
            JsonError::TooDeep { max, .. } => Some(Self::too_deep(&Input::Missing, max)),
            JsonError::TooLarge { bytes, max } => Some(Self::too_long_value(&Input::Missing, max, bytes)),
            _ => None,
        }
    }

    /// The ask for a value whose arrays and objects nest deeper than `max` levels.
    #[must_use]
    pub fn too_deep(received: &Input<'_>, max: usize) -> Self {
        Self::new(
            AskCode::InputTooLong,
            received,
            format!("at most {max} levels of nested arrays and objects"),
            format!("nested at most {max} levels deep"),
        )
    }

    /// The ask for a value of `len` characters over `max`, stating the bound.
    #[must_use]
    pub fn too_long_value(received: &Input<'_>, max: usize, len: usize) -> Self {
        Self::new(
            AskCode::InputTooLong,
            received,
            format!("at most {max} characters"),
            format!("of at most {max} characters (this value has {len}); a longer text goes by reference, as a path, URL or id the tool takes"),
        )
    }

    /// The ask for a range whose lower bound `from` (named `from_name`) is after its upper
    /// bound `to` (named `to_name`, at `to_at`): the swapped range is its reading.
    pub(crate) fn range_reversed(
        received: Value,
        (from_name, from_at): (&str, At),
        (to_name, to_at): (&str, At),
        (from, to): (&str, &str),
    ) -> Self {
        Self::range_reversed_as(received, (from_name, from_at), (to_name, to_at), (from, to), (to, from))
    }

    /// [`Self::range_reversed`] whose swapped bounds are `swapped`: the periods the bounds
    /// name, swapped (`Oct 2026 – Sep 2026` is 2026-09-01 to 2026-10-31), not the two days read.
    pub(crate) fn range_reversed_as(
        received: Value,
        (from_name, from_at): (&str, At),
        (to_name, to_at): (&str, At),
        (from, to): (&str, &str),
        (swapped_from, swapped_to): (&str, &str),
    ) -> Self {
        let fix = Fix::set(format!("set to {}", quoted(swapped_from)))
            .and(to_at, format!("set to {}", quoted(swapped_to)))
            .otherwise("with the wrong bound corrected");
        let mut fix = fix;
        if let At::Part(part) = from_at {
            fix = fix.within(&part);
        }
        let mut ask = Self::new(
            AskCode::RangeReversed,
            &Input::Null,
            format!("`{from_name}` on or before `{to_name}`; `{from_name}` is {from} and `{to_name}` is {to}"),
            fix,
        )
        .with_readings(vec![Reading {
            value: serde_json::json!({ from_name: swapped_from, to_name: swapped_to }),
            meaning: if (swapped_from, swapped_to) == (to, from) {
                format!("{swapped_from} to {swapped_to}: the same days, with the bounds swapped")
            } else {
                format!("{swapped_from} to {swapped_to}: the periods the bounds name, in order")
            },
        }]);
        ask.received = received;
        ask
    }

    /// The same ask with every reading named.
    pub(crate) fn with_readings(mut self, readings: Vec<Reading>) -> Self {
        self.readings = readings;
        self
    }

    /// The same ask about the part `part` of a larger value (a bound of a range): the
    /// expectation and the fix name the part.
    pub(crate) fn within(mut self, part: &str) -> Self {
        self.expected = format!("`{part}`: {}", self.expected);
        self.fix = std::mem::take(&mut self.fix).within(part);
        self.hint = hint::read(&self.fix);
        self
    }

    /// The corrective part of the hint, as data.
    pub fn fix(&self) -> &Fix {
        &self.fix
    }
}

impl<T> Outcome<T> {
    /// A clean read: the value, no notes.
    #[inline]
    pub fn ok(value: T) -> Self {
        Self { status: Status::Ok { value }, notes: Vec::new(), warnings: Vec::new() }
    }

    /// A read that found no value.
    #[inline]
    pub fn absent() -> Self {
        Self { status: Status::Absent, notes: Vec::new(), warnings: Vec::new() }
    }

    /// A read that must ask. When the ask's `received` was cut (longer than
    /// [`MAX_RECEIVED_BYTES`](crate::limits::MAX_RECEIVED_BYTES)), a note says so.
    pub fn ask(ask: Ask) -> Self {
        let notes = ask.cut_from.map(received_cut).into_iter().collect();
        Self { status: Status::Ask { ask: Box::new(ask) }, notes, warnings: Vec::new() }
    }

    /// An ask read from a repaired spelling made to quote `input`, the value received: its
    /// `received` and the note of a cut quote follow the input, not the spelling read.
    pub(crate) fn quoting(mut self, input: &crate::input::Input<'_>) -> Self {
        if let Status::Ask { ask } = &mut self.status {
            (ask.received, ask.cut_from) = input.received();
            self.notes.retain(|n| n.code != NoteCode::ReceivedTruncated);
            if let Some(total) = ask.cut_from {
                self.notes.insert(0, received_cut(total));
            }
        }
        self
    }

    /// Adds a note.
    pub(crate) fn note(mut self, note: Note) -> Self {
        if self.notes.capacity() == 0 {
            self.notes = vec![note]; // exactly one note's room: most outcomes have one
        } else {
            self.notes.push(note);
        }
        self
    }

    /// Adds notes gathered before the outcome was known.
    pub(crate) fn with_notes(mut self, mut notes: Vec<Note>) -> Self {
        if self.notes.is_empty() {
            self.notes = notes;
        } else {
            notes.append(&mut self.notes);
            self.notes = notes;
        }
        self
    }

    /// The value, when the read is ok.
    #[inline]
    pub fn value(&self) -> Option<&T> {
        match &self.status {
            Status::Ok { value } => Some(value),
            _ => None,
        }
    }

    /// The ask, when the read must ask.
    pub fn as_ask(&self) -> Option<&Ask> {
        match &self.status {
            Status::Ask { ask } => Some(ask),
            _ => None,
        }
    }

    /// True when the input read as absent.
    pub fn is_absent(&self) -> bool {
        matches!(self.status, Status::Absent)
    }

    /// Maps the value, keeping notes and warnings.
    #[inline]
    pub fn map<U>(self, f: impl FnOnce(T) -> U) -> Outcome<U> {
        let status = match self.status {
            Status::Ok { value } => Status::Ok { value: f(value) },
            Status::Absent => Status::Absent,
            Status::Ask { ask } => Status::Ask { ask },
        };
        Outcome { status, notes: self.notes, warnings: self.warnings }
    }
}

/// The note of an ask whose `received` holds only the first bytes of the value.
pub(crate) fn received_cut(total: usize) -> Note {
    Note::new(
        NoteCode::ReceivedTruncated,
        format!(
            "The ask quotes the first {MAX_RECEIVED_BYTES} bytes of the {total} bytes received; the value is not repeated whole."
        ),
    )
}

impl<T: Serialize> Outcome<T> {
    /// The outcome as JSON, in the wire shape above.
    pub fn to_json(&self) -> Value {
        // Serialising our own types into a `Value` cannot fail: every map key is a string.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// Keeps at most [`crate::limits::MAX_NOTES`] of `notes` (a call's, or a list's, one per item),
/// `dropped` more having been counted rather than kept: the last counts the rest, naming what
/// they are `of` ("call", "list").
pub(crate) fn cap_notes(notes: &mut Vec<Note>, dropped: usize, of: &str) {
    use crate::limits::MAX_NOTES;
    if notes.len() + dropped > MAX_NOTES {
        let rest = notes.len() + dropped - (MAX_NOTES - 1);
        notes.truncate(MAX_NOTES - 1);
        let message = format!("Left out {rest} more notes of this {of}; the first {} are listed.", MAX_NOTES - 1);
        notes.push(Note::new(NoteCode::NotesTruncated, message));
    }
}

/// Keeps at most [`crate::limits::MAX_WARNINGS`] of `warnings`, as [`cap_notes`] keeps notes.
pub(crate) fn cap_warnings(warnings: &mut Vec<Warning>, dropped: usize, of: &str) {
    use crate::limits::MAX_WARNINGS;
    if warnings.len() + dropped > MAX_WARNINGS {
        let rest = warnings.len() + dropped - (MAX_WARNINGS - 1);
        warnings.truncate(MAX_WARNINGS - 1);
        let message = format!("Left out {rest} more warnings of this {of}; the first {} are listed.", MAX_WARNINGS - 1);
        warnings.push(Warning::new(WarningCode::WarningsTruncated, message, Vec::new()));
    }
}

#[cfg(test)]
mod json_error_asks {
    use super::Ask;
    use crate::codes::AskCode;
    use crate::json::{parse, JsonError};
    use crate::limits::MAX_JSON_DEPTH;

    #[test]
    fn a_lone_surrogate_asks_not_unicode_and_deep_nesting_states_the_bound() {
        let err = parse(br#"{"x": "a\ud800b"}"#, 1 << 20).unwrap_err();
        assert_eq!(Ask::for_json_error(&err).map(|a| a.code), Some(AskCode::NotUnicode));
        let deep = "[".repeat(1000) + &"]".repeat(1000);
        let err = parse(deep.as_bytes(), 1 << 20).unwrap_err();
        assert!(matches!(err, JsonError::TooDeep { .. }));
        let ask = Ask::for_json_error(&err).unwrap();
        assert_eq!(ask.code, AskCode::InputTooLong);
        assert!(ask.expected.contains(&MAX_JSON_DEPTH.to_string()), "{}", ask.expected);
        assert!(ask.hint.contains(&MAX_JSON_DEPTH.to_string()), "{}", ask.hint);
        assert!(Ask::for_json_error(&parse(b"[1,", 100).unwrap_err()).is_none());
    }
}
