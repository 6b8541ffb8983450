"""The HTTP transport under every Mango call: configuration, requests, retries, errors, decoding.

``SyncAPIClient`` (documented here) and its async twin ``AsyncAPIClient`` own one httpx client.
Generated resource classes (``mango._generated.resources``) call three entry points and
contain no transport logic themselves:

- ``_request(method, path, cast=..., path_params=, query=, body=, files=, form=, binary=)``:
  one call; ``body`` is sent as JSON, ``files``/``form`` as multipart, ``binary=True`` hands
  the raw bytes to ``cast`` instead of decoded JSON; the answer is decoded with ``cast``
  (a generated ``Model.from_dict`` or union decoder);
- ``_paginate(..., item=...)``: an auto-paging ``SyncPager`` over a list operation;
- ``_stream(..., event=..., last_event_id=)``: a resumable ``SyncStream`` of SSE events.

Configuration comes from arguments, else ``MANGO_BASE_URL`` / ``MANGO_API_KEY``, read once at
construction. Every answer's ``request-id`` header is kept in ``last_request_id`` and carried by
errors. Lifecycle: create one client per process (or per task group), share it, ``close()`` it
(or use ``with``). Not responsible for retry rules (``_retry``), error classes (``_exceptions``),
wire encoding (``_encoding``), paging (``_pagination``) or SSE (``_streaming``).
"""

from __future__ import annotations

import json
import logging
import os
import uuid
from collections.abc import Callable, Mapping
from types import TracebackType
from typing import Any, TypeVar

import httpx

from ._encoding import (
    NOT_GIVEN,
    FileInput,
    NotGiven,
    decode_union,
    encode_multipart,
    encode_query,
    format_path,
    no_content,
    optional,
    raw_bytes,
    to_jsonable,
)
from ._exceptions import (
    APIConnectionError,
    APIResponseValidationError,
    APITimeoutError,
    MangoError,
    status_error_from_response,
)
from ._pagination import AsyncPager, Page, SyncPager
from ._retry import RetryPolicy
from ._streaming import AsyncStream, SyncStream
from ._version import __version__

__all__ = [
    "DEFAULT_BASE_URL",
    "DEFAULT_TIMEOUT",
    "NOT_GIVEN",
    "AsyncAPIClient",
    "AsyncAPIResource",
    "AsyncPager",
    "AsyncStream",
    "FileInput",
    "NotGiven",
    "SyncAPIClient",
    "SyncAPIResource",
    "SyncPager",
    "SyncStream",
    "Timeout",
    "decode_union",
    "no_content",
    "optional",
    "raw_bytes",
]

log = logging.getLogger(__name__)

T = TypeVar("T")
Timeout = float | httpx.Timeout | None
DEFAULT_BASE_URL = "http://127.0.0.1:8000"
DEFAULT_TIMEOUT = httpx.Timeout(60.0, connect=10.0)
_Failure = tuple[MangoError, int | None, "httpx.Headers | None"]
IDEMPOTENCY_HEADER = "Idempotency-Key"
_READS = frozenset({"GET", "HEAD", "OPTIONS"})


def new_idempotency_key() -> str:
    """A fresh random key for one logical mutation."""
    return f"mango-py-{uuid.uuid4().hex}"


def _keyed(request: httpx.Request) -> bool:
    return IDEMPOTENCY_HEADER in request.headers


class _BaseClient:
    """Configuration and request building shared by the sync and async transports."""

    def __init__(
        self,
        *,
        api_key: str | None,
        base_url: str | None,
        timeout: Timeout,
        max_retries: int,
        retry_policy: RetryPolicy | None,
        default_headers: Mapping[str, str] | None,
    ) -> None:
        self.api_key = api_key if api_key is not None else os.environ.get("MANGO_API_KEY") or None
        self.base_url = (base_url or os.environ.get("MANGO_BASE_URL") or DEFAULT_BASE_URL).rstrip("/")
        self.timeout = timeout
        self.retry_policy = retry_policy or RetryPolicy(max_retries=max_retries)
        self.last_request_id: str | None = None
        self._default_headers = dict(default_headers or {})

    @property
    def default_headers(self) -> dict[str, str]:
        """Headers sent with every request (``Authorization`` when a key is configured)."""
        headers = {"accept": "application/json", "user-agent": f"mango-python/{__version__}"}
        if self.api_key:
            headers["authorization"] = f"Bearer {self.api_key}"
        headers.update(self._default_headers)
        return headers

    def _build(
        self,
        http: httpx.Client | httpx.AsyncClient,
        method: str,
        path: str,
        *,
        path_params: Mapping[str, str] | None = None,
        query: Mapping[str, object] | None = None,
        body: Mapping[str, object] | None = None,
        files: Mapping[str, object] | None = None,
        form: Mapping[str, object] | None = None,
        headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> httpx.Request:
        merged = httpx.Headers(self.default_headers)
        merged.update(headers or {})
        if method.upper() not in _READS and IDEMPOTENCY_HEADER not in merged:
            # One key per logical call: the request object, and so the key, is reused by every retry.
            merged[IDEMPOTENCY_HEADER] = new_idempotency_key()
        kwargs: dict[str, Any] = {}
        if body is not None:
            kwargs["json"] = to_jsonable(body)
        if files is not None or form is not None:
            kwargs["files"], kwargs["data"] = encode_multipart(files, form)
        return http.build_request(
            method,
            self.base_url + format_path(path, path_params),
            params=tuple(encode_query(query)),
            headers=merged,
            timeout=self.timeout if isinstance(timeout, NotGiven) else timeout,
            **kwargs,
        )

    def _check(self, request: httpx.Request, response: httpx.Response | BaseException) -> httpx.Response | _Failure:
        """Classify one attempt: the successful response, or (error, status, headers)."""
        if isinstance(response, httpx.TimeoutException):
            return APITimeoutError(request=request), None, None
        if isinstance(response, BaseException):
            return APIConnectionError(f"{type(response).__name__}: {response}", request=request), None, None
        self.last_request_id = response.headers.get("request-id") or self.last_request_id
        log.debug("answered method=%s path=%s status=%s", request.method, request.url.path, response.status_code)
        if response.is_success:
            return response
        return status_error_from_response(response), response.status_code, response.headers

    @staticmethod
    def _decode(response: httpx.Response, cast: Callable[[Any], T], binary: bool) -> T:
        try:
            if binary:
                return cast(response.content)
            if response.status_code == 204 or not response.content:
                return cast(None)
            return cast(response.json())
        except APIResponseValidationError:
            raise
        except (json.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError) as exc:
            raise APIResponseValidationError(f"cannot decode the answer: {exc}", body=response.text) from exc


class SyncAPIClient(_BaseClient):
    """The synchronous transport; ``mango.Mango`` adds the resource namespaces."""

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        retry_policy: RetryPolicy | None = None,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
    ) -> None:
        """Args:
        api_key: a Workspace API key, Environment key or session token (``MANGO_API_KEY``).
        base_url: the server, e.g. ``http://127.0.0.1:8000`` (``MANGO_BASE_URL``).
        timeout: default timeout of every request, overridable per call.
        max_retries: retries of transient failures (see ``mango._retry``).
        retry_policy: a full policy instead of ``max_retries``.
        default_headers: extra headers on every request.
        http_client: a preconfigured ``httpx.Client`` (proxies, transports); closed by ``close``.
        """
        super().__init__(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            retry_policy=retry_policy,
            default_headers=default_headers,
        )
        self._http = http_client or httpx.Client(timeout=timeout, follow_redirects=False)

    def _send(self, request: httpx.Request, *, stream: bool = False) -> httpx.Response:
        """Send with retries; raise the mapped error once the policy gives up."""
        attempt = 0
        while True:
            try:
                response = self._http.send(request, stream=stream)
                if stream and not response.is_success:
                    response.read()
                    response.close()
                outcome = self._check(request, response)
            except httpx.TransportError as exc:
                outcome = self._check(request, exc)
            if isinstance(outcome, httpx.Response):
                return outcome
            error, status, headers = outcome
            if not self.retry_policy.should_retry(request.method, status, attempt, idempotent=_keyed(request)):
                raise error
            self.retry_policy.sleep(self.retry_policy.delay(attempt, headers))
            attempt += 1

    def _request(self, method: str, path: str, *, cast: Callable[[Any], T], binary: bool = False, **options: Any) -> T:
        response = self._send(self._build(self._http, method, path, **options))
        return self._decode(response, cast, binary)

    def _paginate(self, method: str, path: str, *, item: Callable[[Any], T], **options: Any) -> SyncPager[T]:
        query = dict(options.pop("query", None) or {})
        start = query.pop("page", None)
        decode = Page.decoder(item)

        def fetch(cursor: str | None) -> Page[T]:
            return self._request(method, path, cast=decode, query={**query, "page": cursor}, **options)

        return SyncPager(fetch, start if isinstance(start, str) else None)

    def _stream(
        self, method: str, path: str, *, event: Callable[[Any], T], last_event_id: str | None = None, **options: Any
    ) -> SyncStream[T]:
        headers = options.pop("headers", None)

        def connect(resume_from: str | None) -> httpx.Response:
            request = self._build(self._http, method, path, headers=_sse_headers(headers, resume_from), **options)
            return self._send(request, stream=True)

        return SyncStream(connect, event, last_event_id=last_event_id, policy=self.retry_policy)

    def close(self) -> None:
        """Close the underlying connection pool."""
        self._http.close()

    def __enter__(self: T) -> T:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


class AsyncAPIClient(_BaseClient):
    """Async twin of ``SyncAPIClient`` (same arguments, ``httpx.AsyncClient``, ``async with``)."""

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: Timeout = DEFAULT_TIMEOUT,
        max_retries: int = 2,
        retry_policy: RetryPolicy | None = None,
        default_headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        super().__init__(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            retry_policy=retry_policy,
            default_headers=default_headers,
        )
        self._http = http_client or httpx.AsyncClient(timeout=timeout, follow_redirects=False)

    async def _send(self, request: httpx.Request, *, stream: bool = False) -> httpx.Response:
        attempt = 0
        while True:
            try:
                response = await self._http.send(request, stream=stream)
                if stream and not response.is_success:
                    await response.aread()
                    await response.aclose()
                outcome = self._check(request, response)
            except httpx.TransportError as exc:
                outcome = self._check(request, exc)
            if isinstance(outcome, httpx.Response):
                return outcome
            error, status, headers = outcome
            if not self.retry_policy.should_retry(request.method, status, attempt, idempotent=_keyed(request)):
                raise error
            await self.retry_policy.asleep(self.retry_policy.delay(attempt, headers))
            attempt += 1

    async def _request(
        self, method: str, path: str, *, cast: Callable[[Any], T], binary: bool = False, **options: Any
    ) -> T:
        response = await self._send(self._build(self._http, method, path, **options))
        return self._decode(response, cast, binary)

    def _paginate(self, method: str, path: str, *, item: Callable[[Any], T], **options: Any) -> AsyncPager[T]:
        query = dict(options.pop("query", None) or {})
        start = query.pop("page", None)
        decode = Page.decoder(item)

        async def fetch(cursor: str | None) -> Page[T]:
            return await self._request(method, path, cast=decode, query={**query, "page": cursor}, **options)

        return AsyncPager(fetch, start if isinstance(start, str) else None)

    def _stream(
        self, method: str, path: str, *, event: Callable[[Any], T], last_event_id: str | None = None, **options: Any
    ) -> AsyncStream[T]:
        headers = options.pop("headers", None)

        async def connect(resume_from: str | None) -> httpx.Response:
            request = self._build(self._http, method, path, headers=_sse_headers(headers, resume_from), **options)
            return await self._send(request, stream=True)

        return AsyncStream(connect, event, last_event_id=last_event_id, policy=self.retry_policy)

    async def close(self) -> None:
        await self._http.aclose()

    async def __aenter__(self: T) -> T:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.close()


def _sse_headers(headers: Mapping[str, str] | None, resume_from: str | None) -> httpx.Headers:
    merged = httpx.Headers({"accept": "text/event-stream"})
    merged.update(headers or {})
    if resume_from:
        merged["last-event-id"] = resume_from
    return merged


class SyncAPIResource:
    """Base of the generated sync resource namespaces: holds the transport."""

    def __init__(self, client: SyncAPIClient) -> None:
        self._client = client


class AsyncAPIResource:
    """Base of the generated async resource namespaces: holds the transport."""

    def __init__(self, client: AsyncAPIClient) -> None:
        self._client = client
