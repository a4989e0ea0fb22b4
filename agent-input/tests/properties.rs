//! Properties over whole spelling classes, not examples.

mod common;

/// `n` cases, or `PROPTEST_CASES` when it is set (for long local runs).
fn cases(n: u32) -> proptest::prelude::ProptestConfig {
    let n = std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(n);
    proptest::prelude::ProptestConfig::with_cases(n)
}

use agent_input::{
    boolean, enum_, list, number, text, BooleanOptions, Decimal, EnumOptions, Input, Kind, ListOptions, NumberOptions,
    Spec, Status, TextOptions,
};
use proptest::prelude::*;
use serde_json::{json, Value};

fn decimal_value(out: &agent_input::Outcome<Decimal>) -> Option<Decimal> {
    out.value().copied()
}

/// Groups the digits of `n` in threes with `sep`.
fn group(n: u64, sep: &str) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(sep);
        }
        out.push(c);
    }
    out
}

proptest! {
    #![proptest_config(crate::cases(256))]

    /// A canonical value (a JSON number) reads back unchanged, with no note.
    #[test]
    fn number_canonical_is_a_fixed_point(mantissa in any::<i64>(), scale in 0u32..12) {
        let d = Decimal::new(mantissa, scale).normalize();
        let json: Value = serde_json::from_str(&d.to_string()).unwrap();
        let out = number::read(Input::from(&json), &NumberOptions::new()).unwrap();
        prop_assert_eq!(decimal_value(&out), Some(d));
        prop_assert!(out.notes.is_empty());
        let again = number::read(Input::from(&out.to_json()["value"]), &NumberOptions::new()).unwrap();
        prop_assert_eq!(again.to_json(), out.to_json());
    }

    /// A number's sign is the text's: a text with a minus sign or a minus word before its
    /// number never reads or offers a positive number, and one without never a negative one,
    /// whatever is around the number (a unit, a scale word, a percent sign, a separator of two
    /// readings, a number spelled in words).
    #[test]
    fn every_reading_keeps_the_sign_of_the_text(
        sign in prop_oneof![Just(""), Just("-"), Just("\u{2212}"), Just("minus "), Just("Minus "), Just("мінус "), Just("menos "), Just("moins ")],
        body in prop_oneof![
            r"[1-9][0-9]{0,3}([,.][0-9]{3})?",
            r"[1-9][0-9]{0,2}([,.][0-9]{1,3})? ?(km|Mio\.|%|thousand|billion|k|M|tis\.|EUR|Kč)",
            r"(two|tres|once|five|dvacet|einundzwanzig)( (thousand|billion|hundred))?",
            r"[1-9] (point|komma) [0-9]{1,3}",
        ],
    ) {
        let text = format!("{sign}{body}");
        let out = number::read(Input::String(&text), &NumberOptions::new()).unwrap();
        let mut values: Vec<Decimal> = decimal_value(&out).into_iter().collect();
        if let Some(ask) = out.as_ask() {
            values.extend(ask.readings.iter().filter_map(|r| r.value.to_string().parse::<Decimal>().ok()));
        }
        for v in values {
            if sign.is_empty() {
                prop_assert!(!v.is_sign_negative() || v.is_zero(), "{:?} offers {}", text, v);
            } else {
                prop_assert!(v.is_sign_negative() || v.is_zero(), "{:?} offers {}", text, v);
            }
        }
    }

    /// Every grouping spelling of any integer reads as that integer.
    #[test]
    fn number_every_grouping_reads_as_the_integer(
        n in 1_000u64..u64::MAX,
        negative in any::<bool>(),
        sep in prop::sample::select(vec![" ", "\u{a0}", "\u{202f}", "\u{2009}", "'", "\u{2019}", "_", ",", "."]),
    ) {
        // One comma or point before three digits is ambiguous by design; two are not.
        prop_assume!(!(matches!(sep, "," | ".") && n < 1_000_000));
        let spelled = format!("{}{}", if negative { "-" } else { "" }, group(n, sep));
        let out = number::read(spelled.as_str().into(), &NumberOptions::new()).unwrap();
        let expected = if negative { -Decimal::from(n) } else { Decimal::from(n) };
        prop_assert_eq!(decimal_value(&out), Some(expected), "{}", spelled);
        prop_assert!(out.notes.iter().any(|n| n.code == agent_input::NoteCode::GroupingRemoved));
    }

    /// Every decimal-comma spelling of any decimal reads as it.
    #[test]
    fn number_every_decimal_comma_reads_as_the_decimal(
        int in 0u64..10_000_000_000,
        frac in "[0-9]{1,8}",
        grouping in prop::sample::select(vec!["", " ", ".", "\u{a0}"]),
    ) {
        // "12,345" (one to three digits, a comma, three digits) is ambiguous by design.
        prop_assume!(!(frac.len() == 3 && (1..1000).contains(&int)));
        let int_part = if grouping.is_empty() { int.to_string() } else { group(int, grouping) };
        // A point-grouped integer part below 1000 has no point, so it is a plain decimal comma.
        let spelled = format!("{int_part},{frac}");
        let out = number::read(spelled.as_str().into(), &NumberOptions::new()).unwrap();
        let expected: Decimal = format!("{int}.{frac}").parse().unwrap();
        prop_assert_eq!(decimal_value(&out), Some(expected.normalize()), "{}", spelled);
    }

    /// Unicode digits of any numbering system read as their ASCII digits.
    #[test]
    fn number_unicode_digits(n in 0u64..1_000_000_000, zero in prop::sample::select(vec!['٠', '۰', '०', '০', '０', '๐'])) {
        let spelled: String = n.to_string().chars().map(|c| char::from_u32(zero as u32 + c.to_digit(10).unwrap()).unwrap()).collect();
        let out = number::read(spelled.as_str().into(), &NumberOptions::new()).unwrap();
        prop_assert_eq!(decimal_value(&out), Some(Decimal::from(n)), "{}", spelled);
    }

    /// Every boolean word, in any case and with diacritics or not, reads as its value.
    #[test]
    fn boolean_every_word_in_any_case(index in any::<prop::sample::Index>(), upper in any::<bool>()) {
        let words: Vec<(&str, bool)> = boolean::TRUE_WORDS.iter().map(|w| (*w, true))
            .chain(boolean::FALSE_WORDS.iter().map(|w| (*w, false))).collect();
        let (word, value) = words[index.index(words.len())];
        let spelled = if upper { word.to_uppercase() } else { word.to_owned() };
        let out = boolean::read(spelled.as_str().into(), &BooleanOptions::default()).unwrap();
        prop_assert_eq!(out.value(), Some(&value), "{}", spelled);
    }

    /// Every separator, case and camelCase spelling of an enum value reads as that value.
    #[test]
    fn enum_every_spelling_of_a_value(words in prop::collection::vec("[a-z]{2,6}", 1..4), style in 0usize..6) {
        let value = words.join("_");
        let opts = EnumOptions::new([value.clone(), "zz_other".to_owned()]);
        let spelled = match style {
            0 => value.clone(),
            1 => value.to_uppercase(),
            2 => words.join("-"),
            3 => words.join(" "),
            4 => words.iter().enumerate().map(|(i, w)| if i == 0 { w.clone() } else { format!("{}{}", &w[..1].to_uppercase(), &w[1..]) }).collect(),
            _ => format!("  {}  ", words.join(" ").to_uppercase()),
        };
        prop_assume!(!agent_input::absent::is_placeholder(&spelled, &[]) || spelled == value);
        let out = enum_::read(spelled.as_str().into(), &opts).unwrap();
        prop_assert_eq!(out.value().map(String::as_str), Some(value.as_str()), "{}", spelled);
        prop_assert_eq!(out.notes.is_empty(), spelled == value);
    }

    /// Comma-joined enum tokens read as the list of those tokens.
    #[test]
    fn list_of_tokens_splits(picks in prop::collection::vec(0usize..4, 1..6), sep in prop::sample::select(vec![",", ", ", " , ", ";"])) {
        let values = ["cs", "de", "en", "sk"];
        let chosen: Vec<&str> = picks.iter().map(|i| values[*i]).collect();
        let opts = ListOptions::of(Spec::Enum(EnumOptions::new(values)));
        let out = list::read(chosen.join(sep).as_str().into(), &opts).unwrap();
        let mut expected: Vec<Value> = Vec::new();
        for c in &chosen {
            if !expected.contains(&json!(c)) { expected.push(json!(c)); }
        }
        prop_assert_eq!(out.value(), Some(&expected));
    }

    /// Uuids in any spelling (upper case, braces, no hyphens) joined by a separator read as the
    /// list of those uuids, split, each written canonically: a uuid holds no comma, so no
    /// reading offers one of them alone.
    #[test]
    fn list_of_uuids_joined_splits(
        ids in prop::collection::vec(any::<u128>(), 2..5),
        style in 0usize..4,
        sep in prop::sample::select(vec![",", ", ", " ,", ";", "; ", "\n"]),
    ) {
        let canonical: Vec<String> = ids.iter().map(|n| ::uuid::Uuid::from_u128(*n).hyphenated().to_string()).collect();
        prop_assume!(canonical.iter().all(|u| u.chars().any(|c| c.is_ascii_alphabetic()))); // not a placeholder's digits
        let spelled: Vec<String> = canonical
            .iter()
            .map(|u| match style {
                0 => u.clone(),
                1 => u.to_uppercase(),
                2 => format!("{{{u}}}"),
                _ => u.replace('-', ""),
            })
            .collect();
        let opts = ListOptions::of(Spec::Uuid(agent_input::uuid::UuidOptions::default()));
        let out = list::read(spelled.join(sep).as_str().into(), &opts).unwrap();
        let expected: Vec<Value> = canonical.iter().map(|u| json!(u)).collect();
        prop_assert_eq!(out.value(), Some(&expected), "{:?}", out);
    }

    /// Text that is already trimmed, NFC and not a placeholder reads as itself with no note.
    #[test]
    fn text_canonical_is_a_fixed_point(s in "\\PC{1,60}") {
        use unicode_normalization::UnicodeNormalization;
        let canonical: String = s.trim().nfc().collect();
        prop_assume!(!canonical.is_empty() && canonical.trim() == canonical);
        let out = text::read(canonical.as_str().into(), &TextOptions::default()).unwrap();
        if let Some(v) = out.value() {
            prop_assert_eq!(v, &canonical);
            prop_assert!(out.notes.is_empty());
        } else {
            prop_assert!(out.is_absent(), "canonical text either reads as itself or is a placeholder");
        }
    }

    /// No input panics, whatever the kind, and every outcome round-trips through JSON; an ok
    /// value read again is a fixed point with no notes; an ask always has a hint.
    #[test]
    fn no_input_panics(s in "\\PC{0,300}", kind in 0usize..6) {
        let specs = [
            json!({"kind": "number"}),
            json!({"kind": "number", "preset": "limit", "max": 50}),
            json!({"kind": "boolean"}),
            json!({"kind": "enum", "values": ["date_desc", "relevance", "none"]}),
            json!({"kind": "text", "max_length": 100}),
            json!({"kind": "list", "item": {"kind": "number"}}),
        ];
        let spec = Spec::from_json(&specs[kind]).unwrap();
        let input = Value::String(s);
        let out = spec.read(Input::from(&input));
        let json = out.to_json();
        let back: agent_input::Outcome<Value> = serde_json::from_value(json.clone()).unwrap();
        prop_assert_eq!(back.to_json(), json);
        match &out.status {
            Status::Ok { value } => {
                let again = spec.read(Input::from(value));
                prop_assert_eq!(again.value(), Some(value));
                prop_assert!(again.notes.is_empty(), "{:?}", again.notes);
            }
            Status::Ask { ask } => prop_assert!(!ask.hint.is_empty()),
            Status::Absent => {}
        }
    }

    /// Arbitrary JSON values never panic any kind.
    #[test]
    fn no_json_value_panics(v in json_value()) {
        for kind in Kind::ALL {
            let options = common::sample_options(*kind);
            let out = agent_input::read(*kind, Input::from(&v), &options).unwrap();
            if let Some(ask) = out.as_ask() {
                prop_assert_eq!(&ask.received, &v);
            }
        }
    }
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        "-?[0-9]{1,30}(\\.[0-9]{1,30})?(e-?[0-9]{1,6})?".prop_map(|t| serde_json::from_str(&t).unwrap_or(Value::Null)),
        "\\PC{0,40}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map("[a-z]{1,4}", inner, 0..3).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

mod ids_and_cursors {
    use agent_input::cursor::{self, CursorCodec};
    use agent_input::uuid::{self, UuidOptions};
    use agent_input::{AskCode, Input};
    use proptest::prelude::*;
    use serde_json::{json, Value};

    fn codec() -> CursorCodec {
        CursorCodec::new(b"property test key, 32 bytes long").unwrap()
    }

    fn payload() -> impl Strategy<Value = Value> {
        prop_oneof![
            any::<i64>().prop_map(|n| json!(n)),
            "\\PC{0,40}".prop_map(Value::String),
            (any::<u32>(), "[a-z]{0,10}").prop_map(|(n, s)| json!({"after": n, "q": s})),
        ]
    }

    proptest! {
        #![proptest_config(crate::cases(256))]

        /// Every uuid, in every accepted spelling, reads as its canonical form (or, for the rare
        /// pattern that is a placeholder, as absent on a read).
        #[test]
        fn uuid_every_spelling_reads_canonically(bytes in any::<[u8; 16]>(), style in 0usize..7) {
            let u = ::uuid::Uuid::from_bytes(bytes);
            let canonical = u.hyphenated().to_string();
            let spelled = match style {
                0 => canonical.clone(),
                1 => canonical.to_uppercase(),
                2 => format!("{{{canonical}}}"),
                3 => format!("urn:uuid:{canonical}"),
                4 => u.simple().to_string(),
                5 => format!("  \"{}\" ", canonical.to_uppercase()),
                _ => u.simple().to_string().to_uppercase(),
            };
            let out = uuid::read(spelled.as_str().into(), &UuidOptions::default()).unwrap();
            if uuid::is_placeholder(&canonical) {
                prop_assert!(out.is_absent());
            } else {
                prop_assert_eq!(out.value().map(ToString::to_string), Some(canonical.clone()));
                prop_assert_eq!(out.notes.is_empty(), style == 0);
            }
        }

        /// Every encoded cursor is inside the class and decodes to its payload.
        #[test]
        fn cursor_round_trips(p in payload(), expires in proptest::option::of(1u64..u64::MAX)) {
            let c = codec().encode_json(&p, expires).unwrap();
            prop_assert!(cursor::in_class(&c));
            let out = codec().read_at(c.as_str().into(), 0);
            prop_assert_eq!(out.value(), Some(&p));
        }

        /// Every single-character change or deletion of an encoded cursor asks
        /// `invalid_cursor`: it never decodes and never reads as absent.
        #[test]
        fn cursor_every_mutation_asks(p in payload(), index in any::<prop::sample::Index>(), replacement in any::<char>(), delete in any::<bool>()) {
            let c = codec().encode_json(&p, None).unwrap();
            let chars: Vec<char> = c.chars().collect();
            let i = index.index(chars.len());
            prop_assume!(delete || chars[i] != replacement);
            let mutated: String = chars.iter().enumerate().filter_map(|(j, ch)| {
                if j != i { Some(*ch) } else if delete { None } else { Some(replacement) }
            }).collect();
            let out = codec().read_at(mutated.as_str().into(), 0);
            prop_assert_eq!(out.as_ask().map(|a| a.code), Some(AskCode::InvalidCursor), "{} -> {}", c, mutated);
        }

        /// No input panics the cursor reader, and its outcome round-trips through JSON.
        #[test]
        fn cursor_no_input_panics(s in "\\PC{0,200}") {
            let v = Value::String(s);
            let out = codec().read_at(Input::from(&v), 0);
            let json = out.to_json();
            let back: agent_input::Outcome<Value> = serde_json::from_value(json.clone()).unwrap();
            prop_assert_eq!(back.to_json(), json);
        }
    }
}

mod dates {
    use agent_input::date::{self, DateOptions, DateRole};
    use agent_input::Input;
    use chrono::{Datelike, NaiveDate};
    use proptest::prelude::*;
    use serde_json::Value;

    fn any_date() -> impl Strategy<Value = NaiveDate> {
        (2i32..9998, 1u32..=12, 1u32..=31)
            .prop_filter_map("a day that exists", |(y, m, d)| NaiveDate::from_ymd_opt(y, m, d))
    }

    // Every CLDR month and weekday spelling of a date reads as that date: a unit test of the
    // crate (`data/properties.rs`), as the name tables are not public.

    proptest! {
        #![proptest_config(crate::cases(512))]

        /// A canonical ISO date reads back unchanged with no note.
        #[test]
        fn iso_is_a_fixed_point(d in any_date()) {
            let s = d.to_string();
            let out = date::read(s.as_str().into(), &DateOptions::default()).unwrap();
            prop_assert_eq!(out.value(), Some(&d));
            prop_assert!(out.notes.is_empty());
        }

        /// No input panics the date reader or the range reader.
        #[test]
        fn no_input_panics(s in "\\PC{0,80}", role in 0usize..3) {
            let role = [DateRole::Point, DateRole::From, DateRole::To][role];
            let v = Value::String(s);
            let out = date::read(Input::from(&v), &DateOptions::role(role)).unwrap();
            if let Some(ask) = out.as_ask() {
                prop_assert!(!ask.hint.is_empty());
            }
            let _ = date::read_range(Input::from(&v), Input::from(&v), &Default::default());
        }

        /// Date-shaped noise (digits and separators) never panics and never reads as a day
        /// that its numbers do not spell.
        #[test]
        fn digit_noise_is_safe(a in 0u32..4000, b in 0u32..40, c in 0u32..4000, sep in prop::sample::select(vec![".", "/", "-", " ", ". "])) {
            let spelled = format!("{a}{sep}{b}{sep}{c}");
            let out = date::read(spelled.as_str().into(), &DateOptions::default()).unwrap();
            if let Some(d) = out.value() {
                let fields = [a, b, c];
                prop_assert!(fields.contains(&d.day()) && fields.contains(&d.month()), "{} read as {}", spelled, d);
            }
        }
    }
}

mod names {
    use agent_input::country::{self, CountryOptions};
    use agent_input::locale::{self, LocaleOptions};
    use agent_input::vocabulary::{Entry, Vocabulary, VocabularyRole};
    use agent_input::{Outcome, Status};
    use proptest::prelude::*;
    use serde_json::Value;
    use unicode_normalization::UnicodeNormalization;

    /// The outcome gives `expected`, or asks with it among the readings.
    fn reads_as<T: ToString>(out: &Outcome<T>, expected: &str) -> bool {
        match &out.status {
            Status::Ok { value } => value.to_string() == expected,
            Status::Ask { ask } => ask.readings.iter().any(|r| r.value == Value::String(expected.to_owned())),
            Status::Absent => false,
        }
    }

    fn strip_diacritics(s: &str) -> String {
        s.nfd().filter(|c| !('\u{300}'..='\u{36f}').contains(c)).collect()
    }

    /// Every stored country name reads as its country, upper-cased and with diacritics stripped.
    #[test]
    fn every_country_name_reads_as_its_country() {
        let mut failures = Vec::new();
        let mut n = 0;
        for (key, code) in country::names() {
            for spelled in [key.clone(), key.to_uppercase(), strip_diacritics(&key)] {
                n += 1;
                let out = country::read(spelled.as_str().into(), &CountryOptions::default()).unwrap();
                if !reads_as(&out, code) {
                    failures.push(format!("{spelled} -> {}", out.to_json()));
                }
            }
        }
        assert!(n > 10_000, "the name table is read whole ({n} spellings)");
        assert!(
            failures.is_empty(),
            "{} of {n} spellings failed, e.g. {:?}",
            failures.len(),
            &failures[..failures.len().min(5)]
        );
    }

    /// Every stored language name reads as its tag, upper-cased and with diacritics stripped.
    #[test]
    fn every_language_name_reads_as_its_tag() {
        let mut failures = Vec::new();
        let mut n = 0;
        for (key, tag) in locale::names() {
            for spelled in [key.clone(), key.to_uppercase(), strip_diacritics(&key)] {
                n += 1;
                let out = locale::read(spelled.as_str().into(), &LocaleOptions::default()).unwrap();
                // A name may also be a valid tag of another language ("ido"); the name table
                // is consulted first for names longer than three letters, as documented.
                if !reads_as(&out, tag) && spelled.chars().count() > 3 {
                    failures.push(format!("{spelled} -> {}", out.to_json()));
                }
            }
        }
        assert!(n > 1_000, "the name table is read whole ({n} spellings)");
        assert!(
            failures.is_empty(),
            "{} of {n} spellings failed, e.g. {:?}",
            failures.len(),
            &failures[..failures.len().min(5)]
        );
    }

    fn courts() -> Vocabulary {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/fixtures/czech_courts.json");
        let entries: Vec<Entry> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        Vocabulary::new(entries).unwrap()
    }

    /// An id reads as itself with no note at every length, the lengths the index keeps a bit
    /// for apart (1 to 62 bytes) and together (63 and more), beside names no id is as long as.
    #[test]
    fn every_id_reads_as_itself_at_every_length() {
        let ids: Vec<String> = (1..=70).step_by(3).map(|n| "x".repeat(n)).chain(["Č".repeat(40)]).collect();
        let entries: Vec<Entry> = ids
            .iter()
            .enumerate()
            .map(|(i, id)| {
                serde_json::from_value(serde_json::json!({"id": id, "names": [format!("Soud číslo {i}")]})).unwrap()
            })
            .collect();
        let v = Vocabulary::new(entries).unwrap();
        for id in &ids {
            let out = v.read(id.as_str().into(), VocabularyRole::Value);
            assert!(
                out.notes.is_empty() && out.value().map(String::as_str) == Some(id.as_str()),
                "{id}: {}",
                out.to_json()
            );
        }
        let out = v.read("soud cislo 3".into(), VocabularyRole::Value);
        assert_eq!(out.value().map(String::as_str), Some("xxxxxxxxxx"), "{}", out.to_json());
    }

    proptest! {
        #![proptest_config(crate::cases(256))]

        /// Every stored name of every court, in any case and with diacritics stripped, reads as
        /// its court or asks with it among the readings.
        #[test]
        fn every_court_name_reads_as_its_court(pick in any::<prop::sample::Index>(), upper in any::<bool>(), strip in any::<bool>()) {
            let v = courts();
            let all: Vec<(String, String)> = v.entries().iter().flat_map(|e| {
                e.names.iter().chain(&e.abbreviations).chain(&e.aliases).map(move |n| (n.clone(), e.id.clone()))
            }).collect();
            let (name, id) = &all[pick.index(all.len())];
            let mut spelled = if strip { strip_diacritics(name) } else { name.clone() };
            if upper { spelled = spelled.to_uppercase(); }
            for role in [VocabularyRole::Value, VocabularyRole::Filter] {
                let out = v.read(spelled.as_str().into(), role);
                let in_warning = out.warnings.iter().any(|w| w.values.contains(&Value::String(id.clone())));
                prop_assert!(reads_as(&out, id) || (role == VocabularyRole::Filter && in_warning), "{} -> {}", spelled, out.to_json());
            }
        }
    }
}

mod eli {
    use agent_input::{Input, Kind, Spec, Status};
    use proptest::prelude::*;

    use super::cases;

    /// An ELI as this library writes it: a known host and path, every segment of letters,
    /// digits, `_`, `-` and `.`, starting and ending with a letter or digit.
    fn well_formed(uri: &str) -> bool {
        let path = uri
            .strip_prefix("http://data.europa.eu/eli/")
            .or_else(|| uri.strip_prefix("https://www.e-sbirka.cz/eli/cz/"));
        path.is_some_and(|p| {
            p.split('/').count() >= 3
                && p.split('/').all(|s| {
                    !s.is_empty()
                        && s.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
                        && s.bytes().next().is_some_and(|b| b.is_ascii_alphanumeric())
                        && s.bytes().last().is_some_and(|b| b.is_ascii_alphanumeric())
                })
        })
    }

    fn read(s: &str) -> agent_input::Outcome<serde_json::Value> {
        Spec::new(Kind::Eli, &serde_json::json!({})).unwrap().read(Input::String(s))
    }

    #[test]
    fn every_ok_vector_is_a_well_formed_eli() {
        for case in super::common::cases().iter().filter(|c| c.file == "eli") {
            let out = super::common::run(case).to_json();
            if out["status"] == "ok" {
                let uri = out["value"].as_str().unwrap();
                assert!(well_formed(uri), "eli/{}: {uri} is not a well-formed ELI", case.name);
            }
        }
    }

    const STARTS: &[&str] = &[
        "http://data.europa.eu/eli/reg/2016/679/oj",
        "https://eur-lex.europa.eu/eli/dir/2019/1937/oj/eng",
        "https://www.e-sbirka.cz/eli/cz/sb/2012/89/2026-01-01",
        "eli/reg/2016/679",
        "32016R0679",
        "CELEX:32019L1937",
        "Regulation (EU) 2016/679",
        "zákon č. 89/2012 Sb.",
        "GDPR",
    ];

    proptest! {
        #![proptest_config(cases(512))]
        #[test]
        fn ok_values_are_well_formed_whatever_follows(start in prop::sample::select(STARTS), tail in "[./,;:!?)\\]\"' a-z0-9-]{0,6}") {
            let text = format!("{start}{tail}");
            if let Status::Ok { value } = read(&text).status {
                let uri = value.as_str().unwrap_or_default().to_owned();
                prop_assert!(well_formed(&uri), "{text:?} read as {uri}");
            }
        }
    }
}

mod locales {
    use agent_input::locale::{self, LocaleOptions};
    use agent_input::Status;
    use proptest::prelude::*;

    use super::cases;

    fn alnum(s: &str) -> bool {
        s.bytes().all(|b| b.is_ascii_alphanumeric())
    }

    fn alpha(s: &str) -> bool {
        s.bytes().all(|b| b.is_ascii_alphabetic())
    }

    /// RFC 5646 `langtag` (without grandfathered tags or a lone private use), written here
    /// from the ABNF, independently of the reader: language (2-3 letters, or 5-8), extlang,
    /// script, region, variants, extensions (a singleton and subtags of 2-8), private use.
    fn well_formed(tag: &str) -> bool {
        let subtags: Vec<&str> = tag.split('-').collect();
        let mut i = 0;
        let get = |i: usize| subtags.get(i).copied();
        let Some(lang) = get(i) else { return false };
        if !(alpha(lang) && matches!(lang.len(), 2 | 3 | 5..=8)) {
            return false;
        }
        i += 1;
        let mut ext = 0;
        while ext < 3 && get(i).is_some_and(|s| s.len() == 3 && alpha(s)) && lang.len() <= 3 {
            i += 1;
            ext += 1;
        }
        if get(i).is_some_and(|s| s.len() == 4 && alpha(s)) {
            i += 1;
        }
        if get(i).is_some_and(|s| (s.len() == 2 && alpha(s)) || (s.len() == 3 && s.bytes().all(|b| b.is_ascii_digit())))
        {
            i += 1;
        }
        let mut variants = Vec::new();
        while let Some(s) = get(i) {
            let variant = alnum(s)
                && ((5..=8).contains(&s.len())
                    || (s.len() == 4 && s.bytes().next().is_some_and(|b| b.is_ascii_digit())));
            if !variant || variants.contains(&s) {
                break;
            }
            variants.push(s);
            i += 1;
        }
        let mut singletons = Vec::new();
        while let Some(s) = get(i) {
            if s.len() != 1 || !alnum(s) || singletons.contains(&s) {
                return false;
            }
            singletons.push(s);
            i += 1;
            let private = s.eq_ignore_ascii_case("x");
            let (min, max) = if private { (1, 8) } else { (2, 8) };
            let start = i;
            while get(i).is_some_and(|t| alnum(t) && (min..=max).contains(&t.len()) && (private || t.len() > 1)) {
                i += 1;
            }
            if i == start {
                return false;
            }
            if private {
                break;
            }
        }
        i == subtags.len()
    }

    #[test]
    fn the_checker_knows_bcp47() {
        for ok in ["cs", "cs-CZ", "sr-Latn-RS", "es-419", "de-CH-1901", "en-US-u-hc-h23", "en-t-es-x-a-b", "zh-yue-HK"]
        {
            assert!(well_formed(ok), "{ok}");
        }
        for bad in
            ["es-MX-latn", "en-u", "en--US", "e", "en-US-x", "en-a-b", "en-a-bb-a-cc", "cs_CZ", "en-US-1994-1994"]
        {
            assert!(!well_formed(bad), "{bad}");
        }
    }

    fn subtag() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "cs", "en", "sr", "zh", "spa", "ces", "iw", "no", "nb", "und", "x", "u", "t", "a", "Latn", "latn",
                "CYRL", "Hans", "CZ", "cz", "US", "SU", "CS", "YU", "DD", "ZR", "419", "203", "CZE", "valencia",
                "1901", "posix", "hc", "h23", "ca", "gregory", "private", "oed", "@euro", "@latin", ".UTF-8",
                "@nynorsk", "@saaho",
            ])
            .prop_map(str::to_owned),
            "[a-zA-Z0-9]{1,9}",
        ]
    }

    proptest! {
        #![proptest_config(cases(2048))]

        /// Every locale the reader returns as ok is a well-formed BCP 47 tag, in canonical
        /// form (reading it again gives it back unchanged, with no note).
        #[test]
        fn every_ok_locale_is_well_formed(parts in prop::collection::vec(subtag(), 1..7), seps in prop::collection::vec(prop::sample::select(vec!["-", "_", "-", "-"]), 6)) {
            let mut text = String::new();
            for (i, part) in parts.iter().enumerate() {
                if i > 0 && !part.starts_with(['@', '.']) {
                    text.push_str(seps[i % seps.len()]);
                }
                text.push_str(part);
            }
            let out = locale::read(text.as_str().into(), &LocaleOptions::default()).unwrap();
            if let Status::Ok { value } = &out.status {
                let tag = value.to_string();
                prop_assert!(well_formed(&tag), "{} -> {}", text, tag);
                let again = locale::read(tag.as_str().into(), &LocaleOptions::default()).unwrap();
                prop_assert_eq!(again.value().map(ToString::to_string), Some(tag.clone()), "{}", text);
                prop_assert!(again.notes.is_empty(), "{} -> {}: {:?}", text, tag, again.notes);
            }
        }
    }
}

/// The union property over its tags and members: a tag in any case and with separators reads
/// as its variant; a member with its own variant's properties reads as itself plus the tag; a
/// member sending another variant's property never reads ok; and no member panics.
mod union {
    use agent_input::tool::{ToolCall, ToolSpec};
    use proptest::prelude::*;
    use serde_json::{json, Map, Value};

    fn spec() -> ToolSpec {
        ToolSpec::from_json(&json!({"name": "t", "properties": {"source": {"kind": "union", "tag": "kind", "required": true, "variants": {
            "web_page": {"properties": {"url": {"kind": "text", "required": true}, "title": {"kind": "text"}}},
            "book": {"properties": {"isbn": {"kind": "text", "required": true}, "page": {"kind": "number", "integer": true, "min": 1}}},
            "person": {"properties": {"name": {"kind": "text", "required": true}, "country": {"kind": "country"}}}}}}}))
        .unwrap()
    }

    /// The properties of each variant, and a value each reads as itself.
    const OWN: [(&str, &[(&str, &str)]); 3] = [
        ("web_page", &[("url", "https://example.org/a"), ("title", "A")]),
        ("book", &[("isbn", "978-80-7312-001-4"), ("page", "3")]),
        ("person", &[("name", "Jana"), ("country", "CZ")]),
    ];

    fn value(v: &str) -> Value {
        v.parse::<u64>().map_or_else(|_| json!(v), |n| json!(n))
    }

    /// `name` written otherwise: its case, and `_` as a space, a hyphen or nothing.
    fn spelled(name: &str, upper: bool, sep: &str) -> String {
        let s = name.replace('_', sep);
        if upper {
            s.to_uppercase()
        } else {
            s
        }
    }

    proptest! {
        #![proptest_config(crate::cases(256))]

        #[test]
        fn a_member_reads_as_its_variant_whatever_the_tags_spelling(
            which in 0usize..3, upper: bool, sep in prop::sample::select(vec!["_", " ", "-", ""]),
            optional: bool, other in prop::option::of(0usize..3),
        ) {
            let (name, props) = OWN[which];
            let mut member = Map::new();
            member.insert("kind".into(), json!(spelled(name, upper, sep)));
            for (i, (k, v)) in props.iter().enumerate() {
                if i == 0 || optional {
                    member.insert((*k).to_owned(), value(v));
                }
            }
            // Another variant's required property beside the tag.
            let foreign = other.filter(|o| *o != which).map(|o| OWN[o].1[0]);
            if let Some((k, v)) = foreign {
                member.insert(k.to_owned(), value(v));
            }
            let spec = spec();
            let call = spec.read(&json!({"source": member}));
            match (foreign, call) {
                (None, ToolCall::Ok { args, .. }) => {
                    let source = &args["source"];
                    prop_assert_eq!(&source["kind"], &json!(name));
                    for (i, (k, v)) in props.iter().enumerate() {
                        if i == 0 || optional {
                            prop_assert_eq!(&source[*k], &value(v));
                        }
                    }
                }
                (None, other) => prop_assert!(false, "{}: {}", name, other.to_json()),
                (Some((k, _)), ToolCall::Error { envelope, .. }) => {
                    let path = format!("source.{k}");
                    let asked = envelope
                        .issues
                        .iter()
                        .any(|i| i.path == path && i.code == agent_input::AskCode::UnionPropertyOfOtherVariant);
                    prop_assert!(asked, "{:?}", envelope.issues);
                }
                (Some(_), other) => prop_assert!(false, "another variant's property read: {}", other.to_json()),
            }
        }

        #[test]
        fn no_member_panics(member in crate::json_value()) {
            let spec = spec();
            let _ = spec.read(&json!({"source": member.clone()}));
            let _ = spec.read(&member);
        }
    }
}

/// Every spelling that says "no value" outright and reads as absent for a scalar kind
/// (`"null"`, `"None"`, `"N/A"`, blank, in any case) reads as absent for an optional object
/// property too, with the note, and asks as missing for a required one.
#[test]
fn an_object_property_reads_every_absent_spelling_as_absent() {
    let spec = agent_input::tool::ToolSpec::from_json(&json!({"name": "ship", "properties": {
        "address": {"kind": "object", "properties": {"street": {"kind": "text", "required": true}}},
        "billing": {"kind": "object", "required": true, "properties": {"street": {"kind": "text", "required": true}}}}}))
    .unwrap();
    let words: Vec<String> = agent_input::absent::placeholder_words()
        .flat_map(|w| [w.to_owned(), w.to_uppercase(), format!(" {w} ")])
        .chain(["".into(), "  ".into()])
        .collect();
    let mut checked = 0;
    for word in words {
        // The spellings that say "no value" outright, which a scalar kind reads as absent (a
        // template hole such as `{street}` is an attempt at an object here, and stays an issue).
        let says_none = word.trim().is_empty() || agent_input::absent::is_null_word(&word);
        if !says_none || agent_input::absent::check_str(&word, &[]).is_none() {
            continue;
        }
        let call = spec.read(&json!({"address": word, "billing": {"street": "Main 1"}}));
        let agent_input::tool::ToolCall::Ok { args, notes, .. } = &call else { panic!("{word:?}: {call:?}") };
        assert_eq!(args, &json!({"billing": {"street": "Main 1"}}), "{word:?}");
        assert_eq!(notes.len(), 1, "{word:?}: {notes:?}");
        assert_eq!(notes[0].path.as_deref(), Some("address"), "{word:?}");
        let missing = spec.read(&json!({"billing": word}));
        let envelope = missing.envelope().unwrap_or_else(|| panic!("{word:?}: {missing:?}"));
        assert_eq!(envelope.issues[0].code, agent_input::AskCode::MissingRequired, "{word:?}");
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} spellings checked");
}

/// English's ordinal ending of a day of the month (`1st`, `22nd`, `13th`).
fn english_ordinal(day: u32) -> &'static str {
    match day {
        1 | 21 | 31 => "st",
        2 | 22 => "nd",
        3 | 23 => "rd",
        _ => "th",
    }
}

/// The class of `the 20th of next month`: every day of the month before, of or after
/// today's, its number plain or with an ordinal ending, reads as that month's day or, where
/// the month has no such day, asks `impossible_date`; never another day.
#[test]
fn a_day_of_a_relative_month_is_that_months_day() {
    use chrono::Datelike;
    // A count's pattern whose words are also a relative month's is the count: Indonesian `1
    // bulan lalu` is "1 month ago", not the 1st of last month (`bulan lalu`).
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
    for (text, want) in [("1 bulan lalu", "2026-10-30"), ("1 tháng trước", "2026-10-30")] {
        let out =
            agent_input::date::read(text.into(), &agent_input::date::DateOptions::default().today(today)).unwrap();
        assert_eq!(out.value().map(ToString::to_string).as_deref(), Some(want), "{text}");
    }
    for today in ["2013-02-12", "2024-01-31", "2026-12-07"] {
        let today: chrono::NaiveDate = today.parse().unwrap();
        for (phrase, offset) in [("last month", -1), ("this month", 0), ("next month", 1)] {
            let m = chrono::Months::new(1);
            let month = match offset {
                -1 => today.checked_sub_months(m),
                1 => today.with_day(1).and_then(|d| d.checked_add_months(m)),
                _ => Some(today),
            }
            .unwrap();
            for day in 1..=31u32 {
                for text in [format!("{day} of {phrase}"), format!("the {day}{} of {phrase}", english_ordinal(day))] {
                    let opts = agent_input::date::DateOptions::default().today(today);
                    let out = agent_input::date::read(text.as_str().into(), &opts).unwrap();
                    match chrono::NaiveDate::from_ymd_opt(month.year(), month.month(), day) {
                        Some(want) => assert_eq!(out.value(), Some(&want), "{text} ({today})"),
                        None => assert!(
                            out.to_json()["ask"]["code"] == "impossible_date",
                            "{text} ({today}): {:?}",
                            out.to_json()
                        ),
                    }
                }
            }
        }
    }
}

/// The class of `July 13-15`, `1-8 September`, `August 27th - 29th`, `19th To 21st August`:
/// two days of one month of no year, however the days are joined and written, ask naming the
/// last and the next such range with `today`, and no range of other days.
#[test]
fn days_of_one_month_of_no_year_name_the_last_and_next_range() {
    use chrono::Datelike;
    let today = chrono::NaiveDate::from_ymd_opt(2013, 2, 12).unwrap();
    for m in 1..=12u32 {
        let month = chrono::Month::try_from(u8::try_from(m).unwrap()).unwrap().name();
        for (a, b) in [(1, 8), (13, 15), (27, 28), (2, 11)] {
            let shapes = [
                format!("{a}-{b} {month}"),
                format!("{month} {a}-{b}"),
                format!("{month} {a}{} - {b}{}", english_ordinal(a), english_ordinal(b)),
                format!("{a}{} To {b}{} {month}", english_ordinal(a), english_ordinal(b)),
            ];
            for text in shapes {
                let options = serde_json::json!({"today": today.to_string()});
                let out = Spec::new(Kind::DateRange, &options).unwrap().read(Input::String(&text));
                let json = out.to_json();
                let readings = json["ask"]["readings"].as_array().cloned().unwrap_or_default();
                assert_eq!(json["ask"]["code"], "incomplete_date", "{text}: {json}");
                assert_eq!(readings.len(), 2, "{text}: {json}");
                for r in &readings {
                    let day = |k: &str| r["value"][k].as_str().unwrap().parse::<chrono::NaiveDate>().unwrap();
                    let (from, to) = (day("from"), day("to"));
                    assert_eq!((from.month(), from.day(), to.month(), to.day()), (m, a, m, b), "{text}: {json}");
                    assert_eq!(from.year(), to.year(), "{text}: {json}");
                }
            }
        }
    }
}

/// A weekday with a time after it (`Thursday 8:00`, `Saturday at 9am`, `on Monday at 10:00`,
/// `Thursday 8:00 GMT`) names the days the weekday alone names: the time is dropped, as a date
/// with a time is read without it.
#[test]
fn a_weekday_with_a_time_names_the_weekdays_days() {
    let options = serde_json::json!({"today": "2013-02-12"});
    let spec = Spec::new(Kind::Date, &options).unwrap();
    let readings = |text: &str| {
        let json = spec.read(Input::String(text)).to_json();
        assert_eq!(json["ask"]["code"], "incomplete_date", "{text}: {json}");
        json["ask"]["readings"].clone()
    };
    for weekday in ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] {
        let alone = readings(weekday);
        assert_eq!(alone.as_array().map(Vec::len), Some(2), "{weekday}");
        let shapes = [
            "{} 8:00",
            "{} at 9am",
            "{}, 10:30",
            "on {} at 10:00",
            "{} 8:00 GMT",
            "{} 8h00",
            "{} morning",
            // A zone of CLDR's in any case, after an hour alone too; an hour after a joining word.
            "{} 8:00 gmt",
            "{} 8h PST",
            "{} at 8 am pst",
            "{} 9 am (BST)",
            "{} at 8",
            // A time before the weekday, with time words and a preposition of a day.
            "at 9am on {}",
            "9 pm on {}",
            "at 19h30 on {}",
            "10:30 on {}",
            "at 8 on {}",
        ];
        for shape in shapes {
            let text = shape.replace("{}", weekday);
            assert_eq!(readings(&text), alone, "{text}");
        }
    }
}

/// The class of `the week of October 6th, 2014`: for every day of a year, the week word, a
/// filler and the day ask naming the week from Monday and the week from Sunday holding it.
#[test]
fn the_week_of_a_day_names_both_weeks_holding_it() {
    use chrono::Datelike;
    let spec = Spec::new(Kind::DateRange, &serde_json::json!({})).unwrap();
    let mut day = chrono::NaiveDate::from_ymd_opt(2014, 1, 1).unwrap();
    while day.year() == 2014 {
        for text in [format!("the week of {day}"), format!("week of {}", day.format("%-d %B %Y"))] {
            let json = spec.read(Input::String(&text)).to_json();
            assert_eq!(json["ask"]["code"], "ambiguous_date", "{text}: {json}");
            let weeks: Vec<(chrono::NaiveDate, chrono::NaiveDate)> = json["ask"]["readings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| {
                    (
                        r["value"]["from"].as_str().unwrap().parse().unwrap(),
                        r["value"]["to"].as_str().unwrap().parse().unwrap(),
                    )
                })
                .collect();
            let starts: Vec<chrono::Weekday> = weeks.iter().map(|(f, _)| f.weekday()).collect();
            assert_eq!(starts, vec![chrono::Weekday::Mon, chrono::Weekday::Sun], "{text}");
            for (from, to) in weeks {
                assert!(from <= day && day <= to && (to - from).num_days() == 6, "{text}: {from} {to}");
            }
        }
        day = day.succ_opt().unwrap();
    }
}

/// Easter Sunday of a Gregorian year by the anonymous algorithm (Meeus, *Astronomical
/// Algorithms*, 2nd ed., ch. 8), independent of the reader's.
fn western_easter(y: i32) -> chrono::NaiveDate {
    let (a, b, c) = (y % 19, y / 100, y % 100);
    let (d, e) = (b / 4, b % 4);
    let f = (b + 8) / 25;
    let g = (b - f + 1) / 3;
    let h = (19 * a + b - d - g + 15) % 30;
    let (i, k) = (c / 4, c % 4);
    let l = (32 + 2 * e + 2 * i - h - k) % 7;
    let m = (a + 11 * h + 22 * l) / 451;
    let month = (h + l - 7 * m + 114) / 31;
    let day = (h + l - 7 * m + 114) % 31 + 1;
    chrono::NaiveDate::from_ymd_opt(y, month as u32, day as u32).unwrap()
}

/// Orthodox Easter Sunday of a year from 1900 to 2099 by Meeus's Julian algorithm, thirteen
/// days on in the Gregorian calendar.
fn orthodox_easter(y: i32) -> chrono::NaiveDate {
    let (a, b, c) = (y % 4, y % 7, y % 19);
    let d = (19 * c + 15) % 30;
    let e = (2 * a + 4 * b - d + 34) % 7;
    let month = (d + e + 114) / 31;
    let day = (d + e + 114) % 31 + 1;
    let julian = chrono::NaiveDate::from_ymd_opt(y, month as u32, day as u32).unwrap();
    julian + chrono::Days::new(13)
}

/// The class of holidays by name: every year from 1900 to 2099, a holiday of each kind of rule
/// (a fixed day, a day counted from Western or Orthodox Easter, a weekday counted in a month)
/// with its year before or after it reads as that year's day; a name of two rules asks naming
/// both days, and no other.
#[test]
fn a_holiday_with_its_year_is_that_years_day() {
    use chrono::{Days, NaiveDate, Weekday};
    let spec = Spec::new(Kind::Date, &serde_json::json!({})).unwrap();
    let read = |text: &str| spec.read(Input::String(text)).to_json();
    for y in 1900..=2099 {
        let ymd = |m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap();
        let easter = western_easter(y);
        let orthodox = orthodox_easter(y);
        let one = [
            (format!("Weihnachten {y}"), ymd(12, 25)),
            (format!("{y} Christmas Eve"), ymd(12, 24)),
            (format!("Karfreitag {y}"), easter - Days::new(2)),
            (format!("Easter {y}"), easter),
            (format!("Pentecost, {y}"), easter + Days::new(49)),
            (format!("Orthodox Easter {y}"), orthodox),
            (format!("MLK Day {y}"), NaiveDate::from_weekday_of_month_opt(y, 1, Weekday::Mon, 3).unwrap()),
        ];
        for (text, want) in one {
            let json = read(&text);
            assert_eq!(json["value"], want.to_string(), "{text}: {json}");
        }
        let two = [
            (format!("Uskrs {y}"), [easter, orthodox]),
            (
                format!("Thanksgiving {y}"),
                [
                    NaiveDate::from_weekday_of_month_opt(y, 10, Weekday::Mon, 2).unwrap(),
                    NaiveDate::from_weekday_of_month_opt(y, 11, Weekday::Thu, 4).unwrap(),
                ],
            ),
        ];
        for (text, want) in two {
            let json = read(&text);
            // Both rules giving one day (Easter of 1906 in both calendars): that day reads.
            if want[0] == want[1] {
                assert_eq!(json["value"], want[0].to_string(), "{text}: {json}");
                continue;
            }
            let mut got: Vec<String> = json["ask"]["readings"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| r["value"].as_str().unwrap_or_default().to_owned())
                .collect();
            got.sort();
            let mut want: Vec<String> = want.iter().map(ToString::to_string).collect();
            want.sort();
            want.dedup();
            assert_eq!(got, want, "{text}: {json}");
        }
    }
}

/// The class of `Fri, Jul 18`: a day and month with a weekday that no day within a year of
/// today is asks naming the last and the next such day that is that weekday, then the nearest
/// such days of any weekday; never another day.
#[test]
fn a_weekday_day_and_month_of_no_year_names_days_of_that_weekday() {
    use chrono::{Datelike, NaiveDate};
    let today = NaiveDate::from_ymd_opt(2013, 2, 12).unwrap();
    let spec = Spec::new(Kind::Date, &serde_json::json!({"today": today.to_string()})).unwrap();
    let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    for month in 1..=12u32 {
        let name = chrono::Month::try_from(u8::try_from(month).unwrap()).unwrap().name();
        for day in [1, 13, 29, 31] {
            for (w, weekday) in weekdays.iter().enumerate() {
                let text = format!("{weekday}, {day} {name}");
                let json = spec.read(Input::String(&text)).to_json();
                let near: Vec<NaiveDate> =
                    (2012..=2014).filter_map(|y| NaiveDate::from_ymd_opt(y, month, day)).collect();
                if near.is_empty() {
                    continue;
                }
                if json["status"] == "ok" {
                    let d: NaiveDate = json["value"].as_str().unwrap().parse().unwrap();
                    assert_eq!(d.weekday().num_days_from_monday() as usize, w, "{text}: {json}");
                    continue;
                }
                assert_eq!(json["ask"]["code"], "incomplete_date", "{text}: {json}");
                let readings = json["ask"]["readings"].as_array().unwrap();
                assert!((2..=4).contains(&readings.len()), "{text}: {json}");
                for (i, r) in readings.iter().enumerate() {
                    let d: NaiveDate = r["value"].as_str().unwrap().parse().unwrap();
                    assert_eq!((d.month(), d.day()), (month, day), "{text}: {json}");
                    // The weekday's days first, then the nearest of any weekday (29 February:
                    // the leap years next to today).
                    if i < 2 {
                        assert_eq!(d.weekday().num_days_from_monday() as usize, w, "{text}: {json}");
                    } else {
                        assert!((d.year() - today.year()).abs() <= 4, "{text}: {json}");
                    }
                }
            }
        }
    }
}

/// A holiday of no year asks naming the last one on or before today and the next one after
/// it; `next` and `last` (CLDR's words for the next and last weekday) name one of them.
#[test]
fn a_holiday_of_no_year_names_the_last_and_the_next() {
    use chrono::NaiveDate;
    for today in ["2013-02-12", "2024-03-31", "2026-12-25", "2027-01-01"] {
        let today: NaiveDate = today.parse().unwrap();
        let spec = Spec::new(Kind::Date, &serde_json::json!({"today": today.to_string()})).unwrap();
        for (name, on) in [
            ("Easter Sunday", western_easter as fn(i32) -> NaiveDate),
            ("Christmas Day", |y| NaiveDate::from_ymd_opt(y, 12, 25).unwrap()),
        ] {
            use chrono::Datelike;
            let days: Vec<NaiveDate> = (today.year() - 1..=today.year() + 1).map(on).collect();
            let last = *days.iter().filter(|d| **d <= today).max().unwrap();
            let next = *days.iter().filter(|d| **d > today).min().unwrap();
            let json = spec.read(Input::String(name)).to_json();
            let values: Vec<&str> =
                json["ask"]["readings"].as_array().unwrap().iter().map(|r| r["value"].as_str().unwrap()).collect();
            assert_eq!(values, [last.to_string(), next.to_string()], "{name} ({today}): {json}");
            for (word, want) in [("next", next), ("last", last)] {
                let text = format!("{word} {name}");
                let json = spec.read(Input::String(&text)).to_json();
                assert_eq!(json["value"], want.to_string(), "{text} ({today}): {json}");
            }
        }
    }
}

/// The class of `the first Monday of next month`, `last Friday of this month`: every count of
/// every weekday of the month before, of or after today's, its count an English ordinal word,
/// a number with its ending or `last`, reads as that day, or asks `impossible_date` where the
/// month has no fifth such weekday; never another day.
#[test]
fn a_weekday_counted_in_a_relative_month_is_that_day() {
    use chrono::Datelike;
    let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    let counts =
        [("first", "1st", 1u8), ("second", "2nd", 2), ("third", "3rd", 3), ("fourth", "4th", 4), ("fifth", "5th", 5)];
    for today in ["2013-02-12", "2024-01-31", "2026-12-07", "2027-03-01"] {
        let today: chrono::NaiveDate = today.parse().unwrap();
        let opts = agent_input::date::DateOptions::default().today(today);
        for (phrase, offset) in [("last month", -1), ("this month", 0), ("next month", 1)] {
            let first = today.with_day(1).unwrap();
            let m = chrono::Months::new(1);
            let month = match offset {
                -1 => first.checked_sub_months(m),
                1 => first.checked_add_months(m),
                _ => Some(first),
            }
            .unwrap();
            for (i, weekday) in weekdays.iter().enumerate() {
                let wd = chrono::Weekday::try_from(u8::try_from(i).unwrap()).unwrap();
                for (word, number, n) in counts {
                    let want = chrono::NaiveDate::from_weekday_of_month_opt(month.year(), month.month(), wd, n);
                    for text in [format!("the {word} {weekday} of {phrase}"), format!("{number} {weekday} in {phrase}")]
                    {
                        let out = agent_input::date::read(text.as_str().into(), &opts).unwrap();
                        match want {
                            Some(want) => assert_eq!(out.value(), Some(&want), "{text} ({today})"),
                            None => assert_eq!(out.to_json()["ask"]["code"], "impossible_date", "{text} ({today})"),
                        }
                    }
                }
                let end = month.checked_add_months(m).unwrap().pred_opt().unwrap();
                let back = (7 + end.weekday().num_days_from_monday() - wd.num_days_from_monday()) % 7;
                let last = end - chrono::Days::new(u64::from(back));
                let text = format!("last {weekday} of {phrase}");
                let out = agent_input::date::read(text.as_str().into(), &opts).unwrap();
                assert_eq!(out.value(), Some(&last), "{text} ({today})");
            }
        }
    }
}

/// The class of `Friday after next`: on every day of a fortnight, each weekday after the next
/// names a week after each day `next Friday` names, and nothing else (one such day reads, two
/// ask `ambiguous_date` naming both).
#[test]
fn a_weekday_after_next_is_a_week_after_each_next_one() {
    let days = |out: &agent_input::Outcome<chrono::NaiveDate>| -> Vec<chrono::NaiveDate> {
        match out.value() {
            Some(d) => vec![*d],
            None => out.to_json()["ask"]["readings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| r["value"].as_str().unwrap().parse().unwrap())
                .collect(),
        }
    };
    let start: chrono::NaiveDate = "2026-12-07".parse().unwrap();
    for k in 0..14 {
        let today = start + chrono::Days::new(k);
        let opts = agent_input::date::DateOptions::default().today(today);
        for weekday in ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] {
            let next = days(&agent_input::date::read(format!("next {weekday}").as_str().into(), &opts).unwrap());
            let want: Vec<chrono::NaiveDate> = next.iter().map(|d| *d + chrono::Days::new(7)).collect();
            for text in [format!("{weekday} after next"), format!("the {weekday} after next")] {
                let out = agent_input::date::read(text.as_str().into(), &opts).unwrap();
                assert_eq!(days(&out), want, "{text} ({today})");
                if want.len() > 1 {
                    assert_eq!(out.to_json()["ask"]["code"], "ambiguous_date", "{text} ({today})");
                }
            }
        }
    }
}

/// The class of `3 måneder siden`, `7 dagar sedan`: CLDR's past and future patterns with words
/// before the count and a unit and its direction after it also read without the words before,
/// as the whole pattern does, for every count and unit; a pattern whose words after say no
/// direction (Romanian `3 de zile`) does not.
#[test]
fn a_count_ago_reads_without_its_leading_word() {
    let today: chrono::NaiveDate = "2013-02-12".parse().unwrap();
    let opts = agent_input::date::DateOptions::default().today(today);
    let read = |text: &str| agent_input::date::read(text.into(), &opts).unwrap().value().copied();
    for n in 2..=9 {
        for (full, bare) in [
            (format!("for {n} dage siden"), format!("{n} dage siden")),
            (format!("for {n} måneder siden"), format!("{n} måneder siden")),
            (format!("för {n} veckor sedan"), format!("{n} veckor sedan")),
            (format!("för {n} år sedan"), format!("{n} år sedan")),
            (format!("for {n} uker siden"), format!("{n} uker siden")),
        ] {
            assert!(read(&full).is_some(), "{full}");
            assert_eq!(read(&bare), read(&full), "{bare}");
        }
        assert_eq!(read(&format!("{n} de zile")), None, "{n} de zile");
    }
}

/// The class of `上周二`: CLDR's Chinese words of a weekday of the last, this and the next
/// week, whose weekday is a Han numeral, read as their English words do (`last Tuesday`), on
/// every day of a fortnight; the numeral is a word there, not a digit.
#[test]
fn chinese_relative_weekdays_read_as_english_ones() {
    let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    let han = ["一", "二", "三", "四", "五", "六", "日"];
    let start: chrono::NaiveDate = "2026-12-07".parse().unwrap();
    for k in 0..14 {
        let opts = agent_input::date::DateOptions::default().today(start + chrono::Days::new(k));
        let read = |text: &str| agent_input::date::read(text.into(), &opts).unwrap().to_json();
        for (weekday, numeral) in weekdays.iter().zip(han) {
            for (english, prefix) in [("last", "上"), ("this", "本"), ("next", "下")] {
                let (want, text) = (read(&format!("{english} {weekday}")), format!("{prefix}周{numeral}"));
                let got = read(&text);
                assert_eq!(got["value"], want["value"], "{text}: {got}");
                assert_eq!(got["ask"]["readings"], want["ask"]["readings"], "{text}: {got}");
            }
        }
    }
}

/// English cardinal words one to thirty-one, as a test writes them.
fn english_cardinal(n: u32) -> String {
    let ones = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
    let teens = ["thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
    match n {
        1..=12 => ones[n as usize].to_owned(),
        13..=19 => teens[n as usize - 13].to_owned(),
        20 => "twenty".to_owned(),
        21..=29 => format!("twenty {}", ones[n as usize - 20]),
        30 => "thirty".to_owned(),
        _ => format!("thirty {}", ones[n as usize - 30]),
    }
}

/// The class of `cinco de mayo de 2013`, `twenty one May 2013`: every day of every month of a
/// year, its day written as a cardinal number's words before the month's name (or a filler and
/// the name), reads as that day; a day the month lacks never reads as another.
#[test]
fn a_day_in_cardinal_words_before_its_month_is_that_day() {
    let spanish = [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ];
    let spanish_days = ["uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez"];
    for m in 1..=12u32 {
        let month = chrono::Month::try_from(u8::try_from(m).unwrap()).unwrap().name();
        for day in 1..=31u32 {
            let want = chrono::NaiveDate::from_ymd_opt(2013, m, day);
            let mut texts = vec![
                format!("{} {month} 2013", english_cardinal(day)),
                format!("{} of {month} 2013", english_cardinal(day)),
            ];
            if let Some(word) = spanish_days.get(day as usize - 1) {
                texts.push(format!("{word} de {} de 2013", spanish[m as usize - 1]));
            }
            for text in texts {
                let out = agent_input::date::read(text.as_str().into(), &Default::default()).unwrap();
                match want {
                    Some(want) => assert_eq!(out.value(), Some(&want), "{text}"),
                    None => assert_eq!(out.value(), None, "{text}"),
                }
            }
        }
    }
}

/// The class of `Den 15.`, `på den 15`, `op de 15`: a day of no month after an article or a
/// preposition of a day in any case, or with an ordinal point, names the days `the 15th` names,
/// for every day of the month on every day of a year.
#[test]
fn a_day_of_no_month_after_an_article_names_the_same_days() {
    let start: chrono::NaiveDate = "2026-01-01".parse().unwrap();
    let readings = |text: &str, opts: &agent_input::date::DateOptions| {
        let json = agent_input::date::read(text.into(), opts).unwrap().to_json();
        assert_eq!(json["ask"]["code"], "incomplete_date", "{text}: {json}");
        json["ask"]["readings"].clone()
    };
    for k in (0..365).step_by(7) {
        let opts = agent_input::date::DateOptions::default().today(start + chrono::Days::new(k));
        for d in 1..=31u32 {
            let want = readings(&format!("the {d}{}", english_ordinal(d)), &opts);
            for text in [
                format!("Den {d}."),
                format!("på den {d}"),
                format!("op de {d}"),
                format!("On the {d}{}", english_ordinal(d)),
            ] {
                assert_eq!(readings(&text, &opts), want, "{text}");
            }
        }
        assert_eq!(readings("on the first", &opts), readings("the 1st", &opts));
    }
}

/// The class of `Muttertag 2014`, `Presidents' Day 2013`: a holiday on a weekday counted in a
/// month, by the day its countries give it, is that day in every year from 1900 to 2100; a
/// name countries give two days (`Labor Day`) asks naming both, and no other day.
#[test]
fn a_holiday_on_a_counted_weekday_is_that_years_day() {
    use chrono::{NaiveDate, Weekday};
    let nth = |y: i32, m: u32, w: Weekday, n: u8| NaiveDate::from_weekday_of_month_opt(y, m, w, n).unwrap();
    for y in 1900..=2100 {
        let read =
            |text: &str| Spec::new(Kind::Date, &serde_json::json!({})).unwrap().read(Input::String(text)).to_json();
        for (text, want) in [
            (format!("Muttertag {y}"), nth(y, 5, Weekday::Sun, 2)),
            (format!("Äitienpäivä {y}"), nth(y, 5, Weekday::Sun, 2)),
            (format!("morsdag {y}"), nth(y, 2, Weekday::Sun, 2)),
            (format!("Presidents' Day {y}"), nth(y, 2, Weekday::Mon, 3)),
            (format!("Washington's Birthday {y}"), nth(y, 2, Weekday::Mon, 3)),
        ] {
            let json = read(&text);
            assert_eq!(json["value"], want.to_string(), "{text}: {json}");
        }
        // Labor Day: the Philippines' 1 May and the United States' first Monday of September,
        // never one day.
        let text = format!("Labor Day {y}");
        let json = read(&text);
        let mut got: Vec<&str> =
            json["ask"]["readings"].as_array().unwrap().iter().map(|r| r["value"].as_str().unwrap()).collect();
        got.sort_unstable();
        let (may, september) = (NaiveDate::from_ymd_opt(y, 5, 1).unwrap(), nth(y, 9, Weekday::Mon, 1));
        assert_eq!(got, [may.to_string(), september.to_string()], "{text}: {json}");
    }
}

/// The class of `segunda feira`: every weekday's name CLDR writes with a hyphen names, written
/// with a space, the days the hyphenated name names, alone and before a date.
#[test]
fn a_hyphenated_weekday_written_with_a_space_names_the_same_days() {
    let opts = agent_input::date::DateOptions::default().today("2013-02-12".parse().unwrap());
    let read = |text: &str| agent_input::date::read(text.into(), &opts).unwrap().to_json();
    for name in ["segunda-feira", "terça-feira", "quarta-feira", "quinta-feira", "sexta-feira", "kinta-fera"] {
        let spaced = name.replace('-', " ");
        assert_eq!(read(&spaced)["ask"]["readings"], read(name)["ask"]["readings"], "{spaced}");
        for day in 1..=28 {
            let (a, b) = (format!("{name}, {day} de março de 2013"), format!("{spaced}, {day} de março de 2013"));
            let (want, got) = (read(&a), read(&b));
            assert_eq!(got["value"], want["value"], "{b}: {got}");
            assert_eq!(got["ask"]["code"], want["ask"]["code"], "{b}: {got}");
        }
    }
}
