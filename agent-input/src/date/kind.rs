//! The date and date range kinds' side of the Reader contract ([`crate::reader`]): each
//! reads through its own grammar ([`super::read`], [`super::range_read`]), its values
//! written as `YYYY-MM-DD` (`"2026-10-01"`, `{"from": "2026-10-01", "to": "2026-10-31"}`),
//! and its JSON Schema fragment.

use chrono::NaiveDate;
use serde_json::Value;

use super::options::{DateOptions, DateRole};
use super::range::{DateRange, DateRangeOptions};
use super::range_read::read_range_prepared;
use super::read::{read_prepared, read_value};
use super::written::{iso_text, iso_value};
use crate::context::Context;
use crate::input::Input;
use crate::limits::MAX_RANGE_READINGS;
use crate::outcome::Outcome;
use crate::reader::Reader;

impl Reader for DateOptions {
    type Value = NaiveDate;
    const CONSTRAINED: bool = true;
    const SET_LIKE: bool = true;

    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<NaiveDate> {
        if let Input::String(s) = input {
            cx.spend_folding(crate::reader::fold_cost(s));
        }
        let (part, today) = (self.part || cx.in_parts(), super::today_in(self.today, cx));
        if part != self.part || today != self.today {
            return read_prepared(input, &Self { part, today, ..self.clone() });
        }
        read_prepared(input, self)
    }

    fn to_json(&self, value: NaiveDate) -> Value {
        iso_value(value)
    }

    fn schema(&self) -> serde_json::Value {
        schema_of(self.role)
    }

    /// A canonical `YYYY-MM-DD` is its own text, copied ([`read_value`]).
    fn read_json(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Value> {
        match input {
            Input::String(s) if (!cx.in_parts() || self.part) && super::today_in(self.today, cx) == self.today => {
                cx.spend_folding(crate::reader::fold_cost(s));
                read_value(input, self)
            }
            _ => self.read(input, cx).map(iso_value),
        }
    }
}

impl Reader for DateRangeOptions {
    type Value = DateRange;

    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<DateRange> {
        if let Input::String(s) = input {
            // A range's text is read again for each way it may be split: charged for every
            // reading it may take, ASCII too, before any runs.
            let once = crate::reader::fold_cost(s).saturating_add(s.len());
            cx.spend_folding(once.saturating_mul(MAX_RANGE_READINGS));
        }
        let today = super::today_in(self.today, cx);
        if today != self.today {
            return read_range_prepared(input, &Self { today, ..self.clone() });
        }
        read_range_prepared(input, self)
    }

    /// An open bound is left out, so the canonical range reads back with no note.
    fn to_json(&self, value: DateRange) -> Value {
        let mut range = serde_json::Map::new();
        if let Some(from) = value.from {
            range.insert("from".into(), Value::String(iso_text(from)));
        }
        if let Some(to) = value.to {
            range.insert("to".into(), Value::String(iso_text(to)));
        }
        Value::Object(range)
    }

    fn schema(&self) -> serde_json::Value {
        crate::reader::fragment(
            "A date range: {\"from\": YYYY-MM-DD, \"to\": YYYY-MM-DD}, either bound optional.".into(),
            serde_json::json!({"type": "object", "properties": {"from": {"type": ["string", "null"], "format": "date"}, "to": {"type": ["string", "null"], "format": "date"}}, "additionalProperties": false}),
            &["object", "array", "string", "number", "null"],
            "[from, to], \"2020\" or \"únor 2020\" (the whole span), \"2026-01-01/2026-06-30\", \"from … to …\", and, when the server knows today, \"last month\" and \"year to date\"; \"last week\" and \"last 30 days\" are asked about.",
        )
    }
}

/// The date's JSON Schema fragment.
fn schema_of(role: DateRole) -> serde_json::Value {
    let role = match role {
        DateRole::Point => "A date",
        DateRole::From => "The first day of the range (inclusive); a year or month means its first day",
        DateRole::To => "The last day of the range (inclusive); a year or month means its last day",
    };
    crate::reader::fragment(
        format!("{role}, as YYYY-MM-DD."),
        serde_json::json!({"type": "string", "format": "date"}),
        &["string", "number", "array", "null"],
        "datetimes (the time is dropped), 1. 10. 2026 (day first with dots), month and weekday names of every major language, relative words (today, 3 days ago, last month) when the server knows today. 01/02/2026 and two-digit years are asked about.",
    )
}
