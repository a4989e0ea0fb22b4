//! The country kind: ISO 3166-1 alpha-2 out, from codes and names in sixty languages.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `"CZ"` | `"CZ"` | none |
//! | `"cz"`, `" Cz "` | `"CZ"` | `country_code_normalized` |
//! | `"CZE"`, `"203"`, JSON `203`, `"UK"` (a former or alias code) | `"CZ"`, `"GB"` | `country_code_replaced` |
//! | `"Czechia"`, `"Czech Republic"`, `"Česko"`, `"Ceska republika"`, `"Tschechien"`, `"République tchèque"`, `"Чехия"` | `"CZ"` | `country_name_read` |
//! | `"Swaziland"`, `"Burma"`, `"Ivory Coast"`, `"Holland"`, `"Great Britain"`, `"Persia"` (former and colloquial names) | their country | `country_name_read` |
//!
//! Spellings that ask: names that carry two or more countries (`"Congo"`, `"Korea"`,
//! `"Virgin Islands"`, `"Czechoslovakia"`, and every name two languages give to different
//! countries, found by the generator) with every reading; codes of states that split (`"SU"`,
//! `"YU"`); and unknown values (`unknown_country`), with the nearest English names in the hint.
//!
//! Names come from CLDR (`data::countries`, generated). The former and colloquial names CLDR
//! does not carry are the short lists [`COLLOQUIAL`] and [`AMBIGUOUS`] below.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::codes::{AskCode, NoteCode};
use crate::data::countries::{AMBIGUOUS_NAMES, CODE_ALIASES, COUNTRIES, ENGLISH_NAMES, NAMES};
use crate::data::Index;
use crate::error::Error;
use crate::input::{quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{self, Door};
use crate::outcome::{Ask, Note, Outcome};
use crate::spelling::{self, suggest, suggest::Rule};

/// An ISO 3166-1 alpha-2 country code, upper case, of a country CLDR lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CountryCode([u8; 2]);

impl CountryCode {
    /// The code of a country, strictly: two upper-case letters of a listed country.
    ///
    /// ```
    /// use agent_input::country::CountryCode;
    /// for valid in ["CZ", "DE", "NA", "GB"] {
    ///     assert!(CountryCode::new(valid).is_some(), "{valid}");
    /// }
    /// for invalid in ["cz", "CZE", "UK", "EU", "XK", "ZZ", "C", "", "203"] {
    ///     assert!(CountryCode::new(invalid).is_none(), "{invalid}");
    /// }
    /// ```
    pub fn new(code: &str) -> Option<Self> {
        let b = code.as_bytes();
        match b {
            [x, y] if COUNTRIES.binary_search_by(|(c, _, _)| c.as_bytes().cmp(b)).is_ok() => Some(Self([*x, *y])),
            _ => None,
        }
    }

    /// The code as text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.0).unwrap_or("??")
    }

    /// The English name (CLDR).
    pub fn english_name(&self) -> &'static str {
        english(self.as_str())
    }
}

impl fmt::Display for CountryCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for CountryCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for CountryCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Self::new(&s)
            .ok_or_else(|| serde::de::Error::custom(format!("`{s}` is not an ISO 3166-1 alpha-2 country code")))
    }
}

/// Options of the country kind (none yet; unknown options are rejected).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CountryOptions {}

/// Former and colloquial names CLDR does not carry, each naming one country.
pub const COLLOQUIAL: &[(&str, &str)] = &[
    ("holland", "NL"),
    ("the netherlands", "NL"),
    ("great britain", "GB"),
    ("britain", "GB"),
    ("england", "GB"),
    ("scotland", "GB"),
    ("wales", "GB"),
    ("northern ireland", "GB"),
    ("persia", "IR"),
    ("siam", "TH"),
    ("ceylon", "LK"),
    ("zaire", "CD"),
    ("u s", "US"),
    ("u s a", "US"),
    ("united states of america", "US"),
    ("america", "US"),
    ("czech", "CZ"),
];

/// Names that carry two or more countries, which CLDR data alone does not reveal.
pub const AMBIGUOUS: &[(&str, &str)] = &[
    ("congo", "CD CG"),
    ("korea", "KP KR"),
    ("virgin islands", "VG VI"),
    ("czechoslovakia", "CZ SK"),
    ("yugoslavia", "BA HR ME MK RS SI"),
    ("soviet union", "AM AZ BY EE GE KG KZ LT LV MD RU TJ TM UA UZ"),
    ("ussr", "AM AZ BY EE GE KG KZ LT LV MD RU TJ TM UA UZ"),
    ("guinea", "GN GQ GW PG"),
];

static NAME_INDEX: Index<&str> = Index::new(NAMES);
static ALIAS_INDEX: Index<&str> = Index::new(CODE_ALIASES);
static GENERATED_AMBIGUOUS: Index<&str> = Index::new(AMBIGUOUS_NAMES);

fn english(code: &str) -> &'static str {
    ENGLISH_NAMES
        .binary_search_by(|(c, _)| (*c).cmp(code))
        .ok()
        .and_then(|i| ENGLISH_NAMES.get(i))
        .map_or("", |(_, n)| n)
}

/// What a spelling names.
enum Found {
    Code(CountryCode, Option<NoteCode>),
    Several(Vec<CountryCode>),
    Nothing,
}

fn codes_of(list: &str) -> Vec<CountryCode> {
    list.split(' ').filter_map(CountryCode::new).collect()
}

fn find(text: &str) -> Found {
    if let Some(code) = CountryCode::new(text) {
        return Found::Code(code, None);
    }
    let upper = text.to_ascii_uppercase();
    let is_letters = text.bytes().all(|b| b.is_ascii_alphabetic());
    let is_digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if is_letters && upper.len() == 2 {
        if let Some(code) = CountryCode::new(&upper) {
            return Found::Code(code, Some(NoteCode::CountryCodeNormalized));
        }
    }
    let alias_key = if is_digits && text.len() <= 3 { format!("{text:0>3}") } else { upper };
    if (is_letters && (2..=3).contains(&alias_key.len())) || is_digits {
        if let Some(list) = ALIAS_INDEX.get(&alias_key) {
            return match codes_of(list).as_slice() {
                [one] => Found::Code(*one, Some(NoteCode::CountryCodeReplaced)),
                [] => Found::Nothing,
                several => Found::Several(several.to_vec()),
            };
        }
    }
    let key = spelling::fold::fold_name(text);
    let key = key.strip_prefix("the ").unwrap_or(&key);
    let curated = |table: &[(&str, &'static str)]| table.iter().find(|(k, _)| *k == key).map(|(_, v)| *v);
    if let Some(list) = curated(AMBIGUOUS).or_else(|| GENERATED_AMBIGUOUS.get(key)) {
        return Found::Several(codes_of(list));
    }
    if let Some(code) = NAME_INDEX.get(key).or_else(|| curated(COLLOQUIAL)).and_then(CountryCode::new) {
        return Found::Code(code, Some(NoteCode::CountryNameRead));
    }
    Found::Nothing
}

/// Reads a country.
///
/// # Outcome
/// - ok: the alpha-2 code;
/// - absent: missing, null, blank or a placeholder;
/// - ask: a name or code of several countries (`ambiguous_country`, every reading named), or
///   an unknown value (`unknown_country`).
///
/// # Errors
/// None today; the `Result` keeps every kind's signature alike.
///
/// # Example
/// ```
/// use agent_input::country::{self, CountryOptions};
/// let out = country::read("Česko".into(), &CountryOptions::default())?;
/// assert_eq!(out.value().map(ToString::to_string).as_deref(), Some("CZ"));
/// assert_eq!(out.notes[0].message, "Read \"Česko\" as \"CZ\" (Czechia).");
/// # Ok::<(), agent_input::Error>(())
/// ```
///
/// # Example: a name with two meanings
/// ```
/// use agent_input::country::{self, CountryOptions};
/// let out = country::read("Congo".into(), &CountryOptions::default())?;
/// let readings: Vec<String> = out.as_ask().unwrap().readings.iter().map(|r| r.value.to_string()).collect();
/// assert_eq!(readings, ["\"CD\"", "\"CG\""]);
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &CountryOptions) -> Result<Outcome<CountryCode>, Error> {
    let _ = options;
    Ok(read_prepared(input))
}

pub(crate) fn read_prepared(input: Input<'_>) -> Outcome<CountryCode> {
    // Fast path: an alpha-2 code in upper case.
    if let Input::String(s) = input {
        if let Some(code) = CountryCode::new(s) {
            return Outcome::ok(code);
        }
    }
    let door = Door::strings(MAX_SCALAR_CHARS).numbers();
    let text = match opening::open(&input, door, read_prepared, unexpected) {
        Ok(scalar) => scalar.text(),
        Err(out) => return out,
    };
    let (clean, _) = spelling::clean_edges(text);
    match find(clean) {
        Found::Code(code, note) => {
            let code_note = note.unwrap_or(NoteCode::CountryCodeNormalized);
            let note = Note::read_as(code_note, &input, &quoted(code.as_str()), &format!(" ({})", code.english_name()));
            Outcome::ok(code).note(note)
        }
        Found::Several(codes) => {
            let expected = format!("one country; {} names {}", input.to_json_text(), codes.len());
            let choices = codes
                .iter()
                .map(|c| {
                    (
                        c.to_string(),
                        c.english_name().to_owned(),
                        format!("{} ({})", quoted(c.as_str()), c.english_name()),
                    )
                })
                .collect();
            Outcome::ask(Ask::choices(AskCode::AmbiguousCountry, &input, expected, choices))
        }
        Found::Nothing => {
            if let Some(out) = opening::placeholder(&input, &["country", "country code", "iso country code"]) {
                return out;
            }
            let suggestion = nearest(clean)
                .map(|c| format!(" ({} is the nearest name: {})", quoted(c.as_str()), c.english_name()))
                .unwrap_or_default();
            Outcome::ask(Ask::new(
                AskCode::UnknownCountry,
                &input,
                "a country: an ISO 3166-1 code (alpha-2 such as \"CZ\", alpha-3, numeric) or a country's name",
                format!("set to the country's ISO 3166-1 alpha-2 code{suggestion}"),
            ))
        }
    }
}

/// The country whose English name is nearest to `text`, when one is near enough.
fn nearest(text: &str) -> Option<CountryCode> {
    static FOLDED: std::sync::OnceLock<Vec<(String, &'static str)>> = std::sync::OnceLock::new();
    let key = spelling::fold::fold_name(text);
    let names = FOLDED
        .get_or_init(|| ENGLISH_NAMES.iter().map(|(code, name)| (spelling::fold::fold_name(name), *code)).collect());
    let rule = Rule { threshold: 0.7, containment: None };
    let found = suggest::ranked(&key, names.iter().map(|(name, code)| (name.as_str(), *code)), rule);
    found.first().and_then(|(_, code)| CountryCode::new(code))
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(
        input,
        "a country code or name as a JSON string",
        "set to the country's ISO 3166-1 alpha-2 code, such as \"CZ\"",
    )
}

/// Every name key of the generated table with its country: for tests and benchmarks.
pub fn names() -> impl Iterator<Item = (&'static str, &'static str)> {
    NAME_INDEX.entries().iter().copied()
}
