//! Declared properties and the reading of an argument object.

use std::collections::HashMap;

use serde_json::{json, Map, Value};
use smallvec::SmallVec;

use super::envelope::Issue;
use super::implied::{date_bound, group, implied, other_bound, PAIRS};
use super::person::AnsweredBy;
use crate::codes::{AskCode, NoteCode, WarningCode};
use crate::context::{Context, Host};
use crate::cursor::CursorCodec;
use crate::error::Error;
use crate::hint::{At, Fix};
use crate::input::{json_text, listing, Input};
use crate::json::{self, Duplicate, Parsed};
use crate::kind::{Spec, TypedValue};
use crate::limits::{
    MAX_CALL_BYTES, MAX_FOLD_WORK, MAX_ISSUES, MAX_LISTED, MAX_LIST_ITEMS, MAX_NOTES, MAX_QUOTED_CHARS,
    MAX_VALUES_PER_CALL, MAX_WARNINGS,
};
use crate::outcome::{received_cut, Ask, Note, Outcome, Status, Warning};
use crate::spelling;

/// A set of declared properties (the tool's, or an entry object's).
#[derive(Clone, Debug)]
pub(crate) struct PropertySet {
    props: Vec<Property>,
    /// Folded word keys of the property names, to their index.
    keys: HashMap<String, usize>,
    /// Every property name to `null`, in declared order: the arguments of a call that sends
    /// most properties start as a copy of it (copying a map reuses its keys' hashes; inserting
    /// hashes each key again).
    template: Map<String, Value>,
    /// The date properties that bound one range, as indices (`date_from` and `date_to`).
    pairs: Vec<(usize, usize)>,
}

/// One slot per declared property, on the stack for the usual tool.
type Slots<T> = SmallVec<[T; 12]>;

/// The sent key and value matched to each declared property.
type Matched<'o> = Slots<Option<(&'o str, &'o Value)>>;

#[derive(Clone, Debug)]
struct Property {
    name: String,
    required: bool,
    description: String,
    /// Who answers this property's ambiguities, when it says so itself.
    answered_by: Option<AnsweredBy>,
    /// A value sent that reads as absent (`null`, a placeholder) is passed on as `null`: a
    /// required property whose schema admits null (`Optional[int]` with no default).
    nullable: bool,
    def: Def,
}

#[derive(Clone, Debug)]
enum Def {
    Value(Spec),
    Entries {
        item: PropertySet,
        max_items: usize,
    },
    Object(PropertySet),
    /// A value passed on as sent, for the server's own validation (`"kind": "passthrough"`):
    /// what a schema read by [`ToolSpec::from_input_schema`](super::ToolSpec::from_input_schema)
    /// declares that no kind reads. Its schema is advertised unchanged.
    Passthrough(Value),
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
}

/// What reading one property gives.
enum Got {
    /// Its canonical value.
    Value(Value),
    /// No value (absent, or a collection with nothing to apply).
    Nothing,
    /// An issue, already in the read.
    Reported,
}

/// What reading an argument object gives.
pub(crate) struct Read<'c> {
    /// The call's context: its suggestion and folding budgets, shared by every value read.
    pub cx: &'c Context<'c>,
    pub args: Map<String, Value>,
    pub notes: Vec<Note>,
    pub warnings: Vec<Warning>,
    pub issues: Vec<Issue>,
    /// How many more values the call may read ([`MAX_VALUES_PER_CALL`]).
    values_left: usize,
    /// The issue saying the call holds too many values was made.
    over: bool,
    /// Notes and warnings past their caps, counted rather than kept.
    dropped: (usize, usize),
}

impl<'c> Read<'c> {
    /// An empty read of a whole call in `cx`.
    pub(crate) fn call(cx: &'c Context<'c>) -> Self {
        Self {
            cx,
            args: Map::new(),
            notes: Vec::new(),
            warnings: Vec::new(),
            issues: Vec::new(),
            values_left: MAX_VALUES_PER_CALL,
            over: false,
            dropped: (0, 0),
        }
    }

    /// An empty read of a nested object, sharing this read's budget of values.
    fn nested(&self) -> Self {
        Self { values_left: self.values_left, over: self.over, ..Self::call(self.cx) }
    }

    /// Takes a nested read's notes, warnings and issues, and its budget; true when it had no
    /// issue.
    fn absorb(&mut self, nested: Self) -> (bool, Map<String, Value>) {
        let ok = nested.issues.is_empty();
        for note in nested.notes {
            self.note(note);
        }
        for warning in nested.warnings {
            self.warn(|| warning);
        }
        self.issues.extend(nested.issues);
        (self.values_left, self.over) = (nested.values_left, nested.over);
        self.dropped = (self.dropped.0 + nested.dropped.0, self.dropped.1 + nested.dropped.1);
        (ok, nested.args)
    }

    /// Keeps a note, or counts it past [`MAX_NOTES`].
    fn note(&mut self, note: Note) {
        if self.notes.len() < MAX_NOTES {
            self.notes.push(note);
        } else {
            self.dropped.0 += 1;
        }
    }

    /// Keeps a warning (made only when it is kept), or counts it past [`MAX_WARNINGS`].
    fn warn(&mut self, make: impl FnOnce() -> Warning) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(make());
        } else {
            self.dropped.1 += 1;
        }
    }

    /// A warning for each key the arguments held twice, naming both values.
    pub(crate) fn duplicate_keys(&mut self, duplicates: &[Duplicate]) {
        for d in duplicates {
            let mut w = Warning::new(
                WarningCode::DuplicateProperty,
                format!(
                    "The key `{}` was sent twice; read {} and ignored {}.",
                    d.path,
                    Input::from(&d.read).to_json_text(),
                    Input::from(&d.ignored).to_json_text()
                ),
                vec![Input::from(&d.ignored).received().0, Input::from(&d.read).received().0],
            );
            w.path = Some(d.path.clone());
            self.warn(|| w);
        }
    }

    /// Keeps at most [`MAX_ISSUES`] issues, [`MAX_WARNINGS`] warnings and [`MAX_NOTES`] notes;
    /// the last of each counts the rest.
    pub(crate) fn cap(&mut self, tool: &str) {
        if self.issues.len() > MAX_ISSUES {
            // Issues of arguments (the call cannot run) come before issues of entries.
            self.issues.sort_by_key(|i| i.entry);
            let rest = self.issues.split_off(MAX_ISSUES - 1);
            let entry = rest.iter().all(|i| i.entry);
            let first = rest.first().map(|i| i.path.clone()).unwrap_or_default();
            self.issues.push(Issue::more(tool, rest.len(), &first, entry));
        }
        crate::outcome::cap_warnings(&mut self.warnings, self.dropped.1, "call");
        crate::outcome::cap_notes(&mut self.notes, self.dropped.0, "call");
    }

    /// Adds an issue; a `received` cut to its first bytes gets its note, at the issue's path.
    fn report(&mut self, issue: Issue) {
        if let Some(total) = issue.cut_from {
            let mut note = received_cut(total);
            note.path = Some(issue.path.clone());
            self.note(note);
        }
        self.issues.push(issue);
    }

    /// Takes `n` values from the call's budget; false, with one issue the first time, when the
    /// call holds more than [`MAX_VALUES_PER_CALL`].
    #[inline]
    fn take_values(&mut self, n: usize, tool: &str, path: &str) -> bool {
        if self.cx.folding_spent() {
            self.over_work(tool, path);
            return false;
        }
        if let Some(left) = self.values_left.checked_sub(n) {
            self.values_left = left;
            return true;
        }
        self.over_budget(tool, path);
        false
    }

    /// The issue of [`Self::take_values`] past the budget, made once.
    #[cold]
    fn over_budget(&mut self, tool: &str, path: &str) {
        if !self.over {
            self.over = true;
            let expected =
                format!("at most {MAX_VALUES_PER_CALL} values in one call; the values from `{path}` on were not read");
            let fix = Fix::set(format!("split into several calls of at most {MAX_VALUES_PER_CALL} values each"));
            self.report(Issue::new(tool, path, (AskCode::TooManyItems, &Input::Null), expected, fix, false));
        }
    }

    /// Runs a read; once the call holds [`MAX_ISSUES`] issues, with no suggestion scans: its
    /// ask is only counted in the last issue, never shown, so it names no nearest value.
    #[inline]
    fn quiet<R>(&self, read: impl FnOnce() -> R) -> R {
        if self.issues.len() >= MAX_ISSUES {
            self.cx.quietly(read)
        } else {
            read()
        }
    }

    /// The issue of [`Self::take_values`] once the call has folded [`MAX_FOLD_WORK`] bytes,
    /// made once.
    #[cold]
    fn over_work(&mut self, tool: &str, path: &str) {
        if !self.over {
            self.over = true;
            let expected = format!(
                "values that fold to at most {MAX_FOLD_WORK} bytes of text in one call; the values from `{path}` on were not read"
            );
            let fix = Fix::set(format!("split into several calls, the values from `{path}` on in the next"));
            self.report(Issue::new(tool, path, (AskCode::InputTooLong, &Input::Null), expected, fix, false));
        }
    }

    /// Keeps an outcome's notes and warnings at `path` (a part they name, such as a range's
    /// `from`, is joined to it: `period.from`) and hands back its status.
    #[inline]
    fn gather<T>(&mut self, out: Outcome<T>, path: &str) -> Status<T> {
        if out.notes.is_empty() && out.warnings.is_empty() {
            return out.status; // a canonical value: nothing to keep
        }
        self.keep(out, path)
    }

    /// [`Self::gather`] of an outcome with notes or warnings.
    fn keep<T>(&mut self, out: Outcome<T>, path: &str) -> Status<T> {
        let Outcome { status, notes, warnings } = out;
        let under = |sub: Option<String>| Some(sub.map_or_else(|| path.to_owned(), |sub| join(path, &sub)));
        for mut n in notes {
            n.path = under(n.path.take());
            self.note(n);
        }
        for mut w in warnings {
            w.path = under(w.path.take());
            self.warn(|| w);
        }
        status
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
fn name_key(name: &str) -> String {
    spelling::fold::words(name)
}

/// The note of a range sent under `key` for the bounds `from` and `to`, at the first bound.
fn pair_note(prefix: &str, key: &str, (from, to): (&Property, &Property)) -> Note {
    let message = ["Read the property `", key, "` as `", &from.name, "` and `", &to.name, "`."].concat();
    let mut note = Note::new(NoteCode::PropertyNameNormalized, message);
    note.path = Some(join(prefix, &from.name));
    note
}

fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_owned()
    } else {
        format!("{prefix}.{name}")
    }
}

impl PropertySet {
    pub(crate) fn from_json(props: &Map<String, Value>, ctx: &Building<'_>) -> Result<Self, Error> {
        let (writes, tool) = (ctx.writes, ctx.tool);
        let mut set = Self {
            props: Vec::with_capacity(props.len()),
            keys: HashMap::new(),
            template: Map::new(),
            pairs: Vec::new(),
        };
        for (name, decl) in props {
            let err = |m: String| Error::options(format!("property `{name}` of tool `{tool}`: {m}"));
            let mut obj = match decl {
                Value::Object(o) => o.clone(),
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
            if !obj.contains_key("kind") {
                let Some(Value::Object(defaults)) = implied(name, writes) else {
                    return Err(err("no `kind`, and the name implies none".to_owned()));
                };
                for (k, v) in defaults {
                    obj.entry(k).or_insert(v);
                }
            }
            let def = Self::def(obj, ctx).map_err(|e| err(e.to_string()))?;
            let key = name_key(name);
            if let Some(other) = set.keys.insert(key, set.props.len()) {
                let other = set.props.get(other).map(|p| p.name.as_str()).unwrap_or_default();
                return Err(err(format!("its name folds to the same words as `{other}`")));
            }
            set.props.push(Property { name: name.clone(), required, description, answered_by, nullable, def });
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
            return Ok(Def::Object(Self::from_json(&props, ctx)?));
        }
        if kind == "list" {
            if let Some(Value::Object(item)) = obj.get("item") {
                if item.get("kind").and_then(Value::as_str) == Some("object") {
                    let item_def = Self::def(item.clone(), ctx)?;
                    let Def::Object(item) = item_def else {
                        return Err(Error::options("an entry must be an `object`"));
                    };
                    let max_items = match obj.get("max_items") {
                        None | Some(Value::Null) => MAX_LIST_ITEMS,
                        Some(v) => v
                            .as_u64()
                            .and_then(|n| usize::try_from(n).ok())
                            .filter(|n| (1..=MAX_LIST_ITEMS).contains(n))
                            .ok_or_else(|| Error::options(format!("`max_items` must be 1..={MAX_LIST_ITEMS}")))?,
                    };
                    return Ok(Def::Entries { item, max_items });
                }
            }
        }
        if kind == "uuid" && ctx.writes && !obj.contains_key("mode") {
            obj.insert("mode".into(), json!("write"));
        }
        Ok(Def::Value(Spec::from_json_with(&Value::Object(obj), ctx.codec, ctx.host)?))
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

    /// Reads the whole argument object of a call.
    pub(crate) fn read_root<'c>(&self, args: &Value, tool: &str, cx: &'c Context<'c>) -> Read<'c> {
        let mut read = Read::call(cx);
        let decoded;
        let object = match args {
            Value::Object(o) => o,
            Value::Null => {
                decoded = Map::new();
                &decoded
            }
            Value::String(s) => match json::parse(s.as_bytes(), MAX_CALL_BYTES) {
                Ok(Parsed { value: Value::Object(o), duplicates }) => {
                    read.notes.push(Note::new(
                        NoteCode::JsonObjectDecoded,
                        "Read the arguments sent as a JSON string as the object it holds.".to_owned(),
                    ));
                    read.duplicate_keys(&duplicates);
                    decoded = o;
                    &decoded
                }
                _ => {
                    read.report(not_an_object(tool, "", args, false));
                    return read;
                }
            },
            other => {
                read.report(not_an_object(tool, "", other, false));
                return read;
            }
        };
        let object = match self.wrapped(object) {
            Some((key, inner)) => {
                let message = format!("Read the arguments sent inside `{key}` as the tool's arguments.");
                read.notes.push(Note::new(NoteCode::ArgumentsUnwrapped, message));
                inner
            }
            None => object,
        };
        self.read_object(object, "", tool, false, &mut read);
        read
    }

    /// The arguments a client or model wrapped in one key (`{"arguments": {…}}`, `input`,
    /// `params`): the only key, an object, and no property of the tool. `None` otherwise.
    fn wrapped<'a>(&self, object: &'a Map<String, Value>) -> Option<(&'a str, &'a Map<String, Value>)> {
        if object.len() != 1 {
            return None;
        }
        let (key, Value::Object(inner)) = object.iter().next()? else { return None };
        let words = name_key(key);
        let wrapper = matches!(words.as_str(), "arguments" | "args" | "input" | "params" | "parameters" | "kwargs");
        (wrapper && !self.keys.contains_key(&words)).then_some((key.as_str(), inner))
    }

    /// Reads one object's properties into `read.args`, or into a nested object at `prefix`.
    fn read_object(&self, object: &Map<String, Value>, prefix: &str, tool: &str, entry: bool, read: &mut Read<'_>) {
        let mut range_text = None;
        let matched = self.match_keys(object, prefix, read, &mut range_text);
        // A range sent as one string for the tool's pair of bounds: its bounds, owned here.
        let split: Option<((usize, usize), [Value; 2])> = range_text.and_then(|range| {
            let pair = self.range_pair(&name_key(range.0))?;
            let sent = Self::bound_sent(&matched, pair);
            self.split_range(range, (prefix, tool), (pair, sent), read).map(|bounds| (pair, bounds))
        });
        // A bound of that range, for the slot `i` nothing was sent for (the slots are not
        // rewritten: moving a dozen of them costs the canonical call more than this check).
        let bound = |i: usize| {
            let ((a, b), bounds) = split.as_ref()?;
            let value = if i == *a {
                bounds.first()
            } else if i == *b {
                bounds.get(1)
            } else {
                None
            };
            value.filter(|v| !v.is_null())
        };
        // Pushed as read (not filled first), and lent rather than moved: a slot holds a whole
        // `Value`, and copying a dozen of them costs more than reading a canonical one.
        let mut values: Slots<Option<Value>> = SmallVec::new();
        for (i, (prop, raw)) in self.props.iter().zip(&matched).enumerate() {
            // A root property's path is its name, borrowed: no string per property per call.
            let path: std::borrow::Cow<'_, str> =
                if prefix.is_empty() { prop.name.as_str().into() } else { join(prefix, &prop.name).into() };
            let raw = raw.map(|(_, v)| v).or_else(|| bound(i));
            values.push(match self.read_property(prop, raw, &path, (tool, entry), read) {
                Got::Value(v) => Some(v),
                // A null sent for a property whose schema admits it is passed on as null.
                Got::Nothing if prop.nullable && raw.is_some() => Some(Value::Null),
                Got::Nothing if prop.required => {
                    read.report(Issue::missing(tool, &path, &Input::from(raw), &self.expected(prop)));
                    None
                }
                Got::Nothing | Got::Reported => None,
            });
        }
        self.check_pairs(&values, &matched, (prefix, tool), read);
        read.args = self.args_of(&mut values);
        // Every slot was taken: the slots own nothing, and when they sit inline no drop call
        // per slot is needed (forgetting them frees nothing; a spilled vector is dropped).
        if !values.spilled() && values.iter().all(Option::is_none) {
            std::mem::forget(values);
        }
    }

    /// The arguments map of the values read (taken out of `values`), in declared order. When at
    /// least half the properties hold a value, a copy of [`Self::template`] with the absent ones
    /// removed; otherwise each value inserted (both give the same map: a test compares them).
    fn args_of(&self, values: &mut [Option<Value>]) -> Map<String, Value> {
        let present = values.iter().flatten().count();
        if present > 0 && 2 * present >= values.len() {
            // Entries sized to the template: a plain clone sizes them to its hash table's
            // capacity, past what the allocator keeps at hand for reuse.
            let mut args = Map::with_capacity(values.len());
            args.clone_from(&self.template);
            if present < values.len() {
                let mut keep = values.iter().map(Option::is_some);
                args.retain(|_, _| keep.next().unwrap_or(false));
            }
            for (slot, value) in args.values_mut().zip(values.iter_mut().filter_map(Option::take)) {
                // The template's null owns nothing: matched, it needs no drop call.
                match std::mem::replace(slot, value) {
                    Value::Null => {}
                    other => drop(other),
                }
            }
            return args;
        }
        self.args_inserted(values)
    }

    /// [`Self::args_of`] a value at a time.
    fn args_inserted(&self, values: &mut [Option<Value>]) -> Map<String, Value> {
        // Room for every value at once: the map does not grow (and rehash) insert by insert.
        let mut args = Map::with_capacity(values.iter().flatten().count());
        for (prop, value) in self.props.iter().zip(values) {
            if let Some(v) = value.take() {
                args.insert(prop.name.clone(), v);
            }
        }
        args
    }

    /// The index of the property named exactly `key`: the one after `after` first, as keys
    /// mostly come in declared order.
    fn exact(&self, key: &str, after: usize) -> Option<usize> {
        if self.props.get(after).is_some_and(|p| p.name == key) {
            return Some(after);
        }
        self.props.iter().position(|p| p.name == key)
    }

    /// Matches incoming keys to declared properties: exact names first, then folded words
    /// (`dateFrom` is `date_from`, with a note); two keys for one property and unknown keys warn.
    /// A range written as one string for the tool's pair of bounds is left in `range_text`.
    fn match_keys<'o>(
        &self,
        object: &'o Map<String, Value>,
        prefix: &str,
        read: &mut Read<'_>,
        range_text: &mut Option<(&'o str, &'o str)>,
    ) -> Matched<'o> {
        // The inline buffer written whole (a `None` is `Copy`): `resize` and `smallvec![None;
        // n]` write the slots one call at a time.
        let n = self.props.len();
        let mut matched: Slots<Option<(&str, &Value)>> = if n <= 12 {
            SmallVec::from_buf_and_len([None; 12], n)
        } else {
            let mut spilled = SmallVec::new();
            spilled.resize(n, None);
            spilled
        };
        let (mut next, mut inexact) = (0, false);
        for (key, value) in object {
            let Some(i) = self.exact(key, next) else {
                inexact = true;
                continue;
            };
            next = i + 1;
            if let Some(slot) = matched.get_mut(i) {
                if let Some((other, _)) = slot {
                    read.warn(|| duplicate(prefix, other, key));
                }
                *slot = Some((key.as_str(), value));
            }
        }
        if !inexact {
            return matched;
        }
        for (key, value) in object {
            if self.exact(key, 0).is_some() {
                continue;
            }
            let words = name_key(key);
            let Some(i) = self.named(&words) else {
                match value {
                    Value::String(text) if range_text.is_none() && self.range_pair(&words).is_some() => {
                        *range_text = Some((key.as_str(), text.as_str()));
                    }
                    Value::Object(inner) if self.nested(&words, (key, inner), &mut matched, prefix, read) => {}
                    _ if self.range_for_pair(&words, (key, value), &mut matched, prefix, read) => {}
                    _ => read.warn(|| self.unknown(prefix, key, read.cx)),
                }
                continue;
            };
            let name = self.props.get(i).map(|p| p.name.as_str()).unwrap_or_default();
            match matched.get_mut(i) {
                Some(Some((existing, _))) => read.warn(|| duplicate(prefix, existing, key)),
                Some(slot) => {
                    *slot = Some((key.as_str(), value));
                    let message = ["Read the property `", key, "` as `", name, "`."].concat();
                    let mut note = Note::new(NoteCode::PropertyNameNormalized, message);
                    note.path = Some(join(prefix, name));
                    read.note(note);
                }
                None => {}
            }
        }
        matched
    }

    /// The declared property a key that is no declared name names by its words: the same words,
    /// another name of its group ([`Self::synonym`]), or English's other number
    /// ([`Self::plural`]).
    fn named(&self, words: &str) -> Option<usize> {
        self.keys.get(words).copied().or_else(|| self.synonym(words)).or_else(|| self.plural(words))
    }

    /// The one declared property a key the tool does not declare names by another name of its
    /// group ([`group`]: `country` for `countryCode`, `limit` for `page_size`); for the bounds
    /// of a range (`from` for `date_from`), only when the tool has one pair of them.
    #[cold]
    fn synonym(&self, words: &str) -> Option<usize> {
        let g = group(words)?;
        if matches!(g, "from" | "to") && self.pairs.len() != 1 {
            return None;
        }
        let mut found = self.props.iter().enumerate().filter(|(_, p)| group(&name_key(&p.name)) == Some(g));
        let (i, _) = found.next()?;
        found.next().is_none().then_some(i)
    }

    /// The tool's own properties sent inside an object under a key for filters (`"filters":
    /// {"court": "NS"}`, `where`, `criteria`): each read as that property, with a note. False,
    /// and nothing done, unless every key inside names a property not sent itself.
    #[cold]
    fn nested<'o>(
        &self,
        words: &str,
        (key, inner): (&str, &'o Map<String, Value>),
        matched: &mut Matched<'o>,
        prefix: &str,
        read: &mut Read<'_>,
    ) -> bool {
        if !matches!(words, "filter" | "filters" | "where" | "criteria" | "conditions" | "filter by")
            || inner.is_empty()
        {
            return false;
        }
        let found: Option<Vec<(usize, &'o str, &'o Value)>> = inner
            .iter()
            .map(|(k, v)| {
                let w = name_key(k);
                let i = self.exact(k, 0).or_else(|| self.named(&w))?;
                matched.get(i).is_some_and(Option::is_none).then_some((i, k.as_str(), v))
            })
            .collect();
        let Some(found) = found else { return false };
        if found.iter().enumerate().any(|(n, (i, ..))| found.iter().skip(n + 1).any(|(j, ..)| j == i)) {
            return false;
        }
        for (i, k, v) in found {
            let name = self.props.get(i).map(|p| p.name.as_str()).unwrap_or_default();
            if let Some(slot) = matched.get_mut(i) {
                *slot = Some((k, v));
            }
            let message = ["Read the property `", key, ".", k, "` as `", name, "`."].concat();
            let mut note = Note::new(NoteCode::PropertyNameNormalized, message);
            note.path = Some(join(prefix, name));
            read.note(note);
        }
        true
    }

    /// The declared property a key names in English's other number (`courts` for `court`,
    /// `language` for `languages`, `statuses` for `status`, `countries` for `country`): its last
    /// word with or without `s` or `es`, or with `ies` for `y`.
    #[cold]
    fn plural(&self, words: &str) -> Option<usize> {
        let variants = [
            words.strip_suffix("ies").map(|w| format!("{w}y")),
            words.strip_suffix('y').map(|w| format!("{w}ies")),
            words.strip_suffix("es").map(str::to_owned),
            words.strip_suffix('s').map(str::to_owned),
            Some(format!("{words}s")),
            Some(format!("{words}es")),
        ];
        variants
            .into_iter()
            .flatten()
            .filter(|v| !v.ends_with(' ') && !v.is_empty())
            .find_map(|v| self.keys.get(&v).copied())
    }

    /// Whether a bound of the tool's first pair was sent itself (a range for the pair is then
    /// an unknown key).
    fn bound_sent(matched: &Matched<'_>, (a, b): (usize, usize)) -> bool {
        [a, b].iter().any(|i| matched.get(*i).is_some_and(Option::is_some))
    }

    /// The pair of date bounds a whole range may be sent for under a key of these words: the
    /// tool's one pair, when the last word is `range`, `period`, `dates`, `interval` or
    /// `timeframe` or the key is `date`; else the one pair whose names are the key's words (less
    /// such a last word) with their `from` and `to` (`decision_date` and `decision_date_range`
    /// for `decision_date_from` and `decision_date_to`, whatever other pairs the tool has).
    /// `"date": "2026-05-01"` is that day, `"date": "Q1 2026"` the quarter.
    fn range_pair(&self, words: &str) -> Option<(usize, usize)> {
        let (head, last) = words.rsplit_once(' ').unwrap_or(("", words));
        let generic = matches!(last, "range" | "period" | "dates" | "interval" | "timeframe");
        if let ([one], true) = (self.pairs.as_slice(), generic || words == "date") {
            return Some(*one);
        }
        // `date` alone, with two pairs or more, names none of them.
        let stem = if generic { head } else { words };
        if !stem.ends_with(" date") {
            return None;
        }
        let named = |(a, _): &&(usize, usize)| {
            self.props
                .get(*a)
                .is_some_and(|p| name_key(&p.name).strip_prefix(stem).is_some_and(|rest| rest.starts_with(' ')))
        };
        let mut found = self.pairs.iter().filter(named);
        match (found.next(), found.next()) {
            (Some(pair), None) => Some(*pair),
            _ => None,
        }
    }

    /// A range written as one string for the tool's one pair of bounds (`"date_range": "Q1
    /// 2026"`, `"period": "2026-01-01 to 2026-03-31"`), read as the date range kind reads it
    /// (with the bounds' `today`): its bounds as values for their slots, the read's notes at
    /// their paths, or its ask as an issue at the key. `None` when a bound was sent itself or
    /// the range reads as absent (the key is then unknown, as before).
    #[cold]
    fn split_range(
        &self,
        (key, text): (&str, &str),
        at: (&str, &str),
        (pair, sent): ((usize, usize), bool),
        read: &mut Read<'_>,
    ) -> Option<[Value; 2]> {
        let (prefix, tool) = at;
        let (Some(f), Some(t)) = (self.props.get(pair.0), self.props.get(pair.1)) else { return None };
        if sent {
            read.warn(|| self.unknown(prefix, key, read.cx));
            return None;
        }
        let today = match &f.def {
            Def::Value(Spec::Date(o)) => o.today,
            _ => None,
        };
        let out = crate::date::read_range_prepared(Input::String(text), &crate::date::DateRangeOptions { today });
        let (from_path, to_path) = (join(prefix, &f.name), join(prefix, &t.name));
        let renamed = pair_note(prefix, key, (f, t));
        let Outcome { status, notes, warnings } = out;
        match status {
            Status::Ok { value } => {
                read.note(renamed);
                for mut n in notes {
                    n.path = Some(if n.path.as_deref() == Some("to") { to_path.clone() } else { from_path.clone() });
                    read.note(n);
                }
                for w in warnings {
                    read.warn(|| w);
                }
                let iso = |d: Option<chrono::NaiveDate>| d.map_or(Value::Null, |d| Value::String(d.to_string()));
                Some([iso(value.from), iso(value.to)])
            }
            Status::Absent => {
                read.warn(|| self.unknown(prefix, key, read.cx));
                None
            }
            Status::Ask { mut ask } => {
                // The next call sets the tool's bounds, or the range again under the same key.
                ask.fix = std::mem::take(&mut ask.fix).parts_onto(&from_path, &to_path);
                read.issues.push(Issue::from_ask(tool, &join(prefix, key), *ask, false));
                None
            }
        }
    }

    /// A whole range sent for the tool's one pair of bounds (`"date_range": {"from": …, "to":
    /// …}` or `[from, to]` for `date_from` and `date_to`, under a key whose last word is
    /// `range`, `period`, `dates`, `interval` or `timeframe`): each bound into its slot, with a
    /// note. False, and nothing done, for any other key or value, or when a bound is already
    /// sent.
    #[cold]
    fn range_for_pair<'o>(
        &self,
        words: &str,
        (key, value): (&'o str, &'o Value),
        matched: &mut Matched<'o>,
        prefix: &str,
        read: &mut Read<'_>,
    ) -> bool {
        let Some((a, b)) = self.range_pair(words) else { return false };
        let (from, to) = match value {
            Value::Object(o) if !o.is_empty() && o.keys().all(|k| k == "from" || k == "to") => {
                (o.get("from"), o.get("to"))
            }
            Value::Array(items) if items.len() == 2 => (items.first(), items.get(1)),
            _ => return false,
        };
        if Self::bound_sent(matched, (a, b)) {
            return false;
        }
        let (Some(f), Some(t)) = (self.props.get(a), self.props.get(b)) else { return false };
        for (slot, bound) in [(a, from), (b, to)] {
            if let (Some(s), Some(v)) = (matched.get_mut(slot), bound) {
                *s = Some((key, v));
            }
        }
        read.note(pair_note(prefix, key, (f, t)));
        true
    }

    /// Reads one property's raw value at `path`; issues go to `read`.
    fn read_property(
        &self,
        prop: &Property,
        raw: Option<&Value>,
        path: &str,
        at: (&str, bool),
        read: &mut Read<'_>,
    ) -> Got {
        let (tool, entry) = at;
        let value = match &prop.def {
            Def::Value(Spec::List(list)) if matches!(raw, Some(Value::Array(_))) => {
                read_items(list, raw, path, tool, read)
            }
            Def::Value(_) if raw.is_some() && !read.take_values(1, tool, path) => return Got::Reported,
            // The call's budget is running (`ToolSpec::read_parsed`): no scope per property.
            Def::Value(spec) => match read.gather(read.quiet(|| spec.read_in(Input::from(raw), read.cx)), path) {
                // A list read from a string holds more values than the one taken.
                Status::Ok { value: Value::Array(items) }
                    if !read.take_values(items.len().saturating_sub(1), tool, path) =>
                {
                    return Got::Reported;
                }
                Status::Ok { value } => Some(value),
                Status::Absent => None,
                Status::Ask { ask } => {
                    read.issues.push(Issue::from_ask(tool, path, *ask, entry));
                    return Got::Reported;
                }
            },
            Def::Object(set) => match raw {
                None | Some(Value::Null) => None,
                Some(Value::Object(o)) => {
                    let mut nested = read.nested();
                    set.read_object(o, path, tool, entry, &mut nested);
                    let (ok, args) = read.absorb(nested);
                    ok.then_some(Value::Object(args))
                }
                Some(other) => {
                    read.report(not_an_object(tool, path, other, entry));
                    return Got::Reported;
                }
            },
            Def::Entries { item, max_items } => read_entries(item, *max_items, raw, path, tool, read),
            Def::Passthrough(_) if raw.is_some() && !read.take_values(1, tool, path) => return Got::Reported,
            Def::Passthrough(_) => raw.cloned(),
        };
        value.map_or(Got::Nothing, Got::Value)
    }

    /// A lower bound after its upper bound: one issue naming both.
    /// When both bounds name periods (`"2022"` and `"2020"`), the swapped reading is each
    /// period read in the other's role (2020-01-01 to 2022-12-31), as the range kind's is.
    fn check_pairs(
        &self,
        values: &[Option<Value>],
        raws: &Matched<'_>,
        (prefix, tool): (&str, &str),
        read: &mut Read<'_>,
    ) {
        for &(a, b) in &self.pairs {
            let (Some(Some(Value::String(f))), Some(Some(Value::String(t)))) = (values.get(a), values.get(b)) else {
                continue;
            };
            let (Some(from), Some(to)) = (self.props.get(a), self.props.get(b)) else { continue };
            if f > t {
                // Each sent value read in the other bound's role: the periods, in order.
                let other = |prop: &Property, raw: Option<&Value>| match (&prop.def, raw) {
                    (Def::Value(spec), Some(raw)) => match spec.read_in(Input::from(Some(raw)), read.cx).status {
                        Status::Ok { value: Value::String(s) } => Some(s),
                        _ => None,
                    },
                    _ => None,
                };
                let raw = |i: usize| raws.get(i).copied().flatten().map(|(_, v)| v);
                let swapped = other(from, raw(b)).zip(other(to, raw(a))).filter(|(x, y)| x <= y);
                let (sf, st) = swapped.unwrap_or_else(|| (t.clone(), f.clone()));
                let (from, to) = (from.name.as_str(), to.name.as_str());
                let ask = Ask::range_reversed_as(
                    json!({ from: f, to: t }),
                    (from, At::Value),
                    (to, At::Path(join(prefix, to))),
                    (f.as_str(), t.as_str()),
                    (&sf, &st),
                );
                read.issues.push(Issue::from_ask(tool, &join(prefix, from), ask, false));
            }
        }
    }

    /// The indices of the date properties named as a range's two bounds ([`PAIRS`], and two
    /// names that differ only in the bound's word: [`other_bound`]).
    fn date_pairs(props: &[Property]) -> Vec<(usize, usize)> {
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

    fn expected(&self, prop: &Property) -> String {
        match &prop.def {
            Def::Value(spec) => {
                let schema = spec.schema();
                let d = schema["description"].as_str().unwrap_or("a value").trim_end_matches('.').to_owned();
                lower_first(&d)
            }
            Def::Entries { .. } => "a JSON array of entries".to_owned(),
            Def::Object(_) => "a JSON object".to_owned(),
            Def::Passthrough(_) => "a value as the tool's schema declares it".to_owned(),
        }
    }

    fn unknown(&self, prefix: &str, key: &str, cx: &Context<'_>) -> Warning {
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
    pub(crate) fn to_typed(&self, object: &Map<String, Value>) -> Vec<(String, TypedValue)> {
        let mut out = Vec::with_capacity(object.len());
        for p in &self.props {
            let Some(value) = object.get(&p.name) else { continue };
            let typed = match (&p.def, value) {
                (Def::Value(spec), v) => spec.to_typed(v),
                (Def::Object(set), Value::Object(o)) => TypedValue::Object(set.to_typed(o)),
                (Def::Entries { item, .. }, Value::Array(entries)) => TypedValue::List(
                    entries
                        .iter()
                        .map(|e| match e {
                            Value::Object(o) => TypedValue::Object(item.to_typed(o)),
                            other => TypedValue::Json(other.clone()),
                        })
                        .collect(),
                ),
                (_, other) => TypedValue::Json(other.clone()),
            };
            out.push((p.name.clone(), typed));
        }
        out
    }

    /// The object schema of the set.
    pub(crate) fn schema(&self) -> Value {
        let mut properties = Map::new();
        let mut required = Vec::new();
        for p in &self.props {
            if let Def::Passthrough(schema) = &p.def {
                // Advertised as declared: the server validates it.
                let mut s = schema.clone();
                if !p.description.is_empty() && s.is_object() {
                    s["description"] = Value::String(p.description.clone());
                }
                if p.required {
                    required.push(Value::String(p.name.clone()));
                }
                properties.insert(p.name.clone(), s);
                continue;
            }
            let mut s = match &p.def {
                Def::Passthrough(schema) => schema.clone(),
                Def::Value(spec) => spec.schema(),
                Def::Object(set) => json!({"description": "A JSON object.", "anyOf": [set.schema(), {"type": "null"}]}),
                Def::Entries { item, max_items } => {
                    let entry = item.schema();
                    json!({
                        "description": "A JSON array of entries. Each entry is read on its own: good entries are applied, bad ones are reported by index.",
                        "anyOf": [
                            {"type": "array", "items": entry, "maxItems": max_items},
                            {"description": "Also read: one entry object, as a one-entry list.", "anyOf": [entry, {"type": "null"}]},
                        ],
                    })
                }
            };
            let kind_text = s["description"].as_str().unwrap_or_default().to_owned();
            let presence = if p.required {
                " Required.".to_owned()
            } else if s.get("default").is_some() {
                String::new()
            } else {
                " Optional: omit it rather than sending null or a placeholder.".to_owned()
            };
            let description = if p.description.is_empty() {
                format!("{kind_text}{presence}")
            } else {
                format!("{} {kind_text}{presence}", p.description.trim_end())
            };
            s["description"] = Value::String(description);
            if p.required {
                required.push(Value::String(p.name.clone()));
            }
            properties.insert(p.name.clone(), s);
        }
        // No `additionalProperties: false`: the reader takes other spellings of the names
        // (`dateFrom`, `pageSize`, `courts`) and warns of unknown ones, so a host that checks
        // arguments against the schema before sending must not refuse them.
        json!({"type": "object", "properties": properties, "required": required})
    }
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

fn duplicate(prefix: &str, used: &str, ignored: &str) -> Warning {
    let mut w = Warning::new(
        WarningCode::DuplicateProperty,
        format!("`{used}` and `{ignored}` name the same property; read `{used}` and ignored `{ignored}`."),
        vec![Value::String(ignored.to_owned())],
    );
    w.path = Some(join(prefix, used));
    w
}

fn not_an_object(tool: &str, path: &str, received: &Value, entry: bool) -> Issue {
    let shown = if path.is_empty() { "the arguments".to_owned() } else { format!("`{path}`") };
    let expected = format!("{shown} as a JSON object, not {}", Input::from(received).type_name());
    let fix = Fix::set(if path.is_empty() { "as a JSON object" } else { "set to a JSON object" });
    Issue::new(tool, path, (AskCode::UnexpectedType, &Input::from(received)), expected, fix, entry)
}

/// An array property of values, best effort: each item on its own.
fn read_items(
    list: &crate::kind::list::ListOptions,
    raw: Option<&Value>,
    path: &str,
    tool: &str,
    read: &mut Read<'_>,
) -> Option<Value> {
    let Some(Value::Array(items)) = raw else { return None };
    let max = list.max_items.unwrap_or(MAX_LIST_ITEMS);
    if items.len() > max {
        let spec = Spec::List(list.clone());
        if let Status::Ask { ask } = spec.read_in(Input::from(raw), read.cx).status {
            read.issues.push(Issue::from_ask(tool, path, *ask, false));
        }
        return None;
    }
    if !read.take_values(items.len(), tool, path) {
        return None;
    }
    let mut good = Vec::with_capacity(items.len());
    let mut seen = std::collections::HashSet::new();
    for (i, item) in items.iter().enumerate() {
        let item_path = format!("{path}[{i}]");
        if read.cx.folding_spent() {
            read.over_work(tool, &item_path);
            return None;
        }
        match read.gather(read.quiet(|| list.item.read_in(Input::from(item), read.cx)), &item_path) {
            Status::Ok { value } => {
                if !list.item.is_set_like() || seen.insert(json_text(&value)) {
                    good.push(value);
                } else {
                    let mut w = Warning::new(
                        WarningCode::DuplicateItemsRemoved,
                        format!("Removed the repeated {} at `{item_path}`; each value counts once.", json_text(&value)),
                        vec![value],
                    );
                    w.path = Some(item_path);
                    read.warn(|| w);
                }
            }
            Status::Absent => {}
            Status::Ask { ask } => read.issues.push(Issue::from_ask(tool, &item_path, *ask, true)),
        }
    }
    Some(Value::Array(good))
}

/// A collection of entry objects, best effort: good entries kept, bad ones reported by index.
fn read_entries(
    item: &PropertySet,
    max: usize,
    raw: Option<&Value>,
    path: &str,
    tool: &str,
    read: &mut Read<'_>,
) -> Option<Value> {
    let single;
    let entries: &[Value] = match raw {
        None | Some(Value::Null) => return None,
        Some(Value::Array(a)) => a,
        Some(Value::Object(_)) => {
            let mut note = Note::new(
                NoteCode::SingleValueReadAsList,
                format!("Read the one entry at `{path}` as a one-entry list."),
            );
            note.path = Some(path.to_owned());
            read.note(note);
            single = [raw.cloned().unwrap_or(Value::Null)];
            &single
        }
        Some(other) => {
            let expected = format!("a JSON array of entries, not {}", Input::from(other).type_name());
            let fix = Fix::set("set to a JSON array of entry objects");
            read.report(Issue::new(tool, path, (AskCode::UnexpectedType, &Input::from(other)), expected, fix, false));
            return None;
        }
    };
    if entries.len() > max {
        let fix = Fix::set(format!("set to at most {max} entries, or split the work into several calls"));
        let received = (AskCode::TooManyItems, &Input::Array(entries));
        read.report(Issue::new(tool, path, received, format!("at most {max} entries"), fix, false));
        return None;
    }
    let mut good = Vec::with_capacity(entries.len());
    for (i, e) in entries.iter().enumerate() {
        if read.over {
            break;
        }
        let entry_path = format!("{path}[{i}]");
        let Value::Object(o) = e else {
            read.report(not_an_object(tool, &entry_path, e, true));
            continue;
        };
        let mut nested = read.nested();
        item.read_object(o, &entry_path, tool, true, &mut nested);
        for issue in &mut nested.issues {
            // An entry's issues are best effort, but a call over its budget of values is not.
            issue.entry = !matches!(issue.code, AskCode::TooManyItems | AskCode::InputTooLong) || !nested.over;
        }
        let (ok, args) = read.absorb(nested);
        if ok {
            good.push(Value::Object(args));
        }
    }
    Some(Value::Array(good))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The copied template and the inserted map agree for every subset of present values: same
    /// keys, same values, same (declared) order.
    #[test]
    fn args_of_equals_inserting_each_value() {
        let props = json!({"q": {"kind": "text"}, "limit": {}, "date_from": {}, "b": {"kind": "boolean"},
                           "country": {}, "z": {"kind": "text"}});
        let Value::Object(props) = props else { unreachable!("an object literal") };
        let set = PropertySet::from_json(
            &props,
            &Building { writes: false, tool: "t", codec: None, host: &crate::context::System },
        )
        .expect("set");
        let n = set.props.len();
        for mask in 0..(1u32 << n) {
            let values: Slots<Option<Value>> =
                (0..n).map(|i| (mask >> i & 1 == 1).then(|| json!(format!("v{i}")))).collect();
            let (copied, inserted) = (set.args_of(&mut values.clone()), set.args_inserted(&mut values.clone()));
            assert_eq!(copied, inserted, "mask {mask:b}");
            assert_eq!(inserted, copied, "mask {mask:b}: the copy's keys are found by lookup");
            let order = |m: &Map<String, Value>| m.keys().cloned().collect::<Vec<_>>();
            assert_eq!(order(&copied), order(&inserted), "mask {mask:b}");
            assert_eq!(copied.len(), mask.count_ones() as usize);
        }
    }
}
