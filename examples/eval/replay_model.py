"""A model command for `agent-input eval` that replays recorded calls, standing in for a model.

`agent-input eval` runs it once per turn with `{"scenario", "turn", "tools", "last", "history"}`
on stdin and reads the next call from its stdout. It sends the scenario's `calls` in order; when
the server refused the last call with an ask that names readings, it first sends that call again
with each issue's first reading (the replay model: what a model that trusts the first reading
does), and when the calls are spent it prints `{"done": true}`. A real model client plugs in the
same way: read the tools and the last result, print the next call.

Standard library only.
"""

import copy
import json
import sys
from typing import Any, Optional


def envelope(entry: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The error envelope of a refused call: its structuredContent, or the JSON of its text."""
    result = entry.get("result") or {}
    structured = result.get("structuredContent")
    if isinstance(structured, dict) and "issues" in structured:
        return structured
    for block in result.get("content") or []:
        try:
            value = json.loads(block.get("text", ""))
        except ValueError:
            continue
        if isinstance(value, dict) and "issues" in value:
            return value
    return None


def with_first_readings(arguments: dict[str, Any], ask: dict[str, Any]) -> Optional[dict[str, Any]]:
    """The arguments with each issue's first reading set at its (top-level) path."""
    changed = copy.deepcopy(arguments)
    picked = False
    for issue in ask.get("issues", []):
        readings = issue.get("readings") or []
        path = issue.get("path", "")
        if readings and path and "." not in path and "[" not in path:
            changed[path] = readings[0]["value"]
            picked = True
    return changed if picked else None


def main() -> None:
    state = json.load(sys.stdin)
    calls = state["scenario"].get("calls", [])
    history = state["history"]
    # A retry is a call right after a refused call of the same tool.
    retries = sum(1 for before, after in zip(history, history[1:]) if not before["ran"] and before["tool"] == after["tool"])
    last = state["last"]
    already_retried = len(history) >= 2 and not history[-2]["ran"] and history[-2]["tool"] == last["tool"]
    if last and not last["ran"] and not already_retried:
        ask = envelope(last)
        retry = with_first_readings(last["arguments"], ask) if ask else None
        if retry is not None:
            print(json.dumps({"tool": last["tool"], "arguments": retry}))
            return
    sent = len(history) - retries
    if sent < len(calls):
        print(json.dumps(calls[sent]))
    else:
        print(json.dumps({"done": True}))


main()
