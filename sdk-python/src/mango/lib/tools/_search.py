"""The ``glob`` and ``grep`` built-in tools, confined to a ``Workspace``.

- ``glob``: ``pattern`` (relative, no ``..``), optional ``path``; files only, newest
  modification time first, at most 200 paths. Matches that resolve (through symlinks) outside
  the allowed roots are dropped.
- ``grep``: ``pattern`` (a Python regular expression), optional ``path`` (a file or folder);
  ``path:line:text`` lines in path order, at most 100 KiB of output; lines longer than 2,000
  characters and binary files are skipped; ``.git`` folders are not searched.

Both end within their deadline (``TOOL_DEADLINE_SECONDS`` by default) or when cancelled. ``grep``
runs in a child process (``_grep_child``) that is killed then: Python's regular expression engine
holds the interpreter for the whole of a match, so a catastrophic pattern in a thread would
freeze the event loop (and the item's heartbeats) with no way to stop it.

Lifecycle: stateless; nothing to close. Not responsible for ripgrep-compatible syntax.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

import anyio

from .._tool import ToolResult
from ._files import TOOL_DEADLINE_SECONDS, deadline_result, run_guarded
from ._paths import ToolInputError, Workspace

__all__ = ["GLOB_LIMIT", "GREP_LIMIT_BYTES", "GREP_MAX_LINE", "GlobTool", "GrepTool"]

GLOB_LIMIT = 200
GREP_LIMIT_BYTES = 100 * 1024
GREP_MAX_LINE = 2000
_SKIP_DIRS = frozenset({".git"})
_TRUNCATED = "[output truncated]"


def _base(workspace: Workspace, input: Mapping[str, Any]) -> Path:
    path = input.get("path")
    return workspace.root if path is None or path == "" else workspace.resolve(path, field="path")


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


class GlobTool:
    """``glob``: files matching a relative pattern, newest first."""

    name = "glob"
    #: Changes nothing: the tool runner may run it again after a reclaim without recording a start.
    read_only = True

    def __init__(
        self, workspace: Workspace, *, limit: int = GLOB_LIMIT, deadline: float = TOOL_DEADLINE_SECONDS
    ) -> None:
        self.workspace = workspace
        self.limit = limit
        self.deadline = deadline

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        return await run_guarded(self._glob, input, deadline=self.deadline, name=self.name)

    def _glob(self, input: Mapping[str, Any]) -> str:
        pattern = input.get("pattern")
        if not isinstance(pattern, str) or not pattern.strip():
            raise ToolInputError("pattern must be a non-empty string")
        if os.path.isabs(pattern) or ".." in PurePosixPath(pattern).parts:
            raise ToolInputError("pattern must be relative and must not contain '..'")
        base = _base(self.workspace, input)
        if not base.is_dir():
            raise ToolInputError(f"{self.workspace.display(base)} is not a directory")
        matches = {real for real in self._matches(base, pattern)}
        ordered = sorted(matches, key=lambda p: (-_mtime(p), str(p)))
        shown = [self.workspace.display(p) for p in ordered[: self.limit]]
        if not shown:
            return "No files matched."
        more = len(ordered) - len(shown)
        return "\n".join(shown) + (f"\n[{more} more matches not shown]" if more > 0 else "")

    def _matches(self, base: Path, pattern: str) -> Iterator[Path]:
        for match in base.glob(pattern):
            real = Path(os.path.realpath(match))
            if self.workspace.allows(real) and real.is_file():
                yield real


class GrepTool:
    """``grep``: regular-expression search over files, ``path:line:text``."""

    name = "grep"
    #: Changes nothing: the tool runner may run it again after a reclaim without recording a start.
    read_only = True

    def __init__(
        self, workspace: Workspace, *, limit_bytes: int = GREP_LIMIT_BYTES, deadline: float = TOOL_DEADLINE_SECONDS
    ) -> None:
        self.workspace = workspace
        self.limit_bytes = limit_bytes
        self.deadline = deadline

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        request = json.dumps({"workspace": self.workspace.to_json(), "limit_bytes": self.limit_bytes, "input": input})
        argv = [sys.executable, "-m", "mango.lib.tools._grep_child"]
        process = await anyio.open_process(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            with anyio.move_on_after(self.deadline):
                return await _exchange(process, request.encode())
            return deadline_result(self.name, self.deadline)
        finally:
            # On the deadline, on cancellation and after an answer alike: nothing outlives the call.
            with anyio.CancelScope(shield=True):
                if process.returncode is None:
                    process.kill()
                await process.wait()
                await process.aclose()

    def search(self, input: Mapping[str, Any]) -> str:
        """The search itself, synchronously (run in the child process)."""
        pattern = input.get("pattern")
        if not isinstance(pattern, str) or not pattern:
            raise ToolInputError("pattern must be a non-empty string")
        try:
            regex = re.compile(pattern)
        except re.error as exc:
            raise ToolInputError(f"pattern is not a valid regular expression: {exc}") from None
        out: list[str] = []
        size = 0
        for path in self._files(_base(self.workspace, input)):
            for line in self._hits(path, regex):
                size += len(line.encode("utf-8")) + 1
                if size > self.limit_bytes:
                    return "\n".join([*out, _TRUNCATED])
                out.append(line)
        return "\n".join(out) if out else "No matches."

    def _files(self, base: Path) -> Iterator[Path]:
        if base.is_file():
            yield base
            return
        for folder, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if d not in _SKIP_DIRS)
            for name in sorted(files):
                real = Path(os.path.realpath(os.path.join(folder, name)))
                if self.workspace.allows(real) and real.is_file():
                    yield real

    def _hits(self, path: Path, regex: re.Pattern[str]) -> Iterator[str]:
        shown = self.workspace.display(path)
        try:
            with path.open("rb") as handle:
                if b"\x00" in handle.read(8192):
                    return
                handle.seek(0)
                for number, raw in enumerate(handle, start=1):
                    line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
                    if len(line) <= GREP_MAX_LINE and regex.search(line):
                        yield f"{shown}:{number}:{line}"
        except OSError:
            return


async def _exchange(process: anyio.abc.Process, request: bytes) -> ToolResult:
    assert process.stdin is not None
    assert process.stdout is not None
    await process.stdin.send(request)
    await process.stdin.aclose()
    chunks = [chunk async for chunk in process.stdout]
    await process.wait()
    try:
        answer = json.loads(b"".join(chunks))
        return ToolResult(str(answer["text"]), is_error=bool(answer["is_error"]))
    except (ValueError, KeyError, TypeError):
        return ToolResult(f"The grep tool failed (exit code {process.returncode}).", is_error=True)
