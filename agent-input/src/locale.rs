//! The locale kind: a canonical BCP 47 tag out (through `unic-langid`), from tags, POSIX
//! locale names and language names.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `"cs-CZ"`, `"cs"` | itself | none |
//! | `"cs_CZ"`, `"cs-cz"`, `"CS_cz"`, `"cs_CZ.UTF-8"`, `"cs_CZ.UTF-8@euro"` | `"cs-CZ"` | `locale_normalized` |
//! | `"sr_RS@latin"`, `"ca_ES@valencia"` | `"sr-Latn-RS"`, `"ca-ES-valencia"` | `locale_normalized` |
//! | `"iw"`, `"in"`, `"ces"`, `"cze"`, `"en-UK"`, `"cs-CZE"`, `"cs-203"` (deprecated or overlong codes) | `"he"`, `"id"`, `"cs"`, `"cs"`, `"en-GB"`, `"cs-CZ"`, `"cs-CZ"` | `deprecated_code_replaced` |
//! | `"Czech"`, `"čeština"`, `"cestina"`, `"German"`, `"Deutsch"`, `"němčina"`, `"British English"` | `"cs"`, `"de"`, `"en-GB"` | `language_name_read` |
//!
//! Spellings that ask: `"C"` and `"POSIX"` (no language: `posix_locale`), a language CLDR does
//! not know (`unknown_language`), a name of several languages (`ambiguous_language`), and
//! anything that is not a tag (`not_a_locale`).
//!
//! Aliases, likely regions and names come from CLDR (`data::languages`, generated). CLDR keeps
//! `no` (Norwegian) as its own language: it is not replaced by `nb`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

use crate::codes::{AskCode, NoteCode};
use crate::data::languages::{
    AMBIGUOUS_LANGUAGE_NAMES, KNOWN_LANGUAGES, LANGUAGE_ALIASES, LANGUAGE_NAMES, LIKELY_REGIONS, REGION_ALIASES,
};
use crate::data::Index;
use crate::error::Error;
use crate::input::{quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{self, Door};
use crate::outcome::{Ask, Note, Outcome};
use crate::spelling;

/// A canonical BCP 47 language tag (language, script, region, variants).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Locale(LanguageIdentifier);

impl Locale {
    /// Parses a canonical tag strictly: `-` separators, canonical casing, a language CLDR knows.
    ///
    /// ```
    /// use agent_input::locale::Locale;
    /// for valid in ["cs", "cs-CZ", "sr-Latn-RS", "ca-ES-valencia", "es-419"] {
    ///     assert!(Locale::strict(valid).is_some(), "{valid}");
    /// }
    /// for invalid in ["cs_CZ", "cs-cz", "CS", "cs_CZ.UTF-8", "C", "", "czech"] {
    ///     assert!(Locale::strict(invalid).is_none(), "{invalid}");
    /// }
    /// ```
    pub fn strict(tag: &str) -> Option<Self> {
        let id = LanguageIdentifier::from_str(tag).ok()?;
        (id == tag && known_language(id.language.as_str())).then_some(Self(id))
    }

    /// The `unic-langid` identifier.
    pub fn identifier(&self) -> &LanguageIdentifier {
        &self.0
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Serialize for Locale {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&self.0)
    }
}

/// Options of the locale kind (none yet; unknown options are rejected).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LocaleOptions {}

static NAMES: Index<&str> = Index::new(LANGUAGE_NAMES);
static AMBIGUOUS_NAMES: Index<&str> = Index::new(AMBIGUOUS_LANGUAGE_NAMES);
static LANGUAGE_ALIAS: Index<&str> = Index::new(LANGUAGE_ALIASES);
static REGION_ALIAS: Index<&str> = Index::new(REGION_ALIASES);
static LIKELY: Index<&str> = Index::new(LIKELY_REGIONS);

fn known_language(lang: &str) -> bool {
    KNOWN_LANGUAGES.binary_search(&lang).is_ok()
}

/// What the repairs were, for the notes.
#[derive(Default)]
struct Repairs {
    spelling: bool,
    alias: bool,
    name: bool,
}

/// Why a spelling is not a locale.
enum Refusal {
    Posix,
    Unknown(String),
    Ambiguous(Vec<String>),
    NotATag,
}

/// POSIX modifiers and what they mean in BCP 47.
fn modifier(m: &str) -> Option<(&'static str, &'static str)> {
    match m.to_ascii_lowercase().as_str() {
        "latin" => Some(("script", "Latn")),
        "cyrillic" => Some(("script", "Cyrl")),
        "devanagari" => Some(("script", "Deva")),
        "arabic" => Some(("script", "Arab")),
        "valencia" => Some(("variant", "valencia")),
        "euro" => Some(("drop", "")),
        _ => None,
    }
}

/// Resolves a spelling to a canonical tag: a language name, or a tag in BCP 47 or POSIX
/// spelling, step by step.
fn resolve(text: &str) -> Result<(Locale, Repairs), Refusal> {
    if matches!(text.to_ascii_uppercase().as_str(), "C" | "POSIX" | "C.UTF-8" | "C.UTF8") {
        return Err(Refusal::Posix);
    }
    if let Some(found) = by_name(text) {
        return found;
    }
    let (mut subtags, posix, mut repairs) = posix_parts(text)?;
    replace_aliases(&mut subtags, &mut repairs);
    if let Some(script) = posix.script {
        subtags.insert(1, script.to_owned());
    }
    if let Some(variant) = posix.variant {
        subtags.push(variant.to_owned());
    }
    let id = LanguageIdentifier::from_str(&subtags.join("-")).map_err(|_| Refusal::NotATag)?;
    // The canonical text must read back as the same tag (a 4-letter "variant" does not: it
    // would read back as a script).
    if LanguageIdentifier::from_str(&id.to_string()).ok().as_ref() != Some(&id) {
        return Err(Refusal::NotATag);
    }
    let lang = id.language.as_str().to_owned();
    if !known_language(&lang) {
        return Err(Refusal::Unknown(lang));
    }
    if id != text && !repairs.alias {
        repairs.spelling = true;
    }
    Ok((Locale(id), repairs))
}

/// A language name: "Czech", "čeština", "British English". `None` when `text` is not
/// name-like or names no language.
fn by_name(text: &str) -> Option<Result<(Locale, Repairs), Refusal>> {
    let name_like = text.chars().count() > 3 || !text.is_ascii();
    if !text.chars().any(char::is_alphabetic) || !name_like || text.contains(['_', '-', '.', '@']) {
        return None;
    }
    let key = spelling::fold::fold_name(text);
    if let Some(list) = AMBIGUOUS_NAMES.get(&key) {
        return Some(Err(Refusal::Ambiguous(list.split(' ').map(str::to_owned).collect())));
    }
    let tag = NAMES.get(&key)?;
    let repairs = Repairs { name: true, ..Repairs::default() };
    Some(LanguageIdentifier::from_str(tag).map(|id| (Locale(id), repairs)).map_err(|_| Refusal::NotATag))
}

/// What a POSIX `@modifier` adds to the tag.
#[derive(Default)]
struct Posix {
    script: Option<&'static str>,
    variant: Option<&'static str>,
}

/// POSIX `language[_territory][.codeset][@modifier]` (or BCP 47) into subtags, the language
/// lower-cased.
fn posix_parts(text: &str) -> Result<(Vec<String>, Posix, Repairs), Refusal> {
    let mut repairs = Repairs::default();
    let (base, modif) = match text.split_once('@') {
        Some((b, m)) => (b, Some(m)),
        None => (text, None),
    };
    let base = match base.split_once('.') {
        Some((b, _codeset)) => {
            repairs.spelling = true;
            b
        }
        None => base,
    };
    let mut subtags: Vec<String> = base.split(['-', '_']).map(str::to_owned).collect();
    if base.contains('_') {
        repairs.spelling = true;
    }
    let mut posix = Posix::default();
    if let Some(m) = modif {
        repairs.spelling = true;
        match modifier(m) {
            Some(("script", s)) => posix.script = Some(s),
            Some(("variant", v)) => posix.variant = Some(v),
            Some(_) => {}
            None => return Err(Refusal::NotATag),
        }
    }
    let Some(first) = subtags.first_mut() else { return Err(Refusal::NotATag) };
    *first = first.to_ascii_lowercase();
    Ok((subtags, posix, repairs))
}

/// Whole-tag aliases first ("art-lojban", "zh-guoyu", "no-bok"), then the language subtag's;
/// then regions: alpha-3, numeric and former codes to alpha-2.
fn replace_aliases(subtags: &mut Vec<String>, repairs: &mut Repairs) {
    let whole = subtags.join("-").to_ascii_lowercase();
    if let Some(rep) = LANGUAGE_ALIAS.get(&whole).filter(|_| subtags.len() > 1) {
        repairs.alias = true;
        *subtags = rep.split('-').map(str::to_owned).collect();
    } else if let Some(rep) = subtags.first().and_then(|l| LANGUAGE_ALIAS.get(l)) {
        repairs.alias = true;
        let mut replaced: Vec<String> = rep.split('-').map(str::to_owned).collect();
        replaced.extend(subtags.drain(1..));
        *subtags = replaced;
    }
    let language = subtags.first().cloned().unwrap_or_default();
    for sub in subtags.iter_mut().skip(1) {
        let is_region = (sub.len() == 2 && sub.bytes().all(|b| b.is_ascii_alphabetic()))
            || (sub.len() == 3
                && (sub.bytes().all(|b| b.is_ascii_digit()) || sub.bytes().all(|b| b.is_ascii_alphabetic())));
        if !is_region {
            continue;
        }
        if let Some(rep) = REGION_ALIAS.get(&sub.to_ascii_uppercase()) {
            let options: Vec<&str> = rep.split(' ').collect();
            let likely = LIKELY.get(&language);
            let pick = options.iter().find(|r| Some(**r) == likely).or(options.first()).copied().unwrap_or(rep);
            *sub = pick.to_owned();
            repairs.alias = true;
        }
    }
}

/// Reads a locale.
///
/// # Outcome
/// - ok: the canonical tag;
/// - absent: missing, null, blank or a placeholder;
/// - ask: `posix_locale`, `unknown_language`, `ambiguous_language` or `not_a_locale`.
///
/// # Errors
/// None today; the `Result` keeps every kind's signature alike.
///
/// # Example
/// ```
/// use agent_input::locale::{self, LocaleOptions};
/// let out = locale::read("cs_CZ.UTF-8@euro".into(), &LocaleOptions::default())?;
/// assert_eq!(out.value().map(ToString::to_string).as_deref(), Some("cs-CZ"));
/// let out = locale::read("čeština".into(), &LocaleOptions::default())?;
/// assert_eq!(out.value().map(ToString::to_string).as_deref(), Some("cs"));
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &LocaleOptions) -> Result<Outcome<Locale>, Error> {
    let _ = options;
    Ok(read_prepared(input))
}

pub(crate) fn read_prepared(input: Input<'_>) -> Outcome<Locale> {
    // Fast path: a well-formed tag that no alias replaces.
    if let Input::String(s) = input {
        if let Some(locale) = Locale::strict(s) {
            let whole_alias = LANGUAGE_ALIAS.get(&s.to_ascii_lowercase()).is_some();
            if LANGUAGE_ALIAS.get(l_lang(&locale)).is_none() && !whole_alias && !has_region_alias(&locale) {
                return Outcome::ok(locale);
            }
        }
    }
    let text = match opening::open(&input, Door::strings(MAX_SCALAR_CHARS), read_prepared, unexpected) {
        Ok(scalar) => scalar.text(),
        Err(out) => return out,
    };
    let (clean, _) = spelling::clean_edges(text);
    match resolve(clean) {
        Ok((locale, repairs)) => {
            let tag = locale.to_string();
            let code = if repairs.name {
                NoteCode::LanguageNameRead
            } else if repairs.alias {
                NoteCode::DeprecatedCodeReplaced
            } else {
                NoteCode::LocaleNormalized
            };
            if tag == text {
                return Outcome::ok(locale);
            }
            Outcome::ok(locale).note(Note::read_as(code, &input, &quoted(&tag), ""))
        }
        Err(refusal) => {
            if let Some(out) = opening::placeholder(&input, &["locale", "language", "lang", "language code", "bcp 47"])
            {
                return out;
            }
            Outcome::ask(refuse(&input, refusal))
        }
    }
}

fn l_lang(locale: &Locale) -> &str {
    locale.0.language.as_str()
}

fn has_region_alias(locale: &Locale) -> bool {
    locale.0.region.is_some_and(|r| REGION_ALIAS.get(r.as_str()).is_some())
}

fn refuse(input: &Input<'_>, refusal: Refusal) -> Ask {
    match refusal {
        Refusal::Posix => Ask::new(
            AskCode::PosixLocale,
            input,
            format!("a language tag; {} is the POSIX \"C\" locale, which names no language", input.to_json_text()),
            "set to the language you mean, as a BCP 47 tag such as \"en\" or \"cs-CZ\"",
        ),
        Refusal::Unknown(lang) => Ask::new(
            AskCode::UnknownLanguage,
            input,
            format!("a language CLDR knows; `{lang}` is not one"),
            "set to a BCP 47 tag of a known language, such as \"en\", \"de\" or \"cs-CZ\"",
        ),
        Refusal::Ambiguous(tags) => {
            let expected = format!("one language; {} names {}", input.to_json_text(), tags.len());
            let choices = tags.iter().map(|t| (t.clone(), format!("the language `{t}`"), quoted(t))).collect();
            Ask::choices(AskCode::AmbiguousLanguage, input, expected, choices)
        }
        Refusal::NotATag => Ask::new(
            AskCode::NotALocale,
            input,
            "a BCP 47 language tag such as \"cs-CZ\", a POSIX locale such as \"cs_CZ.UTF-8\", or a language's name",
            "set to a BCP 47 tag such as \"en\" or \"cs-CZ\"",
        ),
    }
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(input, "a language tag as a JSON string", "set to a BCP 47 tag such as \"en\" or \"cs-CZ\"")
}

/// Every language-name key of the generated table with its tag: for tests and benchmarks.
pub fn names() -> impl Iterator<Item = (&'static str, &'static str)> {
    NAMES.entries().iter().copied()
}
