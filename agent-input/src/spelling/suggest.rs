//! Nearest-value suggestions under a stated work budget: the one scan behind "`"relevance"` is
//! the nearest" of enums, countries and vocabularies.
//!
//! A suggestion compares the folded spelling with every candidate (normalised optimal-string-
//! alignment similarity: edits and adjacent transpositions). Its cost is the product of the two lengths, so it is bounded three
//! ways, each by construction:
//! - the spelling, *after folding*, has at most [`MAX_SUGGESTION_CHARS`] characters (some
//!   characters fold to many: U+FDFA becomes 18 letters);
//! - a candidate whose length rules out the threshold is skipped without comparing;
//! - the comparisons of one read, or of one whole call (every read of one
//!   [`Context`]), spend at most [`crate::limits::MAX_SUGGESTION_WORK`] character pairs. Past it, a scan
//!   compares nothing more: asks still ask, naming no nearest value.

use rapidfuzz::distance::osa;

use crate::context::Context;
use crate::limits::MAX_SUGGESTION_CHARS;

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
    cx: &Context<'_>,
    key: &str,
    candidates: impl IntoIterator<Item = (&'a str, T)>,
    rule: Rule,
) -> Vec<(f64, T)> {
    let key_len = key.chars().count();
    if key_len > MAX_SUGGESTION_CHARS || key_len == 0 || cx.suggestions_off() {
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
        if !cx.charge_suggestion(u64::try_from(key_len.saturating_mul(len.max(1))).unwrap_or(u64::MAX)) {
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
        let cx = Context::new(&crate::context::System);
        let found = ranked(&cx, "relevanse", [("date desc", 1), ("relevance", 2), ("relevant", 3)], RULE);
        assert_eq!(found.first().map(|f| f.1), Some(2));
        let before = cx.suggestion_work();
        // A candidate four times as long cannot be half similar: it is not compared.
        assert!(ranked(&cx, "abc", [("abcdefghijkl", 1)], RULE).is_empty());
        assert_eq!(cx.suggestion_work(), before);
    }

    #[test]
    fn a_long_key_compares_nothing() {
        let key = "x".repeat(MAX_SUGGESTION_CHARS + 1);
        let cx = Context::new(&crate::context::System);
        assert!(ranked(&cx, &key, [(key.as_str(), 1)], RULE).is_empty());
        assert_eq!(cx.suggestion_work(), 0);
    }

    #[test]
    fn a_call_spends_at_most_its_budget() {
        let candidates: Vec<String> = (0..2_000).map(|i| format!("value number {i:05} of the enum")).collect();
        let key = "value number 99999 of the enum and some";
        let cx = Context::new(&crate::context::System);
        for _ in 0..50 {
            let _ = ranked(&cx, key, candidates.iter().map(|c| (c.as_str(), ())), RULE);
        }
        let used = cx.suggestion_work();
        let max = crate::limits::MAX_SUGGESTION_WORK;
        assert!(used <= max, "{used} > {max}");
        assert!(used > max / 2, "the budget was used: {used}");
        // A new context has the whole budget again.
        let fresh = Context::new(&crate::context::System);
        assert!(!ranked(&fresh, key, candidates.iter().map(|c| (c.as_str(), ())), RULE).is_empty());
    }
}
