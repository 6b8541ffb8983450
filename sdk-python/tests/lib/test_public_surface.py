"""The public surface of ``mango`` is pinned: changing it is a deliberate, reviewed act."""

from __future__ import annotations

import mango

EXPECTED = [
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


def test_all_is_pinned() -> None:
    assert mango.__all__ == EXPECTED


def test_every_name_resolves() -> None:
    for name in mango.__all__:
        assert getattr(mango, name) is not None, name


def test_clients_expose_the_resource_namespaces() -> None:
    client = mango.Mango(base_url="http://mango.test")
    assert callable(client.sessions.events.stream)
    assert callable(client.environments.work.poll)
    assert callable(mango.AsyncMango(base_url="http://mango.test").agents.versions.list)


def test_wire_types_are_public() -> None:
    from mango import types

    assert types.Agent.__name__ == "Agent"
    assert callable(types.decode_session_stream_event)
