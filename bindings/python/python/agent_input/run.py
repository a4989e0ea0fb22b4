"""Runs a Python MCP server, unchanged, with its tools read leniently by agent-input.

    python -m agent_input.run [OPTIONS] -m MODULE [ARGS...]        # as `python -m MODULE ARGS...`
    python -m agent_input.run [OPTIONS] SCRIPT.py [ARGS...]        # as `python SCRIPT.py ARGS...`
    python -m agent_input.run [OPTIONS] -c ENTRY [ARGS...]         # a console script: its name
                                                                   # (`mcp-server-git`) or `module:function`

The server's own entry point runs in this process (`runpy`, `sys.argv` as it expects it); every
server object it builds is made lenient (`agent_input.mcp.lenient`) before it serves: the
constructors of `fastmcp.FastMCP` (fastmcp 4), `mcp.server.mcpserver.MCPServer` (mcp 2) and
`mcp.server.fastmcp.FastMCP` (mcp 1) call `lenient()` at their end, and the low-level
`mcp.server.lowlevel.Server.run` (mcp 1 and 2), which every one of them serves stdio through,
makes a low-level server lenient when no framework above it is. An explicit `lenient(server,
...)` in the server's own code runs after the constructor's, so the author's configuration wins.

OPTIONS (each also read from the environment, so a client's config can set it; an option given
wins over its variable):

    --overrides FILE      JSON: a tool name -> its overrides object, or false   AGENT_INPUT_OVERRIDES
    --languages cs,de     the languages the callers write                       AGENT_INPUT_LANGUAGES
    --today utc|local|YYYY-MM-DD   the day relative dates are read against      AGENT_INPUT_TODAY
    --implied-kinds       a property's name implies its kind                    AGENT_INPUT_IMPLIED_KINDS=1
    --receipts memory|sqlite:PATH|redis://HOST:PORT|postgres://USER@HOST:PORT/DB  where receipts are kept   AGENT_INPUT_RECEIPTS

stdout is the MCP stdio channel: this wrapper never writes to it. Its own failures (bad options,
no MCP package installed, a server class of a version it cannot hook, an entry point that builds
no server agent-input supports before it exits) are one line on stderr, starting
`agent_input.run:`, and exit code 2; a server never runs without the reader.
"""

from __future__ import annotations

import datetime
import functools
import importlib
import importlib.util
import json
import os
import runpy
import sys
import traceback
from typing import Any, Callable, Dict, List, NoReturn, Optional, Sequence, Tuple

__all__ = ["main"]

USAGE = (
    "usage: python -m agent_input.run [--overrides FILE] [--languages cs,de] [--today utc|local|YYYY-MM-DD] "
    "[--implied-kinds] [--receipts memory|sqlite:PATH|redis://HOST:PORT|postgres://USER@HOST:PORT/DB] (-m MODULE | -c ENTRY_POINT | SCRIPT.py) [ARGS...]"
)

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("", "0", "false", "no", "off")


class _Usage(Exception):
    """A wrapper error, reported as one line and exit code 2."""


def _fail(message: str) -> NoReturn:
    """One line on stderr, exit code 2, now: also from inside a running event loop, where an
    exception could be swallowed by the server's task group and leave it serving without the
    reader."""
    sys.stderr.write(f"agent_input.run: {message}\n")
    sys.stderr.flush()
    os._exit(2)


def _today(value: str) -> Callable[[], datetime.date]:
    if value == "utc":
        return lambda: datetime.datetime.now(datetime.timezone.utc).date()
    if value == "local":
        return datetime.date.today
    try:
        day = datetime.date.fromisoformat(value)
    except ValueError:
        raise _Usage(f"--today takes utc, local or a date YYYY-MM-DD, not {value!r}") from None
    return lambda: day


def _overrides(path: str) -> Dict[str, Any]:
    try:
        with open(path, encoding="utf-8") as f:
            loaded = json.load(f)
    except OSError as e:
        raise _Usage(f"cannot read the overrides file {path!r}: {e.strerror or e}") from None
    except ValueError as e:
        raise _Usage(f"the overrides file {path!r} is not JSON: {e}") from None
    if not isinstance(loaded, dict) or not all(isinstance(v, (dict, bool)) for v in loaded.values()):
        raise _Usage(f"the overrides file {path!r} must hold an object: a tool name -> its overrides object, or false")
    return loaded


def parse(argv: Sequence[str], environ: Optional[Dict[str, str]] = None) -> Tuple[Dict[str, Any], str, str, List[str]]:
    """The options for `lenient()`, the entry's form (`module`, `entry`, `script`), the entry,
    and the arguments the server gets. Raises `_Usage`."""
    env = dict(os.environ if environ is None else environ)
    given: Dict[str, Optional[str]] = {
        "overrides": env.get("AGENT_INPUT_OVERRIDES") or None,
        "languages": env.get("AGENT_INPUT_LANGUAGES") or None,
        "today": env.get("AGENT_INPUT_TODAY") or None,
        "receipts": env.get("AGENT_INPUT_RECEIPTS") or None,
    }
    implied = env.get("AGENT_INPUT_IMPLIED_KINDS", "").strip().lower()
    if implied not in _TRUE + _FALSE:
        raise _Usage(f"AGENT_INPUT_IMPLIED_KINDS takes 1 or true (0 or false), not {implied!r}")
    implied_kinds = implied in _TRUE
    args = list(argv)
    i = 0
    form: Optional[str] = None
    entry = ""
    while i < len(args):
        arg = args[i]
        name, eq, inline = arg.partition("=")
        if name in ("--overrides", "--languages", "--today", "--receipts"):
            if eq:
                value = inline
            elif i + 1 < len(args):
                i += 1
                value = args[i]
            else:
                raise _Usage(f"{name} needs a value")
            given[name[2:]] = value
        elif arg == "--implied-kinds":
            implied_kinds = True
        elif arg in ("-m", "-c"):
            if i + 1 >= len(args):
                raise _Usage(f"{arg} needs a {'module' if arg == '-m' else 'console script or module:function'}")
            form = "module" if arg == "-m" else "entry"
            entry = args[i + 1]
            i += 2
            break
        elif arg in ("-h", "--help"):
            raise _Usage(USAGE)
        elif arg.startswith("-"):
            raise _Usage(f"unknown option {arg!r}; {USAGE}")
        else:
            form, entry = "script", arg
            i += 1
            break
        i += 1
    if form is None:
        raise _Usage(f"no server to run; {USAGE}")
    options: Dict[str, Any] = {"implied_kinds": implied_kinds}
    if given["overrides"]:
        options["overrides"] = _overrides(given["overrides"])
    if given["languages"]:
        languages = [tag.strip() for tag in given["languages"].split(",") if tag.strip()]
        if not languages:
            raise _Usage("--languages takes language tags separated by commas, such as cs,de")
        options["languages"] = languages
    if given["today"]:
        options["today"] = _today(given["today"])
    if given["receipts"]:
        from ._agent_input import AgentInputError
        from .mcp import receipt_store

        try:
            options["receipts"] = receipt_store(given["receipts"])
        except AgentInputError as e:
            raise _Usage(f"--receipts: {e}") from None
    return options, form, entry, args[i:]


# --- making every server lenient --------------------------------------------------------


class _Patches:
    """The classes patched in this process, and the servers made lenient."""

    def __init__(self, options: Dict[str, Any]) -> None:
        self.options = options
        self.made = 0

    def lenient(self, server: Any) -> None:
        from .mcp import lenient

        try:
            lenient(server, **self.options)
        except Exception as e:  # noqa: BLE001 - any failure here is the wrapper's, reported as one line
            cls = type(server)
            _fail(f"cannot make the {cls.__module__}.{cls.__qualname__} server lenient: {e}")
        self.made += 1

    def constructor(self, cls: type) -> None:
        """`cls.__init__` made to call `lenient()` on the instance it built."""
        init = cls.__dict__.get("__init__")
        if init is None or getattr(init, "agent_input_patched", False):
            return
        patches = self

        @functools.wraps(init)
        def __init__(server: Any, *args: Any, **kwargs: Any) -> None:
            init(server, *args, **kwargs)
            patches.lenient(server)

        setattr(__init__, "agent_input_patched", True)
        setattr(cls, "__init__", __init__)

    def lowlevel_run(self, cls: type) -> None:
        """The low-level `Server.run` made to make its server lenient when nothing above did."""
        run = cls.__dict__.get("run")
        if run is None or getattr(run, "agent_input_patched", False):
            return
        patches = self

        @functools.wraps(run)
        async def run_lenient(server: Any, *args: Any, **kwargs: Any) -> Any:
            from .mcp import is_lenient

            if not is_lenient(server):
                # Every handler is registered by now; `lenient()` wraps them.
                patches.lenient(server)
            return await run(server, *args, **kwargs)

        setattr(run_lenient, "agent_input_patched", True)
        setattr(cls, "run", run_lenient)


def install(options: Dict[str, Any]) -> _Patches:
    """Patches every supported server class importable here. Raises `_Usage` when none is."""
    patches = _Patches(options)
    found: List[str] = []
    try:
        from fastmcp import FastMCP

        patches.constructor(FastMCP)
        found.append("fastmcp")
    except ImportError:
        pass
    try:
        from mcp.server.lowlevel import Server
    except ImportError:
        Server = None  # type: ignore[assignment,misc]
    if Server is not None:
        if not callable(Server.__dict__.get("run")):
            raise _Usage("this mcp package's mcp.server.lowlevel.Server has no run(): a version agent-input does not know")
        patches.lowlevel_run(Server)
        found.append("mcp")
        for module, name in (("mcp.server.mcpserver", "MCPServer"), ("mcp.server.fastmcp", "FastMCP")):
            try:
                cls = getattr(importlib.import_module(module), name)
            except (ImportError, AttributeError):
                continue
            patches.constructor(cls)
    if not found:
        raise _Usage("neither the mcp nor the fastmcp package is installed in this Python: no server to make lenient")
    return patches


# --- running the entry point ---------------------------------------------------------------


def _entry_point(name: str) -> Callable[[], Any]:
    """A console script's function: `module:function` (`mcp_server_time:main`), or the name of
    an installed console script (`mcp-server-time`), as its package declares it."""
    target = name
    if ":" not in name:
        from importlib.metadata import entry_points

        matches = [ep for ep in entry_points(group="console_scripts") if ep.name == name]
        if not matches:
            raise _Usage(f"no console script named {name!r} is installed (or give module:function)")
        target = matches[0].value
    module, _, attribute = target.partition(":")
    try:
        found: Any = importlib.import_module(module.strip())
    except ImportError as e:
        raise _Usage(f"cannot import {module.strip()!r} for {name!r}: {e}") from None
    for part in attribute.strip().split(".") if attribute.strip() else ():
        found = getattr(found, part, None)
    if not callable(found) or not attribute.strip():
        raise _Usage(f"{target!r} names no function to call")
    return found  # type: ignore[no-any-return]


def _run(form: str, entry: str, args: List[str]) -> None:
    if form == "module":
        try:
            spec = importlib.util.find_spec(entry)
        except ImportError:
            spec = None
        if spec is None:
            raise _Usage(f"no module named {entry!r}")
        sys.argv = [entry, *args]
        runpy.run_module(entry, run_name="__main__", alter_sys=True)
    elif form == "script":
        if not os.path.isfile(entry):
            raise _Usage(f"no script {entry!r}")
        sys.argv = [entry, *args]
        sys.path.insert(0, os.path.dirname(os.path.abspath(entry)))
        runpy.run_path(entry, run_name="__main__")
    else:
        function = _entry_point(entry)
        sys.argv = [entry, *args]
        code = function()
        if code is not None:
            raise SystemExit(code)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """`python -m agent_input.run ...`: the exit code the server's entry point gives."""
    try:
        options, form, entry, args = parse(sys.argv[1:] if argv is None else argv)
        patches = install(options)
    except _Usage as e:
        _fail(str(e))
    code: Any = 0
    try:
        _run(form, entry, args)
    except _Usage as e:
        _fail(str(e))
    except SystemExit as e:
        code = e.code
    except Exception:
        if patches.made:
            raise
        traceback.print_exc()
        code = "an exception"
    if patches.made == 0:
        what = {"module": f"-m {entry}", "script": entry, "entry": f"-c {entry}"}[form]
        how = "raising an exception" if code == "an exception" else f"exit code {code if code is not None else 0}"
        _fail(f"{what} built no MCP server agent-input supports before it exited ({how})")
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1


if __name__ == "__main__":
    sys.exit(main())
