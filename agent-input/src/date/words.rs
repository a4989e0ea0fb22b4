//! Reads one word: a month's or weekday's name in any CLDR language, as the tables key it
//! (`října`, `Oct`, `listopad` (November or October), `X`, `Donnerstag`, `木曜日`), a number's
//! unit in Chinese, Japanese and Korean (`年`, `월`), and a leading word of a phrase
//! ([`after_word`]: `end of` in `end of October 2026`).

use smallvec::SmallVec;
use unicode_normalization::char::is_combining_mark;

use crate::data::dates::{
    AMBIGUOUS_MONTHS, AMBIGUOUS_WEEKDAYS, GLUED_MONTH_PREFIXES, GLUED_MONTH_SUFFIXES, GLUED_WEEKDAY_SUFFIXES, MONTHS,
    WEEKDAYS,
};

/// The matching key of a word, as the generator keys the tables (one rule for every reader).
pub(super) use crate::spelling::key::word_key;

pub(super) fn lookup<V: Copy>(table: &[(&str, V)], key: &str) -> Option<V> {
    table.binary_search_by(|(k, _)| (*k).cmp(key)).ok().and_then(|i| table.get(i)).map(|(_, v)| *v)
}

/// The values a word names in a table of words that name two or more ("10 11").
pub(super) fn several<T: std::str::FromStr>(table: &[(&str, &str)], key: &str) -> Vec<T> {
    lookup(table, key).map(|list| list.split(' ').filter_map(|v| v.parse().ok()).collect()).unwrap_or_default()
}

fn roman_month(key: &str) -> Option<u32> {
    const ROMAN: [&str; 12] = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii"];
    ROMAN.iter().position(|r| *r == key).and_then(|p| u32::try_from(p + 1).ok())
}

/// The months a word names, in any modern CLDR language or as a Roman numeral: one, or several
/// when languages disagree (`listopad` is November in Czech and October in Croatian); with the
/// letters a CLDR date pattern glues to a month's name (Hebrew `בנובמבר`, Basque `azaroaren`).
pub(super) fn months_of(key: &str) -> SmallVec<[u32; 4]> {
    let months = month_names(key);
    if !months.is_empty() {
        return months;
    }
    let stems = GLUED_MONTH_PREFIXES
        .iter()
        .filter_map(|p| key.strip_prefix(p))
        .chain(GLUED_MONTH_SUFFIXES.iter().filter_map(|s| key.strip_suffix(s)));
    stems.filter(|stem| !stem.is_empty()).map(month_names).find(|m| !m.is_empty()).unwrap_or_default()
}

/// The months a word names, as it is.
fn month_names(key: &str) -> SmallVec<[u32; 4]> {
    if let Some(m) = MONTHS.get(key).map(u32::from).or_else(|| roman_month(key)) {
        return smallvec::smallvec![m];
    }
    several::<u32>(AMBIGUOUS_MONTHS, key).into_iter().collect()
}

/// The month whose name a word cut short begins (Finnish `maalisk` of older CLDR data,
/// `marrask`; `novem`, `octob`): four letters or more that begin the names of one month only,
/// in every language of the tables. Words that begin names of several months (`list`: Czech
/// `listopad` is November, Croatian October) name none.
#[cold]
pub(super) fn truncated_month(key: &str) -> Option<u32> {
    if key.chars().nth(3).is_none() || !key.chars().all(char::is_alphabetic) {
        return None;
    }
    let mut month = None;
    let mut one = true;
    let mut see = |m: u32| {
        one &= month.is_none_or(|seen| seen == m);
        month = Some(m);
    };
    MONTHS.with_prefix(key, |m| see(u32::from(m)));
    let from = AMBIGUOUS_MONTHS.partition_point(|(k, _)| *k < key);
    for (k, list) in AMBIGUOUS_MONTHS.get(from..).unwrap_or_default() {
        if !k.starts_with(key) {
            break;
        }
        list.split(' ').filter_map(|m| m.parse().ok()).for_each(&mut see);
    }
    month.filter(|_| one)
}

/// The ISO weekday a word names; 0 when languages disagree; with the letters a CLDR date
/// pattern glues to a weekday's name (Thai `วันจันทร์ที่`).
pub(super) fn weekday_of(key: &str) -> Option<u8> {
    let named = |key: &str| WEEKDAYS.get(key).or_else(|| lookup(AMBIGUOUS_WEEKDAYS, key).map(|_| 0));
    named(key).or_else(|| {
        GLUED_WEEKDAY_SUFFIXES.iter().filter_map(|s| key.strip_suffix(s)).filter(|k| !k.is_empty()).find_map(named)
    })
}

/// Every weekday a word names in some language, bit `n` for ISO weekday `n` (as
/// [`weekday_of`] finds the word, its glued letters too); 0 for no weekday's name.
pub(super) fn weekdays_of(key: &str) -> u8 {
    let named = |key: &str| {
        WEEKDAYS.get(key).map(|d| 1u8 << d).or_else(|| {
            lookup(AMBIGUOUS_WEEKDAYS, key)
                .map(|list| list.split(' ').filter_map(|d| d.parse::<u8>().ok()).fold(0, |m, d| m | 1u8 << d))
        })
    };
    named(key)
        .or_else(|| {
            GLUED_WEEKDAY_SUFFIXES.iter().filter_map(|s| key.strip_suffix(s)).filter(|k| !k.is_empty()).find_map(named)
        })
        .unwrap_or(0)
}

/// The field a Chinese, Japanese or Korean unit word after a number names.
pub(super) fn cjk_unit(word: &str) -> Option<usize> {
    // Words are folded, and folding decomposes Hangul syllables: compose them again.
    let composed: String = unicode_normalization::UnicodeNormalization::nfc(word.chars()).collect();
    match composed.as_str() {
        "年" | "년" => Some(0),
        "月" | "월" => Some(1),
        "日" | "일" | "号" | "號" => Some(2),
        _ => None,
    }
}

/// Whether `a` and `b` are the same text in lower case (`str::to_lowercase` of each equal),
/// compared without making either: ASCII by its bytes, other text character by character. A
/// capital sigma, which lower-cases by its place in the word, is compared as `to_lowercase`
/// writes it.
fn same_lowercase(a: &str, b: &str) -> bool {
    if a.eq_ignore_ascii_case(b) {
        return true;
    }
    if a.is_ascii() && b.is_ascii() {
        return false;
    }
    if a.contains('\u{3a3}') || b.contains('\u{3a3}') {
        return a.to_lowercase() == b.to_lowercase();
    }
    a.chars().flat_map(char::to_lowercase).eq(b.chars().flat_map(char::to_lowercase))
}

/// The text after a leading word of `words` (any case, a space after it), if it starts so.
pub(super) fn after_word<'t>(text: &'t str, words: &[&str]) -> Option<&'t str> {
    // A word that starts with another letter is passed over before it is compared: no first
    // letter is a final sigma, so each lower-cases alone as it does in the word.
    let lower_first = |s: &str| s.chars().next().and_then(|c| c.to_lowercase().next());
    let first = lower_first(text);
    words.iter().find_map(|w| {
        if lower_first(w) != first {
            return None;
        }
        let head = text.get(..w.len())?;
        let rest = text.get(w.len()..)?;
        same_lowercase(head, w).then(|| rest.strip_prefix(' ')).flatten().map(str::trim_start).filter(|r| !r.is_empty())
    })
}

/// The month and weekday names of a date text that the `languages` option settles
/// ([`crate::spelling::languages`]): the text with each written as its English name
/// (`listopad` as `November` for `["cs"]`), and a `word_read_in_language` note for each;
/// `None` when the option settles no word of it.
pub(super) fn settled_in_languages(text: &str, languages: &[String]) -> Option<(String, Vec<crate::outcome::Note>)> {
    use crate::codes::NoteCode;
    use crate::data::dates::{AMBIGUOUS_MONTH_LANGUAGES, AMBIGUOUS_WEEKDAY_LANGUAGES, MONTHS_EN, WEEKDAYS_EN};
    use crate::spelling::languages::settled;
    if languages.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut notes = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(char::is_alphabetic) {
        let (before, from) = rest.split_at(start);
        out.push_str(before);
        let end = from.find(|c: char| !(c.is_alphabetic() || is_combining_mark(c))).unwrap_or(from.len());
        let (word, after) = from.split_at(end);
        rest = after;
        let key = word_key(word);
        let named = |(table, meanings): Tables, names: &'static [&str], what: &str| {
            let s = settled(table, &key, languages)?;
            let name = *names.get(s.value.parse::<usize>().ok()?.checked_sub(1)?)?;
            let shown = |n: &str| -> String {
                let mut c = n.chars();
                c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
            };
            let others: Vec<String> = several::<usize>(meanings, &key)
                .into_iter()
                .filter(|n| n.to_string() != s.value)
                .filter_map(|n| names.get(n.checked_sub(1)?).map(|o| shown(o)))
                .collect();
            let message = format!(
                "Read {} as {}, the {what} it names in {} (the `languages` option); in another language it is {}.",
                serde_json::Value::from(word),
                shown(name),
                s.by.join(", "),
                others.join(" or ")
            );
            Some((name, crate::outcome::Note::new(NoteCode::WordReadInLanguage, message)))
        };
        match named((AMBIGUOUS_MONTH_LANGUAGES, AMBIGUOUS_MONTHS), &MONTHS_EN, "month")
            .or_else(|| named((AMBIGUOUS_WEEKDAY_LANGUAGES, AMBIGUOUS_WEEKDAYS), &WEEKDAYS_EN, "weekday"))
        {
            Some((name, note)) => {
                out.push_str(name);
                notes.push(note);
            }
            None => out.push_str(word),
        }
    }
    out.push_str(rest);
    (!notes.is_empty()).then_some((out, notes))
}

/// A table of the languages of ambiguous words and the table of those words' meanings.
type Tables = (&'static [(&'static str, &'static str)], &'static [(&'static str, &'static str)]);

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::same_lowercase;

    proptest! {
        /// The comparison agrees with comparing `to_lowercase` of both, in texts of capitals
        /// that lower-case to other lengths (`İ`, `ẞ`), final and inner sigmas, Kelvin's sign.
        #[test]
        fn same_lowercase_is_to_lowercase_compared(
            a in "[aAiIİıσςΣßẞkK\u{212a}é É]{0,6}",
            b in "[aAiIİıσςΣßẞkK\u{212a}é É]{0,6}",
        ) {
            prop_assert_eq!(same_lowercase(&a, &b), a.to_lowercase() == b.to_lowercase(), "{:?} {:?}", a, b);
            prop_assert!(same_lowercase(&a, &a.to_uppercase()) == (a.to_uppercase().to_lowercase() == a.to_lowercase()));
        }
    }

    #[test]
    fn same_lowercase_reads_words_in_any_case() {
        assert!(same_lowercase("OD", "od"));
        assert!(same_lowercase("ÖNCE", "önce"));
        assert!(same_lowercase("ΑΠΌ", "από"));
        assert!(same_lowercase("ΜΕΧΡΙΣ", "μεχρις"));
        assert!(!same_lowercase("od", "do"));
    }
}
