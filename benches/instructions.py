#!/usr/bin/env python3
"""Instructions per read: `per_read <case> 1001` minus `per_read <case> 1`, over 1,000.

Run from the workspace root: `python3 benches/instructions.py [case ...]`. It builds the
`per_read` binary in release mode and runs each case under `valgrind --tool=callgrind`;
the counts do not depend on the machine's load, so two commits compare in one table.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def instructions(binary, case, n):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        run = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", binary, case, str(n)],
            capture_output=True, text=True, check=True)
        found = re.search(r"Collected : (\d+)", run.stderr)
        return int(found.group(1))


def main():
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "agent-input-benches", "--bin", "per_read"],
                   cwd=ROOT, check=True)
    binary = os.path.join(ROOT, "target", "release", "per_read")
    cases = sys.argv[1:] or subprocess.run([binary, "list", "0"], capture_output=True, text=True,
                                           check=True).stdout.split()
    for case in cases:
        per_read = (instructions(binary, case, 1001) - instructions(binary, case, 1)) / 1000
        print(f"{case}\t{per_read:,.0f}")


if __name__ == "__main__":
    main()
