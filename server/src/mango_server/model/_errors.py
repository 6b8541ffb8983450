"""Errors raised across the model boundary.

Role: one small hierarchy with a stable ``error_type`` the orchestrator can record and map
to public ``session.error`` events, and a ``retryable`` flag that decides whether the
provider round may be tried again::

    ModelError                      (error_type, retryable, status_code, request_id)
    ├── ModelOverloadedError        model_overloaded_error      retryable
    ├── ModelRateLimitedError       model_rate_limited_error    retryable (retry_after)
    ├── ModelRequestFailedError     model_request_failed_error  retryable or not
    └── ModelContextOverflowError   model_context_overflow_error  not retryable as it is

``ModelContextOverflowError`` is the provider refusing a request larger than the model accepts
(HTTP 413 ``request_too_large``, or a 400 "prompt is too long"): the turn engine compacts once,
more aggressively, and retries.

``provider_error_type`` keeps the provider's own error type (``invalid_request_error``,
``request_too_large`` ...) for diagnostics and for context-overflow recovery.

Not responsible for: retry loops (each adapter owns its bounded retries) or the public
error envelope. Messages never carry credentials: adapters build them from status codes
and provider error bodies, and scrub their key from anything they quote.
"""

from __future__ import annotations

__all__ = [
    "ModelContextOverflowError",
    "ModelError",
    "ModelOverloadedError",
    "ModelRateLimitedError",
    "ModelRequestFailedError",
]


class ModelError(Exception):
    """A model call failed."""

    error_type = "model_request_failed_error"
    default_retryable = False

    def __init__(
        self,
        message: str,
        *,
        retryable: bool | None = None,
        status_code: int | None = None,
        request_id: str | None = None,
        provider_error_type: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.retryable = self.default_retryable if retryable is None else retryable
        self.status_code = status_code
        self.request_id = request_id
        self.provider_error_type = provider_error_type
        self.retry_after = retry_after

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, retryable={self.retryable}, status_code={self.status_code})"


class ModelOverloadedError(ModelError):
    """The provider is overloaded (HTTP 529 or an ``overloaded_error``)."""

    error_type = "model_overloaded_error"
    default_retryable = True


class ModelRateLimitedError(ModelError):
    """The provider rate-limited the call (HTTP 429)."""

    error_type = "model_rate_limited_error"
    default_retryable = True


class ModelRequestFailedError(ModelError):
    """Any other failure: transport, server error, invalid request, authentication."""

    error_type = "model_request_failed_error"
    default_retryable = False


class ModelContextOverflowError(ModelError):
    """The request is larger than the model accepts (``request_too_large``)."""

    error_type = "model_context_overflow_error"
    default_retryable = False
