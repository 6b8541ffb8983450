"""Server target: golden output for the mini spec, and generated models imported and exercised."""

from __future__ import annotations

import importlib
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from mango_generators import server_models
from mango_generators._common import GeneratedFile, has_marker
from mango_generators._spec import check_spec, load_spec
from pydantic import BaseModel, ValidationError

Spec = dict[str, Any]

TINY: Spec = {
    "openapi": "3.1.0",
    "info": {"title": "Tiny", "version": "1"},
    "paths": {
        "/v1/widgets": {
            "post": {
                "operationId": "widgets.create",
                "security": [{"WorkspaceKey": []}],
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/WidgetCreate"}}},
                },
                "responses": {
                    "200": {
                        "description": "The widget.",
                        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Widget"}}},
                    }
                },
            }
        },
        "/v1/widgets/{widget_id}/events/stream": {
            "get": {
                "operationId": "widgets.events.stream",
                "x-mango-stream": True,
                "security": [{"WorkspaceKey": []}, {"SessionToken": []}],
                "parameters": [{"name": "widget_id", "in": "path", "required": True, "schema": {"type": "string"}}],
                "responses": {
                    "200": {
                        "description": "Events.",
                        "content": {"text/event-stream": {"schema": {"$ref": "#/components/schemas/WidgetEvent"}}},
                    }
                },
            }
        },
    },
    "components": {
        "securitySchemes": {
            "WorkspaceKey": {"type": "http", "scheme": "bearer"},
            "SessionToken": {"type": "http", "scheme": "bearer"},
        },
        "schemas": {
            "WidgetCreate": {
                "type": "object",
                "required": ["name"],
                "additionalProperties": False,
                "properties": {
                    "name": {"type": "string", "minLength": 1, "maxLength": 8},
                    "size": {"type": ["integer", "null"], "minimum": 0},
                },
            },
            "Widget": {
                "type": "object",
                "required": ["type", "id", "name"],
                "properties": {
                    "type": {"type": "string", "const": "widget"},
                    "id": {"type": "string"},
                    "name": {"type": "string"},
                    "colour": {"type": "string", "enum": ["red", "blue"]},
                    "homepage": {"type": "string", "format": "uri", "maxLength": 24},
                    "note": {"type": ["string", "null"]},
                },
            },
            "WidgetEvent": {
                "oneOf": [{"$ref": "#/components/schemas/Spun"}, {"$ref": "#/components/schemas/Stopped"}],
                "discriminator": {
                    "propertyName": "type",
                    "mapping": {"spun": "#/components/schemas/Spun", "stopped": "#/components/schemas/Stopped"},
                },
            },
            "Spun": {
                "type": "object",
                "required": ["type", "speed"],
                "properties": {"type": {"type": "string", "const": "spun"}, "speed": {"type": "integer"}},
            },
            "Stopped": {
                "type": "object",
                "required": ["type"],
                "properties": {"type": {"type": "string", "const": "stopped"}},
            },
        },
    },
}


def _materialise(files: Iterable[GeneratedFile], tmp_path: Path) -> str:
    """Write the rendered package under a unique name in ``tmp_path``; return the package name."""
    package = f"mango_gen_{uuid.uuid4().hex}"
    for file in files:
        target = tmp_path / package / file.path.relative_to(server_models.ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(file.content, encoding="utf-8")
    return package


@pytest.fixture
def generated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[Spec], tuple[ModuleType, ModuleType]]:
    """Render a spec, import the result and return its ``(models, routes)`` modules."""

    def load(spec: Spec) -> tuple[ModuleType, ModuleType]:
        package = _materialise(server_models.render(check_spec(spec)), tmp_path)
        monkeypatch.syspath_prepend(str(tmp_path))
        models = importlib.import_module(f"{package}.models")
        routes = importlib.import_module(f"{package}.routes")
        for name in [name for name in sys.modules if name.startswith(package)]:
            monkeypatch.delitem(sys.modules, name)
        return models, routes

    return load


def test_golden_mini(mini_path: Path, assert_golden: Callable[[str, Iterable[GeneratedFile], str], None]) -> None:
    files = server_models.render(load_spec(mini_path))
    assert all(has_marker(file.content) for file in files)
    assert_golden("server_models", files, server_models.ROOT.as_posix())


def test_render_is_deterministic(mini_path: Path) -> None:
    spec = load_spec(mini_path)
    assert server_models.render(spec) == server_models.render(spec)


def test_models_validate_and_forbid_extra_fields(generated: Callable[[Spec], tuple[ModuleType, ModuleType]]) -> None:
    models, _ = generated(TINY)
    created = models.WidgetCreate.model_validate({"name": "gear", "size": None})
    assert (created.name, created.size) == ("gear", None)
    with pytest.raises(ValidationError, match="Extra inputs are not permitted"):
        models.WidgetCreate.model_validate({"name": "gear", "surprise": 1})
    with pytest.raises(ValidationError):
        models.WidgetCreate.model_validate({"name": "far too long a name"})
    with pytest.raises(ValidationError):
        models.Widget.model_validate({"type": "gadget", "id": "w_1", "name": "gear"})
    with pytest.raises(ValidationError):
        models.Widget.model_validate({"type": "widget", "id": "w_1", "name": "gear", "colour": "green"})


def test_unions_decode_by_discriminator(generated: Callable[[Spec], tuple[ModuleType, ModuleType]]) -> None:
    models, _ = generated(TINY)
    event = models.WidgetEvent.model_validate({"type": "spun", "speed": 3})
    assert isinstance(event.root, models.Spun)
    with pytest.raises(ValidationError):
        models.WidgetEvent.model_validate({"type": "exploded"})


def test_route_table(generated: Callable[[Spec], tuple[ModuleType, ModuleType]]) -> None:
    models, routes = generated(TINY)
    assert frozenset({"widgets.create", "widgets.events.stream"}) == routes.OPERATION_IDS
    by_id = {route.operation_id: route for route in routes.ROUTES}
    create = by_id["widgets.create"]
    assert (create.method, create.path, create.handler) == ("POST", "/v1/widgets", "widgets_create")
    assert (create.request_model, create.response_model) == (models.WidgetCreate, models.Widget)
    stream = by_id["widgets.events.stream"]
    assert (stream.handler, stream.stream, stream.paginated) == ("widgets_events_stream", True, False)
    assert stream.security == ("WorkspaceKey", "SessionToken")
    assert stream.request_model is None
    assert issubclass(stream.response_model, BaseModel)


def test_not_null_lists_optional_properties_that_are_not_nullable(
    generated: Callable[[Spec], tuple[ModuleType, ModuleType]],
) -> None:
    _, routes = generated(TINY)
    # WidgetCreate.size is nullable and Widget.note too; required properties are never listed.
    assert {"Widget": frozenset({"colour", "homepage"})} == routes.NOT_NULL


def test_uri_is_kept_as_sent_and_bounded(generated: Callable[[Spec], tuple[ModuleType, ModuleType]]) -> None:
    models, _ = generated(TINY)
    widget = models.Widget.model_validate({"type": "widget", "id": "w_1", "name": "g", "homepage": "http://a.b"})
    assert widget.homepage == "http://a.b"  # not normalised to "http://a.b/"
    with pytest.raises(ValidationError):
        models.Widget.model_validate({"type": "widget", "id": "w_1", "name": "g", "homepage": "http://" + "a" * 20})


def test_no_schemas_renders_an_empty_module() -> None:
    spec: Spec = {**TINY, "paths": {}, "components": {"securitySchemes": TINY["components"]["securitySchemes"]}}
    models_file = next(f for f in server_models.render(check_spec(spec)) if f.path.name == "models.py")
    assert has_marker(models_file.content)
    assert "class " not in models_file.content


@pytest.mark.slow
def test_generated_package_passes_mypy_strict(mini_path: Path, tmp_path: Path) -> None:
    package = _materialise(server_models.render(load_spec(mini_path)), tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", "/dev/null", package],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=110,
    )
    assert result.returncode == 0, result.stdout + result.stderr
