//! Digits and minus signs: every CLDR decimal digit reads as its ASCII digit.

use crate::data::digits::DIGITS;

/// The ASCII digit a Unicode decimal digit stands for (`'٣'` gives `'3'`).
pub(crate) fn ascii_digit(c: char) -> Option<char> {
    if c.is_ascii_digit() {
        return Some(c);
    }
    if c.is_ascii() {
        return None;
    }
    DIGITS.binary_search_by_key(&c, |&(d, _)| d).ok().and_then(|i| DIGITS.get(i)).map(|&(_, v)| char::from(b'0' + v))
}

/// Signs that read as the minus sign: Unicode minus, dashes, fullwidth and small hyphen-minus.
pub(crate) const fn is_unicode_minus(c: char) -> bool {
    matches!(c, '\u{2212}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2010}' | '\u{2011}' | '\u{fe63}' | '\u{ff0d}')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the date kind's normalising relies on to leave Latin text as it is.
    #[test]
    fn below_arabic_indic_digits_only_ascii_digits_map() {
        for c in '\u{80}'..'\u{660}' {
            assert_eq!(ascii_digit(c), None, "{c:?}");
            assert!(!is_unicode_minus(c), "{c:?}");
        }
    }

    #[test]
    fn digits_of_several_systems() {
        assert_eq!(ascii_digit('٣'), Some('3'));
        assert_eq!(ascii_digit('۷'), Some('7'));
        assert_eq!(ascii_digit('４'), Some('4'));
        assert_eq!(ascii_digit('९'), Some('9'));
        assert_eq!(ascii_digit('7'), Some('7'));
        assert_eq!(ascii_digit('x'), None);
        assert_eq!(ascii_digit('é'), None);
    }
}
