"""Shared fixtures for the generator tests: the mini fixture spec and golden-file comparison.

Set ``MANGO_UPDATE_GOLDEN=1`` to rewrite golden files from the current output instead of
comparing (``MANGO_UPDATE_GOLDEN=1 .venv/bin/pytest generators/tests``), then review the diff.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
import yaml
from mango_generators._common import GeneratedFile

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parents[1]
MINI_PATH = TESTS_DIR / "fixtures" / "mini.yaml"
GOLDEN_DIR = TESTS_DIR / "golden"
UPDATE_GOLDEN = os.environ.get("MANGO_UPDATE_GOLDEN") == "1"

_MINI: dict[str, Any] = yaml.safe_load(MINI_PATH.read_text(encoding="utf-8"))


@pytest.fixture
def mini_path() -> Path:
    """Path of the committed mini fixture spec."""
    return MINI_PATH


@pytest.fixture
def mini_spec() -> dict[str, Any]:
    """A fresh, mutable copy of the parsed mini fixture spec."""
    return copy.deepcopy(_MINI)


@pytest.fixture
def write_spec(tmp_path: Path) -> Callable[[Any], Path]:
    """Write a spec (a mapping, or YAML text) into ``tmp_path`` and return its path."""

    def write(spec: Any, name: str = "spec.yaml") -> Path:
        path = tmp_path / name
        text = spec if isinstance(spec, str) else yaml.safe_dump(spec, sort_keys=False)
        path.write_text(text, encoding="utf-8")
        return path

    return write


@pytest.fixture
def assert_golden() -> Callable[[str, Iterable[GeneratedFile], str], None]:
    """The golden comparison: ``assert_golden(target, files, strip_prefix)``."""
    return _assert_golden


def _assert_golden(target: str, files: Iterable[GeneratedFile], strip_prefix: str) -> None:
    """Compare rendered files with ``golden/<target>/`` (or rewrite it under MANGO_UPDATE_GOLDEN=1)."""
    golden = GOLDEN_DIR / target
    rendered = {file.path.as_posix().removeprefix(strip_prefix).lstrip("/"): file.content for file in files}
    if UPDATE_GOLDEN:
        for stale in golden.rglob("*") if golden.is_dir() else []:
            if stale.is_file() and stale.relative_to(golden).as_posix() not in rendered:
                stale.unlink()
        for name, content in rendered.items():
            (golden / name).parent.mkdir(parents=True, exist_ok=True)
            (golden / name).write_text(content, encoding="utf-8", newline="\n")
        return
    committed = {path.relative_to(golden).as_posix() for path in golden.rglob("*") if path.is_file()}
    assert committed == set(rendered), "golden file set differs; rerun with MANGO_UPDATE_GOLDEN=1 and review"
    for name, content in rendered.items():
        expected = (golden / name).read_text(encoding="utf-8")
        assert content == expected, f"{target}/{name} differs from golden; rerun with MANGO_UPDATE_GOLDEN=1 and review"
