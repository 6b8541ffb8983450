"""Server wire target: golden output for the mini spec, and the TypedDicts imported and type-checked."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from mango_generators import server_wire
from mango_generators._common import GeneratedFile, has_marker
from mango_generators._spec import check_spec, load_spec

Spec = dict[str, Any]

TINY: Spec = {
    "openapi": "3.1.0",
    "info": {"title": "Tiny", "version": "1"},
    "paths": {},
    "components": {
        "schemas": {
            "WidgetCreate": {
                "type": "object",
                "required": ["name"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "maxLength": 8},
                    "size": {"type": ["integer", "null"], "minimum": 0},
                },
            },
            "Widget": {
                "type": "object",
                "description": "A widget.",
                "required": ["type", "id", "note", "created_at"],
                "properties": {
                    "type": {"type": "string", "const": "widget"},
                    "id": {"type": "string"},
                    "colour": {"type": "string", "enum": ["red", "blue"]},
                    "note": {"type": ["string", "null"]},
                    "homepage": {"type": "string", "format": "uri"},
                    "created_at": {"type": "string", "format": "date-time"},
                    "extra": {"type": "object"},
                },
            },
        }
    },
}


def _materialise(files: Iterable[GeneratedFile], tmp_path: Path) -> str:
    """Write the rendered module into a package under a unique name in ``tmp_path``; return the package name."""
    package = f"mango_wire_{uuid.uuid4().hex}"
    (tmp_path / package).mkdir()
    (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
    for file in files:
        (tmp_path / package / file.path.relative_to(server_wire.ROOT)).write_text(file.content, encoding="utf-8")
    return package


def _mypy(tmp_path: Path, *targets: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", "/dev/null", *targets],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=110,
    )


def test_golden_mini(mini_path: Path, assert_golden: Callable[[str, Iterable[GeneratedFile], str], None]) -> None:
    files = server_wire.render(load_spec(mini_path))
    assert [file.path.name for file in files] == ["wire.py"]
    assert all(has_marker(file.content) for file in files)
    assert_golden("server_wire", files, server_wire.ROOT.as_posix())


def test_render_is_deterministic(mini_path: Path) -> None:
    spec = load_spec(mini_path)
    assert server_wire.render(spec) == server_wire.render(spec)


def test_typed_dicts_follow_the_schemas() -> None:
    text = server_wire.render_wire(check_spec(TINY))
    assert "class WidgetCreate(TypedDict, closed=True):" in text  # additionalProperties: false
    assert "class Widget(TypedDict):" in text
    assert '"""A widget."""' in text
    expected = [
        "    name: str\n",
        "    size: NotRequired[int | None]\n",  # optional and nullable
        '    type: Literal["widget"]\n',
        '    colour: NotRequired[Literal["red", "blue"]]\n',  # optional, never null
        "    note: str | None\n",  # required and nullable
        "    homepage: NotRequired[str]\n",  # a URI is text
        "    created_at: str\n",  # RFC 3339 text, as on the wire
        "    extra: NotRequired[dict[str, Any]]\n",
    ]
    for line in expected:
        assert line in text, line


def test_no_schemas_renders_an_empty_module() -> None:
    spec: Spec = {**TINY, "components": {}}
    (file,) = server_wire.render(check_spec(spec))
    assert has_marker(file.content)
    assert "class " not in file.content


@pytest.mark.slow
def test_generated_module_passes_mypy_strict_and_checks_its_users(tmp_path: Path) -> None:
    package = _materialise(server_wire.render(check_spec(TINY)), tmp_path)
    user = tmp_path / "user.py"
    user.write_text(
        textwrap.dedent(
            f"""
            from {package}.wire import Widget, WidgetCreate

            T = "2026-01-01T00:00:00Z"
            ok: Widget = {{"type": "widget", "id": "w_1", "note": None, "created_at": T}}
            params: WidgetCreate = {{"name": "gear"}}
            bad_type: Widget = {{"type": "gadget", "id": "w_1", "note": None, "created_at": T}}
            missing: Widget = {{"type": "widget", "id": "w_1", "created_at": T}}
            null: WidgetCreate = {{"name": None}}
            """
        ),
        encoding="utf-8",
    )
    assert (result := _mypy(tmp_path, package)).returncode == 0, result.stdout + result.stderr
    checked = _mypy(tmp_path, "user.py").stdout
    errors = [line for line in checked.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["7", "8", "9"], checked
