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

Checking an anchor hashes its whole prefix, and a Session's prefix grows with every turn: a
``PrefixCache`` (process-local, bounded) keeps the digest state of the prefixes this process has
measured or anchored, so that a round whose request starts with a prefix it already knows (compared
by value, which costs far less than encoding it again) digests and estimates only what was appended.

Not responsible for: windows (``domain.model_windows``) or what to do when a request does not fit
(``domain.context_policy``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from mango_server.domain.media import block_tokens
from mango_server.domain.sized_lru import SizedLru

__all__ = [
    "BYTES_PER_TOKEN",
    "Measure",
    "Prefix",
    "PrefixCache",
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
    return Prefix.start(system, tools).extended(messages).fingerprint()


class Prefix:
    """A request prefix (system prompt, tool declarations, messages) with the running digest of its
    ``fingerprint``, so that a longer prefix digests only the messages it adds. Never mutated."""

    __slots__ = ("_digest", "messages", "size", "system", "tools")

    def __init__(
        self,
        system: str | None,
        tools: Sequence[Mapping[str, object]],
        messages: list[Mapping[str, object]],
        digest: hashlib._Hash,
        size: int,
    ) -> None:
        self.system = system
        self.tools = list(tools)
        self.messages = messages
        self._digest = digest
        self.size = size  # bytes digested: what the cache's bound counts

    @classmethod
    def start(cls, system: str | None, tools: Sequence[Mapping[str, object]]) -> Prefix:
        """The prefix with no message yet."""
        head = _canonical({"system": system, "tools": list(tools)}).encode("utf-8", "surrogatepass")
        return cls(system, tools, [], hashlib.sha256(head), len(head))

    def extended(self, messages: Sequence[Mapping[str, object]]) -> Prefix:
        """This prefix followed by ``messages``."""
        digest, size = self._digest.copy(), self.size
        for message in messages:
            text = _canonical(message).encode("utf-8", "surrogatepass")
            digest.update(b"\x1e")
            digest.update(text)
            size += len(text) + 1
        return Prefix(self.system, self.tools, [*self.messages, *messages], digest, size)

    def fingerprint(self) -> str:
        return self._digest.hexdigest()

    def holding(
        self, system: str | None, tools: Sequence[Mapping[str, object]], messages: Sequence[Mapping[str, object]]
    ) -> Prefix:
        """This prefix over these values, which it is the ``same`` as: a request's own objects in place of the
        equal ones it was built from, so that comparing it with the next request, which shares those objects
        (a Session's transcript rows are kept between rounds), finds them identical instead of comparing
        every message by value."""
        return Prefix(system, tools, list(messages), self._digest, self.size)

    def same(
        self, system: str | None, tools: Sequence[Mapping[str, object]], messages: Sequence[Mapping[str, object]]
    ) -> bool:
        """Whether this is the prefix of exactly these values. Compared by value: JSON values that compare
        equal in Python encode alike, but for ``true``, ``1`` and ``1.0``, which are one token each."""
        return (
            len(messages) == len(self.messages)
            and system == self.system
            and list(tools) == self.tools
            and list(messages) == self.messages
        )


class PrefixCache(SizedLru[Prefix]):
    """The prefixes this process has digested lately, by key (a fingerprint, or a request awaiting its
    answer), least recently used first out once their digested bytes pass ``max_bytes``.

    Process-local: another orchestrator, or this one after a restart, finds nothing and digests the whole
    prefix, as it would without the cache; what is found is checked against the request by value.
    """

    def __init__(self, max_bytes: int = 32 << 20) -> None:
        super().__init__(max_bytes)


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
    #: The request's whole prefix (every message) with its digest: its answer's anchor extends it.
    prefix: Prefix | None = field(default=None, compare=False, repr=False)


def measure(
    system: str | None,
    messages: Sequence[Mapping[str, object]],
    tools: Sequence[Mapping[str, object]],
    anchor: UsageAnchor | None,
    prefixes: PrefixCache | None = None,
) -> Measure:
    """The request's size: the anchor for its prefix when still valid, plus estimates for the rest.

    An anchor is used only when the request has at least as many messages and its first
    ``anchor.messages`` messages, system prompt and tools hash to the anchor's fingerprint (or equal
    the prefix ``prefixes`` holds under that fingerprint). The whole request is estimated only when no
    anchor applies.
    """
    if anchor is None or anchor.messages > len(messages) or anchor.messages == 0:
        return Measure(
            estimate_request(system, messages, tools), False, prefix=Prefix.start(system, tools).extended(messages)
        )
    head, appended = messages[: anchor.messages], messages[anchor.messages :]
    known = prefixes.get(anchor.fingerprint) if prefixes is not None else None
    if known is not None and known.same(system, tools, head):
        known = known.holding(system, tools, head)
    else:
        known = Prefix.start(system, tools).extended(head)
        if known.fingerprint() != anchor.fingerprint:
            return Measure(estimate_request(system, messages, tools), False, prefix=known.extended(appended))
    tokens = anchor.tokens + sum(estimate_message(m) for m in appended)
    return Measure(tokens, True, anchor.request_id or None, known.extended(appended))
