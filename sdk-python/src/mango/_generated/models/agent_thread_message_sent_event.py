# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.text_block import TextBlock


T = TypeVar("T", bound="AgentThreadMessageSentEvent")


@_attrs_define
class AgentThreadMessageSentEvent:
    """A message this Thread sent to another Thread (a delegation, a follow-up or a report).

    Attributes:
        type_ (Literal['agent.thread_message_sent']): Always `agent.thread_message_sent`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the event was processed.
        created_at (datetime.datetime): When the event was committed.
        to_session_thread_id (str): The receiving Thread.
        content (list[TextBlock]): The message text.
        session_thread_id (None | str | Unset): The Thread the event is about.
        to_agent_name (None | str | Unset): The receiving Thread's Agent name.
    """

    type_: Literal["agent.thread_message_sent"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    to_session_thread_id: str
    content: list[TextBlock]
    session_thread_id: None | str | Unset = UNSET
    to_agent_name: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        to_session_thread_id = self.to_session_thread_id

        content = []
        for content_item_data in self.content:
            content_item = content_item_data.to_dict()
            content.append(content_item)

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        to_agent_name: None | str | Unset
        if isinstance(self.to_agent_name, Unset):
            to_agent_name = UNSET
        else:
            to_agent_name = self.to_agent_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
                "to_session_thread_id": to_session_thread_id,
                "content": content,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id
        if to_agent_name is not UNSET:
            field_dict["to_agent_name"] = to_agent_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.text_block import TextBlock

        d = dict(src_dict)
        type_ = cast(Literal["agent.thread_message_sent"], d.pop("type"))
        if type_ != "agent.thread_message_sent":
            raise ValueError(f"type must match const 'agent.thread_message_sent', got '{type_}'")

        id = d.pop("id")

        def _parse_processed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                processed_at_type_0 = datetime.datetime.fromisoformat(data)

                return processed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        processed_at = _parse_processed_at(d.pop("processed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        to_session_thread_id = d.pop("to_session_thread_id")

        content = []
        _content = d.pop("content")
        for content_item_data in _content:
            content_item = TextBlock.from_dict(content_item_data)

            content.append(content_item)

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        def _parse_to_agent_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        to_agent_name = _parse_to_agent_name(d.pop("to_agent_name", UNSET))

        agent_thread_message_sent_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            to_session_thread_id=to_session_thread_id,
            content=content,
            session_thread_id=session_thread_id,
            to_agent_name=to_agent_name,
        )

        agent_thread_message_sent_event.additional_properties = d
        return agent_thread_message_sent_event

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
