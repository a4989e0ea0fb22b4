//! Ranges a text names by where they stand from today: the week before, of or after today's
//! (`last week`, `this week`, `příští týden`, `letzte Woche`, `上周`: CLDR's words of every modern
//! locale), a number of days, weeks, months or years back from today (`last 30 days`, `past 3
//! months`, `posledních 30 dní`, `die letzten 7 Tage`, `les 30 derniers jours`, `los últimos 2
//! años`), and a period so far (`year to date`, `YTD`, `month to date`, `od začátku roku`); and a
//! week by its number in words (`week 40 of 2026`), which asks between ISO 8601's numbering and
//! the count from the week of 1 January, today or not; and a season with its year (`summer 2026`,
//! `léto 2026`, `Herbst 2026`), which asks naming the meteorological season in each hemisphere.
//! Each is read against the `today` option, and asked about without it.
//!
//! A period so far has one meaning (its first day to today) and reads. The others do not: a
//! week starts on Monday in some regions and on Sunday in others, and "the last 30 days" is the
//! 30 days before today to some analytics tools, the 30 days up to and with today to others,
//! and everything since the same day 30 days ago to a query that subtracts 30 days. Those ask
//! `ambiguous_date` naming every reading as a `{"from", "to"}` range, never a guess.
//!
//! The words around a count (`last`, `posledních`, `derniers`, `Tage`) are grammar of the
//! languages the range reader's other words cover (English, Czech, Slovak, German, French,
//! Spanish, Italian, Portuguese, Polish), as its `from … to …` words are; CLDR writes no such
//! phrase.

use chrono::{Datelike, Days, Months, NaiveDate};
use serde_json::json;

use super::grammar::{word_key, SEASONS};
use super::range::DateRange;
use super::{in_reach, iso_text, month_name, out_of_reach, words};
use crate::codes::{AskCode, NoteCode};
use crate::data::dates::{COUNT_WORDS, MONTHS, QUARTERS, RELATIVE_WEEKS, YEAR_WORDS};
use crate::input::{quoted, Input};
use crate::outcome::{Ask, Note, Outcome, Reading};

/// Words that say "the last" before or after a count (folded: no case, no diacritics).
const LAST: &[&str] = &[
    "last",
    "past",
    "previous", // en
    "poslednich",
    "poslednim",
    "minulych",
    "uplynulych", // cs
    "poslednych", // sk
    "letzten",
    "letzte",
    "vergangenen",
    "vergangene", // de
    "derniers",
    "dernieres", // fr
    "ultimos",
    "ultimas",
    "pasados", // es, pt
    "ultimi",
    "ultime",
    "scorsi",
    "scorse", // it
    "ostatnie",
    "ostatnich", // pl
];

/// Words that may stand around the phrase and add nothing (`in the last 30 days`, `během
/// posledních 30 dní`, `au cours des 30 derniers jours`, `w ciągu ostatnich 30 dni`).
const FILLERS: &[&str] = &[
    "the",
    "in",
    "over",
    "during",
    "within",
    "for", // en
    "za",
    "v",
    "behem", // cs, sk
    "die",
    "der",
    "den",
    "innerhalb",
    "wahrend", // de
    "les",
    "des",
    "au",
    "cours",
    "durant",
    "pendant",
    "dans", // fr
    "los",
    "las",
    "en",
    "durante", // es
    "gli",
    "le",
    "negli",
    "nelle",
    "nei", // it
    "os",
    "as",
    "nos",
    "nas", // pt
    "w",
    "ciagu",
    "przez", // pl
];

/// Unit words, folded, and their unit: 1 day, 2 week, 3 month, 4 year.
const UNITS: &[(&str, u8)] = &[
    ("day", 1),
    ("days", 1),
    ("week", 2),
    ("weeks", 2),
    ("month", 3),
    ("months", 3),
    ("year", 4),
    ("years", 4),
    ("den", 1),
    ("dny", 1),
    ("dni", 1),
    ("dnu", 1),
    ("tyden", 2),
    ("tydny", 2),
    ("tydnu", 2), // cs
    ("mesic", 3),
    ("mesice", 3),
    ("mesicu", 3),
    ("rok", 4),
    ("roky", 4),
    ("let", 4),
    ("roku", 4),
    ("dnoch", 1),
    ("tyzden", 2),
    ("tyzdne", 2),
    ("tyzdnov", 2),
    ("mesiac", 3),
    ("mesiace", 3), // sk
    ("mesiacov", 3),
    ("rokov", 4),
    ("tag", 1),
    ("tage", 1),
    ("tagen", 1),
    ("woche", 2),
    ("wochen", 2),
    ("monat", 3),
    ("monate", 3), // de
    ("monaten", 3),
    ("jahr", 4),
    ("jahre", 4),
    ("jahren", 4),
    ("jour", 1),
    ("jours", 1),
    ("semaine", 2),
    ("semaines", 2),
    ("mois", 3),
    ("an", 4),
    ("ans", 4), // fr
    ("annee", 4),
    ("annees", 4),
    ("dia", 1),
    ("dias", 1),
    ("semana", 2),
    ("semanas", 2),
    ("mes", 3),
    ("meses", 3),
    ("ano", 4), // es, pt
    ("anos", 4),
    ("giorno", 1),
    ("giorni", 1),
    ("settimana", 2),
    ("settimane", 2),
    ("mese", 3),
    ("mesi", 3), // it
    ("anno", 4),
    ("anni", 4),
    ("dzien", 1),
    ("tydzien", 2),
    ("tygodnie", 2),
    ("tygodni", 2),
    ("miesiac", 3),
    ("miesiace", 3), // pl
    ("miesiecy", 3),
    ("lata", 4),
    ("lat", 4),
];

/// The unit words of [`UNITS`] in the singular, which count one without a number.
const ONE: &[&str] = &[
    "day",
    "week",
    "month",
    "year",
    "den",
    "tyden",
    "mesic",
    "rok",
    "tyzden",
    "mesiac",
    "tag",
    "woche",
    "monat",
    "jahr",
    "jour",
    "semaine",
    "mois",
    "an",
    "annee",
    "dia",
    "semana",
    "mes",
    "ano",
    "giorno",
    "settimana",
    "mese",
    "anno",
    "dzien",
    "tydzien",
    "miesiac",
];

/// A period so far, folded, and its unit: 3 month, 4 year, 5 quarter.
const SO_FAR: &[(&str, u8)] = &[
    ("ytd", 4),
    ("year to date", 4),
    ("year-to-date", 4),
    ("so far this year", 4),
    ("this year so far", 4),
    ("mtd", 3),
    ("month to date", 3),
    ("month-to-date", 3),
    ("so far this month", 3),
    ("this month so far", 3),
    ("qtd", 5),
    ("quarter to date", 5),
    ("quarter-to-date", 5),
    ("so far this quarter", 5),
    ("od zacatku roku", 4),
    ("od zaciatku roka", 4),
    ("od zacatku mesice", 3),
    ("od zaciatku mesiaca", 3),
    ("seit jahresbeginn", 4),
    ("seit jahresanfang", 4),
    ("seit anfang des jahres", 4),
    ("seit monatsbeginn", 3),
    ("seit monatsanfang", 3),
    ("seit anfang des monats", 3),
    ("depuis le debut de l'annee", 4),
    ("depuis le debut de l'annee en cours", 4),
    ("depuis le debut du mois", 3),
    ("en lo que va del ano", 4),
    ("en lo que va de ano", 4),
    ("en lo que va del mes", 3),
    ("desde principios de ano", 4),
    ("da inizio anno", 4),
    ("dall'inizio dell'anno", 4),
    ("da inizio mese", 3),
    ("dall'inizio del mese", 3),
    ("desde o inicio do ano", 4),
    ("desde o inicio do mes", 3),
    ("od poczatku roku", 4),
    ("od poczatku miesiaca", 3),
];

/// The most days, weeks, months or years a count may name (a longer span is no "last …").
const MAX_COUNT: u32 = 10_000;

/// The range `text` names around today, when it is one of this module's spellings; `None`
/// otherwise (the caller keeps its own ask). `text` is trimmed.
pub(super) fn read(input: &Input<'_>, text: &str, today: Option<NaiveDate>) -> Option<Outcome<DateRange>> {
    let key = word_key(text);
    let dated = || numbered_week(input, &key).or_else(|| season(input, &key));
    if let Some(out) = month_alone(input, &key, today).or_else(dated) {
        return Some(out);
    }
    let what = if let Some(offset) = RELATIVE_WEEKS.get(&key) {
        What::Week(offset)
    } else if let Some((_, unit)) = SO_FAR.iter().find(|(k, _)| *k == key) {
        What::SoFar(*unit)
    } else {
        let (count, unit) = counted(&key)?;
        What::Last(count, unit)
    };
    let Some(today) = today else {
        let ask = Ask::new(
            AskCode::RelativeDateWithoutToday,
            input,
            "an absolute range, as {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"}; this reader does not know today's date",
            "set to {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"} with absolute dates",
        );
        return Some(Outcome::ask(ask));
    };
    if !in_reach(today) {
        return Some(Outcome::ask(out_of_reach(input, Some(today))));
    }
    let readings = match what {
        What::SoFar(unit) => return so_far(input, unit, today),
        What::Week(offset) => weeks(offset, today)?,
        What::Last(count, 1) => last_days(count, today)?,
        What::Last(1, 2) => {
            // One week back (`the past week`, `previous week`) is also the week before today's.
            let mut readings = last_days(7, today)?;
            readings.extend(weeks(-1, today)?);
            readings
        }
        What::Last(count, 2) => last_days(count.checked_mul(7)?, today)?,
        What::Last(count, 3) => last_months(count, today)?,
        What::Last(count, _) => last_years(count, today)?,
    };
    if readings.iter().any(|(from, to, _)| !in_reach(*from) || !in_reach(*to)) {
        return Some(Outcome::ask(out_of_reach(input, Some(today))));
    }
    Some(ask(input, readings))
}

/// A month's or quarter's name alone (`October`, `říjen`, `in October`, `im Oktober`, `Q3`,
/// `3. čtvrtletí`), folded: its name and its first month, and, with `today`, the period in the
/// last year it began on or before today and in the year after (first and last days each).
pub(super) struct Yearless {
    pub(super) name: String,
    pub(super) month: u32,
    pub(super) spans: Option<[(NaiveDate, NaiveDate, i32); 2]>,
}

/// [`Yearless`] of a folded text; `None` for any other text.
pub(super) fn yearless(key: &str, today: Option<NaiveDate>) -> Option<Yearless> {
    let key = ["in ", "v ", "im ", "en ", "au mois de "].iter().find_map(|p| key.strip_prefix(p)).unwrap_or(key);
    // The period's first month, its length in months and its name.
    let (month, length, name) = match MONTHS.get(key).map(u32::from).filter(|m| (1..=12).contains(m)) {
        Some(m) => (m, 1, month_name(m).to_owned()),
        None => {
            let q = QUARTERS.get(key).map(u32::from).filter(|q| (1..=4).contains(q))?;
            (3 * q - 2, 3, format!("Q{q}"))
        }
    };
    let span = |y: i32| {
        let first = NaiveDate::from_ymd_opt(y, month, 1)?;
        let last = first.checked_add_months(Months::new(length))?.pred_opt()?;
        (in_reach(first) && in_reach(last)).then_some((first, last, y))
    };
    let spans = today.filter(|t| in_reach(*t)).and_then(|today| {
        let year = if month <= today.month() { today.year() } else { today.year() - 1 };
        Some([span(year)?, span(year + 1)?])
    });
    Some(Yearless { name, month, spans })
}

/// A month or quarter of no year ([`yearless`]) for a range: `incomplete_date`, with `today`
/// naming the period in the last year it began on or before today and in the year after.
#[cold]
fn month_alone(input: &Input<'_>, key: &str, today: Option<NaiveDate>) -> Option<Outcome<DateRange>> {
    let Yearless { name, month, spans } = yearless(key, today)?;
    let expected = format!("a range with its year; {} is {name} of no year", input.to_json_text());
    let (Some([(f1, t1, y1), (f2, t2, y2)]), Some(today)) = (spans, today) else {
        let fix = format!("set to {{\"from\": \"YYYY-{month:02}-01\", \"to\": …}} in the year you meant");
        return Some(Outcome::ask(Ask::new(AskCode::IncompleteDate, input, expected, fix)));
    };
    let readings = vec![
        reading(f1, t1, format!("{name} {y1}, the last one begun on or before today ({today})")),
        reading(f2, t2, format!("{name} {y2}, the next one")),
    ];
    Some(ask_with(input, AskCode::IncompleteDate, expected, readings))
}

/// Words for "week" before or after its number (folded).
const WEEK_WORDS: &[&str] =
    &["week", "wk", "tyden", "tyzden", "woche", "semaine", "semana", "settimana", "tydzien", "week nr", "week no"];

/// A week's number and its year in words (`week 40 of 2026`, `week 40/2026`, `the 40th week of
/// 2026`, `40. týden 2026`), folded: `ambiguous_date` naming ISO 8601's week of that number
/// (weeks from Monday, the first holding the year's first Thursday) and the week counted from
/// the one holding 1 January (weeks from Sunday, as the United States count them). `None`
/// for any other text. (`KW 40 2026` and `W40 2026` name ISO weeks and read.)
#[cold]
fn numbered_week(input: &Input<'_>, key: &str) -> Option<Outcome<DateRange>> {
    let words: Vec<&str> = key
        .split([' ', '/', ',', '-'])
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty() && !["the", "of", "in", "v", "roku", "nr", "no", "number"].contains(w))
        .collect();
    let number = |w: &str| {
        let digits = w.trim_end_matches(|c: char| c.is_ascii_alphabetic());
        let ending = &w[digits.len()..];
        let ok = digits.len() <= 2 && (ending.is_empty() || crate::input::ORDINAL_ENDINGS.contains(&ending));
        ok.then(|| digits.parse::<u32>().ok()).flatten()
    };
    let year = |w: &str| (w.len() == 4).then(|| w.parse::<i32>().ok()).flatten();
    // The week word, the number and the year, the year first or last.
    let (week, y) = match words.as_slice() {
        [w, n, y] | [n, w, y] if WEEK_WORDS.contains(w) && year(y).is_some() => (number(n)?, year(y)?),
        [y, w, n] if WEEK_WORDS.contains(w) => (number(n)?, year(y)?),
        _ => return None,
    };
    let mut readings = Vec::new();
    if let Some(monday) = NaiveDate::from_isoywd_opt(y, week, chrono::Weekday::Mon) {
        let meaning =
            format!("ISO 8601 week {week} of {y}, weeks from Monday, week 1 holding the year's first Thursday");
        readings.push(reading(monday, monday + Days::new(6), meaning));
    }
    let first = NaiveDate::from_ymd_opt(y, 1, 1)?;
    let sunday = first.checked_sub_days(Days::new(u64::from(first.weekday().num_days_from_sunday())))?;
    let start = sunday.checked_add_days(Days::new(7 * u64::from(week.checked_sub(1)?)))?;
    if start.year() <= y {
        let meaning = format!("week {week} of {y} counted from the week of 1 January, weeks from Sunday");
        readings.push(reading(start, start + Days::new(6), meaning));
    }
    if readings.is_empty() || readings.iter().any(|(f, t, _)| !in_reach(*f) || !in_reach(*t)) {
        return None;
    }
    Some(ask(input, readings))
}

/// A season and its year (`summer 2026`, `léto 2026`, `Winter 2026`), folded: `ambiguous_date`
/// naming the meteorological season (whole months) in each hemisphere, and for the season that
/// spans a new year each winter or summer it may be. `None` for any other text.
#[cold]
fn season(input: &Input<'_>, key: &str) -> Option<Outcome<DateRange>> {
    let words: Vec<&str> = key
        .split([' ', '/', ','])
        .filter(|w| !w.is_empty() && !["the", "of", "in", "v", "im", "en"].contains(w))
        .collect();
    let (word, year) = match words.as_slice() {
        [w, y] | [y, w] if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => (*w, y.parse::<i32>().ok()?),
        _ => return None,
    };
    let season = SEASONS.iter().find(|(k, _)| *k == word)?.1;
    // Slovenian's `leto` is a year: `leto 2026` is also the whole year.
    let year_word = YEAR_WORDS.get(word).is_some();
    // The months of a season in the north (first month), the south's is six months on.
    let first_month = [3, 6, 9, 12][usize::from(season - 1)];
    let span = |y: i32, m: u32| {
        let first = NaiveDate::from_ymd_opt(y, m, 1)?;
        Some((first, first.checked_add_months(Months::new(3))?.pred_opt()?))
    };
    let name = ["spring", "summer", "autumn", "winter"][usize::from(season - 1)];
    let mut readings = Vec::new();
    for (hemisphere, month) in [("northern", first_month), ("southern", (first_month + 5) % 12 + 1)] {
        // A season from December spans two years: the one begun in the year, and the one before.
        let years: &[i32] = if month == 12 { &[year, year - 1] } else { &[year] };
        for y in years {
            let (from, to) = span(*y, month)?;
            let meaning =
                format!("{name} in the {hemisphere} hemisphere, the whole months of the meteorological season");
            readings.push(reading(from, to, meaning));
        }
    }
    if year_word {
        let (from, to) = (NaiveDate::from_ymd_opt(year, 1, 1)?, NaiveDate::from_ymd_opt(year, 12, 31)?);
        readings.push(reading(from, to, format!("the year {year}, as {} also says in another language", quoted(word))));
    }
    if readings.iter().any(|(f, t, _)| !in_reach(*f) || !in_reach(*t)) {
        return None;
    }
    Some(ask(input, readings))
}

/// What a text names.
enum What {
    /// The week before (-1), of (0) or after (1) today's.
    Week(i8),
    /// The month (3), year (4) or quarter (5) so far.
    SoFar(u8),
    /// A count of days (1), weeks (2), months (3) or years (4) back from today.
    Last(u32, u8),
}

/// The count and unit of `last 30 days` and its kin (a folded key): exactly one "last" word
/// before or after the count, the unit word last (German's filler `den` is also Czech's day),
/// fillers anywhere before it.
fn counted(key: &str) -> Option<(u32, u8)> {
    let (rest, word) = key.rsplit_once(' ')?;
    let unit = UNITS.iter().find(|(w, _)| *w == word)?.1;
    let rest: Vec<&str> = rest.split(' ').filter(|w| !w.is_empty() && !FILLERS.contains(w)).collect();
    let (count, lasts) = match rest.as_slice() {
        [last, n] | [n, last] if LAST.contains(last) => (count(n)?, 1),
        // No count before a unit in the singular: one (`the past month`, `previous week`,
        // `over the past year`). CLDR's own words (`last month`, `letzte Woche`) are read
        // before this, as the period before today's.
        [last] if LAST.contains(last) && ONE.contains(&word) => (1, 1),
        _ => return None,
    };
    (lasts == 1 && (1..=MAX_COUNT).contains(&count)).then_some((count, unit))
}

/// A count in digits or in a modern locale's words (one to twelve).
fn count(word: &str) -> Option<u32> {
    if word.bytes().all(|b| b.is_ascii_digit()) && word.len() <= 5 {
        return word.parse().ok();
    }
    COUNT_WORDS.get(word).map(u32::from)
}

/// One reading: a range and what it means.
fn reading(from: NaiveDate, to: NaiveDate, meaning: String) -> (NaiveDate, NaiveDate, Reading) {
    let value = json!({"from": iso_text(from), "to": iso_text(to)});
    (from, to, Reading { value, meaning: format!("{} to {}: {meaning}", words(from), words(to)) })
}

/// The ask naming every reading; the hint names each range to send.
fn ask(input: &Input<'_>, readings: Vec<(NaiveDate, NaiveDate, Reading)>) -> Outcome<DateRange> {
    let expected = "a range with one reading, as {\"from\": \"YYYY-MM-DD\", \"to\": \"YYYY-MM-DD\"}";
    ask_with(input, AskCode::AmbiguousDate, expected.to_owned(), readings)
}

/// The ask of `code` naming every reading; the hint names each range to send.
fn ask_with(
    input: &Input<'_>,
    code: AskCode,
    expected: String,
    readings: Vec<(NaiveDate, NaiveDate, Reading)>,
) -> Outcome<DateRange> {
    let options: Vec<String> = readings
        .iter()
        .map(|(f, t, _)| format!("{{\"from\": \"{}\", \"to\": \"{}\"}}", iso_text(*f), iso_text(*t)))
        .collect();
    let ask = Ask::new(code, input, expected, format!("set to {}", options.join(" or ")))
        .with_readings(readings.into_iter().map(|(_, _, r)| r).collect());
    Outcome::ask(ask)
}

/// The week before, of or after today's, weeks from Monday (ISO 8601) and from Sunday.
fn weeks(offset: i8, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let shift = chrono::TimeDelta::days(7 * i64::from(offset));
    let monday = today.checked_sub_days(Days::new(u64::from(today.weekday().num_days_from_monday())))? + shift;
    let sunday = today.checked_sub_days(Days::new(u64::from(today.weekday().num_days_from_sunday())))? + shift;
    let which = ["the week before today's", "today's week", "the week after today's"];
    let which = which.get(usize::try_from(offset + 1).ok()?)?;
    Some(vec![
        reading(monday, monday + Days::new(6), format!("{which}, weeks from Monday (ISO 8601; today is {today})")),
        reading(sunday, sunday + Days::new(6), format!("{which}, weeks from Sunday (today is {today})")),
    ])
}

/// `last N days`: since the same day N days ago with today, the N days before today, and the
/// N days up to and with today.
fn last_days(n: u32, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let back = |d: u32| today.checked_sub_days(Days::new(u64::from(d)));
    let yesterday = back(1)?;
    let (days, back_by) =
        if n == 1 { ("day".to_owned(), "a day".to_owned()) } else { (format!("{n} days"), format!("{n} days")) };
    Some(vec![
        reading(back(n)?, today, format!("since the same day {back_by} before today ({today}), today included")),
        reading(back(n)?, yesterday, format!("the {days} before today ({today}), today left out")),
        match n {
            1 => reading(today, today, format!("today ({today}) alone")),
            _ => reading(back(n - 1)?, today, format!("the {days} up to today ({today}), today counted as one")),
        },
    ])
}

/// `last N months`: since the same day N months ago with today, and the N whole months before
/// today's.
fn last_months(n: u32, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let since = today.checked_sub_months(Months::new(n))?;
    let this_month = today.with_day(1)?;
    let first = this_month.checked_sub_months(Months::new(n))?;
    let (whole, back) = whole_and_back(n, "month");
    let whole = format!("{whole} before {} {}", month_name(today.month()), today.year());
    Some(vec![
        reading(since, today, format!("since the same day {back} before today ({today}), today included")),
        reading(first, this_month.pred_opt()?, whole),
    ])
}

/// `last N years`: since the same day N years ago with today, and the N whole years before
/// today's.
fn last_years(n: u32, today: NaiveDate) -> Option<Vec<(NaiveDate, NaiveDate, Reading)>> {
    let since = today.checked_sub_months(Months::new(n.checked_mul(12)?))?;
    let this_year = today.with_day(1)?.with_month(1)?;
    let first = this_year.with_year(today.year().checked_sub(i32::try_from(n).ok()?)?)?;
    let (whole, back) = whole_and_back(n, "year");
    let whole = format!("{whole} before {}", today.year());
    Some(vec![
        reading(since, today, format!("since the same day {back} before today ({today}), today included")),
        reading(first, this_year.pred_opt()?, whole),
    ])
}

/// The words of `n` whole units (`the whole month`, `the 3 whole months`) and of `n` units
/// back (`a month`, `3 months`).
fn whole_and_back(n: u32, unit: &str) -> (String, String) {
    match n {
        1 => (format!("the whole {unit}"), format!("a {unit}")),
        n => (format!("the {n} whole {unit}s"), format!("{n} {unit}s")),
    }
}

/// The month, year or quarter so far: its first day to today, each bound with a note.
fn so_far(input: &Input<'_>, unit: u8, today: NaiveDate) -> Option<Outcome<DateRange>> {
    let month0 = today.month0();
    let (first, name) = match unit {
        3 => (today.with_day(1)?, format!("{} {}", month_name(today.month()), today.year())),
        5 => (today.with_day(1)?.with_month0(month0 - month0 % 3)?, format!("Q{} {}", month0 / 3 + 1, today.year())),
        _ => (today.with_day(1)?.with_month(1)?, today.year().to_string()),
    };
    let text = input.to_json_text();
    let from = Outcome::ok(first).note(Note::new(
        NoteCode::RelativeDateResolved,
        format!("Read {text} as {first}, the first day of {name} (today is {today})."),
    ));
    let to =
        Outcome::ok(today).note(Note::new(NoteCode::RelativeDateResolved, format!("Read {text} as {today}, today.")));
    Some(super::range::combine(from, to, Some(input)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word of the grammar tables is written as the reader folds it, so none is dead, and
    /// no "last" word is also a filler or a unit (a unit is only ever the last word).
    #[test]
    fn table_words_are_folded_and_have_one_role() {
        let words = LAST.iter().chain(FILLERS).chain(UNITS.iter().map(|(w, _)| w)).chain(SO_FAR.iter().map(|(w, _)| w));
        for w in words {
            assert_eq!(word_key(w), *w, "{w} is not folded");
        }
        for w in LAST {
            assert!(!FILLERS.contains(w) && UNITS.iter().all(|(u, _)| u != w), "{w} is two things");
        }
    }

    /// On every weekday, each week reading is seven days from a Monday or a Sunday, and today's
    /// week holds today.
    #[test]
    fn week_readings_are_weeks_from_monday_and_sunday() {
        let first = NaiveDate::from_ymd_opt(2026, 11, 23).unwrap();
        for day in 0..7 {
            let today = first + Days::new(day);
            for offset in -1i8..=1 {
                let readings = weeks(offset, today).unwrap();
                let starts: Vec<_> = readings.iter().map(|(f, _, _)| f.weekday()).collect();
                assert_eq!(starts, [chrono::Weekday::Mon, chrono::Weekday::Sun]);
                for (f, t, _) in &readings {
                    assert_eq!(*t - *f, chrono::TimeDelta::days(6));
                    let held = *f <= today && today <= *t;
                    assert_eq!(held, offset == 0, "{today} offset {offset}: {f}..{t}");
                }
            }
        }
    }

    /// The readings of `last N days` differ only in whether today is in, and each names its
    /// count of days.
    #[test]
    fn last_days_readings() {
        let today = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        let r = last_days(30, today).unwrap();
        let spans: Vec<(i64, NaiveDate)> = r.iter().map(|(f, t, _)| ((*t - *f).num_days() + 1, *t)).collect();
        assert_eq!(spans, [(31, today), (30, today.pred_opt().unwrap()), (30, today)]);
        assert_eq!(counted("in the last 30 days"), Some((30, 1)));
        assert_eq!(counted("les 30 derniers jours"), Some((30, 1)));
        assert_eq!(counted("last past 30 days"), None);
        assert_eq!(counted("the past month"), Some((1, 3)));
        assert_eq!(counted("over the past year"), Some((1, 4)));
        assert_eq!(counted("past months"), None);
        assert_eq!(counted("30 days"), None);
        assert_eq!(counted("last 10001 days"), None);
    }
}
