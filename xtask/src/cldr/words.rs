//! Tables of words that name one value, or several (the reader asks).

use std::collections::BTreeMap;

/// A table of keys that each name one value, and the keys that name two or more (they ask).
pub(super) struct Words<V> {
    pub(super) one: BTreeMap<String, V>,
    pub(super) several: BTreeMap<String, Vec<V>>,
}

impl<V: PartialEq + Copy + Ord> Words<V> {
    pub(super) fn new() -> Self {
        Self { one: BTreeMap::new(), several: BTreeMap::new() }
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
        self
    }

    /// The words of `other` that `self` lacks, with every meaning `other` gives them.
    pub(super) fn add_new(&mut self, other: Self) {
        for (key, value) in other.one {
            if !self.has(&key) {
                self.one.insert(key, value);
            }
        }
        for (key, values) in other.several {
            if !self.has(&key) {
                self.several.insert(key, values);
            }
        }
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
