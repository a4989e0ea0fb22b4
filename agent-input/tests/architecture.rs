//! The shape of the core, checked: the layers of `docs/ARCHITECTURE.md` import only downward
//! (no import circle), the files inside a module import each other without a circle, every
//! name comes from the module that owns it (never from the crate root's re-exports), no
//! function of the workspace is longer than a screen, and no file of the core is too long.

use std::collections::{BTreeMap, BTreeSet};
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
            "file",
        ],
    ),
    ("kind dispatch", &["kind"]),
    ("tool factory", &["tool"]),
    ("batch lines", &["batch"]),
    ("the call protocol, without I/O", &["protocol"]),
    ("the call protocol's telemetry (feature `tracing`)", &["telemetry"]),
    ("MCP server glue (feature `rmcp`)", &["server"]),
];

/// Imports allowed inside one layer: a kind that reads through another kind (an idempotency
/// key shaped like a uuid is read by the uuid kind; the country named in a locale's display
/// name, `English (United States)`, by the country kind: one reader of country names; a day
/// written in number words, `cinco de mayo`, by the number kind's reader of words).
const SIDEWAYS: &[(&str, &str)] = &[("idempotency_key", "uuid"), ("locale", "country"), ("date", "number")];

/// The longest a function of the workspace may be, in lines (signature to closing brace).
const MAX_FUNCTION_LINES: usize = 80;

/// The longest a file of the core (`agent-input/src`, less its generated `data/`) may be.
const MAX_FILE_LINES: usize = 1200;

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The workspace's root, the directory above the crate.
fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Directories no scan enters: build output, packages, version control, generated tables.
fn skipped(dir: &Path) -> bool {
    let name = dir.file_name().unwrap_or_default().to_string_lossy();
    name == "target" || name == "node_modules" || name.starts_with('.') || dir == src().join("data")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if !skipped(&path) {
                rust_files(&path, out);
            }
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

/// A file's code with its comments and the insides of its string, raw string and character
/// literals blanked (each character a space, each line kept): what is left is code, whose
/// braces and paths count.
fn blank_non_code(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let (c, next) = (chars[i], chars.get(i + 1).copied());
        // A literal's prefix (`b"…"`, `b'…'`, `br#"…"#`) is no identifier before it.
        let ident = |c: &char| c.is_alphanumeric() || *c == '_';
        let prefix = i >= 1 && chars[i - 1] == 'b' && !(i >= 2 && ident(&chars[i - 2]));
        let after_ident = i >= 1 && ident(&chars[i - 1]) && !prefix;
        i = match c {
            '/' if next == Some('/') => blank_until(&chars, i, &mut out, |rest| rest.first() == Some(&'\n')),
            '/' if next == Some('*') => blank_block_comment(&chars, i, &mut out),
            'r' if !after_ident && raw_string_hashes(&chars[i + 1..]).is_some() => {
                blank_raw_string(&chars, i, &mut out)
            }
            '"' => blank_string(&chars, i, &mut out),
            '\'' if !after_ident => blank_char(&chars, i, &mut out),
            _ => {
                out.push(c);
                i + 1
            }
        };
    }
    out
}

/// Blanks from `i` until `end` holds of the rest (or the text ends); the index it stops at.
fn blank_until(chars: &[char], mut i: usize, out: &mut String, end: impl Fn(&[char]) -> bool) -> usize {
    while i < chars.len() && !end(&chars[i..]) {
        out.push(if chars[i] == '\n' { '\n' } else { ' ' });
        i += 1;
    }
    i
}

/// Blanks a `/* … */` comment (nested ones too) at `i`.
fn blank_block_comment(chars: &[char], mut i: usize, out: &mut String) -> usize {
    let mut depth = 0;
    while i < chars.len() {
        match (chars[i], chars.get(i + 1).copied()) {
            ('/', Some('*')) => depth += 1,
            ('*', Some('/')) => depth -= 1,
            (c, _) => {
                out.push(if c == '\n' { '\n' } else { ' ' });
                i += 1;
                continue;
            }
        }
        out.push_str("  ");
        i += 2;
        if depth == 0 {
            return i;
        }
    }
    i
}

/// The number of `#` of a raw string whose `r` comes before `rest`: `r"`, `r#"`, `r##"`.
fn raw_string_hashes(rest: &[char]) -> Option<usize> {
    let hashes = rest.iter().take_while(|c| **c == '#').count();
    (rest.get(hashes) == Some(&'"')).then_some(hashes)
}

/// Blanks the inside of a raw string whose `r` is at `i`: nothing inside escapes.
fn blank_raw_string(chars: &[char], i: usize, out: &mut String) -> usize {
    let hashes = raw_string_hashes(&chars[i + 1..]).unwrap_or(0);
    let close: Vec<char> = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
    out.push('r');
    out.extend(&close[1..]);
    out.push('"');
    let i = blank_until(chars, i + hashes + 2, out, |rest| rest.starts_with(&close));
    out.extend(&close);
    i + close.len()
}

/// Blanks the inside of a string whose `"` is at `i`, escapes included.
fn blank_string(chars: &[char], mut i: usize, out: &mut String) -> usize {
    out.push('"');
    i += 1;
    while i < chars.len() && chars[i] != '"' {
        let width = if chars[i] == '\\' { 2 } else { 1 };
        for c in chars.iter().skip(i).take(width) {
            out.push(if *c == '\n' { '\n' } else { ' ' });
        }
        i += width;
    }
    out.push('"');
    i + 1
}

/// Blanks the inside of a character literal at `i` (`'{'`, `'\''`, `'\u{7b}'`); a lifetime or
/// a label (`'a`) is code.
fn blank_char(chars: &[char], i: usize, out: &mut String) -> usize {
    let end = if chars.get(i + 1) == Some(&'\\') {
        chars[i + 2..].iter().position(|c| *c == '\'').map(|p| i + 2 + p)
    } else {
        (chars.get(i + 2) == Some(&'\'')).then_some(i + 2)
    };
    let Some(end) = end else {
        out.push('\'');
        return i + 1;
    };
    out.push('\'');
    out.extend(std::iter::repeat_n(' ', end - i - 1));
    out.push('\'');
    end + 1
}

/// Every path the code names from one of `roots` (`crate`, `super`, `self`, a child module),
/// with the line of its last segment: `use` trees expanded (`use crate::{a, b::{c, d}}` over
/// any number of lines gives `crate::a`, `crate::b::c`, `crate::b::d`), and paths in
/// expressions (`super::read::join(…)`) alike. `code` is blanked ([`blank_non_code`]).
fn paths(code: &str, roots: &[&str]) -> Vec<(usize, Vec<String>)> {
    let chars: Vec<char> = code.chars().collect();
    let line_of = |i: usize| chars[..i].iter().filter(|c| **c == '\n').count() + 1;
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = (i == 0 || !(chars[i - 1].is_alphanumeric() || matches!(chars[i - 1], '_' | ':')))
            && (chars[i].is_alphabetic() || chars[i] == '_');
        if !starts {
            i += 1;
            continue;
        }
        let word: String = chars[i..].iter().take_while(|c| c.is_alphanumeric() || **c == '_').collect();
        let after = skip_space(&chars, i + word.chars().count());
        if roots.contains(&word.as_str()) && chars[after..].starts_with(&[':', ':']) {
            let mut tree = Vec::new();
            i = use_tree(&chars, after + 2, vec![word], &mut tree);
            found.extend(tree.into_iter().map(|(at, path)| (line_of(at), path)));
        } else {
            i += word.chars().count().max(1);
        }
    }
    found
}

fn skip_space(chars: &[char], mut i: usize) -> usize {
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    i
}

/// The paths of the tree at `i` under `prefix` (its segments so far), each with the index of
/// its last segment; the index after the tree.
fn use_tree(chars: &[char], i: usize, mut prefix: Vec<String>, out: &mut Vec<(usize, Vec<String>)>) -> usize {
    let mut i = skip_space(chars, i);
    loop {
        if chars.get(i) == Some(&'{') {
            i += 1;
            loop {
                i = skip_space(chars, i);
                match chars.get(i) {
                    None => return i,
                    Some('}') => return i + 1,
                    Some(',') => i += 1,
                    Some(_) => {
                        let before = i;
                        i = use_tree(chars, i, prefix.clone(), out);
                        if i == before {
                            i += 1; // nothing a path holds (a type's generics): passed over
                        }
                    }
                }
            }
        }
        let word: String =
            chars[i.min(chars.len())..].iter().take_while(|c| c.is_alphanumeric() || **c == '_').collect();
        if word.is_empty() {
            if chars.get(i) == Some(&'*') {
                prefix.push("*".to_owned());
                out.push((i, prefix));
                return i + 1;
            }
            out.push((i, prefix));
            return i;
        }
        let at = i;
        prefix.push(word.clone());
        i = skip_space(chars, i + word.chars().count());
        if chars[i.min(chars.len())..].starts_with(&[':', ':']) && chars.get(i + 2) != Some(&'<') {
            i = skip_space(chars, i + 2);
        } else {
            out.push((at, prefix));
            return i;
        }
    }
}

/// Every `crate::x` a file's code names, with its line number.
fn crate_paths(text: &str) -> Vec<(usize, String)> {
    paths(&blank_non_code(text), &["crate"])
        .into_iter()
        .filter_map(|(line, path)| path.get(1).map(|first| (line, first.clone())))
        .collect()
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
    // The scan itself: a back-import in a fixture text is found, on one line or over several.
    let text = "use crate::codes::AskCode;\nuse crate::{tool, spelling};\n// crate::kind in a comment\n\
                let s = \"crate::batch in a string\";\n";
    let names: Vec<String> = crate_paths(text).into_iter().map(|(_, n)| n).collect();
    assert_eq!(names, ["codes", "tool", "spelling"]);
    let block = "use crate::{\n    codes::AskCode,\n    tool::{\n        Issue,\n        ToolSpec,\n    },\n};\n";
    let found = crate_paths(block);
    assert_eq!(found, [(2, "codes".to_owned()), (4, "tool".to_owned()), (5, "tool".to_owned())]);
    let (codes, _) = layer_of("codes").unwrap();
    let (tool, _) = layer_of("tool").unwrap();
    assert!(tool > codes, "a codes -> tool import would be reported");
}

/// The files of one module directory, by name (`grammar` for `grammar.rs`, `mod` for
/// `mod.rs`, a subdirectory by its name), and the module's path from the crate root.
struct ModuleDir {
    path: Vec<String>,
    files: Vec<(String, String)>,
}

/// The names `mod.rs` imports from its children (`use props::{Context, Set};`), which the
/// children may name as `super::Context`: each to the child it comes from.
fn names_from_children(mod_code: &str, children: &[&str]) -> BTreeMap<String, String> {
    let roots: Vec<&str> = ["self"].into_iter().chain(children.iter().copied()).collect();
    let mut names = BTreeMap::new();
    for (_, path) in paths(mod_code, &roots) {
        let path = if path[0] == "self" { &path[1..] } else { &path[..] };
        if let ([child, .., name], true) = (path, path.len() > 1 && children.contains(&path[0].as_str())) {
            if name != "*" && name != "self" {
                names.insert(name.clone(), child.clone());
            }
        }
    }
    names
}

/// What a file of `dir` imports from its siblings: (the file, its line, the sibling). A path
/// into the module names the sibling file its first segment names, or an item `mod.rs`
/// imports from a child (that child). An item `mod.rs` itself defines is the module's own:
/// its children build on it and `mod.rs` declares them, so naming it makes no edge.
fn file_imports(dir: &ModuleDir) -> Vec<(String, usize, String)> {
    let names: Vec<&str> = dir.files.iter().map(|(n, _)| n.as_str()).filter(|n| *n != "mod").collect();
    let mod_code = dir.files.iter().find(|(n, _)| n == "mod").map(|(_, t)| blank_non_code(t)).unwrap_or_default();
    let reexported = names_from_children(&mod_code, &names);
    let target = |rest: &[String]| {
        let first = rest.first()?;
        names.iter().find(|n| **n == first).map(|n| (*n).to_owned()).or_else(|| reexported.get(first).cloned())
    };
    let mut out = Vec::new();
    for (name, text) in &dir.files {
        let code = blank_non_code(text);
        let is_mod = name == "mod";
        // `mod.rs` names its children without `self::` too (`use props::Set;`).
        let children: &[&str] = if is_mod { &names } else { &[] };
        let roots: Vec<&str> = ["crate", "super", "self"].into_iter().chain(children.iter().copied()).collect();
        for (line, path) in paths(&code, &roots) {
            let to = match path[0].as_str() {
                "crate" if path[1..].starts_with(&dir.path) => target(&path[1 + dir.path.len()..]),
                "super" if !is_mod && path.get(1).is_none_or(|s| s != "super") => target(&path[1..]),
                "self" if is_mod => target(&path[1..]),
                child if children.contains(&child) => Some(child.to_owned()),
                _ => None,
            };
            if let Some(to) = to.filter(|to| to != name) {
                out.push((name.clone(), line, to));
            }
        }
    }
    out
}

/// The circles of an import graph: each set of files that reach one another, with the
/// imports between them (`a.rs:12 -> b.rs`).
fn circles(edges: &[(String, usize, String)]) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for (from, _, to) in edges {
        next.entry(from).or_default().insert(to);
    }
    let reach = |start: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start];
        while let Some(f) = todo.pop() {
            for &t in next.get(f).into_iter().flatten() {
                if seen.insert(t) {
                    todo.push(t);
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&str, BTreeSet<&str>> = next.keys().map(|f| (*f, reach(f))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for (&f, r) in &reaches {
        if done.contains(f) || !r.contains(f) {
            continue;
        }
        let circle: BTreeSet<&str> =
            r.iter().copied().filter(|g| reaches.get(g).is_some_and(|rg| rg.contains(f))).collect();
        done.extend(circle.iter().copied());
        out.push(
            edges
                .iter()
                .filter(|(a, _, b)| circle.contains(a.as_str()) && circle.contains(b.as_str()))
                .map(|(a, line, b)| format!("{a}.rs:{line} -> {b}.rs"))
                .collect(),
        );
    }
    out
}

/// Every module directory of the core: its path and its files' texts.
fn module_dirs(dir: &Path, path: &[String], out: &mut Vec<ModuleDir>) {
    let mut files = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    entries.sort();
    for entry in entries {
        let name = entry.file_stem().unwrap().to_string_lossy().to_string();
        if entry.is_dir() {
            if skipped(&entry) {
                continue;
            }
            let sub: Vec<String> = path.iter().cloned().chain([name.clone()]).collect();
            module_dirs(&entry, &sub, out);
            // A subdirectory is one node of its parent: its `mod.rs` stands for it.
            let text = std::fs::read_to_string(entry.join("mod.rs")).unwrap_or_default();
            files.push((name, text));
        } else if entry.extension().is_some_and(|e| e == "rs") {
            files.push((name, std::fs::read_to_string(&entry).unwrap()));
        }
    }
    if !path.is_empty() {
        out.push(ModuleDir { path: path.to_vec(), files });
    }
}

#[test]
fn files_inside_a_module_import_without_a_circle() {
    let mut dirs = Vec::new();
    module_dirs(&src(), &[], &mut dirs);
    let mut found = Vec::new();
    for dir in &dirs {
        for circle in circles(&file_imports(dir)) {
            found.push(format!("src/{}: {}", dir.path.join("/"), circle.join(", ")));
        }
    }
    assert!(found.is_empty(), "files of a module that import each other:\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_a_circle_of_files() {
    // `a` names `b` in a multi-line `use` block, `b` names `c` in an expression, and `c`
    // names `a` from the crate root: one circle. `mod.rs` naming a child without `self::`,
    // and `d` naming `Alpha` through `mod.rs` (an edge to `a`) and `Top` of `mod.rs` (none),
    // make none.
    let file = |name: &str, text: &str| (name.to_owned(), text.to_owned());
    let dir = ModuleDir {
        path: vec!["m".to_owned()],
        files: vec![
            file("mod", "mod a;\nmod b;\nuse a::Alpha;\npub(crate) use self::d::Delta;\npub struct Top;\n"),
            file("a", "use super::{\n    b::{\n        Beta,\n    },\n    Top,\n};\n"),
            file("b", "fn f() { super::c::gamma(\"super::d::in_a_string\") }\n// use super::d;\n"),
            file("c", "use crate::m::a::Alpha;\nuse crate::other::x;\n"),
            file("d", "use super::Top;\nuse super::Alpha;\n"),
        ],
    };
    let edges = file_imports(&dir);
    let listed: Vec<String> = edges.iter().map(|(a, line, b)| format!("{a}:{line}->{b}")).collect();
    assert_eq!(listed, ["mod:3->a", "mod:4->d", "a:3->b", "b:1->c", "c:1->a", "d:2->a"]);
    assert_eq!(circles(&edges), [vec!["a.rs:3 -> b.rs", "b.rs:1 -> c.rs", "c.rs:1 -> a.rs"]]);
}

/// Where a function of `code` (blanked) whose signature begins on line `i` ends, by brace
/// matching: `None` for a declaration without a body (`fn f();` in a trait).
fn function_end(lines: &[&str], i: usize) -> Option<usize> {
    let mut depth = 0i32;
    let mut opened = false;
    for (j, line) in lines.iter().enumerate().skip(i) {
        for c in line.chars() {
            match c {
                '{' => {
                    depth += 1;
                    opened = true;
                }
                '}' => depth -= 1,
                ';' if !opened => return None,
                _ => {}
            }
        }
        if opened && depth <= 0 {
            return Some(j);
        }
    }
    None
}

/// The name of the function a (blanked) line declares: `fn`, after any of `pub(…)`, `const`,
/// `async`, `unsafe`, `extern "C"`.
fn declared_function(line: &str) -> Option<String> {
    let mut rest = line.trim_start();
    loop {
        let before = rest;
        for word in ["pub ", "const ", "async ", "unsafe ", "default "] {
            rest = rest.strip_prefix(word).unwrap_or(rest).trim_start();
        }
        if rest.starts_with("pub(") {
            rest = rest.split_once(')').map_or("", |(_, r)| r).trim_start();
        }
        if let Some(r) = rest.strip_prefix("extern ") {
            let r = r.trim_start();
            rest = match r.strip_prefix('"') {
                Some(abi) => abi.split_once('"').map_or("", |(_, r)| r).trim_start(),
                None => r,
            };
        }
        if rest == before {
            break;
        }
    }
    let name: String = rest.strip_prefix("fn ")?.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    (!name.is_empty()).then_some(name)
}

/// Functions longer than `MAX_FUNCTION_LINES`, by brace matching from each `fn` line, in code
/// whose comments, strings and character literals are blanked.
fn long_functions(text: &str) -> Vec<(usize, String, usize)> {
    let code = blank_non_code(text);
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for i in 0..lines.len() {
        let Some(name) = declared_function(lines[i]) else { continue };
        let Some(end) = function_end(&lines, i) else { continue };
        let len = end - i + 1;
        if len > MAX_FUNCTION_LINES {
            out.push((i + 1, name, len));
        }
    }
    out
}

#[test]
fn the_count_skips_braces_in_literals_and_comments() {
    let open_braces = "{".repeat(3);
    let text = format!(
        "pub(crate) async fn f() {{\n    let a = \"{open_braces}\";\n    let b = r#\"{{\"k\": \"}}\"#;\n    let c = '{{';\n    // {{\n    /* {{ */\n    let d = b'}}';\n    let e = '\\u{{7b}}';\n}}\nfn g<'a>(x: &'a str) -> &'a str {{\n    x\n}}\n"
    );
    let code = blank_non_code(&text);
    let lines: Vec<&str> = code.lines().collect();
    assert_eq!(lines.len(), text.lines().count(), "lines kept");
    assert_eq!(declared_function(lines[0]).as_deref(), Some("f"));
    assert_eq!(function_end(&lines, 0), Some(8));
    assert_eq!(declared_function(lines[9]).as_deref(), Some("g"));
    assert_eq!(function_end(&lines, 9), Some(11));
    assert_eq!(declared_function("    pub extern \"C\" fn h() {"), Some("h".to_owned()));
    assert_eq!(function_end(&["    fn declared(&self) -> u8;", "fn next() {", "}"], 0), None);
}

#[test]
fn no_function_is_longer_than_a_screen() {
    // Every Rust file of the workspace, tests and the generator included (not the generated
    // tables of `agent-input/src/data`).
    let root = workspace();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut long: BTreeMap<String, usize> = BTreeMap::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (line, name, len) in long_functions(&text) {
            long.insert(format!("{}:{line} `{name}`", file.strip_prefix(&root).unwrap().display()), len);
        }
    }
    let listed: Vec<String> = long.iter().map(|(f, n)| format!("{f}: {n} lines")).collect();
    assert!(listed.is_empty(), "functions over {MAX_FUNCTION_LINES} lines:\n{}", listed.join("\n"));
}

#[test]
fn no_file_of_the_core_is_too_long() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let listed: Vec<String> = files
        .iter()
        .map(|f| (f, std::fs::read_to_string(f).unwrap().lines().count()))
        .filter(|(_, n)| *n > MAX_FILE_LINES)
        .map(|(f, n)| format!("{}: {n} lines", f.strip_prefix(src()).unwrap().display()))
        .collect();
    assert!(listed.is_empty(), "files over {MAX_FILE_LINES} lines:\n{}", listed.join("\n"));
}

/// The core keeps no state between reads and reads no environment or clock of its own: the
/// only place it does is the host callers pass, `context::System` (`docs/ARCHITECTURE.md`,
/// "The read's context").
#[test]
fn no_hidden_state_or_io_outside_the_host() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    let mut found = Vec::new();
    for file in &files {
        let rel = file.strip_prefix(src()).unwrap();
        if rel.starts_with("data") || rel == Path::new("context.rs") {
            continue;
        }
        let text = std::fs::read_to_string(file).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or_default();
            for needle in ["thread_local!", "std::env", "SystemTime", "Instant::now", "static mut"] {
                if code.contains(needle) {
                    found.push(format!("{}:{}: {needle}", rel.display(), i + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "state or I/O outside context::System:\n{}", found.join("\n"));
}

/// The machinery of the call protocol's rules, by the names an adapter would use to decide
/// one itself: the state's marker, the contract's steps, the question to a person, the notes
/// block's keys, the client's ability to ask.
const RULE_MACHINERY: &[&str] = &[
    "STATE_PREFIX",
    "\"agent-input:\"",
    "\"c1.\"",
    "'c1.'",
    "ask_person(",
    "askPerson(",
    "read_answers(",
    "read_answers_with(",
    "readAnswers(",
    ".gate(",
    ".finish(call",
    ".finish(&",
    "failure_result(",
    "failureResult(",
    "receipt_key(",
    "receiptKey(",
    "to_call_tool_result(",
    "toCallToolResult(",
    "\"agent-input/notes\"",
    "'agent-input/notes'",
    "\"elicitation\"",
    ".elicitation",
];

/// The adapters between a framework and the protocol: Rust's rmcp glue, Python's and
/// JavaScript's MCP modules.
const ADAPTERS: &[&str] = &[
    "agent-input/src/server/mod.rs",
    "agent-input/src/server/lenient.rs",
    "bindings/python/python/agent_input/mcp.py",
    "bindings/python/python/agent_input/fastmcp.py",
    "bindings/js/lib/mcp.js",
    "bindings/js/lib/register-runtime.js",
    "bindings/cli/src/proxy/mod.rs",
    "bindings/cli/src/proxy/relay.rs",
    "bindings/cli/src/proxy/child.rs",
    "bindings/cli/src/proxy/http.rs",
    "bindings/cli/src/proxy/upstream.rs",
    "bindings/cli/src/proxy/telemetry.rs",
    "agent-input/src/telemetry.rs",
    "bindings/python/python/agent_input/_telemetry.py",
    "bindings/js/lib/telemetry.js",
];

/// The lines of `text` (code, not comments) that name a rule's machinery.
fn rule_logic(text: &str) -> Vec<(usize, &'static str)> {
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let code = line.trim_start();
        if code.starts_with("//") || code.starts_with('#') || code.starts_with('*') || code.starts_with("/*") {
            continue;
        }
        for needle in RULE_MACHINERY {
            if code.contains(needle) {
                found.push((i + 1, *needle));
            }
        }
    }
    found
}

/// No adapter decides a rule of the call protocol: `agent-input/src/protocol/` does, once
/// (`docs/ARCHITECTURE.md`, "The server adapters decide no rule").
#[test]
fn adapters_decide_no_rule() {
    let mut found = Vec::new();
    for adapter in ADAPTERS {
        let text = std::fs::read_to_string(workspace().join(adapter)).unwrap_or_else(|e| panic!("{adapter}: {e}"));
        for (line, needle) in rule_logic(&text) {
            found.push(format!("{adapter}:{line}: {needle}"));
        }
    }
    assert!(found.is_empty(), "rule logic in an adapter (it belongs in protocol/):\n{}", found.join("\n"));
}

#[test]
fn the_check_sees_rule_logic() {
    let adapter = "const ours = requestState?.startsWith(STATE_PREFIX);\n// tool.gate(call) in a comment\nx = tool.gate(call, stored)\n";
    let found = rule_logic(adapter);
    assert_eq!(found, vec![(1, "STATE_PREFIX"), (3, ".gate(")]);
}
