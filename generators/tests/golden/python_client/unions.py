# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
"""Discriminated unions of the Mango API: type aliases and decoders.

A decoder dispatches on the discriminator and returns the matching attrs model; a value it does
not know (a newer server) passes through untouched as the raw ``dict``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeAlias

from mango._base_client import decode_union

from .models import (
    CommentEvent,
    LikeEvent,
)

__all__ = [
    "NoteEvent",
    "decode_note_event",
]

NoteEvent: TypeAlias = CommentEvent | LikeEvent
"""One ``NoteEvent`` variant."""

_NOTE_EVENT_VARIANTS: dict[str, Callable[[Any], NoteEvent]] = {
    "comment": CommentEvent.from_dict,
    "like": LikeEvent.from_dict,
}


def decode_note_event(data: Any) -> NoteEvent | dict[str, Any]:
    """Decode one ``NoteEvent``; an unknown ``type`` passes through as the raw dict."""
    return decode_union(data, "type", _NOTE_EVENT_VARIANTS)
