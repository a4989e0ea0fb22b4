#!/usr/bin/env python3
"""Reads spellings other projects' data writes through `agent-input read --batch` and counts,
per source, how many read right, read wrong (a silent wrong value: the one count that must
stay 0) or ask. Not a test: the sources change with their versions. Run it after a change to
a kind's grammar or tables and compare the counts (closing notes quote them).

    pip install babel==2.16.0        # CLDR's formats of 700 locales (dates, numbers, names)
    cargo build --release -p agent-input-cli
    python3 tools/audit/formats.py [--show-wrong] [--show-asks KIND]

Sources: babel (dates in four widths, date-times in three, date intervals, decimals, compact numbers, territory names of CLDR's
modern languages, and their display names of ten locales), glibc's and X11's locale.alias, glibc's yesstr/nostr and its LC_TIME date
formats (d_fmt, d_t_fmt and date_fmt, as `date` prints them; /usr/share/i18n/locales), iso-codes
(ISO 3166-1 names and ISO 639-3 names, tools/iso-codes/fetch), and the pinned CLDR's own date
formats of every locale (tools/cldr, `npm ci --prefix tools/cldr`), and Node's Intl (ICU's CLDR:
dates, date-times, date ranges, decimals, compact numbers, country and locale names, lists and
relative dates of every CLDR locale Intl supports; tools/audit/intl.mjs, needs `node`). A missing
source is skipped.
"""
import collections
import datetime
import decimal
import json
import os
import re
import subprocess
import sys

from common import ROOT, arguments, run, same


def babel_cases():
    try:
        from babel import Locale, dates, localedata, numbers
    except ImportError:
        print("babel not installed: its sources are skipped", file=sys.stderr)
        return []
    cases = []
    days = [datetime.date(2026, 11, 23), datetime.date(2026, 10, 1), datetime.date(2026, 3, 5)]
    for loc in sorted(localedata.locale_identifiers()):
        for width in ["short", "medium", "long", "full"]:
            for d in days:
                cases.append(("babel dates", "date", dates.format_date(d, format=width, locale=loc), d.isoformat()))
        for width in ["short", "medium", "long"]:
            for d in days[:2]:
                at = datetime.datetime(d.year, d.month, d.day, 10, 5)
                text = dates.format_datetime(at, format=width, locale=loc, tzinfo=None)
                cases.append(("babel date-times", "date", text, d.isoformat()))
        for skeleton in ["yMMMd", "yMMMMd", "yMd"]:
            for start, end in [(days[0], datetime.date(2026, 11, 25)), (days[0], datetime.date(2026, 12, 5))]:
                try:
                    text = dates.format_interval(start, end, skeleton, locale=loc)
                except Exception:  # a locale without interval formats for the skeleton
                    continue
                want = {"from": start.isoformat(), "to": end.isoformat()}
                cases.append(("babel date intervals", "date_range", text, want))
        for v in ["1234567.891", "4000", "0.5", "-1234.5"]:
            s = numbers.format_decimal(decimal.Decimal(v), locale=loc, decimal_quantization=False)
            cases.append(("babel numbers", "number", s, v))
        for v in ["4000", "30000", "3000000", "2000000000"]:
            for kind in ["short", "long"]:
                try:
                    s = numbers.format_compact_decimal(decimal.Decimal(v), format_type=kind, locale=loc)
                except Exception:  # a locale without compact formats
                    continue
                # babel 2.16 scales a pattern with its word before the number wrongly (Swahili
                # 4000 as `elfu 40`, 30000 as `elfu 3000`; ICU writes `elfu 4`, `elfu 30`).
                if not s[:1].isalpha():
                    cases.append(("babel compact numbers", "number", s, v))
    coverage = os.path.join(ROOT, "tools/cldr/node_modules/cldr-core/coverageLevels.json")
    if os.path.exists(coverage):
        levels = json.load(open(coverage))["effectiveCoverageLevels"]
        for lang in sorted(k for k, v in levels.items() if v == "modern" and "-" not in k):
            try:
                names = Locale.parse(lang).territories
            except Exception:  # a language babel's CLDR lacks
                continue
            for tag in ["en_US", "cs_CZ", "de_AT", "fr_CA", "pt_BR", "es_MX", "ja_JP", "ru_RU", "ar_EG", "hi_IN"]:
                try:
                    name = Locale.parse(tag).get_display_name(lang)
                except Exception:  # a language babel's CLDR lacks
                    continue
                if name:
                    cases.append(("babel locale display names", "locale", name, tag.replace("_", "-")))
            for tag in ["zh_Hans", "zh_Hant", "sr_Latn", "sr_Cyrl", "uz_Cyrl", "pa_Arab", "es_419", "en_001", "en_150", "zh_Hans_CN"]:
                # Without the script or group: where babel's data writes no name for it, the
                # display name is the bare language's, and the text names no script.
                bare = "_".join(p for p in tag.split("_") if not (len(p) == 4 or p.isdigit()))
                try:
                    name = Locale.parse(tag).get_display_name(lang)
                    plain = Locale.parse(bare).get_display_name(lang)
                except Exception:  # a language babel's CLDR lacks
                    continue
                if name and name != plain:
                    cases.append(("babel locale display names, scripts and groups", "locale", name, tag.replace("_", "-")))
            for code, name in names.items():
                if re.fullmatch(r"[A-Z]{2}", code) and code not in ("EU", "EZ", "UN", "QO", "ZZ", "XA", "XB", "XK", "AC", "CP", "DG", "EA", "IC", "TA", "CQ"):
                    cases.append(("babel country names", "country", name, code))
    return cases


def system_cases():
    cases = []
    for path in ["/usr/share/locale/locale.alias", "/usr/share/X11/locale/locale.alias"]:
        if not os.path.exists(path):
            continue
        for line in open(path, encoding="latin-1"):
            parts = line.replace(":", " ").split()
            if len(parts) < 2 or parts[0].startswith(("#", "XCOMM")):
                continue
            m = re.match(r"^([a-z]{2,3})(?:_([A-Z]{2}))?(?:\.[^@]*)?$", parts[1])
            if m:
                # The alias names the language; the region is the system's default, not read.
                cases.append((path, "locale", parts[0], m.group(1)))
    base = "/usr/share/i18n/locales"
    if os.path.isdir(base):
        for f in sorted(os.listdir(base)):
            text = open(os.path.join(base, f), encoding="utf-8", errors="replace").read()
            for key, want in (("yesstr", True), ("nostr", False)):
                m = re.search(r'^\s*' + key + r'\s+"([^"]+)"', text, re.M)
                if m:
                    word = re.sub(r"<U([0-9A-Fa-f]{4,8})>", lambda u: chr(int(u.group(1), 16)), m.group(1))
                    cases.append(("glibc yesstr/nostr", "boolean", word, want))
    return cases


def glibc_section(base, name, seen=()):
    """A locale file's LC_TIME keywords and their strings, with `copy` followed."""
    path = os.path.join(base, name)
    if name in seen or not os.path.exists(path):
        return {}
    text = open(path, encoding="utf-8", errors="replace").read()
    comment = (re.search(r"^comment_char\s+(\S)", text, re.M) or [None, "%"])[1]
    escape = (re.search(r"^escape_char\s+(\S)", text, re.M) or [None, "/"])[1]
    m = re.search(r"^LC_TIME\s*$(.*?)^END LC_TIME", text, re.M | re.S)
    if not m:
        return {}
    lines, current = [], ""
    for line in m.group(1).split("\n"):
        line = line.rstrip()
        if line.lstrip().startswith(comment):
            continue
        if line.endswith(escape):
            current += line[:-1]
            continue
        lines.append(current + line)
        current = ""
    out = {}
    for line in filter(None, (l.strip() for l in lines)):
        key, rest = line.split()[0], line[len(line.split()[0]):].strip()
        if key == "copy":
            for k, v in glibc_section(base, rest.strip('"'), (*seen, name)).items():
                out.setdefault(k, v)
            continue
        values = [re.sub(re.escape(escape) + "(.)", r"\1", v) for v in re.findall(r'"([^"]*)"', rest)]
        out[key] = [re.sub(r"<U([0-9A-Fa-f]{4,8})>", lambda u: chr(int(u.group(1), 16)), v) for v in values]
    return out


def strftime(fmt, d, t):
    """glibc's strftime of a date at 10:00:00 CET, for the conversions date formats use; None
    for a conversion it does not know."""
    out, i = "", 0
    while i < len(fmt):
        if fmt[i] != "%":
            out, i = out + fmt[i], i + 1
            continue
        flag = fmt[i + 1] if fmt[i + 1] in "-_0^#" else ""
        i += 1 + len(flag)
        i += fmt[i] in "EO"  # the alternative forms: the plain one
        k, i = fmt[i], i + 1
        pad = lambda v: str(v) if flag == "-" else str(v).rjust(2) if flag == "_" else str(v).zfill(2)
        fields = {
            "a": lambda: t["abday"][d.isoweekday() % 7], "A": lambda: t["day"][d.isoweekday() % 7],
            "b": lambda: t["abmon"][d.month - 1], "h": lambda: t["abmon"][d.month - 1],
            "B": lambda: t["mon"][d.month - 1], "d": lambda: pad(d.day), "m": lambda: pad(d.month),
            "e": lambda: str(d.day) if flag == "-" else str(d.day).rjust(2), "Y": lambda: str(d.year),
            "y": lambda: pad(d.year % 100), "C": lambda: "20", "H": lambda: "10", "I": lambda: "10",
            "M": lambda: "00", "S": lambda: "00", "Z": lambda: "CET", "z": lambda: "+0100",
            "p": lambda: (t.get("am_pm") or ["AM"])[0], "T": lambda: "10:00:00", "R": lambda: "10:00",
            "F": lambda: d.isoformat(), "n": lambda: " ", "t": lambda: " ", "%": lambda: "%",
        }
        if k not in fields:
            return None
        out += fields[k]()
    return out


def glibc_time_cases():
    """glibc's date formats (d_fmt, d_t_fmt, date_fmt) of every locale, for three dates."""
    base = "/usr/share/i18n/locales"
    if not os.path.isdir(base):
        return []
    days = [datetime.date(2026, 11, 23), datetime.date(2026, 10, 1), datetime.date(2026, 3, 5)]
    cases = []
    for name in sorted(os.listdir(base)):
        if not re.match(r"^[a-z]{2,3}_[A-Z]{2}(@\w+)?$", name):
            continue
        t = glibc_section(base, name)
        if not all(len(t.get(k, [])) >= n for k, n in (("abday", 7), ("day", 7), ("abmon", 12), ("mon", 12))):
            continue
        for field in ("d_fmt", "d_t_fmt", "date_fmt"):
            for d in days:
                text = strftime((t.get(field) or [""])[0], d, t)
                if text:
                    cases.append((f"glibc {field}", "date", text.strip(), d.isoformat()))
    return cases


def cldr_pattern_pieces(pattern):
    """A CLDR date pattern as ("f", letter, count) fields and ("l", text) literals."""
    out, literal, quoted, i = [], "", False, 0
    while i < len(pattern):
        c = pattern[i]
        if c == "'":
            if pattern[i + 1:i + 2] == "'":
                literal, i = literal + "'", i + 2
                continue
            quoted, i = not quoted, i + 1
            continue
        if not quoted and c.isascii() and c.isalpha():
            j = i
            while j < len(pattern) and pattern[j] == c:
                j += 1
            if literal:
                out.append(("l", literal))
                literal = ""
            out.append(("f", c, j - i))
            i = j
            continue
        literal, i = literal + c, i + 1
    return out + ([("l", literal)] if literal else [])


def cldr_format(pattern, d, cal):
    """A date in a CLDR pattern with the calendar's names; None for a field it does not write."""
    text = ""
    for piece in cldr_pattern_pieces(pattern):
        if piece[0] == "l":
            text += piece[1]
            continue
        _, c, n = piece
        context = "format" if c in "ME" else "stand-alone"
        if c == "d":
            text += str(d.day).zfill(n)
        elif c in "ML":
            width = "wide" if n >= 4 else "abbreviated"
            text += cal["months"][context][width][str(d.month)] if n >= 3 else str(d.month).zfill(n)
        elif c == "y":
            text += str(d.year) if n != 2 else str(d.year % 100).zfill(2)
        elif c in "Ec":
            day = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][d.weekday()]
            text += cal["days"][context]["wide" if n >= 4 else "abbreviated"][day]
        elif c == "G":
            text += cal["eras"]["eraAbbr"]["1"]
        elif c in "Qq":
            quarter = str((d.month - 1) // 3 + 1)
            context = "format" if c == "Q" else "stand-alone"
            text += cal["quarters"][context]["wide" if n >= 4 else "abbreviated"][quarter] if n >= 3 else quarter
        else:
            return None
    return text


def cldr_date_cases():
    """The pinned CLDR's own full, long and medium date formats of every locale it has (the
    version the tables are generated from: a wrong read here is the reader's, not a version's)."""
    base = os.path.join(ROOT, "tools/cldr/node_modules/cldr-dates-full/main")
    coverage = os.path.join(ROOT, "tools/cldr/node_modules/cldr-core/coverageLevels.json")
    if not os.path.isdir(base) or not os.path.exists(coverage):
        return []
    levels = json.load(open(coverage))["effectiveCoverageLevels"]
    days = [datetime.date(2026, 11, 23), datetime.date(2026, 10, 1), datetime.date(2026, 3, 5)]
    cases = []
    for loc in sorted(os.listdir(base)):
        path = os.path.join(base, loc, "ca-gregorian.json")
        if not os.path.exists(path):
            continue
        cal = json.load(open(path))["main"][loc]["dates"]["calendars"]["gregorian"]
        source = "CLDR dates, modern locales" if levels.get(loc) == "modern" else "CLDR dates, other locales"
        for width in ["full", "long", "medium"]:
            for d in days:
                text = cldr_format(cal["dateFormats"][width], d, cal)
                if text:
                    cases.append((source, "date", text, d.isoformat()))
        # A quarter of a year, as the `yQQQ` and `yQQQQ` formats write it (`Q4 2026`, `4th
        # quarter 2026`, `4. čtvrtletí 2026`), read as a range.
        formats = cal["dateTimeFormats"]["availableFormats"]
        for skeleton in ["yQQQ", "yQQQQ"]:
            if skeleton not in formats:
                continue
            for first, last in [((2026, 1, 1), (2026, 3, 31)), ((2026, 10, 1), (2026, 12, 31))]:
                text = cldr_format(formats[skeleton], datetime.date(*first), cal)
                want = {"from": datetime.date(*first).isoformat(), "to": datetime.date(*last).isoformat()}
                if text:
                    cases.append((source.replace("dates", "quarters"), "date_range", text, want))
    return cases


def iso_cases():
    db = os.path.join(ROOT, "tools/iso-codes/pycountry/databases")
    if not os.path.isdir(db):
        return []
    cases = []
    for e in json.load(open(os.path.join(db, "iso3166-1.json")))["3166-1"]:
        for field in ("name", "official_name", "common_name"):
            if field in e:
                cases.append(("ISO 3166-1 names", "country", e[field], e["alpha_2"]))
    for e in json.load(open(os.path.join(db, "iso639-3.json")))["639-3"]:
        for field in ("name", "inverted_name"):
            if "alpha_2" in e and field in e:
                cases.append(("ISO 639-3 names", "locale", e[field], e["alpha_2"]))
    return cases


def language_aliases():
    """CLDR's language aliases (`tl` -> `fil`, `sh` -> `sr-Latn`), by lower-case code."""
    path = os.path.join(ROOT, "tools/cldr/node_modules/cldr-core/supplemental/aliases.json")
    if not os.path.exists(path):
        return {}
    table = json.load(open(path))["supplemental"]["metadata"]["alias"]["languageAlias"]
    return {k.lower(): v["_replacement"].replace("_", "-") for k, v in table.items() if "_replacement" in v}


def intl_cases():
    """Node's Intl (ICU's implementation of CLDR) of every CLDR locale it supports:
    tools/audit/intl.mjs writes the cases, some with options (`today`, a list's item kind).
    A want of None is a text only an ask reads right ("next week", "Praha, Brno, or Ostrava")."""
    if not os.path.isdir(os.path.join(ROOT, "tools/cldr/node_modules/cldr-core")):
        # intl.mjs lists the locales from the pinned CLDR (`npm ci --prefix tools/cldr`).
        print("the pinned CLDR not installed: the Intl sources are skipped", file=sys.stderr)
        return []
    try:
        script = os.path.join(ROOT, "tools/audit/intl.mjs")
        out = subprocess.run(["node", script], capture_output=True, text=True, check=True)
    except FileNotFoundError:
        print("node not installed: the Intl sources are skipped", file=sys.stderr)
        return []
    cases = []
    for line in out.stdout.splitlines():
        c = json.loads(line)
        cases.append((c["source"], c["kind"], c["input"], c["want"], *([c["options"]] if "options" in c else [])))
    return cases


def likely_subtags():
    """A function adding CLDR's likely script and region to a tag (`zh-TW` -> `zh-Hant-TW`,
    `sr-RS` -> `sr-Cyrl-RS`), or None without the pinned CLDR."""
    path = os.path.join(ROOT, "tools/cldr/node_modules/cldr-core/supplemental/likelySubtags.json")
    if not os.path.exists(path):
        return None
    table = json.load(open(path))["supplemental"]["likelySubtags"]

    def maximize(tag):
        parts = str(tag).replace("_", "-").split("-")
        lang = parts[0].lower()
        script = next((p.title() for p in parts[1:] if len(p) == 4 and p.isalpha()), None)
        region = next((p.upper() for p in parts[1:] if len(p) == 2 or (len(p) == 3 and p.isdigit())), None)
        for key in [f"{lang}-{script}-{region}", f"{lang}-{region}", f"{lang}-{script}", lang]:
            if key in table:
                full = table[key].split("-")
                return (lang, script or full[1], region or full[-1])
        return (lang, script, region)

    return maximize


def main():
    args = arguments(__doc__.split("\n")[0]).parse_args()
    cases = babel_cases() + cldr_date_cases() + system_cases() + glibc_time_cases() + iso_cases() + intl_cases()
    outs = run(args.bin, cases)
    aliases = language_aliases()
    maximize = likely_subtags()
    by = collections.defaultdict(collections.Counter)
    wrong, asks = [], collections.defaultdict(list)
    for (source, kind, text, want, *_), out in zip(cases, outs):
        if out["status"] == "ok":
            value = out["value"]
            # A bare language wanted: any region reads right. Intl's names name their region
            # (and script): right when the read keeps the region and both tags mean one locale
            # by CLDR's likely subtags (`zh-TW` for "Chinese (Traditional, Taiwan)"; not `en`
            # for "British English", nor `sr-RS`, Cyrillic, for "Serbian (Latin, Serbia)").
            locale_language = kind == "locale" and str(value).split("-")[0] == want
            if kind == "locale" and source.startswith("Intl") and want and "-" in want and maximize:
                has_region = lambda tag: any(len(p) == 2 for p in str(tag).split("-")[1:])
                locale_language = maximize(value) == maximize(want) and has_region(value) >= has_region(want)
            codes = {n.get("code") for n in out.get("notes", [])}
            if same(value, want) or locale_language:
                by[source]["right"] += 1
            elif kind == "locale" and ("deprecated_code_replaced" in codes or aliases.get(str(want).lower()) == value):
                # CLDR replaces the code the source keeps (tl is fil, tw is ak), as a code or
                # as the name's tag.
                by[source]["right by a CLDR alias"] += 1
            else:
                by[source]["WRONG"] += 1
                wrong.append((source, text, want, value))
        else:
            code = out.get("ask", {}).get("code", out["status"])
            by[source][("ask " if want is not None else "right, ask ") + code] += 1
            asks[kind].append((source, text, code))
    for source, counts in by.items():
        print(f"{source}: {sum(counts.values())} spellings, " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
    if args.show_wrong:
        for w in wrong:
            print("WRONG", *w)
    if args.show_asks:
        for a in asks[args.show_asks]:
            print("ask", *a)


if __name__ == "__main__":
    main()
