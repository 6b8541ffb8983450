"""The provider-independent conservative token estimator and the usage anchor.

Role: an upper-bound estimate of how many input tokens a request costs, over the system prompt,
the messages and the tool declarations, without a provider tokenizer. Real tokenizers spend
about 3.5 to 4 UTF-8 bytes per token on prose and 2.5 to 3 on code and JSON, so one token per
``BYTES_PER_TOKEN`` bytes plus a fixed overhead per message and per block errs on the large side.
Images and PDFs are charged by their documented per-image and per-page estimates (``domain.media``).

A ``UsageAnchor`` is the provider's own measure of an already-observed prefix (the request plus
the response that followed it), bound to a fingerprint of that prefix: when the next request
starts with exactly the same prefix, only what was appended after it is estimated; any change
(compaction, a different system prompt or tool set) changes the fingerprint and invalidates it.

Not responsible for: windows (``domain.model_windows``) or what to do when a request does not fit
(``domain.context_policy``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from mango_server.domain.media import block_tokens

__all__ = [
    "BYTES_PER_TOKEN",
    "Measure",
    "UsageAnchor",
    "estimate_message",
    "estimate_request",
    "fingerprint",
    "measure",
]

BYTES_PER_TOKEN = 3
_MESSAGE_OVERHEAD = 8
_BLOCK_OVERHEAD = 4
_TOOL_OVERHEAD = 16
_REQUEST_OVERHEAD = 16


# Built once: ``json.dumps`` with options builds an encoder on every call, and a round estimates
# every block and tool declaration of its request.
_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def _canonical(value: object) -> str:
    return _CANONICAL.encode(value)


def _text_tokens(text: str) -> int:
    return -(-len(text.encode("utf-8", "surrogatepass")) // BYTES_PER_TOKEN)


def estimate_message(message: Mapping[str, object]) -> int:
    """Tokens for one provider message (``role`` and ``content`` blocks or a string)."""
    content = message.get("content")
    if isinstance(content, str):
        return _MESSAGE_OVERHEAD + _BLOCK_OVERHEAD + _text_tokens(content)
    blocks = content if isinstance(content, list) else []
    return _MESSAGE_OVERHEAD + sum(_block_tokens(block) for block in blocks)


def _block_tokens(block: object) -> int:
    """One content block: an image or PDF by its documented estimate (``domain.media``), not by the length
    of its base64; a tool result by its parts, since it may hold images; anything else by its JSON."""
    if not isinstance(block, Mapping):
        return _BLOCK_OVERHEAD + _text_tokens(_canonical(block))
    media = block_tokens(block)
    if media is not None:
        return _BLOCK_OVERHEAD + media
    inner = block.get("content")
    if block.get("type") == "tool_result" and isinstance(inner, list) and any(_is_media(b) for b in inner):
        rest = {k: v for k, v in block.items() if k != "content"}
        return _BLOCK_OVERHEAD + _text_tokens(_canonical(rest)) + sum(_block_tokens(b) for b in inner)
    return _BLOCK_OVERHEAD + _text_tokens(_canonical(block))


def _is_media(block: object) -> bool:
    return isinstance(block, Mapping) and block.get("type") in ("image", "document")


def estimate_request(
    system: str | None, messages: Sequence[Mapping[str, object]], tools: Sequence[Mapping[str, object]]
) -> int:
    """Tokens for a whole request: system prompt, every message and every tool declaration."""
    total = _REQUEST_OVERHEAD + _text_tokens(system or "")
    total += sum(_TOOL_OVERHEAD + _text_tokens(_canonical(tool)) for tool in tools)
    return total + sum(estimate_message(m) for m in messages)


def fingerprint(
    system: str | None, tools: Sequence[Mapping[str, object]], messages: Sequence[Mapping[str, object]]
) -> str:
    """A digest of a request prefix; equal only when system, tools and every message are identical."""
    digest = hashlib.sha256(_canonical({"system": system, "tools": list(tools)}).encode("utf-8", "surrogatepass"))
    for message in messages:
        digest.update(b"\x1e")
        digest.update(_canonical(message).encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class UsageAnchor:
    """The provider-reported size of a prefix of ``messages`` messages with digest ``fingerprint``."""

    fingerprint: str
    messages: int
    tokens: int
    request_id: str = ""


@dataclass(frozen=True, slots=True)
class Measure:
    """A request's measured size and whether a provider anchor measured (part of) it."""

    tokens: int
    anchored: bool
    anchor_request_id: str | None = None


def measure(
    system: str | None,
    messages: Sequence[Mapping[str, object]],
    tools: Sequence[Mapping[str, object]],
    anchor: UsageAnchor | None,
) -> Measure:
    """The request's size: the anchor for its prefix when still valid, plus estimates for the rest.

    An anchor is used only when the request has at least as many messages and its first
    ``anchor.messages`` messages, system prompt and tools hash to the anchor's fingerprint.
    """
    full = estimate_request(system, messages, tools)
    if anchor is None or anchor.messages > len(messages) or anchor.messages == 0:
        return Measure(full, False)
    if fingerprint(system, tools, messages[: anchor.messages]) != anchor.fingerprint:
        return Measure(full, False)
    appended = sum(estimate_message(m) for m in messages[anchor.messages :])
    return Measure(anchor.tokens + appended, True, anchor.request_id or None)
