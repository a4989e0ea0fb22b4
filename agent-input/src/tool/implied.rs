//! Kinds a property's name implies: a new tool inherits them by naming its properties.
//!
//! | property name | kind and options |
//! | --- | --- |
//! | `limit`, `page_size`, `per_page` | `number` with `preset: "limit"` (integer 1..`max`, default 20, clamped with a note) |
//! | `date_from`, `from`, `since` | `date` with `role: "from"` (a year or month reads as its first day) |
//! | `date_to`, `to`, `until` | `date` with `role: "to"` (a year or month reads as its last day) |
//! | `cursor` | `cursor` (give `key_env`) |
//! | `idempotency_key` | `idempotency_key` |
//! | `id`, `*_id` | `uuid`, in `mode: "write"` on a tool that writes |
//! | `locale`, `language`, `lang` | `locale` |
//! | `country`, `country_code` | `country` |
//!
//! The pairs `date_from`/`date_to`, `from`/`to` and `since`/`until` are read together: a lower
//! bound after its upper bound is one `range_reversed` issue naming both.

use serde_json::{json, Value};

/// The pairs of range bounds read together.
pub const PAIRS: &[(&str, &str)] = &[("date_from", "date_to"), ("from", "to"), ("since", "until")];

/// The kind and default options a property name implies, if any.
pub fn implied(name: &str, writes: bool) -> Option<Value> {
    Some(match name {
        "limit" | "page_size" | "per_page" => json!({"kind": "number", "preset": "limit"}),
        "date_from" | "from" | "since" => json!({"kind": "date", "role": "from"}),
        "date_to" | "to" | "until" => json!({"kind": "date", "role": "to"}),
        "cursor" => json!({"kind": "cursor"}),
        "idempotency_key" => json!({"kind": "idempotency_key"}),
        "locale" | "language" | "lang" => json!({"kind": "locale"}),
        "country" | "country_code" => json!({"kind": "country"}),
        n if n == "id" || n.ends_with("_id") => {
            json!({"kind": "uuid", "mode": if writes { "write" } else { "read" }})
        }
        _ => return None,
    })
}
