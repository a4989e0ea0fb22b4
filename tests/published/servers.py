"""The published servers the suite drives: how each starts plainly and through agent-input's one
line, what it works on (a fresh folder laid out the same for both runs), which of its tools are
left out of the generated calls and why, its documented example calls, and the model spellings
of its typed parameters with the canonical call each must equal.

The versions are pinned in tests/published/requirements.txt (PyPI, mcp 2.x and fastmcp 4),
tests/published/requirements-mcp1.txt (PyPI, servers written on mcp 1.x, in their own
virtualenv) and tests/published/npm (npm).
"""

from __future__ import annotations

import base64
import dataclasses
import os
import shlex
import shutil
import subprocess
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from harness import (
    HERE,
    NPM_DIR,
    PUBLISHED,
    SERVERS_PYTHON,
    SERVERS_PYTHON_MCP1,
    Call,
    files_under,
    git_state,
    zip_members,
)

#: Where each server's folder is laid out; the same path for the plain and the lenient run, so a
#: path in a result is the same text in both.
WORK = PUBLISHED / "work"

#: The words put between the interpreter and the server's module to apply the one line.
PY_WRAP = shlex.split(os.environ.get("AGENT_INPUT_PY_WRAP", "-m agent_input.run"))
#: The words put between `node` and the server's script to apply the one line.
JS_WRAP = shlex.split(os.environ.get("AGENT_INPUT_JS_WRAP", "--import agent-input/register"))

#: The `agent-input` command line the proxied runs start (`agent-input proxy -- <plain argv>`):
#: built by `cargo build` (scripts/test builds the workspace before this suite).
AGENT_INPUT_BIN = Path(os.environ.get("AGENT_INPUT_BIN") or (HERE.parents[1] / "target" / "debug" / "agent-input"))

#: Fixed author, committer and dates: a commit made by either run has the same hash.
GIT_ENV = {
    "GIT_AUTHOR_NAME": "Ada Lovelace",
    "GIT_AUTHOR_EMAIL": "ada@example.invalid",
    "GIT_COMMITTER_NAME": "Ada Lovelace",
    "GIT_COMMITTER_EMAIL": "ada@example.invalid",
    # git's own form (seconds since the epoch, offset): the one GitPython's commit also parses.
    "GIT_AUTHOR_DATE": "1767323045 +0000",
    "GIT_COMMITTER_DATE": "1767323045 +0000",
    "GIT_CONFIG_GLOBAL": "/dev/null",
    "GIT_CONFIG_NOSYSTEM": "1",
    "TZ": "UTC",
}

Spelling = Tuple[Call, Call]


@dataclasses.dataclass
class Server:
    name: str
    #: Registry, package and version, as pinned.
    package: str
    #: What the server is written on.
    framework: str
    #: "python" (a module run by the servers' virtualenv) or "node" (a script).
    runtime: str
    #: The module (python) or script path (node) and its arguments, given the work folder.
    target: Callable[[Path], List[str]]
    layout: Callable[[Path], None] = lambda work: None
    env: Callable[[Path], Dict[str, str]] = lambda work: {}
    snapshot: Callable[[Path], Dict[str, str]] = lambda work: files_under(work)
    #: Properties fixed in every generated call of a tool ("*" for every tool), given the work folder.
    fixed: Callable[[Path], Dict[str, Dict[str, Any]]] = lambda work: {}
    #: Tools left out of the generated calls, with why.
    skip: Mapping[str, str] = dataclasses.field(default_factory=dict)
    #: The server's own documented example calls (its README), given the work folder.
    examples: Callable[[Path], List[Call]] = lambda work: []
    #: Model spellings of typed parameters, each with the canonical call it means.
    spellings: Callable[[Path], List[Spelling]] = lambda work: []
    #: Generated calls per tool.
    per_tool: int = 12
    #: Numbers without a bound in the schema are drawn within -max_number..max_number (valid all
    #: the same): for servers that do as much work as a number says (rows of a table).
    max_number: Optional[int] = None
    #: The Python a "python" server runs on: the servers' virtualenv (mcp 2.x, fastmcp 4) or the
    #: one holding the servers written on mcp 1.x.
    python: Path = SERVERS_PYTHON
    #: The target's first word is a console script the package installs: run plainly as that
    #: executable (as a client's config names it), and behind the line as `-c NAME`.
    console: bool = False

    def work(self) -> Path:
        return WORK / self.name

    def cwd(self) -> Path:
        return NPM_DIR if self.runtime == "node" else self.work()

    def _entry(self, target: List[str]) -> List[str]:
        if self.console:
            return ["-c", *target]
        return target if target[0].endswith(".py") else ["-m", *target]

    def plain(self) -> List[str]:
        if self.runtime == "node":
            return ["node", *self.target(self.work())]
        target = self.target(self.work())
        if self.console:
            return [str(self.python.parent / target[0]), *target[1:]]
        return [str(self.python), *self._entry(target)]

    def proxied(self) -> List[str]:
        """The plain server behind `agent-input proxy`, as a client's config would start it."""
        return [str(AGENT_INPUT_BIN), "proxy", "--", *self.plain()]

    def via(self, via: str) -> List[str]:
        """The server made lenient: by the one line (`line`), behind the proxy over stdio
        (`proxy`), or behind the proxy serving Streamable HTTP (`proxy-http`: the harness reads
        its URL from its stderr and connects the SDK's HTTP client)."""
        if via == "proxy-http":
            return [str(AGENT_INPUT_BIN), "proxy", "--listen", "127.0.0.1:0", "--", *self.plain()]
        return self.proxied() if via == "proxy" else self.lenient()

    def lenient(self) -> List[str]:
        if self.runtime == "node":
            return ["node", *JS_WRAP, *self.target(self.work())]
        return [str(self.python), *PY_WRAP, *self._entry(self.target(self.work()))]


def _node_script(package: str) -> str:
    return str(NPM_DIR / "node_modules" / "@modelcontextprotocol" / package / "dist" / "index.js")


# --- mcp-server-time ---------------------------------------------------------------------------

TIME = Server(
    name="mcp-server-time",
    package="PyPI mcp-server-time 2026.10.19",
    framework="mcp 2.3 MCPServer",
    runtime="python",
    target=lambda work: ["mcp_server_time", "--local-timezone", "Etc/UTC"],
    env=lambda work: {"TZ": "UTC"},
    skip={"get_current_time": "answers the clock's current time: two runs never agree"},
    examples=lambda work: [
        Call("convert_time", {"source_timezone": "America/New_York", "time": "16:30", "target_timezone": "Asia/Tokyo"}),
        Call("convert_time", {"source_timezone": "Europe/Warsaw", "time": "12:00", "target_timezone": "Europe/London"}),
    ],
    # Every parameter is a string (no number, boolean, enum or format): the one spelling a model
    # makes of this tool's inputs is an argument name in another case.
    spellings=lambda work: [
        (
            Call("convert_time", {"sourceTimezone": "Europe/Prague", "time": "09:15", "targetTimezone": "America/Chicago"}),
            Call("convert_time", {"source_timezone": "Europe/Prague", "time": "09:15", "target_timezone": "America/Chicago"}),
        ),
    ],
)


# --- mcp-server-git ----------------------------------------------------------------------------


def _git_layout(work: Path) -> None:
    repo = work / "repo"
    repo.mkdir()
    env = {**os.environ, **GIT_ENV}

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(repo), *args], check=True, env=env, capture_output=True)

    git("init", "-q", "-b", "main")
    (repo / "README.md").write_text("# demo\n\nA repository for the published-server suite.\n")
    (repo / "notes.txt").write_text("one\ntwo\nthree\n")
    git("add", "README.md", "notes.txt")
    git("commit", "-q", "-m", "First commit")
    git("branch", "feature")
    (repo / "notes.txt").write_text("one\ntwo\nthree\nfour\n")
    git("commit", "-q", "-am", "Add four")
    (repo / "notes.txt").write_text("one\n2\nthree\nfour\n")  # unstaged
    (repo / "new.txt").write_text("untracked\n")


GIT = Server(
    name="mcp-server-git",
    package="PyPI mcp-server-git 2026.10.19",
    framework="mcp 2.3 MCPServer",
    runtime="python",
    target=lambda work: ["mcp_server_git", "--repository", str(work / "repo")],
    layout=_git_layout,
    env=lambda work: dict(GIT_ENV),
    snapshot=lambda work: git_state(work / "repo"),
    fixed=lambda work: {"*": {"repo_path": str(work / "repo")}},
    examples=lambda work: [
        Call("git_status", {"repo_path": str(work / "repo")}),
        Call("git_diff_unstaged", {"repo_path": str(work / "repo")}),
        Call("git_log", {"repo_path": str(work / "repo"), "max_count": 5}),
        Call("git_show", {"repo_path": str(work / "repo"), "revision": "HEAD"}),
        Call("git_diff", {"repo_path": str(work / "repo"), "target": "feature"}),
        Call("git_branch", {"repo_path": str(work / "repo"), "branch_type": "local"}),
        Call("git_add", {"repo_path": str(work / "repo"), "files": ["notes.txt"]}),
        Call("git_diff_staged", {"repo_path": str(work / "repo")}),
        Call("git_commit", {"repo_path": str(work / "repo"), "message": "Spell two"}),
        Call("git_create_branch", {"repo_path": str(work / "repo"), "branch_name": "topic", "base_branch": "main"}),
        Call("git_checkout", {"repo_path": str(work / "repo"), "branch_name": "topic"}),
    ],
    spellings=lambda work: [
        (
            Call("git_log", {"repo_path": str(work / "repo"), "max_count": "1 000"}),
            Call("git_log", {"repo_path": str(work / "repo"), "max_count": 1000}),
        ),
        (
            Call("git_diff_unstaged", {"repo_path": str(work / "repo"), "context_lines": "zero"}),
            Call("git_diff_unstaged", {"repo_path": str(work / "repo"), "context_lines": 0}),
        ),
        # `files` sent as JSON text is no spelling to repair here: the SDK itself decodes it.
        (
            Call("git_add", {"repo_path": str(work / "repo"), "files": ["notes.txt", "new.txt"]}),
            Call("git_add", {"repo_path": str(work / "repo"), "files": ["notes.txt", "new.txt"]}),
        ),
        (
            Call("git_commit", {"repo_path": str(work / "repo"), "message": "Add new.txt"}),
            Call("git_commit", {"repo_path": str(work / "repo"), "message": "Add new.txt"}),
        ),
    ],
)


# --- mcp-server-fetch --------------------------------------------------------------------------

#: Set by the test session: the URL of the page a local http.server serves on 127.0.0.1.
PAGE = {"url": "http://127.0.0.1:9/page.html"}

FETCH = Server(
    name="mcp-server-fetch",
    package="PyPI mcp-server-fetch 2026.10.24",
    framework="mcp 2.3 MCPServer",
    runtime="python",
    # The page is on 127.0.0.1, which the server refuses unless told.
    target=lambda work: ["mcp_server_fetch", "--allow-private-ips"],
    env=lambda work: {"NO_PROXY": "127.0.0.1", "no_proxy": "127.0.0.1"},
    fixed=lambda work: {"fetch": {"url": PAGE["url"]}},
    per_tool=16,
    examples=lambda work: [
        Call("fetch", {"url": PAGE["url"]}),
        Call("fetch", {"url": PAGE["url"], "max_length": 200, "start_index": 100}),
        Call("fetch", {"url": PAGE["url"], "raw": True}),
    ],
    spellings=lambda work: [
        (Call("fetch", {"url": PAGE["url"], "max_length": "5 000"}), Call("fetch", {"url": PAGE["url"], "max_length": 5000})),
        (Call("fetch", {"url": PAGE["url"], "max_length": "1 500", "start_index": "one hundred"}),
         Call("fetch", {"url": PAGE["url"], "max_length": 1500, "start_index": 100})),
        (Call("fetch", {"url": PAGE["url"], "raw": "ano"}), Call("fetch", {"url": PAGE["url"], "raw": True})),
    ],
)


# --- @modelcontextprotocol/server-memory -------------------------------------------------------

MEMORY = Server(
    name="server-memory",
    package="npm @modelcontextprotocol/server-memory 2026.8.31",
    framework="@modelcontextprotocol/sdk 1.32 McpServer (zod)",
    runtime="node",
    target=lambda work: [_node_script("server-memory")],
    env=lambda work: {"MEMORY_FILE_PATH": str(work / "memory.jsonl")},
    per_tool=10,
    examples=lambda work: [
        Call("create_entities", {"entities": [
            {"name": "John_Smith", "entityType": "person", "observations": ["Speaks fluent Spanish"]},
            {"name": "Anthropic", "entityType": "organization", "observations": ["Makes Claude"]},
        ]}),
        Call("create_relations", {"relations": [{"from": "John_Smith", "to": "Anthropic", "relationType": "works_at"}]}),
        Call("add_observations", {"observations": [{"entityName": "John_Smith", "contents": ["Graduated in 2019"]}]}),
        Call("search_nodes", {"query": "Spanish"}),
        Call("open_nodes", {"names": ["John_Smith", "Nobody"]}),
        Call("read_graph", {}),
        Call("delete_observations", {"deletions": [{"entityName": "John_Smith", "observations": ["Graduated in 2019"]}]}),
        Call("delete_relations", {"relations": [{"from": "John_Smith", "to": "Anthropic", "relationType": "works_at"}]}),
        Call("delete_entities", {"entityNames": ["Anthropic"]}),
    ],
    # No number, boolean, enum or format among its parameters: the typed ones are arrays, which
    # models send as JSON text.
    spellings=lambda work: [
        (
            Call("create_entities", {"entities": '[{"name": "Ada", "entityType": "person", "observations": ["wrote the first program"]}]'}),
            Call("create_entities", {"entities": [{"name": "Ada", "entityType": "person", "observations": ["wrote the first program"]}]}),
        ),
        (
            Call("open_nodes", {"names": '["Ada"]'}),
            Call("open_nodes", {"names": ["Ada"]}),
        ),
    ],
)


# --- @modelcontextprotocol/server-filesystem ---------------------------------------------------

#: A 1x1 PNG for read_media_file.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


def _fs_layout(work: Path) -> None:
    root = work / "root"
    (root / "docs").mkdir(parents=True)
    (root / "a.txt").write_text("alpha\nbeta\ngamma\ndelta\nepsilon\n")
    (root / "docs" / "b.md").write_text("# B\n\nSome text.\n")
    (root / "pixel.png").write_bytes(PNG)


def _fs_fixed(work: Path) -> Dict[str, Dict[str, Any]]:
    root = str(work / "root")
    return {
        "read_file": {"path": f"{root}/a.txt"},
        "read_text_file": {"path": f"{root}/a.txt"},
        "read_media_file": {"path": f"{root}/pixel.png"},
        "read_multiple_files": {"paths": [f"{root}/a.txt", f"{root}/docs/b.md"]},
        "write_file": {"path": f"{root}/written.txt"},
        "edit_file": {"path": f"{root}/a.txt"},
        "create_directory": {"path": f"{root}/made/inner"},
        "list_directory": {"path": root},
        "list_directory_with_sizes": {"path": root},
        "directory_tree": {"path": root},
        "move_file": {"source": f"{root}/written.txt", "destination": f"{root}/moved.txt"},
        "search_files": {"path": root},
    }


FILESYSTEM = Server(
    name="server-filesystem",
    package="npm @modelcontextprotocol/server-filesystem 2026.8.31",
    framework="@modelcontextprotocol/sdk 1.32 McpServer (zod)",
    runtime="node",
    target=lambda work: [_node_script("server-filesystem"), str(work / "root")],
    layout=_fs_layout,
    snapshot=lambda work: files_under(work / "root"),
    fixed=_fs_fixed,
    skip={"get_file_info": "answers the file's access, change and modification times: two runs never agree"},
    per_tool=10,
    examples=lambda work: [
        Call("list_allowed_directories", {}),
        Call("read_text_file", {"path": str(work / "root" / "a.txt"), "head": 2}),
        Call("read_text_file", {"path": str(work / "root" / "a.txt"), "tail": 1}),
        Call("write_file", {"path": str(work / "root" / "docs" / "c.txt"), "content": "written\n"}),
        Call("edit_file", {"path": str(work / "root" / "a.txt"), "edits": [{"oldText": "beta", "newText": "BETA"}], "dryRun": True}),
        Call("edit_file", {"path": str(work / "root" / "a.txt"), "edits": [{"oldText": "beta", "newText": "BETA"}]}),
        Call("create_directory", {"path": str(work / "root" / "new")}),
        Call("list_directory_with_sizes", {"path": str(work / "root"), "sortBy": "size"}),
        Call("directory_tree", {"path": str(work / "root"), "excludePatterns": ["*.png"]}),
        Call("search_files", {"path": str(work / "root"), "pattern": "*.md"}),
        Call("move_file", {"source": str(work / "root" / "docs" / "c.txt"), "destination": str(work / "root" / "c.txt")}),
        Call("read_multiple_files", {"paths": [str(work / "root" / "a.txt"), str(work / "root" / "c.txt")]}),
    ],
    spellings=lambda work: [
        (
            Call("read_text_file", {"path": str(work / "root" / "a.txt"), "head": "two"}),
            Call("read_text_file", {"path": str(work / "root" / "a.txt"), "head": 2}),
        ),
        (
            Call("list_directory_with_sizes", {"path": str(work / "root"), "sortBy": "Size"}),
            Call("list_directory_with_sizes", {"path": str(work / "root"), "sortBy": "size"}),
        ),
        (
            Call("edit_file", {"path": str(work / "root" / "a.txt"), "edits": [{"oldText": "gamma", "newText": "GAMMA"}], "dryRun": "no"}),
            Call("edit_file", {"path": str(work / "root" / "a.txt"), "edits": [{"oldText": "gamma", "newText": "GAMMA"}], "dryRun": False}),
        ),
        (
            Call("write_file", {"path": str(work / "root" / "w.txt"), "content": "kept as sent: 4 000\n"}),
            Call("write_file", {"path": str(work / "root" / "w.txt"), "content": "kept as sent: 4 000\n"}),
        ),
    ],
)


# --- @modelcontextprotocol/server-everything ---------------------------------------------------

EVERYTHING = Server(
    name="server-everything",
    package="npm @modelcontextprotocol/server-everything 2026.8.31",
    framework="@modelcontextprotocol/sdk 1.32 McpServer (zod)",
    runtime="node",
    target=lambda work: [_node_script("server-everything"), "stdio"],
    # The default of gzip-file-as-resource's `data` is a URL on the internet: a data URI instead.
    fixed=lambda work: {"gzip-file-as-resource": {"data": "data:text/plain;base64,aGVsbG8gd29ybGQK"}},
    skip={
        "toggle-simulated-logging": "starts a timer that sends log notifications every few seconds: what arrives depends on timing",
        "toggle-subscriber-updates": "starts a timer that sends resource updates: what arrives depends on timing",
        "trigger-long-running-operation": "sleeps `duration` seconds (any number): generated calls would run for hours",
        "simulate-research-query": "a task that runs on timers and asks the client (elicitation): its answer depends on timing",
        "get-resource-reference": "the resource it embeds says the wall-clock time it was made (`created at 4:11:21 AM`)",
    },
    per_tool=12,
    examples=lambda work: [
        Call("echo", {"message": "Hello, world"}),
        Call("get-sum", {"a": 2, "b": 3.5}),
        Call("get-annotated-message", {"messageType": "success", "includeImage": True}),
        Call("get-resource-links", {"count": 2}),
        Call("get-structured-content", {"location": "Chicago"}),
        Call("get-tiny-image", {}),
        Call("get-env", {}),
        Call("trigger-long-running-operation", {"duration": 0.2, "steps": 2}),
        Call("gzip-file-as-resource", {"name": "hello.txt.gz", "data": "data:text/plain;base64,aGVsbG8gd29ybGQK", "outputType": "resource"}),
    ],
    spellings=lambda work: [
        (Call("get-sum", {"a": "4 000", "b": "2.5"}), Call("get-sum", {"a": 4000, "b": 2.5})),
        (Call("get-annotated-message", {"messageType": "Success", "includeImage": "yes"}),
         Call("get-annotated-message", {"messageType": "success", "includeImage": True})),
        (Call("get-resource-links", {"count": "three"}), Call("get-resource-links", {"count": 3})),
        (Call("get-structured-content", {"location": "new york"}), Call("get-structured-content", {"location": "New York"})),
    ],
)


# --- office-word-mcp-server (FastMCP) -----------------------------------------------------------

_DOCX_CACHE = PUBLISHED / "word-template.docx"


def _word_layout(work: Path) -> None:
    # The document is made once by python-docx in the servers' virtualenv and copied, so both runs
    # start from the same bytes.
    if not _DOCX_CACHE.exists():
        code = (
            "import sys, docx\n"
            "d = docx.Document()\n"
            "d.add_heading('Report', 1)\n"
            "d.add_paragraph('The quick brown fox jumps over the lazy dog.')\n"
            "d.add_heading('Findings', 2)\n"
            "d.add_paragraph('Second paragraph with a footnote anchor.')\n"
            "t = d.add_table(rows=2, cols=2)\n"
            "t.cell(0, 0).text = 'a'; t.cell(0, 1).text = 'b'; t.cell(1, 0).text = 'c'; t.cell(1, 1).text = 'd'\n"
            "d.core_properties.created = d.core_properties.modified = __import__('datetime').datetime(2026, 1, 2, 3, 4, 5)\n"
            "d.save(sys.argv[1])\n"
        )
        subprocess.run([str(SERVERS_PYTHON), "-c", code, str(_DOCX_CACHE)], check=True)
    shutil.copy(_DOCX_CACHE, work / "doc.docx")


def _word_fixed(work: Path) -> Dict[str, Dict[str, Any]]:
    return {
        "*": {"filename": "doc.docx"},
        "create_document": {"filename": "created.docx"},
        "copy_document": {"source_filename": "doc.docx", "destination_filename": "copy.docx"},
        "list_available_documents": {"directory": "."},
        "add_picture": {"image_path": "missing.png"},
    }


WORD = Server(
    name="office-word-mcp-server",
    package="PyPI office-word-mcp-server 1.1.11",
    framework="fastmcp 4.1 FastMCP",
    runtime="python",
    target=lambda work: ["word_document_server.main"],
    layout=_word_layout,
    env=lambda work: {"MCP_TRANSPORT": "stdio", "FASTMCP_SHOW_CLI_BANNER": "false"},
    snapshot=lambda work: zip_members(files_under(work)),
    fixed=_word_fixed,
    skip={
        "convert_to_pdf": "starts LibreOffice or Word (docx2pdf) as a subprocess: no such program here",
        "create_document": "stamps the new document's core properties with the current time",
        "copy_document": "answers with the copy's file name, made unique with the current time when taken",
        "get_document_info": "answers the document's modification time, which the previous calls set",
        "list_available_documents": "answers each document's size and modification time",
    },
    per_tool=4,
    max_number=40,
    examples=lambda work: [
        Call("get_document_text", {"filename": "doc.docx"}),
        Call("get_document_outline", {"filename": "doc.docx"}),
        Call("add_paragraph", {"filename": "doc.docx", "text": "Added by the suite."}),
        Call("add_heading", {"filename": "doc.docx", "text": "Appendix", "level": 2}),
        Call("add_table", {"filename": "doc.docx", "rows": 2, "cols": 3, "data": [["x", "y", "z"], ["1", "2", "3"]]}),
        Call("search_and_replace", {"filename": "doc.docx", "find_text": "fox", "replace_text": "cat"}),
        Call("find_text_in_document", {"filename": "doc.docx", "text_to_find": "cat", "match_case": True, "whole_word": False}),
        Call("get_paragraph_text_from_document", {"filename": "doc.docx", "paragraph_index": 1}),
    ],
    spellings=lambda work: [
        (
            Call("add_heading", {"filename": "doc.docx", "text": "Spelled", "level": "two"}),
            Call("add_heading", {"filename": "doc.docx", "text": "Spelled", "level": 2}),
        ),
        (
            Call("get_paragraph_text_from_document", {"filename": "doc.docx", "paragraph_index": "one"}),
            Call("get_paragraph_text_from_document", {"filename": "doc.docx", "paragraph_index": 1}),
        ),
        (
            Call("find_text_in_document", {"filename": "doc.docx", "text_to_find": "Report", "match_case": "ano", "whole_word": "ne"}),
            Call("find_text_in_document", {"filename": "doc.docx", "text_to_find": "Report", "match_case": True, "whole_word": False}),
        ),
    ],
)


# --- the same servers' releases written on the official SDK's 1.x ---------------------------------
#
# The last releases of mcp-server-time, mcp-server-git and mcp-server-fetch that require `mcp<2`
# (2026.8.18: `mcp>=1.29.0,<2`), written on mcp 1.x's low-level `mcp.server.lowlevel.Server`
# (`@server.list_tools()` / `@server.call_tool()` with hand-written or pydantic-made JSON
# Schemas, which the low-level server checks the arguments against), and office-word-mcp-server
# 1.1.5, the last release on mcp 1.x's `mcp.server.fastmcp.FastMCP` (1.1.7 moved to fastmcp).
# They run in target/published/servers-venv-mcp1 (mcp 1.30.0); the client is the same mcp 2.x one.
# Two of them start from their console script (`mcp-server-git`, `word_mcp_server`): plainly as
# that executable, and behind the line as `python -m agent_input.run -c NAME`.

TIME_MCP1 = dataclasses.replace(
    TIME,
    name="mcp-server-time (mcp 1.x)",
    package="PyPI mcp-server-time 2026.8.18",
    framework="mcp 1.30 low-level Server",
    python=SERVERS_PYTHON_MCP1,
    # Every parameter is a string here too: the spelling is an argument name in another case.
    spellings=lambda work: [
        (
            Call("convert_time", {"sourceTimezone": "Asia/Tokyo", "time": "23:45", "targetTimezone": "Europe/Prague"}),
            Call("convert_time", {"source_timezone": "Asia/Tokyo", "time": "23:45", "target_timezone": "Europe/Prague"}),
        ),
    ],
)

GIT_MCP1 = dataclasses.replace(
    GIT,
    name="mcp-server-git (mcp 1.x)",
    package="PyPI mcp-server-git 2026.8.18",
    framework="mcp 1.30 low-level Server",
    python=SERVERS_PYTHON_MCP1,
    console=True,
    target=lambda work: ["mcp-server-git", "--repository", str(work / "repo")],
    skip={
        "git_show": "answers the commit's date as its repr, with the tzinfo object's memory address "
        "(`tzinfo=<git.objects.util.tzoffset object at 0x7f0fe83af0d0>`): two plain runs never agree",
    },
    examples=lambda work: [c for c in GIT.examples(work) if c.tool != "git_show"],
    spellings=lambda work: [
        (
            Call("git_log", {"repo_path": str(work / "repo"), "max_count": "ten"}),
            Call("git_log", {"repo_path": str(work / "repo"), "max_count": 10}),
        ),
        (
            Call("git_diff_unstaged", {"repo_path": str(work / "repo"), "context_lines": "two"}),
            Call("git_diff_unstaged", {"repo_path": str(work / "repo"), "context_lines": 2}),
        ),
        (
            Call("git_diff", {"repo_path": str(work / "repo"), "target": "feature", "context_lines": "1 000"}),
            Call("git_diff", {"repo_path": str(work / "repo"), "target": "feature", "context_lines": 1000}),
        ),
        (
            Call("git_commit", {"repo_path": str(work / "repo"), "message": "Nothing staged"}),
            Call("git_commit", {"repo_path": str(work / "repo"), "message": "Nothing staged"}),
        ),
    ],
)

FETCH_MCP1 = dataclasses.replace(
    FETCH,
    name="mcp-server-fetch (mcp 1.x)",
    package="PyPI mcp-server-fetch 2026.8.18",
    framework="mcp 1.30 low-level Server",
    python=SERVERS_PYTHON_MCP1,
    # This release fetches private addresses without being told (no --allow-private-ips yet);
    # the local page server answers its robots.txt request with 404, which allows the fetch.
    target=lambda work: ["mcp_server_fetch"],
    # Each simplified fetch runs Readability.js in node (readabilipy), about a second a call.
    per_tool=8,
    spellings=lambda work: [
        (Call("fetch", {"url": PAGE["url"], "max_length": "2 000"}), Call("fetch", {"url": PAGE["url"], "max_length": 2000})),
        (Call("fetch", {"url": PAGE["url"], "max_length": "300", "start_index": "fifty"}),
         Call("fetch", {"url": PAGE["url"], "max_length": 300, "start_index": 50})),
        (Call("fetch", {"url": PAGE["url"], "raw": "yes"}), Call("fetch", {"url": PAGE["url"], "raw": True})),
    ],
)

WORD_MCP1 = dataclasses.replace(
    WORD,
    name="office-word-mcp-server (mcp 1.x)",
    package="PyPI office-word-mcp-server 1.1.5",
    framework="mcp 1.30 FastMCP (mcp.server.fastmcp)",
    python=SERVERS_PYTHON_MCP1,
    console=True,
    target=lambda work: ["word_mcp_server"],
    env=lambda work: {},
    spellings=lambda work: [
        (
            Call("add_heading", {"filename": "doc.docx", "text": "Spelled", "level": "three"}),
            Call("add_heading", {"filename": "doc.docx", "text": "Spelled", "level": 3}),
        ),
        (
            Call("add_table", {"filename": "doc.docx", "rows": "two", "cols": "2"}),
            Call("add_table", {"filename": "doc.docx", "rows": 2, "cols": 2}),
        ),
        # Not "yes"/"no": FastMCP's pydantic arguments model reads those itself (lax mode), so
        # the plain server accepts them.
        (
            Call("find_text_in_document", {"filename": "doc.docx", "text_to_find": "report", "match_case": "ne", "whole_word": "ano"}),
            Call("find_text_in_document", {"filename": "doc.docx", "text_to_find": "report", "match_case": False, "whole_word": True}),
        ),
    ],
)


# --- ours: a recursive model ---------------------------------------------------------------------

RECURSIVE = Server(
    name="recursive-filter (ours)",
    package="tests/published/recursive_server.py (OURS: no published server with a recursive model was found)",
    framework="fastmcp 4.1 FastMCP",
    runtime="python",
    target=lambda work: [str(HERE / "recursive_server.py")],
    env=lambda work: {"FASTMCP_SHOW_CLI_BANNER": "false"},
    per_tool=25,
    examples=lambda work: [
        Call("search_books", {"filter": {"field": "author", "op": "contains", "value": "Čapek"}}),
        Call("search_books", {"filter": {"all": [
            {"field": "language", "op": "eq", "value": "cs"},
            {"not": {"field": "available", "op": "eq", "value": False}},
            {"any": [{"field": "year", "op": "lt", "value": 1900}, {"field": "pages", "op": "gte", "value": 300}]},
        ]}, "sort_by": "year", "descending": True, "limit": 2}),
        Call("search_books", {"filter": {"field": "added", "op": "gte", "value": "2025-01-01"}, "published_after": "1930-01-01"}),
    ],
    spellings=lambda work: [
        (
            Call("search_books", {"filter": {"field": "author", "op": "contains", "value": "Čapek"}, "sort_by": "Year", "descending": "ano"}),
            Call("search_books", {"filter": {"field": "author", "op": "contains", "value": "Čapek"}, "sort_by": "year", "descending": True}),
        ),
        (
            Call("search_books", {"filter": {"not": {"field": "language", "op": "eq", "value": "cs"}}, "published_after": "1. 1. 1900"}),
            Call("search_books", {"filter": {"not": {"field": "language", "op": "eq", "value": "cs"}}, "published_after": "1900-01-01"}),
        ),
    ],
)

ALL: List[Server] = [TIME, GIT, FETCH, MEMORY, FILESYSTEM, EVERYTHING, WORD, TIME_MCP1, GIT_MCP1, FETCH_MCP1, WORD_MCP1, RECURSIVE]
