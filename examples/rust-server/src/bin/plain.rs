//! `plain-courts-server`: the plain rmcp server of [`PlainCourts`] over stdio, made lenient by
//! one line. The key in `COURTS_CURSOR_KEY` seals questions to a person (a fresh random one,
//! with a warning on stderr, when it is unset).

use std::process::ExitCode;

use agent_input::server::Lenient;
use agent_input_example_server::plain::PlainCourts;
use agent_input_example_server::{courts, cursor_codec, serve_stdio};

#[tokio::main]
async fn main() -> ExitCode {
    // The one line; the court's vocabulary is what JSON Schema cannot say, and this server's
    // author knows its `cursor` is a cursor and its `idempotency_key` a key (`implied_kinds`).
    let server = Lenient::new(PlainCourts::new())
        .implied_kinds(true)
        .tool(
            "search_decisions",
            serde_json::json!({"properties": {"court": {"kind": "vocabulary", "role": "filter", "entries": courts()}}}),
        )
        .person_key(cursor_codec("plain-courts-server"));
    serve_stdio("plain-courts-server", server).await
}
