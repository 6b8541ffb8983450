"""The OpenAI Chat Completions adapter (OpenAI, vLLM, Ollama, llama.cpp, gateways).

Role: ``OpenAIChatClient`` implements ``ModelClient`` over the official ``openai`` package. It POSTs
``{base_url}/chat/completions`` (``base_url`` is the OpenAI-style base, ``/v1`` included), reads the
SSE chunks (or a JSON body when streaming is off or the server answers JSON), assembles the exact
assistant message and Mango's reading of it (``_chat_wire``: how the message lives in the Provider
Transcript and is replayed unchanged), streams text previews through ``on_text_delta`` and retries
transient failures as the Messages adapter does: HTTP 408/409/429/5xx/529 and connection errors,
with exponential backoff and jitter, honouring ``retry-after-ms``/``retry-after`` and
``x-should-retry``, for at most ``max_retries`` retries. A refusal for context length (OpenAI's
``context_length_exceeded``, vLLM's, llama.cpp's and Ollama's 400 messages, HTTP 413) is a
``ModelContextOverflowError``, so the turn engine compacts and retries. What the turn engine reads of
it: capabilities that fail closed (nothing native unless the catalogue entry declares it), the
profile its request recipes record (adapter ``openai-chat``, mapping version and body options) and
the list prices it was given (none otherwise).

Measured choice of what the SDK does: the ``openai`` client (its retries off) sends the request and
decodes the stream, but the body is Mango's own bytes and chunks are read as plain JSON. The SDK's
typed ``chat.completions.create`` took 48 ms to prepare a 150-message transcript and 440 ms for
900 messages (``json.dumps``: 0.9 ms and 5.8 ms), raised ``UnicodeEncodeError`` on a lone surrogate
in a tool result, and built each typed chunk in about 170 µs (``json.loads``: 3 µs). Importing
``openai`` takes about a second, so it is imported when the first client is built, not with
``mango_server.model``.

Lifecycle: build one client per endpoint and ``aclose()`` it at shutdown.

Not responsible for: choosing tools (the tool plane), context admission or compaction, storing the
transcript, or publishing previews. The API key is sent only as the ``Authorization`` bearer (none
when the endpoint takes no key); it never appears in logs, ``repr`` or error messages. The SDK's
ambient environment (``OPENAI_ORG_ID``, ``OPENAI_PROJECT_ID``) is never sent.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import TYPE_CHECKING

import anyio
import httpx
import httpx2

from mango_server.domain.prices import Price

from ._chat_wire import (
    ChatStreamAssembler,
    ChatStreamError,
    MaxTokensField,
    encode_chat_body,
    response_from_completion,
)
from ._errors import (
    ModelContextOverflowError,
    ModelError,
    ModelOverloadedError,
    ModelRateLimitedError,
    ModelRequestFailedError,
)
from ._retry import RetryPolicy, retry_after_seconds, with_retries
from ._types import AdapterProfile, ModelCapabilities, ModelRequest, ModelResponse, TextDeltaCallback

if TYPE_CHECKING:
    import openai

__all__ = ["OPENAI_CHAT_ADAPTER", "OPENAI_CHAT_MAPPING_VERSION", "OpenAIChatClient"]

log = logging.getLogger(__name__)

#: The adapter's name in request recipes and in the model catalogue.
OPENAI_CHAT_ADAPTER = "openai-chat"
#: The version of the transcript <-> Chat Completions mapping (``_chat_wire``) a recipe was built with.
OPENAI_CHAT_MAPPING_VERSION = "1"
_DEFAULT_TIMEOUT = httpx2.Timeout(600.0, connect=10.0)
_RETRYABLE_STATUS = frozenset({408, 409, 429, 500, 502, 503, 504, 529})
# Lower-cased phrases of context-length refusals: OpenAI, vLLM, llama.cpp, Ollama and other servers.
_OVERFLOW_PHRASES = (
    "maximum context length",
    "context length exceeded",
    "context_length_exceeded",
    "exceeds the available context size",
    "exceeds the context length",
    "exceeds the context window",
    "exceeds the maximum context",
    "longer than the maximum model length",
    "prompt is too long",
    "input is too long",
)
_OVERFLOW_TYPES = frozenset({"context_length_exceeded", "exceed_context_size_error", "request_too_large"})


class OpenAIChatClient:
    """``ModelClient`` for an OpenAI Chat Completions endpoint."""

    def __init__(
        self,
        *,
        api_key: str = "",
        base_url: str = "https://api.openai.com/v1",
        headers: Mapping[str, str] | None = None,
        timeout: httpx.Timeout | httpx2.Timeout | float | None = None,
        max_retries: int = 4,
        stream: bool = True,
        include_usage: bool = True,
        max_tokens_field: MaxTokensField = "max_tokens",
        replay_reasoning: bool = True,
        prices: Mapping[str, Price] | None = None,
        capabilities: ModelCapabilities | None = None,
        http_client: httpx2.AsyncClient | None = None,
        backoff_base: float = 0.5,
        backoff_max: float = 8.0,
        max_retry_after: float = 60.0,
        sleep: Callable[[float], Awaitable[None]] = anyio.sleep,
    ) -> None:
        """``api_key``: the endpoint's key ("" for an endpoint that takes none). ``headers``: extra
        headers of every request (never a credential). ``include_usage``: ask a streamed answer for its
        usage (``stream_options``). ``max_tokens_field``: ``max_completion_tokens`` for endpoints that
        refuse ``max_tokens``. ``replay_reasoning``: send the reasoning fields of kept assistant
        messages back (off for servers that refuse them in a request)."""
        import openai

        self._openai = openai
        self._api_key = api_key
        self._base_url = base_url.rstrip("/")
        self._stream = stream
        self._include_usage = include_usage
        self._max_tokens_field: MaxTokensField = max_tokens_field
        self._replay_reasoning = replay_reasoning
        self._prices = dict(prices or {})
        self._retry = RetryPolicy(max_retries, backoff_base, backoff_max, max_retry_after)
        self._sleep = sleep
        self._owns_client = http_client is None
        self._request_headers: dict[str, str | openai.Omit] = {
            "Accept": "text/event-stream" if stream else "application/json"
        }
        if not api_key:  # the SDK wants a key; an endpoint that takes none gets no Authorization header
            self._request_headers["Authorization"] = openai.Omit()
        self._client = openai.AsyncOpenAI(
            api_key=api_key or "unused",
            base_url=self._base_url,
            timeout=_timeout(timeout),
            max_retries=0,  # Mango's retries below, as the Messages adapter's
            default_headers=dict(headers or {}),
            http_client=http_client,
        )
        # Never the process environment's OpenAI organisation, project or admin key.
        self._client.organization = None
        self._client.project = None
        self._client.admin_api_key = None
        options: dict[str, str | int | bool] = {"stream": stream}
        if stream:
            options["include_usage"] = include_usage
        options["max_tokens_field"] = max_tokens_field
        options["replay_reasoning"] = replay_reasoning
        self.profile = AdapterProfile(OPENAI_CHAT_ADAPTER, OPENAI_CHAT_MAPPING_VERSION, "mapping_version", options)
        # Fail closed: nothing native, and unknown Messages blocks are not sent as they are.
        self.capabilities: ModelCapabilities = capabilities or ModelCapabilities(preserves_unknown_content_blocks=False)

    def price(self, model_id: str) -> Price | None:
        """The list price of ``model_id`` given to this client; ``None`` when it was given none."""
        return self._prices.get(model_id)

    def __repr__(self) -> str:
        return f"OpenAIChatClient(url={self._base_url!r}, stream={self._stream})"

    async def aclose(self) -> None:
        """Close the HTTP client if this adapter created it."""
        if self._owns_client:
            await self._client.close()

    async def __aenter__(self) -> OpenAIChatClient:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        """Send one provider round, retrying transient failures.

        Raises:
            ModelError: a permanent failure, or a transient one after the last retry.
        """
        body = encode_chat_body(
            request,
            stream=self._stream,
            include_usage=self._include_usage,
            max_tokens_field=self._max_tokens_field,
            replay_reasoning=self._replay_reasoning,
        )
        return await with_retries(lambda: self._attempt(body, on_text_delta), self._retry, self._sleep, log)

    async def _attempt(self, body: bytes, on_text_delta: TextDeltaCallback | None) -> ModelResponse:
        sdk = self._openai
        request_id: str | None = None
        try:
            # ``stream=True`` only tells the SDK not to read the body: the server streams when the body asks.
            stream = await self._client.post(
                "/chat/completions",
                cast_to=object,
                content=body,
                options={"headers": self._request_headers},
                stream=True,
                stream_cls=sdk.AsyncStream[object],
            )
            try:
                request_id = stream.response.headers.get("x-request-id")
                if "text/event-stream" in stream.response.headers.get("content-type", ""):
                    return await self._read_stream(stream, request_id, on_text_delta)
                await stream.response.aread()
                answer = _json(stream.response)
                error = answer.get("error") if isinstance(answer, Mapping) else None
                if isinstance(error, Mapping):  # an error object in a 200 answer, as some gateways send
                    raise ChatStreamError(error)
                return response_from_completion(answer, request_id)
            finally:
                await stream.close()
        except ChatStreamError as exc:
            raise self._provider_error(None, exc.error, request_id, None) from None
        except sdk.APIStatusError as exc:
            raise self._status_error(exc) from None
        except (sdk.APITimeoutError, httpx2.TimeoutException) as exc:
            message = f"Chat Completions request timed out ({type(exc).__name__})"
            raise ModelRequestFailedError(message, retryable=True) from None
        except (sdk.APIConnectionError, httpx2.TransportError) as exc:
            cause = exc.__cause__ or exc
            message = self._scrub(f"Chat Completions connection failed ({type(cause).__name__}: {cause})")
            raise ModelRequestFailedError(message, retryable=True) from None
        except sdk.APIError as exc:  # an error object inside the stream
            error = exc.body if isinstance(exc.body, Mapping) else {"message": exc.message}
            raise self._provider_error(None, error, request_id, None) from None
        except ValueError:
            raise ModelRequestFailedError("Chat Completions stream carried invalid JSON", retryable=True) from None
        except sdk.OpenAIError as exc:
            message = self._scrub(f"Chat Completions request failed ({type(exc).__name__}: {exc})")
            raise ModelRequestFailedError(message, retryable=False) from None

    async def _read_stream(
        self, stream: openai.AsyncStream[object], request_id: str | None, on_text_delta: TextDeltaCallback | None
    ) -> ModelResponse:
        assembler = ChatStreamAssembler()
        async for chunk in stream:
            fragment = assembler.feed(chunk)
            if fragment is not None and on_text_delta is not None:
                await on_text_delta(0, fragment)  # the answer's one text block
        return assembler.result(request_id)

    def _status_error(self, exc: openai.APIStatusError) -> ModelError:
        headers = exc.response.headers
        request_id = exc.request_id or headers.get("x-request-id")
        body = exc.body
        if isinstance(body, Mapping):
            error: Mapping[str, object] = body
        else:
            error = {"message": str(body)[:500]} if body else {}
        error_out = self._provider_error(exc.status_code, error, request_id, retry_after_seconds(headers))
        should_retry = headers.get("x-should-retry")
        if should_retry in ("true", "false") and not isinstance(error_out, ModelContextOverflowError):
            error_out.retryable = should_retry == "true"
        return error_out

    def _provider_error(
        self, status: int | None, error: Mapping[str, object], request_id: str | None, retry_after: float | None
    ) -> ModelError:
        provider_type = str(error["type"]) if error.get("type") else None
        raw_code = error.get("code")
        code = str(raw_code) if raw_code not in (None, "") else None
        # vLLM and llama.cpp put the HTTP status in ``code``; a stream error has no other.
        numeric = int(code) if code is not None and code.isdigit() else None
        effective = status if status is not None else numeric
        text = str(error.get("message") or "")
        where = f"HTTP {status}" if status is not None else "a stream error"
        message = f"Chat Completions API returned {where}"
        if provider_type:
            message += f" {provider_type}"
        if code is not None and numeric is None:
            message += f" ({code})"
        if text:
            message += f": {text[:500]}"
        cls: type[ModelError]
        if _is_overflow(effective, provider_type, code, text):
            cls, retryable = ModelContextOverflowError, False
        elif code == "insufficient_quota" or provider_type == "insufficient_quota":
            cls, retryable = ModelRequestFailedError, False  # a 429 that waiting does not cure
        elif effective == 429 or provider_type in ("rate_limit_error", "rate_limit_exceeded"):
            cls, retryable = ModelRateLimitedError, True
        elif effective == 529 or provider_type == "overloaded_error":
            cls, retryable = ModelOverloadedError, True
        else:
            cls = ModelRequestFailedError
            if effective is not None:
                retryable = effective in _RETRYABLE_STATUS
            else:
                retryable = provider_type in ("server_error", "api_error", "internal_server_error")
        return cls(
            self._scrub(message),
            retryable=retryable,
            status_code=status,
            request_id=request_id,
            provider_error_type=code if code is not None and numeric is None else provider_type,
            retry_after=retry_after,
        )

    def _scrub(self, text: str) -> str:
        return text.replace(self._api_key, "[redacted]") if self._api_key else text


def _is_overflow(status: int | None, provider_type: str | None, code: str | None, message: str) -> bool:
    """A refusal because the request exceeds what the model accepts (so compaction, not a retry, helps)."""
    if status == 413 or code in _OVERFLOW_TYPES or provider_type in _OVERFLOW_TYPES:
        return True
    if status is not None and status not in (400, 422):
        return False
    lowered = message.lower()
    return any(phrase in lowered for phrase in _OVERFLOW_PHRASES)


def _timeout(value: httpx.Timeout | httpx2.Timeout | float | None) -> httpx2.Timeout | float:
    if value is None:
        return _DEFAULT_TIMEOUT
    if isinstance(value, httpx.Timeout):
        return httpx2.Timeout(connect=value.connect, read=value.read, write=value.write, pool=value.pool)
    return value


def _json(response: httpx2.Response) -> object:
    try:
        return response.json()
    except ValueError:
        raise ModelRequestFailedError("Chat Completions API returned a body that is not JSON", retryable=True) from None
