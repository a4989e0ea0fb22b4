//! The client's bearer token at `--listen` (RFC 6750): checked on every request, against a file
//! of tokens (`--auth-tokens FILE`) or the authorization server's introspection endpoint
//! (`--auth-introspect URL`, RFC 7662). The scopes it grants decide which tools the request
//! lists and calls ([`agent_input::tool::scopes`]); the overrides name each tool's.
//!
//! A request with no token, or one that is not valid, is answered 401 with a `WWW-Authenticate`
//! challenge naming the protected resource's metadata (RFC 9728), which the proxy serves at
//! `/.well-known/oauth-protected-resource` (and under `/mcp`) with the authorization servers
//! `--authorization-server` names and every scope the overrides and `--read-only-scopes` name.
//! A client's token is never passed on to the server.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use agent_input::tool::scopes;

/// The longest an introspected token's answer is kept before it is asked again (less when the
/// token expires sooner).
pub const INTROSPECTION_CACHE_SECONDS: u64 = 60;
/// The most introspected tokens kept at once; beyond it the expired are dropped, then all.
pub const MAX_INTROSPECTION_CACHE: usize = 10_000;
/// How long the introspection endpoint may take to answer before the request is refused 503.
pub const INTROSPECTION_TIMEOUT_SECONDS: u64 = 5;
/// The longest bearer token read; a longer one is not valid.
pub const MAX_TOKEN_CHARS: usize = 4_096;
/// The most tokens a `--auth-tokens` file holds.
pub const MAX_TOKEN_ENTRIES: usize = 1_000;
/// The path of the protected resource's metadata (RFC 9728).
pub const METADATA_PATH: &str = "/.well-known/oauth-protected-resource";

/// What `--auth-*` said.
pub struct AuthOptions<'a> {
    /// `--auth-tokens FILE`.
    pub tokens: Option<&'a std::path::Path>,
    /// `--auth-introspect URL`.
    pub introspect: Option<&'a str>,
    /// `--auth-introspect-credentials-env NAME`: the proxy's own credentials at the endpoint.
    pub introspect_credentials_env: Option<&'a str>,
    /// `--auth-audience URI`: the resource a token must be issued for.
    pub audience: Option<&'a str>,
    /// `--authorization-server URL` (repeatable).
    pub authorization_servers: &'a [String],
    /// `--read-only-scopes a,b`.
    pub read_only_scopes: &'a [String],
}

/// How a request's token is checked, and what the proxy says of itself.
pub struct Auth {
    verifier: Verifier,
    read_only_scopes: Vec<String>,
    audience: Option<String>,
    authorization_servers: Vec<String>,
    scopes_supported: Vec<String>,
}

/// A token by the SHA-256 of its text, and the scopes it grants.
type Token = ([u8; 32], Vec<String>);

/// An introspected token's scopes, kept until the instant.
type Kept = (Vec<String>, Instant);

enum Verifier {
    /// Tokens by the SHA-256 of their text, each with its scopes.
    Tokens(Vec<Token>),
    Introspect(Introspect),
}

struct Introspect {
    url: String,
    credentials: Option<String>,
    client: reqwest::Client,
    cache: Mutex<HashMap<[u8; 32], Kept>>,
}

/// Why a request was not let in.
#[derive(Debug, PartialEq, Eq)]
pub enum Denied {
    /// No `Authorization: Bearer` header.
    Missing,
    /// A token that is not valid (unknown, expired, for another resource), and why.
    Invalid(String),
    /// The token could not be checked (the introspection endpoint failed), and why.
    Unavailable(String),
}

impl Auth {
    /// The checks the options name; `None` when they name none.
    ///
    /// # Errors
    /// Both or neither verifier beside other `--auth-*` options, a tokens file that cannot be
    /// read, scopes that are not OAuth scopes, a credentials variable that is unset.
    pub fn new(o: &AuthOptions<'_>, tools: &Value) -> Result<Option<Self>, String> {
        let verifier = match (o.tokens, o.introspect) {
            (Some(_), Some(_)) => return Err("name --auth-tokens or --auth-introspect, not both".into()),
            (None, None) => {
                let other = o.audience.is_some()
                    || !o.authorization_servers.is_empty()
                    || !o.read_only_scopes.is_empty()
                    || o.introspect_credentials_env.is_some();
                if other {
                    return Err("the --auth-* options, --authorization-server and --read-only-scopes need a way to \
                                check tokens: --auth-tokens FILE or --auth-introspect URL"
                        .into());
                }
                return Ok(None);
            }
            (Some(path), None) => Verifier::Tokens(tokens_file(path)?),
            (None, Some(url)) => Verifier::Introspect(Introspect::new(url, o.introspect_credentials_env)?),
        };
        let read_only_scopes =
            scopes::parse(Some(&Value::from(super::flag_list(o.read_only_scopes))), "--read-only-scopes")
                .map_err(|e| e.to_string())?;
        let mut scopes_supported: Vec<String> = Vec::new();
        for overrides in tools.as_object().into_iter().flat_map(|t| t.values()) {
            for scope in overrides.get("scopes").and_then(Value::as_array).into_iter().flatten() {
                if let Some(s) = scope.as_str().filter(|s| !scopes_supported.iter().any(|k| k == s)) {
                    scopes_supported.push(s.to_owned());
                }
            }
        }
        for s in &read_only_scopes {
            if !scopes_supported.contains(s) {
                scopes_supported.push(s.clone());
            }
        }
        Ok(Some(Self {
            verifier,
            read_only_scopes,
            audience: o.audience.map(str::to_owned),
            authorization_servers: o.authorization_servers.to_vec(),
            scopes_supported,
        }))
    }

    /// The scopes `--read-only-scopes` names.
    pub fn read_only_scopes(&self) -> &[String] {
        &self.read_only_scopes
    }

    /// The scopes the request's token grants.
    ///
    /// # Errors
    /// [`Denied`].
    pub async fn verify(&self, headers: &HeaderMap) -> Result<Vec<String>, Denied> {
        let token = bearer(headers)?;
        let digest: [u8; 32] = Sha256::digest(token.as_bytes()).into();
        match &self.verifier {
            Verifier::Tokens(entries) => {
                // Every entry is compared, so the time taken does not say which matched.
                let found = entries.iter().fold(None, |found, (d, s)| if *d == digest { Some(s) } else { found });
                found.cloned().ok_or_else(|| Denied::Invalid("the token is not one this server issued".into()))
            }
            Verifier::Introspect(i) => i.verify(token, digest, self.audience.as_deref()).await,
        }
    }

    /// The resource's metadata (RFC 9728), `resource` its URL as the client reached it unless
    /// `--auth-audience` names it.
    pub fn metadata(&self, reached: &str) -> Value {
        let mut m = json!({
            "resource": self.audience.as_deref().unwrap_or(reached),
            "bearer_methods_supported": ["header"],
            "scopes_supported": self.scopes_supported,
            "resource_name": "agent-input proxy",
        });
        if !self.authorization_servers.is_empty() {
            m["authorization_servers"] = json!(self.authorization_servers);
        }
        m
    }

    /// The 401 (or 503) of a request `denied`, its challenge naming the metadata at
    /// `metadata_url`.
    pub fn challenge(denied: &Denied, metadata_url: &str) -> Response {
        let (status, mut challenge, message) = match denied {
            Denied::Missing => (
                StatusCode::UNAUTHORIZED,
                "Bearer realm=\"mcp\"".to_owned(),
                "Unauthorized: send the access token as `Authorization: Bearer TOKEN`".to_owned(),
            ),
            Denied::Invalid(why) => (
                StatusCode::UNAUTHORIZED,
                format!("Bearer realm=\"mcp\", error=\"invalid_token\", error_description=\"{}\"", quoted(why)),
                format!("Unauthorized: {why}; get a new token from the authorization server"),
            ),
            Denied::Unavailable(why) => (
                StatusCode::SERVICE_UNAVAILABLE,
                "Bearer realm=\"mcp\"".to_owned(),
                format!("the token could not be checked: {why}; retry later"),
            ),
        };
        challenge.push_str(&format!(", resource_metadata=\"{metadata_url}\""));
        let body = json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32600, "message": message}});
        let mut response = (status, [(header::CONTENT_TYPE, "application/json")], body.to_string()).into_response();
        if let Ok(value) = HeaderValue::from_str(&challenge) {
            response.headers_mut().insert(header::WWW_AUTHENTICATE, value);
        }
        response
    }
}

/// A challenge's quoted-string: no `"` or `\`, nothing but printable ASCII.
fn quoted(text: &str) -> String {
    text.chars().map(|c| if c == '"' || c == '\\' || !(' '..='~').contains(&c) { '\'' } else { c }).collect()
}

/// The token of `Authorization: Bearer TOKEN` (the scheme in any case, RFC 7235).
fn bearer(headers: &HeaderMap) -> Result<&str, Denied> {
    let Some(value) = headers.get(header::AUTHORIZATION) else { return Err(Denied::Missing) };
    let text = value.to_str().map_err(|_| Denied::Invalid("the Authorization header is not ASCII".into()))?;
    let text = text.trim();
    let (scheme, token) = text.split_once(' ').unwrap_or((text, ""));
    if !scheme.eq_ignore_ascii_case("bearer") {
        return Err(Denied::Missing);
    }
    let token = token.trim();
    // RFC 6750's b64token: letters, digits, `-._~+/`, then `=` padding.
    let body = token.trim_end_matches('=');
    let b64token = !body.is_empty()
        && body.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'+' | b'/'));
    if !b64token || token.len() > MAX_TOKEN_CHARS {
        return Err(Denied::Invalid(format!(
            "the token is no RFC 6750 bearer token (letters, digits, `-._~+/`, at most MAX_TOKEN_CHARS ({MAX_TOKEN_CHARS}))"
        )));
    }
    Ok(token)
}

/// The tokens of a `--auth-tokens` file: `{"tokens": [{"sha256": HEX | "token_env": NAME,
/// "scopes": [...]}]}`: a token by the SHA-256 of its text (the file holds no secret), or read
/// from a variable of the proxy's environment.
fn tokens_file(path: &std::path::Path) -> Result<Vec<Token>, String> {
    let what = format!("--auth-tokens {}", path.display());
    let text = std::fs::read_to_string(path).map_err(|e| format!("{what}: {e}"))?;
    let file: Value = serde_json::from_str(&text).map_err(|e| format!("{what}: not JSON: {e}"))?;
    let entries = file.get("tokens").and_then(Value::as_array).ok_or_else(|| {
        format!("{what}: takes {{\"tokens\": [{{\"sha256\": HEX or \"token_env\": NAME, \"scopes\": [...]}}]}}")
    })?;
    if entries.len() > MAX_TOKEN_ENTRIES {
        return Err(format!("{what}: {} tokens, more than MAX_TOKEN_ENTRIES ({MAX_TOKEN_ENTRIES})", entries.len()));
    }
    let mut out = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        let at = format!("{what}: token {}", i + 1);
        let digest = match (entry.get("sha256").and_then(Value::as_str), entry.get("token_env").and_then(Value::as_str))
        {
            (Some(hex), None) => from_hex(hex).ok_or_else(|| format!("{at}: `sha256` is no 64 hex digits"))?,
            (None, Some(name)) => {
                let token = std::env::var(name).map_err(|_| format!("{at}: the variable `{name}` is not set"))?;
                Sha256::digest(token.trim().as_bytes()).into()
            }
            _ => return Err(format!("{at}: name the token by `sha256` or by `token_env`, one of them")),
        };
        let granted = scopes::parse(entry.get("scopes"), &format!("{at}'s `scopes`")).map_err(|e| e.to_string())?;
        out.push((digest, granted));
    }
    Ok(out)
}

fn from_hex(hex: &str) -> Option<[u8; 32]> {
    let hex = hex.trim();
    if hex.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

fn now_seconds() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

impl Introspect {
    fn new(url: &str, credentials_env: Option<&str>) -> Result<Self, String> {
        let parsed = reqwest::Url::parse(url).map_err(|e| format!("--auth-introspect: {e}"))?;
        let local = parsed
            .host_str()
            .is_some_and(|h| h == "localhost" || h.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback()));
        if parsed.scheme() != "https" && !(parsed.scheme() == "http" && local) {
            return Err(format!("--auth-introspect: `{url}` is no https URL (http is taken on loopback only)"));
        }
        let credentials = match credentials_env {
            None => None,
            Some(name) => {
                let value = std::env::var(name)
                    .map_err(|_| format!("--auth-introspect-credentials-env: the variable `{name}` is not set"))?;
                Some(match value.trim().split_once(':') {
                    // RFC 7662 §2.1: the proxy authenticates as a client (`ID:SECRET`, HTTP Basic).
                    Some(_) => {
                        use base64::Engine as _;
                        format!("Basic {}", base64::engine::general_purpose::STANDARD.encode(value.trim()))
                    }
                    None => format!("Bearer {}", value.trim()),
                })
            }
        };
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(INTROSPECTION_TIMEOUT_SECONDS))
            .build()
            .map_err(|e| format!("--auth-introspect: {e}"))?;
        Ok(Self { url: url.to_owned(), credentials, client, cache: Mutex::new(HashMap::new()) })
    }

    async fn verify(&self, token: &str, digest: [u8; 32], audience: Option<&str>) -> Result<Vec<String>, Denied> {
        if let Some((granted, until)) = self.cache.lock().unwrap_or_else(PoisonError::into_inner).get(&digest) {
            if Instant::now() < *until {
                return Ok(granted.clone());
            }
        }
        let mut request = self.client.post(&self.url).form(&[("token", token), ("token_type_hint", "access_token")]);
        if let Some(credentials) = &self.credentials {
            request = request.header(header::AUTHORIZATION, credentials);
        }
        let unavailable = |e: String| Denied::Unavailable(format!("the introspection endpoint {}: {e}", self.url));
        let response = request.send().await.map_err(|e| unavailable(e.to_string()))?;
        if !response.status().is_success() {
            return Err(unavailable(format!("answered {}", response.status())));
        }
        let body = response.bytes().await.map_err(|e| unavailable(e.to_string()))?;
        let answer: Value = serde_json::from_slice(&body).map_err(|e| unavailable(format!("answered no JSON: {e}")))?;
        let now = now_seconds();
        let (granted, expires) = introspected(&answer, audience, now)?;
        let keep =
            expires.map_or(INTROSPECTION_CACHE_SECONDS, |e| e.saturating_sub(now).min(INTROSPECTION_CACHE_SECONDS));
        let mut cache = self.cache.lock().unwrap_or_else(PoisonError::into_inner);
        if cache.len() >= MAX_INTROSPECTION_CACHE {
            let now = Instant::now();
            cache.retain(|_, (_, until)| *until > now);
            if cache.len() >= MAX_INTROSPECTION_CACHE {
                cache.clear();
            }
        }
        cache.insert(digest, (granted.clone(), Instant::now() + Duration::from_secs(keep)));
        Ok(granted)
    }
}

/// The scopes and expiry of an introspection answer (RFC 7662 §2.2), checked: active, not
/// expired, not yet valid, for the audience when one is named.
fn introspected(answer: &Value, audience: Option<&str>, now: u64) -> Result<(Vec<String>, Option<u64>), Denied> {
    if answer.get("active") != Some(&Value::Bool(true)) {
        return Err(Denied::Invalid("the token is not active".into()));
    }
    let expires = answer.get("exp").and_then(Value::as_u64);
    if expires.is_some_and(|e| e <= now) {
        return Err(Denied::Invalid("the token expired".into()));
    }
    if answer.get("nbf").and_then(Value::as_u64).is_some_and(|n| n > now) {
        return Err(Denied::Invalid("the token is not valid yet".into()));
    }
    if let Some(audience) = audience {
        let aud = answer.get("aud");
        let matches = match aud {
            Some(Value::String(a)) => a == audience,
            Some(Value::Array(all)) => all.iter().any(|a| a.as_str() == Some(audience)),
            _ => false,
        };
        if !matches {
            return Err(Denied::Invalid(format!("the token was not issued for `{audience}`")));
        }
    }
    let scope = answer.get("scope").and_then(Value::as_str).unwrap_or("");
    let granted: Vec<Value> = scope.split(' ').filter(|s| !s.is_empty()).map(Value::from).collect();
    let granted = scopes::parse(Some(&Value::Array(granted)), "the token's `scope`")
        .map_err(|e| Denied::Invalid(e.to_string()))?;
    Ok((granted, expires))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::AUTHORIZATION, HeaderValue::from_str(value).unwrap());
        h
    }

    #[test]
    fn bearer_tokens_as_rfc_6750_writes_them() {
        assert_eq!(bearer(&headers("Bearer abc.DEF-1_~+/==")), Ok("abc.DEF-1_~+/=="));
        assert_eq!(bearer(&headers("bearer  abc ")), Ok("abc"));
        assert_eq!(bearer(&HeaderMap::new()), Err(Denied::Missing));
        assert_eq!(bearer(&headers("Basic dXNlcjpwYXNz")), Err(Denied::Missing));
        assert!(matches!(bearer(&headers("Bearer a b")), Err(Denied::Invalid(_))));
        assert!(matches!(bearer(&headers("Bearer ")), Err(Denied::Invalid(_))));
        assert!(matches!(
            bearer(&headers(&format!("Bearer {}", "a".repeat(MAX_TOKEN_CHARS + 1)))),
            Err(Denied::Invalid(_))
        ));
    }

    #[test]
    fn introspection_answers_are_checked() {
        let now = 1_800_000_000;
        let ok = json!({"active": true, "scope": "notes:read notes:write", "exp": now + 30, "aud": ["https://x/mcp"]});
        assert_eq!(
            introspected(&ok, Some("https://x/mcp"), now),
            Ok((vec!["notes:read".to_owned(), "notes:write".to_owned()], Some(now + 30)))
        );
        assert!(
            matches!(introspected(&ok, Some("https://y/mcp"), now), Err(Denied::Invalid(w)) if w.contains("not issued for"))
        );
        assert!(matches!(introspected(&ok, None, now + 30), Err(Denied::Invalid(w)) if w.contains("expired")));
        assert!(matches!(introspected(&json!({"active": false}), None, now), Err(Denied::Invalid(_))));
        assert!(matches!(introspected(&json!({"active": "true"}), None, now), Err(Denied::Invalid(_))));
        assert!(matches!(introspected(&json!({"active": true, "nbf": now + 5}), None, now), Err(Denied::Invalid(_))));
        assert_eq!(introspected(&json!({"active": true}), None, now), Ok((vec![], None)));
    }

    #[test]
    fn challenges_name_the_metadata_and_the_error() {
        let r = Auth::challenge(
            &Denied::Invalid("the token \"x\" expired".into()),
            "http://127.0.0.1:1/.well-known/oauth-protected-resource/mcp",
        );
        assert_eq!(r.status(), StatusCode::UNAUTHORIZED);
        let c = r.headers()[header::WWW_AUTHENTICATE].to_str().unwrap();
        assert!(
            c.starts_with("Bearer realm=\"mcp\", error=\"invalid_token\", error_description=\"the token 'x' expired\""),
            "{c}"
        );
        assert!(
            c.ends_with("resource_metadata=\"http://127.0.0.1:1/.well-known/oauth-protected-resource/mcp\""),
            "{c}"
        );
        let missing = Auth::challenge(&Denied::Missing, "u");
        assert!(!missing.headers()[header::WWW_AUTHENTICATE].to_str().unwrap().contains("error="));
        assert_eq!(Auth::challenge(&Denied::Unavailable("down".into()), "u").status(), StatusCode::SERVICE_UNAVAILABLE);
    }
}
