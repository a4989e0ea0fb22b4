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
