"""End-to-end Session behaviour through raw HTTP on the real components: turns, the custom-tool
barrier, SSE resume, interrupts, retries, lifecycle and Workspace isolation."""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest
from mango_server.devstack import Platform, Tenant
from mango_server.live import pokes
from mango_server.live.notifier import NatsNotifier, committed_subject
from nats.aio.msg import Msg

from ._client import client, history, new_session, read_stream, say, wait_status

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def test_text_turn_emits_span_message_and_idle(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "text")
        sent = say(http, sid, "hello there")
        session = wait_status(http, sid, "end_turn")
        types = [e["type"] for e in history(http, sid)]
        assert types == [
            "user.message",
            "session.status_running",
            "span.model_request_start",
            "span.model_request_end",
            "agent.message",
            "session.status_idle",
        ]
        events = history(http, sid)
        assert events[0]["id"] == sent["id"]
        assert events[0]["processed_at"] is not None
        assert events[4]["content"] == [{"type": "text", "text": "You said: hello there"}]
        assert events[3]["model_request_start_id"] == events[2]["id"]
        assert session["usage"]["input_tokens"] > 0
        assert 0 < session["stats"]["active_seconds"] <= session["stats"]["duration_seconds"]


def test_custom_tool_barrier_resumes_exactly_once(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "tools")
        say(http, sid, 'go\n/tool get_weather {"city": "Paris"}\n/tool get_weather {"city": "Rome"}')
        session = wait_status(http, sid, "requires_action")
        first, second = session["stop_reason"]["event_ids"]
        uses = [e for e in history(http, sid) if e["type"] == "agent.custom_tool_use"]
        assert [u["id"] for u in uses] == [first, second]
        assert uses[0]["input"] == {"city": "Paris"}

        def result(tool_id: str, text: str) -> dict[str, object]:
            return {
                "type": "user.custom_tool_result",
                "custom_tool_use_id": tool_id,
                "content": [{"type": "text", "text": text}],
            }

        partial = http.post(f"/v1/sessions/{sid}/events", json={"events": [result(first, "sunny")]})
        assert partial.status_code == 200
        assert partial.json()["data"][0]["processed_at"] is None
        assert http.get(f"/v1/sessions/{sid}").json()["status"] == "idle"  # partial result does not wake the model
        duplicate = http.post(f"/v1/sessions/{sid}/events", json={"events": [result(first, "again")]})
        assert duplicate.status_code == 409
        assert duplicate.json()["error"]["type"] == "conflict_error"
        unknown = http.post(f"/v1/sessions/{sid}/events", json={"events": [result("sevt_unknown", "x")]})
        assert unknown.status_code == 400
        assert "does not match" in unknown.json()["error"]["message"]
        http.post(f"/v1/sessions/{sid}/events", json={"events": [result(second, "rain")]}).raise_for_status()
        wait_status(http, sid, "end_turn")
        events = history(http, sid)
        assert [e["type"] for e in events].count("span.model_request_start") == 2
        assert all(e["processed_at"] for e in events if e["type"] == "user.custom_tool_result")
        final = [e for e in events if e["type"] == "agent.message"][-1]
        assert "sunny" in final["content"][0]["text"]
        assert "rain" in final["content"][0]["text"]


def test_stream_resumes_with_last_event_id_without_gap_or_duplicate(
    mango_platform: Platform, mango_tenant: Tenant
) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "stream")
        say(http, sid, "first")
        wait_status(http, sid, "end_turn")
        ids = [e["id"] for e in history(http, sid)]
        resumed = read_stream(http, sid, until="session.status_idle", last_event_id=ids[1])
        persisted = [(i, t) for i, t, _ in resumed if t not in ("ping",) and i]
        assert [i for i, _ in persisted] == ids[2:]
        bad = http.get(f"/v1/sessions/{sid}/events/stream", headers={"last-event-id": "sevt_nope"})
        assert bad.status_code == 400


def test_model_failures_retry_then_exhaust(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "retry")
        say(http, sid, "/fail 1")
        wait_status(http, sid, "end_turn")
        events = history(http, sid)
        errors = [e for e in events if e["type"] == "session.error"]
        assert [e["error"]["retry_status"]["type"] for e in errors] == ["retrying"]
        types = [e["type"] for e in events]
        rescheduled = types.index("session.status_rescheduled")
        assert types[rescheduled + 1] == "session.status_running"
        say(http, sid, "/fail always")
        wait_status(http, sid, "retries_exhausted", timeout=60)
        errors = [e for e in history(http, sid) if e["type"] == "session.error"]
        assert errors[-1]["error"]["retry_status"]["type"] == "exhausted"
        assert errors[-1]["error"]["type"] == "model_overloaded_error"


def _interrupt(http: httpx.Client, sid: str) -> None:
    http.post(f"/v1/sessions/{sid}/events", json={"events": [{"type": "user.interrupt"}]}).raise_for_status()


def test_idle_interrupt_preserves_a_pending_barrier(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "interrupt")
        say(http, sid, '/tool get_weather {"city": "Paris"}')
        pending = wait_status(http, sid, "requires_action")["stop_reason"]["event_ids"]
        say(http, sid, "queued behind the barrier")
        _interrupt(http, sid)
        # The barrier is still open, and re-announced right after the interrupt.
        session = http.get(f"/v1/sessions/{sid}").json()
        assert session["status"] == "idle"
        assert session["stop_reason"] == {"type": "requires_action", "event_ids": pending}
        events = history(http, sid)
        types = [e["type"] for e in events]
        assert types[-2:] == ["user.interrupt", "session.status_idle"]
        assert events[-1]["stop_reason"] == {"type": "requires_action", "event_ids": pending}
        queued = next(e for e in events if e["type"] == "user.message" and "queued" in e["content"][0]["text"])
        assert queued["processed_at"] is not None  # flushed: it never gets a turn
        # The pending call is still answerable, and its answer resumes the turn exactly once.
        result = {
            "type": "user.custom_tool_result",
            "custom_tool_use_id": pending[0],
            "content": [{"type": "text", "text": "sunny after the interrupt"}],
        }
        http.post(f"/v1/sessions/{sid}/events", json={"events": [result]}).raise_for_status()
        wait_status(http, sid, "end_turn")
        final = [e for e in history(http, sid) if e["type"] == "agent.message"][-1]
        assert "sunny after the interrupt" in final["content"][0]["text"]
        assert "Interrupted by the user" not in final["content"][0]["text"]
        assert not any(
            "queued behind" in str(e.get("content")) for e in history(http, sid) if e["type"] == "agent.message"
        )


def test_idle_interrupt_preserves_a_pending_approval(mango_platform: Platform, mango_tenant: Tenant) -> None:
    toolset = {
        "type": "agent_toolset_20260401",
        "configs": [{"name": "bash", "permission_policy": {"type": "always_ask"}}],
    }
    with client(mango_platform, mango_tenant) as http:
        agent = http.post("/v1/agents", json={"name": "ask", "model": "mango-offline-1", "tools": [toolset]}).json()
        env = http.post("/v1/environments", json={"name": f"interrupt-ask-{time.monotonic_ns()}"}).json()
        sid = http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()["id"]
        say(http, sid, '/tool bash {"command": "rm -rf /tmp/x"}')
        [call] = wait_status(http, sid, "requires_action")["stop_reason"]["event_ids"]
        _interrupt(http, sid)
        assert http.get(f"/v1/sessions/{sid}").json()["stop_reason"] == {"type": "requires_action", "event_ids": [call]}
        deny = {"type": "user.tool_confirmation", "tool_use_id": call, "result": "deny", "deny_message": "not now"}
        answered = http.post(f"/v1/sessions/{sid}/events", json={"events": [deny]})
        assert answered.status_code == 200, answered.text  # the approval was still pending
        wait_status(http, sid, "end_turn")
        final = [e for e in history(http, sid) if e["type"] == "agent.message"][-1]
        assert "not now" in final["content"][0]["text"]


def test_running_interrupt_ends_the_turn_and_its_pending_calls(mango_platform: Platform, mango_tenant: Tenant) -> None:
    toolset = {"type": "agent_toolset_20260401"}
    with client(mango_platform, mango_tenant) as http:
        agent = http.post("/v1/agents", json={"name": "run", "model": "mango-offline-1", "tools": [toolset]}).json()
        env = http.post("/v1/environments", json={"name": f"interrupt-run-{time.monotonic_ns()}"}).json()
        sid = http.post("/v1/sessions", json={"agent": agent["id"], "environment_id": env["id"]}).json()["id"]
        # An allowed built-in call waits for a worker (none runs): the Session is running, not idle.
        say(http, sid, '/tool bash {"command": "echo never"}')
        deadline = time.monotonic() + 30
        while not any(e["type"] == "agent.tool_use" for e in history(http, sid)):
            assert time.monotonic() < deadline, "the call never appeared"
            time.sleep(0.1)
        assert http.get(f"/v1/sessions/{sid}").json()["status"] == "running"
        _interrupt(http, sid)
        wait_status(http, sid, "end_turn")
        call = next(e for e in history(http, sid) if e["type"] == "agent.tool_use")
        late = {"type": "user.tool_result", "tool_use_id": call["id"], "content": [{"type": "text", "text": "x"}]}
        refused = http.post(f"/v1/sessions/{sid}/events", json={"events": [late]})
        assert refused.status_code == 409, refused.text  # the interrupt cancelled the call
        say(http, sid, "after")
        wait_status(http, sid, "end_turn")
        # The next turn's context tells the model that the pending call was interrupted.
        final = [e for e in history(http, sid) if e["type"] == "agent.message"][-1]
        assert "Interrupted by the user" in final["content"][0]["text"]


def test_archive_and_delete(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "lifecycle")
        archived = http.post(f"/v1/sessions/{sid}/archive").json()
        assert archived["status"] == "terminated"
        assert archived["archived_at"]
        refused = http.post(
            f"/v1/sessions/{sid}/events",
            json={"events": [{"type": "user.message", "content": [{"type": "text", "text": "x"}]}]},
        )
        assert refused.status_code == 409
        deleted = http.delete(f"/v1/sessions/{sid}")
        assert deleted.json() == {"type": "session_deleted", "id": sid}
        assert http.get(f"/v1/sessions/{sid}").status_code == 404


def test_other_workspace_sees_404(mango_platform: Platform, mango_tenant: Tenant, mango_other_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http, client(mango_platform, mango_other_tenant) as other:
        sid = new_session(http, "isolation")
        agent_id = http.get(f"/v1/sessions/{sid}").json()["agent"]["id"]
        for path in (f"/v1/sessions/{sid}", f"/v1/sessions/{sid}/events", f"/v1/agents/{agent_id}"):
            response = other.get(path)
            assert response.status_code == 404, path
            assert response.json()["error"]["type"] == "not_found_error"
            assert response.headers["request-id"] == response.json()["request_id"]


def test_agent_versions_and_optimistic_concurrency(mango_platform: Platform, mango_tenant: Tenant) -> None:
    with client(mango_platform, mango_tenant) as http:
        agent = http.post("/v1/agents", json={"name": "v", "model": "mango-offline-1"}).json()
        updated = http.post(f"/v1/agents/{agent['id']}", json={"version": 1, "system": "be brief"}).json()
        assert updated["version"] == 2
        assert updated["system"] == "be brief"
        stale = http.post(f"/v1/agents/{agent['id']}", json={"version": 1, "system": "x"})
        assert stale.status_code == 409
        assert http.get(f"/v1/agents/{agent['id']}", params={"version": 1}).json()["system"] is None
        versions = http.get(f"/v1/agents/{agent['id']}/versions").json()["data"]
        assert [v["version"] for v in versions] == [2, 1]
        native = http.post(
            "/v1/agents",
            json={
                "name": "web",
                "model": "mango-offline-1",
                "tools": [
                    {
                        "type": "agent_toolset_20260401",
                        "configs": [{"name": "web_search", "permission_policy": {"type": "always_ask"}}],
                    }
                ],
            },
        )
        assert native.status_code == 400
        assert "always_allow" in native.json()["error"]["message"]


def test_text_previews_reach_only_clients_that_ask(mango_platform: Platform, mango_tenant: Tenant) -> None:
    import json as _json

    from httpx_sse import connect_sse

    def frames(source: object) -> list[tuple[str | None, str, dict[str, object]]]:
        out = []
        for sse in source.iter_sse():  # type: ignore[attr-defined]
            out.append((sse.id or None, sse.event, _json.loads(sse.data)))
            if sse.event == "session.status_idle":
                return out
        return out

    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "previews")
        path = f"/v1/sessions/{sid}/events/stream"
        with (
            connect_sse(http, "GET", path, params={"event_deltas[]": "agent.message"}) as asked,
            connect_sse(http, "GET", path) as plain,
        ):
            say(http, sid, "/text streamed text arrives in pieces")
            with_previews, without = frames(asked), frames(plain)
    deltas = [data for event_id, kind, data in with_previews if kind == "event_delta"]
    starts = [data for event_id, kind, data in with_previews if kind == "event_start"]
    [message] = [data for _, kind, data in with_previews if kind == "agent.message"]
    assert len(starts) == 1
    assert starts[0]["event"] == {"type": "agent.message", "id": message["id"]}
    assert len(deltas) > 1
    assert all(d["event_id"] == message["id"] for d in deltas)
    assert "".join(d["delta"]["content"]["text"] for d in deltas) == "streamed text arrives in pieces"
    assert not [kind for _, kind, _ in without if kind.startswith("event_")]
    persisted = [kind for _, kind, _ in with_previews if not kind.startswith("event_") and kind != "ping"]
    assert persisted == [kind for _, kind, _ in without if kind != "ping"]


def test_the_deletion_poke_carries_session_deleted(mango_platform: Platform, mango_tenant: Tenant) -> None:
    """A stream that is up to date sends ``session.deleted`` from the poke: the relay may remove the row
    before a stream could read it from PostgreSQL."""
    with client(mango_platform, mango_tenant) as http:
        sid = new_session(http, "deleted-poke")

        async def poke_of_delete() -> pokes.Poke:
            notifier = await NatsNotifier.connect(mango_platform.stack.env()["MANGO_NATS_URL"])
            received: asyncio.Queue[bytes] = asyncio.Queue()

            async def on_message(msg: Msg) -> None:
                await received.put(msg.data)

            try:
                assert await notifier.subscribe(committed_subject(sid), on_message) is not None
                deleted = await asyncio.to_thread(http.delete, f"/v1/sessions/{sid}")
                assert deleted.status_code == 200, deleted.text
                return pokes.read(await asyncio.wait_for(received.get(), timeout=10))
            finally:
                await notifier.close()

        poke = asyncio.run(poke_of_delete())
        assert [row["type"] for row in poke.rows.values()] == ["session.deleted"]
        assert poke.head == max(poke.rows)
