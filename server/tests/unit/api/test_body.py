"""JSON request bodies: the byte bound while reading, nesting, NUL, parameters and ``null`` where not allowed."""

from __future__ import annotations

import json
from typing import Any

import pytest
from mango_server.api._generated import models
from mango_server.api.body import (
    MAX_JSON_DEPTH,
    check_not_null,
    check_parameters,
    decode_object,
    read_limited,
)
from mango_server.domain.errors import InvalidRequestError, RequestTooLargeError
from starlette.requests import Request
from starlette.types import Message


def _request(chunks: list[bytes], headers: dict[str, str] | None = None) -> tuple[Request, list[int]]:
    """A request whose body arrives in ``chunks``; the list counts the chunks the app pulled."""
    pulled: list[int] = []

    async def receive() -> Message:
        index = len(pulled)
        pulled.append(index)
        if index >= len(chunks):
            return {"type": "http.disconnect"}
        return {"type": "http.request", "body": chunks[index], "more_body": index < len(chunks) - 1}

    raw = [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
    scope: dict[str, Any] = {"type": "http", "method": "POST", "path": "/", "headers": raw, "query_string": b""}
    return Request(scope, receive), pulled


async def test_a_body_within_the_bound_is_read_whole() -> None:
    request, _ = _request([b'{"a":', b"1}"])
    assert await read_limited(request, 16) == b'{"a":1}'


async def test_a_declared_length_past_the_bound_is_refused_before_reading() -> None:
    request, pulled = _request([b"x" * 10], {"content-length": str(10**9)})
    with pytest.raises(RequestTooLargeError):
        await read_limited(request, 1024)
    assert pulled == []


async def test_a_streamed_body_is_refused_once_the_bound_is_crossed() -> None:
    # 1,000 chunks of 1 KiB with no content-length: the reader stops after the third chunk.
    request, pulled = _request([b"x" * 1024] * 1000)
    with pytest.raises(RequestTooLargeError):
        await read_limited(request, 2048)
    assert len(pulled) == 3


def test_deep_nesting_is_an_invalid_request() -> None:
    for depth in (MAX_JSON_DEPTH + 1, 5000):
        raw = '{"a":' * depth + "1" + "}" * depth
        with pytest.raises(InvalidRequestError, match="deeper"):
            decode_object(raw.encode())
    shallow = '{"a":' * (MAX_JSON_DEPTH - 1) + "1" + "}" * (MAX_JSON_DEPTH - 1)
    assert decode_object(shallow.encode())


def test_a_5000_deep_input_schema_is_an_invalid_request() -> None:
    schema: Any = {"type": "string"}
    raw = json.dumps({"type": "object", "properties": {"x": schema}})
    raw = raw.replace('{"type": "string"}', '{"items": ' * 5000 + "{}" + "}" * 5000)
    body = json.dumps({"name": "a", "model": "m", "tools": [{"type": "custom", "name": "t"}]})  # schema added below
    body = body.replace('"name": "t"', f'"name": "t", "input_schema": {raw}')
    with pytest.raises(InvalidRequestError):
        decode_object(body.encode())


@pytest.mark.parametrize(
    "body",
    [
        {"name": "a\x00b"},
        {"metadata": {"k\x00": "v"}},
        {"events": [{"content": [{"type": "text", "text": "hi\x00"}]}]},
    ],
)
def test_nul_anywhere_in_a_body_is_an_invalid_request(body: dict[str, Any]) -> None:
    with pytest.raises(InvalidRequestError, match="NUL"):
        decode_object(json.dumps(body).encode())


def test_an_unpaired_surrogate_is_an_invalid_request() -> None:
    with pytest.raises(InvalidRequestError, match="Unicode"):
        decode_object(b'{"name": "\\ud800"}')


def test_parameters_with_nul_or_undecodable_bytes_are_invalid() -> None:
    with pytest.raises(InvalidRequestError, match="NUL"):
        check_parameters({"agent_id": "agent_\x00"}, [])
    with pytest.raises(InvalidRequestError, match="percent-encoded"):
        check_parameters({"agent_id": "agent_\ufffd"}, [])  # what ASGI servers make of %FF
    with pytest.raises(InvalidRequestError, match="NUL"):
        check_parameters({}, [("page", "x\x00")])
    check_parameters({"agent_id": "agent_1"}, [("limit", "10")])


def test_null_for_a_non_nullable_optional_property_is_refused() -> None:
    with pytest.raises(InvalidRequestError, match=r"body\.name: must not be null"):
        check_not_null(models.AgentUpdateParams.model_validate({"name": None}))
    check_not_null(models.AgentUpdateParams.model_validate({"description": None}))  # nullable: clears it
    check_not_null(models.AgentUpdateParams.model_validate({}))


def test_null_is_refused_in_nested_models_too() -> None:
    tool = {"type": "custom", "name": "t", "description": None, "input_schema": {"type": "object"}}
    body = {"name": "a", "model": "m", "tools": [tool]}
    with pytest.raises(InvalidRequestError, match=r"tools\[0\]\.description"):
        check_not_null(models.AgentCreateParams.model_validate(body))


@pytest.mark.parametrize("raw", [b'{"a": NaN}', b'{"a": Infinity}', b'{"a": -Infinity}', b'{"a": 1e999}'])
def test_non_finite_numbers_are_not_json(raw: bytes) -> None:
    with pytest.raises(InvalidRequestError, match="not valid JSON"):
        decode_object(raw)
