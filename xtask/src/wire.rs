//! The wire's keys: every key of the objects the core writes for a read's outcome (and its
//! notes, warnings, ask and readings) and a tool call (and its issues and envelope).
//!
//! Each wire struct derives `Deserialize` as well as `Serialize`, and the derive names every
//! field it knows (those it may leave out when writing too); the keys are asked of those derives,
//! without any input. A tool call is written, not read back, so its own keys (its status,
//! arguments, issues, and the envelope it flattens) are the top-level keys of one call of each
//! shape as serde writes it. A key left out here still crosses a tape, as text: the list makes a
//! key cheap, never possible.

use agent_input::tool::{Envelope, Issue, ToolCall, ToolSpec};
use agent_input::{Ask, Note, Outcome, Reading, Warning};
use serde::de::{self, Deserialize, Deserializer, Visitor};
use serde_json::{json, Value};

/// The fields a struct's `Deserialize` derive names, asked of the derive without any input.
fn fields<'de, T: Deserialize<'de>>() -> Vec<&'static str> {
    struct Fields(Vec<&'static str>);
    impl<'de> Deserializer<'de> for &mut Fields {
        type Error = de::value::Error;
        fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("not a struct"))
        }
        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _visitor: V,
        ) -> Result<V::Value, Self::Error> {
            self.0.extend_from_slice(fields);
            Err(de::Error::custom("fields found"))
        }
        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf option unit
            unit_struct newtype_struct seq tuple tuple_struct map enum identifier ignored_any
        }
    }
    let mut found = Fields(Vec::new());
    let _ = T::deserialize(&mut found);
    found.0
}

/// A call of each shape: ok with the issues of a collection's entries, and the envelope of a
/// rate limit (its retry and remaining calls).
fn calls() -> Result<Vec<ToolCall>, String> {
    let spec = ToolSpec::from_json(&json!({"name": "search", "properties": {
        "entries": {"kind": "list", "item": {"kind": "object", "properties": {"amount": {"kind": "number"}}}},
    }}))
    .map_err(|e| format!("{e}"))?;
    let limited = Envelope::rate_limited("search", 30, Some(2));
    Ok(vec![
        spec.read(&json!({"entries": [{"amount": "4 000"}, {"amount": "1,234"}]})),
        ToolCall::Error { envelope: limited, notes: Vec::new(), warnings: Vec::new() },
    ])
}

/// The wire's keys, each once: the wire structs' fields, then a call's own keys.
///
/// # Errors
/// A sample call the core refuses, or one that is not a JSON object.
pub fn keys() -> Result<Vec<String>, String> {
    let structs = [
        fields::<Outcome<Value>>(),
        fields::<Note>(),
        fields::<Warning>(),
        fields::<Ask>(),
        fields::<Reading>(),
        fields::<Issue>(),
        fields::<Envelope>(),
    ];
    let mut keys: Vec<String> = Vec::new();
    let mut add = |key: &str| {
        if !keys.iter().any(|k| k == key) {
            keys.push(key.to_owned());
        }
    };
    structs.iter().flatten().for_each(|k| add(k));
    for call in calls()? {
        let value = serde_json::to_value(&call).map_err(|e| e.to_string())?;
        let object = value.as_object().ok_or_else(|| format!("a call that is not an object: {value}"))?;
        object.keys().for_each(|k| add(k));
    }
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_wire_struct_names_its_fields() {
        for (name, fields) in [
            ("Outcome", fields::<Outcome<Value>>()),
            ("Note", fields::<Note>()),
            ("Warning", fields::<Warning>()),
            ("Ask", fields::<Ask>()),
            ("Reading", fields::<Reading>()),
            ("Issue", fields::<Issue>()),
            ("Envelope", fields::<Envelope>()),
        ] {
            assert!(!fields.is_empty(), "{name}'s derive names its fields");
        }
    }

    #[test]
    fn a_calls_own_keys_are_there_and_its_values_keys_are_not() {
        let keys = keys().expect("the samples read");
        for key in ["status", "args", "issues", "notes", "code", "retry_after_seconds", "remaining_calls"] {
            assert!(keys.iter().any(|k| k == key), "{key}: {keys:?}");
        }
        // The call's arguments' keys are the tool's property names, a value's keys its data.
        for data in ["entries", "amount", "search"] {
            assert!(!keys.iter().any(|k| k == data), "{data}: {keys:?}");
        }
    }
}
