"""Unknown paths and methods answer in the error envelope with catalogued statuses (405 with ``Allow``)."""

from __future__ import annotations

from typing import Any, cast

import httpx
from mango_server.api._generated.routes import ROUTES
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


async def test_a_known_path_with_another_method_is_405_with_allow() -> None:
    async with _client() as client:
        response = await client.delete("/v1/health")
    assert response.status_code == 405
    body = response.json()
    assert body["error"]["type"] == "method_not_allowed"
    assert "DELETE" in body["error"]["message"]
    assert response.headers["allow"] == "GET, HEAD"
    assert response.headers["request-id"] == body["request_id"]


async def test_allow_lists_every_method_of_the_path() -> None:
    async with _client() as client:
        collection = await client.put("/v1/agents")
        item = await client.patch("/v1/agents/agent_1")
        delete_only = await client.get("/v1/sessions/sesn_1/threads/sthr_1/archive")
        # A literal segment (poll: GET) and a parameter (a Work id: GET) both match; both count.
        poll = await client.delete("/v1/environments/env_1/work/poll")
        healthcheck = await client.delete("/v1/environments/env_1/work/healthcheck")
    assert [r.status_code for r in (collection, item, delete_only, poll, healthcheck)] == [405] * 5
    assert collection.headers["allow"] == "GET, HEAD, POST"
    assert item.headers["allow"] == "GET, HEAD, POST"
    assert delete_only.headers["allow"] == "POST"
    assert poll.headers["allow"] == "GET, HEAD"
    assert healthcheck.headers["allow"] == "GET, HEAD, POST"


async def test_every_declared_path_answers_405_for_an_undeclared_method() -> None:
    paths: dict[str, set[str]] = {}
    for route in ROUTES:
        paths.setdefault(route.path, set()).add(route.method)
    async with _client() as client:
        for template, methods in paths.items():
            path = template.replace("{", "x").replace("}", "")
            response = await client.request("PUT", path)
            assert response.status_code == 405, (template, response.text)
            allowed = set(response.headers["allow"].split(", "))
            # Another template may match the same URL too (``work/healthcheck`` is also a Work id).
            assert methods <= allowed, (template, allowed)
            assert ("HEAD" in allowed) == ("GET" in allowed), (template, allowed)
