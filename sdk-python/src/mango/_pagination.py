"""Cursor pagination over Mango list operations (``{data, next_page[, prev_page]}``).

A paginated operation returns a pager without calling the API. Iterating it fetches the
first page and follows ``next_page`` until it is null, yielding items; ``first_page()``
fetches one page only, and ``pages()`` yields whole pages. ``AsyncPager`` is the async twin of
``SyncPager`` (``async for``, ``await first_page()``); documentation lives on the sync class.

Lifecycle: a pager holds the fetch function built by the transport and the caller's starting
cursor; every iteration starts over from that cursor. Not responsible for HTTP, retries or
decoding items (the fetch function does all three).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, Generic, TypeVar

from ._exceptions import APIResponseValidationError

__all__ = ["AsyncPager", "Page", "SyncPager"]

T = TypeVar("T")


class Page(Generic[T]):
    """One page of a list: its decoded ``data`` and the cursors around it."""

    def __init__(
        self, data: list[T], next_page: str | None, prev_page: str | None = None, *, bidirectional: bool = False
    ) -> None:
        self.data = data
        self.next_page = next_page
        self.prev_page = prev_page
        self.bidirectional = bidirectional
        """Whether the list answers ``prev_page`` too (it can be walked backwards)."""

    @classmethod
    def decoder(cls, item: Callable[[Any], T]) -> Callable[[Any], Page[T]]:
        """A JSON decoder for one page whose items decode with ``item``."""

        def decode(body: Any) -> Page[T]:
            if not isinstance(body, dict) or not isinstance(body.get("data"), list):
                raise APIResponseValidationError("a list answer must be an object with a data array")
            next_page, prev_page = body.get("next_page"), body.get("prev_page")
            items = [item(entry) for entry in body["data"]]
            return cls(items, next_page or None, prev_page or None, bidirectional="prev_page" in body)

        return decode

    def has_next_page(self) -> bool:
        return self.next_page is not None

    def __repr__(self) -> str:
        return f"Page(items={len(self.data)}, next_page={self.next_page!r})"


class SyncPager(Generic[T]):
    """Auto-paging iterator: ``for item in client.agents.list(limit=20): ...``."""

    def __init__(self, fetch: Callable[[str | None], Page[T]], start: str | None = None) -> None:
        self._fetch = fetch
        self._start = start

    def first_page(self) -> Page[T]:
        """Fetch only the page at the starting cursor."""
        return self._fetch(self._start)

    def pages(self) -> Iterator[Page[T]]:
        """Yield every page, following ``next_page`` until it is null."""
        cursor = self._start
        while True:
            page = self._fetch(cursor)
            yield page
            if page.next_page is None or page.next_page == cursor:
                return
            cursor = page.next_page

    def __iter__(self) -> Iterator[T]:
        for page in self.pages():
            yield from page.data


class AsyncPager(Generic[T]):
    """Async twin of ``SyncPager``: ``async for item in client.agents.list(): ...``."""

    def __init__(self, fetch: Callable[[str | None], Awaitable[Page[T]]], start: str | None = None) -> None:
        self._fetch = fetch
        self._start = start

    async def first_page(self) -> Page[T]:
        return await self._fetch(self._start)

    async def pages(self) -> AsyncIterator[Page[T]]:
        cursor = self._start
        while True:
            page = await self._fetch(cursor)
            yield page
            if page.next_page is None or page.next_page == cursor:
                return
            cursor = page.next_page

    async def __aiter__(self) -> AsyncIterator[T]:
        async for page in self.pages():
            for item in page.data:
                yield item
