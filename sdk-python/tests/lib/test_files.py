"""read, write and edit: ranges, caps, parents, uniqueness, and confinement after symlink resolution."""

from __future__ import annotations

from pathlib import Path

import pytest
from mango.lib.tools import EditTool, ReadTool, Workspace, WriteTool


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / "work").mkdir()
    return Workspace(tmp_path / "work")


@pytest.fixture
def lines(ws: Workspace) -> Path:
    path = ws.root / "lines.txt"
    path.write_text("".join(f"line {n}\n" for n in range(1, 11)))
    return path


@pytest.mark.parametrize(
    ("view_range", "expected"),
    [
        (None, [f"line {n}" for n in range(1, 11)]),
        ([2, 4], ["line 2", "line 3", "line 4"]),
        ([9, 0], ["line 9", "line 10"]),
        ([10, -1], ["line 10"]),
        ([3, 3], ["line 3"]),
        ([8, 50], ["line 8", "line 9", "line 10"]),
    ],
)
async def test_read_ranges_are_one_based_and_inclusive(
    ws: Workspace, lines: Path, view_range: list[int] | None, expected: list[str]
) -> None:
    result = await ReadTool(ws).run({"file_path": "lines.txt", "view_range": view_range})
    assert not result.is_error
    assert result.text.splitlines() == expected


@pytest.mark.parametrize("view_range", [[0, 2], [5, 2], [1], "1-2", [11, 12], [True, 2]])
async def test_read_rejects_bad_ranges(ws: Workspace, lines: Path, view_range: object) -> None:
    assert (await ReadTool(ws).run({"file_path": "lines.txt", "view_range": view_range})).is_error


async def test_read_is_capped_with_a_clear_message(ws: Workspace) -> None:
    (ws.root / "big.txt").write_text("x" * 100 + "\n" + "y" * 70_000 + "\n")
    result = await ReadTool(ws).run({"file_path": "big.txt"})
    assert not result.is_error
    body, message = result.text.split("\n[output truncated at 65536 bytes", 1)
    assert len(body.encode()) == 65536
    assert "view_range" in message
    assert "bash" in message


async def test_read_errors_are_results(ws: Workspace) -> None:
    (ws.root / "dir").mkdir()
    assert (await ReadTool(ws).run({"file_path": "missing.txt"})).is_error
    assert "directory" in (await ReadTool(ws).run({"file_path": "dir"})).text
    assert (await ReadTool(ws).run({})).is_error


async def test_write_creates_parents_and_replaces(ws: Workspace) -> None:
    tool = WriteTool(ws)
    result = await tool.run({"file_path": "a/b/c.txt", "content": "héllo"})
    assert result.text == "Wrote 6 bytes to a/b/c.txt"
    await tool.run({"file_path": str(ws.root / "a/b/c.txt"), "content": "new"})
    assert (ws.root / "a/b/c.txt").read_text() == "new"
    assert (await tool.run({"file_path": "x.txt"})).is_error


async def test_edit_requires_a_unique_match_unless_replace_all(ws: Workspace) -> None:
    path = ws.root / "code.py"
    path.write_text("a = 1\nb = 1\n")
    tool = EditTool(ws)
    ambiguous = await tool.run({"file_path": "code.py", "old_string": "= 1", "new_string": "= 2"})
    assert ambiguous.is_error
    assert "occurs 2 times" in ambiguous.text
    assert path.read_text() == "a = 1\nb = 1\n"
    unique = await tool.run({"file_path": "code.py", "old_string": "a = 1", "new_string": "a = 3"})
    assert unique.text == "Replaced 1 occurrence(s) in code.py"
    everywhere = await tool.run({"file_path": "code.py", "old_string": "= ", "new_string": "== ", "replace_all": True})
    assert everywhere.text == "Replaced 2 occurrence(s) in code.py"
    assert path.read_text() == "a == 3\nb == 1\n"


@pytest.mark.parametrize(
    ("input", "message"),
    [
        ({"file_path": "code.py", "old_string": "zzz", "new_string": "y"}, "not found"),
        ({"file_path": "code.py", "old_string": "", "new_string": "y"}, "old_string"),
        ({"file_path": "code.py", "old_string": "x", "new_string": "x"}, "identical"),
        ({"file_path": "nope.py", "old_string": "x", "new_string": "y"}, "does not exist"),
        ({"file_path": "code.py", "old_string": "x", "new_string": "y", "replace_all": "yes"}, "boolean"),
    ],
)
async def test_edit_errors_are_clear(ws: Workspace, input: dict[str, object], message: str) -> None:
    (ws.root / "code.py").write_text("x = 1\n")
    result = await EditTool(ws).run(input)
    assert result.is_error
    assert message in result.text


async def test_symlink_escapes_are_refused(ws: Workspace, tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("secret")
    (ws.root / "link.txt").symlink_to(outside)
    (ws.root / "linkdir").symlink_to(tmp_path)
    for tool, input in [
        (ReadTool(ws), {"file_path": "link.txt"}),
        (ReadTool(ws), {"file_path": "linkdir/outside.txt"}),
        (ReadTool(ws), {"file_path": "../outside.txt"}),
        (ReadTool(ws), {"file_path": str(outside)}),
        (WriteTool(ws), {"file_path": "link.txt", "content": "pwned"}),
        (WriteTool(ws), {"file_path": "linkdir/new.txt", "content": "pwned"}),
        (EditTool(ws), {"file_path": "link.txt", "old_string": "secret", "new_string": "pwned"}),
    ]:
        result = await tool.run(input)
        assert result.is_error, input
        assert "outside" in result.text
    assert outside.read_text() == "secret"
    assert not (tmp_path / "new.txt").exists()


async def test_read_only_roots_can_be_read_but_not_written(tmp_path: Path) -> None:
    (tmp_path / "work").mkdir()
    (tmp_path / "skills").mkdir()
    (tmp_path / "skills" / "SKILL.md").write_text("how to")
    ws = Workspace(tmp_path / "work", [tmp_path / "skills"])
    assert (await ReadTool(ws).run({"file_path": str(tmp_path / "skills/SKILL.md")})).text == "how to"
    written = await WriteTool(ws).run({"file_path": str(tmp_path / "skills/SKILL.md"), "content": "x"})
    assert written.is_error
