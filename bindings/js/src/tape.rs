//! An outcome or a call crossing to JavaScript as structured data rather than JSON text.
//!
//! A serde serializer writes any `Serialize` value (an outcome, a tool call) as a *tape*: one
//! `u32` per JSON node, the numbers as `f64`s, and one string holding every other string's
//! characters in the order the nodes name them. JavaScript (`fromTape` in `lib/api.js`) views
//! the three in the module's memory, decodes the text once and builds the objects from the tape,
//! slicing each string out by its length in UTF-16 units: nothing is written as JSON text and
//! nothing is parsed. The text holds the strings of ASCII first, then every other string: an
//! engine decodes UTF-8 a byte at a time from the first byte past ASCII on, so one `é` at the
//! start (an argument's value is written before its note) would make the whole text's decoding
//! about twice as slow. The wire's keys ([`KEYS`]) and the codes (by their enum and variant index,
//! the order of `lib/generated.js`) cross as numbers naming strings JavaScript already holds;
//! other strings a serialiser spells with a static string cross once per answer, named by index
//! after. A call's tape also names the tool's own property names by index ([`write_named`]): its
//! arguments' keys and its notes' paths, which JavaScript holds once per tool. A tool call's and
//! a read's outcome's own shape (their keys, their notes) is written directly rather than
//! through serde ([`write_call`], [`write_outcome`]), to the same tape.
//!
//! Each node is one op, `tag | arg << 3`, an array's or object's children following it (an
//! object's as key, value, key, value):
//!
//! | tag | node | arg |
//! | --- | --- | --- |
//! | 0 | `null`, `false`, `true` | 0, 1, 2 |
//! | 1 | a number: the next `f64` | - |
//! | 2 | a string: the next `arg >> 1` UTF-16 units of the text's ASCII part (`arg & 1` 0) or of its other part (1) | length and part |
//! | 3 | a string, as 2, and kept: later nodes name it by index | length and part |
//! | 4 | a string kept before | its index |
//! | 5 | an array of `arg` nodes | length |
//! | 6 | an object of `arg` entries | entries |
//! | 7 | a string of a table: `arg & 7` the table (0 [`KEYS`], 1-4 note, warning, ask and envelope codes, 5 the tool's property names), `arg >> 3` its index | table and index |
//!
//! A JSON number whose double JavaScript would print with other digits crosses as its decimal
//! text, and the root object then ends with `"exact": false`, as in the JSON text path
//! ([`crate::convert::exact_double`]).

use std::fmt;

use agent_input::{Note, Outcome, Status};
use serde::ser::{self, Serialize};
use serde_json::Value;

use crate::convert::exact_double;

const NULL: u32 = 0;
const FALSE: u32 = 1 << 3;
const TRUE: u32 = 2 << 3;
const NUMBER: u32 = 1;
const STRING: u32 = 2;
const KEPT: u32 = 3;
const NAMED: u32 = 4;
const ARRAY: u32 = 5;
const OBJECT: u32 = 6;
const TABLE: u32 = 7;

/// The keys of the wire's objects (outcomes, notes, warnings, asks, readings, calls, envelopes,
/// issues): JavaScript holds them and a key among them crosses as its index (`tape_keys`).
pub const KEYS: &[&str] = &[
    "status",
    "value",
    "notes",
    "warnings",
    "ask",
    "code",
    "message",
    "path",
    "values",
    "received",
    "expected",
    "hint",
    "readings",
    "meaning",
    "args",
    "issues",
    "exact",
    "retry_after_seconds",
];

/// A key's index in [`KEYS`].
fn key_index(key: &str) -> Option<usize> {
    KEYS.iter().position(|k| *k == key)
}

/// The code enums whose variants cross by index, in the order of their tables (1, 2, ...).
const CODE_ENUMS: [&str; 4] = ["NoteCode", "WarningCode", "AskCode", "EnvelopeCode"];

/// The largest length or count an op holds (29 bits); a longer string or collection is an
/// error, and the answer crosses as JSON text instead.
const MAX_ARG: usize = (1 << 29) - 1;

/// The most bytes each part of a tape keeps between answers: a larger answer's buffers are
/// given back when the next answer is written, so one huge call does not hold its memory.
pub const MAX_RETAINED_BYTES: usize = 1 << 20;

/// Slots of the cache of kept strings (a power of two).
const CACHE: usize = 64;

/// The name serde_json's arbitrary-precision numbers serialise under (a struct of one field
/// holding the number's text).
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// The three parts of a tape, kept between answers so their memory is reused.
#[derive(Debug, Default)]
pub struct Parts {
    /// The ops, the root's first.
    pub ops: Vec<u32>,
    /// The numbers, in the order their ops come.
    pub nums: Vec<f64>,
    /// The strings' text: those of ASCII alone in the order their ops come, then the others
    /// in theirs.
    pub text: String,
    /// Where the strings beyond ASCII start in [`Self::text`] (a byte and UTF-16 offset alike).
    pub ascii: usize,
    /// The strings beyond ASCII while the tape is written.
    wide: String,
}

/// The table of a tool's property names (`write_named`).
const NAMES_TABLE: usize = 5;

/// The most property names a tape names by index: each string of a call is compared with each
/// name, so a tool of more properties sends its names as text, as any other string.
pub const MAX_NAMED: usize = 64;

/// A tool's property names, as JavaScript holds them (the tape's table 5), with what a tape
/// needs to find one among them: made once per tool, not once per answer.
#[derive(Debug, Clone)]
pub struct Names {
    list: Vec<String>,
    /// Each name's index + 1 in the slot of its [`name_slot`] ([`SHARED_SLOT`] where names
    /// share one, 0 where none is): a string is compared with one name, not with each. All 0
    /// for a tool of more than [`MAX_NAMED`] names, whose names cross as text.
    slots: [u8; NAME_SLOTS],
    /// The longest name's length in bytes: a longer string (a note's message) is no name.
    longest: usize,
}

impl Names {
    /// The names, in the order JavaScript holds them.
    #[must_use]
    pub fn new(list: Vec<String>) -> Self {
        let named = if list.len() <= MAX_NAMED { list.as_slice() } else { &[] };
        let (slots, longest) = (name_slots(named), named.iter().map(String::len).max().unwrap_or(0));
        Self { list, slots, longest }
    }

    /// The names, in order.
    #[must_use]
    pub fn list(&self) -> &[String] {
        &self.list
    }

    /// The index of the name `s` is, if it is one the tape names.
    fn find(&self, s: &str) -> Option<usize> {
        match self.slots.get(name_slot(s)).copied().unwrap_or(0) {
            0 => None,
            SHARED_SLOT => self.list.iter().position(|n| n == s),
            i => Some(usize::from(i) - 1).filter(|&i| self.list.get(i).is_some_and(|n| n == s)),
        }
    }
}

/// No names: every string crosses as text.
pub static NO_NAMES: Names = Names { list: Vec::new(), slots: [0; NAME_SLOTS], longest: 0 };

/// A tape being written.
#[derive(Debug)]
struct Tape<'p> {
    /// The tool's property names, which cross by index (table [`NAMES_TABLE`]); none but for a
    /// call's tape.
    names: &'p Names,
    ops: &'p mut Vec<u32>,
    nums: &'p mut Vec<f64>,
    text: &'p mut String,
    wide: &'p mut String,
    /// Static strings already sent, by address and length, with the op that names them: a
    /// direct-mapped cache (a string whose slot another took is looked up and sent again).
    cache: [(usize, usize, u32); CACHE],
    /// How many strings were kept.
    kept: u32,
    inexact: bool,
    /// The next string is a number's text (inside serde_json's number struct).
    number_text: bool,
}

/// Why a value has no tape (it then crosses as JSON text).
#[derive(Debug)]
pub struct TapeError(String);

impl fmt::Display for TapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TapeError {}

impl ser::Error for TapeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self(msg.to_string())
    }
}

/// A tape's result.
pub type Result<T> = std::result::Result<T, TapeError>;

/// Writes the tape of `value` into `parts` (emptied first).
///
/// # Errors
/// A string or collection longer than an op can say, a map key that is not a string, or a
/// value's own serialisation error; `parts` then holds a part of the tape.
pub fn write<T: Serialize + ?Sized>(value: &T, parts: &mut Parts) -> Result<()> {
    write_named(value, &NO_NAMES, parts)
}

/// [`write()`], a string equal to one of `names` (a tool's property names, in the order
/// JavaScript holds them) written as its index in that table, when there are at most
/// [`MAX_NAMED`] of them.
///
/// # Errors
/// As [`write()`].
pub fn write_named<T: Serialize + ?Sized>(value: &T, names: &Names, parts: &mut Parts) -> Result<()> {
    write_with(names, parts, |tape| value.serialize(tape))
}

/// A tape written into `parts` (emptied first) by `write`.
fn write_with(names: &Names, parts: &mut Parts, write: impl FnOnce(&mut Tape<'_>) -> Result<()>) -> Result<()> {
    parts.ops.clear();
    parts.nums.clear();
    parts.text.clear();
    parts.wide.clear();
    parts.ops.shrink_to(MAX_RETAINED_BYTES / 4);
    parts.nums.shrink_to(MAX_RETAINED_BYTES / 8);
    parts.text.shrink_to(MAX_RETAINED_BYTES);
    parts.wide.shrink_to(MAX_RETAINED_BYTES);
    let mut tape = Tape {
        names,
        ops: &mut parts.ops,
        nums: &mut parts.nums,
        text: &mut parts.text,
        wide: &mut parts.wide,
        cache: [(0, 0, 0); CACHE],
        kept: 0,
        inexact: false,
        number_text: false,
    };
    write(&mut tape)?;
    tape.finish()?;
    parts.ascii = parts.text.len();
    parts.text.push_str(&parts.wide);
    Ok(())
}

/// The op naming `key` in [`KEYS`] (table 0), found when the crate compiles (a key not in the
/// table does not compile).
const fn key_op(key: &str) -> u32 {
    let mut i = 0;
    while i < KEYS.len() {
        let (a, b) = (KEYS[i].as_bytes(), key.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                #[allow(clippy::cast_possible_truncation, reason = "KEYS has 18 entries")]
                return TABLE | (i as u32) << 6;
            }
        }
        i += 1;
    }
    panic!("a key not in KEYS")
}

/// The ops of the keys [`write_call`] and [`write_outcome`] write.
const K_STATUS: u32 = key_op("status");
const K_VALUE: u32 = key_op("value");
const K_ARGS: u32 = key_op("args");
const K_NOTES: u32 = key_op("notes");
const K_WARNINGS: u32 = key_op("warnings");
const K_CODE: u32 = key_op("code");
const K_MESSAGE: u32 = key_op("message");
const K_PATH: u32 = key_op("path");

/// [`write_named`] of a tool call, the call's own shape written directly: its keys by their
/// ops, its notes' objects without serde's calls between (serde writes what is inside them:
/// the arguments, the codes, the warnings). A call with issues, and the envelope, go through
/// serde as any other value. A test checks the tapes are the same.
///
/// # Errors
/// As [`write()`].
pub fn write_call(call: &agent_input::tool::ToolCall, names: &Names, parts: &mut Parts) -> Result<()> {
    use agent_input::tool::ToolCall;
    let ToolCall::Ok { args, notes, warnings, issues } = call else {
        return write_named(call, names, parts);
    };
    if !issues.is_empty() {
        return write_named(call, names, parts);
    }
    write_with(names, parts, |tape| {
        tape.ops.push(OBJECT | arg(4)?);
        tape.ops.push(K_STATUS);
        tape.string("ok")?;
        tape.ops.push(K_ARGS);
        args.serialize(&mut *tape)?;
        tape.ops.push(K_NOTES);
        tape.notes(notes)?;
        tape.ops.push(K_WARNINGS);
        warnings.serialize(&mut *tape)
    })
}

/// [`write()`] of a read's outcome, its own shape written directly as [`write_call`] writes a
/// call's: its keys by their ops, its notes' objects without serde's calls between. An ask goes
/// through serde as any other value. A test checks the tapes are the same.
///
/// # Errors
/// As [`write()`].
pub fn write_outcome(outcome: &Outcome<Value>, parts: &mut Parts) -> Result<()> {
    let (status, value) = match &outcome.status {
        Status::Ok { value } => ("ok", Some(value)),
        Status::Absent => ("absent", None),
        Status::Ask { .. } => return write(outcome, parts),
    };
    write_with(&NO_NAMES, parts, |tape| {
        tape.ops.push(OBJECT | arg(3 + usize::from(value.is_some()))?);
        tape.ops.push(K_STATUS);
        tape.string(status)?;
        if let Some(value) = value {
            tape.ops.push(K_VALUE);
            value.serialize(&mut *tape)?;
        }
        tape.ops.push(K_NOTES);
        tape.notes(&outcome.notes)?;
        tape.ops.push(K_WARNINGS);
        outcome.warnings.serialize(&mut *tape)
    })
}

/// Slots of [`Names::slots`] (a power of two, past [`MAX_NAMED`] so that names seldom share).
const NAME_SLOTS: usize = 128;

/// The slot of [`Names::slots`] a slot of which more than one name is in holds.
const SHARED_SLOT: u8 = u8::MAX;

/// A string's slot in [`Names::slots`]: of its length and its first and last bytes.
fn name_slot(s: &str) -> usize {
    let bytes = s.as_bytes();
    let (first, last) = (bytes.first().copied().unwrap_or(0), bytes.last().copied().unwrap_or(0));
    (bytes.len().wrapping_mul(31) ^ usize::from(first).wrapping_mul(7) ^ usize::from(last)) % NAME_SLOTS
}

/// [`Names::slots`] of at most [`MAX_NAMED`] `names`.
fn name_slots(names: &[String]) -> [u8; NAME_SLOTS] {
    let mut slots = [0; NAME_SLOTS];
    for (i, name) in names.iter().enumerate() {
        if let Some(slot) = slots.get_mut(name_slot(name)) {
            *slot = if *slot == 0 { u8::try_from(i + 1).unwrap_or(SHARED_SLOT) } else { SHARED_SLOT };
        }
    }
    slots
}

fn arg(n: usize) -> Result<u32> {
    if n > MAX_ARG {
        return Err(TapeError(format!("{n} is past what a tape op holds")));
    }
    u32::try_from(n << 3).map_err(|e| TapeError(e.to_string()))
}

/// Bytes of a word whose top bit is set.
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The UTF-16 code units of `s`, as JavaScript counts its length: a unit per byte but for
/// continuation bytes (`10xxxxxx`), and one more for each lead byte of four (`11110xxx`: a
/// surrogate pair). Eight bytes at a time: WebAssembly has no vector instructions here, and a
/// message's text is most of what an answer writes.
fn utf16_units(s: &str) -> usize {
    let bytes = s.as_bytes();
    let mut chunks = bytes.chunks_exact(8);
    let (mut continuation, mut four) = (0, 0);
    for chunk in &mut chunks {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        if x & HIGH_BITS == 0 {
            continue;
        }
        // A byte's bit 6 (5, 4) shifted to its bit 7; no bit crosses into a byte's bit 7.
        continuation += (x & !(x << 1) & HIGH_BITS).count_ones();
        four += (x & (x << 1) & (x << 2) & (x << 3) & HIGH_BITS).count_ones();
    }
    for &b in chunks.remainder() {
        continuation += u32::from(b & 0xC0 == 0x80);
        four += u32::from(b >= 0xF0);
    }
    bytes.len() - continuation as usize + four as usize
}

impl<'p> Tape<'p> {
    fn finish(mut self) -> Result<()> {
        if self.inexact && self.ops.first().is_some_and(|op| op & 7 == OBJECT) {
            if let Some(root) = self.ops.first_mut() {
                *root += 1 << 3;
            }
            self.static_str("exact")?;
            self.ops.push(FALSE);
        }
        Ok(())
    }

    /// The array of `notes`, each `{code, message, path}` (`path` only when it has one), as
    /// serde's derive of [`Note`] writes them.
    fn notes(&mut self, notes: &[Note]) -> Result<()> {
        self.ops.push(ARRAY | arg(notes.len())?);
        for note in notes {
            self.ops.push(OBJECT | if note.path.is_some() { 3 << 3 } else { 2 << 3 });
            self.ops.push(K_CODE);
            note.code.serialize(&mut *self)?;
            self.ops.push(K_MESSAGE);
            self.string(&note.message)?;
            if let Some(path) = &note.path {
                self.ops.push(K_PATH);
                self.string(path)?;
            }
        }
        Ok(())
    }

    fn string(&mut self, s: &str) -> Result<()> {
        if let Some(op) = self.name_op(s) {
            self.ops.push(op);
            return Ok(());
        }
        // A string's UTF-16 units are its bytes only when it is ASCII.
        let units = utf16_units(s);
        let ascii = units == s.len();
        self.ops.push(STRING | arg(units << 1 | usize::from(!ascii))?);
        if ascii {
            self.text.push_str(s);
        } else {
            self.wide.push_str(s);
        }
        Ok(())
    }

    /// A key or another string a serialiser spells with a static string: a [`KEYS`] entry by
    /// index, any other sent once and named by index after. The strings serialised are
    /// borrowed from the value for the whole call, so an address and length seen twice is the
    /// same text.
    fn static_str(&mut self, s: &str) -> Result<()> {
        let id = (s.as_ptr() as usize, s.len());
        let slot = (id.0 >> 3 ^ id.0 >> 9 ^ id.1) % CACHE;
        if let Some(&(at, len, op)) = self.cache.get(slot) {
            if (at, len) == id {
                self.ops.push(op);
                return Ok(());
            }
        }
        let op = if let Some(i) = key_index(s) {
            TABLE | arg(i << 3)?
        } else if let Some(op) = self.name_op(s) {
            op
        } else {
            self.string(s)?;
            if let Some(op) = self.ops.last_mut() {
                *op = (*op & !7) | KEPT;
            }
            self.kept += 1;
            NAMED | arg(self.kept as usize - 1)?
        };
        if op & 7 == TABLE {
            self.ops.push(op);
        }
        if let Some(entry) = self.cache.get_mut(slot) {
            *entry = (id.0, id.1, op);
        }
        Ok(())
    }

    /// The op naming `s` in the tool's property names, if it is one.
    /// (Looked at for every string: a string longer than every name, as a message is, is
    /// turned away before the call.)
    #[inline]
    fn name_op(&self, s: &str) -> Option<u32> {
        if s.len() > self.names.longest {
            return None;
        }
        self.named(s)
    }

    /// [`Self::name_op`] past its check of the length: an index below [`MAX_NAMED`], which an
    /// op always holds.
    fn named(&self, s: &str) -> Option<u32> {
        let i = u32::try_from(self.names.find(s)?).ok()?;
        Some(TABLE | (i << 3 | NAMES_TABLE as u32) << 3)
    }

    /// A unit variant: a code by its enum's table and index, any other by its name.
    fn variant(&mut self, name: &str, index: u32, variant: &'static str) -> Result<()> {
        match CODE_ENUMS.iter().position(|e| *e == name) {
            Some(table) => {
                self.ops.push(TABLE | arg(((index as usize) << 3) | (table + 1))?);
                Ok(())
            }
            None => self.static_str(variant),
        }
    }

    fn number(&mut self, x: f64) {
        self.ops.push(NUMBER);
        self.nums.push(x);
    }

    /// A variant holding an array or object: `{variant: ...}`, the inner one opened.
    fn variant_of(&mut self, variant: &'static str, tag: u32) -> Result<Compound<'_, 'p>> {
        self.ops.push(OBJECT | arg(1)?);
        self.static_str(variant)?;
        Ok(self.open(tag))
    }

    /// Opens an array or object whose length is patched when it ends.
    fn open(&mut self, tag: u32) -> Compound<'_, 'p> {
        let at = self.ops.len();
        self.ops.push(tag);
        Compound { tape: self, at, count: 0, number: false }
    }
}

/// An array or object being written: its op's place and its children so far.
pub struct Compound<'t, 'p> {
    tape: &'t mut Tape<'p>,
    at: usize,
    count: usize,
    /// serde_json's number struct, whose one field is the number's text.
    number: bool,
}

impl Compound<'_, '_> {
    fn close(self) -> Result<()> {
        if self.number {
            return Ok(());
        }
        let n = arg(self.count)?;
        if let Some(op) = self.tape.ops.get_mut(self.at) {
            *op |= n;
        }
        Ok(())
    }

    fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        self.count += 1;
        value.serialize(&mut *self.tape)
    }

    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        if self.number {
            self.tape.number_text = true;
            let written = value.serialize(&mut *self.tape);
            self.tape.number_text = false;
            return written;
        }
        self.count += 1;
        self.tape.static_str(key)?;
        value.serialize(&mut *self.tape)
    }
}

/// Serialisers of numbers a double holds exactly: each the double.
macro_rules! exact_numbers {
    ($($name:ident($ty:ty)),*) => {
        $(fn $name(self, v: $ty) -> Result<()> {
            self.serialize_f64(f64::from(v))
        })*
    };
}

impl<'t, 'p> ser::Serializer for &'t mut Tape<'p> {
    type Ok = ();
    type Error = TapeError;
    type SerializeSeq = Compound<'t, 'p>;
    type SerializeTuple = Compound<'t, 'p>;
    type SerializeTupleStruct = Compound<'t, 'p>;
    type SerializeTupleVariant = Compound<'t, 'p>;
    type SerializeMap = Compound<'t, 'p>;
    type SerializeStruct = Compound<'t, 'p>;
    type SerializeStructVariant = Compound<'t, 'p>;

    fn serialize_bool(self, v: bool) -> Result<()> {
        self.ops.push(if v { TRUE } else { FALSE });
        Ok(())
    }

    exact_numbers!(serialize_i8(i8), serialize_i16(i16), serialize_i32(i32), serialize_u8(u8));
    exact_numbers!(serialize_u16(u16), serialize_u32(u32), serialize_f32(f32));

    fn serialize_i64(self, v: i64) -> Result<()> {
        // As `JSON.parse` reads the digits serde_json writes for it.
        #[allow(clippy::cast_precision_loss)]
        self.serialize_f64(v as f64)
    }

    fn serialize_u64(self, v: u64) -> Result<()> {
        #[allow(clippy::cast_precision_loss)]
        self.serialize_f64(v as f64)
    }

    fn serialize_f64(self, v: f64) -> Result<()> {
        if v.is_finite() {
            self.number(v);
        } else {
            // serde_json writes a float that is not finite as `null`.
            self.ops.push(NULL);
        }
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<()> {
        self.string(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(self, v: &str) -> Result<()> {
        if !self.number_text {
            return self.string(v);
        }
        match exact_double(v) {
            Some(x) => self.number(x),
            None => {
                self.inexact = true;
                self.string(v)?;
            }
        }
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        let mut seq = self.open(ARRAY);
        for b in v {
            ser::SerializeSeq::serialize_element(&mut seq, b)?;
        }
        seq.close()
    }

    fn serialize_none(self) -> Result<()> {
        self.ops.push(NULL);
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<()> {
        self.ops.push(NULL);
        Ok(())
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(self, name: &'static str, index: u32, variant: &'static str) -> Result<()> {
        self.variant(name, index, variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        self.ops.push(OBJECT | arg(1)?);
        self.static_str(variant)?;
        value.serialize(self)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'t, 'p>> {
        Ok(self.open(ARRAY))
    }

    fn serialize_tuple(self, _len: usize) -> Result<Compound<'t, 'p>> {
        Ok(self.open(ARRAY))
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Compound<'t, 'p>> {
        Ok(self.open(ARRAY))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'t, 'p>> {
        self.variant_of(variant, ARRAY)
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'t, 'p>> {
        Ok(self.open(OBJECT))
    }

    fn serialize_struct(self, name: &'static str, _len: usize) -> Result<Compound<'t, 'p>> {
        if name == NUMBER_TOKEN {
            return Ok(Compound { tape: self, at: 0, count: 0, number: true });
        }
        Ok(self.open(OBJECT))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'t, 'p>> {
        self.variant_of(variant, OBJECT)
    }
}

/// The serde traits of a sequence (`$trait`, whose element method is `$method`): each element
/// is one child of the array.
macro_rules! sequence {
    ($($trait:ident::$method:ident),*) => {
        $(impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = TapeError;

            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
                self.element(value)
            }

            fn end(self) -> Result<()> {
                self.close()
            }
        })*
    };
}

sequence!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = TapeError;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.count += 1;
        key.serialize(KeyWriter(&mut *self.tape))
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut *self.tape)
    }

    fn end(self) -> Result<()> {
        self.close()
    }
}

/// The serde traits of a struct (`$trait`): each field is one entry of the object.
macro_rules! structure {
    ($($trait:ident),*) => {
        $(impl ser::$trait for Compound<'_, '_> {
            type Ok = ();
            type Error = TapeError;

            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
                self.field(key, value)
            }

            fn end(self) -> Result<()> {
                self.close()
            }
        })*
    };
}

structure!(SerializeStruct, SerializeStructVariant);

/// A map's key: a string (a struct's flattened field or a JSON object's key), kept by its
/// address as [`Tape::static_str`] keeps it.
struct KeyWriter<'t, 'p>(&'t mut Tape<'p>);

fn not_a_string_key() -> TapeError {
    TapeError("a map key that is not a string".into())
}

macro_rules! refuse {
    ($($name:ident($($ty:ty),*)),* $(,)?) => {
        $(fn $name(self, $(_: $ty),*) -> Result<()> { Err(not_a_string_key()) })*
    };
}

impl ser::Serializer for KeyWriter<'_, '_> {
    type Ok = ();
    type Error = TapeError;
    type SerializeSeq = ser::Impossible<(), TapeError>;
    type SerializeTuple = ser::Impossible<(), TapeError>;
    type SerializeTupleStruct = ser::Impossible<(), TapeError>;
    type SerializeTupleVariant = ser::Impossible<(), TapeError>;
    type SerializeMap = ser::Impossible<(), TapeError>;
    type SerializeStruct = ser::Impossible<(), TapeError>;
    type SerializeStructVariant = ser::Impossible<(), TapeError>;

    fn serialize_str(self, v: &str) -> Result<()> {
        // A call's arguments' keys are its property names, found by their slot before any cache.
        if let Some(op) = self.0.name_op(v) {
            self.0.ops.push(op);
            return Ok(());
        }
        self.0.static_str(v)
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<()> {
        self.0.static_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<()> {
        value.serialize(self)
    }

    refuse! {
        serialize_bool(bool), serialize_i8(i8), serialize_i16(i16), serialize_i32(i32),
        serialize_i64(i64), serialize_u8(u8), serialize_u16(u16), serialize_u32(u32),
        serialize_u64(u64), serialize_f32(f32), serialize_f64(f64), serialize_char(char),
        serialize_bytes(&[u8]), serialize_none(), serialize_unit(), serialize_unit_struct(&'static str),
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<()> {
        Err(not_a_string_key())
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<()> {
        Err(not_a_string_key())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(not_a_string_key())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        Err(not_a_string_key())
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct> {
        Err(not_a_string_key())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(not_a_string_key())
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Err(not_a_string_key())
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        Err(not_a_string_key())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(not_a_string_key())
    }
}

#[cfg(test)]
mod tests {
    use agent_input::codes::{AskCode, EnvelopeCode, NoteCode, WarningCode};
    use serde_json::{json, Map, Value};
    use strum::IntoEnumIterator;

    use super::*;
    use crate::convert;

    /// The strings of a table, as `lib/api.js` holds them.
    fn table(t: usize) -> Vec<String> {
        fn names<E: IntoEnumIterator + Into<&'static str>>() -> Vec<String> {
            E::iter().map(|e| e.into().to_owned()).collect()
        }
        match t {
            0 => KEYS.iter().map(|k| (*k).to_owned()).collect(),
            1 => names::<NoteCode>(),
            2 => names::<WarningCode>(),
            3 => names::<AskCode>(),
            _ => names::<EnvelopeCode>(),
        }
    }

    /// The value a tape stands for, decoded as `fromTape` in `lib/api.js` decodes it.
    fn decode(parts: &Parts) -> Value {
        decode_named(parts, &[])
    }

    /// [`decode`] of a call's tape, its tool's property names the table [`NAMES_TABLE`].
    fn decode_named(parts: &Parts, names: &[String]) -> Value {
        struct Reader<'a> {
            names: &'a [String],
            parts: &'a Parts,
            units: Vec<u16>,
            i: usize,
            at: usize,
            wide_at: usize,
            n: usize,
            kept: Vec<String>,
        }
        impl Reader<'_> {
            fn node(&mut self) -> Value {
                let op = self.parts.ops[self.i];
                self.i += 1;
                let arg = (op >> 3) as usize;
                match op & 7 {
                    0 => [Value::Null, Value::Bool(false), Value::Bool(true)][arg].clone(),
                    1 => {
                        self.n += 1;
                        json!(self.parts.nums[self.n - 1])
                    }
                    2 | 3 => {
                        let at = if arg & 1 == 0 { &mut self.at } else { &mut self.wide_at };
                        let s = String::from_utf16(&self.units[*at..*at + (arg >> 1)]).unwrap();
                        *at += arg >> 1;
                        if op & 7 == 3 {
                            self.kept.push(s.clone());
                        }
                        Value::String(s)
                    }
                    4 => Value::String(self.kept[arg].clone()),
                    5 => Value::Array((0..arg).map(|_| self.node()).collect()),
                    6 => {
                        let mut map = Map::new();
                        for _ in 0..arg {
                            let Value::String(key) = self.node() else { panic!("a key that is not a string") };
                            map.insert(key, self.node());
                        }
                        Value::Object(map)
                    }
                    _ if arg & 7 == NAMES_TABLE => Value::String(self.names[arg >> 3].clone()),
                    _ => Value::String(table(arg & 7)[arg >> 3].clone()),
                }
            }
        }
        let units = parts.text.encode_utf16().collect();
        assert!(parts.text.get(..parts.ascii).is_some_and(|a| a.is_ascii()), "the ASCII part");
        let mut reader = Reader { names, parts, units, i: 0, at: 0, wide_at: parts.ascii, n: 0, kept: Vec::new() };
        let value = reader.node();
        assert_eq!(reader.i, parts.ops.len(), "every op read");
        assert_eq!(reader.at, parts.ascii, "every unit of the ASCII part read");
        assert_eq!(reader.wide_at, reader.units.len(), "every unit of the text read");
        assert_eq!(reader.n, parts.nums.len(), "every number read");
        value
    }

    fn tape_of<T: Serialize>(value: &T) -> Parts {
        let mut parts = Parts::default();
        write(value, &mut parts).unwrap();
        parts
    }

    /// Everything a tape holds, to compare two tapes op for op.
    fn tape(p: &Parts) -> (Vec<u32>, Vec<f64>, String, usize) {
        (p.ops.clone(), p.nums.clone(), p.text.clone(), p.ascii)
    }

    /// The JSON text path's value, numbers as doubles (what `JSON.parse` gives).
    fn parsed(text: &str) -> Value {
        fn doubles(v: Value) -> Value {
            match v {
                Value::Number(n) => json!(n.as_str().parse::<f64>().unwrap()),
                Value::Array(a) => Value::Array(a.into_iter().map(doubles).collect()),
                Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, doubles(v))).collect()),
                v => v,
            }
        }
        doubles(serde_json::from_str(text).unwrap())
    }

    fn tool() -> agent_input::tool::ToolSpec {
        agent_input::tool::ToolSpec::from_json(&json!({
            "name": "search",
            "properties": {
                "query": {"kind": "text", "required": true},
                "limit": {"max": 50},
                "country": {},
                "date_from": {},
                "tags": {"kind": "list", "item": {"kind": "country"}},
                "extra": {"kind": "text"},
            },
        }))
        .unwrap()
    }

    #[test]
    fn utf16_units_are_javascripts_length() {
        let mut texts = vec![String::new(), "a".repeat(17), "ř".repeat(9), "😀".repeat(5), "€ř😀a".repeat(7)];
        // Every offset of each width in and across words of eight bytes.
        for pad in 0..9 {
            for c in
                ['a', 'ř', '€', '😀', '\u{7f}', '\u{80}', '\u{7ff}', '\u{800}', '\u{ffff}', '\u{10000}', '\u{10ffff}']
            {
                texts.push(format!("{}{c}{}", "x".repeat(pad), "é".repeat(pad)));
            }
        }
        for text in texts {
            assert_eq!(utf16_units(&text), text.encode_utf16().count(), "{text:?}");
        }
    }

    #[test]
    fn a_call_decodes_to_the_value_of_its_json_text() {
        let spec = tool();
        for args in [
            json!({"query": "nájem", "limit": 10, "country": "CZ"}),
            json!({"query": " nájem 😀 ", "limit": "500", "country": "Česko", "dateFrom": "1. 1. 2026"}),
            json!({"query": "a", "tags": "CZ, SK, Narnia", "extra": "\u{0}\"\\\n"}),
            json!({"query": "a", "limit": "4,5"}),
            json!({"query": null, "country": "01/02"}),
            json!({"query": "x", "__proto__": 1, "constructor": {"a": [1.5, -0.0, 1e300]}}),
            json!([]),
        ] {
            let call = spec.read(&args);
            assert_eq!(decode(&tape_of(&call)), parsed(&convert::call_text(call.clone())), "{args}");
        }
    }

    /// Outcomes of every kind: ok with notes, absent, asks, an inexact number.
    fn outcomes() -> Vec<Outcome<Value>> {
        [
            ("number", json!("4 000")),
            ("number", json!("4000")),
            ("number", json!(null)),
            ("number", json!("1,234")),
            ("number", json!("12345678901234567891")),
            ("date", json!("1. 10. 2026")),
            ("date", json!("01/02/2026")),
            ("date_range", json!("1.–31. 10. 2026")),
            ("locale", json!("cs_CZ.UTF-8")),
            ("uuid", json!("00000000-0000-0000-0000-000000000000")),
            ("boolean", json!("ano")),
            ("country", json!("Česko")),
            ("country", json!("Narnia")),
            ("list", json!("a, b,, c")),
            ("text", json!(" \u{0}\"x\\ ")),
        ]
        .into_iter()
        .map(|(kind, input)| {
            let spec = agent_input::Spec::new(kind.parse().unwrap(), &Value::Null).unwrap();
            spec.read(agent_input::Input::from(&input))
        })
        .collect()
    }

    #[test]
    fn outcomes_of_every_kind_decode_to_their_json_text() {
        for outcome in outcomes() {
            let text = convert::outcome_text(outcome.clone());
            assert_eq!(decode(&tape_of(&outcome)), parsed(&text), "{text}");
        }
    }

    #[test]
    fn an_inexact_number_crosses_as_text_and_flags_the_root() {
        let value: Value = serde_json::from_str(r#"{"a": [1, 12345678901234567891, 0.1], "b": "x"}"#).unwrap();
        let want = json!({"a": [1.0, "12345678901234567891", 0.1], "b": "x", "exact": false});
        assert_eq!(decode(&tape_of(&value)), want);
        // A Rust integer (a count in a struct) reads as `JSON.parse` reads the digits of it.
        assert_eq!(decode(&tape_of(&(12_345_678_901_234_567_891_u64, 7_u8))), json!([1.234_567_890_123_456_7e19, 7.0]));
    }

    #[test]
    fn a_calls_direct_tape_is_serdes() {
        let spec = tool();
        let names = Names::new(spec.property_names().map(str::to_owned).collect());
        let calls = [
            json!({"query": "nájem", "limit": 10, "country": "CZ"}),
            json!({"query": " nájem 😀 ", "limit": "500", "country": "Česko", "dateFrom": "1. 1. 2026"}),
            json!({"query": "a", "tags": "CZ, SK, Narnia", "extra": "\u{0}\"\\\n"}),
            json!({"query": "a", "tags": ["CZ", "Narnia", "SK"]}),
            json!({"query": "ok", "extra": "query", "limit": "4,5"}),
            json!({"query": " x ", "querry": "y", "limit": "0"}),
            json!({"query": null, "country": "01/02"}),
            json!({"query": "x", "limit": 12_345_678_901_234_567_891_u64}),
            json!({"query": "x", "__proto__": 1, "constructor": {"a": [1.5, -0.0, 1e300]}}),
            json!([]),
        ];
        let (mut direct, mut serde) = (Parts::default(), Parts::default());
        let mut shapes = std::collections::BTreeSet::new();
        for args in calls {
            let call = spec.read(&args);
            if let agent_input::tool::ToolCall::Ok { notes, warnings, issues, .. } = &call {
                shapes.insert((notes.is_empty(), warnings.is_empty(), issues.is_empty()));
            }
            for names in [&names, &NO_NAMES] {
                write_call(&call, names, &mut direct).unwrap();
                write_named(&call, names, &mut serde).unwrap();
                assert_eq!(tape(&direct), tape(&serde), "{args}");
            }
        }
        // Direct calls with notes and a warning, and one with issues (which serde writes).
        assert!(shapes.contains(&(false, false, true)) && shapes.iter().any(|s| !s.2), "{shapes:?}");
    }

    #[test]
    fn an_outcomes_direct_tape_is_serdes() {
        let mut statuses = std::collections::BTreeSet::new();
        let (mut direct, mut serde) = (Parts::default(), Parts::default());
        for outcome in outcomes() {
            statuses.insert(match &outcome.status {
                Status::Ok { .. } => "ok",
                Status::Absent => "absent",
                Status::Ask { .. } => "ask",
            });
            write_outcome(&outcome, &mut direct).unwrap();
            write(&outcome, &mut serde).unwrap();
            assert_eq!(tape(&direct), tape(&serde), "{}", convert::outcome_text(outcome.clone()));
        }
        assert_eq!(statuses.len(), 3, "an ok, an absent and an ask: {statuses:?}");
    }

    /// Spellings a model sends, and a few that are no value at all.
    const SPELLINGS: &[&str] = &[
        "4 000",
        "1,234",
        "٤٠٠٠",
        "1. 10. 2026",
        "01/02/2026",
        "2026-Q2",
        "yesterday",
        "Česko",
        "cz",
        "CZE",
        "Narnia",
        "ano",
        "yes",
        "null",
        "",
        " x ",
        "cs_CZ.UTF-8",
        "00000000-0000-0000-0000-000000000000",
        "CZ, SK, Narnia",
        "12345678901234567891",
        "\u{0}\"\\\n",
        "😀 nájem",
        "query",
        "ok",
    ];

    /// A JSON value as a model sends one: a spelling, any short string, a number, a boolean,
    /// null, or a list or object of them.
    fn model_value() -> impl proptest::strategy::Strategy<Value = Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            proptest::sample::select(SPELLINGS).prop_map(Value::from),
            ".{0,12}".prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>().prop_map(|x| serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number)),
            any::<bool>().prop_map(Value::from),
            Just(Value::Null),
        ];
        leaf.prop_recursive(2, 12, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                proptest::collection::vec(("[a-z]{1,4}", inner), 0..4)
                    .prop_map(|entries| Value::Object(entries.into_iter().collect())),
            ]
        })
    }

    proptest::proptest! {
        /// Any call and any outcome: the tape written directly is serde's, op for op.
        #[test]
        fn direct_tapes_are_serdes_for_any_call_or_outcome(
            entries in proptest::collection::vec((proptest::sample::select(&[
                "query", "limit", "country", "date_from", "dateFrom", "tags", "extra", "querry", "__proto__", "x",
            ][..]), model_value()), 0..8),
            kind in proptest::sample::select(&[
                "number", "boolean", "date", "date_range", "country", "locale", "uuid", "list", "text", "eli",
            ][..]),
            input in model_value(),
        ) {
            let (mut direct, mut serde) = (Parts::default(), Parts::default());
            let spec = tool();
            let names = Names::new(spec.property_names().map(str::to_owned).collect());
            let args: Map<String, Value> = entries.into_iter().map(|(k, v)| (k.to_owned(), v)).collect();
            let call = spec.read(&Value::Object(args));
            write_call(&call, &names, &mut direct).unwrap();
            write_named(&call, &names, &mut serde).unwrap();
            proptest::prop_assert_eq!(tape(&direct), tape(&serde));
            let reader = agent_input::Spec::new(kind.parse().unwrap(), &Value::Null).unwrap();
            let outcome = reader.read(agent_input::Input::from(&input));
            write_outcome(&outcome, &mut direct).unwrap();
            write(&outcome, &mut serde).unwrap();
            proptest::prop_assert_eq!(tape(&direct), tape(&serde));
        }
    }

    #[test]
    fn keys_and_codes_cross_as_numbers() {
        let call = tool().read(&json!({"query": " a ", "limit": "1 000", "country": "cz"}));
        let parts = tape_of(&call);
        assert!(!parts.text.contains("message"), "{}", parts.text);
        assert!(!parts.text.contains("whitespace_trimmed"), "{}", parts.text);
        assert_eq!(decode(&parts), parsed(&convert::call_text(call)));
    }

    #[test]
    fn a_calls_property_names_cross_as_their_index() {
        let spec = agent_input::tool::ToolSpec::from_json(&json!({"name": "t", "properties": {
            "1": {"kind": "text"}, "__proto__": {"kind": "text"}, "b": {"kind": "number"}, "a": {"kind": "date"}}}))
        .unwrap();
        let names: Vec<String> = spec.property_names().map(str::to_owned).collect();
        // A value spelled as a property name ("b") is that name's string too.
        let call = spec.read(&json!({"a": "1. 10. 2026", "1": " b ", "__proto__": " y ", "b": "4 000"}));
        let mut parts = Parts::default();
        write_named(&call, &Names::new(names.clone()), &mut parts).unwrap();
        let named = parts.ops.iter().filter(|&&op| op & 7 == TABLE && (op >> 3) & 7 == NAMES_TABLE as u32).count();
        // Four keys of the args, four notes' paths, and the value "b".
        assert_eq!(named, 9, "{:?}", parts.ops);
        assert_eq!(decode_named(&parts, &names), parsed(&convert::call_text(call.clone())));
        // Without names every string crosses as text, to the same value.
        assert_eq!(decode(&tape_of(&call)), parsed(&convert::call_text(call.clone())));
        // Nor does a tool of more than MAX_NAMED names name any.
        let many: Vec<String> = names.iter().cloned().chain((0..MAX_NAMED).map(|i| format!("p{i}"))).collect();
        write_named(&call, &Names::new(many.clone()), &mut parts).unwrap();
        assert!(parts.ops.iter().all(|&op| op & 7 != TABLE || (op >> 3) & 7 != NAMES_TABLE as u32));
        assert_eq!(decode_named(&parts, &many), parsed(&convert::call_text(call)));
        // Every one of MAX_NAMED names is named, those that share a slot too.
        let props: serde_json::Map<String, Value> =
            (0..MAX_NAMED).map(|i| (format!("p{}", i * 7), json!({"kind": "text"}))).collect();
        let spec = agent_input::tool::ToolSpec::from_json(&json!({"name": "t", "properties": props})).unwrap();
        let names: Vec<String> = spec.property_names().map(str::to_owned).collect();
        let slots = name_slots(&names);
        assert!(slots.contains(&SHARED_SLOT), "some names share a slot");
        let args: serde_json::Map<String, Value> = names.iter().map(|n| (n.clone(), json!("x"))).collect();
        let call = spec.read(&Value::Object(args));
        write_named(&call, &Names::new(names.clone()), &mut parts).unwrap();
        let named = parts.ops.iter().filter(|&&op| op & 7 == TABLE && (op >> 3) & 7 == NAMES_TABLE as u32).count();
        assert_eq!(named, MAX_NAMED, "each key of the args");
        assert_eq!(decode_named(&parts, &names), parsed(&convert::call_text(call)));
        // Names of 63 bytes and more are named too.
        let (long, longer) = ("x".repeat(63), "y".repeat(70));
        let spec = agent_input::tool::ToolSpec::from_json(&json!({"name": "t", "properties": {
            long.as_str(): {"kind": "text"}, longer.as_str(): {"kind": "text"}}}))
        .unwrap();
        let names: Vec<String> = spec.property_names().map(str::to_owned).collect();
        let call = spec.read(&json!({long.as_str(): " a ", longer.as_str(): " b "}));
        write_named(&call, &Names::new(names.clone()), &mut parts).unwrap();
        let named = parts.ops.iter().filter(|&&op| op & 7 == TABLE && (op >> 3) & 7 == NAMES_TABLE as u32).count();
        assert_eq!(named, 4, "two keys and two notes' paths: {:?}", parts.ops);
        assert_eq!(decode_named(&parts, &names), parsed(&convert::call_text(call)));
    }

    #[test]
    fn a_huge_answer_does_not_keep_its_memory() {
        let mut parts = Parts::default();
        write(&"x".repeat(4 * MAX_RETAINED_BYTES), &mut parts).unwrap();
        assert!(parts.text.capacity() >= 4 * MAX_RETAINED_BYTES);
        write(&"y", &mut parts).unwrap();
        assert!(parts.text.capacity() <= MAX_RETAINED_BYTES);
        assert_eq!(decode(&parts), json!("y"));
    }

    #[test]
    fn every_code_crosses_as_its_name() {
        for (t, names) in (1..=4).map(|t| (t, table(t))) {
            for (i, name) in names.iter().enumerate() {
                let value = match t {
                    1 => serde_json::to_value(NoteCode::iter().nth(i)).unwrap(),
                    2 => serde_json::to_value(WarningCode::iter().nth(i)).unwrap(),
                    3 => serde_json::to_value(AskCode::iter().nth(i)).unwrap(),
                    _ => serde_json::to_value(EnvelopeCode::iter().nth(i)).unwrap(),
                };
                assert_eq!(value, json!(name), "serde and strum spell each code alike");
            }
        }
        let parts =
            tape_of(&(NoteCode::iter().next_back(), AskCode::iter().next_back(), EnvelopeCode::iter().next_back()));
        assert_eq!(parts.ops.len(), 4);
        assert_eq!(decode(&parts), json!([table(1).last(), table(3).last(), table(4).last()]));
    }
}
