//! The enum kind: one of a closed set of values, read through case, separators and diacritics.
//!
//! | spelling (values `["date_desc", "relevance"]`) | read as | note code |
//! | --- | --- | --- |
//! | `"date_desc"` | itself | none |
//! | `"Date Desc"`, `"date-desc"`, `"dateDesc"`, `"DATE_DESC"`, `" date desc "` | `"date_desc"` | `enum_spelling_normalized` |
//! | `"date:desc"`, `"Date (desc)"`, `"[relevance]"` (punctuation between or around the words) | `"date_desc"`, `"relevance"` | `enum_spelling_normalized` |
//! | `"date descending"` (a sort direction written out; `"desc"` for a value `"descending"`) | `"date_desc"` | `enum_spelling_normalized` |
//! | `"-date"`, `"+date"` (JSON:API's and Django's sort signs), `"date ↓"`, `"date ▲"`, `"sort by date descending"`, `"order by date desc"` | `"date_desc"`, `"date_asc"` | `enum_spelling_normalized` |
//! | `"relevance (default)"` (a remark in brackets after a value, when the remark names no value) | `"relevance"` | `enum_spelling_normalized` |
//! | an alias (`aliases: {"newest": "date_desc"}`), in any of those spellings | `"date_desc"` | `enum_alias_read` |
//!
//! Anything else asks `unknown_enum_value`, listing the allowed values; the nearest value is
//! suggested in the hint and never applied; a text of two or more values (`"open/closed"`,
//! `"open or closed"`, `"date_asc (date_desc)"`) names each as a reading (inside a list, the
//! list splits it instead), and so does a word of two or more values (`"date"` of `"date_desc"`
//! and `"date_asc"`), where the nearest would pick one. A value of the enum wins over the absent rule: an
//! enum with the value `"none"` reads `"none"` as that value.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, System};
use crate::error::Error;
use crate::input::{listing, quoted, Input};
use crate::limits::{MAX_ENUM_VALUES, MAX_SCALAR_CHARS};
use crate::opening::{Door, Scalar};
use crate::outcome::{Ask, Note, Outcome, Reading, Status};
use crate::reader::{self, Grammar, Reader};
use crate::spelling::{self, suggest, suggest::Rule};

/// Options of the enum kind.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EnumOptions {
    /// The allowed values, exactly as the output spells them.
    pub values: Vec<String>,
    /// Other names of values: alias to value.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub aliases: BTreeMap<String, String>,
    #[serde(skip)]
    index: OnceLock<Index>,
}

/// A map of the enum's own keys (its values and aliases, folded), looked up with a fast hasher
/// (foldhash): lookups only, of keys the server declared.
type KeyMap<V> = HashMap<String, V, foldhash::fast::RandomState>;

/// The folded keys of the values and aliases, built once.
#[derive(Clone, Debug, Default)]
struct Index {
    /// Key to value.
    map: KeyMap<Target>,
    /// Every key with its value, values first then aliases, in declaration order: the
    /// candidates of a suggestion.
    ordered: Vec<(String, usize)>,
    /// Keys without their separators (`datedesc`), to the one value they name (`None` when
    /// two values share one: then such a spelling asks).
    compact: KeyMap<Option<usize>>,
}

/// A key without its word separators: `date desc` is `datedesc`.
fn compact(key: &str) -> String {
    key.chars().filter(|c| *c != ' ').collect()
}

impl PartialEq for EnumOptions {
    fn eq(&self, other: &Self) -> bool {
        self.values == other.values && self.aliases == other.aliases
    }
}

/// Where a folded key leads.
#[derive(Clone, Copy, Debug)]
struct Target {
    value: usize,
    alias: bool,
}

/// The matching key of a spelling: folded words.
fn key(s: &str) -> String {
    spelling::fold::words(s)
}

impl EnumOptions {
    /// An enum of these values.
    pub fn new<S: Into<String>>(values: impl IntoIterator<Item = S>) -> Self {
        Self { values: values.into_iter().map(Into::into).collect(), ..Self::default() }
    }

    /// Adds an alias of `value`.
    #[must_use]
    pub fn alias(mut self, alias: impl Into<String>, value: impl Into<String>) -> Self {
        self.aliases.insert(alias.into(), value.into());
        self.index = OnceLock::new();
        self
    }

    /// Checks the options: values present, unique after folding, aliases pointing at values.
    pub fn validate(&self) -> Result<(), Error> {
        self.build_index().map(|_| ())
    }

    fn build_index(&self) -> Result<Index, Error> {
        let err = |m: String| Error::options(format!("invalid options for kind `enum`: {m}"));
        if self.values.is_empty() {
            return Err(err("`values` is empty".into()));
        }
        if self.values.len() > MAX_ENUM_VALUES {
            return Err(err(format!("`values` has {} entries, expected at most {MAX_ENUM_VALUES}", self.values.len())));
        }
        let mut index = KeyMap::default();
        let mut ordered = Vec::with_capacity(self.values.len() + self.aliases.len());
        for (i, value) in self.values.iter().enumerate() {
            let k = key(value);
            if k.is_empty() {
                return Err(err(format!("value {} has no letters or digits", quoted(value))));
            }
            ordered.push((k.clone(), i));
            if let Some(prev) = index.insert(k, Target { value: i, alias: false }) {
                let other = self.values.get(prev.value).map(String::as_str).unwrap_or_default();
                return Err(err(format!("values {} and {} fold to the same spelling", quoted(other), quoted(value))));
            }
        }
        for (alias, target) in &self.aliases {
            let Some(i) = self.values.iter().position(|v| v == target) else {
                return Err(err(format!(
                    "alias {} points at {}, which is not in `values`",
                    quoted(alias),
                    quoted(target)
                )));
            };
            let k = key(alias);
            ordered.push((k.clone(), i));
            match index.get(&k) {
                Some(t) if t.value != i => {
                    return Err(err(format!("alias {} folds to the spelling of another value", quoted(alias))));
                }
                Some(_) => {}
                None => {
                    index.insert(k, Target { value: i, alias: true });
                }
            }
        }
        let mut compacted: KeyMap<Option<usize>> = KeyMap::default();
        for (k, i) in &ordered {
            compacted
                .entry(compact(k))
                .and_modify(|v| {
                    if *v != Some(*i) {
                        *v = None;
                    }
                })
                .or_insert(Some(*i));
        }
        Ok(Index { map: index, ordered, compact: compacted })
    }

    fn index(&self) -> &Index {
        self.index.get_or_init(|| self.build_index().unwrap_or_default())
    }

    /// Matches a spelling against the values and aliases.
    fn lookup(&self, s: &str) -> Option<(&str, bool)> {
        // The key of an ASCII spelling on the stack; any other on the heap.
        let (mut buf, mut heap) = ([0; 64], String::new());
        let k = spelling::fold::words_in(s, &mut buf, &mut heap);
        let index = self.index();
        // A sign glued to the first letter (`-date`, `+name`) says a direction or an exclusion
        // (JSON:API's `sort=-date`, a search's `-civil`): no value of the words alone, unless
        // the value has that sign too. The loose reading below knows the directions.
        let sign = spelling::glued_sign(s);
        if let Some(t) = index.map.get(k) {
            let value = self.values.get(t.value)?;
            if sign.is_none_or(|c| value.starts_with(c)) {
                return Some((value.as_str(), t.alias));
            }
        }
        if sign.is_some() {
            return self.lookup_loose(s).and_then(|i| self.values.get(i)).map(|v| (v.as_str(), false));
        }
        // Written without its separators (`datedesc` for `date_desc`): one value only.
        if let Some(found) = index.compact.get(&compact(k)) {
            return found.and_then(|i| self.values.get(i)).map(|v| (v.as_str(), false));
        }
        self.lookup_loose(s).and_then(|i| self.values.get(i)).map(|v| (v.as_str(), false))
    }

    /// The one value a spelling names once punctuation separates words too (`date:desc`,
    /// `Date (desc)`), a sort direction is written out (`date descending` for `date_desc`,
    /// `date desc` for `date_descending`), or a trailing remark in brackets is left out
    /// (`relevance (default)`); `None` when no value or more than one matches.
    fn lookup_loose(&self, s: &str) -> Option<usize> {
        let index = self.index();
        let directed = signed_direction(s);
        let s = directed.as_deref().unwrap_or(s);
        let spaced: String = s.chars().map(|c| if LOOSE_SEPARATORS.contains(c) { ' ' } else { c }).collect();
        let k = key(&spaced);
        if let Some(t) = index.map.get(&k) {
            return Some(t.value);
        }
        let short = directions(&k);
        let mut found = index.ordered.iter().filter(|(key, _)| directions(key) == short).map(|(_, i)| *i);
        let first = found.next();
        if first.is_some() {
            return first.filter(|f| found.all(|i| i == *f));
        }
        // A remark that names another value itself (`standard (express)`) is a second meaning;
        // one that names the same value again (`Relevance (relevance)`, `Date descending
        // (date_desc)`) is none.
        let (rest, remark) = s.trim_end().strip_suffix(')')?.rsplit_once('(')?;
        let named = |text: &str| {
            let k = key(text);
            index.map.get(&k).map(|t| t.value).or_else(|| index.compact.get(&compact(&k)).copied().flatten())
        };
        let rest = rest.trim_end();
        let plain = !rest.is_empty() && !rest.contains(['(', ')']);
        let value = if plain { named(rest).or_else(|| self.lookup_loose(rest)) } else { None };
        match (value, named(remark)) {
            (Some(v), None) => Some(v),
            (Some(v), Some(again)) if v == again => Some(v),
            _ => None,
        }
    }
}

/// A sort written as APIs and tables write one, as its words: a sign before the field
/// (`-date` descending, `+date` ascending, as JSON:API's and Django's `sort` write it), an arrow
/// after it (`date ↓`, `date ▲`), or `sort by` / `order by` before it (`sort by date
/// descending`). `None` for any other text.
fn signed_direction(s: &str) -> Option<String> {
    let s = s.trim();
    let lower = s.to_ascii_lowercase();
    if let Some(rest) =
        ["sort by ", "order by ", "sorted by ", "ordered by "].iter().find_map(|p| lower.strip_prefix(p))
    {
        let rest = rest.trim_start();
        return Some(signed_direction(rest).unwrap_or_else(|| rest.to_owned()));
    }
    let letter_after = |rest: &str| rest.chars().next().is_some_and(char::is_alphabetic);
    if let Some(field) = s.strip_prefix('-').filter(|r| letter_after(r)) {
        return Some(format!("{field} desc"));
    }
    if let Some(field) = s.strip_prefix('+').filter(|r| letter_after(r)) {
        return Some(format!("{field} asc"));
    }
    let (field, arrow) = s.char_indices().next_back().map(|(at, c)| (s.get(..at).unwrap_or_default().trim_end(), c))?;
    let direction = match arrow {
        '\u{2193}' | '\u{25bc}' | '\u{25be}' | '\u{1f53d}' => "desc",
        '\u{2191}' | '\u{25b2}' | '\u{25b4}' | '\u{1f53c}' => "asc",
        _ => return None,
    };
    (!field.is_empty()).then(|| format!("{field} {direction}"))
}

/// Punctuation that separates an enum value's words only in loose spellings (`date:desc`,
/// `Date (desc)`, `[relevance]`).
const LOOSE_SEPARATORS: &str = ":()[]{},;=+|";

/// Sort directions written out, shortened (`date descending` is `date desc`): a key's words
/// with `ascending` as `asc` and `descending` as `desc`.
fn directions(key: &str) -> String {
    key.split(' ')
        .map(|w| match w {
            "ascending" => "asc",
            "descending" => "desc",
            w => w,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads an enum value.
///
/// # Outcome
/// - ok: the value exactly as `values` spells it;
/// - absent: missing, null, blank or a placeholder that is not itself a value;
/// - ask: `unknown_enum_value` with the allowed values and the nearest one suggested.
///
/// # Errors
/// Invalid options: no values, values that fold to one spelling, an alias of no value.
///
/// # Example
/// ```
/// use agent_input::{enum_, EnumOptions};
/// let opts = EnumOptions::new(["date_desc", "relevance"]);
/// let out = enum_::read("Date Desc".into(), &opts)?;
/// assert_eq!(out.value().map(String::as_str), Some("date_desc"));
/// assert_eq!(out.notes[0].message, "Read \"Date Desc\" as \"date_desc\".");
/// # Ok::<(), agent_input::Error>(())
/// ```
///
/// # Example: an unknown value
/// ```
/// use agent_input::{enum_, EnumOptions};
/// let opts = EnumOptions::new(["date_desc", "relevance"]);
/// let out = enum_::read("relevanse".into(), &opts)?;
/// assert!(out.as_ask().is_some_and(|a| a.hint.contains("\"relevance\"")));
/// assert!(out.value().is_none(), "the nearest value is suggested, never applied");
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &EnumOptions) -> Result<Outcome<String>, Error> {
    options.validate()?;
    Ok(options.read(input, &Context::new(&System)))
}

impl Reader for EnumOptions {
    type Value = String;
    const CONSTRAINED: bool = true;
    const SET_LIKE: bool = true;

    #[inline]
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<String> {
        reader::drive(self, input, cx)
    }

    fn to_json(&self, value: String) -> Value {
        Value::String(value)
    }

    fn schema(&self) -> serde_json::Value {
        crate::reader::fragment(
            format!("One of {}.", listing(&self.values, |v| quoted(v))),
            serde_json::json!({"type": "string", "enum": self.values}),
            &["string", "number", "boolean", "array", "null"],
            "other case, spaces, hyphens, camelCase and diacritics of a value, and declared aliases. Unknown values are asked about.",
        )
    }

    fn claims(&self, s: &str, cx: &Context<'_>) -> bool {
        matches!(self.read(Input::String(s), cx).status, Status::Ok { .. })
    }
}

impl Grammar for EnumOptions {
    fn door(&self) -> Door {
        Door::strings(MAX_SCALAR_CHARS).numbers().booleans()
    }

    /// A declared value, exactly.
    #[inline]
    fn fast(&self, input: &Input<'_>) -> Option<Outcome<String>> {
        match *input {
            Input::String(s) if !spelling::longer_than(s, MAX_SCALAR_CHARS) && self.values.iter().any(|v| v == s) => {
                Some(Outcome::ok(s.to_owned()))
            }
            _ => None,
        }
    }

    fn grammar(&self, scalar: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Option<Outcome<String>> {
        let (value, alias) = self.lookup(text_of(scalar))?;
        let code = if alias { NoteCode::EnumAliasRead } else { NoteCode::EnumSpellingNormalized };
        Some(Outcome::ok(value.to_owned()).note(Note::read_as_quoted(code, input, value, "")))
    }

    fn nothing(&self, scalar: Scalar<'_>, input: &Input<'_>, cx: &Context<'_>) -> Outcome<String> {
        Outcome::ask(unknown(input, self, Some((text_of(scalar), cx))))
    }

    fn unexpected(&self, input: &Input<'_>) -> Ask {
        unknown(input, self, None)
    }
}

/// The text a scalar spells: a string without its edges, or a number's or boolean's JSON text.
fn text_of(scalar: Scalar<'_>) -> &str {
    match scalar {
        Scalar::Str(s) => spelling::clean_edges(s).0,
        other => other.text(),
    }
}

/// The nearest value or alias to a spelling, when one is near enough to suggest.
fn nearest<'a>(opts: &'a EnumOptions, text: &str, cx: &Context<'_>) -> Option<&'a str> {
    let candidates = opts.index().ordered.iter().map(|(k, i)| (k.as_str(), *i));
    let rule = Rule { threshold: 0.5, containment: Some(0.75) };
    let (_, best) = suggest::ranked(cx, &key(text), candidates, rule).into_iter().next()?;
    opts.values.get(best).map(String::as_str)
}

/// The values whose words include every word of a spelling that is part of them (`date` of
/// `date_desc` and `date_asc`), in declared order.
fn containing<'a>(opts: &'a EnumOptions, text: &str) -> Vec<&'a str> {
    let words = key(text);
    let wanted: Vec<&str> = words.split(' ').filter(|w| !w.is_empty()).collect();
    if wanted.is_empty() || wanted.len() > 4 {
        return Vec::new();
    }
    let has_all = |own: &str| {
        let own: Vec<&str> = own.split(' ').collect();
        own.len() > wanted.len() && wanted.iter().all(|w| own.contains(w))
    };
    // The index keys the values first, in declared order, then the aliases.
    let values = opts.index().ordered.iter().take(opts.values.len());
    values.filter(|(own, _)| has_all(own)).filter_map(|(_, i)| opts.values.get(*i).map(String::as_str)).collect()
}

fn unknown(input: &Input<'_>, opts: &EnumOptions, read: Option<(&str, &Context<'_>)>) -> Ask {
    let text = read.map(|(t, _)| t);
    let code = if text.is_some() { AskCode::UnknownEnumValue } else { AskCode::UnexpectedType };
    let list = listing(&opts.values, |v| quoted(v));
    let parts = text.map(|t| containing(opts, t)).unwrap_or_default();
    if parts.len() > 1 {
        // Part of several values (the nearest would pick one of them): each is a reading.
        let options = listing(&parts, |v| quoted(v));
        let received = input.to_json_text();
        return Ask::new(
            code,
            input,
            format!("one of {list}; {received} is part of {options}"),
            format!(
                "set to the value you meant, such as {}",
                parts.iter().map(|v| quoted(v)).collect::<Vec<_>>().join(" or ")
            ),
        )
        .with_readings(
            parts
                .iter()
                .map(|v| Reading {
                    value: Value::String((*v).to_owned()),
                    meaning: format!("{}, a value with the words of {received}", quoted(v)),
                })
                .collect(),
        );
    }
    let suggestion = read
        .and_then(|(t, cx)| nearest(opts, t, cx))
        .map(|v| format!(" ({} is the nearest to {})", quoted(v), input.to_json_text()))
        .unwrap_or_default();
    Ask::new(code, input, format!("one of {list}"), format!("set to one of {list}{suggestion}"))
}
