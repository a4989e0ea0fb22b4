"""Reads through the Python binding beside what a Python author would otherwise call.

A script, not a test: it prints, per case, the median time per call of agent-input and of each
peer in the same run, their runs taken in turn, and the median of the runs' ratios (how many
times faster agent-input is; below 1 it is slower), against the issue's targets. Every subject's result is checked once before it is
timed, so a broken path cannot look fast.

    python benches/python/bench.py            # needs: agent-input (pip install ./bindings/python),
                                              # pydantic, dateparser, python-dateutil, babel,
                                              # pycountry, langcodes

The split of a read's time between the boundary and the core: `floor/pyo3_noop` is a Python
call into the extension that does nothing, `*/read_only` is the read without turning the value
into a native, and the core's own time for the same spelling is in BENCHMARKS.md (criterion).
"""

from __future__ import annotations

import datetime
import statistics
import subprocess
import sys
import timeit
import uuid
from decimal import Decimal
from typing import Any, Callable, Dict, List, Optional, Tuple

import agent_input

REPEAT = 7
TARGET_SECONDS = 0.15


def per_call_ns(fn: Callable[[], Any]) -> float:
    """The median time of one call, in nanoseconds."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, int(number * TARGET_SECONDS / 0.2))
    runs = timer.repeat(repeat=REPEAT, number=number)
    return statistics.median(runs) / number * 1e9


def batch(fn: Callable[[], Any]) -> Tuple[timeit.Timer, int]:
    """A timer of `fn` and how many calls make one run of about TARGET_SECONDS."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    return timer, max(1, int(number * TARGET_SECONDS / 0.2))


def paired(ours: Callable[[], Any], peer: Callable[[], Any]) -> Tuple[float, float, float]:
    """Both subjects' median times per call (ns) and the median of their ratios (peer over
    ours), their runs taken in turn so that the machine's slower and faster moments fall on
    both alike."""
    (t_ours, n_ours), (t_peer, n_peer) = batch(ours), batch(peer)
    a: List[float] = []
    b: List[float] = []
    for _ in range(REPEAT):
        a.append(t_ours.timeit(n_ours) / n_ours * 1e9)
        b.append(t_peer.timeit(n_peer) / n_peer * 1e9)
    return statistics.median(a), statistics.median(b), statistics.median(y / x for x, y in zip(a, b))


def checked(name: str, fn: Callable[[], Any], expect: Any) -> Callable[[], Any]:
    got = fn()
    assert got == expect, f"{name}: got {got!r}, expected {expect!r}"
    return fn


def fmt(ns: float) -> str:
    return f"{ns / 1000:.2f} µs" if ns >= 1000 else f"{ns:.0f} ns"


ROWS: List[Tuple[str, float, str, float, str]] = []


def compare(
    case: str, ours: Callable[[], Any], peer_name: str, peer: Callable[[], Any], target: str = "", per: int = 1
) -> None:
    """One row: `per` is how many reads one call of `peer` makes (its time is divided by it)."""
    a, b, ratio = paired(ours, peer)
    b, ratio = b / per, ratio / per
    ROWS.append((case, a, peer_name, b, target))
    print(f"{case:<38} {fmt(a):>10}   {peer_name:<34} {fmt(b):>10}   {ratio:8.2f}x   {target}", flush=True)


def alone(case: str, fn: Callable[[], Any]) -> float:
    ns = per_call_ns(fn)
    print(f"{case:<38} {fmt(ns):>10}", flush=True)
    return ns


def beside_busy_thread(fn: Callable[[], Any], calls: int = 200) -> float:
    """The median time of one call of `fn` (ns) while another thread runs Python code."""
    import threading

    stop = threading.Event()

    def busy() -> None:
        n = 0
        while not stop.is_set():
            n += 1

    thread = threading.Thread(target=busy)
    thread.start()
    try:
        times: List[float] = []
        for _ in range(calls):
            t = timeit.default_timer()
            fn()
            times.append((timeit.default_timer() - t) * 1e9)
        return statistics.median(times)
    finally:
        stop.set()
        thread.join()


def import_time_ms(runs: int = 15) -> float:
    code = "import time; t = time.perf_counter(); import agent_input; print(time.perf_counter() - t)"
    samples = [float(subprocess.check_output([sys.executable, "-c", code], text=True)) for _ in range(runs)]
    return statistics.median(samples) * 1000


def main() -> None:
    from babel.numbers import parse_decimal
    import dateparser
    import dateutil.parser
    import langcodes
    import pycountry
    from pydantic import BaseModel, BeforeValidator, TypeAdapter
    from typing_extensions import Annotated

    print(f"agent-input Python binding, Python {sys.version.split()[0]}; median of {REPEAT} runs per call\n")
    print(f"{'case':<38} {'agent-input':>10}   {'peer':<34} {'peer time':>10}   {'ratio':>8}   target")

    # The floor of any call into the extension.
    alone("floor/pyo3_noop (MISSING.__bool__)", agent_input.MISSING.__bool__)

    date_reader = agent_input.Reader("date")
    number_reader = agent_input.Reader("number")
    bool_reader = agent_input.Reader("boolean")
    uuid_reader = agent_input.Reader("uuid")
    country_reader = agent_input.Reader("country")
    locale_reader = agent_input.Reader("locale")
    oct1 = datetime.date(2026, 10, 1)

    ta_date = TypeAdapter(datetime.date)
    alone("date/iso/read_only", lambda: date_reader.read("2026-10-01"))
    compare(
        "date/iso",
        checked("ours", lambda: date_reader.read("2026-10-01").value, oct1),
        "pydantic TypeAdapter(date)",
        checked("pydantic", lambda: ta_date.validate_python("2026-10-01"), oct1),
        "within 1.5x (ratio >= 0.67)",
    )
    alone("date/dotted/read_only", lambda: date_reader.read("1. 10. 2026"))
    ours_dotted = checked("ours", lambda: date_reader.read("1. 10. 2026").value, oct1)
    compare(
        "date/dotted",
        ours_dotted,
        "dateparser.parse (cs, en, DMY)",
        checked(
            "dateparser",
            lambda: dateparser.parse("1. 10. 2026", languages=["cs", "en"], settings={"DATE_ORDER": "DMY"}).date(),  # type: ignore[union-attr]
            oct1,
        ),
        ">= 1000x",
    )
    compare(
        "date/dotted",
        ours_dotted,
        "dateutil.parser.parse(dayfirst)",
        checked("dateutil", lambda: dateutil.parser.parse("1. 10. 2026", dayfirst=True).date(), oct1),
        ">= 30x",
    )

    alone("number/grouped/read_only", lambda: number_reader.read("4 000"))
    compare(
        "number/grouped",
        checked("ours", lambda: number_reader.read("4 000").value, 4000),
        "babel.numbers.parse_decimal (cs)",
        checked("babel", lambda: parse_decimal("4 000", locale="cs_CZ"), Decimal(4000)),
        ">= 8x",
    )
    ta_int = TypeAdapter(int)
    compare(
        "number/clean",
        checked("ours", lambda: number_reader.read("4000").value, 4000),
        "pydantic TypeAdapter(int)",
        checked("pydantic", lambda: ta_int.validate_python("4000"), 4000),
    )
    ta_bool = TypeAdapter(bool)
    compare(
        "boolean/clean",
        checked("ours", lambda: bool_reader.read("true").value, True),
        "pydantic TypeAdapter(bool)",
        checked("pydantic", lambda: ta_bool.validate_python("true"), True),
    )
    ta_uuid = TypeAdapter(uuid.UUID)
    uid = "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01"
    compare(
        "uuid/clean (ours: str, pydantic: UUID)",
        checked("ours", lambda: uuid_reader.read(uid).value, uid),
        "pydantic TypeAdapter(UUID)",
        checked("pydantic", lambda: ta_uuid.validate_python(uid), uuid.UUID(uid)),
    )
    compare(
        "country/name_en",
        checked("ours", lambda: country_reader.read("Czechia").value, "CZ"),
        "pycountry.countries.lookup",
        checked("pycountry", lambda: pycountry.countries.lookup("Czechia").alpha_2, "CZ"),
    )
    compare(
        "locale/posix",
        checked("ours", lambda: locale_reader.read("cs_CZ").value, "cs-CZ"),
        "langcodes.standardize_tag",
        checked("langcodes", lambda: langcodes.standardize_tag("cs_CZ"), "cs-CZ"),
    )

    # A whole call of 8 properties with the spellings a model sends.
    search: Dict[str, Any] = {
        "name": "search",
        "properties": {
            "query": {"kind": "text", "required": True},
            "date_from": {},
            "date_to": {},
            "limit": {"max": 5000},
            "country": {},
            "locale": {},
            "decision_id": {},
            "include_dissents": {"kind": "boolean"},
        },
    }
    tool = agent_input.Tool.from_spec(search)
    model_args: Dict[str, Any] = {
        "query": "nájem bytu",
        "date_from": "1. 10. 2026",
        "date_to": "31. 12. 2026",
        "limit": "4 000",
        "country": "Czechia",
        "locale": "cs_CZ",
        "decision_id": "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}",
        "include_dissents": "yes",
    }
    canonical_args: Dict[str, Any] = {
        "query": "nájem bytu",
        "date_from": "2026-10-01",
        "date_to": "2026-12-31",
        "limit": 4000,
        "country": "CZ",
        "locale": "cs-CZ",
        "decision_id": uid,
        "include_dissents": True,
    }
    expect = {
        "query": "nájem bytu",
        "date_from": oct1,
        "date_to": datetime.date(2026, 12, 31),
        "limit": 4000,
        "country": "CZ",
        "locale": "cs-CZ",
        "decision_id": uid,
        "include_dissents": True,
    }

    class Plain(BaseModel):
        query: str
        date_from: Optional[datetime.date] = None
        date_to: Optional[datetime.date] = None
        limit: int = 20
        country: Optional[str] = None
        locale: Optional[str] = None
        decision_id: Optional[uuid.UUID] = None
        include_dissents: Optional[bool] = None

    def day_first(v: Any) -> Any:
        return dateutil.parser.parse(v, dayfirst=True).date() if isinstance(v, str) else v

    def grouped(v: Any) -> Any:
        return int(parse_decimal(v, locale="cs_CZ")) if isinstance(v, str) else v

    def to_country(v: Any) -> Any:
        return pycountry.countries.lookup(v).alpha_2 if isinstance(v, str) else v

    def to_locale(v: Any) -> Any:
        return langcodes.standardize_tag(v) if isinstance(v, str) else v

    class Bolted(BaseModel):
        query: str
        date_from: Annotated[Optional[datetime.date], BeforeValidator(day_first)] = None
        date_to: Annotated[Optional[datetime.date], BeforeValidator(day_first)] = None
        limit: Annotated[int, BeforeValidator(grouped)] = 20
        country: Annotated[Optional[str], BeforeValidator(to_country)] = None
        locale: Annotated[Optional[str], BeforeValidator(to_locale)] = None
        decision_id: Optional[uuid.UUID] = None
        include_dissents: Optional[bool] = None

    def bolted_dump(args: Dict[str, Any]) -> Dict[str, Any]:
        m = Bolted.model_validate(args)
        return {**m.model_dump(), "decision_id": str(m.decision_id)}

    def plain_rejects() -> bool:
        try:
            Plain.model_validate(model_args)
        except Exception:
            return True
        return False

    alone("tool/call8_model/read_only", lambda: tool.read(model_args))
    # The core's own read of the same call inside the extension: N reads per Python call.
    n = 100
    assert tool._bench_read(model_args, n) == n
    compare(
        "tool/call8_model",
        checked("ours", lambda: tool.read(model_args).args, expect),
        "the core's read, inside the extension",
        lambda: tool._bench_read(model_args, n),
        "within 1.3x (ratio >= 0.77)",
        per=n,
    )
    ours_call = checked("ours", lambda: tool.read(model_args).args, expect)
    compare(
        "tool/call8_model",
        ours_call,
        "pydantic + bolted-on validators",
        checked("bolted", lambda: bolted_dump(model_args), expect),
        "< 2 µs and >= 25x",
    )
    compare("tool/call8_model", ours_call, "pydantic plain (rejects the call)", checked("plain", plain_rejects, True))
    compare(
        "tool/call8_canonical",
        checked("ours", lambda: tool.read(canonical_args).args, expect),
        "pydantic plain",
        checked("plain", lambda: {**Plain.model_validate(canonical_args).model_dump(), "decision_id": uid}, expect),
    )

    # Beside a thread that runs Python code: a call read holding the GIL takes its own time; one
    # that releases it waits to take it back, up to the interpreter's switch interval (5 ms).
    # The second tool is the same with a list property declared (not sent): its calls release.
    with_list = agent_input.Tool.from_spec({**search, "properties": {**search["properties"], "tags": {"kind": "list"}}})
    held = beside_busy_thread(lambda: tool.read(model_args).args)
    released = beside_busy_thread(lambda: with_list.read(model_args).args)
    print(f"\ntool/call8_model beside a busy thread (median of 200 calls): {fmt(held)} holding the GIL "
          f"(a short call of scalar kinds), {fmt(released)} releasing it (the tool with a list property)")

    ms = import_time_ms()
    print(f"\nimport agent_input: {ms:.2f} ms (median of 15 fresh interpreters; target < 10 ms)")


if __name__ == "__main__":
    main()
