//! The CLI's MCP client against hostile servers (`tests/servers/hostile/hostile_server.py`,
//! issue 63): a flood of stderr without newlines, a byte 0xFF on stderr, stdout that is not
//! JSON-RPC, notifications, the server's own requests (read and never read), a server that
//! ignores the end of its input, looping and heavy pages, a huge listing, a model command that
//! sleeps or floods, and terminal controls in eval's table. Each run is bounded in time
//! ([`TIME_BOUND`]) and in peak memory (`wait4`'s `ru_maxrss`, the CLI's or its reaped
//! children's, the larger: the servers write in chunks and stay small; on Linux it also counts
//! the test process's own resident memory at the fork, about 18 MiB, so it errs high), and each
//! error names the bound that stopped it.

#![cfg(target_os = "linux")]

use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// The longest any run here may take.
const TIME_BOUND: Duration = Duration::from_secs(30);
/// The most memory any run here may peak at, in KiB. The unbounded client took gigabytes on
/// each of these servers (issue 63).
const PEAK_KIB: u64 = 160 * 1024;

fn servers() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/servers")
}

fn hostile(mode: &str) -> String {
    format!("python3 hostile/hostile_server.py {mode}")
}

/// A scratch directory, removed when dropped.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Dir {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Dir(dir)
    }

    fn file(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }

    fn write(&self, name: &str, lines: &[Value]) -> String {
        let text: Vec<String> = lines.iter().map(Value::to_string).collect();
        std::fs::write(self.file(name), text.join("\n") + "\n").unwrap();
        self.file(name)
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One finished run of the CLI.
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    peak_kib: u64,
    took: Duration,
}

impl Run {
    /// Asserts the time and memory bounds.
    fn bounded(self, what: &str) -> Run {
        assert!(self.took < TIME_BOUND, "{what} took {:?}; stderr: {}", self.took, self.stderr);
        assert!(self.peak_kib < PEAK_KIB, "{what} peaked at {} KiB; stderr: {}", self.peak_kib, self.stderr);
        eprintln!("{what}: {:?}, {} KiB, exit {}", self.took, self.peak_kib, self.code);
        self
    }

    /// Asserts exit 4 with an error naming `bound`.
    fn stopped_by(self, bound: &str) -> Run {
        assert_eq!(self.code, 4, "stdout: {}; stderr: {}", self.stdout, self.stderr);
        assert!(self.stderr.contains(bound), "the error names `{bound}`: {}", self.stderr);
        self
    }
}

/// Runs the binary in `tests/servers`, killing it past [`TIME_BOUND`].
fn run(args: &[&str]) -> Run {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_agent-input"))
        .args(args)
        .current_dir(servers())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut text = Vec::new();
            pipe.read_to_end(&mut text).unwrap();
            String::from_utf8_lossy(&text).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().unwrap()));
    let stderr = drain(Box::new(child.stderr.take().unwrap()));
    let Some((code, peak_kib)) = wait_with_peak(child.id(), start + TIME_BOUND) else {
        child.kill().unwrap();
        child.wait().unwrap();
        panic!("{args:?} still ran after {TIME_BOUND:?}");
    };
    let took = start.elapsed();
    Run { code, stdout: stdout.join().unwrap(), stderr: stderr.join().unwrap(), peak_kib, took }
}

/// Reaps `pid` with `wait4`: its exit code and peak resident memory in KiB (the larger of its
/// own and its reaped children's); `None` when it still runs at `deadline`.
#[allow(unsafe_code, reason = "wait4 is a C function; std gives no child's peak memory")]
fn wait_with_peak(pid: u32, deadline: Instant) -> Option<(i32, u64)> {
    let pid = libc::pid_t::try_from(pid).unwrap();
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: rusage is plain integers and timevals; all zero is a valid value.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: wait4 writes one c_int and one rusage, both live locals; the pid is our
        // child's, not yet reaped (std's Child never waits unless asked).
        let done = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if done == pid {
            let code = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { -libc::WTERMSIG(status) };
            return Some((code, u64::try_from(usage.ru_maxrss).unwrap()));
        }
        assert_eq!(done, 0, "wait4: {}", std::io::Error::last_os_error());
        if Instant::now() > deadline {
            return None;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

fn lint(server: &str, extra: &[&str]) -> Run {
    let mut args = vec!["lint", "--server", server, "--format", "json", "--fail-on", "never"];
    args.extend_from_slice(extra);
    run(&args)
}

/// An eval of one scenario played by a model command that is done at once: it lists the tools
/// and calls none.
fn eval_listing(server: &str, dir: &Dir) -> Run {
    let scenarios = dir.write("s.jsonl", &[json!({"name": "list", "model": "echo '{\"done\": true}'"})]);
    run(&["eval", "--server", server, "--scenarios", &scenarios, "--format", "json"])
}

/// True while `pid` runs (a zombie has ended).
fn alive(pid: &str) -> bool {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
    let state = stat.rsplit(')').next().unwrap_or("").trim_start();
    !state.starts_with('Z') && !state.starts_with('X')
}

/// Asserts that each pid ends within a few seconds.
fn assert_ended(pids: &[&str]) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while pids.iter().any(|p| alive(p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    for pid in pids {
        assert!(!alive(pid), "process {pid} still runs after the CLI exited");
    }
}

#[test]
fn stderr_without_newlines_is_kept_as_a_tail_of_bytes() {
    // 64 MiB of stderr on one line, then a last line: the tail quotes the last line and the
    // end of the flood, cut, and nothing of it is held past STDERR_TAIL_BYTES.
    let out = lint(&hostile("stderr-flood"), &[]).bounded("stderr flood").stopped_by("fatal: the flood is over");
    assert!(out.stderr.contains("…xxx"), "{}", out.stderr);
    assert!(out.stderr.len() < 2048, "the quoted tail is short: {} bytes", out.stderr.len());
}

#[test]
fn a_byte_0xff_on_stderr_does_not_stop_reading_it() {
    // The server logs a line for every request after a line holding 0xFF; a client that stops
    // reading stderr there makes its next log line fail and kills it. Here it serves until it
    // chooses to stop, and its last lines, past the bad byte, are quoted.
    let out = lint(&hostile("stderr-ff"), &["--no-calls"]).bounded("0xFF on stderr").stopped_by("tools/list");
    for line in
        ["bad bytes: \u{fffd}\u{fffd}", "handling server/discover", "handling tools/list", "fatal: after the bad bytes"]
    {
        assert!(out.stderr.contains(line), "the tail holds `{line}`: {}", out.stderr);
    }
}

#[test]
fn stdout_that_is_not_jsonrpc_is_counted_and_capped() {
    lint(&hostile("stdout-junk"), &[]).bounded("stdout junk").stopped_by("`MAX_STRAY_LINES`");
}

#[test]
fn notifications_are_counted_and_capped() {
    lint(&hostile("notifications"), &[]).bounded("notifications").stopped_by("`MAX_NOTIFICATIONS`");
}

#[test]
fn the_servers_own_requests_are_answered_up_to_a_cap() {
    lint(&hostile("requests-read"), &[]).bounded("server requests").stopped_by("`MAX_SERVER_REQUESTS`");
}

#[test]
fn a_server_that_never_reads_its_input_times_the_write_out() {
    // Its pings carry 4 KiB ids: the answers fill the pipe and a write blocks, for
    // WRITE_TIMEOUT_SECONDS only (the request timeouts are 60 s).
    let out = lint(&hostile("requests-unread"), &[]).bounded("unread input").stopped_by("`WRITE_TIMEOUT_SECONDS`");
    assert!(out.took >= Duration::from_secs(9), "{:?}", out.took);
}

#[test]
fn the_servers_whole_process_group_ends_with_the_cli() {
    // `; true` keeps `sh` as the server's parent: killing `sh` alone would leave the server,
    // which ignores the end of its input and SIGTERM, and its own child running.
    let dir = Dir::new("group");
    let pids = dir.file("pids");
    let server = format!("{} {pids}; true", hostile("ignore-eof"));
    let out = lint(&server, &["--no-calls"]).bounded("ignoring EOF");
    assert_ne!(out.code, 4, "{}", out.stderr);
    let pids = std::fs::read_to_string(&pids).unwrap();
    let pids: Vec<&str> = pids.split_whitespace().collect();
    assert_eq!(pids.len(), 2);
    assert_ended(&pids);
}

#[test]
fn a_looping_listing_is_cut_at_its_page_and_byte_bounds() {
    let dir = Dir::new("loop");
    // One small tool per page, the same next page for ever: 100 pages.
    let out = eval_listing(&hostile("loop-pages 10"), &dir).bounded("looping pages");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("`MAX_LIST_PAGES` (100): 100 tools kept of 100 on 100 page(s)"), "{}", out.stderr);
    let report = lint(&hostile("loop-pages 10"), &["--no-calls"]).bounded("looping pages, lint");
    let report: Value = serde_json::from_str(&report.stdout).unwrap();
    assert_eq!(report["tools"], 100);
    // Pages of 4 MiB: no page is asked for past 32 MiB read.
    let out = eval_listing(&hostile("loop-pages 4194304"), &dir).bounded("heavy looping pages");
    assert!(out.stderr.contains("`MAX_LIST_BYTES`"), "{}", out.stderr);
    assert!(out.stderr.contains("8 tools kept of 8 on 8 page(s) read and a further page offered"), "{}", out.stderr);
}

#[test]
fn a_huge_listing_keeps_its_first_tools_and_says_it_was_cut() {
    let dir = Dir::new("huge");
    let out = eval_listing(&hostile("huge-listing 100000"), &dir).bounded("huge listing");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(out.stderr.contains("`MAX_LIST_TOOLS` (2000): 2000 tools kept of 100000 on 1 page(s)"), "{}", out.stderr);
    let report = lint(&hostile("huge-listing 100000"), &["--no-calls"]).bounded("huge listing, lint");
    let report: Value = serde_json::from_str(&report.stdout).unwrap();
    assert_eq!(report["tools"], 2000);
}

#[test]
fn a_model_command_is_timed_out_with_its_process_group() {
    let dir = Dir::new("model-sleep");
    let pid = dir.file("pid");
    let model = format!("{} {pid}; true", hostile("model-sleep"));
    let scenarios = dir.write("s.jsonl", &[json!({"name": "sleeps", "model": model})]);
    let server = "python3 fixture_server.py eval.json";
    let out = run(&["eval", "--server", server, "--scenarios", &scenarios, "--model-timeout", "2"])
        .bounded("model timeout")
        .stopped_by("within 2 s (`--model-timeout`)");
    assert!(out.took < Duration::from_secs(10), "{:?}", out.took);
    assert_ended(&[std::fs::read_to_string(&pid).unwrap().trim()]);
}

#[test]
fn a_model_commands_output_is_bounded() {
    let dir = Dir::new("model-flood");
    let scenarios = dir.write("s.jsonl", &[json!({"name": "floods", "model": "yes"})]);
    let server = "python3 fixture_server.py eval.json";
    run(&["eval", "--server", server, "--scenarios", &scenarios])
        .bounded("model flood")
        .stopped_by("`MAX_MODEL_OUTPUT_BYTES`");
}

#[test]
fn terminal_controls_in_evals_table_are_escaped_and_its_json_is_exact() {
    let dir = Dir::new("escapes");
    let tool = "search\u{1b}[2J\u{202e}";
    let steps = [json!({"tool": "search_cases", "arguments": {}}), json!({"tool": tool, "arguments": {}})];
    let scenarios = dir.write("s.jsonl", &[json!({"name": "escapes\r", "steps": steps})]);
    let server = "python3 fixture_server.py hostile/escapes.json";
    let table = run(&["eval", "--server", server, "--scenarios", &scenarios]).bounded("escapes, table");
    assert_eq!(table.code, 0, "{}", table.stderr);
    for raw in ['\u{1b}', '\u{7}', '\r', '\u{8}', '\u{7f}', '\u{85}', '\u{202e}'] {
        assert!(!table.stdout.contains(raw), "{raw:?} reached the table: {:?}", table.stdout);
    }
    for shown in ["\\u{1b}]0;pwned\\u{7}title", "failed\\u{d}\\u{1b}[2Kok\\u{8}", "\\u{202e}deliaf\\u{85}\\u{7f}"] {
        assert!(table.stdout.contains(shown), "the table shows {shown}: {}", table.stdout);
    }
    assert!(
        table.stdout.contains("search\\u{1b}[2J\\u{202e}") && table.stdout.contains("escapes\\u{d}"),
        "{}",
        table.stdout
    );
    let json =
        run(&["eval", "--server", server, "--scenarios", &scenarios, "--format", "json"]).bounded("escapes, json");
    let run: Value = serde_json::from_str(&json.stdout).unwrap();
    let codes = &run["scenarios"][0]["steps"][0]["attempts"][0]["codes"];
    assert_eq!(codes, &json!(["\u{1b}]0;pwned\u{7}title", "failed\r\u{1b}[2Kok\u{8}", "\u{202e}deliaf\u{85}\u{7f}"]));
    assert_eq!(run["scenarios"][0]["steps"][1]["tool"], tool);
}

/// How many servers `every_drawn_hostile_server_is_bounded` draws (seeds `0..SEEDS`).
const SEEDS: u64 = 24;

/// The generative target: each seed draws a server that mixes every attack above with true,
/// mangled and missing answers (`hostile_server.py mixed SEED`). Whatever it does, `lint`
/// ends within the time and memory bounds, exits with a code it documents (0: no finding
/// failed; 4: the server could not be linted, said on stderr), and prints either nothing or one
/// JSON report, never a panic.
#[test]
fn every_drawn_hostile_server_is_bounded() {
    let mut codes = std::collections::BTreeMap::new();
    for seed in 0..SEEDS {
        let server = format!("python3 hostile/hostile_server.py mixed {seed}");
        let out = lint(&server, &[]).bounded(&format!("mixed server {seed}"));
        assert!(matches!(out.code, 0 | 4), "seed {seed}: exit {}; stderr: {}", out.code, out.stderr);
        assert!(!out.stderr.contains("panicked"), "seed {seed}: {}", out.stderr);
        if out.code == 0 {
            let report: Value = serde_json::from_str(&out.stdout)
                .unwrap_or_else(|e| panic!("seed {seed}: the report is no JSON ({e}): {}", out.stdout));
            assert!(report.is_object(), "seed {seed}: {report}");
        } else {
            assert!(out.stderr.starts_with("agent-input"), "seed {seed}: the error says who: {}", out.stderr);
        }
        *codes.entry(out.code).or_insert(0) += 1;
    }
    // The draw reaches both ends: servers that could be linted, and ones that could not.
    assert!(codes.len() == 2, "every seed ended alike: {codes:?}");
}

#[test]
fn every_bound_of_the_client_the_eval_and_the_proxy_is_in_the_docs() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("../../docs/bounds.md")).unwrap()
        + &std::fs::read_to_string(root.join("../../docs/proxy.md")).unwrap()
        + &std::fs::read_to_string(root.join("../../docs/check.md")).unwrap();
    let files = [
        "src/mcp.rs",
        "src/eval.rs",
        "src/proxy/mod.rs",
        "src/proxy/http.rs",
        "src/proxy/upstream.rs",
        "src/proxy/auth.rs",
    ];
    for file in files {
        let text = std::fs::read_to_string(root.join(file)).unwrap();
        for line in text.lines().filter(|l| l.starts_with("pub const ")) {
            let name = line["pub const ".len()..].split(':').next().unwrap();
            if ["MODERN", "LEGACY", "OUTCOMES"].contains(&name)
                || name.starts_with("EXIT_")
                || name.ends_with("_HEADER")
                || name.ends_with("_PATH")
            {
                continue;
            }
            assert!(
                readme.contains(&format!("`{name}`")),
                "docs/bounds.md, proxy.md and check.md lack `{name}` ({file})"
            );
        }
    }
}
