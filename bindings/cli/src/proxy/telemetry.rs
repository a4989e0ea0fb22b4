//! The proxy's spans and metrics (docs/telemetry.md), exported over OTLP/HTTP when the standard
//! variable `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set and
//! `OTEL_SDK_DISABLED` is not `true`. The core's `tracing` spans and metric events go through
//! `tracing-opentelemetry` to OpenTelemetry's SDK: spans by its batch processor on its own
//! thread (a slow collector never delays a call), metrics every `OTEL_METRIC_EXPORT_INTERVAL`
//! milliseconds. The exporters read the other standard variables themselves
//! (`OTEL_EXPORTER_OTLP_PROTOCOL` `http/protobuf` or `http/json`, `OTEL_EXPORTER_OTLP_HEADERS`,
//! `OTEL_SERVICE_NAME`). What is exported is the core's record of each call: codes and paths,
//! never a value.

use std::sync::{Mutex, OnceLock, PoisonError};

use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::metrics::{PeriodicReader, SdkMeterProvider};
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::layer::SubscriberExt as _;

/// The variables that turn exporting on: OpenTelemetry's standard ones.
const ENDPOINT_VARIABLES: [&str; 2] = ["OTEL_EXPORTER_OTLP_ENDPOINT", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"];

/// The providers while the proxy runs, so that [`flush`] reaches them from any thread (a proxy
/// whose server exits leaves with `std::process::exit`).
static PROVIDERS: OnceLock<Mutex<Option<(SdkTracerProvider, SdkMeterProvider)>>> = OnceLock::new();

/// Starts exporting when the environment asks for it; `Ok(false)` when it does not.
///
/// # Errors
/// An exporter the SDK cannot build from the variables (a bad endpoint or protocol).
pub fn install() -> Result<bool, String> {
    let wanted = ENDPOINT_VARIABLES.iter().any(|v| std::env::var_os(v).is_some_and(|s| !s.is_empty()));
    let disabled = std::env::var("OTEL_SDK_DISABLED").is_ok_and(|v| v.eq_ignore_ascii_case("true"));
    if !wanted || disabled {
        return Ok(false);
    }
    let spans = opentelemetry_otlp::SpanExporter::builder()
        .with_http()
        .build()
        .map_err(|e| format!("OpenTelemetry's span exporter: {e}"))?;
    let metrics = opentelemetry_otlp::MetricExporter::builder()
        .with_http()
        .build()
        .map_err(|e| format!("OpenTelemetry's metric exporter: {e}"))?;
    let tracer_provider = SdkTracerProvider::builder().with_batch_exporter(spans).build();
    let meter_provider = SdkMeterProvider::builder().with_reader(PeriodicReader::builder(metrics).build()).build();
    let tracer = tracer_provider.tracer(agent_input::protocol::record::SCOPE);
    let subscriber = tracing_subscriber::registry()
        .with(
            // The span's attributes are the record's alone: no source location, thread or
            // timing fields of `tracing`'s own.
            tracing_opentelemetry::layer()
                .with_tracer(tracer)
                .with_location(false)
                .with_threads(false)
                .with_target(false)
                .with_tracked_inactivity(false),
        )
        .with(tracing_opentelemetry::MetricsLayer::new(meter_provider.clone()));
    tracing::subscriber::set_global_default(subscriber).map_err(|e| format!("tracing: {e}"))?;
    let _ = PROVIDERS.set(Mutex::new(Some((tracer_provider, meter_provider))));
    Ok(true)
}

/// Exports what is pending and stops the exporters (at the proxy's end, or before it exits).
pub fn flush() {
    let Some(providers) = PROVIDERS.get() else { return };
    let taken = providers.lock().unwrap_or_else(PoisonError::into_inner).take();
    if let Some((tracer_provider, meter_provider)) = taken {
        let _ = tracer_provider.shutdown();
        let _ = meter_provider.shutdown();
    }
}
