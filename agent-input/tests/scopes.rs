//! Tools by authorization for tools no spec reads: a listing filtered by the request's token,
//! and a call of a tool passed on as listed checked against the same rule
//! (`protocol::granted`, `protocol::out_of_reach`).

use serde_json::{json, Value};

use agent_input::protocol::{granted, out_of_reach};

fn listing() -> Value {
    json!({"tools": [
        {"name": "read_notes", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}},
        {"name": "write_notes", "inputSchema": {"type": "object"}, "_meta": {"agent-input/scopes": ["notes:write"]}},
        {"name": "sync", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object"}},
    ]})
}

fn names(listed: &Value) -> Vec<&str> {
    listed["tools"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect()
}

#[test]
fn a_tool_passed_on_is_checked_as_it_was_listed() {
    let tools = listing();
    let reader = json!({"scopes": ["notes:read"], "readOnlyScopes": ["notes:read"]});
    let writer = json!({"scopes": ["notes:read", "notes:write"], "readOnlyScopes": ["notes:read"]});
    assert_eq!(names(&granted(&tools, &reader).unwrap()), ["read_notes"]);
    assert_eq!(names(&granted(&tools, &writer).unwrap()), ["read_notes", "write_notes", "sync"]);
    for tool in tools["tools"].as_array().unwrap() {
        let name = tool["name"].as_str().unwrap();
        let listed_for_reader = names(&granted(&tools, &reader).unwrap()).contains(&name);
        // A call is refused exactly when the listing leaves the tool out.
        let refused = out_of_reach(name, tool, &reader).unwrap();
        assert_eq!(refused.is_none(), listed_for_reader, "{name}");
        assert_eq!(out_of_reach(name, tool, &writer).unwrap(), None, "{name}");
    }
    let refused = out_of_reach("write_notes", &tools["tools"][1], &reader).unwrap().unwrap();
    assert_eq!(refused["isError"], true);
    assert_eq!(refused["structuredContent"]["code"], "insufficient_scope");
    assert_eq!(refused["structuredContent"]["required_scopes"], json!(["notes:write"]));
    // A tool with an output schema gets the envelope as text only (a client checks
    // `structuredContent` against the schema).
    let sync = out_of_reach("sync", &tools["tools"][2], &reader).unwrap().unwrap();
    assert!(sync.get("structuredContent").is_none());
    let envelope: Value = serde_json::from_str(sync["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(envelope["code"], "insufficient_scope");
    assert_eq!(envelope["required_scopes"], json!([]));
}

#[test]
fn with_no_token_nothing_is_checked() {
    let tools = listing();
    assert_eq!(granted(&tools, &json!({})).unwrap(), tools);
    assert_eq!(out_of_reach("write_notes", &tools["tools"][1], &json!({"scopes": null})).unwrap(), None);
    assert!(out_of_reach("write_notes", &tools["tools"][1], &json!({"scopes": "notes:read"})).is_err());
}
