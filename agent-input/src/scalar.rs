//! Shared steps of the scalar kinds: the length bound and the one-item array.

use crate::codes::{AskCode, NoteCode};
use crate::input::Input;
use crate::outcome::{Ask, Note, Outcome};
use crate::spelling;

/// The ask for an input over `max` characters, stating the bound.
pub(crate) fn too_long(input: &Input<'_>, max: usize) -> Ask {
    let len = match input {
        Input::String(s) => spelling::char_count(s),
        _ => input.to_json_text().chars().count(),
    };
    too_long_value(input, max, len)
}

/// The ask for a value of `len` characters over `max`, stating the bound.
pub(crate) fn too_long_value(input: &Input<'_>, max: usize, len: usize) -> Ask {
    Ask::new(
        AskCode::InputTooLong,
        input,
        format!("at most {max} characters"),
        format!("shortened to at most {max} characters (this value has {len})"),
    )
}

/// The ask for a JSON type the kind cannot read: `expected` names the kind's shape ("a uuid as a
/// JSON string"), `fix` the corrective value.
pub(crate) fn unexpected(input: &Input<'_>, expected: &str, fix: &str) -> Ask {
    Ask::new(AskCode::UnexpectedType, input, format!("{expected}, not {}", input.type_name()), fix)
}

/// A one-item array sent for a scalar reads as its item, with a note. `None` for other arrays.
pub(crate) fn unwrap_single<T>(input: &Input<'_>, read: impl FnOnce(Input<'_>) -> Outcome<T>) -> Option<Outcome<T>> {
    let Input::Array([item]) = input else { return None };
    if matches!(item, serde_json::Value::Array(_) | serde_json::Value::Object(_)) {
        return None;
    }
    let mut inner = read(Input::from(item));
    if let crate::Status::Ask { ask } = &mut inner.status {
        ask.received = input.to_value();
    }
    let note = Note::new(
        NoteCode::SingleItemUnwrapped,
        format!("Read {} as its single item {}.", input.to_json_text(), Input::from(item).to_json_text()),
    );
    Some(Outcome { notes: std::iter::once(note).chain(inner.notes).collect(), ..inner })
}
