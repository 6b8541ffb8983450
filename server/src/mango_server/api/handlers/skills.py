"""Skill handlers: create from a zip archive, versions, reads, archive download and deletion.

The multipart form is read here (the ``file`` part spooled by ``app.skills.spool``); access
rules, versioning and deletion are ``app.skills``.
"""

from __future__ import annotations

from contextlib import aclosing
from typing import IO

from starlette.responses import StreamingResponse

from mango_server.api.context import RequestContext
from mango_server.api.downloads import stream_download
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import skills as wire
from mango_server.api.multipart import reader_for
from mango_server.app import skills
from mango_server.domain._generated.wire import (
    Skill,
    SkillDeleted,
    SkillList,
    SkillVersion,
    SkillVersionDeleted,
    SkillVersionList,
)
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.skill_archive import SkillArchive
from mango_server.domain.skills import parse_version

MAX_TITLE_BYTES = 1024


async def _read_form(ctx: RequestContext, allowed: frozenset[str]) -> tuple[IO[bytes], dict[str, str]]:
    """The spooled ``file`` part and the small text fields; any other part is refused."""
    fields: dict[str, str] = {}
    spooled: IO[bytes] | None = None
    try:
        async with aclosing(reader_for(ctx.request).parts()) as parts:
            async for part in parts:
                if part.name not in allowed or part.name in fields or (part.name == "file" and spooled):
                    expected = " and ".join(f"`{name}`" for name in sorted(allowed))
                    raise InvalidRequestError(
                        f"{part.name}: unexpected multipart part; send only {expected}, once each"
                    )
                if part.name == "file":
                    spooled = await skills.spool(part.chunks(ctx.services.settings.skills_max_archive_bytes))
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
        archive = await skills.validate(spooled, ctx.services.settings)
    except BaseException:
        spooled.close()
        raise
    return spooled, fields, archive


async def skills_create(ctx: RequestContext) -> Skill:
    spooled, fields, archive = await _intake(ctx, frozenset({"file", "display_title"}))
    with spooled:
        row = await skills.create(
            ctx.services, ctx.principal, file=spooled, archive=archive, display_title=fields.get("display_title")
        )
    return wire.skill(row)


async def skills_versions_create(ctx: RequestContext) -> SkillVersion:
    skill_id = ctx.path["skill_id"]
    await skills.require_skill(ctx.services, ctx.principal, skill_id)
    spooled, _, archive = await _intake(ctx)
    with spooled:
        row = await skills.add_version(ctx.services, ctx.principal, skill_id, file=spooled, archive=archive)
    return wire.version(row)


async def skills_get(ctx: RequestContext) -> Skill:
    return wire.skill(await skills.get(ctx.services, ctx.principal, ctx.path["skill_id"]))


async def skills_list(ctx: RequestContext) -> SkillList:
    limit, cursor = page_params(ctx)
    page = await skills.list_page(ctx.services, ctx.principal, limit=limit, cursor=cursor)
    return page_body(page, wire.skill)


async def skills_delete(ctx: RequestContext) -> SkillDeleted:
    return wire.skill_deleted(await skills.delete(ctx.services, ctx.principal, ctx.path["skill_id"]))


async def skills_versions_list(ctx: RequestContext) -> SkillVersionList:
    limit, cursor = page_params(ctx)
    page = await skills.list_versions(ctx.services, ctx.principal, ctx.path["skill_id"], limit=limit, cursor=cursor)
    return page_body(page, wire.version)


async def skills_versions_get(ctx: RequestContext) -> SkillVersion:
    skill_id, version = ctx.path["skill_id"], parse_version(ctx.path["version"])
    return wire.version(await skills.get_version(ctx.services, ctx.principal, skill_id, version))


async def skills_versions_delete(ctx: RequestContext) -> SkillVersionDeleted:
    skill_id, version = ctx.path["skill_id"], parse_version(ctx.path["version"])
    return wire.version_deleted(await skills.delete_version(ctx.services, ctx.principal, skill_id, version))


async def skills_versions_content(ctx: RequestContext) -> StreamingResponse:
    skill_id, version = ctx.path["skill_id"], parse_version(ctx.path["version"])
    return await stream_download(await skills.content(ctx.services, ctx.principal, skill_id, version))
