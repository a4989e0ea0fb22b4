//! The date kind and date-range bounds: every spelling a model uses, and never a wrong day.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `2026-10-01` | itself | none |
//! | `2026-10-01T10:00:00Z`, `2026-10-01T23:30:00+02:00`, `1. 10. 2026 10:30`, `2026-10-01 10:00 CEST`, `Thu Oct 01 2026 10:00:00 GMT+0200 (…)` (JavaScript), `Thu Oct  1 10:00:00 UTC 2026` (C's `asctime`, `date`); CLDR's date-times: `October 1, 2026 at 10:00 AM`, `1 oct 2026, 10:00 a. m.`, `1.10.2026 um 10:00 Uhr`, `1.10.2026 kl. 10.00` (a time with points), `2026. 10. 1. PM 10:30`, `2026/10/01 上午10:30`, a time first (`10:00:00 1 thg 10, 2026`), also after time words and before a preposition of a day (`alle 19:30 di venerdì 20 settembre 2026`, `13h30 samedi 21 septembre 2026`, `at 9am on Saturday`, `klokken 9 på lørdag`: CLDR's time words, the words its `kl.` abbreviates; an hour alone only after a time word and before a preposition, so `at 10 Feb 2026` is no time); times with units (`2026年10月1日 10時00分`, `2026년 10월 1일 오전 10시 00분`), an hour with a day period (`October 1, 2026 at 10am`), French hours with `h` (`1 octobre 2026 à 10 h 05`), Go's `2026-10-01 10:00:00 +0200 CEST`, RFC 9557's `2026-10-01T10:00+02:00[Europe/Prague]`, web servers' `01/Oct/2026:10:00:00 +0200` | the date as written | `time_dropped` (names the offset or zone) |
//! | `1790000000`, `1790000000000` (a Unix time in seconds or milliseconds, as text or a JSON number; not when its first eight digits are a `YYYYMMDD` day) | its day in UTC | `time_dropped` |
//! | `2026-10-01+02:00`, `2026-W40-4`, `2026W404`, `2026-274` (ISO 8601: a date with a zone, week and ordinal dates) | 2026-10-01 | `date_spelling_normalized` |
//! | `1. 10. 2026`, `1.10.2026`, `01.10.2026` (dots: always day-month-year) | 2026-10-01 | `date_spelling_normalized` |
//! | `2026/10/01`, `20261001`, `2026-1-5` (year first) | 2026-10-01 | `date_spelling_normalized` |
//! | `13/02/2026`, `12/31/2025`, `31-12-2025` (one order is a date) | that date | `date_spelling_normalized`, `date_order_inferred` |
//! | `05/05/2026` (both orders give one day) | 2026-05-05 | `date_spelling_normalized` |
//! | `1. října 2026`, `1 Oct 2026`, `October 1, 2026`, `1st October 2026`, `Thursday, 1 October 2026`, `1 de octubre de 2026`, `4. X. 2016` | that date | `date_spelling_normalized` |
//! | `October first, 2026`, `the twenty-first of October 2026`, `am ersten Oktober 2026`, `le premier octobre 2026`, `первого октября 2026` (a day as an ordinal word of CLDR's rule-based spellings, every modern locale); a day as a cardinal number's words before its month, read by the number kind's reader of words (`cinco de mayo de 2026`, `vingt et un mai 2026`; a word of several numbers where one only is a day: `tres`) | that date | `date_spelling_normalized` |
//! | `the first Monday of October 2026`, `2nd Tuesday in March 2026`, `last Friday of October 2026`, `zweiter Montag im Oktober 2026` (a weekday counted in a month: an ordinal word or number, or `last`; a fifth weekday the month lacks asks `impossible_date`; without a year, `the first Tuesday of October` asks `incomplete_date` as `1 Oct` does, naming with `today` the last such day on or before today and the next) | that day | `date_spelling_normalized` |
//! | `1 października 2026 roku`, `1 октября 2026 года`, `1. октобар 2026. године`, `1. října roku 2026`, `1. 10. 2026 r.` (a word for "year" beside the year's four digits: CLDR's `duration-year` unit words of every modern locale, each count and case) | 2026-10-01 | `date_spelling_normalized` |
//! | CLDR's formats of every modern locale, regional ones included: `1 окт. 2026 г.`, `2026. gada 1. okt.`, `1 Ekim 2026 Perşembe`, `1 thg 10, 2026`, `2026年10月1日木曜日`, `2026年10月1日星期四`, `23\u{200f}/11\u{200f}/2026` (direction marks), `1. Jänner 2026`, `1 تشرين الأول 2026`, letters glued to a month or weekday (`1 באוקטובר 2026`, `2026(e)ko urriaren 1(a)`, `วันพฤหัสบดีที่ 1 ตุลาคม 2026`), CLDR's root month names of locales without their own (`5 M03, 2026`) | that date | `date_spelling_normalized` (`invisible_characters_removed` for the marks) |
//! | `today`, `včera`, `morgen`, `demain`, `pasado mañana`, `now`, `jetzt` (with the `today` option) | today ± days | `relative_date_resolved` |
//! | `next Monday`, `last Friday`, `this Friday`, `příští pondělí`, `el viernes pasado`, `上周二` (CLDR's words of every modern locale, a Han numeral among them a word, with the `today` option) | that weekday in the week after, before or of today's, when every reading gives one day; `next Friday` said on a Tuesday (this week's or next week's Friday) and weeks that start on Sunday ask `ambiguous_date` with each day | `relative_date_resolved` |
//! | `Wednesday of next week`, `Mittwoch nächste Woche`, `deze week maandag`, `monday this week`, `last week Friday`, `el miércoles de la próxima semana` (a weekday's name beside CLDR's words of the week before, of or after today's, every modern locale, with the `today` option) | that weekday of that week, when weeks from Monday (ISO 8601) and weeks from Sunday give one day; when they give two (`Sunday next week` said on a Thursday), `ambiguous_date` names each with its week start (CLDR's `firstDay` is a region's, and the words are a language's) | `relative_date_resolved` |
//! | `yesterday morning`, `today at 10:00`, `zítra odpoledne` (a relative day with CLDR's day-period and time words after it), English's `the day before yesterday` and `the day after tomorrow` (with the `today` option) | that day | `relative_date_resolved` |
//! | `3 days ago`, `in 2 weeks`, `před 3 dny`, `vor 2 Monaten`, `hace 1 año`, `3日前` (CLDR's relative-time patterns of every modern locale, with the `today` option), the count also as a word (`two days ago`, `vor zwei Tagen`, `a week ago`: CLDR's number words one to twelve) and English's `3 days from now`, `3 days hence`, `3 days from today` and fortnights (`a fortnight ago`); a pattern with words before the count and its unit and direction after also without the words before (`3 måneder siden`, `7 dagar sedan` of `for {0} måneder siden`, `för {0} dagar sedan`) | today ± days, weeks, months, years (a month without today's day: its last day, said in the note) | `relative_date_resolved` |
//! | `the 20th of next month`, `20 of this month`, `20. nächsten Monat` (a day's number with CLDR's words of the month before, of or after today's) | that day of that month; a month without the day asks `impossible_date` | `relative_date_resolved` |
//! | `the first Monday of next month`, `last Friday of this month`, `2nd Tuesday in last month` (a weekday counted in the month before, of or after today's: an ordinal word of any modern locale, a number with its ending, or `last`, with the `today` option) | that day; a fifth weekday the month lacks asks `impossible_date` naming the last one | `relative_date_resolved` |
//! | `Friday after next`, `the Wednesday after next`, `übernächsten Freitag` (with the `today` option) | a week after each day `next Friday` names: one reads, two ask `ambiguous_date` with each | `relative_date_resolved` |
//! | `Sun 01/02/2026`, `pon, 23 lis 2026`, `Mon 23 Nov 26` (readings of which one only is the weekday written, in a word of three or more letters) | that day | `date_spelling_normalized` (a second note names the other readings) |
//! | `2020`, `2020-02`, `February 2020`, `únor 2020`, `2026-Q3`, `Q3 2026`, CLDR's quarter names of every modern locale (`3rd quarter 2026`, `3. čtvrtletí 2026`, `T3 2026`, `III kwartał 2026`, `2026年第3四半期`), decades (`1990s`, `the 2020s`), `second quarter of 2026` (an ordinal word), `2026-H2`, `H1 2026`, `1st half of 2026`, `2. pololetí 2026`, `1. Halbjahr 2026`, `primer semestre de 2026`, `2026-W48`, `W48 2026`, `KW 48/2026`, `CW 48 2026` (ISO weeks; a bare `week 48 of 2026` is not read, as some regions number weeks otherwise: a date range asks `ambiguous_date` naming the ISO week and the week counted from 1 January) (role `from` / `to`) | its first / last day | `bound_expanded` |
//! | `last month`, `this year`, `next quarter`, `minulý měsíc`, `letztes Jahr`, `上个月` (CLDR's words of every modern locale, with the `today` option; role `from` / `to`; weeks are not read, as where a week starts differs by region) | the period's first / last day | `bound_expanded`, `relative_date_resolved` |
//! | `the last day of October 2026`, `the last day in October 2026`, `end of October 2026`, `first day of next month`, `start of 2026`, `end of the month` (with `today`), `konec října 2026`, `konec měsíce`, `začátek roku 2026`, `Ende Oktober 2026` (words naming a period's first or last day, any role) | that day | `bound_expanded` |
//! | `0001-01-01`, `9999-12-31`, `0000-00-00` | absent (no bound) | `open_bound_read_as_absent` |
//!
//! Spellings that ask, never guess:
//! - `01/02/2026`: both orders are dates, so `ambiguous_date` names 2026-02-01 and 2026-01-02;
//! - `01.10.26`, `1 Oct 26`: a two-digit year (`two_digit_year`) names every century;
//! - `2026-02-30`, `31. 4. 2026`: `impossible_date` says why ("April 2026 has 30 days") and
//!   hints the nearest dates that exist; there is no silent roll-over;
//! - `Friday, 1 October 2026` (a Thursday): `weekday_mismatch` names both readings; a weekday's
//!   name of two languages that is neither (`ma tammi 16, 2015`: Finnish Monday, Malagasy
//!   Tuesday; a Friday) names the date and each nearest weekday;
//! - a word no table knows first or last beside a date (`xq 16 January 2015`, `1 Oct 2026 10:00
//!   xyz`) is never dropped: `not_a_date`, naming the date read without it as the reading;
//! - a month, quarter, ISO week or year for a single day, or a day without a year (`1 Oct`,
//!   `1. 10.`: `incomplete_date`; with `today`, a day without a year names the last such day
//!   on or before today and the next one after it, and one with a weekday (`Mon 30 Nov`)
//!   reads as the one such day within a year of today that is that weekday); a weekday alone
//!   (`Friday`, `on Friday`, `v pátek`, `på mandag`, `at 9am on Saturday`) and a day of no
//!   month (`the 15th`, `Den 15.`, `on the first`) too: with `today`, each names the last one
//!   on or before today and the next one after it; a day and month in digits with a slash or hyphen (`10/10`,
//!   `15-2`, `2/15`) asks as `1 Oct` does, and when both orders are dates (`3/4`) or a month's
//!   word names two months (`1 listopad`), the ask names each reading's last and next such day; a month or quarter of no year (`October`, `Q3`) asks too,
//!   and for a range's bound with `today` names its first or last day in the last year it
//!   began on or before today and the year after;
//! - a relative word without the `today` option (`relative_date_without_today`): the library
//!   never reads the clock.
//!
//! Month, weekday and relative-day words come from CLDR (`data::dates`) for every locale of
//! CLDR's modern coverage, regional ones included (and, where their words are new, the
//! basic-level script variants of the modern languages and the wide month and weekday names
//! of every other locale CLDR has), in wide and abbreviated, format (genitive)
//! and stand-alone (nominative) forms; so do the words the date patterns write around the
//! numbers (`г.`, `gada`, eras such as `n. Chr.`), which are skipped, the words that name a
//! month or weekday by its number (`tháng`, `星期`), the letters a pattern glues to a month or
//! weekday (Hebrew `ב`, Basque `-ren`, Thai `ที่`), and the words written beside a time: day
//! periods, time-pattern words and the words joining a date and a time (`a. m.`, `Uhr`, `at`).
//!
//! # How a date is read, file by file
//!
//! A read ([`read()`], in `read.rs`) goes through these steps, each stopping at the first that
//! settles it:
//! 1. **Fast path.** `YYYY-MM-DD` exactly is the day itself, with nothing allocated
//!    (`numeric.rs`: `canonical`).
//! 2. **Opening.** A JSON string or number, its edges, quotes and invisible characters
//!    (`crate::opening`); Unicode digits and minus signs made ASCII (`read.rs`).
//! 3. **Placeholder.** A format template or type name (`YYYY-MM-DD`, `date`) without digits is
//!    absent before the grammar; with digits, only when the grammar finds no date.
//! 4. **Grammar** (`grammar.rs`: `parse`), every reading the text could carry:
//!    ISO 8601's other forms and Unix times (`numeric.rs`); a time of day split off
//!    (`time.rs`); relative words (`today`, `last month`, `3 days ago`: `relative.rs`); the
//!    tokens (`tokens.rs`, word keys and CLDR's tables in `words.rs`) with month and weekday
//!    names settled (`names.rs`); then the shape: numbers only (`numeric.rs`), a month's name
//!    (`names.rs`), a quarter, half or week (`periods.rs`). A text read as nothing is rewritten
//!    and read again: an ISO week with its mark apart and a late time shape (`periods.rs`,
//!    `time.rs`), days and years spelled out and a counted weekday (`spelled.rs`), then a
//!    bracketed weekday or the Buddhist era (`other_scripts.rs`). The grammar's readings are
//!    the types of `parsed.rs`.
//! 5. **Resolve** (`resolve.rs`): one reading for the role, or an ask naming each
//!    (`asks.rs` holds the asks it shares with `relative.rs`); relative spans against `today`
//!    (`relative.rs`); days are written back by `written.rs`.
//! 6. **No date.** A text with no reading gets a second look (`read.rs`): a period's first or
//!    last day (`end of October 2026`), a weekday alone, a month of no year, several dates.
//!
//! A range (`range_read.rs`) reads two bounds, each as above with the role `from` or `to`:
//! `range_words.rs` splits words (`from … to …`, `since …`), `range_pair.rs` separators and
//! interval formats and completes each bound from the other, `range.rs` combines the two; a
//! text no date reads may name a range around today (`relative.rs`) or a season, a numbered
//! week or a month of no year (`periods.rs`).
//!
//! # Where to add a spelling
//! - a month, weekday, relative or other word of a language: CLDR's tables (`data::dates`,
//!   written by `xtask`), or the grammar words of the file that reads it;
//! - a numeric shape: `numeric.rs`; a time beside a date: `time.rs`; a period: `periods.rs`;
//!   a relative date or range: `relative.rs`; a range's words: `range_words.rs`;
//! - a shape read only after a rewrite (spelled out, another script): `spelled.rs` or
//!   `other_scripts.rs`, called from `grammar.rs`'s fallbacks;
//! - and, for each, a vector in `tests/vectors/date.json` or `date_range.json`.
//!
//! No file here imports `mod.rs`, and the files import one another in one direction only:
//! from `range_read` and `read` down through `resolve`, `grammar`, `relative`, `periods` to
//! `parsed`, `words`, `options` and `written`.

mod asks;
mod grammar;
mod holidays;
mod kind;
mod names;
mod numeric;
mod options;
mod other_scripts;
mod parsed;
mod periods;
mod range;
mod range_pair;
mod range_read;
mod range_words;
mod read;
mod relative;
mod resolve;
mod spelled;
mod time;
mod tokens;
mod words;
mod written;

pub(crate) use numeric::canonical;
pub use options::{check_today, parse_today, DateOptions, DateRole};
pub(crate) use options::{is_date_shape, is_full_date};
pub(crate) use options::{today_error, today_in};
pub use range::{DateRange, DateRangeOptions};
pub use range_read::read_range;
pub(crate) use range_read::read_range_prepared;
pub use read::read;
