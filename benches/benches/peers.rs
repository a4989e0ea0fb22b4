//! agent-input beside the crates a Rust author would otherwise pick, on the same spellings, in
//! the same run: dates (`dtparse`, `dateparser`, `parse_datetime`), countries (`celes`), locales
//! (`icu_locale`: parse, then its canonicaliser).
//!
//! Before timing, every subject reads every spelling once and the run prints a table: `right`,
//! `WRONG` (a value other than the spelling's one meaning, or any value for a spelling with two
//! meanings: a guessed day-month order is wrong) or `refused`. Then each spelling is timed for
//! agent-input and for each peer that reads it right: `peers/<domain>/<spelling>/<subject>`.
//! `python3 benches/ratios.py` does not cover this group; the table in BENCHMARKS.md is made from
//! the printed verdicts and criterion's estimates.

use std::hint::black_box;
use std::str::FromStr;

use agent_input::{Input, Kind, Spec, Status};
use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::{json, Value};

/// What a subject made of a spelling.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Verdict {
    Right,
    Wrong,
    Refused,
}

/// `expected`: the one meaning (a canonical text), or `None` when the spelling has two.
fn verdict(got: Option<String>, expected: Option<&str>) -> Verdict {
    match (got, expected) {
        (None, _) => Verdict::Refused,
        (Some(g), Some(e)) if g == e => Verdict::Right,
        (Some(_), _) => Verdict::Wrong,
    }
}

/// agent-input's reading: its value when ok, nothing when it asks (an ask on a spelling with two
/// meanings is the right answer, counted as `right` below).
fn ours(spec: &Spec, text: &str) -> Option<String> {
    match spec.read(Input::String(text)).status {
        Status::Ok { value: Value::String(s) } => Some(s),
        _ => None,
    }
}

type Peer = (&'static str, fn(&str) -> Option<String>);

const DATES: &[(&str, Option<&str>)] = &[
    ("2026-10-01", Some("2026-10-01")),
    ("1. 10. 2026", Some("2026-10-01")),
    ("01.10.2026", Some("2026-10-01")),
    ("13/02/2026", Some("2026-02-13")),
    ("12/31/2025", Some("2025-12-31")),
    ("01/02/2026", None),
    ("20261001", Some("2026-10-01")),
    ("October 1, 2026", Some("2026-10-01")),
    ("1 Oct 2026", Some("2026-10-01")),
    ("Thursday, 1 October 2026", Some("2026-10-01")),
    ("1. října 2026", Some("2026-10-01")),
    ("1 de octubre de 2026", Some("2026-10-01")),
    ("2026-10-01T10:00:00+02:00", Some("2026-10-01")),
    ("05/06/07", None),
];

fn dtparse_date(s: &str) -> Option<String> {
    dtparse::parse(s).ok().map(|(dt, _)| dt.date().to_string())
}

fn dateparser_date(s: &str) -> Option<String> {
    // In UTC, so a date without a zone stays that date (the default converts from local time).
    dateparser::parse_with_timezone(s, &chrono::Utc).ok().map(|dt| dt.date_naive().to_string())
}

fn parse_datetime_date(s: &str) -> Option<String> {
    // The date as written: a zoned result is shown in its own offset.
    parse_datetime::parse_datetime(s).ok().and_then(|p| p.as_zoned().map(|z| z.date().to_string()))
}

const COUNTRIES: &[(&str, Option<&str>)] = &[
    ("CZ", Some("CZ")),
    ("cz", Some("CZ")),
    ("CZE", Some("CZ")),
    ("203", Some("CZ")),
    ("Czechia", Some("CZ")),
    ("Czech Republic", Some("CZ")),
    ("Česko", Some("CZ")),
    ("Germany", Some("DE")),
    ("Deutschland", Some("DE")),
    ("Korea, Republic of", Some("KR")),
    ("United States of America", Some("US")),
    ("Congo", None),
    ("UK", Some("GB")),
];

fn celes_country(s: &str) -> Option<String> {
    celes::Country::from_str(s).ok().map(|c| c.alpha2.to_owned())
}

const LOCALES: &[(&str, Option<&str>)] = &[
    ("cs-CZ", Some("cs-CZ")),
    ("cs-cz", Some("cs-CZ")),
    ("cs_CZ", Some("cs-CZ")),
    ("cs_CZ.UTF-8", Some("cs-CZ")),
    ("iw", Some("he")),
    ("en-UK", Some("en-GB")),
    ("sr_RS@latin", Some("sr-Latn-RS")),
    ("EN-us-U-HC-H23", Some("en-US-u-hc-h23")),
    ("čeština", Some("cs")),
];

fn icu_locale(s: &str) -> Option<String> {
    // A `const fn` over compiled data: building it costs nothing.
    let canonicalizer = icu_locale::LocaleCanonicalizer::new_extended();
    let mut locale = icu_locale::Locale::try_from_str(s).ok()?;
    canonicalizer.canonicalize(&mut locale);
    Some(locale.to_string())
}

/// Prints the verdict table of one domain and returns the spellings each subject reads right.
fn table(domain: &str, spec: &Spec, cases: &[(&str, Option<&str>)], peers: &[Peer]) -> Vec<Vec<bool>> {
    println!("\n{domain}: agent-input | {}", peers.iter().map(|p| p.0).collect::<Vec<_>>().join(" | "));
    let mut right = Vec::new();
    let mut wrong_counts = vec![0usize; peers.len()];
    for (text, expected) in cases {
        let mine = match (ours(spec, text), expected) {
            (None, None) => Verdict::Right, // asked: the spelling has two meanings
            (got, e) => verdict(got, *e),
        };
        let theirs: Vec<Verdict> = peers.iter().map(|(_, f)| verdict(f(text), *expected)).collect();
        for (count, v) in wrong_counts.iter_mut().zip(&theirs) {
            *count += usize::from(*v == Verdict::Wrong);
        }
        println!("  {text:?}: {mine:?} | {}", theirs.iter().map(|v| format!("{v:?}")).collect::<Vec<_>>().join(" | "));
        assert_eq!(mine, Verdict::Right, "{domain}: agent-input reads {text:?} wrong");
        right.push(theirs.iter().map(|v| *v == Verdict::Right).collect());
    }
    for ((name, _), wrong) in peers.iter().zip(wrong_counts) {
        println!("  {name}: {wrong} of {} spellings read wrong", cases.len());
    }
    right
}

fn domain(c: &mut Criterion, name: &str, spec: &Spec, cases: &[(&str, Option<&str>)], peers: &[Peer]) {
    let right = table(name, spec, cases, peers);
    let mut g = c.benchmark_group(format!("peers_{name}"));
    for ((text, _), reads_right) in cases.iter().zip(right) {
        let id = text.replace(['/', ' ', ','], "_");
        g.bench_function(format!("{id}/agent_input"), |b| {
            b.iter(|| black_box(spec.read(Input::String(black_box(text)))))
        });
        for ((peer, f), ok) in peers.iter().zip(reads_right) {
            if ok {
                g.bench_function(format!("{id}/{peer}"), |b| b.iter(|| black_box(f(black_box(text)))));
            }
        }
    }
    g.finish();
}

fn peers(c: &mut Criterion) {
    let date = Spec::new(Kind::Date, &json!({})).expect("date spec");
    let dates: [Peer; 3] =
        [("dtparse", dtparse_date), ("dateparser", dateparser_date), ("parse_datetime", parse_datetime_date)];
    domain(c, "date", &date, DATES, &dates);
    let country = Spec::new(Kind::Country, &json!({})).expect("country spec");
    domain(c, "country", &country, COUNTRIES, &[("celes", celes_country)]);
    let locale = Spec::new(Kind::Locale, &json!({})).expect("locale spec");
    domain(c, "locale", &locale, LOCALES, &[("icu_locale", icu_locale)]);
}

criterion_group!(benches, peers);
criterion_main!(benches);
