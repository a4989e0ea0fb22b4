//! The context of a read: what it may spend and what it may ask of its host, passed explicitly
//! to every read. The core holds no state of its own between reads (no thread-locals), and
//! reads no environment and no clock itself: a [`Host`] supplies them.
//!
//! - **The budgets.** One [`Context`] is one read, one batch line or one whole tool call: every
//!   value read inside shares its [`MAX_SUGGESTION_WORK`] (character pairs compared for "the
//!   nearest value is ...") and its [`MAX_FOLD_WORK`] (bytes of text outside ASCII that
//!   readers fold and look up).
//! - **What a read is inside.** A list's items and a range's bounds are read as parts of their
//!   whole; a read whose ask is never shown compares no suggestions.
//! - **The host.** Cursor keys named by `key_env` and the clock a cursor's expiry is checked
//!   against come from the [`Host`] the caller passes: [`System`] (the process's environment
//!   and clock) for the CLI, Python and rmcp; the JavaScript binding passes its own, so a
//!   `key_env` reads the same in WebAssembly.
//!
//! ```
//! use agent_input::context::{Context, Host};
//! use agent_input::Spec;
//! /// A host with a fixed clock and one key, as a test would write it.
//! struct Fixed;
//! impl Host for Fixed {
//!     fn var(&self, name: &str) -> Option<String> {
//!         (name == "CURSOR_KEY").then(|| "k".repeat(32))
//!     }
//!     fn now(&self) -> u64 {
//!         1_800_000_000
//!     }
//! }
//! let spec = Spec::from_json_in(&serde_json::json!({"kind": "cursor", "key_env": "CURSOR_KEY"}), &Fixed)?;
//! let cx = Context::new(&Fixed);
//! let out = spec.read_in("start".into(), &cx);
//! assert!(out.is_absent()); // a first-page word, read as no cursor
//! # Ok::<(), agent_input::Error>(())
//! ```

use std::cell::Cell;

use crate::limits::{MAX_FOLD_WORK, MAX_SUGGESTION_WORK};

/// What the core asks of its caller's world: environment variables (cursor keys named by
/// `key_env`) and the time (cursor expiry). Implement it to run the core where the process's
/// own are not the right ones (WebAssembly, a test with a fixed clock).
pub trait Host {
    /// The value of the environment variable `name`, or `None` when it is not set.
    fn var(&self, name: &str) -> Option<String>;
    /// Seconds since the Unix epoch.
    fn now(&self) -> u64;
}

/// The process's environment and clock: the only place the core reads them, and only when a
/// caller passes it (the CLI, the Python binding, the rmcp glue; the one-argument doors such
/// as [`crate::Spec::read`] pass it too).
#[derive(Clone, Copy, Debug, Default)]
pub struct System;

impl Host for System {
    fn var(&self, name: &str) -> Option<String> {
        std::env::var(name).ok()
    }

    fn now(&self) -> u64 {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
    }
}

/// One read's, one batch line's or one call's context (module doc).
pub struct Context<'h> {
    host: &'h dyn Host,
    /// The suggestion work the read may still do.
    suggestion_left: Cell<u64>,
    /// The folding work the read may still do.
    fold_left: Cell<u64>,
    /// Every character pair compared so far.
    suggestion_spent: Cell<u64>,
    /// Every byte of text outside ASCII counted so far.
    fold_spent: Cell<u64>,
    /// Every byte decoded from an inline file so far (the `file` kind).
    decoded: Cell<u64>,
    /// True while suggestions are off ([`Context::quietly`]).
    quiet: Cell<bool>,
    /// True while the parts of a list or a range are read ([`Context::as_parts`]).
    parts: Cell<bool>,
    /// The day relative words are read against when a date's own `today` option is unset
    /// ([`Context::with_today`]).
    today: Option<chrono::NaiveDate>,
}

impl std::fmt::Debug for Context<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Context")
            .field("suggestion_spent", &self.suggestion_spent.get())
            .field("fold_spent", &self.fold_spent.get())
            .finish_non_exhaustive()
    }
}

impl<'h> Context<'h> {
    /// A fresh context on `host`, with whole budgets.
    #[inline]
    pub fn new(host: &'h dyn Host) -> Self {
        Self {
            host,
            suggestion_left: Cell::new(MAX_SUGGESTION_WORK),
            fold_left: Cell::new(MAX_FOLD_WORK),
            suggestion_spent: Cell::new(0),
            fold_spent: Cell::new(0),
            decoded: Cell::new(0),
            quiet: Cell::new(false),
            parts: Cell::new(false),
            today: None,
        }
    }

    /// This context with `today`, the day the relative words of every date, date range and
    /// range bound read inside it are read against (`"yesterday"`, `"last month"`,
    /// `"3 days ago"`) where the property's own `today` option is unset: a server passes its
    /// clock's date for each call, so such words read instead of asking
    /// `relative_date_without_today`. The host's clock is not read for it: which day "today" is
    /// (the server's zone, UTC, the user's) is the caller's to say. A day outside the years
    /// dates are written in (0002 to 9998) is not used, as if none were given:
    /// [`crate::date::check_today`] is the typed error for it, for callers that take the day
    /// from their own callers. `None` leaves the context without a day.
    #[must_use]
    pub fn with_today(mut self, today: impl Into<Option<chrono::NaiveDate>>) -> Self {
        self.today = today.into();
        self
    }

    /// A fresh context on the same host and day, with whole budgets.
    pub fn fresh(&self) -> Context<'h> {
        Self { today: self.today, ..Self::new(self.host) }
    }

    /// The day set by [`Context::with_today`], if any.
    pub fn today(&self) -> Option<chrono::NaiveDate> {
        self.today
    }

    /// The host.
    pub fn host(&self) -> &'h dyn Host {
        self.host
    }

    /// The character pairs compared for suggestions so far: tests and fuzzing bound the work
    /// of a read by it ([`MAX_SUGGESTION_WORK`]), never by timing.
    pub fn suggestion_work(&self) -> u64 {
        self.suggestion_spent.get()
    }

    /// The bytes of text outside ASCII counted so far ([`MAX_FOLD_WORK`]).
    pub fn fold_work(&self) -> u64 {
        self.fold_spent.get()
    }

    /// Takes `cost` character pairs from the suggestion budget; false (and the budget spent)
    /// when it does not fit, or while suggestions are off.
    pub(crate) fn charge_suggestion(&self, cost: u64) -> bool {
        if self.quiet.get() {
            return false;
        }
        let left = self.suggestion_left.get();
        if cost > left {
            self.suggestion_left.set(0);
            return false;
        }
        self.suggestion_left.set(left - cost);
        self.suggestion_spent.set(self.suggestion_spent.get().saturating_add(cost));
        true
    }

    /// True when no suggestion scan may start.
    pub(crate) fn suggestions_off(&self) -> bool {
        self.quiet.get() || self.suggestion_left.get() == 0
    }

    /// Counts `bytes` of text outside ASCII a reader folds.
    #[inline]
    /// The bytes the reads in this context decoded from inline files (the `file` kind decodes
    /// nothing past its bound: a value over it is refused from its length).
    pub fn decoded_bytes(&self) -> u64 {
        self.decoded.get()
    }

    /// Counts `bytes` decoded from an inline file.
    pub(crate) fn spend_decoding(&self, bytes: usize) {
        self.decoded.set(self.decoded.get().saturating_add(u64::try_from(bytes).unwrap_or(u64::MAX)));
    }

    pub(crate) fn spend_folding(&self, bytes: usize) {
        let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
        self.fold_spent.set(self.fold_spent.get().saturating_add(bytes));
        self.fold_left.set(self.fold_left.get().saturating_sub(bytes));
    }

    /// True once [`MAX_FOLD_WORK`] bytes are counted: a list or a call reads no more values,
    /// and says so.
    #[inline]
    pub(crate) fn folding_spent(&self) -> bool {
        self.fold_left.get() == 0
    }

    /// Runs `f` with no suggestion scans (they find nothing and spend nothing): for a read
    /// whose ask is only looked at for its status and readings, never shown.
    pub(crate) fn quietly<R>(&self, f: impl FnOnce() -> R) -> R {
        with_flag(&self.quiet, f)
    }

    /// Runs `f` (a list's or a range's read) with its values read as parts of it: a text of
    /// several values asks as it did, with no reading of its own ([`crate::several`]).
    pub(crate) fn as_parts<R>(&self, f: impl FnOnce() -> R) -> R {
        with_flag(&self.parts, f)
    }

    /// This context with its reads as parts from the start (a date read as a range's bound).
    #[must_use]
    pub(crate) fn of_parts(self) -> Self {
        self.parts.set(true);
        self
    }

    /// True while a list's or a range's parts are read.
    #[inline]
    pub(crate) fn in_parts(&self) -> bool {
        self.parts.get()
    }
}

/// Runs `f` with `flag` set, and puts its value back after (also on unwinding).
fn with_flag<R>(flag: &Cell<bool>, f: impl FnOnce() -> R) -> R {
    /// Puts back the flag's value when dropped.
    struct Restore<'a>(&'a Cell<bool>, bool);

    impl Drop for Restore<'_> {
        fn drop(&mut self) {
            self.0.set(self.1);
        }
    }

    let _restore = Restore(flag, flag.replace(true));
    f()
}

/// A monotonic stopwatch for the server adapters' telemetry (the read's duration): the clock is
/// the process's, read here as every clock of the core is. Not for `wasm32-unknown-unknown`,
/// whose standard library has no clock (the JavaScript adapter measures with its own).
#[derive(Clone, Copy, Debug)]
pub struct Stopwatch(std::time::Instant);

impl Stopwatch {
    /// Starts it now.
    pub fn start() -> Self {
        Self(std::time::Instant::now())
    }

    /// Seconds since it started.
    pub fn seconds(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}
