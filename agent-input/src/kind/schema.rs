//! JSON Schema (2020-12) fragments of the kinds: the shape the reader reads through.
//!
//! Every fragment is `{"description", "anyOf": [canonical, lenient]}`:
//! - `canonical` is the shape a caller should send (types, `enum`, `format`, `pattern`,
//!   bounds), shown first so a model copies it;
//! - `lenient` admits the other spellings the reader repairs (`"4 000"`, `"ano"`, a one-item
//!   array), so that a client validating against the schema never rejects a value the server
//!   would have read. Its description says what is read and what is asked.
//!
//! A contract test (`tests/schema_contract.rs`) runs every vector whose outcome is ok or
//! absent through its kind's fragment.

use serde_json::{json, Value};

use super::filter::FilterOptions;
use super::list::ListOptions;
use super::Spec;
use crate::date::DateRole;
use crate::input::{listing, quoted};
use crate::number::{NumberOptions, OnOutOfRange};
use crate::uuid::UuidMode;
use crate::vocabulary::VocabularyOptions;

fn fragment(description: String, canonical: Value, lenient_types: &[&str], lenient_note: &str) -> Value {
    json!({
        "description": description,
        "anyOf": [
            canonical,
            {"type": lenient_types, "description": format!("Also read leniently: {lenient_note}")},
        ],
    })
}

impl Spec {
    /// The JSON Schema fragment of this kind with its options.
    ///
    /// ```
    /// use agent_input::{Kind, Spec};
    /// let spec = Spec::new(Kind::Number, &serde_json::json!({"preset": "limit", "max": 50}))?;
    /// let schema = spec.schema();
    /// assert_eq!(schema["anyOf"][0]["type"], "integer");
    /// assert_eq!(schema["default"], 20);
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn schema(&self) -> Value {
        match self {
            Self::Number(o) => number(o),
            Self::Boolean(_) => fragment(
                "true or false, as a JSON boolean.".into(),
                json!({"type": "boolean"}),
                &["string", "number", "array", "null"],
                "yes/no, y/n, 1/0, on/off, and the yes/no words of Czech, Slovak, German, French, Spanish, Italian, Polish, Portuguese and Dutch.",
            ),
            Self::Enum(o) => fragment(
                format!("One of {}.", listing(&o.values, |v| quoted(v))),
                json!({"type": "string", "enum": o.values}),
                &["string", "number", "boolean", "array", "null"],
                "other case, spaces, hyphens, camelCase and diacritics of a value, and declared aliases. Unknown values are asked about.",
            ),
            Self::Filter(o) => filter(o),
            Self::Text(o) => {
                let max = o.max_length.unwrap_or(crate::limits::MAX_TEXT_CHARS);
                fragment(
                    format!("Text, at most {max} characters; trimmed and brought to Unicode NFC."),
                    json!({"type": "string", "minLength": 1}),
                    &["string", "number", "boolean", "array", "null"],
                    "numbers and booleans as their text, a one-item array as its item.",
                )
            }
            Self::List(o) => list(o),
            Self::Uuid(o) => uuid(o.mode),
            Self::Cursor(o) if o.opaque => json!({
                "description": "The next cursor of the previous result, unchanged. Omit it on the first call; a first-page word (\"start\", \"first\") or a placeholder serves the first page.",
                "anyOf": [{"type": "string"}, {"description": "Also read: null or any value that is no string, as no cursor."}],
            }),
            Self::Cursor(_) => json!({
                "description": "The next cursor of the previous result, unchanged. Omit it on the first call; an invented cursor (\"start\", \"0\") serves the first page, a damaged one is asked about.",
                "anyOf": [{"type": "string"}, {"description": "Also read: any other value outside the cursor class, as no cursor."}],
            }),
            Self::IdempotencyKey(_) => fragment(
                "A key unique to this write (a fresh uuid is best), resent unchanged on every retry of the same write.".into(),
                json!({"type": "string", "minLength": 8, "maxLength": 255}),
                &["string", "array", "null"],
                "a uuid in any spelling. Example and placeholder keys are asked about.",
            ),
            Self::Date(o) => date(o.role),
            Self::DateRange(_) => fragment(
                "A date range: {\"from\": YYYY-MM-DD, \"to\": YYYY-MM-DD}, either bound optional.".into(),
                json!({"type": "object", "properties": {"from": {"type": ["string", "null"], "format": "date"}, "to": {"type": ["string", "null"], "format": "date"}}, "additionalProperties": false}),
                &["object", "array", "string", "number", "null"],
                "[from, to], \"2020\" or \"únor 2020\" (the whole span), \"2026-01-01/2026-06-30\", \"from … to …\", and, when the server knows today, \"last month\" and \"year to date\"; \"last week\" and \"last 30 days\" are asked about.",
            ),
            Self::Country(_) => fragment(
                "A country, as its ISO 3166-1 alpha-2 code (\"CZ\").".into(),
                json!({"type": "string", "pattern": "^[A-Z]{2}$"}),
                &["string", "number", "array", "null"],
                "alpha-3 and numeric codes, and country names in every modern CLDR language and ISO 3166.",
            ),
            Self::Locale(_) => fragment(
                "A language, as a BCP 47 tag (\"cs\", \"cs-CZ\").".into(),
                json!({"type": "string", "pattern": "^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$"}),
                &["string", "array", "null"],
                "POSIX names (cs_CZ.UTF-8), deprecated codes, language names in English, Czech or the language itself.",
            ),
            Self::Eli(_) => fragment(
                "An act, as its ELI URI (http://data.europa.eu/eli/… or https://www.e-sbirka.cz/eli/cz/…).".into(),
                json!({"type": "string", "format": "uri"}),
                &["string", "array", "null"],
                "CELEX numbers and citations (Regulation (EU) 2016/679, zákon č. 89/2012 Sb.).",
            ),
            Self::Vocabulary(o) => vocabulary(o),
        }
    }
}

fn number(o: &NumberOptions) -> Value {
    let integer = o.integer;
    let mut canonical = json!({"type": if integer { "integer" } else { "number" }});
    let range = match (o.min, o.max) {
        (Some(a), Some(b)) => format!(" from {a} to {b}"),
        (Some(a), None) => format!(" of at least {a}"),
        (None, Some(b)) => format!(" of at most {b}"),
        (None, None) => String::new(),
    };
    if o.on_out_of_range == OnOutOfRange::Ask {
        if let Some(min) = o.min {
            canonical["minimum"] = crate::number::decimal_value(min);
        }
        if let Some(max) = o.max {
            canonical["maximum"] = crate::number::decimal_value(max);
        }
    }
    let clamp = if o.on_out_of_range == OnOutOfRange::Clamp && !range.is_empty() {
        " Values outside the range are clamped to its nearest bound, with a note."
    } else {
        ""
    };
    let default = o.default.map(|d| format!(" Omitted, it is {d}.")).unwrap_or_default();
    let noun = if integer { "A whole number" } else { "A number" };
    let mut f = fragment(
            format!("{noun}{range}, as a JSON number.{clamp}{default}"),
            canonical,
            &["number", "string", "array", "null"],
            "grouped digits (\"4 000\", \"1,234,567\"), a decimal comma (\"1,5\"), Unicode digits and minus signs. A lone comma or point before three digits (\"1,234\") is asked about.",
        );
    if let Some(d) = o.default {
        f["default"] = crate::number::decimal_value(d);
    }
    f
}

fn filter(o: &FilterOptions) -> Value {
    let mut f = o.item.schema();
    let d = f["description"].as_str().unwrap_or_default().to_owned();
    f["description"] =
        Value::String(format!("{d} A filter: omit it, or send \"all\", \"*\" or \"-\", to search everything."));
    if let Some(any) = f["anyOf"].as_array_mut() {
        if let Some(last) = any.last_mut() {
            last["type"] = json!(["string", "number", "boolean", "array", "object", "null"]);
        }
    }
    f
}

fn list(o: &ListOptions) -> Value {
    let item = o.item.schema();
    let canonical_item = item["anyOf"].get(0).cloned().unwrap_or(Value::Bool(true));
    let mut canonical = json!({"type": "array", "items": canonical_item});
    canonical["maxItems"] = json!(o.max_items.unwrap_or(crate::limits::MAX_LIST_ITEMS));
    fragment(
            format!(
                "A JSON array; each item: {}",
                item["description"].as_str().unwrap_or_default()
            ),
            canonical,
            &["array", "string", "number", "boolean", "null"],
            "a single value as a one-item list, comma-separated tokens, a JSON array inside a string. A split that changes the meaning (\"1,5\") is asked about.",
        )
}

fn vocabulary(o: &VocabularyOptions) -> Value {
    let ids: Vec<&str> = o.entries.iter().map(|e| e.id.as_str()).collect();
    let shown: Vec<String> = o
        .entries
        .iter()
        .take(20)
        .map(|e| match e.names.first() {
            Some(n) => format!("{} ({n})", e.id),
            None => e.id.clone(),
        })
        .collect();
    let canonical = if ids.len() <= 200 { json!({"type": "string", "enum": ids}) } else { json!({"type": "string"}) };
    let role = if o.role == crate::vocabulary::VocabularyRole::Filter {
        " As a filter, a value that names no stored value or several is dropped with a warning."
    } else {
        ""
    };
    fragment(
        format!("One stored value, by its id: {}.{role}", shown.join(", ")),
        canonical,
        &["string", "number", "array", "null"],
        "names in any language, abbreviations, other case and diacritics, inflected forms.",
    )
}

fn uuid(mode: UuidMode) -> Value {
    fragment(
        match mode {
            UuidMode::Read => "The record's id, a uuid, exactly as the tool that found the record returned it.".into(),
            UuidMode::Write => "The id of an existing record, a uuid, exactly as the tool that found it returned it. Omit it to create a record; an invented or example id is asked about.".into(),
        },
        json!({"type": "string", "format": "uuid"}),
        &["string", "array", "null"],
        "upper case, braces, urn:uuid:, no hyphens. The nil uuid and documentation examples are placeholders.",
    )
}

fn date(role: DateRole) -> Value {
    let role = match role {
        DateRole::Point => "A date",
        DateRole::From => "The first day of the range (inclusive); a year or month means its first day",
        DateRole::To => "The last day of the range (inclusive); a year or month means its last day",
    };
    fragment(
        format!("{role}, as YYYY-MM-DD."),
        json!({"type": "string", "format": "date"}),
        &["string", "number", "array", "null"],
        "datetimes (the time is dropped), 1. 10. 2026 (day first with dots), month and weekday names of every major language, relative words (today, 3 days ago, last month) when the server knows today. 01/02/2026 and two-digit years are asked about.",
    )
}
