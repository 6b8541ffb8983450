"""The error catalogue rendered as a Python module, shared by the server and Python SDK targets.

``python_module(spec, doc)`` returns the text (without the generated-file marker, which each
target adds) of a module holding ``ERROR_CATALOGUE`` (one frozen ``ErrorTypeEntry`` per
``x-mango-error-catalogue`` entry, in spec order) and ``ERROR_STATUS`` (``error.type`` -> HTTP
status, read-only). The layout is ruff's, so a target need not format it.

This module reads the catalogue through ``_spec.error_catalogue`` and writes nothing.
"""

from __future__ import annotations

import json

from mango_generators._common import Spec
from mango_generators._spec import error_catalogue

__all__ = ["python_module"]

_HEAD = '''
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["ERROR_CATALOGUE", "ERROR_STATUS", "ErrorTypeEntry"]


@dataclass(frozen=True)
class ErrorTypeEntry:
    """One catalogued ``error.type``: the HTTP status the API answers it with and what it means."""

    type: str
    status: int
    description: str


ERROR_CATALOGUE: tuple[ErrorTypeEntry, ...] = ('''

_TAIL = '''"""Every catalogued error type, in spec order."""

ERROR_STATUS: Mapping[str, int] = MappingProxyType({entry.type: entry.status for entry in ERROR_CATALOGUE})
"""The HTTP status of each catalogued ``error.type``."""
'''


def python_module(spec: Spec, doc: str) -> str:
    """The module text for ``spec``'s catalogue; ``doc`` is its one-paragraph docstring body."""
    entries = [
        "    ErrorTypeEntry(\n"
        f"        type={_literal(entry.type)},\n"
        f"        status={entry.status},\n"
        f"        description={_literal(entry.description)},\n"
        "    ),"
        for entry in error_catalogue(spec)
    ]
    body = "".join(f"\n{entry}" for entry in entries) + ("\n" if entries else "")
    return f'"""{doc}"""\n{_HEAD}{body})\n{_TAIL}'


def _literal(value: str) -> str:
    # JSON string escapes are valid Python escapes, and JSON always uses double quotes (ruff's style).
    return json.dumps(value, ensure_ascii=False)
