//! The schema a tool advertises accepts what its reader reads: every vector whose outcome is ok
//! or absent validates against its kind's fragment, and every tool vector that reads ok (with
//! declared property names) validates against the tool's inputSchema. Whole inputSchemas of the
//! tool vectors are snapshotted in `tests/snapshots/`.

mod common;

use agent_input::tool::ToolSpec;
use agent_input::Spec;
use serde_json::Value;

fn validator(schema: &Value) -> jsonschema::Validator {
    jsonschema::validator_for(schema).unwrap_or_else(|e| panic!("invalid schema {schema}: {e}"))
}

#[test]
fn every_kind_fragment_accepts_what_its_kind_reads() {
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in common::cases() {
        let status = case.expect["status"].as_str().unwrap_or_default();
        let Some(input) = &case.input else { continue };
        if status == "ask" {
            continue;
        }
        let kind = case.kind.parse().unwrap();
        let spec = Spec::new(kind, &case.options).unwrap();
        let schema = spec.schema();
        let v = validator(&schema);
        checked += 1;
        if !v.is_valid(input) {
            failures.push(format!("{}/{}: {input} rejected by {schema}", case.file, case.name));
        }
        // The canonical value satisfies the canonical branch.
        if let (Some(value), Some(canonical)) = (case.expect.get("value"), schema["anyOf"].get(0)) {
            if case.kind != "cursor" && !validator(canonical).is_valid(value) {
                failures.push(format!("{}/{}: canonical {value} rejected by {canonical}", case.file, case.name));
            }
        }
    }
    assert!(checked > 500, "only {checked} vectors checked");
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn every_tool_input_schema_accepts_what_the_tool_reads() {
    let mut checked = 0;
    for file in common::tool_files() {
        let spec = ToolSpec::from_json(&file.spec).unwrap();
        let schema = spec.input_schema();
        let v = validator(&schema);
        for (name, args, expect) in &file.cases {
            // Entries reported as issues were not read: only calls read whole count.
            if expect["status"] != "ok" || !args.is_object() || expect.get("issues").is_some() {
                continue;
            }
            // The schema admits unknown keys and other spellings of optional names (no
            // `additionalProperties: false`: `from_input_schema` tests `dateFrom`), but a required
            // property is required under its declared name, and a wrapper key (`{"arguments":
            // {…}}`) is no property at all, nor a union's member sent beside the other arguments:
            // those calls are read though the schema refuses them.
            let renamed = expect["notes"].as_array().into_iter().flatten().any(|n| {
                ["property_name_normalized", "arguments_unwrapped", "union_read_from_flat_call"]
                    .contains(&n["code"].as_str().unwrap_or_default())
            });
            if renamed {
                continue;
            }
            checked += 1;
            assert!(v.is_valid(args), "tools/{}/{name}: {args} rejected by the inputSchema", file.file);
            assert!(v.is_valid(&expect["args"]), "tools/{}/{name}: canonical args rejected", file.file);
        }
    }
    assert!(checked >= 30, "only {checked} tool calls checked");
}

#[test]
fn input_schemas_match_their_snapshots() {
    let dir = common::vectors_dir().join("../snapshots");
    let mut stale = Vec::new();
    for file in common::tool_files() {
        let spec = ToolSpec::from_json(&file.spec).unwrap();
        let text = serde_json::to_string_pretty(&spec.definition()).unwrap() + "\n";
        let path = dir.join(format!("{}.tool.json", file.file));
        let committed = std::fs::read_to_string(&path).unwrap_or_default().replace("\r\n", "\n");
        if committed != text {
            stale.push(file.file.clone());
            if std::env::var_os("CI").is_none() {
                std::fs::write(&path, text).unwrap();
            }
        }
    }
    assert!(
        stale.is_empty(),
        "tool definitions changed: {stale:?}; review and commit tests/snapshots/ (off CI they were rewritten)"
    );
}
