//! Folds that would merge words of different meanings (`data/folds.rs`): Vietnamese `sáu`
//! (six, in `tháng sáu`, June) and `sau` (next, in `tháng sau`, next month), Icelandic `núll`
//! (zero) and the placeholder `null`. Such a word is keyed as written (lower case, composed),
//! never by its fold, in every table and by every reader (`agent_input::word_key`).
//!
//! The generator runs twice: the first run records, for each table word, its fold, its written
//! form and its meaning ([`meant`]); [`settle`] lists every word whose fold two entries of
//! different spellings and no meaning in common share; the second run keys every table with that
//! list ([`key`]), and [`folds`] writes it.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::{Display, Write as _};

use super::write::{header, version_const};
use super::Generated;

/// Each table word's fold, its written forms, and what each means (`month 6`, `rel-month 1`).
type Seen = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

thread_local! {
    static CONFLICTS: RefCell<BTreeSet<String>> = const { RefCell::new(BTreeSet::new()) };
    static SEEN: RefCell<Seen> = const { RefCell::new(BTreeMap::new()) };
}

/// Whether `c` is part of a word of the tables: a letter, or a combining mark (Unicode's
/// General_Category M). The marks that Thai, Lao, Khmer, Burmese and the Indic scripts write
/// are no `Alphabetic` characters (Thai's tone marks, the viramas: `หนึ่ง`, `सत्रह`,
/// `ஒன்று`), though they are part of the word.
pub(super) fn word_letter(c: char) -> bool {
    c.is_alphabetic() || unicode_normalization::char::is_combining_mark(c)
}

/// The key of `word` in the tables: [`agent_input::word_key_in`] with the conflicts settled so
/// far (none in the first run).
pub(super) fn key(word: &str) -> String {
    CONFLICTS.with(|c| {
        let c = c.borrow();
        agent_input::word_key_in(word, |w| c.contains(w))
    })
}

/// [`key`], with what the word means in its table recorded for [`settle`].
pub(super) fn meant(word: &str, table: &str, meaning: impl Display) -> String {
    let plain = agent_input::word_key_in(word, |_| false);
    let written: Vec<String> =
        word.split_whitespace().map(agent_input::written_key).filter(|w| !w.is_empty()).collect();
    SEEN.with(|s| {
        s.borrow_mut()
            .entry(plain)
            .or_default()
            .entry(written.join(" "))
            .or_default()
            .insert(format!("{table} {meaning}"));
    });
    key(word)
}

/// Records the placeholder words (`agent_input::absent`) as one more table.
pub(super) fn placeholders() {
    for w in agent_input::absent::placeholder_words() {
        meant(w, "absent", "");
    }
}

/// Ends the first run: the folds of words that two entries of different meanings spell
/// differently, kept for the second run's keys and returned sorted.
pub(super) fn settle() -> Vec<String> {
    let seen = SEEN.with(|s| std::mem::take(&mut *s.borrow_mut()));
    let mut out = BTreeSet::new();
    for forms in seen.values() {
        // A placeholder reads as absent before any table is looked at: that is all it means.
        let absent: BTreeSet<String> = BTreeSet::from(["absent ".to_owned()]);
        let forms: Vec<(&String, &BTreeSet<String>)> =
            forms.iter().map(|(w, m)| (w, if m.contains("absent ") { &absent } else { m })).collect();
        for (i, (a, ma)) in forms.iter().enumerate() {
            for (b, mb) in forms.iter().skip(i + 1) {
                // A meaning both share: folding merges no meaning the other lacks outright
                // (`lørdag` and `lördag`, Saturday, one also this Saturday).
                if !ma.is_disjoint(mb) {
                    continue;
                }
                let (wa, wb): (Vec<&str>, Vec<&str>) = (a.split(' ').collect(), b.split(' ').collect());
                let differ = wa.len() != wb.len();
                for (x, y) in wa.iter().zip(&wb).filter(|(x, y)| differ || x != y) {
                    out.insert(agent_input::word_key_in(x, |_| false));
                    out.insert(agent_input::word_key_in(y, |_| false));
                }
            }
        }
    }
    CONFLICTS.with(|c| c.borrow_mut().clone_from(&out));
    out.into_iter().collect()
}

/// `data/folds.rs`: the folds compared as written.
pub(super) fn folds(conflicts: &[String], cldr_version: &str) -> Generated {
    let mut out = String::new();
    header(&mut out, "cldr-dates-full, cldr-rbnf and agent-input's placeholder list", cldr_version);
    version_const(&mut out, cldr_version);
    let _ = writeln!(
        out,
        "/// Folds (`agent_input::fold` of one word) that two table entries of different meanings share, spelled\n\
         /// differently ({} entries, sorted): a word that folds to one is keyed as written.",
        conflicts.len()
    );
    let _ = writeln!(out, "pub static FOLD_CONFLICTS: &[&str] = &[");
    for c in conflicts {
        let _ = writeln!(out, "    {c:?},");
    }
    let _ = writeln!(out, "];");
    Generated { path: "agent-input/src/data/folds.rs", text: out }
}
