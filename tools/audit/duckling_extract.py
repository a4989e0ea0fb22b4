#!/usr/bin/env python3
"""Extracts the cases of Duckling's numeral and time corpora into tools/audit/duckling-cases.json.

The corpora are `Duckling/Numeral/<LANG>/Corpus.hs` and `Duckling/Time/<LANG>[/<REGION>]/Corpus.hs`;
the JSON file is what duckling.py reads. Run once per Duckling commit; the audit itself never
needs Duckling.

    python3 tools/audit/duckling_extract.py --git-dir PATH/duckling.git [--rev HEAD] [-o FILE]
    python3 tools/audit/duckling_extract.py PATH/duckling          # a work tree (or a git dir)

The Haskell files are read with a small tokenizer (strings with their escapes, numbers, names,
comments dropped) and a reader of the few forms the corpora write; Haskell is never run.
Each `examples (EXPECTATION) [ "text", ... ]` gives one case per text:

- `NumeralValue N` (N an integer or decimal, `1_000`, `1.5e3`, maybe `(-3)`): the number.
- `datetime (Y, M, D, h, m, s) Grain`, `datetimeHoliday (...) Grain "name"`: a date-time at a
  grain, `{"date", "grain"}`, with `time` at a grain finer than a day (and `holiday`).
- `datetimeInterval ((...), (...)) Grain`, `datetimeIntervalHoliday`: an interval, `{"from",
  "to", "to_inclusive_day", "grain"}`. Duckling's `to` is the exclusive end; `to_inclusive_day`
  is the last day the interval covers: the day before `to` at day grain and coarser, the day of
  `to` less one grain unit at finer grains (an evening ending at midnight ends the day before).

Anything else (`datetimeOpenInterval Before/After`, negative corpora, unknown forms) is counted
in `skipped` by reason, not extracted. Each case also names the Duckling corpus it belongs to
when it is not `corpus` (`defaultCorpus`, `latentCorpus`: read only with Duckling's latent
option, `latent: true`; `diffCorpus`) and, for time cases whose corpus's context sets its own,
the reference time (`now`); the others are at the tests' 2013-02-12T04:30:00, a Tuesday
(Duckling/Testing/Types.hs, `source.reference_time`). A work tree with `.git` is read at its
HEAD commit, as a git dir is.
"""
import argparse
import collections
import datetime
import decimal
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "duckling-cases.json")
URL = "https://github.com/facebook/duckling"
LICENCE = "BSD-3-Clause"
# The reference time of testContext in Duckling/Testing/Types.hs (a Tuesday); checked on reading.
NOW = (2013, 2, 12, 4, 30, 0)
CORPUS = re.compile(r"^Duckling/(Numeral|Time)/([A-Z]{2})(?:/([A-Z]{2}))?/Corpus\.hs$")
GRAINS = {"Second": "second", "Minute": "minute", "Hour": "hour", "Day": "day", "Week": "week",
          "Month": "month", "Quarter": "quarter", "Year": "year"}


# --- reading the checkout -----------------------------------------------------------------


class Checkout:
    """The files of one Duckling commit: a git dir (read with `git show REV:path`) or a work tree."""

    def __init__(self, path, git_dir=None, rev="HEAD"):
        self.git_dir, self.tree, self.rev = git_dir, None, rev
        if git_dir is None:
            if os.path.isdir(os.path.join(path, ".git")):
                self.tree = path
                self.git_dir = os.path.join(path, ".git")
            elif os.path.exists(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects")):
                self.git_dir = path  # a bare repository
            else:
                self.tree = path  # a plain copy of the sources, no history
        self.commit = self.git("rev-parse", rev).strip() if self.git_dir else None

    def git(self, *args):
        return subprocess.run(["git", "--git-dir", self.git_dir, *args], capture_output=True, text=True,
                              check=True).stdout

    def files(self):
        if self.tree and not self.git_dir:
            found = []
            for folder, _, names in os.walk(self.tree):
                for name in names:
                    found.append(os.path.relpath(os.path.join(folder, name), self.tree).replace(os.sep, "/"))
            return sorted(found)
        return sorted(self.git("ls-tree", "-r", "--name-only", self.rev).splitlines())

    def read(self, path):
        if self.tree and not self.git_dir:
            with open(os.path.join(self.tree, path), encoding="utf-8") as f:
                return f.read()
        return self.git("show", f"{self.rev}:{path}")


# --- a small Haskell tokenizer ------------------------------------------------------------

SYMBOLS = set("!#$%&*+./<=>?@\\^|-~:")
# The ASCII control names Haskell allows after a backslash (`\NUL`, `\ESC`, `\DEL`).
ASCII = {name: i for i, name in enumerate(
    "NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC "
    "FS GS RS US SP".split())}
ASCII["DEL"] = 127
SIMPLE = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\", '"': '"', "'": "'"}


class Token:
    __slots__ = ("kind", "value", "line", "col")

    def __init__(self, kind, value, line, col):
        self.kind, self.value, self.line, self.col = kind, value, line, col

    def __repr__(self):
        return f"{self.kind}:{self.value!r}@{self.line}:{self.col}"


def string_literal(src, i):
    """The Haskell string literal starting at src[i] (a double quote): (its text, the index after it).
    Escapes: the single letters, `\\"`, `\\\\`, decimal `\\1234`, `\\x41`, `\\o101`, `\\^A`, the
    ASCII names (`\\NUL`), `\\&` (nothing: it ends a number escape) and gaps (`\\  \\`)."""
    out, i = [], i + 1
    while True:
        c = src[i]
        if c == '"':
            return "".join(out), i + 1
        if c == "\n":
            raise ValueError("a newline inside a string")
        if c != "\\":
            out.append(c)
            i += 1
            continue
        e = src[i + 1]
        if e in SIMPLE:
            out.append(SIMPLE[e])
            i += 2
        elif e == "&":
            i += 2
        elif e.isspace():  # a gap: backslash, white space, backslash
            j = i + 1
            while src[j].isspace():
                j += 1
            if src[j] != "\\":
                raise ValueError("an unclosed string gap")
            i = j + 1
        elif e.isdigit():
            m = re.match(r"\d+", src[i + 1:])
            out.append(chr(int(m.group())))
            i += 1 + len(m.group())
        elif e == "x":
            m = re.match(r"[0-9a-fA-F]+", src[i + 2:])
            out.append(chr(int(m.group(), 16)))
            i += 2 + len(m.group())
        elif e == "o":
            m = re.match(r"[0-7]+", src[i + 2:])
            out.append(chr(int(m.group(), 8)))
            i += 2 + len(m.group())
        elif e == "^":
            out.append(chr(ord(src[i + 2]) - 64))
            i += 3
        else:
            name = next((n for n in sorted(ASCII, key=len, reverse=True) if src.startswith(n, i + 1)), None)
            if name is None:
                raise ValueError(f"an unknown escape \\{e}")
            out.append(chr(ASCII[name]))
            i += 1 + len(name)


def line_comment(src, i):
    """True when the dashes at src[i] start a comment: two or more, not followed by another
    symbol (`-->` is an operator)."""
    j = i
    while j < len(src) and src[j] == "-":
        j += 1
    return j >= len(src) or src[j] not in SYMBOLS


NUMBER = re.compile(r"\d[\d_]*(\.\d[\d_]*)?([eE][+-]?\d+)?")
NAME = re.compile(r"[\w']+(\.[A-Z][\w']*)*")


def tokenize(src):
    """Strings, numbers, names and symbols with their line and column; comments (`--` to the end
    of the line, nested `{- -}`, pragmas) and white space dropped."""
    tokens, i, line, start = [], 0, 1, 0
    n = len(src)
    while i < n:
        c = src[i]
        if c == "\n":
            line, start, i = line + 1, i + 1, i + 1
        elif c.isspace():
            i += 1
        elif src.startswith("{-", i):
            depth, i = 1, i + 2
            while depth:
                if src.startswith("{-", i):
                    depth, i = depth + 1, i + 2
                elif src.startswith("-}", i):
                    depth, i = depth - 1, i + 2
                else:
                    if src[i] == "\n":
                        line, start = line + 1, i + 1
                    i += 1
        elif src.startswith("--", i) and line_comment(src, i):
            while i < n and src[i] != "\n":
                i += 1
        elif c == '"':
            text, j = string_literal(src, i)
            tokens.append(Token("str", text, line, i - start))
            if "\n" in src[i:j]:  # a string gap across lines
                line, start = line + src.count("\n", i, j), src.rindex("\n", i, j) + 1
            i = j
        elif c == "'" and i + 2 < n and src[i + 2] == "'":
            tokens.append(Token("char", src[i + 1], line, i - start))
            i += 3
        elif c.isdigit():
            m = NUMBER.match(src, i)
            tokens.append(Token("num", m.group(), line, i - start))
            i = m.end()
        elif c.isalpha() or c == "_":
            m = NAME.match(src, i)
            tokens.append(Token("name", m.group(), line, i - start))
            i = m.end()
        elif c in SYMBOLS:
            j = i
            while j < n and src[j] in SYMBOLS:
                j += 1
            tokens.append(Token("sym", src[i:j], line, i - start))
            i = j
        else:  # ( ) [ ] , ; ` { }
            tokens.append(Token("sym", c, line, i - start))
            i += 1
    return tokens


# --- reading the forms --------------------------------------------------------------------


class Form(Exception):
    """A form this reader does not know."""


class Reader:
    def __init__(self, tokens):
        self.t, self.i = tokens, 0

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else Token("eof", None, 0, 0)

    def take(self, kind=None, value=None):
        tok = self.peek()
        if (kind and tok.kind != kind) or (value is not None and tok.value != value):
            raise Form(f"expected {value or kind}, found {tok.value!r} at line {tok.line}")
        self.i += 1
        return tok

    def at(self, value):
        return self.peek().value == value and self.peek().kind in ("sym", "name")

    def number(self):
        """A numeric literal, maybe negative, maybe in parentheses: a Decimal."""
        if self.at("("):
            self.take()
            v = self.number()
            self.take("sym", ")")
            return v
        sign = 1
        if self.at("-"):
            self.take()
            sign = -1
        return sign * decimal.Decimal(self.take("num").value.replace("_", ""))

    def tuple6(self):
        self.take("sym", "(")
        parts = [self.number()]
        while self.at(","):
            self.take()
            parts.append(self.number())
        self.take("sym", ")")
        if len(parts) != 6:
            raise Form(f"a date-time of {len(parts)} parts")
        return parts

    def grain(self):
        name = self.take("name").value
        if name not in GRAINS:
            raise Form(f"an unknown grain {name}")
        return GRAINS[name]

    def texts(self):
        """A list of string literals: `[ "a", "b" ]`."""
        self.take("sym", "[")
        out = []
        while not self.at("]"):
            out.append(self.take("str"))
            if self.at(","):
                self.take()
        self.take("sym", "]")
        return out

    def skip_group(self):
        """Skips one parenthesised group (the reader is at its `(`); returns its first name."""
        depth, first = 0, None
        while True:
            tok = self.take()
            if tok.kind == "sym" and tok.value in ("(", "["):
                depth += 1
            elif tok.kind == "sym" and tok.value in (")", "]"):
                depth -= 1
            elif tok.kind == "name" and first is None:
                first = tok.value
            if depth == 0:
                return first


def moment(parts):
    """A Duckling Datetime tuple as a datetime (seconds truncated to whole seconds). The day is
    made by Haskell's `fromGregorian`, which clips the month to 1-12 and the day to the month's
    days: the corpora write `(2013, 0, 0, ...)` for the year 2013, `(2013, 3, 0, ...)` for March."""
    y, mo, d, h, mi, s = (int(x) for x in parts)
    if y < 1:
        raise ValueError("a year before 1 AD (`in 2014 BC`)")
    mo = min(max(mo, 1), 12)
    last = (datetime.date(y + mo // 12, mo % 12 + 1, 1) - datetime.timedelta(days=1)).day
    d = min(max(d, 1), last)
    return datetime.datetime(y, mo, d, h, mi, s)


def less_one(end, grain):
    """The last day an end-exclusive interval covers: the day of `end` less one grain unit below
    a day, the day before `end` at a day and coarser."""
    step = {"second": datetime.timedelta(seconds=1), "minute": datetime.timedelta(minutes=1),
            "hour": datetime.timedelta(hours=1)}.get(grain, datetime.timedelta(days=1))
    return (end - step).date()


def number_value(v):
    """A Decimal as the JSON number to write: an int when whole, else the nearest float (the value
    Duckling's Double holds)."""
    if v == v.to_integral_value():
        return int(v)
    return float(v)


def expectation(r):
    """Reads `(CONSTRUCTOR ...)` at the reader: (set, expected value) or raises Form with a reason."""
    start = r.i
    r.take("sym", "(")
    head = r.peek()
    if head.kind != "name":
        raise Form("an expectation that is no constructor")
    name = r.take().value
    if name == "NumeralValue":
        v = r.number()
        r.take("sym", ")")
        return "numeral", number_value(v)
    if name in ("datetime", "datetimeHoliday"):
        t = moment(r.tuple6())
        grain = r.grain()
        want = {"date": t.date().isoformat(), "grain": grain}
        if grain in ("hour", "minute", "second"):
            want["time"] = t.time().isoformat()
        if name == "datetimeHoliday":
            want["holiday"] = r.take("str").value
        r.take("sym", ")")
        return "time", want
    if name in ("datetimeInterval", "datetimeIntervalHoliday"):
        r.take("sym", "(")
        a = moment(r.tuple6())
        r.take("sym", ",")
        b = moment(r.tuple6())
        r.take("sym", ")")
        grain = r.grain()
        want = {"from": a.isoformat(), "to": b.isoformat(), "to_inclusive_day": less_one(b, grain).isoformat(),
                "grain": grain}
        if name == "datetimeIntervalHoliday":
            want["holiday"] = r.take("str").value
        r.take("sym", ")")
        return "time", want
    r.i = start
    raise Form(f"{name} {r.peek(2).value}" if name == "datetimeOpenInterval" else name)


# --- one file -----------------------------------------------------------------------------


def bindings(tokens):
    """The top-level bindings: name -> (first token index, end index). A binding starts at a
    name in column 0 (its type signature and its equations are one binding)."""
    spans, order = {}, []
    for i, tok in enumerate(tokens):
        if tok.col == 0 and tok.kind == "name" and tok.value not in ("module", "import", "where"):
            if not order or order[-1][0] != tok.value:
                order.append((tok.value, i))
    for k, (name, i) in enumerate(order):
        end = order[k + 1][1] if k + 1 < len(order) else len(tokens)
        s, e = spans.get(name, (i, end))
        spans[name] = (min(s, i), max(e, end))
    return spans


def ref_time(tokens):
    """The `refTime (Y, M, D, h, m, s)` among the tokens, or None."""
    for i, tok in enumerate(tokens):
        if tok.kind == "name" and tok.value == "refTime" and i + 1 < len(tokens) and tokens[i + 1].value == "(":
            r = Reader(tokens[i + 1:])
            try:
                return moment(r.tuple6())
            except (Form, ValueError):
                return None
    return None


def corpora(tokens, spans, default_now):
    """Which Duckling corpus each binding's examples belong to: binding -> (corpus name, its
    reference time, latent). A corpus is a top-level binding named `corpus` or `...Corpus`; its
    own `where` examples are its, and a binding it names (`allExamples`) is the first corpus's
    that names it (`corpus` before the others). A file with no corpus (a region's examples,
    added by Duckling's tests to its language's corpus) is `corpus` at the default time."""
    owner = {}
    names = sorted((n for n in spans if n == "corpus" or n.endswith("Corpus")),
                   key=lambda n: (n != "corpus", spans[n][0]))
    for name in names:
        s, e = spans[name]
        body = tokens[s:e]
        latent = any(t.value == "withLatent" for t in body) and any(t.value == "True" for t in body)
        now = ref_time(body)
        if now is None:
            # The context it names: its own tuple's first name after `=` (`testContext`, `context`).
            eq = next((k for k, t in enumerate(body) if t.value == "="), None)
            ctx = next((t.value for t in body[eq + 1:] if t.kind == "name"), None) if eq is not None else None
            if ctx in spans and ctx != name:
                now = ref_time(tokens[spans[ctx][0]:spans[ctx][1]])
        info = (name, now or default_now, latent)
        owner.setdefault(name, info)
        for t in body:
            if t.kind == "name" and t.value in spans and t.value not in names:
                owner.setdefault(t.value, info)
    return owner


def extract_file(path, src, skipped):
    """The cases of one corpus file, in the file's order."""
    m = CORPUS.match(path)
    dim, lang, region = m.group(1), m.group(2), m.group(3)
    tokens = tokenize(src)
    spans = bindings(tokens)
    default_now = datetime.datetime(*NOW)
    owner = corpora(tokens, spans, default_now)
    binding_at = sorted((s, name) for name, (s, e) in spans.items())
    cases, used = [], set()

    def binding_of(i):
        name = None
        for s, n in binding_at:
            if s <= i:
                name = n
        return name

    r = Reader(tokens)
    while r.i < len(tokens):
        tok = r.peek()
        if tok.kind == "name" and tok.value == "examples" and r.peek(1).value == "=" and r.peek(2).value == "[":
            # A negative corpus: texts Duckling must read as nothing.
            r.i += 2
            start = r.i
            texts = r.texts()
            used.update(range(start, r.i))
            skipped[f"a negative corpus text (Duckling must read nothing; {dim.lower()})"] += len(texts)
            continue
        if tok.kind == "name" and tok.value == "examples" and r.peek(1).value == "(" and tok.col != 0:
            start = r.i
            r.take()
            corpus, now, latent = owner.get(binding_of(start), ("corpus", default_now, False))
            try:
                kind, want = expectation(r)
            except Form as e:
                r.i = start + 1  # back to the expectation's `(`, wherever the reading stopped
                r.skip_group()
                reason = str(e)
                texts = r.texts() if r.at("[") else []
                skipped[f"{reason} ({dim.lower()})"] += len(texts)
                used.update(range(start, r.i))
                continue
            except ValueError as e:  # a date-time Python's datetime does not hold
                r.i = start + 1
                r.skip_group()
                texts = r.texts() if r.at("[") else []
                skipped[f"{e} ({dim.lower()})"] += len(texts)
                used.update(range(start, r.i))
                continue
            texts = r.texts()
            used.update(range(start, r.i))
            if kind != dim.lower():
                raise SystemExit(f"{path}: a {kind} expectation in a {dim} corpus")
            for t in texts:
                case = {"set": kind, "lang": lang, "locale": f"{lang}_{region}" if region else None, "file": path}
                if corpus != "corpus":
                    case["corpus"] = corpus
                if latent:
                    case["latent"] = True
                if kind == "time" and now != default_now:
                    case["now"] = now.isoformat()
                case["text"], case["expect"] = t.value, want
                cases.append(case)
            continue
        r.i += 1
    # Strings no form took (there should be none): counted, so a new form in Duckling shows.
    stray = sum(1 for i, t in enumerate(tokens) if t.kind == "str" and i not in used)
    if stray:
        skipped[f"a string outside any examples list ({dim.lower()})"] += stray
    return cases


def check_reference(checkout):
    """Duckling's testContext must still be the reference time this extraction assumes."""
    src = checkout.read("Duckling/Testing/Types.hs")
    m = re.search(r"testContext\s*=\s*Context\s*\{[^}]*refTime\s*\(([^)]*)\)", src)
    parts = tuple(int(x) for x in m.group(1).split(",")) if m else None
    if parts != NOW:
        raise SystemExit(f"Duckling/Testing/Types.hs: testContext's reference time is {parts}, not {NOW}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("path", nargs="?", help="a Duckling work tree or git dir")
    p.add_argument("--git-dir", help="a Duckling git dir (bare or not), read with `git show REV:path`")
    p.add_argument("--rev", default="HEAD", help="the revision to read from a git dir (default HEAD)")
    p.add_argument("-o", "--output", default=OUT, help="the JSON file to write (default tools/audit/duckling-cases.json)")
    args = p.parse_args()
    if not args.path and not args.git_dir:
        p.error("give a Duckling checkout: PATH or --git-dir")
    checkout = Checkout(args.path, git_dir=args.git_dir, rev=args.rev)
    check_reference(checkout)
    skipped = collections.Counter()
    cases = []
    for path in checkout.files():
        if CORPUS.match(path):
            cases.extend(extract_file(path, checkout.read(path), skipped))
    licence = checkout.read("LICENSE")
    copyright_line = next(line.strip() for line in licence.splitlines() if line.strip().startswith("Copyright"))
    source = {"repository": URL, "commit": checkout.commit, "licence": LICENCE, "copyright": copyright_line,
              "files": "Duckling/Numeral/*/Corpus.hs, Duckling/Time/*/Corpus.hs (and their regions' folders)",
              "reference_time": datetime.datetime(*NOW).isoformat()}
    with open(args.output, "w", encoding="utf-8") as f:
        f.write('{"source":' + json.dumps(source, ensure_ascii=False) + ",\n")
        f.write('"skipped":' + json.dumps(dict(sorted(skipped.items())), ensure_ascii=False) + ",\n")
        f.write('"cases":[\n')
        f.write(",\n".join(json.dumps(c, ensure_ascii=False, separators=(",", ":")) for c in cases))
        f.write("\n]}\n")
    counts = collections.Counter(c["set"] for c in cases)
    print(f"{args.output}: {counts['numeral']} numeral and {counts['time']} time cases; skipped "
          f"{sum(skipped.values())}", file=sys.stderr)
    for reason, n in skipped.most_common():
        print(f"  skipped {n}: {reason}", file=sys.stderr)


if __name__ == "__main__":
    main()
