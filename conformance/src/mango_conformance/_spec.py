"""The contract side of the suite: load ``openapi/mango.yaml`` and judge answers against it.

``Spec`` reads the document once, resolves the ``$ref`` of path items (parameters, request
bodies, responses) and exposes every operation by ``operationId``. ``Spec.check_response``
judges one HTTP answer: the status must be declared by the operation, the content type must
match the declared media type, the body must validate against the declared schema (JSON Schema
Draft 2020-12, which OpenAPI 3.1 schemas are), and every answer must carry a ``request-id``
header equal to the envelope's ``request_id`` on errors. ``Spec.check_stream_event`` judges one
SSE message: its ``data:`` payload against the ``contentSchema`` of the stream's message schema.

Schema ``$ref`` pointers (``#/components/schemas/...``) are resolved by jsonschema itself: each
validator's root schema embeds the document's ``components``, so pointers resolve in place.
Not responsible for sending requests or deciding what a scenario expects (``_probe``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator, FormatChecker  # type: ignore[import-untyped]
from jsonschema.exceptions import best_match  # type: ignore[import-untyped]

NOT_IMPLEMENTED_STATUS = 501
NOT_IMPLEMENTED_TYPE = "not_implemented"
HTTP_METHODS = ("get", "post", "put", "patch", "delete")


def default_spec_path() -> Path:
    """The repository copy of the contract, located relative to this package."""
    return Path(__file__).resolve().parents[3] / "openapi" / "mango.yaml"


def _date_time(value: object) -> bool:
    if not isinstance(value, str):
        return True  # formats constrain strings only; ``type`` judges the rest
    if "T" not in value.upper():
        return False
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
    except ValueError:
        return False
    return parsed.tzinfo is not None


FORMATS = FormatChecker(formats=())
FORMATS.checks("date-time")(_date_time)


@dataclass(frozen=True)
class Parameter:
    """One path, query or header parameter with its (resolved) schema."""

    name: str
    location: str
    required: bool
    schema: dict[str, Any]


@dataclass(frozen=True)
class Operation:
    """One operation of the contract."""

    operation_id: str
    method: str
    path: str
    parameters: tuple[Parameter, ...]
    security: tuple[str, ...]
    request_content: dict[str, dict[str, Any]]
    request_required: bool
    responses: dict[str, dict[str, dict[str, Any]]]
    paginated: bool = False
    stream: bool = False
    extensions: dict[str, Any] = field(default_factory=dict)

    def params(self, location: str) -> list[Parameter]:
        """The parameters found in ``location`` (``path``, ``query`` or ``header``)."""
        return [p for p in self.parameters if p.location == location]

    @property
    def json_body_schema(self) -> dict[str, Any] | None:
        """The request body schema when the body is JSON."""
        return self.request_content.get("application/json")

    @property
    def multipart_body_schema(self) -> dict[str, Any] | None:
        """The request body schema when the body is ``multipart/form-data``."""
        return self.request_content.get("multipart/form-data")


class Spec:
    """The loaded contract and the validators built from it."""

    def __init__(self, document: dict[str, Any]) -> None:
        self.document = document
        self.components: dict[str, Any] = document.get("components", {})
        self.operations: dict[str, Operation] = {}
        self._validators: dict[str, Draft202012Validator] = {}
        for path, item in document.get("paths", {}).items():
            for method in HTTP_METHODS:
                if method in item:
                    op = self._operation(path, method, item)
                    self.operations[op.operation_id] = op

    @classmethod
    def load(cls, path: str | Path | None = None) -> Spec:
        """Read and parse the YAML document (the repository copy by default)."""
        source = Path(path) if path is not None else default_spec_path()
        document = yaml.safe_load(source.read_text(encoding="utf-8"))
        if not isinstance(document, dict) or "paths" not in document:
            raise ValueError(f"{source} is not an OpenAPI document")
        return cls(document)

    def resolve(self, node: Any) -> Any:
        """Follow a local ``$ref`` (``#/a/b``) until a concrete node."""
        seen = 0
        while isinstance(node, dict) and "$ref" in node and seen < 32:
            pointer = str(node["$ref"])
            if not pointer.startswith("#/"):
                raise ValueError(f"only local references are supported: {pointer}")
            target: Any = self.document
            for part in pointer[2:].split("/"):
                target = target[part.replace("~1", "/").replace("~0", "~")]
            node = target
            seen += 1
        return node

    def _operation(self, path: str, method: str, item: dict[str, Any]) -> Operation:
        raw = item[method]
        params: dict[tuple[str, str], Parameter] = {}
        for node in [*item.get("parameters", []), *raw.get("parameters", [])]:
            param = self.resolve(node)
            params[(param["name"], param["in"])] = Parameter(
                param["name"], param["in"], bool(param.get("required")), param.get("schema", {})
            )
        body = self.resolve(raw.get("requestBody", {}))
        security = raw.get("security", self.document.get("security", []))
        responses: dict[str, dict[str, dict[str, Any]]] = {}
        for status, response in raw.get("responses", {}).items():
            resolved = self.resolve(response)
            responses[str(status)] = {
                media: content.get("schema", {}) for media, content in resolved.get("content", {}).items()
            }
        return Operation(
            operation_id=raw["operationId"],
            method=method.upper(),
            path=path,
            parameters=tuple(params.values()),
            security=tuple(name for requirement in security for name in requirement),
            request_content={m: c.get("schema", {}) for m, c in body.get("content", {}).items()},
            request_required=bool(body.get("required")),
            responses=responses,
            paginated=bool(raw.get("x-mango-paginated")),
            stream=bool(raw.get("x-mango-stream")),
            extensions={k: v for k, v in raw.items() if k.startswith("x-")},
        )

    def schema(self, name: str) -> dict[str, Any]:
        """A named component schema."""
        found: dict[str, Any] = self.components["schemas"][name]
        return found

    def validator(self, schema: dict[str, Any]) -> Draft202012Validator:
        """A Draft 2020-12 validator whose root embeds ``components`` so local refs resolve."""
        key = json.dumps(schema, sort_keys=True)
        if key not in self._validators:
            root = {**schema, "components": self.components}
            self._validators[key] = Draft202012Validator(root, format_checker=FORMATS)
        return self._validators[key]

    def validate(self, schema: dict[str, Any], instance: Any) -> list[str]:
        """Schema violations of ``instance``, most relevant first, as short sentences."""
        validator = self.validator(schema)
        errors = list(validator.iter_errors(instance))
        if not errors:
            return []
        best = best_match(errors)
        where = "/".join(str(p) for p in best.absolute_path) or "(body)"
        message = f"{where}: {best.message}"
        if len(message) > 300:
            message = message[:297] + "..."
        more = f" (+{len(errors) - 1} more)" if len(errors) > 1 else ""
        return [message + more]

    def check_response(self, operation_id: str, status: int, headers: dict[str, str], body: bytes) -> Verdict:
        """Judge one answer of ``operation_id`` against the contract."""
        op = self.operations[operation_id]
        verdict = Verdict(status=status)
        error_type = _error_type(body)
        verdict.error_type = error_type
        if not headers.get("request-id"):
            verdict.problems.append(f"{status}: no request-id header")
        declared = op.responses.get(str(status))
        if declared is None:
            if status == NOT_IMPLEMENTED_STATUS and error_type == NOT_IMPLEMENTED_TYPE:
                verdict.not_implemented = True
                declared = {"application/json": {"$ref": "#/components/schemas/ErrorEnvelope"}}
            else:
                verdict.problems.append(f"undeclared status {status} (declared: {', '.join(op.responses)})")
                declared = {"application/json": {"$ref": "#/components/schemas/ErrorEnvelope"}} if status >= 400 else {}
        self._check_content(verdict, declared, headers, body, streaming=op.stream and status == 200)
        if status >= 400:
            self._check_envelope(verdict, headers, body)
        return verdict

    def _check_content(
        self,
        verdict: Verdict,
        declared: dict[str, dict[str, Any]],
        headers: dict[str, str],
        body: bytes,
        streaming: bool,
    ) -> None:
        if not declared:
            if body.strip():
                verdict.problems.append(f"{verdict.status}: a body was sent where none is declared")
            return
        media = headers.get("content-type", "").split(";")[0].strip().lower()
        if media not in declared:
            verdict.problems.append(f"{verdict.status}: content-type {media or '(none)'} not in {', '.join(declared)}")
            return
        if streaming or media != "application/json":
            return
        try:
            decoded = json.loads(body)
        except ValueError:
            verdict.problems.append(f"{verdict.status}: body is not valid JSON")
            return
        verdict.body = decoded
        verdict.problems.extend(f"{verdict.status}: {p}" for p in self.validate(declared[media], decoded))

    def _check_envelope(self, verdict: Verdict, headers: dict[str, str], body: bytes) -> None:
        if not isinstance(verdict.body, dict):
            return
        if verdict.body.get("request_id") != headers.get("request-id"):
            verdict.problems.append(
                f"{verdict.status}: request-id header {headers.get('request-id')!r} differs from the envelope's "
                f"request_id {verdict.body.get('request_id')!r}"
            )

    def stream_data_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        """The schema of a stream message's ``data`` (its ``contentSchema``; the message schema's own fields
        ``event`` and ``id`` are checked by ``check_stream_event``)."""
        message = self.resolve(schema)
        data = message.get("properties", {}).get("data", {})
        content: dict[str, Any] = data.get("contentSchema", schema) if isinstance(data, dict) else schema
        return content

    def check_stream_event(self, operation_id: str, event: str, event_id: str | None, data: str) -> list[str]:
        """Problems with one SSE message of a ``x-mango-stream`` operation."""
        op = self.operations[operation_id]
        schemas = [
            self.stream_data_schema(s)
            for media, s in op.responses.get("200", {}).items()
            if media == "text/event-stream"
        ]
        try:
            decoded = json.loads(data)
        except ValueError:
            return [f"event {event!r}: data is not one JSON document"]
        if event == "ping":
            return [] if decoded == {"type": "ping"} else [f"ping data is {data!r}"]
        if event == "error":
            return self.validate({"$ref": "#/components/schemas/ErrorEnvelope"}, decoded)
        if not schemas:
            return ["the operation declares no text/event-stream schema"]
        problems = [f"event {event!r} id {event_id!r}: {p}" for p in self.validate(schemas[0], decoded)]
        if isinstance(decoded, dict):
            if decoded.get("type") != event:
                problems.append(f"event: line {event!r} differs from data.type {decoded.get('type')!r}")
            if event_id and decoded.get("id") != event_id:
                problems.append(f"id: line {event_id!r} differs from data.id {decoded.get('id')!r}")
            if event not in ("event_start", "event_delta") and not event_id:
                problems.append(f"persisted event {event!r} has no id: line")
        return problems


@dataclass
class Verdict:
    """The judgement of one answer: contract problems plus what the caller may need next."""

    status: int
    problems: list[str] = field(default_factory=list)
    not_implemented: bool = False
    error_type: str | None = None
    body: Any = None


def _error_type(body: bytes) -> str | None:
    try:
        decoded = json.loads(body)
    except ValueError:
        return None
    if isinstance(decoded, dict) and isinstance(decoded.get("error"), dict):
        kind = decoded["error"].get("type")
        return kind if isinstance(kind, str) else None
    return None
