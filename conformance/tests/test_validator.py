"""The suite's judgement on tiny inline contracts and a fake server: it must catch what it claims to."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from mango_conformance import Report, Spec
from mango_conformance._checks import check_authentication, check_bad_inputs, check_isolation
from mango_conformance._probe import Call, Probe

THING = {
    "type": "object",
    "additionalProperties": False,
    "required": ["type", "id", "created_at"],
    "properties": {
        "type": {"type": "string", "const": "thing"},
        "id": {"type": "string", "maxLength": 64},
        "created_at": {"type": "string", "format": "date-time"},
        "archived_at": {"type": ["string", "null"], "format": "date-time"},
    },
}
ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}}


def spec() -> Spec:
    """A two-operation contract: create a thing (strict JSON body) and get one by id."""
    errors = {str(s): {"description": "error", "content": ERROR} for s in (400, 401, 404, 500)}
    ok = {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Thing"}}}}
    body = {
        "type": "object",
        "additionalProperties": False,
        "required": ["name"],
        "properties": {"name": {"type": "string"}, "size": {"type": "integer", "minimum": 1, "maximum": 10}},
    }
    return Spec(
        {
            "openapi": "3.1.0",
            "security": [{"Key": []}],
            "paths": {
                "/v1/things": {
                    "post": {
                        "operationId": "things.create",
                        "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
                        "responses": {"200": ok, **errors},
                    }
                },
                "/v1/things/{thing_id}": {
                    "get": {
                        "operationId": "things.get",
                        "parameters": [
                            {"name": "thing_id", "in": "path", "required": True, "schema": {"type": "string"}},
                            {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 5}},
                        ],
                        "responses": {"200": ok, **errors},
                    }
                },
            },
            "components": {
                "schemas": {
                    "Thing": THING,
                    "ErrorEnvelope": {
                        "type": "object",
                        "required": ["type", "error", "request_id"],
                        "properties": {
                            "type": {"const": "error"},
                            "error": {"type": "object", "required": ["type", "message"]},
                            "request_id": {"type": "string"},
                        },
                    },
                }
            },
        }
    )


def envelope(status: int, kind: str, request_id: str = "req_1") -> httpx.Response:
    body = {"type": "error", "error": {"type": kind, "message": kind}, "request_id": request_id}
    return httpx.Response(status, json=body, headers={"request-id": request_id})


def thing(**changes: Any) -> httpx.Response:
    body = {"type": "thing", "id": "thing_1", "created_at": "2026-01-01T00:00:00Z", "archived_at": None, **changes}
    return httpx.Response(200, json=body, headers={"request-id": "req_ok"})


@pytest.fixture
def probe_for() -> Iterator[Any]:
    probes: list[Probe] = []

    def make(handler: Any) -> tuple[Probe, Report]:
        contract = spec()
        report = Report("http://test")
        for op in contract.operations.values():
            report.add_operation(op.operation_id, op.method, op.path)
        probe = Probe(contract, report, "http://test", "key", "other-key")
        probe._http = httpx.Client(base_url="http://test", transport=httpx.MockTransport(handler))
        probes.append(probe)
        return probe, report

    yield make
    for probe in probes:
        probe.close()


def test_a_conforming_answer_passes(probe_for: Any) -> None:
    probe, report = probe_for(lambda request: thing())
    assert probe.expect_ok(Call("things.get", {"thing_id": "thing_1"}))["id"] == "thing_1"
    assert report.operations["things.get"].status == "conforms"


@pytest.mark.parametrize(
    ("response", "reason"),
    [
        (thing(type="widget"), "type: 'thing' was expected"),
        (thing(created_at="yesterday"), "is not a 'date-time'"),
        (thing(extra=1), "Additional properties are not allowed"),
        (httpx.Response(200, json={"type": "thing"}, headers={"request-id": "r"}), "'id' is a required property"),
        (httpx.Response(200, text="<html>", headers={"request-id": "r"}), "content-type text/plain"),
        (httpx.Response(202, json={}, headers={"request-id": "r"}), "undeclared status 202"),
        (thing().__class__(200, json=json.loads(thing().content)), "no request-id header"),
    ],
)
def test_a_response_violating_the_contract_is_reported(probe_for: Any, response: httpx.Response, reason: str) -> None:
    probe, report = probe_for(lambda request: response)
    probe.expect_ok(Call("things.get", {"thing_id": "thing_1"}))
    entry = report.operations["things.get"]
    assert entry.status == "failed"
    assert any(reason in failure for failure in entry.failures), entry.failures


def test_a_500_on_bad_input_is_reported(probe_for: Any) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.method == "POST" and b"conformance_unknown_field" in request.content:
            return envelope(500, "api_error")
        if request.method == "POST":
            return envelope(400, "invalid_request_error")
        return thing()

    probe, report = probe_for(handler)
    check_bad_inputs(probe, Call("things.create", json_body={"name": "x", "size": 2}), [])
    assert report.operations["things.create"].failures == ["500 on bad input: unknown body field"]


def test_bad_input_accepted_or_undeclared_is_reported(probe_for: Any) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if request.url.params.get("limit") == "0":
            return thing()
        if "limit" in request.url.params:
            return envelope(422, "invalid_request_error")
        return envelope(404, "not_found_error")

    probe, report = probe_for(handler)
    check_bad_inputs(probe, Call("things.get", {"thing_id": "thing_1"}), [])
    failures = report.operations["things.get"].failures
    assert "query limit=0 (below minimum): accepted with 200 instead of an error" in failures
    assert any("undeclared status 422" in f for f in failures), failures


def test_a_request_id_mismatch_is_reported(probe_for: Any) -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        response = envelope(401, "authentication_error", request_id="req_body")
        response.headers["request-id"] = "req_header"
        return response

    probe, report = probe_for(handler)
    check_authentication(probe, Call("things.get", {"thing_id": "thing_1"}))
    assert any("differs from the envelope's request_id" in f for f in report.operations["things.get"].failures)


def test_an_isolation_leak_is_reported(probe_for: Any) -> None:
    probe, report = probe_for(lambda request: thing())
    check_isolation(probe, Call("things.get", {"thing_id": "thing_1"}))
    assert any("ISOLATION LEAK" in f for f in report.operations["things.get"].failures)


def test_not_implemented_is_reported_but_not_a_failure(probe_for: Any) -> None:
    probe, report = probe_for(lambda request: envelope(501, "not_implemented"))
    assert probe.expect_ok(Call("things.get", {"thing_id": "thing_1"})) is None
    assert report.operations["things.get"].status == "not_implemented"
    assert report.operations["things.create"].status == "failed"  # never exercised
    assert not report.ok


def test_sse_messages_are_validated() -> None:
    contract = Spec.load()
    good = {
        "type": "session.status_running",
        "id": "sevt_1",
        "processed_at": None,
        "created_at": "2026-01-01T00:00:00Z",
    }
    assert contract.check_stream_event("sessions.events.stream", "ping", None, '{"type":"ping"}') == []
    problems = contract.check_stream_event("sessions.events.stream", "agent.message", "sevt_1", json.dumps(good))
    assert any("differs from data.type" in p for p in problems)
    bad = {**good, "type": "agent.message"}
    assert contract.check_stream_event("sessions.events.stream", "agent.message", "sevt_1", json.dumps(bad))


def test_the_repository_spec_has_every_operation() -> None:
    contract = Spec.load()
    assert len(contract.operations) >= 60
    assert contract.operations["sessions.events.stream"].stream
    assert contract.operations["agents.list"].paginated
