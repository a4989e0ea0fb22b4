//! Telemetry never carries the payload (issue: every read observable, never the payload).
//!
//! Every tool vector, contract vector, protocol vector and kind vector (each kind's cases as a
//! call of a tool with one property of that kind) runs through the instrumented Rust adapter
//! path (`telemetry::CallSpan` around `protocol::Call`, as `server::ToolServer`, `server::Lenient`
//! and the proxy run it; the tool vectors through `ToolServer::respond` itself), with the
//! `tracing` spans and metric events exported by `tracing-opentelemetry` to the OpenTelemetry
//! SDK's in-memory exporters. Then no input string of 3 characters or more (every string of the
//! arguments, the answers, the handler's output and failures) may occur in any string that was
//! exported: span names, attribute keys and values, event names and attributes, status
//! descriptions, metric names and data points' attributes. A string that is also a word of the
//! schema (a tool or property name, a code, an attribute name) is not payload and is not looked
//! for; the test counts how many it checked and fails when that is too few.

mod common;

use std::collections::BTreeSet;
use std::sync::Arc;

use agent_input::context::Stopwatch;
use agent_input::cursor::CursorCodec;
use agent_input::protocol::{record, Call, Lenient, Listed, Outcome, Record, Request, Step};
use agent_input::server::{Asking, Reply, ToolServer};
use agent_input::telemetry::CallSpan;
use agent_input::tool::{MemoryReceipts, ToolSpec};
use opentelemetry::trace::{Status, TracerProvider as _};
use opentelemetry::{KeyValue, Value as OtelValue};
use opentelemetry_sdk::metrics::data::{AggregatedMetrics, MetricData, ResourceMetrics};
use opentelemetry_sdk::metrics::{InMemoryMetricExporter, PeriodicReader, SdkMeterProvider};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use serde_json::{json, Value};
use tracing_subscriber::layer::SubscriberExt as _;

const NOW: u64 = 1_800_000_000;

/// What the SDK's exporters hold after a run.
struct Exported {
    spans: Vec<SpanData>,
    metrics: Vec<ResourceMetrics>,
}

/// The tests of this file one at a time: `tracing` caches each callsite's interest across
/// threads, and a call made with no subscriber while another test's scoped subscriber is being
/// set or dropped can leave a callsite cached as uninteresting, losing that test's events.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SERIAL.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Runs `work` with `tracing` exported to the SDK's in-memory exporters.
fn exported(work: impl FnOnce()) -> Exported {
    let spans = InMemorySpanExporter::default();
    let tracer_provider = SdkTracerProvider::builder().with_simple_exporter(spans.clone()).build();
    let metrics = InMemoryMetricExporter::default();
    let meter_provider =
        SdkMeterProvider::builder().with_reader(PeriodicReader::builder(metrics.clone()).build()).build();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_opentelemetry::layer().with_tracer(tracer_provider.tracer("agent-input")))
        .with(tracing_opentelemetry::MetricsLayer::new(meter_provider.clone()));
    tracing::subscriber::with_default(subscriber, work);
    tracer_provider.force_flush().unwrap();
    meter_provider.force_flush().unwrap();
    Exported { spans: spans.get_finished_spans().unwrap(), metrics: metrics.get_finished_metrics().unwrap() }
}

/// The text of an attribute's value: strings and arrays (numbers and booleans carry no text;
/// a read's duration in seconds is no input).
fn value_strings(value: &OtelValue, out: &mut Vec<String>) {
    match value {
        OtelValue::String(s) => out.push(s.to_string()),
        OtelValue::Array(a) => out.push(format!("{a:?}")),
        _ => {}
    }
}

fn kv_strings(attributes: &[KeyValue], out: &mut Vec<String>) {
    for kv in attributes {
        out.push(kv.key.to_string());
        value_strings(&kv.value, out);
    }
}

impl Exported {
    /// Every string exported.
    fn strings(&self) -> Vec<String> {
        let mut out = Vec::new();
        for span in &self.spans {
            out.push(span.name.to_string());
            kv_strings(&span.attributes, &mut out);
            for event in span.events.iter() {
                out.push(event.name.to_string());
                kv_strings(&event.attributes, &mut out);
            }
            if let Status::Error { description } = &span.status {
                out.push(description.to_string());
            }
        }
        for resource in &self.metrics {
            for scope in resource.scope_metrics() {
                for metric in scope.metrics() {
                    out.push(metric.name().to_owned());
                    out.push(metric.description().to_owned());
                    for attributes in point_attributes(metric.data()) {
                        kv_strings(&attributes, &mut out);
                    }
                }
            }
        }
        out
    }

    /// The data points of metric `name`: attributes and value (a counter's sum, a histogram's
    /// count).
    fn points(&self, name: &str) -> Vec<(Vec<KeyValue>, f64)> {
        let mut out = Vec::new();
        for resource in &self.metrics {
            for scope in resource.scope_metrics() {
                for metric in scope.metrics().filter(|m| m.name() == name) {
                    out.extend(point_values(metric.data()));
                }
            }
        }
        out
    }
}

#[allow(clippy::cast_precision_loss)]
fn point_values(data: &AggregatedMetrics) -> Vec<(Vec<KeyValue>, f64)> {
    match data {
        AggregatedMetrics::U64(MetricData::Sum(sum)) => {
            sum.data_points().map(|p| (p.attributes().cloned().collect(), p.value() as f64)).collect()
        }
        AggregatedMetrics::F64(MetricData::Histogram(h)) => {
            h.data_points().map(|p| (p.attributes().cloned().collect(), p.count() as f64)).collect()
        }
        AggregatedMetrics::U64(MetricData::Histogram(h)) => {
            h.data_points().map(|p| (p.attributes().cloned().collect(), p.count() as f64)).collect()
        }
        AggregatedMetrics::F64(MetricData::Sum(sum)) => {
            sum.data_points().map(|p| (p.attributes().cloned().collect(), p.value())).collect()
        }
        _ => Vec::new(),
    }
}

fn point_attributes(data: &AggregatedMetrics) -> Vec<Vec<KeyValue>> {
    let mut out: Vec<Vec<KeyValue>> = point_values(data).into_iter().map(|(a, _)| a).collect();
    match data {
        AggregatedMetrics::I64(MetricData::Sum(s)) => {
            out.extend(s.data_points().map(|p| p.attributes().cloned().collect()))
        }
        AggregatedMetrics::I64(MetricData::Gauge(g)) => {
            out.extend(g.data_points().map(|p| p.attributes().cloned().collect()))
        }
        AggregatedMetrics::U64(MetricData::Gauge(g)) => {
            out.extend(g.data_points().map(|p| p.attributes().cloned().collect()))
        }
        AggregatedMetrics::F64(MetricData::Gauge(g)) => {
            out.extend(g.data_points().map(|p| p.attributes().cloned().collect()))
        }
        _ => {}
    }
    out
}

/// Every string in `value`, recursively (object keys too: a key the model invented is payload).
fn strings_in(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Array(items) => items.iter().for_each(|v| strings_in(v, out)),
        Value::Object(o) => {
            for (k, v) in o {
                out.insert(k.clone());
                strings_in(v, out);
            }
        }
        _ => {}
    }
}

/// The words of the schema and the conventions: tool and property names, codes, attribute and
/// metric names, outcomes. An input string that is one of them, or part of one, cannot be told
/// apart from them in what was exported.
fn schema_words(specs: &[Value]) -> String {
    let mut words: Vec<String> = Vec::new();
    for spec in specs {
        let mut names = BTreeSet::new();
        collect_names(spec, &mut names);
        words.extend(names);
    }
    let codes = agent_input::codes::render_markdown(&|_| None);
    words.push(codes);
    for verdict in record::Verdict::ALL {
        words.push(verdict.as_str().to_owned());
    }
    words.extend(
        [
            "execute_tool",
            "tools/call",
            "tool_error",
            "gen_ai.tool.name",
            "gen_ai.operation.name",
            "mcp.method.name",
            "mcp.protocol.version",
            "error.type",
            "agent_input.outcome agent_input.envelope.code agent_input.note.codes agent_input.warning.codes",
            "agent_input.ask.codes agent_input.issue.paths agent_input.ask.person agent_input.answered",
            "agent_input.tool.read_duration agent_input.code.kind agent_input.code agent_input.calls agent_input.codes",
            "note warning ask internal error 2025-11-25 true false",
            "busy.ns idle.ns code.file.path code.module.name code.line.number target thread.id thread.name",
            "tracing::span level INFO agent_input::telemetry",
        ]
        .map(str::to_owned),
    );
    words.join("\n")
}

/// The tool's name and every property name of a spec or MCP definition, at any depth (list
/// items, union variants, nested objects).
fn collect_names(spec: &Value, out: &mut BTreeSet<String>) {
    match spec {
        Value::Object(o) => {
            if let Some(Value::String(name)) = o.get("name") {
                out.insert(name.clone());
            }
            for (key, sub) in o {
                if let (true, Value::Object(props)) = (key == "properties" || key == "variants", sub) {
                    out.extend(props.keys().cloned());
                }
                collect_names(sub, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|s| collect_names(s, out)),
        _ => {}
    }
}

fn read_dir(dir: &str) -> Vec<(String, Value)> {
    let dir = common::vectors_dir().join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    files
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            (p.file_stem().unwrap().to_string_lossy().into_owned(), serde_json::from_str(&text).unwrap())
        })
        .collect()
}

/// One call through the adapter's path: span, read, steps (`ran` answers a run step), record.
fn traced_call(
    tool: &str,
    start: impl FnOnce(&Request) -> (Call, Step),
    request: &Request,
    ran: &Value,
    store: &MemoryReceipts,
) {
    let mut span = CallSpan::start(tool, Some("2025-11-25"));
    let watch = Stopwatch::start();
    let (mut call, mut step) = start(request);
    span.read(watch.seconds());
    loop {
        let outcome = match &step {
            Step::Answer { result } => {
                // A client's reading of the result alone agrees with the server's record (an
                // envelope or a question carries no notes: the repairs of the properties that did
                // read are the server's to count).
                let (mut seen, kept) = (Record::from_result(tool, result), call.record());
                if kept.is_error || kept.asked_person {
                    seen.notes.clone_from(&kept.notes);
                }
                if kept.asked_person {
                    seen.asks.clone_from(&kept.asks); // a question names properties, not codes
                }
                assert_eq!(
                    (seen.verdict, seen.envelope, &seen.asks, &seen.paths, &seen.notes, seen.is_error),
                    (kept.verdict, kept.envelope, &kept.asks, &kept.paths, &kept.notes, kept.is_error),
                    "{tool}: {result}"
                );
                break;
            }
            Step::Pass | Step::Done => break,
            Step::Get { .. } | Step::Reserve { .. } | Step::Put { .. } => step.clone().done_in(store),
            Step::Run { .. } => Outcome::from_json(ran).unwrap_or_else(|_| Outcome::Output(json!({}), Vec::new())),
        };
        step = call.resume(outcome).unwrap();
    }
    span.end(&call);
}

/// What a run of the vectors collects: the input strings, the specs (for their names), the
/// number of calls.
#[derive(Default)]
struct Run {
    inputs: BTreeSet<String>,
    specs: Vec<Value>,
    calls: usize,
}

/// Runs every vector.
fn run_every_vector() -> Run {
    common::set_vector_key();
    let codec = CursorCodec::new(common::VECTOR_KEY.as_bytes()).unwrap();
    let mut run = Run::default();
    tool_vectors(&codec, &mut run);
    contract_vectors(&codec, &mut run);
    protocol_vectors(&codec, &mut run);
    kind_vectors(&codec, &mut run);
    run
}

/// Tool vectors: through `ToolServer::respond`, the rmcp adapter's own path.
fn tool_vectors(codec: &CursorCodec, run: &mut Run) {
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    for (_, doc) in read_dir("tools") {
        let spec = ToolSpec::from_json_with_codec(&doc["spec"], codec).unwrap();
        let server = ToolServer::new("telemetry", "0").tool(spec, |_| async { Ok(Reply::new(json!({"done": true}))) });
        let name = doc["spec"]["name"].as_str().unwrap().to_owned();
        run.specs.push(doc["spec"].clone());
        for case in doc["cases"].as_array().unwrap() {
            let args = match (case.get("args"), case.get("args_text").and_then(Value::as_str)) {
                (Some(args), _) => args.clone(),
                (None, Some(text)) => {
                    run.inputs.insert(text.to_owned());
                    serde_json::from_str(text).unwrap_or(Value::Null)
                }
                (None, None) => Value::Null,
            };
            strings_in(&args, &mut run.inputs);
            let asking = Asking { protocol_version: Some("2025-11-25".into()), ..Asking::default() };
            runtime.block_on(server.respond(&name, args, &asking)).unwrap();
            run.calls += 1;
        }
    }
}

/// Contract vectors: each case's steps against one store, its handler's output or failure.
fn contract_vectors(codec: &CursorCodec, run: &mut Run) {
    for (file, doc) in read_dir("contract") {
        if file == "page" {
            continue; // page helper cases: no call (tests/vectors/README.md)
        }
        let spec = Arc::new(ToolSpec::from_json_with_codec(&doc["spec"], codec).unwrap());
        run.specs.push(doc["spec"].clone());
        for case in doc["cases"].as_array().unwrap() {
            let store = MemoryReceipts::default();
            for step in case["steps"].as_array().unwrap() {
                for key in ["args", "output", "failure"] {
                    strings_in(&step[key], &mut run.inputs);
                }
                let request =
                    Request { arguments: step["args"].clone(), now: step["now"].as_u64(), ..Request::default() };
                let ran = match (step.get("failure"), step.get("output")) {
                    (Some(f), _) => json!({"failure": f}),
                    (None, Some(o)) => json!({"output": o}),
                    (None, None) => json!({"output": {}}),
                };
                traced_call(spec.name(), |r| Call::own(Arc::clone(&spec), Some(codec), r), &request, &ran, &store);
                run.calls += 1;
            }
        }
    }
}

/// Protocol vectors: own tools and drop-in tools, with the person's answers.
fn protocol_vectors(codec: &CursorCodec, run: &mut Run) {
    for (_, doc) in read_dir("protocol") {
        let tool = &doc["tool"];
        let declared = tool.get("spec").or_else(|| tool.get("definition")).cloned().unwrap_or_default();
        let name = declared["name"].as_str().unwrap_or_default().to_owned();
        run.specs.push(declared);
        for case in doc["cases"].as_array().unwrap() {
            let store = MemoryReceipts::default();
            for c in case["calls"].as_array().unwrap() {
                strings_in(&c["params"], &mut run.inputs);
                strings_in(&c["ran"], &mut run.inputs);
                let mut context = c.get("context").cloned().unwrap_or_else(|| json!({}));
                if context.get("now").is_none() {
                    context["now"] = json!(NOW);
                }
                let request = Request::from_json(&c["params"], &context).unwrap();
                if let Some(spec) = tool.get("spec") {
                    let spec = Arc::new(ToolSpec::from_json_with_codec(spec, codec).unwrap());
                    traced_call(&name, |r| Call::own(spec, Some(codec), r), &request, &c["ran"], &store);
                    run.calls += 1;
                    continue;
                }
                let lenient = Lenient::from_options(&tool["options"], Some(codec.clone())).unwrap();
                if let Listed::Read { spec, output_schema } = lenient.spec(&tool["definition"]).unwrap() {
                    traced_call(&name, |r| lenient.call(spec, output_schema, r), &request, &c["ran"], &store);
                    run.calls += 1;
                }
            }
        }
    }
}

/// Kind vectors: each case as a call of a tool with one property of the case's kind.
fn kind_vectors(codec: &CursorCodec, run: &mut Run) {
    for case in common::cases() {
        let Some(input) = &case.input else { continue };
        let mut property = case.options.clone();
        if !property.is_object() {
            property = json!({});
        }
        property["kind"] = json!(case.kind);
        let spec_json = json!({"name": format!("read_{}", case.kind), "properties": {"value": property}});
        let Ok(spec) = ToolSpec::from_json_with_codec(&spec_json, codec) else { continue };
        strings_in(input, &mut run.inputs);
        run.specs.push(spec_json);
        let request = Request { arguments: json!({"value": input}), now: Some(NOW), ..Request::default() };
        let store = MemoryReceipts::default();
        let ran = json!({"output": {}});
        traced_call(spec.name(), |r| Call::own(Arc::new(spec.clone()), Some(codec), r), &request, &ran, &store);
        run.calls += 1;
    }
}

#[test]
fn no_input_string_reaches_the_exporters() {
    let _serial = serial();
    let mut ran = None;
    let exported = exported(|| ran = Some(run_every_vector()));
    let Run { inputs, specs, calls } = ran.unwrap();
    assert!(calls > 1000, "only {calls} calls ran");
    assert!(exported.spans.len() >= calls, "{} spans for {calls} calls", exported.spans.len());
    assert!(!exported.points(record::METRIC_CALLS).is_empty(), "no agent_input.calls exported: {:?}", exported.metrics);
    let outcomes: BTreeSet<String> = exported
        .spans
        .iter()
        .filter_map(|s| attribute(s, "agent_input.outcome").map(|v| v.as_str().into_owned()))
        .collect();
    for outcome in ["ok", "repaired", "asked", "refused", "replayed", "confirmation_required", "previewed", "failed"] {
        assert!(outcomes.contains(outcome), "no call ended {outcome}: {outcomes:?}");
    }
    let strings: BTreeSet<String> = exported.strings().into_iter().collect();
    let words = schema_words(&specs);
    let mut checked = 0;
    let mut leaked = Vec::new();
    for input in inputs.iter().filter(|s| s.chars().count() >= 3) {
        if words.contains(input.as_str()) {
            continue;
        }
        checked += 1;
        if let Some(found) = strings.iter().find(|s| s.contains(input.as_str())) {
            leaked.push(format!("{input:?} in {found:?}"));
        }
    }
    eprintln!("{calls} calls, {} spans, {checked} input strings checked", exported.spans.len());
    assert!(checked > 1000, "only {checked} input strings checked");
    assert!(leaked.is_empty(), "{} input strings exported:\n{}", leaked.len(), leaked.join("\n"));
}

fn attribute<'a>(span: &'a SpanData, key: &str) -> Option<&'a OtelValue> {
    span.attributes.iter().find(|kv| kv.key.as_str() == key).map(|kv| &kv.value)
}

/// The span and metrics of a repaired call and of an ask, through `ToolServer`: the names and
/// values the README's table gives.
#[test]
fn a_repaired_call_and_an_ask_are_recorded_by_their_codes() {
    let _serial = serial();
    let spec =
        ToolSpec::from_json(&json!({"name": "list_invoices", "properties": {"limit": {}, "dateFrom": {}}})).unwrap();
    let server = ToolServer::new("telemetry", "0").tool(spec, |_| async { Ok(Reply::new(json!({"hits": []}))) });
    let asking = Asking { protocol_version: Some("2025-11-25".into()), ..Asking::default() };
    let exported = exported(|| {
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        runtime.block_on(async {
            server.respond("list_invoices", json!({"limit": "4 000"}), &asking).await;
            server.respond("list_invoices", json!({"limit": "4,000"}), &asking).await;
            server.respond("list_invoices", json!({"limit": 12}), &asking).await;
        });
    });
    assert_eq!(exported.spans.len(), 3);
    for span in &exported.spans {
        assert_eq!(span.name, "execute_tool list_invoices");
        assert_eq!(attribute(span, "gen_ai.tool.name").unwrap().as_str(), "list_invoices");
        assert_eq!(attribute(span, "gen_ai.operation.name").unwrap().as_str(), "execute_tool");
        assert_eq!(attribute(span, "mcp.method.name").unwrap().as_str(), "tools/call");
        assert_eq!(attribute(span, "mcp.protocol.version").unwrap().as_str(), "2025-11-25");
        assert!(attribute(span, "agent_input.tool.read_duration").is_some());
    }
    let outcomes: Vec<String> =
        exported.spans.iter().map(|s| attribute(s, "agent_input.outcome").unwrap().as_str().into_owned()).collect();
    assert_eq!(outcomes, ["repaired", "asked", "ok"]);
    let repaired = &exported.spans[0];
    assert!(attribute(repaired, "agent_input.note.codes")
        .unwrap()
        .as_str()
        .split(',')
        .any(|c| c == "grouping_removed"));
    assert!(attribute(repaired, "error.type").is_none());
    let asked = &exported.spans[1];
    assert_eq!(attribute(asked, "error.type").unwrap().as_str(), "tool_error");
    assert_eq!(attribute(asked, "agent_input.envelope.code").unwrap().as_str(), "ambiguous_arguments");
    assert_eq!(attribute(asked, "agent_input.ask.codes").unwrap().as_str(), "ambiguous_decimal_separator");
    assert_eq!(attribute(asked, "agent_input.issue.paths").unwrap().as_str(), "/limit");
    assert!(matches!(&asked.status, Status::Error { description } if description.is_empty()));
    let calls = exported.points(record::METRIC_CALLS);
    let total: f64 = calls.iter().map(|(_, v)| v).sum();
    assert!((total - 3.0).abs() < f64::EPSILON, "{calls:?}");
    let codes = exported.points(record::METRIC_CODES);
    let ask = codes
        .iter()
        .find(|(a, _)| {
            a.iter()
                .any(|kv| kv.key.as_str() == "agent_input.code" && kv.value.as_str() == "ambiguous_decimal_separator")
        })
        .unwrap();
    assert!(ask.0.iter().any(|kv| kv.key.as_str() == "agent_input.code.kind" && kv.value.as_str() == "ask"));
    assert_eq!(exported.points(record::METRIC_READ_DURATION).len(), 3);
}

/// Without a subscriber the adapter's path answers as it does with one.
#[test]
fn without_a_subscriber_the_answers_are_the_same() {
    let _serial = serial();
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": {"limit": {}}})).unwrap();
    let server = ToolServer::new("telemetry", "0").tool(spec, |_| async { Ok(Reply::new(json!({"ok": true}))) });
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let plain = runtime.block_on(server.respond("t", json!({"limit": "4 000"}), &Asking::default()));
    let mut traced = None;
    exported(|| traced = runtime.block_on(server.respond("t", json!({"limit": "4 000"}), &Asking::default())));
    assert_eq!(plain, traced);
}

/// An exporter that fails every export.
#[derive(Debug)]
struct Failing;

impl opentelemetry_sdk::trace::SpanExporter for Failing {
    async fn export(&self, _batch: Vec<SpanData>) -> opentelemetry_sdk::error::OTelSdkResult {
        Err(opentelemetry_sdk::error::OTelSdkError::InternalFailure("the collector is down".into()))
    }
}

/// A span exporter that fails at every span (synchronously, a `SimpleSpanProcessor`'s) changes
/// no answer.
#[test]
fn a_failing_exporter_changes_no_answer() {
    let _serial = serial();
    let spec = ToolSpec::from_json(&json!({"name": "t", "properties": {"amount": {"kind": "number"}}})).unwrap();
    let server =
        ToolServer::new("telemetry", "0").tool(spec, |args| async move { Ok(Reply::new(args.json().clone())) });
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    let plain = runtime.block_on(server.respond("t", json!({"amount": "4 000"}), &Asking::default()));
    let provider = SdkTracerProvider::builder().with_simple_exporter(Failing).build();
    let subscriber =
        tracing_subscriber::registry().with(tracing_opentelemetry::layer().with_tracer(provider.tracer("agent-input")));
    let failing = tracing::subscriber::with_default(subscriber, || {
        runtime.block_on(server.respond("t", json!({"amount": "4 000"}), &Asking::default()))
    });
    assert_eq!(plain, failing);
    assert!(plain.is_some());
}
