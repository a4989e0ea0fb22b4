//! `scoped-courts-server`: the example server over Streamable HTTP at `http://127.0.0.1:PORT/mcp`
//! (`PORT` from `COURTS_PORT`, 8931 by default), behind a bearer check of the tokens in
//! `COURTS_TOKENS` (a JSON object of token to scopes, such as
//! `{"reader-token": ["decisions:read"], "writer-token": ["decisions:read", "decisions:write"]}`).

use std::process::ExitCode;
use std::sync::Arc;

use agent_input_example_server::cursor_codec;
use agent_input_example_server::scoped::app;

#[tokio::main]
async fn main() -> ExitCode {
    let tokens = std::env::var("COURTS_TOKENS").unwrap_or_else(|_| "{}".to_owned());
    let tokens = match serde_json::from_str(&tokens) {
        Ok(tokens) => Arc::new(tokens),
        Err(e) => {
            eprintln!("scoped-courts-server: COURTS_TOKENS is no JSON object of token to scopes: {e}");
            return ExitCode::from(2);
        }
    };
    let port = std::env::var("COURTS_PORT").ok().and_then(|p| p.parse::<u16>().ok()).unwrap_or(8931);
    let app = match app(cursor_codec("scoped-courts-server"), tokens) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("scoped-courts-server: {e}");
            return ExitCode::from(2);
        }
    };
    let served = async {
        let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
        axum::serve(listener, app).await
    };
    match served.await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("scoped-courts-server: {e}");
            ExitCode::FAILURE
        }
    }
}
