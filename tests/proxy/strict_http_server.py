"""The strict court server (`examples/eval/strict_mcpserver.py`: the plain server with the one
line taken out) served over Streamable HTTP on 127.0.0.1:PORT/mcp, for the proxy's
`--upstream` tests: `python strict_http_server.py PORT`."""

import os
import runpy
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "..", "examples")

if __name__ == "__main__":
    port = int(sys.argv[1])
    sys.argv = [sys.argv[0]]
    strict = runpy.run_path(os.path.join(EXAMPLES, "eval", "strict_mcpserver.py"), run_name="strict")
    server = strict["plain_mcpserver"].mcp
    server.run("streamable-http", host="127.0.0.1", port=port)
