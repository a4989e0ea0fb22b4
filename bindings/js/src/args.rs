//! A call's arguments in without JSON text: the argument tape.
//!
//! `Tool.read` in `lib/api.js` walks a plain argument object once (strings, finite numbers
//! other than `-0`, booleans, `null`, and plain arrays and objects of them, within the core's
//! nesting bound) into numbers and one text of its strings; [`decode`] builds from them the same
//! [`Value`] the core's JSON reader builds from `JSON.stringify`'s text of the object. Anything
//! else (a lone surrogate, a `toJSON`, a `bigint`, `-0`, nesting past the bound) is not written
//! as a tape: it crosses as JSON text, as before, so every answer stays the one that text gives.
//!
//! The numbers are `f64`s (JavaScript's own), each value one tag and what follows it:
//!
//! | tag | value | then |
//! | --- | --- | --- |
//! | [`NULL`] | `null` | nothing |
//! | [`FALSE`], [`TRUE`] | a boolean | nothing |
//! | [`INTEGER`] | a safe integer | the integer |
//! | [`NUMBER`] | any other finite number | the length of the text JavaScript prints for it (`1.5`, `1e+21`) |
//! | [`STRING`] | a string | its length |
//! | [`ARRAY`] | an array | its length, then its items |
//! | [`OBJECT`] | an object | its number of keys, then each key and its value |
//!
//! A key is the length of its string, or `-1 - i` for the tool's property name `i` (the top
//! level's keys the tool declares: they cross as a number, not as bytes). Each length is of
//! UTF-8 bytes in the text, which holds the strings one after another.

use std::cell::RefCell;

use agent_input::limits::MAX_JSON_DEPTH;
use serde_json::{Map, Number, Value};

use crate::convert::view_u32;
use crate::errors::GlueError;

/// `null`.
pub const NULL: u8 = 0;
/// `false`.
pub const FALSE: u8 = 1;
/// `true`.
pub const TRUE: u8 = 2;
/// A safe integer: its decimal text is what JavaScript prints for it.
pub const INTEGER: u8 = 3;
/// Any other finite number, as the text JavaScript prints for it.
pub const NUMBER: u8 = 4;
/// A string.
pub const STRING: u8 = 5;
/// An array: its length, then its items.
pub const ARRAY: u8 = 6;
/// An object: its number of keys, then each key and its value.
pub const OBJECT: u8 = 7;

thread_local! {
    /// The argument tape, written by JavaScript in place (each `Vec` as long as its room).
    static ROOM: RefCell<(Vec<f64>, Vec<u8>)> = const { RefCell::new((Vec::new(), Vec::new())) };
    static ROOM_VIEW: RefCell<[u32; 4]> = const { RefCell::new([0; 4]) };
}

/// Sizes the room JavaScript writes an argument tape into to `ops` numbers and `bytes` bytes,
/// keeping what is written within both, and says where it is: the address of four `u32`s, the
/// numbers' address and count and the bytes' address and count. The room stays where it is
/// until the next call of this; JavaScript views it again whenever the memory grew, and gives
/// back room past what it keeps between calls (`ARG_OPS_KEPT`, `ARG_BYTES_KEPT` in
/// `lib/api.js`).
pub fn arg_room(ops: usize, bytes: usize) -> usize {
    ROOM.with(|room| {
        let mut room = room.borrow_mut();
        room.0.resize(ops, 0.0);
        room.0.shrink_to(ops);
        room.1.resize(bytes, 0);
        room.1.shrink_to(bytes);
        ROOM_VIEW.with(|v| {
            let mut view = v.borrow_mut();
            let (ops, bytes) = (&room.0, &room.1);
            *view = [
                view_u32(ops.as_ptr() as usize),
                view_u32(ops.len()),
                view_u32(bytes.as_ptr() as usize),
                view_u32(bytes.len()),
            ];
            view.as_ptr() as usize
        })
    })
}

/// The most bytes of text a call's arguments may have for its tool to keep them for the next
/// call ([`decode_kept`]); a larger call's are dropped once it is read, so each kept string's
/// room is at most this.
pub const MAX_KEPT_ARGS_BYTES: usize = 64 * 1024;

/// The value of the argument tape JavaScript wrote into the room, its first `ops` numbers and
/// `bytes` bytes, decoded into `kept` ([`decode_kept`]: a tool's arguments of its last call).
///
/// # Errors
/// As [`decode`], and counts past the room (`kept` is then `null`).
pub fn decode_room<'k>(
    ops: usize,
    bytes: usize,
    names: &[String],
    kept: &'k mut Value,
) -> Result<&'k Value, GlueError> {
    ROOM.with(|room| {
        let room = room.borrow();
        match (room.0.get(..ops), room.1.get(..bytes)) {
            (Some(ops), Some(text)) => decode_kept(ops, text, names, kept),
            _ => {
                *kept = Value::Null;
                Err(GlueError::type_error(format!(
                    "the arguments' tape is past its room ({ops} numbers, {bytes} bytes)"
                )))
            }
        }
    })
}

/// [`decode`] into `kept`, the value of the tool's last call. A model's calls to one tool
/// nearly always send the same keys in the same order: when this tape's root object has the
/// keys `kept` has, in its order, each value is written into its place (a string into the room
/// of the string there), and no key, map or string of them is allocated again. Any other tape
/// is decoded whole and replaces `kept`. Either way `kept` then holds what [`decode`] gives;
/// after an error it is `null`. A call of more than [`MAX_KEPT_ARGS_BYTES`] of text is not
/// kept: `kept` is `null` after it ([`release`]).
///
/// # Errors
/// As [`decode`].
pub fn decode_kept<'k>(
    ops: &[f64],
    text: &[u8],
    names: &[String],
    kept: &'k mut Value,
) -> Result<&'k Value, GlueError> {
    if let (Value::Object(map), Ok(text)) = (&mut *kept, std::str::from_utf8(text)) {
        let mut cursor = Cursor { ops, at: 0, text, pos: 0, names };
        if cursor.refill(map).is_some() && cursor.at == ops.len() && cursor.pos == text.len() {
            return Ok(kept);
        }
    }
    match decode(ops, text, names) {
        Ok(value) => {
            *kept = value;
            Ok(kept)
        }
        Err(e) => {
            *kept = Value::Null;
            Err(e)
        }
    }
}

/// What a tool keeps of a call's arguments once the call is read: all of them when their text
/// was at most [`MAX_KEPT_ARGS_BYTES`], else nothing.
pub fn release(kept: &mut Value, bytes: usize) {
    if bytes > MAX_KEPT_ARGS_BYTES {
        *kept = Value::Null;
    }
}

/// The largest integer a double holds with every smaller one (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// The value an argument tape holds: its numbers, the UTF-8 bytes of its text, and the tool's
/// property names its keys may name by index.
///
/// # Errors
/// A tape the package's writer does not write (cut short, a tag it has no value for, a length
/// that is no whole number, a string that is not UTF-8 or runs past the text, a name index the
/// tool does not have, nesting past the core's bound, numbers or text left over): a
/// `TypeError`, since only the package's own code writes tapes.
pub fn decode(ops: &[f64], text: &[u8], names: &[String]) -> Result<Value, GlueError> {
    let malformed = |at: usize| GlueError::type_error(format!("the arguments' tape is malformed (at number {at})"));
    // The text checked once; each string is then a slice of it that starts and ends at a
    // character's edge.
    let text = std::str::from_utf8(text).map_err(|_| malformed(0))?;
    let mut cursor = Cursor { ops, at: 0, text, pos: 0, names };
    cursor.value(0).filter(|_| cursor.at == ops.len() && cursor.pos == text.len()).ok_or_else(|| malformed(cursor.at))
}

/// A tape's number as a count, length, index or tag: a whole number a `u32` holds.
fn whole(x: f64) -> Option<usize> {
    if x.fract() != 0.0 || !(0.0..=f64::from(u32::MAX)).contains(&x) {
        return None;
    }
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss, reason = "checked above")]
    Some(x as usize)
}

struct Cursor<'a> {
    ops: &'a [f64],
    at: usize,
    text: &'a str,
    pos: usize,
    names: &'a [String],
}

impl<'a> Cursor<'a> {
    fn op(&mut self) -> Option<f64> {
        let x = *self.ops.get(self.at)?;
        self.at += 1;
        Some(x)
    }

    /// A count or length ([`whole`]).
    fn count(&mut self) -> Option<usize> {
        whole(self.op()?)
    }

    /// The next string of the text (a length of UTF-8 bytes that ends at a character's end).
    fn string(&mut self) -> Option<&'a str> {
        let len = self.count()?;
        let s = self.text.get(self.pos..self.pos.checked_add(len)?)?;
        self.pos += len;
        Some(s)
    }

    /// An object's key: a string, or one of the tool's property names (`-1 - index`).
    fn key(&mut self) -> Option<String> {
        match self.ops.get(self.at) {
            Some(&op) if op < 0.0 => {
                self.at += 1;
                self.names.get(whole(-1.0 - op)?).cloned()
            }
            _ => self.string().map(str::to_owned),
        }
    }

    /// The root object of the tape into `map` when its keys are `map`'s, in order ([`decode_kept`]);
    /// `None` at the first difference (`map` then holds a part of each).
    fn refill(&mut self, map: &mut Map<String, Value>) -> Option<()> {
        if self.op()? != f64::from(OBJECT) || self.count()? != map.len() {
            return None;
        }
        for (key, slot) in map.iter_mut() {
            let same = match self.ops.get(self.at) {
                Some(&op) if op < 0.0 => {
                    self.at += 1;
                    self.names.get(whole(-1.0 - op)?)? == key
                }
                _ => self.string()? == key,
            };
            if !same {
                return None;
            }
            match slot {
                Value::String(s) if self.ops.get(self.at) == Some(&f64::from(STRING)) => {
                    self.at += 1;
                    let text = self.string()?;
                    s.clear();
                    s.push_str(text);
                }
                _ => *slot = self.value(1)?,
            }
        }
        Some(())
    }

    fn value(&mut self, depth: usize) -> Option<Value> {
        let tag = u8::try_from(whole(self.op()?)?).ok()?;
        Some(match tag {
            NULL => Value::Null,
            FALSE => Value::Bool(false),
            TRUE => Value::Bool(true),
            INTEGER => {
                let x = self.op()?;
                if x.fract() != 0.0 || x.abs() > MAX_SAFE_INTEGER {
                    return None;
                }
                #[allow(clippy::cast_possible_truncation, reason = "a safe integer, checked above")]
                Value::Number(Number::from(x as i64))
            }
            NUMBER => Value::Number(self.string()?.parse().ok()?),
            STRING => Value::String(self.string()?.to_owned()),
            ARRAY if depth < MAX_JSON_DEPTH => {
                let n = self.count()?;
                // Each item is at least a number: a length past what is left is not allocated.
                let mut items = Vec::with_capacity(n.min(self.ops.len() - self.at));
                for _ in 0..n {
                    items.push(self.value(depth + 1)?);
                }
                Value::Array(items)
            }
            OBJECT if depth < MAX_JSON_DEPTH => {
                let n = self.count()?;
                // Each entry is at least two numbers (a key's length and a value's tag).
                let mut object = Map::with_capacity(n.min((self.ops.len() - self.at) / 2));
                for _ in 0..n {
                    let key = self.key()?;
                    let value = self.value(depth + 1)?;
                    object.insert(key, value);
                }
                Value::Object(object)
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// The tests' tool: its property names.
    fn names() -> Vec<String> {
        vec!["query".to_owned(), "limit".to_owned()]
    }

    /// A tape as the package writes it (the tests' own writer): its numbers and text.
    fn tape(value: &Value) -> (Vec<f64>, Vec<u8>) {
        let mut out = (Vec::new(), Vec::new());
        write(value, 0, &mut out);
        out
    }

    #[allow(clippy::cast_precision_loss, reason = "the tests' values are small")]
    fn write(value: &Value, depth: usize, out: &mut (Vec<f64>, Vec<u8>)) {
        let string = |s: &str, out: &mut (Vec<f64>, Vec<u8>)| {
            out.0.push(s.len() as f64);
            out.1.extend(s.as_bytes());
        };
        match value {
            Value::Null => out.0.push(f64::from(NULL)),
            Value::Bool(b) => out.0.push(f64::from(if *b { TRUE } else { FALSE })),
            Value::Number(n) => match n.as_i64() {
                Some(i) => out.0.extend([f64::from(INTEGER), i as f64]),
                None => {
                    out.0.push(f64::from(NUMBER));
                    string(&n.to_string(), out);
                }
            },
            Value::String(s) => {
                out.0.push(f64::from(STRING));
                string(s, out);
            }
            Value::Array(items) => {
                out.0.extend([f64::from(ARRAY), items.len() as f64]);
                items.iter().for_each(|v| write(v, depth + 1, out));
            }
            Value::Object(map) => {
                out.0.extend([f64::from(OBJECT), map.len() as f64]);
                for (k, v) in map {
                    match names().iter().position(|name| name == k).filter(|_| depth == 0) {
                        Some(i) => out.0.push(-1.0 - i as f64),
                        None => string(k, out),
                    }
                    write(v, depth + 1, out);
                }
            }
        }
    }

    fn decoded(value: &Value) -> Result<Value, GlueError> {
        let (ops, text) = tape(value);
        decode(&ops, &text, &names())
    }

    #[test]
    fn a_tape_holds_the_value_the_json_reader_builds_from_its_text() {
        let text = r#"{"query": " nájem ", "limit": 10, "neg": -42, "ratio": 1.5, "big": 1e+21,
                       "flags": [true, false, null], "nested": {"z": "😀ř", "a": [], "query": "\u0000"}, "": {}}"#;
        let value = crate::convert::value(text).unwrap();
        let (ops, _) = tape(&value);
        assert!(ops.contains(&-1.0) && ops.contains(&-2.0), "the names cross by index: {ops:?}");
        let decoded = decoded(&value).unwrap();
        assert_eq!(decoded, value);
        // The same text, so the same notes and echoes: key order and numbers' digits included.
        assert_eq!(decoded.to_string(), value.to_string());
        assert_eq!(decoded["big"].to_string(), "1e+21");
        assert_eq!(decode(&[3.0, 10.0], b"", &[]).unwrap().to_string(), "10");
    }

    #[test]
    fn a_tape_the_writer_never_writes_is_a_type_error() {
        let (ops, text) = tape(&json!({"a": ["bř", 1, "😀"], "query": "x"}));
        let names = names();
        for cut in 0..ops.len() {
            assert_eq!(decode(&ops[..cut], &text, &names).unwrap_err().code, "type", "ops cut at {cut}");
        }
        for cut in 0..text.len() {
            assert_eq!(decode(&ops, &text[..cut], &names).unwrap_err().code, "type", "text cut at {cut}");
        }
        assert_eq!(decode(&ops, &text, &[]).unwrap_err().code, "type", "a name the tool lacks");
        let more = [ops.as_slice(), &[0.0]].concat();
        let longer = [text.as_slice(), b"x"].concat();
        let bad: [(&[f64], &[u8]); 12] = [
            (&more, &text),
            (&ops, &longer),
            (&[9.0], b""),
            (&[2.5], b""),
            (&[5.0, 1.0], b"\xff"),
            (&[5.0, 1.0], b""),
            (&[5.0, 1.5], b"a"),
            (&[3.0, 0.5], b""),
            (&[3.0, 2f64.powi(60)], b""),
            (&[4.0, 3.0], b"abc"),
            (&[7.0, 1.0, -1.5, 0.0], b""),
            (&[7.0, 1.0, -3.0, 0.0], b""),
        ];
        for (ops, text) in bad {
            assert_eq!(decode(ops, text, &names).unwrap_err().code, "type", "{ops:?} {text:?}");
        }
        // A length that ends inside a character is refused.
        assert!(decode(&[5.0, 2.0], "😀".as_bytes(), &[]).is_err());
        assert_eq!(decode(&[5.0, 4.0], "😀".as_bytes(), &[]).unwrap(), json!("😀"));
        // A count past the numbers left is not allocated up front.
        assert!(decode(&[6.0, f64::from(u32::MAX)], b"", &[]).is_err());
        assert!(decode(&[7.0, f64::from(u32::MAX)], b"", &[]).is_err());
    }

    #[test]
    fn the_room_keeps_what_is_written_as_it_grows_and_reads_within_it() {
        let (ops, text) = tape(&json!({"query": "nájem", "x": [1, "ř"]}));
        arg_room(ops.len(), text.len());
        ROOM.with(|room| {
            let mut room = room.borrow_mut();
            room.0.copy_from_slice(&ops);
            room.1.copy_from_slice(&text);
        });
        // Grown (as JavaScript asks when it runs out), the room keeps what was written.
        arg_room(4 * ops.len(), 4 * text.len());
        let mut kept = Value::Null;
        let value = decode_room(ops.len(), text.len(), &names(), &mut kept).unwrap();
        assert_eq!(value, &json!({"query": "nájem", "x": [1, "ř"]}));
        assert_eq!(decode_room(4 * ops.len() + 1, 0, &names(), &mut kept).unwrap_err().code, "type");
        assert_eq!(kept, Value::Null, "nothing kept after a tape past its room");
        // Given back, the room is its new size.
        arg_room(256, 4096);
        ROOM.with(|room| assert_eq!((room.borrow().0.len(), room.borrow().1.len()), (256, 4096)));
    }

    /// A tool's kept arguments hold, after each call of a sequence, what the call decodes to
    /// alone: the same keys again (strings into strings, a string for a number, `null` for a
    /// string, nested values), other orders, fewer and more keys, roots that are no object, a
    /// malformed tape between (an error, and nothing kept), and a call past what is kept.
    #[test]
    fn kept_arguments_are_each_calls_own() {
        let names = names();
        let big = "ř".repeat(MAX_KEPT_ARGS_BYTES);
        let calls = [
            json!({"query": "a", "limit": 5}),
            json!({"query": "bé and a longer text", "limit": "x"}),
            json!({"query": "c", "limit": "a longer text than before"}),
            json!({"query": null, "limit": "y"}),
            json!({"query": "d", "limit": {"nested": ["s", 1.5, {"query": "e"}]}}),
            json!({"query": "d", "limit": {"nested": ["t"]}}),
            json!({"limit": 1, "query": "z"}),
            json!({"limit": 1, "query": "z"}),
            json!({"limit": 1}),
            json!({"limit": 1, "query": "z", "extra": "w"}),
            json!({"limit": 1, "query": "z", "other": "w"}),
            json!({"limit": 1, "query": "z", "other": "v"}),
            json!("text"),
            json!({"query": "a", "limit": 5}),
            json!({"query": big.clone(), "limit": 5}),
            json!({"query": "a", "limit": 5}),
        ];
        let mut kept = Value::Null;
        for (i, call) in calls.iter().enumerate() {
            if i == 6 {
                // A malformed tape between: its error, and nothing kept after it.
                let (ops, text) = tape(&json!({"query": "a", "limit": 5}));
                assert!(decode_kept(ops.get(..ops.len() - 1).unwrap(), &text, &names, &mut kept).is_err());
                assert_eq!(kept, Value::Null);
            }
            let (ops, text) = tape(call);
            let alone = decode(&ops, &text, &names).unwrap();
            assert_eq!(decode_kept(&ops, &text, &names, &mut kept).unwrap(), &alone, "call {i}");
            assert_eq!(&kept, call, "call {i}");
            release(&mut kept, text.len());
            assert_eq!(kept.is_null(), text.len() > MAX_KEPT_ARGS_BYTES, "call {i}");
        }
    }

    #[test]
    fn nesting_stops_at_the_cores_bound() {
        let at = |levels: usize| {
            let mut ops = [f64::from(ARRAY), 1.0].repeat(levels);
            ops.extend([f64::from(ARRAY), 0.0]);
            ops
        };
        assert!(decode(&at(MAX_JSON_DEPTH - 1), b"", &[]).is_ok());
        assert!(decode(&at(MAX_JSON_DEPTH), b"", &[]).is_err());
    }
}
