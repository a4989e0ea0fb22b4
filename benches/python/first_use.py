"""The cost of a table's first use through the Python binding (the core compiled natively).

The name and word tables are zstd frames in the extension, each expanded at the first read
that needs it (and kept). Each row runs in a fresh interpreter: the import, the row's first
read (paying for the expansion of the tables it needs) and the median of nine reads after it;
the median of RUNS processes. The JavaScript twin is `benches/js/first_use.mjs`.

    python benches/python/first_use.py        (agent_input installed in that interpreter)
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

RUNS = 7

# Each row's read, and the tables its first call expands.
ROWS = [
    ("country", "Německo", "country names (NAMES: 30,000 names in 700 locales) and the country tables"),
    ("locale", "Schweizerdeutsch", "language names (LANGUAGE_NAMES) and the locale tables"),
    ("date", "1. října 2026", "month names (MONTHS)"),
    ("number", "zweitausendfünfhundert", "number words (NUMBER_WORDS) and scale words"),
    ("date", "2026-10-01", "none (a clean ISO date reads no table)"),
]

CHILD = """
import json, sys, time
t0 = time.perf_counter()
import agent_input
t1 = time.perf_counter()
kind, value = json.loads(sys.argv[1])
a = time.perf_counter(); agent_input.read(kind, value); b = time.perf_counter()
later = []
for _ in range(9):
    c = time.perf_counter(); agent_input.read(kind, value); later.append(time.perf_counter() - c)
print(json.dumps({"start": t1 - t0, "first": b - a, "later": sorted(later)[4]}))
"""


def main() -> None:
    print(f"CPython {sys.version.split()[0]}; the median of {RUNS} fresh processes a row\n")
    print("| first read | tables expanded | import | first read | reads after it |")
    print("| --- | --- | ---: | ---: | ---: |")
    for kind, value, tables in ROWS:
        runs = [
            json.loads(subprocess.run([sys.executable, "-c", CHILD, json.dumps([kind, value])], check=True, capture_output=True, text=True).stdout)
            for _ in range(RUNS)
        ]
        start, first, later = (statistics.median(r[k] for r in runs) for k in ("start", "first", "later"))
        print(f"| {kind} `{value}` | {tables} | {start * 1e3:.2f} ms | {first * 1e3:.2f} ms | {later * 1e6:.1f} µs |")


if __name__ == "__main__":
    main()
