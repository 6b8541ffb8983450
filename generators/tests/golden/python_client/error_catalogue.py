# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""The error catalogue of the Mango API: every ``error.type`` with its HTTP status.

``mango._exceptions`` picks the exception class of an SSE ``error`` event from ``ERROR_STATUS``;
a test proves every catalogued type maps to the class of its status.
"""

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


ERROR_CATALOGUE: tuple[ErrorTypeEntry, ...] = (
    ErrorTypeEntry(
        type="invalid_request_error",
        status=400,
        description="The request is malformed.",
    ),
    ErrorTypeEntry(
        type="not_found_error",
        status=404,
        description='No such "note" in this Workspace.',
    ),
    ErrorTypeEntry(
        type="not_implemented",
        status=501,
        description="The server does not implement this operation.",
    ),
)
"""Every catalogued error type, in spec order."""

ERROR_STATUS: Mapping[str, int] = MappingProxyType({entry.type: entry.status for entry in ERROR_CATALOGUE})
"""The HTTP status of each catalogued ``error.type``."""
