"""`agent-input proxy --listen` checking each client's bearer token (issue 69) in front of a
published server whose tools it did not shape (PyPI mcp-server-git, over stdio): FastMCP's
client (its bearer auth) lists and calls over Streamable HTTP with a read-only token and a
writer's; plain HTTP requests check the 401 challenge (RFC 6750) and the resource's metadata
(RFC 9728). The tokens are checked against a `--auth-tokens` file, and against an RFC 7662
introspection endpoint (a small stand-in authorization server in this file).
"""

from __future__ import annotations

import contextlib
import hashlib
import http.server
import json
import os
import subprocess
import tempfile
import threading
import urllib.parse
from pathlib import Path
from typing import Any, Dict, Iterator, List, Tuple

import anyio
import httpx

from harness import SERVERS_PYTHON, missing
from servers import AGENT_INPUT_BIN, GIT_ENV, _git_layout

READER = "reader-token-0123456789"
WRITER = "writer-token-9876543210"
#: Active, but issued for another resource.
ELSEWHERE = "elsewhere-token-5555"
#: The tools mcp-server-git annotates as writing, and the scope each needs (the overrides').
WRITES = ["git_add", "git_commit", "git_reset", "git_create_branch", "git_checkout"]
#: `git_reset` is left alone (`false`): passed on as declared, it is checked as listed (its
#: annotations say it writes, so a read-only token neither lists nor calls it).
OVERRIDES: Dict[str, Any] = {name: {"scopes": ["repo:write"]} for name in WRITES if name != "git_reset"}
OVERRIDES["git_reset"] = False


def _require_build() -> None:
    if not AGENT_INPUT_BIN.is_file():
        missing("agent-input is not built (scripts/test-published builds it)")


@contextlib.contextmanager
def _proxy(work: Path, auth: List[str]) -> Iterator[str]:
    """The proxy on a free loopback port in front of mcp-server-git on `work/repo`; its URL."""
    _git_layout(work)
    (work / "overrides.json").write_text(json.dumps(OVERRIDES), encoding="utf-8")
    argv = [
        str(AGENT_INPUT_BIN), "proxy", "--listen", "127.0.0.1:0", "--overrides", str(work / "overrides.json"),
        "--read-only-scopes", "repo:read", *auth,
        "--", str(SERVERS_PYTHON), "-m", "mcp_server_git", "--repository", str(work / "repo"),
    ]
    env = {**os.environ, **GIT_ENV, "WRITER_TOKEN": WRITER}
    process = subprocess.Popen(argv, env=env, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stderr is not None
        url = ""
        for line in process.stderr:
            if "serving Streamable HTTP at " in line:
                url = line.split("serving Streamable HTTP at ", 1)[1].strip()
                break
        assert url, f"the proxy did not serve (exit {process.poll()})"
        threading.Thread(target=process.stderr.read, daemon=True).start()
        yield url
    finally:
        process.terminate()
        process.wait(timeout=15)


def _tokens_file(work: Path) -> Path:
    path = work / "tokens.json"
    reader = hashlib.sha256(READER.encode()).hexdigest()
    path.write_text(json.dumps({"tokens": [
        {"sha256": reader, "scopes": ["repo:read"]},
        {"token_env": "WRITER_TOKEN", "scopes": ["repo:read", "repo:write"]},
    ]}), encoding="utf-8")
    return path


async def _session(url: str, token: str, calls: List[Tuple[str, Dict[str, Any]]]) -> Tuple[List[Any], List[Any]]:
    from fastmcp import Client

    async with Client(url, auth=token) as client:
        tools = await client.list_tools()
        results = [await client.call_tool(name, args, raise_on_error=False) for name, args in calls]
        return tools, results


def _head(repo: Path) -> str:
    return subprocess.run(["git", "-C", str(repo), "rev-parse", "HEAD"], check=True, capture_output=True,
                          text=True, env={**os.environ, **GIT_ENV}).stdout.strip()


def _check_scoped_lists_and_calls(url: str, repo: Path) -> None:
    head = _head(repo)
    commit = ("git_commit", {"repo_path": str(repo), "message": "From a read-only token"})
    status = ("git_status", {"repo_path": str(repo)})
    reset = ("git_reset", {"repo_path": str(repo)})
    tools, (refused, read, passed_on) = anyio.run(_session, url, READER, [commit, status, reset])
    names = {t.name for t in tools}
    # The read-only token sees the tools the server annotates read-only, and no other.
    assert "git_status" in names and "git_log" in names, names
    assert not names & set(WRITES), names
    # A write called anyway did not run: the envelope names the missing scope.
    assert refused.is_error, refused
    envelope = json.loads(refused.content[0].text)
    assert envelope["code"] == "insufficient_scope", envelope
    assert envelope["required_scopes"] == ["repo:write"], envelope
    assert _head(repo) == head, "a refused commit changed the repository"
    passed = json.loads(passed_on.content[0].text)
    assert passed_on.is_error and passed["code"] == "insufficient_scope", passed_on
    assert passed["required_scopes"] == [] and "read-only" in passed["message"], passed
    assert not read.is_error and "notes.txt" in read.content[0].text, read
    # The writer's token sees and calls every tool.
    add = ("git_add", {"repo_path": str(repo), "files": ["notes.txt"]})
    commit = ("git_commit", {"repo_path": str(repo), "message": "From the writer"})
    tools, (added, committed) = anyio.run(_session, url, WRITER, [add, commit])
    assert set(WRITES) <= {t.name for t in tools}, [t.name for t in tools]
    assert not added.is_error and not committed.is_error, (added, committed)
    assert _head(repo) != head


def _check_challenges(url: str) -> None:
    initialize = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
    headers = {"Accept": "application/json, text/event-stream"}
    metadata_url = url.replace("/mcp", "/.well-known/oauth-protected-resource/mcp")
    missing = httpx.post(url, json=initialize, headers=headers)
    assert missing.status_code == 401, missing.text
    challenge = missing.headers["www-authenticate"]
    assert challenge.startswith("Bearer ") and f'resource_metadata="{metadata_url}"' in challenge, challenge
    assert "error=" not in challenge, challenge
    wrong = httpx.post(url, json=initialize, headers={**headers, "Authorization": "Bearer not-a-token"})
    assert wrong.status_code == 401 and 'error="invalid_token"' in wrong.headers["www-authenticate"], wrong.headers
    metadata = httpx.get(metadata_url).json()
    assert metadata["resource"] == url, metadata
    assert metadata["authorization_servers"] == ["https://auth.example.org"], metadata
    assert metadata["scopes_supported"] == ["repo:write", "repo:read"], metadata
    assert metadata["bearer_methods_supported"] == ["header"], metadata
    # A listing filtered by the token is marked private: no shared cache serves it to another.
    reader = {**headers, "Authorization": f"Bearer {READER}"}
    begun = httpx.post(url, json=initialize, headers=reader)
    assert begun.status_code == 200, begun.text
    session = {**reader, "Mcp-Session-Id": begun.headers["mcp-session-id"], "Mcp-Protocol-Version": "2025-11-25"}
    httpx.post(url, json={"jsonrpc": "2.0", "method": "notifications/initialized"}, headers=session)
    listed = httpx.post(url, json={"jsonrpc": "2.0", "id": 2, "method": "tools/list"}, headers=session)
    assert listed.status_code == 200, listed.text
    assert listed.json()["result"]["cacheScope"] == "private", listed.text
    httpx.delete(url, headers=session)


def test_a_token_file_decides_what_each_client_lists_and_calls() -> None:
    _require_build()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        auth = ["--auth-tokens", str(_tokens_file(work)), "--authorization-server", "https://auth.example.org"]
        with _proxy(work, auth) as url:
            _check_challenges(url)
            _check_scoped_lists_and_calls(url, work / "repo")


class _Introspection(http.server.BaseHTTPRequestHandler):
    """RFC 7662's endpoint for the two tokens, to a proxy presenting its client credentials."""

    asked: List[str] = []

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
        form = urllib.parse.parse_qs(body)
        token = form.get("token", [""])[0]
        type(self).asked.append(token)
        if self.headers.get("Authorization") != "Basic cHJveHk6czNjcmV0":  # proxy:s3cret
            self.send_response(401)
            self.end_headers()
            return
        scopes = {READER: "repo:read", WRITER: "repo:read repo:write", ELSEWHERE: "repo:read"}.get(token)
        answer: Dict[str, Any] = {"active": False}
        if scopes is not None:
            audience = "https://elsewhere.example.org/mcp" if token == ELSEWHERE else "https://git.example.org/mcp"
            answer = {"active": True, "scope": scopes, "aud": audience, "exp": 4102444800}
        data = json.dumps(answer).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


def test_an_introspection_endpoint_decides_what_each_client_lists_and_calls() -> None:
    _require_build()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Introspection)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    endpoint = f"http://127.0.0.1:{server.server_address[1]}/introspect"
    os.environ["INTROSPECTION_CREDENTIALS"] = "proxy:s3cret"
    try:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            auth = ["--auth-introspect", endpoint, "--auth-introspect-credentials-env", "INTROSPECTION_CREDENTIALS",
                    "--auth-audience", "https://git.example.org/mcp"]
            with _proxy(work, auth) as url:
                _check_scoped_lists_and_calls(url, work / "repo")
                # A token for another resource is refused, however active.
                for token in (ELSEWHERE, "unknown-token"):
                    other = httpx.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "ping"},
                                       headers={"Authorization": f"Bearer {token}"})
                    assert other.status_code == 401, other.text
                    assert 'error="invalid_token"' in other.headers["www-authenticate"], other.headers
                # Each token was asked once: the answers are kept (INTROSPECTION_CACHE_SECONDS).
                assert _Introspection.asked.count(READER) == 1, _Introspection.asked
                assert httpx.get(url.replace("/mcp", "/.well-known/oauth-protected-resource")).json()["resource"] \
                    == "https://git.example.org/mcp"
    finally:
        server.shutdown()
        del os.environ["INTROSPECTION_CREDENTIALS"]
