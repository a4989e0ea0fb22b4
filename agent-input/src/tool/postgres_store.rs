//! [`PostgresReceipts`]: receipts in a PostgreSQL table (feature `postgres`).

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use postgres::{Client, NoTls};
use serde_json::Value;

use super::receipts::{store_unavailable, stored_at, ReceiptStore};
use crate::error::Error;

/// How long connecting to the server, or one statement, may take before the store answers
/// [`store_unavailable`](super::store_unavailable) (the server's `statement_timeout` for the
/// store's session).
pub const POSTGRES_TIMEOUT_MS: u64 = 2_000;

const SCHEMA: &str = "
    CREATE TABLE IF NOT EXISTS agent_input_receipts (
        tool TEXT NOT NULL,
        key TEXT NOT NULL,
        receipt TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL,
        PRIMARY KEY (tool, key)
    );
    CREATE INDEX IF NOT EXISTS agent_input_receipts_expires ON agent_input_receipts (expires);
";

/// Reserves a key: a row is inserted, or an expired one replaced, and returned; a live row is
/// left as it is and nothing returned.
const RESERVE: &str = "
    INSERT INTO agent_input_receipts (tool, key, receipt, expires)
    VALUES ($1, $2, $3, now() + make_interval(secs => $4))
    ON CONFLICT (tool, key) DO UPDATE SET receipt = excluded.receipt, expires = excluded.expires
    WHERE agent_input_receipts.expires <= now()
    RETURNING 1
";

/// Receipts in PostgreSQL, shared by every process on every machine that names the same
/// database: one table, `agent_input_receipts (tool, key, receipt, expires)`, created when
/// missing. A key is reserved by one statement, `INSERT ... ON CONFLICT DO UPDATE ... WHERE
/// expires <= now() RETURNING`, which of several callers at once exactly one sees return a row.
/// Expiry is by the server's clock (`now()`, the receipt's time to live added to it), so
/// machines whose clocks differ agree on it; expired rows are replaced when their key is
/// reserved again and deleted by each `put` of an expired receipt.
///
/// The connection (no TLS: a server on loopback or a private network, or a TLS-terminating
/// pooler in front) is made at [`Self::open`] and made again after a failure. A server that does
/// not answer within [`POSTGRES_TIMEOUT_MS`], or a row that does not hold JSON, gives
/// [`store_unavailable`](super::store_unavailable): the call answers `upstream_unavailable` and
/// its write does not run.
pub struct PostgresReceipts {
    config: postgres::Config,
    client: Mutex<Option<Client>>,
}

impl std::fmt::Debug for PostgresReceipts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresReceipts").finish_non_exhaustive()
    }
}

/// The seconds a receipt stays live from its `stored_at` (0: it is already past).
fn ttl(receipt: &Value) -> f64 {
    let seconds = receipt["expires_at"].as_u64().unwrap_or(0).saturating_sub(stored_at(receipt));
    // Seconds of a receipt's life are far below 2^52: exact as a float.
    f64::from(u32::try_from(seconds).unwrap_or(u32::MAX))
}

/// A stored row's receipt, or [`store_unavailable`] for one that is not JSON.
fn parsed(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| store_unavailable(&format!("a stored receipt is not JSON: {e}")))
}

impl PostgresReceipts {
    /// Connects to the database at `url` (`postgres://USER@HOST:PORT/DB`, or a key-value
    /// connection string) and creates the table when it is missing.
    ///
    /// # Errors
    /// A URL the client does not take, a server that does not answer within
    /// [`POSTGRES_TIMEOUT_MS`], or a table of another shape.
    pub fn open(url: &str) -> Result<Self, Error> {
        let fail = |e: postgres::Error| Error::options(format!("receipts in {}: {e}", shown(url)));
        let mut config: postgres::Config = url.parse().map_err(fail)?;
        config.connect_timeout(Duration::from_millis(POSTGRES_TIMEOUT_MS));
        config.options(&format!("-c statement_timeout={POSTGRES_TIMEOUT_MS}"));
        let store = Self { config, client: Mutex::new(None) };
        let mut client = store.connect().map_err(fail)?;
        client.batch_execute(SCHEMA).map_err(fail)?;
        client.prepare("SELECT tool, key, receipt, expires FROM agent_input_receipts LIMIT 0").map_err(fail)?;
        *store.client.lock().unwrap_or_else(PoisonError::into_inner) = Some(client);
        Ok(store)
    }

    fn connect(&self) -> Result<Client, postgres::Error> {
        self.config.connect(NoTls)
    }

    /// Runs `work` on the connection (made again when there is none); a failure drops it.
    fn with<T>(&self, work: impl FnOnce(&mut Client) -> Result<T, postgres::Error>) -> Result<T, String> {
        let mut slot = self.client.lock().unwrap_or_else(PoisonError::into_inner);
        let mut client = match slot.take() {
            Some(client) if !client.is_closed() => client,
            _ => self.connect().map_err(|e| e.to_string())?,
        };
        match work(&mut client) {
            Ok(value) => {
                *slot = Some(client);
                Ok(value)
            }
            Err(e) => Err(e.to_string()),
        }
    }
}

/// A URL without its password, for an error.
fn shown(url: &str) -> String {
    match (url.split_once("://"), url.rsplit_once('@')) {
        (Some((scheme, rest)), Some((_, host))) if rest.contains('@') => {
            let user = rest.split(['@', ':']).next().unwrap_or_default();
            format!("{scheme}://{user}@{host}")
        }
        _ => url.to_owned(),
    }
}

impl ReceiptStore for PostgresReceipts {
    fn get(&self, tool: &str, key: &str) -> Option<Value> {
        let found = self.with(|c| {
            c.query_opt(
                "SELECT receipt FROM agent_input_receipts WHERE tool = $1 AND key = $2 AND expires > now()",
                &[&tool, &key],
            )
        });
        match found {
            Ok(row) => row.map(|r| parsed(r.get::<_, &str>(0))),
            Err(e) => Some(store_unavailable(&e)),
        }
    }

    fn put(&self, tool: &str, key: &str, receipt: Value) {
        let text = crate::input::json_text(&receipt);
        let seconds = ttl(&receipt);
        let _ = self.with(|c| {
            if seconds <= 0.0 {
                return c.execute("DELETE FROM agent_input_receipts WHERE tool = $1 AND key = $2", &[&tool, &key]);
            }
            c.execute(
                "INSERT INTO agent_input_receipts (tool, key, receipt, expires)
                 VALUES ($1, $2, $3, now() + make_interval(secs => $4))
                 ON CONFLICT (tool, key) DO UPDATE SET receipt = excluded.receipt, expires = excluded.expires",
                &[&tool, &key, &text, &seconds],
            )
        });
    }

    /// Atomic across machines: one `INSERT ... ON CONFLICT DO UPDATE ... WHERE expires <=
    /// now() RETURNING`.
    fn reserve(&self, tool: &str, key: &str, in_flight: Value) -> Option<Value> {
        let text = crate::input::json_text(&in_flight);
        let seconds = ttl(&in_flight).max(1.0);
        let held = self.with(|c| {
            // Twice at most: a row that expires between the two statements is reserved next time.
            for _ in 0..2 {
                if c.query_opt(RESERVE, &[&tool, &key, &text, &seconds])?.is_some() {
                    return Ok(None);
                }
                let row = c.query_opt(
                    "SELECT receipt FROM agent_input_receipts WHERE tool = $1 AND key = $2 AND expires > now()",
                    &[&tool, &key],
                )?;
                if let Some(row) = row {
                    return Ok(Some(row.get::<_, String>(0)));
                }
            }
            Ok(Some(crate::input::json_text(&store_unavailable("the key was neither reserved nor held"))))
        });
        match held {
            Ok(None) => None,
            Ok(Some(text)) => Some(parsed(&text)),
            Err(e) => Some(store_unavailable(&e)),
        }
    }
}
