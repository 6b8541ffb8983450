"""Skill archive intake and the periodic object-storage maintenance pass.

An archive is spooled to a temporary file (in memory up to 1 MiB, then on disk) while its size
is bounded, validated there (``domain.skill_archive``, in a worker thread), and only then
streamed to object storage under a leased upload. SessionToken access to Skills is decided by
:func:`require_pinned`.
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import IO, Any, TypeVar

import anyio

from mango_server.app.blobs import BlobWrites
from mango_server.domain.errors import NotFoundError
from mango_server.domain.skill_archive import Limits, SkillArchive, validate_archive
from mango_server.settings import Settings
from mango_server.store import sessions, skills
from mango_server.store.db import transaction

T = TypeVar("T")
SPOOL_MEMORY = 1024 * 1024
CHUNK = 256 * 1024


def limits(settings: Settings) -> Limits:
    """The configured archive bounds."""
    return Limits(
        max_archive_bytes=settings.skills_max_archive_bytes,
        max_expanded_bytes=settings.skills_max_expanded_bytes,
        max_members=settings.skills_max_members,
    )


async def spool(chunks: AsyncIterator[bytes]) -> IO[bytes]:
    """Copy an upload into a temporary file (the caller closes it)."""
    file: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=SPOOL_MEMORY)  # noqa: SIM115 - returned open
    try:
        async for chunk in chunks:
            await anyio.to_thread.run_sync(file.write, chunk)
    except BaseException:
        file.close()
        raise
    return file


async def validate(file: IO[bytes], settings: Settings) -> SkillArchive:
    """Validate a spooled archive off the event loop."""
    return await anyio.to_thread.run_sync(validate_archive, file, limits(settings))


async def _read_file(file: IO[bytes]) -> AsyncIterator[bytes]:
    file.seek(0)
    while chunk := await anyio.to_thread.run_sync(file.read, CHUNK):
        yield chunk


async def store_archive(
    writes: BlobWrites,
    workspace_id: str,
    key: str,
    file: IO[bytes],
    publish: Callable[[Any, int, str], Awaitable[T]],
) -> T:
    """Upload a validated archive under a lease and publish it with ``publish(conn, size, sha256)``."""
    return await writes.upload(workspace_id, key, _read_file(file), "application/zip", publish)


async def require_pinned(
    conn: Any, credential: str, workspace_id: str, session_id: str | None, skill_id: str, version: int | None
) -> None:
    """A session token (``credential == "SessionToken"``) reaches only the Skill versions its Session
    pins; others are not found. Other credentials pass."""
    if credential != "SessionToken":
        return
    if session_id is None:
        raise NotFoundError(f"skill {skill_id} not found")
    session = await sessions.get_row(conn, workspace_id, session_id)
    pinned = skills.pins(session.agent_snapshot)
    ok = any(s == skill_id for s, _ in pinned) if version is None else (skill_id, version) in pinned
    if not ok:
        what = f"skill {skill_id}" if version is None else f"skill {skill_id} version {version}"
        raise NotFoundError(f"{what} not found")


async def recovery_pass(writes: BlobWrites) -> None:
    """Remove abandoned uploads and deleted objects, and release Skill versions no Session pins."""
    async with transaction(writes.pool) as conn:
        released = await skills.purge_released(conn)
        guards = [(await writes.guard_removal(conn, ws, key), key) for ws, key in released]
    for guard_id, key in guards:
        await writes.remove(guard_id, key)
    await writes.recover()
