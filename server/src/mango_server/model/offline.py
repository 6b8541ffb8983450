"""A deterministic, network-free model for the dev quickstart and tests.

Role: ``OfflineModel`` implements ``ModelClient`` by reading directives from the last text
block of the last user message of the request (a turn that ended without a reply shares its
provider message with the next one; only the newest text counts). Without directives it answers
``"You said: <text>"``. Directives are plain lines (anything else is ordinary text):

``/text SOME TEXT``
    Reply exactly ``SOME TEXT`` (several lines are joined with newlines).
``/tool NAME {json-input}``
    Call tool ``NAME`` with the JSON object input (``{}`` when omitted). Several lines give
    several ``tool_use`` blocks in one response with ``stop_reason`` ``tool_use``. When
    ``NAME`` is declared ``provider_native`` in the request (web_search; web_fetch only when a
    request declares it so: the model has no native web fetch, so its Sessions get the
    platform-managed one as a regular tool), the call is simulated inline as a
    ``server_tool_use`` block plus its result block with opaque ``encrypted_*`` fields, as the
    provider would return it.
``/delegate AGENT TASK``
    A coordinator's ``delegate`` call: ``{"agent": AGENT, "message": TASK}`` (a literal ``\n`` in
    TASK is a line break, so the task can carry directives for the member's own turn).
``/send_to_agent THREAD MESSAGE``
    A coordinator's ``send_to_agent`` call: ``{"session_thread_id": THREAD, "message": MESSAGE}``.
``/report TEXT``
    Reply ``TEXT`` (like ``/text``): a child Thread's final reply is its report to the coordinator.
``/fail N`` | ``/fail always``
    Raise a retryable ``ModelOverloadedError`` for the first ``N`` attempts (or always).
``/fail-permanent``
    Raise a non-retryable ``ModelRequestFailedError``.
``/too-large N`` | ``/too-large always``
    Refuse the first ``N`` attempts (or every one) as too large (``ModelContextOverflowError``),
    as the provider refuses a request over the model's window.
``/thinking TEXT``
    Start the reply with a ``thinking`` block (with a deterministic ``signature``).
``/pause``
    Stop with ``pause_turn`` (as the provider pauses a long server-tool turn) when the request
    ends with the user's message; the continuation (the request ending with the paused
    assistant message) is answered normally.
``/max-tokens``
    Stop with ``max_tokens`` (a reply cut off at the output limit).
``/sleep MS``
    Wait ``MS`` milliseconds (capped at 60 s) before answering; every other request is answered
    at once.

A request whose system prompt is the permission evaluator's (``EVALUATOR_MARKER``) gets the
deterministic verdict of ``model._offline_evaluator`` instead, one whose system prompt is the
context summarizer's (``SUMMARY_MARKER``) the deterministic summary of ``model._offline_summary``,
and one whose system prompt is the outcome grader's (``GRADER_MARKER``) the verdict of
``model._offline_grader``.

When the last user message carries ``tool_result`` blocks and no ``/tool`` or ``/text``
directive, the reply summarises them (``"Tool results: ..."``) with ``end_turn``, so a tool
round completes.

Window: the model behaves like a catalogued model (``domain.model_windows``; ``mango-offline-1`` is
a 200,000-token model, and operator entries can make any id smaller for tests). Input tokens are
counted with the conservative estimator (``domain.tokens``); a request whose input plus
``max_tokens`` exceeds the window is refused with HTTP 413 ``request_too_large``, the way the
provider refuses it. No native web fetch (its ``capabilities``); recipes record the profile
``offline`` version ``1``; list prices are ``domain.prices``' (``mango-offline-1`` has a nominal one).

Determinism: ids (``toolu_offline_...``, ``msg_offline_...``, ``req_offline_...``) hash the
request's conversation; usage is the estimator's count of the request and of the response.
``/fail N`` counts attempts from ``ModelRequest.attempt`` when the caller sets it (the
orchestration retry attempt), which
is deterministic across processes. Without it, the model keeps an in-process counter per
conversation digest on the instance: a new process starts counting again.

Not responsible for: real language understanding, tool execution or retries.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import anyio

from mango_server.domain import prices
from mango_server.domain.json import JsonObject
from mango_server.domain.model_windows import ModelWindow, resolve_window
from mango_server.domain.tokens import estimate_message, estimate_request

from ._errors import ModelContextOverflowError, ModelOverloadedError, ModelRequestFailedError
from ._offline_evaluator import EVALUATOR_MARKER, verdict
from ._offline_grader import GRADER_MARKER, grade
from ._offline_summary import FAIL_MARKER, SUMMARY_MARKER, summary_text
from ._types import (
    AdapterProfile,
    ModelCapabilities,
    ModelRequest,
    ModelResponse,
    TextDeltaCallback,
    Usage,
    tool_declaration,
)

__all__ = ["OfflineModel"]

log = logging.getLogger(__name__)

_MAX_SLEEP_MS = 60_000
_DELTA_CHUNKS = 3
_MAX_TEXT = 1_000_000  # the spec's TextBlock.text maxLength: an echoed long message is cut to fit


@dataclass
class _Directives:
    texts: list[str] = field(default_factory=list)
    tools: list[tuple[str, dict[str, object]]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    plain: list[str] = field(default_factory=list)
    fail: int | None = None  # -1 means always
    too_large: int | None = None  # -1 means always
    thinking: list[str] = field(default_factory=list)
    pause: bool = False
    max_tokens: bool = False
    fail_permanent: bool = False
    sleep_ms: int = 0


def _delay_ms(request: ModelRequest) -> int:
    """How long the request asks the model to wait before answering (``/sleep``); evaluator, grader
    and summary requests never wait."""
    if (request.system or "").startswith((EVALUATOR_MARKER, GRADER_MARKER, SUMMARY_MARKER)):
        return 0
    return _parse_directives(_texts(_last_user_content(request.messages))[-1:]).sleep_ms


class OfflineModel:
    """Deterministic ``ModelClient`` driven by directives in the user's text."""

    capabilities = ModelCapabilities(
        native_web_search=True,
        # No native web fetches: Sessions get the platform-managed web_fetch (as with any such endpoint).
        native_web_fetch=False,
        native_citations=False,
        preserves_unknown_content_blocks=True,
        provider_tool_versions={"web_search": "web_search_20250305", "web_fetch": "web_fetch_20250910"},
    )
    profile = AdapterProfile("offline", "1")

    def __init__(
        self, windows: Mapping[str, ModelWindow] | None = None, *, capabilities: ModelCapabilities | None = None
    ) -> None:
        self._attempts: dict[str, int] = {}
        self._windows = dict(windows or {})
        if capabilities is not None:  # a catalogue entry's declaration replaces the class default
            self.capabilities = capabilities

    def price(self, model_id: str) -> prices.Price | None:
        """The list price of ``model_id`` (``mango-offline-1`` has a nominal one, so budgets are testable)."""
        return prices.resolve_price(model_id)

    async def create(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None = None) -> ModelResponse:
        """Answer ``request`` deterministically; see the module docstring for directives."""
        delay_ms = _delay_ms(request)
        if delay_ms:
            await anyio.sleep(delay_ms / 1000)
        return await self._answer(request, on_text_delta)

    async def _answer(self, request: ModelRequest, on_text_delta: TextDeltaCallback | None) -> ModelResponse:
        digest = _conversation_digest(request)
        if (request.system or "").startswith(EVALUATOR_MARKER):
            return _evaluator_response(request, digest, verdict)
        if (request.system or "").startswith(GRADER_MARKER):
            return _evaluator_response(request, digest, grade)
        if (request.system or "").startswith(SUMMARY_MARKER):
            return _summary_response(request, digest)
        last = _last_user_content(request.messages)
        directives = _parse_directives(_texts(last)[-1:])
        input_tokens = self._admit(request, directives)
        self._maybe_fail(request, digest, directives)
        content = _build_content(request, digest, directives, _tool_results(last))
        for index, block in enumerate(content):
            if block["type"] == "text" and on_text_delta is not None:
                for chunk in _chunks(block["text"], _DELTA_CHUNKS):
                    await on_text_delta(index, chunk)
        stop_reason = _stop_reason(request, directives, content)
        usage = Usage(
            input_tokens=input_tokens, output_tokens=estimate_message({"role": "assistant", "content": content})
        )
        log.debug("offline model answered digest=%s stop_reason=%s", digest[:12], stop_reason)
        return ModelResponse(
            content=content,
            stop_reason=stop_reason,
            usage=usage,
            request_id=f"req_offline_{digest[:24]}",
            message_id=f"msg_offline_{digest[:24]}",
            model=request.model,
        )

    def _admit(self, request: ModelRequest, directives: _Directives) -> int:
        """The request's input tokens; refuses it as the provider would when it exceeds the window."""
        tokens = estimate_request(request.system, request.messages, [tool_declaration(t) for t in request.tools])
        window = resolve_window(request.model, self._windows).context_window
        forced = directives.too_large is not None and (
            directives.too_large < 0 or (request.attempt or 1) <= directives.too_large
        )
        if forced or tokens + request.max_tokens > window:
            raise ModelContextOverflowError(
                f"offline model: prompt is too long: {tokens} tokens + {request.max_tokens} > {window} maximum",
                status_code=413,
                provider_error_type="request_too_large",
            )
        return tokens

    def _maybe_fail(self, request: ModelRequest, digest: str, directives: _Directives) -> None:
        if directives.fail_permanent:
            raise ModelRequestFailedError("offline model: permanent failure requested", retryable=False)
        if directives.fail is None:
            return
        if request.attempt is not None:
            attempt = request.attempt
        else:
            attempt = self._attempts.get(digest, 0) + 1
            self._attempts[digest] = attempt
        if directives.fail < 0 or attempt <= directives.fail:
            raise ModelOverloadedError(f"offline model: simulated overload (attempt {attempt})", status_code=529)


def _stop_reason(request: ModelRequest, directives: _Directives, content: Sequence[Mapping[str, object]]) -> str:
    if any(block["type"] == "tool_use" for block in content):
        return "tool_use"
    if directives.pause and request.messages and request.messages[-1].get("role") == "user":
        return "pause_turn"
    return "max_tokens" if directives.max_tokens else "end_turn"


def _evaluator_response(request: ModelRequest, digest: str, answer: Callable[[str], str]) -> ModelResponse:
    """An evaluator or grader prompt gets its deterministic verdict (``_offline_evaluator``, ``_offline_grader``)."""
    prompt = "".join(_texts(_last_user_content(request.messages)))
    content = [{"type": "text", "text": answer(prompt)}]
    return ModelResponse(
        content=content,
        stop_reason="end_turn",
        usage=Usage(
            input_tokens=estimate_request(request.system, request.messages, []),
            output_tokens=estimate_message({"role": "assistant", "content": content}),
        ),
        request_id=f"req_offline_{digest[:24]}",
        message_id=f"msg_offline_{digest[:24]}",
        model=request.model,
    )


def _summary_response(request: ModelRequest, digest: str) -> ModelResponse:
    """A context-summary prompt gets its deterministic summary (``model._offline_summary``)."""
    prompt = "".join(_texts(_last_user_content(request.messages)))
    if FAIL_MARKER in prompt:
        raise ModelOverloadedError("offline model: simulated summary failure", status_code=529)
    content = [{"type": "text", "text": summary_text(prompt)}]
    return ModelResponse(
        content=content,
        stop_reason="end_turn",
        usage=Usage(
            input_tokens=estimate_request(request.system, request.messages, []),
            output_tokens=estimate_message({"role": "assistant", "content": content}),
        ),
        request_id=f"req_offline_{digest[:24]}",
        message_id=f"msg_offline_{digest[:24]}",
        model=request.model,
    )


def _conversation_digest(request: ModelRequest) -> str:
    canonical = json.dumps(
        {"model": request.model, "system": request.system, "messages": request.messages},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
        default=str,
    )
    return hashlib.sha256(canonical.encode()).hexdigest()


def _last_user_content(messages: Sequence[Mapping[str, object]]) -> list[Mapping[str, object]]:
    for message in reversed(messages):
        if message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str):
            return [{"type": "text", "text": content}]
        return [block for block in content if isinstance(block, Mapping)] if isinstance(content, list) else []
    return []


def _texts(content: list[Mapping[str, object]]) -> list[str]:
    return [str(block.get("text", "")) for block in content if block.get("type") == "text"]


def _tool_results(content: list[Mapping[str, object]]) -> list[Mapping[str, object]]:
    return [block for block in content if block.get("type") == "tool_result"]


def _parse_directives(texts: list[str]) -> _Directives:
    found = _Directives()
    for line in "\n".join(texts).splitlines():
        stripped = line.strip()
        word, _, rest = stripped.partition(" ")
        rest = rest.strip()
        if word in ("/text", "/report"):
            found.texts.append(rest)
        elif word in ("/delegate", "/send_to_agent") and " " in rest:
            target, _, message = rest.partition(" ")
            key = "agent" if word == "/delegate" else "session_thread_id"
            found.tools.append((word[1:], {key: target, "message": message.strip().replace("\\n", "\n")}))
        elif word == "/tool" and rest:
            _parse_tool(rest, found)
        elif word == "/fail" and (rest == "always" or (rest.isascii() and rest.isdigit())):
            found.fail = -1 if rest == "always" else int(rest)
        elif word == "/too-large" and (rest == "always" or rest.isdigit()):
            found.too_large = -1 if rest == "always" else int(rest)
        elif word == "/thinking" and rest:
            found.thinking.append(rest)
        elif word == "/pause" and not rest:
            found.pause = True
        elif word == "/max-tokens" and not rest:
            found.max_tokens = True
        elif word == "/fail-permanent" and not rest:
            found.fail_permanent = True
        elif word == "/sleep" and rest.isascii() and rest.isdigit():
            found.sleep_ms = min(int(rest), _MAX_SLEEP_MS)
        elif stripped:
            found.plain.append(stripped)
    return found


def _parse_tool(rest: str, found: _Directives) -> None:
    name, _, raw_input = rest.partition(" ")
    try:
        tool_input = json.loads(raw_input) if raw_input.strip() else {}
    except json.JSONDecodeError as exc:
        found.errors.append(f"invalid /tool input for {name}: {exc.msg}")
        return
    if not isinstance(tool_input, dict):
        found.errors.append(f"invalid /tool input for {name}: expected a JSON object")
        return
    found.tools.append((name, tool_input))


def _build_content(
    request: ModelRequest, digest: str, directives: _Directives, results: list[Mapping[str, object]]
) -> list[JsonObject]:
    content: list[JsonObject] = [
        {"type": "thinking", "thinking": text, "signature": "offline-" + hashlib.sha256(text.encode()).hexdigest()[:16]}
        for text in directives.thinking
    ]
    reply = _reply_text(directives, results)[:_MAX_TEXT]
    if reply:
        content.append({"type": "text", "text": reply})
    native = {tool.name for tool in request.tools if tool.kind == "provider_native"}
    for index, (name, tool_input) in enumerate(directives.tools):
        block_id = hashlib.sha256(f"{digest}:{index}".encode()).hexdigest()[:24]
        if name in native:
            content.extend(_native_blocks(name, tool_input, block_id))
        else:
            content.append({"type": "tool_use", "id": f"toolu_offline_{block_id}", "name": name, "input": tool_input})
    if not any(block["type"] in ("text", "tool_use") for block in content):
        content.append({"type": "text", "text": "OK."})
    return content


def _reply_text(directives: _Directives, results: list[Mapping[str, object]]) -> str:
    if directives.errors:
        return "Offline model: " + "; ".join(directives.errors)
    if directives.texts:
        return "\n".join(directives.texts)
    if directives.tools:
        return ""
    if results:
        return "Tool results: " + "; ".join(_summarise_result(result) for result in results)
    if directives.plain:
        return "You said: " + " ".join(directives.plain)
    return "OK."


def _summarise_result(result: Mapping[str, object]) -> str:
    raw = result.get("content", "")
    if isinstance(raw, str):
        text = raw
    elif isinstance(raw, list):
        text = " ".join(str(part.get("text", "")) for part in raw if isinstance(part, Mapping))
    else:
        text = ""
    status = " (error)" if result.get("is_error") else ""
    return f"{result.get('tool_use_id', '?')}{status}: {text.strip()[:200]}"


def _native_blocks(name: str, tool_input: Mapping[str, object], block_id: str) -> list[JsonObject]:
    tool_use_id = f"srvtoolu_offline_{block_id}"
    query = str(tool_input.get("query") or tool_input.get("url") or "")
    if name == "web_fetch":
        result: dict[str, object] = {
            "type": "web_fetch_result",
            "url": query,
            "content": {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": ""}},
            "retrieved_at": None,
        }
    else:
        result = {
            "type": "web_search_result",
            "url": f"https://example.invalid/search?q={block_id}",
            "title": f"Offline result for {query}"[:200],
            "encrypted_content": f"offline-{block_id}",
            "page_age": None,
        }
    result_type = "web_fetch_tool_result" if name == "web_fetch" else "web_search_tool_result"
    result_content: object = result if name == "web_fetch" else [result]
    return [
        {"type": "server_tool_use", "id": tool_use_id, "name": name, "input": tool_input},
        {"type": result_type, "tool_use_id": tool_use_id, "content": result_content},
    ]


def _chunks(text: str, count: int) -> list[str]:
    size = max(1, -(-len(text) // count))
    return [text[start : start + size] for start in range(0, len(text), size)]
