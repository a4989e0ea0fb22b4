//! Every bound on input, as a constant. Ask texts are formatted from these constants, so the
//! text a caller reads cannot drift from the bound that is enforced.

/// The most characters a scalar value (a number, a boolean, an enum value) may have.
pub const MAX_SCALAR_CHARS: usize = 256;

/// The most characters a text value may have, and the largest `max_length` a text may declare.
pub const MAX_TEXT_CHARS: usize = 10_000;

/// The most items a list may have, and the largest `max_items` a list may declare.
pub const MAX_LIST_ITEMS: usize = 1_000;

/// The largest decimal exponent a number may carry, either way (`1e28`, `1e-28`).
/// Beyond it a number cannot be held exactly, so it asks.
pub const MAX_EXPONENT: i64 = 28;

/// The most entries a vocabulary may have (a programmer bound).
pub const MAX_VOCABULARY_ENTRIES: usize = 100_000;

/// The most values an enum may declare (a programmer bound).
pub const MAX_ENUM_VALUES: usize = 1_000;

/// The most bytes one batch line may have.
pub const MAX_BATCH_LINE_BYTES: usize = 1 << 20;

/// The most characters a JSON number may have, read as a number or as another kind's text.
pub const MAX_NUMBER_CHARS: usize = MAX_SCALAR_CHARS;

/// A suggestion ("`"relevance"` is the nearest") compares a spelling of at most this many
/// characters, counted after folding (some characters fold to many letters: U+FDFA to 18).
pub const MAX_SUGGESTION_CHARS: usize = 64;

/// The most character comparisons (one spelling's length times a candidate's) one read or one
/// whole call spends on suggestions. Past it, asks name no nearest value; they still ask.
pub const MAX_SUGGESTION_WORK: u64 = 500_000;

/// The most folding work one read or one whole call does on text outside ASCII, in bytes:
/// each character outside ASCII of a value read costs [`FOLD_COST_PER_CHAR`] (ASCII costs
/// nothing). Folding is the costly step of such text: U+FDFA folds to 18 letters. Past it, the rest of a list or a call is not read, and
/// one ask says so; the worst call then stays well under 100 ms.
pub const MAX_FOLD_WORK: u64 = 2_000_000;

/// Bytes of [`MAX_FOLD_WORK`] one character outside ASCII costs when a reader folds a value:
/// the most one character folds to (U+FDFA, 18 letters). A read is charged before its grammar
/// runs, so the budget bounds the work by construction.
pub const FOLD_COST_PER_CHAR: usize = 18;

/// Bytes of [`MAX_FOLD_WORK`] one byte of a number's text costs when it is read past its
/// grammar (spelled in words, scaled, with a sign or a percent): each byte may start a lookup
/// of every word of up to [`MAX_NUMBER_WORD_BYTES`] bytes, and the words found are walked
/// again for each reading. ASCII included: `"tres"` repeated is as costly to segment as any
/// text. Set so that a call of the worst such values stops in about 50 ms (`benches`, `worst/
/// call_spelled_numbers`).
pub const SPELLED_NUMBER_COST_PER_BYTE: usize = 2 * MAX_NUMBER_WORD_BYTES;

/// The most times the date range reader reads one text (as words, glued, open, with an
/// abbreviated end, split at a separator, whole for each bound, around today, and at up to
/// eight hyphens): a range's text is charged to [`MAX_FOLD_WORK`] this many times its folding
/// cost plus its bytes, before it is read.
pub const MAX_RANGE_READINGS: usize = 24;

/// The most values (properties, list items, entry properties) one call reads. The rest are
/// not read, and one issue says so.
pub const MAX_VALUES_PER_CALL: usize = 20_000;

/// The most issues an envelope or a call lists; one last issue counts the rest.
pub const MAX_ISSUES: usize = 50;

/// The most warnings a call returns; one last warning counts the rest.
pub const MAX_WARNINGS: usize = 50;

/// The most notes a call returns; one last note counts the rest.
pub const MAX_NOTES: usize = 100;

/// The most items a list's ask describes one by one; the rest are counted.
pub const MAX_DESCRIBED_ITEMS: usize = 10;

/// The most names a message lists (allowed values, declared properties) before "and N more".
pub const MAX_LISTED: usize = 20;

/// The most variants a `union` property may declare; more is misuse, refused when the spec is
/// read. Bounds what reading a member costs (its keys against the variants' properties) and
/// what an ask about it says (at most [`MAX_LISTED`] variants named, as many readings).
pub const MAX_UNION_VARIANTS: usize = 64;

/// An ask's `received` holds at most this many bytes of JSON text. A longer value is cut to
/// its first bytes (as a JSON string of its text), and a note says so.
pub const MAX_RECEIVED_BYTES: usize = 1_024;

/// Messages quote at most this many characters of a received value, then "…".
pub const MAX_QUOTED_CHARS: usize = 200;

/// The most bytes the argument object of one call may have, as JSON text.
pub const MAX_CALL_BYTES: usize = 4 << 20;

/// The bytes of a call's frame ([`MAX_CALL_BYTES`]) left for everything beside one inline
/// file: the other arguments, the property names and the JSON around them.
pub const CALL_FRAME_HEADROOM: usize = 64 << 10;

/// The most decoded bytes the `file` kind takes inline, and the default of its `max_bytes`: the
/// bytes whose base64 (four characters for every three bytes) fills the call's frame
/// ([`MAX_CALL_BYTES`] less [`CALL_FRAME_HEADROOM`]), 3,096,576 bytes (2.95 MiB).
pub const MAX_INLINE_FILE_BYTES: usize = (MAX_CALL_BYTES - CALL_FRAME_HEADROOM) / 4 * 3;

/// Plain base64 (no `data:` URL, no object around it) shorter than this, whose bytes no magic
/// number names, is no file a model meant to send (`"test"` is valid base64 of three bytes): it
/// asks `not_a_file`, naming the bytes as a reading. A tool whose `output` is `base64` takes base64
/// strings by declaration, and reads them at any length.
pub const MIN_PLAIN_BASE64_CHARS: usize = 16;

/// The most characters a file reference (a URI, a file id, a path) may have.
pub const MAX_REFERENCE_CHARS: usize = 2_048;

/// The deepest nesting of arrays and objects a JSON text may have.
pub const MAX_JSON_DEPTH: usize = 64;

/// The most `$ref`s and nested schemas `ToolSpec::from_input_schema` follows into one
/// property; a deeper one is passed on unchanged, for the server's own validation.
pub const MAX_SCHEMA_DEPTH: usize = 32;

/// The most properties `ToolSpec::from_input_schema` maps in one tool's schema, nested ones
/// and list items counted; past it, each further property is passed on unchanged, for the
/// server's own validation. With a `$ref` that refers back to a schema being mapped (a tree,
/// a filter language) passed on at its first repeat, this bounds the mapping of a schema of
/// any shape.
pub const MAX_SCHEMA_PROPERTIES: usize = 2_000;

/// The most schema nodes the check of one value against its declared schema visits (the
/// check that passes a value valid against a server's own schema on unchanged); past it the
/// value is taken as valid and the server's own validation decides.
pub const MAX_ACCEPTS_STEPS: usize = 100_000;

/// The most characters a number spelled in words may have (`two thousand five hundred and
/// six`, `zweitausendfünfhundert`); a longer text is not read as one. Bounds the segmentation
/// of compound words: every piece of up to [`MAX_NUMBER_WORD_BYTES`] bytes is looked up once.
pub const MAX_SPELLED_NUMBER_CHARS: usize = 100;

/// The most bytes one word of a spelled number may have (`fünfhundert`, `dvacet jedna`); no
/// word of the tables is longer.
pub const MAX_NUMBER_WORD_BYTES: usize = 64;

/// The most steps the reading of one spelled number takes over its words' segmentations;
/// past it, the text is not read as a number (it asks). Numbers spelled in words read up to
/// 2^64 - 1: the tables hold scale words up to 10^18 (a long scale's `trillion`).
pub const MAX_SPELLED_NUMBER_STEPS: usize = 4_096;

/// The most languages a `languages` option may name (date, date range, boolean and number options, or
/// a tool's); more is misuse, refused when the options are read.
pub const MAX_LANGUAGES: usize = 32;

/// How long a destructive tool's `confirm_token` stays valid after its preview (seconds).
pub const CONFIRM_TTL_SECONDS: u64 = 600;

/// How long a stored receipt replays a write retried with the same idempotency key (seconds).
pub const RECEIPT_TTL_SECONDS: u64 = 86_400;

/// How long a write's key stays marked as running (seconds): a retry meanwhile asks instead of
/// running the write twice; past it (a server that stopped mid-call), the retry runs.
pub const IN_FLIGHT_TTL_SECONDS: u64 = 300;

/// The most receipts the in-memory receipt store keeps; past it, the oldest is dropped first.
pub const MAX_RECEIPTS: usize = 10_000;

/// The most bytes `MemoryReceipts` keeps, its receipts as JSON text with their keys; past it the
/// oldest are dropped (the newest is always kept).
pub const MAX_RECEIPT_BYTES: usize = 64 << 20;

/// The largest result (as JSON text) a receipt keeps whole; a larger one is kept as its size
/// only, and a retry that replays the receipt says the change was applied without returning it.
pub const MAX_RECEIPT_RESULT_BYTES: usize = 1 << 20;

/// How long a page's `next_cursor` stays valid when the handler names no other time (seconds).
pub const PAGE_CURSOR_TTL_SECONDS: u64 = 3_600;
