#!/usr/bin/env python3
"""Prints the ratio of every agent-input benchmark to the floor of its group, from the
estimates criterion wrote in the same run (target/criterion), and, when the `peers` bench has
run, agent-input's time over each peer's on every spelling that peer reads right (below 1x
agent-input is faster). Usage: python3 benches/ratios.py"""
import json, os, sys

ROOT = os.path.join(os.path.dirname(__file__), "..", "target", "criterion")
# The floor of each group: the subject every agent_input case is compared with.
FLOORS = {
    "number": "clean/decimal_from_str",
    "boolean": "clean/serde_json_from_str",
    "uuid": "clean/uuid_parse_str",
    "date": "iso/chrono_from_str",
    "country": "lookup/hashmap",
    "locale": "canonical/icu_locale_from_str",
    "vocabulary": "lookup/hashmap",
    "vocabulary_size": "lookup/hashmap",
    "tool": "call/serde_json_from_value",
}

def results(group):
    """{function_id: mean ns} of one group, from criterion's benchmark.json and estimates.json."""
    out = {}
    base = os.path.join(ROOT, group)
    for name in sorted(os.listdir(base)):
        new = os.path.join(base, name, "new")
        try:
            with open(os.path.join(new, "benchmark.json")) as f:
                function_id = json.load(f)["function_id"]
            with open(os.path.join(new, "estimates.json")) as f:
                out[function_id] = json.load(f)["mean"]["point_estimate"]
        except (OSError, KeyError):
            continue
    return out

def main():
    if not os.path.isdir(ROOT):
        sys.exit("no criterion results: run `cargo bench -p agent-input-benches` first")
    print("| benchmark | mean | floor | ratio to floor |")
    print("| --- | --- | --- | --- |")
    for group in sorted(os.listdir(ROOT)):
        floor_name = FLOORS.get(group)
        if floor_name is None:
            continue
        res = results(group)
        floor = res.get(floor_name)
        for bench, ns in sorted(res.items()):
            if bench == floor_name or floor is None:
                continue
            print(f"| `{group}/{bench}` | {fmt(ns)} | `{floor_name}` {fmt(floor)} | {ns / floor:.2f}x |")
    peers()
    growth()


def growth():
    """The `worst` and `length` groups (ids `<case>/<size>`): each case's time at every size over
    its time at the smallest, beside how many times larger the input is."""
    for group in ("worst", "length"):
        if not os.path.isdir(os.path.join(ROOT, group)):
            continue
        cases = {}
        for bench, ns in results(group).items():
            case, _, size = bench.rpartition("/")
            scale = int(size.rstrip("x"))
            cases.setdefault(case, []).append((scale, ns))
        print()
        print(f"| `{group}` case | at the smallest size | growth at each larger size (input n times larger: time ratio) |")
        print("| --- | --- | --- |")
        for case, points in sorted(cases.items()):
            points.sort()
            (base_scale, base), rest = points[0], points[1:]
            steps = ", ".join(f"{scale // base_scale}x: {ns / base:.1f}" for scale, ns in rest)
            print(f"| `{case}` | {fmt(base)} | {steps} |")


def peers():
    """The peers groups (`peers_<domain>`, ids `<spelling>/<subject>`): one row per spelling and
    peer that read it right, beside agent-input's read of the same spelling."""
    groups = [g for g in sorted(os.listdir(ROOT)) if g.startswith("peers_")]
    if not groups:
        return
    print()
    print("| spelling | agent-input | peer | peer's time | agent-input / peer |")
    print("| --- | --- | --- | --- | --- |")
    for group in groups:
        res = results(group)
        for bench, ns in sorted(res.items()):
            spelling, _, subject = bench.rpartition("/")
            ours = res.get(f"{spelling}/agent_input")
            if subject == "agent_input" or ours is None:
                continue
            print(f"| `{group[6:]}/{spelling}` | {fmt(ours)} | {subject} | {fmt(ns)} | {ours / ns:.2f}x |")


def fmt(ns):
    return f"{ns / 1000:.2f} µs" if ns >= 1000 else f"{ns:.1f} ns"


main()
