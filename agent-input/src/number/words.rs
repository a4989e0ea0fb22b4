//! Numbers written with words, as CLDR's rule-based number spellings (cldr-rbnf) write them:
//! a whole number spelled out (`fourteen`, `two thousand five hundred and six`, `tři sta
//! dvacet`, `zweitausendfünfhundert`), a decimal with its language's word between the digits
//! (`1 point 5`, `1 Komma 5`, `2 čárka 5`), and a minus word before a number (`minus 5`,
//! `мінус 1200000`, `menos dos`).
//!
//! A spelled number is segmented into words of the tables ([`NUMBER_WORDS`], the scale words
//! of [`NUMBER_SCALE_WORDS`], the joining words of [`NUMBER_JOINERS`]) and read only when the
//! words make a well-formed number: a group below a thousand before each scale word, the scale
//! words' powers decreasing, a joining word only after a scale word or a hundred and before
//! the rest. Every segmentation that reads is a reading; two different values ask.

#![allow(clippy::wildcard_imports)]

use super::*;
use crate::data::scales::{
    AMBIGUOUS_NUMBER_SCALE_WORDS, AMBIGUOUS_NUMBER_SCALE_WORD_LANGUAGES, AMBIGUOUS_NUMBER_WORD_LANGUAGES,
    NUMBER_DECIMAL_WORDS, NUMBER_DOZEN_WORDS, NUMBER_JOINERS, NUMBER_MINUS_WORDS, NUMBER_SCALE_WORDS,
    SHORT_NUMBER_WORDS,
};
use crate::limits::{MAX_NUMBER_WORD_BYTES, MAX_SPELLED_NUMBER_CHARS, MAX_SPELLED_NUMBER_STEPS};
use crate::spelling::is_han;
use crate::spelling::languages::settled;

/// The bits of a scale word's entry in [`NUMBER_SCALE_WORDS`] that hold its power of ten.
const POWER: u8 = 31;
/// A scale word's flag in [`NUMBER_SCALE_WORDS`]: it multiplies the group before it.
const AFTER_GROUP: u8 = 32;
/// A scale word's flag: alone, it is one times its power (`mil`, `tisíc`, `eine Million`).
const ALONE: u8 = 64;
/// A scale word's flag set by the reader: a myriad of CJK (`万`, `億`, `만`: a Han or Hangul
/// scale word of 10^4, 10^8 or 10^12), which multiplies every part since the myriad before it
/// (`一千二百万`, 12 000 000), up to 9999.
const MYRIAD: u8 = 128;
/// "No scale word yet": above every power the tables hold.
const NO_POWER: u8 = u8::MAX;

/// One word of a spelled number.
#[derive(Clone, Copy, Debug)]
enum Atom {
    /// A number word (`fourteen`, `dvě stě`, `tisíc`).
    Word(u64),
    /// A number word of one or two Latin letters or an article saying one ([`SHORT_NUMBER_WORDS`]:
    /// `ni`, `um`, `a`), read only right before a scale word (`ni tusen`, `a million`).
    Short(u64),
    /// A scale word: its power of ten and flags.
    Scale(u8),
    /// A word joining a scale's part to the rest (`and`).
    Joiner,
}

/// Where a group below a thousand stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// No word of the group yet.
    Empty,
    /// Units or tens, complete (`twenty-one`, `five`).
    Units,
    /// A whole hundred (`five hundred`): the tens and units may follow.
    Hundreds,
    /// Hundreds and the rest (`tři sta dvacet`), or zero: nothing more in the group.
    Full,
}

/// A reading in progress: the scale parts read so far, the group being read, the last
/// scale's power, and whether a joining word waits for the rest.
#[derive(Clone, Copy, Debug)]
struct State {
    total: u128,
    group: u128,
    stage: Stage,
    power: u8,
    joined: bool,
    /// The total at the last myriad ([`MYRIAD`]), and that myriad's power.
    myriad: (u128, u8),
    /// A [`Atom::Short`] word waits for its scale word.
    short: bool,
}

impl State {
    const START: Self = Self {
        total: 0,
        group: 0,
        stage: Stage::Empty,
        power: NO_POWER,
        joined: false,
        myriad: (0, NO_POWER),
        short: false,
    };

    /// The state after one more word, or `None` when the word cannot come here.
    fn then(self, atom: Atom) -> Option<Self> {
        let mut s = Self { short: false, ..self };
        if self.short && !matches!(atom, Atom::Scale(_)) {
            return None;
        }
        match atom {
            Atom::Joiner => {
                let after_scale = s.stage == Stage::Empty && s.power != NO_POWER;
                if s.joined || !(s.stage == Stage::Hundreds || after_scale) {
                    return None;
                }
                s.joined = true;
                return Some(s);
            }
            Atom::Word(v) if v >= 1000 => {
                let power = u8::try_from(v.checked_ilog10()?).ok()?;
                if 10u64.checked_pow(u32::from(power))? != v || s.stage != Stage::Empty || s.joined {
                    return None;
                }
                return s.scaled(1, power);
            }
            Atom::Word(v) => s.word(v)?,
            Atom::Short(v) if s.stage == Stage::Empty && !s.joined => {
                s.word(v)?;
                return Some(Self { short: true, ..s });
            }
            Atom::Short(_) => return None,
            Atom::Scale(flags) if flags & MYRIAD != 0 => return s.myriad_scaled(flags),
            Atom::Scale(flags) => {
                let power = flags & POWER;
                return match (s.stage, power) {
                    (Stage::Empty, 2) if flags & ALONE != 0 && !s.joined => {
                        Some(Self { group: 100, stage: Stage::Hundreds, ..s })
                    }
                    (Stage::Units, 2) if flags & AFTER_GROUP != 0 && (1..=9).contains(&s.group) => {
                        Some(Self { group: s.group * 100, stage: Stage::Hundreds, ..s })
                    }
                    // The word for one, then a scale word its rules write after one (`una mie`,
                    // `o mie`, `um milhão`).
                    (Stage::Units, 2) if flags & ALONE != 0 && s.group == 1 => {
                        Some(Self { group: 100, stage: Stage::Hundreds, ..s })
                    }
                    (Stage::Units, _) if flags & ALONE != 0 && s.group == 1 && power > 2 => {
                        Self { group: 0, stage: Stage::Empty, ..s }.scaled(1, power)
                    }
                    (Stage::Empty, _) if flags & ALONE != 0 && power > 2 && !s.joined => s.scaled(1, power),
                    // A scale word first names one of it, though its language's rules write a
                    // group before it (`мільйон`, `million`, `hundred and five`).
                    (Stage::Empty, 2) if s.power == NO_POWER && !s.joined => {
                        Some(Self { group: 100, stage: Stage::Hundreds, ..s })
                    }
                    (Stage::Empty, _) if s.power == NO_POWER && !s.joined => s.scaled(1, power),
                    (Stage::Units | Stage::Hundreds | Stage::Full, _)
                        if flags & AFTER_GROUP != 0 && power > 2 && s.group > 0 =>
                    {
                        s.scaled(s.group, power)
                    }
                    _ => None,
                };
            }
        }
        s.joined = false;
        Some(s)
    }

    /// The group after a number word below a thousand.
    fn word(&mut self, v: u64) -> Option<()> {
        let v = u128::from(v);
        // Zeros before the number's words are leading zeros (`cero uno`, as `01`).
        if self.stage == Stage::Full && self.group == 0 && self.total == 0 && self.power == NO_POWER {
            self.stage = Stage::Empty;
        }
        match (self.stage, v) {
            (Stage::Empty, 0) if self.power == NO_POWER && !self.joined => self.stage = Stage::Full,
            (_, 0) => return None,
            (Stage::Empty, 1..=99) => (self.group, self.stage) = (v, Stage::Units),
            (Stage::Empty, _) => {
                let stage = if v.is_multiple_of(100) { Stage::Hundreds } else { Stage::Full };
                (self.group, self.stage) = (v, stage);
            }
            (Stage::Hundreds, 1..=99) => (self.group, self.stage) = (self.group + v, Stage::Full),
            // A whole ten, then a digit's word: their sum, where the tables have no word of
            // both (Turkish written as one word, `otuzüç`, as cheques write amounts; `yedi
            // yüz yirmi üç`). Each language's own word of both reads the same.
            (Stage::Units | Stage::Full, 1..=9) if self.group % 100 >= 10 && self.group.is_multiple_of(10) => {
                self.group += v;
            }
            _ => return None,
        }
        Some(())
    }

    /// The group times ten to `power` added to the total: the powers decrease.
    fn scaled(self, group: u128, power: u8) -> Option<Self> {
        if power >= self.power || self.joined {
            return None;
        }
        let part = group.checked_mul(10u128.checked_pow(u32::from(power))?)?;
        Some(Self { total: self.total.checked_add(part)?, group: 0, stage: Stage::Empty, power, joined: false, ..self })
    }

    /// After a myriad: the part since the myriad before it (its thousands, hundreds and the
    /// group), from 1 to 9999, times the myriad's power; the myriads' powers decrease.
    fn myriad_scaled(self, flags: u8) -> Option<Self> {
        let power = flags & POWER;
        let (hi, last) = self.myriad;
        let section = self.total.checked_sub(hi)?.checked_add(self.group)?;
        // A myriad first names one of it, as any scale word first does (`萬九`, `万`).
        let first = flags & ALONE != 0 || self.power == NO_POWER;
        let alone = section == 0 && self.stage == Stage::Empty && first;
        let multiplier = if alone { 1 } else { section };
        let after = flags & AFTER_GROUP != 0 || alone;
        if self.joined || power >= last || !after || !(1..10_000).contains(&multiplier) {
            return None;
        }
        let total = hi.checked_add(multiplier.checked_mul(10u128.checked_pow(u32::from(power))?)?)?;
        Some(Self { total, group: 0, stage: Stage::Empty, power, joined: false, myriad: (total, power), short: false })
    }

    /// The number read, when the words make one.
    fn end(self) -> Option<u128> {
        let read = self.stage != Stage::Empty || self.power != NO_POWER;
        (read && !self.joined && !self.short).then(|| self.total + self.group)
    }
}

/// Each word of the tables that `piece` is; a word of two numbers or powers as `languages`
/// give it, when they give it one ([`crate::spelling::languages`]).
fn atoms_of(piece: &str, languages: &[String], mut each: impl FnMut(Atom)) {
    if let Some(n) = NUMBER_WORDS.get(piece) {
        each(Atom::Word(u64::from(n)));
    }
    if let Some(n) = short_word(piece) {
        each(Atom::Short(n));
    }
    if let Some((_, numbers)) = AMBIGUOUS_NUMBER_WORDS.iter().find(|(k, _)| *k == piece) {
        let settled = settled(AMBIGUOUS_NUMBER_WORD_LANGUAGES, piece, languages);
        let kept = |n: &&str| settled.as_ref().is_none_or(|s| s.value == *n);
        numbers.split(' ').filter(kept).filter_map(|n| n.parse().ok()).for_each(|n| each(Atom::Word(n)));
    }
    let myriad = |flags: u8| {
        let cjk = piece.chars().all(|c| is_han(c) || is_hangul(c) || c.is_whitespace());
        let power = flags & POWER;
        if cjk && power >= 4 && power.is_multiple_of(4) {
            flags | MYRIAD
        } else {
            flags
        }
    };
    if let Some(flags) = NUMBER_SCALE_WORDS.get(piece) {
        each(Atom::Scale(myriad(flags)));
    }
    // A word of two powers (`billion`) asks wherever either power's rules write it.
    if let Some((_, all)) = AMBIGUOUS_NUMBER_SCALE_WORDS.iter().find(|(k, _)| *k == piece) {
        let flags: SmallVec<[u8; 2]> = all.split(' ').filter_map(|f| f.parse().ok()).collect();
        let either = flags.iter().fold(0, |acc, f| acc | (f & (AFTER_GROUP | ALONE)));
        let settled = settled(AMBIGUOUS_NUMBER_SCALE_WORD_LANGUAGES, piece, languages);
        let kept = |f: &&u8| settled.as_ref().is_none_or(|s| s.value == (**f & POWER).to_string());
        flags.iter().filter(kept).for_each(|f| each(Atom::Scale(myriad((f & POWER) | either))));
    }
    // Chinese writes `零` where a place is empty (`三千零五`, 3005: cldr-rbnf's zh rules):
    // between a scale's part and the rest, as a joining word stands.
    if NUMBER_JOINERS.contains(&piece) || han_zero(piece) {
        each(Atom::Joiner);
    }
}

/// A Hangul syllable or one of its jamo (a key holds a syllable decomposed, `만` as `ᄆ ᅡ ᆫ`).
fn is_hangul(c: char) -> bool {
    ('\u{ac00}'..='\u{d7a3}').contains(&c) || ('\u{1100}'..='\u{11ff}').contains(&c)
}

/// The number of a word of [`SHORT_NUMBER_WORDS`] (`ni`, `um`, the article `a`).
fn short_word(piece: &str) -> Option<u64> {
    SHORT_NUMBER_WORDS.iter().find(|(k, _)| *k == piece).and_then(|(_, n)| n.parse().ok())
}

/// A word for a dozen that ends `key` ([`NUMBER_DOZEN_WORDS`]: `dozen`, `dúzias`, `โหล`, `打`):
/// the text before it, and whether the word alone is one dozen. A Latin word stands apart
/// (`two dozen`); the others may follow the number directly (`五打`, `สองโหล`).
fn dozen_word(key: &str) -> Option<(&str, bool)> {
    NUMBER_DOZEN_WORDS.iter().find_map(|(word, alone)| {
        let before = key.strip_suffix(word)?;
        let apart = before.is_empty() || before.ends_with(separator);
        (apart || !word.is_ascii()).then(|| (before.trim_end_matches(separator), *alone == "alone"))
    })
}

/// The values of a number of dozens (`two dozen`, 24; `a dozen`, 12; `two hundred dozens`,
/// 2400; `五打`, 60): twelve times each value of the number before the dozen's word, or of one
/// where the word alone is a dozen. `None` when `key` ends with no such word.
fn dozens(key: &str, languages: &[String]) -> Option<SmallVec<[u64; 4]>> {
    let (before, alone) = dozen_word(key)?;
    let mut counts = SmallVec::<[u64; 4]>::new();
    if before.is_empty() {
        counts.extend(alone.then_some(1));
    } else {
        counts = spelled_values_in(before, languages);
        if counts.is_empty() {
            counts.extend(short_word(before));
        }
    }
    Some(counts.into_iter().filter_map(|n| n.checked_mul(12)).collect())
}

/// What separates two words of a spelled number.
fn separator(c: char) -> bool {
    matches!(c, ' ' | '-' | ',')
}

/// The walk over the segmentations of a key: the words found at each byte offset, the steps
/// left, and the values read.
struct Walk {
    from: Vec<SmallVec<[(usize, Atom); 2]>>,
    steps: usize,
    values: SmallVec<[u128; 4]>,
}

impl Walk {
    fn go(&mut self, key: &str, at: usize, state: State) {
        if self.steps == 0 {
            return;
        }
        self.steps -= 1;
        if at >= key.len() {
            if let Some(v) = state.end() {
                if !self.values.contains(&v) {
                    self.values.push(v);
                }
            }
            return;
        }
        let edges = self.from.get(at).cloned().unwrap_or_default();
        for (end, atom) in edges {
            let Some(next) = state.then(atom) else { continue };
            let rest = key.get(end..).unwrap_or_default();
            let skip = rest.len() - rest.trim_start_matches(separator).len();
            self.go(key, end + skip, next);
        }
    }
}

/// Whether the piece `key[i..j]` is a word of one or two Latin letters glued to a letter: no
/// such word is read inside another (`ninety` is no `nine` and Vietnamese `tỷ`, 10^9, folded
/// `ty`). Languages that glue a number's words write longer ones (`zweitausend`, `otuzüç`).
fn short_and_glued(key: &str, i: usize, j: usize) -> bool {
    let Some(piece) = key.get(i..j) else { return false };
    if !piece.is_ascii() || piece.len() > 2 {
        return false;
    }
    let letter = |c: Option<char>| c.is_some_and(char::is_alphabetic);
    letter(key.get(..i).and_then(|b| b.chars().next_back())) || letter(key.get(j..).and_then(|a| a.chars().next()))
}

/// Where the pieces of `key` that start at `i` may end: each character boundary after it within
/// [`MAX_NUMBER_WORD_BYTES`], but inside a Hangul syllable (a key holds `삼` as its jamo, and
/// `사` is no piece of it) or where the piece is [`short_and_glued`].
fn piece_ends(key: &str, i: usize) -> impl Iterator<Item = usize> + '_ {
    let syllable_goes_on = |c: char| ('\u{1160}'..='\u{11ff}').contains(&c);
    let ends = key.char_indices().filter(move |(_, c)| !syllable_goes_on(*c)).map(|(j, _)| j);
    let ends = ends.chain([key.len()]).filter(move |j| *j > i);
    ends.take_while(move |j| j - i <= MAX_NUMBER_WORD_BYTES).filter(move |j| !short_and_glued(key, i, *j))
}

/// Every value a text spelled in words reads as (empty when it reads as none; more than one
/// when its words mean different numbers in different languages: `tres`, `two billion`).
pub(super) fn spelled_values(text: &str) -> SmallVec<[u64; 4]> {
    spelled_values_in(text, &[])
}

/// [`spelled_values`], a word of two numbers or powers read as `languages` give it.
fn spelled_values_in(text: &str, languages: &[String]) -> SmallVec<[u64; 4]> {
    let (clean, _) = spelling::clean_edges(text);
    if clean.chars().count() > MAX_SPELLED_NUMBER_CHARS || !clean.chars().any(char::is_alphabetic) {
        return SmallVec::new();
    }
    let key = word_key(clean);
    // One or two Latin letters alone are a code or a word of another language more often than
    // a number (`ty`, Vietnamese `tỷ` folded, is Polish "you"), as the tables say of number words.
    if key.is_ascii() && key.len() < 3 {
        return SmallVec::new();
    }
    if let Some(values) = dozens(&key, languages) {
        return values;
    }
    let mut from: Vec<SmallVec<[(usize, Atom); 2]>> = vec![SmallVec::new(); key.len()];
    for (i, c) in key.char_indices().filter(|(_, c)| !separator(*c)) {
        let _ = c;
        for j in piece_ends(&key, i) {
            let Some(piece) = key.get(i..j) else { continue };
            atoms_of(piece, languages, |atom| from.get_mut(i).into_iter().for_each(|e| e.push((j, atom))));
        }
    }
    let mut walk = Walk { from, steps: MAX_SPELLED_NUMBER_STEPS, values: SmallVec::new() };
    walk.go(&key, 0, State::START);
    if walk.steps == 0 {
        return SmallVec::new();
    }
    let shift = u128::from(han_abbreviated(&key));
    if shift != 0 {
        let spoken: SmallVec<[u128; 4]> = walk.values.iter().filter_map(|v| v.checked_add(shift)).collect();
        walk.values.extend(spoken.into_iter().filter(|v| !walk.values.contains(v)).collect::<Vec<_>>());
    }
    // A reading past the largest whole number read (a long scale's `trillion`, 10^18, after
    // hundreds) leaves no reading at all, never the others alone.
    let values: Option<SmallVec<[u64; 4]>> = walk.values.iter().map(|v| u64::try_from(*v).ok()).collect();
    values.unwrap_or_default()
}

/// The power of a scale word of spelled numbers after digits (`3 hundred`, `3 honderd`, `3
/// sute`): a word of one power that multiplies the group before it ([`AFTER_GROUP`]), none a
/// unit's symbol elsewhere (`mil`, a mile; those ask naming both). `None` for any other word.
pub(super) fn scale_after_digits(key: &str) -> Option<u8> {
    let flags = NUMBER_SCALE_WORDS.get(key).filter(|f| f & AFTER_GROUP != 0)?;
    (!unit_scale(key) && !key.is_empty()).then_some(flags & POWER)
}

/// Whether `key` is a scale word that is also a unit's symbol somewhere (`mil`, a mile:
/// `UNIT_SCALES`), which is never applied after a number.
fn unit_scale(key: &str) -> bool {
    crate::data::scales::UNIT_SCALES.iter().any(|(k, _)| *k == key)
}

/// A Han character's power of ten as a scale word (`百` 2, `千` 3, `万` 4), when it is one.
fn han_power(c: char) -> Option<u32> {
    if !is_han(c) {
        return None;
    }
    let mut buf = [0u8; 4];
    let flags = NUMBER_SCALE_WORDS.get(c.encode_utf8(&mut buf))?;
    Some(u32::from(flags & POWER))
}

/// A Han zero (`零`, `〇`): a number word of 0 written with one Han character.
fn han_zero(piece: &str) -> bool {
    let mut chars = piece.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else { return false };
    (c == '\u{3007}' || is_han(c)) && NUMBER_WORDS.get(piece) == Some(0)
}

/// A Han character's digit (`一` to `九`, `两`, `伍`), when it is one.
fn han_digit(c: char) -> Option<u64> {
    if !is_han(c) {
        return None;
    }
    let mut buf = [0u8; 4];
    let d = NUMBER_WORDS.get(c.encode_utf8(&mut buf)).filter(|d| (1..=9).contains(d))?;
    han_power(c).is_none().then_some(u64::from(d))
}

/// What Chinese speech adds to a Han numeral's written reading where a digit follows a scale
/// character of a hundred or more directly, at the end or before a myriad (`二百五`, `三千五`,
/// `一万二`, `百二萬`): Chinese reads the digit one place below the scale (250, 3500, 12000,
/// 1 200 000: the abbreviated numbers of Yip and Rimmington, *Chinese: A Comprehensive
/// Grammar*, 2004, §5.1.3; Chinese writing puts `零` where a place is empty, cldr-rbnf's
/// `二百零五`), Japanese at the units (205, 3005, 10002, 1 020 000: cldr-rbnf's `二百五`). The
/// difference between the two readings; 0 when no digit stands so (`二百五十`, `二百零五`).
fn han_abbreviated(key: &str) -> u64 {
    let chars: Vec<char> = key.chars().collect();
    let mut shift = 0u64;
    for (i, c) in chars.iter().enumerate() {
        let Some(d) = han_digit(*c) else { continue };
        let Some(p) = i.checked_sub(1).and_then(|b| chars.get(b)).and_then(|b| han_power(*b)) else { continue };
        let k = match chars.get(i + 1) {
            None => 0,
            Some(n) => match han_power(*n) {
                Some(q) if q >= 4 && q > p => q,
                _ => continue,
            },
        };
        if p < 2 {
            continue;
        }
        // The digit at 10^k in writing, at 10^(p - 1 + k) in speech.
        let place = |e: u32| 10u64.checked_pow(e).and_then(|v| v.checked_mul(d));
        let (Some(spoken), Some(written)) = (place(p - 1 + k), place(k)) else { return 0 };
        shift = shift.saturating_add(spoken - written);
    }
    shift
}

/// A whole number spelled in words (`fourteen`, `two thousand five hundred`, `dvě stě`,
/// `zweitausendfünfhundert`): one value reads with `number_spelling_normalized`; words that
/// mean different numbers in different languages (`tres`, `two billion`) ask `not_a_number`
/// naming each. `None` for a text with a digit or that no segmentation reads.
#[cold]
#[inline(never)]
pub(super) fn spelled(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    if text.chars().any(char::is_numeric) {
        return None;
    }
    let values = spelled_values_in(text, &opts.languages);
    match values.as_slice() {
        [] => None,
        [one] => {
            let mut repairs = Repairs::default();
            repairs.push(Repair::Spelling);
            let out = one_reading(input, Decimal::from(*one), repairs, opts);
            Some(match settled_note(input, text, *one, opts) {
                Some(note) => out.note(note),
                None => out,
            })
        }
        _ => Some(Outcome::ask(number_word(input, text)?)),
    }
}

/// The `word_read_in_language` note of a spelled number that reads one value only as the
/// `languages` option's languages give its words (`tres` with `["es"]`), naming the others.
fn settled_note(input: &Input<'_>, text: &str, one: u64, opts: &NumberOptions) -> Option<Note> {
    if opts.languages.is_empty() {
        return None;
    }
    let others: Vec<String> = spelled_values(text).iter().filter(|v| **v != one).map(ToString::to_string).collect();
    if others.is_empty() {
        return None;
    }
    let message = format!(
        "Read {} as {one}, as {} write it (the `languages` option); in another language it is {}.",
        input.to_json_text(),
        opts.languages.join(", "),
        others.join(" or ")
    );
    Some(Note::new(NoteCode::WordReadInLanguage, message))
}

/// The `not_a_number` ask naming each value (with the meaning `meaning` gives it): `expected`
/// and the hint from the values joined with "or".
fn asking(
    input: &Input<'_>,
    values: &[Decimal],
    said: impl FnOnce(&str) -> (String, String),
    meaning: impl Fn(Decimal) -> String,
) -> Ask {
    let options: Vec<String> = values.iter().map(ToString::to_string).collect();
    let (expected, hint) = said(&options.join(" or "));
    let readings = values.iter().map(|v| Reading { value: decimal_value(*v), meaning: meaning(*v) }).collect();
    Ask::new(AskCode::NotANumber, input, expected, hint).with_readings(readings)
}

/// A whole number written as words whose words mean different numbers in different languages
/// (`tres`: three in Spanish, sixty in Danish; `two billion`: [`spelled_values`]) asks
/// `not_a_number` naming each number, never applied. `None` for any other text.
#[cold]
#[inline(never)]
pub(super) fn number_word(input: &Input<'_>, text: &str) -> Option<Ask> {
    let (clean, _) = spelling::clean_edges(text);
    if clean.chars().any(char::is_numeric) {
        return None;
    }
    let values: Vec<Decimal> = spelled_values(clean).into_iter().map(Decimal::from).collect();
    (values.len() >= 2).then(|| words_of_several_numbers(input, clean, &values))
}

/// The `not_a_number` ask of a text of number words that reads as each of `values` (in
/// different languages, or with a scale word of two powers), naming each.
fn words_of_several_numbers(input: &Input<'_>, clean: &str, values: &[Decimal]) -> Ask {
    let word = quoted(clean);
    let what = "a number word for different numbers in different languages";
    asking(
        input,
        values,
        |options| {
            (
                format!("a number in digits; {word} is {what}"),
                format!("set to the number you meant, in digits: {options}"),
            )
        },
        |v| format!("{v}: {word} as a number word"),
    )
}

/// A decimal written with its language's decimal word between the whole number and its digits
/// (`1 point 5`, `1 komma 25`, `2 čárka 5`, `one point two five`: [`NUMBER_DECIMAL_WORDS`],
/// cldr-rbnf's `x.x` rules): read with `number_spelling_normalized`. The whole number is digits
/// or spelled, or nothing (`point five`); the decimals are digits, digit words one by one, or a
/// number spelled as a whole (`uno coma veinticinco`), and a scale word may follow them (`two
/// point two million`; a scale word of two powers asks naming both). `None` for any other text.
#[cold]
#[inline(never)]
pub(super) fn decimal_word(input: &Input<'_>, text: &str, opts: &NumberOptions) -> Option<Outcome<Decimal>> {
    let (clean, _) = spelling::clean_edges(text);
    if clean.chars().count() > MAX_SPELLED_NUMBER_CHARS || !clean.chars().any(char::is_alphabetic) {
        return None;
    }
    let key = word_key(clean);
    let values = NUMBER_DECIMAL_WORDS.iter().find_map(|word| {
        key.match_indices(word).find_map(|(at, _)| {
            let (left, right) = (key.get(..at)?.trim_end(), key.get(at + word.len()..)?.trim_start());
            let before = at == 0 || key.get(..at)?.len() != left.len();
            let spaced = before && key.get(at + word.len()..)?.len() != right.len();
            let tight = !word.chars().any(|c| c.is_ascii_alphabetic());
            let values = if spaced || tight { scaled_decimals(left, right, &opts.languages) } else { SmallVec::new() };
            (!values.is_empty()).then_some(values)
        })
    })?;
    if let [value] = values.as_slice() {
        let mut repairs = Repairs::default();
        repairs.push(Repair::Spelling);
        return Some(one_reading(input, *value, repairs, opts));
    }
    Some(Outcome::ask(words_of_several_numbers(input, clean, &values)))
}

/// The decimals [`joined_decimal`] reads, times each power of a scale word that ends `right`
/// (`two million`, `สองล้าน`; `two billion` gives two): a scale word that multiplies the group
/// before it, no unit's symbol, of a power above a hundred.
fn scaled_decimals(left: &str, right: &str, languages: &[String]) -> SmallVec<[Decimal; 2]> {
    let mut out = SmallVec::new();
    for (at, _) in right.char_indices().skip(1) {
        let (Some(digits), Some(word)) = (right.get(..at), right.get(at..)) else { continue };
        // A Latin scale word stands apart from the decimals (`two million`): `sixty` is no `six`
        // and Vietnamese `tỷ`, folded `ty`.
        let glued = digits.chars().next_back().is_some_and(char::is_alphabetic) && word.is_ascii();
        let word = word.trim_start();
        if glued || unit_scale(word) {
            continue;
        }
        let mut powers: SmallVec<[u8; 2]> = SmallVec::new();
        atoms_of(word, languages, |atom| match atom {
            Atom::Scale(flags) if flags & AFTER_GROUP != 0 && flags & POWER > 2 => powers.push(flags & POWER),
            _ => {}
        });
        if powers.is_empty() {
            continue;
        }
        let Some(base) = joined_decimal(left, digits.trim_end()) else { continue };
        for power in powers {
            let scaled = 10u64.checked_pow(u32::from(power)).and_then(|p| base.checked_mul(Decimal::from(p)));
            if let Some(v) = scaled.and_then(|v| canonical(&normalized(v).to_string())).filter(|v| !out.contains(v)) {
                out.push(v);
            }
        }
        return out;
    }
    out.extend(joined_decimal(left, right));
    out
}

/// The decimal of a whole number's text (`left`: digits, or spelled with one value; nothing
/// for zero, `point five`) and the digits after the decimal word (`right`: ASCII digits, digit
/// words one by one, or a number spelled as a whole: `uno coma veinticinco`, 1.25).
fn joined_decimal(left: &str, right: &str) -> Option<Decimal> {
    let whole = match parse_text(left) {
        _ if left.is_empty() => Decimal::ZERO,
        Parsed::One { value, .. } if value.is_integer() => value,
        Parsed::One { .. } | Parsed::Two { .. } | Parsed::OutOfBounds => return None,
        Parsed::Invalid => match spelled_values(left).as_slice() {
            [one] if !left.chars().any(char::is_numeric) => Decimal::from(*one),
            _ => return None,
        },
    };
    let digits: String = if !right.is_empty() && right.bytes().all(|b| b.is_ascii_digit()) {
        right.to_owned()
    } else {
        let words = right.split(' ').map(|w| NUMBER_WORDS.get(w).filter(|d| *d <= 9));
        let one_by_one = words.map(|d| d.and_then(|d| char::from_digit(d, 10))).collect::<Option<String>>();
        match (one_by_one.or_else(|| glued_digits(right)), spelled_values(right).as_slice()) {
            (Some(digits), _) => digits,
            // A number below a thousand of no scale word: `two hundred` or `dos mil` after the
            // decimal word may be a scale of the number before it (1.2 hundred), never decimals.
            (None, [one]) if *one < 1000 && !has_scale_word(right) => one.to_string(),
            _ => return None,
        }
    };
    if digits.is_empty() || digits.len() > 20 {
        return None;
    }
    let sign = if whole.is_sign_negative() { "-" } else { "" };
    // The canonical text of a JSON number: `1 point 234` is 1.234, never a grouping.
    canonical(&format!("{sign}{}.{digits}", whole.abs()))
}

/// Digit words written together after a decimal word, as Chinese, Japanese, Korean and Thai
/// write them (`一点二三`, `일점이삼`: 1.23), as digits: one digit word at each place and only
/// one. `None` for an ASCII text, a text with a space, or one that is no such run.
fn glued_digits(right: &str) -> Option<String> {
    if right.is_ascii() || right.contains(' ') {
        return None;
    }
    let mut out = String::new();
    let mut at = 0;
    while at < right.len() {
        let mut found = None;
        for j in piece_ends(right, at) {
            let Some(d) = right.get(at..j).and_then(|p| NUMBER_WORDS.get(p)).filter(|d| *d <= 9) else { continue };
            if found.is_some() {
                return None;
            }
            found = Some((j, d));
        }
        let (j, d) = found?;
        out.push(char::from_digit(d, 10)?);
        at = j;
    }
    Some(out)
}

/// Whether any piece of `key` is a scale word of the tables (`hundred`, `mil`, `ร้อย`), glued or
/// apart, as the segmentation of [`spelled_values`] finds pieces.
fn has_scale_word(key: &str) -> bool {
    key.char_indices().any(|(i, _)| {
        piece_ends(key, i).any(|j| {
            let mut scale = false;
            atoms_of(key.get(i..j).unwrap_or_default(), &[], |atom| scale |= matches!(atom, Atom::Scale(_)));
            scale
        })
    })
}

/// A minus word before a number (`minus 5`, `мінус 1200000`, `menos dos`, `minus 1 point 5`:
/// [`NUMBER_MINUS_WORDS`], cldr-rbnf's `-x` rules): the number after it, read as any other,
/// negated, with `number_spelling_normalized`; when the number after it asks, the ask names
/// each reading negated (a reading that is no positive number is left out), never a positive
/// one. `None` for a text that does not start with a minus word and a space or digit.
#[cold]
#[inline(never)]
pub(super) fn minus_word(
    input: &Input<'_>,
    text: &str,
    opts: &NumberOptions,
    cx: &Context<'_>,
) -> Option<Outcome<Decimal>> {
    let (clean, _) = spelling::clean_edges(text);
    if clean.chars().count() > MAX_SPELLED_NUMBER_CHARS || !clean.chars().any(char::is_alphabetic) {
        return None;
    }
    let key = word_key(clean);
    let rest = NUMBER_MINUS_WORDS.iter().find_map(|m| {
        let rest = key.strip_prefix(m)?;
        rest.starts_with(|c: char| c.is_whitespace() || c.is_ascii_digit()).then(|| rest.trim_start())
    })?;
    if rest.is_empty() || rest.starts_with(['-', '+', '\u{2212}']) {
        return None;
    }
    let inner =
        NumberOptions { languages: opts.languages.clone(), ..NumberOptions::new() }.read(Input::String(rest), cx);
    let plain = || {
        Ask::new(
            AskCode::NotANumber,
            input,
            "a number, such as -4000 or -1.5",
            "set to a JSON number: ASCII digits, a minus sign, a point for decimals, no grouping (e.g. -1234.5)",
        )
    };
    match inner.status {
        Status::Ok { value } if !value.is_sign_negative() => {
            let mut repairs = Repairs::default();
            repairs.push(Repair::Spelling);
            Some(one_reading(input, -normalized(value), repairs, opts))
        }
        Status::Ask { ask } => {
            let negated: Vec<Decimal> = ask
                .readings
                .iter()
                .filter_map(|r| canonical(&r.value.to_string()))
                .filter(|v| *v > Decimal::ZERO)
                .map(|v| -normalized(v))
                .collect();
            if negated.is_empty() {
                return Some(Outcome::ask(plain()));
            }
            let received = input.to_json_text();
            Some(Outcome::ask(asking(
                input,
                &negated,
                |options| {
                    (
                        format!("a number in digits with its sign; {received} has a minus word before it"),
                        format!("set to the number you meant, in digits: {options}"),
                    )
                },
                |v| format!("{v}, the minus word before {}", -v),
            )))
        }
        _ => Some(Outcome::ask(plain())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The powers of ten a scale word of the tables stands for.
    fn powers(word: &str) -> Vec<u8> {
        let mut out = Vec::new();
        atoms_of(word, &[], |atom| {
            if let Atom::Scale(flags) = atom {
                out.push(flags & POWER);
            }
        });
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The class of `three billions`: English's plural of a scale word keeps every power the
    /// singular has (`billions`: 10^9 and 10^12), after every unit number word, so a word of two
    /// powers asks in its plural as in its singular rather than reading one.
    #[test]
    fn an_english_plural_of_a_scale_word_keeps_every_power() {
        let mut asked = 0;
        for word in ["hundred", "thousand", "million", "billion", "trillion"] {
            let plural = format!("{word}s");
            let (one, many) = (powers(word), powers(&plural));
            assert!(!one.is_empty() && one.iter().all(|p| many.contains(p)), "{word} {one:?}, {plural} {many:?}");
            for (unit, n) in [("two", 2u64), ("three", 3), ("seven", 7), ("nine", 9)] {
                let values = spelled_values(&format!("{unit} {plural}"));
                let expected: Vec<u64> = many.iter().map(|p| n * 10u64.pow(u32::from(*p))).collect();
                assert_eq!(values.len(), expected.len(), "{unit} {plural}: {values:?}");
                assert!(expected.iter().all(|v| values.contains(v)), "{unit} {plural}: {values:?}");
                asked += usize::from(values.len() > 1);
            }
        }
        assert!(asked >= 4, "no English plural of a scale word of two powers");
    }

    /// The class of `二百五`: a Han digit right after a scale character of a hundred or more,
    /// at the end or before a myriad, reads both as Chinese speech does and as Japanese writes
    /// it, for every digit, scale and myriad; a place written out (`十`) or a zero (`零`)
    /// leaves one reading.
    #[test]
    fn a_han_digit_after_a_scale_reads_both_ways() {
        let digits = [("一", 1u64), ("二", 2), ("三", 3), ("五", 5), ("九", 9)];
        for (digit, d) in digits {
            for (scale, p) in [("百", 2u32), ("千", 3), ("万", 4)] {
                let ten = |e: u32| 10u64.pow(e);
                let text = format!("三{scale}{digit}");
                let base = 3 * ten(p);
                let mut values = spelled_values(&text).to_vec();
                values.sort_unstable();
                assert_eq!(values, vec![base + d, base + d * ten(p - 1)], "{text}");
                let filled = if p == 2 && d == 1 {
                    "三百十".to_owned()
                } else if p == 2 {
                    format!("三百{digit}十")
                } else {
                    format!("三{scale}零{digit}")
                };
                assert_eq!(spelled_values(&filled).len(), 1, "{filled}: {:?}", spelled_values(&filled));
            }
            let mut values = spelled_values(&format!("百{digit}萬")).to_vec();
            values.sort_unstable();
            assert_eq!(values, vec![(100 + d) * 10_000, (100 + d * 10) * 10_000], "百{digit}萬");
        }
        assert_eq!(spelled_values("千二百").as_slice(), &[1200]);
    }

    /// `n` (below 10^12) in Chinese digits: sections of 亿 and 万, each with 千, 百 and 十,
    /// and 零 where a place is empty before a digit (cldr-rbnf's zh rules).
    fn chinese(n: u64) -> String {
        const DIGITS: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
        let section = |s: u64, out: &mut String, mut started: bool| {
            let mut gap = false;
            for (place, name) in [(1000, "千"), (100, "百"), (10, "十"), (1, "")] {
                let d = usize::try_from(s / place % 10).unwrap_or_default();
                if d == 0 {
                    gap |= started;
                    continue;
                }
                if gap {
                    out.push('零');
                    gap = false;
                }
                out.push_str(DIGITS[d]);
                out.push_str(name);
                started = true;
            }
        };
        let mut out = String::new();
        for (unit, name) in [(100_000_000, "亿"), (10_000, "万"), (1, "")] {
            let part = n / unit % 10_000;
            if part == 0 {
                continue;
            }
            let started = !out.is_empty();
            if started && part < 1000 && !out.ends_with('零') {
                out.push('零');
            }
            section(part, &mut out, started && part >= 1000);
            out.push_str(name);
        }
        out
    }

    /// `n` (below 10^12) in Sino-Korean numerals as cldr-rbnf's ko rules write them: sections
    /// of 억 and 만, each with 천, 백 and 십, no 일 before 천, 백, 십 or a lone 만 (`만`, 10 000;
    /// `일억`), no word for an empty place, and `spaced` a space after each myriad (the
    /// spacing of the Korean orthography, 한글 맞춤법 §44).
    fn korean(n: u64, spaced: bool) -> String {
        const DIGITS: [&str; 10] = ["", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
        let mut out = String::new();
        for (unit, name) in [(100_000_000, "억"), (10_000, "만"), (1, "")] {
            let part = n / unit % 10_000;
            if part == 0 {
                continue;
            }
            if spaced && !out.is_empty() {
                out.push(' ');
            }
            for (place, word) in [(1000, "천"), (100, "백"), (10, "십"), (1, "")] {
                let d = usize::try_from(part / place % 10).unwrap_or_default();
                let alone = d == 1 && (place > 1 || (part == 1 && unit == 10_000));
                if d > 0 && !alone {
                    out.push_str(DIGITS[d]);
                }
                if d > 0 {
                    out.push_str(word);
                }
            }
            out.push_str(name);
        }
        out
    }

    proptest::proptest! {
        /// The class of `一千二百万`: every whole number below 10^12 written in Chinese
        /// digits, with its myriads and zeros, reads as itself and nothing else.
        #[test]
        fn every_chinese_number_reads_as_itself(n in 1u64..1_000_000_000_000) {
            let text = chinese(n);
            let values = spelled_values(&text).to_vec();
            proptest::prop_assert_eq!(values, vec![n], "{}", text);
        }
    }

    proptest::proptest! {
        /// The class of `오천팔백십구만백사십팔`: every whole number below 10^12 in Sino-Korean
        /// numerals, its myriads written together or spaced, reads as itself and nothing else.
        #[test]
        fn every_korean_number_reads_as_itself(n in 1u64..1_000_000_000_000, spaced: bool) {
            let text = korean(n, spaced);
            let values = spelled_values(&text).to_vec();
            proptest::prop_assert_eq!(values, vec![n], "{}", text);
        }
    }

    proptest::proptest! {
        /// The class of `一点二三` and `일점이삼`: a whole number in Chinese or Sino-Korean
        /// numerals, the decimal word, and its digits written together read as that decimal.
        #[test]
        fn cjk_decimals_with_their_digits_together(whole in 1u64..10_000, digits in "[0-9]{1,6}") {
            const HAN: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
            const HANGUL: [&str; 10] = ["영", "일", "이", "삼", "사", "오", "육", "칠", "팔", "구"];
            let spell = |names: &[&str; 10]| -> String {
                digits.bytes().map(|b| names[usize::from(b - b'0')]).collect()
            };
            let want = canonical(&format!("{whole}.{digits}")).map(normalized);
            for text in [format!("{}点{}", chinese(whole), spell(&HAN)), format!("{}점{}", korean(whole, false), spell(&HANGUL))] {
                let (left, right) = text.split_once(['点', '점']).unwrap_or_default();
                let got = joined_decimal(&word_key(left), &word_key(right)).map(normalized);
                proptest::prop_assert_eq!(got, want, "{}", text);
            }
        }
    }

    /// The point's spoken names and the whole's word before the decimals read as the decimal
    /// word cldr-rbnf writes does (`один точка один`, `jedan cijela jedan`, `bir nokta bir`).
    #[test]
    fn spoken_decimal_words() {
        for (text, want) in [
            ("один точка один", "1.1"),
            ("один крапка один", "1.1"),
            ("bir nokta bir", "1.1"),
            ("jedan cijela jedan", "1.1"),
            ("ერთი მთელი ერთი", "1.1"),
            ("واحد فاصلة واحد", "1.1"),
            ("jeden tečka pět", "1.5"),
            ("iki nokta iki milyon", "2200000"),
        ] {
            let (left, word, right) = NUMBER_DECIMAL_WORDS
                .iter()
                .find_map(|w| {
                    let key = word_key(text);
                    let (l, r) = key.split_once(&format!(" {w} "))?;
                    Some((l.to_owned(), *w, r.to_owned()))
                })
                .unwrap_or_default();
            let got = scaled_decimals(&left, &right, &[]);
            assert_eq!(got.iter().map(ToString::to_string).collect::<Vec<_>>(), vec![want], "{text} ({word})");
        }
    }

    #[test]
    fn chinese_numbers_as_cldr_writes_them() {
        for (n, text) in
            [(10_040, "一万零四十"), (12_000_000, "一千二百万"), (120_000_000, "一亿二千万"), (3_005, "三千零五")]
        {
            assert_eq!(chinese(n), text);
            assert_eq!(spelled_values(text).as_slice(), &[n], "{text}");
        }
        // Unihan's tens: 卅 (30), 廿 (20), 卌 (40), alone and before a digit.
        for (text, n) in [("卅三", 33), ("廿", 20), ("五百卅四", 534), ("一萬零卌", 10_040)] {
            assert_eq!(spelled_values(text).as_slice(), &[n], "{text}");
        }
    }

    /// Every word of the number table reads as its number, whatever its script: words with
    /// the marks Thai, Khmer, Burmese and the Indic scripts write (`หนึ่ง`, `ஒன்று`, `सत्रह`),
    /// the forms of a hundred before the rest (Georgian `ორას`), the case forms of Russian,
    /// Polish, Lithuanian and Finnish (`трех`), Arabic's oblique forms (`عشرين`) and the
    /// regional rules (`septante`, `huitante`, `dezasseis`).
    #[test]
    fn every_table_word_reads_as_its_number() {
        let entries = NUMBER_WORDS.entries();
        for (key, n) in &entries {
            let values = spelled_values(key);
            assert!(values.contains(&u64::from(*n)), "{key}: {values:?}, the table says {n}");
        }
        let marked = entries.iter().filter(|(k, _)| k.chars().any(unicode_normalization::char::is_combining_mark));
        let marked = marked.count();
        assert!(marked > 200, "{marked} words with combining marks");
        for (word, n) in [
            ("หนึ่ง", 1),
            ("ஒன்று", 1),
            ("सत्रह", 17),
            ("ორას", 200),
            ("трех", 3),
            ("عشرين", 20),
            ("ثلاثمائة", 300),
            ("huitante", 80),
            ("dezasseis", 16),
            ("εφτά", 7),
            ("otuzüç", 33),
            // `to-words`' languages, which cldr-rbnf does not spell.
            ("పదిహేను", 15),
            ("ಹದಿನೈದು", 15),
            ("পনেরো", 15),
            ("പതിനഞ്ച്", 15),
            ("మూడు లక్ష", 300_000),
        ] {
            assert_eq!(spelled_values(word).as_slice(), &[n], "{word}");
        }
    }

    /// After a decimal word, a number with a scale word in it is never read as the decimals
    /// (`uno coma dos mil` is no 1.2, `one point two hundred` no 1.2): it asks.
    #[test]
    fn a_scale_word_after_a_decimal_word_is_no_decimals() {
        for (left, right) in [("uno", "dos mil"), ("one", "two hundred"), ("one", "five hundred twenty")] {
            assert!(scaled_decimals(left, right, &[]).is_empty(), "{left} . {right}");
        }
        assert_eq!(scaled_decimals("one", "twenty five", &[]).as_slice(), &[Decimal::new(125, 2)]);
    }

    /// A scale word first or alone names one of it (`мільйон`, `thousand`, `hundred and
    /// five`): every scale word of one power that is no unit's symbol.
    #[test]
    fn a_scale_word_alone_is_one_of_it() {
        let mut read = 0;
        for (key, flags) in NUMBER_SCALE_WORDS.entries() {
            let short = key.is_ascii() && key.len() < 3;
            let glued = key.starts_with(separator) || short;
            if glued || unit_scale(&key) || NUMBER_WORDS.get(&key).is_some() {
                continue;
            }
            let power = u32::from(flags & POWER);
            let values = spelled_values(&key);
            assert!(values.contains(&10u64.pow(power)), "{key}: {values:?}, 10^{power}");
            read += 1;
        }
        assert!(read > 300, "{read}");
        assert!(spelled_values("ty").is_empty() && spelled_values("tỷ").is_empty(), "two Latin letters alone");
        assert_eq!(spelled_values("hundred and five").as_slice(), &[105]);
        // A myriad first, as Chinese speech says it (`萬九`, 19 000; 10 009 as Japanese
        // writes a digit after a scale character).
        let mut values = spelled_values("萬九").to_vec();
        values.sort_unstable();
        assert_eq!(values, vec![10_009, 19_000]);
        assert_eq!(spelled_values("万").as_slice(), &[10_000]);
    }

    /// The class of `a million`, `um milhão`, `ni tusen`: each word of one or two Latin letters
    /// and each article of one reads right before a scale word, and nowhere else (alone, twice,
    /// before a number word, after a ten: `twenty to` is no 22).
    #[test]
    fn short_words_read_only_before_a_scale_word() {
        for (word, n) in SHORT_NUMBER_WORDS {
            let n: u64 = n.parse().unwrap_or_default();
            assert_eq!(spelled_values(&format!("{word} million")).as_slice(), &[n * 1_000_000], "{word}");
            for text in [(*word).to_owned(), format!("{word} {word}"), format!("{word} five"), format!("twenty {word}")]
            {
                assert!(spelled_values(&text).is_empty(), "{text}: {:?}", spelled_values(&text));
            }
        }
        for (text, n) in [
            ("a hundred", 100),
            ("a thousand and one", 1001),
            ("o mie", 1000),
            ("o sută", 100),
            ("un milion", 1_000_000),
            ("um milhão", 1_000_000),
            ("ni tusen", 9000),
            ("ba nghìn", 3000),
        ] {
            assert_eq!(spelled_values(text).as_slice(), &[n], "{text}");
        }
    }

    /// The class of `two dozen`, `uma dúzia`, `สองโหล`, `五打`: every word for a dozen is twelve
    /// times the number before it; alone, a singular is one dozen and a plural nothing.
    #[test]
    fn a_dozen_is_twelve_of_the_number_before_it() {
        for (word, alone) in NUMBER_DOZEN_WORDS {
            let want: &[u64] = if *alone == "alone" { &[12] } else { &[] };
            assert_eq!(spelled_values(word).as_slice(), want, "{word}");
            assert_eq!(spelled_values(&format!("three {word}")).as_slice(), &[36], "three {word}");
            assert_eq!(spelled_values(&format!("two hundred {word}")).as_slice(), &[2400], "two hundred {word}");
            if !word.is_ascii() {
                assert_eq!(spelled_values(&format!("三{word}")).as_slice(), &[36], "三{word}");
            }
        }
        assert_eq!(spelled_values("a dozen").as_slice(), &[12]);
        assert!(spelled_values("threedozen").is_empty(), "a Latin dozen stands apart");
    }

    /// Number words of one value of the table, for the properties below.
    fn one_valued() -> &'static [(String, u64)] {
        static WORDS: std::sync::OnceLock<Vec<(String, u64)>> = std::sync::OnceLock::new();
        WORDS.get_or_init(|| {
            let entries = NUMBER_WORDS.entries().into_iter().filter(|(k, n)| *n <= 999 && !k.contains('-'));
            entries
                .filter_map(|(k, _)| match spelled_values(&k).as_slice() {
                    [one] => Some((k, *one)),
                    _ => None,
                })
                .collect()
        })
    }

    proptest::proptest! {
        /// Zeros before a spelled number are leading zeros (`cero uno`, `zero zero seven`,
        /// as `01` and `007` read): the number reads as without them.
        #[test]
        fn zeros_before_a_spelled_number_lead(index in proptest::prelude::any::<proptest::sample::Index>(), zeros in 1usize..3) {
            let (key, n) = index.get(one_valued());
            let zero = ["zero", "cero", "nula", "null"][zeros % 4];
            let text = format!("{} {key}", vec![zero; zeros].join(" "));
            let values = spelled_values(&text).to_vec();
            proptest::prop_assert!(values.contains(n), "{}: {:?}", text, values);
        }

        /// A decimal word between a whole number and a number spelled as a whole (`uno coma
        /// veinticinco`, 1.25; `point five`, 0.5) or its digits one by one, and a scale word after
        /// them (`two point two million`).
        #[test]
        fn a_spelled_fraction_after_a_decimal_word(index in proptest::prelude::any::<proptest::sample::Index>(), whole in 0u64..10, scaled in proptest::prelude::any::<bool>()) {
            let (key, n) = index.get(one_valued());
            let left = if whole == 0 { String::new() } else { whole.to_string() };
            let right = if scaled { format!("{key} million") } else { key.clone() };
            proptest::prop_assume!(!has_scale_word(key) || *n < 10);
            let values: Vec<Decimal> = scaled_decimals(&left, &right, &[]).iter().map(|v| v.normalize()).collect();
            let expected = canonical(&format!("{whole}.{n}")).map(|d| if scaled { d * Decimal::from(1_000_000) } else { d });
            proptest::prop_assert_eq!(values, expected.map(|v| v.normalize()).into_iter().collect::<Vec<_>>(), "{} | {}", left, right);
        }
    }

    proptest::proptest! {
        /// A whole ten and a digit's word after it add up, where the table has no word of
        /// both too, and read as that word does where it has one: every ten of English and
        /// Czech with every digit.
        #[test]
        fn a_ten_then_a_digit_adds_up(ten in 1u64..10, digit in 1u64..10, czech in proptest::prelude::any::<bool>()) {
            const EN: [&str; 10] = ["", "ten", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
            const CS: [&str; 10] = ["", "deset", "dvacet", "třicet", "čtyřicet", "padesát", "šedesát", "sedmdesát", "osmdesát", "devadesát"];
            const EN_1: [&str; 10] = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];
            const CS_1: [&str; 10] = ["", "jedna", "dva", "tři", "čtyři", "pět", "šest", "sedm", "osm", "devět"];
            let (tens, ones) = if czech { (CS, CS_1) } else { (EN, EN_1) };
            let text = format!("{} {}", tens[ten as usize], ones[digit as usize]);
            proptest::prop_assert_eq!(spelled_values(&text).to_vec(), vec![ten * 10 + digit], "{}", text);
            let hundred = format!("five hundred {text}");
            proptest::prop_assert_eq!(spelled_values(&hundred).to_vec(), vec![500 + ten * 10 + digit], "{}", hundred);
        }
    }

    /// No word of one or two Latin letters is read glued to another word (`ninety` is no `nine`
    /// and `ty`), and every English ten reads alone.
    #[test]
    fn a_short_latin_word_is_never_glued() {
        for ten in ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"] {
            assert_eq!(spelled_values(ten).len(), 1, "{ten}: {:?}", spelled_values(ten));
        }
        assert!(short_and_glued("ninety", 4, 6));
        assert!(!short_and_glued("nine ty", 5, 7));
    }

    /// English's plural of a scale word of one power reads that power (`three thousands`).
    #[test]
    fn a_plural_of_a_scale_word_of_one_power_reads() {
        for (text, value) in [("three thousands", 3_000), ("two millions", 2_000_000), ("five hundreds", 500)] {
            assert_eq!(spelled_values(text).as_slice(), &[value], "{text}");
        }
    }
}
