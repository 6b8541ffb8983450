"""Bad inputs derived from the contract and from one valid call of an operation.

Given the valid ``Call`` of an operation, ``bad_inputs`` produces variants that a conforming
server must refuse with an error envelope: unknown and malformed path ids, wrong-typed and
out-of-range query values (``limit=0``, ``limit=100000``), bad cursors, a missing required
query parameter, an unknown ``Last-Event-ID``, a malformed ``Idempotency-Key`` (400 on every
mutation), and for bodies: malformed JSON, a non-object, each required field missing, each
present field with a wrong type, an unknown field in a strict (``additionalProperties: false``)
body, and broken multipart uploads. Each variant carries the statuses it may answer. Not
responsible for sending them (``_probe``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ._probe import Call
from ._spec import Operation, Parameter, Spec

BAD_REQUEST = frozenset({400})
NOT_FOUND = frozenset({404})
REFUSED = frozenset({400, 404})

ID_PREFIXES = {
    "agent_id": "agent",
    "environment_id": "env",
    "work_id": "work",
    "session_id": "sesn",
    "thread_id": "sthr",
    "file_id": "file",
    "skill_id": "skill",
    "memory_store_id": "memstore",
    "memory_id": "mem",
    "memory_version_id": "memver",
}
UNKNOWN_FIELD = "conformance_unknown_field"
_WRONG_CANDIDATES: tuple[Any, ...] = (12345, "not-a-valid-value", False, ["x"], {"x": 1})


@dataclass(frozen=True)
class BadInput:
    """A refused variant, the statuses it may answer and the error type it must carry."""

    call: Call
    statuses: frozenset[int]
    error_type: str | None = "invalid_request_error"


def unknown_id(name: str) -> str:
    """A well-formed id that names nothing."""
    if name == "version":
        return "999999"
    return f"{ID_PREFIXES.get(name, 'x')}_conformance0000missing"


def bad_inputs(spec: Spec, valid: Call) -> list[BadInput]:
    """Every refused variant of ``valid`` the contract implies."""
    op = spec.operations[valid.operation_id]
    return [*_path_cases(op, valid), *_query_cases(op, valid), *_header_cases(op, valid), *_body_cases(spec, op, valid)]


def _path_cases(op: Operation, valid: Call) -> list[BadInput]:
    cases: list[BadInput] = []
    for param in op.params("path"):

        def swap(value: str, name: str = param.name) -> dict[str, str]:
            return {**valid.path_params, name: value}

        cases.append(
            BadInput(
                valid.but(f"unknown {param.name}", path_params=swap(unknown_id(param.name))),
                NOT_FOUND,
                "not_found_error",
            )
        )
        cases.append(BadInput(valid.but(f"overlong {param.name}", path_params=swap("x" * 200)), REFUSED, None))
        cases.append(BadInput(valid.but(f"malformed {param.name}", path_params=swap("not an id!ü")), REFUSED, None))
        if param.name == "version":
            cases.append(BadInput(valid.but("version 'latest'", path_params=swap("latest")), REFUSED, None))
    return cases


def _query_cases(op: Operation, valid: Call) -> list[BadInput]:
    cases: list[BadInput] = []
    base = tuple((k, v) for k, v in valid.query)
    for param in op.params("query"):
        others = tuple((k, v) for k, v in base if k != param.name)
        for label, values in _bad_query_values(param):
            query = others + tuple((param.name, v) for v in values)
            cases.append(BadInput(valid.but(f"query {param.name}={label}", query=query), BAD_REQUEST))
        if param.required:
            cases.append(BadInput(valid.but(f"missing required query {param.name}", query=others), BAD_REQUEST))
    return cases


def _bad_query_values(param: Parameter) -> list[tuple[str, list[str]]]:
    schema = param.schema
    kind = schema.get("type")
    out: list[tuple[str, list[str]]] = []
    if kind == "integer":
        out.append(("'abc' (not an integer)", ["abc"]))
        if "minimum" in schema:
            out.append((f"{schema['minimum'] - 1} (below minimum)", [str(schema["minimum"] - 1)]))
        if "maximum" in schema:
            out.append((f"{schema['maximum'] + 1} (above maximum)", [str(schema["maximum"] + 1)]))
        if param.name == "limit":
            out.append(("100000 (above maximum)", ["100000"]))
    elif kind == "boolean":
        out.append(("'maybe' (not a boolean)", ["maybe"]))
    elif kind == "array":
        items = schema.get("items", {})
        if "enum" in items or "$ref" in items:
            out.append(("'bogus' (not an allowed value)", ["bogus"]))
    elif kind == "string":
        if "enum" in schema:
            out.append(("'sideways' (not an allowed value)", ["sideways"]))
        elif schema.get("format") == "date-time":
            out.append(("'yesterday' (not a date-time)", ["yesterday"]))
        elif "pattern" in schema:
            out.append(("'zz' (violates the pattern)", ["zz"]))
    if param.name == "page":
        out.append(("'not-a-cursor' (bad cursor)", ["not-a-cursor"]))
        out.append(("a forged cursor", ["eyJpZCI6IngiLCJvcmRlciI6InNpZGV3YXlzIn0"]))
    return out


def _header_cases(op: Operation, valid: Call) -> list[BadInput]:
    cases: list[BadInput] = []
    for param in op.params("header"):
        if param.name.lower() == "last-event-id":
            headers = {**valid.headers, "last-event-id": "sevt_conformance0000missing"}
            cases.append(BadInput(valid.but("unknown Last-Event-ID", headers=headers), BAD_REQUEST))
        if param.name.lower() == "idempotency-key":
            headers = {**valid.headers, "idempotency-key": "a key with spaces"}
            cases.append(BadInput(valid.but("malformed Idempotency-Key", headers=headers), BAD_REQUEST))
    return cases


def _body_cases(spec: Spec, op: Operation, valid: Call) -> list[BadInput]:
    if op.multipart_body_schema is not None:
        return _multipart_cases(spec, op, valid)
    schema = op.json_body_schema
    if schema is None:
        return []
    resolved = spec.resolve(schema)
    body = valid.json_body if isinstance(valid.json_body, dict) else {}
    json_headers = {**valid.headers, "content-type": "application/json"}
    cases = [
        BadInput(valid.but("malformed JSON body", raw_body=b'{"name": ', headers=json_headers), BAD_REQUEST),
        BadInput(valid.but("JSON body that is not an object", raw_body=b"[1, 2]", headers=json_headers), BAD_REQUEST),
    ]
    for name in resolved.get("required", []):
        without = {k: v for k, v in body.items() if k != name}
        cases.append(BadInput(valid.but(f"body without required {name!r}", json_body=without), BAD_REQUEST))
    properties = resolved.get("properties", {})
    for name in body:
        wrong = _wrong_value(spec, properties.get(name, {}))
        if wrong is not None:
            label = f"body {name!r} of the wrong type ({json.dumps(wrong[0])})"
            cases.append(BadInput(valid.but(label, json_body={**body, name: wrong[0]}), BAD_REQUEST))
    if resolved.get("additionalProperties") is False:
        cases.append(BadInput(valid.but("unknown body field", json_body={**body, UNKNOWN_FIELD: 1}), BAD_REQUEST))
    return cases


def _wrong_value(spec: Spec, schema: dict[str, Any]) -> list[Any] | None:
    for candidate in _WRONG_CANDIDATES:
        if spec.validate(schema, candidate):
            return [candidate]
    return None


def _multipart_cases(spec: Spec, op: Operation, valid: Call) -> list[BadInput]:
    resolved = spec.resolve(op.multipart_body_schema or {})
    cases = [
        BadInput(
            valid.but(
                "multipart body without its 'file' part", files={"other": ("x.txt", b"x", "text/plain")}, form={}
            ),
            BAD_REQUEST,
        ),
        BadInput(
            valid.but(
                "JSON body instead of multipart",
                files=None,
                form=None,
                raw_body=b"{}",
                headers={**valid.headers, "content-type": "application/json"},
            ),
            BAD_REQUEST,
        ),
    ]
    if resolved.get("additionalProperties") is False and valid.files:
        form = {**(valid.form or {}), UNKNOWN_FIELD: "1"}
        cases.append(BadInput(valid.but("unknown multipart field", form=form), BAD_REQUEST))
    return cases
