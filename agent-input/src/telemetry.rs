//! The call protocol's telemetry for Rust servers, through `tracing` (feature `tracing`, on
//! with `rmcp`): one span per `tools/call` and metric events, named by
//! [`protocol::record`](crate::protocol::record). An operator who runs `tracing-opentelemetry`
//! gets them as OpenTelemetry spans and metrics: the span's `otel.name` is `execute_tool
//! {tool}`, and the metric events follow its `MetricsLayer` convention
//! (`monotonic_counter.agent_input.calls`, `histogram.agent_input.tool.read_duration`). With no
//! subscriber, or one that does not want target `agent_input`, nothing is built.
//!
//! What is recorded is the [`Record`]: codes and paths, never a value. `tracing` has no array
//! values, so the lists (`agent_input.note.codes`, ...) are recorded as one string of the codes
//! joined by `,`.
//!
//! ```
//! use agent_input::context::Stopwatch;
//! use agent_input::protocol::{Call, Request, Step};
//! use agent_input::telemetry::CallSpan;
//! let spec = std::sync::Arc::new(agent_input::tool::ToolSpec::from_json(
//!     &serde_json::json!({"name": "t", "properties": {"limit": {}}}),
//! )?);
//! let mut span = CallSpan::start("t", Some("2025-11-25"));
//! let watch = Stopwatch::start();
//! let request = Request { arguments: serde_json::json!({"limit": "4 000"}), ..Request::default() };
//! let (mut call, step) = Call::own(spec, None, &request);
//! span.read(watch.seconds());
//! assert!(matches!(step, Step::Run { .. }));
//! let step = call.resume(agent_input::protocol::Outcome::Output(serde_json::json!({}), vec![]))?;
//! assert!(matches!(step, Step::Answer { .. }));
//! span.end(&call);
//! # Ok::<(), agent_input::Error>(())
//! ```

use tracing::field::Empty;
use tracing::{Level, Span};

use crate::protocol::record::{attr, recorded_name, Record, OPERATION};
use crate::protocol::{AttributeValue, Call};

/// The `tracing` target of the spans and events.
pub const TARGET: &str = "agent_input";

/// One `tools/call`'s span, from before its read until its answer.
#[derive(Debug)]
pub struct CallSpan {
    span: Span,
    read_seconds: Option<f64>,
}

impl CallSpan {
    /// Opens the span of a call of `tool`, on a connection at `protocol_version` when known.
    pub fn start(tool: &str, protocol_version: Option<&str>) -> Self {
        let span = tracing::span!(
            target: TARGET,
            Level::INFO,
            "execute_tool",
            otel.name = Empty,
            otel.kind = "internal",
            otel.status_code = Empty,
            "gen_ai.operation.name" = OPERATION,
            "mcp.method.name" = "tools/call",
            "gen_ai.tool.name" = Empty,
            "mcp.protocol.version" = protocol_version,
            "error.type" = Empty,
            "agent_input.outcome" = Empty,
            "agent_input.envelope.code" = Empty,
            "agent_input.note.codes" = Empty,
            "agent_input.warning.codes" = Empty,
            "agent_input.ask.codes" = Empty,
            "agent_input.issue.paths" = Empty,
            "agent_input.ask.person" = Empty,
            "agent_input.answered" = Empty,
            "agent_input.tool.read_duration" = Empty,
        );
        if !span.is_disabled() {
            let name = recorded_name(tool);
            span.record("otel.name", format!("{OPERATION} {name}"));
            span.record(attr::TOOL_NAME, name.as_str());
        }
        Self { span, read_seconds: None }
    }

    /// The span, to run the handler in (`tracing::Instrument`): the handler's own spans are
    /// its children.
    pub const fn span(&self) -> &Span {
        &self.span
    }

    /// The read took `seconds` (the adapter's [`Stopwatch`](crate::context::Stopwatch)).
    pub fn read(&mut self, seconds: f64) {
        self.read_seconds = Some(seconds);
        self.span.record(attr::READ_DURATION, seconds);
    }

    /// Ends the span with what the call's record keeps ([`Call::record`]), and emits the metric
    /// events. With no `tracing` subscriber set at all, the record is not even made.
    pub fn end(self, call: &Call) {
        if !tracing::dispatcher::has_been_set() {
            return;
        }
        self.end_with(&call.record());
    }

    /// [`CallSpan::end`] with a record already made.
    pub fn end_with(self, record: &Record) {
        if !self.span.is_disabled() {
            self.record_fields(record);
        }
        metrics(record, self.read_seconds);
    }

    /// Sets the record's attributes on the span: the same pairs every adapter sets
    /// ([`Record::attribute_pairs`]), lists joined by `,`.
    fn record_fields(&self, record: &Record) {
        let span = &self.span;
        if record.is_error {
            span.record("otel.status_code", "error");
        }
        for (name, value) in record.attribute_pairs() {
            match value {
                AttributeValue::Str(text) => span.record(name, text),
                AttributeValue::Strs(list) => span.record(name, list.join(",")),
                AttributeValue::Bool(b) => span.record(name, b),
            };
        }
    }
}

/// The metric events of one call: one `agent_input.calls`, one `agent_input.codes` per code
/// met, one read duration. Emitted with no parent, so they are not the span's events; with no
/// subscriber that wants them, each is one cached callsite check.
fn metrics(record: &Record, read_seconds: Option<f64>) {
    let tool = record.tool.as_str();
    let outcome = record.verdict.as_str();
    tracing::event!(
        target: TARGET,
        parent: None,
        Level::INFO,
        "monotonic_counter.agent_input.calls" = 1_u64,
        "gen_ai.tool.name" = tool,
        "agent_input.outcome" = outcome,
    );
    if let Some(seconds) = read_seconds {
        tracing::event!(
            target: TARGET,
            parent: None,
            Level::INFO,
            "histogram.agent_input.tool.read_duration" = seconds,
            "gen_ai.tool.name" = tool,
            "agent_input.outcome" = outcome,
        );
    }
    for (kind, code) in record.counted() {
        tracing::event!(
            target: TARGET,
            parent: None,
            Level::INFO,
            "monotonic_counter.agent_input.codes" = 1_u64,
            "gen_ai.tool.name" = tool,
            "agent_input.code.kind" = kind,
            "agent_input.code" = code,
        );
    }
}
