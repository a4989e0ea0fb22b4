//! The absent rule: one owner of "no value", used by every kind.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | (property not sent) | absent | none |
//! | `null` | absent | `null_read_as_absent` |
//! | `""`, `"   "`, `"\"\""` | absent | `blank_read_as_absent` |
//! | a placeholder (below) | absent | `placeholder_read_as_absent` |
//!
//! Placeholders are the spellings a model copies from schemas, examples and other languages
//! when it has no value, compared after trimming, unquoting, folding case and diacritics:
//!
//! - the null words of programming languages: `null`, `nil`, `none`, `undefined`, `nothing`;
//! - "not applicable" forms: `n/a`, `n.a.`, `not applicable`, `not specified`, `no value`;
//! - schema type names and the caller's own kind name: `string`, `str`, and per kind
//!   (`number`, `boolean`, ...);
//! - example and to-do markers: `example`, `placeholder`, `value`, `todo`, `tbd`, `tba`,
//!   `fixme`, `...`, `…`, `?`, `???`, `xxx` (any run of x);
//! - template holes: `<anything>`, `{anything}`, `{{anything}}`, `${anything}` whose inside is
//!   words only (`<string>`, `{{value}}`, `${ID}`); square brackets are not holes (`[draft]`
//!   is real text);
//! - "your X here" forms: `your-value-here`, `insert value here`, `enter id here`.
//!
//! Deliberately *not* placeholders: `na` and `nan` (language and country codes), `0`, `-`
//! (a filter's "everything": `EVERYTHING`, below, read by the filter kind), `unknown` and `empty` (real enum
//! values in many schemas). A kind whose own values include a placeholder word (an enum with
//! the value `none`) reads it as its value first.

use crate::codes::NoteCode;
use crate::input::Input;
use crate::outcome::{Note, Outcome};
use crate::spelling;

/// Why an input reads as absent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AbsentReason {
    /// Not sent at all.
    Missing,
    /// JSON `null`.
    Null,
    /// An empty or whitespace-only string (or an empty quoted string).
    Blank,
    /// A placeholder spelling.
    Placeholder,
}

/// Words that say "no value" outright, folded: a write reads them as absent too.
const NULL_WORDS: &[&str] = &[
    "null",
    "nil",
    "none",
    "undefined",
    "undef",
    "nothing",
    "n/a",
    "n.a.",
    "n. a.",
    "n/d",
    "not applicable",
    "not specified",
    "not set",
    "no value",
];

/// Every listed placeholder word, folded: the generator's door (`cargo xtask cldr` compares
/// their folds with the words of the tables, [`crate::word_key`]).
#[doc(hidden)]
pub fn placeholder_words() -> impl Iterator<Item = &'static str> {
    NULL_WORDS.iter().chain(PLACEHOLDER_WORDS).copied()
}

/// Other placeholder words, folded (lower case, no diacritics, single spaces).
const PLACEHOLDER_WORDS: &[&str] = &[
    "string",
    "str",
    "example",
    "placeholder",
    "value",
    "todo",
    "tbd",
    "tba",
    "fixme",
    "...",
    "\u{2026}",
    "?",
    "??",
    "???",
];

/// Kind-independent check: the reason `input` reads as absent, if it does.
/// `type_words` are the kind's own type names (`"number"`, `"integer"`), also placeholders.
pub fn check(input: &Input<'_>, type_words: &[&str]) -> Option<AbsentReason> {
    match input {
        Input::Missing => Some(AbsentReason::Missing),
        Input::Null => Some(AbsentReason::Null),
        Input::String(s) => check_str(s, type_words),
        _ => None,
    }
}

/// The absent check on a string.
pub fn check_str(s: &str, type_words: &[&str]) -> Option<AbsentReason> {
    let (inner, _) = spelling::clean_edges(s);
    if inner.is_empty() {
        return Some(AbsentReason::Blank);
    }
    if inner.len() > 64 {
        return None;
    }
    is_placeholder(inner, type_words).then_some(AbsentReason::Placeholder)
}

/// True when `s` (already trimmed) is a placeholder spelling.
pub fn is_placeholder(s: &str, type_words: &[&str]) -> bool {
    // The fold of text ending in a visible ASCII character ends in that character, lower
    // cased: when no placeholder's fold can end so (`"nájem"`, `"Praha"`), nothing need be
    // folded. A test compares this with the full check.
    match spelling::trim(s).as_bytes().last() {
        Some(&last) if last.is_ascii_graphic() && !may_end_placeholder(last.to_ascii_lowercase(), type_words) => false,
        _ => is_placeholder_folded(s, type_words),
    }
}

/// True when a placeholder's fold may end in `last` (lower case ASCII): a listed or type
/// word's last character, `x` (`xxx`), `}` or `>` (template holes) or `e` (`... here`).
fn may_end_placeholder(last: u8, type_words: &[&str]) -> bool {
    (LAST_BYTES >> (last & 0x7f)) & 1 == 1 || type_words.iter().any(|w| w.as_bytes().last() == Some(&last))
}

/// The set of [`may_end_placeholder`]'s ASCII bytes of the listed words, a bit per byte.
const LAST_BYTES: u128 = {
    let mut set = (1u128 << b'x') | (1 << b'}') | (1 << b'>') | (1 << b'e');
    let lists = [NULL_WORDS, PLACEHOLDER_WORDS];
    let mut l = 0;
    while l < lists.len() {
        let mut i = 0;
        while i < lists[l].len() {
            let w = lists[l][i].as_bytes();
            // A word ending outside ASCII ("…") is left to the full check: text ending in a
            // visible ASCII character never folds to it.
            if let Some(&b) = w.last() {
                if b.is_ascii() {
                    set |= 1 << b;
                }
            }
            i += 1;
        }
        l += 1;
    }
    set
};

/// [`is_placeholder`] through the fold of `s`.
fn is_placeholder_folded(s: &str, type_words: &[&str]) -> bool {
    // Every placeholder has a letter or is punctuation only ("...", "?"): digits never are.
    if s.bytes().any(|b| b.is_ascii_digit()) && !s.bytes().any(|b| b.is_ascii_alphabetic()) {
        return false;
    }
    let folded = spelling::fold::fold(s);
    // `núll` (Icelandic zero) folds to `null` but is a word the tables compare as written.
    if spelling::key::written_otherwise(s, &folded) {
        return false;
    }
    if NULL_WORDS.contains(&folded.as_str())
        || PLACEHOLDER_WORDS.contains(&folded.as_str())
        || type_words.iter().any(|w| *w == folded)
    {
        return true;
    }
    if folded.len() >= 3 && folded.chars().all(|c| c == 'x') {
        return true;
    }
    if is_template_hole(&folded) {
        return true;
    }
    if !folded.ends_with("here") {
        return false; // the phrase templates below all end with "here"
    }
    let words = spelling::fold::words(&folded);
    let mut parts = words.split(' ');
    let first = parts.next().unwrap_or_default();
    let last = words.rsplit(' ').next().unwrap_or_default();
    words.contains(' ') && matches!(first, "your" | "insert" | "enter" | "put") && last == "here"
}

/// True when `s` says "no value" outright (`null`, `none`, `N/A`), as opposed to a placeholder
/// that stands in for a value (`<uuid>`, `example`). A write reads the first kind as absent and
/// asks about the second.
pub fn is_null_word(s: &str) -> bool {
    NULL_WORDS.contains(&spelling::fold::fold(spelling::clean_edges(s).0).as_str())
}

/// `<words>`, `{words}`, `{{words}}`, `${words}`.
fn is_template_hole(folded: &str) -> bool {
    let inner = [("${", "}"), ("{{", "}}"), ("<", ">"), ("{", "}")]
        .iter()
        .find_map(|(open, close)| folded.strip_prefix(open).and_then(|r| r.strip_suffix(close)));
    inner.is_some_and(|inner| {
        let inner = inner.trim();
        !inner.is_empty()
            // A word, not a hex id: `{0B5E…}` is a braced GUID, `{id}` is a hole.
            && inner.chars().any(|c| c.is_alphabetic() && !c.is_ascii_hexdigit())
            && inner.chars().all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '.' | ':'))
    })
}

/// The absent outcome for `reason`, with its note (no note when nothing was sent).
pub(crate) fn outcome<T>(input: &Input<'_>, reason: AbsentReason) -> Outcome<T> {
    let out = Outcome::absent();
    match note(input, reason) {
        Some(n) => out.note(n),
        None => out,
    }
}

/// The note that says why `input` reads as absent.
pub(crate) fn note(input: &Input<'_>, reason: AbsentReason) -> Option<Note> {
    let received = input.to_json_text();
    match reason {
        AbsentReason::Missing => None,
        AbsentReason::Null => Some(Note::new(NoteCode::NullReadAsAbsent, "Read null as absent.".to_owned())),
        AbsentReason::Blank => {
            Some(Note::new(NoteCode::BlankReadAsAbsent, format!("Read {received} as absent: it is blank.")))
        }
        AbsentReason::Placeholder => Some(Note::new(
            NoteCode::PlaceholderReadAsAbsent,
            format!("Read {received} as absent: it is a placeholder, not a value."),
        )),
    }
}

/// Folded words that mean "everything", in English, Czech, Slovak, German, French, Spanish,
/// Italian, Polish, Portuguese and Dutch, plus wildcard marks.
pub(crate) const EVERYTHING: &[&str] = &[
    "all",
    "any",
    "anything",
    "every",
    "everything",
    "all values",
    "any value",
    "no filter",
    "no filtering",
    "unfiltered",
    "all of them",
    "any of them",
    "no preference",
    "no restriction",
    "no restrictions",
    "-",
    "--",
    "\u{2013}", // en dash
    "\u{2014}", // em dash
    "\u{2012}", // figure dash
    "\u{2015}", // horizontal bar
    "\u{2212}", // minus sign
    "\u{2010}", // hyphen
    "*",
    "**",
    "%",
    "%%",
    ".*",
    "*.*",
    "[*]",
    "[all]",
    "[any]",
    "(all)",
    "(any)",
    "vse",
    "vsechno",
    "vsechny",
    "cokoli",
    "cokoliv",
    "libovolne",
    "libovolny",
    "jakykoli",
    "jakykoliv",
    "bez filtru",
    "nezalezi", // cs
    "vsetko",
    "vsetky",
    "akekolvek",
    "lubovolne",
    "bez filtra", // sk
    "alle",
    "beliebig",
    "egal",
    "alles",
    "kein filter",
    "ohne filter", // de
    "tous",
    "toutes",
    "tout",
    "n'importe",
    "n'importe quoi",
    "peu importe",
    "sans filtre", // fr
    "todos",
    "todas",
    "todo",
    "cualquiera",
    "qualquer",
    "cualquier",
    "sin filtro",
    "da igual",
    "tudo",
    "sem filtro", // es, pt
    "tutti",
    "tutte",
    "qualsiasi",
    "qualunque",
    "tutto",
    "senza filtro", // it
    "wszystkie",
    "wszystko",
    "dowolne",
    "dowolny",
    "obojetnie", // pl (and "bez filtra", as in Slovak)
    "allemaal",
    "geen filter",
    "maakt niet uit", // nl
];

/// True when `s` means "everything" as a filter value (and as a page size: as many as allowed).
pub(crate) fn means_everything(s: &str) -> bool {
    let folded = spelling::fold::fold(spelling::clean_edges(s).0);
    EVERYTHING.contains(&folded.as_str())
}

#[cfg(test)]
mod tests {
    /// A word the tables compare as written is no placeholder its fold spells: Icelandic
    /// `núll` (zero) is not `null`.
    #[test]
    fn a_word_compared_as_written_is_no_placeholder() {
        assert!(!super::is_placeholder("núll", &[]));
        assert!(!super::is_placeholder("NÚLL", &[]));
        assert!(super::is_placeholder("Null", &[]));
    }

    use super::*;

    #[test]
    fn placeholders() {
        for s in [
            "null",
            "NULL",
            "None",
            "undefined",
            "N/A",
            "n.a.",
            "string",
            "<string>",
            "example",
            "TODO",
            "...",
            "…",
            "{{value}}",
            "${VALUE}",
            "<your id>",
            "your-value-here",
            "Insert value here",
            "xxx",
            "{id}",
        ] {
            assert!(is_placeholder(s, &[]), "{s}");
        }
        for s in ["na", "NaN", "0", "-", "unknown", "Praha", "<", "[1, 2]", "{}", "x", "your value", "[draft]"] {
            assert!(!is_placeholder(s, &[]), "{s}");
        }
        assert!(is_placeholder("Number", &["number"]));
    }

    /// The last-character shortcut answers as the full check does: every listed word, type
    /// word and template, in three cases, alone and followed by each visible ASCII character,
    /// and a few words of other scripts.
    #[test]
    fn last_character_shortcut_equals_the_full_check() {
        let type_words = ["number", "integer", "date", "uuid", "id"];
        let stems: Vec<String> = NULL_WORDS
            .iter()
            .chain(PLACEHOLDER_WORDS)
            .chain(&type_words)
            .chain(&["<your id>", "{{value}}", "${v}", "xxx", "your value here", "Praha", "nájem", "Česko", "Ab"])
            .flat_map(|w| [w.to_string(), w.to_uppercase(), format!(" {w}\t")])
            .collect();
        let mut checked = 0;
        for stem in &stems {
            let mut spellings = vec![stem.clone(), format!("{stem}\u{200b}"), format!("{stem}\u{0301}")];
            spellings.extend((0x21u8..0x7f).map(|b| format!("{stem}{}", char::from(b))));
            for s in &spellings {
                for words in [&type_words[..], &[]] {
                    assert_eq!(is_placeholder(s, words), is_placeholder_folded(s, words), "{s:?}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked} spellings");
    }

    #[test]
    fn blanks() {
        assert_eq!(check_str("", &[]), Some(AbsentReason::Blank));
        assert_eq!(check_str(" \u{a0}\t", &[]), Some(AbsentReason::Blank));
        assert_eq!(check_str("\"\"", &[]), Some(AbsentReason::Blank));
        assert_eq!(check_str("\" null \"", &[]), Some(AbsentReason::Placeholder));
        assert_eq!(check_str("a", &[]), None);
    }
}
