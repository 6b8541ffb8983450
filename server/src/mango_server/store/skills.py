"""Skills and their immutable versions: the rows, and the queries the Skill use cases compose.

Version numbers come from ``skills.next_version`` under the Skill row lock (:func:`lock`), so
they only grow and are never reused. A hidden version (``deleted_at``) stays readable through
the tokens of Sessions that pin it until no Session does. Not responsible for the deletion
rules (``app.skills``) or the wire shape (``api.mappers.skills``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from mango_server.domain._generated import wire
from mango_server.domain.errors import InvalidRequestError, NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.skill_archive import SkillArchive
from mango_server.domain.skills import ManifestEntry, parse_version
from mango_server.ids import new_id
from mango_server.store.db import Connection, from_record
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import NamedQueries


class Q(NamedQueries, file="skills"):
    insert_skill: str
    get_skill: str
    lock_skill: str
    share_skill: str
    set_latest: str
    list_base: str
    insert_version: str
    get_version: str
    live_versions: str
    versions_base: str
    agent_pins: str
    session_pinned: str
    soft_delete_version: str
    delete_version: str
    soft_delete_skill: str
    delete_skill_if_empty: str
    released_candidates: str
    manifest: str


@dataclass(frozen=True, slots=True)
class SkillRow:
    """A Skill; ``deleted_at`` set means hidden from its Workspace while Sessions pin its versions."""

    workspace_id: str
    id: str
    display_title: str | None
    latest_version: int
    next_version: int
    created_at: datetime
    updated_at: datetime
    deleted_at: datetime | None


@dataclass(frozen=True, slots=True)
class SkillVersionRow:
    """One immutable Skill version; its archive is stored under ``object_key``."""

    workspace_id: str
    skill_id: str
    version: int
    id: str
    name: str
    description: str
    directory: str
    archive_size_bytes: int
    archive_sha256: str
    expanded_size_bytes: int
    member_count: int
    object_key: str
    created_at: datetime
    deleted_at: datetime | None


@dataclass(frozen=True, slots=True)
class VersionRef:
    """A (workspace, skill, version) triple, as listed for purging."""

    workspace_id: str
    skill_id: str
    version: int


def _pin(skill_id: str, version: int | None = None) -> list[dict[str, str]]:
    """A JSONB containment pattern matching references to the Skill (or one of its versions)."""
    ref: dict[str, str] = {"skill_id": skill_id}
    if version is not None:
        ref["version"] = str(version)
    return [ref]


async def insert_skill(conn: Connection, workspace_id: str, skill_id: str, display_title: str) -> None:
    """Insert a Skill row whose first version is 1 (the caller inserts it)."""
    await conn.execute(Q.insert_skill, workspace_id, skill_id, display_title)


async def insert_version(
    conn: Connection,
    workspace_id: str,
    skill_id: str,
    version: int,
    archive: SkillArchive,
    size: int,
    sha: str,
    key: str,
) -> SkillVersionRow:
    """Insert one version row."""
    await conn.execute(
        Q.insert_version,
        workspace_id,
        skill_id,
        version,
        new_id("skillver"),
        archive.name,
        archive.description,
        archive.directory,
        size,
        sha,
        archive.expanded_size_bytes,
        archive.member_count,
        key,
    )
    return await get_version(conn, workspace_id, skill_id, version)


async def set_latest(conn: Connection, workspace_id: str, skill_id: str, latest: int, next_at_least: int) -> None:
    """Point ``latest_version`` at ``latest``; ``next_version`` never goes down."""
    await conn.execute(Q.set_latest, workspace_id, skill_id, latest, next_at_least)


async def lock(conn: Connection, workspace_id: str, skill_id: str) -> SkillRow:
    """The live Skill, locked for update (versions are numbered under this lock)."""
    row = await conn.fetchrow(Q.lock_skill, workspace_id, skill_id)
    if row is None:
        raise NotFoundError(f"skill {skill_id} not found")
    return from_record(SkillRow, row)


async def get(conn: Connection, workspace_id: str, skill_id: str, *, include_deleted: bool = False) -> SkillRow:
    """One Skill; another Workspace's (or a deleted) Skill is not found."""
    row = await conn.fetchrow(Q.get_skill, workspace_id, skill_id, include_deleted)
    if row is None:
        raise NotFoundError(f"skill {skill_id} not found")
    return from_record(SkillRow, row)


async def get_version(
    conn: Connection, workspace_id: str, skill_id: str, version: int, *, include_deleted: bool = False
) -> SkillVersionRow:
    """One version (hidden ones only with ``include_deleted``)."""
    row = await conn.fetchrow(Q.get_version, workspace_id, skill_id, version, include_deleted)
    if row is None:
        raise NotFoundError(f"skill {skill_id} version {version} not found")
    return from_record(SkillVersionRow, row)


async def list_page(conn: Connection, workspace_id: str, *, limit: int, cursor: Cursor | None) -> Page[SkillRow]:
    """One page of Skills, newest first."""
    return await fetch_page(
        conn,
        Q.list_base,
        [workspace_id],
        row=lambda r: from_record(SkillRow, r),
        order="desc",
        limit=limit,
        cursor=cursor,
    )


async def list_versions(
    conn: Connection, workspace_id: str, skill_id: str, *, limit: int, cursor: Cursor | None
) -> Page[SkillVersionRow]:
    """One page of a Skill's live versions, newest first."""
    return await fetch_page(
        conn,
        Q.versions_base,
        [workspace_id, skill_id],
        row=lambda r: from_record(SkillVersionRow, r),
        order="desc",
        limit=limit,
        cursor=cursor,
        columns=("version",),
    )


async def live_versions(conn: Connection, workspace_id: str, skill_id: str) -> list[int]:
    """The version numbers not hidden, ascending."""
    return [r["version"] for r in await conn.fetch(Q.live_versions, workspace_id, skill_id)]


async def agents_pinning(conn: Connection, workspace_id: str, skill_id: str, version: int | None) -> list[str]:
    """Up to five live Agents whose current version references the Skill (or that version)."""
    return [r["id"] for r in await conn.fetch(Q.agent_pins, workspace_id, _pin(skill_id, version))]


async def session_pins(conn: Connection, workspace_id: str, skill_id: str, version: int) -> bool:
    """Whether any Session of the Workspace pins the version (its roster members' pins included)."""
    return bool(await conn.fetchval(Q.session_pinned, workspace_id, _pin(skill_id, version)))


async def hide_version(conn: Connection, workspace_id: str, skill_id: str, version: int) -> None:
    """Hide a version from the Workspace (Sessions that pin it still read it)."""
    await conn.execute(Q.soft_delete_version, workspace_id, skill_id, version)


async def delete_version(conn: Connection, workspace_id: str, skill_id: str, version: int) -> str | None:
    """Remove a version row; returns its object key (None when there was no such row)."""
    key = await conn.fetchval(Q.delete_version, workspace_id, skill_id, version)
    return str(key) if key is not None else None


async def hide_skill(conn: Connection, workspace_id: str, skill_id: str) -> None:
    """Hide a Skill from the Workspace."""
    await conn.execute(Q.soft_delete_skill, workspace_id, skill_id)


async def delete_skill_if_empty(conn: Connection, workspace_id: str, skill_id: str) -> None:
    """Remove a hidden Skill that has no version rows left."""
    await conn.execute(Q.delete_skill_if_empty, workspace_id, skill_id)


async def released_candidates(conn: Connection, limit: int) -> list[VersionRef]:
    """Hidden versions, oldest hidden first, row-locked (others' locked rows are skipped)."""
    return [from_record(VersionRef, r) for r in await conn.fetch(Q.released_candidates, limit)]


async def resolve_refs(
    conn: Connection, workspace_id: str, refs: Sequence[Mapping[str, object]]
) -> list[wire.SkillRef]:
    """Agent Skill references with ``latest`` or no version resolved to concrete, existing versions."""
    out: list[wire.SkillRef] = []
    seen: set[str] = set()
    for index, ref in enumerate(refs):
        skill_id = str(ref["skill_id"])
        if skill_id in seen:
            raise InvalidRequestError(f"skills[{index}]: skill {skill_id} is listed twice")
        seen.add(skill_id)
        skill = await conn.fetchrow(Q.share_skill, workspace_id, skill_id)
        if skill is None:
            raise InvalidRequestError(f"skills[{index}]: skill {skill_id} not found")
        requested = ref.get("version")
        if requested in (None, "latest"):
            version = int(skill["latest_version"])
        else:
            try:
                version = parse_version(str(requested))
            except InvalidRequestError:
                raise InvalidRequestError(f"skills[{index}].version must be a version number or latest") from None
            if await conn.fetchrow(Q.get_version, workspace_id, skill_id, version, False) is None:
                raise InvalidRequestError(f"skills[{index}]: skill {skill_id} has no version {version}")
        out.append({"type": "custom", "skill_id": skill_id, "version": str(version)})
    return out


async def manifest(conn: Connection, workspace_id: str, refs: Sequence[Mapping[str, object]]) -> list[ManifestEntry]:
    """Name, description and folder of each pinned version (hidden versions included).

    The entries become the ``skill_manifest`` of a turn's Agent snapshot document, hence JSON.
    """
    out: list[ManifestEntry] = []
    for ref in refs:
        if ref.get("type") != "custom" or not _is_number(str(ref.get("version", ""))):
            continue
        row = await conn.fetchrow(Q.manifest, workspace_id, ref["skill_id"], int(str(ref["version"])))
        if row is not None:
            out.append(
                {
                    "skill_id": row["skill_id"],
                    "version": row["version"],
                    "name": row["name"],
                    "description": row["description"],
                    "directory": row["directory"],
                    "archive_size_bytes": row["archive_size_bytes"],
                    "archive_sha256": row["archive_sha256"],
                    "object_key": row["object_key"],
                }
            )
    return out


def _is_number(raw: str) -> bool:
    return raw.isascii() and raw.isdigit()
