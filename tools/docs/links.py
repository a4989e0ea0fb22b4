#!/usr/bin/env python3
"""Checks every internal link of README.md, CHANGELOG.md, BENCHMARKS.md and docs/: a relative
link names a file or folder of the repository, and a `#anchor` names a heading of the page it
points to (the slug mdBook and GitHub both make: lower case, punctuation dropped, spaces as
hyphens). External links (http, https, mailto) are not fetched. Exits 1 naming each broken link.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Dict, List, Set

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)|!\[[^\]]*\]\(([^)\s]+)\)")


def pages() -> List[Path]:
    found = [ROOT / "README.md", ROOT / "CHANGELOG.md", ROOT / "BENCHMARKS.md"] + sorted((ROOT / "docs").rglob("*.md"))
    return [p for p in found if p.is_file() and "samples" not in p.parts]


def prose(text: str) -> str:
    """The text outside code blocks and code spans."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)
    return re.sub(r"(`+)(?:(?!\1).)+\1", "", text)


def slug(heading: str) -> str:
    heading = re.sub(r"`", "", heading.strip()).lower()
    heading = re.sub(r"[^\w\- ]", "", heading)
    return heading.replace(" ", "-")


_anchors: Dict[Path, Set[str]] = {}


def anchors(page: Path) -> Set[str]:
    if page not in _anchors:
        text = re.sub(r"^```.*?^```", "", page.read_text(encoding="utf-8"), flags=re.S | re.M)
        seen: Dict[str, int] = {}
        found: Set[str] = set()
        for m in re.finditer(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, flags=re.M):
            s = slug(m.group(1))
            n = seen.get(s, 0)
            found.add(s if n == 0 else f"{s}-{n}")
            seen[s] = n + 1
        _anchors[page] = found
    return _anchors[page]


def main() -> int:
    broken: List[str] = []
    checked = 0
    for page in pages():
        for m in LINK.finditer(prose(page.read_text(encoding="utf-8"))):
            target = m.group(1) or m.group(2)
            if re.match(r"^(https?:|mailto:)", target):
                continue
            checked += 1
            path, _, anchor = target.partition("#")
            dest = (page.parent / path).resolve() if path else page
            where = f"{page.relative_to(ROOT)}: ({target})"
            if not dest.exists():
                broken.append(f"{where}: no such file")
            elif anchor and dest.suffix == ".md" and anchor not in anchors(dest):
                broken.append(f"{where}: no heading `#{anchor}` in {dest.relative_to(ROOT)}")
    print(f"links: {checked} internal links checked; {len(broken)} broken")
    for b in broken:
        print(f"BROKEN {b}", file=sys.stderr)
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
