#!/usr/bin/env python3
"""Instructions per call through the Python and JavaScript bindings, beside the core's own read
of the same value inside the extension or module, and beside what authors would otherwise call.

Run from the workspace root after the bindings are installed (`pip install ./bindings/python`
plus the peers of `benches/python/bench.py` into PYTHON; `npm run build` in `bindings/js` and
`npm ci --prefix benches/js`):

    python3 benches/bindings_instructions.py [--python PYTHON] [--node NODE] [case ...]

Each case runs its statement N times (a statement of the core's own read makes 100 reads,
and its count is divided by 100) under `valgrind --tool=callgrind`, at two N (2,001 and
8,001; 101 and 301 for dateparser, a thousand times slower; 11 and 31 for the core's loops
of 100 reads), and reports the difference over
the calls between them: the steady state, with start-up, imports, first
calls and the JIT's warm-up left out. The counts do not depend on the machine's load, so they
compare where wall times (bench.py, bench.mjs) are too noisy to.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# 2,001 and 8,001 calls: with fewer, when V8 compiles which function moves a call's count by
# several thousand instructions from run to run.
LOW, HIGH = 2001, 8001

PY_SETUP = """
import datetime, sys
import agent_input
tool = agent_input.Tool.from_spec({"name": "search", "properties": {
    "query": {"kind": "text", "required": True}, "date_from": {}, "date_to": {}, "limit": {"max": 5000},
    "country": {}, "locale": {}, "decision_id": {}, "include_dissents": {"kind": "boolean"}}})
model = {"query": "nájem bytu", "date_from": "1. 10. 2026", "date_to": "31. 12. 2026", "limit": "4 000",
    "country": "Czechia", "locale": "cs_CZ", "decision_id": "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}",
    "include_dissents": "yes"}
date_reader = agent_input.Reader("date")
"""

JS_SETUP = """
import { Reader, Tool } from "agent-input";
const wasm = await import(new URL("node_modules/agent-input/pkg/agent_input.js", import.meta.url));
const COURTS = [{ id: "NS", names: ["Nejvyšší soud", "Supreme Court"] }, { id: "NSS", names: ["Nejvyšší správní soud", "Supreme Administrative Court"] }];
const SPEC = { name: "search", properties: { query: { kind: "text", required: true }, court: { kind: "vocabulary", role: "filter", entries: COURTS }, date_from: {}, date_to: {}, limit: { max: 50 }, sort: { kind: "enum", values: ["relevance", "date_desc"] }, country: {}, include_dissents: { kind: "boolean" } } };
const tool = Tool.fromSpec(SPEC);
const inner = wasm.Tool.from_spec(JSON.stringify(SPEC));
const model = { query: " nájem ", court: "Nejvyssi soud", dateFrom: "1. 1. 2026", date_to: "2026-Q2", limit: "500", sort: "Date Desc", country: "Česko", include_dissents: "ano" };
const modelText = JSON.stringify(model);
const date = new Reader("date");
const number = new Reader("number");
"""

# (name, runtime, extra setup, statement[, reads per statement[, the two N]])
CASES = [
    ("py/date_iso", "python", "", 'date_reader.read("2026-10-01").value'),
    ("py/date_iso/pydantic", "python", "from pydantic import TypeAdapter\nta = TypeAdapter(datetime.date)",
     'ta.validate_python("2026-10-01")'),
    ("py/date_dotted", "python", "", 'date_reader.read("1. 10. 2026").value'),
    ("py/date_dotted/dateparser", "python", "import dateparser",
     'dateparser.parse("1. 10. 2026", languages=["cs", "en"], settings={"DATE_ORDER": "DMY"}).date()', 1,
     (101, 301)),
    ("py/call8_model/core", "python", "", "tool._bench_read(model, 100)", 100, (11, 31)),
    ("py/call8_model/args", "python", "", "tool.read(model).args"),
    ("py/call8_model/args_notes", "python", "", "c = tool.read(model); c.args; c.notes"),
    # A spec tool's whole call without the event loop: through the call protocol (`Tool.call`:
    # the request in, the run step's `.args`, the handler's output in, the result out), beside
    # the same read and result without the protocol (its floor).
    ("py/call8_model/result", "python", "out = {'hits': 0}",
     "c = tool.read(model); c.args; c.to_call_tool_result(out)"),
    ("py/call8_model/protocol", "python", "out = {'hits': 0}; params = {'name': 'search', 'arguments': model}",
     "c = tool.call(params); c.args; c.resume({'output': out})"),
    ("js/call8_model/core", "node", "", "inner.bench_read(modelText, 100, 0)", 100, (11, 31)),
    ("js/call8_model", "node", "", "tool.read(model)"),
    ("js/date_iso", "node", "", 'date.read("2026-10-01")'),
    ("js/date_iso/Date.parse", "node", "", 'Date.parse("2026-10-01")'),
    ("js/number_note", "node", "", 'number.read("4 000")'),
]


def collected(command, cwd):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        # One hash seed for every run: Python's string hashes, and with them its dict probes,
        # would otherwise differ from run to run.
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        run = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command],
                             capture_output=True, text=True, cwd=cwd, env=env)
        found = re.search(r"Collected : (\d+)", run.stderr)
        if run.returncode != 0 or not found:
            sys.exit(f"{' '.join(command)} failed:\n{run.stderr[-2000:]}")
        return int(found.group(1))


def program(runtime, extra, statement, n):
    if runtime == "python":
        body = "\n    ".join(statement.split("; "))
        return f"{PY_SETUP}\n{extra}\nfor _ in range({n}):\n    {body}\n"
    return f"{JS_SETUP}\n{extra}\nfor (let i = 0; i < {n}; i++) {{ {statement}; }}\n"


def per_call(case, python, node):
    _, runtime, extra, statement, *rest = case
    per = rest[0] if rest else 1
    low, high = rest[1] if len(rest) > 1 else (LOW, HIGH)
    counts = []
    for n in (low, high):
        if runtime == "python":
            with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
                f.write(program(runtime, extra, statement, n))
            command, cwd = [python, f.name], ROOT
        else:
            path = os.path.join(ROOT, "benches", "js", f"instructions-{os.getpid()}.mjs")
            with open(path, "w", encoding="utf-8") as f:
                f.write(program(runtime, extra, statement, n))
            # TurboFan from the first call (no Liftoff baseline to tier up from): the module's
            # steady-state code, as a long-running server runs it.
            command, cwd = [node, "--single-threaded", "--no-liftoff", path], os.path.dirname(path)
        try:
            counts.append(collected(command, cwd))
        finally:
            os.unlink(command[-1])
    return (counts[1] - counts[0]) / (high - low) / per


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--node", default="node")
    parser.add_argument("cases", nargs="*", help="case names (default: all)")
    args = parser.parse_args()
    for case in CASES:
        if args.cases and case[0] not in args.cases:
            continue
        print(f"{case[0]}\t{per_call(case, args.python, args.node):,.0f}", flush=True)


if __name__ == "__main__":
    main()
