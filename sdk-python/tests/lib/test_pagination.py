"""Cursor pagination: auto-paging, one page, pages, and the async twin."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
import respx
from mango import APIResponseValidationError, AsyncMango, Mango, Page

URL = "http://mango.test/v1/things"


def _pages(request: httpx.Request) -> httpx.Response:
    page = request.url.params.get("page")
    assert request.url.params["limit"] == "2"
    body = {
        None: {"data": [{"id": 1}, {"id": 2}], "next_page": "c2"},
        "c2": {"data": [{"id": 3}], "next_page": "c3", "prev_page": "c1"},
        "c3": {"data": [], "next_page": None},
    }[page]
    return httpx.Response(200, json=body)


def _item(data: dict[str, int]) -> int:
    return data["id"]


@respx.mock
def test_auto_paging_follows_next_page_until_null(make_client: Callable[..., Mango]) -> None:
    route = respx.get(URL).mock(side_effect=_pages)
    pager = make_client()._paginate("GET", "/v1/things", item=_item, query={"limit": 2})
    assert list(pager) == [1, 2, 3]
    assert route.call_count == 3
    assert [r.request.url.params.get("page") for r in route.calls] == [None, "c2", "c3"]


@respx.mock
def test_one_page_access_and_pages(make_client: Callable[..., Mango]) -> None:
    route = respx.get(URL).mock(side_effect=_pages)
    pager = make_client()._paginate("GET", "/v1/things", item=_item, query={"limit": 2, "page": "c2"})
    page = pager.first_page()
    assert (page.data, page.next_page, page.prev_page, page.has_next_page()) == ([3], "c3", "c1", True)
    assert route.call_count == 1
    assert [p.data for p in pager.pages()] == [[3], []]


@respx.mock
def test_malformed_page_is_a_validation_error(make_client: Callable[..., Mango]) -> None:
    respx.get(URL).mock(return_value=httpx.Response(200, json={"items": []}))
    with pytest.raises(APIResponseValidationError):
        list(make_client()._paginate("GET", "/v1/things", item=_item))


def test_page_decoder() -> None:
    page = Page.decoder(_item)({"data": [{"id": 7}], "next_page": ""})
    assert page.data == [7]
    assert page.next_page is None


@respx.mock
async def test_async_auto_paging(make_async_client: Callable[..., AsyncMango]) -> None:
    respx.get(URL).mock(side_effect=_pages)
    async with make_async_client() as client:
        pager = client._paginate("GET", "/v1/things", item=_item, query={"limit": 2})
        assert [item async for item in pager] == [1, 2, 3]
        assert (await pager.first_page()).data == [1, 2]
        assert [p.next_page async for p in pager.pages()] == ["c2", "c3", None]
