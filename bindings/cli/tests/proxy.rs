//! `agent-input proxy` over stdio, driven line by line against a server written with no SDK
//! (`tests/proxy/bare_server.py`, the standard library only): what it rewrites, what it passes
//! on unchanged, its receipts, and every fault the issue names. The SDK clients drive it in
//! `tests/conformance` (the entries of `tests/proxy/servers.json`); `proxy_http.rs` drives it
//! over Streamable HTTP.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

use serde_json::{json, Value};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

struct Proxy {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    log: PathBuf,
    _dir: TempDir,
}

struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl Proxy {
    fn start(options: &[&str]) -> Proxy {
        let dir = std::env::temp_dir().join(format!("agent-input-proxy-{}-{}", std::process::id(), rand_suffix()));
        std::fs::create_dir_all(&dir).unwrap();
        let log = dir.join("calls.jsonl");
        let mut child = Command::new(env!("CARGO_BIN_EXE_agent-input"))
            .arg("proxy")
            .args(options)
            .arg("--")
            .arg("python3")
            .arg(root().join("tests/proxy/bare_server.py"))
            .env("BARE_SERVER_LOG", &log)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        let stdin = child.stdin.take();
        Proxy { child, stdin, lines, log, _dir: TempDir(dir) }
    }

    fn send_raw(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(line.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
    }

    fn send(&mut self, message: &Value) {
        self.send_raw(&message.to_string());
    }

    fn recv(&self) -> Value {
        let line = self.lines.recv_timeout(Duration::from_secs(30)).expect("an answer within 30 s");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"))
    }

    fn request(&mut self, id: u64, method: &str, params: Value) -> Value {
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        let answer = self.recv();
        assert_eq!(answer["id"], json!(id), "{answer}");
        answer
    }

    fn legacy(options: &[&str]) -> Proxy {
        let mut proxy = Proxy::start(options);
        let init =
            json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}});
        let answer = proxy.request(0, "initialize", init);
        assert_eq!(answer["result"]["protocolVersion"], "2025-11-25");
        proxy.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        proxy
    }

    fn call(&mut self, id: u64, tool: &str, arguments: Value) -> Value {
        self.request(id, "tools/call", json!({"name": tool, "arguments": arguments}))
    }

    /// What reached the server's handler, one entry per call, in order.
    fn received(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    fn close(mut self) -> std::process::ExitStatus {
        drop(self.stdin.take());
        wait(&mut self.child, 10).expect("the proxy exits once its input is closed")
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

fn wait(child: &mut Child, seconds: u64) -> Option<std::process::ExitStatus> {
    let deadline = std::time::Instant::now() + Duration::from_secs(seconds);
    while std::time::Instant::now() < deadline {
        if let Ok(Some(status)) = child.try_wait() {
            return Some(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    None
}

fn notes(result: &Value) -> Vec<String> {
    result["_meta"]["agent-input/notes"]
        .as_array()
        .map(|n| n.iter().map(|n| n["code"].as_str().unwrap().to_owned()).collect())
        .unwrap_or_default()
}

#[test]
fn a_model_spelled_call_is_repaired_with_notes_and_a_valid_one_reaches_the_server_unchanged() {
    let mut proxy = Proxy::legacy(&[]);
    let listed = proxy.request(1, "tools/list", json!({}));
    let search = &listed["result"]["tools"][0];
    assert_eq!(search["name"], "search");
    assert!(search["inputSchema"]["properties"]["limit"]["description"].as_str().unwrap().contains("clamped"));
    assert_eq!(listed["result"]["nextCursor"], "2", "the page's cursor is the server's");
    let page2 = proxy.request(2, "tools/list", json!({"cursor": "2"}));
    assert_eq!(page2["result"]["tools"][0]["name"], "crash");

    let repaired = proxy.call(3, "search", json!({"query": "x", "limit": "4 000", "date_from": "1. 10. 2026"}));
    let result = &repaired["result"];
    assert_eq!(result["structuredContent"]["received"], json!({"query": "x", "limit": 50, "date_from": "2026-10-01"}));
    assert_eq!(notes(result), ["grouping_removed", "out_of_range_clamped", "date_spelling_normalized"]);

    // Valid against the server's own schema: as sent, whatever it looks like; no notes added.
    let valid = json!({"text": "  null  ", "from": "2026", "to": "N/A"});
    let answer = proxy.call(4, "note", valid.clone());
    assert_eq!(answer["result"]["structuredContent"]["received"], valid);
    assert!(answer["result"].get("_meta").is_none(), "{answer}");
    let valid_search = json!({"query": " spaced  words ", "limit": 7});
    proxy.call(5, "search", valid_search.clone());
    let received = proxy.received();
    assert_eq!(received[1]["arguments"], valid);
    assert_eq!(received[2]["arguments"], valid_search);
    assert!(proxy.close().success());
}

#[test]
fn an_ambiguous_value_asks_and_never_reaches_the_server() {
    let mut proxy = Proxy::legacy(&[]);
    let answer = proxy.call(1, "search", json!({"query": "x", "date_from": "01/02/2026"}));
    let result = &answer["result"];
    assert_eq!(result["isError"], true, "{answer}");
    let issue = &result["structuredContent"]["issues"][0];
    assert_eq!(issue["code"], "ambiguous_date", "{answer}");
    assert_eq!(issue["readings"].as_array().unwrap().len(), 2);
    assert!(proxy.received().is_empty(), "the server saw no call");
    // The client never listed: the proxy listed both pages itself to find the tool.
    assert!(proxy.close().success());
}

#[test]
fn a_write_with_an_idempotency_key_is_applied_once_and_replayed() {
    let mut proxy = Proxy::legacy(&[]);
    let first = proxy.call(1, "write", json!({"title": "A", "idempotency_key": "k-1"}));
    let again = proxy.call(2, "write", json!({"title": "A", "idempotency_key": "k-1"}));
    assert_eq!(first["result"]["structuredContent"]["created"], 1, "{first}");
    assert_eq!(again["result"]["structuredContent"], first["result"]["structuredContent"], "{again}");
    let other = proxy.call(3, "write", json!({"title": "B", "idempotency_key": "k-2"}));
    assert_eq!(other["result"]["structuredContent"]["created"], 2);
    assert_eq!(proxy.received().len(), 2, "the retry was replayed, not applied again");
}

#[test]
fn the_modern_revision_is_read_from_each_requests_meta() {
    let mut proxy = Proxy::start(&["--today", "2026-12-06"]);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}});
    let discovered = proxy.request(1, "server/discover", json!({"_meta": meta}));
    assert_eq!(discovered["result"]["supportedVersions"][0], "2026-07-28");
    let params = json!({"name": "search", "arguments": {"query": "x", "date_from": "yesterday"}, "_meta": meta});
    let answer = proxy.request(2, "tools/call", params);
    assert_eq!(answer["result"]["structuredContent"]["received"]["date_from"], "2026-12-05", "{answer}");
    // Without `--today` a relative word asks, as the drop-ins' default does.
    let mut plain = Proxy::start(&[]);
    let params = json!({"name": "search", "arguments": {"query": "x", "date_from": "yesterday"}, "_meta": meta});
    let asked = plain.request(1, "tools/call", params);
    assert_eq!(asked["result"]["isError"], true, "{asked}");
}

#[test]
fn list_changed_forgets_the_tools_and_the_next_call_lists_again() {
    let mut proxy = Proxy::legacy(&[]);
    assert_eq!(proxy.call(1, "late", json!({"n": 9}))["error"]["code"], -32602, "not a tool yet");
    proxy
        .send(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "grow", "arguments": {}}}));
    let (mut changed, mut answered) = (false, false);
    while !(changed && answered) {
        let message = proxy.recv();
        changed |= message["method"] == "notifications/tools/list_changed";
        answered |= message["id"] == 2;
    }
    // Read by its spec now: the text "4" reaches it as the number 4, and 9 (past its maximum)
    // never reaches it.
    let late = proxy.call(3, "late", json!({"n": "4"}));
    assert_eq!(late["result"]["structuredContent"]["received"]["n"], 4, "{late}");
    let over = proxy.call(4, "late", json!({"n": 9}));
    assert_eq!(over["result"]["structuredContent"]["issues"][0]["code"], "out_of_range", "{over}");
}

#[test]
fn bad_messages_get_the_errors_json_rpc_names_and_the_session_goes_on() {
    let mut proxy = Proxy::start(&[]);
    let before = proxy.request(1, "tools/list", json!({}));
    assert_eq!(before["error"]["code"], -32600, "a request before the handshake: {before}");
    proxy.send_raw("{not json");
    assert_eq!(proxy.recv()["error"]["code"], -32700);
    proxy.send_raw(r#"[{"jsonrpc":"2.0","id":9,"method":"ping"}]"#);
    let batch = proxy.recv();
    assert_eq!(batch["error"]["code"], -32600);
    assert!(batch["error"]["message"].as_str().unwrap().contains("batch"));
    let mut huge =
        r#"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"note","arguments":{"text":""#.to_string();
    huge.push_str(&"x".repeat(16 * 1024 * 1024 + 10));
    huge.push_str("\"}}}");
    proxy.send_raw(&huge);
    let refused = proxy.recv();
    assert_eq!(refused["id"], 10, "answered by id, read from the line's start");
    assert!(refused["error"]["message"].as_str().unwrap().contains("MAX_MESSAGE_BYTES"), "{refused}");
    // Still serving.
    let init =
        json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}});
    assert_eq!(proxy.request(11, "initialize", init)["result"]["serverInfo"]["name"], "bare");
    // A line that is not JSON-RPC on the server's stdout is logged, not passed on.
    let noisy = proxy.call(12, "noise", json!({}));
    assert_eq!(noisy["result"]["structuredContent"]["received"], json!({}));
    // A message from the server over the bound: the request it answers gets an error instead.
    let huge = proxy.call(13, "huge", json!({"bytes": 16 * 1024 * 1024 + 1}));
    assert!(huge["error"]["message"].as_str().unwrap().contains("MAX_MESSAGE_BYTES"), "{huge}");
    assert_eq!(
        proxy.call(14, "note", json!({"text": "after"}))["result"]["structuredContent"]["received"]["text"],
        "after"
    );
}

#[test]
fn a_server_that_exits_mid_call_is_an_error_naming_its_status_and_stderr() {
    let mut proxy = Proxy::legacy(&[]);
    let answer = proxy.call(1, "crash", json!({}));
    let message = answer["error"]["message"].as_str().unwrap();
    assert!(message.contains("exit status: 3"), "{message}");
    assert!(message.contains("crashing on purpose"), "{message}");
    let status = wait(&mut proxy.child, 10).expect("the proxy exits after its server");
    assert_eq!(status.code(), Some(1));
}

#[test]
fn slow_calls_keep_their_ids_and_a_closed_client_ends_the_server() {
    let mut proxy = Proxy::legacy(&[]);
    for (id, ms) in [(1, 300), (2, 0)] {
        proxy.send(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "slow", "arguments": {"ms": ms}}}));
    }
    let (a, b) = (proxy.recv(), proxy.recv());
    assert_eq!((a["id"].clone(), b["id"].clone()), (json!(1), json!(2)), "the bare server answers in order");
    assert_eq!(a["result"]["structuredContent"]["received"]["ms"], 300);
    let pid = proxy.child.id();
    let server = children_of(pid);
    assert_eq!(server.len(), 1, "one server process: {server:?}");
    assert!(proxy.close().success());
    std::thread::sleep(Duration::from_millis(200));
    assert!(!std::path::Path::new(&format!("/proc/{}", server[0])).exists(), "no orphan server");
}

#[test]
fn a_command_that_does_not_start_is_exit_4_and_bad_options_exit_2() {
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_agent-input")).args(args).output().unwrap();
    let missing = run(&["proxy", "--", "/nonexistent/server"]);
    assert_eq!(missing.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("cannot start"));
    assert_eq!(run(&["proxy", "--bogus", "--", "x"]).status.code(), Some(2));
    assert_eq!(run(&["proxy", "--today", "tomorrow", "--", "true"]).status.code(), Some(2));
    assert_eq!(run(&["proxy", "--receipts", "nowhere", "--", "true"]).status.code(), Some(2));
    assert_eq!(run(&["proxy"]).status.code(), Some(2));
}

/// The pids whose parent is `pid` (Linux `/proc`).
fn children_of(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(child) = entry.file_name().to_string_lossy().parse::<u32>() else { continue };
        let Ok(stat) = std::fs::read_to_string(entry.path().join("stat")) else { continue };
        let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
        if after.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok()) == Some(pid) {
            found.push(child);
        }
    }
    found
}

/// Three proxies, each with its own server, sharing one SQLite receipt store: 200 calls of the
/// same write with the same key sent at once (pipelined on each proxy's stdio), the write slow.
/// The write runs once in all; every call answers its result or `call_in_progress`; a retry
/// after it finished replays the result through any of the three.
#[test]
fn three_proxies_sharing_a_sqlite_store_run_one_write_once() {
    let dir = std::env::temp_dir().join(format!("agent-input-proxy-shared-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    one_write_once(&format!("sqlite:{}", dir.join("receipts.db").display()), "shared-key-0001");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same through a Redis server (`redis-server` on a free loopback port; `scripts/test`
/// installs it and requires it with `AGENT_INPUT_REQUIRE_REDIS=1`).
#[test]
fn three_proxies_sharing_a_redis_store_run_one_write_once() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let spawned = Command::new("redis-server")
        .args(["--port", &port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
        .stdout(Stdio::null())
        .spawn();
    let mut server = match spawned {
        Ok(child) => child,
        Err(e) if std::env::var_os("AGENT_INPUT_REQUIRE_REDIS").is_some() => panic!("redis-server is required: {e}"),
        Err(e) => return eprintln!("skipped: no redis-server here ({e}); scripts/test installs it and requires it"),
    };
    let up = (0..100).any(|_| {
        std::thread::sleep(Duration::from_millis(50));
        std::net::TcpStream::connect(("127.0.0.1", port)).is_ok()
    });
    assert!(up, "redis-server on {port} did not listen within 5 s");
    one_write_once(&format!("redis://127.0.0.1:{port}/"), "redis-key-0001");
    let _ = server.kill();
    let _ = server.wait();
}

/// The same through a PostgreSQL database (`scripts/postgres`: a server of the test's own on a
/// free loopback port; `scripts/test` requires it with `AGENT_INPUT_REQUIRE_POSTGRES=1`).
#[test]
fn three_proxies_sharing_a_postgres_store_run_one_write_once() {
    let script = root().join("scripts/postgres");
    let dir = std::env::temp_dir().join(format!("agent-input-proxy-pg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = Command::new(&script).arg("start").arg(&dir).output().unwrap();
    if !out.status.success() {
        let why = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(std::env::var_os("AGENT_INPUT_REQUIRE_POSTGRES").is_none(), "PostgreSQL is required: {why}");
        return eprintln!("skipped: no PostgreSQL here ({why}); scripts/test requires it");
    }
    let url = String::from_utf8_lossy(&out.stdout).trim().to_owned();
    one_write_once(&url, "postgres-key-0001");
    let _ = Command::new(&script).arg("stop").arg(&dir).status();
    let _ = std::fs::remove_dir_all(&dir);
}

/// Three proxies on `store`: 200 calls of one slow write with the key `key`, sent at once.
fn one_write_once(store: &str, key: &str) {
    // Each proxy's server logs the calls it ran to a file of its own: all three are counted.
    let mut proxies: Vec<Proxy> = (0..3).map(|_| Proxy::legacy(&["--receipts", store])).collect();
    let write = json!({"title": "A", "idempotency_key": key, "delay_ms": 400});
    let counts = [67, 67, 66];
    for (proxy, n) in proxies.iter_mut().zip(counts) {
        for id in 0..n {
            proxy.send(&json!({"jsonrpc": "2.0", "id": 100 + id, "method": "tools/call",
                               "params": {"name": "write", "arguments": write}}));
        }
    }
    let (mut applied, mut in_progress) = (0, 0);
    let mut results = Vec::new();
    for (proxy, n) in proxies.iter().zip(counts) {
        for _ in 0..n {
            let answer = proxy.recv();
            let result = &answer["result"];
            if result["isError"] == true {
                assert_eq!(result["structuredContent"]["code"], "call_in_progress", "{answer}");
                in_progress += 1;
            } else {
                assert_eq!(result["structuredContent"]["created"], 1, "{answer}");
                results.push(result["structuredContent"].clone());
                applied += 1;
            }
        }
    }
    assert_eq!(applied + in_progress, 200);
    assert_eq!(applied, 1, "one call ran the write; {in_progress} were told it is in progress");
    let ran: usize = proxies.iter().map(|p| p.received().iter().filter(|c| c["tool"] == "write").count()).sum();
    assert_eq!(ran, 1, "the servers saw the write once");
    for (i, proxy) in proxies.iter_mut().enumerate() {
        let retry = proxy.call(900, "write", write.clone());
        assert_eq!(retry["result"]["structuredContent"], results[0], "proxy {i}: {retry}");
    }
}

/// Writes of [`three_proxies_racing_on_many_keys_run_each_write_once`], each with its key.
const RACING_KEYS: u64 = 600;

/// The race the reservation closes, made likely: [`RACING_KEYS`] writes, each with a key of its
/// own, sent to three proxies sharing one SQLite store in the same order at the same time, so
/// that for each key three lookups meet. Each key's write runs exactly once among the three
/// servers. (With the store's `reserve` replaced by `get` then `put`, two runs of three ran
/// some key's write twice or three times.)
#[test]
fn three_proxies_racing_on_many_keys_run_each_write_once() {
    let dir = std::env::temp_dir().join(format!("agent-input-proxy-race-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let store = format!("sqlite:{}", dir.join("receipts.db").display());
    let mut proxies: Vec<Proxy> = (0..3).map(|_| Proxy::legacy(&["--receipts", &store])).collect();
    let line = |i: u64| {
        json!({"jsonrpc": "2.0", "id": 1000 + i, "method": "tools/call",
               "params": {"name": "write", "arguments": {"title": "T", "idempotency_key": format!("race-key-{i:04}")}}})
        .to_string()
    };
    // All lines of each proxy written first, then flushed together: the three read in step.
    let batches: Vec<String> =
        (0..3).map(|_| (0..RACING_KEYS).map(line).collect::<Vec<_>>().join("\n") + "\n").collect();
    std::thread::scope(|scope| {
        for (proxy, batch) in proxies.iter_mut().zip(&batches) {
            let stdin = proxy.stdin.as_mut().unwrap();
            scope.spawn(move || {
                stdin.write_all(batch.as_bytes()).unwrap();
                stdin.flush().unwrap();
            });
        }
    });
    for proxy in &proxies {
        for _ in 0..RACING_KEYS {
            let answer = proxy.recv();
            let result = &answer["result"];
            let ok = result["isError"] != true || result["structuredContent"]["code"] == "call_in_progress";
            assert!(ok, "{answer}");
        }
    }
    let mut runs = std::collections::HashMap::new();
    for proxy in &proxies {
        for call in proxy.received().iter().filter(|c| c["tool"] == "write") {
            *runs.entry(call["arguments"]["idempotency_key"].as_str().unwrap().to_owned()).or_insert(0) += 1;
        }
    }
    let twice: Vec<_> = runs.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "{} keys' writes ran more than once: {twice:?}", twice.len());
    assert_eq!(runs.len() as u64, RACING_KEYS, "every key's write ran");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A proxy killed mid-write (SIGKILL: nothing released) leaves its key in flight in the shared
/// store: another proxy's retry is told `call_in_progress`, not run. Once the mark's
/// `IN_FLIGHT_TTL_SECONDS` (300) are past (the row's expiry moved back here rather than waited
/// for), the retry runs, and the next one replays its receipt.
#[test]
fn a_proxy_killed_mid_write_leaves_the_key_in_flight_until_it_expires() {
    let dir = std::env::temp_dir().join(format!("agent-input-proxy-killed-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("receipts.db");
    let store = format!("sqlite:{}", db.display());
    let write = json!({"title": "A", "idempotency_key": "killed-key-0001", "delay_ms": 5000});
    let mut first = Proxy::legacy(&["--receipts", &store]);
    first.send(
        &json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "write", "arguments": write}}),
    );
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while !first.received().iter().any(|c| c["tool"] == "write") {
        assert!(std::time::Instant::now() < deadline, "the write did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    first.child.kill().unwrap();
    let _ = first.child.wait();

    let mut second = Proxy::legacy(&["--receipts", &store]);
    let held = second.call(1, "write", write.clone());
    assert_eq!(held["result"]["structuredContent"]["code"], "call_in_progress", "{held}");
    assert!(second.received().is_empty(), "the retry did not reach the server");
    // The mark's time passes.
    let aged = Command::new("python3")
        .args([
            "-c",
            "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); \
                c.execute(\"UPDATE agent_input_receipts SET expires_at = 1, \\
                receipt = json_set(receipt, '$.expires_at', 1)\"); c.commit()",
        ])
        .arg(&db)
        .status()
        .unwrap();
    assert!(aged.success());
    let ran = second.call(2, "write", write.clone());
    assert_eq!(ran["result"]["structuredContent"]["created"], 1, "{ran}");
    assert_eq!(second.received().iter().filter(|c| c["tool"] == "write").count(), 1);
    let replayed = second.call(3, "write", write);
    assert_eq!(replayed["result"]["structuredContent"], ran["result"]["structuredContent"]);
    assert_eq!(second.received().iter().filter(|c| c["tool"] == "write").count(), 1, "replayed, not run");
    drop(second);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A client's cancellation reaches the server as it came, and a cancelled write releases its
/// idempotency key: the retry is sent on, not told the first call is in progress.
#[test]
fn a_cancellation_reaches_the_server_and_releases_the_key() {
    let mut proxy = Proxy::legacy(&[]);
    let write = json!({"title": "A", "idempotency_key": "cancel-key-0001", "delay_ms": 300});
    proxy.send(
        &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "write", "arguments": write}}),
    );
    proxy.send(
        &json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1, "reason": "user"}}),
    );
    // The retry waits behind the first write in this one-at-a-time server, and runs. (The
    // server answers the cancelled call anyway; the proxy passes that on, and a client ignores
    // an answer to a request it cancelled, as the specification says.)
    proxy.send(
        &json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "write", "arguments": write}}),
    );
    let retry = loop {
        let message = proxy.recv();
        if message["id"] == 2 {
            break message;
        }
    };
    assert_eq!(retry["result"]["isError"], Value::Null, "{retry}");
    assert!(retry["result"]["structuredContent"]["created"].is_number(), "{retry}");
    let received = proxy.received();
    let cancelled = received
        .iter()
        .find(|m| m["notification"] == "notifications/cancelled")
        .expect("the cancel reached the server");
    assert_eq!(cancelled["params"]["requestId"], 1);
    assert_eq!(
        received.iter().filter(|m| m["tool"] == "write").count(),
        2,
        "the write, and its retry after the cancel"
    );
}

/// A tool whose overrides say `answered_by: "user"`, on a 2026-07-28 connection whose client
/// can elicit: an ambiguous date is asked of the person (`input_required`, the proxy's sealed
/// `requestState`), and the retry with the person's answer reaches the server with the chosen
/// date and without the round's state.
#[test]
fn a_person_answers_through_the_proxy() {
    let dir = std::env::temp_dir().join(format!("agent-input-proxy-person-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let overrides = dir.join("overrides.json");
    std::fs::write(&overrides, r#"{"search": {"answered_by": "user"}}"#).unwrap();
    let mut proxy = Proxy::start(&["--overrides", overrides.to_str().unwrap()]);
    let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                      "io.modelcontextprotocol/clientCapabilities": {"elicitation": {}}});
    let arguments = json!({"query": "x", "date_from": "01/02/2026"});
    let asked = proxy.request(1, "tools/call", json!({"name": "search", "arguments": arguments, "_meta": meta}));
    let result = &asked["result"];
    assert_eq!(result["resultType"], "input_required", "{asked}");
    let options = &result["inputRequests"]["date_from"]["params"]["requestedSchema"]["properties"]["value"]["oneOf"];
    assert_eq!(options[1]["const"], "2026-01-02", "{asked}");
    let state = result["requestState"].as_str().unwrap().to_owned();
    assert!(proxy.received().is_empty(), "nothing ran before the person answered");
    let answers = json!({"date_from": {"action": "accept", "content": {"value": "2026-01-02"}}});
    let retry = json!({"name": "search", "arguments": arguments, "_meta": meta,
                       "requestState": state, "inputResponses": answers});
    let done = proxy.request(2, "tools/call", retry);
    assert_eq!(done["result"]["structuredContent"]["received"]["date_from"], "2026-01-02", "{done}");
    assert!(notes(&done["result"]).contains(&"reading_chosen_by_person".to_owned()), "{done}");
    let received = proxy.received();
    assert_eq!(received.len(), 1);
    assert_eq!(received[0]["arguments"], json!({"query": "x", "date_from": "2026-01-02"}));
    assert_eq!(received[0]["other"], json!([]), "the round's requestState and inputResponses stay with the proxy");
    // A state another server issued (the server's own round) is passed on, the call read fresh.
    let theirs = json!({"name": "search", "arguments": {"query": "y"}, "_meta": meta, "requestState": "their-round-1"});
    proxy.request(3, "tools/call", theirs);
    assert_eq!(proxy.received()[1]["other"], json!(["requestState"]));
    let _ = std::fs::remove_dir_all(&dir);
}
