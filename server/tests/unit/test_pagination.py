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


@pytest.mark.parametrize(
    ("key", "columns"),
    [
        ([{"x": 1}, "sesn_1"], ("created_at", "id")),
        ([17, "sesn_1"], ("created_at", "id")),
        (["not a time", "sesn_1"], ("created_at", "id")),
        (["2026-11-30T00:00:00", "sesn_1"], ("created_at", "id")),  # no offset: timestamptz needs one
        (["2026-11-30T00:00:00+00:00", 5], ("created_at", "id")),
        (["2026-11-30T00:00:00+00:00", "a\x00"], ("created_at", "id")),
        (["3"], ("seq",)),
        ([True], ("seq",)),
        ([2**70], ("seq",)),
        ([2**31], ("version",)),
        ([-1], ("version",)),
    ],
)
def test_a_forged_cursor_with_wrongly_typed_keys_is_invalid(key: list[object], columns: tuple[str, ...]) -> None:
    from mango_server.store.pagination import _decode_key

    with pytest.raises(InvalidRequestError, match="not a valid cursor"):
        _decode_key(key, columns)


def test_a_well_typed_key_decodes() -> None:
    from datetime import UTC, datetime

    from mango_server.store.pagination import _decode_key

    assert _decode_key(["2026-11-30T00:00:00+00:00", "sesn_1"], ("created_at", "id")) == [
        datetime(2026, 11, 30, tzinfo=UTC),
        "sesn_1",
    ]
    assert _decode_key([7], ("seq",)) == [7]


def test_a_deeply_nested_cursor_is_invalid() -> None:
    import base64

    page = base64.urlsafe_b64encode(b"[" * 5000 + b"]" * 5000).decode().rstrip("=")
    with pytest.raises(InvalidRequestError):
        decode_cursor(page, "desc")
