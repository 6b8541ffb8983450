"""Browser tests of the web console: Debian's Chromium driven by Playwright against a real Mango.

The platform comes from the devstack plugin (``mango_platform``, ``mango_tenant``); the
browser is ``/usr/bin/chromium`` (installed with apt when missing, never a downloaded build),
headless, with a fresh profile per test. Screenshots go to ``console/.test-artifacts/screenshots/``
(ignored by git), so a test run leaves the tree clean; with ``MANGO_UPDATE_SCREENSHOTS=1`` they
replace the documented ones in ``docs/console/``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import pytest
from mango_server.devstack import Tenant
from playwright.sync_api import BrowserContext, BrowserType, ConsoleMessage, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
DOCUMENTED_SHOTS = ROOT / "docs" / "console"
SCRATCH_SHOTS = ROOT / "console" / ".test-artifacts" / "screenshots"
STATIC = ROOT / "server" / "src" / "mango_server" / "api" / "console_static"
LAUNCH_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
T = TypeVar("T")


def _ensure_chromium() -> None:
    if Path(CHROMIUM).exists():
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        pytest.skip("Debian's chromium is not installed and cannot be installed here (needs root and apt-get)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-qq"], check=True, env=env, timeout=600)
    subprocess.run(["apt-get", "install", "-y", "-qq", "chromium"], check=True, env=env, timeout=900)


def _ensure_console_built() -> None:
    if (STATIC / "index.html").is_file():
        return
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=ROOT / "console", check=True, timeout=600)
    subprocess.run(["npm", "run", "--silent", "build"], cwd=ROOT / "console", check=True, timeout=600)


@pytest.fixture(scope="session")
def chromium(mango_tenant: Tenant) -> Iterator[BrowserType]:
    """A Playwright Chromium browser (Debian's build).

    Playwright's sync API keeps an event loop running in this thread, so the platform and its
    tenant (built with ``asyncio.run``) are set up first, and the tests run async work in threads.
    """
    _ensure_chromium()
    _ensure_console_built()
    with sync_playwright() as pw:
        yield pw.chromium


@pytest.fixture
def context(chromium: BrowserType) -> Iterator[BrowserContext]:
    """A persistent context on a fresh user-data-dir at 1280x800."""
    profile = tempfile.mkdtemp(prefix="mango-console-profile-")
    ctx = chromium.launch_persistent_context(
        profile,
        executable_path=CHROMIUM,
        args=LAUNCH_ARGS,
        headless=True,
        viewport={"width": 1280, "height": 800},
        accept_downloads=True,
    )
    ctx.set_default_timeout(30_000)
    try:
        yield ctx
    finally:
        ctx.close()
        shutil.rmtree(profile, ignore_errors=True)


def shots_dir() -> Path:
    """Where screenshots go: the documented ones only when ``MANGO_UPDATE_SCREENSHOTS=1`` asks for it."""
    return DOCUMENTED_SHOTS if os.environ.get("MANGO_UPDATE_SCREENSHOTS") == "1" else SCRATCH_SHOTS


def shot(page: Page, name: str, *, full_page: bool = False) -> Path:
    directory = shots_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


# Requests a test cuts on purpose (the droppable relay) are logged by the browser itself.
OFFLINE_ERRORS = ("ERR_CONNECTION", "ERR_SOCKET_NOT_CONNECTED", "ERR_EMPTY_RESPONSE", "ERR_INCOMPLETE_CHUNKED_ENCODING")


def console_errors(page: Page) -> list[str]:
    """Collects the page's console errors and uncaught exceptions; a test asserts the list empty."""
    seen: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            seen.append(f"{page.url}: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: seen.append(f"{page.url}: uncaught: {exc}"))
    return seen


def history(http: httpx.Client, session_id: str) -> list[dict[str, Any]]:
    """Every persisted event of a Session in commit order, through all the list's pages."""
    events: list[dict[str, Any]] = []
    page: str | None = None
    while True:
        params: dict[str, Any] = {"limit": 100, **({"page": page} if page else {})}
        response = http.get(f"/v1/sessions/{session_id}/events", params=params)
        assert response.status_code == 200, response.text
        events.extend(response.json()["data"])
        page = response.json()["next_page"]
        if not page:
            return events


def shown_events(page: Page) -> list[str]:
    """The ids of the persisted events in the timeline, top to bottom."""
    return list(page.eval_on_selector_all("#timeline li[data-event-id]", "els => els.map(e => e.dataset.eventId)"))


def in_thread(task: Callable[[], T]) -> T:
    """Run blocking set-up that uses ``asyncio.run`` off the thread whose event loop Playwright holds."""
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(task())
        except BaseException as exc:  # re-raised in the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failure:
        raise failure[0]
    return result[0]


# Chromium focuses a date field's inner segment and highlights that segment itself; the field
# does not always match :focus then, so its own outline cannot be read ("segment").
FOCUSED = """() => {
  const el = document.activeElement;
  const label = el.labels && el.labels.length ? el.labels[0].textContent : "";
  const outline = el.type === "date" ? "segment" : getComputedStyle(el).outlineStyle;
  const name = (el.textContent || "").trim() || label || el.getAttribute("aria-label") || el.id;
  return [name, outline, el.outerHTML.slice(0, 120)];
}"""


def tab_to(page: Page, name: str, limit: int = 80) -> None:
    """Press Tab until the focused control's name starts with `name`; every stop must show its focus."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused, outline, html = page.evaluate(FOCUSED)
        if html.startswith("<body"):
            continue  # focus is on the document itself (a fresh page's first Tab), not a control
        assert outline not in ("none", ""), f"no visible focus on {focused!r}: {html}"
        if str(focused).startswith(name):
            return
    raise AssertionError(f"Tab never reached {name!r}")
