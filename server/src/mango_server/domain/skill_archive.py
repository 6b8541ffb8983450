"""Skill archive validation: pure checks over a zip file, no I/O beyond the given file object.

A Skill archive is a zip holding exactly one top-level folder with ``SKILL.md`` directly
inside it. ``SKILL.md`` starts with YAML front matter (between ``---`` lines) giving ``name``
and ``description``. Members must be regular files or folders with relative, normalised paths:
absolute paths, ``..``, backslashes, links, devices, encrypted or duplicate members are refused.
Every member is decompressed once to check its CRC and measure the exact expanded size, with
the bounds enforced while reading (a lying header cannot expand past them).
"""

from __future__ import annotations

import stat
import struct
import zipfile
from dataclasses import dataclass
from typing import IO

import yaml

from mango_server.domain.errors import InvalidRequestError, RequestTooLargeError

SKILL_FILE = "SKILL.md"
MAX_SKILL_MD_BYTES = 1024 * 1024
MAX_NAME = 256
MAX_DESCRIPTION = 4096
MAX_DIRECTORY = 256
_READ = 256 * 1024
_EOCD = b"PK\x05\x06"
_EOCD_SIZE = 22
_ZIP64_LOCATOR = b"PK\x06\x07"
_ZIP64_EOCD = b"PK\x06\x06"
_CENTRAL_ENTRY = b"PK\x01\x02"
_FOLDER_ALLOWANCE = 1024
_CENTRAL_BYTES_PER_MEMBER = 512


@dataclass(frozen=True)
class Limits:
    """Bounds on one archive."""

    max_archive_bytes: int = 32 * 1024 * 1024
    max_expanded_bytes: int = 256 * 1024 * 1024
    max_members: int = 10000


@dataclass(frozen=True)
class SkillArchive:
    """What a valid archive declares."""

    name: str
    description: str
    directory: str
    expanded_size_bytes: int
    member_count: int


def _bad(message: str) -> InvalidRequestError:
    return InvalidRequestError(f"skill archive: {message}")


def _member_path(info: zipfile.ZipInfo) -> list[str]:
    name = info.filename
    if not name or "\\" in name or "\x00" in name:
        raise _bad(f"member {name!r} has an invalid path")
    if name.startswith("/") or (len(name) > 1 and name[1] == ":"):
        raise _bad(f"member {name!r} has an absolute path")
    parts = name.rstrip("/").split("/")
    if any(p in ("", ".", "..") for p in parts):
        raise _bad(f"member {name!r} escapes its folder or is not normalised")
    return parts


def _check_kind(info: zipfile.ZipInfo) -> bool:
    """True for a regular file, False for a folder; anything else is refused."""
    if info.flag_bits & 0x1:
        raise _bad(f"member {info.filename!r} is encrypted")
    mode = info.external_attr >> 16
    kind = stat.S_IFMT(mode)
    if stat.S_ISLNK(mode):
        raise _bad(f"member {info.filename!r} is a symbolic link")
    if info.is_dir():
        if kind not in (0, stat.S_IFDIR):
            raise _bad(f"member {info.filename!r} is not a regular file or folder")
        return False
    if kind not in (0, stat.S_IFREG):
        raise _bad(f"member {info.filename!r} is not a regular file or folder")
    return True


def parse_front_matter(text: str) -> tuple[str, str]:
    """``name`` and ``description`` from SKILL.md's front matter."""
    lines = text.lstrip("\ufeff").splitlines()
    if not lines or lines[0].strip() != "---":
        raise _bad("SKILL.md must start with front matter between --- lines")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise _bad("SKILL.md front matter is not closed by a --- line") from None
    try:
        data = yaml.safe_load("\n".join(lines[1:end]))
    except yaml.YAMLError:
        raise _bad("SKILL.md front matter is not valid YAML") from None
    if not isinstance(data, dict):
        raise _bad("SKILL.md front matter must be a mapping with name and description")
    values: list[str] = []
    for key, bound in (("name", MAX_NAME), ("description", MAX_DESCRIPTION)):
        value = data.get(key)
        if not isinstance(value, str) or not value.strip():
            raise _bad(f"SKILL.md front matter needs a non-empty string {key!r}")
        value = value.strip()
        if len(value) > bound:
            raise _bad(f"SKILL.md {key} is longer than {bound} characters")
        values.append(value)
    if "\n" in values[0]:
        raise _bad("SKILL.md name must be one line")
    return values[0], values[1]


def validate_archive(file: IO[bytes], limits: Limits) -> SkillArchive:
    """Validate the zip in ``file`` (seekable) and describe it; raises 400 or 413 domain errors."""
    size = file.seek(0, 2)
    file.seek(0)
    if size > limits.max_archive_bytes:
        raise RequestTooLargeError(f"skill archive: {size} bytes exceeds the limit of {limits.max_archive_bytes}")
    _check_member_count(file, size, limits.max_members + _FOLDER_ALLOWANCE)
    file.seek(0)
    try:
        archive = zipfile.ZipFile(file)
    except (zipfile.BadZipFile, OSError, ValueError):
        raise _bad("not a zip file") from None
    with archive:
        directory, regular = _layout(archive.infolist(), limits)
        expanded, skill_text = _expand(archive, regular, f"{directory}/{SKILL_FILE}", limits)
        try:
            name, description = parse_front_matter(skill_text.decode("utf-8"))
        except UnicodeDecodeError:
            raise _bad("SKILL.md is not UTF-8 text") from None
    return SkillArchive(name, description, directory, expanded, len(regular))


def _check_member_count(file: IO[bytes], size: int, allowed: int) -> None:
    """Refuse too many members from the end records alone, before the central directory is parsed.

    Both the declared count and the central directory's own size are checked (a lying count
    cannot smuggle a huge directory past), then the entry signatures in that bounded directory
    are counted, an upper bound on its real entries.
    """
    tail_size = min(size, _EOCD_SIZE + 65535)
    file.seek(size - tail_size)
    tail = file.read(tail_size)
    at = tail.rfind(_EOCD)
    if at < 0 or len(tail) - at < _EOCD_SIZE:
        raise _bad("not a zip file")
    entries, cd_size, cd_offset = struct.unpack_from("<xxxxxxxxxxHII", tail, at)
    if 0xFFFF in (entries,) or 0xFFFFFFFF in (cd_size, cd_offset):
        entries, cd_size, cd_offset = _zip64_counts(file, size - tail_size + at)
    if entries > allowed:
        raise _bad(f"declares {entries} members; at most {allowed} are allowed")
    if cd_size > allowed * _CENTRAL_BYTES_PER_MEMBER or cd_offset + cd_size > size:
        raise _bad(f"its central directory of {cd_size} bytes is too large or out of bounds")
    file.seek(cd_offset)
    if file.read(cd_size).count(_CENTRAL_ENTRY) > allowed:
        raise _bad(f"holds more than {allowed} members")


def _zip64_counts(file: IO[bytes], eocd_at: int) -> tuple[int, int, int]:
    """(entries, directory size, directory offset) from the zip64 end record the locator points to."""
    if eocd_at < 20:
        raise _bad("not a zip file")
    file.seek(eocd_at - 20)
    locator = file.read(20)
    if not locator.startswith(_ZIP64_LOCATOR):
        raise _bad("not a zip file")
    (record_at,) = struct.unpack_from("<8xQ", locator)
    file.seek(record_at)
    record = file.read(56)
    if len(record) < 56 or not record.startswith(_ZIP64_EOCD):
        raise _bad("not a zip file")
    entries, cd_size, cd_offset = struct.unpack_from("<32xQQQ", record)
    return int(entries), int(cd_size), int(cd_offset)


def _layout(infos: list[zipfile.ZipInfo], limits: Limits) -> tuple[str, list[zipfile.ZipInfo]]:
    """The one top-level folder and the regular files, once every member's path and kind is checked."""
    if len(infos) > limits.max_members + _FOLDER_ALLOWANCE:
        raise _bad(f"more than {limits.max_members} members")
    seen: set[str] = set()
    tops: set[str] = set()
    regular: list[zipfile.ZipInfo] = []
    for info in infos:
        parts = _member_path(info)
        key = "/".join(parts)
        if key in seen:
            raise _bad(f"member {key!r} appears twice")
        seen.add(key)
        is_file = _check_kind(info)
        tops.add(parts[0])
        if is_file:
            if len(parts) == 1:
                raise _bad(f"member {key!r} is outside the top-level folder")
            regular.append(info)
    if len(tops) != 1:
        raise _bad(f"must hold exactly one top-level folder, found {len(tops)}")
    directory = tops.pop()
    if len(directory) > MAX_DIRECTORY:
        raise _bad(f"top-level folder name is longer than {MAX_DIRECTORY} characters")
    if len(regular) > limits.max_members:
        raise _bad(f"{len(regular)} files exceed the limit of {limits.max_members}")
    skill_md = f"{directory}/{SKILL_FILE}"
    if skill_md not in seen or skill_md + "/" in {i.filename for i in infos if i.is_dir()}:
        raise _bad(f"{directory}/{SKILL_FILE} is missing")
    return directory, regular


def _expand(
    archive: zipfile.ZipFile, regular: list[zipfile.ZipInfo], skill_md: str, limits: Limits
) -> tuple[int, bytes]:
    """Decompress every regular file within the expanded-size budget; returns (expanded bytes, SKILL.md)."""
    expanded = 0
    skill_text = b""
    for info in regular:
        if expanded + info.file_size > limits.max_expanded_bytes:
            raise RequestTooLargeError(f"skill archive: expands past the limit of {limits.max_expanded_bytes} bytes")
        expanded += _measure(archive, info, limits.max_expanded_bytes - expanded)
        if info.filename == skill_md:
            if info.file_size > MAX_SKILL_MD_BYTES:
                raise _bad(f"SKILL.md is larger than {MAX_SKILL_MD_BYTES} bytes")
            skill_text = archive.read(info)
    return expanded, skill_text


def _measure(archive: zipfile.ZipFile, info: zipfile.ZipInfo, budget: int) -> int:
    """Decompress one member (checking its CRC) and return its real size, never past ``budget``."""
    total = 0
    try:
        with archive.open(info) as member:
            while chunk := member.read(_READ):
                total += len(chunk)
                if total > budget:
                    raise RequestTooLargeError("skill archive: a member expands past the size limit")
    except (zipfile.BadZipFile, OSError, NotImplementedError, RuntimeError, EOFError) as exc:
        raise _bad(f"member {info.filename!r} cannot be read ({type(exc).__name__})") from None
    if total != info.file_size:
        raise _bad(f"member {info.filename!r} does not match its declared size")
    return total
