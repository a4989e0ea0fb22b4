//! `Lenient` over the plain `#[tool_router]` server, in process through rmcp's client: tools
//! left alone stay as declared, overrides the core refuses are the author's error.

use agent_input::server::Lenient;
use agent_input_example_server::plain::PlainCourts;
use rmcp::model::{CallToolRequestParams, JsonObject};
use rmcp::service::RunningService;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};

async fn connect(server: Lenient<PlainCourts>) -> RunningService<RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_io).await.unwrap()
}

fn args(value: Value) -> JsonObject {
    match value {
        Value::Object(o) => o,
        _ => JsonObject::new(),
    }
}

#[tokio::test]
async fn a_tool_left_alone_keeps_its_schema_and_its_strictness() {
    let client = connect(Lenient::new(PlainCourts::new()).leave("search_decisions")).await;
    let tools = client.list_all_tools().await.unwrap();
    let declared = PlainCourts::tools();
    let search = tools.iter().find(|t| t.name == "search_decisions").unwrap();
    let original = declared.iter().find(|t| t.name == "search_decisions").unwrap();
    assert_eq!(search.input_schema, original.input_schema, "left alone: advertised as declared");
    let update = tools.iter().find(|t| t.name == "update_decision_notes").unwrap();
    assert_ne!(update.input_schema, declared.iter().find(|t| t.name == "update_decision_notes").unwrap().input_schema);
    // serde refuses "4 000" for a u32, as without Lenient.
    let refused = client
        .call_tool(
            CallToolRequestParams::new("search_decisions")
                .with_arguments(args(json!({"query": "x", "limit": "4 000"}))),
        )
        .await;
    assert!(refused.is_err() || refused.as_ref().is_ok_and(|r| r.is_error == Some(true)), "{refused:?}");
    // The other tool reads leniently: a braced, upper-case id is the decision's.
    let id = "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}";
    let written = client
        .call_tool(
            CallToolRequestParams::new("update_decision_notes")
                .with_arguments(args(json!({"decision_id": id, "notes": "x", "idempotency_key": "lenient-test-0001"}))),
        )
        .await
        .unwrap();
    assert_eq!(written.is_error, Some(false));
    let output = written.structured_content.unwrap();
    assert_eq!(output["decision_id"], "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01");
    let meta = written.meta.unwrap();
    let codes: Vec<&str> =
        meta.0["agent-input/notes"].as_array().unwrap().iter().filter_map(|n| n["code"].as_str()).collect();
    assert_eq!(codes, ["uuid_spelling_normalized"]);
}

#[tokio::test]
async fn overrides_the_core_refuses_are_the_authors_error() {
    let bad = Lenient::new(PlainCourts::new()).tool("search_decisions", json!({"properties": {"nope": false}}));
    let client = connect(bad).await;
    let listed = client.list_all_tools().await;
    let message = listed.unwrap_err().to_string();
    assert!(message.contains("`nope`"), "{message}");
}

#[tokio::test]
async fn the_servers_languages_settle_a_month_two_languages_give_different_meanings() {
    // `listopad` is November in Czech and Polish, October in Croatian: without languages it asks.
    let call = || {
        CallToolRequestParams::new("search_decisions")
            .with_arguments(args(json!({"query": "x", "date_from": "1. listopad 2026"})))
    };
    let bare = connect(Lenient::new(PlainCourts::new())).await;
    let asked = bare.call_tool(call()).await.unwrap();
    assert_eq!(asked.is_error, Some(true));
    let czech = connect(Lenient::new(PlainCourts::new()).languages(&["cs"])).await;
    let read = czech.call_tool(call()).await.unwrap();
    assert_eq!(read.is_error, Some(false), "{read:?}");
    let notes = &read.meta.unwrap().0["agent-input/notes"];
    let codes: Vec<&str> = notes.as_array().unwrap().iter().filter_map(|n| n["code"].as_str()).collect();
    assert_eq!(codes, ["word_read_in_language", "date_spelling_normalized"]);
    assert!(notes[0]["message"].as_str().unwrap().contains("November"), "{notes}");
    // An unknown language is the author's error, answered on tools/list.
    let bad = connect(Lenient::new(PlainCourts::new()).languages(&["cz"])).await;
    let message = bad.list_all_tools().await.unwrap_err().to_string();
    assert!(message.contains("\"cz\""), "{message}");
}

#[tokio::test]
async fn the_servers_day_reads_relative_words() {
    let call = || {
        CallToolRequestParams::new("search_decisions")
            .with_arguments(args(json!({"query": "x", "date_from": "3 days ago", "date_to": "yesterday"})))
    };
    // Without a day, a relative word asks: the model is told to send the absolute date.
    let bare = connect(Lenient::new(PlainCourts::new())).await;
    let asked = bare.call_tool(call()).await.unwrap();
    assert_eq!(asked.is_error, Some(true));
    let envelope: Value = serde_json::from_str(&asked.content[0].as_text().unwrap().text).unwrap();
    assert_eq!(envelope["issues"][0]["code"], "relative_date_without_today", "{envelope}");
    // With the server's day, asked for at each call, they read against it, each with a note.
    let day = chrono::NaiveDate::from_ymd_opt(2026, 12, 5).unwrap();
    let client = connect(Lenient::new(PlainCourts::new()).today(move || day)).await;
    let read = client.call_tool(call()).await.unwrap();
    assert_eq!(read.is_error, Some(false), "{read:?}");
    let meta = read.meta.unwrap();
    let notes: Vec<(&str, &str)> = meta.0["agent-input/notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["path"].as_str().unwrap(), n["message"].as_str().unwrap()))
        .collect();
    assert!(notes.iter().any(|(p, m)| *p == "date_from" && m.contains("2026-12-02")), "{notes:?}");
    assert!(notes.iter().any(|(p, m)| *p == "date_to" && m.contains("2026-12-04")), "{notes:?}");
}

#[tokio::test]
async fn a_plain_strings_name_implies_its_kind_only_when_the_author_opts_in() {
    // `cursor` is a plain `Option<String>`: the server's own, passed on as sent.
    let call = || {
        CallToolRequestParams::new("search_decisions").with_arguments(args(json!({"query": "x", "cursor": "start"})))
    };
    let codes = |result: &rmcp::model::CallToolResult| -> Vec<String> {
        let notes = result.meta.as_ref().map(|m| m.0["agent-input/notes"].clone()).unwrap_or(Value::Null);
        notes.as_array().into_iter().flatten().filter_map(|n| n["code"].as_str().map(str::to_owned)).collect()
    };
    let plain = connect(Lenient::new(PlainCourts::new())).await;
    let sent = plain.call_tool(call()).await.unwrap();
    assert!(codes(&sent).is_empty(), "{sent:?}");
    let opted = connect(Lenient::new(PlainCourts::new()).implied_kinds(true)).await;
    let read = opted.call_tool(call()).await.unwrap();
    assert_eq!(read.is_error, Some(false), "{read:?}");
    assert_eq!(codes(&read), ["invented_cursor_read_as_absent"]);
}

#[tokio::test]
async fn a_tool_the_overrides_deprecate_says_so_and_is_retired_on_its_date() {
    let deprecated = json!({"deprecated": {"removal": "2027-01-01", "replacement": "search_decisions_v2"}});
    let server = |day: chrono::NaiveDate| {
        Lenient::new(PlainCourts::new()).tool("search_decisions", deprecated.clone()).today(move || day)
    };
    let before = connect(server(chrono::NaiveDate::from_ymd_opt(2026, 12, 31).unwrap())).await;
    let tools = before.list_all_tools().await.unwrap();
    let search = tools.iter().find(|t| t.name == "search_decisions").unwrap();
    let description = search.description.as_deref().unwrap();
    assert!(
        description.starts_with("Deprecated: removed on 2027-01-01; call `search_decisions_v2` instead. "),
        "{description}"
    );
    let meta = search.meta.as_ref().unwrap();
    assert_eq!(
        meta.0["agent-input/deprecated"],
        json!({"removal": "2027-01-01", "replacement": "search_decisions_v2"})
    );
    let call = || CallToolRequestParams::new("search_decisions").with_arguments(args(json!({"query": "x"})));
    assert_eq!(before.call_tool(call()).await.unwrap().is_error, Some(false), "served until its date");
    // From the removal date on: the envelope names the replacement, and the tool does not run.
    let after = connect(server(chrono::NaiveDate::from_ymd_opt(2027, 1, 1).unwrap())).await;
    let retired = after.call_tool(call()).await.unwrap();
    assert_eq!(retired.is_error, Some(true));
    let envelope: Value = serde_json::from_str(&retired.content[0].as_text().unwrap().text).unwrap();
    assert_eq!(envelope["code"], "tool_retired", "{envelope}");
    assert!(envelope["hint"].as_str().unwrap().contains("Call `search_decisions_v2` instead"), "{envelope}");
}
