"""Opaque cursors: round trip and rejection of tampered or mismatched cursors."""

from __future__ import annotations

import pytest
from mango_server.domain.errors import InvalidRequestError
from mango_server.domain.paging import Cursor, decode_cursor


def test_round_trip() -> None:
    cursor = Cursor("desc", "after", ["2026-11-30T00:00:00+00:00", "sesn_1"])
    assert decode_cursor(cursor.encode(), "desc") == cursor
    assert decode_cursor(None, "asc") is None


@pytest.mark.parametrize("page", ["not-base64!", "e30", "eyJvIjoiZGVzYyJ9"])
def test_malformed_cursor_is_invalid_request(page: str) -> None:
    with pytest.raises(InvalidRequestError):
        decode_cursor(page, "desc")


def test_cursor_for_another_order_is_refused() -> None:
    with pytest.raises(InvalidRequestError, match="different order"):
        decode_cursor(Cursor("asc", "after", [3]).encode(), "desc")


def test_created_range_appends_only_the_given_bounds() -> None:
    from datetime import UTC, datetime

    from mango_server.store.pagination import created_range

    params: list[object] = ["wksp_1"]
    start, end = datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 2, 1, tzinfo=UTC)
    sql = created_range(params, {"gt": None, "gte": start, "lt": end, "lte": None}, "a.created_at")
    assert sql == " AND a.created_at >= $2 AND a.created_at < $3"
    assert params == ["wksp_1", start, end]
