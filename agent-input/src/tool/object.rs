//! Reading an argument object: each declared property's value, nested objects, lists of
//! values and collections of entries read best effort, into the arguments in declared order.

use serde_json::{Map, Value};
use smallvec::SmallVec;

use super::envelope::Issue;
use super::props::{name_key, passthrough_container, Def, PropertyRule, PropertySet, Slots};
use super::read::{join, Read};
use crate::codes::{AskCode, NoteCode, WarningCode};
use crate::context::Context;
use crate::hint::Fix;
use crate::input::{json_text, Input};
use crate::json::{self, Parsed};
use crate::kind::Spec;
use crate::limits::{MAX_CALL_BYTES, MAX_LIST_ITEMS};
use crate::outcome::{Note, Status, Warning};

/// What reading one property gives.
enum Got {
    /// Its canonical value.
    Value(Value),
    /// The value as sent, valid against the schema its server declared.
    AsSent(Value),
    /// No value (absent, or a collection with nothing to apply).
    Nothing,
    /// An issue, already in the read.
    Reported,
}

impl PropertySet {
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
            Value::String(s) => match decode_inside(s, "", (true, false), &mut read) {
                Some(Value::Object(o)) => {
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

    /// Reads one object's properties into `read.args`, or into a nested object at `prefix`.
    pub(super) fn read_object(
        &self,
        object: &Map<String, Value>,
        prefix: &str,
        tool: &str,
        entry: bool,
        read: &mut Read<'_>,
    ) {
        let flat;
        let object = match self.flat_union(object) {
            Some((nested, note)) => {
                read.note(note);
                flat = nested;
                &flat
            }
            None => object,
        };
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
        let mut as_sent = 0u128;
        for (i, (prop, raw)) in self.props.iter().zip(&matched).enumerate() {
            // A root property's path is its name, borrowed: no string per property per call.
            let path: std::borrow::Cow<'_, str> =
                if prefix.is_empty() { prop.name.as_str().into() } else { join(prefix, &prop.name).into() };
            let raw = raw.map(|(_, v)| v).or_else(|| bound(i));
            values.push(match self.read_property(prop, raw, &path, (tool, entry), read) {
                Got::Value(v) => Some(v),
                Got::AsSent(v) => {
                    as_sent |= 1u128.checked_shl(u32::try_from(i).unwrap_or(u32::MAX)).unwrap_or(0);
                    Some(v)
                }
                // A null sent for a property whose schema admits it is passed on as null.
                Got::Nothing if prop.nullable && raw.is_some() => Some(Value::Null),
                Got::Nothing if prop.required => {
                    read.report(Issue::missing(tool, &path, &Input::from(raw), &self.expected(prop)));
                    None
                }
                Got::Nothing | Got::Reported => None,
            });
        }
        self.check_pairs(&values, &matched, (prefix, tool), as_sent, read);
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

    /// Reads one property's raw value at `path`; issues go to `read`.
    fn read_property(
        &self,
        prop: &PropertyRule,
        raw: Option<&Value>,
        path: &str,
        at: (&str, bool),
        read: &mut Read<'_>,
    ) -> Got {
        let (tool, entry) = at;
        if let (Some(accepts), Some(sent)) = (&prop.accepts, raw) {
            // Valid against the schema its server declared: the server's value, as sent.
            if accepts.accepts(sent) && !invented_id(&prop.def, sent) {
                return if read.take_values(1, tool, path) { Got::AsSent(sent.clone()) } else { Got::Reported };
            }
            if let Def::Passthrough(schema) = &prop.def {
                if let Some(got) = passthrough_repair(prop, schema, sent, (tool, path), read) {
                    return got;
                }
            }
        }
        // Values of kinds read their strings themselves: only containers look inside one.
        let decoded = match (&prop.def, raw) {
            (Def::Value(_), _) => None,
            (def, Some(Value::String(text))) => container_text(def, text, path, read),
            _ => None,
        };
        let raw = match (decoded.as_ref(), raw) {
            (Some(decoded), _) => Some(decoded),
            (None, Some(Value::String(text))) if container_absent(&prop.def, text, path, read) => None,
            (None, raw) => raw,
        };
        let value = match &prop.def {
            Def::Value(Spec::List(list)) if matches!(raw, Some(Value::Array(_))) => {
                read_items_best_effort(list, raw, path, tool, read)
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
            Def::Object(set) => match read_nested(set, raw, path, (tool, entry), read) {
                Ok(value) => value,
                Err(()) => return Got::Reported,
            },
            Def::Ref(_) | Def::RefEntries { .. } => match read_definition(&prop.def, raw, path, (tool, entry), read) {
                Ok(value) => value,
                Err(()) => return Got::Reported,
            },
            Def::Union(union) => match raw {
                None | Some(Value::Null) => None,
                // `None`: the member asked, its issues reported.
                Some(Value::Object(o)) => match union.read(o, path, (tool, entry), read) {
                    Some(member) => Some(member),
                    None => return Got::Reported,
                },
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
}

impl PropertySet {
    /// A union's tag and its variants' properties sent beside the other arguments instead of
    /// inside the union's property (`{"claim": …, "type": "ai", "model": …}` for `source`): the
    /// object with them moved into it, and the note saying so; `None` when the union was sent
    /// itself, or its tag was not sent at this level, or the tag is a property of this set.
    fn flat_union(&self, object: &Map<String, Value>) -> Option<(Map<String, Value>, Note)> {
        if !self.props.iter().any(|p| matches!(p.def, Def::Union(_))) {
            return None; // the common call: nothing to look for, nothing allocated
        }
        let sent: Vec<String> = object.keys().map(|k| name_key(k)).collect();
        for prop in &self.props {
            let Def::Union(union) = &prop.def else { continue };
            let tag = name_key(union.tag());
            if sent.contains(&name_key(&prop.name)) || self.has_key(&tag) || !sent.contains(&tag) {
                continue;
            }
            let moved = |k: &str| {
                let k = name_key(k);
                !self.has_key(&k) && union.owns(&k)
            };
            let member: Map<String, Value> =
                object.iter().filter(|(k, _)| moved(k)).map(|(k, v)| (k.clone(), v.clone())).collect();
            let names: Vec<String> = member.keys().map(|k| format!("`{k}`")).collect();
            let mut out: Map<String, Value> =
                object.iter().filter(|(k, _)| !moved(k)).map(|(k, v)| (k.clone(), v.clone())).collect();
            out.insert(prop.name.clone(), Value::Object(member));
            let message = format!("Read {} sent beside the other arguments as `{}`.", names.join(", "), prop.name);
            let mut note = Note::new(NoteCode::UnionReadFromFlatCall, message);
            note.path = Some(prop.name.clone());
            return Some((out, note));
        }
        None
    }
}

/// A value of one of the tool's definitions, read to the value's own depth (each level of
/// the definition is one level of the value): an object ([`Def::Ref`]) or a list of them
/// ([`Def::RefEntries`]). `Err` when its issues were reported.
fn read_definition(
    def: &Def,
    raw: Option<&Value>,
    path: &str,
    (tool, entry): (&str, bool),
    read: &mut Read<'_>,
) -> Result<Option<Value>, ()> {
    let (target, max_items) = match def {
        Def::Ref(r) => (r, None),
        Def::RefEntries { target, max_items } => (target, Some(*max_items)),
        _ => return Ok(raw.cloned()),
    };
    let Some(cell) = target.resolved() else { return Ok(raw.cloned()) };
    let Some(set) = cell.get() else { return Ok(raw.cloned()) };
    match max_items {
        None => read_nested(set, raw, path, (tool, entry), read),
        Some(max) => Ok(read_entries(set, max, raw, path, tool, read)),
    }
}

/// An object property's value read by `set`: `Ok(None)` when absent, `Err` when its issues
/// were reported.
fn read_nested(
    set: &PropertySet,
    raw: Option<&Value>,
    path: &str,
    (tool, entry): (&str, bool),
    read: &mut Read<'_>,
) -> Result<Option<Value>, ()> {
    match raw {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(o)) => {
            let mut nested = read.nested();
            set.read_object(o, path, tool, entry, &mut nested);
            let (ok, args) = read.absorb(nested);
            Ok(ok.then_some(Value::Object(args)))
        }
        Some(other) => {
            read.report(not_an_object(tool, path, other, entry));
            Err(())
        }
    }
}

/// The value a string holds for a property of containers that takes no string ([`decode_inside`]):
/// objects, unions, entries, and the maps and tuples a server validates itself.
#[cold]
fn container_text(def: &Def, text: &str, path: &str, read: &mut Read<'_>) -> Option<Value> {
    decode_inside(text, path, container_shapes(def)?, read)
}

/// The containers a value of a property may be, (objects, arrays); `None` for a property of
/// values of a kind, or a passthrough whose schema takes no container.
fn container_shapes(def: &Def) -> Option<(bool, bool)> {
    match def {
        Def::Object(_) | Def::Union(_) | Def::Ref(_) => Some((true, false)),
        Def::Entries { .. } | Def::RefEntries { .. } => Some((true, true)),
        Def::Passthrough(schema) => passthrough_container(schema).map(|object| (object, !object)),
        Def::Value(_) => None,
    }
}

/// True (with the note saying so) when a property of containers (an object, a union, entries)
/// got a string that says "no value" outright (`"null"`, `"None"`, `"N/A"`, blank): read as
/// absent, as every scalar kind reads it. A required property then asks that it is missing.
#[cold]
fn container_absent(def: &Def, text: &str, path: &str, read: &mut Read<'_>) -> bool {
    let container = container_shapes(def).is_some();
    // Only the words that say "no value" outright: a text in braces is an attempt at an object
    // (`{street: Main 1}`), not the placeholder `{street}` it would be for a scalar.
    let says_none = text.trim().is_empty() || crate::absent::is_null_word(text);
    let Some(reason) = (container && says_none).then(|| crate::absent::check_str(text, &[])).flatten() else {
        return false;
    };
    if let Some(mut note) = crate::absent::note(&Input::String(text), reason) {
        note.path = Some(path.to_owned());
        read.note(note);
    }
    true
}

/// An object or an array sent inside a string for a property whose values are such containers
/// and never strings (`"address": "{\"street\": \"Main 1\"}"`, the way some models encode a
/// nested value twice), or for the arguments themselves (`path` empty): `shapes` says which it
/// takes, (objects, arrays). Decoded, with the note saying so and a warning for each key the
/// text holds twice; `None` when the string holds no JSON of a shape it takes, so the issue (or
/// the server's validation) names the string as sent.
fn decode_inside(text: &str, path: &str, (objects, arrays): (bool, bool), read: &mut Read<'_>) -> Option<Value> {
    let opens = match text.trim_start().as_bytes().first() {
        Some(b'{') => objects,
        Some(b'[') => arrays,
        _ => false,
    };
    if !opens {
        return None; // no JSON object or array it takes: nothing parsed
    }
    let Parsed { value, duplicates } = json::parse(text.as_bytes(), MAX_CALL_BYTES).ok()?;
    let (code, shape) = match &value {
        Value::Object(_) if objects => (NoteCode::JsonObjectDecoded, "object"),
        Value::Array(_) if arrays => (NoteCode::JsonArrayDecoded, "array"),
        _ => return None,
    };
    if path.is_empty() {
        let message = format!("Read the arguments sent as a JSON string as the {shape} it holds.");
        read.notes.push(Note::new(code, message));
    } else {
        let mut note = Note::new(code, format!("Read `{path}` sent as a JSON string as the {shape} it holds."));
        note.path = Some(path.to_owned());
        read.note(note);
    }
    let inside: Vec<json::Duplicate> = duplicates
        .into_iter()
        .map(|mut d| {
            d.path = if d.path.starts_with('[') { format!("{path}{}", d.path) } else { join(path, &d.path) };
            d
        })
        .collect();
    read.duplicate_keys(&inside);
    Some(value)
}

fn not_an_object(tool: &str, path: &str, received: &Value, entry: bool) -> Issue {
    let shown = if path.is_empty() { "the arguments".to_owned() } else { format!("`{path}`") };
    let expected = format!("{shown} as a JSON object, not {}", Input::from(received).type_name());
    let fix = Fix::set(if path.is_empty() { "as a JSON object" } else { "set to a JSON object" });
    Issue::new(tool, path, (AskCode::UnexpectedType, &Input::from(received)), expected, fix, entry)
}

/// An array property of values, best effort: each item on its own (the list kind's own
/// `read_items` reads them all or none).
fn read_items_best_effort(
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

/// True when `value` holds an id a model invents (a placeholder uuid: nil, a documented
/// example, repeated or counting digits) for an id the tool writes: the one value valid
/// against a server's schema that is not passed on as sent, but asks
/// (`placeholder_on_write`).
fn invented_id(def: &Def, value: &Value) -> bool {
    let write_id = |spec: &Spec| matches!(spec, Spec::Uuid(o) if o.mode == crate::uuid::UuidMode::Write);
    let invented = |v: &Value| v.as_str().is_some_and(crate::uuid::is_placeholder_text);
    match (def, value) {
        (Def::Value(spec), v) if write_id(spec) => invented(v),
        (Def::Value(Spec::List(list)), Value::Array(items)) if write_id(&list.item) => items.iter().any(invented),
        (Def::Object(set), Value::Object(map)) => set.holds_invented_id(map),
        (Def::Ref(r), Value::Object(map)) => r.with(|set| set.holds_invented_id(map)).unwrap_or(false),
        (Def::Entries { item, .. }, Value::Array(entries)) => {
            entries.iter().any(|e| e.as_object().is_some_and(|m| item.holds_invented_id(m)))
        }
        (Def::RefEntries { target, .. }, Value::Array(entries)) => target
            .with(|item| entries.iter().any(|e| e.as_object().is_some_and(|m| item.holds_invented_id(m))))
            .unwrap_or(false),
        _ => false,
    }
}

impl PropertySet {
    /// True when a property of the object `map` holds an invented id ([`invented_id`]).
    fn holds_invented_id(&self, map: &Map<String, Value>) -> bool {
        self.props.iter().any(|p| map.get(&p.name).is_some_and(|v| invented_id(&p.def, v)))
    }
}

/// What a value its server's schema refuses reads as, for a property no kind reads (a plain
/// string, a value of a shape no kind has), where it has one meaning: `null` for an optional
/// property is absent; one string in a one-item array, for a string, is the string; one
/// string with no list separator, for an array of strings, is a one-item array; a number, for
/// a string, is its digits. Each repair valid against the schema, with a note; `None` passes
/// the value on as sent (a JSON text of a container is decoded after), for the server's own
/// validation to refuse.
#[cold]
fn passthrough_repair(
    prop: &PropertyRule,
    schema: &Value,
    sent: &Value,
    (tool, path): (&str, &str),
    read: &mut Read<'_>,
) -> Option<Got> {
    let accepts = prop.accepts.as_ref()?;
    if sent.is_null() {
        if prop.required {
            return None;
        }
        let mut note = Note::new(NoteCode::NullReadAsAbsent, "Read null as absent.".to_owned());
        note.path = Some(path.to_owned());
        read.note(note);
        return Some(Got::Nothing);
    }
    let takes = |t: &str| match schema.get("type") {
        Some(Value::String(s)) => s == t,
        Some(Value::Array(ts)) => ts.iter().any(|s| s == t),
        _ => false,
    };
    let (repaired, code, message) = match sent {
        Value::Array(items) if takes("string") => match items.as_slice() {
            [one @ Value::String(_)] => (
                one.clone(),
                NoteCode::SingleItemUnwrapped,
                format!("Read the one-item array sent for `{path}` as its item."),
            ),
            _ => return None,
        },
        Value::String(s)
            if takes("array") && !s.contains([',', ';', '\n', '|']) && !s.trim_start().starts_with('[') =>
        {
            let list = Value::Array(vec![sent.clone()]);
            (list, NoteCode::SingleValueReadAsList, format!("Read the one value sent for `{path}` as a one-item list."))
        }
        Value::Number(n) if takes("string") => (
            Value::String(n.to_string()),
            NoteCode::ScalarReadAsText,
            format!("Read the number sent for `{path}` as its digits."),
        ),
        _ => return None,
    };
    if !accepts.accepts(&repaired) {
        return None;
    }
    if !read.take_values(1, tool, path) {
        return Some(Got::Reported);
    }
    let mut note = Note::new(code, message);
    note.path = Some(path.to_owned());
    read.note(note);
    Some(Got::Value(repaired))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    use crate::tool::props::Building;

    /// The copied template and the inserted map agree for every subset of present values: same
    /// keys, same values, same (declared) order.
    #[test]
    fn args_of_equals_inserting_each_value() {
        let props = json!({"q": {"kind": "text"}, "limit": {}, "date_from": {}, "b": {"kind": "boolean"},
                           "country": {}, "z": {"kind": "text"}});
        let Value::Object(props) = props else { unreachable!("an object literal") };
        let set = PropertySet::from_json(
            &props,
            &Building {
                writes: false,
                tool: "t",
                codec: None,
                host: &crate::context::System,
                languages: &[],
                defs: &std::sync::Arc::default(),
                refs: &crate::tool::props::Definitions::new(),
            },
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
