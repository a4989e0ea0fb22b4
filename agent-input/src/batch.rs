//! Batch requests: one JSON line `{"kind": ..., "input": ..., "options": {...}}` per read.
//!
//! [`read_line`] never fails: a line that is not a valid request reads as an ask with code
//! `invalid_request`, so a batch prints exactly one outcome per input line, in order.

use serde_json::Value;

use crate::codes::AskCode;
use crate::context::{Context, Host, System};
use crate::cursor::{CursorCodec, MIN_KEY_BYTES};
use crate::error::Error;
use crate::input::Input;
use crate::json::{self, JsonError};
use crate::kind::{Kind, Spec};
use crate::limits::MAX_BATCH_LINE_BYTES;
use crate::outcome::{Ask, Outcome};

/// The keys a request line may have.
const KEYS: &[&str] = &["kind", "input", "options"];

/// The prefix of the environment variables a batch line may name as `key_env` without the
/// operator allowing them one by one ([`Policy::allow_key_env`]).
pub const KEY_ENV_PREFIX: &str = "AGENT_INPUT_";

/// What a batch's operator allows its lines: the environment variables they may name as a
/// cursor's `key_env` (those starting with [`KEY_ENV_PREFIX`], and the ones allowed here). A
/// line cannot read any other variable of the process, and every refusal reads the same
/// whatever the variable holds.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Policy {
    key_envs: Vec<String>,
}

impl Policy {
    /// Also allows the variable `name` as a `key_env`.
    #[must_use]
    pub fn allow_key_env(mut self, name: &str) -> Self {
        self.key_envs.push(name.to_owned());
        self
    }

    fn allows(&self, name: &str) -> bool {
        name.starts_with(KEY_ENV_PREFIX) || self.key_envs.iter().any(|k| k == name)
    }
}

/// Reads one request line with the default [`Policy`]. A malformed line gives an
/// `invalid_request` ask.
///
/// # Example
/// ```
/// let out = agent_input::batch::read_line(r#"{"kind": "number", "input": "4 000"}"#);
/// assert_eq!(out.to_json()["value"], serde_json::json!(4000));
/// let bad = agent_input::batch::read_line("{not json");
/// assert_eq!(bad.to_json()["ask"]["code"], "invalid_request");
/// ```
pub fn read_line(line: &str) -> Outcome<Value> {
    read_line_bytes(line.as_bytes(), &Policy::default())
}

/// Reads one request line as its bytes: a line that is not UTF-8, not JSON, larger than
/// [`MAX_BATCH_LINE_BYTES`], holding a key twice, or not a request gives an `invalid_request`
/// ask naming the byte or the key.
pub fn read_line_bytes(line: &[u8], policy: &Policy) -> Outcome<Value> {
    read_line_in(line, policy, &Context::new(&System))
}

/// [`read_line_bytes`] in the context `cx`: its budgets, and its host's keys (a line's
/// `key_env`) and clock (its cursors). The JavaScript binding passes its own host.
pub fn read_line_in(line: &[u8], policy: &Policy, cx: &Context<'_>) -> Outcome<Value> {
    let host = cx.host();
    read_with(line, policy, host, &mut |kind, options, input| {
        Spec::new_in(kind, options, host).map(|spec| spec.read_in(input, cx))
    })
}

/// The most prepared specs a [`Batch`] keeps.
const CACHED_SPECS: usize = 32;

/// A batch reader: [`read_line_bytes`] for many lines, with each distinct `kind` and `options`
/// prepared once (a vocabulary's index, an enum's aliases) and reused by the lines that repeat
/// them. The outcomes are the same as line by line.
///
/// ```
/// use agent_input::batch::{Batch, Policy};
/// let mut batch = Batch::new(Policy::default());
/// let out = batch.read(br#"{"kind": "number", "input": "4 000"}"#);
/// assert_eq!(out.to_json()["value"], serde_json::json!(4000));
/// ```
pub struct Batch {
    policy: Policy,
    specs: Vec<(Kind, Value, Spec)>,
    host: Box<dyn Host>,
}

impl std::fmt::Debug for Batch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batch").field("policy", &self.policy).field("specs", &self.specs.len()).finish_non_exhaustive()
    }
}

impl Default for Batch {
    fn default() -> Self {
        Self::new(Policy::default())
    }
}

impl Batch {
    /// A batch reader with `policy`, on the process's environment and clock ([`System`]).
    pub fn new(policy: Policy) -> Self {
        Self { policy, specs: Vec::new(), host: Box::new(System) }
    }

    /// A batch reader with `policy` on `host` ([`read_line_in`]).
    pub fn on_host(policy: Policy, host: Box<dyn Host>) -> Self {
        Self { policy, specs: Vec::new(), host }
    }

    /// Reads one request line, as [`read_line_bytes`] does.
    pub fn read(&mut self, line: &[u8]) -> Outcome<Value> {
        let specs = &mut self.specs;
        let host = self.host.as_ref();
        read_with(line, &self.policy, host, &mut |kind, options, input| {
            let i = match specs.iter().position(|(k, o, _)| *k == kind && o == options) {
                Some(i) => i,
                None => {
                    let spec = Spec::new_in(kind, options, host)?;
                    if specs.len() >= CACHED_SPECS {
                        specs.remove(0);
                    }
                    specs.push((kind, options.clone(), spec));
                    specs.len() - 1
                }
            };
            let cx = Context::new(host);
            specs.get(i).map(|(_, _, spec)| spec.read_in(input, &cx)).ok_or_else(|| Error::options("no spec"))
        })
    }
}

/// How a line's input is read: with the spec of its kind and options (made, or found).
type ReadWith<'r> = dyn FnMut(Kind, &Value, Input<'_>) -> Result<Outcome<Value>, Error> + 'r;

/// Reads a line, `read` reading its input with the spec of its kind and options.
fn read_with(line: &[u8], policy: &Policy, host: &dyn Host, read: &mut ReadWith<'_>) -> Outcome<Value> {
    let parsed = match json::parse(line, MAX_BATCH_LINE_BYTES) {
        Ok(parsed) => parsed,
        Err(JsonError::TooLarge { bytes, .. }) => return too_large(bytes),
        Err(JsonError::LoneSurrogate { offset }) => {
            // The ask of a value holding one, about the line: no Unicode text holds half a
            // character, so no reading of the line is a guess at the other half.
            let shown = Value::String(String::from_utf8_lossy(line).into_owned());
            return Outcome::ask(Ask::for_line(
                AskCode::NotUnicode,
                &Input::from(&shown),
                "one JSON object per line, its strings of whole Unicode characters",
                format!("with whole characters: a `\\u` escape before byte {offset} is a lone UTF-16 surrogate (half of a character)"),
            ));
        }
        Err(e) => {
            let shown = Value::String(String::from_utf8_lossy(line).into_owned());
            return invalid(&shown, &format!("the line cannot be read: {e}"));
        }
    };
    let request = parsed.value;
    if let Some(d) = parsed.duplicates.first() {
        return duplicate_key(&request, &d.path);
    }
    let Some(object) = request.as_object() else {
        return invalid(&request, "the line is not a JSON object");
    };
    if let Some(unknown) = object.keys().find(|k| !KEYS.contains(&k.as_str())) {
        return invalid(&request, &format!("unknown key `{unknown}`, expected `kind`, `input` and `options`"));
    }
    let Some(kind_name) = object.get("kind").and_then(Value::as_str) else {
        return invalid(&request, "the line has no string `kind`");
    };
    let kind: Kind = match kind_name.parse() {
        Ok(k) => k,
        Err(e) => return invalid(&request, &e.to_string()),
    };
    let options = object.get("options").unwrap_or(&Value::Null);
    if let Some(why) = key_env_refused(options, policy, host) {
        return invalid(&request, &why);
    }
    match read(kind, options, Input::from(object.get("input"))) {
        Ok(outcome) => outcome,
        Err(e) => invalid(&request, &e.to_string()),
    }
}

/// The answer to a line of `bytes` bytes, more than [`MAX_BATCH_LINE_BYTES`]: the
/// `invalid_request` ask [`read_line_bytes`] gives it, naming its size. A reader that keeps
/// only the first `MAX_BATCH_LINE_BYTES + 1` bytes of a line in memory and counts the rest (the
/// CLI's `read --batch`) answers a line of any size with it.
///
/// ```
/// use agent_input::batch::{read_line_bytes, too_large, Policy};
/// use agent_input::limits::MAX_BATCH_LINE_BYTES;
/// let line = vec![b' '; MAX_BATCH_LINE_BYTES + 10];
/// assert_eq!(too_large(line.len()), read_line_bytes(&line, &Policy::default()));
/// ```
pub fn too_large(bytes: usize) -> Outcome<Value> {
    let e = JsonError::TooLarge { bytes, max: MAX_BATCH_LINE_BYTES };
    invalid(&Value::String(format!("({bytes} bytes)")), &format!("the line cannot be read: {e}"))
}

/// The answer to a request that holds a key twice (`path`, as [`json::Duplicate`] names it):
/// the `invalid_request` ask [`read_line_bytes`] gives such a line, `request` being the line as
/// read (the last of the two values). The CLI's `read KIND VALUE` answers a VALUE holding a key
/// twice with it, as the line `{"kind": KIND, "input": VALUE}` is answered.
///
/// ```
/// use agent_input::batch::{duplicate_key, read_line};
/// let line = r#"{"kind": "number", "input": {"a": 1, "a": 2}}"#;
/// let request = serde_json::json!({"kind": "number", "input": {"a": 2}});
/// assert_eq!(duplicate_key(&request, "input.a"), read_line(line));
/// ```
pub fn duplicate_key(request: &Value, path: &str) -> Outcome<Value> {
    invalid(request, &format!("the key `{path}` is in the line twice; send it once"))
}

/// Why a line's `key_env` cannot be used, the same words whatever the variable holds.
fn key_env_refused(options: &Value, policy: &Policy, host: &dyn Host) -> Option<String> {
    let name = options.get("key_env")?.as_str()?;
    let usable = policy.allows(name) && CursorCodec::from_host(name, host).is_ok();
    (!usable).then(|| {
        format!(
            "`key_env` names no usable cursor key: name a variable starting with `{KEY_ENV_PREFIX}` (or one the operator allows) that holds at least {MIN_KEY_BYTES} bytes"
        )
    })
}

fn invalid(received: &Value, why: &str) -> Outcome<Value> {
    Outcome::ask(Ask::for_line(
        AskCode::InvalidRequest,
        &Input::from(received),
        "one JSON object per line: {\"kind\": <kind>, \"input\": <any JSON>, \"options\": {...}}",
        format!("fixed: {why}"),
    ))
}
