"""Images in the timeline, from real events of a real Mango: a message with an inline PNG shows the
image itself (decoded by the browser), and an image or a document named by File id links to the
File. The platform's catalogue declares image and PDF input for the offline model,
so the message is admitted."""

from __future__ import annotations

import base64
import struct
import time
import zlib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import yaml
from mango_server.devstack import DevStack, Platform, Tenant
from playwright.sync_api import BrowserContext, expect

from .conftest import console_errors, in_thread, shot

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]


def _png(width: int, height: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + b"\xb3\x47\x00" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@pytest.fixture(scope="module")
def media_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    folder = tmp_path_factory.mktemp("console-media")
    offline = {
        "id": "mango-offline-1",
        "adapter": "offline",
        "context_window": 200000,
        "max_output_tokens": 4096,
        "capabilities": {"image_input": True, "pdf_input": True},
    }
    (folder / "models.yaml").write_text(yaml.safe_dump({"default": "mango-offline-1", "models": [offline]}))
    running = Platform(mango_services, folder, extra_env={"MANGO_MODELS_FILE": str(folder / "models.yaml")})
    in_thread(running.start)
    try:
        yield running
    finally:
        in_thread(running.stop)


@pytest.fixture(scope="module")
def media_tenant(media_platform: Platform) -> Tenant:
    return in_thread(lambda: media_platform.create_tenant("console-media"))


def _ok(response: httpx.Response) -> dict[str, Any]:
    assert response.status_code == 200, response.text
    return dict(response.json())


def test_the_timeline_shows_message_images(
    media_platform: Platform, media_tenant: Tenant, context: BrowserContext
) -> None:
    png = _png(24, 16)
    headers = {"authorization": f"Bearer {media_tenant.api_key}"}
    with httpx.Client(base_url=media_platform.base_url, headers=headers, timeout=30) as http:
        agent = _ok(http.post("/v1/agents", json={"name": "media", "model": "mango-offline-1"}))
        env = _ok(http.post("/v1/environments", json={"name": f"media-{time.monotonic_ns()}"}))
        sid = _ok(
            http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"], "title": "Media"})
        )["id"]
        file_id = _ok(http.post("/v1/files", files={"file": ("chart.png", png, "image/png")}))["id"]
        notes = _ok(http.post("/v1/files", files={"file": ("notes.txt", b"the chart's notes", "text/plain")}))["id"]
        content = [
            {"type": "text", "text": "What is in these?"},
            {
                "type": "image",
                "source": {"type": "base64", "media_type": "image/png", "data": base64.b64encode(png).decode()},
            },
            {"type": "image", "source": {"type": "file", "file_id": file_id}},
            {"type": "document", "source": {"type": "file", "file_id": notes}, "title": "notes"},
        ]
        _ok(http.post(f"/v1/sessions/{sid}/events", json={"events": [{"type": "user.message", "content": content}]}))

    page = context.new_page()
    errors = console_errors(page)
    page.goto(f"{media_platform.base_url}/console/")
    page.get_by_label("API key").fill(media_tenant.api_key)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Sessions")).to_be_visible()
    page.goto(f"{media_platform.base_url}/console/#/sessions/{sid}")
    message = page.locator('#timeline li[data-type="user.message"]')
    expect(message).to_have_count(1)
    expect(message).to_contain_text("What is in these?")
    image = message.locator("img.content-image")
    expect(image).to_have_count(1)
    expect(image).to_have_attribute("alt", "Image (image/png)")
    # The browser decoded the PNG: its natural size is the image's own.
    assert image.evaluate("img => [img.complete, img.naturalWidth, img.naturalHeight]") == [True, 24, 16]
    expect(message.locator(f'a[href="#/files/{file_id}"]')).to_have_count(1)
    expect(message.locator(f'a[href="#/files/{notes}"]')).to_have_count(1)
    expect(message).to_contain_text("Image: File")
    expect(message).to_contain_text("Document “notes”: File")
    shot(page, "timeline-media")
    assert errors == []
