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
fn short_code_slot(code: &[u8]) -> Option<usize> {
    let symbol = |b: u8| match b {
        b'a'..=b'z' => Some(usize::from(b - b'a') + 1),
        b'A'..=b'Z' => Some(usize::from(b - b'A') + 27),
        b'0'..=b'9' => Some(usize::from(b - b'0') + 53),
        _ => None,
    };
    match *code {
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
        let slot = short_code_slot(code.as_bytes())?;
        let bits = self.0.get_or_init(|| {
            let mut bits = vec![0u64; SHORT_CODE_SLOTS.div_ceil(64)];
            for key in keys() {
                if let Some(word) =
                    short_code_slot(key.as_bytes()).and_then(|s| bits.get_mut(s / 64).map(|w| (w, s % 64)))
                {
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

/// The bytes of a zstd frame written by the generator (level 19), expanded; empty when the frame
/// does not decode (a test expands every generated table, so only a broken build could).
fn expand(frame: &[u8]) -> Vec<u8> {
    use std::io::Read as _;
    // The whole frame at once into a buffer of its stated size (the generator's frames state
    // it): 1.6 times as fast as reading it as a stream, which a frame without a size takes.
    let mut decoder = ruzstd::decoding::FrameDecoder::new();
    let mut head = frame;
    let mut out = Vec::new();
    let size = match decoder.init(&mut head) {
        Ok(()) => usize::try_from(decoder.content_size()).unwrap_or(0),
        Err(_) => return out,
    };
    let read = if size > 0 {
        out.reserve_exact(size);
        decoder.decode_all_to_vec(frame, &mut out).is_ok() && out.len() == size
    } else {
        ruzstd::decoding::StreamingDecoder::new(frame).is_ok_and(|mut d| d.read_to_end(&mut out).is_ok())
    };
    if !read {
        out.clear();
    }
    out
}

/// A value of a [`Packed`] table, stored little-endian in its frame.
pub trait Value: Copy + Send + Sync + 'static {
    /// Its bytes in the frame.
    const WIDTH: usize;
    /// The value of `WIDTH` little-endian bytes (zero for any other count).
    fn from_le(bytes: &[u8]) -> Self;
}

macro_rules! packed_values {
    ($($t:ty),*) => {$(
        impl Value for $t {
            const WIDTH: usize = std::mem::size_of::<$t>();
            fn from_le(bytes: &[u8]) -> Self {
                bytes.try_into().map_or(0, <$t>::from_le_bytes)
            }
        }
    )*};
}
packed_values!(u8, i8, u16, u32);

/// A generated table of sorted string keys, front-coded into one string and kept in the binary
/// as one zstd frame, expanded at its first use (and kept for the process). Each key is written
/// as the suffix it does not share with the key before it (`shared[i]` bytes are shared,
/// `lens[i]` bytes are its own); every 16th key is written whole and `blocks[b]` is where block
/// `b` starts in `text`. The 39,901 country names cost about 60% of their bytes and two bytes
/// each before compression (791 KB), under a third of that after (239 KB); a lookup is a
/// binary search over a number per key (made at expansion) and, for a key longer than eight
/// bytes, a scan of its block.
///
/// The frame holds, before compression: the number of keys `n` and of blocks (two `u32`s), then
/// `shared` (`n` bytes), `lens` (`n` bytes), `blocks` (`u32`s), the values (`n` of
/// [`Value::WIDTH`] bytes) and the text; every number little-endian.
pub struct Packed<V: 'static> {
    /// How many keys the frame holds: a frame that expands to any other count is not read.
    count: usize,
    frame: &'static [u8],
    parts: std::sync::OnceLock<Parts<V>>,
}

/// A [`Packed`] table expanded.
struct Parts<V> {
    text: Box<[u8]>,
    shared: Box<[u8]>,
    lens: Box<[u8]>,
    blocks: Box<[u32]>,
    values: Box<[V]>,
    /// The first eight bytes of every key as a big-endian number (zero-padded): a lookup
    /// compares numbers, and text only among the keys that share its eight bytes.
    prefixes: Box<[u64]>,
    /// The first key of each distinct prefix, by the prefix's hash (open addressing,
    /// [`EMPTY_SLOT`] where none is; a power of two past 5/4 of them): a lookup finds its
    /// prefix in one or two loads, not in the 16 of a binary search that each wait for the one
    /// before (a third of a country name's read went there).
    slots: Box<[u32]>,
}

/// A slot of [`Parts::slots`] that holds no key.
const EMPTY_SLOT: u32 = u32::MAX;

/// `prefix`'s first slot in a table of `2^bits` slots (Fibonacci hashing: the top bits of a
/// multiplication spread even neighbouring prefixes).
fn slot_of(prefix: u64, bits: u32) -> usize {
    usize::try_from(prefix.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)).unwrap_or(0)
}

/// [`Parts::slots`] of sorted `prefixes`: each distinct one's first index.
fn slots_of(prefixes: &[u64]) -> Box<[u32]> {
    let distinct = prefixes.windows(2).filter(|w| w.first() != w.get(1)).count() + 1;
    // At least one slot more than the prefixes: a probe always reaches an empty one.
    let bits = (distinct + distinct / 4 + 1).next_power_of_two().trailing_zeros();
    let mut slots = vec![EMPTY_SLOT; 1 << bits];
    let mask = slots.len() - 1;
    for (i, &p) in prefixes.iter().enumerate() {
        if i > 0 && prefixes.get(i - 1) == Some(&p) {
            continue;
        }
        let Ok(index) = u32::try_from(i) else { break };
        let mut at = slot_of(p, bits);
        while let Some(slot) = slots.get_mut(at) {
            if *slot == EMPTY_SLOT {
                *slot = index;
                break;
            }
            at = (at + 1) & mask;
        }
    }
    slots.into()
}

/// The first eight bytes of `key` as a big-endian number, zero-padded: a smaller number is a
/// smaller key, an equal one says nothing.
///
/// Made from loads of the key and shifts, not by copying the key into a word's bytes: a copy
/// of a few bytes is a call, and the word read back whole after bytes written into it waits
/// for their stores.
fn prefix(key: &[u8]) -> u64 {
    let half = |b: &[u8]| b.try_into().map_or(0, |b| u64::from(u32::from_be_bytes(b)));
    match key.len() {
        8.. => key.get(..8).and_then(|b| b.try_into().ok()).map_or(0, u64::from_be_bytes),
        // The first four bytes, and the last four shifted to their places (the bytes both
        // hold are the same).
        n @ 4..=7 => {
            half(key.get(..4).unwrap_or_default()) << 32 | half(key.get(n - 4..).unwrap_or_default()) << (8 * (8 - n))
        }
        _ => key.iter().enumerate().fold(0, |w, (i, &b)| w | u64::from(b) << (56 - 8 * i)),
    }
}

impl<V: Value> Packed<V> {
    /// A table of `count` keys (the generator writes these).
    pub(crate) const fn new(count: usize, frame: &'static [u8]) -> Self {
        Self { count, frame, parts: std::sync::OnceLock::new() }
    }

    /// The table expanded, at its first use (empty if the frame is not the table it says).
    fn parts(&self) -> &Parts<V> {
        self.parts.get_or_init(|| {
            Parts::unpack(&expand(self.frame)).filter(|p| p.len() == self.count).unwrap_or_else(Parts::empty)
        })
    }

    /// Whether the table expands to the keys it says (a test checks every generated one).
    #[cfg(test)]
    fn expands(&self) -> bool {
        self.count > 0 && self.parts().len() == self.count
    }

    /// The value of `key`, if the table has it.
    pub fn get(&self, key: &str) -> Option<V> {
        self.parts().get(key.as_bytes())
    }

    /// The value of the key of these bytes, if the table has it (a key folded on the stack,
    /// not made a `str`).
    pub(crate) fn get_bytes(&self, key: &[u8]) -> Option<V> {
        self.parts().get(key)
    }

    /// Calls `f` with the value of every key that starts with `head` (`head` itself included),
    /// in key order.
    pub(crate) fn with_prefix(&self, head: &str, f: impl FnMut(V)) {
        self.parts().with_prefix(head, f);
    }

    /// True when `f` holds for some key and its value: a scan of every key, for cold paths.
    pub(crate) fn any(&self, f: impl FnMut(&[u8], V) -> bool) -> bool {
        self.parts().any(f)
    }

    /// Every entry, in key order.
    pub fn entries(&self) -> Vec<(String, V)> {
        self.parts().entries()
    }
}

impl<V: Value> Parts<V> {
    fn empty() -> Self {
        Self {
            text: Box::default(),
            shared: Box::default(),
            lens: Box::default(),
            blocks: Box::default(),
            values: Box::default(),
            prefixes: Box::default(),
            slots: Box::default(),
        }
    }

    /// The parts of an expanded frame ([`Packed`] gives its layout), `None` when it is short.
    fn unpack(bytes: &[u8]) -> Option<Self> {
        let word = |b: &[u8]| b.try_into().ok().map(u32::from_le_bytes);
        let n = usize::try_from(word(bytes.get(0..4)?)?).ok()?;
        let block_count = usize::try_from(word(bytes.get(4..8)?)?).ok()?;
        let mut rest = bytes.get(8..)?;
        let mut take = |len: usize| {
            let (head, tail) = rest.split_at_checked(len)?;
            rest = tail;
            Some(head)
        };
        let shared = take(n)?.into();
        let lens = take(n)?.into();
        let blocks = take(block_count.checked_mul(4)?)?.chunks_exact(4).filter_map(word).collect();
        let values = take(n.checked_mul(V::WIDTH)?)?.chunks_exact(V::WIDTH.max(1)).map(V::from_le).collect();
        let text = rest.into();
        let mut parts = Self { text, shared, lens, blocks, values, prefixes: Box::default(), slots: Box::default() };
        let mut all = Vec::with_capacity(n);
        for b in 0..parts.blocks.len() {
            let _ = parts.scan(b, |k, _| {
                all.push(prefix(k));
                None::<()>
            });
        }
        parts.slots = slots_of(&all);
        parts.prefixes = all.into();
        Some(parts)
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    /// Calls `f` with each key of block `b` and its index, until `f` returns `Some`. Keys are
    /// rebuilt in a buffer on the stack (a shared prefix and a suffix are at most 255 bytes each).
    fn scan<T>(&self, b: usize, mut f: impl FnMut(&[u8], usize) -> Option<T>) -> Option<T> {
        let mut key = [0u8; 512];
        let mut at = self.blocks.get(b).copied().unwrap_or(0) as usize;
        for i in b * BLOCK..((b + 1) * BLOCK).min(self.len()) {
            let shared = self.shared.get(i).copied().unwrap_or(0) as usize;
            let own = self.lens.get(i).copied().unwrap_or(0) as usize;
            let suffix = self.text.get(at..at + own).unwrap_or_default();
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

    /// The value of `key`, if the table has it. Keys whose first eight bytes are a smaller
    /// number sort before `key`, larger after it: the table has `key` only among the keys with
    /// its number. A key of at most eight bytes, none zero, is the first of them when it is as
    /// long (any other with those bytes is longer: the key is its prefix, so sorts first);
    /// a longer one is looked for in their blocks.
    fn get(&self, key: &[u8]) -> Option<V> {
        let all = &self.prefixes;
        let wanted = prefix(key);
        let first = self.first_with(wanted)?;
        if key.len() <= 8 && !crate::spelling::bytes::has(key, 0) {
            let own = usize::from(self.lens.get(first).copied()?);
            let shared = if first % BLOCK == 0 { 0 } else { usize::from(self.shared.get(first).copied()?) };
            return (shared + own == key.len()).then(|| self.values.get(first).copied()).flatten();
        }
        // Few keys share eight bytes: counted forward, not searched for.
        let last = first + all.get(first..).unwrap_or_default().iter().take_while(|&&p| p == wanted).count();
        self.find_from(first, last, key)
    }

    /// The index of the first key whose prefix is `wanted` ([`Self::slots`]), if one is.
    fn first_with(&self, wanted: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let (bits, mask) = (self.slots.len().trailing_zeros(), self.slots.len() - 1);
        let mut at = slot_of(wanted, bits);
        // Some slot is empty (`slots_of`): the probe ends there at the latest.
        for _ in 0..self.slots.len() {
            let index = *self.slots.get(at)?;
            if index == EMPTY_SLOT {
                return None;
            }
            let index = usize::try_from(index).ok()?;
            if self.prefixes.get(index) == Some(&wanted) {
                return Some(index);
            }
            at = (at + 1) & mask;
        }
        None
    }

    /// The value of `key` among the keys `first..last`, which share its first eight bytes,
    /// read from the front coding without rebuilding a key. `matched` is how many bytes `key`
    /// shares with the last key passed (which sorts before it): a key sharing more than that
    /// with the one before it sorts before `key` too and is skipped; any other is compared from
    /// its shared bytes on, and the first that sorts after `key` ends the search.
    ///
    /// The search starts at key `first`, not at its block's first key: `first` shares at most
    /// eight bytes with the key before it (sharing more, that key would have the same eight
    /// bytes and sort among them), so `key` shares those too. Were it more, the search would
    /// start at the block's first key.
    fn find_from(&self, first: usize, last: usize, key: &[u8]) -> Option<V> {
        let start = first - first % BLOCK;
        let shared_first = if first == start { 0 } else { usize::from(self.shared.get(first).copied()?) };
        let (from, mut matched) = if shared_first <= 8 { (first, shared_first) } else { (start, 0) };
        let passed = self.lens.get(start..from)?.iter().map(|&l| usize::from(l)).sum::<usize>();
        let mut at = self.blocks.get(first / BLOCK).copied()? as usize + passed;
        for i in from..last {
            let shared = if i % BLOCK == 0 {
                at = self.blocks.get(i / BLOCK).copied()? as usize;
                0
            } else {
                usize::from(self.shared.get(i).copied()?)
            };
            let own = usize::from(self.lens.get(i).copied()?);
            let suffix = self.text.get(at..at + own)?;
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
    fn with_prefix(&self, head: &str, mut f: impl FnMut(V)) {
        let first = self.prefixes.partition_point(|&p| p < prefix(head.as_bytes()));
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
    fn any(&self, mut f: impl FnMut(&[u8], V) -> bool) -> bool {
        (0..self.blocks.len())
            .any(|b| self.scan(b, |k, i| self.values.get(i).filter(|v| f(k, **v)).map(|_| ())).is_some())
    }

    /// Every entry, in key order.
    fn entries(&self) -> Vec<(String, V)> {
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

/// The NUL-separated words of a frame, its text leaked on purpose (it lives as long as the
/// static that holds the table); none unless there are exactly `count`, so a frame that is not
/// the table it says reads as an empty table. [`Pairs`] and [`Words`] are expanded by it.
fn leaked_words(frame: &[u8], count: usize) -> Vec<&'static str> {
    let text: &'static str = Box::leak(String::from_utf8(expand(frame)).unwrap_or_default().into_boxed_str());
    let words: Vec<&'static str> = text.split('\0').collect();
    if words.len() == count && !text.is_empty() {
        words
    } else {
        Vec::new()
    }
}

/// A generated table of `(key, value)` texts sorted by key, kept in the binary as one zstd frame
/// of `key`, `value`, `key`, ... separated by NUL bytes, and expanded at its first use into
/// the pairs (kept for the process: `'static`, as a plain table's).
pub struct Pairs {
    /// How many pairs the frame holds: a frame that expands to any other count is not read.
    count: usize,
    frame: &'static [u8],
    pairs: std::sync::OnceLock<&'static [(&'static str, &'static str)]>,
}

impl Pairs {
    /// A table of `count` pairs (the generator writes these).
    pub(crate) const fn new(count: usize, frame: &'static [u8]) -> Self {
        Self { count, frame, pairs: std::sync::OnceLock::new() }
    }

    /// Whether the table expands to the pairs it says (a test checks every generated one).
    #[cfg(test)]
    fn expands(&self) -> bool {
        self.count > 0 && self.entries().len() == self.count
    }

    /// The pairs, expanded at the first call ([`leaked_words`]); the list is leaked on purpose,
    /// as the text is.
    pub(crate) fn entries(&self) -> &'static [(&'static str, &'static str)] {
        self.pairs.get_or_init(|| {
            let words = leaked_words(self.frame, 2 * self.count);
            let pairs = words.chunks_exact(2).filter_map(|w| match *w {
                [k, v] => Some((k, v)),
                _ => None,
            });
            Box::leak(pairs.collect())
        })
    }
}

impl std::ops::Deref for Pairs {
    type Target = [(&'static str, &'static str)];

    fn deref(&self) -> &Self::Target {
        self.entries()
    }
}

/// A generated sorted list of words kept in the binary as one zstd frame of the words separated
/// by NUL bytes, expanded at its first use (kept for the process: `'static`, as a plain list's).
pub struct Words {
    /// How many words the frame holds: a frame that expands to any other count is not read.
    count: usize,
    frame: &'static [u8],
    words: std::sync::OnceLock<&'static [&'static str]>,
}

impl Words {
    /// A list of `count` words (the generator writes these).
    pub(crate) const fn new(count: usize, frame: &'static [u8]) -> Self {
        Self { count, frame, words: std::sync::OnceLock::new() }
    }

    /// The words, expanded at the first call ([`leaked_words`]); the list is leaked on purpose,
    /// as the text is.
    pub(crate) fn entries(&self) -> &'static [&'static str] {
        self.words.get_or_init(|| Box::leak(leaked_words(self.frame, self.count).into_boxed_slice()))
    }

    /// Whether the list expands to the words it says (a test checks every generated one).
    #[cfg(test)]
    fn expands(&self) -> bool {
        self.count > 0 && self.entries().len() == self.count
    }
}

impl std::ops::Deref for Words {
    type Target = [&'static str];

    fn deref(&self) -> &Self::Target {
        self.entries()
    }
}

/// Where an [`Index`] finds its pairs.
enum Source {
    Plain(&'static [(&'static str, &'static str)]),
    Compressed(&'static Pairs),
}

/// A lookup over a generated `(key, value)` table, sorted by key (the generator writes every
/// table from a `BTreeMap`): a binary search, nothing built at start-up, no hashing. Keys of
/// two or three letters or digits (codes: `"iw"`, `"CZE"`, `"203"`) are searched as numbers
/// ([`short_code_slot`]) in a copy of the table's short keys made at its first such lookup,
/// without comparing text.
pub(crate) struct Index {
    source: Source,
    short: std::sync::OnceLock<Vec<(u32, &'static str)>>,
}

impl Index {
    /// An index of a plain table.
    pub(crate) const fn new(table: &'static [(&'static str, &'static str)]) -> Self {
        Self { source: Source::Plain(table), short: std::sync::OnceLock::new() }
    }

    /// An index of a compressed table, expanded at the first lookup.
    pub(crate) const fn of(table: &'static Pairs) -> Self {
        Self { source: Source::Compressed(table), short: std::sync::OnceLock::new() }
    }

    fn table(&self) -> &'static [(&'static str, &'static str)] {
        match self.source {
            Source::Plain(table) => table,
            Source::Compressed(pairs) => pairs.entries(),
        }
    }

    /// Every key, in order.
    pub(crate) fn keys(&self) -> impl Iterator<Item = &'static str> {
        self.table().iter().map(|(k, _)| *k)
    }

    /// The value of `key`, if the table has it.
    pub(crate) fn get(&self, key: &str) -> Option<&'static str> {
        self.get_bytes(key.as_bytes())
    }

    /// The value of the key of these bytes, if the table has it.
    pub(crate) fn get_bytes(&self, key: &[u8]) -> Option<&'static str> {
        let table = self.table();
        if let Some(slot) = short_code_slot(key).and_then(|s| u32::try_from(s).ok()) {
            let short = self.short.get_or_init(|| {
                let mut short: Vec<(u32, &'static str)> = (table.iter())
                    .filter_map(|(k, v)| {
                        short_code_slot(k.as_bytes()).and_then(|s| u32::try_from(s).ok()).map(|s| (s, *v))
                    })
                    .collect();
                short.sort_unstable_by_key(|(s, _)| *s);
                short
            });
            return short.binary_search_by_key(&slot, |(s, _)| *s).ok().and_then(|i| short.get(i)).map(|(_, v)| *v);
        }
        table.binary_search_by(|(k, _)| k.as_bytes().cmp(key)).ok().and_then(|i| table.get(i)).map(|(_, v)| *v)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    /// A key's prefix is its first eight bytes zero-padded, read big-endian, at every length
    /// (each of the three ways `prefix` makes it) and with every byte value in each place.
    #[test]
    fn a_prefix_is_the_first_eight_bytes_padded() {
        let padded = |key: &[u8]| {
            let mut word = [0u8; 8];
            for (to, from) in word.iter_mut().zip(key) {
                *to = *from;
            }
            u64::from_be_bytes(word)
        };
        for len in 0..=12 {
            for at in 0..len {
                for b in [0u8, 1, 0x7f, 0x80, 0xff, b'a'] {
                    let mut key: Vec<u8> = (1..=len).map(|i| u8::try_from(i * 17).unwrap_or(0)).collect();
                    key[at] = b;
                    assert_eq!(super::prefix(&key), padded(&key), "{key:?}");
                }
            }
        }
        assert_eq!(super::prefix(b""), 0);
    }

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
        // The frame's layout (`super::Packed`), compressed as the generator does (at a lower level).
        let mut bytes = Vec::new();
        bytes.extend(u32::try_from(keys.len()).unwrap().to_le_bytes());
        bytes.extend(u32::try_from(blocks.len()).unwrap().to_le_bytes());
        bytes.extend(&shared);
        bytes.extend(&lens);
        blocks.iter().for_each(|b: &u32| bytes.extend(b.to_le_bytes()));
        (0..keys.len()).for_each(|i| bytes.extend(u16::try_from(i).unwrap().to_le_bytes()));
        bytes.extend(text.as_bytes());
        let frame = ruzstd::encoding::compress_to_vec(&bytes[..], ruzstd::encoding::CompressionLevel::Fastest);
        super::Packed::new(keys.len(), Box::leak(frame.into_boxed_slice()))
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

    /// A table whose frame did not expand (its parts empty) finds nothing, and does not panic.
    #[test]
    fn an_empty_table_finds_nothing() {
        let parts = super::Parts::<u16>::empty();
        for key in ["", "a", "abcdefghij"] {
            assert_eq!(parts.get(key.as_bytes()), None);
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

    /// Every compressed table of the generated files expands to as many entries as it says.
    #[test]
    fn every_compressed_table_expands() {
        use super::{countries as c, dates as d, language_codes as lc, languages as l, scales as s};
        let packed = [
            ("NAMES", c::NAMES.expands()),
            ("MONTHS", d::MONTHS.expands()),
            ("WEEKDAYS", d::WEEKDAYS.expands()),
            ("RELATIVE_DAYS", d::RELATIVE_DAYS.expands()),
            ("RELATIVE_COUNTS", d::RELATIVE_COUNTS.expands()),
            ("RELATIVE_ONES", d::RELATIVE_ONES.expands()),
            ("COUNT_WORDS", d::COUNT_WORDS.expands()),
            ("ORDINAL_WORDS", d::ORDINAL_WORDS.expands()),
            ("RELATIVE_PERIODS", d::RELATIVE_PERIODS.expands()),
            ("QUARTERS", d::QUARTERS.expands()),
            ("RELATIVE_WEEKS", d::RELATIVE_WEEKS.expands()),
            ("YEAR_WORDS", d::YEAR_WORDS.expands()),
            ("PATTERN_WORDS", d::PATTERN_WORDS.expands()),
            ("LANGUAGE_NAMES", l::LANGUAGE_NAMES.expands()),
            ("SCALES", s::SCALES.expands()),
            ("PERCENT_WORDS", s::PERCENT_WORDS.expands()),
            ("NUMBER_QUALIFIERS", s::NUMBER_QUALIFIERS.expands()),
            ("NUMBER_WORDS", s::NUMBER_WORDS.expands()),
            ("NUMBER_SCALE_WORDS", s::NUMBER_SCALE_WORDS.expands()),
            ("CODE_ALIASES", c::CODE_ALIASES.expands()),
            ("ENGLISH_VARIANTS", c::ENGLISH_VARIANTS.expands()),
            ("RENAMED_NAMES", c::RENAMED_NAMES.expands()),
            ("AMBIGUOUS_NAMES", c::AMBIGUOUS_NAMES.expands()),
            ("STATE_WORDS", c::STATE_WORDS.expands()),
            ("LANGUAGE_ALIASES", lc::LANGUAGE_ALIASES.expands()),
            ("REGION_ALIASES", lc::REGION_ALIASES.expands()),
            ("LIKELY_REGIONS", lc::LIKELY_REGIONS.expands()),
            ("SCRIPT_NAMES", l::SCRIPT_NAMES.expands()),
            ("ICU_KEYWORD_VALUES", super::locale_syntax::ICU_KEYWORD_VALUES.expands()),
            ("KNOWN_LANGUAGES", lc::KNOWN_LANGUAGES.expands()),
            ("TIME_WORDS", d::TIME_WORDS.expands()),
            ("HOLIDAYS", d::HOLIDAYS.expands()),
        ];
        let broken: Vec<&str> = packed.iter().filter(|(_, ok)| !ok).map(|(name, _)| *name).collect();
        assert!(broken.is_empty(), "tables that do not expand: {broken:?}");
        // A frame that is not the table it says is read as an empty table, never a wrong one.
        assert!(!super::Packed::<u8>::new(3, b"not a zstd frame").expands());
        assert!(!super::Pairs::new(1, b"").expands());
        let two = ruzstd::encoding::compress_to_vec(&b"a\0b\0c\0d"[..], ruzstd::encoding::CompressionLevel::Fastest);
        let two: &'static [u8] = Box::leak(two.into_boxed_slice());
        assert!(super::Pairs::new(2, two).expands());
        assert!(super::Pairs::new(3, two).entries().is_empty());
    }

    /// Every table an [`super::Index`] searches is sorted by key, with no key twice.
    #[test]
    fn indexed_tables_are_sorted() {
        let tables: [(&str, &[(&str, &str)]); 11] = [
            ("CODE_ALIASES", &super::countries::CODE_ALIASES),
            ("STATE_WORDS", &super::countries::STATE_WORDS),
            ("STATE_REQUIRED", super::countries::STATE_REQUIRED),
            ("RETIRED_CODES", super::countries::RETIRED_CODES),
            ("RENAMED_NAMES", &super::countries::RENAMED_NAMES),
            ("AMBIGUOUS_NAMES", &super::countries::AMBIGUOUS_NAMES),
            ("LANGUAGE_ALIASES", &super::language_codes::LANGUAGE_ALIASES),
            ("REGION_ALIASES", &super::language_codes::REGION_ALIASES),
            ("LIKELY_REGIONS", &super::language_codes::LIKELY_REGIONS),
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
