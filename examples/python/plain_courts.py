"""The court-decisions tools as a plain server author writes them, with no agent-input in them:
the data, the search, the receipts of the writing tool and the server's own page cursors (an
HMAC over the offset, keyed by `COURTS_CURSOR_KEY`, as `examples/js/plain_courts.js` makes
them). `plain_fastmcp.py` and `plain_mcpserver.py` declare the tools with typed signatures
over these functions, then make the server lenient with one line.

Same data and output as the spec servers: the search returns `{"matched", "returned",
"decisions", "next_cursor"}`, the write a receipt `{"decision_id", "created", "replayed"}`.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import hmac
import json
import os
import sys
import unicodedata
from pathlib import Path
from typing import Any, Dict, List, Optional

from typing_extensions import TypedDict  # pydantic reads `typing.TypedDict` only on Python 3.12+

ROOT = Path(__file__).resolve().parents[2]

#: The courts vocabulary (ids NS, NSS, US, ...): what `lenient(..., overrides=...)` reads `court` through.
COURTS: List[Dict[str, Any]] = json.loads((ROOT / "tests" / "fixtures" / "czech_courts.json").read_text(encoding="utf-8"))
DECISIONS: List[Decision] = json.loads((ROOT / "examples" / "data" / "decisions.json").read_text(encoding="utf-8"))



class Decision(TypedDict):
    """One decision as the search returns it."""

    id: str
    court: str
    date: str
    title: str


class Page(TypedDict):
    """A page of the search: what matched, what this page returns, and the next page's cursor."""

    matched: int
    returned: int
    decisions: List[Decision]
    next_cursor: Optional[str]


class Receipt(TypedDict):
    """What a write did: the decision it wrote, whether it created it, whether it replayed."""

    decision_id: str
    created: bool
    replayed: bool


SEARCH_DESCRIPTION = (
    "Search Czech court decisions by words of their title, the court and the decision date. Pages with `cursor`: "
    "send the previous result's `next_cursor` unchanged, or leave it out for the first page."
)
UPDATE_DESCRIPTION = (
    "Replace the notes of one decision, or create a decision when `decision_id` is left out. A retry with the same "
    "`idempotency_key` replays the first result."
)


def cursor_key() -> bytes:
    """The key that signs page cursors: `COURTS_CURSOR_KEY`, or a random one with a warning on
    stderr (stdout is the JSON-RPC stream), so that cursors then work until the server restarts."""
    key = os.environ.get("COURTS_CURSOR_KEY")
    if key:
        return key.encode("utf-8")
    print(
        "warning: COURTS_CURSOR_KEY is not set; page cursors are signed with a random key and stop working when the server restarts",
        file=sys.stderr,
    )
    return os.urandom(32)


def _words(text: str) -> str:
    """The words of a text as the search compares them: lower case, without diacritics."""
    stripped = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join(stripped.lower().split())


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


class Courts:
    """The tools' functions over one key and one store of receipts."""

    def __init__(self, key: bytes) -> None:
        self._key = key
        self.receipts: Dict[str, Receipt] = {}
        self.notes: Dict[str, str] = {}

    def _sign(self, payload: str) -> str:
        return _b64(hmac.new(self._key, payload.encode("ascii"), hashlib.sha256).digest())

    def encode_cursor(self, after: int) -> str:
        payload = _b64(json.dumps({"after": after}, separators=(",", ":")).encode("utf-8"))
        return f"{payload}.{self._sign(payload)}"

    def decode_cursor(self, cursor: str) -> int:
        payload, _, mac = cursor.partition(".")
        if not mac or not hmac.compare_digest(mac, self._sign(payload)):
            raise ValueError(
                "invalid cursor: send the previous page's next_cursor unchanged, or leave cursor out to start again at page one"
            )
        return int(json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))["after"])

    def search(
        self,
        query: str,
        court: Optional[str],
        date_from: Optional[datetime.date],
        date_to: Optional[datetime.date],
        limit: int,
        cursor: Optional[str],
    ) -> Page:
        words = _words(query)
        matched = [
            d
            for d in DECISIONS
            if words in _words(d["title"])
            and (court is None or d["court"] == court)
            and (date_from is None or d["date"] >= date_from.isoformat())
            and (date_to is None or d["date"] <= date_to.isoformat())
        ]
        start = min(0 if cursor is None else self.decode_cursor(cursor), len(matched))
        page = matched[start : start + limit]
        after = start + len(page)
        return {
            "matched": len(matched),
            "returned": len(page),
            "decisions": [{"id": d["id"], "court": d["court"], "date": d["date"], "title": d["title"]} for d in page],
            "next_cursor": self.encode_cursor(after) if after < len(matched) else None,
        }

    def update_notes(self, idempotency_key: str, notes: str, decision_id: Optional[str]) -> Receipt:
        first = self.receipts.get(idempotency_key)
        if first is not None:
            return {**first, "replayed": True}
        created = decision_id is None
        id_ = decision_id or f"created-{len(self.receipts) + 1}"
        if not created and not any(d["id"] == id_ for d in DECISIONS):
            raise ValueError(f"no decision has the id {id_}; call `search_decisions` to find the decision's id")
        self.notes[id_] = notes
        self.receipts[idempotency_key] = {"decision_id": id_, "created": created, "replayed": False}
        return self.receipts[idempotency_key]
