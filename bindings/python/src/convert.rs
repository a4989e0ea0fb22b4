//! Crossing the boundary, both ways, with no reading of value content: Python objects become
//! the JSON values the core reads (numbers keep their exact text), and the core's JSON and
//! typed values become Python natives (`int`/`Decimal`, `bool`, `str`, `datetime.date`, ...).
//!
//! A value to read that cannot cross as sent, a `str` holding a lone surrogate (which no UTF-8
//! text holds) or lists and dicts nested past the core's bound, is [`Unreadable`]: the read
//! returns the core's ask for it (`not_unicode`, `input_too_long`), the ask the core's JSON reader
//! gives JavaScript and the CLI for the same value, and a tool call the envelope they give for
//! its JSON text ([`call_text`]). The program's own data (options, specs, outputs) converts by
//! [`data`].

use std::fmt::Write as _;

use agent_input::limits::MAX_JSON_DEPTH;
use agent_input::{Ask, Input, TypedRef, TypedValue};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple, PyType};
use serde_json::{Map, Number, Value};
use strum::IntoEnumIterator;

/// The program's own data (options, a spec, an output) nested deeper than this is refused with
/// a `ValueError`: Python's own JSON decoder stops at its recursion limit (1000), and the
/// conversion stays well inside any thread's stack. A value to read stops at the core's
/// `MAX_JSON_DEPTH` (64) instead, as an ask.
pub const MAX_DEPTH: usize = 1000;

/// The most bytes of text (strings, and one per item of a list or dict) a read of one scalar
/// converts to and still runs holding the GIL. Such a read costs at most about 0.2 ms, an
/// unknown spelling's suggestions included (measured: a 256-byte date 0.22 ms, a country
/// 0.09 ms; a canonical value about a microsecond), and a scalar kind asks `input_too_long` past
/// 256 characters (the text kind past 10,000) without reading further. Releasing the GIL for
/// such a read would cost more than it frees: taking it back waits up to the interpreter's
/// switch interval (5 ms) when another thread holds it. Every other read releases the GIL
/// whatever its size: a list, a filter, a vocabulary, an enum of many values, a tool call, a
/// longer input ([`keeps_gil`]).
pub const KEEP_GIL_MAX_BYTES: usize = 256;

/// The most values and aliases an enum declares for its short reads to keep the GIL: an unknown
/// value's suggestions compare it with each of them (measured: 128 values 0.12 ms, 1,000 values
/// 0.45 ms for a 10-character value).
pub const KEEP_GIL_MAX_ENUM_VALUES: usize = 128;

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

/// Why a value to read cannot cross as sent. The read returns the core's ask for it without
/// reading, the ask the core's JSON reader gives the same value as JSON text
/// (`agent_input::json::JsonError::ask`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// A `str` holds a lone surrogate (half of a UTF-16 pair), which no Unicode text holds.
    LoneSurrogate,
    /// Lists, tuples and dicts nest deeper than the core's `MAX_JSON_DEPTH`.
    TooDeep,
}

impl Unreadable {
    /// The core's ask: `not_unicode`, or `input_too_long` naming the depth bound.
    pub fn ask(self) -> Ask {
        match self {
            Self::LoneSurrogate => Ask::not_unicode(&Input::Missing),
            Self::TooDeep => Ask::too_deep(&Input::Missing, MAX_JSON_DEPTH),
        }
    }
}

/// Why a conversion stopped: a value the read asks about, or a Python error (a type JSON has
/// not, misuse).
enum Stop {
    Unreadable(Unreadable),
    Err(PyErr),
}

impl From<PyErr> for Stop {
    fn from(e: PyErr) -> Self {
        Self::Err(e)
    }
}

/// How a conversion walks: a value to read (`read`: a lone surrogate or nesting past
/// `MAX_JSON_DEPTH` stops it as [`Unreadable`]) or the program's own data (a lone surrogate
/// becomes U+FFFD, nesting past [`MAX_DEPTH`] is a `ValueError`); `weight` counts the bytes of
/// text seen.
struct Walk {
    read: bool,
    weight: usize,
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
    /// A value that cannot cross as sent: the read is the core's ask.
    Unreadable(Unreadable),
}

impl Converted {
    /// The core's view of the value.
    pub fn input(&self) -> Input<'_> {
        match self {
            Self::Missing | Self::Unreadable(_) => Input::Missing,
            Self::Str(s) => Input::String(s),
            Self::Int(text) => Input::Number(text),
            Self::Json(v) => Input::from(v),
        }
    }

    /// The read of a value that cannot cross as sent: the core's ask.
    pub fn unreadable(&self) -> Option<agent_input::Outcome<Value>> {
        match self {
            Self::Unreadable(why) => Some(agent_input::Outcome::ask(why.ask())),
            _ => None,
        }
    }
}

/// The most names (ids, names, abbreviations and aliases together) a vocabulary holds for its
/// short reads to keep the GIL: an unknown name's suggestions compare it with each of them
/// (measured: 384 names, 48 µs for a 32-byte name; 9 names, 6 µs).
pub const KEEP_GIL_MAX_VOCABULARY_NAMES: usize = 256;

/// The one rule of every read that may keep the GIL: its work is `bounded` by its text (a kind
/// [`reads_scalar`], a vocabulary [`vocabulary_keeps_gil`], a tool [`tool_keeps_gil`]) and the
/// text is at most [`KEEP_GIL_MAX_BYTES`] bytes (`weight`).
pub const fn keeps_gil(bounded: bool, weight: usize) -> bool {
    bounded && weight <= KEEP_GIL_MAX_BYTES
}

/// Runs `read` holding the GIL when [`keeps_gil`] says so for its `bounded` work and `weight`
/// bytes of text, else with the GIL released: every read the binding makes goes through it.
pub fn run_by_gil_rule<T: Send>(py: Python<'_>, bounded: bool, weight: usize, read: impl FnOnce() -> T + Send) -> T {
    if keeps_gil(bounded, weight) {
        read()
    } else {
        py.detach(read)
    }
}

/// True for a kind whose read is bounded by the value's length ([`keeps_gil`]): one that reads
/// one scalar (an enum by its values too, at most [`KEEP_GIL_MAX_ENUM_VALUES`], a vocabulary by
/// its names, at most [`KEEP_GIL_MAX_VOCABULARY_NAMES`]). A list and a filter work by their
/// items: they always release it.
pub fn reads_scalar(spec: &agent_input::Spec) -> bool {
    match spec {
        agent_input::Spec::List(_) | agent_input::Spec::Filter(_) => false,
        agent_input::Spec::Vocabulary(o) => vocabulary_keeps_gil(&o.entries),
        agent_input::Spec::Enum(o) => o.values.len() + o.aliases.len() <= KEEP_GIL_MAX_ENUM_VALUES,
        _ => true,
    }
}

/// True when a vocabulary of `entries` is small enough for its short reads to keep the GIL
/// ([`KEEP_GIL_MAX_VOCABULARY_NAMES`]); the count stops past the bound.
pub fn vocabulary_keeps_gil(entries: &[agent_input::vocabulary::Entry]) -> bool {
    let mut names = entries.iter().map(|e| 1 + e.names.len() + e.abbreviations.len() + e.aliases.len());
    names.try_fold(0usize, |n, more| Some(n + more).filter(|&n| n <= KEEP_GIL_MAX_VOCABULARY_NAMES)).is_some()
}

/// The most properties a tool declares for its short calls to keep the GIL
/// ([`tool_keeps_gil`]): a call's read visits every declared property, sent or not.
pub const KEEP_GIL_MAX_CALL_PROPERTIES: usize = 32;

/// True when a tool's calls of at most [`KEEP_GIL_MAX_BYTES`] of text (keys and values) may be
/// read holding the GIL ([`keeps_gil`]): it declares at most [`KEEP_GIL_MAX_CALL_PROPERTIES`]
/// properties, each of a kind that [`reads_scalar`] (no list, filter, object, list of entries,
/// union or passthrough). Such a call costs what scalar reads of its text cost (measured: 8
/// date properties each sent 27 bytes of unknown words, 240 bytes in all, 0.31 ms; the
/// benchmark's model-spelled 8-property call, 2.3 µs), and releasing the GIL around it costs a
/// call beside a busy Python thread the interpreter's switch interval (5 ms) to take it back
/// (measured in BENCHMARKS.md: 5.2 ms a call released, 3.9 µs kept).
pub fn tool_keeps_gil(spec: &agent_input::tool::ToolSpec) -> bool {
    let mut kinds = spec.property_kinds();
    kinds.len() <= KEEP_GIL_MAX_CALL_PROPERTIES && kinds.all(|(_, kind)| kind.is_some_and(reads_scalar))
}

/// Converts a read's argument; returns it with its weight in bytes of text.
pub fn convert(arg: &Arg<'_>) -> PyResult<(Converted, usize)> {
    let obj = match arg {
        Arg::Missing => return Ok((Converted::Missing, 0)),
        Arg::Value(obj) => obj,
    };
    if let Ok(s) = obj.cast_exact::<PyString>() {
        if let Ok(backed) = PyBackedStr::try_from(s.clone()) {
            let weight = backed.len();
            return Ok((Converted::Str(backed), weight));
        }
    }
    if obj.is_exact_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok((Converted::Int(i.to_string()), 0));
        }
    }
    let mut walk = Walk { read: true, weight: 0 };
    match to_json(obj, 0, &mut walk) {
        Ok(value) => Ok((Converted::Json(value), walk.weight)),
        Err(Stop::Unreadable(why)) => Ok((Converted::Unreadable(why), walk.weight)),
        Err(Stop::Err(e)) => Err(e),
    }
}

/// A tool call's arguments as JSON, or why they cannot cross as sent (the call is then read
/// from [`call_text`], as a body).
///
/// # Errors
/// A value JSON has no type for.
pub fn call_args(obj: &Bound<'_, PyAny>) -> PyResult<Result<Value, Unreadable>> {
    Ok(call_args_weighed(obj)?.map(|(value, _)| value))
}

/// [`call_args`], with the arguments' weight in bytes of text.
///
/// # Errors
/// As [`call_args`].
pub fn call_args_weighed(obj: &Bound<'_, PyAny>) -> PyResult<Result<(Value, usize), Unreadable>> {
    let mut walk = Walk { read: true, weight: 0 };
    match to_json(obj, 0, &mut walk) {
        Ok(value) => Ok(Ok((value, walk.weight))),
        Err(Stop::Unreadable(why)) => Ok(Err(why)),
        Err(Stop::Err(e)) => Err(e),
    }
}

/// The most bytes of text a call's arguments may have for its tool to keep them for the next
/// call ([`call_args_kept`]); a larger call's are dropped once it is read, so each kept
/// string's room is at most this. The JavaScript binding keeps them within the same bound.
pub const MAX_KEPT_ARGS_BYTES: usize = 64 * 1024;

/// [`call_args`] of a dict into `kept`, the arguments of the tool's last call. A model's calls
/// to one tool nearly always send the same keys in the same order: when `dict` has the keys
/// `kept` has, in its order, each value is converted into its place (a `str` into the room of
/// the string there), and no key, map or string of them is allocated again; any other dict is
/// converted whole into `kept`. Either way `kept` then holds what [`call_args`] gives, and the
/// answer is its bytes of text; when the arguments cannot cross, `kept` is `null`. A call of
/// more than [`MAX_KEPT_ARGS_BYTES`] is not kept ([`release`]).
///
/// # Errors
/// As [`call_args`] (`kept` is then `null`).
pub fn call_args_kept(dict: &Bound<'_, PyDict>, kept: &mut Value) -> PyResult<Result<usize, Unreadable>> {
    if let Value::Object(map) = kept {
        if let Some(weight) = refill(dict, map) {
            return Ok(Ok(weight));
        }
    }
    let mut walk = Walk { read: true, weight: 0 };
    match to_json(dict.as_any(), 0, &mut walk) {
        Ok(value) => {
            *kept = value;
            Ok(Ok(walk.weight))
        }
        Err(stop) => {
            *kept = Value::Null;
            match stop {
                Stop::Unreadable(why) => Ok(Err(why)),
                Stop::Err(e) => Err(e),
            }
        }
    }
}

/// What a tool keeps of a call's arguments once the call is read: all of them when their text
/// was at most [`MAX_KEPT_ARGS_BYTES`], else nothing.
pub fn release(kept: &mut Value, weight: usize) {
    if weight > MAX_KEPT_ARGS_BYTES {
        *kept = Value::Null;
    }
}

/// `dict` converted into `map` when its keys are `map`'s, in order, with its weight
/// ([`call_args_kept`]); `None` at the first difference or at anything the whole conversion
/// must say (`map` then holds a part of each).
fn refill(dict: &Bound<'_, PyDict>, map: &mut Map<String, Value>) -> Option<usize> {
    if dict.len() != map.len() {
        return None;
    }
    let mut walk = Walk { read: true, weight: dict.len() };
    for ((key, item), (kept_key, slot)) in dict.iter().zip(map.iter_mut()) {
        let key = key.cast::<PyString>().ok()?.to_str().ok()?;
        if key != kept_key {
            return None;
        }
        walk.weight += key.len();
        match (slot, item.cast::<PyString>()) {
            (Value::String(s), Ok(item)) => {
                let text = item.to_str().ok()?;
                s.clear();
                s.push_str(text);
                walk.weight += text.len();
            }
            (slot, _) => *slot = to_json(&item, 1, &mut walk).ok()?,
        }
    }
    Some(walk.weight)
}

/// The program's own data as JSON (options, a spec, a schema, entries, a payload, an output):
/// a lone surrogate becomes U+FFFD, as the JavaScript binding writes it.
///
/// # Errors
/// A value JSON has no type for; nesting deeper than [`MAX_DEPTH`].
pub fn data(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    match to_json(obj, 0, &mut Walk { read: false, weight: 0 }) {
        Ok(value) => Ok(value),
        Err(Stop::Err(e)) => Err(e),
        // A walk of data stops at no value (the arm is for the type's sake).
        Err(Stop::Unreadable(why)) => Err(PyValueError::new_err(format!("the value cannot cross: {why:?}"))),
    }
}

/// The UTF-16 code units of a `str` holding surrogates (the only `str` that is not UTF-8).
fn utf16(s: &Bound<'_, PyString>) -> PyResult<Vec<u16>> {
    let bytes = s.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
    let bytes: &[u8] = bytes.extract()?;
    Ok(bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect())
}

/// A `str` as Rust text. One holding surrogates is read as UTF-16, as JSON reads its escapes: a
/// high and a low surrogate in a row are one character; a lone one stops a value to read, and
/// becomes U+FFFD in data.
fn text(s: &Bound<'_, PyString>, walk: &mut Walk) -> Result<String, Stop> {
    let text = match s.to_str() {
        // A copy of the UTF-8 the `str` holds, borrowed (`to_string` would go through the
        // formatter).
        Ok(borrowed) => String::from(borrowed),
        Err(_) if walk.read => {
            String::from_utf16(&utf16(s)?).map_err(|_| Stop::Unreadable(Unreadable::LoneSurrogate))?
        }
        Err(_) => String::from_utf16_lossy(&utf16(s)?),
    };
    walk.weight += text.len();
    Ok(text)
}

/// Stops a walk at an array or object nested `depth` levels deep, past its bound. The core's
/// JSON reader refuses an array there, and an object that holds a key (an empty one is no
/// deeper), so a value to read stops where the core would stop reading its JSON text.
fn nest(depth: usize, walk: &Walk, empty_object: bool) -> Result<(), Stop> {
    if walk.read && depth >= MAX_JSON_DEPTH && !empty_object {
        return Err(Stop::Unreadable(Unreadable::TooDeep));
    }
    if depth >= MAX_DEPTH {
        return Err(PyValueError::new_err(format!("the value is nested deeper than {MAX_DEPTH} levels")).into());
    }
    Ok(())
}

/// A Python object as JSON: `str`, `bool`, `int`, `float`, `Decimal`, `None`, `list`, `tuple`,
/// `dict` with `str` keys, and `datetime.date` (as its ISO text). Numbers keep their exact
/// text; a non-finite `float` or `Decimal` (which JSON cannot carry) becomes its text as a
/// string, so the reader asks about it instead of the conversion failing. Containers are
/// walked in order, so the first value that cannot cross (in the order of its JSON text) is
/// the one asked about, as the core's JSON reader finds it.
fn to_json(obj: &Bound<'_, PyAny>, depth: usize, walk: &mut Walk) -> Result<Value, Stop> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(text(s, walk)?));
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
            Err(_) => Ok(number(&int_text(obj)?)?),
        };
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let text = f.repr()?.to_string();
        return if f.value().is_finite() { Ok(number(&text)?) } else { Ok(Value::String(text)) };
    }
    if let Ok(list) = obj.cast::<PyList>() {
        nest(depth, walk, false)?;
        walk.weight += list.len();
        return list.iter().map(|item| to_json(&item, depth + 1, walk)).collect::<Result<_, _>>().map(Value::Array);
    }
    if let Ok(dict) = obj.cast::<PyDict>() {
        nest(depth, walk, dict.is_empty())?;
        walk.weight += dict.len();
        let mut map = Map::with_capacity(dict.len());
        for (key, item) in dict.iter() {
            let key = text(&dict_key(&key)?, walk)?;
            map.insert(key, to_json(&item, depth + 1, walk)?);
        }
        return Ok(Value::Object(map));
    }
    if let Ok(tuple) = obj.cast::<PyTuple>() {
        nest(depth, walk, false)?;
        walk.weight += tuple.len();
        return tuple.iter().map(|item| to_json(&item, depth + 1, walk)).collect::<Result<_, _>>().map(Value::Array);
    }
    Ok(other_scalar(obj)?)
}

/// A dict's key, which JSON has only as a string.
fn dict_key<'py>(key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyString>> {
    match key.cast::<PyString>() {
        Ok(key) => Ok(key.clone()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "expected a JSON object (a dict with str keys), found a key of type `{}`",
            key.get_type().name()?
        ))),
    }
}

/// A `Decimal` or a `datetime.date` as JSON; any other object is no JSON value.
fn other_scalar(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
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

/// A tool call's arguments as the JSON text the JavaScript binding writes for the same value
/// (compact, keys in order, a lone surrogate as its `\udXXX` escape, a list or dict nested past
/// `MAX_JSON_DEPTH` written only as far as the core reads it, [`past_bound`]): the body a call
/// whose arguments cannot cross is read from, so that its envelope is the one `agent-input call`
/// and JavaScript give.
///
/// # Errors
/// A value JSON has no type for.
pub fn call_text(obj: &Bound<'_, PyAny>) -> PyResult<String> {
    let mut out = String::new();
    write_text(obj, 0, &mut out)?;
    Ok(out)
}

fn write_text(obj: &Bound<'_, PyAny>, depth: usize, out: &mut String) -> PyResult<()> {
    if let Ok(s) = obj.cast::<PyString>() {
        return write_str(s, out);
    }
    let (list, tuple, dict) = (obj.cast::<PyList>(), obj.cast::<PyTuple>(), obj.cast::<PyDict>());
    if (list.is_ok() || tuple.is_ok() || dict.is_ok()) && depth >= MAX_JSON_DEPTH {
        return past_bound(obj, out);
    }
    if let Ok(dict) = dict {
        out.push('{');
        for (i, (key, item)) in dict.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_str(&dict_key(&key)?, out)?;
            out.push(':');
            write_text(&item, depth + 1, out)?;
        }
        out.push('}');
        return Ok(());
    }
    let items = match (list, tuple) {
        (Ok(list), _) => list.iter().collect::<Vec<_>>(),
        (_, Ok(tuple)) => tuple.iter().collect(),
        _ => {
            // A scalar, as a read converts it.
            let value = data(obj)?;
            out.push_str(&serde_json::to_string(&value).map_err(|e| PyValueError::new_err(e.to_string()))?);
            return Ok(());
        }
    };
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_text(item, depth + 1, out)?;
    }
    out.push(']');
    Ok(())
}

/// A list or dict one level past the core's bound, written as far as the core reads it before
/// it refuses the whole value, and no further (as the JavaScript binding's `pastBound`): a list
/// as `[]` or `[0]`, a dict as `{}` (an empty one is no deeper: the core reads it) or as its
/// first key with `0`. The core then stops at the byte where it stops in the whole value's text.
fn past_bound(obj: &Bound<'_, PyAny>, out: &mut String) -> PyResult<()> {
    if let Ok(dict) = obj.cast::<PyDict>() {
        match dict.iter().next() {
            Some((key, _)) => {
                out.push('{');
                write_str(&dict_key(&key)?, out)?;
                out.push_str(":0}");
            }
            None => out.push_str("{}"),
        }
    } else {
        out.push_str(if obj.len()? == 0 { "[]" } else { "[0]" });
    }
    Ok(())
}

/// A `str` as a JSON string, escaped as serde_json and `JSON.stringify` escape it; a lone
/// surrogate as its `\udXXX` escape.
fn write_str(s: &Bound<'_, PyString>, out: &mut String) -> PyResult<()> {
    let escaped = |text: &str| serde_json::to_string(text).map_err(|e| PyValueError::new_err(e.to_string()));
    if let Ok(backed) = PyBackedStr::try_from(s.clone()) {
        out.push_str(&escaped(&backed)?);
        return Ok(());
    }
    out.push('"');
    for unit in char::decode_utf16(utf16(s)?) {
        match unit {
            Ok(c) => {
                let quoted = escaped(c.encode_utf8(&mut [0; 4]))?;
                out.push_str(quoted.get(1..quoted.len() - 1).unwrap_or_default());
            }
            Err(lone) => {
                let _ = write!(out, "\\u{:04x}", lone.unpaired_surrogate());
            }
        }
    }
    out.push('"');
    Ok(())
}

/// A JSON value as Python objects: numbers as `int` when their text is an integer, else as
/// `decimal.Decimal` (never a float), objects as `dict`, arrays as `list`.
pub fn to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    walk(py, value, &number_to_py)
}

/// A JSON value as a JSON parser gives it to a framework that validates it (the arguments of a
/// forwarded call): as [`to_py`], but a number with a fraction or an exponent is a `float`,
/// always with `wire` (as `json.loads` gives it), else when the float is the same number (one
/// a float would round stays a `Decimal`, which pydantic takes for `float` and `Decimal` alike).
pub fn parsed_to_py<'py>(py: Python<'py>, value: &Value, wire: bool) -> PyResult<Bound<'py, PyAny>> {
    walk(py, value, &|py, n| parsed_number(py, n, wire))
}

/// A JSON value as Python objects, each number as `number` makes it.
fn walk<'py, F>(py: Python<'py>, value: &Value, number: &F) -> PyResult<Bound<'py, PyAny>>
where
    F: Fn(Python<'py>, &Number) -> PyResult<Bound<'py, PyAny>>,
{
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => number(py, n)?,
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(walk(py, item, number)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (key, item) in map {
                dict.set_item(key, walk(py, item, number)?)?;
            }
            dict.into_any()
        }
    })
}

/// [`parsed_to_py`]'s number.
fn parsed_number<'py>(py: Python<'py>, n: &Number, wire: bool) -> PyResult<Bound<'py, PyAny>> {
    let text = n.as_str();
    if !text.contains(['.', 'e', 'E']) {
        return number_to_py(py, n);
    }
    match text.parse::<f64>() {
        Ok(f) if f.is_finite() && (wire || same_number(text, &format!("{f:e}"))) => Ok(PyFloat::new(py, f).into_any()),
        _ => number_to_py(py, n),
    }
}

/// True when two JSON number texts are the same number (`1.50`, `15e-1`, `1.5e0`).
fn same_number(a: &str, b: &str) -> bool {
    significant(a).is_some_and(|a| significant(b).is_some_and(|b| a == b))
}

/// A number's text as its sign, significant digits and the power of ten of the last digit
/// (`-1.50` and `-15e-1` are both `(true, "15", -1)`); every zero is `(false, "", 0)`.
fn significant(text: &str) -> Option<(bool, String, i64)> {
    let (negative, rest) = text.strip_prefix('-').map_or((false, text), |rest| (true, rest));
    let (mantissa, exponent) = match rest.split_once(['e', 'E']) {
        Some((mantissa, exponent)) => (mantissa, exponent.parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{whole}{fraction}");
    let leading = digits.trim_start_matches('0');
    let significant = leading.trim_end_matches('0');
    if significant.is_empty() {
        return Some((false, String::new(), 0));
    }
    let trailing = i64::try_from(leading.len() - significant.len()).ok()?;
    let fraction = i64::try_from(fraction.len()).ok()?;
    Some((negative, significant.to_owned(), exponent - fraction + trailing))
}

pub fn number_to_py<'py>(py: Python<'py>, n: &Number) -> PyResult<Bound<'py, PyAny>> {
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

/// [`typed_to_py`] of a typed value whose text is borrowed: a string made once, in Python.
///
/// # Errors
/// As [`typed_to_py`].
pub fn typed_ref_to_py<'py>(py: Python<'py>, typed: TypedRef<'_>) -> PyResult<Bound<'py, PyAny>> {
    match typed {
        TypedRef::Text(s) => Ok(PyString::new(py, s).into_any()),
        TypedRef::Owned(typed) => typed_to_py(py, &typed),
        other => typed_to_py(py, &other.into_owned()),
    }
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

/// Every code of the core as a Python string made once, per code enum in the order of its
/// variants (serde's variant index): the notes', warnings', asks' and envelopes'.
static CODES: PyOnceLock<[(&'static str, Codes); 4]> = PyOnceLock::new();

/// One code enum's codes, each with the string made for it.
type Codes = Vec<(&'static str, Py<PyString>)>;

/// A code (the unit variant `index` of the enum `name`, spelled `variant`) as the one string
/// made for it: not a new string per note. Another unit variant's name is a new string.
pub fn code_str<'py>(py: Python<'py>, name: &str, index: u32, variant: &'static str) -> Bound<'py, PyString> {
    fn made<E: IntoEnumIterator + Into<&'static str>>(py: Python<'_>) -> Codes {
        E::iter().map(Into::into).map(|c: &'static str| (c, PyString::intern(py, c).unbind())).collect()
    }
    let codes = CODES.get_or_init(py, || {
        [
            ("NoteCode", made::<agent_input::NoteCode>(py)),
            ("WarningCode", made::<agent_input::WarningCode>(py)),
            ("AskCode", made::<agent_input::AskCode>(py)),
            ("EnvelopeCode", made::<agent_input::EnvelopeCode>(py)),
        ]
    });
    let found = codes.iter().find(|(enum_name, _)| *enum_name == name).and_then(|(_, codes)| {
        let (code, made) = codes.get(usize::try_from(index).ok()?)?;
        (*code == variant).then(|| made.bind(py).clone())
    });
    found.unwrap_or_else(|| PyString::new(py, variant))
}

/// The core's text of a date read ok (`YYYY-MM-DD`, a year from 0001) as `datetime.date`,
/// built from its digits ([`date_of`]). `None` for any other text, and when Python declines it,
/// so the caller converts as before.
pub fn iso_date_text_to_py<'py>(py: Python<'py>, text: &str) -> Option<Bound<'py, PyAny>> {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    let shaped = b.len() == 10
        && digits(0..4)
        && digits(5..7)
        && digits(8..10)
        && b.get(4) == Some(&b'-')
        && b.get(7) == Some(&b'-')
        && b.get(..4) != Some(b"0000");
    if !shaped {
        return None;
    }
    let number = |r: std::ops::Range<usize>| b[r].iter().fold(0_i32, |n, d| n * 10 + i32::from(d - b'0'));
    date_of(py, number(0..4), number(5..7), number(8..10)).ok()
}

/// A date as `datetime.date` ([`date_of`]).
fn date_to_py(py: Python<'_>, d: chrono::NaiveDate) -> PyResult<Bound<'_, PyAny>> {
    use chrono::Datelike;
    // A month and a day fit any `i32`; `u32::cast_signed` keeps them as they are.
    date_of(py, d.year(), d.month().cast_signed(), d.day().cast_signed())
}

/// `datetime.date(year, month, day)`: through the datetime module's C API
/// ([`DateConstructor`]) when the interpreter offers the one this binding checked, else through
/// `date.fromisoformat` (the fastest constructor the stable ABI itself reaches: one string
/// argument, parsed in C). A year outside Python's 1-9999 raises the `ValueError` Python gives
/// for it.
fn date_of(py: Python<'_>, year: i32, month: i32, day: i32) -> PyResult<Bound<'_, PyAny>> {
    if let Some(api) = DateConstructor::get(py) {
        return api.date(py, year, month, day);
    }
    let Some(year) = u32::try_from(year).ok().filter(|y| (1..=9999).contains(y)) else {
        return date_type(py)?.call1((year, month, day));
    };
    let digit = |n: u32| b'0' + u8::try_from(n % 10).unwrap_or(0);
    let (month, day) = (month.unsigned_abs(), day.unsigned_abs());
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
    let from_iso = date_from_iso(py)?;
    let text = std::str::from_utf8(&text).map_err(|e| PyValueError::new_err(e.to_string()))?;
    call_one(from_iso, &PyString::new(py, text))
}

/// `datetime.date.fromisoformat`, looked up once.
fn date_from_iso(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    let from_iso = DATE_FROM_ISO
        .get_or_try_init(py, || -> PyResult<Py<PyAny>> { Ok(date_type(py)?.getattr("fromisoformat")?.unbind()) })?;
    Ok(from_iso.bind(py))
}

/// `Date_FromDate(year, month, day, type)` of CPython's datetime C API.
type DateFromDate = unsafe extern "C" fn(
    std::ffi::c_int,
    std::ffi::c_int,
    std::ffi::c_int,
    *mut pyo3::ffi::PyTypeObject,
) -> *mut pyo3::ffi::PyObject;

/// The head of CPython's `PyDateTime_CAPI` (`Include/datetime.h`), the struct the capsule
/// `datetime.datetime_CAPI` points to: five type objects, the UTC singleton, then
/// `Date_FromDate`. CPython only appends to it (the UTC singleton, the last field before the
/// constructors, came in 3.7), so this head is the same in every version the wheel supports.
#[repr(C)]
struct DateTimeCapiHead {
    date_type: *mut pyo3::ffi::PyTypeObject,
    datetime_type: *mut pyo3::ffi::PyTypeObject,
    time_type: *mut pyo3::ffi::PyTypeObject,
    delta_type: *mut pyo3::ffi::PyTypeObject,
    tzinfo_type: *mut pyo3::ffi::PyTypeObject,
    timezone_utc: *mut pyo3::ffi::PyObject,
    date_from_date: DateFromDate,
}

/// `Date_FromDate` of the datetime module's C API, and `datetime.date` to pass it: a date
/// without the string `date.fromisoformat` needs (about 1,000 instructions a date, against
/// about 150). The C API is not part of the stable ABI the wheel is built for, so it is taken
/// only from CPython, only when the capsule's `DateType` is `datetime.date` itself, and only
/// after a date it made compared equal to `date.fromisoformat`'s; otherwise every date goes
/// through `date.fromisoformat` as before.
#[derive(Clone, Copy)]
struct DateConstructor {
    date_type: *mut pyo3::ffi::PyTypeObject,
    from_date: DateFromDate,
}

// SAFETY: the pointers are the datetime module's type object and C function, which live as long
// as the interpreter and are called only with the GIL held (`DateConstructor::date` takes
// `Python`).
#[allow(unsafe_code, reason = "raw pointers shared under the GIL")]
unsafe impl Send for DateConstructor {}
// SAFETY: as for `Send`: nothing is written through the pointers.
#[allow(unsafe_code, reason = "raw pointers shared under the GIL")]
unsafe impl Sync for DateConstructor {}

static DATE_CAPI: PyOnceLock<Option<DateConstructor>> = PyOnceLock::new();

/// `"c_api"` when dates are made through [`DateConstructor`], else `"fromisoformat"`.
pub fn date_constructor_name(py: Python<'_>) -> &'static str {
    if DateConstructor::get(py).is_some() {
        "c_api"
    } else {
        "fromisoformat"
    }
}

impl DateConstructor {
    /// The checked constructor, looked up once; `None` when it is not offered or not as checked.
    fn get(py: Python<'_>) -> Option<Self> {
        *DATE_CAPI.get_or_init(py, || Self::checked(py).ok().flatten())
    }

    #[allow(unsafe_code, reason = "the datetime module's C API is a C struct behind a capsule")]
    fn checked(py: Python<'_>) -> PyResult<Option<Self>> {
        let implementation: String = py.import("sys")?.getattr("implementation")?.getattr("name")?.extract()?;
        if implementation != "cpython" {
            return Ok(None);
        }
        let date = date_type(py)?;
        // SAFETY: `PyCapsule_Import` takes a NUL-terminated name and returns the capsule's
        // pointer or null with an error set, which `PyErr::take` clears.
        let head =
            unsafe { pyo3::ffi::PyCapsule_Import(c"datetime.datetime_CAPI".as_ptr(), 0) }.cast::<DateTimeCapiHead>();
        if head.is_null() {
            drop(PyErr::take(py));
            return Ok(None);
        }
        // SAFETY: a non-null pointer from the capsule of that name is CPython's
        // `PyDateTime_CAPI`, which begins with the head (checked next by its first field).
        let (date_type, from_date) = unsafe { ((*head).date_type, (*head).date_from_date) };
        if date_type != date.as_type_ptr() {
            return Ok(None);
        }
        let api = Self { date_type, from_date };
        let made = api.date(py, 2026, 10, 1)?;
        let parsed = call_one(date_from_iso(py)?, &PyString::new(py, "2026-10-01"))?;
        Ok(made.eq(parsed)?.then_some(api))
    }

    /// `datetime.date(year, month, day)`; a date Python has not (a year outside 1-9999, a day
    /// its month lacks) raises Python's `ValueError`.
    #[allow(unsafe_code, reason = "Date_FromDate is a C function")]
    fn date<'py>(self, py: Python<'py>, year: i32, month: i32, day: i32) -> PyResult<Bound<'py, PyAny>> {
        // SAFETY: the function and the type are the ones `checked` verified, called with the
        // GIL held; the result is a new reference or null with the error set, which
        // `from_owned_ptr_or_err` takes as such.
        unsafe { Bound::from_owned_ptr_or_err(py, (self.from_date)(year, month, day, self.date_type)) }
    }
}

/// `callable(arg)` without the argument tuple that `call1` builds under the stable ABI before
/// Python 3.12 (`PyObject_Call` takes a tuple; `PyObject_Vectorcall` is not in the 3.10 stable
/// ABI). `PyObject_CallFunctionObjArgs` is, and passes its arguments on the C stack.
#[allow(unsafe_code, reason = "PyObject_CallFunctionObjArgs is a C function")]
fn call_one<'py>(callable: &Bound<'py, PyAny>, arg: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::ffi;
    let py = callable.py();
    // SAFETY: both pointers are live references held by `callable` and `arg` for the call; the
    // argument list ends with the null pointer the function requires; the result is a new
    // reference or null with the error set, which `from_owned_ptr_or_err` takes as such.
    unsafe {
        let result =
            ffi::PyObject_CallFunctionObjArgs(callable.as_ptr(), arg.as_ptr(), std::ptr::null_mut::<ffi::PyObject>());
        Bound::from_owned_ptr_or_err(py, result)
    }
}
