//! The list kind: a list of items, each read by its own kind's owner.
//!
//! | spelling (item kind in brackets) | read as | note code |
//! | --- | --- | --- |
//! | `["a", "b"]` | itself | none |
//! | `"a"` | `["a"]` | `single_value_read_as_list` |
//! | `"cs, de"` (enum, number, boolean, ... items) | `["cs", "de"]` | `list_split` |
//! | `"1,5; 2,5"` (number items): semicolons, when present, split instead of commas | `[1.5, 2.5]` | `list_split` |
//! | `"cs\nde"`, `"- cs\n- de"`, `"1. cs\n2. de"` (lines, with or without Markdown bullets or numbers), `"cs \| de"` | `["cs", "de"]` | `list_split` |
//! | `"Praha, Brno"` (text items) | `["Praha, Brno"]`: free text never splits | `single_value_read_as_list` |
//! | `"[\"a\", \"b\"]"` | `["a", "b"]` | `json_array_decoded` |
//! | `["a", null, ""]` | `["a"]` | `empty_items_dropped` |
//! | `["ano", "ne"]` (boolean) | `[true, false]` | the items' own notes |
//!
//! Spellings that ask:
//! - a split that changes the meaning: `"1,5"` with number items is `[1, 5]` or `[1.5]`, so
//!   `ambiguous_list_split` names every reading;
//! - any item that asks: `invalid_list_items` names each failing item by its index (from 0)
//!   and echoes the good items in the hint, so the next call resends them unchanged;
//! - more than `max_items` items (`too_many_items`).
//!
//! Items of set-like kinds (enum) that repeat are removed with the warning
//! `duplicate_items_removed`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Spec;
use crate::codes::{AskCode, NoteCode, WarningCode};
use crate::error::Error;
use crate::hint;
use crate::input::{json_text, listing, Input};
use crate::limits::{MAX_DESCRIBED_ITEMS, MAX_LIST_ITEMS, MAX_TEXT_CHARS};
use crate::outcome::{Ask, Note, Outcome, Reading, Status, Warning};
use crate::{absent, spelling};

/// Options of the list kind.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct ListOptions {
    /// The kind of each item, with that kind's options (`{"kind": "enum", "values": [...]}`).
    /// Defaults to text.
    #[serde(default)]
    pub item: Box<Spec>,
    /// The most items the list may have (at most [`MAX_LIST_ITEMS`], which is the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_items: Option<usize>,
}

impl ListOptions {
    /// A list of items of this kind.
    pub fn of(item: Spec) -> Self {
        Self { item: Box::new(item), max_items: None }
    }

    pub(crate) fn prepare(&mut self) -> Result<(), Error> {
        if matches!(*self.item, Spec::List(_) | Spec::Filter(_)) {
            return Err(Error::options(format!(
                "invalid options for kind `list`: `item` is of kind `{}`, expected a single-value kind",
                self.item.kind().name()
            )));
        }
        if let Some(n) = self.max_items {
            if n == 0 || n > MAX_LIST_ITEMS {
                return Err(Error::options(format!(
                    "invalid options for kind `list`: `max_items` {n} is outside 1..={MAX_LIST_ITEMS}"
                )));
            }
        }
        self.item.prepare()
    }

    fn max(&self) -> usize {
        self.max_items.unwrap_or(MAX_LIST_ITEMS)
    }
}

/// Reads a list.
///
/// # Outcome
/// - ok: the items, each canonical for its kind;
/// - absent: missing, null, blank or a placeholder;
/// - ask: an item asks, a comma split is ambiguous, or too many items.
///
/// # Errors
/// An item kind that is itself a list or a filter, or `max_items` out of bounds.
///
/// # Example
/// ```
/// use agent_input::{list, ListOptions, Spec, EnumOptions};
/// let opts = ListOptions::of(Spec::Enum(EnumOptions::new(["cs", "de", "en"])));
/// let out = list::read("cs, DE".into(), &opts)?;
/// assert_eq!(out.value(), Some(&vec![serde_json::json!("cs"), serde_json::json!("de")]));
/// # Ok::<(), agent_input::Error>(())
/// ```
///
/// # Example: a split with two meanings
/// ```
/// use agent_input::{list, ListOptions, Spec, NumberOptions};
/// let opts = ListOptions::of(Spec::Number(NumberOptions::new()));
/// let out = list::read("1,5".into(), &opts)?;
/// let readings: Vec<String> = out.as_ask().unwrap().readings.iter().map(|r| r.value.to_string()).collect();
/// assert_eq!(readings, ["[1,5]", "[1.5]"]);
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &ListOptions) -> Result<Outcome<Vec<Value>>, Error> {
    let mut opts = options.clone();
    opts.prepare()?;
    Ok(read_prepared(input, &opts))
}

pub(crate) fn read_prepared(input: Input<'_>, opts: &ListOptions) -> Outcome<Vec<Value>> {
    if let Some(reason) = absent::check(&input, &["array", "list"]) {
        return absent::outcome(&input, reason);
    }
    match input {
        Input::Array(items) => {
            let inputs: Vec<Input<'_>> = items.iter().map(Input::from).collect();
            read_items(&input, &inputs, opts, Vec::new())
        }
        Input::String(s) => {
            if spelling::longer_than(s, MAX_TEXT_CHARS) {
                return Outcome::ask(Ask::too_long(&input, MAX_TEXT_CHARS));
            }
            let trimmed = spelling::trim(s);
            if trimmed.starts_with('[') && trimmed.ends_with(']') {
                let decoded = match serde_json::from_str::<Value>(trimmed) {
                    Ok(Value::Array(items)) => Some((items, NoteCode::JsonArrayDecoded)),
                    _ => python_list(trimmed).map(|items| (items, NoteCode::PythonListDecoded)),
                };
                if let Some((decoded, code)) = decoded {
                    let note = Note::read_as(code, &input, &json_text(&Value::Array(decoded.clone())), "");
                    let inputs: Vec<Input<'_>> = decoded.iter().map(Input::from).collect();
                    return read_items(&input, &inputs, opts, vec![note]);
                }
            }
            if opts.item.is_constrained() && trimmed.contains([',', ';', '\n', '|']) {
                return read_split(&input, trimmed, opts);
            }
            single(&input, opts)
        }
        Input::Number(_) | Input::Bool(_) => single(&input, opts),
        Input::Object(_) | Input::Missing | Input::Null => {
            Outcome::ask(Ask::unexpected_type(&input, "a JSON array of items", "set to a JSON array of items"))
        }
    }
}

/// A lone value as a one-item list.
fn single(input: &Input<'_>, opts: &ListOptions) -> Outcome<Vec<Value>> {
    let out = read_items(input, &[*input], opts, Vec::new());
    match out.status {
        Status::Ok { ref value } => {
            let note =
                Note::read_as(NoteCode::SingleValueReadAsList, input, &json_text(&Value::Array(value.clone())), "");
            let mut out = out;
            out.notes.insert(0, note);
            out
        }
        _ => out,
    }
}

/// A string of constrained tokens with commas: split, unless the split changes the meaning.
fn read_split(input: &Input<'_>, text: &str, opts: &ListOptions) -> Outcome<Vec<Value>> {
    // Lines, when there are several, are the items (a bullet or a number before each is left
    // out); then semicolons, commas or vertical bars, the first of them the text has.
    let (parts, separators): (Vec<&str>, &str) = if text.contains('\n') {
        (text.lines().map(|line| without_bullet(spelling::trim(line))).collect(), "lines")
    } else if text.contains(';') {
        (text.split(';').map(spelling::trim).collect(), "semicolons")
    } else if text.contains(',') {
        (text.split(',').map(spelling::trim).collect(), "commas")
    } else {
        (text.split('|').map(spelling::trim).collect(), "vertical bars")
    };
    let inputs: Vec<Input<'_>> = parts.iter().map(|p| Input::String(p)).collect();
    let split = read_items(input, &inputs, opts, Vec::new());
    // Only the whole reading's status and readings decide; its hint is never shown.
    let whole = spelling::suggest::without_suggestions(|| opts.item.read(Input::String(text)));
    let split_ok = parts.len() > 1 && matches!(split.status, Status::Ok { .. });
    let whole_readings: Vec<Value> = match &whole.status {
        Status::Ok { value } => vec![value.clone()],
        Status::Ask { ask } => ask.readings.iter().map(|r| r.value.clone()).collect(),
        Status::Absent => Vec::new(),
    };
    match (split_ok, whole_readings.is_empty()) {
        (true, false) => {
            let Status::Ok { value: items } = &split.status else { return split };
            let mut readings = vec![Reading {
                value: Value::Array(items.clone()),
                meaning: format!("{} items, split on the {separators}", items.len()),
            }];
            readings.extend(whole_readings.into_iter().map(|v| Reading {
                value: Value::Array(vec![v.clone()]),
                meaning: format!("one item, {}", json_text(&v)),
            }));
            let options: Vec<String> = readings.iter().map(|r| json_text(&r.value)).collect();
            Outcome::ask(
                Ask::new(
                    AskCode::AmbiguousListSplit,
                    input,
                    "a JSON array, so that commas inside an item cannot split it",
                    format!("set to the JSON array you meant: {}", options.join(" or ")),
                )
                .with_readings(readings),
            )
        }
        (true, true) => {
            let mut out = split;
            if let Status::Ok { value } = &out.status {
                let note = Note::read_as(NoteCode::ListSplit, input, &json_text(&Value::Array(value.clone())), "");
                out.notes.insert(0, note);
            }
            out
        }
        (false, _) if matches!(whole.status, Status::Ok { .. }) => single(input, opts),
        (false, _)
            if parts.len() > 1 && !matches!(whole.status, Status::Ask { ref ask } if !ask.readings.is_empty()) =>
        {
            split
        }
        (false, _) => single(input, opts),
    }
}

/// A line of a list without the bullet or number a Markdown list writes before it (`- `, `* `,
/// `• `, `1. `, `2) `).
fn without_bullet(line: &str) -> &str {
    if let Some(rest) = ["- ", "* ", "\u{2022} ", "\u{b7} "].iter().find_map(|b| line.strip_prefix(b)) {
        return rest.trim_start();
    }
    let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    match line.get(digits..).and_then(|rest| rest.strip_prefix(". ").or_else(|| rest.strip_prefix(") "))) {
        Some(rest) if (1..=3).contains(&digits) => rest.trim_start(),
        _ => line,
    }
}

/// Reads each item on its own; any asking item makes the list ask, echoing the good items.
fn read_items(input: &Input<'_>, items: &[Input<'_>], opts: &ListOptions, mut notes: Vec<Note>) -> Outcome<Vec<Value>> {
    let max = opts.max();
    if items.len() > max {
        return Outcome::ask(Ask::new(
            AskCode::TooManyItems,
            input,
            format!("at most {max} items"),
            format!("set to at most {max} items (this list has {}), or split the work into several calls", items.len()),
        ));
    }
    let mut values = Vec::with_capacity(items.len());
    let mut failures: Vec<(usize, Ask)> = Vec::new();
    let mut dropped = 0usize;
    let mut warnings = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let out = opts.item.read(*item);
        notes.extend(out.notes);
        warnings.extend(out.warnings);
        match out.status {
            Status::Ok { value } => values.push(Some(value)),
            Status::Absent => dropped += 1,
            Status::Ask { ask } => {
                values.push(None);
                failures.push((i, *ask));
            }
        }
    }
    if !failures.is_empty() {
        return Outcome {
            status: Status::Ask { ask: Box::new(item_failures(input, &values, failures)) },
            notes,
            warnings,
        };
    }
    let mut values: Vec<Value> = values.into_iter().flatten().collect();
    if dropped > 0 {
        notes.push(Note::new(
            NoteCode::EmptyItemsDropped,
            format!(
                "Dropped {dropped} empty item{} from {}.",
                if dropped == 1 { "" } else { "s" },
                input.to_json_text()
            ),
        ));
    }
    if opts.item.is_set_like() {
        let mut seen = std::collections::HashSet::new();
        let mut repeated = Vec::new();
        values.retain(|v| {
            let first = seen.insert(json_text(v));
            if !first {
                repeated.push(v.clone());
            }
            first
        });
        if !repeated.is_empty() {
            warnings.push(Warning::new(
                WarningCode::DuplicateItemsRemoved,
                format!(
                    "Removed repeated {} from the list; each value counts once.",
                    json_text(&Value::Array(repeated.clone()))
                ),
                repeated,
            ));
        }
    }
    Outcome { status: Status::Ok { value: values }, notes, warnings }
}

/// The ask of a list whose items `failures` asked; `values` holds the good items in place.
fn item_failures(input: &Input<'_>, values: &[Option<Value>], failures: Vec<(usize, Ask)>) -> Ask {
    let good: Vec<Value> = values.iter().flatten().cloned().collect();
    let mut described: Vec<String> = failures
        .iter()
        .take(MAX_DESCRIBED_ITEMS)
        .map(|(i, ask)| hint::item(*i, &Input::from(&ask.received).to_json_text(), ask.fix()))
        .collect();
    if failures.len() > MAX_DESCRIBED_ITEMS {
        described
            .push(format!("the other {} items named above corrected likewise", failures.len() - MAX_DESCRIBED_ITEMS));
    }
    let expected = failures.first().map(|(_, a)| a.expected.clone()).unwrap_or_default();
    let indexes = listing(&failures, |(i, _)| i.to_string());
    let fix = if good.is_empty() {
        format!("set to a list with {}", described.join("; "))
    } else {
        format!(
            "set to a list that keeps the good items {} unchanged, with {}",
            json_text(&Value::Array(good)),
            described.join("; ")
        )
    };
    let readings = match failures.as_slice() {
        [(index, ask)] if !ask.readings.is_empty() => ask
            .readings
            .iter()
            .map(|r| {
                let list: Vec<Value> = values
                    .iter()
                    .enumerate()
                    .map(|(i, v)| if i == *index { r.value.clone() } else { v.clone().unwrap_or(Value::Null) })
                    .collect();
                Reading { value: Value::Array(list), meaning: format!("item {index} read as {}", r.meaning) }
            })
            .collect(),
        _ => Vec::new(),
    };
    Ask::new(
        AskCode::InvalidListItems,
        input,
        match failures.as_slice() {
            [_] => format!("a list whose every item is {expected} (item {indexes} is not)"),
            _ => format!("a list whose every item is {expected} (items {indexes} are not)"),
        },
        fix,
    )
    .with_readings(readings)
}

/// A Python list literal, as a model prints one (`['a', 'b']`, `[1, 2.5, None]`): quoted
/// strings (either quote), numbers, `True`, `False`, `None`, each one step. `None` when the
/// text is anything else.
fn python_list(text: &str) -> Option<Vec<Value>> {
    use nom::branch::alt;
    use nom::bytes::complete::{escaped_transform, is_not, tag};
    use nom::character::complete::{char, multispace0};
    use nom::combinator::{map, map_opt, opt, value};
    use nom::multi::separated_list0;
    use nom::number::complete::recognize_float;
    use nom::sequence::{delimited, preceded, terminated};

    let quoted = |q: char| {
        let escapes =
            alt((value("\\", char('\\')), value("'", char('\'')), value("\"", char('"')), value("\n", char('n'))));
        delimited(
            char(q),
            map(
                opt(escaped_transform(is_not(if q == '\'' { "'\\" } else { "\"\\" }), '\\', escapes)),
                Option::unwrap_or_default,
            ),
            char(q),
        )
    };
    let item = alt((
        map(quoted('\''), Value::String),
        map(quoted('"'), Value::String),
        value(Value::Bool(true), tag("True")),
        value(Value::Bool(false), tag("False")),
        value(Value::Null, tag("None")),
        // A number that is also JSON (`1.`, `.5` are not): its exact text.
        map_opt(recognize_float, |n: &str| serde_json::from_str::<serde_json::Number>(n).ok().map(Value::Number)),
    ));
    let space = multispace0::<&str, ()>;
    let items = separated_list0(delimited(space, char(','), space), item);
    let list = delimited(
        terminated(char('['), space),
        terminated(items, opt(preceded(space, char(',')))),
        preceded(space, char(']')),
    );
    let (rest, values) = spelling::step(list, text)?;
    rest.is_empty().then_some(values)
}
