"""The generated Thread namespace against mocked HTTP: list, get, archive, events and the Thread stream."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import respx
from mango import Mango

BASE = "http://mango.test"
USAGE = {
    "input_tokens": 3,
    "output_tokens": 2,
    "cache_creation_input_tokens": 0,
    "cache_read_input_tokens": 0,
    "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
    "list_cost": {"amount": "0", "currency": "USD"},
}
THREAD = {
    "type": "session_thread",
    "id": "sthr_2",
    "session_id": "sesn_1",
    "parent_thread_id": "sthr_1",
    "agent_name": "advisor",
    "status": "idle",
    "stop_reason": {"type": "end_turn"},
    "agent": {"type": "advisor", "model": {"id": "mango-offline-1", "speed": "standard"}},
    "usage": USAGE,
    "stats": {"active_seconds": 0.5, "duration_seconds": 1.0},
    "created_at": "2026-01-01T00:00:00Z",
    "updated_at": "2026-01-01T00:00:01Z",
    "archived_at": None,
}


@respx.mock
def test_threads_list_get_and_archive(make_client: Callable[..., Mango]) -> None:
    listing = respx.get(f"{BASE}/v1/sessions/sesn_1/threads").mock(
        return_value=httpx.Response(200, json={"data": [THREAD], "next_page": None, "prev_page": None})
    )
    respx.get(f"{BASE}/v1/sessions/sesn_1/threads/sthr_2").mock(return_value=httpx.Response(200, json=THREAD))
    archived = {**THREAD, "status": "terminated", "archived_at": "2026-01-01T00:00:02Z"}
    archive = respx.post(f"{BASE}/v1/sessions/sesn_1/threads/sthr_2/archive").mock(
        return_value=httpx.Response(200, json=archived)
    )
    client = make_client()
    [thread] = list(client.sessions.threads.list("sesn_1", include_archived=True))
    assert (thread.id, thread.parent_thread_id, thread.agent_name) == ("sthr_2", "sthr_1", "advisor")
    assert listing.calls[0].request.url.params["include_archived"] == "true"
    assert client.sessions.threads.get("sesn_1", "sthr_2").usage.input_tokens == 3
    assert client.sessions.threads.archive("sesn_1", "sthr_2").status == "terminated"
    assert archive.called


@respx.mock
def test_thread_events_and_stream_decode_thread_message_events(make_client: Callable[..., Mango]) -> None:
    received = {
        "type": "agent.thread_message_received",
        "id": "sevt_9",
        "processed_at": None,
        "created_at": "2026-01-01T00:00:00Z",
        "session_thread_id": "sthr_1",
        "from_session_thread_id": "sthr_2",
        "from_agent_name": "advisor",
        "content": [{"type": "text", "text": "ship it"}],
    }
    respx.get(f"{BASE}/v1/sessions/sesn_1/threads/sthr_1/events").mock(
        return_value=httpx.Response(200, json={"data": [received], "next_page": None})
    )
    body = b"id: sevt_9\nevent: agent.thread_message_received\ndata: " + httpx.Response(200, json=received).content
    stream_route = respx.get(f"{BASE}/v1/sessions/sesn_1/threads/sthr_1/stream").mock(
        return_value=httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body + b"\n\n")
    )
    client = make_client()
    [event] = list(client.sessions.threads.events.list("sesn_1", "sthr_1", types=["agent.thread_message_received"]))
    assert getattr(event, "from_session_thread_id", None) == "sthr_2"
    [streamed] = list(client.sessions.threads.stream("sesn_1", "sthr_1", last_event_id="sevt_8"))
    assert getattr(streamed, "session_thread_id", None) == "sthr_1"
    assert stream_route.calls[0].request.headers["last-event-id"] == "sevt_8"
