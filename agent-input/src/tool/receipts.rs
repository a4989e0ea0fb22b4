//! Receipts of writes, by tool and idempotency key: what a retry of the same write replays.
//!
//! A receipt is JSON (`{"digest", "args", "result", "stored_at", "expires_at"}`), so a store
//! keeps it as text in any database: [`ReceiptStore`] is the interface, [`MemoryReceipts`] the
//! in-memory default (bounded by [`MAX_RECEIPTS`], [`MAX_RECEIPT_BYTES`] and
//! [`RECEIPT_TTL_SECONDS`]). While a write
//! runs, its key holds an `in_flight` receipt instead (a retry meanwhile asks), and a write that
//! failed leaves an expired one (its retry runs). A store needs no expiry of its own: a receipt
//! past its `expires_at` is not replayed.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

use serde_json::Value;

#[allow(unused_imports, reason = "named by the module's docs")]
use crate::limits::{MAX_RECEIPTS, MAX_RECEIPT_BYTES, RECEIPT_TTL_SECONDS};

/// Where receipts are kept: one JSON receipt per tool and idempotency key.
///
/// `get` returns what `put` stored for the same tool and key (or `None`); `put` replaces it.
/// Before the handler runs, the protocol reserves the key with its `in_flight` receipt
/// ([`ReceiptStore::reserve`]); it puts the call's receipt after the handler succeeded, and an
/// expired one after it failed, so a failed write can be retried with the same key.
pub trait ReceiptStore: Send + Sync {
    /// The receipt stored for `tool` and `key`, if any.
    fn get(&self, tool: &str, key: &str) -> Option<Value>;
    /// Stores `receipt` for `tool` and `key`.
    fn put(&self, tool: &str, key: &str, receipt: Value);
    /// Reserves `tool` and `key` for a write about to run: stores `in_flight` when the key holds
    /// no live receipt (none, or one whose `expires_at` is at or before `in_flight`'s
    /// `stored_at`) and returns `None`; otherwise returns the live receipt, unchanged. A store
    /// that can do this in one atomic step (a mutex, SQLite's `INSERT ... ON CONFLICT`, Redis's
    /// `SET NX`) must, so that two identical calls arriving together run the write once.
    ///
    /// The default is `get` then `put`: **not atomic** (two reservations at the same instant
    /// can both succeed), for a store that only has those two.
    fn reserve(&self, tool: &str, key: &str, in_flight: Value) -> Option<Value> {
        let now = stored_at(&in_flight);
        match self.get(tool, key) {
            Some(held) if is_live(&held, now) => Some(held),
            _ => {
                self.put(tool, key, in_flight);
                None
            }
        }
    }
}

/// The key of what a store gives from `get` or `reserve` when it cannot answer (its database
/// is unreachable, locked past its timeout, or holds a row it cannot read): `{"store_unavailable":
/// "why"}`. The call then answers `upstream_unavailable` with [`STORE_RETRY_SECONDS`] and never
/// runs the write without a reservation (fail closed: a write run twice cannot be taken back,
/// a call refused can be sent again).
pub const STORE_UNAVAILABLE: &str = "store_unavailable";

/// The seconds after which a call refused because its store could not answer is worth sending
/// again (the `retry_after_seconds` of its `upstream_unavailable` envelope).
pub const STORE_RETRY_SECONDS: u64 = 5;

/// What a store gives when it cannot answer ([`STORE_UNAVAILABLE`]).
pub fn store_unavailable(why: &str) -> Value {
    serde_json::json!({ STORE_UNAVAILABLE: why })
}

/// A receipt's `stored_at` (unix seconds; 0 when it has none).
pub fn stored_at(receipt: &Value) -> u64 {
    receipt["stored_at"].as_u64().unwrap_or(0)
}

/// True when `receipt` is live at `now`: its `expires_at` is after it.
pub fn is_live(receipt: &Value, now: u64) -> bool {
    receipt["expires_at"].as_u64().is_some_and(|e| e > now)
}

/// Receipts in memory, bounded: at most `capacity` receipts and [`MAX_RECEIPT_BYTES`] of them
/// as JSON text (the oldest dropped first; the newest is always kept), each dropped once its
/// `expires_at` has passed.
#[derive(Debug)]
pub struct MemoryReceipts {
    capacity: usize,
    max_bytes: usize,
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    /// Each receipt with its size: its JSON text's bytes and its key's.
    map: HashMap<(String, String), (Value, usize)>,
    order: VecDeque<(String, String)>,
    bytes: usize,
}

impl Default for MemoryReceipts {
    fn default() -> Self {
        Self::new(MAX_RECEIPTS)
    }
}

impl MemoryReceipts {
    /// A store of at most `capacity` receipts (at least one).
    pub fn new(capacity: usize) -> Self {
        Self::with_bytes(capacity, MAX_RECEIPT_BYTES)
    }

    /// A store of at most `capacity` receipts (at least one) and `max_bytes` of them as JSON
    /// text (the newest receipt is kept whatever its size).
    pub fn with_bytes(capacity: usize, max_bytes: usize) -> Self {
        Self { capacity: capacity.max(1), max_bytes, inner: Mutex::new(Inner::default()) }
    }

    /// The bytes the kept receipts take as JSON text, with their keys.
    pub fn bytes(&self) -> usize {
        self.inner.lock().map_or(0, |i| i.bytes)
    }

    /// How many receipts are kept.
    pub fn len(&self) -> usize {
        self.inner.lock().map_or(0, |i| i.map.len())
    }

    /// True when no receipt is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Drops the receipts whose `expires_at` is at or before `now` (unix seconds).
    pub fn expire(&self, now: u64) {
        if let Ok(mut inner) = self.inner.lock() {
            inner.map.retain(|_, (r, _)| r["expires_at"].as_u64().is_none_or(|e| e > now));
            let Inner { map, order, bytes } = &mut *inner;
            order.retain(|k| map.contains_key(k));
            *bytes = map.values().map(|(_, size)| size).sum();
        }
    }
}

impl ReceiptStore for MemoryReceipts {
    fn get(&self, tool: &str, key: &str) -> Option<Value> {
        let inner = self.inner.lock().ok()?;
        inner.map.get(&(tool.to_owned(), key.to_owned())).map(|(r, _)| r.clone())
    }

    fn put(&self, tool: &str, key: &str, receipt: Value) {
        let Ok(mut inner) = self.inner.lock() else { return };
        self.put_in(&mut inner, tool, key, receipt);
    }

    /// Atomic: the lookup and the store happen under one lock.
    fn reserve(&self, tool: &str, key: &str, in_flight: Value) -> Option<Value> {
        let Ok(mut inner) = self.inner.lock() else {
            // A poisoned store reserves nothing: the call answers as if the key were in flight.
            return Some(in_flight);
        };
        let now = stored_at(&in_flight);
        if let Some((held, _)) = inner.map.get(&(tool.to_owned(), key.to_owned())) {
            if is_live(held, now) {
                return Some(held.clone());
            }
        }
        self.put_in(&mut inner, tool, key, in_flight);
        None
    }
}

impl MemoryReceipts {
    fn put_in(&self, inner: &mut Inner, tool: &str, key: &str, receipt: Value) {
        let id = (tool.to_owned(), key.to_owned());
        let size = crate::input::json_text(&receipt).len() + tool.len() + key.len();
        inner.bytes += size;
        match inner.map.insert(id.clone(), (receipt, size)) {
            Some((_, old)) => inner.bytes -= old,
            None => inner.order.push_back(id.clone()),
        }
        while inner.map.len() > self.capacity || (inner.bytes > self.max_bytes && inner.map.len() > 1) {
            let Some(oldest) = inner.order.pop_front() else { break };
            if oldest == id {
                inner.order.push_back(oldest); // the newest stays
                continue;
            }
            if let Some((_, size)) = inner.map.remove(&oldest) {
                inner.bytes -= size;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keeps_at_most_its_capacity_oldest_dropped_first() {
        let store = MemoryReceipts::new(2);
        for key in ["a", "b", "c"] {
            store.put("t", key, json!({"expires_at": 100}));
        }
        assert_eq!(store.len(), 2);
        assert!(store.get("t", "a").is_none());
        assert!(store.get("t", "c").is_some());
        assert!(store.get("other", "c").is_none(), "receipts are per tool");
    }

    #[test]
    fn keeps_at_most_its_bytes_the_newest_always() {
        let store = MemoryReceipts::with_bytes(100, 300);
        let big = |n: usize| json!({"args": "x".repeat(n), "expires_at": 100});
        for key in ["a", "b", "c"] {
            store.put("t", key, big(100));
        }
        assert!(store.bytes() <= 300, "{}", store.bytes());
        assert!(store.get("t", "a").is_none() && store.get("t", "c").is_some());
        store.put("t", "huge", big(1_000));
        assert_eq!(store.len(), 1, "only the newest, over the bound by itself");
        assert!(store.get("t", "huge").is_some());
        store.put("t", "huge", big(10));
        assert!(store.bytes() < 100, "a replaced receipt's bytes are released: {}", store.bytes());
    }

    #[test]
    fn expire_drops_what_has_expired() {
        let store = MemoryReceipts::default();
        store.put("t", "old", json!({"expires_at": 100}));
        store.put("t", "new", json!({"expires_at": 300}));
        store.expire(200);
        assert!(store.get("t", "old").is_none());
        assert!(store.get("t", "new").is_some());
        store.put("t", "again", json!({"expires_at": 300}));
        assert_eq!(store.len(), 2);
    }
    #[test]
    fn reserve_holds_a_key_once_until_its_receipt_expires() {
        let store = MemoryReceipts::default();
        let mark = |at: u64| json!({"digest": "d", "in_flight": true, "stored_at": at, "expires_at": at + 300});
        assert_eq!(store.reserve("t", "k", mark(100)), None, "reserved");
        assert_eq!(store.reserve("t", "k", mark(101)), Some(mark(100)), "held, unchanged");
        assert_eq!(store.reserve("t", "other", mark(101)), None, "per key");
        assert_eq!(store.reserve("u", "k", mark(101)), None, "per tool");
        assert_eq!(store.reserve("t", "k", mark(400)), None, "expired at 400: reserved again");
        assert_eq!(store.get("t", "k"), Some(mark(400)));
    }

    #[test]
    fn reserve_is_atomic_across_threads() {
        let store = std::sync::Arc::new(MemoryReceipts::default());
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let store = std::sync::Arc::clone(&store);
                std::thread::spawn(move || {
                    (0..200)
                        .filter(|i| {
                            let mark = json!({"in_flight": true, "stored_at": 1, "expires_at": 1000});
                            store.reserve("t", &format!("k{i}"), mark).is_none()
                        })
                        .count()
                })
            })
            .collect();
        let won: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
        assert_eq!(won, 200, "each of the 200 keys reserved exactly once among 8 threads");
    }
}
