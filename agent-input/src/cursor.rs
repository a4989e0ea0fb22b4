//! The cursor kind and [`CursorCodec`]: opaque, tamper-evident page tokens a server issues.
//!
//! ## The format
//! `c1.` followed by the URL-safe base64 (no padding) of
//! `type (1 byte) || expires_at (8 bytes, big-endian unix seconds, 0 = never) || payload || tag`,
//! where `type` is 0 for raw bytes and 1 for a JSON payload, and `tag` is the first 16 bytes of
//! HMAC-SHA256 over `"c1." || the bytes before it`, keyed with the server's key. A forged or
//! altered cursor cannot decode; an expired one is refused.
//!
//! ## The class a reader treats as a cursor
//! A client that fills every declared property invents a first-call cursor (`""`, `" "`, `"0"`,
//! `"start"`, `"first"`, `"null"`, a number, an object). Such a value is *outside the class*
//! the encoder emits, and reads as absent with a note: the first page is served.
//!
//! The class is: a string that, trimmed, starts with `c1.` or has at least
//! [`MIN_CLASS_CHARS`] characters. Every cursor the encoder emits is longer than that, so every
//! single-character change of a real cursor (even of its prefix) stays in the class. A value in
//! the class that does not decode, fails authentication or has expired asks `invalid_cursor`,
//! whose hint names the restart: restarting a damaged cursor at page one silently would repeat
//! pages the caller already read.
//!
//! | spelling | read as | note or ask code |
//! | --- | --- | --- |
//! | a cursor the codec issued | its payload | none |
//! | `"start"`, `"0"`, `" "`, `""`, `"first"`, `1`, `{}` | absent | `invented_cursor_read_as_absent` |
//! | null | absent | `null_read_as_absent` |
//! | `"c1.AAAA"`, a cursor with one character changed, an expired cursor | asks | `invalid_cursor` |
//!
//! A server that issues cursors of its own (an offset, a database token) reads them with
//! `opaque: true`: no key, and no class. The words a model writes for the first page (`""`,
//! `"start"`, `"first"`, `"first page"`, `"beginning"`, `"0"`) and placeholders (`"null"`,
//! `"<cursor>"`) are no cursor, with the `invented_cursor_read_as_absent` note; any other string
//! is the server's, passed on exactly as sent (edges trimmed), and the server checks it.
//! A value that is no string (`1`, `{}`) is no cursor either.

use std::fmt;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, KeyInit, Mac};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::Sha256;

use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, Host, System};
use crate::error::Error;
use crate::hint::Fix;
use crate::input::Input;
use crate::outcome::{Ask, Note, Outcome};
use crate::reader::Reader;
use crate::{absent, spelling};

/// The versioned prefix of every cursor.
pub const PREFIX: &str = "c1.";
/// Strings of at least this many characters are inside the class even without the prefix.
pub const MIN_CLASS_CHARS: usize = 24;
/// The fewest bytes a key may have.
pub const MIN_KEY_BYTES: usize = 16;
/// The most bytes a payload may have.
pub const MAX_PAYLOAD_BYTES: usize = 2048;
/// The most characters a cursor may have (a longer value asks without being decoded).
pub const MAX_CURSOR_CHARS: usize = 4 * MAX_PAYLOAD_BYTES / 3 + 64;

const TAG_BYTES: usize = 16;
const HEADER_BYTES: usize = 9;
const TYPE_BYTES: u8 = 0;
const TYPE_JSON: u8 = 1;

/// What a cursor carries.
#[derive(Clone, Debug, PartialEq)]
pub enum Payload {
    /// Raw bytes.
    Bytes(Vec<u8>),
    /// A JSON value.
    Json(Value),
}

impl Payload {
    /// The payload as JSON: the value itself, or the URL-safe base64 of raw bytes.
    pub fn to_json(&self) -> Value {
        match self {
            Self::Json(v) => v.clone(),
            Self::Bytes(b) => Value::String(URL_SAFE_NO_PAD.encode(b)),
        }
    }
}

/// Why a cursor in the class did not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DecodeError {
    /// Not the format: wrong prefix, bad base64, too short, unknown type.
    Malformed,
    /// The tag does not match: forged or altered.
    Forged,
    /// The expiry has passed.
    Expired,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Malformed => "it is not a cursor this server issued (damaged or invented)",
            Self::Forged => "it was altered after this server issued it",
            Self::Expired => "it has expired",
        })
    }
}

/// Issues and reads cursors with one server key. The key never appears in any output,
/// message or `Debug` text.
#[derive(Clone)]
pub struct CursorCodec {
    key: Vec<u8>,
}

impl fmt::Debug for CursorCodec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("CursorCodec { key: <redacted> }")
    }
}

impl PartialEq for CursorCodec {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}

impl CursorCodec {
    /// A codec with this key.
    ///
    /// # Errors
    /// A key shorter than [`MIN_KEY_BYTES`].
    pub fn new(key: &[u8]) -> Result<Self, Error> {
        if key.len() < MIN_KEY_BYTES {
            return Err(Error::options(format!(
                "invalid cursor key: it has {} bytes, expected at least {MIN_KEY_BYTES}",
                key.len()
            )));
        }
        Ok(Self { key: key.to_vec() })
    }

    /// A codec keyed by the process's environment variable `name` (its UTF-8 bytes).
    ///
    /// # Errors
    /// The variable is unset, not UTF-8, or shorter than [`MIN_KEY_BYTES`]. The message names
    /// the variable, never its value.
    pub fn from_env(name: &str) -> Result<Self, Error> {
        Self::from_host(name, &System)
    }

    /// A codec keyed by the variable `name` of `host`'s environment.
    ///
    /// # Errors
    /// As [`CursorCodec::from_env`].
    pub fn from_host(name: &str, host: &dyn Host) -> Result<Self, Error> {
        let value = host
            .var(name)
            .ok_or_else(|| Error::options(format!("invalid cursor key: environment variable `{name}` is not set")))?;
        Self::new(value.as_bytes())
            .map_err(|_| Error::options(format!("invalid cursor key: `{name}` has fewer than {MIN_KEY_BYTES} bytes")))
    }

    fn tag(&self, body: &[u8]) -> [u8; TAG_BYTES] {
        let mut out = [0u8; TAG_BYTES];
        // HMAC accepts keys of any length, so `new_from_slice` cannot fail here.
        if let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(&self.key) {
            mac.update(PREFIX.as_bytes());
            mac.update(body);
            let full = mac.finalize().into_bytes();
            for (o, b) in out.iter_mut().zip(full.iter()) {
                *o = *b;
            }
        }
        out
    }

    fn encode_raw(&self, kind: u8, payload: &[u8], expires_at: Option<u64>) -> Result<String, Error> {
        if payload.len() > MAX_PAYLOAD_BYTES {
            return Err(Error::options(format!(
                "cursor payload has {} bytes, expected at most {MAX_PAYLOAD_BYTES}",
                payload.len()
            )));
        }
        let mut body = Vec::with_capacity(HEADER_BYTES + payload.len() + TAG_BYTES);
        body.push(kind);
        body.extend_from_slice(&expires_at.unwrap_or(0).to_be_bytes());
        body.extend_from_slice(payload);
        let tag = self.tag(&body);
        body.extend_from_slice(&tag);
        Ok(format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(body)))
    }

    /// A codec whose key is derived from this one for another purpose (`label`): what one
    /// issues, the other does not read (an `input_required` state is no cursor).
    pub(crate) fn derive(&self, label: &str) -> Self {
        // HMAC takes a key of any length: the fallback is never taken.
        let key = match <Hmac<Sha256> as KeyInit>::new_from_slice(&self.key) {
            Ok(mut mac) => {
                mac.update(label.as_bytes());
                mac.finalize().into_bytes().to_vec()
            }
            Err(_) => self.key.clone(),
        };
        Self { key }
    }

    /// Issues a cursor carrying raw bytes, valid until `expires_at` (unix seconds) if given.
    ///
    /// # Errors
    /// A payload over [`MAX_PAYLOAD_BYTES`].
    pub fn encode_bytes(&self, payload: &[u8], expires_at: Option<u64>) -> Result<String, Error> {
        self.encode_raw(TYPE_BYTES, payload, expires_at)
    }

    /// Issues a cursor carrying a JSON value, valid until `expires_at` (unix seconds) if given.
    ///
    /// # Errors
    /// A payload whose JSON text is over [`MAX_PAYLOAD_BYTES`].
    ///
    /// # Example
    /// ```
    /// use agent_input::cursor::CursorCodec;
    /// let codec = CursorCodec::new(b"a server key of 16+ bytes")?;
    /// let cursor = codec.encode_json(&serde_json::json!({"after": 40}), None)?;
    /// assert!(cursor.starts_with("c1."));
    /// let out = codec.read(cursor.as_str().into());
    /// assert_eq!(out.value(), Some(&serde_json::json!({"after": 40})));
    /// # Ok::<(), agent_input::Error>(())
    /// ```
    pub fn encode_json(&self, payload: &Value, expires_at: Option<u64>) -> Result<String, Error> {
        let text = serde_json::to_vec(payload).map_err(|e| Error::options(format!("cursor payload: {e}")))?;
        self.encode_raw(TYPE_JSON, &text, expires_at)
    }

    /// Decodes a cursor at time `now` (unix seconds).
    ///
    /// # Errors
    /// [`DecodeError`] when the cursor is malformed, forged or expired.
    pub fn decode(&self, cursor: &str, now: u64) -> Result<Payload, DecodeError> {
        let encoded = cursor.strip_prefix(PREFIX).ok_or(DecodeError::Malformed)?;
        if encoded.len() > MAX_CURSOR_CHARS {
            return Err(DecodeError::Malformed);
        }
        let body = URL_SAFE_NO_PAD.decode(encoded).map_err(|_| DecodeError::Malformed)?;
        if body.len() < HEADER_BYTES + TAG_BYTES {
            return Err(DecodeError::Malformed);
        }
        let (signed, tag) = body.split_at(body.len() - TAG_BYTES);
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).map_err(|_| DecodeError::Malformed)?;
        mac.update(PREFIX.as_bytes());
        mac.update(signed);
        mac.verify_truncated_left(tag).map_err(|_| DecodeError::Forged)?;
        let (header, payload) = signed.split_at(HEADER_BYTES);
        let (kind, expiry) = header.split_first().ok_or(DecodeError::Malformed)?;
        let mut exp = [0u8; 8];
        exp.copy_from_slice(expiry);
        let expires_at = u64::from_be_bytes(exp);
        if expires_at != 0 && now >= expires_at {
            return Err(DecodeError::Expired);
        }
        match *kind {
            TYPE_BYTES => Ok(Payload::Bytes(payload.to_vec())),
            TYPE_JSON => serde_json::from_slice(payload).map(Payload::Json).map_err(|_| DecodeError::Malformed),
            _ => Err(DecodeError::Malformed),
        }
    }

    /// Reads a cursor property now (the process's clock, [`System`]).
    pub fn read(&self, input: Input<'_>) -> Outcome<Value> {
        self.read_at(input, System.now())
    }

    /// Reads a cursor property at time `now` (unix seconds).
    ///
    /// # Outcome
    /// - ok: the payload (a JSON payload as itself, raw bytes as URL-safe base64);
    /// - absent: missing, null, or a value outside the class (an invented first-call cursor);
    /// - ask: `invalid_cursor` for a value in the class that does not decode.
    pub fn read_at(&self, input: Input<'_>, now: u64) -> Outcome<Value> {
        let trimmed = match cursor_text(&input) {
            Ok(t) => t,
            Err(done) => return done,
        };
        if !in_class(trimmed) {
            return invented(&input);
        }
        if spelling::longer_than(trimmed, MAX_CURSOR_CHARS) {
            return Outcome::ask(invalid_ask(&input, "it is longer than any cursor this server issues"));
        }
        match self.decode(trimmed, now) {
            Ok(payload) => Outcome::ok(payload.to_json()),
            Err(e) => Outcome::ask(invalid_ask(&input, &e.to_string())),
        }
    }
}

/// The trimmed text of a cursor value, or the outcome of a value that is none: missing or null
/// (absent), anything but a string (invented).
fn cursor_text<'a>(input: &Input<'a>) -> Result<&'a str, Outcome<Value>> {
    match *input {
        Input::String(s) => Ok(spelling::trim(s)),
        Input::Missing | Input::Null => {
            Err(absent::check(input, &[]).map_or_else(Outcome::absent, |r| absent::outcome(input, r)))
        }
        _ => Err(invented(input)),
    }
}

/// The `expires_at` to issue a cursor with ([`CursorCodec::encode_json`]), from what a caller
/// asked at time `now` (unix seconds): `ttl` seconds from now, or until `expires_at`, or never
/// (neither). The one check of a cursor's lifetime, which the CLI and the bindings call before
/// they issue one; a sum past `u64::MAX` saturates.
///
/// # Errors
/// Both given; a `ttl` of 0 (the cursor would be expired when issued); an `expires_at` not after
/// `now` (0 among them, which the format keeps for "never": a cursor that never expires is
/// issued without one).
///
/// ```
/// use agent_input::cursor::expiry;
/// assert_eq!(expiry(Some(60), None, 1_000).unwrap(), Some(1_060));
/// assert_eq!(expiry(None, Some(2_000), 1_000).unwrap(), Some(2_000));
/// assert_eq!(expiry(None, None, 1_000).unwrap(), None);
/// assert!(expiry(Some(0), None, 1_000).is_err());
/// assert!(expiry(None, Some(1_000), 1_000).is_err());
/// ```
pub fn expiry(ttl: Option<u64>, expires_at: Option<u64>, now: u64) -> Result<Option<u64>, Error> {
    match (ttl, expires_at) {
        (Some(_), Some(_)) => {
            Err(Error::options("invalid cursor expiry: give a ttl or an expiry time (expires_at), not both"))
        }
        (Some(0), None) => {
            Err(Error::options("invalid cursor expiry: a ttl of 0 would issue an expired cursor; give a positive number of seconds"))
        }
        (Some(ttl), None) => Ok(Some(now.saturating_add(ttl))),
        (None, Some(at)) if at <= now => Err(Error::options(format!(
            "invalid cursor expiry: expires_at {at} is not in the future (now is {now}); a cursor that never expires is issued without it"
        ))),
        (None, at) => Ok(at),
    }
}

/// True when a trimmed value is inside the class the encoder emits (see the module doc).
pub fn in_class(trimmed: &str) -> bool {
    trimmed.starts_with(PREFIX) || trimmed.chars().nth(MIN_CLASS_CHARS - 1).is_some()
}

fn invented(input: &Input<'_>) -> Outcome<Value> {
    Outcome::absent().note(Note::new(
        NoteCode::InventedCursorReadAsAbsent,
        format!(
            "Read {} as no cursor: the first page is served; later pages come from the previous result's next cursor.",
            input.to_json_text()
        ),
    ))
}

fn invalid_ask(input: &Input<'_>, why: &str) -> Ask {
    Ask::new(
        AskCode::InvalidCursor,
        input,
        format!("a cursor exactly as a previous result returned it; this one cannot be used: {why}"),
        Fix::restart(),
    )
}

/// The words a model writes for the first page of a server's own cursors, folded (see the
/// module doc: `opaque`).
const FIRST_PAGE_WORDS: &[&str] =
    &["0", "start", "first", "first page", "beginning", "begin", "initial", "page 0", "none", "null", "nil"];

/// Reads a cursor the server issues itself (`opaque`): the first page's words and placeholders
/// are no cursor, any other string is passed on as sent.
fn read_opaque(input: Input<'_>) -> Outcome<Value> {
    let trimmed = match cursor_text(&input) {
        Ok(t) => t,
        Err(done) => return done,
    };
    if spelling::longer_than(trimmed, MAX_CURSOR_CHARS) {
        return Outcome::ask(invalid_ask(&input, "it is longer than any cursor a server issues"));
    }
    let words = spelling::fold::words(trimmed);
    if trimmed.is_empty() || FIRST_PAGE_WORDS.contains(&words.as_str()) || absent::is_placeholder(trimmed, &["cursor"])
    {
        return invented(&input);
    }
    Outcome::ok(Value::String(trimmed.to_owned()))
}

/// Options of the cursor kind, as the generic door and the CLI take them.
#[derive(Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct CursorOptions {
    /// The environment variable that holds the server key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key_env: Option<String>,
    /// The server issues cursors of its own: read without a key, the first page's words and
    /// placeholders as no cursor, any other string passed on as sent.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opaque: bool,
    /// The time to check expiry against (unix seconds); the system clock when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub now: Option<u64>,
    #[serde(skip)]
    codec: Option<CursorCodec>,
}

impl fmt::Debug for CursorOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CursorOptions")
            .field("key_env", &self.key_env)
            .field("opaque", &self.opaque)
            .field("now", &self.now)
            .finish_non_exhaustive()
    }
}

impl PartialEq for CursorOptions {
    fn eq(&self, other: &Self) -> bool {
        self.key_env == other.key_env
            && self.opaque == other.opaque
            && self.now == other.now
            && self.codec == other.codec
    }
}

impl CursorOptions {
    /// Options reading with this codec.
    pub fn with_codec(codec: CursorCodec) -> Self {
        Self { key_env: None, opaque: false, now: None, codec: Some(codec) }
    }

    /// Reads with `codec` unless `key_env` names a key of its own.
    pub(crate) fn use_codec(&mut self, codec: &CursorCodec) {
        if self.key_env.is_none() && self.codec.is_none() && !self.opaque {
            self.codec = Some(codec.clone());
        }
    }

    /// Loads the key named by `key_env` from `host`.
    pub(crate) fn prepare(&mut self, host: &dyn Host) -> Result<(), Error> {
        if self.opaque {
            if self.key_env.is_some() {
                return Err(Error::options(
                    "invalid options for kind `cursor`: `opaque` cursors are the server's own, read without `key_env`",
                ));
            }
            return Ok(());
        }
        if self.codec.is_none() {
            let name = self.key_env.as_deref().ok_or_else(|| {
                Error::options(
                    "invalid options for kind `cursor`: missing option `key_env` (the variable holding the key)",
                )
            })?;
            self.codec = Some(CursorCodec::from_host(name, host)?);
        }
        Ok(())
    }

    fn read_with(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Value> {
        if self.opaque {
            return read_opaque(input);
        }
        match &self.codec {
            Some(codec) => codec.read_at(input, self.now.unwrap_or_else(|| cx.host().now())),
            // `prepare` always sets the codec; an unprepared spec reads nothing as a cursor.
            None => Outcome::ask(invalid_ask(&input, "the server has no cursor key")),
        }
    }
}

impl Reader for CursorOptions {
    type Value = Value;

    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<Value> {
        self.read_with(input, cx)
    }

    fn to_json(&self, value: Value) -> Value {
        value
    }

    fn schema(&self) -> serde_json::Value {
        if self.opaque {
            return serde_json::json!({
                "description": "The next cursor of the previous result, unchanged. Omit it on the first call; a first-page word (\"start\", \"first\") or a placeholder serves the first page.",
                "anyOf": [{"type": "string"}, {"description": "Also read: null or any value that is no string, as no cursor."}],
            });
        }
        serde_json::json!({
            "description": "The next cursor of the previous result, unchanged. Omit it on the first call; an invented cursor (\"start\", \"0\") serves the first page, a damaged one is asked about.",
            "anyOf": [{"type": "string"}, {"description": "Also read: any other value outside the cursor class, as no cursor."}],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_tamper() {
        let codec = CursorCodec::new(b"0123456789abcdef").unwrap();
        let c = codec.encode_json(&serde_json::json!({"page": 2}), Some(100)).unwrap();
        assert_eq!(codec.decode(&c, 99), Ok(Payload::Json(serde_json::json!({"page": 2}))));
        assert_eq!(codec.decode(&c, 100), Err(DecodeError::Expired));
        let other = CursorCodec::new(b"another key 0123").unwrap();
        assert_eq!(other.decode(&c, 0), Err(DecodeError::Forged));
        let b = codec.encode_bytes(b"\x00\x01", None).unwrap();
        assert_eq!(codec.decode(&b, u64::MAX), Ok(Payload::Bytes(vec![0, 1])));
        assert!(codec.encode_bytes(&[0; MAX_PAYLOAD_BYTES + 1], None).is_err());
        assert!(CursorCodec::new(b"short").is_err());
        assert_eq!(format!("{codec:?}"), "CursorCodec { key: <redacted> }");
    }

    #[test]
    fn expiry_is_checked_once_for_every_caller() {
        assert_eq!(expiry(None, None, 100).unwrap(), None);
        assert_eq!(expiry(Some(1), None, 100).unwrap(), Some(101));
        assert_eq!(expiry(Some(u64::MAX), None, 100).unwrap(), Some(u64::MAX));
        assert_eq!(expiry(None, Some(101), 100).unwrap(), Some(101));
        for (ttl, at, why) in [
            (Some(0), None, "a ttl of 0 would issue an expired cursor"),
            (None, Some(100), "expires_at 100 is not in the future (now is 100)"),
            (None, Some(0), "expires_at 0 is not in the future"),
            (Some(5), Some(1000), "not both"),
        ] {
            let err = expiry(ttl, at, 100).unwrap_err();
            assert_eq!(err.kind(), crate::error::ErrorKind::InvalidOptions);
            assert!(err.to_string().starts_with("invalid cursor expiry: "), "{err}");
            assert!(err.to_string().contains(why), "{err}");
        }
    }
}
