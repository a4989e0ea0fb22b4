#!/usr/bin/env python3
"""Instructions per read: `per_read <case> 1001` minus `per_read <case> 1`, over 1,000.

Run from the workspace root: `python3 benches/instructions.py [case ...]`. It builds the
`per_read` binary in release mode and runs each case under `valgrind --tool=callgrind`;
the counts do not depend on the machine's load, so two commits compare in one table.

Beside each read of a criterion group it prints the read's instructions over its group's floor
(`floor_<group>`, the floor `benches/kinds.rs` compares the group with): the ratio of the 10x
goals, stable where the wall times of a loaded machine are not. The `typed_*` cases are the
criterion groups' own reads (the typed value); the older cases read through `Spec::read` and
make the value's JSON too. Instructions are not time: the floors run fewer instructions a
nanosecond than the reads, so these ratios run above criterion's.
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
    listed = subprocess.run([binary, "list", "0"], capture_output=True, text=True, check=True).stdout.split()
    cases = sys.argv[1:] or listed
    floors = {case for case in listed if case.startswith("floor_") or case == "search_floor"}
    counted = {}

    def per_read(case):
        if case not in counted:
            counted[case] = (instructions(binary, case, 1001) - instructions(binary, case, 1)) / 1000
        return counted[case]

    for case in cases:
        line = f"{case}\t{per_read(case):,.0f}"
        group = floor_of(case, floors)
        if group is not None:
            line += f"\t{per_read(case) / per_read(group):.2f}x {group}"
        print(line)


def floor_of(case, floors):
    """The floor case a read is compared with (its criterion group's `floor_<group>`, or the
    search call's), among the `floors` per_read lists; `None` for a floor or a read of none."""
    group = case.removeprefix("typed_").split("_")[0]
    if case in floors or case == "date_range":
        return None
    floor = "search_floor" if group == "search" else f"floor_{group}"
    return floor if floor in floors else None


if __name__ == "__main__":
    main()
