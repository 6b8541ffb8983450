"""Checks every golden HTTP exchange in conformance/golden/ against the README format and the spec.

Each request and response body is validated with jsonschema against the schema that
openapi/mango.yaml names for that operation and status (SSE streams event by event), and the
expected result or error is checked against the exchanges and the SDK retry rules, so every SDK
replays exchanges that the server could really produce.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "conformance" / "golden"
FILES = sorted(GOLDEN.glob("*.json"))
METHODS = {"get", "post", "put", "patch", "delete"}
ERROR_TYPES = {
    400: "invalid_request_error", 401: "authentication_error", 403: "permission_error", 404: "not_found_error",
    409: "conflict_error", 412: "precondition_failed", 413: "request_too_large", 429: "rate_limit_error",
    500: "api_error", 501: "not_implemented", 503: "overloaded",
}  # fmt: skip
CONFLICT_SUBTYPES = {"memory_path_conflict_error", "memory_precondition_failed_error"}
SPEC: dict[str, Any] = yaml.safe_load((ROOT / "openapi" / "mango.yaml").read_text(encoding="utf-8"))


def operations() -> dict[str, tuple[str, str, dict[str, Any]]]:
    found = {}
    for path, item in SPEC["paths"].items():
        for method, op in item.items():
            if method in METHODS:
                found[op["operationId"]] = (method.upper(), path, {**op, "parameters": parameters(item, op)})
    return found


def follow(node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        target: Any = SPEC
        for part in node["$ref"][2:].split("/"):
            target = target[part]
        node = target
    return node


def parameters(item: dict[str, Any], op: dict[str, Any]) -> list[dict[str, Any]]:
    return [follow(p) for p in [*item.get("parameters", []), *op.get("parameters", [])]]


OPS = operations()


def validate(schema: dict[str, Any], instance: Any, where: str) -> None:
    validator = Draft202012Validator({"components": SPEC["components"], **schema})
    errors = sorted(validator.iter_errors(instance), key=lambda e: list(e.absolute_path))
    assert not errors, f"{where}: " + "; ".join(f"{list(e.absolute_path)}: {e.message[:200]}" for e in errors[:5])


def parse_sse(text: str) -> list[dict[str, str]]:
    messages = []
    for block in text.split("\n\n"):
        fields: dict[str, str] = {}
        for line in block.splitlines():
            name, _, value = line.partition(":")
            fields[name] = fields.get(name, "") + value.removeprefix(" ")
        if fields:
            messages.append(fields)
    return messages


def stream_events(response: dict[str, Any], where: str) -> list[Any]:
    """Decoded, schema-checked events of one SSE answer (pings dropped, unknown types kept)."""
    assert response["body_text"].endswith("\n\n"), f"{where}: SSE body must end with a blank line"
    known = SPEC["components"]["schemas"]["SessionStreamEvent"]["discriminator"]["mapping"]
    events = []
    for message in parse_sse(response["body_text"]):
        data = json.loads(message["data"])
        assert data["type"] == message["event"], f"{where}: event: line differs from the data type"
        if message["event"] == "ping":
            continue
        if message["event"] == "error":
            validate({"$ref": "#/components/schemas/ErrorEnvelope"}, data, where)
            continue
        if "id" in message:
            assert message["id"] == data.get("id"), f"{where}: id: line must be the event id"
        if data["type"] in known:
            validate({"$ref": "#/components/schemas/SessionStreamEvent"}, data, f"{where} {data['type']}")
            assert ("id" in message) == (data["type"] not in {"event_start", "event_delta"}), where
        events.append(data)
    return events


def retryable(method: str, status: int) -> bool:
    # Every SDK mutation carries an Idempotency-Key, so 5xx (but 501) is retried for every method.
    return status in (429, 503) or (status >= 500 and status != 501)


def check_request(golden: dict[str, Any], index: int, request: dict[str, Any]) -> None:
    method, template, op = OPS[golden["call"]["operation"]]
    where = f"exchange {index} request"
    assert set(request) == {"method", "path", "query", "headers", "body"}, where
    assert request["method"] == method, where
    path = template
    for name, value in golden["call"].get("path", {}).items():
        path = path.replace("{" + name + "}", value)
    assert request["path"] == path, f"{where}: {request['path']} != {path}"
    query_names = {p["name"] for p in op["parameters"] if p["in"] == "query"}
    assert set(request["query"]) <= query_names, f"{where}: query keys outside the spec"
    for values in request["query"].values():
        assert isinstance(values, list), where
        assert all(isinstance(v, str) for v in values), where
    assert all(name == name.lower() for name in request["headers"]), f"{where}: header names must be lower-case"
    assert request["headers"].get("authorization", "").startswith("Bearer "), f"{where}: no bearer credential"
    content = op.get("requestBody", {}).get("content", {})
    if request["body"] is not None:
        assert "application/json" in content, f"{where}: body for an operation without a JSON body"
        validate(content["application/json"]["schema"], request["body"], where)
        assert request["body"] == golden["call"].get("body"), f"{where}: body differs from call.body"
    else:
        assert not op.get("requestBody", {}).get("required"), f"{where}: required body missing"


def check_response(golden: dict[str, Any], index: int, response: dict[str, Any]) -> list[Any]:
    """Validate one answer; return what it contributes to the SDK result."""
    _, _, op = OPS[golden["call"]["operation"]]
    where = f"exchange {index} response"
    status, headers = response["status"], response["headers"]
    assert set(response) <= {"status", "headers", "body", "body_text", "close_after"}, where
    assert all(name == name.lower() for name in headers), f"{where}: header names must be lower-case"
    assert re.fullmatch(r"req_\w+", headers.get("request-id", "")), f"{where}: no request-id header"
    spec_response = op["responses"].get(str(status))
    assert spec_response is not None, f"{where}: status {status} is not declared for the operation"
    content = follow(spec_response).get("content", {})
    if status >= 400:
        assert response["body_text"] is None, where
        validate({"$ref": "#/components/schemas/ErrorEnvelope"}, response["body"], where)
        error = response["body"]["error"]
        assert error["type"] == ERROR_TYPES[status] or (status == 409 and error["type"] in CONFLICT_SUBTYPES), where
        assert response["body"]["request_id"] == headers["request-id"], f"{where}: request_id != request-id header"
        return []
    if not content:
        assert response["body"] is None, f"{where}: {status} has no body"
        assert response["body_text"] is None, f"{where}: {status} has no body"
        return [None]
    media = headers.get("content-type", "")
    assert media in content, f"{where}: content-type {media!r} not declared"
    if media == "text/event-stream":
        assert response["body"] is None, where
        return stream_events(response, where)
    if media == "application/json":
        assert response["body_text"] is None, where
        validate(content[media]["schema"], response["body"], where)
        return [response["body"]]
    assert response["body"] is None, where
    assert isinstance(response["body_text"], str), where
    return [{"base64": base64.b64encode(response["body_text"].encode("utf-8")).decode("ascii")}]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_file(path: Path) -> None:
    golden = json.loads(path.read_text(encoding="utf-8"))
    assert set(golden) <= {"name", "description", "call", "client", "exchanges", "expect"}
    assert golden["name"] == path.stem, "name must equal the file name"
    assert golden.get("description"), "description missing"
    call = golden["call"]
    assert call["operation"] in OPS, f"unknown operation {call['operation']}"
    method, template, op = OPS[call["operation"]]
    mode = call.get("mode", "call")
    assert mode in {"call", "iterate", "stream"}
    assert (mode == "stream") == bool(op.get("x-mango-stream")), "mode stream is for the stream operation only"
    assert mode != "iterate" or op.get("x-mango-paginated"), "mode iterate is for paginated operations only"
    assert list(call.get("path", {})) == re.findall(r"\{(\w+)\}", template), "call.path must list path params in order"
    if "body" in call:
        validate(op["requestBody"]["content"]["application/json"]["schema"], call["body"], "call.body")
    query_names = {p["name"] for p in op["parameters"] if p["in"] == "query"}
    assert set(call.get("query", {})) <= query_names, "call.query keys outside the spec"
    assert {k.lower() for k in call.get("headers", {})} <= {"last-event-id"}, "unexpected call.headers"

    exchanges = golden["exchanges"]
    assert exchanges, "no exchanges"
    max_retries = golden.get("client", {}).get("max_retries", 2)
    produced: list[Any] = []
    attempts = 0
    for index, exchange in enumerate(exchanges, 1):
        assert set(exchange) == {"request", "response"}
        check_request(golden, index, exchange["request"])
        response = exchange["response"]
        items = check_response(golden, index, response)
        last = index == len(exchanges)
        status = response["status"]
        if response.get("close_after"):
            assert mode == "stream", "close_after is for a stream that is resumed"
            assert not last, "close_after is for a stream that is resumed"
            nxt = exchanges[index]["request"]["headers"].get("last-event-id")
            assert items, "a dropped stream must have delivered events before resuming"
            assert nxt == items[-1]["id"], "the resumed request must send the last event id"
        elif status >= 400:
            attempts += 1
            if not last:
                assert retryable(method, status), f"exchange {index}: {status} on {method} must not be retried"
                assert attempts <= max_retries, "more retries than client.max_retries"
            elif retryable(method, status):
                assert attempts == max_retries + 1, "a retryable final error must exhaust the retries"
        else:
            attempts = 0
            assert last or mode in {"iterate", "stream"}, "a successful call ends the exchange list"
        produced.extend(items)

    expect = golden["expect"]
    assert len(expect) == 1, "expect needs exactly one of result or error"
    assert set(expect) <= {"result", "error"}, "expect needs exactly one of result or error"
    final = exchanges[-1]["response"]
    if "error" in expect:
        assert final["status"] >= 400
        want = {
            "status": final["status"],
            "type": final["body"]["error"]["type"],
            "request_id": final["body"]["request_id"],
        }
        assert expect["error"] == want
    elif mode == "iterate":
        assert expect["result"] == [item for page in produced for item in page["data"]]
        assert produced[-1]["next_page"] is None, "auto-paging ends on a null next_page"
    elif mode == "stream":
        assert expect["result"] == produced
    else:
        assert expect["result"] == produced[-1]


def test_golden_set_covers_the_contract() -> None:
    names = {p.stem for p in FILES}
    operations_covered = {json.loads(p.read_text(encoding="utf-8"))["call"]["operation"] for p in FILES}
    assert len(names) >= 15
    assert {"sessions.events.stream", "sessions.list", "agents.list", "environments.work.poll"} <= operations_covered
