//! The file kind: a file a tool takes, by a reference it can open or as inline bytes, bounded.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | standard base64 | the bytes | none |
//! | URL-safe base64, base64 in lines or with spaces, base64 without its padding | the bytes | `bytes_spelling_normalized`, one per repair |
//! | a `data:` URL (`data:image/png;base64,…`, or percent-encoded text) | the bytes, with the media type it declares | `data_url_read` |
//! | a JSON array of byte numbers, a Node `Buffer` (`{"type": "Buffer", "data": […]}`), an MCP `image`, `audio` or embedded `resource` block, `{"data"/"base64"/"blob": …, "mimeType"/"content_type": …}` | the bytes | `bytes_object_read` |
//! | the canonical `{"bytes", "media_type", "size", "sha256"}` | itself; its size and digest must be its bytes' | none |
//! | a reference in a form the options take: `references` names `https`, `mcp-file` and `path` (a path on the server, only when named); `resource_prefixes` the server's resource URIs; `file_id_patterns` a host's file ids | `{"reference", "form"}` | `file_reference_normalized` when a scheme or host is lower-cased, a `file://` URL read as its path, or a reference taken out of an MCP `resource_link` |
//! | missing, null, blank, a placeholder (`"<base64>"`, `"string"`) | absent | the absent rule's |
//!
//! Every inline spelling's size is known from its length before anything is decoded, and
//! nothing past `max_bytes` (default and ceiling [`MAX_INLINE_FILE_BYTES`], the bytes whose
//! base64 fills one call's frame) is ever decoded. The media type is the bytes' own (their
//! magic numbers, through the `infer` crate), the declared one when no magic number can check
//! it (CSV, JSON), or, for text that declares none, the one textual type `accept` names.
//!
//! Asks: `not_a_file` (no base64 of any alphabet, a Buffer value over 255, a size or digest
//! that is not the bytes', a short word that is base64 only by accident), `file_too_large`
//! (its hint names the references the tool takes and the bound, never "make it smaller"),
//! `media_type_mismatch` (a type declared that the bytes are not), `media_type_not_accepted`,
//! `reference_not_accepted` (a local path the server cannot open, an `http:` URL, an unknown
//! scheme, a path with `..`). An ask about bytes of at most [`MAX_RECEIVED_BYTES`] names its
//! readings as values; for a larger file it names the types in words, never resending the file.

mod inline;
mod media;
mod object;
mod reference;

use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use sha2::{Digest as _, Sha256};

pub use reference::NamedForm;
use reference::ReferenceForm;

use crate::absent::{self, AbsentReason};
use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, System};
use crate::error::Error;
use crate::input::{quoted, Input};
use crate::limits::{MAX_INLINE_FILE_BYTES, MAX_RECEIVED_BYTES, MAX_REFERENCE_CHARS, MIN_PLAIN_BASE64_CHARS};
use crate::outcome::{Ask, Note, Outcome, Reading};
use crate::reader::Reader;
use crate::spelling;
use inline::{Inline, Refusal};
use media::Media;
use reference::Shape;

/// The kind's own type words: as a whole value they are placeholders.
const TYPE_WORDS: &[&str] = &["file", "base64", "bytes", "data", "blob", "url", "uri", "path", "file contents"];

/// The shape the value reaches the handler in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum FileOutput {
    /// `{"bytes", "media_type", "size", "sha256"}` or `{"reference", "form"}`.
    #[default]
    Object,
    /// Standard base64 (a reference as its text): a schema's `contentEncoding: base64` string.
    Base64,
    /// A `data:` URL (a reference as its text): SEP-2631's `x-mcp-file` URI string.
    DataUrl,
}

/// Options of the file kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct FileOptions {
    /// Media types the tool takes (`application/pdf`, `image/*`, `*/*`); empty takes any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accept: Vec<String>,
    /// The most decoded bytes taken inline: default and ceiling [`MAX_INLINE_FILE_BYTES`]; 0
    /// takes references only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_bytes: Option<usize>,
    /// The reference forms the tool takes by name: `https`, `mcp-file`, `path` (a path on the
    /// server: only when named). None by default: inline bytes only.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub references: Vec<NamedForm>,
    /// Prefixes of the resource URIs the server issues (`notes://files/`): a URI starting with
    /// one is a reference.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_prefixes: Vec<String>,
    /// Patterns of a host's file ids, `*` standing for one or more of `A-Z a-z 0-9 - _`
    /// (`file-*`, `file_*`, `files/*`): an id matching one is a reference.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub file_id_patterns: Vec<String>,
    /// The tool that returns a reference for a file (`upload_file`), named in the description
    /// and in hints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upload_tool: Option<String>,
    /// The shape of the value the handler gets.
    #[serde(default, skip_serializing_if = "is_object")]
    pub output: FileOutput,
    /// Every reference form, in the order above ([`Self::prepare`]).
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    forms: Vec<ReferenceForm>,
}

fn is_object(output: &FileOutput) -> bool {
    *output == FileOutput::Object
}

/// A file read: its bytes and media type, or a reference.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum File {
    /// Inline bytes.
    Bytes {
        /// The bytes.
        bytes: Vec<u8>,
        /// Their media type.
        media_type: String,
    },
    /// A reference in one of the forms the options take.
    Reference {
        /// The reference, canonical.
        uri: String,
        /// Its form (`https`, `mcp-file`, `resource`, `file_id`, `path`).
        form: &'static str,
    },
}

/// Reads a file.
///
/// # Errors
/// Invalid options.
///
/// # Example
/// ```
/// use agent_input::file::{self, FileOptions};
/// let out = file::read("data:text/plain;base64,aGk=".into(), &FileOptions::default())?;
/// assert_eq!(out.to_json()["value"]["media_type"], "text/plain");
/// assert_eq!(out.to_json()["value"]["size"], 2);
/// # Ok::<(), agent_input::Error>(())
/// ```
pub fn read(input: Input<'_>, options: &FileOptions) -> Result<Outcome<Value>, Error> {
    let mut options = options.clone();
    options.prepare()?;
    Ok(options.read_json(input, &Context::new(&System)))
}

impl FileOptions {
    /// Options that take any file inline, up to [`MAX_INLINE_FILE_BYTES`].
    pub fn new() -> Self {
        Self::default()
    }

    /// The media types the tool takes.
    #[must_use]
    pub fn accept<S: Into<String>>(mut self, types: impl IntoIterator<Item = S>) -> Self {
        self.accept = types.into_iter().map(Into::into).collect();
        self
    }

    /// The most decoded bytes taken inline (0: references only).
    #[must_use]
    pub const fn max_bytes(mut self, max: usize) -> Self {
        self.max_bytes = Some(max);
        self
    }

    /// The reference forms taken by name.
    #[must_use]
    pub fn references(mut self, forms: impl IntoIterator<Item = NamedForm>) -> Self {
        self.references = forms.into_iter().collect();
        self
    }

    /// The prefixes of the resource URIs the server issues.
    #[must_use]
    pub fn resource_prefixes<S: Into<String>>(mut self, prefixes: impl IntoIterator<Item = S>) -> Self {
        self.resource_prefixes = prefixes.into_iter().map(Into::into).collect();
        self
    }

    /// The patterns of a host's file ids.
    #[must_use]
    pub fn file_id_patterns<S: Into<String>>(mut self, patterns: impl IntoIterator<Item = S>) -> Self {
        self.file_id_patterns = patterns.into_iter().map(Into::into).collect();
        self
    }

    /// The tool that returns a reference for a file.
    #[must_use]
    pub fn upload_tool(mut self, tool: impl Into<String>) -> Self {
        self.upload_tool = Some(tool.into());
        self
    }

    /// The shape of the value the handler gets.
    #[must_use]
    pub const fn output(mut self, output: FileOutput) -> Self {
        self.output = output;
        self
    }

    /// Validates the options and folds the media types.
    ///
    /// # Errors
    /// A media type that is no `type/subtype` or wildcard, `max_bytes` over
    /// [`MAX_INLINE_FILE_BYTES`], a reference form's malformed prefix or pattern, or options
    /// that take no file at all, or `output` base64 with `path` references (one string for both).
    pub fn prepare(&mut self) -> Result<(), Error> {
        for pattern in &mut self.accept {
            if !media::valid_pattern(pattern) {
                return Err(Error::options(format!(
                    "`accept` holds `{pattern}`, which is no media type (`application/pdf`) or wildcard (`image/*`)"
                )));
            }
            *pattern = media::folded(pattern).unwrap_or_default();
        }
        if self.max_bytes.is_some_and(|m| m > MAX_INLINE_FILE_BYTES) {
            return Err(Error::options(format!(
                "`max_bytes` is at most {MAX_INLINE_FILE_BYTES} (MAX_INLINE_FILE_BYTES: the bytes whose base64 fills one call); a larger file needs a reference form"
            )));
        }
        let named = self.references.iter().map(|f| ReferenceForm::Named(*f));
        let resources = self.resource_prefixes.iter().map(|r| ReferenceForm::Resource { resource: r.clone() });
        let ids = self.file_id_patterns.iter().map(|p| ReferenceForm::FileId { file_id: p.clone() });
        self.forms = named.chain(resources).chain(ids).collect();
        if let Some(message) = self.forms.iter().find_map(ReferenceForm::error) {
            return Err(Error::options(message));
        }
        if self.max_bytes == Some(0) && self.forms.is_empty() {
            return Err(Error::options("`max_bytes` 0 with no reference form (`references`, `resource_prefixes`, `file_id_patterns`) takes no file at all"));
        }
        if self.output == FileOutput::Base64 && self.takes(NamedForm::Path) {
            return Err(Error::options("`output` base64 with `path` references hands the handler one string for both (`src/main` is a path and base64): take `output` object or data_url"));
        }
        if self.upload_tool.as_deref().is_some_and(|t| t.trim().is_empty()) {
            return Err(Error::options("`upload_tool` is blank: name the tool that returns a reference"));
        }
        Ok(())
    }

    /// The most decoded bytes taken inline.
    fn max(&self) -> usize {
        self.max_bytes.unwrap_or(MAX_INLINE_FILE_BYTES)
    }

    fn takes(&self, form: NamedForm) -> bool {
        self.references.contains(&form)
    }

    /// What the tool takes, in words, each a way to send the file.
    fn offers(&self) -> Vec<String> {
        let mut offers: Vec<String> = self.forms.iter().map(|r| r.words(self.upload_tool.as_deref())).collect();
        if self.max() > 0 {
            offers.push(format!("the bytes as base64 or a data: URL, {}", bound_words(self.max())));
        }
        offers
    }

    /// The fix of an ask: send the file in a form the tool takes.
    fn fix(&self) -> String {
        format!("set to {}", self.offers().join(", or to "))
    }

    fn ask(&self, code: AskCode, input: &Input<'_>, why: &str) -> Ask {
        Ask::new(code, input, format!("a file: {}; {why}", self.offers().join(", or ")), self.fix())
    }

    fn refused(&self, refusal: Refusal, input: &Input<'_>) -> Ask {
        match refusal {
            Refusal::Invalid(why) => self.ask(AskCode::NotAFile, input, &why),
            Refusal::TooLarge(_) if self.max() == 0 => {
                self.ask(AskCode::FileTooLarge, input, "this tool takes files by reference only, never inline bytes")
            }
            Refusal::TooLarge(size) => self.ask(
                AskCode::FileTooLarge,
                input,
                &format!("this file is {size} bytes, more than the {} this tool takes inline", bound_words(self.max())),
            ),
        }
    }
}

/// A bound in words: `2 MiB (2097152 bytes)`, `512 bytes`.
fn bound_words(max: usize) -> String {
    const MIB: usize = 1 << 20;
    const KIB: usize = 1 << 10;
    let scaled = |unit: usize, name: &str| {
        let tenths = max * 10 / unit;
        format!("{}.{} {name}", tenths / 10, tenths % 10).replace(".0 ", " ")
    };
    match max {
        m if m >= MIB => format!("at most {} ({m} bytes) decoded", scaled(MIB, "MiB")),
        m if m >= KIB => format!("at most {} ({m} bytes) decoded", scaled(KIB, "KiB")),
        m => format!("at most {m} bytes decoded"),
    }
}

impl Reader for FileOptions {
    type Value = File;

    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<File> {
        if let Some(reason) = absent::check(&input, TYPE_WORDS) {
            return absent::outcome(&input, reason);
        }
        match input {
            Input::String(s) => {
                let (text, edges) = spelling::clean_edges(s);
                let mut notes = Vec::new();
                if edges.trimmed {
                    notes.push(Note::new(
                        NoteCode::WhitespaceTrimmed,
                        format!("Read {} without its surrounding spaces.", input.to_json_text()),
                    ));
                }
                if edges.unquoted {
                    notes.push(Note::new(
                        NoteCode::QuotesRemoved,
                        format!("Read {} without its quotation marks.", input.to_json_text()),
                    ));
                }
                let out = self.read_text(text, &input, cx);
                if notes.is_empty() {
                    out
                } else {
                    out.with_notes(notes)
                }
            }
            Input::Array(items) => self.read_array(items, &input, cx),
            Input::Object(o) => self.read_object(o, &input, cx),
            _ => Outcome::ask(Ask::unexpected_type(
                &input,
                "a file as a JSON string (base64, a data: URL or a reference)",
                self.fix(),
            )),
        }
    }

    fn to_json(&self, file: File) -> Value {
        let encode = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
        match (self.output, file) {
            (FileOutput::Object, File::Bytes { bytes, media_type }) => {
                json!({"bytes": encode(&bytes), "media_type": media_type, "size": bytes.len(), "sha256": sha256_hex(&bytes)})
            }
            (FileOutput::Base64, File::Bytes { bytes, .. }) => Value::String(encode(&bytes)),
            (FileOutput::DataUrl, File::Bytes { bytes, media_type }) => {
                Value::String(format!("data:{media_type};base64,{}", encode(&bytes)))
            }
            (FileOutput::Object, File::Reference { uri, form }) => json!({"reference": uri, "form": form}),
            (_, File::Reference { uri, .. }) => Value::String(uri),
        }
    }

    fn schema(&self) -> Value {
        schema(self)
    }
}

impl FileOptions {
    /// A string: a `data:` URL, a reference, or base64.
    fn read_text(&self, text: &str, input: &Input<'_>, cx: &Context<'_>) -> Outcome<File> {
        if is_data_url(text) {
            let read = inline::data_url(text, input, self.max(), cx).map(|mut r| {
                // A data: URL is the canonical spelling of a tool that takes data: URLs.
                if self.output == FileOutput::DataUrl {
                    r.notes.retain(|n| n.code != NoteCode::DataUrlRead);
                }
                r
            });
            return self.bytes(read, input);
        }
        let b64 = inline::looks_base64(text);
        if let Some(out) = self.reference(text, input, b64, cx) {
            return out;
        }
        match inline::base64(text, input, self.max(), cx) {
            // A tool whose handler takes base64 declares base64 strings: its callers send them on
            // purpose, and its canonical value must read back as itself.
            Ok(read)
                if self.output != FileOutput::Base64
                    && text.len() < MIN_PLAIN_BASE64_CHARS
                    && media::sniffed(&read.bytes).is_none() =>
            {
                let why =
                    format!("{} reads as base64 of {} bytes only by accident", input.to_json_text(), read.bytes.len());
                let mut ask = self.ask(AskCode::NotAFile, input, &why);
                if let Outcome { status: crate::outcome::Status::Ok { value }, .. } = self.bytes(Ok(read), input) {
                    ask = ask.with_readings(vec![Reading {
                        value: self.to_json(value),
                        meaning: "the bytes this base64 decodes to".to_owned(),
                    }]);
                }
                Outcome::ask(ask)
            }
            result => self.bytes(result, input),
        }
    }

    /// A reference, when the text is one (or is meant as one): `None` for base64.
    fn reference(&self, text: &str, input: &Input<'_>, b64: bool, cx: &Context<'_>) -> Option<Outcome<File>> {
        let long = text.len() > MAX_REFERENCE_CHARS && text.chars().count() > MAX_REFERENCE_CHARS;
        let too_long = || Some(Outcome::ask(Ask::too_long(input, MAX_REFERENCE_CHARS)));
        for form in &self.forms {
            match form {
                ReferenceForm::FileId { file_id } if reference::matches_id(file_id, text) => {
                    if long {
                        return too_long();
                    }
                    return Some(Outcome::ok(File::Reference { uri: text.to_owned(), form: "file_id" }));
                }
                ReferenceForm::Resource { resource } => {
                    if let Some(uri) = prefixed(text, resource) {
                        if long {
                            return too_long();
                        }
                        let out = Outcome::ok(File::Reference { uri: uri.clone(), form: "resource" });
                        return Some(if uri == text { out } else { out.note(normalized(input, &uri)) });
                    }
                }
                _ => {}
            }
        }
        let shape = reference::shape(text)?;
        // A path whose every character is base64's (`/9j/4AAQ…`, a JPEG's start) is base64 when
        // it is long or its bytes have a magic number.
        // A handler that takes base64 is sent its canonical base64 on purpose.
        let canonical = self.output == FileOutput::Base64 && inline::is_canonical_base64(text);
        if b64 && shape == Shape::Path && (canonical || base64_first(text, cx)) {
            return None;
        }
        if long {
            return too_long();
        }
        Some(match shape {
            Shape::Uri(scheme) => self.uri(text, scheme, input, cx),
            Shape::Path => self.path(text, input, None),
        })
    }

    fn uri(&self, text: &str, scheme: &str, input: &Input<'_>, cx: &Context<'_>) -> Outcome<File> {
        let lower = scheme.to_ascii_lowercase();
        let rest = text.get(scheme.len()..).unwrap_or_default();
        match lower.as_str() {
            "https" if self.takes(NamedForm::Https) => match reference::canonical_https(text) {
                Some(uri) if uri == text => Outcome::ok(File::Reference { uri, form: "https" }),
                Some(uri) => {
                    Outcome::ok(File::Reference { uri: uri.clone(), form: "https" }).note(normalized(input, &uri))
                }
                None => Outcome::ask(self.ask(AskCode::NotAFile, input, "it is an https URL with no host")),
            },
            "mcp-file" if self.takes(NamedForm::McpFile) => {
                let uri = format!("mcp-file{rest}");
                let out = Outcome::ok(File::Reference { uri: uri.clone(), form: "mcp-file" });
                if uri == text {
                    out
                } else {
                    out.note(normalized(input, &uri))
                }
            }
            "file" if self.takes(NamedForm::Path) => match reference::file_url_path(text) {
                // Its path reads back as a path (a canonical value reads as itself).
                Some(path) if !(inline::looks_base64(&path) && base64_first(&path, cx)) => {
                    self.path(&path, input, Some(normalized(input, &path)))
                }
                _ => Outcome::ask(self.ask(
                    AskCode::ReferenceNotAccepted,
                    input,
                    "it is no file: URL of a path on this machine (file:///path)",
                )),
            },
            "http" if self.takes(NamedForm::Https) => Outcome::ask(self.ask(
                AskCode::ReferenceNotAccepted,
                input,
                "it is an http URL, and this tool opens https URLs only",
            )),
            "file" => Outcome::ask(self.ask(
                AskCode::ReferenceNotAccepted,
                input,
                "it is a file: URL, and the server cannot open files of the caller's machine",
            )),
            _ => Outcome::ask(self.ask(
                AskCode::ReferenceNotAccepted,
                input,
                &format!("it is a URI of the scheme {}, which this tool does not open", quoted(scheme)),
            )),
        }
    }

    fn path(&self, path: &str, input: &Input<'_>, note: Option<Note>) -> Outcome<File> {
        if !self.takes(NamedForm::Path) {
            let why = "it is a local path, and the server cannot open files of the caller's machine";
            return Outcome::ask(self.ask(AskCode::ReferenceNotAccepted, input, why));
        }
        if reference::climbs(path) {
            let why = "it is a path that climbs out of its folder (\"..\")";
            return Outcome::ask(self.ask(AskCode::ReferenceNotAccepted, input, why));
        }
        // A line break or other control character is no part of a file's name a caller means
        // (a `file:` URL's `%0A`), and a name that ends in one would not read back as itself.
        if let Some(c) = path.chars().find(|c| c.is_control()) {
            let why = format!("it is a path holding the control character U+{:04X}", u32::from(c));
            return Outcome::ask(self.ask(AskCode::ReferenceNotAccepted, input, &why));
        }
        // Nor is a space at either end (a `file:` URL's trailing `%20`): no name read back keeps it.
        if path.trim() != path {
            let why = "it is a path that begins or ends with a space";
            return Outcome::ask(self.ask(AskCode::ReferenceNotAccepted, input, why));
        }
        let out = Outcome::ok(File::Reference { uri: path.to_owned(), form: "path" });
        match note {
            Some(n) => out.note(n),
            None => out,
        }
    }

    fn read_array(&self, items: &[Value], input: &Input<'_>, cx: &Context<'_>) -> Outcome<File> {
        match items {
            [] => absent::outcome(input, AbsentReason::Blank),
            [one] if !one.is_number() => {
                let note = Note::new(
                    NoteCode::SingleItemUnwrapped,
                    format!("Read the one-item array {} as its item.", input.to_json_text()),
                );
                let out = Reader::read(self, Input::from(one), cx).quoting(input);
                out.with_notes(vec![note])
            }
            _ if items.iter().all(Value::is_number) => {
                self.bytes(inline::numbers(items, input, self.max(), "the array of numbers", cx), input)
            }
            _ => Outcome::ask(self.ask(
                AskCode::NotAFile,
                input,
                &format!("it is an array of {} values, not one file", items.len()),
            )),
        }
    }

    fn read_object(&self, o: &Map<String, Value>, input: &Input<'_>, cx: &Context<'_>) -> Outcome<File> {
        match object::parts(o) {
            Err(why) => Outcome::ask(self.ask(AskCode::NotAFile, input, &format!("it is {why}"))),
            Ok(object::Parts::Reference(uri)) => {
                let out = self.read_text(uri.trim(), input, cx).quoting(input);
                match (&out.status, o.contains_key("reference")) {
                    (crate::outcome::Status::Ok { .. }, false) => out.note(normalized(input, uri.trim())),
                    _ => out,
                }
            }
            Ok(object::Parts::Bytes { data, declared, size, sha256, what }) => {
                let read = self.object_bytes(&data, size, input, cx);
                let read = read.and_then(|r| checked(r, size, sha256));
                let read = read.map(|mut r| {
                    if let Some(d) = declared.and_then(media::folded) {
                        r.declared = Some(d);
                    }
                    if let Some(what) = what {
                        let note = Note::new(
                            NoteCode::BytesObjectRead,
                            format!("Read {what} {} as its {} bytes.", input.to_json_text(), r.bytes.len()),
                        );
                        r.notes.retain(|n| n.code != NoteCode::BytesObjectRead);
                        r.notes.insert(0, note);
                    }
                    r
                });
                self.bytes(read, input)
            }
        }
    }

    fn object_bytes(
        &self,
        data: &object::Data<'_>,
        size: Option<&Value>,
        input: &Input<'_>,
        cx: &Context<'_>,
    ) -> Result<Inline, Refusal> {
        let max = self.max();
        if let Some(n) = size.and_then(Value::as_u64).filter(|n| *n > max as u64) {
            return Err(Refusal::TooLarge(n));
        }
        match data {
            object::Data::Text(t) if is_data_url(t) => inline::data_url(t, input, max, cx),
            object::Data::Text(t) => inline::base64(spelling::trim(t), input, max, cx),
            object::Data::Numbers(items) => inline::numbers(items, input, max, "the array of numbers", cx),
            object::Data::Utf8(text) if text.len() > max => Err(Refusal::TooLarge(text.len() as u64)),
            object::Data::Utf8(text) => {
                Ok(Inline { bytes: text.as_bytes().to_vec(), declared: None, notes: Vec::new() })
            }
        }
    }

    /// Bytes read: their media type settled and checked against `accept`.
    fn bytes(&self, read: Result<Inline, Refusal>, input: &Input<'_>) -> Outcome<File> {
        let read = match read {
            Ok(read) => read,
            Err(refusal) => return Outcome::ask(self.refused(refusal, input)),
        };
        // No bytes, in any spelling (`data:,`, `[]`, `{"bytes": ""}`), is no file: absent, as
        // a blank value is.
        if read.bytes.is_empty() {
            return absent::outcome(input, AbsentReason::Blank);
        }
        let file = |media_type: &str| File::Bytes { bytes: read.bytes.clone(), media_type: media_type.to_owned() };
        let small = read.bytes.len() <= MAX_RECEIVED_BYTES;
        let reading = |media_type: &str, meaning: String| Reading { value: self.to_json(file(media_type)), meaning };
        match media::settle(read.declared.as_deref(), &read.bytes, &self.accept) {
            // A handler that takes base64 gets no media type: bytes of no type their own or
            // declared are taken as sent (their base64 reads back as itself).
            Media::Known(m)
                if media::accepted(&self.accept, &m)
                    || self.output == FileOutput::Base64
                        && read.declared.is_none()
                        && media::sniffed(&read.bytes).is_none() =>
            {
                Outcome::ok(File::Bytes { bytes: read.bytes, media_type: m }).with_notes(read.notes)
            }
            Media::Known(m) => {
                let choices =
                    if m == media::PLAIN_TEXT && small { media::text_choices(&self.accept) } else { Vec::new() };
                let why = format!("its bytes are {m}, and this tool takes {}", self.accept.join(", "));
                let readings = choices.iter().map(|c| reading(c, format!("the text as {c}"))).collect();
                Outcome::ask(self.ask(AskCode::MediaTypeNotAccepted, input, &why).with_readings(readings))
            }
            Media::Mismatch { declared, content } => {
                let why = format!("it declares {declared}, but its bytes are {content}");
                let readings = if small && media::accepted(&self.accept, &content) {
                    vec![reading(
                        &content,
                        format!("the bytes sent, which are {content} (not the {declared} declared)"),
                    )]
                } else {
                    Vec::new()
                };
                Outcome::ask(self.ask(AskCode::MediaTypeMismatch, input, &why).with_readings(readings))
            }
        }
    }
}

/// The size and digest an object names, checked against its bytes.
fn checked(read: Inline, size: Option<&Value>, sha256: Option<&str>) -> Result<Inline, Refusal> {
    if let Some(n) = size.filter(|n| n.as_u64() != Some(read.bytes.len() as u64)) {
        return Err(Refusal::Invalid(format!("it names the size {n}, but its bytes are {}", read.bytes.len())));
    }
    if let Some(d) = sha256 {
        if !d.eq_ignore_ascii_case(&sha256_hex(&read.bytes)) {
            return Err(Refusal::Invalid("its sha256 is not the digest of its bytes".to_owned()));
        }
    }
    Ok(read)
}

/// The lower-case hex SHA-256 digest of `bytes`: a file's `sha256`, written and checked.
fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// True when `text` is a `data:` URL (its scheme in any case).
fn is_data_url(text: &str) -> bool {
    text.get(..5).is_some_and(|p| p.eq_ignore_ascii_case("data:"))
}

/// `text` with the scheme of `prefix` in any case, in the prefix's own spelling.
fn prefixed(text: &str, prefix: &str) -> Option<String> {
    let scheme = reference::scheme(prefix)?;
    let head = text.get(..prefix.len())?;
    let same = head.get(..scheme.len())?.eq_ignore_ascii_case(scheme)
        && head.get(scheme.len()..) == prefix.get(scheme.len()..);
    (same && text.len() > prefix.len()).then(|| format!("{prefix}{}", text.get(prefix.len()..).unwrap_or_default()))
}

/// True when a text of base64's characters that is also shaped as a path is base64: long
/// (256 characters or more), or its first bytes have a magic number.
fn base64_first(text: &str, cx: &Context<'_>) -> bool {
    text.len() >= 256 || sniffs(text, cx)
}

/// True when the first bytes of base64 `text` have a magic number.
fn sniffs(text: &str, cx: &Context<'_>) -> bool {
    let head: String = text.chars().filter(|c| !c.is_whitespace()).take(64).collect();
    let head = &head[..head.len() / 4 * 4];
    inline::base64(head, &Input::Null, usize::MAX, cx).is_ok_and(|r| media::sniffed(&r.bytes).is_some())
}

fn normalized(input: &Input<'_>, canonical: &str) -> Note {
    Note::read_as_quoted(NoteCode::FileReferenceNormalized, input, canonical, "")
}

/// The kind's schema: a string (a reference or a `data:` URL) carrying SEP-2631's `x-mcp-file`,
/// the bound and the forms in words; the lenient branch the objects and arrays read.
fn schema(o: &FileOptions) -> Value {
    let max = o.max();
    let mut marker = Map::new();
    if !o.accept.is_empty() {
        marker.insert("accept".into(), json!(o.accept));
    }
    if max > 0 {
        marker.insert("maxSize".into(), json!(max));
    }
    let mut modes = Vec::new();
    if max > 0 {
        modes.push("inline");
    }
    if o.takes(NamedForm::McpFile) {
        modes.push("upload");
    }
    marker.insert("transferModes".into(), json!(modes));
    let types = if o.accept.is_empty() { String::new() } else { format!(" of type {}", o.accept.join(", ")) };
    let description = format!("A file{types}: {}.", o.offers().join(", or "));
    // Base64 of `max` bytes, a data: URL's header, or the longest reference.
    let max_len = (max.div_ceil(3) * 4 + 256).max(MAX_REFERENCE_CHARS);
    let string = |d: &str| json!({"type": "string", "description": d});
    let mut canonical = vec![json!({"type": "string", "maxLength": max_len, "x-mcp-file": Value::Object(marker)})];
    // The handler's own value, as a caller may send it back: the canonical objects.
    if o.output == FileOutput::Object && max > 0 {
        canonical.push(json!({"type": "object", "properties": {
            "bytes": string("standard base64"), "media_type": string("the media type"),
            "size": {"type": "integer", "description": "decoded bytes"}, "sha256": string("hex digest of the bytes"),
        }, "required": ["bytes"], "additionalProperties": false}));
    }
    if o.output == FileOutput::Object && !o.forms.is_empty() {
        canonical.push(json!({"type": "object", "properties": {
            "reference": string("the reference"), "form": string("its form"),
        }, "required": ["reference"], "additionalProperties": false}));
    }
    let canonical = match canonical.len() {
        1 => canonical.remove(0),
        _ => json!({"anyOf": canonical}),
    };
    let lenient = json!({"type": ["object", "array", "null"], "description": "Also read leniently: the file's bytes as an array of byte numbers, a Node Buffer, an MCP image, audio or resource block, or {\"data\", \"mimeType\"}."});
    json!({"description": description, "anyOf": [canonical, lenient]})
}

impl FileOptions {
    /// The kind's canonical example ([`crate::Spec::example`]): a reference in the first form
    /// the tool takes, else a small file of a type it accepts (text, a PNG's or a PDF's first
    /// bytes); `None` when it accepts only types with no example here.
    pub(crate) fn example(&self) -> Option<Value> {
        let file = match self.forms.first() {
            Some(form) => File::Reference { uri: form.example(), form: form.name() },
            None => {
                const TEXT: &[u8] = b"An example file.";
                const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0";
                const PDF: &[u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n";
                let first = |pattern: &str| -> Option<(String, &'static [u8])> {
                    match pattern {
                        "*/*" | "text/*" => Some((media::PLAIN_TEXT.to_owned(), TEXT)),
                        "image/*" | "image/png" => Some(("image/png".to_owned(), PNG)),
                        "application/pdf" => Some((pattern.to_owned(), PDF)),
                        p if media::textual(p) => Some((p.to_owned(), TEXT)),
                        _ => None,
                    }
                };
                let (media_type, bytes) =
                    if self.accept.is_empty() { first("*/*") } else { self.accept.iter().find_map(|p| first(p)) }?;
                if self.max() < bytes.len() {
                    return None;
                }
                File::Bytes { bytes: bytes.to_vec(), media_type }
            }
        };
        Some(self.to_json(file))
    }
}
