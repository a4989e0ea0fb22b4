//! Benchmarks live in `benches/kinds.rs`; run them with `cargo bench -p agent-input-benches`.
