//! Shared folding helpers every kind uses before its own grammar: whitespace and quotes,
//! digits and minus signs, case and diacritics. They repair *spelling*, never meaning.

pub(crate) mod digits;
pub(crate) mod fold;
pub(crate) mod suggest;

/// Invisible characters a model or a copy-paste leaves in a value.
const fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{00ad}')
}

/// Characters that are whitespace or invisible at the edges of a value.
pub(crate) fn is_edge_space(c: char) -> bool {
    c.is_whitespace() || is_invisible(c) || c.is_control()
}

/// Removes surrounding whitespace and invisible characters.
pub(crate) fn trim(s: &str) -> &str {
    s.trim_matches(is_edge_space)
}

/// Pairs of quotation marks a value may be wrapped in.
const QUOTE_PAIRS: &[(char, char)] = &[
    ('"', '"'),
    ('\'', '\''),
    ('`', '`'),
    ('\u{201c}', '\u{201d}'), // “ ”
    ('\u{201e}', '\u{201c}'), // „ “
    ('\u{201e}', '\u{201d}'), // „ ”
    ('\u{2018}', '\u{2019}'), // ‘ ’
    ('\u{201a}', '\u{2018}'), // ‚ ‘
    ('\u{00ab}', '\u{00bb}'), // « »
    ('\u{00bb}', '\u{00ab}'), // » «
    ('\u{300c}', '\u{300d}'), // 「 」
];

/// Removes one pair of surrounding quotation marks (and the whitespace inside them).
pub(crate) fn unquote(s: &str) -> Option<&str> {
    let mut chars = s.chars();
    let first = chars.next()?;
    let last = chars.next_back()?;
    QUOTE_PAIRS
        .iter()
        .any(|&(open, close)| first == open && last == close)
        .then(|| trim(&s[first.len_utf8()..s.len() - last.len_utf8()]))
}

/// What cleaning the edges of a string did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Edges {
    /// Whitespace or invisible characters were removed.
    pub trimmed: bool,
    /// A pair of quotation marks was removed.
    pub unquoted: bool,
}

/// Trims the edges and removes surrounding quotes, saying what it did.
pub(crate) fn clean_edges(s: &str) -> (&str, Edges) {
    let trimmed = trim(s);
    let mut edges = Edges { trimmed: trimmed.len() != s.len(), unquoted: false };
    match unquote(trimmed) {
        Some(inner) => {
            edges.unquoted = true;
            (inner, edges)
        }
        None => (trimmed, edges),
    }
}

/// Characters counted the way bounds are stated to the caller.
pub(crate) fn char_count(s: &str) -> usize {
    s.chars().count()
}

/// True when `s` has more than `max` characters, without counting past `max`.
pub(crate) fn longer_than(s: &str, max: usize) -> bool {
    s.len() > max && s.chars().nth(max).is_some()
}

/// One step of a grammar: runs a nom parser on the rest of the input and hands back the rest
/// and the value, or `None` (the grammars of this crate name their own failures; nom's error
/// kinds never reach a message).
pub(crate) fn step<'a, O>(
    mut parser: impl nom::Parser<&'a str, Output = O, Error = ()>,
    input: &'a str,
) -> Option<(&'a str, O)> {
    parser.parse(input).ok()
}
