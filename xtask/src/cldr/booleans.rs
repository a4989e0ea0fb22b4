//! `data/booleans.rs`: the yes and no words of every modern locale (CLDR `posix` messages).

use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::source::{package_version, read_json};
use super::words::Words;
use super::write::{header, version_const};
use super::Generated;

/// The CLDR `yesstr` and `nostr` words of a locale (`"ano:a"`: the word, then abbreviations).
fn posix_words(dir: &Path, lang: &str) -> Result<(Vec<String>, Vec<String>), String> {
    let json = read_json(&dir.join(format!("cldr-misc-full/main/{lang}/posix.json")))?;
    let words = |field: &str| -> Result<Vec<String>, String> {
        let text = json
            .pointer(&format!("/main/{lang}/posix/messages/{field}"))
            .and_then(Value::as_str)
            .ok_or(format!("{lang}: no posix {field}"))?;
        let mut out = Vec::new();
        // Marathi's entry writes its colon as a visarga (U+0903): "होयःहो".
        for (i, alt) in text.split([':', '/', '\u{903}']).enumerate() {
            let alt: String = alt.chars().filter(|c| !matches!(c, '\u{200b}' | '\u{17d6}')).collect();
            let key = agent_input::fold(alt.trim());
            super::folds::meant(alt.trim(), "boolean", field);
            // The word itself; an abbreviation only when it is two letters or more ("ja:j").
            if !key.is_empty() && (key.chars().count() >= 2 || (i == 0 && !key.is_ascii())) {
                out.push(key);
            }
        }
        Ok(out)
    };
    Ok((words("yesstr")?, words("nostr")?))
}

/// `data/booleans.rs`: the CLDR `yesstr`/`nostr` words of every modern locale that the hand
/// lists in `boolean.rs` lack, and every word that means yes in one language and no in another
/// (in CLDR or the hand lists): those ask. Source: `cldr-misc-full/main/{lang}/posix.json`.
pub(super) fn booleans(dir: &Path, modern: &[String]) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-misc-full")?;
    let mut words = Words::<bool>::new();
    for w in agent_input::boolean::TRUE_WORDS {
        super::folds::meant(w, "boolean", "yesstr");
        words.add((*w).to_owned(), true);
    }
    for w in agent_input::boolean::FALSE_WORDS {
        super::folds::meant(w, "boolean", "nostr");
        words.add((*w).to_owned(), false);
    }
    for lang in modern {
        let (yes, no) = posix_words(dir, lang)?;
        for w in yes {
            words.add_in(w, true, lang);
        }
        for w in no {
            words.add_in(w, false, lang);
        }
    }
    let hand =
        |w: &str| agent_input::boolean::TRUE_WORDS.contains(&w) || agent_input::boolean::FALSE_WORDS.contains(&w);
    let pick = |value: bool| -> Vec<&str> {
        words.one.iter().filter(|(k, v)| **v == value && !hand(k)).map(|(k, _)| k.as_str()).collect()
    };
    let mut out = String::new();
    header(&mut out, "cldr-misc-full", &version);
    let _ =
        writeln!(out, "//! Yes and no words of the {} modern CLDR locales (`posix` `yesstr`, `nostr`).", modern.len());
    let _ = writeln!(out, "//! Keys are `agent_input::fold` of the word.");
    let _ = writeln!(out);
    version_const(&mut out, &version);
    for (name, value) in [("YES_WORDS", true), ("NO_WORDS", false)] {
        let list = pick(value);
        let _ = writeln!(out);
        let _ = writeln!(
            out,
            "/// Words that mean {}, beyond the hand lists of `boolean.rs`, sorted ({} entries).",
            if value { "yes" } else { "no" },
            list.len()
        );
        let _ = writeln!(out, "pub static {name}: &[&str] = &[");
        for w in list {
            let _ = writeln!(out, "    {w:?},");
        }
        let _ = writeln!(out, "];");
    }
    let ambiguous: Vec<&str> = words.several.keys().map(String::as_str).collect();
    let _ = writeln!(out);
    let _ = writeln!(out, "/// Words that mean yes in one language and no in another, sorted: they ask.");
    let _ = writeln!(out, "pub static AMBIGUOUS_WORDS: &[&str] = &[");
    for w in ambiguous {
        let _ = writeln!(out, "    {w:?},");
    }
    let _ = writeln!(out, "];");
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "/// The languages that give each word of `AMBIGUOUS_WORDS` yes (`true`) or no (`false`), as CLDR's `posix` messages do (`sq:false`: base language subtags, sorted); a meaning of the hand lists has no language. A reader's `languages` option settles the word by them."
    );
    let _ = writeln!(out, "pub static AMBIGUOUS_WORD_LANGUAGES: &[(&str, &str)] = &[");
    for (w, langs) in words.several_languages() {
        let _ = writeln!(out, "    ({w:?}, {langs:?}),");
    }
    let _ = writeln!(out, "];");
    Ok(Generated { path: "agent-input/src/data/booleans.rs", text: out })
}
