//! Tools by authorization, over real Streamable HTTP: the example server behind its bearer check
//! (`scoped::app`), driven by rmcp's own HTTP client with two tokens of different scopes. The
//! lists differ, each is marked `cacheScope: "private"`, a tool a token does not reach answers
//! `insufficient_scope` naming every missing scope, and a token the server does not know is
//! refused before MCP.

use std::collections::HashMap;
use std::sync::Arc;

use agent_input::cursor::CursorCodec;
use agent_input_example_server::scoped::{app, READ, WRITE};
use rmcp::model::{CacheScope, CallToolRequestParams, CallToolResult, PaginatedRequestParams};
use rmcp::service::RunningService;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};

const KEY: &[u8] = b"example server test key, 32 bytes";

/// The server on a free local port; its URL.
async fn serve() -> String {
    let tokens: HashMap<String, Vec<String>> = HashMap::from([
        ("reader-token".to_owned(), vec![READ.to_owned()]),
        ("writer-token".to_owned(), vec![READ.to_owned(), WRITE.to_owned()]),
        ("empty-token".to_owned(), vec![]),
    ]);
    let app = app(CursorCodec::new(KEY).unwrap(), Arc::new(tokens)).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("http://{address}/mcp")
}

async fn connect(url: &str, token: &str) -> RunningService<RoleClient, ()> {
    let config = StreamableHttpClientTransportConfig::with_uri(url.to_owned()).auth_header(token.to_owned());
    ().serve(StreamableHttpClientTransport::from_config(config)).await.unwrap()
}

async fn call(client: &RunningService<RoleClient, ()>, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(map) = args else { panic!("arguments are an object") };
    client.call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(map)).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_token_lists_and_calls_only_the_tools_its_scopes_reach() {
    let url = serve().await;
    let reader = connect(&url, "reader-token").await;
    let writer = connect(&url, "writer-token").await;

    let reader_list = reader.list_tools(None::<PaginatedRequestParams>).await.unwrap();
    let writer_list = writer.list_tools(None::<PaginatedRequestParams>).await.unwrap();
    let names = |list: &rmcp::model::ListToolsResult| list.tools.iter().map(|t| t.name.to_string()).collect::<Vec<_>>();
    assert_eq!(names(&reader_list), ["search_decisions"]);
    assert_eq!(names(&writer_list), ["search_decisions", "update_decision_notes"]);
    // Both lists vary by token: never to be served from a cache shared between tokens.
    assert_eq!(reader_list.cache_scope, Some(CacheScope::Private));
    assert_eq!(writer_list.cache_scope, Some(CacheScope::Private));
    // The listing says what each tool needs.
    let meta = serde_json::to_value(&writer_list.tools[1]).unwrap();
    assert_eq!(meta["_meta"]["agent-input/scopes"], json!([WRITE]));

    // The reader calls what it sees, leniently read as ever.
    let found = call(&reader, "search_decisions", json!({"query": "nájem", "limit": "4 000"})).await;
    assert_ne!(found.is_error, Some(true), "{found:?}");

    // A tool the reader does not see: insufficient_scope, every missing scope named at once.
    let refused = call(&reader, "update_decision_notes", json!({"decision_id": "x", "notes": "n"})).await;
    assert_eq!(refused.is_error, Some(true));
    let envelope = refused.structured_content.clone().expect("the envelope");
    assert_eq!(envelope["code"], "insufficient_scope", "{envelope}");
    assert_eq!(envelope["required_scopes"], json!([WRITE]), "{envelope}");
    assert!(envelope["message"].as_str().unwrap().contains("read-only scopes only"), "{envelope}");

    // The writer reaches it: the call is read (and asks about its invented id, as on stdio).
    let read = call(&writer, "update_decision_notes", json!({"decision_id": "x", "notes": "n"})).await;
    let envelope = read.structured_content.clone().unwrap_or(Value::Null);
    assert_ne!(envelope["code"], "insufficient_scope", "{envelope}");

    // A token of no scope reaches neither tool, and is told both scopes it lacks at once.
    let empty = connect(&url, "empty-token").await;
    assert!(empty.list_tools(None::<PaginatedRequestParams>).await.unwrap().tools.is_empty());
    let refused = call(&empty, "search_decisions", json!({"query": "nájem"})).await;
    assert_eq!(refused.structured_content.unwrap()["required_scopes"], json!([READ]));
    for client in [reader, writer, empty] {
        client.cancel().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_the_server_does_not_know_is_refused_with_a_challenge() {
    let url = serve().await;
    let config = StreamableHttpClientTransportConfig::with_uri(url.clone()).auth_header("forged".to_owned());
    assert!(().serve(StreamableHttpClientTransport::from_config(config)).await.is_err());
    let response = reqwest_free_post(&url).await;
    assert!(response.starts_with("HTTP/1.1 401"), "{response}");
    assert!(response.to_ascii_lowercase().contains("www-authenticate: bearer error=\"invalid_token\""), "{response}");
}

/// A raw HTTP POST with no token, the response's head as text.
async fn reqwest_free_post(url: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address = url.trim_start_matches("http://").trim_end_matches("/mcp");
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
    let request = format!(
        "POST /mcp HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    stream.read_to_end(&mut out).await.unwrap();
    String::from_utf8_lossy(&out).into_owned()
}
