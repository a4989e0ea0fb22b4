"""Failures a handler raises that the model can act on: the envelope codes `rate_limited` and
`upstream_unavailable`.

A model told only "429" calls again at once. Raised from a tool's handler (registered with
`agent_input.mcp`'s spec glue, or on a server made lenient with `agent_input.mcp.lenient`), each
becomes the envelope `{code, message, hint, retry_after_seconds, remaining_calls}` whose text
says when to call again, and, for an upstream failure of a tool with an idempotency key, that
the retry resends the same key:

    from agent_input.failures import RateLimited

    def search_decisions(query: str, limit: int) -> dict:
        if over_quota():
            raise RateLimited(retry_after_seconds=30, remaining_calls=0)
"""

from __future__ import annotations

import contextvars

# The names are for type checkers only: importing `typing` would cost `import agent_input`
# several milliseconds (its own budget is 10 ms), as the generated types' lazy load says.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Dict, List, Optional


#: The failures made while a server made lenient runs a tool (`agent_input.mcp` sets a list
#: around each call it forwards; a sync function's thread shares it): the framework catches a
#: failure its function raises, so it is found here instead.
RAISED: "contextvars.ContextVar[Optional[List[ToolFailure]]]" = contextvars.ContextVar("agent_input_raised", default=None)


class ToolFailure(Exception):
    """A failure the model can act on; `failure()` is its JSON form for `Tool.failure_result`."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)
        raised = RAISED.get()
        if raised is not None:
            raised.append(self)

    def failure(self) -> Dict[str, Any]:
        """The failure as `Tool.failure_result` takes it (`{"code": ..., ...}`)."""
        raise NotImplementedError


class RateLimited(ToolFailure):
    """The server's rate limit for the tool was reached: call again after `retry_after_seconds`;
    `remaining_calls` are left in the window, when the server knows."""

    def __init__(self, retry_after_seconds: int, remaining_calls: Optional[int] = None) -> None:
        super().__init__(f"rate limited; retry after {retry_after_seconds} s")
        self.retry_after_seconds = retry_after_seconds
        self.remaining_calls = remaining_calls

    def failure(self) -> Dict[str, Any]:
        """`{"code": "rate_limited", "retry_after_seconds", "remaining_calls"?}`."""
        out: Dict[str, Any] = {"code": "rate_limited", "retry_after_seconds": self.retry_after_seconds}
        if self.remaining_calls is not None:
            out["remaining_calls"] = self.remaining_calls
        return out


class UpstreamUnavailable(ToolFailure):
    """A service the tool depends on (`upstream`, named for the model: "the court registry") did
    not answer; nothing was applied, and the same call may be retried, after
    `retry_after_seconds` when given."""

    def __init__(self, upstream: Optional[str] = None, retry_after_seconds: Optional[int] = None) -> None:
        super().__init__(f"{upstream or 'a service the tool depends on'} did not answer")
        self.upstream = upstream
        self.retry_after_seconds = retry_after_seconds

    def failure(self) -> Dict[str, Any]:
        """`{"code": "upstream_unavailable", "upstream"?, "retry_after_seconds"?}`."""
        out: Dict[str, Any] = {"code": "upstream_unavailable"}
        if self.upstream is not None:
            out["upstream"] = self.upstream
        if self.retry_after_seconds is not None:
            out["retry_after_seconds"] = self.retry_after_seconds
        return out
