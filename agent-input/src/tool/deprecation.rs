//! A tool's deprecation, as its spec, its overrides or its schema's `x-agent-input` declare it:
//! `"deprecated": {"removal": "YYYY-MM-DD", "replacement": "tool_v2"}` (or `true`, neither
//! known yet). The listing says so where a model reads it, in the first sentence of the tool's
//! description, and where a client or `agent-input diff` reads it, in `_meta`
//! [`DEPRECATED_META`]; from the removal date on, a call is answered with the `tool_retired`
//! envelope naming the replacement, and the handler does not run.

use chrono::NaiveDate;
use serde_json::{json, Map, Value};

use crate::error::Error;

/// The `_meta` key of a deprecated tool's listing: `{"removal", "replacement"}`.
pub const DEPRECATED_META: &str = "agent-input/deprecated";

/// When a tool goes and what replaces it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Deprecation {
    /// The first day the tool is no longer served.
    pub removal: Option<NaiveDate>,
    /// The tool to call instead.
    pub replacement: Option<String>,
}

impl Deprecation {
    /// The spec's `deprecated`: absent, `false`, `true`, or `{"removal", "replacement"}`.
    pub(crate) fn from_spec(value: Option<&Value>, tool: &str) -> Result<Option<Self>, Error> {
        let bad = |what: String| Error::options(format!("`deprecated` of tool `{tool}` {what}"));
        let o = match value {
            None | Some(Value::Null | Value::Bool(false)) => return Ok(None),
            Some(Value::Bool(true)) => return Ok(Some(Self::default())),
            Some(Value::Object(o)) => o,
            Some(other) => {
                return Err(bad(format!("must be true or {{\"removal\", \"replacement\"}}, found `{other}`")))
            }
        };
        if let Some(k) = o.keys().find(|k| !matches!(k.as_str(), "removal" | "replacement")) {
            return Err(bad(format!("has the unknown key `{k}`; it takes `removal` and `replacement`")));
        }
        let removal = match o.get("removal") {
            None | Some(Value::Null) => None,
            Some(Value::String(d)) => Some(
                NaiveDate::parse_from_str(d, "%Y-%m-%d")
                    .map_err(|_| bad(format!("has the removal date `{d}`, not a YYYY-MM-DD date")))?,
            ),
            Some(other) => return Err(bad(format!("has the removal date `{other}`, not a YYYY-MM-DD string"))),
        };
        let replacement = match o.get("replacement") {
            None | Some(Value::Null) => None,
            Some(Value::String(r)) if !r.is_empty() && r != tool => Some(r.clone()),
            Some(other) => {
                return Err(bad(format!("names the replacement `{other}`: the name of another tool, as a string")))
            }
        };
        Ok(Some(Self { removal, replacement }))
    }

    /// The spec's JSON of it.
    pub(crate) fn to_json(&self) -> Value {
        let mut o = Map::new();
        if let Some(d) = self.removal {
            o.insert("removal".into(), Value::String(d.to_string()));
        }
        if let Some(r) = &self.replacement {
            o.insert("replacement".into(), Value::String(r.clone()));
        }
        if o.is_empty() {
            Value::Bool(true)
        } else {
            Value::Object(o)
        }
    }

    /// The listing's `_meta` entry: `{"removal"?, "replacement"?}`.
    pub fn meta(&self) -> Value {
        match self.to_json() {
            Value::Bool(_) => json!({}),
            o => o,
        }
    }

    /// The first sentence a deprecated tool's description starts with: "Deprecated: removed
    /// on 2027-12-31; call `search_v2` instead."
    pub fn sentence(&self) -> String {
        match (&self.removal, &self.replacement) {
            (Some(d), Some(r)) => format!("Deprecated: removed on {d}; call `{r}` instead."),
            (Some(d), None) => format!("Deprecated: removed on {d}."),
            (None, Some(r)) => format!("Deprecated: call `{r}` instead."),
            (None, None) => "Deprecated.".to_owned(),
        }
    }

    /// The description as listed: [`Self::sentence`], then the tool's own (left as it is when
    /// it already starts with that sentence).
    pub fn described(&self, description: &str) -> String {
        let sentence = self.sentence();
        if description.starts_with(&sentence) {
            description.to_owned()
        } else if description.trim().is_empty() {
            sentence
        } else {
            format!("{sentence} {description}")
        }
    }

    /// True from the removal date on.
    pub fn retired_on(&self, today: NaiveDate) -> bool {
        self.removal.is_some_and(|d| today >= d)
    }

    /// A listed tool (`{"name", "description", ...}`) as a deprecated one is listed: the
    /// description's first sentence says so and `_meta` [`DEPRECATED_META`] holds the dates.
    pub fn mark(&self, tool: &mut Value) {
        let Value::Object(t) = tool else { return };
        let description = t.get("description").and_then(Value::as_str).unwrap_or_default();
        t.insert("description".into(), Value::String(self.described(description)));
        let meta = t.entry("_meta").or_insert_with(|| Value::Object(Map::new()));
        if let Value::Object(m) = meta {
            m.insert(DEPRECATED_META.into(), self.meta());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deprecation_reads_from_its_spec_and_marks_the_listing() {
        let spec = json!({"removal": "2027-12-31", "replacement": "search_v2"});
        let d = Deprecation::from_spec(Some(&spec), "search").unwrap().unwrap();
        assert_eq!(d.to_json(), spec);
        let mut tool = json!({"name": "search", "description": "Search the items."});
        d.mark(&mut tool);
        d.mark(&mut tool);
        assert_eq!(
            tool,
            json!({"name": "search", "description": "Deprecated: removed on 2027-12-31; call `search_v2` instead. Search the items.",
                   "_meta": {"agent-input/deprecated": spec}})
        );
        let day = |d: &str| NaiveDate::parse_from_str(d, "%Y-%m-%d").unwrap();
        assert!(!d.retired_on(day("2027-12-30")) && d.retired_on(day("2027-12-31")));
        assert_eq!(Deprecation::from_spec(Some(&json!(true)), "search").unwrap(), Some(Deprecation::default()));
        assert_eq!(Deprecation::from_spec(Some(&json!(false)), "search").unwrap(), None);
        for bad in
            [json!("2027"), json!({"removal": "31.12.2027"}), json!({"replacement": "search"}), json!({"until": 1})]
        {
            assert!(Deprecation::from_spec(Some(&bad), "search").is_err(), "{bad}");
        }
    }
}
