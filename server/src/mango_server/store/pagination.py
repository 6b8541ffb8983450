"""Opaque, bidirectional keyset cursors over ``(created_at, id)`` (resources) or ``seq`` (events).

A cursor encodes the sort order it was made for; reusing it with another order is an
invalid request. Responsible for cursor encoding and the keyset SQL fragment; the
repositories own their filters.
"""

from __future__ import annotations

import base64
import binascii
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Literal, TypeVar

from mango_server.domain.errors import InvalidRequestError
from mango_server.store.db import Connection, Record

RowT = TypeVar("RowT")

Order = Literal["asc", "desc"]
Direction = Literal["after", "before"]


@dataclass(frozen=True)
class Cursor:
    """A position in a listing: items strictly ``after`` or ``before`` ``key`` in ``order``."""

    order: Order
    direction: Direction
    key: list[Any]

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
    except (ValueError, KeyError, TypeError, binascii.Error) as exc:
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


_RANGE_SYMBOLS = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}


def created_range(params: list[Any], bounds: dict[str, datetime | None], column: str = "created_at") -> str:
    """`` AND column >= $n ...`` for the given ``created_at[op]`` bounds, appending their values to ``params``."""
    sql = ""
    for op, value in bounds.items():
        if value is not None:
            params.append(value)
            sql += f" AND {column} {_RANGE_SYMBOLS[op]} ${len(params)}"
    return sql


def _key_of(row: Record, columns: tuple[str, ...]) -> list[Any]:
    return [row[c].isoformat() if isinstance(row[c], datetime) else row[c] for c in columns]


def _decode_key(key: list[Any], columns: tuple[str, ...]) -> list[Any]:
    out: list[Any] = []
    for column, value in zip(columns, key, strict=True):
        out.append(datetime.fromisoformat(value) if column == "created_at" else value)
    return out


async def fetch_page(
    conn: Connection,
    base_sql: str,
    params: list[Any],
    *,
    row: Callable[[Record], RowT],
    order: Order,
    limit: int,
    cursor: Cursor | None,
    columns: tuple[str, ...] = ("created_at", "id"),
) -> Page[RowT]:
    """Run ``base_sql`` (a SELECT with a WHERE clause and no ORDER BY) as one keyset page of ``row(record)``."""
    backwards = cursor is not None and cursor.direction == "before"
    scan_desc = (order == "desc") != backwards
    tuple_sql = "(" + ", ".join(columns) + ")"
    sql = base_sql
    args = list(params)
    if cursor is not None:
        if len(cursor.key) != len(columns):
            raise InvalidRequestError("page was issued for a different listing")
        placeholders = ", ".join(f"${len(args) + i + 1}" for i in range(len(columns)))
        args.extend(_decode_key(cursor.key, columns))
        sql += f" AND {tuple_sql} {'<' if scan_desc else '>'} ({placeholders})"
    direction_sql = "DESC" if scan_desc else "ASC"
    sql += " ORDER BY " + ", ".join(f"{c} {direction_sql}" for c in columns) + f" LIMIT {int(limit) + 1}"
    rows = list(await conn.fetch(sql, *args))
    more = len(rows) > limit
    rows = rows[:limit]
    if backwards:
        rows.reverse()
    has_next = (not backwards and more) or backwards
    has_prev = (backwards and more) or (not backwards and cursor is not None)
    next_page = prev_page = None
    if rows and has_next:
        next_page = Cursor(order, "after", _key_of(rows[-1], columns)).encode()
    if rows and has_prev:
        prev_page = Cursor(order, "before", _key_of(rows[0], columns)).encode()
    return Page(rows=[row(r) for r in rows], next_page=next_page, prev_page=prev_page)
