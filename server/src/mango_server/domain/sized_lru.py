"""A map that keeps what was used lately, bounded by the bytes its values stand for.

The turn engine's process-local caches are of this kind: the digested request prefixes
(``domain.tokens.PrefixCache``) and the Sessions' finished transcript rows
(``store.transcript.TranscriptCache``). Each value says its own ``size``; the least recently used
values leave first once the sizes pass ``max_bytes``, and a value larger than the whole bound is not
kept. Not responsible for checking that a value found is still right (its user does) or for
concurrency (one event loop uses it).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, Protocol, TypeVar


class Sized(Protocol):
    @property
    def size(self) -> int:
        """The bytes the value stands for, as the bound counts them."""
        ...


V = TypeVar("V", bound=Sized)


class SizedLru(Generic[V]):
    """Values by key, least recently used first out once their sizes pass ``max_bytes``."""

    def __init__(self, max_bytes: int) -> None:
        self._entries: OrderedDict[str, V] = OrderedDict()
        self._bytes = 0
        self._max_bytes = max_bytes

    def get(self, key: str) -> V | None:
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def pop(self, key: str) -> V | None:
        found = self._entries.pop(key, None)
        if found is not None:
            self._bytes -= found.size
        return found

    def put(self, key: str, value: V) -> None:
        self.pop(key)
        if value.size > self._max_bytes:
            return
        self._entries[key] = value
        self._bytes += value.size
        while self._bytes > self._max_bytes:
            _, evicted = self._entries.popitem(last=False)
            self._bytes -= evicted.size
