//! The key a word is looked up by in the word tables (months, weekdays, number and scale
//! words): one rule for the generator that keys the tables and for every reader.

/// The matching key of a word in the word tables: curly apostrophes (U+2018, U+2019) made
/// straight, then [`fold`](crate::fold), then trailing dots (`janv.`, `Mio.`, `tis.`) and
/// Devanagari abbreviation signs (U+0970) dropped and the edges trimmed. `cargo xtask cldr`
/// keys the generated tables with this function, so data and readers agree.
///
/// ```
/// assert_eq!(agent_input::word_key("Janv."), "janv");
/// assert_eq!(agent_input::word_key("d\u{2018}Mars"), "d'mars");
/// assert_eq!(agent_input::word_key("tis ."), "tis");
/// ```
pub fn word_key(word: &str) -> String {
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
            assert_eq!(word_key(w), reference(w), "{w:?}");
        }
    }
}
