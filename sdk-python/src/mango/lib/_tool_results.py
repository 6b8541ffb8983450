"""Large MCP results for local tools: download each ``agent.mcp_tool_result.file_id`` File.

The control plane keeps an MCP result over 100,000 characters as a File and gives the model a
preview that names ``.mango-tool-results/{file_id}.txt``. Before the runner dispatches a local tool
call, it calls :func:`materialise_tool_results` so bash (or a bounded read) finds the full text
there. Writes are atomic (a temporary file renamed into place) and confined to the workdir; a File
already present is not downloaded again. When the event gave the File's size and SHA-256, a
download that does not match is not written (one more download is tried; a second mismatch raises
:class:`ResultFileMismatch`, so no tool runs against a corrupt or truncated result). Not
responsible for deciding when to call it (``_tool_runner``) or for any other input (``_skills``,
``_memory``).
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from .._client import AsyncMango

RESULTS_DIR = ".mango-tool-results"
_FILE_ID = re.compile(r"^file_[A-Za-z0-9]+$")


@dataclass(frozen=True)
class ExpectedFile:
    """What a result File's bytes must be (from ``agent.mcp_tool_result``)."""

    size_bytes: int
    sha256: str

    def matches(self, data: bytes) -> bool:
        return len(data) == self.size_bytes and hashlib.sha256(data).hexdigest() == self.sha256


class ResultFileMismatch(Exception):
    """A downloaded result File does not have the size or SHA-256 its event announced."""


def result_path(workdir: str | os.PathLike[str], file_id: str) -> Path:
    """Where a result File lives in the Session workspace."""
    if not _FILE_ID.match(file_id):
        raise ValueError(f"not a File id: {file_id!r}")
    return Path(workdir) / RESULTS_DIR / f"{file_id}.txt"


async def materialise_tool_results(
    client: AsyncMango,
    workdir: str | os.PathLike[str],
    file_ids: Iterable[str],
    expected: Mapping[str, ExpectedFile] | None = None,
) -> list[Path]:
    """Download the result Files not yet in ``<workdir>/.mango-tool-results``; returns the paths written.

    Raises:
        ResultFileMismatch: a File's bytes did not match its announced size and SHA-256 twice.
    """
    written: list[Path] = []
    for file_id in file_ids:
        target = result_path(workdir, file_id)
        if target.exists():
            continue
        data = await client.files.content(file_id)
        check = (expected or {}).get(file_id)
        if check is not None and not check.matches(data):
            data = await client.files.content(file_id)  # a transfer fault is worth one more try
            if not check.matches(data):
                raise ResultFileMismatch(
                    f"result File {file_id}: downloaded {len(data)} bytes that do not match the announced "
                    f"{check.size_bytes} bytes and SHA-256"
                )
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = target.with_name(f".{file_id}.{secrets.token_hex(4)}.part")
        staging.write_bytes(data)
        os.replace(staging, target)
        written.append(target)
    return written
