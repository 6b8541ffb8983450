"""Shared fixtures for the SDK tests: an instant retry policy and clients bound to mocks."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from mango import AsyncMango, Mango, RetryPolicy


@pytest.fixture
def instant() -> RetryPolicy:
    """The default retry rules with every wait made zero."""
    return RetryPolicy(max_retries=2, base_delay=0, max_delay=0, max_retry_after=0, rand=lambda: 0.0)


@pytest.fixture
def make_client(instant: RetryPolicy) -> Callable[..., Mango]:
    def make(base_url: str = "http://mango.test", **kwargs: object) -> Mango:
        kwargs.setdefault("retry_policy", instant)
        return Mango(base_url=base_url, api_key="mango-test-key", **kwargs)  # type: ignore[arg-type]

    return make


@pytest.fixture
def make_async_client(instant: RetryPolicy) -> Callable[..., AsyncMango]:
    def make(base_url: str = "http://mango.test", **kwargs: object) -> AsyncMango:
        kwargs.setdefault("retry_policy", instant)
        return AsyncMango(base_url=base_url, api_key="mango-test-key", **kwargs)  # type: ignore[arg-type]

    return make


def envelope(error_type: str, message: str = "nope", request_id: str = "req_env") -> dict[str, object]:
    return {"type": "error", "error": {"type": error_type, "message": message}, "request_id": request_id}


@pytest.fixture
def error_envelope() -> Callable[..., dict[str, object]]:
    return envelope


__all__ = ["httpx"]
