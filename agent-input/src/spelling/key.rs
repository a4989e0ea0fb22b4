//! The key a word is looked up by in the word tables (months, weekdays, number and scale
//! words): one rule for the generator that keys the tables and for every reader.

use unicode_normalization::UnicodeNormalization;

use crate::data::folds::FOLD_CONFLICTS;

/// The matching key of a word in the word tables: curly apostrophes (U+2018, U+2019) made
/// straight, then [`fold`](crate::fold), then trailing dots (`janv.`, `Mio.`, `tis.`) and
/// Devanagari abbreviation signs (U+0970) dropped and the edges trimmed. `cargo xtask cldr`
/// keys the generated tables with this function, so data and readers agree.
///
/// Folding never merges two words the tables give different meanings: a word whose fold is one
/// of the generated list (`data/folds.rs`: Vietnamese `sáu`, six, and `sau`, next; Icelandic `núll`, zero, and
/// the placeholder `null`) keeps its diacritics, lower-cased, so it is compared as written.
///
/// ```
/// assert_eq!(agent_input::word_key("Janv."), "janv");
/// assert_eq!(agent_input::word_key("d\u{2018}Mars"), "d'mars");
/// assert_eq!(agent_input::word_key("tis ."), "tis");
/// assert_eq!(agent_input::word_key("Tháng Sáu"), "thang sáu");
/// assert_eq!(agent_input::word_key("tháng sau"), "thang sau");
/// ```
pub fn word_key(word: &str) -> String {
    word_key_in(word, compared_as_written)
}

/// The first bytes of [`FOLD_CONFLICTS`]' words: most folds start with none of them, and no
/// search runs (`rijna`, `oktobra`).
static CONFLICT_FIRST_BYTES: [bool; 256] = {
    let mut table = [false; 256];
    let mut i = 0;
    while i < FOLD_CONFLICTS.len() {
        if let Some(first) = FOLD_CONFLICTS[i].as_bytes().first() {
            table[*first as usize] = true;
        }
        i += 1;
    }
    table
};

/// Whether a fold of one word is one of [`FOLD_CONFLICTS`].
fn compared_as_written(folded: &str) -> bool {
    folded.as_bytes().first().is_some_and(|b| CONFLICT_FIRST_BYTES[usize::from(*b)])
        && FOLD_CONFLICTS.binary_search(&folded).is_ok()
}

/// [`word_key`] with the folds compared as written given by `conflicted` (a fold of one word):
/// the generator's door, which works the conflicts out before it keys the tables with them.
#[doc(hidden)]
pub fn word_key_in(word: &str, conflicted: impl Fn(&str) -> bool) -> String {
    let key = folded_key(word);
    // ASCII folds to itself lower-cased: only a word with other letters can lose a mark.
    if word.is_ascii() || !key.split(' ').any(&conflicted) {
        return key;
    }
    let mut out = String::with_capacity(key.len() + 4);
    for w in word.split_whitespace() {
        let folded = folded_key(w);
        if folded.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        if conflicted(&folded) {
            out.push_str(&written_key(w));
        } else {
            out.push_str(&folded);
        }
    }
    out
}

/// Whether `text`, whose fold is `folded`, is a word the tables compare as written and is not
/// written as `folded` (`núll` is not the placeholder `null`).
pub(crate) fn written_otherwise(text: &str, folded: &str) -> bool {
    !text.is_ascii() && compared_as_written(folded) && written_key(text) != folded
}

#[doc(hidden)]
/// A word as written, for comparing: lower case, composed (NFC), curly apostrophes straight,
/// trailing dots and abbreviation signs dropped, the edges trimmed.
pub fn written_key(word: &str) -> String {
    let mut key: String = word
        .nfc()
        .flat_map(char::to_lowercase)
        .map(|c| if matches!(c, '\u{2018}' | '\u{2019}') { '\'' } else { c })
        .collect();
    let end = key.trim_end_matches(['.', '\u{970}']).trim_end().len();
    key.truncate(end);
    key.trim_start().to_owned()
}

fn folded_key(word: &str) -> String {
    // Both curly apostrophes start with the byte 0xE2: most words have none, and no search runs.
    let curly = word.as_bytes().contains(&0xe2) && word.contains(['\u{2018}', '\u{2019}']);
    let mut key =
        if curly { super::fold::fold(&word.replace(['\u{2018}', '\u{2019}'], "'")) } else { super::fold::fold(word) };
    let end = key.trim_end_matches(['.', '\u{970}']).trim_end().len();
    key.truncate(end);
    // Folding leaves a space at the start only from a spacing accent (U+00B4): rare.
    if key.starts_with(char::is_whitespace) {
        let start = key.len() - key.trim_start().len();
        key.drain(..start);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::word_key;

    /// The rule as the generator first wrote it, before it moved here.
    fn reference(word: &str) -> String {
        let folded = super::super::fold::fold(&word.replace(['\u{2019}', '\u{2018}'], "'"));
        folded.trim_end_matches(['.', '\u{970}']).trim().to_owned()
    }

    #[test]
    fn word_key_is_the_generators_rule() {
        for w in ["Janv.", "d\u{2019}Mars", "d\u{2018}mars", "tis .", "\u{b4}abc", "दि\u{970}", "", ".", " . ", "MIO.."]
        {
            assert_eq!(super::folded_key(w), reference(w), "{w:?}");
            assert_eq!(word_key(w), reference(w), "{w:?}");
        }
    }

    /// Folding never merges words the tables give different meanings: the generated list is
    /// sorted (it is searched), and its words keep their marks, as written, in every key.
    #[test]
    fn folds_of_different_meanings_are_compared_as_written() {
        let conflicts = crate::data::folds::FOLD_CONFLICTS;
        assert!(conflicts.windows(2).all(|w| w[0] < w[1]), "FOLD_CONFLICTS is not sorted");
        assert!(conflicts.contains(&"null") && conflicts.contains(&"sau"));
        assert_eq!(word_key("Núll"), "núll");
        assert_eq!(word_key("NULL"), "null");
        assert_eq!(word_key("tháng  sáu."), "thang sáu");
        assert_eq!(word_key("Thứ Sáu"), "thu sáu");
        // Words of no conflict fold as before, marks and all.
        assert_eq!(word_key("Října"), "rijna");
    }
}
