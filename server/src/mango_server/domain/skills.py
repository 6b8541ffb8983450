"""Skill version rules that need no I/O: version path parameters and the versions a Session pins.

Not responsible for archive validation (``domain.skill_archive``) or storage (``store.skills``).
"""

from __future__ import annotations

from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.json import JsonObject


def parse_version(raw: str) -> int:
    """A concrete version path parameter (a decimal string; ``latest`` is refused)."""
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 9 or int(raw) < 1:
        raise InvalidRequestError(f"version must be a concrete version number, got {raw!r}")
    return int(raw)


def pins(snapshot: JsonObject) -> set[tuple[str, int]]:
    """(skill id, version) pairs a Session's frozen Agent snapshot pins."""
    out: set[tuple[str, int]] = set()
    for ref in snapshot.get("skills") or []:
        if (version := str(ref.get("version", ""))).isascii() and version.isdigit():
            out.add((str(ref["skill_id"]), int(ref["version"])))
    return out


def pinned(snapshot: JsonObject, skill_id: str, version: int | None) -> bool:
    """Whether the snapshot pins the Skill (any version when ``version`` is None)."""
    found = pins(snapshot)
    return any(s == skill_id for s, _ in found) if version is None else (skill_id, version) in found
