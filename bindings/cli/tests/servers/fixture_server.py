"""A deliberately configurable MCP server over stdio, for the lint's and the eval's tests.

`python3 fixture_server.py FIXTURE.json` serves the fixture's tools as it says: each of
`tests/servers/lint/*.json` is a server that breaks one lint rule (its file name is the rule's
code), `clean.json` one that breaks none. Python's standard library only: no SDK, so that a test
server can break what every SDK would refuse to send.

Fixture keys (all optional but `tools`):
- `tools`: the `tools/list` tools, as sent;
- `modern`: answer `server/discover` (default true); false answers it "method not found", so
  the client falls back to `initialize`;
- `list_fields`: fields of every `tools/list` result (default `resultType`, `ttlMs` 0 and
  `cacheScope` "private"); `omit`: names of those left out;
- `shuffle`: list the tools in reverse order every second time;
- `results`: a `tools/call` result per tool name (default a structured `{"ok": true}`), sent
  with `resultType` on 2026-07-28 unless `omit` names it;
- `echo`: tools whose result is the arguments they got (structured);
- `refuse`: per tool, the argument values refused with an agent-input style ask, as
  `{"tool": {"argument": {"value": V, "readings": [R1, R2]}}}`;
- `stray`: a line written to stdout before anything else;
- `copies`: list the first tool this many times, its name numbered (`name_1`, `name_2`, …).
"""

import json
import sys

fixture = json.load(open(sys.argv[1], encoding="utf-8"))
modern_session = False
listings = 0


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def list_result():
    global listings
    listings += 1
    tools = list(fixture["tools"])
    if fixture.get("copies"):
        tools = [dict(tools[0], name=f"{tools[0]['name']}_{i}") for i in range(1, fixture["copies"] + 1)]
    if fixture.get("shuffle") and listings % 2 == 0:
        tools.reverse()
    fields = {"resultType": "complete", "ttlMs": 0, "cacheScope": "private"}
    fields.update(fixture.get("list_fields", {}))
    for name in fixture.get("omit", []):
        fields.pop(name, None)
    if not modern_session:
        fields = {k: v for k, v in fields.items() if k not in ("resultType", "ttlMs", "cacheScope")}
    return {"tools": tools, **fields}


def call_result(params):
    name = params.get("name")
    arguments = params.get("arguments") or {}
    for argument, refusal in fixture.get("refuse", {}).get(name, {}).items():
        if arguments.get(argument) == refusal["value"]:
            readings = [{"value": r, "meaning": f"read as {r}"} for r in refusal["readings"]]
            envelope = {
                "code": "ambiguous_arguments",
                "message": f"`{name}` did not run: argument `{argument}` has two or more meanings.",
                "hint": f"Call `{name}` again with `{argument}` set to one of the readings.",
                "issues": [{"path": argument, "code": "ambiguous_value", "readings": readings}],
            }
            return {"content": [{"type": "text", "text": json.dumps(envelope)}], "structuredContent": envelope, "isError": True}
    if name in fixture.get("echo", []):
        result = {"content": [{"type": "text", "text": json.dumps(arguments)}], "structuredContent": arguments}
    else:
        result = fixture.get("results", {}).get(name, {"content": [{"type": "text", "text": "{\"ok\": true}"}], "structuredContent": {"ok": True}})
    result = dict(result)
    if modern_session and "resultType" not in fixture.get("omit", []):
        result.setdefault("resultType", "complete")
    return result


def answer(message):
    global modern_session
    method = message.get("method")
    params = message.get("params") or {}
    if method == "server/discover":
        if not fixture.get("modern", True):
            return None, {"code": -32601, "message": "Method not found"}
        modern_session = True
        return {"resultType": "complete", "supportedVersions": ["2026-07-28", "2025-11-25"], "capabilities": {"tools": {}},
                "ttlMs": 0, "cacheScope": "private"}, None
    if method == "initialize":
        return {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}}, "serverInfo": {"name": "fixture", "version": "1"}}, None
    if method == "tools/list":
        return list_result(), None
    if method == "tools/call":
        return call_result(params), None
    if method == "ping":
        return {}, None
    return None, {"code": -32601, "message": "Method not found"}


if fixture.get("stray"):
    sys.stdout.write(fixture["stray"] + "\n")
    sys.stdout.flush()
for line in sys.stdin:
    if not line.strip():
        continue
    message = json.loads(line)
    if "id" not in message:
        continue
    result, error = answer(message)
    if error is not None:
        send({"jsonrpc": "2.0", "id": message["id"], "error": error})
    else:
        send({"jsonrpc": "2.0", "id": message["id"], "result": result})
