//! `HOLIDAYS` and `HOLIDAY_NAMES_EN`: the names of the holidays whose day one or two rules
//! give, in every language the `date-holidays` npm package names them (its `data/names.yaml`,
//! CC0-1.0, pinned in `tools/cldr`): a fixed day of the year (`12-25`, Christmas Day,
//! `Weihnachten`, `Božić`), a day counted from Easter Sunday, Western (`easter -2`, Good Friday,
//! `Karfreitag`) or Orthodox (`orthodox 1`), or a fixed day of the Julian calendar (`julian
//! 12-25`). English short names (`Christmas`, `Easter`) and holidays on a counted weekday
//! (`Thanksgiving`) come from lists here, each cited.
//!
//! The package's country data (`data/holidays.json`, CC BY-SA 3.0) is read for one fact only,
//! never copied: which days the countries give a name of `names.yaml`, in their first
//! language.
//! - A holiday of no day of its own (`Mothers Day`) has the days its countries give it, when
//!   each is counted from Easter or a weekday counted in a month (`2nd sunday in May`):
//!   `Muttertag`, the second Sunday of May; Danish and Swedish `Mors dag`, one key of two days,
//!   asks. One a country gives a fixed day (its day's English name is another holiday's) or a day
//!   no rule writes is left out.
//! - A name such a country gives a day one of the rules writes keeps both days, and the reader
//!   asks naming each: Russian `Рождество Христово` is the Gregorian and the Julian 25
//!   December (Russia keeps the Julian); Croatian and Serbian `Uskrs`, Western and Orthodox
//!   Easter.
//! - A name a country gives a day no rule writes is left out: `05-01`'s Labour Day, which the
//!   United States keep on the first Monday of September, Australia's states on other Mondays.
//! - Left out of the comparison: substitute days, days of one year only, the Ethiopian
//!   calendar's days, and the day after the name's own (the second day of a holiday of two,
//!   read as its first).
//!
//! Names of three or more rules, of under four letters, or with a digit (`1 April`, April
//! Fools' Day, which the date reader reads as a day) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use agent_input::word_key;
use serde_json::Value;

/// English names of holidays `names.yaml` names only in full (`Christmas Day`, `Easter
/// Sunday`) or not at all, each with the rule of `names.yaml` it means and its name, as the
/// Oxford English Dictionary (3rd ed., online) defines them: `Christmas`, "the festival of the
/// Nativity of Christ, kept on 25 December"; `Xmas`, "a written abbreviation of Christmas";
/// `Easter`, "the festival of the resurrection of Christ", Easter Sunday; `Halloween`, "the
/// eve of All Saints' Day, 31 October"; `New Year`, New Year's Day.
const ENGLISH_SHORT_NAMES: [(&str, &str, &str); 5] = [
    ("Christmas", "12-25", "Christmas Day"),
    ("Xmas", "12-25", "Christmas Day"),
    ("Easter", "easter", "Easter Sunday"),
    ("Halloween", "10-31", "Halloween"),
    ("New Year", "01-01", "New Year's Day"),
];

/// A holiday's names, and its days with the English name of each: `(names, [(rule, name)])`.
type Counted = (&'static [&'static str], &'static [(u32, &'static str)]);

/// English names of holidays on a weekday counted in a month, each with every day the
/// countries that keep it by that name give it, by their law: 40 000 plus the month times 100,
/// the count times 10 and the weekday (1 Monday to 7 Sunday).
/// - Thanksgiving: the fourth Thursday in November in the United States (5 U.S.C. § 6103(a))
///   and the second Monday in October in Canada (proclaimed so every year since 1957, Canada
///   Gazette); the reader asks naming both.
/// - Martin Luther King Jr. Day: the third Monday in January (5 U.S.C. § 6103(a)).
/// - Washington's Birthday, which the United States call Presidents' Day: the third Monday in
///   February (5 U.S.C. § 6103(a)).
/// - Labor Day: the first Monday in September in the United States (5 U.S.C. § 6103(a)); the
///   Philippines, which write it so, keep it on 1 May (Labor Code of the Philippines, art. 94(c)
///   as amended): the reader asks naming both.
///
/// Memorial Day, the last Monday in May in the United States (5 U.S.C. § 6103(a)), is left
/// out: Newfoundland and Labrador keep a Memorial Day on 1 July, Canada Day's day, whose
/// English name the table holds.
const COUNTED_HOLIDAYS: [Counted; 4] = [
    (
        &["Thanksgiving", "Thanksgiving Day"],
        &[(41_144, "Thanksgiving (United States)"), (41_021, "Thanksgiving (Canada)")],
    ),
    (
        &["Martin Luther King Day", "Martin Luther King Jr. Day", "Martin Luther King's Day", "MLK Day", "MLK Jr. Day"],
        &[(40_131, "Martin Luther King Jr. Day")],
    ),
    (
        &["Washington's Birthday", "Presidents' Day", "President's Day", "Presidents Day"],
        &[(40_231, "Washington's Birthday")],
    ),
    (&["Labor Day"], &[(40_911, "Labor Day (United States)"), (501, "Labour Day")]),
];

/// A holiday's rule as `HOLIDAYS` writes it: `MMDD` for a fixed day (1225), 10 100 plus the
/// days from Western Easter Sunday (10 098, Good Friday), 20 100 plus the days from Orthodox
/// Easter Sunday, 30 000 plus `MMDD` for a day of the Julian calendar (31 225).
fn rule_code(key: &str) -> Option<u32> {
    let key = key.trim();
    if let Some((m, d)) = key.split_once('-').filter(|(m, d)| m.len() == 2 && d.len() == 2) {
        let (m, d): (u32, u32) = (m.parse().ok()?, d.parse().ok()?);
        return ((1..=12).contains(&m) && (1..=31).contains(&d)).then_some(m * 100 + d);
    }
    if let Some(day) = key.strip_prefix("julian ") {
        return rule_code(day).map(|code| 30_000 + code);
    }
    for (word, base) in [("easter", 10_100), ("orthodox", 20_100)] {
        if let Some(rest) = key.strip_prefix(word) {
            let offset: i32 = if rest.trim().is_empty() { 0 } else { rest.trim().parse().ok()? };
            return u32::try_from(base + offset).ok().filter(|_| offset.abs() <= 100);
        }
    }
    None
}

/// The holidays of `names.yaml`: each top-level key with its names, `(language, name)`.
fn names_file(text: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for line in text.lines() {
        let content = line.split(" #").next().unwrap_or_default().trim_end();
        let indent = content.len() - content.trim_start().len();
        let content = content.trim_start();
        if content.is_empty() || content.starts_with('#') {
            continue;
        }
        match indent {
            2 => out.push((content.trim_end_matches(':').to_owned(), Vec::new())),
            6 => {
                let Some((lang, name)) = content.split_once(": ") else { continue };
                if let Some((_, names)) = out.last_mut() {
                    names.push((lang.to_owned(), name.trim().trim_matches('"').to_owned()));
                }
            }
            _ => {}
        }
    }
    out
}

/// The [`rule_code`] of a country's rule (`01-01 and if sunday then next monday`: 101; `easter
/// -2`: 10 098), or of a weekday counted in a month (`2nd sunday in May`: 40 527); `None` for
/// any other rule (`monday after 05-27`, `2018-05-01`).
fn own_rule(rule: &str) -> Option<u32> {
    if let Some(code) = counted_rule(rule) {
        return Some(code);
    }
    let mut tokens = rule.split_whitespace();
    let first = tokens.next()?;
    match first {
        "julian" => rule_code(&format!("julian {}", tokens.next()?)),
        "easter" | "orthodox" => match tokens.next().filter(|t| t.parse::<i32>().is_ok()) {
            Some(offset) => rule_code(&format!("{first} {offset}")),
            None => rule_code(first),
        },
        _ => rule_code(first),
    }
}

/// The weekdays as the package's rules write them, Monday first.
const WEEKDAYS: [&str; 7] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/// The months as the package's rules write them.
const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// A weekday counted in a month as a rule writes it: `2nd sunday in May` (the count 1 to 5); the
/// code 40 000 plus the month times 100, the count times 10 and the weekday. `None` for any
/// other rule, and for one with words after it (`… if sunday then …`). `sunday before 06-01` is
/// none: France's Mother's Day, which the package writes so, moves to the first Sunday of June
/// when Pentecost falls on it (Code de l'action sociale et des familles, art. D215-1), which no
/// code here writes.
fn counted_rule(rule: &str) -> Option<u32> {
    let lower = rule.to_ascii_lowercase();
    let tokens: Vec<&str> = lower.split_whitespace().collect();
    let weekday = |w: &str| WEEKDAYS.iter().position(|d| *d == w).and_then(|i| u32::try_from(i + 1).ok());
    match tokens.as_slice() {
        [nth, day, "in", month] => {
            let n: u32 = nth.get(..1)?.parse().ok().filter(|n| (1..=5).contains(n))?;
            let m = MONTHS.iter().position(|x| x == month).and_then(|i| u32::try_from(i + 1).ok())?;
            let w = weekday(day)?;
            (nth.len() == 3).then_some(40_000 + m * 100 + n * 10 + w)
        }
        _ => None,
    }
}

/// The words of a rule's day (`the second Sunday of May`, `2 January`, `21 days before
/// Easter`), for the name of a holiday of no day of its own.
fn rule_words(code: u32) -> Option<String> {
    let month = |m: u32| capitalized(&MONTHS, m);
    let from = |base: u32, what: &str| match code.abs_diff(base) {
        0 => format!("{what} Sunday"),
        n => format!("{n} days {} {what}", if code > base { "after" } else { "before" }),
    };
    match code {
        40_000.. => counted_words(code),
        30_000.. => Some(format!("{} {} of the Julian calendar", (code - 30_000) % 100, month((code - 30_000) / 100)?)),
        20_000.. => Some(from(20_100, "Orthodox Easter")),
        10_000.. => Some(from(10_100, "Easter")),
        _ => Some(format!("{} {}", code % 100, month(code / 100)?)),
    }
}

/// The words of a counted rule's day (`the second Sunday of May`).
fn counted_words(code: u32) -> Option<String> {
    let rule = code.checked_sub(40_000)?;
    let (m, n, w) = (rule / 100, rule / 10 % 10, rule % 10);
    let nth = ["first", "second", "third", "fourth", "fifth"].get((n as usize).checked_sub(1)?)?;
    Some(format!("the {nth} {} of {}", capitalized(&WEEKDAYS, w)?, capitalized(&MONTHS, m)?))
}

/// The `n`th (from 1) of the package's lower-case weekdays or months, capitalised (`May`).
fn capitalized(names: &[&str], n: u32) -> Option<String> {
    let mut name = names.get((n as usize).checked_sub(1)?)?.to_string();
    name.get_mut(..1)?.make_ascii_uppercase();
    Some(name)
}

/// Whether a country's rule is left out of the comparison: a substitute day (`substitutes
/// 01-01 if sunday then next monday`), a day of one year only (`2021-01-02`), a day of the
/// Ethiopian calendar, which the data writes by leap years (`01-07 in leap years`), or the day after
/// the one the name's own rule gives, the holiday's second day (`01-02` of New Year in
/// Slovenia, Easter Monday named Easter).
fn not_another_day(rule: &str, own: Option<u32>, key: &str) -> bool {
    let next_day = own.zip(rule_code(key)).is_some_and(|(own, key)| own == key + 1);
    rule.starts_with("substitutes")
        || rule.contains("leap years")
        || rule.get(..5).is_some_and(|y| y.ends_with('-') && y[..4].bytes().all(|b| b.is_ascii_digit()))
        || next_day
}

/// What the package's country data says of the names: each `(rule key of names.yaml,
/// language)` a country whose first language that is uses for a day of its own rule (a `_name`
/// pointing at a key whose rule is not the country's, `12-25`'s names for Russia's `julian
/// 12-25`), with the [`rule_code`] of that day (`None` for a rule no code writes); and every
/// name a country gives a day itself, with that day's code.
type Borrowed = BTreeMap<(String, String), BTreeSet<Option<u32>>>;

fn country_uses(json: &Value) -> (Borrowed, Vec<(String, Option<u32>)>) {
    let mut borrowed = Borrowed::new();
    let mut named = Vec::new();
    let no_langs = Vec::new();
    let mut stack: Vec<(&Value, Vec<String>)> = vec![(json.get("holidays").unwrap_or(&Value::Null), no_langs)];
    while let Some((v, langs)) = stack.pop() {
        let Some(map) = v.as_object() else { continue };
        let own_langs: Option<Vec<String>> = map
            .get("langs")
            .and_then(Value::as_array)
            .map(|l| l.iter().filter_map(Value::as_str).map(str::to_owned).collect());
        let langs = own_langs.unwrap_or(langs);
        if let Some(days) = map.get("days").and_then(Value::as_object) {
            for (rule, day) in days {
                let own = own_rule(rule);
                if let Some(key) = day.get("_name").and_then(Value::as_str) {
                    let other = rule_code(key).is_none_or(|k| Some(k) != own);
                    if other && !not_another_day(rule, own, key) {
                        // In the country's first language: a country lists the languages it
                        // is named in after its own (Egypt's English).
                        if let Some(lang) = langs.first() {
                            borrowed.entry((key.to_owned(), lang.clone())).or_default().insert(own);
                        }
                    }
                }
                if rule.starts_with("substitutes") {
                    continue;
                }
                for name in day.get("name").and_then(Value::as_object).into_iter().flat_map(|m| m.values()) {
                    if let Some(name) = name.as_str() {
                        named.push((word_key(name), own));
                    }
                }
            }
        }
        stack.extend(map.values().map(|v| (v, langs.clone())));
    }
    (borrowed, named)
}

/// How a day of another rule than the name's own is kept: by the Julian calendar, from
/// Orthodox Easter, or on another day of the Gregorian calendar.
fn calendar_of(code: u32) -> &'static str {
    match code {
        30_000..40_000 => "Julian calendar",
        20_000..30_000 => "Orthodox",
        _ => "another day some countries keep",
    }
}

/// Two codes of a name that are one day: a Julian day some countries write as its Gregorian
/// day, and the second day of a holiday of two.
fn settle(rules: &mut BTreeMap<String, BTreeSet<Option<u32>>>) {
    // A Julian day some countries write as its Gregorian day (`01-07` of Russia's Christmas
    // in Kazakhstan): the same day from 1900 to 2099, and the Julian rule every year.
    for codes in rules.values_mut() {
        let julian: Vec<u32> = codes.iter().flatten().copied().filter(|c| *c > 30_000).collect();
        for j in julian {
            let (m, d) = ((j - 30_000) / 100, (j - 30_000) % 100);
            // Thirteen days later, in a year of 365 days.
            const DAYS: [u32; 12] = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
            let Some(length) = m.checked_sub(1).and_then(|i| DAYS.get(i as usize)) else { continue };
            let (m, d) = if d + 13 > *length { (m % 12 + 1, d + 13 - length) } else { (m, d + 13) };
            codes.remove(&Some(m * 100 + d));
        }
    }
    // A name a country gives two days in a row (Albania's `Orthodox Easter`, Sunday and
    // Monday) is a holiday of two days: read as its first.
    for codes in rules.values_mut() {
        let days: Vec<u32> = codes.iter().flatten().copied().collect();
        for day in &days {
            if days.contains(&(day + 1)) {
                codes.remove(&Some(day + 1));
            }
        }
    }
}

/// The tables of the holidays: `HOLIDAYS` and `HOLIDAY_NAMES_EN`.
pub(super) struct Holidays {
    /// Each name keyed by [`word_key`], with its [`rule_code`] (two packed in one, the second
    /// in the high 16 bits); sorted by key.
    pub names: Vec<(String, String)>,
    /// Each rule the names use, with its English name in `names.yaml`.
    pub english: Vec<(u32, String)>,
}

/// `HOLIDAYS`' entries: each holiday name of `names.yaml` keyed by [`word_key`], with its
/// [`rule_code`]; the names left out as the module says. Sorted by key.
pub(super) fn holidays(dir: &Path) -> Result<Holidays, String> {
    let data = dir.join("date-holidays/data");
    let text = std::fs::read_to_string(data.join("names.yaml")).map_err(|e| format!("date-holidays: {e}"))?;
    let json = super::source::read_json(&data.join("holidays.json"))?;
    let (borrowed, named) = country_uses(&json);
    let mut rules: BTreeMap<String, BTreeSet<Option<u32>>> = BTreeMap::new();
    let mut english = BTreeMap::new();
    let mut other_days = Vec::new();
    for (key, names) in names_file(&text) {
        let code = rule_code(&key);
        let en = names.iter().find(|(lang, _)| lang == "en").map(|(_, name)| name.clone());
        if let Some(en) = &en {
            let theirs = borrowed.iter().filter(|((k, _), _)| *k == key).flat_map(|(_, codes)| codes.iter().flatten());
            match code {
                // The day a country gives the name by another rule, named after it (Macedonia's
                // Julian Assumption: `Assumption (Julian calendar)`).
                Some(code) => {
                    english.insert(code, en.clone());
                    other_days.extend(theirs.map(|day| (*day, format!("{en} ({})", calendar_of(*day)))));
                }
                // A holiday of no day of its own (`Mothers Day`): each country's day counted
                // from Easter or in a month, named by its rule.
                None => other_days.extend(
                    theirs
                        .filter(|day| **day >= 10_000)
                        .filter_map(|day| Some((*day, format!("{en} ({})", rule_words(*day)?)))),
                ),
            }
        }
        for (lang, name) in names {
            let mut codes = borrowed.get(&(key.clone(), lang)).cloned().unwrap_or_default();
            // A holiday of no day of its own has the days its countries give it, counted from
            // Easter or a weekday counted in a month (`Muttertag`, the second Sunday of May);
            // one a country gives a fixed day is left out, as its day's English name is
            // another holiday's (`Reformationstag` on Halloween's 31 October).
            if code.is_some() || codes.is_empty() || codes.iter().any(|c| c.is_none_or(|c| c < 10_000)) {
                codes.insert(code);
            }
            rules.entry(word_key(&name)).or_default().extend(codes);
        }
    }
    for (day, name) in other_days {
        english.entry(day).or_insert(name);
    }
    for (name, code) in named {
        if let Some(set) = rules.get_mut(&name) {
            // Named after the name's own day (Brazil's `Dia dos Namorados` on 12 June: `Valentine's
            // Day (another day some countries keep)`).
            let own = set.iter().flatten().find_map(|c| english.get(c)).cloned();
            if let (Some(day), Some(own)) = (code, own) {
                english.entry(day).or_insert_with(|| format!("{own} ({})", calendar_of(day)));
            }
            set.insert(code);
        }
    }
    for (name, key, english_name) in ENGLISH_SHORT_NAMES {
        let code = rule_code(key).ok_or_else(|| format!("holidays: no rule {key}"))?;
        rules.entry(word_key(name)).or_default().insert(Some(code));
        english.entry(code).or_insert_with(|| english_name.to_owned());
    }
    for (names, days) in COUNTED_HOLIDAYS {
        for name in names {
            rules.insert(word_key(name), days.iter().map(|(code, _)| Some(*code)).collect());
        }
        for (code, english_name) in days {
            english.insert(*code, (*english_name).to_owned());
        }
    }
    // A name with an apostrophe is also written without it (`New Years Eve`, `Valentines Day`).
    let bare: Vec<(String, BTreeSet<Option<u32>>)> = rules
        .iter()
        .filter(|(name, _)| name.contains(['\'', '\u{2019}']))
        .map(|(name, codes)| (name.replace(['\'', '\u{2019}'], ""), codes.clone()))
        .collect();
    for (name, codes) in bare {
        rules.entry(name).or_default().extend(codes);
    }
    settle(&mut rules);
    packed(rules, english)
}

/// The tables from each name's rules: the names of one or two rules, each with its rules
/// packed in one value, and the English names of the rules they use, every one named.
fn packed(
    rules: BTreeMap<String, BTreeSet<Option<u32>>>,
    mut english: BTreeMap<u32, String>,
) -> Result<Holidays, String> {
    let out: Vec<(String, u32)> = rules
        .into_iter()
        .filter(|(name, _)| {
            name.chars().filter(|c| c.is_alphabetic()).count() >= 4 && !name.chars().any(char::is_numeric)
        })
        .filter_map(|(name, codes)| match codes.into_iter().collect::<Option<Vec<u32>>>()?.as_slice() {
            [one] => Some((name, *one)),
            [one, two] => Some((name, one | two << 16)),
            _ => None,
        })
        .collect();
    let has = |k: &str, v: u32| out.iter().any(|(n, c)| n == k && *c == v);
    if !has("weihnachten", 1225) || !has("karfreitag", 10_098) {
        return Err("date-holidays: Weihnachten or Karfreitag is missing".into());
    }
    let used: BTreeSet<u32> = out.iter().flat_map(|(_, c)| [c & 0xffff, c >> 16]).collect();
    english.retain(|code, _| used.contains(code));
    if let Some(unnamed) = used.iter().find(|c| **c != 0 && !english.contains_key(c)) {
        return Err(format!("date-holidays: the rule {unnamed} has no English name"));
    }
    let names = out.into_iter().map(|(name, code)| (name, code.to_string())).collect();
    Ok(Holidays { names, english: english.into_iter().collect() })
}
