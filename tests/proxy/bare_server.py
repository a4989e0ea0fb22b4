"""A stdio MCP server written with no SDK at all (the standard library only), as a server in a
language agent-input has no binding for would be: `agent-input proxy -- python bare_server.py`
makes it lenient. Its tools echo what they receive, so a test sees exactly what reached the
handler; a few misbehave on purpose (crash, write noise to stdout, answer slowly or hugely).

It speaks both revisions: `server/discover` (2026-07-28) and `initialize` (2025-11-25). With
`--http PORT` it serves the same over HTTP on 127.0.0.1:PORT/mcp instead (each POST one
message, answered as JSON, or as an event stream when the server has more than one message for
it), logging each request's `Authorization` header, so a test sees which credential reached it.
`tools/list` comes in two pages. Every call is appended to the file named by `BARE_SERVER_LOG`
(one JSON line: the tool and its arguments as received), so a test can count the writes;
`BARE_SERVER_INIT_DELAY_MS` makes `initialize` answer that much later.
"""

import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

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
    {"name": "roots", "description": "Asks the client for its roots (a request of the server's own, stdio only) and answers with them.", "inputSchema": {"type": "object", "properties": {}}},
]
LATE = {"name": "late", "description": "Listed after grow.", "inputSchema": {"type": "object", "properties": {"n": {"type": "integer", "maximum": 5}}}}

tools = [SEARCH, NOTE, WRITE] + MISC
writes = 0


#: Over HTTP, the messages of the request being handled (per thread); over stdio, none.
collected = threading.local()


def send(message):
    if getattr(collected, "messages", None) is not None:
        collected.messages.append(message)
        return
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def log_line(entry):
    log = os.environ.get("BARE_SERVER_LOG")
    if log:
        with open(log, "a", encoding="utf-8") as f:
            f.write(json.dumps(entry) + "\n")


class Http(BaseHTTPRequestHandler):
    """One JSON-RPC message per POST to /mcp, on kept-alive connections."""

    protocol_version = "HTTP/1.1"
    # An answer's headers and body go out at once (no 40 ms delayed-ACK stall between them).
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def do_POST(self):
        log_line({"authorization": self.headers.get("Authorization")})
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        collected.messages = []
        try:
            handle(json.loads(body))
            messages = collected.messages
        finally:
            collected.messages = None
        if not messages:
            self.send_response(202)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if len(messages) == 1:
            data, kind = json.dumps(messages[0]).encode(), "application/json"
        else:
            data, kind = "".join(f"event: message\ndata: {json.dumps(m)}\n\n" for m in messages).encode(), "text/event-stream"
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.send_response(405)
        self.send_header("Allow", "POST")
        self.send_header("Content-Length", "0")
        self.end_headers()


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
    if name == "roots":
        send({"jsonrpc": "2.0", "id": "bare-roots-1", "method": "roots/list", "params": {}})
        for line in sys.stdin:
            answer = json.loads(line) if line.strip() else {}
            if answer.get("id") == "bare-roots-1" and "method" not in answer:
                return result(json.dumps(answer.get("result")), {"roots": answer.get("result")})
        return result("no answer")
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
        time.sleep(int(os.environ.get("BARE_SERVER_INIT_DELAY_MS", "0")) / 1000)
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


if len(sys.argv) == 3 and sys.argv[1] == "--http":
    ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), Http).serve_forever()
else:
    for line in sys.stdin:
        if line.strip():
            handle(json.loads(line))
