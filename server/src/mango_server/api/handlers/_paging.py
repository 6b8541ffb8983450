"""Shared list plumbing: ``limit`` / ``page`` parsing and the ``{data, next_page, prev_page}`` shape."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from mango_server.api.context import RequestContext
from mango_server.domain.paging import Cursor, Order, Page, decode_cursor

RowT = TypeVar("RowT")


def page_params(
    ctx: RequestContext, *, default: int = 20, maximum: int = 100, order: Order = "desc"
) -> tuple[int, Cursor | None]:
    """``limit`` within its bounds and the decoded ``page`` cursor."""
    limit = ctx.int_param("limit", default, 1, maximum)
    assert limit is not None
    return limit, decode_cursor(ctx.query.get("page"), order)


def page_body(
    page: Page[RowT], to_public: Callable[[RowT], dict[str, Any]], *, bidirectional: bool = False
) -> dict[str, Any]:
    """The wire shape of a page."""
    body: dict[str, Any] = {"data": [to_public(r) for r in page.rows], "next_page": page.next_page}
    if bidirectional:
        body["prev_page"] = page.prev_page
    return body
