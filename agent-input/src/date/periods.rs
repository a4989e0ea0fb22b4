//! Reads periods longer than a day: quarters (`2026-Q3`, `Q3 2026`, `3rd quarter 2026`,
//! `III kwartał 2026`), halves (`2026-H2`, `1st half of 2026`, `S1 2026`), ISO weeks written
//! with their mark apart (`W48 2026`, `KW 48/2026`), decades (`the 1990s`), and their first and
//! last days; and, for a range, a month or quarter of no year (`October`, `Q3`), a week by its
//! number in words (`week 40 of 2026`) and a season with its year (`summer 2026`, `léto 2026`),
//! which ask.

use chrono::{Datelike, Days, Months, NaiveDate};
use smallvec::SmallVec;

use crate::codes::AskCode;
use crate::data::dates::{MONTHS, QUARTERS, YEAR_WORDS};
use crate::input::{quoted, Input};
use crate::outcome::{Ask, Outcome};
use crate::spelling;

use super::options::in_reach;
use super::parsed::{fixed, value, year4, Parsed, Span};
use super::range::{ambiguous_ranges, range_reading, ranges_ask, DateRange};
use super::tokens::{is_filler, Token};
use super::words::word_key;
use super::written::{month_name, span_name};

/// `2026-Q3`, `Q3 2026`, `Q3/2026`, `3Q2026`.
pub(super) fn quarter(parsed: &mut Parsed, toks: &[Token]) {
    let nums: SmallVec<[&str; 4]> =
        toks.iter().filter_map(|t| if let Token::Num { digits, .. } = t { Some(*digits) } else { None }).collect();
    let (year, q) = match nums.as_slice() {
        [a, b] => match (year4(a), year4(b)) {
            (Some(y), None) => (y, value(b)),
            (None, Some(y)) => (y, value(a)),
            _ => return,
        },
        [one] if one.len() == 5 => {
            // "32026" from "3Q2026" cannot happen (the Q splits it); "Q32026" gives "32026".
            (one.get(1..).and_then(|y| y.parse().ok()).unwrap_or(0), one.get(..1).and_then(|q| q.parse().ok()))
        }
        _ => return,
    };
    if let Some(q) = q.filter(|q| (1..=4).contains(q)) {
        if year > 0 {
            parsed.candidates.push(fixed(Span::Quarter(year, q)));
        }
    }
}

/// `H2 2026`, `2026-H2`, `2H 2026`: a half-year (the word is `h` and the half's number).
pub(super) fn half(parsed: &mut Parsed, word: &str, nums: &[(&str, bool)]) {
    let h = word.get(1..).and_then(value);
    if let (Some(h @ 1..=2), [(year, _)]) = (h, nums) {
        if let Some(y) = year4(year) {
            parsed.candidates.push(fixed(Span::Half(y, h)));
        }
    }
}

/// Words for a half-year after its ordinal number (`1st half of 2026`, `2. pololetí 2026`,
/// `1. Halbjahr 2026`, `1er semestre 2026`), folded: grammar, like the fillers.
pub(super) const HALF_WORDS: &[&str] = &["half", "pololeti", "polrok", "halbjahr", "semestre", "polrocze"];

/// `1st half of 2026`, `2. pololetí 2026`: a half-year by its ordinal number and the year.
pub(super) fn numbered_half(parsed: &mut Parsed, nums: &[(&str, bool)]) {
    // The number's ordinal mark is a suffix (`1st`) or a point (`1.`, which the tokens keep
    // apart), so the number itself is read.
    let ordinal = |(digits, _): (&str, bool)| value(digits).filter(|h| (1..=2).contains(h));
    if let [first, (year, false)] = nums {
        if let (Some(h), Some(y)) = (ordinal(*first), year4(year)) {
            parsed.candidates.push(fixed(Span::Half(y, h)));
        }
    }
}

/// `S1 2026`, `S2/2026`, `1S 2026`: a semester (half-year) as French, Spanish, Italian and
/// Portuguese abbreviate one, and a quarter as Malay does (`S1` is its `suku pertama`): the
/// first two name both (they ask), `S3` and `S4` the quarter only.
pub(super) fn semester_or_quarter(parsed: &mut Parsed, word: &str, nums: &[(&str, bool)]) {
    let (n, y) = match nums {
        [(y, _)] if word.len() == 2 => (word.get(1..).and_then(value), year4(y).unwrap_or(0)),
        [(a, _), (b, _)] if word.len() == 1 => match (year4(a), year4(b)) {
            (None, Some(y)) => (value(a), y),
            (Some(y), None) => (value(b), y),
            _ => return,
        },
        _ => return,
    };
    match n.filter(|_| y > 0) {
        Some(h @ 1..=2) => {
            parsed.candidates.push(fixed(Span::Half(y, h)));
            parsed.candidates.push(fixed(Span::Quarter(y, h)));
        }
        Some(q @ 3..=4) => parsed.candidates.push(fixed(Span::Quarter(y, q))),
        _ => {}
    }
}

/// A quarter's name ([`named_quarter`]) read in place of what the grammar found, when that is
/// no day (`2026 IV k.`: the Roman IV is no month there) and the text has letters.
#[inline]
pub(super) fn quarter_instead(parsed: &mut Parsed, text: &str) {
    // A day found (the usual case): one comparison, and nothing else runs.
    if !matches!(parsed.candidates.first().map(|c| &c.span), Some(Span::Day(_))) {
        quarter_instead_cold(parsed, text);
    }
}

#[cold]
#[inline(never)]
fn quarter_instead_cold(parsed: &mut Parsed, text: &str) {
    let no_day = parsed.candidates.iter().all(|c| matches!(c.span, Span::Month(..) | Span::Year(_)));
    if no_day && parsed.impossible.is_empty() && text.chars().any(char::is_alphabetic) {
        if let Some((year, quarter)) = named_quarter(text) {
            parsed.candidates.clear();
            parsed.candidates.push(fixed(Span::Quarter(year, quarter)));
        }
    }
}

/// A quarter as CLDR's `QQQ y` and `QQQQ y` formats of the modern locales write it (`1st
/// quarter 2026`, `T1 2026`, `1. čtvrtletí 2026`, `I kwartał 2026`, `1.er trimestre de 2026`,
/// `1-й кв. 2026 г.`, `2026年第1四半期`): the text's one four-digit year, and the rest, without
/// the patterns' words around the year ([`is_filler`]: `de`, `г`; `年`, `년` glued to it), one
/// of [`QUARTERS`].
#[cold]
#[inline(never)]
fn named_quarter(text: &str) -> Option<(i32, u32)> {
    let bytes = text.as_bytes();
    let mut year_at = None;
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        if i - start == 4 && year_at.replace(start).is_some() {
            return None; // two years
        }
        i = if i == start { start + 1 } else { i };
    }
    let at = year_at?;
    let year: i32 = text.get(at..at + 4)?.parse().ok()?;
    let before = text.get(..at)?.trim_end().trim_end_matches(['年', '년']);
    let after = text.get(at + 4..)?.trim_start().trim_start_matches(['年', '년', '.']);
    let key = word_key(spelling::trim(&format!("{before} {after}")));
    if let Some(q) = QUARTERS.get(&key) {
        return Some((year, u32::from(q)));
    }
    // A quarter's Roman number (`III. čtvrtletí 2026`, `III trimestre 2026`), as the ordinal
    // CLDR writes in digits (`3. čtvrtletí`, `3 trimestre`).
    if let Some(q) = roman_quarter(&key) {
        return Some((year, q));
    }
    // Without the patterns' words and the commas after words (`1-се кв., 2026 й.`).
    let kept: Vec<&str> = key
        .split(' ')
        .map(|w| w.trim_end_matches(','))
        .filter(|w| !w.is_empty() && !is_filler(w.trim_end_matches('.')))
        .collect();
    let kept = kept.join(" ");
    let kept = kept.trim_end_matches(['.', ',']);
    let q = QUARTERS.get(kept).map(u32::from).or_else(|| roman_quarter(kept))?;
    Some((year, q))
}

/// The quarter of a key that opens with its Roman number (`iii. ctvrtleti`, `iiie trimestre`,
/// `q iii`), read as the digits CLDR writes (`3. ctvrtleti`, `3e trimestre`, `q3`) are: the
/// number and the table agree.
fn roman_quarter(key: &str) -> Option<u32> {
    let (roman, rest) = key.split_once(' ')?;
    let number = |r: &str| ["i", "ii", "iii", "iv"].iter().position(|x| *x == r).map(|p| p + 1);
    if roman == "q" {
        return number(rest).and_then(|n| u32::try_from(n).ok());
    }
    // The letters languages write after an ordinal's digits (`3e`, `3.er`, `3º`, `3rd`, `3-й`);
    // a Roman number may carry them too (`IIIe`), or none where the digits do (`III trimestre`).
    const ORDINAL: &[&str] =
        &["", ".", "er", ".er", "e", "o", "\u{ba}", "\u{b0}", "st", "nd", "rd", "th", "-\u{439}", "-\u{438}"];
    let roman = roman.trim_end_matches('.');
    let n = ORDINAL.iter().find_map(|s| number(roman.strip_suffix(s)?))?;
    let keys = ORDINAL.iter().flat_map(|s| [format!("{n}{s} {rest}"), format!("{n}{s}{rest}")]);
    let q = u32::from(keys.into_iter().find_map(|k| QUARTERS.get(&k))?);
    (q == u32::try_from(n).ok()?).then_some(q)
}

/// An ISO 8601 week written as people write it, the mark apart from the year: `W48 2026`,
/// `2026 W48`, `W48/2026`, and German's and English's calendar-week marks, which count weeks as
/// ISO 8601 does (`KW 48 2026`, `KW48/2026`, `CW 48 2026`). The ISO spelling (`2026-W48`);
/// `None` for any other text (a bare `week 48` is left alone: weeks are numbered otherwise in
/// some regions).
pub(super) fn written_week(text: &str) -> Option<String> {
    let upper = text.trim().to_ascii_uppercase();
    let parts: Vec<&str> = upper.split([' ', '/', '-', ',', '.']).filter(|p| !p.is_empty()).collect();
    fn marked(p: &str) -> Option<&str> {
        ["KW", "CW", "W"].iter().find_map(|m| p.strip_prefix(m))
    }
    let (week, year) = match parts.as_slice() {
        [m, y] if marked(m).is_some_and(|w| !w.is_empty()) => (marked(m)?, *y),
        [m, w, y] if marked(m) == Some("") => (*w, *y),
        [y, m] if marked(m).is_some_and(|w| !w.is_empty()) => (marked(m)?, *y),
        [y, m, w] if marked(m) == Some("") => (*w, *y),
        _ => return None,
    };
    let digits =
        |x: &str, n: std::ops::RangeInclusive<usize>| n.contains(&x.len()) && x.bytes().all(|b| b.is_ascii_digit());
    (digits(week, 1..=2) && digits(year, 4..=4)).then(|| format!("{year}-W{week:0>2}"))
}

/// The first year of a decade written as English writes one (`1990s`, `the 2020s`, `2020's`):
/// four digits that end in 0, then `s`.
#[cold]
pub(super) fn decade(text: &str) -> Option<i32> {
    let lower = text.trim().to_ascii_lowercase();
    let body = lower.strip_prefix("the ").unwrap_or(&lower).strip_suffix('s')?;
    let digits = body.strip_suffix(['\'', '\u{2019}']).unwrap_or(body);
    let year: i32 =
        (digits.len() == 4 && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok())??;
    (year % 10 == 0).then_some(year)
}

/// First and last day of a month, quarter or year.
pub(super) fn bounds(span: Span) -> Option<(NaiveDate, NaiveDate, String)> {
    let (first, last_exclusive, name) = match span {
        Span::Month(y, m) => {
            let first = NaiveDate::from_ymd_opt(y, m, 1)?;
            (first, first.checked_add_months(chrono::Months::new(1))?, span_name(month_name(m), y))
        }
        Span::Quarter(y, q) => {
            let first = NaiveDate::from_ymd_opt(y, 3 * q - 2, 1)?;
            let quarter = ["Q1", "Q2", "Q3", "Q4"].get(usize::try_from(q).ok()?.checked_sub(1)?)?;
            (first, first.checked_add_months(chrono::Months::new(3))?, span_name(quarter, y))
        }
        Span::Year(y) => (NaiveDate::from_ymd_opt(y, 1, 1)?, NaiveDate::from_ymd_opt(y + 1, 1, 1)?, span_name("", y)),
        Span::Decade(y) => {
            (NaiveDate::from_ymd_opt(y, 1, 1)?, NaiveDate::from_ymd_opt(y.checked_add(10)?, 1, 1)?, format!("the {y}s"))
        }
        Span::Half(y, h) => {
            let first = NaiveDate::from_ymd_opt(y, 6 * h - 5, 1)?;
            let half = ["H1", "H2"].get(usize::try_from(h).ok()?.checked_sub(1)?)?;
            (first, first.checked_add_months(chrono::Months::new(6))?, span_name(half, y))
        }
        Span::Week(y, w) => {
            let first = NaiveDate::from_isoywd_opt(y, w, chrono::Weekday::Mon)?;
            (first, first.checked_add_days(Days::new(7))?, format!("ISO week {w} of {y}"))
        }
        _ => return None,
    };
    Some((first, last_exclusive.pred_opt()?, name))
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
    let month = MONTHS.get(key).map(u32::from).or_else(|| cjk_month(key));
    let (month, length, name) = match month.filter(|m| (1..=12).contains(m)) {
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

/// What Japanese and Korean write after a month to say "in" or "during" it (`6月に`, `6月中に`,
/// `6月の間に`, `6月で`, `6월에`), longest first: grammar, as `CJK_PARTICLES` of the numeric
/// dates are. CLDR's patterns write none of them.
const MONTH_PARTICLES: &[&str] = &["の間に", "の間", "中に", "には", "에는", "中", "に", "は", "で", "에", "은", "는"];

/// The month of a Chinese, Japanese or Korean month of no year (`6月`, `六月`, `十二月`, `6월`),
/// a particle after it or not (`6月に`, `6월에`); `None` for any other text.
fn cjk_month(key: &str) -> Option<u32> {
    if key.is_ascii() {
        return None;
    }
    let composed: String = unicode_normalization::UnicodeNormalization::nfc(key.chars()).collect();
    let mut rest = composed.as_str();
    while let Some(shorter) = MONTH_PARTICLES.iter().find_map(|p| rest.strip_suffix(p)) {
        rest = shorter;
    }
    let number = rest.strip_suffix('\u{6708}').or_else(|| rest.strip_suffix('\u{c6d4}'))?;
    let month = if number.bytes().all(|b| b.is_ascii_digit()) && (1..=2).contains(&number.len()) {
        number.parse().ok()
    } else {
        super::parsed::han_value(number, false)
    };
    month.filter(|m| (1..=12).contains(m))
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
        range_reading(f1, t1, format!("{name} {y1}, the last one begun on or before today ({today})")),
        range_reading(f2, t2, format!("{name} {y2}, the next one")),
    ];
    Some(ranges_ask(input, AskCode::IncompleteDate, expected, readings))
}

/// Words for "week" before or after its number (folded).
pub(super) const WEEK_WORDS: &[&str] =
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
        let ok = digits.len() <= 2 && (ending.is_empty() || crate::spelling::ORDINAL_ENDINGS.contains(&ending));
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
        readings.push(range_reading(monday, monday + Days::new(6), meaning));
    }
    let first = NaiveDate::from_ymd_opt(y, 1, 1)?;
    let sunday = first.checked_sub_days(Days::new(u64::from(first.weekday().num_days_from_sunday())))?;
    let start = sunday.checked_add_days(Days::new(7 * u64::from(week.checked_sub(1)?)))?;
    if start.year() <= y {
        let meaning = format!("week {week} of {y} counted from the week of 1 January, weeks from Sunday");
        readings.push(range_reading(start, start + Days::new(6), meaning));
    }
    if readings.is_empty() || readings.iter().any(|(f, t, _)| !in_reach(*f) || !in_reach(*t)) {
        return None;
    }
    Some(ambiguous_ranges(input, readings))
}

/// The seasons' words (folded) of the languages the range reader's other words cover, and the
/// season: 1 spring, 2 summer, 3 autumn, 4 winter.
pub(super) const SEASONS: &[(&str, u8)] = &[
    ("spring", 1),
    ("summer", 2),
    ("autumn", 3),
    ("fall", 3),
    ("winter", 4), // en
    ("jaro", 1),
    ("leto", 2),
    ("podzim", 3),
    ("zima", 4), // cs (and pl's, sk's winter)
    ("jar", 1),
    ("jesen", 3), // sk
    ("fruhling", 1),
    ("fruhjahr", 1),
    ("sommer", 2),
    ("herbst", 3), // de
    ("printemps", 1),
    ("ete", 2),
    ("automne", 3),
    ("hiver", 4), // fr
    ("primavera", 1),
    ("verano", 2),
    ("otono", 3),
    ("invierno", 4), // es
    ("estate", 2),
    ("autunno", 3),
    ("inverno", 4), // it, pt
    ("verao", 2),
    ("outono", 3), // pt
    ("wiosna", 1),
    ("lato", 2),
    ("jesien", 3), // pl
];

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
            readings.push(range_reading(from, to, meaning));
        }
    }
    if year_word {
        let (from, to) = (NaiveDate::from_ymd_opt(year, 1, 1)?, NaiveDate::from_ymd_opt(year, 12, 31)?);
        readings.push(range_reading(
            from,
            to,
            format!("the year {year}, as {} also says in another language", quoted(word)),
        ));
    }
    if readings.iter().any(|(f, t, _)| !in_reach(*f) || !in_reach(*t)) {
        return None;
    }
    Some(ambiguous_ranges(input, readings))
}

/// The range a period of no year, a numbered week or a season names (`October`, `week 40 of
/// 2026`, `summer 2026`): each asks; `None` for any other text. `text` is trimmed.
pub(super) fn period_range(input: &Input<'_>, text: &str, today: Option<NaiveDate>) -> Option<Outcome<DateRange>> {
    let key = word_key(text);
    let dated = || numbered_week(input, &key).or_else(|| season(input, &key));
    month_alone(input, &key, today).or_else(dated)
}
