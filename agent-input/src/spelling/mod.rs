//! Shared folding helpers every kind uses before its own grammar: whitespace and quotes,
//! digits and minus signs, case and diacritics. They repair *spelling*, never meaning.

use unicode_normalization::{is_nfc_quick, IsNormalized, UnicodeNormalization};

pub(crate) mod bytes;
pub(crate) mod digits;
pub(crate) mod fold;
pub(crate) mod key;
pub(crate) mod languages;
pub(crate) mod suggest;

/// Invisible characters a model or a copy-paste leaves in a value: zero-width characters and
/// soft hyphens, and the direction marks ([`is_direction_mark`]).
const fn is_invisible(c: char) -> bool {
    matches!(c, '\u{200b}' | '\u{200c}' | '\u{200d}' | '\u{2060}' | '\u{feff}' | '\u{00ad}') || is_direction_mark(c)
}

/// What a matching key leaves out: [`is_invisible`] and [`is_presentation_mark`] characters
/// (below U+200B, where every letter of most scripts is, only the soft hyphen and the Arabic
/// letter mark).
pub(crate) const fn is_ignored_in_keys(c: char) -> bool {
    if (c as u32) < 0x200b {
        return matches!(c, '\u{00ad}' | '\u{061c}');
    }
    is_invisible(c) || is_presentation_mark(c)
}

/// What only changes how a symbol is drawn: variation selectors (`✔️` is `✔` drawn as an
/// emoji) and the emoji skin tones (`👍🏽`). Matching keys leave them out; text keeps them.
const fn is_presentation_mark(c: char) -> bool {
    matches!(c, '\u{fe00}'..='\u{fe0f}' | '\u{e0100}'..='\u{e01ef}' | '\u{1f3fb}'..='\u{1f3ff}')
}

/// The bidirectional marks, embeddings and isolates (U+200E, U+200F, U+061C, U+202A to
/// U+202E, U+2066 to U+2069): right-to-left interfaces write them into dates and numbers they
/// format (`23\u{200f}/11\u{200f}/2026`), and they carry no meaning in a code, number or date.
pub(crate) const fn is_direction_mark(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// A Han ideograph (the unified blocks and the compatibility ideographs), as Chinese and
/// Japanese numbers write them (`三`, `百`, `萬`).
pub(crate) fn is_han(c: char) -> bool {
    ('\u{3400}'..='\u{9fff}').contains(&c) || ('\u{f900}'..='\u{faff}').contains(&c)
}

/// English's ordinal endings (`1st`, `2nd`, `3rd`, `4th`).
pub(crate) const ORDINAL_ENDINGS: [&str; 4] = ["st", "nd", "rd", "th"];

/// English's ordinal ending of `n`: `st`, `nd`, `rd` after 1, 2, 3 (not 11 to 13), else `th`.
pub(crate) fn ordinal_ending(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// Characters that are whitespace or invisible at the edges of a value.
pub(crate) fn is_edge_space(c: char) -> bool {
    c.is_whitespace() || is_invisible(c) || c.is_control()
}

/// Removes surrounding whitespace and invisible characters.
pub(crate) fn trim(s: &str) -> &str {
    // An edge that is a visible ASCII character (nearly every value's) has nothing to trim:
    // no character to decode and classify there.
    let visible = |b: Option<&u8>| b.is_some_and(u8::is_ascii_graphic);
    let s = if visible(s.as_bytes().first()) { s } else { s.trim_start_matches(is_edge_space) };
    if visible(s.as_bytes().last()) {
        s
    } else {
        s.trim_end_matches(is_edge_space)
    }
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

/// The sign (`-` or `+`) that starts `s` glued to a letter (`-date`, `+name`, `-NSS`): a sort's
/// direction or a search's exclusion, which a key's fold would leave out. `None` for any other
/// text (`- civil`, a bullet; `-5`, a number).
pub(crate) fn glued_sign(s: &str) -> Option<char> {
    // Most texts start with a visible character other than a sign: no character decoded.
    if s.as_bytes().first().is_some_and(|&b| b.is_ascii_graphic() && b != b'-' && b != b'+') {
        return None;
    }
    let mut chars = s.trim_start().chars();
    let sign = chars.next().filter(|c| matches!(c, '-' | '+'))?;
    chars.next().is_some_and(char::is_alphabetic).then_some(sign)
}

/// The byte offsets of `needle` in `haystack`, left to right and not overlapping, as
/// `str::match_indices` gives them, without building a searcher: the readers look for dozens
/// of short separators in texts of a few dozen bytes, where making a two-way searcher for each
/// costs more than the search. A match of valid UTF-8 in valid UTF-8 starts on a character
/// boundary. An empty `needle` matches nowhere (no list of separators holds one).
pub(crate) fn match_offsets<'a>(haystack: &'a str, needle: &'a str) -> impl Iterator<Item = usize> + 'a {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    let mut from = 0;
    std::iter::from_fn(move || {
        let &first = n.first()?;
        while let Some(rest) = h.get(from..) {
            let i = from + rest.iter().position(|&b| b == first)?;
            if h.get(i..).is_some_and(|r| r.starts_with(n)) {
                from = i + n.len();
                return Some(i);
            }
            from = i + 1;
        }
        None
    })
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

/// What [`plain`] did to a spelling.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Plain {
    /// The spelling without invisible characters inside it, with fullwidth forms as ASCII,
    /// composed (NFC).
    pub text: String,
    /// Zero-width characters or soft hyphens inside the value were removed.
    pub invisible: bool,
    /// Direction marks ([`is_direction_mark`]) inside the value were removed.
    pub marks: bool,
    /// Fullwidth letters or punctuation (U+FF01 to U+FF5E, U+3000) were read as ASCII: their
    /// compatibility decomposition (NFKC), and nothing wider (`²` stays `²`). Fullwidth digits
    /// are left to the kinds that read digits of every script.
    pub fullwidth: bool,
    /// Decomposed letters (NFD) were composed (NFC).
    pub composed: bool,
}

/// True when every character of the UTF-8 `bytes` is below U+0300 and none is the soft hyphen
/// (what [`plain`] leaves as it is without a look at each character); a test compares it with
/// the characters' own check.
fn below_combining_marks_plain(bytes: &[u8]) -> bool {
    // No branch a byte (compiled to vector compares); the pairs are looked at only in text
    // with a lead byte C2 (U+0080 to U+00BF: rare in names and dates), not for every `í`
    // (C3 AD) whose second byte the soft hyphen shares.
    let (high, c2) = bytes.iter().fold((false, false), |(high, c2), &b| (high | (b >= 0xcc), c2 | (b == 0xc2)));
    !high && (!c2 || !bytes.windows(2).any(|pair| pair == [0xc2, 0xad]))
}

/// The plain spelling of a code-like value (a number, a code, a date, a name), when it has
/// characters that carry no meaning there: `None` for ASCII and for text already plain.
/// Invisible characters at the edges are the edges' business ([`clean_edges`]).
pub(crate) fn plain(s: &str) -> Option<Plain> {
    if s.is_ascii() {
        return None;
    }
    // Most non-ASCII values ("Česko", "1. října") need nothing: find out without a copy. Below
    // the combining marks (U+0300) every character is composed already (a test checks each)
    // and only the soft hyphen is special: Latin text with nothing special anywhere is answered
    // in one pass over its bytes, with no character decoded (a byte from 0xCC up starts a
    // character from U+0300 up; the soft hyphen U+00AD is the bytes C2 AD).
    if below_combining_marks_plain(s.as_bytes()) {
        return None;
    }
    let special = |c: char| is_invisible(c) || matches!(c, '\u{ff01}'..='\u{ff5e}' | '\u{3000}');
    let inner = trim(s);
    if !inner.chars().any(|c| special(c) && !matches!(c, '\u{ff10}'..='\u{ff19}'))
        && is_nfc_quick(s.chars()) == IsNormalized::Yes
    {
        return None;
    }
    let mut out = Plain::default();
    let mut text = String::with_capacity(s.len());
    text.push_str(s.get(..s.len() - s.trim_start_matches(is_edge_space).len()).unwrap_or_default());
    for c in inner.chars() {
        match c {
            c if is_direction_mark(c) => out.marks = true,
            c if is_invisible(c) => out.invisible = true,
            // Fullwidth digits are digits: the kinds that read digits read every script's.
            '\u{ff10}'..='\u{ff19}' => text.push(c),
            '\u{ff01}'..='\u{ff5e}' | '\u{3000}' => {
                out.fullwidth = true;
                text.extend(std::iter::once(c).nfkc());
            }
            c => text.push(c),
        }
    }
    text.push_str(s.get(s.trim_end_matches(is_edge_space).len()..).unwrap_or_default());
    if is_nfc_quick(text.chars()) != IsNormalized::Yes {
        let composed: String = text.nfc().collect();
        out.composed = composed != text;
        text = composed;
    }
    out.text = text;
    (out.invisible || out.marks || out.fullwidth || out.composed).then_some(out)
}

#[cfg(test)]
mod tests {
    use unicode_normalization::{is_nfc_quick, IsNormalized};

    /// Direction marks inside a value are removed (and said apart from the zero-width
    /// characters); at its edges they are edge space.
    #[test]
    fn direction_marks_are_plain_invisible_characters() {
        let plain = super::plain("23\u{200f}/11\u{200f}/2026").expect("marks inside");
        assert_eq!((plain.text.as_str(), plain.marks, plain.invisible), ("23/11/2026", true, false));
        let both = super::plain("1\u{200e}2\u{200b}3").expect("both kinds");
        assert_eq!((both.text.as_str(), both.marks, both.invisible), ("123", true, true));
        for c in ['\u{200e}', '\u{200f}', '\u{61c}', '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}'] {
            assert_eq!(super::trim(&format!("{c}CZ{c}")), "CZ", "{c:?}");
        }
        assert!(super::plain("Česko").is_none());
    }

    /// The ASCII-edge shortcut trims as `trim_matches` does: every pair of edge characters
    /// from a set of spaces, invisibles, controls, ASCII and other letters, around a word.
    #[test]
    fn trim_equals_trim_matches() {
        let edges = [
            "", " ", "\t", "\n", "\u{a0}", "\u{200b}", "\u{feff}", "\u{ad}", "\u{7f}", "\u{1}", "\u{3000}", "a", "Z",
            "~", "!", "0", "Č", "ř", "\u{301}", "語", "\u{2028}",
        ];
        for a in edges {
            for b in edges {
                for c in edges {
                    for word in ["", "x", "Praha", " a b "] {
                        let s = format!("{a}{c}{word}{c}{b}");
                        assert_eq!(super::trim(&s), s.trim_matches(super::is_edge_space), "{s:?}");
                    }
                }
            }
        }
    }

    /// The byte check says what the characters' own check says: for every character alone,
    /// and for each beside the soft hyphen's bytes' neighbours (`¬` is C2 AC, `í` C3 AD).
    #[test]
    fn the_byte_check_equals_the_characters_check() {
        let by_chars = |s: &str| s.chars().all(|c| c < '\u{300}' && !super::is_invisible(c));
        let around = ['a', '\u{ac}', '\u{ad}', '\u{c2}', '\u{ed}', '\u{2ff}', '\u{300}', '\u{200b}', '語'];
        for c in (0..=0x10ffff).filter_map(char::from_u32) {
            let alone = c.to_string();
            assert_eq!(super::below_combining_marks_plain(alone.as_bytes()), by_chars(&alone), "{c:?}");
            if (c as u32) < 0x800 {
                for d in around {
                    for s in [format!("{c}{d}"), format!("{d}{c}")] {
                        assert_eq!(super::below_combining_marks_plain(s.as_bytes()), by_chars(&s), "{s:?}");
                    }
                }
            }
        }
    }

    /// What [`super::plain`] relies on to skip the normalisation tables.
    #[test]
    fn every_character_below_the_combining_marks_is_composed() {
        for c in '\0'..'\u{300}' {
            assert_eq!(is_nfc_quick(std::iter::once(c)), IsNormalized::Yes, "{c:?}");
        }
    }

    proptest::proptest! {
        /// The offsets are `match_indices`'s, in texts of repeated, overlapping and multi-byte
        /// separators.
        #[test]
        fn match_offsets_are_match_indices(
            text in "[a –~至.-]{0,16}",
            needle in "[a –~至.-]{1,4}",
        ) {
            let ours: Vec<usize> = super::match_offsets(&text, &needle).collect();
            let std: Vec<usize> = text.match_indices(needle.as_str()).map(|(i, _)| i).collect();
            proptest::prop_assert_eq!(ours, std);
        }
    }
}
