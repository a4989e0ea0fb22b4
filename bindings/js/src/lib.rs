//! `agent_input_js`: the WebAssembly side of the JavaScript/TypeScript binding of agent-input.
//!
//! Thin by rule, as the Python binding: every export converts its arguments, makes one core
//! call and converts the result back. No reading happens here: no `if` on a value's content, no
//! string handling of values, no default that is not the core's. The npm package in this
//! folder (`lib/`) wraps these exports in the typed API (`read`, `readNumber`, `Reader`,
//! `Tool`, `Vocabulary`, `CursorCodec`); [`convert`] says what crosses and how.
//!
//! Two things the core takes from its host are supplied by JavaScript, because
//! `wasm32-unknown-unknown` has neither: environment variables (a cursor's `key_env`) and the
//! clock (cursor expiry). Every spec, tool, codec and read here is given [`host::JsHost`]
//! through the core's `*_in` doors, so a `key_env` anywhere (a property, a list's item, a batch
//! line) reads in WebAssembly as natively.

use agent_input::context::Host as _;
use agent_input::cursor::CursorCodec as CoreCodec;
use agent_input::tool::{
    Dialect, Envelope, Failure, Issue, MemoryReceipts as CoreReceipts, Page, ReceiptStore, Run, ToolCall, ToolSpec,
};
use agent_input::vocabulary::{Entry, Vocabulary as CoreVocabulary, VocabularyRole};
use agent_input::{Input, Kind, Note, Outcome, Spec, Warning};
use serde_json::{json, Value};
use wasm_bindgen::prelude::*;

pub mod args;
pub mod convert;
pub mod errors;
pub mod host;
pub mod protocol;
pub mod tape;

use convert::{integer_text, parse, respond};
use errors::GlueError;
use host::JsHost;

type Result<T> = std::result::Result<T, GlueError>;

/// Sizes the room `Tool.read` writes an argument tape into ([`args::arg_room`]) and says
/// where it is.
#[wasm_bindgen]
pub fn arg_room(ops: usize, bytes: usize) -> usize {
    args::arg_room(ops, bytes)
}

/// Takes the text the last read left (a string value, or an outcome's JSON).
#[wasm_bindgen]
pub fn take_text() -> String {
    convert::take_text()
}

/// Where the tape the last read or call left is in the module's memory (see `convert`).
#[wasm_bindgen]
pub fn tape_view() -> usize {
    convert::tape_view()
}

/// The keys a tape names by index (JSON text of an array of strings).
#[wasm_bindgen]
pub fn tape_keys() -> String {
    serde_json::to_string(tape::KEYS).unwrap_or_default()
}

/// The number the last read left.
#[wasm_bindgen]
pub fn take_number() -> f64 {
    convert::take_number()
}

// --- one-shot reads (`read(kind, value, options)`) -------------------------------------------

/// Reads a string value of `kind` with `options` (JSON text, or nothing).
///
/// # Errors
/// An unknown kind or invalid options (the core's error).
#[wasm_bindgen]
pub fn read_str(kind: &str, options: Option<String>, value: &str) -> std::result::Result<u32, JsValue> {
    let spec = spec_of(kind, options)?;
    Ok(respond(spec.read_in(Input::String(value), &host::context()), Some(value)))
}

/// Reads a safe integer value of `kind` with `options`.
///
/// # Errors
/// As [`read_str`].
#[wasm_bindgen]
pub fn read_int(kind: &str, options: Option<String>, value: f64) -> std::result::Result<u32, JsValue> {
    let spec = spec_of(kind, options)?;
    let mut buf = String::new();
    Ok(respond(spec.read_in(Input::Number(integer_text(value, &mut buf)), &host::context()), None))
}

/// Reads a value of `kind` sent as JSON text (`None`: the property was not sent). A lone
/// surrogate and nesting past the core's bound are the core's asks ([`convert::value`]).
///
/// # Errors
/// As [`read_str`].
#[wasm_bindgen]
pub fn read_json(kind: &str, options: Option<String>, value: Option<String>) -> std::result::Result<u32, JsValue> {
    let spec = spec_of(kind, options)?;
    Ok(read_json_with(|input| spec.read_in(input, &host::context()), value)?)
}

/// The spec of `kind` with `options` (JSON text, or nothing), a cursor's `key_env` read from
/// JavaScript's environment.
fn spec_of(kind: &str, options: Option<String>) -> Result<Spec> {
    Ok(Spec::new_in(kind.parse()?, &convert::options(options)?, &JsHost)?)
}

fn read_json_with(read: impl FnOnce(Input<'_>) -> Outcome<Value>, value: Option<String>) -> Result<u32> {
    let outcome = match value {
        None => read(Input::Missing),
        Some(text) => match convert::value(&text) {
            Ok(value) => read(Input::from(&value)),
            Err(e) => Outcome::ask(convert::ask_of(&e)?),
        },
    };
    Ok(respond(outcome, None))
}

/// The core's JSON of the two outcomes a read answers with a code alone (`[ok, absent]`: an ok
/// outcome, its value `null`, and an absent one, neither with notes nor warnings), as JSON text:
/// the package builds those outcomes in this shape (`lib/api.js`), so that JavaScript has one
/// wire shape, the core's.
#[wasm_bindgen]
pub fn clean_outcomes() -> String {
    let ok = Outcome::ok(Value::Null).to_json();
    let absent = Outcome::<Value>::absent().to_json();
    Value::Array(vec![ok, absent]).to_string()
}

/// The largest depth of nested arrays and objects a read takes
/// ([`agent_input::limits::MAX_JSON_DEPTH`]): the package's serializer writes no deeper than one
/// level past it, so that a deeper value (or a cycle) reaches the core as too deep.
#[wasm_bindgen]
pub fn max_json_depth() -> usize {
    agent_input::limits::MAX_JSON_DEPTH
}

// --- Reader ----------------------------------------------------------------------------------

/// A kind with its options, checked once; reads many values.
#[wasm_bindgen]
pub struct Reader {
    spec: Spec,
}

#[wasm_bindgen]
impl Reader {
    /// The reader of `kind` with `options` (JSON text, or nothing).
    ///
    /// # Errors
    /// An unknown kind or invalid options.
    #[wasm_bindgen(constructor)]
    pub fn new(kind: &str, options: Option<String>) -> std::result::Result<Reader, JsValue> {
        Ok(Self { spec: spec_of(kind, options)? })
    }

    /// The kind's wire name.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.spec.kind().name().to_owned()
    }

    /// Reads a string.
    pub fn read_str(&self, value: &str) -> u32 {
        respond(self.spec.read_in(Input::String(value), &host::context()), Some(value))
    }

    /// Reads a safe integer.
    pub fn read_int(&self, value: f64) -> u32 {
        let mut buf = String::new();
        respond(self.spec.read_in(Input::Number(integer_text(value, &mut buf)), &host::context()), None)
    }

    /// Reads a value sent as JSON text (`None`: not sent).
    ///
    /// # Errors
    /// Text that is not JSON (never written by the package).
    pub fn read_json(&self, value: Option<String>) -> std::result::Result<u32, JsValue> {
        Ok(read_json_with(|input| self.spec.read_in(input, &host::context()), value)?)
    }
}

// --- Vocabulary ------------------------------------------------------------------------------

/// The core's error for options it rejects (used on error paths only, so that the message is
/// the core's).
fn core_options_error(kind: Kind, options: &Value) -> GlueError {
    match Spec::new_in(kind, options, &JsHost) {
        Err(e) => e.into(),
        Ok(_) => GlueError::options(format!("invalid options for kind `{}`", kind.name())),
    }
}

/// A server's stored values, indexed once.
#[wasm_bindgen]
pub struct Vocabulary {
    inner: CoreVocabulary,
}

fn role(role: &str) -> Result<VocabularyRole> {
    serde_json::from_value(Value::String(role.to_owned()))
        .map_err(|_| core_options_error(Kind::Vocabulary, &json!({"entries": [{"id": "_"}], "role": role})))
}

#[wasm_bindgen]
impl Vocabulary {
    /// The vocabulary of `entries` (JSON text of an array of entries).
    ///
    /// # Errors
    /// Entries of the wrong shape, or that the core rejects.
    #[wasm_bindgen(constructor)]
    pub fn new(entries: &str) -> std::result::Result<Vocabulary, JsValue> {
        let json = parse(entries)?;
        let entries: Vec<Entry> = serde_json::from_value(json.clone())
            .map_err(|_| core_options_error(Kind::Vocabulary, &json!({ "entries": json })))?;
        Ok(Self { inner: CoreVocabulary::new(entries).map_err(GlueError::from)? })
    }

    /// The entries, as JSON text.
    pub fn entries(&self) -> String {
        serde_json::to_string(self.inner.entries()).unwrap_or_default()
    }

    /// Reads a string with `role` (`"value"` or `"filter"`).
    ///
    /// # Errors
    /// An unknown role.
    pub fn read_str(&self, value: &str, role_name: &str) -> std::result::Result<u32, JsValue> {
        let role = role(role_name)?;
        let outcome = self.inner.read_in(Input::String(value), role, &host::context());
        Ok(respond(outcome.map(Value::String), Some(value)))
    }

    /// Reads a value sent as JSON text (`None`: not sent) with `role`.
    ///
    /// # Errors
    /// An unknown role.
    pub fn read_json(&self, value: Option<String>, role_name: &str) -> std::result::Result<u32, JsValue> {
        let role = role(role_name)?;
        Ok(read_json_with(|input| self.inner.read_in(input, role, &host::context()).map(Value::String), value)?)
    }
}

// --- CursorCodec -----------------------------------------------------------------------------

/// Issues and reads cursors with one server key (never in any output).
#[wasm_bindgen]
pub struct CursorCodec {
    inner: CoreCodec,
}

/// Seconds from JavaScript: a whole number, 0 or more, that a double holds exactly; else the
/// sentence saying so.
fn seconds(value: f64, name: &str) -> std::result::Result<u64, String> {
    if value.is_finite() && value >= 0.0 && value.fract() == 0.0 && value <= 9_007_199_254_740_991.0 {
        // Checked just above: whole, non-negative and a safe integer.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Ok(value as u64)
    } else {
        Err(format!("`{name}` must be a whole number of seconds, 0 or more, found {value}"))
    }
}

#[wasm_bindgen]
impl CursorCodec {
    /// A codec with this key (at least 16 bytes).
    ///
    /// # Errors
    /// A key that is too short.
    #[wasm_bindgen(constructor)]
    pub fn new(key: &[u8]) -> std::result::Result<CursorCodec, JsValue> {
        Ok(Self { inner: CoreCodec::new(key).map_err(GlueError::from)? })
    }

    /// A codec keyed by the environment variable `name` (`process.env` in Node).
    ///
    /// # Errors
    /// The variable is unset or its key too short (the core's messages).
    pub fn from_env(name: &str) -> std::result::Result<CursorCodec, JsValue> {
        Ok(Self { inner: CoreCodec::from_host(name, &JsHost).map_err(GlueError::from)? })
    }

    /// Issues a cursor carrying a JSON payload (JSON text), valid for `ttl` seconds or until
    /// `expires_at` (unix seconds) when given (NaN: not given).
    ///
    /// # Errors
    /// A lifetime the core refuses ([`agent_input::cursor::expiry`]: both, a `ttl` of 0, an
    /// `expires_at` not in the future) or that is not a whole number of seconds; a payload over
    /// the core's bound.
    pub fn encode_json(&self, payload: &str, ttl: f64, expires_at: f64) -> std::result::Result<String, JsValue> {
        let payload = parse(payload)?;
        let at = expiry(ttl, expires_at)?;
        Ok(self.inner.encode_json(&payload, at).map_err(GlueError::from)?)
    }

    /// Issues a cursor carrying raw bytes, as [`CursorCodec::encode_json`].
    ///
    /// # Errors
    /// As [`CursorCodec::encode_json`].
    pub fn encode_bytes(&self, payload: &[u8], ttl: f64, expires_at: f64) -> std::result::Result<String, JsValue> {
        let at = expiry(ttl, expires_at)?;
        Ok(self.inner.encode_bytes(payload, at).map_err(GlueError::from)?)
    }

    /// Reads a string at `now` (unix seconds; NaN: the clock).
    ///
    /// # Errors
    /// A `now` that is not a whole number of seconds.
    pub fn read_str(&self, value: &str, now: f64) -> std::result::Result<u32, JsValue> {
        let now = at(now)?;
        Ok(respond(self.inner.read_at(Input::String(value), now), Some(value)))
    }

    /// A page that says what it withheld (`request`: the JSON text of `Page`'s fields), its
    /// next cursor minted with this key at `now` (NaN: the clock); the page as JSON text.
    ///
    /// # Errors
    /// A page that contradicts itself, or fields of the wrong type.
    pub fn page(&self, request: &str, now: f64) -> Result<String> {
        let page = Page::from_json(&parse(request)?).map_err(GlueError::from)?;
        Ok(convert::json_text_unflagged(page.to_json(&self.inner, at(now)?).map_err(GlueError::from)?))
    }

    /// Reads a value sent as JSON text (`None`: not sent) at `now`.
    ///
    /// # Errors
    /// As [`CursorCodec::read_str`].
    pub fn read_json(&self, value: Option<String>, now: f64) -> std::result::Result<u32, JsValue> {
        let now = at(now)?;
        Ok(read_json_with(|input| self.inner.read_at(input, now), value)?)
    }
}

/// A call's context on the JavaScript host, with `today` (`YYYY-MM-DD`) when given: the day
/// relative words are read against.
fn day_context(today: Option<String>) -> Result<agent_input::context::Context<'static>> {
    let day = today.as_deref().map(agent_input::date::parse_today).transpose()?;
    Ok(host::context().with_today(day))
}

fn at(now: f64) -> Result<u64> {
    if now.is_nan() {
        Ok(JsHost.now())
    } else {
        seconds(now, "now").map_err(GlueError::range)
    }
}

/// A cursor's `expires_at` from `ttl` or `expiresAt` (NaN: not given), checked by the core as the
/// CLI and Python check it ([`agent_input::cursor::expiry`]); an `InvalidOptionsError` otherwise.
fn expiry(ttl: f64, expires_at: f64) -> Result<Option<u64>> {
    let given = |value: f64, name: &str| -> Result<Option<u64>> {
        if value.is_nan() {
            return Ok(None);
        }
        seconds(value, name).map(Some).map_err(|why| GlueError::options(format!("invalid cursor expiry: {why}")))
    };
    let (ttl, expires_at) = (given(ttl, "ttl")?, given(expires_at, "expiresAt")?);
    Ok(agent_input::cursor::expiry(ttl, expires_at, JsHost.now())?)
}

// --- Tool ------------------------------------------------------------------------------------

/// A declared tool: reads whole argument objects, emits its schema.
#[wasm_bindgen]
pub struct Tool {
    /// Shared with each call the protocol runs of it ([`protocol::Call`]).
    spec: std::sync::Arc<ToolSpec>,
    /// The spec's property names, which a call's tape names by index.
    names: tape::Names,
    /// The arguments of the last call read from a tape, kept for the next ([`args::decode_kept`]).
    kept: std::cell::RefCell<Value>,
}

#[wasm_bindgen]
impl Tool {
    /// A tool from its spec (JSON text).
    ///
    /// # Errors
    /// An invalid spec (the core's error), or text that is not JSON.
    pub fn from_spec(spec: &str) -> std::result::Result<Tool, JsValue> {
        Ok(Self::build(spec, None)?)
    }

    /// A tool from its spec (JSON text) whose cursor properties read with `codec`.
    ///
    /// # Errors
    /// As [`Tool::from_spec`].
    pub fn from_spec_with_codec(spec: &str, codec: &CursorCodec) -> std::result::Result<Tool, JsValue> {
        Ok(Self::build(spec, Some(&codec.inner))?)
    }

    /// A tool from the JSON Schema a server declares (JSON text of an `inputSchema` or a whole
    /// MCP tool definition), with `overrides` (JSON text; `null` for none).
    ///
    /// # Errors
    /// A schema or overrides the core cannot use, or text that is not JSON.
    pub fn from_input_schema(schema: &str, overrides: &str) -> std::result::Result<Tool, JsValue> {
        Ok(Self::build_from_schema(schema, overrides, None)?)
    }

    /// As [`Tool::from_input_schema`], cursor properties reading with `codec`.
    ///
    /// # Errors
    /// As [`Tool::from_input_schema`].
    pub fn from_input_schema_with_codec(
        schema: &str,
        overrides: &str,
        codec: &CursorCodec,
    ) -> std::result::Result<Tool, JsValue> {
        Ok(Self::build_from_schema(schema, overrides, Some(&codec.inner))?)
    }

    /// The tool spec document `from_input_schema` builds (JSON text).
    ///
    /// # Errors
    /// As [`Tool::from_input_schema`].
    pub fn spec_from_input_schema(schema: &str, overrides: &str) -> std::result::Result<String, JsValue> {
        Ok(Self::document(schema, overrides).map(|d| d.to_string())?)
    }

    fn document(schema: &str, overrides: &str) -> Result<Value> {
        let parse = |text: &str, what: &str| -> Result<Value> { Ok(ToolSpec::json_text(text, what)?) };
        let (schema, overrides) = (parse(schema, "input schema")?, parse(overrides, "overrides")?);
        Ok(ToolSpec::document_from_input_schema(&schema, &overrides)?)
    }

    fn build_from_schema(schema: &str, overrides: &str, codec: Option<&CoreCodec>) -> Result<Tool> {
        Self::of_json(&Self::document(schema, overrides)?, codec)
    }

    fn build(spec: &str, codec: Option<&CoreCodec>) -> Result<Tool> {
        Self::of_json(&ToolSpec::json_text(spec, "tool spec")?, codec)
    }

    /// The tool of a spec document, the keys its cursors name by `key_env` read from
    /// JavaScript's environment.
    fn of_json(json: &Value, codec: Option<&CoreCodec>) -> Result<Tool> {
        let spec = match codec {
            Some(codec) => ToolSpec::from_json_with_codec_in(json, codec, &JsHost)?,
            None => ToolSpec::from_json_in(json, &JsHost)?,
        };
        Ok(Self::of(spec))
    }

    fn of(spec: ToolSpec) -> Self {
        let names = tape::Names::new(spec.property_names().map(str::to_owned).collect());
        Self { spec: std::sync::Arc::new(spec), names, kept: std::cell::RefCell::new(Value::Null) }
    }

    /// The property names a call's tape names by index (table 5 of `src/tape.rs`), as JSON
    /// text: JavaScript holds them once per tool.
    #[wasm_bindgen(getter)]
    pub fn property_names(&self) -> String {
        serde_json::to_string(self.names.list()).unwrap_or_else(|_| "[]".to_owned())
    }

    /// The tool's name.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.spec.name().to_owned()
    }

    /// True when the tool writes.
    #[wasm_bindgen(getter)]
    pub fn writes(&self) -> bool {
        self.spec.writes()
    }

    /// Reads a whole argument object sent as JSON text (`None`: no arguments at all), as
    /// `Tool.read` sends what an argument tape ([`Tool::read_args`]) does not carry; the call
    /// is left as a tape (`TAPE`) or JSON text (`JSON`) for JavaScript to take. Arguments the
    /// core's JSON reader refuses (a lone surrogate, nesting past its bound) are read as the
    /// body of a call instead, so the envelope is the one `agent-input call` gives for the
    /// same text.
    ///
    /// `today` (`YYYY-MM-DD`, or nothing) is the day relative words are read against where a
    /// property's own `today` option is unset.
    ///
    /// # Errors
    /// A `today` that is no such day (an `InvalidOptionsError`).
    pub fn read(&self, args: Option<String>, today: Option<String>) -> std::result::Result<u32, JsValue> {
        let (spec, cx) = (&self.spec, day_context(today)?);
        let call = match args {
            None => spec.read_in(&Value::Null, &cx),
            Some(text) => match convert::value(&text) {
                Ok(args) => spec.read_in(&args, &cx),
                Err(_) => spec.read_json_in(text.as_bytes(), &cx),
            },
        };
        Ok(convert::call_answer(call, &self.names))
    }

    /// Reads a whole argument object sent as an argument tape ([`args`]), its first `ops`
    /// numbers and `bytes` bytes written in the room [`arg_room`] gave: what [`Tool::read`]
    /// reads from `JSON.stringify`'s text of the same object, without the text.
    ///
    /// # Errors
    /// A tape the package's writer does not write (a `TypeError`); a `today` that is no day.
    pub fn read_args(&self, ops: usize, bytes: usize, today: Option<String>) -> std::result::Result<u32, JsValue> {
        let cx = day_context(today)?;
        // Only a call read inside this one (none does: the tape is written before) finds the
        // kept arguments taken; it decodes into its own.
        let (mut borrowed, mut own) = (self.kept.try_borrow_mut(), Value::Null);
        let kept = match &mut borrowed {
            Ok(kept) => &mut **kept,
            Err(_) => &mut own,
        };
        let call = self.spec.read_in(args::decode_room(ops, bytes, self.names.list(), kept)?, &cx);
        args::release(kept, bytes);
        Ok(convert::call_answer(call, &self.names))
    }

    /// For the benchmark (`benches/js/bench.mjs`), not the package: reads the argument object
    /// `args` (JSON text) `n` times inside the module, with no crossing, and returns how many of
    /// those reads were ok. `stage` 0 times the core's read alone, 1 also writes what crosses
    /// back, 2 also reads the arguments' JSON text each time.
    #[doc(hidden)]
    pub fn bench_read(&self, args: &str, n: u32, stage: u32) -> u32 {
        let parsed = convert::value(args).unwrap_or(Value::Null);
        let mut ok = 0;
        for _ in 0..n {
            let cx = host::context();
            let call = if stage >= 2 {
                self.spec.read_in(&convert::value(args).unwrap_or(Value::Null), &cx)
            } else {
                self.spec.read_in(&parsed, &cx)
            };
            ok += u32::from(matches!(call, ToolCall::Ok { .. }));
            if stage >= 1 {
                std::hint::black_box(convert::call_answer(call, &self.names));
            } else {
                std::hint::black_box(call);
            }
        }
        ok
    }

    /// Reads the raw body of a call as a client sent it (UTF-8 bytes); the call is left as
    /// [`Tool::read`] leaves it.
    ///
    /// # Errors
    /// A `today` that is no day (an `InvalidOptionsError`).
    pub fn read_body(&self, body: &[u8], today: Option<String>) -> std::result::Result<u32, JsValue> {
        Ok(convert::call_answer(self.spec.read_json_in(body, &day_context(today)?), &self.names))
    }

    /// The MCP 2026-07-28 `input_required` result that asks the person at the client about the
    /// call `args` (JSON text, or nothing) reads to, as JSON text: one elicitation form per
    /// ambiguous property the spec lets the user answer; nothing when the call is not such an
    /// ask. The state is sealed with a key derived from `codec`; `now` is unix seconds (NaN:
    /// the clock). The core needs its own call, so the arguments are read again here (a read
    /// depends on nothing but the arguments and the spec).
    ///
    /// # Errors
    /// A `now` that is not a whole number of seconds.
    pub fn ask_person(
        &self,
        args: Option<String>,
        codec: &CursorCodec,
        now: f64,
        today: Option<String>,
    ) -> std::result::Result<Option<String>, JsValue> {
        let now = at(now)?;
        let cx = day_context(today)?;
        // Arguments the core's JSON reader refuses are the envelope (`Tool::read`): no question.
        let Ok(args) = args.as_deref().map_or(Ok(Value::Null), convert::value) else { return Ok(None) };
        let call = self.spec.read_in(&args, &cx);
        Ok(self.spec.ask_person(&call, &args, &codec.inner, now).map(convert::json_text_unflagged))
    }

    /// Reads the retry of a call `ask_person` answered: the same `args`, the client's
    /// `inputResponses` and the echoed `requestState`, with the same `codec` and `now`; the
    /// call's JSON text.
    ///
    /// # Errors
    /// As [`Tool::ask_person`].
    pub fn read_answers(
        &self,
        args: Option<String>,
        responses: Option<String>,
        request_state: &str,
        codec: &CursorCodec,
        now: f64,
        today: Option<String>,
    ) -> std::result::Result<String, JsValue> {
        let now = at(now)?;
        let responses = convert::options(responses)?;
        let cx = day_context(today)?;
        let spec = &self.spec;
        let answers = |args: &Value| spec.read_answers_with(args, &responses, request_state, &codec.inner, now, &cx);
        let call = match args {
            None => answers(&Value::Null),
            Some(text) => match convert::value(&text) {
                Ok(args) => answers(&args),
                // As `Tool::read`: the envelope `agent-input call` gives for the same text.
                Err(_) => spec.read_json_in(text.as_bytes(), &cx.fresh()),
            },
        };
        Ok(convert::call_text(call))
    }

    /// True when calls go through `gate`: the tool confirms its changes or has an idempotency key.
    #[wasm_bindgen(getter)]
    pub fn has_contract(&self) -> bool {
        self.spec.has_contract()
    }

    /// True when the tool previews its changes and applies them with a `confirm_token`.
    #[wasm_bindgen(getter)]
    pub fn confirms(&self) -> bool {
        self.spec.confirms()
    }

    /// The tool's idempotency key property, if any.
    #[wasm_bindgen(getter)]
    pub fn key_property(&self) -> Option<String> {
        self.spec.key_property().map(str::to_owned)
    }

    /// The MCP annotations, as JSON text.
    pub fn annotations(&self) -> String {
        convert::json_text(self.spec.annotations())
    }

    /// The idempotency key of a call (its JSON text) that applies a change, if any.
    ///
    /// # Errors
    /// A call that is not one `Tool.read` returned.
    pub fn receipt_key(&self, call: &str) -> Result<Option<String>> {
        Ok(self.spec.receipt_key(&call_of(call)?))
    }

    /// The contract's step before the handler, for a tool that does not confirm: the gate as
    /// JSON text. `stored`: the receipt (JSON text) stored under `receipt_key`.
    ///
    /// # Errors
    /// As [`Tool::receipt_key`]; a tool that confirms (it needs `gate_with_codec`).
    pub fn gate(&self, call: &str, stored: Option<String>, now: f64) -> Result<String> {
        self.gate_inner(call, stored, None, now)
    }

    /// The contract's step before the handler, confirm tokens sealed with `codec`.
    ///
    /// # Errors
    /// As [`Tool::gate`].
    pub fn gate_with_codec(&self, call: &str, stored: Option<String>, codec: &CursorCodec, now: f64) -> Result<String> {
        self.gate_inner(call, stored, Some(&codec.inner), now)
    }

    fn gate_inner(&self, call: &str, stored: Option<String>, codec: Option<&CoreCodec>, now: f64) -> Result<String> {
        let stored = stored.map(|s| parse(&s)).transpose()?;
        let gate = self.spec.gate(&call_of(call)?, stored.as_ref(), codec, at(now)?).map_err(GlueError::from)?;
        Ok(convert::json_text_unflagged(serde_json::to_value(gate).unwrap_or(Value::Null)))
    }

    /// The result of a call the handler ran with `gate`'s `run` (JSON text) and its `output`
    /// (JSON text, or nothing): `{result, receipt?, key?}` as JSON text.
    ///
    /// # Errors
    /// A call or run that `read` and `gate` did not return.
    pub fn finish(&self, call: &str, run: &str, output: Option<String>, now: f64) -> Result<String> {
        let run: Run = serde_json::from_value(parse(run)?)
            .map_err(|e| GlueError::type_error(format!("not a run that `gate` returned: {e}")))?;
        let output = convert::options(output)?;
        let finished = self.spec.finish(&call_of(call)?, &run, &output, at(now)?);
        Ok(convert::json_text_unflagged(serde_json::to_value(finished).unwrap_or(Value::Null)))
    }

    /// The `CallToolResult` of a handler's failure (`{"code": "rate_limited", ...}`), as JSON text.
    ///
    /// # Errors
    /// Not a failure.
    pub fn failure_result(&self, failure: &str) -> Result<String> {
        let failure: Failure = serde_json::from_value(parse(failure)?)
            .map_err(|e| GlueError::type_error(format!("not a failure: {e}")))?;
        Ok(convert::json_text_unflagged(self.spec.failure_result(&failure)))
    }

    /// The `inputSchema` in a host's dialect (`mcp`, `openai-strict`, `gemini`, `anthropic`),
    /// as JSON text.
    pub fn input_schema(&self, dialect: &str) -> Result<String> {
        let dialect = dialect.parse::<Dialect>().map_err(GlueError::from)?;
        Ok(convert::json_text(self.spec.input_schema_for(dialect)))
    }

    /// The payload the tool accepts (every required property set to its canonical example),
    /// as JSON text.
    pub fn skeleton(&self) -> String {
        convert::json_text(self.spec.skeleton())
    }

    /// The tool definition in a host's dialect, as JSON text.
    pub fn definition(&self, dialect: &str) -> Result<String> {
        let dialect = dialect.parse::<Dialect>().map_err(GlueError::from)?;
        Ok(convert::json_text(self.spec.definition_for(dialect)))
    }
}

/// Receipts of writes in memory (the glue's default store), bounded.
#[wasm_bindgen]
pub struct MemoryReceipts {
    inner: CoreReceipts,
}

#[wasm_bindgen]
impl MemoryReceipts {
    /// A store of at most `capacity` receipts (0: the default, `MAX_RECEIPTS`).
    #[wasm_bindgen(constructor)]
    pub fn new(capacity: usize) -> MemoryReceipts {
        let capacity = if capacity == 0 { agent_input::limits::MAX_RECEIPTS } else { capacity };
        Self { inner: CoreReceipts::new(capacity) }
    }

    /// The receipt stored for `tool` and `key`, as JSON text.
    pub fn get(&self, tool: &str, key: &str) -> Option<String> {
        self.inner.get(tool, key).map(convert::json_text_unflagged)
    }

    /// Stores `receipt` (JSON text) for `tool` and `key`.
    ///
    /// # Errors
    /// Text that is not JSON.
    pub fn put(&self, tool: &str, key: &str, receipt: &str) -> Result<()> {
        self.inner.put(tool, key, parse(receipt)?);
        Ok(())
    }

    /// Drops the receipts expired at `now` (NaN: the clock).
    ///
    /// # Errors
    /// A `now` that is not a whole number of seconds.
    pub fn expire(&self, now: f64) -> Result<()> {
        self.inner.expire(at(now)?);
        Ok(())
    }

    /// How many receipts are kept.
    #[wasm_bindgen(getter)]
    pub fn size(&self) -> usize {
        self.inner.len()
    }
}

/// A tool call rebuilt from its JSON (what `Tool.read` returned, with warnings the handler added).
fn call_of(call: &str) -> Result<ToolCall> {
    let invalid = |e: serde_json::Error| GlueError::type_error(format!("not a tool call: {e}"));
    let value = parse(call)?;
    let field = |name: &str| value.get(name).cloned().unwrap_or(Value::Array(Vec::new()));
    let notes: Vec<Note> = serde_json::from_value(field("notes")).map_err(invalid)?;
    let warnings: Vec<Warning> = serde_json::from_value(field("warnings")).map_err(invalid)?;
    let issues: Vec<Issue> = serde_json::from_value(field("issues")).map_err(invalid)?;
    match value.get("status").and_then(Value::as_str) {
        Some("ok") => {
            Ok(ToolCall::Ok { args: value.get("args").cloned().unwrap_or(Value::Null), notes, warnings, issues })
        }
        Some("error") => {
            let envelope: Envelope = serde_json::from_value(json!({
                "code": value.get("code"), "message": value.get("message"), "hint": value.get("hint"), "issues": issues,
            }))
            .map_err(invalid)?;
            Ok(ToolCall::Error { envelope, notes, warnings })
        }
        _ => Err(GlueError::type_error("not a tool call: `status` is neither \"ok\" nor \"error\"")),
    }
}

/// The MCP `CallToolResult` of a call (its JSON text) with the handler's `output` (JSON text,
/// or nothing), as JSON text.
///
/// # Errors
/// A call that is not one `Tool.read` returned.
#[wasm_bindgen]
pub fn call_tool_result(call: &str, output: Option<String>) -> std::result::Result<String, JsValue> {
    let output = convert::options(output)?;
    // A result is an MCP message: its numbers a double cannot hold become their text in
    // `structuredContent` (the text content keeps every digit), with no flag of ours added.
    Ok(convert::json_text_unflagged(call_of(call)?.to_call_tool_result(&output)))
}

/// What telemetry may keep of a call (`{"tool", "codes", "paths"}`), as JSON text, or nothing
/// for an ok call without issues.
///
/// # Errors
/// As [`call_tool_result`].
#[wasm_bindgen]
pub fn call_telemetry(call: &str, tool: &str) -> std::result::Result<Option<String>, JsValue> {
    Ok(call_of(call)?.telemetry(tool).map(|t| serde_json::to_string(&t).unwrap_or_default()))
}

/// A warning a handler adds, checked against the core's shape; its JSON text.
///
/// # Errors
/// Not a warning (an unknown code, a missing field).
#[wasm_bindgen]
pub fn check_warning(warning: &str) -> std::result::Result<String, JsValue> {
    let warning: Warning =
        serde_json::from_value(parse(warning)?).map_err(|e| GlueError::type_error(format!("invalid warning: {e}")))?;
    Ok(convert::json_text(serde_json::to_value(&warning).unwrap_or(Value::Null)))
}

/// The `no_hits_filtered` warning (JSON text) for an empty page under an active filter.
///
/// # Errors
/// `would_match` that is not an array.
#[wasm_bindgen]
pub fn no_hits_filtered(property: &str, filter: &str, would_match: &str) -> std::result::Result<String, JsValue> {
    let filter = parse(filter)?;
    let Value::Array(would) = parse(would_match)? else {
        return Err(GlueError::type_error("`wouldMatch` must be an array of the values that would match").into());
    };
    let warning = agent_input::vocabulary::no_hits_filtered(property, &filter, &would);
    Ok(convert::json_text(serde_json::to_value(&warning).unwrap_or(Value::Null)))
}

/// Reads one batch request line, as `agent-input read --batch` does; the outcome's JSON text.
#[wasm_bindgen]
pub fn read_line(line: &str) -> String {
    read_line_bytes(line.as_bytes())
}

/// Reads one batch request line given as bytes (a line holding a lone surrogate, as WTF-8,
/// which the core names as not UTF-8); the outcome's JSON text.
#[wasm_bindgen]
pub fn read_line_bytes(line: &[u8]) -> String {
    let policy = agent_input::batch::Policy::default();
    convert::outcome_text(agent_input::batch::read_line_in(line, &policy, &host::context()))
}

/// The core's matching key of a text (`"Nájem  Bytu"` → `"najem bytu"`), for a server's own
/// search, so that it matches words the way the readers do.
#[wasm_bindgen]
pub fn fold(text: &str) -> String {
    agent_input::fold(text)
}

/// True when `text` is a JSON number (what `JsonNumber` accepts).
#[wasm_bindgen]
pub fn is_json_number(text: &str) -> bool {
    text.parse::<serde_json::Number>().is_ok()
}
