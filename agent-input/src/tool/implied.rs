//! Kinds a property's name implies: a new tool inherits them by naming its properties.
//!
//! | property name | kind and options |
//! | --- | --- |
//! | `limit`, `page_size`, `per_page`, `max_results`, `top_k`, `num_results`, `number_of_results`, `max_items`, `results_per_page` | `number` with `preset: "limit"` (integer 1..`max`, default 20, clamped with a note) |
//! | `date_from`, `from`, `since`, `start_date`, `from_date`, and any name with the word `date` ending in `from` or `since`, or ending in `start_date` (`decision_date_from`, `decisionStartDate`) | `date` with `role: "from"` (a year or month reads as its first day) |
//! | `date_to`, `to`, `until`, `end_date`, `to_date`, and any name with the word `date` ending in `to` or `until`, or ending in `end_date` (`decision_date_to`) | `date` with `role: "to"` (a year or month reads as its last day) |
//! | `cursor`, `page_token` | `cursor` (give `key_env`) |
//! | `idempotency_key` | `idempotency_key` |
//! | `id`, `*_id` | `uuid`, in `mode: "write"` on a tool that writes |
//! | `locale`, `language`, `lang`, `language_code` | `locale` |
//! | `country`, `country_code` | `country` |
//! | `response_format`, `response_mode`, `detail_level`, `verbosity` | `enum` of `concise` and `detailed` (`brief`, `short`, `summary` read as `concise`; `full`, `verbose`, `detail`, `complete` as `detailed`); a property of any name declares it with `"kind": "response_format"` |
//!
//! A name is matched by its words, as the tool factory matches arguments: `pageSize`,
//! `PAGE_SIZE`, `dateFrom`, `userId` and `user-id` imply what `page_size`, `date_from` and
//! `user_id` do (the idiom of a TypeScript server is camelCase).
//!
//! The pairs `date_from`/`date_to`, `from`/`to`, `since`/`until`, `start_date`/`end_date` and
//! `from_date`/`to_date` (in any of those spellings), and two date properties whose names differ
//! only in that (`decision_date_from`/`decision_date_to`, `decision_start_date`/
//! `decision_end_date`), are read together: a lower bound after its upper bound is one
//! `range_reversed` issue naming both.
//!
//! A key the tool does not declare whose name is in the group of exactly one declared
//! property's name reads as that property, with a `property_name_normalized` note: `country`
//! for `countryCode`, `limit` for `page_size`, `lang` for `locale`, `page_token` for `cursor`,
//! `q`, `search` and `keywords` for `query` (that group implies no kind), and, for a tool with
//! one pair of bounds, `from`, `since`, `start_date` for `date_from` and `to`, `until`,
//! `end_date` for `date_to`. A key in English's other number reads as the property too
//! (`courts` for `court`, `countries` for `country`). A whole range sent for that one pair
//! (`"date_range": {"from": …, "to": …}`, `"period": [from, to]`, `"period": "Q1 2026"` read as
//! the date range kind reads it, under a key whose last word is `range`, `period`, `dates`,
//! `interval` or `timeframe`) goes into both bounds, with the same note. With two pairs, such a
//! key is unknown.

use serde_json::{json, Value};

/// The pairs of range bounds read together, matched by their words (`dateFrom` and `dateTo`
/// are the first pair too).
pub const PAIRS: &[(&str, &str)] = &[
    ("date_from", "date_to"),
    ("from", "to"),
    ("since", "until"),
    ("start_date", "end_date"),
    ("from_date", "to_date"),
];

/// The group of names that imply one kind (`limit`, `page_size`, `per_page` and `max_results`
/// are one), by a name's words; `None` for a name that implies no kind, or an id (ids of
/// different things share no group).
pub(crate) fn group(words: &str) -> Option<&'static str> {
    Some(match words {
        "limit" | "page size" | "per page" | "max results" | "top k" | "num results" | "number of results"
        | "max items" | "results per page" => "limit",
        "date from" | "from" | "since" | "start date" | "from date" => "from",
        "date to" | "to" | "until" | "end date" | "to date" => "to",
        "cursor" | "page token" => "cursor",
        "idempotency key" => "idempotency key",
        "locale" | "language" | "lang" | "language code" => "locale",
        "country" | "country code" => "country",
        "query" | "q" | "search" | "search query" | "search term" | "search terms" | "keywords" => "query",
        "response format" | "response mode" | "detail level" | "verbosity" => "response format",
        _ => return None,
    })
}

/// Which bound of a date range a name of more words names: a name with the word `date` that
/// ends in `from` or `since` (`decision_date_from`, `date_decided_since`) or in `start date`
/// (`decision_start_date`) is a lower bound; one with `date` ending in `to` or `until`, or in
/// `end date`, an upper one. `None` for any other name (`price_from` names no date).
pub(crate) fn date_bound(words: &str) -> Option<&'static str> {
    let dated = words.split(' ').any(|w| w == "date");
    let last = words.rsplit(' ').next().unwrap_or_default();
    if words.ends_with("start date") || dated && matches!(last, "from" | "since") {
        Some("from")
    } else if words.ends_with("end date") || dated && matches!(last, "to" | "until") {
        Some("to")
    } else {
        None
    }
}

/// The name of the other bound of a range whose bound a name is, by its words
/// (`decision date from`: `decision date to`; `decision start date`: `decision end date`).
pub(crate) fn other_bound(words: &str) -> Option<String> {
    let swaps = [(" from", " to"), (" since", " until"), ("start date", "end date")];
    swaps.iter().find_map(|(a, b)| Some(format!("{}{b}", words.strip_suffix(a)?)))
}

/// The kind and default options a property name implies, if any; the name is matched by its
/// words (`pageSize` is `page_size`).
pub fn implied(name: &str, writes: bool) -> Option<Value> {
    let words = crate::spelling::fold::words(name);
    Some(match group(&words).or_else(|| date_bound(&words)) {
        Some("limit") => json!({"kind": "number", "preset": "limit"}),
        Some("from") => json!({"kind": "date", "role": "from"}),
        Some("to") => json!({"kind": "date", "role": "to"}),
        Some("cursor") => json!({"kind": "cursor"}),
        Some("idempotency key") => json!({"kind": "idempotency_key"}),
        Some("locale") => json!({"kind": "locale"}),
        Some("country") => json!({"kind": "country"}),
        // How much of each item a result carries: a model asks for a concise one first.
        Some("response format") => json!({"kind": "enum", "values": ["concise", "detailed"], "aliases": {
            "brief": "concise", "short": "concise", "summary": "concise",
            "full": "detailed", "verbose": "detailed", "detail": "detailed", "complete": "detailed"}}),
        _ if words == "id" || words.ends_with(" id") => {
            json!({"kind": "uuid", "mode": if writes { "write" } else { "read" }})
        }
        _ => return None,
    })
}
