"""Domain exceptions: a class name plus one sentence each.

Raised anywhere inside the server; mapped once, at the HTTP edge, to the error envelope
(``mango_server.api.errors``). Messages are shown to API callers, so they never carry secrets.

Each class names only its stable ``error_type``; the HTTP status belongs to the spec's error
catalogue (``x-mango-error-catalogue``, generated into ``api/_generated/errors.py``) and is
looked up at the edge, so the two cannot drift. A subclass with a new ``error_type`` needs a
catalogue entry first (a unit test walks every subclass). This module knows nothing of HTTP.
"""

from __future__ import annotations


class MangoDomainError(Exception):
    """Base class; ``error_type`` is the stable envelope type (the catalogue gives its status)."""

    error_type = "api_error"

    def __init__(self, message: str, *, details: dict[str, object] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details = details


class InvalidRequestError(MangoDomainError):
    """The request is malformed or breaks a documented rule."""

    error_type = "invalid_request_error"


class AuthenticationError(MangoDomainError):
    """No valid bearer credential was presented."""

    error_type = "authentication_error"


class PermissionDeniedError(MangoDomainError):
    """The credential is valid but may not perform this operation."""

    error_type = "permission_error"


class NotFoundError(MangoDomainError):
    """The resource does not exist in the caller's Workspace."""

    error_type = "not_found_error"


class ConflictError(MangoDomainError):
    """The request conflicts with the resource's current state."""

    error_type = "conflict_error"


class PreconditionFailedError(MangoDomainError):
    """A conditional request's precondition no longer holds."""

    error_type = "precondition_failed"


class RequestTooLargeError(MangoDomainError):
    """The request body exceeds a configured bound."""

    error_type = "request_too_large"


class RateLimitedError(MangoDomainError):
    """Too many requests (or open streams) for this credential; ``retry_after_seconds`` says when to retry."""

    error_type = "rate_limit_error"

    def __init__(
        self, message: str, *, retry_after_seconds: float = 1.0, details: dict[str, object] | None = None
    ) -> None:
        super().__init__(message, details=details)
        self.retry_after_seconds = retry_after_seconds


class NotImplementedYetError(MangoDomainError):
    """The operation is in the contract but this release does not implement it yet."""

    error_type = "not_implemented"


class OverloadedError(MangoDomainError):
    """A dependency is unavailable; retry later."""

    error_type = "overloaded"
