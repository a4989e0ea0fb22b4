//! `cargo xtask stubs`: the bindings' type surfaces, generated from the core.
//!
//! The sources are the core's own: `agent_input::options_schema()` (every kind with its
//! options, a `oneOf` tagged by `kind`), `Kind::ALL`, and the code enums (`NoteCode`,
//! `WarningCode`, `AskCode`, `EnvelopeCode`). Nothing here copies an option list or a code by
//! hand, so a new option or code reaches the stubs by rerunning the generator, and the
//! freshness test below fails until it is rerun.
//!
//! Each binding has its own self-contained section: [`python`] writes
//! `bindings/python/python/agent_input/_types.py` (kinds, codes, option values, spec and wire
//! shapes as `Literal`s and `TypedDict`s) and `_kinds.py` (one keyword-only `read_<kind>`
//! per kind, passing its options to the one generic `read`). A TypeScript section can sit
//! beside it and share [`Schema`].

use std::path::Path;

use serde_json::{Map, Value};

/// One generated file: its path from the workspace root and its text.
#[derive(Debug)]
pub struct File {
    /// The path, relative to the workspace root.
    pub path: &'static str,
    /// The whole text.
    pub text: String,
}

/// The options schema of every kind, with the lookups every generator needs.
pub struct Schema {
    root: Value,
}

/// One kind's variant of the schema: its name, description and options in declaration order.
pub struct KindSchema<'a> {
    /// The kind's wire name.
    pub kind: &'a str,
    /// The variant's description.
    pub description: &'a str,
    /// Each option (`kind` itself left out): name, schema, required.
    pub options: Vec<(&'a str, &'a Value, bool)>,
}

impl Schema {
    /// The core's options schema.
    pub fn from_core() -> Self {
        Self { root: agent_input::options_schema() }
    }

    /// The `$defs` entry `name`.
    pub fn def(&self, name: &str) -> Option<&Value> {
        self.root.get("$defs").and_then(|d| d.get(name))
    }

    /// The names of every `$defs` entry, in schema order.
    pub fn def_names(&self) -> Vec<&str> {
        self.root
            .get("$defs")
            .and_then(Value::as_object)
            .map(|d| d.keys().map(String::as_str).collect())
            .unwrap_or_default()
    }

    /// Every kind's variant, in schema order.
    ///
    /// # Errors
    /// A schema whose shape is not a `oneOf` of objects tagged by a `kind` const.
    pub fn kinds(&self) -> Result<Vec<KindSchema<'_>>, String> {
        let variants = self.root.get("oneOf").and_then(Value::as_array).ok_or("the options schema has no `oneOf`")?;
        variants
            .iter()
            .map(|v| {
                let props = v.get("properties").and_then(Value::as_object).ok_or("a variant has no `properties`")?;
                let kind = props
                    .get("kind")
                    .and_then(|k| k.get("const"))
                    .and_then(Value::as_str)
                    .ok_or("a variant has no `kind` const")?;
                let required: Vec<&str> = v
                    .get("required")
                    .and_then(Value::as_array)
                    .map(|r| r.iter().filter_map(Value::as_str).collect())
                    .unwrap_or_default();
                let options = props
                    .iter()
                    .filter(|(name, _)| name.as_str() != "kind")
                    .map(|(name, s)| (name.as_str(), s, required.contains(&name.as_str())))
                    .collect();
                let description = v.get("description").and_then(Value::as_str).unwrap_or_default();
                Ok(KindSchema { kind, description, options })
            })
            .collect()
    }
}

/// The string constants of a `$defs` entry that is a `oneOf` of `const`s, with their descriptions.
fn consts(def: &Value) -> Option<Vec<(&str, &str)>> {
    def.get("oneOf")?
        .as_array()?
        .iter()
        .map(|c| Some((c.get("const")?.as_str()?, c.get("description").and_then(Value::as_str).unwrap_or_default())))
        .collect()
}

/// The name a `$ref` points at (`#/$defs/Entry` is `Entry`, `#` is the whole spec).
fn ref_name(schema: &Value) -> Option<&str> {
    let r = schema.get("$ref")?.as_str()?;
    Some(r.strip_prefix("#/$defs/").unwrap_or(if r == "#" { "Spec" } else { r }))
}

/// Every file of every binding.
///
/// # Errors
/// A schema the generators do not understand, or generated defaults that differ from the core's.
pub fn generate() -> Result<Vec<File>, String> {
    let schema = Schema::from_core();
    python::files(&schema)
}

/// Writes every generated file under `root`; returns the paths written.
///
/// # Errors
/// As [`generate`], or a file that cannot be written.
pub fn write_all(root: &Path) -> Result<Vec<&'static str>, String> {
    let files = generate()?;
    let mut written = Vec::new();
    for file in files {
        let path = root.join(file.path);
        std::fs::write(&path, &file.text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(file.path);
    }
    Ok(written)
}

/// The Python type surface (`bindings/python/python/agent_input/_types.py` and `_kinds.py`).
pub mod python {
    use std::fmt::Write as _;

    use agent_input::{AskCode, EnvelopeCode, Kind, NoteCode, Spec, WarningCode};
    use serde_json::{json, Value};
    use strum::IntoEnumIterator;

    use super::{consts, ref_name, File, KindSchema, Map, Schema};

    const HEADER: &str =
        "# @generated by `cargo xtask stubs` from the core's options schema and code enums. Do not edit.\n";

    /// A Python string literal (JSON's escapes are Python's for these texts).
    fn lit(s: &str) -> String {
        serde_json::to_string(s).unwrap_or_default()
    }

    /// `Literal["a", "b"]`.
    fn literal<'a>(values: impl IntoIterator<Item = &'a str>) -> String {
        let items: Vec<String> = values.into_iter().map(lit).collect();
        format!("Literal[{}]", items.join(", "))
    }

    /// A docstring's text, without characters that end a docstring.
    fn doc(s: &str) -> String {
        s.replace('\\', "\\\\").replace("\"\"\"", "'''")
    }

    fn join_union(mut parts: Vec<String>) -> String {
        if parts.len() == 1 {
            parts.remove(0)
        } else if parts.len() == 2 && parts[1] == "None" {
            format!("Optional[{}]", parts[0])
        } else {
            format!("Union[{}]", parts.join(", "))
        }
    }

    /// The Python annotation of an option's schema (what a caller may pass).
    fn annotation(schema: &Value) -> Result<String, String> {
        Ok(join_union(parts(schema)?))
    }

    /// The members of the union an option's schema admits, flattened, `None` last.
    fn parts(schema: &Value) -> Result<Vec<String>, String> {
        if let Some(name) = ref_name(schema) {
            return Ok(vec![name.to_owned()]);
        }
        let mut out = Vec::new();
        if let Some(any) = schema.get("anyOf").and_then(Value::as_array) {
            for member in any {
                out.extend(parts(member)?);
            }
        } else {
            let types: Vec<&str> = match schema.get("type") {
                Some(Value::String(t)) => vec![t.as_str()],
                Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
                _ => return Err(format!("no type in option schema {schema}")),
            };
            for t in types {
                match t {
                    "string" if schema.get("format").and_then(Value::as_str) == Some("date") => {
                        out.extend(["str".to_owned(), "datetime.date".to_owned()]);
                    }
                    "string" => out.push("str".to_owned()),
                    "number" => out.extend(["int".to_owned(), "float".to_owned(), "Decimal".to_owned()]),
                    "integer" => out.push("int".to_owned()),
                    "boolean" => out.push("bool".to_owned()),
                    "null" => out.push("None".to_owned()),
                    "array" => {
                        let items = schema.get("items").ok_or("an array option without `items`")?;
                        out.push(format!("Sequence[{}]", annotation(items)?));
                    }
                    "object" => {
                        let values = schema
                            .get("additionalProperties")
                            .ok_or("an object option without `additionalProperties`")?;
                        out.push(format!("Mapping[str, {}]", annotation(values)?));
                    }
                    other => return Err(format!("unknown JSON Schema type `{other}`")),
                }
            }
        }
        let mut seen = Vec::new();
        out.retain(|p| {
            if seen.contains(p) {
                false
            } else {
                seen.push(p.clone());
                true
            }
        });
        out.sort_by_key(|p| p == "None");
        Ok(out)
    }

    /// The Python default of an option: the schema's default when it is a literal (a string,
    /// a boolean, a number), else `None`, which the generated function does not send, so the
    /// core's own default applies.
    fn default_literal(schema: &Value) -> Option<String> {
        match schema.get("default")? {
            Value::String(s) => Some(lit(s)),
            Value::Bool(b) => Some(if *b { "True" } else { "False" }.to_owned()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        }
    }

    /// The Python type of an ok read's `.value`, per kind (what `Spec::to_typed` gives,
    /// turned into natives by the binding).
    fn value_type(kind: Kind) -> &'static str {
        match kind {
            Kind::Number => "Union[int, Decimal]",
            Kind::Boolean => "bool",
            Kind::Date => "datetime.date",
            Kind::DateRange => "Tuple[Optional[datetime.date], Optional[datetime.date]]",
            Kind::List => "List[Any]",
            Kind::Cursor => "Json",
            Kind::Enum
            | Kind::Text
            | Kind::Uuid
            | Kind::IdempotencyKey
            | Kind::Country
            | Kind::Locale
            | Kind::Eli
            | Kind::Vocabulary => "str",
            _ => "Any",
        }
    }

    /// `NumberSpec` for `number`, `DateRangeSpec` for `date_range`.
    fn spec_class(kind: &str) -> String {
        let mut out: String = kind
            .split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next().map(|f| f.to_uppercase().chain(c).collect::<String>()).unwrap_or_default()
            })
            .collect();
        out.push_str("Spec");
        out
    }

    /// A `TypedDict` class (and, when it has required keys, its `_<name>Required` base, the
    /// Python 3.9 way to mix required and optional keys without `typing_extensions`).
    fn typed_dict(name: &str, doc_text: &str, required: &[(String, String)], optional: &[(String, String)]) -> String {
        let mut out = String::new();
        let base = if required.is_empty() {
            "TypedDict".to_owned()
        } else {
            let base = format!("_{name}Required");
            let _ = writeln!(out, "class {base}(TypedDict):");
            let _ = writeln!(out, "    \"\"\"The keys `{name}` always has.\"\"\"\n");
            for (k, t) in required {
                let _ = writeln!(out, "    {k}: {t}");
            }
            out.push_str("\n\n");
            base
        };
        let _ = writeln!(out, "class {name}({base}, total=False):");
        let _ = writeln!(out, "    \"\"\"{}\"\"\"", doc(doc_text));
        if !optional.is_empty() {
            out.push('\n');
        }
        for (k, t) in optional {
            let _ = writeln!(out, "    {k}: {t}");
        }
        out.push_str("\n\n");
        out
    }

    /// The wire shapes of outcomes and tool calls. The core has no JSON Schema of these yet
    /// (only of the options), so their keys are listed here once, beside their Rust types'
    /// doc lines; the Python census test checks them against every vector's outcome.
    const WIRE_SHAPES: &str = r#"class _ReadingRequired(TypedDict):
    """The keys `ReadingDict` always has."""

    value: Json
    meaning: str


class ReadingDict(_ReadingRequired, total=False):
    """One meaning a spelling can carry (`agent_input::Reading`)."""


class _NoteRequired(TypedDict):
    """The keys `NoteDict` always has."""

    code: NoteCode
    message: str


class NoteDict(_NoteRequired, total=False):
    """A repair the reader applied, said in one sentence (`agent_input::Note`); `path` in a tool call."""

    path: str


class _WarningRequired(TypedDict):
    """The keys `WarningDict` always has."""

    code: WarningCode
    message: str
    values: List[Json]


class WarningDict(_WarningRequired, total=False):
    """Something the caller probably meant (`agent_input::Warning`); `path` in a tool call."""

    path: str


class _AskRequired(TypedDict):
    """The keys `AskDict` always has."""

    code: AskCode
    received: Json
    expected: str
    hint: str
    readings: List[ReadingDict]


class AskDict(_AskRequired, total=False):
    """A request for a value with one meaning (`agent_input::Ask`)."""


class _IssueRequired(TypedDict):
    """The keys `IssueDict` always has."""

    path: str
    code: AskCode
    received: Json
    expected: str
    hint: str


class IssueDict(_IssueRequired, total=False):
    """One argument or entry of a tool call that could not be read (`agent_input::tool::Issue`)."""

    readings: List[ReadingDict]


class _EnvelopeRequired(TypedDict):
    """The keys `EnvelopeDict` always has."""

    code: EnvelopeCode
    message: str
    hint: str
    issues: List[IssueDict]


class EnvelopeDict(_EnvelopeRequired, total=False):
    """Why a tool call cannot run, with the next call (`agent_input::tool::Envelope`)."""


class _TelemetryRequired(TypedDict):
    """The keys `TelemetryDict` always has."""

    tool: str
    codes: List[AskCode]
    paths: List[str]


class TelemetryDict(_TelemetryRequired, total=False):
    """What telemetry may keep of a rejected call: never the values (`agent_input::tool::Telemetry`)."""


class _TextContentRequired(TypedDict):
    """The keys `TextContentDict` always has."""

    type: Literal["text"]
    text: str


class TextContentDict(_TextContentRequired, total=False):
    """An MCP text content block."""


class _CallToolResultRequired(TypedDict):
    """The keys `CallToolResultDict` always has."""

    content: List[TextContentDict]
    structuredContent: Dict[str, Json]
    isError: bool


class CallToolResultDict(_CallToolResultRequired, total=False):
    """An MCP `CallToolResult` (`ToolCall::to_call_tool_result`)."""


"#;

    /// Every public name `_types.py` defines (its `__all__`).
    fn type_names(schema: &Schema) -> Result<Vec<String>, String> {
        let mut names: Vec<String> = BASE_NAMES.iter().map(|n| (*n).to_owned()).collect();
        names.extend(schema.def_names().into_iter().map(str::to_owned));
        for k in schema.kinds()? {
            names.push(spec_class(k.kind));
        }
        names.sort();
        Ok(names)
    }

    /// The names of `_types.py` that do not come from the schema's `$defs` or kinds.
    const BASE_NAMES: &[&str] = &[
        "AskCode",
        "AskDict",
        "CallToolResultDict",
        "EnvelopeCode",
        "EnvelopeDict",
        "IssueDict",
        "Json",
        "JsonValue",
        "Kind",
        "NoteCode",
        "NoteDict",
        "ReadingDict",
        "Spec",
        "TelemetryDict",
        "TextContentDict",
        "WarningCode",
        "WarningDict",
    ];

    /// The docstring, imports and JSON aliases that open `_types.py`.
    const TYPES_PREAMBLE: &str = r#""""Types of the agent_input API: kind names, codes, option values, specs and wire shapes."""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, TypedDict, Union

JsonValue = Union[None, bool, int, float, Decimal, str, Sequence["JsonValue"], Mapping[str, "JsonValue"]]
"""A value as a caller sends it: JSON, with numbers as `int`, `float` or `Decimal`."""

Json = Union[None, bool, int, Decimal, str, List["Json"], Dict[str, "Json"]]
"""JSON as the binding returns it: numbers as `int` or `Decimal`, never a float."""

"#;

    /// `Kind` and the code literals (`NoteCode`, `WarningCode`, `AskCode`, `EnvelopeCode`).
    fn write_code_literals(out: &mut String) {
        let _ = writeln!(out, "Kind = {}", literal(agent_input::Kind::ALL.iter().map(|k| k.name())));
        out.push_str("\"\"\"The name of a value kind (`agent_input.KINDS`).\"\"\"\n\n");
        let codes: [(&str, Vec<&'static str>, &str); 5] = [
            ("NoteCode", NoteCode::iter().map(<&'static str>::from).collect(), "A note's code (docs/codes.md)."),
            (
                "WarningCode",
                WarningCode::iter().map(<&'static str>::from).collect(),
                "A warning's code (docs/codes.md).",
            ),
            (
                "AskCode",
                AskCode::iter().map(<&'static str>::from).collect(),
                "An ask's or an issue's code (docs/codes.md).",
            ),
            (
                "EnvelopeCode",
                EnvelopeCode::iter().map(<&'static str>::from).collect(),
                "An error envelope's code (docs/codes.md).",
            ),
            (
                "SchemaDialect",
                agent_input::tool::Dialect::ALL.iter().map(|d| d.name()).collect(),
                "A host's dialect of JSON Schema (`Tool.input_schema(dialect=…)`).",
            ),
        ];
        for (name, values, text) in codes {
            let _ = writeln!(out, "{name} = {}", literal(values));
            let _ = writeln!(out, "\"\"\"{text}\"\"\"\n");
        }
    }

    /// A `Literal` alias for each enum-like option value of the schema's `$defs`, with the
    /// meaning of each value; their names go to `all_names`.
    fn write_option_values(out: &mut String, schema: &Schema, all_names: &mut Vec<String>) -> Result<(), String> {
        for name in schema.def_names() {
            let def = schema.def(name).ok_or("a $defs entry vanished")?;
            let text = def.get("description").and_then(Value::as_str).unwrap_or_default();
            if let Some(values) = consts(def) {
                let _ = writeln!(out, "{name} = {}", literal(values.iter().map(|(v, _)| *v)));
                let meanings: Vec<String> = values.iter().map(|(v, m)| format!("`{v}`: {m}")).collect();
                let _ = writeln!(out, "\"\"\"{} {}\"\"\"\n", doc(text), doc(&meanings.join(" ")));
                all_names.push(name.to_owned());
            }
        }
        Ok(())
    }

    /// A `TypedDict` for each object shape of the schema's `$defs` that options use; their names
    /// go to `all_names`.
    fn write_option_shapes(out: &mut String, schema: &Schema, all_names: &mut Vec<String>) -> Result<(), String> {
        for name in schema.def_names() {
            let def = schema.def(name).ok_or("a $defs entry vanished")?;
            if consts(def).is_some() {
                continue;
            }
            let props = def
                .get("properties")
                .and_then(Value::as_object)
                .ok_or_else(|| format!("$defs/{name} is neither a const set nor an object"))?;
            let required: Vec<&str> = def
                .get("required")
                .and_then(Value::as_array)
                .map(|r| r.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            let (mut req, mut opt) = (Vec::new(), Vec::new());
            for (k, s) in props {
                let field = (k.clone(), annotation(s)?);
                if required.contains(&k.as_str()) {
                    req.push(field)
                } else {
                    opt.push(field)
                }
            }
            let text = def.get("description").and_then(Value::as_str).unwrap_or_default();
            out.push_str(&typed_dict(name, text, &req, &opt));
            all_names.push(name.to_owned());
        }
        Ok(())
    }

    /// One `TypedDict` per kind's spec (`{"kind": "enum", "values": [...]}`), and their union
    /// `Spec`; their names go to `all_names`.
    fn write_specs(out: &mut String, schema: &Schema, all_names: &mut Vec<String>) -> Result<(), String> {
        let mut spec_names = Vec::new();
        for k in schema.kinds()? {
            let name = spec_class(k.kind);
            let mut req = vec![("kind".to_owned(), literal([k.kind]))];
            let mut opt = Vec::new();
            for (option, s, required) in &k.options {
                let field = ((*option).to_owned(), annotation(s)?);
                if *required {
                    req.push(field)
                } else {
                    opt.push(field)
                }
            }
            out.push_str(&typed_dict(
                &name,
                &format!("{} As a list item or filter item declares it.", k.description),
                &req,
                &opt,
            ));
            spec_names.push(name.clone());
            all_names.push(name);
        }
        let _ = writeln!(out, "Spec = Union[{}]", spec_names.join(", "));
        out.push_str("\"\"\"A kind with its options, as JSON declares it: `{\"kind\": \"enum\", \"values\": [\"a\", \"b\"]}`.\"\"\"\n\n\n");
        Ok(())
    }

    /// `_types.py`: kind names, codes, option values and shapes, specs, wire shapes, `__all__`.
    fn types_py(schema: &Schema) -> Result<String, String> {
        let mut out = String::from(HEADER);
        out.push_str(TYPES_PREAMBLE);
        write_code_literals(&mut out);
        let mut all_names: Vec<String> = Vec::new();
        // Enum-like option values, and the object shapes options use.
        write_option_values(&mut out, schema, &mut all_names)?;
        out.push('\n');
        write_option_shapes(&mut out, schema, &mut all_names)?;
        write_specs(&mut out, schema, &mut all_names)?;
        out.push_str(WIRE_SHAPES);
        all_names.sort();
        let names = type_names(schema)?;
        if !all_names.iter().all(|n| names.contains(n)) {
            return Err("a generated type is missing from `type_names`".into());
        }
        let _ = writeln!(out, "__all__ = [{}]", names.iter().map(|n| lit(n)).collect::<Vec<_>>().join(", "));
        Ok(out)
    }

    /// The options a check of the generated defaults must add for a kind to build at all.
    fn required_sample(kind: &str) -> Value {
        match kind {
            "enum" => json!({"values": ["a"]}),
            "vocabulary" => json!({"entries": [{"id": "a"}]}),
            _ => json!({}),
        }
    }

    /// Every literal default the generated functions send equals the core's own default:
    /// the spec built with it equals the spec built without it.
    fn check_defaults(kind: &str, defaults: &[(&str, Value)]) -> Result<(), String> {
        if defaults.is_empty() {
            return Ok(());
        }
        let k: Kind = kind.parse().map_err(|e| format!("{e}"))?;
        let base = required_sample(kind);
        let without = Spec::new(k, &base).map_err(|e| format!("{kind}: {e}"))?;
        for (name, value) in defaults {
            let mut with = base.as_object().cloned().unwrap_or_else(Map::new);
            with.insert((*name).to_owned(), value.clone());
            let with = Spec::new(k, &Value::Object(with)).map_err(|e| format!("{kind}.{name}: {e}"))?;
            if with != without {
                return Err(format!("the schema's default of `{name}` for kind `{kind}` is not the core's default"));
            }
        }
        Ok(())
    }

    /// The docstring and imports that open `_kinds.py`.
    const KINDS_PREAMBLE: &str = r#""""One keyword-only reader per kind, so an editor completes each kind's options.

Each function passes its options to the one generic `agent_input.read`, which the core checks;
an option left at `None` is not sent, so the core's own default applies. Nothing but the
extension is imported at run time (annotations are strings), so `import agent_input` stays fast.
"""

from __future__ import annotations

from ._agent_input import MISSING, read

TYPE_CHECKING = False
if TYPE_CHECKING:
    import datetime
    from decimal import Decimal
    from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

    from ._agent_input import Missing, Outcome
    from ._types import *  # noqa: F403

"#;

    /// The keyword parameters of one kind's reader and what its body sends.
    struct ReaderParams<'a> {
        /// The parameter lines (`    name: ann = default,`).
        params: Vec<String>,
        /// The options always sent: the required ones and those with a literal default.
        always: Vec<&'a str>,
        /// The options sent only when not `None`.
        optional: Vec<&'a str>,
        /// The `Args:` lines of the docstring.
        docs: Vec<String>,
        /// The literal defaults, to check against the core's.
        defaults: Vec<(&'a str, Value)>,
    }

    /// The parameters of the reader of kind `k`, one per option.
    fn reader_params<'a>(k: &KindSchema<'a>) -> Result<ReaderParams<'a>, String> {
        let mut p = ReaderParams {
            params: Vec::new(),
            always: Vec::new(),
            optional: Vec::new(),
            docs: Vec::new(),
            defaults: Vec::new(),
        };
        for (name, s, required) in &k.options {
            let ann = annotation(s)?;
            let text = s.get("description").and_then(Value::as_str).unwrap_or_default().replace('\n', " ");
            if *required {
                p.params.push(format!("    {name}: {ann},"));
                p.always.push(*name);
            } else if let Some(default) = default_literal(s) {
                p.params.push(format!("    {name}: {ann} = {default},"));
                p.always.push(*name);
                p.defaults.push((*name, s.get("default").cloned().unwrap_or(Value::Null)));
            } else {
                let mut members = parts(s)?;
                if !members.iter().any(|m| m == "None") {
                    members.push("None".to_owned());
                }
                let ann = join_union(members);
                p.params.push(format!("    {name}: {ann} = None,"));
                p.optional.push(*name);
            }
            let default_note = match s.get("default") {
                Some(d) if default_literal(s).is_none() => format!(" Default: `{d}`."),
                _ => String::new(),
            };
            p.docs.push(format!("        {name}: {}{default_note}", doc(&text)));
        }
        Ok(p)
    }

    /// The `read_{kind}` function of one kind (`kind` parsed): signature, docstring and body.
    fn write_reader(out: &mut String, k: &KindSchema, kind: Kind, p: &ReaderParams) {
        let _ = writeln!(out, "\ndef read_{}(", k.kind);
        out.push_str("    value: Union[JsonValue, Missing] = MISSING,\n    /,\n");
        if !p.params.is_empty() {
            out.push_str("    *,\n");
            for param in &p.params {
                out.push_str(param);
                out.push('\n');
            }
        }
        let _ = writeln!(out, ") -> Outcome[{}]:", value_type(kind));
        let _ = writeln!(out, "    \"\"\"Reads one value of kind `{}`: {}", k.kind, doc(k.description));
        out.push_str("\n    Leaving `value` out means the property was not sent. Never raises on bad input: the\n    outcome asks. Invalid options raise `InvalidOptionsError`.\n");
        if !p.docs.is_empty() {
            out.push_str("\n    Args:\n");
            for d in &p.docs {
                out.push_str(d);
                out.push('\n');
            }
        }
        out.push_str("    \"\"\"\n");
        let sent: Vec<String> = p.always.iter().map(|n| format!("{}: {n}", lit(n))).collect();
        let _ = writeln!(out, "    options: Dict[str, Any] = {{{}}}", sent.join(", "));
        for n in &p.optional {
            let _ = writeln!(out, "    if {n} is not None:\n        options[{}] = {n}", lit(n));
        }
        let _ = writeln!(out, "    return read({}, value, **options)\n", lit(k.kind));
    }

    /// `_kinds.py`: `TYPE_NAMES`, `__all__` and one keyword-only reader per kind.
    fn kinds_py(schema: &Schema) -> Result<String, String> {
        let mut out = String::from(HEADER);
        out.push_str(KINDS_PREAMBLE);
        let _ = writeln!(
            out,
            "#: The names `agent_input._types` defines; the package loads it on first use of one.\nTYPE_NAMES = ({},)\n",
            type_names(schema)?.iter().map(|n| lit(n)).collect::<Vec<_>>().join(", ")
        );
        let kinds = schema.kinds()?;
        let names: Vec<String> = kinds.iter().map(|k| lit(&format!("read_{}", k.kind))).collect();
        let _ = writeln!(out, "__all__ = [{}]\n", names.join(", "));
        for k in &kinds {
            let kind: Kind = k.kind.parse().map_err(|e| format!("{e}"))?;
            let p = reader_params(k)?;
            check_defaults(k.kind, &p.defaults)?;
            write_reader(&mut out, k, kind, &p);
        }
        Ok(out)
    }

    /// The Python files.
    ///
    /// # Errors
    /// A schema these generators do not understand, or a default that is not the core's.
    pub fn files(schema: &Schema) -> Result<Vec<File>, String> {
        Ok(vec![
            File { path: "bindings/python/python/agent_input/_types.py", text: types_py(schema)? },
            File { path: "bindings/python/python/agent_input/_kinds.py", text: kinds_py(schema)? },
        ])
    }
}

#[cfg(test)]
mod tests {
    /// The committed files equal what the generator writes (the `ensure_file_contents`
    /// pattern): locally a stale file is rewritten and the test fails; on CI it only fails.
    #[test]
    fn python_stubs_are_fresh() {
        let root = crate::workspace_root();
        let files = super::generate().expect("the stub generator runs on the core's schema");
        let mut stale = Vec::new();
        for file in files {
            let path = root.join(file.path);
            let committed = std::fs::read_to_string(&path).unwrap_or_default().replace("\r\n", "\n");
            if committed != file.text {
                stale.push(file.path);
                if std::env::var_os("CI").is_none() {
                    std::fs::write(&path, &file.text).expect("write the regenerated stub");
                }
            }
        }
        assert!(
            stale.is_empty(),
            "generated stubs were stale: {stale:?}; run `cargo xtask stubs` and commit the result (off CI they were rewritten)"
        );
    }
}
