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
        description="The request is malformed or breaks a documented rule or bound.",
    ),
    ErrorTypeEntry(
        type="authentication_error",
        status=401,
        description="No valid bearer credential was presented (missing, unknown, revoked or rotated).",
    ),
    ErrorTypeEntry(
        type="permission_error",
        status=403,
        description="The credential is valid but may not perform this operation.",
    ),
    ErrorTypeEntry(
        type="not_found_error",
        status=404,
        description="The resource does not exist in the caller's Workspace.",
    ),
    ErrorTypeEntry(
        type="not_supported",
        status=404,
        description="The route belongs to the reference managed-agents API but Mango leaves it out on purpose (`x-mango-omitted.routes`); the message says why.",
    ),
    ErrorTypeEntry(
        type="method_not_allowed",
        status=405,
        description="The path exists but does not take this HTTP method; the `Allow` header lists the methods it takes.",
    ),
    ErrorTypeEntry(
        type="conflict_error",
        status=409,
        description="The request conflicts with the resource's current state.",
    ),
    ErrorTypeEntry(
        type="memory_path_conflict_error",
        status=409,
        description="The memory path is already occupied by another live memory of the store.",
    ),
    ErrorTypeEntry(
        type="memory_precondition_failed_error",
        status=409,
        description="The memory's current content does not have the expected SHA-256.",
    ),
    ErrorTypeEntry(
        type="precondition_failed",
        status=412,
        description="A conditional request's precondition no longer holds.",
    ),
    ErrorTypeEntry(
        type="request_too_large",
        status=413,
        description="The request body exceeds a configured bound.",
    ),
    ErrorTypeEntry(
        type="rate_limit_error",
        status=429,
        description="Too many requests; the request was not processed.",
    ),
    ErrorTypeEntry(
        type="api_error",
        status=500,
        description="An unexpected server error; the request may or may not have taken effect.",
    ),
    ErrorTypeEntry(
        type="not_implemented",
        status=501,
        description="The operation is in the contract but this server does not implement it.",
    ),
    ErrorTypeEntry(
        type="overloaded",
        status=503,
        description="A dependency is unavailable; the request was not processed and may be retried later.",
    ),
)
"""Every catalogued error type, in spec order."""

ERROR_STATUS: Mapping[str, int] = MappingProxyType({entry.type: entry.status for entry in ERROR_CATALOGUE})
"""The HTTP status of each catalogued ``error.type``."""
