"""Loading, validating and reading ``openapi/mango.yaml`` for every generator target.

``load_spec`` reads the YAML, refuses dangling local ``$ref``s, validates the document with
openapi-spec-validator and then checks the Mango conventions from ``docs/development.md``
(operationId shape, declared security, paginated and streamed answers, discriminated unions).
Every violation is collected and raised together as one ``SpecError`` naming the operation or
JSON pointer. The typed helpers (``operations``, ``error_catalogue``, ``resolve``,
``split_operation_id``) give the targets one reading of paths, parameters, bodies, responses and
the error catalogue (``x-mango-error-catalogue``: every ``error.type`` with its HTTP status).

This module renders nothing and writes nothing; targets and ``_manifest`` do that.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from openapi_spec_validator import validate
from openapi_spec_validator.validation.exceptions import OpenAPIValidationError
from referencing.exceptions import Unresolvable

from mango_generators._common import Spec

__all__ = [
    "ERROR_CATALOGUE_KEY",
    "ERROR_TYPE_PATTERN",
    "HTTP_METHODS",
    "OPERATION_ID_PATTERN",
    "SECURITY_SCHEMES",
    "Body",
    "ErrorType",
    "Operation",
    "Parameter",
    "SpecError",
    "check_spec",
    "error_catalogue",
    "load_spec",
    "operations",
    "ref_name",
    "resolve",
    "split_operation_id",
    "stream_event_schema",
]

OPERATION_ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")
SECURITY_SCHEMES = frozenset({"WorkspaceKey", "EnvironmentKey", "SessionToken"})
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
ERROR_CATALOGUE_KEY = "x-mango-error-catalogue"
ERROR_TYPE_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
_PATH_PARAM = re.compile(r"\{([^}/]+)\}")


class SpecError(Exception):
    """The spec is not valid OpenAPI or breaks a Mango convention; ``problems`` lists each one."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        listing = "\n".join(f"  - {problem}" for problem in problems)
        super().__init__(f"{source}: {len(problems)} problem(s):\n{listing}")


@dataclass(frozen=True)
class Parameter:
    """One path or query parameter, with ``$ref``s already followed."""

    name: str
    location: str
    required: bool
    schema: Mapping[str, Any]
    description: str


@dataclass(frozen=True)
class Body:
    """A request or success-response body: its media type and schema (a ``$ref`` is kept as is)."""

    media_type: str
    schema: Mapping[str, Any]
    required: bool = True

    @property
    def schema_name(self) -> str | None:
        """The ``components/schemas`` name when the body schema is a plain ``$ref``."""
        ref = self.schema.get("$ref")
        return ref_name(ref) if isinstance(ref, str) else None


@dataclass(frozen=True)
class Operation:
    """One operation as every target reads it."""

    operation_id: str
    method: str
    path: str
    summary: str
    description: str
    path_params: tuple[Parameter, ...]
    query_params: tuple[Parameter, ...]
    request_body: Body | None
    response: Body | None
    success_status: str | None
    security: tuple[str, ...]
    paginated: bool
    stream: bool
    raw: Mapping[str, Any]
    header_params: tuple[Parameter, ...] = ()
    parameters: tuple[Parameter, ...] = ()
    """Every parameter (path-item ones first, an operation's own overriding), cookies included."""

    @property
    def namespace(self) -> tuple[str, ...]:
        """The resource path of the operationId (``("sessions", "events")``)."""
        return split_operation_id(self.operation_id)[0]

    @property
    def verb(self) -> str:
        """The last operationId segment (``"stream"``)."""
        return split_operation_id(self.operation_id)[1]


@dataclass(frozen=True)
class ErrorType:
    """One ``x-mango-error-catalogue`` entry: a stable ``error.type``, its HTTP status and one sentence."""

    type: str
    status: int
    description: str


def split_operation_id(operation_id: str) -> tuple[tuple[str, ...], str]:
    """Split ``sessions.events.stream`` into ``(("sessions", "events"), "stream")``."""
    *namespace, verb = operation_id.split(".")
    return tuple(namespace), verb


def ref_name(ref: str) -> str:
    """The last segment of a local ``$ref`` (``#/components/schemas/Note`` -> ``Note``)."""
    return _unescape(ref.rsplit("/", 1)[-1])


def resolve(spec: Spec, node: Any) -> Any:
    """Follow local ``$ref``s from ``node`` until a non-reference node is reached."""
    seen: set[str] = set()
    while isinstance(node, Mapping) and isinstance(node.get("$ref"), str):
        ref: str = node["$ref"]
        if ref in seen:
            raise SpecError("spec", [f"$ref cycle through {ref}"])
        seen.add(ref)
        node = _pointer(spec, ref)
        if node is None:
            raise SpecError("spec", [f"unresolvable $ref {ref}"])
    return node


def load_spec(path: Path) -> Spec:
    """Read, validate and convention-check the spec at ``path``; raise ``SpecError`` on any problem."""
    try:
        loaded = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SpecError(str(path), [f"cannot read the spec: {exc}"]) from exc
    except yaml.YAMLError as exc:
        raise SpecError(str(path), [f"not valid YAML: {exc}"]) from exc
    return check_spec(loaded, source=str(path))


def check_spec(spec: Any, source: str = "spec") -> Spec:
    """Validate an already-parsed document and check the Mango conventions."""
    if not isinstance(spec, dict):
        raise SpecError(source, ["the document is not a mapping"])
    refs = [(where, node["$ref"]) for where, node in _walk(spec, "#") if isinstance(node.get("$ref"), str)]
    dangling = [f"unresolvable $ref {ref!r} at {where}" for where, ref in refs if _pointer(spec, ref) is None]
    if dangling:
        raise SpecError(source, dangling)
    try:
        validate(spec)
    except OpenAPIValidationError as exc:
        where = "/".join(str(part) for part in exc.absolute_path) or "(document root)"
        raise SpecError(source, [f"invalid OpenAPI at {where}: {exc.message}"]) from exc
    except Unresolvable as exc:
        raise SpecError(source, [f"invalid OpenAPI: {exc}"]) from exc
    problems = _check_conventions(spec)
    if problems:
        raise SpecError(source, problems)
    return spec


def operations(spec: Spec) -> list[Operation]:
    """Every operation in document order (paths, then methods in ``HTTP_METHODS`` order)."""
    return [_operation(spec, path, method, item, op) for path, method, item, op in _raw_operations(spec)]


def error_catalogue(spec: Spec) -> tuple[ErrorType, ...]:
    """The catalogued error types in document order (empty when the spec has no catalogue).

    Raises:
        SpecError: the catalogue is malformed (the same problems ``check_spec`` reports).
    """
    problems = _check_error_catalogue(spec)
    if problems:
        raise SpecError("spec", problems)
    return tuple(
        ErrorType(type=entry["type"], status=entry["status"], description=" ".join(entry["description"].split()))
        for entry in spec.get(ERROR_CATALOGUE_KEY) or []
    )


# --- conventions -------------------------------------------------------------------------------


def _check_conventions(spec: Spec) -> list[str]:
    problems: list[str] = []
    seen: dict[str, str] = {}
    for path, method, item, raw in _raw_operations(spec):
        label = f"{method.upper()} {path}"
        op_id = raw.get("operationId")
        if not isinstance(op_id, str) or not op_id:
            problems.append(f"{label}: missing operationId")
            continue
        label = f"{label} ({op_id})"
        if not OPERATION_ID_PATTERN.match(op_id):
            problems.append(f"{label}: operationId must match {OPERATION_ID_PATTERN.pattern}")
        if op_id in seen:
            problems.append(f"{label}: duplicate operationId, also used by {seen[op_id]}")
        seen.setdefault(op_id, f"{method.upper()} {path}")
        op = _operation(spec, path, method, item, raw)
        checks = [*_check_security(spec, raw), *_check_paginated(spec, op), *_check_stream(op)]
        problems += [f"{label}: {problem}" for problem in checks]
    problems += _check_unions(spec)
    problems += _check_error_catalogue(spec)
    return problems


def _check_error_catalogue(spec: Spec) -> list[str]:
    catalogue = spec.get(ERROR_CATALOGUE_KEY)
    if catalogue is None:
        return []
    if not isinstance(catalogue, list):
        return [f"{ERROR_CATALOGUE_KEY} must be a list of {{type, status, description}}"]
    problems: list[str] = []
    seen: set[str] = set()
    for index, entry in enumerate(catalogue):
        where = f"{ERROR_CATALOGUE_KEY}[{index}]"
        if not isinstance(entry, Mapping) or set(entry) != {"type", "status", "description"}:
            problems.append(f"{where}: must be a mapping with exactly type, status and description")
            continue
        kind, status, description = entry["type"], entry["status"], entry["description"]
        if not isinstance(kind, str) or not ERROR_TYPE_PATTERN.match(kind):
            problems.append(f"{where}: type {kind!r} must match {ERROR_TYPE_PATTERN.pattern}")
        elif kind in seen:
            problems.append(f"{where}: error type {kind!r} is catalogued twice")
        else:
            seen.add(kind)
        if type(status) is not int or not 400 <= status <= 599:
            problems.append(f"{where}: status {status!r} must be a 4xx or 5xx integer")
        if not isinstance(description, str) or not description.strip():
            problems.append(f"{where}: description must be a non-empty sentence")
    return problems


def _check_security(spec: Spec, raw: Mapping[str, Any]) -> list[str]:
    if "security" not in raw:
        return ["no security declared (use WorkspaceKey, EnvironmentKey, SessionToken, or [] for public)"]
    defined = set(spec.get("components", {}).get("securitySchemes", {}))
    problems: list[str] = []
    for requirement in raw["security"]:
        if not requirement:
            problems.append("an empty security requirement ({}) makes auth optional; use security: [] instead")
        for scheme in requirement:
            if scheme not in SECURITY_SCHEMES:
                problems.append(f"security scheme {scheme!r} is not one of {sorted(SECURITY_SCHEMES)}")
            elif scheme not in defined:
                problems.append(f"security scheme {scheme!r} is not defined in components/securitySchemes")
    return problems


def _check_paginated(spec: Spec, op: Operation) -> list[str]:
    if not op.paginated:
        return []
    problems: list[str] = []
    query = {param.name for param in op.query_params}
    for name in ("limit", "page"):
        if name not in query:
            problems.append(f"paginated operation lacks the {name!r} query parameter")
    schema = resolve(spec, op.response.schema) if op.response else None
    if op.response is None or op.response.media_type != "application/json" or not isinstance(schema, Mapping):
        return [*problems, "x-mango-paginated operation must answer an application/json object"]
    props = schema.get("properties", {})
    missing = [name for name in ("data", "next_page") if name not in props]
    if missing:
        problems.append(f"x-mango-paginated response must be an object with 'data' and 'next_page' (missing {missing})")
    elif resolve(spec, props["data"]).get("type") != "array":
        problems.append("x-mango-paginated response 'data' must be an array")
    return problems


def _check_stream(op: Operation) -> list[str]:
    is_sse = op.response is not None and op.response.media_type == "text/event-stream"
    if op.stream and not is_sse:
        return ["x-mango-stream operation must answer text/event-stream"]
    if is_sse and not op.stream:
        return ["text/event-stream answer needs x-mango-stream: true"]
    return []


def _check_unions(spec: Spec) -> list[str]:
    """A oneOf with two or more object variants is a union and must be tagged by ``type``.

    A oneOf with at most one object variant (``X | null``, or a scalar shorthand beside an
    object such as ``model: "id" | ModelConfig``) is not a union in this sense.
    """
    problems: list[str] = []
    for where, schema in _walk(spec, "#"):
        variants = schema.get("oneOf")
        if isinstance(variants, list) and sum(_is_object(spec, variant) for variant in variants) >= 2:
            problems += [f"{where}: {problem}" for problem in _check_union(spec, schema)]
    return problems


def _check_union(spec: Spec, schema: Mapping[str, Any]) -> list[str]:
    disc = schema.get("discriminator")
    if not isinstance(disc, Mapping) or disc.get("propertyName") != "type":
        return ["oneOf union needs discriminator.propertyName: type"]
    mapping = disc.get("mapping")
    if not isinstance(mapping, Mapping) or not mapping:
        return ["oneOf union needs a discriminator mapping"]
    variants = [variant.get("$ref") for variant in schema["oneOf"]]
    if None in variants:
        return ["every oneOf variant must be a $ref to a named schema"]
    problems: list[str] = []
    if sorted(mapping.values()) != sorted(variants):
        problems.append(f"discriminator mapping {dict(mapping)} does not list exactly the oneOf variants")
    for tag, ref in mapping.items():
        const = resolve(spec, {"$ref": ref}).get("properties", {}).get("type", {}).get("const")
        if const != tag:
            problems.append(f"variant {ref} needs a 'type' property with const {tag!r} (found {const!r})")
    return problems


def _is_object(spec: Spec, variant: Any) -> bool:
    node = resolve(spec, variant)
    return isinstance(node, Mapping) and (
        node.get("type") == "object" or any(k in node for k in ("properties", "oneOf"))
    )


# --- reading ------------------------------------------------------------------------------------


def _raw_operations(spec: Spec) -> Iterator[tuple[str, str, Mapping[str, Any], Mapping[str, Any]]]:
    for path, item in (spec.get("paths") or {}).items():
        item = resolve(spec, item)
        for method in HTTP_METHODS:
            if isinstance(item.get(method), Mapping):
                yield path, method, item, item[method]


def _operation(spec: Spec, path: str, method: str, item: Mapping[str, Any], raw: Mapping[str, Any]) -> Operation:
    params = _parameters(spec, item, raw)
    order = {name: index for index, name in enumerate(_PATH_PARAM.findall(path))}
    path_params = sorted((p for p in params if p.location == "path"), key=lambda p: order.get(p.name, len(order)))
    status, response = _success(spec, raw)
    security = tuple(dict.fromkeys(scheme for requirement in raw.get("security", []) for scheme in requirement))
    return Operation(
        operation_id=str(raw.get("operationId", "")),
        method=method.upper(),
        path=path,
        summary=str(raw.get("summary", "")),
        description=str(raw.get("description", "")),
        path_params=tuple(path_params),
        query_params=tuple(p for p in params if p.location == "query"),
        header_params=tuple(p for p in params if p.location == "header"),
        parameters=tuple(params),
        request_body=_request_body(spec, raw),
        response=response,
        success_status=status,
        security=security,
        paginated=raw.get("x-mango-paginated") is True,
        stream=raw.get("x-mango-stream") is True,
        raw=raw,
    )


def _parameters(spec: Spec, item: Mapping[str, Any], raw: Mapping[str, Any]) -> list[Parameter]:
    merged: dict[tuple[str, str], Parameter] = {}
    for node in [*item.get("parameters", []), *raw.get("parameters", [])]:
        param = resolve(spec, node)
        key = (param["name"], param["in"])
        merged[key] = Parameter(
            name=param["name"],
            location=param["in"],
            required=bool(param.get("required", False)),
            schema=param.get("schema", {}),
            description=str(param.get("description", "")),
        )
    return list(merged.values())


def _request_body(spec: Spec, raw: Mapping[str, Any]) -> Body | None:
    if "requestBody" not in raw:
        return None
    body = resolve(spec, raw["requestBody"])
    media = _first_media(body)
    if media is None:
        return None
    return Body(media_type=media[0], schema=media[1], required=bool(body.get("required", False)))


def _success(spec: Spec, raw: Mapping[str, Any]) -> tuple[str | None, Body | None]:
    statuses = sorted(str(code) for code in raw.get("responses", {}) if str(code).startswith("2"))
    if not statuses:
        return None, None
    response = resolve(spec, raw["responses"].get(statuses[0], raw["responses"].get(int(statuses[0]))))
    media = _first_media(response)
    if media is None:
        return statuses[0], None
    schema = stream_event_schema(spec, media[1]) if media[0] == "text/event-stream" else media[1]
    return statuses[0], Body(media_type=media[0], schema=schema)


def stream_event_schema(spec: Spec, schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """The schema of what one ``data:`` line of a ``text/event-stream`` answer decodes to.

    A stream's schema describes each SSE message (``event``, ``id``, ``data``) and names the JSON
    its ``data`` holds with ``contentSchema``; a schema without one describes that JSON itself.
    """
    message = resolve(spec, schema)
    data = message.get("properties", {}).get("data") if isinstance(message, Mapping) else None
    if isinstance(data, Mapping) and isinstance(data.get("contentSchema"), Mapping):
        content: Mapping[str, Any] = data["contentSchema"]
        return content
    return schema


def _first_media(node: Mapping[str, Any]) -> tuple[str, Mapping[str, Any]] | None:
    content = node.get("content") or {}
    for media_type, entry in content.items():
        return str(media_type), (entry or {}).get("schema", {})
    return None


def _walk(node: Any, where: str) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Every mapping in the document with its JSON pointer, depth first in document order."""
    if isinstance(node, Mapping):
        yield where, node
        children: Iterable[tuple[str, Any]] = ((_escape(str(key)), child) for key, child in node.items())
    elif isinstance(node, list):
        children = ((str(index), child) for index, child in enumerate(node))
    else:
        return
    for key, child in children:
        yield from _walk(child, f"{where}/{key}")


def _pointer(spec: Spec, ref: str) -> Any:
    """The node a local ``$ref`` points at, or None (remote refs are not allowed in the spec)."""
    if not ref.startswith("#"):
        return None
    node: Any = spec
    for part in [segment for segment in ref[1:].split("/") if segment]:
        part = _unescape(part)
        if isinstance(node, Mapping) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def _unescape(segment: str) -> str:
    return segment.replace("~1", "/").replace("~0", "~")
