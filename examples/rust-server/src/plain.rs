//! The court-decisions tools written as a plain rmcp author writes them: a `#[tool_router]`
//! with typed `Parameters<T>` (schemars writes their schema), no agent-input in sight. The
//! binary `plain-courts-server` serves [`PlainCourts`] made lenient by one line,
//! `Lenient::new(PlainCourts::new())`, with the courts vocabulary declared for `court`
//! (JSON Schema cannot say it).
//!
//! Without that line `"limit": "4 000"` or `"date_from": "1. 10. 2026"` fails serde before the
//! tool runs; with it the tool gets 50 and 2026-10-01, and the caller gets notes saying so.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chrono::NaiveDate;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::model::{ServerCapabilities, ServerConfig};
use rmcp::{schemars, tool, tool_handler, tool_router, ServerHandler};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::{decisions, Decision};

/// The arguments of `search_decisions`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Search {
    /// Words the decision's title contains.
    pub query: String,
    /// The court that decided.
    pub court: Option<String>,
    /// Decided on or after this day.
    pub date_from: Option<NaiveDate>,
    /// Decided on or before this day.
    pub date_to: Option<NaiveDate>,
    /// How many decisions one page holds.
    #[serde(default = "default_limit")]
    #[schemars(range(min = 1, max = 50))]
    pub limit: u32,
    /// The `next_cursor` of the previous page.
    pub cursor: Option<String>,
}

const fn default_limit() -> u32 {
    20
}

/// The arguments of `update_decision_notes`.
#[derive(Debug, Deserialize, schemars::JsonSchema)]
pub struct Update {
    /// The decision's id, exactly as search_decisions returned it; leave it out to create a decision.
    pub decision_id: Option<uuid::Uuid>,
    /// The new notes.
    pub notes: String,
    /// A fresh key for this change, resent unchanged on every retry of it.
    pub idempotency_key: String,
}

/// One page of decisions.
#[derive(Debug, Serialize, schemars::JsonSchema)]
pub struct Page {
    /// How many decisions matched.
    pub matched: usize,
    /// How many this page returns.
    pub returned: usize,
    /// The decisions of this page.
    pub decisions: Vec<Value>,
    /// The cursor of the next page, if any.
    pub next_cursor: Option<String>,
}

/// The plain server: two tools over the example data.
#[derive(Clone)]
pub struct PlainCourts {
    decisions: Arc<Vec<Decision>>,
    receipts: Arc<Mutex<HashMap<String, Value>>>,
}

impl std::fmt::Debug for PlainCourts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlainCourts").finish_non_exhaustive()
    }
}

impl PlainCourts {
    /// The server over the example decisions.
    ///
    /// # Panics
    /// When the bundled data does not load (a build error).
    pub fn new() -> Self {
        let decisions = decisions().expect("the bundled decisions load");
        Self { decisions: Arc::new(decisions), receipts: Arc::default() }
    }
}

impl PlainCourts {
    /// The tools as rmcp declares them (the schemas schemars writes), before any leniency.
    pub fn tools() -> Vec<rmcp::model::Tool> {
        Self::tool_router().list_all()
    }
}

impl Default for PlainCourts {
    fn default() -> Self {
        Self::new()
    }
}

#[tool_router]
impl PlainCourts {
    /// Search Czech court decisions by words of their title, the court and the decision date.
    #[tool(annotations(read_only_hint = true))]
    fn search_decisions(&self, Parameters(s): Parameters<Search>) -> Result<Json<Page>, String> {
        let words = agent_input::fold(&s.query);
        let in_range = |d: &&Decision| {
            agent_input::fold(&d.title).contains(&words)
                && s.date_from.is_none_or(|f| d.date >= f)
                && s.date_to.is_none_or(|t| d.date <= t)
        };
        let matched: Vec<&Decision> =
            self.decisions.iter().filter(in_range).filter(|d| s.court.as_ref().is_none_or(|c| &d.court == c)).collect();
        // A plain cursor: the offset of the next page, as text.
        let start = match &s.cursor {
            None => 0,
            Some(c) => c.parse::<usize>().map_err(|_| format!("`{c}` is not a cursor this server issued"))?,
        };
        let start = start.min(matched.len());
        let limit = usize::try_from(s.limit).unwrap_or(usize::MAX);
        let page: Vec<Value> = matched
            .iter()
            .skip(start)
            .take(limit)
            .map(|d| json!({"id": d.id, "court": d.court, "date": d.date.to_string(), "title": d.title}))
            .collect();
        let next = start + page.len();
        let next_cursor = (next < matched.len()).then(|| next.to_string());
        Ok(Json(Page { matched: matched.len(), returned: page.len(), decisions: page, next_cursor }))
    }

    /// Replace the notes of one decision, or create a decision when `decision_id` is left out.
    /// A retry with the same `idempotency_key` replays the first result.
    #[tool(annotations(read_only_hint = false, destructive_hint = false, idempotent_hint = true))]
    fn update_decision_notes(&self, Parameters(u): Parameters<Update>) -> Result<Json<Value>, String> {
        let mut receipts = self.receipts.lock().map_err(|_| "the store is unavailable".to_owned())?;
        if let Some(receipt) = receipts.get(&u.idempotency_key) {
            let mut replayed = receipt.clone();
            replayed["replayed"] = Value::Bool(true);
            return Ok(Json(replayed));
        }
        let created = u.decision_id.is_none();
        let id = u.decision_id.map_or_else(|| format!("created-{}", receipts.len() + 1), |id| id.to_string());
        if !created && !self.decisions.iter().any(|d| d.id == id) {
            return Err(format!("no decision has the id {id}; call `search_decisions` to find the decision's id"));
        }
        let receipt = json!({"decision_id": id, "created": created, "replayed": false});
        receipts.insert(u.idempotency_key, receipt.clone());
        Ok(Json(receipt))
    }
}

#[tool_handler]
impl ServerHandler for PlainCourts {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_instructions("Search Czech court decisions and keep notes on them.")
    }
}
