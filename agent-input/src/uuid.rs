//! The uuid kind: the one reader of every id-typed value, and its placeholders.
//!
//! | spelling | read as | note code |
//! | --- | --- | --- |
//! | `"0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d"` | itself | none |
//! | `"0B5E2D3C-4F1A-4C2E-9D7B-8E6F5A4B3C2D"`, `"{0b5e…}"`, `"urn:uuid:0b5e…"`, 32 hex digits without hyphens, surrounding spaces or quotes | the lowercase hyphenated form | `uuid_spelling_normalized` |
//! | `"uuid:0b5e…"`, `"<0b5e…>"`, `"(0b5e…)"`, `"[0b5e…]"`, `"UUID('0b5e…')"` (Python), `"new Guid(\"0B5E…\")"` (.NET), `"0b5e….` (a full stop after it), a label before it (`"id: 0b5e…"`, `"user_id=0b5e…"`, `"Order ID: {0B5E…}"`), groups joined by dashes, underscores or spaces (`0b5e2d3c–4f1a–…`, `0b5e2d3c 4f1a …`) | the lowercase hyphenated form | `uuid_spelling_normalized` |
//! | a placeholder (below), on a read | absent | `placeholder_read_as_absent` |
//! | a placeholder, on a write | asks `placeholder_on_write` | |
//! | a text with uuids inside it (`"https://…/items/0b5e…"`, `"invoice 0b5e…"`, `"0b5e…,7c9e…"`) | asks `not_a_uuid`, each uuid inside a reading | |
//!
//! Placeholders are ids nobody's record has: the nil and max uuids; ids whose 32 digits are
//! (almost) one repeated digit (`11111111-…`, `00000000-…-000000000001`); ids whose groups each
//! count up (`12345678-1234-5678-1234-567812345678`, `abcdef12-3456-7890-abcd-ef1234567890`);
//! ids whose digits mostly repeat or count up, in groups or interleaved, as made-up ids are
//! (`a1b2c3d4-e5f6-7890-abcd-ef1234567890`, `aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee`: 22 or more
//! of the 31 places between digits, which a random id reaches about once in 10^10);
//! the well-known examples models copy from documentation ([`EXAMPLES`]); templates of the
//! 8-4-4-4-12 shape with letters outside hex (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`); names of
//! the type (`uuid`, `<uuid>`, `your-uuid-here`, `UUID_OF_RECORD`); and the absent rule's
//! placeholders.
//!
//! On a write (`mode: "write"`) an optional id that is a placeholder asks, because an invented
//! id would turn an update into a create; null, a missing value and the null words (`"null"`,
//! `"none"`) stay absent. Anything else that is not a uuid asks `not_a_uuid`.
//!
//! This module is the only one that parses uuids; a test over the sources keeps it so.

use serde::{Deserialize, Serialize};

use crate::absent;
use crate::codes::{AskCode, NoteCode};
use crate::context::{Context, System};
use crate::error::Error;
use crate::input::{quoted, Input};
use crate::limits::MAX_SCALAR_CHARS;
use crate::opening::{Door, Scalar};
use crate::outcome::{Ask, Note, Outcome, Reading};
use crate::reader::{self, Grammar, Placeholders, Reader};
use crate::spelling::{self, ordinal_ending};

/// Whether the id is read to look a record up, or written to change one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum UuidMode {
    /// A lookup: a placeholder reads as absent.
    #[default]
    Read,
    /// A write: a placeholder asks, because it would create a record.
    Write,
}

/// Options of the uuid kind.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
pub struct UuidOptions {
    /// Read (placeholders are absent) or write (placeholders ask). Default read.
    #[serde(default)]
    pub mode: UuidMode,
}

impl UuidOptions {
    /// Options for a write.
    pub const fn write() -> Self {
        Self { mode: UuidMode::Write }
    }
}

/// Well-known example uuids that documentation, tutorials and generators show, so models copy
/// them: each from the source named beside it.
pub const EXAMPLES: &[&str] = &[
    "123e4567-e89b-12d3-a456-426614174000", // Wikipedia's UUID article and countless tutorials
    "123e4567-e89b-12d3-a456-426655440000", // the same, older revision
    "550e8400-e29b-41d4-a716-446655440000", // the classic version-4 example
    "f81d4fae-7dec-11d0-a765-00a0c91e6bf6", // RFC 4122's URN example
    "3fa85f64-5717-4562-b3fc-2c963f66afa6", // Swagger UI's default value for format: uuid
    "d290f1ee-6c54-4b01-90e6-d701748f0851", // the OpenAPI petstore/inventory example
    "a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11", // PostgreSQL's uuid type documentation
    "9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d", // the npm uuid package README (v4)
    "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed", // the npm uuid package README (v1)
    "6ec0bd7f-11c0-43da-975e-2a8ad9ebae0b", // the npm uuid package README (v4, newer)
    "a8098c1a-f86e-11da-bd1a-00112444be1e", // Python's uuid module documentation (uuid1)
    "16fd2706-8baf-433b-82eb-8c7fada847da", // Python's uuid module documentation (uuid4)
    "886313e1-3b8a-5372-9b90-0c9aee199e5d", // Python's uuid module documentation (uuid5)
    "6fa459ea-ee8a-3ca4-894e-db77e160355e", // Python's uuid module documentation (uuid3)
    "6ba7b810-9dad-11d1-80b4-00c04fd430c8", // RFC 4122 DNS namespace
    "6ba7b811-9dad-11d1-80b4-00c04fd430c8", // RFC 4122 URL namespace
    "6ba7b812-9dad-11d1-80b4-00c04fd430c8", // RFC 4122 OID namespace
    "6ba7b814-9dad-11d1-80b4-00c04fd430c8", // RFC 4122 X.500 namespace
    "c232ab00-9414-11ec-b3c8-9f6bdeced846", // RFC 9562 test vector (v1)
    "5df41881-3aed-3515-88a7-2f4a814cf09e", // RFC 9562 test vector (v3)
    "919108f7-52d1-4320-9bac-f847db4148a8", // RFC 9562 test vector (v4)
    "2ed6657d-e927-568b-95e1-2665a8aea6a2", // RFC 9562 test vector (v5)
    "1ec9414c-232a-6b00-b3c8-9e6bdeced846", // RFC 9562 test vector (v6)
    "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", // RFC 9562 test vector (v7)
    "2489e9ad-2ee2-8e00-8ec9-32d5f69181c0", // RFC 9562 test vector (v8)
    "936da01f-9abd-4d9d-80c7-02af85c822a8", // the Rust uuid crate's documentation
    "67e55044-10b1-426f-9247-bb680e5fe0c8", // the Rust uuid crate's documentation
    "f47ac10b-58cc-4372-a567-0e02b2c3d479", // the sample id of countless API documents and fixtures
];

/// Type names that read as placeholders for an id.
const TYPE_WORDS: &[&str] = &["uuid", "guid", "id", "uuid4", "uuidv4", "uuid v4", "record id"];

/// The examples as sorted 128-bit values, for a binary search.
#[inline]
fn example_values() -> &'static [u128] {
    static VALUES: std::sync::OnceLock<Vec<u128>> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| {
        let mut v: Vec<u128> =
            EXAMPLES.iter().filter_map(|e| ::uuid::Uuid::try_parse(e).ok()).map(|u| u.as_u128()).collect();
        v.sort_unstable();
        v
    })
}

/// One bit at the bottom of every nibble of a `u128`.
const NIBBLE_ONES: u128 = 0x1111_1111_1111_1111_1111_1111_1111_1111;

/// True when at most two of the 32 hex digits differ from the digit `d`.
#[inline]
const fn at_most_two_differ(id: u128, d: u128) -> bool {
    let x = id ^ (d * NIBBLE_ONES);
    // One bit per differing digit; clearing the lowest set bit twice leaves nothing.
    let m = (x | (x >> 1) | (x >> 2) | (x >> 3)) & NIBBLE_ONES;
    let once = m & m.wrapping_sub(1);
    once & once.wrapping_sub(1) == 0
}

/// At least 30 of the 32 digits are one digit (that digit is among the first three).
#[inline]
const fn repeated_digit(id: u128) -> bool {
    at_most_two_differ(id, (id >> 124) & 0xf)
        || at_most_two_differ(id, (id >> 120) & 0xf)
        || at_most_two_differ(id, (id >> 116) & 0xf)
}

/// The high bit of every nibble of a `u128`.
const NIBBLE_HIGHS: u128 = NIBBLE_ONES << 3;

/// One bit at the bottom of every nibble of `x` that is 0.
#[inline]
const fn zero_nibbles(x: u128) -> u128 {
    !(x | (x >> 1) | (x >> 2) | (x >> 3)) & NIBBLE_ONES
}

/// `x - y` in every nibble, modulo 16, without borrows between nibbles.
#[inline]
const fn nibble_sub(x: u128, y: u128) -> u128 {
    ((x | NIBBLE_HIGHS).wrapping_sub(y & !NIBBLE_HIGHS)) ^ ((x ^ !y) & NIBBLE_HIGHS)
}

/// How many of the 31 places between neighbouring digits follow a simple pattern: the next
/// digit repeats this one, the next digit is one more (hex order), or the digit after next is
/// one more (two interleaved runs: `a1b2c3d4`). A random id has about 6; ids a person or a
/// model makes up have 22 or more (`a1b2c3d4-e5f6-7890-abcd-ef1234567890`: 27,
/// `aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee`: 27). Branch-free, on the 128 bits at once.
#[inline]
const fn pattern_places(v: u128) -> u32 {
    let (next, after) = (v << 4, v << 8);
    let same = zero_nibbles(v ^ next);
    let up = zero_nibbles(nibble_sub(next, v) ^ NIBBLE_ONES);
    let up_after = zero_nibbles(nibble_sub(after, v) ^ NIBBLE_ONES) & !0x10;
    // The lowest nibble has no neighbour (the shifts brought zeros in).
    ((same | up | up_after) & !1).count_ones()
}

/// Places of [`pattern_places`] from which an id is made up: a random id reaches it about once
/// in 10^10.
const PATTERN_PLACES: u32 = 22;

/// `pattern_places(v) >= PATTERN_PLACES`, answered for most ids from their first 16 digits: the
/// 14 places among them that need no later digit must hold at least 5 (the other 17 places
/// cannot make up more), and a random id has about 2.5 there.
#[inline]
fn made_up(v: u128) -> bool {
    const ONES: u64 = 0x1111_1111_1111_1111;
    let zero = |x: u64| !(x | (x >> 1) | (x >> 2) | (x >> 3)) & ONES;
    let sub = |x: u64, y: u64| ((x | (ONES << 3)).wrapping_sub(y & !(ONES << 3))) ^ ((x ^ !y) & (ONES << 3));
    // The 64 high bits, the first 16 digits.
    let hi = u64::try_from(v >> 64).unwrap_or(u64::MAX);
    let (next, after) = (hi << 4, hi << 8);
    let places = zero(hi ^ next) | zero(sub(next, hi) ^ ONES) | zero(sub(after, hi) ^ ONES);
    (places & !0x11).count_ones() >= PATTERN_PLACES - 17 && pattern_places(v) >= PATTERN_PLACES
}

/// True when `text` is a well-formed uuid that is a placeholder (the nil uuid, a documented
/// example, one repeated digit, digits counting up): an id a model invents.
pub(crate) fn is_placeholder_text(text: &str) -> bool {
    ::uuid::Uuid::try_parse(text).ok().and_then(placeholder_reason).is_some()
}

/// Why a well-formed uuid is a placeholder. Allocation-free.
#[inline]
fn placeholder_reason(id: ::uuid::Uuid) -> Option<&'static str> {
    let v = id.as_u128();
    if v == 0 {
        return Some("the nil uuid");
    }
    if v == u128::MAX {
        return Some("the max uuid");
    }
    if example_values().binary_search(&v).is_ok() {
        return Some("a well-known example id from documentation");
    }
    if repeated_digit(v) {
        return Some("an id of one repeated digit");
    }
    // Counting up: only worth a look when the first two digits do.
    let (d0, d1) = ((v >> 124) & 0xf, (v >> 120) & 0xf);
    if d1 == (d0 + 1) % 16 || d1 <= 1 {
        let mut buf = [0u8; 36];
        let canonical: &str = id.hyphenated().encode_lower(&mut buf);
        if canonical.split('-').all(counts_up) {
            return Some("an id whose digits count up");
        }
    }
    if made_up(v) {
        return Some("an id of digits that repeat or count up, as made-up ids are");
    }
    None
}

/// True when each digit of the group follows the one before (0-9 then a-f), or starts counting
/// again from 0 or 1.
fn counts_up(group: &str) -> bool {
    group.as_bytes().windows(2).all(|w| match w {
        [a, b] => {
            let (Some(x), Some(y)) = (hex_value(*a), hex_value(*b)) else { return false };
            // Counting on, or starting to count again from 0 or 1 (`5678-1234`).
            y == (x + 1) % 16 || y == 0 || y == 1
        }
        _ => true,
    })
}

const fn hex_value(b: u8) -> Option<u8> {
    match b {
        b'0'..=b'9' => Some(b - b'0'),
        b'a'..=b'f' => Some(b - b'a' + 10),
        b'A'..=b'F' => Some(b - b'A' + 10),
        _ => None,
    }
}

/// What the grammar made of a string.
enum Parsed {
    /// A uuid, whether the spelling was repaired, and why it is a placeholder, if it is one.
    Id { id: ::uuid::Uuid, repaired: bool, placeholder: Option<&'static str> },
    /// A placeholder that is not a uuid at all (a template, a type name).
    Template,
    /// Not a uuid, with the reason in words.
    Invalid(String),
}

/// True for a canonical text: lowercase hex, hyphens at 8, 13, 18 and 23.
fn is_canonical(s: &str) -> bool {
    s.len() == 36
        && s.bytes().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
        })
}

fn parse(raw: &str) -> Parsed {
    let (text, edges) = spelling::clean_edges(raw);
    // The uuid crate reads the common repairs itself (upper case, braces, `urn:uuid:`, no
    // hyphens): one pass, no allocation.
    if let Ok(id) = ::uuid::Uuid::try_parse(text) {
        let repaired = edges.trimmed || edges.unquoted || !is_canonical(text);
        return Parsed::Id { id, repaired, placeholder: placeholder_reason(id) };
    }
    let mut repaired = edges.trimmed || edges.unquoted;
    let mut body = text;
    if body.len() >= 9 && body.get(..9).is_some_and(|p| p.eq_ignore_ascii_case("urn:uuid:")) {
        body = body.get(9..).unwrap_or_default();
        repaired = true;
    }
    if let Some(inner) = body.strip_prefix('{').and_then(|b| b.strip_suffix('}')) {
        body = inner;
        repaired = true;
    }
    let body = spelling::trim(body);
    if is_canonical(body) {
        return id(body, repaired);
    }
    if let Some(hex) = dotnet_fields(text) {
        return id(&hex, true);
    }
    // An id inside what else a model writes around it, or with other dashes between its
    // groups; what is not an id inside (`<uuid>`) is read as written, below.
    let (inner, _) = unwrapped(text);
    if let Some(found) = dashed(inner).or_else(|| (inner.len() < body.len()).then(|| inner.to_owned())) {
        if let Parsed::Id { id, placeholder, .. } = id(&found, true) {
            return Parsed::Id { id, repaired: true, placeholder };
        }
    }
    let hex: String = body.chars().filter(|c| *c != '-').collect();
    let shape_like = body.len() == 36 && [8, 13, 18, 23].iter().all(|&i| body.as_bytes().get(i) == Some(&b'-'));
    if shape_like && hex.chars().all(|c| c.is_ascii_alphanumeric()) {
        // `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`, `xxxxxxxx-xxxx-Mxxx-Nxxx-xxxxxxxxxxxx`: letters
        // that stand for digits. One stray letter is a typo, not a template.
        let non_hex: Vec<char> = hex.chars().filter(|c| !c.is_ascii_hexdigit()).collect();
        let template_letters = non_hex.len() >= 4 && non_hex.iter().all(|c| "xXyYnNmMzZ".contains(*c));
        if template_letters || non_hex.len() >= 16 {
            return Parsed::Template;
        }
    }
    let words = spelling::fold::words(body);
    if words.split(' ').any(|w| matches!(w, "uuid" | "guid")) {
        return Parsed::Template;
    }
    if let Some(c) = hex.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Parsed::Invalid(format!("it has {}, which is not a hexadecimal digit", quoted(&c.to_string())));
    }
    if hex.len() != 32 {
        return Parsed::Invalid(format!("it has {} hexadecimal digits, not 32", hex.len()));
    }
    id(&hex, true)
}

/// An id without what a model writes around it: `urn:uuid:` or `uuid:`, a hexadecimal
/// literal's `0x` before its 32 digits, braces, angle, round
/// or square brackets, Python's and .NET's constructors (`UUID('…')`, `new Guid("…")`), quotes
/// inside those, and a full stop or comma after it; true when something was left out.
fn unwrapped(text: &str) -> (&str, bool) {
    let mut body = text;
    let mut repaired = false;
    loop {
        let before = body.len();
        for prefix in ["urn:uuid:", "uuid:", "guid:"] {
            if body.get(..prefix.len()).is_some_and(|p| p.eq_ignore_ascii_case(prefix)) {
                body = body.get(prefix.len()..).unwrap_or_default();
            }
        }
        if let Some(inner) = body.strip_suffix(['.', ',', ';']) {
            body = inner;
        }
        // A hexadecimal literal of exactly the id's 32 digits (`0x0b5e…`).
        if let Some(hex) = body.get(2..).filter(|h| {
            body.get(..2).is_some_and(|p| p.eq_ignore_ascii_case("0x"))
                && h.len() == 32
                && h.bytes().all(|b| b.is_ascii_hexdigit())
        }) {
            body = hex;
        }
        // A label before the id (`id: …`, `user_id=…`, `Order ID: …`): words of letters.
        if let Some(at) = body.find([':', '=']).filter(|at| (1..=40).contains(at)) {
            let label = body.get(..at).unwrap_or_default();
            let word = |c: char| c.is_ascii_alphabetic() || matches!(c, '_' | '-' | ' ');
            if label.chars().all(word) && label.chars().any(|c| c.is_ascii_alphabetic()) {
                body = body.get(at + 1..).unwrap_or_default().trim_start();
            }
        }
        if let Some(open) = body.strip_suffix(')').and_then(|b| b.find('(').map(|at| (b, at))) {
            let (b, at) = open;
            let call = b.get(..at).unwrap_or_default().trim().to_ascii_lowercase();
            if matches!(call.as_str(), "" | "uuid" | "uuid.uuid" | "guid" | "new guid" | "system.guid" | "uuid.parse") {
                body = b.get(at + 1..).unwrap_or_default();
            }
        }
        for (open, close) in [('{', '}'), ('<', '>'), ('[', ']')] {
            if let Some(inner) = body.strip_prefix(open).and_then(|b| b.strip_suffix(close)) {
                body = inner;
            }
        }
        body = spelling::trim(body);
        if let Some(inner) = ["'", "\"", "`"].iter().find_map(|q| body.strip_prefix(q)?.strip_suffix(q)) {
            body = inner;
        }
        if body.len() == before {
            return (body, repaired);
        }
        repaired = true;
    }
}

/// The 32 digits of an id in .NET's `X` format, its fields as hexadecimal literals:
/// `{0x0b5e2d3c,0x4f1a,0x4c2e,{0x9d,0x7b,0x8e,0x6f,0x5a,0x4b,0x3c,0x2d}}` (spaces after the
/// commas too). `None` for any other text.
fn dotnet_fields(text: &str) -> Option<String> {
    let inner = text.strip_prefix('{')?.strip_suffix("}}")?;
    let widths = [8, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2];
    let fields: Vec<&str> = inner.split(',').map(|f| f.trim().trim_start_matches('{').trim()).collect();
    if fields.len() != widths.len() || inner.matches('{').count() != 1 {
        return None;
    }
    let mut hex = String::with_capacity(32);
    for (field, width) in fields.iter().zip(widths) {
        let digits = field.strip_prefix("0x").or_else(|| field.strip_prefix("0X"))?;
        if digits.len() != width || !digits.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        hex.push_str(digits);
    }
    Some(hex)
}

/// The hyphenated id of a text whose groups of 8-4-4-4-12 hex digits are joined by dashes,
/// underscores or spaces (`0b5e2d3c–7c1a–…`, `0b5e2d3c_7c1a_…`, `0b5e2d3c 7c1a …`).
fn dashed(body: &str) -> Option<String> {
    let joiner = |c: char| matches!(c, '\u{2010}'..='\u{2015}' | '\u{2212}' | '_' | ' ' | '\u{a0}');
    if !body.chars().any(joiner) {
        return None;
    }
    let text: String = body.chars().map(|c| if joiner(c) { '-' } else { c }).collect();
    let shape = text.len() == 36 && [8, 13, 18, 23].iter().all(|&i| text.as_bytes().get(i) == Some(&b'-'));
    (shape && ::uuid::Uuid::try_parse(&text).is_ok()).then_some(text)
}

/// The strict parse (the uuid crate) of a simple or hyphenated hex text.
fn id(text: &str, repaired: bool) -> Parsed {
    match ::uuid::Uuid::try_parse(text) {
        Ok(id) => Parsed::Id { id, repaired, placeholder: placeholder_reason(id) },
        Err(_) => Parsed::Invalid("it is not a uuid".to_owned()),
    }
}

/// Reads a uuid.
///
/// # Outcome
/// - ok: the uuid (serialised lowercase hyphenated);
/// - absent: missing, null, blank, the absent rule's placeholders, and (on a read) the uuid
///   placeholders above;
/// - ask: a placeholder on a write (`placeholder_on_write`), anything that is not a uuid
///   (`not_a_uuid`), a value of another JSON type (`unexpected_type`).
///
/// # Errors
/// None today; the `Result` keeps every kind's signature alike.
///
/// # Example
/// ```
/// use agent_input::uuid::{self, UuidOptions};
/// let out = uuid::read("{0B5E2D3C-4F1A-4C2E-9D7B-8E6F5A4B3C2D}".into(), &UuidOptions::default())?;
/// assert_eq!(out.value().map(ToString::to_string).as_deref(), Some("0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d"));
/// # Ok::<(), agent_input::Error>(())
/// ```
///
/// # Example: a placeholder on a read and on a write
/// ```
/// use agent_input::uuid::{self, UuidOptions};
/// let nil = "00000000-0000-0000-0000-000000000000";
/// assert!(uuid::read(nil.into(), &UuidOptions::default())?.is_absent());
/// let ask = uuid::read(nil.into(), &UuidOptions::write())?;
/// assert_eq!(ask.as_ask().map(|a| a.code), Some(agent_input::AskCode::PlaceholderOnWrite));
/// # Ok::<(), agent_input::Error>(())
/// ```
#[inline]
pub fn read(input: Input<'_>, options: &UuidOptions) -> Result<Outcome<::uuid::Uuid>, Error> {
    Ok(options.read(input, &Context::new(&System)))
}

/// The canonical text of an id (lower-case, hyphenated), written without the formatter.
pub(crate) fn text(id: ::uuid::Uuid) -> String {
    let mut buf = ::uuid::Uuid::encode_buffer();
    id.hyphenated().encode_lower(&mut buf).to_owned()
}

impl Reader for UuidOptions {
    type Value = ::uuid::Uuid;
    const CONSTRAINED: bool = true;
    const SET_LIKE: bool = true;

    #[inline]
    fn read(&self, input: Input<'_>, cx: &Context<'_>) -> Outcome<::uuid::Uuid> {
        reader::drive(self, input, cx)
    }

    fn to_json(&self, value: ::uuid::Uuid) -> serde_json::Value {
        serde_json::Value::String(text(value))
    }

    fn schema(&self) -> serde_json::Value {
        schema_of(self.mode)
    }
}

impl Grammar for UuidOptions {
    /// A text of two ids asks naming each, from the ids written inside it ([`not_a_uuid`]).
    const SEVERAL: bool = false;

    fn door(&self) -> Door {
        Door::strings(MAX_SCALAR_CHARS)
    }

    /// On a write, a placeholder that stands for a value (`"<uuid>"`) asks, while the null
    /// words (`"null"`, `"N/A"`) stay absent: the grammar tells them apart.
    fn placeholders(&self) -> Placeholders {
        Placeholders::Own
    }

    /// The canonical spelling of a real id, no allocation.
    #[inline]
    fn fast(&self, input: &Input<'_>) -> Option<Outcome<::uuid::Uuid>> {
        let Input::String(s) = *input else { return None };
        if s.len() != 36 {
            return None;
        }
        let id = ::uuid::Uuid::try_parse(s).ok()?;
        // Parsed, so every byte is a hex digit or a hyphen: upper case is 0b10xxxxx.
        let upper = s.bytes().fold(false, |acc, b| acc | (b & 0x60 == 0x40));
        (!upper && placeholder_reason(id).is_none()).then(|| Outcome::ok(id))
    }

    fn grammar(&self, scalar: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Option<Outcome<::uuid::Uuid>> {
        let text = scalar.text();
        Some(match parse(text) {
            Parsed::Id { placeholder: Some(why), .. } => match self.mode {
                UuidMode::Read => Outcome::absent().note(Note::new(
                    NoteCode::PlaceholderReadAsAbsent,
                    format!("Read {} as absent: it is {why}, not a record's id.", input.to_json_text()),
                )),
                UuidMode::Write => Outcome::ask(on_write(input, why)),
            },
            Parsed::Id { id, repaired, placeholder: None } => {
                let mut buf = ::uuid::Uuid::encode_buffer();
                let canonical = id.hyphenated().encode_lower(&mut buf);
                let note =
                    repaired.then(|| Note::read_as_quoted(NoteCode::UuidSpellingNormalized, input, canonical, ""));
                let out = Outcome::ok(id);
                match note {
                    Some(n) => out.note(n),
                    None => out,
                }
            }
            Parsed::Template => match self.mode {
                UuidMode::Read => absent::outcome(input, absent::AbsentReason::Placeholder),
                UuidMode::Write => Outcome::ask(on_write(input, "a template, not an id")),
            },
            Parsed::Invalid(_) if absent::check(input, TYPE_WORDS).is_some() => placeholder(input, text, self.mode),
            Parsed::Invalid(why) => Outcome::ask(not_a_uuid(input, text, &why)),
        })
    }

    fn nothing(&self, scalar: Scalar<'_>, input: &Input<'_>, _: &Context<'_>) -> Outcome<::uuid::Uuid> {
        Outcome::ask(not_a_uuid(input, scalar.text(), "it is not a uuid"))
    }

    fn unexpected(&self, input: &Input<'_>) -> Ask {
        unexpected(input)
    }
}

/// The ask of a text that is no uuid. The uuids written inside it (`https://…/items/<uuid>`,
/// `invoice <uuid>`, two ids joined by a comma) are its readings: one of them may be the id
/// meant, but the text does not say which, nor that the link's id is the record's.
#[cold]
fn not_a_uuid(input: &Input<'_>, text: &str, why: &str) -> Ask {
    let inside = uuids_inside(text);
    let expected = format!("a uuid: 32 hexadecimal digits written 8-4-4-4-12 ({why})");
    let fix = "set to the record's id exactly as the tool that found the record returned it";
    if inside.is_empty() {
        return Ask::new(AskCode::NotAUuid, input, expected, fix);
    }
    let names: Vec<String> = inside.iter().map(|id| quoted(&text_of(*id))).collect();
    let which = if inside.len() == 1 { "the uuid" } else { "one of the uuids" };
    Ask::new(AskCode::NotAUuid, input, expected, format!("{fix}, such as {which} inside it: {}", names.join(" or ")))
        .with_readings(
            inside
                .iter()
                .enumerate()
                .map(|(i, id)| Reading {
                    value: serde_json::Value::String(text_of(*id)),
                    meaning: if inside.len() == 1 {
                        "the uuid written inside the text".to_owned()
                    } else {
                        format!(
                            "the {}{} of the {} uuids written inside the text",
                            i + 1,
                            ordinal_ending(i + 1),
                            inside.len()
                        )
                    },
                })
                .collect(),
        )
}

/// The uuid's canonical text.
fn text_of(id: ::uuid::Uuid) -> String {
    id.hyphenated().to_string()
}

/// The distinct real uuids written 8-4-4-4-12 inside `text` (any case), apart from the hex
/// digits around them, in order; at most [`MAX_INSIDE`].
fn uuids_inside(text: &str) -> Vec<::uuid::Uuid> {
    let bytes = text.as_bytes();
    let hex = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_hexdigit);
    let mut found = Vec::new();
    let mut i = 0;
    while i + 36 <= bytes.len() && found.len() < MAX_INSIDE {
        let apart = (i == 0 || !hex(i - 1)) && !hex(i + 36);
        let id = text.get(i..i + 36).filter(|w| apart && w.as_bytes().get(8) == Some(&b'-')).and_then(|w| {
            let id = ::uuid::Uuid::try_parse(w).ok()?;
            (w.len() == 36 && placeholder_reason(id).is_none()).then_some(id)
        });
        match id {
            Some(id) => {
                if !found.contains(&id) {
                    found.push(id);
                }
                i += 36;
            }
            None => i += 1,
        }
    }
    found
}

/// The most uuids inside a text an ask names.
const MAX_INSIDE: usize = 8;

/// A placeholder that is no uuid at all (`"<uuid>"`, `"null"`, `"string"`): absent on a read;
/// on a write the null words stay absent (omitting an id means create) and the rest ask.
fn placeholder(input: &Input<'_>, text: &str, mode: UuidMode) -> Outcome<::uuid::Uuid> {
    let reason = absent::check(input, TYPE_WORDS).unwrap_or(absent::AbsentReason::Placeholder);
    let null_like = reason != absent::AbsentReason::Placeholder || absent::is_null_word(text);
    if mode == UuidMode::Write && !null_like {
        Outcome::ask(on_write(input, "a placeholder"))
    } else {
        absent::outcome(input, reason)
    }
}

/// True when `s` is a well-formed uuid that is a placeholder (nil, max, an example, a pattern).
pub fn is_placeholder(s: &str) -> bool {
    matches!(parse(s), Parsed::Id { placeholder: Some(_), .. } | Parsed::Template)
}

/// The uuid `s` spells, in any accepted spelling (placeholders included).
pub(crate) fn canonical(s: &str) -> Option<::uuid::Uuid> {
    match parse(s) {
        Parsed::Id { id, .. } => Some(id),
        _ => None,
    }
}

fn on_write(input: &Input<'_>, why: &str) -> Ask {
    Ask::new(
        AskCode::PlaceholderOnWrite,
        input,
        format!(
            "the id of an existing record; {} is {why}, and writing with an invented id would create a new record",
            input.to_json_text()
        ),
        "set to the real id of the record (from the tool that lists or searches them), or left out to create a new record",
    )
}

fn unexpected(input: &Input<'_>) -> Ask {
    Ask::unexpected_type(input, "a uuid as a JSON string", "set to the record's id as a JSON string")
}

/// The uuid's JSON Schema fragment.
fn schema_of(mode: UuidMode) -> serde_json::Value {
    crate::reader::fragment(
        match mode {
            UuidMode::Read => "The record's id, a uuid, exactly as the tool that found the record returned it.".into(),
            UuidMode::Write => "The id of an existing record, a uuid, exactly as the tool that found it returned it. Omit it to create a record; an invented or example id is asked about.".into(),
        },
        serde_json::json!({"type": "string", "format": "uuid"}),
        &["string", "array", "null"],
        "upper case, braces, urn:uuid:, no hyphens. The nil uuid and documentation examples are placeholders.",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_up_is_a_placeholder_and_random_ids_are_not() {
        for s in [
            "12345678-1234-5678-1234-567812345678",
            "12345678-1234-1234-1234-123456789012",
            "abcdef12-3456-7890-abcd-ef1234567890",
            "01234567-89ab-cdef-0123-456789abcdef",
            "00000000-0000-0000-0000-000000000001",
            "11111111-1111-1111-1111-111111111111",
            "xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx",
            "3FA85F64-5717-4562-B3FC-2C963F66AFA6",
        ] {
            assert!(is_placeholder(s), "{s}");
        }
        for s in ["0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d", "c9bf9e57-1685-4c89-bafb-ff5af830be8a"] {
            assert!(!is_placeholder(s), "{s}");
        }
    }

    /// Ids made up of digits that repeat or count up, in groups or interleaved.
    #[test]
    fn made_up_patterns_are_placeholders() {
        for s in [
            "a1b2c3d4-e5f6-7890-abcd-ef1234567890",
            "a1b2c3d4-e5f6-a1b2-c3d4-e5f6a1b2c3d4",
            "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
            "11111111-2222-3333-4444-555555555555",
            "12345678-90ab-cdef-1234-567890abcdef",
            "abcd1234-abcd-1234-abcd-1234abcd1234",
        ] {
            let v = ::uuid::Uuid::parse_str(s).map(|u| u.as_u128()).unwrap_or(0);
            assert!(pattern_places(v) >= PATTERN_PLACES, "{s}: {}", pattern_places(v));
            assert!(is_placeholder(s), "{s}");
        }
    }

    /// The pattern count, place by place, as written out digit by digit.
    fn pattern_places_by_digits(v: u128) -> u32 {
        let d: Vec<u32> = (0..32).rev().map(|i| u32::try_from((v >> (4 * i)) & 0xf).unwrap_or(0)).collect();
        let at = |i: usize| d.get(i).copied();
        (0..31)
            .filter(|&i| {
                let (x, y, z) = (at(i), at(i + 1), at(i + 2));
                y == x || y == x.map(|x| (x + 1) % 16) || (z.is_some() && z == x.map(|x| (x + 1) % 16))
            })
            .count()
            .try_into()
            .unwrap_or(0)
    }

    proptest::proptest! {
        #[test]
        fn pattern_places_is_the_digit_by_digit_count(v in proptest::prelude::any::<u128>()) {
            proptest::prop_assert_eq!(pattern_places(v), pattern_places_by_digits(v));
        }

        /// The early answer from the first 16 digits never differs from the full count, on any
        /// id and on ids near the bound (patterns with a few digits changed).
        #[test]
        fn made_up_is_the_full_count(v in proptest::prelude::any::<u128>(), noise in proptest::prelude::any::<u128>(), keep in 0u32..128) {
            let pattern: u128 = 0xa1b2_c3d4_e5f6_7890_abcd_ef12_3456_7890;
            let near = pattern ^ (noise & (u128::MAX >> keep) & !(u128::MAX >> (keep + 8).min(127)));
            for id in [v, near, pattern, 0xaaaa_aaaa_bbbb_cccc_dddd_eeee_eeee_eeee] {
                proptest::prop_assert_eq!(made_up(id), pattern_places(id) >= PATTERN_PLACES, "{:032x}", id);
            }
        }

        /// Random version-4 ids are not made-up patterns.
        #[test]
        fn random_ids_have_few_pattern_places(v in proptest::prelude::any::<u128>()) {
            let v4 = (v & !(0xf << 76) | (0x4 << 76)) & !(0x3 << 62) | (0x2 << 62);
            // A random id reaches the bound about once in 10^10 draws: never in a run.
            proptest::prop_assert!(pattern_places(v4) < PATTERN_PLACES, "{:032x}", v4);
        }
    }

    #[test]
    fn every_example_is_canonical() {
        for e in EXAMPLES {
            assert!(is_canonical(e), "{e}");
        }
    }
}
