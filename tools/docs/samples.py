#!/usr/bin/env python3
"""Runs every code sample of README.md and docs/ (issue 71: "no example can rot").

Each block of Python, JavaScript, TypeScript or Rust that is not a doctest carries a marker on
the line before its fence, and is checked as it says:

    <!-- sample: run -->                         run it (Python in the project's virtualenv, JavaScript
                                                 with node from bindings/js, TypeScript checked by tsc)
    <!-- sample: run after PRELUDE [PRELUDE] --> run it after the files named (docs/samples/): the
                                                 setting a fragment takes as given
    <!-- sample: typecheck after PRELUDE -->     TypeScript: `tsc --noEmit --strict` with the prelude
    <!-- sample: excerpt PATH -->                the block is a verbatim excerpt of PATH, a file a
                                                 test runs (compared line by line, indentation aside)

A block of these languages without a marker fails the check. ```rust blocks are doctests
(agent-input/src/lib.rs includes the pages). A ```sh block marked `run` has each line that
starts with `agent-input ` run with the built binary (exit 0); other shell blocks (installs,
servers that run until stopped) are not run. Usage: samples.py [--list].
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional

ROOT = Path(__file__).resolve().parents[2]
# Paths given relative are the repository's: a sample runs in a folder of its own.
PYTHON = str(ROOT / (os.environ.get("PYTHON") or "target/python-venv/bin/python"))
AGENT_INPUT = str(ROOT / (os.environ.get("AGENT_INPUT_BIN") or "target/debug/agent-input"))
JS_DIR = ROOT / "bindings" / "js"
WORK_JS = JS_DIR / ".docs-samples"
MARKED = {"python", "js", "javascript", "ts", "typescript", "rust,ignore", "rust,no_run"}
TIMEOUT = 120


@dataclass
class Block:
    page: Path
    line: int
    lang: str
    text: str
    marker: Optional[str]

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"


def pages() -> List[Path]:
    found = [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))
    return [p for p in found if "samples" not in p.parts and "book" not in p.parts]


def blocks(page: Path) -> List[Block]:
    lines = page.read_text(encoding="utf-8").split("\n")
    out: List[Block] = []
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\S*)\s*$", lines[i])
        if not m or not m.group(1):
            i += 1
            continue
        j = i + 1
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        k = i - 1
        while k >= 0 and not lines[k].strip():
            k -= 1
        marker = None
        if k >= 0:
            mm = re.match(r"^<!-- sample: (.*) -->$", lines[k].strip())
            marker = mm.group(1).strip() if mm else None
        out.append(Block(page, i + 1, m.group(1), "\n".join(lines[i + 1 : j]) + "\n", marker))
        i = j + 1
    return out


def preludes(marker: str) -> List[Path]:
    words = marker.split()
    if "after" not in words:
        return []
    return [ROOT / w for w in words[words.index("after") + 1 :]]


def check_excerpt(b: Block, path: str) -> Optional[str]:
    target = ROOT / path
    if not target.is_file():
        return f"excerpt of {path}, which does not exist"
    want = [l.strip() for l in b.text.rstrip("\n").split("\n")]
    have = [l.strip() for l in target.read_text(encoding="utf-8").split("\n")]
    for start in range(len(have) - len(want) + 1):
        if have[start : start + len(want)] == want:
            return None
    return f"is no verbatim excerpt of {path}"


def run(argv: List[str], cwd: Path, env: Optional[dict] = None) -> Optional[str]:
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return f"did not finish in {TIMEOUT} s"
    if done.returncode != 0:
        return f"exit {done.returncode}:\n{done.stdout[-2000:]}{done.stderr[-3000:]}"
    return None


def slug(b: Block) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "_", b.name)


def check_python(b: Block) -> Optional[str]:
    text = "".join(p.read_text(encoding="utf-8") + "\n" for p in preludes(b.marker or "")) + b.text
    work = ROOT / "target" / "docs-samples"
    work.mkdir(parents=True, exist_ok=True)
    path = work / f"{slug(b)}.py"
    path.write_text(text, encoding="utf-8")
    # A sample runs in a folder of its own (a file it writes stays there); the repository is
    # AGENT_INPUT_ROOT for the preludes.
    env = {**os.environ, "AGENT_INPUT_ROOT": str(ROOT)}
    return run([PYTHON, str(path)], work, env)


def check_js(b: Block) -> Optional[str]:
    text = "".join(p.read_text(encoding="utf-8") + "\n" for p in preludes(b.marker or "")) + b.text
    WORK_JS.mkdir(exist_ok=True)
    path = WORK_JS / f"{slug(b)}.mjs"
    path.write_text(text, encoding="utf-8")
    return run(["node", str(path)], WORK_JS, {**os.environ, "AGENT_INPUT_ROOT": str(ROOT)})


def check_ts(b: Block) -> Optional[str]:
    WORK_JS.mkdir(exist_ok=True)
    files = []
    for prelude in preludes(b.marker or ""):
        copy = WORK_JS / prelude.name
        shutil.copyfile(prelude, copy)
        files.append(str(copy))
    path = WORK_JS / f"{slug(b)}.ts"
    # A module of its own: a sample's top-level names never meet another's.
    path.write_text(b.text + "\nexport {};\n", encoding="utf-8")
    tsc = JS_DIR / "node_modules" / ".bin" / "tsc"
    argv = [str(tsc), "--noEmit", "--strict", "--skipLibCheck", "--target", "es2022", "--module", "nodenext",
            "--moduleResolution", "nodenext", *files, str(path)]
    return run(argv, JS_DIR)


def check_sh(b: Block) -> Optional[str]:
    for line in b.text.split("\n"):
        if not line.startswith("agent-input "):
            continue
        command = re.sub(r"\s+#.*$", "", line)
        argv = ["sh", "-c", command.replace("agent-input ", f'"{AGENT_INPUT}" ', 1)]
        failed = run(argv, ROOT)
        if failed:
            return f"`{command}`: {failed}"
    return None


def doctested() -> List[Path]:
    """The pages agent-input/src/lib.rs includes as doctests."""
    lib = (ROOT / "agent-input" / "src" / "lib.rs").read_text(encoding="utf-8")
    return [(ROOT / "agent-input" / "src" / m).resolve() for m in re.findall(r'include_str!\("([^"]+\.md)"\)', lib)]


def main() -> int:
    problems: List[str] = []
    included = doctested()
    counts = {"run": 0, "typecheck": 0, "excerpt": 0, "sh": 0}
    for page in pages():
        for b in blocks(page):
            marker = b.marker or ""
            kind = marker.split()[0] if marker else ""
            if b.lang in ("rust", "rust,should_panic") and page.resolve() not in included:
                problems.append(f"{b.name}: a ```rust block on a page agent-input/src/lib.rs does not include as doctests")
                continue
            if b.lang in MARKED and kind not in ("run", "typecheck", "excerpt"):
                problems.append(f"{b.name}: a ```{b.lang} block with no `<!-- sample: run|typecheck|excerpt -->` marker")
                continue
            failed = None
            if kind == "excerpt":
                failed = check_excerpt(b, marker.split(None, 1)[1] if len(marker.split()) > 1 else "")
                counts["excerpt"] += 1
            elif kind in ("run", "typecheck") and b.lang == "python":
                failed = check_python(b)
                counts["run"] += 1
            elif kind in ("run", "typecheck") and b.lang in ("js", "javascript"):
                failed = check_js(b)
                counts["run"] += 1
            elif kind in ("run", "typecheck") and b.lang in ("ts", "typescript"):
                failed = check_ts(b)
                counts["typecheck"] += 1
            elif kind == "run" and b.lang == "sh":
                failed = check_sh(b)
                counts["sh"] += 1
            elif kind:
                failed = f"a `{kind}` marker on a ```{b.lang} block, which this check does not run"
            if failed:
                problems.append(f"{b.name}: {failed}")
            elif "--list" in sys.argv and kind:
                print(f"ok {b.name} ({kind})")
    shutil.rmtree(WORK_JS, ignore_errors=True)
    print(
        f"samples: {counts['run']} run, {counts['typecheck']} type-checked, {counts['excerpt']} checked as excerpts, "
        f"{counts['sh']} shell blocks run; {len(problems)} failed"
    )
    for p in problems:
        print(f"FAILED {p}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
