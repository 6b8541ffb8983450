"""Keyset pages in SQL over ``(created_at, id)`` (resources) or ``seq`` (events).

Responsible for the keyset SQL fragment and running one page; the cursor format is
``domain.paging``; the repositories own their filters.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.paging import Cursor, Order, Page
from mango_server.store.db import Connection, Record

RowT = TypeVar("RowT")

_INTEGER_COLUMNS = {"seq": 2**63, "version": 2**31}  # column -> exclusive bound of its SQL integer type
_RANGE_SYMBOLS = {"gt": ">", "gte": ">=", "lt": "<", "lte": "<="}


def created_range(params: list[object], bounds: dict[str, datetime | None], column: str = "created_at") -> str:
    """`` AND column >= $n ...`` for the given ``created_at[op]`` bounds, appending their values to ``params``."""
    sql = ""
    for op, value in bounds.items():
        if value is not None:
            params.append(value)
            sql += f" AND {column} {_RANGE_SYMBOLS[op]} ${len(params)}"
    return sql


def _key_of(row: Record, columns: tuple[str, ...]) -> list[object]:
    return [row[c].isoformat() if isinstance(row[c], datetime) else row[c] for c in columns]


def _decode_key(key: list[object], columns: tuple[str, ...]) -> list[object]:
    """The cursor's key as SQL parameters; a key of the wrong type is a forged cursor (400, not a driver error)."""
    out: list[object] = []
    for column, value in zip(columns, key, strict=True):
        out.append(_decode_value(column, value))
    return out


def _decode_value(column: str, value: object) -> object:
    if column == "created_at" and isinstance(value, str):
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            moment = None
        if moment is not None and moment.tzinfo is not None:
            return moment
    elif column in _INTEGER_COLUMNS and isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < _INTEGER_COLUMNS[column]:
            return value
    elif column not in _INTEGER_COLUMNS and column != "created_at" and isinstance(value, str) and "\x00" not in value:
        return value
    raise InvalidRequestError("page is not a valid cursor")


async def fetch_page(
    conn: Connection,
    base_sql: str,
    params: list[object],
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
