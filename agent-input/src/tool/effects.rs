//! A tool's side effects, declared on purpose: the four MCP annotation hints and the
//! confirmation step of a destructive tool.
//!
//! | spec key | MCP annotation | rule |
//! | --- | --- | --- |
//! | `writes` | `readOnlyHint` (its negation) | false by default |
//! | `destructive` | `destructiveHint` | a tool that writes must state it; a read-only tool cannot be destructive |
//! | `idempotent` | `idempotentHint` | a tool that writes must state it; `true` needs an `idempotency_key` property |
//! | `open_world` | `openWorldHint` | optional: emitted when stated |
//! | `confirm` | (adds `dry_run` and `confirm_token`) | only on a destructive tool |
//!
//! MCP clients read a hint left out as its pessimistic default (destructive, not idempotent,
//! open world) and decide on confirmation from it, so a spec that writes says both on purpose.
//! A spec read from a server's own definition (`ToolSpec::from_input_schema`) keeps the
//! annotations it declared (`annotations` in the spec document): what they leave out stays
//! MCP's default, as the server's clients already read it.

use serde_json::{json, Map, Value};

use crate::error::Error;
use crate::limits::CONFIRM_TTL_SECONDS;

/// The property a confirmed tool previews with (true by default).
pub const DRY_RUN: &str = "dry_run";
/// The property a confirmed tool executes with: the token its preview returned.
pub const CONFIRM_TOKEN: &str = "confirm_token";

/// The side effects a spec declares.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Effects {
    pub(crate) destructive: Option<bool>,
    pub(crate) idempotent: Option<bool>,
    pub(crate) open_world: Option<bool>,
    pub(crate) confirm: bool,
    /// The annotations of a server's own definition, kept as declared (title included).
    pub(crate) declared: Option<Map<String, Value>>,
}

impl Effects {
    /// The side effects of a spec object (`destructive`, `idempotent`, `open_world`, `confirm`,
    /// `annotations`), checked against `writes`.
    pub(crate) fn from_spec(object: &Map<String, Value>, name: &str, writes: bool) -> Result<Self, Error> {
        let hint = |key: &str| -> Result<Option<bool>, Error> {
            match object.get(key) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::Bool(b)) => Ok(Some(*b)),
                Some(other) => {
                    Err(Error::options(format!("`{key}` of tool `{name}` must be a boolean, found `{other}`")))
                }
            }
        };
        let declared = match object.get("annotations") {
            None | Some(Value::Null) => None,
            Some(Value::Object(a)) => Some(a.clone()),
            Some(other) => {
                return Err(Error::options(format!(
                    "`annotations` of tool `{name}` must be an object, found `{other}`"
                )))
            }
        };
        let from_declared = |key: &str| declared.as_ref().and_then(|a| a.get(key)).and_then(Value::as_bool);
        let effects = Self {
            destructive: hint("destructive")?.or_else(|| from_declared("destructiveHint")),
            idempotent: hint("idempotent")?.or_else(|| from_declared("idempotentHint")),
            open_world: hint("open_world")?.or_else(|| from_declared("openWorldHint")),
            confirm: hint("confirm")?.unwrap_or(false),
            declared,
        };
        effects.check(name, writes)?;
        Ok(effects)
    }

    fn check(&self, name: &str, writes: bool) -> Result<(), Error> {
        if !writes && self.destructive == Some(true) {
            return Err(Error::options(format!(
                "tool `{name}` is `destructive` but does not write: set `writes: true`, or `destructive: false`"
            )));
        }
        if writes && self.declared.is_none() {
            let unstated: Vec<&str> = [("destructive", self.destructive), ("idempotent", self.idempotent)]
                .into_iter()
                .filter_map(|(k, v)| v.is_none().then_some(k))
                .collect();
            if !unstated.is_empty() {
                return Err(Error::options(format!(
                    "tool `{name}` writes, so its spec states `destructive` and `idempotent` (true or false); missing: {}. \
                     MCP clients read a hint left out as destructive and not idempotent, and ask for confirmation from it",
                    unstated.iter().map(|k| format!("`{k}`")).collect::<Vec<_>>().join(", ")
                )));
            }
        }
        if self.confirm && self.destructive != Some(true) {
            return Err(Error::options(format!(
                "tool `{name}` has `confirm: true` but is not `destructive: true`: a confirmation step is for destructive tools"
            )));
        }
        Ok(())
    }

    /// True when the spec's own keys (not a server's declared annotations) say `idempotent`.
    pub(crate) fn idempotent_by_spec(&self) -> bool {
        self.idempotent == Some(true)
            && self.declared.as_ref().and_then(|a| a.get("idempotentHint")).and_then(Value::as_bool) != Some(true)
    }

    /// The MCP `annotations` of a tool that writes (or not) with these effects.
    pub(crate) fn annotations(&self, writes: bool) -> Value {
        let mut out = self.declared.clone().unwrap_or_default();
        out.insert("readOnlyHint".into(), Value::Bool(!writes));
        if writes {
            for (key, value) in [("destructiveHint", self.destructive), ("idempotentHint", self.idempotent)] {
                if let Some(v) = value {
                    out.insert(key.into(), Value::Bool(v));
                }
            }
        }
        if let Some(v) = self.open_world {
            out.insert("openWorldHint".into(), Value::Bool(v));
        }
        Value::Object(out)
    }
}

/// The declarations of `dry_run` and `confirm_token` a confirmed tool adds to its properties.
///
/// # Errors
/// The tool declares either itself.
pub(crate) fn add_confirm_properties(props: &mut Map<String, Value>, name: &str) -> Result<(), Error> {
    if let Some(k) = [DRY_RUN, CONFIRM_TOKEN].into_iter().find(|k| props.contains_key(*k)) {
        return Err(Error::options(format!(
            "tool `{name}` declares `{k}` and has `confirm: true`, which adds it: leave the declaration out"
        )));
    }
    let minutes = CONFIRM_TTL_SECONDS / 60;
    props.insert(
        DRY_RUN.into(),
        json!({"kind": "boolean", "description": format!(
            "True (the default) previews the change and changes nothing: the result says what would change and \
             returns a `confirm_token`. False applies the change, with the `confirm_token` of a preview of the same \
             arguments, issued at most {minutes} minutes earlier."
        )}),
    );
    props.insert(
        CONFIRM_TOKEN.into(),
        json!({"kind": "text", "description": format!(
            "The `confirm_token` that a preview (`dry_run` true) of these same arguments returned, unchanged; needed \
             when `dry_run` is false. It is valid for {minutes} minutes; never invent one."
        )}),
    );
    Ok(())
}
