//! `agent-input eval`: drives a live MCP server through scenarios and scores every step.
//!
//! A scenario (one JSON line of `--scenarios FILE.jsonl`) is either recorded steps, each a tool
//! and the arguments a model sent (`{"name", "steps": [{"tool", "arguments", "retry"?,
//! "check"?, "expect"?}]}`; `check` holds `{"JSON pointer": value}` that the result must show,
//! `expect` the outcome the step should score), or a model command (`{"name", "goal", "model": "COMMAND"}`): given the
//! `tools/list` and the last call's result on stdin, it prints the next call, so any model
//! client can play without this project calling a model API.
//!
//! Each step scores `ok` (the first attempt ran), `recovered` (refused, then ran at the one
//! retry: the ask's first reading, as the replay model takes it, the recorded `retry`, or the
//! model's next call of the same tool), `asked` (refused with an ask nobody retried) or
//! `failed`. The run, with every refused payload, goes to `--output` only: the eval is where a
//! rejected call is kept, never telemetry. `--baseline RUN.json` prints the run before and
//! after side by side.

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{json, Map, Value};

use crate::mcp::{ClientError, Group, Session};
use crate::terminal::visible;

/// The most calls a model command may make in one scenario.
pub const MAX_MODEL_TURNS: usize = 20;
/// The most steps of one recorded scenario.
pub const MAX_STEPS: usize = 100;
/// Seconds a model command may take for one turn, by default (`--model-timeout`): it is then
/// ended, with its whole process group, and the eval stops (exit 4).
pub const MODEL_TIMEOUT_SECONDS: u64 = 120;
/// The most bytes a model command may print for one turn (one call: a call's arguments are
/// read up to 4 MiB); one more ends it and the eval stops (exit 4). Its output is never held
/// past this.
pub const MAX_MODEL_OUTPUT_BYTES: usize = 4 * 1024 * 1024 + 64 * 1024;

/// Exit statuses beside 0: 1 a step scored at or below `--fail-on`, or worse than in the
/// baseline; 2 misuse; 4 a server or model command that could not be run.
pub const EXIT_FAILED: u8 = 1;
pub const EXIT_MISUSE: u8 = 2;
pub const EXIT_UNREACHABLE: u8 = 4;

/// The scores, worst first.
pub const OUTCOMES: [&str; 4] = ["failed", "asked", "recovered", "ok"];

fn rank(outcome: &str) -> usize {
    OUTCOMES.iter().position(|o| *o == outcome).unwrap_or(0)
}

/// The options of `agent-input eval`.
pub struct Options<'a> {
    pub server: &'a str,
    pub cwd: Option<&'a std::path::Path>,
    pub scenarios: &'a std::path::Path,
    pub baseline: Option<&'a std::path::Path>,
    pub output: Option<&'a std::path::Path>,
    pub format: &'a str,
    pub fail_on: &'a str,
    /// How long a model command may take for one turn.
    pub model_timeout: Duration,
}

/// One call and what came back.
struct Attempt {
    arguments: Value,
    response: Result<Value, Value>,
}

impl Attempt {
    fn ran(&self) -> bool {
        matches!(&self.response, Ok(r) if r.get("isError") != Some(&Value::Bool(true)))
    }

    /// The error envelope of a refused call (`structuredContent`, or the JSON of its text).
    fn envelope(&self) -> Option<Value> {
        let result = self.response.as_ref().ok()?;
        if let Some(s) = result.get("structuredContent").filter(|s| s.get("issues").is_some()) {
            return Some(s.clone());
        }
        let texts = result.get("content").and_then(Value::as_array)?;
        texts
            .iter()
            .filter_map(|b| b.get("text").and_then(Value::as_str))
            .filter_map(|t| serde_json::from_str::<Value>(t).ok())
            .find(|v| v.get("issues").is_some_and(Value::is_array))
    }

    /// The codes the answer carried: an envelope's issue codes, or the notes of a result.
    fn codes(&self) -> Vec<String> {
        let mut codes = Vec::new();
        if let Some(envelope) = self.envelope() {
            codes.push(envelope["code"].as_str().unwrap_or("").to_string());
            for issue in envelope["issues"].as_array().into_iter().flatten() {
                codes.push(issue["code"].as_str().unwrap_or("").to_string());
            }
        }
        if let Ok(result) = &self.response {
            let notes = result
                .pointer("/structuredContent/notes")
                .or_else(|| result.pointer("/_meta/agent-input~1notes"))
                .and_then(Value::as_array);
            codes.extend(notes.into_iter().flatten().filter_map(|n| n["code"].as_str()).map(str::to_string));
        }
        if let Err(error) = &self.response {
            codes.push(format!("jsonrpc {}", error["code"]));
        } else if !self.ran() && codes.is_empty() {
            codes.push("prose_error".into());
        }
        codes.retain(|c| !c.is_empty());
        codes
    }

    /// The arguments with each issue's first reading set at its path: the replay model.
    fn first_readings(&self) -> Option<Value> {
        let envelope = self.envelope()?;
        let mut arguments = self.arguments.clone();
        let mut changed = false;
        for issue in envelope["issues"].as_array().into_iter().flatten() {
            let (Some(path), Some(reading)) = (issue["path"].as_str(), issue.pointer("/readings/0/value")) else {
                continue;
            };
            changed |= set_path(&mut arguments, path, reading.clone());
        }
        changed.then_some(arguments)
    }

    /// The attempt as the run keeps it; `telemetry` holds what production telemetry records of
    /// the same answer, under the same names (docs/telemetry.md), so one dashboard reads both.
    fn to_json(&self, tool: &str) -> Value {
        match &self.response {
            Ok(result) => {
                let telemetry = agent_input::protocol::Record::from_result(tool, result).attributes();
                json!({"arguments": self.arguments, "ran": self.ran(), "codes": self.codes(), "result": result,
                       "telemetry": telemetry})
            }
            Err(error) => json!({"arguments": self.arguments, "ran": false, "codes": self.codes(), "error": error}),
        }
    }
}

/// Sets `a.b[2].c` (an issue's path) in an argument object; false when the path does not lead
/// anywhere in it.
fn set_path(arguments: &mut Value, path: &str, value: Value) -> bool {
    let mut parts = Vec::new();
    for piece in path.split('.') {
        let mut rest = piece;
        if let Some(open) = rest.find('[') {
            parts.push(Value::String(rest[..open].to_string()));
            rest = &rest[open..];
            for index in rest.split('[').filter(|s| !s.is_empty()) {
                let Ok(n) = index.trim_end_matches(']').parse::<u64>() else { return false };
                parts.push(json!(n));
            }
        } else {
            parts.push(Value::String(rest.to_string()));
        }
    }
    let mut at = arguments;
    for (n, part) in parts.iter().enumerate() {
        let last = n + 1 == parts.len();
        let next = match (part, at) {
            (Value::String(key), Value::Object(map)) => {
                if last {
                    map.insert(key.clone(), value);
                    return true;
                }
                map.get_mut(key)
            }
            (Value::Number(i), Value::Array(items)) => {
                let i = i.as_u64().unwrap_or(u64::MAX) as usize;
                if last && i < items.len() {
                    items[i] = value;
                    return true;
                }
                items.get_mut(i)
            }
            _ => None,
        };
        match next {
            Some(next) => at = next,
            None => return false,
        }
    }
    false
}

/// One scored step.
struct Step {
    tool: String,
    expect: Option<String>,
    attempts: Vec<Attempt>,
    outcome: &'static str,
}

impl Step {
    fn to_json(&self, n: usize) -> Value {
        let attempts: Vec<Value> = self.attempts.iter().map(|a| a.to_json(&self.tool)).collect();
        json!({"step": n + 1, "tool": self.tool, "outcome": self.outcome, "expect": self.expect, "attempts": attempts})
    }
}

/// The score of a step from its attempts: the first and, when there is one, the retry. A call
/// that ran and whose result fails the step's `check` scored `failed`: it answered something
/// other than what the model asked for.
fn score(attempts: &[Attempt], check: Option<&Value>) -> &'static str {
    let right = |a: &Attempt| check.is_none_or(|c| checks(a, c));
    match attempts {
        [first, ..] if first.ran() && right(first) => "ok",
        [first, ..] if first.ran() => "failed",
        [_, retry, ..] if retry.ran() && right(retry) => "recovered",
        [first] if first.envelope().is_some() => "asked",
        _ => "failed",
    }
}

/// True when every `{"pointer": value}` of a check holds in the structured result (or in its
/// `result`, where the server wraps it).
fn checks(attempt: &Attempt, check: &Value) -> bool {
    let Some(result) = attempt.response.as_ref().ok().and_then(structured) else { return false };
    check.as_object().into_iter().flatten().all(|(pointer, expected)| {
        let found = result.pointer(pointer).or_else(|| result.get("result").and_then(|r| r.pointer(pointer)));
        found == Some(expected)
    })
}

/// Runs the eval and prints its table (or the run as JSON); the exit status.
pub fn run(options: &Options<'_>) -> Result<u8, (String, u8)> {
    let fail_on = match options.fail_on {
        "never" => None,
        o if OUTCOMES.contains(&o) => Some(rank(o)),
        o => {
            return Err((
                format!("agent-input: --fail-on takes failed, asked, recovered or never, not `{o}`"),
                EXIT_MISUSE,
            ))
        }
    };
    let scenarios = scenarios(options.scenarios).map_err(|e| (e, EXIT_MISUSE))?;
    let baseline = match options.baseline {
        Some(path) => Some(crate::read_json_file(path).map_err(|e| (e, EXIT_MISUSE))?),
        None => None,
    };
    let run = drive(options, &scenarios).map_err(|e| (format!("agent-input: {e}"), EXIT_UNREACHABLE))?;
    if let Some(path) = options.output {
        let text = serde_json::to_string_pretty(&run).unwrap_or_default();
        std::fs::write(path, text + "\n")
            .map_err(|e| (format!("agent-input: cannot write {}: {e}", path.display()), EXIT_MISUSE))?;
    }
    match options.format {
        "json" => println!("{}", serde_json::to_string_pretty(&run).unwrap_or_default()),
        _ => println!("{}", table(&run, baseline.as_ref())),
    }
    let outcomes = step_outcomes(&run);
    let failing = fail_on.is_some_and(|level| outcomes.iter().any(|(_, o)| rank(o) <= level));
    let regressed = baseline.as_ref().is_some_and(|b| {
        let before = step_outcomes(b);
        outcomes.iter().any(|(key, after)| before.iter().any(|(k, b)| k == key && rank(after) < rank(b)))
    });
    Ok(if failing || regressed { EXIT_FAILED } else { 0 })
}

/// The scenarios of a JSON lines file (blank lines and lines starting with `//` skipped).
fn scenarios(path: &std::path::Path) -> Result<Vec<Value>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("agent-input: cannot read {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        let where_ = format!("{} line {}", path.display(), n + 1);
        let scenario: Value = serde_json::from_str(line).map_err(|e| format!("agent-input: {where_}: {e}"))?;
        let named = scenario.get("name").and_then(Value::as_str).is_some();
        let steps = scenario.get("steps").and_then(Value::as_array);
        let model = scenario.get("model").and_then(Value::as_str);
        if !named || (steps.is_none() == model.is_none()) {
            return Err(format!("agent-input: {where_}: a scenario has a `name` and either `steps` or `model`"));
        }
        for step in steps.into_iter().flatten() {
            if step.get("tool").and_then(Value::as_str).is_none()
                || !step.get("arguments").is_some_and(Value::is_object)
            {
                return Err(format!("agent-input: {where_}: every step has a `tool` and an `arguments` object"));
            }
        }
        if steps.is_some_and(|s| s.len() > MAX_STEPS) {
            return Err(format!("agent-input: {where_}: more than {MAX_STEPS} steps"));
        }
        out.push(scenario);
    }
    Ok(out)
}

/// Every scenario on a fresh server process, so that one cannot lean on another.
fn drive(options: &Options<'_>, scenarios: &[Value]) -> Result<Value, ClientError> {
    let mut runs = Vec::new();
    let mut protocol = String::new();
    for scenario in scenarios {
        let mut session = Session::start(options.server, options.cwd)?;
        protocol = session.version.clone();
        let steps = match scenario.get("model").and_then(Value::as_str) {
            Some(model) => played(&mut session, scenario, model, options)?,
            None => recorded(&mut session, scenario)?,
        };
        let steps: Vec<Value> = steps.iter().enumerate().map(|(n, s)| s.to_json(n)).collect();
        runs.push(json!({"name": scenario["name"], "steps": steps}));
    }
    let mut run = json!({"server": options.server, "protocol": protocol, "scenarios": runs});
    run["summary"] = summary(&run);
    Ok(run)
}

fn call(session: &mut Session, tool: &str, arguments: Value) -> Result<Attempt, ClientError> {
    let response = session.call_tool(tool, &arguments)?;
    Ok(Attempt { arguments, response })
}

/// The recorded steps, each retried once when refused: with the ask's first reading (the
/// replay model) or else the step's recorded `retry`.
fn recorded(session: &mut Session, scenario: &Value) -> Result<Vec<Step>, ClientError> {
    let mut steps: Vec<Step> = Vec::new();
    for step in scenario["steps"].as_array().into_iter().flatten() {
        let tool = step["tool"].as_str().unwrap_or("").to_string();
        let previous = steps.last().and_then(|s| s.attempts.last()).and_then(|a| a.response.as_ref().ok().cloned());
        let arguments = substitute(&step["arguments"], previous.as_ref());
        let first = call(session, &tool, arguments)?;
        let mut attempts = vec![first];
        if !attempts[0].ran() {
            let retry =
                attempts[0].first_readings().or_else(|| step.get("retry").map(|r| substitute(r, previous.as_ref())));
            if let Some(arguments) = retry {
                attempts.push(call(session, &tool, arguments)?);
            }
        }
        let expect = step.get("expect").and_then(Value::as_str).map(str::to_string);
        let outcome = score(&attempts, step.get("check"));
        steps.push(Step { tool, expect, attempts, outcome });
    }
    Ok(steps)
}

/// A structured result: `structuredContent`, or the JSON of its first text block.
fn structured(result: &Value) -> Option<Value> {
    if let Some(s) = result.get("structuredContent").filter(|s| !s.is_null()) {
        return Some(s.clone());
    }
    let text = result.pointer("/content/0/text").and_then(Value::as_str)?;
    serde_json::from_str(text).ok()
}

/// Strings `"$prev.a.b"` take the value at `a.b` of the previous step's structured result (or
/// of its `result`, where a server wraps it as `{"result", "notes"}`); nothing there is null.
fn substitute(arguments: &Value, previous: Option<&Value>) -> Value {
    match arguments {
        Value::String(s) if s.starts_with("$prev.") => {
            let pointer = format!("/{}", s["$prev.".len()..].replace('.', "/"));
            let found = previous.and_then(structured).and_then(|p| {
                p.pointer(&pointer).or_else(|| p.get("result").and_then(|r| r.pointer(&pointer))).cloned()
            });
            found.unwrap_or(Value::Null)
        }
        Value::Object(map) => {
            Value::Object(map.iter().map(|(k, v)| (k.clone(), substitute(v, previous))).collect::<Map<_, _>>())
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| substitute(v, previous)).collect()),
        other => other.clone(),
    }
}

/// A model command plays: each turn it gets `{"scenario", "turn", "tools", "last", "history"}`
/// on stdin (the scenario's line as written, so a command may read its own fields such as
/// `goal`; `last` the previous call and its answer; `history` every call so far) and prints
/// `{"tool", "arguments"}` or `{"done": true}`. A call of the same tool right after a refused
/// one is that step's retry.
fn played(
    session: &mut Session,
    scenario: &Value,
    model: &str,
    options: &Options<'_>,
) -> Result<Vec<Step>, ClientError> {
    let (tools, _) = session.list_all_tools()?;
    if let Some(cut) = session.listing_cut() {
        // The model plays with the tools kept; the run still goes on.
        eprintln!("agent-input: warning: {}", visible(&cut.message()));
    }
    let mut steps: Vec<Step> = Vec::new();
    let mut history: Vec<Value> = Vec::new();
    for turn in 0..MAX_MODEL_TURNS {
        let last = history.last().unwrap_or(&Value::Null);
        // Written as it is serialised, the tools not copied (a listing may hold MAX_LIST_BYTES).
        let input = Turn { scenario, turn, tools: &tools, last, history: &history };
        let next = ask_model(model, options, serde_json::to_vec(&input).unwrap_or_default())?;
        if next.get("done") == Some(&Value::Bool(true)) {
            break;
        }
        let (Some(tool), Some(arguments)) = (next["tool"].as_str(), next.get("arguments").filter(|a| a.is_object()))
        else {
            return Err(ClientError(format!("the model `{model}` printed no call: {next}")));
        };
        let attempt = call(session, tool, arguments.clone())?;
        let mut entry = attempt.to_json(tool);
        entry["tool"] = json!(tool);
        history.push(entry);
        let retrying = steps.last().is_some_and(|s| s.tool == tool && s.attempts.len() == 1 && !s.attempts[0].ran());
        match steps.last_mut() {
            Some(step) if retrying => {
                step.attempts.push(attempt);
                step.outcome = score(&step.attempts, None);
            }
            _ => {
                let outcome = score(std::slice::from_ref(&attempt), None);
                steps.push(Step { tool: tool.to_string(), expect: None, attempts: vec![attempt], outcome });
            }
        }
    }
    Ok(steps)
}

/// What a model command gets on stdin each turn.
#[derive(serde::Serialize)]
struct Turn<'a> {
    scenario: &'a Value,
    turn: usize,
    tools: &'a [Value],
    last: &'a Value,
    history: &'a [Value],
}

/// Runs the model command for one turn: `input` written from a thread of its own (a command
/// that reads none of it blocks nothing), at most [`MAX_MODEL_OUTPUT_BYTES`] of its output
/// read, and all of it within `--model-timeout`; its process group is ended when it returns.
fn ask_model(model: &str, options: &Options<'_>, input: Vec<u8>) -> Result<Value, ClientError> {
    let mut cmd = Command::new("sh");
    cmd.arg("-c").arg(model).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
    if let Some(dir) = options.cwd {
        cmd.current_dir(dir);
    }
    let mut group =
        Group::spawn(&mut cmd).map_err(|e| ClientError(format!("cannot start the model `{model}`: {e}")))?;
    let deadline = Instant::now() + options.model_timeout;
    if let Some(mut stdin) = group.child().stdin.take() {
        std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
    }
    let (tx, printed) = mpsc::channel();
    if let Some(stdout) = group.child().stdout.take() {
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let read = stdout.take(MAX_MODEL_OUTPUT_BYTES as u64 + 1).read_to_end(&mut out);
            let _ = tx.send(read.map(|_| out));
        });
    }
    let late = || {
        let seconds = options.model_timeout.as_secs();
        ClientError(format!("the model `{model}` did not finish within {seconds} s (`--model-timeout`)"))
    };
    let out = match printed.recv_timeout(options.model_timeout) {
        Ok(Ok(out)) => out,
        Ok(Err(e)) => return Err(ClientError(format!("the model `{model}`: {e}"))),
        Err(_) => return Err(late()),
    };
    if out.len() > MAX_MODEL_OUTPUT_BYTES {
        return Err(ClientError(format!(
            "the model `{model}` printed more than {MAX_MODEL_OUTPUT_BYTES} bytes (`MAX_MODEL_OUTPUT_BYTES`)"
        )));
    }
    let status = group.wait_until(deadline).ok_or_else(late)?;
    if !status.success() {
        return Err(ClientError(format!("the model `{model}` exited with {status}")));
    }
    let text = String::from_utf8_lossy(&out);
    serde_json::from_str(text.trim()).map_err(|e| ClientError(format!("the model `{model}` printed no JSON: {e}")))
}

/// `((scenario, step), outcome)` of every step of a run.
fn step_outcomes(run: &Value) -> Vec<((String, u64), String)> {
    let mut out = Vec::new();
    for scenario in run["scenarios"].as_array().into_iter().flatten() {
        let name = scenario["name"].as_str().unwrap_or("").to_string();
        for step in scenario["steps"].as_array().into_iter().flatten() {
            let n = step["step"].as_u64().unwrap_or(0);
            out.push(((name.clone(), n), step["outcome"].as_str().unwrap_or("").to_string()));
        }
    }
    out
}

fn summary(run: &Value) -> Value {
    let outcomes = step_outcomes(run);
    let mut counts = Map::new();
    for o in OUTCOMES.iter().rev() {
        counts.insert((*o).to_string(), json!(outcomes.iter().filter(|(_, x)| x == o).count()));
    }
    counts.insert("steps".into(), json!(outcomes.len()));
    Value::Object(counts)
}

fn totals(run: &Value) -> String {
    let s = &run["summary"];
    format!(
        "{} ok, {} recovered, {} asked, {} failed of {} steps",
        s["ok"], s["recovered"], s["asked"], s["failed"], s["steps"]
    )
}

/// The per-step table; with a baseline, the outcome before beside the outcome after.
fn table(run: &Value, baseline: Option<&Value>) -> String {
    let before = baseline.map(step_outcomes).unwrap_or_default();
    let mut out = format!(
        "agent-input eval: {} (protocol {})\n",
        visible(run["server"].as_str().unwrap_or("")),
        visible(run["protocol"].as_str().unwrap_or(""))
    );
    let header = if baseline.is_some() { "before     after" } else { "outcome" };
    let names = run["scenarios"].as_array().into_iter().flatten().filter_map(|s| s["name"].as_str());
    let width = names.map(|n| visible(n).chars().count()).max().unwrap_or(8).clamp(8, 60);
    out.push_str(&format!("{:<width$} {:>4}  {:<24} {:<20} codes\n", "scenario", "step", "tool", header));
    for scenario in run["scenarios"].as_array().into_iter().flatten() {
        let name = scenario["name"].as_str().unwrap_or("");
        for step in scenario["steps"].as_array().into_iter().flatten() {
            let n = step["step"].as_u64().unwrap_or(0);
            let after = step["outcome"].as_str().unwrap_or("");
            let outcome = match baseline {
                Some(_) => {
                    let was = before.iter().find(|(k, _)| k.0 == name && k.1 == n).map_or("-", |(_, o)| o.as_str());
                    format!("{:<10} {after}", visible(was))
                }
                None => after.to_string(),
            };
            let codes: Vec<String> = step["attempts"]
                .as_array()
                .into_iter()
                .flatten()
                .flat_map(|a| a["codes"].as_array().cloned().unwrap_or_default())
                .filter_map(|c| c.as_str().map(|c| visible(c).into_owned()))
                .fold(Vec::new(), |mut seen, c| {
                    if !seen.contains(&c) {
                        seen.push(c);
                    }
                    seen
                });
            let outcome = match step["expect"].as_str() {
                Some(e) if e != after => format!("{outcome} (expected {})", visible(e)),
                _ => outcome,
            };
            let short: String = visible(name).chars().take(width).collect();
            let tool = visible(step["tool"].as_str().unwrap_or(""));
            out.push_str(&format!("{short:<width$} {n:>4}  {tool:<24} {outcome:<20} {}\n", codes.join(" ")));
        }
    }
    if let Some(b) = baseline {
        out.push_str(&format!("before: {}\n", visible(&totals(b))));
    }
    out.push_str(&format!("{}{}", if baseline.is_some() { "after:  " } else { "" }, totals(run)));
    out
}
