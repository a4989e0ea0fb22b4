//! The file kind's reads, asks and bounds, each for its class of spellings.

use base64::Engine as _;
use serde_json::{json, Value};

use agent_input::context::{Context, System};
use agent_input::limits::MAX_INLINE_FILE_BYTES;
use agent_input::{Kind, Spec};

/// A PNG's first bytes, and three whose base64 is `+/+/` (`-_-_` URL-safe).
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\xfb\xff\xbf";

fn read(value: &Value, options: Value) -> Value {
    Spec::new(Kind::File, &options).unwrap().read(value.into()).to_json()
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[test]
fn every_inline_spelling_reads_as_the_same_file() {
    let standard = b64(PNG);
    let url_safe = standard.replace('+', "-").replace('/', "_").trim_end_matches('=').to_owned();
    let numbers: Vec<u8> = PNG.to_vec();
    let spellings = [
        (json!(standard), None),
        (json!(url_safe), Some("bytes_spelling_normalized")),
        (json!(format!("{}\n{}", &standard[..20], &standard[20..])), Some("bytes_spelling_normalized")),
        (json!(format!("data:image/png;base64,{standard}")), Some("data_url_read")),
        (json!(numbers), Some("bytes_object_read")),
        (json!({"type": "Buffer", "data": numbers}), Some("bytes_object_read")),
        (json!({"type": "image", "data": standard, "mimeType": "image/png"}), Some("bytes_object_read")),
        (
            json!({"type": "resource", "resource": {"uri": "x://a", "blob": standard, "mimeType": "image/png"}}),
            Some("bytes_object_read"),
        ),
        (json!({"data": standard, "content_type": "image/png", "filename": "a.png"}), Some("bytes_object_read")),
        (json!([standard]), Some("single_item_unwrapped")),
        (json!(format!("  {standard} ")), Some("whitespace_trimmed")),
    ];
    let canonical = read(&json!(standard), json!({}));
    assert_eq!(canonical["value"]["media_type"], "image/png", "{canonical}");
    assert_eq!(canonical["value"]["size"], PNG.len());
    for (value, note) in spellings {
        let out = read(&value, json!({}));
        assert_eq!(out["value"], canonical["value"], "{value}: {out}");
        assert_eq!(out["notes"].get(0).map(|n| n["code"].clone()), note.map(Value::from), "{value}: {out}");
    }
    // The canonical object reads as itself, with no note.
    let again = read(&canonical["value"], json!({}));
    assert_eq!(again["value"], canonical["value"]);
    assert_eq!(again["notes"], json!([]));
}

#[test]
fn text_in_a_resource_and_percent_encoded_data_urls() {
    let out = read(
        &json!({"type": "resource", "resource": {"uri": "x://a", "text": "a,b\n", "mimeType": "text/csv"}}),
        json!({}),
    );
    assert_eq!(out["value"]["bytes"], b64(b"a,b\n"));
    assert_eq!(out["value"]["media_type"], "text/csv");
    let out = read(&json!("data:text/csv,a%2Cb%0A"), json!({"accept": ["text/csv"]}));
    assert_eq!(out["value"]["bytes"], b64(b"a,b\n"), "{out}");
}

#[test]
fn output_shapes_follow_the_schema_written_for() {
    let value = json!(format!("data:image/png;base64,{}", b64(PNG)));
    let base64 = read(&value, json!({"output": "base64"}));
    assert_eq!(base64["value"], b64(PNG));
    let data_url = read(&value, json!({"output": "data_url"}));
    assert_eq!(data_url["value"], value);
    // A data: URL is no repair where data: URLs are the canonical spelling.
    assert_eq!(data_url["notes"], json!([]));
    // A short file given as base64 reads back as itself where base64 is the canonical form.
    let short = read(&json!([1, 2, 3]), json!({"output": "base64"}));
    assert_eq!(short["value"], "AQID");
    assert_eq!(read(&short["value"], json!({"output": "base64"}))["value"], "AQID");
    let reference = read(&json!("https://x.org/a.pdf"), json!({"references": ["https"], "output": "base64"}));
    assert_eq!(reference["value"], "https://x.org/a.pdf");
}

#[test]
fn every_canonical_base64_reads_back_as_itself_where_base64_is_the_output() {
    // Short files whose base64 holds a `/` look like relative paths (`iJ+/+w==`, `/abc`): the
    // handler takes base64, so its own canonical value is base64, whatever its length.
    let options = json!({"output": "base64", "references": ["https", "mcp-file"]});
    let mut state = 0x2545_f491_u32;
    for len in 1..=24usize {
        for _ in 0..64 {
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    state.to_le_bytes()[0]
                })
                .collect();
            let canonical = b64(&bytes);
            let out = read(&json!(canonical), options.clone());
            assert_eq!(out["value"], json!(canonical), "{canonical} reads back: {out}");
            assert_eq!(out["notes"], json!([]), "{canonical} reads back with no note");
        }
    }
    // A path and base64 are one string when a handler takes base64: the options say so.
    let both = Spec::new(Kind::File, &json!({"output": "base64", "references": ["path"]}));
    assert!(both.unwrap_err().to_string().contains("one string for both"));
}

#[test]
fn references_in_the_forms_the_options_name() {
    let all = json!({"references": ["https", "mcp-file", "path"], "resource_prefixes": ["notes://files/"], "file_id_patterns": ["file-*"]});
    let cases = [
        ("https://Files.Example.org/a.pdf", "https", "https://files.example.org/a.pdf"),
        ("MCP-FILE:abc", "mcp-file", "mcp-file:abc"),
        ("/srv/in/a.pdf", "path", "/srv/in/a.pdf"),
        ("file:///srv/in/a%20b.pdf", "path", "/srv/in/a b.pdf"),
        ("NOTES://files/7", "resource", "notes://files/7"),
        ("notes://files/7", "resource", "notes://files/7"),
        ("file-AbC123", "file_id", "file-AbC123"),
    ];
    for (text, form, uri) in cases {
        let out = read(&json!(text), all.clone());
        assert_eq!(out["value"], json!({"reference": uri, "form": form}), "{text}: {out}");
        let noted = out["notes"].get(0).map(|n| n["code"].clone());
        assert_eq!(noted.is_some(), text != uri, "{text}: {out}");
    }
    // A path holding a control character (a `file:` URL's `%0A`, a line break inside) asks.
    for text in ["file:///srv/in/a.pdf%0A", "file:///srv/in/a%09b.pdf", "/srv/in/a\nb.pdf", "/srv/in/a\u{7f}.pdf"] {
        let out = read(&json!(text), all.clone());
        assert_eq!(out["ask"]["code"], "reference_not_accepted", "{text:?}: {out}");
        assert!(out["ask"]["expected"].as_str().unwrap().contains("control character U+00"), "{text:?}: {out}");
    }
    for text in ["file:///srv/in/a.pdf%20", "file:///srv/in/a.pdf%E2%80%83"] {
        let out = read(&json!(text), all.clone());
        assert!(out["ask"]["expected"].as_str().unwrap().ends_with("begins or ends with a space"), "{text}: {out}");
    }
    let link = read(&json!({"type": "resource_link", "uri": "notes://files/7", "name": "a"}), all.clone());
    assert_eq!(link["value"]["reference"], "notes://files/7", "{link}");
    assert_eq!(link["notes"][0]["code"], "file_reference_normalized");
}

#[test]
fn references_the_tool_does_not_take_ask_naming_the_forms_it_does() {
    let options =
        json!({"references": ["https"], "resource_prefixes": ["notes://files/"], "upload_tool": "upload_file"});
    for text in [
        "/tmp/a.pdf",
        "C:\\Users\\me\\a.pdf",
        "./a.pdf",
        "report.pdf",
        "http://x.org/a.pdf",
        "ftp://x.org/a",
        "file:///tmp/a.pdf",
        "s3://bucket/a",
    ] {
        let out = read(&json!(text), options.clone());
        assert_eq!(out["ask"]["code"], "reference_not_accepted", "{text}: {out}");
        let hint = out["ask"]["hint"].as_str().unwrap();
        assert!(
            hint.contains("a resource URI from `upload_file` (notes://files/…)") && hint.contains("an https URL"),
            "{hint}"
        );
    }
    // A path the author opted into still never climbs out of its folder.
    let out = read(&json!("/srv/in/../../etc/passwd"), json!({"references": ["path"]}));
    assert_eq!(out["ask"]["code"], "reference_not_accepted");
    assert!(out["ask"]["expected"].as_str().unwrap().contains(".."));
    // A reference is bounded: a resource URI of 3,000 characters asks, naming the bound.
    let long = format!("notes://files/{}", "a".repeat(3000));
    let out = read(&json!(long), json!({"resource_prefixes": ["notes://files/"]}));
    assert_eq!(out["ask"]["code"], "input_too_long", "{out}");
    // An https URL with no host is no reference.
    assert_eq!(read(&json!("https:/x"), json!({"references": ["https"]}))["ask"]["code"], "not_a_file");
}

#[test]
fn bad_bytes_ask_with_what_is_wrong() {
    let cases = [
        (json!("aGVsbG8gd29ybGQ!IHRoaXMgaXMgYSBmaWxl"), "\"!\" at character 16"),
        (json!("aGVsbG8gd29ybGQsIHRoaXMgaXMgYSBma"), "no whole base64"),
        (json!("aGVsbG8gd29ybGQsIHRoaXMgaXMgYSBmaWxl==="), "no whole base64"),
        (json!({"type": "Buffer", "data": [1, 2, 300]}), "item 2 is 300"),
        (json!([1, -2, 3]), "item 1 is -2"),
        (json!({"bytes": b64(PNG), "size": 3}), "names the size 3"),
        (json!({"bytes": b64(PNG), "sha256": "00"}), "sha256"),
        (json!({"bytes": b64(PNG), "owner": "me"}), "key \"owner\""),
        (json!({"bytes": b64(PNG), "uri": "https://x"}), "both bytes and a reference"),
        (json!({"type": "text", "text": "hi"}), "type \"text\""),
        (json!("iVBOR..."), "no base64 alphabet"),
    ];
    for (value, why) in cases {
        let out = read(&value, json!({}));
        assert_eq!(out["ask"]["code"], "not_a_file", "{value}: {out}");
        assert!(out["ask"]["expected"].as_str().unwrap().contains(why), "{value}: {out}");
    }
    assert_eq!(read(&json!(true), json!({}))["ask"]["code"], "unexpected_type");
}

#[test]
fn placeholders_and_nothing_are_absent() {
    for value in [json!(null), json!(""), json!("<base64>"), json!("string"), json!("file"), json!([])] {
        assert_eq!(read(&value, json!({}))["status"], "absent", "{value}");
    }
    // No bytes in any spelling is no file: absent, whatever the output.
    let empty = [
        json!("data:,"),
        json!("data:image/png;base64,"),
        json!("data:text/plain,  "),
        json!({"bytes": "", "media_type": "image/png"}),
        json!({"type": "Buffer", "data": []}),
        json!({"type": "image", "data": "", "mimeType": "image/png"}),
    ];
    for value in empty {
        for output in ["object", "base64", "data_url"] {
            let out = read(&value, json!({"output": output}));
            assert_eq!(out["status"], "absent", "{value} as {output}: {out}");
        }
    }
}

#[test]
fn the_bound_is_checked_before_anything_is_decoded() {
    let options = json!({"max_bytes": 1024, "resource_prefixes": ["notes://files/"], "upload_tool": "upload_file"});
    let cx = Context::new(&System);
    let long = "QUJD".repeat(1 << 18); // 768 KiB of bytes
    for value in [
        json!(long),
        json!(format!("data:text/plain;base64,{long}")),
        json!(vec![1; 2048]),
        json!({"type": "Buffer", "data": vec![1; 2048]}),
        // A size of two gigabytes announced in a small object: refused on the number alone.
        json!({"bytes": "QUJD", "size": 2_000_000_000_u64}),
    ] {
        let spec = Spec::new(Kind::File, &options).unwrap();
        let out = spec.read_in((&value).into(), &cx).to_json();
        assert_eq!(out["ask"]["code"], "file_too_large", "{out}");
        let hint = out["ask"]["hint"].as_str().unwrap();
        assert!(hint.contains("upload_file") && hint.contains("at most 1 KiB (1024 bytes)"), "{hint}");
        assert!(!hint.contains("smaller") && !hint.contains("compress"), "{hint}");
    }
    assert_eq!(cx.decoded_bytes(), 0);
    // References only: every inline file asks, naming the references.
    let out = read(&json!(b64(PNG)), json!({"max_bytes": 0, "references": ["mcp-file"]}));
    assert_eq!(out["ask"]["code"], "file_too_large");
    assert!(out["ask"]["expected"].as_str().unwrap().contains("by reference only"));
}

#[test]
fn media_types_are_checked_against_accept() {
    let images = json!({"accept": ["image/*"]});
    assert_eq!(read(&json!(b64(PNG)), images.clone())["value"]["media_type"], "image/png");
    let pdf = read(&json!(b64(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")), images.clone());
    assert_eq!(pdf["ask"]["code"], "media_type_not_accepted", "{pdf}");
    // A data: URL lying about its type: the type its bytes are is the one reading.
    let lie = read(&json!(format!("data:image/jpeg;base64,{}", b64(PNG))), images);
    assert_eq!(lie["ask"]["code"], "media_type_mismatch", "{lie}");
    assert!(lie["ask"]["expected"].as_str().unwrap().contains("declares image/jpeg, but its bytes are image/png"));
    assert_eq!(lie["ask"]["readings"][0]["value"]["media_type"], "image/png");
    // Text of no declared type where two textual types are taken: both readings.
    let text = read(&json!(b64(b"{\"a\": 1, \"b\": [1, 2]}")), json!({"accept": ["text/csv", "application/json"]}));
    assert_eq!(text["ask"]["code"], "media_type_not_accepted");
    let types: Vec<&Value> =
        text["ask"]["readings"].as_array().unwrap().iter().map(|r| &r["value"]["media_type"]).collect();
    assert_eq!(types, [&json!("text/csv"), &json!("application/json")]);
    // One textual type taken: text is that type.
    let one = read(&json!(b64(b"a,b\n1,2\n3,4\n")), json!({"accept": ["text/csv"]}));
    assert_eq!(one["value"]["media_type"], "text/csv");
}

#[test]
fn options_are_checked() {
    for bad in [
        json!({"accept": ["png"]}),
        json!({"accept": ["*/png"]}),
        json!({"max_bytes": MAX_INLINE_FILE_BYTES + 1}),
        json!({"max_bytes": 0}),
        json!({"resource_prefixes": ["files/"]}),
        json!({"file_id_patterns": ["*"]}),
        json!({"references": ["ftp"]}),
        json!({"upload_tool": " "}),
        json!({"output": "hex"}),
        json!({"maxBytes": 1}),
    ] {
        assert!(Spec::new(Kind::File, &bad).is_err(), "{bad}");
    }
    assert!(Spec::new(Kind::File, &json!({"accept": ["Image/PNG"], "max_bytes": 0, "references": ["path"]})).is_ok());
}

#[test]
fn the_schema_states_the_bound_and_the_forms() {
    let spec = Spec::new(
        Kind::File,
        &json!({"accept": ["application/pdf"], "max_bytes": 1_048_576, "references": ["mcp-file"], "resource_prefixes": ["notes://files/"], "upload_tool": "upload_file"}),
    )
    .unwrap();
    let schema = spec.schema();
    let canonical = &schema["anyOf"][0]["anyOf"][0];
    assert_eq!(
        canonical["x-mcp-file"],
        json!({"accept": ["application/pdf"], "maxSize": 1_048_576, "transferModes": ["inline", "upload"]})
    );
    assert!(canonical["maxLength"].as_u64().unwrap() >= 1_048_576 / 3 * 4);
    let description = schema["description"].as_str().unwrap();
    assert!(description.contains("at most 1 MiB (1048576 bytes) decoded"), "{description}");
    assert!(description.contains("a resource URI from `upload_file`"), "{description}");
    // The example reads as itself, with no note.
    let example = spec.example().unwrap();
    let out = spec.read((&example).into()).to_json();
    assert_eq!((&out["value"], &out["notes"]), (&example, &json!([])));
    let bytes = Spec::new(Kind::File, &json!({"accept": ["image/png"]})).unwrap();
    let example = bytes.example().unwrap();
    assert_eq!(bytes.read((&example).into()).to_json()["value"], example);
}

#[test]
fn every_reading_reads_back_as_itself() {
    let cases = [
        (json!("test"), json!({})),
        (json!(b64(b"[1, 2, 3, 4, 5, 6, 7, 8]")), json!({"accept": ["text/csv", "application/json"]})),
        (json!(format!("data:image/gif;base64,{}", b64(PNG))), json!({"accept": ["image/*"]})),
    ];
    for (value, options) in cases {
        let spec = Spec::new(Kind::File, &options).unwrap();
        let out = spec.read((&value).into());
        let ask = out.as_ask().expect("an ask");
        assert!(!ask.readings.is_empty(), "{value}");
        for reading in &ask.readings {
            let back = spec.read((&reading.value).into());
            assert_eq!(back.value(), Some(&reading.value), "{value}");
        }
    }
}

proptest::proptest! {
    #[test]
    fn no_text_panics_or_decodes_past_the_bound(text in "[A-Za-z0-9+/=_:.\\-\\\\ \n%]{0,200}", max in 0_usize..64) {
        let options = json!({"max_bytes": max, "references": ["https", "path"], "file_id_patterns": ["f-*"]});
        let spec = Spec::new(Kind::File, &options).unwrap();
        let cx = Context::new(&System);
        let _ = spec.read_in((&json!(text)).into(), &cx);
        let _ = spec.read_in((&json!(format!("data:;base64,{text}"))).into(), &cx);
        // A decode reads at most the bound (the magic-number check of a path-shaped text reads
        // at most 48 bytes of its start).
        proptest::prop_assert!(cx.decoded_bytes() <= 2 * max as u64 + 48);
    }
}
