//! Kinds a property's name implies: a new tool inherits them by naming its properties.
//!
//! | property name | kind and options |
//! | --- | --- |
//! | `limit`, `page_size`, `per_page`, `max_results` | `number` with `preset: "limit"` (integer 1..`max`, default 20, clamped with a note) |
//! | `date_from`, `from`, `since`, `start_date`, `from_date` | `date` with `role: "from"` (a year or month reads as its first day) |
//! | `date_to`, `to`, `until`, `end_date`, `to_date` | `date` with `role: "to"` (a year or month reads as its last day) |
//! | `cursor`, `page_token` | `cursor` (give `key_env`) |
//! | `idempotency_key` | `idempotency_key` |
//! | `id`, `*_id` | `uuid`, in `mode: "write"` on a tool that writes |
//! | `locale`, `language`, `lang`, `language_code` | `locale` |
//! | `country`, `country_code` | `country` |
//!
//! A name is matched by its words, as the tool factory matches arguments: `pageSize`,
//! `PAGE_SIZE`, `dateFrom`, `userId` and `user-id` imply what `page_size`, `date_from` and
//! `user_id` do (the idiom of a TypeScript server is camelCase).
//!
//! The pairs `date_from`/`date_to`, `from`/`to`, `since`/`until`, `start_date`/`end_date` and
//! `from_date`/`to_date` (in any of those spellings) are read together: a lower bound after its
//! upper bound is one `range_reversed` issue naming both.
//!
//! A tool with one such pair reads its bounds under the other pairs' names too (`from`,
//! `since`, `start_date` for `date_from`; `to`, `until`, `end_date` for `date_to`), and a whole
//! range sent for it (`"date_range": {"from": …, "to": …}`, `"period": [from, to]`, `"period":
//! "Q1 2026"` read as the date range kind reads it, under a key
//! whose last word is `range`, `period`, `dates`, `interval` or `timeframe`) into both bounds,
//! each with a `property_name_normalized` note. With two pairs, such a key is unknown.

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

/// The kind and default options a property name implies, if any; the name is matched by its
/// words (`pageSize` is `page_size`).
pub fn implied(name: &str, writes: bool) -> Option<Value> {
    let words = crate::spelling::fold::words(name);
    Some(match words.as_str() {
        "limit" | "page size" | "per page" | "max results" => json!({"kind": "number", "preset": "limit"}),
        "date from" | "from" | "since" | "start date" | "from date" => json!({"kind": "date", "role": "from"}),
        "date to" | "to" | "until" | "end date" | "to date" => json!({"kind": "date", "role": "to"}),
        "cursor" | "page token" => json!({"kind": "cursor"}),
        "idempotency key" => json!({"kind": "idempotency_key"}),
        "locale" | "language" | "lang" | "language code" => json!({"kind": "locale"}),
        "country" | "country code" => json!({"kind": "country"}),
        n if n == "id" || n.ends_with(" id") => {
            json!({"kind": "uuid", "mode": if writes { "write" } else { "read" }})
        }
        _ => return None,
    })
}
