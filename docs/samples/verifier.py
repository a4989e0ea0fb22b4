# The setting of the scopes sample (after docs/samples/courts.py): FastMCP's own token verifier
# and `lenient`.
from fastmcp.server.auth.providers.jwt import StaticTokenVerifier

from agent_input.mcp import lenient

verifier = StaticTokenVerifier(tokens={"reader-token": {"client_id": "reader", "scopes": ["decisions:read"]}})
