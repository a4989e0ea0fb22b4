//! Tables generated from Unicode CLDR by `cargo xtask cldr` (see `tools/cldr`). Every file here
//! but this one is generated; the Unicode licence notice is in `LICENSES/Unicode-3.0.txt`.

// Generated files are written exactly as the generator emits them; rustfmt leaves them alone.
// Their metadata (`CLDR_VERSION`, `ISO_CODES_VERSION`, the date locales) is for readers of the
// files, not of the crate: `dead_code` is allowed on each.
#[rustfmt::skip]
#[allow(dead_code)]
pub mod booleans;
#[cfg(not(feature = "small-names"))]
#[rustfmt::skip]
#[allow(dead_code)]
pub mod countries;
/// Country names in ten languages only (feature `small-names`, for browsers).
#[cfg(feature = "small-names")]
#[rustfmt::skip]
#[allow(dead_code)]
#[path = "small/countries.rs"]
pub mod countries;
#[rustfmt::skip]
#[allow(dead_code)]
pub mod dates;
#[rustfmt::skip]
#[allow(dead_code)]
pub mod digits;
#[rustfmt::skip]
#[allow(dead_code)]
pub mod folds;
#[rustfmt::skip]
#[allow(dead_code)]
pub mod latin;
#[rustfmt::skip]
#[allow(dead_code)]
pub mod lists;
#[rustfmt::skip]
#[allow(dead_code)]
pub mod locale_syntax;
#[rustfmt::skip]
#[allow(dead_code)]
pub mod scales;
#[rustfmt::skip]
#[allow(dead_code)]
pub mod language_codes;
#[cfg(not(feature = "small-names"))]
#[rustfmt::skip]
#[allow(dead_code)]
pub mod languages;
/// Language names in ten languages, and each language's own (feature `small-names`).
#[cfg(feature = "small-names")]
#[rustfmt::skip]
#[allow(dead_code)]
#[path = "small/languages.rs"]
pub mod languages;

/// A country's English name (CLDR) by its alpha-2 code, `""` for a code the table lacks: the
/// one lookup behind the country kind's notes and the locale kind's region names.
pub(crate) fn english_country_name(code: &str) -> &'static str {
    // Every code of the table is two ASCII capitals (a test checks it): its place among the
    // 26 x 26 such codes indexes a table of positions built at the first lookup.
    static PLACES: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    let place = |c: &str| match *c.as_bytes() {
        [a @ b'A'..=b'Z', b @ b'A'..=b'Z'] => Some(usize::from(a - b'A') * 26 + usize::from(b - b'A')),
        _ => None,
    };
    let names = countries::ENGLISH_NAMES;
    let places = PLACES.get_or_init(|| {
        let mut places = vec![u16::MAX; 26 * 26];
        for (i, (c, _)) in names.iter().enumerate() {
            if let (Some(slot), Ok(i)) = (place(c).and_then(|p| places.get_mut(p)), u16::try_from(i)) {
                *slot = i;
            }
        }
        places
    });
    let found = place(code).and_then(|p| places.get(p)).and_then(|&i| names.get(usize::from(i)));
    found.map_or("", |(_, n)| n)
}

/// The place of a code of two or three ASCII letters or digits among all such codes (letters
/// of either case and digits: 62 symbols), or `None` for any other text.
fn short_code_slot(code: &str) -> Option<usize> {
    let symbol = |b: u8| match b {
        b'a'..=b'z' => Some(usize::from(b - b'a') + 1),
        b'A'..=b'Z' => Some(usize::from(b - b'A') + 27),
        b'0'..=b'9' => Some(usize::from(b - b'0') + 53),
        _ => None,
    };
    match *code.as_bytes() {
        [a, b] => Some(symbol(a)? * 63 + symbol(b)?),
        [a, b, c] => Some(63 * 63 + (symbol(a)? * 63 + symbol(b)?) * 63 + symbol(c)?),
        _ => None,
    }
}

/// Every slot [`short_code_slot`] gives, and one.
const SHORT_CODE_SLOTS: usize = 63 * 63 + 63 * 63 * 63;

/// Which codes of two or three letters or digits a table holds, as one bit each (32 KB, built
/// from the table at its first use): the language and region codes of a locale checked without
/// a binary search. Any other text is not answered, so the table is searched for it.
pub(crate) struct ShortCodes(std::sync::OnceLock<Vec<u64>>);

impl ShortCodes {
    pub(crate) const fn new() -> Self {
        Self(std::sync::OnceLock::new())
    }

    /// Whether `keys` holds `code`, when `code` has two or three letters or digits.
    pub(crate) fn contains<'k, I: IntoIterator<Item = &'k str>>(
        &self,
        code: &str,
        keys: impl FnOnce() -> I,
    ) -> Option<bool> {
        let slot = short_code_slot(code)?;
        let bits = self.0.get_or_init(|| {
            let mut bits = vec![0u64; SHORT_CODE_SLOTS.div_ceil(64)];
            for key in keys() {
                if let Some(word) = short_code_slot(key).and_then(|s| bits.get_mut(s / 64).map(|w| (w, s % 64))) {
                    *word.0 |= 1 << word.1;
                }
            }
            bits
        });
        Some(bits.get(slot / 64).is_some_and(|w| w & (1 << (slot % 64)) != 0))
    }
}

/// Keys per block of a [`Packed`] table: the first key of a block is whole, the others share
/// a prefix with the key before them.
pub(crate) const BLOCK: usize = 16;

/// A generated table of sorted string keys, front-coded into one string. Each key is written as
/// the suffix it does not share with the key before it (`shared[i]` bytes are shared,
/// `lens[i]` bytes are its own); every 16th key is written whole and `blocks[b]` is
/// where block `b` starts in `text`. Thirty thousand country names cost about 60% of their
/// bytes and two bytes each; a lookup is a binary search over a number per key (made at the
/// first lookup, nothing at start-up) and, for a key longer than eight bytes, a scan of its block.
pub struct Packed<V: 'static> {
    text: &'static str,
    shared: &'static [u8],
    lens: &'static [u8],
    blocks: &'static [u32],
    values: &'static [V],
    /// The first eight bytes of every key as a big-endian number (zero-padded), made at the
    /// first lookup: a lookup compares numbers, and text only among the keys that share its
    /// eight bytes.
    prefixes: std::sync::OnceLock<Vec<u64>>,
}

/// The first eight bytes of `key` as a big-endian number, zero-padded: a smaller number is a
/// smaller key, an equal one says nothing.
fn prefix(key: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    let n = key.len().min(8);
    if let (Some(to), Some(from)) = (bytes.get_mut(..n), key.get(..n)) {
        to.copy_from_slice(from);
    }
    u64::from_be_bytes(bytes)
}

impl<V: Copy + 'static> Packed<V> {
    /// A table (the generator writes these).
    pub(crate) const fn new(
        text: &'static str,
        shared: &'static [u8],
        lens: &'static [u8],
        blocks: &'static [u32],
        values: &'static [V],
    ) -> Self {
        Self { text, shared, lens, blocks, values, prefixes: std::sync::OnceLock::new() }
    }

    /// How many keys the table has.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Calls `f` with each key of block `b` and its index, until `f` returns `Some`. Keys are
    /// rebuilt in a buffer on the stack (a shared prefix and a suffix are at most 255 bytes each).
    fn scan<T>(&self, b: usize, mut f: impl FnMut(&[u8], usize) -> Option<T>) -> Option<T> {
        let mut key = [0u8; 512];
        let mut at = self.blocks.get(b).copied().unwrap_or(0) as usize;
        let text = self.text.as_bytes();
        for i in b * BLOCK..((b + 1) * BLOCK).min(self.len()) {
            let shared = self.shared.get(i).copied().unwrap_or(0) as usize;
            let own = self.lens.get(i).copied().unwrap_or(0) as usize;
            let suffix = text.get(at..at + own).unwrap_or_default();
            if let Some(slot) = key.get_mut(shared..shared + own) {
                slot.copy_from_slice(suffix);
            }
            let len = shared + own;
            at += own;
            if let Some(found) = f(key.get(..len).unwrap_or_default(), i) {
                return Some(found);
            }
        }
        None
    }

    /// The first eight bytes of every key as a number ([`prefix`]), made at the first call.
    fn key_prefixes(&self) -> &[u64] {
        self.prefixes.get_or_init(|| {
            let mut all = Vec::with_capacity(self.len());
            for b in 0..self.blocks.len() {
                let _ = self.scan(b, |k, _| {
                    all.push(prefix(k));
                    None::<()>
                });
            }
            all
        })
    }

    /// The value of `key`, if the table has it. Keys whose first eight bytes are a smaller
    /// number sort before `key`, larger after it: the table has `key` only among the keys with
    /// its number. A key of at most eight bytes, none zero, is the first of them when it is as
    /// long (any other with those bytes is longer: the key is its prefix, so sorts first);
    /// a longer one is looked for in their blocks.
    pub fn get(&self, key: &str) -> Option<V> {
        let all = self.key_prefixes();
        let wanted = prefix(key.as_bytes());
        let first = all.partition_point(|&p| p < wanted);
        if all.get(first) != Some(&wanted) {
            return None;
        }
        if key.len() <= 8 && !key.as_bytes().contains(&0) {
            let own = usize::from(self.lens.get(first).copied()?);
            let shared = if first % BLOCK == 0 { 0 } else { usize::from(self.shared.get(first).copied()?) };
            return (shared + own == key.len()).then(|| self.values.get(first).copied()).flatten();
        }
        // Few keys share eight bytes: counted forward, not searched for.
        let last = first + all.get(first..).unwrap_or_default().iter().take_while(|&&p| p == wanted).count();
        (first / BLOCK..=(last - 1) / BLOCK).find_map(|b| self.find_in_block(b, key.as_bytes()))
    }

    /// The value of `key` in block `b` (`None` as soon as a key after it is met), read from the front
    /// coding without rebuilding a key: `matched` is how many bytes `key` shares with the last
    /// key passed (which sorts before it). A key sharing more than that with the one before it
    /// sorts before `key` too and is skipped; any other is compared from its shared bytes on.
    fn find_in_block(&self, b: usize, key: &[u8]) -> Option<V> {
        let text = self.text.as_bytes();
        let mut at = self.blocks.get(b).copied()? as usize;
        let mut matched = 0usize;
        for i in b * BLOCK..((b + 1) * BLOCK).min(self.len()) {
            let shared = if i == b * BLOCK { 0 } else { usize::from(self.shared.get(i).copied()?) };
            let own = usize::from(self.lens.get(i).copied()?);
            let suffix = text.get(at..at + own)?;
            at += own;
            if shared > matched {
                continue;
            }
            let rest = key.get(shared..)?;
            let common = suffix.iter().zip(rest).take_while(|(a, b)| a == b).count();
            match (suffix.get(common), rest.get(common)) {
                (None, None) => return self.values.get(i).copied(),
                (Some(s), Some(r)) if s < r => matched = shared + common,
                (None, Some(_)) => matched = shared + common,
                _ => return None,
            }
        }
        None
    }

    /// Calls `f` with the value of every key that starts with `head` (`head` itself included),
    /// in key order: they sort together, from the first key not below `head`.
    pub(crate) fn with_prefix(&self, head: &str, mut f: impl FnMut(V)) {
        let all = self.key_prefixes();
        let first = all.partition_point(|&p| p < prefix(head.as_bytes()));
        let head = head.as_bytes();
        for b in first / BLOCK..self.blocks.len() {
            let past = self.scan(b, |k, i| {
                if i < first {
                    return None;
                }
                if !k.starts_with(head) {
                    return (k > head).then_some(());
                }
                if let Some(v) = self.values.get(i) {
                    f(*v);
                }
                None
            });
            if past.is_some() {
                return;
            }
        }
    }

    /// True when `f` holds for some key and its value: a scan of every key, for cold paths.
    pub(crate) fn any(&self, mut f: impl FnMut(&[u8], V) -> bool) -> bool {
        (0..self.blocks.len())
            .any(|b| self.scan(b, |k, i| self.values.get(i).filter(|v| f(k, **v)).map(|_| ())).is_some())
    }

    /// Every entry, in key order.
    pub fn entries(&self) -> Vec<(String, V)> {
        let mut out = Vec::with_capacity(self.len());
        for b in 0..self.blocks.len() {
            let _ = self.scan(b, |k, i| {
                if let Some(v) = self.values.get(i) {
                    out.push((String::from_utf8_lossy(k).into_owned(), *v));
                }
                None::<()>
            });
        }
        out
    }
}

/// A lookup over a generated `(key, value)` table, sorted by key (the generator writes every
/// table from a `BTreeMap`): a binary search, nothing built at start-up, no hashing. Keys of
/// two or three letters or digits (codes: `"iw"`, `"CZE"`, `"203"`) are searched as numbers
/// ([`short_code_slot`]) in a copy of the table's short keys made at its first such lookup,
/// without comparing text.
pub(crate) struct Index<V: 'static> {
    table: &'static [(&'static str, V)],
    short: std::sync::OnceLock<Vec<(u32, V)>>,
}

impl<V: Copy + Send + Sync + 'static> Index<V> {
    pub(crate) const fn new(table: &'static [(&'static str, V)]) -> Self {
        Self { table, short: std::sync::OnceLock::new() }
    }

    /// Every key, in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &'static str> {
        self.table.iter().map(|(k, _)| *k)
    }

    /// The value of `key`, if the table has it.
    pub(crate) fn get(&self, key: &str) -> Option<V> {
        if let Some(slot) = short_code_slot(key).and_then(|s| u32::try_from(s).ok()) {
            let short = self.short.get_or_init(|| {
                let mut short: Vec<(u32, V)> = (self.table.iter())
                    .filter_map(|(k, v)| short_code_slot(k).and_then(|s| u32::try_from(s).ok()).map(|s| (s, *v)))
                    .collect();
                short.sort_unstable_by_key(|(s, _)| *s);
                short
            });
            return short.binary_search_by_key(&slot, |(s, _)| *s).ok().and_then(|i| short.get(i)).map(|(_, v)| *v);
        }
        self.table.binary_search_by(|(k, _)| (*k).cmp(key)).ok().and_then(|i| self.table.get(i)).map(|(_, v)| *v)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    #[test]
    fn english_names_are_keyed_by_two_letters_in_order() {
        let names = super::countries::ENGLISH_NAMES;
        assert!(names.iter().all(|(c, _)| c.len() == 2 && c.bytes().all(|b| b.is_ascii_uppercase())));
        assert!(names.windows(2).all(|w| matches!(w, [a, b] if a.0 < b.0)));
        for (code, name) in names {
            assert_eq!(super::english_country_name(code), *name);
        }
        assert_eq!(super::english_country_name("ZZ"), "");
        assert_eq!(super::english_country_name("C"), "");
        assert_eq!(super::english_country_name("CZE"), "");
    }

    /// Front-codes sorted keys as the generator does (shared bytes cut back to a character
    /// boundary), leaked for the `'static` table.
    fn pack(keys: &[String]) -> super::Packed<u16> {
        let (mut text, mut shared, mut lens, mut blocks) = (String::new(), Vec::new(), Vec::new(), Vec::new());
        let mut previous = "";
        for (i, key) in keys.iter().enumerate() {
            let common = if i % super::BLOCK == 0 {
                blocks.push(u32::try_from(text.len()).unwrap());
                0
            } else {
                let mut n = key.bytes().zip(previous.bytes()).take_while(|(a, b)| a == b).count().min(255);
                while !key.is_char_boundary(n) {
                    n -= 1;
                }
                n
            };
            text.push_str(&key[common..]);
            shared.push(u8::try_from(common).unwrap());
            lens.push(u8::try_from(key.len() - common).unwrap());
            previous = key;
        }
        let values: Vec<u16> = (0..keys.len()).map(|i| u16::try_from(i).unwrap()).collect();
        super::Packed::new(
            Box::leak(text.into_boxed_str()),
            Box::leak(shared.into_boxed_slice()),
            Box::leak(lens.into_boxed_slice()),
            Box::leak(blocks.into_boxed_slice()),
            Box::leak(values.into_boxed_slice()),
        )
    }

    proptest! {
        /// A lookup finds every key with its value and nothing else, in keys that share
        /// prefixes, multi-byte characters cut mid-way and keys that are prefixes of others.
        #[test]
        fn packed_lookup_finds_exactly_the_keys(
            keys in proptest::collection::btree_set("[ab č ć]{0,12}", 0..200),
            probes in proptest::collection::vec("[ab č ć]{0,13}", 0..40),
        ) {
            let keys: Vec<String> = keys.into_iter().collect();
            let table = pack(&keys);
            for (i, k) in keys.iter().enumerate() {
                prop_assert_eq!(table.get(k), Some(u16::try_from(i).unwrap()), "{:?}", k);
            }
            for p in probes.iter().chain(&["a\0".to_owned(), "\0".to_owned(), "abababab\0".to_owned()]) {
                prop_assert_eq!(table.get(p), keys.iter().position(|k| k == p).map(|i| u16::try_from(i).unwrap()), "{:?}", p);
            }
        }
    }

    #[test]
    fn generated_tables_find_every_key() {
        for (key, value) in super::countries::NAMES.entries() {
            assert_eq!(super::countries::NAMES.get(&key), Some(value), "{key}");
        }
        for (key, value) in super::dates::MONTHS.entries() {
            assert_eq!(super::dates::MONTHS.get(&key), Some(value), "{key}");
        }
    }

    /// Every code of two or three letters or digits is in the bit set exactly when it is in
    /// the table (and text of any other shape is left to the table).
    #[test]
    fn short_codes_answer_as_the_table() {
        let table: &[&str] = &["cs", "de", "zh", "yue", "CZ", "830", "aA", "ZZ9"];
        let set = super::ShortCodes::new();
        let symbols: Vec<char> = ('a'..='z').chain('A'..='Z').chain('0'..='9').collect();
        for a in &symbols {
            for b in &symbols {
                let two = format!("{a}{b}");
                assert_eq!(set.contains(&two, || table.iter().copied()), Some(table.contains(&two.as_str())), "{two}");
                for c in &symbols {
                    let three = format!("{a}{b}{c}");
                    assert_eq!(set.contains(&three, || table.iter().copied()), Some(table.contains(&three.as_str())));
                }
            }
        }
        for other in ["", "c", "zh-guoyu", "cs_", "čš", "abcd"] {
            assert_eq!(set.contains(other, || table.iter().copied()), None, "{other}");
        }
    }

    /// Every table an [`super::Index`] searches is sorted by key, with no key twice.
    #[test]
    fn indexed_tables_are_sorted() {
        let tables: [(&str, &[(&str, &str)]); 11] = [
            ("CODE_ALIASES", super::countries::CODE_ALIASES),
            ("STATE_WORDS", super::countries::STATE_WORDS),
            ("STATE_REQUIRED", super::countries::STATE_REQUIRED),
            ("RETIRED_CODES", super::countries::RETIRED_CODES),
            ("RENAMED_NAMES", super::countries::RENAMED_NAMES),
            ("AMBIGUOUS_NAMES", super::countries::AMBIGUOUS_NAMES),
            ("LANGUAGE_ALIASES", super::language_codes::LANGUAGE_ALIASES),
            ("REGION_ALIASES", super::language_codes::REGION_ALIASES),
            ("LIKELY_REGIONS", super::language_codes::LIKELY_REGIONS),
            ("SUPPRESSED_SCRIPTS", super::language_codes::SUPPRESSED_SCRIPTS),
            ("AMBIGUOUS_LANGUAGE_NAMES", super::languages::AMBIGUOUS_LANGUAGE_NAMES),
        ];
        for (name, table) in tables {
            assert!(table.windows(2).all(|w| w[0].0 < w[1].0), "{name} is not strictly sorted");
            // A lookup (short codes by number, other keys by text) finds every key with its
            // value, and every code of two or three symbols exactly when the table has it.
            let index = super::Index::new(table);
            for (k, v) in table {
                assert_eq!(index.get(k), Some(*v), "{name}: {k}");
            }
            let symbols: Vec<char> = ('a'..='z').chain('A'..='Z').chain('0'..='9').chain(['-', 'é']).collect();
            for a in &symbols {
                for b in &symbols {
                    for probe in std::iter::once(format!("{a}{b}")).chain(symbols.iter().map(|c| format!("{a}{b}{c}")))
                    {
                        let by_text =
                            table.binary_search_by(|(k, _)| (*k).cmp(probe.as_str())).ok().map(|i| table[i].1);
                        assert_eq!(index.get(&probe), by_text, "{name}: {probe}");
                    }
                }
            }
        }
    }
}
