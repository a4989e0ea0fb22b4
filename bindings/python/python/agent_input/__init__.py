"""agent-input: the lenient reader of each value kind, for the tool boundary of MCP servers.

A language model spells values the way its training data did (`"4 000"`, `"1. 10. 2026"`,
`"ano"`, `null`). Every spelling with one meaning is read, with a note; a spelling with two
meanings returns an *ask* naming every reading. This package is a thin binding of the Rust
core: every read is the core's, so Python reads exactly as Rust, the CLI and JavaScript do.

    >>> import agent_input
    >>> out = agent_input.read_number("4 000")
    >>> out.value, out.notes[0]["message"]
    (4000, 'Read "4 000" as 4000.')

Reads never raise on bad input; misuse (an unknown kind, invalid options, a short cursor key)
raises `AgentInputError` subclasses with the core's message.
"""

from ._agent_input import (
    ASK_CODES,
    ENVELOPE_CODES,
    KINDS,
    MISSING,
    MRTR_VERSION,
    NOTE_CODES,
    NOTES_META,
    WARNING_CODES,
    WARNINGS_META,
    AgentInputError,
    Call,
    CursorCodec,
    InvalidOptionsError,
    MemoryReceipts,
    Missing,
    Outcome,
    Protocol,
    Reader,
    PostgresReceipts,
    RedisReceipts,
    SqliteReceipts,
    Tool,
    ToolCall,
    UnknownKindError,
    Vocabulary,
    can_ask,
    fold,
    no_hits_filtered,
    read,
    read_line,
)
from .failures import RateLimited, ToolFailure, UpstreamUnavailable
from ._kinds import *  # noqa: F403
from ._kinds import TYPE_NAMES as _TYPE_NAMES
from ._kinds import __all__ as _kinds_all

# The generated types (`Kind`, `NoteDict`, `Spec`, ...) load on first use: importing `typing`,
# `decimal` and `datetime` up front would triple the time of `import agent_input`.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._types import *  # noqa: F403


def __getattr__(name: str) -> object:
    """Loads a generated type on first use (PEP 562)."""
    if name in _TYPE_NAMES:
        from . import _types

        return getattr(_types, name)
    raise AttributeError(f"module 'agent_input' has no attribute {name!r}")

__all__ = [
    "ASK_CODES",
    "ENVELOPE_CODES",
    "KINDS",
    "MISSING",
    "MRTR_VERSION",
    "NOTE_CODES",
    "NOTES_META",
    "WARNING_CODES",
    "WARNINGS_META",
    "AgentInputError",
    "Call",
    "CursorCodec",
    "InvalidOptionsError",
    "MemoryReceipts",
    "Missing",
    "Outcome",
    "Protocol",
    "RateLimited",
    "Reader",
    "PostgresReceipts",
    "RedisReceipts",
    "SqliteReceipts",
    "Tool",
    "ToolCall",
    "ToolFailure",
    "UnknownKindError",
    "UpstreamUnavailable",
    "Vocabulary",
    "can_ask",
    "fold",
    "no_hits_filtered",
    "read",
    "read_line",
    *_kinds_all,
    *_TYPE_NAMES,
]
