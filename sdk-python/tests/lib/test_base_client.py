"""The transport: configuration from arguments and environment, headers, request ids, bodies."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import httpx
import pytest
import respx
from mango import AsyncMango, Mango
from mango._base_client import DEFAULT_BASE_URL


def test_environment_supplies_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MANGO_BASE_URL", "http://env.test:9000/")
    monkeypatch.setenv("MANGO_API_KEY", "env-key")
    client = Mango()
    assert (client.base_url, client.api_key) == ("http://env.test:9000", "env-key")
    assert client.default_headers["authorization"] == "Bearer env-key"
    explicit = AsyncMango(base_url="http://arg.test", api_key="arg-key")
    assert (explicit.base_url, explicit.api_key) == ("http://arg.test", "arg-key")


def test_without_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MANGO_BASE_URL", raising=False)
    monkeypatch.delenv("MANGO_API_KEY", raising=False)
    client = Mango()
    assert client.base_url == DEFAULT_BASE_URL
    assert "authorization" not in client.default_headers


@respx.mock
def test_headers_request_id_and_json_body(make_client: Callable[..., Mango]) -> None:
    route = respx.post("http://mango.test/v1/things").mock(
        return_value=httpx.Response(200, json={"id": "t"}, headers={"request-id": "req_42"})
    )
    client = make_client(default_headers={"x-team": "a"})
    result = client._request("POST", "/v1/things", cast=dict, body={"name": "n"}, headers={"x-call": "b"}, timeout=3.0)
    assert result == {"id": "t"}
    assert client.last_request_id == "req_42"
    sent = route.calls[0].request
    assert sent.headers["authorization"] == "Bearer mango-test-key"
    assert (sent.headers["x-team"], sent.headers["x-call"]) == ("a", "b")
    assert sent.headers["user-agent"].startswith("mango-python/")
    assert json.loads(sent.content) == {"name": "n"}
    assert sent.extensions["timeout"]["read"] == 3.0


@respx.mock
def test_base_url_with_a_path_prefix() -> None:
    route = respx.get("http://mango.test/prefix/v1/health").mock(return_value=httpx.Response(200, json={}))
    Mango(base_url="http://mango.test/prefix/")._request("GET", "/v1/health", cast=dict)
    assert route.called


@respx.mock
def test_binary_download_and_no_content(make_client: Callable[..., Mango]) -> None:
    respx.get("http://mango.test/v1/files/f/content").mock(return_value=httpx.Response(200, content=b"\x00\xffdata"))
    respx.post("http://mango.test/v1/poll").mock(return_value=httpx.Response(204))
    client = make_client()
    assert client._request("GET", "/v1/files/f/content", cast=bytes, binary=True) == b"\x00\xffdata"
    assert client._request("POST", "/v1/poll", cast=lambda data: data) is None


@respx.mock
def test_multipart_upload_from_a_file_object(make_client: Callable[..., Mango]) -> None:
    route = respx.post("http://mango.test/v1/files").mock(return_value=httpx.Response(200, json={"id": "file_1"}))
    handle = io.BytesIO(b"payload-bytes")
    handle.name = "notes.txt"
    make_client()._request("POST", "/v1/files", cast=dict, files={"file": handle}, form={"purpose": "x"})
    sent = route.calls[0].request
    assert sent.headers["content-type"].startswith("multipart/form-data; boundary=")
    assert b'filename="notes.txt"' in sent.content
    assert b"payload-bytes" in sent.content
    assert b'name="purpose"\r\n\r\nx' in sent.content


@respx.mock
def test_undecodable_answer_is_a_validation_error(make_client: Callable[..., Mango]) -> None:
    import mango

    respx.get("http://mango.test/v1/x").mock(return_value=httpx.Response(200, content=b"not json"))
    with pytest.raises(mango.APIResponseValidationError):
        make_client()._request("GET", "/v1/x", cast=dict)


@respx.mock
async def test_async_request_and_close(make_async_client: Callable[..., AsyncMango]) -> None:
    respx.get("http://mango.test/v1/x").mock(return_value=httpx.Response(200, json=[1], headers={"request-id": "r"}))
    client = make_async_client()
    assert await client._request("GET", "/v1/x", cast=list) == [1]
    assert client.last_request_id == "r"
    await client.close()


def test_sync_context_manager_closes_the_pool() -> None:
    with Mango(base_url="http://mango.test") as client:
        assert isinstance(client, Mango)
    assert client._http.is_closed
