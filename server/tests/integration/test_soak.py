"""A brief run of the kill -9 soak (``bench/soak.py``): SIGKILLs of api and orchestrator during turns
with custom tools and SSE followers lose, duplicate and reorder nothing. The longer run is by hand
(docs/performance.md)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from mango_server.devstack import DevStack, Platform

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(300)]

SOAK = Path(__file__).resolve().parents[3] / "bench" / "soak.py"


def _soak() -> ModuleType:
    spec = importlib.util.spec_from_file_location("mango_bench_soak", SOAK)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses resolve annotations through sys.modules
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform of its own: the soak kills its processes."""
    running = Platform(mango_services, tmp_path_factory.mktemp("soak")).start()
    try:
        yield running
    finally:
        running.stop()


def test_brief_kill_9_soak(platform: Platform) -> None:
    soak = _soak()
    tenant = platform.create_tenant("soak")
    result = soak.run(platform, tenant, sessions=3, turns=36, kills=6, seed=11, max_seconds=150)
    assert result.problems == []
    assert result.turns == 36
    assert result.tool_turns > 0
    assert sum(result.kills.values()) == 6
    assert result.kills["api"] > 0
    assert result.kills["orchestrator"] > 0


def _event(event_id: str, kind: str, text: str = "") -> dict[str, object]:
    return {"id": event_id, "type": kind, "content": [{"type": "text", "text": text}]}


def test_the_soak_checks_catch_duplicates_gaps_and_reordering() -> None:
    soak = _soak()
    follower = soak.Follower("http://127.0.0.1:9", "key", "sesn_x", None)
    driver = soak.Driver(None, "sesn_x", follower, 2, None, 0.0, None)
    driver.sent, driver.replies = ["/text reply a", "/text reply b"], ["reply a", "reply b"]
    good = [
        _event("e1", "user.message", "/text reply a"),
        _event("e2", "agent.message", "reply a"),
        _event("e3", "session.status_idle"),
        _event("e4", "user.message", "/text reply b"),
        _event("e5", "agent.message", "reply b"),
        _event("e6", "session.status_idle"),
    ]
    follower.events = list(good)
    assert soak.check_session(driver, good) == []
    duplicated = [*good[:2], good[1], *good[2:]]
    assert any("duplicated" in p or "one reply" in p for p in soak.check_session(driver, duplicated))
    reordered = [good[0], good[4], good[2], good[3], good[1], good[5]]
    assert any("one reply per message in order" in p for p in soak.check_session(driver, reordered))
    follower.events = [*good[:2], *good[3:]]  # the follower missed e3 across a resume
    assert any("differ from the history" in p for p in soak.check_session(driver, good))
