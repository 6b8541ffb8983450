# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Pydantic v2 wire models, one per ``components/schemas`` entry of openapi/mango.yaml."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, RootModel
from typing_extensions import TypeAliasType


class Health(BaseModel):
    status: Annotated[Literal["ok"], Field(description="Always ok.")]


MetadataAdditionalProperty = TypeAliasType("MetadataAdditionalProperty", Annotated[str, Field(max_length=512)])


class NoteCreate(BaseModel):
    model_config = ConfigDict(
        extra="forbid",
    )
    title: Annotated[str, Field(description="The title.", max_length=256, min_length=1)]
    body: Annotated[str | None, Field(description="Optional body.", max_length=10000)] = None
    metadata: Annotated[
        dict[str, MetadataAdditionalProperty] | None, Field(description="String pairs.", max_length=16)
    ] = None


class Note(BaseModel):
    type: Annotated[Literal["note"], Field(description="Always note.")]
    id: Annotated[str, Field(description="The id.", max_length=64)]
    title: Annotated[str, Field(description="The title.", max_length=256)]
    body: Annotated[str | None, Field(description="The body.", max_length=10000)] = None
    created_at: Annotated[AwareDatetime, Field(description="Creation time.")]


class NoteDeleted(BaseModel):
    type: Annotated[Literal["note_deleted"], Field(description="Always note_deleted.")]
    id: Annotated[str, Field(description="The id.", max_length=64)]


class NoteList(BaseModel):
    data: Annotated[list[Note], Field(description="The notes.", max_length=100)]
    next_page: Annotated[str | None, Field(description="Cursor for the next page.", max_length=512)]


class CommentEvent(BaseModel):
    type: Annotated[Literal["comment"], Field(description="Always comment.")]
    id: Annotated[str | None, Field(description="Event id, set by the server.", max_length=64)] = None
    text: Annotated[str, Field(description="The comment.", max_length=1000)]


class LikeEvent(BaseModel):
    type: Annotated[Literal["like"], Field(description="Always like.")]
    id: Annotated[str | None, Field(description="Event id, set by the server.", max_length=64)] = None


class Error(BaseModel):
    type: Annotated[str, Field(description="Stable error type.", max_length=64)]
    message: Annotated[str, Field(description="What was wrong.", max_length=4096)]


class ErrorEnvelope(BaseModel):
    type: Annotated[Literal["error"], Field(description="Always error.")]
    error: Error
    request_id: Annotated[str, Field(description="The request id.", max_length=64)]


class NoteEvent(RootModel[CommentEvent | LikeEvent]):
    root: Annotated[CommentEvent | LikeEvent, Field(discriminator="type")]
