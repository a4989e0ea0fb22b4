#!/usr/bin/env python3
"""Reads the cases of other parsers' own test suites through `agent-input read --batch` and
counts, per source and kind, how many read right, ask or read wrong (a silent wrong value: the
count that must stay 0). The test files are read with `ast`, never imported or run. See
tools/audit/README.md for the sources, their pinned versions and the counting rules.

    python3 tools/audit/parsers.py [--bin PATH] [--show-wrong] [--show-asks KIND] [--show-skipped]
"""
import ast
import collections
import csv
import datetime
import glob
import os
import re
import subprocess
import sys
import tarfile

from common import ROOT, arguments, readings, run, same

CACHE = os.path.join(ROOT, "target", "audit-sources")
# The pinned sdists (they hold their tests); downloaded once into CACHE, never committed.
SDISTS = {"dateparser": "1.2.2", "number-parser": "0.3.2"}

# The years agent-input's date kind writes.
REACH = (datetime.date(2, 1, 1), datetime.date(9998, 12, 31))


def sdist(name):
    """The unpacked sdist of a pinned package under CACHE, downloaded with pip when missing."""
    version = SDISTS[name]
    folder = os.path.join(CACHE, f"{name}-{version}")
    if os.path.isdir(folder):
        return folder
    os.makedirs(CACHE, exist_ok=True)
    archive = os.path.join(CACHE, f"{name}-{version}.tar.gz")
    if not os.path.exists(archive):
        subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:",
                        "-d", CACHE, f"{name}=={version}"], check=True)
    with tarfile.open(archive) as t:
        t.extractall(CACHE, filter="data")
    return folder


# --- a small evaluator of the literals the tests write ------------------------------------


class Unknown(Exception):
    """An expression the evaluator does not know (a value computed when the test runs)."""


class Param:
    def __init__(self, args, kwargs):
        self.args, self.kwargs = args, kwargs


class Zone:
    """A time zone object (pytz, ZoneInfo, timezone(...)): only its presence matters."""


def relativedelta(**kw):
    from dateutil.relativedelta import relativedelta as rd  # dateutil: only for relative cases

    return rd(**kw)


CALLS = {
    "datetime": datetime.datetime, "date": datetime.date, "time": datetime.time,
    "timedelta": datetime.timedelta, "relativedelta": relativedelta,
    "param": lambda *a, **k: Param(a, k),
}


def evaluate(node, env):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, (ast.List, ast.Tuple, ast.Set)):
        return [evaluate(e, env) for e in node.elts]
    if isinstance(node, ast.Dict):
        return {evaluate(k, env): evaluate(v, env) for k, v in zip(node.keys, node.values)}
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -evaluate(node.operand, env)
    if isinstance(node, ast.BinOp):
        a, b = evaluate(node.left, env), evaluate(node.right, env)
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b}
        if type(node.op) in ops:
            return ops[type(node.op)]()
        raise Unknown(ast.dump(node.op))
    if isinstance(node, ast.Name):
        if node.id in env:
            return env[node.id]
        raise Unknown(node.id)
    if isinstance(node, ast.Attribute):
        dotted = ast.unparse(node)
        if dotted in env:
            return env[dotted]
        if re.search(r"(pytz|timezone|ZoneInfo|tz)\b", dotted) or dotted.endswith(("utc", "UTC")):
            return Zone()
        raise Unknown(dotted)
    if isinstance(node, ast.Call):
        name = ast.unparse(node.func).split(".")[-1]
        if name in ("timezone", "ZoneInfo", "tzoffset", "StaticTzInfo", "FixedOffset") or "pytz" in ast.unparse(node.func):
            return Zone()
        if name not in CALLS:
            raise Unknown(name)
        args = [evaluate(a, env) for a in node.args]
        kwargs = {k.arg: evaluate(k.value, env) for k in node.keywords}
        if name in ("datetime", "time") and isinstance(kwargs.get("tzinfo"), Zone):
            kwargs["tzinfo"] = datetime.timezone.utc  # aware; the zone itself is not compared
        return CALLS[name](*args, **kwargs)
    raise Unknown(type(node).__name__)


# --- dateparser ----------------------------------------------------------------------------

INPUTS = ("date_string", "datetime_string", "string", "text", "dt_string", "ds")
WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
MONTHS = "january february march april may june july august september october november december".split()


def test_functions(path):
    """(class's setUp env, function node, its parameter cases as Param) of each parametrized test."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    for cls in [n for n in tree.body if isinstance(n, ast.ClassDef)] + [tree]:
        env = {}
        for f in [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "setUp"]:
            for s in ast.walk(f):
                if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Attribute):
                    try:
                        env[ast.unparse(s.targets[0])] = evaluate(s.value, {})
                    except Unknown:
                        pass
        for f in [n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name.startswith("test")]:
            for d in f.decorator_list:
                if not isinstance(d, ast.Call) or not d.args:
                    continue
                what = ast.unparse(d.func)
                if what.endswith("parameterized.expand") or what.endswith("expand"):
                    listing, names = d.args[0], None
                elif what.endswith("mark.parametrize"):
                    listing, names = d.args[1], [n.strip() for n in evaluate(d.args[0], {}).split(",")]
                else:
                    continue
                if not isinstance(listing, (ast.List, ast.Tuple)):
                    continue
                for element in listing.elts:
                    try:
                        v = evaluate(element, dict(env))
                    except (Unknown, TypeError, ValueError) as e:
                        yield env, f, None, f"a parameter computed when the test runs ({e})"
                        continue
                    p = v if isinstance(v, Param) else Param(v if isinstance(v, list) else [v], {})
                    if names:
                        p = Param([], dict(zip(names, p.args)))
                    yield env, f, p, None


def bind(f, p):
    """The test function's parameters with a case's values (defaults where the case has none)."""
    params = [a.arg for a in f.args.args if a.arg != "self"]
    defaults = f.args.defaults
    env = {}
    for name, d in zip(params[len(params) - len(defaults):], defaults):
        try:
            env[name] = evaluate(d, {})
        except Unknown:
            pass
    env.update(zip(params, p.args))
    env.update(p.kwargs)
    return env


def body_settings(f, env):
    """The settings, languages and locales the test's body passes (evaluated with its values)."""
    settings, languages = {}, None
    for node in ast.walk(f):
        if not isinstance(node, ast.Call):
            continue
        for k in node.keywords:
            try:
                if k.arg == "settings":
                    value = evaluate(k.value, env)
                    if isinstance(value, dict):
                        settings.update(value)
                elif k.arg in ("languages", "locales") and languages is None:
                    languages = evaluate(k.value, env)
            except Unknown:
                pass
    for name in ("settings", "test_settings"):
        if isinstance(env.get(name), dict):
            settings.update(env[name])
    return settings, languages


def as_day(v):
    if isinstance(v, datetime.datetime):
        return v.date()
    return v if isinstance(v, datetime.date) else None


def sub_day(text, want, base):
    """True when the day wanted depends on the base's time of day: a count of hours, minutes or
    seconds from now (`2 hours ago`, `in 30 minutes`, `about 23 hours ago`)."""
    return base is not None and bool(re.search(
        r"\d+\s*(h|hr|hrs|hours?|mins?|minutes?|s|secs?|seconds?)\b|\b(an?|one)\s+(hour|minute|second)",
        text, re.I)) and not re.search(r"\d{1,2}:\d{2}|\b(am|pm)\b", text, re.I)


def dateparser_cases(skipped):
    """The dateparser tests' cases: (source, "date", text, YYYY-MM-DD, options, meta)."""
    tests = os.path.join(sdist("dateparser"), "tests")
    cases = []
    for path in sorted(glob.glob(os.path.join(tests, "test_*.py"))):
        file = os.path.basename(path)
        for cls_env, f, p, problem in test_functions(path):
            where = f"{file}::{f.name}"
            if problem:
                skipped[problem.split(" (")[0]] += 1
                continue
            env = {**cls_env, **bind(f, p)}
            text = next((env[k] for k in INPUTS if isinstance(env.get(k), str)), None)
            if text is None:
                continue  # a test of something else (loading, validation, periods of a range)
            if "expected_translation" in env:
                want = english_date(env["expected_translation"])
                if want is None:
                    skipped["a translation that is no full English date (translations tests)"] += 1
                    continue
                source = "dateparser translations (a full English date)"
                if env.get("shortname") == "th" and want.year > 2400:
                    # Thai writes the Buddhist era (2560 is 2017); the translation keeps its number.
                    want, source = want.replace(year=want.year - 543), "dateparser translations, Thai Buddhist era"
                cases.append((source, "date", text, want.isoformat(), {}, {"where": where, "settings": {}}))
                continue
            try:
                settings, languages = body_settings(f, env)
            except (Unknown, TypeError):
                settings, languages = {}, None
            base = settings.get("RELATIVE_BASE") or env.get("self.now")
            # What the test expects, by the names dateparser's tests give it.
            pairs = None
            if "ago" in env or "in_future" in env or "days_ago" in env:
                if "self.now" not in env or not isinstance(env.get("ago", env.get("in_future", {})), dict):
                    skipped["a relative case without a fixed now"] += 1
                    continue
                now = env["self.now"]
                if "days_ago" in env:
                    want = now - datetime.timedelta(days=env["days_ago"])
                elif "ago" in env:
                    want = now - relativedelta(**env["ago"])
                else:
                    want = now + relativedelta(**env["in_future"])
            elif isinstance(env.get("date"), datetime.date) and "time" in env:
                want = env["date"]
            else:
                want = next((env[k] for k in ("expected", "expected_date", "expected_result", "dt_obj", "dt",
                                              "expected_date_obj") if k in env), None)
                if isinstance(want, list) and all(isinstance(x, list) and len(x) == 2 for x in want):
                    pairs = want  # search_dates: (the text found, its date) pairs
            if pairs is None:
                pairs = [(text, want)]
            for text, want in pairs:
                day = as_day(want)
                if want is None or isinstance(want, (str, bool)):
                    skipped["no date expected (a text the test expects not to parse, or a translation)"] += 1
                    continue
                if day is None:
                    skipped["an expected value that is no date (a time, a period, a tuple)"] += 1
                    continue
                if env.get("date_formats") or env.get("fmt"):
                    skipped["a date the test reads by a strptime format it passes"] += 1
                    continue
                if settings.get("TO_TIMEZONE") or "converting" in f.name or "setting_timezone" in f.name \
                        or ("timezone" in env and isinstance(want, datetime.datetime) and want.tzinfo):
                    skipped["a date-time the test converts to another time zone"] += 1
                    continue
                if not REACH[0] <= day <= REACH[1]:
                    skipped["a year outside 0002-9998, the years agent-input writes"] += 1
                    continue
                if file in ("test_hijri.py", "test_jalali.py"):
                    source = "dateparser Hijri and Jalali calendars"
                elif sub_day(text, want, base) or set(env.get("ago") or env.get("in_future") or {}) & {"hours", "minutes", "seconds"}:
                    source = "dateparser relative hours, minutes, seconds"
                elif file == "test_search.py" or f.name.startswith("test_search"):
                    source = "dateparser search_dates (the text it finds)"
                elif file == "test_freshness_date_parser.py":
                    source = "dateparser relative dates"
                else:
                    source = "dateparser dates"
                options = {}
                if isinstance(base, datetime.datetime) and REACH[0] <= base.date() <= REACH[1]:
                    options["today"] = base.date().isoformat()
                elif isinstance(base, datetime.date) and REACH[0] <= base <= REACH[1]:
                    options["today"] = base.isoformat()
                cases.append((source, "date", text, day.isoformat(), options,
                              {"where": where, "settings": settings, "languages": languages}))
    return cases


def english_date(translation):
    """The day an English translation names when it names one whole (`20 february 2012`,
    `wednesday 19 november 2013 10:07 am`, `2015-04-08`); None otherwise."""
    t = translation.lower()
    m = re.fullmatch(r"\s*(\w+\s+)?(\d{4})-(\d{2})-(\d{2})(\s+\d{1,2}:\d{2}(:\d{2})?)?\s*", t)
    if m and (m.group(1) is None or m.group(1).strip() in WEEKDAYS):
        return datetime.date(int(m.group(2)), int(m.group(3)), int(m.group(4)))
    t = re.sub(r"\b\d{1,2}:\d{2}(:\d{2})?\b|\b(am|pm)\b|\byear\b", " ", t)
    words = [w for w in re.split(r"[\s.,]+", t) if w and w not in WEEKDAYS]
    months = [w for w in words if w in MONTHS]
    years = [w for w in words if re.fullmatch(r"\d{4}", w)]
    days = [w for w in words if re.fullmatch(r"\d{1,2}", w)]
    if len(months) != 1 or len(years) != 1 or len(days) != 1 or len(words) != 3:
        return None
    try:
        return datetime.date(int(years[0]), MONTHS.index(months[0]) + 1, int(days[0]))
    except ValueError:
        return None


def settled_by_source(case):
    """True when the source picks one of several readings by a setting or a default of its own:
    a DATE_ORDER or PREFER_* setting, or day, month and year all in digits where two orders
    are dates (`01/02/2015`, `10-11-12`), or a two-digit year."""
    text, meta = case[2], case[5]
    if any(k in meta.get("settings", {}) for k in ("DATE_ORDER", "PREFER_DATES_FROM", "PREFER_DAY_OF_MONTH",
                                                    "PREFER_MONTH_OF_YEAR", "PREFER_LOCALE_DATE_ORDER")):
        return True
    m = re.search(r"\b(\d{1,4})[/.\-](\d{1,2})[/.\-](\d{1,4})\b", text)
    if m:
        a, b, c = m.groups()
        if len(a) <= 2 and len(c) <= 2:
            return True  # a two-digit year, and the year's place itself unsettled
        first, second = (a, b) if len(c) >= 3 else (b, c)
        return int(first) <= 12 and int(second) <= 12 and first != second
    return False


# --- number-parser --------------------------------------------------------------------------


def number_parser_cases(skipped):
    """number-parser's parse_number cases and its CSV tables (cardinals, ordinals)."""
    root = sdist("number-parser")
    cases = []
    for path in sorted(glob.glob(os.path.join(root, "tests", "test_*.py"))):
        for cls_env, f, p, problem in test_functions(path):
            if problem:
                skipped["a parameter computed when the test runs"] += 1
                continue
            env = bind(f, p)
            if not re.fullmatch(r"test_parse_(number|ordinal)(_digits|_lang_auto)?", f.name):
                skipped[f"{f.name.replace('test_', '')}: a sentence, fraction or detection test, no one value"] += 1
                continue
            lang = env.get("lang") or re.search(r"test_language_(\w+)\.py", path) and re.search(
                r"test_language_(\w+)\.py", path).group(1)
            text, want = env["test_input"], env["expected"]
            if "lang_auto" in f.name:
                lang = "language detected"
            if not isinstance(text, str) or not text.strip() or not isinstance(want, (int, type(None))):
                skipped["an empty text"] += 1
                continue
            source = f"number-parser {f.name.replace('test_', '').replace('_lang_auto', '')} ({lang or 'any language'})"
            cases.append((source, "number", " ".join(text.split()) if "\\" in text or "  " in text else text, want, {},
                          {"where": f"{os.path.basename(path)}::{f.name}", "settings": {}}))
    for folder, what in (("hundreds", "0-100"), ("permutations", "large"), ("ordinals", "ordinals"),
                         ("ordinals_permutations", "large ordinals")):
        for path in sorted(glob.glob(os.path.join(root, "tests", "data", folder, "*.csv"))):
            lang = os.path.basename(path).split("_")[0]
            for row in csv.DictReader(open(path, encoding="utf-8")):
                cases.append((f"number-parser {what} ({lang})", "number", row["text"].strip(), int(row["number"]), {},
                              {"where": os.path.basename(path), "settings": {}}))
    return cases


def number_settled_by_source(case):
    """A scale word whose value varies by convention (`billion`: 10^9 or 10^12, the source takes
    the short scale)."""
    return bool(re.search(r"\b(billion|trillion|billions|billón|millardo)\b", case[2], re.I))


# --- counting -------------------------------------------------------------------------------


DOTTED = re.compile(r"^\s*(\d{1,2})\.\s?(\d{1,2})\.\s?(\d{4})\b")


def dots_day_first(text, want, got):
    """A date with dots (`11. 12. 2014`) read day-first, where the source's test sets (or
    defaults to) month-first: agent-input reads dots day-month-year, as every modern CLDR locale
    writes them (only one non-modern locale's skeleton, jgo `M.d.y`, does otherwise). Counted
    apart ("dots"), not as wrong: the source's setting, not the text, chooses its order."""
    m = DOTTED.match(text)
    if not m:
        return False
    a, b, y = (int(g) for g in m.groups())
    try:
        return got == datetime.date(y, b, a).isoformat() and want == datetime.date(y, a, b).isoformat()
    except ValueError:
        return False


def main():
    p = arguments(__doc__.split("\n")[0])
    p.add_argument("--show-skipped", action="store_true", help="count the cases skipped, by reason")
    args = p.parse_args()
    skipped = {"dateparser": collections.Counter(), "number-parser": collections.Counter()}
    cases = dateparser_cases(skipped["dateparser"]) + number_parser_cases(skipped["number-parser"])
    outs = run(args.bin, [c[:5] for c in cases])
    by = collections.defaultdict(collections.Counter)
    wrong, asks = [], collections.defaultdict(list)
    for case, out in zip(cases, outs):
        source, kind, text, want, options, meta = case
        key = (source, kind)
        if out["status"] == "ok":
            if want is not None and same(out["value"], want):
                by[key]["right"] += 1
            elif kind == "date" and dots_day_first(text, want, out["value"]):
                by[key]["dots"] += 1
                wrong.append((source, text, want, out["value"], options, meta["where"] + " (DOTS)"))
            else:
                by[key]["WRONG"] += 1
                wrong.append((source, text, want, out["value"], options, meta["where"]))
        elif out["status"] == "absent":
            by[key]["absent"] += 1
        else:
            code = out["ask"]["code"]
            named = any(same(r, want) for r in readings(out))
            settled = settled_by_source(case) if kind == "date" else number_settled_by_source(case)
            if named and settled:
                by[key]["right (ask naming it; the source settles by a setting)"] += 1
            else:
                by[key]["asked, naming it" if named else "asked, not naming it"] += 1
            asks[kind].append((source, text, want, code, readings(out), named, options))
    print(f"{'source':<52} {'kind':<7} {'cases':>6} {'right':>6} {'r.ask':>6} {'ask+':>6} {'ask-':>6} {'absent':>6} {'dots':>6} {'WRONG':>6}")
    totals = collections.Counter()
    for (source, kind), c in sorted(by.items()):
        row = [sum(c.values()), c["right"], c["right (ask naming it; the source settles by a setting)"],
               c["asked, naming it"], c["asked, not naming it"], c["absent"], c["dots"], c["WRONG"]]
        totals.update(dict(enumerate(row)))
        print(f"{source:<52} {kind:<7} " + " ".join(f"{v:>6}" for v in row))
    print(f"{'total':<52} {'':<7} " + " ".join(f"{totals[i]:>6}" for i in range(8)))
    print("r.ask: an ask naming the expected value where the source settles by a setting; ask+/ask-: other asks"
          " naming the expected value among their readings / not naming it; dots: a dotted date read day-first"
          " where the source's order setting is month-first")
    if args.show_skipped:
        for source, counts in skipped.items():
            for reason, n in counts.most_common():
                print(f"skipped {source}: {n} {reason}")
    if args.show_wrong:
        for source, text, want, got, options, where in wrong:
            print("WRONG", source, repr(text), "expected", want, "got", got, options or "", where, sep="\t")
    if args.show_asks:
        for source, text, want, code, values, named, options in asks[args.show_asks]:
            print("ask", source, repr(text), "expected", want, code, values, "named" if named else "not named",
                  options or "", sep="\t")


if __name__ == "__main__":
    main()
