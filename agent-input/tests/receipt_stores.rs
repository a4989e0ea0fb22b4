//! One contract for every receipt store that ships ([`MemoryReceipts`], and with their features
//! `SqliteReceipts`, `RedisReceipts` against a real `redis-server` and `PostgresReceipts` against
//! a real PostgreSQL server, both on loopback): lookups, reservations (one winner among
//! threads), receipts kept and replaced, releases, expiry by the clock, and a store that cannot
//! answer. `scripts/test` installs `redis-server` and `postgresql` when they are missing and sets
//! `AGENT_INPUT_REQUIRE_REDIS=1` and `AGENT_INPUT_REQUIRE_POSTGRES=1`, under which a missing
//! server fails.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use agent_input::tool::{MemoryReceipts, ReceiptStore};
use serde_json::{json, Value};

fn now() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs()
}

fn mark(at: u64, ttl: u64) -> Value {
    json!({"digest": "d", "args": {}, "in_flight": true, "stored_at": at, "expires_at": at + ttl})
}

/// The contract every store keeps; `tag` makes its keys its own.
fn contract(store: Arc<dyn ReceiptStore>, tag: &str) {
    let key = |k: &str| format!("{tag}-{k}");
    let t = now();
    assert_eq!(store.get("pay", &key("a")), None, "{tag}: nothing yet");
    assert_eq!(store.reserve("pay", &key("a"), mark(t, 300)), None, "{tag}: reserved");
    assert_eq!(store.reserve("pay", &key("a"), mark(t, 300)), Some(mark(t, 300)), "{tag}: held");
    assert_eq!(store.reserve("other", &key("a"), mark(t, 300)), None, "{tag}: per tool");
    let done = json!({"digest": "d", "args": {}, "result": {"paid": 1}, "stored_at": t, "expires_at": t + 600});
    store.put("pay", &key("a"), done.clone());
    assert_eq!(store.get("pay", &key("a")), Some(done.clone()), "{tag}: the receipt kept");
    assert_eq!(store.reserve("pay", &key("a"), mark(t, 300)), Some(done), "{tag}: an applied write is held");
    // A release (a receipt already expired) frees the key for the retry.
    store.put("pay", &key("b"), mark(t, 300));
    store.put("pay", &key("b"), json!({"digest": "d", "released": true, "expires_at": 0}));
    assert_eq!(store.reserve("pay", &key("b"), mark(t, 300)), None, "{tag}: released, reserved again");
    // A mark that expires (a process that died mid-write) frees the key once its time is past.
    assert_eq!(store.reserve("pay", &key("c"), mark(t, 1)), None);
    std::thread::sleep(Duration::from_millis(2_100));
    assert_eq!(store.reserve("pay", &key("c"), mark(now(), 300)), None, "{tag}: expired, reserved again");
    // Eight threads, fifty keys: each key reserved exactly once.
    let t = now();
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let store = Arc::clone(&store);
            let tag = tag.to_owned();
            std::thread::spawn(move || {
                (0..50).filter(|i| store.reserve("race", &format!("{tag}-{i}"), mark(t, 300)).is_none()).count()
            })
        })
        .collect();
    let won: usize = threads.into_iter().map(|h| h.join().unwrap()).sum();
    assert_eq!(won, 50, "{tag}: each key reserved once among eight threads");
}

#[test]
fn memory_keeps_the_contract() {
    contract(Arc::new(MemoryReceipts::default()), "memory");
}

#[cfg(feature = "sqlite")]
#[test]
fn sqlite_keeps_the_contract() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("stores-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("receipts.db");
    let _ = std::fs::remove_file(&path);
    contract(Arc::new(agent_input::tool::SqliteReceipts::open(&path).unwrap()), "sqlite");
}

#[cfg(feature = "redis")]
mod redis {
    use super::*;
    use agent_input::tool::{RedisReceipts, STORE_UNAVAILABLE};
    use std::process::{Child, Command, Stdio};

    /// A `redis-server` of the test's own on a free loopback port, ended when dropped; `None`
    /// (with the reason printed) when none is installed and none is required.
    struct Server(Child, String);

    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    fn server() -> Option<Server> {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let spawned = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .spawn();
        let child = match spawned {
            Ok(child) => child,
            Err(e) if std::env::var_os("AGENT_INPUT_REQUIRE_REDIS").is_some() => {
                panic!("redis-server is required (AGENT_INPUT_REQUIRE_REDIS) but does not start: {e}")
            }
            Err(e) => {
                eprintln!("skipped: no redis-server here ({e}); scripts/test installs it and requires it");
                return None;
            }
        };
        let url = format!("redis://127.0.0.1:{port}/");
        let server = Server(child, url);
        for _ in 0..100 {
            if RedisReceipts::open(&server.1).is_ok() {
                return Some(server);
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("redis-server on port {port} did not answer within 5 s");
    }

    #[test]
    fn redis_keeps_the_contract_and_a_server_gone_is_unavailable() {
        let Some(server) = server() else { return };
        let store = Arc::new(RedisReceipts::open(&server.1).unwrap());
        contract(Arc::clone(&store) as Arc<dyn ReceiptStore>, "redis");
        // Two stores (two machines) on the one server: one reservation between them.
        let other = RedisReceipts::open(&server.1).unwrap();
        assert_eq!(store.reserve("pay", "shared", mark(now(), 300)), None);
        assert!(other.reserve("pay", "shared", mark(now(), 300)).is_some());
        drop(server);
        let held = store.reserve("pay", "after", mark(now(), 300)).unwrap();
        assert!(held.get(STORE_UNAVAILABLE).is_some(), "{held}");
        assert!(RedisReceipts::open("not a url").is_err());
    }
}

#[cfg(feature = "postgres")]
mod postgres_store {
    use super::*;
    use agent_input::tool::{PostgresReceipts, STORE_UNAVAILABLE};
    use std::path::PathBuf;
    use std::process::Command;

    /// A PostgreSQL server of the test's own (`scripts/postgres`: Debian's binaries, a free
    /// loopback port, a temporary directory), stopped when dropped; `None` (with the reason
    /// printed) when none can start and none is required (`AGENT_INPUT_REQUIRE_POSTGRES`).
    struct Server(PathBuf, String);

    impl Drop for Server {
        fn drop(&mut self) {
            let _ = Command::new(script()).args(["stop"]).arg(&self.0).status();
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn script() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../scripts/postgres")
    }

    fn server() -> Option<Server> {
        let dir = std::env::temp_dir().join(format!("agent-input-pg-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let out = Command::new(script()).arg("start").arg(&dir).output().unwrap();
        if !out.status.success() {
            let why = String::from_utf8_lossy(&out.stderr).into_owned();
            if std::env::var_os("AGENT_INPUT_REQUIRE_POSTGRES").is_some() {
                panic!("PostgreSQL is required (AGENT_INPUT_REQUIRE_POSTGRES) but does not start: {why}");
            }
            eprintln!("skipped: no PostgreSQL here ({why}); scripts/test requires it");
            return None;
        }
        Some(Server(dir, String::from_utf8_lossy(&out.stdout).trim().to_owned()))
    }

    #[test]
    fn postgres_keeps_the_contract_and_a_bad_row_or_a_server_gone_is_unavailable() {
        let Some(server) = server() else { return };
        let store = Arc::new(PostgresReceipts::open(&server.1).unwrap());
        contract(Arc::clone(&store) as Arc<dyn ReceiptStore>, "postgres");
        // Two stores (two machines) on the one database: one reservation between them.
        let other = PostgresReceipts::open(&server.1).unwrap();
        assert_eq!(store.reserve("pay", "shared", mark(now(), 300)), None);
        assert!(other.reserve("pay", "shared", mark(now(), 300)).is_some());
        // A row that is not JSON is the store unavailable, never someone's result.
        let mut raw = postgres::Client::connect(&server.1, postgres::NoTls).unwrap();
        raw.execute(
            "INSERT INTO agent_input_receipts (tool, key, receipt, expires) VALUES ('pay', 'torn', '{\"res', now() + interval '1 hour')",
            &[],
        )
        .unwrap();
        let torn = store.reserve("pay", "torn", mark(now(), 300)).unwrap();
        assert!(torn.get(STORE_UNAVAILABLE).is_some(), "{torn}");
        drop(raw);
        drop(server);
        let held = store.reserve("pay", "after", mark(now(), 300)).unwrap();
        assert!(held.get(STORE_UNAVAILABLE).is_some(), "{held}");
        assert!(PostgresReceipts::open("not a url").is_err());
    }
}
