//! Tables of words that name one value, or several (the reader asks).

use std::collections::{BTreeMap, BTreeSet};

/// A table of keys that each name one value, and the keys that name two or more (they ask).
pub(super) struct Words<V> {
    pub(super) one: BTreeMap<String, V>,
    pub(super) several: BTreeMap<String, Vec<V>>,
    /// The languages (base subtags) that give a key each of its values, where known
    /// ([`Words::add_in`]): what a reader's `languages` option settles a key of several by.
    languages: BTreeMap<String, BTreeSet<(String, V)>>,
}

impl<V: PartialEq + Copy + Ord> Words<V> {
    pub(super) fn new() -> Self {
        Self { one: BTreeMap::new(), several: BTreeMap::new(), languages: BTreeMap::new() }
    }

    /// [`Words::add`], recording that the language of `locale` (its base subtag: `sr` of
    /// `sr-Latn`) gives `key` this value.
    pub(super) fn add_in(&mut self, key: String, value: V, locale: &str) {
        let language = locale.split(['-', '_']).next().unwrap_or(locale).to_ascii_lowercase();
        self.languages.entry(key.clone()).or_default().insert((language, value));
        self.add(key, value);
    }

    pub(super) fn add(&mut self, key: String, value: V) {
        if let Some(list) = self.several.get_mut(&key) {
            if !list.contains(&value) {
                list.push(value);
                list.sort();
            }
            return;
        }
        match self.one.get(&key) {
            Some(old) if *old != value => {
                let mut list = vec![*old, value];
                list.sort();
                self.one.remove(&key);
                self.several.insert(key, list);
            }
            Some(_) => {}
            None => {
                self.one.insert(key, value);
            }
        }
    }

    pub(super) fn has(&self, key: &str) -> bool {
        self.one.contains_key(key) || self.several.contains_key(key)
    }

    /// These words without the ones `known` names.
    pub(super) fn without(mut self, known: impl Fn(&str) -> bool) -> Self {
        self.one.retain(|k, _| !known(k));
        self.several.retain(|k, _| !known(k));
        self.languages.retain(|k, _| !known(k));
        self
    }

    /// The words of `other` that `self` lacks, with every meaning `other` gives them.
    pub(super) fn add_new(&mut self, mut other: Self) {
        for (key, value) in other.one {
            if !self.has(&key) {
                if let Some(langs) = other.languages.remove(&key) {
                    self.languages.insert(key.clone(), langs);
                }
                self.one.insert(key, value);
            }
        }
        for (key, values) in other.several {
            if !self.has(&key) {
                if let Some(langs) = other.languages.remove(&key) {
                    self.languages.insert(key.clone(), langs);
                }
                self.several.insert(key, values);
            }
        }
    }

    /// Each key of several values with the languages that give it each (`"cs:11 hr:10"`,
    /// sorted by language, then value), for the keys whose languages are known.
    pub(super) fn several_languages(&self) -> Vec<(String, String)>
    where
        V: std::fmt::Display,
    {
        self.several
            .iter()
            .filter_map(|(k, values)| {
                let langs = self.languages.get(k)?;
                let list: Vec<String> =
                    langs.iter().filter(|(_, v)| values.contains(v)).map(|(l, v)| format!("{l}:{v}")).collect();
                (!list.is_empty()).then(|| (k.clone(), list.join(" ")))
            })
            .collect()
    }

    pub(super) fn one_entries(&self) -> Vec<(String, String)>
    where
        V: std::fmt::Display,
    {
        self.one.iter().map(|(k, v)| (k.clone(), v.to_string())).collect()
    }

    pub(super) fn several_entries(&self) -> Vec<(String, String)>
    where
        V: std::fmt::Display,
    {
        self.several
            .iter()
            .map(|(k, v)| (k.clone(), v.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ")))
            .collect()
    }
}
