//! Questions about every byte of a short text, eight bytes at a time in one `u64` (the
//! "determine if a word has a zero byte" technique of Bit Twiddling Hacks): a name or a value
//! of 9 to 15 bytes is two words, with no branch per byte and no call. A byte-by-byte fold of
//! such a text is not vectorised (it takes 16 bytes) and a `memchr` call costs more than the
//! text.

/// `0x01` in every byte.
const ONES: u64 = u64::from_le_bytes([0x01; 8]);
/// `0x80` in every byte.
const HIGHS: u64 = u64::from_le_bytes([0x80; 8]);
/// The byte that stands for "no byte" past the end of a text shorter than four bytes when the
/// question is about JSON escapes: none of the bytes asked about (a letter, above every control
/// byte). A question about one byte pads with another byte (see [`has`]).
const PAD: u8 = b'a';

/// Whether some byte of `word` is below `n` (`n` at most 128). Exact as a yes or no: a borrow
/// sets a high bit only above a byte that is below `n` itself.
const fn has_below(word: u64, n: u8) -> bool {
    word.wrapping_sub(ONES * n as u64) & !word & HIGHS != 0
}

/// Whether some byte of `word` is `b`.
const fn has_byte(word: u64, b: u8) -> bool {
    has_below(word ^ (ONES * b as u64), 1)
}

/// Whether `f` holds for some word of `bytes`: whole words, then the last eight bytes (again
/// some already seen: the questions are about any byte). A text of four to seven bytes is its
/// first and last four, overlapping; a shorter one is shifted into a word of `pad` bytes, which
/// `f` must answer no for. Every word is loaded from the text or made in a register: one
/// written to memory a byte at a time and read back whole would wait for the bytes' stores (a
/// stall longer than the test).
#[inline]
fn any_word(bytes: &[u8], pad: u8, f: impl Fn(u64) -> bool) -> bool {
    let word = |b: &[u8]| b.try_into().map_or(0, u64::from_le_bytes);
    let half = |b: &[u8]| b.try_into().map_or(0, |b| u64::from(u32::from_le_bytes(b)));
    let len = bytes.len();
    match len {
        8.. => {
            let mut words = bytes.chunks_exact(8);
            let any = words.by_ref().any(|w| f(word(w)));
            any || (!words.remainder().is_empty() && f(word(bytes.get(len - 8..).unwrap_or_default())))
        }
        4..=7 => f(half(bytes.get(..4).unwrap_or_default()) | half(bytes.get(len - 4..).unwrap_or_default()) << 32),
        _ => f(bytes.iter().rev().fold(ONES * u64::from(pad), |w, &b| w << 8 | u64::from(b))),
    }
}

/// Whether `bytes` holds the byte `b`. A short text is padded with `b`'s complement, which is
/// never `b`.
pub(crate) fn has(bytes: &[u8], b: u8) -> bool {
    any_word(bytes, !b, |w| has_byte(w, b))
}

/// Whether `bytes` holds a byte a JSON string escapes: `"`, `\` or a control byte below
/// U+0020.
pub(crate) fn has_json_escape(bytes: &[u8]) -> bool {
    any_word(bytes, PAD, |w| has_byte(w, b'"') | has_byte(w, b'\\') | has_below(w, 0x20))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    fn escape(b: u8) -> bool {
        b == b'"' || b == b'\\' || b < 0x20
    }

    /// Every byte value at every place of texts of 0 to 24 bytes, among bytes that are none of
    /// those asked about and among bytes just above and below them (where a borrow from the
    /// byte before could mislead a word's test).
    #[test]
    fn every_byte_at_every_place_is_seen() {
        for len in 0..=24 {
            for at in 0..len {
                for filler in [b'a', 0x21, 0x20, b'#', b']', 0xff, 0x80] {
                    for b in 0..=255u8 {
                        let mut text = vec![filler; len];
                        text[at] = b;
                        for probe in [b',', 0, b'"', 0x7f, 0xff, b'a', filler] {
                            let expected = text.contains(&probe);
                            assert_eq!(super::has(&text, probe), expected, "{probe} in {text:?}");
                        }
                        let expected = text.iter().copied().any(escape);
                        assert_eq!(super::has_json_escape(&text), expected, "{text:?}");
                    }
                }
            }
        }
    }

    /// A text of fewer than four bytes is padded in its word: no probe byte is found in the
    /// padding, including the pad itself.
    #[test]
    fn short_texts_hold_only_their_bytes() {
        for len in 0..4 {
            for b in 0..=255u8 {
                let text = vec![b; len];
                for probe in 0..=255u8 {
                    assert_eq!(super::has(&text, probe), text.contains(&probe), "{probe} in {text:?}");
                }
                assert_eq!(super::has_json_escape(&text), text.iter().copied().any(escape), "{text:?}");
            }
        }
    }

    proptest! {
        #[test]
        fn agrees_with_a_byte_at_a_time(text in proptest::collection::vec(any::<u8>(), 0..80), probe in any::<u8>()) {
            prop_assert_eq!(super::has(&text, probe), text.contains(&probe));
            prop_assert_eq!(super::has_json_escape(&text), text.iter().copied().any(escape));
        }
    }
}
