"""The example servers as a newcomer starts them: the official-SDK ones need no `fastmcp`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Imports the modules with `fastmcp` made unimportable, as in an environment with only `mcp`.
WITHOUT_FASTMCP = "import sys; sys.modules['fastmcp'] = None; import {module}; print({module}.__name__)"


def _import_without_fastmcp(module: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_FASTMCP.format(module=module)],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_official_sdk_servers_import_without_fastmcp() -> None:
    for module in ("courts_server_official", "plain_mcpserver"):
        done = _import_without_fastmcp(module)
        assert done.returncode == 0, f"{module}: {done.stderr}"
        assert done.stdout.strip() == module


def test_the_fastmcp_servers_do_need_it() -> None:
    """The check above can fail: the FastMCP examples do not import under it."""
    for module in ("courts_server", "plain_fastmcp"):
        done = _import_without_fastmcp(module)
        assert done.returncode != 0 and "fastmcp" in done.stderr, module
