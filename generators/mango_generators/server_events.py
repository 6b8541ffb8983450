"""Server target: the typed payloads of the ledger's events under ``mango_server/domain/_generated``.

The spec marks one event union with ``x-mango-ledger: true`` (``SessionEvent``): the events the
server's ledger stores. ``render`` turns it into ``events.py``: ``EventType``, a ``Literal`` of
every member's ``type``; one frozen, slotted, keyword-only dataclass per member, named like its
schema, holding the member's properties minus the ledger's envelope (``ENVELOPE``: the columns
every row has) with ``TYPE`` naming its event type and ``payload()`` building the JSON object the
ledger stores; and ``EventPayload``, the union of those classes. ``payload()`` writes properties
in spec order; an optional property the spec forbids as null is left out when None, a nullable
optional one only when it is ``OMITTED``. Properties are typed from their schemas (enums and
consts as ``Literal``s, a referenced string enum as its own alias, any other referenced schema as
its TypedDict or alias in the sibling ``wire`` module of the ``server_wire`` target); an object the
spec leaves free-form (a tool input) stays ``dict[str, Any]``.

The module lives in ``domain`` so that every layer (the store's ``NewEvent``, the use cases) may
import it. This module does not write files; ``_manifest`` owns writing.
"""

from __future__ import annotations

import keyword
import re
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Any

from mango_generators._common import GeneratedFile, Spec, marker_line
from mango_generators._spec import ref_name, resolve

__all__ = ["ENVELOPE", "LEDGER_KEY", "ROOT", "render", "render_events"]

ROOT = PurePosixPath("server/src/mango_server/domain/_generated")
LEDGER_KEY = "x-mango-ledger"
ENVELOPE = ("type", "id", "processed_at", "created_at", "session_thread_id")
"""The properties a ledger row holds in its own columns; everything else is its payload."""

MARKER = marker_line("#")
_LINE = 120
_RESERVED = frozenset({"TYPE", "payload"})

_INIT = f'''{MARKER}
"""Domain code rendered from openapi/mango.yaml.

``events`` holds the typed payload of every event the ledger stores (``EventType``,
``EventPayload`` and one class per event type). Change the spec and run ``make generate``.
"""
'''

_HEAD = f'''{MARKER}
"""The typed payloads of the events the ledger stores: one class per member of ``{{union}}``.

Each class holds an event's properties minus the ledger's envelope, the columns every row has
({{envelope}}).
``TYPE`` names its event type and ``payload()`` builds the JSON object the ledger stores,
properties in spec order: an optional property the spec forbids as null is left out when None,
a nullable optional property only when it is ``OMITTED``.
"""

from __future__ import annotations

import enum
{{imports}}
__all__ = [
{{exports}}]


class Omitted(enum.Enum):
    """The value of a nullable optional property that the stored object leaves out."""

    OMITTED = "OMITTED"


OMITTED: Final = Omitted.OMITTED
'''

_IMPORTS = (
    "from dataclasses import dataclass\nfrom typing import Any, ClassVar, Final, Literal, TypeAlias\n\n"
    "from . import wire\n"
)
_EMPTY_IMPORTS = "from typing import Final, Never, TypeAlias\n"
_EMPTY_TAIL = """
EventType: TypeAlias = Never
EventPayload: TypeAlias = Never
EVENT_TYPES: tuple[str, ...] = ()
"""


@dataclass(frozen=True)
class _Field:
    name: str
    annotation: str
    required: bool
    nullable: bool
    description: str


@dataclass(frozen=True)
class _Event:
    schema_name: str
    event_type: str
    description: str
    fields: tuple[_Field, ...]


def render(spec: Spec) -> list[GeneratedFile]:
    """Render ``__init__.py`` and ``events.py`` for the server's generated domain package."""
    return [GeneratedFile(ROOT / "__init__.py", _INIT), GeneratedFile(ROOT / "events.py", render_events(spec))]


def render_events(spec: Spec) -> str:
    """The text of ``events.py``: the ledger union's event types and payload classes."""
    union = _ledger_union(spec)
    exports = ["EVENT_TYPES", "OMITTED", "EventPayload", "EventType", "Omitted"]
    if union is None:
        return _head("(none)", _EMPTY_IMPORTS, exports) + _EMPTY_TAIL
    name, members = union
    aliases: dict[str, str] = {}
    events = [_event(spec, ref, aliases) for ref in members]
    parts = [_head(name, _IMPORTS, [*exports, *aliases, *(event.schema_name for event in events)])]
    for alias, literal in aliases.items():
        parts.append(f"\n{alias}: TypeAlias = {literal}\n")
    types = [_str(event.event_type) for event in events]
    parts.append(f"\nEventType: TypeAlias = Literal[\n{_wrapped(types, ',')}]\n")
    parts.append('"""Every event type the ledger stores."""\n')
    parts.append(f"\nEVENT_TYPES: tuple[EventType, ...] = (\n{_wrapped(types, ',')})\n")
    parts += ["\n\n" + _class(event) for event in events]
    classes = [event.schema_name for event in events]
    parts.append(f"\n\nEventPayload: TypeAlias = (\n{_wrapped(classes, '|')})\n")
    parts.append('"""The payload of any event the ledger stores."""\n')
    return "".join(parts)


def _head(union: str, imports: str, exports: list[str]) -> str:
    return (
        _HEAD.replace("{union}", union)
        .replace("{envelope}", ", ".join(f"``{name}``" for name in ENVELOPE))
        .replace("{imports}", imports)
        .replace("{exports}", "".join(f'    "{export}",\n' for export in sorted(exports)))
    )


def _ledger_union(spec: Spec) -> tuple[str, list[str]] | None:
    schemas: Mapping[str, Any] = spec.get("components", {}).get("schemas", {})
    marked = [name for name, schema in schemas.items() if isinstance(schema, Mapping) and schema.get(LEDGER_KEY)]
    if not marked:
        return None
    if len(marked) > 1:
        raise ValueError(f"{LEDGER_KEY} marks several schemas ({', '.join(marked)}); mark the one ledger union")
    name = marked[0]
    variants = schemas[name].get("oneOf")
    if not isinstance(variants, list) or not variants:
        raise ValueError(f"{name}: the {LEDGER_KEY} schema must be a oneOf of event schemas")
    refs = [variant.get("$ref") for variant in variants]
    if not all(isinstance(ref, str) for ref in refs):
        raise ValueError(f"{name}: every member of the {LEDGER_KEY} union must be a $ref")
    return name, [str(ref) for ref in refs]


def _event(spec: Spec, ref: str, aliases: dict[str, str]) -> _Event:
    name = ref_name(ref)
    schema = resolve(spec, {"$ref": ref})
    props: Mapping[str, Any] = schema.get("properties") or {}
    event_type = (props.get("type") or {}).get("const")
    if not isinstance(event_type, str):
        raise ValueError(f"{name}: a ledger event needs a 'type' property with a string const")
    if not name.isidentifier() or keyword.iskeyword(name):
        raise ValueError(f"{name}: not a Python class name")
    required = set(schema.get("required", ()))
    fields = []
    for prop, sub in props.items():
        if prop in ENVELOPE:
            continue
        if not prop.isidentifier() or keyword.iskeyword(prop) or prop in _RESERVED:
            raise ValueError(f"{name}.{prop}: not usable as a payload field name")
        annotation = _annotation(spec, sub, aliases)
        fields.append(
            _Field(prop, annotation, prop in required, _nullable(spec, sub), _one_line(sub.get("description", "")))
        )
    return _Event(name, event_type, _one_line(schema.get("description", "")), tuple(fields))


def _annotation(spec: Spec, schema: Mapping[str, Any], aliases: dict[str, str]) -> str:
    """The Python type of a property's values (``None`` included when the schema allows null)."""
    parts = _parts(spec, schema, aliases)
    return " | ".join([p for p in parts if p != "None"] + (["None"] if "None" in parts else []))


def _parts(spec: Spec, schema: Mapping[str, Any], aliases: dict[str, str]) -> list[str]:
    """The members of a property's type union, each once."""
    ref = schema.get("$ref")
    if isinstance(ref, str):
        target = resolve(spec, schema)
        alias = ref_name(ref)
        if not alias.isidentifier() or keyword.iskeyword(alias):
            raise ValueError(f"{ref}: not a Python name")
        if not _is_string_enum(target):
            # The schema's TypedDict (or alias) in ``wire``, null kept when the schema itself allows it.
            return [f"wire.{alias}", *(["None"] if _nullable(spec, target) else [])]
        aliases.setdefault(alias, _literal(target["enum"]))
        return [alias]
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return _unique(part for variant in schema[key] for part in _parts(spec, variant, aliases))
    if "const" in schema:
        return [_literal([schema["const"]])]
    if "enum" in schema:
        values = [v for v in schema["enum"] if v is not None]
        return [_literal(values), *(["None"] if None in schema["enum"] else [])]
    kinds = schema.get("type")
    if kinds is None:
        return ["Any"]
    return _unique(_scalar(spec, kind, schema, aliases) for kind in (kinds if isinstance(kinds, list) else [kinds]))


def _scalar(spec: Spec, kind: str, schema: Mapping[str, Any], aliases: dict[str, str]) -> str:
    if kind == "array":
        items = schema.get("items")
        return f"list[{_annotation(spec, items, aliases) if isinstance(items, Mapping) else 'Any'}]"
    simple = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "null": "None"}
    return simple.get(kind, "dict[str, Any]")


def _unique(parts: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(parts))


def _nullable(spec: Spec, schema: Mapping[str, Any]) -> bool:
    return "None" in _parts(spec, schema, {})


def _is_string_enum(schema: Any) -> bool:
    return isinstance(schema, Mapping) and schema.get("type") == "string" and isinstance(schema.get("enum"), list)


def _literal(values: list[Any]) -> str:
    return "Literal[" + ", ".join(_str(v) if isinstance(v, str) else repr(v) for v in values) + "]"


def _class(event: _Event) -> str:
    lines = [
        "@dataclass(frozen=True, slots=True, kw_only=True)",
        f"class {event.schema_name}:",
        *_docstring(event.description or event.event_type),
        "",
        f"    TYPE: ClassVar[Literal[{_str(event.event_type)}]] = {_str(event.event_type)}",
    ]
    for field in event.fields:
        lines.append("")
        lines += _wrap(field.description, "    #: ", "    #: ")
        if field.required:
            lines.append(f"    {field.name}: {field.annotation}")
        elif field.nullable:
            lines.append(f"    {field.name}: {field.annotation} | Omitted = OMITTED")
        else:
            lines.append(f"    {field.name}: {field.annotation} | None = None")
    lines += ["", "    def payload(self) -> dict[str, Any]:", *_payload_body(event.fields)]
    return "\n".join(lines) + "\n"


def _payload_body(fields: tuple[_Field, ...]) -> list[str]:
    """``payload()``: the leading required properties as one literal, then each property in order."""
    leading: list[_Field] = []
    for field in fields:
        if not field.required:
            break
        leading.append(field)
    rest = fields[len(leading) :]
    literal = _dict_literal(leading)
    if not rest:
        return [f"        return {literal}"]
    body = [f"        out: dict[str, Any] = {literal}"]
    for field in rest:
        setter = f'out["{field.name}"] = self.{field.name}'
        if field.required:
            body.append(f"        {setter}")
        else:
            absent = "OMITTED" if field.nullable else "None"
            body += [f"        if self.{field.name} is not {absent}:", f"            {setter}"]
    return [*body, "        return out"]


def _dict_literal(fields: list[_Field]) -> str:
    entries = [f'"{field.name}": self.{field.name}' for field in fields]
    flat = "{" + ", ".join(entries) + "}"
    if len(flat) + 40 <= _LINE:
        return flat
    return "{\n" + "".join(f"            {entry},\n" for entry in entries) + "        }"


def _wrapped(items: list[str], sep: str) -> str:
    """``items`` joined by ``sep`` (``","`` after each, or ``"|"`` before each but the first), as indented lines."""
    lines: list[str] = []
    for index, item in enumerate(items):
        piece = f"{item}," if sep == "," else (f"| {item}" if index else item)
        if lines and len(lines[-1]) + 1 + len(piece) + 4 <= _LINE:
            lines[-1] += f" {piece}"
        else:
            lines.append(piece)
    return "".join(f"    {line}\n" for line in lines)


def _one_line(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text)).strip()


def _docstring(text: str) -> list[str]:
    """A class docstring's lines: one line when it fits, else wrapped with the closing quotes alone."""
    escaped = text.replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
    escaped = f"{escaped} " if escaped.endswith('"') else escaped
    if len(escaped) + 10 <= _LINE:
        return [f'    """{escaped}"""']
    return [*_wrap(escaped, '    """', "    "), '    """']


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(
        text, _LINE - 4, initial_indent=first, subsequent_indent=rest, break_long_words=False, break_on_hyphens=False
    )


def _str(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
