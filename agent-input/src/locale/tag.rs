//! The steps from a spelling to a canonical tag: POSIX parts and modifiers, aliases, the order
//! of subtags, retired regions, suppressed scripts. Each step says what it repaired, so the
//! reader can name it in a note.

use crate::data::countries::RETIRED_CODES;
use crate::data::language_codes::{
    KNOWN_SCRIPTS, LANGUAGE_ALIASES, LIKELY_REGIONS, REGION_ALIASES, SUPPRESSED_SCRIPTS,
};
use crate::data::{Index, ShortCodes};

static LANGUAGE_ALIAS: Index = Index::of(&LANGUAGE_ALIASES);
static REGION_ALIAS: Index = Index::of(&REGION_ALIASES);
static RETIRED: Index = Index::new(RETIRED_CODES);
static LIKELY: Index = Index::of(&LIKELY_REGIONS);
static SUPPRESSED: Index = Index::new(SUPPRESSED_SCRIPTS);

/// The short keys of those tables as bit sets, for the fast path of canonical tags.
static ALIASED_LANGUAGES: ShortCodes = ShortCodes::new();
static REPLACED_REGIONS: ShortCodes = ShortCodes::new();
static WHOLE_ALIAS_LANGUAGES: ShortCodes = ShortCodes::new();

/// What the repairs were, for the notes.
#[derive(Default, Debug, PartialEq, Eq)]
pub(super) struct Repairs {
    /// Separators, case, codeset, modifier or the order of subtags.
    pub spelling: bool,
    /// A deprecated language or region code was replaced.
    pub alias: bool,
    /// A language name was read.
    pub name: bool,
    /// A retired region with several successors was settled by the language's likely region:
    /// (retired code, successors, the one read).
    pub split: Option<(String, String, String)>,
    /// A script the language is always written in was removed: (language, script).
    pub suppressed: Option<(String, String)>,
    /// A region of letters that names no country was left out (`en-EN`).
    pub no_region: Option<String>,
}

/// Why a spelling is not a locale.
#[derive(Debug)]
pub(super) enum Refusal {
    Posix,
    Unknown(String),
    Ambiguous(Vec<String>),
    /// A retired region with several successors, none the language's likely region: the tags
    /// with each successor.
    Split {
        region: String,
        tags: Vec<String>,
    },
    /// A language's name with a country's name that names several countries (`English
    /// (Congo)`): the tags with each.
    Countries {
        name: String,
        tags: Vec<String>,
    },
    NotATag,
    /// A language's own code written as a region where it is not the language (`ar-AR`,
    /// `sv-SV`, `uk-UK`): the tags it may mean (the language alone, in its likely region, and
    /// in the country written).
    OwnCode {
        region: String,
        tags: Vec<String>,
    },
}

/// What a glibc `@modifier` does to the tag.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Modifier {
    Script(&'static str),
    Variant(&'static str),
    Language(&'static str),
    /// ICU's keywords (`@collation=phonebook;currency=EUR`) as a `u` extension
    /// (`u-co-phonebk-cu-eur`).
    Extension(String),
    /// Says nothing BCP 47 carries (a currency, a collation order, quotation marks).
    Drop,
}

/// The modifiers of the C library's locale names (glibc `SUPPORTED` and `locale.alias`),
/// in any case (lower-cased on the stack: no modifier is longer than 16 bytes).
pub(super) fn modifier(m: &str) -> Option<Modifier> {
    let mut buf = [0u8; 16];
    let lower = buf.get_mut(..m.len())?;
    lower.copy_from_slice(m.as_bytes());
    lower.make_ascii_lowercase();
    Some(match &*lower {
        b"latin" | b"latn" | b"iqtelif" => Modifier::Script("Latn"),
        b"cyrillic" | b"cyrl" => Modifier::Script("Cyrl"),
        b"devanagari" | b"deva" => Modifier::Script("Deva"),
        b"arabic" | b"arab" => Modifier::Script("Arab"),
        b"shaw" | b"shavian" => Modifier::Script("Shaw"),
        b"valencia" => Modifier::Variant("valencia"),
        b"saaho" => Modifier::Language("ssy"),
        b"nynorsk" => Modifier::Language("nn"),
        b"bokmal" => Modifier::Language("nb"),
        b"euro" | b"abegede" | b"quot" | b"boldquot" => Modifier::Drop,
        _ => return None,
    })
}

/// ICU's keywords after `@` (`collation=phonebook;currency=EUR`, CLDR's `cldr-bcp47` names or
/// BCP 47's own) as the `u` extension BCP 47 writes for them, keys in order
/// (`u-co-phonebk-cu-eur`); `None` for a key or value the data does not hold, or a key twice.
fn icu_keywords(text: &str) -> Option<String> {
    static KEYS: Index = Index::new(crate::data::locale_syntax::ICU_KEYWORD_KEYS);
    static VALUES: Index = Index::of(&crate::data::locale_syntax::ICU_KEYWORD_VALUES);
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for keyword in text.split(';').filter(|k| !k.trim().is_empty()) {
        let (key, value) = keyword.split_once('=')?;
        let key = KEYS.get(&key.trim().to_ascii_lowercase())?;
        let value = VALUES.get(&format!("{key}-{}", value.trim().to_ascii_lowercase()))?;
        if pairs.iter().any(|(k, _)| *k == key) {
            return None;
        }
        pairs.push((key, value));
    }
    pairs.sort_unstable();
    let first = pairs.first()?;
    let mut out = format!("u-{}-{}", first.0, first.1);
    for (k, v) in pairs.iter().skip(1) {
        out.push('-');
        out.push_str(k);
        out.push('-');
        out.push_str(v);
    }
    Some(out)
}

/// POSIX `language[_territory][.codeset][@modifier]` (or BCP 47): the subtags before the
/// first extension, the extension text, and the modifier.
pub(super) fn posix_parts(
    text: &str,
    repairs: &mut Repairs,
) -> Result<(Vec<String>, String, Option<Modifier>), Refusal> {
    let (base, modif) = match text.split_once('@') {
        Some((b, m)) => (b, Some(m)),
        None => (text, None),
    };
    let region_after_point;
    let base = match base.split_once('.') {
        // Two letters after the point are no codeset (`UTF-8`, `ISO8859-1`, `eucJP`, `1252`):
        // a region written after a point (`en.US`), read as one where the base has none.
        Some((b, codeset)) if codeset.len() == 2 && codeset.bytes().all(|c| c.is_ascii_alphabetic()) => {
            if b.contains(['_', '-']) {
                return Err(Refusal::NotATag);
            }
            repairs.spelling = true;
            region_after_point = format!("{b}_{codeset}");
            region_after_point.as_str()
        }
        Some((b, _codeset)) => {
            repairs.spelling = true;
            b
        }
        None => base,
    };
    if base.contains('_') {
        repairs.spelling = true;
    }
    let modifier = match modif {
        Some(m) if m.contains('=') => {
            repairs.spelling = true;
            Some(Modifier::Extension(icu_keywords(m).ok_or(Refusal::NotATag)?))
        }
        Some(m) => {
            repairs.spelling = true;
            Some(modifier(m).ok_or(Refusal::NotATag)?)
        }
        None => None,
    };
    let all: Vec<&str> = base.split(['-', '_']).collect();
    let cut = all.iter().skip(1).position(|s| s.len() == 1).map_or(all.len(), |p| p + 1);
    let mut head: Vec<String> = all.iter().take(cut).map(|s| (*s).to_owned()).collect();
    let tail = all.get(cut..).unwrap_or_default().join("-");
    let Some(first) = head.first_mut() else { return Err(Refusal::NotATag) };
    *first = first.to_ascii_lowercase();
    if let Some(Modifier::Language(lang)) = modifier {
        *first = lang.to_owned();
    }
    Ok((head, tail, modifier))
}

/// Whole-tag aliases first ("art-lojban", "zh-guoyu", "no-bok"), then a language and its
/// extended language subtag ("zh-cmn", "zh-yue", "sgn-ase"), then the language subtag's.
pub(super) fn replace_language(subtags: &mut Vec<String>, repairs: &mut Repairs) {
    // A whole-tag alias has several subtags and starts with a language some alias starts with.
    let may_be_whole = subtags.len() > 1
        && subtags.first().is_some_and(|l| starts_whole_alias(&l.to_ascii_lowercase()) != Some(false));
    let whole = may_be_whole.then(|| subtags.join("-").to_ascii_lowercase());
    // An extended language subtag (`zh-cmn-Hans-CN`, RFC 5646): the language and its extlang,
    // an alias of their own, before a script or region.
    let prefix =
        (subtags.len() > 2 && may_be_whole).then(|| subtags.get(..2).map(|p| p.join("-").to_ascii_lowercase()));
    if let Some(rep) = whole.as_deref().and_then(|w| LANGUAGE_ALIAS.get(w)) {
        repairs.alias = true;
        *subtags = rep.split('-').map(str::to_owned).collect();
    } else if let Some(rep) = prefix.flatten().as_deref().and_then(|p| LANGUAGE_ALIAS.get(p)) {
        repairs.alias = true;
        let mut replaced: Vec<String> = rep.split('-').map(str::to_owned).collect();
        replaced.extend(subtags.drain(2..));
        *subtags = replaced;
    } else if let Some(rep) = subtags.first().and_then(|l| LANGUAGE_ALIAS.get(l)) {
        repairs.alias = true;
        let mut replaced: Vec<String> = rep.split('-').map(str::to_owned).collect();
        replaced.extend(subtags.drain(1..));
        *subtags = replaced;
    }
}

/// The replacement of a language subtag in lower case (`"iw"`: `"he"`), the bit set asked first.
pub(super) fn language_alias(language: &str) -> Option<&'static str> {
    match ALIASED_LANGUAGES.contains(language, || LANGUAGE_ALIAS.keys()) {
        Some(false) => None,
        _ => LANGUAGE_ALIAS.get(language),
    }
}

/// The successors of a region subtag in upper case, retired (ISO 3166-3) or an alias (alpha-3,
/// numeric, `UK`), space-separated: what [`replace_region`] reads, the bit set asked first.
pub(super) fn region_successors(region: &str) -> Option<&'static str> {
    match REPLACED_REGIONS.contains(region, || RETIRED.keys().chain(REGION_ALIAS.keys())) {
        Some(false) => None,
        _ => RETIRED.get(region).or_else(|| REGION_ALIAS.get(region)),
    }
}

/// The subtags after the language, by what their shape says they are.
#[derive(Default, Debug)]
pub(super) struct Parts {
    pub script: Option<String>,
    pub region: Option<String>,
    pub variants: Vec<String>,
}

fn is_script(s: &str) -> bool {
    s.len() == 4 && s.bytes().all(|b| b.is_ascii_alphabetic())
}

fn is_region(s: &str) -> bool {
    (s.len() == 2 && s.bytes().all(|b| b.is_ascii_alphabetic()))
        || (s.len() == 3 && (s.bytes().all(|b| b.is_ascii_digit()) || s.bytes().all(|b| b.is_ascii_alphabetic())))
}

/// A variant: five to eight letters or digits, or a digit and three more (RFC 5646).
pub(super) fn is_variant(s: &str) -> bool {
    let alnum = s.bytes().all(|b| b.is_ascii_alphanumeric());
    alnum && ((5..=8).contains(&s.len()) || (s.len() == 4 && s.bytes().next().is_some_and(|b| b.is_ascii_digit())))
}

/// Sorts the subtags after the language into script, region and variants by their shape, so a
/// misplaced script (`spa-mx-latn`) finds its place; a variant written twice is kept once; a
/// subtag of no shape, or a second script or region, is not a tag.
pub(super) fn parts(subtags: &[String], repairs: &mut Repairs) -> Result<Parts, Refusal> {
    let mut parts = Parts::default();
    for sub in subtags.iter().skip(1) {
        if is_script(sub) && parts.script.is_none() && parts.variants.is_empty() {
            if parts.region.is_some() {
                repairs.spelling = true; // a script after the region
            }
            parts.script = Some(sub.clone());
        } else if is_region(sub) && parts.region.is_none() && parts.variants.is_empty() {
            parts.region = Some(sub.to_ascii_uppercase());
        } else if is_variant(sub) {
            // A variant written twice (`cs-posix-posix`, `de-1901-1901`) is one variant: BCP 47
            // allows each once.
            let variant = sub.to_ascii_lowercase();
            if parts.variants.contains(&variant) {
                repairs.spelling = true;
            } else {
                parts.variants.push(variant);
            }
        } else {
            return Err(Refusal::NotATag);
        }
    }
    Ok(parts)
}

/// The region as today's code: a retired code (ISO 3166-3) by its successor, or with several
/// successors by the one that is the language's likely region (Czech in `CS` is `CZ`); alpha-3
/// and numeric codes by alpha-2. Several successors and no rule to pick one: a refusal with
/// every successor.
pub(super) fn replace_region(language: &str, region: &str, repairs: &mut Repairs) -> Result<Option<String>, Refusal> {
    let successors = region_successors(region);
    if successors.is_none_or(|list| !list.contains(' ')) && region_check(language, region) == RegionCheck::OwnCode {
        let mut tags = vec![language.to_owned()];
        tags.extend(LIKELY.get(language).map(|r| format!("{language}-{r}")));
        tags.push(format!("{language}-{}", successors.unwrap_or(region)));
        return Err(Refusal::OwnCode { region: region.to_owned(), tags });
    }
    // `all` and `any` alone mean every language (the locale kind asks): their region stays.
    let alone_asks = matches!(language, "all" | "any");
    let Some(list) = successors else {
        if region_check(language, region) == RegionCheck::NoCountry && !alone_asks {
            repairs.no_region = Some(region.to_owned());
            return Ok(None);
        }
        return Ok(Some(region.to_owned()));
    };
    repairs.alias = true;
    let options: Vec<&str> = list.split(' ').collect();
    if let [one] = options.as_slice() {
        if region_check(language, one) == RegionCheck::NoCountry && !alone_asks {
            repairs.no_region = Some((*one).to_owned());
            return Ok(None);
        }
        return Ok(Some((*one).to_owned()));
    }
    match LIKELY.get(language).filter(|likely| options.contains(likely)) {
        Some(likely) => {
            repairs.split = Some((region.to_owned(), options.join(", "), likely.to_owned()));
            Ok(Some(likely.to_owned()))
        }
        None => Err(Refusal::Split {
            region: region.to_owned(),
            tags: options.iter().map(|o| format!("{language}-{o}")).collect(),
        }),
    }
}

/// What a region of two letters is to a language's tag.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RegionCheck {
    /// A country's code, or the language's likely region, or no region of letters.
    Fine,
    /// Names no country (`en-EN`, `de-XX`, `ja-JA`): the tag says the language alone.
    NoCountry,
    /// The language's own code as a region whose likely language is another (`ar-AR` is
    /// Arabic in Argentina, `sv-SV` Swedish in El Salvador, `uk-UK`), as `xx-XX` spellings of
    /// a language alone are written: the language alone, or the country as written.
    OwnCode,
}

/// [`RegionCheck`] of `region` (upper case) beside `language` (lower case). CLDR's regions
/// that are no country (the European Union, the eurozone, the United Nations, Outlying
/// Oceania, Kosovo's user-assigned code) and retired codes are regions all the same; `pt-PT`
/// is fine, as Portugal's likely language is Portuguese.
pub(super) fn region_check(language: &str, region: &str) -> RegionCheck {
    if region.len() != 2 || !region.bytes().all(|b| b.is_ascii_alphabetic()) || LIKELY.get(language) == Some(region) {
        return RegionCheck::Fine;
    }
    let named = !crate::data::english_country_name(region).is_empty()
        || region_successors(region).is_some()
        || ["EU", "EZ", "UN", "QO", "XK"].contains(&region);
    if !named {
        return RegionCheck::NoCountry;
    }
    if region.eq_ignore_ascii_case(language) && LIKELY.get(language).is_some() && !spoken_in(language, region) {
        return RegionCheck::OwnCode;
    }
    RegionCheck::Fine
}

/// Whether `language` is the likely language of the country `region` (CLDR's likely subtags).
fn spoken_in(language: &str, region: &str) -> bool {
    static SPOKEN: Index = Index::new(crate::data::language_codes::LIKELY_LANGUAGES);
    SPOKEN.get(region) == Some(language)
}

/// The likely region of a language (CLDR's likely subtags): `all` → `IN`.
pub(super) fn likely_region(language: &str) -> Option<&'static str> {
    LIKELY.get(language)
}

/// What the region of a refused tag names, for its reading: "Russia".
pub(super) fn region_name(tag: &str) -> &'static str {
    tag.rsplit('-').next().map_or("", crate::data::english_country_name)
}

/// The script in title case, if ISO 15924 has it; unless it is the one the language is always
/// written in (`en-Latn`): then none.
pub(super) fn keep_script(
    language: &str,
    script: Option<String>,
    repairs: &mut Repairs,
) -> Result<Option<String>, Refusal> {
    let Some(script) = script.map(|s| {
        let mut c = s.to_ascii_lowercase();
        if let Some(first) = c.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        c
    }) else {
        return Ok(None);
    };
    if KNOWN_SCRIPTS.binary_search(&script.as_str()).is_err() {
        return Err(Refusal::NotATag);
    }
    if SUPPRESSED.get(language) == Some(script.as_str()) {
        repairs.suppressed = Some((language.to_owned(), script));
        return Ok(None);
    }
    Ok(Some(script))
}

/// True when `script` is an ISO 15924 code.
pub(super) fn known_script(script: &str) -> bool {
    KNOWN_SCRIPTS.binary_search(&script).is_ok()
}

/// True when the language or region of a canonical tag has a replacement, or its script is
/// one the language suppresses: the fast path must not take it.
pub(super) fn needs_repair(language: &str, script: Option<&str>, region: Option<&str>) -> bool {
    language_alias(language).is_some()
        || region.is_some_and(|r| region_successors(r).is_some())
        || script.is_some_and(|s| SUPPRESSED.get(language) == Some(s))
}

/// Whether some whole-tag alias starts with `language` and a hyphen, for a language of two or
/// three letters (`None` otherwise: the table decides).
pub(super) fn starts_whole_alias(language: &str) -> Option<bool> {
    WHOLE_ALIAS_LANGUAGES.contains(language, || {
        LANGUAGE_ALIAS.keys().filter_map(|k| k.split_once('-').filter(|(_, rest)| !rest.is_empty()).map(|(l, _)| l))
    })
}

/// True when `tag` as a whole is a language alias (`"zh-guoyu"`).
pub(super) fn whole_alias(tag: &str) -> bool {
    let Some((language, _)) = tag.split_once('-') else { return false };
    // Only a language some whole-tag alias starts with needs the full lookup.
    if starts_whole_alias(language) == Some(false) {
        return false;
    }
    let prefix_len = language.len() + 1;
    let first = LANGUAGE_ALIASES
        .partition_point(|(k, _)| k.get(..prefix_len).unwrap_or(k) < tag.get(..prefix_len).unwrap_or(tag));
    let has_prefix = LANGUAGE_ALIASES
        .get(first)
        .is_some_and(|(k, _)| k.len() > prefix_len && k.get(..prefix_len) == tag.get(..prefix_len));
    has_prefix && LANGUAGE_ALIAS.get(&tag.to_ascii_lowercase()).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checks as they were, over the tables alone.
    fn needs_repair_by_tables(language: &str, script: Option<&str>, region: Option<&str>) -> bool {
        LANGUAGE_ALIAS.get(language).is_some()
            || region.is_some_and(|r| RETIRED.get(r).is_some() || REGION_ALIAS.get(r).is_some())
            || script.is_some_and(|s| SUPPRESSED.get(language) == Some(s))
    }

    fn whole_alias_by_tables(tag: &str) -> bool {
        let Some((language, _)) = tag.split_once('-') else { return false };
        let prefix = format!("{language}-");
        LANGUAGE_ALIASES.iter().any(|(k, _)| k.len() > prefix.len() && k.starts_with(&prefix))
            && LANGUAGE_ALIAS.get(&tag.to_ascii_lowercase()).is_some()
    }

    #[test]
    fn bit_sets_answer_as_the_tables() {
        let letters: Vec<char> = ('a'..='z').collect();
        let mut languages: Vec<String> = Vec::new();
        for a in &letters {
            for b in &letters {
                languages.push(format!("{a}{b}"));
                languages.extend(letters.iter().map(|c| format!("{a}{b}{c}")));
            }
        }
        languages.extend(["i", "x", "sgn", "zh", "art", "no", "en", "iw", "toolong"].map(String::from));
        let regions = ["CZ", "CS", "YU", "DD", "SU", "830", "200", "US", "BU", "TP", "ZR", "XK", "cz"];
        for l in &languages {
            assert_eq!(needs_repair(l, None, None), needs_repair_by_tables(l, None, None), "{l}");
            for tag in [format!("{l}-guoyu"), format!("{l}-bok"), format!("{l}-lojban"), format!("{l}-hakka")] {
                assert_eq!(whole_alias(&tag), whole_alias_by_tables(&tag), "{tag}");
            }
        }
        for r in regions {
            assert_eq!(needs_repair("cs", None, Some(r)), needs_repair_by_tables("cs", None, Some(r)), "{r}");
        }
        for (k, _) in LANGUAGE_ALIASES.iter() {
            assert_eq!(whole_alias(k), whole_alias_by_tables(k), "{k}");
        }
        for (k, _) in REGION_ALIASES.iter().chain(RETIRED_CODES.iter()) {
            assert!(needs_repair("cs", None, Some(k)), "{k}");
        }
    }
}
