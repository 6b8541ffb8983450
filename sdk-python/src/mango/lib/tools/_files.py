"""The ``read``, ``write`` and ``edit`` built-in tools, confined to a ``Workspace``.

- ``read``: ``file_path``, optional ``view_range`` ``[start, end]`` (1-based, inclusive; an end
  of 0 or less reads to the end of the file). At most 64 KiB is returned; a larger selection is
  cut with a message pointing at ``view_range`` and bash (``head``, ``tail``, ``sed``, ``dd``).
- ``write``: ``file_path``, ``content``; creates parent folders.
- ``edit``: ``file_path``, ``old_string``, ``new_string``, ``replace_all``; ``old_string`` must
  occur exactly once unless ``replace_all``.

Filesystem work runs in a worker thread so heartbeats keep flowing, bounded by a deadline
(``TOOL_DEADLINE_SECONDS`` unless the tool is built with another): past it, or when the caller is
cancelled (the item stopped, the lease lost), the call returns at once and the thread is abandoned.
Only regular files are opened (with ``O_NONBLOCK`` first), so a FIFO or device never blocks a
call. Input and filesystem errors become error results. Lifecycle: stateless; nothing to close.
Not responsible for permissions (the runner) or for paths outside the workspace (refused).
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any

import anyio.to_thread

from .._tool import ToolResult
from ._paths import ToolInputError, Workspace

__all__ = [
    "READ_LIMIT_BYTES",
    "TOOL_DEADLINE_SECONDS",
    "EditTool",
    "ReadTool",
    "WriteTool",
    "deadline_result",
    "open_regular",
    "run_guarded",
]

READ_LIMIT_BYTES = 64 * 1024
TOOL_DEADLINE_SECONDS = 60.0


def deadline_result(name: str, deadline: float) -> ToolResult:
    """The error result of a call that ran out of time."""
    return ToolResult(f"The {name} tool did not finish within {deadline:g} seconds.", is_error=True)


async def run_guarded(
    func: Callable[[Mapping[str, Any]], str],
    input: Mapping[str, Any],
    *,
    deadline: float = TOOL_DEADLINE_SECONDS,
    name: str = "file",
) -> ToolResult:
    """Run a sync tool body in a thread for at most ``deadline`` seconds; errors become error results.

    A thread cannot be interrupted: on the deadline or on cancellation it is abandoned (it ends on
    its own, or with the process), so the item never waits for it.
    """
    try:
        with anyio.move_on_after(deadline) as scope:
            return ToolResult(await anyio.to_thread.run_sync(func, input, abandon_on_cancel=True))
        assert scope.cancelled_caught
        return deadline_result(name, deadline)
    except ToolInputError as exc:
        return ToolResult(str(exc), is_error=True)
    except OSError as exc:
        return ToolResult(f"{exc.strerror or type(exc).__name__}: {exc.filename or ''}".rstrip(": "), is_error=True)


def open_regular(path: Path, mode: str, display: str) -> IO[bytes]:
    """Open ``path`` (``"rb"`` or ``"wb"``) only if it is a regular file: never blocks on a FIFO or device."""
    flags = os.O_RDONLY if mode == "rb" else os.O_WRONLY | os.O_CREAT | os.O_TRUNC
    try:
        # O_NONBLOCK: opening a FIFO would otherwise wait for a peer forever (ENXIO when writing).
        fd = os.open(path, flags | os.O_NONBLOCK | os.O_NOCTTY, 0o666)
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # a FIFO without a reader
            raise ToolInputError(f"{display} is not a regular file") from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise ToolInputError(f"{display} is not a regular file")
    os.set_blocking(fd, True)
    return os.fdopen(fd, mode)


def _text(input: Mapping[str, Any], key: str, *, allow_empty: bool = True) -> str:
    value = input.get(key)
    if not isinstance(value, str) or (not allow_empty and not value):
        raise ToolInputError(f"{key} must be a {'' if allow_empty else 'non-empty '}string")
    return value


def _view_range(value: object) -> tuple[int, int]:
    if value is None:
        return 1, 0
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise ToolInputError("view_range must be two integers [start, end]")
    start, end = int(value[0]), int(value[1])
    if start < 1:
        raise ToolInputError("view_range start must be 1 or more")
    if 0 < end < start:
        raise ToolInputError("view_range end must be at least start (or 0 or less to read to the end)")
    return start, end


class ReadTool:
    """``read``: a line range of a text file, at most 64 KiB."""

    name = "read"
    #: Changes nothing: the tool runner may run it again after a reclaim without recording a start.
    read_only = True

    def __init__(
        self, workspace: Workspace, *, limit_bytes: int = READ_LIMIT_BYTES, deadline: float = TOOL_DEADLINE_SECONDS
    ) -> None:
        self.workspace = workspace
        self.limit_bytes = limit_bytes
        self.deadline = deadline

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        return await run_guarded(self._read, input, deadline=self.deadline, name=self.name)

    def _read(self, input: Mapping[str, Any]) -> str:
        path = self.workspace.resolve(input.get("file_path"))
        start, end = _view_range(input.get("view_range"))
        if path.is_dir():
            raise ToolInputError(f"{self.workspace.display(path)} is a directory; use glob or bash ls")
        chunks: list[bytes] = []
        size = lines = 0
        with open_regular(path, "rb", self.workspace.display(path)) as handle:
            for lines, line in enumerate(handle, start=1):
                if lines < start:
                    continue
                if 0 < end < lines:
                    break
                if size + len(line) > self.limit_bytes:
                    chunks.append(line[: self.limit_bytes - size])
                    return self._decode(chunks) + self._cut_message(lines)
                chunks.append(line)
                size += len(line)
        if start > max(lines, 1):
            raise ToolInputError(f"view_range starts after the end of the file ({lines} lines)")
        return self._decode(chunks)

    @staticmethod
    def _decode(chunks: list[bytes]) -> str:
        return b"".join(chunks).decode("utf-8", errors="replace")

    def _cut_message(self, line: int) -> str:
        return (
            f"\n[output truncated at {self.limit_bytes} bytes, in line {line}; read a smaller view_range, "
            "or use bash (head, tail, sed -n, dd) for large files]"
        )


class WriteTool:
    """``write``: create or replace a file, creating parent folders."""

    name = "write"

    def __init__(self, workspace: Workspace, *, deadline: float = TOOL_DEADLINE_SECONDS) -> None:
        self.workspace = workspace
        self.deadline = deadline

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        return await run_guarded(self._write, input, deadline=self.deadline, name=self.name)

    def _write(self, input: Mapping[str, Any]) -> str:
        path = self.workspace.resolve(input.get("file_path"), write=True)
        content = _text(input, "content")
        if path.is_dir():
            raise ToolInputError(f"{self.workspace.display(path)} is a directory")
        path.parent.mkdir(parents=True, exist_ok=True)
        data = content.encode("utf-8")
        with open_regular(path, "wb", self.workspace.display(path)) as handle:
            handle.write(data)
        return f"Wrote {len(data)} bytes to {self.workspace.display(path)}"


class EditTool:
    """``edit``: replace ``old_string`` (unique unless ``replace_all``) with ``new_string``."""

    name = "edit"

    def __init__(self, workspace: Workspace, *, deadline: float = TOOL_DEADLINE_SECONDS) -> None:
        self.workspace = workspace
        self.deadline = deadline

    async def run(self, input: Mapping[str, Any]) -> ToolResult:
        return await run_guarded(self._edit, input, deadline=self.deadline, name=self.name)

    def _edit(self, input: Mapping[str, Any]) -> str:
        path = self.workspace.resolve(input.get("file_path"), write=True)
        old, new = _text(input, "old_string", allow_empty=False), _text(input, "new_string")
        replace_all = input.get("replace_all", False)
        if not isinstance(replace_all, bool):
            raise ToolInputError("replace_all must be a boolean")
        if old == new:
            raise ToolInputError("old_string and new_string are identical; nothing to change")
        shown = self.workspace.display(path)
        if not path.is_file():
            raise ToolInputError(f"{shown} does not exist or is not a file")
        with open_regular(path, "rb", shown) as handle:
            text = handle.read().decode("utf-8", errors="surrogateescape")
        count = text.count(old)
        if count == 0:
            raise ToolInputError(f"old_string was not found in {shown}")
        if count > 1 and not replace_all:
            raise ToolInputError(
                f"old_string occurs {count} times in {shown}; include more context to make it unique, "
                "or set replace_all to true"
            )
        updated = text.replace(old, new) if replace_all else text.replace(old, new, 1)
        with open_regular(path, "wb", shown) as handle:
            handle.write(updated.encode("utf-8", errors="surrogateescape"))
        return f"Replaced {count if replace_all else 1} occurrence(s) in {shown}"
