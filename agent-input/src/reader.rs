//! The Reader contract and its driver: the one place the order of a read is written.
//!
//! Every kind implements [`Reader`]: what a read of one value gives, its canonical JSON, and
//! the facts the list, filter and tool layers ask of a kind (does a comma ever sit inside one
//! of its values; are its lists sets). A kind that reads one scalar (a number, a boolean, a
//! country, ...) implements [`Grammar`] as well, and its [`Reader::read`] is [`drive`]:
//!
//! ```text
//!  input ─► fast path ─► opening ─► placeholders? ─► grammar ─┬─► options ─► outcome
//!           (canonical    (type,      (First: text,   (the      │
//!            spelling,     [x], null,  date)           kind's   └─ nothing read:
//!            no           length,                      spellings)   placeholders (WhenNothing)
//!            allocation)  invisible                                 ─► the kind's last readings
//!                         characters)                                 and its ask
//!                                                                   ─► several values in one?
//! ```
//!
//! 1. **fast path** ([`Grammar::fast`]): the canonical spelling, read with no note;
//! 2. **opening** ([`crate::opening::open`], through the kind's [`Grammar::door`]);
//! 3. **placeholders first** when the kind says so ([`Placeholders::First`]: `text` owns no
//!    values; `date`'s format templates would read as broken dates);
//! 4. **grammar** ([`Grammar::grammar`]): the kind's spellings, normalised and resolved to a
//!    value or an ask; `None` when the text says nothing of the kind;
//! 5. **nothing read**: the absent rule ([`Placeholders::WhenNothing`]: a kind's own values
//!    beat placeholders, so it is asked only here), then the kind's last readings and ask
//!    ([`Grammar::nothing`]), then the several-values rule ([`crate::several`]) when the kind
//!    reads single tokens ([`Grammar::SEVERAL`]);
//! 6. **options** on the outcome ([`Grammar::finish`]: a number's `default` for absent).
//!
//! Compound kinds (`list`, `filter`, `date_range`, `cursor`, `vocabulary`) implement
//! [`Reader::read`] themselves and read their parts through their item's reader. Adding a kind
//! touches its own module, the list in `kind/mod.rs`, and its vectors.

use serde_json::Value;

use crate::context::Context;
use crate::input::Input;
use crate::limits::FOLD_COST_PER_CHAR;
use crate::opening::{self, Door, Scalar};
use crate::outcome::{Ask, Outcome};

/// What the crate knows of one kind (module doc).
pub(crate) trait Reader {
    /// The value a read gives, in the kind's own type.
    type Value;

    /// Reads one value.
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Self::Value>;

    /// The value's canonical JSON, as an outcome carries it.
    fn to_json(&self, value: Self::Value) -> Value;

    /// [`Self::read`], the value as its canonical JSON (a kind may write it without the
    /// value's round trip: a canonical date is its own text).
    #[inline]
    fn read_json(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Value> {
        self.read(input, cx).map(|v| self.to_json(v))
    }

    /// The kind's JSON Schema (2020-12) fragment with these options: the shape the reader reads
    /// through, `{"description", "anyOf": [canonical, lenient]}` ([`fragment`]).
    fn schema(&self) -> Value;

    /// True for kinds whose values are tokens that never hold a comma, so a comma-separated
    /// string of them splits into a list.
    const CONSTRAINED: bool = false;

    /// True for kinds whose lists are sets (a repeat adds nothing).
    const SET_LIKE: bool = false;

    /// True when `s` is one of the kind's own values (an enum value or alias), which then
    /// wins over the absent rule and the filter words.
    fn claims(&self, s: &str, cx: &Context<'_>) -> bool {
        let _ = (s, cx);
        false
    }
}

/// Where a kind asks the absent rule (module doc, steps 3 and 5), with its own type words
/// (`"number"`, `"country code"`), which are placeholders too.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Placeholders {
    /// Before the grammar.
    First(&'static [&'static str]),
    /// Where the grammar read nothing.
    WhenNothing(&'static [&'static str]),
    /// The kind asks it itself, inside its grammar (a uuid's placeholder asks on a write).
    Own,
}

/// The steps of a scalar kind's read, in the order [`drive`] takes them.
pub(crate) trait Grammar: Reader {
    /// Apply the several-values rule to the ask of [`Self::nothing`].
    const SEVERAL: bool = true;

    /// The kind folds its text to read it: the text costs the call's folding budget
    /// ([`fold_cost`]). Free text does not.
    const FOLDS: bool = true;

    /// What the opening lets through.
    fn door(&self) -> Door;

    /// Where the absent rule is asked.
    fn placeholders(&self) -> Placeholders {
        Placeholders::WhenNothing(&[])
    }

    /// The canonical spelling, read before the opening with no note; `None` for any other.
    #[inline]
    fn fast(&self, input: &Input<'_>) -> Option<Outcome<Self::Value>> {
        let _ = input;
        None
    }

    /// The kind's spellings: the outcome, or `None` when the text says nothing of the kind.
    fn grammar(&self, scalar: Scalar<'_>, input: &Input<'_>, cx: &Context<'_>) -> Option<Outcome<Self::Value>>;

    /// The outcome when the grammar read nothing and the text is no placeholder: the kind's
    /// last readings (a nearest name) and its ask.
    fn nothing(&self, scalar: Scalar<'_>, input: &Input<'_>, cx: &Context<'_>) -> Outcome<Self::Value>;

    /// The ask for a JSON type the door does not let through.
    fn unexpected(&self, input: &Input<'_>) -> Ask;

    /// The options, applied to every outcome but the fast path's.
    #[inline]
    fn finish(&self, input: &Input<'_>, out: Outcome<Self::Value>) -> Outcome<Self::Value> {
        let _ = input;
        out
    }
}

/// The folding work a text costs: [`FOLD_COST_PER_CHAR`] per character outside ASCII.
#[inline]
pub(crate) fn fold_cost(text: &str) -> usize {
    if text.is_ascii() {
        return 0;
    }
    // A character outside ASCII starts with a byte of the form 11xxxxxx: counted on the bytes,
    // with no decoding.
    text.bytes().filter(|b| b & 0xc0 == 0xc0).count().saturating_mul(FOLD_COST_PER_CHAR)
}

/// The read of a scalar kind, in the contract's order (module doc).
#[inline]
pub(crate) fn drive<G: Grammar>(g: &G, input: Input<'_>, cx: &Context<'_>) -> Outcome<G::Value>
where
    G::Value: serde::Serialize + Clone,
{
    match g.fast(&input) {
        Some(out) => out,
        None => drive_opened(g, input, cx),
    }
}

/// [`drive`] past the fast path: every spelling through the opening (the tests check that the
/// fast path reads as this does).
#[inline]
pub(crate) fn drive_opened<G: Grammar>(g: &G, input: Input<'_>, cx: &Context<'_>) -> Outcome<G::Value>
where
    G::Value: serde::Serialize + Clone,
{
    let scalar = match opening::open(cx, &input, g.door(), |inner| drive(g, inner, cx), |i| g.unexpected(i)) {
        Ok(scalar) => scalar,
        Err(out) => return g.finish(&input, out),
    };
    if let (Scalar::Str(s), true) = (scalar, G::FOLDS) {
        cx.spend_folding(fold_cost(s));
    }
    let placeholders = g.placeholders();
    if let Placeholders::First(words) = placeholders {
        if let Some(out) = opening::placeholder(&input, words) {
            return g.finish(&input, out);
        }
    }
    if let Some(out) = g.grammar(scalar, &input, cx) {
        return g.finish(&input, out);
    }
    let absent = match placeholders {
        Placeholders::WhenNothing(words) => opening::placeholder(&input, words),
        Placeholders::First(_) | Placeholders::Own => None,
    };
    let out = absent.unwrap_or_else(|| g.nothing(scalar, &input, cx));
    let out = if G::SEVERAL {
        crate::several::or_each(cx, &input, out, |part| drive(g, part, cx), |v| g.to_json(v.clone()))
    } else {
        out
    };
    g.finish(&input, out)
}

/// A kind's JSON Schema fragment, `{"description", "anyOf": [canonical, lenient]}`:
/// - `canonical` is the shape a caller should send (types, `enum`, `format`, `pattern`,
///   bounds), shown first so a model copies it;
/// - `lenient` admits the other spellings the reader repairs (`"4 000"`, `"ano"`, a one-item
///   array), so that a client validating against the schema never rejects a value the server
///   would have read. Its description says what is read and what is asked.
///
/// A contract test (`tests/schema_contract.rs`) runs every vector whose outcome is ok or
/// absent through its kind's fragment.
pub(crate) fn fragment(description: String, canonical: Value, lenient_types: &[&str], lenient_note: &str) -> Value {
    serde_json::json!({
        "description": description,
        "anyOf": [
            canonical,
            {"type": lenient_types, "description": format!("Also read leniently: {lenient_note}")},
        ],
    })
}
