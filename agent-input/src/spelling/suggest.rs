//! Nearest-value suggestions under a stated work budget: the one scan behind "`"relevance"` is
//! the nearest" of enums, countries and vocabularies.
//!
//! A suggestion compares the folded spelling with every candidate (normalised optimal-string-
//! alignment similarity: edits and adjacent transpositions). Its cost is the product of the two lengths, so it is bounded three
//! ways, each by construction:
//! - the spelling, *after folding*, has at most [`MAX_SUGGESTION_CHARS`] characters (some
//!   characters fold to many: U+FDFA becomes 18 letters);
//! - a candidate whose length rules out the threshold is skipped without comparing;
//! - the comparisons of one read, or of one whole call (every read inside
//!   [`within_budget`]), spend at most [`MAX_SUGGESTION_WORK`] character pairs. Past it, a scan
//!   compares nothing more: asks still ask, naming no nearest value.

use std::cell::Cell;

use rapidfuzz::distance::osa;

use crate::limits::{MAX_FOLD_WORK, MAX_SUGGESTION_CHARS, MAX_SUGGESTION_WORK};

thread_local! {
    /// What the running call may still spend; `None` outside a call.
    static BUDGET: Cell<Option<u64>> = const { Cell::new(None) };
    /// Every character pair this thread compared (for the tests that bound the work).
    static SPENT: Cell<u64> = const { Cell::new(0) };
    /// True inside [`without_suggestions`]: scans compare nothing.
    static MUTED: Cell<bool> = const { Cell::new(false) };
    /// Every byte of folded text this thread counted (for the tests that bound the work).
    static FOLDED: Cell<u64> = const { Cell::new(0) };
    /// The folding work the running call may still do ([`MAX_FOLD_WORK`]); `None` outside a call.
    static FOLD_LEFT: Cell<Option<u64>> = const { Cell::new(None) };
}

/// Runs `f` with no suggestion scans (they find nothing and spend nothing): for a read whose
/// ask is only looked at for its status and readings, never shown, such as a list's reading of
/// its whole text as one item. Its hint then names no nearest value, and the call's budget is
/// left for the reads whose asks are shown.
pub(crate) fn without_suggestions<R>(f: impl FnOnce() -> R) -> R {
    super::with_flag(&MUTED, f)
}

/// Resets the budget when the outermost scope ends, even on unwinding.
struct Scope;

impl Drop for Scope {
    fn drop(&mut self) {
        BUDGET.set(None);
        FOLD_LEFT.set(None);
    }
}

/// Runs `f` as one call: every scan inside shares one [`MAX_SUGGESTION_WORK`]. A scope inside
/// a scope (a list item inside a tool call) shares the outer one.
pub(crate) fn within_budget<R>(f: impl FnOnce() -> R) -> R {
    if BUDGET.get().is_some() {
        return f();
    }
    BUDGET.set(Some(MAX_SUGGESTION_WORK));
    FOLD_LEFT.set(Some(MAX_FOLD_WORK));
    let _scope = Scope;
    f()
}

/// Counts `bytes` of folded text (from text outside ASCII) against the running call's
/// [`MAX_FOLD_WORK`]: folding is the costly step of reading such text (U+FDFA folds to 18
/// letters, and a reader may fold a text several times).
#[inline]
pub(crate) fn spend_folding(bytes: usize) {
    let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
    FOLDED.set(FOLDED.get().saturating_add(bytes));
    if let Some(left) = FOLD_LEFT.get() {
        FOLD_LEFT.set(Some(left.saturating_sub(bytes)));
    }
}

/// The bytes of folded text (from text outside ASCII) this thread has counted so far: tests and
/// fuzzing bound the work of a call by it ([`MAX_FOLD_WORK`]), never by timing.
pub fn fold_work_spent() -> u64 {
    FOLDED.get()
}

/// True once the running call has folded [`MAX_FOLD_WORK`] bytes: a list or a call reads no
/// more values, and says so.
#[inline]
pub(crate) fn folding_spent() -> bool {
    FOLD_LEFT.get() == Some(0)
}

/// The character pairs this thread has compared for suggestions so far: tests and fuzzing
/// bound the work of a read by it (never by timing).
pub fn work_spent() -> u64 {
    SPENT.get()
}

/// Takes `cost` from the running budget (or from a fresh one outside a call); false when it
/// does not fit.
fn charge(cost: u64) -> bool {
    if MUTED.get() {
        return false;
    }
    let left = BUDGET.get().unwrap_or(MAX_SUGGESTION_WORK);
    if cost > left {
        BUDGET.set(BUDGET.get().map(|_| 0));
        return false;
    }
    if BUDGET.get().is_some() {
        BUDGET.set(Some(left - cost));
    }
    SPENT.set(SPENT.get().saturating_add(cost));
    true
}

/// How a scan scores.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rule {
    /// The least similarity (0 to 1) a candidate needs.
    pub threshold: f64,
    /// A candidate that contains the spelling, or is contained in it, scores at least this.
    pub containment: Option<f64>,
}

/// The candidates near `key` (already folded), best first; ties keep the candidates' order.
/// Empty when the key is too long to compare or the budget is spent.
pub(crate) fn ranked<'a, T>(
    key: &str,
    candidates: impl IntoIterator<Item = (&'a str, T)>,
    rule: Rule,
) -> Vec<(f64, T)> {
    let key_len = key.chars().count();
    if key_len > MAX_SUGGESTION_CHARS || key_len == 0 || BUDGET.get() == Some(0) || MUTED.get() {
        return Vec::new();
    }
    let mut found: Vec<(f64, T)> = Vec::new();
    // The key's bit vectors, built at the first comparison.
    let mut scorer: Option<osa::BatchComparator<char>> = None;
    for (candidate, value) in candidates {
        let len = candidate.chars().count();
        // Similarity is 1 - distance / max(len); the distance is at least the length gap.
        let (short, long) = if len < key_len { (len, key_len) } else { (key_len, len) };
        let contained = rule.containment.is_some() && (candidate.contains(key) || key.contains(candidate));
        if !contained && !within_reach(short, long, rule.threshold) {
            continue;
        }
        if !charge(u64::try_from(key_len.saturating_mul(len.max(1))).unwrap_or(u64::MAX)) {
            break;
        }
        let scorer = scorer.get_or_insert_with(|| osa::BatchComparator::new(key.chars()));
        let score = similarity(scorer.distance(candidate.chars()), key_len.max(len));
        let score = match rule.containment {
            Some(floor) if contained && !key.is_empty() => score.max(floor),
            _ => score,
        };
        if score >= rule.threshold {
            found.push((score, value));
        }
    }
    found.sort_by(|a, b| b.0.total_cmp(&a.0));
    found
}

/// 1 - distance / longer length, with the optimal-string-alignment distance (edits and
/// adjacent transpositions), which `rapidfuzz` computes bit-parallel for a key of at most 64
/// characters (a test checks it against `strsim`'s reference).
#[expect(clippy::float_arithmetic, reason = "a similarity score, never a value read")]
fn similarity(distance: usize, longer: usize) -> f64 {
    if longer == 0 {
        return 1.0;
    }
    let distance = u32::try_from(distance).unwrap_or(u32::MAX);
    1.0 - f64::from(distance) / f64::from(u32::try_from(longer).unwrap_or(u32::MAX))
}

/// True when strings of lengths `short` and `long` can reach `threshold` similarity: the gap
/// alone costs `long - short` edits.
#[expect(clippy::float_arithmetic, reason = "a bound on a similarity score, never on a value read")]
fn within_reach(short: usize, long: usize, threshold: f64) -> bool {
    if long == 0 {
        return true;
    }
    let gap = u32::try_from(long - short).unwrap_or(u32::MAX);
    let long = u32::try_from(long).unwrap_or(u32::MAX);
    // 1 - gap / long >= threshold, without float division of counts.
    f64::from(long - gap) >= threshold * f64::from(long)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        /// The bit-parallel distance is the reference one: the same hints as before.
        #[test]
        fn osa_distance_is_the_reference(key in "[abcé ]{0,64}", candidates in proptest::collection::vec("[abcdé ]{0,80}", 1..6)) {
            let scorer = osa::BatchComparator::new(key.chars());
            for c in &candidates {
                prop_assert_eq!(scorer.distance(c.chars()), strsim::osa_distance(&key, c), "{:?} {:?}", key, c);
            }
        }
    }

    const RULE: Rule = Rule { threshold: 0.5, containment: None };

    #[test]
    fn nearest_first_and_far_lengths_skipped() {
        let found = ranked("relevanse", [("date desc", 1), ("relevance", 2), ("relevant", 3)], RULE);
        assert_eq!(found.first().map(|f| f.1), Some(2));
        let before = work_spent();
        // A candidate four times as long cannot be half similar: it is not compared.
        assert!(ranked("abc", [("abcdefghijkl", 1)], RULE).is_empty());
        assert_eq!(work_spent(), before);
    }

    #[test]
    fn a_long_key_compares_nothing() {
        let key = "x".repeat(MAX_SUGGESTION_CHARS + 1);
        let before = work_spent();
        assert!(ranked(&key, [(key.as_str(), 1)], RULE).is_empty());
        assert_eq!(work_spent(), before);
    }

    #[test]
    fn a_call_spends_at_most_its_budget() {
        let candidates: Vec<String> = (0..2_000).map(|i| format!("value number {i:05} of the enum")).collect();
        let key = "value number 99999 of the enum and some";
        let before = work_spent();
        within_budget(|| {
            for _ in 0..50 {
                let _ = ranked(key, candidates.iter().map(|c| (c.as_str(), ())), RULE);
            }
        });
        let used = work_spent() - before;
        assert!(used <= MAX_SUGGESTION_WORK, "{used} > {MAX_SUGGESTION_WORK}");
        assert!(used > MAX_SUGGESTION_WORK / 2, "the budget was used: {used}");
        // Outside the call the budget is fresh again.
        assert!(!ranked(key, candidates.iter().map(|c| (c.as_str(), ())), RULE).is_empty());
    }
}
