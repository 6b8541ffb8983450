"""Path confinement for the built-in file tools.

Every path a tool receives is resolved against the workdir and then through every symlink
(``os.path.realpath``); the result must lie inside the workdir or an allowed root (such as a
read-write Memory Store mount) or, for reading only, inside one of the read-only roots (published
Skills, read-only stores); a path inside a read-only root is never writable, even within the
workdir. Anything else is refused with a ``ToolInputError``, which the tools turn into an error
result, never an exception for the runner.

Lifecycle: one ``Workspace`` per toolset. Not responsible for isolation against a process that
races symlinks on purpose: the Work container is the isolation boundary; this keeps honest
mistakes and model-chosen paths inside the Session workspace.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

__all__ = ["ToolInputError", "Workspace"]


def _under(real: Path, root: Path) -> bool:
    return real == root or root in real.parents


class ToolInputError(Exception):
    """A tool input the model must fix (bad path, missing field); reported as an error result."""


class Workspace:
    """The workdir and allowed roots (read-write) and optional read-only roots of one toolset."""

    def __init__(
        self,
        workdir: str | os.PathLike[str],
        read_only_roots: Iterable[str | os.PathLike[str]] = (),
        allowed_roots: Iterable[str | os.PathLike[str]] = (),
    ) -> None:
        self.root = Path(os.path.realpath(workdir))
        self.read_only_roots = tuple(Path(os.path.realpath(root)) for root in read_only_roots)
        self.allowed_roots = tuple(Path(os.path.realpath(root)) for root in allowed_roots)

    def resolve(self, path: object, *, write: bool = False, field: str = "file_path") -> Path:
        """The real path of ``path`` (relative paths are under the workdir), or raise ``ToolInputError``."""
        if not isinstance(path, str) or not path.strip():
            raise ToolInputError(f"{field} must be a non-empty string")
        if "\x00" in path:
            raise ToolInputError(f"{field} must not contain NUL bytes")
        candidate = path if os.path.isabs(path) else os.path.join(self.root, path)
        real = Path(os.path.realpath(candidate))
        if not self.allows(real, write=write):
            where = "the workspace" if write else "the workspace or its read-only roots"
            raise ToolInputError(f"{path} resolves outside {where}")
        return real

    def to_json(self) -> dict[str, object]:
        """The roots, for rebuilding this workspace in a child process (:meth:`from_json`)."""
        return {
            "root": str(self.root),
            "read_only_roots": [str(r) for r in self.read_only_roots],
            "allowed_roots": [str(r) for r in self.allowed_roots],
        }

    @classmethod
    def from_json(cls, value: dict[str, object]) -> Workspace:
        """The workspace :meth:`to_json` described."""
        read_only, allowed = value["read_only_roots"], value["allowed_roots"]
        assert isinstance(read_only, list)
        assert isinstance(allowed, list)
        return cls(str(value["root"]), read_only, allowed)

    def allows(self, real: Path, *, write: bool = False) -> bool:
        """Whether an already resolved path lies inside the allowed roots (never a read-only one for writing)."""
        if write and any(_under(real, root) for root in self.read_only_roots):
            return False
        roots = (self.root, *self.allowed_roots) if write else (self.root, *self.allowed_roots, *self.read_only_roots)
        return any(_under(real, root) for root in roots)

    def display(self, real: Path) -> str:
        """``real`` relative to the workdir when inside it, else absolute."""
        try:
            return str(real.relative_to(self.root)) or "."
        except ValueError:
            return str(real)
