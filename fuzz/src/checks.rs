//! Invariants every read keeps, whatever the input. Shared by the cargo-fuzz targets and by the
//! stable replay test (`agent-input/tests/fuzz_replay.rs` compiles this file as a module).
//!
//! Data format of the `read_*` targets: `OPTIONS_JSON \0 INPUT`, or just `INPUT` (the kind's
//! sample options). `INPUT` is JSON when it parses as JSON, else a string; empty is "missing".

use agent_input::context::{Context, System};
use agent_input::tool::{ToolCall, ToolSpec};
use agent_input::{Input, Kind, Outcome, Spec, Status};
use serde_json::{json, Value};

/// The key the cursor vectors and targets use.
pub const KEY_ENV: &str = "AGENT_INPUT_VECTOR_KEY";
/// Its value (not a secret: the vectors are public).
pub const KEY: &str = "agent-input shared vector key, not a secret";

/// Inputs longer than this (in bytes) exceed every kind's bound.
pub const OVER_EVERY_BOUND: usize = 4 * agent_input::limits::MAX_TEXT_CHARS + 64;

fn set_key() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::env::set_var(KEY_ENV, KEY));
}

/// Valid options for every kind.
pub fn sample_options(kind: Kind) -> Value {
    set_key();
    match kind {
        Kind::Enum => json!({"values": ["a", "b", "date_desc", "none"]}),
        Kind::Cursor => json!({"key_env": KEY_ENV, "now": 1_900_000_000}),
        Kind::Vocabulary => json!({"entries": [
            {"id": "NS", "names": ["Nejvyšší soud", "Supreme Court"], "abbreviations": ["NS"]},
            {"id": "NSS", "names": ["Nejvyšší správní soud", "Supreme Administrative Court"]},
            {"id": "KSBR", "names": ["Krajský soud v Brně"], "aliases": ["Krajského soudu v Brně"]}
        ]}),
        Kind::Filter => json!({"item": {"kind": "enum", "values": ["civil", "all"]}}),
        Kind::List => json!({"item": {"kind": "number"}}),
        Kind::File => json!({
            "max_bytes": 4096,
            "accept": ["image/*", "text/plain", "application/pdf"],
            "references": ["https", "mcp-file", "path"], "resource_prefixes": ["notes://files/"], "file_id_patterns": ["file-*"]
        }),
        _ => json!({}),
    }
}

/// Splits fuzz data into a spec and an input.
fn decode(kind: Kind, data: &[u8]) -> (Spec, Option<Value>) {
    set_key();
    let (options, input) = match data.iter().position(|b| *b == 0) {
        Some(i) => {
            let opts = std::str::from_utf8(&data[..i]).ok().and_then(|t| serde_json::from_str::<Value>(t).ok());
            (opts, &data[i + 1..])
        }
        None => (None, data),
    };
    let spec = options
        .and_then(|o| Spec::new(kind, &o).ok())
        .unwrap_or_else(|| Spec::new(kind, &sample_options(kind)).expect("sample options are valid"));
    let input = if input.is_empty() {
        None
    } else {
        let text = String::from_utf8_lossy(input);
        Some(serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text.into_owned())))
    };
    (spec, input)
}

/// The most output bytes one read or call may write per input byte, beyond a constant: notes
/// quote their input once and echo the canonical value once, so output stays linear.
pub const OUTPUT_PER_INPUT_BYTE: usize = 4;
/// The output a read or call may write whatever its input (messages, capped lists, quotes).
pub const OUTPUT_CONSTANT: usize = 64 * 1024;

/// Output is bounded by a constant times the input's size: nothing amplifies.
fn check_output_size(output: &str, input_bytes: usize) {
    let bound = OUTPUT_CONSTANT + OUTPUT_PER_INPUT_BYTE * input_bytes;
    assert!(output.len() <= bound, "{} output bytes for {input_bytes} input bytes (bound {bound})", output.len());
}

/// The folding one item may do past [`agent_input::limits::MAX_FOLD_WORK`]: the item that
/// crosses the bound is read whole (a value of at most 256 characters, each costing
/// `FOLD_COST_PER_CHAR`; a date range's its folding and 768 bytes `MAX_RANGE_READINGS` times,
/// the most one item is charged).
pub const FOLD_SLACK: u64 = {
    use agent_input::limits::{FOLD_COST_PER_CHAR, MAX_RANGE_READINGS, SPELLED_NUMBER_COST_PER_BYTE};
    let folding = 256 * FOLD_COST_PER_CHAR as u64;
    let range = (folding + 768) * MAX_RANGE_READINGS as u64;
    let number = folding + 768 * SPELLED_NUMBER_COST_PER_BYTE as u64;
    if range > number {
        range
    } else {
        number
    }
};

/// Suggestion work and folding of one read or call are within their budgets (counted, not
/// timed): a list or a collection of worst items stops at the folding bound.
fn check_work<R>(f: impl FnOnce(&Context<'_>) -> R) -> R {
    let cx = Context::new(&System);
    let r = f(&cx);
    let spent = cx.suggestion_work();
    assert!(spent <= agent_input::limits::MAX_SUGGESTION_WORK, "{spent} suggestion comparisons");
    let folded = cx.fold_work();
    assert!(folded <= agent_input::limits::MAX_FOLD_WORK + FOLD_SLACK, "{folded} bytes folded");
    r
}

/// The outcome round-trips through JSON; an ask has a hint that names the next call and echoes
/// its input (the first bytes of a long one, with a note).
fn check_outcome(out: &Outcome<Value>, input: Option<&Value>) {
    let text = serde_json::to_string(out).expect("outcome serialises");
    let back: Outcome<Value> = serde_json::from_str(&text).expect("outcome JSON deserialises");
    assert_eq!(serde_json::to_string(&back).expect("serialises"), text, "outcome JSON round-trips");
    let input_bytes = input.map_or(0, |v| v.to_string().len());
    check_output_size(&text, input_bytes);
    if let Status::Ask { ask } = &out.status {
        assert!(ask.hint.starts_with("Call ") && ask.hint.ends_with('.'), "hint names the next call: {}", ask.hint);
        assert!(!ask.expected.is_empty());
        let cut = out.notes.iter().any(|n| n.code == agent_input::NoteCode::ReceivedTruncated);
        if cut {
            let quoted = ask.received.as_str().expect("a cut received is a string");
            assert!(quoted.ends_with('…') && quoted.len() <= agent_input::limits::MAX_RECEIVED_BYTES + 3);
        } else {
            assert_eq!(&ask.received, input.unwrap_or(&Value::Null), "received echoes the input");
        }
    }
}

/// Reads `data` as kind `kind` and checks every invariant.
pub fn check_read(kind: &str, data: &[u8]) {
    let kind: Kind = kind.parse().expect("a kind");
    let (spec, input) = decode(kind, data);
    let out = check_work(|cx| {
        let out = spec.read_in(Input::from(input.as_ref()), cx);
        if let Spec::File(o) = &spec {
            // A file decodes nothing past its bound: the value, each reading read back (at
            // most as large), and the first 48 bytes a path-shaped text is sniffed by.
            let max = o.max_bytes.unwrap_or(agent_input::limits::MAX_INLINE_FILE_BYTES) as u64;
            assert!(cx.decoded_bytes() <= 3 * max + 48, "{} bytes decoded past {max}", cx.decoded_bytes());
        }
        out
    });
    check_outcome(&out, input.as_ref());
    if let Some(Value::String(s)) = &input {
        // A file's base64 is long by nature (up to `MAX_INLINE_FILE_BYTES`).
        if s.len() > OVER_EVERY_BOUND && kind != Kind::File {
            assert!(!matches!(out.status, Status::Ok { .. }), "an input over every bound never reads ok");
        }
    }
    // Every reading an ask names reads back ok as itself: the next call can send it.
    if let (Status::Ask { ask }, true) = (&out.status, kind != Kind::Cursor) {
        for reading in &ask.readings {
            let back = spec.read(Input::from(&reading.value));
            assert_eq!(back.value(), Some(&reading.value), "the reading {} reads back", reading.value);
        }
    }
    // An ok value read again is a fixed point with no notes. (A cursor's value is its payload,
    // which is server state, not a cursor.)
    if let Status::Ok { value } = &out.status {
        if kind != Kind::Cursor {
            let again = spec.read(Input::from(value));
            assert_eq!(again.value(), Some(value), "the canonical value reads back unchanged");
            assert!(again.notes.is_empty(), "the canonical value reads back with no note: {:?}", again.notes);
        }
    }
}

/// A batch line never fails and never skips: one outcome, round-tripping.
pub fn check_batch_line(data: &[u8]) {
    set_key();
    let out = check_work(|cx| agent_input::batch::read_line_in(data, &agent_input::batch::Policy::default(), cx));
    let text = serde_json::to_string(&out).expect("outcome serialises");
    check_output_size(&text, data.len());
    if std::str::from_utf8(data).is_err() {
        let ask = out.as_ask().expect("a line that is not UTF-8 asks");
        assert!(ask.hint.contains("is not UTF-8"), "names the byte: {}", ask.hint);
    }
    let back: Outcome<Value> = serde_json::from_str(&text).expect("outcome JSON deserialises");
    assert_eq!(serde_json::to_string(&back).expect("serialises"), text);
    if let Status::Ask { ask } = &out.status {
        assert!(!ask.hint.is_empty());
    }
}

/// The spec the `tool_call` target reads through: a read tool with implied kinds, a filter
/// and best-effort entries.
pub fn tool_spec() -> ToolSpec {
    ToolSpec::from_json(&json!({
        "name": "fuzz_tool",
        "writes": true, "destructive": false, "idempotent": true,
        "properties": {
            "query": {"kind": "text", "required": true},
            "court": {"kind": "vocabulary", "role": "filter", "entries": [
                {"id": "NS", "names": ["Nejvyšší soud", "Supreme Court"]},
                {"id": "NSS", "names": ["Nejvyšší správní soud", "Supreme Administrative Court"]}]},
            "date_from": {}, "date_to": {}, "limit": {"max": 50}, "record_id": {}, "idempotency_key": {},
            "tags": {"kind": "list", "item": {"kind": "enum", "values": ["civil", "criminal"]}},
            "entries": {"kind": "list", "item": {"kind": "object", "properties": {
                "amount": {"kind": "number", "required": true}, "date": {"kind": "date"}}}}
        }
    }))
    .expect("the fuzz tool spec is valid")
}

/// A tool call never panics; an error names the next call; ok args read back unchanged.
pub fn check_tool_call(data: &[u8]) {
    let spec = tool_spec();
    let call = check_work(|cx| spec.read_json_in(data, cx));
    check_output_size(&call.to_json().to_string(), data.len());
    match &call {
        ToolCall::Error { envelope, .. } => {
            assert!(envelope.hint.starts_with("Call `fuzz_tool` again"), "{}", envelope.hint);
            assert!(!envelope.issues.is_empty());
            for issue in &envelope.issues {
                assert!(issue.hint.starts_with("Call `fuzz_tool` again"), "{}", issue.hint);
            }
            assert!(call.call_tool_result().is_some());
        }
        ToolCall::Ok { args: canonical, .. } => {
            let ToolCall::Ok { args: twice, notes, warnings, .. } = spec.read(canonical) else {
                panic!("canonical args do not read: {canonical}")
            };
            assert_eq!(&twice, canonical);
            assert!(notes.is_empty() && warnings.is_empty(), "{notes:?} {warnings:?}");
        }
    }
}

/// `data` split at its first NUL: a JSON document, then a call's JSON text.
fn document_and_call(data: &[u8]) -> Option<(Value, &[u8])> {
    let at = data.iter().position(|b| *b == 0)?;
    let doc = serde_json::from_slice(data.get(..at)?).ok()?;
    Some((doc, data.get(at + 1..)?))
}

/// What a spec of `doc_bytes` may write as its schema in any dialect: the mapping holds at most
/// `MAX_SCHEMA_PROPERTIES` properties, each written once.
fn check_schema_size(spec: &ToolSpec, doc_bytes: usize) {
    let bound = 8 * 1024 * 1024 + OUTPUT_PER_INPUT_BYTE * 64 * doc_bytes;
    for dialect in agent_input::tool::Dialect::ALL {
        let written = spec.input_schema_for(dialect).to_string().len();
        assert!(written <= bound, "{dialect}: {written} schema bytes for {doc_bytes} (bound {bound})");
    }
}

/// A call through `spec` keeps the tool call's invariants, and its canonical arguments read
/// back unchanged, with no note.
fn check_call_through(spec: &ToolSpec, call: &[u8]) {
    let read = check_work(|cx| spec.read_json_in(call, cx));
    check_output_size(&read.to_json().to_string(), call.len());
    if let ToolCall::Ok { args: canonical, .. } = &read {
        if let ToolCall::Ok { args: twice, notes, .. } = spec.read(canonical) {
            assert_eq!(&twice, canonical, "canonical args read back as they are");
            assert!(notes.is_empty(), "{notes:?}");
        }
    }
}

/// A JSON Schema (recursive, fanned out, any shape) maps in bounded time and size, and a call
/// read through it keeps the tool call's invariants: `data` is the schema, NUL, the call.
pub fn check_input_schema(data: &[u8]) {
    let Some((schema, call)) = document_and_call(data) else { return };
    let Ok(spec) = ToolSpec::from_input_schema(&schema) else { return };
    check_schema_size(&spec, data.len());
    check_call_through(&spec, call);
}

/// A tool spec (unions of many variants among them) and a call through it: `data` is the
/// spec, NUL, the call.
pub fn check_tool_spec_call(data: &[u8]) {
    let Some((doc, call)) = document_and_call(data) else { return };
    let Ok(spec) = ToolSpec::from_json(&doc) else { return };
    check_call_through(&spec, call);
}

/// Seeds of `input_schema` and `tool_spec_call`: recursive schemas, a fan-out of references,
/// and a union of the most variants, each with a call.
fn schema_seeds() -> Vec<(String, String, Vec<u8>)> {
    let joined = |doc: Value, call: Value| {
        let mut data = serde_json::to_vec(&doc).unwrap_or_default();
        data.push(0);
        data.extend_from_slice(call.to_string().as_bytes());
        data
    };
    let tree = json!({"type": "object", "properties": {"root": {"$ref": "#/$defs/Node"}}, "$defs": {"Node": {
        "type": "object", "properties": {"value": {"type": "integer"},
        "left": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]},
        "right": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}}}}});
    let filter = json!({"type": "object", "properties": {"filter": {"$ref": "#/$defs/F"}}, "$defs": {"F": {
        "type": "object", "properties": {"field": {"type": "string"}, "on": {"type": "string", "format": "date"},
        "and": {"type": "array", "items": {"$ref": "#/$defs/F"}}, "not": {"$ref": "#/$defs/F"}}}}});
    let mut defs = serde_json::Map::new();
    for level in 0..16 {
        let next = json!({"$ref": format!("#/$defs/L{}", level + 1)});
        defs.insert(
            format!("L{level}"),
            json!({"type": "object", "properties": {"a": next, "b": next, "n": {"type": "integer"}}}),
        );
    }
    let fan = json!({"type": "object", "properties": {"top": {"$ref": "#/$defs/L0"}}, "$defs": defs});
    let variants: serde_json::Map<String, Value> = (0..agent_input::limits::MAX_UNION_VARIANTS)
        .map(|i| (format!("v{i}"), json!({"properties": {"shared": {"kind": "text", "required": true}, format!("own_{i}"): {"kind": "number"}}})))
        .collect();
    let union =
        json!({"name": "u", "properties": {"source": {"kind": "union", "required": true, "variants": variants}}});
    vec![
        ("input_schema".into(), "tree".into(), joined(tree, json!({"root": {"value": "4 000", "left": {"value": 1}}}))),
        (
            "input_schema".into(),
            "filter".into(),
            joined(filter, json!({"filter": {"and": [{"on": "1. 10. 2026"}], "not": {}}})),
        ),
        ("input_schema".into(), "fan_out".into(), joined(fan, json!({"top": {"a": {"b": {"n": "12"}}}}))),
        (
            "tool_spec_call".into(),
            "union_of_most_variants".into(),
            joined(union.clone(), json!({"source": {"shared": "x"}})),
        ),
        ("tool_spec_call".into(), "union_flat".into(), joined(union, json!({"type": "v1", "shared": "x", "own_2": 1}))),
    ]
}

/// Decoding never panics; whatever decodes re-encodes to a cursor that decodes the same.
pub fn check_cursor_decode(data: &[u8]) {
    let codec = agent_input::cursor::CursorCodec::new(KEY.as_bytes()).expect("key");
    let text = String::from_utf8_lossy(data);
    if let Ok(payload) = codec.decode(&text, 0) {
        let again = match &payload {
            agent_input::cursor::Payload::Json(v) => codec.encode_json(v, None),
            agent_input::cursor::Payload::Bytes(b) => codec.encode_bytes(b, None),
        }
        .expect("a decoded payload fits");
        assert_eq!(codec.decode(&again, 0).ok(), Some(payload));
    }
    let out = codec.read_at(Input::String(&text), 0);
    check_outcome(&out, Some(&Value::String(text.clone().into_owned())));
}

/// Seeds for every target from the shared vectors: `(target, name, data)`.
pub fn seeds(vectors: &std::path::Path) -> Vec<(String, String, Vec<u8>)> {
    let mut out = Vec::new();
    let read =
        |p: std::path::PathBuf| -> Option<Value> { serde_json::from_str(&std::fs::read_to_string(p).ok()?).ok() };
    let mut files: Vec<std::path::PathBuf> =
        std::fs::read_dir(vectors).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    for path in files {
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()).map(str::to_owned) else { continue };
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let Some(Value::Array(cases)) = read(path.clone()) else { continue };
        if stem == "batch" {
            for c in &cases {
                let line = c["line"].as_str().unwrap_or_default();
                out.push((
                    "batch_line".to_owned(),
                    c["name"].as_str().unwrap_or_default().to_owned(),
                    line.as_bytes().to_vec(),
                ));
            }
            continue;
        }
        if stem.parse::<Kind>().is_err() {
            continue;
        }
        for c in &cases {
            let mut data = serde_json::to_vec(&c["options"]).unwrap_or_default();
            data.push(0);
            if let Some(input) = c.get("input") {
                match input {
                    Value::String(s) => data.extend_from_slice(s.as_bytes()),
                    other => data.extend_from_slice(other.to_string().as_bytes()),
                }
            }
            out.push((format!("read_{stem}"), c["name"].as_str().unwrap_or_default().to_owned(), data));
            if stem == "cursor" {
                if let Some(Value::String(s)) = c.get("input") {
                    out.push((
                        "cursor_decode".to_owned(),
                        c["name"].as_str().unwrap_or_default().to_owned(),
                        s.as_bytes().to_vec(),
                    ));
                }
            }
        }
    }
    // Characters that fold to many letters (U+FDFA to 18): every kind that folds meets them.
    for (i, c) in ['\u{fdfa}', '\u{fdfb}', '\u{3250}', '\u{33ff}', '\u{fb03}', '\u{2474}'].iter().enumerate() {
        let text: String = std::iter::repeat_n(*c, 63 / c.len_utf8()).collect();
        for target in ["read_enum", "read_country", "read_vocabulary", "read_locale", "read_date", "read_boolean"] {
            out.push((target.to_owned(), format!("expanding_{i}"), text.clone().into_bytes()));
        }
    }
    let mut tool_files: Vec<std::path::PathBuf> =
        std::fs::read_dir(vectors.join("tools")).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    tool_files.sort();
    for path in tool_files {
        let Some(doc) = read(path.clone()) else { continue };
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
        for c in doc["cases"].as_array().into_iter().flatten() {
            let args = match c.get("args_text").and_then(Value::as_str) {
                Some(text) => text.to_owned(),
                None => c.get("args").cloned().unwrap_or(Value::Null).to_string(),
            };
            out.push((
                "tool_call".to_owned(),
                format!("{stem}_{}", c["name"].as_str().unwrap_or_default()),
                args.into_bytes(),
            ));
        }
    }
    out.extend(schema_seeds());
    out
}

/// Runs one target on one input: the replay test and the regression files use it.
pub fn run_target(target: &str, data: &[u8]) {
    match target {
        "batch_line" => check_batch_line(data),
        "tool_call" => check_tool_call(data),
        "cursor_decode" => check_cursor_decode(data),
        "input_schema" => check_input_schema(data),
        "tool_spec_call" => check_tool_spec_call(data),
        other => check_read(other.strip_prefix("read_").expect("a read_ target"), data),
    }
}
