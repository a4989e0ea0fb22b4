//! The JSON objects a file arrives in: the kind's canonical `{"bytes", "media_type", "size",
//! "sha256"}` and `{"reference"}`, a Node `Buffer` (`{"type": "Buffer", "data": […]}`), MCP's
//! content blocks (`image`, `audio`, an embedded `resource`, a `resource_link`), and the loose
//! `{"data"/"base64"/"blob": …, "mimeType"/"content_type": …}` of upload APIs.

use serde_json::{Map, Value};

/// Keys that hold the bytes.
const BYTES_KEYS: &[&str] = &["bytes", "data", "base64", "blob"];
/// Keys that hold the declared media type.
const MEDIA_KEYS: &[&str] = &["media_type", "mediaType", "mime_type", "mimeType", "content_type", "contentType"];
/// Keys that hold a reference.
const REFERENCE_KEYS: &[&str] = &["reference", "uri", "url"];
/// Keys that describe the file and change nothing of it.
const OTHER_KEYS: &[&str] =
    &["type", "size", "sha256", "form", "name", "filename", "file_name", "fileName", "title", "annotations", "_meta"];

/// The bytes of an object, in the JSON they came in.
#[derive(Debug)]
pub(super) enum Data<'a> {
    /// Base64, or a `data:` URL.
    Text(&'a str),
    /// Byte numbers.
    Numbers(&'a [Value]),
    /// Text to take as its UTF-8 bytes (an embedded resource's `text`).
    Utf8(&'a str),
}

/// What an object holds.
#[derive(Debug)]
pub(super) enum Parts<'a> {
    /// Bytes, with what the object says of them.
    Bytes {
        data: Data<'a>,
        declared: Option<&'a str>,
        size: Option<&'a Value>,
        sha256: Option<&'a str>,
        /// The object in words, for the note (`None`: the canonical object, no note).
        what: Option<&'static str>,
    },
    /// A reference.
    Reference(&'a str),
}

/// The parts of `o`, or what makes it no file.
pub(super) fn parts(o: &Map<String, Value>) -> Result<Parts<'_>, String> {
    match o.get("type").and_then(Value::as_str) {
        Some("Buffer") => match o.get("data") {
            Some(Value::Array(items)) => Ok(Parts::Bytes {
                data: Data::Numbers(items),
                declared: None,
                size: None,
                sha256: None,
                what: Some("the Node Buffer"),
            }),
            _ => Err("a Buffer object without its array of bytes in `data`".to_owned()),
        },
        Some("resource") => match o.get("resource") {
            Some(Value::Object(inner)) => embedded(inner),
            _ => Err("an MCP resource block without its `resource` object".to_owned()),
        },
        Some("resource_link") => match o.get("uri").and_then(Value::as_str) {
            Some(uri) => Ok(Parts::Reference(uri)),
            None => Err("an MCP resource link without its `uri`".to_owned()),
        },
        Some(kind @ ("image" | "audio")) => {
            loose(o, Some(if kind == "image" { "the MCP image block" } else { "the MCP audio block" }))
        }
        Some("file") | None => loose(o, None),
        Some(other) => Err(format!("an object of type {}", crate::input::quoted(other))),
    }
}

/// An embedded resource (`{"uri", "mimeType", "blob"}` or `"text"`).
fn embedded(inner: &Map<String, Value>) -> Result<Parts<'_>, String> {
    let declared = inner.get("mimeType").and_then(Value::as_str);
    let what = Some("the MCP embedded resource");
    if let Some(blob) = inner.get("blob").and_then(Value::as_str) {
        return Ok(Parts::Bytes { data: Data::Text(blob), declared, size: None, sha256: None, what });
    }
    if let Some(text) = inner.get("text").and_then(Value::as_str) {
        return Ok(Parts::Bytes { data: Data::Utf8(text), declared, size: None, sha256: None, what });
    }
    match inner.get("uri").and_then(Value::as_str) {
        Some(uri) => Ok(Parts::Reference(uri)),
        None => Err("an MCP resource with no `blob`, `text` or `uri`".to_owned()),
    }
}

/// The kind's own objects and the loose ones of upload APIs; `block` names an MCP block.
fn loose<'a>(o: &'a Map<String, Value>, block: Option<&'static str>) -> Result<Parts<'a>, String> {
    let known = |k: &str| [BYTES_KEYS, MEDIA_KEYS, REFERENCE_KEYS, OTHER_KEYS].iter().any(|keys| keys.contains(&k));
    if let Some(k) = o.keys().find(|k| !known(k)) {
        return Err(format!("an object with the key {}, which no file object has", crate::input::quoted(k)));
    }
    let found = |keys: &'static [&'static str]| keys.iter().find_map(|k| o.get(*k).map(|v| (*k, v)));
    let bytes = found(BYTES_KEYS);
    let reference = found(REFERENCE_KEYS);
    let declared = found(MEDIA_KEYS).and_then(|(_, v)| v.as_str());
    match (bytes, reference) {
        (Some(_), Some(_)) => Err("an object with both bytes and a reference: one file is one of them".to_owned()),
        (None, Some((_, Value::String(uri)))) => Ok(Parts::Reference(uri)),
        (None, Some((key, _))) => Err(format!("an object whose `{key}` is no string")),
        (None, None) => {
            Err("an object with neither bytes (`bytes`, `data`) nor a reference (`reference`, `uri`)".to_owned())
        }
        (Some((key, value)), None) => {
            let data = match value {
                Value::String(s) => Data::Text(s),
                Value::Array(items) => Data::Numbers(items),
                _ => return Err(format!("an object whose `{key}` is neither base64 nor an array of bytes")),
            };
            let canonical = block.is_none()
                && key == "bytes"
                && o.keys().all(|k| matches!(k.as_str(), "bytes" | "media_type" | "size" | "sha256"))
                && matches!(data, Data::Text(_));
            let what = match block {
                Some(b) => Some(b),
                None if canonical => None,
                None => Some("the object"),
            };
            let sha256 = o.get("sha256").and_then(Value::as_str);
            Ok(Parts::Bytes { data, declared, size: o.get("size"), sha256, what })
        }
    }
}
