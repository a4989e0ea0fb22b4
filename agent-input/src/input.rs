//! [`Input`]: the borrowed view of one JSON value that every kind reads.

use std::io::Write as _;

use serde_json::{Map, Number, Value};

use crate::limits::{MAX_LISTED, MAX_QUOTED_CHARS, MAX_RECEIVED_BYTES};

/// One value as the caller sent it, borrowed.
///
/// JSON numbers keep their text (`serde_json` is built with `arbitrary_precision`), so
/// `0.1` is never a binary float on the way in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input<'a> {
    /// The property was not sent at all.
    Missing,
    /// JSON `null`.
    Null,
    /// A JSON boolean.
    Bool(bool),
    /// A JSON number, as its exact text.
    Number(&'a str),
    /// A JSON string.
    String(&'a str),
    /// A JSON array.
    Array(&'a [Value]),
    /// A JSON object.
    Object(&'a Map<String, Value>),
}

impl<'a> From<&'a Value> for Input<'a> {
    fn from(value: &'a Value) -> Self {
        match value {
            Value::Null => Input::Null,
            Value::Bool(b) => Input::Bool(*b),
            Value::Number(n) => Input::Number(n.as_str()),
            Value::String(s) => Input::String(s),
            Value::Array(a) => Input::Array(a),
            Value::Object(o) => Input::Object(o),
        }
    }
}

impl<'a> From<Option<&'a Value>> for Input<'a> {
    fn from(value: Option<&'a Value>) -> Self {
        value.map_or(Input::Missing, Input::from)
    }
}

impl<'a> From<&'a str> for Input<'a> {
    fn from(value: &'a str) -> Self {
        Input::String(value)
    }
}

impl<'a> From<&'a String> for Input<'a> {
    fn from(value: &'a String) -> Self {
        Input::String(value)
    }
}

impl Input<'_> {
    /// The input as an owned JSON value (`null` for [`Input::Missing`]).
    pub fn to_value(&self) -> Value {
        match *self {
            Input::Missing | Input::Null => Value::Null,
            Input::Bool(b) => Value::Bool(b),
            Input::Number(n) => Value::Number(Number::from_string_unchecked(n.to_owned())),
            Input::String(s) => Value::String(s.to_owned()),
            Input::Array(a) => Value::Array(a.to_vec()),
            Input::Object(o) => Value::Object(o.clone()),
        }
    }

    /// The input as JSON text, the way messages quote it (`"4 000"`, `null`, `12`): at most
    /// [`MAX_QUOTED_CHARS`] characters, then `…`.
    pub fn to_json_text(&self) -> String {
        match *self {
            Input::Missing => "nothing".to_owned(),
            // Short values without escapes (nearly every value a note quotes): no serialiser.
            Input::String(s) if s.len() <= MAX_QUOTED_CHARS && !needs_escape(s) => plain_json_string(s),
            Input::Number(n) if n.len() <= MAX_QUOTED_CHARS => n.to_owned(),
            Input::Null => "null".to_owned(),
            Input::Bool(b) => if b { "true" } else { "false" }.to_owned(),
            _ => cut(&self.json_prefix(4 * MAX_QUOTED_CHARS).0, MAX_QUOTED_CHARS),
        }
    }

    /// About how long the quoted input is, to size a message.
    pub(crate) fn json_len_hint(&self) -> usize {
        match *self {
            Input::String(s) | Input::Number(s) => s.len().min(4 * MAX_QUOTED_CHARS) + 2,
            _ => 8,
        }
    }

    /// Appends [`to_json_text`](Self::to_json_text) to `out`, without an intermediate string
    /// for the common short values.
    pub(crate) fn push_json_text(&self, out: &mut String) {
        match *self {
            Input::String(s) if s.len() <= MAX_QUOTED_CHARS && !needs_escape(s) => {
                out.push('"');
                out.push_str(s);
                out.push('"');
            }
            Input::Number(n) if n.len() <= MAX_QUOTED_CHARS => out.push_str(n),
            _ => out.push_str(&self.to_json_text()),
        }
    }

    /// The length of the input's JSON text in characters (serialised, never held whole).
    pub(crate) fn json_chars(&self) -> usize {
        match *self {
            Input::String(s) if !s.contains(['"', '\\']) && !s.chars().any(char::is_control) => s.chars().count() + 2,
            Input::Number(n) => n.chars().count(),
            _ => {
                let mut counter = Capped::new(0);
                self.write_json(&mut counter);
                counter.chars
            }
        }
    }

    /// The first `max_bytes` of the input's JSON text (at a character boundary), and its
    /// whole length in bytes.
    fn json_prefix(&self, max_bytes: usize) -> (String, usize) {
        let mut capped = Capped::new(max_bytes);
        self.write_json(&mut capped);
        (String::from_utf8_lossy(&capped.kept).into_owned(), capped.total)
    }

    fn write_json(&self, out: &mut Capped) {
        let written = match *self {
            Input::Missing | Input::Null => out.write_all(b"null"),
            Input::Bool(b) => out.write_all(if b { b"true" } else { b"false" }),
            Input::Number(n) => out.write_all(n.as_bytes()),
            Input::String(s) => serde_json::to_writer(&mut *out, s).map_err(std::io::Error::other),
            Input::Array(a) => serde_json::to_writer(&mut *out, a).map_err(std::io::Error::other),
            Input::Object(o) => serde_json::to_writer(&mut *out, o).map_err(std::io::Error::other),
        };
        // Writing into memory cannot fail; a value that could not be written is quoted empty.
        let _ = written;
    }

    /// The input as an ask's `received`: the value itself, or, when its JSON text is longer
    /// than [`MAX_RECEIVED_BYTES`], the first bytes of that text as a string ending in `…`,
    /// with the whole length in bytes.
    pub(crate) fn received(&self) -> (Value, Option<usize>) {
        let small = match *self {
            Input::String(s) => s.len() + 2 <= MAX_RECEIVED_BYTES,
            Input::Number(n) => n.len() <= MAX_RECEIVED_BYTES,
            Input::Array(a) => a.len() <= 4 && self.json_chars() <= MAX_RECEIVED_BYTES,
            Input::Object(o) => o.len() <= 4 && self.json_chars() <= MAX_RECEIVED_BYTES,
            Input::Missing | Input::Null | Input::Bool(_) => true,
        };
        if small {
            return (self.to_value(), None);
        }
        let (prefix, total) = match *self {
            Input::String(s) => {
                (s.get(..floor_char_boundary(s, MAX_RECEIVED_BYTES)).unwrap_or_default().to_owned(), s.len())
            }
            _ => self.json_prefix(MAX_RECEIVED_BYTES),
        };
        if total <= MAX_RECEIVED_BYTES && !matches!(self, Input::String(_)) {
            return (self.to_value(), None);
        }
        (Value::String(format!("{prefix}…")), Some(total))
    }

    /// The JSON type name, as messages use it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Input::Missing => "nothing",
            Input::Null => "null",
            Input::Bool(_) => "a boolean",
            Input::Number(_) => "a number",
            Input::String(_) => "a string",
            Input::Array(_) => "an array",
            Input::Object(_) => "an object",
        }
    }
}

/// A writer that keeps the first `cap` bytes of what is written and counts all of it.
struct Capped {
    kept: Vec<u8>,
    cap: usize,
    total: usize,
    chars: usize,
}

impl Capped {
    fn new(cap: usize) -> Self {
        Self { kept: Vec::with_capacity(cap.min(4096)), cap, total: 0, chars: 0 }
    }
}

impl std::io::Write for Capped {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.total += buf.len();
        // UTF-8 continuation bytes are 0b10xxxxxx; every other byte starts a character.
        self.chars += buf.iter().filter(|b| (**b & 0xc0) != 0x80).count();
        let room = self.cap.saturating_sub(self.kept.len());
        if room > 0 {
            let take = buf.get(..room.min(buf.len())).unwrap_or_default();
            self.kept.extend_from_slice(take);
            if self.kept.len() == self.cap {
                // Keep whole characters only.
                while self.kept.last().is_some_and(|b| (*b & 0xc0) == 0x80) {
                    self.kept.pop();
                }
                if self.kept.last().is_some_and(|b| *b >= 0xc0) {
                    self.kept.pop();
                }
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The largest index at most `max` that is a character boundary of `s`.
fn floor_char_boundary(s: &str, max: usize) -> usize {
    (0..=max.min(s.len())).rev().find(|i| s.is_char_boundary(*i)).unwrap_or(0)
}

/// `s` cut to at most `max` characters, ending in `…` when cut.
fn cut(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", s.get(..i).unwrap_or_default()),
        None => s.to_owned(),
    }
}

/// Compact JSON text of a value.
pub(crate) fn json_text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Names for a message: the first [`MAX_LISTED`], each shown by `show`, then "and N more".
pub(crate) fn listing<T>(items: &[T], show: impl Fn(&T) -> String) -> String {
    let shown: Vec<String> = items.iter().take(MAX_LISTED).map(show).collect();
    match items.len().saturating_sub(MAX_LISTED) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// A JSON string literal for `s`, as messages quote a canonical text.
pub(crate) fn quoted(s: &str) -> String {
    if needs_escape(s) {
        json_text(&Value::String(s.to_owned()))
    } else {
        plain_json_string(s)
    }
}

/// True when `s` has a character a JSON string must escape (`"`, `\\`, a control character).
#[inline]
fn needs_escape(s: &str) -> bool {
    crate::spelling::bytes::has_json_escape(s.as_bytes())
}

/// `"s"` for a text that needs no escape.
fn plain_json_string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    out.push_str(s);
    out.push('"');
    out
}
