//! The one mapping of errors to what JavaScript throws.
//!
//! Reads never throw: bad input is an ask. Misuse (an unknown kind, invalid options, a short
//! cursor key) crosses as a structured value, the object `{code, message}` marked with the
//! symbol `Symbol.for("agent-input.misuse")`, holding the core's [`ErrorKind::code`] and the
//! core's message; the package throws the `AgentInputError` subclass of that code. The glue's
//! own errors use the codes `type` and `range` (a `TypeError` or a `RangeError` in JavaScript).

use agent_input::ErrorKind;
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsValue;

#[wasm_bindgen(inline_js = "
export function agent_input_misuse(code, message) {
    return { [Symbol.for('agent-input.misuse')]: true, code, message };
}
")]
extern "C" {
    /// The value a misuse crosses as (`lib/api.js` turns it into its error class).
    fn agent_input_misuse(code: &str, message: &str) -> JsValue;
}

/// An error on its way to JavaScript.
#[derive(Debug, PartialEq, Eq)]
pub struct GlueError {
    /// `unknown_kind`, `invalid_options`, `type` or `range`.
    pub code: &'static str,
    /// The message (the core's, for the core's errors).
    pub message: String,
}

impl GlueError {
    /// Invalid options found by the glue (a message in the core's words).
    pub fn options(message: impl Into<String>) -> Self {
        Self { code: ErrorKind::InvalidOptions.code(), message: message.into() }
    }

    /// A JavaScript value of the wrong type (a `TypeError`).
    pub fn type_error(message: impl Into<String>) -> Self {
        Self { code: "type", message: message.into() }
    }

    /// A value out of what can cross (a `RangeError`).
    pub fn range(message: impl Into<String>) -> Self {
        Self { code: "range", message: message.into() }
    }
}

impl From<agent_input::Error> for GlueError {
    fn from(e: agent_input::Error) -> Self {
        Self { code: e.kind().code(), message: e.to_string() }
    }
}

impl From<GlueError> for JsValue {
    fn from(e: GlueError) -> Self {
        agent_input_misuse(e.code, &e.message)
    }
}
