"""Helpers shared by the compatibility tests: everything goes through the official client."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

import anthropic

MODEL = "mango-offline-1"
WEATHER_TOOL: dict[str, Any] = {
    "type": "custom",
    "name": "get_weather",
    "description": "Current weather for a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}
T = TypeVar("T")


def unique(name: str) -> str:
    return f"{name}-{time.monotonic_ns()}"


def wait_for(probe: Callable[[], T | None], what: str, timeout: float = 60.0) -> T:
    """Call ``probe`` until it returns something truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def new_session(client: anthropic.Anthropic, name: str, **agent: Any) -> Any:
    """An Agent (the offline model, by default with the weather tool), an Environment and a Session."""
    created = client.beta.agents.create(name=unique(name), model=MODEL, **({"tools": [WEATHER_TOOL]} | agent))
    env = client.beta.environments.create(name=unique(name), config={"type": "self_hosted"})
    return client.beta.sessions.create(agent=created.id, environment_id=env.id, title=name)


def say(client: anthropic.Anthropic, session_id: str, text: str) -> Any:
    sent = client.beta.sessions.events.send(
        session_id, events=[{"type": "user.message", "content": [{"type": "text", "text": text}]}]
    )
    return sent.data[0]


def events(client: anthropic.Anthropic, session_id: str) -> list[Any]:
    """The Session's whole history, following ``next_page`` with the client's auto-pagination."""
    return list(client.beta.sessions.events.list(session_id, limit=1000))


def wait_idle(client: anthropic.Anthropic, session_id: str, stop: str, timeout: float = 60.0) -> Any:
    """The Session once it is idle with ``stop_reason.type == stop`` (read with ``sessions.retrieve``)."""

    def idle() -> Any:
        session = client.beta.sessions.retrieve(session_id)
        raw = session.to_dict()
        reason = raw.get("stop_reason") or {}
        return session if session.status == "idle" and reason.get("type") == stop else None

    return wait_for(idle, f"session {session_id} idle with {stop}", timeout)


def event_of(client: anthropic.Anthropic, session_id: str, kind: str, timeout: float = 60.0) -> Any:
    return wait_for(
        lambda: next((e for e in events(client, session_id) if e.type == kind), None), f"a {kind} event", timeout
    )
