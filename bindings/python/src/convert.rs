//! Crossing the boundary, both ways, with no reading of value content: Python objects become
//! the JSON values the core reads (numbers keep their exact text), and the core's JSON and
//! typed values become Python natives (`int`/`Decimal`, `bool`, `str`, `datetime.date`, ...).

use agent_input::{Input, TypedValue};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};
use serde_json::{Map, Number, Value};

/// Nesting deeper than this is refused with a `ValueError`: Python's own JSON decoder stops at
/// its recursion limit (1000), so no decoded tool argument is deeper, and the conversion stays
/// well inside any thread's stack.
pub const MAX_DEPTH: usize = 1000;

/// Inputs whose text adds up to at least this many bytes are read with the GIL released.
pub const DETACH_AT_BYTES: usize = 4096;

static DECIMAL: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static DATE: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static DATETIME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static INT_REPR: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static DATE_FROM_ISO: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `decimal.Decimal`.
pub fn decimal_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    DECIMAL.import(py, "decimal", "Decimal")
}

/// `datetime.date`.
pub fn date_type(py: Python<'_>) -> PyResult<&Bound<'_, PyType>> {
    DATE.import(py, "datetime", "date")
}

/// The exact text of a Python `int` (also of a subclass, whose `str` may be its name).
fn int_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    let repr = INT_REPR.get_or_try_init(obj.py(), || -> PyResult<Py<PyAny>> {
        Ok(obj.py().get_type::<PyInt>().getattr("__repr__")?.unbind())
    })?;
    repr.bind(obj.py()).call1((obj,))?.extract()
}

/// A JSON number from the exact decimal text Python printed (`str(int)`, `repr(float)`,
/// `str(Decimal)`); those texts are JSON numbers, and serde_json checks it.
fn number(text: &str) -> PyResult<Value> {
    text.parse::<Number>()
        .map(Value::Number)
        .map_err(|_| PyValueError::new_err(format!("`{text}` is not a JSON number")))
}

/// A value as the caller sent it: the property's value, or nothing at all. `MISSING` and an
/// omitted argument are [`Arg::Missing`]; anything else (also `None`) is a value.
pub enum Arg<'py> {
    /// The property was not sent.
    Missing,
    /// The property's value.
    Value(Bound<'py, PyAny>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for Arg<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_instance_of::<crate::Missing>() {
            Ok(Arg::Missing)
        } else {
            Ok(Arg::Value(obj.to_owned()))
        }
    }
}

/// A Python value converted for the core: a borrowed string or number text where that is all
/// it is (the hot path allocates nothing), a JSON value otherwise. `weight` counts the bytes
/// of text, to decide whether a read releases the GIL.
pub enum Converted {
    /// Nothing was sent.
    Missing,
    /// A `str`.
    Str(PyBackedStr),
    /// An `int` that fits in 64 bits, as text.
    Int(String),
    /// Any other value.
    Json(Value),
}

impl Converted {
    /// The core's view of the value.
    pub fn input(&self) -> Input<'_> {
        match self {
            Self::Missing => Input::Missing,
            Self::Str(s) => Input::String(s),
            Self::Int(text) => Input::Number(text),
            Self::Json(v) => Input::from(v),
        }
    }

    /// True when the read should run with the GIL released.
    pub fn is_long(&self, weight: usize) -> bool {
        !matches!(self, Self::Missing) && weight >= DETACH_AT_BYTES
    }
}

/// Converts a read's argument; returns it with its weight in bytes of text.
pub fn convert(arg: &Arg<'_>) -> PyResult<(Converted, usize)> {
    let obj = match arg {
        Arg::Missing => return Ok((Converted::Missing, 0)),
        Arg::Value(obj) => obj,
    };
    if let Ok(s) = obj.cast_exact::<PyString>() {
        let backed = PyBackedStr::try_from(s.clone())?;
        let weight = backed.len();
        return Ok((Converted::Str(backed), weight));
    }
    if obj.is_exact_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok((Converted::Int(i.to_string()), 0));
        }
    }
    let mut weight = 0;
    let value = to_json(obj, 0, &mut weight)?;
    Ok((Converted::Json(value), weight))
}

/// A Python object as JSON: `str`, `bool`, `int`, `float`, `Decimal`, `None`, `list`, `tuple`,
/// `dict` with `str` keys, and `datetime.date` (as its ISO text). Numbers keep their exact
/// text; a non-finite `float` or `Decimal` (which JSON cannot carry) becomes its text as a
/// string, so the reader asks about it instead of the conversion failing.
pub fn to_json(obj: &Bound<'_, PyAny>, depth: usize, weight: &mut usize) -> PyResult<Value> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!("the value is nested deeper than {MAX_DEPTH} levels")));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let backed = PyBackedStr::try_from(s.clone())?;
        *weight += backed.len();
        return Ok(Value::String(backed.to_string()));
    }
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.is_instance_of::<PyInt>() {
        return match obj.extract::<i64>() {
            Ok(i) => Ok(Value::Number(i.into())),
            Err(_) => number(&int_text(obj)?),
        };
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let text = f.repr()?.to_string();
        return if f.value().is_finite() { number(&text) } else { Ok(Value::String(text)) };
    }
    if let Ok(list) = obj.cast::<PyList>() {
        *weight += list.len();
        return list.iter().map(|item| to_json(&item, depth + 1, weight)).collect::<PyResult<_>>().map(Value::Array);
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        *weight += dict.len();
        let mut map = Map::with_capacity(dict.len());
        for (key, item) in dict.iter() {
            let Ok(key) = key.cast::<PyString>() else {
                return Err(PyTypeError::new_err(format!(
                    "expected a JSON object (a dict with str keys), found a key of type `{}`",
                    key.get_type().name()?
                )));
            };
            let key = PyBackedStr::try_from(key.clone())?;
            *weight += key.len();
            map.insert(key.to_string(), to_json(&item, depth + 1, weight)?);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        *weight += tuple.len();
        return tuple.iter().map(|item| to_json(&item, depth + 1, weight)).collect::<PyResult<_>>().map(Value::Array);
    }
    let py = obj.py();
    if obj.is_instance(decimal_type(py)?)? {
        let text = obj.str()?.to_string();
        let finite: bool = obj.call_method0("is_finite")?.extract()?;
        return if finite { number(&text) } else { Ok(Value::String(text)) };
    }
    if obj.is_instance(date_type(py)?)? && !obj.is_instance(DATETIME.import(py, "datetime", "datetime")?)? {
        return Ok(Value::String(obj.call_method0("isoformat")?.extract()?));
    }
    Err(PyTypeError::new_err(format!(
        "expected a JSON value (str, int, float, Decimal, bool, None, list, dict), found `{}`",
        obj.get_type().name()?
    )))
}

/// A JSON value as Python objects: numbers as `int` when their text is an integer, else as
/// `decimal.Decimal` (never a float), objects as `dict`, arrays as `list`.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => number_to_py(py, n)?,
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

fn number_to_py<'py>(py: Python<'py>, n: &Number) -> PyResult<Bound<'py, PyAny>> {
    if let Some(i) = n.as_i64() {
        return Ok(i.into_pyobject(py)?.into_any());
    }
    if let Some(i) = n.as_i128() {
        return Ok(i.into_pyobject(py)?.into_any());
    }
    if let Some(i) = n.as_u128() {
        return Ok(i.into_pyobject(py)?.into_any());
    }
    decimal_type(py)?.call1((n.as_str(),))
}

/// A typed value ([`agent_input::Spec::to_typed`]) as Python natives: a number as `int` (no
/// fractional digits) or `Decimal`, a date as `datetime.date`, a range as a pair of dates
/// (`None` for an open bound), a list as `list`, an object as `dict`.
pub fn typed_to_py<'py>(py: Python<'py>, typed: &TypedValue) -> PyResult<Bound<'py, PyAny>> {
    Ok(match typed {
        TypedValue::Number(d) => {
            if d.scale() == 0 {
                match i64::try_from(d.mantissa()) {
                    Ok(i) => i.into_pyobject(py)?.into_any(),
                    Err(_) => d.mantissa().into_pyobject(py)?.into_any(),
                }
            } else {
                decimal_type(py)?.call1((d.to_string(),))?
            }
        }
        TypedValue::Boolean(b) => PyBool::new(py, *b).to_owned().into_any(),
        TypedValue::Text(s) => PyString::new(py, s).into_any(),
        TypedValue::Date(d) => date_to_py(py, *d)?,
        TypedValue::DateRange(r) => {
            let bound = |d: Option<chrono::NaiveDate>| match d {
                Some(d) => date_to_py(py, d),
                None => Ok(py.None().into_bound(py)),
            };
            PyTuple::new(py, [bound(r.from)?, bound(r.to)?])?.into_any()
        }
        TypedValue::List(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(typed_to_py(py, item)?)?;
            }
            list.into_any()
        }
        TypedValue::Object(fields) => {
            let dict = PyDict::new(py);
            for (key, item) in fields {
                dict.set_item(key, typed_to_py(py, item)?)?;
            }
            dict.into_any()
        }
        TypedValue::Json(v) => to_py(py, v)?,
        // `TypedValue` is non-exhaustive; a variant this binding does not know yet is a bug
        // of the binding, said loudly rather than crossing as something else.
        other => return Err(pyo3::exceptions::PyRuntimeError::new_err(format!("unsupported typed value {other:?}"))),
    })
}

/// A date as `datetime.date`, through `date.fromisoformat` (the fastest constructor the
/// stable ABI reaches: one string argument, parsed in C). The ISO text is written digit by
/// digit: chrono's `Display` costs several hundred instructions per date.
fn date_to_py(py: Python<'_>, d: chrono::NaiveDate) -> PyResult<Bound<'_, PyAny>> {
    use chrono::Datelike;
    let (month, day) = (d.month(), d.day());
    let Some(year) = u32::try_from(d.year()).ok().filter(|y| (1..=9999).contains(y)) else {
        // Outside Python's date range: `date()` raises the error Python gives for it.
        return date_type(py)?.call1((d.year(), month, day));
    };
    let digit = |n: u32| b'0' + u8::try_from(n % 10).unwrap_or(0);
    let text = [
        digit(year / 1000),
        digit(year / 100),
        digit(year / 10),
        digit(year),
        b'-',
        digit(month / 10),
        digit(month),
        b'-',
        digit(day / 10),
        digit(day),
    ];
    let from_iso = DATE_FROM_ISO
        .get_or_try_init(py, || -> PyResult<Py<PyAny>> { Ok(date_type(py)?.getattr("fromisoformat")?.unbind()) })?;
    let text = std::str::from_utf8(&text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    from_iso.bind(py).call1((text,))
}
