# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Contains all the data models used in inputs/outputs"""

from .comment_event import CommentEvent
from .error_envelope import ErrorEnvelope
from .error_envelope_error import ErrorEnvelopeError
from .health import Health
from .health_status import HealthStatus
from .like_event import LikeEvent
from .note import Note
from .note_create import NoteCreate
from .note_create_metadata import NoteCreateMetadata
from .note_deleted import NoteDeleted
from .note_list import NoteList
from .notes_content_upload_body import NotesContentUploadBody
from .notes_events_send_body import NotesEventsSendBody
from .notes_events_send_response_200 import NotesEventsSendResponse200

__all__ = (
    "CommentEvent",
    "ErrorEnvelope",
    "ErrorEnvelopeError",
    "Health",
    "HealthStatus",
    "LikeEvent",
    "Note",
    "NoteCreate",
    "NoteCreateMetadata",
    "NoteDeleted",
    "NoteList",
    "NotesContentUploadBody",
    "NotesEventsSendBody",
    "NotesEventsSendResponse200",
)
