//! A `Batch` reuses the spec of a repeated kind and options; its outcomes equal reading each
//! line alone, for every kind vector, in an order that repeats and interleaves options.

use agent_input::batch::{read_line_bytes, Batch, Policy};
use serde_json::{json, Value};

#[test]
fn a_batch_reads_every_vector_as_a_line_alone_does() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/vectors");
    let mut lines = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let cases: Vec<Value> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        for c in cases {
            let (Some(kind), Some(input)) = (c.get("kind"), c.get("input")) else { continue };
            let options = c.get("options").cloned().unwrap_or(json!({}));
            lines.push(json!({"kind": kind, "input": input, "options": options}).to_string());
        }
    }
    assert!(lines.len() > 1000, "{} lines", lines.len());
    let mut batch = Batch::new(Policy::default());
    // Twice over, so the second pass reads through cached specs, and more distinct options than
    // the cache holds pass through it.
    for line in lines.iter().chain(lines.iter().rev()) {
        let alone = read_line_bytes(line.as_bytes(), &Policy::default()).to_json();
        assert_eq!(batch.read(line.as_bytes()).to_json(), alone, "{line}");
    }
}
