//! [`RedisReceipts`]: receipts in Redis or Valkey (feature `redis`).

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use redis::{Client, Connection};
use serde_json::Value;

use super::receipts::{store_unavailable, stored_at, ReceiptStore};
use crate::error::Error;

/// How long connecting to the server, or one command's reply, may take before the store answers
/// [`store_unavailable`](super::store_unavailable).
pub const REDIS_TIMEOUT_MS: u64 = 2_000;

/// Receipts in Redis (or Valkey), shared by every process on every machine that names the same
/// server: one string key per tool and idempotency key (`agent-input:receipt:<tool length>:<tool>:<key>`),
/// holding the receipt as JSON, set to expire when the receipt does. A key is reserved by one
/// `SET key mark NX EX ttl`, which only one of several callers at once can do; an expired key
/// is gone by the server's own clock, so machines whose clocks differ agree on it.
///
/// The connection is made at [`Self::open`] and made again after a failure. A server that does
/// not answer within [`REDIS_TIMEOUT_MS`], or a key that does not hold JSON, gives
/// [`store_unavailable`](super::store_unavailable): the call answers `upstream_unavailable` and
/// its write does not run.
pub struct RedisReceipts {
    client: Client,
    connection: Mutex<Option<Connection>>,
}

impl std::fmt::Debug for RedisReceipts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisReceipts").finish_non_exhaustive()
    }
}

/// The Redis key of a receipt (the tool's length first, so no tool and key pair spells
/// another's).
fn redis_key(tool: &str, key: &str) -> String {
    format!("agent-input:receipt:{}:{tool}:{key}", tool.len())
}

/// The seconds a receipt stays live from its `stored_at` (0: it is already past).
fn ttl(receipt: &Value) -> u64 {
    receipt["expires_at"].as_u64().unwrap_or(0).saturating_sub(stored_at(receipt))
}

/// A stored value's receipt, or [`store_unavailable`] for one that is not JSON.
fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| store_unavailable(&format!("a stored receipt is not JSON: {e}")))
}

impl RedisReceipts {
    /// Connects to the server at `url` (`redis://HOST:PORT/DB`, `rediss://` for TLS where the
    /// client supports it).
    ///
    /// # Errors
    /// A URL the client does not take, or a server that does not answer within
    /// [`REDIS_TIMEOUT_MS`].
    pub fn open(url: &str) -> Result<Self, Error> {
        let fail = |e: redis::RedisError| Error::options(format!("receipts in {url}: {e}"));
        let client = Client::open(url).map_err(fail)?;
        let store = Self { client, connection: Mutex::new(None) };
        let connection = store.connect().map_err(fail)?;
        *store.connection.lock().unwrap_or_else(PoisonError::into_inner) = Some(connection);
        Ok(store)
    }

    fn connect(&self) -> redis::RedisResult<Connection> {
        let timeout = Duration::from_millis(REDIS_TIMEOUT_MS);
        let connection = self.client.get_connection_with_timeout(timeout)?;
        connection.set_read_timeout(Some(timeout))?;
        connection.set_write_timeout(Some(timeout))?;
        Ok(connection)
    }

    /// Runs `work` on the connection (made again when there is none); a failure drops it.
    fn with<T>(&self, work: impl FnOnce(&mut Connection) -> redis::RedisResult<T>) -> Result<T, String> {
        let mut slot = self.connection.lock().unwrap_or_else(PoisonError::into_inner);
        let mut connection = match slot.take() {
            Some(connection) => connection,
            None => self.connect().map_err(|e| e.to_string())?,
        };
        match work(&mut connection) {
            Ok(value) => {
                *slot = Some(connection);
                Ok(value)
            }
            Err(e) => Err(e.to_string()),
        }
    }
}

impl ReceiptStore for RedisReceipts {
    fn get(&self, tool: &str, key: &str) -> Option<Value> {
        let name = redis_key(tool, key);
        match self.with(|c| redis::cmd("GET").arg(&name).query::<Option<String>>(c)) {
            Ok(found) => found.map(|text| parsed(&text)),
            Err(e) => Some(store_unavailable(&e)),
        }
    }

    fn put(&self, tool: &str, key: &str, receipt: Value) {
        let name = redis_key(tool, key);
        let seconds = ttl(&receipt);
        let text = crate::input::json_text(&receipt);
        let _ = self.with(|c| match seconds {
            0 => redis::cmd("DEL").arg(&name).query::<i64>(c).map(drop),
            _ => redis::cmd("SET").arg(&name).arg(&text).arg("EX").arg(seconds).query::<()>(c),
        });
    }

    /// Atomic across machines: `SET ... NX EX`, which sets the key only when it holds nothing
    /// (an expired receipt is gone by the server's clock).
    fn reserve(&self, tool: &str, key: &str, in_flight: Value) -> Option<Value> {
        let name = redis_key(tool, key);
        let seconds = ttl(&in_flight).max(1);
        let text = crate::input::json_text(&in_flight);
        let reserved = self.with(|c| {
            // Twice at most: a key that expires between the two commands is reserved next time.
            for _ in 0..2 {
                let set: Option<String> =
                    redis::cmd("SET").arg(&name).arg(&text).arg("NX").arg("EX").arg(seconds).query(c)?;
                if set.is_some() {
                    return Ok(None);
                }
                if let Some(held) = redis::cmd("GET").arg(&name).query::<Option<String>>(c)? {
                    return Ok(Some(held));
                }
            }
            Ok(Some(crate::input::json_text(&store_unavailable("the key was neither reserved nor held"))))
        });
        match reserved {
            Ok(None) => None,
            Ok(Some(held)) => Some(parsed(&held)),
            Err(e) => Some(store_unavailable(&e)),
        }
    }
}
