//! Reads a range written with words: `from … to …`, `between … and …`, `od … do …`, `vom …
//! bis …`, `du … au …`; one bound (`since 2020`, `until 2026-06-30`, `2020 onwards`, `before
//! 2026`, `after 2026-01-01`, `>= 2026-01-01`, `2026-10-01 –`); and the words of the scripts
//! written without spaces, glued to the bounds (`2026年10月1日から2026年10月31日まで`,
//! `从2026年10月1日到2026年10月31日`).

use chrono::NaiveDate;

use crate::codes::NoteCode;
use crate::input::Input;
use crate::outcome::{Note, Outcome};

use super::options::DateOptions;
use super::range::{combine, DateRange};
use super::range_pair::{pair, split_range};
use super::read::read_prepared;
use super::time::unspaced_script;
use super::words::after_word;

/// The words a range is written with, by language (English, Czech, Slovak, Polish, German,
/// French, Spanish, Italian, Portuguese): grammar, like the date reader's fillers, not data.
/// Each pair is the word before the first bound and the words between the bounds (`from … to
/// …`, `between … and …`, `od … do …`, `vom … bis …`, `du … au …`, `del … al …`).
const OPENERS: &[(&str, &[&str])] = &[
    ("from", &["to", "until", "till", "through", "thru"]),
    ("between", &["and"]),
    ("od", &["do"]),
    ("von", &["bis"]),
    ("vom", &["bis", "bis zum"]),
    ("du", &["au"]),
    ("desde", &["hasta", "até"]),
    ("del", &["al"]),
    ("dal", &["al"]),
    ("\u{441}", &["\u{43f}\u{43e}", "\u{434}\u{43e}"]),
    ("\u{437}", &["\u{43f}\u{43e}", "\u{434}\u{43e}"]),
];

/// Words before one bound only: the first day on (`since 2020`, `od 1. 1. 2026`, `ab März`) or
/// the last day up to (`until 2026-06-30`, `do konce`, `bis`), both inclusive.
const SINCE: &[&str] = &[
    "since",
    "from",
    "starting",
    "starting from",
    "beginning",
    "as of",
    "no earlier than",
    "not earlier than",
    "od",
    "seit dem",
    "seit",
    "ab dem",
    "ab",
    "depuis le",
    "depuis",
    "à partir du",
    "à partir de",
    "a partir du",
    "dès le",
    "desde el",
    "desde",
    "dal",
    "a partir de",
    "\u{441}",
    "\u{43d}\u{430}\u{447}\u{438}\u{43d}\u{430}\u{44f} \u{441}",
];

const UNTIL: &[&str] = &[
    "until",
    "till",
    "through",
    "up to",
    "up until",
    "ending",
    "no later than",
    "not later than",
    "to",
    "do",
    "bis zum",
    "bis",
    "jusqu'au",
    "hasta el",
    "hasta",
    "fino al",
    "até",
    "\u{43f}\u{43e}",
];

/// Words after one bound that open the range on its other side, inclusive: the first day on
/// (`2020 onwards`, `2026-01-01 and later`) or the last day up to (`2020 and earlier`).
const ONWARDS: &[&str] = &[" onwards", " onward", " and later", " or later", " and after", " or after", " and beyond"];

const AND_EARLIER: &[&str] = &[" and earlier", " or earlier", " and before", " or before"];

/// Words before one bound that leave it out: `before 2026` ends on 2025-12-31, `after
/// 2026-01-01` starts on 2026-01-02.
const BEFORE: &[&str] = &["before", "prior to", "earlier than", "p\u{159}ed", "vor", "avant", "antes de", "prima del"];

const AFTER: &[&str] = &["after", "later than", "nach", "apr\u{e8}s", "despu\u{e9}s de", "dopo"];

/// A range written with words (`from 2026-01-01 to 2026-01-31`, `between … and …`, `od … do
/// …`, `since 2020`, `until 2026-06-30`, `before 2026`, `after 2026-01-01`): `None` when the
/// text has none of the words, so the other spellings are tried.
#[cold]
#[inline(never)]
pub(super) fn worded(
    input: &Input<'_>,
    text: &str,
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<Outcome<DateRange>> {
    for (opener, joiners) in OPENERS {
        let Some(rest) = after_word(text, &[opener]) else { continue };
        // Joiners are matched in any ASCII case (ASCII lower-casing keeps every byte's place).
        let lower = rest.to_ascii_lowercase();
        for joiner in *joiners {
            let at = lower.find(&format!(" {joiner} "));
            if let Some((f, t)) = at.and_then(|i| Some((rest.get(..i)?, rest.get(i + joiner.len() + 2..)?))) {
                // As an interval format writes it: a bound may leave out what the other says
                // (`between 1 and 5 October 2026`).
                return Some(pair(input, (f.trim(), t.trim()), (from_opts, to_opts)));
            }
        }
    }
    // Comparisons: `>= 2026-01-01` and `<= …` include the day, `> 2026` and `< …` leave it out.
    let compared = [
        (">=", "since"),
        ("\u{2265}", "since"),
        ("<=", "until"),
        ("\u{2264}", "until"),
        (">", "after"),
        ("<", "before"),
    ]
    .iter()
    .find_map(|(op, word)| Some((text.strip_prefix(op)?.trim_start(), *word)))
    .filter(|(rest, _)| !rest.is_empty());
    if let Some((rest, word)) = compared {
        return worded(input, &format!("{word} {rest}"), (from_opts, to_opts));
    }
    open_ended(input, text, (from_opts, to_opts))
}

/// A range with one bound, written with words (`since 2020`, `2020 onwards`, `until the end of
/// 2026`, `before 2026`, `after 2026-01-01`, `2026 and earlier`); `None` without such words.
fn open_ended(
    input: &Input<'_>,
    text: &str,
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<Outcome<DateRange>> {
    let bound = |rest: &str, opts: &DateOptions| {
        // `until the end of 2026`: the date reader reads the period's end whatever the role.
        read_prepared(Input::String(rest), opts)
    };
    let open_side = |which: &str| {
        let side = if which == "upper" { "after" } else { "before" };
        let message = format!("Read the dash with no date {side} it as no {which} bound.");
        Outcome::absent().note(Note::new(NoteCode::OpenBoundReadAsAbsent, message))
    };
    let suffix = |words: &[&str]| {
        let lower = text.to_ascii_lowercase();
        words.iter().find_map(|w| lower.ends_with(w).then(|| text.get(..text.len() - w.len())).flatten())
    };
    // A dash with nothing after it (`2026-10-01–`, `1. 10. 2026 -`) or before it (`– 2026-10-31`):
    // the range is open on that side, as a table's "from – to" column writes it.
    let dash = ['-', '\u{2013}', '\u{2014}'];
    if let Some(rest) = text.strip_suffix(dash).map(str::trim_end).filter(|r| !r.is_empty() && !r.ends_with(dash)) {
        let out = bound(rest, from_opts);
        if out.value().is_some() {
            return Some(combine(out, open_side("upper"), Some(input)));
        }
    }
    if let Some(rest) = text.strip_prefix(dash).map(str::trim_start).filter(|r| !r.is_empty() && !r.starts_with(dash)) {
        let out = bound(rest, to_opts);
        if out.value().is_some() {
            return Some(combine(open_side("lower"), out, Some(input)));
        }
    }
    if let Some(rest) = suffix(ONWARDS).map(|r| after_word(r, SINCE).unwrap_or(r)).filter(|r| !r.trim().is_empty()) {
        return Some(combine(bound(rest.trim(), from_opts), Outcome::absent(), Some(input)));
    }
    if let Some(rest) = suffix(AND_EARLIER).filter(|r| !r.trim().is_empty()) {
        return Some(combine(Outcome::absent(), bound(rest.trim(), to_opts), Some(input)));
    }
    // `beginning of 2017` names a period's start (the date reader's period ends), not a
    // range open after it: `beginning` is a since word only before the bound itself.
    let of = |r: &&str| r.get(..3).is_some_and(|h| h.eq_ignore_ascii_case("of "));
    if let Some(rest) = after_word(text, SINCE).filter(|r| !of(r)) {
        // `from 2026-01-01 - 2026-01-31`: a range after the word, split as any other.
        if let Some((f, t)) = split_range(rest) {
            return Some(pair(input, (f.trim(), t.trim()), (from_opts, to_opts)));
        }
        return Some(combine(bound(rest, from_opts), Outcome::absent(), Some(input)));
    }
    if let Some(rest) = after_word(text, UNTIL) {
        return Some(combine(Outcome::absent(), bound(rest, to_opts), Some(input)));
    }
    if let Some(rest) = after_word(text, BEFORE) {
        // The day before the first day the bound names.
        let first = read_prepared(Input::String(rest), from_opts);
        let day = first.value().and_then(|d| d.pred_opt());
        return Some(combine(Outcome::absent(), shifted(input, first, day, "before"), Some(input)));
    }
    if let Some(rest) = after_word(text, AFTER) {
        let last = read_prepared(Input::String(rest), to_opts);
        let day = last.value().and_then(|d| d.succ_opt());
        return Some(combine(shifted(input, last, day, "after"), Outcome::absent(), Some(input)));
    }
    None
}

/// A bound one day beside the day `out` read (`before`, `after`), with a note saying so; `out`
/// itself when it did not read a day.
fn shifted(input: &Input<'_>, out: Outcome<NaiveDate>, day: Option<NaiveDate>, which: &str) -> Outcome<NaiveDate> {
    let (Some(read), Some(day)) = (out.value().copied(), day) else { return out };
    let note =
        Note::new(NoteCode::BoundExpanded, format!("Read {} as {day}, the day {which} {read}.", input.to_json_text()));
    Outcome::ok(day).note(note)
}

/// The words of a range in the scripts written without spaces, glued to the bounds (Chinese,
/// Japanese, Korean): grammar, like [`OPENERS`]. A word before the first bound (`从`, `自`:
/// "from"), the words between the bounds, longer first (`から`, `부터`, `到`, `至`), and the
/// words after one bound: the last day up to (`まで`, `为止`, `까지`) or the first day on
/// (`から`, `以降`, `起`, `以来`, `부터`), both inclusive.
const GLUED_OPENERS: &[&str] = &["\u{4ece}", "\u{5f9e}", "\u{81ea}"];

const GLUED_JOINERS: &[&str] =
    &["\u{304b}\u{3089}", "\u{bd80}\u{d130}", "\u{8d77}\u{81f3}", "\u{8d77}\u{5230}", "\u{5230}", "\u{81f3}"];

const GLUED_UNTIL: &[&str] = &["\u{307e}\u{3067}", "\u{4e3a}\u{6b62}", "\u{70ba}\u{6b62}", "\u{ae4c}\u{c9c0}"];

const GLUED_UP_TO: &[&str] = &["\u{622a}\u{81f3}", "\u{622a}\u{6b62}", "\u{76f4}\u{81f3}", "\u{76f4}\u{5230}"];

const GLUED_SINCE: &[&str] =
    &["\u{304b}\u{3089}", "\u{4ee5}\u{964d}", "\u{8d77}", "\u{4ee5}\u{6765}", "\u{4ee5}\u{4f86}", "\u{bd80}\u{d130}"];

/// A range written with the words of a script without spaces ([`GLUED_JOINERS`]):
/// `2026年10月1日から2026年10月31日まで`, `从2026年10月1日到2026年10月31日`, `2026년 10월 1일부터
/// 10월 31일까지`, `2026年10月1日以降`. `None` when the text has none of them.
#[cold]
#[inline(never)]
pub(super) fn glued_words(
    input: &Input<'_>,
    text: &str,
    (from_opts, to_opts): (&DateOptions, &DateOptions),
) -> Option<Outcome<DateRange>> {
    if text.is_ascii() || !text.chars().any(unspaced_script) {
        return None;
    }
    let opened = GLUED_OPENERS.iter().find_map(|w| text.strip_prefix(w));
    let text = opened.unwrap_or(text).trim();
    let bound = |text: &str, opts: &DateOptions| read_prepared(Input::String(text), opts);
    let until = GLUED_UNTIL.iter().find_map(|w| text.strip_suffix(w));
    // `截至2026年10月31日`: a word for "up to" before the one bound.
    if let Some(rest) = GLUED_UP_TO.iter().find_map(|w| text.strip_prefix(w)) {
        let rest = GLUED_UNTIL.iter().find_map(|w| rest.strip_suffix(w)).unwrap_or(rest).trim();
        return (!rest.is_empty()).then(|| combine(Outcome::absent(), bound(rest, to_opts), Some(input)));
    }
    let body = until.unwrap_or(text).trim_end();
    let split = GLUED_JOINERS.iter().find_map(|w| {
        let (f, t) = body.split_once(w)?;
        Some((f.trim(), t.trim())).filter(|(f, t)| !f.is_empty() && !t.is_empty())
    });
    if let Some((f, t)) = split {
        return Some(pair(input, (f, t), (from_opts, to_opts)));
    }
    if until.is_some() && !body.is_empty() {
        return Some(combine(Outcome::absent(), bound(body, to_opts), Some(input)));
    }
    let since = GLUED_SINCE.iter().find_map(|w| text.strip_suffix(w)).map(str::trim_end);
    match since.or(opened.map(|_| text)) {
        Some(rest) if !rest.is_empty() => Some(combine(bound(rest, from_opts), Outcome::absent(), Some(input))),
        _ => None,
    }
}
