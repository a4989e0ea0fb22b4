#!/usr/bin/env python3
"""Prints the ratio of every agent-input benchmark to the floor of its group, from the
estimates criterion wrote in the same run (target/criterion). Usage: python3 benches/ratios.py"""
import json, os, sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "target", "criterion")
# The floor of each group: the subject every agent_input case is compared with.
FLOORS = {
    "number": "clean/decimal_from_str",
    "boolean": "clean/bool_from_str",
    "uuid": "clean/uuid_parse_str",
    "date": "iso/chrono_from_str",
    "country": "lookup/hashmap",
    "locale": "canonical/unic_langid_from_str",
    "vocabulary": "lookup/hashmap",
    "tool": "call/serde_json_from_value",
}

def mean_ns(group, bench):
    path = os.path.join(ROOT, group, *bench.split("/"), "new", "estimates.json")
    try:
        with open(path) as f:
            return json.load(f)["mean"]["point_estimate"]
    except OSError:
        return None

def benches(group):
    base = os.path.join(ROOT, group)
    out = []
    for dirpath, dirnames, filenames in os.walk(base):
        if os.path.basename(dirpath) == "new" and "estimates.json" in filenames:
            rel = os.path.relpath(os.path.dirname(dirpath), base)
            out.append(rel.replace(os.sep, "/"))
    return sorted(out)

def main():
    if not os.path.isdir(ROOT):
        sys.exit("no criterion results: run `cargo bench -p agent-input-benches` first")
    print("| benchmark | mean | floor | ratio to floor |")
    print("| --- | --- | --- | --- |")
    for group in sorted(os.listdir(ROOT)):
        floor_name = FLOORS.get(group)
        if floor_name is None:
            continue
        floor = mean_ns(group, floor_name)
        for bench in benches(group):
            if bench == floor_name:
                continue
            ns = mean_ns(group, bench)
            if ns is None or floor is None:
                continue
            print(f"| `{group}/{bench}` | {ns:.1f} ns | `{floor_name}` {floor:.1f} ns | {ns / floor:.2f}x |")

main()
