"""Environment rules: defaults at creation and how an update's fields apply over the stored ones.

Pure. Not responsible for storage (``store.environments``) or the read-only check (``app.environments``).
"""

from __future__ import annotations

from collections.abc import Mapping

from mango_server.domain._generated import wire

DEFAULT_CONFIG: wire.EnvironmentConfig = {"type": "self_hosted"}


def merge_metadata(stored: dict[str, str], changes: Mapping[str, str | None] | None) -> dict[str, str]:
    """``changes`` over ``stored``: a null value deletes its key."""
    merged = dict(stored)
    for key, value in (changes or {}).items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged
