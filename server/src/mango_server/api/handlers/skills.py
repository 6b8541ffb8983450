"""Skill handlers: create from a zip archive, versions, reads, archive download and deletion.

A session token reaches only the versions its Session pins (``app.skills.require_pinned``),
including versions hidden by a deletion after the Session pinned them.
"""

from __future__ import annotations

from contextlib import aclosing
from typing import IO, Any

from starlette.responses import StreamingResponse

from mango_server.api.context import RequestContext
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.handlers.files import stream_object
from mango_server.api.multipart import MultipartReader
from mango_server.app import skills as intake
from mango_server.blob import skill_key
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.skill_archive import SkillArchive
from mango_server.ids import new_id
from mango_server.store import skills
from mango_server.store.db import transaction

MAX_TITLE_BYTES = 1024


async def _read_form(ctx: RequestContext, allowed: frozenset[str]) -> tuple[IO[bytes], dict[str, str]]:
    """The spooled ``file`` part and the small text fields; any other part is refused."""
    fields: dict[str, str] = {}
    spooled: IO[bytes] | None = None
    try:
        async with aclosing(MultipartReader(ctx.request).parts()) as parts:
            async for part in parts:
                if part.name not in allowed or part.name in fields or (part.name == "file" and spooled):
                    expected = " and ".join(f"`{name}`" for name in sorted(allowed))
                    raise InvalidRequestError(
                        f"{part.name}: unexpected multipart part; send only {expected}, once each"
                    )
                if part.name == "file":
                    spooled = await intake.spool(part.chunks(ctx.services.settings.skills_max_archive_bytes))
                else:
                    fields[part.name] = await part.text(MAX_TITLE_BYTES)
    except BaseException:
        if spooled is not None:
            spooled.close()
        raise
    if spooled is None:
        raise InvalidRequestError("file: the multipart body needs a part named `file` holding a zip archive")
    return spooled, fields


async def _intake(
    ctx: RequestContext, allowed: frozenset[str] = frozenset({"file"})
) -> tuple[IO[bytes], dict[str, str], SkillArchive]:
    ctx.blobs  # noqa: B018 - fail fast (503) before reading the body when storage is missing
    spooled, fields = await _read_form(ctx, allowed)
    try:
        archive = await intake.validate(spooled, ctx.services.settings)
    except BaseException:
        spooled.close()
        raise
    return spooled, fields, archive


async def skills_create(ctx: RequestContext) -> dict[str, Any]:
    spooled, fields, archive = await _intake(ctx, frozenset({"file", "display_title"}))
    title = fields.get("display_title")
    if title is not None and len(title) > 256:
        spooled.close()
        raise InvalidRequestError("display_title: at most 256 characters")
    ws, skill_id = ctx.workspace_id, new_id("skill")
    key = skill_key(ws, skill_id)

    async def publish(conn: Any, size: int, digest: str) -> dict[str, Any]:
        return await skills.create(conn, ws, skill_id, title, archive, size, digest, key)

    with spooled:
        return await intake.store_archive(ctx.blobs, ws, key, spooled, publish)


async def skills_versions_create(ctx: RequestContext) -> dict[str, Any]:
    ws, skill_id = ctx.workspace_id, ctx.path["skill_id"]
    async with ctx.services.pool.acquire() as conn:
        await skills.get(conn, ws, skill_id)
    spooled, _, archive = await _intake(ctx)
    key = skill_key(ws, skill_id)

    async def publish(conn: Any, size: int, digest: str) -> dict[str, Any]:
        return await skills.add_version(conn, ws, skill_id, archive, size, digest, key)

    with spooled:
        return await intake.store_archive(ctx.blobs, ws, key, spooled, publish)


async def _check_token(ctx: RequestContext, conn: Any, skill_id: str, version: int | None) -> bool:
    """Apply the session-token rule; True when hidden (deleted) rows may be read."""
    p = ctx.principal
    await intake.require_pinned(conn, p.kind, p.workspace_id, p.session_id, skill_id, version)
    return p.kind == "SessionToken"


async def skills_get(ctx: RequestContext) -> dict[str, Any]:
    skill_id = ctx.path["skill_id"]
    async with ctx.services.pool.acquire() as conn:
        hidden = await _check_token(ctx, conn, skill_id, None)
        return await skills.get(conn, ctx.workspace_id, skill_id, include_deleted=hidden)


async def skills_list(ctx: RequestContext) -> dict[str, Any]:
    limit, cursor = page_params(ctx)
    async with ctx.services.pool.acquire() as conn:
        page = await skills.list_page(conn, ctx.workspace_id, limit=limit, cursor=cursor)
    return page_body(page, skills.to_public)


async def skills_delete(ctx: RequestContext) -> dict[str, Any]:
    skill_id = ctx.path["skill_id"]
    writes = ctx.blobs
    async with transaction(ctx.services.pool) as conn:
        keys = await skills.delete(conn, ctx.workspace_id, skill_id)
        guards = [(await writes.guard_removal(conn, ctx.workspace_id, key), key) for key in keys]
    for guard_id, key in guards:
        await writes.remove(guard_id, key)
    return {"type": "skill_deleted", "id": skill_id}


async def skills_versions_list(ctx: RequestContext) -> dict[str, Any]:
    limit, cursor = page_params(ctx)
    async with ctx.services.pool.acquire() as conn:
        page = await skills.list_versions(conn, ctx.workspace_id, ctx.path["skill_id"], limit=limit, cursor=cursor)
    return page_body(page, skills.version_to_public)


async def skills_versions_get(ctx: RequestContext) -> dict[str, Any]:
    skill_id, version = ctx.path["skill_id"], skills.parse_version(ctx.path["version"])
    async with ctx.services.pool.acquire() as conn:
        hidden = await _check_token(ctx, conn, skill_id, version)
        return await skills.get_version(conn, ctx.workspace_id, skill_id, version, include_deleted=hidden)


async def skills_versions_delete(ctx: RequestContext) -> dict[str, Any]:
    skill_id, version = ctx.path["skill_id"], skills.parse_version(ctx.path["version"])
    writes = ctx.blobs
    async with transaction(ctx.services.pool) as conn:
        version_id, keys = await skills.delete_version(conn, ctx.workspace_id, skill_id, version)
        guards = [(await writes.guard_removal(conn, ctx.workspace_id, key), key) for key in keys]
    for guard_id, key in guards:
        await writes.remove(guard_id, key)
    return {"type": "skill_version_deleted", "id": version_id}


async def skills_versions_content(ctx: RequestContext) -> StreamingResponse:
    skill_id, version = ctx.path["skill_id"], skills.parse_version(ctx.path["version"])
    writes = ctx.blobs
    async with ctx.services.pool.acquire() as conn:
        hidden = await _check_token(ctx, conn, skill_id, version)
        row = await skills.get_version_row(conn, ctx.workspace_id, skill_id, version, include_deleted=hidden)
    filename = f"{row['directory']}-v{version}.zip"
    return await stream_object(
        writes.blobs.get_stream(row["object_key"]), row["archive_size_bytes"], filename, "application/zip"
    )
