#!/bin/sh
# agent-input proxy as an HTTP sidecar: in front of a Streamable HTTP server (UPSTREAM), it
# serves the same server made lenient at http://127.0.0.1:PORT/mcp. Run one per replica; every
# replica names the same receipt store, so a write retried through another replica is applied
# once. The proxy sends the upstream its own token (--upstream-token-env), never a client's.
exec agent-input proxy \
  --listen "127.0.0.1:${PORT:-8931}" \
  --upstream "${UPSTREAM:-http://127.0.0.1:8000/mcp}" \
  --receipts "${RECEIPTS:-sqlite:/var/lib/agent-input/receipts.db}" \
  --implied-kinds
