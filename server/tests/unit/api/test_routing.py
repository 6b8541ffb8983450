"""Unknown paths and methods answer in the error envelope with catalogued statuses."""

from __future__ import annotations

from typing import Any, cast

import httpx
from mango_server.api.app import build_app
from mango_server.app.services import Services
from mango_server.settings import Settings


def _client() -> httpx.AsyncClient:
    # Routing errors are answered before any handler runs, so no pool or notifier is needed.
    services = Services(settings=Settings(), pool=cast(Any, None), notifier=cast(Any, None))
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=build_app(services)), base_url="http://mango.test")


async def test_an_unknown_path_is_not_found() -> None:
    async with _client() as client:
        response = await client.get("/v1/nothing-here")
    assert response.status_code == 404
    assert response.json()["error"]["type"] == "not_found_error"
    assert response.headers["request-id"] == response.json()["request_id"]


async def test_a_known_path_with_another_method_is_an_invalid_request() -> None:
    async with _client() as client:
        response = await client.delete("/v1/health")
    assert response.status_code == 400
    assert response.json()["error"]["type"] == "invalid_request_error"
    assert "DELETE" in response.json()["error"]["message"]
