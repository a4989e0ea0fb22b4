//! The call protocol of the core ([`agent_input::protocol`]) for `agent_input.mcp`: a [`Call`]
//! whose steps cross as dicts, and [`Protocol`], what a lenient server keeps. Every rule is the
//! core's; this module converts, makes one core call and converts back.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use agent_input::protocol::{self as core, Listed, Outcome, Request, Step};
use agent_input::tool::{ToolCall as CoreCall, ToolSpec};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use serde_json::{Map, Value};

use crate::convert::{self, data, to_py};
use crate::errors::{to_py_err, InvalidOptionsError};
use crate::{args_to_py, wire, CursorCodec, Tool, ToolCall};

/// The core's request of a call: `params` (the `tools/call` params, a dict) and `context` as
/// JSON, without the arguments, which [`start`] converts, and the tool's name, known already.
fn request(py: Python<'_>, params: &Bound<'_, PyDict>, context: Option<&Bound<'_, PyAny>>) -> PyResult<Request> {
    let mut rest = Map::new();
    for (key, item) in params.iter() {
        let key = key.cast::<PyString>().map_err(PyErr::from)?;
        let key = key.to_str()?;
        if key != "arguments" && key != "name" {
            rest.insert(key.to_owned(), data(&item)?);
        }
    }
    let context = context.filter(|c| !c.is_none()).map_or(Ok(Value::Null), data)?;
    Request::from_json(&Value::Object(rest), &context).map_err(|e| to_py_err(py, &e))
}

/// A call of `tool` through the core (`start`). The arguments convert as a read's do: a dict
/// into the tool's kept arguments ([`convert::call_args_kept`]), and the GIL held only for a
/// short call of a tool that reads scalars ([`convert::tool_keeps_gil`]); arguments that cannot
/// cross as a value (a lone surrogate) cross as their JSON text, which the core reads and asks
/// about, as `Tool.read` does.
pub fn start(
    py: Python<'_>,
    tool: &Tool,
    params: &Bound<'_, PyAny>,
    context: Option<&Bound<'_, PyAny>>,
    floats: bool,
    start: impl FnOnce(Arc<ToolSpec>, &Request) -> (core::Call, Step) + Send,
) -> PyResult<Call> {
    let params = params.cast::<PyDict>().map_err(|_| {
        InvalidOptionsError::new_err("the params of a call must be a dict, as the tools/call request's")
    })?;
    let mut request = request(py, params, context)?;
    let arguments = params.get_item("arguments")?;
    let mut kept = arguments.as_ref().and_then(|a| a.cast::<PyDict>().ok()).zip(tool.kept.try_lock().ok());
    let weight = match (&mut kept, &arguments) {
        (Some((dict, kept)), _) => match convert::call_args_kept(dict, kept)? {
            Ok(weight) => {
                request.arguments = std::mem::take(&mut **kept);
                weight
            }
            Err(_) => {
                request.arguments_text = Some(convert::call_text(dict.as_any())?);
                0
            }
        },
        (None, Some(a)) => match convert::call_args_weighed(a)? {
            Ok((value, weight)) => {
                request.arguments = value;
                weight
            }
            Err(_) => {
                request.arguments_text = Some(convert::call_text(a)?);
                0
            }
        },
        (None, None) => 0,
    };
    let spec = Arc::clone(&tool.spec);
    let (inner, step) = convert::run_by_gil_rule(py, tool.keeps_gil, weight, || start(spec, &request));
    if let Some((_, kept)) = &mut kept {
        // The arguments go back to the tool for its next call.
        **kept = std::mem::take(&mut request.arguments);
        convert::release(kept, weight);
    }
    let (spec, keys) = (Arc::clone(&tool.spec), Arc::clone(&tool.keys));
    Ok(Call { inner, step, step_py: None, floats, spec, keys, tool_call: None })
}

/// One `tools/call` between its request and its answer (`Tool.call`, `Protocol.call`). `.step`
/// is the step to do (a dict: `{"step": "answer", "result"}`, `"pass"`, `{"step": "get", "tool",
/// "key"}`, `{"step": "put", "tool", "key", "receipt"}`, `{"step": "run", "arguments",
/// "answered"}`, `"done"`); `.resume(outcome)` gives the next. Its numbers are `int` or
/// `Decimal`, or with `floats` as `json.loads` gives them (`int` or `float`), for a framework.
#[pyclass(module = "agent_input._agent_input")]
pub struct Call {
    inner: core::Call,
    step: Step,
    /// `step` as a dict, made once.
    step_py: Option<Py<PyAny>>,
    /// The steps' numbers with a fraction or an exponent cross as `float`.
    floats: bool,
    spec: Arc<ToolSpec>,
    keys: Arc<[Py<PyString>]>,
    /// The call handed to the handler, with how many warnings it had then.
    tool_call: Option<(Py<ToolCall>, usize)>,
}

impl Call {
    fn step_dict(&mut self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if let Some(made) = &self.step_py {
            return Ok(made.clone_ref(py));
        }
        let mut step = std::mem::replace(&mut self.step, Step::Done);
        let made = self.step_to_py(py, &mut step);
        self.step = step;
        let made = made?.unbind();
        self.step_py = Some(made.clone_ref(py));
        Ok(made)
    }

    /// A step as a dict: its shape (the keys, the tag) as serde writes it, its payload (a
    /// result, a receipt, arguments: the one JSON value a step holds) converted in place, with
    /// no copy of it as JSON.
    fn step_to_py<'py>(&self, py: Python<'py>, step: &mut Step) -> PyResult<Bound<'py, PyAny>> {
        let payload = take_payload(step);
        let made = self.shaped(py, step, payload.as_ref());
        put_payload(step, payload);
        made
    }

    fn shaped<'py>(&self, py: Python<'py>, hollow: &Step, payload: Option<&Value>) -> PyResult<Bound<'py, PyAny>> {
        let made = wire::to_py(py, hollow, None)?;
        if let (Some(value), Ok(dict)) = (payload, made.cast::<PyDict>()) {
            // The payload's key: the one field the hollow step holds as null.
            let key = dict.iter().find_map(|(key, v)| v.is_none().then_some(key));
            if let Some(key) = key {
                let converted = if self.floats { convert::parsed_to_py(py, value, true)? } else { to_py(py, value)? };
                dict.set_item(key, converted)?;
            }
        }
        Ok(made)
    }

    /// The run step's arguments, when the step is one.
    const fn run_arguments(&self) -> Option<&Value> {
        match &self.step {
            Step::Run { arguments, .. } => Some(arguments),
            _ => None,
        }
    }
}

/// A step's payload (the one JSON value it holds), taken out of it: null in its place.
fn take_payload(step: &mut Step) -> Option<Value> {
    match step {
        Step::Answer { result: v }
        | Step::Reserve { receipt: v, .. }
        | Step::Put { receipt: v, .. }
        | Step::Run { arguments: v, .. } => Some(std::mem::take(v)),
        Step::Pass | Step::Get { .. } | Step::Done => None,
    }
}

/// Puts a payload [`take_payload`] took back into its step.
fn put_payload(step: &mut Step, payload: Option<Value>) {
    if let (
        Step::Answer { result: v }
        | Step::Reserve { receipt: v, .. }
        | Step::Put { receipt: v, .. }
        | Step::Run { arguments: v, .. },
        Some(payload),
    ) = (step, payload)
    {
        *v = payload;
    }
}

/// A step as serde writes it (with its payload taken out, a small value).
fn shape(step: &Step) -> PyResult<Value> {
    serde_json::to_value(step).map_err(|e| InvalidOptionsError::new_err(e.to_string()))
}

#[pymethods]
impl Call {
    /// The step to do, as a dict.
    #[getter]
    fn step(&mut self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        self.step_dict(py)
    }

    /// The step's name (`step["step"]`: `"answer"`, `"pass"`, `"get"`, `"put"`, `"run"` or
    /// `"done"`), without making the dict.
    #[getter]
    fn kind(&mut self, py: Python<'_>) -> PyResult<Py<PyString>> {
        let payload = take_payload(&mut self.step);
        let shape = shape(&self.step);
        put_payload(&mut self.step, payload);
        let name = shape?.get("step").and_then(Value::as_str).map(|name| PyString::intern(py, name).unbind());
        name.ok_or_else(|| InvalidOptionsError::new_err("a step without its name"))
    }

    /// The next step (also `.step` from now on), from the outcome of this one: `{}` (a put
    /// done), `{"stored": receipt or None}`, `{"output": value}` (an own tool's handler returned;
    /// the warnings added to `.tool_call` go with it, unless `"warnings"` is given), `{"result":
    /// CallToolResult}` (the framework's, for a forwarded tool), `{"failure": ToolFailure's
    /// .failure()}`, `{"error": "message"}`, `{"cancelled": True}`. An outcome this step did not
    /// ask for raises `InvalidOptionsError`; a value JSON has no type for, `TypeError`.
    fn resume(&mut self, py: Python<'_>, outcome: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let mut json = data(outcome)?;
        if let (Value::Object(o), Some((call, base))) = (&mut json, &self.tool_call) {
            if o.contains_key("output") && !o.contains_key("warnings") {
                let call = call.borrow(py);
                let (CoreCall::Ok { warnings, .. } | CoreCall::Error { warnings, .. }) = &call.call;
                let added = serde_json::to_value(warnings.get(*base..).unwrap_or_default())
                    .map_err(|e| InvalidOptionsError::new_err(e.to_string()))?;
                o.insert("warnings".into(), added);
            }
        }
        let outcome = Outcome::from_value(json).map_err(|e| to_py_err(py, &e))?;
        self.step = self.inner.resume(outcome).map_err(|e| to_py_err(py, &e))?;
        self.step_py = None;
        self.step_dict(py)
    }

    /// The run step's arguments as Python natives, as `ToolCall.args` gives them (`int` or
    /// `Decimal`, `datetime.date`, ...): an own tool's handler's keyword arguments. `None` when
    /// the step is no run.
    #[getter]
    fn args(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.run_arguments() {
            Some(arguments) => Ok(args_to_py(py, &self.spec, &self.keys, arguments)?.unbind()),
            None => Ok(py.None()),
        }
    }

    /// The run step's arguments as a JSON parser gives them to a framework that validates them
    /// (a forwarded tool's): a number with a fraction or an exponent as a `float` when the float
    /// is the same number, else a `Decimal`; with `wire=True` always a `float`, as `json.loads`
    /// gives it. `None` when the step is no run.
    #[pyo3(signature = (*, wire = false))]
    fn arguments(&self, py: Python<'_>, wire: bool) -> PyResult<Py<PyAny>> {
        match self.run_arguments() {
            Some(arguments) => Ok(convert::parsed_to_py(py, arguments, wire)?.unbind()),
            None => Ok(py.None()),
        }
    }

    /// The call as read (its notes, its warnings), for a handler that takes the call: a warning
    /// it adds (`add_warning`) reaches the caller with the output.
    #[getter]
    fn tool_call(&mut self, py: Python<'_>) -> PyResult<Py<ToolCall>> {
        if let Some((made, _)) = &self.tool_call {
            return Ok(made.clone_ref(py));
        }
        let read = self.inner.tool_call_at(&self.step);
        let (CoreCall::Ok { warnings, .. } | CoreCall::Error { warnings, .. }) = &read;
        let base = warnings.len();
        let made = Py::new(py, ToolCall { call: read, spec: Arc::clone(&self.spec), keys: Arc::clone(&self.keys) })?;
        self.tool_call = Some((made.clone_ref(py), base));
        Ok(made)
    }

    /// The put step that releases the call's idempotency key while its handler runs (a dict),
    /// or `None`: for a handler dropped mid-call without an outcome.
    fn release(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        match self.inner.release() {
            Some(mut step) => Ok(self.step_to_py(py, &mut step)?.unbind()),
            None => Ok(py.None()),
        }
    }

    /// What telemetry keeps of the call, as a dict: `{"name": span name, "attributes": {...},
    /// "error": bool, "metric": {...}, "codes": [{...}, ...]}` (the core's
    /// `protocol::Record::to_json`): codes and paths, never a value. Of the whole call once its
    /// step is an answer, `pass` or `done`.
    fn record(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        record_to_py(py, &self.inner.record())
    }

    fn __repr__(&mut self, py: Python<'_>) -> PyResult<String> {
        let kind = self.kind(py)?;
        Ok(format!("Call({:?}, step={})", self.spec.name(), kind.bind(py).repr()?))
    }
}

/// A call's record as the dict `Call.record` gives, built directly: every name and code is a
/// `&'static str`, interned once.
fn record_to_py(py: Python<'_>, record: &core::Record) -> PyResult<Py<PyAny>> {
    use agent_input::protocol::record::attr;
    use agent_input::protocol::AttributeValue;
    let attributes = PyDict::new(py);
    for (key, value) in record.attribute_pairs() {
        let key = PyString::intern(py, key);
        match value {
            AttributeValue::Str(text) => attributes.set_item(key, PyString::new(py, text))?,
            AttributeValue::Bool(b) => attributes.set_item(key, b)?,
            AttributeValue::Strs(items) => {
                let list = PyList::empty(py);
                for item in items {
                    list.append(PyString::new(py, item))?;
                }
                attributes.set_item(key, list)?;
            }
        }
    }
    let tool = PyString::new(py, &record.tool);
    let outcome = PyString::intern(py, record.verdict.as_str());
    let metric = PyDict::new(py);
    metric.set_item(PyString::intern(py, attr::TOOL_NAME), &tool)?;
    metric.set_item(PyString::intern(py, attr::OUTCOME), &outcome)?;
    let codes = PyList::empty(py);
    for (kind, code) in record.counted() {
        let counted = PyDict::new(py);
        counted.set_item(PyString::intern(py, attr::TOOL_NAME), &tool)?;
        counted.set_item(PyString::intern(py, attr::CODE_KIND), PyString::intern(py, kind))?;
        counted.set_item(PyString::intern(py, attr::CODE), PyString::intern(py, code))?;
        codes.append(counted)?;
    }
    let out = PyDict::new(py);
    out.set_item(PyString::intern(py, "name"), record.span_name())?;
    out.set_item(PyString::intern(py, "attributes"), attributes)?;
    out.set_item(PyString::intern(py, "error"), record.is_error)?;
    out.set_item(PyString::intern(py, "metric"), metric)?;
    out.set_item(PyString::intern(py, "codes"), codes)?;
    Ok(out.into_any().unbind())
}

/// The state of one lenient server (`agent_input.mcp.lenient`): the overrides, the key, the
/// server-wide options, and each tool's lenient spec, built once per definition.
#[pyclass(frozen, module = "agent_input._agent_input")]
pub struct Protocol {
    inner: core::Lenient,
    /// Per tool name, its spec as last handed out and the `Tool` made for it: the same spec
    /// again is the same `Tool` object.
    tools: Mutex<HashMap<String, Made>>,
}

/// A spec handed out, and the `Tool` made for it.
type Made = (Arc<ToolSpec>, Py<Tool>);

impl Protocol {
    /// `(Tool or None, output_schema, log line or None)` of what the core made of a tool.
    fn triple<'py>(&self, py: Python<'py>, listed: Listed) -> PyResult<Bound<'py, PyTuple>> {
        let none = || py.None().into_bound(py);
        match listed {
            Listed::Read { spec, output_schema } => {
                let tool = self.tool_of(py, spec)?;
                let flag = pyo3::types::PyBool::new(py, output_schema).to_owned().into_any();
                PyTuple::new(py, [tool.into_bound(py).into_any(), flag, none()])
            }
            Listed::Left | Listed::AsDeclared(None) => {
                PyTuple::new(py, [none(), pyo3::types::PyBool::new(py, false).to_owned().into_any(), none()])
            }
            Listed::AsDeclared(Some(line)) => PyTuple::new(
                py,
                [
                    none(),
                    pyo3::types::PyBool::new(py, false).to_owned().into_any(),
                    PyString::new(py, &line).into_any(),
                ],
            ),
        }
    }

    fn tool_of(&self, py: Python<'_>, spec: Arc<ToolSpec>) -> PyResult<Py<Tool>> {
        let mut tools = self.tools.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((made, tool)) = tools.get(spec.name()) {
            if Arc::ptr_eq(made, &spec) {
                return Ok(tool.clone_ref(py));
            }
        }
        let name = spec.name().to_owned();
        let tool = Py::new(py, Tool::of(py, Arc::clone(&spec), self.inner.server_key().cloned()))?;
        tools.insert(name, (spec, tool.clone_ref(py)));
        Ok(tool)
    }
}

#[pymethods]
impl Protocol {
    /// `options` as `lenient()` takes them, as a dict: `{"tools": {name: overrides or False},
    /// "languages": ["cs"], "implied_kinds": True}` (each optional); `codec`, the server key.
    /// Raises `InvalidOptionsError` for options of another shape.
    #[new]
    #[pyo3(signature = (options = None, *, codec = None))]
    fn new(
        py: Python<'_>,
        options: Option<&Bound<'_, PyAny>>,
        codec: Option<PyRef<'_, CursorCodec>>,
    ) -> PyResult<Self> {
        let options = options.filter(|o| !o.is_none()).map_or(Ok(Value::Null), data)?;
        let inner =
            core::Lenient::from_options(&options, codec.map(|c| c.inner.clone())).map_err(|e| to_py_err(py, &e))?;
        Ok(Self { inner, tools: Mutex::new(HashMap::new()) })
    }

    /// What the protocol makes of the MCP tool `definition` (a dict, as the framework lists
    /// it), built once per name and definition: `(Tool, output_schema, None)` for a tool whose
    /// calls are read, `(None, False, None)` for one left alone, `(None, False, log_line)` the
    /// first time a tool whose schema no spec can hold is seen. Raises `InvalidOptionsError`
    /// for overrides the core refuses.
    fn tool<'py>(&self, py: Python<'py>, definition: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyTuple>> {
        let definition = data(definition)?;
        let listed = self.inner.spec(&definition).map_err(|e| to_py_err(py, &e))?;
        self.triple(py, listed)
    }

    /// `tool()`'s triple for the tool `name` as last built, without its definition; `None` when
    /// no definition of it was seen since the last `forget()`.
    fn known<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Option<Bound<'py, PyTuple>>> {
        self.inner.known(name).map(|listed| self.triple(py, listed)).transpose()
    }

    /// Forgets every spec built (the server's tools changed).
    fn forget(&self) {
        self.inner.forget();
        self.tools.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// A `tools/list` result (a dict) made lenient, and the log lines of tools left as declared.
    fn list<'py>(&self, py: Python<'py>, result: &Bound<'py, PyAny>) -> PyResult<(Bound<'py, PyAny>, Vec<String>)> {
        let (listed, log) = self.inner.list(&data(result)?).map_err(|e| to_py_err(py, &e))?;
        Ok((to_py(py, &listed)?, log))
    }

    /// A call of `tool` (from `tool()`) of a server somebody else wrote: `params` as the
    /// `tools/call` request's (`{"name", "arguments", "requestState", "inputResponses"}`),
    /// `context` as `{"protocolVersion", "clientCapabilities", "today", "now", "canAsk"}` (each
    /// optional); `output_schema` as `tool()` gave it; `floats` as for `Tool.call`.
    #[pyo3(signature = (tool, params, context = None, *, output_schema = false, floats = false))]
    fn call(
        &self,
        py: Python<'_>,
        tool: PyRef<'_, Tool>,
        params: &Bound<'_, PyAny>,
        context: Option<&Bound<'_, PyAny>>,
        output_schema: bool,
        floats: bool,
    ) -> PyResult<Call> {
        start(py, &tool, params, context, floats, |spec, request| self.inner.call(spec, output_schema, request))
    }

    fn __repr__(&self) -> String {
        format!("Protocol({} tools)", self.tools.lock().unwrap_or_else(PoisonError::into_inner).len())
    }
}

/// True when a client can ask a person: form elicitation declared (`capabilities`, a dict) on
/// a 2026-07-28 (or later) connection (`version`).
#[pyfunction]
#[pyo3(signature = (version, capabilities))]
pub fn can_ask(version: Option<&str>, capabilities: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
    let capabilities = capabilities.filter(|c| !c.is_none()).map_or(Ok(Value::Null), data)?;
    Ok(core::can_ask(version, &capabilities))
}

/// A `tools/list` result (a dict) as the request's token sees it: `context` as a call's, with
/// `"scopes"` the token grants and the server's `"readOnlyScopes"`; with no `"scopes"` the
/// result as it is.
#[pyfunction]
pub fn granted(py: Python<'_>, listed: &Bound<'_, PyAny>, context: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
    let out = core::granted(&data(listed)?, &data(context)?).map_err(|e| to_py_err(py, &e))?;
    Ok(to_py(py, &out)?.unbind())
}

/// Adds the protocol's classes, function and constants to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Call>()?;
    m.add_class::<Protocol>()?;
    m.add_function(wrap_pyfunction!(can_ask, m)?)?;
    m.add_function(wrap_pyfunction!(granted, m)?)?;
    m.add("NOTES_META", core::NOTES_META)?;
    m.add("SCOPES_META", agent_input::tool::scopes::SCOPES_META)?;
    m.add("WARNINGS_META", core::WARNINGS_META)?;
    m.add("MRTR_VERSION", core::MRTR_VERSION)?;
    Ok(())
}
