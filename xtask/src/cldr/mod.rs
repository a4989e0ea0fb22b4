//! `cargo xtask cldr`: generates the tables of `agent-input/src/data/`.
//!
//! Reads:
//! - the CLDR JSON npm packages pinned in `tools/cldr` (`npm ci --prefix tools/cldr`, into
//!   `tools/cldr/node_modules`): `cldr-core`, `cldr-localenames-full`, `cldr-dates-full`,
//!   `cldr-numbers-full`, `cldr-units-full`, `cldr-misc-full`, `cldr-rbnf`, `cldr-bcp47`, and
//!   the IANA Language Subtag Registry (`language-subtag-registry`), and `to-words` (MIT: the
//!   number words of the languages cldr-rbnf does not spell, `towords`);
//! - the iso-codes data pinned in `tools/iso-codes/requirements.txt` (`tools/iso-codes/fetch`,
//!   into `tools/iso-codes/pycountry`): ISO 3166-1, ISO 3166-3 and ISO 639-3 names and their
//!   `.mo` translations;
//! - the `deunicode` crate's transliteration table (a build dependency of xtask), for the Latin
//!   table;
//! - the core crate's own folding and keys (`agent_input::fold`, `fold_name`, `word_key`,
//!   `country::name_keys`), so data and readers key words alike.
//!
//! Writes, under `agent-input/src/data/`: `digits.rs`, `dates.rs`, `latin.rs`, `countries.rs`,
//! `languages.rs`, `language_codes.rs`, `small/countries.rs`, `small/languages.rs` (the
//! `small-names` feature's names), `booleans.rs`, `scales.rs`, `lists.rs` and
//! `locale_syntax.rs`. One module here per table family; `source` reads the inputs, `write`
//! writes Rust.
//!
//! Deterministic: every table is sorted through a `BTreeMap`, duplicates are rejected, and the
//! CLDR version is read from the package metadata and written into each file's header.

use std::path::{Path, PathBuf};

mod booleans;
mod countries;
mod dates;
mod digits;
mod folds;
mod holidays;
mod languages;
mod latin;
mod lists;
mod locale_syntax;
mod names;
mod numbers;
mod pattern;
mod scales;
mod source;
mod spelled;
mod state_words;
mod towords;
mod words;
mod write;

/// Where `tools/iso-codes/fetch` puts the iso-codes data, relative to the workspace root.
pub const ISO_CODES: &str = "tools/iso-codes/pycountry";

/// One generated file: its path relative to the workspace root and its full text.
pub struct Generated {
    /// Path relative to the workspace root.
    pub path: &'static str,
    /// The file's text.
    pub text: String,
}

/// Generates every table from the packages in `dir` (a `node_modules` folder) and the
/// iso-codes data in `iso` (`tools/iso-codes/pycountry`).
pub fn generate(dir: &Path, iso: &Path) -> Result<Vec<Generated>, String> {
    // The first run records what each table word means; the second keys every table with the
    // folds two different meanings share (`folds`).
    folds::placeholders();
    tables(dir, iso)?;
    let conflicts = folds::settle();
    let mut files = tables(dir, iso)?;
    files.push(folds::folds(&conflicts, &source::package_version(dir, "cldr-dates-full")?));
    Ok(files)
}

fn tables(dir: &Path, iso: &Path) -> Result<Vec<Generated>, String> {
    let modern = source::modern_locales(dir)?;
    let small: Vec<String> = SMALL_NAME_LOCALES.iter().map(|l| (*l).to_owned()).collect();
    Ok(vec![
        digits::digits(dir)?,
        dates::dates(dir, &source::date_locales(dir, &modern)?)?,
        latin::latin(),
        countries::countries(dir, iso, &modern, "agent-input/src/data/countries.rs")?,
        languages::languages(dir, iso, &modern, "agent-input/src/data/languages.rs")?,
        // The codes, aliases and likely subtags: the same for both name sets, written once.
        languages::language_codes(dir)?,
        // The `small-names` feature (browsers): names in SMALL_NAME_LOCALES only.
        countries::countries(dir, iso, &small, "agent-input/src/data/small/countries.rs")?,
        languages::languages(dir, iso, &small, "agent-input/src/data/small/languages.rs")?,
        booleans::booleans(dir, &modern)?,
        scales::scales(dir, &modern)?,
        lists::lists(dir)?,
        locale_syntax::locale_syntax(dir)?,
    ])
}

/// The locales whose country and language names the `small-names` feature keeps.
pub const SMALL_NAME_LOCALES: &[&str] = &["en", "cs", "sk", "de", "fr", "es", "it", "pl", "pt", "nl"];

/// Writes every generated file under `root`, returning the paths written.
pub fn write_all(dir: &Path, root: &Path) -> Result<Vec<PathBuf>, String> {
    let mut written = Vec::new();
    for file in generate(dir, &root.join(ISO_CODES))? {
        let path = root.join(file.path);
        std::fs::write(&path, file.text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}
