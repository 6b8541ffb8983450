"""Server target: a TypedDict of every spec schema in ``mango_server/domain/_generated/wire.py``.

``render`` turns ``components/schemas`` into ``wire.py`` with datamodel-code-generator's
``typing.TypedDict`` output (run in-process, no timestamp, fixed options, so the text depends only
on the spec and the pinned generator version): one TypedDict per object schema and one type alias
per union, enum or map, named like the schema. These are the JSON shapes the server builds (its
mappers return them) and reads (a request body once its wire model validated it), checked by mypy
instead of at run time:

- a required property is a plain key, an optional one ``NotRequired``; a property the spec allows
  as null includes ``None`` (so "optional" and "nullable" stay apart, as on the wire);
- a ``date-time`` is its RFC 3339 text (``str``), as on the wire and in stored JSON; the api's
  mappers format a row's ``datetime`` with ``mango_server.api.encoding.rfc3339``;
- a schema with ``additionalProperties: false`` (every request body) is ``closed=True``;
- an object the spec leaves free-form (tool inputs, JSON Schemas) is ``dict[str, Any]``.

The module lives in ``domain`` so that every layer (api, app, store, domain) may import it. It
shares ``domain/_generated`` with the ``server_events`` target, which renders the package's
``__init__.py``. This module does not write files; ``_manifest`` owns writing.
"""

from __future__ import annotations

import warnings
from pathlib import PurePosixPath
from typing import Any

from datamodel_code_generator import InputFileType, LiteralType, PythonVersion, generate
from datamodel_code_generator.enums import DataModelType
from datamodel_code_generator.format import Formatter

from mango_generators._common import GeneratedFile, Spec, marker_line

__all__ = ["ROOT", "render", "render_wire"]

ROOT = PurePosixPath("server/src/mango_server/domain/_generated")
MARKER = marker_line("#")

_HEADER = f'''{MARKER}
"""The JSON shapes of openapi/mango.yaml as TypedDicts: one per ``components/schemas`` entry.

A required property is a plain key, an optional one ``NotRequired``; ``None`` appears only where
the spec allows null. A ``date-time`` is its RFC 3339 text (``str``), as on the wire. A schema
closed to extra properties (every request body) is ``closed=True``. The api's mappers return these
shapes and its handlers read validated request bodies through them, so mypy checks both against
the contract; stored JSON of a spec shape may be typed with them too. Change the spec and run
``make generate``.
"""'''


def render(spec: Spec) -> list[GeneratedFile]:
    """Render ``wire.py`` for the server's generated domain package."""
    return [GeneratedFile(ROOT / "wire.py", render_wire(spec))]


def render_wire(spec: Spec) -> str:
    """The text of ``wire.py``: datamodel-code-generator's TypedDicts over ``components/schemas``."""
    schemas = spec.get("components", {}).get("schemas", {})
    if not schemas:
        return f"{_HEADER}\n\nfrom __future__ import annotations\n"
    scoped: dict[str, Any] = {
        "openapi": spec.get("openapi", "3.1.0"),
        "info": spec.get("info", {"title": "mango", "version": "0"}),
        "paths": {},
        "components": {"schemas": schemas},
    }
    with warnings.catch_warnings():
        # The generator warns about naming hints and deprecated defaults; the output is what counts.
        warnings.simplefilter("ignore")
        text = generate(
            scoped,
            input_file_type=InputFileType.OpenAPI,
            output_model_type=DataModelType.TypingTypedDict,
            target_python_version=PythonVersion.PY_311,
            use_standard_collections=True,
            use_union_operator=True,
            enum_field_as_literal=LiteralType.All,
            strict_nullable=True,
            use_schema_description=True,
            use_single_line_docstring=True,
            disable_timestamp=True,
            use_double_quotes=True,
            formatters=[Formatter.BUILTIN],
            custom_file_header=_HEADER,
        )
    if not isinstance(text, str):
        raise TypeError("datamodel-code-generator returned several modules; expected one")
    return text.rstrip("\n") + "\n"
