"""Mango Python SDK: a typed client for the Mango managed-agents API.

``Mango`` / ``AsyncMango`` are the entry points (resource namespaces mirror the spec's
operationIds); the generated attrs models and union aliases are in ``mango.types``; errors,
the retry policy, pagers and streams are exported here. ``client.files`` and ``client.skills`` also
carry streaming transfer helpers (``upload_path``, ``create_from_path``, ``download_to``).
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
    MethodNotAllowedError,
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
from ._transfer import DownloadVerificationError, ProgressCallback
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
    "DownloadVerificationError",
    "FileInput",
    "InternalServerError",
    "Mango",
    "MangoError",
    "MethodNotAllowedError",
    "NotFoundError",
    "NotGiven",
    "Page",
    "PermissionDeniedError",
    "PreconditionFailedError",
    "ProgressCallback",
    "RateLimitError",
    "RequestTooLargeError",
    "RetryPolicy",
    "ServiceUnavailableError",
    "SyncPager",
    "SyncStream",
    "__version__",
]
