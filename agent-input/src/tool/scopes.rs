//! Scopes per tool: the OAuth scopes a caller's token must grant for a tool to be listed and
//! called ("a tool the model cannot see is a tool it cannot be talked into calling").
//!
//! A spec (or a drop-in's overrides) names them: `"scopes": ["files:write"]`. The adapter passes
//! the scopes the request's token grants ([`Grants`]); with none (stdio, no auth context) nothing
//! is filtered. With them:
//!
//! - `tools/list` leaves out every tool whose scopes are not all granted, and is marked
//!   `cacheScope: "private"` (it varies by token: a shared cache must never serve it to another);
//! - a call of such a tool answers the `insufficient_scope` envelope, naming every missing scope
//!   at once (`required_scopes`);
//! - when the author names `read_only_scopes`, a token that grants only those sees no tool that
//!   may write (`readOnlyHint` not true), and a call of one is refused the same way.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::error::Error;

/// The most scopes one tool, or one token, may name.
pub const MAX_SCOPES: usize = 64;

/// The `_meta` key of a listed tool that holds the scopes it needs: the listing says them, and
/// [`granted_list`] reads them.
pub const SCOPES_META: &str = "agent-input/scopes";

/// Writes a tool's scopes into its definition's `_meta` ([`SCOPES_META`]); nothing for none.
pub fn mark(definition: &mut Value, scopes: &[String]) {
    if scopes.is_empty() {
        return;
    }
    let Value::Object(d) = definition else { return };
    let meta = d.entry("_meta").or_insert_with(|| Value::Object(serde_json::Map::new()));
    if let Value::Object(meta) = meta {
        meta.insert(SCOPES_META.into(), Value::from(scopes.to_vec()));
    }
}

/// A `tools/list` result as a token with `grants` sees it: every tool it does not reach left
/// out (its [`SCOPES_META`] not all granted; a tool whose annotations do not say
/// `readOnlyHint: true`, for a read-only token), and the result marked `cacheScope: "private"`
/// when it varies by token (a tool declares scopes, or read-only scopes are named).
pub fn granted_list(result: &Value, grants: &Grants) -> Value {
    let mut out = result.clone();
    let mut varies = grants.rules;
    if let Some(Value::Array(tools)) = out.get_mut("tools") {
        tools.retain(|tool| {
            let (scopes, writes) = listed_needs(tool);
            varies |= !scopes.is_empty();
            grants.out_of_scope(&scopes, writes).is_none()
        });
    }
    if varies {
        if let Value::Object(o) = &mut out {
            o.insert("cacheScope".into(), Value::from("private"));
        }
    }
    out
}

/// What a tool as listed needs of a token: the scopes its `_meta` names, and whether it may
/// write (its annotations do not say `readOnlyHint: true`). The listing and a call of a tool
/// passed on as listed ([`crate::protocol::out_of_reach`]) both read a tool by it.
pub(crate) fn listed_needs(tool: &Value) -> (Vec<String>, bool) {
    let scopes = tool.get("_meta").and_then(|m| m.get(SCOPES_META)).and_then(Value::as_array);
    let scopes = scopes.into_iter().flatten().filter_map(Value::as_str).map(str::to_owned).collect();
    (scopes, tool.pointer("/annotations/readOnlyHint") != Some(&Value::Bool(true)))
}

/// True for an RFC 6749 scope token: printable ASCII but space, `"` and `\`.
fn is_scope_token(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b == 0x21 || (0x23..=0x5b).contains(&b) || (0x5d..=0x7e).contains(&b))
}

/// A list of scopes as an option gives it (`scopes`, `read_only_scopes`, `scopes_supported`),
/// checked: strings of RFC 6749's scope characters, none twice, at most [`MAX_SCOPES`].
///
/// # Errors
/// Another shape, a scope with a space or a quote, a scope named twice, too many.
pub fn parse(value: Option<&Value>, what: &str) -> Result<Vec<String>, Error> {
    let items = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(other) => return Err(Error::options(format!("{what} must be a list of scopes, found `{other}`"))),
    };
    if items.len() > MAX_SCOPES {
        return Err(Error::options(format!(
            "{what} names {} scopes, more than MAX_SCOPES ({MAX_SCOPES})",
            items.len()
        )));
    }
    let mut out: Vec<String> = Vec::with_capacity(items.len());
    for item in items {
        let scope = item.as_str().filter(|s| is_scope_token(s)).ok_or_else(|| {
            Error::options(format!(
                "{what} holds `{item}`, which is no OAuth scope (RFC 6749: printable ASCII, no space, `\"` or `\\`)"
            ))
        })?;
        if out.iter().any(|s| s == scope) {
            return Err(Error::options(format!("{what} names `{scope}` twice")));
        }
        out.push(scope.to_owned());
    }
    Ok(out)
}

/// What one request's token grants, and the author's read-only scopes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grants {
    granted: BTreeSet<String>,
    /// The token grants only scopes the author named read-only (and at least one).
    read_only: bool,
    /// The author named read-only scopes: the listing varies by token.
    rules: bool,
}

/// Why a tool is out of a token's reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfScope {
    /// Every scope the tool needs that the token does not grant, in the tool's order.
    pub missing: Vec<String>,
    /// The token grants only read-only scopes and the tool may write.
    pub read_only: bool,
}

impl Grants {
    /// The grants of a token with `granted` scopes; `read_only_scopes` are the scopes the author
    /// names read-only (a token granting only those sees no tool that may write).
    pub fn new<S: AsRef<str>>(granted: impl IntoIterator<Item = S>, read_only_scopes: &[String]) -> Self {
        let granted: BTreeSet<String> = granted.into_iter().map(|s| s.as_ref().to_owned()).collect();
        let read_only =
            !read_only_scopes.is_empty() && !granted.is_empty() && granted.iter().all(|g| read_only_scopes.contains(g));
        Self { granted, read_only, rules: !read_only_scopes.is_empty() }
    }

    /// Why a tool that needs `scopes` and may write (`writes`) is out of reach, if it is.
    pub fn out_of_scope(&self, scopes: &[String], writes: bool) -> Option<OutOfScope> {
        let missing: Vec<String> = scopes.iter().filter(|s| !self.granted.contains(*s)).cloned().collect();
        let read_only = self.read_only && writes;
        (read_only || !missing.is_empty()).then_some(OutOfScope { missing, read_only })
    }

    /// The grants a request's context gives (`{"scopes": [...], "readOnlyScopes": [...]}`, as
    /// an adapter passes them from its framework's auth context and its server's options); `None`
    /// when it names no `scopes` (stdio, no auth context: nothing is filtered).
    ///
    /// # Errors
    /// Scopes of another shape.
    pub fn from_context(context: &Value) -> Result<Option<Self>, Error> {
        let Some(given) = context.get("scopes").filter(|s| !s.is_null()) else { return Ok(None) };
        let granted = parse(Some(given), "the request's `scopes`")?;
        let read_only = parse(context.get("readOnlyScopes"), "`readOnlyScopes`")?;
        Ok(Some(Self::new(granted, &read_only)))
    }

    /// The scopes granted, in order.
    pub fn granted(&self) -> impl Iterator<Item = &str> {
        self.granted.iter().map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn scopes_are_checked_as_rfc_6749_tokens() {
        assert_eq!(parse(Some(&json!(["files:read", "files:write"])), "x").unwrap(), ["files:read", "files:write"]);
        for bad in
            [json!("files:read"), json!(["files read"]), json!([""]), json!(["a\"b"]), json!(["a", "a"]), json!([1])]
        {
            assert!(parse(Some(&bad), "`scopes`").is_err(), "{bad}");
        }
        let many: Vec<String> = (0..=MAX_SCOPES).map(|i| format!("s{i}")).collect();
        assert!(parse(Some(&json!(many)), "x").is_err());
    }

    #[test]
    fn every_missing_scope_at_once_and_the_read_only_rule() {
        let scopes = vec!["files:write".to_owned(), "files:delete".to_owned()];
        let read_only = vec!["files:read".to_owned()];
        let reader = Grants::new(["files:read"], &read_only);
        assert_eq!(reader.out_of_scope(&scopes, true), Some(OutOfScope { missing: scopes.clone(), read_only: true }));
        // A tool of no scopes that may write: hidden from a read-only token only.
        assert_eq!(reader.out_of_scope(&[], true), Some(OutOfScope { missing: vec![], read_only: true }));
        assert_eq!(reader.out_of_scope(&[], false), None);
        let writer = Grants::new(["files:read", "files:write"], &read_only);
        assert_eq!(
            writer.out_of_scope(&scopes, true),
            Some(OutOfScope { missing: vec!["files:delete".into()], read_only: false })
        );
        assert_eq!(Grants::new(["files:write", "files:delete"], &read_only).out_of_scope(&scopes, true), None);
        // With no read-only scopes named, the rule is off.
        assert_eq!(Grants::new(["files:read"], &[]).out_of_scope(&[], true), None);
    }
}

#[cfg(test)]
mod listing {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_listing_keeps_what_the_token_reaches_and_is_private() {
        let listed = json!({"tools": [
            {"name": "search", "annotations": {"readOnlyHint": true}, "_meta": {"agent-input/scopes": ["d:read"]}},
            {"name": "update", "annotations": {"readOnlyHint": false}, "_meta": {"agent-input/scopes": ["d:write"]}},
            {"name": "ping"},
        ], "ttlMs": 0});
        let names = |v: &Value| -> Vec<String> {
            v["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap().to_owned()).collect()
        };
        let reader = granted_list(&listed, &Grants::new(["d:read"], &["d:read".to_owned()]));
        // `ping` declares no readOnlyHint: it may write, so a read-only token does not see it.
        assert_eq!(names(&reader), ["search"]);
        assert_eq!(reader["cacheScope"], "private");
        assert_eq!(reader["ttlMs"], 0);
        let writer = granted_list(&listed, &Grants::new(["d:read", "d:write"], &["d:read".to_owned()]));
        assert_eq!(names(&writer), ["search", "update", "ping"]);
        assert_eq!(writer["cacheScope"], "private");
        // A listing of no scoped tool and no read-only scopes does not vary by token.
        let plain = json!({"tools": [{"name": "ping"}]});
        assert!(granted_list(&plain, &Grants::new(["x"], &[])).get("cacheScope").is_none());
    }
}
