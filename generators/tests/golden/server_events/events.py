# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""The typed payloads of the events the ledger stores: one class per member of ``NoteEvent``.

Each class holds an event's properties minus the ledger's envelope, the columns every row has
(``type``, ``id``, ``processed_at``, ``created_at``, ``session_thread_id``).
``TYPE`` names its event type and ``payload()`` builds the JSON object the ledger stores,
properties in spec order: an optional property the spec forbids as null is left out when None,
a nullable optional property only when it is ``OMITTED``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Literal, TypeAlias

from . import wire

__all__ = [
    "CommentEvent",
    "EVENT_TYPES",
    "EventPayload",
    "EventType",
    "LikeEvent",
    "OMITTED",
    "Omitted",
]


class Omitted(enum.Enum):
    """The value of a nullable optional property that the stored object leaves out."""

    OMITTED = "OMITTED"


OMITTED: Final = Omitted.OMITTED

EventType: TypeAlias = Literal[
    "comment", "like",
]
"""Every event type the ledger stores."""

EVENT_TYPES: tuple[EventType, ...] = (
    "comment", "like",
)


@dataclass(frozen=True, slots=True, kw_only=True)
class CommentEvent:
    """comment"""

    TYPE: ClassVar[Literal["comment"]] = "comment"

    #: The comment.
    text: str

    def payload(self) -> dict[str, Any]:
        return {"text": self.text}


@dataclass(frozen=True, slots=True, kw_only=True)
class LikeEvent:
    """like"""

    TYPE: ClassVar[Literal["like"]] = "like"

    def payload(self) -> dict[str, Any]:
        return {}


EventPayload: TypeAlias = (
    CommentEvent | LikeEvent
)
"""The payload of any event the ledger stores."""
