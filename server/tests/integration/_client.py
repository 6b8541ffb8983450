"""Small raw-HTTP helpers for the server's integration tests (no SDK on purpose)."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
from httpx_sse import connect_sse
from mango_server.devstack import Platform, Tenant

CUSTOM_TOOL = {
    "type": "custom",
    "name": "get_weather",
    "description": "Current weather for a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]},
}


def client(platform: Platform, tenant: Tenant) -> httpx.Client:
    return httpx.Client(base_url=platform.base_url, headers={"authorization": f"Bearer {tenant.api_key}"}, timeout=30)


def new_session(http: httpx.Client, name: str) -> str:
    agent = http.post("/v1/agents", json={"name": name, "model": "mango-offline-1", "tools": [CUSTOM_TOOL]})
    assert agent.status_code == 200, agent.text
    env = http.post("/v1/environments", json={"name": f"{name}-{time.monotonic_ns()}"})
    assert env.status_code == 200, env.text
    session = http.post("/v1/sessions", json={"agent": agent.json()["id"], "environment_id": env.json()["id"]})
    assert session.status_code == 200, session.text
    return str(session.json()["id"])


def say(http: httpx.Client, session_id: str, text: str) -> dict[str, Any]:
    response = http.post(
        f"/v1/sessions/{session_id}/events",
        json={"events": [{"type": "user.message", "content": [{"type": "text", "text": text}]}]},
    )
    assert response.status_code == 200, response.text
    return dict(response.json()["data"][0])


def history(http: httpx.Client, session_id: str) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    page: str | None = None
    while True:
        params: dict[str, Any] = {"limit": 1000}
        if page:
            params["page"] = page
        body = http.get(f"/v1/sessions/{session_id}/events", params=params).json()
        events.extend(body["data"])
        page = body["next_page"]
        if not page:
            return events


def wait_status(http: httpx.Client, session_id: str, stop_type: str, timeout: float = 30.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        session = http.get(f"/v1/sessions/{session_id}").json()
        if session["status"] == "idle" and (session["stop_reason"] or {}).get("type") == stop_type:
            return dict(session)
        time.sleep(0.1)
    raise AssertionError(f"session {session_id} never reached idle/{stop_type}: {session}")


def read_stream(
    http: httpx.Client, session_id: str, *, until: str, last_event_id: str | None = None, limit: int = 500
) -> list[tuple[str | None, str, dict[str, Any]]]:
    """Read SSE frames until an event of type ``until``; returns (id, event, data) tuples."""
    headers = {"last-event-id": last_event_id} if last_event_id else {}
    out: list[tuple[str | None, str, dict[str, Any]]] = []
    with connect_sse(http, "GET", f"/v1/sessions/{session_id}/events/stream", headers=headers) as source:
        for sse in source.iter_sse():
            out.append((sse.id or None, sse.event, json.loads(sse.data)))
            if sse.event == until or len(out) >= limit:
                break
    return out
