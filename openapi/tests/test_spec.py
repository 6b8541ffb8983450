"""Mechanical checks of openapi/mango.yaml against the conventions in docs/development.md.

Every check is a function returning a list of problems, so the same checks run on the real
spec (which must have none) and on deliberately broken copies (which must have some).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from openapi_spec_validator import validate

SPEC_PATH = Path(__file__).resolve().parents[1] / "mango.yaml"
SCHEMES = {"WorkspaceKey", "EnvironmentKey", "SessionToken"}
OPERATION_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")
METHODS = {"get", "post", "put", "patch", "delete"}
PRIMITIVE_UNIONS = {"ModelParam", "AgentRefParam", "RosterEntryParam"}
UNBOUNDED_STRING_FORMATS = {"date-time", "binary"}
ERROR_STATUSES = {
    "400": "BadRequest", "401": "Unauthorized", "403": "Forbidden", "404": "NotFound", "405": "MethodNotAllowed",
    "409": "Conflict", "412": "PreconditionFailed", "413": "RequestTooLarge", "429": "RateLimited",
    "500": "InternalError", "501": "NotImplemented", "503": "Overloaded",
}  # fmt: skip
ERROR_TYPE = re.compile(r"^[a-z][a-z0-9_]*$")
DOCUMENTED_TYPE = re.compile(r"`([a-z][a-z0-9_]*)` \((\d{3})\)")
BACKTICKED_TYPE = re.compile(r"`([a-z][a-z0-9_]*)`")
Spec = dict[str, Any]


@pytest.fixture(scope="module")
def spec() -> Spec:
    with SPEC_PATH.open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)  # type: ignore[no-any-return]


def deref(spec: Spec, ref: str) -> Any:
    assert ref.startswith("#/"), ref
    node: Any = spec
    for part in ref[2:].split("/"):
        node = node[part]
    return node


def follow(spec: Spec, node: Any) -> Any:
    while isinstance(node, dict) and "$ref" in node:
        node = deref(spec, node["$ref"])
    return node


def operations(spec: Spec) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method in METHODS:
                yield path, method, op


def json_schema_of(spec: Spec, response: dict[str, Any], media: str = "application/json") -> Any:
    return follow(spec, follow(spec, response).get("content", {}).get(media, {}).get("schema"))


def schema_roots(spec: Spec) -> Iterator[tuple[str, Any]]:
    """Every schema object written in the document (not following references)."""
    comps = spec.get("components", {})
    for name, schema in comps.get("schemas", {}).items():
        yield f"schemas/{name}", schema
    for name, param in comps.get("parameters", {}).items():
        yield f"parameters/{name}", param.get("schema")
    for name, header in comps.get("headers", {}).items():
        yield f"headers/{name}", header.get("schema")
    for path, method, op in operations(spec):
        where = f"{method.upper()} {path}"
        for param in op.get("parameters", []) + spec["paths"][path].get("parameters", []):
            if "schema" in param:
                yield f"{where} param {param['name']}", param["schema"]
        bodies = [op.get("requestBody", {}), *op.get("responses", {}).values()]
        for body in bodies:
            for media, content in body.get("content", {}).items():
                yield f"{where} {media}", content.get("schema")


def walk(node: Any, where: str) -> Iterator[tuple[str, dict[str, Any]]]:
    if not isinstance(node, dict):
        return
    yield where, node
    for key, sub in node.get("properties", {}).items():
        yield from walk(sub, f"{where}.{key}")
    for key in ("items", "additionalProperties", "propertyNames"):
        if isinstance(node.get(key), dict):
            yield from walk(node[key], f"{where}[{key}]")
    for i, sub in enumerate(node.get("oneOf", [])):
        yield from walk(sub, f"{where}|{i}")


def all_schema_nodes(spec: Spec) -> Iterator[tuple[str, dict[str, Any]]]:
    for where, root in schema_roots(spec):
        yield from walk(root, where)


# ---------------------------------------------------------------- checks


def check_operations(spec: Spec) -> list[str]:
    problems: list[str] = []
    seen: set[str] = set()
    for path, method, op in operations(spec):
        op_id = op.get("operationId", "")
        where = f"{method.upper()} {path}"
        if not OPERATION_ID.match(op_id):
            problems.append(f"{where}: bad operationId {op_id!r}")
        if op_id in seen:
            problems.append(f"{where}: duplicate operationId {op_id!r}")
        seen.add(op_id)
        if not path.startswith("/v1/"):
            problems.append(f"{where}: path outside /v1")
        for key in ("summary", "description"):
            if not str(op.get(key, "")).strip():
                problems.append(f"{where}: missing {key}")
    return problems


def check_security(spec: Spec) -> list[str]:
    problems: list[str] = []
    for name in SCHEMES:
        scheme = spec["components"]["securitySchemes"].get(name, {})
        if scheme.get("type") != "http" or scheme.get("scheme") != "bearer":
            problems.append(f"securityScheme {name} is not http bearer")
    for path, method, op in operations(spec):
        where = f"{method.upper()} {path}"
        if "security" not in op:
            problems.append(f"{where}: no security")
            continue
        security = op["security"]
        if not security and not op.get("operationId", "").startswith("system."):
            problems.append(f"{where}: empty security outside system.*")
        for requirement in security:
            if len(requirement) != 1 or not set(requirement) <= SCHEMES:
                problems.append(f"{where}: security requirement {requirement} not one of {sorted(SCHEMES)}")
    return problems


def is_nullable_string(schema: Any) -> bool:
    return isinstance(schema, dict) and schema.get("type") == ["string", "null"]


def check_pagination(spec: Spec) -> list[str]:
    problems: list[str] = []
    for path, method, op in operations(spec):
        where = f"{method.upper()} {path}"
        body = json_schema_of(spec, op.get("responses", {}).get("200", {})) or {}
        props = body.get("properties", {})
        looks_paged = "next_page" in props
        if looks_paged != bool(op.get("x-mango-paginated")):
            problems.append(f"{where}: x-mango-paginated does not match the {{data, next_page}} response")
        if not op.get("x-mango-paginated"):
            continue
        params = [*spec["paths"][path].get("parameters", []), *op.get("parameters", [])]
        names = {follow(spec, p)["name"] for p in params}
        if method != "get" or not {"limit", "page"} <= names:
            problems.append(f"{where}: paginated op must be a GET taking limit and page")
        if follow(spec, props.get("data", {})).get("type") != "array":
            problems.append(f"{where}: paginated response data is not an array")
        if not {"data", "next_page", *({"prev_page"} & set(props))} <= set(body.get("required", [])):
            problems.append(f"{where}: paginated response must require data, next_page (and prev_page)")
        for key in ("next_page", "prev_page"):
            if key in props and not is_nullable_string(props[key]):
                problems.append(f"{where}: {key} must be a nullable string")
        if set(props) - {"data", "next_page", "prev_page"}:
            problems.append(f"{where}: paginated response has extra fields")
    return problems


def check_stream(spec: Spec) -> list[str]:
    problems: list[str] = []
    streams = 0
    for path, method, op in operations(spec):
        where = f"{method.upper()} {path}"
        content = follow(spec, op.get("responses", {}).get("200", {})).get("content", {})
        is_sse = "text/event-stream" in content
        if is_sse != bool(op.get("x-mango-stream")):
            problems.append(f"{where}: x-mango-stream must mark exactly the text/event-stream ops")
        if is_sse:
            streams += 1
            message = follow(spec, content["text/event-stream"].get("schema"))
            fields = message.get("properties", {}) if isinstance(message, dict) else {}
            if set(fields) != {"event", "id", "data"} or message.get("required") != ["event", "data"]:
                problems.append(f"{where}: stream schema must describe one SSE message (event, id, data)")
                continue
            events = follow(spec, fields["data"].get("contentSchema"))
            if fields["data"].get("contentMediaType") != "application/json" or not isinstance(events, dict):
                problems.append(f"{where}: a stream message's data must name its JSON (contentSchema)")
            elif "oneOf" not in events:
                problems.append(f"{where}: stream data must be an event union")
    if streams != 2:  # the Session stream and the Thread stream
        problems.append(f"expected exactly two stream operations, found {streams}")
    return problems


def check_unions(spec: Spec) -> list[str]:
    problems: list[str] = []
    for where, node in all_schema_nodes(spec):
        for banned in ("allOf", "anyOf", "not"):
            if banned in node:
                problems.append(f"{where}: uses {banned}")
        if "oneOf" not in node:
            continue
        variants = node["oneOf"]
        refs = [v["$ref"] for v in variants if "$ref" in v]
        others = [v for v in variants if "$ref" not in v]
        if len(variants) == 2 and len(refs) == 1 and others[0] == {"type": "null"} and "discriminator" not in node:
            continue  # the nullable-object form
        if where.removeprefix("schemas/") in PRIMITIVE_UNIONS:
            if len(refs) != 1 or len(others) != 1 or others[0].get("type") != "string":
                problems.append(f"{where}: primitive union must be exactly [string, $ref]")
            continue
        if others:
            problems.append(f"{where}: union variants must all be $ref")
        disc = node.get("discriminator", {})
        mapping = disc.get("mapping", {})
        if disc.get("propertyName") != "type":
            problems.append(f"{where}: union without discriminator.propertyName type")
        if sorted(mapping.values()) != sorted(refs):
            problems.append(f"{where}: discriminator mapping does not list exactly the oneOf refs")
        for key, ref in mapping.items():
            variant = deref(spec, ref) if str(ref).startswith("#/components/schemas/") else {}
            if not variant:
                problems.append(f"{where}: mapping {key!r} is not a full #/components/schemas ref")
                continue
            type_prop = variant.get("properties", {}).get("type", {})
            if type_prop.get("const") != key or "type" not in variant.get("required", []):
                problems.append(f"{where}: variant {ref} lacks required type const {key!r}")
    return problems


def check_no_recursion(spec: Spec) -> list[str]:
    schemas = spec["components"]["schemas"]
    graph = {n: set(re.findall(r"#/components/schemas/(\w+)", yaml.safe_dump(s))) for n, s in schemas.items()}
    problems: list[str] = []
    for name in graph:
        reachable, todo = set(), list(graph[name])
        while todo:
            dep = todo.pop()
            if dep not in reachable:
                reachable.add(dep)
                todo.extend(graph.get(dep, ()))
        if name in reachable:
            problems.append(f"schema {name} is recursive")
    return problems


def check_bounds_and_descriptions(spec: Spec) -> list[str]:
    problems: list[str] = []
    for where, node in all_schema_nodes(spec):
        for key, prop in node.get("properties", {}).items():
            if not str(prop.get("description", "")).strip():
                problems.append(f"{where}.{key}: property without description")
        if "$ref" in node or "oneOf" in node or node == {"type": "null"}:
            continue
        raw = node.get("type")
        types = set(raw if isinstance(raw, list) else [raw]) - {"null"}
        fixed = "enum" in node or "const" in node
        if raw is None and not fixed:
            problems.append(f"{where}: schema without type")
        # A string holding a document (contentSchema) is bounded by that document's schema.
        unbounded_format = node.get("format") in UNBOUNDED_STRING_FORMATS or "contentSchema" in node
        if "string" in types and not fixed and "maxLength" not in node and not unbounded_format:
            problems.append(f"{where}: string without maxLength")
        if types & {"integer", "number"} and not fixed and not {"minimum", "maximum"} <= set(node):
            problems.append(f"{where}: number without minimum and maximum")
        if "array" in types and "maxItems" not in node:
            problems.append(f"{where}: array without maxItems")
        free_form = "properties" not in node or node.get("additionalProperties") not in (None, False)
        if "object" in types and free_form and "maxProperties" not in node:
            problems.append(f"{where}: free-form object without maxProperties")
    return problems


def check_request_bodies(spec: Spec) -> list[str]:
    problems: list[str] = []
    for path, method, op in operations(spec):
        where = f"{method.upper()} {path}"
        for media, content in op.get("requestBody", {}).get("content", {}).items():
            schema = content.get("schema", {})
            if "$ref" not in schema:
                problems.append(f"{where}: {media} request body is not a named schema")
                continue
            if follow(spec, schema).get("additionalProperties") is not False:
                problems.append(f"{where}: request schema {schema['$ref']} lacks additionalProperties: false")
    return problems


def check_errors(spec: Spec) -> list[str]:
    problems: list[str] = []
    envelope = spec["components"]["schemas"].get("ErrorEnvelope", {})
    if set(envelope.get("required", [])) != {"type", "error", "request_id"}:
        problems.append("ErrorEnvelope must require type, error, request_id")
    for name in ERROR_STATUSES.values():
        response = spec["components"]["responses"].get(name, {})
        schema = response.get("content", {}).get("application/json", {}).get("schema", {})
        if schema != {"$ref": "#/components/schemas/ErrorEnvelope"}:
            problems.append(f"response {name} does not use ErrorEnvelope")
    for path, method, op in operations(spec):
        where = f"{method.upper()} {path}"
        for status, response in op.get("responses", {}).items():
            if "request-id" not in follow(spec, response).get("headers", {}):
                problems.append(f"{where} {status}: no request-id header")
            if status[0] in "45":
                expected = ERROR_STATUSES.get(status)
                if response != {"$ref": f"#/components/responses/{expected}"}:
                    problems.append(f"{where} {status}: must be $ref to #/components/responses/{expected}")
    return problems


def check_error_catalogue(spec: Spec) -> list[str]:
    """``x-mango-error-catalogue`` names every documented ``error.type`` once, with a 4xx/5xx status."""
    catalogue = spec.get("x-mango-error-catalogue")
    if not isinstance(catalogue, list) or not catalogue:
        return ["x-mango-error-catalogue is missing or empty"]
    problems: list[str] = []
    statuses: dict[str, int] = {}
    for index, entry in enumerate(catalogue):
        where = f"x-mango-error-catalogue[{index}]"
        if not isinstance(entry, dict) or set(entry) != {"type", "status", "description"}:
            problems.append(f"{where}: must be exactly {{type, status, description}}")
            continue
        kind, status, description = entry["type"], entry["status"], str(entry["description"]).strip()
        if not isinstance(kind, str) or not ERROR_TYPE.match(kind):
            problems.append(f"{where}: type {kind!r} must match {ERROR_TYPE.pattern}")
        elif kind in statuses:
            problems.append(f"{where}: {kind} is catalogued twice")
        if type(status) is not int or not 400 <= status <= 599:
            problems.append(f"{where}: status {status!r} is not a 4xx/5xx code")
        elif str(status) not in ERROR_STATUSES:
            problems.append(f"{where}: status {status} has no components/responses entry")
        if not description.endswith(".") or description.count(". ") or "\n" in description:
            problems.append(f"{where}: description must be one sentence")
        statuses[str(kind)] = status
    body_type = spec["components"]["schemas"]["ErrorBody"]["properties"]["type"]
    documented = dict(DOCUMENTED_TYPE.findall(str(body_type.get("description", ""))))
    if {kind: int(code) for kind, code in documented.items()} != statuses:
        problems.append(f"ErrorBody.type documents {documented}, the catalogue says {statuses}")
    for code, name in ERROR_STATUSES.items():
        response = spec["components"]["responses"].get(name, {})
        for kind in BACKTICKED_TYPE.findall(str(response.get("description", ""))):
            if statuses.get(kind) != int(code):
                problems.append(f"response {name} ({code}) names {kind}, catalogued as {statuses.get(kind)}")
    return problems


IDEMPOTENCY_KEY = "#/components/parameters/IdempotencyKey"


def check_idempotency(spec: Spec) -> list[str]:
    """Every mutation takes the shared Idempotency-Key header (and may answer 409 for a reused key); reads do not."""
    problems = []
    for path, method, op in operations(spec):
        refs = [p.get("$ref") for p in op.get("parameters", [])]
        mutation = method != "get"
        if mutation and IDEMPOTENCY_KEY not in refs:
            problems.append(f"{method.upper()} {path}: a mutation must take {IDEMPOTENCY_KEY}")
        if mutation and "409" not in op.get("responses", {}):
            problems.append(f"{method.upper()} {path}: a mutation must declare 409 (a reused Idempotency-Key)")
        if not mutation and IDEMPOTENCY_KEY in refs:
            problems.append(f"{method.upper()} {path}: a read must not take {IDEMPOTENCY_KEY}")
    return problems


def check_statuses(spec: Spec) -> list[str]:
    """Every operation declares 400 (malformed parameters or headers) and, when it reads a body, 413."""
    problems = []
    for path, method, op in operations(spec):
        where = f"{method.upper()} {path}"
        responses = op.get("responses", {})
        if "400" not in responses:
            problems.append(f"{where}: must declare 400 (a malformed path id, query parameter or header)")
        if "requestBody" in op and "413" not in responses:
            problems.append(f"{where}: reads a body, so it must declare 413")
    allow = spec["components"]["responses"].get("MethodNotAllowed", {}).get("headers", {}).get("Allow")
    if allow != {"$ref": "#/components/headers/Allow"}:
        problems.append("the MethodNotAllowed response must carry the Allow header")
    return problems


def check_document(spec: Spec) -> list[str]:
    try:
        validate(spec)
    except Exception as exc:  # the validator raises several exception types
        return [f"openapi-spec-validator: {str(exc).splitlines()[0]}"]
    problems = []
    if spec.get("openapi") != "3.1.0":
        problems.append("openapi must be 3.1.0")
    if not spec.get("x-mango-omitted"):
        problems.append("x-mango-omitted is missing")
    return problems


CHECKS: list[Callable[[Spec], list[str]]] = [
    check_document, check_operations, check_security, check_pagination, check_stream, check_unions,
    check_no_recursion, check_bounds_and_descriptions, check_request_bodies, check_errors, check_error_catalogue,
    check_idempotency, check_statuses,
]  # fmt: skip


@pytest.mark.parametrize("check", CHECKS, ids=lambda c: c.__name__)
def test_spec_passes(spec: Spec, check: Callable[[Spec], list[str]]) -> None:
    assert check(spec) == []


def test_required_operations_present(spec: Spec) -> None:
    ids = {op["operationId"] for _, _, op in operations(spec)}
    required = {
        "system.health", "system.readiness", "agents.create", "agents.get", "agents.list", "agents.update",
        "agents.archive", "agents.versions.list", "environments.work.poll", "environments.work.heartbeat",
        "environments.work.fail", "environments.work.healthcheck.create", "sessions.create", "sessions.list",
        "sessions.events.list", "sessions.events.send", "sessions.events.stream", "files.upload", "files.content",
        "skills.versions.content", "memory_stores.memories.update", "memory_stores.memory_versions.redact",
    }  # fmt: skip
    assert required <= ids


def test_event_unions_agree(spec: Spec) -> None:
    schemas = spec["components"]["schemas"]
    persisted = schemas["SessionEvent"]["discriminator"]["mapping"]
    stream = schemas["SessionStreamEvent"]["discriminator"]["mapping"]
    inputs = schemas["SessionEventInput"]["discriminator"]["mapping"]
    assert set(stream) == set(persisted) | {"event_start", "event_delta", "ping", "error"}
    assert set(inputs) <= {k for k in persisted if k.startswith("user.")}
    for key, ref in persisted.items():
        variant = deref(spec, ref)
        assert {"id", "processed_at", "created_at", "session_thread_id"} <= set(variant["properties"]), key
        assert "session_thread_id" not in variant["required"], key
    for key, ref in inputs.items():
        assert not {"id", "processed_at", "created_at"} & set(deref(spec, ref)["properties"]), key


DROP = object()
# Catalogue entries by type: the mutations below name them wherever they sit in the list.
CATALOGUED = {
    entry["type"]: index for index, entry in enumerate(yaml.safe_load(SPEC_PATH.read_text())["x-mango-error-catalogue"])
}
AGENTS, SCHEMAS = ("paths", "/v1/agents"), ("components", "schemas")
MUTATIONS: list[tuple[str, tuple[str, ...], Any, Any, Callable[[Spec], list[str]]]] = [
    ("bad operationId", (*AGENTS, "post"), "operationId", "createAgent", check_operations),
    ("no security", (*AGENTS, "post"), "security", DROP, check_security),
    ("unknown scheme", (*AGENTS, "post"), "security", [{"ApiKey": []}], check_security),
    ("unmarked list", (*AGENTS, "get"), "x-mango-paginated", DROP, check_pagination),
    ("list without page", (*AGENTS, "get", "parameters"), 1, DROP, check_pagination),
    ("unmarked stream", ("paths", "/v1/sessions/{session_id}/events/stream", "get"), "x-mango-stream", DROP,
     check_stream),
    ("no discriminator", (*SCHEMAS, "AgentTool"), "discriminator", DROP, check_unions),
    ("variant without const", (*SCHEMAS, "CustomTool", "properties", "type"), "const", DROP, check_unions),
    ("short mapping", (*SCHEMAS, "SessionEvent", "discriminator", "mapping"), "agent.message", DROP, check_unions),
    ("anyOf", (*SCHEMAS, "Agent", "properties"), "x", {"anyOf": [], "description": "x"}, check_unions),
    ("recursion", (*SCHEMAS, "TextBlock", "properties"), "x",
     {"$ref": "#/components/schemas/UserContentBlock", "description": "x"}, check_no_recursion),
    ("undescribed", (*SCHEMAS, "Agent", "properties", "name"), "description", DROP, check_bounds_and_descriptions),
    ("unbounded string", (*SCHEMAS, "Agent", "properties", "name"), "maxLength", DROP, check_bounds_and_descriptions),
    ("unbounded int", (*SCHEMAS, "Agent", "properties", "version"), "maximum", DROP, check_bounds_and_descriptions),
    ("unbounded array", (*SCHEMAS, "Agent", "properties", "tools"), "maxItems", DROP, check_bounds_and_descriptions),
    ("unbounded map", (*SCHEMAS, "Metadata"), "maxProperties", DROP, check_bounds_and_descriptions),
    ("open request", (*SCHEMAS, "AgentCreateParams"), "additionalProperties", DROP, check_request_bodies),
    ("inline error", (*AGENTS, "post", "responses"), "404", {"description": "x", "content": {}}, check_errors),
    ("no request-id", (*AGENTS, "post", "responses", "200"), "headers", DROP, check_errors),
    ("invalid document", (), "info", DROP, check_document),
    ("uncatalogued type", ("x-mango-error-catalogue",), CATALOGUED["not_implemented"], DROP, check_error_catalogue),
    ("not_implemented as 500", ("x-mango-error-catalogue", CATALOGUED["not_implemented"]), "status", 500,
     check_error_catalogue),
    ("success status", ("x-mango-error-catalogue", 0), "status", 200, check_error_catalogue),
    ("duplicate type", ("x-mango-error-catalogue", 1), "type", "invalid_request_error", check_error_catalogue),
    ("no catalogue", (), "x-mango-error-catalogue", DROP, check_error_catalogue),
    ("mutation without key", (*AGENTS, "post"), "parameters", [], check_idempotency),
    ("no 400", ("paths", "/v1/agents/{agent_id}/archive", "post", "responses"), "400", DROP, check_statuses),
    ("body without 413", (*AGENTS, "post", "responses"), "413", DROP, check_statuses),
    ("405 without Allow", ("components", "responses", "MethodNotAllowed", "headers"), "Allow", DROP, check_statuses),
    ("stream data without schema", ("paths", "/v1/sessions/{session_id}/events/stream", "get", "responses", "200",
     "content", "text/event-stream", "schema", "properties", "data"), "contentSchema", DROP, check_stream),
]  # fmt: skip


@pytest.mark.parametrize(("label", "where", "key", "value", "check"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_broken_spec_fails(
    spec: Spec, label: str, where: tuple[str, ...], key: Any, value: Any, check: Callable[[Spec], list[str]]
) -> None:
    broken = copy.deepcopy(spec)
    node: Any = broken
    for part in where:
        node = node[part]
    if value is DROP:
        del node[key]
    else:
        node[key] = value
    assert check(broken), f"{label}: the broken spec passed {check.__name__}"
