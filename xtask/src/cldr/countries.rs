//! `data/countries.rs` and `data/small/countries.rs`: ISO 3166 codes, aliases, retired states
//! and country names (CLDR territory names, iso-codes ISO 3166-1 and 3166-3 with translations).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::names::{Names, Rank};
use super::source::{
    iso_translations, iso_version, minor_locales, object, package_version, read_json, regional_locales,
};
use super::state_words::{state_words, StateWords};
use super::write::{header, version_const, write_packed, write_pairs, write_pairs_owned};
use super::{Generated, SMALL_NAME_LOCALES};

/// The codes ISO 3166-1 reserves exceptionally (ISO 3166-1:2020, section 7.5, and the ISO 3166
/// Maintenance Agency's list: AC, CP, DG, EA, EU, EZ, FX, IC, SU, TA, UK, UN) and Eurostat's
/// country codes that are no ISO code (Eurostat Statistics Explained, "Glossary: Country codes":
/// `EL` Greece, `UK` the United Kingdom), to the one country each names, with the reason. CLDR's
/// territory aliases already give `UK` (GB) and `FX` (metropolitan France, FR); `SU` names
/// fifteen successors (ISO 3166-3). Not read, so they ask as unknown: `EU` and `EZ` (the
/// European Union and the euro area) and `UN` (the United Nations) name no country; `DG`
/// (Diego Garcia) has no ISO 3166-2 code under any country to source its country from. Each
/// other names a part of one country, checked against that country's ISO 3166-2 subdivision.
const EXCEPTIONAL: &[(&str, &str, &str)] = &[
    ("EL", "GR", "Eurostat's code for Greece (from its name, Ellada)"),
    ("AC", "SH", "Ascension Island: ISO 3166-2 SH-AC"),
    ("TA", "SH", "Tristan da Cunha: ISO 3166-2 SH-TA"),
    ("CP", "FR", "Clipperton Island: ISO 3166-2 FR-CP"),
    ("EA", "ES", "Ceuta and Melilla: ISO 3166-2 ES-CE and ES-ML"),
    ("IC", "ES", "the Canary Islands: ISO 3166-2 ES-CN"),
];

/// Adds [`EXCEPTIONAL`] to the code aliases, after checking each subdivision it cites exists in
/// iso-codes' ISO 3166-2.
fn add_exceptional(codes: &mut Codes, iso: &Path) -> Result<(), String> {
    let iso2 = read_json(&iso.join("databases/iso3166-2.json"))?;
    let entries = iso2.get("3166-2").and_then(Value::as_array).ok_or("iso3166-2.json has no 3166-2")?;
    let subdivisions: BTreeSet<&str> = entries.iter().filter_map(|e| e.get("code").and_then(Value::as_str)).collect();
    for (code, country, why) in EXCEPTIONAL {
        let cited = why.split([' ', ',']).filter(|w| w.len() == 5 && w.as_bytes().get(2) == Some(&b'-'));
        if let Some(missing) = cited.into_iter().find(|w| !subdivisions.contains(w)) {
            return Err(format!("{code}: ISO 3166-2 has no {missing}"));
        }
        if !codes.codes.contains_key(*country) || codes.codes.contains_key(*code) {
            return Err(format!("{code}: {country} is no country, or {code} is one"));
        }
        codes.aliases.entry((*code).to_owned()).or_insert_with(|| (*country).to_owned());
    }
    Ok(())
}

/// Territory keys that are not countries (domain reference, section 3.1).
const NOT_COUNTRIES: &[&str] =
    &["EU", "EZ", "UN", "QO", "ZZ", "XA", "XB", "XK", "AC", "CP", "DG", "EA", "IC", "TA", "CQ"];

fn is_country(code: &str) -> bool {
    code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()) && !NOT_COUNTRIES.contains(&code)
}

/// The parts of a `Myanmar (Burma)`-style name: `Myanmar` and `Burma`.
fn name_parts(name: &str) -> Vec<String> {
    let mut keys = Vec::new();
    if let (Some(open), Some(close)) = (name.find('('), name.rfind(')')) {
        if open < close {
            keys.push(agent_input::fold_name(&name[..open]));
            keys.push(agent_input::fold_name(&name[open + 1..close]));
        }
    }
    keys.retain(|k| !k.is_empty());
    keys
}

/// The country codes, their aliases and English names (CLDR), by alpha-2.
pub(super) struct Codes {
    /// alpha-2 to (alpha-3, numeric).
    pub(super) codes: BTreeMap<String, (String, u16)>,
    /// alpha-2 to its English name.
    pub(super) english: BTreeMap<String, String>,
    /// CLDR's other codes of current countries (alpha-3, numeric, `UK`), to alpha-2 codes.
    pub(super) aliases: BTreeMap<String, String>,
}

pub(super) fn country_codes(dir: &Path) -> Result<Codes, String> {
    let mappings = read_json(&dir.join("cldr-core/supplemental/codeMappings.json"))?;
    let mappings = object(&mappings, "/supplemental/codeMappings", "codeMappings")?;
    let en = read_json(&dir.join("cldr-localenames-full/main/en/territories.json"))?;
    let en = object(&en, "/main/en/localeDisplayNames/territories", "en territories")?;
    let mut codes = BTreeMap::new();
    let mut english = BTreeMap::new();
    for (code, m) in mappings {
        let Some(name) = en.get(code).and_then(Value::as_str) else { continue };
        if !is_country(code) {
            continue;
        }
        let alpha3 = m.get("_alpha3").and_then(Value::as_str).unwrap_or_default();
        let numeric: u16 = m.get("_numeric").and_then(Value::as_str).and_then(|n| n.parse().ok()).unwrap_or(0);
        if alpha3.len() != 3 || numeric == 0 {
            continue;
        }
        codes.insert(code.clone(), (alpha3.to_owned(), numeric));
        english.insert(code.clone(), name.to_owned());
    }
    let aliases_json = read_json(&dir.join("cldr-core/supplemental/aliases.json"))?;
    let mut aliases = BTreeMap::new();
    for (key, v) in object(&aliases_json, "/supplemental/metadata/alias/territoryAlias", "aliases")? {
        let replacement = v.get("_replacement").and_then(Value::as_str).unwrap_or_default();
        let targets: Vec<&str> = replacement.split(' ').filter(|t| codes.contains_key(*t)).collect();
        if !targets.is_empty() && !codes.contains_key(key) {
            aliases.insert(key.clone(), targets.join(" "));
        }
    }
    Ok(Codes { codes, english, aliases })
}

/// Successors of the ISO 3166-3 states whose alpha-4 code does not name one (`HH`, `XX`):
/// from the entry's own comment, CLDR's territory aliases, or the state's history.
const SPLITS: &[(&str, &str, &str)] = &[
    ("ANHH", "CW SX BQ", "CLDR territoryAlias AN"),
    ("CSHH", "CZ SK", "Czechoslovakia split into Czechia and Slovakia on 1 January 1993"),
    ("CSXX", "RS ME", "CLDR territoryAlias CS"),
    ("FQHH", "AQ TF", "ISO 3166-3 comment: now split between AQ and TF"),
    ("GEHH", "KI TV", "ISO 3166-3 comment: now split into Kiribati and Tuvalu"),
    ("NTHH", "SA IQ", "ISO 3166-3 comment: formerly between Saudi Arabia and Iraq"),
    ("PCHH", "FM MH MP PW", "ISO 3166-3 comment: divided into FM, MH, MP, and PW"),
    ("SUHH", "RU AM AZ BY EE GE KZ KG LV LT MD TJ TM UA UZ", "CLDR territoryAlias SU"),
    (
        "YUCS",
        "BA HR ME MK RS SI",
        "the Socialist Federal Republic of Yugoslavia (YU until 1992) and Serbia and Montenegro",
    ),
];

/// A retired ISO 3166-1 state (ISO 3166-3): its codes, names, and every successor.
struct Retired {
    pub(super) codes: Vec<String>,
    pub(super) names: Vec<String>,
    pub(super) successors: Vec<String>,
}

fn retired_states(iso: &Path, codes: &Codes) -> Result<Vec<Retired>, String> {
    let json = read_json(&iso.join("databases/iso3166-3.json"))?;
    let entries = json.get("3166-3").and_then(Value::as_array).ok_or("iso3166-3.json has no 3166-3")?;
    let mut out = Vec::new();
    for e in entries {
        let field = |k: &str| e.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
        let (alpha2, alpha4) = (field("alpha_2"), field("alpha_4"));
        let suffix = alpha4.get(2..).unwrap_or_default();
        let successors: Vec<String> = if let Some((_, list, _)) = SPLITS.iter().find(|(a4, _, _)| *a4 == alpha4) {
            list.split(' ').map(str::to_owned).collect()
        } else if suffix == "AA" {
            vec![alpha2.clone()]
        } else {
            vec![suffix.to_owned()]
        };
        if successors.iter().any(|c| !codes.codes.contains_key(c)) {
            return Err(format!("{alpha4}: successor {successors:?} is not a current country"));
        }
        let mut all = vec![alpha2, field("alpha_3")];
        if !field("numeric").is_empty() {
            all.push(field("numeric"));
        }
        out.push(Retired { codes: all, names: vec![field("name")], successors });
    }
    Ok(out)
}

/// The keys a name is matched by, and for a retired state's `Short, Long` name each part too.
fn country_keys(name: &str, parts: bool) -> Vec<String> {
    let mut keys = agent_input::country::name_keys(name);
    if parts {
        for part in name.split(',') {
            for k in agent_input::country::name_keys(part) {
                if !keys.contains(&k) {
                    keys.push(k);
                }
            }
        }
    }
    keys.retain(|k| k.chars().count() >= 3 || !k.is_ascii());
    keys
}

/// The keys of the parts of a `Myanmar (Burma)`-style name, matched at [`Rank::Part`].
fn part_keys(name: &str) -> Vec<String> {
    let mut keys: Vec<String> = name_parts(name).iter().flat_map(|p| agent_input::country::name_keys(p)).collect();
    keys.retain(|k| k.chars().count() >= 3 || !k.is_ascii());
    keys
}

/// Every code in lower case (alpha-2, alpha-3, code aliases, retired codes): a name whose key
/// is one of them is kept apart from the names.
fn code_keys(codes: &Codes, retired: &[Retired]) -> BTreeSet<String> {
    codes
        .codes
        .iter()
        .flat_map(|(a2, (a3, _))| [a2.to_ascii_lowercase(), a3.to_ascii_lowercase()])
        .chain(codes.aliases.keys().map(|k| k.to_ascii_lowercase()))
        .chain(retired.iter().flat_map(|r| r.codes.iter().map(|c| c.to_ascii_lowercase())))
        .collect()
}

/// The country names of every source by key, and the tables of the spellings the keys alone
/// cannot tell apart.
struct NameSets<'a> {
    /// The codes in lower case ([`code_keys`]).
    code_keys: &'a BTreeSet<String>,
    names: Names,
    /// Names spelled like a code (Vietnamese `Nga`, Russia, is Nigeria's `NGA`): kept apart, so
    /// a code in lower or mixed case that is also a name asks.
    code_like: BTreeMap<String, BTreeSet<String>>,
    /// The parts in parentheses, added once every whole name is known.
    parts: Vec<(String, String)>,
    /// The countries each word of a whole name belongs to.
    word_countries: BTreeMap<String, BTreeSet<String>>,
    /// Names CLDR writes in capitals, as initialisms (Turkish `ABD`, Portuguese `EUA`, French
    /// `RDC`): an initialism in capitals is read as such, any other name only in its own case.
    initialisms: BTreeMap<String, String>,
    /// Names of letters beyond ASCII whose folded key is a code or nothing (Vietnamese `Áo`,
    /// Austria, folds to Angola's `ao`; `Úc`, `Bỉ`, `Lào`): kept as written, lower-cased, to be
    /// read where no code can be meant. A spelling two countries share is left out.
    accented: BTreeMap<String, BTreeSet<String>>,
    /// Each key's spellings as written (lower case, NFC) and their countries: a spelling of one
    /// country that folds to another's key (Tongan `Lūsia`, Russia; Yoruba `Luṣia`, Saint Lucia).
    written_as: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
}

impl<'a> NameSets<'a> {
    fn new(code_keys: &'a BTreeSet<String>) -> Self {
        NameSets {
            code_keys,
            names: Names::default(),
            code_like: BTreeMap::new(),
            parts: Vec::new(),
            word_countries: BTreeMap::new(),
            initialisms: BTreeMap::new(),
            accented: BTreeMap::new(),
            written_as: BTreeMap::new(),
        }
    }

    /// Adds one name of `code` from a source of `rank`: its keys, its spellings and its parts.
    fn add(&mut self, name: &str, code: &str, rank: Rank) {
        if !name.is_ascii() {
            self.add_written(name, code);
        }
        self.add_initialisms(name, code, rank);
        for k in country_keys(name, false) {
            for word in k.split(' ') {
                self.word_countries.entry(word.to_owned()).or_default().insert(code.to_owned());
            }
            if self.code_keys.contains(&k) {
                self.code_like.entry(k).or_default().insert(code.to_owned());
            } else {
                self.names.add_ranked(k, code, rank);
            }
        }
        for k in part_keys(name) {
            if !self.code_keys.contains(&k) {
                self.parts.push((k, code.to_owned()));
            }
        }
    }

    /// Records a name beyond ASCII as written: in `accented` if its keys are all codes, and in
    /// `written_as` under each of its keys.
    fn add_written(&mut self, name: &str, code: &str) {
        // As the reader keys a name as written (`as_written`): trimmed, NFC, lower case.
        let composed: String = unicode_normalization::UnicodeNormalization::nfc(name.trim().chars()).collect();
        let written = composed.to_lowercase();
        let keys = country_keys(name, false);
        if keys.iter().all(|k| self.code_keys.contains(k)) {
            self.accented.entry(written.clone()).or_default().insert(code.to_owned());
        }
        if !name.contains(['(', ',']) {
            for k in keys {
                self.written_as.entry(k).or_default().entry(written.clone()).or_default().insert(code.to_owned());
            }
        }
    }

    /// Records the whole name, or its part in parentheses (`Congo (RDC)`), if it is written in
    /// two to four capitals.
    fn add_initialisms(&mut self, name: &str, code: &str, rank: Rank) {
        let inner = name.split_once('(').and_then(|(_, rest)| rest.split_once(')')).map(|(inner, _)| inner);
        for part in [Some(name), inner].into_iter().flatten().map(str::trim) {
            if rank != Rank::Minor && (2..=4).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_uppercase()) {
                self.initialisms.insert(part.to_ascii_lowercase(), code.to_owned());
            }
        }
    }

    /// Adds the parts in parentheses at [`Rank::Part`], once every whole name is known. A part
    /// that is one word of the names of two or more countries is a qualifier, not a name
    /// (`Republic` of `Congo (Republic)`, `SAR` of `Hong Kong SAR`).
    fn add_parts(&mut self) {
        let word_countries = std::mem::take(&mut self.word_countries);
        for (k, code) in std::mem::take(&mut self.parts) {
            let shared = !k.contains(' ') && word_countries.get(&k).is_some_and(|c| c.len() >= 2);
            if !shared {
                self.names.add_ranked(k, &code, Rank::Part);
            }
        }
    }
}

/// Adds the territory names of every locale of `modern` at [`Rank::Primary`]. The regional
/// locales write some names their language's main locale does not (Dari's `بلغاریا`, Hong
/// Kong's `亞塞拜疆`, Montenegrin Serbian's `Конго`, Congo - Brazzaville, that Kazakh writes for
/// Congo - Kinshasa): theirs count as much.
fn add_cldr_names(sets: &mut NameSets, dir: &Path, modern: &[String], codes: &Codes) -> Result<(), String> {
    for lang in modern.iter().chain(&regional_locales(dir, modern)?) {
        let json = read_json(&dir.join(format!("cldr-localenames-full/main/{lang}/territories.json")))?;
        let table = object(&json, &format!("/main/{lang}/localeDisplayNames/territories"), lang)?;
        for (key, name) in table {
            let code = key.split("-alt-").next().unwrap_or_default();
            if codes.codes.contains_key(code) {
                sets.add(name.as_str().ok_or(format!("{lang}: {key} is not a string"))?, code, Rank::Primary);
            }
        }
    }
    Ok(())
}

/// Adds ISO 3166-1's English names (short, official and common) at [`Rank::Primary`], and
/// returns them with their alpha-2 codes, in the order of `iso3166-1.json`.
fn add_iso_names(sets: &mut NameSets, iso: &Path, codes: &Codes) -> Result<Vec<(String, String)>, String> {
    let iso1 = read_json(&iso.join("databases/iso3166-1.json"))?;
    let entries = iso1.get("3166-1").and_then(Value::as_array).ok_or("iso3166-1.json has no 3166-1")?;
    let mut english = Vec::new();
    for e in entries {
        let code = e.get("alpha_2").and_then(Value::as_str).unwrap_or_default();
        if !codes.codes.contains_key(code) {
            continue;
        }
        for field in ["name", "official_name", "common_name"] {
            if let Some(name) = e.get(field).and_then(Value::as_str) {
                sets.add(name, code, Rank::Primary);
                english.push((name.to_owned(), code.to_owned()));
            }
        }
    }
    Ok(english)
}

/// Adds the iso-codes translations of ISO 3166-1's `english` names at [`Rank::Translation`]. A
/// file that gives two countries the same translation has a copy error (the Slovak file gives
/// "Republic of the Gambia" as "Slovenská republika"): that translation is left out.
fn add_iso_translations(
    sets: &mut NameSets,
    iso: &Path,
    modern: &[String],
    english: &[(String, String)],
) -> Result<(), String> {
    for (_, t) in &iso_translations(iso, "iso3166-1", modern)? {
        let mut by_text: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (name, code) in english {
            if let Some(translated) = t.get(name) {
                let list = by_text.entry(translated.as_str()).or_default();
                if !list.contains(&code.as_str()) {
                    list.push(code);
                }
            }
        }
        for (translated, list) in by_text {
            if let [code] = list.as_slice() {
                sets.add(translated, code, Rank::Translation);
            }
        }
    }
    Ok(())
}

/// Adds the territory names of the languages CLDR covers at the moderate and basic levels at
/// [`Rank::Minor`], below every name above (a key of theirs that a modern language or ISO names
/// reads as that).
fn add_minor_names(sets: &mut NameSets, dir: &Path, codes: &Codes) -> Result<(), String> {
    for lang in minor_locales(dir)? {
        let json = read_json(&dir.join(format!("cldr-localenames-full/main/{lang}/territories.json")))?;
        let table = object(&json, &format!("/main/{lang}/localeDisplayNames/territories"), &lang)?;
        for (key, name) in table {
            let code = key.split("-alt-").next().unwrap_or_default();
            if let (true, Some(name)) = (codes.codes.contains_key(code), name.as_str()) {
                sets.add(name, code, Rank::Minor);
            }
        }
    }
    Ok(())
}

/// The English names of island countries without their last word (`Cayman` of `Cayman Islands`,
/// `Faroe`, `Solomon`): each added at [`Rank::Part`], below every other name, so a stem two
/// countries share (`Virgin`) asks.
fn add_island_stems(sets: &mut NameSets, english: &[(String, String)]) {
    for (name, code) in english {
        let Some(stem) = name.strip_suffix(" Islands") else { continue };
        for k in country_keys(stem, false) {
            if !sets.code_keys.contains(&k) {
                sets.names.add_ranked(k, code, Rank::Part);
            }
        }
    }
}

/// `STATE_WORDS` and `STATE_REQUIRED` ([`state_words`]).
fn write_state_words(out: &mut String, words: &StateWords) {
    write_pairs_owned(
        out,
        "STATE_WORDS",
        "Words an official name adds to its country's short name (iso-codes' ISO 3166-1 official names in English and their translations, CLDR's English long names beside their short ones), to `*` when three or more countries' names add it, else to those countries (separated by spaces)",
        &words.words,
    );
    write_pairs_owned(
        out,
        "STATE_REQUIRED",
        "Countries with an English official name (iso-codes), to the general state words of more than three letters it adds (sorted, separated by spaces): a name read without its state words must carry these (`Republic of China` lacks `people`)",
        &words.required,
    );
}

/// The names of retired states (ISO 3166-3, in English and its iso-codes translations) that
/// no code or current name takes, to their successors: a rename reads as its successor; a
/// split asks with every successor.
fn retired_names(
    iso: &Path,
    modern: &[String],
    retired: &[Retired],
    sets: &NameSets,
) -> Result<BTreeMap<String, String>, String> {
    let retired_translations = iso_translations(iso, "iso3166-3", modern)?;
    let names = &sets.names;
    let mut retired_names: BTreeMap<String, String> = BTreeMap::new();
    for r in retired {
        let list = r.successors.join(" ");
        for name in &r.names {
            let translated = retired_translations.iter().filter_map(|(_, t)| t.get(name));
            for n in std::iter::once(name).chain(translated) {
                for k in country_keys(n, true) {
                    if sets.code_keys.contains(&k) || names.names.contains_key(&k) || names.conflicts.contains_key(&k) {
                        continue;
                    }
                    retired_names.entry(k).or_insert_with(|| list.clone());
                }
            }
        }
    }
    Ok(retired_names)
}

/// The codes of retired states, to every successor. A retired code that names a country today
/// is that country's (GE was the Gilbert and Ellice Islands, and is Georgia; SK was Sikkim, and
/// is Slovakia), and is left out.
fn retired_codes(codes: &Codes, retired: &[Retired]) -> BTreeMap<String, Vec<String>> {
    let mut retired_codes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let current: BTreeSet<String> =
        codes.codes.iter().flat_map(|(a2, (a3, numeric))| [a2.clone(), a3.clone(), format!("{numeric:03}")]).collect();
    for r in retired {
        for c in r.codes.iter().filter(|c| !current.contains(*c)) {
            let entry = retired_codes.entry(c.clone()).or_default();
            for s in &r.successors {
                if !entry.contains(s) {
                    entry.push(s.clone());
                }
            }
        }
    }
    retired_codes
}

/// English names beside the one of messages, each naming one country: CLDR's `en` short and
/// variant names and ISO 3166's `english` names.
fn english_variants(
    dir: &Path,
    codes: &Codes,
    english: &[(String, String)],
) -> Result<BTreeMap<String, String>, String> {
    let en = read_json(&dir.join("cldr-localenames-full/main/en/territories.json"))?;
    let en = object(&en, "/main/en/localeDisplayNames/territories", "en")?;
    let alternates = en.iter().filter(|(k, _)| k.contains("-alt-")).filter_map(|(k, v)| {
        let code = k.split("-alt-").next()?;
        Some((v.as_str()?.to_owned(), code.to_owned()))
    });
    let mut variants: BTreeMap<String, String> = BTreeMap::new();
    let mut several: BTreeSet<String> = BTreeSet::new();
    for (name, code) in alternates.chain(english.iter().cloned()) {
        if !codes.codes.contains_key(&code) || codes.english.get(&code) == Some(&name) {
            continue;
        }
        if variants.insert(name.clone(), code.clone()).is_some_and(|other| other != code) {
            several.insert(name);
        }
    }
    variants.retain(|name, _| !several.contains(name));
    Ok(variants)
}

/// `data/countries.rs`: ISO 3166-1 codes, code aliases, the retired codes of ISO 3166-3 with
/// every successor, and country names in every modern CLDR language and in ISO 3166 (English
/// short, official and common names, and their iso-codes translations). A key two countries
/// share, in any source, asks. Sources: `cldr-core/supplemental/{codeMappings,aliases}.json`,
/// `cldr-localenames-full/main/{lang}/territories.json`, iso-codes `iso3166-1.json`,
/// `iso3166-3.json` and their `.mo` translations.
pub(super) fn countries(dir: &Path, iso: &Path, modern: &[String], path: &'static str) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-localenames-full")?;
    let iso_version = iso_version(iso)?;
    let mut codes = country_codes(dir)?;
    add_exceptional(&mut codes, iso)?;
    let retired = retired_states(iso, &codes)?;
    let code_keys = code_keys(&codes, &retired);
    let mut sets = NameSets::new(&code_keys);
    add_cldr_names(&mut sets, dir, modern, &codes)?;
    let english = add_iso_names(&mut sets, iso, &codes)?;
    add_iso_translations(&mut sets, iso, modern, &english)?;
    // The minor languages only where the full tables are made.
    if modern.len() > SMALL_NAME_LOCALES.len() {
        add_minor_names(&mut sets, dir, &codes)?;
    }
    sets.add_parts();
    add_island_stems(&mut sets, &english);
    let retired_names = retired_names(iso, modern, &retired, &sets)?;
    let retired_codes = retired_codes(&codes, &retired);
    let variants = english_variants(dir, &codes, &english)?;
    let mut out = String::new();
    write_preamble(&mut out, &version, &iso_version, modern.len());
    write_code_tables(&mut out, &codes, &retired_codes);
    write_name_tables(&mut out, &codes, &variants, &sets.names, &retired_names);
    write_spelling_tables(&mut out, sets);
    write_state_words(&mut out, &state_words(dir, iso, modern)?);
    Ok(Generated { path, text: out })
}

/// The header, the module doc, `CLDR_VERSION` and `ISO_CODES_VERSION`.
fn write_preamble(out: &mut String, version: &str, iso_version: &str, locales: usize) {
    header(out, &format!("cldr-localenames-full and cldr-core {version}, and iso-codes (pycountry)"), iso_version);
    let _ = writeln!(out, "//! ISO 3166-1 countries, their code aliases, the retired codes of ISO 3166-3 with every");
    let _ = writeln!(
        out,
        "//! successor, and country names in {locales} CLDR locales and in ISO 3166 with its translations."
    );
    let _ = writeln!(out, "//! Name keys are `agent_input::country::name_keys` of the names.");
    let _ = writeln!(out);
    version_const(out, version);
    let _ = writeln!(out, "/// The iso-codes data the ISO 3166 names come from (the pycountry wheel).");
    let _ = writeln!(out, "pub const ISO_CODES_VERSION: &str = \"{iso_version}\";");
    let _ = writeln!(out);
}

/// `COUNTRIES`, `CODE_ALIASES` (the aliases that are no retired code) and `RETIRED_CODES`.
fn write_code_tables(out: &mut String, codes: &Codes, retired_codes: &BTreeMap<String, Vec<String>>) {
    let _ = writeln!(
        out,
        "/// Countries: alpha-2, alpha-3 and numeric codes, sorted by alpha-2 ({} entries).",
        codes.codes.len()
    );
    let _ = writeln!(out, "pub static COUNTRIES: &[(&str, &str, u16)] = &[");
    for (code, (alpha3, numeric)) in &codes.codes {
        let _ = writeln!(out, "    ({code:?}, {alpha3:?}, {numeric}),");
    }
    let _ = writeln!(out, "];");
    write_pairs(
        out,
        "CODE_ALIASES",
        "Other codes of current countries (alpha-3, numeric, `UK`), to their alpha-2 codes",
        codes.aliases.iter().filter(|(k, _)| !retired_codes.contains_key(*k)).map(|(k, v)| (k.as_str(), v.as_str())),
    );
    let retired_pairs: Vec<(String, String)> = retired_codes.iter().map(|(k, v)| (k.clone(), v.join(" "))).collect();
    write_pairs_owned(
        out,
        "RETIRED_CODES",
        "Codes of states that no longer exist (ISO 3166-3: alpha-2, alpha-3, numeric), to every successor (a rename has one)",
        &retired_pairs,
    );
}

/// `ENGLISH_NAMES`, `ENGLISH_VARIANTS`, `NAMES` (packed, by index in `COUNTRIES`),
/// `RENAMED_NAMES` and `AMBIGUOUS_NAMES` (conflicting names and names of states that split).
fn write_name_tables(
    out: &mut String,
    codes: &Codes,
    variants: &BTreeMap<String, String>,
    names: &Names,
    retired_names: &BTreeMap<String, String>,
) {
    write_pairs(
        out,
        "ENGLISH_NAMES",
        "English names of the countries, by alpha-2, for messages",
        codes.english.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    );
    write_pairs(
        out,
        "ENGLISH_VARIANTS",
        "Other English names of the countries (CLDR's `en` short and variant names, ISO 3166's official and common names), to their alpha-2 codes, for the nearest-name hint of a misspelled name",
        variants.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    );
    let index: BTreeMap<&str, usize> = codes.codes.keys().enumerate().map(|(i, c)| (c.as_str(), i)).collect();
    let packed: Vec<(String, String)> =
        names.names.iter().map(|(k, c)| (k.clone(), index.get(c.as_str()).copied().unwrap_or(0).to_string())).collect();
    write_packed(out, "NAMES", "u8", "Country names by key, to the index of their country in `COUNTRIES`", &packed);
    write_pairs(
        out,
        "RENAMED_NAMES",
        "Names of renamed states (Zaire, Dahomey), to their one successor",
        retired_names.iter().filter(|(_, v)| !v.contains(' ')).map(|(k, v)| (k.as_str(), v.as_str())),
    );
    let mut ambiguous: Vec<(String, String)> = names.conflict_pairs();
    ambiguous.extend(retired_names.iter().filter(|(_, v)| v.contains(' ')).map(|(k, v)| (k.clone(), v.clone())));
    ambiguous.sort();
    write_pairs_owned(
        out,
        "AMBIGUOUS_NAMES",
        "Names that name two or more countries in some source, and names of states that split: a read asks",
        &ambiguous,
    );
}

/// A key whose country is not that of a spelling of it written with other letters than the
/// key's (`lusia`, Saint Lucia, of Tongan `Lūsia`, Russia): that spelling and its country.
fn folded_elsewhere(
    written_as: BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
    names: &Names,
) -> Vec<(String, String)> {
    let mut folded_elsewhere: Vec<(String, String)> = Vec::new();
    for (key, spellings) in written_as {
        let Some(winner) = names.names.get(&key) else { continue };
        let others: Vec<String> = spellings
            .iter()
            .filter(|(written, codes)| codes.len() == 1 && !codes.contains(winner) && **written != key)
            .map(|(written, codes)| format!("{written}={}", codes.iter().next().map_or("", String::as_str)))
            .collect();
        if !others.is_empty() {
            folded_elsewhere.push((key, others.join(";")));
        }
    }
    folded_elsewhere
}

/// `INITIALISM_NAMES`, `FOLDED_ELSEWHERE`, `ACCENTED_SHORT_NAMES` and `CODE_LIKE_NAMES`: the
/// spellings a key alone cannot tell apart.
fn write_spelling_tables(out: &mut String, sets: NameSets) {
    let initialisms: Vec<(String, String)> = sets.initialisms.into_iter().collect();
    write_pairs_owned(
        out,
        "INITIALISM_NAMES",
        "Names CLDR writes in capital letters, whole or in parentheses (`ABD`, `EUA`, `Congo (RDC)`), lower case, to their country: three capitals are read as a name only if CLDR writes the name so (`MON` is no `Mön`, Isle of Man)",
        &initialisms,
    );
    write_pairs_owned(
        out,
        "FOLDED_ELSEWHERE",
        "Name keys whose country is not that of some spelling of them written with other letters (`lusia`: Yoruba's Luṣia, Saint Lucia; Tongan's Lūsia, Russia), to those spellings (lower case, NFC) and their country (`lūsia=RU`, separated by `;`): such a spelling names both",
        &folded_elsewhere(sets.written_as, &sets.names),
    );
    let accented: Vec<(String, String)> = sets
        .accented
        .into_iter()
        .filter_map(|(k, v)| (v.len() == 1).then(|| (k, v.into_iter().collect::<String>())))
        .collect();
    write_pairs_owned(
        out,
        "ACCENTED_SHORT_NAMES",
        "Names written with letters beyond ASCII whose folded key is a code or empty (Vietnamese `áo`, Austria; `úc`, `bỉ`, `lào`), as written, lower case (NFC), to their country: read only as written, where no code can be meant",
        &accented,
    );
    let code_like: Vec<(String, String)> =
        sets.code_like.into_iter().map(|(k, v)| (k, v.into_iter().collect::<Vec<_>>().join(" "))).collect();
    write_pairs_owned(
        out,
        "CODE_LIKE_NAMES",
        "Names spelled like a code or code alias (lower case), to the countries they name (separated by spaces)",
        &code_like,
    );
}
