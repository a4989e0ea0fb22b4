//! The vocabulary kind: a data-owned value (a court, say), read through case, diacritics,
//! Unicode forms, punctuation, abbreviations, other-language names and inflection.
//!
//! A server builds a [`Vocabulary`] once from its own entries (an id, names in any languages,
//! abbreviations, aliases); reads are lookups in the precomputed index.
//!
//! | spelling (Czech courts) | read as | note code |
//! | --- | --- | --- |
//! | `"NSS"` (the id) | `"NSS"` | none |
//! | `"nss"`, `"Nejvyšší správní soud"`, `"Nejvyssi spravni soud"`, `"Supreme Administrative Court"`, `"Nejvyššího správního soudu"` | `"NSS"` | `vocabulary_value_read` |
//! | `"ÚS"`, `"US"`, `"Ústavní soud"`, `"Ú.S."` (an abbreviation with points between its letters) | `"US"` | `vocabulary_value_read` |
//! | `"Nejvyšším soudě"`, `"the Supreme Court"` (every word of one entry's name, inflected; a part of a longer name, `Nejvyšší správní soud`, is no second meaning) | `"NS"` | `vocabulary_value_read` |
//!
//! A value that names several entries (`"Supreme"`: NS and NSS) or none:
//! - role `value` asks (`ambiguous_vocabulary_value` with every candidate as a reading, or
//!   `unknown_vocabulary_value` with the nearest stored values in the hint);
//! - role `filter` never empties a search: the value is dropped (absent) with the warning
//!   `filter_value_dropped`, whose `values` name the stored ones it could have meant.
//!
//! [`no_hits_filtered`] builds the warning for an empty page under an active filter.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::codes::{AskCode, NoteCode, WarningCode};
use crate::context::{Context, System};
use crate::error::Error;
use crate::input::{json_text, quoted, Input};
use crate::limits::{MAX_LISTED, MAX_SCALAR_CHARS};
use crate::opening::{self, Door};
use crate::outcome::{Ask, Note, Outcome, Reading, Warning};
use crate::reader::{self, Reader};
use crate::spelling::{self, suggest, suggest::Rule};

/// One stored value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// The canonical id the read returns.
    pub id: String,
    /// Names, in any languages; the first is shown in messages.
    #[serde(default)]
    pub names: Vec<String>,
    /// Abbreviations (matched whole, never by words).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abbreviations: Vec<String>,
    /// Other names (inflected forms, former names).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

/// What the value is read for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum VocabularyRole {
    /// A value the call needs: unclear values ask.
    #[default]
    Value,
    /// An optional search filter: unclear values are dropped with a warning.
    Filter,
}

/// Options of the vocabulary kind.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct VocabularyOptions {
    /// The stored values.
    pub entries: Vec<Entry>,
    /// Value (default) or filter.
    #[serde(default)]
    pub role: VocabularyRole,
    #[serde(skip)]
    index: OnceLock<Vocabulary>,
}

impl PartialEq for VocabularyOptions {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries && self.role == other.role
    }
}

impl VocabularyOptions {
    pub(crate) fn prepare(&mut self) -> Result<(), Error> {
        let vocabulary = Vocabulary::new(self.entries.clone())?;
        self.index = OnceLock::from(vocabulary);
        Ok(())
    }
}

impl Reader for VocabularyOptions {
    type Value = String;
    const CONSTRAINED: bool = true;
    const SET_LIKE: bool = true;

    /// The vocabulary's own order ([`Vocabulary::read`]): its exact keys beat placeholders,
    /// which beat its inexact ones.
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<String> {
        match self.index.get() {
            Some(v) => v.read_in(input, self.role, cx),
            None => Vocabulary::new(self.entries.clone())
                .map_or_else(|_| Outcome::absent(), |v| v.read_in(input, self.role, cx)),
        }
    }

    fn to_json(&self, value: String) -> Value {
        Value::String(value)
    }

    fn schema(&self) -> serde_json::Value {
        schema_of(self)
    }

    fn claims(&self, s: &str, _: &Context<'_>) -> bool {
        self.index.get().is_some_and(|v| v.exact(spelling::fold::fold_name(s).as_bytes()).len() == 1)
    }
}

/// The vocabulary's maps: built once from the server's data, then only looked up, so a fast
/// hasher (foldhash) in place of SipHash.
type Map<K, V> = HashMap<K, V, foldhash::fast::RandomState>;

/// The most entries a vocabulary may have (a programmer bound).
pub use crate::limits::MAX_VOCABULARY_ENTRIES as MAX_ENTRIES;

/// An (entry, name) pair: the entry's index and the index of one of its names or aliases.
type NameAt = (usize, usize);

/// A prebuilt index over a server's stored values.
///
/// A read looks its key up whole, then word by word: each query word finds the stored words
/// that share its first three characters (inflection changes endings), the rarest query word
/// drives, and each name it is in is checked for the other words. So a read touches the
/// postings of its rarest word, stopping once it has found more entries than an ask lists
/// ([`MAX_LISTED`]), never every pair of entries.
#[derive(Clone, Debug)]
pub struct Vocabulary {
    entries: Vec<Entry>,
    /// Each entry's id, exactly, to the entry.
    by_id: Map<String, usize>,
    /// The ids' lengths in bytes, a bit each (bit 63 for 63 and longer): a text of no id's
    /// length (most names: ids are codes) is no id, known without hashing it.
    id_lengths: u64,
    /// Exact keys (ids, names, abbreviations, aliases, folded) to entries, ascending.
    exact: Map<Box<[u8]>, Vec<usize>>,
    /// Words of names and aliases, by their first three characters: each distinct word once,
    /// with the names holding it.
    words: Map<String, Vec<(String, Vec<NameAt>)>>,
    /// Whole names by the sorted first three characters of their words.
    whole: Map<String, Vec<NameAt>>,
    /// The words of each (entry, name).
    name_words: Map<NameAt, Vec<String>>,
    /// Folded id, names and abbreviations of each entry, for the nearest-value hint.
    folded: Vec<Vec<String>>,
}

/// Words that carry no identity in a name or a query.
const STOP_WORDS: &[&str] =
    &["v", "ve", "u", "pro", "in", "of", "the", "for", "de", "du", "des", "la", "le", "der", "die", "das", "am", "im"];

fn words_of(key: &str) -> impl Iterator<Item = &str> {
    key.split(' ').filter(|w| !w.is_empty() && !STOP_WORDS.contains(w))
}

/// A word's first three characters: the index keys words by them, as inflection changes
/// endings ([`same_word`] needs three in common).
fn prefix_of(word: &str) -> &str {
    word.char_indices().nth(3).and_then(|(i, _)| word.get(..i)).unwrap_or(word)
}

/// The key of a whole name: its words' prefixes, sorted (word order is free).
fn whole_key<'w>(words: impl Iterator<Item = &'w str>) -> String {
    let mut prefixes: Vec<&str> = words.map(prefix_of).collect();
    prefixes.sort_unstable();
    prefixes.join(" ")
}

/// The bit of [`Vocabulary::id_lengths`] for a text of `text`'s length.
fn id_length_bit(text: &str) -> u64 {
    1 << text.len().min(63)
}

/// The same word, inflected: equal, or sharing a stem that leaves at most two letters apart
/// ("soud"/"soudu", "krajsky"/"krajskeho", "brno"/"brne", "praha"/"praze").
fn same_word(query: &str, stored: &str) -> bool {
    if query == stored {
        return true;
    }
    let (q_len, s_len) = (query.chars().count(), stored.chars().count());
    let common = query.chars().zip(stored.chars()).take_while(|(a, b)| a == b).count();
    let shorter = q_len.min(s_len);
    shorter >= 4 && common >= 3 && common + 2 >= shorter && q_len.abs_diff(s_len) <= 3
}

impl Vocabulary {
    /// Builds the index.
    ///
    /// # Errors
    /// No entries, more than [`MAX_ENTRIES`], an empty or repeated id.
    pub fn new(entries: Vec<Entry>) -> Result<Self, Error> {
        let err = |m: String| Error::options(format!("invalid options for kind `vocabulary`: {m}"));
        if entries.is_empty() {
            return Err(err("`entries` is empty".into()));
        }
        if entries.len() > MAX_ENTRIES {
            return Err(err(format!("`entries` has {} entries, expected at most {MAX_ENTRIES}", entries.len())));
        }
        let mut exact: Map<Box<[u8]>, Vec<usize>> = Map::default();
        let mut words: Map<String, Vec<(String, Vec<NameAt>)>> = Map::default();
        let mut whole: Map<String, Vec<NameAt>> = Map::default();
        let mut name_words: Map<NameAt, Vec<String>> = Map::default();
        // Where each distinct word's names are, in `words` (its group's position), while building.
        let mut slot: Map<String, usize> = Map::default();
        let mut by_id = Map::default();
        for (i, e) in entries.iter().enumerate() {
            if e.id.trim().is_empty() {
                return Err(err(format!("entry {i} has an empty id")));
            }
            if by_id.insert(e.id.clone(), i).is_some() {
                return Err(err(format!("the id {} appears twice", quoted(&e.id))));
            }
            for text in std::iter::once(&e.id).chain(&e.names).chain(&e.abbreviations).chain(&e.aliases) {
                let key = spelling::fold::fold_name(text);
                if !key.is_empty() {
                    // Entries come in order: each list stays ascending without repeats.
                    let list = exact.entry(key.into_bytes().into_boxed_slice()).or_default();
                    if list.last() != Some(&i) {
                        list.push(i);
                    }
                }
            }
            for (n, name) in e.names.iter().chain(&e.aliases).enumerate() {
                let key = spelling::fold::fold_name(name);
                let these: Vec<String> = words_of(&key).map(str::to_owned).collect();
                for w in &these {
                    let group = words.entry(prefix_of(w).to_owned()).or_default();
                    match slot.get(w).and_then(|&at| group.get_mut(at)) {
                        Some((_, names)) => names.push((i, n)),
                        None => {
                            slot.insert(w.clone(), group.len());
                            group.push((w.clone(), vec![(i, n)]));
                        }
                    }
                }
                if !these.is_empty() {
                    whole.entry(whole_key(these.iter().map(String::as_str))).or_default().push((i, n));
                }
                name_words.insert((i, n), these);
            }
        }
        let folded = entries
            .iter()
            .map(|e| {
                std::iter::once(&e.id)
                    .chain(&e.names)
                    .chain(&e.abbreviations)
                    .map(|n| spelling::fold::fold_name(n))
                    .collect()
            })
            .collect();
        let id_lengths = entries.iter().fold(0, |bits, e| bits | id_length_bit(&e.id));
        Ok(Self { entries, by_id, id_lengths, exact, words, whole, name_words, folded })
    }

    /// The entries.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    fn exact(&self, key: &[u8]) -> &[usize] {
        self.exact.get(key).map_or(&[], Vec::as_slice)
    }

    /// The entry whose id is `id`, exactly.
    fn with_id(&self, id: &str) -> Option<usize> {
        if self.id_lengths & id_length_bit(id) == 0 {
            return None;
        }
        self.by_id.get(id).copied()
    }

    /// Entries one of whose names contains every word of the query (inflection allowed),
    /// ascending; at most [`MAX_LISTED`] + 1 of them (more than an ask lists is "more").
    fn by_words(&self, key: &str) -> Vec<usize> {
        let query: Vec<&str> = words_of(key).collect();
        if query.is_empty() {
            return Vec::new();
        }
        // A whole name, inflected (`Nejvyšším soudě` is every word of `Nejvyšší soud`), names its
        // entry when it is no other entry's whole name: a part of a longer name (`Nejvyšší
        // správní soud`) is no second meaning of it.
        let mut whole: Vec<usize> = Vec::new();
        for &(entry, name) in self.whole.get(&whole_key(query.iter().copied())).into_iter().flatten() {
            if self.holds_all(&query, (entry, name), true) && !whole.contains(&entry) {
                whole.push(entry);
                if whole.len() > 1 {
                    break;
                }
            }
        }
        if let [one] = whole.as_slice() {
            return vec![*one];
        }
        // Each query word's stored words; the rarest query word drives the scan.
        let mut driver: Option<(usize, Vec<&[NameAt]>)> = None;
        for q in &query {
            let lists: Vec<&[NameAt]> = self
                .words
                .get(prefix_of(q))
                .into_iter()
                .flatten()
                .filter(|(w, _)| same_word(q, w))
                .map(|(_, names)| names.as_slice())
                .collect();
            let count: usize = lists.iter().map(|l| l.len()).sum();
            if count == 0 {
                return Vec::new();
            }
            if driver.as_ref().is_none_or(|(c, _)| count < *c) {
                driver = Some((count, lists));
            }
        }
        let mut out: Vec<usize> = Vec::new();
        for &(entry, name) in driver.into_iter().flat_map(|(_, lists)| lists).flatten() {
            if out.len() > MAX_LISTED {
                break;
            }
            if !out.contains(&entry) && self.holds_all(&query, (entry, name), false) {
                out.push(entry);
            }
        }
        out.sort_unstable();
        out
    }

    /// True when the name `at` holds a word for each query word (inflection allowed), and, for
    /// `exactly`, no other word.
    fn holds_all(&self, query: &[&str], at: NameAt, exactly: bool) -> bool {
        let Some(stored) = self.name_words.get(&at) else { return false };
        if stored.len() < query.len() || (exactly && stored.len() != query.len()) {
            return false;
        }
        query.iter().all(|q| stored.iter().any(|w| same_word(q, w)))
    }

    /// The entries a key names by its words ([`Self::by_words`]) or, when every word is one
    /// letter, as an abbreviation written with points or spaces between its letters (`N.S.S.`).
    fn inexact(&self, key: &str) -> smallvec::SmallVec<[usize; 4]> {
        let found = self.by_words(key);
        if found.is_empty() && key.len() >= 3 && key.split(' ').all(|w| w.chars().count() == 1) {
            let joined: String = key.split(' ').collect();
            return smallvec::SmallVec::from_slice(self.exact(joined.as_bytes()));
        }
        found.into()
    }

    /// The stored values nearest to a key, for hints (at most three).
    /// The three entries with a name nearest to `key`, best first.
    fn nearest(&self, key: &str, cx: &Context<'_>) -> Vec<usize> {
        let names = self.folded.iter().enumerate().flat_map(|(i, names)| names.iter().map(move |n| (n.as_str(), i)));
        let mut near: Vec<usize> = Vec::with_capacity(3);
        for (_, i) in suggest::ranked(cx, key, names, Rule { threshold: 0.5, containment: None }) {
            if !near.contains(&i) {
                near.push(i);
            }
            if near.len() == 3 {
                break;
            }
        }
        near
    }

    fn label(&self, i: usize) -> String {
        self.entries.get(i).map_or_else(String::new, |e| match e.names.first() {
            Some(name) => format!("{} ({name})", quoted(&e.id)),
            None => quoted(&e.id),
        })
    }

    fn id(&self, i: usize) -> String {
        self.entries.get(i).map(|e| e.id.clone()).unwrap_or_default()
    }

    /// The ask of a value that names no stored value, naming the nearest; a text of several
    /// stored values (`NS, NSS`) names each ([`crate::several`]).
    #[cold]
    fn unknown(&self, input: &Input<'_>, near: &[usize], cx: &Context<'_>) -> Outcome<String> {
        let suggestion = if near.is_empty() {
            String::new()
        } else {
            let labels: Vec<String> = near.iter().map(|i| self.label(*i)).collect();
            format!(" (the nearest: {})", labels.join(", "))
        };
        let out = Outcome::ask(Ask::new(
            AskCode::UnknownVocabularyValue,
            input,
            "one of the stored values, by its id, name or abbreviation",
            format!("set to the id of a stored value{suggestion}"),
        ));
        let read = |part: Input<'_>| self.read_in(part, VocabularyRole::Value, cx);
        crate::several::or_each(cx, input, out, read, |id| Value::String(id.clone()))
    }

    /// Reads a value against the vocabulary.
    ///
    /// # Outcome
    /// - ok: the id of the one entry the value names;
    /// - absent: missing, null, blank, a placeholder, or (role filter) a value that names no
    ///   entry or several, with a `filter_value_dropped` warning;
    /// - ask (role value): `ambiguous_vocabulary_value` or `unknown_vocabulary_value`.
    ///
    /// # Example
    /// ```
    /// use agent_input::vocabulary::{Entry, VocabularyRole, Vocabulary};
    /// let courts = Vocabulary::new(vec![
    ///     Entry { id: "NS".into(), names: vec!["Nejvyšší soud".into(), "Supreme Court".into()], abbreviations: vec![], aliases: vec![] },
    ///     Entry { id: "NSS".into(), names: vec!["Nejvyšší správní soud".into(), "Supreme Administrative Court".into()], abbreviations: vec![], aliases: vec![] },
    /// ])?;
    /// let out = courts.read("Nejvyssi spravni soud".into(), VocabularyRole::Value);
    /// assert_eq!(out.value().map(String::as_str), Some("NSS"));
    /// let out = courts.read("Supreme".into(), VocabularyRole::Value);
    /// assert_eq!(out.as_ask().map(|a| a.readings.len()), Some(2));
    /// let out = courts.read("Supreme".into(), VocabularyRole::Filter);
    /// assert!(out.is_absent());
    /// assert_eq!(out.warnings[0].values, [serde_json::json!("NS"), serde_json::json!("NSS")]);
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn read(&self, input: Input<'_>, role: VocabularyRole) -> Outcome<String> {
        self.read_in(input, role, &Context::new(&System))
    }

    /// [`Self::read`] in the context `cx` (its suggestion budget).
    pub fn read_in(&self, input: Input<'_>, role: VocabularyRole, cx: &Context<'_>) -> Outcome<String> {
        // Fast path: a stored id, exactly.
        if let Input::String(s) = input {
            if self.with_id(s).is_some() {
                return Outcome::ok(s.to_owned());
            }
        }
        if let (Input::Array(items), VocabularyRole::Filter) = (input, role) {
            if items.len() > 1 {
                // Several values for a filter of one: dropped, as `NS, US` is, naming each.
                return self.dropped(&input, &self.each_of(items, cx), "names several stored values");
            }
        }
        let door = Door::strings(MAX_SCALAR_CHARS).numbers();
        let text = match opening::open(cx, &input, door, |inner| self.read_in(inner, role, cx), unexpected) {
            Ok(scalar) => scalar.text(),
            Err(out) => return out,
        };
        cx.spend_folding(reader::fold_cost(text));
        // The key of a name of Latin letters folded on the stack; any other on the heap.
        let (mut buf, mut heap) = ([0; 64], String::new());
        let key_bytes = spelling::fold::fold_name_bytes_in(text, &mut buf, &mut heap);
        // The key as text, for the reads past an exact name.
        let key = || std::str::from_utf8(key_bytes).unwrap_or_default();
        let mut found: smallvec::SmallVec<[usize; 4]> = smallvec::SmallVec::from_slice(self.exact(key_bytes));
        if found.is_empty() {
            if let Some(out) = opening::placeholder(&input, &[]) {
                return out;
            }
            found = self.inexact(key());
        }
        if found.is_empty() {
            found.extend(self.named_twice(text));
        } else if spelling::glued_sign(text).is_some() {
            // `-NSS`: an exclusion in a search's syntax, not the value (no id or name here
            // starts with a sign: the fold that matched it left the sign out).
            found.clear();
        }
        match found.as_slice() {
            [one] => {
                let note = match self.entries.get(*one) {
                    Some(e) => match e.names.first() {
                        Some(name) => Note::read_as_named(NoteCode::VocabularyValueRead, &input, &e.id, name),
                        None => Note::read_as_quoted(NoteCode::VocabularyValueRead, &input, &e.id, ""),
                    },
                    None => Note::new(NoteCode::VocabularyValueRead, format!("Read {}.", input.to_json_text())),
                };
                Outcome::ok(self.id(*one)).note(note)
            }
            [] => {
                let near = self.nearest(key(), cx);
                match role {
                    VocabularyRole::Filter => match self.sent_several(&input, cx).as_slice() {
                        [] => self.dropped(&input, &near, "names no stored value"),
                        parts => self.dropped(&input, parts, "names several stored values"),
                    },
                    VocabularyRole::Value => self.unknown(&input, &near, cx),
                }
            }
            several => match role {
                VocabularyRole::Filter => self.dropped(&input, several, "names several stored values"),
                VocabularyRole::Value => self.ambiguous(&input, several),
            },
        }
    }

    /// The ask of a value naming `several` entries: each a reading, at most [`MAX_LISTED`] of
    /// them (a vocabulary of thousands of courts can have thousands named "soud").
    #[cold]
    fn ambiguous(&self, input: &Input<'_>, several: &[usize]) -> Outcome<String> {
        let listed = several.get(..MAX_LISTED).unwrap_or(several);
        let readings: Vec<Reading> = listed
            .iter()
            .map(|i| Reading {
                value: Value::String(self.id(*i)),
                meaning: self.entries.get(*i).and_then(|e| e.names.first().cloned()).unwrap_or_default(),
            })
            .collect();
        let labels: Vec<String> = listed.iter().map(|i| self.label(*i)).collect();
        let (count, first) = if several.len() > MAX_LISTED {
            (format!("more than {MAX_LISTED}"), format!(" (the first {MAX_LISTED}; or a longer name)"))
        } else {
            (several.len().to_string(), String::new())
        };
        Outcome::ask(
            Ask::new(
                AskCode::AmbiguousVocabularyValue,
                input,
                format!("one stored value; {} names {count}", input.to_json_text()),
                format!("set to one of {}{first}", labels.join(", ")),
            )
            .with_readings(readings),
        )
    }

    /// The one stored value a name and its abbreviation or id in brackets both name
    /// (`Nejvyšší správní soud (NSS)`, `NSS (Supreme Administrative Court)`); `None` when either
    /// part names none or several, or they name different values.
    #[cold]
    fn named_twice(&self, text: &str) -> Option<usize> {
        let (outer, inner) = text.trim_end().strip_suffix(')')?.rsplit_once('(')?;
        let one = |part: &str| {
            let key = spelling::fold::fold_name(part.trim());
            match self.exact(key.as_bytes()) {
                [one] => Some(*one),
                [] => match self.inexact(&key).as_slice() {
                    [one] => Some(*one),
                    _ => None,
                },
                _ => None,
            }
        };
        let (a, b) = (one(outer)?, one(inner)?);
        (a == b).then_some(a)
    }

    /// The stored values a text of several values names (`NS, US`, `Nejvyšší soud a Ústavní
    /// soud`: [`crate::several`]), each once; empty for any other text.
    #[cold]
    fn sent_several(&self, input: &Input<'_>, cx: &Context<'_>) -> Vec<usize> {
        let out = self.unknown(input, &[], cx);
        let ids = out.as_ask().map(|a| a.readings.iter().filter_map(|r| r.value.as_str()).collect::<Vec<_>>());
        ids.unwrap_or_default().into_iter().filter_map(|id| self.with_id(id)).collect()
    }

    /// The stored value each item names alone (items naming none or several left out), each
    /// once, in the items' order.
    #[cold]
    fn each_of(&self, items: &[Value], cx: &Context<'_>) -> Vec<usize> {
        let mut found = Vec::new();
        for item in items.iter().take(crate::limits::MAX_LISTED) {
            if let Some(id) = self.read_in(Input::from(item), VocabularyRole::Value, cx).value() {
                if let Some(i) = self.with_id(id).filter(|i| !found.contains(i)) {
                    found.push(i);
                }
            }
        }
        found
    }

    fn dropped(&self, input: &Input<'_>, candidates: &[usize], why: &str) -> Outcome<String> {
        let candidates = candidates.get(..MAX_LISTED).unwrap_or(candidates);
        let values: Vec<Value> = candidates.iter().map(|i| Value::String(self.id(*i))).collect();
        let could = if values.is_empty() {
            String::new()
        } else {
            let labels: Vec<String> = candidates.iter().map(|i| self.label(*i)).collect();
            format!(" It could have meant {}.", labels.join(", "))
        };
        let mut out = Outcome::absent();
        out.warnings.push(Warning::new(
            WarningCode::FilterValueDropped,
            format!(
                "Dropped the filter {}: it {why}, so the search is not filtered by it.{could}",
                input.to_json_text()
            ),
            values,
        ));
        out
    }
}

/// The warning for an empty result page under an active filter: it names the filter and the
/// stored values that would have matched without it, so the next call can widen the filter.
///
/// ```
/// let w = agent_input::vocabulary::no_hits_filtered("court", &serde_json::json!("NS"), &[serde_json::json!("NSS")]);
/// assert_eq!(w.code, agent_input::WarningCode::NoHitsFiltered);
/// assert_eq!(w.message, "No results with `court` set to \"NS\"; without that filter, results exist for \"NSS\".");
/// ```
pub fn no_hits_filtered(property: &str, filter: &Value, would_match: &[Value]) -> Warning {
    let matches: Vec<String> = would_match.iter().map(json_text).collect();
    let tail = if matches.is_empty() {
        "; without that filter there are no results either".to_owned()
    } else {
        format!("; without that filter, results exist for {}", matches.join(", "))
    };
    Warning::new(
        WarningCode::NoHitsFiltered,
        format!("No results with `{property}` set to {}{tail}.", json_text(filter)),
        would_match.to_vec(),
    )
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(
        input,
        "a stored value's id or name as a JSON string",
        "set to the id of a stored value as a JSON string",
    )
}
/// The vocabulary's JSON Schema fragment.
fn schema_of(o: &VocabularyOptions) -> Value {
    let ids: Vec<&str> = o.entries.iter().map(|e| e.id.as_str()).collect();
    let shown: Vec<String> = o
        .entries
        .iter()
        .take(20)
        .map(|e| match e.names.first() {
            Some(n) => format!("{} ({n})", e.id),
            None => e.id.clone(),
        })
        .collect();
    let canonical = if ids.len() <= 200 {
        serde_json::json!({"type": "string", "enum": ids})
    } else {
        serde_json::json!({"type": "string"})
    };
    let role = if o.role == VocabularyRole::Filter {
        " As a filter, a value that names no stored value or several is dropped with a warning."
    } else {
        ""
    };
    crate::reader::fragment(
        format!("One stored value, by its id: {}.{role}", shown.join(", ")),
        canonical,
        &["string", "number", "array", "null"],
        "names in any language, abbreviations, other case and diacritics, inflected forms.",
    )
}
