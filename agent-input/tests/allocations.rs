//! The clean path of the number, boolean, uuid and date reads does not allocate, and repaired
//! paths allocate what their outcome owns (pinned counts): a counting allocator proves it (a
//! count, not a timing, so it is a test; each thread counts its own). The crate itself forbids
//! unsafe code; this test binary needs it for the allocator alone.
#![allow(unsafe_code, reason = "a global allocator is an unsafe trait; this one only counts and forwards")]

use std::alloc::{GlobalAlloc, Layout, System};

struct Counting;

thread_local! {
    /// Allocations of this thread: tests run in parallel, each counts its own.
    static ALLOCATIONS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    /// Bytes this thread holds (allocated minus freed), and the most it held.
    static LIVE: std::cell::Cell<isize> = const { std::cell::Cell::new(0) };
    static PEAK: std::cell::Cell<isize> = const { std::cell::Cell::new(0) };
}

fn held(size: usize, sign: isize) {
    let size = isize::try_from(size).unwrap_or(isize::MAX);
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + sign * size);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

// SAFETY: forwards to the system allocator and only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = ALLOCATIONS.try_with(|c| c.set(c.get() + 1));
        held(layout.size(), 1);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        held(layout.size(), -1);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn count<T>(f: impl Fn() -> T) -> usize {
    let _warm = f(); // first use builds lazy indexes
    let before = ALLOCATIONS.with(std::cell::Cell::get);
    for _ in 0..100 {
        std::hint::black_box(f());
    }
    ALLOCATIONS.with(std::cell::Cell::get) - before
}

#[test]
fn clean_reads_do_not_allocate() {
    use agent_input::date::{self, DateOptions};
    use agent_input::uuid::{self, UuidOptions};
    use agent_input::{boolean, number, BooleanOptions, NumberOptions};
    let n = NumberOptions::new();
    let limit = NumberOptions::new().integer().range(1, 100).clamp();
    let b = BooleanOptions::default();
    let u = UuidOptions::default();
    let d = DateOptions::default();
    let json = serde_json::json!(4000);
    assert_eq!(count(|| number::read("4000".into(), &n).ok().and_then(|o| o.value().copied())), 0, "number string");
    assert_eq!(count(|| number::read("0.125".into(), &n).ok().and_then(|o| o.value().copied())), 0, "decimal string");
    assert_eq!(count(|| number::read((&json).into(), &n).ok().and_then(|o| o.value().copied())), 0, "JSON number");
    assert_eq!(count(|| number::read("20".into(), &limit).ok().and_then(|o| o.value().copied())), 0, "page size");
    assert_eq!(count(|| boolean::read("true".into(), &b).ok().and_then(|o| o.value().copied())), 0, "boolean string");
    assert_eq!(
        count(|| boolean::read(Input::Bool(false), &b).ok().and_then(|o| o.value().copied())),
        0,
        "JSON boolean"
    );
    let id = "0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d";
    assert_eq!(count(|| uuid::read(id.into(), &u).ok().and_then(|o| o.value().copied())), 0, "uuid");
    assert_eq!(count(|| date::read("2026-10-01".into(), &d).ok().and_then(|o| o.value().copied())), 0, "ISO date");
    // A repaired spelling allocates its note: the counter sees it.
    assert!(count(|| number::read("4 000".into(), &n).ok().and_then(|o| o.value().copied())) > 0);
}

use agent_input::Input;

/// Repaired reads, pinned: allocations per read, beside what the outcome owns (the notes'
/// vector and each note's message; a locale's tag). A change that adds a temporary string to a
/// repaired path fails here. The cases above the minimum say what their extra allocations are.
#[test]
fn repaired_reads_allocate_what_their_outcome_owns() {
    use agent_input::country::{self, CountryOptions};
    use agent_input::date::{self, DateOptions};
    use agent_input::locale::{self, LocaleOptions};
    use agent_input::uuid::{self, UuidOptions};
    use agent_input::{boolean, number, BooleanOptions, NumberOptions};
    let n = NumberOptions::new();
    let d = DateOptions::default();
    let per_read = |c: usize| c / 100;
    // (case, allocations per read, what the outcome owns)
    let mut cases: Vec<(&str, usize, usize)> = vec![
        ("number 4 000", per_read(count(|| number::read("4 000".into(), &n).ok())), 2),
        ("number 1 234,56 (two notes)", per_read(count(|| number::read("1 234,56".into(), &n).ok())), 3),
        // + the folded text of non-ASCII digits
        ("number ٤٠٠٠", per_read(count(|| number::read("٤٠٠٠".into(), &n).ok())), 2),
        ("boolean ano", per_read(count(|| boolean::read("ano".into(), &BooleanOptions::default()).ok())), 2),
        (
            "uuid braced",
            per_read(count(|| {
                uuid::read("{0B5E2D3C-4F1A-4C2E-9D7B-8E6F5A4B3C2D}".into(), &UuidOptions::default()).ok()
            })),
            2,
        ),
        (
            "uuid urn",
            per_read(count(|| {
                uuid::read("urn:uuid:0b5e2d3c-4f1a-4c2e-9d7b-8e6f5a4b3c2d".into(), &UuidOptions::default()).ok()
            })),
            2,
        ),
        ("date 1. 10. 2026", per_read(count(|| date::read("1. 10. 2026".into(), &d).ok())), 2),
        ("date 13/02/2026 (two notes)", per_read(count(|| date::read("13/02/2026".into(), &d).ok())), 3),
        ("country cz", per_read(count(|| country::read("cz".into(), &CountryOptions::default()).ok())), 2),
        ("country CZE", per_read(count(|| country::read("CZE".into(), &CountryOptions::default()).ok())), 2),
        ("locale cs-CZ (the tag)", per_read(count(|| locale::read("cs-CZ".into(), &LocaleOptions::default()).ok())), 1),
        (
            "locale cs_CZ.UTF-8 (the tag)",
            per_read(count(|| locale::read("cs_CZ.UTF-8".into(), &LocaleOptions::default()).ok())),
            3,
        ),
        ("locale iw (the tag)", per_read(count(|| locale::read("iw".into(), &LocaleOptions::default()).ok())), 3),
        // Spellings whose words are folded and looked up: + the folded key.
        ("date 1. října 2026", per_read(count(|| date::read("1. října 2026".into(), &d).ok())), 2),
        ("date October 1, 2026", per_read(count(|| date::read("October 1, 2026".into(), &d).ok())), 2),
        // Names of Latin letters: the key folded on the stack, nothing beside the outcome.
        ("country Česko", per_read(count(|| country::read("Česko".into(), &CountryOptions::default()).ok())), 2),
        (
            "country Czech Republic",
            per_read(count(|| country::read("Czech Republic".into(), &CountryOptions::default()).ok())),
            2,
        ),
        (
            "locale čeština (the tag)",
            per_read(count(|| locale::read("čeština".into(), &LocaleOptions::default()).ok())),
            3,
        ),
    ];
    cases.extend(vocabulary_cases());
    // The pinned counts: the outcome's own, plus the temporaries named in the comments.
    let pinned: [usize; 20] = [2, 3, 3, 2, 2, 2, 2, 3, 2, 2, 1, 3, 3, 3, 3, 2, 2, 3, 3, 3];
    assert_eq!(cases.len(), pinned.len());
    for ((case, got, owned), want) in cases.iter().zip(pinned) {
        assert_eq!(*got, want, "{case}: {got} allocations per read (the outcome owns {owned})");
    }
}

/// The vocabulary cases of [`repaired_reads_allocate_what_their_outcome_owns`], read with the
/// fixture's courts: (case, allocations per read, what the outcome owns).
fn vocabulary_cases() -> Vec<(&'static str, usize, usize)> {
    use agent_input::vocabulary::{Entry, Vocabulary, VocabularyRole::Value};
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/czech_courts.json");
    let entries: Vec<Entry> =
        serde_json::from_str(&std::fs::read_to_string(fixture).expect("fixture")).expect("entries");
    let courts = Vocabulary::new(entries).expect("vocabulary");
    let per_read = |c: usize| c / 100;
    vec![
        // The id, the notes' vector and the note.
        (
            "vocabulary Nejvyssi spravni soud",
            per_read(count(|| courts.read("Nejvyssi spravni soud".into(), Value).value().map(String::len))),
            3,
        ),
        // An inflected name (the fixture lists the genitive of each court's name).
        (
            "vocabulary Krajského soudu v Brně",
            per_read(count(|| courts.read("Krajského soudu v Brně".into(), Value).value().map(String::len))),
            3,
        ),
    ]
}

/// The most bytes `f` holds at once beyond what the thread held before (counted, not timed).
fn peak_bytes<T>(f: impl FnOnce() -> T) -> usize {
    let base = LIVE.with(std::cell::Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    let peak = PEAK.with(std::cell::Cell::get) - base;
    drop(out);
    usize::try_from(peak).unwrap_or(0)
}

/// The worst 1 MB call or batch line holds at most 50 MB while it reads (issue 35: 50 items of
/// `soud` against 20,000 courts took 712 MB), the text of the input included.
#[test]
fn the_worst_calls_and_lines_hold_at_most_fifty_megabytes() {
    use agent_input::tool::ToolSpec;
    use serde_json::{json, Value};
    const MAX_HELD: usize = 50 << 20;
    let worst: String = std::iter::repeat_n('\u{fdfa}', agent_input::limits::MAX_SCALAR_CHARS).collect();
    let courts: Vec<Value> =
        (0..20_000).map(|i| json!({"id": format!("C{i}"), "names": [format!("Krajský soud číslo {i}")]})).collect();
    let vocabulary = ToolSpec::from_json(&json!({"name": "t", "properties": {"courts": {"kind": "list",
        "item": {"kind": "vocabulary", "entries": courts}}}}))
    .unwrap();
    let body = json!({"courts": vec!["soud"; 1000]}).to_string();
    let held = peak_bytes(|| vocabulary.read_json(body.as_bytes()).to_json().to_string());
    assert!(held < MAX_HELD, "vocabulary call held {held} bytes");
    let ranges = ToolSpec::from_json(&json!({"name": "t", "properties": {"entries": {"kind": "list",
        "item": {"kind": "object", "properties": {"a": {"kind": "date_range"}, "b": {"kind": "date_range"},
        "c": {"kind": "date_range"}, "d": {"kind": "date_range"}, "e": {"kind": "date_range"}}}}}}))
    .unwrap();
    let sixty: String = std::iter::repeat_n('\u{fdfa}', 60).collect();
    let entry = json!({"a": sixty, "b": sixty, "c": sixty, "d": sixty, "e": sixty});
    let body = json!({"entries": vec![entry; 1000]}).to_string();
    let held = peak_bytes(|| ranges.read_json(body.as_bytes()).to_json().to_string());
    assert!(held < MAX_HELD, "date-range call held {held} bytes");
    for item in
        [json!({"kind": "date_range"}), json!({"kind": "country"}), json!({"kind": "enum", "values": ["a", "b"]})]
    {
        let line = json!({"kind": "list", "input": vec![worst.clone(); 1000], "options": {"item": item}}).to_string();
        let held = peak_bytes(|| agent_input::batch::read_line(&line).to_json().to_string());
        assert!(held < MAX_HELD, "{item} line held {held} bytes");
    }
}
