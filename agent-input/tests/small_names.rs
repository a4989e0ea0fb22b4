//! The `small-names` feature keeps country and language names in ten languages: those read as
//! before, names in other languages ask as unknown, and nothing else changes. Run by
//! `scripts/test` with `cargo test -p agent-input --features small-names --test small_names`.
#![cfg(feature = "small-names")]

use agent_input::country::{self, CountryOptions};
use agent_input::locale::{self, LocaleOptions};
use agent_input::{AskCode, Status};

fn country(text: &str) -> Result<String, AskCode> {
    let out = country::read(text.into(), &CountryOptions::default()).unwrap();
    match out.status {
        Status::Ok { value } => Ok(value.to_string()),
        Status::Ask { ask } => Err(ask.code),
        Status::Absent => Err(AskCode::MissingRequired),
    }
}

#[test]
fn names_in_the_ten_languages_read() {
    for (name, code) in [
        ("Czechia", "CZ"),
        ("Německo", "DE"),
        ("Deutschland", "DE"),
        ("Allemagne", "DE"),
        ("Korea, Republic of", "KR"),
        ("Kingdom of Spain", "ES"),
    ] {
        assert_eq!(country(name).as_deref(), Ok(code), "{name}");
    }
    assert_eq!(country("Congo"), Err(AskCode::AmbiguousCountry));
    let out = locale::read("němčina".into(), &LocaleOptions::default()).unwrap();
    assert_eq!(out.value().map(ToString::to_string).as_deref(), Some("de"));
}

#[test]
fn names_in_other_languages_ask_as_unknown() {
    for name in ["Ujerumani", "Almanya", "ドイツ"] {
        assert_eq!(country(name), Err(AskCode::UnknownCountry), "{name}");
    }
}

#[test]
fn codes_and_retired_codes_are_unchanged() {
    assert_eq!(country("CZE").as_deref(), Ok("CZ"));
    assert_eq!(country("DD").as_deref(), Ok("DE"));
    assert_eq!(country("SU"), Err(AskCode::AmbiguousCountry));
}
