"""Wire shapes of Skills and Skill versions. Not responsible for reading them (``app.skills``)."""

from __future__ import annotations

from mango_server.api.encoding import rfc3339
from mango_server.domain._generated import wire
from mango_server.store.skills import SkillRow, SkillVersionRow


def skill(row: SkillRow) -> wire.Skill:
    """The wire shape of a Skill."""
    return {
        "type": "skill",
        "id": row.id,
        "display_title": row.display_title,
        "latest_version": str(row.latest_version),
        "created_at": rfc3339(row.created_at),
        "updated_at": rfc3339(row.updated_at),
    }


def version(row: SkillVersionRow) -> wire.SkillVersion:
    """The wire shape of a Skill version."""
    return {
        "type": "skill_version",
        "id": row.id,
        "skill_id": row.skill_id,
        "version": str(row.version),
        "name": row.name,
        "description": row.description,
        "directory": row.directory,
        "archive_size_bytes": row.archive_size_bytes,
        "archive_sha256": row.archive_sha256,
        "expanded_size_bytes": row.expanded_size_bytes,
        "member_count": row.member_count,
        "created_at": rfc3339(row.created_at),
    }


def skill_deleted(skill_id: str) -> wire.SkillDeleted:
    """The wire shape of a Skill deletion."""
    return {"type": "skill_deleted", "id": skill_id}


def version_deleted(version_id: str) -> wire.SkillVersionDeleted:
    """The wire shape of a Skill version deletion."""
    return {"type": "skill_version_deleted", "id": version_id}
