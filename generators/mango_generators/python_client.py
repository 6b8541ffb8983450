"""Python SDK target: renders ``sdk-python/src/mango/_generated/`` from the spec.

Two layers, both rendered into one temporary directory, formatted with ruff and returned
with the generated-file marker on top of every file:

- openapi-python-client (configured by ``generators/python_client/config.yaml``, templates
  overridden from ``generators/python_client/templates/``) renders the attrs models, ``types.py``
  and the package ``__init__.py``; its own httpx client, ``errors.py`` and per-operation
  endpoint modules are not rendered (``_ModelsOnly``): nothing imports them;
- this module renders ``resources.py`` / ``async_resources.py`` (namespace classes mirroring
  the operationIds, delegating to the hand-written transport in ``mango._base_client``) and
  ``unions.py`` (discriminated-union aliases and decoders) from the ``mango_*.jinja`` templates,
  and ``error_catalogue.py`` (``ERROR_CATALOGUE`` / ``ERROR_STATUS`` from
  ``x-mango-error-catalogue``, read by the hand-written ``mango._exceptions``).

Lifecycle: ``render(spec)`` is pure apart from its temporary directory and the ruff
subprocess. Not responsible for writing files, the manifest or drift checks (``__main__``),
nor for validating the spec beyond what the SDK needs (``_spec``): constructs the SDK cannot
express fail with ``ValueError``.
"""

from __future__ import annotations

import copy
import io
import keyword
import re
import shutil
import subprocess
import sys
import tempfile
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

import jinja2
from openapi_python_client import Project
from openapi_python_client.config import Config, ConfigFile, MetaType
from openapi_python_client.parser import GeneratorData
from openapi_python_client.parser.errors import ErrorLevel, GeneratorError

from mango_generators._common import TRANSPORT_HEADERS, GeneratedFile, Spec, marker_line
from mango_generators._errors import python_module
from mango_generators._spec import stream_event_schema

TARGET = PurePosixPath("sdk-python/src/mango/_generated")
ASSETS = Path(__file__).resolve().parents[1] / "python_client"
TEMPLATES = ASSETS / "templates"

_OPERATION_ID = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$")
_METHODS = ("get", "put", "post", "delete", "patch")
_COMPONENT = "#/components/schemas/"
_RESERVED_PARAMS = {"self", "extra_headers", "timeout", "last_event_id"}
_RESERVED_VERBS = {"dict", "str", "int", "float", "bool", "bytes", "object", "type"}
_RESERVED_ROOTS = {
    "api_key", "base_url", "timeout", "retry_policy", "last_request_id", "default_headers", "close", "with_options"
}  # fmt: skip
_RESERVED_NAMES = {"Any", "Mapping", "Sequence", "NotGiven", "FileInput", "Timeout", "MangoResources"}


@dataclass
class _Param:
    name: str
    wire: str
    type: str
    required: bool
    location: str  # path | query | body | files | form


@dataclass
class _Method:
    verb: str
    op_id: str
    http_method: str
    path: str
    doc: str
    kind: str  # call | paginate | stream
    decoder: str
    result_type: str
    binary: bool = False
    has_json_body: bool = False
    path_params: list[_Param] = field(default_factory=list)
    kwargs: list[_Param] = field(default_factory=list)


@dataclass
class _Resource:
    segments: tuple[str, ...]
    methods: dict[str, _Method] = field(default_factory=dict)
    children: dict[str, str] = field(default_factory=dict)

    @property
    def class_name(self) -> str:
        return "".join(part.title().replace("_", "") for part in self.segments) + "Resource"


class _Describer:
    """Walks the spec once and builds the resource tree and the unions the templates render."""

    def __init__(self, spec: Spec, data: GeneratorData) -> None:
        self.spec = spec
        self.components: dict[str, Any] = spec.get("components", {}).get("schemas", {})
        prefix = "/components/schemas/"
        self.models = {
            _text(m.name)[len(prefix) :]: str(m.class_info.name)
            for m in data.models
            if _text(m.name).startswith(prefix)
        }
        self.inline_responses = {
            str(e.name): {str(r.status_code.pattern): str(r.prop.class_info.name) for r in e.responses.patterns
                          if hasattr(r.prop, "class_info")}
            for collection in data.endpoint_collections_by_tag.values() for e in collection.endpoints
        }  # fmt: skip
        self.resources: dict[tuple[str, ...], _Resource] = {}
        self.unions: dict[str, dict[str, Any]] = {}
        self.imports: set[str] = set()

    def run(self) -> None:
        for path, item in sorted(self.spec.get("paths", {}).items()):
            for method in _METHODS:
                if method in item:
                    self._operation(path, method, item[method], item.get("parameters", []))
        self._check_tree()

    def _resolve(self, node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node:
            ref = node["$ref"]
            parts = ref.removeprefix("#/").split("/")
            target: Any = self.spec
            for part in parts:
                if not isinstance(target, dict) or part not in target:
                    raise ValueError(f"unresolvable $ref {ref!r}")
                target = target[part]
            node = target
        return node

    def _model(self, name: str) -> str:
        cls = self.models[name]
        if cls in _RESERVED_NAMES:
            raise ValueError(f"schema {name!r}: class name {cls!r} collides with a name the SDK uses")
        self.imports.add(cls)
        return cls

    def _py_type(self, schema: dict[str, Any]) -> str:
        ref = schema.get("$ref", "")
        if ref.startswith(_COMPONENT):
            name = ref.removeprefix(_COMPONENT)
            if (self.components.get(name, {}).get("discriminator") or {}).get("mapping"):
                return f"_unions.{self._union(name)} | Mapping[str, Any]"
            if name in self.models:
                return f"{self._model(name)} | Mapping[str, Any]"
        schema = self._resolve(schema)
        branches = schema.get("oneOf") or schema.get("anyOf")
        if branches:
            return " | ".join(dict.fromkeys(self._py_type(branch) for branch in branches))
        types = schema.get("type", [])
        types = [types] if isinstance(types, str) else list(types)
        names = [self._scalar(t, schema) for t in types if t != "null"] or ["Any"]
        return " | ".join(names) + (" | None" if "null" in types else "")

    def _scalar(self, kind: str, schema: dict[str, Any]) -> str:
        if kind == "string":
            fmt = str(schema.get("format", ""))
            return {"binary": "FileInput", "date-time": "_dt.datetime | str", "date": "_dt.date | str"}.get(fmt, "str")
        if kind == "array":
            return f"Sequence[{self._py_type(schema.get('items', {}))}]"
        return {"integer": "int", "number": "float", "boolean": "bool", "object": "Mapping[str, Any]"}.get(kind, "Any")

    def _union(self, name: str) -> str:
        schema = self.components[name]
        disc = schema.get("discriminator") or {}
        if not disc.get("propertyName") or not disc.get("mapping"):
            raise ValueError(f"schema {name!r}: oneOf needs discriminator.propertyName and a mapping")
        if name in self.models.values() or name in _RESERVED_NAMES:
            raise ValueError(f"schema {name!r}: union name collides with a generated class")
        mapping = []
        for value, ref in sorted(disc["mapping"].items()):
            variant = ref.removeprefix(_COMPONENT)
            if not ref.startswith(_COMPONENT) or variant not in self.models:
                raise ValueError(f"schema {name!r}: mapping {value!r} must reference an object schema, got {ref!r}")
            mapping.append((value, self._model(variant)))
        snake = re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()
        doc = (schema.get("description") or f"One ``{name}`` variant.").split("\n")[0].replace('"""', "'''")
        variants = sorted({cls for _, cls in mapping})
        self.unions[name] = {"name": name, "snake": snake, "key": disc["propertyName"], "mapping": mapping,
                             "variants": variants, "doc": doc}  # fmt: skip
        return name

    def _decoder(self, schema: dict[str, Any], where: str, inline: str | None = None) -> tuple[str, str]:
        """(decoder expression, decoded type) for a response, page item or event schema."""
        ref = schema.get("$ref", "")
        name = ref.removeprefix(_COMPONENT)
        if ref.startswith(_COMPONENT) and "oneOf" in self.components.get(name, {}):
            union = self._union(name)
            return f"_unions.decode_{self.unions[union]['snake']}", f"_unions.{union} | dict[str, Any]"
        if ref.startswith(_COMPONENT) and name in self.models:
            cls = self._model(name)
            return f"{cls}.from_dict", cls
        if not ref and inline is not None and schema.get("type") == "object":
            self.imports.add(inline)
            return f"{inline}.from_dict", inline
        raise ValueError(f"{where}: unsupported schema {schema!r}; use an object or a discriminated oneOf component")

    def _operation(self, path: str, method: str, op: dict[str, Any], shared: list[Any]) -> None:
        where = f"{method.upper()} {path}"
        op_id = op.get("operationId", "")
        if not _OPERATION_ID.match(op_id):
            raise ValueError(f"{where}: operationId {op_id!r} must be <resource>[.<sub-resource>].<verb> in snake_case")
        *segments, verb = op_id.split(".")
        if any(keyword.iskeyword(s) for s in op_id.split(".")) or verb in _RESERVED_VERBS:
            raise ValueError(f"{where}: operationId {op_id!r} uses a reserved Python name")
        m = _Method(
            verb, op_id, method.upper(), path, _doc(op), "stream" if op.get("x-mango-stream") else "call", "", ""
        )
        self._parameters(m, where, [self._resolve(p) for p in [*shared, *op.get("parameters", [])]])
        self._body(m, where, op.get("requestBody"))
        self._responses(m, where, op)
        names = [p.name for p in m.path_params + m.kwargs]
        if len(set(names)) != len(names) or _RESERVED_PARAMS & set(names):
            raise ValueError(f"{where}: parameter names {names} collide (or use {sorted(_RESERVED_PARAMS)})")
        self._place(tuple(segments), m, where)

    def _parameters(self, m: _Method, where: str, params: list[dict[str, Any]]) -> None:
        by_name = {p["name"]: p for p in params if p.get("in") == "path"}
        for p in params:
            if p.get("in") == "header" and str(p.get("name")).lower() == "last-event-id" and m.kind == "stream":
                continue  # the stream's last_event_id argument, also sent on every reconnect
            if p.get("in") == "header" and str(p.get("name")).lower() in TRANSPORT_HEADERS:
                continue  # set by the transport (mango._base_client), per logical call
            if p.get("in") not in ("path", "query"):
                raise ValueError(f"{where}: {p.get('in')} parameter {p.get('name')!r} is not supported")
            if p["in"] == "query":
                typ = self._py_type(p.get("schema", {}))
                m.kwargs.append(_Param(_py_name(p["name"]), p["name"], typ, bool(p.get("required")), "query"))
        for name in re.findall(r"{([^}]+)}", m.path):
            if name not in by_name:
                raise ValueError(f"{where}: path parameter {name!r} is not declared")
            m.path_params.append(_Param(_py_name(name), name, "str", True, "path"))
        m.kwargs.sort(key=lambda p: not p.required)

    def _body(self, m: _Method, where: str, body: dict[str, Any] | None) -> None:
        if body is None:
            return
        content = self._resolve(body).get("content", {})
        if len(content) != 1 or next(iter(content)) not in ("application/json", "multipart/form-data"):
            raise ValueError(f"{where}: request body must be exactly one of application/json, multipart/form-data")
        media, payload = next(iter(content.items()))
        schema = self._resolve(payload.get("schema", {}))
        if schema.get("type") != "object" or "oneOf" in schema:
            raise ValueError(f"{where}: request body must be an object schema with properties")
        required = set(schema.get("required", []))
        m.has_json_body = media == "application/json"
        for wire, prop in schema.get("properties", {}).items():
            location = "body" if m.has_json_body else "form"
            if not m.has_json_body and self._resolve(prop).get("format") == "binary":
                location = "files"
            m.kwargs.append(_Param(_py_name(wire), wire, self._py_type(prop), wire in required, location))
        m.kwargs.sort(key=lambda p: not p.required)

    def _responses(self, m: _Method, where: str, op: dict[str, Any]) -> None:
        ok = {code: self._resolve(r) for code, r in op.get("responses", {}).items() if str(code).startswith("2")}
        bodies = {code: r["content"] for code, r in ok.items() if r.get("content")}
        if len(bodies) > 1:
            raise ValueError(f"{where}: at most one success response may carry a body, got {sorted(bodies)}")
        if not bodies:
            m.decoder, m.result_type = "no_content", "None"
            return
        code, content = next(iter(bodies.items()))
        inline = self.inline_responses.get(_py_name(m.op_id), {}).get(str(code))
        if op.get("x-mango-stream"):
            if "text/event-stream" not in content:
                raise ValueError(f"{where}: x-mango-stream operations must answer text/event-stream")
            m.kind = "stream"
            events = stream_event_schema(self.spec, content["text/event-stream"].get("schema", {}))
            m.decoder, m.result_type = self._decoder(dict(events), where)
        elif any(media != "application/json" and _is_binary(media, body) for media, body in content.items()):
            m.binary, m.decoder, m.result_type = True, "raw_bytes", "bytes"
        elif "application/json" in content:
            schema = content["application/json"].get("schema", {})
            if op.get("x-mango-paginated"):
                m.kind = "paginate"
                items = self._resolve(schema).get("properties", {}).get("data", {})
                if items.get("type") != "array":
                    raise ValueError(f"{where}: x-mango-paginated responses need a data array")
                m.decoder, m.result_type = self._decoder(items.get("items", {}), where)
            else:
                m.decoder, m.result_type = self._decoder(schema, where, inline)
                if len(ok) > 1:
                    m.decoder, m.result_type = f"optional({m.decoder})", f"{m.result_type} | None"
        else:
            raise ValueError(f"{where}: unsupported response media types {sorted(content)}")

    def _place(self, segments: tuple[str, ...], m: _Method, where: str) -> None:
        for depth in range(1, len(segments) + 1):
            node = self.resources.setdefault(segments[:depth], _Resource(segments[:depth]))
            if depth > 1:
                self.resources[segments[: depth - 1]].children[segments[depth - 1]] = node.class_name
        resource = self.resources[segments]
        if m.verb in resource.methods or m.verb in resource.children:
            raise ValueError(f"{where}: {m.op_id!r} clashes with another method or sub-resource")
        resource.methods[m.verb] = m

    def _check_tree(self) -> None:
        for segments, resource in self.resources.items():
            clash = set(resource.children) & set(resource.methods)
            if clash:
                raise ValueError(f"{'.'.join(segments)}: {sorted(clash)} is both a sub-resource and a method")
            if resource.class_name in self.models.values():
                raise ValueError(f"{'.'.join(segments)}: class {resource.class_name} collides with a model")
        roots = {s[0] for s in self.resources} & _RESERVED_ROOTS
        if roots:
            raise ValueError(f"resources {sorted(roots)} collide with client attributes")


def _is_binary(media: str, body: dict[str, Any]) -> bool:
    return media in ("application/octet-stream", "application/zip") or body.get("schema", {}).get("format") == "binary"


def _text(value: object) -> str:
    """The plain text of openapi-python-client's ``UntrustedString`` (or of a plain string)."""
    return str(getattr(value, "get_untrusted_value", lambda: value)())


def _py_name(wire: str) -> str:
    """``tags[]`` -> ``tags``, ``created_at[gte]`` -> ``created_at_gte``, keywords get a trailing ``_``."""
    name = re.sub(r"\[\]$", "", wire)
    name = re.sub(r"[^0-9a-zA-Z_]+", "_", name).strip("_").lower()
    if not name or name[0].isdigit():
        raise ValueError(f"parameter {wire!r} has no usable Python name")
    return name + "_" if keyword.iskeyword(name) else name


def _doc(op: dict[str, Any]) -> str:
    text = str(op.get("summary") or op.get("description") or op.get("operationId", "")).strip().split("\n")[0]
    return text.replace("\\", "\\\\").replace('"""', "'''")


def _parse(spec: Spec, out: Path) -> tuple[Config, GeneratorData]:
    settings = ConfigFile.load_from_path(ASSETS / "config.yaml")
    config = Config.from_sources(settings, MetaType.NONE, Path("openapi/mango.yaml"), "utf-8", True, out)
    data = GeneratorData.from_dict(_events_for_streams(copy.deepcopy(spec)), config=config)
    if isinstance(data, GeneratorError):
        raise ValueError(f"openapi-python-client cannot parse the spec: {data.header}\n{data.detail or ''}")
    return config, data


def _events_for_streams(spec: Spec) -> Spec:
    """``spec`` with each ``text/event-stream`` schema replaced by the event union its ``data`` holds.

    The streams decode each message's ``data`` themselves (``_responses``); the per-message
    schema would otherwise become a model nobody uses.
    """
    for item in spec.get("paths", {}).values():
        for op in item.values():
            responses = op.get("responses", {}) if isinstance(op, dict) else {}
            for response in responses.values():
                media = (response.get("content") or {}).get("text/event-stream")
                if isinstance(media, dict) and "schema" in media:
                    media["schema"] = dict(stream_event_schema(spec, media["schema"]))
    return spec


def _sensitive(spec: Spec) -> set[str]:
    """``Schema.property`` names marked ``x-mango-sensitive``: the model template keeps them out of ``repr``."""
    schemas = spec.get("components", {}).get("schemas", {})
    return {
        f"{name}.{prop}"
        for name, schema in schemas.items()
        for prop, body in (schema.get("properties") or {}).items()
        if isinstance(body, dict) and body.get("x-mango-sensitive")
    }


def _fail(message: str) -> str:
    raise ValueError(message)


class _ModelsOnly(Project):
    """openapi-python-client's project without its API layer (``client.py``, ``errors.py``, ``api/``).

    The SDK's requests go through the resource classes rendered here and the hand-written
    transport in ``mango._base_client``, so those modules would be dead code. The spec's
    endpoints are still parsed, and their parse errors still returned by ``build()``.
    """

    def _build_api(self) -> None:
        return None


def _build_models(config: Config, data: GeneratorData, sensitive: set[str]) -> None:
    project = _ModelsOnly(openapi=data, config=config, custom_template_path=TEMPLATES)
    project.env.globals.update(mango_sensitive=sensitive, mango_fail=_fail)
    with redirect_stdout(io.StringIO()):
        errors = [e for e in project.build() if e.level == ErrorLevel.ERROR]
    if errors:
        details = "\n".join(f"- {e.header}: {e.detail}" for e in errors)
        raise ValueError(f"openapi-python-client could not render every piece of the spec:\n{details}")


def _render_own(describer: _Describer, out: Path) -> None:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined)
    env.trim_blocks = env.lstrip_blocks = env.keep_trailing_newline = True
    resources = [
        {"class_name": r.class_name, "dotted": ".".join(r.segments),
         "children": sorted(r.children.items()), "methods": [r.methods[v] for v in sorted(r.methods)]}
        for _, r in sorted(describer.resources.items())
    ]  # fmt: skip
    roots = sorted((s[0], r.class_name) for s, r in describer.resources.items() if len(s) == 1)
    imports = sorted(describer.imports)
    for name, is_async in (("resources.py", False), ("async_resources.py", True)):
        text = env.get_template("mango_resources.py.jinja").render(
            is_async=is_async, resources=resources, roots=roots, model_imports=imports
        )
        (out / name).write_text(text, encoding="utf-8")
    unions = [describer.unions[name] for name in sorted(describer.unions)]
    union_imports = sorted({cls for u in unions for cls in u["variants"]})
    text = env.get_template("mango_unions.py.jinja").render(unions=unions, model_imports=union_imports)
    (out / "unions.py").write_text(text, encoding="utf-8")
    (out / "error_catalogue.py").write_text(python_module(describer.spec, _ERRORS_DOC), encoding="utf-8")


_ERRORS_DOC = """The error catalogue of the Mango API: every ``error.type`` with its HTTP status.

``mango._exceptions`` picks the exception class of an SSE ``error`` event from ``ERROR_STATUS``;
a test proves every catalogued type maps to the class of its status.
"""


def _ruff(out: Path) -> None:
    sibling = Path(sys.executable).parent / "ruff"
    ruff = str(sibling) if sibling.exists() else shutil.which("ruff")
    if ruff is None:
        raise RuntimeError("ruff is required to format the generated Python client")
    common = ["--isolated", "--line-length", "120", "--target-version", "py311"]
    for args in (["check", "--fix-only", "--extend-select", "I", "--quiet"], ["format", "--quiet"]):
        subprocess.run([ruff, *args, *common, "."], cwd=out, check=True, capture_output=True)


def render(spec: Spec) -> list[GeneratedFile]:
    """Render the ``mango._generated`` package for ``spec``.

    Raises:
        ValueError: the spec uses a construct the Python SDK cannot express.
    """
    with tempfile.TemporaryDirectory(prefix="mango-python-client-") as tmp:
        out = Path(tmp) / "generated"
        config, data = _parse(spec, out)
        describer = _Describer(spec, data)
        describer.run()
        _build_models(config, data, _sensitive(spec))
        _render_own(describer, out)
        _ruff(out)
        marker = marker_line("#")
        return [
            GeneratedFile(TARGET / file.relative_to(out).as_posix(), f"{marker}\n{file.read_text(encoding='utf-8')}")
            for file in sorted(out.rglob("*.py"))
        ]
