//! Reads a spelling into tokens: numbers (with an ordinal suffix: `1st`, `1er`), words (as
//! their keys, several words of one month's or weekday's name joined: `dydd llun`) and
//! separators; e.g. `1. října 2026` is `1`, `.`, ` `, `rijna`, ` `, `2026`. Also the filler
//! words that carry no date meaning (`de` of `1 de octubre de 2026`) and the words' byte spans.

use smallvec::SmallVec;
use unicode_normalization::char::is_combining_mark;

use crate::data::dates::{ORDINAL_WORDS, PATTERN_WORDS};

use super::words::{months_of, weekday_of, word_key};

/// A token of a spelling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token<'a> {
    Num { digits: &'a str, ordinal: bool },
    Word(String),
    Sep(char),
}

/// The tokens of a spelling: a date has a handful, kept on the stack.
pub(super) type Tokens<'a> = SmallVec<[Token<'a>; 12]>;

/// Words that carry no date meaning between the parts ("1 de octubre de 2026", "the 1st of").
pub(super) const DATE_FILLERS: &[&str] =
    &["de", "del", "of", "the", "le", "den", "dne", "am", "el", "il", "on", "der", "du", "van"];

/// Words for "in" before a month, as English, Czech, German, French and Polish write them (`the
/// first Tuesday in October`, `zweiter Montag im Oktober`).
pub(super) const MONTH_PREPOSITIONS: [&str; 5] = ["in", "v", "im", "en", "w"];

/// A word with no date meaning: a [`DATE_FILLERS`] word, or one the CLDR date patterns write
/// around the numbers (`г.` after a Russian year, `gada`, the era `n. Chr.`).
pub(super) fn is_filler(word: &str) -> bool {
    DATE_FILLERS.contains(&word) || PATTERN_WORDS.get(word).is_some()
}

/// Ordinal suffixes after a day number.
pub(super) const ORDINALS: &[&str] =
    &["st", "nd", "rd", "th", "er", "e", "eme", "o", "a", "\u{ba}", "\u{aa}", "\u{b0}"];

/// The most letters of a day's ordinal ending read after its digits ([`ordinal_ending_len`]).
const MAX_ORDINAL_ENDING: usize = 4;

/// The length of a day's ordinal ending at the start of `after` (the text after the day's
/// `digits`): two to [`MAX_ORDINAL_ENDING`] letters, directly or after a hyphen or apostrophe,
/// that end a word of [`ORDINAL_WORDS`] naming that day in some language (`ci` of Polish
/// `trzeci` after `3`, `tego` of `dziesiątego` after `10`), and name no month or weekday
/// (`1-Mar`). The ordinal words are scanned: a cold path, once per such number.
#[cold]
fn ordinal_ending_len(digits: &str, after: &str) -> Option<usize> {
    let mark = after.chars().next().filter(|c| matches!(c, '-' | '\'' | '\u{2019}')).map_or(0, char::len_utf8);
    let letters = after.get(mark..)?;
    // Most numbers have no letter after them (`1. 10. 2026`): nothing to look up.
    if !letters.chars().next().is_some_and(is_letter) {
        return None;
    }
    let day: u8 = digits.parse().ok().filter(|d| (1..=31).contains(d) && digits.len() <= 2)?;
    let len = letters.char_indices().find(|(_, c)| !is_letter(*c)).map_or(letters.len(), |(i, _)| i);
    let written = letters.get(..len)?;
    if !(2..=MAX_ORDINAL_ENDING).contains(&written.chars().count()) {
        return None;
    }
    let ending = word_key(written);
    if !(2..=MAX_ORDINAL_ENDING).contains(&ending.chars().count())
        || !months_of(&ending).is_empty()
        || weekday_of(&ending).is_some()
    {
        return None;
    }
    let bytes = ending.as_bytes();
    ORDINAL_WORDS.any(|word, n| n == day && word.ends_with(bytes)).then_some(mark + len)
}

/// `char::is_alphabetic`, with Latin-1 and Latin Extended-A and B answered without the
/// Unicode tables (a test compares every character below U+0800).
fn is_letter(c: char) -> bool {
    match c {
        'a'..='z' | 'A'..='Z' => true,
        '\0'..='\u{7f}' => false,
        '\u{c0}'..='\u{24f}' => c != '\u{d7}' && c != '\u{f7}',
        _ => c.is_alphabetic(),
    }
}

pub(super) fn tokens(text: &str) -> Tokens<'_> {
    let mut out = Tokens::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_digit() {
            let end = rest.bytes().position(|b| !b.is_ascii_digit()).unwrap_or(rest.len());
            let (digits, after) = rest.split_at(end);
            // An ordinal suffix directly after the digits: 1st, 2nd, 1er, 1º, 1°.
            let suffix_len = after
                .char_indices()
                .find(|(_, c)| !(is_letter(*c) || matches!(c, '\u{ba}' | '\u{aa}' | '\u{b0}')))
                .map_or(after.len(), |(i, _)| i);
            let suffix = after.get(..suffix_len).unwrap_or_default();
            let listed = !suffix.is_empty()
                && if suffix.is_ascii() {
                    ORDINALS.iter().any(|o| o.eq_ignore_ascii_case(suffix))
                } else {
                    ORDINALS.contains(&suffix.to_lowercase().as_str())
                };
            // Or the ending of the day's ordinal word, glued or after a hyphen or apostrophe
            // (Polish `3ci`, `10-tego`, Turkish `3'üncü`).
            let ending = if listed { None } else { ordinal_ending_len(digits, after) };
            let ordinal = listed || ending.is_some();
            rest = match ending {
                Some(len) => after.get(len..).unwrap_or_default(),
                None if listed => after.get(suffix_len..).unwrap_or_default(),
                None => after,
            };
            out.push(Token::Num { digits, ordinal });
        } else if is_letter(c) {
            // Letters and their marks (the Devanagari nukta), apostrophes, and hyphens between
            // letters ("segunda-feira").
            let mut end = rest.len();
            let mut chars = rest.char_indices().peekable();
            while let Some((i, c)) = chars.next() {
                let in_word = is_letter(c)
                    || is_combining_mark(c)
                    || matches!(c, '\'' | '\u{2019}' | '\u{5f3}' | '\u{5f4}' | '\u{200c}' | '\u{200d}')
                    || (c == '-' && chars.peek().is_some_and(|(_, n)| is_letter(*n)));
                if !in_word {
                    end = i;
                    break;
                }
            }
            let (word, after) = rest.split_at(end);
            out.push(Token::Word(word_key(word)));
            rest = after;
        } else {
            if c.is_whitespace() {
                if !matches!(out.last(), Some(Token::Sep(_))) {
                    out.push(Token::Sep(' '));
                }
            } else {
                // A separator after a space replaces it: "1 . 10" reads like "1.10".
                if matches!(out.last(), Some(Token::Sep(' '))) {
                    out.pop();
                }
                out.push(Token::Sep(c));
            }
            rest = rest.get(c.len_utf8()..).unwrap_or_default();
        }
    }
    join_names(&mut out);
    out
}

/// The most numbers and separators [`numbers_only`] reads: more is no date of the numeric
/// grammar, and the general reading answers for it.
const MAX_NUMBERS: usize = 4;
const MAX_SEPARATORS: usize = 8;

/// Calls `f` with the numbers and separators of a spelling of ASCII digits, points, slashes,
/// hyphens and spaces only (`1. 10. 2026`, `13/02/2026`), read in one pass as [`tokens`] and
/// then [`strip_weekday_and_fillers`](super::names::strip_weekday_and_fillers) read them:
/// spaces collapse into one separator, which a point, slash or hyphen after it replaces; the
/// separators before the first number go, and points and spaces after the last. `None` for any
/// other spelling, or one of more than [`MAX_NUMBERS`] numbers or [`MAX_SEPARATORS`] separators
/// (a test compares the two readings).
pub(super) fn numbers_only<'t, T>(text: &'t str, f: impl FnOnce(&[(&'t str, bool)], &[char]) -> T) -> Option<T> {
    let bytes = text.as_bytes();
    if !bytes.iter().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'/' | b'-' | b' ')) {
        return None;
    }
    let (mut nums, mut n) = ([("", false); MAX_NUMBERS], 0);
    let (mut seps, mut s) = (['\0'; MAX_SEPARATORS], 0);
    // `tail`: the separators kept since the last number; `space`: the last one is a space.
    let (mut i, mut tail, mut space) = (0usize, 0usize, false);
    while let Some(&b) = bytes.get(i) {
        i += 1;
        if b.is_ascii_digit() {
            let run = bytes.get(i..).map_or(0, |rest| rest.iter().take_while(|b| b.is_ascii_digit()).count());
            *nums.get_mut(n)? = (text.get(i - 1..i + run)?, false);
            (n, i, tail, space) = (n + 1, i + run, 0, false);
        } else if n == 0 {
            // Before the first number: every separator goes.
        } else if b == b' ' {
            if tail == 0 {
                *seps.get_mut(s)? = ' ';
                (s, tail, space) = (s + 1, 1, true);
            }
        } else {
            // A point, slash or hyphen replaces the space before it.
            let at = if space { s - 1 } else { s };
            *seps.get_mut(at)? = char::from(b);
            (s, tail, space) = (at + 1, if space { tail } else { tail + 1 }, false);
        }
    }
    // After the last number, points and spaces go from the end, up to a slash or hyphen.
    while tail > 0 && s > 0 && matches!(seps.get(s - 1), Some('.' | ' ')) {
        (s, tail) = (s - 1, tail - 1);
    }
    Some(f(nums.get(..n)?, seps.get(..s)?))
}

/// The most words a month or weekday name has ("ojo aje", "dydd llun").
const MAX_NAME_WORDS: usize = 4;

/// Joins words that together are one month or weekday name (Yoruba "ojo aje", Welsh
/// "dydd llun", Thai "พ.ค."): the longest run of words, separated by single spaces or points,
/// whose key a table has.
/// In place: the tokens (a few hundred bytes on the stack) are not moved when nothing joins.
fn join_names(tokens: &mut Tokens<'_>) {
    let joinable = tokens.windows(3).any(|w| matches!(w, [Token::Word(_), Token::Sep(' ' | '.'), Token::Word(_)]));
    if !joinable {
        return;
    }
    let mut out = Tokens::new();
    let mut i = 0;
    while let Some(token) = tokens.get(i) {
        let mut best: Option<(String, usize)> = None;
        if let Token::Word(first) = token {
            let mut key = first.clone();
            let mut j = i;
            for _ in 1..MAX_NAME_WORDS {
                let (Some(Token::Sep(sep @ (' ' | '.'))), Some(Token::Word(next))) =
                    (tokens.get(j + 1), tokens.get(j + 2))
                else {
                    break;
                };
                key.push(*sep);
                key.push_str(next);
                j += 2;
                if !months_of(&key).is_empty() || weekday_of(&key).is_some() {
                    best = Some((key.clone(), j));
                }
            }
        }
        match best {
            Some((name, last)) => {
                out.push(Token::Word(name));
                i = last + 1;
            }
            None => {
                out.push(token.clone());
                i += 1;
            }
        }
    }
    *tokens = out;
}

/// The byte spans of the words of `text`: letters and their marks, with apostrophes and
/// hyphens between letters, as [`tokens`] reads a word.
pub(super) fn word_spans(text: &str) -> SmallVec<[(usize, usize); 8]> {
    let mut spans = SmallVec::new();
    let mut start = None;
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next_is_letter = chars.peek().is_some_and(|(_, n)| is_letter(*n));
        let in_word = is_letter(c)
            || (start.is_some() && (is_combining_mark(c) || (matches!(c, '-' | '\'' | '\u{2019}') && next_is_letter)));
        match (in_word, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, text.len()));
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_the_alphabetic_characters() {
        for c in ('\0'..'\u{800}').chain(['\u{1e9e}', '\u{3042}', '\u{ff21}', '\u{10400}']) {
            assert_eq!(is_letter(c), c.is_alphabetic(), "{c:?}");
        }
    }

    /// A date's numbers (each with whether it was written as an ordinal) and its separators.
    type NumbersAndSeparators<'a> = (Vec<(&'a str, bool)>, Vec<char>);

    /// The numbers and separators as the general reading gives them: every token, its
    /// weekday and filler words stripped, the numbers and separators collected.
    fn numbers_and_separators(text: &str) -> NumbersAndSeparators<'_> {
        let mut toks = tokens(text);
        let _ = super::super::names::strip_weekday_and_fillers(&mut toks);
        let nums = toks.iter().filter_map(|t| {
            if let Token::Num { digits, ordinal } = t {
                Some((*digits, *ordinal))
            } else {
                None
            }
        });
        let seps = toks.iter().filter_map(|t| if let Token::Sep(c) = t { Some(*c) } else { None });
        (nums.collect(), seps.collect())
    }

    proptest::proptest! {
        /// The one-pass reading of numbers and separators is the general one, in spellings
        /// of digits, points, slashes, hyphens and spaces at either end and in runs.
        #[test]
        fn numbers_only_reads_as_the_tokens(text in "[0-9./ -]{0,14}") {
            let general = numbers_and_separators(&text);
            let fast = numbers_only(&text, |n, s| (n.to_vec(), s.to_vec()));
            // It reads every text of at most its numbers and separator characters; past them
            // it may leave the text to the general reading, never read it otherwise.
            let separators = text.bytes().filter(|b| !b.is_ascii_digit()).count();
            if general.0.len() <= MAX_NUMBERS && separators <= MAX_SEPARATORS {
                proptest::prop_assert_eq!(fast, Some(general), "{:?}", text);
            } else {
                proptest::prop_assert!(fast.is_none() || fast.as_ref() == Some(&general), "{:?}", text);
            }
        }
    }

    #[test]
    fn numbers_only_reads_only_digits_and_separators() {
        let read = |text| numbers_only(text, |n, s| (n.to_vec(), s.to_vec()));
        assert_eq!(read("1. 10. 2026"), Some((vec![("1", false), ("10", false), ("2026", false)], vec!['.', '.'])));
        for other in ["1st 10 2026", "1.\u{a0}10.2026", "1,10,2026", "1\t10", "1.2.3.4.5"] {
            assert_eq!(read(other), None, "{other:?}");
        }
    }
}
