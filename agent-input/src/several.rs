//! One value asked for, several sent: `"CZ, SK"` for a country, `"open/closed"` for an enum,
//! `"en or de"` for a locale, two dates joined by a comma for one date. The text is no value,
//! and which of its values was meant it does not say: the kind's ask names each as a reading,
//! so the next call picks one. The one rule, for every kind of single value that has it.
//!
//! A text is split at commas, semicolons, vertical bars and slashes, else at the word `or` (or
//! `and`), else at the joiners of CLDR's "and" lists (`a`, `und`, `et`), else at spaces; every part must read as a value of the kind (with no ask), and two
//! or more different values must come out. Inside a list the list splits such a text itself,
//! and a range's bounds are parts of the range ([`Context::as_parts`]): their asks stay as they were.

use serde_json::Value;

use crate::context::Context;
use crate::data::lists::LIST_JOINERS;
use crate::input::{quoted, Input};
use crate::outcome::{Ask, Outcome, Reading, Status};
use crate::spelling;

/// The most parts a text of several values is split into.
const MAX_PARTS: usize = 8;

/// `out` unchanged, unless it asks with no reading about a text of several values of the kind
/// (`read` reads one, `show` writes its JSON value): then the ask names each.
#[inline]
pub(crate) fn or_each<T>(
    cx: &Context<'_>,
    input: &Input<'_>,
    out: Outcome<T>,
    read: impl Fn(Input<'_>) -> Outcome<T>,
    show: impl Fn(&T) -> Value,
) -> Outcome<T> {
    match &out.status {
        Status::Ask { ask }
            if ask.readings.is_empty() && matches!(input, Input::String(_) | Input::Array(_)) && !cx.in_parts() =>
        {
            // One reading of a part, its JSON value when it reads with no ask: `each` is not
            // generic, so one copy serves every kind.
            let value_of = |part: Input<'_>| match read(part).status {
                Status::Ok { value } => Some(show(&value)),
                _ => None,
            };
            match each(cx, input, ask, &value_of) {
                Some(ask) => Outcome::ask(ask),
                None => out,
            }
        }
        _ => out,
    }
}

/// The ask of `ask`'s text as several values, each a reading; `None` when it is no such text.
#[cold]
fn each(cx: &Context<'_>, input: &Input<'_>, ask: &Ask, value_of: &dyn Fn(Input<'_>) -> Option<Value>) -> Option<Ask> {
    let values: Vec<(Value, String)> = match input {
        Input::String(raw) => {
            let text = spelling::clean_edges(raw).0;
            cx.as_parts(|| {
                cx.quietly(|| {
                    splits(text).into_iter().find_map(|parts| {
                        if parts.iter().any(|p| p.is_empty()) {
                            return None;
                        }
                        let inputs: Vec<Input<'_>> = parts.iter().map(|p| Input::String(p)).collect();
                        let values = values_of(&inputs, value_of)?;
                        Some(values.into_iter().filter_map(|(v, i)| Some((v, quoted(parts.get(i)?)))).collect())
                    })
                })
            })?
        }
        // `["civil", "criminal"]` for a property of one value: each item, as a text of several.
        Input::Array(items)
            if (2..=MAX_PARTS).contains(&items.len())
                && items.iter().all(|v| matches!(v, Value::String(_) | Value::Number(_) | Value::Bool(_))) =>
        {
            let inputs: Vec<Input<'_>> = items.iter().map(Input::from).collect();
            let values = cx.as_parts(|| cx.quietly(|| values_of(&inputs, value_of)))?;
            values.into_iter().filter_map(|(v, i)| Some((v, inputs.get(i)?.to_json_text()))).collect()
        }
        _ => return None,
    };
    let options: Vec<String> = values.iter().map(|(_, part)| part.clone()).collect();
    let texts: Vec<String> = values.iter().map(|(v, _)| crate::input::json_text(v)).collect();
    let count = values.len();
    Some(
        Ask::new(
            ask.code,
            input,
            format!("{}; {} sends {count} values, and the property takes one", ask.expected, input.to_json_text()),
            format!("set to the one value you meant: {}", texts.join(" or ")),
        )
        .with_readings(
            values
                .into_iter()
                .zip(options)
                .map(|((value, _), part)| Reading { value, meaning: format!("{part}, one of the {count} values sent") })
                .collect(),
        ),
    )
}

/// The parts of `text` at its separators, at the word `or` or `and`, at the joiners of
/// CLDR's "and" list patterns ([`split_joined`]: `a`, `und`, `et`, `y`), and at its spaces.
fn splits(text: &str) -> [Vec<&str>; 4] {
    let at_marks = text.split([',', ';', '|', '/']).map(spelling::trim).collect();
    let mut at_words = vec![text];
    for word in [" or ", " and ", " OR ", " AND "] {
        at_words = at_words.iter().flat_map(|p| p.split(word)).map(spelling::trim).collect();
    }
    let joined = split_joined(text).unwrap_or_default();
    [at_marks, at_words, joined, text.split_whitespace().collect()]
}

/// The distinct values of `parts` when every part reads with no ask and there are two or
/// more (at most [`MAX_PARTS`]), each with the index of the part it was read from.
fn values_of(parts: &[Input<'_>], value_of: &dyn Fn(Input<'_>) -> Option<Value>) -> Option<Vec<(Value, usize)>> {
    if parts.len() < 2 || parts.len() > MAX_PARTS {
        return None;
    }
    let mut values: Vec<(Value, usize)> = Vec::with_capacity(parts.len());
    for (i, part) in parts.iter().enumerate() {
        let value = value_of(*part)?;
        if !values.iter().any(|(v, _)| *v == value) {
            values.push((value, i));
        }
    }
    (values.len() > 1).then_some(values)
}

/// The pieces of `text` between the joiners of CLDR's "and" list patterns
/// ([`LIST_JOINERS`]: `" and "`, `" a "`, `" und "`, `" & "`, `"、"`, `"和"`), trimmed, with a
/// joiner that opens the text left out (`"and en"`, the last part of `"cs, de, and en"`
/// split at its commas). Letters match in either ASCII case; a joiner of punctuation only
/// (`"、"`, `"، "`, `" & "`) matches with or without its spaces. `None` when there is no joiner.
pub(crate) fn split_joined(text: &str) -> Option<Vec<&str>> {
    let mut pieces = Vec::new();
    let (mut start, mut i) = (0, 0);
    let bytes = text.as_bytes();
    while i < bytes.len() {
        let b = bytes.get(i).copied().unwrap_or(0);
        let candidate = i == 0 || matches!(b, b' ' | b',' | b'&') || b >= 0xc0;
        let found = if candidate { joiner_at(text, i) } else { None };
        match found {
            Some(len) => {
                pieces.push(spelling::trim(text.get(start..i).unwrap_or_default()));
                i += len;
                start = i;
            }
            None => i += 1,
        }
    }
    pieces.push(spelling::trim(text.get(start..).unwrap_or_default()));
    if pieces.len() < 2 {
        return None;
    }
    if pieces.first().is_some_and(|p| p.is_empty()) {
        pieces.remove(0);
    }
    Some(pieces)
}

/// The length of the joiner that starts at byte `i` of `text`, if one does. At the start of
/// the text a joiner's leading spaces and punctuation are not needed (`"and en"`).
fn joiner_at(text: &str, i: usize) -> Option<usize> {
    // Each joiner as it is matched inside the text and at its start, worked out once: one of
    // punctuation only by its marks alone (`"、"`, `"&"`), one of words with its spaces.
    static SPELLED: std::sync::OnceLock<Vec<(&'static str, &'static str)>> = std::sync::OnceLock::new();
    let spelled = SPELLED.get_or_init(|| {
        LIST_JOINERS
            .iter()
            .map(|j| {
                let core = j.trim();
                if core.chars().any(char::is_alphanumeric) {
                    (*j, j.trim_start_matches(|c: char| !c.is_alphanumeric()))
                } else {
                    (core, core)
                }
            })
            .filter(|(inside, opening)| !inside.is_empty() && !opening.is_empty())
            .collect()
    });
    let rest = text.get(i..)?;
    spelled.iter().find_map(|&(inside, opening)| {
        let joiner = if i == 0 { opening } else { inside };
        let head = rest.get(..joiner.len())?;
        head.eq_ignore_ascii_case(joiner).then_some(joiner.len())
    })
}
