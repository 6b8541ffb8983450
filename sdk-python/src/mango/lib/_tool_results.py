"""Large MCP results for local tools: download each ``agent.mcp_tool_result.file_id`` File.

The control plane keeps an MCP result over 100,000 characters as a File and gives the model a
preview that names ``.mango-tool-results/{file_id}.txt``. Before the runner dispatches a local
tool call, it calls :func:`materialise_tool_results` so bash (or a bounded read) finds the full
text there. Writes are atomic (a temporary file renamed into place) and confined to the workdir;
a File already present is not downloaded again. Not responsible for deciding when to call it
(``_tool_runner``) or for any other input (``_skills``, ``_memory``).
"""

from __future__ import annotations

import os
import re
import secrets
from collections.abc import Iterable
from pathlib import Path

from .._client import AsyncMango

RESULTS_DIR = ".mango-tool-results"
_FILE_ID = re.compile(r"^file_[A-Za-z0-9]+$")


def result_path(workdir: str | os.PathLike[str], file_id: str) -> Path:
    """Where a result File lives in the Session workspace."""
    if not _FILE_ID.match(file_id):
        raise ValueError(f"not a File id: {file_id!r}")
    return Path(workdir) / RESULTS_DIR / f"{file_id}.txt"


async def materialise_tool_results(
    client: AsyncMango, workdir: str | os.PathLike[str], file_ids: Iterable[str]
) -> list[Path]:
    """Download the result Files not yet in ``<workdir>/.mango-tool-results``; returns the paths written."""
    written: list[Path] = []
    for file_id in file_ids:
        target = result_path(workdir, file_id)
        if target.exists():
            continue
        data = await client.files.content(file_id)
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = target.with_name(f".{file_id}.{secrets.token_hex(4)}.part")
        staging.write_bytes(data)
        os.replace(staging, target)
        written.append(target)
    return written
