"""MCP servers over stdio that attack the client, for `tests/hostile.rs`: each mode is one way
a server can try to exhaust `agent-input lint` or `eval` (memory, time, or a process left
running). Python's standard library only. Every flood is written in chunks, so that this
process stays small and the peak memory a test measures is the CLI's.

    python3 hostile_server.py MODE [ARG]

Modes:
- `stderr-flood`: 64 MiB of stderr without a newline, then one last line, then it exits;
- `stderr-ff`: a stderr line holding the byte 0xFF, then a log line on stderr for every
  request; at the second `tools/list` it logs `fatal: after the bad bytes` and exits;
- `stdout-junk`: after the first request, lines that are not JSON-RPC, without end;
- `notifications`: after the first request, notifications without end;
- `requests-unread`: after the first request, pings with 4 KiB ids, never reading its input;
- `requests-read`: after the first request, pings without end, reading (and dropping) its input;
- `ignore-eof ARG`: serves one tool, writes its pid and its child's (a `sleep`) to the file ARG,
  and ignores the end of its input and SIGTERM;
- `loop-pages N`: every `tools/list` page holds one tool with an N-byte description and
  offers the same next page again;
- `huge-listing N`: one `tools/list` page of N tools;
- `model-sleep ARG` (a model command, not a server): writes its pid to ARG and sleeps;
- `mixed SEED`: the generative server of `every_drawn_hostile_server_is_bounded`: from the seed
  it draws, before each answer, a few of the attacks below (junk lines and bytes that are not
  UTF-8, lines cut in half, deep and wide JSON, notifications, its own requests, answers to ids
  nobody sent, floods on stderr, pauses) and answers with the true result, a mangled one or an
  error; it may also end at any point. The same seed draws the same server.
"""

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

MODE = sys.argv[1]
ARG = sys.argv[2] if len(sys.argv) > 2 else None
out = sys.stdout.buffer
err = sys.stderr.buffer


def send(message):
    out.write(json.dumps(message).encode() + b"\n")
    out.flush()


def log(text):
    err.write(text)
    err.flush()


TOOL = {
    "name": "search_decisions",
    "description": "Searches court decisions by words of their title.",
    "annotations": {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True, "openWorldHint": False},
    "inputSchema": {"type": "object", "properties": {"query": {"type": "string", "description": "Words of the title."}}, "required": ["query"]},
}
FIELDS = {"resultType": "complete", "ttlMs": 0, "cacheScope": "private"}


def forever(line):
    """Writes `line` without end (until the client closes the pipe)."""
    block = line * max(1, 65536 // len(line))
    try:
        while True:
            out.write(block)
            out.flush()
    except (BrokenPipeError, OSError):
        os._exit(0)


def huge_listing(message, count):
    """One page of `count` tools, written in chunks, never held whole."""
    head = b'{"jsonrpc": "2.0", "id": %s, "result": {"resultType": "complete", "ttlMs": 0, "cacheScope": "private", "tools": [' % json.dumps(message["id"]).encode()
    out.write(head)
    for start in range(0, count, 1000):
        items = (b'{"name": "tool_%06d", "description": "d", "inputSchema": {"type": "object"}}' % i for i in range(start, min(count, start + 1000)))
        out.write((b"," if start else b"") + b",".join(items))
    out.write(b"]}}\n")
    out.flush()


def answer(message, listings):
    method = message.get("method")
    if method == "server/discover":
        return {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}}, "serverInfo": {"name": "hostile", "version": "0"}}
    if method == "tools/list":
        if MODE == "loop-pages":
            tool = dict(TOOL, description="x" * int(ARG))
            return {"tools": [tool], "nextCursor": "again", **FIELDS}
        return {"tools": [TOOL], **FIELDS}
    if method == "tools/call":
        return {"content": [{"type": "text", "text": "{}"}], "structuredContent": {}, "resultType": "complete"}
    return None


def drain():
    for _ in sys.stdin.buffer:
        pass


def attack():
    """What a mode does once the first request is in."""
    if MODE == "stdout-junk":
        forever(b"this is not JSON-RPC\n")
    if MODE == "notifications":
        forever(b'{"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "hi"}}\n')
    if MODE == "requests-read":
        threading.Thread(target=drain, daemon=True).start()
        forever(b'{"jsonrpc": "2.0", "id": 7, "method": "ping"}\n')
    if MODE == "requests-unread":
        forever(b'{"jsonrpc": "2.0", "id": "%s", "method": "ping"}\n' % (b"p" * 4096))


def mangled(result, rng):
    """The true result with one part made hostile."""
    choice = rng.randrange(6)
    if choice == 0 and "tools" in result:
        return {**result, "tools": "not a list"}
    if choice == 1 and "tools" in result:
        weird = {"name": "\x1b]0;owned\x07\u202e" + "n" * rng.randrange(1, 300), "inputSchema": rng.choice([None, 7, [], {"type": "object", "properties": "x"}, {"$ref": "#"}])}
        return {**result, "tools": [weird] * rng.randrange(1, 2000)}
    if choice == 2:
        return {**result, "nextCursor": rng.choice(["again", "", 7, None])}
    if choice == 3:
        deep = "[" * 20000 + "]" * 20000
        return json.loads('{"tools": []}') if rng.random() < 0.5 else {"tools": [], "deep": deep}
    if choice == 4:
        return {**result, "content": [{"type": "text", "text": "\x1b[2J" * rng.randrange(1, 4000)}], "isError": rng.random() < 0.5}
    return None


def draw_attack(rng, message_id):
    """One hostile act before an answer."""
    choice = rng.randrange(12)
    try:
        if choice == 0:
            out.write(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 2000))) + b"\n")
        elif choice == 1:
            out.write(b'{"jsonrpc": "2.0", "id": ' + json.dumps(message_id).encode()[: rng.randrange(1, 8)] + b"\n")
        elif choice == 2:
            depth = rng.randrange(100, 100000)
            out.write(b'{"jsonrpc": "2.0", "method": "x", "params": ' + b"[" * depth + b"]" * depth + b"}\n")
        elif choice == 3:
            for _ in range(rng.randrange(1, 500)):
                out.write(b'{"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "hi"}}\n')
        elif choice == 4:
            for i in range(rng.randrange(1, 50)):
                out.write(b'{"jsonrpc": "2.0", "id": "srv-%d", "method": "%s"}\n' % (i, rng.choice([b"ping", b"roots/list", b"sampling/createMessage", b"elicitation/create"])))
        elif choice == 5:
            out.write(json.dumps({"jsonrpc": "2.0", "id": rng.choice([10**30, "nobody", None, -1]), "result": {}}).encode() + b"\n")
        elif choice == 6:
            chunk = b"y" * (1 << 16)
            for _ in range(rng.randrange(1, 64)):
                log(chunk)
        elif choice == 7:
            log(b"\xff\xfe bad bytes \x1b[31m\n")
        elif choice == 8:
            time.sleep(rng.random() * 0.2)
        elif choice == 9:
            out.write(b"x" * rng.randrange(1, 1 << 20) + b"\n")
        elif choice == 10:
            out.write(b'{"jsonrpc": "2.0", "id": 1, "result": {"a": ' + b"1" * rng.randrange(1, 100000) + b"}}\n")
        else:
            out.write(b"\n\r\n  \t\n")
        out.flush()
    except (BrokenPipeError, OSError):
        os._exit(0)


def mixed():
    rng = random.Random(int(ARG))
    listings = 0
    for line in sys.stdin.buffer:
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if not isinstance(message, dict) or "id" not in message or "method" not in message:
            continue
        for _ in range(rng.randrange(4)):
            draw_attack(rng, message["id"])
        if rng.random() < 0.03:
            os._exit(rng.choice([0, 1, 3]))
        listings += message.get("method") == "tools/list"
        result = answer(message, listings)
        fate = rng.random()
        try:
            if fate < 0.05:
                # Gone without an answer (a request never answered waits out the request
                # timeout, tested on its own; here the draw stays within the test's time).
                os._exit(0)
            if fate < 0.2 or result is None:
                send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": "\x1b[2Jno"}})
            elif fate < 0.45:
                send({"jsonrpc": "2.0", "id": message["id"], "result": mangled(result, rng) or result})
            else:
                send({"jsonrpc": "2.0", "id": message["id"], "result": result})
        except (BrokenPipeError, OSError):
            os._exit(0)


def model_sleep():
    with open(ARG, "w") as f:
        f.write(str(os.getpid()))
    time.sleep(300)


def main():
    if MODE == "model-sleep":
        return model_sleep()
    if MODE == "mixed":
        return mixed()
    if MODE == "stderr-flood":
        chunk = b"x" * (1 << 20)
        for _ in range(64):
            log(chunk)
        log(b"\nfatal: the flood is over\n")
        return
    if MODE == "stderr-ff":
        log(b"bad bytes: \xff\xfe\n")
    if MODE == "ignore-eof":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        child = subprocess.Popen(["sleep", "300"])
        with open(ARG, "w") as f:
            f.write(f"{os.getpid()} {child.pid}")
    listings = 0
    for line in sys.stdin.buffer:
        message = json.loads(line)
        if MODE == "stderr-ff":
            log(b"handling %s\n" % message.get("method", "").encode())
        if "id" not in message:
            continue
        attack()
        if message.get("method") == "tools/list":
            listings += 1
            if MODE == "stderr-ff" and listings == 2:
                log(b"fatal: after the bad bytes\n")
                return
            if MODE == "huge-listing":
                huge_listing(message, int(ARG))
                continue
        result = answer(message, listings)
        if result is None:
            send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": "Method not found"}})
        else:
            send({"jsonrpc": "2.0", "id": message["id"], "result": result})
    if MODE == "ignore-eof":
        while True:
            time.sleep(1)


main()
