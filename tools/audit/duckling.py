#!/usr/bin/env python3
"""Reads Duckling's own numeral and time test corpora through `agent-input read --batch`.

The cases are in tools/audit/duckling-cases.json, extracted once by duckling_extract.py. Counts,
per group and kind, how many read right, ask or read wrong (a silent wrong value: the count that
must stay 0). See tools/audit/README.md for the source, its commit and the counting rules.

    python3 tools/audit/duckling.py [--bin PATH] [--show-wrong] [--show-asks KIND] [--show-unread KIND]
                                    [--by-language] [--show-skipped] [--cases FILE]
"""
import collections
import datetime
import json
import os
import unicodedata

from common import arguments, readings, run, same

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "duckling-cases.json")

DIGITS = "duckling numerals, digits"
WORDS = "duckling numerals, words"
DATES = "duckling dates"
PERIODS = "duckling periods"
INTERVALS = "duckling intervals"
CLOCK = "duckling times of day (the day depends on the clock)"
LATENT = "duckling latent (only with Duckling's latent option)"

FINER = {"second", "minute", "hour"}
PERIOD = {"week", "month", "quarter", "year"}
# The years agent-input's date kinds write.
REACH = (datetime.date(2, 1, 1), datetime.date(9998, 12, 31))


def has_digit(text):
    """A decimal digit of any script (`4`, `٤`, `৪`, `４`): Unicode category Nd."""
    return any(unicodedata.category(ch) == "Nd" for ch in text)


def period_end(start, grain):
    """The last day of the week, month, quarter or year starting at `start` (Duckling writes a
    period as its first instant; its weeks start on Monday)."""
    if grain == "week":
        return start + datetime.timedelta(days=6)
    months = {"month": 1, "quarter": 3, "year": 12}[grain]
    m = start.month - 1 + months
    return datetime.date(start.year + m // 12, m % 12 + 1, 1) - datetime.timedelta(days=1)


def on_the_clock(day, grain, now):
    """True when the day Duckling expects depends on its reference time's time of day, which the
    `today` option cannot carry: a grain finer than a day (a time of day, a count of hours) and
    the day expected is the reference day or the next (`at 3pm` is today at 4:30 in the morning,
    `at 3am` is tomorrow, `in 2 hours` today; at 23:00 each would be another day). The rule also
    takes texts that name today or tomorrow with a time (`tonight`, `tomorrow at 3pm`): there an
    ok with the day is right and an ask is right too, nothing is lost but strictness."""
    return grain in FINER and 0 <= (day - now).days <= 1


def cases_of(data, skipped):
    """The agent-input cases: (group, kind, text, expected, options, meta)."""
    out = []
    for c in data["cases"]:
        meta = {"lang": c["lang"], "locale": c["locale"], "file": c["file"], "clock": False,
                "holiday": c["set"] == "time" and "holiday" in c["expect"]}
        text, want = c["text"], c["expect"]
        if c["set"] == "numeral":
            out.append((DIGITS if has_digit(text) else WORDS, "number", text, want, {}, meta))
            continue
        now = datetime.datetime.fromisoformat(c.get("now", data["source"]["reference_time"])).date()
        options = {"today": now.isoformat()}
        grain = want["grain"]
        if "from" in want:
            start = datetime.date.fromisoformat(want["from"][:10])
            last = datetime.date.fromisoformat(want["to_inclusive_day"])
            kind, value, group = "date_range", {"from": start.isoformat(), "to": last.isoformat()}, INTERVALS
        elif grain in PERIOD:
            start = datetime.date.fromisoformat(want["date"])
            last = period_end(start, grain)
            kind, value, group = "date_range", {"from": start.isoformat(), "to": last.isoformat()}, PERIODS
        else:
            start = last = datetime.date.fromisoformat(want["date"])
            kind, value, group = "date", start.isoformat(), DATES
        if not (REACH[0] <= start and last <= REACH[1]):
            skipped["a year outside 0002-9998, the years agent-input writes"] += 1
            continue
        meta["clock"] = on_the_clock(start, grain, now)
        if c.get("latent"):
            group = LATENT
        elif meta["clock"]:
            group = CLOCK
        out.append((group, kind, text, value, options, meta))
    return out


COLUMNS = ("right", "r.ask", "ask+", "ask-", "absent", "inside", "other", "WRONG")

# Cases where Duckling's expectation is not the text's one meaning, each with the reason; read
# as agent-input reads them they count as "other", listed with `--show-wrong`, never as right.
DISPUTED = {
    ("EL", "επόμενη δευτέρα"): "next Monday said on a Tuesday: Duckling's own English corpus reads `next monday`"
                                 " on the same day as 2013-02-18, the day agent-input reads; the Greek corpus"
                                 " alone says 2013-02-25",
    ("IT", "domani notte"): "tomorrow night: CLDR's Italian night (`di notte`, 00:00 to 06:00) of tomorrow is"
                            " on tomorrow's date, 2013-02-13, which agent-input reads; Duckling moves it to"
                            " the day after",
    ("EN", "in 4 years at 5pm"): "four years from 2013-02-12 at 5pm: 2017-02-12, which agent-input reads (the"
                                 " time dropped); Duckling's own `in 7 days at 5pm` is seven days on, and its"
                                 " corpus writes 2017-02-01 here only as its year's grain meets the hour",
    ("AR", "خلال اسبوعين"): "in two weeks: CLDR's Arabic writes `خلال أسبوعين` for \"in 2 weeks\" (its"
                            " `relativeTime-type-future` of the week, count two), the day 2013-02-26, which"
                            " agent-input reads; Duckling reads `خلال` as \"within\", the span from today",
}


def count(case, out):
    """The column an outcome falls in. In the times-of-day group (and a latent case of its kind)
    any ask is right: the day depends on a clock agent-input does not have."""
    group, kind, text, want, options, meta = case
    if out["status"] == "ok":
        if same(out["value"], want):
            return "right"
        if inside(out["value"], want):
            return "inside"
        return "other" if (meta["lang"], text) in DISPUTED else "WRONG"
    if out["status"] == "absent":
        return "absent"
    if meta["clock"]:
        return "r.ask"
    return "ask+" if any(same(r, want) for r in readings(out)) else "ask-"


def inside(got, want):
    """True when a range read lies inside the expected range without being it: agent-input's day
    where Duckling keeps a coarser period (`two years ago`: 2011-02-12, the day two years ago,
    as dateparser's suite expects it, Duckling February 2011; `end of the month`: the 28th,
    Duckling the 21st to the 28th). Counted apart ("inside"), never as right, and listed with
    `--show-wrong`."""
    return (isinstance(got, dict) and isinstance(want, dict) and "from" in got and "to" in got
            and want["from"] <= got["from"] <= got["to"] <= want["to"])


def table(rows, label, second="kind"):
    print(f"{label:<52} {second:<10} {'cases':>6} " + " ".join(f"{c:>6}" for c in COLUMNS))
    totals = collections.Counter()
    for (name, kind), c in rows:
        totals.update(c)
        print(f"{name:<52} {kind:<10} {sum(c.values()):>6} " + " ".join(f"{c[k]:>6}" for k in COLUMNS))
    print(f"{'total':<52} {'':<10} {sum(totals.values()):>6} " + " ".join(f"{totals[k]:>6}" for k in COLUMNS))


def main():
    p = arguments(__doc__.split("\n")[0])
    p.add_argument("--show-unread", metavar="KIND", help="list each case of the kind that asked without naming the"
                                                        " expected value, or read absent")
    p.add_argument("--by-language", action="store_true", help="also count each group per language")
    p.add_argument("--show-skipped", action="store_true", help="count the cases skipped, by reason")
    p.add_argument("--cases", default=CASES, help="the extracted cases (default tools/audit/duckling-cases.json)")
    args = p.parse_args()
    with open(args.cases, encoding="utf-8") as f:
        data = json.load(f)
    skipped = collections.Counter()
    cases = cases_of(data, skipped)
    outs = run(args.bin, [c[:5] for c in cases])
    by, by_lang = collections.defaultdict(collections.Counter), collections.defaultdict(collections.Counter)
    holidays = collections.defaultdict(collections.Counter)
    wrong, asks, unread = [], collections.defaultdict(list), collections.defaultdict(list)
    for case, out in zip(cases, outs):
        group, kind, text, want, options, meta = case
        column = count(case, out)
        by[(group, kind)][column] += 1
        by_lang[(group, meta["lang"])][column] += 1
        if meta["holiday"]:
            holidays[group][column] += 1
        if column in ("WRONG", "inside", "other"):
            wrong.append((case, out["value"]))
        if out["status"] == "ask":
            asks[kind].append((case, out["ask"]["code"], readings(out), column))
        if column in ("ask-", "absent"):
            unread[kind].append((case, out.get("ask", {}).get("code", "absent"), readings(out)))
    source = data["source"]
    print(f"Duckling {source['commit'][:7]} ({source['repository']}), {len(cases)} cases")
    table(sorted(by.items()), "group")
    print("r.ask: any ask where the day depends on the clock (times of day); ask+/ask-: other asks naming the"
          " expected value among their readings / not naming it")
    groups = collections.defaultdict(collections.Counter)
    for (group, kind), c in by.items():
        groups[group].update(c)
    for group, c in sorted(groups.items()):
        n, named = sum(c.values()), c["right"] + c["r.ask"] + c["ask+"]
        line = (f"{group}: {100 * named / n:.1f}% right or asked naming it ({named} of {n}), {c['right']} right,"
                f" {c['WRONG']} WRONG" + (f", {c['inside']} inside the expected range" if c["inside"] else "")
                + (f", {c['other']} disputed" if c["other"] else ""))
        h = holidays.get(group)
        if h:
            hn, hnamed = sum(h.values()), h["right"] + h["r.ask"] + h["ask+"]
            line += (f"; of them {hn} holidays ({hnamed} right or asked naming it), without them"
                     f" {100 * (named - hnamed) / (n - hn):.1f}% ({named - hnamed} of {n - hn})")
        print(line)
    if args.by_language:
        print()
        table(sorted(by_lang.items()), "group, per language", "language")
    if args.show_skipped:
        for reason, n in sorted(data.get("skipped", {}).items(), key=lambda kv: -kv[1]):
            print(f"skipped (extraction): {n} {reason}")
        for reason, n in skipped.most_common():
            print(f"skipped (audit): {n} {reason}")
    if args.show_wrong:
        for (group, kind, text, want, options, meta), got in wrong:
            label = "inside" if inside(got, want) else DISPUTED.get((meta["lang"], text), "WRONG")
            print("WRONG" if label == "WRONG" else "other", group, meta["locale"] or meta["lang"], repr(text),
                  "expected", json.dumps(want), "got", json.dumps(got, ensure_ascii=False),
                  "" if label == "WRONG" else label, options or "", meta["file"], sep="\t")
    if args.show_asks:
        for (group, kind, text, want, options, meta), code, values, column in asks[args.show_asks]:
            print("ask", group, meta["locale"] or meta["lang"], repr(text), "expected", json.dumps(want), code,
                  json.dumps(values, ensure_ascii=False), column, options or "", sep="\t")
    if args.show_unread:
        for (group, kind, text, want, options, meta), code, values in unread[args.show_unread]:
            print("unread", group, meta["locale"] or meta["lang"], repr(text), "expected", json.dumps(want), code,
                  json.dumps(values, ensure_ascii=False), options or "", sep="\t")


if __name__ == "__main__":
    main()
