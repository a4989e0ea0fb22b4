//! The parts numbers spelled in words are made of, read from the rules of cldr-rbnf's
//! `SpelloutRules` (every nominative cardinal set of the modern locales): scale words
//! (`hundred`, `thousand`, `tisíce`, `Millionen`), the words that join a scale's part to the
//! rest (`and`, `e`), the minus words of `-x:` rules and the decimal words of `x.x:` rules.
//! Each function returns its table's entries, so other generators can call it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use super::folds::key as word_key;

use super::numbers::{cardinal_set, case_set};
use super::source::optional_json;

/// The largest power of ten a scale word is kept for (a long scale's `trillion`); a word some
/// language gives a larger power (`quadrillion`: 10^15 in English, 10^24 on the long scale) is
/// left out, so it reads in none.
pub(super) const MAX_SPELLED_POWER: u32 = 18;

/// A scale word's flag in `NUMBER_SCALE_WORDS`: the word multiplies the group before it
/// (`two thousand`, `dvě stě`, `zweitausend`).
pub(super) const SCALE_AFTER_GROUP: u8 = 32;
/// A scale word's flag: the word alone is one times its power (`mil`, `tisíc`, `eine Million`,
/// `cien`), as a rule without a group before it writes it.
pub(super) const SCALE_ALONE: u8 = 64;

/// Every `(name, rules)` of the nominative cardinal rule sets of `locales`, and the whole
/// rule-set map of each locale (for the private sets a rule names).
fn cardinal_rules(dir: &Path, locales: &[String]) -> Result<Vec<serde_json::Map<String, Value>>, String> {
    Ok(cardinal_rules_each(dir, locales)?.into_iter().flatten().collect())
}

/// A long scale's word of 10^18 for a compact format's word of 10^12 (`billionen` →
/// `trillionen`, `billones` → `trillones`), as [`long_scale`] derives it for spelled words: a
/// word of six letters or more that starts with `bi` and holds `li`; `None` for any other
/// word (`bio`, an abbreviation).
pub(super) fn long_scale_word(word: &str) -> Option<String> {
    let stem = word.strip_prefix("bi").filter(|s| s.chars().count() >= 4 && s.contains("li"))?;
    Some(format!("tri{stem}"))
}

/// The scale words a long-scale locale's rules stop before (cldr-rbnf spells numbers below
/// 10^18): where a locale's word for 10^12 is a `bi-` word (`billion`, `Billionen`, `billón`,
/// `biljoen`, `bilion`), its `tri-` word is 10^18 and its `quadri-` word 10^24, each n-illion
/// 10^(6n) (Nicolas Chuquet, *Triparty en la science des nombres*, 1484, the long scale those
/// languages write). Each with its power and the flag of the word it comes from; none for a
/// locale of the short scale (English's 10^12 is `trillion`).
fn long_scale(mine: &[(String, u32, u8)]) -> Vec<(String, u32, u8)> {
    let mut out = Vec::new();
    for (key, _, flag) in mine.iter().filter(|(_, p, _)| *p == 12) {
        let (head, last) = key.rsplit_once(' ').map_or(("", key.as_str()), |(h, l)| (h, l));
        let Some(stem) = last.strip_prefix("bi") else { continue };
        let space = if head.is_empty() { "" } else { " " };
        for (prefix, n) in [("tri", 18), ("quadri", 24)] {
            out.push((format!("{head}{space}{prefix}{stem}"), n, *flag));
        }
    }
    out
}

/// The rule-set map of each of `locales`, in their order (`None` where cldr-rbnf has none).
fn cardinal_rules_each(dir: &Path, locales: &[String]) -> Result<Vec<Option<serde_json::Map<String, Value>>>, String> {
    let mut out = Vec::new();
    for lang in locales {
        let json = optional_json(&dir.join(format!("cldr-rbnf/rbnf/{lang}.json")))?;
        out.push(json.and_then(|j| j.pointer("/rbnf/rbnf/SpelloutRules").and_then(Value::as_object).cloned()));
    }
    Ok(out)
}

/// English's plural of its scale words after a group (`three thousands`, `two billions`), as
/// writers of English add it though cldr-rbnf writes `two billion` for every count: the regular
/// plural `-s` of English nouns (Quirk et al., *A Comprehensive Grammar of the English
/// Language*, 1985, §5.78). Each with the singular's power; words of ASCII letters only.
fn english_plurals(english: &[(String, u32)]) -> Vec<(String, u32)> {
    let word = |k: &String| k.len() >= 4 && k.bytes().all(|b| b.is_ascii_lowercase());
    english.iter().filter(|(k, _)| word(k)).map(|(k, p)| (format!("{k}s"), *p)).collect()
}

/// Each `(base, text)` rule of the nominative cardinal sets of one locale's rule sets.
fn rules_of(sets: &serde_json::Map<String, Value>) -> impl Iterator<Item = (&str, &str)> {
    sets.iter()
        .filter(|(name, _)| cardinal_set(name) && !case_set(name))
        .flat_map(|(_, rules)| rules.as_array().into_iter().flatten())
        .filter_map(|r| Some((r.get(0)?.as_str()?, r.get(1)?.as_str()?)))
}

/// The texts a literal with ICU plural selectors stands for (`$(cardinal,one{tisíc}few{tisíce})$`
/// gives each case), soft hyphens dropped, each keyed by [`word_key`]; none when the text still
/// holds a substitution or a digit after that.
fn literal_keys(text: &str) -> Vec<String> {
    let text = text.replace('\u{ad}', "");
    let mut forms = vec![String::new()];
    let mut rest = text.as_str();
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix("$(") {
            let Some(end) = inner.find(")$") else { return Vec::new() };
            let cases: Vec<&str> =
                inner.get(..end).unwrap_or_default().split('{').skip(1).filter_map(|c| c.split('}').next()).collect();
            forms = forms.iter().flat_map(|f| cases.iter().map(move |c| format!("{f}{c}"))).collect();
            rest = inner.get(end + 2..).unwrap_or_default();
        } else {
            let next = rest.find("$(").unwrap_or(rest.len());
            let plain = rest.get(..next).unwrap_or_default();
            forms.iter_mut().for_each(|f| f.push_str(plain));
            rest = rest.get(next..).unwrap_or_default();
        }
    }
    let word =
        |k: &String| !k.is_empty() && k.chars().all(|c| super::folds::word_letter(c) || matches!(c, ' ' | '-' | '\''));
    let keys: BTreeSet<String> = forms.iter().map(|f| word_key(f.trim().trim_matches('\''))).filter(word).collect();
    keys.into_iter().collect()
}

/// The largest power of ten at most `base`.
fn power_of(base: u64) -> u32 {
    base.checked_ilog10().unwrap_or(0)
}

/// `NUMBER_SCALE_WORDS`' entries: every word the modern locales' cardinal rules write for a
/// hundred, a thousand, a million ... up to 10^[`MAX_SPELLED_POWER`], each form
/// (`thousand`, `tisíc`, `tisíce`, `Millionen`, `milhões`), keyed by [`word_key`], with its
/// power and flags ([`SCALE_AFTER_GROUP`] after a group, `←← thousand`; [`SCALE_ALONE`] alone,
/// `mil`, and the word after `one`'s word in such a literal: `mie` of `una mie`), and `others`,
/// another source's words with their powers and languages (both flags). Read from each rule whose base is a power of ten times 1 to 9: the literal after
/// its quotient's substitution, or its whole literal before the remainder when it has no
/// quotient and its base is the power itself. Returns the words of one power (their flags
/// merged) and the words two locales give different powers (`billion`: 10^9 and 10^12), each
/// power with its flags. English's plural of its own scale words after a group
/// ([`english_plurals`]) joins them, so `billions` holds English's 10^9 beside French's 10^12.
pub(super) fn scale_words(
    dir: &Path,
    locales: &[String],
    one: impl Fn(&str) -> bool,
    others: &[(String, u32, String)],
) -> Result<ScaleWords, String> {
    let mut found: BTreeMap<String, BTreeMap<u32, u8>> = BTreeMap::new();
    let mut languages: BTreeMap<String, BTreeSet<(String, u32)>> = BTreeMap::new();
    let mut beyond = BTreeSet::new();
    for (lang, sets) in locales.iter().zip(cardinal_rules_each(dir, locales)?) {
        let Some(sets) = sets else { continue };
        let (mut english, mut mine) = (Vec::new(), Vec::new());
        for (base, text) in rules_of(&sets) {
            let Ok(base) = base.parse::<u64>() else { continue };
            let power = power_of(base);
            if !(2..=MAX_SPELLED_POWER).contains(&power) {
                continue;
            }
            let text = text.trim_end_matches(';').trim_start_matches('\'');
            let (literal, flag) = match text.strip_prefix('←') {
                Some(after) => (after.split_once('←').map_or("", |(_, lit)| lit), SCALE_AFTER_GROUP),
                // `mil[ →→]`, `cien`, and Spanish `ciento →→` (101): one times the power.
                None if base < 2 * 10u64.pow(power) => (text, SCALE_ALONE),
                None => continue,
            };
            let source = literal;
            let literal = literal.split(['[', '→', '=']).next().unwrap_or_default();
            let ending = zero_suffix(&sets, source.get(literal.len()..).unwrap_or_default());
            let forms = ending.iter().map(|e| format!("{literal}{e}"));
            // `una mie`, `um milhão`: the scale word after the word for one is one of it too,
            // whatever word says one before it (`o mie`, Romanian's article).
            let after_one = match literal.trim().rsplit_once(' ') {
                Some((head, last)) if flag == SCALE_ALONE && one(&word_key(head)) => Some(last.to_owned()),
                _ => None,
            };
            let all = [literal.to_owned()].into_iter().chain(forms).chain(after_one);
            for key in all.flat_map(|l| literal_keys(&l)) {
                if base_language(lang) == "en" && flag == SCALE_AFTER_GROUP {
                    english.push((key.clone(), power));
                }
                languages.entry(key.clone()).or_default().insert((base_language(lang), power));
                mine.push((key.clone(), power, flag));
                *found.entry(key).or_default().entry(power).or_default() |= flag;
            }
        }
        for (plural, power) in english_plurals(&english) {
            languages.entry(plural.clone()).or_default().insert(("en".to_owned(), power));
            *found.entry(plural).or_default().entry(power).or_default() |= SCALE_AFTER_GROUP;
        }
        for (word, power, flag) in long_scale(&mine) {
            if power > MAX_SPELLED_POWER {
                beyond.insert(word);
                continue;
            }
            languages.entry(word.clone()).or_default().insert((base_language(lang), power));
            *found.entry(word).or_default().entry(power).or_default() |= flag;
        }
    }
    add_others(others, &mut found, &mut languages);
    found.retain(|k, _| !beyond.contains(k));
    languages.retain(|k, _| !beyond.contains(k));
    let entries: BTreeMap<String, BTreeSet<u8>> = found
        .into_iter()
        .map(|(k, powers)| (k, powers.into_iter().filter_map(|(p, f)| Some(u8::try_from(p).ok()? | f)).collect()))
        .collect();
    let has = |k: &str, v: u8| entries.get(k).is_some_and(|s| s.iter().any(|f| f & v == v && f & 31 == v & 31));
    if !has("thousand", 3 | SCALE_AFTER_GROUP) || !has("tisice", 3 | SCALE_AFTER_GROUP) || !has("mil", 3 | SCALE_ALONE)
    {
        return Err("cldr-rbnf: the English, Czech or Spanish scale words are missing".into());
    }
    let languages = languages
        .into_iter()
        .filter(|(k, _)| entries.get(k).is_some_and(|f| f.len() > 1))
        .map(|(k, langs)| (k, langs.iter().map(|(l, p)| format!("{l}:{p}")).collect::<Vec<_>>().join(" ")))
        .collect();
    Ok(ScaleWords { powers: entries, languages })
}

/// Adds another source's scale words (`to-words`' `లక్ష`, `কোটি`: key, power, language) to
/// [`scale_words`]' maps, after a group and alone; none above 10^[`MAX_SPELLED_POWER`].
fn add_others(
    others: &[(String, u32, String)],
    found: &mut BTreeMap<String, BTreeMap<u32, u8>>,
    languages: &mut BTreeMap<String, BTreeSet<(String, u32)>>,
) {
    for (key, power, lang) in others.iter().filter(|(_, p, _)| *p <= MAX_SPELLED_POWER) {
        languages.entry(key.clone()).or_default().insert((lang.clone(), *power));
        *found.entry(key.clone()).or_default().entry(*power).or_default() |= SCALE_AFTER_GROUP | SCALE_ALONE;
    }
}

/// The ending a scale word takes when nothing follows it, where its rule writes the word's
/// stem and a private rule set for the rest whose rule for 0 is a plain literal (Georgian
/// `ათას→%%th→` with `%%th`'s `0: ი;`: `ორი ათასი`, 2000, and `ორი ათას ერთი`, 2001).
/// `after` is the rule's text after the stem; `None` when it names no such set.
fn zero_suffix(sets: &serde_json::Map<String, Value>, after: &str) -> Option<String> {
    let name = after.strip_prefix('→')?.split('→').next().filter(|n| n.starts_with("%%"))?;
    let rules = sets.get(name)?.as_array()?;
    let zero = rules.iter().find(|r| r.get(0).and_then(Value::as_str) == Some("0"))?;
    let text = zero.get(1)?.as_str()?.trim_end_matches(';');
    let plain = !text.is_empty() && text.chars().all(super::folds::word_letter);
    plain.then(|| text.to_owned())
}

/// The scale words [`scale_words`] finds: each word's powers with their flags, and, for a word
/// of several powers, the languages that give it each (`"de:12 en:9 fr:12"`).
pub(super) struct ScaleWords {
    pub(super) powers: BTreeMap<String, BTreeSet<u8>>,
    pub(super) languages: Vec<(String, String)>,
}

/// The base language subtag of a locale (`sr` of `sr-Latn`), lower case.
fn base_language(locale: &str) -> String {
    locale.split(['-', '_']).next().unwrap_or(locale).to_ascii_lowercase()
}

/// The literal text before the first substitution of a rule's text (`' and =…=` gives `and`).
fn lead_literal(text: &str) -> &str {
    text.trim_start_matches('\'').split(['→', '=', '←', '[']).next().unwrap_or_default()
}

/// `NUMBER_JOINERS`' entries: the words the modern locales' cardinal rules write between a
/// scale's part and the rest (`hundred[ and →→]`, pt `duzentos[ e →→]`, and the literal a
/// private set there starts with: en `%%and`'s `' and =…=`), keyed by [`word_key`], sorted.
/// A single word of at most four letters (`and`, `e`, `og`, `и`, `жана`), none Han (CJK
/// writes a number's parts without joining words), and not `excluded`'s (a number's or a
/// scale's word: a private set's rules also start with those: Hebrew `אלפיים`, 2000).
pub(super) fn joiner_words(
    dir: &Path,
    locales: &[String],
    excluded: impl Fn(&str) -> bool,
) -> Result<Vec<String>, String> {
    let mut out = BTreeSet::new();
    for sets in cardinal_rules(dir, locales)? {
        for (base, text) in rules_of(&sets) {
            if base.parse::<u64>().map_or(true, |b| power_of(b) < 2) {
                continue;
            }
            let Some(inside) = text.split_once('[').and_then(|(_, rest)| rest.split_once(']')).map(|(i, _)| i) else {
                continue;
            };
            out.extend(literal_keys(lead_literal(inside)));
            // `[→%%and→]`: the literal every rule of the private set starts with.
            let private = inside.split('→').nth(1).filter(|n| n.starts_with("%%"));
            let rules = private.and_then(|n| sets.get(n)).and_then(Value::as_array).into_iter().flatten();
            out.extend(rules.filter_map(|r| r.get(1)?.as_str()).flat_map(|t| literal_keys(lead_literal(t))));
        }
    }
    let han = |c: char| ('\u{3000}'..='\u{9fff}').contains(&c);
    out.retain(|k: &String| k.chars().all(|c| c.is_alphabetic() && !han(c)) && k.chars().count() <= 4 && !excluded(k));
    if !out.contains("and") || !out.contains("e") {
        return Err("cldr-rbnf: the English or Portuguese joining words are missing".into());
    }
    Ok(out.into_iter().collect())
}

/// `NUMBER_MINUS_WORDS`' entries: the word before the number of every `-x:` rule of the modern
/// locales' cardinal sets (`minus →→`, `menos →→`, `мінус →→`, `負→→`), keyed by [`word_key`],
/// without the words `excluded` names (a unit's: `min`, a minute; a number's word) and Latin
/// words of under three letters (Vietnamese `âm`, folded `am`, is a time's mark), sorted.
pub(super) fn minus_words(
    dir: &Path,
    locales: &[String],
    excluded: impl Fn(&str) -> bool,
) -> Result<Vec<String>, String> {
    let short = |k: &String| super::numbers::short_latin(k);
    rule_words(dir, locales, ("minus", &["minus", "menos", "мінус"]), |base, text| {
        if base != "-x" {
            return Vec::new();
        }
        literal_keys(lead_literal(text)).into_iter().filter(|k| !excluded(k) && !short(k)).collect()
    })
}

/// `NUMBER_DECIMAL_WORDS`' entries: the word between the whole number and its digits of every
/// `x.x:` rule of the modern locales' cardinal sets whose digits are spelled one by one by the
/// set itself (`←← point →→`, `←← Komma →→`, `←← čárka →→`, `←←点→→→`; not a rule whose
/// fraction another set spells, `ir` + `%%fractions`), keyed by [`word_key`], without the words
/// `excluded` names (a joining word: `and` reads two numbers), sorted.
pub(super) fn decimal_words(
    dir: &Path,
    locales: &[String],
    excluded: impl Fn(&str) -> bool,
) -> Result<Vec<String>, String> {
    let mut out = rule_words(dir, locales, ("decimal", &["point", "komma", "virgule", "carka"]), |base, text| {
        let text = text.trim_end_matches(';').trim();
        if base != "x.x" || !text.ends_with("→→") || text.starts_with('[') {
            return Vec::new();
        }
        let Some((_, after)) = text.strip_prefix('←').and_then(|t| t.split_once('←')) else { return Vec::new() };
        // `←←点→→→`: the digits one by one after the word.
        let word = after.trim_end_matches('→').replace('\u{200b}', "");
        literal_keys(&word).into_iter().filter(|k| !excluded(k)).collect()
    })?;
    out.extend(SPOKEN_DECIMAL_WORDS.iter().flat_map(|w| literal_keys(w)).filter(|k| !excluded(k)));
    out.sort();
    out.dedup();
    Ok(out)
}

/// The decimal words speech uses beside cldr-rbnf's, which writes a language's decimal
/// separator (`запятая`, `virgül`, `zarez`): the name of the point where numbers are written
/// with one, as dictionaries give it (Russian `точка`, Ozhegov and Shvedova, *Толковый словарь
/// русского языка*; Ukrainian `крапка`; Turkish `nokta`, Türk Dil Kurumu, *Güncel Türkçe
/// Sözlük*; Portuguese `ponto`; Catalan and Dutch `punt`; German `Punkt`; Polish `kropka`; Czech
/// `tečka`; Slovak `bodka`; Slovene and Croatian `točka`), and the word for the whole before
/// the decimals, as cldr-rbnf's Bulgarian `цяло и` and Hungarian `egész` write it: Croatian
/// and Bosnian `cijela` (Institut za hrvatski jezik, *Hrvatski pravopis*, 2013, on reading
/// decimal numbers), Serbian `cela`, `цела`, Georgian `მთელი`; and Arabic's `فاصلة` beside
/// cldr-rbnf's `فاصل`.
const SPOKEN_DECIMAL_WORDS: &[&str] = &[
    "точка",
    "крапка",
    "nokta",
    "ponto",
    "punt",
    "Punkt",
    "kropka",
    "tečka",
    "bodka",
    "točka",
    "cijela",
    "cela",
    "цела",
    "მთელი",
    "فاصلة",
];

/// The words `words` finds in each `(base, text)` rule of the modern locales' cardinal sets,
/// sorted; an error when one of `must` (the `what` words of English, Spanish, Ukrainian, French
/// or Czech) is missing.
fn rule_words(
    dir: &Path,
    locales: &[String],
    (what, must): (&str, &[&str]),
    words: impl Fn(&str, &str) -> Vec<String>,
) -> Result<Vec<String>, String> {
    let mut out = BTreeSet::new();
    for sets in cardinal_rules(dir, locales)? {
        for (base, text) in rules_of(&sets) {
            out.extend(words(base, text));
        }
    }
    for word in must {
        if !out.contains(*word) {
            return Err(format!("cldr-rbnf: the {what} word {word:?} is missing"));
        }
    }
    Ok(out.into_iter().collect())
}
