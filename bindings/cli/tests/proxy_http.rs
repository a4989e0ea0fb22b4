//! `agent-input proxy --listen` (Streamable HTTP) and `--upstream URL`, driven request by
//! request against the server written with no SDK (`tests/proxy/bare_server.py`, over stdio or
//! with `--http PORT`): the statuses the transport names for bad requests, the two revisions'
//! sessions, ids of clients sharing a server, a broken stream re-issued, a server that exits,
//! and credentials. The SDK clients drive the same over HTTP in `tests/conformance`
//! (`tests/proxy/servers.json`'s `"transport": "http"` entries).

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{json, Value};

const MODERN: &str = "2026-07-28";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn bare_server() -> PathBuf {
    root().join("tests/proxy/bare_server.py")
}

struct TempDir(PathBuf);

impl TempDir {
    fn new(what: &str) -> TempDir {
        use std::sync::atomic::{AtomicU64, Ordering};
        static N: AtomicU64 = AtomicU64::new(0);
        let dir = std::env::temp_dir().join(format!(
            "agent-input-{what}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A proxy serving HTTP, its URL, and the log of what its server received.
struct Served {
    child: Child,
    url: String,
    log: PathBuf,
    _dir: TempDir,
}

impl Served {
    /// `agent-input proxy --listen 127.0.0.1:0 OPTIONS -- python3 bare_server.py`.
    fn start(options: &[&str]) -> Served {
        let dir = TempDir::new("proxy-http");
        let log = dir.0.join("calls.jsonl");
        let mut command = Command::new(env!("CARGO_BIN_EXE_agent-input"));
        command.args(["proxy", "--listen", "127.0.0.1:0"]).args(options);
        if !options.contains(&"--upstream") {
            command.arg("--").arg("python3").arg(bare_server());
        }
        Served::spawn(command, log, dir)
    }

    fn spawn(mut command: Command, log: PathBuf, dir: TempDir) -> Served {
        let mut child = command
            .env("BARE_SERVER_LOG", &log)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let (tx, rx) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { return };
                eprintln!("{line}");
                if let Some(url) = line.split("serving Streamable HTTP at ").nth(1) {
                    let _ = tx.send(url.trim().to_owned());
                }
            }
        });
        let url = rx.recv_timeout(Duration::from_secs(30)).expect("the proxy serves within 30 s");
        Served { child, url, log, _dir: dir }
    }

    /// What reached the server, one entry per call (and per cancellation, and per HTTP
    /// request's credential), in order.
    fn received(&self) -> Vec<Value> {
        let text = std::fs::read_to_string(&self.log).unwrap_or_default();
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    fn writes(&self) -> usize {
        self.received().iter().filter(|c| c["tool"] == "write").count()
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A 2026-07-28 request: the revision in its `_meta`.
fn modern(id: Value, method: &str, mut params: Value) -> Value {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params})
}

/// What a POST was answered with: the status, the headers, and the JSON-RPC messages (one
/// JSON body, or every event of a stream).
struct Answer {
    status: StatusCode,
    headers: reqwest::header::HeaderMap,
    messages: Vec<Value>,
}

impl Answer {
    /// The last message: the response.
    fn last(&self) -> &Value {
        self.messages.last().unwrap_or_else(|| panic!("no message; status {}", self.status))
    }
}

/// POSTs `body` (with the headers a 2026-07-28 request mirrors, when it names that revision).
async fn post(url: &str, body: &Value, headers: &[(&str, &str)]) -> Answer {
    post_text(url, body.to_string(), body, headers).await
}

async fn post_text(url: &str, text: String, body: &Value, headers: &[(&str, &str)]) -> Answer {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(text);
    if body["params"]["_meta"].is_object() {
        request = request.header("mcp-protocol-version", MODERN);
        if let Some(method) = body["method"].as_str() {
            request = request.header("mcp-method", method);
        }
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let kind = headers.get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_owned();
    let text = response.text().await.unwrap();
    let messages = if kind.starts_with("text/event-stream") {
        text.lines().filter_map(|l| l.strip_prefix("data:")).map(|d| serde_json::from_str(d.trim()).unwrap()).collect()
    } else if text.trim().is_empty() {
        Vec::new()
    } else {
        vec![serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))]
    };
    Answer { status, headers, messages }
}

fn search(id: u64, arguments: Value) -> Value {
    modern(json!(id), "tools/call", json!({"name": "search", "arguments": arguments}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_the_statuses_the_transport_names_and_the_proxy_goes_on() {
    let served = Served::start(&["--implied-kinds"]);
    let url = served.url.as_str();
    let client = reqwest::Client::new();
    let raw = |text: &str| post_text(url, text.to_owned(), &Value::Null, &[]);

    let answer = raw("{not json").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.last()["error"]["code"], -32700);
    let answer = raw("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.last()["error"]["code"], -32600);
    assert!(answer.last()["error"]["message"].as_str().unwrap().contains("batch"));

    let ping = modern(json!(1), "ping", json!({}));
    let answer = post(url, &ping, &[("origin", "https://evil.example")]).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "a foreign origin");
    let answer = post(url, &ping, &[("origin", "http://localhost:5173")]).await;
    assert_eq!(answer.status, StatusCode::OK, "a loopback origin");
    let answer = post(url, &ping, &[("host", "evil.example")]).await;
    assert_eq!(answer.status, StatusCode::FORBIDDEN, "a rebinding host");

    let text = client.post(url).header("content-type", "text/plain").body(ping.to_string()).send().await.unwrap();
    assert_eq!(text.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let huge = json!({"jsonrpc": "2.0", "id": 2, "method": "ping", "params": {"pad": "x".repeat(17 * 1024 * 1024)}});
    // On a connection of its own: the proxy closes it after the 413 without reading the rest.
    let once = reqwest::Client::new();
    let answer = once.post(url).header("content-type", "application/json").body(huge.to_string()).send().await.unwrap();
    assert_eq!(answer.status(), StatusCode::PAYLOAD_TOO_LARGE);

    assert_eq!(client.get(url).send().await.unwrap().status(), StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(client.delete(url).send().await.unwrap().status(), StatusCode::METHOD_NOT_ALLOWED);
    let answer = post(url, &ping, &[("mcp-session-id", "no-such-session")]).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);

    let mut mismatched = search(3, json!({"query": "x"}));
    mismatched["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"] = json!("2026-01-01");
    let answer = post(url, &mismatched, &[]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.last()["error"]["code"], -32020, "{:?}", answer.messages);

    let call = search(31, json!({"query": "x"}));
    let answer = post(url, &call, &[("mcp-name", "note")]).await;
    assert_eq!(answer.last()["error"]["code"], -32020, "a name header naming another tool: {:?}", answer.messages);
    let answer = post(url, &call, &[("mcp-name", "=?base64?c2VhcmNo?=")]).await;
    assert_eq!(answer.last()["result"]["structuredContent"]["received"], json!({"query": "x"}), "base64 of `search`");

    // A legacy request before any session is refused as the stdio proxy refuses it.
    let before = json!({"jsonrpc": "2.0", "id": 4, "method": "tools/list", "params": {}});
    let answer = post(url, &before, &[]).await;
    assert_eq!(answer.last()["error"]["code"], -32600, "{:?}", answer.messages);

    // And the proxy still serves: a model-spelled call is read and repaired.
    let answer = post(url, &search(5, json!({"query": "nájem", "limit": "5", "date_from": "1. 10. 2025"})), &[]).await;
    assert_eq!(answer.status, StatusCode::OK);
    let result = &answer.last()["result"];
    assert_eq!(
        result["structuredContent"]["received"],
        json!({"query": "nájem", "limit": 5, "date_from": "2025-10-01"})
    );
    assert_eq!(result["resultType"], "complete");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clients_sharing_a_server_keep_their_own_ids() {
    let served = Served::start(&[]);
    let url = served.url.clone();
    // Two clients, both with id 1, at once: the slow one answers last, each gets its own.
    let slow = modern(json!(1), "tools/call", json!({"name": "slow", "arguments": {"ms": 500}}));
    let quick = search(1, json!({"query": "quick"}));
    let (a, b) = tokio::join!(post(&url, &slow, &[]), post(&url, &quick, &[]));
    assert_eq!(a.last()["id"], 1);
    assert_eq!(b.last()["id"], 1);
    assert_eq!(a.last()["result"]["structuredContent"]["received"], json!({"ms": 500}));
    assert_eq!(b.last()["result"]["structuredContent"]["received"], json!({"query": "quick"}));
    // A string id and a progress token come back as they were sent.
    let mut with_token = modern(json!("abc"), "tools/call", json!({"name": "grow", "arguments": {}}));
    with_token["params"]["_meta"]["progressToken"] = json!(7);
    let answer = post(&url, &with_token, &[]).await;
    assert_eq!(answer.last()["id"], "abc", "{:?}", answer.messages);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_legacy_session_begins_with_initialize_and_delete_ends_its_server() {
    let served = Served::start(&[]);
    let url = served.url.as_str();
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    let answer = post(url, &init, &[]).await;
    assert_eq!(answer.status, StatusCode::OK);
    let session = answer.headers.get("mcp-session-id").expect("a session id").to_str().unwrap().to_owned();
    assert_eq!(answer.last()["result"]["protocolVersion"], "2025-11-25");
    let with = [("mcp-session-id", session.as_str()), ("mcp-protocol-version", "2025-11-25")];
    let notified = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    assert_eq!(post(url, &notified, &with).await.status, StatusCode::ACCEPTED);
    let call = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "search", "arguments": {"query": "q", "limit": "3"}}});
    let answer = post(url, &call, &with).await;
    assert_eq!(answer.last()["result"]["structuredContent"]["received"], json!({"query": "q", "limit": 3}));
    let pid = served.child.id();
    assert_eq!(children_of(pid).len(), 1, "one server for the session");

    let client = reqwest::Client::new();
    let ended = client.delete(url).header("mcp-session-id", &session).send().await.unwrap();
    assert_eq!(ended.status(), StatusCode::NO_CONTENT);
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !children_of(pid).is_empty() && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(children_of(pid).is_empty(), "the session's server is gone");
    assert_eq!(post(url, &call, &with).await.status, StatusCode::NOT_FOUND);
}

/// A legacy session: the server's own request during a call (`roots/list`) reaches the client on
/// the call's event stream, the client's answer (a POST, 202) reaches the server, and the call
/// ends on the same stream.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_of_the_servers_own_reaches_the_client_and_its_answer_the_server() {
    use futures_util::StreamExt;
    let served = Served::start(&[]);
    let url = served.url.as_str();
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {"roots": {}}, "clientInfo": {"name": "t", "version": "1"}}});
    let answer = post(url, &init, &[]).await;
    let session = answer.headers.get("mcp-session-id").unwrap().to_str().unwrap().to_owned();
    let client = reqwest::Client::new();
    let call = json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "roots", "arguments": {}}});
    let response = client
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-session-id", &session)
        .body(call.to_string())
        .send()
        .await
        .unwrap();
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let mut stream = response.bytes_stream();
    let mut text = String::new();
    let mut messages: Vec<Value> = Vec::new();
    let mut answered = false;
    while let Ok(Some(chunk)) = tokio::time::timeout(Duration::from_secs(20), stream.next()).await {
        text.push_str(&String::from_utf8_lossy(&chunk.unwrap()));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            for data in event.lines().filter_map(|l| l.strip_prefix("data:")) {
                messages.push(serde_json::from_str(data.trim()).unwrap());
            }
        }
        if let (false, Some(asked)) = (answered, messages.iter().find(|m| m["method"] == "roots/list")) {
            let reply = json!({"jsonrpc": "2.0", "id": asked["id"], "result": {"roots": [{"uri": "file:///work", "name": "work"}]}});
            let accepted = post(url, &reply, &[("mcp-session-id", session.as_str())]).await;
            assert_eq!(accepted.status, StatusCode::ACCEPTED);
            answered = true;
        }
        if messages.iter().any(|m| m["id"] == 5) {
            break;
        }
    }
    assert!(answered, "the server's request came on the call's stream: {messages:?}");
    let result = messages.iter().find(|m| m["id"] == 5).expect("the call's answer");
    assert_eq!(result["result"]["structuredContent"]["roots"]["roots"][0]["uri"], "file:///work", "{result}");
}

/// A client that goes away while its `initialize` is answered leaves no server behind: the
/// session never began, and its server ends with it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_session_abandoned_during_initialize_leaves_no_server() {
    let dir = TempDir::new("proxy-http-init");
    let log = dir.0.join("calls.jsonl");
    let mut command = Command::new(env!("CARGO_BIN_EXE_agent-input"));
    command.args(["proxy", "--listen", "127.0.0.1:0", "--", "python3"]).arg(bare_server());
    command.env("BARE_SERVER_INIT_DELAY_MS", "1500");
    let served = Served::spawn(command, log, dir);
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    let cut = tokio::time::timeout(Duration::from_millis(500), post(&served.url, &init, &[])).await;
    assert!(cut.is_err(), "the client left before the answer");
    let pid = served.child.id();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while !children_of(pid).is_empty() {
        assert!(std::time::Instant::now() < deadline, "the abandoned session's server is still running");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Stopped (SIGTERM), the proxy ends every session's server: no orphan.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopped_proxy_leaves_no_server_behind() {
    let mut served = Served::start(&[]);
    let url = served.url.clone();
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}});
    post(&url, &init, &[]).await;
    post(&url, &search(1, json!({"query": "shared"})), &[]).await;
    let pid = served.child.id();
    let servers = children_of(pid);
    assert_eq!(servers.len(), 2, "a session's server and the shared one");
    let term = Command::new("kill").args(["-TERM", &pid.to_string()]).status().unwrap();
    assert!(term.success());
    let status = served.child.wait().unwrap();
    assert!(status.success(), "{status}");
    let alive: Vec<u32> =
        servers.into_iter().filter(|p| std::path::Path::new(&format!("/proc/{p}")).exists()).collect();
    assert!(alive.is_empty(), "servers left running: {alive:?}");
}

/// The 2026-07-28 transport: a response stream that breaks is re-issued as a new request. A
/// write with an idempotency key is applied once: the first request runs on at the server
/// (the proxy does not cancel a call holding a key), the re-issue is told it is in progress,
/// and a later retry gets the first one's result.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_broken_stream_re_issued_applies_the_write_once() {
    let served = Served::start(&["--implied-kinds"]);
    let url = served.url.clone();
    let write = modern(
        json!(1),
        "tools/call",
        json!({"name": "write", "arguments": {"title": "A", "idempotency_key": "k-broken-1", "delay_ms": 1500}}),
    );
    let broken = tokio::time::timeout(Duration::from_millis(300), post(&url, &write, &[])).await;
    assert!(broken.is_err(), "the first request's stream was cut mid-call");
    let again = post(&url, &write, &[]).await;
    let result = &again.last()["result"];
    assert_eq!(result["isError"], true, "{result}");
    assert_eq!(result["structuredContent"]["code"], "call_in_progress", "{result}");
    // The first write finishes; its receipt answers the retry.
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    let replayed = loop {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let answer = post(&url, &write, &[]).await;
        let result = answer.last()["result"].clone();
        if result["isError"] != true {
            break result;
        }
        assert!(std::time::Instant::now() < deadline, "no receipt within 20 s: {result}");
    };
    assert_eq!(replayed["structuredContent"]["created"], 1, "{replayed}");
    assert_eq!(served.writes(), 1, "the server applied the write once");
    let cancelled = served.received().iter().filter(|c| c["notification"] == "notifications/cancelled").count();
    assert_eq!(cancelled, 0, "a call holding a key is not cancelled");
}

/// A request without a key whose stream the client closes is cancelled at the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_stream_cancels_a_request_without_a_key() {
    let served = Served::start(&[]);
    let slow = modern(json!(9), "tools/call", json!({"name": "slow", "arguments": {"ms": 1500}}));
    let cut = tokio::time::timeout(Duration::from_millis(300), post(&served.url, &slow, &[])).await;
    assert!(cut.is_err());
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let received = served.received();
        if let Some(cancel) = received.iter().find(|c| c["notification"] == "notifications/cancelled") {
            assert!(cancel["params"]["requestId"].as_str().is_some(), "{cancel}");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "no cancellation reached the server: {received:?}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_exits_mid_call_is_an_error_and_the_next_request_starts_it_again() {
    let served = Served::start(&[]);
    let crash = modern(json!(1), "tools/call", json!({"name": "crash", "arguments": {}}));
    let answer = post(&served.url, &crash, &[]).await;
    let message = answer.last()["error"]["message"].as_str().unwrap_or_default().to_owned();
    assert!(message.contains("exited") && message.contains("crashing on purpose"), "{:?}", answer.messages);
    let answer = post(&served.url, &search(2, json!({"query": "after"})), &[]).await;
    assert_eq!(answer.last()["result"]["structuredContent"]["received"], json!({"query": "after"}));
}

/// `--upstream`: the proxy in front of an HTTP server. Its own token (`--upstream-token-env`)
/// reaches the server; the client's never does. A server's event stream (a notification
/// before the answer) comes through.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_front_of_an_http_server_the_clients_token_is_never_passed_on() {
    let dir = TempDir::new("proxy-upstream");
    let log = dir.0.join("calls.jsonl");
    let port = {
        let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let mut upstream = Command::new("python3")
        .arg(bare_server())
        .args(["--http", &port.to_string()])
        .env("BARE_SERVER_LOG", &log)
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(std::time::Instant::now() < deadline, "the upstream listens");
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut command = Command::new(env!("CARGO_BIN_EXE_agent-input"));
    let upstream_url = format!("http://127.0.0.1:{port}/mcp");
    command
        .args([
            "proxy",
            "--listen",
            "127.0.0.1:0",
            "--upstream",
            &upstream_url,
            "--upstream-token-env",
            "UPSTREAM_TOKEN",
        ])
        .env("UPSTREAM_TOKEN", "the-proxys-own");
    let served = Served::spawn(command, log.clone(), dir);
    let answer =
        post(&served.url, &search(1, json!({"query": "q", "limit": "2"})), &[("authorization", "Bearer the-clients")])
            .await;
    assert_eq!(answer.last()["result"]["structuredContent"]["received"], json!({"query": "q", "limit": 2}));
    let grow = modern(json!(2), "tools/call", json!({"name": "grow", "arguments": {}}));
    let answer = post(&served.url, &grow, &[("authorization", "Bearer the-clients")]).await;
    assert_eq!(answer.last()["id"], 2, "{:?}", answer.messages);
    let seen: Vec<Value> = served.received().into_iter().filter_map(|c| c.get("authorization").cloned()).collect();
    assert!(!seen.is_empty());
    assert!(seen.iter().all(|a| a == "Bearer the-proxys-own"), "{seen:?}");
    let _ = upstream.kill();
    let _ = upstream.wait();
}

/// The processes whose parent is `pid`.
fn children_of(pid: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|child| {
            std::fs::read_to_string(format!("/proc/{child}/stat")).ok().is_some_and(|stat| {
                let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
                after.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok()) == Some(pid)
            })
        })
        .collect()
}
