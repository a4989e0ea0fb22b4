//! The ELI grammars as steps: a URI's scheme and host, a CELEX number, and the number pair of
//! a citation. Each returns its parts; the module above decides what they name.

use nom::branch::alt;
use nom::bytes::complete::{tag_no_case, take_till, take_while_m_n};
use nom::character::complete::{anychar, char, digit1, satisfy};
use nom::combinator::opt;
use nom::multi::many_till;
use nom::sequence::{preceded, separated_pair, terminated};

use crate::spelling::step;

/// `http(s)://host/rest`: the host, lower-cased, and the rest of the text after its slash.
pub(super) fn scheme_host(text: &str) -> Option<(String, &str)> {
    let (after, _) = step(alt((tag_no_case("https://"), tag_no_case("http://"))), text)?;
    let (rest, host) = step(terminated(take_till(|c| c == '/'), char('/')), after)?;
    Some((host.to_ascii_lowercase(), rest))
}

/// The parts of a CELEX number: `{sector}{year}{descriptor}{number}`, and `-{YYYYMMDD}` after a
/// consolidated text's number.
pub(super) struct Celex<'a> {
    pub sector: char,
    pub year: &'a str,
    pub descriptor: &'a str,
    pub number: &'a str,
    pub consolidated: Option<&'a str>,
}

/// A CELEX number (upper case), each part one step.
pub(super) fn celex(text: &str) -> Option<Celex<'_>> {
    let digit = |c: char| c.is_ascii_digit();
    let (i, sector) = step(satisfy(|c| c.is_ascii()), text)?;
    let (i, year) = step(take_while_m_n(4, 4, digit), i)?;
    let (i, descriptor) = step(take_while_m_n(1, 2, |c: char| c.is_ascii_alphabetic()), i)?;
    let (i, number) = step(digit1, i)?;
    let (i, consolidated) = step(opt(preceded(char('-'), take_while_m_n(8, 8, digit))), i)?;
    i.is_empty().then_some(Celex { sector, year, descriptor, number, consolidated })
}

/// The first `digits/digits` of a citation: the text before it, the two numbers, the text after.
pub(super) fn number_pair(text: &str) -> Option<(&str, &str, &str, &str)> {
    let (after, (skipped, (a, b))) = step(many_till(anychar, separated_pair(digit1, char('/'), digit1)), text)?;
    let before = text.get(..skipped.iter().map(|c| c.len_utf8()).sum())?;
    Some((before, a, b, after))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts() {
        assert_eq!(scheme_host("HTTP://Data.Europa.EU/eli/reg"), Some(("data.europa.eu".to_owned(), "eli/reg")));
        assert_eq!(scheme_host("eli/reg/2016/679"), None);
        let c = celex("02016R0679-20160504").unwrap();
        assert_eq!(
            (c.sector, c.year, c.descriptor, c.number, c.consolidated),
            ('0', "2016", "R", "0679", Some("20160504"))
        );
        assert!(celex("32016R0679-2016").is_none());
        assert!(celex("3ABC0679").is_none());
        assert_eq!(number_pair("regulation no 1049/2001 x"), Some(("regulation no ", "1049", "2001", " x")));
        assert_eq!(number_pair("1/x 2/3"), Some(("1/x ", "2", "3", "")));
    }
}
