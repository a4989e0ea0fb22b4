"""The courts server, driven through FastMCP's in-memory client with the spellings a model sends.

Every test runs against the `fastmcp` package's server and, with the same assertions, against
the official `mcp` package's `MCPServer` (its FastMCP), through that package's in-process client.
"""

from __future__ import annotations

import json
from typing import Any, Awaitable, Callable, Dict, List, Tuple

import anyio
import pytest

import agent_input
import courts_server

Call = Callable[[str, Dict[str, Any]], Awaitable[Tuple[bool, Dict[str, Any], str]]]


async def _with_fastmcp(scenario: Callable[[Call], Awaitable[None]]) -> None:
    from fastmcp import Client

    async with Client(courts_server.mcp) as client:

        async def call(name: str, args: Dict[str, Any]) -> Tuple[bool, Dict[str, Any], str]:
            result = await client.call_tool_mcp(name, args)
            text = result.content[0].text if result.content and hasattr(result.content[0], "text") else ""
            return bool(result.is_error), dict(result.structured_content or {}), str(text)

        await scenario(call)


async def _with_mcp(scenario: Callable[[Call], Awaitable[None]]) -> None:
    from mcp import Client

    async with Client(courts_server.official_server()) as client:

        async def call(name: str, args: Dict[str, Any]) -> Tuple[bool, Dict[str, Any], str]:
            result = await client.call_tool(name, args)
            text = result.content[0].text if result.content and hasattr(result.content[0], "text") else ""
            return bool(result.is_error), dict(result.structured_content or {}), str(text)

        await scenario(call)


SERVERS = {"fastmcp": _with_fastmcp, "mcp": _with_mcp}


def run(server: str, scenario: Callable[[Call], Awaitable[None]]) -> None:
    anyio.run(SERVERS[server], scenario)


def codes(items: List[Dict[str, Any]], path: str) -> List[str]:
    return [n["code"] for n in items if n.get("path") == path]


@pytest.mark.parametrize("server", SERVERS)
def test_model_spellings_are_repaired_with_notes(server: str) -> None:
    async def scenario(call: Call) -> None:
        is_error, result, text = await call(
            "search_decisions",
            {"query": "nájem", "limit": "4 000", "date_from": "1. 10. 2026", "court": "Nejvyssi soud", "cursor": "start"},
        )
        assert not is_error
        assert json.loads(text) == result, "the text content carries the same JSON"
        notes = result["notes"]
        assert codes(notes, "limit") == ["grouping_removed", "out_of_range_clamped"]
        assert [n["message"] for n in notes if n["path"] == "limit"][0] == 'Read "4 000" as 4000.'
        assert codes(notes, "date_from") == ["date_spelling_normalized"]
        assert codes(notes, "court") == ["vocabulary_value_read"]
        assert codes(notes, "cursor") == ["invented_cursor_read_as_absent"]
        page = result["result"]
        # The handler got NS (Nejvyšší soud), 2026-10-01 and the first page.
        assert [(d["court"], d["date"]) for d in page["items"]] == [
            ("NS", "2026-10-02"),
            ("NS", "2026-11-03"),
            ("NS", "2026-11-18"),
        ]
        assert (page["matched"], page["returned"], page["next_cursor"]) == (3, 3, None)
        # The page says what it withheld: nothing (all 3 returned), in date order, filtered by court.
        assert (page["partial"], page["sort"], page["filtered"]) == (False, "date asc", True)
        assert result["warnings"] == []

    run(server, scenario)


@pytest.mark.parametrize("server", SERVERS)
def test_null_is_absent_and_the_cursor_pages(server: str) -> None:
    async def scenario(call: Call) -> None:
        _, first, _ = await call("search_decisions", {"query": "nájem", "court": None, "limit": 2})
        assert codes(first["notes"], "court") == ["null_read_as_absent"]
        assert (first["result"]["matched"], first["result"]["returned"]) == (4, 2)
        cursor = first["result"]["next_cursor"]
        assert cursor.startswith("c1.")
        is_error, second, _ = await call("search_decisions", {"query": "nájem", "limit": 2, "cursor": cursor})
        assert not is_error and second["notes"] == []
        def ids(page: Dict[str, Any]) -> set[str]:
            return {d["id"] for d in page["result"]["items"]}

        assert ids(second).isdisjoint(ids(first)) and second["result"]["returned"] == 2
        # A damaged cursor asks, naming the restart, instead of silently serving page one again.
        is_error, envelope, _ = await call("search_decisions", {"query": "nájem", "cursor": cursor[:-2] + "xx"})
        assert is_error and envelope["issues"][0]["code"] == "invalid_cursor"
        assert "`cursor` left out to start again at page one" in envelope["issues"][0]["hint"]

    run(server, scenario)


@pytest.mark.parametrize("server", SERVERS)
def test_a_date_with_two_meanings_is_an_error_result_naming_the_next_call(server: str) -> None:
    async def scenario(call: Call) -> None:
        is_error, envelope, text = await call("search_decisions", {"query": "nájem", "date_to": "01/02/2026"})
        assert is_error
        assert json.loads(text) == envelope
        assert envelope["code"] == "ambiguous_arguments"
        assert envelope["hint"] == (
            'Call `search_decisions` again with `date_to` set to "2026-02-01" (1 February) or "2026-01-02" (2 January).'
        )
        assert [r["value"] for r in envelope["issues"][0]["readings"]] == ["2026-02-01", "2026-01-02"]

    run(server, scenario)


@pytest.mark.parametrize("server", SERVERS)
def test_a_missing_query_is_asked_for(server: str) -> None:
    async def scenario(call: Call) -> None:
        is_error, envelope, _ = await call("search_decisions", {"limit": 5})
        assert is_error and envelope["code"] == "missing_arguments"
        assert envelope["issues"][0]["path"] == "query"

    run(server, scenario)


@pytest.mark.parametrize("server", SERVERS)
def test_an_empty_page_under_a_court_filter_warns_with_the_courts_that_match(server: str) -> None:
    async def scenario(call: Call) -> None:
        is_error, result, _ = await call("search_decisions", {"query": "daň", "court": "Ústavní soud"})
        assert not is_error and result["result"]["items"] == [] and result["result"]["matched"] == 0
        assert [w["code"] for w in result["warnings"]] == ["no_hits_filtered"]
        assert result["warnings"][0]["values"] == ["NSS"]

    run(server, scenario)


@pytest.mark.parametrize("server", SERVERS)
def test_an_example_uuid_on_a_write_is_asked(server: str) -> None:
    async def scenario(call: Call) -> None:
        is_error, envelope, _ = await call(
            "update_decision_notes",
            {"decision_id": "123e4567-e89b-12d3-a456-426614174000", "idempotency_key": "notes-2026-10-01-a", "notes": "x"},
        )
        assert is_error
        assert envelope["issues"][0]["path"] == "decision_id"
        assert envelope["issues"][0]["code"] == "placeholder_on_write"
        assert envelope["hint"].startswith("Call `update_decision_notes` again with `decision_id` set to the real id")

    run(server, scenario)


@pytest.mark.parametrize("server", SERVERS)
def test_a_write_is_previewed_confirmed_and_replayed(server: str) -> None:
    async def scenario(call: Call) -> None:
        args = {
            "decision_id": "{0B5E7B0E-1C4A-4F6E-9A53-2F9E3C1D7A01}",
            "idempotency_key": f"notes-{server}-1",
            "notes": "  Precedent. ",
        }
        # `dry_run` left out: a preview, which changes nothing and carries the token.
        is_error, preview, _ = await call("update_decision_notes", args)
        assert not is_error
        decision = "0b5e7b0e-1c4a-4f6e-9a53-2f9e3c1d7a01"
        # (`notes_before` is what an earlier test of this process left; the two servers share it.)
        assert {k: v for k, v in preview["result"].items() if k != "notes_before"} == {
            "decision_id": decision,
            "created": False,
            "notes_after": "Precedent.",
        }
        assert codes(preview["notes"], "decision_id") == ["uuid_spelling_normalized"]
        assert codes(preview["notes"], "dry_run") == ["dry_run_preview"]
        token = preview["confirmation"]["confirm_token"]
        # A token the model invents is refused; the hint names the preview call.
        is_error, envelope, _ = await call("update_decision_notes", {**args, "dry_run": False, "confirm_token": "confirm"})
        assert is_error and envelope["code"] == "confirmation_required"
        assert envelope["issues"][0]["code"] == "confirm_token_missing"
        assert "`dry_run` set to true" in envelope["hint"]
        # The preview's token applies the change once; the retry replays the receipt.
        is_error, applied, _ = await call("update_decision_notes", {**args, "dry_run": False, "confirm_token": token})
        assert not is_error
        assert applied["result"] == {"decision_id": decision, "created": False}
        _, again, _ = await call("update_decision_notes", {**args, "dry_run": False, "confirm_token": token})
        assert again["result"] == applied["result"]
        assert codes(again["notes"], "idempotency_key") == ["receipt_replayed"]

    run(server, scenario)


def test_the_advertised_schema_is_the_specs() -> None:
    async def scenario() -> None:
        from fastmcp import Client

        async with Client(courts_server.mcp) as client:
            tools = {t.name: t for t in await client.list_tools()}
        assert tools["search_decisions"].input_schema == courts_server.SEARCH.input_schema()
        assert tools["update_decision_notes"].annotations is not None
        annotations = tools["update_decision_notes"].annotations
        assert annotations.read_only_hint is False
        assert (annotations.destructive_hint, annotations.idempotent_hint, annotations.open_world_hint) == (True, True, False)

    anyio.run(scenario)


def test_handlers_stay_plain_functions() -> None:
    call = courts_server.SEARCH.read({"query": "nájem", "date_from": "2026-10-03"})
    assert call.args is not None
    out = courts_server.search_decisions(**call.args, call=call)
    assert [(d["court"], d["date"]) for d in out["items"]] == [("NS", "2026-11-03"), ("NS", "2026-11-18")]
    assert isinstance(agent_input.read_number("4 000").value, int)


def _choose(index: int, asked: List[str]) -> Any:
    """An elicitation answer that picks the `index`-th reading offered, recording the question."""
    from mcp_types import ElicitResult

    def answer(message: str, schema: Dict[str, Any]) -> Any:
        asked.append(message)
        choice = schema["properties"]["value"]["oneOf"][index]["const"]
        return ElicitResult(action="accept", content={"value": choice})

    return answer


@pytest.mark.parametrize("server", SERVERS)
def test_an_ambiguous_date_is_asked_of_the_person_in_two_round_trips(server: str) -> None:
    asked: List[str] = []
    answer = _choose(1, asked)
    rounds: List[int] = []

    async def scenario() -> None:
        args = {"query": "nájem", "date_to": "01/02/2027"}
        if server == "mcp":
            from mcp import Client

            async def callback(context: Any, params: Any) -> Any:
                rounds.append(1)
                return answer(params.message, params.requested_schema)

            async with Client(courts_server.official_server(), elicitation_callback=callback) as client:
                assert client.protocol_version == "2026-07-28"
                result = await client.call_tool("search_decisions", args)
                structured = dict(result.structured_content or {})
                is_error = bool(result.is_error)
        else:
            from fastmcp import Client as FastMCPClient

            async def handler(message: str, response_type: Any, params: Any, context: Any) -> Any:
                rounds.append(1)
                return answer(message, params.requested_schema)

            async with FastMCPClient(courts_server.mcp, elicitation_handler=handler) as fclient:
                fresult = await fclient.call_tool_mcp("search_decisions", args)
                structured = dict(fresult.structured_content or {})
                is_error = bool(fresult.is_error)
        assert not is_error, structured
        assert codes(structured["notes"], "date_to") == ["reading_chosen_by_person"]
        # The person chose the second reading, 2 January 2027: every matching decision is before it.
        assert structured["result"]["matched"] == 4
        # One question, asked once: the call completed in two round trips.
        assert rounds == [1] and len(asked) == 1
        assert asked[0].startswith('"01/02/2027" (date to) can mean 1 February 2027 (day first)')

    anyio.run(scenario)


def test_a_client_without_elicitation_gets_the_envelope() -> None:
    async def scenario() -> None:
        from mcp import Client

        async with Client(courts_server.official_server()) as client:
            result = await client.call_tool("search_decisions", {"query": "nájem", "date_to": "01/02/2027"})
        assert result.is_error
        assert dict(result.structured_content or {})["code"] == "ambiguous_arguments"

    anyio.run(scenario)


def test_a_declined_question_goes_back_to_the_model() -> None:
    async def scenario() -> None:
        from mcp import Client
        from mcp_types import ElicitResult

        async def decline(context: Any, params: Any) -> Any:
            return ElicitResult(action="decline")

        async with Client(courts_server.official_server(), elicitation_callback=decline) as client:
            result = await client.call_tool("search_decisions", {"query": "nájem", "date_to": "01/02/2027"})
        assert result.is_error
        assert dict(result.structured_content or {})["issues"][0]["code"] == "answer_declined"

    anyio.run(scenario)
