"""Server target: pydantic v2 wire models and the route table under ``mango_server/api/_generated``.

``render`` turns ``components/schemas`` into ``models.py`` with datamodel-code-generator (run
in-process, no timestamp, fixed options, so the text depends only on the spec and the pinned
generator version), the operations into ``routes.py``: one frozen ``Route`` record per
operation plus ``OPERATION_IDS``, which the server checks its handlers against, and
``NOT_NULL``, the optional properties of each model that may be omitted but never sent as
``null`` (pydantic types both as ``X | None``, so the server's edge checks them), and
``x-mango-error-catalogue`` into ``errors.py``: ``ERROR_STATUS``, the HTTP status of every
``error.type``, which the server's error edge answers with.

This module does not write files, serve HTTP or implement handlers; the server's hand-written
``api/`` modules own those, and ``_manifest`` owns writing.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from pathlib import PurePosixPath
from typing import Any

from datamodel_code_generator import InputFileType, LiteralType, PythonVersion, generate
from datamodel_code_generator.enums import DataModelType
from datamodel_code_generator.format import Formatter

from mango_generators._common import GeneratedFile, Spec, marker_line
from mango_generators._errors import python_module
from mango_generators._spec import Operation, operations

__all__ = ["ROOT", "render", "render_errors", "render_models", "render_routes"]

ROOT = PurePosixPath("server/src/mango_server/api/_generated")
MARKER = marker_line("#")

_INIT = f'''{MARKER}
"""Wire models and the route table rendered from openapi/mango.yaml.

``models`` holds one pydantic v2 model per ``components/schemas`` entry; ``routes`` holds one
``Route`` per operation and ``OPERATION_IDS``; ``errors`` holds the error catalogue
(``ERROR_STATUS``). Change the spec and run ``make generate``.
"""
'''

_MODELS_HEADER = f'''{MARKER}
"""Pydantic v2 wire models, one per ``components/schemas`` entry of openapi/mango.yaml."""'''

_ROUTES_HEAD = f'''{MARKER}
"""The route table: one ``Route`` per operation of openapi/mango.yaml.

``handler`` is the operationId with dots replaced by underscores; the server proves every
operation has a handler by checking its handler names against ``ROUTES`` / ``OPERATION_IDS``.
``request_model`` / ``response_model`` name the ``models`` class of a JSON body whose schema is
a ``components/schemas`` reference (None for inline, binary or multipart bodies, and no body).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from . import models

__all__ = ["NOT_NULL", "OPERATION_IDS", "ROUTES", "Route"]


@dataclass(frozen=True)
class Route:
    """One operation: how it is reached, who may call it and which models carry its bodies."""

    operation_id: str
    method: str
    path: str
    handler: str
    security: tuple[str, ...]
    paginated: bool
    stream: bool
    request_model: type[BaseModel] | None
    response_model: type[BaseModel] | None


ROUTES: tuple[Route, ...] = (
'''

_ROUTES_TAIL = """)

OPERATION_IDS: frozenset[str] = frozenset(route.operation_id for route in ROUTES)

# Optional properties that may be omitted but are not nullable, by model class name.
NOT_NULL: dict[str, frozenset[str]] = {
"""

_ERRORS_DOC = """The error catalogue of openapi/mango.yaml: every ``error.type`` with its HTTP status.

``mango_server.api.errors`` answers each domain error with ``ERROR_STATUS[error.error_type]``;
a unit test proves every domain error class names a catalogued type.
"""

_MODEL_BODY_MEDIA = frozenset({"application/json", "text/event-stream"})


def render(spec: Spec) -> list[GeneratedFile]:
    """Render ``__init__.py``, ``errors.py``, ``models.py`` and ``routes.py`` for the server's generated package."""
    models = render_models(spec)
    return [
        GeneratedFile(ROOT / "__init__.py", _INIT),
        GeneratedFile(ROOT / "errors.py", render_errors(spec)),
        GeneratedFile(ROOT / "models.py", models),
        GeneratedFile(ROOT / "routes.py", render_routes(spec, _class_names(models))),
    ]


def render_models(spec: Spec) -> str:
    """The text of ``models.py``: datamodel-code-generator over ``components/schemas`` only."""
    schemas = spec.get("components", {}).get("schemas", {})
    scoped: dict[str, Any] = {
        "openapi": spec.get("openapi", "3.1.0"),
        "info": spec.get("info", {"title": "mango", "version": "0"}),
        "paths": {},
        "components": {"schemas": schemas},
    }
    if not schemas:
        return f"{_MODELS_HEADER}\n\nfrom __future__ import annotations\n"
    with warnings.catch_warnings():
        # The generator warns about naming hints and deprecated defaults; the output is what counts.
        warnings.simplefilter("ignore")
        text = generate(
            scoped,
            input_file_type=InputFileType.OpenAPI,
            output_model_type=DataModelType.PydanticV2BaseModel,
            target_python_version=PythonVersion.PY_311,
            use_annotated=True,
            field_constraints=True,
            use_standard_collections=True,
            use_union_operator=True,
            enum_field_as_literal=LiteralType.All,
            strict_nullable=True,
            disable_timestamp=True,
            use_double_quotes=True,
            formatters=[Formatter.BUILTIN],
            custom_file_header=_MODELS_HEADER,
            # A URI is kept exactly as sent (AnyUrl would normalise it, e.g. append a `/`, and the
            # echoed value could break `maxLength`); the server checks its scheme and host itself.
            type_mappings=["string+uri=string"],
        )
    if not isinstance(text, str):
        raise TypeError("datamodel-code-generator returned several modules; expected one")
    return text.rstrip("\n") + "\n"


def render_errors(spec: Spec) -> str:
    """The text of ``errors.py``: ``ERROR_CATALOGUE`` and ``ERROR_STATUS`` from ``x-mango-error-catalogue``."""
    return f"{MARKER}\n{python_module(spec, _ERRORS_DOC)}"


def render_routes(spec: Spec, model_classes: frozenset[str]) -> str:
    """The text of ``routes.py`` for ``spec``; ``model_classes`` are the classes in ``models.py``."""
    entries = [_route_entry(op, model_classes) for op in sorted(operations(spec), key=lambda op: op.operation_id)]
    return _ROUTES_HEAD + "".join(entries) + _ROUTES_TAIL + _not_null(spec, model_classes) + "}\n"


def _not_null(spec: Spec, model_classes: frozenset[str]) -> str:
    """``NOT_NULL`` entries: per schema, the properties neither required nor nullable."""
    lines = []
    for name, schema in sorted(spec.get("components", {}).get("schemas", {}).items()):
        required = set(schema.get("required", ()))
        props = schema.get("properties", {})
        optional = sorted(p for p, sub in props.items() if p not in required and not _nullable(sub))
        if optional and _class_name(name) in model_classes:
            lines.append(f"    {_str(_class_name(name))}: frozenset({{{', '.join(_str(p) for p in optional)}}}),\n")
    return "".join(lines)


def _nullable(schema: Mapping[str, Any]) -> bool:
    kinds = schema.get("type")
    if kinds == "null" or (isinstance(kinds, list) and "null" in kinds) or schema.get("nullable") is True:
        return True
    return any(_nullable(sub) for key in ("oneOf", "anyOf") for sub in schema.get(key, ()))


def _route_entry(op: Operation, model_classes: frozenset[str]) -> str:
    request = _model_ref(op.request_body.media_type, op.request_body.schema, model_classes) if op.request_body else None
    response = _model_ref(op.response.media_type, op.response.schema, model_classes) if op.response else None
    fields = [
        ("operation_id", _str(op.operation_id)),
        ("method", _str(op.method)),
        ("path", _str(op.path)),
        ("handler", _str(op.operation_id.replace(".", "_"))),
        ("security", _tuple(op.security)),
        ("paginated", repr(op.paginated)),
        ("stream", repr(op.stream)),
        ("request_model", request or "None"),
        ("response_model", response or "None"),
    ]
    body = "".join(f"        {name}={value},\n" for name, value in fields)
    return f"    Route(\n{body}    ),\n"


def _model_ref(media_type: str, schema: Mapping[str, Any], model_classes: frozenset[str]) -> str | None:
    ref = schema.get("$ref")
    if media_type not in _MODEL_BODY_MEDIA or not isinstance(ref, str):
        return None
    name = _class_name(ref.rsplit("/", 1)[-1])
    return f"models.{name}" if name in model_classes else None


def _class_names(models_text: str) -> frozenset[str]:
    return frozenset(re.findall(r"^class (\w+)\(", models_text, flags=re.MULTILINE))


def _class_name(schema_name: str) -> str:
    """The class name datamodel-code-generator gives a schema name (identifier-safe, capitalised)."""
    cleaned = re.sub(r"\W", "_", schema_name)
    return cleaned[:1].upper() + cleaned[1:]


def _str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _tuple(values: tuple[str, ...]) -> str:
    if not values:
        return "()"
    return "(" + ", ".join(_str(value) for value in values) + ("," if len(values) == 1 else "") + ")"
