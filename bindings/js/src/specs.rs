//! Specs whose cursors need the host: the key a `key_env` names, and the clock.
//!
//! In WebAssembly the core sees no environment and no clock ([`crate::host`]). So that a cursor
//! reads exactly as it does natively, the glue hands the core what it would have read itself,
//! through the core's public API, before the spec is built:
//!
//! - a cursor *property* of a tool (also inside an `object` property) that names a `key_env`
//!   whose variable the host has set is given that key as the tool's codec
//!   ([`ToolSpec::from_json_with_codec`]), as the core would load it; a variable that is not set
//!   is left to the core, whose own error then says so;
//! - every cursor spec without `now` gets the host's clock as `now`, refreshed when the second
//!   changes (the core reads whole seconds), so expiry is checked against the time of the read.
//!
//! No value is read here: the walk follows the spec's own structure (`properties`, `item`) and
//! the kinds names imply ([`implied`], the core's table).

use agent_input::cursor::{CursorCodec, CursorOptions, MIN_KEY_BYTES};
use agent_input::tool::implied::implied;
use agent_input::tool::ToolSpec;
use agent_input::{Input, Kind, Outcome, Spec};
use serde_json::{Map, Value};

use crate::errors::GlueError;
use crate::host;

/// A cursor key named by `key_env`, from the host's environment, with the core's messages.
fn codec_from_env(name: &str) -> Result<CursorCodec, GlueError> {
    match host::env_var(name) {
        // Unset: the core's own error (its environment is the host's, or empty in WebAssembly).
        None => CursorCodec::from_env(name).map_err(GlueError::from),
        // The core's message for a key that is too short (`CursorCodec::from_env`).
        Some(key) => CursorCodec::new(key.as_bytes()).map_err(|_| {
            GlueError::options(format!("invalid cursor key: `{name}` has fewer than {MIN_KEY_BYTES} bytes"))
        }),
    }
}

/// The core's error for options it rejects (asked on error paths only, so that the message is
/// the core's).
fn core_error(kind: Kind, options: &Value) -> GlueError {
    match Spec::new(kind, options) {
        Err(e) => e.into(),
        Ok(_) => GlueError::options(format!("invalid options for kind `{kind}`")),
    }
}

/// A kind with its options, checked once, for `Reader` and the one-shot reads.
#[derive(Debug)]
pub struct ReaderSpec {
    spec: Spec,
    /// A cursor spec without `now`: it reads against the host's clock.
    clock: bool,
}

impl ReaderSpec {
    /// The spec of `kind` with `options` (JSON `null` for none).
    ///
    /// # Errors
    /// The core's, for an unknown kind or invalid options.
    pub fn new(kind: &str, options: &Value) -> Result<Self, GlueError> {
        let kind: Kind = kind.parse()?;
        // The server's own cursors need no key: the core reads them as any kind.
        if kind == Kind::Cursor && options.get("opaque") != Some(&Value::Bool(true)) {
            return Self::cursor(options);
        }
        Ok(Self { spec: Spec::new(kind, options)?, clock: false })
    }

    fn cursor(options: &Value) -> Result<Self, GlueError> {
        let parsed: Option<CursorOptions> = match options {
            Value::Null => Some(CursorOptions::default()),
            Value::Object(o) if !o.contains_key("kind") => serde_json::from_value(options.clone()).ok(),
            _ => None,
        };
        let Some(name) = parsed.as_ref().and_then(|p| p.key_env.clone()) else {
            // Options of the wrong shape, or no `key_env`: the core says which.
            return Err(core_error(Kind::Cursor, options));
        };
        let mut with = CursorOptions::with_codec(codec_from_env(&name)?);
        with.key_env = Some(name);
        with.now = parsed.and_then(|p| p.now);
        Ok(Self { clock: with.now.is_none(), spec: Spec::Cursor(with) })
    }

    /// The kind's wire name.
    pub fn kind(&self) -> &'static str {
        self.spec.kind().name()
    }

    /// Reads one value.
    pub fn read(&self, input: Input<'_>) -> Outcome<Value> {
        if let (true, Spec::Cursor(options)) = (self.clock, &self.spec) {
            let mut at_now = options.clone();
            at_now.now = Some(host::now_secs());
            return Spec::Cursor(at_now).read(input);
        }
        self.spec.read(input)
    }
}

/// A tool spec, rebuilt when the second changes if its cursors read against the clock.
#[derive(Debug)]
pub struct ToolState {
    spec: ToolSpec,
    clock: Option<Clock>,
}

/// What rebuilding a tool at another second needs.
#[derive(Debug)]
struct Clock {
    json: Value,
    /// JSON pointers of the `now` the glue set.
    pointers: Vec<String>,
    codec: Option<CursorCodec>,
    at: u64,
}

/// What the walk gathers.
struct Prep {
    codec: Option<CursorCodec>,
    pointers: Vec<String>,
    tool: String,
}

/// A JSON pointer's escaping of one key.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

impl Prep {
    /// The declared properties of a tool or an `object` property.
    fn properties(
        &mut self,
        props: &mut Map<String, Value>,
        writes: bool,
        pointer: &str,
        context: &str,
    ) -> Result<(), GlueError> {
        for (name, decl) in props.iter_mut() {
            let declared = match decl {
                Value::Object(o) => o.get("kind").map(|k| k.as_str().map(str::to_owned)),
                Value::Null => None,
                _ => continue,
            };
            let kind = match declared {
                Some(Some(kind)) => kind,
                // A `kind` that is not a string: the core's error says so.
                Some(None) => continue,
                None => match implied(name, writes) {
                    Some(Value::Object(d)) => d.get("kind").and_then(Value::as_str).unwrap_or_default().to_owned(),
                    _ => continue,
                },
            };
            if decl.is_null() && kind == "cursor" {
                // The core reads a `null` declaration as an empty one.
                *decl = Value::Object(Map::new());
            }
            if let Value::Object(o) = decl {
                let here = format!("{pointer}/{}", escape(name));
                let context = format!("{context}property `{name}` of tool `{}`: ", self.tool);
                self.spec(o, &kind, &here, writes, Some(&context))?;
            }
        }
        Ok(())
    }

    /// One spec: a property's (`context` then names it) or an item's.
    fn spec(
        &mut self,
        o: &mut Map<String, Value>,
        kind: &str,
        pointer: &str,
        writes: bool,
        context: Option<&str>,
    ) -> Result<(), GlueError> {
        match kind {
            "cursor" => self.cursor(o, pointer, context),
            "object" => match (o.get_mut("properties"), context) {
                (Some(Value::Object(props)), Some(context)) => {
                    self.properties(props, writes, &format!("{pointer}/properties"), context)
                }
                _ => Ok(()),
            },
            "list" | "string_list" | "filter" => match o.get_mut("item") {
                Some(Value::Object(item)) => {
                    let kind = item.get("kind").and_then(Value::as_str).unwrap_or_default().to_owned();
                    // An entry object's properties are properties; any other item is an item.
                    let context = if kind == "object" { context } else { None };
                    self.spec(item, &kind, &format!("{pointer}/item"), writes, context)
                }
                _ => Ok(()),
            },
            _ => Ok(()),
        }
    }

    fn cursor(&mut self, o: &mut Map<String, Value>, pointer: &str, context: Option<&str>) -> Result<(), GlueError> {
        // The server's own cursors need no key and no clock.
        if o.get("opaque") == Some(&Value::Bool(true)) {
            return Ok(());
        }
        // Only a property's cursor reads with the tool's codec (as in the core); an item's
        // cursor keeps its `key_env` for the core to load.
        if let (Some(context), Some(Value::String(name))) = (context, o.get("key_env")) {
            if host::env_var(name).is_some() {
                let codec = codec_from_env(name)
                    .map_err(|e| GlueError { code: e.code, message: format!("{context}{}", e.message) })?;
                if self.codec.as_ref().is_some_and(|c| *c != codec) {
                    return Err(GlueError::options(format!(
                        "{context}the JavaScript binding reads every cursor of a tool with one key, and `{name}` holds another key than the tool's other cursors or its codec"
                    )));
                }
                self.codec = Some(codec);
                o.remove("key_env");
            }
        }
        if o.get("now").is_none_or(Value::is_null) {
            o.insert("now".into(), Value::from(0));
            self.pointers.push(format!("{pointer}/now"));
        }
        Ok(())
    }
}

fn build(json: &Value, codec: Option<&CursorCodec>) -> Result<ToolSpec, agent_input::Error> {
    match codec {
        Some(codec) => ToolSpec::from_json_with_codec(json, codec),
        None => ToolSpec::from_json(json),
    }
}

fn set_now(json: &mut Value, pointers: &[String], now: u64) {
    for p in pointers {
        if let Some(slot) = json.pointer_mut(p) {
            *slot = Value::from(now);
        }
    }
}

impl ToolState {
    /// A tool from its spec, with the server's codec if given.
    ///
    /// # Errors
    /// The core's, for an invalid spec; a tool whose cursors name two different keys.
    pub fn new(mut json: Value, codec: Option<&CursorCodec>) -> Result<Self, GlueError> {
        let mut prep = Prep { codec: codec.cloned(), pointers: Vec::new(), tool: String::new() };
        if let Value::Object(obj) = &mut json {
            let writes = obj.get("writes").and_then(Value::as_bool).unwrap_or(false);
            prep.tool = obj.get("name").and_then(Value::as_str).unwrap_or_default().to_owned();
            if let Some(Value::Object(props)) = obj.get_mut("properties") {
                prep.properties(props, writes, "/properties", "")?;
            }
        }
        if prep.pointers.is_empty() {
            return Ok(Self { spec: build(&json, prep.codec.as_ref())?, clock: None });
        }
        let at = host::now_secs();
        set_now(&mut json, &prep.pointers, at);
        let spec = build(&json, prep.codec.as_ref())?;
        Ok(Self { spec, clock: Some(Clock { json, pointers: prep.pointers, codec: prep.codec, at }) })
    }

    /// The spec, rebuilt first if its cursors read against the clock and the second changed.
    pub fn current(&mut self) -> &ToolSpec {
        if let Some(clock) = &mut self.clock {
            let now = host::now_secs();
            if now != clock.at {
                set_now(&mut clock.json, &clock.pointers, now);
                // The same spec built at another second cannot fail; if it did, the last one stays.
                if let Ok(spec) = build(&clock.json, clock.codec.as_ref()) {
                    self.spec = spec;
                    clock.at = now;
                }
            }
        }
        &self.spec
    }

    /// The spec as it is (its name, schema and definition do not depend on the clock).
    pub fn spec(&self) -> &ToolSpec {
        &self.spec
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn cursor_properties_get_now_and_the_codec() {
        let codec = CursorCodec::new(b"a server key of 16+ bytes").unwrap();
        let spec = json!({"name": "t", "properties": {
            "cursor": null,
            "page": {"kind": "cursor", "now": 5},
            "rows": {"kind": "list", "item": {"kind": "object", "properties": {"cursor": {}}}},
            "q": {"kind": "text"}
        }});
        let state = ToolState::new(spec, Some(&codec)).unwrap();
        let clock = state.clock.as_ref().unwrap();
        assert_eq!(clock.pointers, ["/properties/cursor/now", "/properties/rows/item/properties/cursor/now"]);
        let cursor = codec.encode_json(&json!({"after": 1}), None).unwrap();
        let call = state.spec().read(&json!({"cursor": cursor, "page": cursor}));
        assert_eq!(call.to_json()["args"], json!({"cursor": {"after": 1}, "page": {"after": 1}}));
    }

    #[test]
    fn a_reader_of_cursors_reads_the_clock() {
        let err = ReaderSpec::new("cursor", &json!({})).unwrap_err();
        assert!(err.message.contains("missing option `key_env`"), "{err:?}");
        let err = ReaderSpec::new("cursor", &json!({"key_env": "AGENT_INPUT_JS_NO_SUCH_VAR"})).unwrap_err();
        assert!(err.message.contains("is not set"), "{err:?}");
        let err = ReaderSpec::new("cursor", &json!({"kye_env": "X"})).unwrap_err();
        assert!(err.message.starts_with("invalid options for kind `cursor`: unknown option `kye_env`"), "{err:?}");
    }

    #[test]
    fn pointers_escape_keys() {
        assert_eq!(escape("a/b~c"), "a~1b~0c");
    }
}
