//! What reading an argument object gives: its arguments, notes, warnings and issues, under
//! the call's caps and its budget of values.

use serde_json::{Map, Value};

use super::envelope::Issue;
use crate::codes::{AskCode, WarningCode};
use crate::context::Context;
use crate::hint::Fix;
use crate::input::Input;
use crate::json::Duplicate;
use crate::limits::{MAX_FOLD_WORK, MAX_ISSUES, MAX_NOTES, MAX_VALUES_PER_CALL, MAX_WARNINGS};
use crate::outcome::{received_cut, Note, Outcome, Status, Warning};

/// The notes a call makes room for at its first note: a call repaired in every property of
/// a usual tool (a dozen) fits without growing.
const NOTES_AT_ONCE: usize = 16;

/// What reading an argument object gives.
pub(crate) struct Read<'c> {
    /// The call's context: its suggestion and folding budgets, shared by every value read.
    pub cx: &'c Context<'c>,
    pub args: Map<String, Value>,
    pub notes: Vec<Note>,
    pub warnings: Vec<Warning>,
    pub issues: Vec<Issue>,
    /// How many more values the call may read ([`MAX_VALUES_PER_CALL`]).
    pub(super) values_left: usize,
    /// The issue saying the call holds too many values was made.
    pub(super) over: bool,
    /// Notes and warnings past their caps, counted rather than kept.
    pub(super) dropped: (usize, usize),
}

impl<'c> Read<'c> {
    /// An empty read of a whole call in `cx`.
    pub(crate) fn call(cx: &'c Context<'c>) -> Self {
        Self {
            cx,
            args: Map::new(),
            notes: Vec::new(),
            warnings: Vec::new(),
            issues: Vec::new(),
            values_left: MAX_VALUES_PER_CALL,
            over: false,
            dropped: (0, 0),
        }
    }

    /// An empty read of a nested object, sharing this read's budget of values.
    pub(super) fn nested(&self) -> Self {
        Self { values_left: self.values_left, over: self.over, ..Self::call(self.cx) }
    }

    /// Takes a nested read's notes, warnings and issues, and its budget; true when it had no
    /// issue.
    pub(super) fn absorb(&mut self, nested: Self) -> (bool, Map<String, Value>) {
        let ok = nested.issues.is_empty();
        for note in nested.notes {
            self.note(note);
        }
        for warning in nested.warnings {
            self.warn(|| warning);
        }
        self.issues.extend(nested.issues);
        (self.values_left, self.over) = (nested.values_left, nested.over);
        self.dropped = (self.dropped.0 + nested.dropped.0, self.dropped.1 + nested.dropped.1);
        (ok, nested.args)
    }

    /// Keeps a note, or counts it past [`MAX_NOTES`].
    pub(super) fn note(&mut self, note: Note) {
        if self.notes.len() < MAX_NOTES {
            if self.notes.capacity() == 0 {
                // Room for a repaired call's notes at once, not grown from four by doubling.
                self.notes.reserve(NOTES_AT_ONCE);
            }
            self.notes.push(note);
        } else {
            self.dropped.0 += 1;
        }
    }

    /// Keeps a warning (made only when it is kept), or counts it past [`MAX_WARNINGS`].
    pub(super) fn warn(&mut self, make: impl FnOnce() -> Warning) {
        if self.warnings.len() < MAX_WARNINGS {
            self.warnings.push(make());
        } else {
            self.dropped.1 += 1;
        }
    }

    /// A warning for each key the arguments held twice, naming both values.
    pub(crate) fn duplicate_keys(&mut self, duplicates: &[Duplicate]) {
        for d in duplicates {
            let mut w = Warning::new(
                WarningCode::DuplicateProperty,
                format!(
                    "The key `{}` was sent twice; read {} and ignored {}.",
                    d.path,
                    Input::from(&d.read).to_json_text(),
                    Input::from(&d.ignored).to_json_text()
                ),
                vec![Input::from(&d.ignored).received().0, Input::from(&d.read).received().0],
            );
            w.path = Some(d.path.clone());
            self.warn(|| w);
        }
    }

    /// Keeps at most [`MAX_ISSUES`] issues, [`MAX_WARNINGS`] warnings and [`MAX_NOTES`] notes;
    /// the last of each counts the rest.
    pub(crate) fn cap(&mut self, tool: &str) {
        if self.issues.len() > MAX_ISSUES {
            // Issues of arguments (the call cannot run) come before issues of entries.
            self.issues.sort_by_key(|i| i.entry);
            let rest = self.issues.split_off(MAX_ISSUES - 1);
            let entry = rest.iter().all(|i| i.entry);
            let first = rest.first().map(|i| i.path.clone()).unwrap_or_default();
            self.issues.push(Issue::more(tool, rest.len(), &first, entry));
        }
        crate::outcome::cap_warnings(&mut self.warnings, self.dropped.1, "call");
        crate::outcome::cap_notes(&mut self.notes, self.dropped.0, "call");
    }

    /// Adds an issue; a `received` cut to its first bytes gets its note, at the issue's path.
    pub(super) fn report(&mut self, issue: Issue) {
        if let Some(total) = issue.cut_from {
            let mut note = received_cut(total);
            note.path = Some(issue.path.clone());
            self.note(note);
        }
        self.issues.push(issue);
    }

    /// Takes `n` values from the call's budget; false, with one issue the first time, when the
    /// call holds more than [`MAX_VALUES_PER_CALL`].
    #[inline]
    pub(super) fn take_values(&mut self, n: usize, tool: &str, path: &str) -> bool {
        if self.cx.folding_spent() {
            self.over_work(tool, path);
            return false;
        }
        if let Some(left) = self.values_left.checked_sub(n) {
            self.values_left = left;
            return true;
        }
        self.over_budget(tool, path);
        false
    }

    /// The issue of [`Self::take_values`] past the budget, made once.
    #[cold]
    fn over_budget(&mut self, tool: &str, path: &str) {
        if !self.over {
            self.over = true;
            let expected =
                format!("at most {MAX_VALUES_PER_CALL} values in one call; the values from `{path}` on were not read");
            let fix = Fix::set(format!("split into several calls of at most {MAX_VALUES_PER_CALL} values each"));
            self.report(Issue::new(tool, path, (AskCode::TooManyItems, &Input::Null), expected, fix, false));
        }
    }

    /// Runs a read; once the call holds [`MAX_ISSUES`] issues, with no suggestion scans: its
    /// ask is only counted in the last issue, never shown, so it names no nearest value.
    #[inline]
    pub(super) fn quiet<R>(&self, read: impl FnOnce() -> R) -> R {
        if self.issues.len() >= MAX_ISSUES {
            self.cx.quietly(read)
        } else {
            read()
        }
    }

    /// The issue of [`Self::take_values`] once the call has folded [`MAX_FOLD_WORK`] bytes,
    /// made once.
    #[cold]
    pub(super) fn over_work(&mut self, tool: &str, path: &str) {
        if !self.over {
            self.over = true;
            let expected = format!(
                "values that fold to at most {MAX_FOLD_WORK} bytes of text in one call; the values from `{path}` on were not read"
            );
            let fix = Fix::set(format!("split into several calls, the values from `{path}` on in the next"));
            self.report(Issue::new(tool, path, (AskCode::InputTooLong, &Input::Null), expected, fix, false));
        }
    }

    /// Keeps an outcome's notes and warnings at `path` (a part they name, such as a range's
    /// `from`, is joined to it: `period.from`) and hands back its status.
    #[inline]
    pub(super) fn gather<T>(&mut self, out: Outcome<T>, path: &str) -> Status<T> {
        if out.notes.is_empty() && out.warnings.is_empty() {
            return out.status; // a canonical value: nothing to keep
        }
        self.keep(out, path)
    }

    /// [`Self::gather`] of an outcome with notes or warnings.
    fn keep<T>(&mut self, out: Outcome<T>, path: &str) -> Status<T> {
        let Outcome { status, notes, warnings } = out;
        let under = |sub: Option<String>| Some(sub.map_or_else(|| path.to_owned(), |sub| join(path, &sub)));
        for mut n in notes {
            n.path = under(n.path.take());
            self.note(n);
        }
        for mut w in warnings {
            w.path = under(w.path.take());
            self.warn(|| w);
        }
        status
    }
}

/// The path of `name` inside the object at `prefix` (the root's is the name).
pub(super) fn join(prefix: &str, name: &str) -> String {
    if prefix.is_empty() {
        name.to_owned()
    } else {
        format!("{prefix}.{name}")
    }
}
