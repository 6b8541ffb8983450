"""Server events target: golden output for the mini spec, and the generated payload classes imported and exercised."""

from __future__ import annotations

import dataclasses
import importlib
import subprocess
import sys
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from mango_generators import server_events, server_wire
from mango_generators._common import GeneratedFile, has_marker
from mango_generators._spec import check_spec, load_spec

Spec = dict[str, Any]

_ENVELOPE_PROPS: Spec = {
    "id": {"type": "string", "maxLength": 64, "description": "The event id."},
    "processed_at": {"type": ["string", "null"], "format": "date-time", "description": "When processed."},
    "created_at": {"type": "string", "format": "date-time", "description": "When committed."},
    "session_thread_id": {"type": ["string", "null"], "maxLength": 64, "description": "The Thread."},
}


def _event(event_type: str, required: list[str], **props: Any) -> Spec:
    return {
        "type": "object",
        "description": f"The {event_type} event.",
        "required": ["type", "id", "processed_at", "created_at", *required],
        "properties": {"type": {"type": "string", "const": event_type}, **_ENVELOPE_PROPS, **props},
    }


LEDGER: Spec = {
    "openapi": "3.1.0",
    "info": {"title": "Ledger", "version": "1"},
    "paths": {},
    "components": {
        "schemas": {
            "Verdict": {"type": "string", "enum": ["good", "bad"], "description": "A verdict."},
            "Block": {
                "type": "object",
                "required": ["type", "text"],
                "properties": {"type": {"type": "string", "const": "text"}, "text": {"type": "string"}},
            },
            "Budget": {"type": "object", "properties": {"limit": {"type": "integer"}}},
            "PingEvent": _event("ping", []),
            "NoteEvent": _event(
                "note",
                ["to", "content", "verdict", "limit"],
                to={"type": "string", "description": "Who it is for."},
                to_name={"type": ["string", "null"], "description": "Their name (nullable, optional)."},
                content={"type": "array", "items": {"$ref": "#/components/schemas/Block"}},
                verdict={"$ref": "#/components/schemas/Verdict"},
                mood={"type": "string", "enum": ["calm", "busy"], "description": "Optional, never null."},
                limit={"oneOf": [{"$ref": "#/components/schemas/Budget"}, {"type": "null"}]},
                tags={"type": "array", "items": {"type": "string"}},
                score={"type": "number"},
            ),
            "LedgerEvent": {
                "x-mango-ledger": True,
                "oneOf": [{"$ref": "#/components/schemas/PingEvent"}, {"$ref": "#/components/schemas/NoteEvent"}],
                "discriminator": {
                    "propertyName": "type",
                    "mapping": {"ping": "#/components/schemas/PingEvent", "note": "#/components/schemas/NoteEvent"},
                },
            },
        }
    },
}


def _render(spec: Spec) -> list[GeneratedFile]:
    """The package as the two server targets render it: ``events.py`` refers to ``wire.py``'s TypedDicts."""
    return [*server_events.render(spec), *server_wire.render(spec)]


def _materialise(files: Iterable[GeneratedFile], tmp_path: Path) -> str:
    """Write the rendered package under a unique name in ``tmp_path``; return the package name."""
    package = f"mango_events_{uuid.uuid4().hex}"
    for file in files:
        target = tmp_path / package / file.path.relative_to(server_events.ROOT)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(file.content, encoding="utf-8")
    return package


@pytest.fixture
def generated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[Spec], ModuleType]:
    """Render a spec, import the result and return its ``events`` module."""

    def load(spec: Spec) -> ModuleType:
        package = _materialise(_render(check_spec(spec)), tmp_path)
        monkeypatch.syspath_prepend(str(tmp_path))
        module = importlib.import_module(f"{package}.events")
        for name in [name for name in sys.modules if name.startswith(package)]:
            monkeypatch.delitem(sys.modules, name)
        return module

    return load


def test_golden_mini(mini_path: Path, assert_golden: Callable[[str, Iterable[GeneratedFile], str], None]) -> None:
    files = server_events.render(load_spec(mini_path))
    assert all(has_marker(file.content) for file in files)
    assert_golden("server_events", files, server_events.ROOT.as_posix())


def test_render_is_deterministic(mini_path: Path) -> None:
    spec = load_spec(mini_path)
    assert server_events.render(spec) == server_events.render(spec)


def test_event_types_and_classes_follow_the_union(generated: Callable[[Spec], ModuleType]) -> None:
    events = generated(LEDGER)
    assert events.EVENT_TYPES == ("ping", "note")
    assert (events.PingEvent.TYPE, events.NoteEvent.TYPE) == ("ping", "note")
    assert events.PingEvent().payload() == {}
    # The envelope is the ledger's columns, never a payload field.
    assert [f.name for f in dataclasses.fields(events.NoteEvent)] == [
        "to", "to_name", "content", "verdict", "mood", "limit", "tags", "score",
    ]  # fmt: skip


def test_payload_keeps_spec_order_and_omits_absent_properties(generated: Callable[[Spec], ModuleType]) -> None:
    events = generated(LEDGER)
    blocks = [{"type": "text", "text": "hi"}]
    note = events.NoteEvent(to="t_1", content=blocks, verdict="good", limit=None)
    # Optional properties left unset are absent; a required nullable one is written as null.
    assert note.payload() == {"to": "t_1", "content": blocks, "verdict": "good", "limit": None}
    full = events.NoteEvent(
        to="t_1", to_name=None, content=[], verdict="bad", mood="calm", limit={"limit": 3}, tags=["a"], score=0.5
    )
    payload = full.payload()
    assert list(payload) == ["to", "to_name", "content", "verdict", "mood", "limit", "tags", "score"]
    assert payload["to_name"] is None  # nullable: an explicit None is written
    assert "mood" not in events.NoteEvent(to="t", content=[], verdict="good", limit=None, mood=None).payload()


def test_payload_classes_are_frozen_and_keyword_only(generated: Callable[[Spec], ModuleType]) -> None:
    events = generated(LEDGER)
    note = events.NoteEvent(to="t", content=[], verdict="good", limit=None)
    with pytest.raises(dataclasses.FrozenInstanceError):
        note.to = "u"
    with pytest.raises(TypeError):
        events.NoteEvent("t", [], "good", None)
    assert not hasattr(note, "__dict__")  # slotted


def test_annotations_follow_the_schemas(generated: Callable[[Spec], ModuleType]) -> None:
    events = generated(LEDGER)
    hints = {f.name: f.type for f in dataclasses.fields(events.NoteEvent)}
    assert hints == {
        "to": "str",
        "to_name": "str | None | Omitted",
        "content": "list[wire.Block]",  # a referenced object schema is its wire TypedDict
        "verdict": "Verdict",
        "mood": "Literal['calm', 'busy'] | None",  # as the compiler keeps it
        "limit": "wire.Budget | None",
        "tags": "list[str] | None",
        "score": "float | None",
    }
    assert events.Verdict.__args__ == ("good", "bad")


def test_no_ledger_union_renders_an_empty_module(generated: Callable[[Spec], ModuleType]) -> None:
    schemas = {k: v for k, v in LEDGER["components"]["schemas"].items() if k != "LedgerEvent"}
    events = generated({**LEDGER, "components": {"schemas": schemas}})
    assert events.EVENT_TYPES == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["PingEvent"].update({"x-mango-ledger": True}), "marks several schemas"),
        (lambda s: s["LedgerEvent"].update({"oneOf": [{"type": "object"}]}), "must be a \\$ref"),
        (lambda s: s["PingEvent"]["properties"]["type"].pop("const"), "string const"),
        (lambda s: s["PingEvent"]["properties"].update({"payload": {"type": "string"}}), "payload"),
    ],
)
def test_unusable_ledger_unions_are_refused(change: Callable[[Spec], None], message: str) -> None:
    spec = check_spec(LEDGER)
    spec = {**spec, "components": {"schemas": {k: dict(v) for k, v in spec["components"]["schemas"].items()}}}
    schemas = spec["components"]["schemas"]
    schemas["PingEvent"]["properties"] = {k: dict(v) for k, v in schemas["PingEvent"]["properties"].items()}
    change(schemas)
    with pytest.raises(ValueError, match=message):
        server_events.render(spec)


@pytest.mark.slow
@pytest.mark.parametrize("source", ["mini", "ledger"])
def test_generated_package_passes_mypy_strict(source: str, mini_path: Path, tmp_path: Path) -> None:
    spec = load_spec(mini_path) if source == "mini" else check_spec(LEDGER)
    package = _materialise(_render(spec), tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--config-file", "/dev/null", package],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
        timeout=110,
    )
    assert result.returncode == 0, result.stdout + result.stderr
