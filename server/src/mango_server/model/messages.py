"""The Messages API adapter.

Role: ``MessagesClient`` implements ``ModelClient`` over ``httpx.AsyncClient``. It POSTs
``{base_url}/v1/messages`` with the transcript's content blocks serialised unchanged,
reads the SSE stream (or a JSON body when streaming is off or the server answers JSON),
reassembles the exact provider blocks (see ``_stream``), and retries transient failures:
HTTP 408/409/429/5xx/529, ``overloaded_error`` events and connection errors, with
exponential backoff and jitter, honouring ``retry-after-ms``/``retry-after`` and
``x-should-retry``, for at most ``max_retries`` retries. What the turn engine reads of it: its
capabilities (native web search, web fetch and citations unless configured otherwise, as a catalogue
entry does), the profile its request recipes record (wire version, streaming) and the list prices of
``domain.prices``. A catalogue entry's extra headers are sent with every request.

Lifecycle: build one client per process (it owns its ``httpx.AsyncClient`` unless one is
passed in) and ``aclose()`` it at shutdown.

Not responsible for: choosing tools or versions (the tool plane pins them in
``ToolSpec``), context admission or compaction, storing the transcript, or publishing
previews (the ``on_text_delta`` callback does that). The API key is sent only in the
``x-api-key`` header; it never appears in logs, ``repr`` or error messages.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence

import anyio
import httpx
from httpx_sse import EventSource

from mango_server.domain import prices

from ._errors import (
    ModelContextOverflowError,
    ModelError,
    ModelOverloadedError,
    ModelRateLimitedError,
    ModelRequestFailedError,
)
from ._json_body import compact_json
from ._retry import RetryPolicy, retry_after_seconds, with_retries
from ._stream import StreamAssembler, StreamError, response_from_json
from ._types import (
    PROVIDER_TOOL_VERSIONS,
    AdapterProfile,
    ModelCapabilities,
    ModelRequest,
    ModelResponse,
    TextDeltaCallback,
    tool_declaration,
)

__all__ = ["ANTHROPIC_VERSION", "MessagesClient", "encode_request_body"]

log = logging.getLogger(__name__)

ANTHROPIC_VERSION = "2023-06-01"
_DEFAULT_TIMEOUT = httpx.Timeout(600.0, connect=10.0)
_DRAIN_SECONDS = 1.0  # how long the rest of a stream after ``message_stop`` is read for
# The OpenAI SDK's pool (the Chat Completions adapter's): httpx's own caps a client at 100 connections, fewer
# than the rounds an orchestrator runs at once (``orchestration.worker``), so more rounds would queue for one.
_LIMITS = httpx.Limits(max_connections=1000, max_keepalive_connections=100)
_RETRYABLE_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504, 529})


def encode_request_body(request: ModelRequest, *, stream: bool) -> bytes:
    """Serialise the Messages API body; transcript blocks are written exactly as given."""
    body: dict[str, object] = {"model": request.model, "max_tokens": request.max_tokens}
    if request.system is not None:
        body["system"] = request.system
    body["messages"] = request.messages
    if request.tools:
        body["tools"] = [tool_declaration(tool) for tool in request.tools]
    if request.metadata:
        body["metadata"] = dict(request.metadata)
    body.update(request.extra)
    body["stream"] = stream
    return compact_json(body)


class MessagesClient:
    """``ModelClient`` for a Messages API endpoint."""

    def __init__(
        self,
        *,
        api_key: str,
        base_url: str = "https://api.anthropic.com",
        http_client: httpx.AsyncClient | None = None,
        timeout: httpx.Timeout | None = None,
        max_retries: int = 4,
        stream: bool = True,
        anthropic_version: str = ANTHROPIC_VERSION,
        betas: Sequence[str] = (),
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        max_retry_after: float = 60.0,
        capabilities: ModelCapabilities | None = None,
        headers: Mapping[str, str] | None = None,
        sleep: Callable[[float], Awaitable[None]] = anyio.sleep,
    ) -> None:
        if not api_key:
            raise ValueError("api_key is required for the Messages API adapter")
        self._api_key = api_key
        self._url = base_url.rstrip("/") + "/v1/messages"
        self._owns_client = http_client is None
        self._client = http_client or httpx.AsyncClient(timeout=timeout or _DEFAULT_TIMEOUT, limits=_LIMITS)
        self._stream = stream
        self._version = anthropic_version
        self._betas = tuple(betas)
        self._extra_headers = dict(headers or {})  # the catalogue entry's (never a credential)
        self._retry = RetryPolicy(max_retries, backoff_base, backoff_max, max_retry_after)
        self._sleep = sleep
        self.profile = AdapterProfile("messages", anthropic_version, "anthropic_version", {"stream": stream})
        self.capabilities: ModelCapabilities = capabilities or ModelCapabilities(
            native_web_search=True,
            native_web_fetch=True,
            native_citations=True,
            preserves_unknown_content_blocks=True,
            provider_tool_versions=dict(PROVIDER_TOOL_VERSIONS),
        )

    def price(self, model_id: str) -> prices.Price | None:
        """The list price of ``model_id`` on the Messages API (``domain.prices``)."""
        return prices.resolve_price(model_id)

    def __repr__(self) -> str:
        return f"MessagesClient(url={self._url!r}, stream={self._stream})"

    async def aclose(self) -> None:
        """Close the HTTP client if this adapter created it."""
        if self._owns_client:
            await self._client.aclose()

    async def __aenter__(self) -> MessagesClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        """Send one provider round, retrying transient failures.

        Raises:
            ModelError: a permanent failure, or a transient one after the last retry.
        """
        body = encode_request_body(request, stream=self._stream)
        return await with_retries(lambda: self._attempt(body, on_text_delta), self._retry, self._sleep, log)

    def _headers(self) -> dict[str, str]:
        headers = {
            **self._extra_headers,
            "x-api-key": self._api_key,
            "anthropic-version": self._version,
            "content-type": "application/json",
            "accept": "text/event-stream" if self._stream else "application/json",
        }
        if self._betas:
            headers["anthropic-beta"] = ",".join(self._betas)
        return headers

    async def _attempt(self, body: bytes, on_text_delta: TextDeltaCallback | None) -> ModelResponse:
        try:
            async with self._client.stream("POST", self._url, content=body, headers=self._headers()) as response:
                request_id = response.headers.get("request-id") or response.headers.get("x-request-id")
                if response.status_code >= 400:
                    await response.aread()
                    raise self._status_error(response, request_id)
                if "text/event-stream" in response.headers.get("content-type", ""):
                    return await self._read_stream(response, request_id, on_text_delta)
                await response.aread()
                return response_from_json(_json_body(response), request_id)
        except httpx.TimeoutException as exc:
            message = f"Messages API request timed out ({type(exc).__name__})"
            raise ModelRequestFailedError(message, retryable=True) from None
        except httpx.TransportError as exc:
            message = self._scrub(f"Messages API connection failed ({type(exc).__name__}: {exc})")
            raise ModelRequestFailedError(message, retryable=True) from None

    async def _read_stream(
        self, response: httpx.Response, request_id: str | None, on_text_delta: TextDeltaCallback | None
    ) -> ModelResponse:
        assembler = StreamAssembler()
        events = EventSource(response).aiter_sse()
        async for event in events:
            try:
                data = json.loads(event.data) if event.data else {}
            except json.JSONDecodeError:
                raise ModelRequestFailedError("Messages API stream carried invalid JSON", retryable=True) from None
            try:
                fragment = assembler.feed(event.event, data)
            except StreamError as exc:
                raise self._provider_error(None, exc.error, request_id, None) from None
            if fragment is not None and on_text_delta is not None:
                await on_text_delta(*fragment)
            if assembler.done:
                break
        # The provider ends the response after ``message_stop``: reading that end lets the connection serve
        # the next request (closing an unfinished response closes its connection, and every round would
        # open a new one, a TLS handshake included). One that keeps it open is not waited for.
        with anyio.move_on_after(_DRAIN_SECONDS):
            async for _ in events:
                pass
        return assembler.result(request_id)

    def _status_error(self, response: httpx.Response, request_id: str | None) -> ModelError:
        try:
            payload = response.json()
        except ValueError:
            payload = None
        error = payload.get("error") if isinstance(payload, dict) else None
        if isinstance(payload, dict) and not request_id:
            request_id = payload.get("request_id")
        exc = self._provider_error(
            response.status_code,
            error if isinstance(error, dict) else {},
            request_id,
            retry_after_seconds(response.headers),
        )
        should_retry = response.headers.get("x-should-retry")
        if should_retry in ("true", "false"):
            exc.retryable = should_retry == "true"
        return exc

    def _provider_error(
        self, status: int | None, error: Mapping[str, object], request_id: str | None, retry_after: float | None
    ) -> ModelError:
        provider_type = str(error["type"]) if error.get("type") else None
        where = f"HTTP {status}" if status is not None else "a stream error"
        message = f"Messages API returned {where}"
        if provider_type:
            message += f" {provider_type}"
        if error.get("message"):
            message += f": {str(error['message'])[:500]}"
        cls: type[ModelError]
        if _is_overflow(status, provider_type, str(error.get("message") or "")):
            cls, retryable = ModelContextOverflowError, False
        elif status == 429 or provider_type == "rate_limit_error":
            cls, retryable = ModelRateLimitedError, True
        elif status == 529 or provider_type == "overloaded_error":
            cls, retryable = ModelOverloadedError, True
        else:
            cls = ModelRequestFailedError
            retryable = status in _RETRYABLE_STATUS if status is not None else provider_type == "api_error"
        return cls(
            self._scrub(message),
            retryable=retryable,
            status_code=status,
            request_id=request_id,
            provider_error_type=provider_type,
            retry_after=retry_after,
        )

    def _scrub(self, text: str) -> str:
        return text.replace(self._api_key, "[redacted]")


def _is_overflow(status: int | None, provider_type: str | None, message: str) -> bool:
    """A refusal because the request exceeds what the model accepts (so compaction, not a retry, helps)."""
    if status == 413 or provider_type == "request_too_large":
        return True
    return provider_type == "invalid_request_error" and "prompt is too long" in message.lower()


def _json_body(response: httpx.Response) -> Mapping[str, object]:
    try:
        payload = response.json()
    except ValueError:
        raise ModelRequestFailedError("Messages API returned a body that is not JSON", retryable=True) from None
    if not isinstance(payload, dict):
        raise ModelRequestFailedError("Messages API returned a body that is not a message", retryable=False)
    return payload
