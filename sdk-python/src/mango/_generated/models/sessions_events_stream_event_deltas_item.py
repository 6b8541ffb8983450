# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from typing import Literal

SessionsEventsStreamEventDeltasItem = Literal["agent.message", "agent.thinking"]

SESSIONS_EVENTS_STREAM_EVENT_DELTAS_ITEM_VALUES: set[SessionsEventsStreamEventDeltasItem] = {
    "agent.message",
    "agent.thinking",
}


def check_sessions_events_stream_event_deltas_item(value: str) -> SessionsEventsStreamEventDeltasItem:
    if value in SESSIONS_EVENTS_STREAM_EVENT_DELTAS_ITEM_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {SESSIONS_EVENTS_STREAM_EVENT_DELTAS_ITEM_VALUES!r}")
