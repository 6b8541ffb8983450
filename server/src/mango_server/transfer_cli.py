"""``mango file upload|download`` and ``mango skill upload``: streaming transfers from a terminal.

Each command builds one ``mango.Mango`` client from ``MANGO_BASE_URL`` / ``MANGO_API_KEY`` (like
``mango connect``), runs one of the SDK's streaming helpers (``files.upload_path``,
``files.download_to``, ``skills.create_from_path``, ``skills.versions.create_from_path``) and
prints the resulting metadata as one JSON line on stdout. While bytes move, a progress bar with
bytes, rate and ETA is drawn on stderr when stderr is a terminal; otherwise nothing but the JSON
line is written. Not responsible for the transfer itself (the SDK streams, verifies and retries).
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Protocol

from mango import Mango, MangoError, ProgressCallback
from rich.console import Console
from rich.progress import (
    BarColumn,
    DownloadColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
    TransferSpeedColumn,
)


class _Resource(Protocol):
    """What a transfer answers: an SDK model, printed as its JSON object."""

    def to_dict(self) -> Mapping[str, object]: ...


@contextmanager
def progress_bar(description: str) -> Iterator[ProgressCallback]:
    """A progress callback drawing a bar on stderr when it is a TTY, a no-op otherwise."""
    console = Console(stderr=True)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        DownloadColumn(),
        TransferSpeedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False, disable=not console.is_terminal) as progress:
        task = progress.add_task(description, total=None)

        def update(done: int, total: int | None) -> None:
            progress.update(task, completed=done, total=total)

        yield update


def _run(description: str, action: Callable[[Mango, ProgressCallback], _Resource]) -> int:
    # One log line per request would interleave with the bar and break the quiet non-TTY output.
    logging.getLogger("httpx").setLevel(logging.WARNING)
    try:
        with Mango() as client, progress_bar(description) as on_progress:
            result = action(client, on_progress)
    except (MangoError, OSError, ValueError) as exc:
        print(f"mango: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result.to_dict()))
    return 0


def run_file_upload(path: str) -> int:
    """Upload ``path`` as a File; print its metadata."""
    return _run(f"upload {Path(path).name}", lambda c, progress: c.files.upload_path(path, on_progress=progress))


def run_file_download(file_id: str, path: str) -> int:
    """Download File ``file_id`` to ``path`` (verified, written atomically); print its metadata."""
    return _run(f"download {file_id}", lambda c, progress: c.files.download_to(file_id, path, on_progress=progress))


def run_skill_upload(path: str, skill_id: str | None, display_title: str | None) -> int:
    """Create a Skill (or, with ``skill_id``, a new version) from a zip or a directory; print it."""
    name = f"upload {Path(path).name}"
    if skill_id is not None:
        return _run(name, lambda c, p: c.skills.versions.create_from_path(skill_id, path, on_progress=p))
    return _run(name, lambda c, p: c.skills.create_from_path(path, display_title=display_title, on_progress=p))
