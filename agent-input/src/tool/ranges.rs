//! A range's two date bounds: a whole range sent for the tool's pair of bounds (one string,
//! an object or a pair), and bounds sent in reverse.

use serde_json::{json, Value};

use super::envelope::Issue;
use super::props::{name_key, Def, Matched, PropertyRule, PropertySet};
use super::read::{join, Read};
use crate::codes::NoteCode;
use crate::hint::At;
use crate::input::Input;
use crate::kind::Spec;
use crate::outcome::{Ask, Note, Outcome, Status};

/// The note of a range sent under `key` for the bounds `from` and `to`, at the first bound.
fn pair_note(prefix: &str, key: &str, (from, to): (&PropertyRule, &PropertyRule)) -> Note {
    let message = ["Read the property `", key, "` as `", &from.name, "` and `", &to.name, "`."].concat();
    let mut note = Note::new(NoteCode::PropertyNameNormalized, message);
    note.path = Some(join(prefix, &from.name));
    note
}

impl PropertySet {
    /// Whether a bound of the tool's first pair was sent itself (a range for the pair is then
    /// an unknown key).
    pub(super) fn bound_sent(matched: &Matched<'_>, (a, b): (usize, usize)) -> bool {
        [a, b].iter().any(|i| matched.get(*i).is_some_and(Option::is_some))
    }

    /// The pair of date bounds a whole range may be sent for under a key of these words: the
    /// tool's one pair, when the last word is `range`, `period`, `dates`, `interval` or
    /// `timeframe` or the key is `date`; else the one pair whose names are the key's words (less
    /// such a last word) with their `from` and `to` (`decision_date` and `decision_date_range`
    /// for `decision_date_from` and `decision_date_to`, whatever other pairs the tool has).
    /// `"date": "2026-05-01"` is that day, `"date": "Q1 2026"` the quarter.
    pub(super) fn range_pair(&self, words: &str) -> Option<(usize, usize)> {
        let (head, last) = words.rsplit_once(' ').unwrap_or(("", words));
        let generic = matches!(last, "range" | "period" | "dates" | "interval" | "timeframe");
        if let ([one], true) = (self.pairs.as_slice(), generic || words == "date") {
            return Some(*one);
        }
        // `date` alone, with two pairs or more, names none of them.
        let stem = if generic { head } else { words };
        if !stem.ends_with(" date") {
            return None;
        }
        let named = |(a, _): &&(usize, usize)| {
            self.props
                .get(*a)
                .is_some_and(|p| name_key(&p.name).strip_prefix(stem).is_some_and(|rest| rest.starts_with(' ')))
        };
        let mut found = self.pairs.iter().filter(named);
        match (found.next(), found.next()) {
            (Some(pair), None) => Some(*pair),
            _ => None,
        }
    }

    /// A range written as one string for the tool's one pair of bounds (`"date_range": "Q1
    /// 2026"`, `"period": "2026-01-01 to 2026-03-31"`), read as the date range kind reads it
    /// (with the bounds' `today`): its bounds as values for their slots, the read's notes at
    /// their paths, or its ask as an issue at the key. `None` when a bound was sent itself or
    /// the range reads as absent (the key is then unknown, as before).
    #[cold]
    pub(super) fn split_range(
        &self,
        (key, text): (&str, &str),
        at: (&str, &str),
        (pair, sent): ((usize, usize), bool),
        read: &mut Read<'_>,
    ) -> Option<[Value; 2]> {
        let (prefix, tool) = at;
        let (Some(f), Some(t)) = (self.props.get(pair.0), self.props.get(pair.1)) else { return None };
        if sent {
            read.warn(|| self.unknown(prefix, key, read.cx));
            return None;
        }
        let options = match &f.def {
            Def::Value(Spec::Date(o)) => crate::date::DateRangeOptions {
                today: crate::date::today_in(o.today, read.cx),
                languages: o.languages.clone(),
            },
            _ => crate::date::DateRangeOptions { today: crate::date::today_in(None, read.cx), ..Default::default() },
        };
        let out = crate::date::read_range_prepared(Input::String(text), &options);
        let (from_path, to_path) = (join(prefix, &f.name), join(prefix, &t.name));
        let renamed = pair_note(prefix, key, (f, t));
        let Outcome { status, notes, warnings } = out;
        match status {
            Status::Ok { value } => {
                read.note(renamed);
                for mut n in notes {
                    n.path = Some(if n.path.as_deref() == Some("to") { to_path.clone() } else { from_path.clone() });
                    read.note(n);
                }
                for w in warnings {
                    read.warn(|| w);
                }
                let iso = |d: Option<chrono::NaiveDate>| d.map_or(Value::Null, |d| Value::String(d.to_string()));
                Some([iso(value.from), iso(value.to)])
            }
            Status::Absent => {
                read.warn(|| self.unknown(prefix, key, read.cx));
                None
            }
            Status::Ask { mut ask } => {
                // The next call sets the tool's bounds, or the range again under the same key.
                ask.fix = std::mem::take(&mut ask.fix).parts_onto(&from_path, &to_path);
                read.issues.push(Issue::from_ask(tool, &join(prefix, key), *ask, false));
                None
            }
        }
    }

    /// A whole range sent for the tool's one pair of bounds (`"date_range": {"from": …, "to":
    /// …}` or `[from, to]` for `date_from` and `date_to`, under a key whose last word is
    /// `range`, `period`, `dates`, `interval` or `timeframe`): each bound into its slot, with a
    /// note. False, and nothing done, for any other key or value, or when a bound is already
    /// sent.
    #[cold]
    pub(super) fn range_for_pair<'o>(
        &self,
        words: &str,
        (key, value): (&'o str, &'o Value),
        matched: &mut Matched<'o>,
        prefix: &str,
        read: &mut Read<'_>,
    ) -> bool {
        let Some((a, b)) = self.range_pair(words) else { return false };
        let (from, to) = match value {
            Value::Object(o) if !o.is_empty() && o.keys().all(|k| k == "from" || k == "to") => {
                (o.get("from"), o.get("to"))
            }
            Value::Array(items) if items.len() == 2 => (items.first(), items.get(1)),
            _ => return false,
        };
        if Self::bound_sent(matched, (a, b)) {
            return false;
        }
        let (Some(f), Some(t)) = (self.props.get(a), self.props.get(b)) else { return false };
        for (slot, bound) in [(a, from), (b, to)] {
            if let (Some(s), Some(v)) = (matched.get_mut(slot), bound) {
                *s = Some((key, v));
            }
        }
        read.note(pair_note(prefix, key, (f, t)));
        true
    }

    /// A lower bound after its upper bound: one issue naming both.
    /// When both bounds name periods (`"2022"` and `"2020"`), the swapped reading is each
    /// period read in the other's role (2020-01-01 to 2022-12-31), as the range kind's is.
    pub(super) fn check_pairs(
        &self,
        values: &[Option<Value>],
        raws: &Matched<'_>,
        (prefix, tool): (&str, &str),
        as_sent: u128,
        read: &mut Read<'_>,
    ) {
        // Two bounds passed on as sent, valid against the server's own schema: its to judge.
        let sent = |i: usize| i < 128 && as_sent & (1 << i) != 0;
        for &(a, b) in self.pairs.iter().filter(|(a, b)| !(sent(*a) && sent(*b))) {
            let (Some(Some(Value::String(f))), Some(Some(Value::String(t)))) = (values.get(a), values.get(b)) else {
                continue;
            };
            let (Some(from), Some(to)) = (self.props.get(a), self.props.get(b)) else { continue };
            if f > t {
                // Each sent value read in the other bound's role: the periods, in order.
                let other = |prop: &PropertyRule, raw: Option<&Value>| match (&prop.def, raw) {
                    (Def::Value(spec), Some(raw)) => match spec.read_in(Input::from(Some(raw)), read.cx).status {
                        Status::Ok { value: Value::String(s) } => Some(s),
                        _ => None,
                    },
                    _ => None,
                };
                let raw = |i: usize| raws.get(i).copied().flatten().map(|(_, v)| v);
                let swapped = other(from, raw(b)).zip(other(to, raw(a))).filter(|(x, y)| x <= y);
                let (sf, st) = swapped.unwrap_or_else(|| (t.clone(), f.clone()));
                let (from, to) = (from.name.as_str(), to.name.as_str());
                let ask = Ask::range_reversed_as(
                    json!({ from: f, to: t }),
                    (from, At::Value),
                    (to, At::Path(join(prefix, to))),
                    (f.as_str(), t.as_str()),
                    (&sf, &st),
                );
                read.issues.push(Issue::from_ask(tool, &join(prefix, from), ask, false));
            }
        }
    }
}
