//! The contract around a call through rmcp's `ToolServer`: a retry that arrives while the first
//! write still runs asks instead of running it twice, a failed write releases its key, and a
//! handler's throttle is the envelope.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use agent_input::server::{HandlerError, ToolArgs, ToolServer};
use agent_input::tool::ToolSpec;
use serde_json::{json, Value};
use tokio::sync::Notify;

fn spec() -> ToolSpec {
    ToolSpec::from_json(&json!({"name": "record_payment", "writes": true, "destructive": false, "idempotent": true,
        "properties": {"amount": {"kind": "number", "required": true}, "idempotency_key": {"required": true}}}))
    .unwrap()
}

fn code(result: &Value) -> &str {
    result["structuredContent"]["code"].as_str().unwrap_or("ok")
}

#[tokio::test]
async fn a_retry_while_the_write_runs_asks_and_then_replays() {
    let gate = Arc::new(Notify::new());
    let runs = Arc::new(AtomicUsize::new(0));
    let (g, r) = (Arc::clone(&gate), Arc::clone(&runs));
    let server = Arc::new(ToolServer::new("payments", "1.0.0").tool(spec(), move |_args: ToolArgs| {
        let (gate, runs) = (Arc::clone(&g), Arc::clone(&r));
        async move {
            runs.fetch_add(1, Ordering::SeqCst);
            gate.notified().await;
            Ok::<_, HandlerError>(json!({"payment": "P-1"}))
        }
    }));
    let args = json!({"amount": "1 250,50", "idempotency_key": "pay-2026-12-03-000173"});
    let first = tokio::spawn({
        let (server, args) = (Arc::clone(&server), args.clone());
        async move { server.call("record_payment", args).await.unwrap() }
    });
    while runs.load(Ordering::SeqCst) == 0 {
        tokio::task::yield_now().await;
    }
    let retry = server.call("record_payment", args.clone()).await.unwrap();
    assert_eq!(code(&retry), "call_in_progress", "{retry}");
    assert_eq!(retry["structuredContent"]["issues"][0]["code"], "idempotency_key_in_flight");
    gate.notify_one();
    let first = first.await.unwrap();
    assert_eq!(first["structuredContent"]["result"], json!({"payment": "P-1"}));
    let again = server.call("record_payment", args).await.unwrap();
    assert_eq!(again["structuredContent"]["result"], json!({"payment": "P-1"}));
    assert_eq!(again["structuredContent"]["notes"].as_array().unwrap().last().unwrap()["code"], "receipt_replayed");
    assert_eq!(runs.load(Ordering::SeqCst), 1, "the write ran once");
}

#[tokio::test]
async fn a_failed_write_releases_its_key_and_a_throttle_is_the_envelope() {
    let runs = Arc::new(AtomicUsize::new(0));
    let r = Arc::clone(&runs);
    let server = ToolServer::new("payments", "1.0.0").tool(spec(), move |_args: ToolArgs| {
        let runs = Arc::clone(&r);
        async move {
            match runs.fetch_add(1, Ordering::SeqCst) {
                0 => Err(HandlerError::upstream_unavailable(Some("the payment gateway"), Some(5))),
                1 => Err(HandlerError::rate_limited(30, Some(4))),
                _ => Ok(json!({"payment": "P-1"})),
            }
        }
    });
    let args = json!({"amount": 10, "idempotency_key": "pay-2026-12-03-000174"});
    let down = server.call("record_payment", args.clone()).await.unwrap();
    assert_eq!(code(&down), "upstream_unavailable");
    assert_eq!(
        down["structuredContent"]["hint"],
        "Call `record_payment` again after 5 seconds with the same arguments and the same `idempotency_key`, so that the change is applied once."
    );
    let limited = server.call("record_payment", args.clone()).await.unwrap();
    assert_eq!(code(&limited), "rate_limited");
    assert_eq!(
        (&limited["structuredContent"]["retry_after_seconds"], &limited["structuredContent"]["remaining_calls"]),
        (&json!(30), &json!(4))
    );
    let paid = server.call("record_payment", args).await.unwrap();
    assert_eq!(paid["structuredContent"]["result"], json!({"payment": "P-1"}));
    assert_eq!(runs.load(Ordering::SeqCst), 3, "each failure released the key, so each retry ran");
}

#[tokio::test]
async fn a_deprecated_spec_is_listed_as_one_and_retired_past_its_date() {
    use rmcp::ServiceExt;
    let spec = ToolSpec::from_json(&json!({"name": "search_v1", "description": "Search the items.",
        "deprecated": {"removal": "2020-01-01", "replacement": "search_v2"},
        "properties": {"query": {"kind": "text", "required": true}}}))
    .unwrap();
    let runs = Arc::new(AtomicUsize::new(0));
    let r = Arc::clone(&runs);
    let server = ToolServer::new("search", "1.0.0").tool(spec, move |_args: ToolArgs| {
        let runs = Arc::clone(&r);
        async move {
            runs.fetch_add(1, Ordering::SeqCst);
            Ok::<_, HandlerError>(json!({"hits": []}))
        }
    });
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = ().serve(client_io).await.unwrap();
    let tools = client.list_all_tools().await.unwrap();
    assert_eq!(
        tools[0].description.as_deref(),
        Some("Deprecated: removed on 2020-01-01; call `search_v2` instead. Search the items.")
    );
    let meta = tools[0].meta.as_ref().expect("the listing's _meta");
    assert_eq!(meta.0["agent-input/deprecated"], json!({"removal": "2020-01-01", "replacement": "search_v2"}));
    let mut args = rmcp::model::JsonObject::new();
    args.insert("query".into(), json!("x"));
    let result =
        client.call_tool(rmcp::model::CallToolRequestParams::new("search_v1").with_arguments(args)).await.unwrap();
    assert_eq!(result.is_error, Some(true));
    assert_eq!(result.structured_content.unwrap()["code"], "tool_retired");
    assert_eq!(runs.load(Ordering::SeqCst), 0, "the handler does not run");
}
