"""Skill version rules that need no I/O: version path parameters, the versions a Session pins and
where each Thread's Agent finds its Skills in the shared Session workspace.

The sandbox filesystem is shared by every Thread of a Session, Agent configuration is not. The
Session's own Agent (the primary Thread and ``self`` members) keeps ``skills/<directory>/``; any
other roster Agent gets the scope ``<agent id>-v<version>`` under ``skills/.agents/``, so two
Agents whose Skills use the same directory name never overwrite one another. Workers compute the
same scope from the Session resource (``mango.lib._skills``). Not responsible for archive
validation (``domain.skill_archive``) or storage (``store.skills``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NotRequired, TypedDict

from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.json import json_count


def parse_version(raw: str) -> int:
    """A concrete version path parameter (a decimal string; ``latest`` is refused)."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9 or int(raw) < 1:
        raise InvalidRequestError(f"version must be a concrete version number, got {raw!r}")
    return int(raw)


SKILLS_FOLDER = "skills"
AGENTS_FOLDER = ".agents"


def pins(snapshot: Mapping[str, object]) -> set[tuple[str, int]]:
    """(skill id, version) pairs a Session's frozen Agent snapshot pins, its roster members' included
    (a coordinator Session's workers materialise every member's Skills)."""
    out: set[tuple[str, int]] = set()
    multiagent = snapshot.get("multiagent")
    members = multiagent.get("agents") if isinstance(multiagent, Mapping) else None
    for agent in [snapshot, *(members if isinstance(members, list) else [])]:
        refs = agent.get("skills")
        for ref in refs if isinstance(refs, list) else []:
            if (version := str(ref.get("version", ""))).isascii() and version.isdigit():
                out.add((str(ref["skill_id"]), int(version)))
    return out


def scope(agent_id: str, version: int) -> str:
    """The opaque folder name of an external roster Agent's Skills (ids are ``[a-z0-9_]``, so it is path-safe)."""
    return f"{agent_id}-v{version}"


def skills_folder(session_agent: Mapping[str, object], thread_agent: Mapping[str, object]) -> str:
    """Where ``thread_agent``'s Skills are, relative to the Session workdir: ``skills`` for the Session's own
    Agent (same id and version: the primary Thread and ``self``), ``skills/.agents/<scope>`` otherwise."""
    agent_id, version = thread_agent.get("id"), thread_agent.get("version")
    if (agent_id, version) == (session_agent.get("id"), session_agent.get("version")):
        return SKILLS_FOLDER
    return f"{SKILLS_FOLDER}/{AGENTS_FOLDER}/{scope(str(agent_id), json_count(version))}"


class ManifestEntry(TypedDict):
    """One pinned Skill version a round offers through ``load_skill``: its name and description (shown to
    the model), its archive (read by ``load_skill``) and, for a roster member's Thread, the ``path`` its
    ``SKILL.md`` is announced at."""

    skill_id: str
    version: int
    name: str
    description: str
    directory: str
    archive_size_bytes: int
    archive_sha256: str
    object_key: str
    path: NotRequired[str]


def with_paths(manifest: list[ManifestEntry], folder: str) -> list[ManifestEntry]:
    """Manifest entries with the ``path`` of their ``SKILL.md`` announced to the model (``directory``
    stays the archive's folder, which ``load_skill`` reads)."""
    return [{**entry, "path": f"{folder}/{entry['directory']}/SKILL.md"} for entry in manifest]


def pinned(snapshot: Mapping[str, object], skill_id: str, version: int | None) -> bool:
    """Whether the snapshot pins the Skill (any version when ``version`` is None)."""
    found = pins(snapshot)
    return any(s == skill_id for s, _ in found) if version is None else (skill_id, version) in found
