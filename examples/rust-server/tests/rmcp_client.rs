//! The example server driven in process by rmcp's own client over an in-memory duplex: the
//! calls a model makes, with the spellings a model sends.

use agent_input::cursor::CursorCodec;
use agent_input_example_server::courts_server;
use rmcp::model::{CallToolRequestParams, CallToolResult, JsonObject};
use rmcp::service::RunningService;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};

const KEY: &[u8] = b"example server test key, 32 bytes";

async fn connect() -> RunningService<RoleClient, ()> {
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = courts_server(CursorCodec::new(KEY).unwrap()).unwrap();
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    ().serve(client_io).await.unwrap()
}

async fn call(client: &RunningService<RoleClient, ()>, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(map) = args else { panic!("arguments are an object") };
    client.call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(map)).await.unwrap()
}

fn structured(result: &CallToolResult) -> &Value {
    result.structured_content.as_ref().expect("structuredContent")
}

fn codes_at(items: &Value, path: &str) -> Vec<String> {
    items
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["path"] == path)
        .map(|n| n["code"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn tools_list_advertises_the_specs() {
    let client = connect().await;
    let tools = client.list_all_tools().await.unwrap();
    let names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["search_decisions", "update_decision_notes"]);
    let server = courts_server(CursorCodec::new(KEY).unwrap()).unwrap();
    for (tool, definition) in tools.iter().zip(server.definitions()) {
        let schema: JsonObject = serde_json::from_value(definition["inputSchema"].clone()).unwrap();
        assert_eq!(*tool.input_schema, schema, "{}", tool.name);
        let read_only = tool.annotations.as_ref().and_then(|a| a.read_only_hint);
        assert_eq!(read_only, Some(tool.name == "search_decisions"));
        // Both reach only the server's own decisions.
        assert_eq!(tool.annotations.as_ref().and_then(|a| a.open_world_hint), Some(false), "{}", tool.name);
        if tool.name == "update_decision_notes" {
            let a = tool.annotations.as_ref().unwrap();
            assert_eq!(
                (a.destructive_hint, a.idempotent_hint, a.open_world_hint),
                (Some(true), Some(true), Some(false))
            );
            // `confirm: true` adds the preview's two properties.
            assert!(tool.input_schema["properties"]["confirm_token"].is_object());
            assert!(tool.input_schema["properties"]["dry_run"].is_object());
        }
    }
    // The advertised schema accepts what the reader reads: `limit` as a string too.
    let search = &tools[0].input_schema;
    assert!(search["properties"]["limit"]["anyOf"][1]["type"].as_array().unwrap().contains(&json!("string")));
}

#[tokio::test]
async fn model_spellings_are_repaired_with_notes() {
    let client = connect().await;
    let result = call(
        &client,
        "search_decisions",
        json!({"query": "nájem", "limit": "4 000", "date_from": "1. 10. 2026", "date_to": null,
               "court": "Nejvyssi soud", "cursor": "start"}),
    )
    .await;
    assert_eq!(result.is_error, Some(false));
    let s = structured(&result);
    // "4 000" reads as 4000 and clamps to the page size's maximum, 50; the Supreme Court (NS)
    // decided three of the matching decisions from 1 October.
    assert_eq!(s["result"]["matched"], 3, "{s}");
    assert_eq!(s["result"]["returned"], 3);
    let courts: Vec<&Value> = s["result"]["items"].as_array().unwrap().iter().map(|d| &d["court"]).collect();
    assert!(courts.iter().all(|c| *c == "NS"), "{s}");
    assert_eq!(codes_at(&s["notes"], "limit"), ["grouping_removed", "out_of_range_clamped"]);
    assert_eq!(codes_at(&s["notes"], "date_from"), ["date_spelling_normalized"]);
    assert_eq!(codes_at(&s["notes"], "date_to"), ["null_read_as_absent"]);
    assert_eq!(codes_at(&s["notes"], "court"), ["vocabulary_value_read"]);
    assert_eq!(codes_at(&s["notes"], "cursor"), ["invented_cursor_read_as_absent"]);
    // The text content carries the same JSON, for clients that read text only.
    let text = result.content[0].as_text().unwrap().text.clone();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), *s);
}

#[tokio::test]
async fn ambiguous_date_is_an_error_result_naming_both_readings() {
    let client = connect().await;
    let result = call(&client, "search_decisions", json!({"query": "nájem", "date_from": "01/02/2026"})).await;
    assert_eq!(result.is_error, Some(true));
    let envelope = structured(&result);
    assert_eq!(envelope["code"], "ambiguous_arguments");
    let issue = &envelope["issues"][0];
    assert_eq!(issue["path"], "date_from");
    let readings: Vec<&Value> = issue["readings"].as_array().unwrap().iter().map(|r| &r["value"]).collect();
    assert_eq!(readings, [&json!("2026-02-01"), &json!("2026-01-02")]);
    assert!(envelope["hint"].as_str().unwrap().starts_with("Call `search_decisions` again with `date_from` set to"));
}

#[tokio::test]
async fn an_example_id_on_the_write_asks() {
    let client = connect().await;
    let result = call(
        &client,
        "update_decision_notes",
        json!({"decision_id": "123e4567-e89b-12d3-a456-426614174000", "notes": "Cited in 2026.",
               "idempotency_key": "0f8e2a4c-9b1d-4e7f-a3c6-5d2b8e1f4a09"}),
    )
    .await;
    assert_eq!(result.is_error, Some(true));
    let issue = &structured(&result)["issues"][0];
    assert_eq!(issue["path"], "decision_id");
    assert_eq!(issue["code"], "placeholder_on_write");
}

#[tokio::test]
async fn a_write_is_previewed_then_applied_with_its_token_and_replayed_once() {
    let client = connect().await;
    let args = json!({"decision_id": "{5D7C2A9E-8B1F-4C3D-A6E2-71F0B9D4C802}", "notes": " Cited in 2026. ",
                      "idempotency_key": "0f8e2a4c-9b1d-4e7f-a3c6-5d2b8e1f4a09"});
    // `dry_run` left out: a preview, which changes nothing and returns the token.
    let preview = call(&client, "update_decision_notes", args.clone()).await;
    let s = structured(&preview);
    assert_eq!(
        s["result"],
        json!({"decision_id": "5d7c2a9e-8b1f-4c3d-a6e2-71f0b9d4c802", "created": false, "notes_before": null,
               "notes_after": "Cited in 2026."})
    );
    assert_eq!(codes_at(&s["notes"], "dry_run"), ["dry_run_preview"]);
    let token = s["confirmation"]["confirm_token"].clone();
    // A token the model invents is refused, naming the preview call.
    let mut apply = args.clone();
    apply["dry_run"] = json!(false);
    apply["confirm_token"] = json!("yes");
    let refused = call(&client, "update_decision_notes", apply.clone()).await;
    assert_eq!(refused.is_error, Some(true));
    assert_eq!(structured(&refused)["code"], "confirmation_required");
    assert_eq!(structured(&refused)["issues"][0]["code"], "confirm_token_missing");
    // The preview's token applies it.
    apply["confirm_token"] = token;
    let applied = call(&client, "update_decision_notes", apply.clone()).await;
    assert_eq!(applied.is_error, Some(false), "{applied:?}");
    assert_eq!(
        structured(&applied)["result"],
        json!({"decision_id": "5d7c2a9e-8b1f-4c3d-a6e2-71f0b9d4c802", "created": false})
    );
    // The retry replays the receipt: the same result, a note, and the handler does not run again.
    let again = call(&client, "update_decision_notes", apply).await;
    assert_eq!(structured(&again)["result"], structured(&applied)["result"]);
    assert_eq!(codes_at(&structured(&again)["notes"], "idempotency_key"), ["receipt_replayed"]);
}

#[tokio::test]
async fn pages_follow_the_issued_cursor_and_a_tampered_one_names_the_restart() {
    let client = connect().await;
    let first = call(&client, "search_decisions", json!({"query": "nájem", "limit": 2})).await;
    let page = &structured(&first)["result"];
    // Four titles hold the word "nájem" (folded: "najem"; "nájmu" is another form).
    assert_eq!((page["matched"].as_u64(), page["returned"].as_u64()), (Some(4), Some(2)));
    // The page says what it withheld: more matched than it returned, in date order, unfiltered.
    assert_eq!((&page["partial"], &page["sort"], &page["filtered"]), (&json!(true), &json!("date asc"), &json!(false)));
    let cursor = page["next_cursor"].as_str().unwrap().to_owned();
    let second = call(&client, "search_decisions", json!({"query": "nájem", "limit": 2, "cursor": cursor})).await;
    let page2 = &structured(&second)["result"];
    assert_eq!(page2["returned"], 2);
    assert_ne!(page2["items"][0]["id"], page["items"][0]["id"]);

    let mut tampered = cursor.into_bytes();
    let last = tampered.len() - 1;
    tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
    let tampered = String::from_utf8(tampered).unwrap();
    let result = call(&client, "search_decisions", json!({"query": "nájem", "cursor": tampered})).await;
    assert_eq!(result.is_error, Some(true));
    let issue = &structured(&result)["issues"][0];
    assert_eq!(issue["code"], "invalid_cursor");
    assert!(issue["hint"].as_str().unwrap().contains("left out to start again at page one"), "{issue}");
}

#[tokio::test]
async fn an_empty_filtered_page_says_which_courts_would_match() {
    let client = connect().await;
    let result = call(&client, "search_decisions", json!({"query": "daň", "court": "Ústavní soud"})).await;
    let s = structured(&result);
    assert_eq!(s["result"]["matched"], 0);
    let warning = &s["warnings"][0];
    assert_eq!(warning["code"], "no_hits_filtered");
    assert_eq!(warning["values"], json!(["NSS"]));
}

#[tokio::test]
async fn an_unknown_tool_is_a_protocol_error() {
    let client = connect().await;
    let err = client
        .call_tool(CallToolRequestParams::new("delete_everything").with_arguments(JsonObject::new()))
        .await
        .unwrap_err();
    assert!(err.to_string().contains("unknown tool `delete_everything`"), "{err}");
}

/// A client on the 2026-07-28 revision that can ask a person (form elicitation): the person
/// picks the `pick`-th reading offered, or declines.
#[derive(Clone)]
struct Person {
    pick: Option<usize>,
    asked: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl rmcp::ClientHandler for Person {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        let mut config = rmcp::model::ClientConfig::default();
        config.capabilities = rmcp::model::ClientCapabilities::builder().enable_elicitation().build();
        config
    }

    async fn create_elicitation(
        &self,
        request: rmcp::model::ElicitRequestParams,
        _context: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, rmcp::model::ErrorData> {
        use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction};
        let ElicitRequestParams::FormElicitationParams { message, requested_schema, .. } = request else {
            return Ok(ElicitResult::new(ElicitationAction::Decline));
        };
        self.asked.lock().unwrap().push(message);
        let schema = serde_json::to_value(&requested_schema).unwrap();
        Ok(match self.pick {
            Some(i) => ElicitResult::new(ElicitationAction::Accept)
                .with_content(json!({"value": schema["properties"]["value"]["oneOf"][i]["const"].clone()})),
            None => ElicitResult::new(ElicitationAction::Decline),
        })
    }
}

async fn connect_person(pick: Option<usize>) -> (RunningService<RoleClient, Person>, Person) {
    use rmcp::{ClientLifecycleMode, ClientServiceExt};
    let (server_io, client_io) = tokio::io::duplex(1 << 16);
    let server = courts_server(CursorCodec::new(KEY).unwrap()).unwrap();
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let person = Person { pick, asked: std::sync::Arc::default() };
    let modern = ClientLifecycleMode::Discover { preferred_versions: vec![rmcp::model::ProtocolVersion::V_2026_07_28] };
    (person.clone().serve_with_lifecycle(client_io, modern).await.unwrap(), person)
}

#[tokio::test]
async fn an_ambiguous_date_is_asked_of_the_person_and_the_choice_is_read() {
    let (client, person) = connect_person(Some(1)).await;
    let args = json!({"query": "nájem", "date_to": "01/02/2027"});
    let Value::Object(map) = args else { unreachable!() };
    // rmcp's client answers the input_required result through the person and retries.
    let result = client.call_tool(CallToolRequestParams::new("search_decisions").with_arguments(map)).await.unwrap();
    assert_eq!(result.is_error, Some(false), "{result:?}");
    let s = structured(&result);
    assert_eq!(codes_at(&s["notes"], "date_to"), ["reading_chosen_by_person"], "{s}");
    let asked = person.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    assert!(asked[0].contains("\"01/02/2027\" (date to) can mean 1 February 2027"), "{}", asked[0]);
    // The second reading (2 January 2027, month first) was chosen: every decision is before it.
    assert_eq!(s["result"]["matched"], 4, "{s}");
}

#[tokio::test]
async fn a_declined_question_comes_back_to_the_model() {
    let (client, _) = connect_person(None).await;
    let Value::Object(map) = json!({"query": "nájem", "date_to": "01/02/2027"}) else { unreachable!() };
    let result = client.call_tool(CallToolRequestParams::new("search_decisions").with_arguments(map)).await.unwrap();
    assert_eq!(result.is_error, Some(true));
    assert_eq!(structured(&result)["issues"][0]["code"], "answer_declined");
}

#[tokio::test]
async fn a_client_that_cannot_ask_gets_the_envelope() {
    // The legacy handshake (2025-11-25), no elicitation: the model gets the readings.
    let client = connect().await;
    let result = call(&client, "search_decisions", json!({"query": "nájem", "date_to": "01/02/2027"})).await;
    assert_eq!(result.is_error, Some(true));
    assert_eq!(structured(&result)["code"], "ambiguous_arguments");
}
