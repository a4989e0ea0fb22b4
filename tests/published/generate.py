"""Valid calls drawn from a tool's own `inputSchema` with hypothesis-jsonschema.

Each object schema is closed to the properties it declares (`additionalProperties: false`), so a
drawn call carries no invented key; properties that must name something the test laid out (a
repository, a file under the server's root, the local page fetched) are fixed to that value with
`const`. The draw is derandomized (the same calls on every machine for the same hypothesis
version) and bounded per tool.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Dict, List, Mapping

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis_jsonschema import from_schema

_SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
_SCHEMA_MAPS = ("properties", "$defs", "definitions", "patternProperties")
_SCHEMA_ONE = ("items", "additionalItems", "not", "if", "then", "else", "contains")


def close(schema: Any) -> Any:
    """A copy of `schema` whose every object schema admits only its declared properties."""
    if isinstance(schema, list):
        return [close(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    for key in _SCHEMA_MAPS:
        if isinstance(out.get(key), dict):
            out[key] = {k: close(v) for k, v in out[key].items()}
    for key in _SCHEMA_LISTS:
        if isinstance(out.get(key), list):
            out[key] = [close(v) for v in out[key]]
    for key in _SCHEMA_ONE:
        if isinstance(out.get(key), (dict, list)):
            out[key] = close(out[key])
    types = out.get("type")
    is_object = types == "object" or (isinstance(types, list) and "object" in types) or "properties" in out
    if is_object:
        out["additionalProperties"] = False
    return out


def fixed(schema: Dict[str, Any], values: Mapping[str, Any]) -> Dict[str, Any]:
    """`schema` with each property of `values` pinned to that value (and required)."""
    out = copy.deepcopy(schema)
    props = out.setdefault("properties", {})
    for name, value in values.items():
        if name in props:
            props[name] = {"const": value}
            required = out.setdefault("required", [])
            if name not in required:
                required.append(name)
    return out


def draw(schema: Dict[str, Any], count: int) -> List[Dict[str, Any]]:
    """Up to `count` distinct instances of `schema`, the same ones on every run."""
    seen: Dict[str, Dict[str, Any]] = {}

    @settings(
        max_examples=count * 3,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(from_schema(schema))
    def collect(value: Dict[str, Any]) -> None:
        if len(seen) < count:
            seen.setdefault(json.dumps(value, sort_keys=True), value)

    collect()
    return list(seen.values())


def unroll(schema: Dict[str, Any], depth: int = 1) -> Dict[str, Any]:
    """`schema` with every `$ref` into `$defs` inlined, each definition at most `depth` times on
    one path from the root; past that, the branches of an `anyOf`/`oneOf` that would enter it
    again are left out. hypothesis-jsonschema draws no recursive reference itself; with `depth`
    1 a filter language of all/any/not/condition still draws trees four levels deep
    (all -> any -> not -> condition), and the server is sent the calls as drawn."""
    defs = schema.get("$defs", {}) or schema.get("definitions", {})

    def inline(node: Any, stack: List[str]) -> Any:
        if isinstance(node, list):
            return [inline(n, stack) for n in node]
        if not isinstance(node, dict):
            return node
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.split("/")[-1] in defs:
            name = ref.split("/")[-1]
            if stack.count(name) >= depth:
                return None
            rest = {k: v for k, v in node.items() if k != "$ref"}
            return inline({**defs[name], **rest}, stack + [name])
        out: Dict[str, Any] = {}
        for key, value in node.items():
            if key in ("$defs", "definitions"):
                continue
            if key in ("anyOf", "oneOf"):
                branches = [b for b in (inline(v, stack) for v in value) if b is not None]
                out[key] = branches
            elif key in ("properties", "patternProperties"):
                out[key] = {k: inline(v, stack) for k, v in value.items()}
            else:
                out[key] = inline(value, stack)
        return out

    return inline(schema, [])


def bounded(schema: Any, limit: int) -> Any:
    """`schema` with every number and integer lacking a bound drawn within `-limit..limit` (still
    valid calls, of a size a server answers in time)."""
    if isinstance(schema, list):
        return [bounded(s, limit) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: bounded(v, limit) for k, v in schema.items()}
    if out.get("type") in ("integer", "number"):
        out.setdefault("maximum", limit)
        out.setdefault("minimum", -limit)
    return out
