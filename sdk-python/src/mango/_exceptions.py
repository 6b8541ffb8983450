"""The one exception hierarchy of the Mango SDK.

Every error the client raises derives from ``MangoError``::

    MangoError
    ├── APIError                        (message, request)
    │   ├── APIStatusError              (status_code, body, request_id, error_type, response)
    │   │   ├── BadRequestError             400 invalid_request_error
    │   │   ├── AuthenticationError         401 authentication_error
    │   │   ├── PermissionDeniedError       403 permission_error
    │   │   ├── NotFoundError               404 not_found_error
    │   │   ├── MethodNotAllowedError       405 method_not_allowed
    │   │   ├── ConflictError               409 conflict_error (and the memory_* conflicts)
    │   │   ├── PreconditionFailedError     412 precondition_failed
    │   │   ├── RequestTooLargeError        413 request_too_large
    │   │   ├── RateLimitError              429 rate_limit_error
    │   │   ├── InternalServerError         500 api_error (and any other 5xx)
    │   │   ├── ApiNotImplementedError      501 not_implemented
    │   │   └── ServiceUnavailableError     503 overloaded
    │   ├── APIConnectionError          (the request never got an HTTP answer)
    │   │   └── APITimeoutError
    │   └── APIResponseValidationError  (an answer that does not match the contract)

Lifecycle: built once per failed call by the transport (``status_error_from_response``) or by
the SSE decoder (``status_error_from_envelope`` for an ``error`` event) and raised to the caller.
An HTTP answer picks its class by status; an SSE ``error`` event has no status, so its
``error.type`` is looked up in the spec's error catalogue (``mango._generated.error_catalogue``,
generated from ``x-mango-error-catalogue``) and an unknown type counts as a 500. A test walks
the catalogue, so every catalogued type reaches the class of its status.
Not responsible for deciding whether to retry: that is ``mango._retry``.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

from ._generated.error_catalogue import ERROR_STATUS

__all__ = [
    "APIConnectionError",
    "APIError",
    "APIResponseValidationError",
    "APIStatusError",
    "APITimeoutError",
    "ApiNotImplementedError",
    "AuthenticationError",
    "BadRequestError",
    "ConflictError",
    "InternalServerError",
    "MangoError",
    "MethodNotAllowedError",
    "NotFoundError",
    "PermissionDeniedError",
    "PreconditionFailedError",
    "RateLimitError",
    "RequestTooLargeError",
    "ServiceUnavailableError",
    "status_error_from_envelope",
    "status_error_from_response",
]


class MangoError(Exception):
    """Base class of every error raised by the Mango SDK."""


class APIError(MangoError):
    """A call to the Mango API failed."""

    def __init__(self, message: str, *, request: httpx.Request | None = None, body: object = None) -> None:
        super().__init__(message)
        self.message = message
        self.request = request
        self.body = body


class APIStatusError(APIError):
    """The API answered with a 4xx/5xx status and the error envelope."""

    status_code: int = 0

    def __init__(
        self,
        message: str,
        *,
        status_code: int,
        body: object = None,
        request_id: str | None = None,
        error_type: str | None = None,
        response: httpx.Response | None = None,
    ) -> None:
        super().__init__(message, request=_request_of(response), body=body)
        self.status_code = status_code
        self.request_id = request_id
        self.error_type = error_type
        self.response = response

    def __str__(self) -> str:
        suffix = f" (request_id={self.request_id})" if self.request_id else ""
        return f"{self.status_code} {self.error_type or 'error'}: {self.message}{suffix}"


def _request_of(response: httpx.Response | None) -> httpx.Request | None:
    if response is None:
        return None
    try:
        return response.request
    except RuntimeError:  # a Response built by hand (tests, SSE envelopes) has no request
        return None


class BadRequestError(APIStatusError):
    status_code = 400


class AuthenticationError(APIStatusError):
    status_code = 401


class PermissionDeniedError(APIStatusError):
    status_code = 403


class NotFoundError(APIStatusError):
    status_code = 404


class MethodNotAllowedError(APIStatusError):
    """The path does not take the request's method (405); ``response.headers["allow"]`` lists the ones it does."""

    status_code = 405


class ConflictError(APIStatusError):
    status_code = 409


class PreconditionFailedError(APIStatusError):
    status_code = 412


class RequestTooLargeError(APIStatusError):
    status_code = 413


class RateLimitError(APIStatusError):
    status_code = 429


class InternalServerError(APIStatusError):
    status_code = 500


class ApiNotImplementedError(APIStatusError):
    """The server does not implement this operation (501); named so the builtin stays visible."""

    status_code = 501


class ServiceUnavailableError(APIStatusError):
    status_code = 503


class APIConnectionError(APIError):
    """The request could not be sent or no answer arrived (DNS, refused, reset, dropped)."""

    def __init__(self, message: str = "Connection error.", *, request: httpx.Request | None = None) -> None:
        super().__init__(message, request=request)


class APITimeoutError(APIConnectionError):
    """The request timed out."""

    def __init__(self, *, request: httpx.Request | None = None) -> None:
        super().__init__("Request timed out.", request=request)


class APIResponseValidationError(APIError):
    """A successful answer could not be decoded into the declared model."""


_BY_STATUS: dict[int, type[APIStatusError]] = {
    cls.status_code: cls
    for cls in (
        BadRequestError,
        AuthenticationError,
        PermissionDeniedError,
        NotFoundError,
        MethodNotAllowedError,
        ConflictError,
        PreconditionFailedError,
        RequestTooLargeError,
        RateLimitError,
        InternalServerError,
        ApiNotImplementedError,
        ServiceUnavailableError,
    )
}


def _class_for(status: int) -> type[APIStatusError]:
    if status in _BY_STATUS:
        return _BY_STATUS[status]
    return InternalServerError if status >= 500 else APIStatusError


def _envelope_fields(body: object) -> tuple[str | None, str | None, str | None]:
    """(error type, message, request id) from an error envelope, tolerating anything else."""
    if not isinstance(body, dict):
        return None, None, None
    error = body.get("error")
    error_type = message = None
    if isinstance(error, dict):
        error_type = error.get("type") if isinstance(error.get("type"), str) else None
        message = error.get("message") if isinstance(error.get("message"), str) else None
    request_id = body.get("request_id")
    return error_type, message, request_id if isinstance(request_id, str) else None


def status_error_from_response(response: httpx.Response) -> APIStatusError:
    """Build the status-specific error for a 4xx/5xx response (its body must already be read)."""
    body: Any
    try:
        body = response.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        body = response.text or None
    error_type, message, envelope_request_id = _envelope_fields(body)
    status = response.status_code
    return _class_for(status)(
        message or response.reason_phrase or f"HTTP {status}",
        status_code=status,
        body=body,
        request_id=response.headers.get("request-id") or envelope_request_id,
        error_type=error_type,
        response=response,
    )


def status_error_from_envelope(envelope: object, *, response: httpx.Response | None = None) -> APIStatusError:
    """Build the error for an SSE ``error`` event; the status comes from the envelope's error type."""
    error_type, message, request_id = _envelope_fields(envelope)
    status = ERROR_STATUS.get(error_type or "", 500)
    return _class_for(status)(
        message or "The event stream reported an error.",
        status_code=status,
        body=envelope,
        request_id=request_id or (response.headers.get("request-id") if response is not None else None),
        error_type=error_type,
        response=response,
    )
