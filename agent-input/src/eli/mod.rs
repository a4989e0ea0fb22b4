//! The ELI kind: European Legislation Identifiers of EU and Czech acts, from URIs, CELEX numbers
//! and the citations people write.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `"http://data.europa.eu/eli/reg/2016/679/oj"` | itself | none |
//! | `"https://eur-lex.europa.eu/eli/reg/2016/679/oj/"`, `"HTTP://DATA.EUROPA.EU/eli/reg/2016/679/oj"`, `"eli/reg/2016/679/oj"`, the Cellar host | `"http://data.europa.eu/eli/reg/2016/679/oj"` | `eli_normalized` |
//! | `"32016R0679"`, `"32019L1937"`, `"02016R0679-20160504"` (CELEX, sector 3 and consolidated 0) | the ELI | `celex_read_as_eli` |
//! | `"Regulation (EU) 2016/679"`, `"Directive (EU) 2019/1937"`, `"Regulation (EC) No 1049/2001"`, `"Directive 95/46/EC"`, `"Commission Implementing Regulation (EU) 2023/138"` | the ELI | `citation_read_as_eli` |
//! | `"nařízení (EU) 2016/679"`, `"nařízení (ES) č. 1049/2001"`, `"směrnice 95/46/ES"`, `"Verordnung (EG) Nr. 1049/2001"`, `"règlement (CE) n° 1049/2001"`, `"prováděcí nařízení Komise (EU) 2023/138"` | the ELI | `citation_read_as_eli` |
//! | `"89/2012 Sb."`, `"zákon č. 89/2012 Sb."`, `"č. 89/2012 Sb."`, `"Act No. 89/2012 Coll."`, a Czech act's type without `Sb.` (`"zákon č. 89/2012"`, `"nařízení vlády č. 361/2007"`, `"vyhláška 500/2002"`), `"Sb. 89/2012"` | `"https://www.e-sbirka.cz/eli/cz/sb/2012/89"` | `citation_read_as_eli` |
//! | `"https://e-sbirka.cz/eli/cz/sb/2012/89/"`, with a version date `/2026-01-01` | the canonical e-Sbírka ELI | `eli_normalized` |
//! | a link without its scheme (`"data.europa.eu/eli/reg/2016/679/oj"`, `"e-sbirka.cz/eli/cz/sb/2012/89"`) | the ELI | as the link with it |
//! | an act's page on Zákony pro lidi (`"https://www.zakonyprolidi.cz/cs/2012-89"`) | the e-Sbírka ELI | `citation_read_as_eli` |
//!
//! Spellings that ask: a bare `"2016/679"` (regulation, directive or decision? `ambiguous_act`,
//! every reading named), `"89/2012"` without `Sb.` (a Czech act or an EU regulation?), a
//! citation of a collection this reader does not map (`"Sb. NSS"` is case law, `"Sb. m. s."`
//! treaties), a text naming two or more acts (`"GDPR, AI Act"`, `"89/2012 Sb., 90/2012 Sb."`:
//! `ambiguous_act`, each named), and anything else (`not_an_eli`).
//!
//! CELEX does not tell implementing or delegated acts apart: `32023R0138` reads as
//! `reg/2023/138`, which the Publications Office may serve as an alias of `reg_impl/2023/138`;
//! the note says so. Post-2015 EU numbers (`year/number`) and Czech numbers (`number/year`)
//! run in opposite orders; the citation rules of the domain reference decide, never a guess.

mod grammar;
mod titles;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, System};
use crate::error::Error;
use crate::input::{quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{Door, Scalar};
use crate::outcome::{Ask, Note, Outcome};
use crate::reader::{self, Grammar, Placeholders, Reader};
use crate::spelling;

/// Whose act an ELI names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Jurisdiction {
    /// The European Union (`http://data.europa.eu/eli/…`).
    Eu,
    /// The Czech Republic (`https://www.e-sbirka.cz/eli/cz/…`).
    Cz,
}

/// A parsed ELI: the parts and the canonical URI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Eli {
    /// Whose act it is.
    pub jurisdiction: Jurisdiction,
    /// The EU `typedoc` (`reg`, `dir_impl`, …) or the Czech collection (`sb`).
    pub kind: String,
    /// The year of the act.
    pub year: u16,
    /// The natural number of the act.
    pub number: String,
    /// A point in time (`YYYY-MM-DD`), when the ELI names a version.
    pub version: Option<String>,
    /// The remaining path segments (`oj`, a language, a format, structural ids).
    pub rest: Vec<String>,
}

impl Eli {
    /// The canonical URI.
    pub fn uri(&self) -> String {
        let mut out = match self.jurisdiction {
            Jurisdiction::Eu => format!("http://data.europa.eu/eli/{}/{}/{}", self.kind, self.year, self.number),
            Jurisdiction::Cz => format!("https://www.e-sbirka.cz/eli/cz/{}/{}/{}", self.kind, self.year, self.number),
        };
        if let Some(v) = &self.version {
            out.push('/');
            out.push_str(v);
        }
        for r in &self.rest {
            out.push('/');
            out.push_str(r);
        }
        out
    }

    fn eu(kind: &str, year: u16, number: u32) -> Self {
        Self {
            jurisdiction: Jurisdiction::Eu,
            kind: kind.to_owned(),
            year,
            number: number.to_string(),
            version: None,
            rest: vec!["oj".to_owned()],
        }
    }

    fn cz(year: u16, number: u32) -> Self {
        Self {
            jurisdiction: Jurisdiction::Cz,
            kind: "sb".to_owned(),
            year,
            number: number.to_string(),
            version: None,
            rest: Vec::new(),
        }
    }
}

/// Options of the ELI kind (none yet; unknown options are rejected).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct EliOptions {}

/// The earliest year of an EU act (ECSC, 1952) and of a Czech collection act.
const FIRST_YEAR: u16 = 1945;
/// The last plausible year of an act.
const LAST_YEAR: u16 = 2100;

/// What a spelling names.
enum Found {
    Eli(Eli, NoteCode, Option<&'static str>),
    Several(Vec<(Eli, String)>),
    /// Two or more acts in one text.
    Acts(Vec<(Eli, String)>),
    Refused(String),
    Nothing,
}

/// The hosts whose ELI URIs are read: a link to one written without its scheme
/// (`data.europa.eu/eli/reg/2016/679/oj`, `www.e-sbirka.cz/eli/cz/sb/2012/89`) is that link.
const ELI_HOSTS: &[&str] = &["data.europa.eu/", "eur-lex.europa.eu/", "e-sbirka.cz/", "www.e-sbirka.cz/"];

/// [`from_uri`] of a link to an ELI host written without `https://`; `None` for other text.
#[cold]
fn schemeless(text: &str) -> Option<Found> {
    let lower = text.get(..text.len().min(24))?.to_ascii_lowercase();
    ELI_HOSTS.iter().any(|h| lower.starts_with(h)).then(|| from_uri(&format!("https://{text}")))
}

/// A Czech act's page on Zákony pro lidi, the portal Czech lawyers link to
/// (`https://www.zakonyprolidi.cz/cs/2012-89`, with or without scheme, `www.` and a section
/// after it): act No. 89/2012 Sb.; `None` for other text.
#[cold]
fn zakony_pro_lidi(text: &str) -> Option<Found> {
    let lower = text.to_ascii_lowercase();
    let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://")).unwrap_or(&lower);
    let rest = rest.strip_prefix("www.").unwrap_or(rest).strip_prefix("zakonyprolidi.cz/cs/")?;
    let id = rest.split(['#', '?', '/']).next()?;
    let (year, number) = id.split_once('-')?;
    let found = match (y4(year), number_of(number)) {
        (Some(y), Some(n)) => Found::Eli(Eli::cz(y, n), NoteCode::CitationReadAsEli, None),
        _ => Found::Refused(format!("{} is no act's page on zakonyprolidi.cz (/cs/{{year}}-{{number}})", quoted(text))),
    };
    Some(found)
}

fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 10
        && b.get(4) == Some(&b'-')
        && b.get(7) == Some(&b'-')
        && s.bytes().filter(u8::is_ascii_digit).count() == 8
}

/// `http(s)://host/…/eli/…`, `eli/…`: the path segments after `eli`, and whether it was canonical.
fn uri_path(text: &str) -> Option<(Vec<&str>, Option<Jurisdiction>)> {
    let (host, rest) = match grammar::scheme_host(text) {
        Some((host, rest)) => (Some(host), rest),
        None if text.get(..4).is_some_and(|s| s.eq_ignore_ascii_case("http")) && text.contains("://") => return None,
        None => (None, text),
    };
    let jurisdiction = match host.as_deref() {
        Some("data.europa.eu" | "eur-lex.europa.eu" | "publications.europa.eu" | "op.europa.eu") => {
            Some(Jurisdiction::Eu)
        }
        Some("www.e-sbirka.cz" | "e-sbirka.cz" | "opendata.eselpoint.gov.cz" | "opendata.eselpoint.cz") => {
            Some(Jurisdiction::Cz)
        }
        Some(_) => return None,
        None => None,
    };
    let segments: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
    let at = segments.iter().position(|s| s.eq_ignore_ascii_case("eli"))?;
    // Without a host, the path itself must start at `eli/`.
    if jurisdiction.is_none() && at != 0 {
        return None;
    }
    Some((segments.get(at + 1..)?.to_vec(), jurisdiction))
}

fn from_uri(text: &str) -> Found {
    if let Some(celex) = eur_lex_celex(text) {
        return from_celex(&celex);
    }
    if let Some(found) = schemeless(text).or_else(|| zakony_pro_lidi(text)) {
        return found;
    }
    let Some((segments, host)) = uri_path(text) else {
        let lower = text.get(..8).unwrap_or(text).to_ascii_lowercase();
        let path_like = text.to_ascii_lowercase().contains("eli/");
        return if lower.starts_with("http://") || lower.starts_with("https://") || path_like {
            Found::Refused("the URI is not an ELI of data.europa.eu, eur-lex.europa.eu or e-sbirka.cz".to_owned())
        } else {
            Found::Nothing
        };
    };
    let cz = host == Some(Jurisdiction::Cz) || segments.first().is_some_and(|s| s.eq_ignore_ascii_case("cz"));
    let (kind, year, number, tail) = if cz {
        match segments.as_slice() {
            [c, coll, y, n, tail @ ..] if c.eq_ignore_ascii_case("cz") => (coll.to_ascii_lowercase(), *y, *n, tail),
            _ => return Found::Refused("an e-Sbírka ELI has the form eli/cz/sb/{year}/{number}".to_owned()),
        }
    } else {
        match segments.as_slice() {
            [t, y, n, tail @ ..] => (if *t == "C" { "C".to_owned() } else { t.to_ascii_lowercase() }, *y, *n, tail),
            _ => return Found::Refused("an EU ELI has the form eli/{type}/{year}/{number}".to_owned()),
        }
    };
    let Some(year) = y4(year) else { return Found::Refused(format!("{} is not a year", quoted(year))) };
    // Leading zeros carry nothing; what is left must be a short number (letters may prefix it).
    let number_ok = number.len() <= 12
        && number.bytes().all(|b| b.is_ascii_alphanumeric())
        && number.trim_start_matches('0').bytes().any(|b| b.is_ascii_digit());
    if !number_ok {
        return Found::Refused(format!("{} is not an act number", quoted(number)));
    }
    if !kind.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_') {
        return Found::Refused(format!("{} is not a document type", quoted(&kind)));
    }
    let number = number.trim_start_matches('0');
    if number.is_empty() {
        return Found::Refused("the act number is 0".to_owned());
    }
    if tail.len() > 12 {
        return Found::Refused("the path is longer than any ELI".to_owned());
    }
    if let Some(bad) = tail.iter().find(|s| {
        // A segment starts and ends with a letter or digit (`oj.` is `oj` and a full stop).
        s.len() > 40
            || !s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
            || !s.bytes().last().is_some_and(|b| b.is_ascii_alphanumeric())
            || !s.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
    }) {
        return Found::Refused(format!("the path segment {} is not part of an ELI", quoted(bad)));
    }
    let mut tail: Vec<String> = tail.iter().map(|s| s.to_string()).collect();
    let version = match tail.first() {
        Some(v) if is_date(v) => Some(tail.remove(0)),
        _ => None,
    };
    let rest = if cz { tail } else { tail.into_iter().map(|s| s.to_ascii_lowercase()).collect() };
    let eli = Eli {
        jurisdiction: if cz { Jurisdiction::Cz } else { Jurisdiction::Eu },
        kind,
        year,
        number: number.to_owned(),
        version,
        rest,
    };
    Found::Eli(eli, NoteCode::EliNormalized, None)
}

/// The CELEX number of a EUR-Lex link: `https://eur-lex.europa.eu/legal-content/EN/TXT/?uri=CELEX:32016R0679`
/// (also with `%3A`, other languages and views, and more query parameters).
fn eur_lex_celex(text: &str) -> Option<String> {
    let (host, rest) = grammar::scheme_host(text)?;
    if host != "eur-lex.europa.eu" {
        return None;
    }
    let query = rest.split_once('?')?.1;
    let uri = query.split('&').find_map(|p| p.strip_prefix("uri=").or_else(|| p.strip_prefix("URI=")))?;
    let decoded = uri.replace("%3A", ":").replace("%3a", ":");
    let celex = decoded.get(..6).filter(|p| p.eq_ignore_ascii_case("celex:")).map(|_| decoded.get(6..))??;
    Some(celex.to_owned())
}

fn y4(s: &str) -> Option<u16> {
    (s.len() == 4).then(|| s.parse().ok()).flatten().filter(|y| (FIRST_YEAR..=LAST_YEAR).contains(y))
}

/// CELEX: `{sector}{year}{descriptor}{number}` with an optional consolidation date.
fn from_celex(text: &str) -> Found {
    let upper = text.to_ascii_uppercase();
    // `CELEX:32016R0679`, `CELEX 32016R0679`, `celex: 32016R0679`.
    let upper = match upper.strip_prefix("CELEX") {
        Some(rest) => rest.trim_start_matches([':', ' ', '\u{a0}']).to_owned(),
        None => upper,
    };
    let Some(c) = grammar::celex(&upper) else { return Found::Nothing };
    let Some(year) = y4(c.year) else { return Found::Nothing };
    let (sector, digits, letters) = (c.sector, c.number, c.descriptor);
    let consolidated = c.consolidated;
    let kind = match letters {
        "R" => "reg",
        "L" => "dir",
        "D" => "dec",
        "H" => "reco",
        other => return Found::Refused(format!("the CELEX descriptor {other} has no ELI type this reader maps")),
    };
    let Some(number) = number_of(digits.trim_start_matches('0')) else {
        return Found::Refused("the CELEX number has no act number".to_owned());
    };
    match (sector, consolidated) {
        ('3', None) => Found::Eli(Eli::eu(kind, year, number), NoteCode::CelexReadAsEli, alias_warning(kind)),
        ('0', Some(date)) => {
            let mut eli = Eli::eu(kind, year, number);
            eli.rest.clear();
            eli.version = Some(format!("{}-{}-{}", &date[..4], &date[4..6], &date[6..]));
            Found::Eli(eli, NoteCode::CelexReadAsEli, alias_warning(kind))
        }
        (s, _) => Found::Refused(format!("CELEX sector {s} is not legislation with an ELI")),
    }
}

fn alias_warning(kind: &str) -> Option<&'static str> {
    matches!(kind, "reg" | "dir" | "dec").then_some(
        " CELEX does not tell implementing or delegated acts apart, so this ELI may be an alias of the _impl or _del one.",
    )
}

/// Document-type words of citations, folded, longest first, in English, Czech, Slovak,
/// German, French, Polish, Spanish, Italian, Portuguese and Dutch.
const TYPE_WORDS: &[(&str, &str)] = &[
    ("implementing regulation", "reg_impl"),
    ("delegated regulation", "reg_del"),
    ("implementing directive", "dir_impl"),
    ("delegated directive", "dir_del"),
    ("implementing decision", "dec_impl"),
    ("delegated decision", "dec_del"),
    ("framework decision", "dec_framw"),
    ("provadeci narizeni", "reg_impl"),
    ("provadeci rozhodnuti", "dec_impl"),
    ("provadeci smernice", "dir_impl"),
    ("ramcove rozhodnuti", "dec_framw"),
    ("vykonavacie nariadenie", "reg_impl"),
    ("delegovane nariadenie", "reg_del"),
    ("durchfuhrungsverordnung", "reg_impl"),
    ("delegierte verordnung", "reg_del"),
    ("durchfuhrungsbeschluss", "dec_impl"),
    ("delegierter beschluss", "dec_del"),
    ("durchfuhrungsrichtlinie", "dir_impl"),
    ("rahmenbeschluss", "dec_framw"),
    ("reglement d execution", "reg_impl"),
    ("reglement delegue", "reg_del"),
    ("decision d execution", "dec_impl"),
    ("decision deleguee", "dec_del"),
    ("decision cadre", "dec_framw"),
    ("regulation", "reg"),
    ("narizeni", "reg"),
    ("nariadenie", "reg"),
    ("verordnung", "reg"),
    ("reglement", "reg"),
    ("rozporzadzenie", "reg"),
    ("reglamento", "reg"),
    ("regolamento", "reg"),
    ("regulamento", "reg"),
    ("verordening", "reg"),
    ("directive", "dir"),
    ("smernice", "dir"),
    ("smernica", "dir"),
    ("richtlinie", "dir"),
    ("dyrektywa", "dir"),
    ("directiva", "dir"),
    ("direttiva", "dir"),
    ("richtlijn", "dir"),
    ("decision", "dec"),
    ("rozhodnuti", "dec"),
    ("rozhodnutie", "dec"),
    ("beschluss", "dec"),
    ("entscheidung", "dec"),
    ("decyzja", "dec"),
    ("decisione", "dec"),
    ("decisao", "dec"),
    ("besluit", "dec"),
    ("recommendation", "reco"),
    ("doporuceni", "reco"),
    ("empfehlung", "reco"),
    // The abbreviations citations write (`Reg. (EU) 2016/679`, `Dir. 2019/1937`), last.
    ("reg", "reg"),
    ("dir", "dir"),
    ("dec", "dec"),
];

/// "v přenesené pravomoci" / "delegated": turns a regulation into a delegated one (Czech word order).
const DELEGATED_MARKERS: &[&str] = &["v prenesene pravomoci", "delegated"];

/// Words that mark number/year order: "No", "č.", "Nr.", "n°", "nr".
const NUMBER_MARKERS: &[&str] = &["no", "c", "nr", "n", "n°", "nº", "num", "number"];

/// Pre-Lisbon domains that put a regulation's number first.
const OLD_DOMAINS: &[&str] = &["ec", "eec", "ecsc", "es", "ehs", "eg", "ewg", "ce", "cee", "euratom", "esuo"];

/// A citation's parts: the type (if named), the two numbers, the number marker, the domain.
struct Citation {
    kind: Option<&'static str>,
    a: String,
    b: String,
    marker: bool,
    old_domain: bool,
    czech_collection: Option<String>,
}

/// The types of Czech acts (name keys, in the cases a citation writes them): an act, a
/// constitutional act, a decree, a government regulation (`nařízení` alone is an EU
/// regulation), a legal measure.
const CZECH_ACT_WORDS: &[&str] = &[
    "zakon",
    "zakona",
    "zakonu",
    "zakonem",
    "vyhlaska",
    "vyhlasky",
    "vyhlasce",
    "vyhlaskou",
    "narizeni vlady",
    "narizenim vlady",
    "zakonne opatreni",
    "zakonneho opatreni",
];

fn citation(text: &str) -> Option<Citation> {
    let folded = spelling::fold::fold(text).replace(['\u{2019}', '\''], " ");
    let (before, a, b, after) = grammar::number_pair(&folded)?;
    let (a, b) = (a.to_owned(), b.to_owned());
    let before_words = spelling::fold::fold_name(before);
    let words: Vec<&str> = before_words.split(' ').collect();
    let marker = words.last().is_some_and(|w| NUMBER_MARKERS.contains(w))
        || before.trim_end().ends_with("n°")
        || before.trim_end().ends_with("nº");
    let mut kind = type_of(&words);
    if kind == Some("reg") && DELEGATED_MARKERS.iter().any(|m| words_contain(&words, m)) {
        kind = Some("reg_del");
    }
    let after_words = spelling::fold::fold_name(after);
    let domain_words: Vec<&str> = before_words.split(' ').chain(after_words.split(' ')).collect();
    let old_domain = domain_words.iter().any(|w| OLD_DOMAINS.contains(w));
    let czech_collection = after_words.split(' ').next().filter(|w| !w.is_empty()).map(|first| {
        let rest: Vec<&str> = after_words.split(' ').take(4).collect();
        match (first, rest.as_slice()) {
            ("sb", [_, "nss", ..]) => "sb nss".to_owned(),
            ("sb", [_, "m", "s", ..]) => "sb m s".to_owned(),
            ("sb" | "coll" | "zb", _) => "sb".to_owned(),
            ("z", [_, "z", ..]) => "z z".to_owned(),
            _ => String::new(),
        }
    });
    let czech_collection = czech_collection.filter(|c| !c.is_empty()).or_else(|| {
        // A Czech act's type (`zákon`, `vyhláška`, `nařízení vlády`) or the collection's mark
        // before the number (`Sb. 89/2012`) names the Czech collection without `Sb.` after it;
        // Slovakia's `Z. z.` after the number names Slovakia's, which has no ELI here.
        let slovak = after_words.split(' ').next() == Some("z");
        let named = CZECH_ACT_WORDS.iter().any(|w| words_contain(&words, w))
            || words.last().is_some_and(|w| matches!(*w, "sb" | "coll"));
        (named && !slovak).then(|| "sb".to_owned())
    });
    Some(Citation { kind, a, b, marker, old_domain, czech_collection })
}

/// The kind of the first entry of [`TYPE_WORDS`] (in its order) whose words follow one another
/// in `words`: each word of the citation is looked up among the entries' first words, rather
/// than every entry tried (a test compares the two).
fn type_of(words: &[&str]) -> Option<&'static str> {
    type ByFirst = std::collections::HashMap<&'static str, Vec<usize>, foldhash::fast::RandomState>;
    static BY_FIRST: std::sync::OnceLock<ByFirst> = std::sync::OnceLock::new();
    let by_first = BY_FIRST.get_or_init(|| {
        let mut map = ByFirst::default();
        for (i, (w, _)) in TYPE_WORDS.iter().enumerate() {
            map.entry(w.split(' ').next().unwrap_or(w)).or_default().push(i);
        }
        map
    });
    let mut best: Option<usize> = None;
    for (at, word) in words.iter().enumerate() {
        for &i in by_first.get(word).into_iter().flatten() {
            if best.is_some_and(|b| b <= i) {
                continue;
            }
            let Some((needle, _)) = TYPE_WORDS.get(i) else { continue };
            let n = needle.split(' ').count();
            if words.get(at..at + n).is_some_and(|w| w.iter().copied().eq(needle.split(' '))) {
                best = Some(i);
            }
        }
    }
    best.and_then(|i| TYPE_WORDS.get(i)).map(|(_, k)| *k)
}

/// True when the words of `needle` (split on single spaces) follow one another in `words`:
/// the words of a name key (`fold_name`: single spaces, no empty word), so this is
/// `" {haystack} "` containing `" {needle} "`, without building text for each of the type
/// words of every language.
fn words_contain(words: &[&str], needle: &str) -> bool {
    let n = needle.split(' ').count();
    words.windows(n).any(|w| w.iter().copied().eq(needle.split(' ')))
}

/// A year as written: four digits, or two (read as 19YY, the EU rule before 1999).
fn year_of(s: &str) -> Option<u16> {
    match s.len() {
        4 => y4(s),
        2 => s.parse::<u16>().ok().map(|y| 1900 + y).filter(|y| (FIRST_YEAR..=LAST_YEAR).contains(y)),
        _ => None,
    }
}

fn number_of(s: &str) -> Option<u32> {
    (s.len() <= 6).then(|| s.parse().ok()).flatten().filter(|n| *n > 0)
}

fn from_citation(text: &str) -> Found {
    let Some(c) = citation(text) else { return Found::Nothing };
    match c.czech_collection.as_deref() {
        Some("sb") => {
            return match (number_of(&c.a), y4(&c.b)) {
                (Some(n), Some(y)) => Found::Eli(Eli::cz(y, n), NoteCode::CitationReadAsEli, None),
                _ => Found::Refused(format!("a Czech act is cited as number/year Sb.; {}/{} is not", c.a, c.b)),
            };
        }
        Some("sb nss") => {
            return Found::Refused(
                "\"Sb. NSS\" is the Supreme Administrative Court's case-law collection, not an act".into(),
            )
        }
        Some("z z") => {
            return Found::Refused(
                "\"Z. z.\" is Slovakia's collection of laws; this reader maps Czech acts (Sb.) and EU acts".into(),
            )
        }
        Some(_) => return Found::Refused("\"Sb. m. s.\" (international treaties) has no ELI this reader maps".into()),
        None => {}
    }
    let year_first = |kind: &'static str| Some((Eli::eu(kind, year_of(&c.a)?, number_of(&c.b)?), kind));
    let number_first = |kind: &'static str| Some((Eli::eu(kind, year_of(&c.b)?, number_of(&c.a)?), kind));
    let Some(kind) = c.kind else {
        // No type word: a bare "2016/679" or "89/2012".
        let mut readings = Vec::new();
        if let Some(a) = y4(&c.a).filter(|_| number_of(&c.b).is_some()) {
            for (k, name) in [("reg", "regulation"), ("dir", "directive"), ("dec", "decision")] {
                if let Some((eli, _)) = year_first(k) {
                    readings.push((eli, format!("EU {name} {a}/{}", c.b)));
                }
            }
        } else if let (Some(n), Some(y)) = (number_of(&c.a), y4(&c.b)) {
            readings.push((Eli::cz(y, n), format!("Czech act No. {n}/{y} Sb.")));
            if let Some((eli, _)) = number_first("reg") {
                readings.push((eli, format!("EU regulation No {n}/{y}")));
            }
        }
        return if readings.is_empty() { Found::Nothing } else { Found::Several(readings) };
    };
    let base = kind.split('_').next().unwrap_or(kind);
    let parsed = if c.marker {
        // `Regulation (EU) No 2016/679`: the marker of the old style before the new order,
        // whose number is no year.
        number_first(kind).or_else(|| year_first(kind).filter(|_| y4(&c.a).is_some_and(|y| y >= 2015)))
    } else if base == "dir" || y4(&c.a).is_some_and(|y| y >= 2015) {
        year_first(kind)
    } else if base == "reg" && (c.old_domain || y4(&c.a).is_none()) {
        number_first(kind)
    } else {
        year_first(kind).or_else(|| number_first(kind))
    };
    match parsed {
        Some((eli, _)) => Found::Eli(eli, NoteCode::CitationReadAsEli, None),
        None => Found::Refused(format!("{}/{} does not read as year and number of an act", c.a, c.b)),
    }
}

/// An act named by its short title (`GDPR`, `the Digital Services Act`).
fn short_title(text: &str) -> Option<Found> {
    let key = spelling::fold::fold_name(text);
    let titled = |key: &str| titles::TITLES.iter().find(|t| t.5.contains(&key));
    let (kind, year, number, ..) = titled(&key).or_else(|| titled(&without_pinpoint(&key)?))?;
    let eli = if *kind == "sb" { Eli::cz(*year, *number) } else { Eli::eu(kind, *year, *number) };
    Some(Found::Eli(eli, NoteCode::ShortTitleReadAsEli, None))
}

/// Words that point into an act (folded): an article, a section, a paragraph.
const PINPOINTS: &[&str] =
    &["art", "article", "artikel", "cl", "clanek", "clanku", "sec", "section", "par", "paragraph", "odst"];

/// A short title's key without `the` before it and an article pointed to before or after it
/// (`the GDPR`, `Article 6 GDPR`, `Art. 6 of the GDPR`, `GDPR Art. 6`, `čl. 6 GDPR`): the act
/// is the value, the article is not. `None` when it has none of these.
fn without_pinpoint(key: &str) -> Option<String> {
    let mut words: Vec<&str> = key.split(' ').collect();
    let before = words.len();
    let numbered = |w: &str| w.starts_with(|c: char| c.is_ascii_digit());
    if let [p, n, _, ..] = words.as_slice() {
        if PINPOINTS.contains(p) && numbered(n) {
            words.drain(..2);
        }
    }
    while words.len() > 1 && matches!(words.first(), Some(&("the" | "of"))) {
        words.remove(0);
    }
    if let [.., _, p, n] = words.as_slice() {
        if PINPOINTS.contains(p) && numbered(n) {
            words.truncate(words.len() - 2);
        }
    }
    (words.len() != before).then(|| words.join(" "))
}

/// The citation and the source of an act with a short title, for the note.
fn title_of(eli: &Eli) -> Option<(&'static str, &'static str)> {
    let number = eli.number.parse::<u32>().ok()?;
    titles::TITLES.iter().find(|t| t.0 == eli.kind && t.1 == eli.year && t.2 == number).map(|t| (t.3, t.4))
}

/// What a spelling names, and whether punctuation after a URI or a CELEX number was left out.
fn find(text: &str) -> (Found, bool) {
    let found = from_uri(text);
    let found = if matches!(found, Found::Nothing) { from_celex(text) } else { found };
    match found {
        Found::Eli(..) => return (found, false),
        Found::Nothing => {}
        // A refused identifier may be refused only for the sentence's punctuation after it
        // (`…/2016/679/oj.`); a citation keeps its own (`89/2012 Sb.`).
        refused => {
            let bare = text.trim_end_matches(['.', ',', ';', ':', '!', '?', ')', ']']);
            if bare.len() != text.len() && !bare.is_empty() {
                if let found @ Found::Eli(..) = from_uri(bare) {
                    return (found, true);
                }
            }
            return (refused, false);
        }
    }
    (short_title(text).unwrap_or_else(|| from_citation(text)), false)
}

/// Words that open a clause about another act inside one act's title (`and repealing Directive
/// 95/46/EC`, `amending Regulation (EU) No 1024/2012`, `kterým se mění zákon …`): such a clause
/// names no act of its own. Folded.
const CLAUSE_WORDS: &[&str] = &[
    "amending",
    "repealing",
    "implementing",
    "supplementing",
    "replacing",
    "correcting",
    "extending",
    "derogating",
    "as",
    "kterym",
    "kterou",
    "jimz",
    "zur",
    "modifiant",
    "abrogeant",
    "por",
    "que",
    "recante",
    "che",
    "zmieniajace",
    "uchylajace",
];

/// Two or more acts in one text (`Regulation (EU) 2016/679 and Directive (EU) 2016/680`,
/// `89/2012 Sb., 90/2012 Sb.`, `zákon č. 89/2012 Sb. nebo zákon č. 90/2012 Sb.`): the text split
/// at commas and semicolons, at CLDR's "and" joiners, or at `or`; each part that names an act
/// (a part that opens with a [`CLAUSE_WORDS`] word is a clause of the title before it), when
/// two or more different acts come out. `None` inside a list's parts, and for one act.
#[cold]
#[inline(never)]
fn several_acts(text: &str, cx: &Context<'_>) -> Option<Vec<(Eli, String)>> {
    if cx.in_parts() {
        return None;
    }
    let at_marks: Vec<&str> = text.split([',', ';']).collect();
    let at_or: Vec<&str> = [" or ", " nebo ", " oder ", " ou ", " OR "]
        .iter()
        .find_map(|w| text.contains(w).then(|| text.split(w).collect()))
        .unwrap_or_default();
    let at_and = crate::several::split_joined(text).unwrap_or_default();
    [at_marks, at_and, at_or].into_iter().find_map(|parts| {
        if parts.len() < 2 || parts.len() > 8 {
            return None;
        }
        let mut acts: Vec<(Eli, String)> = Vec::new();
        for part in parts {
            let part = spelling::trim(part);
            let part = ["and ", "or ", "a ", "nebo ", "und "].iter().find_map(|j| part.strip_prefix(j)).unwrap_or(part);
            let first = part.split_whitespace().next().map(spelling::fold::fold).unwrap_or_default();
            if part.is_empty() || CLAUSE_WORDS.contains(&first.as_str()) {
                continue;
            }
            if let (Found::Eli(eli, ..), _) = find(part) {
                if !acts.iter().any(|(e, _)| *e == eli) {
                    acts.push((eli, format!("{}, one of the acts sent", quoted(part))));
                }
            }
        }
        (acts.len() > 1).then_some(acts)
    })
}

/// Reads an ELI.
///
/// # Outcome
/// - ok: the canonical ELI URI;
/// - absent: missing, null, blank or a placeholder;
/// - ask: a citation with two readings (`ambiguous_act`), or anything else (`not_an_eli`).
///
/// # Errors
/// None today; the `Result` keeps every kind's signature alike.
///
/// # Example
/// ```
/// use agent_input::eli::{self, EliOptions};
/// let out = eli::read("Regulation (EU) 2016/679".into(), &EliOptions::default())?;
/// assert_eq!(out.value().map(|e| e.uri()).as_deref(), Some("http://data.europa.eu/eli/reg/2016/679/oj"));
/// let out = eli::read("zákon č. 89/2012 Sb.".into(), &EliOptions::default())?;
/// assert_eq!(out.value().map(|e| e.uri()).as_deref(), Some("https://www.e-sbirka.cz/eli/cz/sb/2012/89"));
/// # Ok::<(), agent_input::Error>(())
/// ```
///
/// # Example: a citation with two readings
/// ```
/// use agent_input::eli::{self, EliOptions};
/// let out = eli::read("2016/679".into(), &EliOptions::default())?;
/// assert_eq!(out.as_ask().map(|a| a.readings.len()), Some(3));
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &EliOptions) -> Result<Outcome<Eli>, Error> {
    Ok(options.read(input, &Context::new(&System)))
}

impl Reader for EliOptions {
    type Value = Eli;
    const CONSTRAINED: bool = true;
    const SET_LIKE: bool = true;

    #[inline]
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Eli> {
        reader::drive(self, input, cx)
    }

    fn to_json(&self, value: Eli) -> Value {
        Value::String(value.uri())
    }

    fn schema(&self) -> serde_json::Value {
        crate::reader::fragment(
            "An act, as its ELI URI (http://data.europa.eu/eli/… or https://www.e-sbirka.cz/eli/cz/…).".into(),
            serde_json::json!({"type": "string", "format": "uri"}),
            &["string", "array", "null"],
            "CELEX numbers and citations (Regulation (EU) 2016/679, zákon č. 89/2012 Sb.).",
        )
    }
}

impl Grammar for EliOptions {
    /// A text of several acts asks naming each ([`several_acts`]), not by the general rule.
    const SEVERAL: bool = false;

    fn door(&self) -> Door {
        Door::strings(MAX_SCALAR_CHARS)
    }

    fn placeholders(&self) -> Placeholders {
        Placeholders::WhenNothing(&["eli", "eli uri", "celex"])
    }

    fn grammar(&self, scalar: Scalar<'_>, input: &Input<'_>, cx: &Context<'_>) -> Option<Outcome<Eli>> {
        let text = scalar.text();
        let (clean, _) = spelling::clean_edges(text);
        let (found, punctuation) = find(clean);
        // A text naming two acts (`Regulation (EU) 2016/679 and Directive (EU) 2016/680`, `GDPR,
        // AI Act`) is no one act, though its first citation reads: it asks, naming each.
        let found = match found {
            Found::Eli(..) | Found::Nothing | Found::Refused(_) if clean.contains([',', ';', ' ']) => {
                several_acts(clean, cx).map_or(found, Found::Acts)
            }
            other => other,
        };
        Some(match found {
            Found::Eli(eli, code, extra) => {
                let uri = eli.uri();
                if uri == text {
                    return Some(Outcome::ok(eli));
                }
                let detail = match (code, title_of(&eli)) {
                    (NoteCode::ShortTitleReadAsEli, Some((citation, source))) => {
                        format!(", {citation} (the short title is from {source})")
                    }
                    _ => String::new(),
                };
                let mut out = Outcome::ok(eli).note(Note::read_as_quoted(code, input, &uri, &detail));
                if punctuation {
                    out.notes.push(Note::new(
                        NoteCode::TrailingPunctuationRemoved,
                        "The punctuation after the identifier belongs to the sentence and was left out.".to_owned(),
                    ));
                }
                if let Some(extra) = extra {
                    out.notes.push(Note::new(NoteCode::EliTypeMayBeAlias, extra.trim().to_owned()));
                }
                out
            }
            Found::Several(readings) => acts_ask(
                input,
                "an act named with its type (regulation, directive, decision, zákon … Sb.) or its ELI".to_owned(),
                readings,
            ),
            Found::Acts(readings) => {
                let n = readings.len();
                acts_ask(
                    input,
                    format!("one act; {} names {n}, and the property takes one", input.to_json_text()),
                    readings,
                )
            }
            Found::Nothing | Found::Refused(_) => return None,
        })
    }

    fn nothing(&self, scalar: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Outcome<Eli> {
        let (clean, _) = spelling::clean_edges(scalar.text());
        let why = match find(clean).0 {
            Found::Refused(why) => why,
            _ => "it is not an ELI, a CELEX number or a citation of an act".to_owned(),
        };
        Outcome::ask(not_an_eli(input, &why))
    }

    fn unexpected(&self, input: &Input<'_>) -> Ask {
        unexpected(input)
    }
}

/// The `ambiguous_act` ask naming each act a text may mean.
fn acts_ask(input: &Input<'_>, expected: String, readings: Vec<(Eli, String)>) -> Outcome<Eli> {
    let choices =
        readings.into_iter().map(|(e, m)| (e.uri(), m.clone(), format!("{} ({m})", quoted(&e.uri())))).collect();
    Outcome::ask(Ask::choices(AskCode::AmbiguousAct, input, expected, choices))
}

fn not_an_eli(input: &Input<'_>, why: &str) -> Ask {
    Ask::new(
        AskCode::NotAnEli,
        input,
        format!(
            "an ELI URI, a CELEX number, or a citation such as \"Regulation (EU) 2016/679\" or \"89/2012 Sb.\" ({why})"
        ),
        "set to the act's ELI URI, its CELEX number, or a citation with the act's type",
    )
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(input, "an ELI or a citation as a JSON string", "set to the act's ELI URI as a JSON string")
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    fn padded(haystack: &str, needle: &str) -> bool {
        format!(" {haystack} ").contains(&format!(" {needle} "))
    }

    fn contains(haystack: &str, needle: &str) -> bool {
        let words: Vec<&str> = haystack.split(' ').collect();
        super::words_contain(&words, needle)
    }

    proptest! {
        /// The lookup by first words finds the entry the scan of every entry finds.
        #[test]
        fn type_of_is_the_first_entry_contained(
            picks in proptest::collection::vec(prop_oneof![
                proptest::sample::select(super::TYPE_WORDS.iter().map(|(w, _)| *w).collect::<Vec<_>>()),
                proptest::sample::select(vec!["eu", "the", "of", "commission", "regulation", "nariadenie", "x"]),
            ], 0..5),
        ) {
            let text = picks.join(" ");
            let words: Vec<&str> = text.split(' ').collect();
            let scanned = super::TYPE_WORDS.iter().find(|(w, _)| super::words_contain(&words, w)).map(|(_, k)| *k);
            prop_assert_eq!(super::type_of(&words), scanned);
        }
    }

    #[test]
    fn type_words_and_markers_are_single_spaced_words() {
        let words = super::TYPE_WORDS.iter().map(|(w, _)| *w).chain(super::DELEGATED_MARKERS.iter().copied());
        for w in words {
            assert!(!w.is_empty() && w.split(' ').all(|p| !p.is_empty()), "{w:?}");
            assert_eq!(crate::spelling::fold::fold_name(w), w, "{w:?} is a name key");
        }
    }

    #[test]
    fn whole_words_as_the_padded_text_finds_them() {
        for (h, n) in [
            ("regulation of the council", "regulation"),
            ("council regulation", "regulation"),
            ("deregulation", "regulation"),
            ("ba a a", "a a"),
            ("narizeni vlady", "narizeni"),
            ("", "x"),
            ("x", "x y"),
            ("commission delegated regulation", "delegated regulation"),
        ] {
            assert_eq!(contains(h, n), padded(h, n), "{h:?} {n:?}");
        }
    }

    proptest! {
        /// For a name key and a type word (single spaces, no empty word), the same as the
        /// padded rule.
        #[test]
        fn whole_words_match_the_padded_rule(h in proptest::collection::vec("[abé]{1,3}", 0..6),
                                             n in proptest::collection::vec("[abé]{1,3}", 1..3)) {
            let (h, n) = (h.join(" "), n.join(" "));
            prop_assert_eq!(contains(&h, &n), padded(&h, &n));
        }
    }
}
