//! The `languages` option: the languages a server's callers write, which settle a word two
//! languages give different meanings (`listopad`: November in Czech, October in Croatian;
//! `lip`: July in Polish, June in Croatian; `jo`: yes in Lower Sorbian, no in Albanian). The
//! generator lists, for every such word, the languages that give it each meaning (CLDR's date
//! names and `posix` messages); a reader given `languages` reads the word when those languages
//! give it one meaning, and asks as before otherwise. It settles words only: the order of day
//! and month is never settled by a language (`01/02/2026` asks in every language).
//!
//! An entry is a BCP 47 tag or its language subtag, in any case, with `-` or `_` (`cs`,
//! `cs-CZ`, `cs_CZ`, `CS`); deprecated codes are read as CLDR replaces them (`iw` is `he`).

use serde::Deserialize;

use crate::data::language_codes::{KNOWN_LANGUAGES, LANGUAGE_ALIASES};
use crate::limits::MAX_LANGUAGES;

/// The language subtag of a tag, lower case, a deprecated code replaced (`cs` of `cs_CZ`, `he`
/// of `iw`), or `None` when CLDR knows no such language.
pub(crate) fn language_of(tag: &str) -> Option<String> {
    let first = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
    let first = match LANGUAGE_ALIASES.binary_search_by(|(k, _)| (*k).cmp(first.as_str())) {
        Ok(i) => LANGUAGE_ALIASES.get(i).map(|(_, v)| *v).filter(|v| !v.contains('-')).unwrap_or(&first).to_owned(),
        Err(_) => first,
    };
    KNOWN_LANGUAGES.binary_search(&first.as_str()).is_ok().then_some(first)
}

/// The misuse of a `languages` option, or `None`: more than [`MAX_LANGUAGES`] entries, or an
/// entry whose language CLDR does not know (`cz`, the country's code, for Czech `cs`).
pub(crate) fn languages_error(languages: &[String]) -> Option<String> {
    if languages.len() > MAX_LANGUAGES {
        return Some(format!(
            "the `languages` option names at most {MAX_LANGUAGES} languages (limits::MAX_LANGUAGES); got {}",
            languages.len()
        ));
    }
    let unknown: Vec<&str> = languages.iter().map(String::as_str).filter(|l| language_of(l).is_none()).collect();
    (!unknown.is_empty()).then(|| {
        format!(
            "the `languages` option takes BCP 47 language tags such as \"cs\" or \"pt-BR\"; no language is known as {}",
            unknown.iter().map(|l| format!("{l:?}")).collect::<Vec<_>>().join(", ")
        )
    })
}

/// Deserialises a `languages` option, refusing what [`languages_error`] refuses.
pub(crate) fn languages_option<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let languages = Vec::<String>::deserialize(d)?;
    match languages_error(&languages) {
        Some(message) => Err(serde::de::Error::custom(message)),
        None => Ok(languages),
    }
}

/// A word settled by the `languages` option: the one meaning those languages give it, and
/// the languages that give it (`"cs, pl"`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Settled<'t> {
    /// The meaning, as the table writes it (`"11"`, `"false"`).
    pub value: &'t str,
    /// The languages of the option that give the word this meaning, as the table names them.
    pub by: Vec<&'t str>,
}

/// The one meaning `languages` give `key` in a table of languages by word (`("listopad",
/// "cs:11 hr:10 pl:11")`), or `None` when they give it none or several.
pub(crate) fn settled<'t>(table: &'t [(&str, &str)], key: &str, languages: &[String]) -> Option<Settled<'t>> {
    if languages.is_empty() {
        return None;
    }
    let i = table.binary_search_by(|(k, _)| (*k).cmp(key)).ok()?;
    let (_, list) = table.get(i)?;
    let wanted: Vec<String> = languages.iter().filter_map(|l| language_of(l)).collect();
    let mut value: Option<&str> = None;
    let mut by = Vec::new();
    for (lang, meaning) in list.split(' ').filter_map(|e| e.split_once(':')) {
        if !wanted.iter().any(|w| w == lang) {
            continue;
        }
        if value.is_some_and(|v| v != meaning) {
            return None;
        }
        value = Some(meaning);
        by.push(lang);
    }
    value.map(|value| Settled { value, by })
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &[(&str, &str)] = &[("jo", "dsb:true sq:false"), ("listopad", "cs:11 hr:10 pl:11")];

    fn langs(list: &[&str]) -> Vec<String> {
        list.iter().map(|l| (*l).to_owned()).collect()
    }

    #[test]
    fn a_language_settles_only_its_own_meaning() {
        let cs = settled(TABLE, "listopad", &langs(&["cs-CZ"])).unwrap();
        assert_eq!((cs.value, cs.by), ("11", vec!["cs"]));
        assert_eq!(settled(TABLE, "listopad", &langs(&["HR"])).unwrap().value, "10");
        assert_eq!(settled(TABLE, "listopad", &langs(&["cs", "pl"])).unwrap().by, ["cs", "pl"]);
        // Two languages of two meanings, a language of none, no option: no settling.
        assert_eq!(settled(TABLE, "listopad", &langs(&["cs", "hr"])), None);
        assert_eq!(settled(TABLE, "listopad", &langs(&["en"])), None);
        assert_eq!(settled(TABLE, "listopad", &[]), None);
        assert_eq!(settled(TABLE, "říjen", &langs(&["cs"])), None);
        assert_eq!(settled(TABLE, "jo", &langs(&["sq_AL"])).unwrap().value, "false");
    }

    #[test]
    fn languages_are_checked_against_cldr() {
        assert_eq!(language_of("cs_CZ").as_deref(), Some("cs"));
        assert_eq!(language_of("iw").as_deref(), Some("he"));
        assert_eq!(language_of("pt-BR").as_deref(), Some("pt"));
        assert_eq!(language_of("cz"), None);
        assert_eq!(language_of(""), None);
        assert!(languages_error(&langs(&["cs", "sk"])).is_none());
        let message = languages_error(&langs(&["cs", "cz"])).unwrap();
        assert!(message.contains("\"cz\""), "{message}");
        assert!(languages_error(&vec!["cs".to_owned(); MAX_LANGUAGES + 1]).is_some());
    }
}
