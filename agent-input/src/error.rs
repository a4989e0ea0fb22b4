//! [`Error`]: programmer misuse only (bad options, an unknown kind), never bad input.
//!
//! Bad input is not an error in this crate: it is an [`Ask`](crate::Ask) inside an
//! [`Outcome`](crate::Outcome). An `Error` means the *program* asked for something that cannot
//! work (an option that does not exist, `min` above `max`, enum values that fold to the same
//! key), so the bindings raise it as a typed exception and a server finds it at start-up.
//! There is one public error type, boxed to keep `Result<T, Error>` one pointer wide, with
//! [`Error::kind`] for the bindings to map to their own exception classes.

use std::fmt;

/// A programmer error: an invalid option or an unknown kind.
pub struct Error(Box<Inner>);

struct Inner {
    kind: ErrorKind,
    message: String,
}

/// What kind of misuse an [`Error`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The kind name is not one of [`Kind`](crate::Kind)'s.
    UnknownKind,
    /// The options are not valid for the kind (unknown option, wrong type, contradiction).
    InvalidOptions,
}

impl ErrorKind {
    /// The stable name the bindings expose (`AgentInputError.code`).
    pub const fn code(self) -> &'static str {
        match self {
            Self::UnknownKind => "unknown_kind",
            Self::InvalidOptions => "invalid_options",
        }
    }
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self(Box::new(Inner { kind, message: message.into() }))
    }

    pub(crate) fn options(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidOptions, message)
    }

    /// What kind of misuse this is.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Error").field(&self.0.message).finish()
    }
}

impl std::error::Error for Error {}
