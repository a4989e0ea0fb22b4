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

/// The most values an enum may declare (a programmer bound).
pub const MAX_ENUM_VALUES: usize = 1_000;

/// The most bytes one batch line may have.
pub const MAX_BATCH_LINE_BYTES: usize = 1 << 20;
