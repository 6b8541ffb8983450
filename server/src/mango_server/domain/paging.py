"""Listing positions: opaque, bidirectional keyset cursors and the typed page they produce.

A cursor encodes the sort order it was made for; reusing it with another order is an invalid
request. Pure: the keyset SQL that consumes a cursor lives in ``store.pagination``.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from mango_server.domain.errors import InvalidRequestError

RowT = TypeVar("RowT")
Order = Literal["asc", "desc"]
Direction = Literal["after", "before"]


@dataclass(frozen=True)
class Cursor:
    """A position in a listing: items strictly ``after`` or ``before`` ``key`` in ``order``."""

    order: Order
    direction: Direction
    key: list[object]

    def encode(self) -> str:
        raw = json.dumps({"o": self.order, "d": self.direction, "k": self.key}, separators=(",", ":"))
        return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


def decode_cursor(page: str | None, order: Order) -> Cursor | None:
    """Parse a ``page`` parameter; a malformed or mismatched cursor is an invalid request."""
    if not page:
        return None
    try:
        data = json.loads(base64.urlsafe_b64decode(page + "=" * (-len(page) % 4)))
        cursor = Cursor(order=data["o"], direction=data["d"], key=list(data["k"]))
    except (ValueError, KeyError, TypeError, RecursionError, binascii.Error) as exc:
        raise InvalidRequestError("page is not a valid cursor") from exc
    if cursor.order != order or cursor.direction not in ("after", "before") or len(cursor.key) not in (1, 2):
        raise InvalidRequestError("page was issued for a different order; start again without page")
    return cursor


@dataclass(frozen=True)
class Page(Generic[RowT]):
    """One page of typed rows with the cursors around it."""

    rows: list[RowT]
    next_page: str | None
    prev_page: str | None
