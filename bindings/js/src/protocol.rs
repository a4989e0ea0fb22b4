//! The call protocol ([`agent_input::protocol`]) for the package's MCP adapters (`lib/mcp.js`):
//! one `tools/call` as a [`Call`] whose steps cross as JSON text, and [`Protocol`], what a
//! one-line drop-in keeps about a server somebody else wrote. Every rule is the core's: this
//! file converts JSON both ways and adds what only JavaScript knows (the clock, `JsHost`).
//!
//! What crosses: a request's `params` and `context`, a definition, a `tools/list` result and an
//! outcome come in as JSON text written by the package's `dataText`; a step goes out as the
//! JSON text of the core's serde shape (`{"step": "answer", "result": ...}`), numbers a double
//! cannot hold as their decimal text, as every MCP result of the package.

use std::sync::Arc;

use agent_input::context::Host as _;
use agent_input::protocol::{self, Listed, Outcome, Request, Step};
use serde_json::{Map, Value};
use wasm_bindgen::prelude::*;

use crate::convert::{self, parse};
use crate::errors::GlueError;
use crate::host::JsHost;
use crate::{CursorCodec, Tool};

type Result<T> = std::result::Result<T, GlueError>;

/// The request of one call: `params` as the `tools/call` request's (JSON text) and `context`
/// as the protocol takes it (JSON text of an object, or nothing). A context without `now` is
/// given JavaScript's clock: the core has none in WebAssembly.
///
/// # Errors
/// Params or a context that are no JSON object, a `now` that is no whole number of seconds, a
/// `today` that is no `YYYY-MM-DD` day (the core's `InvalidOptionsError`).
fn request(params: &str, context: Option<String>, arguments_text: Option<String>) -> Result<Request> {
    let params = parse(params)?;
    if !params.is_object() {
        return Err(GlueError::type_error("a call's params must be an object, as a tools/call request's"));
    }
    let mut context = match convert::options(context)? {
        Value::Null => Map::new(),
        Value::Object(o) => o,
        _ => return Err(GlueError::type_error("a call's context must be an object")),
    };
    match context.get("now") {
        None | Some(Value::Null) => {
            context.insert("now".into(), Value::from(JsHost.now()));
        }
        Some(now) if now.as_u64().is_some() => {}
        Some(now) => {
            return Err(GlueError::type_error(format!(
                "a call's `now` must be a whole number of seconds, 0 or more; got {now}"
            )))
        }
    }
    let mut request = Request::from_json(&params, &Value::Object(context))?;
    request.arguments_text = arguments_text;
    Ok(request)
}

/// A step as the JSON text JavaScript parses.
fn step_text(step: &Step) -> String {
    convert::json_text_unflagged(serde_json::to_value(step).unwrap_or(Value::Null))
}

/// One `tools/call` run by the protocol: its current step, and the next one from each
/// outcome ([`Call::resume`]).
#[wasm_bindgen]
pub struct Call {
    inner: protocol::Call,
    step: Step,
}

impl Call {
    fn of((inner, step): (protocol::Call, Step)) -> Self {
        Self { inner, step }
    }
}

#[wasm_bindgen]
impl Call {
    /// The current step, as JSON text.
    pub fn step(&self) -> String {
        step_text(&self.step)
    }

    /// The next step from the outcome of the current one (JSON text: `{}`, `{"stored": ...}`,
    /// `{"output": ..., "warnings": [...]}`, `{"result": ...}`, `{"failure": ...}`, `{"error":
    /// "..."}`, `{"cancelled": true}`), as JSON text.
    ///
    /// # Errors
    /// An outcome of another shape, or one the step did not ask for (the core's
    /// `InvalidOptionsError`): the adapter's programmer's to fix.
    pub fn resume(&mut self, outcome: &str) -> std::result::Result<String, JsValue> {
        let outcome = Outcome::from_value(parse(outcome)?).map_err(GlueError::from)?;
        self.step = self.inner.resume(outcome).map_err(GlueError::from)?;
        Ok(step_text(&self.step))
    }

    /// The call as read (its notes; warnings a handler adds go back in the `output` outcome),
    /// as JSON text.
    pub fn tool_call(&self) -> String {
        convert::call_text(self.inner.tool_call_at(&self.step))
    }

    /// What telemetry keeps of the call, as JSON text: `{"name": span name, "attributes":
    /// {...}, "error": bool, "metric": {...}, "codes": [{...}, ...]}` (the core's
    /// `protocol::Record::to_json`): codes and paths, never a value. Of the whole call once its
    /// step is an answer, `pass` or `done`.
    pub fn record(&self) -> String {
        self.inner.record().to_json_text()
    }

    /// The `put` step that releases the call's idempotency key while its handler runs (JSON
    /// text), or nothing: for an adapter whose handler is abandoned mid-call.
    pub fn release(&self) -> Option<String> {
        self.inner.release().map(|step| step_text(&step))
    }
}

#[wasm_bindgen]
impl Tool {
    /// Starts a call of this tool ([`protocol::Call::own`]): `params` the `tools/call` request's
    /// (JSON text), `context` the protocol's (JSON text, or nothing), `arguments_text` the
    /// arguments as `read` takes them when they are no JSON value (a lone surrogate), which the
    /// core then reads and names ([`Request::arguments_text`]).
    ///
    /// # Errors
    /// As `request` (the request's errors).
    pub fn call(
        &self,
        params: &str,
        context: Option<String>,
        arguments_text: Option<String>,
    ) -> std::result::Result<Call, JsValue> {
        let request = request(params, context, arguments_text)?;
        Ok(Call::of(protocol::Call::own_in(Arc::clone(&self.spec), None, &request, &JsHost)))
    }

    /// As [`Tool::call`], questions to a person and confirm tokens sealed with `codec`.
    ///
    /// # Errors
    /// As `request` (the request's errors).
    pub fn call_with_codec(
        &self,
        params: &str,
        context: Option<String>,
        codec: &CursorCodec,
        arguments_text: Option<String>,
    ) -> std::result::Result<Call, JsValue> {
        let request = request(params, context, arguments_text)?;
        Ok(Call::of(protocol::Call::own_in(Arc::clone(&self.spec), Some(&codec.inner), &request, &JsHost)))
    }
}

/// What a tool of a lenient server is to the protocol ([`Listed`]).
#[wasm_bindgen]
pub struct LenientTool {
    listed: Listed,
}

#[wasm_bindgen]
impl LenientTool {
    /// True when the tool's calls are read (false: left alone, or as the server declares it).
    #[wasm_bindgen(getter)]
    pub fn read(&self) -> bool {
        matches!(self.listed, Listed::Read { .. })
    }

    /// True when the tool declares an `outputSchema`.
    #[wasm_bindgen(getter)]
    pub fn output_schema(&self) -> bool {
        matches!(self.listed, Listed::Read { output_schema: true, .. })
    }

    /// The line to log, the first time a tool is left as declared because no spec holds its
    /// schema.
    #[wasm_bindgen(getter)]
    pub fn log(&self) -> Option<String> {
        match &self.listed {
            Listed::AsDeclared(line) => line.clone(),
            Listed::Read { .. } | Listed::Left => None,
        }
    }

    /// The lenient `inputSchema` of a tool that is read, as JSON text.
    pub fn input_schema(&self) -> Option<String> {
        match &self.listed {
            Listed::Read { spec, .. } => Some(convert::json_text_unflagged(spec.input_schema())),
            Listed::Left | Listed::AsDeclared(_) => None,
        }
    }
}

/// What a one-line drop-in keeps about a server somebody else wrote ([`protocol::Lenient`]):
/// its options, its key, and each tool's spec, built once per definition.
#[wasm_bindgen]
pub struct Protocol {
    inner: protocol::Lenient,
}

#[wasm_bindgen]
impl Protocol {
    /// The protocol of a lenient server with `options` (JSON text: `{"tools", "languages",
    /// "implied_kinds"}`, or nothing).
    ///
    /// # Errors
    /// Options of another shape (the core's `InvalidOptionsError`).
    #[wasm_bindgen(constructor)]
    pub fn new(options: Option<String>) -> std::result::Result<Protocol, JsValue> {
        Ok(Self::build(options, None)?)
    }

    /// As [`Protocol::new`], cursor properties read and questions sealed with `codec`.
    ///
    /// # Errors
    /// As [`Protocol::new`].
    pub fn with_codec(options: Option<String>, codec: &CursorCodec) -> std::result::Result<Protocol, JsValue> {
        Ok(Self::build(options, Some(codec.inner.clone()))?)
    }

    fn build(options: Option<String>, codec: Option<agent_input::cursor::CursorCodec>) -> Result<Protocol> {
        Ok(Self { inner: protocol::Lenient::from_options(&convert::options(options)?, codec)? })
    }

    /// The tool an MCP definition (JSON text) describes, built once per name and definition.
    ///
    /// # Errors
    /// Overrides the core refuses (the server author's to fix).
    pub fn tool(&self, definition: &str) -> std::result::Result<LenientTool, JsValue> {
        let listed = self.inner.spec(&parse(definition)?).map_err(GlueError::from)?;
        Ok(LenientTool { listed })
    }

    /// The tool `name` as last built; nothing when no definition of it was seen since the last
    /// [`Protocol::forget`].
    pub fn known(&self, name: &str) -> Option<LenientTool> {
        self.inner.known(name).map(|listed| LenientTool { listed })
    }

    /// Forgets every tool built (the server's tools changed).
    pub fn forget(&self) {
        self.inner.forget();
    }

    /// A `tools/list` result (JSON text) made lenient: `{"result", "log"}` as JSON text.
    ///
    /// # Errors
    /// As [`Protocol::tool`].
    pub fn list(&self, result: &str) -> std::result::Result<String, JsValue> {
        let (result, log) = self.inner.list(&parse(result)?).map_err(GlueError::from)?;
        let mut out = Map::new();
        out.insert("result".into(), result);
        out.insert("log".into(), log.into_iter().map(Value::String).collect());
        Ok(convert::json_text_unflagged(Value::Object(out)))
    }

    /// Starts a call of `tool` (one [`Protocol::tool`] read) with `params` and `context` as
    /// [`Tool::call`] takes them.
    ///
    /// # Errors
    /// A tool that is not read (a `TypeError`); as `request`.
    pub fn call(
        &self,
        tool: &LenientTool,
        params: &str,
        context: Option<String>,
        arguments_text: Option<String>,
    ) -> std::result::Result<Call, JsValue> {
        let Listed::Read { spec, output_schema } = &tool.listed else {
            return Err(GlueError::type_error(
                "Protocol.call: this tool is not read (left alone, or as declared): hand its calls to the framework",
            )
            .into());
        };
        Ok(Call::of(self.inner.call_in(
            Arc::clone(spec),
            *output_schema,
            &request(params, context, arguments_text)?,
            &JsHost,
        )))
    }
}

/// True when a client can ask a person: form elicitation declared on a connection of
/// `version` (the core's rule); `capabilities` is the client's, as JSON text.
///
/// # Errors
/// Capabilities that are not JSON.
#[wasm_bindgen]
pub fn can_ask(version: Option<String>, capabilities: Option<String>) -> std::result::Result<bool, JsValue> {
    Ok(protocol::can_ask(version.as_deref(), &convert::options(capabilities)?))
}

/// A `tools/list` result (JSON text) as the request's token sees it: `context` (JSON text) as a
/// call's, with `"scopes"` the token grants and the server's `"readOnlyScopes"`; with no
/// `"scopes"` the result as it is. JSON text of the result.
///
/// # Errors
/// Text that is not JSON, or scopes that are no list of OAuth scopes.
#[wasm_bindgen]
pub fn granted(listed: &str, context: &str) -> std::result::Result<String, JsValue> {
    let out = protocol::granted(&parse(listed)?, &parse(context)?).map_err(GlueError::from)?;
    Ok(serde_json::to_string(&out).unwrap_or_default())
}

/// The message of a call to a tool a registry does not have, naming those it has (`names`:
/// JSON text of an array of strings).
///
/// # Errors
/// Names that are no array of strings.
#[wasm_bindgen]
pub fn unknown_tool(name: &str, names: &str) -> std::result::Result<String, JsValue> {
    let names: Vec<String> =
        serde_json::from_value(parse(names)?).map_err(|e| GlueError::type_error(format!("tool names: {e}")))?;
    Ok(protocol::unknown_tool(name, &names.iter().map(String::as_str).collect::<Vec<_>>()))
}

/// The core's constants the package exports: `[MRTR_VERSION, NOTES_META, WARNINGS_META]`, as
/// JSON text.
#[wasm_bindgen]
pub fn protocol_constants() -> String {
    Value::from(vec![protocol::MRTR_VERSION, protocol::NOTES_META, protocol::WARNINGS_META]).to_string()
}
