//! Properties of the readers over every name the generated tables hold (the tables are not
//! public, so these run inside the crate, in a layer above both the data and the kinds): every
//! CLDR month and weekday spelling of a date reads as that date, or asks with it.

use chrono::{Datelike, NaiveDate};
use proptest::prelude::*;
use serde_json::Value;

use crate::data::dates::{MONTHS, WEEKDAYS};
use crate::date::{self, DateOptions, DateRole};
use crate::outcome::Status;

/// The number of cases: `PROPTEST_CASES` when set (proptest's default configuration reads
/// it; unset, it is 256), else `n`.
fn cases(n: u32) -> ProptestConfig {
    let default = ProptestConfig::default();
    if default.cases == 256 {
        ProptestConfig::with_cases(n)
    } else {
        default
    }
}

fn any_date() -> impl Strategy<Value = NaiveDate> {
    (2i32..9998, 1u32..=12, 1u32..=31)
        .prop_filter_map("a day that exists", |(y, m, d)| NaiveDate::from_ymd_opt(y, m, d))
}

/// Every spelling the reader supports, for a date (`pick` chooses names from the tables).
fn spell(d: NaiveDate, style: usize, pick: usize) -> String {
    let (y, m, day) = (d.year(), d.month(), d.day());
    let month_names: Vec<String> =
        MONTHS.entries().into_iter().filter(|(_, n)| u32::from(*n) == m).map(|(k, _)| k).collect();
    let name = &month_names[pick % month_names.len()];
    let weekday_names: Vec<String> = WEEKDAYS
        .entries()
        .into_iter()
        .filter(|(_, n)| u32::from(*n) == d.weekday().number_from_monday())
        .map(|(k, _)| k)
        .collect();
    let weekday = &weekday_names[pick % weekday_names.len()];
    match style {
        0 => format!("{y:04}-{m:02}-{day:02}"),
        1 => format!("{day}. {m}. {y:04}"),
        2 => format!("{day}.{m}.{y:04}"),
        3 => format!("{day:02}.{m:02}.{y:04}"),
        4 => format!("{day:02}/{m:02}/{y:04}"),
        5 => format!("{m:02}/{day:02}/{y:04}"),
        6 => format!("{day}-{m}-{y:04}"),
        7 => format!("{y:04}/{m:02}/{day:02}"),
        8 => format!("{y:04}{m:02}{day:02}"),
        9 => format!("{day} {name} {y:04}"),
        10 => format!("{day}. {name} {y:04}"),
        11 => format!("{name} {day}, {y:04}"),
        12 => format!("{weekday}, {day} {name} {y:04}"),
        13 => format!("{y:04}-{m:02}-{day:02}T12:34:56+05:30"),
        14 => format!("{y:04}-{m:02}-{day:02}T00:00:00Z"),
        15 => format!("{day} {name} {y:04}").to_uppercase(),
        _ => format!("{day}. {m}. {y:04} 10:30"),
    }
}

proptest! {
    #![proptest_config(cases(512))]

    /// For every date and every supported spelling of it, the read gives that date, or an
    /// ask that lists it among the readings; never a different date.
    #[test]
    fn every_spelling_gives_the_date_or_asks_with_it(d in any_date(), style in 0usize..17, pick in any::<usize>(), role in 0usize..3) {
        let spelled = spell(d, style, pick);
        let role = [DateRole::Point, DateRole::From, DateRole::To][role];
        let out = date::read(spelled.as_str().into(), &DateOptions::role(role)).unwrap();
        let iso = Value::String(d.to_string());
        match &out.status {
            Status::Ok { value } => prop_assert_eq!(*value, d, "{}", spelled),
            Status::Ask { ask } => prop_assert!(ask.readings.iter().any(|r| r.value == iso), "{} asked without the date among its readings: {:?}", spelled, ask),
            Status::Absent => prop_assert!(false, "{} read as absent", spelled),
        }
    }
}
