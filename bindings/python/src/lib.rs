//! `agent_input._agent_input`: the Python binding of agent-input.
//!
//! Thin by rule (STYLE.md 2.9): every function converts its arguments, makes one core call and
//! converts the result back. No reading happens here: no `if` on a value's content, no string
//! handling of values, no default that is not the core's. The Python package `agent_input`
//! re-exports this module and adds the generated per-kind functions and types.

use std::sync::Arc;

use agent_input::cursor::CursorCodec as CoreCodec;
use agent_input::tool::{
    Dialect, Failure, Gate, MemoryReceipts as CoreReceipts, Page, ReceiptStore, Run, ToolCall as CoreCall, ToolSpec,
};
use agent_input::vocabulary::{Entry, Vocabulary as CoreVocabulary, VocabularyRole};
use agent_input::{Kind, Spec};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyString, PyTuple};
use serde_json::{json, Value};
use strum::IntoEnumIterator;

mod convert;
mod errors;
mod protocol;
mod wire;

use convert::{convert, data, to_py, typed_to_py, Arg};
use errors::to_py_err;

/// The value of a property that was not sent (different from `None`, which is JSON `null`).
/// Leaving the value out of a read means the same.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct Missing;

#[pymethods]
impl Missing {
    fn __repr__(&self) -> &'static str {
        "MISSING"
    }

    fn __bool__(&self) -> bool {
        false
    }
}

static MISSING: PyOnceLock<Py<Missing>> = PyOnceLock::new();

/// How an outcome's value becomes Python natives.
enum Natives {
    /// Through the spec's own types ([`Spec::to_typed`]).
    Spec(Arc<Spec>),
    /// As JSON (a cursor payload, a vocabulary id, a batch line).
    Json,
}

/// The outcome of one read: `status` is `"ok"`, `"absent"` or `"ask"`; `value` holds the value
/// as Python natives when ok; `notes`, `warnings` and `ask` are the core's, as dicts. It is
/// true when ok. `to_json()` is exactly the JSON text the Rust core serialises.
#[pyclass(frozen, generic, module = "agent_input._agent_input")]
pub struct Outcome {
    inner: agent_input::Outcome<Value>,
    natives: Natives,
}

fn json_value_to_py(py: Python<'_>, value: &impl serde::Serialize) -> PyResult<Py<PyAny>> {
    wire::to_py_owned(py, value)
}

#[pymethods]
impl Outcome {
    /// `"ok"`, `"absent"` or `"ask"`.
    #[getter]
    fn status(&self, py: Python<'_>) -> Py<PyString> {
        let name = match self.inner.status {
            agent_input::Status::Ok { .. } => pyo3::intern!(py, "ok"),
            agent_input::Status::Absent => pyo3::intern!(py, "absent"),
            agent_input::Status::Ask { .. } => pyo3::intern!(py, "ask"),
        };
        name.clone().unbind()
    }

    /// The value as Python natives when the read is ok, else `None`.
    #[getter]
    fn value(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let Some(value) = self.inner.value() else { return Ok(py.None()) };
        let native = match (&self.natives, value) {
            // A date as the core wrote it, straight to `datetime.date`.
            (Natives::Spec(spec), Value::String(text)) if spec.kind() == Kind::Date => {
                match convert::iso_date_text_to_py(py, text) {
                    Some(date) => date,
                    None => typed_to_py(py, &spec.to_typed(value))?,
                }
            }
            (Natives::Spec(spec), _) => typed_to_py(py, &spec.to_typed(value))?,
            (Natives::Json, _) => to_py(py, value)?,
        };
        Ok(native.unbind())
    }

    /// The repairs applied, each `{"code", "message"}` (and `"path"` in a tool call).
    #[getter]
    fn notes(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_value_to_py(py, &self.inner.notes)
    }

    /// What the caller probably meant, each `{"code", "message", "values"}`.
    #[getter]
    fn warnings(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_value_to_py(py, &self.inner.warnings)
    }

    /// The ask (`{"code", "received", "expected", "hint", "readings"}`) when the status is
    /// `"ask"`, else `None`.
    #[getter]
    fn ask(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.inner.as_ask() {
            Some(ask) => json_value_to_py(py, ask),
            None => Ok(py.None()),
        }
    }

    /// The outcome as the JSON text the Rust core serialises (compact).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The outcome's JSON as Python objects (numbers as `int` or `Decimal`).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_value_to_py(py, &self.inner)
    }

    fn __bool__(&self) -> bool {
        self.inner.value().is_some()
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("Outcome({})", self.to_json()?))
    }
}

/// Reads with a prepared spec: convert, one core call (without the GIL unless it is a short
/// read of a kind whose work is `bounded` by its text, [`convert::run_by_gil_rule`]), wrap. A
/// value that cannot cross as sent is the core's ask.
fn read_spec(py: Python<'_>, spec: &Arc<Spec>, bounded: bool, value: &Arg<'_>) -> PyResult<Outcome> {
    let (converted, weight) = convert(value)?;
    let inner = match converted.unreadable() {
        Some(ask) => ask,
        None => convert::run_by_gil_rule(py, bounded, weight, || spec.read(converted.input())),
    };
    Ok(Outcome { inner, natives: Natives::Spec(Arc::clone(spec)) })
}

/// A kind's spec from a kind name and a dict of options, validated by the core.
fn spec_of(py: Python<'_>, kind: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Spec> {
    let kind: Kind = kind.parse().map_err(|e| to_py_err(py, &e))?;
    let options = match options {
        Some(o) => data(o.as_any())?,
        None => Value::Null,
    };
    Spec::new(kind, &options).map_err(|e| to_py_err(py, &e))
}

/// Reads one value of `kind` with its options: `read("number", "4 000")`. Leaving `value` out
/// means the property was not sent (different from `None`). Never raises on bad input (the
/// outcome asks: a lone surrogate anywhere in the value `not_unicode`, lists or dicts nested
/// more than 64 levels `input_too_long`); an unknown kind or invalid options raise
/// `AgentInputError` subclasses.
#[pyfunction]
#[pyo3(signature = (kind, value = Arg::Missing, /, **options))]
fn read(py: Python<'_>, kind: &str, value: Arg<'_>, options: Option<&Bound<'_, PyDict>>) -> PyResult<Outcome> {
    let spec = Arc::new(spec_of(py, kind, options)?);
    read_spec(py, &spec, convert::reads_scalar(&spec), &value)
}

/// A kind with its options, checked once; `.read(value)` then reads many values (the hot path
/// of a server). Raises `AgentInputError` subclasses for an unknown kind or invalid options.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct Reader {
    spec: Arc<Spec>,
    /// Its reads' work is bounded by their text ([`convert::reads_scalar`]), known once.
    bounded: bool,
}

#[pymethods]
impl Reader {
    #[new]
    #[pyo3(signature = (kind, /, **options))]
    fn new(py: Python<'_>, kind: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
        let spec = spec_of(py, kind, options)?;
        let bounded = convert::reads_scalar(&spec);
        Ok(Self { spec: Arc::new(spec), bounded })
    }

    /// Reads one value; leaving it out means the property was not sent.
    #[pyo3(signature = (value = Arg::Missing, /))]
    fn read(&self, py: Python<'_>, value: Arg<'_>) -> PyResult<Outcome> {
        read_spec(py, &self.spec, self.bounded, &value)
    }

    /// The kind's wire name.
    #[getter]
    fn kind(&self) -> &'static str {
        self.spec.kind().name()
    }

    fn __repr__(&self) -> String {
        format!("Reader({:?})", self.spec.kind().name())
    }
}

/// The UTF-8 bytes of a `str` (borrowed from Python), or of `bytes`. A `str` holding a lone
/// surrogate has none: it is its `surrogatepass` bytes, which the core names as not UTF-8.
enum StrBytes {
    Str(pyo3::pybacked::PyBackedStr),
    Bytes(pyo3::pybacked::PyBackedBytes),
}

impl StrBytes {
    fn of(s: &Bound<'_, PyString>) -> PyResult<Self> {
        match pyo3::pybacked::PyBackedStr::try_from(s.clone()) {
            Ok(text) => Ok(Self::Str(text)),
            Err(_) => Ok(Self::Bytes(s.call_method1("encode", ("utf-8", "surrogatepass"))?.extract()?)),
        }
    }

    fn bytes(&self) -> &[u8] {
        match self {
            Self::Str(text) => text.as_bytes(),
            Self::Bytes(bytes) => bytes,
        }
    }
}

/// Reads one batch request line (`{"kind", "input", "options"}` as JSON text), as
/// `agent-input read --batch` does. A malformed line reads as an `invalid_request` ask (a lone
/// surrogate in the text itself is not UTF-8: its `surrogatepass` bytes, the byte named). A line
/// longer than a short scalar's releases the GIL (it may hold a list).
#[pyfunction]
fn read_line(py: Python<'_>, line: &Bound<'_, PyString>) -> PyResult<Outcome> {
    let text = StrBytes::of(line)?;
    let bytes = text.bytes();
    let read = || agent_input::batch::read_line_bytes(bytes, &agent_input::batch::Policy::default());
    let inner = convert::run_by_gil_rule(py, true, bytes.len(), read);
    Ok(Outcome { inner, natives: Natives::Json })
}

/// The core's matching key of a text: case, diacritics, width and spacing folded, invisible
/// characters dropped (`"Nájem  Bytu"` → `"najem bytu"`). For a server's own search, so it
/// matches words the way the readers do.
#[pyfunction]
fn fold(text: &str) -> String {
    agent_input::fold(text)
}

/// The `no_hits_filtered` warning for an empty result page under an active filter: it names
/// the filter and the values that would have matched without it.
#[pyfunction]
#[pyo3(signature = (property, filter, would_match))]
fn no_hits_filtered(
    py: Python<'_>,
    property: &str,
    filter: &Bound<'_, PyAny>,
    would_match: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let filter = data(filter)?;
    let Value::Array(would) = data(would_match)? else {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "`would_match` must be a list of the values that would match",
        ));
    };
    json_value_to_py(py, &agent_input::vocabulary::no_hits_filtered(property, &filter, &would))
}

/// A server's stored values (courts, say), indexed once; `.read(value, role=...)` reads one
/// through case, diacritics, abbreviations, other-language names and inflection.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct Vocabulary {
    inner: CoreVocabulary,
    /// Small enough for its short reads to keep the GIL ([`convert::vocabulary_keeps_gil`]).
    keeps_gil: bool,
}

/// The core's own error for options it rejects (used on error paths only, so that the
/// message is the core's).
fn core_options_error(py: Python<'_>, kind: Kind, options: &Value) -> PyErr {
    match Spec::new(kind, options) {
        Err(e) => to_py_err(py, &e),
        Ok(_) => PyValueError::new_err(format!("invalid options for kind `{}`", kind.name())),
    }
}

#[pymethods]
impl Vocabulary {
    #[new]
    fn new(py: Python<'_>, entries: &Bound<'_, PyAny>) -> PyResult<Self> {
        let json = data(entries)?;
        let entries: Vec<Entry> = serde_json::from_value(json.clone())
            .map_err(|_| core_options_error(py, Kind::Vocabulary, &json!({"entries": json})))?;
        let inner = CoreVocabulary::new(entries).map_err(|e| to_py_err(py, &e))?;
        let keeps_gil = convert::vocabulary_keeps_gil(inner.entries());
        Ok(Self { inner, keeps_gil })
    }

    /// Reads one value. `role="value"` (default) asks when a value names several entries or
    /// none; `role="filter"` drops it with a warning instead.
    #[pyo3(signature = (value = Arg::Missing, /, role = "value"))]
    fn read(&self, py: Python<'_>, value: Arg<'_>, role: &str) -> PyResult<Outcome> {
        let role: VocabularyRole = serde_json::from_value(Value::String(role.to_owned()))
            .map_err(|_| core_options_error(py, Kind::Vocabulary, &json!({"entries": [{"id": "_"}], "role": role})))?;
        let (converted, weight) = convert(&value)?;
        // A vocabulary read works by its names: a short read of a small vocabulary keeps the
        // GIL, any other releases it.
        let read = || self.inner.read(converted.input(), role).map(Value::String);
        let inner = match converted.unreadable() {
            Some(ask) => ask,
            None => convert::run_by_gil_rule(py, self.keeps_gil, weight, read),
        };
        Ok(Outcome { inner, natives: Natives::Json })
    }

    /// The entries, as dicts.
    #[getter]
    fn entries(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_value_to_py(py, &self.inner.entries())
    }

    fn __repr__(&self) -> String {
        format!("Vocabulary(<{} entries>)", self.inner.entries().len())
    }
}

/// Issues and reads opaque, tamper-evident page cursors with one server key (at least 16
/// bytes; it never appears in any output). A cursor property of a `Tool` built with
/// `codec=` reads with it.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct CursorCodec {
    inner: CoreCodec,
}

fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

static TIMEDELTA: PyOnceLock<Py<pyo3::types::PyType>> = PyOnceLock::new();

/// Whole seconds of a cursor's lifetime: an `int` from 0 to 2**64 - 1, or for `ttl` a
/// `datetime.timedelta` (rounded up to the second); anything else (a negative number, a
/// `float`, a `bool`, a number past 64 bits) an `InvalidOptionsError`. Whether the lifetime
/// can be issued is the core's check ([`agent_input::cursor::expiry`]).
fn lifetime_seconds(value: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    let py = value.py();
    let invalid = || -> PyResult<PyErr> {
        let kinds = if name == "ttl" { "an int or a timedelta" } else { "an int" };
        Ok(errors::InvalidOptionsError::new_err(format!(
            "invalid cursor expiry: `{name}` must be a whole number of seconds, 0 or more ({kinds}), found {}",
            value.repr()?
        )))
    };
    if value.is_instance_of::<pyo3::types::PyInt>() && !value.is_instance_of::<pyo3::types::PyBool>() {
        return value.extract::<u64>().or_else(|_| Err(invalid()?));
    }
    if name == "ttl" && value.is_instance(TIMEDELTA.import(py, "datetime", "timedelta")?)? {
        // `days` carries the sign; `seconds` (below a day) and `microseconds` are never negative.
        let days: u64 = value.getattr("days")?.extract().or_else(|_| Err(invalid()?))?;
        let seconds: u64 = value.getattr("seconds")?.extract()?;
        let micros: u64 = value.getattr("microseconds")?.extract()?;
        return Ok(days * 86_400 + seconds + u64::from(micros > 0));
    }
    Err(invalid()?)
}

#[pymethods]
impl CursorCodec {
    #[new]
    fn new(py: Python<'_>, key: &[u8]) -> PyResult<Self> {
        Ok(Self { inner: CoreCodec::new(key).map_err(|e| to_py_err(py, &e))? })
    }

    /// A codec keyed by the environment variable `name` (its UTF-8 bytes).
    #[staticmethod]
    fn from_env(py: Python<'_>, name: &str) -> PyResult<Self> {
        Ok(Self { inner: CoreCodec::from_env(name).map_err(|e| to_py_err(py, &e))? })
    }

    /// Issues a cursor carrying `payload` (a JSON value, or `bytes`), valid for `ttl` (an
    /// `int` of seconds or a `timedelta`) or until `expires_at` (unix seconds) if given, or
    /// never. Raises `InvalidOptionsError` for both, for either that is not a whole number of
    /// seconds, for a `ttl` of 0 and for an `expires_at` not in the future (the core's check,
    /// as the CLI and JavaScript make it).
    #[pyo3(signature = (payload, /, ttl = None, *, expires_at = None))]
    fn encode(
        &self,
        py: Python<'_>,
        payload: &Bound<'_, PyAny>,
        ttl: Option<&Bound<'_, PyAny>>,
        expires_at: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let ttl = ttl.map(|t| lifetime_seconds(t, "ttl")).transpose()?;
        let expires_at = expires_at.map(|at| lifetime_seconds(at, "expires_at")).transpose()?;
        let expires_at = agent_input::cursor::expiry(ttl, expires_at, unix_now()).map_err(|e| to_py_err(py, &e))?;
        let cursor = if let Ok(bytes) = payload.extract::<&[u8]>() {
            self.inner.encode_bytes(bytes, expires_at)
        } else {
            self.inner.encode_json(&data(payload)?, expires_at)
        };
        cursor.map_err(|e| to_py_err(py, &e))
    }

    /// Reads a cursor value: ok with its payload, absent for an invented first-call value
    /// (`"start"`, `"0"`, `""`), an `invalid_cursor` ask for a damaged, forged or expired one.
    /// `now` (unix seconds) replaces the clock.
    #[pyo3(signature = (value = Arg::Missing, /, *, now = None))]
    fn read(&self, py: Python<'_>, value: Arg<'_>, now: Option<u64>) -> PyResult<Outcome> {
        let (converted, weight) = convert(&value)?;
        let read = || match now {
            Some(now) => self.inner.read_at(converted.input(), now),
            None => self.inner.read(converted.input()),
        };
        let inner = match converted.unreadable() {
            Some(ask) => ask,
            // A cursor is one scalar: its work is bounded by its length (and `MAX_CURSOR_CHARS`).
            None => convert::run_by_gil_rule(py, true, weight, read),
        };
        Ok(Outcome { inner, natives: Natives::Json })
    }

    /// A page that says what it withheld: `{"items", "matched", "returned", "sort", "partial",
    /// "next_cursor", "filtered", "matched_exact"}`, its next cursor (carrying `next`) minted
    /// with this key, valid `ttl` seconds (an hour by default). `matched` is how many matched in
    /// all (a lower bound with `matched_exact=False`); `offset` the position of the first item.
    /// Raises `InvalidOptionsError` for a page that contradicts itself.
    #[pyo3(signature = (items, /, matched, *, sort = None, filtered = false, next = None, offset = None,
                        matched_exact = true, ttl = None, now = None))]
    #[allow(clippy::too_many_arguments, reason = "keyword arguments of one Python call")]
    fn page(
        &self,
        py: Python<'_>,
        items: &Bound<'_, PyAny>,
        matched: u64,
        sort: Option<String>,
        filtered: bool,
        next: Option<&Bound<'_, PyAny>>,
        offset: Option<u64>,
        matched_exact: bool,
        ttl: Option<&Bound<'_, PyAny>>,
        now: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        let ttl_seconds = ttl.map(|t| lifetime_seconds(t, "ttl")).transpose()?;
        let request = json!({"items": data(items)?, "matched": matched, "sort": sort, "filtered": filtered,
                             "next": next.map(data).transpose()?, "offset": offset,
                             "matched_exact": matched_exact, "ttl_seconds": ttl_seconds});
        let page = Page::from_json(&request)
            .and_then(|p| p.to_json(&self.inner, now.unwrap_or_else(unix_now)))
            .map_err(|e| to_py_err(py, &e))?;
        Ok(to_py(py, &page)?.unbind())
    }

    fn __repr__(&self) -> &'static str {
        "CursorCodec(<redacted>)"
    }
}

/// A receipt a store gave, as Python: the dict, or `None`.
fn receipt_to_py(py: Python<'_>, receipt: Option<Value>) -> PyResult<Py<PyAny>> {
    match receipt {
        Some(r) => Ok(to_py(py, &r)?.unbind()),
        None => Ok(py.None()),
    }
}

/// A store class's `get`: the GIL released while the store works (a database may wait).
fn store_get(py: Python<'_>, store: &dyn ReceiptStore, tool: &str, key: &str) -> PyResult<Py<PyAny>> {
    receipt_to_py(py, py.detach(|| store.get(tool, key)))
}

/// A store class's `put`.
fn store_put(
    py: Python<'_>,
    store: &dyn ReceiptStore,
    tool: &str,
    key: &str,
    receipt: &Bound<'_, PyAny>,
) -> PyResult<()> {
    let receipt = data(receipt)?;
    py.detach(|| store.put(tool, key, receipt));
    Ok(())
}

/// A store class's `reserve`.
fn store_reserve(
    py: Python<'_>,
    store: &dyn ReceiptStore,
    tool: &str,
    key: &str,
    in_flight: &Bound<'_, PyAny>,
) -> PyResult<Py<PyAny>> {
    let in_flight = data(in_flight)?;
    receipt_to_py(py, py.detach(|| store.reserve(tool, key, in_flight)))
}

/// Receipts of writes in memory (the default store of the server glue): at most `capacity`
/// (10,000 by default), the oldest dropped first; a receipt past its `expires_at` is not
/// replayed. A store of your own has the same methods, `get(tool, key)` and
/// `put(tool, key, receipt)` (plain or `async`), over receipts that are JSON dicts, and
/// `reserve(tool, key, in_flight)` when it can reserve a key in one atomic step (without it,
/// the glue reserves by `get` then `put`, which two calls at the same instant can both pass).
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct MemoryReceipts {
    inner: CoreReceipts,
}

#[pymethods]
impl MemoryReceipts {
    #[new]
    #[pyo3(signature = (capacity = None))]
    fn new(capacity: Option<usize>) -> Self {
        Self { inner: CoreReceipts::new(capacity.unwrap_or(agent_input::limits::MAX_RECEIPTS)) }
    }

    /// The receipt stored for `tool` and `key`, or `None`.
    fn get(&self, py: Python<'_>, tool: &str, key: &str) -> PyResult<Py<PyAny>> {
        store_get(py, &self.inner, tool, key)
    }

    /// Stores `receipt` (a dict) for `tool` and `key`.
    fn put(&self, py: Python<'_>, tool: &str, key: &str, receipt: &Bound<'_, PyAny>) -> PyResult<()> {
        store_put(py, &self.inner, tool, key, receipt)
    }

    /// Reserves `tool` and `key` in one atomic step: stores `in_flight` (a dict) and returns
    /// `None` when the key holds no live receipt, else returns that receipt, unchanged.
    fn reserve(&self, py: Python<'_>, tool: &str, key: &str, in_flight: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        store_reserve(py, &self.inner, tool, key, in_flight)
    }

    /// Drops the receipts expired at `now` (unix seconds; default: the clock).
    #[pyo3(signature = (now = None))]
    fn expire(&self, now: Option<u64>) {
        self.inner.expire(now.unwrap_or_else(unix_now));
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }

    fn __repr__(&self) -> String {
        format!("MemoryReceipts({} receipts)", self.inner.len())
    }
}

/// Receipts of writes in a SQLite file (the core's `SqliteReceipts`), shared by every process
/// of the machine that opens the same file: each key reserved by one of them at a time, in one
/// `INSERT ... ON CONFLICT` (WAL mode, expired rows swept as it goes). `receipts="sqlite:PATH"`
/// makes one.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct SqliteReceipts {
    inner: agent_input::tool::SqliteReceipts,
}

#[pymethods]
impl SqliteReceipts {
    /// Opens (or creates) the store in the file at `path`. A file SQLite cannot open raises
    /// `InvalidOptionsError`.
    #[new]
    fn new(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Self> {
        let inner = py.detach(|| agent_input::tool::SqliteReceipts::open(&path)).map_err(|e| to_py_err(py, &e))?;
        Ok(Self { inner })
    }

    /// The receipt stored for `tool` and `key`, or `None`.
    fn get(&self, py: Python<'_>, tool: &str, key: &str) -> PyResult<Py<PyAny>> {
        store_get(py, &self.inner, tool, key)
    }

    /// Stores `receipt` (a dict) for `tool` and `key`.
    fn put(&self, py: Python<'_>, tool: &str, key: &str, receipt: &Bound<'_, PyAny>) -> PyResult<()> {
        store_put(py, &self.inner, tool, key, receipt)
    }

    /// Reserves `tool` and `key` in one atomic step, across processes: stores `in_flight` (a
    /// dict) and returns `None` when the key holds no live receipt, else returns that receipt.
    fn reserve(&self, py: Python<'_>, tool: &str, key: &str, in_flight: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        store_reserve(py, &self.inner, tool, key, in_flight)
    }

    fn __len__(&self, py: Python<'_>) -> PyResult<usize> {
        self.inner.count().map_err(|e| to_py_err(py, &e))
    }

    fn __repr__(&self) -> String {
        "SqliteReceipts(...)".to_owned()
    }
}

/// Receipts of writes in Redis or Valkey (the core's `RedisReceipts`), shared by every process
/// on every machine that names the same server: each key reserved by one of them at a time, in
/// one `SET ... NX EX`, expired by the server's clock. `receipts="redis://HOST:PORT"` makes one.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct RedisReceipts {
    inner: agent_input::tool::RedisReceipts,
}

#[pymethods]
impl RedisReceipts {
    /// Connects to the server at `url` (`redis://HOST:PORT/DB`). A URL the client does not take,
    /// or a server that does not answer, raises `InvalidOptionsError`.
    #[new]
    fn new(py: Python<'_>, url: &str) -> PyResult<Self> {
        let inner = py.detach(|| agent_input::tool::RedisReceipts::open(url)).map_err(|e| to_py_err(py, &e))?;
        Ok(Self { inner })
    }

    /// The receipt stored for `tool` and `key`, or `None`.
    fn get(&self, py: Python<'_>, tool: &str, key: &str) -> PyResult<Py<PyAny>> {
        store_get(py, &self.inner, tool, key)
    }

    /// Stores `receipt` (a dict) for `tool` and `key`.
    fn put(&self, py: Python<'_>, tool: &str, key: &str, receipt: &Bound<'_, PyAny>) -> PyResult<()> {
        store_put(py, &self.inner, tool, key, receipt)
    }

    /// Reserves `tool` and `key` in one atomic step, across machines: stores `in_flight` (a
    /// dict) and returns `None` when the key holds no live receipt, else returns that receipt.
    fn reserve(&self, py: Python<'_>, tool: &str, key: &str, in_flight: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        store_reserve(py, &self.inner, tool, key, in_flight)
    }

    fn __repr__(&self) -> String {
        "RedisReceipts(...)".to_owned()
    }
}

/// Receipts of writes in a PostgreSQL table (the core's `PostgresReceipts`), shared by every
/// process on every machine that names the same database: each key reserved by one of them at
/// a time, in one `INSERT ... ON CONFLICT ... RETURNING`, expired by the server's `now()`.
/// `receipts="postgres://USER@HOST:PORT/DB"` makes one.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct PostgresReceipts {
    inner: agent_input::tool::PostgresReceipts,
}

#[pymethods]
impl PostgresReceipts {
    /// Connects to the database at `url` (`postgres://USER@HOST:PORT/DB`) and creates the table
    /// when it is missing. A URL the client does not take, or a server that does not answer,
    /// raises `InvalidOptionsError`.
    #[new]
    fn new(py: Python<'_>, url: &str) -> PyResult<Self> {
        let inner = py.detach(|| agent_input::tool::PostgresReceipts::open(url)).map_err(|e| to_py_err(py, &e))?;
        Ok(Self { inner })
    }

    /// The receipt stored for `tool` and `key`, or `None`.
    fn get(&self, py: Python<'_>, tool: &str, key: &str) -> PyResult<Py<PyAny>> {
        store_get(py, &self.inner, tool, key)
    }

    /// Stores `receipt` (a dict) for `tool` and `key`.
    fn put(&self, py: Python<'_>, tool: &str, key: &str, receipt: &Bound<'_, PyAny>) -> PyResult<()> {
        store_put(py, &self.inner, tool, key, receipt)
    }

    /// Reserves `tool` and `key` in one atomic step, across machines: stores `in_flight` (a
    /// dict) and returns `None` when the key holds no live receipt, else returns that receipt.
    fn reserve(&self, py: Python<'_>, tool: &str, key: &str, in_flight: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        store_reserve(py, &self.inner, tool, key, in_flight)
    }

    fn __repr__(&self) -> String {
        "PostgresReceipts(...)".to_owned()
    }
}

/// A declared tool (the JSON document `ToolSpec::from_json` reads): it reads a whole argument
/// object, shapes the error envelope and emits the MCP `inputSchema`.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct Tool {
    spec: Arc<ToolSpec>,
    /// The property names, interned once: the keys of every `args` dict.
    keys: Arc<[Py<PyString>]>,
    /// The server key given at construction: it also seals questions to a person.
    codec: Option<CoreCodec>,
    /// The arguments of the last call read from a dict, kept for the next
    /// ([`convert::call_args_kept`]); a call on another thread meanwhile converts its own.
    kept: std::sync::Mutex<Value>,
    /// Its short calls are read holding the GIL ([`convert::tool_keeps_gil`]).
    keeps_gil: bool,
}

#[pymethods]
impl Tool {
    /// Builds a tool from its spec: a dict, or JSON text. Cursor properties without a
    /// `key_env` read with `codec`. Raises `InvalidOptionsError` for an invalid spec.
    #[staticmethod]
    #[pyo3(signature = (spec, /, *, codec = None))]
    fn from_spec(py: Python<'_>, spec: &Bound<'_, PyAny>, codec: Option<PyRef<'_, CursorCodec>>) -> PyResult<Self> {
        let json = match spec.cast::<PyString>() {
            Ok(text) => ToolSpec::json_text(&text.to_cow()?, "tool spec").map_err(|e| to_py_err(py, &e))?,
            Err(_) => data(spec)?,
        };
        let spec = match &codec {
            Some(codec) => ToolSpec::from_json_with_codec(&json, &codec.inner),
            None => ToolSpec::from_json(&json),
        };
        let codec = codec.map(|c| c.inner.clone());
        Ok(Self::new(py, spec.map_err(|e| to_py_err(py, &e))?, codec))
    }

    /// Builds a tool from the JSON Schema a server already declares: a tool's `inputSchema`,
    /// or its whole MCP definition (`{"name", "description", "inputSchema", "annotations"}`),
    /// with `overrides` for what JSON Schema cannot say (`{"answered_by": "user",
    /// "properties": {"court": {"kind": "vocabulary", "entries": [...]}, "raw": False}}`).
    /// Raises `InvalidOptionsError` for a schema or overrides it cannot use.
    #[staticmethod]
    #[pyo3(signature = (schema, overrides = None, /, *, codec = None))]
    fn from_input_schema(
        py: Python<'_>,
        schema: &Bound<'_, PyAny>,
        overrides: Option<&Bound<'_, PyAny>>,
        codec: Option<PyRef<'_, CursorCodec>>,
    ) -> PyResult<Self> {
        let schema = data(schema)?;
        let overrides = match overrides {
            Some(o) => data(o)?,
            None => Value::Null,
        };
        let spec = ToolSpec::from_input_schema_with(&schema, &overrides, codec.as_ref().map(|c| &c.inner));
        let codec = codec.map(|c| c.inner.clone());
        Ok(Self::new(py, spec.map_err(|e| to_py_err(py, &e))?, codec))
    }

    /// The tool spec document `from_input_schema` builds from a schema (what each property
    /// was mapped to), as a dict.
    #[staticmethod]
    #[pyo3(signature = (schema, overrides = None, /))]
    fn spec_from_input_schema(
        py: Python<'_>,
        schema: &Bound<'_, PyAny>,
        overrides: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyAny>> {
        let schema = data(schema)?;
        let overrides = match overrides {
            Some(o) => data(o)?,
            None => Value::Null,
        };
        let doc = ToolSpec::document_from_input_schema(&schema, &overrides).map_err(|e| to_py_err(py, &e))?;
        Ok(to_py(py, &doc)?.unbind())
    }

    /// Reads a whole argument object (a dict; `None` or nothing: no arguments at all), with the
    /// GIL released unless the call is short ([`convert::tool_keeps_gil`]). Never raises on bad
    /// arguments: a lone surrogate or lists and dicts nested more than 64 levels are the envelope
    /// `agent-input call` and JavaScript give for the same JSON text ([`convert::call_text`]).
    ///
    /// `today` (a `datetime.date` or `"YYYY-MM-DD"`) is the day relative words are read against
    /// (`"yesterday"`, `"last month"`) where a property's own `today` option is unset; without
    /// it they ask `relative_date_without_today`.
    #[pyo3(signature = (args = None, /, *, today = None))]
    fn read(
        &self,
        py: Python<'_>,
        args: Option<&Bound<'_, PyAny>>,
        today: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ToolCall> {
        let today = day_of(py, today)?;
        let call = match args {
            None => self.read_holding(py, 0, || self.spec.read_in(&Value::Null, &context(today))),
            Some(a) => {
                // A dict is converted into the tool's kept arguments, unless another thread
                // holds them; anything else, or then, on its own.
                let read = match a.cast::<PyDict>().ok().zip(self.kept.try_lock().ok()) {
                    Some((dict, mut kept)) => convert::call_args_kept(dict, &mut kept)?.map(|weight| {
                        let call = self.read_holding(py, weight, || self.spec.read_in(&kept, &context(today)));
                        convert::release(&mut kept, weight);
                        call
                    }),
                    None => convert::call_args_weighed(a)?.map(|(args, weight)| {
                        self.read_holding(py, weight, || self.spec.read_in(&args, &context(today)))
                    }),
                };
                match read {
                    Ok(call) => call,
                    Err(_) => {
                        let text = convert::call_text(a)?;
                        py.detach(|| self.spec.read_json_in(text.as_bytes(), &context(today)))
                    }
                }
            }
        };
        Ok(self.call_of(call))
    }

    /// For the benchmark (`benches/python/bench.py`), not the package: reads the argument dict
    /// `n` times inside the extension, converted once and with no crossing back, and returns how
    /// many of those reads were ok: the core's own time for the call.
    #[pyo3(name = "_bench_read", signature = (args, n, /))]
    fn bench_read(&self, py: Python<'_>, args: &Bound<'_, PyAny>, n: u32) -> PyResult<u32> {
        let args = convert::call_args(args)?.unwrap_or(Value::Null);
        Ok(py.detach(|| {
            (0..n).map(|_| u32::from(matches!(std::hint::black_box(self.spec.read(&args)), CoreCall::Ok { .. }))).sum()
        }))
    }

    /// Reads the raw body of a call, JSON text as `str` or `bytes`, as a client sent it, with
    /// the GIL released unless the call is short ([`convert::tool_keeps_gil`]): a key sent twice
    /// is read as the last, with a warning; text that is not JSON is the envelope, naming the
    /// byte (a lone surrogate in a `str` is not UTF-8: its `surrogatepass` bytes); an empty body
    /// is a call without arguments. `today` as for [`Tool::read`].
    #[pyo3(signature = (text, /, *, today = None))]
    fn read_json(
        &self,
        py: Python<'_>,
        text: &Bound<'_, PyAny>,
        today: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ToolCall> {
        let today = day_of(py, today)?;
        let text = match text.cast::<PyString>() {
            Ok(s) => StrBytes::of(s)?,
            Err(_) => StrBytes::Bytes(text.extract()?),
        };
        let body = text.bytes();
        let call = self.read_holding(py, body.len(), || self.spec.read_json_in(body, &context(today)));
        Ok(self.call_of(call))
    }

    /// A call of this tool through the protocol (`agent_input.mcp` runs its steps):
    /// `params` as the `tools/call` request's (`{"name", "arguments", "requestState",
    /// "inputResponses"}`), `context` as `{"protocolVersion", "clientCapabilities", "today":
    /// "YYYY-MM-DD" or a date, "now", "canAsk"}` (each optional). Questions and confirm tokens
    /// are sealed with the codec the tool was built with. The steps' numbers are `int` or
    /// `Decimal`; with `floats=True` as `json.loads` gives them (a result or a receipt for a
    /// framework to send). Raises `InvalidOptionsError` for a `today` that is no date; never
    /// for bad arguments (the first step answers them).
    #[pyo3(signature = (params, context = None, *, floats = false))]
    fn call(
        &self,
        py: Python<'_>,
        params: &Bound<'_, PyAny>,
        context: Option<&Bound<'_, PyAny>>,
        floats: bool,
    ) -> PyResult<protocol::Call> {
        let key = self.codec.as_ref();
        protocol::start(py, self, params, context, floats, |spec, request| {
            agent_input::protocol::Call::own(spec, key, request)
        })
    }

    /// Who answers an ambiguity at the top-level property `path`: `"model"` or `"user"`.
    fn answered_by(&self, path: &str) -> &'static str {
        match self.spec.answered_by(path) {
            agent_input::tool::AnsweredBy::Model => "model",
            agent_input::tool::AnsweredBy::User => "user",
        }
    }

    /// The MCP `input_required` result that asks the person which reading they meant (a dict
    /// `{"resultType", "inputRequests", "requestState"}`), for a call whose every issue is an
    /// ambiguity answered by the user; `None` otherwise. Send it only when the client can ask a
    /// person (form elicitation on a 2026-07-28 connection). The state is sealed with `codec`,
    /// or the codec the tool was built with; `now` is unix seconds (default: the clock).
    #[pyo3(signature = (call, args = None, /, *, codec = None, now = None))]
    fn ask_person(
        &self,
        py: Python<'_>,
        call: PyRef<'_, ToolCall>,
        args: Option<&Bound<'_, PyAny>>,
        codec: Option<PyRef<'_, CursorCodec>>,
        now: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        let key = self.person_key(codec.as_deref())?;
        let args = match args.map(convert::call_args).transpose()? {
            None => Value::Null,
            Some(Ok(args)) => args,
            // Arguments that cannot cross are the envelope (`read`): no question.
            Some(Err(_)) => return Ok(py.None()),
        };
        match self.spec.ask_person(&call.call, &args, &key, now.unwrap_or_else(unix_now)) {
            Some(question) => Ok(to_py(py, &question)?.unbind()),
            None => Ok(py.None()),
        }
    }

    /// Reads the retry of a call `ask_person` answered: the same `args`, the client's
    /// `input_responses` (a dict of elicitation results) and the echoed `request_state`. An
    /// accepted choice replaces its value, with a note; anything else is the envelope. `today`
    /// as for [`Tool::read`].
    #[pyo3(signature = (args, input_responses, request_state, /, *, codec = None, now = None, today = None))]
    #[allow(clippy::too_many_arguments, reason = "the Python signature's keywords")]
    fn read_answers(
        &self,
        py: Python<'_>,
        args: Option<&Bound<'_, PyAny>>,
        input_responses: Option<&Bound<'_, PyAny>>,
        request_state: &str,
        codec: Option<PyRef<'_, CursorCodec>>,
        now: Option<u64>,
        today: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<ToolCall> {
        let key = self.person_key(codec.as_deref())?;
        let responses = input_responses.map_or(Ok(Value::Null), data)?;
        let now = now.unwrap_or_else(unix_now);
        let today = day_of(py, today)?;
        let answers =
            |args: &Value| self.spec.read_answers_with(args, &responses, request_state, &key, now, &context(today));
        let call = match args {
            None => py.detach(|| answers(&Value::Null)),
            Some(a) => match convert::call_args(a)? {
                Ok(args) => py.detach(|| answers(&args)),
                Err(_) => {
                    // As `read`: the envelope `agent-input call` gives for the same text.
                    let text = convert::call_text(a)?;
                    py.detach(|| self.spec.read_json(text.as_bytes()))
                }
            },
        };
        Ok(self.call_of(call))
    }

    /// The tool's name.
    #[getter]
    fn name(&self) -> &str {
        self.spec.name()
    }

    /// True when the tool writes (a placeholder id asks instead of reading as absent).
    #[getter]
    fn writes(&self) -> bool {
        self.spec.writes()
    }

    /// True when calls go through `gate`: the tool confirms its changes or has an idempotency key.
    #[getter]
    fn has_contract(&self) -> bool {
        self.spec.has_contract()
    }

    /// True when the tool previews its changes (`dry_run`) and applies them with a `confirm_token`.
    #[getter]
    fn confirms(&self) -> bool {
        self.spec.confirms()
    }

    /// The tool's idempotency key property, or `None`.
    #[getter]
    fn key_property(&self) -> Option<&str> {
        self.spec.key_property()
    }

    /// The MCP annotations (`readOnlyHint`, `destructiveHint`, `idempotentHint`, `openWorldHint`).
    fn annotations(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(to_py(py, &self.spec.annotations())?.unbind())
    }

    /// The idempotency key of a call that applies a change, to look its receipt up; `None` when
    /// there is none (no key property, no key sent, a preview, a call that did not read).
    fn receipt_key(&self, call: PyRef<'_, ToolCall>) -> Option<String> {
        self.spec.receipt_key(&call.call)
    }

    /// The contract's step before the handler: `{"action": "answer", "result": {...}}` (a
    /// refusal or a replayed receipt: return it) or `{"action": "run", "args": {...}, "run":
    /// {...}}` (run the handler with `args`, typed as `ToolCall.args`, then `finish` with this
    /// dict). `stored` is the receipt the store holds
    /// under `receipt_key(call)`. Confirm tokens are sealed with `codec`, or the tool's own.
    #[pyo3(signature = (call, stored = None, /, *, codec = None, now = None))]
    fn gate(
        &self,
        py: Python<'_>,
        call: PyRef<'_, ToolCall>,
        stored: Option<&Bound<'_, PyAny>>,
        codec: Option<PyRef<'_, CursorCodec>>,
        now: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        let stored = stored.filter(|s| !s.is_none()).map(data).transpose()?;
        let key = codec.map(|c| c.inner.clone()).or_else(|| self.codec.clone());
        let gate = self
            .spec
            .gate(&call.call, stored.as_ref(), key.as_ref(), now.unwrap_or_else(unix_now))
            .map_err(|e| to_py_err(py, &e))?;
        let out = PyDict::new(py);
        match &gate {
            Gate::Answer { result } => {
                out.set_item("action", "answer")?;
                out.set_item("result", to_py(py, result)?)?;
            }
            Gate::Run(run) => {
                // The handler's arguments as `ToolCall.args` gives them (dates as `date`, ...).
                out.set_item("action", "run")?;
                out.set_item("args", args_to_py(py, &self.spec, &self.keys, &run.args)?)?;
                out.set_item("run", json_value_to_py(py, run)?)?;
            }
        }
        Ok(out.into_any().unbind())
    }

    /// The result of a call the handler ran with `gate`'s `run` (`output`: the handler's
    /// return value): `{"result": CallToolResult, "receipt"?, "key"?}`; store `receipt` under
    /// `key` when given.
    #[pyo3(signature = (call, run, output = None, /, *, now = None))]
    fn finish(
        &self,
        py: Python<'_>,
        call: PyRef<'_, ToolCall>,
        run: &Bound<'_, PyAny>,
        output: Option<&Bound<'_, PyAny>>,
        now: Option<u64>,
    ) -> PyResult<Py<PyAny>> {
        // The dict `gate` returned (its JSON run under "run"), or that run itself.
        let run = match run.cast::<PyDict>() {
            Ok(d) => d.get_item("run")?.unwrap_or_else(|| run.clone()),
            Err(_) => run.clone(),
        };
        let run: Run = serde_json::from_value(data(&run)?)
            .map_err(|e| errors::InvalidOptionsError::new_err(format!("not a run that `gate` returned: {e}")))?;
        let output = output.map_or(Ok(Value::Null), data)?;
        let finished = self.spec.finish(&call.call, &run, &output, now.unwrap_or_else(unix_now));
        json_value_to_py(py, &finished)
    }

    /// The `CallToolResult` of a handler's failure (`RateLimited.failure()` or
    /// `UpstreamUnavailable.failure()`: `{"code": "rate_limited", "retry_after_seconds": 30,
    /// "remaining_calls": 4}`): the envelope the model acts on.
    fn failure_result(&self, py: Python<'_>, failure: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let failure: Failure = serde_json::from_value(data(failure)?)
            .map_err(|e| errors::InvalidOptionsError::new_err(format!("not a failure: {e}")))?;
        Ok(to_py(py, &self.spec.failure_result(&failure))?.unbind())
    }

    /// The tool's `inputSchema`, which admits every spelling the reader reads, in a host's
    /// dialect: `"mcp"` (JSON Schema 2020-12, the default), `"openai-strict"`, `"gemini"` or
    /// `"anthropic"`. Raises `InvalidOptionsError` for another dialect.
    #[pyo3(signature = (dialect = "mcp"))]
    fn input_schema(&self, py: Python<'_>, dialect: &str) -> PyResult<Py<PyAny>> {
        let dialect = dialect.parse::<Dialect>().map_err(|e| to_py_err(py, &e))?;
        Ok(to_py(py, &self.spec.input_schema_for(dialect))?.unbind())
    }

    /// What a listing of a deprecated tool says beside its schema: `{"description", "_meta"}`
    /// (`description` the listed one, whose first sentence says the tool is deprecated;
    /// `_meta` the `agent-input/deprecated` entry), or `None` for a tool that is not deprecated.
    fn listed_fields(&self, py: Python<'_>, description: &str) -> PyResult<Option<Py<PyAny>>> {
        let Some(deprecation) = self.spec.deprecation() else { return Ok(None) };
        let mut fields = serde_json::json!({"description": description});
        deprecation.mark(&mut fields);
        Ok(Some(to_py(py, &fields)?.unbind()))
    }

    /// The OAuth scopes a caller's token must grant to see and call the tool (its spec's or
    /// overrides' `scopes`).
    fn scopes(&self) -> Vec<String> {
        self.spec.scopes().to_vec()
    }

    /// The payload the tool accepts, to echo as the next call: every required property set to
    /// its kind's canonical example, the optional ones left out; it reads back as itself with
    /// no note.
    fn skeleton(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(to_py(py, &self.spec.skeleton())?.unbind())
    }

    /// The tool definition in a host's dialect: MCP's `{"name", "description", "inputSchema",
    /// "annotations"}` (the default), OpenAI's function tool, Gemini's function declaration or
    /// Anthropic's tool.
    #[pyo3(signature = (dialect = "mcp"))]
    fn definition(&self, py: Python<'_>, dialect: &str) -> PyResult<Py<PyAny>> {
        let dialect = dialect.parse::<Dialect>().map_err(|e| to_py_err(py, &e))?;
        Ok(to_py(py, &self.spec.definition_for(dialect))?.unbind())
    }

    fn __repr__(&self) -> String {
        format!("Tool({:?})", self.spec.name())
    }
}

impl Tool {
    fn new(py: Python<'_>, spec: ToolSpec, codec: Option<CoreCodec>) -> Self {
        Self::of(py, Arc::new(spec), codec)
    }

    /// The tool of a spec already built (the protocol's, for a lenient server's tool).
    fn of(py: Python<'_>, spec: Arc<ToolSpec>, codec: Option<CoreCodec>) -> Self {
        let keys = spec.property_names().map(|name| PyString::intern(py, name).unbind()).collect();
        let keeps_gil = convert::tool_keeps_gil(&spec);
        Self { spec, keys, codec, kept: std::sync::Mutex::new(Value::Null), keeps_gil }
    }

    /// Runs a read of a call of `weight` bytes of text: holding the GIL when the call is short
    /// and the tool reads only scalars ([`convert::tool_keeps_gil`]), else with it released.
    fn read_holding(&self, py: Python<'_>, weight: usize, read: impl FnOnce() -> CoreCall + Send) -> CoreCall {
        convert::run_by_gil_rule(py, self.keeps_gil, weight, read)
    }

    /// A read call, with the tool's spec and interned names.
    fn call_of(&self, call: CoreCall) -> ToolCall {
        ToolCall { call, spec: Arc::clone(&self.spec), keys: Arc::clone(&self.keys) }
    }

    /// The key that seals questions: the one given, else the tool's own.
    fn person_key(&self, given: Option<&CursorCodec>) -> PyResult<CoreCodec> {
        given.map(|c| c.inner.clone()).or_else(|| self.codec.clone()).ok_or_else(|| {
            errors::InvalidOptionsError::new_err(
                "asking a person needs a server key: build the tool with Tool.from_spec(spec, codec=CursorCodec(...)) or pass codec=",
            )
        })
    }
}

/// A call's canonical args as Python natives ([`ToolSpec::typed_args_each`]), the dict's keys
/// the tool's interned names (`keys`, in declared order, as the args are): no string made or
/// hashed per key, and no Rust string made for a value.
fn args_to_py<'py>(
    py: Python<'py>,
    spec: &ToolSpec,
    keys: &[Py<PyString>],
    args: &Value,
) -> PyResult<Bound<'py, PyAny>> {
    let dict = PyDict::new(py);
    let mut result = Ok(());
    let object = spec.typed_args_each(args, |i, typed| {
        if result.is_err() {
            return;
        }
        // `keys` are the spec's names: each index has one.
        result = convert::typed_ref_to_py(py, typed).and_then(|value| match keys.get(i) {
            Some(key) => dict.set_item(key.bind(py), value),
            None => dict.set_item(spec.property_names().nth(i).unwrap_or_default(), value),
        });
    });
    if !object {
        return typed_to_py(py, &spec.typed_args(args));
    }
    result.map(|()| dict.into_any())
}

/// The result of reading one tool call: ok with canonical `args`, or the error envelope.
/// It is true when ok.
#[pyclass(module = "agent_input._agent_input")]
pub struct ToolCall {
    call: CoreCall,
    spec: Arc<ToolSpec>,
    keys: Arc<[Py<PyString>]>,
}

#[pymethods]
impl ToolCall {
    /// True when every property read (the handler may run).
    #[getter]
    fn ok(&self) -> bool {
        matches!(self.call, CoreCall::Ok { .. })
    }

    /// `"ok"` or `"error"`.
    #[getter]
    fn status(&self) -> &'static str {
        if self.ok() {
            "ok"
        } else {
            "error"
        }
    }

    /// The canonical arguments as Python natives (`int`/`Decimal`, `datetime.date`, ...) when
    /// ok, else `None`. A property that was absent is left out.
    #[getter]
    fn args(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.call {
            CoreCall::Ok { args, .. } => Ok(args_to_py(py, &self.spec, &self.keys, args)?.unbind()),
            CoreCall::Error { .. } => Ok(py.None()),
        }
    }

    /// The repairs applied, each with its property `path`.
    #[getter]
    fn notes(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.call {
            CoreCall::Ok { notes, .. } | CoreCall::Error { notes, .. } => {
                Ok(wire::to_py(py, notes, Some((&self.spec, &self.keys)))?.unbind())
            }
        }
    }

    /// The warnings, each with its property `path` where it has one.
    #[getter]
    fn warnings(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.call {
            CoreCall::Ok { warnings, .. } | CoreCall::Error { warnings, .. } => {
                Ok(wire::to_py(py, warnings, Some((&self.spec, &self.keys)))?.unbind())
            }
        }
    }

    /// The issues: entries of collections left out of an ok call, or every issue of the envelope.
    #[getter]
    fn issues(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match &self.call {
            CoreCall::Ok { issues, .. } => json_value_to_py(py, issues),
            CoreCall::Error { envelope, .. } => json_value_to_py(py, &envelope.issues),
        }
    }

    /// The error envelope `{"code", "message", "hint", "issues"}` when the call cannot run,
    /// else `None`.
    #[getter]
    fn envelope(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.call.envelope() {
            Some(envelope) => json_value_to_py(py, envelope),
            None => Ok(py.None()),
        }
    }

    /// Adds a warning (a dict as `no_hits_filtered` returns) that reaches the caller beside
    /// the result.
    fn add_warning(&mut self, warning: &Bound<'_, PyAny>) -> PyResult<()> {
        let warning: agent_input::Warning = serde_json::from_value(data(warning)?)
            .map_err(|e| PyValueError::new_err(format!("invalid warning: {e}")))?;
        match &mut self.call {
            CoreCall::Ok { warnings, .. } | CoreCall::Error { warnings, .. } => warnings.push(warning),
        }
        Ok(())
    }

    /// The MCP `CallToolResult` as a dict: for an ok call `isError: false` and
    /// `structuredContent` `{"result": output, "notes", "warnings"}` (plus `"issues"`); for a
    /// call that cannot run `isError: true` and the envelope. The text content is the same JSON.
    #[pyo3(signature = (output = None, /))]
    fn to_call_tool_result(&self, py: Python<'_>, output: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        let output = match output {
            Some(o) => data(o)?,
            None => Value::Null,
        };
        Ok(to_py(py, &self.call.to_call_tool_result(&output))?.unbind())
    }

    /// What telemetry may keep of a rejected call (`{"tool", "codes", "paths"}`, never the
    /// values), or `None` for an ok call without issues.
    fn telemetry(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.call.telemetry(self.spec.name()) {
            Some(t) => json_value_to_py(py, &t),
            None => Ok(py.None()),
        }
    }

    /// The call as the JSON text the Rust core serialises (compact).
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.call).map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// The call's JSON as Python objects (numbers as `int` or `Decimal`).
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        json_value_to_py(py, &self.call)
    }

    fn __bool__(&self) -> bool {
        self.ok()
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("ToolCall({})", self.to_json()?))
    }
}

fn names<C: Copy>(codes: impl Iterator<Item = C>) -> Vec<&'static str>
where
    &'static str: From<C>,
{
    codes.map(<&'static str>::from).collect()
}

/// A `today` argument as the day it names: a `datetime.date` (a `datetime`'s own date) or
/// `"YYYY-MM-DD"`; `None` for `None`.
///
/// # Errors
/// Another type (`TypeError`); a text that is no such date, or a day outside the years dates
/// are written in (`InvalidOptionsError`).
fn day_of(py: Python<'_>, today: Option<&Bound<'_, PyAny>>) -> PyResult<Option<chrono::NaiveDate>> {
    let Some(today) = today.filter(|t| !t.is_none()) else { return Ok(None) };
    // The day is checked here (`parse_today`, `check_today`), so reads never meet a day they
    // refuse.
    if let Ok(text) = today.cast::<PyString>() {
        return agent_input::date::parse_today(text.to_str()?).map(Some).map_err(|e| to_py_err(py, &e));
    }
    if !today.is_instance(convert::date_type(py)?)? {
        return Err(pyo3::exceptions::PyTypeError::new_err("`today` must be a datetime.date or a \"YYYY-MM-DD\" str"));
    }
    let part = |name: &str| -> PyResult<u32> { today.getattr(name)?.extract() };
    let year: i32 = today.getattr("year")?.extract()?;
    let day = chrono::NaiveDate::from_ymd_opt(year, part("month")?, part("day")?)
        .ok_or_else(|| errors::InvalidOptionsError::new_err("`today` is no date"))?;
    agent_input::date::check_today(day).map_err(|e| to_py_err(py, &e))?;
    Ok(Some(day))
}

/// A read's context on the process's environment and clock, with `today` when given (checked by
/// [`day_of`]).
fn context(today: Option<chrono::NaiveDate>) -> agent_input::context::Context<'static> {
    agent_input::context::Context::new(&agent_input::context::System).with_today(today)
}

/// For the tests, not the package: how this interpreter's dates are made, `"c_api"` (the
/// datetime module's `Date_FromDate`, checked once) or `"fromisoformat"`.
#[pyfunction(name = "_date_constructor")]
fn date_constructor(py: Python<'_>) -> &'static str {
    convert::date_constructor_name(py)
}

/// The native module.
#[pymodule]
fn _agent_input(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Outcome>()?;
    m.add_class::<Reader>()?;
    m.add_class::<Tool>()?;
    m.add_class::<ToolCall>()?;
    m.add_class::<Vocabulary>()?;
    m.add_class::<CursorCodec>()?;
    m.add_class::<MemoryReceipts>()?;
    m.add_class::<SqliteReceipts>()?;
    m.add_class::<RedisReceipts>()?;
    m.add_class::<PostgresReceipts>()?;
    m.add_class::<Missing>()?;
    m.add_function(wrap_pyfunction!(read, m)?)?;
    m.add_function(wrap_pyfunction!(read_line, m)?)?;
    m.add_function(wrap_pyfunction!(no_hits_filtered, m)?)?;
    m.add_function(wrap_pyfunction!(fold, m)?)?;
    m.add_function(wrap_pyfunction!(date_constructor, m)?)?;
    errors::register(m)?;
    protocol::register(m)?;
    let missing = MISSING.get_or_try_init(py, || Py::new(py, Missing))?;
    m.add("MISSING", missing.clone_ref(py))?;
    m.add("KINDS", PyTuple::new(py, Kind::ALL.iter().map(|k| k.name()))?)?;
    m.add("NOTE_CODES", PyTuple::new(py, names(agent_input::NoteCode::iter()))?)?;
    m.add("WARNING_CODES", PyTuple::new(py, names(agent_input::WarningCode::iter()))?)?;
    m.add("ASK_CODES", PyTuple::new(py, names(agent_input::AskCode::iter()))?)?;
    m.add("ENVELOPE_CODES", PyTuple::new(py, names(agent_input::EnvelopeCode::iter()))?)?;
    Ok(())
}
