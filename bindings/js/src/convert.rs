//! Crossing the boundary, both ways, with no reading of value content.
//!
//! In: JavaScript hands a read a well-formed string (UTF-8), a safe integer (written here as its
//! decimal text, which is what JavaScript prints for it), or JSON text written by the package's
//! own serializer (every other value: `null`, booleans, other numbers as JavaScript prints them,
//! `bigint` and `JsonNumber` with all their digits, arrays, objects, and a string holding a lone
//! surrogate). A value to read is JSON text read by the core's own reader ([`value`]), so that a
//! lone surrogate and nesting past the core's bound are the core's asks, as in every runtime; the
//! program's own data (options, specs, payloads, outputs) is read by serde_json ([`parse`]). A
//! tool call's plain arguments cross as neither: as an argument tape ([`crate::args`]).
//!
//! Out: a read answers with a small code. The clean paths (no note, no warning) carry the value
//! without any JSON: the input string itself, a number, a boolean, a short string, or nothing
//! (absent). Every other outcome, and every tool call, crosses as structured data: a tape of
//! `u32`s and one text of its strings ([`crate::tape`]), which JavaScript turns into objects
//! without parsing. A number that a double cannot hold exactly is replaced by its decimal text,
//! and the object gets `"exact": false` (see [`exact_double`]). The answers that are not reads
//! (a gate, a schema, a batch line) cross as JSON text.

use std::cell::{Cell, RefCell};
use std::fmt::Write as _;

use agent_input::json::{self, JsonError};
use agent_input::tool::ToolCall;
use agent_input::{Ask, Input, Outcome, Status, Warning};
use serde_json::{Map, Value};

use crate::errors::GlueError;

/// The codes a read returns to JavaScript (`lib/api.js` has the same numbers).
pub mod code {
    /// Ok; the value is the input string itself; no notes, no warnings.
    pub const OK_SAME: u32 = 0;
    /// Ok; the value is the number in `take_number()`; no notes, no warnings.
    pub const OK_NUMBER: u32 = 1;
    /// Ok; the value is `true`; no notes, no warnings.
    pub const OK_TRUE: u32 = 2;
    /// Ok; the value is `false`; no notes, no warnings.
    pub const OK_FALSE: u32 = 3;
    /// Ok; the value is the string in `take_text()`; no notes, no warnings.
    pub const OK_TEXT: u32 = 4;
    /// Absent, with no notes and no warnings.
    pub const ABSENT: u32 = 5;
    /// The whole outcome's JSON text is in `take_text()`.
    pub const JSON: u32 = 6;
    /// The whole outcome or call as a tape ([`crate::tape`]), where `tape_view()` says.
    pub const TAPE: u32 = 7;
}

thread_local! {
    static TEXT: RefCell<String> = const { RefCell::new(String::new()) };
    static NUMBER: Cell<f64> = const { Cell::new(0.0) };
    static TAPE: RefCell<crate::tape::Parts> = RefCell::new(crate::tape::Parts::default());
    static TAPE_VIEW: RefCell<[u32; 7]> = const { RefCell::new([0; 7]) };
}

/// Where the tape the last `TAPE` answer left is in the module's memory: the address of seven
/// `u32`s, the ops' address and length, the numbers' (`f64`s) and the text's (UTF-8 bytes),
/// and where the text's strings beyond ASCII start.
/// JavaScript views them in place; they stay until the next answer.
pub fn tape_view() -> usize {
    TAPE.with(|t| {
        let parts = t.borrow();
        TAPE_VIEW.with(|v| {
            let mut view = v.borrow_mut();
            *view = [
                view_u32(parts.ops.as_ptr() as usize),
                view_u32(parts.ops.len()),
                view_u32(parts.nums.as_ptr() as usize),
                view_u32(parts.nums.len()),
                view_u32(parts.text.as_ptr() as usize),
                view_u32(parts.text.len()),
                view_u32(parts.ascii),
            ];
            view.as_ptr() as usize
        })
    })
}

/// An address or length as a view JavaScript reads holds it ([`tape_view`], the argument
/// tape's room): a `u32` of WebAssembly's 32-bit address space. Natively (the unit tests) only
/// the layout is checked.
#[allow(clippy::cast_possible_truncation)]
pub fn view_u32(n: usize) -> u32 {
    n as u32
}

/// Leaves `value` as a tape for JavaScript to view (`TAPE`, as `write` writes it), or, when it
/// has no tape (a string past what an op holds), as JSON text (`JSON`, written by `text`).
fn answer<T>(
    value: T,
    write: impl FnOnce(&T, &mut crate::tape::Parts) -> crate::tape::Result<()>,
    text: impl FnOnce(T) -> String,
) -> u32 {
    if TAPE.with(|t| write(&value, &mut t.borrow_mut())).is_ok() {
        code::TAPE
    } else {
        leave_text(text(value));
        code::JSON
    }
}

/// A tool call's answer: its tape, or its JSON text ([`call_text`]). `names` are the tool's
/// property names as JavaScript holds them (`Tool.property_names`): its arguments' keys and its
/// notes' paths cross as their index.
pub fn call_answer(call: ToolCall, names: &crate::tape::Names) -> u32 {
    answer(call, |call, parts| crate::tape::write_named(call, names, parts), call_text)
}

/// Takes the text the last answer left (a value or an outcome's JSON).
pub fn take_text() -> String {
    TEXT.with(|t| std::mem::take(&mut *t.borrow_mut()))
}

/// The number the last `OK_NUMBER` answer left.
pub fn take_number() -> f64 {
    NUMBER.with(Cell::get)
}

fn leave_text(text: String) {
    TEXT.with(|t| *t.borrow_mut() = text);
}

/// The answer to one read: a code, and the value or the JSON left for JavaScript to take.
/// `input` is the string that was read, if it was one, so that a value equal to it crosses
/// back as the same JavaScript string.
pub fn respond(outcome: Outcome<Value>, input: Option<&str>) -> u32 {
    if !outcome.notes.is_empty() || !outcome.warnings.is_empty() {
        return json_answer(outcome);
    }
    match outcome.status {
        Status::Absent => code::ABSENT,
        Status::Ok { value: Value::String(s) } => {
            if input == Some(s.as_str()) {
                code::OK_SAME
            } else {
                leave_text(s);
                code::OK_TEXT
            }
        }
        Status::Ok { value: Value::Bool(b) } => {
            if b {
                code::OK_TRUE
            } else {
                code::OK_FALSE
            }
        }
        Status::Ok { value: Value::Number(n) } => match exact_double(n.as_str()) {
            Some(x) => {
                NUMBER.with(|c| c.set(x));
                code::OK_NUMBER
            }
            None => json_answer(Outcome {
                status: Status::Ok { value: Value::Number(n) },
                notes: Vec::new(),
                warnings: Vec::new(),
            }),
        },
        status => json_answer(Outcome { status, notes: Vec::new(), warnings: Vec::new() }),
    }
}

fn json_answer(outcome: Outcome<Value>) -> u32 {
    answer(outcome, crate::tape::write, outcome_text)
}

/// An outcome as the JSON text JavaScript parses (see [`json_text`]), serialised directly.
pub fn outcome_text(mut outcome: Outcome<Value>) -> String {
    let mut exact = true;
    match &mut outcome.status {
        Status::Ok { value } => exact &= exact_numbers(value),
        Status::Ask { ask } => {
            exact &= exact_numbers(&mut ask.received);
            for reading in &mut ask.readings {
                exact &= exact_numbers(&mut reading.value);
            }
        }
        Status::Absent => {}
    }
    exact &= exact_warnings(&mut outcome.warnings);
    flagged(serde_json::to_string(&outcome).unwrap_or_default(), exact)
}

/// A tool call as the JSON text JavaScript parses (see [`json_text`]), serialised directly.
pub fn call_text(mut call: ToolCall) -> String {
    let mut exact = true;
    let (warnings, issues) = match &mut call {
        ToolCall::Ok { args, warnings, issues, .. } => {
            exact &= exact_numbers(args);
            (warnings, issues)
        }
        ToolCall::Error { envelope, warnings, .. } => (warnings, &mut envelope.issues),
    };
    exact &= exact_warnings(warnings);
    for issue in issues {
        exact &= exact_numbers(&mut issue.received);
        for reading in &mut issue.readings {
            exact &= exact_numbers(&mut reading.value);
        }
    }
    flagged(serde_json::to_string(&call).unwrap_or_default(), exact)
}

fn exact_warnings(warnings: &mut [Warning]) -> bool {
    let mut exact = true;
    for warning in warnings {
        for v in &mut warning.values {
            exact &= exact_numbers(v);
        }
    }
    exact
}

/// A serialised object with `"exact": false` added as its last key when a number was replaced.
fn flagged(mut text: String, exact: bool) -> String {
    if !exact && text.ends_with('}') {
        text.pop();
        text.push_str(",\"exact\":false}");
    }
    text
}

/// A JSON value as the text JavaScript parses: every number a double cannot hold exactly
/// becomes its decimal text (a string), and an object at the top gets `"exact": false` when
/// that happened.
pub fn json_text(mut value: Value) -> String {
    if !exact_numbers(&mut value) {
        if let Value::Object(o) = &mut value {
            o.insert("exact".into(), Value::Bool(false));
        }
    }
    serde_json::to_string(&value).unwrap_or_default()
}

/// As [`json_text`], without the flag (for MCP results, whose shape is the protocol's).
pub fn json_text_unflagged(mut value: Value) -> String {
    exact_numbers(&mut value);
    serde_json::to_string(&value).unwrap_or_default()
}

/// Replaces every number a double cannot hold exactly by its decimal text; true when there
/// was none.
fn exact_numbers(value: &mut Value) -> bool {
    match value {
        Value::Number(n) => {
            if exact_double(n.as_str()).is_some() {
                true
            } else {
                *value = Value::String(n.as_str().to_owned());
                false
            }
        }
        // Every item is visited (no short circuit): each inexact number is replaced.
        Value::Array(items) => items.iter_mut().map(exact_numbers).filter(|exact| !exact).count() == 0,
        Value::Object(map) => map.values_mut().map(exact_numbers).filter(|exact| !exact).count() == 0,
        Value::Null | Value::Bool(_) | Value::String(_) => true,
    }
}

/// The double a JSON number's text denotes, when JavaScript prints that double back as the same
/// decimal (`String(x)`, `JSON.stringify`): `0.1`, `4000`, `1e21`, `0.30000000000000004`.
/// `None` when digits would change: `9007199254740993`, `1152921504606846976` (2^60, which
/// JavaScript prints as `1152921504606847000`), `0.12345678901234567891`, `1e400`.
pub fn exact_double(text: &str) -> Option<f64> {
    // Integers of at most 15 digits are below 2^53: exact, and the common case.
    let digits = text.strip_prefix('-').unwrap_or(text);
    if !digits.is_empty() && digits.len() <= 15 && digits.bytes().all(|b| b.is_ascii_digit()) {
        return text.parse().ok();
    }
    let x: f64 = text.parse().ok()?;
    if !x.is_finite() {
        return None;
    }
    // `{:e}` writes the shortest digits that read back as the same double.
    let shortest = format!("{x:e}");
    (decimal_key(&shortest)? == decimal_key(text)?).then_some(x)
}

/// A decimal number's value as (negative, significant digits, exponent of the last digit),
/// leading and trailing zeros dropped; zero is `(false, "", 0)` whatever its sign.
fn decimal_key(text: &str) -> Option<(bool, String, i64)> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (rest.get(..i)?, rest.get(i + 1..)?.trim_start_matches('+').parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits: String = int.chars().chain(frac.chars()).collect();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut exponent = exponent.checked_sub(i64::try_from(frac.len()).ok()?)?;
    let trimmed = digits.trim_end_matches('0').len();
    exponent = exponent.checked_add(i64::try_from(digits.len() - trimmed).ok()?)?;
    digits.truncate(trimmed);
    let digits = digits.trim_start_matches('0').to_owned();
    if digits.is_empty() {
        return Some((false, digits, 0));
    }
    Some((negative, digits, exponent))
}

/// A safe integer as the decimal text JavaScript prints for it.
pub fn integer_text(x: f64, buf: &mut String) -> &str {
    buf.clear();
    // The package sends only safe integers here (`Number.isSafeInteger`), which `i64` holds.
    #[allow(clippy::cast_possible_truncation)]
    let _ = write!(buf, "{}", x as i64);
    buf
}

/// The program's own data as JSON text from the package's serializer (options, a spec, entries,
/// a payload, a handler's output): always JSON, with lone surrogates already replaced by U+FFFD.
/// What can fail is nesting deeper than serde_json reads (128 levels), a `RangeError`.
pub fn parse(text: &str) -> Result<Value, GlueError> {
    serde_json::from_str(text).map_err(|e| {
        GlueError::range(format!("the value cannot cross into WebAssembly: {e} (at most 128 levels of nesting)"))
    })
}

/// A value to read, as JSON text from the package's serializer, read by the core's own JSON
/// reader ([`json::parse`], no size bound beyond the kinds' own): a string holding a lone
/// surrogate (JavaScript strings can, and `JSON.stringify` writes it as a `\udXXX` escape) and
/// nesting past [`MAX_JSON_DEPTH`](agent_input::limits::MAX_JSON_DEPTH) (the package writes no
/// deeper than one level past it) are the core's [`JsonError`]s, whose asks a read returns.
pub fn value(text: &str) -> Result<Value, JsonError> {
    json::parse(text.as_bytes(), usize::MAX).map(|parsed| parsed.value)
}

/// The ask a read returns for a value [`value`] could not read: `not_unicode` for a lone
/// surrogate, `input_too_long` naming the depth bound for deep nesting.
///
/// # Errors
/// Text that is not JSON at all, which the package's serializer never writes (a `TypeError`).
pub fn ask_of(error: &JsonError) -> Result<Ask, GlueError> {
    Ask::for_json_error(error)
        .ok_or_else(|| GlueError::type_error(format!("the value cannot cross into WebAssembly: {error}")))
}

/// An options argument: JSON text of an object, or nothing.
pub fn options(text: Option<String>) -> Result<Value, GlueError> {
    match text {
        None => Ok(Value::Null),
        Some(t) => parse(&t),
    }
}

/// The value of an input that crossed as JSON.
pub fn input_of(value: &Value) -> Input<'_> {
    Input::from(value)
}

/// An empty JSON object.
pub fn empty_object() -> Value {
    Value::Object(Map::new())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_doubles() {
        for (text, exact) in [
            ("0", true),
            ("-0", true),
            ("4000", true),
            ("-12.345", true),
            ("0.1", true),
            ("1.50", true),
            ("1e3", true),
            ("1E+21", true),
            ("1e-7", true),
            ("9007199254740992", true),
            ("9007199254740993", false),
            ("1152921504606846976", false),
            ("1152921504606847000", true),
            ("1234567890123456789", false),
            ("999999999999999999999", false),
            ("1234567890123456789012345678", false),
            ("0.30000000000000004", true),
            ("0.12345678901234567891", false),
            ("1e400", false),
            ("1E+400", false),
            ("123456789012345", true),
        ] {
            assert_eq!(exact_double(text).is_some(), exact, "{text}");
        }
        assert_eq!(exact_double("-0").map(f64::is_sign_negative), Some(true));
    }

    #[test]
    fn inexact_numbers_cross_as_text_with_a_flag() {
        let text = json_text(serde_json::json!({"status": "ok", "value": [1, 12345678901234567891_u64]}));
        assert_eq!(text, r#"{"status":"ok","value":[1,"12345678901234567891"],"exact":false}"#);
        assert_eq!(json_text(serde_json::json!({"a": 1.5})), r#"{"a":1.5}"#);
    }

    #[test]
    fn a_lone_surrogate_and_deep_nesting_are_the_cores_asks() {
        let ask = |text: &str| ask_of(&value(text).unwrap_err()).unwrap();
        for text in [r#""a\ud800b""#, r#"["a", {"b": "\udc00"}]"#] {
            assert_eq!(ask(text), Ask::not_unicode(&Input::Missing), "{text}");
        }
        let max = agent_input::limits::MAX_JSON_DEPTH;
        let deep = "[".repeat(max) + "[]" + &"]".repeat(max);
        assert_eq!(ask(&deep), Ask::too_deep(&Input::Missing, max));
        let fine = "[".repeat(max) + &"]".repeat(max);
        assert!(value(&fine).is_ok());
        // A pair is one character.
        assert_eq!(value(r#""\ud83d\ude00""#).unwrap(), Value::String("\u{1f600}".into()));
        assert_eq!(ask_of(&value("[1,").unwrap_err()).unwrap_err().code, "type");
    }

    #[test]
    fn integers_print_as_javascript_prints_them() {
        let mut buf = String::new();
        assert_eq!(integer_text(4000.0, &mut buf), "4000");
        assert_eq!(integer_text(-9_007_199_254_740_991.0, &mut buf), "-9007199254740991");
    }
}
