"""The ``glob`` and ``grep`` built-in tools, confined to a ``Workspace``.

- ``glob``: ``pattern`` (relative, no ``..``), optional ``path``; files only, newest
  modification time first, at most 200 paths. Matches that resolve (through symlinks) outside
  the allowed roots are dropped.
- ``grep``: ``pattern`` (a Python regular expression), optional ``path`` (a file or folder);
  ``path:line:text`` lines in path order, at most 100 KiB of output; lines longer than 2,000
  characters and binary files are skipped; ``.git`` folders are not searched.

Lifecycle: stateless; nothing to close. Not responsible for ripgrep-compatible syntax.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path, PurePosixPath
from typing import Any

from .._tool import ToolResult
from ._files import run_guarded
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

    def __init__(self, workspace: Workspace, *, limit: int = GLOB_LIMIT) -> None:
        self.workspace = workspace
        self.limit = limit

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        return await run_guarded(self._glob, input)

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

    def __init__(self, workspace: Workspace, *, limit_bytes: int = GREP_LIMIT_BYTES) -> None:
        self.workspace = workspace
        self.limit_bytes = limit_bytes

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        return await run_guarded(self._grep, input)

    def _grep(self, input: Mapping[str, Any]) -> str:
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
