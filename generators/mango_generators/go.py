"""Go target: the generated half of the Go client under ``sdk-go/api`` (package ``api``).

``render`` turns the spec into five files: ``errors.go`` (``ErrorCatalogue`` and
``ErrorStatus`` from ``x-mango-error-catalogue``, read by the hand-written error mapping),
``types.go`` (a struct per object schema, a string type with constants per enum, a wrapper per
discriminated union that keeps unknown variants verbatim), ``services.go`` (one service
struct per operationId namespace, one method per operation, rooted at ``Services``),
``operations.go`` (``Invoke``/``InvokeAutoPaging``/``InvokeStream``: call any operation by
operationId with JSON arguments) and ``transport.go`` (the ``Transport`` interface the
hand-written ``mango`` package implements, plus decoding helpers). Output is deterministic and
already gofmt-clean.

This module does not write files, run the Go toolchain or hold the hand-written client
(``sdk-go/mango``). A construct it cannot map to Go raises ``ValueError`` naming where it is.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import PurePosixPath
from typing import Any

from mango_generators._common import GeneratedFile, Spec, marker_line
from mango_generators._spec import (
    ERROR_CATALOGUE_KEY,
    Body,
    Operation,
    Parameter,
    error_catalogue,
    operations,
    ref_name,
    resolve,
)

__all__ = ["ROOT", "render"]

ROOT = PurePosixPath("sdk-go/api")
MARKER = marker_line("//go")

_INITIALISMS = {
    "api": "API",
    "cpu": "CPU",
    "html": "HTML",
    "http": "HTTP",
    "https": "HTTPS",
    "id": "ID",
    "ids": "IDs",
    "ip": "IP",
    "json": "JSON",
    "mcp": "MCP",
    "sha256": "SHA256",
    "sql": "SQL",
    "sse": "SSE",
    "ssh": "SSH",
    "tls": "TLS",
    "ttl": "TTL",
    "uri": "URI",
    "url": "URL",
    "uuid": "UUID",
}
_GO_KEYWORDS = frozenset(
    [
        "break",
        "case",
        "chan",
        "const",
        "continue",
        "default",
        "defer",
        "else",
        "fallthrough",
        "for",
        "func",
        "go",
        "goto",
        "if",
        "import",
        "interface",
        "map",
        "package",
        "range",
        "return",
        "select",
        "struct",
        "switch",
        "type",
        "var",
    ]
)
# Locals and packages a generated method body uses; a path parameter must not shadow them.
_RESERVED_LOCALS = frozenset({"ctx", "params", "opts", "req", "s", "path", "url", "http", "iter", "io", "json"})
_POINTER_FREE = ("[]", "map[")
_IMPORTS = ("context", "encoding/json", "errors", "fmt", "io", "iter", "net/http", "net/url", "time")
_DOC_WIDTH = 100

# The fixed part of the package (Transport interface and helpers) is plain Go kept beside this module.
_RUNTIME = (resources.files("mango_generators") / "templates" / "go" / "transport.go.tmpl").read_text(encoding="utf-8")


def render(spec: Spec) -> list[GeneratedFile]:
    """Render the ``api`` package for ``spec``; raise ``ValueError`` on constructs Go cannot express."""
    types = _Types(spec)
    for name in _ERROR_NAMES:
        types.claim(name, ERROR_CATALOGUE_KEY)
    for name in sorted(spec.get("components", {}).get("schemas", {})):
        types.component(name)
    ops = [_OpModel.build(types, op) for op in operations(spec)]
    services = _render_services(types, ops)
    dispatch = _render_operations(ops)
    return [
        GeneratedFile(ROOT / "errors.go", _file(_render_errors(spec), doc=False)),
        GeneratedFile(ROOT / "operations.go", dispatch),
        GeneratedFile(ROOT / "services.go", services),
        GeneratedFile(ROOT / "transport.go", _file(_RUNTIME, doc=False)),
        GeneratedFile(ROOT / "types.go", _file(types.render(), doc=False)),
    ]


# --- names and text -------------------------------------------------------------------------


def _words(name: str) -> list[str]:
    return [part for part in re.split(r"[^A-Za-z0-9]+", name) if part]


def _pascal(name: str, where: str) -> str:
    words = _words(name)
    out = "".join(_INITIALISMS.get(word.lower(), word[:1].upper() + word[1:]) for word in words)
    if not out or not (out[0].isalpha()):
        raise ValueError(f"{where}: cannot make a Go identifier from {name!r}")
    return out


def _camel(name: str, where: str) -> str:
    words = _words(name)
    if not words:
        raise ValueError(f"{where}: cannot make a Go identifier from {name!r}")
    first = words[0].lower()
    out = first + _pascal("_".join(words[1:]), where) if len(words) > 1 else first
    if not out[0].isalpha():
        raise ValueError(f"{where}: cannot make a Go identifier from {name!r}")
    if out in _GO_KEYWORDS or out in _RESERVED_LOCALS:
        out += "Param"
    return out


def _quote(value: str) -> str:
    escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def _doc(text: str, indent: str = "") -> list[str]:
    """A Go comment for ``text``: whitespace collapsed, wrapped, no line gofmt reads as a list or heading."""
    flat = " ".join(text.split())
    if not flat:
        return []
    lines = textwrap.wrap(flat, width=_DOC_WIDTH - len(indent) - 3, break_long_words=False, break_on_hyphens=False)
    merged: list[str] = []
    for line in lines:
        if merged and re.match(r"^([-*+#]|\d+[.)])(\s|$)", line):
            merged[-1] += " " + line
        else:
            merged.append(line)
    if merged and re.match(r"^([-*+#]|\d+[.)])(\s|$)", merged[0]):
        merged[0] = "(" + merged[0] + ")"
    return [f"{indent}// {line}" for line in merged]


def _file(body: str, doc: bool) -> str:
    imports = [pkg for pkg in _IMPORTS if _uses(body, pkg)]
    head = [MARKER, ""]
    if doc:
        head += [
            "// Package api is the generated half of the Mango Go client: wire types, one service per",
            "// operationId namespace and the Transport interface that package mango implements.",
        ]
    head += ["package api", ""]
    if len(imports) == 1:
        head += [f'import "{imports[0]}"', ""]
    elif imports:
        head += ["import (", *[f'\t"{pkg}"' for pkg in imports], ")", ""]
    return "\n".join(head) + "\n" + body.strip("\n") + "\n"


def _uses(body: str, pkg: str) -> bool:
    short = pkg.rsplit("/", 1)[-1]
    code = "\n".join(line for line in body.splitlines() if not line.lstrip().startswith("//"))
    return re.search(rf"(?<![\w.\"]){re.escape(short)}\.[A-Z]", code) is not None


# --- types ----------------------------------------------------------------------------------


@dataclass
class _Field:
    go_name: str
    json_name: str
    go_type: str
    tag: str
    doc: str


@dataclass
class _Types:
    """The type registry: component and inline Go declarations by name, with collision checks."""

    spec: Spec
    decls: dict[str, str] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)
    pending: set[str] = field(default_factory=set)

    def claim(self, name: str, where: str) -> None:
        owner = self.owners.setdefault(name, where)
        if owner != where:
            raise ValueError(f"{where}: Go name {name} is already used by {owner}")

    def render(self) -> str:
        return "\n\n".join(self.decls[name] for name in sorted(self.decls))

    def component(self, name: str) -> str:
        go_name = _pascal(name, f"#/components/schemas/{name}")
        where = f"#/components/schemas/{name}"
        self.claim(go_name, where)
        if go_name in self.decls or go_name in self.pending:
            return go_name
        self.pending.add(go_name)
        schema = self.spec["components"]["schemas"][name]
        self.declare(go_name, schema, where)
        self.pending.discard(go_name)
        return go_name

    def declare(self, go_name: str, schema: Mapping[str, Any], where: str) -> None:
        """Add the declaration of a named type for ``schema``."""
        self.claim(go_name, where)
        doc = _doc(f"{go_name}: {schema['description']}") if schema.get("description") else []
        schema = _merge_all_of(self.spec, schema, where)
        if isinstance(schema.get("oneOf"), list) and not _nullable_branch(schema):
            if "discriminator" in schema:
                text = self.union(go_name, schema, where, doc)
            else:
                text = self.untagged(go_name, schema, where, doc)
        elif isinstance(schema.get("enum"), list):
            text = self.enum(go_name, schema, where, doc)
        elif _is_struct(schema):
            text = self.struct(go_name, schema, where, doc)
        else:
            go_type, _ = self.go_type(schema, go_name + "Value", where)
            text = "\n".join([*doc, f"type {go_name} = {go_type}"])
        self.decls[go_name] = text

    def go_type(self, schema: Mapping[str, Any], hint: str, where: str) -> tuple[str, bool]:
        """The Go type for ``schema`` and whether JSON null is allowed; inline named types use ``hint``."""
        ref = schema.get("$ref")
        if isinstance(ref, str):
            if not ref.startswith("#/components/schemas/"):
                raise ValueError(f"{where}: unsupported $ref {ref!r} (only #/components/schemas/...)")
            return self.component(ref_name(ref)), False
        schema = _merge_all_of(self.spec, schema, where)
        branch = _nullable_branch(schema)
        if branch is not None:
            inner, _ = self.go_type(branch, hint, where)
            return inner, True
        types = schema.get("type")
        nullable = isinstance(types, list) and "null" in types
        if isinstance(types, list):
            rest = [t for t in types if t != "null"]
            if len(rest) != 1:
                raise ValueError(f"{where}: unsupported multi-type schema {types!r}")
            schema = {**schema, "type": rest[0]}
        return self.base_type(schema, hint, where), nullable

    def base_type(self, schema: Mapping[str, Any], hint: str, where: str) -> str:
        kind = schema.get("type")
        if isinstance(schema.get("oneOf"), list) or isinstance(schema.get("anyOf"), list):
            if isinstance(schema.get("anyOf"), list):
                raise ValueError(f"{where}: anyOf is not supported (use a discriminated oneOf)")
            self.declare(hint, schema, where)
            return hint
        if isinstance(schema.get("enum"), list):
            self.declare(hint, schema, where)
            return hint
        if kind == "string":
            fmt = schema.get("format")
            if fmt == "date-time":
                return "time.Time"
            if fmt == "binary":
                return "Upload"
            return "string"
        if kind == "integer":
            return "int64" if schema.get("format") == "int64" else "int"
        if kind == "number":
            return "float64"
        if kind == "boolean":
            return "bool"
        if kind == "array":
            items = schema.get("items")
            if not isinstance(items, Mapping):
                raise ValueError(f"{where}: array without items")
            item_type, item_null = self.go_type(items, hint + "Item", where + "/items")
            return "[]" + _pointer(item_type) if item_null else "[]" + item_type
        if _is_struct(schema):
            self.declare(hint, schema, where)
            return hint
        if kind == "object" or (kind is None and "additionalProperties" in schema):
            extra = schema.get("additionalProperties")
            if isinstance(extra, Mapping) and extra:
                value, value_null = self.go_type(extra, hint + "Value", where + "/additionalProperties")
                return "map[string]" + (_pointer(value) if value_null else value)
            return "map[string]any"
        if kind is None and not (set(schema) - {"description", "title", "examples", "example", "default"}):
            return "json.RawMessage"
        raise ValueError(f"{where}: unsupported schema {dict(schema)!r}")

    def fields(self, schema: Mapping[str, Any], hint: str, where: str) -> list[_Field]:
        required = set(schema.get("required", []))
        out: list[_Field] = []
        seen: dict[str, str] = {}
        for prop, sub in schema.get("properties", {}).items():
            go_name = _pascal(prop, f"{where}/properties/{prop}")
            if go_name in seen:
                raise ValueError(f"{where}: properties {seen[go_name]!r} and {prop!r} both map to Go field {go_name}")
            seen[go_name] = prop
            go_type, nullable = self.go_type(sub, hint + go_name, f"{where}/properties/{prop}")
            is_required = prop in required
            if nullable and not is_required:
                go_type, tag = f"Nullable[{go_type}]", f'json:"{prop},omitzero"'
            else:
                if (nullable or not is_required) and not go_type.startswith(_POINTER_FREE):
                    go_type = _pointer(go_type)
                # omitzero, not omitempty: a nil slice or map is left out but an empty one is sent,
                # so an update can replace a list with nothing.
                tag = f'json:"{prop}"' if is_required else f'json:"{prop},omitzero"'
            description = resolve(self.spec, sub).get("description", "") if isinstance(sub, Mapping) else ""
            out.append(_Field(go_name, prop, go_type, tag, str(sub.get("description") or description)))
        return out

    def struct(self, go_name: str, schema: Mapping[str, Any], where: str, doc: list[str]) -> str:
        return _struct_text(go_name, self.fields(schema, go_name, where), doc)

    def enum(self, go_name: str, schema: Mapping[str, Any], where: str, doc: list[str]) -> str:
        values = [value for value in schema["enum"] if value is not None]
        if not all(isinstance(value, str) for value in values):
            raise ValueError(f"{where}: only string enums are supported, found {values!r}")
        names = [(f"{go_name}{_pascal(value, where) if _words(value) else 'Empty'}", value) for value in values]
        for const_name, _ in names:
            self.claim(const_name, where)
        width = max(len(const_name) for const_name, _ in names)
        lines = [*doc, f"type {go_name} string", "", f"// {go_name} values.", "const ("]
        lines += [f"\t{const_name.ljust(width)} {go_name} = {_quote(value)}" for const_name, value in names]
        return "\n".join([*lines, ")"])

    def untagged(self, go_name: str, schema: Mapping[str, Any], where: str, doc: list[str]) -> str:
        """A oneOf without discriminator whose branches differ in JSON kind (string, number, object, ...)."""
        branches: list[tuple[str, str, str]] = []
        for index, branch in enumerate(schema["oneOf"]):
            target = resolve(self.spec, branch)
            kind = _json_kind(target, f"{where}/oneOf/{index}")
            if isinstance(branch.get("$ref"), str):
                go_type, _ = self.go_type(branch, go_name, where)
                field_name = go_type
            else:
                go_type, _ = self.go_type(branch, f"{go_name}Option{index}", where)
                field_name = _pascal(str(target.get("type")), where)
            if kind in {k for _, _, k in branches}:
                raise ValueError(f"{where}: oneOf branches without a discriminator must differ in JSON kind")
            branches.append((field_name, go_type, kind))
        return _untagged_text(self, go_name, branches, doc)

    def union(self, go_name: str, schema: Mapping[str, Any], where: str, doc: list[str]) -> str:
        disc = schema.get("discriminator")
        if not isinstance(disc, Mapping) or disc.get("propertyName") != "type":
            raise ValueError(f"{where}: oneOf needs discriminator.propertyName: type")
        mapping = disc.get("mapping") or {}
        variants: list[tuple[str, str]] = []
        for tag, ref in mapping.items():
            if not isinstance(ref, str) or not ref.startswith("#/components/schemas/"):
                raise ValueError(f"{where}: discriminator mapping {tag!r} must reference #/components/schemas/...")
            variant = resolve(self.spec, {"$ref": ref})
            type_prop = variant.get("properties", {}).get("type", {})
            if type_prop.get("type", "string") != "string" or "type" not in set(variant.get("required", [])):
                raise ValueError(f"{where}: variant {ref} needs a required string 'type' property")
            variants.append((str(tag), self.component(ref_name(ref))))
        if not variants:
            raise ValueError(f"{where}: oneOf union needs a discriminator mapping")
        names = [v for _, v in variants]
        if len(set(names)) != len(names):
            raise ValueError(f"{where}: a schema is mapped under two discriminator values")
        return _union_text(self, go_name, variants, doc)


def _json_kind(schema: Mapping[str, Any], where: str) -> str:
    kind = schema.get("type")
    if kind in (None, "object") and (_is_struct(schema) or kind == "object"):
        return "{"
    kinds = {"string": '"', "integer": "0", "number": "0", "boolean": "t", "array": "["}
    if not isinstance(kind, str) or kind not in kinds or ("enum" in schema and kind != "string"):
        raise ValueError(f"{where}: unsupported oneOf branch {dict(schema)!r}")
    return kinds[kind]


def _untagged_text(types: _Types, go_name: str, branches: list[tuple[str, str, str]], doc: list[str]) -> str:
    names = ", ".join(name for name, _, _ in branches)
    lines = [
        *(doc or [f"// {go_name} is a value of one of several JSON kinds."]),
        "//",
        *_doc(f"Exactly one of {names} is set; a nil-only value encodes as null."),
        f"type {go_name} struct {{",
    ]
    for index, (name, go_type, _) in enumerate(branches):
        lines += [""] if index else []
        lines.append(f"\t{name} *{go_type}")
    lines += [
        "}",
        "",
        "// MarshalJSON encodes the branch that is set.",
        f"func (u {go_name}) MarshalJSON() ([]byte, error) {{",
        "\tswitch {",
    ]
    for name, _, _ in branches:
        lines += [f"\tcase u.{name} != nil:", f"\t\treturn json.Marshal(u.{name})"]
    lines += ["\t}", '\treturn []byte("null"), nil', "}", ""]
    lines += [
        "// UnmarshalJSON picks the branch by the JSON kind of data.",
        f"func (u *{go_name}) UnmarshalJSON(data []byte) error {{",
        f"\t*u = {go_name}{{}}",
        "\tswitch jsonKind(data) {",
    ]
    for name, go_type, kind in branches:
        lines += [
            f"\tcase {_go_rune(kind)}:",
            f"\t\tu.{name} = new({go_type})",
            f"\t\treturn json.Unmarshal(data, u.{name})",
        ]
    lines += ["\tcase 'n':", "\t\treturn nil", "\t}"]
    lines += [f'\treturn fmt.Errorf("api: %s is not a valid {go_name}", data)', "}"]
    for name, go_type, _ in branches:
        ctor = f"New{go_name}From{_pascal(name, go_name)}"
        types.claim(ctor, go_name)
        lines += [
            "",
            f"// {ctor} sets the {name} branch.",
            f"func {ctor}(v {go_type}) {go_name} {{ return {go_name}{{{name}: &v}} }}",
        ]
    return "\n".join(lines)


def _go_rune(kind: str) -> str:
    return "'\\''" if kind == "'" else f"'{kind}'"


def _pointer(go_type: str) -> str:
    return (
        go_type if go_type.startswith(("*", *_POINTER_FREE)) or go_type in ("any", "json.RawMessage") else "*" + go_type
    )


def _is_struct(schema: Mapping[str, Any]) -> bool:
    return isinstance(schema.get("properties"), Mapping) and bool(schema["properties"])


def _nullable_branch(schema: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The non-null branch of ``oneOf``/``anyOf: [X, {type: "null"}]``, else None."""
    for key in ("oneOf", "anyOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and len(branches) == 2:
            rest = [b for b in branches if not (isinstance(b, Mapping) and b.get("type") == "null")]
            if len(rest) == 1:
                return dict(rest[0])
    return None


def _merge_all_of(spec: Spec, schema: Mapping[str, Any], where: str) -> Mapping[str, Any]:
    parts = schema.get("allOf")
    if not isinstance(parts, list):
        return schema
    extra = {key: value for key, value in schema.items() if key != "allOf"}
    if len(parts) == 1 and not (set(extra) - {"description", "title", "default"}):
        return {**dict(parts[0]), **extra}
    merged: dict[str, Any] = {"type": "object", "properties": {}, "required": []}
    for part in [*parts, extra]:
        part = resolve(spec, part)
        if part and not _is_struct(part) and set(part) - {"description", "title", "type", "required"}:
            raise ValueError(f"{where}: allOf can only merge object schemas")
        merged["properties"].update(part.get("properties", {}))
        merged["required"] += list(part.get("required", []))
    if schema.get("description"):
        merged["description"] = schema["description"]
    return merged


def _struct_text(go_name: str, fields: list[_Field], doc: list[str]) -> str:
    lines = [*doc, f"type {go_name} struct {{"]
    for index, item in enumerate(fields):
        if index:
            lines.append("")
        lines += _doc(item.doc, "\t")
        lines.append(f"\t{item.go_name} {item.go_type} `{item.tag}`")
    return "\n".join([*lines, "}"])


def _union_text(types: _Types, go_name: str, variants: list[tuple[str, str]], doc: list[str]) -> str:
    known = ", ".join(f"{variant} ({tag})" for tag, variant in variants)
    lines = [
        *(doc or [f"// {go_name} is a union discriminated by its type."]),
        "//",
        *_doc(f"Known variants: {known}. A type this client does not know keeps its JSON verbatim in Raw."),
        f"type {go_name} struct {{",
        "\t// Type is the discriminator value.",
        "\tType string",
        "",
        "\t// Raw is the JSON object as received or as built by a constructor; it is encoded unchanged.",
        "\tRaw json.RawMessage",
        "",
        "\terr error",
        "}",
        "",
    ]
    consts = [(f"{go_name}Type{_pascal(tag, go_name)}", tag) for tag, _ in variants]
    for const_name, _ in consts:
        types.claim(const_name, go_name)
    width = max(len(name) for name, _ in consts)
    lines += [f"// {go_name} discriminator values.", "const ("]
    lines += [f"\t{name.ljust(width)} = {_quote(tag)}" for name, tag in consts]
    lines += [")", ""]
    lines += [
        "// MarshalJSON encodes Raw unchanged (null when empty).",
        f"func (u {go_name}) MarshalJSON() ([]byte, error) {{ return encodeUnion(u.Raw, u.err) }}",
        "",
        "// UnmarshalJSON keeps data verbatim in Raw and reads its type.",
        f"func (u *{go_name}) UnmarshalJSON(data []byte) error {{",
        "\tvar err error",
        f"\tu.Type, u.Raw, err = decodeUnion({_quote(go_name)}, data)",
        "\treturn err",
        "}",
        "",
        "// Value decodes the known variant as its struct; an unknown type gives nil and no error.",
        f"func (u {go_name}) Value() (any, error) {{",
        "\tswitch u.Type {",
    ]
    for tag, variant in variants:
        lines += [f"\tcase {_quote(tag)}:", f"\t\treturn u.As{variant}()"]
    lines += ["\t}", "\treturn nil, nil", "}"]
    for tag, variant in variants:
        types.claim(f"New{go_name}From{variant}", go_name)
        lines += [
            "",
            f"// New{go_name}From{variant} wraps v as a {go_name}, setting its type to {_quote(tag)}.",
            f"func New{go_name}From{variant}(v {variant}) {go_name} {{",
            f"\tv.Type = {_quote(tag)}",
            "\traw, err := json.Marshal(v)",
            f"\treturn {go_name}{{Type: {_quote(tag)}, Raw: raw, err: err}}",
            "}",
            "",
            f"// As{variant} decodes the union as {variant}; it fails when Type is not {_quote(tag)}.",
            f"func (u {go_name}) As{variant}() ({variant}, error) {{",
            f"\tvar v {variant}",
            f"\tif u.Type != {_quote(tag)} {{",
            f"\t\treturn v, &UnionTypeError{{Union: {_quote(go_name)}, Want: {_quote(tag)}, Got: u.Type}}",
            "\t}",
            "\terr := json.Unmarshal(u.Raw, &v)",
            "\treturn v, err",
            "}",
        ]
    return "\n".join(lines)


# --- operations -----------------------------------------------------------------------------


@dataclass
class _OpModel:
    """One operation resolved into Go names and types."""

    op: Operation
    pascal: str
    method: str
    path_args: list[tuple[str, str]]
    params_type: str | None
    query: list[tuple[str, str]]
    body_expr: str | None
    form: list[tuple[str, str, str]]
    content: bool
    result: str
    item_type: str | None

    @property
    def kind(self) -> str:
        if self.op.stream:
            return "stream"
        if self.result == "io.ReadCloser":
            return "download"
        return "none" if not self.result else "json"

    @staticmethod
    def build(types: _Types, op: Operation) -> _OpModel:
        where = f"operation {op.operation_id}"
        pascal = "".join(_pascal(seg, where) for seg in op.operation_id.split("."))
        path_args = [(p.name, _camel(p.name, where)) for p in op.path_params]
        params_type = pascal + "Params"
        fields, query, body_expr, form, content = _params(types, op, params_type, where)
        has_params = bool(fields or query or form or content)
        if has_params:
            types.claim(params_type, where)
            types.decls[params_type] = _struct_text(
                params_type, fields, _doc(f"{params_type} holds the query and body of {op.operation_id}.")
            )
        result, item_type = _result(types, op, pascal, where)
        return _OpModel(
            op,
            pascal,
            _pascal(op.verb, where),
            path_args,
            params_type if has_params else None,
            query,
            body_expr,
            form,
            content,
            result,
            item_type,
        )


def _params(
    types: _Types, op: Operation, params_type: str, where: str
) -> tuple[list[_Field], list[tuple[str, str]], str | None, list[tuple[str, str, str]], bool]:
    fields: list[_Field] = []
    query: list[tuple[str, str]] = []
    for param in op.query_params:
        item = _query_field(types, param, params_type, where)
        fields.append(item)
        query.append((param.name, item.go_name))
    body_expr: str | None = None
    form: list[tuple[str, str, str]] = []
    content = False
    body = op.request_body
    if body is not None:
        body_fields, body_expr, form, content = _body(types, body, params_type, where)
        taken = {f.go_name for f in fields}
        clash = [f.go_name for f in body_fields if f.go_name in taken]
        if clash:
            raise ValueError(f"{where}: body fields {clash} clash with query parameters")
        fields += body_fields
    return fields, query, body_expr, form, content


def _query_field(types: _Types, param: Parameter, params_type: str, where: str) -> _Field:
    go_name = _pascal(param.name, where)
    go_type, nullable = types.go_type(param.schema, params_type + go_name, f"{where} query {param.name}")
    if (nullable or not param.required) and not go_type.startswith(_POINTER_FREE):
        go_type = _pointer(go_type)
    return _Field(go_name, param.name, go_type, f'json:"-" query:"{param.name}"', param.description)


def _body(
    types: _Types, body: Body, params_type: str, where: str
) -> tuple[list[_Field], str | None, list[tuple[str, str, str]], bool]:
    where = f"{where} request body"
    if body.media_type == "application/json":
        hint = body.schema_name or params_type
        schema = _merge_all_of(types.spec, resolve(types.spec, body.schema), where)
        if _is_struct(schema):
            owner = f"#/components/schemas/{body.schema_name}" if body.schema_name else where
            return types.fields(schema, _pascal(hint, where), owner), "params", [], False
        go_type, _ = types.go_type(body.schema, params_type + "Body", where)
        return [_Field("Body", "", go_type, 'json:"-"', "The request body.")], "params.Body", [], False
    if body.media_type == "multipart/form-data":
        return _form(types, body, params_type, where)
    if body.media_type == "application/octet-stream":
        return [_Field("Content", "", "io.Reader", 'json:"-"', "The bytes to send.")], None, [], True
    raise ValueError(f"{where}: unsupported media type {body.media_type!r}")


def _form(
    types: _Types, body: Body, params_type: str, where: str
) -> tuple[list[_Field], str | None, list[tuple[str, str, str]], bool]:
    schema = resolve(types.spec, body.schema)
    if not _is_struct(schema):
        raise ValueError(f"{where}: a multipart body must be an object with properties")
    required = set(schema.get("required", []))
    fields: list[_Field] = []
    form: list[tuple[str, str, str]] = []
    for prop, sub in schema["properties"].items():
        go_name = _pascal(prop, where)
        sub = resolve(types.spec, sub)
        if sub.get("type") == "string" and sub.get("format") == "binary":
            kind = "file" if prop in required else "optional_file"
            go_type = "Upload" if prop in required else "*Upload"
        else:
            kind = "value"
            go_type, nullable = types.go_type(sub, params_type + go_name, f"{where}/{prop}")
            if (nullable or prop not in required) and not go_type.startswith(_POINTER_FREE):
                go_type = _pointer(go_type)
        fields.append(_Field(go_name, prop, go_type, f'json:"-" form:"{prop}"', str(sub.get("description", ""))))
        form.append((prop, go_name, kind))
    return fields, None, form, False


def _result(types: _Types, op: Operation, pascal: str, where: str) -> tuple[str, str | None]:
    response = op.response
    if response is None:
        return "", None
    if op.stream:
        go_type, _ = types.go_type(response.schema, pascal + "Event", f"{where} stream")
        return go_type, None
    if response.media_type != "application/json":
        if "json" in response.media_type or response.media_type.startswith("multipart/"):
            raise ValueError(f"{where}: unsupported response media type {response.media_type!r}")
        return "io.ReadCloser", None
    go_type, _ = types.go_type(response.schema, pascal + "Response", f"{where} response")
    if not op.paginated:
        return go_type, None
    schema = resolve(types.spec, response.schema)
    data = schema.get("properties", {}).get("data", {})
    items = resolve(types.spec, data).get("items") if isinstance(data, Mapping) else None
    if not isinstance(items, Mapping):
        raise ValueError(f"{where}: a paginated response needs data: {{type: array, items: ...}}")
    item_type, _ = types.go_type(items, go_type + "DataItem", f"{where} response data items")
    return go_type, item_type


def _path_expr(op: _OpModel) -> str:
    args = dict(op.path_args)
    parts: list[str] = []
    for index, piece in enumerate(re.split(r"\{([^}/]+)\}", op.op.path)):
        if index % 2:
            if piece not in args:
                raise ValueError(f"operation {op.op.operation_id}: path parameter {piece!r} is not declared")
            parts.append(f"url.PathEscape({args[piece]})")
        elif piece:
            parts.append(_quote(piece))
    return " + ".join(parts)


# --- services.go ----------------------------------------------------------------------------


def _render_services(types: _Types, ops: list[_OpModel]) -> str:
    tree: dict[tuple[str, ...], list[_OpModel]] = {}
    for model in ops:
        namespace = model.op.namespace
        for depth in range(1, len(namespace) + 1):
            tree.setdefault(namespace[:depth], [])
        tree[namespace].append(model)
    blocks = [_root_service(types, tree)]
    for namespace in sorted(tree):
        blocks.append(_service(types, namespace, tree))
        blocks += [_method(model) for model in tree[namespace]]
    return _file("\n\n".join(blocks), doc=True)


def _service_name(namespace: tuple[str, ...]) -> str:
    return "".join(_pascal(seg, ".".join(namespace)) for seg in namespace) + "Service"


def _children(namespace: tuple[str, ...], tree: Mapping[tuple[str, ...], object]) -> list[tuple[str, ...]]:
    return sorted(key for key in tree if len(key) == len(namespace) + 1 and key[: len(namespace)] == namespace)


def _root_service(types: _Types, tree: Mapping[tuple[str, ...], list[_OpModel]]) -> str:
    types.claim("Services", "services root")
    top = _children((), tree)
    lines = [
        "// Services is the root of every generated service; package mango's Client embeds it.",
        "type Services struct {",
    ]
    for index, child in enumerate(top):
        lines += [""] if index else []
        name = _pascal(child[-1], child[-1])
        lines += [f"\t// {name} groups the {child[-1]}.* operations.", f"\t{name} *{_service_name(child)}"]
    lines += ["}", "", "// NewServices builds the service tree over t.", "func NewServices(t Transport) *Services {"]
    lines.append("\ts := &Services{}")
    lines += [f"\ts.{_pascal(c[-1], c[-1])} = new{_service_name(c)}(t)" for c in top]
    return "\n".join([*lines, "\treturn s", "}"])


def _service(types: _Types, namespace: tuple[str, ...], tree: Mapping[tuple[str, ...], list[_OpModel]]) -> str:
    name = _service_name(namespace)
    dotted = ".".join(namespace)
    types.claim(name, f"service {dotted}")
    children = _children(namespace, tree)
    fields = {_pascal(child[-1], dotted): child for child in children}
    for model in tree[namespace]:
        for method in (model.method, model.method + "AutoPaging" if model.item_type else model.method):
            if method in fields:
                raise ValueError(f"service {dotted}: method {method} clashes with the sub-resource of the same name")
    lines = [f"// {name} groups the {dotted}.* operations.", f"type {name} struct {{", "\tt Transport"]
    for field_name, child in fields.items():
        lines += [
            "",
            f"\t// {field_name} groups the {'.'.join(child)}.* operations.",
            f"\t{field_name} *{_service_name(child)}",
        ]
    lines += ["}", "", f"func new{name}(t Transport) *{name} {{", f"\ts := &{name}{{t: t}}"]
    lines += [f"\ts.{field_name} = new{_service_name(child)}(t)" for field_name, child in fields.items()]
    return "\n".join([*lines, "\treturn s", "}"])


def _signature(model: _OpModel, method: str, result: str) -> str:
    args = ["ctx context.Context", *(f"{go} string" for _, go in model.path_args)]
    if model.params_type:
        args.append(f"params {model.params_type}")
    args.append("opts ...RequestOption")
    service = _service_name(model.op.namespace)
    return f"func (s *{service}) {method}({', '.join(args)}) {result} {{"


def _request_lines(model: _OpModel) -> list[str]:
    op = model.op
    security = "[]string{" + ", ".join(_quote(s) for s in op.security) + "}" if op.security else "nil"
    method = "http.Method" + op.method[:1] + op.method[1:].lower()
    lines = [
        f"\tpath := {_path_expr(model)}",
        f"\treq := newRequest({_quote(op.operation_id)}, {method}, path, {security}, opts)",
    ]
    if model.query:
        lines.append("\treq.Query = append([]QueryParam{")
        lines += [f"\t\t{{Name: {_quote(name)}, Value: params.{go}}}," for name, go in model.query]
        lines.append("\t}, req.Query...)")
    if model.body_expr:
        lines.append(f"\treq.Body = {model.body_expr}")
    if model.form:
        lines.append("\treq.Form = []FormField{")
        for name, go, kind in model.form:
            if kind == "value":
                lines.append(f"\t\t{{Name: {_quote(name)}, Value: params.{go}}},")
            else:
                value = f"&params.{go}" if kind == "file" else f"params.{go}"
                lines.append(f"\t\t{{Name: {_quote(name)}, File: {value}}},")
        lines.append("\t}")
    if model.content:
        lines.append("\treq.Content = params.Content")
    return lines


def _method(model: _OpModel) -> str:
    op = model.op
    summary = op.summary or op.description or op.operation_id
    doc = _doc(f"{model.method} calls {op.operation_id} ({op.method} {op.path}): {summary}")
    kind = model.kind
    if kind == "stream":
        result, ret = f"iter.Seq2[{model.result}, error]", f"\treturn stream[{model.result}](ctx, s.t, req)"
    elif kind == "download":
        accept = _quote(op.response.media_type if op.response else "application/octet-stream")
        result, ret = "(io.ReadCloser, error)", f"\treturn download(ctx, s.t, req, {accept})"
    elif kind == "none":
        result, ret = "error", "\treturn doNoContent(ctx, s.t, req)"
    else:
        result, ret = f"(*{model.result}, error)", f"\treturn doJSON[{model.result}](ctx, s.t, req)"
    lines = [*doc, _signature(model, model.method, result), *_request_lines(model), ret, "}"]
    if model.item_type:
        lines += [
            "",
            f"// {model.method}AutoPaging iterates every item of every page of {op.operation_id}, following next_page.",
            _signature(model, model.method + "AutoPaging", f"iter.Seq2[{model.item_type}, error]"),
            *_request_lines(model),
            f"\treturn paginate[{model.item_type}](ctx, s.t, req)",
            "}",
        ]
    return "\n".join(lines)


# --- operations.go --------------------------------------------------------------------------


def _render_operations(ops: list[_OpModel]) -> str:
    ordered = sorted(ops, key=lambda m: m.op.operation_id)
    calls = [m for m in ordered if m.kind != "stream"]
    pages = [m for m in ordered if m.item_type]
    streams = [m for m in ordered if m.kind == "stream"]
    blocks = [
        _invoke(
            "Invoke",
            "(any, error)",
            calls,
            _call_case,
            "Invoke calls a non-streaming operation by operationId with JSON arguments and returns its "
            "result: a pointer to the decoded response, an io.ReadCloser for downloads, nil for no content.",
        ),
        _invoke(
            "InvokeAutoPaging",
            "(iter.Seq2[any, error], error)",
            pages,
            _page_case,
            "InvokeAutoPaging iterates every item of a paginated operation named by operationId.",
        ),
        _invoke(
            "InvokeStream",
            "(iter.Seq2[any, error], error)",
            streams,
            _stream_case,
            "InvokeStream reads the events of a streaming operation named by operationId.",
        ),
    ]
    blocks += [_decode_params(m) for m in ordered if m.params_type]
    return _file("\n\n".join(blocks), doc=False)


def _invoke(name: str, result: str, models: list[_OpModel], case: Any, doc: str) -> str:
    lines = [
        *_doc(doc),
        f"func {name}(ctx context.Context, s *Services, operationID string, in Invocation, "
        f"opts ...RequestOption) {result} {{",
    ]
    if models:
        lines.append("\tswitch operationID {")
        for model in models:
            lines.append(f"\tcase {_quote(model.op.operation_id)}:")
            lines += case(model)
        lines.append("\t}")
    zero = "nil, " if "," in result else ""
    lines += [f'\treturn {zero}fmt.Errorf("%w: %q", ErrUnknownOperation, operationID)', "}"]
    return "\n".join(lines)


def _call_args(model: _OpModel) -> str:
    args = ["ctx", *(f"in.Path[{_quote(name)}]" for name, _ in model.path_args)]
    if model.params_type:
        args.append("params")
    return ", ".join([*args, "opts..."])


def _params_prelude(model: _OpModel, zero: str) -> list[str]:
    if not model.params_type:
        return []
    return [
        f"\t\tparams, err := decode{model.params_type}(in)",
        "\t\tif err != nil {",
        f"\t\t\treturn {zero}err",
        "\t\t}",
    ]


def _call_case(model: _OpModel) -> list[str]:
    call = f"s.{'.'.join(_pascal(seg, model.op.operation_id) for seg in model.op.namespace)}.{model.method}"
    lines = _params_prelude(model, "nil, ")
    if model.kind == "none":
        return [*lines, f"\t\treturn nil, {call}({_call_args(model)})"]
    return [*lines, f"\t\treturn {call}({_call_args(model)})"]


def _page_case(model: _OpModel) -> list[str]:
    call = f"s.{'.'.join(_pascal(seg, model.op.operation_id) for seg in model.op.namespace)}.{model.method}AutoPaging"
    return [*_params_prelude(model, "nil, "), f"\t\treturn anySeq({call}({_call_args(model)})), nil"]


def _stream_case(model: _OpModel) -> list[str]:
    call = f"s.{'.'.join(_pascal(seg, model.op.operation_id) for seg in model.op.namespace)}.{model.method}"
    return [*_params_prelude(model, "nil, "), f"\t\treturn anySeq({call}({_call_args(model)})), nil"]


def _decode_params(model: _OpModel) -> str:
    name = model.params_type
    lines = [f"func decode{name}(in Invocation) ({name}, error) {{", f"\tvar p {name}"]
    for query_name, go in model.query:
        lines += [f"\tif err := in.query({_quote(query_name)}, &p.{go}); err != nil {{", "\t\treturn p, err", "\t}"]
    if model.body_expr:
        target = "&p" if model.body_expr == "params" else "&p.Body"
        lines += [f"\tif err := in.body({target}); err != nil {{", "\t\treturn p, err", "\t}"]
    return "\n".join([*lines, "\treturn p, nil", "}"])


# --- errors.go ------------------------------------------------------------------------------

_ERROR_NAMES = ("ErrorCatalogue", "ErrorCatalogueEntry", "ErrorStatus")


def _render_errors(spec: Spec) -> str:
    entries = error_catalogue(spec)
    width = max((len(_quote(entry.type)) for entry in entries), default=0) + 1
    lines = [
        "// ErrorCatalogueEntry is one catalogued error.type: the HTTP status the API answers it with and",
        "// what it means.",
        "type ErrorCatalogueEntry struct {",
        "\tType        string",
        "\tStatus      int",
        "\tDescription string",
        "}",
        "",
        "// ErrorCatalogue lists every catalogued error type, in spec order.",
        "var ErrorCatalogue = []ErrorCatalogueEntry{" + ("" if entries else "}"),
    ]
    for entry in entries:
        lines += [
            "\t{",
            f"\t\tType:        {_quote(entry.type)},",
            f"\t\tStatus:      {entry.status},",
            f"\t\tDescription: {_quote(entry.description)},",
            "\t},",
        ]
    if entries:
        lines.append("}")
    lines += ["", "// ErrorStatus maps each catalogued error.type to its HTTP status."]
    lines.append("var ErrorStatus = map[string]int{" + ("" if entries else "}"))
    lines += [f"\t{(_quote(entry.type) + ':').ljust(width)} {entry.status}," for entry in entries]
    if entries:
        lines.append("}")
    return "\n".join(lines)
