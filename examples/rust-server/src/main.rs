//! `courts-server`: the example MCP server over stdio. Its cursors are issued with the key in
//! `COURTS_CURSOR_KEY` (at least 16 bytes); when it is unset, with a fresh random key and a
//! warning on stderr (cursors then end with the process).

use std::process::ExitCode;

use agent_input_example_server::{courts_server, cursor_codec, serve_stdio};

#[tokio::main]
async fn main() -> ExitCode {
    match courts_server(cursor_codec("courts-server")) {
        Ok(server) => serve_stdio("courts-server", server).await,
        Err(e) => {
            eprintln!("courts-server: {e}");
            ExitCode::from(2)
        }
    }
}
