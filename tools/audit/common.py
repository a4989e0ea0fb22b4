"""What the audits share: the binary they read through, one batch run, and the comparison of a
read value with the value a source wants."""
import argparse
import decimal
import json
import os
import subprocess

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def arguments(description):
    """The audits' command line: `--bin` (or AGENT_INPUT_BIN; default the repository's release
    build), `--show-wrong`, `--show-asks KIND`."""
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--bin", default=os.environ.get("AGENT_INPUT_BIN", os.path.join(ROOT, "target", "release", "agent-input")),
                   help="the agent-input binary (default $AGENT_INPUT_BIN or target/release/agent-input)")
    p.add_argument("--show-wrong", action="store_true", help="list each silent wrong read")
    p.add_argument("--show-asks", metavar="KIND", help="list each ask of the kind")
    return p


def run(binary, cases):
    """cases: (source, kind, input, expected value or None where only an ask reads right[, options]).
    One outcome (a dict) per case, in order, from one `agent-input read --batch`."""
    lines = "".join(
        json.dumps({"kind": c[1], "input": c[2], **({"options": c[4]} if len(c) > 4 and c[4] else {})}, ensure_ascii=False)
        + "\n"
        for c in cases
    )
    out = subprocess.run([binary, "read", "--batch"], input=lines, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in out.stdout.splitlines()]


def same(got, want):
    """One value: equal, or the same number however written (4000 and "4000.0")."""
    if got == want:
        return True
    try:
        return decimal.Decimal(str(got)) == decimal.Decimal(str(want))
    except decimal.InvalidOperation:
        return False


def readings(outcome):
    """The values an ask names."""
    return [r.get("value") for r in outcome.get("ask", {}).get("readings", [])]
