//! A file by reference: a resource URI the server issued, an `mcp-file:` URI, an `https` URL,
//! a host's file id, a local path. Each form is taken only when the options name it; a local
//! path only when the author opts in, never one that climbs out of its folder.

use serde::{Deserialize, Serialize};

/// A reference form a tool takes: a named one (`references`), a prefix of the server's
/// resource URIs (`resource_prefixes`), or a pattern of a host's file ids (`file_id_patterns`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ReferenceForm {
    /// `"https"`, `"mcp-file"` or `"path"`.
    Named(NamedForm),
    /// A resource URI the server issued: every URI starting with this prefix (`notes://files/`).
    Resource { resource: String },
    /// A host's file id, by a pattern where `*` stands for one or more of `A-Z a-z 0-9 - _`
    /// (`file-*` for OpenAI's, `file_*` for Anthropic's, `files/*` for Gemini's).
    FileId { file_id: String },
}

/// The reference forms named by a word (the `references` option).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "kebab-case")]
pub enum NamedForm {
    /// An `https:` URL the server fetches.
    Https,
    /// An `mcp-file:` URI of a file the client uploaded (SEP-2631).
    McpFile,
    /// A path on the server's own file system: only when the author opts in.
    Path,
}

impl ReferenceForm {
    /// The form's name in a canonical reference (`{"reference", "form"}`).
    pub(super) const fn name(&self) -> &'static str {
        match self {
            Self::Named(NamedForm::Https) => "https",
            Self::Named(NamedForm::McpFile) => "mcp-file",
            Self::Named(NamedForm::Path) => "path",
            Self::Resource { .. } => "resource",
            Self::FileId { .. } => "file_id",
        }
    }

    /// The form in words, as a hint offers it.
    pub(super) fn words(&self, upload_tool: Option<&str>) -> String {
        match self {
            Self::Named(NamedForm::Https) => "an https URL".to_owned(),
            Self::Named(NamedForm::McpFile) => "an mcp-file: URI of an uploaded file".to_owned(),
            Self::Named(NamedForm::Path) => "a path on the server".to_owned(),
            Self::Resource { resource } => match upload_tool {
                Some(tool) => format!("a resource URI from `{tool}` ({resource}…)"),
                None => format!("a resource URI this server issued ({resource}…)"),
            },
            Self::FileId { file_id } => format!("a file id like {file_id}"),
        }
    }

    /// A reference of this form, for the kind's example.
    pub(super) fn example(&self) -> String {
        match self {
            Self::Named(NamedForm::Https) => "https://example.org/report.pdf".to_owned(),
            Self::Named(NamedForm::McpFile) => "mcp-file:5d8f2a61-3c9e-4b17-8a40-e2c6b91f7d53".to_owned(),
            Self::Named(NamedForm::Path) => "/srv/files/report.pdf".to_owned(),
            Self::Resource { resource } => format!("{resource}report-1"),
            Self::FileId { file_id } => file_id.replace('*', "abc123"),
        }
    }

    /// What is wrong with the form as an option, if anything.
    pub(super) fn error(&self) -> Option<String> {
        match self {
            Self::Named(_) => None,
            Self::Resource { resource } => match scheme(resource) {
                Some(s) if !matches!(s.to_ascii_lowercase().as_str(), "data" | "http" | "https" | "file") => None,
                Some(s) => {
                    Some(format!("a `resource` prefix of scheme `{s}`: name that form itself (`https`, `path`)"))
                }
                None => Some(format!("the `resource` prefix `{resource}` has no scheme (`notes://files/`)")),
            },
            Self::FileId { file_id } => {
                let fixed = file_id.chars().filter(|c| *c != '*').count();
                let chars = file_id.chars().all(|c| c == '*' || is_id_char(c) || matches!(c, '/' | '.' | ':'));
                (fixed < 2 || !chars || !file_id.contains('*') || file_id.contains("**")).then(|| {
                    format!("the `file_id` pattern `{file_id}` must hold `*` and at least two other characters of A-Z a-z 0-9 - _ / . :")
                })
            }
        }
    }
}

const fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
}

/// The scheme that starts `text` (`https` of `https://…`): a letter, then letters, digits,
/// `+ - .`, then a colon; two characters at least, so a drive (`C:\`) is none.
pub(super) fn scheme(text: &str) -> Option<&str> {
    let (s, _) = text.split_once(':')?;
    let mut chars = s.chars();
    let first = chars.next()?;
    let ok = first.is_ascii_alphabetic()
        && s.len() >= 2
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    ok.then_some(s)
}

/// True when `text` matches a file id pattern: each `*` one or more id characters.
pub(super) fn matches_id(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let Some(first) = parts.next() else { return false };
    let Some(mut rest) = text.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        // The star's run: id characters up to the next fixed part (or the end).
        let run = rest.find(|c: char| !is_id_char(c)).unwrap_or(rest.len());
        let found = if last {
            (rest.len() > part.len() && rest.ends_with(part) && rest[..rest.len() - part.len()].chars().all(is_id_char))
                .then_some(rest.len())
        } else {
            let head = rest.get(..(run + part.len()).min(rest.len())).unwrap_or_default();
            head.get(1..).and_then(|h| h.find(part)).map(|at| at + 1 + part.len())
        };
        match found {
            Some(end) => rest = &rest[end..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// The shape of a text that is no inline bytes: what a caller meant by it.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Shape<'a> {
    /// A URI: its scheme.
    Uri(&'a str),
    /// A local path (`/tmp/a.pdf`, `./a.pdf`, `C:\a.pdf`, `~/a.pdf`, `a.pdf`).
    Path,
}

/// What `text` is when it is no base64: a URI, a path, or neither.
pub(super) fn shape(text: &str) -> Option<Shape<'_>> {
    if let Some(s) = scheme(text) {
        return Some(Shape::Uri(s));
    }
    let b = text.as_bytes();
    let drive = b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/');
    let rooted = matches!(b.first(), Some(b'/' | b'\\' | b'~')) || text.starts_with("./") || text.starts_with("../");
    // A file's name: an extension of one to five letters or digits after a dot.
    let named = text.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && (1..=5).contains(&ext.len()) && ext.bytes().all(|c| c.is_ascii_alphanumeric())
    });
    (drive || rooted || text.contains('\\') || named || text.contains('/')).then_some(Shape::Path)
}

/// True when a path climbs out of its folder (a `..` part).
pub(super) fn climbs(path: &str) -> bool {
    path.split(['/', '\\']).any(|part| part == "..")
}

/// The canonical spelling of an `https` URL: scheme and host in lower case. `None` when it has
/// no `//host`.
pub(super) fn canonical_https(text: &str) -> Option<String> {
    let rest = text.get(6..)?.strip_prefix("//")?;
    let end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(end);
    let host_at = authority.rfind('@').map_or(0, |at| at + 1);
    let (user, host) = authority.split_at(host_at);
    if host.is_empty() || text.chars().any(char::is_whitespace) {
        return None;
    }
    Some(format!("https://{user}{}{tail}", host.to_ascii_lowercase()))
}

/// The path of a `file:` URL (`file:///tmp/a.pdf`, `file://localhost/tmp/a.pdf`), its escapes
/// decoded; `None` for another host's file or a broken escape.
pub(super) fn file_url_path(text: &str) -> Option<String> {
    let rest = text.get(5..)?;
    let path = match rest.strip_prefix("//") {
        Some(r) => {
            let end = r.find('/')?;
            let host = &r[..end];
            if !(host.is_empty() || host.eq_ignore_ascii_case("localhost")) {
                return None;
            }
            &r[end..]
        }
        // RFC 8089: a file URL's path is absolute (`file:/tmp/a`); `file:e` is none.
        None if rest.starts_with('/') => rest,
        None => return None,
    };
    let raw = path.as_bytes();
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while let Some(&b) = raw.get(i) {
        if b == b'%' {
            out.push(path.get(i + 1..i + 3).and_then(|h| u8::from_str_radix(h, 16).ok())?);
            i += 3;
        } else {
            out.push(b);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_id_patterns() {
        assert!(matches_id("file-*", "file-AbC123xyz"));
        assert!(!matches_id("file-*", "file-"));
        assert!(!matches_id("file-*", "file-abc/def"));
        assert!(matches_id("files/*", "files/abc-123"));
        assert!(matches_id("org-*/file-*", "org-1/file-2"));
        assert!(!matches_id("org-*/file-*", "org-1/x/file-2"));
        assert!(matches_id("doc_*.pdf", "doc_12.pdf"));
        assert!(matches_id("a*b*", "abbb"));
        assert!(matches_id("a*b*", "axxbyy"));
        assert!(!matches_id("doc_*.pdf", "doc_.pdf"));
    }

    #[test]
    fn shapes() {
        assert_eq!(shape("https://x.org/a"), Some(Shape::Uri("https")));
        assert_eq!(shape("C:\\Users\\a.pdf"), Some(Shape::Path));
        assert_eq!(shape("/tmp/a"), Some(Shape::Path));
        assert_eq!(shape("report.pdf"), Some(Shape::Path));
        assert_eq!(shape("iVBORw0KGgo"), None);
        assert!(climbs("/srv/../etc/passwd"));
        assert!(!climbs("/srv/a..b"));
    }

    #[test]
    fn canonical_forms() {
        assert_eq!(canonical_https("https://Example.ORG/A?b").as_deref(), Some("https://example.org/A?b"));
        assert_eq!(canonical_https("https://u:P@Host.org").as_deref(), Some("https://u:P@host.org"));
        assert_eq!(canonical_https("https:/x"), None);
        assert_eq!(file_url_path("file:///tmp/a%20b.pdf").as_deref(), Some("/tmp/a b.pdf"));
        assert_eq!(file_url_path("file://localhost/tmp/a").as_deref(), Some("/tmp/a"));
        assert_eq!(file_url_path("file://other/tmp/a"), None);
        assert_eq!(file_url_path("file:/tmp/a").as_deref(), Some("/tmp/a"));
        assert_eq!(file_url_path("file:e"), None);
        assert!(ReferenceForm::FileId { file_id: "*".into() }.error().is_some());
        assert!(ReferenceForm::FileId { file_id: "file-*".into() }.error().is_none());
        assert!(ReferenceForm::Resource { resource: "notes://".into() }.error().is_none());
        assert!(ReferenceForm::Resource { resource: "https://x".into() }.error().is_some());
        assert!(ReferenceForm::Resource { resource: "uploads/".into() }.error().is_some());
    }
}
