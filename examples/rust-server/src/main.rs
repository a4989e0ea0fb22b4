//! `courts-server`: the example MCP server over stdio. Its cursors are issued with the key in
//! `COURTS_CURSOR_KEY` (at least 16 bytes); when it is unset, with a fresh random key and a
//! warning on stderr (cursors then end with the process).

use std::process::ExitCode;

use agent_input_example_server::cursor_codec;
use rmcp::ServiceExt;

#[tokio::main]
async fn main() -> ExitCode {
    let server = match agent_input_example_server::courts_server(cursor_codec("courts-server")) {
        Ok(server) => server,
        Err(e) => {
            eprintln!("courts-server: {e}");
            return ExitCode::from(2);
        }
    };
    match server.serve(rmcp::transport::stdio()).await {
        Ok(running) => match running.waiting().await {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("courts-server: {e}");
                ExitCode::FAILURE
            }
        },
        Err(e) => {
            eprintln!("courts-server: {e}");
            ExitCode::FAILURE
        }
    }
}
