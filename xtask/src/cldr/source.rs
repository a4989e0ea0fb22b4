//! Reading the inputs: JSON files and package versions, CLDR's locale lists and coverage,
//! and the iso-codes translations and version.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

/// Reads a JSON file.
pub(super) fn read_json(path: &Path) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    serde_json::from_str(&text).map_err(|e| format!("cannot parse {}: {e}", path.display()))
}

/// The version of an installed npm package.
pub(super) fn package_version(dir: &Path, package: &str) -> Result<String, String> {
    let meta = read_json(&dir.join(package).join("package.json"))?;
    meta.get("version")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| format!("{package}/package.json has no version"))
}

/// Every locale CLDR covers at the modern level, without a region (`cs`, `sr-Latn`, `zh-Hant`):
/// the languages whose names, months, weekdays and yes/no words the readers know. Source:
/// `cldr-core/coverageLevels.json`.
pub(super) fn modern_locales(dir: &Path) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = coverage_levels(dir)?
        .into_iter()
        .filter(|(id, level)| {
            let parts: Vec<&str> = id.split('-').collect();
            let no_region = match parts.as_slice() {
                [_] => true,
                [_, script] => script.len() == 4,
                _ => false,
            };
            level == "modern" && no_region && id != "und"
        })
        .map(|(id, _)| id)
        .collect();
    out.sort();
    if out.len() < 100 {
        return Err(format!("only {} modern locales in coverageLevels.json", out.len()));
    }
    Ok(out)
}

/// The locales whose rule-based number spellings (cldr-rbnf) the number tables read: the
/// modern locales and every regional rule file of a modern language (`en-IN`'s `lakh` and
/// `crore`, `fr-BE`'s `septante`, `fr-CH`'s `huitante`, `pt-PT`'s `dezasseis`), sorted.
pub(super) fn rbnf_locales(dir: &Path, modern: &[String]) -> Result<Vec<String>, String> {
    let rbnf = dir.join("cldr-rbnf/rbnf");
    let entries = std::fs::read_dir(&rbnf).map_err(|e| format!("{}: {e}", rbnf.display()))?;
    let mut out: Vec<String> = modern.to_vec();
    for entry in entries {
        let name = entry.map_err(|e| format!("{}: {e}", rbnf.display()))?.file_name();
        let Some(id) = name.to_str().and_then(|n| n.strip_suffix(".json")) else { continue };
        let base = id.split('-').next().unwrap_or(id);
        if id.contains('-') && modern.iter().any(|m| m == base) && !out.iter().any(|m| m == id) {
            out.push(id.to_owned());
        }
    }
    out.sort();
    Ok(out)
}

/// The languages CLDR covers at the moderate or basic level, without a region (`mi`, `br`,
/// `xh`; `sr-Latn`-like script variants too), that have names.
pub(super) fn minor_locales(dir: &Path) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = coverage_levels(dir)?
        .into_iter()
        .filter(|(id, level)| {
            let parts: Vec<&str> = id.split('-').collect();
            let no_region = matches!(parts.as_slice(), [_] | [_, _]) && parts.get(1).is_none_or(|s| s.len() == 4);
            matches!(level.as_str(), "moderate" | "basic") && no_region
        })
        .map(|(id, _)| id)
        .filter(|id| has_names(dir, id))
        .collect();
    out.sort();
    Ok(out)
}

/// The locales CLDR covers at the modern level with a region (`fa-AF`, `de-CH`, `sr-Cyrl-ME`)
/// whose language (with its script) is one of `languages`, and that have names. Variants stay
/// out: CLDR 48's polytonic Greek names Laos `Λατινικὴ Ἀμερική`, Latin America.
pub(super) fn regional_locales(dir: &Path, languages: &[String]) -> Result<Vec<String>, String> {
    let language = |id: &str| -> String {
        let parts: Vec<&str> = id.split('-').collect();
        match parts.as_slice() {
            [l, s, ..] if s.len() == 4 => format!("{l}-{s}"),
            [l, ..] => (*l).to_owned(),
            [] => String::new(),
        }
    };
    let mut out: Vec<String> = coverage_levels(dir)?
        .into_iter()
        .filter(|(id, level)| level == "modern" && !languages.contains(id))
        .map(|(id, _)| id)
        .filter(|id| languages.contains(&language(id)))
        .filter(|id| {
            let region = id.rsplit('-').next().unwrap_or_default();
            region.len() == 2 && region.bytes().all(|b| b.is_ascii_uppercase())
                || region.len() == 3 && region.bytes().all(|b| b.is_ascii_digit())
        })
        .filter(|id| has_names(dir, id))
        .collect();
    out.sort();
    Ok(out)
}

/// Every locale's effective coverage level (`cldr-core/coverageLevels.json`): `(id, level)`.
fn coverage_levels(dir: &Path) -> Result<Vec<(String, String)>, String> {
    let json = read_json(&dir.join("cldr-core/coverageLevels.json"))?;
    let levels = object(&json, "/effectiveCoverageLevels", "coverageLevels")?;
    Ok(levels.iter().filter_map(|(id, level)| Some((id.clone(), level.as_str()?.to_owned()))).collect())
}

/// True when `cldr-localenames-full` has the locale's names.
fn has_names(dir: &Path, id: &str) -> bool {
    dir.join(format!("cldr-localenames-full/main/{id}/territories.json")).exists()
}

/// The locales whose month and weekday names the date reader knows: every locale CLDR covers
/// at the modern level, regional ones included (Austrian German writes `Jänner`, Levantine
/// Arabic `تشرين الثاني`, European Portuguese's weekdays are `segunda` to `sexta`, Bosnian and
/// Montenegrin Serbian write `ponedjeljak`); then, apart, the script variants of the modern
/// languages that CLDR covers at the basic level (Uzbek and Bosnian in Cyrillic), whose words
/// are only added where no modern locale uses them (Konkani in Latin letters writes `Mon` for
/// Tuesday).
pub(super) struct DateLocales {
    pub(super) modern: Vec<String>,
    pub(super) basic: Vec<String>,
    /// Every other locale of `cldr-dates-full`: wide month and weekday names only, where no
    /// locale above uses the word for any date meaning.
    pub(super) rest: Vec<String>,
}

pub(super) fn date_locales(dir: &Path, modern: &[String]) -> Result<DateLocales, String> {
    let levels = coverage_levels(dir)?;
    let languages: std::collections::BTreeSet<&str> = modern.iter().filter_map(|l| l.split('-').next()).collect();
    let at = |wanted: &str| -> Vec<String> {
        let mut out: Vec<String> = levels
            .iter()
            .filter(|(id, level)| {
                let parts: Vec<&str> = id.split('-').collect();
                let script_variant = parts.len() == 2 && parts.get(1).is_some_and(|s| s.len() == 4);
                level == wanted
                    && id.as_str() != "und"
                    && (wanted == "modern" || script_variant && parts.first().is_some_and(|l| languages.contains(l)))
            })
            .map(|(id, _)| id.clone())
            .filter(|id| dir.join(format!("cldr-dates-full/main/{id}/ca-gregorian.json")).exists())
            .collect();
        out.sort();
        out
    };
    let (modern, basic) = (at("modern"), at("basic"));
    let rest: Vec<String> = locale_dirs(&dir.join("cldr-dates-full/main"))?
        .into_iter()
        .filter(|id| !modern.contains(id) && !basic.contains(id))
        .collect();
    Ok(DateLocales { modern, basic, rest })
}

pub(super) fn object<'a>(
    json: &'a Value,
    pointer: &str,
    what: &str,
) -> Result<&'a serde_json::Map<String, Value>, String> {
    json.pointer(pointer).and_then(Value::as_object).ok_or_else(|| format!("{what}: no {pointer}"))
}

/// One iso-codes translation file: its locale folder, and English text to translated text.
pub(super) type Translation = (String, BTreeMap<String, String>);

/// The iso-codes translations of `domain` in every locale folder whose language is modern.
pub(super) fn iso_translations(iso: &Path, domain: &str, modern: &[String]) -> Result<Vec<Translation>, String> {
    let base: std::collections::BTreeSet<&str> =
        modern.iter().map(|l| l.split('-').next().unwrap_or_default()).collect();
    let dir = iso.join("locales");
    let mut locales: Vec<String> = std::fs::read_dir(&dir)
        .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
        .filter_map(|e| e.ok().and_then(|e| e.file_name().into_string().ok()))
        .filter(|l| base.contains(l.split(['_', '@']).next().unwrap_or_default()))
        .collect();
    locales.sort();
    let mut out = Vec::new();
    for locale in locales {
        let path = dir.join(&locale).join("LC_MESSAGES").join(format!("{domain}.mo"));
        if path.exists() {
            out.push((locale, crate::mo::read(&path)?));
        }
    }
    Ok(out)
}

/// The iso-codes version, from the pin in `tools/iso-codes/requirements.txt`.
pub(super) fn iso_version(iso: &Path) -> Result<String, String> {
    let pins = std::fs::read_to_string(iso.join("../requirements.txt")).map_err(|e| format!("iso-codes pin: {e}"))?;
    pins.lines()
        .find_map(|l| l.strip_prefix("pycountry==").and_then(|v| v.split_whitespace().next()))
        .map(str::to_owned)
        .ok_or_else(|| "tools/iso-codes/requirements.txt pins no pycountry".to_owned())
}

/// A file of CLDR's JSON, or `None` when CLDR has none for the locale it names.
pub(super) fn optional_json(path: &Path) -> Result<Option<Value>, String> {
    if path.exists() {
        read_json(path).map(Some)
    } else {
        Ok(None)
    }
}

/// The locales of a CLDR package's `main` folder, sorted, without `root` and `und`.
pub(super) fn locale_dirs(main: &Path) -> Result<Vec<String>, String> {
    let mut out: Vec<String> = std::fs::read_dir(main)
        .map_err(|e| format!("{}: {e}", main.display()))?
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|id| id != "und" && id != "root")
        .collect();
    out.sort();
    Ok(out)
}
