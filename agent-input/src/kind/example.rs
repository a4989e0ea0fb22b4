//! Each kind's canonical example: a value in the kind's canonical spelling that its reader reads
//! back as itself with no note (the fixed point), for [`crate::tool::ToolSpec::skeleton`], the
//! payload a tool accepts. A cursor has none: cursors come from the server's previous result.

use serde_json::{json, Value};

use super::Spec;
use crate::reader::Reader;

/// A date in the years every date kind writes.
const EXAMPLE_DATE: &str = "2026-01-01";

/// A uuid that is no placeholder or documentation example (`uuid`'s write mode reads it).
const EXAMPLE_UUID: &str = "5d8f2a61-3c9e-4b17-8a40-e2c6b91f7d53";

impl Spec {
    /// The kind's canonical example, which its reader reads as itself with no note (`1` for a
    /// number of no bounds, the bound or default otherwise; an enum's first value; a
    /// vocabulary's first entry's id; `2026-01-01` for a date); `None` for a cursor, which only
    /// the server's previous result gives.
    pub fn example(&self) -> Option<Value> {
        Some(match self {
            Self::Number(o) => {
                let value = o.default.unwrap_or_else(|| {
                    let mut v = rust_decimal::Decimal::ONE;
                    if let Some(min) = o.min {
                        v = v.max(if o.integer { min.ceil() } else { min });
                    }
                    if let Some(max) = o.max {
                        v = v.min(if o.integer { max.floor() } else { max });
                    }
                    v
                });
                o.to_json(value)
            }
            Self::Boolean(_) => Value::Bool(true),
            Self::Enum(o) => Value::String(o.values.first()?.clone()),
            Self::Filter(o) => o.item.example()?,
            Self::Text(_) => json!("text"),
            Self::List(o) => json!([o.item.example()?]),
            Self::Uuid(_) | Self::IdempotencyKey(_) => json!(EXAMPLE_UUID),
            Self::Cursor(_) => return None,
            Self::Date(_) => json!(EXAMPLE_DATE),
            Self::DateRange(_) => json!({"from": EXAMPLE_DATE, "to": "2026-12-31"}),
            Self::Country(_) => json!("CZ"),
            Self::Locale(_) => json!("cs-CZ"),
            Self::Eli(_) => json!("http://data.europa.eu/eli/reg/2016/679/oj"),
            Self::Vocabulary(o) => Value::String(o.entries.first()?.id.clone()),
            Self::File(o) => o.example()?,
        })
    }
}
