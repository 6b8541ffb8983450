"""Skill materialisation for one Work activation: download, verify, extract safely, publish.

``materialise_skills()`` runs once per item, after the Session fetch and before the tools exist:

1. every pin of ``session.agent.skills`` and of each roster member's snapshot
   (``session.agent.multiagent``) must name a concrete decimal version (else ``InputFailed``);
2. per distinct pin, ``skills.versions.get`` (the frozen record) and ``skills.versions.content``
   (the bytes) with the session token; the bytes must have exactly ``archive_size_bytes`` and
   ``archive_sha256``, and the per-archive and per-Session compressed sizes are bounded;
3. the zip archives are extracted into a fresh staging folder, a direct child of the workdir:
   the Session's own Agent's (the primary Thread and ``self`` members) at its top, every other
   roster Agent's under ``.agents/<agent id>-v<version>/`` (the scope the control plane announces
   to that Agent's Threads), so equal directory names of different Agents never collide.
   Members must be regular files or folders under the version's ``directory``: absolute paths,
   ``..``, backslashes, symlinks, devices, encrypted or duplicate members are refused, and the
   member count and the bytes actually decompressed are bounded (the per-Session bounds cover
   every scope);
4. publication renames the existing ``<workdir>/skills`` entry aside (a rename never follows a
   symlink a tool may have left there), renames the staging folder to ``skills`` and removes the
   old entry without following links inside it.

Validation problems raise ``InputFailed`` (permanent); transport problems are retried by the
caller's ``fetch`` wrapper. Lifecycle: ``PublishedSkills.cleanup()`` removes any staging folder at
the end of the item; the published ``skills`` folder stays in the Session workspace. Not
responsible for the Skill instructions the model sees (the control plane injects them).
"""

from __future__ import annotations

import hashlib
import io
import logging
import os
import re
import secrets
import shutil
import stat
import zipfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from mango._client import AsyncMango
from mango._generated.models import Session, SessionRoster, SessionThreadAgent, SkillRef, SkillVersion

from ._exceptions import InputFailed, InputUnavailable

__all__ = ["AGENTS_DIR", "SKILLS_DIR", "STAGING_PREFIX", "PublishedSkills", "SkillLimits", "materialise_skills"]

log = logging.getLogger(__name__)

T = TypeVar("T")

SKILLS_DIR = "skills"
AGENTS_DIR = ".agents"
STAGING_PREFIX = ".mango-skills-"
_VERSION = re.compile(r"[0-9]+")
_AGENT_ID = re.compile(r"[A-Za-z0-9_]+")
_CHUNK = 64 * 1024
_ZIP_ENCRYPTED = 0x1


@dataclass(frozen=True)
class SkillLimits:
    """Bounds on what one item may download and expand."""

    max_archive_bytes: int = 32 * 1024 * 1024
    max_session_archive_bytes: int = 256 * 1024 * 1024
    max_expanded_bytes: int = 256 * 1024 * 1024
    max_session_expanded_bytes: int = 1024 * 1024 * 1024
    max_members: int = 10_000


class Retrier(Protocol):
    """Runs one download step with the caller's retry and failure-sorting rules."""

    def __call__(self, step: Callable[[], Awaitable[T]], what: str, /) -> Awaitable[T]: ...


@dataclass
class PublishedSkills:
    """What ``materialise_skills`` left: the published root (if any) and staging leftovers to remove."""

    root: Path | None
    directories: tuple[str, ...] = ()
    scopes: tuple[str, ...] = ()  # the external roster Agents' folders under ``root / AGENTS_DIR``
    leftovers: list[Path] = field(default_factory=list)

    def cleanup(self) -> None:
        """Remove staging folders and replaced entries; the published folder stays."""
        for path in self.leftovers:
            remove_entry(path)
        self.leftovers.clear()


def remove_entry(path: Path) -> None:
    """Remove a file, symlink or folder without following any symlink."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    try:
        if stat.S_ISDIR(info.st_mode):
            shutil.rmtree(path)
        else:
            os.unlink(path)
    except OSError as exc:
        log.warning("skill staging cleanup failed path=%s error=%s", path, exc)


def _pins_of(refs: list[SkillRef], label: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for index, ref in enumerate(refs):
        version = ref.version if isinstance(ref.version, str) else ""
        if not ref.skill_id or not _VERSION.fullmatch(version):
            raise InputFailed(f"{label} {index} ({ref.skill_id or '?'}) has no concrete version")
        out.append((ref.skill_id, version))
    return out


def pins(session: Session) -> list[tuple[str, str]]:
    """The ``(skill_id, version)`` pins of the Session's Agent snapshot; a non-concrete one is permanent."""
    return _pins_of(session.agent.skills, "skill pin")


def scoped_pins(session: Session) -> dict[str, list[tuple[str, str]]]:
    """Pins per scope: ``""`` for the Session's own Agent, ``<agent id>-v<version>`` for every other roster Agent.

    A ``self`` member (or any member at the Session's own Agent id and version) shares the primary
    folder; the Advisor has no Skills. Scopes without pins are left out.
    """
    out = {"": pins(session)}
    roster = session.agent.multiagent
    members = roster.agents if isinstance(roster, SessionRoster) else []
    own = (session.agent.id, session.agent.version)
    for index, member in enumerate(members):
        if not isinstance(member, SessionThreadAgent) or (member.id, member.version) == own:
            continue
        version = member.version
        if (
            not _AGENT_ID.fullmatch(member.id)
            or isinstance(version, bool)
            or not isinstance(version, int)
            or version < 1
        ):
            raise InputFailed(f"roster member {index} has no usable agent id and version for its Skills")
        scope = f"{member.id}-v{version}"
        if scope not in out:
            out[scope] = _pins_of(member.skills, f"roster member {index} ({member.id}) skill pin")
    return {scope: found for scope, found in out.items() if found}


def verify_archive(meta: SkillVersion, data: bytes, limits: SkillLimits) -> None:
    """The bytes must be exactly the frozen Version's archive."""
    label = f"skill {meta.skill_id} version {meta.version}"
    if meta.archive_size_bytes > limits.max_archive_bytes:
        raise InputFailed(f"{label}: archive of {meta.archive_size_bytes} bytes exceeds the limit")
    if len(data) != meta.archive_size_bytes:
        raise InputFailed(f"{label}: archive has {len(data)} bytes, expected {meta.archive_size_bytes}")
    if hashlib.sha256(data).hexdigest() != meta.archive_sha256.lower():
        raise InputFailed(f"{label}: archive SHA-256 does not match")
    if not _safe_segment(meta.directory):
        raise InputFailed(f"{label}: unusable directory name")


def _safe_segment(name: str) -> bool:
    return bool(name) and name not in (".", "..") and not any(c in name for c in "/\\\x00")


def _member_parts(name: str, directory: str) -> list[str]:
    parts = name.rstrip("/").split("/")
    if name.startswith("/") or "\\" in name or not all(_safe_segment(p) for p in parts):
        raise InputFailed(f"skill archive member {name!r} is not a safe relative path")
    if parts[0] != directory:
        raise InputFailed(f"skill archive member {name!r} is outside {directory!r}")
    return parts


def _member_kind(info: zipfile.ZipInfo) -> str:
    kind = stat.S_IFMT(info.external_attr >> 16)
    if info.is_dir():
        if kind not in (0, stat.S_IFDIR):
            raise InputFailed(f"skill archive member {info.filename!r} is not a plain folder")
        return "dir"
    if kind not in (0, stat.S_IFREG):
        raise InputFailed(f"skill archive member {info.filename!r} is a link or special file")
    if info.flag_bits & _ZIP_ENCRYPTED:
        raise InputFailed(f"skill archive member {info.filename!r} is encrypted")
    return "file"


def extract_archive(data: bytes, directory: str, target: Path, *, max_members: int, max_bytes: int) -> int:
    """Extract a verified archive under ``target`` (a fresh folder); returns the bytes written."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile as exc:
        raise InputFailed(f"skill archive is not a zip: {exc}") from None
    with archive:
        infos = archive.infolist()
        if len(infos) > max_members:
            raise InputFailed(f"skill archive has {len(infos)} members, more than {max_members}")
        seen: set[tuple[str, ...]] = set()
        written = 0
        for info in infos:
            parts = _member_parts(info.filename, directory)
            if tuple(parts) in seen:
                raise InputFailed(f"skill archive member {info.filename!r} is duplicated")
            seen.add(tuple(parts))
            path = target.joinpath(*parts)
            try:
                if _member_kind(info) == "dir":
                    path.mkdir(mode=0o755, parents=True, exist_ok=True)
                    continue
                path.parent.mkdir(mode=0o755, parents=True, exist_ok=True)
                written += _write_member(archive, info, path, max_bytes - written)
            except (FileExistsError, NotADirectoryError, IsADirectoryError):
                raise InputFailed(f"skill archive member {info.filename!r} collides with another") from None
            except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, NotImplementedError) as exc:
                raise InputFailed(f"skill archive member {info.filename!r} is unreadable: {exc}") from None
    return written


def _write_member(archive: zipfile.ZipFile, info: zipfile.ZipInfo, path: Path, budget: int) -> int:
    mode = 0o755 if (info.external_attr >> 16) & 0o111 else 0o644
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, mode)
    written = 0
    with os.fdopen(fd, "wb") as out, archive.open(info) as member:
        while chunk := member.read(_CHUNK):
            written += len(chunk)
            if written > budget:
                raise InputFailed(f"skill archive expands past its limit at {info.filename!r}")
            out.write(chunk)
    os.chmod(path, mode)
    return written


def publish(workdir: Path, staging: Path) -> Path | None:
    """Rename ``staging`` to ``<workdir>/skills``; returns the replaced entry (renamed aside) if any."""
    target = workdir / SKILLS_DIR
    aside: Path | None = None
    if os.path.lexists(target):
        aside = workdir / f"{STAGING_PREFIX}old-{secrets.token_hex(8)}"
        os.rename(target, aside)
    os.rename(staging, target)
    return aside


async def _download(
    client: AsyncMango, pin: tuple[str, str], fetch: Retrier, limits: SkillLimits
) -> tuple[SkillVersion, bytes]:
    skill_id, version = pin
    what = f"skill {skill_id} version {version}"
    meta = await fetch(lambda: client.skills.versions.get(skill_id, version), what)
    if meta.archive_size_bytes > limits.max_archive_bytes:
        raise InputFailed(f"{what}: archive of {meta.archive_size_bytes} bytes exceeds the limit")
    data = await fetch(lambda: client.skills.versions.content(skill_id, version), what)
    verify_archive(meta, data, limits)
    return meta, data


async def materialise_skills(
    client: AsyncMango,
    session: Session,
    workdir: str | os.PathLike[str],
    *,
    fetch: Retrier,
    limits: SkillLimits | None = None,
) -> PublishedSkills:
    """Download, verify, extract and publish the Session's pinned Skills (see the module docstring)."""
    limits = limits or SkillLimits()
    wanted = scoped_pins(session)
    if not wanted:
        return PublishedSkills(None)
    root = _real(workdir)
    downloads: list[tuple[str, SkillVersion, bytes]] = []
    fetched: dict[tuple[str, str], tuple[SkillVersion, bytes]] = {}
    compressed = 0
    for scope, scope_pins in wanted.items():
        directories: set[str] = set()
        for pin in scope_pins:
            if pin not in fetched:  # an archive pinned by several Agents is downloaded (and counted) once
                fetched[pin] = await _download(client, pin, fetch, limits)
                compressed += len(fetched[pin][1])
                if compressed > limits.max_session_archive_bytes:
                    raise InputFailed("the Session's Skill archives exceed the per-Session limit")
            meta, data = fetched[pin]
            if meta.directory in directories:
                raise InputFailed(f"two Skills pinned by one Agent use the directory {meta.directory!r}")
            if not scope and meta.directory == AGENTS_DIR and len(wanted) > 1:
                raise InputFailed(
                    f"skill {meta.skill_id} uses the directory {AGENTS_DIR!r}, reserved for roster Agents"
                )
            directories.add(meta.directory)
            downloads.append((scope, meta, data))
    result = PublishedSkills(None)
    staging = root / f"{STAGING_PREFIX}{secrets.token_hex(8)}"
    try:
        os.mkdir(staging, 0o755)
        result.leftovers.append(staging)
        _extract_all(downloads, staging, limits)
        aside = publish(root, staging)
    except OSError as exc:
        result.cleanup()
        raise InputUnavailable(f"skills could not be written: {exc}") from None
    except BaseException:
        result.cleanup()
        raise
    if aside is not None:
        result.leftovers.append(aside)
    result.cleanup()
    result.root = root / SKILLS_DIR
    result.directories = tuple(meta.directory for scope, meta, _ in downloads if not scope)
    result.scopes = tuple(scope for scope in wanted if scope)
    log.info(
        "skills published count=%d scopes=%d",
        len(downloads),
        len(result.scopes),
        extra={"action": "work.skills_published"},
    )
    return result


def _real(path: str | os.PathLike[str]) -> Path:
    return Path(os.path.realpath(path))


def _extract_all(downloads: list[tuple[str, SkillVersion, bytes]], staging: Path, limits: SkillLimits) -> None:
    expanded = 0
    for scope, meta, data in downloads:
        target = staging / AGENTS_DIR / scope if scope else staging
        target.mkdir(mode=0o755, parents=True, exist_ok=True)
        budget = min(limits.max_expanded_bytes, limits.max_session_expanded_bytes - expanded)
        expanded += extract_archive(data, meta.directory, target, max_members=limits.max_members, max_bytes=budget)
