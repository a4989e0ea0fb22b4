//! Hints: the corrective part of an ask as data ([`Fix`]), and the one renderer per shape
//! that turns it into the sentence a caller reads.
//!
//! A kind says *what* to send instead (`set to 1234 or to 1.234`) and *where* in the value
//! ([`At`]); it never writes "Call … again". The sentence is rendered where the shape is
//! known, by the functions below, and nowhere else:
//!
//! | shape | renderer | example |
//! | --- | --- | --- |
//! | a bare read | [`read`] | Call again with the value set to 1234 or to 1.234. |
//! | a property of a tool, or an entry of a collection | [`property`] | Call `search` again with `period.from` set to "2026-02-01" or "2026-01-02". |
//! | the envelope of a call | [`envelope`] | Call `search` again with `limit` set to …, and `date_from` set to …. |
//! | a line of a batch | [`line`] | Send the line again, fixed: … |
//! | an item inside a list's own fix | [`item`] | item 2 ("x") set to one of … |

use std::fmt::Write as _;

/// Where in the value a change applies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum At {
    /// The value itself.
    Value,
    /// A named part of the value (`from` of a date range), rendered after the value's path:
    /// `period.from`.
    Part(String),
    /// Another property, by its full path (the upper bound of a `date_from`/`date_to` pair).
    Path(String),
}

/// What to do at one place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Action {
    /// A phrase completing "… with `x` …": `set to 1234 or to 1.234`.
    Phrase(String),
    /// Leave the cursor out to start again at page one, or resend the previous result's next
    /// cursor unchanged.
    Restart,
}

/// One change the caller should make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Change {
    pub(crate) at: At,
    pub(crate) action: Action,
}

/// The corrective part of an ask, as data: the changes to make, in order, and an alternative
/// ("or with the wrong bound corrected").
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fix {
    changes: Vec<Change>,
    otherwise: Option<String>,
}

impl Fix {
    /// Set the value as `phrase` says: `set to 1234 or to 1.234`.
    pub(crate) fn set(phrase: impl Into<String>) -> Self {
        Self { changes: vec![Change { at: At::Value, action: Action::Phrase(phrase.into()) }], otherwise: None }
    }

    /// Leave the cursor out, or resend the previous result's cursor.
    pub(crate) fn restart() -> Self {
        Self { changes: vec![Change { at: At::Value, action: Action::Restart }], otherwise: None }
    }

    /// Adds a change at another place.
    pub(crate) fn and(mut self, at: At, phrase: impl Into<String>) -> Self {
        self.changes.push(Change { at, action: Action::Phrase(phrase.into()) });
        self
    }

    /// Adds the alternative after the changes.
    pub(crate) fn otherwise(mut self, phrase: impl Into<String>) -> Self {
        self.otherwise = Some(phrase.into());
        self
    }

    /// The same fix applied to the part `part` of a larger value (a bound of a range).
    pub(crate) fn within(mut self, part: &str) -> Self {
        for change in &mut self.changes {
            if change.at == At::Value {
                change.at = At::Part(part.to_owned());
            }
        }
        self
    }

    /// The same fix with the parts `from` and `to` of a value moved to two other properties (a
    /// range sent under one key for a tool's `date_from` and `date_to`).
    pub(crate) fn parts_onto(mut self, from: &str, to: &str) -> Self {
        for change in &mut self.changes {
            match &change.at {
                At::Part(p) if p == "from" => change.at = At::Path(from.to_owned()),
                At::Part(p) if p == "to" => change.at = At::Path(to.to_owned()),
                _ => {}
            }
        }
        self
    }

    /// The first change's phrase (`set to …`), for texts that quote the fix.
    pub fn phrase(&self) -> &str {
        match self.changes.first().map(|c| &c.action) {
            Some(Action::Phrase(p)) => p,
            Some(Action::Restart) => RESTART_PROPERTY,
            None => "",
        }
    }
}

impl From<String> for Fix {
    fn from(phrase: String) -> Self {
        Self::set(phrase)
    }
}

impl From<&str> for Fix {
    fn from(phrase: &str) -> Self {
        Self::set(phrase)
    }
}

const RESTART_READ: &str =
    "Call again without the cursor to start at page one, or with the next cursor of the previous result, unchanged.";
const RESTART_PROPERTY: &str =
    "left out to start again at page one, or set to the next cursor of the previous result, unchanged";

/// The clauses of a fix, each naming its place as `name` renders it.
fn clauses(out: &mut String, fix: &Fix, name: impl Fn(&At) -> String) {
    for (i, change) in fix.changes.iter().enumerate() {
        if i > 0 {
            out.push_str(" and ");
        }
        let phrase = match &change.action {
            Action::Phrase(p) => p.as_str(),
            Action::Restart => RESTART_PROPERTY,
        };
        let _ = write!(out, "{} {phrase}", name(&change.at));
    }
    if let Some(otherwise) = &fix.otherwise {
        let _ = write!(out, ", or {otherwise}");
    }
}

/// The place names of a property's fix: `path`, `path.part`, or another property's path.
fn property_place(path: &str) -> impl Fn(&At) -> String + '_ {
    move |at| match at {
        At::Value if path.is_empty() => "the arguments".to_owned(),
        At::Value => format!("`{path}`"),
        At::Part(part) if path.is_empty() => format!("`{part}`"),
        At::Part(part) => format!("`{path}.{part}`"),
        At::Path(other) => format!("`{other}`"),
    }
}

/// The hint of a bare read: "Call again with the value {fix}.".
pub(crate) fn read(fix: &Fix) -> String {
    if matches!(fix.changes.as_slice(), [Change { action: Action::Restart, .. }]) {
        return RESTART_READ.to_owned();
    }
    let mut out = String::from("Call again with ");
    clauses(&mut out, fix, |at| match at {
        At::Value => "the value".to_owned(),
        At::Part(part) | At::Path(part) => format!("`{part}`"),
    });
    out.push('.');
    out
}

/// The hint of a property (or an entry of a collection) of a tool:
/// "Call `tool` again with `path` {fix}.".
pub(crate) fn property(tool: &str, path: &str, fix: &Fix) -> String {
    let mut out = format!("Call `{tool}` again with ");
    clauses(&mut out, fix, property_place(path));
    out.push('.');
    out
}

/// The hint of an envelope: every issue's fix at its path, in one call.
pub(crate) fn envelope<'a>(tool: &str, fixes: impl IntoIterator<Item = (&'a str, &'a Fix)>) -> String {
    let mut out = format!("Call `{tool}` again with ");
    for (i, (path, fix)) in fixes.into_iter().filter(|(_, fix)| !fix.changes.is_empty()).enumerate() {
        if i > 0 {
            out.push_str(", and ");
        }
        clauses(&mut out, fix, property_place(path));
    }
    out.push('.');
    out
}

/// The hint of the issue that counts the issues a call did not list.
pub(crate) fn more(tool: &str, rest: usize) -> String {
    format!("Call `{tool}` again with the listed issues fixed; the {rest} issues not listed are reported then.")
}

/// The hint of a malformed batch line: "Send the line again, {fix}.".
pub(crate) fn line(fix: &Fix) -> String {
    format!("Send the line again, {}.", fix.phrase())
}

/// An item's fix inside its list's own fix: "item 2 ("x") {fix}".
pub(crate) fn item(index: usize, received: &str, fix: &Fix) -> String {
    let mut out = String::new();
    clauses(&mut out, fix, |at| match at {
        At::Value => format!("item {index} ({received})"),
        At::Part(part) | At::Path(part) => format!("item {index} ({received}) with `{part}`"),
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_fix_renders_in_every_shape() {
        let fix = Fix::set("set to 1234 or to 1.234");
        assert_eq!(read(&fix), "Call again with the value set to 1234 or to 1.234.");
        assert_eq!(property("t", "limit", &fix), "Call `t` again with `limit` set to 1234 or to 1.234.");
        assert_eq!(item(2, "\"x\"", &fix), "item 2 (\"x\") set to 1234 or to 1.234");
        let bound = fix.within("from");
        assert_eq!(read(&bound), "Call again with `from` set to 1234 or to 1.234.");
        assert_eq!(property("t", "period", &bound), "Call `t` again with `period.from` set to 1234 or to 1.234.");
    }

    #[test]
    fn pairs_restarts_and_envelopes() {
        let pair = Fix::set("set to \"b\"").and(At::Path("date_to".into()), "set to \"a\"").otherwise("with x");
        assert_eq!(
            property("t", "date_from", &pair),
            "Call `t` again with `date_from` set to \"b\" and `date_to` set to \"a\", or with x."
        );
        let restart = Fix::restart();
        assert_eq!(read(&restart), RESTART_READ);
        assert_eq!(property("t", "cursor", &restart), format!("Call `t` again with `cursor` {RESTART_PROPERTY}."));
        let a = Fix::set("set to 1");
        assert_eq!(envelope("t", [("a", &a), ("b", &a)]), "Call `t` again with `a` set to 1, and `b` set to 1.");
    }
}
