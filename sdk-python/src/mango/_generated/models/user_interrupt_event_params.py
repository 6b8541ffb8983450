# This file is @generated from openapi/mango.yaml by generators/. DO NOT EDIT.
from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="UserInterruptEventParams")


@_attrs_define
class UserInterruptEventParams:
    """Interrupt the running turn.

    Attributes:
        type_ (Literal['user.interrupt']): Always `user.interrupt`.
        session_thread_id (None | str | Unset): The thread to interrupt; absent interrupts every thread.
    """

    type_: Literal["user.interrupt"]
    session_thread_id: None | str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        session_thread_id: None | str | Unset
        if isinstance(self.session_thread_id, Unset):
            session_thread_id = UNSET
        else:
            session_thread_id = self.session_thread_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if session_thread_id is not UNSET:
            field_dict["session_thread_id"] = session_thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["user.interrupt"], d.pop("type"))
        if type_ != "user.interrupt":
            raise ValueError(f"type must match const 'user.interrupt', got '{type_}'")

        def _parse_session_thread_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        session_thread_id = _parse_session_thread_id(d.pop("session_thread_id", UNSET))

        user_interrupt_event_params = cls(
            type_=type_,
            session_thread_id=session_thread_id,
        )

        return user_interrupt_event_params
