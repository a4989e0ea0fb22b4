"""Loading the shared vectors (`tests/vectors/`, format in its README) for the Python runner.

Numbers stay exact on the way in and on the way out:

- inputs, options and tool arguments are parsed with `int` for integers (exact in Python) and
  `Decimal` for the rest (exact digits and scale), so the binding sends the core the same
  number; the one integer Python's `int` cannot keep, `-0`, is passed as `Decimal("-0")`. A
  `Decimal` prints an exponent its own way (`1e400` as `1E+400`), so such an input reaches the
  core as the same number in another spelling, as it would from any Python caller;
- expected and actual outcomes are both parsed with `Decimal` for every number and compared
  with `same`, which also compares each number's `Decimal` text (`1.50` is not `1.5`, `4000`
  is not `4000.0`), close to the Rust runner's `serde_json::Value` equality; only the exponent
  spelling (`1e400` against `1e+400`) is not told apart.
"""

from __future__ import annotations

import json
import os
from decimal import Decimal
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

ROOT = Path(__file__).resolve().parents[3]
VECTORS = ROOT / "tests" / "vectors"

#: The key the cursor vectors were issued with (tests/vectors/README.md).
VECTOR_KEY_ENV = "AGENT_INPUT_VECTOR_KEY"
VECTOR_KEY = "agent-input shared vector key, not a secret"


def set_vector_key() -> None:
    """Sets the cursor vectors' key before any read, as every runner does."""
    os.environ[VECTOR_KEY_ENV] = VECTOR_KEY


def _int(text: str) -> Any:
    # Python's int has no negative zero; Decimal("-0") keeps the sign and the text.
    return Decimal(text) if text.startswith("-0") else int(text)


def parse_input(text: str) -> Any:
    """JSON as a caller's values: exact ints, Decimal for the other numbers."""
    return json.loads(text, parse_int=_int, parse_float=Decimal)


def parse_exact(text: str) -> Any:
    """JSON with every number as a Decimal that keeps its text, for comparison with `same`."""
    return json.loads(text, parse_int=Decimal, parse_float=Decimal)


def same(a: Any, b: Any) -> bool:
    """Equality of two `parse_exact` results that also compares each number's text."""
    if type(a) is not type(b):
        return False
    if isinstance(a, Decimal):
        return str(a) == str(b)
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def exact_natives(value: Any) -> Any:
    """The binding's natives (`int`, `Decimal`, ...) in the form `parse_exact` gives, for `same`."""
    if isinstance(value, bool) or value is None or isinstance(value, (str, Decimal)):
        return value
    if isinstance(value, int):
        return Decimal(value)
    if isinstance(value, dict):
        return {k: exact_natives(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [exact_natives(v) for v in value]
    raise TypeError(f"not a JSON native: {value!r}")


def _cases(path: Path) -> Iterator[Tuple[Dict[str, Any], Dict[str, Any]]]:
    """Each case twice: parsed as inputs and parsed exactly (for `expect`)."""
    text = path.read_text(encoding="utf-8")
    as_input, exact = parse_input(text), parse_exact(text)
    if isinstance(as_input, dict):
        as_input, exact = as_input["cases"], exact["cases"]
    yield from zip(as_input, exact)


def kind_files() -> List[Path]:
    """Every `<kind>.json` (a file named after a kind; batch, helpers and tools have their own shapes)."""
    import agent_input

    return sorted(p for p in VECTORS.glob("*.json") if p.stem in agent_input.KINDS)


def kind_cases() -> List[Tuple[str, Dict[str, Any], Dict[str, Any]]]:
    """`(file/name, case as input, case parsed exactly)` of every kind file."""
    out = []
    for path in kind_files():
        names = set()
        for case, exact in _cases(path):
            assert case["name"] not in names, f"{path.name}: duplicate name {case['name']}"
            names.add(case["name"])
            out.append((f"{path.stem}/{case['name']}", case, exact))
    return out


def simple_cases(file: str) -> List[Tuple[str, Dict[str, Any], Dict[str, Any]]]:
    """The cases of `batch.json` or `helpers.json`."""
    path = VECTORS / file
    return [(f"{path.stem}/{c['name']}", c, e) for c, e in _cases(path)]


def tool_cases() -> List[Tuple[str, Any, Dict[str, Any], Dict[str, Any]]]:
    """`(tools/file/name, spec, case as input, case parsed exactly)` of every tool file."""
    out = []
    for path in sorted((VECTORS / "tools").glob("*.json")):
        doc = parse_input(path.read_text(encoding="utf-8"))
        for case, exact in _cases(path):
            out.append((f"tools/{path.stem}/{case['name']}", doc["spec"], case, exact))
    return out
