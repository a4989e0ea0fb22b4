//! [`Input`]: the borrowed view of one JSON value that every kind reads.

use serde_json::{Map, Number, Value};

/// One value as the caller sent it, borrowed.
///
/// JSON numbers keep their text (`serde_json` is built with `arbitrary_precision`), so
/// `0.1` is never a binary float on the way in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Input<'a> {
    /// The property was not sent at all.
    Missing,
    /// JSON `null`.
    Null,
    /// A JSON boolean.
    Bool(bool),
    /// A JSON number, as its exact text.
    Number(&'a str),
    /// A JSON string.
    String(&'a str),
    /// A JSON array.
    Array(&'a [Value]),
    /// A JSON object.
    Object(&'a Map<String, Value>),
}

impl<'a> From<&'a Value> for Input<'a> {
    fn from(value: &'a Value) -> Self {
        match value {
            Value::Null => Input::Null,
            Value::Bool(b) => Input::Bool(*b),
            Value::Number(n) => Input::Number(n.as_str()),
            Value::String(s) => Input::String(s),
            Value::Array(a) => Input::Array(a),
            Value::Object(o) => Input::Object(o),
        }
    }
}

impl<'a> From<Option<&'a Value>> for Input<'a> {
    fn from(value: Option<&'a Value>) -> Self {
        value.map_or(Input::Missing, Input::from)
    }
}

impl<'a> From<&'a str> for Input<'a> {
    fn from(value: &'a str) -> Self {
        Input::String(value)
    }
}

impl<'a> From<&'a String> for Input<'a> {
    fn from(value: &'a String) -> Self {
        Input::String(value)
    }
}

impl Input<'_> {
    /// The input as an owned JSON value (`null` for [`Input::Missing`]).
    pub fn to_value(&self) -> Value {
        match *self {
            Input::Missing | Input::Null => Value::Null,
            Input::Bool(b) => Value::Bool(b),
            Input::Number(n) => Value::Number(Number::from_string_unchecked(n.to_owned())),
            Input::String(s) => Value::String(s.to_owned()),
            Input::Array(a) => Value::Array(a.to_vec()),
            Input::Object(o) => Value::Object(o.clone()),
        }
    }

    /// The input as JSON text, the way messages quote it (`"4 000"`, `null`, `12`).
    pub fn to_json_text(&self) -> String {
        match *self {
            Input::Missing => "nothing".to_owned(),
            Input::String(s) => json_text(&Value::String(s.to_owned())),
            Input::Number(n) => n.to_owned(),
            _ => json_text(&self.to_value()),
        }
    }

    /// The JSON type name, as messages use it.
    pub fn type_name(&self) -> &'static str {
        match self {
            Input::Missing => "nothing",
            Input::Null => "null",
            Input::Bool(_) => "a boolean",
            Input::Number(_) => "a number",
            Input::String(_) => "a string",
            Input::Array(_) => "an array",
            Input::Object(_) => "an object",
        }
    }
}

/// Compact JSON text of a value.
pub(crate) fn json_text(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// A JSON string literal for `s`, as messages quote a canonical text.
pub(crate) fn quoted(s: &str) -> String {
    json_text(&Value::String(s.to_owned()))
}
