"""Skills and their immutable versions.

Version numbers come from ``skills.next_version`` under the Skill row lock, so they only grow
and are never reused. Deletion keeps what Sessions pinned: a version pinned by a Session is
hidden from its Workspace (``deleted_at``) but stays readable through that Session's token until
no Session pins it; ``purge_released`` then removes it. Versions pinned by a live Agent's current
version cannot be deleted (409).
"""

from __future__ import annotations

from typing import Any

from mango_server.domain.errors import ConflictError, InvalidRequestError, NotFoundError
from mango_server.domain.paging import Cursor, Page
from mango_server.domain.skill_archive import SkillArchive
from mango_server.ids import new_id
from mango_server.store.db import record_dict
from mango_server.store.pagination import fetch_page
from mango_server.store.sql_loader import Queries

Q = Queries("skills")


def to_public(row: dict[str, Any]) -> dict[str, Any]:
    """The wire shape of a Skill."""
    return {
        "type": "skill",
        "id": row["id"],
        "display_title": row["display_title"],
        "latest_version": str(row["latest_version"]),
        "created_at": row["created_at"],
        "updated_at": row["updated_at"],
    }


def version_to_public(row: dict[str, Any]) -> dict[str, Any]:
    """The wire shape of a Skill version."""
    return {
        "type": "skill_version",
        "id": row["id"],
        "skill_id": row["skill_id"],
        "version": str(row["version"]),
        **{k: row[k] for k in ("name", "description", "directory", "archive_size_bytes", "archive_sha256")},
        "expanded_size_bytes": row["expanded_size_bytes"],
        "member_count": row["member_count"],
        "created_at": row["created_at"],
    }


def parse_version(raw: str) -> int:
    """A concrete version path parameter (a decimal string; ``latest`` is refused)."""
    if not raw.isdigit() or len(raw) > 9 or int(raw) < 1:
        raise InvalidRequestError(f"version must be a concrete version number, got {raw!r}")
    return int(raw)


def _pin(skill_id: str, version: int | None = None) -> list[dict[str, str]]:
    """A JSONB containment pattern matching references to the Skill (or one of its versions)."""
    ref: dict[str, str] = {"skill_id": skill_id}
    if version is not None:
        ref["version"] = str(version)
    return [ref]


async def _insert_version(
    conn: Any, workspace_id: str, skill_id: str, version: int, archive: SkillArchive, size: int, sha: str, key: str
) -> dict[str, Any]:
    version_id = new_id("skillver")
    await conn.execute(
        Q.insert_version,
        workspace_id,
        skill_id,
        version,
        version_id,
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


async def create(
    conn: Any,
    workspace_id: str,
    skill_id: str,
    display_title: str | None,
    archive: SkillArchive,
    size: int,
    sha: str,
    key: str,
) -> dict[str, Any]:
    """Insert a Skill with its first version."""
    await conn.execute(Q.insert_skill, workspace_id, skill_id, display_title or archive.name)
    await _insert_version(conn, workspace_id, skill_id, 1, archive, size, sha, key)
    return await get(conn, workspace_id, skill_id)


async def add_version(
    conn: Any, workspace_id: str, skill_id: str, archive: SkillArchive, size: int, sha: str, key: str
) -> dict[str, Any]:
    """Append the next version and make it the latest."""
    skill = await _lock(conn, workspace_id, skill_id)
    version = int(skill["next_version"])
    row = await _insert_version(conn, workspace_id, skill_id, version, archive, size, sha, key)
    await conn.execute(Q.set_latest, workspace_id, skill_id, version, version + 1)
    return row


async def _lock(conn: Any, workspace_id: str, skill_id: str) -> dict[str, Any]:
    row = await conn.fetchrow(Q.lock_skill, workspace_id, skill_id)
    if row is None:
        raise NotFoundError(f"skill {skill_id} not found")
    return dict(row)


async def get(conn: Any, workspace_id: str, skill_id: str, *, include_deleted: bool = False) -> dict[str, Any]:
    """One Skill; another Workspace's (or a deleted) Skill is not found."""
    row = await conn.fetchrow(Q.get_skill, workspace_id, skill_id, include_deleted)
    if row is None:
        raise NotFoundError(f"skill {skill_id} not found")
    return to_public(dict(row))


async def get_version_row(
    conn: Any, workspace_id: str, skill_id: str, version: int, *, include_deleted: bool = False
) -> dict[str, Any]:
    """One version row (with its object key)."""
    row = await conn.fetchrow(Q.get_version, workspace_id, skill_id, version, include_deleted)
    if row is None:
        raise NotFoundError(f"skill {skill_id} version {version} not found")
    return dict(row)


async def get_version(
    conn: Any, workspace_id: str, skill_id: str, version: int, *, include_deleted: bool = False
) -> dict[str, Any]:
    """One version's public shape."""
    return version_to_public(
        await get_version_row(conn, workspace_id, skill_id, version, include_deleted=include_deleted)
    )


async def list_page(conn: Any, workspace_id: str, *, limit: int, cursor: Cursor | None) -> Page[dict[str, Any]]:
    """One page of Skills, newest first."""
    return await fetch_page(
        conn, Q.list_base, [workspace_id], row=record_dict, order="desc", limit=limit, cursor=cursor
    )


async def list_versions(
    conn: Any, workspace_id: str, skill_id: str, *, limit: int, cursor: Cursor | None
) -> Page[dict[str, Any]]:
    """One page of a Skill's versions, newest first."""
    await get(conn, workspace_id, skill_id)
    return await fetch_page(
        conn,
        Q.versions_base,
        [workspace_id, skill_id],
        row=record_dict,
        order="desc",
        limit=limit,
        cursor=cursor,
        columns=("version",),
    )


async def _refuse_agent_pins(conn: Any, workspace_id: str, skill_id: str, version: int | None) -> None:
    agents = [r["id"] for r in await conn.fetch(Q.agent_pins, workspace_id, _pin(skill_id, version))]
    if agents:
        what = f"version {version} of skill {skill_id}" if version is not None else f"skill {skill_id}"
        raise ConflictError(
            f"{what} is used by agent(s) {', '.join(agents)}; update them to drop the reference first",
            details={"agent_ids": agents},
        )


async def _remove_version(conn: Any, workspace_id: str, skill_id: str, version: int) -> str | None:
    """Hide a version; returns its object key when no Session pins it and it was removed outright."""
    if await conn.fetchval(Q.session_pinned, workspace_id, _pin(skill_id, version)):
        await conn.execute(Q.soft_delete_version, workspace_id, skill_id, version)
        return None
    key = await conn.fetchval(Q.delete_version, workspace_id, skill_id, version)
    return str(key) if key is not None else None


async def delete_version(conn: Any, workspace_id: str, skill_id: str, version: int) -> tuple[str, list[str]]:
    """Delete one version; returns (version id, object keys to remove)."""
    await _lock(conn, workspace_id, skill_id)
    row = await get_version_row(conn, workspace_id, skill_id, version)
    live = [r["version"] for r in await conn.fetch(Q.live_versions, workspace_id, skill_id)]
    if live == [version]:
        raise ConflictError(f"version {version} is the only version of skill {skill_id}; delete the skill instead")
    await _refuse_agent_pins(conn, workspace_id, skill_id, version)
    key = await _remove_version(conn, workspace_id, skill_id, version)
    latest = max(v for v in live if v != version)
    await conn.execute(Q.set_latest, workspace_id, skill_id, latest, 0)
    return row["id"], [key] if key else []


async def delete(conn: Any, workspace_id: str, skill_id: str) -> list[str]:
    """Delete a Skill and every version; returns the object keys to remove."""
    await _lock(conn, workspace_id, skill_id)
    await _refuse_agent_pins(conn, workspace_id, skill_id, None)
    keys: list[str] = []
    for row in await conn.fetch(Q.live_versions, workspace_id, skill_id):
        key = await _remove_version(conn, workspace_id, skill_id, row["version"])
        if key:
            keys.append(key)
    await conn.execute(Q.soft_delete_skill, workspace_id, skill_id)
    await conn.execute(Q.delete_skill_if_empty, workspace_id, skill_id)
    return keys


async def purge_released(conn: Any, limit: int = 100) -> list[tuple[str, str]]:
    """Remove hidden versions no Session pins any more; returns (workspace id, object key) pairs."""
    out: list[tuple[str, str]] = []
    for row in await conn.fetch(Q.released_candidates, limit):
        ws, skill_id, version = row["workspace_id"], row["skill_id"], row["version"]
        if await conn.fetchval(Q.session_pinned, ws, _pin(skill_id, version)):
            continue
        key = await conn.fetchval(Q.delete_version, ws, skill_id, version)
        await conn.execute(Q.delete_skill_if_empty, ws, skill_id)
        if key is not None:
            out.append((ws, str(key)))
    return out


async def resolve_refs(conn: Any, workspace_id: str, refs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Agent Skill references with ``latest`` or no version resolved to concrete, existing versions."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for index, ref in enumerate(refs):
        skill_id = ref["skill_id"]
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


async def manifest(conn: Any, workspace_id: str, refs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Name, description and folder of each pinned version (hidden versions included)."""
    out: list[dict[str, Any]] = []
    for ref in refs:
        if ref.get("type") != "custom" or not str(ref.get("version", "")).isdigit():
            continue
        row = await conn.fetchrow(Q.manifest, workspace_id, ref["skill_id"], int(ref["version"]))
        if row is not None:
            out.append(dict(row))
    return out


def pins(snapshot: dict[str, Any]) -> set[tuple[str, int]]:
    """(skill id, version) pairs a Session's frozen Agent snapshot pins."""
    out: set[tuple[str, int]] = set()
    for ref in snapshot.get("skills") or []:
        if str(ref.get("version", "")).isdigit():
            out.add((str(ref["skill_id"]), int(ref["version"])))
    return out
