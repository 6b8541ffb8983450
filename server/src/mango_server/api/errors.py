"""The one error envelope, and the mapping of every exception to it (done once, here).

The HTTP status of every ``error.type`` comes from the spec's error catalogue
(``_generated.errors.ERROR_STATUS``), never from a table here. Unexpected exceptions become
``api_error`` 500 with no internal detail in the message; the traceback is logged with the
request id instead.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping

from pydantic import ValidationError
from starlette.responses import JSONResponse

from mango_server.api._generated.errors import ERROR_STATUS
from mango_server.domain._generated.wire import ErrorBody, ErrorEnvelope
from mango_server.domain.errors import MangoDomainError, RateLimitedError, RequestTooLargeError
from mango_server.store.db import overload_error

log = logging.getLogger(__name__)


def envelope(error_type: str, message: str, request_id: str, details: dict[str, object] | None = None) -> ErrorEnvelope:
    """The error body shared by HTTP responses and the SSE ``error`` event."""
    error: ErrorBody = {"type": error_type, "message": message[:4096]}
    if details:
        error["details"] = details
    return {"type": "error", "error": error, "request_id": request_id}


def error_response(
    status: int,
    error_type: str,
    message: str,
    request_id: str,
    *,
    details: dict[str, object] | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """A JSON error response with the ``request-id`` header."""
    return JSONResponse(
        envelope(error_type, message, request_id, details),
        status_code=status,
        headers={"request-id": request_id, **(headers or {})},
    )


def validation_message(exc: ValidationError) -> str:
    """A short, caller-oriented summary of pydantic errors (``field.path: problem``)."""
    parts = []
    for err in exc.errors()[:5]:
        location = ".".join(str(p) for p in err["loc"] if p not in ("body",)) or "body"
        parts.append(f"{location}: {err['msg']}")
    more = len(exc.errors()) - 5
    if more > 0:
        parts.append(f"and {more} more")
    return "; ".join(parts)


def status_of(error_type: str) -> int:
    """The catalogued HTTP status of ``error_type`` (``KeyError`` for a type the spec does not list)."""
    return ERROR_STATUS[error_type]


def map_exception(exc: BaseException, request_id: str) -> JSONResponse:
    """Translate an exception raised by a handler."""
    exc = overload_error(exc) or exc  # pool and statement timeouts are 503s, not server bugs
    if isinstance(exc, RateLimitedError):
        # retry-after is whole seconds (RFC 9110); round up so a client that honours it succeeds.
        retry_after = str(max(1, math.ceil(exc.retry_after_seconds)))
        return error_response(
            status_of(exc.error_type),
            exc.error_type,
            exc.message,
            request_id,
            details=exc.details,
            headers={"retry-after": retry_after},
        )
    if isinstance(exc, MangoDomainError) and exc.error_type in ERROR_STATUS:
        # The unread rest of a refused body is not drained: the connection closes after the answer.
        headers = {"connection": "close"} if isinstance(exc, RequestTooLargeError) else {}
        return error_response(
            status_of(exc.error_type), exc.error_type, exc.message, request_id, details=exc.details, headers=headers
        )
    if isinstance(exc, ValidationError):
        return error_response(
            status_of("invalid_request_error"), "invalid_request_error", validation_message(exc), request_id
        )
    # An uncatalogued domain error is a server bug (the unit tests catch it); answer it like any other.
    log.exception("unhandled error request_id=%s", request_id, extra={"action": "api.unhandled"})
    return error_response(
        status_of("api_error"), "api_error", "internal error; quote the request id when reporting it", request_id
    )
