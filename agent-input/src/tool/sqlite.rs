//! [`SqliteReceipts`]: receipts in one SQLite file (feature `sqlite`).

use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, PoisonError};

use rusqlite::{params, Connection, OptionalExtension, TransactionBehavior};
use serde_json::Value;

use super::receipts::{store_unavailable, stored_at, ReceiptStore};
use crate::error::Error;

/// How long a statement waits for another process's write lock before the store answers
/// [`store_unavailable`](super::store_unavailable).
pub const SQLITE_BUSY_TIMEOUT_MS: u64 = 5_000;

/// Expired receipts are deleted once per this many writes (puts and reservations).
pub const SQLITE_SWEEP_EVERY: u32 = 256;

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS agent_input_receipts (
        tool TEXT NOT NULL,
        key TEXT NOT NULL,
        digest TEXT NOT NULL,
        receipt TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (tool, key)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS agent_input_receipts_expiry ON agent_input_receipts (expires_at);
";

/// [`SqliteReceipts`]: receipts in one SQLite file, shared by every process of one machine
/// that opens it (feature `sqlite`).
///
/// One table, `agent_input_receipts (tool, key, digest, receipt, expires_at)`, keyed by the
/// tool and the idempotency key, in WAL mode (readers never wait for the writer). A key is
/// reserved by one statement in one immediate transaction: `INSERT ... ON CONFLICT DO UPDATE
/// ... WHERE expires_at <= now` stores the `in_flight` mark when the key holds nothing live,
/// and changes no row otherwise, so of several processes reserving the same key at once exactly
/// one does. Expired rows are swept lazily, every [`SQLITE_SWEEP_EVERY`] writes. Expiry is read
/// against the calling process's clock (the receipt's own `stored_at`): processes of one machine
/// share it.
///
/// A database that cannot answer (locked past [`SQLITE_BUSY_TIMEOUT_MS`], unreadable, a row that
/// is not JSON) gives [`store_unavailable`](super::store_unavailable): the call answers
/// `upstream_unavailable` and its write does not run.
#[derive(Debug)]
pub struct SqliteReceipts {
    db: Mutex<Connection>,
    writes: AtomicU32,
}

/// A receipt's `expires_at` as SQLite's integer (0 when it has none; past `i64::MAX`, the most).
fn expires_at(receipt: &Value) -> i64 {
    receipt["expires_at"].as_u64().map_or(0, |e| i64::try_from(e).unwrap_or(i64::MAX))
}

impl SqliteReceipts {
    /// Opens (or creates) the store in the file at `path`, in WAL mode, its table created when
    /// missing.
    ///
    /// # Errors
    /// A file SQLite cannot open or write, or a database whose table has another shape.
    pub fn open(path: impl AsRef<Path>) -> Result<Self, Error> {
        Self::open_waiting(path, std::time::Duration::from_millis(SQLITE_BUSY_TIMEOUT_MS))
    }

    /// [`Self::open`], a statement waiting at most `busy` for another process's write lock
    /// (instead of [`SQLITE_BUSY_TIMEOUT_MS`]).
    ///
    /// # Errors
    /// As [`Self::open`].
    pub fn open_waiting(path: impl AsRef<Path>, busy: std::time::Duration) -> Result<Self, Error> {
        let path = path.as_ref();
        let fail = |e: rusqlite::Error| Error::options(format!("receipts in {}: {e}", path.display()));
        let db = Connection::open(path).map_err(fail)?;
        db.busy_timeout(busy).map_err(fail)?;
        db.pragma_update(None, "journal_mode", "WAL").map_err(fail)?;
        db.pragma_update(None, "synchronous", "NORMAL").map_err(fail)?;
        db.execute_batch(SCHEMA).map_err(fail)?;
        db.prepare("SELECT tool, key, digest, receipt, expires_at FROM agent_input_receipts LIMIT 0").map_err(fail)?;
        Ok(Self { db: Mutex::new(db), writes: AtomicU32::new(0) })
    }

    fn with_db<T>(&self, work: impl FnOnce(&mut Connection) -> rusqlite::Result<T>) -> Result<T, String> {
        let mut db = self.db.lock().unwrap_or_else(PoisonError::into_inner);
        work(&mut db).map_err(|e| e.to_string())
    }

    /// Deletes the expired rows once every [`SQLITE_SWEEP_EVERY`] writes.
    fn sweep(&self, db: &Connection, now: u64) -> rusqlite::Result<()> {
        if self.writes.fetch_add(1, Ordering::Relaxed).is_multiple_of(SQLITE_SWEEP_EVERY) {
            let now = i64::try_from(now).unwrap_or(i64::MAX);
            db.execute("DELETE FROM agent_input_receipts WHERE expires_at <= ?1", params![now])?;
        }
        Ok(())
    }

    /// How many receipts the file holds (expired ones not yet swept included).
    ///
    /// # Errors
    /// The database cannot answer.
    pub fn count(&self) -> Result<usize, Error> {
        self.with_db(|db| db.query_row("SELECT count(*) FROM agent_input_receipts", [], |r| r.get::<_, i64>(0)))
            .map(|n| usize::try_from(n).unwrap_or(0))
            .map_err(Error::options)
    }
}

/// A stored row's receipt, or [`store_unavailable`] for one that is not JSON.
fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| store_unavailable(&format!("a stored receipt is not JSON: {e}")))
}

impl ReceiptStore for SqliteReceipts {
    fn get(&self, tool: &str, key: &str) -> Option<Value> {
        let found = self.with_db(|db| {
            db.query_row(
                "SELECT receipt FROM agent_input_receipts WHERE tool = ?1 AND key = ?2",
                params![tool, key],
                |r| r.get::<_, String>(0),
            )
            .optional()
        });
        match found {
            Ok(found) => found.map(|text| parsed(&text)),
            Err(e) => Some(store_unavailable(&e)),
        }
    }

    fn put(&self, tool: &str, key: &str, receipt: Value) {
        let text = crate::input::json_text(&receipt);
        let digest = receipt["digest"].as_str().unwrap_or_default().to_owned();
        let now = stored_at(&receipt);
        let _ = self.with_db(|db| {
            db.execute(
                "INSERT INTO agent_input_receipts (tool, key, digest, receipt, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (tool, key) DO UPDATE SET digest = excluded.digest, receipt = excluded.receipt,
                 expires_at = excluded.expires_at",
                params![tool, key, digest, text, expires_at(&receipt)],
            )?;
            self.sweep(db, now)
        });
    }

    /// Atomic across processes: one `INSERT ... ON CONFLICT DO UPDATE ... WHERE` in an
    /// immediate transaction, which changes a row only when the key holds nothing live.
    fn reserve(&self, tool: &str, key: &str, in_flight: Value) -> Option<Value> {
        let text = crate::input::json_text(&in_flight);
        let digest = in_flight["digest"].as_str().unwrap_or_default().to_owned();
        let now = stored_at(&in_flight);
        let now_sql = i64::try_from(now).unwrap_or(i64::MAX);
        let held = self.with_db(|db| {
            let tx = db.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let changed = tx.execute(
                "INSERT INTO agent_input_receipts (tool, key, digest, receipt, expires_at) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (tool, key) DO UPDATE SET digest = excluded.digest, receipt = excluded.receipt,
                 expires_at = excluded.expires_at WHERE agent_input_receipts.expires_at <= ?6",
                params![tool, key, digest, text, expires_at(&in_flight), now_sql],
            )?;
            let held = if changed == 1 {
                None
            } else {
                tx.query_row(
                    "SELECT receipt FROM agent_input_receipts WHERE tool = ?1 AND key = ?2",
                    params![tool, key],
                    |r| r.get::<_, String>(0),
                )
                .optional()?
            };
            self.sweep(&tx, now)?;
            tx.commit()?;
            Ok((changed, held))
        });
        match held {
            Ok((1, _)) => None,
            Ok((_, Some(text))) => Some(parsed(&text)),
            Ok((_, None)) => Some(store_unavailable("the key was neither reserved nor held")),
            Err(e) => Some(store_unavailable(&e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn temp(name: &str) -> std::path::PathBuf {
        // Under the workspace's target folder (the core reads no environment, tests included).
        let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/sqlite-tests");
        let dir = target.join(format!("{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("receipts.db")
    }

    fn mark(at: u64) -> Value {
        json!({"digest": "d", "in_flight": true, "stored_at": at, "expires_at": at + 300})
    }

    #[test]
    fn reserves_a_key_once_until_it_expires_and_keeps_what_is_put() {
        let store = SqliteReceipts::open(temp("once")).unwrap();
        assert_eq!(store.reserve("t", "k", mark(100)), None);
        assert_eq!(store.reserve("t", "k", mark(101)), Some(mark(100)));
        assert_eq!(store.reserve("u", "k", mark(101)), None, "per tool");
        let done = json!({"digest": "d", "result": {"ok": 1}, "stored_at": 150, "expires_at": 1000});
        store.put("t", "k", done.clone());
        assert_eq!(store.get("t", "k"), Some(done.clone()));
        assert_eq!(store.reserve("t", "k", mark(200)), Some(done), "the applied write is held");
        assert_eq!(store.reserve("t", "k", mark(1000)), None, "expired at 1000: reserved again");
        assert_eq!(store.get("t", "nothing"), None);
    }

    #[test]
    fn two_stores_on_one_file_reserve_each_key_once() {
        let path = temp("shared");
        let stores: Vec<_> = (0..4).map(|_| std::sync::Arc::new(SqliteReceipts::open(&path).unwrap())).collect();
        let threads: Vec<_> = stores
            .iter()
            .map(|store| {
                let store = std::sync::Arc::clone(store);
                std::thread::spawn(move || {
                    (0..50).filter(|i| store.reserve("t", &format!("k{i}"), mark(1)).is_none()).count()
                })
            })
            .collect();
        let won: usize = threads.into_iter().map(|t| t.join().unwrap()).sum();
        assert_eq!(won, 50, "each key reserved by exactly one of four connections");
        assert_eq!(stores[0].count().unwrap(), 50);
    }

    #[test]
    fn a_row_that_is_not_json_is_unavailable_never_absent() {
        let path = temp("corrupt");
        let store = SqliteReceipts::open(&path).unwrap();
        store.put("t", "k", mark(1));
        let raw = Connection::open(&path).unwrap();
        raw.execute("UPDATE agent_input_receipts SET receipt = 'not json'", []).unwrap();
        let got = store.get("t", "k").unwrap();
        assert!(got.get(super::super::STORE_UNAVAILABLE).is_some(), "{got}");
        let reserved = store.reserve("t", "k", mark(2)).unwrap();
        assert!(reserved.get(super::super::STORE_UNAVAILABLE).is_some(), "{reserved}");
    }

    #[test]
    fn a_database_locked_past_the_timeout_is_unavailable_and_reserves_nothing() {
        let path = temp("locked");
        let store = SqliteReceipts::open_waiting(&path, std::time::Duration::from_millis(50)).unwrap();
        let other = Connection::open(&path).unwrap();
        other.execute_batch("BEGIN EXCLUSIVE").unwrap();
        let held = store.reserve("t", "k", mark(1)).unwrap();
        assert!(held.get(super::super::STORE_UNAVAILABLE).is_some(), "{held}");
        other.execute_batch("ROLLBACK").unwrap();
        assert_eq!(store.get("t", "k"), None, "nothing was reserved");
        assert_eq!(store.reserve("t", "k", mark(1)), None, "unlocked: reserved");
    }

    #[test]
    fn a_file_that_cannot_be_opened_is_a_typed_error() {
        assert!(SqliteReceipts::open("/nonexistent-dir/receipts.db").is_err());
    }
}
