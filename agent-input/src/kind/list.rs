//! The list kind: a list of items, each read by its own kind's owner.
//!
//! | spelling (item kind in brackets) | read as | note code |
//! | --- | --- | --- |
//! | `["a", "b"]` | itself | none |
//! | `"a"` | `["a"]` | `single_value_read_as_list` |
//! | `"cs, de"` (enum, number, boolean, ... items) | `["cs", "de"]` | `list_split` |
//! | `"1,5; 2,5"` (number items): semicolons, when present, split instead of commas | `[1.5, 2.5]` | `list_split` |
//! | `"cs\nde"`, `"- cs\n- de"`, `"1. cs\n2. de"` (lines, with or without Markdown bullets or numbers), `"cs \| de"` | `["cs", "de"]` | `list_split` |
//! | `"cs\tde"` (tabs), `"cs，de"`, `"cs；de"` (full-width forms of the separators) | `["cs", "de"]` | `list_split` |
//! | `"cs and de"`, `"cs, de, and en"`, `"cs a de"`, `"cs und de"`, `"cs & de"`, `"cs、de"`, `"cs和de"` (the joiners of CLDR's "and" list patterns, every locale), when the text is no one item and every piece reads | `["cs", "de"]`, `["cs", "de", "en"]` | `list_split` |
//! | `"cs de"`, `"cs/de"`, `"cs+de"` (no separator: spaces, slashes or plus signs), when the text is no one item and every piece reads; never number items (`"1 000 2 000"`, `"1/2"`) | `["cs", "de"]` | `list_split` |
//! | `"[cs, de]"`, `"(cs, de)"`, `"{cs, de}"` (brackets around items that are not quoted), when the whole is no one item | `["cs", "de"]` | `list_split` |
//! | `"<uuid>,<uuid>"`, `"{<UUID>}; <uuid>"` (uuid items: a uuid holds no separator, so the uuids its text names are the items, not readings of one) | `["<uuid>", "<uuid>"]` | `list_split` |
//! | `"Praha and Brno"` (text items: no separator) | `["Praha and Brno"]`: free text never splits at words | `single_value_read_as_list` |
//! | `"[\"a\", \"b\"]"` | `["a", "b"]` | `json_array_decoded` |
//! | `["a", null, ""]` | `["a"]` | `empty_items_dropped` |
//! | `["ano", "ne"]` (boolean) | `[true, false]` | the items' own notes |
//!
//! Spellings that ask:
//! - a split that changes the meaning: `"1,5"` with number items is `[1, 5]` or `[1.5]`, and
//!   `"1,5 and 2"` is `[1, 5, 2]` or `[1.5, 2]`, so `ambiguous_list_split` names every reading;
//! - free text with separators: `"Praha, Brno"` (and `"[Praha, Brno]"`) is one item with a
//!   comma or two items, `["Praha", "Brno"]` or `["Praha, Brno"]`, so `ambiguous_list_split`
//!   names both;
//! - any item that asks: `invalid_list_items` names each failing item by its index (from 0)
//!   and echoes the good items in the hint, so the next call resends them unchanged;
//! - more than `max_items` items (`too_many_items`).
//!
//! "Or" (`"cs or de"`) never splits: it names one of the items, not both.
//!
//! Items of set-like kinds (enum) that repeat are removed with the warning
//! `duplicate_items_removed`.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::Spec;
use crate::codes::{AskCode, NoteCode, WarningCode};
use crate::context::{Context, System};
use crate::error::Error;
use crate::hint;
use crate::input::{json_text, listing, Input};
use crate::limits::{MAX_DESCRIBED_ITEMS, MAX_FOLD_WORK, MAX_LISTED, MAX_LIST_ITEMS, MAX_TEXT_CHARS};
use crate::outcome::{Ask, Note, Outcome, Reading, Status, Warning};
use crate::reader::Reader;
use crate::several::split_joined;
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

    pub(crate) fn prepare(&mut self, host: &dyn crate::context::Host) -> Result<(), Error> {
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
        self.item.prepare_in(host)
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
    opts.prepare(&System)?;
    Ok(opts.read(input, &Context::new(&System)))
}

impl Reader for ListOptions {
    type Value = Vec<Value>;

    /// Every item read as a part of the list ([`Context::as_parts`]): a text of several values
    /// is the list's to split.
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Vec<Value>> {
        cx.as_parts(|| read_list(input, self, cx))
    }

    fn to_json(&self, value: Vec<Value>) -> Value {
        Value::Array(value)
    }

    fn schema(&self) -> serde_json::Value {
        schema_of(self)
    }

    fn claims(&self, s: &str, cx: &Context<'_>) -> bool {
        self.item.claims(s, cx)
    }
}

fn read_list(input: Input<'_>, opts: &ListOptions, cx: &Context<'_>) -> Outcome<Vec<Value>> {
    if let Some(reason) = absent::check(&input, &["array", "list"]) {
        return absent::outcome(&input, reason);
    }
    match input {
        Input::Array(items) => {
            let inputs: Vec<Input<'_>> = items.iter().map(Input::from).collect();
            read_items(&input, &inputs, opts, cx, Vec::new())
        }
        Input::String(s) => {
            if spelling::longer_than(s, MAX_TEXT_CHARS) {
                return Outcome::ask(Ask::too_long(&input, MAX_TEXT_CHARS));
            }
            let trimmed = spelling::trim(s);
            let bracketed = trimmed.starts_with('[') && trimmed.ends_with(']');
            // Quoted items with commas between them and no brackets (`"a", "b"`) are as plainly
            // a JSON array's items: free text is never quoted item by item.
            let quoted =
                trimmed.len() > 2 && trimmed.starts_with('"') && trimmed.ends_with('"') && trimmed.contains(',');
            if bracketed || quoted {
                let decoded = match serde_json::from_str::<Value>(trimmed) {
                    Ok(Value::Array(items)) => Some((items, NoteCode::JsonArrayDecoded)),
                    _ if quoted => match serde_json::from_str::<Value>(&format!("[{trimmed}]")) {
                        Ok(Value::Array(items)) if items.len() > 1 && items.iter().all(Value::is_string) => {
                            Some((items, NoteCode::JsonArrayDecoded))
                        }
                        _ => None,
                    },
                    _ => python_list(trimmed).map(|items| (items, NoteCode::PythonListDecoded)),
                };
                if let Some((decoded, code)) = decoded {
                    let note = Note::read_as(code, &input, &json_text(&Value::Array(decoded.clone())), "");
                    let inputs: Vec<Input<'_>> = decoded.iter().map(Input::from).collect();
                    return read_items(&input, &inputs, opts, cx, vec![note]);
                }
            }
            if !opts.item.is_constrained() {
                return free_text(&input, trimmed, opts, cx);
            }
            if let Some(inner) = unbracketed(trimmed) {
                // `[cs, de]`, `(cs, de)`, `{cs, de}`: brackets around items that are not
                // quoted, unless the whole text is itself one item.
                let whole = cx.quietly(|| opts.item.read_in(Input::String(trimmed), cx));
                if !matches!(whole.status, Status::Ok { .. }) {
                    return read_text(&input, inner, opts, cx);
                }
            }
            read_text(&input, trimmed, opts, cx)
        }
        Input::Number(_) | Input::Bool(_) => single(&input, opts, cx),
        Input::Object(_) | Input::Missing | Input::Null => {
            Outcome::ask(Ask::unexpected_type(&input, "a JSON array of items", "set to a JSON array of items"))
        }
    }
}

/// The text of constrained items: split at its separators, or one item; an item that does not
/// read split at the joiners of CLDR's "and" lists (`"cs and de"`, `"cs、de"`) when every piece
/// reads.
fn read_text(input: &Input<'_>, text: &str, opts: &ListOptions, cx: &Context<'_>) -> Outcome<Vec<Value>> {
    if text.contains(['\n', '\t', ';', ',', '|'])
        || text.chars().any(|c| !c.is_ascii() && compat_separator(c).is_some())
    {
        return read_split(input, text, opts, cx);
    }
    // The whole input reads as itself, as before (the item kind trims it and says so); the text
    // inside brackets reads as a string of its own.
    let item = if std::ptr::eq(text, input_text(input)) { *input } else { Input::String(text) };
    let out = single_of(input, item, opts, cx);
    if matches!(&out.status, Status::Ask { ask } if ask.readings.is_empty()) {
        if let Some(joined) = split_joined(text).and_then(|pieces| read_pieces(input, &pieces, opts, cx)) {
            return joined;
        }
        if let Some(loose) = read_loose(input, text, opts, cx) {
            return loose;
        }
    }
    out
}

/// A text that is no one item and has no separator or "and" between its items, split at its
/// slashes, plus signs or spaces (`"civil criminal"`, `"civil/criminal"`, `"CZ+SK"`), when
/// every piece reads on its own. Number items never: `"1 000 2 000"` is 1000 and 2000 or four
/// numbers, `"1/2"` may be a half and `"1+2"` a sum.
fn read_loose(input: &Input<'_>, text: &str, opts: &ListOptions, cx: &Context<'_>) -> Option<Outcome<Vec<Value>>> {
    if matches!(*opts.item, Spec::Number(_)) {
        return None;
    }
    let at_mark = ['/', '+'].iter().filter(|m| text.contains(**m)).find_map(|m| {
        let pieces: Vec<&str> = text.split(*m).map(spelling::trim).collect();
        if pieces.iter().any(|p| p.is_empty()) {
            return None;
        }
        read_pieces(input, &pieces, opts, cx)
    });
    at_mark.or_else(|| read_pieces(input, &text.split_whitespace().collect::<Vec<_>>(), opts, cx))
}

/// The text of a string input (`""` for any other input).
fn input_text<'a>(input: &Input<'a>) -> &'a str {
    match input {
        Input::String(s) => spelling::trim(s),
        _ => "",
    }
}

/// The items of `pieces` when every one reads, with the `list_split` note; `None` otherwise.
fn read_pieces(
    input: &Input<'_>,
    pieces: &[&str],
    opts: &ListOptions,
    cx: &Context<'_>,
) -> Option<Outcome<Vec<Value>>> {
    if pieces.len() < 2 {
        return None;
    }
    let out = read_items(input, &as_inputs(pieces), opts, cx, Vec::new());
    matches!(out.status, Status::Ok { .. }).then(|| with_split_note(input, out))
}

/// The text inside one pair of brackets that hold the whole text (`[cs, de]`, `(cs)`,
/// `{cs,de}`), trimmed; `None` when the text is not so bracketed or holds nothing.
fn unbracketed(text: &str) -> Option<&str> {
    let inner = ["[]", "()", "{}"].iter().find_map(|pair| {
        let (open, close) = pair.split_at(1);
        text.strip_prefix(open)?.strip_suffix(close)
    })?;
    let inner = spelling::trim(inner);
    let nested = inner.contains(['[', ']', '(', ')', '{', '}', '"']);
    (!inner.is_empty() && !nested).then_some(inner)
}

/// The ASCII separator (`,`, `;`, `|`) a full-width or small form stands for (`，`, `；`, `｜`,
/// `﹐`): Unicode's compatibility decomposition of the character.
fn compat_separator(c: char) -> Option<char> {
    use unicode_normalization::UnicodeNormalization;
    if c.is_ascii() {
        return None;
    }
    let mut decomposed = std::iter::once(c).nfkc();
    match (decomposed.next(), decomposed.next()) {
        (Some(d @ (',' | ';' | '|')), None) => Some(d),
        _ => None,
    }
}

/// `c` as the separator it stands for: itself, or the ASCII form of a full-width one.
fn separator(c: char) -> char {
    compat_separator(c).unwrap_or(c)
}

/// A lone value as a one-item list.
fn single(input: &Input<'_>, opts: &ListOptions, cx: &Context<'_>) -> Outcome<Vec<Value>> {
    single_of(input, *input, opts, cx)
}

/// A text of free-text items: one item when it has no separator; with separators, a comma in
/// one item and a list of several are both plain meanings (`"a, b"`, `"Praha, Brno"`), so it
/// asks `ambiguous_list_split` naming the items split (inside brackets, `[Praha, Brno]`) and
/// the one item, never a guess.
fn free_text(input: &Input<'_>, text: &str, opts: &ListOptions, cx: &Context<'_>) -> Outcome<Vec<Value>> {
    // `[Praha, Brno]`: the items inside the brackets, as a list literal without quotes.
    let (parts, separators) = split_parts(unbracketed(text).unwrap_or(text));
    if parts.len() < 2 {
        return single(input, opts, cx);
    }
    let split = cx.quietly(|| read_items(input, &as_inputs(&parts), opts, cx, Vec::new()));
    let whole = single(input, opts, cx);
    let (Status::Ok { value: items }, Status::Ok { value: one }) = (&split.status, &whole.status) else {
        return whole;
    };
    if items.len() < 2 || items == one {
        return whole;
    }
    split_ask(
        input,
        vec![
            Reading {
                value: Value::Array(items.clone()),
                meaning: format!("{} items, split on the {separators}", items.len()),
            },
            Reading {
                value: Value::Array(one.clone()),
                meaning: format!("one item, {}", one.first().map(json_text).unwrap_or_default()),
            },
        ],
    )
}

/// The `ambiguous_list_split` ask naming each reading, its hint each array to send.
fn split_ask(input: &Input<'_>, readings: Vec<Reading>) -> Outcome<Vec<Value>> {
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

/// The item `item` (the input, or the text inside its brackets) as a one-item list.
fn single_of(input: &Input<'_>, item: Input<'_>, opts: &ListOptions, cx: &Context<'_>) -> Outcome<Vec<Value>> {
    let out = read_items(input, &[item], opts, cx, Vec::new());
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

/// A string of constrained tokens with separators: split, unless the split changes the
/// meaning.
fn read_split(input: &Input<'_>, text: &str, opts: &ListOptions, cx: &Context<'_>) -> Outcome<Vec<Value>> {
    let (parts, separators) = split_parts(text);
    let mut at_and = "";
    let mut split = read_items(input, &as_inputs(&parts), opts, cx, Vec::new());
    // Only another reading's status and readings decide; its hint is never shown.
    let other = |f: &dyn Fn() -> Outcome<Vec<Value>>| cx.quietly(f);
    let whole = other(&|| opts.item.read_in(Input::String(text), cx).map(|v| vec![v]));
    let mut others =
        readings_of(&whole, |items| format!("one item, {}", items.first().map(json_text).unwrap_or_default()));
    if !matches!(split.status, Status::Ok { .. }) {
        // A part that does not read, split at the joiners of an "and" list when every piece
        // reads (`"cs, de and en"`, `"cs, de, & en"`); the text split at its joiners alone is
        // then another reading (`"1,5 and 2"`: [1, 5, 2] or [1.5, 2]).
        let pieces = joined_parts(&parts, opts, cx);
        let joined = read_items(input, &as_inputs(&pieces), opts, cx, Vec::new());
        if pieces != parts && matches!(joined.status, Status::Ok { .. }) {
            split = joined;
            at_and = " and the word \"and\"";
            if let Some(alone) = split_joined(text) {
                let alone = other(&|| read_items(input, &as_inputs(&alone), opts, cx, Vec::new()));
                others.extend(readings_of(&alone, |items| {
                    format!("{} items, split on the word \"and\" only", items.len())
                }));
            }
        }
    }
    let split_ok = parts.len() > 1 && matches!(split.status, Status::Ok { .. });
    match (split_ok, others.is_empty()) {
        (true, false) => {
            let Status::Ok { value: items } = &split.status else { return split };
            if whole_is_no_item(&whole) {
                // The whole is no one item (two uuids joined by a comma: a uuid holds no
                // comma); the items its ask names are the split's own, not another meaning.
                others.retain(|r| !matches!(&r.value, Value::Array(one) if one.len() == 1 && items.contains(&one[0])));
            }
            let meaning = format!("{} items, split on the {separators}{at_and}", items.len());
            let mut readings = vec![Reading { value: Value::Array(items.clone()), meaning }];
            readings.extend(others.into_iter().filter(|r| r.value != Value::Array(items.clone())));
            if readings.len() == 1 {
                return with_split_note(input, split);
            }
            split_ask(input, readings)
        }
        (true, true) => with_split_note(input, split),
        (false, _) if matches!(whole.status, Status::Ok { .. }) => single(input, opts, cx),
        (false, _)
            if parts.len() > 1 && !matches!(whole.status, Status::Ask { ref ask } if !ask.readings.is_empty()) =>
        {
            split
        }
        (false, _) => single(input, opts, cx),
    }
}

/// True when the whole text, read as one item, asks because it is no value of the item's kind
/// (`not_a_uuid`), not because it has two meanings (`ambiguous_*`): the readings such an ask
/// names are values written inside the text.
fn whole_is_no_item(whole: &Outcome<Vec<Value>>) -> bool {
    matches!(&whole.status, Status::Ask { ask } if !crate::codes::name(ask.code).starts_with("ambiguous_"))
}

/// Each piece as a string input.
fn as_inputs<'a>(pieces: &[&'a str]) -> Vec<Input<'a>> {
    pieces.iter().map(|p| Input::String(p)).collect()
}

/// The readings of another way to read the text: its value, or the readings it asks about.
fn readings_of(out: &Outcome<Vec<Value>>, meaning: impl Fn(&Vec<Value>) -> String) -> Vec<Reading> {
    match &out.status {
        Status::Ok { value } => vec![Reading { value: Value::Array(value.clone()), meaning: meaning(value) }],
        Status::Ask { ask } => ask
            .readings
            .iter()
            .map(|r| match &r.value {
                Value::Array(items) => Reading { value: r.value.clone(), meaning: meaning(items) },
                v => Reading { value: Value::Array(vec![v.clone()]), meaning: meaning(&vec![v.clone()]) },
            })
            .collect(),
        Status::Absent => Vec::new(),
    }
}

/// A split list with the `list_split` note first.
fn with_split_note(input: &Input<'_>, mut out: Outcome<Vec<Value>>) -> Outcome<Vec<Value>> {
    if let Status::Ok { value } = &out.status {
        let note = Note::read_as(NoteCode::ListSplit, input, &json_text(&Value::Array(value.clone())), "");
        out.notes.insert(0, note);
    }
    out
}

/// The parts of a text and the name of what split it: lines, when there are several (a bullet
/// or a number before each is left out); then tabs, semicolons, commas or vertical bars (or
/// their full-width forms), the first of them the text has.
fn split_parts(text: &str) -> (Vec<&str>, &'static str) {
    let has = |sep: char| text.chars().any(|c| separator(c) == sep);
    let split_at = |sep: char| text.split(move |c: char| separator(c) == sep).map(spelling::trim).collect();
    if text.contains('\n') {
        (text.lines().map(|line| without_bullet(spelling::trim(line))).collect(), "lines")
    } else if text.contains('\t') {
        (split_at('\t'), "tabs")
    } else if has(';') {
        (split_at(';'), "semicolons")
    } else if has(',') {
        (split_at(','), "commas")
    } else {
        (split_at('|'), "vertical bars")
    }
}

/// `parts` with each part that does not read on its own replaced by the pieces between its
/// "and" joiners, when every piece reads.
fn joined_parts<'a>(parts: &[&'a str], opts: &ListOptions, cx: &Context<'_>) -> Vec<&'a str> {
    let mut out = Vec::with_capacity(parts.len());
    for part in parts {
        let reads =
            |p: &str| matches!(opts.item.read_in(Input::String(p), cx).status, Status::Ok { .. } | Status::Absent);
        match split_joined(part) {
            Some(pieces) if !reads(part) && pieces.iter().all(|p| reads(p)) => out.extend(pieces),
            _ => out.push(*part),
        }
    }
    out
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
fn read_items(
    input: &Input<'_>,
    items: &[Input<'_>],
    opts: &ListOptions,
    cx: &Context<'_>,
    mut notes: Vec<Note>,
) -> Outcome<Vec<Value>> {
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
        if cx.folding_spent() {
            return Outcome::ask(too_much_work(input, i));
        }
        let out = opts.item.read_in(*item, cx);
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
    crate::outcome::cap_notes(&mut notes, 0, "list");
    crate::outcome::cap_warnings(&mut warnings, 0, "list");
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
        warnings.extend(without_repeats(&mut values));
    }
    Outcome { status: Status::Ok { value: values }, notes, warnings }
}

/// Each repeated value once (a list of 1,000 equal items names its value once), with the
/// warning that says so.
fn without_repeats(values: &mut Vec<Value>) -> Option<Warning> {
    let mut seen = std::collections::HashSet::new();
    let (mut repeated, mut removed) = (Vec::new(), 0usize);
    values.retain(|v| {
        let first = seen.insert(json_text(v));
        if !first {
            removed += 1;
            if !repeated.contains(v) && repeated.len() < MAX_LISTED {
                repeated.push(v.clone());
            }
        }
        first
    });
    if removed == 0 {
        return None;
    }
    let shown = json_text(&Value::Array(repeated.clone()));
    let message = if removed == repeated.len() {
        format!("Removed repeated {shown} from the list; each value counts once.")
    } else {
        format!("Removed {removed} repeated items ({shown}) from the list; each value counts once.")
    };
    Some(Warning::new(WarningCode::DuplicateItemsRemoved, message, repeated))
}

/// The ask of a list whose items from `from` on were not read: reading them would pass the
/// call's [`MAX_FOLD_WORK`].
#[cold]
fn too_much_work(input: &Input<'_>, from: usize) -> Ask {
    Ask::new(
        AskCode::InputTooLong,
        input,
        format!(
            "a list whose items fold to at most {MAX_FOLD_WORK} bytes of text in one call (the items from {from} on were not read)"
        ),
        format!("split into several calls, the items from {from} on in the next"),
    )
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

/// The list's JSON Schema fragment.
fn schema_of(o: &ListOptions) -> Value {
    let item = o.item.schema();
    let canonical_item = item["anyOf"].get(0).cloned().unwrap_or(Value::Bool(true));
    let mut canonical = serde_json::json!({"type": "array", "items": canonical_item});
    canonical["maxItems"] = serde_json::json!(o.max_items.unwrap_or(crate::limits::MAX_LIST_ITEMS));
    crate::reader::fragment(
            format!(
                "A JSON array; each item: {}",
                item["description"].as_str().unwrap_or_default()
            ),
            canonical,
            &["array", "string", "number", "boolean", "null"],
            "a single value as a one-item list, comma-separated tokens, a JSON array inside a string. A split that changes the meaning (\"1,5\") is asked about.",
        )
}

#[cfg(test)]
mod tests {
    use super::{compat_separator, split_joined, unbracketed};

    #[test]
    fn joiners_of_and_lists_split_and_nothing_else_does() {
        let cases: &[(&str, &[&str])] = &[
            ("cs and de", &["cs", "de"]),
            ("cs AND de", &["cs", "de"]),
            ("and en", &["en"]),
            ("& en", &["en"]),
            ("cs & de", &["cs", "de"]),
            ("cs&de", &["cs", "de"]),
            ("cs a de", &["cs", "de"]),
            ("cs und de und en", &["cs", "de", "en"]),
            ("cs、de", &["cs", "de"]),
            ("cs和de", &["cs", "de"]),
            ("cs، de و en", &["cs", "de", "en"]),
        ];
        for (text, pieces) in cases {
            assert_eq!(split_joined(text).as_deref(), Some(*pieces), "{text}");
        }
        // A joiner of letters needs its spaces: words that hold one are not split.
        for text in ["Andorra", "Candor", "cs or de", "cs", "banana", "cs-de", "2026-01-01 - 2026-02-01", "Iran"] {
            assert_eq!(split_joined(text), None, "{text}");
        }
    }

    #[test]
    fn brackets_and_full_width_separators() {
        assert_eq!(unbracketed("[cs, de]"), Some("cs, de"));
        assert_eq!(unbracketed("( cs )"), Some("cs"));
        assert_eq!(unbracketed("{cs,de}"), Some("cs,de"));
        assert_eq!(unbracketed("[]"), None);
        assert_eq!(unbracketed("[cs, (de)]"), None);
        assert_eq!(unbracketed("[cs)"), None);
        assert_eq!(unbracketed("cs"), None);
        assert_eq!(compat_separator('\u{ff0c}'), Some(','));
        assert_eq!(compat_separator('\u{ff1b}'), Some(';'));
        assert_eq!(compat_separator('\u{fe50}'), Some(','));
        assert_eq!(compat_separator(','), None);
        assert_eq!(compat_separator('\u{3001}'), None, "the ideographic comma is a joiner, not a compatibility form");
    }
}
