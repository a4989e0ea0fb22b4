//! Folding for matching: case, diacritics, separators and camelCase.

use unicode_normalization::UnicodeNormalization;

use crate::data::latin::LATIN;

/// Combining diacritical marks (accents, carons, rings): dropped for matching. Vowel signs of
/// Indic and other scripts are letters' parts, not diacritics, and stay.
const fn is_diacritic(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036f}' | '\u{1ab0}'..='\u{1aff}' | '\u{1dc0}'..='\u{1dff}' | '\u{20d0}'..='\u{20ff}' | '\u{fe20}'..='\u{fe2f}')
}

/// What Arabic writing leaves out or writes either way, dropped for matching as Arabic search
/// normalises it (Larkey, Ballesteros and Connell, *Light Stemming for Arabic Information
/// Retrieval*, 2007; Lucene's `ArabicNormalizer`): the short vowels and other harakat
/// (U+064B-U+065F, the hamza above or below an alef that NFKD splits off: `أ`, `إ`, `آ` to
/// `ا`), the superscript alef (U+0670) and the tatweel that stretches a word (U+0640).
const fn is_arabic_mark(c: char) -> bool {
    matches!(c, '\u{064b}'..='\u{065f}' | '\u{0670}' | '\u{0640}')
}

/// The Arabic letter a search compares in place of `c` (the same normalisation): the alef
/// maksura as a yeh (`إحدى`, `احدي`), the teh marbuta as a heh (`أربعة`, `اربعه`).
const fn arabic_letter(c: char) -> char {
    match c {
        '\u{0649}' => '\u{064a}',
        '\u{0629}' => '\u{0647}',
        _ => c,
    }
}

/// Folds one character for matching: lower case first, compatibility forms decomposed (NFKD:
/// ligatures, fullwidth letters), then Latin letters lose their
/// diacritics (`ł` to `l`, `ß` to `ss`, through NFD and then `data::latin` for letters NFD keeps
/// whole, when it gives ASCII letters); other scripts keep their letters. Lowering first makes
/// `fold(upper(x)) == fold(x)` for every `x`.
fn push_folded(out: &mut String, c: char) {
    if c.is_ascii() {
        out.push(c.to_ascii_lowercase());
        return;
    }
    if let Some(folded) = latin_folded(c) {
        match *folded.as_bytes() {
            [b] => out.push(char::from(b)), // most folds are one ASCII letter: no copy call
            _ => out.push_str(folded),
        }
        return;
    }
    push_folded_slow(out, c);
}

/// The first and last character of the range whose folds [`latin_folded`] keeps.
const CACHED: (u32, u32) = (0x00a0, 0x02af);

/// The fold of a character of Latin-1 Supplement to IPA Extensions (the accented letters of
/// most names), worked out once by [`push_folded_slow`] and kept: the same text, without the
/// case mapping and normalisation iterators on every read.
fn latin_folded(c: char) -> Option<&'static str> {
    static FOLDS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let i = (c as u32).checked_sub(CACHED.0)?;
    if c as u32 > CACHED.1 {
        return None;
    }
    let folds = FOLDS.get_or_init(|| {
        (CACHED.0..=CACHED.1)
            .map(|u| {
                let mut s = String::new();
                if let Some(c) = char::from_u32(u) {
                    push_folded_slow(&mut s, c);
                }
                s
            })
            .collect()
    });
    folds.get(usize::try_from(i).ok()?).map(String::as_str)
}

/// [`push_folded`] of a character outside ASCII, through case mapping and NFKD.
fn push_folded_slow(out: &mut String, c: char) {
    // The modifier letter apostrophe, which Ukrainian and Belarusian write inside a word
    // (`пʼять`), is the apostrophe a keyboard types (`п'ять`).
    if c == '\u{2bc}' {
        out.push('\'');
        return;
    }
    for lower in c.to_lowercase() {
        for d in std::iter::once(lower).nfkd() {
            if is_diacritic(d) || is_arabic_mark(d) {
                continue;
            }
            let d = arabic_letter(d);
            if d.is_ascii() {
                out.push(d.to_ascii_lowercase());
            } else if d == '\u{3c2}' {
                // Case folding: the final sigma is a sigma ("ΟΣ" lowers to "οσ", written "ος").
                out.push('\u{3c3}');
            } else if is_latin(d) {
                match LATIN.binary_search_by_key(&d, |(c, _)| *c).ok().and_then(|i| LATIN.get(i)) {
                    Some((_, ascii)) => out.push_str(ascii),
                    None => out.push(d),
                }
            } else {
                out.push(d);
            }
        }
    }
}

/// Latin-script letters outside ASCII (Latin-1 Supplement to Latin Extended Additional, with
/// the IPA letters African alphabets use).
const fn is_latin(c: char) -> bool {
    matches!(c, '\u{00c0}'..='\u{02af}' | '\u{1e00}'..='\u{1eff}' | '\u{2c60}'..='\u{2c7f}' | '\u{a720}'..='\u{a7ff}')
}

/// The matching key every lookup of this crate uses: lower case, no diacritics (Latin letters
/// lose their marks, `ł` becomes `l`, `ß` becomes `ss`), whitespace runs folded to one space,
/// edges trimmed. The CLDR generator keys its tables with the same function, so data and
/// reader agree.
///
/// ```
/// assert_eq!(agent_input::fold("  Nejvyšší   Soud "), "nejvyssi soud");
/// ```
pub fn fold(s: &str) -> String {
    let trimmed = super::trim(s);
    if trimmed.is_ascii() {
        return fold_ascii(trimmed);
    }
    fold_chars(trimmed)
}

/// [`fold_chars`] of trimmed ASCII text, a byte at a time (a test compares the two).
fn fold_ascii(s: &str) -> String {
    // The ASCII characters `char::is_whitespace` names: the space and `\t` to `\r`. Most text
    // has words and single spaces only: then lower case is the fold.
    let white = |b: u8| b == b' ' || (b'\t'..=b'\r').contains(&b);
    let mut after_space = false;
    let single_spaces = s.bytes().all(|b| {
        let ok = if b == b' ' { !after_space } else { !white(b) };
        after_space = b == b' ';
        ok
    });
    if single_spaces {
        return s.to_ascii_lowercase();
    }
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for b in s.bytes() {
        if white(b) {
            space = true;
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        out.push(char::from(b.to_ascii_lowercase()));
    }
    out
}

/// [`fold`] of trimmed text, a character at a time.
fn fold_chars(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for c in s.chars() {
        // Letters and digits of ASCII first: most characters of most names.
        if c.is_ascii_alphanumeric() {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(c.to_ascii_lowercase());
            continue;
        }
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if super::is_ignored_in_keys(c) {
            // Zero-width joiners inside Persian or Malayalam words and an emoji's variation
            // selector or skin tone carry no meaning for matching.
            continue;
        }
        if space && !out.is_empty() {
            out.push(' ');
        }
        space = false;
        push_folded(&mut out, c);
    }

    out
}

/// The matching key of a name (a country, a language, a vocabulary entry): [`fold`], then
/// every character that is not a letter or a digit becomes a space, and spaces collapse.
/// `"Côte d’Ivoire"` and `"cote d ivoire"` share a key; so do `"Congo - Kinshasa"` and
/// `"congo kinshasa"`.
///
/// ```
/// assert_eq!(agent_input::fold_name("Bosnia & Herzegovina"), "bosnia herzegovina");
/// ```
pub fn fold_name(s: &str) -> String {
    let folded = fold(s);
    let word_char = |c: char| c.is_alphanumeric() || unicode_normalization::char::is_combining_mark(c);
    // Most names are words and single spaces already (no space at an edge or after a space):
    // then the key is the fold itself.
    let mut after_space = true;
    let words = if folded.is_ascii() {
        let mut ok = true;
        for &b in folded.as_bytes() {
            ok &= if b == b' ' { !after_space } else { b.is_ascii_alphanumeric() };
            after_space = b == b' ';
        }
        ok
    } else {
        folded.chars().all(|c| {
            let ok = if c == ' ' { !after_space } else { c.is_ascii_alphanumeric() || (!c.is_ascii() && word_char(c)) };
            after_space = c == ' ';
            ok
        })
    };
    if words && !after_space {
        return folded;
    }
    let mut out = String::with_capacity(folded.len());
    for part in folded.split(|c: char| !word_char(c)).filter(|p| !p.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(part);
    }
    out
}

/// Each ASCII byte's part of a name key: a letter in lower case or a digit, zero for any other
/// (it ends a word).
const ASCII_KEYS: [u8; 128] = {
    let mut keys = [0u8; 128];
    let mut b = 0u8;
    while b < 128 {
        if b.is_ascii_alphanumeric() {
            keys[b as usize] = b.to_ascii_lowercase();
        }
        b += 1;
    }
    keys
};

/// [`fold_name_bytes_on_stack`] as text, for the tests that compare it with [`fold_name`].
#[cfg(test)]
pub(crate) fn fold_name_on_stack<'b>(s: &str, buf: &'b mut [u8; 64]) -> Option<&'b str> {
    std::str::from_utf8(fold_name_bytes_on_stack(s, buf)?).ok()
}

/// The bytes of [`fold_name`] of `s` written into `buf`, when every character of `s` is ASCII,
/// whitespace, a curly apostrophe (`Côte d’Ivoire`) or a Latin letter whose fold is ASCII
/// letters or digits (`Česko`, `São Tomé`), and the key fits; `None` otherwise (the caller
/// folds on the heap). Letters and digits make the words, every other character ends one. The
/// key is ASCII (each byte from `ASCII_KEYS`, a space, or a fold [`stackable`] checked), so no
/// check of it as UTF-8 is needed to look it up. A test compares it with [`fold_name`].
pub(crate) fn fold_name_bytes_on_stack<'b>(s: &str, buf: &'b mut [u8; 64]) -> Option<&'b [u8]> {
    let (mut len, mut gap) = (0usize, false);
    let bytes = s.as_bytes();
    let mut i = 0;
    // A byte at a time: ASCII (most of every name) by one look into ASCII_KEYS, without
    // decoding a character; a Latin letter of two bytes by one look into `two_byte`'s table.
    while let Some(&b) = bytes.get(i) {
        i += 1;
        if b < 0x80 {
            // `len` counts what the key holds; an ASCII byte goes at `len % 64` with no bound
            // to check, and a key longer than `buf` is refused (its wrapped bytes never read).
            let k = ASCII_KEYS[usize::from(b)];
            if k == 0 {
                gap = len > 0;
                continue;
            }
            if gap {
                buf[len % 64] = b' ';
                len += 1;
                gap = false;
            }
            buf[len % 64] = k;
            len += 1;
            // The rest of the word: letters and digits, nothing else looked at.
            while let Some(&k @ 1..) = bytes.get(i).and_then(|&b| ASCII_KEYS.get(usize::from(b))) {
                buf[len % 64] = k;
                len += 1;
                i += 1;
            }
            if len > buf.len() {
                return None;
            }
            continue;
        }
        let folded = match two_byte(b, bytes.get(i).copied()) {
            Some(OnStack::Letters(folded)) => {
                i += 1;
                folded
            }
            Some(OnStack::Gap) => {
                i += 1;
                gap = len > 0;
                continue;
            }
            Some(OnStack::Heap) => return None,
            None => {
                let c = s.get(i - 1..).and_then(|rest| rest.chars().next())?;
                i += c.len_utf8() - 1;
                if c.is_whitespace() || matches!(c, '\u{2018}' | '\u{2019}') {
                    gap = len > 0;
                    continue;
                }
                stackable(latin_folded(c)?)?
            }
        };
        if std::mem::take(&mut gap) {
            *buf.get_mut(len)? = b' ';
            len += 1;
        }
        // Most folds are one letter (`é`, `ě`): stored as a byte, with no call to copy a slice.
        if let [letter] = folded.as_bytes() {
            *buf.get_mut(len)? = *letter;
            len += 1;
            continue;
        }
        buf.get_mut(len..len + folded.len())?.copy_from_slice(folded.as_bytes());
        len += folded.len();
    }
    buf.get(..len)
}

/// What [`fold_name_on_stack`] makes of a character: the ASCII letters or digits of its fold,
/// a gap between words, or nothing it can write (the caller folds on the heap).
#[derive(Clone, Copy)]
enum OnStack {
    Letters(&'static str),
    Gap,
    Heap,
}

/// A fold of letters and digits alone (lower case), the only fold written on the stack.
fn stackable(folded: &'static str) -> Option<&'static str> {
    (!folded.is_empty() && folded.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())).then_some(folded)
}

/// What [`fold_name_on_stack`] makes of the character of two bytes `lead`, `next` (U+0080 to
/// the end of [`CACHED`]), worked out once; `None` for any other character.
fn two_byte(lead: u8, next: Option<u8>) -> Option<OnStack> {
    static TABLE: std::sync::OnceLock<Vec<OnStack>> = std::sync::OnceLock::new();
    let next = next.filter(|n| n & 0xc0 == 0x80)?;
    if !(0xc2..=0xdf).contains(&lead) {
        return None;
    }
    let u = (u32::from(lead & 0x1f) << 6) | u32::from(next & 0x3f);
    let table = TABLE.get_or_init(|| {
        (0x80..=CACHED.1)
            .map(|u| match char::from_u32(u) {
                Some(c) if c.is_whitespace() => OnStack::Gap,
                Some(c) => latin_folded(c).and_then(stackable).map_or(OnStack::Heap, OnStack::Letters),
                None => OnStack::Heap,
            })
            .collect()
    });
    table.get(usize::try_from(u.checked_sub(0x80)?).ok()?).copied()
}

/// [`fold_name`] of `s`: on the stack in `buf` when [`fold_name_bytes_on_stack`] can, else in
/// `heap`.
pub(crate) fn fold_name_in<'b>(s: &str, buf: &'b mut [u8; 64], heap: &'b mut String) -> &'b str {
    std::str::from_utf8(fold_name_bytes_in(s, buf, heap)).unwrap_or_default()
}

/// [`fold_name_in`] as the key's bytes, for lookups that compare bytes: a key folded on the
/// stack is ASCII ([`fold_name_bytes_on_stack`]), so it is not checked as UTF-8 to look it up.
pub(crate) fn fold_name_bytes_in<'b>(s: &str, buf: &'b mut [u8; 64], heap: &'b mut String) -> &'b [u8] {
    match fold_name_bytes_on_stack(s, buf) {
        Some(key) => key,
        None => {
            *heap = fold_name(s);
            heap.as_bytes()
        }
    }
}

/// Splits a spelling into folded words: separators (space, `-`, `_`, `.`, `/`) and camelCase
/// boundaries end a word. `"dateDesc"`, `"Date-Desc"` and `"DATE_DESC"` all give `date desc`.
pub(crate) fn words(s: &str) -> String {
    let trimmed = super::trim(s);
    if trimmed.is_ascii() {
        return words_ascii(trimmed.as_bytes());
    }
    words_chars(trimmed)
}

/// [`words_chars`] of ASCII text, a byte at a time with nothing collected (a test compares the
/// two).
fn words_ascii(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let _ = words_ascii_with(bytes, |b| {
        out.push(char::from(b));
        Some(())
    });
    out
}

/// [`words`] of `s` written into `buf`, when `s` is ASCII and its key fits; `None` otherwise
/// (the caller makes the key on the heap). A test compares it with [`words`].
pub(crate) fn words_on_stack<'b>(s: &str, buf: &'b mut [u8; 64]) -> Option<&'b str> {
    let trimmed = super::trim(s);
    if !trimmed.is_ascii() {
        return None;
    }
    let mut len = 0;
    words_ascii_with(trimmed.as_bytes(), |b| {
        *buf.get_mut(len)? = b;
        len += 1;
        Some(())
    })?;
    std::str::from_utf8(buf.get(..len)?).ok()
}

/// [`words`] of `s`: on the stack in `buf` when [`words_on_stack`] can, else in `heap` (as
/// [`fold_name_in`] is to [`fold_name`]).
pub(crate) fn words_in<'b>(s: &str, buf: &'b mut [u8; 64], heap: &'b mut String) -> &'b str {
    match words_on_stack(s, buf) {
        Some(key) => key,
        None => {
            *heap = words(s);
            heap.as_str()
        }
    }
}

/// The bytes of [`words_ascii`], each handed to `push`; `None` as soon as `push` refuses one.
#[inline(always)]
fn words_ascii_with(bytes: &[u8], mut push: impl FnMut(u8) -> Option<()>) -> Option<()> {
    let (mut pending_break, mut any) = (false, false);
    for (i, &c) in bytes.iter().enumerate() {
        if c == b' ' || (b'\t'..=b'\r').contains(&c) || matches!(c, b'-' | b'_' | b'.' | b'/') {
            pending_break = true;
            continue;
        }
        if c.is_ascii_uppercase() && i > 0 {
            let prev = bytes.get(i - 1).copied().unwrap_or(b' ');
            let next_lower = bytes.get(i + 1).is_some_and(u8::is_ascii_lowercase);
            if prev.is_ascii_lowercase() || prev.is_ascii_digit() || (prev.is_ascii_uppercase() && next_lower) {
                pending_break = true;
            }
        }
        if pending_break && any {
            push(b' ')?;
        }
        pending_break = false;
        push(c.to_ascii_lowercase())?;
        any = true;
    }
    Some(())
}

/// [`words`] of trimmed text, a character at a time.
fn words_chars(trimmed: &str) -> String {
    let mut out = String::with_capacity(trimmed.len());
    let chars: Vec<char> = trimmed.chars().collect();
    let mut pending_break = false;
    for (i, &c) in chars.iter().enumerate() {
        if c.is_whitespace() || matches!(c, '-' | '_' | '.' | '/' | '\u{2010}'..='\u{2015}') {
            pending_break = true;
            continue;
        }
        if c.is_uppercase() && i > 0 {
            let prev = chars.get(i - 1).copied().unwrap_or(' ');
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if prev.is_lowercase() || prev.is_ascii_digit() || (prev.is_uppercase() && next_lower) {
                pending_break = true;
            }
        }
        if pending_break && !out.is_empty() {
            out.push(' ');
        }
        pending_break = false;
        push_folded(&mut out, c);
    }

    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fold_strips_case_and_diacritics() {
        assert_eq!(fold("  Nejvyšší   Soud "), "nejvyssi soud");
        assert_eq!(fold("FAŁSZ"), "falsz");
        assert_eq!(fold("Straße"), "strasse");
        assert_eq!(fold("Nejvys\u{030c}s\u{030c}i\u{0301}"), "nejvyssi");
        assert_eq!(fold("Да"), "да");
        assert_eq!(fold("AZƏRBAYCAN"), fold("azərbaycan"));
        assert_eq!(fold("KPƐLƐƐ"), "kpelee");
    }

    #[test]
    fn kept_latin_folds_are_the_slow_folds() {
        for u in CACHED.0..=CACHED.1 {
            let Some(c) = char::from_u32(u) else { continue };
            let mut slow = String::new();
            push_folded_slow(&mut slow, c);
            assert_eq!(latin_folded(c), Some(slow.as_str()), "U+{u:04X}");
        }
        assert_eq!(latin_folded('\u{9f}'), None);
        assert_eq!(latin_folded('\u{2b0}'), None);
        assert_eq!(latin_folded('š'), Some("s"));
        assert_eq!(latin_folded('ß'), Some("ss"));
    }

    #[test]
    fn name_keys_with_and_without_separators() {
        assert_eq!(fold_name("Nejvyšší správní soud"), "nejvyssi spravni soud");
        assert_eq!(fold_name("Côte d’Ivoire"), "cote d ivoire");
        assert_eq!(fold_name("a \u{301}"), "a");
        assert_eq!(fold_name("\u{301} a"), "a");
        assert_eq!(fold_name("Congo - Kinshasa"), "congo kinshasa");
    }

    /// The fold a character at a time, as it was written before its ASCII shortcut.
    fn fold_reference(s: &str) -> String {
        let mut out = String::new();
        let mut space = false;
        for c in crate::spelling::trim(s).chars() {
            if c.is_whitespace() {
                space = true;
                continue;
            }
            if crate::spelling::is_invisible(c) {
                continue;
            }
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            push_folded(&mut out, c);
        }
        out
    }

    /// Keys of 63, 64 and 65 bytes, ending in a letter, a word after a space, or a folded
    /// letter: the stack holds exactly the keys of 64 bytes and fewer.
    #[test]
    fn name_keys_fill_the_stack_exactly() {
        for len in 60..=70 {
            for s in [
                "a".repeat(len),
                format!("{} b", "a".repeat(len - 2)),
                format!("{}č", "a".repeat(len - 1)),
                format!("{} ß", "a".repeat(len - 3)),
                format!("{} . b", "a".repeat(len - 2)),
            ] {
                let mut buf = [0u8; 64];
                let key = fold_name(&s);
                assert_eq!(fold_name_on_stack(&s, &mut buf), (key.len() <= 64).then_some(key.as_str()), "{s:?}");
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn folds_as_the_reference_does(s in "[a-zA-Z0-9 \t\u{a0}\u{ad}\u{200b}ÁáŘřßŁłİıΣσς日\u{301}.,-]{0,16}") {
            proptest::prop_assert_eq!(fold(&s), fold_reference(&s));
        }

        #[test]
        fn ascii_words_as_every_character_does(s in "[ -~\t\n\x0b\x0c\r\x00-\x08]{0,16}") {
            let trimmed = crate::spelling::trim(&s);
            proptest::prop_assert_eq!(words_ascii(trimmed.as_bytes()), words_chars(trimmed));
        }

        /// The stack's words are the heap's whenever the stack answers, and it answers for
        /// every ASCII text whose key fits.
        #[test]
        fn words_on_the_stack_are_the_words(s in "[ -~\t\nÁé]{0,70}") {
            let mut buf = [0; 64];
            match words_on_stack(&s, &mut buf) {
                Some(key) => proptest::prop_assert_eq!(key, words(&s)),
                None => proptest::prop_assert!(!s.is_ascii() || words(&s).len() > 64, "{:?}", s),
            }
        }

        #[test]
        fn ascii_folds_as_every_character_does(s in "[ -~\t\n\x0b\x0c\r\x00-\x08\x1c-\x1f]{0,16}") {
            let trimmed = crate::spelling::trim(&s);
            proptest::prop_assert_eq!(fold_ascii(trimmed), fold_chars(trimmed));
        }

        /// The key folded on the stack is `fold_name`'s, and it is declined only for a
        /// character whose fold is not ASCII letters or digits, or a key past 64 bytes.
        #[test]
        fn name_keys_on_the_stack_are_the_name_keys(s in "[a-zA-Z0-9 \u{a0}\u{2019}\u{a8}\u{301}.,&'Ñßáčř日Ł-]{0,90}") {
            let mut buf = [0u8; 64];
            // The bytes the lookups take are ASCII, and the key's.
            let bytes = fold_name_bytes_on_stack(&s, &mut buf).map(<[u8]>::to_vec);
            proptest::prop_assert!(bytes.as_ref().is_none_or(|b| b.is_ascii()), "{:?}", s);
            let mut buf = [0u8; 64];
            let on_stack = fold_name_on_stack(&s, &mut buf).map(str::to_owned);
            proptest::prop_assert_eq!(bytes, on_stack.as_ref().map(|k| k.as_bytes().to_vec()));
            if let Some(key) = on_stack {
                proptest::prop_assert_eq!(key, fold_name(&s), "{:?}", s);
            } else {
                // Only a character whose fold is not ASCII letters, or a key past 64 bytes.
                let folds_plainly = s.chars().all(|c| c.is_ascii() || c.is_whitespace() || c == '\u{2019}'
                    || latin_folded(c).is_some_and(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_alphanumeric())));
                proptest::prop_assert!(!folds_plainly || fold_name(&s).len() > 64, "{:?}", s);
            }
        }

        /// The shortcut for names already words and single spaces gives the key the split gives.
        #[test]
        fn name_keys_are_the_words_of_the_fold(s in "[a-zA-Z0-9 \u{a8}\u{301}.,&'’Ñß-]{0,12}") {
            let folded = fold(&s);
            let word_char = |c: char| c.is_alphanumeric() || unicode_normalization::char::is_combining_mark(c);
            let words: Vec<&str> = folded.split(|c: char| !word_char(c)).filter(|p| !p.is_empty()).collect();
            proptest::prop_assert_eq!(fold_name(&s), words.join(" "));
        }
    }

    #[test]
    fn words_split_camel_case_and_separators() {
        assert_eq!(words("dateDesc"), "date desc");
        assert_eq!(words("Date-Desc"), "date desc");
        assert_eq!(words("DATE_DESC"), "date desc");
        assert_eq!(words("HTTPServer"), "http server");
        assert_eq!(words("  date   desc "), "date desc");
        assert_eq!(words("Číslo jednací"), "cislo jednaci");
    }
}
