//! The courts server over Streamable HTTP behind a bearer token check, each tool needing its
//! OAuth scopes: `search_decisions` needs `decisions:read`, `update_decision_notes`
//! `decisions:write`, and `decisions:read` is read-only (a token of it alone sees no tool that
//! writes). The middleware is the server author's: it checks the token and puts the scopes it
//! grants into the request's extensions as [`GrantedScopes`]; agent-input lists and runs only
//! the tools those reach.

use std::collections::HashMap;
use std::sync::Arc;

use agent_input::cursor::CursorCodec;
use agent_input::server::GrantedScopes;
use axum::extract::Request;
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

use crate::{courts_server_with, StartError};

/// The scope of reading decisions (read-only).
pub const READ: &str = "decisions:read";
/// The scope of writing notes.
pub const WRITE: &str = "decisions:write";

/// The tokens the server knows, each with the scopes it grants (a real server verifies a JWT or
/// asks its authorization server; the check is the same shape).
pub type Tokens = Arc<HashMap<String, Vec<String>>>;

/// The axum app: the MCP endpoint at `/mcp`, behind the bearer check of `tokens`.
///
/// # Errors
/// The courts server does not start (a spec or the data does not load).
pub fn app(codec: CursorCodec, tokens: Tokens) -> Result<axum::Router, StartError> {
    // Built once to fail early; each session gets its own.
    courts_server_with(codec.clone(), &[READ], &[WRITE])?;
    let service = StreamableHttpService::new(
        move || {
            courts_server_with(codec.clone(), &[READ], &[WRITE])
                .map(|s| s.read_only_scopes(&[READ]))
                .map_err(|e| std::io::Error::other(e.to_string()))
        },
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    let check = move |request: Request, next: Next| {
        let tokens = Arc::clone(&tokens);
        async move { bearer(&tokens, request, next).await }
    };
    Ok(axum::Router::new().nest_service("/mcp", service).layer(axum::middleware::from_fn(check)))
}

/// The bearer check: an unknown or missing token is refused with 401 and a `WWW-Authenticate`
/// challenge (RFC 6750); a known one passes with the scopes it grants.
async fn bearer(tokens: &Tokens, mut request: Request, next: Next) -> Response {
    let token = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::to_owned);
    match token.and_then(|t| tokens.get(&t).cloned()) {
        Some(scopes) => {
            request.extensions_mut().insert(GrantedScopes(scopes));
            next.run(request).await
        }
        None => (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Bearer error=\"invalid_token\"")],
            "a bearer token this server issued is required",
        )
            .into_response(),
    }
}
