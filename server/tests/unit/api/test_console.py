"""The console's static route and the CORS policy: served outside the route table with a strict
CSP, a clear page when the assets are not built, and no cross-origin access unless configured."""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

import httpx
from mango_server.api.app import build_app
from mango_server.api.console import console_routes
from mango_server.app.services import Services
from mango_server.settings import Settings
from starlette.applications import Starlette


def _client(settings: Settings) -> httpx.AsyncClient:
    services = Services(settings=settings, pool=cast(Any, None), notifier=cast(Any, None))
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=build_app(services)), base_url="http://mango.test")


def _static_client(static_dir: Path) -> httpx.AsyncClient:
    app = Starlette(routes=console_routes(static_dir))
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://mango.test")


async def test_the_console_is_served_with_a_strict_policy(tmp_path: Path) -> None:
    (tmp_path / "assets").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>Mango console</title>")
    (tmp_path / "assets" / "app.js").write_text("export {};")
    async with _static_client(tmp_path) as client:
        redirect = await client.get("/console")
        index = await client.get("/console/")
        script = await client.get("/console/assets/app.js")
        missing = await client.get("/console/assets/nothing.js")
    assert redirect.status_code == 308
    assert redirect.headers["location"] == "/console/"
    assert index.status_code == 200
    assert "Mango console" in index.text
    assert "default-src 'self'" in index.headers["content-security-policy"]
    assert index.headers["referrer-policy"] == "no-referrer"
    assert script.status_code == 200
    assert missing.status_code == 404


async def test_unbuilt_assets_answer_a_page_saying_how_to_build_them(tmp_path: Path) -> None:
    async with _static_client(tmp_path / "absent") as client:
        response = await client.get("/console/")
    assert response.status_code == 503
    assert "make install" in response.text


async def test_no_origin_is_allowed_by_default() -> None:
    async with _client(Settings()) as client:
        preflight = await client.options(
            "/v1/health", headers={"origin": "https://app.example", "access-control-request-method": "GET"}
        )
        plain = await client.get("/v1/health", headers={"origin": "https://app.example"})
    assert "access-control-allow-origin" not in preflight.headers
    assert "access-control-allow-origin" not in plain.headers


async def test_configured_origins_may_call_the_api_with_a_bearer_key() -> None:
    settings = Settings(cors_origins="https://app.example, https://other.example/")
    async with _client(settings) as client:
        preflight = await client.options(
            "/v1/agents",
            headers={
                "origin": "https://other.example",
                "access-control-request-method": "GET",
                "access-control-request-headers": "authorization, last-event-id",
            },
        )
        refused = await client.options(
            "/v1/agents", headers={"origin": "https://evil.example", "access-control-request-method": "GET"}
        )
        plain = await client.get("/v1/health", headers={"origin": "https://app.example"})
    assert preflight.status_code == 200
    assert preflight.headers["access-control-allow-origin"] == "https://other.example"
    assert "authorization" in preflight.headers["access-control-allow-headers"].lower()
    assert "access-control-allow-credentials" not in preflight.headers
    assert refused.status_code == 400
    assert plain.headers["access-control-allow-origin"] == "https://app.example"
    assert "request-id" in plain.headers["access-control-expose-headers"]
