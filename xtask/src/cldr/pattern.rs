//! CLDR date and time patterns: their pieces, literals, and letters glued to names.

use super::folds::key as word_key;
use serde_json::Value;

/// The quoted literals of a CLDR date pattern (`d MMMM y 'г'.` gives `г`; `''` is an
/// apostrophe inside or outside quotes).
pub(super) fn pattern_literals(pattern: &str) -> Vec<String> {
    let (mut out, mut current, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            if chars.peek() == Some(&'\'') {
                chars.next();
                if quoted {
                    current.push('\'');
                }
                continue;
            }
            if quoted && !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
            quoted = !quoted;
        } else if quoted {
            current.push(c);
        }
    }
    out
}

/// The pieces of a CLDR date pattern: fields (`MMMM` as `('M', 4)`) and the literal text
/// between them, quoted or not (an unquoted letter outside A-Z and a-z is literal: Hebrew
/// `d בMMMM y`); `''` is an apostrophe.
pub(super) enum Piece {
    Field(char, usize),
    Literal(String),
}

pub(super) fn pattern_pieces(pattern: &str) -> Vec<Piece> {
    let (mut out, mut literal, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = pattern.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            if chars.peek() == Some(&'\'') {
                chars.next();
                literal.push('\'');
            } else {
                quoted = !quoted;
            }
        } else if !quoted && c.is_ascii_alphabetic() {
            let mut n = 1;
            while chars.peek() == Some(&c) {
                chars.next();
                n += 1;
            }
            if !literal.is_empty() {
                out.push(Piece::Literal(std::mem::take(&mut literal)));
            }
            out.push(Piece::Field(c, n));
        } else {
            literal.push(c);
        }
    }
    if !literal.is_empty() {
        out.push(Piece::Literal(literal));
    }
    out
}

/// The letters a pattern glues to a month or weekday name with no space between (Hebrew
/// `בMMMM`, "in November"; Basque `MMMM'ren'`; Mongolian `MMMM'ын'`; Thai `EEEEที่`), folded.
#[derive(Default)]
pub(super) struct Glued {
    pub(super) month_prefixes: std::collections::BTreeSet<String>,
    pub(super) month_suffixes: std::collections::BTreeSet<String>,
    pub(super) weekday_suffixes: std::collections::BTreeSet<String>,
}

impl Glued {
    pub(super) fn add(&mut self, pieces: &[Piece]) {
        let letter = |c: char| c.is_alphabetic() || unicode_normalization::char::is_combining_mark(c);
        for (i, piece) in pieces.iter().enumerate() {
            let Piece::Field(field, n) = piece else { continue };
            let (month, weekday) = (matches!(field, 'M' | 'L'), matches!(field, 'E' | 'c'));
            if *n < 3 || !(month || weekday) {
                continue;
            }
            let before = i.checked_sub(1).and_then(|j| pieces.get(j));
            if let (true, Some(Piece::Literal(text))) = (month, before) {
                let start = text.char_indices().rev().find(|(_, c)| !letter(*c)).map_or(0, |(j, c)| j + c.len_utf8());
                if let Some(glued) = text.get(start..).filter(|g| !g.is_empty()) {
                    self.month_prefixes.insert(word_key(glued));
                }
            }
            if let Some(Piece::Literal(text)) = pieces.get(i + 1) {
                let end = text.char_indices().find(|(_, c)| !letter(*c)).map_or(text.len(), |(j, _)| j);
                if let Some(glued) = text.get(..end).filter(|g| !g.is_empty()) {
                    let set = if month { &mut self.month_suffixes } else { &mut self.weekday_suffixes };
                    set.insert(word_key(glued));
                }
            }
        }
    }
}

/// A locale's patterns: the four widths under `formats` (`/dateFormats`, `/timeFormats`), then
/// the available formats whose skeleton (without its `-alt-` suffix) `wanted` accepts.
pub(super) fn patterns<'a>(cal: &'a Value, formats: &str, wanted: impl Fn(&str) -> bool) -> Vec<&'a str> {
    let mut out: Vec<&str> = ["full", "long", "medium", "short"]
        .iter()
        .filter_map(|width| cal.pointer(&format!("{formats}/{width}")).and_then(Value::as_str))
        .collect();
    if let Some(available) = cal.pointer("/dateTimeFormats/availableFormats").and_then(Value::as_object) {
        for (skeleton, p) in available {
            if wanted(skeleton.split("-alt-").next().unwrap_or_default()) {
                out.extend(p.as_str());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{pattern_pieces, Glued};

    fn glued(patterns: &[&str]) -> Glued {
        let mut glued = Glued::default();
        for p in patterns {
            glued.add(&pattern_pieces(p));
        }
        glued
    }

    #[test]
    fn letters_glued_to_month_and_weekday_names() {
        let g = glued(&["EEEE, d בMMMM y", "y('e')'ko' MMMM'ren' d('a')", "EEEEที่ d MMMM G y"]);
        assert_eq!(g.month_prefixes.iter().collect::<Vec<_>>(), ["ב"]);
        assert_eq!(g.month_suffixes.iter().collect::<Vec<_>>(), ["ren"]);
        assert_eq!(g.weekday_suffixes.len(), 1);
        // Spaces, punctuation, numeric fields and short (numeric) months glue nothing.
        let none = glued(&["d MMMM y", "MMMM d, y", "EEEE, d. MMMM y", "d.M.y", "dd-MMM-y", "y年M月d日EEEE"]);
        assert!(none.month_prefixes.is_empty() && none.month_suffixes.is_empty() && none.weekday_suffixes.is_empty());
    }

    #[test]
    fn pattern_pieces_keep_quoted_and_unquoted_literals() {
        let pieces = pattern_pieces("d בMMMM y 'г'.");
        let literals: Vec<&str> = pieces
            .iter()
            .filter_map(|p| if let super::Piece::Literal(l) = p { Some(l.as_str()) } else { None })
            .collect();
        assert_eq!(literals, [" ב", " ", " г."]);
    }
}
