//! Runs every vector in `tests/vectors/` and asserts the whole expected outcome.

mod common;

#[test]
fn every_vector_reads_as_expected() {
    let cases = common::cases();
    assert!(!cases.is_empty(), "no vectors found");
    let mut failures = Vec::new();
    for case in &cases {
        let got = common::run(case).to_json();
        if got != case.expect {
            failures.push(format!(
                "{}/{}:\n  input:  {}\n  expect: {}\n  got:    {}",
                case.file,
                case.name,
                case.input.as_ref().map_or("(missing)".into(), ToString::to_string),
                case.expect,
                got
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} vectors failed:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

/// Every case of every vector file (kinds, `batch.json`, `helpers.json`, `tools/`) says in its
/// `comment` why it exists (`docs/ARCHITECTURE.md`).
#[test]
fn every_vector_case_has_a_comment() {
    let dir = common::vectors_dir();
    let mut paths: Vec<std::path::PathBuf> = Vec::new();
    for d in [dir.clone(), dir.join("tools")] {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("dir entry").path();
            if path.extension().is_some_and(|e| e == "json") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    let mut missing = Vec::new();
    let mut checked = 0usize;
    for path in &paths {
        let file = path.strip_prefix(&dir).unwrap().display().to_string();
        let doc: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap_or_else(|e| panic!("{file}: {e}"));
        let cases = doc.get("cases").unwrap_or(&doc).as_array().unwrap_or_else(|| panic!("{file}: no cases"));
        for case in cases {
            checked += 1;
            let has = case.get("comment").and_then(serde_json::Value::as_str).is_some_and(|c| !c.trim().is_empty());
            if !has {
                missing.push(format!("{file}/{}", case["name"].as_str().unwrap_or("(no name)")));
            }
        }
    }
    assert!(checked >= 2000, "only {checked} cases were checked");
    assert!(
        missing.is_empty(),
        "{} of {checked} vector cases have no comment saying why they exist:\n{}",
        missing.len(),
        missing.join("\n")
    );
}

#[test]
fn every_kind_file_has_at_least_forty_cases() {
    let cases = common::cases();
    for kind in agent_input::Kind::ALL {
        let n = cases.iter().filter(|c| c.file == kind.name()).count();
        assert!(n >= 40, "tests/vectors/{}.json has {n} cases, expected at least 40", kind.name());
    }
}

#[test]
fn outcomes_round_trip_through_json() {
    for case in common::cases() {
        let out = common::run(&case);
        let json = out.to_json();
        let back: agent_input::Outcome<serde_json::Value> = serde_json::from_value(json.clone()).unwrap();
        assert_eq!(back.to_json(), json, "{}/{}", case.file, case.name);
    }
}

#[test]
fn every_batch_line_reads_as_expected() {
    let cases = common::line_cases();
    assert!(cases.len() >= 10);
    for case in cases {
        let got = agent_input::batch::read_line(&case.line).to_json();
        assert_eq!(got, case.expect, "batch/{}: {}", case.name, case.line);
    }
}

#[test]
fn every_helper_case_returns_as_expected() {
    let cases = common::helper_cases();
    assert!(!cases.is_empty());
    for case in cases {
        assert_eq!(common::run_helper(&case), case.expect, "helpers/{}", case.name);
    }
}

/// A reading an ask offers is a value the next call can send: sent back as the value (with the
/// same options), it reads ok as that very value, with no ask of its own.
#[test]
fn every_reading_an_ask_names_reads_back_as_itself() {
    let mut failures = Vec::new();
    let mut checked = 0usize;
    for case in common::cases() {
        let out = common::run(&case);
        let Some(ask) = out.as_ask() else { continue };
        for reading in &ask.readings {
            checked += 1;
            let back_case = common::Case { input: Some(reading.value.clone()), ..case.clone() };
            let back = common::run(&back_case);
            if back.value() != Some(&reading.value) {
                failures.push(format!(
                    "{}/{}: the reading {} reads back as {}",
                    case.file,
                    case.name,
                    reading.value,
                    back.to_json()
                ));
            }
        }
    }
    assert!(checked >= 100, "only {checked} readings were checked");
    assert!(failures.is_empty(), "{} of {checked} readings do not read back:\n{}", failures.len(), failures.join("\n"));
}
