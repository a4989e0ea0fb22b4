//! Reads nothing: the asks and notes a date read shares between its steps: several readings
//! (`ambiguous_date`), the last and next such day (`incomplete_date`), a period read as its
//! first or last day (`Read "2026-Q2" as 2026-06-30, the last day of Q2 2026.`), and a
//! relative word resolved outside the years this reader writes (`in 9000 years`).

use chrono::NaiveDate;

use crate::codes::{AskCode, NoteCode};
use crate::input::{quoted, Input};
use crate::outcome::{Ask, Note, Outcome, Reading};

use super::options::{DateRole, REACH};
use super::written::{iso_text, iso_value, with_iso_text};

/// The `ambiguous_date` ask of a spelling with several readings, each offered in the hint as
/// `options` writes it.
pub(super) fn ambiguous(input: &Input<'_>, readings: Vec<Reading>, options: &[String]) -> Ask {
    Ask::new(
        AskCode::AmbiguousDate,
        input,
        "a date with one reading, as YYYY-MM-DD",
        format!("set to {}", options.join(" or ")),
    )
    .with_readings(readings)
}

/// The `incomplete_date` ask naming two days, each with its meaning (the last such day and
/// the next one), the hint `lead` followed by both.
pub(super) fn last_or_next(
    input: &Input<'_>,
    expected: String,
    lead: &str,
    (last, last_meaning): (NaiveDate, String),
    (next, next_meaning): (NaiveDate, String),
) -> Ask {
    let hint = format!("{lead}{} or {}", quoted(&iso_text(last)), quoted(&iso_text(next)));
    Ask::new(AskCode::IncompleteDate, input, expected, hint).with_readings(vec![
        Reading { value: iso_value(last), meaning: last_meaning },
        Reading { value: iso_value(next), meaning: next_meaning },
    ])
}

/// A month, quarter or year: its first or last day as a range bound; one day is asked for.
pub(super) fn span_bound(
    input: &Input<'_>,
    (first, last, name): (NaiveDate, NaiveDate, &str),
    role: DateRole,
) -> Outcome<NaiveDate> {
    match role {
        DateRole::From => Outcome::ok(first).note(bound_note(input, first, "first", name)),
        DateRole::To => Outcome::ok(last).note(bound_note(input, last, "last", name)),
        DateRole::Point => Outcome::ask(
            Ask::new(
                AskCode::IncompleteDate,
                input,
                format!("one day; {} is the whole of {name}", input.to_json_text()),
                format!(
                    "set to one day, such as {} (its first day) or {} (its last day), or use a date range",
                    quoted(&first.to_string()),
                    quoted(&last.to_string())
                ),
            )
            .with_readings(vec![
                Reading { value: iso_value(first), meaning: format!("the first day of {name}") },
                Reading { value: iso_value(last), meaning: format!("the last day of {name}") },
            ]),
        ),
    }
}

/// `Read <input> as <day>, the <which> day of <name>.`, without the formatter (a test compares
/// it with `format!`).
fn bound_note(input: &Input<'_>, day: NaiveDate, which: &str, name: &str) -> Note {
    let mut m = String::with_capacity(40 + input.json_len_hint() + name.len());
    m.push_str("Read ");
    input.push_json_text(&mut m);
    m.push_str(" as ");
    with_iso_text(day, |t| m.push_str(t));
    m.push_str(", the ");
    m.push_str(which);
    m.push_str(" day of ");
    m.push_str(name);
    m.push('.');
    Note::new(NoteCode::BoundExpanded, m)
}

/// The ask of a relative word that resolves outside [`REACH`].
pub(super) fn out_of_reach(input: &Input<'_>, today: Option<NaiveDate>) -> Ask {
    let from = today.map_or_else(String::new, |t| format!(", from today ({t}),"));
    Ask::new(
        AskCode::ImpossibleDate,
        input,
        format!(
            "a date from {} to {}, the years this reader writes; {}{from} falls outside them",
            REACH.0,
            REACH.1,
            input.to_json_text()
        ),
        "set to an absolute date within those years, as YYYY-MM-DD",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::date::written::span_name;

    /// The names and notes written without the formatter say what `format!` said.
    #[test]
    fn span_names_and_bound_notes_are_the_formatted_text() {
        for y in [-44, 0, 7, 999, 1000, 2026, 9999, 10_000, 262_143] {
            assert_eq!(span_name("", y), y.to_string());
            assert_eq!(span_name("Q2", y), format!("Q2 {y}"));
            assert_eq!(span_name("October", y), format!("October {y}"));
        }
        let day = NaiveDate::from_ymd_opt(2026, 6, 30).unwrap();
        for input in [Input::from("2026-Q2"), Input::from("a \"quoted\" text"), Input::Number("2026")] {
            let note = bound_note(&input, day, "last", "Q2 2026");
            let said = format!("Read {} as {day}, the last day of Q2 2026.", input.to_json_text());
            assert_eq!(note.message, said);
        }
    }
}
