//! Reading JSON text the library receives whole (a batch line, a call's body): UTF-8 checked
//! with the byte offset of the first bad byte, bounded in size and depth, and every key an
//! object holds twice reported rather than silently overwritten.
//!
//! `serde_json` keeps the last of two equal keys and says nothing; a caller that sent
//! `{"query": "first", "query": "second"}` deserves to hear which one was read. [`parse`]
//! builds the same `Value` serde_json would (numbers keep their exact text) and lists each
//! duplicate with its path and both values.

use std::cell::RefCell;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error as _, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Number, Value};

use crate::limits::MAX_JSON_DEPTH;

/// The key serde_json (built with `arbitrary_precision`) uses to hand a number's exact text
/// to a visitor. A test below keeps it honest.
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// The keys the outermost object of a text has room for before it grows.
const OUTER_KEYS: usize = 8;

/// A key an object held twice: the value read (the last) and the one ignored.
#[derive(Clone, Debug, PartialEq)]
pub struct Duplicate {
    /// The path of the key (`query`, `entries[2].amount`).
    pub path: String,
    /// The value that was ignored (the first).
    pub ignored: Value,
    /// The value that was read (the last, as JSON parsers do).
    pub read: Value,
}

/// Why a text is not the JSON asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonError {
    /// The bytes are not UTF-8; `offset` is the first bad byte.
    NotUtf8 {
        /// The byte offset of the first byte that is not UTF-8.
        offset: usize,
    },
    /// The text is longer than the bound.
    TooLarge {
        /// The text's length in bytes.
        bytes: usize,
        /// The bound.
        max: usize,
    },
    /// A string holds a `\u` escape of a lone UTF-16 surrogate (half of a character), which no
    /// Unicode text holds.
    LoneSurrogate {
        /// The byte offset where the parser stopped, just after the escape.
        offset: usize,
    },
    /// Arrays and objects nest deeper than [`MAX_JSON_DEPTH`].
    TooDeep {
        /// The byte offset where the parser stopped.
        offset: usize,
        /// The bound.
        max: usize,
    },
    /// Not JSON: the parser's reason, where it stopped.
    Syntax {
        /// The byte offset where the parser stopped.
        offset: usize,
        /// What the parser expected, in its words.
        reason: String,
    },
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotUtf8 { offset } => write!(f, "byte {offset} is not UTF-8"),
            Self::TooLarge { bytes, max } => write!(f, "it has {bytes} bytes, more than the {max} allowed"),
            Self::LoneSurrogate { offset } => {
                write!(f, "it holds a lone UTF-16 surrogate (half of a character) before byte {offset}")
            }
            Self::TooDeep { offset, max } => write!(f, "it nests more than {max} levels deep at byte {offset}"),
            Self::Syntax { offset, reason } => write!(f, "it is not JSON at byte {offset}: {reason}"),
        }
    }
}

/// A JSON text, read: the value, and every key that was held twice.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed {
    /// The value, as serde_json reads it (the last of two equal keys).
    pub value: Value,
    /// Keys held twice, in the order they were met.
    pub duplicates: Vec<Duplicate>,
}

/// Reads `bytes` as one JSON value of at most `max_bytes` bytes and [`MAX_JSON_DEPTH`] levels.
///
/// # Errors
/// Not UTF-8 (with the offset), too large, or not JSON (with the offset and the reason).
pub fn parse(bytes: &[u8], max_bytes: usize) -> Result<Parsed, JsonError> {
    if bytes.len() > max_bytes {
        return Err(JsonError::TooLarge { bytes: bytes.len(), max: max_bytes });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| JsonError::NotUtf8 { offset: e.valid_up_to() })?;
    let state = RefCell::new(State::default());
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Seed { state: &state, depth: 0 }.deserialize(&mut de).and_then(|v| de.end().map(|()| v));
    let state = state.into_inner();
    let value = value.map_err(|e| {
        let offset = offset_of(text, e.line(), e.column());
        let reason = reason(&e);
        if state.too_deep {
            JsonError::TooDeep { offset, max: MAX_JSON_DEPTH }
        } else if let Some(at) = lone_surrogate_at(text) {
            JsonError::LoneSurrogate { offset: at }
        } else {
            JsonError::Syntax { offset, reason }
        }
    })?;
    Ok(Parsed { value, duplicates: state.duplicates })
}

/// The byte offset of the first `\u` escape of a lone UTF-16 surrogate in a string of `text`
/// (looked for only once serde_json has refused the text).
fn lone_surrogate_at(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    let unit = |at: usize| -> Option<u16> {
        let digits = bytes.get(at..at + 6)?;
        if digits.first() != Some(&b'\\') || digits.get(1) != Some(&b'u') {
            return None;
        }
        u16::from_str_radix(std::str::from_utf8(digits.get(2..)?).ok()?, 16).ok()
    };
    let (mut at, mut in_string) = (0, false);
    while let Some(&b) = bytes.get(at) {
        match b {
            b'"' => in_string = !in_string,
            b'\\' if in_string => {
                match unit(at) {
                    Some(0xD800..=0xDBFF) if matches!(unit(at + 6), Some(0xDC00..=0xDFFF)) => at += 6,
                    Some(0xD800..=0xDFFF) => return Some(at),
                    _ => {}
                }
                at += 1;
            }
            _ => {}
        }
        at += 1;
    }
    None
}

/// serde_json's message without its " at line L column C" tail (the offset says where).
fn reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) => text.get(..i).unwrap_or_default().to_owned(),
        None => text,
    }
}

/// The byte offset of a 1-based line and column (serde_json's column counts bytes).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let line_start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    (line_start + column.saturating_sub(1)).min(text.len())
}

#[derive(Default)]
struct State {
    /// The path to the value being read.
    path: Vec<Segment>,
    duplicates: Vec<Duplicate>,
    /// Set when the nesting went past [`MAX_JSON_DEPTH`].
    too_deep: bool,
}

enum Segment {
    Key(String),
    Index(usize),
}

impl State {
    fn path_to(&self, key: &str) -> String {
        let mut out = String::new();
        for segment in &self.path {
            match segment {
                Segment::Key(k) if out.is_empty() => out.push_str(k),
                Segment::Key(k) => {
                    out.push('.');
                    out.push_str(k);
                }
                Segment::Index(i) => out.push_str(&format!("[{i}]")),
            }
        }
        if !out.is_empty() {
            out.push('.');
        }
        out.push_str(key);
        out
    }
}

#[derive(Clone, Copy)]
struct Seed<'s> {
    state: &'s RefCell<State>,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Seed<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let inner = self.deeper::<A::Error>()?;
        let mut items = Vec::new();
        loop {
            self.state.borrow_mut().path.push(Segment::Index(items.len()));
            let item = seq.next_element_seed(inner);
            self.state.borrow_mut().path.pop();
            match item? {
                Some(v) => items.push(v),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let Some(first) = map.next_key::<String>()? else { return Ok(Value::Object(Map::new())) };
        if first == NUMBER_TOKEN {
            return Ok(Value::Number(Number::from_string_unchecked(map.next_value::<String>()?)));
        }
        let inner = self.deeper::<A::Error>()?;
        // The outermost object (a call's arguments, a batch line) is sized for a usual tool's
        // properties at once, not grown from four by doubling; nested ones grow as they fill.
        let mut object = if self.depth == 0 { Map::with_capacity(OUTER_KEYS) } else { Map::new() };
        let mut key = Some(first);
        while let Some(k) = key {
            // The key is lent to the path while its value is read, and taken back: not copied.
            self.state.borrow_mut().path.push(Segment::Key(k));
            let value = map.next_value_seed(inner);
            let popped = self.state.borrow_mut().path.pop();
            let value = value?;
            let Some(Segment::Key(k)) = popped else { return Err(A::Error::custom("the path lost an object's key")) };
            // One lookup of the key: kept where it was first met, as serde_json keeps it.
            match object.entry(k) {
                Entry::Vacant(slot) => {
                    slot.insert(value);
                }
                Entry::Occupied(mut slot) => {
                    let mut state = self.state.borrow_mut();
                    let path = state.path_to(slot.key());
                    let read = value.clone();
                    let ignored = slot.insert(value);
                    state.duplicates.push(Duplicate { path, ignored, read });
                }
            }
            key = map.next_key::<String>()?;
        }
        Ok(Value::Object(object))
    }
}

impl<'s> Seed<'s> {
    fn deeper<E: serde::de::Error>(self) -> Result<Seed<'s>, E> {
        if self.depth >= MAX_JSON_DEPTH {
            self.state.borrow_mut().too_deep = true;
            return Err(E::custom(format!("more than {MAX_JSON_DEPTH} levels of nesting")));
        }
        Ok(Seed { state: self.state, depth: self.depth + 1 })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn ok(text: &str) -> Parsed {
        parse(text.as_bytes(), 1 << 20).unwrap()
    }

    #[test]
    fn the_same_value_as_serde_json_with_exact_numbers() {
        for text in
            [r#"{"a": [1.50, -0, 1e400, {"b": null}], "c": "x", "d": true}"#, "12345678901234567890", "[]", "{}"]
        {
            let ours = ok(text).value;
            let theirs: Value = serde_json::from_str(text).unwrap();
            assert_eq!(ours, theirs, "{text}");
            assert_eq!(ours.to_string(), theirs.to_string(), "{text}");
        }
        assert_eq!(ok("1.50").value.to_string(), "1.50");
    }

    #[test]
    fn a_lone_surrogate_and_deep_nesting_have_their_own_errors_and_asks() {
        for text in [r#""a\ud800b""#, r#"{"x": ["\udc00"]}"#, r#""\ud800\u0041""#] {
            let err = parse(text.as_bytes(), 1 << 20).unwrap_err();
            assert!(matches!(err, JsonError::LoneSurrogate { .. }), "{text}: {err:?}");
        }
        // A pair is one character.
        assert_eq!(ok(r#""\ud83d\ude00""#).value, "\u{1f600}");
        let deep = "[".repeat(1000) + &"]".repeat(1000);
        let err = parse(deep.as_bytes(), 1 << 20).unwrap_err();
        assert!(matches!(err, JsonError::TooDeep { max: MAX_JSON_DEPTH, .. }), "{err:?}");
    }

    #[test]
    fn duplicates_are_named_with_both_values() {
        let p = ok(r#"{"query": "first", "entries": [{"a": 1, "a": 2}], "query": "second"}"#);
        assert_eq!(p.value["query"], "second");
        let keys: Vec<&String> = p.value.as_object().map(|o| o.keys().collect()).unwrap_or_default();
        assert_eq!(keys, ["query", "entries"], "a key read twice keeps the place it was first met at");
        let found: Vec<(&str, &Value, &Value)> =
            p.duplicates.iter().map(|d| (d.path.as_str(), &d.ignored, &d.read)).collect();
        assert_eq!(found, [("entries[0].a", &json!(1), &json!(2)), ("query", &json!("first"), &json!("second"))]);
    }

    #[test]
    fn errors_say_where() {
        assert_eq!(parse(b"{\"a\": \"x\xffy\"}", 100), Err(JsonError::NotUtf8 { offset: 8 }));
        assert_eq!(parse(b"[1, 2]", 3), Err(JsonError::TooLarge { bytes: 6, max: 3 }));
        let Err(JsonError::Syntax { offset, .. }) = parse(b"{\"a\": 1,\n \"b\": }", 100) else { panic!() };
        assert_eq!(offset, 15);
        let deep = "[".repeat(MAX_JSON_DEPTH + 1) + &"]".repeat(MAX_JSON_DEPTH + 1);
        assert!(matches!(parse(deep.as_bytes(), 1 << 20), Err(JsonError::TooDeep { .. })));
        let fine = "[".repeat(MAX_JSON_DEPTH) + &"]".repeat(MAX_JSON_DEPTH);
        assert!(parse(fine.as_bytes(), 1 << 20).is_ok());
    }
}
