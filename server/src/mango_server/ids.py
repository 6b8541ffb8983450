"""Prefixed opaque identifiers (``agent_...``, ``sesn_...``) and request ids.

Ids are time-ordered (48-bit milliseconds then 80 random bits, Crockford base32) so that an
index on ``id`` also sorts by creation; nothing may parse them back.
"""

from __future__ import annotations

import hashlib
import secrets
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


def _encode(value: int, length: int) -> str:
    chars = []
    for _ in range(length):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    return "".join(reversed(chars))


def new_id(prefix: str) -> str:
    """A fresh id such as ``sesn_01h...``; prefixes follow docs/api.md."""
    millis = int(time.time() * 1000) & ((1 << 48) - 1)
    return f"{prefix}_{_encode(millis, 10)}{_encode(secrets.randbits(80), 16)}"


def new_request_id() -> str:
    """A request id for the ``request-id`` header and error envelopes."""
    return new_id("req")


def derived_id(prefix: str, *parts: object) -> str:
    """A deterministic id from ``parts``: retried appends of the same fact get the same id."""
    digest = hashlib.sha256("\x1f".join(str(p) for p in parts).encode()).digest()
    return f"{prefix}_{_encode(int.from_bytes(digest[:16], 'big'), 26)}"
