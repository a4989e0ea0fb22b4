//! The locale kind: a canonical BCP 47 tag out (checked by `icu_locale_core`), from tags, POSIX
//! locale names, the C library's locale aliases and language names.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `"cs-CZ"`, `"cs"` | itself | none |
//! | `"cs_CZ"`, `"cs-cz"`, `"CS_cz"`, `"cs_CZ.UTF-8"`, `"cs_CZ.UTF-8@euro"` | `"cs-CZ"` | `locale_normalized` |
//! | `"sr_RS@latin"`, `"ca_ES@valencia"`, `"tt_RU@iqtelif"`, `"aa_ER@saaho"`, `"no_NO@nynorsk"` | `"sr-Latn-RS"`, `"ca-ES-valencia"`, `"tt-Latn-RU"`, `"ssy-ER"`, `"nn-NO"` | `locale_normalized` |
//! | `"de_DE@collation=phonebook"`, `"en_US@calendar=gregorian;currency=USD"` (ICU's keywords, by `cldr-bcp47`'s names) | `"de-DE-u-co-phonebk"`, `"en-US-u-ca-gregory-cu-usd"` | `locale_normalized` |
//! | `"spa-mx-latn"` (a script after the region), `"EN-us-U-HC-H23"`, `"de-DE-x-Private"` | `"es-MX"`, `"en-US-u-hc-h23"`, `"de-DE-x-private"` | `locale_normalized` |
//! | `"en-Latn"`, `"cs-Latn-CZ"` (a script the language is always written in) | `"en"`, `"cs-CZ"` | `suppressed_script_removed` |
//! | `"de-DD"`, `"cs_CS"`, `"sr_YU"` (retired regions: a rename, or a split the language settles) | `"de-DE"`, `"cs-CZ"`, `"sr-RS"` | `deprecated_code_replaced` |
//! | `"iw"`, `"in"`, `"ces"`, `"cze"`, `"en-UK"`, `"cs-CZE"`, `"cs-203"` (deprecated or overlong codes) | `"he"`, `"id"`, `"cs"`, `"cs"`, `"en-GB"`, `"cs-CZ"`, `"cs-CZ"` | `deprecated_code_replaced` |
//! | `"zh-cmn-Hans-CN"`, `"zh-yue-HK"`, `"sgn-ase"` (a language and its extended language subtag, RFC 5646; the IANA registry's extlang records, then CLDR's aliases) | `"zh-Hans-CN"`, `"yue-HK"`, `"ase"` | `deprecated_code_replaced` |
//! | `"zh-CHS"`, `"zh-CHT"` (.NET's legacy names of Chinese's scripts) | `"zh-Hans"`, `"zh-Hant"` | `deprecated_code_replaced` |
//! | `"Czech"`, `"čeština"`, `"cestina"`, `"German"`, `"Deutsch"`, `"němčina"`, `"British English"`, `"japanese.euc"` | `"cs"`, `"de"`, `"en-GB"`, `"ja"` | `language_name_read` |
//! | `"English (United States)"`, `"čeština (Česko)"` (CLDR's display names), `"English_United States.1252"`, `"German_Germany"` (the Windows C runtime's names), `"English UK"`, `"Portuguese Brazil"`, `"English, United States"`, `"English/US"` (a language's name, then a country's name or code) | `"en-US"`, `"cs-CZ"`, `"de-DE"`, `"en-GB"`, `"pt-BR"` | `language_name_read` |
//!
//! Spellings that ask: `"C"` and `"POSIX"` (no language: `posix_locale`), a language CLDR does
//! not know (`unknown_language`; a country's code written as a language, `cz` or `GB`, names
//! the country's likely language as its reading), a name of several languages
//! (`ambiguous_language`), two capitals that are a language's code and the code of a country
//! whose language is another (`UK`: Ukrainian or the United Kingdom's English; `SE`, `CA`,
//! `TW`: `ambiguous_language` with both; `DE` names German either way and reads), a retired
//! region with several successors that the language does not settle (`en-SU`:
//! `ambiguous_region`, every successor named), a language's name with a country's name that
//! several countries share (`English (Congo)`: `ambiguous_region`, `en-CD` and `en-CG`), a word
//! for every language (`all`, `any`, `*`: `not_a_locale`, naming the language whose code `all`
//! or `any` also is), and anything that is not a well-formed tag (`not_a_locale`): every ok
//! value is well-formed BCP 47.
//!
//! Aliases, likely regions and suppressed scripts come from CLDR (`data::language_codes`,
//! generated), and names too (`data::languages`); retired regions and their successors from ISO
//! 3166-3, the same table the country kind reads (`data::countries::RETIRED_CODES`). CLDR keeps
//! `no` (Norwegian) as its own language: it is not replaced by `nb`.

mod tag;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, System};
use crate::data::language_codes::{KNOWN_LANGUAGES, LIKELY_LANGUAGES};
use crate::data::languages::{AMBIGUOUS_LANGUAGE_NAMES, LANGUAGE_NAMES, REGION_GROUP_NAMES, SCRIPT_NAMES, TAGS};
use crate::data::locale_syntax::{LOCALE_BRACKETS, LOCALE_SEPARATORS};
use crate::data::Index;
use crate::error::Error;
use crate::input::{quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{Door, Scalar};
use crate::outcome::{Ask, Note, Outcome};
use crate::reader::{self, Grammar, Placeholders, Reader};
use crate::spelling;

use tag::{Modifier, Refusal, Repairs};

/// A canonical, well-formed BCP 47 tag (language, script, region, variants, extensions).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Locale {
    id: icu_locale_core::Locale,
    /// The canonical text, written once.
    tag: String,
}

impl Locale {
    /// Parses a canonical tag strictly: `-` separators, canonical casing, a language CLDR knows.
    ///
    /// ```
    /// use agent_input::locale::Locale;
    /// for valid in ["cs", "cs-CZ", "sr-Latn-RS", "ca-ES-valencia", "es-419", "en-US-u-hc-h23"] {
    ///     assert!(Locale::strict(valid).is_some(), "{valid}");
    /// }
    /// for invalid in ["cs_CZ", "cs-cz", "CS", "cs_CZ.UTF-8", "C", "", "czech", "es-MX-latn"] {
    ///     assert!(Locale::strict(invalid).is_none(), "{invalid}");
    /// }
    /// ```
    pub fn strict(tag: &str) -> Option<Self> {
        strict_id(tag).map(|id| Self { id, tag: tag.to_owned() })
    }

    /// The `icu_locale_core` locale.
    pub fn as_icu(&self) -> &icu_locale_core::Locale {
        &self.id
    }

    /// The canonical tag.
    pub fn as_str(&self) -> &str {
        &self.tag
    }

    /// The canonical tag, owned.
    pub fn into_string(self) -> String {
        self.tag
    }
}

impl fmt::Display for Locale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.tag)
    }
}

impl Serialize for Locale {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.tag)
    }
}

/// Options of the locale kind (none yet; unknown options are rejected).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct LocaleOptions {}

static AMBIGUOUS_NAMES: Index = Index::new(AMBIGUOUS_LANGUAGE_NAMES);

/// The identifier of a canonical tag of a known language ([`Locale::strict`]), nothing owned.
fn strict_id(tag: &str) -> Option<icu_locale_core::Locale> {
    let id = icu_locale_core::Locale::try_from_str(tag).ok()?;
    let canonical = id.strict_cmp(tag.as_bytes()) == std::cmp::Ordering::Equal;
    (canonical && known_language(id.id.language.as_str()) && !posix_variant(tag)).then_some(id)
}

/// Whether a tag has ICU's `POSIX` variant before its extensions, which a tag's syntax allows
/// (`en-US-posix`, `cs-posix-1901`) and CLDR writes as a keyword (`en-US-u-va-posix`).
fn posix_variant(text: &str) -> bool {
    text.split(['-', '_']).take_while(|s| s.len() != 1).skip(1).any(|s| s.eq_ignore_ascii_case("posix"))
}

fn known_language(lang: &str) -> bool {
    static KNOWN: crate::data::ShortCodes = crate::data::ShortCodes::new();
    KNOWN
        .contains(lang, || KNOWN_LANGUAGES.iter().copied())
        .unwrap_or_else(|| KNOWN_LANGUAGES.binary_search(&lang).is_ok())
}

/// The text before a codeset (`cs_CZ` of `cs_CZ.UTF-8`, said in `repairs`); `None` for two
/// letters after the point, which are a region (`en.US`), not a codeset: the general path's.
fn without_codeset<'a>(base: &'a str, repairs: &mut Repairs) -> Option<&'a str> {
    match base.split_once('.') {
        Some((_, codeset)) if codeset.len() == 2 => None,
        Some((b, _codeset)) => {
            repairs.spelling = true;
            Some(b)
        }
        None => Some(base),
    }
}

/// Resolves a spelling to a canonical tag: a language name, or a tag in BCP 47 or POSIX
/// spelling, step by step (`tag`).
fn locale_of(text: &str) -> Result<(Locale, Repairs), Refusal> {
    match locale_of_common_spelling(text) {
        Some(found) => Ok(found),
        None => locale_of_any_spelling(text),
    }
}

/// The commonest repaired spellings, resolved on the stack: a language of two or three
/// letters, then optionally a region of two letters (after `-` or `_`), a codeset (`.UTF-8`)
/// and a modifier that says nothing BCP 47 carries (`@euro`): `"cs_CZ.UTF-8"`, `"cs-cz"`,
/// `"iw"`, `"en_UK"`. The steps of [`locale_of_any_spelling`], in the same order; `None` leaves the
/// text to it (a property test compares the two on generated spellings).
fn locale_of_common_spelling(text: &str) -> Option<(Locale, Repairs)> {
    // Two or three letters, then the end or a separator: anything else is the general path's.
    let letters = text.bytes().take_while(u8::is_ascii_alphabetic).count();
    let after = text.as_bytes().get(letters);
    if !(2..=3).contains(&letters) || !matches!(after, None | Some(b'-' | b'_' | b'.' | b'@')) {
        return None;
    }
    let mut repairs = Repairs::default();
    let (base, modif) = text.split_once('@').map_or((text, None), |(b, m)| (b, Some(m)));
    if let Some(m) = modif {
        if tag::modifier(m)? != Modifier::Drop {
            return None;
        }
        repairs.spelling = true;
    }
    let base = without_codeset(base, &mut repairs)?;
    repairs.spelling |= base.contains('_');
    let (language, region) = base.split_once(['-', '_']).map_or((base, None), |(l, r)| (l, Some(r)));
    let mut language_buf = [0u8; 3];
    let language = on_stack(&mut language_buf, language, 2..=3, <[u8]>::make_ascii_lowercase)?;
    let mut region_buf = [0u8; 2];
    let region = match region {
        Some(r) => Some(on_stack(&mut region_buf, r, 2..=2, <[u8]>::make_ascii_uppercase)?),
        None => None,
    };
    if let Some(r) = region.filter(|_| tag::starts_whole_alias(language) != Some(false)) {
        // A whole-tag alias ("en-gb-oed" starts as "en-GB" does) is the general path's.
        let mut whole = [0u8; 6];
        let key = whole.get_mut(..language.len() + 3)?;
        let (l, rest) = key.split_at_mut(language.len());
        l.copy_from_slice(language.as_bytes());
        rest.copy_from_slice(&[
            b'-',
            r.as_bytes().first()?.to_ascii_lowercase(),
            r.as_bytes().get(1)?.to_ascii_lowercase(),
        ]);
        if tag::language_alias(std::str::from_utf8(key).ok()?).is_some() {
            return None;
        }
    }
    let language = match tag::language_alias(language) {
        Some(rep) if (2..=3).contains(&rep.len()) && rep.bytes().all(|b| b.is_ascii_lowercase()) => {
            repairs.alias = true;
            rep
        }
        Some(_) => return None,
        None => language,
    };
    // A region that is no country, or the language's own code where it is not spoken
    // (`en-EN`, `ar-AR`): the general path's, which asks.
    if region.is_some_and(|r| tag::region_check(language, r) != tag::RegionCheck::Fine) {
        return None;
    }
    let region = match region.map(|r| (r, tag::region_successors(r))) {
        Some((_, Some(one))) if !one.contains(' ') => {
            repairs.alias = true;
            Some(one)
        }
        Some((_, Some(_several))) => return None,
        Some((r, None)) => Some(r),
        None => None,
    };
    if !known_language(language) {
        return None;
    }
    let language = icu_locale_core::subtags::Language::try_from_str(language).ok()?;
    let region = region.map(icu_locale_core::subtags::Region::try_from_str).transpose().ok()?;
    let mut tag = String::with_capacity(language.as_str().len() + region.map_or(0, |r| r.as_str().len() + 1));
    tag.push_str(language.as_str());
    if let Some(r) = region {
        tag.push('-');
        tag.push_str(r.as_str());
    }
    if tag != text && !repairs.alias {
        repairs.spelling = true;
    }
    let id = icu_locale_core::LanguageIdentifier::from((language, None, region));
    Some((Locale { id: id.into(), tag }, repairs))
}

/// `text` copied into `buf` when its length is in `lens` and it is ASCII letters, then cased.
fn on_stack<'b>(
    buf: &'b mut [u8],
    text: &str,
    lens: std::ops::RangeInclusive<usize>,
    case: fn(&mut [u8]),
) -> Option<&'b str> {
    if !lens.contains(&text.len()) || !text.bytes().all(|b| b.is_ascii_alphabetic()) {
        return None;
    }
    let slot = buf.get_mut(..text.len())?;
    slot.copy_from_slice(text.as_bytes());
    case(slot);
    std::str::from_utf8(slot).ok()
}

/// Every spelling, step by step; a name with a hyphen (`Serbo-Croatian`, `Luba-Katanga`) is
/// looked up once the text proves no tag.
fn locale_of_any_spelling(text: &str) -> Result<(Locale, Repairs), Refusal> {
    if let Some(tag) = other_syntax(text) {
        if let Ok((locale, mut repairs)) = locale_of_tag_or_name(&tag) {
            repairs.spelling = true;
            return Ok((locale, repairs));
        }
    }
    if let Some(tag) = legacy_chinese(text) {
        let (locale, mut repairs) = locale_of_tag_or_name(tag)?;
        repairs.alias = true;
        return Ok((locale, repairs));
    }
    let result = locale_of_tag_or_name(text);
    if result.is_err() && text.contains('-') && !text.contains(['_', '.', '@']) {
        // A name with hyphens for spaces (`brazilian-portuguese`, `chinese-simplified`).
        let spaced = text.replace('-', " ");
        if let Some(found @ Ok(_)) = by_name(&spaced).or_else(|| by_language_then_region(&spaced)) {
            return found;
        }
    }
    if result.is_err() {
        if let Some(found) = tag_and_name(text).map(Ok).or_else(|| by_language_and_region(text)) {
            return found;
        }
        if let Some(found @ Ok(_)) = worded_name(text) {
            return found;
        }
    }
    result
}

/// A locale in another system's syntax, as a BCP 47 tag (`None` for any other text): Android's
/// resource qualifiers (`values-pt-rBR`, `pt-rBR`, `b+sr+Latn+RS`), Java's `Locale.toString`
/// with a script (`zh_CN_#Hans`, `sr__#Latn`), an HTTP `Accept-Language` entry with its weight
/// (`en-US;q=0.8`). (ICU's `POSIX` variant is [`locale_of_tag_or_name`]'s.)
fn other_syntax(text: &str) -> Option<String> {
    if !text.is_ascii() {
        return None; // a name: nothing to allocate for it
    }
    let text = if text.get(..7).is_some_and(|p| p.eq_ignore_ascii_case("values-")) { text.get(7..)? } else { text };
    if let Some(rest) = text.strip_prefix("b+").or_else(|| text.strip_prefix("B+")) {
        return Some(rest.replace('+', "-"));
    }
    if let Some((head, weight)) = text.split_once(';') {
        let (q, number) = weight.trim().split_once('=')?;
        let weighed = q.eq_ignore_ascii_case("q") && number.parse::<f32>().is_ok();
        return (weighed && !head.contains(',')).then(|| head.trim().to_owned());
    }
    if let Some((head, after)) = text.split_once("_#") {
        // After `#`: a script, then extensions (`#Latn-u-nu-latn`), or extensions alone
        // (`es_ES_#u-co-trad`).
        let (script, extensions) = match after.split_once('-') {
            Some((first, rest)) if first.len() == 4 => (first, rest),
            None if after.len() == 4 => (after, ""),
            _ => ("", after),
        };
        let mut parts = head.split('_');
        let (language, region, variant) = (parts.next()?, parts.next().unwrap_or(""), parts.next().unwrap_or(""));
        let tag = [language, script, region, variant, extensions];
        return Some(tag.iter().filter(|p| !p.is_empty()).copied().collect::<Vec<_>>().join("-"));
    }
    let (head, last) = text.rsplit_once(['-', '_'])?;
    // `pt-rBR`: Android's `r` before the region, after the language alone.
    let region = last.strip_prefix('r').filter(|r| r.len() == 2 && r.bytes().all(|b| b.is_ascii_uppercase()))?;
    (!head.contains(['-', '_'])).then(|| format!("{head}-{region}"))
}

/// Words for "language" around a language's name, by language (English, Malay and
/// Indonesian, Czech, Slovak, German, French, Spanish, Italian, Polish, Russian): grammar, like
/// the date reader's fillers. Folded.
const LANGUAGE_WORDS: &[&str] =
    &["the", "language", "lang", "bahasa", "jazyk", "sprache", "langue", "idioma", "lingua", "jezyk", "язык"];

/// A language's name with a word for "language" (`Czech language`, `the English language`,
/// `Bahasa Indonesia`), or with the adjective of its country in brackets (`Portuguese
/// (Brazilian)`, as [`language_then_demonym`] reads it without them): the name's locale.
#[cold]
fn worded_name(text: &str) -> Option<Result<(Locale, Repairs), Refusal>> {
    if let Some((name, rest)) = text.split_once(" (") {
        let demonym = rest.strip_suffix(')')?;
        return language_then_demonym(&format!("{} {}", name.trim(), demonym.trim()));
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    let kept: Vec<&str> =
        words.iter().copied().filter(|w| !LANGUAGE_WORDS.contains(&spelling::fold::fold(w).as_str())).collect();
    if kept.is_empty() || kept.len() == words.len() {
        return None;
    }
    by_name(&kept.join(" "))
}

/// A language's name and its tag, one in brackets after the other (`Czech (cs)`, `cs (Czech)`,
/// `English (en-US)`, as pickers label a locale): the tag, when both name its language and the
/// name's reading is the language alone. A code in capitals (`Spanish (ES)`) is a region's,
/// left to [`by_language_and_region`]; so is any part that is no tag. `None` for any other
/// text.
fn tag_and_name(text: &str) -> Option<(Locale, Repairs)> {
    let (outer, inner) = text.trim_end().strip_suffix(')')?.rsplit_once('(')?;
    // One part is a tag: a language subtag of two or three small letters first (`cs`,
    // `en-US`, `pt_BR`); `Japan` in `Japanese (Japan)` is a country, whatever a name table
    // of some language says.
    let tag_like = |p: &str| {
        let mut subtags = p.trim().split(['-', '_']);
        subtags.next().is_some_and(|l| (2..=3).contains(&l.len()) && l.bytes().all(|b| b.is_ascii_lowercase()))
            && subtags.all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric()))
    };
    if !tag_like(outer) && !tag_like(inner) {
        return None;
    }
    let part = |p: &str| {
        let p = p.trim();
        if p.contains(['(', ')']) {
            return None;
        }
        locale_of_any_spelling(p).ok().map(|(locale, _)| locale)
    };
    let (a, b) = (part(outer)?, part(inner)?);
    let bare = |l: &Locale| l.id.id.region.is_none() && l.id.id.script.is_none() && l.id.id.variants.is_empty();
    let found = match (a.id.id.language == b.id.id.language, bare(&a), bare(&b)) {
        _ if a.tag == b.tag => a,
        (true, _, true) => a,
        (true, true, false) => b,
        _ => return None,
    };
    Some((found, Repairs { name: true, ..Repairs::default() }))
}

/// The tag of the legacy names .NET gave Chinese in its two scripts, `zh-CHS` and `zh-CHT`
/// (any case, `-` or `_`; still written by Windows software), which ICU's canonicalization
/// reads as `zh-Hans` and `zh-Hant`; `None` for any other text.
fn legacy_chinese(text: &str) -> Option<&'static str> {
    let (language, script) = text.split_once(['-', '_'])?;
    if !language.eq_ignore_ascii_case("zh") {
        return None;
    }
    [("chs", "zh-Hans"), ("cht", "zh-Hant")].iter().find(|(k, _)| script.eq_ignore_ascii_case(k)).map(|(_, t)| *t)
}

/// A language's name and a country's name or code together, as CLDR's display names write a
/// locale (`English (United States)`, `čeština (Česko)`) and as the Windows C runtime names one
/// (`English_United States.1252`, `German_Germany`): the language's tag with the country's
/// region. `None` unless both parts read; a refusal naming each country when the country's
/// name names several (`English (Congo)`).
fn by_language_and_region(text: &str) -> Option<Result<(Locale, Repairs), Refusal>> {
    let bracketed = LOCALE_BRACKETS.iter().find_map(|(open, close)| Some((text.strip_suffix(close)?, *open)));
    let (language, region) = if let Some((head, open)) = bracketed {
        let (language, region) = head.rsplit_once(open)?;
        (language.trim_end(), region.trim())
    } else if text.contains('_') {
        // The Windows form: the codeset after the last point is left out (`.1252`, `.UTF-8`).
        let base =
            text.rsplit_once('.').map_or(text, |(base, codeset)| if codeset.contains(' ') { text } else { base });
        let (language, region) = base.split_once('_')?;
        (language.trim(), region.trim())
    } else {
        return by_language_then_region(text);
    };
    language_with_region(language, region)
}

/// A language's name, then a country's name or code after a comma, a dash, a slash or a space
/// (`English, United States`, `English - UK`, `English/US`, `Portuguese Brazil`), each split
/// tried from the left until both parts read (a split whose country's name names several
/// countries only when no split reads).
fn by_language_then_region(text: &str) -> Option<Result<(Locale, Repairs), Refusal>> {
    for separator in [",", " - ", " \u{2013} ", "/"] {
        if let Some((language, region)) = text.split_once(separator) {
            return language_with_region(language.trim(), region.trim());
        }
    }
    let spaces = text.char_indices().filter(|(_, c)| *c == ' ').map(|(i, _)| i).take(4);
    let mut refused = None;
    for at in spaces {
        match language_with_region(text.get(..at)?.trim(), text.get(at + 1..)?.trim()) {
            Some(Ok(found)) => return Some(Ok(found)),
            Some(Err(refusal)) => refused = refused.or(Some(Err(refusal))),
            None => {}
        }
    }
    refused.or_else(|| language_then_demonym(text))
}

/// A language's name, then the adjective of the country CLDR's name of the locale puts first
/// (`French Canadian`, `Portuguese Brazilian`, `English British`: CLDR's `Canadian French`,
/// `Brazilian Portuguese`, `British English`): that locale, when its tag is the first word's
/// language with a region. `Swiss German` is a language of its own (`gsw`), so `German Swiss`
/// names none.
fn language_then_demonym(text: &str) -> Option<Result<(Locale, Repairs), Refusal>> {
    let (language, demonym) = text.split_once(' ')?;
    let Ok((first, _)) = by_name(language)? else { return None };
    let Ok((found, repairs)) = by_name(&format!("{} {language}", demonym.trim()))? else { return None };
    let same_language = found.id.id.language == first.id.id.language && first.id.id.region.is_none();
    (same_language && found.id.id.region.is_some()).then_some(Ok((found, repairs)))
}

/// The language `language` names with the region `region` names (`None` unless the language
/// has one meaning, its tag has no region, script or variant of its own, and the region
/// reads); a refusal with each country when `region` is a name several countries share.
fn language_with_region(language: &str, region: &str) -> Option<Result<(Locale, Repairs), Refusal>> {
    let Ok((locale, _)) = by_name(language)? else { return None };
    let id = &locale.id.id;
    if id.region.is_some() || id.script.is_some() || !id.variants.is_empty() {
        return None;
    }
    let language = id.language.as_str();
    let Some(subtags) = qualifier_subtags(region) else {
        let codes = crate::country::several_of(region)?;
        let tags = codes.iter().map(|code| format!("{language}-{}", code.as_str())).collect();
        return Some(Err(Refusal::Countries { name: region.to_owned(), tags }));
    };
    let (tagged, _) = locale_of_tag_or_name(&format!("{language}-{subtags}")).ok()?;
    Some(Ok((tagged, Repairs { name: true, ..Repairs::default() })))
}

/// The subtags a display name's qualifier names: a country's region (`Česko`, `US`), a script
/// (`Simplified`, `Latin`: [`SCRIPT_NAMES`]), a group of countries CLDR's locales use
/// (`Latin America`: 419, [`REGION_GROUP_NAMES`]), or a script and a country after it
/// (`Simplified, China`, as CLDR writes `zh-Hans-CN`). A qualifier that names a country and a
/// script or group (Catalan `Món`, the world, is the Isle of Man's name elsewhere) names none.
fn qualifier_subtags(qualifier: &str) -> Option<String> {
    static SCRIPTS: Index = Index::of(&SCRIPT_NAMES);
    static GROUPS: Index = Index::new(REGION_GROUP_NAMES);
    // The first of CLDR's separators (`,`, `、`, `،`, `፣`, `，`).
    let separated = LOCALE_SEPARATORS
        .iter()
        .filter_map(|s| qualifier.find(s).map(|at| (at, s.len())))
        .min()
        .and_then(|(at, len)| Some((qualifier.get(..at)?, qualifier.get(at + len..)?)));
    if let Some((script, country)) = separated {
        let script = SCRIPTS.get(&spelling::fold::fold_name(script));
        if let (Some(script), Some(code)) = (script, crate::country::code_of(country.trim())) {
            return Some(format!("{script}-{}", code.as_str()));
        }
    }
    let key = spelling::fold::fold_name(qualifier);
    let named = SCRIPTS.get(&key).or_else(|| GROUPS.get(&key));
    match (crate::country::code_of(qualifier), named) {
        (Some(code), None) => Some(code.as_str().to_owned()),
        (None, Some(subtag)) => Some(subtag.to_owned()),
        _ => None,
    }
}

/// A tag, a POSIX locale, or a name without a hyphen.
fn locale_of_tag_or_name(text: &str) -> Result<(Locale, Repairs), Refusal> {
    // `C` and `POSIX`, with any codeset or modifier (`C.UTF-8`, `POSIX.UTF-8`, `C.iso88591`).
    let posix_base = text.split(['.', '@']).next().unwrap_or_default();
    if ["C", "POSIX"].iter().any(|p| p.eq_ignore_ascii_case(posix_base)) {
        return Err(Refusal::Posix);
    }
    // A name, or a C library alias: a name with a codeset or modifier ("japanese.euc").
    let base = text.split(['.', '@']).next().unwrap_or_default();
    if let Some(found) = by_name(text).or_else(|| (base != text).then(|| by_name(base)).flatten()) {
        return found;
    }
    let mut repairs = Repairs::default();
    let (mut head, tail, modifier) = tag::posix_parts(text, &mut repairs)?;
    tag::replace_language(&mut head, &mut repairs);
    let language = head.first().cloned().unwrap_or_default();
    let mut parts = tag::parts(&head, &mut repairs)?;
    match modifier {
        Some(Modifier::Script(_)) if parts.script.is_some() => return Err(Refusal::NotATag),
        Some(Modifier::Script(s)) => parts.script = Some(s.to_owned()),
        Some(Modifier::Variant(v)) => parts.variants.push(v.to_owned()),
        _ => {}
    }
    let region = parts.region.map(|r| tag::replace_region(&language, &r, &mut repairs)).transpose()?.flatten();
    let script = tag::keep_script(&language, parts.script, &mut repairs)?;
    // ICU's `POSIX` variant (`en_US_POSIX`, `en-US-posix`) is CLDR's keyword `u-va-posix`, after
    // any other variant; beside other extensions it is no tag this reader writes.
    let posix = parts.variants.iter().position(|v| v.eq_ignore_ascii_case("posix"));
    let extension = match modifier {
        Some(Modifier::Extension(e)) if tail.is_empty() && posix.is_none() => Some(e),
        Some(Modifier::Extension(_)) => return Err(Refusal::NotATag),
        _ => None,
    };
    if let Some(at) = posix {
        if !tail.is_empty() {
            return Err(Refusal::NotATag);
        }
        parts.variants.remove(at);
        repairs.spelling = true;
    }
    let mut subtags = vec![language];
    subtags.extend(script);
    subtags.extend(region);
    subtags.extend(parts.variants);
    if !tail.is_empty() {
        subtags.push(tail);
    }
    if posix.is_some() {
        subtags.push("u-va-posix".to_owned());
    }
    subtags.extend(extension);
    let locale = icu_locale_core::Locale::try_from_str(&subtags.join("-")).map_err(|_| Refusal::NotATag)?;
    let lang = locale.id.language.as_str().to_owned();
    if !known_language(&lang) {
        return Err(Refusal::Unknown(lang));
    }
    let tag = locale.to_string();
    if tag != text && !repairs.alias && repairs.suppressed.is_none() {
        repairs.spelling = true;
    }
    Ok((Locale { id: locale, tag }, repairs))
}

/// A language name: "Czech", "čeština", "British English". `None` when `text` is not
/// name-like or names no language.
fn by_name(text: &str) -> Option<Result<(Locale, Repairs), Refusal>> {
    let name_like = !text.is_ascii() || text.len() > 3;
    // An ASCII letter answers without the Unicode tables.
    let letter = text.bytes().any(|b| b.is_ascii_alphabetic()) || text.chars().any(char::is_alphabetic);
    if !letter || !name_like || text.contains(['_', '-', '.', '@']) {
        return None;
    }
    // The key of a name of Latin letters folded on the stack; any other on the heap.
    let (mut buf, mut heap) = ([0; 64], String::new());
    let key = spelling::fold::fold_name_in(text, &mut buf, &mut heap);
    // The names table has none of the ambiguous names (a test checks): a name it has is read
    // without asking them.
    let Some(found) = LANGUAGE_NAMES.get(key) else {
        let list = AMBIGUOUS_NAMES.get(key)?;
        return Some(Err(Refusal::Ambiguous(list.split(' ').map(str::to_owned).collect())));
    };
    let tag = TAGS.get(usize::from(found))?;
    let repairs = Repairs { name: true, ..Repairs::default() };
    // The table's tags are canonical (a test checks): the tag is the text, not written again,
    // and a tag of a language alone is its language subtag.
    let id = match icu_locale_core::subtags::Language::try_from_str(tag) {
        Ok(language) => Ok(icu_locale_core::LanguageIdentifier::from((language, None, None)).into()),
        Err(_) => icu_locale_core::Locale::try_from_str(tag).map_err(|_| Refusal::NotATag),
    };
    Some(id.map(|id| (Locale { id, tag: (*tag).to_owned() }, repairs)))
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
    Ok(options.read(input, &Context::new(&System)))
}

impl Reader for LocaleOptions {
    type Value = Locale;
    const CONSTRAINED: bool = true;
    const SET_LIKE: bool = true;

    #[inline]
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Locale> {
        reader::drive(self, input, cx)
    }

    fn to_json(&self, value: Locale) -> serde_json::Value {
        serde_json::Value::String(value.into_string())
    }

    fn schema(&self) -> serde_json::Value {
        crate::reader::fragment(
            "A language, as a BCP 47 tag (\"cs\", \"cs-CZ\").".into(),
            serde_json::json!({"type": "string", "pattern": "^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$"}),
            &["string", "array", "null"],
            "POSIX names (cs_CZ.UTF-8), deprecated codes, language names in English, Czech or the language itself.",
        )
    }
}

impl Grammar for LocaleOptions {
    fn door(&self) -> Door {
        Door::strings(MAX_SCALAR_CHARS)
    }

    fn placeholders(&self) -> Placeholders {
        Placeholders::WhenNothing(&["locale", "language", "lang", "language code", "bcp 47"])
    }

    /// A short ASCII spelling the stack path reads, or a canonical tag nothing replaces; a
    /// country's or a language's name that is also the other asks here already (the fast
    /// path would read it as the one it finds first).
    #[inline]
    fn fast(&self, input: &Input<'_>) -> Option<Outcome<Locale>> {
        // The fast paths read ASCII only, so bytes are characters: a longer text goes through the
        // opening, which states the bound (a canonical tag with private use can be any length).
        if let Some(s) = match *input {
            Input::String(s) if s.len() <= MAX_SCALAR_CHARS => Some(s),
            _ => None,
        } {
            if let Some(ask) = country_or_language(input, s) {
                return Some(Outcome::ask(ask));
            }
            // Fast path: a short ASCII spelling with letters or digits at both ends, which the
            // opening and the edge cleaning leave as it is, of the shape the stack path reads.
            let bytes = s.as_bytes();
            let edges = bytes
                .first()
                .zip(bytes.last())
                .is_some_and(|(a, z)| a.is_ascii_alphanumeric() && z.is_ascii_alphanumeric());
            if edges && s.len() <= 32 && s.is_ascii() {
                if let Some((locale, repairs)) = locale_of_common_spelling(s) {
                    return Some(finish(input, s, locale, &repairs));
                }
            }
            // Fast path: a well-formed canonical tag (ASCII, as every tag is) that nothing replaces.
            if let Some(locale) = s.is_ascii().then(|| strict_id(s)).flatten() {
                let id = &locale.id;
                let script = id.script.as_ref().map(|s| s.as_str());
                let region = id.region.as_ref().map(|r| r.as_str());
                let known_script = script.is_none_or(tag::known_script);
                let fine_region =
                    region.is_none_or(|r| tag::region_check(id.language.as_str(), r) == tag::RegionCheck::Fine);
                if known_script
                    && fine_region
                    && !tag::whole_alias(s)
                    && !tag::needs_repair(id.language.as_str(), script, region)
                {
                    return Some(Outcome::ok(Locale { id: locale, tag: s.to_owned() }));
                }
            }
        }
        None
    }

    fn grammar(&self, scalar: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Option<Outcome<Locale>> {
        let text = scalar.text();
        let (clean, _) = spelling::clean_edges(text);
        if let Some(ask) = country_or_language(input, clean) {
            return Some(Outcome::ask(ask));
        }
        match locale_of(clean) {
            Ok((locale, repairs)) => Some(finish(input, text, locale, &repairs)),
            Err(_) if crate::absent::means_everything(clean) => Some(Outcome::ask(every_language(input, clean))),
            Err(_) => None,
        }
    }

    fn nothing(&self, scalar: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Outcome<Locale> {
        let (clean, _) = spelling::clean_edges(scalar.text());
        match locale_of(clean) {
            Err(refusal) => Outcome::ask(refuse(input, refusal)),
            Ok((locale, repairs)) => finish(input, scalar.text(), locale, &repairs),
        }
    }

    fn unexpected(&self, input: &Input<'_>) -> Ask {
        unexpected(input)
    }
}

/// The locale read from `text`, with the notes of its repairs (none when it is `text`).
fn finish(input: &Input<'_>, text: &str, locale: Locale, repairs: &Repairs) -> Outcome<Locale> {
    // A spelling that comes to the bare code of Allar or Anyin (`b+all`, `ALL_`) asks as `all`
    // and `any` do: the bare code reads as the word for every language, so it is no value.
    if matches!(locale.as_str(), "all" | "any") {
        return Outcome::ask(every_language(input, locale.as_str()));
    }
    if locale.as_str() == text {
        return Outcome::ok(locale);
    }
    let notes = notes(input, locale.as_str(), repairs);
    Outcome::ok(locale).with_notes(notes)
}

/// The notes of a repaired tag: what it was read as, then the rule behind a settled split and
/// a removed script.
fn notes(input: &Input<'_>, tag: &str, repairs: &Repairs) -> Vec<Note> {
    let code = if repairs.name {
        NoteCode::LanguageNameRead
    } else if repairs.alias {
        NoteCode::DeprecatedCodeReplaced
    } else if repairs.spelling || repairs.suppressed.is_none() {
        NoteCode::LocaleNormalized
    } else {
        NoteCode::SuppressedScriptRemoved
    };
    let mut notes = vec![Note::read_as_quoted(code, input, tag, "")];
    if let Some((region, successors, chosen)) = &repairs.split {
        let language = tag.split('-').next().unwrap_or_default();
        notes.push(Note::new(
            NoteCode::DeprecatedCodeReplaced,
            format!(
                "The retired region `{region}` has several successors ({successors}); read as `{chosen}`, the likely region of `{language}`."
            ),
        ));
    }
    if let Some(region) = &repairs.no_region {
        notes.push(Note::new(
            NoteCode::LocaleNormalized,
            format!("Left out the region `{region}`: it names no country, so the tag says the language alone."),
        ));
    }
    if let Some((language, script)) = &repairs.suppressed {
        if code != NoteCode::SuppressedScriptRemoved {
            notes.push(Note::new(
                NoteCode::SuppressedScriptRemoved,
                format!(
                    "Removed the script `{script}`: `{language}` is written in {script} unless a tag says otherwise."
                ),
            ));
        }
    }
    notes
}

fn refuse(input: &Input<'_>, refusal: Refusal) -> Ask {
    match refusal {
        Refusal::Posix => Ask::new(
            AskCode::PosixLocale,
            input,
            format!("a language tag; {} is the POSIX \"C\" locale, which names no language", input.to_json_text()),
            "set to the language you mean, as a BCP 47 tag such as \"en\" or \"cs-CZ\"",
        ),
        Refusal::Unknown(lang) => unknown_language(input, &lang),
        Refusal::Ambiguous(tags) => {
            let expected = format!("one language; {} names {}", input.to_json_text(), tags.len());
            let choices = tags.iter().map(|t| (t.clone(), format!("the language `{t}`"), quoted(t))).collect();
            Ask::choices(AskCode::AmbiguousLanguage, input, expected, choices)
        }
        Refusal::Split { region, tags } => {
            let expected = format!(
                "one region; `{region}` is retired and has {} successors, and the language's likely region is none of them",
                tags.len()
            );
            let choices = tags
                .iter()
                .map(|t| (t.clone(), format!("the language in {}", tag::region_name(t)), quoted(t)))
                .collect();
            Ask::choices(AskCode::AmbiguousRegion, input, expected, choices)
        }
        Refusal::Countries { name, tags } => {
            let expected = format!("one region; `{name}` names {} countries", tags.len());
            let choices = tags
                .iter()
                .map(|t| (t.clone(), format!("the language in {}", tag::region_name(t)), quoted(t)))
                .collect();
            Ask::choices(AskCode::AmbiguousRegion, input, expected, choices)
        }
        Refusal::OwnCode { region, tags } => {
            let expected = format!(
                "one region; `{region}` is the language's own code, and the country it names ({}) speaks another",
                tags.last().map_or("", |t| tag::region_name(t))
            );
            // The country as written (the last tag) is offered when its code is another, which
            // reads (`uk-UK` as `uk-GB`); with the very code written (`sv-SV`) it would ask again.
            let last = tags.len().saturating_sub(1);
            let as_written = tags.get(last).is_some_and(|t| t.ends_with(&format!("-{region}")));
            let choices = tags
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != last || !as_written)
                .map(|(i, t)| {
                    let which = if i == last { "as written" } else { "its likely region" };
                    let meaning = if t.contains('-') {
                        format!("the language in {}, {which}", tag::region_name(t))
                    } else {
                        "the language alone, with no region".to_owned()
                    };
                    (t.clone(), meaning, quoted(t))
                })
                .collect();
            Ask::choices(AskCode::AmbiguousRegion, input, expected, choices)
        }
        Refusal::NotATag => Ask::new(
            AskCode::NotALocale,
            input,
            "a BCP 47 language tag such as \"cs-CZ\", a POSIX locale such as \"cs_CZ.UTF-8\", or a language's name",
            "set to a BCP 47 tag such as \"en\" or \"cs-CZ\"",
        ),
    }
}

/// The ask of a language CLDR does not know. A country's code written as a language (`cz`,
/// `jp`, `gr`: Czechia's, Japan's, Greece's) names that country's likely language as the one
/// reading: `cs`, `ja`, `el` (never applied: the code is not a language's).
/// A code that also means something else, asked about:
/// - two capital letters that are a language's code and a country's code whose likely
///   language is another one (`UK`: Ukrainian, or the United Kingdom's English; `SE`, `CA`,
///   `BR`, `TW`): capitals are how a country's code is written, so both readings are named;
///   `None` when the letters name one language either way (`DE`, `FR`);
/// - `all` and `any` (any case), the words for every language and also the ISO 639-3 codes
///   of Allar and Anyin: see [`every_language`].
#[inline]
fn country_or_language(input: &Input<'_>, text: &str) -> Option<Ask> {
    match text.len() {
        2 if text.bytes().all(|b| b.is_ascii_uppercase()) => capitals_ask(input, text),
        3 if text.eq_ignore_ascii_case("all") || text.eq_ignore_ascii_case("any") => Some(every_language(input, text)),
        _ => None,
    }
}

/// A word for every language (`all`, `any`, `every`, `*`, `no preference`: the words a filter
/// reads as no filter) sent for one locale, which names one language. When the word is also a
/// language's code (`all`: Allar; `any`: Anyin), that language is named as a reading with its
/// likely region (`all-IN`), a spelling that reads as that language without this ask.
#[cold]
fn every_language(input: &Input<'_>, text: &str) -> Ask {
    let expected = format!("one language; {} means every language, and a locale names one", input.to_json_text());
    let hint = "set to one language's BCP 47 tag, such as \"en\" or \"cs-CZ\"";
    let code = text.to_ascii_lowercase();
    let Some(region) = tag::likely_region(&code) else {
        return Ask::new(AskCode::NotALocale, input, expected, hint);
    };
    let tag = format!("{code}-{region}");
    let hint = format!("{hint} ({} for the language whose code is `{code}`)", quoted(&tag));
    Ask::new(AskCode::NotALocale, input, expected, hint).with_readings(vec![crate::outcome::Reading {
        meaning: format!(
            "the language whose ISO 639-3 code is `{code}`, in {} (its likely region)",
            crate::data::english_country_name(region)
        ),
        value: serde_json::Value::String(tag),
    }])
}

/// [`country_or_language`] of two capitals.
#[cold]
fn capitals_ask(input: &Input<'_>, text: &str) -> Option<Ask> {
    static LIKELY: Index = Index::new(LIKELY_LANGUAGES);
    let country = crate::country::code_of(text)?;
    let spoken = LIKELY.get(country.as_str())?;
    let (locale, _) = locale_of_common_spelling(&text.to_ascii_lowercase())?;
    let language = locale.tag;
    if language == spoken || locale.id.id.region.is_some() {
        return None;
    }
    let country_name = crate::data::english_country_name(country.as_str());
    let expected = format!("one language; {} is the code of a language and of {country_name}", input.to_json_text());
    let choices = vec![
        (language.clone(), format!("the language whose code is `{language}`"), quoted(&language)),
        (
            spoken.to_owned(),
            format!("the language of {country_name}, whose country code is {text}"),
            format!("{} (the language of {country_name})", quoted(spoken)),
        ),
    ];
    Some(Ask::choices(AskCode::AmbiguousLanguage, input, expected, choices))
}

fn unknown_language(input: &Input<'_>, lang: &str) -> Ask {
    static LIKELY: Index = Index::new(LIKELY_LANGUAGES);
    let country = lang.to_ascii_uppercase();
    let country_name = crate::data::english_country_name(&country);
    let expected = format!("a language CLDR knows; `{lang}` is not one");
    match LIKELY.get(&country).filter(|_| lang.len() == 2 && !country_name.is_empty()) {
        Some(language) => {
            // A region written after it stays (`cz_CZ`: `cs-CZ`).
            let region = match input {
                Input::String(s) => s
                    .trim()
                    .split(['-', '_'])
                    .nth(1)
                    .filter(|r| r.len() == 2 && r.bytes().all(|b| b.is_ascii_alphabetic())),
                _ => None,
            };
            let tag = region.map_or_else(|| language.to_owned(), |r| format!("{language}-{}", r.to_ascii_uppercase()));
            Ask::new(
                AskCode::UnknownLanguage,
                input,
                format!("{expected} (`{country}` is the country code of {country_name})"),
                format!("set to {} (the language of {country_name}), or another BCP 47 tag", quoted(&tag)),
            )
            .with_readings(vec![crate::outcome::Reading {
                value: serde_json::Value::String(tag),
                meaning: format!("the language of {country_name}, whose country code is {country}"),
            }])
        }
        None => Ask::new(
            AskCode::UnknownLanguage,
            input,
            expected,
            "set to a BCP 47 tag of a known language, such as \"en\", \"de\" or \"cs-CZ\"",
        ),
    }
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(input, "a language tag as a JSON string", "set to a BCP 47 tag such as \"en\" or \"cs-CZ\"")
}

/// Every language-name key of the generated table with its tag: for tests and benchmarks.
pub fn names() -> impl Iterator<Item = (String, &'static str)> {
    LANGUAGE_NAMES.entries().into_iter().filter_map(|(k, i)| TAGS.get(usize::from(i)).map(|t| (k, *t)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_fast(text: &str) -> Outcome<Locale> {
        LocaleOptions::default().read(Input::String(text), &Context::new(&System))
    }

    fn read_opened(text: &str) -> Outcome<Locale> {
        reader::drive_opened(&LocaleOptions::default(), Input::String(text), &Context::new(&System))
    }
    use crate::data::countries::RETIRED_CODES;
    use crate::data::language_codes::{LANGUAGE_ALIASES, REGION_ALIASES};
    use proptest::prelude::*;

    /// The stack path gives what the general path gives, or leaves the text to it.
    fn same_as_general(text: &str) -> Result<(), TestCaseError> {
        if let Some((locale, repairs)) = locale_of_common_spelling(text) {
            match locale_of_any_spelling(text) {
                Ok((general, general_repairs)) => {
                    prop_assert_eq!(&locale, &general, "{:?}", text);
                    prop_assert_eq!(&repairs, &general_repairs, "{:?}", text);
                }
                Err(refusal) => prop_assert!(false, "{text:?}: simple {locale:?}, general {refusal:?}"),
            }
        }
        Ok(())
    }

    /// What [`by_name`] relies on: no ambiguous name is in the names table.
    #[test]
    fn no_language_name_is_also_ambiguous() {
        for (key, _) in AMBIGUOUS_LANGUAGE_NAMES {
            assert_eq!(LANGUAGE_NAMES.get(key), None, "{key}");
        }
    }

    /// What [`by_name`] relies on: every tag of the names table is canonical.
    /// ISO 639's English names (the IANA registry's descriptions and iso-codes' inverted
    /// names) read, hyphenated ones once the text proves no tag; tags with a hyphen stay tags.
    #[test]
    fn a_language_and_a_country_read_together() {
        let tag = |s: &str| read_fast(s).value().map(|l| l.as_str().to_owned());
        for (text, want) in [
            ("English (United States)", "en-US"),
            ("čeština (Česko)", "cs-CZ"),
            ("English (US)", "en-US"),
            ("English_United States.1252", "en-US"),
            ("German_Germany", "de-DE"),
            ("Norwegian Bokmål_Norway", "nb-NO"),
            ("Czech_Czech Republic.1250", "cs-CZ"),
        ] {
            assert_eq!(tag(text).as_deref(), Some(want), "{text}");
        }
        // Each part must read with one meaning: an ambiguous or unknown country, a name that
        // already has a region, or no language name at all reads nothing.
        for text in [
            "English (Congo)",
            "English (Mars)",
            "British English (United Kingdom)",
            "xx (United States)",
            "English (n/a)",
        ] {
            assert_eq!(tag(text), None, "{text}");
        }
        let out = read_fast("English (United States)");
        assert_eq!(out.notes.first().map(|n| n.code), Some(NoteCode::LanguageNameRead));
    }

    #[test]
    fn iso_639_names_read() {
        let read = |s: &str| {
            let out = read(s.into(), &LocaleOptions::default()).expect("read");
            out.value().map(ToString::to_string).unwrap_or_else(|| out.to_json()["ask"]["code"].to_string())
        };
        for (name, tag) in [
            ("Modern Greek (1453-)", "el"),
            ("Greek, Modern (1453-)", "el"),
            ("Frisian, Western", "fy"),
            ("Fulah", "ff"),
            ("Chichewa", "ny"),
            ("Limburgan", "li"),
            ("Luba-Katanga", "lu"),
            ("Malay (macrolanguage)", "ms"),
            ("cs-CZ", "cs-CZ"),
            ("sr-Latn", "sr-Latn"),
        ] {
            assert_eq!(read(name), tag, "{name}");
        }
        assert_eq!(read("xx-YY"), "\"unknown_language\"");
    }

    #[test]
    fn the_names_table_holds_canonical_tags() {
        // No tag is a language alias (`tw`, Twi, is `ak`): a name reads as the tag would.
        for tag in TAGS {
            let language = tag.split('-').next().unwrap_or_default();
            assert!(tag::language_alias(language).is_none(), "{tag} is an alias");
        }
        for tag in TAGS {
            let parsed = icu_locale_core::Locale::try_from_str(tag);
            assert_eq!(parsed.as_ref().map(ToString::to_string).as_deref(), Ok(*tag));
            if let Ok(language) = icu_locale_core::subtags::Language::try_from_str(tag) {
                let alone: icu_locale_core::Locale =
                    icu_locale_core::LanguageIdentifier::from((language, None, None)).into();
                assert_eq!(Ok(&alone), parsed.as_ref(), "{tag}");
            }
        }
    }

    #[test]
    fn the_commonest_repairs_take_the_stack_path() {
        for (text, tag) in [
            ("cs_CZ.UTF-8", "cs-CZ"),
            ("cs-cz", "cs-CZ"),
            ("CS_cz", "cs-CZ"),
            ("iw", "he"),
            ("en_UK", "en-GB"),
            ("de_DD@euro", "de-DE"),
            ("ces", "cs"),
        ] {
            let (locale, _) = locale_of_common_spelling(text).unwrap_or_else(|| panic!("{text}"));
            assert_eq!(locale.as_str(), tag);
            same_as_general(text).unwrap();
        }
        for text in ["cs_CS", "sh", "sr_RS@latin", "zh-guoyu", "cs-203", "cs-Latn-CZ", "C", "czech", "xx-CZ", "cs-"] {
            assert!(locale_of_common_spelling(text).is_none(), "{text}");
        }
    }

    fn language() -> impl Strategy<Value = String> {
        let aliases: Vec<String> = LANGUAGE_ALIASES.iter().map(|(k, _)| (*k).to_owned()).collect();
        prop_oneof![
            "[a-zA-Z]{1,4}",
            proptest::sample::select(aliases),
            proptest::sample::select(vec!["cs", "en", "sr", "zh", "no", "iw", "und", "sgn", "art"])
                .prop_map(String::from),
        ]
    }

    fn region() -> impl Strategy<Value = String> {
        let codes: Vec<String> = REGION_ALIASES.iter().chain(RETIRED_CODES).map(|(k, _)| (*k).to_owned()).collect();
        prop_oneof!["[a-zA-Z0-9]{0,5}", proptest::sample::select(codes), Just("CZ".to_owned())]
    }

    proptest! {
        /// The fast path before the opening reads what the opening's way reads.
        #[test]
        fn short_ascii_spellings_read_as_through_the_opening(
            text in "[a-zA-Z]{1,4}([-_][a-zA-Z0-9]{0,4})?(\\.[a-zA-Z0-9-]{0,4})?(@[a-zA-Z]{0,6})?[\"' .]?",
        ) {
            prop_assert_eq!(read_fast(&text).to_json(), read_opened(&text).to_json());
        }

        #[test]
        fn the_stack_path_reads_as_the_general_path(
            language in language(),
            region in proptest::option::of((prop_oneof![Just('-'), Just('_')], region())),
            codeset in "(\\.[a-zA-Z0-9-]{0,6})?",
            modifier in "(@(euro|EURO|latin|quot|valencia|x|))?",
        ) {
            let region = region.map(|(sep, r)| format!("{sep}{r}")).unwrap_or_default();
            same_as_general(&format!("{language}{region}{codeset}{modifier}"))?;
        }
    }
}
