//! Name tables of ranked sources, shared by the country and language generators.

use std::collections::BTreeMap;

/// How much a source of names is trusted: a key keeps the codes of its most trusted source, and
/// asks when two codes share that source's rank.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Rank {
    /// CLDR's names and ISO 3166's English names.
    Primary,
    /// iso-codes translations (volunteer work with a few errors: the Slovak file once gave
    /// "Republic of the Gambia" as "Slovenská republika").
    Translation,
    /// Names of the languages CLDR covers below the modern level (Māori, Breton, Xhosa): read
    /// where no name above is the same key.
    Minor,
    /// A part of a name in parentheses ("Burma" of "Myanmar (Burma)", "Kina" of "Macao (Kina)").
    Part,
}

/// Names by key, with the keys two values share at the same rank (they ask).
#[derive(Default)]
pub(super) struct Names {
    pub(super) names: BTreeMap<String, String>,
    pub(super) conflicts: BTreeMap<String, Vec<String>>,
    pub(super) ranks: BTreeMap<String, Option<Rank>>,
}

impl Names {
    /// Each key two values share, with the values sorted and joined by spaces: the pairs of
    /// an `AMBIGUOUS_*` table.
    pub(super) fn conflict_pairs(&self) -> Vec<(String, String)> {
        self.conflicts
            .iter()
            .map(|(k, v)| {
                let mut v = v.clone();
                v.sort();
                (k.clone(), v.join(" "))
            })
            .collect()
    }

    pub(super) fn add_ranked(&mut self, key: String, code: &str, rank: Rank) {
        match self.ranks.get(&key).copied().flatten() {
            Some(old) if old < rank => return,
            Some(old) if old > rank => {
                self.names.remove(&key);
                self.conflicts.remove(&key);
            }
            _ => {}
        }
        self.ranks.insert(key.clone(), Some(rank));
        if let Some(list) = self.conflicts.get_mut(&key) {
            if !list.iter().any(|c| c == code) {
                list.push(code.to_owned());
            }
            return;
        }
        match self.names.get(&key) {
            Some(other) if other != code => {
                let list = vec![other.clone(), code.to_owned()];
                self.names.remove(&key);
                self.conflicts.insert(key, list);
            }
            Some(_) => {}
            None => {
                self.names.insert(key, code.to_owned());
            }
        }
    }
}
