"""The client configuration the README and docs/proxy.md show for `agent-input proxy` (examples/proxy/mcp.json),
run as a client runs it: its `command` and `args`, with `agent-input` the workspace's build on
PATH and `npx` finding @modelcontextprotocol/server-memory pinned in the published servers'
folder (no download), driven over stdio by the official MCP Python SDK client; and the HTTP
sidecar it shows (examples/proxy/sidecar.sh, two replicas sharing a receipt store, in front of
a Streamable HTTP server) with its client configuration (examples/proxy/mcp-http.json).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any, List

import anyio

from harness import NPM_DIR, ROOT, Call, free_port, missing, run_server, wait_listening
from servers import AGENT_INPUT_BIN

CONFIG = ROOT / "examples" / "proxy" / "mcp.json"


def test_the_readme_shows_the_tested_config_verbatim() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert CONFIG.read_text(encoding="utf-8").strip() in readme, "README.md does not show examples/proxy/mcp.json as it is"


def test_the_config_runs_the_server_leniently() -> None:
    if not AGENT_INPUT_BIN.is_file() or not (NPM_DIR / "node_modules" / "@modelcontextprotocol" / "server-memory").is_dir():
        missing("agent-input or the pinned server-memory is not built (scripts/test-published builds both)")
    server = json.loads(CONFIG.read_text(encoding="utf-8"))["mcpServers"]["memory"]
    argv = [server["command"], *server["args"]]
    with tempfile.TemporaryDirectory() as work:
        env = {
            "PATH": os.pathsep.join([str(AGENT_INPUT_BIN.parent), os.environ.get("PATH", "")]),
            "MEMORY_FILE_PATH": str(Path(work) / "memory.jsonl"),
        }
        entities = [{"name": "Ada", "entityType": "person", "observations": ["wrote the first program"]}]
        calls = [
            Call("create_entities", {"entities": json.dumps(entities)}),  # a model's JSON text
            Call("open_nodes", {"names": ["Ada"]}),  # valid as it is
        ]
        run = run_server(argv, calls, NPM_DIR, env)
        assert run.error is None, run.describe()
        assert "create_entities" in [t["name"] for t in run.tools]
        spelled, valid = run.answers
        assert not spelled.refused, spelled.text
        assert spelled.result["_meta"]["agent-input/notes"], spelled.text
        assert not valid.refused and "Ada" in valid.text, valid.text
        assert "_meta" not in valid.result or "agent-input/notes" not in valid.result["_meta"], valid.text


SIDECAR = ROOT / "examples" / "proxy" / "sidecar.sh"
HTTP_CONFIG = ROOT / "examples" / "proxy" / "mcp-http.json"
BARE_SERVER = ROOT / "tests" / "proxy" / "bare_server.py"


def test_the_proxy_page_shows_the_sidecar_and_its_client_config_verbatim() -> None:
    page = (ROOT / "docs" / "proxy.md").read_text(encoding="utf-8")
    for path in (CONFIG, SIDECAR, HTTP_CONFIG):
        assert path.read_text(encoding="utf-8").strip() in page, f"docs/proxy.md does not show {path.name} as it is"


async def _calls(url: str, calls: List[Call]) -> List[Any]:
    from mcp import Client

    # The no-SDK server speaks 2026-07-28 only as far as the stdio tests need: the handshake.
    async with Client(url, mode="legacy", cache=None) as client:
        return [await client.call_tool(c.tool, c.arguments) for c in calls]


def test_two_sidecars_sharing_a_store_apply_a_retried_write_once() -> None:
    """`examples/proxy/sidecar.sh` run twice, as two replicas in front of one HTTP server (the
    no-SDK server with `--http`), both on one SQLite receipt store; a client configured by
    `examples/proxy/mcp-http.json` (its URL's port made each replica's) calls through both: a
    model's spelling is repaired, and a write retried through the other replica is answered
    from the first one's receipt, the server having applied it once."""
    if not AGENT_INPUT_BIN.is_file():
        missing("agent-input is not built (scripts/test-published builds it)")
    url = json.loads(HTTP_CONFIG.read_text(encoding="utf-8"))["mcpServers"]["records"]["url"]
    with tempfile.TemporaryDirectory() as work:
        log = Path(work) / "calls.jsonl"
        env = {**os.environ, "PATH": os.pathsep.join([str(AGENT_INPUT_BIN.parent), os.environ.get("PATH", "")]),
               "BARE_SERVER_LOG": str(log)}
        upstream_port = free_port()
        processes = [subprocess.Popen([sys.executable, str(BARE_SERVER), "--http", str(upstream_port)], env=env)]
        try:
            wait_listening(upstream_port, processes[0], "the upstream")
            urls = []
            for _ in range(2):
                port = free_port()
                replica = {**env, "PORT": str(port), "UPSTREAM": f"http://127.0.0.1:{upstream_port}/mcp",
                           "RECEIPTS": f"sqlite:{Path(work) / 'receipts.db'}"}
                processes.append(subprocess.Popen(["sh", str(SIDECAR)], env=replica, start_new_session=True))
                wait_listening(port, processes[-1], "a sidecar")
                urls.append(url.replace(":8931/", f":{port}/"))
            write = Call("write", {"title": "A", "idempotency_key": "sidecar-1"})
            first = anyio.run(_calls, urls[0], [Call("search", {"query": "q", "limit": "5", "date_from": "1. 10. 2025"}), write])
            second = anyio.run(_calls, urls[1], [write])
        finally:
            for process in reversed(processes):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM) if process.args[0] == "sh" else process.terminate()
                process.wait(timeout=10)
        searched, applied = first
        assert searched.structured_content["received"] == {"query": "q", "limit": 5, "date_from": "2025-10-01"}
        assert searched.meta and searched.meta["agent-input/notes"], searched
        assert not applied.is_error and applied.structured_content["created"] == 1, applied
        assert second[0].structured_content == applied.structured_content, second[0]
        writes = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
        assert [w["tool"] for w in writes if "tool" in w].count("write") == 1, writes
