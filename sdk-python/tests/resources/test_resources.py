"""Generated resource namespaces against mocked HTTP: names, arguments, encoding and decoding."""

from __future__ import annotations

import datetime as dt
import io
from collections.abc import Callable

import httpx
import respx
from mango import AsyncMango, Mango

BASE = "http://mango.test"
FILE = {
    "type": "file",
    "id": "file_1",
    "filename": "a.txt",
    "mime_type": "text/plain",
    "size_bytes": 3,
    "sha256": "0" * 64,
    "created_at": "2026-01-01T00:00:00Z",
}


@respx.mock
def test_health_without_auth_decodes_the_model() -> None:
    route = respx.get(f"{BASE}/v1/health").mock(return_value=httpx.Response(200, json={"status": "ok"}))
    health = Mango(base_url=BASE, api_key="").system.health()
    assert health.status == "ok"
    assert "authorization" not in route.calls[0].request.headers


@respx.mock
def test_poll_answers_none_on_204_and_sends_query(make_client: Callable[..., Mango]) -> None:
    route = respx.get(f"{BASE}/v1/environments/env_1/work/poll").mock(return_value=httpx.Response(204))
    assert make_client().environments.work.poll("env_1", block_ms=500, worker_id="w-1") is None
    params = route.calls[0].request.url.params
    assert (params["block_ms"], params["worker_id"]) == ("500", "w-1")
    assert "reclaim_older_than_ms" not in params


@respx.mock
def test_upload_and_download_files(make_client: Callable[..., Mango]) -> None:
    upload = respx.post(f"{BASE}/v1/files").mock(return_value=httpx.Response(200, json=FILE))
    respx.get(f"{BASE}/v1/files/file_1/content").mock(return_value=httpx.Response(200, content=b"abc"))
    client = make_client()
    created = client.files.upload(file=("a.txt", io.BytesIO(b"abc"), "text/plain"))
    assert (created.id, created.size_bytes) == ("file_1", 3)
    assert created.created_at == dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    assert b"abc" in upload.calls[0].request.content
    assert client.files.content("file_1") == b"abc"


@respx.mock
def test_list_with_time_filters(make_client: Callable[..., Mango]) -> None:
    route = respx.get(f"{BASE}/v1/sessions").mock(
        return_value=httpx.Response(200, json={"data": [], "next_page": None})
    )
    since = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    assert list(make_client().sessions.list(limit=5, created_at_gte=since)) == []
    params = route.calls[0].request.url.params
    assert params["created_at[gte]"] == "2026-01-01T00:00:00+00:00"
    assert params["limit"] == "5"


@respx.mock
def test_session_stream_passes_unknown_events_through(make_client: Callable[..., Mango]) -> None:
    body = b'event: ping\ndata: {}\n\nid: sevt_1\nevent: mango.future\ndata: {"type":"mango.future","n":1}\n\n'
    route = respx.get(f"{BASE}/v1/sessions/sesn_1/events/stream").mock(
        return_value=httpx.Response(200, headers={"content-type": "text/event-stream"}, content=body)
    )
    stream = make_client().sessions.events.stream("sesn_1", event_deltas=["agent.message"], last_event_id="sevt_0")
    assert list(stream) == [{"type": "mango.future", "n": 1}]
    sent = route.calls[0].request
    assert sent.headers["last-event-id"] == "sevt_0"
    assert sent.url.params.get_list("event_deltas[]") == ["agent.message"]


@respx.mock
async def test_async_namespaces_mirror_the_sync_ones(make_async_client: Callable[..., AsyncMango]) -> None:
    respx.get(f"{BASE}/v1/health").mock(return_value=httpx.Response(200, json={"status": "ok"}))
    respx.get(f"{BASE}/v1/environments/env_1/work/poll").mock(return_value=httpx.Response(204))
    respx.get(f"{BASE}/v1/sessions").mock(return_value=httpx.Response(200, json={"data": [], "next_page": None}))
    async with make_async_client() as client:
        assert (await client.system.health()).status == "ok"
        assert await client.environments.work.poll("env_1") is None
        assert [s async for s in client.sessions.list()] == []
