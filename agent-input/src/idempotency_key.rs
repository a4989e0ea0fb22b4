//! The idempotency key kind: a uuid or an opaque token a client chooses once per intended
//! write, and resends with every retry of that write.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | a uuid in any spelling the [`uuid`](crate::uuid) kind reads | the canonical uuid | `uuid_spelling_normalized` when repaired |
//! | an opaque token of 8 to 255 characters from `A-Z a-z 0-9 - _ . : ~ + / =` | itself (case kept) | none |
//! | the same token with surrounding spaces or quotes | the token | `whitespace_trimmed`, `quotes_removed` |
//! | missing, null, blank, `"null"`, `"none"` | absent | the absent rule's notes |
//!
//! A key is always a write's key, so every placeholder asks (`placeholder_on_write`): the uuid
//! placeholders (nil, examples, patterns), the absent rule's placeholders (`"<key>"`,
//! `"example"`), tokens of one repeated character or counting up (`"12345678"`), and tokens made
//! only of filler words (`"my-idempotency-key"`, `"test-key-123"`, `"unique-request-id"`). A
//! shared example key would replay somebody else's receipt.

use serde::{Deserialize, Serialize};

use crate::codes::{AskCode, NoteCode};
use crate::error::Error;
use crate::input::{quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{self, Door};
use crate::outcome::{Ask, Note, Outcome};
use crate::uuid::UuidMode;
use crate::{absent, spelling};

/// The fewest characters a token key may have.
pub const MIN_TOKEN_CHARS: usize = 8;
/// The most characters a token key may have.
pub const MAX_TOKEN_CHARS: usize = 255;

/// Options of the idempotency key kind (none yet; unknown options are rejected).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct IdempotencyKeyOptions {}

/// Words that carry no identity: a key made only of them is an invented example.
const FILLER: &[&str] = &[
    "idempotency",
    "idempotent",
    "key",
    "keys",
    "example",
    "test",
    "testing",
    "sample",
    "dummy",
    "placeholder",
    "unique",
    "random",
    "string",
    "my",
    "your",
    "the",
    "a",
    "request",
    "req",
    "id",
    "uuid",
    "value",
    "foo",
    "bar",
    "baz",
    "abc",
    "xyz",
    "here",
    "some",
    "new",
    "token",
    "default",
    "demo",
    "value",
    "0",
    "1",
    "2",
    "3",
    "12",
    "123",
    "1234",
    "12345",
    "123456",
    "1234567",
    "12345678",
    "123456789",
    "abc123",
    "abcdef",
    "qwerty",
];

const fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | ':' | '~' | '+' | '/' | '=')
}

/// Why a token is an invented example, if it is one.
fn invented(token: &str) -> Option<&'static str> {
    let lower = token.to_ascii_lowercase();
    let bytes = lower.as_bytes();
    if bytes.iter().all(|b| Some(b) == bytes.first()) {
        return Some("one repeated character");
    }
    let counts_up = bytes.windows(2).all(|w| matches!(w, [a, b] if *b == a + 1 || (*a == b'9' && *b == b'0')));
    if counts_up {
        return Some("characters counting up");
    }
    let words = spelling::fold::words(token);
    if words.split(' ').all(|w| FILLER.contains(&w)) {
        return Some("made only of example words");
    }
    None
}

/// Reads an idempotency key.
///
/// # Outcome
/// - ok: the canonical uuid, or the token as sent (trimmed);
/// - absent: missing, null, blank or a null word;
/// - ask: any placeholder or invented key (`placeholder_on_write`), a token of the wrong
///   length or characters (`invalid_idempotency_key`), another JSON type (`unexpected_type`).
///
/// # Errors
/// None today; the `Result` keeps every kind's signature alike.
///
/// # Example
/// ```
/// use agent_input::idempotency_key::{self, IdempotencyKeyOptions};
/// let out = idempotency_key::read("order-4711-retry".into(), &IdempotencyKeyOptions::default())?;
/// assert_eq!(out.value().map(String::as_str), Some("order-4711-retry"));
/// let ask = idempotency_key::read("my-idempotency-key".into(), &IdempotencyKeyOptions::default())?;
/// assert_eq!(ask.as_ask().map(|a| a.code), Some(agent_input::AskCode::PlaceholderOnWrite));
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &IdempotencyKeyOptions) -> Result<Outcome<String>, Error> {
    let _ = options;
    Ok(read_prepared(input))
}

pub(crate) fn read_prepared(input: Input<'_>) -> Outcome<String> {
    let raw = match opening::open(&input, Door::strings(MAX_SCALAR_CHARS), read_prepared, unexpected) {
        Ok(scalar) => scalar.text(),
        Err(out) => return out,
    };
    if crate::uuid::canonical(raw).is_some() {
        return crate::uuid::read_prepared(input, UuidMode::Write).map(|id| id.hyphenated().to_string());
    }
    if let Some(reason) = absent::check(&input, &["idempotency key", "idempotency-key", "key"]) {
        if reason != absent::AbsentReason::Placeholder || absent::is_null_word(raw) {
            return absent::outcome(&input, reason);
        }
        return Outcome::ask(invented_ask(&input, "a placeholder"));
    }
    let (token, edges) = spelling::clean_edges(raw);
    if crate::uuid::is_placeholder(token) {
        return Outcome::ask(invented_ask(&input, "a placeholder"));
    }
    let len = token.chars().count();
    if !(MIN_TOKEN_CHARS..=MAX_TOKEN_CHARS).contains(&len) || !token.chars().all(is_token_char) {
        let why = match token.chars().find(|c| !is_token_char(*c)) {
            Some(c) => format!("it has {}", quoted(&c.to_string())),
            None => format!("it has {len} characters"),
        };
        return Outcome::ask(Ask::new(
            AskCode::InvalidIdempotencyKey,
            &input,
            format!(
                "a uuid, or a token of {MIN_TOKEN_CHARS} to {MAX_TOKEN_CHARS} characters from A-Z a-z 0-9 - _ . : ~ + / = ({why})"
            ),
            "set to a fresh uuid you generate once for this write and resend unchanged on every retry",
        ));
    }
    if let Some(why) = invented(token) {
        return Outcome::ask(invented_ask(&input, why));
    }
    let mut out = Outcome::ok(token.to_owned());
    if edges.trimmed {
        out.notes.push(Note::read_as_quoted(NoteCode::WhitespaceTrimmed, &input, token, ""));
    }
    if edges.unquoted {
        out.notes.push(Note::read_as_quoted(NoteCode::QuotesRemoved, &input, token, ""));
    }
    out
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(
        input,
        "an idempotency key as a JSON string",
        "set to a fresh uuid you generate once for this write, as a JSON string",
    )
}

fn invented_ask(input: &Input<'_>, why: &str) -> Ask {
    Ask::new(
        AskCode::PlaceholderOnWrite,
        input,
        format!(
            "an idempotency key unique to this write; {} is {why}, and a shared example key would replay another write's receipt",
            input.to_json_text()
        ),
        "set to a fresh uuid you generate once for this write and resend unchanged on every retry, or left out",
    )
}
