//! The filter kind: an optional search filter, where "everything" means "not filtering".
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `"all"`, `"*"`, `"*.*"`, `"[*]"`, `"-"` (and the dashes `–`, `—`, `−`), `"any"`, `"everything"`, `"all of them"`, `"no preference"`, `"no filter"`, `"vše"`, `"všechny"`, `"libovolný"`, `"alle"`, `"alles"`, `"tous"`, `"sans filtre"`, `"todos"`, `"tutti"`, `"tutto"`, `"wszystkie"`, `"dowolny"` | absent | `not_filtering_read_as_absent` |
//! | null, `" "`, `"N/A"` | absent | the absent rule's notes |
//! | anything else | read by the item kind (`item`, default text) | the item kind's notes |
//!
//! A value the item kind owns wins over the words above: a filter over an enum with the value
//! `"all"` reads `"all"` as that value.

use crate::context::{Context, System};
use crate::reader::Reader;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Spec;
use crate::absent;
use crate::codes::NoteCode;
use crate::error::Error;
use crate::input::Input;
use crate::outcome::{Note, Outcome, Status};

/// Options of the filter kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FilterOptions {
    /// The kind of the filter's value, with its options. Defaults to text.
    #[serde(default)]
    pub item: Box<Spec>,
}

impl FilterOptions {
    /// A filter over values of this kind.
    pub fn of(item: Spec) -> Self {
        Self { item: Box::new(item) }
    }

    pub(crate) fn prepare(&mut self, host: &dyn crate::context::Host) -> Result<(), Error> {
        if matches!(*self.item, Spec::Filter(_)) {
            return Err(Error::options("invalid options for kind `filter`: `item` is itself a filter"));
        }
        // A filter over a data-owned vocabulary never empties a search: its unclear values
        // are dropped with a warning rather than asked about.
        match self.item.as_mut() {
            Spec::Vocabulary(v) => v.role = crate::vocabulary::VocabularyRole::Filter,
            Spec::List(l) => {
                if let Spec::Vocabulary(v) = l.item.as_mut() {
                    v.role = crate::vocabulary::VocabularyRole::Filter;
                }
            }
            _ => {}
        }
        self.item.prepare_in(host)
    }
}

/// Reads a filter.
///
/// # Outcome
/// - ok: the item kind's value;
/// - absent: not filtering ("all", "*", ...), or the absent rule;
/// - ask: whatever the item kind asks.
///
/// # Errors
/// Invalid item options, or an item that is itself a filter.
///
/// # Example
/// ```
/// use agent_input::{filter, FilterOptions};
/// let out = filter::read("vše".into(), &FilterOptions::default())?;
/// assert!(out.is_absent());
/// assert_eq!(out.notes[0].message, "Read \"vše\" as no filter.");
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &FilterOptions) -> Result<Outcome<Value>, Error> {
    let mut opts = options.clone();
    opts.prepare(&System)?;
    Ok(opts.read(input, &Context::new(&System)))
}

impl Reader for FilterOptions {
    type Value = Value;

    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Value> {
        read_filter(input, self, cx)
    }

    fn to_json(&self, value: Value) -> Value {
        value
    }

    fn schema(&self) -> serde_json::Value {
        schema_of(self)
    }

    fn claims(&self, s: &str, cx: &Context<'_>) -> bool {
        self.item.claims(s, cx)
    }
}

/// A filter's words first (the absent rule, the words for everything), unless the item's
/// kind claims the word as one of its values; then the item.
fn read_filter(input: Input<'_>, opts: &FilterOptions, cx: &Context<'_>) -> Outcome<Value> {
    let word = match input {
        Input::String(s) => Some(s),
        Input::Array([Value::String(s)]) => Some(s.as_str()),
        _ => None,
    };
    if let Some(s) = word {
        if !opts.item.claims(s, cx) {
            if let Some(reason) = absent::check(&Input::String(s), &[]) {
                if matches!(input, Input::String(_)) {
                    return absent::outcome(&input, reason);
                }
            }
            if absent::means_everything(s) {
                return Outcome::absent().note(Note::new(
                    NoteCode::NotFilteringReadAsAbsent,
                    format!("Read {} as no filter.", input.to_json_text()),
                ));
            }
        }
    }
    if let Some(reason) = absent::check(&input, &[]) {
        return absent::outcome(&input, reason);
    }
    let out = opts.item.read_in(input, cx);
    // A repair may uncover a word for everything (`["tutti"]` sent as text, a NUL after
    // `all`): the value is read as a filter again, after the repair's notes.
    if let Status::Ok { value: Value::String(v) } = &out.status {
        if !matches!(input, Input::String(s) if s == v) {
            let again = read_filter(Input::String(v), opts, cx);
            if !matches!(again.status, Status::Ok { .. }) {
                return Outcome { notes: out.notes.into_iter().chain(again.notes).collect(), ..again };
            }
        }
    }
    out
}

/// The filter's JSON Schema fragment: its item's, which also reads the words for everything.
fn schema_of(o: &FilterOptions) -> Value {
    let mut f = o.item.schema();
    let d = f["description"].as_str().unwrap_or_default().to_owned();
    f["description"] =
        Value::String(format!("{d} A filter: omit it, or send \"all\", \"*\" or \"-\", to search everything."));
    if let Some(any) = f["anyOf"].as_array_mut() {
        if let Some(last) = any.last_mut() {
            last["type"] = serde_json::json!(["string", "number", "boolean", "array", "object", "null"]);
        }
    }
    f
}

#[cfg(test)]
mod tests {
    use crate::absent::{means_everything, EVERYTHING};
    use crate::spelling;

    #[test]
    fn every_everything_word_is_folded_and_found() {
        for word in EVERYTHING {
            assert_eq!(spelling::fold::fold(word), *word, "{word} is not written folded: it could never match");
            assert!(means_everything(word) && means_everything(&word.to_uppercase()), "{word}");
        }
        for word in ["allow", "alle Werte", "Praha", "all types", "none"] {
            assert!(!means_everything(word), "{word}");
        }
    }
}
