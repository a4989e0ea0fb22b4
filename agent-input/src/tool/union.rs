//! The `union` property: one discriminator instead of a set of mutually exclusive optionals.
//! `{"kind": "union", "tag": "type", "variants": {"ai": {"properties": {…}}, "lookup":
//! {"properties": {…}}}}` reads an object whose tag names its variant and whose other
//! properties are that variant's, so a model that fills every property cannot send a
//! contradictory member:
//!
//! - the tag is read as an enum of the variants' names (case, separators, diacritics; an
//!   unknown name asks, naming the nearest);
//! - a member without its tag is read as the one variant whose required properties it sends,
//!   with a `union_variant_inferred` note; when none or several fit it asks
//!   (`union_variant_missing`, naming each variant as a reading);
//! - a property of another variant beside the tag asks (`union_property_of_other_variant`,
//!   naming the variants it belongs to), rather than being dropped;
//! - the member's properties are read as an object's are (each by its kind, best effort
//!   entries, notes with their paths), and the canonical member is `{tag, …}`, the tag first.
//!
//! Its schema is a `oneOf` of the members, each an object with the tag as a `const`; a dialect
//! without `oneOf` takes `anyOf` of the same members (`tool::dialect`).

use serde_json::{json, Map, Value};

use super::envelope::Issue;
use super::props::{name_key, schema_of, Union, Variant};
use super::read::{join, Read};
use crate::codes::{AskCode, NoteCode};
use crate::hint::Fix;
use crate::input::{listing, Input};
use crate::limits::MAX_LISTED;
use crate::outcome::{Note, Reading, Status};

/// `"a", "b" or "c"`.
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl Union {
    /// The tag's name.
    pub(super) fn tag(&self) -> &str {
        &self.tag
    }

    /// True when a key ([`name_key`]) is the tag's or a property of some variant.
    pub(super) fn owns(&self, key: &str) -> bool {
        self.keys.contains(key)
    }

    /// The variant named `name`.
    fn variant(&self, name: &str) -> Option<&Variant> {
        self.variants.iter().find(|v| v.name == name)
    }

    /// Reads a member (an object) at `path`: its canonical value, or `None` when it asked (the
    /// issues are in `read`).
    pub(super) fn read(
        &self,
        object: &Map<String, Value>,
        path: &str,
        at: (&str, bool),
        read: &mut Read<'_>,
    ) -> Option<Value> {
        let (tool, entry) = at;
        let tag_key = object.keys().find(|k| name_key(k) == name_key(&self.tag));
        let tag_path = join(path, &self.tag);
        let variant = match tag_key.and_then(|k| object.get(k)).filter(|v| !v.is_null()) {
            Some(sent) => match read.gather(self.names.read_in(Input::from(sent), read.cx), &tag_path) {
                Status::Ok { value } => self.variant(value.as_str().unwrap_or_default())?,
                Status::Absent => self.inferred(object, path, at, read)?,
                Status::Ask { ask } => {
                    read.report(Issue::from_ask(tool, &tag_path, *ask, entry));
                    return None;
                }
            },
            None => self.inferred(object, path, at, read)?,
        };
        let member: Map<String, Value> =
            object.iter().filter(|(k, _)| Some(*k) != tag_key).map(|(k, v)| (k.clone(), v.clone())).collect();
        if self.others_sent(variant, &member, path, at, read) {
            return None;
        }
        let mut nested = read.nested();
        variant.set.read_object(&member, path, tool, entry, &mut nested);
        let (ok, args) = read.absorb(nested);
        if !ok {
            return None;
        }
        let mut out = Map::with_capacity(args.len() + 1);
        out.insert(self.tag.clone(), Value::String(variant.name.clone()));
        out.extend(args);
        Some(Value::Object(out))
    }

    /// The one variant whose required properties a member without a tag sends, with a note;
    /// else an issue naming every variant.
    fn inferred(
        &self,
        object: &Map<String, Value>,
        path: &str,
        (tool, entry): (&str, bool),
        read: &mut Read<'_>,
    ) -> Option<&Variant> {
        let sent: std::collections::HashSet<String> =
            object.iter().filter(|(_, v)| !v.is_null()).map(|(k, _)| name_key(k)).collect();
        let fits: Vec<&Variant> = self
            .variants
            .iter()
            .filter(|v| {
                let required = v.set.required_keys();
                !required.is_empty() && required.iter().all(|k| sent.contains(k))
            })
            .collect();
        if let [one] = fits.as_slice() {
            let message = format!(
                "Read `{path}` as the variant `{}`: no `{}` was sent, and only its required properties were.",
                one.name, self.tag
            );
            let mut note = Note::new(NoteCode::UnionVariantInferred, message);
            note.path = Some(path.to_owned());
            read.note(note);
            return Some(one);
        }
        let why = if fits.is_empty() {
            "its properties are those of no variant"
        } else {
            "its properties fit several variants"
        };
        // Every variant: at most `MAX_LISTED` named, the rest counted.
        let named: Vec<&Variant> = self.variants.iter().collect();
        let names = listing(&named, |v| format!("\"{}\"", v.name));
        let expected = format!("`{path}` with `{}` naming its variant, one of {names}; {why}", self.tag);
        let fix = if named.len() > MAX_LISTED {
            Fix::set(format!("naming its variant in `{}`: one of {names}", self.tag))
        } else {
            let quoted: Vec<String> = named.iter().map(|v| format!("\"{}\"", v.name)).collect();
            Fix::set(format!("naming its variant in `{}`: {}", self.tag, or_list(&quoted)))
        };
        let mut issue =
            Issue::new(tool, path, (AskCode::UnionVariantMissing, &Input::Object(object)), expected, fix, entry);
        // Two or more variants fit: each is a reading (the member's properties of that variant,
        // with its tag).
        if fits.len() > 1 {
            issue.readings = fits
                .iter()
                .take(MAX_LISTED)
                .map(|v| {
                    let mut member = Map::with_capacity(object.len() + 1);
                    member.insert(self.tag.clone(), Value::String(v.name.clone()));
                    let own = object.iter().filter(|(k, _)| v.set.has_key(&name_key(k)));
                    member.extend(own.map(|(k, value)| (k.clone(), value.clone())));
                    Reading { value: Value::Object(member), meaning: self.meaning(v) }
                })
                .collect();
        }
        read.report(issue);
        None
    }

    /// A variant as a reading's meaning: its name, description and required properties.
    fn meaning(&self, v: &Variant) -> String {
        let required = v.set.required_names();
        let needs = if required.is_empty() { String::new() } else { format!(", with {}", required.join(", ")) };
        let said =
            if v.description.is_empty() { String::new() } else { format!(": {}", v.description.trim_end_matches('.')) };
        format!("the variant {}{said}{needs}", v.name)
    }

    /// Reports the properties of other variants sent beside `variant`'s (each naming the
    /// variants it belongs to); true when there were any.
    fn others_sent(
        &self,
        variant: &Variant,
        member: &Map<String, Value>,
        path: &str,
        (tool, entry): (&str, bool),
        read: &mut Read<'_>,
    ) -> bool {
        let mut any = false;
        for (key, value) in member {
            let k = name_key(key);
            if variant.set.has_key(&k) {
                continue;
            }
            if !self.keys.contains(&k) {
                continue; // no variant's: an unknown property, a warning of the member's read
            }
            let owners: Vec<&str> =
                self.variants.iter().filter(|v| v.set.has_key(&k)).map(|v| v.name.as_str()).collect();
            let quoted: Vec<String> = owners.iter().take(MAX_LISTED).map(|o| format!("\"{o}\"")).collect();
            let more = match owners.len().saturating_sub(MAX_LISTED) {
                0 => String::new(),
                n => format!(" and {n} more"),
            };
            let expected = format!(
                "no `{key}` in the variant \"{}\": it is a property of {}{more}",
                variant.name,
                quoted.join(" and ")
            );
            let fix = Fix::set(format!("left out, or `{}` set to {}{more}", self.tag, or_list(&quoted)));
            read.report(Issue::new(
                tool,
                &join(path, key),
                (AskCode::UnionPropertyOfOtherVariant, &Input::from(value)),
                expected,
                fix,
                entry,
            ));
            any = true;
        }
        any
    }

    /// The schema: a `oneOf` of the members, the tag a `const` first in each.
    pub(super) fn schema(&self) -> Value {
        let members: Vec<Value> = self
            .variants
            .iter()
            .map(|v| {
                let inner = v.set.schema();
                let mut props = Map::new();
                props.insert(self.tag.clone(), json!({"const": v.name}));
                if let Some(Value::Object(p)) = inner.get("properties") {
                    props.extend(p.clone());
                }
                let mut required = vec![Value::String(self.tag.clone())];
                required.extend(inner.get("required").and_then(Value::as_array).cloned().unwrap_or_default());
                let mut member = schema_of([
                    ("type", Value::String("object".into())),
                    ("properties", Value::Object(props)),
                    ("required", Value::Array(required)),
                ]);
                if !v.description.is_empty() {
                    member["description"] = Value::String(v.description.clone());
                }
                member
            })
            .collect();
        let names: Vec<String> = self.variants.iter().map(|v| format!("\"{}\"", v.name)).collect();
        let lenient = format!(
            "Also read leniently: `{}` in another case or spelling, no `{}` when only one variant's required properties are sent, the member sent beside the other arguments, and the member sent as JSON text.",
            self.tag, self.tag
        );
        let description = format!(
            "One of {} variants, named by `{}`: {}; send only the named variant's properties.",
            self.variants.len(),
            self.tag,
            names.join(", ")
        );
        let lenient = json!({"type": ["object", "string"], "description": lenient});
        schema_of([
            ("description", Value::String(description)),
            ("anyOf", Value::Array(vec![schema_of([("oneOf", Value::Array(members))]), lenient])),
        ])
    }

    /// The first variant's skeleton, its tag first.
    pub(super) fn skeleton(&self) -> Value {
        let mut out = Map::new();
        if let Some(v) = self.variants.first() {
            out.insert(self.tag.clone(), Value::String(v.name.clone()));
            if let Value::Object(inner) = v.set.skeleton() {
                out.extend(inner);
            }
        }
        Value::Object(out)
    }

    /// The member's properties in their kinds' types, by its variant.
    pub(super) fn to_typed(&self, member: &Map<String, Value>) -> Vec<(String, crate::kind::TypedValue)> {
        let name = member.get(&self.tag).and_then(Value::as_str).unwrap_or_default();
        let mut out = vec![(self.tag.clone(), crate::kind::TypedValue::Json(Value::String(name.to_owned())))];
        if let Some(v) = self.variant(name) {
            out.extend(v.set.to_typed(member));
        }
        out
    }
}
