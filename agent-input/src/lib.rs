//! # agent-input
//!
//! One lenient reader per value kind, for the tool boundary of MCP servers. The caller of an
//! MCP tool is a language model; it spells values the way its training data did. Each kind
//! here auto-normalises every spelling that carries one meaning and says so in a note, and
//! returns an *ask* naming every reading when a spelling carries two. It never guesses.
//!
//! | kind | reads | value | example |
//! | --- | --- | --- | --- |
//! | [`number`] | grouping, decimal comma, Unicode digits and minus, exponents; range, integer, page size | exact decimal | `"4 000"` → 4000 |
//! | [`boolean`] | yes/no words of every modern CLDR language, 1/0 | bool | `"ano"` → true |
//! | [`enum_`] (`"enum"`) | case, separators, camelCase, diacritics, aliases | the declared value | `"Date Desc"` → `"date_desc"` |
//! | [`filter`] | "not filtering" words, then the item kind | the item's value | `"all"` → absent |
//! | [`text`] | trimming, NFC | string | `" Praha "` → `"Praha"` |
//! | [`list`] | lone values, comma splits of constrained tokens, JSON in a string | array | `"cs, de"` → `["cs", "de"]` |
//! | [`uuid`] | braces, URN, case, no hyphens; placeholders absent on a read, asked on a write | string | `"{0B5E…}"` → `"0b5e…"` |
//! | [`cursor`] | a [`cursor::CursorCodec`]'s tamper-evident tokens; invented first-call values absent | the payload | `"start"` → absent |
//! | [`date`] | ISO, datetimes, dots, slashes, month and weekday names of every modern CLDR language, relative words, range bounds | date | `"1. 10. 2026"` → `"2026-10-01"` |
//! | [`country`] | ISO 3166-1 alpha-2, alpha-3, numeric; names in every modern CLDR language and ISO 3166; former names | `"CZ"` | `"Česko"` → `"CZ"` |
//! | [`locale`] | BCP 47, POSIX names, CLDR aliases, language names | tag | `"cs_CZ.UTF-8"` → `"cs-CZ"` |
//! | [`eli`] | EU and Czech ELI URIs, CELEX, citations in ten languages | URI | `"89/2012 Sb."` → e-Sbírka ELI |
//! | [`vocabulary`] | a server's stored values through case, diacritics, abbreviations, names, inflection | id | `"Nejvyssi spravni soud"` → `"NSS"` |
//! | [`idempotency_key`] | a uuid or an opaque token; every placeholder asks | string | `"order-4711-retry"` |
//! | [`file`](mod@file) | base64 in every alphabet and wrapping, `data:` URLs, byte arrays, Node Buffers, MCP blocks; references in the forms a tool takes; bounded before decoding | `{"bytes", "media_type", "size", "sha256"}` or `{"reference", "form"}` | `"data:text/plain;base64,aGk="` |
//!
//! Every read returns an [`Outcome`]: `ok` with a value, `absent` ([`absent`] is the one owner
//! of null, blank and placeholders), or `ask` with `code`, `received`, `expected`, `hint` and
//! `readings`. Codes come from the closed sets in [`codes`]. Only programmer misuse (invalid
//! options, an unknown kind) is an [`Error`].
//!
//! ```
//! use agent_input::{number, NumberOptions};
//! let out = number::read("4 000".into(), &NumberOptions::new())?;
//! assert_eq!(out.to_json()["value"], serde_json::json!(4000));
//! assert_eq!(out.notes[0].message, "Read \"4 000\" as 4000.");
//! # Ok::<(), agent_input::Error>(())
//! ```
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::float_arithmetic))]

pub mod absent;
pub mod batch;
pub mod boolean;
pub mod codes;
pub mod context;
pub mod country;
pub mod cursor;
pub(crate) mod data;
pub mod date;
pub mod eli;
pub mod enum_;
mod error;
pub mod file;
mod hint;
pub mod idempotency_key;
mod input;
pub mod json;
mod kind;
pub mod limits;
pub mod locale;
pub mod number;
mod opening;
mod outcome;
pub mod protocol;
mod reader;
#[cfg(feature = "rmcp")]
pub mod server;
mod several;
mod spelling;
#[cfg(feature = "tracing")]
pub mod telemetry;
pub mod text;
pub mod tool;
pub mod uuid;
pub mod vocabulary;

pub use boolean::BooleanOptions;
pub use codes::{AskCode, EnvelopeCode, NoteCode, WarningCode};
pub use enum_::EnumOptions;
pub use error::{Error, ErrorKind};
pub use filter::FilterOptions;
pub use hint::Fix;
pub use input::Input;
#[cfg(feature = "schema")]
pub use kind::options_schema;
pub use kind::{filter, list};
pub use kind::{read, Kind, Spec, TypedRef, TypedValue};
pub use list::ListOptions;
pub use number::{NumberOptions, OnOutOfRange, Preset};
pub use outcome::{Ask, Note, Outcome, Reading, Status, Warning};
pub use rust_decimal::Decimal;
pub use spelling::fold::{fold, fold_name};
pub use spelling::key::{word_key, word_key_in, written_key};
pub use text::TextOptions;

/// The README's Rust examples, run as doctests so the README stays true.
#[doc = include_str!("../../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The Rust examples of the reference (`docs/`), run as doctests so no page can rot; the other
/// languages' samples are run by `tools/docs/samples.py`.
#[cfg(doctest)]
pub mod docs_doctests {
    #[doc = include_str!("../../docs/rust.md")]
    pub struct Rust;
    #[doc = include_str!("../../docs/kinds.md")]
    pub struct Kinds;
    #[doc = include_str!("../../docs/telemetry-setup.md")]
    pub struct TelemetrySetup;
}
