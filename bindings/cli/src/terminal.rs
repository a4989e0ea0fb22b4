//! Text from a server, a model or a file, made safe to print to a terminal: a tool name or a
//! result code holding ESC, OSC, `\r`, backspace or a bidi override could set the window title,
//! clear the screen, or make a `failed` cell read `ok`. Tables print it through [`visible`];
//! JSON and SARIF output stay exact.

use std::borrow::Cow;

/// `text` with every terminal control written as a visible `\u{…}` escape: the C0 and C1
/// controls (tab, newline and `\r` included), DEL, and the bidi controls (U+061C, U+200E/F,
/// U+202A–U+202E, U+2066–U+2069). Text without any is returned as it is, unallocated.
pub(crate) fn visible(text: &str) -> Cow<'_, str> {
    if !text.chars().any(hidden) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if hidden(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// True for a character a terminal acts on instead of showing: a C0 or C1 control, DEL (the
/// `Cc` category) or a bidi control.
fn hidden(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{061c}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::visible;

    #[test]
    fn controls_and_bidi_are_escaped_and_the_rest_kept() {
        assert!(matches!(visible("search_decisions Ústí"), std::borrow::Cow::Borrowed(_)));
        assert_eq!(visible("a\u{1b}]0;title\u{7}b"), "a\\u{1b}]0;title\\u{7}b");
        assert_eq!(visible("ok\r\u{8}\u{7f}\u{9b}\t\n"), "ok\\u{d}\\u{8}\\u{7f}\\u{9b}\\u{9}\\u{a}");
        assert_eq!(
            visible("\u{202e}ko\u{2066}\u{2069}\u{200e}\u{200f}\u{61c}"),
            "\\u{202e}ko\\u{2066}\\u{2069}\\u{200e}\\u{200f}\\u{61c}"
        );
        assert_eq!(visible("\u{0}"), "\\u{0}");
    }
}
