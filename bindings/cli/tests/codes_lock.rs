//! Codes are only ever added (issue 68): every closed code set, locked in `codes.lock.json`.
//!
//! The lock at the workspace's root holds every code of every set in [`SETS`] with its meaning
//! line. This test fails when a locked code is gone (removed, or renamed: a rename is a removal
//! and an addition), when a code's meaning changed without a dated entry in the lock's
//! `changes`, when an entry of `changes` is malformed or names a code the lock does not hold,
//! and when the lock is not what `cargo xtask codes-lock` writes (a new code, a dated meaning
//! not yet applied, a layout made by hand).
//!
//! With `AGENT_INPUT_LOCK_CODES=1` (`cargo xtask codes-lock`) it writes the lock instead: new
//! codes added, dated meanings applied, everything else kept, keys sorted, a trailing newline.
//! It still fails on a removal and on an undated meaning change, which it never writes away.
//!
//! The rules are pure functions over plain maps ([`compare`], [`rewrite`]), unit-tested below
//! with sets made in memory.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use agent_input::codes::{self, AskCode, EnvelopeCode, NoteCode, WarningCode};
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use strum::IntoEnumIterator;

/// One set's codes, each with its meaning line.
type Set = BTreeMap<String, String>;
/// Every set by its name in the lock.
type Sets = BTreeMap<String, Set>;

/// How one set's current `(code, meaning)` pairs are read.
type Source = fn() -> Set;

/// Every closed set: its name in the lock, and how its current pairs are read.
const SETS: &[(&str, Source)] = &[
    ("notes", || enum_set::<NoteCode>(NoteCode::meaning)),
    ("warnings", || enum_set::<WarningCode>(WarningCode::meaning)),
    ("asks", || enum_set::<AskCode>(AskCode::meaning)),
    ("envelopes", || enum_set::<EnvelopeCode>(EnvelopeCode::meaning)),
    ("lint", || rules("lint")),
    ("diff", || rules("diff")),
];

/// The lock's first key, written by the writer.
const POLICY: &str = "Codes are only added, never renamed or reused: a retired code stays (documented as no longer \
                      emitted), and a change of a code's meaning line needs a dated entry in `changes`.";

/// The variable that turns the test into the lock's writer (`cargo xtask codes-lock`).
const LOCK_ENV: &str = "AGENT_INPUT_LOCK_CODES";

/// `codes.lock.json`, as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Lock {
    policy: String,
    sets: Sets,
    changes: Vec<Change>,
}

/// One dated change of a code's meaning line, written by hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Change {
    date: String,
    set: String,
    code: String,
    meaning: String,
    why: String,
}

/// What comparing a lock with the current sets found: each a `(set, code)` unless said.
#[derive(Debug, Default, PartialEq)]
struct Findings {
    /// Locked codes that no longer exist.
    removed: Vec<(String, String)>,
    /// Codes whose meaning changed without a dated entry: `(set, code, locked, current)`.
    undated: Vec<(String, String, String, String)>,
    /// What is wrong with entries of `changes`, each said whole.
    malformed: Vec<String>,
    /// Codes the lock does not hold.
    added: Vec<(String, String)>,
    /// Codes whose meaning changed with a dated entry, and the lock still holds the old line.
    dated: Vec<(String, String)>,
}

/// `codes.lock.json` at the workspace's root, two directories above this crate.
fn lock_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).ancestors().nth(2).expect("the workspace's root").join("codes.lock.json")
}

/// A core enum's codes by their wire names.
fn enum_set<C: IntoEnumIterator + Into<&'static str> + Copy>(meaning: fn(C) -> &'static str) -> Set {
    C::iter().map(|c| (codes::name(c).to_owned(), meaning(c).to_owned())).collect()
}

/// The rules `agent-input <command> --rules` prints, each with its `summary`.
fn rules(command: &str) -> Set {
    let shown = format!("`agent-input {command} --rules`");
    let out = Command::new(env!("CARGO_BIN_EXE_agent-input"))
        .args([command, "--rules"])
        .output()
        .unwrap_or_else(|e| panic!("{shown} did not start: {e}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{shown} failed ({}): {stderr}", out.status);
    let rules: Vec<Value> =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{shown} printed no JSON array of rules: {e}"));
    let mut set = Set::new();
    for rule in &rules {
        let (Some(code), Some(summary)) = (rule["code"].as_str(), rule["summary"].as_str()) else {
            panic!("{shown} printed a rule without a string `code` and `summary`: {rule}");
        };
        let first = set.insert(code.to_owned(), summary.to_owned()).is_none();
        assert!(first, "{shown} lists `{code}` twice");
    }
    set
}

fn current() -> Sets {
    SETS.iter().map(|(name, read)| ((*name).to_owned(), read())).collect()
}

fn valid_date(date: &str) -> bool {
    NaiveDate::parse_from_str(date, "%Y-%m-%d").is_ok_and(|d| d.format("%Y-%m-%d").to_string() == date)
}

/// Whether `changes` holds a dated entry giving this code this meaning.
fn has_dated_entry(lock: &Lock, set: &str, code: &str, meaning: &str) -> bool {
    lock.changes.iter().any(|c| c.set == set && c.code == code && c.meaning == meaning && valid_date(&c.date))
}

/// What is wrong with each entry of `changes`.
fn malformed(lock: &Lock) -> Vec<String> {
    let mut out = Vec::new();
    for (i, change) in lock.changes.iter().enumerate() {
        let at = format!("`changes[{i}]` (set {}, code `{}`)", change.set, change.code);
        if !valid_date(&change.date) {
            out.push(format!("{at}: `date` {:?} is not a YYYY-MM-DD date: write the day of the change", change.date));
        }
        if change.meaning.trim().is_empty() {
            out.push(format!("{at}: `meaning` is empty: write the code's new meaning line"));
        }
        if change.why.trim().is_empty() {
            out.push(format!("{at}: `why` is empty: say why the meaning changed"));
        }
        if !lock.sets.get(&change.set).is_some_and(|s| s.contains_key(&change.code)) {
            out.push(format!("{at}: names no locked code: `set` and `code` must name a code of `sets`"));
        }
    }
    out
}

/// Compares the lock with the current sets.
fn compare(lock: &Lock, current: &Sets) -> Findings {
    let mut found = Findings { malformed: malformed(lock), ..Findings::default() };
    let none = Set::new();
    for (set, locked) in &lock.sets {
        let now = current.get(set).unwrap_or(&none);
        for (code, old) in locked {
            let key = (set.clone(), code.clone());
            match now.get(code) {
                None => found.removed.push(key),
                Some(meaning) if meaning == old => {}
                Some(meaning) if has_dated_entry(lock, set, code, meaning) => found.dated.push(key),
                Some(meaning) => found.undated.push((set.clone(), code.clone(), old.clone(), meaning.clone())),
            }
        }
    }
    for (set, codes) in current {
        let locked = lock.sets.get(set).unwrap_or(&none);
        found.added.extend(codes.keys().filter(|c| !locked.contains_key(*c)).map(|c| (set.clone(), c.clone())));
    }
    found
}

/// The lock the writer writes: new codes added, meanings with a dated entry applied, every other
/// locked code and meaning kept (a removed code stays; an undated meaning keeps its old line).
fn rewrite(lock: &Lock, current: &Sets) -> Lock {
    let mut sets = lock.sets.clone();
    for (set, codes) in current {
        let locked = sets.entry(set.clone()).or_default();
        for (code, meaning) in codes {
            let apply = match locked.get(code) {
                None => true,
                Some(old) => old != meaning && has_dated_entry(lock, set, code, meaning),
            };
            if apply {
                locked.insert(code.clone(), meaning.clone());
            }
        }
    }
    Lock { policy: POLICY.to_owned(), sets, changes: lock.changes.clone() }
}

/// What fails in both modes: nothing the writer may write away.
fn refusals(found: &Findings) -> Vec<String> {
    let removed = found.removed.iter().map(|(set, code)| {
        format!(
            "`{code}` was removed or renamed from set {set}: codes are only added; keep it and document it as no \
             longer emitted"
        )
    });
    let undated = found.undated.iter().map(|(set, code, old, new)| {
        format!(
            "the meaning of `{code}` in set {set} changed from {} to {} without a dated entry: add \
             {{\"date\": \"YYYY-MM-DD\", \"set\": \"{set}\", \"code\": \"{code}\", \"meaning\": {}, \"why\": \"...\"}} \
             to `changes` in codes.lock.json (the day of the change, and why), then run `cargo xtask codes-lock`",
            Value::from(old.as_str()),
            Value::from(new.as_str()),
            Value::from(new.as_str()),
        )
    });
    removed.chain(undated).chain(found.malformed.iter().cloned()).collect()
}

/// What fails only when checking: what `cargo xtask codes-lock` writes.
fn stale(found: &Findings) -> Vec<String> {
    let added = found
        .added
        .iter()
        .map(|(set, code)| format!("`{code}` of set {set} is not in codes.lock.json: run `cargo xtask codes-lock`"));
    let dated = found.dated.iter().map(|(set, code)| {
        format!(
            "the meaning of `{code}` in set {set} changed with a dated entry and codes.lock.json holds the old \
             line: run `cargo xtask codes-lock`"
        )
    });
    added.chain(dated).collect()
}

/// The lock's text: keys sorted (the sets and codes are ordered maps), two-space indents, a
/// trailing newline.
fn render(lock: &Lock) -> String {
    serde_json::to_string_pretty(lock).expect("the lock serialises") + "\n"
}

fn parse(text: &str) -> Lock {
    serde_json::from_str(text).unwrap_or_else(|e| {
        panic!(
            "codes.lock.json does not parse ({e}): it is {{\"policy\": ..., \"sets\": {{SET: {{CODE: MEANING}}}}, \
             \"changes\": [{{\"date\", \"set\", \"code\", \"meaning\", \"why\"}}]}}"
        )
    })
}

#[test]
fn codes_are_only_added() {
    let path = lock_path();
    let writing = std::env::var_os(LOCK_ENV).is_some_and(|v| v == "1");
    let text = std::fs::read_to_string(&path).map(|t| t.replace("\r\n", "\n"));
    let lock = match &text {
        Ok(text) => parse(text),
        Err(_) if writing => Lock { policy: POLICY.to_owned(), sets: Sets::new(), changes: Vec::new() },
        Err(e) => panic!("{}: {e}: run `cargo xtask codes-lock` to write it", path.display()),
    };
    let current = current();
    let found = compare(&lock, &current);
    let rendered = render(&rewrite(&lock, &current));
    let fresh = text.as_deref().is_ok_and(|t| t == rendered);
    let mut problems = refusals(&found);
    if writing {
        if !fresh {
            std::fs::write(&path, &rendered).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
    } else {
        problems.extend(stale(&found));
        if problems.is_empty() && !fresh {
            problems.push(
                "codes.lock.json is not laid out as the writer writes it (its policy, sorted keys, two-space \
                 indents, a trailing newline): run `cargo xtask codes-lock`"
                    .to_owned(),
            );
        }
    }
    assert!(problems.is_empty(), "codes.lock.json:\n- {}", problems.join("\n- "));
}

#[test]
fn every_set_is_named_once() {
    let mut names: Vec<&str> = SETS.iter().map(|(name, _)| *name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), SETS.len(), "a set is named twice in SETS");
}

/// Sets made in memory: `[(set, [(code, meaning)])]`.
fn sets(entries: &[(&str, &[(&str, &str)])]) -> Sets {
    entries
        .iter()
        .map(|(set, codes)| {
            let codes = codes.iter().map(|(c, m)| ((*c).to_owned(), (*m).to_owned())).collect();
            ((*set).to_owned(), codes)
        })
        .collect()
}

fn lock(sets: Sets, changes: Vec<Change>) -> Lock {
    Lock { policy: POLICY.to_owned(), sets, changes }
}

fn change(date: &str, set: &str, code: &str, meaning: &str) -> Change {
    let why = "The old line named the wrong value.".to_owned();
    Change { date: date.to_owned(), set: set.to_owned(), code: code.to_owned(), meaning: meaning.to_owned(), why }
}

fn pair(set: &str, code: &str) -> (String, String) {
    (set.to_owned(), code.to_owned())
}

#[test]
fn a_removed_code_is_refused_and_the_writer_keeps_it() {
    let locked = lock(sets(&[("notes", &[("a", "A."), ("b", "B.")]), ("diff", &[("x", "X.")])]), vec![]);
    let now = sets(&[("notes", &[("a", "A.")])]);
    let found = compare(&locked, &now);
    assert_eq!(found.removed, vec![pair("diff", "x"), pair("notes", "b")]);
    let said = refusals(&found);
    let expected = "`b` was removed or renamed from set notes: codes are only added; keep it and document it as no \
                    longer emitted";
    assert!(said.iter().any(|s| s == expected), "{said:?}");
    // The writer cannot launder it: the code stays locked, so the next check refuses it again.
    let written = rewrite(&locked, &now);
    assert_eq!(written.sets["notes"]["b"], "B.");
    assert_eq!(written.sets["diff"]["x"], "X.");
    assert_eq!(compare(&written, &now).removed, found.removed);
}

#[test]
fn a_rename_is_a_removal_and_an_addition() {
    let locked = lock(sets(&[("warnings", &[("old_name", "Same meaning.")])]), vec![]);
    let now = sets(&[("warnings", &[("new_name", "Same meaning.")])]);
    let found = compare(&locked, &now);
    assert_eq!(found.removed, vec![pair("warnings", "old_name")]);
    assert_eq!(found.added, vec![pair("warnings", "new_name")]);
    assert!(refusals(&found)[0].starts_with("`old_name` was removed or renamed from set warnings"));
    let written = rewrite(&locked, &now);
    assert_eq!(written.sets["warnings"].keys().collect::<Vec<_>>(), ["new_name", "old_name"]);
}

#[test]
fn a_meaning_changed_without_a_dated_entry_is_refused() {
    // An entry with another meaning, or without a valid date, is not the entry for this change.
    let changes = vec![change("2026-12-07", "asks", "a", "Something else."), change("7 Dec 2026", "asks", "a", "New.")];
    let locked = lock(sets(&[("asks", &[("a", "Old.")])]), changes);
    let now = sets(&[("asks", &[("a", "New.")])]);
    let found = compare(&locked, &now);
    assert_eq!(found.undated, vec![("asks".into(), "a".into(), "Old.".into(), "New.".into())]);
    let said = refusals(&found);
    let expected = concat!(
        r#"the meaning of `a` in set asks changed from "Old." to "New." without a dated entry: add "#,
        r#"{"date": "YYYY-MM-DD", "set": "asks", "code": "a", "meaning": "New.", "why": "..."} to `changes`"#,
    );
    assert!(said[0].starts_with(expected), "{said:?}");
    assert_eq!(rewrite(&locked, &now).sets["asks"]["a"], "Old.", "the writer keeps the locked line");
}

#[test]
fn a_meaning_changed_with_a_dated_entry_is_accepted() {
    let locked = lock(sets(&[("asks", &[("a", "Old.")])]), vec![change("2026-12-07", "asks", "a", "New.")]);
    let now = sets(&[("asks", &[("a", "New.")])]);
    let found = compare(&locked, &now);
    assert!(refusals(&found).is_empty(), "{found:?}");
    assert_eq!(found.dated, vec![pair("asks", "a")]);
    assert!(stale(&found)[0].ends_with("run `cargo xtask codes-lock`"));
    let written = rewrite(&locked, &now);
    assert_eq!(written.sets["asks"]["a"], "New.");
    assert_eq!(written.changes, locked.changes, "the entry stays as the record of the change");
    assert_eq!(compare(&written, &now), Findings::default());
}

#[test]
fn a_new_code_is_reported_and_the_writer_adds_it() {
    let locked = lock(sets(&[("lint", &[("a", "A.")])]), vec![]);
    let now = sets(&[("lint", &[("a", "A."), ("c", "C.")]), ("diff", &[("d", "D.")])]);
    let found = compare(&locked, &now);
    assert!(refusals(&found).is_empty());
    assert_eq!(found.added, vec![pair("diff", "d"), pair("lint", "c")]);
    assert_eq!(stale(&found)[1], "`c` of set lint is not in codes.lock.json: run `cargo xtask codes-lock`");
    let written = rewrite(&locked, &now);
    assert_eq!(written.sets, now);
    assert_eq!(compare(&written, &now), Findings::default());
}

#[test]
fn malformed_changes_are_refused() {
    let mut undated = change("2026-12-07", "notes", "a", "A.");
    undated.why = " ".to_owned();
    let changes = vec![
        change("2026-02-30", "notes", "a", "A."),
        change("2026-12-7", "notes", "a", "A."),
        change("2026-12-07", "notes", "a", ""),
        undated,
        change("2026-12-07", "notes", "gone", "G."),
        change("2026-12-07", "lint", "a", "A."),
    ];
    let locked = lock(sets(&[("notes", &[("a", "A.")])]), changes);
    let said = refusals(&compare(&locked, &sets(&[("notes", &[("a", "A.")])])));
    assert_eq!(said.len(), 6, "{said:?}");
    assert!(said[0].starts_with("`changes[0]` (set notes, code `a`): `date` \"2026-02-30\" is not a YYYY-MM-DD date"));
    assert!(said[1].contains("\"2026-12-7\" is not a YYYY-MM-DD date"));
    assert!(said[2].ends_with("`meaning` is empty: write the code's new meaning line"));
    assert!(said[3].ends_with("`why` is empty: say why the meaning changed"));
    assert!(said[4].starts_with("`changes[4]` (set notes, code `gone`): names no locked code"));
    assert!(said[5].starts_with("`changes[5]` (set lint, code `a`): names no locked code"));
}

#[test]
fn the_lock_is_written_sorted_with_a_trailing_newline() {
    let locked = lock(sets(&[("warnings", &[("z", "Z."), ("a", "Ä \"quoted\".")]), ("asks", &[])]), vec![]);
    let text = render(&locked);
    assert!(text.ends_with("}\n") && !text.ends_with("\n\n"));
    let order: Vec<usize> = ["\"policy\"", "\"asks\"", "\"warnings\"", "\"a\"", "\"z\"", "\"changes\""]
        .iter()
        .map(|key| text.find(key).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert!(text.contains("\"a\": \"Ä \\\"quoted\\\".\""), "{text}");
    assert_eq!(parse(&text), locked);
    assert_eq!(render(&parse(&text)), text, "rendering is deterministic");
}
