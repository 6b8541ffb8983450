"""Session events through the official ``anthropic`` Python client against a real Mango: send, list and
stream, a custom tool answered with ``user.custom_tool_result``, an ``always_ask`` call denied with
``user.tool_confirmation``, an interrupt, a coordinator's Threads, and a signed webhook verified
with ``beta.webhooks.unwrap``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anthropic
import pytest

from ._flow import MODEL, event_of, events, new_session, say, unique, wait_for, wait_idle
from ._receiver import Receiver

pytest_plugins = ["mango_server.devstack.pytest_plugin"]
pytestmark = [pytest.mark.integration, pytest.mark.timeout(180)]


def _until_idle(stream: Any, stop: str) -> list[Any]:
    """Read the stream until ``session.status_idle`` with ``stop`` (other idles are passed over)."""
    seen: list[Any] = []
    for event in stream:
        seen.append(event)
        if event.type == "session.status_idle" and event.stop_reason.type == stop:
            return seen
    raise AssertionError(f"the stream ended before an idle with {stop}: {[e.type for e in seen]}")


def test_send_stream_and_list(official: anthropic.Anthropic) -> None:
    session = new_session(official, "compat-stream")
    # Opened before sending, so no event of the turn is missed.
    with official.beta.sessions.events.stream(session.id) as stream:
        sent = say(official, session.id, "/text hello from the official client")
        assert sent.type == "user.message"
        assert sent.id.startswith("sevt_")
        seen = _until_idle(stream, "end_turn")
    kinds = [e.type for e in seen]
    assert "session.status_running" in kinds
    message = next(e for e in seen if e.type == "agent.message")
    assert message.content[0].text == "hello from the official client"

    history = events(official, session.id)
    assert [e.id for e in history if e.type == "agent.message"] == [message.id]
    only = list(official.beta.sessions.events.list(session.id, types=["agent.message"]))
    assert [e.id for e in only] == [message.id]
    newest_first = official.beta.sessions.events.list(session.id, order="desc", limit=1)
    assert len(newest_first.data) == 1
    assert newest_first.data[0].id == history[-1].id


def test_custom_tool_round_trip(official: anthropic.Anthropic) -> None:
    session = new_session(official, "compat-custom-tool")
    with official.beta.sessions.events.stream(session.id) as stream:
        say(official, session.id, 'What is the weather?\n/tool get_weather {"city": "Paris"}')
        seen = _until_idle(stream, "requires_action")
        call = next(e for e in seen if e.type == "agent.custom_tool_use")
        assert (call.name, call.input) == ("get_weather", {"city": "Paris"})
        assert seen[-1].stop_reason.event_ids == [call.id]
        official.beta.sessions.events.send(
            session.id,
            events=[
                {
                    "type": "user.custom_tool_result",
                    "custom_tool_use_id": call.id,
                    "content": [{"type": "text", "text": "18°C and sunny"}],
                }
            ],
        )
        seen = _until_idle(stream, "end_turn")
    reply = [e for e in seen if e.type == "agent.message"][-1]
    assert "18°C and sunny" in reply.content[0].text


def test_always_ask_call_denied(official: anthropic.Anthropic) -> None:
    session = new_session(
        official,
        "compat-deny",
        tools=[{"type": "agent_toolset_20260401", "default_config": {"permission_policy": {"type": "always_ask"}}}],
    )
    say(official, session.id, '/tool bash {"command": "rm -rf /"}')
    idle = wait_idle(official, session.id, "requires_action")
    call = event_of(official, session.id, "agent.tool_use")
    assert call.evaluated_permission == "ask"
    assert idle.to_dict()["stop_reason"]["event_ids"] == [call.id]
    official.beta.sessions.events.send(
        session.id,
        events=[
            {"type": "user.tool_confirmation", "tool_use_id": call.id, "result": "deny", "deny_message": "not today"}
        ],
    )
    wait_idle(official, session.id, "end_turn")
    # Nothing ran: the model got the denial as the call's (error) result and answered it.
    reply = [e for e in events(official, session.id) if e.type == "agent.message"][-1]
    assert "not today" in reply.content[0].text


def test_interrupt_ends_the_turn(official: anthropic.Anthropic) -> None:
    session = new_session(official, "compat-interrupt")
    say(official, session.id, "/sleep 20000\n/text too late")
    wait_for(lambda: official.beta.sessions.retrieve(session.id).status == "running", "a running session")
    official.beta.sessions.events.send(session.id, events=[{"type": "user.interrupt"}])
    wait_for(lambda: official.beta.sessions.retrieve(session.id).status == "idle", "an idle session", 30)
    kinds = [e.type for e in events(official, session.id)]
    assert "user.interrupt" in kinds
    assert "agent.message" not in kinds


def test_threads_of_a_coordinator(official: anthropic.Anthropic) -> None:
    member = official.beta.agents.create(name=unique("compat-researcher"), model=MODEL)
    lead = official.beta.agents.create(
        name=unique("compat-lead"),
        model=MODEL,
        multiagent={"type": "coordinator", "agents": [{"type": "agent", "id": member.id}]},
    )
    env = official.beta.environments.create(name=unique("compat-team"))
    session = official.beta.sessions.create(agent=lead.id, environment_id=env.id)
    say(official, session.id, "/tool delegate " + json.dumps({"agent": member.name, "message": "/text facts ok"}))
    event_of(official, session.id, "agent.thread_message_received")
    threads = official.beta.sessions.threads
    listed = list(threads.list(session.id))
    primary = next(t for t in listed if t.parent_thread_id is None)
    child = next(t for t in listed if t.parent_thread_id == primary.id)
    assert threads.retrieve(child.id, session_id=session.id).id == child.id
    child_events = list(threads.events.list(child.id, session_id=session.id))
    assert any(e.type == "agent.message" for e in child_events)
    wait_idle(official, session.id, "end_turn")
    wait_for(lambda: threads.retrieve(child.id, session_id=session.id).status == "idle", "an idle child")
    with threads.events.stream(child.id, session_id=session.id) as stream:
        assert stream.response.status_code == 200
    assert threads.archive(child.id, session_id=session.id).archived_at is not None


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    running = Receiver().start()
    try:
        yield running
    finally:
        running.stop()


def test_webhook_verified_with_unwrap(official: anthropic.Anthropic, receiver: Receiver) -> None:
    # Endpoints are Workspace resources at /v1/webhooks (the client has no route for them): created
    # with the client's generic request method, verified with its `beta.webhooks.unwrap`.
    endpoint = official.post(
        "/v1/webhooks", body={"url": receiver.url, "event_types": ["session.created"]}, cast_to=dict[str, Any]
    )
    secret = endpoint["secret"]
    session = new_session(official, "compat-webhook")
    delivery = wait_for(lambda: receiver.requests[0] if receiver.requests else None, "a webhook delivery", 30)
    event = official.beta.webhooks.unwrap(delivery.body.decode(), headers=delivery.headers, key=secret)
    assert event.type == "event"
    assert (event.data.type, event.data.id) == ("session.created", session.id)
    with pytest.raises(Exception, match=r"(?i)signature"):
        official.beta.webhooks.unwrap(delivery.body.decode() + " ", headers=delivery.headers, key=secret)
    official.delete(f"/v1/webhooks/{endpoint['id']}", cast_to=dict[str, Any])
