"""The Idempotency-Key edge and replay rules, without a database: which requests carry a key, what
their fingerprint covers, and what a held key answers."""

from __future__ import annotations

from typing import Any
from unittest.mock import MagicMock

import pytest
from mango_server.api import idempotency as edge
from mango_server.api._generated.routes import ROUTES, Route
from mango_server.api.context import RequestContext
from mango_server.app import idempotency
from mango_server.domain.errors import ConflictError, InvalidRequestError
from mango_server.domain.principal import Principal
from mango_server.store.idempotency import KeyRow
from starlette.requests import Request

ROUTE = {r.operation_id: r for r in ROUTES}


def _ctx(route: Route, body: dict[str, Any], key: str | None, path: str = "/v1/agents", query: bytes = b"") -> Any:
    headers = [(b"idempotency-key", key.encode())] if key is not None else []
    scope = {"type": "http", "method": route.method.upper(), "path": path, "query_string": query, "headers": headers}
    request = Request(scope)
    principal = Principal("WorkspaceKey", "ws_1", "key_1")
    return RequestContext(request, MagicMock(), principal, "req_1", {}, request.query_params, body)


def test_only_mutations_with_a_header_carry_a_key() -> None:
    create, listing = ROUTE["agents.create"], ROUTE["agents.list"]
    assert edge.key_of(create, _ctx(create, {}, None)) is None
    assert edge.key_of(listing, _ctx(listing, {}, "k1")) is None
    key = edge.key_of(create, _ctx(create, {}, "k1"))
    assert key is not None
    assert (key.workspace_id, key.key, key.operation_id) == ("ws_1", "k1", "agents.create")


@pytest.mark.parametrize("bad", ["", "a b", "x" * 256, "é"])
def test_a_malformed_key_is_refused(bad: str) -> None:
    create = ROUTE["agents.create"]
    with pytest.raises(InvalidRequestError):
        edge.key_of(create, _ctx(create, {}, bad))


def test_the_fingerprint_covers_body_path_and_query_not_key_order() -> None:
    create = ROUTE["agents.create"]

    def fingerprint(body: dict[str, Any], path: str = "/v1/agents", query: bytes = b"") -> bytes:
        key = edge.key_of(create, _ctx(create, body, "k", path, query))
        assert key is not None
        return key.fingerprint

    assert fingerprint({"a": 1, "b": 2}) == fingerprint({"b": 2, "a": 1})
    assert fingerprint({"a": 1}) != fingerprint({"a": 2})
    assert fingerprint({"a": 1}) != fingerprint({"a": 1}, path="/v1/agents/x")
    assert fingerprint({"a": 1}) != fingerprint({"a": 1}, query=b"x=1")


def _row(fingerprint: bytes, state: str = "done") -> KeyRow:
    done = state == "done"
    return KeyRow("ws_1", "k", fingerprint, "agents.create", state, 200 if done else None, "application/json", b"{}")


def test_a_held_key_replays_refuses_another_request_or_one_still_running() -> None:
    key = idempotency.Key("ws_1", "k", b"same", "agents.create")
    replay = idempotency._replay(_row(b"same"), key)
    assert (replay.status, replay.body, replay.replayed) == (200, b"{}", True)
    with pytest.raises(ConflictError, match="different request"):
        idempotency._replay(_row(b"other"), key)
    with pytest.raises(ConflictError, match="still running"):
        idempotency._replay(_row(b"same", "running"), key)


def test_only_complete_successful_answers_are_stored() -> None:
    assert idempotency.Answer(200, "application/json", b"{}").storable
    assert not idempotency.Answer(409, "application/json", b"{}").storable
    assert not idempotency.Answer(200, "text/event-stream", b"", store=False).storable
    assert "sessions.events.send" in idempotency.ATOMIC_OPERATIONS
