"""The core's promises kept across the boundary (issue 35): a value that cannot cross as sent (a
lone surrogate, lists nested past the core's bound) is the core's ask, never an exception; a
tool call's envelope for it is the one `agent-input call` and JavaScript give for the same JSON
text; a cursor's lifetime is checked by the core, as the CLI checks it; and a read releases the
GIL by the work it can cost, so other threads run while it does."""

from __future__ import annotations

import datetime
import json
import sys
import threading
import time
from typing import Any, Callable, Dict, List

import pytest

import agent_input
from vectors import ROOT, set_vector_key

set_vector_key()
COURTS: List[Dict[str, Any]] = json.loads((ROOT / "tests" / "fixtures" / "czech_courts.json").read_text(encoding="utf-8"))
KEY = b"a server key of 16+ bytes"
TOOL_Q: Dict[str, Any] = {"name": "t", "properties": {"q": {"kind": "text"}}}

# The core's asks for a value it cannot read as sent (`Ask::for_json_error`), as JavaScript and
# the core's JSON reader give them.
NOT_UNICODE: Dict[str, Any] = {
    "status": "ask",
    "ask": {
        "code": "not_unicode",
        "received": None,
        "expected": "text of whole Unicode characters",
        "hint": "Call again with the value sent as text of whole characters (it holds a lone UTF-16 surrogate, half of a character).",
        "readings": [],
    },
    "notes": [],
    "warnings": [],
}

# `printf '%s' '{"q":"a\ud800b"}' | agent-input call --tool t.json`, byte for byte.
CLI_ENVELOPE: Dict[str, Any] = {
    "status": "error",
    "code": "invalid_arguments",
    "message": "`t` did not run: the arguments need a fix.",
    "hint": "Call `t` again with the arguments as one JSON object.",
    "issues": [
        {
            "path": "",
            "code": "invalid_request",
            "received": '{"q":"a\\ud800b"}',
            "expected": "the arguments as one JSON object in UTF-8; it holds a lone UTF-16 surrogate (half of a character) before byte 7",
            "hint": "Call `t` again with the arguments as one JSON object.",
        }
    ],
    "notes": [],
    "warnings": [],
}


def nested(levels: int, inner: Any = None) -> Any:
    """`levels` lists, one inside the other, the innermost holding `inner` (or empty)."""
    value: Any = [] if inner is None else inner
    for _ in range(levels - 1):
        value = [value]
    return value


def assert_too_deep(out: agent_input.Outcome[Any], what: str) -> None:
    assert out.status == "ask", what
    assert out.ask is not None and out.ask["code"] == "input_too_long", what
    assert out.ask["expected"] == "at most 64 levels of nested arrays and objects", what


# --- a lone surrogate -----------------------------------------------------------------------


@pytest.mark.parametrize("lone", ["a\ud800b", "\udc00", "x\ud83d", "\ude00\ud83d"])
def test_a_lone_surrogate_anywhere_asks_not_unicode(lone: str) -> None:
    codec = agent_input.CursorCodec(KEY)
    courts = agent_input.Vocabulary(COURTS)
    reads: List[Callable[[], agent_input.Outcome[Any]]] = [
        lambda: agent_input.read("text", lone),
        lambda: agent_input.read_text(lone),
        lambda: agent_input.read_list([lone]),
        lambda: agent_input.read_list(("ok", {lone: 1})),
        lambda: agent_input.read("date_range", {"from": "2020", "to": lone}),
        lambda: agent_input.Reader("text").read(lone),
        lambda: agent_input.Reader("list").read([[lone]]),
        lambda: courts.read(lone),
        lambda: courts.read([lone], role="filter"),
        lambda: codec.read(lone),
        lambda: codec.read({"after": lone}),
    ]
    for i, read in enumerate(reads):
        assert read().to_dict() == NOT_UNICODE, i
    options: Dict[str, Dict[str, Any]] = {
        "enum": {"values": ["a"]},
        "vocabulary": {"entries": COURTS},
        "cursor": {"key_env": "AGENT_INPUT_VECTOR_KEY"},
    }
    for kind in agent_input.KINDS:
        assert agent_input.read(kind, lone, **options.get(kind, {})).to_dict() == NOT_UNICODE, kind


def test_a_batch_line_holding_a_lone_surrogate_is_not_utf8() -> None:
    line = agent_input.read_line('{"kind": "text", "input": "a\ud800b"}')
    assert line.ask is not None and line.ask["code"] == "invalid_request"
    assert "byte 28 is not UTF-8" in line.ask["hint"]
    # Its escape is the core's own ask for a line (tests/vectors/batch.json).
    escaped = agent_input.read_line('{"kind": "text", "input": "a\\ud800b"}')
    assert escaped.ask is not None and escaped.ask["code"] == "not_unicode"


def test_a_surrogate_pair_is_one_character() -> None:
    # A high and a low surrogate in a row are the UTF-16 of one character, as JSON reads them.
    assert agent_input.read_text("\ud83d\ude00").value == "\U0001f600"
    assert agent_input.read_list(["\ud83d\ude00"]).value == ["\U0001f600"]


def test_a_lone_surrogate_in_a_call_is_the_clis_envelope() -> None:
    tool = agent_input.Tool.from_spec(TOOL_Q)
    call = tool.read({"q": "a\ud800b"})
    assert call.to_dict() == CLI_ENVELOPE
    assert tool.read_json('{"q":"a\\ud800b"}').to_dict() == CLI_ENVELOPE
    assert call.to_call_tool_result()["isError"] is True
    assert tool.read({"\udc00": 1}).issues[0]["code"] == "invalid_request"
    assert "lone UTF-16 surrogate" in tool.read({"q": ["x", {"y": "\ud800"}]}).issues[0]["expected"]
    # The arguments of a question to a person and of its answer.
    asking = agent_input.Tool.from_spec({**TOOL_Q, "answered_by": "user"}, codec=agent_input.CursorCodec(KEY))
    assert asking.ask_person(call, {"q": "a\ud800b"}) is None
    assert asking.read_answers({"q": "a\ud800b"}, {}, "state").to_dict() == CLI_ENVELOPE
    # A raw body holding a lone surrogate itself (not its escape) is not UTF-8.
    raw = tool.read_json('{"q":"a\ud800b"}')
    assert raw.issues[0]["code"] == "invalid_request"
    assert raw.issues[0]["expected"].endswith("byte 7 is not UTF-8")


# --- deep nesting ---------------------------------------------------------------------------


@pytest.mark.parametrize("levels", [65, 1000, 100_000])
def test_nesting_past_64_levels_asks_at_any_depth(levels: int) -> None:
    deep = nested(levels)
    assert_too_deep(agent_input.read_list(deep), "list")
    assert_too_deep(agent_input.read_text(nested(levels, ["x"])), "text")
    assert_too_deep(agent_input.Reader("list").read({"a": deep}), "Reader")
    assert_too_deep(agent_input.Vocabulary(COURTS).read(deep), "Vocabulary")
    assert_too_deep(agent_input.CursorCodec(KEY).read(deep), "CursorCodec")
    objects: Any = {}
    for _ in range(levels):
        objects = {"a": objects}
    assert_too_deep(agent_input.read_list(objects), "dicts")
    tuples: Any = ()
    for _ in range(levels):
        tuples = (tuples,)
    assert_too_deep(agent_input.read_list(tuples), "tuples")


def not_too_deep(out: agent_input.Outcome[Any]) -> bool:
    return out.ask is None or "levels of nested" not in out.ask["expected"]


def test_the_depth_bound_is_the_cores() -> None:
    # 64 levels read (as whatever the kind makes of them).
    assert not_too_deep(agent_input.read_list(nested(64, ["x"])))
    # As the core reads JSON text: an empty dict one level past the bound is no deeper, an empty
    # list is.
    assert not_too_deep(agent_input.read_list(nested(65, {})))
    assert_too_deep(agent_input.read_list(nested(65, [])), "an empty list one level past the bound")


@pytest.mark.parametrize("levels, inner, byte", [(64, [], 69), (64, ["x"], 68), (1000, [], 68), (100_000, [{}], 68)])
def test_a_call_nested_past_64_levels_is_the_clis_envelope(levels: int, inner: Any, byte: int) -> None:
    tool = agent_input.Tool.from_spec(TOOL_Q)
    call = tool.read({"q": nested(levels, inner)})
    assert call.status == "error"
    issue = call.issues[0]
    assert (issue["code"], issue["path"]) == ("invalid_request", "")
    # `{"q":` then the lists: the 64th is the 65th level, at byte 5 + 63 (the core stops after an
    # empty one's `]`), the byte `agent-input call` names in the whole text.
    assert issue["expected"] == f"the arguments as one JSON object in UTF-8; it nests more than 64 levels deep at byte {byte}"
    whole = '{"q":' + "[" * (levels - 1) + json.dumps(inner, separators=(",", ":")) + "]" * (levels - 1) + "}"
    assert issue["expected"] == tool.read_json(whole).issues[0]["expected"]
    # The text JavaScript writes for the same value (no deeper than the core reads it).
    assert issue["received"].startswith('{"q":[[[[')


def test_a_call_one_level_inside_the_bound_reads() -> None:
    tool = agent_input.Tool.from_spec(TOOL_Q)
    assert tool.read({"q": nested(63)}).issues[0]["path"] == "q"
    objects: Any = {"k": 1}
    for _ in range(64):
        objects = {"a": objects}
    assert tool.read(objects).issues[0]["expected"] == tool.read_json(json.dumps(objects, separators=(",", ":"))).issues[0]["expected"]


# --- a cursor's lifetime ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "lifetime, message",
    [
        ({"ttl": 0}, "invalid cursor expiry: a ttl of 0 would issue an expired cursor; give a positive number of seconds"),
        ({"ttl": datetime.timedelta(0)}, "a ttl of 0 would issue an expired cursor"),
        ({"expires_at": 0}, "invalid cursor expiry: expires_at 0 is not in the future (now is "),
        ({"expires_at": int(time.time()) - 1}, "is not in the future"),
        ({"ttl": 5, "expires_at": 2**40}, "invalid cursor expiry: give a ttl or an expiry time (expires_at), not both"),
        ({"ttl": -1}, "invalid cursor expiry: `ttl` must be a whole number of seconds, 0 or more (an int or a timedelta), found -1"),
        ({"ttl": 1.5}, "`ttl` must be a whole number of seconds, 0 or more (an int or a timedelta), found 1.5"),
        ({"ttl": 10**30}, "found 1000000000000000000000000000000"),
        ({"ttl": True}, "found True"),
        ({"ttl": "60"}, "found '60'"),
        ({"ttl": datetime.timedelta(seconds=-1)}, "found datetime.timedelta(days=-1, seconds=86399)"),
        ({"expires_at": -1}, "`expires_at` must be a whole number of seconds, 0 or more (an int), found -1"),
        ({"expires_at": 1.5e12}, "`expires_at` must be a whole number of seconds"),
        ({"expires_at": 2**64}, "`expires_at` must be a whole number of seconds"),
    ],
)
def test_a_cursors_lifetime_is_the_cores_check(lifetime: Dict[str, Any], message: str) -> None:
    codec = agent_input.CursorCodec(KEY)
    for payload in [{}, b"\x01"]:
        with pytest.raises(agent_input.InvalidOptionsError) as refused:
            codec.encode(payload, **lifetime)
        assert message in str(refused.value)
        assert refused.value.code == "invalid_options" and isinstance(refused.value, ValueError)


def test_a_cursor_lives_as_asked() -> None:
    codec = agent_input.CursorCodec(KEY)
    now = int(time.time())
    assert codec.read(codec.encode({}), now=2**62).value == {}
    assert codec.read(codec.encode({}, 60), now=now + 120).status == "ask"
    assert codec.read(codec.encode({}, datetime.timedelta(microseconds=1)), now=now).value == {}
    assert codec.read(codec.encode({}, expires_at=now + 60), now=now).value == {}


# --- the GIL ----------------------------------------------------------------------------------


def progress_during(read: Callable[[], Any], tries: int = 500) -> List[int]:
    """How far a counting thread gets while `read` runs on this thread, for each read until one
    lets it count (at most `tries`): its count just after the read less its count just before
    it. The counter gives the GIL up at every step (`time.sleep(0)`) and the switch interval is
    set far longer than the test, so this thread is never made to give the GIL up between the
    two counts: the counter counts only while the read itself has released the GIL. No clock is
    read. On a busy machine the counter may not be scheduled during one short read, so a read
    that released the GIL can count nothing: `tries` reads give it the chance (500 by default: a
    loaded 2-core machine left the counter unscheduled through 50 reads of 2 ms; the control
    below keeps the GIL through 50 reads and counts nothing in any)."""
    count = [0]
    stop = threading.Event()

    def counter() -> None:
        while not stop.is_set():
            count[0] += 1
            time.sleep(0)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(60.0)
    thread = threading.Thread(target=counter)
    thread.start()
    try:
        while count[0] == 0:
            time.sleep(0.001)
        progress: List[int] = []
        while len(progress) < tries and sum(progress) == 0:
            before = count[0]
            read()
            progress.append(count[0] - before)
        return progress
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(interval)


VALUES: List[str] = [f"value_{i:04d}_{'abcdefghij'[i % 10] * 4}" for i in range(1000)]
ITEMS: Dict[str, Any] = {"kind": "enum", "values": VALUES}
# Under 4,000 bytes of a list of enum values, most of them unknown (each asks for suggestions
# among 1,000 values): milliseconds of work, which the binding once did holding the GIL
# throughout (it released it only for inputs of 4,096 bytes and more).
TEXT = ", ".join(["value_0001_bbbb", "valeu_0500", "nope"] * 300)[:3900]


def test_a_long_read_lets_another_thread_run() -> None:
    items = agent_input.Reader("list", item=ITEMS)
    assert items.read(TEXT).status == "ask"
    assert sum(progress_during(lambda: items.read(TEXT))) > 0
    assert sum(progress_during(lambda: agent_input.read_list(TEXT, item=ITEMS))) > 0


def test_a_tool_call_and_a_vocabulary_read_let_another_thread_run() -> None:
    tool = agent_input.Tool.from_spec({"name": "t", "properties": {"sort": {"kind": "list", "item": ITEMS}}})
    assert sum(progress_during(lambda: tool.read({"sort": TEXT}))) > 0
    assert sum(progress_during(lambda: tool.read_json(json.dumps({"sort": TEXT})))) > 0
    # 5,000 entries, and a name none of them has: milliseconds of suggestions.
    courts = agent_input.Vocabulary([{"id": f"E{i}", "names": [f"Okresni soud cislo {i} v meste {i * 7}"]} for i in range(5000)])
    assert sum(progress_during(lambda: courts.read("Okresny sud cislo 4999 v miste 9"))) > 0


def test_a_short_scalar_read_keeps_the_gil() -> None:
    # The control: a read that keeps the GIL lets the counter make no progress at all, which is
    # what the test above would see of a long read that kept it.
    number = agent_input.Reader("number")
    assert progress_during(lambda: number.read("4 000"), tries=50) == [0] * 50


SCALARS: Dict[str, Any] = {
    "name": "search",
    "properties": {
        "query": {"kind": "text", "required": True},
        "date_from": {},
        "limit": {"max": 50},
        "country": {},
        "sort": {"kind": "enum", "values": ["relevance", "date_desc"]},
        "court": {"kind": "vocabulary", "entries": [{"id": "NS", "names": ["Nejvyšší soud", "Supreme Court"]}]},
    },
}


def test_a_short_call_of_scalar_kinds_keeps_the_gil() -> None:
    # At most KEEP_GIL_MAX_BYTES (256) of keys and values, every property a scalar kind: the call
    # costs what a short scalar read costs, and is read as one is, holding the GIL.
    tool = agent_input.Tool.from_spec(SCALARS)
    call = {"query": " nájem ", "dateFrom": "1. 10. 2026", "limit": "4 000", "country": "Česko", "sort": "Date Desc", "court": "Nejvyssi soud"}
    assert tool.read(call).ok and len(json.dumps(call, ensure_ascii=False).encode()) < 256
    assert progress_during(lambda: tool.read(call), tries=50) == [0] * 50
    assert progress_during(lambda: tool.read_json(json.dumps(call)), tries=50) == [0] * 50
    assert progress_during(lambda: tool.read(), tries=50) == [0] * 50
    # Arguments that are no dict (read on their own, not into the tool's kept ones): the envelope.
    assert tool.read(("query", "x")).status == "error"
    assert progress_during(lambda: tool.read(("query", "x")), tries=50) == [0] * 50
    # A vocabulary of at most KEEP_GIL_MAX_VOCABULARY_NAMES (256) names, read alone.
    courts = agent_input.Vocabulary([{"id": f"E{i}", "names": [f"Okresni soud cislo {i}"]} for i in range(100)])
    assert courts.read("Okresny sud cislo 99").status == "ask"
    assert progress_during(lambda: courts.read("Okresny sud cislo 99"), tries=50) == [0] * 50


def test_a_long_call_or_a_tool_of_collections_releases_the_gil() -> None:
    # Past 256 bytes: 2,000 of them over eight date properties, unknown words each read and asked
    # about (about 2 ms of work).
    tool = agent_input.Tool.from_spec({"name": "t", "properties": {f"d{i}": {"kind": "date"} for i in range(8)}})
    long = {f"d{i}": ("the eleventh moon of Octobrrr after quux " * 7)[:250] for i in range(8)}
    assert tool.read(long).status == "error"
    assert sum(progress_during(lambda: tool.read(long))) > 0
    assert sum(progress_during(lambda: tool.read_json(json.dumps(long)))) > 0
    # A short call to a tool with a vocabulary: its read works by 5,000 entries.
    courts = [{"id": f"E{i}", "names": [f"Okresni soud cislo {i} v meste {i * 7}"]} for i in range(5000)]
    with_courts = agent_input.Tool.from_spec({"name": "t", "properties": {"court": {"kind": "vocabulary", "entries": courts}}})
    assert sum(progress_during(lambda: with_courts.read({"court": "Okresny sud cislo 4999 v miste 9"}))) > 0



def test_a_spec_given_as_text_holding_a_key_twice_is_refused() -> None:
    # serde_json kept the last `q`; the spec is the programmer's, so it is a typed error naming it.
    text = '{"name": "t", "properties": {"q": {"kind": "number"}, "q": {"kind": "text"}}}'
    with pytest.raises(agent_input.InvalidOptionsError, match=r"`properties\.q` twice"):
        agent_input.Tool.from_spec(text)
    assert agent_input.Tool.from_spec('{"name": "t", "properties": {"q": {"kind": "text"}}}').name == "t"
