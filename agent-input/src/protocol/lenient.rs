//! [`Lenient`]: what one-line drop-ins keep about a server somebody else wrote: the overrides,
//! the key, the server-wide options, and each tool's lenient spec, built once per definition.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use serde_json::{Map, Value};

use super::call::{Call, Request, Step};
use crate::cursor::CursorCodec;
use crate::error::Error;
use crate::tool::{ToolSpec, IMPLIED_KINDS_KEY};

/// What a tool of a lenient server is to the protocol.
#[derive(Clone, Debug)]
pub enum Listed {
    /// Its calls are read through this spec; `output_schema` is true when the tool declares
    /// one.
    Read {
        /// The lenient spec.
        spec: Arc<ToolSpec>,
        /// The tool declares an `outputSchema`.
        output_schema: bool,
    },
    /// The overrides leave it alone.
    Left,
    /// Its schema is one no spec can hold (two properties whose names fold to the same words):
    /// it stays as the server declares it. The reason is given the first time only, for the
    /// adapter's one log line.
    AsDeclared(Option<String>),
}

impl Listed {
    /// The same again, as a later lookup gives it: the log line of a tool left as declared is
    /// given the first time only.
    fn again(&self) -> Self {
        match self {
            Self::AsDeclared(_) => Self::AsDeclared(None),
            listed => listed.clone(),
        }
    }
}

/// A tool's spec as last built, with the definition it was built from.
#[derive(Clone, Debug)]
struct Made {
    definition: Value,
    listed: Listed,
}

/// The protocol's state for one lenient server: see the [module](super) doc.
#[derive(Debug, Default)]
pub struct Lenient {
    /// Per tool: overrides for [`ToolSpec::from_input_schema_with`], or `false` to leave it.
    overrides: Map<String, Value>,
    key: Option<CursorCodec>,
    /// The languages the server's callers write, for every tool whose overrides name none.
    languages: Vec<String>,
    /// Names imply kinds for every tool whose overrides do not say.
    implied_kinds: bool,
    /// False: an envelope's text content leaves the values out ([`Lenient::values_in_text`]).
    values_out_of_text: bool,
    made: Mutex<HashMap<String, Made>>,
}

impl Lenient {
    /// A server whose every tool is read leniently, with no overrides.
    pub fn new() -> Self {
        Self::default()
    }

    /// The options a binding's `lenient()` takes, as JSON: `{"tools": {name: overrides | false
    /// | true}, "languages": ["cs"], "implied_kinds": true, "values_in_text": false}` (each
    /// optional), and the server key.
    ///
    /// # Errors
    /// Options of another shape (the programmer's to fix).
    pub fn from_options(options: &Value, key: Option<CursorCodec>) -> Result<Self, Error> {
        let mut made = Self { key, ..Self::default() };
        let bad = |what: &str| Error::options(format!("lenient: {what}"));
        let empty = Map::new();
        let options = match options {
            Value::Null => &empty,
            Value::Object(o) => o,
            _ => return Err(bad("the options must be an object")),
        };
        match options.get("tools") {
            None | Some(Value::Null) => {}
            Some(Value::Object(tools)) => {
                for (name, overrides) in tools {
                    match overrides {
                        Value::Bool(true) => made = made.tool(name, Value::Object(Map::new())),
                        Value::Bool(false) | Value::Object(_) => made = made.tool(name, overrides.clone()),
                        _ => {
                            return Err(bad(&format!(
                                "the overrides of `{name}` must be an object, or false to leave the tool alone"
                            )))
                        }
                    }
                }
            }
            Some(_) => return Err(bad("`tools` must map tool names to overrides or to false")),
        }
        match options.get("languages") {
            None | Some(Value::Null) => {}
            Some(Value::Array(tags)) if tags.iter().all(Value::is_string) => {
                made.languages = tags.iter().filter_map(Value::as_str).map(str::to_owned).collect();
            }
            Some(_) => return Err(bad("`languages` must be a list of language tags such as [\"cs\"]")),
        }
        match options.get("implied_kinds") {
            None | Some(Value::Null) => {}
            Some(Value::Bool(b)) => made.implied_kinds = *b,
            Some(_) => return Err(bad("`implied_kinds` must be true or false")),
        }
        match options.get("values_in_text") {
            None | Some(Value::Null) => {}
            Some(Value::Bool(b)) => made.values_out_of_text = !*b,
            Some(_) => return Err(bad("`values_in_text` must be true or false")),
        }
        Ok(made)
    }

    /// What JSON Schema cannot say about one tool (its `x-agent-input` overrides), or `false`
    /// to leave it alone.
    #[must_use]
    pub fn tool(mut self, name: &str, overrides: Value) -> Self {
        self.overrides.insert(name.to_owned(), overrides);
        self
    }

    /// The languages the server's callers write, for every tool whose overrides name none.
    #[must_use]
    pub fn languages(mut self, languages: &[&str]) -> Self {
        self.languages = languages.iter().map(|l| (*l).to_owned()).collect();
        self
    }

    /// Lets names imply kinds on every tool whose overrides do not say.
    #[must_use]
    pub const fn implied_kinds(mut self, implied: bool) -> Self {
        self.implied_kinds = implied;
        self
    }

    /// With `false`, an envelope's **text** content names no value: its issues keep their path
    /// and code, and `received`, `readings`, `expected` and the hints that name values stay in
    /// `structuredContent` (or, for a tool whose output schema keeps the envelope out of
    /// `structuredContent`, in `_meta` under [`ENVELOPE_META`](super::ENVELOPE_META)). For
    /// frameworks that copy a failed result's text into their own telemetry (FastMCP's client
    /// puts it in its span's status): docs/telemetry.md. On by default.
    #[must_use]
    pub const fn values_in_text(mut self, values_in_text: bool) -> Self {
        self.values_out_of_text = !values_in_text;
        self
    }

    /// The server key: it reads cursor properties and seals questions to a person.
    #[must_use]
    pub fn key(mut self, key: CursorCodec) -> Self {
        self.key = Some(key);
        self
    }

    /// The server key, if any.
    pub const fn server_key(&self) -> Option<&CursorCodec> {
        self.key.as_ref()
    }

    /// The tool an MCP tool `definition` describes (as the framework lists it), built once per
    /// name and definition: the same definition again finds its spec by comparison, never by
    /// serialising it.
    ///
    /// # Errors
    /// Overrides the core refuses (an unknown kind, a property the schema does not declare):
    /// the server author's to fix, so the adapter answers `tools/list` and `tools/call` with
    /// the error rather than serving the tool otherwise than declared.
    pub fn spec(&self, definition: &Value) -> Result<Listed, Error> {
        let name = definition.get("name").and_then(Value::as_str).unwrap_or_default();
        if self.left(name) {
            return Ok(Listed::Left);
        }
        let mut made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        // Found by comparing the definition's parts in place: nothing copied on a call.
        if let Some(m) = made.get(name).filter(|m| declares_the_same(&m.definition, definition)) {
            return Ok(m.listed.again());
        }
        let declared = declared(definition);
        let overrides = self.with_server_options(self.overrides.get(name).cloned().unwrap_or(Value::Null));
        let output_schema = definition.get("outputSchema").is_some_and(|s| !s.is_null());
        let listed = match ToolSpec::from_input_schema_with(&declared, &overrides, self.key.as_ref()) {
            Ok(spec) => Listed::Read { spec: Arc::new(spec), output_schema },
            Err(e) if overrides.is_null() || ToolSpec::from_input_schema(&declared).is_err() => {
                Listed::AsDeclared(Some(format!("agent-input: `{name}` is left as the server declares it: {e}")))
            }
            Err(e) => return Err(e),
        };
        made.insert(name.to_owned(), Made { definition: declared, listed: listed.clone() });
        Ok(listed)
    }

    /// The spec of the tool `name` as last built (at the last listing, or call), without its
    /// definition: `None` when no definition of it was seen since the last [`Self::forget`].
    pub fn known(&self, name: &str) -> Option<Listed> {
        if self.left(name) {
            return Some(Listed::Left);
        }
        let made = self.made.lock().unwrap_or_else(PoisonError::into_inner);
        made.get(name).map(|m| m.listed.again())
    }

    /// True when the overrides leave the tool `name` alone.
    fn left(&self, name: &str) -> bool {
        self.overrides.get(name) == Some(&Value::Bool(false))
    }

    /// Forgets every spec built (the server's tools changed: `notifications/tools/list_changed`).
    pub fn forget(&self) {
        self.made.lock().unwrap_or_else(PoisonError::into_inner).clear();
    }

    /// A `tools/list` result as the server's framework gave it, made lenient: each tool's
    /// `inputSchema` replaced by its spec's, and a tool the overrides deprecate marked so
    /// (`Deprecation::mark`: its description's first sentence and `_meta`); every other field
    /// as listed. Also returns the log lines of tools left as declared, each once.
    ///
    /// # Errors
    /// As [`Self::spec`].
    pub fn list(&self, listed: &Value) -> Result<(Value, Vec<String>), Error> {
        let mut out = listed.clone();
        let mut log = Vec::new();
        if let Some(Value::Array(tools)) = out.get_mut("tools") {
            for tool in tools.iter_mut().filter(|t| t.is_object()) {
                match self.spec(tool)? {
                    Listed::Read { spec, .. } => {
                        tool["inputSchema"] = spec.input_schema();
                        if let Some(d) = spec.deprecation() {
                            d.mark(tool);
                        }
                        crate::tool::scopes::mark(tool, spec.scopes());
                    }
                    Listed::AsDeclared(Some(line)) => log.push(line),
                    Listed::AsDeclared(None) | Listed::Left => {}
                }
            }
        }
        Ok((out, log))
    }

    /// Starts a call of a tool read through `spec` ([`Listed::Read`]).
    pub fn call(&self, spec: Arc<ToolSpec>, output_schema: bool, request: &Request) -> (Call, Step) {
        let (call, step) = Call::forward(spec, output_schema, self.key.as_ref(), request);
        call.values_out_of_text(self.values_out_of_text, step)
    }

    /// As [`Self::call`], the call read on `host`.
    pub fn call_in(
        &self,
        spec: Arc<ToolSpec>,
        output_schema: bool,
        request: &Request,
        host: &dyn crate::context::Host,
    ) -> (Call, Step) {
        let (call, step) = Call::forward_in(spec, output_schema, self.key.as_ref(), request, host);
        call.values_out_of_text(self.values_out_of_text, step)
    }

    /// A tool's overrides with the server-wide options merged in, each where the tool's own do
    /// not set it.
    fn with_server_options(&self, mut overrides: Value) -> Value {
        if self.languages.is_empty() && !self.implied_kinds {
            return overrides;
        }
        if overrides.is_null() {
            overrides = Value::Object(Map::new());
        }
        if let Value::Object(o) = &mut overrides {
            if !self.languages.is_empty() {
                o.entry("languages").or_insert_with(|| self.languages.iter().cloned().map(Value::String).collect());
            }
            if self.implied_kinds {
                o.entry(IMPLIED_KINDS_KEY).or_insert(Value::Bool(true));
            }
        }
        overrides
    }
}

/// The parts of an MCP tool definition a spec is built from.
const DECLARED: [&str; 4] = ["name", "description", "inputSchema", "annotations"];

/// True when `definition` declares what `made` ([`declared`] of an earlier one) holds.
fn declares_the_same(made: &Value, definition: &Value) -> bool {
    DECLARED.iter().all(|key| match (made.get(*key), definition.get(*key).filter(|v| !v.is_null())) {
        (Some(kept), Some(given)) => kept == given,
        (None, None) => true,
        // An absent `inputSchema` was kept as the empty object schema.
        (Some(kept), None) => *key == "inputSchema" && *kept == empty_schema(),
        (None, Some(_)) => false,
    })
}

/// The `inputSchema` of a definition that gives none.
fn empty_schema() -> Value {
    serde_json::json!({"type": "object", "properties": {}})
}

/// The part of an MCP tool definition a spec is built from: name, description, `inputSchema`
/// (an empty object schema when absent) and annotations.
fn declared(definition: &Value) -> Value {
    let mut out = Map::new();
    for key in DECLARED {
        if let Some(v) = definition.get(key).filter(|v| !v.is_null()) {
            out.insert(key.to_owned(), v.clone());
        }
    }
    out.entry("inputSchema").or_insert_with(empty_schema);
    Value::Object(out)
}
