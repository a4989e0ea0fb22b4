"""The published-server suite's table, printed at the end and written to RESULTS.md."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import results  # noqa: E402


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if results.STATS:
        terminalreporter.write_sep("=", "published servers, plain and through the one line")
        terminalreporter.write(results.table())
        results.write()
