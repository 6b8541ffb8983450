"""Spec loading: the mini spec passes, and each broken convention fails with a message naming its place."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from mango_generators._spec import (
    SpecError,
    check_spec,
    load_spec,
    operations,
    ref_name,
    resolve,
    split_operation_id,
    stream_event_schema,
)

Spec = dict[str, Any]


def _problems(spec: Spec) -> str:
    with pytest.raises(SpecError) as info:
        check_spec(spec, source="test.yaml")
    return str(info.value)


def test_mini_spec_loads(mini_path: Path) -> None:
    spec = load_spec(mini_path)
    assert [op.operation_id for op in operations(spec)][:3] == ["system.health", "notes.list", "notes.create"]


def test_operation_reading(mini_spec: Spec) -> None:
    ops = {op.operation_id: op for op in operations(check_spec(mini_spec))}
    listing = ops["notes.list"]
    assert (listing.method, listing.path, listing.paginated, listing.stream) == ("GET", "/v1/notes", True, False)
    assert [p.name for p in listing.query_params] == ["limit", "page", "tags[]"]
    assert listing.response is not None
    assert listing.response.schema_name == "NoteList"
    assert ops["notes.get"].security == ("WorkspaceKey", "SessionToken")
    assert ops["system.health"].security == ()
    assert [p.name for p in ops["notes.get"].path_params] == ["note_id"]
    upload = ops["notes.content.upload"].request_body
    assert upload is not None
    assert (upload.media_type, upload.schema_name) == ("multipart/form-data", None)
    stream = ops["notes.events.stream"]
    assert stream.stream
    assert stream.response is not None
    assert stream.response.media_type == "text/event-stream"
    assert (stream.namespace, stream.verb) == (("notes", "events"), "stream")
    assert [p.name for p in ops["notes.get"].parameters] == [p.name for p in ops["notes.get"].path_params]


def test_a_stream_described_per_message_reads_its_data_schema(mini_spec: Spec) -> None:
    content = mini_spec["paths"]["/v1/notes/{note_id}/events/stream"]["get"]["responses"]["200"]["content"]
    events = content["text/event-stream"]["schema"]
    content["text/event-stream"]["schema"] = {
        "type": "object",
        "required": ["event", "data"],
        "properties": {
            "event": {"type": "string", "maxLength": 64},
            "id": {"type": "string", "maxLength": 64},
            "data": {"type": "string", "contentMediaType": "application/json", "contentSchema": events},
        },
    }
    stream = {op.operation_id: op for op in operations(check_spec(mini_spec))}["notes.events.stream"]
    assert stream.response is not None
    assert stream.response.schema == events
    assert stream_event_schema(mini_spec, content["text/event-stream"]["schema"]) == events
    assert stream_event_schema(mini_spec, events) == events


def test_header_and_cookie_parameters_are_read(mini_spec: Spec) -> None:
    get = mini_spec["paths"]["/v1/notes/{note_id}"]["get"]
    get["parameters"] = [
        {"name": "Last-Event-ID", "in": "header", "schema": {"type": "string"}},
        {"name": "sid", "in": "cookie", "schema": {"type": "string"}},
    ]
    op = next(op for op in operations(check_spec(mini_spec)) if op.operation_id == "notes.get")
    assert [p.name for p in op.header_params] == ["Last-Event-ID"]
    assert [(p.name, p.location) for p in op.parameters] == [
        ("note_id", "path"),
        ("Last-Event-ID", "header"),
        ("sid", "cookie"),
    ]


def test_path_params_follow_the_path_template(mini_spec: Spec) -> None:
    mini_spec["paths"]["/v1/notes/{note_id}/tags/{tag_id}"] = {
        "get": {
            "operationId": "notes.tags.get",
            "security": [{"WorkspaceKey": []}],
            "parameters": [
                {"name": "tag_id", "in": "path", "required": True, "schema": {"type": "string"}},
                {"$ref": "#/components/parameters/NoteId"},
            ],
            "responses": {"200": {"description": "ok"}},
        }
    }
    op = next(op for op in operations(check_spec(mini_spec)) if op.operation_id == "notes.tags.get")
    assert [p.name for p in op.path_params] == ["note_id", "tag_id"]
    assert op.response is None
    assert op.success_status == "200"


def test_helpers(mini_spec: Spec) -> None:
    assert split_operation_id("memory_stores.memories.create") == (("memory_stores", "memories"), "create")
    assert ref_name("#/components/schemas/Note") == "Note"
    assert resolve(mini_spec, {"$ref": "#/components/parameters/NoteId"})["name"] == "note_id"


def test_missing_operation_id(mini_spec: Spec) -> None:
    del mini_spec["paths"]["/v1/health"]["get"]["operationId"]
    assert "GET /v1/health: missing operationId" in _problems(mini_spec)


def test_duplicate_operation_id(mini_spec: Spec) -> None:
    mini_spec["paths"]["/v1/notes/{note_id}"]["delete"]["operationId"] = "notes.get"
    message = _problems(mini_spec)
    # openapi-spec-validator reports this one before the convention checks run.
    assert "Operation ID 'notes.get' for 'delete' in '/v1/notes/{note_id}' is not unique" in message


@pytest.mark.parametrize("bad", ["notes", "Notes.create", "notes.createNote", "notes..create", "notes-x.create"])
def test_bad_operation_id_pattern(mini_spec: Spec, bad: str) -> None:
    mini_spec["paths"]["/v1/notes"]["post"]["operationId"] = bad
    assert f"POST /v1/notes ({bad}): operationId must match" in _problems(mini_spec)


def test_missing_security(mini_spec: Spec) -> None:
    del mini_spec["paths"]["/v1/notes"]["post"]["security"]
    assert "POST /v1/notes (notes.create): no security declared" in _problems(mini_spec)


def test_unknown_security_scheme(mini_spec: Spec) -> None:
    mini_spec["components"]["securitySchemes"]["ApiKey"] = {"type": "http", "scheme": "bearer"}
    mini_spec["paths"]["/v1/notes"]["post"]["security"] = [{"ApiKey": []}]
    assert "(notes.create): security scheme 'ApiKey' is not one of" in _problems(mini_spec)


def test_empty_security_requirement(mini_spec: Spec) -> None:
    mini_spec["paths"]["/v1/notes"]["post"]["security"] = [{"WorkspaceKey": []}, {}]
    assert "(notes.create): an empty security requirement" in _problems(mini_spec)


def test_paginated_without_data_and_next_page(mini_spec: Spec) -> None:
    del mini_spec["components"]["schemas"]["NoteList"]["properties"]["next_page"]
    mini_spec["components"]["schemas"]["NoteList"]["required"] = ["data"]
    message = _problems(mini_spec)
    assert "GET /v1/notes (notes.list): x-mango-paginated response must be an object with 'data' and 'next_page'" in (
        message
    )


def test_paginated_without_limit(mini_spec: Spec) -> None:
    mini_spec["paths"]["/v1/notes"]["get"]["parameters"].pop(0)
    assert "(notes.list): paginated operation lacks the 'limit' query parameter" in _problems(mini_spec)


def test_stream_needs_event_stream(mini_spec: Spec) -> None:
    mini_spec["paths"]["/v1/notes/{note_id}"]["get"]["x-mango-stream"] = True
    assert "(notes.get): x-mango-stream operation must answer text/event-stream" in _problems(mini_spec)


def test_union_without_discriminator(mini_spec: Spec) -> None:
    del mini_spec["components"]["schemas"]["NoteEvent"]["discriminator"]
    message = _problems(mini_spec)
    assert "#/components/schemas/NoteEvent: oneOf union needs discriminator.propertyName: type" in message


def test_nullable_and_shorthand_one_of_are_not_unions(mini_spec: Spec) -> None:
    props = mini_spec["components"]["schemas"]["Note"]["properties"]
    props["last_event"] = {"oneOf": [{"$ref": "#/components/schemas/NoteEvent"}, {"type": "null"}]}
    props["author"] = {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/Health"}]}
    check_spec(mini_spec)


def test_inline_union_of_objects_needs_discriminator(mini_spec: Spec) -> None:
    mini_spec["components"]["schemas"]["Note"]["properties"]["last"] = {
        "oneOf": [{"$ref": "#/components/schemas/CommentEvent"}, {"$ref": "#/components/schemas/LikeEvent"}]
    }
    message = _problems(mini_spec)
    assert "#/components/schemas/Note/properties/last: oneOf union needs discriminator.propertyName: type" in message


def test_union_without_mapping(mini_spec: Spec) -> None:
    del mini_spec["components"]["schemas"]["NoteEvent"]["discriminator"]["mapping"]
    assert "#/components/schemas/NoteEvent: oneOf union needs a discriminator mapping" in _problems(mini_spec)


def test_union_variant_without_const_type(mini_spec: Spec) -> None:
    mini_spec["components"]["schemas"]["LikeEvent"]["properties"]["type"] = {"type": "string"}
    message = _problems(mini_spec)
    assert "variant #/components/schemas/LikeEvent needs a 'type' property with const 'like'" in message


def test_dangling_ref(mini_spec: Spec) -> None:
    mini_spec["components"]["schemas"]["Note"]["properties"]["owner"] = {"$ref": "#/components/schemas/Owner"}
    message = _problems(mini_spec)
    assert "unresolvable $ref '#/components/schemas/Owner' at #/components/schemas/Note/properties/owner" in message


def test_invalid_openapi(mini_spec: Spec) -> None:
    del mini_spec["paths"]["/v1/notes/{note_id}"]["get"]["responses"]["200"]["description"]
    message = _problems(mini_spec)
    assert "invalid OpenAPI at paths//v1/notes/{note_id}/get/responses/200" in message
    # The wording's quotes depend on the validator backend (jsonschema or jsonschema-rs, which
    # openapi-spec-validator picks when installed); the substance does not.
    assert "description" in message
    assert "is a required property" in message


def test_problems_are_collected(mini_spec: Spec) -> None:
    del mini_spec["paths"]["/v1/health"]["get"]["operationId"]
    del mini_spec["paths"]["/v1/notes"]["post"]["security"]
    with pytest.raises(SpecError) as info:
        check_spec(mini_spec, source="test.yaml")
    assert len(info.value.problems) == 2
    assert str(info.value).startswith("test.yaml: 2 problem(s):")


def test_not_yaml(write_spec: Callable[..., Path]) -> None:
    with pytest.raises(SpecError, match="not valid YAML"):
        load_spec(write_spec("openapi: [3.1.0\n"))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="cannot read the spec"):
        load_spec(tmp_path / "absent.yaml")
