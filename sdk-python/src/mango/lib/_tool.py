"""The local tool contract shared by the tool runner, the environment worker and the built-in tools.

A tool is any object with an async ``run(input) -> ToolResult``; an optional async ``close()``
releases what it owns (a shell process). A tool that changes nothing may say so with a class
attribute ``read_only = True`` (the built-in ``read``, ``glob`` and ``grep``): the runner then runs
it without recording its start in the operation journal, so after a reclaim it may run again.
Every other tool is treated as one that can change something (``is_read_only``). Tool errors
the model should see are returned as ``ToolResult(is_error=True)``, not raised; an exception
escaping ``run`` is reported to the Session as an error result by the runner.

Lifecycle: tools are built per Work item by a ``ToolsFactory`` from a ``ToolContext`` and closed
by whoever built them. Not responsible for permissions, scheduling or posting results.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

__all__ = ["Tool", "ToolContext", "ToolResult", "ToolsFactory", "close_tools", "is_read_only"]


@dataclass(frozen=True)
class ToolResult:
    """What a tool returns: text for the model and whether the call failed."""

    text: str
    is_error: bool = False


@runtime_checkable
class Tool(Protocol):
    """A local tool: ``await tool.run({"command": "ls"})``."""

    async def run(self, input: Mapping[str, Any]) -> ToolResult: ...


@dataclass(frozen=True)
class ToolContext:
    """What a tools factory knows about the item it builds tools for.

    ``read_only_roots`` (published Skills, read-only Memory Stores) may be read but not written;
    ``allowed_roots`` (read-write Memory Store mounts) may be read and written besides the workdir.
    """

    workdir: Path
    session_id: str
    work_id: str
    environment_id: str
    read_only_roots: tuple[Path, ...] = ()
    allowed_roots: tuple[Path, ...] = ()


ToolsFactory = Callable[[ToolContext], Mapping[str, Tool]]


def is_read_only(tool: object) -> bool:
    """Whether ``tool`` declares that it changes nothing (``read_only = True``); anything else is journalled."""
    return getattr(tool, "read_only", False) is True


async def close_tools(tools: Mapping[str, Tool]) -> list[BaseException]:
    """Close every tool that has a ``close()``; return the errors instead of raising the first."""
    errors: list[BaseException] = []
    for tool in tools.values():
        close = getattr(tool, "close", None)
        if close is None:
            continue
        try:
            outcome = close()
            if inspect.isawaitable(outcome):
                await outcome
        except Exception as exc:
            errors.append(exc)
    return errors
