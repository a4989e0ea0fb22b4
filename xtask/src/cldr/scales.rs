//! `data/scales.rs`: compact-number scale words, number words, percent and other number
//! patterns (`cldr-numbers-full`, `cldr-units-full`, `cldr-rbnf`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::folds::key as word_key;

use super::numbers::number_words;
use super::source::{locale_dirs, object, optional_json, package_version, read_json};
use super::spelled;
use super::words::Words;
use super::write::{header, version_const, write_packed, write_pairs_owned, write_strings};
use super::Generated;

/// The words of every locale's compact number formats, and of its number `miscPatterns`.
struct CompactWords {
    /// Scale words written after the number, and their powers of ten.
    words: Words<u8>,
    /// The same, of the modern locales only.
    modern_words: Words<u8>,
    /// Scale words written before the number (Swahili `elfu 0`), with nothing after it.
    before_words: Words<u8>,
    /// The approximate, at-least and at-most patterns ([`misc_patterns`]).
    qualifiers: Words<u8>,
    /// What the range patterns write between two numbers.
    joiners: BTreeSet<String>,
    /// English's own scale words and their powers.
    english: BTreeSet<(String, u8)>,
}

impl CompactWords {
    /// Reads `cldr-numbers-full/main/{lang}/numbers.json` of every locale of `all`, short and
    /// long, in every numbering system.
    fn read(dir: &Path, modern: &[String], all: &[String]) -> Result<Self, String> {
        let mut c = CompactWords {
            words: Words::new(),
            modern_words: Words::new(),
            before_words: Words::new(),
            qualifiers: Words::new(),
            joiners: BTreeSet::new(),
            english: BTreeSet::new(),
        };
        for lang in all {
            let json = read_json(&dir.join(format!("cldr-numbers-full/main/{lang}/numbers.json")))?;
            let numbers = object(&json, &format!("/main/{lang}/numbers"), "numbers.json")?;
            misc_patterns(numbers, &mut c.qualifiers, &mut c.joiners);
            let systems = numbers.iter().filter(|(k, _)| k.starts_with("decimalFormats-numberSystem-"));
            for (_, formats) in systems {
                for width in ["short", "long"] {
                    let Some(patterns) = formats.pointer(&format!("/{width}/decimalFormat")).and_then(Value::as_object)
                    else {
                        continue;
                    };
                    for (key, pattern) in patterns {
                        let (Some(pattern), Some(kind)) = (pattern.as_str(), key.split('-').next()) else { continue };
                        c.add_pattern(kind, pattern, lang, modern);
                    }
                }
            }
        }
        Ok(c)
    }

    /// Adds the scale word of one compact pattern (`0 million`) of type `kind` (`1000000`),
    /// with the power of ten it stands for, to the tables it belongs in.
    fn add_pattern(&mut self, kind: &str, pattern: &str, lang: &str, modern: &[String]) {
        // Without the marks of direction right-to-left languages write around a
        // number (`\u{200f}0 מיליון`): no word before it.
        let pattern =
            pattern.split(';').next().unwrap_or_default().replace(['\'', '\u{200e}', '\u{200f}', '\u{61c}'], "");
        let zeros = pattern.matches('0').count();
        let (Some(first), Some(last)) = (pattern.find('0'), pattern.rfind('0')) else { return };
        let (before, after) = (&pattern[..first], &pattern[last + 1..]);
        // The power of the format's type (`10000`: 4) less the digits it writes.
        let power = (kind.len() + 1).checked_sub(zeros + 1);
        let power = power.and_then(|p| u8::try_from(p).ok()).filter(|p| *p > 0);
        let word = word_key(after);
        let ascii_zeros = !pattern[first..=last].contains(|c| c != '0');
        // The word before the number (Swahili `elfu 0`, Hausa `Dubu 0`, Sinhala
        // `දහස 0`), with nothing after it.
        let ahead = word_key(before);
        if ascii_zeros && word.is_empty() && ahead.chars().filter(|c| c.is_alphabetic()).count() >= 2 {
            if let Some(power) = power {
                self.before_words.add(ahead, power);
            }
            return;
        }
        if !before.trim().is_empty() || word.is_empty() || !ascii_zeros {
            return;
        }
        if let Some(power) = power {
            // A long scale's `tri-` word of 10^18 beside its `bi-` word of 10^12 (`Billionen`,
            // `Trillionen`), which compact formats never reach: `trillion` is 10^12 in English.
            let long = (power == 12).then(|| super::spelled::long_scale_word(&word)).flatten();
            if modern.iter().any(|m| m == lang) {
                self.modern_words.add(word.clone(), power);
                if lang.split('-').next() == Some("en") {
                    self.english.insert((word.clone(), power));
                }
                if let Some(long) = &long {
                    self.modern_words.add(long.clone(), 18);
                }
            }
            if let Some(long) = long {
                self.words.add(long, 18);
            }
            self.words.add(word, power);
        }
    }

    /// English's plural of its own scale words (`thousands`, `millions`, `billions`: CLDR
    /// writes `0 billion` for every count), as writers of English add it; French's `billions`
    /// (10^12) beside it asks.
    fn add_english_plurals(&mut self) {
        let mut english = std::mem::take(&mut self.english);
        english.retain(|(k, _)| k.len() >= 4 && k.bytes().all(|b| b.is_ascii_lowercase()));
        for (word, power) in english {
            self.words.add(format!("{word}s"), power);
        }
    }
}

/// `UNIT_SCALES`' entries: the modern locales' scale words that are also a unit's symbol, with
/// the powers the modern locales give them, sorted.
fn unit_scales(modern_words: &Words<u8>, units: &BTreeSet<String>) -> Vec<(String, String)> {
    // Kept apart with the powers the modern locales give them, when a modern language writes
    // them (`k`, `M`, `mln`; Portuguese `mi`, a million and a mile; Italian `mila`; Catalan's
    // `km` and Azerbaijani's `min` too): the ask of `4k` names a thousand beside the unit's
    // reading, and the ask of `1,2 mi` a million beside the mile's.
    let mut unit_scales: Vec<(String, String)> = modern_words
        .one
        .iter()
        .map(|(k, p)| (k.clone(), p.to_string()))
        .chain(modern_words.several_entries())
        .filter(|(k, _)| units.contains(k))
        .collect();
    unit_scales.sort();
    unit_scales
}

/// `SCALES_BEFORE`'s entries: a word before the number that is a unit's or currency's elsewhere
/// stays out, as a word after it does; one of two powers is left out (it asks as any text that
/// is no number).
fn scales_before(before_words: &Words<u8>, words: &Words<u8>, units: &BTreeSet<String>) -> Vec<(String, String)> {
    before_words
        .one
        .iter()
        .filter(|(k, p)| {
            !units.contains(*k) && !words.several.contains_key(*k) && words.one.get(*k).is_none_or(|w| w == *p)
        })
        .map(|(k, p)| (k.clone(), p.to_string()))
        .collect()
}

/// `data/scales.rs`: the words and letters CLDR's compact number formats write after a number
/// (`0K`, `0 tis.`, `0 Mio.`, `0 million`, `0万`), in every locale and numbering
/// system, short and long, with the power of ten each stands for. A word two locales give
/// different powers (`billion`: 10^9 in English, 10^12 in German; `miu`: 10^3 in Nheengatu,
/// 10^6 in Romansh) goes to `AMBIGUOUS_SCALES` with every power, so the reader asks. Formats
/// that write their word before the number are left out, and so are words that are a unit's
/// symbol or an ordinal's ending somewhere. Source: `cldr-numbers-full/main/{lang}/numbers.json`,
/// `cldr-units-full`, `cldr-rbnf`.
pub(super) fn scales(dir: &Path, modern: &[String]) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-numbers-full")?;
    // Every locale CLDR has, regional and non-modern ones too: Nheengatu's `miu` is a thousand,
    // Romansh `miu.` a million, so the word asks.
    let all = locale_dirs(&dir.join("cldr-numbers-full/main"))?;
    let mut c = CompactWords::read(dir, modern, &all)?;
    c.add_english_plurals();
    // A word that is also a unit's symbol somewhere (`k`: Estonian months, Norwegian cups, and
    // kelvin; `km`; `min`; `mil`: a mile) carries a unit the property does not state: left out.
    let units = unit_words(dir, &locale_dirs(&dir.join("cldr-units-full/main"))?)?;
    let unit_scales = unit_scales(&c.modern_words, &units);
    c.words.one.retain(|k, _| !units.contains(k));
    c.words.several.retain(|k, _| !units.contains(k));
    // A word that is also an ordinal's ending (`th`: English `5th`, and Icelandic `þ.`, a
    // thousand, folded; `n`: Catalan `2n`, and Vietnamese `N`) makes the number an ordinal in
    // another language: left out, so `5th` asks rather than reading 5000.
    let ordinals = ordinal_suffixes(dir)?;
    c.words.one.retain(|k, _| !ordinals.contains(k));
    c.words.several.retain(|k, _| !ordinals.contains(k));
    let mut out = String::new();
    header(&mut out, "cldr-numbers-full", &version);
    let _ = writeln!(
        out,
        "//! Scale words of compact numbers (`3 Mio.`, `1,5 tis.`, `2.5 million`) of the {} CLDR locales ({} modern).",
        all.len(),
        modern.len()
    );
    let _ = writeln!(out, "//! Keys are `agent_input::fold` of the word, without trailing dots.");
    let _ = writeln!(out);
    version_const(&mut out, &version);
    write_scale_tables(&mut out, &c.words, &scales_before(&c.before_words, &c.words, &units), &unit_scales);
    // The number words of the modern locales and their regional rule files, once for both.
    let rbnf = super::source::rbnf_locales(dir, modern)?;
    let mut numbers = number_words(dir, &rbnf)?;
    // The languages cldr-rbnf does not spell, from `to-words` (Telugu, Kannada, Bengali ...).
    let others = super::towords::locale_words(dir)?;
    let mut other_scales = Vec::new();
    for words in &others {
        for (key, n) in &words.numbers {
            numbers.add_in(key.clone(), *n, &words.language);
        }
        other_scales.extend(words.scales.iter().map(|(key, power)| (key.clone(), *power, words.language.clone())));
    }
    write_number_tables(&mut out, dir, modern, &numbers, &c.qualifiers, c.joiners)?;
    write_spelled_tables(&mut out, dir, &rbnf, &numbers, &units, &other_scales)?;
    Ok(Generated { path: "agent-input/src/data/scales.rs", text: out })
}

/// `SCALES`, `AMBIGUOUS_SCALES`, `SCALES_BEFORE` and `UNIT_SCALES`.
fn write_scale_tables(
    out: &mut String,
    words: &Words<u8>,
    before_words: &[(String, String)],
    unit_scales: &[(String, String)],
) {
    write_packed(out, "SCALES", "u8", "Scale words and the power of ten each stands for", &words.one_entries());
    write_pairs_owned(
        out,
        "AMBIGUOUS_SCALES",
        "Scale words that stand for two or more powers of ten in different languages (powers separated by spaces)",
        &words.several_entries(),
    );
    write_pairs_owned(
        out,
        "SCALES_BEFORE",
        "Scale words the compact numbers of CLDR's locales write before the number (`elfu 4`, Swahili's four thousand; Hausa `Dubu 4`; Sinhala `දහස 4`), and the power of ten each stands for; none a unit's symbol, nor a word another language writes after a number for another power",
        before_words,
    );
    write_pairs_owned(
        out,
        "UNIT_SCALES",
        "Scale words and letters of the modern languages' compact numbers that are also a unit's symbol in some locale (`k`: a thousand, and kelvin; `mil`: a thousand, and a mile), with every power of ten those locales give them (separated by spaces): never applied, named beside the number without them",
        unit_scales,
    );
}

/// `PERCENT_WORDS`, `NUMBER_QUALIFIERS`, `NUMBER_RANGE_JOINERS` (longest first),
/// `NUMBER_WORDS` and `AMBIGUOUS_NUMBER_WORDS`.
fn write_number_tables(
    out: &mut String,
    dir: &Path,
    modern: &[String],
    numbers: &Words<u32>,
    qualifiers: &Words<u8>,
    joiners: BTreeSet<String>,
) -> Result<(), String> {
    write_packed(
        out,
        "PERCENT_WORDS",
        "u8",
        "Percent and per-mille signs and words the modern locales write before or after a number (`%`, `٪`, `‰`, `percent`, `procent`, `Prozent`, `pour cent`, `yüzde`: `cldr-units-full`'s `concentr-percent` and `concentr-permille` patterns, each count and case), and the power of ten they divide by (2 or 3). A word of both is left out",
        &percent_words(dir, modern)?,
    );
    write_packed(
        out,
        "NUMBER_QUALIFIERS",
        "u8",
        "What CLDR's number patterns write around a number to say it is approximate (1: `~{0}`, `≈{0}`, `ca. {0}`), a least value (2: `{0}+`, `≥{0}`, `au moins {0}`) or a greatest one (3: `≤{0}`, `{0} 以下`), of every locale, keyed by the folded text before and after the number joined by `#` (`~#`, `#+`, `au moins#`). A pattern of two meanings is left out",
        &qualifiers.one_entries(),
    );
    let mut joiners: Vec<String> = joiners.into_iter().collect();
    joiners.sort_by_key(|j| std::cmp::Reverse(j.len()));
    write_strings(
        out,
        "What CLDR's number range patterns write between two numbers (`{0}–{1}`, `{0}-{1}`, `{0}~{1}`), of every locale, without spaces, longest first.",
        "pub static NUMBER_RANGE_JOINERS: &[&str] = &",
        &joiners,
    );
    write_packed(
        out,
        "NUMBER_WORDS",
        "u32",
        "Whole numbers written as words (`twenty-one`, `twenty one`, `dvacet jedna`, `einundzwanzig`, `vingt et un`, `sto`): 0 to 100, the hundreds, a thousand and a million, of every cardinal rule set of the modern locales' rule-based number spellings and their regional rule files (cldr-rbnf, each gender and case: `трех`), with Arabic's oblique and one-word forms (`عشرين`, `ثلاثمائة`), the forms of a hundred before the rest (`ორას`), and the words the `to-words` package gives the languages cldr-rbnf does not spell (Telugu, Kannada, Bengali, Malayalam, Marathi, Odia, Punjabi, Assamese, Urdu)",
        &numbers.one_entries(),
    );
    write_pairs_owned(
        out,
        "AMBIGUOUS_NUMBER_WORDS",
        "Number words that two or more modern locales spell for different numbers (numbers separated by spaces)",
        &numbers.several_entries(),
    );
    Ok(())
}

/// `NUMBER_SCALE_WORDS`, `AMBIGUOUS_NUMBER_SCALE_WORDS`, `NUMBER_JOINERS`,
/// `NUMBER_MINUS_WORDS` and `NUMBER_DECIMAL_WORDS` ([`spelled`]): the parts of numbers spelled
/// in words. A minus word that is a unit's word (`min`, a minute: `min 5` is at least five)
/// or a number's is left out; so is a decimal word that joins two numbers (`and`, `to`, `or`)
/// or is a number's word. `rbnf`: the locales whose rules are read ([`super::source::rbnf_locales`]);
/// `numbers`: their number words ([`number_words`]) and those of `to-words`; `other_scales`:
/// `to-words`' scale words, each with its power and language ([`super::towords`]).
fn write_spelled_tables(
    out: &mut String,
    dir: &Path,
    rbnf: &[String],
    numbers: &Words<u32>,
    units: &BTreeSet<String>,
    other_scales: &[(String, u32, String)],
) -> Result<(), String> {
    let short = super::numbers::short_number_words(dir, rbnf)?;
    let one = |k: &str| numbers.one.get(k) == Some(&1) || short.iter().any(|(w, n)| w == k && n == "1");
    let scales = spelled::scale_words(dir, rbnf, one, other_scales)?;
    let (one, several): (Vec<_>, Vec<_>) = scales.powers.into_iter().partition(|(_, v)| v.len() == 1);
    let join = |v: &BTreeSet<u8>| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
    let one: Vec<(String, String)> = one.iter().map(|(k, v)| (k.clone(), join(v))).collect();
    let several: Vec<(String, String)> = several.iter().map(|(k, v)| (k.clone(), join(v))).collect();
    let flags = format!("{} after a group, {} alone", spelled::SCALE_AFTER_GROUP, spelled::SCALE_ALONE);
    write_packed(
        out,
        "NUMBER_SCALE_WORDS",
        "u8",
        &format!("The scale words of numbers spelled in words (`hundred`, `thousand`, `tisíce`, `Millionen`, `mil`): every form the nominative cardinal rules of the modern locales' cldr-rbnf and their regional rule files write for 10^2 to 10^{}, and `to-words`' scale words of the languages cldr-rbnf does not spell (`లక్ష`, `কোটি`), each with its power plus its flags ({flags})", spelled::MAX_SPELLED_POWER),
        &one,
    );
    write_pairs_owned(
        out,
        "AMBIGUOUS_NUMBER_SCALE_WORDS",
        "Scale words of spelled numbers that two locales give different powers (`billion`), each power plus its flags, separated by spaces",
        &several,
    );
    write_pairs_owned(
        out,
        "AMBIGUOUS_NUMBER_SCALE_WORD_LANGUAGES",
        "The languages that give each word of `AMBIGUOUS_NUMBER_SCALE_WORDS` each of its powers (`en:9 fr:12`: base language subtags, sorted), which a reader's `languages` option settles the word by",
        &scales.languages,
    );
    write_pairs_owned(
        out,
        "AMBIGUOUS_NUMBER_WORD_LANGUAGES",
        "The languages that give each word of `AMBIGUOUS_NUMBER_WORDS` each of its numbers (`da:60 es:3 pt:3`: base language subtags, sorted), which a reader's `languages` option settles the word by",
        &numbers.several_languages(),
    );
    write_pairs_owned(
        out,
        "SHORT_NUMBER_WORDS",
        "Number words of one or two Latin letters (`to`, `ni`, `um`, `ba`) and the articles that say one before a scale word (`a`, `o`, `un`), each with its number, read only right before a scale word: cldr-rbnf's cardinal rules and the grammars `short_number_words` cites in the generator",
        &short,
    );
    let dozens: Vec<(String, String)> = super::numbers::DOZEN_WORDS
        .iter()
        .map(|(w, alone)| (agent_input::word_key(w), if *alone { "alone" } else { "after" }.to_owned()))
        .collect();
    write_pairs_owned(
        out,
        "NUMBER_DOZEN_WORDS",
        "The words for a dozen (twelve) as each language's dictionary defines them (`dozen`, `dúzia`, `дюжина`, `โหล`, `打`: the generator cites each), folded, each `alone` (one dozen by itself) or `after` (only after a number: a plural, `dozens`, or Chinese `打`)",
        &dozens,
    );
    let joiners =
        spelled::joiner_words(dir, rbnf, |k| numbers.has(k) || one.iter().chain(&several).any(|(s, _)| s == k))?;
    write_strings(out, "The words cldr-rbnf's cardinal rules write between a scale's part and the rest (`two hundred and six`, `duzentos e cinco`), folded.", "pub static NUMBER_JOINERS: &[&str] = &", &joiners);
    let minus = spelled::minus_words(dir, rbnf, |k| units.contains(k) || numbers.has(k))?;
    write_strings(out, "The minus words of cldr-rbnf's cardinal rules (`-x: minus →→;`, `menos`, `мінус`, `負`), folded; none a unit's word (`min`) or a number's.", "pub static NUMBER_MINUS_WORDS: &[&str] = &", &minus);
    let binding = |k: &str| ["and", "to", "or"].contains(&k) || joiners.iter().any(|j| j == k) || numbers.has(k);
    let decimal = spelled::decimal_words(dir, rbnf, binding)?;
    write_strings(out, "The decimal words of cldr-rbnf's cardinal rules whose digits are spelled one by one (`x.x: ←← point →→;`, `Komma`, `virgule`, `čárka`, `点`) and the spoken ones the generator cites (`точка`, `nokta`, `cijela`), folded; none a word that joins two numbers or a number's word.", "pub static NUMBER_DECIMAL_WORDS: &[&str] = &", &decimal);
    Ok(())
}

/// A locale's number `miscPatterns` of every numbering system: the approximate, at-least and
/// at-most patterns keyed `before#after` around `{0}` ([`word_key`] of each side; 1, 2, 3), and
/// the text of the range patterns between `{0}` and `{1}`, trimmed.
fn misc_patterns(
    numbers: &serde_json::Map<String, Value>,
    qualifiers: &mut Words<u8>,
    joiners: &mut std::collections::BTreeSet<String>,
) {
    let misc = numbers.iter().filter(|(k, _)| k.starts_with("miscPatterns-numberSystem-"));
    for (_, patterns) in misc {
        for (meaning, name) in [(1u8, "approximately"), (2, "atLeast"), (3, "atMost")] {
            let Some((before, after)) = patterns.get(name).and_then(Value::as_str).and_then(|p| p.split_once("{0}"))
            else {
                continue;
            };
            qualifiers.add(format!("{}#{}", word_key(before), word_key(after)), meaning);
        }
        let range = patterns.get("range").and_then(Value::as_str).unwrap_or_default();
        if let Some(between) = range.strip_prefix("{0}").and_then(|r| r.strip_suffix("{1}")) {
            let between = between.trim_matches(|c: char| c.is_whitespace() || c == '\u{200e}' || c == '\u{200f}');
            if !between.is_empty() {
                joiners.insert(between.to_owned());
            }
        }
    }
}

/// The text before and after `{0}` in every pattern (each count and case) of `unit` in the
/// long, short and narrow forms of a locale's `units.json`.
pub(super) fn unit_sides<'j>(json: &'j Value, lang: &str, unit: &str) -> Vec<(&'j str, &'j str)> {
    let mut sides = Vec::new();
    for width in ["long", "short", "narrow"] {
        let at = format!("/main/{lang}/units/{width}/{unit}");
        let Some(forms) = json.pointer(&at).and_then(Value::as_object) else { continue };
        let patterns = forms.iter().filter(|(k, _)| k.contains("count")).filter_map(|(_, p)| p.as_str());
        sides.extend(patterns.filter_map(|p| p.split_once("{0}")));
    }
    sides
}

/// The words and signs of [`scales`]' `PERCENT_WORDS`: the text before or after `{0}` in every
/// pattern of the `concentr-percent` (2) and `concentr-permille` (3) units of the given
/// locales, keyed by [`word_key`].
fn percent_words(dir: &Path, locales: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut words = Words::<u8>::new();
    for lang in locales {
        let Some(json) = optional_json(&dir.join(format!("cldr-units-full/main/{lang}/units.json")))? else { continue };
        for (unit, power) in [("concentr-percent", 2u8), ("concentr-permille", 3)] {
            for (before, after) in unit_sides(&json, lang, unit) {
                for side in [before, after] {
                    let key =
                        word_key(side.trim_matches(|c: char| {
                            c.is_whitespace() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{61c}')
                        }));
                    if !key.is_empty() && !key.chars().any(char::is_numeric) {
                        words.add(key, power);
                    }
                }
            }
        }
    }
    let entries = words.one_entries();
    for (must, power) in [("%", "2"), ("percent", "2"), ("procent", "2"), ("\u{2030}", "3")] {
        if !entries.iter().any(|(k, v)| k == must && v == power) {
            return Err(format!("cldr-units: the percent word {must:?} is missing"));
        }
    }
    Ok(entries)
}

/// What CLDR's ordinal rules of every locale write after an ordinal's digits (`st`, `nd`,
/// `rd`, `th`; `e`, `er`; `º`; `-й`), keyed by [`word_key`]: the literal after the last number
/// substitution of every rule of `cldr-rbnf/rbnf/{lang}.json`'s `OrdinalRules`, and each
/// plural case of a `$(ordinal,…)$` there.
fn ordinal_suffixes(dir: &Path) -> Result<std::collections::BTreeSet<String>, String> {
    let mut out = std::collections::BTreeSet::new();
    let folder = dir.join("cldr-rbnf/rbnf");
    let files = std::fs::read_dir(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    for file in files.filter_map(Result::ok).map(|f| f.path()).filter(|p| p.extension().is_some_and(|e| e == "json")) {
        let json = read_json(&file)?;
        let Some(sets) = json.pointer("/rbnf/rbnf/OrdinalRules").and_then(Value::as_object) else { continue };
        let rules = sets.values().filter_map(Value::as_array).flatten().filter_map(|r| r.get(1)?.as_str());
        for rule in rules {
            let after = rule.trim_end_matches(';').rsplit(['=', '\u{2192}', '\u{2190}']).next().unwrap_or_default();
            let cases: Vec<&str> = if after.contains("$(") {
                after.split('{').skip(1).filter_map(|c| c.split('}').next()).collect()
            } else {
                vec![after]
            };
            out.extend(cases.into_iter().map(word_key).filter(|k| k.chars().any(char::is_alphabetic)));
        }
    }
    if !out.contains("th") || !out.contains("er") {
        return Err(format!("{}: the English or French ordinal endings are missing", folder.display()));
    }
    Ok(out)
}

/// The words every given locale writes after a number to name a unit (`km`, `min`, `K`,
/// `mil`), in the long, short and narrow forms of `cldr-units-full/main/{lang}/units.json`,
/// keyed by [`word_key`]; the SI prefixes' own patterns (`k{0}`) are not unit words.
fn unit_words(dir: &Path, locales: &[String]) -> Result<std::collections::BTreeSet<String>, String> {
    let mut words = std::collections::BTreeSet::new();
    for lang in locales {
        let json = read_json(&dir.join(format!("cldr-units-full/main/{lang}/units.json")))?;
        for width in ["long", "short", "narrow"] {
            let units = object(&json, &format!("/main/{lang}/units/{width}"), "units.json")?;
            for (unit, forms) in units {
                if unit.starts_with("10p") || unit.starts_with("1024p") {
                    continue;
                }
                let Some(forms) = forms.as_object() else { continue };
                let patterns =
                    forms.iter().filter(|(k, _)| k.starts_with("unitPattern")).filter_map(|(_, p)| p.as_str());
                for pattern in patterns {
                    if let Some(("", after)) = pattern.split_once("{0}").map(|(b, a)| (b.trim(), a)) {
                        words.insert(word_key(after));
                    }
                }
            }
        }
    }
    Ok(words)
}
