//! The one mapping of the core's [`agent_input::Error`] to Python exceptions.
//!
//! Reads never raise: bad input is an ask. Misuse (an unknown kind, invalid options, a short
//! cursor key) raises a subclass of `AgentInputError` (itself a `ValueError`) carrying the
//! core's message and, as `.code`, the core's [`agent_input::ErrorKind::code`].

use agent_input::ErrorKind;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    agent_input,
    AgentInputError,
    PyValueError,
    "Misuse of agent-input (never bad input, which reads as an ask). `.code` names the kind of misuse."
);
pyo3::create_exception!(
    agent_input,
    UnknownKindError,
    AgentInputError,
    "The kind name is not one of `agent_input.KINDS` (code `unknown_kind`)."
);
pyo3::create_exception!(
    agent_input,
    InvalidOptionsError,
    AgentInputError,
    "The options are not valid for the kind: an unknown option, a wrong type, a contradiction, a short cursor key (code `invalid_options`)."
);

/// The core's error as the Python exception of its kind, with the core's message and `.code`.
pub fn to_py_err(py: Python<'_>, e: &agent_input::Error) -> PyErr {
    let message = e.to_string();
    let err = match e.kind() {
        ErrorKind::UnknownKind => UnknownKindError::new_err(message),
        ErrorKind::InvalidOptions => InvalidOptionsError::new_err(message),
        _ => AgentInputError::new_err(message),
    };
    // Setting an attribute on a fresh exception instance cannot fail; if it did, the
    // exception would still carry its class's `code`.
    let _ = err.value(py).setattr("code", e.kind().code());
    err
}

/// Adds the exception classes to the module, each with its `code` class attribute.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let base = py.get_type::<AgentInputError>();
    base.setattr("code", py.None())?;
    let unknown = py.get_type::<UnknownKindError>();
    unknown.setattr("code", ErrorKind::UnknownKind.code())?;
    let invalid = py.get_type::<InvalidOptionsError>();
    invalid.setattr("code", ErrorKind::InvalidOptions.code())?;
    m.add("AgentInputError", base)?;
    m.add("UnknownKindError", unknown)?;
    m.add("InvalidOptionsError", invalid)?;
    Ok(())
}
