# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""The route table: one ``Route`` per operation of openapi/mango.yaml.

``handler`` is the operationId with dots replaced by underscores; the server proves every
operation has a handler by checking its handler names against ``ROUTES`` / ``OPERATION_IDS``.
``request_model`` / ``response_model`` name the ``models`` class of a JSON body whose schema is
a ``components/schemas`` reference (None for inline, binary or multipart bodies, and no body).
"""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel

from . import models

__all__ = ["NOT_NULL", "OPERATION_IDS", "ROUTES", "Route"]


@dataclass(frozen=True)
class Route:
    """One operation: how it is reached, who may call it and which models carry its bodies."""

    operation_id: str
    method: str
    path: str
    handler: str
    security: tuple[str, ...]
    paginated: bool
    stream: bool
    request_model: type[BaseModel] | None
    response_model: type[BaseModel] | None


ROUTES: tuple[Route, ...] = (
    Route(
        operation_id="notes.content.download",
        method="GET",
        path="/v1/notes/{note_id}/content",
        handler="notes_content_download",
        security=("WorkspaceKey",),
        paginated=False,
        stream=False,
        request_model=None,
        response_model=None,
    ),
    Route(
        operation_id="notes.content.upload",
        method="POST",
        path="/v1/notes/{note_id}/content",
        handler="notes_content_upload",
        security=("WorkspaceKey",),
        paginated=False,
        stream=False,
        request_model=None,
        response_model=models.Note,
    ),
    Route(
        operation_id="notes.create",
        method="POST",
        path="/v1/notes",
        handler="notes_create",
        security=("WorkspaceKey",),
        paginated=False,
        stream=False,
        request_model=models.NoteCreate,
        response_model=models.Note,
    ),
    Route(
        operation_id="notes.delete",
        method="DELETE",
        path="/v1/notes/{note_id}",
        handler="notes_delete",
        security=("WorkspaceKey",),
        paginated=False,
        stream=False,
        request_model=None,
        response_model=models.NoteDeleted,
    ),
    Route(
        operation_id="notes.events.send",
        method="POST",
        path="/v1/notes/{note_id}/events",
        handler="notes_events_send",
        security=("WorkspaceKey",),
        paginated=False,
        stream=False,
        request_model=None,
        response_model=None,
    ),
    Route(
        operation_id="notes.events.stream",
        method="GET",
        path="/v1/notes/{note_id}/events/stream",
        handler="notes_events_stream",
        security=("WorkspaceKey",),
        paginated=False,
        stream=True,
        request_model=None,
        response_model=models.NoteEvent,
    ),
    Route(
        operation_id="notes.get",
        method="GET",
        path="/v1/notes/{note_id}",
        handler="notes_get",
        security=("WorkspaceKey", "SessionToken"),
        paginated=False,
        stream=False,
        request_model=None,
        response_model=models.Note,
    ),
    Route(
        operation_id="notes.list",
        method="GET",
        path="/v1/notes",
        handler="notes_list",
        security=("WorkspaceKey",),
        paginated=True,
        stream=False,
        request_model=None,
        response_model=models.NoteList,
    ),
    Route(
        operation_id="system.health",
        method="GET",
        path="/v1/health",
        handler="system_health",
        security=(),
        paginated=False,
        stream=False,
        request_model=None,
        response_model=models.Health,
    ),
)

OPERATION_IDS: frozenset[str] = frozenset(route.operation_id for route in ROUTES)

# Optional properties that may be omitted but are not nullable, by model class name.
NOT_NULL: dict[str, frozenset[str]] = {
    "CommentEvent": frozenset({"id"}),
    "LikeEvent": frozenset({"id"}),
    "NoteCreate": frozenset({"metadata"}),
}
