//! [`TypedValue`]: a read value in its kind's own Rust type, for the bindings' natives.

use serde_json::Value;

use super::Spec;
use crate::{date, number};

/// A read value in its kind's own Rust type ([`Spec::to_typed`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum TypedValue {
    /// A number, exact.
    Number(rust_decimal::Decimal),
    /// A boolean.
    Boolean(bool),
    /// A string value: text, an enum value, a uuid, an idempotency key, a country code, a
    /// locale tag, an ELI, a vocabulary id.
    Text(String),
    /// A date.
    Date(chrono::NaiveDate),
    /// A date range; an open bound is `None`.
    DateRange(date::DateRange),
    /// A list, item by item.
    List(Vec<TypedValue>),
    /// An object of typed values, in declaration order (a tool's arguments, an entry).
    Object(Vec<(String, TypedValue)>),
    /// A JSON value with no type of its own (a cursor's payload).
    Json(Value),
}

impl Spec {
    /// The canonical JSON `value` of an ok read of this spec, in the kind's own Rust type:
    /// a number as a [`Decimal`](rust_decimal::Decimal), a date as a [`NaiveDate`](chrono::NaiveDate),
    /// a list item by item. The bindings turn it into their natives (`int`/`Decimal`,
    /// `datetime.date`, ...). A value that is not this spec's canonical form stays JSON.
    ///
    /// ```
    /// use agent_input::{Kind, Spec, TypedValue};
    /// let spec = Spec::new(Kind::Date, &serde_json::json!({}))?;
    /// let out = spec.read("1. 10. 2026".into());
    /// let typed = spec.to_typed(out.value().unwrap());
    /// assert_eq!(typed, TypedValue::Date(chrono::NaiveDate::from_ymd_opt(2026, 10, 1).unwrap()));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn to_typed(&self, value: &Value) -> TypedValue {
        self.to_typed_ref(value).into_owned()
    }

    /// [`Self::to_typed`], a string value borrowed from `value` rather than copied: what a
    /// binding turns into its natives without a Rust string made first.
    ///
    /// ```
    /// use agent_input::{Kind, Spec, TypedRef};
    /// let spec = Spec::new(Kind::Country, &serde_json::json!({}))?;
    /// let value = serde_json::json!("CZ");
    /// assert_eq!(spec.to_typed_ref(&value), TypedRef::Text("CZ"));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn to_typed_ref<'a>(&self, value: &'a Value) -> TypedRef<'a> {
        let owned = |typed: TypedValue| Some(TypedRef::Owned(typed));
        let typed = match (self, value) {
            (Self::Number(_), Value::Number(n)) => {
                number::canonical(n.as_str()).and_then(|d| owned(TypedValue::Number(d)))
            }
            (Self::Boolean(_), Value::Bool(b)) => owned(TypedValue::Boolean(*b)),
            (Self::Date(_), Value::String(s)) => date::canonical(s).and_then(|d| owned(TypedValue::Date(d))),
            (Self::DateRange(_), Value::Object(o)) => {
                let bound = |key: &str| match o.get(key) {
                    None => Some(None),
                    Some(Value::String(s)) => date::canonical(s).map(Some),
                    Some(_) => None,
                };
                match (bound("from"), bound("to")) {
                    (Some(from), Some(to)) => owned(TypedValue::DateRange(date::DateRange { from, to })),
                    _ => None,
                }
            }
            (Self::List(o), Value::Array(items)) => {
                owned(TypedValue::List(items.iter().map(|item| o.item.to_typed(item)).collect()))
            }
            (Self::Filter(o), v) => Some(o.item.to_typed_ref(v)),
            (Self::Cursor(_), v) => owned(TypedValue::Json(v.clone())),
            (_, Value::String(s)) => Some(TypedRef::Text(s)),
            _ => None,
        };
        typed.unwrap_or_else(|| TypedRef::Owned(TypedValue::Json(value.clone())))
    }
}

/// A read value in its kind's own Rust type, its text borrowed ([`Spec::to_typed_ref`]).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum TypedRef<'a> {
    /// [`TypedValue::Text`], borrowed.
    Text(&'a str),
    /// Any other typed value.
    Owned(TypedValue),
}

impl TypedRef<'_> {
    /// The [`TypedValue`] this is.
    #[must_use]
    pub fn into_owned(self) -> TypedValue {
        match self {
            Self::Text(s) => TypedValue::Text(s.to_owned()),
            Self::Owned(typed) => typed,
        }
    }
}
