"""Mango Python SDK: a typed client for the Mango managed-agents API.

``Mango`` / ``AsyncMango`` are the entry points (resource namespaces mirror the spec's
operationIds); the generated attrs models and union aliases are in ``mango.types``; errors,
the retry policy, pagers and streams are exported here.
"""

from __future__ import annotations

from ._base_client import NOT_GIVEN, FileInput, NotGiven
from ._client import AsyncMango, Mango
from ._exceptions import (
    APIConnectionError,
    APIError,
    ApiNotImplementedError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    AuthenticationError,
    BadRequestError,
    ConflictError,
    InternalServerError,
    MangoError,
    NotFoundError,
    PermissionDeniedError,
    PreconditionFailedError,
    RateLimitError,
    RequestTooLargeError,
    ServiceUnavailableError,
)
from ._pagination import AsyncPager, Page, SyncPager
from ._retry import RetryPolicy
from ._streaming import AsyncStream, SyncStream
from ._version import __version__

__all__ = [
    "NOT_GIVEN",
    "APIConnectionError",
    "APIError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "ApiNotImplementedError",
    "AsyncMango",
    "AsyncPager",
    "AsyncStream",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "FileInput",
    "InternalServerError",
    "Mango",
    "MangoError",
    "NotFoundError",
    "NotGiven",
    "Page",
    "PermissionDeniedError",
    "PreconditionFailedError",
    "RateLimitError",
    "RequestTooLargeError",
    "RetryPolicy",
    "ServiceUnavailableError",
    "SyncPager",
    "SyncStream",
    "__version__",
]
