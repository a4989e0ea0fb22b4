"""What the suite counted per server, printed as a table at the end of the session and written to
tests/published/RESULTS.md; and the findings file for the core's maintainers."""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import Any, Dict, List

from harness import Call, HERE

STATS: Dict[str, Dict[str, Any]] = {}
FINDINGS = Path(os.environ.get("AGENT_INPUT_FINDINGS", "/tmp/helper-suite-findings.md"))
_findings_started = False


def finding(server: str, what: str, call: Call, plain: str, lenient: str, argv: List[str]) -> None:
    """Appends one case to the findings file (the test still fails on it)."""
    global _findings_started
    mode = "a" if _findings_started else "w"
    with FINDINGS.open(mode, encoding="utf-8") as f:
        if not _findings_started:
            f.write(f"# tests/published findings ({datetime.datetime.now().isoformat(timespec='seconds')})\n\n")
        _findings_started = True
        f.write(f"## {server}: {what}\n\n- lenient command: `{' '.join(argv)}`\n- call: `{call.label()[:3000]}`\n")
        if plain:
            f.write(f"- plain:   `{plain[:3000]}`\n")
        if lenient:
            f.write(f"- lenient: `{lenient[:3000]}`\n")
        f.write("\n")


def table() -> str:
    head = (
        "| server | package | written on | tools | example calls | generated valid calls | tools left out | "
        "plain refused (of the valid calls) | changed by the line | model spellings repaired |\n"
        "| --- | --- | --- | ---: | ---: | ---: | --- | ---: | ---: | ---: |\n"
    )
    rows = []
    for name, s in STATS.items():
        changed = s.get("changed", "not run")
        repaired = f"{s['repaired']} of {s['spellings']}" if "repaired" in s else "not run"
        rows.append(
            f"| {name} | {s.get('package', '')} | {s.get('framework', '')} | {s.get('tools', '')} | {s.get('examples', '')} | "
            f"{s.get('generated', '')} | {', '.join(s.get('left_out', [])) or 'none'} | {s.get('plain_refused', '')} | {changed} | {repaired} |"
        )
    return head + "\n".join(rows) + "\n"


def write() -> None:
    if not STATS:
        return
    text = (
        "# Published servers, plain and through the one line\n\n"
        "Written by `scripts/test-published` (tests/published/test_published.py); each row is one server "
        "driven over stdio by the official MCP Python SDK client. \"changed by the line\" counts the valid "
        "calls (documented examples and calls generated from the tool's own inputSchema) whose result "
        "differs through `python -m agent_input.run` / `node --import agent-input/register`: it must be 0. "
        "\"plain refused\" counts the valid calls the server itself answered with an error (a generated "
        "repository path or a missing file, say): they are compared too.\n\n" + table()
    )
    (HERE / "RESULTS.md").write_text(text, encoding="utf-8")
