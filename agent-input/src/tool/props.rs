//! Declared properties: the set a tool's (or an entry object's) declarations build, what
//! messages say of it, its canonical values' types, and its advertised schema.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::{json, Map, Value};
use smallvec::SmallVec;

use super::accepts::Accepts;
use super::from_schema::ACCEPTS_KEY;
use super::implied::{date_bound, implied, other_bound, PAIRS};
use super::person::AnsweredBy;
use super::read::join;
use crate::codes::WarningCode;
use crate::context::{Context, Host};
use crate::cursor::CursorCodec;
use crate::enum_::EnumOptions;
use crate::error::Error;
use crate::input::listing;
use crate::kind::{Spec, TypedRef, TypedValue};
use crate::limits::{MAX_LISTED, MAX_LIST_ITEMS, MAX_QUOTED_CHARS, MAX_UNION_VARIANTS};
use crate::outcome::Warning;
use crate::spelling;

/// A set of declared properties (the tool's, or an entry object's).
#[derive(Clone, Debug)]
pub(crate) struct PropertySet {
    pub(super) props: Vec<PropertyRule>,
    /// Folded word keys of the property names, to their index (a fast hasher: lookups only,
    /// of names the tool declared).
    pub(super) keys: HashMap<String, usize, foldhash::fast::RandomState>,
    /// Every property name to `null`, in declared order: the arguments of a call that sends
    /// most properties start as a copy of it (copying a map reuses its keys' hashes; inserting
    /// hashes each key again).
    pub(super) template: Map<String, Value>,
    /// The date properties that bound one range, as indices (`date_from` and `date_to`).
    pub(super) pairs: Vec<(usize, usize)>,
}

/// One slot per declared property, on the stack for the usual tool.
pub(super) type Slots<T> = SmallVec<[T; 12]>;

/// The sent key and value matched to each declared property.
pub(super) type Matched<'o> = Slots<Option<(&'o str, &'o Value)>>;

/// One property of a [`PropertySet`]: the rule its values are read by, built from its
/// declaration (a [`super::Property`] of the builder, or the JSON of a tool spec).
#[derive(Clone, Debug)]
pub(super) struct PropertyRule {
    pub(super) name: String,
    pub(super) required: bool,
    pub(super) description: String,
    /// Who answers this property's ambiguities, when it says so itself.
    pub(super) answered_by: Option<AnsweredBy>,
    /// A value sent that reads as absent (`null`, a placeholder) is passed on as `null`: a
    /// required property whose schema admits null (`Optional[int]` with no default).
    pub(super) nullable: bool,
    /// The schema the property's server declared (a passthrough's own, or the `accepts`
    /// option): a value valid against it is passed on as sent, before any kind reads it.
    pub(super) accepts: Option<Accepts>,
    pub(super) def: Def,
}

/// What a property's value is read as.
#[derive(Clone, Debug)]
pub(super) enum Def {
    Value(Spec),
    Entries {
        item: PropertySet,
        max_items: usize,
    },
    Object(PropertySet),
    /// One of several objects told apart by a tag (`"kind": "union"`, read by `tool::union`).
    Union(Box<Union>),
    /// A value passed on as sent, for the server's own validation (`"kind": "passthrough"`):
    /// what a schema read by [`ToolSpec::from_input_schema`](super::ToolSpec::from_input_schema)
    /// declares that no kind reads. Its schema is advertised unchanged.
    Passthrough(Value),
    /// An object of one of the tool's definitions (`"kind": "ref"`), read to the value's own
    /// depth: a tree's node, a filter language's clause, which refer to themselves.
    Ref(Ref),
    /// A list of entries of one of the tool's definitions (`"kind": "list"` of `"kind": "ref"`
    /// items).
    RefEntries {
        target: Ref,
        max_items: usize,
    },
}

/// A definition a property refers to (`"kind": "ref", "ref": "Node"`): the object set the tool
/// holds under that name. Held weakly, since a definition may refer to itself; the tool owns it.
#[derive(Clone)]
pub(crate) struct Ref {
    pub(super) name: String,
    target: std::sync::Weak<std::sync::OnceLock<PropertySet>>,
}

impl Ref {
    /// The definition, while its tool lives and once it is built.
    pub(super) fn resolved(&self) -> Option<Arc<std::sync::OnceLock<PropertySet>>> {
        self.target.upgrade().filter(|cell| cell.get().is_some())
    }

    /// `f` of the definition's set; `None` when there is none.
    pub(super) fn with<T>(&self, f: impl FnOnce(&PropertySet) -> T) -> Option<T> {
        let cell = self.resolved()?;
        cell.get().map(f)
    }

    /// The schema that refers to it.
    pub(super) fn schema(&self) -> Value {
        json!({"$ref": format!("#/$defs/{}", self.name.replace('~', "~0").replace('/', "~1"))})
    }
}

impl std::fmt::Debug for Ref {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the definition itself: it may hold this reference.
        write!(f, "Ref({:?})", self.name)
    }
}

/// The definitions of a tool being built, by name: each a cell its set is put into once built.
pub(crate) type Definitions = std::collections::HashMap<String, Arc<std::sync::OnceLock<PropertySet>>>;

/// One of a tool's definitions: its name and the object set it reads.
pub(crate) type Definition = (String, Arc<std::sync::OnceLock<PropertySet>>);

/// A union property's declaration: its tag and its variants, in declared order.
#[derive(Clone, Debug)]
pub(crate) struct Union {
    pub(super) tag: String,
    pub(super) variants: Vec<Variant>,
    /// The tag read as an enum of the variants' names.
    pub(super) names: Spec,
    /// The keys ([`name_key`]) of the tag and of every variant's properties: what a member
    /// sent beside the other arguments may hold, looked up once per key.
    pub(super) keys: std::collections::HashSet<String, foldhash::fast::RandomState>,
}

/// One variant: its name (the tag's value), description and properties.
#[derive(Clone, Debug)]
pub(crate) struct Variant {
    pub(super) name: String,
    pub(super) description: String,
    pub(super) set: PropertySet,
}

/// The keys a union declaration may have.
const UNION_KEYS: &[&str] = &["kind", "tag", "variants"];

impl Union {
    /// Reads a declaration (`tag`, `variants`); `tag` defaults to `type`.
    pub(super) fn from_json(obj: &Map<String, Value>, ctx: &Building<'_>) -> Result<Self, Error> {
        if let Some(k) = obj.keys().find(|k| !UNION_KEYS.contains(&k.as_str())) {
            return Err(Error::options(format!("unknown option `{k}` for a `union`, expected `tag` and `variants`")));
        }
        let tag = match obj.get("tag") {
            None | Some(Value::Null) => "type".to_owned(),
            Some(Value::String(t)) if !t.trim().is_empty() => t.clone(),
            Some(other) => {
                return Err(Error::options(format!("a union's `tag` must be a property name, found `{other}`")))
            }
        };
        let Some(Value::Object(declared)) =
            obj.get("variants").filter(|v| v.as_object().is_some_and(|o| !o.is_empty()))
        else {
            return Err(Error::options("a `union` needs `variants`: an object of one or more variants by name"));
        };
        if declared.len() > MAX_UNION_VARIANTS {
            return Err(Error::options(format!(
                "a `union` declares {} variants, more than the {MAX_UNION_VARIANTS} one may have",
                declared.len()
            )));
        }
        let mut variants = Vec::with_capacity(declared.len());
        for (name, decl) in declared {
            let err = |m: String| Error::options(format!("variant `{name}` of a union: {m}"));
            let Value::Object(decl) = decl else { return Err(err(format!("expected an object, found `{decl}`"))) };
            // `{"properties": {…}, "description": …}`, or the properties themselves.
            let (props, description) = match decl.get("properties") {
                Some(Value::Object(p)) if decl.keys().all(|k| k == "properties" || k == "description") => {
                    (p.clone(), decl.get("description").and_then(Value::as_str).unwrap_or_default().to_owned())
                }
                _ => (decl.clone(), String::new()),
            };
            if props.keys().any(|k| name_key(k) == name_key(&tag)) {
                return Err(err(format!("a property named as the tag `{tag}`")));
            }
            let set = PropertySet::from_json(&props, ctx).map_err(|e| err(e.to_string()))?;
            variants.push(Variant { name: name.clone(), description, set });
        }
        let names = Spec::Enum(EnumOptions::new(variants.iter().map(|v| v.name.clone())));
        let mut keys: std::collections::HashSet<String, foldhash::fast::RandomState> =
            variants.iter().flat_map(|v| v.set.keys.keys().cloned()).collect();
        keys.insert(name_key(&tag));
        Ok(Self { tag, variants, names, keys })
    }
}

/// What building a property set needs to know of its tool.
pub(crate) struct Building<'a> {
    /// The tool writes (ids read in write mode).
    pub writes: bool,
    /// The tool's name, for messages.
    pub tool: &'a str,
    /// The codec of cursor properties that name no key of their own.
    pub codec: Option<&'a CursorCodec>,
    /// The host whose environment holds the keys cursor properties name by `key_env`.
    pub host: &'a dyn Host,
    /// The tool's `languages`: every date, date range, boolean and number property (a list's or a
    /// filter's items too) that sets none of its own reads with them.
    pub languages: &'a [String],
    /// The definitions (`$defs`, `definitions`) the declared schemas of `accepts` refer to.
    pub defs: &'a Arc<Map<String, Value>>,
    /// The tool's own definitions (`defs`), which `"kind": "ref"` properties name.
    pub refs: &'a Definitions,
}

/// What an optional property's description says of leaving it out (a dialect whose every
/// property is required says otherwise: `tool::dialect`).
pub(crate) const OPTIONAL_SENTENCE: &str = "Optional: omit it rather than sending null or a placeholder.";

/// The kinds a `languages` option belongs to.
const LANGUAGE_KINDS: &[&str] = &["date", "date_range", "boolean", "number"];

/// A spec's `languages` (BCP 47 tags, checked), if given; the error says why not.
pub(crate) fn languages(value: Option<&Value>) -> Result<Vec<String>, String> {
    let list: Vec<String> = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| {
                v.as_str().map(str::to_owned).ok_or_else(|| format!("must be an array of language tags, found `{v}`"))
            })
            .collect::<Result<_, _>>()?,
        Some(other) => return Err(format!("must be an array of language tags such as [\"cs\"], found `{other}`")),
    };
    crate::spelling::languages::languages_error(&list).map_or(Ok(list), Err)
}

/// Gives a property's declaration (and its list's or filter's `item`) the tool's `languages`
/// where its kind takes them and it names none of its own.
fn inherit_languages(decl: &mut Map<String, Value>, languages: &[String]) {
    if languages.is_empty() {
        return;
    }
    let kind = decl.get("kind").and_then(Value::as_str).unwrap_or_default();
    if LANGUAGE_KINDS.contains(&kind) && !decl.contains_key("languages") {
        decl.insert("languages".into(), languages.iter().map(|l| Value::String(l.clone())).collect());
    }
    if let Some(Value::Object(item)) = decl.get_mut("item") {
        inherit_languages(item, languages);
    }
}

/// A declaration's `accepts` (the JSON Schema its server declared), if given; the error says
/// why not.
fn accepts_option(value: Option<Value>, ctx: &Building<'_>) -> Result<Option<Accepts>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(schema @ (Value::Object(_) | Value::Bool(_))) => Ok(Some(Accepts::new(schema, Arc::clone(ctx.defs)))),
        Some(other) => Err(format!("`{ACCEPTS_KEY}` must be a JSON Schema (an object), found `{other}`")),
    }
}

/// A spec's `answered_by` (`"model"` or `"user"`), if given; the error says why not.
pub(crate) fn answered_by(value: Option<&Value>) -> Result<Option<AnsweredBy>, String> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s == "model" => Ok(Some(AnsweredBy::Model)),
        Some(Value::String(s)) if s == "user" => Ok(Some(AnsweredBy::User)),
        Some(other) => Err(format!("must be \"model\" or \"user\", found `{other}`")),
    }
}

/// The matching key of a property name: `dateFrom`, `DateFrom`, `date-from` all give `date from`.
pub(super) fn name_key(name: &str) -> String {
    spelling::fold::words(name)
}

impl PropertySet {
    pub(crate) fn from_json(props: &Map<String, Value>, ctx: &Building<'_>) -> Result<Self, Error> {
        Self::from_json_owned(props.clone(), ctx)
    }

    /// [`Self::from_json`] of declarations it owns: each nested one is moved down, not copied
    /// at each level (a copy per level is quadratic in a schema's depth).
    fn from_json_owned(props: Map<String, Value>, ctx: &Building<'_>) -> Result<Self, Error> {
        let (writes, tool) = (ctx.writes, ctx.tool);
        let mut set = Self {
            props: Vec::with_capacity(props.len()),
            keys: HashMap::default(),
            template: Map::new(),
            pairs: Vec::new(),
        };
        for (name, decl) in props {
            let err = |m: String| Error::options(format!("property `{name}` of tool `{tool}`: {m}"));
            let mut obj = match decl {
                Value::Object(o) => o,
                Value::Null => Map::new(),
                other => return Err(err(format!("expected an object, found `{other}`"))),
            };
            let required = match obj.remove("required") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => b,
                Some(other) => return Err(err(format!("`required` must be a boolean, found `{other}`"))),
            };
            let description = match obj.remove("description") {
                None | Some(Value::Null) => String::new(),
                Some(Value::String(s)) => s,
                Some(other) => return Err(err(format!("`description` must be a string, found `{other}`"))),
            };
            let answered_by =
                answered_by(obj.remove("answered_by").as_ref()).map_err(|m| err(format!("`answered_by` {m}")))?;
            let nullable = match obj.remove("nullable") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => b,
                Some(other) => return Err(err(format!("`nullable` must be a boolean, found `{other}`"))),
            };
            let accepts = accepts_option(obj.remove(ACCEPTS_KEY), ctx).map_err(err)?;
            // `"kind": "response_format"` declares what the name `response_format` implies.
            if obj.get("kind").and_then(Value::as_str) == Some("response_format") {
                obj.remove("kind");
                if let Some(Value::Object(defaults)) = implied("response_format", writes) {
                    for (k, v) in defaults {
                        obj.entry(k).or_insert(v);
                    }
                }
            }
            if !obj.contains_key("kind") {
                let Some(Value::Object(defaults)) = implied(&name, writes) else {
                    return Err(err("no `kind`, and the name implies none".to_owned()));
                };
                for (k, v) in defaults {
                    obj.entry(k).or_insert(v);
                }
            }
            let def = Self::def(obj, ctx).map_err(|e| err(e.to_string()))?;
            // A value a passthrough's schema takes goes on as sent; what it refuses is looked at.
            let accepts = match &def {
                Def::Passthrough(schema) => Some(Accepts::new(schema.clone(), Arc::clone(ctx.defs))),
                _ => accepts,
            };
            let key = name_key(&name);
            if let Some(other) = set.keys.insert(key, set.props.len()) {
                let other = set.props.get(other).map(|p| p.name.as_str()).unwrap_or_default();
                return Err(err(format!("its name folds to the same words as `{other}`")));
            }
            set.props.push(PropertyRule {
                name: name.clone(),
                required,
                description,
                answered_by,
                nullable,
                accepts,
                def,
            });
            set.template.insert(name.clone(), Value::Null);
        }
        set.pairs = Self::date_pairs(&set.props);
        Ok(set)
    }

    fn def(mut obj: Map<String, Value>, ctx: &Building<'_>) -> Result<Def, Error> {
        let kind = obj.get("kind").and_then(Value::as_str).unwrap_or_default().to_owned();
        if kind == "passthrough" {
            if let Some(k) = obj.keys().find(|k| *k != "kind" && *k != "schema") {
                return Err(Error::options(format!("unknown option `{k}` for a `passthrough`")));
            }
            return Ok(Def::Passthrough(obj.remove("schema").unwrap_or_else(|| json!({}))));
        }
        if kind == "object" {
            let props = match obj.remove("properties") {
                Some(Value::Object(p)) => p,
                _ => return Err(Error::options("an `object` needs `properties`")),
            };
            if let Some(k) = obj.keys().find(|k| *k != "kind") {
                return Err(Error::options(format!("unknown option `{k}` for an `object`")));
            }
            return Ok(Def::Object(Self::from_json_owned(props, ctx)?));
        }
        if kind == "union" {
            return Ok(Def::Union(Box::new(Union::from_json(&obj, ctx)?)));
        }
        if kind == "ref" {
            if let Some(k) = obj.keys().find(|k| *k != "kind" && *k != "ref") {
                return Err(Error::options(format!("unknown option `{k}` for a `ref`")));
            }
            return Ok(Def::Ref(Self::reference(&obj, ctx)?));
        }
        if kind == "list" && obj.get("item").and_then(|i| i.get("kind")).and_then(Value::as_str) == Some("ref") {
            let Some(Value::Object(item)) = obj.get("item") else {
                return Err(Error::options("a `list` needs an `item`"));
            };
            let target = Self::reference(item, ctx)?;
            let max_items = Self::max_items(&obj)?;
            return Ok(Def::RefEntries { target, max_items });
        }
        if kind == "list" {
            let entries = obj.get("item").and_then(|i| i.get("kind")).and_then(Value::as_str) == Some("object");
            let item = if entries { obj.remove("item") } else { None };
            if let Some(Value::Object(item)) = item {
                let item_def = Self::def(item, ctx)?;
                let Def::Object(item) = item_def else {
                    return Err(Error::options("an entry must be an `object`"));
                };
                let max_items = Self::max_items(&obj)?;
                return Ok(Def::Entries { item, max_items });
            }
        }
        if kind == "uuid" && ctx.writes && !obj.contains_key("mode") {
            obj.insert("mode".into(), json!("write"));
        }
        inherit_languages(&mut obj, ctx.languages);
        Ok(Def::Value(Spec::from_json_with(&Value::Object(obj), ctx.codec, ctx.host)?))
    }

    /// A list's `max_items`: 1 to [`MAX_LIST_ITEMS`], that when not given.
    fn max_items(obj: &Map<String, Value>) -> Result<usize, Error> {
        match obj.get("max_items") {
            None | Some(Value::Null) => Ok(MAX_LIST_ITEMS),
            Some(v) => v
                .as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .filter(|n| (1..=MAX_LIST_ITEMS).contains(n))
                .ok_or_else(|| Error::options(format!("`max_items` must be 1..={MAX_LIST_ITEMS}"))),
        }
    }

    /// The definition a `"kind": "ref"` declaration names.
    fn reference(obj: &Map<String, Value>, ctx: &Building<'_>) -> Result<Ref, Error> {
        let name = obj
            .get("ref")
            .and_then(Value::as_str)
            .ok_or_else(|| Error::options("a `ref` needs `ref`, a definition's name"))?;
        let cell = ctx
            .refs
            .get(name)
            .ok_or_else(|| Error::options(format!("`ref` names `{name}`, which `defs` does not define")))?;
        Ok(Ref { name: name.to_owned(), target: Arc::downgrade(cell) })
    }

    /// The first top-level property of the idempotency key kind, else the property named the
    /// idempotency key (`idempotency_key`, `idempotencyKey`) on a schema whose strings are passed
    /// on as sent: a drop-in's writes keep receipts as a spec's do.
    pub(crate) fn key_property(&self) -> Option<&str> {
        let kind = self.props.iter().find(|p| matches!(p.def, Def::Value(Spec::IdempotencyKey(_))));
        kind.or_else(|| {
            // The folded key of the name, folded once.
            static KEY_NAME: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| name_key("idempotency_key"));
            let named = self.keys.get(KEY_NAME.as_str()).and_then(|i| self.props.get(*i))?;
            matches!(named.def, Def::Passthrough(_)).then_some(named)
        })
        .map(|p| p.name.as_str())
    }

    /// The policy a top-level property declares for its ambiguities.
    pub(crate) fn answered_by(&self, name: &str) -> Option<AnsweredBy> {
        self.props.iter().find(|p| p.name == name).and_then(|p| p.answered_by)
    }

    /// `args` with the top-level properties of `values` set to their values: every key that
    /// matches the property (its name, or a spelling of it such as `dateTo`) is replaced.
    pub(crate) fn with_values(&self, args: &Value, values: &[(String, Value, String)]) -> Value {
        let mut object = args.as_object().cloned().unwrap_or_default();
        for (name, value, _) in values {
            let key = name_key(name);
            object.retain(|k, _| k != name && name_key(k) != key);
            object.insert(name.clone(), value.clone());
        }
        Value::Object(object)
    }

    /// Replaces a value property's spec with one built in Rust (prepared here).
    pub(crate) fn replace(&mut self, name: &str, mut spec: Spec) -> Result<(), Error> {
        spec.prepare()?;
        if let Some(p) = self.props.iter_mut().find(|p| p.name == name) {
            if let Def::Value(_) = p.def {
                p.def = Def::Value(spec);
            }
        }
        self.pairs = Self::date_pairs(&self.props);
        Ok(())
    }

    /// The indices of the date properties named as a range's two bounds ([`PAIRS`], and two
    /// names that differ only in the bound's word: [`other_bound`]).
    fn date_pairs(props: &[PropertyRule]) -> Vec<(usize, usize)> {
        let at = |name: &str| {
            let key = name_key(name);
            props.iter().position(|p| name_key(&p.name) == key && matches!(p.def, Def::Value(Spec::Date(_))))
        };
        let mut pairs: Vec<(usize, usize)> = PAIRS.iter().filter_map(|(from, to)| at(from).zip(at(to))).collect();
        for (i, p) in props.iter().enumerate() {
            let words = name_key(&p.name);
            let other = (date_bound(&words) == Some("from")).then(|| other_bound(&words)).flatten();
            if let Some(j) = other.and_then(|o| at(&o)) {
                if matches!(p.def, Def::Value(Spec::Date(_))) && !pairs.iter().any(|(a, b)| *a == i || *b == j) {
                    pairs.push((i, j));
                }
            }
        }
        pairs
    }

    pub(super) fn expected(&self, prop: &PropertyRule) -> String {
        match &prop.def {
            Def::Value(spec) => {
                let schema = spec.schema();
                let d = schema["description"].as_str().unwrap_or("a value").trim_end_matches('.').to_owned();
                lower_first(&d)
            }
            Def::Entries { .. } | Def::RefEntries { .. } => "a JSON array of entries".to_owned(),
            Def::Object(_) | Def::Ref(_) => "a JSON object".to_owned(),
            Def::Union(_) => "a JSON object of one variant".to_owned(),
            Def::Passthrough(schema) => passthrough_expected(schema),
        }
    }

    pub(super) fn unknown(&self, prefix: &str, key: &str, cx: &Context<'_>) -> Warning {
        let names: Vec<Value> = self.props.iter().take(MAX_LISTED).map(|p| Value::String(p.name.clone())).collect();
        let list = listing(&self.props, |p| format!("`{}`", p.name));
        // The declared name nearest the key (`limt`: `limit`), named, never applied.
        let keys: Vec<String> = self.props.iter().map(|p| name_key(&p.name)).collect();
        let rule = spelling::suggest::Rule { threshold: 0.75, containment: None };
        let ranked = spelling::suggest::ranked(cx, &name_key(key), keys.iter().map(String::as_str).zip(0usize..), rule);
        let nearest = ranked.first().and_then(|(_, i)| self.props.get(*i));
        let near = nearest.map(|p| format!(" (`{}` is the nearest)", p.name)).unwrap_or_default();
        let mut w = Warning::new(
            WarningCode::UnknownProperty,
            format!("Ignored the unknown property `{}`{near}; the accepted properties are {list}.", cut(key)),
            names,
        );
        w.path = Some(join(prefix, key));
        w
    }

    /// The typed values of an object this set read (its canonical args), in declaration order.
    /// The object's keys are matched in one pass along the properties when they come in
    /// declaration order, as the args of a read do (no key hashed); in any other order, each
    /// property is looked up.
    pub(crate) fn to_typed(&self, object: &Map<String, Value>) -> Vec<(String, TypedValue)> {
        let mut out = Vec::with_capacity(object.len());
        self.each_typed(object, |i, typed| {
            if let Some(p) = self.props.get(i) {
                out.push((p.name.clone(), typed.into_owned()));
            }
        });
        out
    }

    /// Calls `f` with each property's index and typed value ([`Self::to_typed`]'s, a string
    /// borrowed), in declaration order.
    pub(crate) fn each_typed<'a>(&self, object: &'a Map<String, Value>, mut f: impl FnMut(usize, TypedRef<'a>)) {
        // The object's keys matched in one pass along the properties when they come in
        // declaration order, as the args of a read do (no key hashed); else each looked up.
        let mut found: SmallVec<[(usize, &'a Value); 16]> = SmallVec::new();
        let mut entries = object.iter().peekable();
        for (i, p) in self.props.iter().enumerate() {
            if let Some((_, value)) = entries.next_if(|(k, _)| **k == p.name) {
                found.push((i, value));
            }
        }
        if entries.peek().is_some() {
            found.clear();
            found.extend(self.props.iter().enumerate().filter_map(|(i, p)| Some((i, object.get(&p.name)?))));
        }
        for (i, value) in found {
            if let Some(p) = self.props.get(i) {
                f(i, Self::typed_ref_of(p, value));
            }
        }
    }

    /// [`Self::typed_of`], a string borrowed.
    fn typed_ref_of<'a>(p: &PropertyRule, value: &'a Value) -> TypedRef<'a> {
        match &p.def {
            Def::Value(spec) => spec.to_typed_ref(value),
            _ => TypedRef::Owned(Self::typed_of(p, value)),
        }
    }

    /// The typed value of property `p`'s canonical `value`.
    fn typed_of(p: &PropertyRule, value: &Value) -> TypedValue {
        match (&p.def, value) {
            (Def::Value(spec), v) => spec.to_typed(v),
            (Def::Object(set), Value::Object(o)) => TypedValue::Object(set.to_typed(o)),
            (Def::Ref(r), Value::Object(o)) => {
                r.with(|set| TypedValue::Object(set.to_typed(o))).unwrap_or_else(|| TypedValue::Json(value.clone()))
            }
            (Def::RefEntries { target, .. }, Value::Array(entries)) => target
                .with(|item| TypedValue::List(entries.iter().map(|e| entry_typed(item, e)).collect()))
                .unwrap_or_else(|| TypedValue::Json(value.clone())),
            (Def::Union(union), Value::Object(o)) => TypedValue::Object(union.to_typed(o)),
            (Def::Entries { item, .. }, Value::Array(entries)) => {
                TypedValue::List(entries.iter().map(|e| entry_typed(item, e)).collect())
            }
            (_, other) => TypedValue::Json(other.clone()),
        }
    }

    /// The payload these properties accept with every required one set to its canonical
    /// example ([`Spec::example`]) and the optional ones left out: an object's own, an entry
    /// list's one entry, a passed-on schema's `default`, first `examples`, `const` or first
    /// `enum` value (else an empty value of its type).
    pub(crate) fn skeleton(&self) -> Value {
        let mut out = Map::new();
        for p in self.props.iter().filter(|p| p.required) {
            let value = match &p.def {
                Def::Value(spec) => spec.example(),
                Def::Object(set) => Some(set.skeleton()),
                Def::Union(union) => Some(union.skeleton()),
                Def::Entries { item, .. } => Some(Value::Array(vec![item.skeleton()])),
                Def::Passthrough(schema) => Some(passthrough_example(schema)),
                // Not followed: a definition may refer to itself.
                Def::Ref(_) => Some(json!({})),
                Def::RefEntries { .. } => Some(json!([])),
            };
            if let Some(v) = value {
                out.insert(p.name.clone(), v);
            }
        }
        Value::Object(out)
    }

    /// The keys ([`name_key`]) of the required properties.
    pub(super) fn required_keys(&self) -> Vec<String> {
        self.props.iter().filter(|p| p.required).map(|p| name_key(&p.name)).collect()
    }

    /// The names of the required properties.
    pub(super) fn required_names(&self) -> Vec<String> {
        self.props.iter().filter(|p| p.required).map(|p| p.name.clone()).collect()
    }

    /// True when a property's key ([`name_key`]) is this set's.
    pub(super) fn has_key(&self, key: &str) -> bool {
        self.keys.contains_key(key)
    }

    /// The object schema of the set.
    pub(crate) fn schema(&self) -> Value {
        let mut properties = Map::new();
        let mut required = Vec::new();
        for p in &self.props {
            let s = match &p.def {
                Def::Passthrough(schema) => passthrough_schema(p, schema),
                _ => described(p, self.kind_schema(p)),
            };
            if p.required {
                required.push(Value::String(p.name.clone()));
            }
            properties.insert(p.name.clone(), s);
        }
        // No `additionalProperties: false`: the reader takes other spellings of the names
        // (`dateFrom`, `pageSize`, `courts`) and warns of unknown ones, so a host that checks
        // arguments against the schema before sending must not refuse them.
        schema_of([
            ("type", Value::String("object".into())),
            ("properties", Value::Object(properties)),
            ("required", Value::Array(required)),
        ])
    }

    /// The schema a property's kind (or nested set) advertises, before its description is said.
    /// Built by moving the nested schemas in (`json!` would serialise each again: a cost per
    /// level, quadratic in a schema's depth).
    fn kind_schema(&self, p: &PropertyRule) -> Value {
        match &p.def {
            Def::Passthrough(schema) => schema.clone(),
            Def::Value(spec) => spec.schema(),
            Def::Object(set) => {
                let text =
                    json!({"type": ["string", "null"], "description": "Also read: the object sent as JSON text."});
                schema_of([
                    ("description", Value::String("A JSON object.".into())),
                    ("anyOf", Value::Array(vec![set.schema(), text])),
                ])
            }
            Def::Union(union) => union.schema(),
            Def::Ref(r) => r.schema(),
            Def::RefEntries { target, max_items } => schema_of([
                ("type", Value::String("array".into())),
                ("items", target.schema()),
                ("maxItems", json!(max_items)),
            ]),
            Def::Entries { item, max_items } => {
                let entry = item.schema();
                let list = schema_of([
                    ("type", Value::String("array".into())),
                    ("items", entry.clone()),
                    ("maxItems", json!(max_items)),
                ]);
                let one = "Also read: one entry object, as a one-entry list, and the entries sent as JSON text.";
                let one = schema_of([
                    ("description", Value::String(one.into())),
                    ("anyOf", Value::Array(vec![entry, json!({"type": ["string", "null"]})])),
                ]);
                let said = "A JSON array of entries. Each entry is read on its own: good entries are applied, bad ones are reported by index.";
                schema_of([("description", Value::String(said.into())), ("anyOf", Value::Array(vec![list, one]))])
            }
        }
    }
}

/// A passed-on property's schema: as declared (the server validates it), with the author's
/// description; beside it, the JSON text of a map or tuple the reader decodes
/// (`passthrough_container`).
fn passthrough_schema(p: &PropertyRule, schema: &Value) -> Value {
    let mut s = schema.clone();
    if !p.description.is_empty() && s.is_object() {
        s["description"] = Value::String(p.description.clone());
    }
    if passthrough_container(schema).is_some() {
        let description = s.as_object_mut().and_then(|o| o.remove("description"));
        let text = json!({"type": "string", "description": "Also read: the value sent as JSON text."});
        s = schema_of([("anyOf", Value::Array(vec![s, text]))]);
        if let Some(d) = description {
            s["description"] = d;
        }
    }
    s
}

/// A kind's schema `s` with the description a model reads: the author's words, the kind's,
/// and whether the property is required.
fn described(p: &PropertyRule, mut s: Value) -> Value {
    let kind_text = s["description"].as_str().unwrap_or_default().to_owned();
    let presence = if p.required {
        " Required.".to_owned()
    } else if s.get("default").is_some() {
        String::new()
    } else {
        format!(" {OPTIONAL_SENTENCE}")
    };
    let description = if p.description.is_empty() {
        format!("{kind_text}{presence}")
    } else {
        // The author's words end as a sentence before the kind's own ("Free text. Text, at
        // most …", not "Free text Text, at most …").
        let own = p.description.trim_end();
        let ended = own.ends_with(['.', '!', '?', '…', ':', ';', '。', '！', '？']);
        format!("{own}{} {kind_text}{presence}", if ended { "" } else { "." })
    };
    s["description"] = Value::String(description);
    s
}

/// A JSON object of the pairs, the values moved in.
pub(super) fn schema_of<const N: usize>(pairs: [(&str, Value); N]) -> Value {
    Value::Object(pairs.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

/// A key as messages quote it: at most [`MAX_QUOTED_CHARS`] characters, then `…`.
fn cut(key: &str) -> String {
    match key.char_indices().nth(MAX_QUOTED_CHARS) {
        Some((i, _)) => format!("{}…", key.get(..i).unwrap_or_default()),
        None => key.to_owned(),
    }
}

fn lower_first(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_lowercase().chain(c).collect(),
        None => String::new(),
    }
}

/// The JSON container a passthrough schema takes and a string is not: `Some(true)` for one of
/// objects only (a map: `dict[str, str]`, `Record<string, string>`), `Some(false)` for one of
/// arrays only (a tuple), null aside; `None` when it takes a string too, several kinds, or
/// says no type. Such a value sent as JSON text has one meaning, the value the text holds.
pub(super) fn passthrough_container(schema: &Value) -> Option<bool> {
    // (objects, arrays, anything else) a schema's `type` names; `None` for no `type`.
    type Kinds = (bool, bool, bool);
    let or = |a: Kinds, b: Kinds| (a.0 || b.0, a.1 || b.1, a.2 || b.2);
    let types_of = |s: &Value| -> Option<Kinds> {
        let one = |t: &Value| match t.as_str() {
            Some("object") => (true, false, false),
            Some("array") => (false, true, false),
            Some("null") => (false, false, false),
            _ => (false, false, true),
        };
        match s.get("type")? {
            Value::Array(ts) => Some(ts.iter().map(one).fold((false, false, false), or)),
            t => Some(one(t)),
        }
    };
    let branches = ["anyOf", "oneOf"].iter().find_map(|k| schema.get(*k).and_then(Value::as_array));
    let (objects, arrays, other) = match branches {
        Some(branches) => branches.iter().try_fold((false, false, false), |acc, b| types_of(b).map(|t| or(acc, t)))?,
        None => types_of(schema)?,
    };
    match (objects, arrays, other) {
        (true, false, false) => Some(true),
        (false, true, false) => Some(false),
        _ => None,
    }
}

/// What a value of a schema passed on to the server is, for an ask: its JSON type in words
/// (`a string of at most 200 characters`), or the schema's own say.
fn passthrough_expected(schema: &Value) -> String {
    let ty = match schema.get("type") {
        Some(Value::Array(types)) => {
            let mut rest = types.iter().filter(|t| *t != "null");
            match (rest.next(), rest.next()) {
                (Some(one), None) => one.as_str(),
                _ => None,
            }
        }
        Some(t) => t.as_str(),
        None => None,
    };
    let max = schema.get("maxLength").and_then(Value::as_u64);
    match (ty, max) {
        (Some("string"), Some(max)) => format!("a string of at most {max} characters"),
        (Some("string"), None) => "a string".to_owned(),
        (Some("integer"), _) => "a whole number".to_owned(),
        (Some("number"), _) => "a number".to_owned(),
        (Some("boolean"), _) => "true or false".to_owned(),
        (Some("array"), _) => "a JSON array, as the tool's schema declares it".to_owned(),
        (Some("object"), _) => "a JSON object, as the tool's schema declares it".to_owned(),
        _ => "a value as the tool's schema declares it".to_owned(),
    }
}

/// An example of a schema passed on to the server: its `default`, first `examples`, `const` or
/// first `enum` value, else an empty value of its (first) type.
fn passthrough_example(schema: &Value) -> Value {
    let given = schema
        .get("default")
        .or_else(|| schema.get("examples").and_then(|e| e.get(0)))
        .or_else(|| schema.get("const"))
        .or_else(|| schema.get("enum").and_then(|e| e.get(0)));
    if let Some(v) = given {
        return v.clone();
    }
    let ty = match schema.get("type") {
        Some(Value::Array(types)) => types.iter().find(|t| *t != "null").and_then(Value::as_str),
        Some(t) => t.as_str(),
        None => None,
    };
    match ty {
        Some("integer" | "number") => json!(0),
        Some("boolean") => json!(false),
        Some("array") => json!([]),
        Some("object") => json!({}),
        Some("null") => Value::Null,
        _ => json!(""),
    }
}

/// The typed value of one entry of a list of `item` objects.
fn entry_typed(item: &PropertySet, entry: &Value) -> TypedValue {
    match entry {
        Value::Object(o) => TypedValue::Object(item.to_typed(o)),
        other => TypedValue::Json(other.clone()),
    }
}

/// The cells of a tool spec's `defs`, by name, each still empty: the properties that refer to
/// a definition are built before it is.
pub(crate) fn definition_cells(defs: Option<&Value>, tool: &str) -> Result<Definitions, Error> {
    match defs {
        None | Some(Value::Null) => Ok(Definitions::new()),
        Some(Value::Object(d)) => Ok(d.keys().map(|k| (k.clone(), Arc::new(std::sync::OnceLock::new()))).collect()),
        Some(other) => {
            Err(Error::options(format!("`defs` of tool `{tool}` must be an object of definitions, found `{other}`")))
        }
    }
}

/// A tool spec's `defs` built into their cells: each an object declaration (`{"kind": "object",
/// "properties": {...}}`), whose properties may refer to any definition, itself too. Returns
/// them by name, in the order of their names.
pub(crate) fn build_definitions(
    defs: Option<&Value>,
    cells: &Definitions,
    ctx: &Building<'_>,
) -> Result<Vec<Definition>, Error> {
    let Some(Value::Object(defs)) = defs else { return Ok(Vec::new()) };
    let mut out = Vec::with_capacity(defs.len());
    for (name, decl) in defs {
        let err = |m: &str| Error::options(format!("definition `{name}` of tool `{}`: {m}", ctx.tool));
        let Some(Value::Object(decl)) = Some(decl) else { return Err(err("expected an object declaration")) };
        if decl.get("kind").and_then(Value::as_str) != Some("object") {
            return Err(err("a definition is an object (`\"kind\": \"object\"` with `properties`)"));
        }
        if let Some(k) = decl.keys().find(|k| !["kind", "properties", "description"].contains(&k.as_str())) {
            return Err(err(&format!("unknown option `{k}`")));
        }
        let Some(Value::Object(props)) = decl.get("properties") else {
            return Err(err("an `object` needs `properties`"));
        };
        let set = PropertySet::from_json(props, ctx).map_err(|e| err(&e.to_string()))?;
        let cell = cells.get(name).ok_or_else(|| err("not a definition"))?;
        let _ = cell.set(set);
        out.push((name.clone(), Arc::clone(cell)));
    }
    Ok(out)
}
