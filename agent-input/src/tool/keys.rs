//! Matching the keys sent to the declared properties: exact names, other spellings of them
//! (`dateFrom`), other names of a group (`page_size` for `limit`), English's other number,
//! properties sent inside a filters object, and arguments wrapped in one key.

use serde_json::{Map, Value};
use smallvec::SmallVec;

use super::implied::group;
use super::props::{name_key, Matched, PropertySet, Slots};
use super::read::{join, Read};
use crate::codes::{NoteCode, WarningCode};
use crate::outcome::{Note, Warning};

impl PropertySet {
    /// The arguments a client or model wrapped in one key (`{"arguments": {…}}`, `input`,
    /// `params`): the only key, an object, and no property of the tool. `None` otherwise.
    pub(super) fn wrapped<'a>(&self, object: &'a Map<String, Value>) -> Option<(&'a str, &'a Map<String, Value>)> {
        if object.len() != 1 {
            return None;
        }
        let (key, Value::Object(inner)) = object.iter().next()? else { return None };
        let words = name_key(key);
        let wrapper = matches!(words.as_str(), "arguments" | "args" | "input" | "params" | "parameters" | "kwargs");
        (wrapper && !self.keys.contains_key(&words)).then_some((key.as_str(), inner))
    }

    /// The index of the property named exactly `key`: the one after `after` first, as keys
    /// mostly come in declared order.
    pub(super) fn exact(&self, key: &str, after: usize) -> Option<usize> {
        if self.props.get(after).is_some_and(|p| p.name == key) {
            return Some(after);
        }
        self.props.iter().position(|p| p.name == key)
    }

    /// Matches incoming keys to declared properties: exact names first, then folded words
    /// (`dateFrom` is `date_from`, with a note); two keys for one property and unknown keys warn.
    /// A range written as one string for the tool's pair of bounds is left in `range_text`.
    pub(super) fn match_keys<'o>(
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
    pub(super) fn named(&self, words: &str) -> Option<usize> {
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
    pub(super) fn nested<'o>(
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
