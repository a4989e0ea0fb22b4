"""A stdio MCP server written with no SDK at all (the standard library only), as a server in a
language agent-input has no binding for would be: `agent-input proxy -- python bare_server.py`
makes it lenient. Its tools echo what they receive, so a test sees exactly what reached the
handler; a few misbehave on purpose (crash, write noise to stdout, answer slowly or hugely).

It speaks both revisions: `server/discover` (2026-07-28) and `initialize` (2025-11-25).
`tools/list` comes in two pages. Every call is appended to the file named by `BARE_SERVER_LOG`
(one JSON line: the tool and its arguments as received), so a test can count the writes.
"""

import json
import os
import sys
import time

SEARCH = {
    "name": "search",
    "description": "Search the records.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "Words to find."},
            "limit": {"type": "integer", "minimum": 1, "maximum": 50, "description": "How many."},
            "date_from": {"type": "string", "format": "date", "description": "On or after this day."},
        },
        "required": ["query"],
    },
}
NOTE = {
    "name": "note",
    "description": "Store a note as written.",
    "inputSchema": {
        "type": "object",
        "properties": {"text": {"type": "string"}, "from": {"type": "string"}, "to": {"type": "string"}},
        "required": ["text"],
    },
}
WRITE = {
    "name": "write",
    "description": "Create a record.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "title": {"type": "string"},
            "idempotency_key": {"type": "string", "description": "A fresh key per change."},
            "delay_ms": {"type": "integer", "description": "How long the write takes."},
        },
        "required": ["title", "idempotency_key"],
    },
}
MISC = [
    {"name": "crash", "description": "Exits mid-call.", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "noise", "description": "Writes a stray line to stdout first.", "inputSchema": {"type": "object", "properties": {}}},
    {"name": "slow", "description": "Answers after `ms` milliseconds.", "inputSchema": {"type": "object", "properties": {"ms": {"type": "integer"}}}},
    {"name": "huge", "description": "Answers with `bytes` bytes of text.", "inputSchema": {"type": "object", "properties": {"bytes": {"type": "integer"}}}},
    {"name": "grow", "description": "Adds the tool `late` and says the list changed.", "inputSchema": {"type": "object", "properties": {}}},
]
LATE = {"name": "late", "description": "Listed after grow.", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 5}}}}

tools = [SEARCH, NOTE, WRITE] + MISC
writes = 0


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def result(text, structured=None):
    out = {"content": [{"type": "text", "text": text}]}
    if structured is not None:
        out["structuredContent"] = structured
    return out


def call(name, args, params):
    global writes
    log = os.environ.get("BARE_SERVER_LOG")
    if log:
        # What reached it: the arguments, and the request's other keys but its name and _meta.
        other = sorted(k for k in params if k not in ("name", "arguments", "_meta"))
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps({"tool": name, "arguments": args, "other": other}) + "\n")
    if name == "crash":
        sys.stderr.write("bare_server: crashing on purpose\n")
        sys.stderr.flush()
        os._exit(3)
    if name == "noise":
        sys.stdout.write("this is not JSON-RPC\n")
        sys.stdout.flush()
    if name == "slow":
        time.sleep(args.get("ms", 0) / 1000)
    if name == "huge":
        return result("x" * int(args.get("bytes", 0)))
    if name == "grow":
        if LATE not in tools:
            tools.append(LATE)
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
    if name == "write":
        time.sleep(args.get("delay_ms", 0) / 1000)
        writes += 1
        return result(json.dumps({"created": writes}), {"created": writes, "received": args})
    return result(json.dumps(args), {"received": args})


def handle(message):
    method, mid, params = message.get("method"), message.get("id"), message.get("params") or {}
    if mid is None:
        log = os.environ.get("BARE_SERVER_LOG")
        if log and method == "notifications/cancelled":
            with open(log, "a", encoding="utf-8") as f:
                f.write(json.dumps({"notification": method, "params": params}) + "\n")
        return
    if method == "server/discover":
        send({"jsonrpc": "2.0", "id": mid, "result": {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {"listChanged": True}}, "serverInfo": {"name": "bare", "version": "1.0"}}})
    elif method == "initialize":
        send({"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": "2025-11-25", "capabilities": {"tools": {"listChanged": True}}, "serverInfo": {"name": "bare", "version": "1.0"}}})
    elif method == "ping":
        send({"jsonrpc": "2.0", "id": mid, "result": {}})
    elif method == "tools/list":
        page = 1 if params.get("cursor") == "2" else 0
        listed = tools[:3] if page == 0 else tools[3:]
        out = {"tools": listed}
        if page == 0:
            out["nextCursor"] = "2"
        send({"jsonrpc": "2.0", "id": mid, "result": out})
    elif method == "tools/call":
        name = params.get("name")
        if not any(t["name"] == name for t in tools):
            send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32602, "message": f"unknown tool {name}"}})
            return
        send({"jsonrpc": "2.0", "id": mid, "result": call(name, params.get("arguments") or {}, params)})
    else:
        send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": f"Method not found: {method}"}})


for line in sys.stdin:
    if line.strip():
        handle(json.loads(line))
