"""The console's other views in a real browser: Agents (versions and their diff), Environments
(Work stats, items, healthcheck), Sessions (status filter, cursor paging), Files upload and
download, keyboard navigation with a visible focus, and a narrow window."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import shot

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(240)]


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _signed_in(context: BrowserContext, platform: Platform, tenant: Tenant) -> Page:
    page = context.new_page()
    page.goto(f"{platform.base_url}/console/")
    page.get_by_label("API key").fill(tenant.api_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    return page


def test_agents_environments_sessions_and_files(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext, tmp_path: Path
) -> None:
    http = httpx.Client(
        base_url=mango_platform.base_url, headers={"authorization": f"Bearer {mango_tenant.api_key}"}, timeout=30
    )
    with http:
        agent = _ok(http.post("/v1/agents", json={"name": "views-agent", "model": "mango-offline-1"}))
        _ok(http.post(f"/v1/agents/{agent['id']}", json={"version": 1, "system": "Be brief."}))
        env = _ok(http.post("/v1/environments", json={"name": f"views-env-{time.monotonic_ns()}"}))
        for n in range(3):
            _ok(
                http.post(
                    "/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"], "title": f"paged {n}"}
                )
            )
    page = _signed_in(context, mango_platform, mango_tenant)

    page.goto(f"{mango_platform.base_url}/console/#/agents/{agent['id']}")
    diff = page.locator("#diff")
    expect(diff.locator(".add")).to_contain_text("Be brief.")
    shot(page, "agent-diff")

    page.goto(f"{mango_platform.base_url}/console/#/environments/{env['id']}")
    page.get_by_role("button", name="Run healthcheck").click()
    expect(page.locator("#healthcheck-result")).to_contain_text("queued")
    page.reload()
    expect(page.get_by_role("table", name="Work items")).to_contain_text("healthcheck")
    shot(page, "environment")

    page.goto(f"{mango_platform.base_url}/console/#/sessions?limit=2&agent={agent['id']}")
    table = page.get_by_role("table", name="Sessions, newest first")
    expect(table.locator("tbody tr")).to_have_count(2)
    expect(table).to_contain_text("paged 2")
    page.get_by_role("button", name="Next page →").click()
    expect(table.locator("tbody tr")).to_have_count(1)
    expect(table).to_contain_text("paged 0")
    page.get_by_role("button", name="← Previous page").click()
    expect(table).to_contain_text("paged 2")
    page.get_by_role("form", name="Filters").get_by_label("Status").select_option("running")
    page.get_by_role("button", name="Apply").click()
    expect(table).to_contain_text("none")
    shot(page, "sessions")

    upload = tmp_path / "notes.txt"
    upload.write_text("console upload\n")
    page.goto(f"{mango_platform.base_url}/console/#/files")
    page.get_by_label("Upload a File").set_input_files(str(upload))
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_role("table", name="Files")).to_contain_text("notes.txt")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download notes.txt").first.click()
    assert Path(download.value.path()).read_text() == "console upload\n"
    shot(page, "files")


def test_keyboard_focus_and_narrow_window(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext
) -> None:
    page = _signed_in(context, mango_platform, mango_tenant)
    active = "() => [document.activeElement.textContent, getComputedStyle(document.activeElement).outlineStyle]"
    page.reload()  # keyboard navigation starts from the top of a freshly loaded page
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    page.keyboard.press("Tab")
    assert page.evaluate(active) == ["Skip to content", "solid"]
    page.keyboard.press("Tab")
    assert page.evaluate(active) == ["Sessions", "solid"]
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Agents")).to_be_visible()
    page.set_viewport_size({"width": 420, "height": 800})
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 420, f"the page scrolls sideways at 420 px ({width} px)"
    shot(page, "narrow")
    page.reload()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"
