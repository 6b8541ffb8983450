"""Skill archive validation: layout, front matter, unsafe members and bounds."""

from __future__ import annotations

import io
import stat
import zipfile

import pytest
from mango_server.domain.errors import InvalidRequestError, RequestTooLargeError
from mango_server.domain.skill_archive import Limits, parse_front_matter, validate_archive

SKILL_MD = "---\nname: pdf-tools\ndescription: Fill and merge PDF forms.\n---\n\n# PDF tools\nUse scripts/fill.py.\n"


def make_zip(members: dict[str, str | bytes], *, symlink: str | None = None, fifo: str | None = None) -> io.BytesIO:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
        for name, mode in ((symlink, stat.S_IFLNK | 0o777), (fifo, stat.S_IFIFO | 0o644)):
            if name:
                info = zipfile.ZipInfo(name)
                info.external_attr = mode << 16
                archive.writestr(info, "target")
    buffer.seek(0)
    return buffer


def good(**extra: str | bytes) -> dict[str, str | bytes]:
    return {"pdf/SKILL.md": SKILL_MD, "pdf/scripts/fill.py": "print('fill')\n", **extra}


def test_good_archive_is_described() -> None:
    result = validate_archive(make_zip(good()), Limits())
    assert result.name == "pdf-tools"
    assert result.description == "Fill and merge PDF forms."
    assert result.directory == "pdf"
    assert result.member_count == 2
    assert result.expanded_size_bytes == len(SKILL_MD) + len("print('fill')\n")


def test_folder_entries_are_allowed_and_not_counted() -> None:
    result = validate_archive(make_zip({"pdf/": b"", **good()}), Limits())
    assert result.member_count == 2


def test_missing_skill_md() -> None:
    with pytest.raises(InvalidRequestError, match=r"SKILL\.md is missing"):
        validate_archive(make_zip({"pdf/README.md": "x"}), Limits())


def test_skill_md_in_a_subfolder_does_not_count() -> None:
    with pytest.raises(InvalidRequestError, match=r"SKILL\.md is missing"):
        validate_archive(make_zip({"pdf/docs/SKILL.md": SKILL_MD}), Limits())


def test_two_top_level_folders() -> None:
    with pytest.raises(InvalidRequestError, match="exactly one top-level folder"):
        validate_archive(make_zip(good(**{"other/x.txt": "x"})), Limits())


def test_file_at_the_top_level() -> None:
    with pytest.raises(InvalidRequestError, match="outside the top-level folder"):
        validate_archive(make_zip(good(**{"SKILL.md": SKILL_MD})), Limits())


def test_path_escape() -> None:
    with pytest.raises(InvalidRequestError, match="escapes"):
        validate_archive(make_zip(good(**{"pdf/../x": "x"})), Limits())


def test_absolute_path() -> None:
    with pytest.raises(InvalidRequestError, match="absolute"):
        validate_archive(make_zip(good(**{"/etc/passwd": "x"})), Limits())


def test_backslash_path() -> None:
    with pytest.raises(InvalidRequestError, match="invalid path"):
        validate_archive(make_zip(good(**{"pdf\\..\\x": "x"})), Limits())


def test_symlink_member() -> None:
    with pytest.raises(InvalidRequestError, match="symbolic link"):
        validate_archive(make_zip(good(), symlink="pdf/link"), Limits())


def test_special_member() -> None:
    with pytest.raises(InvalidRequestError, match="not a regular file"):
        validate_archive(make_zip(good(), fifo="pdf/pipe"), Limits())


def test_too_many_members() -> None:
    members = good(**{f"pdf/f{i}.txt": "x" for i in range(5)})
    with pytest.raises(InvalidRequestError, match="exceed the limit of 3"):
        validate_archive(make_zip(members), Limits(max_members=3))


def test_expanded_size_over_the_bound() -> None:
    members = good(**{"pdf/big.txt": "a" * 100_000})
    with pytest.raises(RequestTooLargeError, match="expands past"):
        validate_archive(make_zip(members), Limits(max_expanded_bytes=50_000))


def test_archive_bytes_over_the_bound() -> None:
    with pytest.raises(RequestTooLargeError, match="exceeds the limit"):
        validate_archive(make_zip(good()), Limits(max_archive_bytes=100))


def test_not_a_zip() -> None:
    with pytest.raises(InvalidRequestError, match="not a zip"):
        validate_archive(io.BytesIO(b"plain text"), Limits())


def test_duplicate_member() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("pdf/SKILL.md", SKILL_MD)
        with pytest.warns(UserWarning, match="Duplicate name"):
            archive.writestr("pdf/SKILL.md", SKILL_MD)
    with pytest.raises(InvalidRequestError, match="appears twice"):
        validate_archive(buffer, Limits())


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("# no front matter\n", "must start with front matter"),
        ("---\nname: x\n", "not closed"),
        ("---\nname: [unclosed\n---\n", "not valid YAML"),
        ("---\n- a\n- b\n---\n", "must be a mapping"),
        ("---\nname: x\n---\n", "'description'"),
        ("---\ndescription: d\n---\n", "'name'"),
        ("---\nname: 3\ndescription: d\n---\n", "'name'"),
        ("---\nname: x\ndescription: '   '\n---\n", "'description'"),
    ],
)
def test_bad_front_matter(text: str, problem: str) -> None:
    with pytest.raises(InvalidRequestError, match=problem):
        parse_front_matter(text)


def test_bad_front_matter_in_an_archive() -> None:
    with pytest.raises(InvalidRequestError, match="front matter"):
        validate_archive(make_zip({"pdf/SKILL.md": "# title only\n"}), Limits())


def test_non_utf8_skill_md() -> None:
    with pytest.raises(InvalidRequestError, match="not UTF-8"):
        validate_archive(make_zip({"pdf/SKILL.md": b"---\nname: \xff\n---\n"}), Limits())


def _forged_end_record(entries: int, cd_size: int = 46, cd_offset: int = 0) -> io.BytesIO:
    """A file holding only an end-of-central-directory record that declares ``entries`` members."""
    import struct

    record = b"PK\x05\x06" + struct.pack("<HHHHIIH", 0, 0, entries, entries, cd_size, cd_offset, 0)
    return io.BytesIO(b"\x00" * cd_size + record)


def test_declared_member_count_is_refused_before_the_directory_is_parsed(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_parse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the central directory was parsed")

    monkeypatch.setattr(zipfile, "ZipFile", no_parse)
    with pytest.raises(InvalidRequestError, match="declares 60000 members"):
        validate_archive(_forged_end_record(60000), Limits(max_members=10))


def test_an_oversized_central_directory_is_refused_whatever_the_count_says(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(zipfile, "ZipFile", None)
    with pytest.raises(InvalidRequestError, match="central directory"):
        validate_archive(_forged_end_record(1, cd_size=2_000_000), Limits(max_members=10))


def test_entry_signatures_are_counted_when_the_declared_count_lies() -> None:
    members = good(**{f"pdf-tools/f{i}.txt": "x" for i in range(1100)})
    data = bytearray(make_zip(members).getvalue())
    at = data.rfind(b"PK\x05\x06")
    data[at + 8 : at + 12] = (1).to_bytes(2, "little") * 2  # claim one member
    with pytest.raises(InvalidRequestError, match="more than 1034 members"):
        validate_archive(io.BytesIO(bytes(data)), Limits(max_members=10))


def test_not_a_zip_without_an_end_record() -> None:
    with pytest.raises(InvalidRequestError, match="not a zip"):
        validate_archive(io.BytesIO(b"plain text, no zip"), Limits())
