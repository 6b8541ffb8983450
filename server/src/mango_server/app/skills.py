"""Skill use cases: archive intake, versions, reads scoped by session tokens, deletion, maintenance.

An archive is spooled to a temporary file (in memory up to 1 MiB, then on disk) while its size
is bounded, validated there (``domain.skill_archive``, in a worker thread), and only then
streamed to object storage under a leased upload. A session token reaches only the versions its
Session pins (:func:`require_pinned`), including versions hidden by a deletion after the
Session pinned them. Deletion keeps what Sessions pinned: a pinned version is hidden
(``deleted_at``) until no Session pins it, then :func:`recovery_pass` removes it; versions
pinned by a live Agent's current version cannot be deleted (409). Not responsible for
multipart parsing or wire shapes (``api``) or SQL (``store.skills``).
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import IO, TypeVar

import anyio

from mango_server.app.blobs import BlobWrites, Download
from mango_server.app.services import Services
from mango_server.blob import skill_key
from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.principal import Principal
from mango_server.domain.skill_archive import Limits, SkillArchive, validate_archive
from mango_server.domain.skills import pinned
from mango_server.ids import new_id
from mango_server.settings import Settings
from mango_server.store import sessions, skills
from mango_server.store.db import Connection, transaction
from mango_server.store.skills import SkillRow, SkillVersionRow

T = TypeVar("T")
SPOOL_MEMORY = 1024 * 1024
CHUNK = 256 * 1024
MAX_DISPLAY_TITLE = 256
PURGE_BATCH = 100


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
    publish: Callable[[Connection, int, str], Awaitable[T]],
) -> T:
    """Upload a validated archive under a lease and publish it with ``publish(conn, size, sha256)``."""
    return await writes.upload(workspace_id, key, _read_file(file), "application/zip", publish)


async def require_pinned(conn: Connection, principal: Principal, skill_id: str, version: int | None) -> bool:
    """A session token reaches only the Skill versions its Session pins (others are not found);
    other credentials pass. True when hidden (deleted) rows may be read."""
    if principal.kind != "SessionToken":
        return False
    if principal.session_id is not None:
        session = await sessions.get_row(conn, principal.workspace_id, principal.session_id)
        if pinned(session.agent_snapshot, skill_id, version):
            return True
    what = f"skill {skill_id}" if version is None else f"skill {skill_id} version {version}"
    raise NotFoundError(f"{what} not found")


# ---------------------------------------------------------------- create


async def create(
    services: Services, principal: Principal, *, file: IO[bytes], archive: SkillArchive, display_title: str | None
) -> SkillRow:
    """A new Skill whose version 1 is the validated, spooled archive."""
    if display_title is not None and len(display_title) > MAX_DISPLAY_TITLE:
        raise InvalidRequestError(f"display_title: at most {MAX_DISPLAY_TITLE} characters")
    ws, skill_id = principal.workspace_id, new_id("skill")
    key = skill_key(ws, skill_id)

    async def publish(conn: Connection, size: int, digest: str) -> SkillRow:
        await skills.insert_skill(conn, ws, skill_id, display_title or archive.name)
        await skills.insert_version(conn, ws, skill_id, 1, archive, size, digest, key)
        return await skills.get(conn, ws, skill_id)

    return await store_archive(services.require_blobs(), ws, key, file, publish)


async def require_skill(services: Services, principal: Principal, skill_id: str) -> None:
    """404 unless the Skill exists (checked before a new version's body is read)."""
    async with services.pool.acquire() as conn:
        await skills.get(conn, principal.workspace_id, skill_id)


async def add_version(
    services: Services, principal: Principal, skill_id: str, *, file: IO[bytes], archive: SkillArchive
) -> SkillVersionRow:
    """Append the next version (numbered under the Skill's row lock) and make it the latest."""
    ws = principal.workspace_id
    key = skill_key(ws, skill_id)

    async def publish(conn: Connection, size: int, digest: str) -> SkillVersionRow:
        version = (await skills.lock(conn, ws, skill_id)).next_version
        row = await skills.insert_version(conn, ws, skill_id, version, archive, size, digest, key)
        await skills.set_latest(conn, ws, skill_id, version, version + 1)
        return row

    return await store_archive(services.require_blobs(), ws, key, file, publish)


# ---------------------------------------------------------------- reads


async def get(services: Services, principal: Principal, skill_id: str) -> SkillRow:
    """One Skill (a session token: only one its Session pins, hidden or not)."""
    async with services.pool.acquire() as conn:
        hidden = await require_pinned(conn, principal, skill_id, None)
        return await skills.get(conn, principal.workspace_id, skill_id, include_deleted=hidden)


async def list_page(services: Services, principal: Principal, *, limit: int, cursor: Cursor | None) -> Page[SkillRow]:
    """One page of the Workspace's Skills, newest first."""
    async with services.pool.acquire() as conn:
        return await skills.list_page(conn, principal.workspace_id, limit=limit, cursor=cursor)


async def list_versions(
    services: Services, principal: Principal, skill_id: str, *, limit: int, cursor: Cursor | None
) -> Page[SkillVersionRow]:
    """One page of a Skill's live versions, newest first."""
    async with services.pool.acquire() as conn:
        await skills.get(conn, principal.workspace_id, skill_id)
        return await skills.list_versions(conn, principal.workspace_id, skill_id, limit=limit, cursor=cursor)


async def get_version(services: Services, principal: Principal, skill_id: str, version: int) -> SkillVersionRow:
    """One version (a session token: only one its Session pins, hidden or not)."""
    async with services.pool.acquire() as conn:
        hidden = await require_pinned(conn, principal, skill_id, version)
        return await skills.get_version(conn, principal.workspace_id, skill_id, version, include_deleted=hidden)


async def content(services: Services, principal: Principal, skill_id: str, version: int) -> Download:
    """A version's zip archive, streamed from object storage as ``<directory>-v<version>.zip``."""
    writes = services.require_blobs()
    async with services.pool.acquire() as conn:
        hidden = await require_pinned(conn, principal, skill_id, version)
        row = await skills.get_version(conn, principal.workspace_id, skill_id, version, include_deleted=hidden)
    filename = f"{row.directory}-v{version}.zip"
    return Download(writes.blobs.get_stream(row.object_key), row.archive_size_bytes, filename, "application/zip")


# ---------------------------------------------------------------- deletion


async def _refuse_agent_pins(conn: Connection, workspace_id: str, skill_id: str, version: int | None) -> None:
    agents = await skills.agents_pinning(conn, workspace_id, skill_id, version)
    if agents:
        what = f"version {version} of skill {skill_id}" if version is not None else f"skill {skill_id}"
        raise ConflictError(
            f"{what} is used by agent(s) {', '.join(agents)}; update them to drop the reference first",
            details={"agent_ids": agents},
        )


async def _remove_version(conn: Connection, workspace_id: str, skill_id: str, version: int) -> str | None:
    """Hide a version; returns its object key when no Session pins it and it was removed outright."""
    if await skills.session_pins(conn, workspace_id, skill_id, version):
        await skills.hide_version(conn, workspace_id, skill_id, version)
        return None
    return await skills.delete_version(conn, workspace_id, skill_id, version)


async def delete(services: Services, principal: Principal, skill_id: str) -> str:
    """Delete a Skill and every version (pinned ones are only hidden); returns its id."""
    writes = services.require_blobs()
    ws = principal.workspace_id
    async with transaction(services.pool) as conn:
        await skills.lock(conn, ws, skill_id)
        await _refuse_agent_pins(conn, ws, skill_id, None)
        keys: list[str] = []
        for version in await skills.live_versions(conn, ws, skill_id):
            key = await _remove_version(conn, ws, skill_id, version)
            if key:
                keys.append(key)
        await skills.hide_skill(conn, ws, skill_id)
        await skills.delete_skill_if_empty(conn, ws, skill_id)
        guards = await writes.guard_removals(conn, ws, keys)
    await writes.remove_all(guards)
    return skill_id


async def delete_version(services: Services, principal: Principal, skill_id: str, version: int) -> str:
    """Delete one version (not the only one); the latest becomes the highest remaining; returns its id."""
    writes = services.require_blobs()
    ws = principal.workspace_id
    async with transaction(services.pool) as conn:
        await skills.lock(conn, ws, skill_id)
        row = await skills.get_version(conn, ws, skill_id, version)
        live = await skills.live_versions(conn, ws, skill_id)
        if live == [version]:
            raise ConflictError(f"version {version} is the only version of skill {skill_id}; delete the skill instead")
        await _refuse_agent_pins(conn, ws, skill_id, version)
        key = await _remove_version(conn, ws, skill_id, version)
        await skills.set_latest(conn, ws, skill_id, max(v for v in live if v != version), 0)
        guards = await writes.guard_removals(conn, ws, [key] if key else [])
    await writes.remove_all(guards)
    return row.id


async def _purge_released(conn: Connection) -> list[tuple[str, str]]:
    """Remove hidden versions no Session pins any more; returns (workspace id, object key) pairs."""
    out: list[tuple[str, str]] = []
    for ref in await skills.released_candidates(conn, PURGE_BATCH):
        if await skills.session_pins(conn, ref.workspace_id, ref.skill_id, ref.version):
            continue
        key = await skills.delete_version(conn, ref.workspace_id, ref.skill_id, ref.version)
        await skills.delete_skill_if_empty(conn, ref.workspace_id, ref.skill_id)
        if key is not None:
            out.append((ref.workspace_id, key))
    return out


async def recovery_pass(writes: BlobWrites) -> None:
    """Remove abandoned uploads and deleted objects, and release Skill versions no Session pins."""
    async with transaction(writes.pool) as conn:
        released = await _purge_released(conn)
        guards = [(await writes.guard_removal(conn, ws, key), key) for ws, key in released]
    await writes.remove_all(guards)
    await writes.recover()
