//! The clean path of the number, boolean, uuid and date reads does not allocate: a counting
//! allocator proves it (a count, not a timing, so it is a test). The crate itself forbids
//! unsafe code; this test binary needs it for the allocator alone.
#![allow(unsafe_code, reason = "a global allocator is an unsafe trait; this one only counts and forwards")]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

struct Counting;

static ALLOCATIONS: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator and only counts calls.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn count<T>(f: impl Fn() -> T) -> usize {
    let _warm = f(); // first use builds lazy indexes
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for _ in 0..100 {
        std::hint::black_box(f());
    }
    ALLOCATIONS.load(Ordering::Relaxed) - before
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
