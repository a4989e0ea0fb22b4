//! `tests/fixtures/schemas/rmcp.tools.json`: the court tools' definitions as rmcp and schemars
//! 1 write them for the plain server's `Parameters<T>`, before any leniency. The core's
//! `from_input_schema` tests read it beside the pydantic and zod fixtures; this test keeps it
//! what the libraries write (off CI a stale file is rewritten, on CI it fails).

use agent_input_example_server::plain::PlainCourts;

#[test]
fn the_rmcp_fixture_is_what_schemars_writes() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/schemas/rmcp.tools.json");
    let tools = serde_json::to_value(PlainCourts::tools()).unwrap();
    let text = serde_json::to_string_pretty(&tools).unwrap() + "\n";
    let committed = std::fs::read_to_string(&path).unwrap_or_default().replace("\r\n", "\n");
    if committed != text && std::env::var_os("CI").is_none() {
        std::fs::write(&path, &text).unwrap();
    }
    assert_eq!(committed, text, "tests/fixtures/schemas/rmcp.tools.json is stale (off CI it was rewritten)");
}
