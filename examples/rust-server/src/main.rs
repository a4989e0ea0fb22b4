//! `courts-server`: the example MCP server over stdio. Set `COURTS_CURSOR_KEY` (at least 16
//! bytes) to the key its cursors are issued with.

use std::process::ExitCode;

use rmcp::ServiceExt;

#[tokio::main]
async fn main() -> ExitCode {
    let codec = agent_input::cursor::CursorCodec::from_env("COURTS_CURSOR_KEY");
    let server = match codec.map_err(Into::into).and_then(agent_input_example_server::courts_server) {
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
