//! `data/dates.rs`: month, weekday, relative-day and other date words of the date locales
//! (`cldr-dates-full`, `cldr-numbers-full`, `cldr-units-full`, `cldr-rbnf`).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

use serde_json::Value;

use super::folds::{self, key as word_key};

use super::numbers::{count_words, ordinal_words};
use super::pattern::{pattern_literals, pattern_pieces, patterns, Glued, Piece};
use super::scales::unit_sides;
use super::source::{object, optional_json, package_version, read_json, DateLocales};
use super::words::Words;
use super::write::{header, version_const, write_packed, write_pairs_owned, write_strings};
use super::Generated;

/// The decimal digits of every numeric CLDR numbering system and their values (`八` of
/// `hanidec` is 8): the date reader reads them as digits before its grammar.
fn cldr_digit_values(dir: &Path) -> Result<BTreeMap<char, u32>, String> {
    let json = read_json(&dir.join("cldr-core/supplemental/numberingSystems.json"))?;
    let systems = object(&json, "/supplemental/numberingSystems", "numberingSystems")?;
    let mut values = BTreeMap::new();
    for digits in systems
        .values()
        .filter(|s| s.get("_type").and_then(Value::as_str) == Some("numeric"))
        .filter_map(|s| s.get("_digits").and_then(Value::as_str))
    {
        for (value, c) in (0u32..).zip(digits.chars()) {
            values.insert(c, value);
        }
    }
    Ok(values)
}

/// The word the names of Monday to Saturday start with, when each is that word and the
/// weekday's number in digits of some numbering system (Chinese `星期一` to `星期六`), folded.
fn weekday_prefix(days: &serde_json::Map<String, Value>, values: &BTreeMap<char, u32>) -> Option<String> {
    let mut prefix: Option<String> = None;
    for (n, key) in (1u32..).zip(["mon", "tue", "wed", "thu", "fri", "sat"]) {
        let name = days.get(key)?.as_str()?;
        let last = name.chars().last()?;
        let head = name.strip_suffix(last)?;
        if values.get(&last) != Some(&n) || head.is_empty() || prefix.as_deref().is_some_and(|p| p != head) {
            return None;
        }
        prefix = Some(head.to_owned());
    }
    prefix.map(|p| word_key(&p))
}

/// A word worth keeping as a date word: no digits of any numbering system (`"1月"`, `"八月"`,
/// `"M01"` are read as numbers: the grammar reads `8月` itself), and at least `min` characters
/// when it is ASCII.
fn date_word(key: &str, min: usize, digits: &std::collections::BTreeSet<char>) -> bool {
    !key.is_empty()
        && !key.chars().any(|c| c.is_numeric() || digits.contains(&c))
        && (key.chars().count() >= min || !key.is_ascii() && key.chars().count() >= 2)
}

/// A locale's relative-time patterns with a count (`dateFields.json`: `relativeTime-type-past`
/// and `-future` of the day, week, month and year fields in their wide, short and narrow
/// forms), keyed `before#after` around the count ([`word_key`] of each side).
fn relative_counts(fields: &Value, lang: &str, counts: &mut Words<i8>, ones: &mut OneCounts) {
    for (unit, field) in [(1i8, "day"), (2, "week"), (3, "month"), (4, "year")] {
        for width in ["", "-short", "-narrow"] {
            for (sign, kind) in [(1i8, "future"), (-1, "past")] {
                let at = format!("/main/{lang}/dates/fields/{field}{width}/relativeTime-type-{kind}");
                let Some(patterns) = fields.pointer(&at).and_then(Value::as_object) else { continue };
                for (category, pattern) in patterns.iter().filter_map(|(k, v)| Some((k, v.as_str()?))) {
                    // The count one or two written in words, with no number (Arabic `قبل يوم
                    // واحد`, `خلال يومين`; Welsh `ymhen deuddydd`): the whole pattern is the
                    // words after a count written as nothing, the count ten times over the unit.
                    let words_only = [("-one", 0i8), ("-two", 10)].iter().find(|(c, _)| category.ends_with(c));
                    if let (false, Some((_, count))) = (pattern.contains("{0}"), words_only) {
                        let key = format!("#{}", word_key(pattern));
                        if key.chars().filter(|c| c.is_alphabetic()).count() >= 3 {
                            ones.one.add(key, sign * (unit + count));
                        }
                        continue;
                    }
                    if let Some((before, after)) = pattern.split_once("{0}") {
                        let key = format!("{}#{}", word_key(before), word_key(after));
                        // Letters enough to name a unit: `+{0} j` and `{0}w` are too short to
                        // tell a day from a minute or a metre in a value meant as a date.
                        let letters = key.chars().filter(|c| c.is_alphabetic()).count();
                        if letters >= 3 || !key.is_ascii() && letters >= 2 {
                            // A count with words before and at least two after, the unit and a
                            // word of its direction, reads without the words before, as speech
                            // drops them (Danish `for 3 dage siden`: `3 dage siden`, Swedish `3
                            // dagar sedan`): the words after still say which way.
                            let (before, after) = (word_key(before), word_key(after));
                            if !before.is_empty() && after.split(' ').count() >= 2 {
                                counts.add(format!("#{after}"), sign * unit);
                            }
                            counts.add(key.clone(), sign * unit);
                            // The long form of the count one, apart from every other count's:
                            // its words alone say one (`před týdnem`, `tydzień temu`).
                            if category.ends_with("-one") && width.is_empty() {
                                ones.one.add(key, sign * unit);
                            } else {
                                ones.other.insert(key);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The patterns of the count one ([`relative_counts`]), and the keys of every other count's.
struct OneCounts {
    pub(super) one: Words<i8>,
    pub(super) other: std::collections::BTreeSet<String>,
}

/// A locale's words of the month, quarter and year before, of and after today's, and of a
/// weekday of the week before, of and after today's (`dateFields.json`: `relative-type--1`,
/// `-0`, `-1` of those fields in every width: `last month`, `next Friday`), keyed by
/// [`word_key`], with the digit-free words of three or more letters [`date_word`] keeps. The
/// unit is 3 month, 4 year, 5 quarter, 6 to 12 Monday to Sunday. A weekday's phrase of no word
/// of three letters is left out (Turkmen's short `şu an.`, this Friday, is Turkish's `şu an`,
/// right now, which CLDR does not write): its abbreviation names other things elsewhere.
fn relative_periods(fields: &Value, lang: &str, digits: &std::collections::BTreeSet<char>, periods: &mut Words<i8>) {
    let weekdays = (6i8..).zip(["mon", "tue", "wed", "thu", "fri", "sat", "sun"]);
    for (unit, field) in [(3i8, "month"), (4, "year"), (5, "quarter")].into_iter().chain(weekdays) {
        relative_types(fields, lang, field, digits, |key, offset| {
            let tiny = unit >= 6 && key.split(' ').all(|w| w.chars().count() < 3);
            if !tiny {
                periods.add(key, 10 * unit + offset + 1);
            }
        });
    }
}

/// The words of one field's `relative-type--1`, `-0` and `-1` in every width (`dateFields.json`:
/// `{field}`, `{field}-short`, `{field}-narrow`), keyed by [`word_key`], each [`date_word`]
/// keeps, with its offset.
fn relative_types(
    fields: &Value,
    lang: &str,
    field: &str,
    digits: &std::collections::BTreeSet<char>,
    mut add: impl FnMut(String, i8),
) {
    for width in ["", "-short", "-narrow"] {
        for offset in -1i8..=1 {
            let at = format!("/main/{lang}/dates/fields/{field}{width}/relative-type-{offset}");
            if let Some(word) = fields.pointer(&at).and_then(Value::as_str) {
                let key = folds::meant(word, &format!("rel-{field}"), offset);
                if date_word(&key, 3, digits) {
                    add(key, offset);
                }
            }
        }
    }
}

/// The words a locale puts before or after a weekday's name to say the one of the week before,
/// of or after today's (`dateFields.json`: each weekday field's `relative-type--1`, `-0` and
/// `-1`, with the weekday's wide name of `ca-gregorian.json` taken out: `next` of `next Monday`,
/// `prochain` of `lundi prochain`, `nächsten` of `nächsten Montag`), keyed by [`word_key`], of
/// three letters or more (`to`, Slovak's "this", is English's "to"). The value is the offset
/// plus one, plus 3 for a word after the name.
fn weekday_modifiers(fields: &Value, cal: &Value, lang: &str, modifiers: &mut Words<i8>) {
    for day in ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] {
        let names: BTreeSet<String> = ["format", "stand-alone"]
            .iter()
            .filter_map(|context| cal.pointer(&format!("/days/{context}/wide/{day}")).and_then(Value::as_str))
            .map(word_key)
            .collect();
        for offset in -1i8..=1 {
            let at = format!("/main/{lang}/dates/fields/{day}/relative-type-{offset}");
            let Some(phrase) = fields.pointer(&at).and_then(Value::as_str).map(word_key) else { continue };
            for name in &names {
                let (word, after) = match (phrase.strip_suffix(name.as_str()), phrase.strip_prefix(name.as_str())) {
                    (Some(before), _) if before.ends_with(' ') => (before.trim(), 0),
                    (_, Some(rest)) if rest.starts_with(' ') => (rest.trim(), 3),
                    _ => continue,
                };
                if word.chars().filter(|c| c.is_alphabetic()).count() >= 3 && !word.chars().any(char::is_numeric) {
                    modifiers.add(word.to_owned(), offset + 1 + after);
                }
            }
        }
    }
}

/// The short names of CLDR's metazones and zones in the `modern` locales (`timeZoneNames.json`:
/// `PST`, `CET`, `BST`, `MESZ`) of three to five ASCII letters, lower case.
fn zone_abbreviations(dir: &Path, modern: &[String]) -> Result<BTreeSet<String>, String> {
    let mut out = BTreeSet::new();
    for lang in modern {
        let path = dir.join(format!("cldr-dates-full/main/{lang}/timeZoneNames.json"));
        let json = read_json(&path)?;
        let names = json.pointer(&format!("/main/{lang}/dates/timeZoneNames")).cloned().unwrap_or(Value::Null);
        let mut stack = vec![&names];
        while let Some(v) = stack.pop() {
            let Some(map) = v.as_object() else { continue };
            for (k, v) in map {
                match (k.as_str(), v.as_object()) {
                    ("short", Some(short)) => {
                        let short = short.values().filter_map(Value::as_str);
                        let abbreviations =
                            short.filter(|n| (3..=5).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_alphabetic()));
                        out.extend(abbreviations.map(str::to_ascii_lowercase));
                    }
                    _ => stack.push(v),
                }
            }
        }
    }
    Ok(out)
}

/// A locale's words of the week before, of and after today's (`dateFields.json`: the week
/// field's `relative-type--1`, `-0`, `-1` in every width: `last week`, `tento týden`, `nächste
/// Woche`), keyed by [`word_key`], with the words [`date_word`] keeps; the value is the offset.
fn relative_weeks(fields: &Value, lang: &str, digits: &std::collections::BTreeSet<char>, weeks: &mut Words<i8>) {
    relative_types(fields, lang, "week", digits, |key, offset| weeks.add(key, offset));
}

/// A locale's names of the quarters (`quarters`, format and stand-alone, abbreviated and wide:
/// `Q1`, `1st quarter`, `T1`, `1. čtvrtletí`, `I kwartał`, `第1四半期`), keyed by [`word_key`]
/// of the name with its digits as ASCII, their value the quarter's number. The narrow forms are
/// the bare digits, left out.
fn quarter_names(cal: &Value, digits: &BTreeMap<char, u32>, quarters: &mut Words<u8>) {
    for context in ["format", "stand-alone"] {
        for width in ["abbreviated", "wide"] {
            let Some(names) = cal.pointer(&format!("/quarters/{context}/{width}")).and_then(Value::as_object) else {
                continue;
            };
            for (k, name) in names {
                let (Ok(n), Some(name)) = (k.parse::<u8>(), name.as_str()) else { continue };
                // The digits of any numbering system as ASCII, as the date reader sees them
                // (Chinese `第一季度` is `第1季度` to it, and Japanese `第1四半期` `第14半期`).
                let ascii: String =
                    name.chars().map(|c| digits.get(&c).and_then(|v| char::from_digit(*v, 10)).unwrap_or(c)).collect();
                let key = word_key(&ascii);
                if key.chars().any(char::is_alphabetic) {
                    quarters.add(key, n);
                }
            }
        }
    }
}

/// The word every month name of a set starts with, when each is that word and the month's
/// number (Vietnamese `tháng 11`, `thg 11`), folded.
fn month_prefix(names: &serde_json::Map<String, Value>) -> Option<String> {
    let mut prefix: Option<String> = None;
    for (k, name) in names {
        let number = k.split('-').next()?;
        let head = name.as_str()?.strip_suffix(number)?.trim_end();
        if head.is_empty() || head.chars().any(char::is_numeric) || prefix.as_deref().is_some_and(|p| p != head) {
            return None;
        }
        prefix = Some(head.to_owned());
    }
    prefix.map(|p| word_key(&p))
}

/// What every month name of a set writes after the month's number, when each is the number and
/// that (Mongolian `11-р сар`), lower case; not one letter (Chinese, Japanese and Korean's
/// `11月`, `11월`, which the date reader reads as units).
fn month_suffix(names: &serde_json::Map<String, Value>) -> Option<String> {
    let mut suffix: Option<String> = None;
    for (k, name) in names {
        let number = k.split('-').next()?;
        let tail = name.as_str()?.strip_prefix(number)?;
        if tail.chars().nth(1).is_none()
            || tail.chars().any(char::is_numeric)
            || suffix.as_deref().is_some_and(|s| s != tail)
        {
            return None;
        }
        suffix = Some(tail.to_owned());
    }
    suffix.map(|s| s.to_lowercase())
}

/// The languages whose months take a locative case after "in" (`v říjnu`, `w październiku`,
/// `в октябре`, `u siječnju`, `v januarju`), and the endings their locative puts in place of the
/// genitive's last vowel: grammar, like the date reader's fillers. CLDR writes each month's
/// genitive (the format context's wide name), not its locative: the locative is built from it.
const LOCATIVES: &[(&str, &[&str])] = &[
    ("cs", &["u", "i"]),
    ("sk", &["i", "e"]),
    ("pl", &["u"]),
    ("ru", &["\u{435}"]),
    ("uk", &["\u{456}"]),
    ("be", &["\u{456}", "\u{443}"]),
    ("hr", &["u", "i"]),
    ("bs", &["u"]),
    ("sr", &["\u{443}"]),
    ("sr-Latn", &["u"]),
    ("sl", &["u"]),
];

/// The [`LOCATIVES`] languages whose "in" before a month is Latin `u` (`u listopadu`).
const AFTER_U: &[&str] = &["hr", "bs", "sr-Latn"];

/// The months' locative forms of a [`LOCATIVES`] language, into `words`: each genitive (the
/// calendar's format wide name) without its last vowel, with each ending. A form two languages
/// give different months names both (it asks); a form some other date word already is stays
/// that word (the caller adds only new words).
fn locative_months(
    cal: &Value,
    (lang, endings): (&str, &[&str]),
    digits: &std::collections::BTreeSet<char>,
    words: &mut Words<u8>,
) -> Result<(), String> {
    const VOWELS: &str =
        "aeiouy\u{e1}\u{e9}\u{ed}\u{fd}\u{11b}\u{430}\u{435}\u{438}\u{456}\u{43e}\u{443}\u{44b}\u{44f}\u{44e}";
    let names = cal
        .pointer("/months/format/wide")
        .and_then(Value::as_object)
        .ok_or_else(|| format!("{lang}: no months/format/wide"))?;
    for (k, name) in names {
        let number: u8 = k.parse().map_err(|_| format!("{lang}: month key {k}"))?;
        let name = name.as_str().ok_or(format!("{lang}: month {k} is not a string"))?.to_lowercase();
        let stem = name.strip_suffix(|c: char| VOWELS.contains(c)).unwrap_or(&name);
        for ending in endings {
            let key = word_key(&format!("{stem}{ending}"));
            if date_word(&key, 4, digits) {
                words.add(key, number);
            }
        }
    }
    Ok(())
}

/// A name the date reader's tokens can hold: letters and their marks, with at most four words
/// (`MAX_NAME_WORDS` of the grammar) joined by spaces, hyphens, apostrophes or points. The
/// modern and basic locales' names all are (the grammar's tests read every one); of the rest,
/// the others (`mwai wa ikumi na ili`, Shavian's `·` before a name) are left out.
fn readable_name(key: &str) -> bool {
    key.split(' ').count() <= 4
        && key.chars().all(|c| {
            c.is_alphabetic()
                || unicode_normalization::char::is_combining_mark(c)
                || matches!(c, ' ' | '-' | '\'' | '.')
        })
}

/// The month, weekday and relative-day words of a set of locales.
struct DateWords {
    pub(super) months: Words<u8>,
    pub(super) weekdays: Words<u8>,
    pub(super) relative: Words<i8>,
}

impl DateWords {
    pub(super) fn new() -> Self {
        Self { months: Words::new(), weekdays: Words::new(), relative: Words::new() }
    }

    /// The words of `other` that none of `self`'s tables has, with every meaning `other` gives.
    pub(super) fn add_new(&mut self, other: Self) {
        let known = |w: &str| self.months.has(w) || self.weekdays.has(w) || self.relative.has(w);
        let months = other.months.without(known);
        let weekdays = other.weekdays.without(known);
        let relative = other.relative.without(known);
        self.months.add_new(months);
        self.weekdays.add_new(weekdays);
        self.relative.add_new(relative);
    }
}

/// The words that name a month or weekday with its number (`tháng 11`, `星期一`), and the
/// digit values they are read with.
struct Prefixes {
    pub(super) months: std::collections::BTreeSet<String>,
    /// What follows a month's number in every month's name (Mongolian `11-р сар`).
    pub(super) month_suffixes: std::collections::BTreeSet<String>,
    pub(super) weekdays: std::collections::BTreeSet<String>,
    pub(super) digits: BTreeMap<char, u32>,
}

/// The gregorian month and weekday names of one locale, into the tables.
fn calendar_words(
    cal: &Value,
    lang: &str,
    digits: &std::collections::BTreeSet<char>,
    months: &mut Words<u8>,
    weekdays: &mut Words<u8>,
    prefixes: &mut Prefixes,
    widths: &[&str],
) -> Result<(), String> {
    for context in ["format", "stand-alone"] {
        for width in widths {
            let names = cal
                .pointer(&format!("/months/{context}/{width}"))
                .and_then(Value::as_object)
                .ok_or_else(|| format!("{lang}: no months/{context}/{width}"))?;
            if let Some(prefix) = month_prefix(names) {
                prefixes.months.insert(prefix);
            }
            if let Some(suffix) = month_suffix(names) {
                prefixes.month_suffixes.insert(suffix);
            }
            for (k, name) in names {
                let number: u8 =
                    k.split('-').next().and_then(|n| n.parse().ok()).ok_or(format!("{lang}: month key {k}"))?;
                let key =
                    folds::meant(name.as_str().ok_or(format!("{lang}: month {k} is not a string"))?, "month", number);
                if date_word(&key, 3, digits) {
                    months.add_in(key, number, lang);
                }
            }
            let days = cal
                .pointer(&format!("/days/{context}/{width}"))
                .and_then(Value::as_object)
                .ok_or_else(|| format!("{lang}: no days/{context}/{width}"))?;
            if let Some(prefix) = weekday_prefix(days, &prefixes.digits) {
                prefixes.weekdays.insert(prefix);
            }
            for (k, name) in days {
                let number = match k.split('-').next().unwrap_or_default() {
                    "mon" => 1,
                    "tue" => 2,
                    "wed" => 3,
                    "thu" => 4,
                    "fri" => 5,
                    "sat" => 6,
                    "sun" => 7,
                    other => return Err(format!("{lang}: weekday key {other}")),
                };
                let key = folds::meant(
                    name.as_str().ok_or(format!("{lang}: weekday {k} is not a string"))?,
                    "weekday",
                    number,
                );
                if date_word(&key, 2, digits) {
                    // A name of two words joined by a hyphen is also written with a space
                    // (Portuguese `segunda-feira`: `segunda feira`).
                    if key.contains('-') && !key.starts_with('-') && !key.ends_with('-') {
                        weekdays.add_in(key.replace('-', " "), number, lang);
                    }
                    weekdays.add_in(key, number, lang);
                }
            }
        }
    }
    Ok(())
}

/// The words a locale writes beside a time of day, folded: its names of the day periods (`am`,
/// `pm`, and the flexible `in the morning`, `noon`, `காலை`: abbreviated and wide, format and
/// stand-alone), the literal words of its time
/// formats and hour-minute-second skeletons (German `HH 'Uhr'`, Bulgarian `H:mm 'ч'.`), and the
/// words its date-time formats join a date and a time with (`at`, `à`, `kl.`, `a las`).
fn time_words(cal: &Value, digits: &std::collections::BTreeSet<char>, out: &mut std::collections::BTreeSet<String>) {
    let mut texts: Vec<String> = Vec::new();
    for context in ["format", "stand-alone"] {
        for width in ["abbreviated", "wide"] {
            if let Some(periods) = cal.pointer(&format!("/dayPeriods/{context}/{width}")).and_then(Value::as_object) {
                // Every period: am and pm, and the flexible ones (`in the morning`, `காலை`,
                // `noon`) that CLDR's `B` patterns write beside a time.
                texts.extend(periods.values().filter_map(Value::as_str).map(str::to_owned));
            }
        }
    }
    let timed = |skeleton: &str| {
        skeleton.chars().all(|c| matches!(c, 'H' | 'h' | 'K' | 'k' | 'm' | 's' | 'a' | 'B' | 'v' | 'z'))
    };
    for p in patterns(cal, "/timeFormats", timed) {
        for piece in pattern_pieces(p) {
            if let Piece::Literal(text) = piece {
                texts.extend(text.split(|c: char| c.is_whitespace() || matches!(c, ':' | '.')).map(str::to_owned));
            }
        }
    }
    // The words that join a date and its time (`{1} 'at' {0}`, `{1} 'a' 'las' {0}`): each
    // word, and the words together.
    let mut joins: Vec<&str> = Vec::new();
    for path in ["/dateTimeFormats", "/dateTimeFormats-atTime/standard"] {
        for width in ["full", "long", "medium", "short"] {
            joins.extend(cal.pointer(&format!("{path}/{width}")).and_then(Value::as_str));
        }
    }
    for p in joins {
        for piece in pattern_pieces(&p.replace("{0}", " ").replace("{1}", " ")) {
            if let Piece::Literal(text) = piece {
                let words: Vec<&str> =
                    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '\u{60c}')).collect();
                texts.push(words.iter().filter(|w| !w.is_empty()).copied().collect::<Vec<_>>().join(" "));
                texts.extend(words.into_iter().map(str::to_owned));
            }
        }
    }
    for text in texts {
        let key = word_key(&text);
        if key.chars().any(char::is_alphabetic) && !key.chars().any(|c| c.is_numeric() || digits.contains(&c)) {
            out.insert(key);
        }
    }
}

/// The words a locale's date patterns write around the numbers (`г.` after a Russian year,
/// `gada` in Latvian, `m.` and `d.` in Lithuanian), and its name of the common era (`ค.ศ.`):
/// from the date formats and the year-month-day skeletons of `ca-gregorian.json`. The letters
/// glued to a month or weekday name go to `glued`.
fn pattern_words(cal: &Value, digits: &std::collections::BTreeSet<char>, glued: &mut Glued) -> Vec<String> {
    let mut texts: Vec<String> = Vec::new();
    let dated = |skeleton: &str| skeleton.contains('y') && skeleton.chars().all(|c| matches!(c, 'y' | 'M' | 'd' | 'E'));
    for p in patterns(cal, "/dateFormats", dated) {
        texts.extend(pattern_literals(p));
        glued.add(&pattern_pieces(p));
    }
    if let Some(eras) = cal.pointer("/eras/eraAbbr").and_then(Value::as_object) {
        texts.extend(
            eras.iter()
                .filter(|(k, _)| k.split('-').next() == Some("1"))
                .filter_map(|(_, v)| v.as_str())
                .map(str::to_owned),
        );
    }
    let mut words = Vec::new();
    for text in texts {
        // Split as the date reader splits: at spaces, dots, hyphens and slashes.
        for word in word_key(&text).split([' ', '.', '-', '/']) {
            let word = word.trim_end_matches('\u{970}');
            if !word.is_empty() && !word.chars().any(|c| c.is_numeric() || digits.contains(&c)) {
                words.push(word.to_owned());
            }
        }
    }
    words
}

/// Checks that CLDR's root month names are `M` glued to the month's two digits (`M01`-`M12`),
/// as the date grammar reads them: the generator fails when the pinned data says otherwise.
fn check_root_months(dir: &Path) -> Result<(), String> {
    let root = read_json(&dir.join("cldr-dates-full/main/und/ca-gregorian.json"))?;
    for width in ["abbreviated", "wide"] {
        for m in 1..=12 {
            let at = format!("/main/und/dates/calendars/gregorian/months/format/{width}/{m}");
            let name = root.pointer(&at).and_then(Value::as_str).unwrap_or_default();
            if name != format!("M{m:02}") {
                return Err(format!(
                    "CLDR's root month {m} is {name:?}, not M{m:02}: the date grammar's M01-M12 rule needs a look"
                ));
            }
        }
    }
    Ok(())
}

/// The gregorian calendar of one locale (`cldr-dates-full/main/{lang}/ca-gregorian.json`).
fn gregorian(dir: &Path, lang: &str) -> Result<Value, String> {
    let mut greg = read_json(&dir.join(format!("cldr-dates-full/main/{lang}/ca-gregorian.json")))?;
    greg.pointer_mut(&format!("/main/{lang}/dates/calendars/gregorian"))
        .map(Value::take)
        .ok_or_else(|| format!("{lang}: no gregorian calendar"))
}

/// What stands between the two dates of a range in a calendar's interval fallback (`{0} – {1}`:
/// `–`), trimmed, if anything.
fn interval_joiner(cal: &Value) -> Option<String> {
    let fallback = cal.pointer("/dateTimeFormats/intervalFormats/intervalFormatFallback").and_then(Value::as_str)?;
    let joiner = fallback.split_once("{0}").and_then(|(_, r)| r.split_once("{1}")).map(|(j, _)| j.trim());
    joiner.filter(|j| !j.is_empty()).map(str::to_owned)
}

/// Relative-day words CLDR's date fields do not write, with the language, the offset from today
/// and the dictionary that gives each: a word another language's CLDR fields give another
/// offset then asks with both.
const DICTIONARY_RELATIVE_DAYS: &[(&str, &str, i8, &str)] = &[
    // Cantonese 前日 (CLDR yue) is the day before yesterday.
    (
        "前日",
        "ja",
        -1,
        "JMdict (Electronic Dictionary Research and Development Group), 前日 ぜんじつ: the previous day",
    ),
];

/// A locale's relative-day words (`dateFields.json`: the day field's `relative-type--2` to `2`,
/// and the second field's `relative-type-0`, `now`, as today), and its words of
/// [`DICTIONARY_RELATIVE_DAYS`], into `relative`.
fn relative_days(fields: &Value, lang: &str, digits: &BTreeSet<char>, relative: &mut Words<i8>) -> Result<(), String> {
    for (word, _, offset, _) in DICTIONARY_RELATIVE_DAYS.iter().filter(|(_, l, _, _)| *l == lang) {
        relative.add(folds::meant(word, "rel-day", *offset), *offset);
    }
    let day = fields.pointer(&format!("/main/{lang}/dates/fields/day")).ok_or(format!("{lang}: no day field"))?;
    for offset in -2i8..=2 {
        if let Some(word) = day.get(format!("relative-type-{offset}")).and_then(Value::as_str) {
            let key = folds::meant(word, "rel-day", offset);
            if date_word(&key, 3, digits) {
                // A preposition of one letter glued on, as it is written too (Swedish
                // and Danish `i går`, `idag`, `imorgon`).
                if let Some((head, rest)) =
                    key.split_once(' ').filter(|(h, r)| h.chars().count() == 1 && !r.contains(' '))
                {
                    relative.add(format!("{head}{rest}"), offset);
                }
                relative.add(key, offset);
            }
        }
    }
    // `now` (the second field's `relative-type-0`): today, as a date.
    if let Some(now) =
        fields.pointer(&format!("/main/{lang}/dates/fields/second/relative-type-0")).and_then(Value::as_str)
    {
        let key = folds::meant(now, "rel-day", 0);
        if date_word(&key, 3, digits) {
            relative.add(key, 0);
        }
    }
    Ok(())
}

/// Everything the date locales' calendars and date fields give, before the tables are settled.
struct Collected {
    digits: BTreeSet<char>,
    prefixes: Prefixes,
    /// The rest's prefixes, glued letters and time words stay out: collected here, unused.
    unused: Prefixes,
    glued: Glued,
    literals: BTreeSet<String>,
    times: BTreeSet<String>,
    /// The words of the modern, basic and other locales.
    tables: [DateWords; 3],
    /// The wide month and weekday names of the other locales.
    rest_wide: DateWords,
    counts: Words<i8>,
    ones: OneCounts,
    locatives: Words<u8>,
    after_u: Words<u8>,
    joiners: BTreeSet<String>,
    periods: Words<i8>,
    weeks: Words<i8>,
    quarters: Words<u8>,
    /// The words of `HOLIDAY_MODIFIERS`.
    modifiers: Words<i8>,
}

/// Both widths of month and weekday names.
const BOTH: [&str; 2] = ["wide", "abbreviated"];

impl Collected {
    /// Reads every locale of `locales`: the modern, then the basic, then the rest.
    fn read(dir: &Path, locales: &DateLocales) -> Result<Self, String> {
        let digit_values = cldr_digit_values(dir)?;
        let prefixes = |digits: BTreeMap<char, u32>| Prefixes {
            months: BTreeSet::new(),
            month_suffixes: BTreeSet::new(),
            weekdays: BTreeSet::new(),
            digits,
        };
        let mut c = Collected {
            digits: digit_values.keys().copied().collect(),
            unused: prefixes(digit_values.clone()),
            prefixes: prefixes(digit_values),
            glued: Glued::default(),
            literals: BTreeSet::new(),
            times: BTreeSet::new(),
            tables: [DateWords::new(), DateWords::new(), DateWords::new()],
            rest_wide: DateWords::new(),
            counts: Words::new(),
            ones: OneCounts { one: Words::new(), other: BTreeSet::new() },
            locatives: Words::new(),
            after_u: Words::new(),
            joiners: BTreeSet::new(),
            periods: Words::new(),
            weeks: Words::new(),
            quarters: Words::new(),
            modifiers: Words::new(),
        };
        for (tier, list) in [&locales.modern, &locales.basic].into_iter().enumerate() {
            for lang in list {
                c.add_locale(dir, lang, tier)?;
            }
        }
        for lang in &locales.rest {
            c.add_rest_locale(dir, lang)?;
        }
        Ok(c)
    }

    /// The locative month forms of a [`LOCATIVES`] language, and of those after Latin `u`.
    fn add_locatives(&mut self, cal: &Value, lang: &str) -> Result<(), String> {
        if let Some((l, endings)) = LOCATIVES.iter().find(|(l, _)| *l == lang) {
            locative_months(cal, (l, endings), &self.digits, &mut self.locatives)?;
            if AFTER_U.contains(l) {
                locative_months(cal, (l, endings), &self.digits, &mut self.after_u)?;
            }
        }
        Ok(())
    }

    /// Every word of a modern (`tier` 0) or basic (1) locale.
    fn add_locale(&mut self, dir: &Path, lang: &str, tier: usize) -> Result<(), String> {
        let cal = gregorian(dir, lang)?;
        self.add_locatives(&cal, lang)?;
        let words = &mut self.tables[tier];
        calendar_words(&cal, lang, &self.digits, &mut words.months, &mut words.weekdays, &mut self.prefixes, &BOTH)?;
        quarter_names(&cal, &self.prefixes.digits, &mut self.quarters);
        time_words(&cal, &self.digits, &mut self.times);
        self.joiners.extend(interval_joiner(&cal));
        self.literals.extend(pattern_words(&cal, &self.digits, &mut self.glued));
        let fields = read_json(&dir.join(format!("cldr-dates-full/main/{lang}/dateFields.json")))?;
        relative_days(&fields, lang, &self.digits, &mut self.tables[tier].relative)?;
        relative_counts(&fields, lang, &mut self.counts, &mut self.ones);
        // No count stands in these phrases: the Han numerals of a weekday's name stay words
        // (`上周二`, last Tuesday), and only a number's characters leave a phrase out.
        relative_periods(&fields, lang, &BTreeSet::new(), &mut self.periods);
        relative_weeks(&fields, lang, &self.digits, &mut self.weeks);
        weekday_modifiers(&fields, &cal, lang, &mut self.modifiers);
        Ok(())
    }

    /// The words of a locale of neither tier. The rest add their wide names only; their
    /// abbreviations count as meanings, so a wide name that is another locale's abbreviation of
    /// another month asks. Their relative-day words stay out: short everyday words elsewhere
    /// (`more`, `pan`, `len`) that a single-word value would be read as.
    fn add_rest_locale(&mut self, dir: &Path, lang: &str) -> Result<(), String> {
        let cal = gregorian(dir, lang)?;
        self.add_locatives(&cal, lang)?;
        let (digits, unused) = (&self.digits, &mut self.unused);
        let words = &mut self.tables[2];
        calendar_words(&cal, lang, digits, &mut words.months, &mut words.weekdays, unused, &BOTH)?;
        let wide = &mut self.rest_wide;
        calendar_words(&cal, lang, digits, &mut wide.months, &mut wide.weekdays, unused, &["wide"])?;
        self.literals.extend(pattern_words(&cal, digits, &mut Glued::default()));
        Ok(())
    }

    /// The month, weekday and relative-day words of every tier, each only where no tier before
    /// has the word, then the locatives; and `MONTHS_AFTER_U`'s entries.
    fn settle_words(&mut self) -> (DateWords, Vec<(String, String)>) {
        let [mut main, basic, mut rest] =
            std::mem::replace(&mut self.tables, [DateWords::new(), DateWords::new(), DateWords::new()]);
        rest.months.one.retain(|k, _| self.rest_wide.months.has(k));
        rest.weekdays.one.retain(|k, _| self.rest_wide.weekdays.has(k));
        for words in [&mut rest.months, &mut rest.weekdays] {
            words.one.retain(|k, _| readable_name(k));
            words.several.retain(|k, _| readable_name(k));
        }
        main.add_new(basic);
        main.add_new(rest);
        // A locative after Latin `u` that another language's date word spells with another month
        // (Croatian `u listopadu`, October; Czech `listopadu`, November): the `u` settles it.
        let same_month = |k: &str, m: u8| main.months.one.get(k) == Some(&m);
        let after_u: Vec<(String, String)> = self
            .after_u
            .one
            .iter()
            .filter(|(k, m)| main.months.has(k) && !same_month(k, **m))
            .map(|(k, m)| (k.clone(), m.to_string()))
            .collect();
        // Last: a locative form names a month only where no locale's date word is the same word.
        let locatives = std::mem::replace(&mut self.locatives, Words::new());
        main.add_new(DateWords { months: locatives, weekdays: Words::new(), relative: Words::new() });
        (main, after_u)
    }
}

/// The English names of the months and (by [`word_key`]) of the weekdays from Monday.
fn english_names(dir: &Path) -> Result<(Vec<String>, Vec<String>), String> {
    let en = read_json(&dir.join("cldr-dates-full/main/en/ca-gregorian.json"))?;
    let months: Vec<String> = (1..=12)
        .map(|m| {
            en.pointer(&format!("/main/en/dates/calendars/gregorian/months/format/wide/{m}"))
                .and_then(Value::as_str)
                .map(str::to_owned)
                .ok_or(format!("no English name of month {m}"))
        })
        .collect::<Result<_, _>>()?;
    let weekdays: Vec<String> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| {
            en.pointer(&format!("/main/en/dates/calendars/gregorian/days/format/wide/{d}"))
                .and_then(Value::as_str)
                .map(word_key)
                .ok_or(format!("no English name of weekday {d}"))
        })
        .collect::<Result<_, _>>()?;
    Ok((months, weekdays))
}

/// `data/dates.rs`: month names (wide and abbreviated, format and stand-alone forms, with alt
/// variants), weekday names and the relative-day words of the [`date_locales`], keyed by
/// [`word_key`]. A word that means two different months (or weekdays, or days) in two
/// languages goes to an `AMBIGUOUS_` table with every meaning, so the reader asks. Sources:
/// `cldr-dates-full/main/{lang}/ca-gregorian.json` and `dateFields.json`.
pub(super) fn dates(dir: &Path, locales: &DateLocales) -> Result<Generated, String> {
    let version = package_version(dir, "cldr-dates-full")?;
    check_root_months(dir)?;
    let mut c = Collected::read(dir, locales)?;
    let (words, after_u) = c.settle_words();
    let (months_en, weekdays_en) = english_names(dir)?;
    let mut out = String::new();
    write_preamble(&mut out, &version, locales, &months_en);
    write_word_tables(&mut out, &words, &after_u);
    write_count_tables(&mut out, dir, &locales.modern, &c.counts, c.ones)?;
    write_interval_joiners(&mut out, c.joiners);
    let modifiers: Vec<(String, String)> =
        c.modifiers.one_entries().into_iter().filter(|(k, _)| !c.weeks.has(k)).collect();
    write_period_tables(&mut out, &words, c.periods, &c.quarters, c.weeks);
    write_year_and_pattern_words(&mut out, dir, &locales.modern, &words, &c.literals)?;
    write_word_lists(&mut out, &c.prefixes, &c.times, &c.glued, &weekdays_en);
    write_packed(
        &mut out,
        "HOLIDAY_MODIFIERS",
        "i8",
        "Words a locale puts before or after a weekday's name for the one of the week before, of or after today's, read before or after a holiday's name (`next` of CLDR's `next Monday`, `prochain` of `lundi prochain`, `nächsten` of `nächsten Montag`; three letters or more): the offset plus one (0 last, 1 this, 2 next), plus 3 for a word written after the name. Words two locales give different values, and week words (`nästa vecka`), are left out",
        &modifiers,
    );
    let zones = zone_abbreviations(dir, &locales.modern)?;
    let zones: Vec<&str> = zones.iter().map(String::as_str).collect();
    super::write::write_words(
        &mut out,
        "ZONE_ABBREVIATIONS",
        "The zones' abbreviations of CLDR's time zone names in the modern locales (`timeZoneNames.json`: every metazone's and zone's short names, `PST`, `CET`, `BST`, `MESZ`), of three to five ASCII letters, lower case, sorted: read after a time in any case (`8:00 pst`)",
        &zones,
    );
    let holidays = super::holidays::holidays(dir)?;
    write_packed(
        &mut out,
        "HOLIDAYS",
        "u32",
        "Holiday names (`Christmas Day`, `Weihnachten`, `Karfreitag`, `Рождество`) from the `date-holidays` package's `names.yaml` (CC0-1.0), each with its rule, or two (the second in the high 16 bits): `MMDD` for a fixed day, 10100 plus the days from Western Easter Sunday, 20100 plus the days from Orthodox Easter Sunday, 30000 plus `MMDD` for a day of the Julian calendar",
        &holidays.names,
    );
    out.push_str("\n/// Each rule of [`HOLIDAYS`] with its English name in `names.yaml`, sorted by rule.\npub static HOLIDAY_NAMES_EN: &[(u32, &str)] = &[\n");
    for (code, name) in &holidays.english {
        out.push_str(&format!("    ({code}, {name:?}),\n"));
    }
    out.push_str("];\n");
    Ok(Generated { path: "agent-input/src/data/dates.rs", text: out })
}

/// The header, the module doc, `CLDR_VERSION`, `LANGUAGES` and `MONTHS_EN`.
fn write_preamble(out: &mut String, version: &str, locales: &DateLocales, months_en: &[String]) {
    header(out, "cldr-dates-full", version);
    let list: Vec<String> = locales.modern.iter().chain(&locales.basic).map(|l| format!("{l:?}")).collect();
    let _ = writeln!(out, "//! Month, weekday and relative-day words of {} CLDR locales.", list.len());
    let _ = writeln!(out, "//! Keys are `agent_input::fold` of the CLDR name, without trailing dots.");
    let _ = writeln!(out);
    version_const(out, version);
    let _ = writeln!(out);
    let _ = writeln!(out, "/// The locales whose every date word the tables hold: every locale CLDR covers at the modern level, then the script variants of modern languages covered at the basic level (their words only where no modern locale uses them). Every other locale of cldr-dates-full adds its wide month and weekday names where no locale before uses the word.");
    let _ = writeln!(out, "pub const LANGUAGES: &[&str] = &[{}];", list.join(", "));
    let _ = writeln!(out);
    let _ = writeln!(out, "/// English month names, for messages.");
    let _ = writeln!(out, "pub const MONTHS_EN: [&str; 12] = [");
    for n in months_en {
        let _ = writeln!(out, "    \"{n}\",");
    }
    let _ = writeln!(out, "];");
}

/// `MONTHS`, `AMBIGUOUS_MONTHS`, `MONTHS_AFTER_U`, `WEEKDAYS`, `AMBIGUOUS_WEEKDAYS`,
/// `RELATIVE_DAYS` and `AMBIGUOUS_RELATIVE_DAYS`.
fn write_word_tables(out: &mut String, words: &DateWords, after_u: &[(String, String)]) {
    let DateWords { months, weekdays, relative } = words;
    write_packed(out, "MONTHS", "u8", "Month names and their numbers (1-12)", &months.one_entries());
    write_pairs_owned(
        out,
        "AMBIGUOUS_MONTHS",
        "Month names that name two or more months in different languages (numbers separated by spaces)",
        &months.several_entries(),
    );
    write_pairs_owned(
        out,
        "AMBIGUOUS_MONTH_LANGUAGES",
        "The languages that give each word of `AMBIGUOUS_MONTHS` each of its months (`cs:11 hr:10`: base language subtags, sorted), which a reader's `languages` option settles the word by",
        &months.several_languages(),
    );
    write_pairs_owned(
        out,
        "MONTHS_AFTER_U",
        "Locative month names that follow Latin `u` (\"in\") in Croatian, Bosnian and Serbian, where another language's date word spells another month alike (`u listopadu` is October; Czech `listopadu` November), and their month",
        after_u,
    );
    write_packed(out, "WEEKDAYS", "u8", "Weekday names and their ISO numbers (1 = Monday)", &weekdays.one_entries());
    write_pairs_owned(
        out,
        "AMBIGUOUS_WEEKDAYS",
        "Weekday names that name two or more weekdays in different languages",
        &weekdays.several_entries(),
    );
    write_pairs_owned(
        out,
        "AMBIGUOUS_WEEKDAY_LANGUAGES",
        "The languages that give each word of `AMBIGUOUS_WEEKDAYS` each of its weekdays, as `AMBIGUOUS_MONTH_LANGUAGES` lists them",
        &weekdays.several_languages(),
    );
    write_packed(
        out,
        "RELATIVE_DAYS",
        "i8",
        "Relative-day words and their offsets from today",
        &relative.one_entries(),
    );
    write_pairs_owned(
        out,
        "AMBIGUOUS_RELATIVE_DAYS",
        "Relative-day words that name two or more offsets in different languages",
        &relative.several_entries(),
    );
}

/// `RELATIVE_COUNTS`, `RELATIVE_ONES`, `COUNT_WORDS` and `ORDINAL_WORDS`.
fn write_count_tables(
    out: &mut String,
    dir: &Path,
    modern: &[String],
    counts: &Words<i8>,
    ones: OneCounts,
) -> Result<(), String> {
    write_packed(
        out,
        "RELATIVE_COUNTS",
        "i8",
        "Relative-time patterns with a count (`{0} days ago`, `za {0} dní`, `vor {0} Tagen`), keyed by the folded words before and after the count joined by `#` (`#days ago`, `za#dni`), and their unit: 1 day, 2 week, 3 month, 4 year, negative for the past. A pattern two locales give different meanings is left out (a spelling of it asks `not_a_date`)",
        &counts.one_entries(),
    );
    let other = &ones.other;
    let single = ones.one.without(|k| other.contains(k));
    write_packed(
        out,
        "RELATIVE_ONES",
        "i8",
        "Relative-time patterns of the count one whose words alone say one (`před {0} týdnem`: `před týdnem`, a week ago; `{0} tydzień temu`, `{0} неделю назад`), keyed as `RELATIVE_COUNTS` is, with their unit; the long forms only, and no pattern that any other count writes alike (`{0} days ago`). Patterns of the count one or two with no number at all (Arabic `قبل يوم واحد`, `خلال يومين`) are keyed `#` and their words, the count two as ten over the unit (`خلال يومين` is 11)",
        &single.one_entries(),
    );
    write_packed(
        out,
        "COUNT_WORDS",
        "u8",
        "Numbers one to twelve written as words (`two`, `zwei`, `deux`, `dva`, `tři`), of the modern locales' rule-based number spellings (cldr-rbnf, cardinal rule sets), for relative-time patterns written with one (`two days ago`). A word two locales give different numbers is left out",
        &count_words(dir, modern)?,
    );
    write_packed(
        out,
        "ORDINAL_WORDS",
        "u8",
        "Days of the month written as ordinal words (`first`, `twenty-first`, `twenty first`, `premier`, `erste`, `primero`, `первого`), of the modern locales' rule-based number spellings (cldr-rbnf, every ordinal rule set), 1 to 31. A word two locales give different numbers is left out",
        &ordinal_words(dir, modern)?,
    );
    Ok(())
}

/// `INTERVAL_JOINERS`, longest first.
fn write_interval_joiners(out: &mut String, joiners: BTreeSet<String>) {
    let mut joiners: Vec<String> = joiners.into_iter().collect();
    joiners.sort_by_key(|j| std::cmp::Reverse(j.len()));
    let _ = writeln!(out);
    let _ = writeln!(
        out,
        "/// What stands between the two dates of a range in the modern locales' interval fallback (`{{0}} – {{1}}`, `{{0}} a el {{1}}`, `{{0}}至{{1}}`), without its spaces, longest first."
    );
    let _ = writeln!(
        out,
        "pub static INTERVAL_JOINERS: &[&str] = &[{}];",
        joiners.iter().map(|j| format!("{j:?}")).collect::<Vec<_>>().join(", ")
    );
}

/// `RELATIVE_PERIODS`, `QUARTERS` and `RELATIVE_WEEKS`: the period and week words that are no
/// relative-day word, month or weekday (nor, for a week word, another period).
fn write_period_tables(
    out: &mut String,
    words: &DateWords,
    mut periods: Words<i8>,
    quarters: &Words<u8>,
    mut weeks: Words<i8>,
) {
    // A relative-day word, a month or a weekday keeps its meaning: a period word that is also
    // one is left out.
    let keeps = |k: &String| words.relative.has(k) || words.months.has(k) || words.weekdays.has(k);
    periods.one.retain(|k, _| !keeps(k));
    periods.several.retain(|k, _| !keeps(k));
    write_packed(
        out,
        "RELATIVE_PERIODS",
        "i8",
        "Words of the month, quarter or year before, of or after today's (`last month`, `this year`, `příští čtvrtletí`, `letztes Jahr`) and of a weekday of the week before, of or after today's (`next Friday`, `minulé pondělí`), and their period: ten times the unit (3 month, 4 year, 5 quarter, 6 to 12 Monday to Sunday) plus the offset plus one (`last month` is 30, `next year` 42, `next Friday` 102). Words two locales give different periods are left out (they ask `not_a_date`); weeks are left out, as where a week starts differs by region",
        &periods.one_entries(),
    );
    write_packed(
        out,
        "QUARTERS",
        "u8",
        "Names of the quarters of the modern locales (`Q1`, `1st quarter`, `T1`, `1. čtvrtletí`, `I kwartał`, `1-й квартал`, `第1四半期`) and their number, as CLDR's `QQQ y` and `QQQQ y` formats write them before or after the year. A name two locales give different quarters is left out",
        &quarters.one_entries(),
    );
    // A week word that is a day, month, weekday or other period somewhere keeps that meaning.
    weeks.one.retain(|k, _| !keeps(k) && !periods.one.contains_key(k) && !periods.several.contains_key(k));
    write_packed(
        out,
        "RELATIVE_WEEKS",
        "i8",
        "Words of the week before, of or after today's (`last week`, `tento týden`, `nächste Woche`, `上周`) and their offset (-1, 0, 1), for date ranges: where a week starts differs by region, so a range reader names both weeks. Words two locales give different offsets are left out",
        &weeks.one_entries(),
    );
}

/// `YEAR_WORDS` and `PATTERN_WORDS`: the year and pattern words that are no month, weekday or
/// relative day (a year word, nor a pattern word).
fn write_year_and_pattern_words(
    out: &mut String,
    dir: &Path,
    modern: &[String],
    words: &DateWords,
    literals: &BTreeSet<String>,
) -> Result<(), String> {
    let DateWords { months, weekdays, relative } = words;
    // A word that is a month, weekday or relative day somewhere keeps that meaning.
    let named = |w: &String| {
        [months, weekdays].iter().any(|t| t.one.contains_key(w) || t.several.contains_key(w))
            || relative.one.contains_key(w)
            || relative.several.contains_key(w)
    };
    let literals: Vec<&String> = literals.iter().filter(|w| !named(w)).collect();
    let entries: Vec<(String, String)> = literals.iter().map(|w| ((*w).clone(), "1".to_owned())).collect();
    let years: Vec<(String, String)> = year_words(dir, modern)?
        .into_iter()
        .filter(|w| !named(w) && !literals.contains(&w))
        .map(|w| (w, "1".to_owned()))
        .collect();
    write_packed(
        out,
        "YEAR_WORDS",
        "u8",
        "Words for \"year\" the modern locales write beside a count (`roku`, `года`, `godine`, `r`, `years`: CLDR's `duration-year` unit patterns, every count and case), which the date reader drops beside a year's four digits (`1 października 2026 roku`, `1. listopada 2026. godine`, `1. října roku 2026`): no month, weekday or day, nor a pattern's word (the value is 1)",
        &years,
    );
    write_packed(
        out,
        "PATTERN_WORDS",
        "u8",
        "Words the date patterns write around the numbers (`г`, `gada`, `m`, `d`) and the names of the common era, of every locale: no month, weekday or day (the value is 1)",
        &entries,
    );
    Ok(())
}

/// `MONTH_PREFIXES`, `MONTH_SUFFIXES`, `WEEKDAY_PREFIXES`, `TIME_WORDS`, the `GLUED_` lists
/// and `WEEKDAYS_EN`.
fn write_word_lists(
    out: &mut String,
    prefixes: &Prefixes,
    times: &BTreeSet<String>,
    glued: &Glued,
    weekdays_en: &[String],
) {
    write_strings(
        out,
        "Words that, before a month's number, name that month (Vietnamese `tháng 11`), sorted.",
        "pub static MONTH_PREFIXES: &[&str] = &",
        &prefixes.months,
    );
    write_strings(
        out,
        "What, after a month's number, names that month (Mongolian `11-р сар`, and its genitive `11-р сарын` with the letters the date patterns glue on), lower case, sorted.",
        "pub static MONTH_SUFFIXES: &[&str] = &",
        &prefixes.month_suffixes,
    );
    write_strings(
        out,
        "Words that, before a weekday's number (1 = Monday to 6), name that weekday (Chinese `星期一`), sorted.",
        "pub static WEEKDAY_PREFIXES: &[&str] = &",
        &prefixes.weekdays,
    );
    let times: Vec<&str> = times.iter().map(String::as_str).collect();
    super::write::write_words(
        out,
        "TIME_WORDS",
        "Words written beside a time of day: the day periods (`a. m`, `π.μ`, `ص`, `午前`, `in the morning`), the words of the time patterns (`Uhr`, `ч`) and the words that join a date and a time (`at`, `kl`, `a las`), sorted",
        &times,
    );
    write_strings(
        out,
        "Letters a date pattern glues before a month's name (Hebrew `בנובמבר`, \"in November\"), sorted.",
        "pub static GLUED_MONTH_PREFIXES: &[&str] = &",
        &glued.month_prefixes,
    );
    write_strings(
        out,
        "Letters a date pattern glues after a month's name (Basque `azaroaren`, Mongolian `сарын`), sorted.",
        "pub static GLUED_MONTH_SUFFIXES: &[&str] = &",
        &glued.month_suffixes,
    );
    write_strings(
        out,
        "Letters a date pattern glues after a weekday's name (Thai `วันจันทร์ที่`), sorted.",
        "pub static GLUED_WEEKDAY_SUFFIXES: &[&str] = &",
        &glued.weekday_suffixes,
    );
    write_strings(
        out,
        "English weekday names from Monday, keys of `WEEKDAYS`.",
        "pub const WEEKDAYS_EN: [&str; 7] = ",
        weekdays_en,
    );
}

/// The words the given locales write for "year" beside a count, apart from it by a space
/// (`2026 roku`, `2026 года`, `2026. godine`, `2026 r.`, `roku 2026`): every pattern of
/// `duration-year` (each count and case) in the long, short and narrow forms of
/// `cldr-units-full/main/{lang}/units.json`, keyed by [`word_key`], the words of two or more
/// kept whole and split.
fn year_words(dir: &Path, locales: &[String]) -> Result<std::collections::BTreeSet<String>, String> {
    let mut words = std::collections::BTreeSet::new();
    for lang in locales {
        let Some(json) = optional_json(&dir.join(format!("cldr-units-full/main/{lang}/units.json")))? else { continue };
        for (before, after) in unit_sides(&json, lang, "duration-year") {
            let apart = [(before, before.ends_with(' ')), (after, after.starts_with(' '))];
            for (text, spaced) in apart {
                let key = word_key(text);
                if spaced && !key.is_empty() && key.chars().all(|c| c.is_alphabetic() || c == ' ') {
                    words.insert(key);
                }
            }
        }
    }
    for must in ["roku", "года", "godine", "r"] {
        if !words.contains(must) {
            return Err(format!("cldr-units: the year word {must:?} is missing"));
        }
    }
    Ok(words)
}
