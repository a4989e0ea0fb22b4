//! The shape of the core, checked: the layers of `docs/ARCHITECTURE.md` import only downward
//! (no import circle), every name comes from the module that owns it (never from the crate
//! root's re-exports), and no function is longer than a screen.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The layers, bottom first. A module may import from its own layer's earlier rows' modules and
/// from lower layers, never from a later one. (Same table as docs/ARCHITECTURE.md.)
const LAYERS: &[(&str, &[&str])] = &[
    ("bounds and data", &["limits", "data"]),
    ("the read's context", &["context"]),
    ("spelling", &["spelling"]),
    ("values in and codes out", &["input", "json", "error", "codes", "hint"]),
    ("outcome", &["outcome"]),
    ("the absent rule", &["absent"]),
    ("several values for one", &["several"]),
    ("the opening", &["opening"]),
    ("the Reader contract and its driver", &["reader"]),
    (
        "kinds",
        &[
            "number",
            "boolean",
            "enum_",
            "text",
            "uuid",
            "idempotency_key",
            "cursor",
            "date",
            "country",
            "locale",
            "eli",
            "vocabulary",
        ],
    ),
    ("kind dispatch", &["kind"]),
    ("tool factory", &["tool"]),
    ("batch lines", &["batch"]),
    ("MCP server glue (feature `rmcp`)", &["server"]),
];

/// Imports allowed inside one layer: a kind that reads through another kind (an idempotency
/// key shaped like a uuid is read by the uuid kind; the country named in a locale's display
/// name, `English (United States)`, by the country kind: one reader of country names).
const SIDEWAYS: &[(&str, &str)] = &[("idempotency_key", "uuid"), ("locale", "country")];

/// The longest a function of the core may be, in lines (signature to closing brace).
const MAX_FUNCTION_LINES: usize = 80;

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level module a source file belongs to (`src/date/grammar.rs` is `date`).
fn module_of(file: &Path) -> String {
    let rel = file.strip_prefix(src()).unwrap();
    let first = rel.components().next().unwrap().as_os_str().to_string_lossy().to_string();
    first.trim_end_matches(".rs").to_owned()
}

/// The code of a file without comments (doc links are not imports).
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter(|(_, l)| !l.trim_start().starts_with("//"))
}

/// Every `crate::x` a file's code names, with its line number.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (n, line) in code_lines(text) {
        let mut rest = line;
        while let Some(i) = rest.find("crate::") {
            let after = &rest[i + "crate::".len()..];
            if after.starts_with('{') {
                // `use crate::{a, b::C};`: every first segment in the braces.
                let inner = &after[1..after.find('}').unwrap_or(after.len())];
                for item in inner.split(',') {
                    let name: String = item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                    if !name.is_empty() {
                        out.push((n + 1, name));
                    }
                }
            } else {
                let name: String = after.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                out.push((n + 1, name));
            }
            rest = &after[1.min(after.len())..];
        }
    }
    out
}

fn layer_of(module: &str) -> Option<(usize, usize)> {
    LAYERS.iter().enumerate().find_map(|(i, (_, mods))| mods.iter().position(|m| *m == module).map(|j| (i, j)))
}

#[test]
fn layers_import_only_downward() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut offenders = Vec::new();
    for file in &files {
        let module = module_of(file);
        if module == "lib" {
            continue;
        }
        let Some((layer, _)) = layer_of(&module) else {
            offenders.push(format!("{}: module `{module}` is in no layer of the table", file.display()));
            continue;
        };
        let text = std::fs::read_to_string(file).unwrap();
        for (line, name) in crate_paths(&text) {
            if name == module {
                continue;
            }
            let place = format!("{}:{line}", file.strip_prefix(src()).unwrap().display());
            if name.chars().next().is_some_and(char::is_uppercase)
                || matches!(name.as_str(), "fold" | "fold_name" | "read")
            {
                offenders.push(format!("{place}: `crate::{name}` is a root re-export; import it from its owner"));
                continue;
            }
            let Some((their_layer, _)) = layer_of(&name) else {
                offenders.push(format!("{place}: `crate::{name}` is not a module of the table"));
                continue;
            };
            let sideways = their_layer == layer && SIDEWAYS.contains(&(module.as_str(), name.as_str()));
            if their_layer > layer || (their_layer == layer && !sideways) {
                offenders.push(format!(
                    "{place}: `{module}` ({}) imports `{name}` ({}), which is not below it",
                    LAYERS[layer].0, LAYERS[their_layer].0
                ));
            }
        }
    }
    assert!(offenders.is_empty(), "imports against the layers:\n{}", offenders.join("\n"));
}

#[test]
fn the_check_sees_a_back_import() {
    // The scan itself: a back-import in a fixture text is found.
    let text = "use crate::codes::AskCode;\nuse crate::{tool, spelling};\n// crate::kind in a comment\n";
    let names: Vec<String> = crate_paths(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["codes", "tool", "spelling"]);
    let (codes, _) = layer_of("codes").unwrap();
    let (tool, _) = layer_of("tool").unwrap();
    assert!(tool > codes, "a codes -> tool import would be reported");
}

/// Functions longer than `MAX_FUNCTION_LINES`, by brace matching from each `fn` line.
fn long_functions(text: &str) -> Vec<(usize, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let trimmed = lines[i].trim_start();
        let is_fn = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
            "pub const fn ",
            "pub(crate) const fn ",
        ]
        .iter()
        .any(|p| trimmed.starts_with(p));
        if !is_fn || trimmed.ends_with(';') {
            i += 1;
            continue;
        }
        let name: String = trimmed
            .split("fn ")
            .nth(1)
            .unwrap_or_default()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut depth = 0i32;
        let mut opened = false;
        let mut j = i;
        while j < lines.len() {
            for c in lines[j].chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            if opened && depth <= 0 {
                break;
            }
            j += 1;
        }
        let len = j - i + 1;
        if len > MAX_FUNCTION_LINES {
            out.push((i + 1, name, len));
        }
        i += 1;
    }
    out
}

#[test]
fn no_function_is_longer_than_a_screen() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut long: BTreeMap<String, usize> = BTreeMap::new();
    for file in &files {
        if file.strip_prefix(src()).unwrap().starts_with("data") {
            continue; // generated tables
        }
        let text = std::fs::read_to_string(file).unwrap();
        // Unit tests are not the read path.
        let code = text.split("#[cfg(test)]").next().unwrap_or_default();
        for (line, name, len) in long_functions(code) {
            long.insert(format!("{}:{line} `{name}`", file.strip_prefix(src()).unwrap().display()), len);
        }
    }
    let listed: Vec<String> = long.iter().map(|(f, n)| format!("{f}: {n} lines")).collect();
    assert!(listed.is_empty(), "functions over {MAX_FUNCTION_LINES} lines:\n{}", listed.join("\n"));
}
