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


T = TypeVar("T", bound="AgentThreadMessageReceivedEvent")


@_attrs_define
class AgentThreadMessageReceivedEvent:
    """A message this Thread received from another Thread; it starts a turn of the receiver, like a `user.message`.

    Attributes:
        type_ (Literal['agent.thread_message_received']): Always `agent.thread_message_received`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the event was processed.
        created_at (datetime.datetime): When the event was committed.
        from_session_thread_id (str): The sending Thread.
        content (list[TextBlock]): The message text.
        session_thread_id (None | str | Unset): The Thread the event is about.
        from_agent_name (None | str | Unset): The sending Thread's Agent name.
    """

    type_: Literal["agent.thread_message_received"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    from_session_thread_id: str
    content: list[TextBlock]
    session_thread_id: None | str | Unset = UNSET
    from_agent_name: None | str | Unset = UNSET
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

        from_session_thread_id = self.from_session_thread_id

        content = []
        for content_item_data in self.content:
            content_item = content_item_data.to_dict()
            content.append(content_item)

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        from_agent_name: None | str | Unset
        if isinstance(self.from_agent_name, Unset):
            from_agent_name = UNSET
        else:
            from_agent_name = self.from_agent_name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
                "from_session_thread_id": from_session_thread_id,
                "content": content,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id
        if from_agent_name is not UNSET:
            field_dict["from_agent_name"] = from_agent_name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.text_block import TextBlock

        d = dict(src_dict)
        type_ = cast(Literal["agent.thread_message_received"], d.pop("type"))
        if type_ != "agent.thread_message_received":
            raise ValueError(f"type must match const 'agent.thread_message_received', got '{type_}'")

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

        from_session_thread_id = d.pop("from_session_thread_id")

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

        def _parse_from_agent_name(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        from_agent_name = _parse_from_agent_name(d.pop("from_agent_name", UNSET))

        agent_thread_message_received_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            from_session_thread_id=from_session_thread_id,
            content=content,
            session_thread_id=session_thread_id,
            from_agent_name=from_agent_name,
        )

        agent_thread_message_received_event.additional_properties = d
        return agent_thread_message_received_event

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
