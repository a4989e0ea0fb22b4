//! `data/languages.rs`, `data/small/languages.rs` (the names, per set of name languages) and
//! `data/language_codes.rs` (aliases, likely subtags, scripts and known languages: written once,
//! for both sets).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::countries::country_codes;
use super::locale_syntax::is_plain_tag;
use super::names::{Names, Rank};
use super::source::{locale_dirs, minor_locales, object, package_version, read_json, regional_locales};
use super::write::{header, version_const, write_packed, write_pairs_owned, Pairs};
use super::{Generated, SMALL_NAME_LOCALES};

/// ISO 639's English names of the languages CLDR names, below every CLDR name: the IANA
/// registry's descriptions (`Modern Greek (1453-)`, `Fulah`, `Limburgan`, `Chichewa`; a
/// deprecated subtag's names go to its preferred value) and iso-codes' inverted names
/// (`Greek, Modern (1453-)`, `Frisian, Western`).
fn iso_language_names(
    registry: &Value,
    iso: &Path,
    known: &std::collections::BTreeSet<String>,
    names: &mut Names,
) -> Result<(), String> {
    let mut add = |name: &str, tag: &str| {
        let key = agent_input::fold_name(name);
        if known.contains(tag) && (key.chars().count() >= 3 || !key.is_ascii()) {
            names.add_ranked(key, tag, Rank::Translation);
        }
    };
    for r in registry.as_array().into_iter().flatten() {
        let (Some("language"), Some(subtag)) =
            (r.get("Type").and_then(Value::as_str), r.get("Subtag").and_then(Value::as_str))
        else {
            continue;
        };
        let tag = r.get("Preferred-Value").and_then(Value::as_str).unwrap_or(subtag);
        for d in r.get("Description").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str) {
            add(d, tag);
        }
    }
    let iso639 = read_json(&iso.join("databases/iso639-3.json"))?;
    let entries = iso639.get("639-3").and_then(Value::as_array).ok_or("iso639-3.json has no 639-3")?;
    for e in entries {
        let Some(tag) = e.get("alpha_2").or_else(|| e.get("alpha_3")).and_then(Value::as_str) else { continue };
        for field in ["name", "inverted_name"] {
            if let Some(name) = e.get(field).and_then(Value::as_str) {
                add(name, tag);
            }
        }
    }
    Ok(())
}

/// The language names of one locale (`cldr-localenames-full/main/{lang}/languages.json`), as
/// `(tag, name)`; `keep` says which tags to take.
fn language_names(dir: &Path, lang: &str, keep: impl Fn(&str) -> bool) -> Result<Vec<(String, String)>, String> {
    let json = read_json(&dir.join(format!("cldr-localenames-full/main/{lang}/languages.json")))?;
    let table = object(&json, &format!("/main/{lang}/localeDisplayNames/languages"), lang)?;
    let mut out = Vec::new();
    for (key, name) in table {
        let tag = key.split("-alt-").next().unwrap_or_default();
        // "ku-menu-core" and the like are menu labels, not tags.
        if is_plain_tag(tag) && keep(tag) {
            out.push((tag.to_owned(), name.as_str().unwrap_or_default().to_owned()));
        }
    }
    Ok(out)
}

/// A table of strings to strings, sorted by key.
type Table = BTreeMap<String, String>;

/// The tables of `data/language_codes.rs`, which do not depend on the name languages.
struct LanguageCodes {
    /// Deprecated, overlong and legacy language tags (lower case), to their replacements.
    language_aliases: BTreeMap<String, String>,
    /// Region aliases (upper case), to their replacements.
    region_aliases: BTreeMap<String, String>,
    /// The likely region of each language.
    likely_regions: BTreeMap<String, String>,
    /// The likely language of each country.
    likely_languages: BTreeMap<String, String>,
    /// Suppress-Script of the IANA registry, by language subtag.
    suppress: Pairs,
    /// ISO 15924 script codes of the IANA registry.
    scripts: Vec<String>,
    /// The language subtags CLDR knows.
    known: std::collections::BTreeSet<String>,
}

/// CLDR's language aliases (`cldr-core/supplemental/aliases.json`), keyed in lower case.
fn language_aliases(dir: &Path) -> Result<BTreeMap<String, String>, String> {
    let aliases = read_json(&dir.join("cldr-core/supplemental/aliases.json"))?;
    let mut out = BTreeMap::new();
    for (key, v) in object(&aliases, "/supplemental/metadata/alias/languageAlias", "aliases")? {
        if let Some(r) = v.get("_replacement").and_then(Value::as_str) {
            out.insert(key.to_ascii_lowercase(), r.to_owned());
        }
    }
    Ok(out)
}

/// CLDR's region aliases (`cldr-core/supplemental/aliases.json`), keyed in upper case.
fn region_aliases(dir: &Path) -> Result<BTreeMap<String, String>, String> {
    let aliases = read_json(&dir.join("cldr-core/supplemental/aliases.json"))?;
    let mut out = BTreeMap::new();
    for (key, v) in object(&aliases, "/supplemental/metadata/alias/territoryAlias", "aliases")? {
        if let Some(r) = v.get("_replacement").and_then(Value::as_str) {
            out.insert(key.to_ascii_uppercase(), r.to_owned());
        }
    }
    Ok(out)
}

/// From `cldr-core/supplemental/likelySubtags.json`: the likely region of each language, the
/// likely language of each country, and the languages the file knows (added to `known`).
fn likely_subtags(dir: &Path, known: &mut std::collections::BTreeSet<String>) -> Result<(Table, Table), String> {
    let likely = read_json(&dir.join("cldr-core/supplemental/likelySubtags.json"))?;
    let mut likely_regions: BTreeMap<String, String> = BTreeMap::new();
    // The likely language of each country (`und-CZ`: `cs-Latn-CZ`; `und`, `en-Latn-US`, for
    // the United States), and the likely region of each language.
    let mut likely_languages: BTreeMap<String, String> = BTreeMap::new();
    for (key, v) in object(&likely, "/supplemental/likelySubtags", "likelySubtags")? {
        let parts: Vec<&str> = v.as_str().unwrap_or_default().split('-').collect();
        let (language, region) =
            (parts.first().copied().unwrap_or_default(), parts.last().copied().unwrap_or_default());
        let country = key.strip_prefix("und-").unwrap_or(if key == "und" { region } else { "" });
        if country.len() == 2 && country.bytes().all(|b| b.is_ascii_uppercase()) && region == country {
            likely_languages.entry(country.to_owned()).or_insert_with(|| language.to_owned());
        }
        if key.contains('-') || key == "und" {
            continue;
        }
        known.insert(key.clone());
        if let [_, _, region] = parts.as_slice() {
            likely_regions.insert(key.clone(), (*region).to_owned());
        }
    }
    // A country CLDR leaves out (`und-GB`) takes the language of `und` (`en-Latn-US`) with its
    // own region, as CLDR's likely-subtags algorithm does: the entries it would derive.
    let und_language = likely
        .pointer("/supplemental/likelySubtags/und")
        .and_then(Value::as_str)
        .and_then(|v| v.split('-').next())
        .ok_or("likelySubtags has no und")?
        .to_owned();
    for country in country_codes(dir)?.codes.keys() {
        likely_languages.entry(country.clone()).or_insert_with(|| und_language.clone());
    }
    Ok((likely_regions, likely_languages))
}

/// The IANA Language Subtag Registry (the `language-subtag-registry` package, CC0).
fn subtag_registry(dir: &Path) -> Result<Value, String> {
    read_json(&dir.join("language-subtag-registry/data/json/registry.json"))
}

/// From the IANA registry: Suppress-Script (the script a language is written in unless a tag
/// says otherwise), by language subtag, and the four-letter script codes.
fn registry_scripts(registry: &Value) -> Result<(Pairs, Vec<String>), String> {
    let suppress: Pairs = registry
        .as_array()
        .ok_or("registry.json is not an array")?
        .iter()
        .filter(|r| r.get("Type").and_then(Value::as_str) == Some("language"))
        .filter_map(|r| {
            let subtag = r.get("Subtag").and_then(Value::as_str)?;
            let script = r.get("Suppress-Script").and_then(Value::as_str)?;
            Some((subtag.to_owned(), script.to_owned()))
        })
        .collect::<BTreeMap<_, _>>()
        .into_iter()
        .collect();
    let scripts: Vec<String> = registry
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r.get("Type").and_then(Value::as_str) == Some("script"))
        .filter_map(|r| r.get("Subtag").and_then(Value::as_str))
        .filter(|s| s.len() == 4)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .map(str::to_owned)
        .collect();
    if suppress.len() < 100 {
        return Err(format!("only {} Suppress-Script entries in the IANA registry", suppress.len()));
    }
    Ok((suppress, scripts))
}

/// BCP 47's extended language subtags (RFC 5646 section 2.2.2: `zh-cmn`, `zh-yue`, `sgn-ase`,
/// `ar-arb`) as whole-prefix aliases into `aliases`: the language and its extlang, to the
/// extlang's Preferred-Value (the IANA registry's extlang records), itself replaced by CLDR's
/// alias where it has one (`cmn` is `zh`). A prefix CLDR already aliases is left as it is.
fn extlang_aliases(registry: &Value, aliases: &mut BTreeMap<String, String>) -> Result<(), String> {
    let mut added = 0;
    for r in registry.as_array().into_iter().flatten() {
        if r.get("Type").and_then(Value::as_str) != Some("extlang") {
            continue;
        }
        let (Some(subtag), Some(preferred)) =
            (r.get("Subtag").and_then(Value::as_str), r.get("Preferred-Value").and_then(Value::as_str))
        else {
            continue;
        };
        let prefixes = r.get("Prefix").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str);
        let target = aliases.get(preferred).cloned().unwrap_or_else(|| preferred.to_owned());
        for prefix in prefixes {
            let key = format!("{}-{}", prefix.to_ascii_lowercase(), subtag.to_ascii_lowercase());
            if let std::collections::btree_map::Entry::Vacant(e) = aliases.entry(key) {
                e.insert(target.clone());
                added += 1;
            }
        }
    }
    if added < 100 {
        return Err(format!("only {added} extended language subtags in the IANA registry"));
    }
    Ok(())
}

impl LanguageCodes {
    /// Reads every table. The known languages: the subtags English names, and the languages of
    /// the likely subtags.
    fn read(dir: &Path) -> Result<Self, String> {
        let mut known: std::collections::BTreeSet<String> =
            language_names(dir, "en", |_| true)?.into_iter().map(|(tag, _)| tag).filter(|t| !t.contains('-')).collect();
        let (likely_regions, likely_languages) = likely_subtags(dir, &mut known)?;
        let registry = subtag_registry(dir)?;
        let (suppress, scripts) = registry_scripts(&registry)?;
        let mut aliases = language_aliases(dir)?;
        extlang_aliases(&registry, &mut aliases)?;
        Ok(Self {
            language_aliases: aliases,
            region_aliases: region_aliases(dir)?,
            likely_regions,
            likely_languages,
            suppress,
            scripts,
            known,
        })
    }
}

/// Writes a table of strings: its doc line with the count, then one string a line.
fn write_str_list(out: &mut String, name: &str, doc: &str, items: &[&str]) {
    let _ = writeln!(out);
    let _ = writeln!(out, "/// {doc}, sorted ({} entries).", items.len());
    let _ = writeln!(out, "pub static {name}: &[&str] = &[");
    for s in items {
        let _ = writeln!(out, "    {s:?},");
    }
    let _ = writeln!(out, "];");
}

/// `data/language_codes.rs`, one file for every build (the `small-names` feature changes only
/// the names): language and region aliases, likely regions and languages, the scripts a
/// language suppresses (IANA), the known scripts and the known language subtags. Sources:
/// `cldr-core/supplemental/{aliases,likelySubtags,codeMappings}.json`,
/// `cldr-localenames-full/main/en/{languages,territories}.json`,
/// `language-subtag-registry/data/json/registry.json`.
pub(super) fn language_codes(dir: &Path) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-localenames-full")?;
    let codes = LanguageCodes::read(dir)?;
    let mut out = String::new();
    header(&mut out, "cldr-localenames-full and cldr-core", &version);
    let _ = writeln!(
        out,
        "//! Language and region aliases, likely regions and languages, suppressed and known scripts, and known languages."
    );
    let _ = writeln!(out);
    version_const(&mut out, &version);
    let pairs = |table: &BTreeMap<String, String>| table.iter().map(|(k, v)| (k.clone(), v.clone())).collect::<Pairs>();
    for (name, doc, table) in [
        ("LANGUAGE_ALIASES", "Deprecated, overlong, bibliographic and legacy language tags, to their replacements", pairs(&codes.language_aliases)),
        ("REGION_ALIASES", "Region aliases (alpha-3, numeric, former codes), to replacements (several separated by spaces)", pairs(&codes.region_aliases)),
        ("LIKELY_REGIONS", "The likely region of each language", pairs(&codes.likely_regions)),
        ("LIKELY_LANGUAGES", "The likely language of each country (by its alpha-2 code)", pairs(&codes.likely_languages)),
        ("SUPPRESSED_SCRIPTS", "Suppress-Script of the IANA Language Subtag Registry: the script a language is written in unless a tag says otherwise", codes.suppress.clone()),
    ] {
        write_pairs_owned(&mut out, name, doc, &table);
    }
    let scripts: Vec<&str> = codes.scripts.iter().map(String::as_str).collect();
    write_str_list(&mut out, "KNOWN_SCRIPTS", "ISO 15924 script codes (the IANA registry's scripts)", &scripts);
    let known: Vec<&str> = codes.known.iter().map(String::as_str).collect();
    super::write::write_words(&mut out, "KNOWN_LANGUAGES", "Language subtags CLDR knows, sorted", &known);
    Ok(Generated { path: "agent-input/src/data/language_codes.rs", text: out })
}

/// The names English and Czech give every language, the names every locale of `modern` (and
/// its regional locales) gives the modern languages, the names of the languages below the
/// modern level (full tables only), and each language's own name.
fn cldr_language_names(dir: &Path, modern: &[String]) -> Result<Names, String> {
    let bases: std::collections::BTreeSet<&str> =
        modern.iter().map(|l| l.split('-').next().unwrap_or_default()).collect();
    let keep = |tag: &str| bases.contains(tag.split('-').next().unwrap_or_default());
    let mut names = Names::default();
    let add = |names: &mut Names, name: &str, tag: &str, rank: Rank| {
        let key = agent_input::fold_name(name);
        if key.chars().count() >= 3 || !key.is_ascii() {
            names.add_ranked(key, tag, rank);
        }
    };
    for lang in ["en", "cs"] {
        for (tag, name) in language_names(dir, lang, |_| true)? {
            add(&mut names, &name, &tag, Rank::Primary);
        }
    }
    // The regional locales' names too (`美國英文` of Hong Kong, `inglês americano` of Angola).
    for lang in modern.iter().chain(&regional_locales(dir, modern)?) {
        for (tag, name) in language_names(dir, lang, keep)? {
            add(&mut names, &name, &tag, Rank::Primary);
        }
    }
    // The languages CLDR covers below the modern level name them too, below every name above.
    if modern.len() > SMALL_NAME_LOCALES.len() {
        for lang in minor_locales(dir)? {
            if dir.join(format!("cldr-localenames-full/main/{lang}/languages.json")).exists() {
                for (tag, name) in language_names(dir, &lang, keep)? {
                    add(&mut names, &name, &tag, Rank::Minor);
                }
            }
        }
    }
    // Autonyms: each locale's name for its own language.
    let main = dir.join("cldr-localenames-full/main");
    for lang in locale_dirs(&main)?.iter().filter(|l| !l.contains('-')) {
        if main.join(lang).join("languages.json").exists() {
            for (_, name) in language_names(dir, lang, |tag| tag == lang)? {
                add(&mut names, &name, lang, Rank::Primary);
            }
        }
    }
    Ok(names)
}

/// Replaces every tag of `names` by its canonical tag: an aliased tag (`tw` and `fat`, Twi and
/// Fanti, are `ak`; `sh` is `sr-Latn`) is replaced as the tag itself would be, and a key whose
/// tags all become one reads as that one.
fn canonical_tags(names: &mut Names, language_aliases: &BTreeMap<String, String>) {
    let canonical =
        |tag: &String| language_aliases.get(&tag.to_ascii_lowercase()).cloned().unwrap_or_else(|| tag.clone());
    for tag in names.names.values_mut() {
        *tag = canonical(tag);
    }
    let mut settled = Vec::new();
    for (key, tags) in &mut names.conflicts {
        let mut replaced: Vec<String> = tags.iter().map(canonical).collect();
        replaced.sort();
        replaced.dedup();
        if let [one] = replaced.as_slice() {
            settled.push((key.clone(), one.clone()));
        }
        *tags = replaced;
    }
    for (key, tag) in settled {
        names.conflicts.remove(&key);
        names.names.insert(key, tag);
    }
}

/// `data/languages.rs` (and `data/small/languages.rs`): the language names of `modern`, every
/// name English and Czech give, the names every modern CLDR locale gives the modern languages,
/// and each language's own name, then ISO 639's; a name two languages share asks; and the
/// names of scripts and groups of countries a display name's qualifier writes. Sources:
/// `cldr-localenames-full/main/{lang}/languages.json`, `cldr-core/supplemental/aliases.json`,
/// `language-subtag-registry/data/json/registry.json`, iso-codes `iso639-3.json`.
pub(super) fn languages(dir: &Path, iso: &Path, modern: &[String], path: &'static str) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-localenames-full")?;
    let mut names = cldr_language_names(dir, modern)?;
    canonical_tags(&mut names, &language_aliases(dir)?);
    // Only the languages CLDR names: the tables stay the size of CLDR's list.
    let named: std::collections::BTreeSet<String> =
        names.names.values().chain(names.conflicts.values().flatten()).cloned().collect();
    iso_language_names(&subtag_registry(dir)?, iso, &named, &mut names)?;
    let tags: Vec<&str> =
        names.names.values().map(String::as_str).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    let tag_index: BTreeMap<&str, usize> = tags.iter().enumerate().map(|(i, t)| (*t, i)).collect();
    let packed: Pairs = names
        .names
        .iter()
        .map(|(k, t)| (k.clone(), tag_index.get(t.as_str()).copied().unwrap_or(0).to_string()))
        .collect();
    let ambiguous: Pairs = names.conflict_pairs();
    let mut out = String::new();
    header(&mut out, "cldr-localenames-full and cldr-core", &version);
    let _ = writeln!(
        out,
        "//! Language names, and the names of scripts and groups of countries; the codes are in `language_codes.rs`."
    );
    let _ = writeln!(out);
    version_const(&mut out, &version);
    write_str_list(&mut out, "TAGS", "The tags language names read as", &tags);
    write_packed(
        &mut out,
        "LANGUAGE_NAMES",
        "u16",
        "Language names (English and Czech, the modern languages in every modern locale, and autonyms) by `fold_name` key, to their index in `TAGS`",
        &packed,
    );
    write_pairs_owned(
        &mut out,
        "AMBIGUOUS_LANGUAGE_NAMES",
        "Names that name two or more languages (tags separated by spaces)",
        &ambiguous,
    );
    write_qualifier_names(&mut out, dir, modern)?;
    Ok(Generated { path, text: out })
}

/// `SCRIPT_NAMES` and `REGION_GROUP_NAMES` of [`qualifier_names`].
fn write_qualifier_names(out: &mut String, dir: &Path, modern: &[String]) -> Result<(), String> {
    let (script_names, group_names) = qualifier_names(dir, modern)?;
    write_pairs_owned(
        out,
        "SCRIPT_NAMES",
        "Script names as a display name's qualifier writes them (`Chinese (Simplified)`, `Serbian (Latin)`), of the same locales, by `fold_name` key, to the script code; a name of two scripts is left out",
        &script_names,
    );
    write_pairs_owned(
        out,
        "REGION_GROUP_NAMES",
        "Names of the UN M.49 groups of countries (`Latin America`, `world`, `Europe`), of the same locales, by `fold_name` key, to their three-digit region code; a name of two groups is left out",
        &group_names,
    );
    Ok(())
}

/// The names of the scripts and UN M.49 groups of countries that CLDR's locales use as
/// subtags (`zh-Hans`, `sr-Latn`, `es-419`, `en-001`: `cldr-core/availableLocales.json`), in
/// `locales` (`cldr-localenames-full/main/{lang}/scripts.json` with the stand-alone, short and
/// variant forms, and `territories.json`), each by [`agent_input::fold_name`] key, sorted; a
/// key that names two scripts or two groups, or that is shorter than three letters, is left
/// out.
fn qualifier_names(dir: &Path, locales: &[String]) -> Result<(Pairs, Pairs), String> {
    let available = read_json(&dir.join("cldr-core/availableLocales.json"))?;
    let used: std::collections::BTreeSet<&str> = available
        .pointer("/availableLocales/full")
        .and_then(Value::as_array)
        .ok_or("availableLocales.json has no full list")?
        .iter()
        .filter_map(Value::as_str)
        .flat_map(|l| l.split('-').skip(1))
        .collect();
    let mut scripts: BTreeMap<String, std::collections::BTreeSet<String>> = BTreeMap::new();
    let mut groups: BTreeMap<String, std::collections::BTreeSet<String>> = BTreeMap::new();
    for lang in locales.iter().chain(&regional_locales(dir, locales)?) {
        for (file, field, table) in [("scripts", "scripts", &mut scripts), ("territories", "territories", &mut groups)]
        {
            let json = read_json(&dir.join(format!("cldr-localenames-full/main/{lang}/{file}.json")))?;
            for (key, name) in object(&json, &format!("/main/{lang}/localeDisplayNames/{field}"), file)? {
                let code = key.split("-alt-").next().unwrap_or_default();
                let wanted = used.contains(code) && if field == "scripts" { code.len() == 4 } else { code.len() == 3 };
                let Some(name) = name.as_str().filter(|_| wanted) else { continue };
                let folded = agent_input::fold_name(name);
                if folded.chars().count() >= 3 || !folded.is_ascii() {
                    table.entry(folded).or_default().insert(code.to_owned());
                }
            }
        }
    }
    let one = |table: BTreeMap<String, std::collections::BTreeSet<String>>| -> Pairs {
        table
            .into_iter()
            .filter_map(|(k, codes)| match codes.into_iter().collect::<Vec<_>>().as_slice() {
                [code] => Some((k, code.clone())),
                _ => None,
            })
            .collect()
    };
    let (scripts, groups) = (one(scripts), one(groups));
    let has = |t: &Pairs, k: &str, v: &str| t.iter().any(|(a, b)| a == k && b == v);
    if !has(&scripts, "simplified", "Hans") || !has(&groups, "latin america", "419") {
        return Err("scripts.json or territories.json: `Simplified` or `Latin America` is missing".into());
    }
    Ok((scripts, groups))
}
