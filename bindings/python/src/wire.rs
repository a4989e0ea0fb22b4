//! The core's wire values (outcomes, notes, warnings, asks, envelopes, issues, steps) as Python
//! objects, written by serde from the core's own `Serialize`: the shape of every dict (its keys,
//! their order, which are left out) is the core's derive, never written again here.
//!
//! [`to_py`] is a serde [`Serializer`](ser::Serializer) that builds the objects directly, with
//! no JSON value in between: a struct's keys are interned strings (made once per process), a
//! code (a unit variant of the core's code enums) is the one string made for it
//! ([`convert::code_str`]), a `path` that names one of a tool's properties is the tool's own
//! string for it, and numbers are `int` or `decimal.Decimal` as [`convert::to_py`] makes them
//! (serde_json's arbitrary-precision numbers arrive as their text).

use std::cell::RefCell;
use std::fmt;
use std::sync::{Mutex, PoisonError};

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use serde::ser::{self, Serialize};
use serde_json::Number;

use crate::convert;

/// The name serde_json's arbitrary-precision numbers serialise under (a struct of one field
/// holding the number's text).
const NUMBER_TOKEN: &str = "$serde_json::private::Number";

/// A tool's property names and the strings made for them, to name a `path` by.
pub type Names<'a> = Option<(&'a agent_input::tool::ToolSpec, &'a [Py<PyString>])>;

/// `value` as Python objects, by its `Serialize`; `names` gives the strings for a `path` that
/// is one of a tool's properties.
///
/// # Errors
/// A Python error making an object, or a value serde cannot write (a map key that is not a
/// string), as `ValueError`.
pub fn to_py<'py, T: Serialize + ?Sized>(py: Python<'py>, value: &T, names: Names<'_>) -> PyResult<Bound<'py, PyAny>> {
    let keys = RefCell::new(Vec::new());
    value.serialize(Wire { py, names, path: false, keys: &keys }).map_err(|e| e.0)
}

/// [`to_py`] as an owned reference.
///
/// # Errors
/// As [`to_py`].
pub fn to_py_owned<T: Serialize + ?Sized>(py: Python<'_>, value: &T) -> PyResult<Py<PyAny>> {
    Ok(to_py(py, value, None)?.unbind())
}

/// The most keys [`key_str`] keeps; the keys of the core's wire are a few dozen.
const MAX_KEPT_KEYS: usize = 256;

/// The strings made for the keys serde gave, by the address and length of their `&'static str`.
static KEPT_KEYS: PyOnceLock<Mutex<Vec<KeptKey>>> = PyOnceLock::new();

/// A key's address and length, and its string.
type KeptKey = (usize, usize, Py<PyString>);

/// A struct's key (a `&'static str` of the program) as the one interned string made for it:
/// not a new string, nor a look into Python's interned strings, per key written.
fn key_str<'py>(py: Python<'py>, key: &'static str) -> Bound<'py, PyString> {
    let id = (key.as_ptr() as usize, key.len());
    let kept = KEPT_KEYS.get_or_init(py, || Mutex::new(Vec::new()));
    let mut kept = kept.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, _, made)) = kept.iter().find(|(at, len, _)| (*at, *len) == id) {
        return made.bind(py).clone();
    }
    let made = PyString::intern(py, key);
    if kept.len() < MAX_KEPT_KEYS {
        kept.push((id.0, id.1, made.clone().unbind()));
    }
    made
}

/// A Python error while writing, or serde's own.
#[derive(Debug)]
pub struct WireError(PyErr);

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl std::error::Error for WireError {}

impl ser::Error for WireError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Self(PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for WireError {
    fn from(e: PyErr) -> Self {
        Self(e)
    }
}

type Result<T> = std::result::Result<T, WireError>;

/// The serializer: one per value, copied into each child.
#[derive(Clone, Copy)]
struct Wire<'a, 'py> {
    py: Python<'py>,
    names: Names<'a>,
    /// The value is a `path`'s: a string the tool names is its own string.
    path: bool,
    /// The keys written so far, by their address and length ([`key_str`] once each).
    keys: &'a RefCell<Vec<(usize, usize, Bound<'py, PyString>)>>,
}

impl<'a, 'py> Wire<'a, 'py> {
    const fn child(self, path: bool) -> Self {
        Self { path, ..self }
    }

    /// A key as [`key_str`] makes it, looked up once per value written.
    fn key(self, key: &'static str) -> Bound<'py, PyString> {
        let id = (key.as_ptr() as usize, key.len());
        let mut keys = self.keys.borrow_mut();
        if let Some((_, _, made)) = keys.iter().find(|(at, len, _)| (*at, *len) == id) {
            return made.clone();
        }
        let made = key_str(self.py, key);
        keys.push((id.0, id.1, made.clone()));
        made
    }

    fn string(self, s: &str) -> Bound<'py, PyAny> {
        if self.path {
            if let Some((spec, keys)) = self.names {
                if let Some((_, key)) = spec.property_names().zip(keys).find(|(name, _)| *name == s) {
                    return key.bind(self.py).clone().into_any();
                }
            }
        }
        PyString::new(self.py, s).into_any()
    }

    fn number(self, text: &str) -> Result<Bound<'py, PyAny>> {
        let number: Number =
            text.parse().map_err(|e: serde_json::Error| WireError(PyValueError::new_err(e.to_string())))?;
        Ok(convert::number_to_py(self.py, &number)?)
    }

    fn list(self) -> Seq<'a, 'py> {
        Seq { wire: self, list: PyList::empty(self.py), variant: None }
    }

    fn dict(self) -> Map<'a, 'py> {
        Map { wire: self, dict: PyDict::new(self.py), key: None, variant: None, number: None }
    }

    /// `{variant: value}`, serde's external tag.
    fn tagged(self, variant: &'static str, value: Bound<'py, PyAny>) -> Result<Bound<'py, PyAny>> {
        let dict = PyDict::new(self.py);
        dict.set_item(self.key(variant), value)?;
        Ok(dict.into_any())
    }
}

macro_rules! ints {
    ($($name:ident: $ty:ty),*) => {
        $(fn $name(self, v: $ty) -> Result<Bound<'py, PyAny>> {
            Ok(v.into_pyobject(self.py).map_err(Into::<PyErr>::into)?.into_any())
        })*
    };
}

impl<'a, 'py> ser::Serializer for Wire<'a, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = WireError;
    type SerializeSeq = Seq<'a, 'py>;
    type SerializeTuple = Seq<'a, 'py>;
    type SerializeTupleStruct = Seq<'a, 'py>;
    type SerializeTupleVariant = Seq<'a, 'py>;
    type SerializeMap = Map<'a, 'py>;
    type SerializeStruct = Map<'a, 'py>;
    type SerializeStructVariant = Map<'a, 'py>;

    ints!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64, serialize_i128: i128,
          serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64, serialize_u128: u128);

    fn serialize_bool(self, v: bool) -> Result<Self::Ok> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }

    fn serialize_f32(self, v: f32) -> Result<Self::Ok> {
        self.serialize_f64(f64::from(v))
    }

    /// As JSON writes it: a finite number as its shortest text (an `int` or a `Decimal`),
    /// anything else `None`.
    fn serialize_f64(self, v: f64) -> Result<Self::Ok> {
        match serde_json::Number::from_f64(v) {
            Some(n) => Ok(convert::number_to_py(self.py, &n)?),
            None => Ok(self.py.None().into_bound(self.py)),
        }
    }

    fn serialize_char(self, v: char) -> Result<Self::Ok> {
        Ok(self.string(v.encode_utf8(&mut [0; 4])))
    }

    fn serialize_str(self, v: &str) -> Result<Self::Ok> {
        Ok(self.string(v))
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<Self::Ok> {
        let list = PyList::empty(self.py);
        for b in v {
            list.append(b)?;
        }
        Ok(list.into_any())
    }

    fn serialize_none(self) -> Result<Self::Ok> {
        Ok(self.py.None().into_bound(self.py))
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }

    fn serialize_unit(self) -> Result<Self::Ok> {
        self.serialize_none()
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<Self::Ok> {
        self.serialize_none()
    }

    /// A code crosses as the one string made for it.
    fn serialize_unit_variant(self, name: &'static str, index: u32, variant: &'static str) -> Result<Self::Ok> {
        Ok(convert::code_str(self.py, name, index, variant).into_any())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<Self::Ok> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<Self::Ok> {
        let inner = value.serialize(self.child(false))?;
        self.tagged(variant, inner)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        Ok(self.child(false).list())
    }

    fn serialize_tuple(self, len: usize) -> Result<Self::SerializeTuple> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_struct(self, _name: &'static str, len: usize) -> Result<Self::SerializeTupleStruct> {
        self.serialize_seq(Some(len))
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Ok(Seq { variant: Some(variant), ..self.child(false).list() })
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Ok(self.child(false).dict())
    }

    fn serialize_struct(self, name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        let number = (name == NUMBER_TOKEN).then_some(None);
        Ok(Map { number, ..self.child(false).dict() })
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Ok(Map { variant: Some(variant), ..self.child(false).dict() })
    }
}

/// A list being written (or a tuple variant's, tagged when it ends).
struct Seq<'a, 'py> {
    wire: Wire<'a, 'py>,
    list: Bound<'py, PyList>,
    variant: Option<&'static str>,
}

impl<'py> Seq<'_, 'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        Ok(self.list.append(value.serialize(self.wire)?)?)
    }

    fn done(self) -> Result<Bound<'py, PyAny>> {
        match self.variant {
            Some(variant) => self.wire.tagged(variant, self.list.into_any()),
            None => Ok(self.list.into_any()),
        }
    }
}

macro_rules! seq {
    ($($trait:ident :: $method:ident),*) => {$(
        impl<'py> ser::$trait for Seq<'_, 'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = WireError;
            fn $method<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
                self.push(value)
            }
            fn end(self) -> Result<Self::Ok> {
                self.done()
            }
        }
    )*};
}

seq!(
    SerializeSeq::serialize_element,
    SerializeTuple::serialize_element,
    SerializeTupleStruct::serialize_field,
    SerializeTupleVariant::serialize_field
);

/// A dict being written (or a struct variant's, tagged when it ends; or serde_json's number,
/// whose one field is its text).
struct Map<'a, 'py> {
    wire: Wire<'a, 'py>,
    dict: Bound<'py, PyDict>,
    /// A map's key, written before its value.
    key: Option<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
    /// `Some` for serde_json's number: `Some(number)` once its text is read.
    number: Option<Option<Bound<'py, PyAny>>>,
}

impl<'py> Map<'_, 'py> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
        if let Some(number) = &mut self.number {
            let text = value.serialize(Text)?;
            *number = Some(self.wire.number(&text)?);
            return Ok(());
        }
        let value = value.serialize(self.wire.child(key == "path"))?;
        Ok(self.dict.set_item(self.wire.key(key), value)?)
    }

    fn done(self) -> Result<Bound<'py, PyAny>> {
        if let Some(number) = self.number {
            return number.ok_or_else(|| ser::Error::custom("a number without its text"));
        }
        match self.variant {
            Some(variant) => self.wire.tagged(variant, self.dict.into_any()),
            None => Ok(self.dict.into_any()),
        }
    }
}

impl<'py> ser::SerializeMap for Map<'_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = WireError;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        self.key = Some(PyString::new(self.wire.py, &key.serialize(Text)?).into_any());
        Ok(())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let key = self.key.take().ok_or_else(|| <WireError as ser::Error>::custom("a map value before its key"))?;
        Ok(self.dict.set_item(key, value.serialize(self.wire)?)?)
    }

    fn end(self) -> Result<Self::Ok> {
        self.done()
    }
}

macro_rules! fields {
    ($($trait:ident),*) => {$(
        impl<'py> ser::$trait for Map<'_, 'py> {
            type Ok = Bound<'py, PyAny>;
            type Error = WireError;
            fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<()> {
                self.field(key, value)
            }
            fn end(self) -> Result<Self::Ok> {
                self.done()
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

/// A map key or a number's text: a string, as JSON requires of a key.
struct Text;

fn not_text() -> WireError {
    ser::Error::custom("a map key must be a string")
}

macro_rules! not_text {
    ($($name:ident($($ty:ty),*)),*) => {
        $(fn $name(self, $(_: $ty),*) -> Result<String> { Err(not_text()) })*
    };
}

impl ser::Serializer for Text {
    type Ok = String;
    type Error = WireError;
    type SerializeSeq = ser::Impossible<String, WireError>;
    type SerializeTuple = ser::Impossible<String, WireError>;
    type SerializeTupleStruct = ser::Impossible<String, WireError>;
    type SerializeTupleVariant = ser::Impossible<String, WireError>;
    type SerializeMap = ser::Impossible<String, WireError>;
    type SerializeStruct = ser::Impossible<String, WireError>;
    type SerializeStructVariant = ser::Impossible<String, WireError>;

    not_text!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str)
    );

    fn serialize_char(self, v: char) -> Result<String> {
        Ok(v.to_string())
    }

    fn serialize_str(self, v: &str) -> Result<String> {
        Ok(v.to_owned())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<String> {
        Err(not_text())
    }

    fn serialize_unit_variant(self, _name: &'static str, _index: u32, variant: &'static str) -> Result<String> {
        Ok(variant.to_owned())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _name: &'static str, value: &T) -> Result<String> {
        value.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<String> {
        Err(not_text())
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq> {
        Err(not_text())
    }

    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple> {
        Err(not_text())
    }

    fn serialize_tuple_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeTupleStruct> {
        Err(not_text())
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(not_text())
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap> {
        Err(not_text())
    }

    fn serialize_struct(self, _name: &'static str, _len: usize) -> Result<Self::SerializeStruct> {
        Err(not_text())
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(not_text())
    }
}
