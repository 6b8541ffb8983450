"""A brief run of the kill -9 soak (``bench/soak.py``): SIGKILLs of api, orchestrator and worker during turns
with custom tools, approved worker-run ``bash`` calls and SSE followers lose, duplicate and reorder nothing, run
no call twice and leave every Session idle. The 100-kill run is ``make soak`` (docs/performance.md)."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from mango_server.devstack import DevStack, Platform

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.slow, pytest.mark.timeout(900)]

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
def platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Platform, str]]:
    """A platform of its own (the soak kills its processes) on the production model path, as ``make soak``: the
    Messages adapter against the local provider stand-in (``bench/_provider.py``); with the Agents' model id."""
    with _soak().model_path("messages") as (model, _):
        running = Platform(mango_services, tmp_path_factory.mktemp("soak"), extra_env=model.env).start()
        try:
            yield running, model.agent_model
        finally:
            running.stop()


def test_brief_kill_9_soak(platform: tuple[Platform, str], tmp_path: Path) -> None:
    soak = _soak()
    running, model = platform
    tenant = running.create_tenant("soak")
    result = soak.run(
        running, tenant, sessions=3, turns=24, kills=6, seed=11, max_seconds=600, workdir=tmp_path, model=model
    )
    print(result.table())
    assert result.problems == []
    assert result.turns == 24
    assert result.tool_turns > 0
    assert result.bash_turns > 0
    assert result.kills == {"api": 2, "orchestrator": 2, "worker": 2}
    assert (result.check.duplicates, result.check.lost, result.check.executed_twice) == (0, 0, 0)
    # every approved call ran once, except those the journal answered ambiguous (at most once)
    assert result.bash_turns - result.check.ambiguous <= result.check.executions <= result.bash_turns
    assert result.sessions_idle == 3


def _event(event_id: str, kind: str, text: str = "") -> dict[str, object]:
    return {"id": event_id, "type": kind, "content": [{"type": "text", "text": text}]}


def test_the_soak_checks_catch_duplicates_gaps_reordering_and_second_runs() -> None:
    soak = _soak()
    follower = soak.Follower("http://127.0.0.1:9", "key", "sesn_x", None)
    driver = soak.Driver(None, "sesn_x", follower, 2, None, 0.0, None)
    bash = "/tool bash " + json.dumps({"command": soak.bash_command("b")})
    driver.sent, driver.expected = ["/text reply a", bash], [("reply a",), ("ran b", soak.AMBIGUOUS)]
    driver.bash_turns = 1
    use = {"id": "e5", "type": "agent.tool_use", "name": "bash", "input": {"command": soak.bash_command("b")}}
    good = [
        _event("e1", "user.message", "/text reply a"),
        _event("e2", "agent.message", "reply a"),
        _event("e3", "session.status_idle"),
        _event("e4", "user.message", bash),
        use,
        {"id": "e6", "type": "user.tool_confirmation", "tool_use_id": "e5", "result": "allow"},
        {"id": "e7", "type": "user.tool_result", "tool_use_id": "e5", "content": []},
        _event("e8", "agent.message", "Tool results: e5: ran b"),
        _event("e9", "session.status_idle"),
    ]
    follower.events = list(good)
    assert soak.check_session(driver, good, ["b"]).problems == []
    assert soak.check_session(driver, good, ["b"]).executions == 1
    duplicated = [*good[:2], good[1], *good[2:]]
    check = soak.check_session(driver, duplicated, ["b"])
    assert check.duplicates > 0
    assert any("duplicated" in p for p in check.problems)
    reordered = [good[0], good[7], *good[2:7], good[1], good[8]]
    assert any("one reply per message in order" in p for p in soak.check_session(driver, reordered, ["b"]).problems)
    twice = soak.check_session(driver, good, ["b", "b"])
    assert twice.executed_twice == 1
    assert any("ran 2 times" in p for p in twice.problems)
    assert any("answered by its worker but ran 0" in p for p in soak.check_session(driver, good, []).problems)
    ambiguous = {**good[6], "type": "agent.tool_result", "outcome": "ambiguous", "is_error": True}
    unknown = [*good[:6], ambiguous, _event("e8", "agent.message", f"e5 (error): ... {soak.AMBIGUOUS} ..."), good[8]]
    follower.events = list(unknown)
    assert (soak.check_session(driver, unknown, []).problems, soak.check_session(driver, unknown, []).ambiguous) == (
        [],
        1,
    )
    assert soak.check_session(driver, unknown, ["b"]).ambiguous_ran == 1
    follower.events = [*good[:2], *good[3:]]  # the follower missed e3 across a resume
    missed = soak.check_session(driver, good, ["b"])
    assert missed.lost == 1
    assert any("differ from the history" in p for p in missed.problems)
