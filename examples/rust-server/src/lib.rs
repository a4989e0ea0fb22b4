//! An rmcp server of Czech court decisions whose tools read their arguments with agent-input.
//!
//! The two tools are declared once, in `examples/specs/` (the same files the Python and
//! TypeScript examples read). [`courts_server`] puts them behind a [`ToolServer`]: `tools/list`
//! advertises each spec's definition, and `tools/call` reads the raw arguments through the
//! spec, so the handlers below receive canonical, typed arguments and never parse a value.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use agent_input::cursor::CursorCodec;
use agent_input::server::{HandlerError, Reply, ToolArgs, ToolServer};
use agent_input::tool::ToolSpec;
use agent_input::vocabulary::no_hits_filtered;
use chrono::NaiveDate;
use serde::Deserialize;
use serde_json::{json, Value};

const SEARCH_SPEC: &str = include_str!("../../specs/search_decisions.json");
const UPDATE_SPEC: &str = include_str!("../../specs/update_decision_notes.json");
const COURTS: &str = include_str!("../../../tests/fixtures/czech_courts.json");

pub mod plain;
pub mod scoped;

/// The courts vocabulary's entries (`tests/fixtures/czech_courts.json`).
///
/// # Panics
/// When the bundled file is not JSON (a build error).
pub fn courts() -> Value {
    serde_json::from_str(COURTS).expect("the bundled courts are JSON")
}

/// The stored decisions (`examples/data/decisions.json`).
///
/// # Errors
/// When the bundled file does not load (a build error).
pub fn decisions() -> Result<Vec<Decision>, serde_json::Error> {
    serde_json::from_str(DECISIONS)
}

/// Serves `server` over stdio until the client leaves: the exit status of the binaries, with
/// what went wrong on stderr under the program's name.
pub async fn serve_stdio<S: rmcp::ServerHandler>(program: &str, server: S) -> std::process::ExitCode {
    use rmcp::ServiceExt;
    let outcome = match server.serve(rmcp::transport::stdio()).await {
        Ok(running) => running.waiting().await.map(drop).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    match outcome {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{program}: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// The server key from `COURTS_CURSOR_KEY`; when it is unset, a fresh random key with a
/// warning on stderr (cursors and questions then end with the process). A key that is set but
/// unusable (shorter than 16 bytes) is an error the server starts without: also a random key,
/// saying why.
pub fn cursor_codec(program: &str) -> CursorCodec {
    match std::env::var_os("COURTS_CURSOR_KEY") {
        Some(_) => match CursorCodec::from_env("COURTS_CURSOR_KEY") {
            Ok(codec) => return codec,
            Err(e) => eprintln!("{program}: warning: {e}; using a random key for this run"),
        },
        None => eprintln!(
            "{program}: warning: COURTS_CURSOR_KEY is unset; using a random key, so cursors end with this process"
        ),
    }
    let mut key = [0u8; 32];
    if getrandom::fill(&mut key).is_err() {
        // No system randomness: the process's hasher seeds, which the system seeds.
        use std::hash::{BuildHasher, Hasher};
        for chunk in key.chunks_mut(8) {
            let mut h = std::collections::hash_map::RandomState::new().build_hasher();
            h.write_u64(u64::from(std::process::id()));
            chunk.copy_from_slice(&h.finish().to_le_bytes());
        }
    }
    CursorCodec::new(&key).unwrap_or_else(|_| unreachable!("32 bytes is a valid key"))
}
const DECISIONS: &str = include_str!("../../data/decisions.json");

/// How long an issued cursor stays valid, in seconds.
const CURSOR_TTL_SECONDS: u64 = 3600;

/// One stored decision.
#[derive(Clone, Debug, Deserialize)]
pub struct Decision {
    /// Its id (a uuid).
    pub id: String,
    /// The court that decided (the vocabulary's id).
    pub court: String,
    /// The day it was decided.
    pub date: NaiveDate,
    /// Its title.
    pub title: String,
}

/// The canonical arguments of `search_decisions`, typed: serde reads them because agent-input
/// already turned "4 000" into 50, "1. 10. 2026" into a date and "Nejvyssi soud" into "NS".
#[derive(Debug, Deserialize)]
struct Search {
    query: String,
    court: Option<String>,
    date_from: Option<NaiveDate>,
    date_to: Option<NaiveDate>,
    limit: usize,
    /// The decoded payload of a cursor this server issued.
    cursor: Option<Page>,
}

/// What a cursor of this server carries.
#[derive(Debug, Deserialize)]
struct Page {
    after: usize,
}

/// The canonical arguments of `update_decision_notes`.
#[derive(Debug, Deserialize)]
struct Update {
    decision_id: Option<String>,
    notes: String,
    /// True for a preview (the library sets it: true until a confirmed call).
    dry_run: bool,
}

/// The server's state: the decisions and the notes written (receipts are the library's).
struct Store {
    decisions: Vec<Decision>,
    notes: Mutex<HashMap<String, String>>,
}

/// A start-up failure: a spec or the data does not load.
pub type StartError = Box<dyn std::error::Error + Send + Sync>;

fn spec(text: &str, codec: &CursorCodec) -> Result<ToolSpec, StartError> {
    let mut json: Value = serde_json::from_str(text)?;
    if let Some(court) = json.pointer_mut("/properties/court/entries") {
        *court = serde_json::from_str(COURTS)?;
    }
    Ok(ToolSpec::from_json_with_codec(&json, codec)?)
}

/// The server: `search_decisions` and `update_decision_notes` over the example data, its
/// cursors issued with `codec`.
///
/// # Errors
/// A spec or the data does not load (a programmer error).
pub fn courts_server(codec: CursorCodec) -> Result<ToolServer, StartError> {
    courts_server_with(codec, &[], &[])
}

/// [`courts_server`], its tools needing OAuth scopes: `search_decisions` those of `read`,
/// `update_decision_notes` those of `write` (none: no scope).
///
/// # Errors
/// As [`courts_server`]; a scope that is no OAuth scope.
pub fn courts_server_with(codec: CursorCodec, read: &[&str], write: &[&str]) -> Result<ToolServer, StartError> {
    let scoped = |text: &str, scopes: &[&str]| -> Result<ToolSpec, StartError> {
        let mut json: Value = serde_json::from_str(text)?;
        if !scopes.is_empty() {
            json["scopes"] = json!(scopes);
        }
        spec(&json.to_string(), &codec)
    };
    let (search_spec, update_spec) = (scoped(SEARCH_SPEC, read)?, scoped(UPDATE_SPEC, write)?);
    let decisions: Vec<Decision> = serde_json::from_str(DECISIONS)?;
    let store = Arc::new(Store { decisions, notes: Mutex::default() });
    let search_store = Arc::clone(&store);
    let search_codec = codec.clone();
    let server = ToolServer::new("courts", env!("CARGO_PKG_VERSION"))
        // Ambiguous dates, numbers and courts ask the person when the client can (the search
        // spec says `"answered_by": "user"`); the questions and the confirm tokens of
        // `update_decision_notes` are sealed with keys derived from the cursor key. Receipts of
        // writes are kept in memory (`ToolServer::receipts` plugs a database in).
        .key(codec.clone())
        .instructions("Search Czech court decisions and keep notes on them.")
        .tool(search_spec, move |args: ToolArgs| {
            let (store, codec) = (Arc::clone(&search_store), search_codec.clone());
            async move { search(&store, &codec, &args) }
        })
        .tool(update_spec, move |args: ToolArgs| {
            let store = Arc::clone(&store);
            async move { update(&store, &args) }
        });
    Ok(server)
}

fn search(store: &Store, codec: &CursorCodec, args: &ToolArgs) -> Result<Reply, HandlerError> {
    let s: Search = args.parse()?;
    let words = agent_input::fold(&s.query);
    let in_range = |d: &Decision| {
        agent_input::fold(&d.title).contains(&words)
            && s.date_from.is_none_or(|f| d.date >= f)
            && s.date_to.is_none_or(|t| d.date <= t)
    };
    let unfiltered: Vec<&Decision> = store.decisions.iter().filter(|d| in_range(d)).collect();
    let matched: Vec<&Decision> =
        unfiltered.iter().copied().filter(|d| s.court.as_ref().is_none_or(|c| &d.court == c)).collect();
    let start = s.cursor.map_or(0, |p| p.after).min(matched.len());
    let items: Vec<Value> = matched
        .iter()
        .skip(start)
        .take(s.limit)
        .map(|d| json!({"id": d.id, "court": d.court, "date": d.date.to_string(), "title": d.title}))
        .collect();
    let next = start + items.len();
    // The page says what it withheld: how many matched, the order, the filter, and the cursor.
    let page = agent_input::tool::Page {
        matched: matched.len() as u64,
        offset: Some(start as u64),
        sort: Some("date asc".to_owned()),
        filtered: s.court.is_some(),
        next: (next < matched.len()).then(|| json!({"after": next})),
        ttl_seconds: Some(CURSOR_TTL_SECONDS),
        items,
        ..agent_input::tool::Page::default()
    };
    let output = page.to_json(codec, now()).map_err(|e| HandlerError::new(format!("cannot issue a page: {e}")))?;
    let mut reply = Reply::new(output);
    if let (Some(court), true) = (&s.court, matched.is_empty()) {
        let mut would: Vec<Value> = unfiltered.iter().map(|d| Value::String(d.court.clone())).collect();
        would.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
        would.dedup();
        reply = reply.warning(no_hits_filtered("court", &Value::String(court.clone()), &would));
    }
    Ok(reply)
}

/// Replaces a decision's notes. The library runs the contract around it: a call is a preview
/// (`dry_run` true) until the model sends the preview's `confirm_token`, and a retry with the
/// same `idempotency_key` replays the stored result without calling this again.
fn update(store: &Store, args: &ToolArgs) -> Result<Reply, HandlerError> {
    let u: Update = args.parse()?;
    let mut notes = store.notes.lock().map_err(|_| HandlerError::new("the store is unavailable"))?;
    let created = u.decision_id.is_none();
    let id = u.decision_id.unwrap_or_else(|| format!("created-{}", notes.len() + 1));
    if !created && !store.decisions.iter().any(|d| d.id == id) {
        return Err(HandlerError::new(format!(
            "no decision has the id {id}; call `search_decisions` to find the decision's id"
        )));
    }
    if u.dry_run {
        let before = notes.get(&id).cloned();
        return Ok(Reply::new(
            json!({"decision_id": id, "created": created, "notes_before": before, "notes_after": u.notes}),
        ));
    }
    notes.insert(id.clone(), u.notes);
    Ok(Reply::new(json!({"decision_id": id, "created": created})))
}

fn now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}
