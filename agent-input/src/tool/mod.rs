//! The tool factory: one declared tool spec is the single source of the reader of a whole
//! argument object, of the error envelope, and of the advertised `inputSchema`.
//!
//! ```json
//! {"name": "search_decisions", "description": "…", "writes": false,
//!  "properties": {
//!    "court": {"kind": "vocabulary", "entries": […], "role": "filter", "description": "…"},
//!    "query": {"kind": "text", "required": true},
//!    "date_from": {}, "date_to": {},
//!    "limit": {"max": 50}}}
//! ```
//!
//! Each property holds its kind and that kind's options side by side, plus `required` and
//! `description`. A property whose name implies a kind may omit `kind` ([`implied`]):
//! `limit`/`page_size` (page size), `date_from`/`date_to`, `from`/`to`, `since`/`until` (range
//! bounds, read together), `cursor`, `idempotency_key`, `id` and `*_id` (the uuid reader, in
//! write mode on a writing tool), `locale`/`language`, `country`.
//!
//! A property of kind `list` whose `item` is `{"kind": "object", "properties": {…}}` is a
//! collection of entries, read best effort: good entries are applied, bad ones come back as
//! per-entry issues (`entries[2].amount`), unless the tool sets `all_or_nothing`.
//!
//! [`ToolSpec::read`] returns a [`ToolCall`]: `ok` with canonical `args` (and per-entry
//! `issues` of collections, if any), or the error envelope `{code, message, hint, issues}`.

mod accepts;
mod contract;
mod deprecation;
mod dialect;
mod effects;
mod envelope;
mod from_schema;
pub mod implied;
mod keys;
mod object;
mod page;
mod person;
#[cfg(feature = "postgres")]
mod postgres_store;
mod props;
mod ranges;
mod read;
mod receipts;
#[cfg(feature = "redis")]
mod redis_store;
pub mod scopes;
#[cfg(feature = "sqlite")]
mod sqlite;
mod union;

use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::codes::AskCode;
use crate::context::{Context, Host, System};
use crate::cursor::CursorCodec;
use crate::error::Error;
use crate::hint::Fix;
use crate::input::Input;
use crate::json::{self, Duplicate, JsonError};
use crate::kind::{TypedRef, TypedValue};
use crate::limits::MAX_CALL_BYTES;
use crate::outcome::received_cut;
use crate::outcome::{Note, Warning};

pub use contract::{confirmation, receipt, Failure, Finished, Gate, Pending, Preview, Run};
pub use deprecation::{Deprecation, DEPRECATED_META};
pub use dialect::Dialect;
pub use effects::{CONFIRM_TOKEN, DRY_RUN};
pub use envelope::{Envelope, Issue, Telemetry};
pub use from_schema::{EXTENSION_KEY, IMPLIED_KINDS_KEY};
pub use page::Page;
pub use person::{AnsweredBy, ASK_TTL_SECONDS};
#[cfg(feature = "postgres")]
pub use postgres_store::{PostgresReceipts, POSTGRES_TIMEOUT_MS};
pub(crate) use props::{Building, PropertySet};
pub use receipts::{
    is_live, store_unavailable, stored_at, MemoryReceipts, ReceiptStore, STORE_RETRY_SECONDS, STORE_UNAVAILABLE,
};
#[cfg(feature = "redis")]
pub use redis_store::{RedisReceipts, REDIS_TIMEOUT_MS};
#[cfg(feature = "sqlite")]
pub use sqlite::{SqliteReceipts, SQLITE_BUSY_TIMEOUT_MS, SQLITE_SWEEP_EVERY};

/// A declared tool: its name, description, whether it writes, and its properties.
#[derive(Clone, Debug)]
pub struct ToolSpec {
    name: String,
    description: String,
    writes: bool,
    /// The side effects declared beyond `writes`: MCP's other hints, and a confirmation step.
    effects: effects::Effects,
    /// When the tool goes and what replaces it (`deprecated`).
    deprecated: Option<Deprecation>,
    all_or_nothing: bool,
    answered_by: AnsweredBy,
    properties: PropertySet,
    /// `$defs` and `definitions` of a schema the spec was read from, which properties passed
    /// on to the server refer to: advertised at the root of the input schema.
    schema_defs: Map<String, Value>,
    /// The tool's own definitions (`defs`), which `"kind": "ref"` properties read through: the
    /// objects of a schema that refers to itself (a tree, a filter language), by name.
    definitions: Vec<props::Definition>,
    /// The OAuth scopes a caller's token must grant to see and call the tool ([`scopes`]).
    scopes: Vec<String>,
}

/// The keys a tool spec may have.
const SPEC_KEYS: &[&str] = &[
    "name",
    "description",
    "writes",
    "destructive",
    "idempotent",
    "open_world",
    "confirm",
    "annotations",
    "deprecated",
    "all_or_nothing",
    "answered_by",
    "languages",
    "properties",
    "schema_defs",
    "defs",
    "scopes",
];

/// A tool spec's `name`: a non-empty string.
fn spec_name(object: &Map<String, Value>) -> Result<String, Error> {
    let name = object.get("name").and_then(Value::as_str).filter(|n| !n.is_empty());
    name.map(str::to_owned).ok_or_else(|| Error::options("a tool spec needs a non-empty string `name`"))
}

/// One property of a [`ToolBuilder`] as declared: a kind with its options (or the kind its name
/// implies), required or not, with a description. Building the tool checks it, as it checks a
/// property of a JSON spec.
#[derive(Clone, Debug, Default)]
pub struct Property {
    spec: Option<crate::kind::Spec>,
    options: Map<String, Value>,
    required: bool,
    description: String,
}

impl Property {
    /// A property of this kind and options.
    pub fn of(spec: crate::kind::Spec) -> Self {
        Self { spec: Some(spec), ..Self::default() }
    }

    /// A property whose name implies its kind (`limit`, `date_from`, `*_id`, …).
    pub fn implied() -> Self {
        Self::default()
    }

    /// An implied property with options for the implied kind (`limit` with `max`).
    #[must_use]
    pub fn option(mut self, key: &str, value: Value) -> Self {
        self.options.insert(key.to_owned(), value);
        self
    }

    /// The property is required.
    #[must_use]
    pub const fn required(mut self) -> Self {
        self.required = true;
        self
    }

    /// The property's description.
    #[must_use]
    pub fn description(mut self, text: &str) -> Self {
        self.description = text.to_owned();
        self
    }
}

/// Builds a [`ToolSpec`] in Rust; it goes through the same reader as the JSON document, so both
/// declare tools identically.
///
/// ```
/// use agent_input::tool::{Property, ToolSpec};
/// use agent_input::{Spec, TextOptions};
/// let spec = ToolSpec::builder("search_decisions")
///     .description("Search decisions.")
///     .property("query", Property::of(Spec::Text(TextOptions::default())).required())
///     .property("limit", Property::implied().option("max", serde_json::json!(50)))
///     .build()?;
/// assert_eq!(spec.input_schema()["required"], serde_json::json!(["query"]));
/// # Ok::<(), agent_input::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ToolBuilder {
    name: String,
    description: String,
    writes: bool,
    /// `destructive`, `idempotent`, `open_world` and `confirm`, as given.
    effects: Map<String, Value>,
    all_or_nothing: bool,
    answered_by: AnsweredBy,
    languages: Vec<String>,
    scopes: Vec<String>,
    properties: Vec<(String, Property)>,
}

impl ToolBuilder {
    /// The OAuth scopes a caller's token must grant to see and call the tool
    /// (`&["files:write"]`; [`scopes`]).
    #[must_use]
    pub fn scopes(mut self, scopes: &[&str]) -> Self {
        self.scopes = scopes.iter().map(|s| (*s).to_owned()).collect();
        self
    }

    /// The languages the tool's callers write (BCP 47 tags, `&["cs"]`): every date, date
    /// range and boolean property that names none of its own reads a word two languages give
    /// different meanings (`listopad`, `jo`) as these give it.
    #[must_use]
    pub fn languages(mut self, languages: &[&str]) -> Self {
        self.languages = languages.iter().map(|l| (*l).to_owned()).collect();
        self
    }

    /// Who answers the tool's ambiguities ([`AnsweredBy`]; a property may say otherwise with
    /// the option `answered_by`).
    #[must_use]
    pub const fn answered_by(mut self, who: AnsweredBy) -> Self {
        self.answered_by = who;
        self
    }

    /// The tool's description.
    #[must_use]
    pub fn description(mut self, text: &str) -> Self {
        self.description = text.to_owned();
        self
    }

    /// The tool writes (placeholder ids ask).
    #[must_use]
    pub const fn writes(mut self) -> Self {
        self.writes = true;
        self
    }

    /// The tool's change cannot be undone (MCP `destructiveHint`); a tool that writes states it.
    #[must_use]
    pub fn destructive(mut self, destructive: bool) -> Self {
        self.effects.insert("destructive".into(), Value::Bool(destructive));
        self
    }

    /// A repeated call has no further effect (MCP `idempotentHint`); a tool that writes states
    /// it, and `true` needs an idempotency key property.
    #[must_use]
    pub fn idempotent(mut self, idempotent: bool) -> Self {
        self.effects.insert("idempotent".into(), Value::Bool(idempotent));
        self
    }

    /// The tool reaches beyond the server's own data (MCP `openWorldHint`).
    #[must_use]
    pub fn open_world(mut self, open_world: bool) -> Self {
        self.effects.insert("open_world".into(), Value::Bool(open_world));
        self
    }

    /// A destructive tool previews its change (`dry_run`, true by default) and applies it only
    /// with the preview's `confirm_token`.
    #[must_use]
    pub fn confirm(mut self) -> Self {
        self.effects.insert("confirm".into(), Value::Bool(true));
        self
    }

    /// The tool applies all entries of its collections or none.
    #[must_use]
    pub const fn all_or_nothing(mut self) -> Self {
        self.all_or_nothing = true;
        self
    }

    /// Adds a property.
    #[must_use]
    pub fn property(mut self, name: &str, property: Property) -> Self {
        self.properties.push((name.to_owned(), property));
        self
    }

    /// Builds the spec.
    ///
    /// # Errors
    /// As [`ToolSpec::from_json`].
    pub fn build(self) -> Result<ToolSpec, Error> {
        let mut props = Map::new();
        for (name, p) in &self.properties {
            let mut decl = match &p.spec {
                // A codec does not serialise; the cursor spec replaces a stand-in below.
                Some(crate::kind::Spec::Cursor(_)) => json!({"kind": "text"}).as_object().cloned().unwrap_or_default(),
                Some(spec) => match serde_json::to_value(spec) {
                    Ok(Value::Object(o)) => o,
                    _ => Map::new(),
                },
                None => Map::new(),
            };
            decl.extend(p.options.clone());
            decl.insert("required".into(), Value::Bool(p.required));
            decl.insert("description".into(), Value::String(p.description.clone()));
            props.insert(name.clone(), Value::Object(decl));
        }
        let mut doc = json!({"name": self.name, "description": self.description, "writes": self.writes,
                         "all_or_nothing": self.all_or_nothing, "answered_by": self.answered_by,
                         "languages": self.languages, "scopes": self.scopes, "properties": props});
        if let Value::Object(d) = &mut doc {
            d.extend(self.effects.clone());
        }
        let mut spec = ToolSpec::from_json(&doc)?;
        // A spec given in Rust may carry what JSON cannot (a cursor codec): it is used as given,
        // with the tool's languages where it names none.
        for (name, p) in self.properties {
            if let Some(mut given) = p.spec {
                given.inherit_languages(&self.languages);
                spec.properties.replace(&name, given)?;
            }
        }
        Ok(spec)
    }
}

impl ToolSpec {
    /// Starts a Rust builder of a tool spec.
    pub fn builder(name: &str) -> ToolBuilder {
        ToolBuilder {
            name: name.to_owned(),
            description: String::new(),
            writes: false,
            effects: Map::new(),
            all_or_nothing: false,
            answered_by: AnsweredBy::Model,
            scopes: Vec::new(),
            languages: Vec::new(),
            properties: Vec::new(),
        }
    }

    /// Builds a tool spec from its JSON document (the shape in the module doc).
    ///
    /// # Errors
    /// Unknown keys, a missing name, a property with no kind and no implying name, invalid
    /// kind options.
    pub fn from_json(spec: &Value) -> Result<Self, Error> {
        Self::from_json_inner(spec, None, &System)
    }

    /// As [`ToolSpec::from_json`], the keys cursor properties name by `key_env` read from
    /// `host`'s environment (the JavaScript binding passes the host's).
    ///
    /// # Errors
    /// As [`ToolSpec::from_json`].
    pub fn from_json_in(spec: &Value, host: &dyn Host) -> Result<Self, Error> {
        Self::from_json_inner(spec, None, host)
    }

    /// As [`ToolSpec::from_json`], with the server's cursor codec: every cursor property that
    /// names no `key_env` of its own reads (and its tool's results issue) cursors with `codec`.
    ///
    /// ```
    /// use agent_input::cursor::CursorCodec;
    /// use agent_input::tool::{ToolCall, ToolSpec};
    /// let codec = CursorCodec::new(b"a server key of 16+ bytes")?;
    /// let spec = ToolSpec::from_json_with_codec(
    ///     &serde_json::json!({"name": "search", "properties": {"cursor": {}}}),
    ///     &codec,
    /// )?;
    /// let next = codec.encode_json(&serde_json::json!({"after": 40}), None)?;
    /// let ToolCall::Ok { args, .. } = spec.read(&serde_json::json!({"cursor": next})) else { panic!() };
    /// assert_eq!(args["cursor"], serde_json::json!({"after": 40}));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`ToolSpec::from_json`].
    pub fn from_json_with_codec(spec: &Value, codec: &CursorCodec) -> Result<Self, Error> {
        Self::from_json_inner(spec, Some(codec), &System)
    }

    /// As [`ToolSpec::from_json_with_codec`], the keys cursor properties name by `key_env` read
    /// from `host`'s environment.
    ///
    /// # Errors
    /// As [`ToolSpec::from_json`].
    pub fn from_json_with_codec_in(spec: &Value, codec: &CursorCodec, host: &dyn Host) -> Result<Self, Error> {
        Self::from_json_inner(spec, Some(codec), host)
    }

    /// JSON text the programmer wrote (a spec, an input schema, overrides) as a value: text that
    /// is not JSON, or that holds a key twice, is an invalid-options error naming `what` and
    /// the key's path (serde_json would keep the last and say nothing). The bindings read a
    /// spec given as text through it.
    ///
    /// ```
    /// use agent_input::tool::ToolSpec;
    /// let err = ToolSpec::json_text(r#"{"name": "t", "properties": {"q": {}, "q": {"kind": "text"}}}"#, "tool spec");
    /// assert!(err.unwrap_err().to_string().contains("`properties.q` twice"));
    /// ```
    ///
    /// # Errors
    /// Text that is not JSON, or a key held twice.
    pub fn json_text(text: &str, what: &str) -> Result<Value, Error> {
        let parsed = json::parse(text.as_bytes(), usize::MAX)
            .map_err(|e| Error::options(format!("invalid {what}: the text is not JSON ({e})")))?;
        match parsed.duplicates.first() {
            Some(d) => {
                Err(Error::options(format!("invalid {what}: it holds the key `{}` twice; give it once", d.path)))
            }
            None => Ok(parsed.value),
        }
    }

    fn from_json_inner(spec: &Value, codec: Option<&CursorCodec>, host: &dyn Host) -> Result<Self, Error> {
        let object = spec.as_object().ok_or_else(|| Error::options("a tool spec must be a JSON object"))?;
        if let Some(k) = object.keys().find(|k| !SPEC_KEYS.contains(&k.as_str())) {
            return Err(Error::options(format!(
                "unknown key `{k}` in tool spec, expected one of `name`, `description`, `writes`, `destructive`, `idempotent`, `open_world`, `confirm`, `deprecated`, `all_or_nothing`, `answered_by`, `languages`, `scopes`, `properties`"
            )));
        }
        let name = spec_name(object)?;
        let description = object.get("description").and_then(Value::as_str).unwrap_or_default().to_owned();
        let flag = |key: &str| -> Result<bool, Error> {
            match object.get(key) {
                None | Some(Value::Null) => Ok(false),
                Some(Value::Bool(b)) => Ok(*b),
                Some(other) => {
                    Err(Error::options(format!("`{key}` of tool `{name}` must be a boolean, found `{other}`")))
                }
            }
        };
        let writes = flag("writes")?;
        let effects = effects::Effects::from_spec(object, &name, writes)?;
        let deprecated = Deprecation::from_spec(object.get("deprecated"), &name)?;
        let all_or_nothing = flag("all_or_nothing")?;
        let answered_by = props::answered_by(object.get("answered_by"))
            .map_err(|m| Error::options(format!("`answered_by` of tool `{name}` {m}")))?
            .unwrap_or_default();
        let empty = Map::new();
        let props = match object.get("properties") {
            None | Some(Value::Null) => &empty,
            Some(Value::Object(p)) => p,
            Some(other) => {
                return Err(Error::options(format!("`properties` of tool `{name}` must be an object, found `{other}`")))
            }
        };
        let languages = props::languages(object.get("languages"))
            .map_err(|m| Error::options(format!("`languages` of tool `{name}` {m}")))?;
        let scopes = scopes::parse(object.get("scopes"), &format!("`scopes` of tool `{name}`"))?;
        let mut confirmed;
        let props = if effects.confirm {
            confirmed = props.clone();
            effects::add_confirm_properties(&mut confirmed, &name)?;
            &confirmed
        } else {
            props
        };
        let schema_defs = match object.get("schema_defs") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(d)) if d.keys().all(|k| k == "$defs" || k == "definitions") => d.clone(),
            Some(other) => {
                return Err(Error::options(format!(
                    "`schema_defs` of tool `{name}` must be an object of `$defs` and `definitions`, found `{other}`"
                )))
            }
        };
        let defs = std::sync::Arc::new(schema_defs);
        let refs = props::definition_cells(object.get("defs"), &name)?;
        let building = Building { writes, tool: &name, codec, host, languages: &languages, defs: &defs, refs: &refs };
        let definitions = props::build_definitions(object.get("defs"), &refs, &building)?;
        let properties = PropertySet::from_json(props, &building)?;
        if effects.idempotent_by_spec() && properties.key_property().is_none() {
            return Err(Error::options(format!(
                "tool `{name}` is `idempotent: true` but has no idempotency key property: declare one \
                 (`\"idempotency_key\": {{\"required\": true}}`), which binds each retry to its first call's arguments"
            )));
        }
        let schema_defs = std::sync::Arc::unwrap_or_clone(defs);
        Ok(Self {
            name,
            description,
            writes,
            effects,
            deprecated,
            all_or_nothing,
            answered_by,
            properties,
            schema_defs,
            definitions,
            scopes,
        })
    }

    /// A tool spec from the JSON Schema a server already declares for the tool: its
    /// `inputSchema` alone, or its whole MCP definition (`{"name", "description",
    /// "inputSchema", "annotations"}`), as pydantic, zod and schemars write it. Each property is
    /// read by the kind its schema and name say (the table in the module doc of
    /// `tool::from_schema`, in the README); what no kind reads is passed on unchanged, for the
    /// server's own validation. A tool whose annotations do not say `readOnlyHint: true` may
    /// write (an invented id asks). Collections are read all or nothing.
    ///
    /// ```
    /// use agent_input::tool::{ToolCall, ToolSpec};
    /// let spec = ToolSpec::from_input_schema(&serde_json::json!({
    ///     "name": "search", "annotations": {"readOnlyHint": true},
    ///     "inputSchema": {"type": "object", "required": ["query"], "properties": {
    ///         "query": {"type": "string"},
    ///         "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 20},
    ///         "date_from": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}], "default": null}}}
    /// }))?;
    /// let ToolCall::Ok { args, .. } = spec.read(&serde_json::json!({"query": "nájem", "limit": "4 000", "dateFrom": "1. 10. 2026"})) else { panic!() };
    /// assert_eq!(args, serde_json::json!({"query": "nájem", "limit": 50, "date_from": "2026-10-01"}));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    ///
    /// # Errors
    /// A schema that is not an object, or whose properties' names fold to the same words.
    pub fn from_input_schema(schema: &Value) -> Result<Self, Error> {
        Self::from_input_schema_with(schema, &Value::Null, None)
    }

    /// [`ToolSpec::from_input_schema`] with what JSON Schema cannot say (`overrides`, the shape
    /// of the root's `x-agent-input`: `{"answered_by": "user", "writes": true, "properties":
    /// {"court": {"kind": "vocabulary", "entries": […]}, "raw": false}}`) and the server's
    /// cursor codec.
    ///
    /// # Errors
    /// As [`ToolSpec::from_input_schema`], and overrides that name no declared property or
    /// carry invalid options.
    pub fn from_input_schema_with(
        schema: &Value,
        overrides: &Value,
        codec: Option<&CursorCodec>,
    ) -> Result<Self, Error> {
        Self::from_json_inner(&Self::document_from_input_schema(schema, overrides)?, codec, &System)
    }

    /// The tool spec document (the JSON [`ToolSpec::from_json`] reads) that
    /// [`ToolSpec::from_input_schema_with`] builds: what each property was mapped to, to read
    /// or to save and edit.
    ///
    /// ```
    /// use agent_input::tool::ToolSpec;
    /// let doc = ToolSpec::document_from_input_schema(
    ///     &serde_json::json!({"type": "object", "properties": {"when": {"type": "string", "format": "date"}}}),
    ///     &serde_json::Value::Null,
    /// )?;
    /// assert_eq!(doc["properties"]["when"]["kind"], "date");
    /// // A value valid against the declared schema is passed on as sent.
    /// assert_eq!(doc["properties"]["when"]["accepts"], serde_json::json!({"type": "string", "format": "date"}));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    ///
    /// # Errors
    /// As [`ToolSpec::from_input_schema_with`], but for the properties' own options (checked
    /// when the document is read).
    pub fn document_from_input_schema(schema: &Value, overrides: &Value) -> Result<Value, Error> {
        from_schema::spec_document(schema, overrides)
    }

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// When the tool goes and what replaces it, when its spec says it is deprecated.
    pub const fn deprecation(&self) -> Option<&Deprecation> {
        self.deprecated.as_ref()
    }

    /// The description as listed: a deprecated tool's starts with the sentence that says so.
    pub fn listed_description(&self) -> String {
        match &self.deprecated {
            Some(d) => d.described(&self.description),
            None => self.description.clone(),
        }
    }

    /// The names of the tool's properties, in declared order: the order of a read's args.
    ///
    /// ```
    /// use agent_input::tool::ToolSpec;
    /// let spec = ToolSpec::from_json(&serde_json::json!({"name": "search", "properties": {"query": {"kind": "text"}, "limit": {}}}))?;
    /// assert_eq!(spec.property_names().collect::<Vec<_>>(), ["query", "limit"]);
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn property_names(&self) -> impl ExactSizeIterator<Item = &str> {
        self.properties.props.iter().map(|p| p.name.as_str())
    }

    /// Each property's name and the kind its value is read with, in declared order; `None` for
    /// a property the tool factory reads itself (an object, a list of entry objects, a union, a
    /// passthrough). A binding decides by them what a call can cost (Python keeps the GIL for a
    /// short call of scalar kinds).
    ///
    /// ```
    /// use agent_input::{tool::ToolSpec, Kind};
    /// let spec = ToolSpec::from_json(&serde_json::json!({"name": "search", "properties": {
    ///     "query": {"kind": "text"}, "limit": {}, "filters": {"kind": "object", "properties": {"country": {}}}}}))?;
    /// let kinds: Vec<_> = spec.property_kinds().map(|(name, spec)| (name, spec.map(|s| s.kind()))).collect();
    /// assert_eq!(kinds, [("query", Some(Kind::Text)), ("limit", Some(Kind::Number)), ("filters", None)]);
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn property_kinds(&self) -> impl ExactSizeIterator<Item = (&str, Option<&crate::kind::Spec>)> {
        self.properties.props.iter().map(|p| match &p.def {
            props::Def::Value(spec) => (p.name.as_str(), Some(spec)),
            _ => (p.name.as_str(), None),
        })
    }

    /// True when the tool writes (an optional id's placeholder asks).
    pub const fn writes(&self) -> bool {
        self.writes
    }

    /// The OAuth scopes a caller's token must grant to see and call the tool ([`scopes`]).
    pub fn scopes(&self) -> &[String] {
        &self.scopes
    }

    /// Why the tool is out of the reach of `grants`, if it is: its scopes not granted, or a
    /// read-only token and a tool that may write (its annotations do not say `readOnlyHint`).
    pub fn out_of_scope(&self, grants: &scopes::Grants) -> Option<scopes::OutOfScope> {
        grants.out_of_scope(&self.scopes, self.writes)
    }

    /// Reads a whole argument object.
    ///
    /// # Example
    /// ```
    /// use agent_input::tool::{ToolCall, ToolSpec};
    /// let spec = ToolSpec::from_json(&serde_json::json!({
    ///     "name": "search_decisions",
    ///     "properties": {"query": {"kind": "text", "required": true}, "limit": {"max": 50}, "date_from": {}}
    /// }))?;
    /// let call = spec.read(&serde_json::json!({"query": "nájem", "limit": "500", "dateFrom": "1. 10. 2026"}));
    /// let ToolCall::Ok { args, notes, .. } = call else { panic!("reads") };
    /// assert_eq!(args, serde_json::json!({"query": "nájem", "limit": 50, "date_from": "2026-10-01"}));
    /// assert_eq!(notes[0].path(), Some("date_from")); // `dateFrom` read as `date_from`
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn read(&self, args: &Value) -> ToolCall {
        self.read_in(args, &Context::new(&System))
    }

    /// [`Self::read`] in the context `cx`: the call's budgets, and its host's clock.
    pub fn read_in(&self, args: &Value, cx: &Context<'_>) -> ToolCall {
        self.read_parsed(args, &[], cx)
    }

    /// Reads a call's arguments as the JSON text the client sent (at most
    /// [`MAX_CALL_BYTES`]): a key sent twice is a
    /// `duplicate_property` warning naming both values (JSON parsers keep the last one
    /// silently); text that is not UTF-8 or not JSON is the envelope, naming the byte.
    ///
    /// ```
    /// use agent_input::tool::{ToolCall, ToolSpec};
    /// let spec = ToolSpec::from_json(&serde_json::json!({"name": "search", "properties": {"query": {"kind": "text"}}}))?;
    /// let ToolCall::Ok { args, warnings, .. } = spec.read_json(br#"{"query": "first", "query": "second"}"#) else { panic!() };
    /// assert_eq!(args["query"], "second");
    /// assert_eq!(warnings[0].values, [serde_json::json!("first"), serde_json::json!("second")]);
    /// let bad = spec.read_json(b"{\"query\": \"a\xffb\"}");
    /// assert!(bad.envelope().unwrap().issues[0].expected.contains("byte 12 is not UTF-8"));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn read_json(&self, text: &[u8]) -> ToolCall {
        self.read_json_in(text, &Context::new(&System))
    }

    /// [`Self::read_json`] in the context `cx`: the call's budgets, and its host's clock.
    pub fn read_json_in(&self, text: &[u8], cx: &Context<'_>) -> ToolCall {
        // An empty body is a call without arguments.
        if text.trim_ascii().is_empty() {
            return self.read_in(&Value::Null, cx);
        }
        match json::parse(text, MAX_CALL_BYTES) {
            Ok(parsed) => self.read_parsed(&parsed.value, &parsed.duplicates, cx),
            Err(e) => ToolCall::unreadable(&self.name, text, &e),
        }
    }

    /// [`Self::read_json`] of a body of `total` bytes of which a reader kept only the first
    /// (`kept`, at least [`MAX_CALL_BYTES`] + 1 of them when the body is longer): a body past
    /// the bound is answered with its real size, never held whole. The CLI reads `call` and
    /// `call --batch` so.
    ///
    /// ```
    /// use agent_input::tool::ToolSpec;
    /// let spec = ToolSpec::from_json(&serde_json::json!({"name": "search", "properties": {"query": {"kind": "text"}}}))?;
    /// let call = spec.read_json_kept(b"{\"query\": \"aaaa", 300_000_000);
    /// assert!(call.envelope().unwrap().issues[0].expected.contains("it has 300000000 bytes"));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn read_json_kept(&self, kept: &[u8], total: usize) -> ToolCall {
        self.read_json_kept_in(kept, total, &Context::new(&System))
    }

    /// [`Self::read_json_kept`] in `cx` (its host, its day: [`Context::with_today`]).
    pub fn read_json_kept_in(&self, kept: &[u8], total: usize, cx: &Context<'_>) -> ToolCall {
        if total > MAX_CALL_BYTES {
            return ToolCall::unreadable(&self.name, kept, &JsonError::TooLarge { bytes: total, max: MAX_CALL_BYTES });
        }
        self.read_json_in(kept, cx)
    }

    fn read_parsed(&self, args: &Value, duplicates: &[Duplicate], cx: &Context<'_>) -> ToolCall {
        let mut read = self.properties.read_root(args, &self.name, cx);
        read.duplicate_keys(duplicates);
        read.cap(&self.name);
        if read.issues.iter().all(|i| i.entry && !self.all_or_nothing) {
            ToolCall::Ok {
                args: Value::Object(read.args),
                notes: read.notes,
                warnings: read.warnings,
                issues: read.issues,
            }
        } else {
            let env = envelope::Envelope::new(&self.name, read.issues, self.all_or_nothing);
            ToolCall::Error { envelope: env, notes: read.notes, warnings: read.warnings }
        }
    }

    /// The canonical arguments of an ok call ([`ToolCall::Ok`]'s `args`) in their kinds' own
    /// Rust types, in declaration order: what a binding turns into natives.
    pub fn typed_args(&self, args: &Value) -> TypedValue {
        match args {
            Value::Object(o) => TypedValue::Object(self.properties.to_typed(o)),
            other => TypedValue::Json(other.clone()),
        }
    }

    /// Calls `f` with each property of an ok call's canonical `args` that is there: its index
    /// in [`Self::property_names`] and its typed value ([`Self::typed_args`]'s, a string
    /// borrowed from `args`), in declaration order; `false`, with no call, when `args` is not
    /// an object. What a binding builds its natives from without a Rust string per value.
    ///
    /// ```
    /// use agent_input::{tool::{ToolCall, ToolSpec}, TypedRef, TypedValue};
    /// let spec = ToolSpec::from_json(&serde_json::json!({"name": "t", "properties": {"q": {"kind": "text"}, "since": {}}}))?;
    /// let ToolCall::Ok { args, .. } = spec.read(&serde_json::json!({"since": "1. 10. 2026", "q": "soud"})) else { panic!() };
    /// let mut seen = Vec::new();
    /// assert!(spec.typed_args_each(&args, |i, typed| seen.push((i, typed.into_owned()))));
    /// assert_eq!(seen, [(0, TypedValue::Text("soud".into())), (1, TypedValue::Date(chrono::NaiveDate::from_ymd_opt(2026, 10, 1).unwrap()))]);
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn typed_args_each<'a>(&self, args: &'a Value, f: impl FnMut(usize, TypedRef<'a>)) -> bool {
        match args {
            Value::Object(o) => {
                self.properties.each_typed(o, f);
                true
            }
            _ => false,
        }
    }

    /// The tool's `inputSchema` (JSON Schema 2020-12).
    pub fn input_schema(&self) -> Value {
        let mut schema = self.properties.schema();
        schema["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
        for (key, defs) in &self.schema_defs {
            schema[key] = defs.clone();
        }
        if !self.definitions.is_empty() {
            // The tool's own definitions, by the names its `$ref`s give: each the object it reads.
            if !schema["$defs"].is_object() {
                schema["$defs"] = json!({});
            }
            if let Value::Object(defs) = &mut schema["$defs"] {
                for (name, cell) in &self.definitions {
                    if let Some(set) = cell.get() {
                        defs.insert(name.clone(), set.schema());
                    }
                }
            }
        }
        schema
    }

    /// The tool's input schema in a host's dialect ([`Dialect`]): MCP's and Anthropic's JSON
    /// Schema (as [`Self::input_schema`]), OpenAI's strict function calling (every property
    /// required, an optional one admitting `null`, which every kind reads as absent), or
    /// Gemini's function declarations (an OpenAPI 3.0 subset). Each keeps the canonical shape
    /// first; what a dialect cannot say is said in the property's description.
    ///
    /// ```
    /// use agent_input::tool::{Dialect, ToolSpec};
    /// let spec = ToolSpec::from_json(&serde_json::json!({"name": "search", "properties": {"limit": {}}}))?;
    /// let strict = spec.input_schema_for(Dialect::OpenaiStrict);
    /// assert_eq!(strict["required"], serde_json::json!(["limit"]));
    /// assert_eq!(strict["additionalProperties"], false);
    /// let gemini = spec.input_schema_for("gemini".parse()?);
    /// assert!(!gemini.to_string().contains("\"type\":["), "one type per schema");
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn input_schema_for(&self, dialect: Dialect) -> Value {
        dialect::input_schema_in(self.input_schema(), dialect)
    }

    /// The tool's definition as a host declares a tool, with [`Self::input_schema_for`] its
    /// dialect: MCP's `{"name", "description", "inputSchema", "annotations"}` (as
    /// [`Self::definition`]), OpenAI's function tool `{"type": "function", "name",
    /// "description", "parameters", "strict": true}`, Gemini's function declaration `{"name",
    /// "description", "parameters"}`, Anthropic's tool `{"name", "description",
    /// "input_schema"}`.
    pub fn definition_for(&self, dialect: Dialect) -> Value {
        let schema = self.input_schema_for(dialect);
        let description = self.listed_description();
        match dialect {
            Dialect::Mcp => self.definition(),
            Dialect::OpenaiStrict => json!({"type": "function", "name": self.name, "description": description,
                                            "parameters": schema, "strict": true}),
            Dialect::Gemini => json!({"name": self.name, "description": description, "parameters": schema}),
            Dialect::Anthropic => json!({"name": self.name, "description": description, "input_schema": schema}),
        }
    }

    /// The payload the tool accepts, to echo as the next call (a discovery tool returns it):
    /// every required property set to its kind's canonical example ([`crate::Spec::example`]:
    /// `"2026-01-01"`, an enum's first value, a number's bound or default), the optional ones
    /// left out. It reads back through this spec as itself with no note (the fixed point); a
    /// required cursor is left out, as only a previous result gives one.
    ///
    /// ```
    /// use agent_input::tool::ToolSpec;
    /// let spec = ToolSpec::from_json(&serde_json::json!({"name": "search", "properties": {
    ///     "query": {"kind": "text", "required": true}, "limit": {}, "date_from": {"required": true}}}))?;
    /// assert_eq!(spec.skeleton(), serde_json::json!({"query": "text", "date_from": "2026-01-01"}));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn skeleton(&self) -> Value {
        self.properties.skeleton()
    }

    /// The MCP tool definition: `{"name", "description", "inputSchema"}` (plus `annotations`
    /// saying whether the tool only reads; a deprecated tool's description starts with the
    /// sentence that says so, and its `_meta` holds [`DEPRECATED_META`]).
    pub fn definition(&self) -> Value {
        let mut definition = json!({
            "name": self.name,
            "description": self.description,
            "inputSchema": self.input_schema(),
            "annotations": self.annotations(),
        });
        if let Some(d) = &self.deprecated {
            d.mark(&mut definition);
        }
        scopes::mark(&mut definition, &self.scopes);
        definition
    }

    /// The MCP annotations: `readOnlyHint`, and for a tool that writes `destructiveHint` and
    /// `idempotentHint` as its spec states them; `openWorldHint` when stated (a definition's
    /// own annotations, read by [`Self::from_input_schema`], are kept as declared).
    pub fn annotations(&self) -> Value {
        self.effects.annotations(self.writes)
    }
}

/// The result of reading one tool call.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum ToolCall {
    /// Every property read: canonical `args`. `issues` lists entries of collections that were
    /// left out (best effort); apply the rest and report these.
    Ok {
        /// The canonical arguments.
        args: Value,
        /// Repairs, each with its property path.
        notes: Vec<Note>,
        /// What the caller probably meant, each with its property path.
        warnings: Vec<Warning>,
        /// Entries of collections that could not be read.
        #[serde(skip_serializing_if = "Vec::is_empty")]
        issues: Vec<Issue>,
    },
    /// The call cannot run: the error envelope.
    Error {
        /// `{code, message, hint, issues}`.
        #[serde(flatten)]
        envelope: envelope::Envelope,
        /// Repairs of the properties that did read.
        notes: Vec<Note>,
        /// Warnings of the properties that did read.
        warnings: Vec<Warning>,
    },
}

impl ToolCall {
    /// The envelope of arguments that could not be read as JSON at all.
    fn unreadable(tool: &str, text: &[u8], error: &JsonError) -> Self {
        let shown = String::from_utf8_lossy(text);
        let expected = format!("the arguments as one JSON object in UTF-8; {error}");
        let fix = Fix::set("as one JSON object");
        let issue = Issue::new(tool, "", (AskCode::InvalidRequest, &Input::String(&shown)), expected, fix, false);
        let notes = issue.cut_from.map(received_cut).into_iter().collect();
        Self::Error { envelope: envelope::Envelope::new(tool, vec![issue], false), notes, warnings: Vec::new() }
    }

    /// The call as JSON.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// The envelope, when the call cannot run.
    pub fn envelope(&self) -> Option<&envelope::Envelope> {
        match self {
            Self::Error { envelope, .. } => Some(envelope),
            Self::Ok { .. } => None,
        }
    }

    /// A view of a rejected call for telemetry: the tool, the issue codes and paths, never the
    /// received values (they carry personal data). `None` for an ok call without issues.
    pub fn telemetry(&self, tool: &str) -> Option<Telemetry> {
        let issues = match self {
            Self::Error { envelope, .. } => &envelope.issues,
            Self::Ok { issues, .. } if !issues.is_empty() => issues,
            Self::Ok { .. } => return None,
        };
        Some(Telemetry::new(tool, issues))
    }

    /// The MCP `CallToolResult` of this call.
    ///
    /// - A call that cannot run: `isError: true`, the envelope `{code, message, hint, issues}` as
    ///   `structuredContent`, and the same JSON as the text content (for clients that read text
    ///   only). `output` is not used.
    /// - An ok call: `isError: false`, `structuredContent` `{"result": output, "notes": [...],
    ///   "warnings": [...]}` (plus `"issues"` when entries of a collection were left out), and
    ///   the same JSON as the text content, so the notes reach the model beside the result.
    ///
    /// ```
    /// use agent_input::tool::ToolSpec;
    /// let spec = ToolSpec::from_json(&serde_json::json!({"name": "t", "properties": {"limit": {}}}))?;
    /// let result = spec.read(&serde_json::json!({"limit": "4 000"})).to_call_tool_result(&serde_json::json!({"hits": []}));
    /// assert_eq!(result["isError"], false);
    /// assert_eq!(result["structuredContent"]["result"], serde_json::json!({"hits": []}));
    /// assert_eq!(result["structuredContent"]["notes"][0]["path"], "limit");
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn to_call_tool_result(&self, output: &Value) -> Value {
        let (structured, is_error) = match self {
            Self::Error { envelope, .. } => (serde_json::to_value(envelope).unwrap_or(Value::Null), true),
            Self::Ok { notes, warnings, issues, .. } => {
                let mut s = json!({"result": output, "notes": notes, "warnings": warnings});
                if !issues.is_empty() {
                    s["issues"] = serde_json::to_value(issues).unwrap_or(Value::Null);
                }
                (s, false)
            }
        };
        json!({
            "content": [{"type": "text", "text": crate::input::json_text(&structured)}],
            "structuredContent": structured,
            "isError": is_error,
        })
    }

    /// The MCP `CallToolResult` of a call that cannot run ([`ToolCall::to_call_tool_result`]);
    /// `None` for an ok call.
    pub fn call_tool_result(&self) -> Option<Value> {
        self.envelope().map(|_| self.to_call_tool_result(&Value::Null))
    }
}
