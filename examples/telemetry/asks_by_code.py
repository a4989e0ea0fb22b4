"""Draws the asks and repairs of tool calls by code, as an SVG bar chart, from exported telemetry.

Input, any of:
- OTLP/JSON metric exports, one `ExportMetricsServiceRequest` per line (what the OpenTelemetry
  Collector's file exporter writes, or what a collector received over OTLP/HTTP with
  `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`): the counter `agent_input.codes`, by
  `agent_input.code.kind` and `agent_input.code` (docs/telemetry.md);
- the JSON of an `agent-input eval --output RUN.json`: each attempt's `telemetry` holds the same
  names (`agent_input.ask.codes`, `agent_input.note.codes`).

    python examples/telemetry/asks_by_code.py metrics.jsonl -o asks_by_code.svg
    python examples/telemetry/asks_by_code.py --eval run.json -o asks_by_code.svg

Standard library only: the chart is plain SVG, so it renders in a pull request or a browser.
"""

from __future__ import annotations

import argparse
import json
import sys
from html import escape
from typing import Any, Dict, Iterable, List, Tuple

#: The kinds drawn, in order, with their bar colours.
KINDS = (("ask", "#c0392b", "asks"), ("note", "#2e86c1", "repairs (notes)"))


def _value(v: Dict[str, Any]) -> Any:
    for key in ("stringValue", "intValue", "doubleValue", "boolValue"):
        if key in v:
            return v[key]
    return None


def counts_from_otlp(lines: Iterable[str]) -> Dict[Tuple[str, str], int]:
    """(kind, code) -> count, from OTLP/JSON metric exports. A cumulative counter is exported
    again at each interval with its running total: the last total of each series counts; a
    delta one adds up."""
    totals: Dict[Tuple[str, ...], int] = {}
    for line in lines:
        line = line.strip()
        if not line:
            continue
        request = json.loads(line)
        for rm in request.get("resourceMetrics", []):
            for sm in rm.get("scopeMetrics", []):
                for metric in sm.get("metrics", []):
                    if metric.get("name") != "agent_input.codes":
                        continue
                    data = metric.get("sum", {})
                    cumulative = data.get("aggregationTemporality") in (2, "AGGREGATION_TEMPORALITY_CUMULATIVE")
                    for point in data.get("dataPoints", []):
                        attributes = {a["key"]: _value(a["value"]) for a in point.get("attributes", [])}
                        series = (
                            str(attributes.get("agent_input.code.kind")),
                            str(attributes.get("agent_input.code")),
                            str(attributes.get("gen_ai.tool.name")),
                        )
                        value = int(point.get("asInt", point.get("asDouble", 0)))
                        totals[series] = value if cumulative else totals.get(series, 0) + value
    out: Dict[Tuple[str, str], int] = {}
    for (kind, code, _tool), value in totals.items():
        out[(kind, code)] = out.get((kind, code), 0) + value
    return out


def counts_from_eval(run: Dict[str, Any]) -> Dict[Tuple[str, str], int]:
    """(kind, code) -> count, from an eval run's attempts (`telemetry`, each code once per call)."""
    out: Dict[Tuple[str, str], int] = {}
    for scenario in run.get("scenarios", []):
        for step in scenario.get("steps", []):
            for attempt in step.get("attempts", []):
                telemetry = attempt.get("telemetry") or {}
                for kind, key in (("ask", "agent_input.ask.codes"), ("note", "agent_input.note.codes")):
                    for code in telemetry.get(key, []):
                        out[(kind, code)] = out.get((kind, code), 0) + 1
    return out


def svg(counts: Dict[Tuple[str, str], int], title: str) -> str:
    """A horizontal bar chart: one block per kind, its codes by count (highest first)."""
    rows: List[Tuple[str, str, int, str]] = []
    for kind, colour, _label in KINDS:
        codes = sorted(((c, n) for (k, c), n in counts.items() if k == kind and n > 0), key=lambda x: (-x[1], x[0]))
        rows.extend((kind, code, n, colour) for code, n in codes)
    width, left, bar_h, gap, top = 760, 300, 18, 6, 56
    most = max((n for *_, n, _ in rows), default=1)
    height = top + len(rows) * (bar_h + gap) + len(KINDS) * 24 + 20
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">',
        f'<text x="10" y="22" font-size="15" font-weight="bold">{escape(title)}</text>',
        '<text x="10" y="40" fill="#555">agent_input.codes by agent_input.code.kind and agent_input.code</text>',
    ]
    y = top
    for kind, colour, label in KINDS:
        mine = [r for r in rows if r[0] == kind]
        out.append(f'<text x="10" y="{y + 14}" font-weight="bold">{escape(label)}: {sum(r[2] for r in mine)}</text>')
        y += 24
        for _kind, code, n, _colour in mine:
            bar = max(2, round((width - left - 60) * n / most))
            out.append(f'<text x="{left - 8}" y="{y + 13}" text-anchor="end">{escape(code)}</text>')
            out.append(f'<rect x="{left}" y="{y}" width="{bar}" height="{bar_h}" fill="{colour}"/>')
            out.append(f'<text x="{left + bar + 6}" y="{y + 13}">{n}</text>')
            y += bar_h + gap
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(argv: List[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("otlp", nargs="*", help="OTLP/JSON metric export files, one request per line")
    parser.add_argument("--eval", dest="eval_run", help="an `agent-input eval --output` run")
    parser.add_argument("-o", "--output", required=True, help="the SVG to write")
    parser.add_argument("--title", default="Asks and repairs by code")
    args = parser.parse_args(argv)
    counts: Dict[Tuple[str, str], int] = {}
    for path in args.otlp:
        with open(path, encoding="utf-8") as f:
            for key, n in counts_from_otlp(f).items():
                counts[key] = counts.get(key, 0) + n
    if args.eval_run:
        with open(args.eval_run, encoding="utf-8") as f:
            for key, n in counts_from_eval(json.load(f)).items():
                counts[key] = counts.get(key, 0) + n
    if not counts:
        print("asks_by_code: no agent_input.codes in the input", file=sys.stderr)
        return 1
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(svg(counts, args.title))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
