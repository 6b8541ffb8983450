"""TypeScript client target: wire types and resource namespaces for ``sdk-typescript``.

``render(spec)`` reads the operations through the shared reader (``_spec.operations``) and
returns three files under ``sdk-typescript/src/generated/``:

- ``types.ts``: one exported type per component schema (interfaces for objects, literal unions
  for enums and consts, unions for ``oneOf``, ``Record<string, T>`` for maps, ``unknown`` for
  free-form values), then per operation an ``XxxParams`` type (query, header and body fields)
  and an ``XxxResponse`` type when the answer schema is inline.
- ``resources.ts``: one class per operationId prefix (``sessions.events.stream`` gives class
  ``SessionsEvents`` with method ``stream``, reachable as ``client.sessions.events``) and the
  root ``Resources`` class the hand-written ``Mango`` client extends.
- ``errors.ts``: ``ERROR_CATALOGUE`` and ``ERROR_STATUS`` from ``x-mango-error-catalogue``, which
  the hand-written ``errors.ts`` uses to type SSE ``error`` events.

Method calling scheme: path parameters positional, parent first; then one ``params`` object
that carries the query parameters, header parameters and the body fields side by side (the
method splits them again); then per-call ``options``. Query keys take their wire name minus
bracket syntax: ``tags[]`` becomes ``tags`` (an array), ``created_at[gte]`` and
``created_at[lte]`` become ``created_at: {gte, lte}``. Header ``Last-Event-ID`` becomes
``last_event_id``. A name used twice across query, headers and body is a spec error.

Generated methods only describe the call; every wire concern (encoding, auth, retries,
paging, SSE) lives in the hand-written ``sdk-typescript/src/core.ts``. Nothing here writes to
disk. Unsupported schema constructs raise ``ValueError`` naming the schema or operation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from mango_generators._common import TRANSPORT_HEADERS, GeneratedFile, Spec, marker_line
from mango_generators._spec import Body, Operation, Parameter, error_catalogue, operations, resolve

TYPES_PATH = PurePosixPath("sdk-typescript/src/generated/types.ts")
RESOURCES_PATH = PurePosixPath("sdk-typescript/src/generated/resources.ts")
ERRORS_PATH = PurePosixPath("sdk-typescript/src/generated/errors.ts")

HTTP_METHODS = frozenset({"GET", "PUT", "POST", "PATCH", "DELETE"})
UNSUPPORTED_KEYWORDS = ("not", "if", "then", "else", "patternProperties", "prefixItems", "dependentSchemas")
SCHEMA_REF = "#/components/schemas/"
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
SEGMENT = re.compile(r"^[a-z][a-z0-9_]*$")
BRACKET_KEY = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*)\[([A-Za-z_][A-Za-z0-9_]*)\]$")
# Names the generated files use themselves; a component schema may not take them.
TAKEN_TYPE_NAMES = frozenset(
    {"Array", "Promise", "Record", "Response", "RequestOptions", "Transport", "PagePromise", "Stream", "Uploadable"}
)
# Identifiers a path-parameter variable may not take (JavaScript reserved words, the method's own arguments).
RESERVED = frozenset(
    re.findall(
        r"\w+",
        """break case catch class const continue debugger default delete do else enum export extends false finally for
        function if import in instanceof new null return super switch this throw true try typeof var void while with
        yield let static implements interface package private protected public await params options""",
    )
)


def render(spec: Spec) -> list[GeneratedFile]:
    """Render ``types.ts``, ``resources.ts`` and ``errors.ts`` for ``spec``."""
    ops = [_parse_operation(spec, source) for source in operations(spec)]
    types = _TypesFile(spec)
    for name, schema in spec.get("components", {}).get("schemas", {}).items():
        types.add_component(name, schema)
    for op in ops:
        types.add_operation(op)
    return [
        GeneratedFile(TYPES_PATH, types.text()),
        GeneratedFile(RESOURCES_PATH, _render_resources(ops)),
        GeneratedFile(ERRORS_PATH, _render_errors(spec)),
    ]


# --------------------------------------------------------------------------- helpers


def _pascal(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def _camel(text: str) -> str:
    pascal = _pascal(text)
    name = pascal[:1].lower() + pascal[1:]
    return f"{name}_" if name in RESERVED else name


def _key(name: str) -> str:
    return name if IDENTIFIER.match(name) else json.dumps(name)


def _doc(lines: list[str], indent: str) -> list[str]:
    text = [line.replace("*/", "*\\/").rstrip() for line in lines]
    while text and not text[-1]:
        text.pop()
    if not text:
        return []
    if len(text) == 1:
        return [f"{indent}/** {text[0]} */"]
    return [f"{indent}/**", *[f"{indent} *{' ' + line if line else ''}" for line in text], f"{indent} */"]


def _describe(schema: Any) -> list[str]:
    if isinstance(schema, dict) and isinstance(schema.get("description"), str):
        return str(schema["description"]).strip().splitlines()
    return []


# --------------------------------------------------------------------------- schema -> TypeScript


class _Types:
    """Renders JSON Schemas to TypeScript type expressions; ``where`` names the context in errors."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.uses_uploadable = False

    def expr(self, schema: Any, where: str, indent: int = 0) -> str:
        if not isinstance(schema, dict):
            raise ValueError(f"{where}: schema must be an object, got {schema!r}")
        for keyword in UNSUPPORTED_KEYWORDS:
            if keyword in schema:
                raise ValueError(f"{where}: unsupported schema keyword {keyword!r}")
        text = self._expr(schema, where, indent)
        if schema.get("nullable") is True and not text.endswith("| null") and text != "null":
            text = f"{text} | null"
        return text

    def _expr(self, schema: dict[str, Any], where: str, indent: int) -> str:
        if "$ref" in schema:
            ref = schema["$ref"]
            if not isinstance(ref, str) or not ref.startswith(SCHEMA_REF):
                raise ValueError(f"{where}: $ref must point into {SCHEMA_REF}, got {ref!r}")
            name = ref[len(SCHEMA_REF) :]
            if name not in self.spec.get("components", {}).get("schemas", {}):
                raise ValueError(f"{where}: unresolved $ref {ref!r}")
            return _pascal(name)
        for keyword in ("oneOf", "anyOf"):
            if keyword in schema:
                if "properties" in schema:
                    raise ValueError(f"{where}: {keyword} together with properties is not supported")
                return self._join(schema[keyword], " | ", f"{where}.{keyword}", indent)
        if "allOf" in schema:
            return self._join(schema["allOf"], " & ", f"{where}.allOf", indent)
        if "const" in schema:
            return json.dumps(schema["const"])
        if "enum" in schema:
            return " | ".join(json.dumps(value) for value in schema["enum"])
        kind = schema.get("type")
        if isinstance(kind, list):
            return " | ".join(self._typed(schema, str(each), where, indent) for each in kind)
        if kind is None and ("properties" in schema or "additionalProperties" in schema):
            kind = "object"
        if kind is None:
            return "unknown"
        return self._typed(schema, str(kind), where, indent)

    def _join(self, variants: Any, sep: str, where: str, indent: int) -> str:
        if not isinstance(variants, list) or not variants:
            raise ValueError(f"{where}: must be a non-empty list")
        parts = [self.expr(variant, f"{where}[{i}]", indent) for i, variant in enumerate(variants)]
        if sep == " & ":
            parts = [f"({part})" if " | " in part else part for part in parts]
        return sep.join(parts)

    def _typed(self, schema: dict[str, Any], kind: str, where: str, indent: int) -> str:
        if kind == "string":
            if schema.get("format") == "binary":
                self.uses_uploadable = True
                return "Uploadable"
            return "string"
        if kind in ("integer", "number"):
            return "number"
        if kind in ("boolean", "null"):
            return kind
        if kind == "array":
            items = schema.get("items")
            return "Array<unknown>" if items is None else f"Array<{self.expr(items, f'{where}.items', indent)}>"
        if kind == "object":
            return self._object(schema, where, indent)
        raise ValueError(f"{where}: unsupported schema type {kind!r}")

    def _object(self, schema: dict[str, Any], where: str, indent: int) -> str:
        props = schema.get("properties") or {}
        extra = schema.get("additionalProperties", True)
        if not props:
            if extra is False:
                return "Record<string, never>"
            value = "unknown" if extra is True else self.expr(extra, f"{where}.additionalProperties", indent)
            return f"Record<string, {value}>"
        body = self.members(schema, where, indent + 1)
        if isinstance(extra, dict):
            body.append(f"{'  ' * (indent + 1)}[key: string]: unknown;")
        return "{\n" + "\n".join(body) + "\n" + "  " * indent + "}"

    def members(self, schema: dict[str, Any], where: str, indent: int) -> list[str]:
        """The property lines of an object schema, each with its doc comment."""
        props = schema.get("properties") or {}
        if not isinstance(props, dict):
            raise ValueError(f"{where}: properties must be a mapping")
        required = set(schema.get("required") or [])
        pad = "  " * indent
        lines: list[str] = []
        for name, prop in props.items():
            lines += _doc(_describe(prop), pad)
            optional = "" if name in required else "?"
            lines.append(f"{pad}{_key(name)}{optional}: {self.expr(prop, f'{where}.{name}', indent)};")
        return lines

    def required_fields(self, schema: Any, where: str) -> bool:
        """Whether a value of ``schema`` must carry at least one property."""
        resolved = resolve(self.spec, schema)
        if not isinstance(resolved, dict):
            return True
        if any(key in resolved for key in ("oneOf", "anyOf")):
            return True
        if "allOf" in resolved:
            return any(self.required_fields(part, where) for part in resolved["allOf"])
        return bool(resolved.get("required"))

    def property_names(self, schema: Any, where: str) -> set[str]:
        resolved = resolve(self.spec, schema)
        names: set[str] = set()
        if isinstance(resolved, dict):
            names.update((resolved.get("properties") or {}).keys())
            for keyword in ("oneOf", "anyOf", "allOf"):
                for part in resolved.get(keyword) or []:
                    names |= self.property_names(part, where)
        return names


# --------------------------------------------------------------------------- operations


@dataclass
class _Field:
    """One query or header parameter: its wire name, TypeScript key and schema."""

    wire: str
    key: str
    group: str | None
    schema: Mapping[str, Any]
    required: bool
    description: list[str]


@dataclass
class _Op:
    op_id: str
    method: str
    path: str
    doc: list[str]
    path_params: list[tuple[str, str]] = field(default_factory=list)
    query: list[_Field] = field(default_factory=list)
    headers: list[_Field] = field(default_factory=list)
    body: dict[str, Any] | None = None
    body_required: bool = False
    multipart: bool = False
    mode: str = "json"
    result: dict[str, Any] | None = None

    @property
    def segments(self) -> list[str]:
        return self.op_id.split(".")

    @property
    def type_prefix(self) -> str:
        return "".join(_pascal(segment) for segment in self.segments)

    @property
    def has_params(self) -> bool:
        return bool(self.query or self.headers or self.body is not None)


def _parse_operation(spec: Spec, source: Operation) -> _Op:
    op_id, method, path = source.operation_id, source.method, source.path
    if not op_id:
        raise ValueError(f"{method} {path}: operation has no operationId")
    segments = op_id.split(".")
    if len(segments) < 2 or not all(SEGMENT.match(segment) for segment in segments):
        raise ValueError(f"operation {op_id}: operationId must be <resource>[.<sub>].<verb> in snake_case")
    where = f"operation {op_id}"
    if method not in HTTP_METHODS:
        raise ValueError(f"{where}: HTTP method {method} is not supported")
    doc = [*source.summary.strip().splitlines()]
    if source.description:
        doc += ["", *source.description.strip().splitlines()]
    doc += ["", f"`{method} {path}`"]
    op = _Op(op_id=op_id, method=method, path=path, doc=doc if doc[0] else doc[2:])
    for param in source.parameters:
        _add_parameter(op, param, where)
    _check_path(op, where)
    _parse_body(spec, op, source.request_body, where)
    _parse_response(spec, op, source, where)
    _check_collisions(spec, op, where)
    return op


def _add_parameter(op: _Op, param: Parameter, where: str) -> None:
    name, schema, required = param.name, param.schema or {}, param.required
    described = [*param.description.strip().splitlines()]
    if param.location == "path":
        op.path_params.append((name, _camel(name)))
    elif param.location == "query":
        group = BRACKET_KEY.match(name)
        key = name[:-2] if name.endswith("[]") else name
        grouped = group.group(1) if group else None
        op.query.append(_Field(name, group.group(2) if group else key, grouped, schema, required, described))
    elif param.location == "header" and name.lower() in TRANSPORT_HEADERS:
        return  # set by the transport (core.ts), per logical call
    elif param.location == "header":
        op.headers.append(_Field(name, name.lower().replace("-", "_"), None, schema, required, described))
    else:
        raise ValueError(f"{where}: parameter {name!r} in {param.location!r} is not supported")


def _check_path(op: _Op, where: str) -> None:
    in_template = re.findall(r"{([^}]+)}", op.path)
    declared = [wire for wire, _ in op.path_params]
    if sorted(in_template) != sorted(declared):
        raise ValueError(f"{where}: path parameters {declared} do not match the path {op.path!r}")
    order = {name: i for i, name in enumerate(in_template)}
    op.path_params.sort(key=lambda pair: order[pair[0]])


def _parse_body(spec: Spec, op: _Op, body: Body | None, where: str) -> None:
    if body is None:
        return
    if body.media_type not in ("application/json", "multipart/form-data"):
        raise ValueError(f"{where}: request content types {[body.media_type]} are not supported")
    op.body = dict(body.schema or {})
    op.multipart = body.media_type == "multipart/form-data"
    op.body_required = body.required
    resolved = resolve(spec, op.body)
    is_union = isinstance(resolved, dict) and any(k in resolved for k in ("oneOf", "anyOf", "allOf"))
    if not isinstance(resolved, dict) or (resolved.get("type", "object") != "object" and not is_union):
        raise ValueError(f"{where}: request body must be an object schema (fields are flattened into params)")


def _parse_response(spec: Spec, op: _Op, source: Operation, where: str) -> None:
    if source.success_status is None:
        raise ValueError(f"{where}: no 2xx response")
    media = source.response.media_type if source.response else None
    schema = dict(source.response.schema or {}) if source.response else {}
    if source.stream:
        if media != "text/event-stream":
            raise ValueError(f"{where}: x-mango-stream needs a text/event-stream response")
        op.mode, op.result = "stream", schema
    elif media == "application/json":
        op.result = schema
        op.mode = "paginated" if source.paginated else "json"
    elif media == "application/octet-stream" or schema.get("format") == "binary":
        # Any raw-bytes answer (application/zip, ...) is read as a binary Response, like Go does.
        op.mode = "binary"
    elif media is None:
        op.mode = "void"
    else:
        raise ValueError(f"{where}: response content types {[media]} are not supported")
    if source.paginated:
        if op.mode != "paginated":
            raise ValueError(f"{where}: x-mango-paginated needs a JSON response")
        if "page" not in {f.wire for f in op.query}:
            raise ValueError(f"{where}: x-mango-paginated needs a 'page' query parameter")
        listing = resolve(spec, op.result)
        items = resolve(spec, ((listing or {}).get("properties") or {}).get("data", {}))
        if items.get("type") != "array":
            raise ValueError(f"{where}: x-mango-paginated response needs a 'data' array")
        op.result = items.get("items") or {}


def _check_collisions(spec: Spec, op: _Op, where: str) -> None:
    keys = [f.group or f.key for f in op.query if not f.group] + [f.key for f in op.headers]
    keys += sorted({f.group for f in op.query if f.group})
    if op.body is not None:
        keys += sorted(_Types(spec).property_names(op.body, where))
    duplicates = sorted({key for key in keys if keys.count(key) > 1})
    if duplicates:
        raise ValueError(f"{where}: params names {duplicates} are used twice across query, headers and body")
    positional = [var for _, var in op.path_params]
    if len(set(positional)) != len(positional):
        raise ValueError(f"{where}: path parameters collide after renaming: {positional}")


# --------------------------------------------------------------------------- types.ts


class _TypesFile:
    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.types = _Types(spec)
        self.blocks: list[str] = []
        self.names: set[str] = set()

    def _claim(self, name: str, where: str) -> None:
        if not IDENTIFIER.match(name):
            raise ValueError(f"{where}: {name!r} is not a usable TypeScript type name")
        if name in TAKEN_TYPE_NAMES:
            raise ValueError(f"{where}: type name {name!r} is reserved by the generated TypeScript client")
        if name in self.names:
            raise ValueError(f"{where}: type name {name!r} is generated twice")
        self.names.add(name)

    def add_component(self, name: str, schema: Any) -> None:
        where = f"schema {name}"
        ts_name = _pascal(name)
        self._claim(ts_name, where)
        self.blocks.append(self._declaration(ts_name, schema, where, _describe(schema)))

    def _declaration(self, name: str, schema: Any, where: str, doc: list[str]) -> str:
        lines = _doc(doc, "")
        plain_object = (
            isinstance(schema, dict)
            and schema.get("properties")
            and not any(key in schema for key in ("$ref", "oneOf", "anyOf", "allOf", "nullable"))
            and schema.get("type", "object") == "object"
        )
        if plain_object:
            members = self.types.members(schema, where, 1)
            if isinstance(schema.get("additionalProperties"), dict):
                members.append("  [key: string]: unknown;")
            lines += [f"export interface {name} {{", *members, "}"]
        else:
            lines.append(f"export type {name} = {self.types.expr(schema, where)};")
        return "\n".join(lines)

    def add_operation(self, op: _Op) -> None:
        where = f"operation {op.op_id}"
        if op.has_params:
            name = f"{op.type_prefix}Params"
            self._claim(name, where)
            self.blocks.append(self._params(name, op, where))
        if op.mode == "json" and op.result is not None and "$ref" not in op.result:
            name = f"{op.type_prefix}Response"
            self._claim(name, where)
            self.blocks.append(self._declaration(name, op.result, where, [f"The answer of `{op.op_id}`."]))

    def _params(self, name: str, op: _Op, where: str) -> str:
        lines = _doc([f"Parameters of `{op.op_id}`: query, header and body fields together."], "")
        members: list[str] = []
        groups: dict[str, list[_Field]] = {}
        for param in [*op.query, *op.headers]:
            if param.group:
                groups.setdefault(param.group, []).append(param)
                continue
            members += _doc(param.description, "  ")
            optional = "" if param.required else "?"
            members.append(f"  {_key(param.key)}{optional}: {self.types.expr(param.schema, where, 1)};")
        for group, params in groups.items():
            inner = [f"{_key(p.key)}{'' if p.required else '?'}: {self.types.expr(p.schema, where)}" for p in params]
            optional = "" if any(p.required for p in params) else "?"
            members += _doc([f"Filters on `{group}` (sent as `{group}[<operator>]`)."], "  ")
            members.append(f"  {_key(group)}{optional}: {{ {'; '.join(inner)} }};")
        body = op.body
        inline = (
            isinstance(body, dict) and "$ref" not in body and not any(k in body for k in ("oneOf", "anyOf", "allOf"))
        )
        if body is not None and inline:
            members += self.types.members(body, where, 1)
            body = None
        if body is None:
            return "\n".join([*lines, f"export interface {name} {{", *members, "}"])
        body_type = self.types.expr(body, where)
        if not members:
            return "\n".join([*lines, f"export type {name} = {body_type};"])
        body_type = f"({body_type})" if " | " in body_type else body_type
        return "\n".join([*lines, f"export type {name} = {body_type} & {{", *members, "};"])

    def text(self) -> str:
        head = [marker_line("//"), "", "// Wire types of the Mango API."]
        if self.types.uses_uploadable:
            head += ["", 'import type { Uploadable } from "../core.js";']
        return "\n".join(head) + "\n\n" + "\n\n".join(self.blocks) + "\n"


# --------------------------------------------------------------------------- resources.ts


@dataclass
class _Node:
    segments: tuple[str, ...]
    children: dict[str, _Node] = field(default_factory=dict)
    methods: list[_Op] = field(default_factory=list)

    @property
    def class_name(self) -> str:
        return "".join(_pascal(s) for s in self.segments) if self.segments else "Resources"


def _tree(ops: list[_Op]) -> _Node:
    root = _Node(())
    for op in ops:
        node = root
        for segment in op.segments[:-1]:
            node = node.children.setdefault(segment, _Node((*node.segments, segment)))
        node.methods.append(op)
    return root


def _walk(node: _Node) -> list[_Node]:
    """Every node, children before their parent (the root last)."""
    found: list[_Node] = []
    for child in node.children.values():
        found += _walk(child)
    return [*found, node]


def _render_resources(ops: list[_Op]) -> str:
    nodes = _walk(_tree(ops))
    class_names = [node.class_name for node in nodes]
    duplicated = sorted({name for name in class_names if class_names.count(name) > 1})
    if duplicated:
        raise ValueError(f"operationIds give the resource class names {duplicated} twice")
    used: set[str] = set()
    core = {"RequestOptions", "Transport"}
    classes = [_render_class(node, used, core) for node in nodes]
    head = [
        marker_line("//"),
        "",
        "// Resource namespaces of the Mango API; the client extends `Resources`.",
        "",
        _import(sorted(core), "../core.js"),
    ]
    if used:
        head.append(_import(sorted(used), "./types.js"))
    return "\n".join(head) + "\n\n" + "\n\n".join(classes) + "\n"


def _import(names: list[str], module: str) -> str:
    line = f'import type {{ {", ".join(names)} }} from "{module}";'
    if len(line) <= 120:
        return line
    return "import type {\n" + "".join(f"  {name},\n" for name in names) + f'}} from "{module}";'


def _render_class(node: _Node, used: set[str], core: set[str]) -> str:
    names = [op.segments[-1] for op in node.methods]
    clash = sorted(set(names) & set(node.children) | {n for n in names if names.count(n) > 1})
    if clash or "_transport" in node.children:
        raise ValueError(f"resource {'.'.join(node.segments) or '<root>'}: names {clash} are used twice")
    if not node.segments and node.methods:
        raise ValueError(f"operation {node.methods[0].op_id}: operationId needs a resource segment")
    doc = f"`client.{'.'.join(node.segments)}`" if node.segments else "The root of every resource namespace."
    lines = [f"/** {doc} */", f"export class {node.class_name} {{"]
    lines += [f"  readonly {name}: {child.class_name};" for name, child in node.children.items()]
    lines += ["  protected readonly _transport: Transport;", "", "  constructor(transport: Transport) {"]
    lines.append("    this._transport = transport;")
    lines += [f"    this.{name} = new {child.class_name}(transport);" for name, child in node.children.items()]
    lines.append("  }")
    for op in node.methods:
        lines += ["", *_render_method(op, used, core)]
    lines.append("}")
    return "\n".join(lines)


def _render_method(op: _Op, used: set[str], core: set[str]) -> list[str]:
    args = [f"{var}: string" for _, var in op.path_params]
    params_type = f"{op.type_prefix}Params"
    required = any(f.required for f in [*op.query, *op.headers]) or _body_needs_value(op)
    if op.has_params:
        used.add(params_type)
        args.append(f"params: {params_type}" if required else f"params?: {params_type}")
    args.append("options?: RequestOptions")
    result, type_arg, flag = _result_type(op, used, core)
    lines = _doc(op.doc, "  ")
    lines.append(f"  {op.segments[-1]}({', '.join(args)}): {result} {{")
    body_fields = [*[f for f in op.query if not f.group], *op.headers]
    group_names = list(dict.fromkeys(f.group for f in op.query if f.group))
    picked = [f.key for f in body_fields] + [g for g in group_names if g]
    if op.body is not None and picked:
        binds = ", ".join(f"{_key(name)}: _{i}" for i, name in enumerate(picked))
        source = "params" if required else "params ?? {}"
        lines.append(f"    const {{ {binds}, ...body }}: {params_type} = {source};")
        local = {name: f"_{i}" for i, name in enumerate(picked)}
    else:
        dot, index = ("params.", "params[") if required else ("params?.", "params?.[")
        local = {name: f"{dot}{name}" if IDENTIFIER.match(name) else f"{index}{json.dumps(name)}]" for name in picked}
    call = [f'      method: "{op.method}",', f"      path: {_path_literal(op)},"]
    query = [f"{_key(f.wire)}: {local[f.key]}" for f in op.query if not f.group]
    query += [f"{_key(g)}: {local[g]}" for g in group_names if g]
    if query:
        one_line = f"      query: {{ {', '.join(query)} }},"
        wrapped = ["      query: {", *[f"        {entry}," for entry in query], "      },"]
        call += [one_line] if len(one_line) <= 120 else wrapped
    if op.headers:
        call.append(f"      headers: {{ {', '.join(f'{_key(h.wire)}: {local[h.key]}' for h in op.headers)} }},")
    if op.body is not None:
        if not picked:
            call.append("      body: params,")
        else:
            call.append("      body," if required else "      body: params === undefined ? undefined : body,")
    if op.multipart:
        call.append("      multipart: true,")
    if flag:
        call.append(f"      {flag}: true,")
    call.append("      options,")
    lines += [f"    return this._transport.request{type_arg}({{", *call, "    });", "  }"]
    return lines


def _body_needs_value(op: _Op) -> bool:
    """Whether the body has fields a caller must give (so ``params`` is not optional)."""
    if op.body is None or not op.body_required:
        return False
    return bool(op.body.get("required")) or "$ref" in op.body or any(k in op.body for k in ("oneOf", "anyOf", "allOf"))


def _result_type(op: _Op, used: set[str], core: set[str]) -> tuple[str, str, str]:
    """The method's return type, the transport call's type argument and its mode flag."""
    if op.mode == "binary":
        return "Promise<Response>", "", "binary"
    if op.mode == "void":
        return "Promise<void>", "<void>", ""
    if op.mode == "json" and op.result is not None and "$ref" not in op.result:
        item = f"{op.type_prefix}Response"
    else:
        item = _result_expr(op)
    used.update(name for name in re.findall(r"[A-Za-z_$][A-Za-z0-9_$]*", item) if name[:1].isupper())
    used.discard("Array")
    used.discard("Record")
    if op.mode == "paginated":
        core.add("PagePromise")
        return f"PagePromise<{item}>", f"<{item}>", "paginated"
    if op.mode == "stream":
        core.add("Stream")
        return f"Stream<{item}>", f"<{item}>", "stream"
    return f"Promise<{item}>", f"<{item}>", ""


def _result_expr(op: _Op) -> str:
    schema = op.result or {}
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith(SCHEMA_REF):
        return _pascal(ref[len(SCHEMA_REF) :])
    raise ValueError(f"operation {op.op_id}: {op.mode} item schema must be a $ref to a component schema")


def _path_literal(op: _Op) -> str:
    names = dict(op.path_params)
    text = re.sub(r"{([^}]+)}", lambda m: "${encodeURIComponent(" + names[m.group(1)] + ")}", op.path)
    return f"`{text}`" if op.path_params else json.dumps(op.path)


# --------------------------------------------------------------------------- errors.ts


def _render_errors(spec: Spec) -> str:
    entries = error_catalogue(spec)
    lines = [
        marker_line("//"),
        "",
        "// The error catalogue of the Mango API: every `error.type` with its HTTP status.",
        "",
        "/** One catalogued `error.type`. */",
        "export interface ErrorTypeEntry {",
        "  /** The stable `error.type` of the envelope. */",
        "  readonly type: string;",
        "  /** The HTTP status the API answers it with. */",
        "  readonly status: number;",
        "  /** What it means, in one sentence. */",
        "  readonly description: string;",
        "}",
        "",
        "/** Every catalogued error type, in spec order. */",
        "export const ERROR_CATALOGUE: readonly ErrorTypeEntry[] = [",
    ]
    for entry in entries:
        lines += [
            "  {",
            f"    type: {json.dumps(entry.type)},",
            f"    status: {entry.status},",
            f"    description: {json.dumps(entry.description)},",
            "  },",
        ]
    lines += [
        "];",
        "",
        "/** The HTTP status of each catalogued `error.type`. */",
        "export const ERROR_STATUS: Readonly<Record<string, number>> = Object.freeze(",
        "  Object.fromEntries(ERROR_CATALOGUE.map((entry) => [entry.type, entry.status])),",
        ");",
    ]
    return "\n".join(lines) + "\n"
