# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Synchronous resource namespaces of the Mango API, one class per operationId prefix.

``client.notes.events.stream(note_id)`` is operation ``notes.events.stream``. Path parameters
are positional (parent first); query parameters and JSON body fields are keyword arguments
(nested objects as attrs models or plain mappings). Every method delegates to the transport
in ``mango._base_client``; nothing here sends requests itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from mango._base_client import (
    NOT_GIVEN,
    FileInput,
    NotGiven,
    SyncAPIClient,
    SyncAPIResource,
    SyncPager,
    SyncStream,
    Timeout,
    raw_bytes,
)

from . import unions as _unions
from .models import (
    Health,
    Note,
    NoteDeleted,
    NotesEventsSendResponse200,
)

__all__ = [
    "MangoResources",
    "NotesContentResource",
    "NotesEventsResource",
    "NotesResource",
    "SystemResource",
]


class NotesResource(SyncAPIResource):
    """Operations under ``notes``."""

    def __init__(self, client: SyncAPIClient) -> None:
        super().__init__(client)
        self.content = NotesContentResource(client)
        self.events = NotesEventsResource(client)

    def create(
        self,
        *,
        title: str,
        body: str | None | NotGiven = NOT_GIVEN,
        metadata: Mapping[str, Any] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Note:
        """Create a note.

        ``POST /v1/notes`` (operation ``notes.create``).
        """
        return self._client._request(
            "POST",
            "/v1/notes",
            cast=Note.from_dict,
            body={
                "title": title,
                "body": body,
                "metadata": metadata,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def delete(
        self,
        note_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> NoteDeleted:
        """Delete a note.

        ``DELETE /v1/notes/{note_id}`` (operation ``notes.delete``).
        """
        return self._client._request(
            "DELETE",
            "/v1/notes/{note_id}",
            cast=NoteDeleted.from_dict,
            path_params={
                "note_id": note_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def get(
        self,
        note_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Note:
        """Get a note.

        ``GET /v1/notes/{note_id}`` (operation ``notes.get``).
        """
        return self._client._request(
            "GET",
            "/v1/notes/{note_id}",
            cast=Note.from_dict,
            path_params={
                "note_id": note_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def list(
        self,
        *,
        limit: int | NotGiven = NOT_GIVEN,
        page: str | NotGiven = NOT_GIVEN,
        tags: Sequence[str] | NotGiven = NOT_GIVEN,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncPager[Note]:
        """List notes.

        ``GET /v1/notes`` (operation ``notes.list``).
        """
        return self._client._paginate(
            "GET",
            "/v1/notes",
            item=Note.from_dict,
            query={
                "limit": limit,
                "page": page,
                "tags[]": tags,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class NotesContentResource(SyncAPIResource):
    """Operations under ``notes.content``."""

    def download(
        self,
        note_id: str,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> bytes:
        """Download the note's bytes.

        ``GET /v1/notes/{note_id}/content`` (operation ``notes.content.download``).
        """
        return self._client._request(
            "GET",
            "/v1/notes/{note_id}/content",
            cast=raw_bytes,
            binary=True,
            path_params={
                "note_id": note_id,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def upload(
        self,
        note_id: str,
        *,
        file: FileInput,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Note:
        """Upload bytes for the note.

        ``POST /v1/notes/{note_id}/content`` (operation ``notes.content.upload``).
        """
        return self._client._request(
            "POST",
            "/v1/notes/{note_id}/content",
            cast=Note.from_dict,
            path_params={
                "note_id": note_id,
            },
            files={
                "file": file,
            },
            headers=extra_headers,
            timeout=timeout,
        )


class NotesEventsResource(SyncAPIResource):
    """Operations under ``notes.events``."""

    def send(
        self,
        note_id: str,
        *,
        events: Sequence[_unions.NoteEvent | Mapping[str, Any]],
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> NotesEventsSendResponse200:
        """Send events.

        ``POST /v1/notes/{note_id}/events`` (operation ``notes.events.send``).
        """
        return self._client._request(
            "POST",
            "/v1/notes/{note_id}/events",
            cast=NotesEventsSendResponse200.from_dict,
            path_params={
                "note_id": note_id,
            },
            body={
                "events": events,
            },
            headers=extra_headers,
            timeout=timeout,
        )

    def stream(
        self,
        note_id: str,
        *,
        last_event_id: str | None = None,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> SyncStream[_unions.NoteEvent | dict[str, Any]]:
        """Stream events (SSE).

        ``GET /v1/notes/{note_id}/events/stream`` (operation ``notes.events.stream``).
        """
        return self._client._stream(
            "GET",
            "/v1/notes/{note_id}/events/stream",
            event=_unions.decode_note_event,
            path_params={
                "note_id": note_id,
            },
            last_event_id=last_event_id,
            headers=extra_headers,
            timeout=timeout,
        )


class SystemResource(SyncAPIResource):
    """Operations under ``system``."""

    def health(
        self,
        *,
        extra_headers: Mapping[str, str] | None = None,
        timeout: Timeout | NotGiven = NOT_GIVEN,
    ) -> Health:
        """Liveness.

        ``GET /v1/health`` (operation ``system.health``).
        """
        return self._client._request(
            "GET",
            "/v1/health",
            cast=Health.from_dict,
            headers=extra_headers,
            timeout=timeout,
        )


class MangoResources:
    """The top-level namespaces of ``mango.Mango``."""

    def __init__(self, client: SyncAPIClient) -> None:
        self.notes = NotesResource(client)
        self.system = SystemResource(client)
