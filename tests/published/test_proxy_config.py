"""The client configuration the README shows for `agent-input proxy` (examples/proxy/mcp.json),
run as a client runs it: its `command` and `args`, with `agent-input` the workspace's build on
PATH and `npx` finding @modelcontextprotocol/server-memory pinned in the published servers'
folder (no download), driven over stdio by the official MCP Python SDK client.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest

from harness import NPM_DIR, ROOT, Call, run_server
from servers import AGENT_INPUT_BIN

CONFIG = ROOT / "examples" / "proxy" / "mcp.json"


def test_the_readme_shows_the_tested_config_verbatim() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert CONFIG.read_text(encoding="utf-8").strip() in readme, "README.md does not show examples/proxy/mcp.json as it is"


def test_the_config_runs_the_server_leniently() -> None:
    if not AGENT_INPUT_BIN.is_file() or not (NPM_DIR / "node_modules" / "@modelcontextprotocol" / "server-memory").is_dir():
        why = "agent-input or the pinned server-memory is not built (scripts/test-published builds both)"
        if os.environ.get("AGENT_INPUT_PUBLISHED_REQUIRE") == "1":
            pytest.fail(why)
        pytest.skip(why)
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
