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
//! about twice as slow. The wire's keys ([`KEYS`], generated from the core's serde derives by
//! `cargo xtask ts`) and the codes (by their enum and variant index, the order of
//! `lib/generated.js`) cross as numbers naming strings JavaScript already holds; other strings a
//! serialiser spells with a static string cross once per answer, named by index after. A call's
//! tape also names the tool's own property names by index ([`write_named`]): its arguments' keys
//! and its notes' paths, which JavaScript holds once per tool. Every shape is serde's: an
//! outcome's and a call's keys and their order are those their `Serialize` derives write, and
//! nothing here spells them again.
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

use serde::ser::{self, Serialize};

use crate::convert::exact_double;
use crate::keys::key_index;
pub use crate::keys::KEYS;

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

/// Why a value has no tape (it then crosses as JSON text). Boxed, so that a [`Result`] of it is
/// one word, which each of the serializer's calls returns in a register rather than through
/// memory (WebAssembly returns a wider value through memory).
#[derive(Debug)]
#[allow(clippy::box_collection, reason = "the box is the point: a thin pointer, where `String` is three words")]
pub struct TapeError(Box<String>);

impl fmt::Display for TapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TapeError {}

impl ser::Error for TapeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self(Box::new(msg.to_string()))
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
    value.serialize(&mut tape)?;
    tape.finish()?;
    parts.ascii = parts.text.len();
    parts.text.push_str(&parts.wide);
    Ok(())
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

/// The op naming [`KEYS`]`[i]` (table 0).
#[inline]
#[allow(clippy::cast_possible_truncation, reason = "an index of KEYS, which the assertion below bounds")]
const fn key_op(i: usize) -> u32 {
    TABLE | (i as u32) << 6
}

const _: () = assert!(KEYS.len() < 1 << 26, "a key's index fits its op");

#[inline]
fn arg(n: usize) -> Result<u32> {
    if n > MAX_ARG {
        return Err(TapeError(Box::new(format!("{n} is past what a tape op holds"))));
    }
    u32::try_from(n << 3).map_err(|e| TapeError(Box::new(e.to_string())))
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
    /// index, any other sent once and named by index after ([`Self::other_static_str`]). The
    /// key's index is `key_index`'s `match`, which the compiler folds to a constant where it
    /// sees the key's text (a derive's field name, inlined to here).
    #[inline]
    fn static_str(&mut self, s: &str) -> Result<()> {
        match key_index(s) {
            Some(i) => {
                self.ops.push(key_op(i));
                Ok(())
            }
            None => self.other_static_str(s),
        }
    }

    /// [`Self::static_str`] of a string that is no key: a tool's property name by index, any
    /// other sent once and named by index after. The strings serialised are borrowed from the
    /// value for the whole call, so an address and length seen twice is the same text.
    fn other_static_str(&mut self, s: &str) -> Result<()> {
        let id = (s.as_ptr() as usize, s.len());
        let slot = (id.0 >> 3 ^ id.0 >> 9 ^ id.1) % CACHE;
        if let Some(&(at, len, op)) = self.cache.get(slot) {
            if (at, len) == id {
                self.ops.push(op);
                return Ok(());
            }
        }
        let op = if let Some(op) = self.name_op(s) {
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
    #[inline]
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
    #[inline]
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

    #[inline]
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

    #[inline]
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

    #[inline]
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'t, 'p>> {
        Ok(self.open(OBJECT))
    }

    #[inline]
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

            #[inline]
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

    /// A derive's flattened field's key and value (serde's default, inlined: the key is then a
    /// literal the compiler sees).
    #[inline]
    fn serialize_entry<K: Serialize + ?Sized, V: Serialize + ?Sized>(&mut self, key: &K, value: &V) -> Result<()> {
        ser::SerializeMap::serialize_key(self, key)?;
        ser::SerializeMap::serialize_value(self, value)
    }

    #[inline]
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.count += 1;
        key.serialize(KeyWriter(&mut *self.tape))
    }

    #[inline]
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut *self.tape)
    }

    #[inline]
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

            #[inline]
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
                self.field(key, value)
            }

            #[inline]
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
    TapeError(Box::new("a map key that is not a string".into()))
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

    #[inline]
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
mod tests;
