# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.document_block import DocumentBlock
    from ..models.image_block import ImageBlock
    from ..models.text_block import TextBlock


T = TypeVar("T", bound="UserMessageEvent")


@_attrs_define
class UserMessageEvent:
    """A user turn (queued FIFO; may be sent while running).

    Attributes:
        type_ (Literal['user.message']): Always `user.message`.
        id (str): The event id (`sevt_...`).
        processed_at (datetime.datetime | None): When the agent consumed the event; null while queued.
        created_at (datetime.datetime): When the event was committed.
        content (list[DocumentBlock | ImageBlock | TextBlock]): Text, image and document blocks.
        session_thread_id (None | str | Unset): The Thread the event belongs to (the primary Thread's id on primary
            events).
    """

    type_: Literal["user.message"]
    id: str
    processed_at: datetime.datetime | None
    created_at: datetime.datetime
    content: list[DocumentBlock | ImageBlock | TextBlock]
    session_thread_id: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.image_block import ImageBlock
        from ..models.text_block import TextBlock

        type_ = self.type_

        id = self.id

        processed_at: None | str
        if isinstance(self.processed_at, datetime.datetime):
            processed_at = self.processed_at.isoformat()
        else:
            processed_at = self.processed_at

        created_at = self.created_at.isoformat()

        content = []
        for content_item_data in self.content:
            content_item: dict[str, Any]
            if isinstance(content_item_data, TextBlock) or isinstance(content_item_data, ImageBlock):
                content_item = content_item_data.to_dict()
            else:
                content_item = content_item_data.to_dict()

            content.append(content_item)

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "type": type_,
                "id": id,
                "processed_at": processed_at,
                "created_at": created_at,
                "content": content,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.document_block import DocumentBlock
        from ..models.image_block import ImageBlock
        from ..models.text_block import TextBlock

        d = dict(src_dict)
        type_ = cast(Literal["user.message"], d.pop("type"))
        if type_ != "user.message":
            raise ValueError(f"type must match const 'user.message', got '{type_}'")

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

        content = []
        _content = d.pop("content")
        for content_item_data in _content:

            def _parse_content_item(data: object) -> DocumentBlock | ImageBlock | TextBlock:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_user_content_block_type_0 = TextBlock.from_dict(data)

                    return componentsschemas_user_content_block_type_0
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    componentsschemas_user_content_block_type_1 = ImageBlock.from_dict(data)

                    return componentsschemas_user_content_block_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_user_content_block_type_2 = DocumentBlock.from_dict(data)

                return componentsschemas_user_content_block_type_2

            content_item = _parse_content_item(content_item_data)

            content.append(content_item)

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        user_message_event = cls(
            type_=type_,
            id=id,
            processed_at=processed_at,
            created_at=created_at,
            content=content,
            session_thread_id=session_thread_id,
        )

        user_message_event.additional_properties = d
        return user_message_event

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
