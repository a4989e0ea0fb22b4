//! A file's media type: the type its bytes are (their magic numbers, through the `infer` crate),
//! the type a value declares (a `data:` URL's, an MCP block's `mimeType`), and the options'
//! `accept` list it must match.

/// The media type of bytes whose kind no magic number names and which are no UTF-8 text.
pub(super) const OCTET_STREAM: &str = "application/octet-stream";

/// The media type of UTF-8 text no accepted type names.
pub(super) const PLAIN_TEXT: &str = "text/plain";

/// What the bytes and the declared type settle.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Media {
    /// One media type.
    Known(String),
    /// The declared type is not the type the bytes are: both, declared first.
    Mismatch { declared: String, content: String },
}

/// A media type as options and values write it, folded: lower case, no parameters
/// (`Image/PNG; charset=x` is `image/png`). `None` when it is no `type/subtype`.
pub(super) fn folded(media: &str) -> Option<String> {
    let bare = media.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    let (top, sub) = bare.split_once('/')?;
    let token = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"!#$&^_.+-*".contains(&b));
    (token(top) && token(sub)).then_some(bare)
}

/// True when `pattern` of an `accept` list is a media type or a wildcard of one (`image/*`,
/// `*/*`): a star only as a whole part, never `*/png`.
pub(super) fn valid_pattern(pattern: &str) -> bool {
    match folded(pattern) {
        Some(f) => {
            let (top, sub) = f.split_once('/').unwrap_or_default();
            (!top.contains('*') || top == "*" && sub == "*") && (!sub.contains('*') || sub == "*")
        }
        None => false,
    }
}

/// True when `media` (folded) matches one of `accept` (folded patterns); an empty list takes
/// every type.
pub(super) fn accepted(accept: &[String], media: &str) -> bool {
    accept.is_empty()
        || accept.iter().any(|p| {
            p == "*/*" || p == media || p.strip_suffix("/*").is_some_and(|top| media.split('/').next() == Some(top))
        })
}

/// True for media types whose content is text a reader can show (`text/*`, JSON, XML, YAML,
/// their `+json` and `+xml` suffixes, as RFC 6839 names them).
pub(super) fn textual(media: &str) -> bool {
    media.starts_with("text/")
        || media.ends_with("+json")
        || media.ends_with("+xml")
        || matches!(
            media,
            "application/json"
                | "application/xml"
                | "application/yaml"
                | "application/x-ndjson"
                | "application/javascript"
                | "application/sql"
        )
}

/// The type the bytes' magic numbers name, if any.
pub(super) fn sniffed(bytes: &[u8]) -> Option<&'static str> {
    infer::get(bytes).map(|t| t.mime_type())
}

/// True when bytes are text: UTF-8 with no NUL.
fn is_text(bytes: &[u8]) -> bool {
    !bytes.contains(&0) && std::str::from_utf8(bytes).is_ok()
}

/// True when a declared type and the type the magic numbers name are one file's: equal, or the
/// sniffed type is the container the declared one is made of (a `+zip` or Office file in a
/// ZIP, a `+xml` type or SVG in XML, HTML for any text).
fn agree(declared: &str, content: &str) -> bool {
    declared == content
        || content == "application/zip"
            && (declared.ends_with("+zip") || declared.contains("openxmlformats") || declared.contains("opendocument"))
        || content == "text/xml" && (declared.ends_with("+xml") || declared == "application/xml")
        || content == "text/html" && textual(declared)
}

/// The media type of `bytes`, `declared` (folded) by the value if it said one: the declared
/// type when the bytes agree (or no magic number can check it), else the type the bytes are;
/// for bytes no magic number names, UTF-8 text is the one textual type `accept` takes, else
/// plain text, and other bytes are [`OCTET_STREAM`].
pub(super) fn settle(declared: Option<&str>, bytes: &[u8], accept: &[String]) -> Media {
    let content = sniffed(bytes);
    match (declared, content) {
        // `application/octet-stream` declares no type: the bytes' own is the one.
        (Some(OCTET_STREAM) | None, Some(c)) => Media::Known(c.to_owned()),
        (Some(d), Some(c)) if agree(d, c) => Media::Known(d.to_owned()),
        (Some(d), Some(c)) => Media::Mismatch { declared: d.to_owned(), content: c.to_owned() },
        (Some(d), None) => {
            // A type a magic number names, declared for bytes that have none of its numbers.
            let own = unnamed(bytes, accept);
            if d == own || d == OCTET_STREAM || !infer::is_mime_supported(d) {
                Media::Known(d.to_owned())
            } else {
                Media::Mismatch { declared: d.to_owned(), content: own }
            }
        }
        (None, None) => Media::Known(unnamed(bytes, accept)),
    }
}

/// The media type of bytes no magic number names and no value declares.
fn unnamed(bytes: &[u8], accept: &[String]) -> String {
    if !is_text(bytes) {
        return OCTET_STREAM.to_owned();
    }
    match text_choices(accept).as_slice() {
        [one] => one.clone(),
        _ => PLAIN_TEXT.to_owned(),
    }
}

/// The textual types `accept` names exactly (no wildcard): what text with no declared type
/// may be.
pub(super) fn text_choices(accept: &[String]) -> Vec<String> {
    accept.iter().filter(|p| !p.contains('*') && textual(p)).cloned().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    #[test]
    fn patterns_and_matches() {
        assert_eq!(folded(" Image/PNG; charset=x").as_deref(), Some("image/png"));
        assert_eq!(folded("png"), None);
        for ok in ["image/png", "image/*", "*/*", "application/vnd.api+json"] {
            assert!(valid_pattern(ok), "{ok}");
        }
        for bad in ["*/png", "image/p*g", "image", "/", "im age/png"] {
            assert!(!valid_pattern(bad), "{bad}");
        }
        let accept = vec!["image/*".to_owned(), "application/pdf".to_owned()];
        assert!(accepted(&accept, "image/webp"));
        assert!(accepted(&accept, "application/pdf"));
        assert!(!accepted(&accept, "text/plain"));
        assert!(accepted(&[], "text/plain"));
    }

    #[test]
    fn settles_by_content_and_declaration() {
        assert_eq!(settle(None, PNG, &[]), Media::Known("image/png".into()));
        assert_eq!(settle(Some("image/png"), PNG, &[]), Media::Known("image/png".into()));
        assert_eq!(
            settle(Some("image/jpeg"), PNG, &[]),
            Media::Mismatch { declared: "image/jpeg".into(), content: "image/png".into() }
        );
        // A type magic numbers name, declared for text.
        assert_eq!(
            settle(Some("image/png"), b"hello", &[]),
            Media::Mismatch { declared: "image/png".into(), content: "text/plain".into() }
        );
        // No magic number checks CSV: the declaration stands.
        assert_eq!(settle(Some("text/csv"), b"a,b\n1,2\n", &[]), Media::Known("text/csv".into()));
        assert_eq!(settle(None, b"a,b\n", &["text/csv".into()]), Media::Known("text/csv".into()));
        assert_eq!(
            settle(None, b"a,b\n", &["text/csv".into(), "application/json".into()]),
            Media::Known("text/plain".into())
        );
        assert_eq!(settle(None, &[0, 159, 146, 150], &[]), Media::Known(OCTET_STREAM.into()));
        assert_eq!(settle(Some(OCTET_STREAM), &[0, 159, 146, 150], &[]), Media::Known(OCTET_STREAM.into()));
        assert_eq!(settle(Some(OCTET_STREAM), PNG, &[]), Media::Known("image/png".into()));
        // An Office document is a ZIP inside.
        assert!(agree("application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/zip"));
        assert!(agree("application/epub+zip", "application/zip"));
        assert!(!agree("image/png", "application/zip"));
    }
}
