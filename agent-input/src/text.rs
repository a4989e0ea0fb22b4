//! The text kind: a plain string property, trimmed, in Unicode NFC, with the absent rule.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `"Praha"` | itself | none |
//! | `"  Praha "` | `"Praha"` | `whitespace_trimmed` |
//! | `"Cafe\u0301"` (combining accent) | `"Café"` | `unicode_normalized` |
//! | `"Praha\u0000"` (a control character: NUL, ESC, DEL; not tab or line breaks) | `"Praha"` | `invisible_characters_removed` |
//! | JSON `42`, `true` | `"42"`, `"true"` | `scalar_read_as_text` |
//! | `["Praha"]` | `"Praha"` | `single_item_unwrapped` |
//!
//! Text is never split and never case-folded: it is the caller's words. Longer than
//! `max_length` (at most [`MAX_TEXT_CHARS`]) asks `input_too_long` with the bound.

use serde::{Deserialize, Serialize};
use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

use crate::codes::NoteCode;
use crate::context::{Context, System};
use crate::error::Error;
use crate::input::Input;
use crate::limits::MAX_TEXT_CHARS;
use crate::opening::{Bound, Door, Scalar};
use crate::outcome::{Ask, Note, Outcome};
use crate::reader::{self, Grammar, Placeholders, Reader};
use crate::spelling;

/// Options of the text kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct TextOptions {
    /// The most characters the text may have (at most [`MAX_TEXT_CHARS`], which is the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_length: Option<usize>,
}

impl TextOptions {
    /// Checks the options.
    pub fn validate(&self) -> Result<(), Error> {
        match self.max_length {
            Some(0) => Err(Error::options("invalid options for kind `text`: `max_length` is 0")),
            Some(n) if n > MAX_TEXT_CHARS => Err(Error::options(format!(
                "invalid options for kind `text`: `max_length` {n} is above the bound {MAX_TEXT_CHARS}"
            ))),
            _ => Ok(()),
        }
    }

    fn max(&self) -> usize {
        self.max_length.unwrap_or(MAX_TEXT_CHARS)
    }
}

/// True when `s` holds a control character no text means (C0 but tab and line breaks, DEL, C1:
/// a NUL, an escape sequence's ESC), which stores and terminals refuse or act on.
fn has_controls(s: &str) -> bool {
    // One pass over the bytes; the characters are looked at only when one may be a control
    // (C1 controls are encoded from 0xC2).
    s.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xc2) && s.chars().any(is_control)
}

fn is_control(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) && (c < '\u{a0}')
}

/// The text without its control characters ([`has_controls`]), read again, with a note first.
#[cold]
fn without_controls(input: &Input<'_>, text: &str, opts: &TextOptions, cx: &Context<'_>) -> Outcome<String> {
    let mut kept = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' && chars.peek() == Some(&'[') {
            // A terminal's escape sequence (`ESC [ 3 1 m`, colour): its parameters go with it.
            chars.next();
            while chars.next().is_some_and(|p| !('\u{40}'..='\u{7e}').contains(&p)) {}
        } else if !is_control(c) {
            kept.push(c);
        }
    }
    let out = opts.read(Input::String(&kept), cx).quoting(input);
    let note = Note::new(
        NoteCode::InvisibleCharactersRemoved,
        format!(
            "Removed the control characters (such as NUL, or a terminal's colour codes) inside {}.",
            input.to_json_text()
        ),
    );
    Outcome { notes: std::iter::once(note).chain(out.notes).collect(), ..out }
}

/// Reads a text.
///
/// # Outcome
/// - ok: the text, trimmed and in NFC;
/// - absent: missing, null, blank or a placeholder;
/// - ask: longer than `max_length`, or an object or a list of several items.
///
/// # Errors
/// A `max_length` of 0 or above [`MAX_TEXT_CHARS`].
///
/// # Example
/// ```
/// use agent_input::{text, TextOptions};
/// let out = text::read("  Nejvyšší soud ".into(), &TextOptions::default())?;
/// assert_eq!(out.value().map(String::as_str), Some("Nejvyšší soud"));
/// assert_eq!(out.notes[0].message, "Read \"  Nejvyšší soud \" as \"Nejvyšší soud\".");
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &TextOptions) -> Result<Outcome<String>, Error> {
    options.validate()?;
    Ok(options.read(input, &Context::new(&System)))
}

impl Reader for TextOptions {
    type Value = String;

    #[inline]
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<String> {
        reader::drive(self, input, cx)
    }

    fn to_json(&self, value: String) -> serde_json::Value {
        serde_json::Value::String(value)
    }

    fn schema(&self) -> serde_json::Value {
        {
            let max = self.max_length.unwrap_or(crate::limits::MAX_TEXT_CHARS);
            crate::reader::fragment(
                format!("Text, at most {max} characters; trimmed and brought to Unicode NFC."),
                serde_json::json!({"type": "string", "minLength": 1}),
                &["string", "number", "boolean", "array", "null"],
                "numbers and booleans as their text, a one-item array as its item.",
            )
        }
    }
}

impl Grammar for TextOptions {
    /// Free text is never several values of one kind.
    const SEVERAL: bool = false;
    /// Free text keeps its letters as written.
    const FOLDS: bool = false;

    /// Text bounds its canonical (NFC) value, and reads a number or a boolean as its text.
    fn door(&self) -> Door {
        Door { bound: Bound::Canonical, numbers: true, booleans: true }
    }

    /// Text owns no values: the absent rule comes first.
    fn placeholders(&self) -> Placeholders {
        Placeholders::First(&[])
    }

    fn grammar(&self, scalar: Scalar<'_>, input: &Input<'_>, cx: &Context<'_>) -> Option<Outcome<String>> {
        let s = match scalar {
            Scalar::Str(s) => s,
            scalar => {
                // A number or boolean read as text obeys the text's bound like any other text.
                let (max, text) = (self.max(), scalar.text());
                if spelling::longer_than(text, max) {
                    return Some(Outcome::ask(Ask::too_long(input, max)));
                }
                let note = Note::read_as_quoted(NoteCode::ScalarReadAsText, input, text, "");
                return Some(Outcome::ok(text.to_owned()).note(note));
            }
        };
        let max = self.max();
        // A coarse guard before any work; the bound itself applies to the canonical value.
        if s.len() > 4 * MAX_TEXT_CHARS + 64 {
            return Some(Outcome::ask(Ask::too_long(input, max)));
        }
        // Before the trim, which takes a control character at an edge as a space and would leave
        // an escape sequence's parameters behind.
        if has_controls(s) {
            return Some(without_controls(input, s, self, cx));
        }
        let trimmed = spelling::trim(s);
        // Below U+0300 every character is NFC on its own and combines with nothing before it.
        let nfc = trimmed.chars().all(|c| c < '\u{300}') || is_nfc_quick(trimmed.chars()) == IsNormalized::Yes;
        let value = if nfc { trimmed.to_owned() } else { trimmed.nfc().collect() };
        if spelling::longer_than(&value, max) {
            return Some(Outcome::ask(Ask::too_long_value(input, max, spelling::char_count(&value))));
        }
        if nfc && trimmed.len() == s.len() {
            return Some(Outcome::ok(value)); // canonical: nothing to say
        }
        let mut codes = Vec::new();
        if trimmed.len() != s.len() {
            codes.push(NoteCode::WhitespaceTrimmed);
        }
        if value != trimmed {
            codes.push(NoteCode::UnicodeNormalized);
        }
        let notes = codes
            .iter()
            .enumerate()
            .map(|(i, &code)| match (i, code) {
                (0, _) => Note::read_as_quoted(code, input, &value, ""),
                (_, NoteCode::UnicodeNormalized) => Note::new(code, "The text was brought to Unicode NFC.".to_owned()),
                _ => Note::new(code, "The surrounding whitespace was removed.".to_owned()),
            })
            .collect();
        Some(Outcome::ok(value).with_notes(notes))
    }

    fn nothing(&self, _: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Outcome<String> {
        Outcome::ask(unexpected(input))
    }

    fn unexpected(&self, input: &Input<'_>) -> Ask {
        unexpected(input)
    }
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(input, "a string", "set to one JSON string")
}

#[cfg(test)]
mod tests {
    use unicode_normalization::char::canonical_combining_class;
    use unicode_normalization::{is_nfc_quick, IsNormalized};

    /// The shortcut of the text's grammar: below U+0300 every character passes the NFC quick check
    /// on its own and combines with nothing (class 0), so text of them is NFC as it stands.
    #[test]
    fn text_below_u0300_is_nfc() {
        for c in (0..0x300u32).filter_map(char::from_u32) {
            assert_eq!(canonical_combining_class(c), 0, "{c:?}");
            assert_eq!(is_nfc_quick([c].into_iter()), IsNormalized::Yes, "{c:?}");
        }
    }
}
