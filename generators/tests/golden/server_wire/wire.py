# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""The JSON shapes of openapi/mango.yaml as TypedDicts: one per ``components/schemas`` entry.

A required property is a plain key, an optional one ``NotRequired``; ``None`` appears only where
the spec allows null. A ``date-time`` is its RFC 3339 text (``str``), as on the wire. A schema
closed to extra properties (every request body) is ``closed=True``. The api's mappers return these
shapes and its handlers read validated request bodies through them, so mypy checks both against
the contract; stored JSON of a spec shape may be typed with them too. Change the spec and run
``make generate``.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypeAlias

from typing_extensions import TypedDict


class Health(TypedDict):
    status: Literal["ok"]


class NoteCreate(TypedDict, closed=True):
    title: str
    body: NotRequired[str | None]
    metadata: NotRequired[dict[str, str]]


class Note(TypedDict):
    type: Literal["note"]
    id: str
    title: str
    body: NotRequired[str | None]
    created_at: str


class NoteDeleted(TypedDict):
    type: Literal["note_deleted"]
    id: str


class NoteList(TypedDict):
    data: list[Note]
    next_page: str | None


class CommentEvent(TypedDict):
    type: Literal["comment"]
    id: NotRequired[str]
    text: str


class LikeEvent(TypedDict):
    type: Literal["like"]
    id: NotRequired[str]


class Error(TypedDict):
    type: str
    message: str


class ErrorEnvelope(TypedDict):
    type: Literal["error"]
    error: Error
    request_id: str


NoteEvent: TypeAlias = CommentEvent | LikeEvent
