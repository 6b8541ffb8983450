"""Built-in local tools for self-hosted workers: ``bash``, ``read``, ``write``, ``edit``, ``glob``, ``grep``.

File tools are confined to the workdir and allowed roots (and, for reading, optional read-only
roots) after symlink resolution; ``bash`` runs one persistent shell in the workdir. ``default_toolset``
builds all six for one Work activation; the caller closes them (``mango.lib.close_tools``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from .._tool import Tool
from ._bash import BashTool
from ._files import TOOL_DEADLINE_SECONDS, EditTool, ReadTool, WriteTool
from ._paths import ToolInputError, Workspace
from ._search import GlobTool, GrepTool

__all__ = [
    "TOOL_DEADLINE_SECONDS",
    "BashTool",
    "EditTool",
    "GlobTool",
    "GrepTool",
    "ReadTool",
    "ToolInputError",
    "Workspace",
    "WriteTool",
    "default_toolset",
]


def default_toolset(
    workdir: str | os.PathLike[str],
    read_only_roots: Iterable[str | os.PathLike[str]] = (),
    *,
    env: Mapping[str, str] | None = None,
    allowed_roots: Iterable[str | os.PathLike[str]] = (),
    tool_deadline: float = TOOL_DEADLINE_SECONDS,
) -> dict[str, Tool]:
    """The six built-in tools for ``workdir``, by name.

    Args:
        workdir: the Session workspace; file tools may write here and in ``allowed_roots``.
        read_only_roots: folders ``read``, ``glob`` and ``grep`` may read but no tool may write.
        env: extra variables for the shell (``MANGO_*`` are removed).
        allowed_roots: extra folders the file tools may read and write (read-write store mounts).
        tool_deadline: seconds a ``read``, ``write``, ``edit``, ``glob`` or ``grep`` call may take
            before it ends with an error result (``bash`` has its own ``timeout_ms``).
    """
    workspace = Workspace(workdir, read_only_roots, allowed_roots)
    return {
        "bash": BashTool(workspace.root, env=env),
        "read": ReadTool(workspace, deadline=tool_deadline),
        "write": WriteTool(workspace, deadline=tool_deadline),
        "edit": EditTool(workspace, deadline=tool_deadline),
        "glob": GlobTool(workspace, deadline=tool_deadline),
        "grep": GrepTool(workspace, deadline=tool_deadline),
    }
