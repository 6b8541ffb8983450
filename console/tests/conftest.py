"""Browser tests of the web console: Debian's Chromium driven by Playwright against a real Mango.

The platform comes from the devstack plugin (``mango_platform``, ``mango_tenant``); the
browser is ``/usr/bin/chromium`` (installed with apt when missing, never a downloaded build),
headless, with a fresh profile per test. Screenshots go to ``docs/console/``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from mango_server.devstack import Tenant
from playwright.sync_api import BrowserContext, BrowserType, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
SHOTS = ROOT / "docs" / "console"
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


def shot(page: Page, name: str, *, full_page: bool = False) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
