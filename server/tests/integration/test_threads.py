"""Multi-agent Sessions on the real components: rosters, delegation and reports, parallel children,
child approvals through the primary stream, interrupts, archive and delete, Thread streams."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import asyncpg
import httpx
import pytest
from mango_server.devstack import DevStack, Platform, Tenant

from ._client import CUSTOM_TOOL, client, history, wait_status
from .test_worker_kit_live import drain_worker

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(240)]

MODEL = "mango-offline-1"


def _agent(http: httpx.Client, name: str, **extra: Any) -> dict[str, Any]:
    response = http.post("/v1/agents", json={"name": name, "model": MODEL, **extra})
    assert response.status_code == 200, response.text
    return dict(response.json())


def _team(http: httpx.Client, tag: str, *, child_tools: list[Any] | None = None) -> tuple[str, dict[str, Any]]:
    """A coordinator with two specialists and an Advisor, and a Session running it."""
    researcher = _agent(http, f"researcher-{tag}", tools=child_tools or [])
    reviewer = _agent(http, f"reviewer-{tag}")
    coordinator = _agent(
        http,
        f"lead-{tag}",
        multiagent={
            "type": "coordinator",
            "agents": [researcher["id"], {"type": "agent", "id": reviewer["id"]}, {"type": "advisor", "model": MODEL}],
        },
    )
    env = http.post("/v1/environments", json={"name": f"threads-{tag}-{time.monotonic_ns()}"}).json()
    session = http.post("/v1/sessions", json={"agent": coordinator["id"], "environment_id": env["id"]})
    assert session.status_code == 200, session.text
    members = {"researcher": researcher, "reviewer": reviewer, "coordinator": coordinator, "env_id": env["id"]}
    return str(session.json()["id"]), members


def _say(http: httpx.Client, sid: str, text: str) -> dict[str, Any]:
    response = http.post(
        f"/v1/sessions/{sid}/events",
        json={"events": [{"type": "user.message", "content": [{"type": "text", "text": text}]}]},
    )
    assert response.status_code == 200, response.text
    return dict(response.json()["data"][0])


def _delegate(agent: str, message: str) -> str:
    return "/tool delegate " + json.dumps({"agent": agent, "message": message})


def _threads(http: httpx.Client, sid: str) -> list[dict[str, Any]]:
    body = http.get(f"/v1/sessions/{sid}/threads", params={"include_archived": "true"})
    assert body.status_code == 200, body.text
    return list(body.json()["data"])


def _thread_events(http: httpx.Client, sid: str, tid: str) -> list[dict[str, Any]]:
    body = http.get(f"/v1/sessions/{sid}/threads/{tid}/events", params={"limit": 1000})
    assert body.status_code == 200, body.text
    return list(body.json()["data"])


def _wait(predicate: Any, what: str, timeout: float = 60.0) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _seqs(platform: Platform, ids: list[str]) -> dict[str, int]:
    async def read() -> dict[str, int]:
        conn = await asyncpg.connect(platform.database_url)
        try:
            rows = await conn.fetch("SELECT id, seq FROM session_events WHERE id = ANY($1::text[])", ids)
        finally:
            await conn.close()
        return {r["id"]: r["seq"] for r in rows}

    return asyncio.run(read())


def test_roster_pins_versions_and_rejects_bad_members(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        member = _agent(http, "pinned-member")
        lead = _agent(
            http,
            "pinned-lead",
            multiagent={
                "type": "coordinator",
                "agents": [member["id"], {"type": "self"}, {"type": "advisor", "model": MODEL}],
            },
        )
        assert lead["multiagent"] == {
            "type": "coordinator",
            "agents": [
                {"type": "agent", "id": member["id"], "version": 1},
                {"type": "agent", "id": lead["id"], "version": 1},
                {"type": "advisor", "model": {"id": MODEL, "speed": "standard"}},
            ],
        }
        assert _agent(http, "single")["multiagent"] is None
        # A later member version does not move the coordinator's pin.
        assert http.post(f"/v1/agents/{member['id']}", json={"system": "v2"}).json()["version"] == 2
        assert http.get(f"/v1/agents/{lead['id']}").json()["multiagent"]["agents"][0]["version"] == 1

        def refused(roster: Any) -> str:
            response = http.post("/v1/agents", json={"name": "bad", "model": MODEL, "multiagent": roster})
            assert response.status_code == 400, response.text
            return str(response.json()["error"]["message"])

        assert "not found" in refused({"type": "coordinator", "agents": ["agent_missing"]})
        assert "one delegation level" in refused({"type": "coordinator", "agents": [lead["id"]]})
        assert "unique" in refused({"type": "coordinator", "agents": [member["id"], member["id"]]})
        two_advisors = [{"type": "advisor", "model": MODEL}, {"type": "advisor", "model": MODEL}]
        assert "at most one advisor" in refused({"type": "coordinator", "agents": two_advisors})
        assert "model" in refused({"type": "coordinator", "agents": [{"type": "advisor"}]})
        assert (
            http.post(
                "/v1/agents", json={"name": "b", "model": MODEL, "multiagent": {"type": "coordinator", "agents": []}}
            ).status_code
            == 400
        )

        env = http.post("/v1/environments", json={"name": f"pinned-{time.monotonic_ns()}"}).json()
        session = http.post("/v1/sessions", json={"agent": lead["id"], "environment_id": env["id"]}).json()
        pinned = session["agent"]["multiagent"]["agents"]
        assert [a["type"] for a in pinned] == ["agent", "agent", "advisor"]
        assert pinned[0]["id"] == member["id"]
        assert pinned[0]["version"] == 1
        assert pinned[0]["system"] is None
        assert pinned[1]["name"] == "pinned-lead"
        [primary] = _threads(http, session["id"])
        assert primary["parent_thread_id"] is None
        assert primary["status"] == "idle"
        assert primary["agent"]["id"] == lead["id"]
        assert "multiagent" not in primary["agent"]


def test_single_agent_session_has_an_invisible_primary_thread(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        agent = _agent(http, "solo")
        env = http.post("/v1/environments", json={"name": f"solo-{time.monotonic_ns()}"}).json()
        sid = http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()["id"]
        _say(http, sid, "hello")
        wait_status(http, sid, "end_turn")
        [primary] = _threads(http, sid)
        events = history(http, sid)
        assert {e["session_thread_id"] for e in events} == {primary["id"]}
        assert [e["id"] for e in _thread_events(http, sid, primary["id"])] == [e["id"] for e in events]
        assert primary["usage"]["input_tokens"] > 0
        assert http.get(f"/v1/sessions/{primary['id']}").status_code == 404  # a Thread is not a Session
        archived = http.post(f"/v1/sessions/{sid}/threads/{primary['id']}/archive")
        assert archived.status_code == 409, archived.text
        assert http.get(f"/v1/sessions/{sid}/threads/sthr_missing").status_code == 404


def test_delegation_and_report_commit_together(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "report")
        researcher = team["researcher"]["name"]
        _say(http, sid, "plan\n" + _delegate(researcher, "/text /text all checks green"))
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "the report")
        session = wait_status(http, sid, "end_turn")
        assert session["status"] == "idle"
        events = history(http, sid)
        types = [e["type"] for e in events]
        for expected in (
            "session.thread_created",
            "agent.thread_message_sent",
            "session.thread_status_running",
            "session.thread_status_idle",
            "agent.thread_message_received",
        ):
            assert expected in types, (expected, types)
        primary, child = _threads(http, sid)
        assert child["parent_thread_id"] == primary["id"]
        total = http.get(f"/v1/sessions/{sid}").json()["usage"]["output_tokens"]
        assert total == primary["usage"]["output_tokens"] + child["usage"]["output_tokens"]  # usage sums Threads
        assert child["agent_name"] == researcher
        assert child["agent"]["id"] == team["researcher"]["id"]
        assert child["status"] == "idle"
        assert child["usage"]["output_tokens"] > 0
        created = next(e for e in events if e["type"] == "session.thread_created")
        assert created["session_thread_id"] == child["id"]
        report = next(e for e in events if e["type"] == "agent.thread_message_received")
        assert report["from_session_thread_id"] == child["id"]
        assert report["content"][-1] == {"type": "text", "text": "/text all checks green"}
        assert report["processed_at"] is not None
        final = [e for e in events if e["type"] == "agent.message"][-1]
        assert final["content"] == [{"type": "text", "text": "all checks green"}]

        child_events = _thread_events(http, sid, child["id"])
        child_types = [e["type"] for e in child_events]
        assert child_types[0] == "agent.thread_message_received"
        assert child_types[-1] == "agent.thread_message_sent"
        assert {e["session_thread_id"] for e in child_events} == {child["id"]}
        # The child's idle, its report and the coordinator's trigger commit in one transaction:
        # under the Session row lock their Session-wide sequence numbers are consecutive.
        idle = [e for e in child_events if e["type"] == "session.status_idle"][-1]
        sent = child_events[-1]
        announced = next(e for e in events if e["type"] == "session.thread_status_idle")
        seqs = _seqs(mango_platform, [idle["id"], sent["id"], announced["id"], report["id"]])
        order = sorted(seqs.values())
        assert order == list(range(order[0], order[0] + 4)), seqs
        # Nothing of the child's private work leaks into the primary ledger.
        assert not [e for e in events if e["type"] == "agent.message" and e["session_thread_id"] == child["id"]]


def test_two_children_run_in_parallel_and_follow_up_with_send_to_agent(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "parallel")
        a, b = team["researcher"]["name"], team["reviewer"]["name"]
        _say(
            http, sid, _delegate(a, "/sleep 1500\n/text facts ok") + "\n" + _delegate(b, "/sleep 1500\n/text review ok")
        )

        def both_running() -> bool:
            children = [t for t in _threads(http, sid) if t["parent_thread_id"]]
            return len(children) == 2 and all(t["status"] == "running" for t in children)

        _wait(both_running, "two running children", timeout=30)
        assert http.get(f"/v1/sessions/{sid}").json()["status"] == "running"  # the Session aggregates its Threads
        _wait(lambda: sum(e["type"] == "agent.thread_message_received" for e in history(http, sid)) == 2, "reports")
        wait_status(http, sid, "end_turn")
        child = next(t for t in _threads(http, sid) if t["agent_name"] == a)
        send = "/tool send_to_agent " + json.dumps(
            {"session_thread_id": child["id"], "message": "/text follow-up done"}
        )
        _say(http, sid, send)
        _wait(lambda: sum(e["type"] == "agent.thread_message_received" for e in history(http, sid)) == 3, "follow-up")
        wait_status(http, sid, "end_turn")
        assert len(_threads(http, sid)) == 3  # a follow-up reuses the Thread
        received = [e for e in _thread_events(http, sid, child["id"]) if e["type"] == "agent.thread_message_received"]
        assert len(received) == 2
        bad = "/tool send_to_agent " + json.dumps({"session_thread_id": "sthr_nope", "message": "hi"})
        _say(http, sid, bad)
        wait_status(http, sid, "end_turn")
        result = [e for e in history(http, sid) if e["type"] == "agent.tool_result"][-1]
        assert result["is_error"] is True
        assert "not a child Thread" in result["content"][0]["text"]


def test_child_custom_tool_is_answered_through_the_primary_stream(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "approval", child_tools=[CUSTOM_TOOL])
        name = team["researcher"]["name"]
        _say(http, sid, _delegate(name, '/tool get_weather {"city": "Oslo"}'))
        crossposts = _wait(
            lambda: [e for e in history(http, sid) if e["type"] == "agent.custom_tool_use"], "the cross-posted call"
        )
        [use] = crossposts
        child = next(t for t in _threads(http, sid) if t["parent_thread_id"])
        assert use["session_thread_id"] == child["id"]
        assert child["stop_reason"]["type"] == "requires_action"
        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": use["id"],
            "content": [{"type": "text", "text": "cold"}],
        }
        wrong = http.post(
            f"/v1/sessions/{sid}/events", json={"events": [{**result, "session_thread_id": "sthr_wrong"}]}
        )
        assert wrong.status_code == 400, wrong.text
        unrouted = http.post(f"/v1/sessions/{sid}/events", json={"events": [result]})
        assert unrouted.status_code == 400, unrouted.text  # the primary Thread has no such call
        # A targeted interrupt of the child, idle at its barrier, keeps the call pending: nothing reports.
        interrupt = {"type": "user.interrupt", "session_thread_id": child["id"]}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [interrupt]}).status_code == 200
        kept = next(t for t in _threads(http, sid) if t["id"] == child["id"])
        assert kept["stop_reason"] == child["stop_reason"]
        assert not any(e["type"] == "agent.thread_message_received" for e in history(http, sid))
        routed = http.post(
            f"/v1/sessions/{sid}/events", json={"events": [{**result, "session_thread_id": child["id"]}]}
        )
        assert routed.status_code == 200, routed.text
        assert routed.json()["data"][0]["session_thread_id"] == child["id"]
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "the report")
        wait_status(http, sid, "end_turn")
        child_events = _thread_events(http, sid, child["id"])
        assert any(e["type"] == "user.custom_tool_result" for e in child_events)
        report = next(e for e in history(http, sid) if e["type"] == "agent.thread_message_received")
        assert "cold" in report["content"][-1]["text"]


def test_targeted_and_global_interrupts(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "interrupt")
        a, b = team["researcher"]["name"], team["reviewer"]["name"]
        _say(http, sid, _delegate(a, "/sleep 20000\n/text late a") + "\n" + _delegate(b, "/sleep 20000\n/text late b"))
        _wait(
            lambda: len([t for t in _threads(http, sid) if t["status"] == "running" and t["parent_thread_id"]]) == 2,
            "children",
        )
        first = next(t for t in _threads(http, sid) if t["agent_name"] == a)
        targeted = {"type": "user.interrupt", "session_thread_id": first["id"]}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [targeted]}).status_code == 200
        threads = {t["agent_name"]: t for t in _threads(http, sid)}
        assert threads[a]["status"] == "idle"
        assert threads[b]["status"] == "running"
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [{"type": "user.interrupt"}]}).status_code == 200
        threads = {t["agent_name"]: t for t in _threads(http, sid)}
        assert all(t["status"] == "idle" for t in threads.values()), threads
        assert http.get(f"/v1/sessions/{sid}").json()["status"] == "idle"
        time.sleep(1.0)
        # The targeted interrupt told the coordinator; the global one stopped everyone, so b never reports.
        reports = [e for e in history(http, sid) if e["type"] == "agent.thread_message_received"]
        assert [r["from_session_thread_id"] for r in reports] == [first["id"]]
        assert "interrupted" in reports[0]["content"][-1]["text"]
        second = threads[b]["id"]
        assert not [e for e in _thread_events(http, sid, second) if e["type"] == "agent.thread_message_sent"]


def test_archive_and_delete_with_live_children(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "archive")
        a, b = team["researcher"]["name"], team["reviewer"]["name"]
        _say(http, sid, _delegate(a, "/sleep 20000\n/text late") + "\n" + _delegate(b, "/sleep 20000\n/text late"))
        _wait(
            lambda: len([t for t in _threads(http, sid) if t["status"] == "running" and t["parent_thread_id"]]) == 2,
            "children",
        )
        first = next(t for t in _threads(http, sid) if t["agent_name"] == a)
        archived = http.post(f"/v1/sessions/{sid}/threads/{first['id']}/archive")
        assert archived.status_code == 200, archived.text
        assert archived.json()["status"] == "terminated"
        assert archived.json()["archived_at"]
        assert http.post(f"/v1/sessions/{sid}/threads/{first['id']}/archive").status_code == 200  # idempotent
        assert [t["id"] for t in http.get(f"/v1/sessions/{sid}/threads").json()["data"]] != []
        assert first["id"] not in [t["id"] for t in http.get(f"/v1/sessions/{sid}/threads").json()["data"]]
        types = [e["type"] for e in history(http, sid)]
        assert "session.thread_status_terminated" in types
        interrupt = {"type": "user.interrupt", "session_thread_id": first["id"]}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [interrupt]}).status_code == 409
        deleted = http.delete(f"/v1/sessions/{sid}")
        assert deleted.status_code == 200, deleted.text

        def gone() -> bool:
            async def count() -> int:
                conn = await asyncpg.connect(mango_platform.database_url)
                try:
                    return int(
                        await conn.fetchval(
                            "SELECT count(*) FROM sessions WHERE id = $1 OR primary_session_id = $1", sid
                        )
                    )
                finally:
                    await conn.close()

            return asyncio.run(count()) == 0

        _wait(gone, "the deleted Session's rows", timeout=60)
        assert http.get(f"/v1/sessions/{sid}/threads").status_code == 404


def test_thread_stream_resumes_with_last_event_id(mango_platform: Platform, mango_tenant: Tenant) -> None:
    from httpx_sse import connect_sse

    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "stream")
        name = team["researcher"]["name"]
        _say(http, sid, _delegate(name, "/text streamed report"))
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "the report")
        child = next(t for t in _threads(http, sid) if t["parent_thread_id"])
        ledger = _thread_events(http, sid, child["id"])
        assert len(ledger) >= 4
        resume_after = ledger[1]["id"]
        seen: list[str] = []
        url = f"/v1/sessions/{sid}/threads/{child['id']}/stream"
        with connect_sse(http, "GET", url, headers={"last-event-id": resume_after}) as source:
            for sse in source.iter_sse():
                if sse.event == "ping":
                    continue
                seen.append(sse.id)
                if sse.id == ledger[-1]["id"]:
                    break
        assert seen == [e["id"] for e in ledger[2:]]
        bad = http.get(url, headers={"last-event-id": "sevt_unknown"})
        assert bad.status_code == 400


def test_advisor_answers_the_coordinator_without_tools(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid, _ = _team(http, "advisor")
        _say(http, sid, "/delegate advisor /report ship it")
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "advice")
        wait_status(http, sid, "end_turn")
        advisor = next(t for t in _threads(http, sid) if t["parent_thread_id"])
        assert advisor["agent"] == {"type": "advisor", "model": {"id": MODEL, "speed": "standard"}}
        assert advisor["agent_name"] == "advisor"
        report = next(e for e in history(http, sid) if e["type"] == "agent.thread_message_received")
        assert report["from_agent_name"] == "advisor"
        assert report["content"][-1]["text"] == "ship it"
        # The Advisor has no tools: a tool directive becomes an unknown, refused call, never a delegation.
        _say(http, sid, "/send_to_agent " + advisor["id"] + ' /tool delegate {"agent": "advisor", "message": "x"}')
        _wait(lambda: sum(e["type"] == "agent.thread_message_received" for e in history(http, sid)) == 2, "reply")
        wait_status(http, sid, "end_turn")
        assert len(_threads(http, sid)) == 2


def test_child_confirmation_is_routed_by_its_thread(mango_platform: Platform, mango_tenant: Tenant) -> None:
    ask = {"name": "bash", "permission_policy": {"type": "always_ask"}}
    toolset = {"type": "agent_toolset_20260401", "configs": [ask]}
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "confirm", child_tools=[toolset])
        name = team["researcher"]["name"]
        _say(http, sid, _delegate(name, '/tool bash {"command": "rm -rf /tmp/x"}'))
        [use] = _wait(
            lambda: [e for e in history(http, sid) if e["type"] == "agent.tool_use" and e["name"] == "bash"], "ask"
        )
        child = next(t for t in _threads(http, sid) if t["parent_thread_id"])
        assert use["session_thread_id"] == child["id"]
        assert use["evaluated_permission"] == "ask"
        idle = next(e for e in history(http, sid) if e["type"] == "session.thread_status_idle")
        assert idle["stop_reason"] == {"type": "requires_action", "event_ids": [use["id"]]}
        deny = {"type": "user.tool_confirmation", "tool_use_id": use["id"], "result": "deny", "deny_message": "no"}
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [deny]}).status_code == 400
        routed = http.post(f"/v1/sessions/{sid}/events", json={"events": [{**deny, "session_thread_id": child["id"]}]})
        assert routed.status_code == 200, routed.text
        again = http.post(f"/v1/sessions/{sid}/events", json={"events": [{**deny, "session_thread_id": child["id"]}]})
        assert again.status_code in (400, 409), again.text
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "the report")
        wait_status(http, sid, "end_turn")
        report = next(e for e in history(http, sid) if e["type"] == "agent.thread_message_received")
        assert "(error): no" in report["content"][-1]["text"]


def test_child_builtin_calls_run_on_the_session_work(
    mango_platform: Platform, mango_tenant: Tenant, tmp_path: Path
) -> None:
    """A child's built-in calls are served by the Session's Work from the primary stream alone: an
    allowed call runs at once, an asked one after its approval is routed to the child; both results
    reach the child's ledger, their mirrors the primary's, and the child's report names them."""
    toolset = {
        "type": "agent_toolset_20260401",
        "configs": [
            {"name": "bash", "permission_policy": {"type": "always_allow"}},
            {"name": "write", "permission_policy": {"type": "always_ask"}},
        ],
    }
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "builtin", child_tools=[toolset])
        name = team["researcher"]["name"]
        write = {"file_path": "note.txt", "content": "written by the child"}
        bash_input = json.dumps({"command": "echo ran-in-child"})
        child_script = f"/tool bash {bash_input}\n/tool write {json.dumps(write)}"
        _say(http, sid, _delegate(name, child_script))

        def relayed() -> dict[str, dict[str, Any]]:
            uses = {e["name"]: e for e in history(http, sid) if e["type"] == "agent.tool_use"}
            return uses if {"bash", "write"} <= set(uses) else {}

        uses = _wait(relayed, "both calls relayed to the primary stream")
        bash, ask = uses["bash"], uses["write"]
        child = next(t for t in _threads(http, sid) if t["parent_thread_id"])
        assert {bash["session_thread_id"], ask["session_thread_id"]} == {child["id"]}
        assert (bash["name"], bash["evaluated_permission"], ask["evaluated_permission"]) == ("bash", "allow", "ask")
        local = {e["id"] for e in _thread_events(http, sid, child["id"]) if e["type"] == "agent.tool_use"}
        assert {bash["source_event_id"], ask["source_event_id"]} == local
        allow = {"type": "user.tool_confirmation", "tool_use_id": ask["id"], "result": "allow"}
        routed = http.post(f"/v1/sessions/{sid}/events", json={"events": [{**allow, "session_thread_id": child["id"]}]})
        assert routed.status_code == 200, routed.text
        work = http.get(f"/v1/environments/{team['env_id']}/work").json()["data"]
        assert [w["data"]["id"] for w in work if w["data"]["type"] == "session"] == [sid]

        workdir = tmp_path / "work"
        workdir.mkdir()
        drain_worker(mango_platform, mango_tenant, team["env_id"], workdir, max_idle=1.0)
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "the report")
        wait_status(http, sid, "end_turn", timeout=60)

        assert (workdir / "note.txt").read_text() == "written by the child"
        child_results = [e for e in _thread_events(http, sid, child["id"]) if e["type"] == "user.tool_result"]
        assert {r["tool_use_id"] for r in child_results} == local
        mirrors = [e for e in history(http, sid) if e["type"] in ("user.tool_result", "user.tool_confirmation")]
        assert {(e["type"], e["tool_use_id"]) for e in mirrors} == {
            ("user.tool_result", bash["id"]),
            ("user.tool_result", ask["id"]),
            ("user.tool_confirmation", ask["id"]),
        }
        assert {e["session_thread_id"] for e in mirrors} == {child["id"]}
        report = next(e for e in history(http, sid) if e["type"] == "agent.thread_message_received")
        assert report["from_session_thread_id"] == child["id"]
        assert "ran-in-child" in report["content"][-1]["text"]


def test_a_childs_retry_is_announced_as_thread_rescheduled(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "retry")
        _say(http, sid, _delegate(team["researcher"]["name"], "/fail 1\n/report recovered"))
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "the report")
        wait_status(http, sid, "end_turn")
        child = next(t for t in _threads(http, sid) if t["parent_thread_id"])
        statuses = [e["type"] for e in history(http, sid) if e["type"].startswith("session.thread_status_")]
        assert statuses == [
            "session.thread_status_running",
            "session.thread_status_rescheduled",
            "session.thread_status_running",
            "session.thread_status_idle",
        ], statuses
        local = [e["type"] for e in _thread_events(http, sid, child["id"])]
        assert "session.status_rescheduled" in local
        assert "session.error" in local
        report = next(e for e in history(http, sid) if e["type"] == "agent.thread_message_received")
        assert report["content"][-1]["text"] == "recovered"


def test_one_budget_limits_every_thread(mango_platform: Platform, mango_tenant: Tenant) -> None:
    """A child's round is checked against its Session's budget and every Thread's usage; raising the
    budget resumes the paused child, which then reports."""
    with client(mango_platform, mango_tenant) as http:
        sid, team = _team(http, "budget", child_tools=[CUSTOM_TOOL])
        budget = {"type": "limit", "max_tokens": 1_000_000}
        assert http.post(f"/v1/sessions/{sid}", json={"budget": budget}).status_code == 200
        _say(http, sid, _delegate(team["researcher"]["name"], '/tool get_weather {"city": "Oslo"}'))
        use = _wait(
            lambda: next((e for e in history(http, sid) if e["type"] == "agent.custom_tool_use"), None), "the call"
        )
        wait_status(http, sid, "end_turn")
        child = next(t for t in _threads(http, sid) if t["parent_thread_id"])
        _set_usage(mango_platform, sid, 999_000)  # the coordinator's Thread has spent nearly all of it
        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": use["id"],
            "content": [{"type": "text", "text": "cold"}],
            "session_thread_id": child["id"],
        }
        assert http.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).status_code == 200

        def paused() -> dict[str, Any] | None:
            return next(
                (
                    e
                    for e in history(http, sid)
                    if e["type"] == "session.thread_status_idle" and e["stop_reason"]["type"] == "budget_reached"
                ),
                None,
            )

        announced = _wait(paused, "the child stopped by the Session's budget")
        assert announced["session_thread_id"] == child["id"]
        assert not any(e["type"] == "agent.thread_message_received" for e in history(http, sid))
        raised = {"type": "limit", "max_tokens": 2_000_000}
        assert http.post(f"/v1/sessions/{sid}", json={"budget": raised}).status_code == 200
        _wait(lambda: any(e["type"] == "agent.thread_message_received" for e in history(http, sid)), "the report")
        wait_status(http, sid, "end_turn")


def _set_usage(platform: Platform, session_id: str, input_tokens: int) -> None:
    async def write() -> None:
        conn = await asyncpg.connect(platform.database_url)
        try:
            usage = json.dumps({"input_tokens": input_tokens})
            await conn.execute("UPDATE sessions SET usage = $2::jsonb WHERE id = $1", session_id, usage)
        finally:
            await conn.close()

    asyncio.run(write())


@pytest.fixture
def own_platform(mango_services: DevStack, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    """A platform of its own: the crash test kills its processes."""
    running = Platform(mango_services, tmp_path_factory.mktemp("threads-crash")).start()
    try:
        yield running
    finally:
        running.stop()


@pytest.mark.slow
def test_orchestrator_killed_while_two_children_run(own_platform: Platform) -> None:
    tenant = own_platform.create_tenant("threads-crash")
    with client(own_platform, tenant) as http:
        sid, team = _team(http, "crash")
        a, b = team["researcher"]["name"], team["reviewer"]["name"]
        _say(
            http,
            sid,
            _delegate(a, "/sleep 3000\n/report a survived") + "\n" + _delegate(b, "/sleep 3000\n/report b survived"),
        )

        def both_started() -> bool:
            children = [t for t in _threads(http, sid) if t["parent_thread_id"]]
            return len(children) == 2 and all(
                any(e["type"] == "span.model_request_start" for e in _thread_events(http, sid, t["id"]))
                for t in children
            )

        _wait(both_started, "two children inside their model calls", timeout=30)
        own_platform.kill_role("orchestrator")
        own_platform.start_role("orchestrator")
        _wait(
            lambda: sum(e["type"] == "agent.thread_message_received" for e in history(http, sid)) >= 2, "reports", 120
        )
        wait_status(http, sid, "end_turn", timeout=90)
        time.sleep(1.0)
        events = history(http, sid)
        reports = [e for e in events if e["type"] == "agent.thread_message_received"]
        assert sorted(r["content"][-1]["text"] for r in reports) == ["a survived", "b survived"]
        ids = [e["id"] for e in events]
        for thread in _threads(http, sid)[1:]:
            ledger = _thread_events(http, sid, thread["id"])
            assert [e["type"] for e in ledger].count("agent.thread_message_sent") == 1
            assert [e["type"] for e in ledger].count("agent.message") == 1
            ids += [e["id"] for e in ledger]
        assert len(ids) == len(set(ids)), "an event was duplicated"
