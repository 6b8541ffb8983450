"""Tests for the Python SDK target: golden output, generated code that imports and runs, bad specs.

Refresh the golden files with ``MANGO_UPDATE_GOLDEN=1 .venv/bin/pytest generators/tests/test_python_client.py``.
"""

from __future__ import annotations

import copy
import importlib
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path, PurePosixPath
from typing import Any

import httpx
import pytest
import yaml
from mango_generators._common import MARKER_TEXT, has_marker
from mango_generators.python_client import TARGET, render

HERE = Path(__file__).parent
MINI = HERE / "fixtures" / "mini.yaml"
GOLDEN = HERE / "golden" / "python_client"


@pytest.fixture(scope="module")
def mini_files() -> dict[PurePosixPath, str]:
    spec = yaml.safe_load(MINI.read_text(encoding="utf-8"))
    return {f.path.relative_to(TARGET): f.content for f in render(spec)}


def test_golden_output_for_mini_spec(mini_files: dict[PurePosixPath, str]) -> None:
    if os.environ.get("MANGO_UPDATE_GOLDEN") == "1":
        for old in GOLDEN.rglob("*.py"):
            old.unlink()
        for rel, content in mini_files.items():
            target = GOLDEN / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(content, encoding="utf-8")
    golden = {
        PurePosixPath(p.relative_to(GOLDEN).as_posix()): p.read_text(encoding="utf-8") for p in GOLDEN.rglob("*.py")
    }
    assert sorted(golden) == sorted(mini_files), "file set differs; refresh with MANGO_UPDATE_GOLDEN=1"
    for rel, content in mini_files.items():
        assert content == golden[rel], f"{rel} differs from the golden copy; refresh with MANGO_UPDATE_GOLDEN=1"


def test_every_file_is_marked_and_under_the_target(mini_files: dict[PurePosixPath, str]) -> None:
    for rel, content in mini_files.items():
        assert content.startswith(f"# {MARKER_TEXT}\n"), rel
        assert has_marker(content)
    names = {str(rel) for rel in mini_files}
    assert {"resources.py", "async_resources.py", "unions.py", "types.py", "models/note.py"} <= names


def test_no_unused_client_layer_is_rendered(mini_files: dict[PurePosixPath, str]) -> None:
    # openapi-python-client's own client, errors and endpoint modules: the SDK never imports them.
    names = {str(rel) for rel in mini_files}
    assert not {"client.py", "errors.py"} & names
    assert not [name for name in names if name.startswith("api/")]
    assert "import" not in mini_files[PurePosixPath("__init__.py")]
    assert "Response" not in mini_files[PurePosixPath("types.py")]


def test_output_is_deterministic(mini_files: dict[PurePosixPath, str]) -> None:
    spec = yaml.safe_load(MINI.read_text(encoding="utf-8"))
    again = {f.path.relative_to(TARGET): f.content for f in render(spec)}
    assert again == mini_files


TINY: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "Tiny", "version": "1"},
    "paths": {
        "/v1/things/{thing_id}": {
            "get": {
                "operationId": "things.get",
                "summary": "Get a thing.",
                "security": [{"WorkspaceKey": []}],
                "parameters": [
                    {"name": "thing_id", "in": "path", "required": True, "schema": {"type": "string"}},
                    {"name": "created_at[gte]", "in": "query", "schema": {"type": "string", "format": "date-time"}},
                ],
                "responses": {
                    "200": {
                        "description": "The thing.",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}},
                    }
                },
            }
        }
    },
    "components": {
        "securitySchemes": {"WorkspaceKey": {"type": "http", "scheme": "bearer"}},
        "schemas": {
            "Thing": {
                "type": "object",
                "required": ["type", "id", "size"],
                "properties": {
                    "type": {"type": "string", "const": "thing"},
                    "id": {"type": "string"},
                    "size": {"type": "integer"},
                    "label": {"type": ["string", "null"]},
                },
            }
        },
    },
}


@pytest.fixture
def tiny_package(tmp_path: Path) -> Iterator[str]:
    """Render TINY into ``tmp_path/tinypkg`` and make it importable."""
    for file in render(copy.deepcopy(TINY)):
        target = tmp_path / "tinypkg" / file.path.relative_to(TARGET)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(file.content, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        yield "tinypkg"
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "tinypkg" or n.startswith("tinypkg.")]:
            del sys.modules[name]


def test_generated_package_imports_and_round_trips(tiny_package: str) -> None:
    models = importlib.import_module(f"{tiny_package}.models")
    importlib.import_module(f"{tiny_package}.async_resources")
    raw = {"type": "thing", "id": "t_1", "size": 3, "label": None, "extra": True}
    thing = models.Thing.from_dict(raw)
    assert (thing.id, thing.size, thing.label) == ("t_1", 3, None)
    assert thing.to_dict() == raw


def test_generated_resource_calls_the_transport(tiny_package: str) -> None:
    from mango._base_client import SyncAPIClient

    resources = importlib.import_module(f"{tiny_package}.resources")
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"type": "thing", "id": "t/1", "size": 1})

    client = SyncAPIClient(
        base_url="http://api.test", api_key="k", http_client=httpx.Client(transport=httpx.MockTransport(answer))
    )
    thing = resources.MangoResources(client).things.get("t/1", created_at_gte="2026-01-01T00:00:00Z")
    assert thing.id == "t/1"
    assert seen[0].url.path == "/v1/things/t%2F1" or seen[0].url.raw_path.startswith(b"/v1/things/t%2F1")
    assert seen[0].url.params["created_at[gte]"] == "2026-01-01T00:00:00Z"
    assert seen[0].headers["authorization"] == "Bearer k"


def _broken(mutate: Any) -> dict[str, Any]:
    spec = copy.deepcopy(TINY)
    mutate(spec)
    return spec


def _op(spec: dict[str, Any]) -> dict[str, Any]:
    op: dict[str, Any] = spec["paths"]["/v1/things/{thing_id}"]["get"]
    return op


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda s: _op(s).update(operationId="getThing"), "operationId 'getThing' must be <resource>"),
        (
            lambda s: _op(s)["parameters"].append({"name": "X-Trace", "in": "header", "schema": {"type": "string"}}),
            "header parameter 'X-Trace' is not supported",
        ),
        (
            lambda s: _op(s)["responses"]["200"]["content"]["application/json"].update(
                schema={"oneOf": [{"type": "string"}, {"type": "integer"}]}
            ),
            "unsupported schema",
        ),
        (
            lambda s: _op(s).update(
                requestBody={"content": {"text/plain": {"schema": {"type": "string"}}}},
            ),
            "request body must be exactly one of",
        ),
        (
            lambda s: s["paths"].update(
                {"/v1/things": {"get": {**copy.deepcopy(_op(s)), "operationId": "things.get.all", "parameters": []}}}
            ),
            "clashes with another method or sub-resource",
        ),
    ],
    ids=["operation-id", "header-param", "inline-union-response", "text-body", "verb-vs-subresource"],
)
def test_bad_spec_fails_with_a_clear_message(mutate: Any, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        render(_broken(mutate))


def test_sensitive_property_stays_out_of_repr(tmp_path: Path) -> None:
    spec = copy.deepcopy(TINY)
    thing = spec["components"]["schemas"]["Thing"]
    thing["properties"]["token"] = {"type": ["string", "null"], "x-mango-sensitive": True}
    thing["required"].append("token")
    for file in render(spec):
        target = tmp_path / "sensitivepkg" / file.path.relative_to(TARGET)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(file.content, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        models = importlib.import_module("sensitivepkg.models")
        raw = {"type": "thing", "id": "t_1", "size": 3, "label": None, "token": "tok-do-not-print"}
        loaded = models.Thing.from_dict(raw)
        assert loaded.token == "tok-do-not-print"
        assert loaded.to_dict() == raw
        assert "tok-do-not-print" not in repr(loaded)
        assert "t_1" in repr(loaded)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == "sensitivepkg" or n.startswith("sensitivepkg.")]:
            del sys.modules[name]


def test_sensitive_optional_property_is_refused() -> None:
    spec = copy.deepcopy(TINY)
    spec["components"]["schemas"]["Thing"]["properties"]["label"]["x-mango-sensitive"] = True
    with pytest.raises(ValueError, match="x-mango-sensitive on an optional property"):
        render(spec)
