"""Skill handlers: create from a zip archive, versions, reads, archive download and deletion.

The multipart form is read here (the ``file`` part spooled by ``app.skills.spool``); access
rules, versioning and deletion are ``app.skills``. The managed-agents clients upload a Skill as
one ``files[]`` part per file (its filename is the path under the Skill's folder) and title it
with ``display_name``: those parts are zipped into the same spooled archive as they stream in,
and ``display_name`` is read as ``display_title``.
"""

from __future__ import annotations

import tempfile
import zipfile
from contextlib import aclosing
from typing import IO

import anyio
from starlette.responses import StreamingResponse

from mango_server.api.context import RequestContext
from mango_server.api.downloads import stream_download
from mango_server.api.handlers._paging import page_body, page_params
from mango_server.api.mappers import skills as wire
from mango_server.api.multipart import Part, reader_for
from mango_server.app import skills
from mango_server.domain._generated.wire import (
    Skill,
    SkillDeleted,
    SkillList,
    SkillVersion,
    SkillVersionDeleted,
    SkillVersionList,
)
from mango_server.domain.errors import InvalidRequestError, RequestTooLargeError
from mango_server.domain.skill_archive import SkillArchive
from mango_server.domain.skills import parse_version

MAX_TITLE_BYTES = 1024
FILE_PARTS = frozenset({"files[]", "files"})  # one file of the Skill per part (the managed-agents clients)
TITLE_ALIASES = {"display_name": "display_title"}
_SPOOL_MEMORY = 1024 * 1024


class _FilesArchive:
    """A zip built from ``files[]`` parts as they arrive: each part's filename is its member path.

    Paths are not checked here: the archive goes through the same validation as an uploaded zip.
    """

    def __init__(self, max_bytes: int) -> None:
        self.file: IO[bytes] = tempfile.SpooledTemporaryFile(max_size=_SPOOL_MEMORY)  # noqa: SIM115 - returned open
        self._zip = zipfile.ZipFile(self.file, "w", zipfile.ZIP_DEFLATED)
        self._names: set[str] = set()
        self._max_bytes = max_bytes
        self._size = 0

    async def add(self, part: Part) -> None:
        name = part.filename or ""
        if not name:
            raise InvalidRequestError(f"{part.name}: each file part needs a filename (its path in the Skill)")
        if name in self._names:
            raise InvalidRequestError(f"{part.name}: {name!r} is sent twice")
        self._names.add(name)
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        with self._zip.open(info, "w") as member:
            async for chunk in part.chunks(self._max_bytes):
                self._size += len(chunk)
                if self._size > self._max_bytes:
                    raise RequestTooLargeError(f"files[]: the Skill files exceed the limit of {self._max_bytes} bytes")
                await anyio.to_thread.run_sync(member.write, chunk)

    def finish(self) -> IO[bytes]:
        self._zip.close()
        return self.file


async def _read_form(ctx: RequestContext, allowed: frozenset[str]) -> tuple[IO[bytes], dict[str, str]]:
    """The spooled ``file`` part (or the zip of the ``files[]`` parts) and the small text fields; any
    other part is refused."""
    fields: dict[str, str] = {}
    spooled: IO[bytes] | None = None
    files: _FilesArchive | None = None
    max_bytes = ctx.services.settings.skills_max_archive_bytes
    try:
        async with aclosing(reader_for(ctx.request).parts()) as parts:
            async for part in parts:
                field = TITLE_ALIASES.get(part.name, part.name)
                if part.name in FILE_PARTS and spooled is None and "file" in allowed:
                    files = files or _FilesArchive(max_bytes)
                    await files.add(part)
                elif part.name not in allowed or field in fields or (part.name == "file" and (spooled or files)):
                    expected = " and ".join(f"`{name}`" for name in sorted(allowed))
                    raise InvalidRequestError(
                        f"{part.name}: unexpected multipart part; send only {expected}, once each "
                        "(or the Skill's files as `files[]` parts instead of `file`)"
                    )
                elif part.name == "file":
                    spooled = await skills.spool(part.chunks(max_bytes))
                else:
                    fields[field] = await part.text(MAX_TITLE_BYTES)
        if files is not None:
            spooled, files = files.finish(), None
    except BaseException:
        for open_file in (spooled, files.file if files else None):
            if open_file is not None:
                open_file.close()
        raise
    if spooled is None:
        raise InvalidRequestError(
            "file: the multipart body needs a part named `file` holding a zip archive (or `files[]` parts)"
        )
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
    spooled, fields, archive = await _intake(ctx, frozenset({"file", "display_title", "display_name"}))
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
