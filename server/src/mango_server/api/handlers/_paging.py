"""Shared list plumbing: ``limit`` / ``page`` parsing and the ``{data, next_page[, prev_page]}`` shape.

``page_body`` and ``two_way_page_body`` are generic in the item's wire shape, so a handler
returning the spec's list schema (``AgentList``, ``SessionList``) is checked against it by mypy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypedDict, TypeVar

from mango_server.api.context import RequestContext
from mango_server.domain.paging import Cursor, Order, Page, decode_cursor

RowT = TypeVar("RowT")
ItemT = TypeVar("ItemT")


class PageBody(TypedDict, Generic[ItemT]):
    """A page of a listing that only goes forward (``AgentList``, ``SessionEventList``...)."""

    data: list[ItemT]
    next_page: str | None


class TwoWayPageBody(PageBody[ItemT]):
    """A page of a listing that goes both ways (``SessionList``, ``FileList``, ``SessionThreadList``)."""

    prev_page: str | None


def page_params(
    ctx: RequestContext, *, default: int = 20, maximum: int = 100, order: Order = "desc"
) -> tuple[int, Cursor | None]:
    """``limit`` within its bounds and the decoded ``page`` cursor."""
    limit = ctx.int_param("limit", default, 1, maximum)
    assert limit is not None
    return limit, decode_cursor(ctx.query.get("page"), order)


def page_body(page: Page[RowT], to_public: Callable[[RowT], ItemT]) -> PageBody[ItemT]:
    """The wire shape of a page: its items and the cursor to the next one."""
    return {"data": [to_public(r) for r in page.rows], "next_page": page.next_page}


def two_way_page_body(page: Page[RowT], to_public: Callable[[RowT], ItemT]) -> TwoWayPageBody[ItemT]:
    """The wire shape of a page with cursors both ways."""
    return {"data": [to_public(r) for r in page.rows], "next_page": page.next_page, "prev_page": page.prev_page}
