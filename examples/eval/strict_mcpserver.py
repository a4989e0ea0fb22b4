"""`plain_mcpserver.py` without its one line: the same tools on the official SDK's `MCPServer`,
with pydantic validating the arguments and nothing read leniently. It is the "before" of the
README's eval: `agent-input eval` runs the same scenarios against it and against
`plain_mcpserver.py`, and prints the two side by side.

Run it from `examples/python` (`python ../eval/strict_mcpserver.py`): it turns
`agent_input.mcp.lenient` into a no-op, then imports the server module, whose tools register as
written.
"""

import os
import sys

import agent_input.mcp

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))


def _without_agent_input(*_args: object, **_kwargs: object) -> None:
    """The one line, taken out: the server keeps its own strict validation."""


agent_input.mcp.lenient = _without_agent_input  # type: ignore[assignment]

import plain_mcpserver  # type: ignore[import-not-found]  # noqa: E402  (after the line is taken out)

if __name__ == "__main__":
    plain_mcpserver.mcp.run()
