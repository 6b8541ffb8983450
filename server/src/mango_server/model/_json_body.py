"""The bytes of a provider request body: compact JSON, non-ASCII text written as UTF-8.

A round's body holds the whole transcript, so encoding it is work that grows with a Session; orjson
encodes it several times faster than ``json.dumps`` (``bench/request_growth.py`` measures the round's
work that grows, this included) with the same bytes for the same values. What orjson refuses (a lone
surrogate, which has no UTF-8 form; an integer beyond 64 bits) is encoded by ``json.dumps`` instead,
escaped where it must be. Not responsible for what a body holds (each adapter's encoder).
"""

from __future__ import annotations

import json

import orjson

__all__ = ["compact_json"]


def compact_json(value: object) -> bytes:
    """``value`` as compact JSON bytes (``separators=(",", ":")``, keys in insertion order)."""
    try:
        return orjson.dumps(value)
    except orjson.JSONEncodeError:
        pass
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()
    except UnicodeEncodeError:
        # A lone surrogate cannot be UTF-8 encoded raw; the escaped form is the same JSON value.
        return json.dumps(value, separators=(",", ":")).encode()
