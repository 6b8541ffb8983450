"""glob and grep: ordering, caps, pattern rules and confinement."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from mango.lib.tools import GlobTool, GrepTool, Workspace


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    root = tmp_path / "work"
    (root / "src" / "pkg").mkdir(parents=True)
    for age, name in enumerate(["src/new.py", "src/pkg/mid.py", "old.py", "notes.txt"]):
        path = root / name
        path.write_text(f"print('{name}')\n")
        stamp = 1_700_000_000 - age * 100
        os.utime(path, (stamp, stamp))
    return Workspace(root)


async def test_glob_orders_newest_first(ws: Workspace) -> None:
    result = await GlobTool(ws).run({"pattern": "**/*.py"})
    assert result.text.splitlines() == ["src/new.py", "src/pkg/mid.py", "old.py"]


async def test_glob_under_a_path(ws: Workspace) -> None:
    result = await GlobTool(ws).run({"pattern": "*.py", "path": "src"})
    assert result.text.splitlines() == ["src/new.py"]


async def test_glob_is_capped(ws: Workspace) -> None:
    for n in range(5):
        (ws.root / f"f{n}.log").write_text("x")
    result = await GlobTool(ws, limit=3).run({"pattern": "*.log"})
    assert len(result.text.splitlines()) == 4
    assert result.text.endswith("[2 more matches not shown]")


@pytest.mark.parametrize("pattern", ["../*", "src/../../*", "/etc/*", ""])
async def test_glob_rejects_escaping_patterns(ws: Workspace, pattern: str) -> None:
    assert (await GlobTool(ws).run({"pattern": pattern})).is_error


async def test_glob_drops_symlinks_that_leave_the_workspace(ws: Workspace, tmp_path: Path) -> None:
    (tmp_path / "secret.py").write_text("x")
    (ws.root / "escape.py").symlink_to(tmp_path / "secret.py")
    result = await GlobTool(ws).run({"pattern": "*.py"})
    assert "escape.py" not in result.text
    assert "secret" not in result.text
    assert (await GlobTool(ws).run({"pattern": "*", "path": ".."})).is_error


async def test_glob_without_matches(ws: Workspace) -> None:
    assert (await GlobTool(ws).run({"pattern": "*.rs"})).text == "No files matched."


async def test_grep_finds_lines_with_path_and_number(ws: Workspace) -> None:
    (ws.root / "src" / "new.py").write_text("a\nneedle here\nb\nneedle again\n")
    result = await GrepTool(ws).run({"pattern": r"needle \w+"})
    assert result.text.splitlines() == ["src/new.py:2:needle here", "src/new.py:4:needle again"]


async def test_grep_skips_long_lines_binary_and_git(ws: Workspace) -> None:
    (ws.root / "long.txt").write_text("needle" + "x" * 2500 + "\nneedle short\n")
    (ws.root / "bin.dat").write_bytes(b"needle\x00\x01")
    (ws.root / ".git").mkdir()
    (ws.root / ".git" / "config").write_text("needle\n")
    result = await GrepTool(ws).run({"pattern": "needle"})
    assert result.text.splitlines() == ["long.txt:2:needle short"]


async def test_grep_output_is_capped(ws: Workspace) -> None:
    (ws.root / "many.txt").write_text("hit\n" * 10_000)
    result = await GrepTool(ws, limit_bytes=1000).run({"pattern": "hit", "path": "many.txt"})
    assert result.text.endswith("[output truncated]")
    assert len(result.text) < 1100


async def test_grep_errors(ws: Workspace, tmp_path: Path) -> None:
    assert "regular expression" in (await GrepTool(ws).run({"pattern": "("})).text
    assert (await GrepTool(ws).run({"pattern": "x", "path": str(tmp_path)})).is_error
    assert (await GrepTool(ws).run({"pattern": "nothing-matches-this"})).text == "No matches."


async def test_grep_does_not_follow_symlinks_out(ws: Workspace, tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("needle\n")
    (ws.root / "link.txt").symlink_to(tmp_path / "secret.txt")
    assert (await GrepTool(ws).run({"pattern": "needle"})).text == "No matches."
