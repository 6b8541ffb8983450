"""The console's other views in a real browser: Agents (versions and their diff), Environments
(Work stats, items, healthcheck), Sessions (status, Agent and date filters, cursor paging),
Files, Skills and Memory Stores (browse, upload, download with the downloaded bytes checked),
keyboard navigation with a visible focus, a narrow window, and no console error on any page."""

from __future__ import annotations

import datetime
import io
import time
import zipfile
from pathlib import Path
from typing import Any

import httpx
import pytest
from mango_server.devstack import Platform, Tenant
from playwright.sync_api import BrowserContext, Page, expect

from .conftest import console_errors, shot, tab_to

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(240)]


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def _api(platform: Platform, tenant: Tenant) -> httpx.Client:
    return httpx.Client(base_url=platform.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30)


def _signed_in(context: BrowserContext, platform: Platform, tenant: Tenant) -> tuple[Page, list[str]]:
    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"{platform.base_url}/console/")
    page.get_by_label("API key").fill(tenant.api_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    return page, errors


def _skill_zip(name: str, body: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(f"{name}/SKILL.md", f"---\nname: {name}\ndescription: A console test skill.\n---\n\n{body}\n")
    return buffer.getvalue()


def _visible_rows(page: Page, caption: str) -> Any:
    return page.get_by_role("table", name=caption).locator("tbody tr")


def test_agents_environments_and_sessions(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext
) -> None:
    with _api(mango_platform, mango_tenant) as http:
        agent = _ok(http.post("/v1/agents", json={"name": "views-agent", "model": "mango-offline-1"}))
        _ok(http.post(f"/v1/agents/{agent['id']}", json={"version": 1, "system": "Be brief."}))
        other = _ok(http.post("/v1/agents", json={"name": "views-other", "model": "mango-offline-1"}))
        env = _ok(http.post("/v1/environments", json={"name": f"views-env-{time.monotonic_ns()}"}))
        for n in range(3):
            _ok(
                http.post(
                    "/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"], "title": f"paged {n}"}
                )
            )
        _ok(http.post("/v1/sessions", json={"agent": other["id"], "environment_id": env["id"], "title": "other"}))
    page, errors = _signed_in(context, mango_platform, mango_tenant)
    base = f"{mango_platform.base_url}/console/"

    # Agents: the list, the versions and the diff both ways.
    page.goto(f"{base}#/agents")
    page.get_by_role("link", name="views-agent").click()
    expect(page.get_by_role("table", name="Versions").locator("tbody tr")).to_have_count(2)
    diff = page.locator("#diff")
    expect(diff.locator(".add")).to_contain_text('"system": "Be brief."')
    expect(diff.locator(".del")).to_contain_text('"system": null')
    shot(page, "agent-diff")
    page.get_by_label("From").select_option("2")
    page.get_by_label("To").select_option("1")
    expect(diff.locator(".del")).to_contain_text('"system": "Be brief."')
    expect(diff.locator(".add")).to_contain_text('"system": null')

    # Environment: Work stats, then a healthcheck that shows in the stats and the Work items.
    page.goto(f"{base}#/environments")
    page.get_by_role("link", name=env["name"]).click()
    stats = page.locator("dl.stats")
    expect(stats).to_contain_text("Queue depth")
    depth = int(stats.locator("dt:has-text('Queue depth') + dd").inner_text())
    page.get_by_role("button", name="Run healthcheck").click()
    expect(page.locator("#healthcheck-result")).to_contain_text("queued")
    page.reload()
    expect(stats.locator("dt:has-text('Queue depth') + dd")).to_have_text(str(depth + 1))
    expect(stats.locator("dt:has-text('Workers polling') + dd")).to_have_text("0")
    expect(page.get_by_role("table", name="Work items")).to_contain_text("healthcheck")
    shot(page, "environment")

    # Sessions: the Agent filter through the form, cursor paging both ways.
    page.goto(f"{base}#/sessions?limit=2")
    filters = page.get_by_role("form", name="Filters")
    filters.get_by_label("Agent").select_option(agent["id"])
    filters.get_by_role("button", name="Apply").click()
    table = page.get_by_role("table", name="Sessions, newest first")
    expect(table.locator("tbody tr")).to_have_count(2)
    expect(table).to_contain_text("paged 2")
    expect(table).not_to_contain_text("other")
    page.get_by_role("button", name="Next page →").click()
    expect(table.locator("tbody tr")).to_have_count(1)
    expect(table).to_contain_text("paged 0")
    expect(page.get_by_role("button", name="Next page →")).to_be_disabled()
    page.get_by_role("button", name="← Previous page").click()
    expect(table).to_contain_text("paged 2")
    expect(table).to_contain_text("paged 1")
    # The filters stay on while paging, and the page shows them.
    expect(filters.get_by_label("Agent")).to_have_value(agent["id"])
    # Status: every new Session is idle, none is running.
    filters.get_by_label("Status").select_option("idle")
    filters.get_by_role("button", name="Apply").click()
    expect(table.locator("tbody tr")).to_have_count(2)
    filters.get_by_label("Status").select_option("running")
    filters.get_by_role("button", name="Apply").click()
    expect(table.locator("tbody tr")).to_have_text(["none"])
    # Date: created since today keeps them; since tomorrow leaves none.
    today = datetime.datetime.now(datetime.UTC).date()
    filters.get_by_label("Status").select_option("")
    filters.get_by_label("Agent").select_option("")
    filters.get_by_label("Created since").fill((today + datetime.timedelta(days=1)).isoformat())
    filters.get_by_role("button", name="Apply").click()
    expect(table.locator("tbody tr")).to_have_text(["none"])
    filters.get_by_label("Created since").fill(today.isoformat())
    filters.get_by_role("button", name="Apply").click()
    expect(table).to_contain_text("other")
    expect(table).to_contain_text("paged 2")
    filters.get_by_label("Agent").select_option(agent["id"])
    filters.get_by_role("button", name="Apply").click()
    expect(table).to_contain_text("paged 2")
    expect(table).not_to_contain_text("other")
    shot(page, "sessions")
    assert errors == []


def test_files_skills_and_memory_stores(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext, tmp_path: Path
) -> None:
    with _api(mango_platform, mango_tenant) as http:
        store = _ok(http.post("/v1/memory_stores", json={"name": f"views-store-{time.monotonic_ns()}"}))
        _ok(http.post(f"/v1/memory_stores/{store['id']}/memories", json={"path": "notes/first.md", "content": "one"}))
    page, errors = _signed_in(context, mango_platform, mango_tenant)
    base = f"{mango_platform.base_url}/console/"

    # Files: upload, list, the File's page, download the exact bytes.
    payload = bytes(range(256)) * 40  # binary, not only text
    upload = tmp_path / "blob.bin"
    upload.write_bytes(payload)
    page.goto(f"{base}#/files")
    page.get_by_label("Upload a File").set_input_files(str(upload))
    page.get_by_role("button", name="Upload", exact=True).click()
    files = page.get_by_role("table", name="Files")
    expect(files).to_contain_text("blob.bin")
    expect(files).to_contain_text(f"{len(payload)} B")
    with page.expect_download() as download:
        page.get_by_role("button", name="Download blob.bin").first.click()
    assert download.value.suggested_filename == "blob.bin"
    assert Path(download.value.path()).read_bytes() == payload
    shot(page, "files")
    files.get_by_role("link", name="blob.bin").first.click()
    expect(page.get_by_role("heading", name="File")).to_be_visible()
    with page.expect_download() as download:
        page.get_by_role("button", name="Download blob.bin").click()
    assert Path(download.value.path()).read_bytes() == payload

    # Skills: upload a zip as a new Skill, then a new version; download each version's archive.
    first, second = _skill_zip("views-skill", "Version one."), _skill_zip("views-skill", "Version two.")
    (tmp_path / "one.zip").write_bytes(first)
    (tmp_path / "two.zip").write_bytes(second)
    page.goto(f"{base}#/skills")
    page.get_by_label("Upload a Skill (.zip)").set_input_files(str(tmp_path / "one.zip"))
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_role("heading", name="Skill", exact=True)).to_be_visible()
    versions = page.get_by_role("table", name="Versions")
    expect(versions.locator("tbody tr")).to_have_count(1)
    page.get_by_label("Upload a new version (.zip)").set_input_files(str(tmp_path / "two.zip"))
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(versions.locator("tbody tr")).to_have_count(2)
    archives = []
    for button in versions.get_by_role("button", name="Download").all():
        with page.expect_download() as download:
            button.click()
        archives.append(Path(download.value.path()).read_bytes())
    bodies = sorted(zipfile.ZipFile(io.BytesIO(a)).read("views-skill/SKILL.md").decode() for a in archives)
    assert [b.strip().rsplit("\n", 1)[-1] for b in bodies] == ["Version one.", "Version two."]
    page.goto(f"{base}#/skills")
    expect(page.get_by_role("table", name="Skills")).to_contain_text("views-skill")
    shot(page, "skills")

    # Memory Stores: browse by folder, read and download a memory, upload one from a text file.
    page.goto(f"{base}#/memory")
    page.get_by_role("link", name=store["name"]).click()
    memories = page.get_by_role("table", name="Memories")
    memories.get_by_role("link", name="notes/ (folder)").click()
    memories.get_by_role("button", name="notes/first.md").click()
    viewer = page.locator("#memory-viewer")
    expect(viewer.locator("pre")).to_have_text("one")
    with page.expect_download() as download:
        viewer.get_by_role("button", name="Download").click()
    assert download.value.suggested_filename == "first.md"
    assert Path(download.value.path()).read_bytes() == b"one"
    note = tmp_path / "second.md"
    note.write_text("two: uploaded from the console\n")
    page.get_by_label("Path").fill("notes/second.md")
    page.get_by_label("Text file").set_input_files(str(note))
    page.get_by_role("button", name="Upload", exact=True).click()
    memories.get_by_role("button", name="notes/second.md").click()
    expect(viewer.locator("pre")).to_contain_text("two: uploaded from the console")
    with page.expect_download() as download:
        viewer.get_by_role("button", name="Download").click()
    assert Path(download.value.path()).read_bytes() == b"two: uploaded from the console\n"
    shot(page, "memory")
    assert errors == []


def test_keyboard_focus_and_narrow_window(
    mango_platform: Platform, mango_tenant: Tenant, context: BrowserContext
) -> None:
    with _api(mango_platform, mango_tenant) as http:
        # Newest first in the new-Session form's lists, so the keyboard path takes them.
        _ok(http.post("/v1/environments", json={"name": f"keyboard-env-{time.monotonic_ns()}"}))
        _ok(http.post("/v1/agents", json={"name": "keyboard-agent", "model": "mango-offline-1"}))
    page = context.new_page()
    errors = console_errors(page)
    # Sign in with the keyboard alone.
    page.goto(f"{mango_platform.base_url}/console/")
    expect(page.get_by_role("heading", name="Sign in to Mango")).to_be_visible()
    tab_to(page, "API key")
    page.keyboard.type(mango_tenant.api_key)
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
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

    # Create a Session with the keyboard alone, every stop showing its focus.
    page.goto(f"{mango_platform.base_url}/console/#/sessions")
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    page.locator("#main").focus()
    tab_to(page, "Title (optional)")
    page.keyboard.type("typed with the keyboard")
    tab_to(page, "First message (optional)")
    page.keyboard.type("/text keyboard reply")
    tab_to(page, "Create Session")
    page.keyboard.press("Enter")
    expect(page.locator('#timeline li[data-type="agent.message"]')).to_contain_text("keyboard reply")
    # Send a message from the composer: Tab to it, Ctrl+Enter sends.
    page.locator("#main").focus()
    tab_to(page, "Message")
    page.keyboard.type("/text sent with ctrl+enter")
    page.keyboard.press("Control+Enter")
    expect(page.locator('#timeline li[data-type="agent.message"]').last).to_contain_text("sent with ctrl+enter")

    # Every view at 420 px: nothing scrolls sideways.
    page.set_viewport_size({"width": 420, "height": 800})
    for view in ("sessions", "agents", "environments", "files", "skills", "memory"):
        page.goto(f"{mango_platform.base_url}/console/#/{view}")
        expect(page.locator("#main h1")).to_be_visible()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 420, f"#/{view} scrolls sideways at 420 px ({width} px)"
    page.goto(f"{mango_platform.base_url}/console/#/sessions")
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    shot(page, "narrow")
    page.reload()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"
    assert errors == []
