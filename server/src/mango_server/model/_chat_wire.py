"""The Chat Completions wire: Mango's transcript as Chat Completions messages, and an answer back as blocks.

Role: pure mapping for the OpenAI Chat Completions adapter (``model.openai_chat``), both ways.

How an answer lives in the Provider Transcript: a response's content is the provider's exact
assistant message in one opaque block, followed by Mango's reading of it::

    [{"type": "openai_chat_message", "message": {<the assistant message as the server gave it>}},
     {"type": "thinking", "thinking": <reasoning text>},        # when the server sent reasoning
     {"type": "text", "text": <content>},                       # when it has content (or a refusal)
     {"type": "tool_use", "id": <tool call id>, "name": ..., "input": {...}}, ...]

The derived blocks are what the turn engine acts on (``agent.message`` text, an ``agent.thinking``
progress signal, one tool call per ``tool_use`` with the provider's exact id); they are never sent.
When a later request replays the transcript, an assistant message holding an ``openai_chat_message``
block is sent as that block's ``message``, the same object in the same key order, so the body
carries the very bytes the server produced (a streamed message is the non-streaming equivalent of
its deltas: ``role``, the concatenated ``content``, every other field the deltas carried, such as
``reasoning_content``, and ``tool_calls`` with their raw ``arguments`` strings). Blocks before the
first such block of an assistant message (written by another adapter) are mapped from Mango's
Messages-shaped blocks (text, ``tool_use``).

User messages map to Chat Completions messages: ``tool_result`` blocks become ``role: tool``
messages carrying the exact ``tool_call_id`` (sent first, as the protocol wants them right after the
assistant message that called them), the rest one ``role: user`` message (text, text documents,
PDF documents as ``file`` parts, images as ``image_url`` parts; anything else is replaced by a short
note, so a request never fails on a block the endpoint cannot take). A ``tool_result``'s ``is_error``
has no Chat Completions field and is not sent. A tool message holds text only, so a ``tool_result``'s
images and PDFs follow in the ``role: user`` message after the tool messages, introduced by the call's
id (the tool message says so in their place).

Not responsible for: HTTP, retries or errors of the HTTP exchange (``model.openai_chat``).
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Mapping, Sequence
from typing import Literal

from mango_server.domain.json import JsonObject, json_count

from ._errors import ModelRequestFailedError
from ._json_body import compact_json
from ._types import ModelRequest, ModelResponse, ToolSpec, Usage

__all__ = [
    "OPENAI_MESSAGE_BLOCK",
    "REASONING_FIELDS",
    "ChatStreamAssembler",
    "ChatStreamError",
    "MaxTokensField",
    "chat_messages",
    "encode_chat_body",
    "function_tool",
    "response_from_completion",
    "usage_from_wire",
]

#: The block type that holds the provider's exact assistant message in the transcript.
OPENAI_MESSAGE_BLOCK = "openai_chat_message"
#: Delta and message fields in which OpenAI-compatible servers send reasoning text (vLLM, DeepSeek,
#: llama.cpp: ``reasoning_content``; Ollama, newer vLLM, gateways: ``reasoning``).
REASONING_FIELDS = ("reasoning_content", "reasoning")

MaxTokensField = Literal["max_tokens", "max_completion_tokens"]

# ``finish_reason`` -> Mango's (Messages) stop reason. ``content_filter`` is the provider stopping the
# answer on its policy: the Messages API's ``refusal``. Any other reason is kept as the server sent it.
_STOP_REASONS: Mapping[str, str] = {
    "stop": "end_turn",
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "length": "max_tokens",
    "content_filter": "refusal",
}
# Finish reasons that mean the server gave up on the generation (vLLM ``abort``, gateways ``error``).
_FAILED_FINISH = frozenset({"abort", "error"})


def encode_chat_body(
    request: ModelRequest,
    *,
    stream: bool,
    include_usage: bool = True,
    max_tokens_field: MaxTokensField = "max_tokens",
    replay_reasoning: bool = True,
) -> bytes:
    """Serialise the Chat Completions body; the provider's assistant messages are written exactly as kept.

    ``request.extra`` fields are written verbatim after Mango's; ``request.metadata`` is not sent (the
    Chat Completions ``metadata`` belongs to stored completions).

    Raises:
        ModelRequestFailedError: the request declares a provider-native tool (not retryable).
    """
    body: dict[str, object] = {
        "model": request.model,
        "messages": chat_messages(request.system, request.messages, replay_reasoning=replay_reasoning),
        max_tokens_field: request.max_tokens,
    }
    if request.tools:
        body["tools"] = [function_tool(tool) for tool in request.tools]
    body.update(request.extra)
    body["stream"] = stream
    if stream and include_usage:
        body["stream_options"] = {"include_usage": True}
    return compact_json(body)


def function_tool(spec: ToolSpec) -> dict[str, object]:
    """The ``tools`` entry (a function definition) for ``spec``; ``options`` extend the function object.

    Raises:
        ModelRequestFailedError: ``spec`` is provider-native (the endpoint runs no server tools).
    """
    if spec.kind == "provider_native":
        raise ModelRequestFailedError(
            f"the Chat Completions adapter offers no provider-native tools ({spec.name!r} was declared)",
            retryable=False,
        )
    function: dict[str, object] = {"name": spec.name}
    if spec.description:
        function["description"] = spec.description
    function["parameters"] = dict(spec.input_schema)
    function.update(spec.options)
    return {"type": "function", "function": function}


def chat_messages(
    system: str | None, messages: Sequence[Mapping[str, object]], *, replay_reasoning: bool = True
) -> list[JsonObject]:
    """Chat Completions messages for a system prompt and Mango's transcript messages (``role`` + blocks)."""
    out: list[JsonObject] = []
    if system:
        out.append({"role": "system", "content": system})
    for message in messages:
        role, content = message.get("role"), message.get("content")
        if role == "assistant":
            out.extend(_assistant(content, replay_reasoning))
        else:
            out.extend(_user(content))
    return out


def _assistant(content: object, replay_reasoning: bool) -> list[JsonObject]:
    if isinstance(content, str):
        return [{"role": "assistant", "content": content}]
    blocks = [b for b in content if isinstance(b, Mapping)] if isinstance(content, list) else []
    out: list[JsonObject] = []
    foreign: list[Mapping[str, object]] = []
    replayed = False
    for block in blocks:
        exact = block.get("message") if block.get("type") == OPENAI_MESSAGE_BLOCK else None
        if isinstance(exact, dict):
            if foreign:
                out.append(_from_blocks(foreign))
                foreign = []
            out.append(exact if replay_reasoning else {k: v for k, v in exact.items() if k not in REASONING_FIELDS})
            replayed = True
        elif not replayed:  # the blocks after an exact message are Mango's reading of it
            foreign.append(block)
    if foreign:
        out.append(_from_blocks(foreign))
    return out


def _from_blocks(blocks: Sequence[Mapping[str, object]]) -> JsonObject:
    """An assistant message from Messages-shaped blocks (text and ``tool_use``; others have no equivalent)."""
    text = "".join(str(b.get("text", "")) for b in blocks if b.get("type") == "text")
    calls = [
        {
            "id": str(b.get("id")),
            "type": "function",
            "function": {"name": str(b.get("name")), "arguments": _compact(b.get("input") or {})},
        }
        for b in blocks
        if b.get("type") == "tool_use"
    ]
    message: JsonObject = {"role": "assistant", "content": text or None}
    if calls:
        message["tool_calls"] = calls
    elif not text:
        message["content"] = ""
    return message


def _user(content: object) -> list[JsonObject]:
    if isinstance(content, str):
        return [{"role": "user", "content": content}]
    blocks = [b for b in content if isinstance(b, Mapping)] if isinstance(content, list) else []
    out: list[JsonObject] = []
    parts: list[JsonObject] = []
    for block in blocks:
        if block.get("type") == "tool_result":
            call_id = str(block.get("tool_use_id"))
            out.append({"role": "tool", "tool_call_id": call_id, "content": _tool(block.get("content"))})
            parts += _tool_media(call_id, block.get("content"))
        else:
            parts.append(_part(block))
    if parts:
        only_text = len(parts) == 1 and parts[0].get("type") == "text"
        out.append({"role": "user", "content": parts[0]["text"] if only_text else parts})
    return out


def _tool(content: object) -> str | list[JsonObject]:
    """A tool message's content: one string, or text parts when the result has several blocks."""
    if isinstance(content, str):
        return content
    blocks = [b for b in content if isinstance(b, Mapping)] if isinstance(content, list) else []
    texts = [_tool_text(b) for b in blocks]
    if len(texts) == 1:
        return str(texts[0]["text"])
    return texts or ""


def _tool_text(block: Mapping[str, object]) -> JsonObject:
    if block.get("type") == "text":
        return _part(block)
    if _is_media(block):
        return {
            "type": "text",
            "text": f"[the {block.get('type')} this tool returned follows in the next user message]",
        }
    return _note("a non-text part of this tool result")


def _is_media(block: Mapping[str, object]) -> bool:
    """An image or PDF part: a tool message cannot carry it, the user message that follows does."""
    part = _part(block) if block.get("type") in ("image", "document") else {}
    return part.get("type") in ("image_url", "file")


def _tool_media(call_id: str, content: object) -> list[JsonObject]:
    """A tool result's images and PDFs as user parts (Chat Completions tool messages hold text only)."""
    blocks = [b for b in content if isinstance(b, Mapping)] if isinstance(content, list) else []
    media = [_part(b) for b in blocks if _is_media(b)]
    return [{"type": "text", "text": f"Returned by tool call {call_id}:"}, *media] if media else []


def _part(block: Mapping[str, object]) -> JsonObject:
    kind = block.get("type")
    if kind == "text":
        return {"type": "text", "text": str(block.get("text", ""))}
    source = block.get("source")
    source = source if isinstance(source, Mapping) else {}
    if kind == "document":
        return _document(block, source)
    if kind == "image":
        if source.get("type") == "base64":
            return {
                "type": "image_url",
                "image_url": {"url": f"data:{source.get('media_type')};base64,{source.get('data')}"},
            }
        if source.get("type") == "url":
            return {"type": "image_url", "image_url": {"url": str(source.get("url"))}}
    return _note(f"a {kind} block")


def _document(block: Mapping[str, object], source: Mapping[str, object]) -> JsonObject:
    title, context = block.get("title"), block.get("context")
    media_type, data = source.get("media_type"), source.get("data")
    text: str | None = None
    if source.get("type") == "text" and isinstance(data, str):
        text = data
    elif source.get("type") == "base64" and isinstance(data, str) and media_type == "text/plain":
        try:
            text = base64.b64decode(data, validate=True).decode("utf-8", errors="replace")
        except (binascii.Error, ValueError):
            return _note("a text document that is not valid base64")
    elif source.get("type") == "base64" and isinstance(data, str) and media_type == "application/pdf":
        name = f"{title}.pdf" if isinstance(title, str) and title else "document.pdf"
        return {"type": "file", "file": {"filename": name, "file_data": f"data:application/pdf;base64,{data}"}}
    if text is None:
        return _note(f"a document ({source.get('type')} source)")
    head = [f"Document: {title}" if title else "", str(context) if context else ""]
    head = [line for line in head if line]
    return {"type": "text", "text": "\n".join([*head, "", text]) if head else text}


def _note(what: str) -> JsonObject:
    return {"type": "text", "text": f"[{what} was omitted: this model endpoint cannot receive it]"}


def _compact(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class ChatStreamError(Exception):
    """The server sent an error inside the stream; carries its error object."""

    def __init__(self, error: Mapping[str, object]) -> None:
        super().__init__(str(error.get("type", "error")))
        self.error = error


class ChatStreamAssembler:
    """Accumulates one streamed chat completion (choice 0) into the assistant message it stands for.

    Text, reasoning and other string fields are concatenated, lists extended, other values set; a
    ``null`` carries nothing. Tool calls are assembled by their ``index`` (a server that omits it sends
    whole calls: a new ``id`` opens the next call); ``arguments`` fragments are concatenated raw. The
    ``index`` itself is a streaming detail and is not part of the message.
    """

    def __init__(self) -> None:
        self._message: JsonObject = {"role": "assistant", "content": None}
        self._calls: dict[int, JsonObject] = {}
        self._arguments: dict[int, list[str]] = {}
        self._last_call: int | None = None
        self._finish: str | None = None
        self._usage: Mapping[str, object] | None = None
        self._id: str | None = None
        self._model: str | None = None

    def feed(self, chunk: object) -> str | None:
        """Apply one ``chat.completion.chunk``; return its text fragment, if it carried one.

        Raises:
            ChatStreamError: the chunk is an error (``{"error": ...}`` or vLLM's ``"object": "error"``).
            ModelRequestFailedError: the chunk is malformed (retryable).
        """
        if not isinstance(chunk, Mapping):
            raise ModelRequestFailedError("malformed Chat Completions stream chunk", retryable=True)
        try:
            return self._chunk(chunk)
        except (TypeError, ValueError) as exc:
            raise ModelRequestFailedError(
                f"malformed Chat Completions stream chunk: {type(exc).__name__}", retryable=True
            ) from exc

    def _chunk(self, chunk: Mapping[str, object]) -> str | None:
        error = chunk.get("error")
        if isinstance(error, Mapping):
            raise ChatStreamError(error)
        if chunk.get("object") == "error":
            raise ChatStreamError(chunk)
        if isinstance(chunk.get("id"), str):
            self._id = str(chunk["id"])
        if isinstance(chunk.get("model"), str):
            self._model = str(chunk["model"])
        usage = chunk.get("usage")
        if isinstance(usage, Mapping):
            self._usage = usage
        choices = chunk.get("choices")
        fragment: str | None = None
        for choice in choices if isinstance(choices, list) else []:
            if not isinstance(choice, Mapping) or json_count(choice.get("index")) != 0:
                continue
            delta = choice.get("delta")
            if isinstance(delta, Mapping):
                fragment = self._delta(delta) or fragment
            if isinstance(choice.get("finish_reason"), str):
                self._finish = str(choice["finish_reason"])
        return fragment

    def _delta(self, delta: Mapping[str, object]) -> str | None:
        fragment: str | None = None
        for key, value in delta.items():
            if value is None:
                continue
            if key == "role":
                self._message["role"] = value
            elif key == "tool_calls" and isinstance(value, list):
                if value:  # an empty list carries no call
                    self._message.setdefault("tool_calls", [])
                for call in value:
                    if isinstance(call, Mapping):
                        self._tool_call(call)
            elif key == "content" and isinstance(value, str):
                self._message["content"] = (self._message["content"] or "") + value
                fragment = value or None
            else:
                _merge(self._message, key, value)
        return fragment

    def _tool_call(self, delta: Mapping[str, object]) -> None:
        index = delta.get("index")
        if not isinstance(index, int):
            last = self._calls.get(self._last_call) if self._last_call is not None else None
            opens = delta.get("id") and (last is None or last.get("id") != delta.get("id"))
            index = max(self._calls, default=-1) + 1 if opens or last is None else self._last_call
        assert index is not None
        call = self._calls.setdefault(index, {})
        self._last_call = index
        for key, value in delta.items():
            if key == "index" or value is None:
                continue
            if key == "function" and isinstance(value, Mapping):
                function = call.setdefault("function", {})
                for name, part in value.items():
                    if part is None:
                        continue
                    if name == "arguments" and isinstance(part, str):
                        function.setdefault("arguments", "")
                        self._arguments.setdefault(index, []).append(part)
                    elif name == "name" and isinstance(part, str):
                        current = function.get("name")
                        function["name"] = part if not current or current == part else f"{current}{part}"
                    else:
                        _merge(function, name, part)
            elif key in ("id", "type"):
                call.setdefault(key, value)
            else:
                _merge(call, key, value)

    def result(self, request_id: str | None) -> ModelResponse:
        """The assembled response.

        Raises:
            ModelRequestFailedError: the stream ended before a ``finish_reason`` (retryable), or the
                answer cannot be used (see ``response_from_completion``).
        """
        if self._finish is None:
            raise ModelRequestFailedError("Chat Completions stream ended before a finish_reason", retryable=True)
        if "tool_calls" in self._message:
            for index, call in self._calls.items():
                if index in self._arguments:
                    call["function"]["arguments"] = "".join(self._arguments[index])
            self._message["tool_calls"] = [self._calls[index] for index in sorted(self._calls)]
        return _response(self._message, self._finish, self._usage, request_id, self._id, self._model)


def _merge(target: JsonObject, key: str, value: object) -> None:
    current = target.get(key)
    if isinstance(current, str) and isinstance(value, str):
        target[key] = current + value
    elif isinstance(current, list) and isinstance(value, list):
        target[key] = [*current, *value]
    else:
        target[key] = value


def response_from_completion(body: object, request_id: str | None) -> ModelResponse:
    """A response from a non-streaming ``chat.completion`` body; its message is kept as the server sent it.

    Raises:
        ModelRequestFailedError: the body is not a chat completion, or the answer cannot be used.
    """
    choices = body.get("choices") if isinstance(body, Mapping) else None
    choice = next((c for c in choices if isinstance(c, Mapping)), None) if isinstance(choices, list) else None
    message = choice.get("message") if choice is not None else None
    if not isinstance(body, Mapping) or choice is None or not isinstance(message, dict):
        raise ModelRequestFailedError("Chat Completions API returned a body that is not a chat completion")
    usage = body.get("usage")
    return _response(
        message,
        str(choice.get("finish_reason") or "stop"),
        usage if isinstance(usage, Mapping) else None,
        request_id,
        _text(body.get("id")),
        _text(body.get("model")),
    )


def _response(
    message: JsonObject,
    finish: str,
    usage: Mapping[str, object] | None,
    request_id: str | None,
    message_id: str | None,
    model: str | None,
) -> ModelResponse:
    if finish in _FAILED_FINISH:
        raise ModelRequestFailedError(
            f"Chat Completions API ended the answer with finish_reason {finish!r}", retryable=True
        )
    content: list[JsonObject] = [{"type": OPENAI_MESSAGE_BLOCK, "message": message}]
    reasoning = "".join(v for k in REASONING_FIELDS if isinstance(v := message.get(k), str))
    if reasoning:
        content.append({"type": "thinking", "thinking": reasoning})
    text = _message_text(message.get("content"))
    refusal = message.get("refusal")
    if text:
        content.append({"type": "text", "text": text})
    elif isinstance(refusal, str) and refusal:
        content.append({"type": "text", "text": refusal})
    calls = message.get("tool_calls")
    uses = [_tool_use(call, finish) for call in calls] if isinstance(calls, list) else []
    content.extend(uses)
    stop = _STOP_REASONS.get(finish, finish)
    if uses and stop == "end_turn":  # some servers say ``stop`` when the answer is tool calls
        stop = "tool_use"
    elif not text and isinstance(refusal, str) and refusal and stop == "end_turn":
        stop = "refusal"
    return ModelResponse(
        content=content,
        stop_reason=stop,
        usage=usage_from_wire(usage),
        request_id=request_id,
        message_id=message_id,
        model=model,
    )


def _message_text(content: object) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # content parts, as some servers answer
        return "".join(
            str(p.get("text", "")) for p in content if isinstance(p, Mapping) and p.get("type") in ("text", None)
        )
    return ""


def _tool_use(call: object, finish: str) -> JsonObject:
    """The ``tool_use`` block of one tool call: its exact id and name and its parsed arguments."""
    function = call.get("function") if isinstance(call, Mapping) else None
    call_id = call.get("id") if isinstance(call, Mapping) else None
    if not isinstance(function, Mapping) or not isinstance(call_id, str) or not call_id:
        raise ModelRequestFailedError("Chat Completions API returned a tool call without an id or a function")
    name = str(function.get("name") or "")
    raw = function.get("arguments")
    arguments: object
    if isinstance(raw, Mapping):
        arguments = dict(raw)
    elif raw is None or (isinstance(raw, str) and not raw.strip()):
        arguments = {}
    else:
        try:
            arguments = json.loads(str(raw))
        except ValueError:
            arguments = None
    if not isinstance(arguments, dict):
        # A cut-off answer will be cut off again; malformed arguments may come out whole on another try.
        raise ModelRequestFailedError(
            f"the model's arguments for tool {name!r} (call {call_id}) are not a JSON object",
            retryable=finish != "length",
            provider_error_type="invalid_tool_arguments",
        )
    return {"type": "tool_use", "id": call_id, "name": name, "input": arguments}


def usage_from_wire(raw: Mapping[str, object] | None) -> Usage:
    """Mango's usage from a Chat Completions ``usage`` object.

    ``prompt_tokens`` includes the cached prefix (``prompt_tokens_details.cached_tokens``, or DeepSeek's
    ``prompt_cache_hit_tokens``): Mango counts it as cache reads and the rest as input.
    """
    raw = raw or {}
    prompt = _count(raw.get("prompt_tokens"))
    details = raw.get("prompt_tokens_details")
    cached = _count(details.get("cached_tokens")) if isinstance(details, Mapping) else 0
    cached = min(cached or _count(raw.get("prompt_cache_hit_tokens")), prompt)
    return Usage(
        input_tokens=prompt - cached,
        output_tokens=_count(raw.get("completion_tokens")),
        cache_read_input_tokens=cached,
    )


def _count(value: object) -> int:
    """A token count; anything that is not a count reads as 0 (usage never fails an answer)."""
    try:
        return max(json_count(value), 0)
    except (TypeError, ValueError):
        return 0


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None
