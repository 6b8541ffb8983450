"""The one name for opaque JSON documents the server stores and passes through.

``JsonObject`` is for data whose shape the server does not own or interpret field by field:
provider content blocks and messages (unknown fields kept byte for byte), tool inputs, stored
event payloads and frozen Agent snapshots. Data the server reasons about gets a typed row,
dataclass or TypedDict instead: a validated request body is read as its wire TypedDict
(``domain._generated.wire``), JSON the server builds and stores as a TypedDict of its own.
"""

from __future__ import annotations

from typing import Any, TypeAlias

JsonObject: TypeAlias = dict[str, Any]


def json_count(value: object) -> int:
    """A count read from decoded JSON: ``int(value)`` of a number (or numeric string), 0 for null or 0.

    Raises:
        TypeError: ``value`` is neither null nor a number or string.
        ValueError: ``value`` is a string that is not an integer.
    """
    if not value:
        return 0
    if isinstance(value, int | float | str):
        return int(value)
    raise TypeError(f"expected a number, got {type(value).__name__}")
