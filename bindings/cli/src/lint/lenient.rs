//! What agent-input itself wrote into a listing: a server made lenient by agent-input (the
//! one-line drop-in, or a tool spec) advertises, for each property a kind reads,
//! `{"description": "<the author's words> <the kind's text> <Required. | Optional: …>",
//! "anyOf": [<the canonical schema>, <the lenient branch>]}`, where the lenient branch's
//! description begins "Also read" and its `type` is an array (`["string", "null"]`, …). The
//! lint judges the author's contract, so it reads past both: a property whose only description
//! is the kind's text still has no description, and the lenient branches' type arrays are one
//! note per tool, not one per branch.
//!
//! Detection is by that shape, which agent-input writes and an author does not: a branch of
//! `anyOf`/`oneOf` whose description begins "Also read" (`ALSO_READ`). No flag in the listing
//! is needed, so a saved listing is recognised as well as a live one. The kind's text is found
//! by its opening (`KIND_OPENINGS`, the first words of every kind's schema description in
//! agent-input/src); a description with none of them is taken as the author's, whole (the
//! lint errs on the side of no finding). `tests/lint.rs` makes a lenient schema of every kind
//! with the CLI and checks that each generated description is recognised, so a changed kind
//! text fails a test here rather than passing unnoticed.

use serde_json::Value;

/// How the description of agent-input's lenient branch begins ("Also read leniently: …",
/// "Also read: the value sent as JSON text.").
pub const ALSO_READ: &str = "Also read";

/// The sentences agent-input appends to a property's description after the kind's text:
/// required, optional (MCP's dialect), optional (OpenAI's strict dialect: every property
/// required, null for absent).
const PRESENCE: &[&str] = &[
    "Required.",
    "Optional: omit it rather than sending null or a placeholder.",
    "Optional: send null to leave it out.",
];

/// The first words of each kind's schema description (agent-input/src: the kinds' `schema()`,
/// `tool::props`'s objects and entries).
const KIND_OPENINGS: &[&str] = &[
    "true or false, as a JSON boolean",
    "A key unique to this write",
    "A country, as its ISO 3166",
    "A language, as a BCP 47 tag",
    "A date, as YYYY-MM-DD",
    "A date range:",
    "The first day of the range",
    "The last day of the range",
    "A number",
    "A whole number",
    "A JSON array",
    "A JSON object.",
    "Text, at most",
    "The id of an existing record, a uuid",
    "The record's id, a uuid",
    "The next cursor of the previous result",
    "One of ",
    "One stored value, by its id",
    "An act, as its ELI URI",
];

/// What ends the author's words before the kind's text (agent-input ends them with a full stop
/// when they end with none). Not a colon: a list's kind text holds "each item: Text, …".
const SENTENCE_ENDS: [char; 8] = ['.', '!', '?', '…', ';', '。', '！', '？'];

/// True when a schema is agent-input's lenient branch (its description begins "Also read").
pub fn is_lenient_branch(schema: &Value) -> bool {
    schema.get("description").and_then(Value::as_str).is_some_and(|d| d.trim_start().starts_with(ALSO_READ))
}

/// True when a property's schema is one agent-input wrote: a branch of its `anyOf`/`oneOf` is
/// the lenient branch.
pub fn is_generated(prop: &Value) -> bool {
    ["anyOf", "oneOf"].iter().filter_map(|k| prop.get(*k).and_then(Value::as_array)).flatten().any(is_lenient_branch)
}

/// The author's part of a property's description: the whole description for a property
/// agent-input did not write; for one it wrote, what precedes the kind's text and the presence
/// sentence (empty when the description is only agent-input's).
pub fn author_description(prop: &Value) -> &str {
    let description = prop.get("description").and_then(Value::as_str).unwrap_or("").trim();
    if !is_generated(prop) {
        return description;
    }
    let mut rest = description;
    if let Some(stripped) = PRESENCE.iter().find_map(|p| rest.strip_suffix(p)) {
        rest = stripped.trim_end();
    }
    // The kind's text starts the description, or a sentence after the author's: the last
    // such opening is the kind's.
    let start = KIND_OPENINGS
        .iter()
        .flat_map(|opening| rest.match_indices(opening).map(|(at, _)| at))
        .filter(|&at| at == 0 || rest[..at].ends_with(' ') && rest[..at].trim_end().ends_with(SENTENCE_ENDS))
        .max();
    match start {
        Some(at) => rest[..at].trim(),
        None => rest,
    }
}
