//! Inline bytes in every spelling a caller sends them: base64 (standard, URL-safe, wrapped in
//! lines, unpadded), a `data:` URL, an array of byte numbers. Each size is known from the length
//! of the text before anything is decoded, and nothing past the bound is ever decoded.

use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::DecodePaddingMode;
use base64::{alphabet, Engine as _};
use serde_json::Value;

use crate::codes::NoteCode;
use crate::context::Context;
use crate::input::{quoted, Input};
use crate::outcome::Note;

/// Standard base64 with its padding, the one form the kind decodes (every other spelling is
/// rewritten to it first, as text); trailing bits of the last character are let through, as
/// most encoders' decoders do.
const DECODER: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new()
        .with_decode_allow_trailing_bits(true)
        .with_decode_padding_mode(DecodePaddingMode::RequireCanonical),
);

/// Why bytes are not read.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// More decoded bytes than the bound: the size, known from the length.
    TooLarge(u64),
    /// What is wrong, in words (`it has "!" at character 12`).
    Invalid(String),
}

/// Bytes read, with the type their spelling declared and the notes of their repairs.
#[derive(Debug, Default)]
pub(super) struct Inline {
    pub(super) bytes: Vec<u8>,
    pub(super) declared: Option<String>,
    pub(super) notes: Vec<Note>,
}

/// What one pass over base64 text found, before any decoding.
#[derive(Debug, Default)]
struct Scan {
    /// Characters of the alphabet (either one).
    data: usize,
    /// `=` at the end.
    pad: usize,
    spaces: bool,
    url_safe: bool,
    standard: bool,
}

impl Scan {
    /// The decoded size: three bytes for every four characters.
    const fn size(&self) -> usize {
        self.data / 4 * 3 + (self.data % 4).saturating_sub(1)
    }
}

/// True when `text` is made of base64's characters only (either alphabet, padding, line
/// breaks and spaces): the test of a text that may also be a path.
pub(super) fn looks_base64(text: &str) -> bool {
    scan(text).is_ok()
}

/// True when `text` is base64 as this kind writes it: the standard alphabet, padded, with no
/// space. The canonical value of a tool whose `output` is base64.
pub(super) fn is_canonical_base64(text: &str) -> bool {
    scan(text).is_ok_and(|s| !s.spaces && !s.url_safe && (s.data + s.pad) % 4 == 0)
}

fn scan(text: &str) -> Result<Scan, String> {
    let mut s = Scan::default();
    for (i, b) in text.bytes().enumerate() {
        match b {
            b' ' | b'\n' | b'\r' | b'\t' => s.spaces = true,
            b'=' => s.pad += 1,
            _ if s.pad > 0 => return Err("it has characters after its padding (\"=\")".to_owned()),
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => s.data += 1,
            b'+' | b'/' => (s.standard, s.data) = (true, s.data + 1),
            b'-' | b'_' => (s.url_safe, s.data) = (true, s.data + 1),
            _ => {
                let at = text.get(..i).map_or(i, |p| p.chars().count()) + 1;
                let c = text.get(i..).and_then(|r| r.chars().next()).unwrap_or('?');
                return Err(format!(
                    "it has {} at character {at}, which no base64 alphabet holds",
                    quoted(&c.to_string())
                ));
            }
        }
    }
    if s.standard && s.url_safe {
        return Err("it mixes the standard alphabet (\"+\", \"/\") with the URL-safe one (\"-\", \"_\")".to_owned());
    }
    if s.data == 0 {
        return Err("it holds no base64".to_owned());
    }
    if s.pad > 2 || s.data % 4 == 1 || (s.pad > 0 && (s.data + s.pad) % 4 != 0) {
        return Err(format!("its {} characters are no whole base64 (a character is missing or extra)", s.data + s.pad));
    }
    Ok(s)
}

/// The bytes of base64 `text` in any spelling, at most `max` of them: a note per repair
/// (`what` names the text in the notes, `"base64"` or `"the data: URL's base64"`).
pub(super) fn base64(text: &str, input: &Input<'_>, max: usize, cx: &Context<'_>) -> Result<Inline, Refusal> {
    // No data at all (`data:image/png;base64,`, `{"bytes": ""}`) is no bytes: the kind reads it
    // as absent, as it reads `data:,` and `[]`.
    if text.trim().is_empty() {
        return Ok(Inline::default());
    }
    let s = scan(text).map_err(Refusal::Invalid)?;
    let size = s.size();
    if size > max {
        return Err(Refusal::TooLarge(size as u64));
    }
    let mut canonical = String::with_capacity(s.data + 3);
    canonical.extend(text.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'=').map(|b| match b {
        b'-' => '+',
        b'_' => '/',
        b => char::from(b),
    }));
    while !canonical.len().is_multiple_of(4) {
        canonical.push('=');
    }
    let bytes = DECODER.decode(&canonical).map_err(|e| Refusal::Invalid(format!("it does not decode ({e})")))?;
    cx.spend_decoding(bytes.len());
    let mut notes = Vec::new();
    let mut repaired = |what: &str| {
        notes.push(Note::new(
            NoteCode::BytesSpellingNormalized,
            format!("Read {} as standard base64: {what}.", input.to_json_text()),
        ));
    };
    if s.url_safe {
        repaired("its URL-safe alphabet (\"-\", \"_\") read as \"+\", \"/\"");
    }
    if s.spaces {
        repaired("its line breaks and spaces left out");
    }
    if s.pad == 0 && s.data % 4 != 0 {
        repaired("its missing padding (\"=\") added");
    }
    Ok(Inline { bytes, declared: None, notes })
}

/// The bytes of a `data:` URL (RFC 2397): base64 or percent-encoded, with the media type it
/// declares (`text/plain` when it names none, as the RFC says).
pub(super) fn data_url(text: &str, input: &Input<'_>, max: usize, cx: &Context<'_>) -> Result<Inline, Refusal> {
    let rest = text.get(5..).unwrap_or_default();
    let (header, data) = rest
        .split_once(',')
        .ok_or_else(|| Refusal::Invalid("it is a data: URL with no comma before its data".to_owned()))?;
    let mut parts = header.split(';');
    let media = parts.next().unwrap_or_default().trim();
    let is_base64 = header.rsplit(';').next().is_some_and(|p| p.trim().eq_ignore_ascii_case("base64"));
    let declared = if media.is_empty() {
        Some(super::media::PLAIN_TEXT.to_owned())
    } else {
        Some(
            super::media::folded(media)
                .ok_or_else(|| Refusal::Invalid(format!("its media type {} is no type/subtype", quoted(media))))?,
        )
    };
    let mut read = if is_base64 { base64(data, input, max, cx)? } else { percent(data, max, cx)? };
    read.declared = declared;
    let kind = read.declared.as_deref().unwrap_or_default();
    read.notes.insert(
        0,
        Note::new(
            NoteCode::DataUrlRead,
            format!("Read the data: URL {} as its {} bytes of {kind}.", input.to_json_text(), read.bytes.len()),
        ),
    );
    Ok(read)
}

/// The bytes of percent-encoded text (a `data:` URL without `;base64`).
fn percent(data: &str, max: usize, cx: &Context<'_>) -> Result<Inline, Refusal> {
    let raw = data.as_bytes();
    let escapes = raw.iter().filter(|b| **b == b'%').count();
    let size = raw.len().saturating_sub(2 * escapes);
    if size > max {
        return Err(Refusal::TooLarge(size as u64));
    }
    let mut bytes = Vec::with_capacity(size);
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b == b'%' {
            let hex = data.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok());
            let byte = hex.ok_or_else(|| {
                Refusal::Invalid(format!("its \"%\" at byte {} is no escape of two hex digits", i + 1))
            })?;
            bytes.push(byte);
            i += 3;
        } else {
            bytes.push(b);
            i += 1;
        }
    }
    cx.spend_decoding(bytes.len());
    Ok(Inline { bytes, declared: None, notes: Vec::new() })
}

/// The bytes of a JSON array of numbers, each 0 to 255 (a Node `Buffer`'s `data`, Python's
/// `list(bytes)`); `what` names the value in the note.
pub(super) fn numbers(
    items: &[Value],
    input: &Input<'_>,
    max: usize,
    what: &str,
    cx: &Context<'_>,
) -> Result<Inline, Refusal> {
    if items.len() > max {
        return Err(Refusal::TooLarge(items.len() as u64));
    }
    let mut bytes = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        match item.as_u64().and_then(|n| u8::try_from(n).ok()) {
            Some(b) => bytes.push(b),
            None => {
                return Err(Refusal::Invalid(format!(
                    "its item {i} is {item}, not a byte (a whole number from 0 to 255)"
                )))
            }
        }
    }
    cx.spend_decoding(bytes.len());
    let note = Note::new(
        NoteCode::BytesObjectRead,
        format!("Read {what} {} as its {} bytes.", input.to_json_text(), bytes.len()),
    );
    Ok(Inline { bytes, declared: None, notes: vec![note] })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::System;

    fn read(text: &str, max: usize) -> Result<Inline, Refusal> {
        base64(text, &Input::String(text), max, &Context::new(&System))
    }

    #[test]
    fn every_spelling_of_the_same_bytes() {
        let bytes: Vec<u8> = (0..=255).collect();
        let standard = base64::engine::general_purpose::STANDARD.encode(&bytes);
        let url = standard.replace('+', "-").replace('/', "_").trim_end_matches('=').to_owned();
        let wrapped: String =
            standard.as_bytes().chunks(76).map(|c| std::str::from_utf8(c).unwrap()).collect::<Vec<_>>().join("\r\n");
        for (text, notes) in [(standard.as_str(), 0), (url.as_str(), 2), (wrapped.as_str(), 1)] {
            let read = read(text, 1 << 20).unwrap();
            assert_eq!(read.bytes, bytes, "{text}");
            assert_eq!(read.notes.len(), notes, "{:?}", read.notes);
        }
    }

    #[test]
    fn refusals_name_what_is_wrong() {
        assert!(matches!(read("abc!def", 100), Err(Refusal::Invalid(m)) if m.contains("\"!\" at character 4")));
        assert!(matches!(read("ab+c-d", 100), Err(Refusal::Invalid(m)) if m.contains("mixes")));
        assert!(matches!(read("abcde", 100), Err(Refusal::Invalid(m)) if m.contains("no whole base64")));
        assert!(matches!(read("ab==cd", 100), Err(Refusal::Invalid(m)) if m.contains("after its padding")));
        assert_eq!(read("AAAAAAAA", 5).unwrap_err(), Refusal::TooLarge(6));
    }

    #[test]
    fn the_size_is_known_before_decoding() {
        // Two megabytes of base64 under a bound of one kilobyte: refused with nothing decoded.
        let text = "QUJD".repeat(1 << 19);
        let cx = Context::new(&System);
        assert_eq!(base64(&text, &Input::Null, 1024, &cx).unwrap_err(), Refusal::TooLarge(3 << 19));
        let items = vec![Value::from(1); 2048];
        assert!(numbers(&items, &Input::Null, 1024, "the array", &cx).is_err());
        assert!(percent(&"a".repeat(4096), 1024, &cx).is_err());
        assert_eq!(cx.decoded_bytes(), 0);
        // Exactly the bound decodes.
        assert_eq!(read("QUJD", 3).unwrap().bytes, b"ABC");
    }

    #[test]
    fn data_urls_and_numbers() {
        let text = "data:text/plain;charset=utf-8,caf%C3%A9";
        let cx = Context::new(&System);
        let read = data_url(text, &Input::String(text), 100, &cx).unwrap();
        assert_eq!(read.bytes, "café".as_bytes());
        assert_eq!(read.declared.as_deref(), Some("text/plain"));
        let bare = data_url("data:,hi", &Input::Null, 100, &cx).unwrap();
        assert_eq!(bare.declared.as_deref(), Some("text/plain"));
        assert!(matches!(data_url("data:image/png;base64", &Input::Null, 100, &cx), Err(Refusal::Invalid(_))));
        assert!(matches!(percent("%G1", 100, &cx), Err(Refusal::Invalid(_))));
        let items = vec![Value::from(1), Value::from(256)];
        assert!(
            matches!(numbers(&items, &Input::Null, 100, "x", &cx), Err(Refusal::Invalid(m)) if m.contains("item 1 is 256"))
        );
    }
}
