//! [`Kind`], the closed list of value kinds, and [`Spec`], a kind with its options: the unit a
//! list item, a filter item and (later) a tool property declare.

mod example;
pub mod filter;
pub mod list;
mod typed;

#[cfg(test)]
mod table_properties;

pub use typed::{TypedRef, TypedValue};

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::boolean::BooleanOptions;
use crate::context::{Context, Host, System};
use crate::country::CountryOptions;
use crate::cursor::{CursorCodec, CursorOptions};
use crate::date::{DateOptions, DateRangeOptions};
use crate::eli::EliOptions;
use crate::enum_::EnumOptions;
use crate::error::{Error, ErrorKind};
use crate::file::FileOptions;
use crate::idempotency_key::IdempotencyKeyOptions;
use crate::input::Input;
use crate::locale::LocaleOptions;
use crate::number::NumberOptions;
use crate::outcome::Outcome;
use crate::outcome::Status;
use crate::reader::Reader;
use crate::text::TextOptions;
use crate::uuid::UuidOptions;
use crate::vocabulary::VocabularyOptions;
use filter::FilterOptions;
use list::ListOptions;

/// Every value kind agent-input reads. Closed: the bindings and the CLI walk this list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, strum::EnumIter)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Kind {
    /// An exact decimal number ([`crate::number`]).
    Number,
    /// A boolean ([`crate::boolean`]).
    Boolean,
    /// One of a closed set of values ([`crate::enum_`]).
    Enum,
    /// An optional search filter ([`crate::kind::filter`]).
    Filter,
    /// A plain string ([`crate::text`]).
    Text,
    /// A list of items of one kind ([`crate::kind::list`]).
    List,
    /// A record id ([`crate::uuid`]).
    Uuid,
    /// A page cursor the server issued ([`crate::cursor`]).
    Cursor,
    /// An idempotency key ([`crate::idempotency_key`]).
    IdempotencyKey,
    /// A date or a range bound ([`crate::date`]).
    Date,
    /// A date range, both bounds read together ([`crate::date::read_range`]).
    DateRange,
    /// An ISO 3166-1 country ([`crate::country`]).
    Country,
    /// A BCP 47 locale ([`crate::locale`]).
    Locale,
    /// An ELI of an EU or Czech act ([`crate::eli`]).
    Eli,
    /// A data-owned value ([`crate::vocabulary`]).
    Vocabulary,
    /// A file, by reference or as inline bytes ([`crate::file`]).
    File,
}

impl Kind {
    /// Every kind, in declaration order.
    pub const ALL: &'static [Kind] = &[
        Kind::Number,
        Kind::Boolean,
        Kind::Enum,
        Kind::Filter,
        Kind::Text,
        Kind::List,
        Kind::Uuid,
        Kind::Cursor,
        Kind::IdempotencyKey,
        Kind::Date,
        Kind::DateRange,
        Kind::Country,
        Kind::Locale,
        Kind::Eli,
        Kind::Vocabulary,
        Kind::File,
    ];

    /// The wire name (`"number"`, `"enum"`, ...).
    pub const fn name(self) -> &'static str {
        match self {
            Self::Number => "number",
            Self::Boolean => "boolean",
            Self::Enum => "enum",
            Self::Filter => "filter",
            Self::Text => "text",
            Self::List => "list",
            Self::Uuid => "uuid",
            Self::Cursor => "cursor",
            Self::IdempotencyKey => "idempotency_key",
            Self::Date => "date",
            Self::DateRange => "date_range",
            Self::Country => "country",
            Self::Locale => "locale",
            Self::Eli => "eli",
            Self::Vocabulary => "vocabulary",
            Self::File => "file",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Kind {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        // `string_list` is how the foundation issue names the list kind; it is read as `list`.
        let s = if s == "string_list" { "list" } else { s };
        Self::ALL.iter().copied().find(|k| k.name() == s).ok_or_else(|| {
            let names: Vec<String> = Self::ALL.iter().map(|k| format!("`{}`", k.name())).collect();
            Error::new(ErrorKind::UnknownKind, format!("unknown kind `{s}`, expected one of {}", names.join(", ")))
        })
    }
}

/// A kind with its options, as JSON declares it: `{"kind": "enum", "values": ["a", "b"]}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Spec {
    /// A number.
    Number(NumberOptions),
    /// A boolean.
    Boolean(BooleanOptions),
    /// An enum value.
    Enum(EnumOptions),
    /// A filter.
    Filter(FilterOptions),
    /// A text.
    Text(TextOptions),
    /// A list (`string_list` is read as `list`).
    #[serde(alias = "string_list")]
    List(ListOptions),
    /// A uuid.
    Uuid(UuidOptions),
    /// A cursor.
    Cursor(CursorOptions),
    /// An idempotency key.
    IdempotencyKey(IdempotencyKeyOptions),
    /// A date.
    Date(DateOptions),
    /// A date range.
    DateRange(DateRangeOptions),
    /// A country.
    Country(CountryOptions),
    /// A locale.
    Locale(LocaleOptions),
    /// An ELI.
    Eli(EliOptions),
    /// A vocabulary value.
    Vocabulary(VocabularyOptions),
    /// A file.
    File(FileOptions),
}

impl Default for Spec {
    fn default() -> Self {
        Self::Text(TextOptions::default())
    }
}

/// `$body` with `$r` bound to the spec's options, which implement [`Reader`]: the one list
/// of kinds the read path dispatches on (statically, so a read inlines as it did).
macro_rules! each_kind {
    ($spec:expr, $r:ident => $body:expr) => {
        match $spec {
            Spec::Number($r) => $body,
            Spec::Boolean($r) => $body,
            Spec::Enum($r) => $body,
            Spec::Filter($r) => $body,
            Spec::Text($r) => $body,
            Spec::List($r) => $body,
            Spec::Uuid($r) => $body,
            Spec::Cursor($r) => $body,
            Spec::IdempotencyKey($r) => $body,
            Spec::Date($r) => $body,
            Spec::DateRange($r) => $body,
            Spec::Country($r) => $body,
            Spec::Locale($r) => $body,
            Spec::Eli($r) => $body,
            Spec::Vocabulary($r) => $body,
            Spec::File($r) => $body,
        }
    };
}

impl Spec {
    /// Builds a spec from its kind and a JSON object of options, validated.
    ///
    /// # Errors
    /// An options value that is not an object, an unknown option, or invalid options.
    pub fn new(kind: Kind, options: &Value) -> Result<Self, Error> {
        Self::new_in(kind, options, &System)
    }

    /// As [`Spec::new`], a cursor's `key_env` read from `host`.
    ///
    /// # Errors
    /// As [`Spec::new`].
    pub fn new_in(kind: Kind, options: &Value, host: &dyn Host) -> Result<Self, Error> {
        let mut object = match options {
            Value::Null => serde_json::Map::new(),
            Value::Object(o) => o.clone(),
            other => {
                return Err(Error::options(format!(
                    "invalid options for kind `{kind}`: expected a JSON object, found `{other}`"
                )))
            }
        };
        if object.contains_key("kind") {
            return Err(Error::options(format!("invalid options for kind `{kind}`: unknown option `kind`")));
        }
        object.insert("kind".into(), Value::String(kind.name().into()));
        Self::from_json_in(&Value::Object(object), host)
    }

    /// Builds a spec from `{"kind": ..., <options>}`, validated.
    ///
    /// # Errors
    /// An unknown kind, an unknown option, or invalid options.
    pub fn from_json(value: &Value) -> Result<Self, Error> {
        Self::from_json_in(value, &System)
    }

    /// As [`Spec::from_json`], a cursor's `key_env` read from `host` (the JavaScript binding
    /// passes the host's environment; [`System`] is the process's).
    ///
    /// # Errors
    /// As [`Spec::from_json`].
    pub fn from_json_in(value: &Value, host: &dyn Host) -> Result<Self, Error> {
        Self::from_json_with(value, None, host)
    }

    /// As [`Spec::from_json`]; a cursor spec without `key_env` reads with `codec`.
    ///
    /// # Errors
    /// As [`Spec::from_json`].
    pub(crate) fn from_json_with(value: &Value, codec: Option<&CursorCodec>, host: &dyn Host) -> Result<Self, Error> {
        let kind_name = value.get("kind").and_then(Value::as_str).unwrap_or_default();
        let kind: Kind = kind_name.parse()?;
        let mut spec = Self::deserialize(value).map_err(|e| {
            Error::options(format!("invalid options for kind `{kind}`: {}", e.to_string().replace("field", "option")))
        })?;
        if let (Self::Cursor(o), Some(codec)) = (&mut spec, codec) {
            o.use_codec(codec);
        }
        spec.prepare_in(host)?;
        Ok(spec)
    }

    /// Validates the options and precomputes what reads need (presets, indexes).
    ///
    /// # Errors
    /// Invalid options.
    pub fn prepare(&mut self) -> Result<(), Error> {
        self.prepare_in(&System)
    }

    /// As [`Spec::prepare`], a cursor's `key_env` read from `host`.
    ///
    /// # Errors
    /// Invalid options.
    pub fn prepare_in(&mut self, host: &dyn Host) -> Result<(), Error> {
        match self {
            Self::Number(o) => {
                languages_checked(&o.languages)?;
                *o = o.effective()?;
            }
            Self::Boolean(o) => languages_checked(&o.languages)?,
            Self::Enum(o) => o.validate()?,
            Self::Filter(o) => o.prepare(host)?,
            Self::Text(o) => o.validate()?,
            Self::List(o) => o.prepare(host)?,
            Self::Date(o) => {
                if let Some(message) = crate::date::today_error(o.today) {
                    return Err(Error::options(message));
                }
                languages_checked(&o.languages)?;
            }
            Self::DateRange(o) => {
                if let Some(message) = crate::date::today_error(o.today) {
                    return Err(Error::options(message));
                }
                languages_checked(&o.languages)?;
            }
            Self::Uuid(_) | Self::IdempotencyKey(_) | Self::Country(_) | Self::Locale(_) | Self::Eli(_) => {}
            Self::Vocabulary(o) => o.prepare()?,
            Self::Cursor(o) => o.prepare(host)?,
            Self::File(o) => o.prepare()?,
        }
        Ok(())
    }

    /// The kind.
    pub const fn kind(&self) -> Kind {
        match self {
            Self::Number(_) => Kind::Number,
            Self::Boolean(_) => Kind::Boolean,
            Self::Enum(_) => Kind::Enum,
            Self::Filter(_) => Kind::Filter,
            Self::Text(_) => Kind::Text,
            Self::List(_) => Kind::List,
            Self::Uuid(_) => Kind::Uuid,
            Self::Cursor(_) => Kind::Cursor,
            Self::IdempotencyKey(_) => Kind::IdempotencyKey,
            Self::Date(_) => Kind::Date,
            Self::DateRange(_) => Kind::DateRange,
            Self::Country(_) => Kind::Country,
            Self::Locale(_) => Kind::Locale,
            Self::Eli(_) => Kind::Eli,
            Self::Vocabulary(_) => Kind::Vocabulary,
            Self::File(_) => Kind::File,
        }
    }

    /// Reads one value of this kind; the value is the kind's canonical JSON.
    /// The spec must have been [prepared](Self::prepare) (every constructor here does).
    ///
    /// One read is one [`Context`] on the process's [`System`] host: its own suggestion and
    /// folding budgets ([`crate::limits::MAX_SUGGESTION_WORK`]). [`Self::read_in`] reads in
    /// a context the caller keeps (a whole call's, or one on its own host).
    pub fn read(&self, input: Input<'_>) -> Outcome<Value> {
        self.read_in(input, &Context::new(&System))
    }

    /// [`Self::read`] in the context `cx`: its budgets, shared with every read in it, and its
    /// host's clock.
    pub fn read_in(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Value> {
        let out = each_kind!(self, r => Reader::read_json(r, input, cx));
        match &out.status {
            Status::Ask { ask } if !ask.readings.is_empty() => self.readings_read_back(out, cx),
            _ => out,
        }
    }

    /// An ask's readings as the next call will send them: each reading is read again with
    /// these options, and kept as the value that read gives (`3000` under a maximum of 50 is
    /// 50; `yesterday` is its date), or left out when it does not read (a month offered for a
    /// single day, a region that asks again). So every reading an ask names reads back ok as
    /// itself.
    #[cold]
    fn readings_read_back(&self, mut out: Outcome<Value>, cx: &Context<'_>) -> Outcome<Value> {
        let Status::Ask { ask } = &mut out.status else { return out };
        let readings = std::mem::take(&mut ask.readings);
        for mut reading in readings {
            let back = each_kind!(self, r => Reader::read_json(r, Input::from(&reading.value), cx));
            let Status::Ok { value } = back.status else { continue };
            if value != reading.value {
                reading.meaning = format!("{}, read as {}", reading.meaning, crate::input::json_text(&value));
                reading.value = value;
            }
            if !ask.readings.iter().any(|r| r.value == reading.value) {
                ask.readings.push(reading);
            }
        }
        out
    }

    /// The JSON Schema (2020-12) fragment of this kind with its options: the shape its reader
    /// reads through, the canonical shape first, then what is read leniently.
    ///
    /// ```
    /// use agent_input::{Kind, Spec};
    /// let spec = Spec::new(Kind::Number, &serde_json::json!({"preset": "limit", "max": 50}))?;
    /// let schema = spec.schema();
    /// assert_eq!(schema["anyOf"][0]["type"], "integer");
    /// assert_eq!(schema["default"], 20);
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn schema(&self) -> Value {
        each_kind!(self, r => Reader::schema(r))
    }

    /// True for kinds whose values are tokens that never hold a comma, so a comma-separated
    /// string of them splits into a list ([`Reader::CONSTRAINED`]).
    pub(crate) fn is_constrained(&self) -> bool {
        each_kind!(self, r => reader_constrained(r))
    }

    /// True for kinds whose lists are sets (a repeat adds nothing): the constrained tokens but
    /// numbers and booleans, whose repeats count ([`Reader::SET_LIKE`]).
    pub(crate) fn is_set_like(&self) -> bool {
        each_kind!(self, r => reader_set_like(r))
    }

    /// True when `s` is one of this kind's own values (an enum value or alias), which then
    /// wins over the absent rule and the filter words.
    pub(crate) fn claims(&self, s: &str, cx: &Context<'_>) -> bool {
        each_kind!(self, r => Reader::claims(r, s, cx))
    }
}

/// [`Reader::CONSTRAINED`] of a reader.
const fn reader_constrained<R: Reader>(_: &R) -> bool {
    R::CONSTRAINED
}

/// [`Reader::SET_LIKE`] of a reader.
const fn reader_set_like<R: Reader>(_: &R) -> bool {
    R::SET_LIKE
}

/// Reads one value of `kind` with JSON `options`: the generic door the CLI and the bindings use.
///
/// # Errors
/// Programmer misuse only: unknown options or invalid ones. Bad input is an ask, never an error.
///
/// # Example
/// ```
/// use agent_input::{read, Kind};
/// let out = read(Kind::Number, (&serde_json::json!("1,5")).into(), &serde_json::json!({}))?;
/// assert_eq!(out.to_json()["value"], serde_json::json!(1.5));
/// assert_eq!(out.notes[0].message, "Read \"1,5\" as 1.5.");
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(kind: Kind, input: Input<'_>, options: &Value) -> Result<Outcome<Value>, Error> {
    Ok(Spec::new(kind, options)?.read(input))
}

/// The JSON Schema of [`Spec`]: every kind with its options, as the generic door and the
/// bindings take them. The generators of the bindings' type stubs read it (`cargo xtask stubs`).
#[cfg(feature = "schema")]
pub fn options_schema() -> Value {
    serde_json::to_value(schemars::schema_for!(Spec)).unwrap_or(Value::Null)
}

impl Spec {
    /// Gives a date, date range, boolean or number spec (a list's or filter's item too) `languages`
    /// where it names none of its own.
    pub(crate) fn inherit_languages(&mut self, languages: &[String]) {
        let own = match self {
            Self::Date(o) => &mut o.languages,
            Self::DateRange(o) => &mut o.languages,
            Self::Boolean(o) => &mut o.languages,
            Self::Number(o) => &mut o.languages,
            Self::List(o) => return o.item.inherit_languages(languages),
            Self::Filter(o) => return o.item.inherit_languages(languages),
            _ => return,
        };
        if own.is_empty() {
            languages.clone_into(own);
        }
    }
}

/// A `languages` option's misuse as the error, or nothing ([`crate::spelling::languages`]).
fn languages_checked(languages: &[String]) -> Result<(), Error> {
    crate::spelling::languages::languages_error(languages).map_or(Ok(()), |m| Err(Error::options(m)))
}

#[cfg(test)]
mod tests {
    use strum::IntoEnumIterator;

    use super::*;

    #[test]
    fn one_list_of_kinds() {
        // `Kind::ALL` (the bindings' and the CLI's list) is every variant, in order, and each
        // name is its wire name.
        assert_eq!(Kind::iter().collect::<Vec<_>>(), Kind::ALL);
        for kind in Kind::ALL {
            assert_eq!(serde_json::to_value(kind).unwrap(), kind.name());
            assert_eq!(kind.name().parse::<Kind>().unwrap(), *kind);
        }
    }
}
