"""Scanning a test run's logs for credentials: no API key, Environment key, session token or
Work secret may ever reach a log line.

:func:`find_leaks` reports every credential-shaped value (the ``mango_sk_``/``mango_ek_``/
``mango_st_`` prefixes, issued or forged) and every base64url Work secret (it decodes to JSON
with a ``sessions_token``) in the given files, plus any exact value the caller knows it issued.
Only a short, masked prefix of a finding is returned, so the report itself leaks nothing. Not
responsible for collecting the logs (``Platform`` writes them; the pytest plugin calls this).
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from collections.abc import Iterable
from pathlib import Path

__all__ = ["find_leaks"]

_CREDENTIAL = re.compile(rb"mango_(?:sk|ek|st)_[A-Za-z0-9_-]{8,}")
_BASE64URL = re.compile(rb"[A-Za-z0-9_-]{40,}={0,2}")


def _is_work_secret(blob: bytes) -> bool:
    try:
        decoded = base64.urlsafe_b64decode(blob + b"=" * (-len(blob) % 4))
        payload = json.loads(decoded)
    except (binascii.Error, ValueError):
        return False
    return isinstance(payload, dict) and "sessions_token" in payload


def _mask(value: bytes) -> str:
    return value[:12].decode("ascii", "replace") + "..."


def find_leaks(paths: Iterable[Path], issued: Iterable[str] = ()) -> list[str]:
    """``path: masked value`` for every credential found in ``paths`` (files that do not exist are skipped)."""
    known = [value.encode() for value in issued if value]
    found: list[str] = []
    for path in paths:
        if not path.is_file():
            continue
        data = path.read_bytes()
        hits = [m.group() for m in _CREDENTIAL.finditer(data)]
        hits += [m.group() for m in _BASE64URL.finditer(data) if _is_work_secret(m.group())]
        hits += [value for value in known if value in data]
        found += [f"{path.name}: {_mask(hit)}" for hit in dict.fromkeys(hits)]
    return found
