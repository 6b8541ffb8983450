"""SSE streams: typed decoding, unknown types, pings, error events, resume after a dropped connection."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import httpx
import mango
import pytest
import respx
from mango import AsyncMango, Mango
from mango._encoding import decode_union

URL = "http://mango.test/v1/notes/n_1/events/stream"
SSE = {"content-type": "text/event-stream", "request-id": "req_s"}


def _decode(data: Any) -> Any:
    return decode_union(data, "type", {"comment": lambda d: ("comment", d["text"])})


def _event(event_id: str, event: str, data: str) -> bytes:
    return f"id: {event_id}\nevent: {event}\ndata: {data}\n\n".encode()


FIRST = [
    b": keep-alive comment\n\n",
    _event("e1", "comment", '{"type":"comment","text":"hi"}'),
    b"event: ping\ndata: {}\n\n",
    _event("e2", "future.kind", '{"type":"future.kind","x":1}'),
]
SECOND = [_event("e3", "comment", '{"type":"comment","text":"again"}')]


class _Body(httpx.SyncByteStream, httpx.AsyncByteStream):
    """A streamed body that optionally dies mid-way like a dropped connection."""

    def __init__(self, chunks: list[bytes], drop: bool = False) -> None:
        self.chunks = chunks
        self.drop = drop

    def __iter__(self) -> Iterator[bytes]:
        yield from self.chunks
        if self.drop:
            raise httpx.RemoteProtocolError("peer closed connection without sending complete message body")

    async def __aiter__(self) -> AsyncIterator[bytes]:
        for chunk in self.chunks:
            yield chunk
        if self.drop:
            raise httpx.RemoteProtocolError("peer closed connection without sending complete message body")


def _responses(*bodies: _Body) -> list[httpx.Response]:
    return [httpx.Response(200, headers=SSE, stream=body) for body in bodies]


def _stream(client: Mango, **kwargs: Any) -> mango.SyncStream[Any]:
    return client._stream(
        "GET", "/v1/notes/{note_id}/events/stream", event=_decode, path_params={"note_id": "n_1"}, **kwargs
    )


@respx.mock
def test_decodes_events_passes_unknown_through_and_drops_pings(make_client: Callable[..., Mango]) -> None:
    route = respx.get(URL).mock(side_effect=_responses(_Body(FIRST)))
    stream = _stream(make_client())
    assert list(stream) == [("comment", "hi"), {"type": "future.kind", "x": 1}]
    assert stream.last_event_id == "e2"
    assert route.calls[0].request.headers["accept"] == "text/event-stream"
    assert "last-event-id" not in route.calls[0].request.headers


@respx.mock
def test_resumes_with_last_event_id_after_a_dropped_connection(make_client: Callable[..., Mango]) -> None:
    route = respx.get(URL).mock(side_effect=_responses(_Body(FIRST, drop=True), _Body(SECOND)))
    events = list(_stream(make_client()))
    assert events == [("comment", "hi"), {"type": "future.kind", "x": 1}, ("comment", "again")]
    assert route.calls[1].request.headers["last-event-id"] == "e2"


@respx.mock
def test_starts_from_a_given_last_event_id(make_client: Callable[..., Mango]) -> None:
    route = respx.get(URL).mock(side_effect=_responses(_Body(SECOND)))
    assert list(_stream(make_client(), last_event_id="e2")) == [("comment", "again")]
    assert route.calls[0].request.headers["last-event-id"] == "e2"


@respx.mock
def test_reconnects_are_bounded(make_client: Callable[..., Mango], instant: mango.RetryPolicy) -> None:
    route = respx.get(URL).mock(side_effect=lambda request: _responses(_Body([], drop=True))[0])
    policy = mango.RetryPolicy(max_reconnects=2, base_delay=0, max_delay=0)
    with pytest.raises(mango.APIConnectionError, match="dropped 3 times"):
        list(_stream(make_client(retry_policy=policy)))
    assert route.call_count == 3


@respx.mock
def test_error_event_raises_the_status_error(make_client: Callable[..., Mango]) -> None:
    envelope = '{"type":"error","error":{"type":"overloaded","message":"busy"},"request_id":"req_e"}'
    respx.get(URL).mock(side_effect=_responses(_Body([*FIRST[:2], _event("", "error", envelope)])))
    seen: list[Any] = []
    with pytest.raises(mango.ServiceUnavailableError) as caught:
        seen.extend(_stream(make_client()))
    assert caught.value.request_id == "req_e"
    assert caught.value.error_type == "overloaded"


@respx.mock
def test_http_errors_before_the_stream_are_status_errors(make_client: Callable[..., Mango]) -> None:
    respx.get(URL).mock(
        return_value=httpx.Response(404, json={"type": "error", "error": {"type": "not_found_error", "message": "x"}})
    )
    with pytest.raises(mango.NotFoundError):
        list(_stream(make_client()))


@respx.mock
def test_invalid_json_and_wrong_content_type(make_client: Callable[..., Mango]) -> None:
    respx.get(URL).mock(side_effect=_responses(_Body([b"event: comment\ndata: {oops\n\n"])))
    with pytest.raises(mango.APIResponseValidationError):
        list(_stream(make_client()))
    respx.get(URL).mock(return_value=httpx.Response(200, json={}))
    with pytest.raises(mango.APIResponseValidationError):
        list(_stream(make_client()))


@respx.mock
def test_context_manager_closes(make_client: Callable[..., Mango]) -> None:
    respx.get(URL).mock(side_effect=_responses(_Body(FIRST)))
    with _stream(make_client()) as stream:
        assert next(iter(stream)) == ("comment", "hi")


@respx.mock
def test_open_connects_before_iterating_and_iteration_reads_that_connection(
    make_client: Callable[..., Mango],
) -> None:
    route = respx.get(URL).mock(side_effect=_responses(_Body(FIRST, drop=True), _Body(SECOND)))
    stream = _stream(make_client())
    assert route.call_count == 0
    with stream as opened:
        assert opened is stream
        assert route.call_count == 1
        events = list(stream)
    assert events == [("comment", "hi"), {"type": "future.kind", "x": 1}, ("comment", "again")]
    assert route.call_count == 2
    assert route.calls[1].request.headers["last-event-id"] == "e2"


@respx.mock
def test_open_raises_status_errors(make_client: Callable[..., Mango]) -> None:
    envelope = {"type": "error", "error": {"type": "authentication_error", "message": "x"}}
    respx.get(URL).mock(return_value=httpx.Response(401, json=envelope))
    with pytest.raises(mango.AuthenticationError):
        _stream(make_client()).open()


@respx.mock
async def test_async_open_connects_before_iterating(make_async_client: Callable[..., AsyncMango]) -> None:
    route = respx.get(URL).mock(side_effect=_responses(_Body(SECOND)))
    async with make_async_client() as client:
        stream = client._stream(
            "GET", "/v1/notes/{note_id}/events/stream", event=_decode, path_params={"note_id": "n_1"}
        )
        async with stream:
            assert route.call_count == 1
            events = [event async for event in stream]
    assert events == [("comment", "again")]
    assert route.call_count == 1


@respx.mock
async def test_async_stream_resumes_and_decodes(make_async_client: Callable[..., AsyncMango]) -> None:
    route = respx.get(URL).mock(side_effect=_responses(_Body(FIRST, drop=True), _Body(SECOND)))
    async with make_async_client() as client:
        stream = client._stream(
            "GET", "/v1/notes/{note_id}/events/stream", event=_decode, path_params={"note_id": "n_1"}
        )
        async with stream:
            events = [event async for event in stream]
    assert events == [("comment", "hi"), {"type": "future.kind", "x": 1}, ("comment", "again")]
    assert route.calls[1].request.headers["last-event-id"] == "e2"


@respx.mock
async def test_async_error_event(make_async_client: Callable[..., AsyncMango]) -> None:
    envelope = '{"type":"error","error":{"type":"not_found_error","message":"gone"},"request_id":"req_e"}'
    respx.get(URL).mock(side_effect=_responses(_Body([_event("", "error", envelope)])))
    async with make_async_client() as client:
        stream = client._stream(
            "GET", "/v1/notes/{note_id}/events/stream", event=_decode, path_params={"note_id": "n_1"}
        )
        with pytest.raises(mango.NotFoundError):
            _ = [event async for event in stream]
